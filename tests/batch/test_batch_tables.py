"""The lookup tables agree with the scalar ``score`` on every cell of every law set."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from bridgescore import Contract, Doubling, Seat, Side, Strain, Vulnerability, board_info, score
from bridgescore.batch import score as batch_score
from bridgescore.batch import score_ns as batch_score_ns
from bridgescore.batch import tables
from bridgescore.laws import LAW_SETS, get_laws

LAWS = tuple(LAW_SETS)
CELLS = list(itertools.product(range(1, 8), Strain, Doubling, (False, True), range(14)))


def test_cell_counts() -> None:
    assert len(CELLS) == tables.CELLS == 2940
    assert tables.NS_CELLS == 2940 * 8


@pytest.mark.parametrize("laws", LAWS)
def test_every_declarer_cell_is_the_scalar_score(laws: str) -> None:
    table = tables.declarer_table(laws)
    assert table.shape == (2940,)
    for level, strain, doubling, vulnerable, tricks in CELLS:
        expected = score(
            Contract(level, strain, doubling), tricks, vulnerable=vulnerable, laws=laws
        )
        index = tables.cell_index(level, strain, doubling, vulnerable, tricks)
        assert table[index] == expected.total, (laws, level, strain, doubling, vulnerable, tricks)


@pytest.mark.parametrize("laws", LAWS)
def test_every_cell_through_the_batch_call(laws: str) -> None:
    level, strain, doubling, vulnerable, tricks = (np.array(c) for c in zip(*CELLS, strict=True))
    got = batch_score(level, strain, doubling, vulnerable.astype(bool), tricks, laws=laws)
    want = [
        score(Contract(lv, Strain(st), Doubling(db)), tr, vulnerable=bool(vu), laws=laws).total
        for lv, st, db, vu, tr in CELLS
    ]
    assert got.tolist() == want


@pytest.mark.parametrize("laws", LAWS)
def test_every_north_south_cell_is_the_scalar_score(laws: str) -> None:
    table = tables.ns_table(laws)
    order = tables.VULNERABILITY_CODES
    for level, strain, doubling, tricks in itertools.product(
        range(1, 8), Strain, Doubling, range(14)
    ):
        for seat, (code, vulnerability) in itertools.product(Seat, enumerate(order)):
            contract = Contract(level, strain, doubling, seat)
            vulnerable = vulnerability.is_vulnerable(seat)
            expected = score(contract, tricks, vulnerable=vulnerable, laws=laws).for_side(Side.NS)
            index = tables.ns_cell_index(level, strain, doubling, seat, code, tricks)
            assert table[index] == expected


def test_north_south_batch_call_over_all_cells() -> None:
    rows = list(itertools.product(range(1, 8), Strain, Doubling, Seat, range(4), range(14)))
    level, strain, doubling, seat, vul, tricks = (np.array(c) for c in zip(*rows, strict=True))
    for laws in LAWS:
        got = batch_score_ns(level, strain, doubling, seat, vul, tricks, laws=laws)
        want = [
            score(
                Contract(lv, Strain(st), Doubling(db), Seat(se)),
                tr,
                vulnerable=tables.VULNERABILITY_CODES[vu].is_vulnerable(Seat(se)),
                laws=laws,
            ).for_side(Side.NS)
            for lv, st, db, se, vu, tr in rows
        ]
        assert got.tolist() == want


def test_tables_are_read_only_and_cached() -> None:
    table = tables.declarer_table("2017")
    assert table is tables.declarer_table("current")
    with pytest.raises(ValueError, match="read-only"):
        table[0] = 1


def test_a_law_set_object_that_is_not_registered_gets_its_own_table() -> None:
    from dataclasses import replace

    custom = replace(get_laws("2017"), name="house", partscore_bonus=0)
    table = tables.declarer_table(custom)
    assert table is tables.declarer_table(custom)
    index = tables.cell_index(1, Strain.CLUBS, Doubling.UNDOUBLED, False, 7)
    assert table[index] == 20
    assert tables.declarer_table("2017")[index] == 70


def test_schedule_is_the_scalar_board_schedule() -> None:
    codes = tables.schedule()
    for board in range(1, 17):
        assert tables.VULNERABILITY_CODES[codes[board - 1]] is board_info(board).vulnerability
    assert tables.VULNERABILITY_CODES == (
        Vulnerability.NONE,
        Vulnerability.NS,
        Vulnerability.EW,
        Vulnerability.BOTH,
    )
