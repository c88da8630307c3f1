"""Board comparisons over many boards at once, on aligned columns.

Every function takes a ``board`` column (a key per row: board numbers, or any
integers or text; add ``event=`` when board numbers repeat across events, and
``section=`` when they repeat across an event's sections) and a
``ns_score`` column, in any row order, and returns one value per row: exactly
what the scalar function in :mod:`bridgescore.duplicate` gives that row within
its board's group of scores. The tests compare the two on random boards.

How it is fast: the scores of all boards are coded densely (there are only a
few hundred distinct bridge scores), and each (board, score) pair becomes a
*cell* holding how many rows have it. Matchpoints are then a running count of
the cells below a cell in its board; cross-IMPs count, for each of the IMP
table's thresholds, the results at least that far below or above a cell
(the IMP scale is a step function, so Σ over ~25 thresholds of two counts is
the sum of IMPs over every comparison). A board of a million results costs one
pass over its rows and a few operations per distinct score, not n² comparisons.
When there are too many (board, score) pairs for a dense grid, the cells come
from one sort of the rows instead.

Rows with no board or no score (NaN, a mask, ``None``) take part in nothing:
``on_invalid="raise"`` refuses them (naming the first); ``"null"`` leaves them
out of their board and gives them NaN.

>>> import numpy as np
>>> board = np.array([1, 1, 1, 2, 2])
>>> ns = np.array([430, 400, -50, 100, 100])
>>> matchpoints(board, ns).tolist()
[4.0, 2.0, 0.0, 1.0, 1.0]
>>> cross_imps(board, ns).tolist()
[5.5, 4.5, -10.0, 0.0, 0.0]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from bridgescore.batch._checks import (
    BOARD,
    EVENT,
    MISSING,
    NS_SCORE,
    SECTION,
    BatchInputError,
    Field,
    check_column,
    check_policy,
    code_field,
    describe_code,
    problem_code,
    raise_first,
)
from bridgescore.duplicate.butler import DEFAULT_BUTLER_PRESET, ButlerPreset, get_butler_preset
from bridgescore.duplicate.imps import DEFAULT_IMP_TABLE, DuplicateError, ImpTable, get_imp_table
from bridgescore.duplicate.matchpoints import Halves, NeubergMethod, Scale
from bridgescore.errors import Message
from bridgescore.errors import marked as _

FloatArray = NDArray[np.float64]
_SMALL_GRID: Final = 1 << 16


# --- keys and dense codes --------------------------------------------------------------------


def _dense(values: NDArray[Any]) -> tuple[NDArray[np.integer[Any]], NDArray[Any]]:
    """Dense codes 0..k-1 of ``values`` in sorted order, and the k distinct values."""
    n = len(values)
    if values.dtype.kind in "iu" and n:
        lo, hi = int(values.min()), int(values.max())
        limit = max(2 * n, _SMALL_GRID)
        code = np.int32 if limit < 2**31 else np.int64
        if lo >= 0 and hi < limit:
            present = np.zeros(hi + 1, np.bool_)
            offset: NDArray[np.integer[Any]] = values
            base = 0
        elif hi - lo < limit:
            present = np.zeros(hi - lo + 1, np.bool_)
            offset = np.subtract(values, lo, out=np.empty(n, code), casting="same_kind")
            base = lo
        else:
            present = np.zeros(0, np.bool_)
            offset, base = values, 0
        if len(present):
            present[offset] = True
            rank: NDArray[np.signedinteger[Any]] = np.cumsum(present, dtype=code)
            rank -= 1
            return rank[offset], np.flatnonzero(present).astype(np.int64) + base
    distinct, inverse = np.unique(values, return_inverse=True)
    return inverse.reshape(-1).astype(np.int32 if len(distinct) < 2**31 else np.intp), distinct


def _text_key(raw: NDArray[Any]) -> tuple[NDArray[Any], NDArray[np.bool_] | None]:
    """Text keys (and which are missing) from a text or object column."""
    if raw.dtype.kind in "US":
        return raw, None
    missing = np.fromiter(
        (x is None or (isinstance(x, float) and x != x) for x in raw), np.bool_, len(raw)
    )
    keys = np.array(["" if gone else str(x) for x, gone in zip(raw, missing, strict=True)])
    return keys, (missing if missing.any() else None)


def _key(field: Field, data: ArrayLike, n: int) -> tuple[NDArray[Any], NDArray[np.uint8] | None]:
    """A key column's values (numbers or text) and each bad row's problem code."""
    raw = np.asarray(data.data if isinstance(data, np.ma.MaskedArray) else data)
    if raw.ndim == 0:
        raw = np.broadcast_to(raw, (n,))
    if raw.dtype.kind in "OUS" and not isinstance(data, np.ma.MaskedArray):
        keys, missing = _text_key(raw)
        if missing is None:
            return keys, None
        return keys, missing.astype(np.uint8) * np.uint8(problem_code(field, MISSING))
    column = check_column(field, data, n)
    return column.values, column.codes


# --- the cells -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class _Cells:
    """(board, score) cells in board-then-score order; boards are CSR slices of cells."""

    boards: int
    distinct: NDArray[np.int64]
    row_cell: NDArray[np.integer[Any]]
    row_board: NDArray[np.integer[Any]]
    count: NDArray[np.int64]
    start: NDArray[np.intp]
    dense: bool
    cell_board: NDArray[np.intp]
    cell_code: NDArray[np.intp]

    @property
    def width(self) -> int:
        return len(self.distinct)

    def before(self, per_cell: NDArray[np.int64]) -> NDArray[np.int64]:
        """For each cell, the sum of ``per_cell`` over the cells before it in its board."""
        if self.dense:
            grid = per_cell.reshape(self.boards, self.width)
            running = np.cumsum(grid, axis=1)
            running -= grid
            return running.reshape(-1)
        running = np.cumsum(per_cell)
        running -= per_cell
        running -= np.repeat(running[self.start[:-1]], np.diff(self.start))
        return running

    def board_sum(self, per_cell: NDArray[np.int64]) -> NDArray[np.int64]:
        if self.dense:
            summed: NDArray[np.int64] = per_cell.reshape(self.boards, self.width).sum(axis=1)
            return summed
        return np.add.reduceat(per_cell, self.start[:-1])

    def spread(self, per_board: NDArray[Any]) -> NDArray[Any]:
        """A per-board value repeated for each of the board's cells."""
        return np.repeat(per_board, np.diff(self.start))

    def values(self) -> NDArray[np.int64]:
        """The score of each cell."""
        return self.distinct[self.cell_code]


