"""Lookup tables built from the scalar API, cell by cell.

Every number the batch engine returns for a deal is read from a table that was
filled by calling :func:`bridgescore.scoring.score` once per cell: 7 levels × 5
strains × 3 doublings × 2 vulnerabilities × 14 trick counts = 2,940 cells per
law set. The scalar and the batch paths therefore cannot disagree (STYLE.md,
point 10); the tests compare every cell of every law set anyway.

The flat index of a cell is::

    (level - 1) * 420 + strain * 84 + doubling * 28 + vulnerable * 14 + tricks

with strain 0-4 for C D H S NT, doubling 0-2 (none, X, XX), vulnerable 0/1 and
tricks 0-13. The North-South table adds the declarer (0-3: N E S W) and the
board's vulnerability (0-3: none, NS, EW, both) in place of ``vulnerable``.
"""

from __future__ import annotations

from functools import cache
from typing import Final

import numpy as np
from numpy.typing import NDArray

from bridgescore.core.contract import Contract
from bridgescore.core.seats import Seat, Side
from bridgescore.core.strains import Doubling, Strain
from bridgescore.core.vulnerability import BoardInfo, Vulnerability
from bridgescore.laws.lawsets import DEFAULT_LAW_SET, LAW_SETS, LawSet, get_laws
from bridgescore.scoring.deal import score

LEVELS: Final = 7
STRAINS: Final = 5
DOUBLINGS: Final = 3
TRICKS: Final = 14
SEATS: Final = 4
VULNERABILITIES: Final = 4

CELLS: Final = LEVELS * STRAINS * DOUBLINGS * 2 * TRICKS
"""2,940: the cells of one law set's declarer table."""
NS_CELLS: Final = LEVELS * STRAINS * DOUBLINGS * SEATS * VULNERABILITIES * TRICKS
"""23,520: the cells of one law set's North-South table."""

VULNERABILITY_CODES: Final = (
    Vulnerability.NONE,
    Vulnerability.NS,
    Vulnerability.EW,
    Vulnerability.BOTH,
)
"""The board vulnerability codes 0-3, in order."""


def _law(laws: str | LawSet) -> LawSet:
    return get_laws(laws)


def _build(law: LawSet) -> NDArray[np.int32]:
    """Call the scalar ``score`` for every cell (declarer's points)."""
    table = np.empty((LEVELS, STRAINS, DOUBLINGS, 2, TRICKS), dtype=np.int32)
    for level in range(1, LEVELS + 1):
        for strain in Strain:
            for doubling in Doubling:
                contract = Contract(level, strain, doubling)
                for vulnerable in (False, True):
                    for tricks in range(TRICKS):
                        found = score(contract, tricks, vulnerable=vulnerable, laws=law).total
                        table[level - 1, strain, doubling, int(vulnerable), tricks] = found
    flat = table.reshape(CELLS)
    flat.flags.writeable = False
    return flat


def _build_ns(law: LawSet) -> NDArray[np.int32]:
    """North-South's points for each declarer and board vulnerability, by the scalar path."""
    declarer = declarer_table(law).reshape(LEVELS, STRAINS, DOUBLINGS, 2, TRICKS)
    table = np.empty((LEVELS, STRAINS, DOUBLINGS, SEATS, VULNERABILITIES, TRICKS), np.int32)
    for seat in Seat:
        sign = 1 if seat.side is Side.NS else -1
        for code, vulnerability in enumerate(VULNERABILITY_CODES):
            vulnerable = int(vulnerability.is_vulnerable(seat))
            table[:, :, :, seat, code, :] = sign * declarer[:, :, :, vulnerable, :]
    flat = table.reshape(NS_CELLS)
    flat.flags.writeable = False
    return flat


@cache
def _registered(name: str, ns: bool) -> NDArray[np.int32]:
    law = LAW_SETS[name]
    return _build_ns(law) if ns else _build(law)


_CUSTOM: dict[tuple[int, bool], tuple[LawSet, NDArray[np.int32]]] = {}


def _table(laws: str | LawSet, ns: bool) -> NDArray[np.int32]:
    law = _law(laws)
    if LAW_SETS.get(law.name) is law:
        return _registered(law.name, ns)
    key = (id(law), ns)
    found = _CUSTOM.get(key)
    if found is None or found[0] is not law:
        found = _CUSTOM[key] = (law, _build_ns(law) if ns else _build(law))
    return found[1]


def declarer_table(laws: str | LawSet = DEFAULT_LAW_SET) -> NDArray[np.int32]:
    """The 2,940 declarer scores of a law set, read-only, by flat index (see the module).

    >>> int(declarer_table()[cell_index(4, 3, 0, True, 10)])  # 4S= vulnerable
    620
    """
    return _table(laws, ns=False)


def ns_table(laws: str | LawSet = DEFAULT_LAW_SET) -> NDArray[np.int32]:
    """The 23,520 North-South scores of a law set, read-only, by :func:`ns_cell_index`."""
    return _table(laws, ns=True)


def cell_index(level: int, strain: int, doubling: int, vulnerable: bool, tricks: int) -> int:
    """The flat index of one cell of :func:`declarer_table`."""
    return (
        (((level - 1) * STRAINS + strain) * DOUBLINGS + doubling) * 2 + int(vulnerable)
    ) * TRICKS + tricks


def ns_cell_index(
    level: int, strain: int, doubling: int, declarer: int, vulnerability: int, tricks: int
) -> int:
    """The flat index of one cell of :func:`ns_table`."""
    head = ((level - 1) * STRAINS + strain) * DOUBLINGS + doubling
    return ((head * SEATS + declarer) * VULNERABILITIES + vulnerability) * TRICKS + tricks


@cache
def schedule() -> NDArray[np.int8]:
    """The vulnerability code (0-3) of boards 1-16, from the scalar board schedule."""
    codes = [VULNERABILITY_CODES.index(BoardInfo.of(n).vulnerability) for n in range(1, 17)]
    found = np.array(codes, dtype=np.int8)
    found.flags.writeable = False
    return found
