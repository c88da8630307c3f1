"""Grouped comparisons: one value per row, exactly the scalar function's for its board.

Random boards are drawn with many ties (scores from a small pool) and in shuffled
row order; each check runs on both layouts of the engine (the dense grid and the
sorted cells), so both are held to the scalar API.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.batch import BatchInputError
from bridgescore.batch import compare as batch
from bridgescore.batch.compare import Boards
from bridgescore.duplicate import butler as scalar_butler
from bridgescore.duplicate import cross_imps as scalar_cross
from bridgescore.duplicate import matchpoints as scalar_mp
from bridgescore.duplicate.imps import DuplicateError, ImpRow, ImpTable, UnknownMethodError
from bridgescore.events.ranking import places as scalar_places

POOL = (-1100, -800, -620, -300, -100, -50, 0, 50, 90, 100, 110, 140, 420, 430, 450, 620, 1430)
GRIDS = (None, 0)


@st.composite
def boards(
    draw: st.DrawFn, max_boards: int = 6, max_results: int = 14
) -> tuple[np.ndarray, np.ndarray]:
    """(board, ns_score) columns for a few boards, shuffled, with many equal scores."""
    board: list[int] = []
    ns: list[int] = []
    for number in draw(st.lists(st.integers(-5, 40), min_size=1, max_size=max_boards, unique=True)):
        pool = draw(
            st.lists(st.sampled_from(POOL) | st.integers(-7600, 7600), min_size=1, max_size=5)
        )
        scores = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=max_results))
        board += [number] * len(scores)
        ns += scores
    order = draw(st.permutations(range(len(board))))
    return np.array(board)[order], np.array(ns, dtype=np.int64)[order]


def expected(
    board: np.ndarray, ns: np.ndarray, scalar: Callable[[list[int]], Sequence[float]]
) -> list[float]:
    """The scalar function applied to each board's scores, put back in row order."""
    out = [0.0] * len(board)
    for number in np.unique(board):
        rows = np.flatnonzero(board == number)
        for row, value in zip(rows, scalar([int(ns[r]) for r in rows]), strict=True):
            out[row] = value
    return out


@pytest.mark.parametrize("grid", GRIDS)
@pytest.mark.parametrize("scale", ["european", "acbl"])
@given(data=boards())
def test_matchpoints_as_the_scalar(
    data: tuple[np.ndarray, np.ndarray], scale: str, grid: int | None
) -> None:
    board, ns = data
    grouped = Boards(board, ns, grid_limit=grid)
    assert grouped.matchpoints(scale).tolist() == expected(
        board, ns, lambda s: scalar_mp.matchpoints(s, scale)
    )
    assert grouped.ew_matchpoints(scale).tolist() == expected(
        board, ns, lambda s: scalar_mp.ew_matchpoints(s, scale)
    )
    assert grouped.percentages().tolist() == expected(board, ns, scalar_mp.percentages)
    assert grouped.ew_percentages().tolist() == expected(
        board, ns, lambda s: scalar_mp.percentages([-x for x in s])
    )
    assert grouped.results().tolist() == expected(board, ns, lambda s: [len(s)] * len(s))
    assert grouped.top(scale).tolist() == expected(
        board, ns, lambda s: [float(scalar_mp.Scale.parse(scale).top(len(s)))] * len(s)
    )


@pytest.mark.parametrize("grid", GRIDS)
@given(data=boards(), extra=st.integers(0, 5), scale=st.sampled_from(["european", "acbl"]),
       method=st.sampled_from(["neuberg", "manual"]))  # fmt: skip
def test_neuberg_as_the_scalar(
    data: tuple[np.ndarray, np.ndarray], extra: int, scale: str, method: str, grid: int | None
) -> None:
    board, ns = data
    grouped = Boards(board, ns, grid_limit=grid)
    largest = max(int((board == b).sum()) for b in np.unique(board))
    wanted = largest + extra
    got = grouped.neuberg(wanted, scale, method)
    assert got.tolist() == expected(
        board, ns, lambda s: scalar_mp.neuberg(s, wanted, scale, method)
    )
    default = grouped.neuberg(None, scale, method)
    assert default.tolist() == expected(
        board, ns, lambda s: scalar_mp.neuberg(s, largest, scale, method)
    )


@pytest.mark.parametrize("grid", GRIDS)
@given(data=boards(), exclude=st.integers(0, 3), total=st.booleans(),
       table=st.sampled_from(["1962", "1961", "1948", "1938"]))  # fmt: skip
def test_cross_imps_as_the_scalar(
    data: tuple[np.ndarray, np.ndarray], exclude: int, total: bool, table: str, grid: int | None
) -> None:
    board, ns = data
    got = Boards(board, ns, grid_limit=grid).cross_imps(total=total, exclude=exclude, table=table)
    want = expected(
        board, ns, lambda s: scalar_cross.cross_imps(s, total=total, exclude=exclude, table=table)
    )
    assert got.tolist() == want


