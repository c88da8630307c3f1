"""The Bridgemate tables bridgescore reads, as typed rows.

Field names, types and meanings are those of the Bridgemate developer's guide (Bridge
Systems BV) as ``docs/bridgemate.md`` lists them with its sources, checked against a
real file. A cell that is not what its column holds is a :class:`BWSError` naming the
file, the table, the row and the field.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, TypeVar

from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.io.bridgemate._access import BWSError, Table

REQUIRED: Final = ("Section", "RoundData", "ReceivedData")
"""The tables every Bridgemate file has and bridgescore needs."""

OPTIONAL: Final = ("Session", "PlayerNumbers")
"""Tables read when the file has them (older files have no ``Session``)."""

DIRECTIONS: Final = ("N", "E", "S", "W")


@dataclass(frozen=True, slots=True)
class SectionRow:
    """A row of ``Section``: the section's number, its letter, its tables, how it is scored."""

    id: int
    letter: str
    tables: int
    scoring_type: int | None = None
    written_letter: str = field(default="", compare=False)
    """``Letter`` as the file writes it (``'A  '``: some programs pad it; a habit
    :mod:`._program` reads)."""


@dataclass(frozen=True, slots=True)
class RoundRow:
    """A row of ``RoundData``: who sits where at one table in one round, and the boards
    (``LowBoard`` to ``HighBoard``). A pair number 0 is nobody (a sit-out)."""

    section: int
    table: int
    round: int
    ns_pair: int
    ew_pair: int
    low_board: int
    high_board: int
    custom_boards: str = ""
    row: int = 0
    """The row's place in the table, from 1 (for messages)."""


@dataclass(frozen=True, slots=True)
class ReceivedRow:
    """A row of ``ReceivedData``: one board's result as a table's Bridgemate sent it.

    ``direction`` is the declarer's seat (``NS/EW``: ``N``, ``E``, ``S`` or ``W``),
    ``declarer`` the declaring pair's number; ``contract`` as written (``3 NT``,
    ``4 S x``, ``PASS``); ``result`` as written (``=``, ``+1``, ``-2``); ``lead`` as
    written (``SA``, ``H10``); ``remarks`` the director's note (``Not played``,
    ``60%-40%``, ``Arbitral score``); ``erased`` that the result was erased.
    """

    id: int
    section: int
    table: int
    round: int
    board: int
    pair_ns: int
    pair_ew: int
    declarer: int | None
    direction: str
    contract: str
    result: str
    lead: str = ""
    remarks: str = ""
    erased: bool = False
    logged: str = ""
    """When the result arrived (``DateLog`` and ``TimeLog``), ISO 8601, local time."""

    @property
    def place(self) -> str:
        """The row as a message names it: ``ReceivedData ID 17``."""
        return f"ReceivedData ID {self.id}"

    @property
    def key(self) -> tuple[int, int, int, int]:
        """The one result a row stands for: section, table, round and board."""
        return (self.section, self.table, self.round, self.board)


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """A row of ``PlayerNumbers``: the player in one seat of a table from a round on
    (round 0: from the start), by member number and, in newer files, by name."""

    section: int
    table: int
    round: int
    direction: str
    number: str
    name: str = ""


@dataclass(frozen=True, slots=True)
class BWSDocument:
    """What a ``.bws`` file holds for scoring: sections, the movement, every result
    received (erased and replaced ones too, in the order received), the players."""

    source: str
    sections: tuple[SectionRow, ...]
    rounds: tuple[RoundRow, ...]
    received: tuple[ReceivedRow, ...]
    players: tuple[PlayerRow, ...] = ()
    name: str = ""
    date: str = ""

    def section(self, number: int) -> SectionRow | None:
        return next((s for s in self.sections if s.id == number), None)

    def standing(self) -> tuple[ReceivedRow, ...]:
        """The results that stand, in the order received.

        Bridgemate adds a row for every result it receives, a correction included; of
        the rows for one section, table, round and board the last received (highest
        ``ID``) stands, and one marked ``Erased`` leaves that board without a result.
        """
        last: dict[tuple[int, int, int, int], ReceivedRow] = {}
        for row in sorted(self.received, key=lambda r: r.id):
            last[row.key] = row
        kept = {id(row) for row in last.values() if not row.erased}
        return tuple(row for row in self.received if id(row) in kept)

    def replaced(self) -> tuple[ReceivedRow, ...]:
        """The rows that do not stand: replaced by a later row, or erased."""
        standing = {id(row) for row in self.standing()}
        return tuple(row for row in self.received if id(row) not in standing)


