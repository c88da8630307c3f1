"""Bridgemate's movement: the ``RoundData`` table of a Bridgemate scoring database
(``.bws``) as CSV, one movement per section."""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Mapping
from typing import Final

from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.movements import Movement, MovementError
from bridgescore.io.movement_files._errors import MovementFileError, quote
from bridgescore.io.movement_files._seats import (
    Seat,
    SitOut,
    build_movement,
    clash,
    pair_numbers,
    places,
)

_BRIDGEMATE_COLUMNS: Final = (
    "Section",
    "Table",
    "Round",
    "NSPair",
    "EWPair",
    "LowBoard",
    "HighBoard",
)
_INDIVIDUAL_COLUMNS: Final = ("South", "West")


def _delimiter(header: str) -> str:
    return max(",;\t", key=header.count)


def read_bridgemate(text: str, source: str) -> dict[str, Movement]:
    body = text.lstrip("\r\n")
    skipped = text[: len(text) - len(body)].count("\n")
    first_line = body.split("\n", 1)[0]
    reader = csv.reader(io.StringIO(body, newline=""), delimiter=_delimiter(first_line))
    try:
        header = next(reader)
    except StopIteration:
        raise MovementFileError(_("the file is empty"), source=source) from None
    names = {name.strip().lower(): index for index, name in enumerate(header)}
    for column in _BRIDGEMATE_COLUMNS:
        if column.lower() not in names:
            raise MovementFileError(
                _(
                    "missing column (a RoundData table has {columns}); the header has {header}",
                    columns=", ".join(_BRIDGEMATE_COLUMNS),
                    header=", ".join(h.strip() for h in header),
                ),
                source=source,
                line=skipped + 1,
                field=column,
            )
    seats: dict[str, list[Seat]] = defaultdict(list)
    sit_outs: dict[str, list[SitOut]] = defaultdict(list)
    line = skipped + reader.line_num
    try:
        for row in reader:
            line = skipped + reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            _bridgemate_row(row, header, names, line, source, seats, sit_outs)
    except csv.Error as error:
        raise MovementFileError(
            _("not CSV: {error}", error=str(error)), source=source, line=line
        ) from None
    if not seats and not sit_outs:
        raise MovementFileError(_("the RoundData table has no rows"), source=source, line=line)
    result: dict[str, Movement] = {}
    for section in sorted(seats.keys() | sit_outs.keys(), key=_section_order):
        here, outs = seats[section], sit_outs[section]
        itself = any(s.ns == s.ew for s in here)
        single = clash(places(here, outs, two_lines=False))
        two_lines = itself or (
            single is not None and clash(places(here, outs, two_lines=True)) is None
        )
        result[section] = build_movement(
            here, outs, source=source, two_lines=two_lines, section=section
        )
    return result


def _section_order(section: str) -> tuple[int, str]:
    return (int(section), "") if section.isdigit() else (1 << 30, section)


def _bridgemate_row(
    row: list[str],
    header: list[str],
    names: Mapping[str, int],
    line: int,
    source: str,
    seats: dict[str, list[Seat]],
    sit_outs: dict[str, list[SitOut]],
) -> None:
    if len(row) != len(header):
        raise MovementFileError(
            _(
                "expected {count} fields as in the header, got {got}",
                count=len(header),
                got=len(row),
            ),
            source=source,
            line=line,
        )

    def cell(column: str) -> str:
        return row[names[column.lower()]].strip()

    def number(column: str, what: Message, least: int) -> int:
        text = cell(column)
        if not text.isdigit() or int(text) < least:
            raise MovementFileError(
                _(
                    "expected {what} (a whole number from {least}), got {text}",
                    what=what,
                    least=least,
                    text=quote(text),
                ),
                source=source,
                line=line,
                field=column,
            )
        return int(text)

    for column in _INDIVIDUAL_COLUMNS:
        if column.lower() in names and cell(column) not in ("", "0"):
            raise MovementFileError(
                _("an individual movement (players, not pairs): not read"),
                source=source,
                line=line,
                field=column,
            )
    if "customboards" in names and cell("CustomBoards"):
        raise MovementFileError(
            _("custom board lists are not read: give LowBoard and HighBoard"),
            source=source,
            line=line,
            field="CustomBoards",
        )
    section = cell("Section")
    if not section:
        raise MovementFileError(_("empty"), source=source, line=line, field="Section")
    table = number("Table", _("a table number"), 1)
    round_no = number("Round", _("a round number"), 1)
    ns = number("NSPair", _("a pair number"), 0)
    ew = number("EWPair", _("a pair number"), 0)
    if ns == 0 or ew == 0:
        if ns or ew:
            pair, direction = (ew, "EW") if ew else (ns, "NS")
            field = "EWPair" if ew else "NSPair"
            sit_outs[section].append(SitOut(line, round_no, pair, direction, field))
        return
    low = number("LowBoard", _("a board number"), 1)
    high = number("HighBoard", _("a board number"), 1)
    if high < low:
        raise MovementFileError(
            _("HighBoard {high} is below LowBoard {low}", high=high, low=low),
            source=source,
            line=line,
            field="HighBoard",
        )
    boards = tuple(range(low, high + 1))
    seats[section].append(Seat(line, round_no, table, ns, ew, boards, "NSPair", "EWPair"))


def dump_bridgemate(movement: Movement) -> str:
    number = pair_numbers(movement, split=True)
    rows = [",".join(_BRIDGEMATE_COLUMNS)]
    spare = max(t.table for r in movement.rounds for t in r.tables) + 1
    for round_no, rnd in enumerate(movement.rounds, start=1):
        for t in rnd.tables:
            low, high = min(t.boards), max(t.boards)
            if t.boards != tuple(range(low, high + 1)):
                raise MovementError(
                    _(
                        "round {round}, table {table}, field 'boards': {boards} are not"
                        " consecutive in order (a RoundData row holds LowBoard-HighBoard)",
                        round=round_no,
                        table=t.table,
                        boards=list(t.boards),
                    )
                )
            ns, ew = number(t.ns)[0], number(t.ew)[0]
            rows.append(f"1,{t.table},{round_no},{ns},{ew},{low},{high}")
        for pair in rnd.sit_outs:
            value, line = number(pair)
            ns, ew = (value, 0) if line == "NS" else (0, value)
            rows.append(f"1,{spare},{round_no},{ns},{ew},0,0")
    return "\n".join(rows) + "\n"
