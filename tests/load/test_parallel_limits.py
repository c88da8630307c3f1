"""Limits that must hold when requests come at once, against the real server (several
worker processes) on SQLite and PostgreSQL: wrong passwords and wrong table codes sent in
parallel are counted before any is checked, so no more than the limit are ever checked
(a phone's wrong codes at a table; other phones are not held back by them);
a close orders itself with the entries being written, so every result acknowledged is in
the closed session and none is kept after it."""

from __future__ import annotations

import subprocess
import threading
import time
import urllib.parse
from collections import Counter
from pathlib import Path

from bridgescore.web.public.pages import LOGIN_ATTEMPTS
from bridgescore.web.table.codes import CODE_TRIES
from load.load_harness import (
    BIN,
    AnswerLostError,
    Phone,
    Server,
    entry_for,
    environment,
    prepare,
    schedule,
    stored,
)

SOME = 30
"""Results acknowledged before the director closes the session (of 264 to send)."""
PACE = 0.05
"""Seconds between a table's results once the close is asked for: the 234 or so still to
come take at least a second, while the close is made (all of them were once in before
it, the server having become quicker)."""
AT_ONCE = 24
"""Requests sent together, each on its own connection."""


def _form(phone: Phone, path: str, fields: dict[str, str]) -> int:
    """Post a form as a browser would (the CSRF cookie and field from a first GET)."""
    body = urllib.parse.urlencode(
        {**fields, "csrfmiddlewaretoken": phone.cookies.get("csrftoken", "")}
    ).encode()
    status, _ = phone._request(
        "POST",
        path,
        body,
        {
            "Content-Type": "application/x-www-form-urlencoded",
            "Referer": f"http://127.0.0.1:{phone.port}{path}",
        },
    )
    return status


