"""Vectorized scoring: random arrays against the scalar API, and the bad-row policy."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from bridgescore import BridgeInputError, Contract, Doubling, Seat, Side, Strain, score
from bridgescore.batch import BatchInputError, Scores, board_vulnerability, score_ns
from bridgescore.batch import score as batch_score
from bridgescore.batch.tables import VULNERABILITY_CODES
from bridgescore.duplicate.imps import UnknownMethodError
from bridgescore.laws import LAW_SETS

LAWS = tuple(LAW_SETS)


def _column(low: int, high: int, size: int) -> st.SearchStrategy[np.ndarray]:
    return hnp.arrays(np.int64, size, elements=st.integers(low, high))


@st.composite
def deals(draw: st.DrawFn) -> tuple[np.ndarray, ...]:
    size = draw(st.integers(0, 60))
    return (
        draw(_column(1, 7, size)),
        draw(_column(0, 4, size)),
        draw(_column(0, 2, size)),
        draw(hnp.arrays(np.bool_, size)),
        draw(_column(0, 13, size)),
    )


@given(deals(), st.sampled_from(LAWS))
def test_random_arrays_score_as_the_scalar(deal: tuple[np.ndarray, ...], laws: str) -> None:
    level, strain, doubling, vulnerable, tricks = deal
    got = batch_score(level, strain, doubling, vulnerable, tricks, laws=laws)
    assert got.dtype == np.int32
    want = [
        score(
            Contract(int(lv), Strain(st), Doubling(db)), int(tr), vulnerable=bool(vu), laws=laws
        ).total
        for lv, st, db, vu, tr in zip(level, strain, doubling, vulnerable, tricks, strict=True)
    ]
    assert got.tolist() == want


@given(deals(), st.data())
def test_a_law_set_per_row(deal: tuple[np.ndarray, ...], data: st.DataObject) -> None:
    level, strain, doubling, vulnerable, tricks = deal
    names = np.array(
        data.draw(st.lists(st.sampled_from(LAWS), min_size=len(level), max_size=len(level))),
        dtype=object,
    )
    got = batch_score(level, strain, doubling, vulnerable, tricks, laws=names)
    want = [
        score(Contract(int(lv), Strain(s), Doubling(d)), int(t), vulnerable=bool(v), laws=law).total
        for lv, s, d, v, t, law in zip(
            level, strain, doubling, vulnerable, tricks, names, strict=True
        )
    ]
    assert got.tolist() == want


@given(
    st.lists(
        st.tuples(
            st.integers(1, 7), st.sampled_from(Strain), st.sampled_from(Doubling),
            st.sampled_from(Seat), st.integers(0, 3), st.integers(0, 13),
        ),
        max_size=40,
    ),
    st.sampled_from(LAWS),
)  # fmt: skip
def test_north_south_scores_as_the_scalar(
    rows: list[tuple[int, Strain, Doubling, Seat, int, int]], laws: str
) -> None:
    columns = [np.array([int(r[i]) for r in rows], dtype=np.int64) for i in range(6)]
    got = score_ns(*columns, laws=laws)
    want = [
        score(
            Contract(level, strain, doubling, seat),
            tricks,
            vulnerable=VULNERABILITY_CODES[vul].is_vulnerable(seat),
            laws=laws,
        ).for_side(Side.NS)
        for level, strain, doubling, seat, vul, tricks in rows
    ]
    assert got.tolist() == want


def test_text_columns_are_read_by_the_scalar_parsers() -> None:
    got = score_ns(
        np.array([4, 3, 6]),
        np.array(["♠", "NT", "h"]),
        np.array(["", "X", "XX"]),
        np.array(["N", "west", "S"]),
        np.array(["Both", "EW", "none"]),
        np.array([10, 7, 12]),
    )
    assert got.tolist() == [620, 500, 1620]


def test_scalars_are_repeated() -> None:
    assert batch_score(4, "S", 0, [False, True], [10, 9]).tolist() == [420, -100]
    assert batch_score(4, 3, 0, True, 10).tolist() == [620]


def test_whole_floats_and_small_integer_types_are_accepted() -> None:
    got = batch_score(
        np.array([4.0, 3.0]), np.array([3, 4], np.int8), np.array([0, 0], np.uint8),
        np.array([0, 1], np.int16), np.array([10.0, 9.0], np.float32),
    )  # fmt: skip
    assert got.tolist() == [420, 600]


def test_board_vulnerability_is_the_schedule() -> None:
    assert board_vulnerability(np.arange(1, 18)).tolist() == [
        0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2, 0,
    ]  # fmt: skip
    checked = board_vulnerability(np.array([1.0, 0.0, np.nan]), on_invalid="null")
    assert checked.values.tolist()[0] == 0
    assert checked.problems() == [
        (1, "board 0 is not a board number from 1 up"),
        (2, "board is missing"),
    ]
    with pytest.raises(BatchInputError, match="row 1: board 0"):
        board_vulnerability([3, 0])


# --- bad rows ----------------------------------------------------------------------------------

BAD = [
    ("level", 0, "level 0 is not 1-7"),
    ("level", 8, "level 8 is not 1-7"),
    ("level", -1, "level -1 is not 1-7"),
    ("strain", 5, "strain 5 is not 0-4 (C D H S NT)"),
    ("doubling", 3, "doubling 3 is not 0-2 (none, X, XX)"),
    ("vulnerable", 2, "vulnerable 2 is not True or False"),
    ("tricks", 14, "tricks 14 is not 0-13"),
    ("tricks", -2, "tricks -2 is not 0-13"),
]
GOOD = {"level": 4, "strain": 3, "doubling": 0, "vulnerable": 1, "tricks": 10}


def _columns(field: str, value: object, n: int = 5, row: int = 3) -> dict[str, Any]:
    columns = {name: np.full(n, good) for name, good in GOOD.items()}
    columns[field] = columns[field].astype(object)
    columns[field][row] = value
    columns[field] = np.array(columns[field].tolist())
    return columns


@pytest.mark.parametrize(("field", "value", "reason"), BAD)
def test_a_bad_row_raises_naming_the_row_and_the_count(field: str, value: int, reason: str) -> None:
    columns = _columns(field, value)
    columns[field][1] = value
    with pytest.raises(BatchInputError) as caught:
        batch_score(**columns)
    error = caught.value
    assert isinstance(error, BridgeInputError)
    assert isinstance(error, ValueError)
    assert (error.row, error.count, error.reason) == (1, 2, reason)
    assert str(error).startswith(f"row 1: {reason} (2 bad rows;")


@pytest.mark.parametrize(("field", "value", "reason"), BAD)
def test_a_bad_row_is_null_with_its_reason(field: str, value: int, reason: str) -> None:
    got = batch_score(**_columns(field, value), on_invalid="null")
    assert isinstance(got, Scores)
    assert len(got) == 5
    assert got.values.tolist()[:3] == [620.0] * 3
    assert np.isnan(got.values[3])
    assert got.valid.tolist() == [True, True, True, False, True]
    assert got.bad_rows == 1
    assert got.problems() == [(3, reason)]
    assert got.reason(0) is None
    assert got.reasons().tolist() == [None, None, None, reason, None]
    masked = got.masked()
    assert masked.mask.tolist() == [False, False, False, True, False]
    assert masked.compressed().tolist() == [620] * 4


def test_missing_and_fractional_values() -> None:
    level = np.array([4.0, np.nan, 4.5, np.inf, 4.0])
    got = batch_score(level, 3, 0, False, np.array([10, 10, 10, 10, None]), on_invalid="null")
    assert got.problems() == [
        (1, "level is missing"),
        (2, "level 4.5 is not a whole number"),
        (3, "level inf is not a whole number"),
        (4, "tricks is missing"),
    ]
    with pytest.raises(BatchInputError, match=r"row 1: level is missing \(3 bad rows;"):
        batch_score(level, 3, 0, False, 10)


def test_masked_arrays_mask_rows() -> None:
    level = np.ma.MaskedArray([4, 4, 4], mask=[False, True, False])
    got = batch_score(level, 3, 0, False, 10, on_invalid="null")
    assert got.problems() == [(1, "level is missing")]


def test_unknown_text_and_law_names() -> None:
    got = batch_score(
        4, np.array(["S", "Q", "S"]), 0, False, 10, laws=np.array(["2017", "2017", "1888"]),
        on_invalid="null",
    )  # fmt: skip
    assert got.problems() == [
        (1, "strain 'Q' is not 0-4 (C D H S NT)"),
        (2, "laws '1888' is not a law set (2017, 1987, 1935, 1932)"),
    ]


def test_the_first_problem_of_a_row_is_reported_in_column_order() -> None:
    got = batch_score([9], [7], [0], [False], [20], on_invalid="null")
    assert got.problems() == [(0, "level 9 is not 1-7")]


def test_no_bad_row_is_ever_given_a_number() -> None:
    rng = np.random.default_rng(7)
    level = rng.integers(-1, 10, 2000)
    tricks = rng.integers(-1, 16, 2000)
    got = batch_score(level, 3, 0, False, tricks, on_invalid="null")
    bad = (level < 1) | (level > 7) | (tricks < 0) | (tricks > 13)
    assert np.array_equal(np.isnan(got.values), bad)
    assert got.bad_rows == int(bad.sum())
    good = ~bad
    assert np.array_equal(
        got.values[good], batch_score(level[good], 3, 0, False, tricks[good]).astype(float)
    )


def test_column_errors() -> None:
    with pytest.raises(BatchInputError, match="differ in length"):
        batch_score([4, 4], 3, 0, False, [10, 10, 10])
    with pytest.raises(BatchInputError, match="one-dimensional"):
        batch_score([[4]], 3, 0, False, 10)
    with pytest.raises(BatchInputError, match="True/False is not 1-7"):
        batch_score([True], 3, 0, False, 10)
    with pytest.raises(UnknownMethodError, match="on_invalid='skip'"):
        batch_score(4, 3, 0, False, 10, on_invalid="skip")
    with pytest.raises(BridgeInputError, match="not a law set"):
        batch_score(4, 3, 0, False, 10, laws="1888")


def test_empty_columns() -> None:
    assert batch_score(np.array([], int), [], [], [], []).tolist() == []
    assert batch_score([], [], [], [], [], on_invalid="null").problems() == []


def test_importing_bridgescore_imports_no_numpy_polars_or_dask() -> None:
    code = (
        "import sys, bridgescore, bridgescore.duplicate, bridgescore.io.results;"
        "heavy = ('numpy', 'polars', 'dask', 'pyarrow', 'pandas');"
        "bad = sorted(m for m in heavy if m in sys.modules);"
        "assert not bad, bad;"
        "import bridgescore.batch;"
        "bad = sorted(m for m in ('polars', 'dask', 'pandas', 'pyarrow') if m in sys.modules);"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
