"""What the table's phone is told (its plan) and where it may go from it: a board asked
"not played" waits for the director as a board waits for East-West; a board missing from a
round the table has left is offered and kept late, flagged to the director; the phone's
header has no director's login; the home page leads a player without the card to the
live ranking."""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from bridgescore.events.movements.spec import build
from bridgescore.web import entries, in_play, session_movement
from bridgescore.web.models import Session, SessionPair, TableCall, TableLink
from bridgescore.web.table import app
from web.posting import send_entry

Link = Callable[[int], TableLink]
Phone = Callable[[TableLink], Client]

MADE = {"contract": "4S", "declarer": "N", "result": "="}


def _plan(device: Client, table: TableLink) -> dict[str, Any]:
    response = device.get(f"/t/{table.token}/plan.json")
    assert response.status_code == 200
    plan: dict[str, Any] = response.json()
    return plan


def _board(plan: dict[str, Any], rnd: int, board: int) -> dict[str, Any]:
    found: dict[str, Any] = next(
        b for r in plan["plan"] if r["round"] == rnd for b in r["boards"] if b["number"] == board
    )
    return found


def test_a_board_asked_not_played_waits_in_the_plan_until_the_director_answers(
    session: Session, link: Link, phone: Phone, director: User
) -> None:
    table = link(1)
    device = phone(table)
    assert _board(_plan(device, table), 1, 1)["asked"] is None
    asked = send_entry(device, table.token, round=1, board=1, not_played="1", confirm="1")
    assert (asked["http"], asked["asked"], asked["board"]) == (200, True, 1)
    board = _board(_plan(device, table), 1, 1)
    assert board["asked"] == {"shown": "Not played: the director is asked to agree"}
    assert board["entered"] is None  # not entered: the round is not left
    assert _plan(device, table)["round"] == 1
    # the director refuses: the ask answered, no entry; the board is open again
    TableCall.objects.filter(session=session).update(answered=timezone.now())
    board = _board(_plan(device, table), 1, 1)
    assert (board["asked"], board["entered"]) == (None, None)
    # asked again, and accepted: the board is entered "not played"
    again = send_entry(device, table.token, round=1, board=1, not_played="1", confirm="1")
    assert again["status"] == "asked"
    inp = in_play.EntryInput(1, 1, 1, "", "", "", not_played=True)
    entries.record_entry(session, inp, by_table=False, user=director, reason="agreed")
    TableCall.objects.filter(session=session, answered=None).update(answered=timezone.now())
    board = _board(_plan(device, table), 1, 1)
    assert board["asked"] is None
    assert board["entered"] == {"score": "Not played"}
    # no traveller for a board not played
    assert device.get(f"/r/{session.public_id}/board-1.html").status_code == 403


def test_a_board_missing_from_a_round_left_is_kept_late_and_flagged(
    session: Session, link: Link, phone: Phone, director: User
) -> None:
    table = link(1)
    device = phone(table)
    for rnd, board in ((1, 1), (1, 2), (2, 3)):
        kept = send_entry(device, table.token, round=rnd, board=board, confirm="1", **MADE)
        assert kept["http"] == 200, kept
    entries.erase_entry(session, 1, 1, 2, director, "wrong table's slip")
    plan = _plan(device, table)
    assert plan["round"] == 2  # the table does not go back to round 1
    assert _board(plan, 1, 2)["entered"] is None  # the phone offers it, with its round
    late = send_entry(device, table.token, round=1, board=2, confirm="1", **MADE)
    assert late["http"] == 200, late
    assert "entered late: round 1 after the table had moved on" in str(late["flags"])
    assert _board(_plan(device, table), 1, 2)["entered"] == {"score": "4SN=: NS +620"}
    assert _plan(device, table)["round"] == 2


def test_the_table_page_has_no_director_login_and_the_home_page_has(
    session: Session, link: Link, phone: Phone, client: Client
) -> None:
    device = phone(link(1))
    page = device.get(f"/t/{link(1).token}/").content.decode()
    assert "/login/" not in page
    assert "Director login" not in page
    assert 'href="/login/"' in client.get("/").content.decode()


