"""A session in play (``bridgescore.events.play``): a table's round, what it may enter now
or late, what it may see, where every board stands — on small movements written out by
hand, with entries in every order, late, erased and corrected."""

from __future__ import annotations

import itertools
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
from bridgescore.events.movements.sections import sectioned
from bridgescore.events.movements.spec import build
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
    other_room,
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


# A Swiss of four teams, two boards a match, drawn round by round as the web app draws it:
# each match at two tables (open room 2n - 1, home team NS; closed room 2n, the boards in
# the other order), every match of a round on the round's boards. Round 1 is drawn from the
# starting order (A v B, C v D); round 2 from the standings after it (A v C, B v D); round
# 3 (A v D, B v C). The movement has only the rounds drawn so far.
SWISS_ROUNDS = (
    Round((Table(1, "A", "B", (1, 2)), Table(2, "B", "A", (2, 1)),
           Table(3, "C", "D", (1, 2)), Table(4, "D", "C", (2, 1)))),
    Round((Table(1, "A", "C", (3, 4)), Table(2, "C", "A", (4, 3)),
           Table(3, "B", "D", (3, 4)), Table(4, "D", "B", (4, 3)))),
    Round((Table(1, "D", "A", (5, 6)), Table(2, "A", "D", (6, 5)),
           Table(3, "B", "C", (5, 6)), Table(4, "C", "B", (6, 5)))),
)  # fmt: skip