def test_a_table_worth_one_imp_from_zero() -> None:
    # No registered table has a 0 threshold; a custom one must still agree.
    rows = (ImpRow(0, 40, 1), ImpRow(50, 490, 2), ImpRow(500, None, 3))
    table = ImpTable("house", (), "house table", rows)
    assert table.thresholds == (0, 50, 500)
    rng = np.random.default_rng(3)
    board = rng.integers(0, 20, 600)
    ns = rng.choice([-500, -100, 0, 0, 10, 50, 420, 450], 600)
    for grid, exclude, total in itertools.product(GRIDS, (0, 1), (False, True)):
        got = Boards(board, ns, grid_limit=grid).cross_imps(
            total=total, exclude=exclude, table=table
        )

        def scalar(s: list[int], total: bool = total, exclude: int = exclude) -> list[float]:
            return scalar_cross.cross_imps(s, total=total, exclude=exclude, table=table)

        assert got.tolist() == expected(board, ns, scalar)


@pytest.mark.parametrize("grid", GRIDS)
@given(data=boards(max_results=25), preset=st.sampled_from(["drop-1", "acbl", "mean"]))
def test_butler_and_datum_as_the_scalar(
    data: tuple[np.ndarray, np.ndarray], preset: str, grid: int | None
) -> None:
    board, ns = data
    grouped = Boards(board, ns, grid_limit=grid)
    assert grouped.butler(preset).tolist() == expected(
        board, ns, lambda s: scalar_butler.butler(s, preset)
    )
    assert grouped.datum(preset).tolist() == expected(
        board, ns, lambda s: [scalar_butler.datum(s, preset)] * len(s)
    )


def test_datums_that_end_in_five_round_as_the_preset_says() -> None:
    # Means of 425, -35, 125, 435, -425 and 5: the cases where the presets differ.
    cases = [[425, 425], [-35, -35], [125, 125], [435, 435], [-425, -425], [0, 10]]
    board = np.repeat(np.arange(len(cases)), 2)
    ns = np.array([x for case in cases for x in case])
    for preset in ("drop-1", "acbl", "mean"):
        want = [scalar_butler.datum(case, preset) for case in cases]
        assert batch.datum(board, ns, preset)[::2].tolist() == want


def test_module_functions() -> None:
    board = np.array([1, 1, 1, 2, 2])
    ns = np.array([430, 400, -50, 100, 170])
    assert batch.matchpoints(board, ns).tolist() == [4.0, 2.0, 0.0, 0.0, 2.0]
    assert batch.ew_matchpoints(board, ns, "acbl").tolist() == [0.0, 1.0, 2.0, 1.0, 0.0]
    assert batch.percentages(board, ns).tolist() == [100.0, 50.0, 0.0, 0.0, 100.0]
    assert batch.cross_imps(board, ns, total=True).tolist() == [11.0, 9.0, -20.0, -2.0, 2.0]
    assert batch.butler(board, ns).tolist() == [1.0, 0.0, -10.0, -1.0, 1.0]
    assert batch.neuberg(board, ns, 3).tolist() == [4.0, 2.0, 0.0, 0.5, 3.5]


def test_board_keys_of_any_kind_and_events() -> None:
    ns = np.array([430, 400, -50, 100, 170, 600])
    by_text = batch.matchpoints(np.array(["b1", "b1", "b1", "b2", "b2", "b2"]), ns)
    by_object = batch.matchpoints(np.array(["b1", "b1", "b1", 2, 2, 2], dtype=object), ns)
    assert by_text.tolist() == by_object.tolist() == [4.0, 2.0, 0.0, 0.0, 2.0, 4.0]
    huge = np.array([10**15, 10**15, 10**15, -(10**15), -(10**15), -(10**15)])
    assert batch.matchpoints(huge, ns).tolist() == by_text.tolist()
    events = np.array([1, 1, 1, 2, 2, 2])
    same_board = np.ones(6, int)
    assert batch.matchpoints(same_board, ns, event=events).tolist() == by_text.tolist()
    assert batch.matchpoints(same_board, ns).tolist() == [8.0, 6.0, 0.0, 2.0, 4.0, 10.0]


def test_rows_without_a_board_or_score() -> None:
    board = np.array([1, 1, 1, np.nan, 2, 2])
    ns = np.array([430, np.nan, -50, 100, 170, 170.5])
    with pytest.raises(BatchInputError) as caught:
        batch.matchpoints(board, ns)
    assert (caught.value.row, caught.value.count) == (1, 3)
    assert str(caught.value).startswith("row 1: ns_score is missing (3 bad rows;")
    grouped = Boards(board, ns, on_invalid="null")
    got = grouped.matchpoints()
    assert np.isnan(got[[1, 3, 5]]).all()
    assert got[[0, 2, 4]].tolist() == [2.0, 0.0, 0.0]
    assert grouped.problems() == [
        (1, "ns_score is missing"),
        (3, "board is missing"),
        (5, "ns_score 170.5 is not a whole number"),
    ]
    masked = np.ma.MaskedArray([430, 0, -50], mask=[False, True, False])
    assert Boards([1, 1, 1], masked, on_invalid="null").matchpoints().tolist()[::2] == [2.0, 0.0]
    text = np.array(["b", None, "b"], dtype=object)
    assert np.isnan(Boards(text, [1, 2, 3], on_invalid="null").matchpoints()).tolist() == [
        False, True, False,
    ]  # fmt: skip


