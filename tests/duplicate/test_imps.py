"""IMP tables against the seeds' printed tables, at every boundary and gap.

The reference below is the seeds' text copied out line by line (``from to IMPs``),
not the library's data: seed ``000`` is the Finnish 'Imppitaulukko', seed ``001``
the Spanish 'Tabla IMP' and its history tables (1938 EMP, 1948, 1961, 1962).
"""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgescore.duplicate.imps as imps_module
from bridgescore import BridgeInputError
from bridgescore.duplicate.imps import (
    IMP_TABLES,
    DuplicateError,
    ImpRow,
    ImpTable,
    UnknownMethodError,
    get_imp_table,
    imp_table_names,
    imps,
)

# 000 'Imppitaulukko' and 001 'Tabla IMP' (identical), read column by column.
SEED_CURRENT = """
0 10 0 | 20 40 1 | 50 80 2 | 90 120 3 | 130 160 4 | 170 210 5 | 220 260 6 | 270 310 7
320 360 8 | 370 420 9 | 430 490 10 | 500 590 11 | 600 740 12 | 750 890 13 | 900 1090 14
1100 1290 15 | 1300 1490 16 | 1500 1740 17 | 1750 1990 18 | 2000 2240 19 | 2250 2490 20
2500 2990 21 | 3000 3490 22 | 3500 3990 23 | 4000 + 24
"""
# 001 'Cuadro IMP revisado a partir del 1 de septiembre de 1962': as printed, with 750 990 13.
SEED_1962_HISTORY = SEED_CURRENT.replace("750 890 13", "750 990 13")
# 001 'Cuadro IMP revisado de 1961'.
SEED_1961 = """
0 10 0 | 20 40 1 | 50 80 2 | 90 120 3 | 130 160 4 | 170 210 5 | 220 260 6 | 270 310 7
320 360 8 | 370 420 9 | 430 490 10 | 500 590 11 | 600 690 12 | 700 790 13 | 800 890 14
900 1040 15 | 1050 1190 16 | 1200 1340 17 | 1350 1490 18 | 1500 1740 19 | 1750 1990 20
2000 2240 21 | 2250 2490 22 | 2500 2990 23 | 3000 3490 24 | 3500 + 25
"""
# 001 'Cuadro IMP revisado 1948'.
SEED_1948 = """
0 10 0 | 20 40 1 | 70 130 2 | 140 210 3 | 220 340 4 | 350 490 5 | 500 740 6 | 750 990 7
1000 1240 8 | 1250 1490 9 | 1500 1990 10 | 2000 2490 11 | 2500 2990 12 | 3000 3490 13
3500 3990 14 | 4000 + 15
"""
# 001 'Mesa EMP original 1938'.
SEED_1938 = """
10 30 1 | 40 60 2 | 70 100 3 | 110 180 4 | 190 290 5 | 300 390 6 | 400 490 7 | 500 590 8
600 740 9 | 750 1490 10 | 1500 1990 11 | 2000 + 12
"""

SEED_TABLES = {"1962": SEED_CURRENT, "1961": SEED_1961, "1948": SEED_1948, "1938": SEED_1938}
MAXIMUM = {"1962": 24, "1961": 25, "1948": 15, "1938": 12}


def seed_rows(text: str) -> list[tuple[int, int | None, int]]:
    rows = []
    for cell in text.replace("\n", " | ").split("|"):
        if cell.strip():
            low, high, value = cell.split()
            rows.append((int(low), None if high == "+" else int(high), int(value)))
    return rows


def seed_imps(text: str, difference: int) -> int:
    """Reference: the last printed row starting at or below |difference| (0 below all)."""
    won = 0
    for low, _high, value in seed_rows(text):
        if abs(difference) >= low:
            won = value
    return won if difference >= 0 else -won


BOUNDARIES = [
    (name, low, high, value)
    for name, text in SEED_TABLES.items()
    for low, high, value in seed_rows(text)
]


def test_registry() -> None:
    assert imp_table_names() == ("1962", "1961", "1948", "1938")
    assert set(IMP_TABLES) == set(SEED_TABLES)
    assert get_imp_table() is IMP_TABLES["1962"]
    for alias in ("current", "wbf", "CURRENT", " Wbf "):
        assert get_imp_table(alias) is IMP_TABLES["1962"]
    assert get_imp_table("emp") is IMP_TABLES["1938"]
    assert get_imp_table(IMP_TABLES["1948"]) is IMP_TABLES["1948"]
    assert repr(IMP_TABLES["1961"]) == "get_imp_table('1961')"
    assert str(IMP_TABLES["1961"]) == "1961"


@pytest.mark.parametrize(("name", "maximum"), MAXIMUM.items())
def test_rows_are_the_seeds(name: str, maximum: int) -> None:
    table = get_imp_table(name)
    printed = [(r.low, r.high, r.imps) for r in table.rows]
    assert printed == seed_rows(SEED_TABLES[name])
    assert table.max_imps == maximum
    assert table.sources


@pytest.mark.parametrize(("name", "low", "high", "value"), BOUNDARIES)
def test_every_row_boundary(name: str, low: int, high: int | None, value: int) -> None:
    assert imps(low, name) == value
    assert imps(-low, name) == -value
    if low > 0:
        assert imps(low - 1, name) == value - 1  # the last point of the row below
        assert imps(low - 10, name) == max(value - 1, 0)
    if high is not None:
        assert imps(high, name) == value
        assert imps(high + 9, name) == value  # non-multiples of 10 stay in the row
        assert imps(-high, name) == -value


