"""The Mitchell family: every form proved sound, and the published properties of each."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.events.movements import Movement, MovementError, MovementKind, Round, Table
from bridgescore.events.movements.mitchell import (
    EVEN_FORMS,
    MISSING_PAIRS,
    appendix_mitchell,
    arrow_switch_rounds,
    hesitation_mitchell,
    mitchell,
    web_mitchell,
)

TABLES = range(2, 31)


def _codes(movement: Movement) -> set[str]:
    return {p.code for p in movement.problems()}


def _sets_of(movement: Movement, pair: str) -> Counter[tuple[int, ...]]:
    return Counter(t.boards for r in movement.rounds for t in r.tables if pair in (t.ns, t.ew))


def _table(movement: Movement, number: int, table: int) -> Table:
    return next(t for t in movement.rounds[number - 1].tables if t.table == table)


def _where_ew(movement: Movement, pair: str) -> list[int]:
    """The table of ``pair`` in each round (0 when it sits out)."""
    return [next((t.table for t in r.tables if pair in (t.ns, t.ew)), 0) for r in movement.rounds]


# Soundness for every size ------------------------------------------------------------


@pytest.mark.parametrize("tables", TABLES)
def test_relay_and_arrow_switched_mitchells_are_sound(tables: int) -> None:
    for even in EVEN_FORMS:
        plain = mitchell(tables, 2, even=even)
        switched = mitchell(
            tables, 2, even=even, arrow_switch=arrow_switch_rounds(len(plain.rounds), 2)
        )
        assert plain.problems() == []
        assert switched.problems() == []
        assert switched.kind is MovementKind.MITCHELL


def _half_table_meets_70_percent(tables: int, even: str) -> bool:
    """Where a half table keeps every pair at 70 % of the boards (worked out by hand).

    The pairs opposite the missing one sit out once (twice in a full even skip Mitchell):
    with T sets in use they play T - 1 of them, 70 % from 4 tables; in the default even
    skip Mitchell (T - 1 rounds) they play T - 2, 70 % only from 8 tables.
    """
    if tables % 2 or even == "relay":
        return tables >= 4
    return tables >= 8


@pytest.mark.parametrize("tables", TABLES)
def test_half_tables_are_sound_where_the_70_percent_rule_allows(tables: int) -> None:
    for even in EVEN_FORMS:
        for missing in MISSING_PAIRS:
            movement = mitchell(tables, 3, even=even, missing=missing)
            absent = f"{tables}{missing.upper()}"
            assert absent not in movement.pairs
            assert len(movement.pairs) == 2 * tables - 1
            assert all(
                len(r.sit_outs) == 1 and len(r.tables) == tables - 1 for r in movement.rounds
            )
            if _half_table_meets_70_percent(tables, even):
                assert movement.problems() == []
            else:
                assert _codes(movement) == {"under-70-percent"}


@pytest.mark.parametrize("tables", range(4, 31))
def test_appendix_mitchells_are_sound(tables: int) -> None:
    movement = appendix_mitchell(tables, 3)
    if tables >= 6:
        assert movement.problems() == []
    else:  # 2½ and 3½ tables: the EW pairs sit out one of 2 or 3 rounds
        assert _codes(movement) == {"under-70-percent"}


@pytest.mark.parametrize("tables", range(3, 31))
def test_hesitation_mitchells_are_sound(tables: int) -> None:
    assert hesitation_mitchell(tables, 2).problems() == []


@pytest.mark.parametrize("tables", range(4, 31, 2))
def test_web_mitchells_are_sound(tables: int) -> None:
    for rounds in range(tables // 2, tables):
        movement = web_mitchell(tables, 2, rounds)
        assert movement.problems() == [], (tables, rounds)
        copies = max(
            Counter(t.boards for t in r.tables).most_common(1)[0][1] for r in movement.rounds
        )
        assert copies == 2  # two copies of each board suffice
        every = set(movement.boards)
        assert all({b for s in _sets_of(movement, p) for b in s} == every for p in movement.pairs)


# The skip ---------------------------------------------------------------------------


def _hand_skip(tables: int, rounds: int, skip_after: int) -> Movement:
    """The skip Mitchell written out from its definition (1 board a set, pairs 1NS/1EW)."""
    return Movement(
        kind=MovementKind.MITCHELL,
        rounds=tuple(
            Round(
                tables=tuple(
                    Table(
                        table=t,
                        ns=f"{t}NS",
                        ew=f"{(t - r - (r > skip_after)) % tables + 1}EW",
                        boards=((t + r - 2) % tables + 1,),
                    )
                    for t in range(1, tables + 1)
                )
            )
            for r in range(1, rounds + 1)
        ),
    )


@pytest.mark.parametrize("tables", range(4, 21, 2))
def test_the_skip_can_come_from_round_r_minus_half_the_tables(tables: int) -> None:
    half = tables // 2
    for rounds in range(half, tables):
        earliest = rounds - half  # bridgecentral: E = R - T/2
        for skip_after in range(earliest, half + 1):
            movement = mitchell(tables, 1, rounds, skip_after=skip_after)
            assert movement == _hand_skip(tables, rounds, skip_after)
            assert _codes(movement) <= {"under-70-percent"}  # short ones may miss 70 %
        if earliest >= 1:
            assert "board-twice" in _codes(_hand_skip(tables, rounds, earliest - 1))
            with pytest.raises(MovementError, match=f"skip_after must be from {earliest} "):
                mitchell(tables, 1, rounds, skip_after=earliest - 1)
        if half + 1 < rounds:
            assert "board-twice" in _codes(_hand_skip(tables, rounds, half + 1))


def test_fourteen_tables_skip_after_the_seventh_round() -> None:
    movement = mitchell(14, 2, 13)
    for number in range(1, 15):
        places = _where_ew(movement, f"{number}EW")
        steps = [(b - a) % 14 for a, b in pairwise(places)]
        assert steps == [1] * 6 + [2] + [1] * 5


# Relay and bye stand ----------------------------------------------------------------


@pytest.mark.parametrize("tables", range(2, 31, 2))
def test_relay_mitchell_is_the_published_share_and_relay(tables: int) -> None:
    movement = mitchell(tables, 3, even="relay")
    boards = set(range(1, 3 * tables + 1))
    assert len(movement.rounds) == tables
    assert movement.revenge_rounds == frozenset()
    assert movement.shared == frozenset(boards)
    for number in range(1, tables + 1):
        ew = f"{number}EW"
        assert sorted(b for s in _sets_of(movement, ew) for b in s) == sorted(boards)
        assert len({t.ns for r in movement.rounds for t in r.tables if t.ew == ew}) == tables
    half = tables // 2
    for number, rnd in enumerate(movement.rounds, start=1):
        assert _table(movement, number, 1).boards == _table(movement, number, tables).boards
        assert len(rnd.relay) == 3
        if number < tables:  # table T/2 + 1 passes to the bye stand, the bye stand to T/2
            after = movement.rounds[number]
            assert after.relay == _table(movement, number, half + 1).boards
            assert _table(movement, number + 1, half).boards == rnd.relay


def test_half_table_in_a_relay_mitchell_removes_the_sharing() -> None:
    movement = mitchell(10, 3, even="relay", missing="ns")
    assert movement.shared == frozenset()
    assert not movement.factored
    assert [r.sit_outs for r in movement.rounds] == [(f"{10 - r}EW",) for r in range(10)]
    assert movement.problems() == []


def test_curtailed_half_table_declares_factoring() -> None:
    movement = mitchell(9, 3, rounds=7, missing="ns")
    plays = Counter(b for r in movement.rounds for t in r.tables for b in t.boards)
    assert movement.factored
    assert sorted(set(plays.values())) == [6, 7]
    assert not mitchell(9, 3, missing="ns").factored


# Arrow switch ------------------------------------------------------------------------


def test_arrow_switch_rounds_follow_the_ebu_advice() -> None:
    # The last round up to 9 rounds; the last two from 12 rounds (ebu.co.uk forum 403).
    assert {r: arrow_switch_rounds(r, 3) for r in (1, 2, 8, 9, 10, 11)} == {
        1: (1,),
        2: (2,),
        8: (8,),
        9: (9,),
        10: (10,),
        11: (11,),
    }
    assert [arrow_switch_rounds(r, 2) for r in (12, 13, 19)] == [(11, 12), (12, 13), (18, 19)]
    assert arrow_switch_rounds(20, 2) == (18, 19, 20)


@pytest.mark.parametrize("rounds", range(1, 41))
def test_arrow_switch_turns_about_one_board_in_eight(rounds: int) -> None:
    chosen = arrow_switch_rounds(rounds, 2)
    count = len(chosen)
    assert chosen == tuple(range(rounds - count + 1, rounds + 1))
    if rounds < 4:  # fewer than half a round's worth: still one round, for one winner
        assert count == 1
    else:
        assert abs(Fraction(count) - Fraction(rounds, 8)) <= Fraction(1, 2)
    if rounds >= 6:
        assert Fraction(1, 16) <= Fraction(count, rounds) <= Fraction(3, 16)


@pytest.mark.parametrize("tables", [7, 9, 13])
def test_switched_share_of_the_boards_played(tables: int) -> None:
    switch = arrow_switch_rounds(tables, 2)
    movement = mitchell(tables, 2, arrow_switch=switch)
    turned = sum(len(t.boards) for r in movement.rounds for t in r.tables if t.ns.endswith("EW"))
    played = sum(len(t.boards) for r in movement.rounds for t in r.tables)
    assert Fraction(turned, played) == Fraction(len(switch), tables)
    for number, rnd in enumerate(movement.rounds, start=1):
        assert all(t.ns.endswith("EW" if number in switch else "NS") for t in rnd.tables)
    plain = mitchell(tables, 2).balance().get("1NS", "3EW")
    assert plain.same == 0
    assert movement.balance().get("1NS", "3EW").same > 0


def test_switching_the_first_round_keeps_the_home_lines() -> None:
    assert mitchell(5, 2, arrow_switch=(1,)).problems() == []
    assert mitchell(8, 2, missing="ns", arrow_switch=(2,)).problems() == []
    clash = Movement(
        kind=MovementKind.MITCHELL,
        rounds=(
            Round(tables=(Table(1, "1EW", "1NS", (1,)),)),
            Round(tables=(Table(1, "1NS", "2NS", (2,)),)),
        ),
    )
    assert [str(p) for p in clash.problems() if p.code == "same-line"] == [
        "round 2, table 1: NS pair 1NS meets NS pair 2NS in a Mitchell"
    ]
    named = Movement(
        kind=MovementKind.MITCHELL,
        rounds=(
            Round(tables=(Table(1, "B", "A", (1,)),)),
            Round(tables=(Table(1, "A", "C", (2,)),)),
        ),
    )
    assert [str(p) for p in named.problems()] == [
        "round 2, table 1: EW pair A meets EW pair C in a Mitchell",
        "pair B is scheduled for 1 of the 2 boards in use, fewer than 70 %",
        "pair C is scheduled for 1 of the 2 boards in use, fewer than 70 %",
    ]


# Appendix, hesitation, web ------------------------------------------------------------


def test_ten_and_a_half_tables_as_bridgecentral_sets_them_out() -> None:
    movement = appendix_mitchell(11, 3)
    assert len(movement.rounds) == 9
    assert movement.boards == tuple(range(1, 28))
    assert movement.rounds[0].sit_outs == ("11EW",)
    assert len(movement.pairs) == 21
    assert movement.revenge_rounds == frozenset()
    for number in range(1, 10):
        assert _table(movement, number, 10).boards == _table(movement, number, 1).boards
        assert {t.table for t in movement.rounds[number - 1].tables} == set(range(1, 11))


@pytest.mark.parametrize("tables", [6, 8, 12, 20])
def test_even_base_appendix_skips_after_half_its_rounds(tables: int) -> None:
    base = tables - 2
    movement = appendix_mitchell(tables, 2)
    places = [
        next(
            (t.table for t in r.tables if t.ew == "1EW"),
            tables if "1EW" in r.sit_outs else 0,
        )
        for r in movement.rounds
    ]
    steps = [(b - a) % tables for a, b in pairwise(places)]
    assert steps == [1] * (base // 2 - 1) + [2] + [1] * (base - base // 2 - 1)


@pytest.mark.parametrize("tables", range(3, 31))
def test_hesitation_has_one_round_more_than_tables(tables: int) -> None:
    movement = hesitation_mitchell(tables, 2)
    rounds = tables + 1
    assert len(movement.rounds) == rounds
    assert movement.kind is MovementKind.OTHER
    assert len(movement.pairs) == 2 * tables
    every = set(range(1, 2 * rounds + 1))
    for pair in movement.pairs:
        assert {b for s in _sets_of(movement, pair) for b in s} == every
    for number in range(1, rounds + 1):
        pair = f"{number}EW"
        seats = [
            (t.table, pair == t.ns)
            for r in movement.rounds
            for t in r.tables
            if pair in (t.ns, t.ew)
        ]
        assert sum(ns for _, ns in seats) == 1  # one round NS, at the last table
        at = seats.index((tables, True))
        assert seats[at - 1] == (tables, False)  # right after playing EW there
    relayed = {len(r.relay) for r in movement.rounds}
    assert relayed == ({2} if tables % 2 else {4})
    assert bool(movement.shared) == (tables % 2 == 0)


def test_web_mitchell_layout_is_bridgecentrals_example() -> None:
    movement = web_mitchell(10, 1, 7)
    first = [t.boards[0] for t in movement.rounds[0].tables]
    assert first == [1, 2, 3, 4, 5, 4, 3, 2, 1, 7]
    second = [t.boards[0] for t in movement.rounds[1].tables]
    assert second == [2, 3, 4, 5, 6, 3, 2, 1, 7, 6]
    assert movement.rounds[0].relay == (6,)
    places = _where_ew(movement, "1EW")
    assert places == [1, 2, 3, 4, 5, 6, 7]  # up one table, never a skip
    assert movement.shared == frozenset(range(1, 8))


def test_web_mitchell_with_even_sets_skips_half_way() -> None:
    movement = web_mitchell(12, 2, 8)
    places = _where_ew(movement, "1EW")
    assert [(b - a) % 12 for a, b in pairwise(places)] == [1, 1, 1, 2, 1, 1, 1]
    assert movement.problems() == []


# Properties ---------------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(
    tables=st.integers(min_value=2, max_value=16),
    boards=st.integers(min_value=1, max_value=4),
    even=st.sampled_from(EVEN_FORMS),
    missing=st.sampled_from((None, *MISSING_PAIRS)),
    data=st.data(),
)
def test_any_mitchell_breaks_at_most_the_70_percent_rule(
    tables: int, boards: int, even: str, missing: str | None, data: st.DataObject
) -> None:
    relay = even == "relay" and tables % 2 == 0
    rounds = tables if relay else data.draw(st.integers(min_value=1, max_value=tables))
    switch = tuple(data.draw(st.sets(st.integers(min_value=1, max_value=rounds))))
    movement = mitchell(tables, boards, rounds, even=even, missing=missing, arrow_switch=switch)
    assert _codes(movement) <= {"under-70-percent"}
    assert len(movement.rounds) == rounds
    if missing is None:
        assert ("under-70-percent" in _codes(movement)) == (10 * rounds < 7 * tables)
        assert not movement.factored
    plays = Counter(b for r in movement.rounds for t in r.tables for b in t.boards)
    assert max(plays.values()) - min(plays.values()) <= 1
    assert movement.factored == (len(set(plays.values())) > 1)
    assert Movement.from_json(movement.to_json()) == movement


@settings(max_examples=40, deadline=None)
@given(tables=st.integers(min_value=4, max_value=20), boards=st.integers(1, 4), data=st.data())
def test_curtailed_appendix_and_web_mitchells(
    tables: int, boards: int, data: st.DataObject
) -> None:
    rounds = data.draw(st.integers(min_value=1, max_value=tables - 2))
    appendix = appendix_mitchell(tables, boards, rounds)
    assert _codes(appendix) <= {"under-70-percent"}
    assert appendix.factored == (rounds < tables - 2)
    even = tables + tables % 2
    sets = data.draw(st.integers(min_value=even // 2, max_value=even - 1))
    web = web_mitchell(even, boards, sets)
    assert web.problems() == []
    for rnd in web.rounds:  # every board is at a table or on the relay
        in_play = {b for t in rnd.tables for b in t.boards}
        assert in_play.isdisjoint(rnd.relay)
        assert sorted(in_play | set(rnd.relay)) == list(web.boards)


# Bad arguments ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "kwargs", "match"),
    [
        (
            mitchell,
            {"tables": 6, "boards_per_round": 2, "even": "howell"},
            "even must be one of 'skip', 'relay'",
        ),
        (
            mitchell,
            {"tables": 6, "boards_per_round": 2, "missing": "north"},
            "missing must be one of 'ns', 'ew'",
        ),
        (mitchell, {"tables": 6, "boards_per_round": 0}, "boards_per_round"),
        (
            mitchell,
            {"tables": 6, "boards_per_round": 2, "rounds": 4, "even": "relay"},
            "rounds must be the 6 tables",
        ),
        (
            mitchell,
            {"tables": 7, "boards_per_round": 2, "arrow_switch": (8,)},
            r"arrow_switch: round 8 is not in 1-7",
        ),
        (
            mitchell,
            {"tables": 7, "boards_per_round": 2, "arrow_switch": (0,)},
            r"arrow_switch: round 0",
        ),
        (
            mitchell,
            {"tables": 7, "boards_per_round": 2, "arrow_switch": (3, 3)},
            "arrow_switch lists round 3 twice",
        ),
        (
            mitchell,
            {"tables": 7, "boards_per_round": 2, "arrow_switch": [7]},
            "arrow_switch must be a tuple",
        ),
        (
            mitchell,
            {"tables": 7, "boards_per_round": 2, "skip_after": 3},
            "skip_after applies only",
        ),
        (
            mitchell,
            {"tables": 8, "boards_per_round": 2, "even": "relay", "skip_after": 4},
            "skip_after applies only",
        ),
        (
            mitchell,
            {"tables": 8, "boards_per_round": 2, "skip_after": 5},
            r"skip_after must be from 3 \(rounds - tables / 2\) to 4",
        ),
        (
            appendix_mitchell,
            {"tables": 3, "boards_per_round": 2},
            "tables must be a whole number from 4",
        ),
        (
            appendix_mitchell,
            {"tables": 9, "boards_per_round": 2, "rounds": 8},
            "rounds must be at most the 7 sets",
        ),
        (appendix_mitchell, {"tables": 9, "boards_per_round": 2, "rounds": 0}, "rounds"),
        (
            hesitation_mitchell,
            {"tables": 2, "boards_per_round": 2},
            "tables must be a whole number from 3",
        ),
        (hesitation_mitchell, {"tables": 5, "boards_per_round": True}, "boards_per_round"),
        (web_mitchell, {"tables": 15, "boards_per_round": 2, "rounds": 9}, "tables must be even"),
        (
            web_mitchell,
            {"tables": 16, "boards_per_round": 2, "rounds": 7},
            "rounds must be from 8 .* to 15",
        ),
        (
            web_mitchell,
            {"tables": 16, "boards_per_round": 2, "rounds": 16},
            "rounds must be from 8",
        ),
        (arrow_switch_rounds, {"rounds": 0, "boards_per_round": 2}, "rounds"),
        (arrow_switch_rounds, {"rounds": 9, "boards_per_round": 0}, "boards_per_round"),
    ],
)
def test_bad_arguments_name_the_argument(
    make: Callable[..., Any], kwargs: dict[str, Any], match: str
) -> None:
    with pytest.raises(MovementError, match=match):
        make(**kwargs)