def test_argument_errors() -> None:
    with pytest.raises(BatchInputError, match="differ in length"):
        batch.matchpoints([1, 1], [1, 2, 3])
    with pytest.raises(UnknownMethodError, match="matchpoint scale"):
        batch.matchpoints([1], [1], scale="swiss")
    with pytest.raises(DuplicateError, match="cannot be smaller"):
        batch.neuberg([1, 1, 1], [1, 2, 3], 2)
    with pytest.raises(DuplicateError, match="differ within its board"):
        batch.neuberg([1, 1, 2], [1, 2, 3], np.array([3, 4, 4]))
    with pytest.raises(DuplicateError, match="exclude=-1"):
        batch.cross_imps([1], [1], exclude=-1)


def test_expected_counts_per_row() -> None:
    board = np.array([1, 1, 2, 2, 2])
    ns = np.array([100, 50, 100, 50, 0])
    got = batch.neuberg(board, ns, np.array([4, 4, 5, 5, 5]))
    assert got.tolist() == scalar_mp.neuberg([100, 50], 4) + scalar_mp.neuberg([100, 50, 0], 5)


# --- rankings ----------------------------------------------------------------------------------


TOTALS = st.sampled_from([61.2, 55.0, 55.004, 54.996, 40.1, 0.125, 0.135])


@given(
    st.lists(
        st.tuples(st.sampled_from("AB"), TOTALS | st.floats(-100, 100, allow_nan=False)),
        min_size=1,
        max_size=30,
    ),
    st.integers(0, 3),
)
def test_places_as_the_scalar(rows: list[tuple[str, float]], decimals: int) -> None:
    group = np.array([g for g, _ in rows])
    value = np.array([v for _, v in rows])
    got = batch.places(value, group, decimals=decimals)
    for name in "AB":
        members = [i for i, g in enumerate(group) if g == name]
        want = scalar_places({i: float(value[i]) for i in members}, decimals=decimals)
        assert {i: got[i] for i in members} == want


def test_ranks_and_missing_values() -> None:
    place, tied = batch.ranks(np.array([3.0, 5.0, 5.0, 1.0]))
    assert place.tolist() == [3, 1, 1, 4]
    assert tied.tolist() == [False, True, True, False]
    place, _ = batch.ranks(np.array([3.0, np.nan, 1.0]), on_invalid="null")
    assert place.tolist() == [1, 0, 2]
    assert batch.places(np.array([3.0, np.nan]), on_invalid="null").tolist() == ["1", None]
    with pytest.raises(BatchInputError, match="row 1"):
        batch.ranks(np.array([3.0, np.nan]))


# --- scale -------------------------------------------------------------------------------------


def test_a_large_board_is_not_quadratic() -> None:
    # 200,000 results on one board: n² comparisons would be 4 × 10¹⁰.
    rng = np.random.default_rng(11)
    ns = rng.choice(np.arange(-2000, 2010, 10), 200_000)
    board = np.zeros(len(ns), np.int64)
    start = time.perf_counter()
    got = batch.cross_imps(board, ns, total=True)
    assert time.perf_counter() - start < 2.0
    assert got.sum() == 0
    sample = [int(x) for x in ns[:300]]
    # Spot-check against the scalar on the same distinct values, weighted by their counts.
    values, counts = np.unique(ns, return_counts=True)
    from bridgescore.duplicate.imps import imps

    for score in sample[:5]:
        want = sum(int(c) * imps(score - int(v)) for v, c in zip(values, counts, strict=True))
        assert got[sample.index(score)] == want


def test_shifting_a_board_changes_no_comparison() -> None:
    rng = np.random.default_rng(5)
    board = rng.integers(0, 50, 5000)
    ns = rng.choice(POOL, 5000).astype(np.int64)
    for method in ("matchpoints", "cross_imps"):
        plain = getattr(Boards(board, ns), method)()
        shifted = getattr(Boards(board, ns + 10**9), method)()
        assert np.array_equal(plain, shifted)


def test_preset_objects_are_accepted() -> None:
    preset = replace(scalar_butler.get_butler_preset("drop-1"), name="drop-2", drop=2)
    board = np.zeros(7, int)
    ns = np.array([620, 600, 170, 140, -100, -200, 1100])
    assert batch.butler(board, ns, preset).tolist() == scalar_butler.butler(ns.tolist(), preset)