@pytest.mark.parametrize("name", MAXIMUM)
def test_every_difference_to_5000(name: str) -> None:
    text = SEED_TABLES[name]
    got = [imps(d, name) for d in range(-5000, 5001)]
    assert got == [seed_imps(text, d) for d in range(-5000, 5001)]


@pytest.mark.parametrize("name", MAXIMUM)
def test_open_ended_top(name: str) -> None:
    assert imps(10**9, name) == MAXIMUM[name]
    assert imps(-(10**9), name) == -MAXIMUM[name]


def test_the_13_imp_row_is_750_to_890() -> None:
    # 001's 1962 history table prints 750-990 for 13, overlapping the 14 row (900-1090);
    # 000 and 001's own main table print 750-890, which is the table.
    table = get_imp_table("1962")
    assert table.row(13) == ImpRow(750, 890, 13)
    assert table.row(14) == ImpRow(900, 1090, 14)
    assert [imps(d) for d in (740, 750, 890, 899, 900, 990, 1090, 1099, 1100)] == [
        12, 13, 13, 13, 14, 14, 14, 14, 15,
    ]  # fmt: skip
    assert any("750–990" in note for note in table.notes)
    with pytest.raises(DuplicateError, match="overlap"):
        ImpTable("bad", (), "1962 as printed in 001's history", tuple(
            ImpRow(low, high, value) for low, high, value in seed_rows(SEED_1962_HISTORY)
        ))  # fmt: skip


def test_gaps() -> None:
    assert IMP_TABLES["1948"].gaps == ((50, 60),)
    for name in ("1962", "1961", "1938"):
        assert IMP_TABLES[name].gaps == ()
    # A difference in the gap takes the lower row's IMPs.
    assert [imps(d, "1948") for d in (40, 49, 50, 55, 60, 69, 70)] == [1, 1, 1, 1, 1, 1, 2]
    assert [imps(-d, "1948") for d in (50, 60, 69)] == [-1, -1, -1]
    # 1938 starts at 10: below it, 0.
    assert [imps(d, "1938") for d in (0, 5, 9, 10, 30, 39, 40)] == [0, 0, 0, 1, 1, 1, 2]


def test_seed_example_swings() -> None:
    # 001's cross-IMP example: 720 -> 12, 920 -> 14, -30 -> -1.
    assert [imps(720), imps(920), imps(-30)] == [12, 14, -1]
    # 001 'Después de 1987': a 510-point difference gave an 11-IMP swing.
    assert imps(510) == 11
    assert imps(0) == 0


def test_thresholds() -> None:
    assert get_imp_table().thresholds[:5] == (20, 50, 90, 130, 170)
    assert get_imp_table("1938").thresholds[0] == 10
    assert len(get_imp_table("1961").thresholds) == 25


def test_row_lookup_error() -> None:
    with pytest.raises(DuplicateError, match="no row"):
        get_imp_table("1938").row(13)


def test_unknown_table_lists_the_tables() -> None:
    with pytest.raises(UnknownMethodError) as caught:
        imps(100, "1963")
    message = str(caught.value)
    assert "'1963'" in message
    for name in ("1962", "1961", "1948", "1938", "current", "wbf", "emp"):
        assert name in message
    assert isinstance(caught.value, LookupError)
    assert isinstance(caught.value, BridgeInputError)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("bad", [10.0, "100", None, True])
def test_difference_must_be_a_whole_number(bad: object) -> None:
    with pytest.raises(DuplicateError, match="whole number"):
        imps(bad)  # type: ignore[arg-type]


def test_malformed_tables_are_refused() -> None:
    with pytest.raises(DuplicateError, match="open-ended"):
        ImpTable("x", (), "x", (ImpRow(0, 10, 0),))
    with pytest.raises(DuplicateError, match="sequence"):
        ImpTable("x", (), "x", (ImpRow(0, 10, 0), ImpRow(20, None, 2)))
    with pytest.raises(DuplicateError, match="start"):
        ImpTable("x", (), "x", (ImpRow(0, None, 2),))
    with pytest.raises(DuplicateError, match="ends before"):
        ImpTable("x", (), "x", (ImpRow(0, 10, 0), ImpRow(30, 20, 1), ImpRow(40, None, 2)))
    with pytest.raises(DuplicateError, match="only the last"):
        ImpTable("x", (), "x", (ImpRow(0, None, 0), ImpRow(30, None, 1)))


TABLE_NAMES = st.sampled_from(sorted(MAXIMUM))
DIFFERENCES = st.integers(min_value=-20_000, max_value=20_000)


@given(TABLE_NAMES, DIFFERENCES)
def test_antisymmetric(name: str, difference: int) -> None:
    assert imps(-difference, name) == -imps(difference, name)


@given(TABLE_NAMES, DIFFERENCES, DIFFERENCES)
def test_monotone(name: str, a: int, b: int) -> None:
    low, high = sorted((a, b))
    assert imps(low, name) <= imps(high, name)


@given(TABLE_NAMES, DIFFERENCES)
def test_bounded_and_within_one_step(name: str, difference: int) -> None:
    won = imps(difference, name)
    assert abs(won) <= MAXIMUM[name]
    assert abs(imps(difference + 1, name) - won) <= 1


def test_module_doctests() -> None:
    assert doctest.testmod(imps_module).failed == 0