# --- reading cells ---------------------------------------------------------------------

_T = TypeVar("_T")
Row = str | Message
"""A row as a message names it (``row 3``, ``ID 17``)."""


class _Rows:
    """One table's rows as mappings, with located errors for their cells."""

    def __init__(self, source: str, name: str, table: Table, columns: Sequence[str]) -> None:
        self.source = source
        self.name = name
        self.table = table
        missing = [c for c in columns if c not in table]
        if missing:
            raise BWSError(
                _(
                    "no column {column!r}: not a Bridgemate table (its columns: {columns})",
                    column=missing[0],
                    columns=", ".join(table) or _("none"),
                ),
                source=source,
                table=name,
            )

    def __iter__(self) -> Iterator[tuple[int, Mapping[str, object]]]:
        count = len(next(iter(self.table.values()), []))
        for index in range(count):
            yield index + 1, {column: values[index] for column, values in self.table.items()}

    def fail(self, row: Row, column: str, reason: Message) -> BWSError:
        return BWSError(reason, source=self.source, table=self.name, row=row, field=column)

    def whole(self, row: Row, cells: Mapping[str, object], column: str, least: int = 0) -> int:
        value = cells.get(column)
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise self.fail(
                row,
                column,
                _("expected a whole number from {least}, got {value!r}", least=least, value=value),
            )
        return value

    def text(self, row: Row, cells: Mapping[str, object], column: str) -> str:
        value = cells.get(column)
        if value is None:
            return ""
        if not isinstance(value, str):
            raise self.fail(row, column, _("expected text, got {value!r}", value=value))
        return value.strip()

    def flag(self, row: Row, cells: Mapping[str, object], column: str) -> bool:
        value = cells.get(column)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise self.fail(row, column, _("expected yes or no, got {value!r}", value=value))
        return value

    def optional(
        self,
        row: Row,
        cells: Mapping[str, object],
        column: str,
        read: Callable[[Row, Mapping[str, object], str], _T],
    ) -> _T | None:
        return read(row, cells, column) if column in cells and cells[column] is not None else None


def _sections(source: str, table: Table) -> tuple[SectionRow, ...]:
    rows = _Rows(source, "Section", table, ("ID", "Letter", "Tables"))
    found: list[SectionRow] = []
    for number, cells in rows:
        where: Row = _("row {number}", number=number)
        section_id = rows.whole(where, cells, "ID", 1)
        if any(s.id == section_id for s in found):
            raise rows.fail(where, "ID", _("section {section} is given twice", section=section_id))
        found.append(
            SectionRow(
                section_id,
                rows.text(where, cells, "Letter") or str(section_id),
                rows.whole(where, cells, "Tables"),
                rows.optional(where, cells, "ScoringType", rows.whole),
                _raw_text(cells.get("Letter")),
            )
        )
    return tuple(found)


def _raw_text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _rounds(source: str, table: Table) -> tuple[RoundRow, ...]:
    columns = ("Section", "Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard")
    rows = _Rows(source, "RoundData", table, columns)
    found = []
    for number, cells in rows:
        where: Row = _("row {number}", number=number)
        found.append(
            RoundRow(
                rows.whole(where, cells, "Section", 1),
                rows.whole(where, cells, "Table", 1),
                rows.whole(where, cells, "Round", 1),
                rows.whole(where, cells, "NSPair"),
                rows.whole(where, cells, "EWPair"),
                rows.whole(where, cells, "LowBoard"),
                rows.whole(where, cells, "HighBoard"),
                rows.optional(where, cells, "CustomBoards", rows.text) or "",
                number,
            )
        )
    return tuple(found)


_RECEIVED_COLUMNS: Final = (
    "ID", "Section", "Table", "Round", "Board", "PairNS", "PairEW", "Declarer", "NS/EW",
    "Contract", "Result",
)  # fmt: skip