def _cells(
    board_codes: NDArray[np.integer[Any]],
    boards: int,
    score_codes: NDArray[np.integer[Any]],
    distinct: NDArray[np.int64],
    grid_limit: int | None,
) -> _Cells:
    width = len(distinct)
    n = len(score_codes)
    limit = max(n, _SMALL_GRID) if grid_limit is None else grid_limit
    if boards * width <= limit:
        cell = board_codes.astype(np.intp)
        cell *= width
        cell += score_codes
        count = np.bincount(cell, minlength=boards * width).astype(np.int64, copy=False)
        start = np.arange(boards + 1, dtype=np.intp) * width
        lazy = np.zeros(0, np.intp)
        return _Cells(boards, distinct, cell, board_codes, count, start, True, lazy, lazy)
    key = board_codes.astype(np.int64) * width + score_codes
    order = np.argsort(key)
    ordered = key[order]
    del key
    fresh = np.empty(n, np.bool_)
    fresh[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=fresh[1:])
    firsts = np.flatnonzero(fresh)
    cell_key = ordered[firsts]
    del ordered
    ids: NDArray[np.signedinteger[Any]] = np.cumsum(
        fresh, dtype=np.int32 if len(firsts) < 2**31 else np.int64
    )
    ids -= 1
    del fresh
    row_cell = np.empty(n, np.intp)
    row_cell[order] = ids
    del order, ids
    count = np.diff(np.append(firsts, n)).astype(np.int64)
    cell_board = (cell_key // width).astype(np.intp)
    cell_code = (cell_key % width).astype(np.intp)
    start = np.searchsorted(cell_board, np.arange(boards + 1)).astype(np.intp)
    return _Cells(
        boards, distinct, row_cell, board_codes, count, start, False, cell_board, cell_code
    )


# --- the boards ------------------------------------------------------------------------------


class Boards:
    """Many boards' NS scores, grouped once and compared in several ways.

    ``board`` and ``ns_score`` are aligned columns (``event`` and ``section`` too, when
    given: a board is one event's and section's, and Neuberg's default N is the largest
    board's of its event and section);
    every method returns one float per row, NaN for a row left out
    (``on_invalid="null"``). ``grid_limit`` is for tests: the largest dense
    (board × distinct score) grid before sorting instead.

    >>> boards = Boards([1, 1, 1, 1], [620, -100, -100, 650])
    >>> boards.matchpoints().tolist(), boards.percentages().tolist()
    ([4.0, 1.0, 1.0, 6.0], [66.66666666666667, 16.666666666666668, 16.666666666666668, 100.0])
    """

    def __init__(
        self,
        board: ArrayLike,
        ns_score: ArrayLike,
        *,
        event: ArrayLike | None = None,
        section: ArrayLike | None = None,
        on_invalid: str = "raise",
        grid_limit: int | None = None,
    ) -> None:
        policy = check_policy(on_invalid)
        n = _length(board, ns_score, event, section)
        self.rows = n
        parts: list[tuple[Field, ArrayLike]] = [(BOARD, board), (NS_SCORE, ns_score)]
        if section is not None:
            parts.insert(0, (SECTION, section))
        if event is not None:
            parts.insert(0, (EVENT, event))
        keys: list[NDArray[Any]] = []
        codes: NDArray[np.uint8] | None = None
        self._raw: dict[str, NDArray[Any]] = {}
        for field, data in parts:
            values, bad = _key(field, data, n)
            raw = data.data if isinstance(data, np.ma.MaskedArray) else data
            self._raw[field.name] = np.broadcast_to(np.asarray(raw), (n,))
            keys.append(values)
            if bad is not None:
                codes = bad.copy() if codes is None else np.where(codes == 0, bad, codes)
        self.codes = np.zeros(n, np.uint8) if codes is None else codes
        if codes is not None and policy == "raise":
            raise_first(codes, self._describe)
        self.valid: NDArray[np.bool_] | None = None
        if codes is not None and codes.any():
            self.valid = codes == 0
            keys = [k[self.valid] for k in keys]
        scores = keys.pop().astype(np.int64, copy=False)
        board_codes, distinct_boards = _dense(keys.pop())
        boards = len(distinct_boards)
        group_codes: NDArray[np.integer[Any]] = np.zeros(len(board_codes), np.int64)
        groups = 1
        for key in keys:  # the event, then the section: a board is one of a group's
            key_codes, distinct_keys = _dense(key)
            group_codes = group_codes * len(distinct_keys) + key_codes
            group_codes, distinct_groups = _dense(group_codes)
            groups = len(distinct_groups)
        if keys:
            joint = group_codes.astype(np.int64) * max(boards, 1) + board_codes
            board_codes, distinct_boards = _dense(joint)
            boards = len(distinct_boards)
        self._board_group = np.zeros(boards, np.int64)
        self._board_group[board_codes] = group_codes
        self._groups = groups
        score_codes, distinct = _dense(scores)
        del scores
        self._cells = _cells(board_codes, boards, score_codes, distinct, grid_limit)
        self._size: NDArray[np.int64] | None = None
        self._mp: NDArray[np.int64] | None = None

    # -- plumbing --

    def _describe(self, code: int, row: int) -> Message:
        field = code_field(code)
        return describe_code(code, self._raw[field][row] if field in self._raw else None)

    def problems(self) -> list[tuple[int, str]]:
        """(row, reason) for every row left out."""
        return [
            (int(r), str(self._describe(int(self.codes[r]), int(r))))
            for r in np.flatnonzero(self.codes)
        ]

    def _rows(self, per_cell: NDArray[Any]) -> FloatArray:
        found = per_cell.astype(np.float64, copy=False).take(self._cells.row_cell)
        if self.valid is None:
            return found
        out = np.full(self.rows, np.nan)
        out[self.valid] = found
        return out

    def _board_rows(self, per_board: NDArray[Any]) -> FloatArray:
        found = per_board.astype(np.float64, copy=False).take(self._cells.row_board)
        if self.valid is None:
            return found
        out = np.full(self.rows, np.nan)
        out[self.valid] = found
        return out

    def _sizes(self) -> NDArray[np.int64]:
        if self._size is None:
            self._size = self._cells.board_sum(self._cells.count)
        return self._size

    def _european(self) -> NDArray[np.int64]:
        """European matchpoints per cell: 2 per score below, 1 per other equal score."""
        if self._mp is None:
            cells = self._cells
            below = cells.before(cells.count)
            below *= 2
            below += cells.count
            below -= 1
            self._mp = below
        return self._mp

    # -- matchpoints --

    def results(self) -> FloatArray:
        """How many results each row's board has."""
        return self._board_rows(self._sizes())

    def top(self, scale: str = "european") -> FloatArray:
        """The top of each row's board: 2(n − 1) or n − 1."""
        per_win = 2 if Scale.parse(scale) is Scale.EUROPEAN else 1
        return self._board_rows((self._sizes() - 1) * per_win)

    def matchpoints(self, scale: str = "european") -> FloatArray:
        """North-South's matchpoints, as :func:`bridgescore.duplicate.matchpoints.matchpoints`."""
        mp = self._european().astype(np.float64)
        if Scale.parse(scale) is Scale.ACBL:
            mp /= 2
        return self._rows(mp)

    def ew_matchpoints(self, scale: str = "european") -> FloatArray:
        """East-West's matchpoints (the top minus North-South's), as ``ew_matchpoints``."""
        cells = self._cells
        top = cells.spread(2 * (self._sizes() - 1))
        mp = (top - self._european()).astype(np.float64)
        if Scale.parse(scale) is Scale.ACBL:
            mp /= 2
        return self._rows(mp)

    def _percent(self, ew: bool) -> FloatArray:
        cells = self._cells
        top = cells.spread(2 * (self._sizes() - 1))
        mp = top - self._european() if ew else self._european()
        with np.errstate(invalid="ignore", divide="ignore"):
            pct = np.where(top > 0, (100 * mp) / np.maximum(top, 1), 50.0)
        return self._rows(pct)

    def percentages(self) -> FloatArray:
        """North-South's matchpoints as a percentage of the top (50 on a board of one)."""
        return self._percent(ew=False)

    def ew_percentages(self) -> FloatArray:
        """East-West's percentage."""
        return self._percent(ew=True)

    def neuberg(
        self,
        expected: int | ArrayLike | None = None,
        scale: str = "european",
        method: str = "neuberg",
    ) -> FloatArray:
        """Matchpoints brought to the top of ``expected`` results per board, as
        :func:`~bridgescore.duplicate.matchpoints.neuberg` (unrounded).

        ``expected`` is one number, a column (constant within a board), or
        ``None`` for the count of results of the largest board of the row's event
        (and section, when given), as :mod:`bridgescore.events` scales each event's
        boards.
        """
        how, way = Scale.parse(scale), NeubergMethod.parse(method)
        cells = self._cells
        sizes = self._sizes()
        wanted = self._expected(expected, sizes)
        n = cells.spread(sizes)
        big_n = cells.spread(wanted)
        raw = self._european()
        if way is NeubergMethod.MANUAL:
            value = (raw + (big_n - n)).astype(np.float64)
            if how is Scale.ACBL:
                value /= 2
            return self._rows(value)
        numerator = (raw + 1) * big_n - n
        denominator = n if how is Scale.EUROPEAN else 2 * n
        with np.errstate(invalid="ignore", divide="ignore"):
            value = numerator / np.maximum(denominator, 1)
        return self._rows(value)

    def _expected(
        self, expected: int | ArrayLike | None, sizes: NDArray[np.int64]
    ) -> NDArray[np.int64]:
        if expected is None:
            return self.largest(sizes)
        if isinstance(expected, int | np.integer) and not isinstance(expected, bool):
            wanted = np.full(len(sizes), int(expected), np.int64)
        else:
            column = np.asarray(expected)
            if column.ndim == 0 or column.dtype.kind not in "iu":
                raise DuplicateError(
                    _(
                        "expected={expected!r}: a whole number of results, or a column of them",
                        expected=expected,
                    )
                )
            column = np.broadcast_to(column, (self.rows,))
            if self.valid is not None:
                column = column[self.valid]
            wanted = np.zeros(len(sizes), np.int64)
            wanted[self._cells.row_board] = column
            if np.any(wanted[self._cells.row_board] != column):
                row = int(np.flatnonzero(wanted[self._cells.row_board] != column)[0])
                raise DuplicateError(
                    _("row {row}: expected results differ within its board", row=row)
                )
        short = np.flatnonzero(wanted < sizes)
        if len(short):
            board = int(short[0])
            raise DuplicateError(
                _(
                    "expected {expected} results but a board has {results}: "
                    "the expected number cannot be smaller than the results",
                    expected=int(wanted[board]),
                    results=int(sizes[board]),
                )
            )
        return wanted

    def largest(self, per_board: NDArray[np.int64] | None = None) -> NDArray[np.int64]:
        """For each board, the largest of ``per_board`` (by default the count of results)
        over the boards of its event (and section)."""
        values = self._sizes() if per_board is None else per_board
        top = np.zeros(self._groups, np.int64)
        np.maximum.at(top, self._board_group, values)
        found: NDArray[np.int64] = top[self._board_group]
        return found

    # -- IMPs --

    def cross_imps(
        self,
        *,
        total: bool = False,
        exclude: int = 0,
        table: str | ImpTable = DEFAULT_IMP_TABLE,
    ) -> FloatArray:
        """Cross-IMPs, as :func:`bridgescore.duplicate.cross_imps.cross_imps`: each
        result against every other in its board's field (less one copy of its own
        score), averaged over the comparisons, or ``total=True``."""
        if isinstance(exclude, bool) or not isinstance(exclude, int) or exclude < 0:
            raise DuplicateError(
                _("exclude={exclude!r}: results left out at each end, 0 or more", exclude=exclude)
            )
        thresholds = np.asarray(get_imp_table(table).thresholds, dtype=np.int64)
        cells = self._cells
        sizes = self._sizes()
        trim = np.maximum(0, np.minimum(exclude, (sizes - 2) // 2))
        field = self._kept(trim)
        won, compared = _cross_cells(cells, field, thresholds)
        if total:
            return self._rows(won)
        with np.errstate(invalid="ignore", divide="ignore"):
            value = np.where(compared > 0, won / np.maximum(compared, 1), 0.0)
        return self._rows(value)

    def _kept(self, trim: NDArray[np.int64]) -> NDArray[np.int64]:
        """Rows per cell left after ``trim`` results are taken off each end of its board."""
        cells = self._cells
        first = cells.before(cells.count)
        low = cells.spread(trim)
        high = cells.spread(self._sizes() - trim)
        kept: NDArray[np.int64] = np.minimum(first + cells.count, high) - np.maximum(first, low)
        return np.maximum(kept, 0)

    def datum(self, preset: str | ButlerPreset = DEFAULT_BUTLER_PRESET) -> FloatArray:
        """Each row's board datum, as :func:`bridgescore.duplicate.butler.datum`."""
        return self._board_rows(self._datums(get_butler_preset(preset)))

    def _datums(self, how: ButlerPreset) -> NDArray[np.int64]:
        sizes = self._sizes()
        distinct_sizes = np.unique(sizes)
        drops = np.array([how.dropped(int(n)) for n in distinct_sizes], np.int64)
        trim = drops[np.searchsorted(distinct_sizes, sizes)]
        kept = self._kept(trim)
        sums = self._cells.board_sum(kept * self._cells_values())
        count = sizes - 2 * trim
        return _round_tens(sums, count, how.halves)

    def _cells_values(self) -> NDArray[np.int64]:
        cells = self._cells
        if cells.dense:
            return np.tile(cells.distinct, cells.boards)
        return cells.values()

    def butler(self, preset: str | ButlerPreset = DEFAULT_BUTLER_PRESET) -> FloatArray:
        """IMPs against the board's datum, as :func:`bridgescore.duplicate.butler.butler`."""
        how = get_butler_preset(preset)
        thresholds = np.asarray(get_imp_table(how.imp_table).thresholds, dtype=np.int64)
        difference = self._cells_values() - self._cells.spread(self._datums(how))
        return self._rows(_imps(difference, thresholds))


def _length(*columns: ArrayLike | None) -> int:
    lengths = {np.shape(c)[0] for c in columns if c is not None and np.shape(c)}
    if len(lengths) > 1:
        raise BatchInputError(_("the columns differ in length: {lengths}", lengths=sorted(lengths)))
    return lengths.pop() if lengths else 1


def _imps(difference: NDArray[np.int64], thresholds: NDArray[np.int64]) -> NDArray[np.int64]:
    """IMPs for each difference: the sign of the difference times the thresholds reached."""
    won = np.searchsorted(thresholds, np.abs(difference), side="right").astype(np.int64)
    return np.where(difference >= 0, won, -won)


def _round_tens(
    sums: NDArray[np.int64], count: NDArray[np.int64], halves: Halves
) -> NDArray[np.int64]:
    """``sums / count`` rounded exactly to a multiple of 10, as ``round_to(..., 10, halves)``."""
    step = 10 * count
    low = sums // step
    rest = 2 * (sums - low * step)
    up = rest > step
    tie = rest == step
    if halves is Halves.EVEN:
        up |= tie & (low % 2 == 1)
    else:
        up |= tie & (sums > 0)
    rounded: NDArray[np.int64] = (low + up) * 10
    return rounded


def _cross_cells(
    cells: _Cells, field: NDArray[np.int64], thresholds: NDArray[np.int64]
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """(total IMPs, comparisons) per cell, against the board's ``field`` counts.

    For a threshold t > 0 a result s wins one IMP from each field result at or
    below s − t and loses one to each at or above s + t; a threshold of 0 (a
    table whose first row is worth 1 IMP) counts every result below or equal, and
    loses to every one above. Summing over the thresholds sums the IMPs.
    """
    width = cells.width
    distinct = cells.distinct
    sizes = cells.board_sum(field)
    zero = int(np.count_nonzero(thresholds == 0))
    if cells.dense:
        grid = field.reshape(cells.boards, width)
        below = np.zeros((cells.boards, width + 1), np.int64)
        np.cumsum(grid, axis=1, out=below[:, 1:])
        won = np.zeros((cells.boards, width), np.int64)
        for t in thresholds.tolist():
            at_most = np.searchsorted(distinct, distinct - t, side="right")
            under = np.searchsorted(distinct, distinct + max(t, 1), side="left")
            won += below[:, at_most]
            won += below[:, under]
        won -= len(thresholds) * sizes[:, None]
        total = won.reshape(-1)
    else:
        running = np.zeros(len(field) + 1, np.int64)
        np.cumsum(field, out=running[1:])
        board_base = running[cells.start[:-1]]
        key = cells.cell_board.astype(np.int64) * (width + 1)
        cell_key = key + cells.cell_code
        total = np.zeros(len(field), np.int64)
        for t in thresholds.tolist():
            at_most = np.searchsorted(distinct, distinct - t, side="right")
            under = np.searchsorted(distinct, distinct + max(t, 1), side="left")
            for column in (at_most, under):
                where = np.searchsorted(cell_key, key + column[cells.cell_code], side="left")
                total += running[where]
        total -= len(thresholds) * cells.spread(2 * board_base + sizes)
    present = field > 0
    if zero:
        total -= zero * present
    compared = cells.spread(sizes) - present
    return total, compared


# --- functions -------------------------------------------------------------------------------


def matchpoints(
    board: ArrayLike,
    ns_score: ArrayLike,
    scale: str = "european",
    *,
    event: ArrayLike | None = None,
    section: ArrayLike | None = None,
    on_invalid: str = "raise",
) -> FloatArray:
    """North-South's matchpoints per row within its board (``european`` or ``acbl``).

    >>> matchpoints([1, 1, 1, 2, 2], [420, 430, 420, 50, -50], scale="acbl").tolist()
    [0.5, 2.0, 0.5, 1.0, 0.0]
    """
    return Boards(board, ns_score, event=event, section=section, on_invalid=on_invalid).matchpoints(
        scale
    )


def ew_matchpoints(
    board: ArrayLike,
    ns_score: ArrayLike,
    scale: str = "european",
    *,
    event: ArrayLike | None = None,
    section: ArrayLike | None = None,
    on_invalid: str = "raise",
) -> FloatArray:
    """East-West's matchpoints per row: the top minus North-South's."""
    return Boards(
        board, ns_score, event=event, section=section, on_invalid=on_invalid
    ).ew_matchpoints(scale)


def percentages(
    board: ArrayLike,
    ns_score: ArrayLike,
    *,
    event: ArrayLike | None = None,
    section: ArrayLike | None = None,
    on_invalid: str = "raise",
) -> FloatArray:
    """North-South's matchpoint percentage per row (the same on both scales)."""
    return Boards(
        board, ns_score, event=event, section=section, on_invalid=on_invalid
    ).percentages()


def neuberg(
    board: ArrayLike,
    ns_score: ArrayLike,
    expected: int | ArrayLike | None = None,
    scale: str = "european",
    method: str = "neuberg",
    *,
    event: ArrayLike | None = None,
    section: ArrayLike | None = None,
    on_invalid: str = "raise",
) -> FloatArray:
    """Neuberg matchpoints per row: each board brought to the top of ``expected``
    results (default: the largest board's count).

    >>> neuberg([1, 1, 1, 2, 2, 2, 2], [430, 400, -50, 1, 2, 3, 4]).round(1).tolist()
    [5.7, 3.0, 0.3, 0.0, 2.0, 4.0, 6.0]
    """
    boards = Boards(board, ns_score, event=event, section=section, on_invalid=on_invalid)
    return boards.neuberg(expected, scale, method)


def cross_imps(
    board: ArrayLike,
    ns_score: ArrayLike,
    *,
    total: bool = False,
    exclude: int = 0,
    table: str | ImpTable = DEFAULT_IMP_TABLE,
    event: ArrayLike | None = None,
    section: ArrayLike | None = None,
    on_invalid: str = "raise",
) -> FloatArray:
    """Cross-IMPs per row within its board, averaged per comparison (or ``total=True``).

    >>> cross_imps([7] * 5, [620, -100, -100, -300, 650], total=True).tolist()
    [37.0, -20.0, -20.0, -38.0, 41.0]
    """
    boards = Boards(board, ns_score, event=event, section=section, on_invalid=on_invalid)
    return boards.cross_imps(total=total, exclude=exclude, table=table)


def butler(
    board: ArrayLike,
    ns_score: ArrayLike,
    preset: str | ButlerPreset = DEFAULT_BUTLER_PRESET,
    *,
    event: ArrayLike | None = None,
    section: ArrayLike | None = None,
    on_invalid: str = "raise",
) -> FloatArray:
    """Butler IMPs per row against its board's datum (whole numbers, as floats).

    >>> butler([1, 1, 1, 1], [100, 100, -170, -680]).tolist()
    [4.0, 4.0, -4.0, -12.0]
    """
    return Boards(board, ns_score, event=event, section=section, on_invalid=on_invalid).butler(
        preset
    )


def datum(
    board: ArrayLike,
    ns_score: ArrayLike,
    preset: str | ButlerPreset = DEFAULT_BUTLER_PRESET,
    *,
    event: ArrayLike | None = None,
    section: ArrayLike | None = None,
    on_invalid: str = "raise",
) -> FloatArray:
    """Each row's board datum (a multiple of 10, as a float)."""
    return Boards(board, ns_score, event=event, section=section, on_invalid=on_invalid).datum(
        preset
    )


# --- rankings --------------------------------------------------------------------------------


def ranks(
    value: ArrayLike,
    group: ArrayLike | None = None,
    *,
    decimals: int | None = 2,
    on_invalid: str = "raise",
) -> tuple[NDArray[np.int64], NDArray[np.bool_]]:
    """Each row's place within its group, highest value first, and whether it is shared.

    Values are compared rounded to ``decimals`` (as Python's ``round``, like
    :func:`bridgescore.events.ranking.places`); equal values share the better
    place and the next place is skipped (1, 2, 2, 4). A row with a missing value
    gets place 0 (``on_invalid="null"``).

    >>> ranks([61.2, 55.0, 55.0, 40.1])
    (array([1, 2, 2, 4]), array([False,  True,  True, False]))
    """
    policy = check_policy(on_invalid)
    raw = np.asarray(value, dtype=np.float64)
    n = len(raw)
    missing = np.isnan(raw)
    if missing.any() and policy == "raise":
        code = problem_code(NS_SCORE, MISSING)
        raise_first(
            missing.astype(np.uint8) * np.uint8(code),
            lambda c, row: _("value of row {row} is missing", row=row),
        )
    groups = np.zeros(n, np.int64) if group is None else np.broadcast_to(np.asarray(group), (n,))
    keep = ~missing
    distinct, inverse = np.unique(raw[keep], return_inverse=True)
    if decimals is not None:
        rounded = np.array([round(float(x), decimals) for x in distinct], np.float64)
        distinct, back = np.unique(rounded, return_inverse=True)
        inverse = back[inverse]
    group_codes, group_values = _dense(_plain(groups[keep]))
    # Highest first: code the values from the top down.
    codes = (len(distinct) - 1 - inverse).astype(np.int64)
    cells = _cells(group_codes, len(group_values), codes, np.arange(len(distinct)), None)
    above = cells.before(cells.count)
    place_cells = above + 1
    tied_cells = cells.count > 1
    place = np.zeros(n, np.int64)
    tied = np.zeros(n, np.bool_)
    place[keep] = place_cells[cells.row_cell]
    tied[keep] = tied_cells[cells.row_cell]
    return place, tied


def _plain(values: NDArray[Any]) -> NDArray[Any]:
    if values.dtype.kind in "OUS":
        return _text_key(values)[0]
    return values


def places(
    value: ArrayLike,
    group: ArrayLike | None = None,
    *,
    decimals: int = 2,
    on_invalid: str = "raise",
) -> NDArray[np.object_]:
    """Places as players write them (``'1'``, ``'2='``), as
    :func:`bridgescore.events.ranking.places` gives them, within each group.

    >>> places([61.2, 55.0, 55.0, 40.1]).tolist()
    ['1', '2=', '2=', '4']
    """
    place, tied = ranks(value, group, decimals=decimals, on_invalid=on_invalid)
    out = np.empty(len(place), dtype=object)
    for row, (where, shared) in enumerate(zip(place.tolist(), tied.tolist(), strict=True)):
        out[row] = None if where == 0 else f"{where}{'=' if shared else ''}"
    return out


__all__ = [
    "Boards",
    "butler",
    "cross_imps",
    "datum",
    "ew_matchpoints",
    "matchpoints",
    "neuberg",
    "percentages",
    "places",
    "ranks",
]
