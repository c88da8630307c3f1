"""The server killed with SIGKILL mid-session: every acknowledged result survives, and the
phones' resends (the same ids) fill in the rest, each result once.

Sixty phones (and, at congress size, 120 in four sections of 30) enter their boards of
the first rounds one after another, as fast as the server answers; when a third of the
results are acknowledged the server is killed (no clean-up). The database is read while
the server is down: every result acknowledged before the kill is there. The phones keep
resending what got no answer; the server is started again on the same database, and
afterwards each (round, table, board) has exactly one entry, with the id its phone gave
it.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from load.load_harness import (
    FOUR_SECTIONS,
    SIXTY_TABLES,
    AnswerLostError,
    Key,
    Phone,
    Server,
    entry_for,
    prepared_field,
    stored,
)

FIELDS = {
    "60 tables": (SIXTY_TABLES, 3),
    "120 tables in 4 sections": (FOUR_SECTIONS, 1),
}
"""Each field and the rounds it enters (2 boards a round)."""
PATIENCE = 90.0
"""Seconds a phone keeps resending before the test gives up on it."""


@pytest.mark.parametrize("field", sorted(FIELDS))
def test_sigkill_mid_session_keeps_every_acknowledged_result(
    field: str, database: str, tmp_path: Path
) -> None:
    prepared, plan = prepared_field(tmp_path, database, *FIELDS[field])
    assert len(plan) == int(field.split()[0])
    keys = [key for table in plan for key in plan[table]]
    server = Server(tmp_path, database)
    server.start()
    phones = {table: Phone(server.port, prepared.tokens[table], timeout=10) for table in plan}
    acknowledged: dict[Key, str] = {}  # the status of each result's first 200 answer
    refused: list[str] = []
    lost = [0]
    lock = threading.Lock()
    give_up = time.monotonic() + PATIENCE

    def table_plays(table: int) -> None:
        phone = phones[table]
        for key in plan[table]:
            entry = entry_for(prepared.public_id, key)
            while time.monotonic() < give_up:
                try:
                    status, answer = phone.send(entry)
                except AnswerLostError:
                    with lock:
                        lost[0] += 1
                    time.sleep(0.05)  # the phone's queue tries again
                    continue
                with lock:
                    if status == 200:
                        acknowledged[key] = str(answer["status"])
                    else:
                        refused.append(f"{key}: HTTP {status} {answer}")
                break

    try:
        for phone in phones.values():
            phone.open()
        threads = [threading.Thread(target=table_plays, args=(t,)) for t in plan]
        for thread in threads:
            thread.start()
        while len(acknowledged) < len(keys) // 3 and time.monotonic() < give_up:
            time.sleep(0.01)
        server.kill()
        with lock:
            before_kill = dict(acknowledged)
        down = stored(database, prepared.session_id)  # read while the server is down
        time.sleep(0.5)  # the phones find no server and keep their results queued
        server.start()
        for thread in threads:
            thread.join(timeout=PATIENCE)
        assert not any(thread.is_alive() for thread in threads), "phones still resending"
    finally:
        for phone in phones.values():
            phone.close()
        server.stop()

    assert refused == []
    assert len(keys) // 3 <= len(before_kill) < len(keys)  # killed mid-stream
    kept_while_down = {str(e.entry_id) for e in down}
    for key in before_kill:  # every acknowledged result was committed before its answer
        assert entry_for(prepared.public_id, key)["entry_id"] in kept_while_down, key
    assert len(before_kill) <= len(down) < len(keys)
    assert lost[0] > 0  # the phones did lose answers, and resent
    assert sorted(acknowledged) == sorted(keys)  # every phone got through in the end

    log = stored(database, prepared.session_id)
    assert sorted(e.key for e in log) == sorted(keys)  # exactly one entry per result
    assert {str(e.entry_id) for e in log} == {
        entry_for(prepared.public_id, key)["entry_id"] for key in keys
    }
    assert {e.entry_id for e in down} <= {e.entry_id for e in log}
