"""The one totalling that pairs and individual events share: tallies, factoring,
rounding, percentages and places of a field (``events.pairs.rank_field``)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.vulnerability import Vulnerability
from bridgescore.duplicate.matchpoint_policies import get_policy
from bridgescore.duplicate.matchpoints import Halves, round_to
from bridgescore.events.individual import score_individual
from bridgescore.events.model import EventResults, ResultRow
from bridgescore.events.pairs import (
    ExactSum,
    Ranked,
    Tally,
    Totalling,
    _round_ratio,
    matchpoint_policy,
    rank_field,
    score_pairs,
)
from bridgescore.events.vocabulary import Scoring


def _tally(*lines: tuple[Fraction, Fraction, float | None]) -> Tally:
    tally = Tally()
    for counted, exact, top in lines:
        tally.add(counted, exact, None if top is None else Fraction(str(top)))
    return tally


def test_tally_adds_counted_exact_tops_and_boards() -> None:
    tally = _tally((Fraction("12.6"), Fraction(253, 20), 20.0), (Fraction(3), Fraction(3), None))
    assert (tally.counted, tally.exact, tally.top, tally.boards) == (
        Fraction("15.6"),
        Fraction(313, 20),
        Fraction(20),
        2,
    )


@given(st.lists(st.fractions(max_denominator=60), max_size=40))
def test_an_exact_sum_equals_the_fractions_added_one_by_one(values: list[Fraction]) -> None:
    total = ExactSum()
    for value in values:
        total.add(value)
    assert total.value == sum(values, Fraction(0))


@given(
    st.lists(st.fractions(max_denominator=60), max_size=40),
    st.lists(st.fractions(max_denominator=60), max_size=10),
)
def test_an_exact_sum_in_parts_is_its_value(values: list[Fraction], taken: list[Fraction]) -> None:
    total = ExactSum()
    for value in [*values, *taken]:
        total.add(value)
    for value in taken:
        total.take(value)
    numerator, denominator = total.parts()
    assert denominator > 0
    assert Fraction(numerator, denominator) == sum(values, Fraction(0))


@given(
    st.integers(-(10**7), 10**7),
    st.integers(-(10**4), 10**4).filter(bool),
    st.sampled_from([None, 0, 1, 2, 3]),
    st.sampled_from(list(Halves)),
)
def test_a_ratio_is_rounded_as_round_to_rounds_its_fraction(
    numerator: int, denominator: int, decimals: int | None, halves: Halves
) -> None:
    value = Fraction(numerator, denominator)
    got = _round_ratio(numerator, denominator, decimals, halves)
    if decimals is None:
        assert got == float(value)
    else:
        how = Halves.AWAY_FROM_ZERO if halves is Halves.TOWARD_AVERAGE else halves
        assert got == float(round_to(value, Fraction(1, 10**decimals), how))


@pytest.mark.parametrize(
    ("numerator", "denominator", "halves", "written"),
    [
        (5375, 1000, Halves.AWAY_FROM_ZERO, 5.38),  # 5.375
        (-5375, 1000, Halves.AWAY_FROM_ZERO, -5.38),
        (5375, 1000, Halves.EVEN, 5.38),
        (5365, 1000, Halves.EVEN, 5.36),
        (-5365, 1000, Halves.EVEN, -5.36),
        (5365, 1000, Halves.TOWARD_AVERAGE, 5.37),
        (200, 3, Halves.AWAY_FROM_ZERO, 66.67),
        (-200, -3, Halves.EVEN, 66.67),
        (100, -3, Halves.EVEN, -33.33),
    ],
)
def test_ratios_rounded_to_two_decimals(
    numerator: int, denominator: int, halves: Halves, written: float
) -> None:
    assert _round_ratio(numerator, denominator, 2, halves) == written


def test_percentages_and_places() -> None:
    tallies = {
        "1": _tally((Fraction(12), Fraction(12), 20.0)),
        "2": _tally((Fraction(8), Fraction(8), 20.0)),
        "3": _tally((Fraction(12), Fraction(12), 20.0)),
    }
    assert rank_field(tallies, Totalling(), event_boards=1) == [
        Ranked("1=", "1", 12.0, 60.0, 1),
        Ranked("1=", "3", 12.0, 60.0, 1),
        Ranked("3", "2", 8.0, 40.0, 1),
    ]


def test_imps_are_ranked_on_totals_without_percentages() -> None:
    tallies = {
        "A": _tally((Fraction(-3), Fraction(-3), None)),
        "B": _tally((Fraction(5), Fraction(5), None)),
    }
    ranked = rank_field(tallies, Totalling.of(None), event_boards=1)
    assert [(r.place, r.name, r.total, r.percent) for r in ranked] == [
        ("1", "B", 5.0, None),
        ("2", "A", -3.0, None),
    ]


def test_factoring_scales_the_written_total() -> None:
    # Compscore: 64.4 MP over 16 boards in a field whose most is 17 -> 68.425 -> 68.42
    # (halves to even); the percentage does not change.
    board = (Fraction("4.025"), Fraction("4.025"), 8.0)
    short = _tally(*[board] * 16)
    full = _tally(*[board] * 17)
    totalling = Totalling.of(get_policy("compscore"))
    assert totalling.factor == "field"
    ranked = {r.name: r for r in rank_field({"a": short, "b": full}, totalling, event_boards=17)}
    assert ranked["a"].total == 68.42
    assert ranked["a"].percent == ranked["b"].percent
    boards = Totalling(factor="boards")
    assert rank_field({"a": short}, boards, event_boards=32)[0].total == 128.8


def test_exact_totals_and_percentages() -> None:
    tally = _tally((Fraction("0.1"), Fraction(1, 12), 1.0))
    assert rank_field({"p": tally}, Totalling(), event_boards=1)[0].total == 0.1
    exact = Totalling(exact_totals=True, exact_percentages=True, decimals=None)
    assert rank_field({"p": tally}, exact, event_boards=1)[0] == Ranked(
        "1", "p", 1 / 12, 100 / 12, 1
    )


def test_totalling_of_a_policy_and_its_override() -> None:
    ruter = Totalling.of(get_policy("ruter"))
    assert (ruter.exact_totals, ruter.exact_percentages, ruter.decimals) == (True, True, None)
    assert Totalling.of(get_policy("compscore"), False).factor is None
    assert Totalling.of(get_policy("wbf"), "boards").factor == "boards"
    assert Totalling.of(get_policy("compscore")).halves is Halves.EVEN
    assert matchpoint_policy(Scoring.ACBL).name == "acbl"
    assert matchpoint_policy(Scoring.MATCHPOINTS).name == "wbf"
    assert matchpoint_policy(Scoring.MATCHPOINTS, "ebu").name == "ebu"


@pytest.mark.parametrize("scoring", ["mp", "butler", "cross-imps"])
def test_fixed_partnerships_score_alike_as_pairs_and_as_players(scoring: str) -> None:
    """An individual in which partners never change: each player's total, percentage
    and boards are the partnership's, from the same totalling."""
    none = Vulnerability.NONE
    scores = {1: (420, -50, 450, 400), 2: (-100, 110, 140, -100)}
    tables = [
        ("1", "2", "3", "4"),
        ("5", "6", "7", "8"),
        ("9", "10", "11", "12"),
        ("13", "14", "15", "16"),
    ]
    rows = tuple(
        ResultRow(board, f"{n}+{s}", f"{e}+{w}", none, ns_score=score, players=(n, e, s, w))
        for board, board_scores in scores.items()
        for (n, e, s, w), score in zip(tables, board_scores, strict=True)
    )
    event = EventResults(rows)
    pairs = {s.pair: s for s in score_pairs(event, scoring, field="one").standings}
    players = score_individual(event, scoring).standings
    assert len(players) == 16
    for player in players:
        (pair,) = [p for p in pairs if player.player in p.split("+")]
        mine = pairs[pair]
        assert (player.total, player.percent, player.boards) == (
            mine.total,
            mine.percent,
            mine.boards,
        )
