"""PBN tables (chapter 5): column specifications and rows of cells.

A table's tag value lists its columns, ``;`` between them: a name, optionally
preceded by ``+`` (sorted descending) or ``-`` (ascending) and followed by
``\\<width>`` and ``L`` or ``R`` (minimum width and alignment), e.g.
``Rank\\2R;PairId\\2R;Names\\39L``. The section data are the cells, row after
row: a bare token, or a quoted string when it has spaces. A bare ``-`` is an
irrelevant (absent) cell and reads as ``None``; ``?`` is an unknown one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from bridgescore.errors import BridgeInputError, Message
from bridgescore.errors import marked as _

_WIDTH_RE = re.compile(r"^(\d+)([LR]?)$")
# the unrolled form of (?:[^"\\]|\\.)*, as _lexer.TAG_LINE: the same strings, faster
_STRING_RE = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"')
_BARE_RE = re.compile(r'[^\s"{;]+')
_SPACE_RE = re.compile(r"\s*")
_BARE_OK = re.compile(r"[!#$&-:<-Z\\^-z|~]+")  # ASCII 33-126 without " % ; [ ] { }

Cell = str | None
"""A table cell: its text, or ``None`` for a bare ``-`` (no value)."""


def _unescape(quoted: str) -> str:
    if "\\" not in quoted:
        return quoted
    return re.sub(r'\\(["\\])', r"\1", quoted)


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a table: ``+Rank\\2R`` is ``Column('Rank', 2, 'R', '+')``."""

    name: str
    width: int | None = None
    align: str | None = None
    order: str | None = None

    def __post_init__(self) -> None:
        if ";" in self.name:
            raise BridgeInputError(_("{name!r}: a column name cannot contain ';'", name=self.name))
        if self.align not in (None, "L", "R"):
            raise BridgeInputError(
                _("{align!r}: a column is aligned L, R or not at all", align=self.align)
            )
        if self.order not in (None, "+", "-"):
            raise BridgeInputError(
                _("{order!r}: a column's order is +, - or none", order=self.order)
            )
        if self.width is not None and (
            isinstance(self.width, bool) or not isinstance(self.width, int) or self.width < 0
        ):
            raise BridgeInputError(
                _("{width!r}: a column width is a whole number", width=self.width)
            )
        if self.align is not None and self.width is None:
            raise BridgeInputError(_("a column's alignment comes with a width"))

    @classmethod
    def parse(cls, text: str) -> Column:
        """``'PairId_NS\\2R'``, ``'Names_NS\\19'``, ``'+Rank'``, ``'Contract'``."""
        order = None
        name = text
        if name[:1] in ("+", "-"):
            order, name = name[0], name[1:]
        width: int | None = None
        align: str | None = None
        head, slash, tail = name.rpartition("\\")
        if slash:
            match = _WIDTH_RE.match(tail)
            if match:
                name, width, align = head, int(match[1]), match[2] or None
        return cls(name, width, align, order)

    @property
    def spec(self) -> str:
        """The column as a table's tag value writes it."""
        text = f"{self.order or ''}{self.name}"
        if self.width is not None:
            text += f"\\{self.width}{self.align or ''}"
        return text

    def __str__(self) -> str:
        return self.spec


def format_cell(cell: Cell) -> str:
    """A cell as section data: bare when it can be, else a quoted string."""
    if cell is None:
        return "-"
    if cell != "-" and _BARE_OK.fullmatch(cell):
        return cell
    return '"' + cell.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(frozen=True, slots=True)