def swiss(drawn: int) -> Movement:
    """The Swiss with its first ``drawn`` rounds drawn."""
    return Movement(MovementKind.OTHER, SWISS_ROUNDS[:drawn], meet_once=False)


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
    # a team match takes A+, A, A- and 60, 50, 40 %: no other percentage has an IMP value
    assert (
        entry_problem(row("", adjusted="50/50"), by_table=False, lead_rule=LeadRule.OFF, teams=True)
        is None
    )
    assert (
        entry_problem(
            row("", adjusted="A60/A40"), by_table=False, lead_rule=LeadRule.OFF, teams=True
        )
        is None
    )
    for spelled, award in (("55/45", "55"), ("70%/30%", "70")):
        refused = entry_problem(
            row("", adjusted=spelled), by_table=False, lead_rule=LeadRule.OFF, teams=True
        )
        assert str(refused) == (
            f"an adjusted score of {award}% has no equivalent in IMPs: a team match takes A+, A"
            " or A- (3 IMPs up, none, 3 down: Law 12C2(b)), also written 60%, 50%, 40%, or an"
            " assigned score"
        )


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
    # the other table as the field names it: the second of section A in a field in sections
    sections = sectioned([build("mitchell:3x2"), build("mitchell:3x2")])
    assert [str(f) for f in director_flags(by_north, others, table_label=sections.table_label)] == [
        "both sides declared S making 15 tricks between them (table A2 in round 1)"
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


def test_a_correction_in_a_round_left_does_not_send_the_table_back() -> None:
    play = played(MITCHELL, (1, 1, 1), (1, 1, 2), (2, 1, 3))
    corrected = play.after(Entered(1, 1, 2)).after(Entered(1, 1, 1, Mark.ADJUSTED))
    assert corrected.round_of(1) == 2
    assert (corrected.mark(1, 1, 1), corrected.mark(1, 1, 2)) == (Mark.ADJUSTED, Mark.RESULT)
    assert corrected.unfinished(1) == [4]
    assert corrected.finished(1) == {1, 2, 3}
    # what stood before is still in the earlier object: each is immutable
    assert play.mark(1, 1, 1) is Mark.RESULT


def test_erasing_every_board_of_the_latest_round_falls_back_to_the_earliest_gap() -> None:
    play = played(MITCHELL, (1, 1, 1), (1, 1, 2), (2, 1, 3), Entered(1, 1, 1, Mark.ERASED))
    assert play.round_of(1) == 2
    # the director erases round 2's only board: round 1 is the latest with anything left,
    # and its board 1 is out, so the table is back at round 1 (nothing of a later round stands)
    back = play.after(Entered(2, 1, 3, Mark.ERASED))
    assert back.round_of(1) == 1
    assert back.stage(1, 1, 1) is Stage.PLAYING
    assert not back.may_enter(1, 1, 1).late
    assert back.state(1) == Play.of(
        MITCHELL,
        [Entered(*k) for k in ((1, 1, 1), (1, 1, 2), (2, 1, 3))]
        + [Entered(1, 1, 1, Mark.ERASED), Entered(2, 1, 3, Mark.ERASED)],
    ).state(1)


def test_the_same_entries_in_every_order_leave_the_same_session() -> None:
    keys = [(1, 1, 1), (1, 1, 2), (2, 1, 3), (1, 2, 3), (1, 2, 4)]
    expected = {1: 2, 2: 2, 3: 1}
    refused_early = 0
    for order in itertools.permutations(keys):
        play = Play.of(MITCHELL)
        for key in order:
            permit = play.may_enter(*key)
            if key == (2, 1, 3) and play.round_of(1) == 1:
                assert not permit.allowed  # round 2 before round 1 is in
                refused_early += 1
            play = play.after(Entered(*key))  # the log may hold it (the director's)
        assert {t: play.round_of(t) for t in (1, 2, 3)} == expected
        assert play.unfinished(1) == [4]
        assert play.finished(2) == {3, 4}
    # of the 120 orders, board 3 of round 2 comes before one of round 1's two boards in
    # every order but those where it is after both (a third of them): 80 refused
    assert refused_early == 80


def test_a_howell_table_plays_the_relay_sets_at_its_own_pace() -> None:
    play = played(HOWELL, (1, 1, 1), (1, 1, 2), (2, 1, 5), (2, 1, 6), (1, 2, 2))
    assert (play.round_of(1), play.round_of(2)) == (3, 1)
    assert play.unfinished(1) == [3, 4]
    assert play.unfinished(2) == [1]
    # table 2 plays boards 5 and 6 in round 2, after table 1 has passed them on
    assert play.stage(2, 2, 5) is Stage.WAITING
    assert said(play.may_enter(2, 2, 5)) == (
        "board 5 is played in round 2: this table is playing round 1, so enter round 1's"
        " boards first"
    )
    assert play.finished(2) == {2}


def test_a_teams_table_sees_a_board_once_both_rooms_of_its_match_have_it() -> None:
    assert [other_room(t) for t in (1, 2, 3, 4)] == [2, 1, 4, 3]
    with pytest.raises(BridgeInputError, match="table 0: tables are numbered from 1"):
        other_room(0)
    play = played(TEAMS, (1, 1, 1), (1, 1, 2), (1, 2, 2), Entered(1, 2, 3, Mark.NOT_PLAYED))
    assert play.finished(1) == {1, 2}
    assert play.may_see(1) == {1, 2}  # pairs: what it has finished
    assert play.may_see(1, teams=True) == {2}  # board 1 is not in at the closed room yet
    assert play.may_see(2, teams=True) == {2}  # board 3 not played there: nothing to see
    assert play.may_see(3, teams=True) == set()
    play = play.after(Entered(1, 2, 1))
    assert play.may_see(1, teams=True) == {1, 2}
    # the director erases the closed room's board 2: the open room's traveller closes again
    play = play.after(Entered(1, 2, 2, Mark.ERASED))
    assert play.may_see(1, teams=True) == {1}
    assert play.stage(1, 2, 2) is Stage.PLAYING  # table 2 is still in round 1 (board 3 in)


def test_the_two_rooms_of_a_match_play_its_boards_in_their_own_order() -> None:
    play = played(swiss(1), (1, 2, 2))
    assert play.unfinished(2) == [1]  # the closed room plays board 2 first
    assert play.unfinished(1) == [1, 2]
    assert said(play.plan.where(1, 2, 3, label="1b", teams=True)) == (
        "board 3 is not played at table 1b in round 1 (this match: boards 1, 2)"
    )


def test_a_swiss_table_waits_for_the_draw_then_moves_on() -> None:
    first = [(1, t, b) for t in (1, 2, 3, 4) for b in (1, 2)]
    play = played(swiss(1), *first[:6])  # match 1 done, match 2's closed room not
    # the last round drawn so far, every board in: the table waits for the next draw
    assert (play.round_of(1), play.unfinished(1)) == (1, [])
    assert play.table_stage(1, 1) is Stage.DONE
    assert said(play.may_enter(2, 1, 3)) == (
        "board 3 is played in round 2: this table is playing round 1, so enter round 1's"
        " boards first"
    )
    assert [(s.table, s.board) for s in play.not_yet_in()] == [(4, 2), (4, 1)]
    # round 2 is drawn: the same entries under the movement with two rounds
    drawn = play.redrawn(swiss(2))
    assert [drawn.round_of(t) for t in (1, 2, 3, 4)] == [2, 2, 2, 1]
    assert drawn.stage(2, 1, 3) is Stage.PLAYING
    assert drawn.stage(2, 4, 4) is Stage.WAITING
    assert drawn.may_enter(2, 1, 3).allowed
    assert not drawn.may_enter(2, 1, 3).late
    for table in (1, 2, 3, 4):
        assert drawn.state(table) == Play.of(swiss(2), [Entered(*k) for k in first[:6]]).state(
            table
        )
    # the earlier object is unchanged: it still knows one round
    assert play.round_of(1) == 1
    # table 4 finishes round 1 late in the draw: it moves to round 2 like the others
    drawn = drawn.after(Entered(1, 4, 2)).after(Entered(1, 4, 1))
    assert drawn.round_of(4) == 2
    assert drawn.may_see(4, teams=True) == {1, 2}
    assert drawn.may_see(3, teams=True) == {1, 2}


def test_a_swiss_board_erased_after_the_draw_is_entered_late() -> None:
    first = [Entered(1, t, b) for t in (1, 2, 3, 4) for b in (1, 2)]
    play = Play.of(swiss(2), [*first, Entered(2, 1, 3), Entered(1, 1, 2, Mark.ERASED)])
    assert play.round_of(1) == 2
    assert play.stage(1, 1, 2) is Stage.MISSING
    assert play.may_enter(1, 1, 2).late
    assert [(s.round, s.table, s.board) for s in play.missing()] == [(1, 1, 2)]
    assert play.may_see(2, teams=True) == {1}  # board 2 is out at the open room again


MOVEMENTS = {"mitchell": MITCHELL, "howell": HOWELL, "teams": TEAMS, "swiss": swiss(3)}


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(MOVEMENTS)),
    st.data(),
)
def test_any_log_read_one_entry_at_a_time_is_the_whole_log(name: str, data: st.DataObject) -> None:
    movement = MOVEMENTS[name]
    seatings = Plan.of(movement).seatings()
    log = data.draw(
        st.lists(st.tuples(st.sampled_from(seatings), st.sampled_from(list(Mark))), max_size=30)
    )
    entries = [Entered(s.round, s.table, s.board, mark) for s, mark in log]
    step = Play.of(movement)
    for entry in entries:
        step = step.after(entry)
    whole = Play.of(movement, entries)
    for table in Plan.of(movement).tables:
        assert step.state(table) == whole.state(table)
        assert step.may_see(table, teams=True) == whole.may_see(table, teams=True)
    assert step.stages() == whole.stages()


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(MOVEMENTS)), st.randoms(use_true_random=False))
def test_with_erasures_and_corrections_each_board_ends_in_exactly_once(
    name: str, rng: random.Random
) -> None:
    """Tables enter, in a random order, what they may (a Swiss drawn round by round once
    the last round drawn is in); the director erases and corrects now and then. Nothing is
    let in where something stands, a board erased is entered again (late or not), and at
    the end every board of the movement stands exactly once. A table never sees a board it
    has yet to play."""
    movement = MOVEMENTS[name]
    teams = name in ("teams", "swiss")
    drawn = 1 if name == "swiss" else len(movement.rounds)
    play = Play.of(swiss(drawn) if name == "swiss" else movement)
    entered: list[tuple[int, int, int]] = []
    erased: list[tuple[int, int, int]] = []
    while True:
        seatings = play.plan.seatings()
        standing = [k for s in seatings if play.mark(*(k := (s.round, s.table, s.board)))]
        for key in standing:
            assert not play.may_enter(*key).allowed
        if standing and len(erased) < 4 and rng.random() < 0.15:
            key = rng.choice(standing)
            if rng.random() < 0.5:  # the director erases it: it is out again
                erased.append(key)
                play = play.after(Entered(*key, Mark.ERASED))
            else:  # the director corrects it: it stays in
                play = play.after(Entered(*key, Mark.ADJUSTED))
            continue
        open_ = [
            (s.round, s.table, s.board)
            for s in seatings
            if play.may_enter(s.round, s.table, s.board).allowed
        ]
        if not open_:
            if name == "swiss" and drawn < len(SWISS_ROUNDS):
                assert play.not_yet_in() == []  # the next round is drawn only then
                drawn += 1
                play = play.redrawn(swiss(drawn))
                continue
            break
        key = rng.choice(open_)
        entered.append(key)
        play = play.after(Entered(*key, rng.choice([Mark.RESULT, Mark.NOT_PLAYED])))
        for table in play.plan.tables:
            yet_to_play = {
                s.board
                for s in play.plan.seatings()
                if s.table == table and play.mark(s.round, s.table, s.board) is None
            }
            assert not (play.may_see(table, teams=teams) & yet_to_play)
            assert play.may_see(table, teams=teams) <= play.finished(table)
    assert len(play.plan.movement.rounds) == 3  # every Swiss round was drawn and played
    every = sorted((s.round, s.table, s.board) for s in play.plan.seatings())
    assert sorted(set(entered)) == every
    for key in every:
        assert entered.count(key) == 1 + erased.count(key)
        assert play.mark(*key) is not None
    assert play.not_yet_in() == []