def _received(source: str, table: Table) -> tuple[ReceivedRow, ...]:
    rows = _Rows(source, "ReceivedData", table, _RECEIVED_COLUMNS)
    found: list[ReceivedRow] = []
    seen: set[int] = set()
    for number, cells in rows:
        where: Row = _("row {number}", number=number)
        row_id = rows.whole(where, cells, "ID", 1)
        if row_id in seen:
            raise rows.fail(where, "ID", _("ID {id} is given twice", id=row_id))
        seen.add(row_id)
        where = Message("ID {id}", id=row_id)
        found.append(
            ReceivedRow(
                id=row_id,
                section=rows.whole(where, cells, "Section", 1),
                table=rows.whole(where, cells, "Table", 1),
                round=rows.whole(where, cells, "Round", 1),
                board=rows.whole(where, cells, "Board", 1),
                pair_ns=rows.whole(where, cells, "PairNS"),
                pair_ew=rows.whole(where, cells, "PairEW"),
                declarer=rows.optional(where, cells, "Declarer", rows.whole),
                direction=rows.text(where, cells, "NS/EW").upper(),
                contract=rows.text(where, cells, "Contract"),
                result=rows.text(where, cells, "Result"),
                lead=rows.optional(where, cells, "LeadCard", rows.text) or "",
                remarks=rows.optional(where, cells, "Remarks", rows.text) or "",
                erased=rows.optional(where, cells, "Erased", rows.flag) or False,
                logged=_logged(cells.get("DateLog"), cells.get("TimeLog")),
            )
        )
    return tuple(found)


def _logged(date: object, time: object) -> str:
    """``DateLog`` and ``TimeLog`` as one ISO time: Access keeps a time of day as a date
    on 30 December 1899, and the day in its own field."""
    try:
        day = dt.datetime.fromisoformat(str(date)).date() if date else None
        clock = dt.datetime.fromisoformat(str(time)).time().replace(microsecond=0)
    except ValueError:
        return ""
    if day is None:
        return clock.isoformat()
    return dt.datetime.combine(day, clock).isoformat()


def _players(source: str, table: Table) -> tuple[PlayerRow, ...]:
    rows = _Rows(source, "PlayerNumbers", table, ("Section", "Table", "Direction", "Number"))
    found = []
    for number, cells in rows:
        where: Row = _("row {number}", number=number)
        direction = rows.text(where, cells, "Direction").upper()
        if direction not in DIRECTIONS:
            raise rows.fail(
                where,
                "Direction",
                _("expected N, E, S or W, got {direction!r}", direction=direction),
            )
        found.append(
            PlayerRow(
                rows.whole(where, cells, "Section", 1),
                rows.whole(where, cells, "Table", 1),
                rows.optional(where, cells, "Round", rows.whole) or 0,
                direction,
                rows.text(where, cells, "Number"),
                rows.optional(where, cells, "Name", rows.text) or "",
            )
        )
    return tuple(found)


def _session(source: str, table: Table | None) -> tuple[str, str]:
    """The session's name and date (``''`` when the file has no ``Session`` row)."""
    if table is None:
        return "", ""
    rows = _Rows(source, "Session", table, ())
    for number, cells in rows:
        where: Row = _("row {number}", number=number)
        name = rows.optional(where, cells, "Name", rows.text) or ""
        date = cells.get("Date")
        try:
            day = dt.datetime.fromisoformat(str(date)).date().isoformat() if date else ""
        except ValueError:
            raise rows.fail(where, "Date", _("expected a date, got {date!r}", date=date)) from None
        return name, day
    return "", ""


def from_tables(tables: Mapping[str, Table], *, source: str = "<tables>") -> BWSDocument:
    """The document the tables describe (columns by name, as :func:`read_tables` gives
    them); a table or cell that is not what Bridgemate writes is a :class:`BWSError`."""
    for name in REQUIRED:
        if name not in tables:
            raise BWSError(_("no such table: not a Bridgemate scoring database"), source=source,
                           table=name)  # fmt: skip
    name, date = _session(source, tables.get("Session"))
    players = tables.get("PlayerNumbers")
    return BWSDocument(
        source=source,
        sections=_sections(source, tables["Section"]),
        rounds=_rounds(source, tables["RoundData"]),
        received=_received(source, tables["ReceivedData"]),
        players=() if players is None else _players(source, players),
        name=name,
        date=date,
    )
