"""Matchpoints on one board: the seeds' statements, published examples, invariants.

Seeds: ``000`` 'Parikilpailulaskenta' (4-2-0: bottom 0, top (tables − 1) × 2, steps
of two, ties share the average); ``001`` 'Puntuación de Matchpoint' (2 per pair
beaten, 1 per tie; Nota 1: the ACBL's 1 and ½; Nota 2: top 2n − 2, then 2n − 4 ...).
"""

from __future__ import annotations

import doctest
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgescore.duplicate.matchpoints as matchpoints_module
from bridgescore.duplicate.imps import DuplicateError, UnknownMethodError
from bridgescore.duplicate.matchpoints import (
    Halves,
    Scale,
    ew_matchpoints,
    matchpoints,
    matchpoints_by_score,
    matchpoints_exact,
    percentages,
    round_to,
)


def test_seed_000_three_tables_4_2_0() -> None:
    # 'Kolmen pöydän esimerkki': top (3 − 1) × 2 = 4, then steps of two down to 0.
    assert matchpoints([430, 400, -50]) == [4, 2, 0]
    assert matchpoints([-50, 430, 400]) == [0, 4, 2]  # same order as given


def test_seed_000_ties_get_the_average() -> None:
    # 'Jos kahdesta pöydästä tulee sama tulos ... molemmille tulosten keskiarvo'.
    assert matchpoints([620, 620, 170]) == [3, 3, 0]  # (4 + 2) / 2
    assert matchpoints([100, 100, 100]) == [2, 2, 2]


def test_seed_001_nota_2_top_is_2n_minus_2() -> None:
    for n in range(1, 12):
        scores = list(range(0, 10 * n, 10))
        assert sorted(matchpoints(scores)) == [2 * k for k in range(n)]
        assert max(matchpoints(scores)) == 2 * n - 2


def test_seed_001_nota_1_acbl_one_and_a_half() -> None:
    assert matchpoints([430, 400, -50], "acbl") == [2, 1, 0]
    assert matchpoints([620, 620, 170], "acbl") == [1.5, 1.5, 0]


def test_seed_001_complementary_percentages() -> None:
    # '... una puntuación del 80% para un par N-S implica una puntuación del 20% para sus
    # oponentes E-W': NS% + EW% = 100 on every line.
    scores = [620, 600, 600, 170, -100, 650]
    ns = percentages(scores)
    ew = percentages([-s for s in scores])
    assert [a + b for a, b in zip(ns, ew, strict=True)] == [100.0] * len(scores)
    assert max(ns) == 100.0
    assert min(ns) == 0.0


def test_acbl_example() -> None:
    # ACBL 'How to keep score' example (via richardschneider/bridge-scorer,
    # test/matchpointsACBL.js). The traveller writes each score from the declarer's side:
    # '−500' is an East-West declarer going down, so the NS score is +500.
    ns_scores = [420, 430, 500, 420, 450, -50, 170]
    assert matchpoints(ns_scores, "acbl") == [2.5, 4, 6, 2.5, 5, 0, 1]
    assert matchpoints(ns_scores) == [5, 8, 12, 5, 10, 0, 2]
    # Read as a NS −500 the board would come out differently: it would be the bottom.
    assert matchpoints([420, 430, -500, 420, 450, -50, 170], "acbl") == [
        3.5, 5, 0, 3.5, 6, 1, 2,
    ]  # fmt: skip


def test_pjms_example() -> None:
    # pjms.nl 'Neuberg made easy': 3 tables 430/400/−50 -> 4/2/0 (100/50/0 %); 6 tables,
    # each score twice -> 9/5/1 (top 2 × (6 − 1) = 10: 90/50/10 %).
    assert matchpoints([430, 400, -50]) == [4, 2, 0]
    assert percentages([430, 400, -50]) == [100, 50, 0]
    six = [430, 430, 400, 400, -50, -50]
    assert matchpoints(six) == [9, 9, 5, 5, 1, 1]
    assert percentages(six) == [90, 90, 50, 50, 10, 10]
    assert Scale.EUROPEAN.top(6) == 10


def test_nationwide_pairs_example() -> None:
    # nationwidepairs.com.au 'scoring explanation': 11 scores, top 20 (the page lost the
    # minus signs of the two bottom scores).
    scores = [1430, 690, 680, 680, 680, 660, 660, 650, -100, -100, -200]
    assert matchpoints(scores) == [20, 18, 14, 14, 14, 9, 9, 6, 3, 3, 0]


def test_east_west_is_the_complement() -> None:
    scores = [420, 430, 500, 420, 450, -50, 170]
    assert ew_matchpoints(scores) == [12 - mp for mp in matchpoints(scores)]
    assert ew_matchpoints(scores, "acbl") == [6 - mp for mp in matchpoints(scores, "acbl")]


def test_small_boards() -> None:
    assert matchpoints([]) == []
    assert matchpoints([420]) == [0]
    assert percentages([420]) == [50.0]  # a board played once: top 0, counted as 50 %
    assert matchpoints([420, 420]) == [1, 1]
    assert matchpoints_exact([100, 50], "acbl") == [Fraction(1), Fraction(0)]


def test_scales() -> None:
    assert Scale.parse("european") is Scale.EUROPEAN
    assert Scale.parse("WBF") is Scale.EUROPEAN
    assert Scale.parse("north-american") is Scale.ACBL
    assert Scale.parse(Scale.ACBL) is Scale.ACBL
    assert Scale.ACBL.top(7) == 6
    assert Scale.EUROPEAN.top(0) == 0
    assert (Scale.EUROPEAN.per_win, Scale.EUROPEAN.per_tie) == (Fraction(2), Fraction(1))
    assert (Scale.ACBL.per_win, Scale.ACBL.per_tie) == (Fraction(1), Fraction(1, 2))
    assert str(Scale.ACBL) == "acbl"
    assert repr(Scale.ACBL) == "Scale.ACBL"


