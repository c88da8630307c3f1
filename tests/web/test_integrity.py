"""A table can do only what its players may do: each attack a probe found, as a test.

The session is the fixtures' 3-table Mitchell, 2 boards a round: table 1 plays boards 1-2
in round 1, 3-4 in round 2 and 5-6 in round 3; table 2 plays 3-4 in round 1."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from bridgescore.web import entries, in_play
from bridgescore.web.forms import MOST_BOARDS, MOST_JSON_BYTES
from bridgescore.web.models import (
    Attempt,
    Entry,
    LogLine,
    PendingEntry,
    Session,
    TableCall,
    TableLink,
)
from bridgescore.web.public.pages import LOGIN_ATTEMPTS
from bridgescore.web.table.codes import CODE_TRIES, PHONE_TRIES
from web.conftest import HANDS
from web.posting import send_entry

Link = Callable[[int], TableLink]
Phone = Callable[[TableLink], Client]

MADE = {"contract": "4S", "declarer": "N", "result": "="}


def _keep(
    device: Client, table: TableLink, rnd: int, board: int, **fields: object
) -> dict[str, object]:
    return send_entry(device, table.token, round=rnd, board=board, confirm="1", **(fields or MADE))


# --- rounds: only the round the table is playing -----------------------------------------


def test_a_board_of_a_later_round_is_refused_naming_the_rounds(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    refusal = (
        "board 5 is played in round 3: this table is playing round 1,"
        " so enter round 1's boards first"
    )
    for how in ({"confirm": "1"}, {"pending": "1"}, {}):  # kept, sent to the opponents, preview
        answer = send_entry(device, table.token, round=3, board=5, **MADE, **how)
        assert answer == {"http": 422, "error": refusal}
    assert Entry.objects.count() == PendingEntry.objects.count() == 0
    # and so the board's results stay closed to this table
    assert device.get(f"/r/{session.public_id}/board-5.html").status_code == 403
    logged = [line.text for line in LogLine.objects.filter(what="entry refused")]
    assert logged == [f"entry refused: table 1, round 3, board 5: {refusal}"] * 3


def test_the_next_round_opens_once_every_board_of_this_one_is_in(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    assert _keep(device, table, 1, 1)["status"] == "accepted"
    assert _keep(device, table, 2, 3)["http"] == 422  # board 2 still to enter
    last = _keep(device, table, 1, 2)
    assert (last["status"], last["round"]) == ("accepted", 2)
    assert _keep(device, table, 2, 3)["status"] == "accepted"


def test_a_board_erased_after_the_table_moved_on_is_entered_late_and_flagged(
    td: Client, session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    for rnd, board in ((1, 1), (1, 2), (2, 3)):
        assert _keep(device, table, rnd, board)["status"] == "accepted"
    td.post(
        f"/director/s/{session.pk}/cell/1/1/",
        {"erase": "1", "board": "2", "reason": "wrong board entered"},
    )
    assert in_play.table_round(session, 1) == 2  # erasing does not send the table back
    assert [(s.round, s.table, s.board) for s in in_play.missing(session)] == [(1, 1, 2)]
    late = _keep(device, table, 1, 2, contract="3NT", declarer="S", result="=")
    assert late["status"] == "accepted"
    assert late["flags"] == "entered late: round 1 after the table had moved on"
    assert _keep(device, table, 1, 2)["http"] == 422  # and only once
    assert _keep(device, table, 2, 4)["status"] == "accepted"


# --- rulings: the director's alone ---------------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        {"adjusted": "100%/0%"},
        {"adjusted": "A+/A-"},
        {"contract": "A60A40"},
        {"contract": "60%/40%"},
    ],
)
def test_a_table_cannot_award_itself_an_adjusted_score(
    session: Session, link: Link, phone: Phone, fields: dict[str, str]
) -> None:
    table = link(1)
    device = phone(table)
    answer = send_entry(device, table.token, round=1, board=1, confirm="1", **fields)
    assert answer == {
        "http": 422,
        "error": "only the director gives an adjusted score: call the director",
    }
    assert Entry.objects.count() == 0


def test_a_td_call_shows_on_the_grid_until_answered(
    td: Client, session: Session, link: Link, phone: Phone
) -> None:
    table = link(2)
    device = phone(table)
    called = device.post(
        f"/t/{table.token}/call/",
        data=json.dumps({"note": "revoke on board 3"}),
        content_type="application/json",
    )
    assert (called.status_code, called.json()["call"]) == (200, True)
    grid = td.get(f"/director/s/{session.pk}/grid/").content.decode()
    assert "<b>Table 2</b>: TD call at" in grid
    assert "(round 1): revoke on board 3" in grid
    call = TableCall.objects.get()
    td.post(f"/director/s/{session.pk}/call/{call.pk}/answer/")
    assert "TD call" not in td.get(f"/director/s/{session.pk}/grid/").content.decode()
    assert LogLine.objects.filter(what="TD call answered").count() == 1
    # a note too long is refused whole, and another phone cannot call for the table
    long = device.post(f"/t/{table.token}/call/", {"note": "x" * 100_000})
    assert long.status_code == 413 or long.status_code == 422
    assert Client().post(f"/t/{table.token}/call/", {"note": "hi"}).status_code == 403
    assert TableCall.objects.count() == 1


# --- the table code --------------------------------------------------------------------------


def test_the_table_codes_are_six_digits(session: Session) -> None:
    codes = [link.code for link in TableLink.objects.filter(session=session)]
    assert all(len(code) == 6 and code.isdigit() for code in codes), codes


def _takeover(device: Client, table: TableLink, code: str) -> tuple[int, str]:
    response = device.post(f"/t/{table.token}/takeover/", {"code": code})
    return response.status_code, response.content.decode()


def test_wrong_codes_lock_that_phone_out_until_the_director_releases_it(
    td: Client, session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    phone(table)  # held by the first phone
    thief = Client()
    thief.get(f"/t/{table.token}/")  # the landing: the phone gets its own id
    wrong = "000000" if table.code != "000000" else "111111"
    for n in range(1, CODE_TRIES):
        status, page = _takeover(thief, table, wrong)
        left = CODE_TRIES - n
        assert status == 403
        assert (
            f"That code is wrong ({left} {'try' if left == 1 else 'tries'} left on this phone)"
            in page
        )
    status, page = _takeover(thief, table, wrong)
    assert status == 423
    assert "this phone may not try another at this table: ask the director" in page
    # locked out: even the right code is refused on that phone, never on the table's others
    assert _takeover(thief, table, table.code)[0] == 423
    grid = td.get(f"/director/s/{session.pk}/grid/").content.decode()
    assert "<b>Table 1</b>: locked after wrong codes" in grid
    tries = LogLine.objects.filter(what="takeover refused")
    assert [t.text.partition(": table ")[2][:1] for t in tries] == ["1"] * (CODE_TRIES + 2)
    td.post(f"/director/s/{session.pk}/table/1/release/")
    assert not TableLink.objects.get(pk=table.pk).locked
    assert _takeover(thief, table, table.code)[0] == 302  # taken over: shown on the grid
    grid = td.get(f"/director/s/{session.pk}/grid/").content.decode()
    assert "<b>Table 1</b>: taken over at" in grid
    assert "locked after wrong codes" not in grid


def test_one_phone_trying_codes_at_many_tables_is_stopped(
    session: Session, link: Link, phone: Phone
) -> None:
    tables = [link(n) for n in (1, 2, 3)]
    for table in tables:
        phone(table)
    thief = Client()
    thief.get(f"/t/{tables[0].token}/")
    statuses = []
    for n in range(PHONE_TRIES + 1):
        table = tables[n % 3]
        statuses.append(_takeover(thief, table, "999999" if table.code != "999999" else "1")[0])
    assert statuses[:PHONE_TRIES] == [403] * PHONE_TRIES  # no table reached its own limit
    assert statuses[PHONE_TRIES] == 429
    assert not TableLink.objects.filter(session=session, locked=True).exists()


def test_the_opponents_phone_is_held_to_the_same_code_limit(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    phone(table)
    other = Client()
    other.get(f"/t/{table.token}/confirm/")
    statuses = [
        other.post(f"/t/{table.token}/confirm/", {"code": "12"}).status_code
        for _ in range(CODE_TRIES + 1)
    ]
    assert statuses == [403] * (CODE_TRIES - 1) + [423, 423]
    assert other.post(f"/t/{table.token}/confirm/", {"code": table.code}).status_code == 423
    assert Client().post(f"/t/{table.token}/confirm/", {"code": table.code}).status_code == 302


def test_the_login_limit_counts_in_the_database(director: User) -> None:
    client = Client()
    for _ in range(LOGIN_ATTEMPTS):
        response = client.post("/login/", {"username": "td", "password": "wrong"})
        assert response.status_code == 401
    right = client.post("/login/", {"username": "td", "password": "a long enough password"})
    assert right.status_code == 429  # too many: the password is not even checked
    assert Attempt.objects.filter(what=Attempt.What.LOGIN).count() == 2 * (LOGIN_ATTEMPTS + 1)
    long = client.post("/login/", {"username": "x" * 100_000, "password": "y"})
    assert long.status_code == 400


# --- closing ---------------------------------------------------------------------------------


def test_nothing_from_a_table_is_taken_once_the_session_is_closed(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    kept = _keep(device, table, 1, 1)
    entries.change_state(session, Session.State.CLOSED)
    expired = "this table's link has expired: the session is closed (ask the director)"
    for how in ({"confirm": "1"}, {"pending": "1"}, {}):
        answer = send_entry(device, table.token, round=1, board=2, **MADE, **how)
        assert answer == {"http": 410, "error": expired}
    assert PendingEntry.objects.count() == 0
    # what was acknowledged before is in the closed session's results
    assert [str(e.entry_id) for e in Entry.objects.all()] == [kept["entry_id"]]
    assert [r.board for r in in_play.event_of(session).results.rows] == [1]


def test_a_result_waiting_for_the_opponents_is_refused_after_a_close(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    waiting = send_entry(device, table.token, round=1, board=1, pending="1", **MADE)
    assert waiting["status"] == "waiting for the opponents to confirm"
    entries.change_state(session, Session.State.CLOSED)
    ew = Client()
    ew.post(f"/t/{table.token}/confirm/", {"code": table.code})
    answer = ew.post(f"/t/{table.token}/confirm/", {"accept": waiting["entry_id"]})
    assert answer.status_code == 410
    assert Entry.objects.count() == 0


# --- hostile requests: a 4xx with a message, never a 500, never stored in part ----------------

BODY = '{"round": 1, "board": %s, "contract": "4S", "declarer": "N", "result": "=", "confirm": 1}'


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        (BODY % ("1" * 31), 422, f"Board: there is no board above {MOST_BOARDS}"),
        (BODY % "1e400", 422, "Board: not readable"),
        (BODY % "-3", 422, "Board: boards are numbered from 1"),
        (BODY % "null", 422, "choose the board"),
        (BODY % '"seven"', 422, "Board: not readable"),
        (BODY % "[1]", 400, "'board' should be text or a number"),
        (BODY % '{"a": 1}', 400, "'board' should be text or a number"),
        (BODY % "NaN", 400, "the request is not readable"),
        ("null", 400, "the request is not readable: a result is a set of fields"),
        ("[1, 2]", 400, "the request is not readable: a result is a set of fields"),
        ("[" * 900 + "]" * 900, 400, "the request is not readable: a result is a set of fields"),
        ("[" * 2000 + "]" * 2000, 400, "the request is not readable"),  # too deep to read
        ("[" * 100_000 + "]" * 100_000, 413, "the request is too big for one result"),
        ("{not json", 400, "the request is not readable"),
        (
            '{"round": 1, "board": 1, "lead": "ZZ", "contract": "4S", "declarer": "N",'
            ' "result": "=", "confirm": 1}',
            422,
            "Opening lead 'ZZ': not a card; write its suit (C, D, H, S or ♣ ♦ ♥ ♠) and its"
            " rank (A, K, Q, J, 10/T, 2-9), like ♥A, HA",
        ),
        (BODY.replace('"4S"', '"' + "4" * 13 + '"') % "1", 422, "Contract: at most 12 characters"),
        (BODY.replace('"N"', '"Q"') % "1", 422, "Declarer: not one of the choices"),
        (
            BODY.replace('"round": 1', '"round": 100') % "1",
            422,
            "Round: there is no round above 99",
        ),
    ],
)
def test_a_hostile_json_post_is_a_4xx_with_a_message(
    session: Session, link: Link, phone: Phone, body: str, status: int, error: str
) -> None:
    table = link(1)
    device = phone(table)
    response = device.post(f"/t/{table.token}/entry/", data=body, content_type="application/json")
    assert (response.status_code, response.json()) == (status, {"error": error})
    assert Entry.objects.count() == 0


def test_the_json_limit_is_far_above_a_real_result() -> None:
    real = json.dumps(
        {"round": 12, "board": 23, "level": "7", "strain": "NT", "doubled": "XX",
         "declarer": "N", "result": "-13", "lead": "SK", "not_played": "",
         "entry_id": str(uuid.uuid4()), "confirm": "1"}
    )  # fmt: skip
    assert len(real) * 10 < MOST_JSON_BYTES


def test_a_form_post_with_a_huge_board_is_a_page_with_the_message(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    response = device.post(
        f"/t/{table.token}/entry/", {"round": "1", "board": "9" * 31, "confirm": "1"}
    )
    assert response.status_code == 422
    assert f"Board: there is no board above {MOST_BOARDS}" in response.content.decode()
    assert Entry.objects.count() == 0


# --- entry ids ---------------------------------------------------------------------------------


def test_another_tables_entry_id_is_a_fresh_entry_of_this_table(
    session: Session, link: Link, phone: Phone
) -> None:
    one, two = link(1), link(2)
    first, second = phone(one), phone(two)
    shared = str(uuid.uuid4())
    mine = _keep(first, one, 1, 1, contract="4S", declarer="N", result="=", entry_id=shared)
    theirs = _keep(second, two, 1, 3, contract="3NT", declarer="S", result="-1", entry_id=shared)
    assert (mine["status"], mine["score"]) == ("accepted", "4SN=: NS +420")
    assert (theirs["status"], theirs["score"]) == ("accepted", "3NTS-1: NS -50")
    assert sorted((e.table, e.board) for e in Entry.objects.all()) == [(1, 1), (2, 3)]
    # the same table using one id for two boards is told so
    again = _keep(first, one, 1, 2, entry_id=shared)
    assert again == {
        "http": 422,
        "error": "this result's id was already used for board 1 at this table:"
        " enter the board again",
    }


# --- the opening lead --------------------------------------------------------------------------


def test_a_session_can_require_the_lead_and_check_it_against_the_hands(
    club: object, link: Link, phone: Phone
) -> None:
    from bridgescore.events.movements.spec import build
    from bridgescore.web import clubs

    session = clubs.create_session(
        club,  # type: ignore[arg-type]
        "With hands",
        build("mitchell:3x2"),
        hands_pbn=HANDS.read_text(encoding="latin-1"),
    )
    Session.objects.filter(pk=session.pk).update(lead_rule=Session.LeadRule.REQUIRED)
    table = TableLink.objects.get(session=session, table=1)
    device = phone(table)
    missing = _keep(device, table, 1, 1)
    assert missing == {
        "http": 422,
        "error": "board 1: choose the opening lead (this session asks for it)",
    }
    # board 1: East (North's left) holds 532.86.K632.KJT7; the HK is South's
    wrong = _keep(device, table, 1, 1, **MADE, lead="HK")
    assert wrong == {
        "http": 422,
        "error": "board 1: the lead HK is not in East's hand: choose the card that was led",
    }
    right = _keep(device, table, 1, 1, **MADE, lead="CK")
    assert (right["status"], right["flags"]) == ("accepted", "")
    passed = _keep(device, table, 1, 2, contract="Pass")  # no lead on a passed-out board
    assert passed["status"] == "accepted"


def test_a_pairs_own_card_opens_to_its_table_with_a_board_not_played(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    assert send_entry(device, table.token, round=1, board=1, not_played="1", confirm="1")[
        "status"
    ] == ("asked")
    accepted = in_play.EntryInput(1, 1, 1, "", "", "", not_played=True)  # the director agrees
    entries.record_entry(session, accepted, by_table=False, reason="not played: agreed")
    assert _keep(device, table, 1, 2)["status"] == "accepted"
    card = device.get(f"/r/{session.public_id}/pair-1NS.html")
    assert card.status_code == 200
    assert "620" in card.content.decode()  # board 2, NS vulnerable: 4S made
    # another pair's card holds boards this table has not played: still closed
    other = link(2)
    assert _keep(phone(other), other, 1, 3)["status"] == "accepted"
    assert device.get(f"/r/{session.public_id}/pair-2NS.html").status_code == 403


def test_missing_lists_only_rounds_a_table_has_moved_past(
    td: Client, session: Session, link: Link, phone: Phone
) -> None:
    assert in_play.missing(session) == []  # nothing played: nothing missing yet
    table = link(1)
    device = phone(table)
    for rnd, board in ((1, 1), (1, 2), (2, 3)):
        _keep(device, table, rnd, board)
    assert in_play.missing(session) == []  # tables 2 and 3 slow, table 1 in round 2
    grid = td.get(f"/director/s/{session.pk}/grid/").content.decode()
    assert "Missing:" not in grid
