"""The live ranking kept between asks (``web/live.py``) equals the full computation after
every new result, correction, erasure and name change, and rescoring one result
rescores one board."""

from __future__ import annotations

from django.contrib.auth.models import User

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


def _enter(session: Session, rnd: int, table: int, board: int, **given: object) -> None:
    pick = (rnd * 7 + table * 3 + board) % len(CONTRACTS)
    fields: dict[str, object] = {
        "contract": CONTRACTS[pick],
        "declarer": "NESW"[(table + board) % 4],
        "result": RESULTS[pick],
    }
    fields.update(given)
    inp = in_play.EntryInput(rnd, table, board, **fields)  # type: ignore[arg-type]
    by_table = not given
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
