"""Cross-IMPs: the seed's worked example, real sessions, the exclusion rule, invariants.

Real data, copied as plain numbers: every board of a Compscore 3 cross-IMP session
(Moonee Valley BC, 'Monday Night (2-Feb-26)', abftech/cobalt
results/tests/test_files/cross_imp_howell.xml: averages per comparison, 2 decimals) and
board 1 of a Ruter 'IMP across the field' file (rkcb/pbnparser impcross.pbn: totals).
"""

from __future__ import annotations

import doctest
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgescore.duplicate.cross_imps as cross_imps_module
from bridgescore.duplicate.cross_imps import (
    cross_imps,
    cross_imps_exact,
    cross_imps_totals,
)
from bridgescore.duplicate.imps import DuplicateError, UnknownMethodError, imps


def test_seed_001_worked_example() -> None:
    # +620 against −100, −100, −300, +650: differences 720, 720, 920, −30 -> 12, 12, 14, −1;
    # 37 IMPs over 4 comparisons = 9.25.
    scores = [620, -100, -100, -300, 650]
    assert [620 - s for s in scores[1:]] == [720, 720, 920, -30]
    assert [imps(620 - s) for s in scores[1:]] == [12, 12, 14, -1]
    assert cross_imps(scores, total=True)[0] == 37
    assert cross_imps(scores)[0] == 9.25
    assert cross_imps_totals(scores)[0] == (37, 4)
    assert cross_imps(scores) == [9.25, -5.0, -5.0, -9.5, 10.25]


# (board, NS scores, NS_CROSS_IMP_POINTS) as Compscore 3 wrote them.
COMPSCORE = [
    (1, [-140, -460, 50, -490], [3.67, -6.0, 9.0, -6.67]),
    (2, [-200, -90, 90, 150], [-6.0, -2.67, 3.33, 5.33]),
    (3, [90, -170, -200, -50], [5.67, -2.67, -4.0, 1.0]),
    (4, [-620, -620, -650, 100], [-3.67, -3.67, -5.0, 12.33]),
    (5, [180, 130, 150, 120], [1.67, -1.0, 0.33, -1.0]),
    (6, [-680, -800, -620, 100], [-4.0, -7.33, -1.67, 13.0]),
    (7, [110, -90, -110, -130], [5.67, -1.0, -2.0, -2.67]),
    (8, [-650, 110, -500, -150], [-9.33, 10.33, -5.33, 4.33]),
    (9, [110, -110, -110, -50], [5.33, -2.67, -2.67, 0.0]),
    (10, [-600, 100, 200, -150], [-11.67, 5.0, 8.0, -1.33]),
    (11, [980, -50, 460, 200], [12.67, -10.33, 2.0, -4.33]),
    (12, [-110, 110, 100, -110], [-3.67, 4.0, 3.33, -3.67]),
    (13, [-100, -170, -170, 110], [-0.33, -3.0, -3.0, 6.33]),
    (14, [100, -50, -100, 140], [2.67, -2.33, -4.33, 4.0]),
    (15, [-120, -120, -120, -150], [0.33, 0.33, 0.33, -1.0]),
    (16, [420, -300, -100, -50], [11.0, -7.67, -2.67, -0.67]),
    (17, [0, -50, 0, 90], [-0.33, -2.67, -0.33, 3.33]),
    (18, [680, 680, 100, 680], [3.67, 3.67, -11.0, 3.67]),
    (19, [90, -110, -150, -110], [5.33, -1.33, -2.67, -1.33]),
    (20, [170, 170, -140, -140], [4.67, 4.67, -4.67, -4.67]),
    (21, [-300, -140, -200, -170], [-3.67, 2.33, 0.0, 1.33]),
    (22, [-50, 170, -110, -110], [-0.67, 6.67, -3.0, -3.0]),
    (23, [200, -620, 100, 100], [6.33, -12.33, 3.0, 3.0]),
    (24, [-460, -420, -490, 150], [-4.0, -2.67, -5.0, 11.67]),
    (25, [-50, 100, -140, 100], [-1.67, 3.33, -5.0, 3.33]),
    (26, [110, 100, 100, -100], [1.67, 1.67, 1.67, -5.0]),
    (27, [520, 420, 750, 520], [-1.0, -4.67, 6.67, -1.0]),
]


@pytest.mark.parametrize(("board", "scores", "points"), COMPSCORE)
def test_compscore_session(board: int, scores: list[int], points: list[float]) -> None:
    assert [round(x, 2) for x in cross_imps(scores)] == points