def test_the_home_page_lists_the_sessions_under_way_with_their_live_ranking(
    session: Session, client: Client
) -> None:
    home = client.get("/").content.decode()
    under_way = home.split('id="running"')[1].split("</ul>")[0]
    assert "Tuesday pairs" in under_way
    assert f'href="/r/{session.public_id}/"' in under_way
    assert "No published results yet." in home
    old = Session.objects.get(pk=session.pk)
    old.date = timezone.localdate() - datetime.timedelta(days=30)
    old.save(update_fields=["date"])
    assert 'id="running"' not in client.get("/").content.decode()  # not a month-old one
    old.state = Session.State.PUBLISHED
    old.save(update_fields=["state"])
    published = client.get("/").content.decode().split('id="published"')[1]
    assert f'href="/r/{session.public_id}/"' in published


def test_the_plan_is_json_the_phone_reads(session: Session, link: Link, phone: Phone) -> None:
    table = link(2)
    plan = _plan(phone(table), table)
    assert json.loads(json.dumps(plan)) == plan
    assert [b["asked"] for r in plan["plan"] for b in r["boards"]] == [None] * 6


def test_the_page_without_scripts_links_no_results_the_table_may_not_see(
    session: Session, link: Link, phone: Phone, director: User
) -> None:
    table = link(1)
    device = phone(table)
    asked = device.post(
        f"/t/{table.token}/entry/", {"round": 1, "board": 1, "not_played": "1", "confirm": "1"}
    )
    page = asked.content.decode()
    assert "Board 1: Not played: the director is asked to agree." in page
    assert "board-1.html" not in page
    inp = in_play.EntryInput(1, 1, 1, "", "", "", not_played=True)
    entries.record_entry(session, inp, by_table=False, user=director, reason="agreed")
    kept = device.post(f"/t/{table.token}/entry/", {"round": 1, "board": 2, "confirm": "1", **MADE})
    page = kept.content.decode()
    assert 'href="/r/' + session.public_id + '/board-2.html"' in page  # played: its results
    assert "board-1.html" not in page  # not played: none


def test_the_plan_says_which_boards_results_the_table_may_open(
    session: Session, link: Link, phone: Phone, director: User
) -> None:
    table = link(1)
    device = phone(table)
    kept = send_entry(device, table.token, round=1, board=1, confirm="1", **MADE)
    assert kept["http"] == 200
    plan = _plan(device, table)
    assert (_board(plan, 1, 1)["seen"], _board(plan, 1, 2)["seen"]) == (True, False)
    assert device.get(f"/r/{session.public_id}/board-1.html").status_code == 200
    assert device.get(f"/r/{session.public_id}/board-2.html").status_code == 403
    inp = in_play.EntryInput(1, 1, 2, "", "", "", not_played=True)
    entries.record_entry(session, inp, by_table=False, user=director, reason="agreed")
    assert _board(_plan(device, table), 1, 2)["seen"] is False  # not played: nothing to see


def test_a_tables_page_and_plan_read_the_names_of_the_pairs_it_meets_only(
    session: Session, link: Link, phone: Phone
) -> None:
    """Table 2 of a 3-table Mitchell meets 2NS, and 2EW, 1EW, 3EW in turn: their names
    are shown round by round, and only theirs are read (a field of 480 pairs at 240
    tables was read whole for every phone's page and plan)."""
    for pair in session_movement.movement_of(session).pairs:
        SessionPair.objects.update_or_create(
            session=session, pair=pair, defaults={"names": f"North {pair} & South"}
        )
    table = link(2)
    device = phone(table)
    with CaptureQueriesContext(connection) as reads:
        plan = _plan(device, table)
        assert device.get(f"/t/{table.token}/").status_code == 200
    shown = [(r["ns_names"], r["ew_names"]) for r in plan["plan"]]
    assert shown == [
        ("North 2NS & South", "North 2EW & South"),
        ("North 2NS & South", "North 1EW & South"),
        ("North 2NS & South", "North 3EW & South"),
    ]
    names_read = [q["sql"] for q in reads.captured_queries if "sessionpair" in q["sql"]]
    assert len(names_read) == 2  # the plan's, the page's
    assert all("'1NS'" not in sql and "'3NS'" not in sql for sql in names_read)


