"""A session in play (``bridgescore.events.play``): a table's round, what it may enter now
or late, what it may see, where every board stands — on small movements written out by
hand, with entries in every order, late, erased and corrected."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import TableResult
from bridgescore.core.hands import Hands
from bridgescore.core.seats import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.duplicate.entries import Adjusted
from bridgescore.errors import BridgeInputError
from bridgescore.events.model import ResultRow
from bridgescore.events.movements.model import Movement, MovementKind, Round, Table
from bridgescore.events.play import (
    Entered,
    LeadRule,
    Mark,
    Other,
    Plan,
    Play,
    Stage,
    director_flags,
    entry_problem,
    lead_problem,
    lead_refusal,
)

# A 3-table Mitchell of 2-board rounds: NS stationary, EW up one table, boards down one.
MITCHELL = Movement(
    MovementKind.MITCHELL,
    (
        Round((Table(1, "1NS", "1EW", (1, 2)), Table(2, "2NS", "2EW", (3, 4)),
               Table(3, "3NS", "3EW", (5, 6)))),
        Round((Table(1, "1NS", "3EW", (3, 4)), Table(2, "2NS", "1EW", (5, 6)),
               Table(3, "3NS", "2EW", (1, 2)))),
        Round((Table(1, "1NS", "2EW", (5, 6)), Table(2, "2NS", "3EW", (1, 2)),
               Table(3, "3NS", "1EW", (3, 4)))),
    ),
)  # fmt: skip

# A 2-table Howell: both tables play the round's set (shared), the others on the relay.
HOWELL = Movement(
    MovementKind.HOWELL,
    (
        Round((Table(1, "4", "1", (1, 2)), Table(2, "2", "3", (1, 2))), relay=(3, 4, 5, 6)),
        Round((Table(1, "4", "2", (5, 6)), Table(2, "3", "1", (5, 6))), relay=(1, 2, 3, 4)),
        Round((Table(1, "4", "3", (3, 4)), Table(2, "1", "2", (3, 4))), relay=(1, 2, 5, 6)),
    ),
    shared=frozenset(range(1, 7)),
)

# Teams: a match's two rooms (tables 1 and 2) on the same boards; in round 2 table 2 has
# a bye (its teams' match is played elsewhere), so table 2 plays rounds 1 and 3 only.
TEAMS = Movement(
    MovementKind.OTHER,
    (
        Round((Table(1, "A", "B", (1, 2, 3)), Table(2, "B", "A", (1, 2, 3)))),
        Round((Table(1, "A", "C", (4, 5, 6)),)),
        Round((Table(1, "C", "B", (7, 8, 9)), Table(2, "B", "C", (7, 8, 9)))),
    ),
    shared=frozenset(range(1, 10)),
    meet_once=False,
)


def played(movement: Movement, *entries: tuple[int, int, int] | Entered) -> Play:
    log = [e if isinstance(e, Entered) else Entered(*e) for e in entries]
    return Play.of(movement, log)


def said(permit_or_message: object) -> str:
    refusal = getattr(permit_or_message, "refusal", permit_or_message)
    assert refusal is not None
    return str(refusal)


def test_before_any_entry_every_table_is_at_its_first_round() -> None:
    play = Play.of(MITCHELL)
    assert [play.round_of(t) for t in (1, 2, 3)] == [1, 1, 1]
    assert play.stage(1, 2, 3) is Stage.NOT_STARTED
    assert play.stage(2, 2, 5) is Stage.WAITING
    assert play.unfinished(3) == [5, 6]
    assert play.finished(1) == set()
    assert play.missing() == []
    assert len(play.not_yet_in()) == 18


def test_a_table_leaves_its_round_only_with_every_board_in() -> None:
    play = played(MITCHELL, (1, 1, 1))
    assert play.round_of(1) == 1
    assert (play.stage(1, 1, 1), play.stage(1, 1, 2)) == (Stage.DONE, Stage.PLAYING)
    assert play.unfinished(1) == [2]
    assert said(play.may_enter(2, 1, 3)) == (
        "board 3 is played in round 2: this table is playing round 1, so enter round 1's"
        " boards first"
    )
    assert said(play.may_enter(1, 1, 1)) == (
        "board 1 already has a result at this table: ask the director"
    )
    play = play.after(Entered(1, 1, 2))
    assert play.round_of(1) == 2
    assert play.may_enter(2, 1, 3).allowed
    assert not play.may_enter(2, 1, 3).late
    # the other tables have not moved
    assert (play.round_of(2), play.stage(1, 2, 3)) == (1, Stage.NOT_STARTED)


def test_a_board_erased_from_a_round_left_is_missing_and_entered_late() -> None:
    play = played(MITCHELL, (1, 1, 1), (1, 1, 2), (2, 1, 3), Entered(1, 1, 1, Mark.ERASED))
    assert play.round_of(1) == 2  # the erasure does not send the table back
    assert play.stage(1, 1, 1) is Stage.MISSING
    assert [(s.round, s.table, s.board) for s in play.missing()] == [(1, 1, 1)]
    late = play.may_enter(1, 1, 1)
    assert late.allowed
    assert late.late
    assert play.is_late(1, 1)
    assert not play.is_late(2, 1)
    play = play.after(Entered(1, 1, 1))
    assert play.missing() == []
    assert play.stage(1, 1, 1) is Stage.DONE


def test_an_erasure_before_leaving_the_round_keeps_the_table_there() -> None:
    play = played(MITCHELL, (1, 1, 1), (1, 1, 2), Entered(1, 1, 2, Mark.ERASED))
    assert play.round_of(1) == 1
    assert play.stage(1, 1, 2) is Stage.PLAYING
    assert play.may_enter(1, 1, 2).allowed
    assert not play.may_enter(1, 1, 2).late


def test_a_correction_stands_in_place_of_the_first_result() -> None:
    play = played(MITCHELL, (1, 1, 1), Entered(1, 1, 1, Mark.ADJUSTED))
    assert play.mark(1, 1, 1) is Mark.ADJUSTED
    assert play.entered_count(1, 1) == 1


def test_not_played_counts_as_in_but_is_never_seen() -> None:
    play = played(MITCHELL, Entered(1, 1, 1, Mark.NOT_PLAYED), (1, 1, 2))
    assert play.round_of(1) == 2
    assert play.stage(1, 1, 1) is Stage.DONE
    assert play.finished(1) == {2}


def test_the_last_round_finished_stays_the_last_round() -> None:
    entries = [(r, 2, b) for r, boards in ((1, (3, 4)), (2, (5, 6)), (3, (1, 2))) for b in boards]
    play = played(MITCHELL, *entries)
    assert play.round_of(2) == 3
    assert play.unfinished(2) == []
    assert play.finished(2) == {1, 2, 3, 4, 5, 6}
    assert play.table_stage(3, 2) is Stage.DONE


def test_where_names_the_rounds_boards_and_where_the_board_is_played() -> None:
    play = Play.of(MITCHELL)
    assert said(play.plan.where(1, 4, 1)) == "table 4 does not play in round 1"
    assert said(play.plan.where(1, 1, 3)) == (
        "board 3 is not played at table 1 in round 1 (this round: boards 1, 2; it is played"
        " here in round 2)"
    )
    assert said(play.plan.where(1, 1, 9)) == (
        "board 9 is not played at table 1 in round 1 (this round: boards 1, 2)"
    )
    assert play.plan.where(1, 1, 2) is None
    teams = Play.of(TEAMS)
    assert said(teams.plan.where(1, 2, 4, label="1b", teams=True)) == (
        "board 4 is not played at table 1b in round 1 (this match: boards 1, 2, 3)"
    )
    assert said(teams.plan.where(2, 2, 4, label="1b", teams=True)) == (
        "table 1b does not play in round 2"
    )


def test_the_shared_boards_of_a_howell_stand_apart_at_each_table() -> None:
    play = played(HOWELL, (1, 1, 1), (1, 1, 2))
    assert (play.round_of(1), play.round_of(2)) == (2, 1)
    assert play.stage(1, 2, 1) is Stage.NOT_STARTED
    assert play.may_enter(1, 2, 1).allowed
    assert play.finished(1) == {1, 2}
    assert play.finished(2) == set()


def test_a_table_with_a_bye_goes_from_its_round_to_its_next() -> None:
    play = played(TEAMS, (1, 2, 1), (1, 2, 2), (1, 2, 3))
    assert play.round_of(2) == 3
    assert play.table_stage(2, 2) is None  # idle on the grid
    assert play.table_stage(3, 2) is Stage.PLAYING
    assert play.stage(1, 1, 1) is Stage.NOT_STARTED  # the other room is its own table


def test_stages_follow_the_round_each_table_is_playing() -> None:
    play = played(MITCHELL, (1, 1, 1), (1, 1, 2), (2, 1, 3))
    stages = {(s.round, s.table, s.board): stage for s, stage in play.stages()}
    assert stages[(1, 1, 1)] is Stage.DONE
    assert stages[(2, 1, 4)] is Stage.PLAYING
    assert stages[(3, 1, 5)] is Stage.WAITING
    assert stages[(1, 3, 5)] is Stage.NOT_STARTED
    assert [s.board for s in play.at(Stage.PLAYING)] == [4]
    assert play.table_stage(1, 1) is Stage.DONE
    assert play.table_stage(2, 1) is Stage.PLAYING


def test_entry_kinds_read_by_name() -> None:
    assert Mark.parse("not played") is Mark.NOT_PLAYED
    assert Mark.parse("ERASED") is Mark.ERASED
    with pytest.raises(BridgeInputError, match="unknown entry kind 'gone': use one of result"):
        Mark.parse("gone")


SEATINGS = Plan.of(MITCHELL).seatings()
LOG = st.lists(st.tuples(st.sampled_from(SEATINGS), st.sampled_from(list(Mark))), max_size=40)


@settings(max_examples=200, deadline=None)
@given(LOG)
def test_one_entry_at_a_time_is_the_whole_log_read_again(log: list[tuple[object, Mark]]) -> None:
    entries = [Entered(s.round, s.table, s.board, mark) for s, mark in log]  # type: ignore[attr-defined]
    step = Play.of(MITCHELL)
    for entry in entries:
        step = step.after(entry)
    whole = Play.of(MITCHELL, entries)
    for table in (1, 2, 3):
        assert step.state(table) == whole.state(table)
    assert step.stages() == whole.stages()


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False))
def test_tables_entering_what_they_may_enter_each_board_exactly_once(rng: object) -> None:
    """Tables enter, in a random order, only what they may; every board of the movement
    ends entered exactly once, and a table never sees a board it has yet to play."""
    assert isinstance(rng, random.Random)
    for movement in (MITCHELL, HOWELL, TEAMS):
        play = Play.of(movement)
        plan = play.plan
        entered: list[tuple[int, int, int]] = []
        while True:
            open_ = [
                (s.round, s.table, s.board)
                for s in plan.seatings()
                if play.may_enter(s.round, s.table, s.board).allowed
            ]
            if not open_:
                break
            key = rng.choice(open_)
            assert key not in entered
            entered.append(key)
            play = play.after(Entered(*key, rng.choice([Mark.RESULT, Mark.NOT_PLAYED])))
            for table in plan.tables:
                for board in play.finished(table):
                    assert any(r <= play.round_of(table) and (r, table, board) in entered
                               for r in plan.rounds_of[table])  # fmt: skip
        assert sorted(entered) == sorted((s.round, s.table, s.board) for s in plan.seatings())
        assert play.not_yet_in() == []


# Board 1 of a deal written out: North ♠AKQJ ♥AKQ ♦AKQ ♣AKQ... (only the leader's hand matters:
# East leads against South, West against North).
DEAL = Hands.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32")


def row(text: str, score: int | None = None, board: int = 1, adjusted: str = "") -> ResultRow:
    return ResultRow(
        board,
        "1NS",
        "1EW",
        Vulnerability.NONE,
        result=TableResult.parse(text) if text else None,
        ns_score=score,
        adjusted=Adjusted.parse(adjusted) if adjusted else None,
        round=1,
        table="1",
    )


def test_a_table_enters_no_adjusted_score_and_the_lead_when_required() -> None:
    adjusted = row("", adjusted="A+/A-")
    assert str(entry_problem(adjusted, by_table=True, lead_rule=LeadRule.OFF, teams=False)) == (
        "only the director gives an adjusted score: call the director"
    )
    assert entry_problem(adjusted, by_table=False, lead_rule=LeadRule.OFF, teams=False) is None
    made = row("4SN=", 420)
    assert (
        str(entry_problem(made, by_table=True, lead_rule=LeadRule.REQUIRED, teams=False))
        == "board 1: choose the opening lead (this session asks for it)"
    )
    assert (
        entry_problem(made, lead="HA", by_table=True, lead_rule=LeadRule.REQUIRED, teams=False)
        is None
    )
    assert entry_problem(made, by_table=True, lead_rule=LeadRule.WARN, teams=False) is None
    # a passed-out board has no lead
    assert (
        entry_problem(row("Pass", 0), by_table=True, lead_rule=LeadRule.REQUIRED, teams=False)
        is None
    )
    # a team match scores whole IMPs: 50 % is 0 IMPs, 55 % is not a whole number
    assert (
        entry_problem(row("", adjusted="50/50"), by_table=False, lead_rule=LeadRule.OFF, teams=True)
        is None
    )
    refused = entry_problem(
        row("", adjusted="55/45"), by_table=False, lead_rule=LeadRule.OFF, teams=True
    )
    assert str(refused).startswith("an adjusted score of 55% is ")


def test_the_lead_is_checked_against_the_leaders_hand() -> None:
    by_south = row("4SS=", 420)  # West leads: ♠432 ♥5432 ♦5432 ♣32
    assert lead_problem(by_south, "H5", DEAL) is None
    assert str(lead_problem(by_south, "HA", DEAL)) == "the lead HA is not in West's hand"
    assert str(lead_problem(by_south, "Z9", DEAL)).startswith("lead 'Z9': ")
    assert lead_problem(by_south, "HA", None) is None  # no hand records: nothing to check
    assert lead_problem(by_south, "", DEAL) is None
    assert (
        str(lead_refusal(by_south, "HA", DEAL, lead_rule=LeadRule.REQUIRED, by_table=True))
        == "board 1: the lead HA is not in West's hand: choose the card that was led"
    )
    assert lead_refusal(by_south, "HA", DEAL, lead_rule=LeadRule.WARN, by_table=True) is None
    assert lead_refusal(by_south, "HA", DEAL, lead_rule=LeadRule.REQUIRED, by_table=False) is None


def test_the_directors_flags() -> None:
    by_north = row("4SN+1", 450)  # 11 tricks for North-South in spades
    others = [
        Other(1, 2, Seat.EAST, "S", 4, -50),  # 4 tricks for East-West in spades: 15 in all
        Other(1, 3, None, "", None, 420),
        Other(2, 1, None, "", None, 450),
    ]
    assert [str(f) for f in director_flags(by_north, others, late=True)] == [
        "entered late: round 1 after the table had moved on",
        "both sides declared S making 15 tricks between them (table 2 in round 1)",
    ]
    # East leads against North: ♠T98 ♥JT9 ♦JT9 ♣JT98
    flags = director_flags(by_north, [], lead="SA", lead_rule=LeadRule.WARN, hands=DEAL)
    assert [str(f) for f in flags] == ["the lead SA is not in East's hand"]
    assert director_flags(by_north, [], lead="SA", lead_rule=LeadRule.OFF, hands=DEAL) == []
    # 1000 or more from the median of three or more other scores (420, 450, 450: 450)
    far = row("7NTN=", 1520)
    field = [Other(1, t, ns_score=s) for t, s in ((2, 420), (3, 450), (4, 450))]
    assert [str(f) for f in director_flags(far, field)] == [
        "NS +1520 is far from the other tables (median +450)"
    ]
    assert director_flags(row("6NTN=", 990), field) == []  # 540 from the median
    assert director_flags(far, field[:2]) == []  # two others: no median to go by