class Table:
    """A table: its columns, and its rows as tuples of cells.

    :attr:`rows` gives each row as a mapping from column name to cell.
    ``row_lines`` (the section line each row starts on, from 0) and ``issues``
    (``(line, message)`` for cells that do not fill whole rows) come from
    reading and take no part in equality.
    """

    columns: tuple[Column, ...]
    cells: tuple[tuple[Cell, ...], ...] = ()
    row_lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    issues: tuple[tuple[int, Message], ...] = field(default=(), compare=False, repr=False)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    @property
    def spec(self) -> str:
        """The tag value: the column specifications joined by ``;``."""
        return ";".join(c.spec for c in self.columns)

    @property
    def rows(self) -> tuple[Mapping[str, Cell], ...]:
        names = self.names
        return tuple(MappingProxyType(dict(zip(names, row, strict=True))) for row in self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    def index(self, name: str) -> int | None:
        for i, column in enumerate(self.columns):
            if column.name == name:
                return i
        return None

    def column(self, name: str) -> tuple[Cell, ...]:
        i = self.index(name)
        if i is None:
            raise KeyError(name)
        return tuple(row[i] for row in self.cells)

    @classmethod
    def build(cls, columns: Sequence[Column | str], rows: Sequence[Sequence[Cell]] = ()) -> Table:
        """A table from columns (``Column`` or specification text) and rows of cells."""
        cols = tuple(c if isinstance(c, Column) else Column.parse(c) for c in columns)
        cells = tuple(tuple(row) for row in rows)
        for row in cells:
            if len(row) != len(cols):
                raise BridgeInputError(
                    _(
                        "a row of {cells} cells in a table of {columns} columns",
                        cells=len(row),
                        columns=len(cols),
                    )
                )
        return cls(cols, cells)

    @classmethod
    def parse(cls, spec: str, lines: Sequence[str]) -> Table:
        """A table from its tag value and section lines (never raises: see :attr:`issues`)."""
        columns = tuple(Column.parse(part) for part in spec.split(";")) if spec else ()
        ncols = len(columns)
        rows: list[tuple[Cell, ...]] = []
        starts: list[int] = []
        issues: list[tuple[int, Message]] = []
        pending: list[Cell] = []
        pending_line = 0

        def emit(cells: list[Cell], line: int, short: bool) -> None:
            if short:
                issues.append(
                    (
                        line,
                        _(
                            "a row with {cells} cells where the table has {columns} columns",
                            cells=len(cells),
                            columns=ncols,
                        ),
                    )
                )
                cells = cells + [None] * (ncols - len(cells))
            rows.append(tuple(cells))
            starts.append(line)

        for number, tokens in _line_tokens(lines, issues):
            if ncols == 0:
                issues.append((number, _("cells in a table without columns")))
                continue
            if pending:
                if len(pending) + len(tokens) <= ncols:
                    pending += tokens
                    if len(pending) == ncols:
                        emit(pending, pending_line, False)
                        pending = []
                    continue
                emit(pending, pending_line, True)
                pending = []
            whole = len(tokens) - len(tokens) % ncols
            for start in range(0, whole, ncols):
                emit(tokens[start : start + ncols], number, False)
            rest = tokens[whole:]
            if rest and whole == 0:
                pending, pending_line = rest, number
            elif rest:
                emit(rest, number, True)
        if pending:
            emit(pending, pending_line, True)
        issues.sort(key=lambda issue: issue[0])
        return cls(columns, tuple(rows), tuple(starts), tuple(issues))

    def format_lines(self) -> tuple[str, ...]:
        """The rows as export-format section lines, padded to the columns' widths."""
        out = []
        for row in self.cells:
            parts = []
            for column, cell in zip(self.columns, row, strict=True):
                text = format_cell(cell)
                width = column.width or 0
                parts.append(text.rjust(width) if column.align == "R" else text.ljust(width))
            out.append(" ".join(parts).rstrip())
        return tuple(out)


def _line_tokens(
    lines: Sequence[str], issues: list[tuple[int, Message]]
) -> list[tuple[int, list[Cell]]]:
    """The cells of each section line that has any (comments and % lines skipped)."""
    found: list[tuple[int, list[Cell]]] = []
    in_brace = False
    for number, line in enumerate(lines):
        pos, n = 0, len(line)
        if in_brace:
            close = line.find("}")
            if close < 0:
                continue
            in_brace, pos = False, close + 1
        elif line.startswith("%"):
            continue
        tokens: list[Cell] = []
        while True:
            space = _SPACE_RE.match(line, pos)
            assert space is not None  # \s* always matches
            pos = space.end()
            if pos >= n:
                break
            ch = line[pos]
            if ch == '"':
                string = _STRING_RE.match(line, pos)
                if string is None:
                    issues.append((number, _("a quoted cell is not closed")))
                    tokens.append(_unescape(line[pos + 1 :]))
                    break
                tokens.append(_unescape(string[1]))
                pos = string.end()
            elif ch == "{":
                close = line.find("}", pos + 1)
                if close < 0:
                    in_brace = True
                    break
                pos = close + 1
            elif ch == ";":
                break
            else:
                bare = _BARE_RE.match(line, pos)
                assert bare is not None
                tokens.append(None if bare[0] == "-" else bare[0])
                pos = bare.end()
        if tokens:
            found.append((number, tokens))
    return found