def test_what_is_missing_names_the_pairs_who_owe_it() -> None:
    play = played(
        MITCHELL,
        *[(1, t, b) for t, boards in ((1, (1, 2)), (2, (3, 4)), (3, (5, 6))) for b in boards],
        (2, 1, 3),
        (2, 1, 4),
        (2, 2, 5),
        Entered(1, 2, 4, Mark.ERASED),
    )
    assert [str(s) for s in play.missing()] == ["round 1, table 2: 2NS v 2EW, board 4"]
    assert [(s.round, s.table, s.board, stage) for s, stage in play.stages() if stage in (
        Stage.PLAYING, Stage.MISSING)] == [
        (1, 2, 4, Stage.MISSING),
        (2, 2, 6, Stage.PLAYING),
        (2, 3, 1, Stage.PLAYING),
        (2, 3, 2, Stage.PLAYING),
        (3, 1, 5, Stage.PLAYING),  # table 1 has finished rounds 1 and 2
        (3, 1, 6, Stage.PLAYING),
    ]  # fmt: skip
    assert [play.entered_count(r, 2) for r in (1, 2, 3)] == [1, 1, 0]
    assert [play.table_stage(r, 2) for r in (1, 2, 3)] == [
        Stage.MISSING,
        Stage.PLAYING,
        Stage.WAITING,
    ]
    # what a close would leave: every board not in (8 of the 18 stand)
    assert len(play.not_yet_in()) == 10


