"""Vectorized deal scoring: a gather from tables the scalar ``score`` filled.

Columns are NumPy arrays (or anything :func:`numpy.asarray` takes; a scalar is
repeated): level 1-7, strain 0-4 (C D H S NT), doubling 0-2, vulnerable (bool),
tricks 0-13. Text columns are read by the scalar parsers (``'S'``, ``'NT'``,
``'X'``, ``'N'``, ``'Both'``...). Floats are allowed when they hold whole
numbers; NaN, a masked entry or ``None`` is a missing value.

>>> import numpy as np
>>> score([4, 3, 6], [3, 4, 2], [0, 1, 0], [True, False, False], [10, 7, 12]).tolist()
[620, -300, 980]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, overload

import numpy as np
from numpy.typing import ArrayLike, NDArray

from bridgescore.batch import tables
from bridgescore.batch._checks import (
    DECLARER,
    DOUBLING,
    LAWS,
    LEVEL,
    STRAIN,
    TRICKS,
    VULNERABILITY,
    VULNERABLE,
    Column,
    Field,
    OnInvalid,
    check_columns,
    check_policy,
    describe_row,
    merge_codes,
    raise_first,
)
from bridgescore.errors import Message
from bridgescore.laws.lawsets import DEFAULT_LAW_SET, LAW_SETS, LawSet

LawsArg = str | LawSet | ArrayLike


@dataclass(frozen=True, slots=True, eq=False)
class Scores:
    """A nullable batch result (``on_invalid="null"``): a score or a reason per row.

    ``values`` holds the scores as floats with NaN for bad rows (exact: every
    score fits a float); :meth:`masked` gives whole numbers with a mask.
    ``codes`` is 0 for a good row, else a problem code; :meth:`reasons` and
    :meth:`problems` give the text, quoting the bad value.
    """

    values: NDArray[np.float64]
    valid: NDArray[np.bool_]
    codes: NDArray[np.uint8]
    _columns: tuple[Column, ...]

    def __len__(self) -> int:
        return len(self.values)

    @property
    def bad_rows(self) -> int:
        """How many rows have no score."""
        return int(np.count_nonzero(self.codes))

    def masked(self) -> np.ma.MaskedArray[Any, np.dtype[np.int32]]:
        """The scores as whole numbers, bad rows masked."""
        whole = np.where(self.valid, self.values, 0).astype(np.int32)
        return np.ma.MaskedArray(whole, mask=~self.valid)

    def reason(self, row: int) -> str | None:
        """What is wrong with ``row`` (``None`` when it has a score)."""
        found = self.reason_message(row)
        return None if found is None else str(found)

    def reason_message(self, row: int) -> Message | None:
        """:meth:`reason` as a message, to be shown in any language."""
        code = int(self.codes[row])
        return describe_row(self._columns, code, row) if code else None

    def problems(self) -> list[tuple[int, str]]:
        """(row, reason) for every bad row, in row order."""
        return [(int(row), str(self.reason(int(row)))) for row in np.flatnonzero(self.codes)]

    def reasons(self) -> NDArray[np.object_]:
        """A reason per row: ``None`` for a good row, else the text."""
        out = np.full(len(self.values), None, dtype=object)
        for row, text in self.problems():
            out[row] = text
        return out


def _law_tables(laws: LawsArg, ns: bool) -> tuple[NDArray[np.int32], ArrayLike | None]:
    """One law set's table; or, for a column of law sets, every registered set's tables
    stacked, and the column."""
    if isinstance(laws, str | LawSet):
        return (tables.ns_table(laws) if ns else tables.declarer_table(laws)), None
    stacked = np.concatenate(
        [tables.ns_table(name) if ns else tables.declarer_table(name) for name in LAW_SETS]
    )
    return stacked, laws


def _gather(
    table: NDArray[np.int32],
    columns: list[Column],
    radices: tuple[int, ...],
    offset: int,
    n: int,
    policy: OnInvalid,
) -> NDArray[np.int32] | Scores:
    codes = merge_codes(columns, n)
    if codes is not None and policy == "raise":
        raise_first(codes, lambda code, row: describe_row(columns, code, row))
    # The narrowest index type that holds every partial index: a 16-bit index halves
    # the memory traffic of the arithmetic, which costs more than the gather itself.
    kind = np.int16 if len(table) + offset <= np.iinfo(np.int16).max else np.int32
    index = np.multiply(columns[0].values, radices[0], dtype=kind)
    for column, radix in zip(columns[1:], radices[1:], strict=True):
        index += column.values
        if radix != 1:
            index *= radix
    index -= offset
    found = table.take(index)
    if policy == "raise":
        return found
    if codes is None:
        codes = np.zeros(n, np.uint8)
    valid = codes == 0
    values = np.where(valid, found, np.nan)
    return Scores(values, valid, codes, tuple(columns))


@overload
def score(
    level: ArrayLike,
    strain: ArrayLike,
    doubling: ArrayLike,
    vulnerable: ArrayLike,
    tricks: ArrayLike,
    *,
    laws: LawsArg = ...,
    on_invalid: Literal["raise"] = ...,
) -> NDArray[np.int32]: ...
@overload
def score(
    level: ArrayLike,
    strain: ArrayLike,
    doubling: ArrayLike,
    vulnerable: ArrayLike,
    tricks: ArrayLike,
    *,
    laws: LawsArg = ...,
    on_invalid: Literal["null"],
) -> Scores: ...
@overload
def score(
    level: ArrayLike,
    strain: ArrayLike,
    doubling: ArrayLike,
    vulnerable: ArrayLike,
    tricks: ArrayLike,
    *,
    laws: LawsArg = ...,
    on_invalid: str,
) -> NDArray[np.int32] | Scores: ...
def score(
    level: ArrayLike,
    strain: ArrayLike,
    doubling: ArrayLike,
    vulnerable: ArrayLike,
    tricks: ArrayLike,
    *,
    laws: LawsArg = DEFAULT_LAW_SET,
    on_invalid: str = "raise",
) -> NDArray[np.int32] | Scores:
    """Declarer's score for each row, exactly as :func:`bridgescore.score` gives it.

    ``laws`` names one law set, or is a column of law-set names (or codes 0-3 in
    the order of :data:`~bridgescore.laws.LAW_SETS`), one per row.
    ``on_invalid="raise"`` raises :class:`BatchInputError` at the first bad row
    (naming it and counting the others); ``"null"`` returns :class:`Scores`.

    >>> score([3], [4], [1], [False], [7], on_invalid="null").values.tolist()
    [-300.0]
    >>> bad = score([4, 8], "S", 0, True, [10, 10], on_invalid="null")
    >>> bad.values.tolist(), bad.problems()
    ([620.0, nan], [(1, 'level 8 is not 1-7')])
    """
    policy = check_policy(on_invalid)
    table, per_row = _law_tables(laws, ns=False)
    given: list[tuple[Field, ArrayLike]] = [
        (LEVEL, level),
        (STRAIN, strain),
        (DOUBLING, doubling),
        (VULNERABLE, vulnerable),
        (TRICKS, tricks),
    ]
    radices: tuple[int, ...] = (tables.STRAINS, tables.DOUBLINGS, 2, tables.TRICKS, 1)
    offset = tables.STRAINS * tables.DOUBLINGS * 2 * tables.TRICKS
    if per_row is not None:
        given.insert(0, (LAWS, per_row))
        columns, n = check_columns(given)
        columns[1] = _shift_level(columns[1])
        return _gather(table, columns, (tables.LEVELS, *radices), 0, n, policy)
    columns, n = check_columns(given)
    return _gather(table, columns, radices, offset, n, policy)


def _shift_level(column: Column) -> Column:
    """Levels 1-7 as 0-6, for an index that starts with a law-set code."""
    return Column(column.field, column.values - 1, column.codes, column.raw)


@overload
def score_ns(
    level: ArrayLike,
    strain: ArrayLike,
    doubling: ArrayLike,
    declarer: ArrayLike,
    vulnerability: ArrayLike,
    tricks: ArrayLike,
    *,
    laws: LawsArg = ...,
    on_invalid: Literal["raise"] = ...,
) -> NDArray[np.int32]: ...
@overload
def score_ns(
    level: ArrayLike,
    strain: ArrayLike,
    doubling: ArrayLike,
    declarer: ArrayLike,
    vulnerability: ArrayLike,
    tricks: ArrayLike,
    *,
    laws: LawsArg = ...,
    on_invalid: Literal["null"],
) -> Scores: ...
@overload
def score_ns(
    level: ArrayLike,
    strain: ArrayLike,
    doubling: ArrayLike,
    declarer: ArrayLike,
    vulnerability: ArrayLike,
    tricks: ArrayLike,
    *,
    laws: LawsArg = ...,
    on_invalid: str,
) -> NDArray[np.int32] | Scores: ...
def score_ns(
    level: ArrayLike,
    strain: ArrayLike,
    doubling: ArrayLike,
    declarer: ArrayLike,
    vulnerability: ArrayLike,
    tricks: ArrayLike,
    *,
    laws: LawsArg = DEFAULT_LAW_SET,
    on_invalid: str = "raise",
) -> NDArray[np.int32] | Scores:
    """North-South's score for each row: declarer 0-3 (N E S W) and the board's
    vulnerability 0-3 (none, NS, EW, both; see :func:`board_vulnerability`).

    >>> score_ns([4, 4], ["S", "S"], 0, ["N", "E"], "NS", [10, 10]).tolist()
    [620, -420]
    """
    policy = check_policy(on_invalid)
    table, per_row = _law_tables(laws, ns=True)
    given: list[tuple[Field, ArrayLike]] = [
        (LEVEL, level),
        (STRAIN, strain),
        (DOUBLING, doubling),
        (DECLARER, declarer),
        (VULNERABILITY, vulnerability),
        (TRICKS, tricks),
    ]
    radices: tuple[int, ...] = (
        tables.STRAINS, tables.DOUBLINGS, tables.SEATS, tables.VULNERABILITIES, tables.TRICKS, 1,
    )  # fmt: skip
    offset = tables.NS_CELLS // tables.LEVELS
    if per_row is not None:
        given.insert(0, (LAWS, per_row))
        columns, n = check_columns(given)
        columns[1] = _shift_level(columns[1])
        return _gather(table, columns, (tables.LEVELS, *radices), 0, n, policy)
    columns, n = check_columns(given)
    return _gather(table, columns, radices, offset, n, policy)


@overload
def board_vulnerability(
    board: ArrayLike, *, on_invalid: Literal["raise"] = ...
) -> NDArray[np.int8]: ...
@overload
def board_vulnerability(board: ArrayLike, *, on_invalid: Literal["null"]) -> Scores: ...
@overload
def board_vulnerability(board: ArrayLike, *, on_invalid: str) -> NDArray[np.int8] | Scores: ...
def board_vulnerability(
    board: ArrayLike, *, on_invalid: str = "raise"
) -> NDArray[np.int8] | Scores:
    """The vulnerability code (0-3: none, NS, EW, both) of each board number (1, 2, ...),
    from the scalar 16-board schedule.

    >>> board_vulnerability([1, 2, 3, 4, 17]).tolist()
    [0, 1, 2, 3, 0]
    """
    policy = check_policy(on_invalid)
    number = Field("board", 1, 2**62, "a board number from 1 up")
    columns, n = check_columns([(number, board)])
    codes = merge_codes(columns, n)
    if codes is not None and policy == "raise":
        raise_first(codes, lambda code, row: describe_row(columns, code, row))
    found = tables.schedule().take((columns[0].values - 1) % 16)
    if policy == "raise":
        return found
    if codes is None:
        codes = np.zeros(n, np.uint8)
    valid = codes == 0
    return Scores(np.where(valid, found, np.nan), valid, codes, tuple(columns))
