"""What a prober found a table's phone could do, closed: "not played" as a way to race
ahead, a wrong type read as a number, TD calls without end, a refusal echoing markup raw,
a body of any size, a traceback in the log for every refused request."""

from __future__ import annotations

import io
import json
import logging
import sys
import uuid
from collections.abc import Callable, Iterator

import pytest
from django.test import Client
from django.utils import timezone

from bridgescore.web import entries, in_play
from bridgescore.web.failures import MOST_BODY, OneLine
from bridgescore.web.models import Entry, LogLine, Session, TableCall, TableLink
from bridgescore.web.table.entry import CALLS_AN_HOUR
from web.posting import send_entry

Link = Callable[[int], TableLink]
Phone = Callable[[TableLink], Client]

MADE = {"contract": "4S", "declarer": "N", "result": "="}


def _keep(device: Client, table: TableLink, rnd: int, board: int) -> dict[str, object]:
    return send_entry(device, table.token, round=rnd, board=board, confirm="1", **MADE)


# --- "not played" needs the director ------------------------------------------------------


def test_not_played_is_an_ask_to_the_director_not_a_result(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    preview = send_entry(device, table.token, round=1, board=1, not_played="1")
    assert (preview["http"], preview["preview"], preview["asked"]) == (
        200, "Not played: the director is asked to agree", True,
    )  # fmt: skip
    asked = send_entry(device, table.token, round=1, board=1, not_played="1", confirm="1")
    assert (asked["http"], asked["status"], asked["board"], asked["round"]) == (200, "asked", 1, 1)
    assert Entry.objects.filter(session=session).count() == 0  # nothing kept as a result
    ask = TableCall.objects.get(session=session)
    assert (ask.kind, ask.table, ask.round, ask.board, ask.answered) == (
        TableCall.Kind.NOT_PLAYED, 1, 1, 1, None,
    )  # fmt: skip
    assert str(ask.entry_id) == asked["entry_id"]
    logged = LogLine.objects.filter(session=session, what="not played asked").get()
    assert logged.text == "not played asked: table 1, round 1: board 1"


def test_a_table_cannot_race_ahead_by_asking_boards_not_played(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    for board in (1, 2):  # every board of round 1 asked
        assert send_entry(device, table.token, round=1, board=board, not_played="1",
                          confirm="1")["status"] == "asked"  # fmt: skip
    assert in_play.table_round(session, 1) == 1  # still round 1: nothing entered
    ahead = send_entry(device, table.token, round=2, board=3, not_played="1", confirm="1")
    assert ahead["http"] == 422
    assert "this table is playing round 1" in str(ahead["error"])
    ahead = _keep(device, table, 2, 3)
    assert ahead["http"] == 422
    assert TableCall.objects.filter(session=session).count() == 2


def test_an_ask_sent_twice_or_again_for_its_board_is_one_ask(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    entry_id = str(uuid.uuid4())
    first = send_entry(device, table.token, round=1, board=1, not_played="1", confirm="1",
                       entry_id=entry_id)  # fmt: skip
    again = send_entry(device, table.token, round=1, board=1, not_played="1", confirm="1",
                       entry_id=entry_id)  # fmt: skip
    other = send_entry(device, table.token, round=1, board=1, not_played="1", confirm="1",
                       entry_id=str(uuid.uuid4()))  # fmt: skip
    assert first["status"] == "asked"
    assert (again["status"], again["entry_id"]) == ("already asked", entry_id)
    assert (other["status"], other["entry_id"]) == ("already asked", entry_id)
    assert TableCall.objects.filter(session=session).count() == 1
    assert LogLine.objects.filter(session=session, what="not played asked").count() == 1


def test_a_board_asked_then_played_after_all_answers_the_ask(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    send_entry(device, table.token, round=1, board=1, not_played="1", confirm="1")
    assert _keep(device, table, 1, 1)["status"] == "accepted"
    ask = TableCall.objects.get(session=session)
    assert ask.answered is not None
    assert in_play.current_entries(session)[(1, 1, 1)].kind == Entry.Kind.RESULT


def test_an_ask_after_the_close_is_refused_as_the_session_is_closed(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    entries.change_state(session, Session.State.CLOSED)
    closed = send_entry(device, table.token, round=1, board=1, not_played="1", confirm="1")
    assert closed["http"] == 410
    assert not TableCall.objects.exists()


def test_a_board_sent_to_the_opponents_as_not_played_is_an_ask_too(
    session: Session, link: Link, phone: Phone
) -> None:
    """The opponents' phone cannot agree to "not played": only the director can."""
    table = link(1)
    device = phone(table)
    sent = send_entry(device, table.token, round=1, board=2, not_played="1", pending="1")
    assert (sent["http"], sent["status"]) == (200, "asked")
    assert not session.pending.exists()


# --- types strict -------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["board", "round", "level", "result", "contract", "lead"])
def test_json_true_is_refused_in_a_field_that_is_not_yes_or_no(
    session: Session, link: Link, phone: Phone, field: str
) -> None:
    table = link(1)
    device = phone(table)
    fields: dict[str, object] = {"round": 1, "board": 1, **MADE, field: True}
    refused = send_entry(device, table.token, **fields)
    assert refused["http"] == 400
    assert refused["error"] == f"'{field}' should be text or a number, not true or false"
    assert not Entry.objects.exists()


def test_json_true_and_false_are_read_in_the_yes_or_no_fields(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    preview = send_entry(device, table.token, round=1, board=1, confirm=False, pending=False,
                         **MADE)  # fmt: skip
    assert (preview["http"], preview["preview"]) == (200, "4SN=: NS +420")
    kept = send_entry(device, table.token, round=1, board=1, confirm=True, **MADE)
    assert (kept["http"], kept["status"]) == (200, "accepted")


# --- JSON refusals escaped ----------------------------------------------------------------


def test_a_json_refusal_carries_no_markup_raw(session: Session, link: Link, phone: Phone) -> None:
    table = link(1)
    device = phone(table)
    body = json.dumps({"<script>alert(1)</script>": [1], "round": 1})
    answer = device.post(f"/t/{table.token}/entry/", body, content_type="application/json")
    assert answer.status_code == 400
    raw = answer.content.decode()
    assert "<" not in raw
    assert ">" not in raw
    assert "\\u003cscript\\u003e" in raw
    assert answer.json()["error"] == "'<script>alert(1)</script>' should be text or a number"


# --- TD calls limited ---------------------------------------------------------------------


def _call(device: Client, table: TableLink, note: str = "") -> dict[str, object]:
    answer = device.post(
        f"/t/{table.token}/call/", json.dumps({"note": note}), content_type="application/json"
    )
    body: dict[str, object] = answer.json()
    body["http"] = answer.status_code
    return body


def test_a_table_calling_again_while_its_call_is_open_makes_no_second_call(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(2)
    device = phone(table)
    answers = [_call(device, table, f"call {n}") for n in range(200)]
    assert answers[0] == {"http": 200, "status": "the director has been called", "call": True}
    assert {a["http"] for a in answers[1:]} == {200}
    assert "is on the way" in str(answers[1]["status"])
    calls = TableCall.objects.filter(session=session)
    assert [(c.table, c.note) for c in calls] == [(2, "call 0")]
    assert LogLine.objects.filter(session=session, what="TD call").count() == 1


def test_a_table_calls_at_most_a_dozen_times_an_hour(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(3)
    device = phone(table)
    for n in range(CALLS_AN_HOUR):
        assert _call(device, table, f"call {n}")["http"] == 200
        TableCall.objects.filter(session=session, answered=None).update(answered=timezone.now())
    refused = _call(device, table, "one more")
    assert refused == {"http": 429, "error": "too many calls from this table: raise your hand"}
    assert TableCall.objects.filter(session=session).count() == CALLS_AN_HOUR
    other = link(1)  # another table is not held back
    assert _call(phone(other), other)["http"] == 200


# --- request bodies bounded ---------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_before_it_is_read(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    huge = device.post(
        f"/t/{table.token}/entry/", "{}", content_type="application/json",
        CONTENT_LENGTH=str(1_000_000_000),
    )  # fmt: skip
    assert huge.status_code == 413
    assert huge.json() == {"error": "What was sent is too large."}
    page = Client().post("/login/", {"username": "x" * (MOST_BODY + 10)})
    assert page.status_code == 413
    assert "What was sent is too large." in page.content.decode()
    assert Client().post("/login/", {"username": "ann", "password": "x"}).status_code == 401


# --- a refused request is one line of the log ---------------------------------------------


@pytest.fixture
def server_log() -> Iterator[io.StringIO]:
    """What the server's console would print, through the settings' own formatter."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(OneLine("%(levelname)s %(name)s: %(message)s"))
    logger = logging.getLogger("django")
    logger.addHandler(handler)
    yield out
    logger.removeHandler(handler)


def test_refused_requests_are_one_line_each_in_the_log(db: None, server_log: io.StringIO) -> None:
    forged = Client(raise_request_exception=False, HTTP_HOST="evil.example")
    assert forged.get("/").status_code == 400
    many = {f"f{n}": "1" for n in range(2_100)}
    assert Client(raise_request_exception=False).post("/login/", many).status_code == 400
    big = Client().post("/login/", {"x": "y" * (MOST_BODY + 1)})
    assert big.status_code == 413
    lines = server_log.getvalue().splitlines()
    assert len(lines) == 3, lines
    assert "Traceback" not in server_log.getvalue()
    assert "evil.example" in lines[0]


def test_a_server_error_keeps_its_traceback() -> None:
    try:
        raise RuntimeError("the database went away")
    except RuntimeError:
        info = sys.exc_info()
    record = logging.LogRecord("django.request", logging.ERROR, __file__, 1,
                               "Internal Server Error: /x/", None, info)  # fmt: skip
    record.status_code = 500
    shown = OneLine("%(message)s").format(record)
    assert "Traceback" in shown
    assert "the database went away" in shown