def test_what_a_viewer_may_open_while_under_way_and_once_published() -> None:
    play = played(MITCHELL, (1, 1, 1), (1, 1, 2), (2, 1, 3), Entered(1, 2, 3, Mark.NOT_PLAYED))
    assert play.shown_to(1, published=False) == {1, 2, 3}
    assert play.shown_to(2, published=False) == set()  # board 3 not played there
    assert play.shown_to(None, published=False) == set()  # no table: nothing yet
    assert play.shown_to(None, published=True) == set(range(1, 7))
    assert play.shown_to(3, published=True) == set(range(1, 7))
    teams = played(TEAMS, (1, 1, 1), (1, 1, 2), (1, 2, 2))
    assert teams.shown_to(1, published=False, teams=True) == {2}
    assert teams.shown_to(1, published=True, teams=True) == set(range(1, 10))


def test_the_moves_after_a_round_are_the_movements() -> None:
    plan = Plan.of(MITCHELL)
    after = plan.moves(1, 1)  # round 2 as written above: 1EW at table 2, boards 1-2 at 3
    assert (after.ns.pair, after.ns.table) == ("1NS", 1)
    assert (after.ew.pair, after.ew.table) == ("1EW", 2)
    assert after.boards.tables == (3,)
    assert after.next == Table(1, "1NS", "3EW", (3, 4))
    assert not after.last
    assert plan.moves(3, 1).last