def _all_at_once(phones: list[Phone], path: str, fields: dict[str, str]) -> Counter[int]:
    """Every phone posts the form at the same instant; the statuses counted."""
    start = threading.Barrier(len(phones))
    statuses: Counter[int] = Counter()
    lock = threading.Lock()

    def one(phone: Phone) -> None:
        start.wait()
        status = _form(phone, path, fields)
        with lock:
            statuses[status] += 1

    threads = [threading.Thread(target=one, args=(p,)) for p in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return statuses


def test_parallel_wrong_passwords_and_codes_pass_no_more_than_the_limit(
    database: str, tmp_path: Path
) -> None:
    prepared = prepare(tmp_path, database, "mitchell:3x2")
    server = Server(tmp_path, database, workers=2)
    server.start()
    try:
        token = prepared.tokens[1]
        phones = [Phone(server.port, token) for _ in range(AT_ONCE)]
        for phone in phones:
            status, _ = phone.get("/login/")
            assert status == 200
        login = _all_at_once(phones, "/login/", {"username": "td", "password": "guess"})
        # the wrong passwords checked (401) are at most the limit; the rest refused unread
        assert login[401] <= LOGIN_ATTEMPTS, login
        assert login[401] + login[429] == AT_ONCE, login
        assert login[429] >= AT_ONCE - LOGIN_ATTEMPTS

        holder = Phone(server.port, token)
        holder.open()
        for phone in phones:
            status, _ = phone.get(f"/t/{token}/")
            assert status == 409  # the page for East-West: the table is held
        # one phone's wrong codes sent at once on many connections: no more than its
        # limit at the table are checked, the rest refused unread
        guesser = phones[0]
        same = [guesser.twin() for _ in range(AT_ONCE)]
        codes = _all_at_once(same, f"/t/{token}/takeover/", {"code": "000000"})
        assert sum(codes.values()) == AT_ONCE
        assert set(codes) <= {403, 423, 429}, codes
        checked = _wrong_codes_logged(database)  # the 403s and the last one (423)
        assert codes[403] <= checked <= CODE_TRIES, (codes, checked)
        # as many other phones at once, a wrong code each: each is checked (none is over
        # a limit), and none locks the table's own players out
        others = _all_at_once(phones[1:], f"/t/{token}/confirm/", {"code": "000000"})
        assert others == Counter({403: AT_ONCE - 1}), others
        assert _wrong_codes_logged(database) == checked + AT_ONCE - 1
        right = _right_code(database, prepared.session_id)
        # locked out once its limit was checked (tries refused unread are not kept: a burst
        # that all came over the limit at once checked nothing and leaves nothing)
        answer = _form(guesser, f"/t/{token}/takeover/", {"code": right})
        assert answer == 423 if checked == CODE_TRIES else answer in {302, 423}, answer
        late = Phone(server.port, token)
        late.get(f"/t/{token}/confirm/")  # the code's page: its own id, the CSRF cookie
        assert _form(late, f"/t/{token}/confirm/", {"code": right}) == 302
        for phone in [*phones, *same, holder, late]:
            phone.close()
    finally:
        server.stop()


def _query(database: str, query: str, *values: object) -> tuple[object, ...]:
    """One row of ``query`` (written with ``{}`` for each value's place) on the server's
    database."""
    if database.startswith("sqlite:///"):
        import sqlite3

        with sqlite3.connect(database.removeprefix("sqlite:///")) as db:
            row = db.execute(query.format(*["?"] * len(values)), values).fetchone()
    else:
        import psycopg

        with psycopg.connect(database) as pg:
            row = pg.execute(query.format(*["%s"] * len(values)), values).fetchone()
    assert row is not None
    return tuple(row)


def _wrong_codes_logged(database: str) -> int:
    """The wrong codes the server checked (each is logged as "wrong code (try n ...)")."""
    query = "SELECT count(*) FROM bridgescore_logline WHERE detail LIKE {}"
    return int(str(_query(database, query, "%wrong code (try%")[0]))


def _right_code(database: str, session_id: int) -> str:
    query = 'SELECT code FROM bridgescore_tablelink WHERE session_id = {} AND "table" = 1'
    return str(_query(database, query, session_id)[0])


_CLOSE = r"""
import sys
from bridgescore.web.serve import setup
setup(sys.argv[1])
from bridgescore.web import entries
from bridgescore.web.models import Session
session = Session.objects.get(pk=int(sys.argv[2]))
print("ready", flush=True)
sys.stdin.readline()  # the test says when
entries.change_state(session, "closed")
print("closed", flush=True)
"""


def test_a_close_keeps_every_result_acknowledged_before_it_and_none_after(
    database: str, tmp_path: Path
) -> None:
    spec = "mitchell:12x2"
    prepared = prepare(tmp_path, database, spec)
    plan = schedule(spec)
    server = Server(tmp_path, database, workers=2)
    server.start()
    acknowledged: set[str] = set()
    unanswered: set[str] = set()
    after_close: Counter[int] = Counter()
    closed = threading.Event()
    some_in = threading.Event()
    lock = threading.Lock()
    try:

        def table_plays(table: int) -> None:
            phone = Phone(server.port, prepared.tokens[table], timeout=20)
            phone.open()
            for key in plan[table]:
                if some_in.is_set():  # the close asked for: the rest come on, paced, while
                    time.sleep(PACE)  # it is made (quicker results must not all be in first)
                entry = entry_for(prepared.public_id, key)
                was_closed = closed.is_set()
                try:
                    status, answer = phone.send(entry)
                except AnswerLostError:
                    with lock:
                        unanswered.add(entry["entry_id"])
                    continue
                with lock:
                    if status == 200:
                        acknowledged.add(answer["entry_id"])
                        if len(acknowledged) >= SOME:
                            some_in.set()
                    if was_closed:
                        after_close[status] += 1
                if status == 410:
                    break
            phone.close()

        director = subprocess.Popen(
            [str(BIN / "python"), "-c", _CLOSE, database, str(prepared.session_id)],
            env=environment(tmp_path),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert director.stdout is not None
        assert director.stdin is not None
        assert director.stdout.readline().strip() == "ready"
        threads = [threading.Thread(target=table_plays, args=(t,)) for t in plan]
        for thread in threads:
            thread.start()
        assert some_in.wait(timeout=60)  # some results in, many on their way
        director.stdin.write("close\n")
        director.stdin.flush()
        assert director.stdout.readline().strip() == "closed"
        closed.set()
        assert director.wait(timeout=60) == 0
        director.stdin.close()
        director.stdout.close()
        for thread in threads:
            thread.join(timeout=120)
    finally:
        server.stop()
    kept = {str(s.entry_id) for s in stored(database, prepared.session_id)}
    assert acknowledged <= kept  # every result acknowledged is in the closed session
    assert kept <= acknowledged | unanswered  # nothing kept that was refused
    assert 0 < len(kept) < sum(len(keys) for keys in plan.values())
    # once the close has committed, a table's result is refused: the link has expired
    assert set(after_close) <= {410}, after_close