def test_ruter_totals_across_the_field() -> None:
    # Ruter 4.3.2.2 'Silver 1' board 1: 40 results; IMP_NS is the total against all 39 others.
    scores = [150, *[50] * 5, -200, *[-400] * 15, *[-430] * 13, *[-450] * 2, *[-460] * 3]
    want = {150: 391, 50: 338, -200: 145, -400: -43, -430: -77, -450: -116, -460: -116}
    assert cross_imps(scores, total=True) == [want[s] for s in scores]


def test_small_boards() -> None:
    assert cross_imps([]) == []
    assert cross_imps([420]) == [0.0]  # nothing to compare with
    assert cross_imps_totals([420]) == [(0, 0)]
    assert cross_imps([420, -100]) == [11.0, -11.0]


def test_exclusion_trims_the_field() -> None:
    scores = [2000, 620, 600, 600, 170, -1400]
    # With exclude=1 the field is 620, 600, 600, 170: each result is compared with the
    # field less one copy of its own score.
    totals = cross_imps_totals(scores, exclude=1)
    assert totals[0] == (imps(1380) + 2 * imps(1400) + imps(1830), 4)  # 2000: all four
    assert totals[1] == (2 * imps(20) + imps(450), 3)  # 620: not against itself
    assert totals[2] == totals[3] == (imps(-20) + imps(0) + imps(430), 3)  # equal scores alike
    assert totals[4] == (imps(-450) + 2 * imps(-430), 3)
    assert totals[5] == (imps(-2020) + 2 * imps(-2000) + imps(-1570), 4)
    # The results kept in the field still sum to 0.
    assert sum(won for won, _ in totals[1:5]) == 0
    averaged = cross_imps_exact(scores, exclude=1)
    assert averaged[1] == Fraction(totals[1][0], 3)


def test_exclusion_keeps_two_in_the_field() -> None:
    assert cross_imps([420, 400, 100], exclude=1) == cross_imps([420, 400, 100])
    assert cross_imps_totals([420, 400, 100, 50], exclude=5) == cross_imps_totals(
        [420, 400, 100, 50], exclude=1
    )
    with pytest.raises(DuplicateError, match="exclude"):
        cross_imps([1, 2], exclude=-1)


def test_other_tables_and_errors() -> None:
    assert cross_imps([2000, 0], table="1938") == [12.0, -12.0]
    with pytest.raises(UnknownMethodError):
        cross_imps([1, 2], table="2099")
    with pytest.raises(DuplicateError, match="whole number"):
        cross_imps([420, "400"])  # type: ignore[list-item]


SCORES = st.lists(st.integers(min_value=-300, max_value=300).map(lambda x: 10 * x), max_size=16)


@given(SCORES)
def test_totals_sum_to_zero(scores: list[int]) -> None:
    assert sum(cross_imps(scores, total=True)) == 0


@given(SCORES)
def test_averages_are_totals_over_n_minus_1(scores: list[int]) -> None:
    n = len(scores)
    totals = cross_imps_exact(scores, total=True)
    averages = cross_imps_exact(scores)
    for t, a in zip(totals, averages, strict=True):
        assert a == (t / (n - 1) if n > 1 else 0)


@given(SCORES)
def test_pairwise_antisymmetry(scores: list[int]) -> None:
    for i, j in combinations(range(len(scores)), 2):
        two = cross_imps_totals([scores[i], scores[j]])
        assert two[0][0] == -two[1][0]


@given(SCORES, st.integers(min_value=0, max_value=4))
def test_equal_scores_score_alike(scores: list[int], exclude: int) -> None:
    by_score: dict[int, set[Fraction]] = {}
    for score, value in zip(scores, cross_imps_exact(scores, exclude=exclude), strict=True):
        by_score.setdefault(score, set()).add(value)
    assert all(len(values) == 1 for values in by_score.values())


@given(SCORES, st.integers(min_value=0, max_value=4))
def test_kept_results_sum_to_zero(scores: list[int], exclude: int) -> None:
    totals = cross_imps_totals(scores, exclude=exclude)
    n = len(scores)
    k = max(0, min(exclude, (n - 2) // 2))
    order = sorted(range(n), key=lambda i: scores[i])
    kept = order[k : n - k]
    assert sum(totals[i][0] for i in kept) == 0
    assert all(count == n - 2 * k - 1 for i, (_, count) in enumerate(totals) if i in kept)


def test_module_doctests() -> None:
    assert doctest.testmod(cross_imps_module).failed == 0
