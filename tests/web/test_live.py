"""The live ranking kept between asks (``web/live.py``) equals the full computation after
every new result, correction, erasure and name change, and rescoring one result
rescores one board."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User

from bridgescore.events import model
from bridgescore.events.movements.sections import parse_sections
from bridgescore.events.movements.spec import build
from bridgescore.events.pairs import PairsResult
from bridgescore.events.rescoring import Rescorer
from bridgescore.events.scoring import score_event
from bridgescore.report.view import build_report
from bridgescore.web import clubs, entries, in_play, live, session_movement
from bridgescore.web.models import Club, Session, SessionPair

SPEC = "mitchell:5x2"  # 5 tables, 5 rounds, 2 boards a round: 10 boards, each played 5 times
CONTRACTS = ("3NT", "4S", "2H", "1NT", "5DX", "3C")
RESULTS = ("=", "+1", "-1", "=", "-2", "+1")


def _enter(
    session: Session, rnd: int, table: int, board: int, *, ruling: bool = False, **given: object
) -> None:
    pick = (rnd * 7 + table * 3 + board) % len(CONTRACTS)
    fields: dict[str, object] = {
        "contract": CONTRACTS[pick],
        "declarer": "NESW"[(table + board) % 4],
        "result": RESULTS[pick],
    }
    fields.update(given)
    inp = in_play.EntryInput(rnd, table, board, **fields)  # type: ignore[arg-type]
    by_table = not given and not ruling  # a director enters a table's results in any order
    entries.record_entry(session, inp, by_table=by_table, reason="" if by_table else "ruling")


def _same(session: Session) -> None:
    full_event = in_play.event_of(session)
    assert live.event(session) == full_event
    assert live.report(session) == build_report(full_event)


def _seatings(session: Session) -> list[tuple[int, int, int]]:
    movement = session_movement.movement_of(session)
    return [
        (number, seat.table, board)
        for number, rnd in enumerate(movement.rounds, start=1)
        for seat in rnd.tables
        for board in seat.boards
    ]


def test_the_kept_ranking_equals_the_full_one_after_every_change(
    club: Club, director: User
) -> None:
    session = clubs.create_session(club, "Live", build(SPEC), spec=SPEC)
    keys = _seatings(session)
    assert len(keys) == 50
    for rnd, table, board in keys[:-4]:
        _enter(session, rnd, table, board)
        _same(session)  # asked after every result, as the phones do
    rnd, table, board = keys[0]
    _enter(session, rnd, table, board, contract="4S", declarer="N", result="=")  # corrected
    _same(session)
    entries.erase_entry(session, *keys[1], director, "entered at the wrong table")
    _same(session)
    _enter(session, *keys[-4], contract="", declarer="", result="", not_played=True)
    _same(session)
    _enter(session, *keys[-3], contract="", declarer="", result="", adjusted="60%/40%")
    _same(session)
    _enter(session, *keys[-2], contract="", declarer="", result="", adjusted="A+/A-")
    _same(session)
    SessionPair.objects.filter(session=session, pair="1NS").update(names="Ann & Bob")
    _same(session)
    assert "Ann, Bob" in str(live.report(session).index)


def test_one_new_result_rescores_only_its_board(club: Club) -> None:
    session = clubs.create_session(club, "Live", build(SPEC), spec=SPEC)
    keys = _seatings(session)
    for rnd, table, board in keys[:-1]:
        _enter(session, rnd, table, board)
    event = live.event(session)
    kept = Rescorer()
    before = live.score(event, kept)
    assert isinstance(before, PairsResult)
    assert before == score_event(event)
    was = {t.board: t for t in before.travellers}
    rnd, table, board = keys[-1]
    _enter(session, rnd, table, board)
    event = live.event(session)
    after = live.score(event, kept)
    assert isinstance(after, PairsResult)
    assert after == score_event(event)
    assert before != after
    again = {t.board for t in after.travellers if t is not was.get(t.board)}
    assert again == {board}  # every other board's traveller is the one already worked out


def test_results_in_any_order_in_sections_are_ranked_as_in_full_and_told_not_searched(
    club: Club, director: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two sections scored apart, results arriving in no order (a late table, a table
    ahead), corrected and erased: the live ranking equals the full one after each, and
    after the first it is told what changed: no board's rows are gathered again from the
    whole event."""
    spec = "mitchell:3x2 + mitchell:4x2"
    _, field = parse_sections(spec)
    session = clubs.create_session(club, "Sections", field, spec=spec, sections="apart")
    keys = _seatings(session)
    order = random.Random(28).sample(keys, len(keys))
    gathered: list[int] = []
    group = model.group_by_board

    def gathering(rows):  # type: ignore[no-untyped-def]
        gathered.append(len(rows))
        return group(rows)

    monkeypatch.setattr("bridgescore.events.rescoring.group_by_board", gathering)
    for number, (rnd, table, board) in enumerate(order):
        _enter(session, rnd, table, board, ruling=True)
        if number % 3 == 2:  # a result corrected two entries after it was entered
            _enter(session, *order[number - 2], contract="2NT", declarer="S", result="+1")
        if number % 7 == 6:
            entries.erase_entry(session, *order[number - 1], director, "wrong board")
        _same(session)
        if number == 20:  # both sections well under way: from here on, told
            assert gathered  # scored in full at first, and when a section came or went
            gathered.clear()
    assert gathered == []