def test_a_tables_page_works_out_its_play_once_for_its_round_and_its_plan(
    session: Session, link: Link, phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page shows the round the table plays and carries the plan the phone keeps: both
    from one standing of the table's results and one play of them (it was worked out twice),
    the plan the same as ``plan.json`` gives."""
    table = link(1)
    device = phone(table)
    assert send_entry(device, table.token, round=1, board=1, confirm="1", **MADE)["http"] == 200
    played: list[int] = []
    play_of = in_play.play_of

    def counted(*args: Any) -> in_play.Play:
        played.append(1)
        return play_of(*args)

    monkeypatch.setattr(in_play, "play_of", counted)
    page = device.get(f"/t/{table.token}/").content.decode()
    assert len(played) == 1
    kept = page.split('<script id="table-plan" type="application/json">', 1)[1]
    embedded = json.loads(kept.split("</script>", 1)[0])
    asked = _plan(device, table)
    assert len(played) == 2  # the plan asked alone: one more
    embedded.pop("at"), asked.pop("at")
    assert embedded == asked
    assert _board(embedded, 1, 1)["entered"] == {"score": "4SN=: NS +420"}


def test_a_plans_rounds_are_laid_once_a_table_and_language_and_again_for_a_new_movement(
    session: Session, link: Link, phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the movement alone gives (who sits where, the boards, where everyone goes) is
    worked out once for each table and language, not at every look of every phone; a
    late change of the movement is laid out again."""
    laid: list[int] = []
    move_lines = app._move_lines

    def counted(session: Session, moves: Any) -> dict[str, Any]:
        laid.append(moves.round)
        return move_lines(session, moves)

    table = link(2)
    device = phone(table)
    monkeypatch.setattr(app, "_move_lines", counted)
    app._LAID.clear()
    first, again = _plan(device, table), _plan(device, table)
    assert (first["plan"] == again["plan"], laid) == (True, [1, 2, 3])  # the second: kept
    assert first["plan"][0]["moves"]["lines"][0] == "North-South stay at table 2"
    finnish = device.get(f"/t/{table.token}/plan.json", HTTP_ACCEPT_LANGUAGE="fi").json()
    assert laid == [1, 2, 3, 1, 2, 3]
    assert finnish["plan"][0]["moves"]["lines"][0] == "Pohjoinen-etelä: jääkää pöytään 2"
    assert [b["number"] for b in first["plan"][0]["boards"]] == [3, 4]
    bigger = build("mitchell:3x3")  # the director's change: three boards a round
    Session.objects.filter(pk=session.pk).update(
        movement_json=bigger.to_json(), movement_version=session.movement_version + 1
    )
    changed = _plan(device, table)
    assert [b["number"] for b in changed["plan"][0]["boards"]] == [4, 5, 6]
    assert laid == [1, 2, 3, 1, 2, 3, 1, 2, 3]
    entered = send_entry(device, table.token, round=1, board=4, confirm="1", **MADE)
    assert entered["http"] == 200
    board = _board(_plan(device, table), 1, 4)  # what is entered is not kept with the rest
    assert (board["entered"] is not None, _board(changed, 1, 4)["entered"]) == (True, None)
    assert laid == [1, 2, 3, 1, 2, 3, 1, 2, 3]


def test_the_rounds_laid_least_lately_asked_for_are_let_go_beyond_the_bound(
    session: Session, link: Link, phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept for so many tables and languages at most (memory stays bounded at congress
    scale): beyond it the one least lately asked for goes, and is laid out again."""
    devices = {t: phone(link(t)) for t in (1, 2, 3)}
    monkeypatch.setattr(app, "_MOST_LAID", 2)
    app._LAID.clear()
    for table in (1, 2, 1, 3):  # table 1 asked again after 2: table 2 is the least lately
        _plan(devices[table], link(table))
    assert sorted(key[3] for key in app._LAID) == [1, 3]
    laid: list[int] = []
    move_lines = app._move_lines

    def counted(session: Session, moves: Any) -> dict[str, Any]:
        laid.append(moves.table)
        return move_lines(session, moves)

    monkeypatch.setattr(app, "_move_lines", counted)
    _plan(devices[3], link(3))
    assert laid == []  # kept
    plan = _plan(devices[2], link(2))
    assert laid == [2, 2, 2]  # laid out again, each round's moves
    assert plan["plan"][0]["ns"] == "2NS"
    assert sorted(key[3] for key in app._LAID) == [2, 3]