def test_unknown_scale_lists_the_scales() -> None:
    with pytest.raises(UnknownMethodError, match=r"'imps'.*european.*acbl"):
        matchpoints([1, 2], "imps")


def test_bad_scores_are_quoted() -> None:
    with pytest.raises(DuplicateError, match=r"'420', 4\.5"):
        matchpoints([100, "420", 4.5])  # type: ignore[list-item]
    with pytest.raises(DuplicateError, match="sequence"):
        matchpoints("420")  # type: ignore[arg-type]
    with pytest.raises(DuplicateError):
        matchpoints([True, 100])
    with pytest.raises(DuplicateError, match="0 or more"):
        Scale.EUROPEAN.top(-1)


@pytest.mark.parametrize(
    ("value", "step", "halves", "expected"),
    [
        (Fraction(43, 8), Fraction(1, 100), "away-from-zero", Fraction(538, 100)),  # 5.375
        (Fraction(213, 8), Fraction(1, 100), "up", Fraction(2663, 100)),  # 26.625
        (Fraction(1, 16), Fraction(1, 100), "away-from-zero", Fraction(6, 100)),  # 0.0625
        (Fraction(425), 10, "even", Fraction(420)),
        (Fraction(435), 10, "even", Fraction(440)),
        (Fraction(425), 10, "away-from-zero", Fraction(430)),
        (Fraction(-35), 10, "away-from-zero", Fraction(-40)),
        (Fraction(-35), 10, "even", Fraction(-40)),
        (Fraction(-25), 10, "even", Fraction(-20)),
        (Fraction(-1, 3), Fraction(1, 10), "even", Fraction(-3, 10)),
    ],
)
def test_round_to(value: Fraction, step: Fraction, halves: str, expected: Fraction) -> None:
    assert round_to(value, step, halves) == expected


def test_round_toward_average() -> None:
    tenth = Fraction(1, 10)
    assert round_to(Fraction(1995, 100), tenth, "toward-average", average=Fraction(10)) == Fraction(
        199, 10
    )
    assert round_to(Fraction(5, 100), tenth, "toward-average", average=Fraction(10)) == tenth
    with pytest.raises(DuplicateError, match="average"):
        round_to(Fraction(5, 100), tenth, Halves.TOWARD_AVERAGE)
    with pytest.raises(UnknownMethodError, match="'sideways'"):
        round_to(Fraction(1), 1, "sideways")


SCORES = st.lists(st.integers(min_value=-80, max_value=80).map(lambda x: 10 * x), max_size=30)
SCALES = st.sampled_from(["european", "acbl"])


@given(SCORES)
def test_european_sum_is_n_times_n_minus_1(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints_exact(scores)) == n * (n - 1)


@given(SCORES)
def test_acbl_sum_is_half_that(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints_exact(scores, "acbl")) == Fraction(n * (n - 1), 2)
    assert matchpoints_exact(scores, "acbl") == [mp / 2 for mp in matchpoints_exact(scores)]


@given(SCORES, SCALES)
def test_ties_get_equal_matchpoints(scores: list[int], scale: str) -> None:
    by_score: dict[int, set[float]] = {}
    for score, mp in zip(scores, matchpoints(scores, scale), strict=True):
        by_score.setdefault(score, set()).add(mp)
    assert all(len(values) == 1 for values in by_score.values())


@given(SCORES, SCALES)
def test_better_scores_get_more(scores: list[int], scale: str) -> None:
    pairs = sorted(zip(scores, matchpoints(scores, scale), strict=True))
    for (s1, m1), (s2, m2) in pairwise(pairs):
        assert m1 < m2 if s1 < s2 else m1 == m2


@given(SCORES, SCALES)
def test_ns_plus_ew_is_the_top(scores: list[int], scale: str) -> None:
    top = float(Scale.parse(scale).top(len(scores)))
    for ns, ew in zip(matchpoints(scores, scale), ew_matchpoints(scores, scale), strict=True):
        assert ns + ew == top
    assert ew_matchpoints(scores, scale) == matchpoints([-s for s in scores], scale)


@given(SCORES)
def test_percentages_in_range(scores: list[int]) -> None:
    assert all(0 <= p <= 100 for p in percentages(scores))
    assert percentages(scores) == percentages(scores, "acbl")


def test_module_doctests() -> None:
    assert doctest.testmod(matchpoints_module).failed == 0


@given(
    st.lists(st.integers(-30, 30).map(lambda x: x * 10), max_size=40),
    st.sampled_from(["european", "acbl"]),
)
def test_matchpoints_by_score_is_every_beaten_result_and_tie_counted(
    scores: list[int], scale: str
) -> None:
    """Each distinct score's matchpoints by the definition (2 a result beaten, 1 a tie, on
    the European scale; half that on the ACBL one), counted one comparison at a time."""
    per_tie = Fraction(1) if scale == "european" else Fraction(1, 2)
    expected = {
        score: per_tie * sum(2 if score > other else 1 if score == other else 0 for other in scores)
        - per_tie  # the score's own table is not compared with itself
        for score in scores
    }
    assert matchpoints_by_score(scores, scale) == expected
    assert matchpoints_exact(scores, scale) == [expected[s] for s in scores]