def test_a_plans_moves_are_the_movements_worked_out_once_in_sections_too() -> None:
    """Each (round, table)'s moves are what the movement says (within the table's section
    in a field in sections), and asked again the same answer, not worked out anew."""
    from bridgescore.events.movements.moves import moves_after
    from bridgescore.events.movements.sections import parse_sections

    spec, field = parse_sections("mitchell:3x2 + mitchell:3x2")
    del spec
    flat = field.flattened()
    plan = Plan.of(flat, field)
    for number in range(1, len(flat.rounds) + 1):
        for table in plan.tables:
            first = plan.moves(number, table)
            assert first == moves_after(flat, number, table, among=plan.sections.get(table))
            assert plan.moves(number, table) is first
    # table 4 (section B's first) sends boards 1-2 to its own section's table 6, not
    # to table 3, which plays section A's copy of them
    assert (plan.moves(1, 4).boards.boards, plan.moves(1, 4).boards.tables) == ((1, 2), (6,))


def test_a_section_of_fewer_rounds_ends_at_its_own_last_round() -> None:
    """A Mitchell of 3 tables (3 rounds) beside a Howell of 4 (7 rounds): the Mitchell's
    tables finish at their round 3, with nobody to move, not sent to sit out round 4."""
    from bridgescore.events.movements.sections import parse_sections

    _spec, field = parse_sections("mitchell:3x2 + howell:4x3")
    flat = field.flattened()
    plan = Plan.of(flat, field)
    assert len(flat.rounds) == 7
    assert [plan.last_round_at(t) for t in plan.tables] == [3, 3, 3, 7, 7, 7, 7]
    after_three = plan.moves(3, 1)
    assert (after_three.last, after_three.next) == (True, None)
    assert plan.moves(3, 4).last is False  # the Howell's first table goes on
    assert plan.moves(7, 4).last is True
    # table A1 with its 6 boards in: its section's last round, finished
    done = Play.of(plan, [Entered(r, 1, b) for r, bs in ((1, (1, 2)), (2, (3, 4)), (3, (5, 6)))
                          for b in bs])  # fmt: skip
    assert done.round_of(1) == 3
    assert done.unfinished(1) == []
    assert done.round_of(4) == 1  # the Howell's tables untouched
    # one field: the movement's last round, as before
    assert Plan.of(MITCHELL).last_round_at(2) == 3


def test_a_plans_seatings_are_the_movements_made_once() -> None:
    """Every board the movement schedules, in round and table order (table 2 before 10),
    the same tuple asked again (the grid asks at every look: 14,400 at 240 tables)."""
    plan = Plan.of(build("mitchell:10x2"))  # 10 tables, 9 rounds as built
    first = plan.seatings()
    assert len(first) == 9 * 10 * 2
    assert [(s.round, s.table, s.board) for s in first[:4]] == [(1, 1, 1), (1, 1, 2), (1, 2, 3),
                                                              (1, 2, 4)]  # fmt: skip
    assert [s.table for s in first[:20:2]] == list(range(1, 11))
    assert (first[0].ns, first[0].ew) == ("1NS", "1EW")
    assert plan.seatings() is first
