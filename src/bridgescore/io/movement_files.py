"""Movement files of other scoring programs, read into :class:`Movement` values.

Three formats (``docs/movement-files.md`` describes them field by field):

* ``"json"``: our own JSON form (:meth:`Movement.to_json`);
* ``"bridgescorer"``: the YAML movement files of BridgeScorer
  (https://github.com/thebridsk/bridgescorer), one movement per file;
* ``"bridgemate"``: the ``RoundData`` table of a Bridgemate scoring database
  (``.bws``) as CSV, one movement per section.

The format is found from the content unless named. Every error is a
:class:`MovementFileError` naming the file, the line and the field. The reader
checks what makes a file unreadable or ambiguous (a table listed twice in a
round, a pair in two places); the movement's own rules are :meth:`Movement.problems`.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from bridgescore.errors import LocatedError
from bridgescore.events.movements import Movement, MovementError, MovementKind, Round, Table
from bridgescore.io.text import check_text, excerpt, read_text

__all__ = [
    "FORMATS",
    "MovementFileError",
    "dumps_movement",
    "load_movement",
    "load_movements",
    "loads_movement",
    "loads_movements",
    "sniff_format",
]

FORMATS: Final = ("json", "bridgescorer", "bridgemate")
"""The movement file formats read here, by name."""

ONLY_SECTION: Final = "1"
"""The section key of a format that has no sections."""


class MovementFileError(LocatedError, MovementError):
    """A movement file that cannot be read: says the file, the line and the field."""

    def __init__(
        self, reason: str, *, source: str, line: int | None = None, field: str | None = None
    ) -> None:
        self.source = source
        self.line = line
        self.field = field
        self.reason = reason
        where = source if line is None else f"{source}, line {line}"
        if field is not None:
            where += f", field {field!r}"
        Exception.__init__(self, f"{where}: {reason}")


def _quote(text: str) -> str:
    return repr(excerpt(text))


# --- the rows every format becomes -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Seat:
    """One table in one round as the file numbers it; ``line`` and field names for errors."""

    line: int | None
    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]
    ns_field: str
    ew_field: str


@dataclass(frozen=True, slots=True)
class _SitOut:
    line: int | None
    round: int
    pair: int
    direction: str  # "NS" or "EW": the column it came from
    field: str


def _places(
    seats: Iterable[_Seat], sit_outs: Iterable[_SitOut], two_lines: bool
) -> dict[tuple[int, str], list[tuple[int, str, int | None, str]]]:
    """Where each pair key sits in each round: (round, key) -> [(table or 0, field, line, ...)]."""
    found: dict[tuple[int, str], list[tuple[int, str, int | None, str]]] = defaultdict(list)
    for s in seats:
        for number, line_of, name in ((s.ns, "NS", s.ns_field), (s.ew, "EW", s.ew_field)):
            key = f"{number}{line_of}" if two_lines else str(number)
            found[(s.round, key)].append((s.table, name, s.line, f"at table {s.table}"))
    for o in sit_outs:
        key = f"{o.pair}{o.direction}" if two_lines else str(o.pair)
        found[(o.round, key)].append((0, o.field, o.line, "sitting out"))
    return found


def _clash(
    places: dict[tuple[int, str], list[tuple[int, str, int | None, str]]],
) -> tuple[int, str, list[tuple[int, str, int | None, str]]] | None:
    """The pair in two places whose second place comes first in the file, if any."""
    clashes = [(k, where) for k, where in places.items() if len(where) > 1]
    if not clashes:
        return None
    (number, key), where = min(clashes, key=lambda c: (c[1][1][2] or 0, c[0][0]))
    return number, key, where


def _pair_namer(
    seats: list[_Seat], sit_outs: list[_SitOut], two_lines: bool
) -> tuple[Callable[[int, str], str], bool]:
    """How the file's numbers become pair ids, and whether every pair keeps one line.

    A Bridgemate section is taken as numbering NS and EW apart when a number sits NS
    and EW at one table, or sits twice in a round with one numbering but not with two.

    Two separate numberings (a Bridgemate section with two winners) give ``3NS``/``3EW``.
    One numbering where every pair keeps its line and every EW number is above every NS
    number gives ``1NS``... and ``1EW``... counted from the lowest EW number; otherwise
    the numbers themselves are the ids.
    """
    if two_lines:
        return (lambda number, direction: f"{number}{direction}"), True
    lines: dict[int, set[str]] = defaultdict(set)
    for s in seats:
        lines[s.ns].add("NS")
        lines[s.ew].add("EW")
    keeps_line = all(len(kept) == 1 for kept in lines.values())
    ns_numbers = [n for n, kept in lines.items() if kept == {"NS"}]
    ew_numbers = [n for n, kept in lines.items() if kept == {"EW"}]
    if keeps_line and ns_numbers and ew_numbers and min(ew_numbers) > max(ns_numbers):
        top = max(ns_numbers)
        return (lambda n, _d: f"{n}NS" if n <= top else f"{n - top}EW"), True
    return (lambda number, _direction: str(number)), keeps_line


def _build(
    seats: list[_Seat],
    sit_outs: list[_SitOut],
    *,
    source: str,
    two_lines: bool,
    what: str,
) -> Movement:
    """The movement of one file or section; the reader's own checks raise located errors."""
    if not seats:
        raise MovementFileError(f"{what} has no table with two pairs", source=source)
    first_at: dict[tuple[int, int], _Seat] = {}
    for s in seats:
        earlier = first_at.setdefault((s.round, s.table), s)
        if earlier is not s:
            raise MovementFileError(
                f"round {s.round}, table {s.table} is listed twice (first at line {earlier.line})",
                source=source,
                line=s.line,
                field="table",
            )
    clash = _clash(_places(seats, sit_outs, two_lines))
    if clash is not None:
        number, key, where = clash
        first, again = where[0], where[1]
        raise MovementFileError(
            f"pair {key} is in two places in round {number}: {first[3]} (line {first[2]})"
            f" and {again[3]}",
            source=source,
            line=again[2],
            field=again[1],
        )
    numbers = sorted({s.round for s in seats} | {o.round for o in sit_outs})
    missing = sorted(set(range(1, numbers[-1] + 1)) - set(numbers))
    if missing:
        listed = ", ".join(map(str, missing))
        raise MovementFileError(
            f"{what} has no table in round{'s' * (len(missing) > 1)} {listed}"
            f" (its rounds go up to {numbers[-1]})",
            source=source,
        )
    name, keeps_line = _pair_namer(seats, sit_outs, two_lines)
    by_round: dict[int, list[_Seat]] = defaultdict(list)
    for s in seats:
        by_round[s.round].append(s)
    out_by_round: dict[int, list[_SitOut]] = defaultdict(list)
    for o in sit_outs:
        out_by_round[o.round].append(o)
    rounds: list[Round] = []
    shared: set[int] = set()
    for number in range(1, numbers[-1] + 1):
        here = sorted(by_round[number], key=lambda s: s.table)
        tables = tuple(
            Table(table=s.table, ns=name(s.ns, "NS"), ew=name(s.ew, "EW"), boards=s.boards)
            for s in here
        )
        seen: set[int] = set()
        for s in here:
            shared.update(b for b in s.boards if b in seen)
            seen.update(s.boards)
        outs = tuple(name(o.pair, o.direction) for o in sorted(out_by_round[number], key=_pair))
        rounds.append(Round(tables=tables, sit_outs=outs))
    kind = MovementKind.MITCHELL if keeps_line else MovementKind.HOWELL
    return Movement(kind=kind, rounds=tuple(rounds), shared=frozenset(shared))


def _pair(sit_out: _SitOut) -> int:
    return sit_out.pair


# --- BridgeScorer: the YAML subset its movement files use ------------------------------


@dataclass(frozen=True, slots=True)
class _Node:
    """A value read from YAML with the line it started on."""

    value: object
    line: int


_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)[ \t]*:(?:[ \t]+(.*))?$")
_INT = re.compile(r"[-+]?[0-9]+")


def _strip_comment(line: str) -> str:
    """``line`` without a ``#`` comment (a ``#`` inside quotes is text)."""
    quote: str | None = None
    for index, char in enumerate(line):
        if quote is not None:
            if char == quote:
                quote = None
        elif char in "\"'":
            quote = char
        elif char == "#" and (index == 0 or line[index - 1] in " \t"):
            return line[:index]
    return line


def _is_item(content: str) -> bool:
    return content == "-" or content.startswith("- ")


class _Yaml:
    """Block mappings and lists, plain and quoted scalars, ``[a, b]`` lists; nothing else."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self.lines: list[tuple[int, int, str]] = []
        documents = 0
        for number, raw in enumerate(text.split("\n"), start=1):
            content = _strip_comment(raw.rstrip("\r")).rstrip()
            stripped = content.lstrip(" ")
            if not stripped:
                continue
            indent = len(content) - len(stripped)
            if stripped.startswith("\t"):
                self.fail("a tab in the indentation (YAML indents with spaces)", number)
            if indent == 0 and stripped in ("---", "..."):
                documents += stripped == "---"
                if documents > 1 or (stripped == "---" and self.lines):
                    self.fail("a second YAML document: a movement file holds one", number)
                continue
            self.lines.append((number, indent, stripped))
        self.pos = 0

    def fail(self, reason: str, line: int | None, field: str | None = None) -> None:
        raise MovementFileError(reason, source=self.source, line=line, field=field)

    def parse(self) -> _Node:
        if not self.lines:
            self.fail("the file is empty", None)
        node = self.block(self.lines[0][1])
        if self.pos < len(self.lines):
            number, _, content = self.lines[self.pos]
            self.fail(f"unexpected indentation at {_quote(content)}", number)
        return node

    def block(self, indent: int) -> _Node:
        content = self.lines[self.pos][2]
        return self.sequence(indent) if _is_item(content) else self.mapping(indent)

    def sequence(self, indent: int) -> _Node:
        items: list[_Node] = []
        start = self.lines[self.pos][0]
        while self.pos < len(self.lines):
            number, at, content = self.lines[self.pos]
            if at != indent or not _is_item(content):
                break
            rest = content[1:].lstrip(" ")
            if not rest:
                self.pos += 1
                if self.pos < len(self.lines) and self.lines[self.pos][1] > indent:
                    items.append(self.block(self.lines[self.pos][1]))
                else:
                    items.append(_Node(None, number))
            elif _KEY.match(rest):
                offset = indent + len(content) - len(rest)
                self.lines[self.pos] = (number, offset, rest)
                items.append(self.mapping(offset))
            else:
                items.append(_Node(self.scalar(rest, number), number))
                self.pos += 1
                self.no_deeper(indent, number)
        return _Node(items, start)

    def mapping(self, indent: int) -> _Node:
        result: dict[str, _Node] = {}
        start = self.lines[self.pos][0]
        while self.pos < len(self.lines):
            number, at, content = self.lines[self.pos]
            if at != indent:
                break
            if _is_item(content):
                if result:
                    break
                self.fail(f"a list item where a key was expected: {_quote(content)}", number)
            found = _KEY.match(content)
            if found is None:
                self.fail(f"expected 'key: value', got {_quote(content)}", number)
                raise AssertionError  # fail() raised
            key, rest = found[1], found[2]
            if key in result:
                self.fail(f"key given twice (first at line {result[key].line})", number, field=key)
            self.pos += 1
            following = self.lines[self.pos] if self.pos < len(self.lines) else None
            if rest:
                result[key] = _Node(self.scalar(rest, number, key), number)
                self.no_deeper(indent, number)
            elif following is not None and following[1] > indent:
                result[key] = _Node(self.block(following[1]).value, number)
            elif following is not None and following[1] == indent and _is_item(following[2]):
                result[key] = _Node(self.sequence(indent).value, number)
            else:
                result[key] = _Node(None, number)
        return _Node(result, start)

    def no_deeper(self, indent: int, after: int) -> None:
        if self.pos < len(self.lines) and self.lines[self.pos][1] > indent:
            number, _, content = self.lines[self.pos]
            self.fail(f"unexpected indentation at {_quote(content)} (after line {after})", number)

    def scalar(self, text: str, line: int, field: str | None = None) -> object:
        if text.startswith('"'):
            try:
                value: object = json.loads(text)
            except json.JSONDecodeError:
                value = None
            if not isinstance(value, str):
                self.fail(f"a quoted text that does not end: {_quote(text)}", line, field)
            return value
        if text.startswith("'"):
            if len(text) < 2 or not text.endswith("'"):
                self.fail(f"a quoted text that does not end: {_quote(text)}", line, field)
            return text[1:-1].replace("''", "'")
        if text.startswith("["):
            if not text.endswith("]"):
                self.fail(f"a '[' list that does not end: {_quote(text)}", line, field)
            inner = text[1:-1].strip()
            parts = [p.strip() for p in inner.split(",")] if inner else []
            return [_Node(self.scalar(p, line, field), line) for p in parts]
        if text.startswith(("{", "&", "*", "!", "|", ">")):
            self.fail(f"YAML syntax this reader does not take: {_quote(text)}", line, field)
        if _INT.fullmatch(text):
            return int(text)
        lowered = text.lower()
        if lowered in ("true", "false"):
            return lowered == "true"
        if lowered in ("null", "~"):
            return None
        return text


_HAND_FIELDS: Final = ("table", "round", "ns", "ew", "boards")


def _whole(node: _Node, *, source: str, field: str, what: str, least: int = 1) -> int:
    value = node.value
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        shown = _quote(value) if isinstance(value, str) else repr(value)
        raise MovementFileError(
            f"expected {what} (a whole number from {least}), got {shown}",
            source=source,
            line=node.line,
            field=field,
        )
    return value


def _read_bridgescorer(text: str, source: str) -> dict[str, Movement]:
    top = _Yaml(text, source).parse()
    if not isinstance(top.value, dict):
        raise MovementFileError(
            "expected a BridgeScorer movement (keys 'numberTeams' and 'hands')",
            source=source,
            line=top.line,
        )
    fields: dict[str, _Node] = top.value
    for needed in ("numberTeams", "hands"):
        if needed not in fields:
            raise MovementFileError(
                "missing (a BridgeScorer movement has 'numberTeams' and 'hands')",
                source=source,
                line=top.line,
                field=needed,
            )
    teams = _whole(fields["numberTeams"], source=source, field="numberTeams", what="a count")
    hands = fields["hands"]
    if not isinstance(hands.value, list) or not hands.value:
        raise MovementFileError(
            "expected a list of hands (a round at a table each)",
            source=source,
            line=hands.line,
            field="hands",
        )
    seats = [_read_hand(hand, teams, source) for hand in hands.value]
    sit_outs = [
        _SitOut(None, number, team, "NS", "numberTeams")
        for number in sorted({s.round for s in seats})
        for team in range(1, teams + 1)
        if team not in {p for s in seats if s.round == number for p in (s.ns, s.ew)}
    ]
    return {ONLY_SECTION: _build(seats, sit_outs, source=source, two_lines=False, what="file")}


def _read_hand(hand: _Node, teams: int, source: str) -> _Seat:
    if not isinstance(hand.value, dict):
        raise MovementFileError(
            "expected a hand (table, round, ns, ew, boards)", source=source, line=hand.line
        )
    items: dict[str, _Node] = hand.value
    for key, node in items.items():
        if key not in _HAND_FIELDS:
            raise MovementFileError(
                f"unknown field in a hand: use {', '.join(_HAND_FIELDS)}",
                source=source,
                line=node.line,
                field=key,
            )
    for key in _HAND_FIELDS:
        if key not in items:
            raise MovementFileError(
                f"missing from the hand starting at line {hand.line}",
                source=source,
                line=hand.line,
                field=key,
            )
    table = _whole(items["table"], source=source, field="table", what="a table number")
    number = _whole(items["round"], source=source, field="round", what="a round number")
    pairs = []
    for key in ("ns", "ew"):
        team = _whole(items[key], source=source, field=key, what="a team number")
        if team > teams:
            raise MovementFileError(
                f"team {team} is above numberTeams ({teams})",
                source=source,
                line=items[key].line,
                field=key,
            )
        pairs.append(team)
    boards_node = items["boards"]
    if not isinstance(boards_node.value, list) or not boards_node.value:
        raise MovementFileError(
            "expected a non-empty list of board numbers",
            source=source,
            line=boards_node.line,
            field="boards",
        )
    boards = tuple(
        _whole(b, source=source, field="boards", what="a board number") for b in boards_node.value
    )
    if len(set(boards)) < len(boards):
        raise MovementFileError(
            "a board listed twice at one table",
            source=source,
            line=boards_node.line,
            field="boards",
        )
    if pairs[0] == pairs[1]:
        raise MovementFileError(
            f"team {pairs[0]} would play itself", source=source, line=items["ew"].line, field="ew"
        )
    return _Seat(hand.line, number, table, pairs[0], pairs[1], boards, "ns", "ew")


# --- Bridgemate: the RoundData table as CSV ------------------------------------------

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


def _read_bridgemate(text: str, source: str) -> dict[str, Movement]:
    body = text.lstrip("\r\n")
    skipped = text[: len(text) - len(body)].count("\n")
    first_line = body.split("\n", 1)[0]
    reader = csv.reader(io.StringIO(body, newline=""), delimiter=_delimiter(first_line))
    try:
        header = next(reader)
    except StopIteration:
        raise MovementFileError("the file is empty", source=source) from None
    names = {name.strip().lower(): index for index, name in enumerate(header)}
    for column in _BRIDGEMATE_COLUMNS:
        if column.lower() not in names:
            raise MovementFileError(
                f"missing column (a RoundData table has {', '.join(_BRIDGEMATE_COLUMNS)});"
                f" the header has {', '.join(h.strip() for h in header)}",
                source=source,
                line=skipped + 1,
                field=column,
            )
    seats: dict[str, list[_Seat]] = defaultdict(list)
    sit_outs: dict[str, list[_SitOut]] = defaultdict(list)
    line = skipped + reader.line_num
    try:
        for row in reader:
            line = skipped + reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            _bridgemate_row(row, header, names, line, source, seats, sit_outs)
    except csv.Error as error:
        raise MovementFileError(f"not CSV: {error}", source=source, line=line) from None
    if not seats and not sit_outs:
        raise MovementFileError("the RoundData table has no rows", source=source, line=line)
    result: dict[str, Movement] = {}
    for section in sorted(seats.keys() | sit_outs.keys(), key=_section_order):
        here, outs = seats[section], sit_outs[section]
        itself = any(s.ns == s.ew for s in here)
        single = _clash(_places(here, outs, two_lines=False))
        two_lines = itself or (
            single is not None and _clash(_places(here, outs, two_lines=True)) is None
        )
        result[section] = _build(
            here, outs, source=source, two_lines=two_lines, what=f"section {section}"
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
    seats: dict[str, list[_Seat]],
    sit_outs: dict[str, list[_SitOut]],
) -> None:
    if len(row) != len(header):
        raise MovementFileError(
            f"expected {len(header)} fields as in the header, got {len(row)}",
            source=source,
            line=line,
        )

    def cell(column: str) -> str:
        return row[names[column.lower()]].strip()

    def number(column: str, what: str, least: int) -> int:
        text = cell(column)
        if not text.isdigit() or int(text) < least:
            raise MovementFileError(
                f"expected {what} (a whole number from {least}), got {_quote(text)}",
                source=source,
                line=line,
                field=column,
            )
        return int(text)

    for column in _INDIVIDUAL_COLUMNS:
        if column.lower() in names and cell(column) not in ("", "0"):
            raise MovementFileError(
                "an individual movement (players, not pairs): not read",
                source=source,
                line=line,
                field=column,
            )
    if "customboards" in names and cell("CustomBoards"):
        raise MovementFileError(
            "custom board lists are not read: give LowBoard and HighBoard",
            source=source,
            line=line,
            field="CustomBoards",
        )
    section = cell("Section")
    if not section:
        raise MovementFileError("empty", source=source, line=line, field="Section")
    table = number("Table", "a table number", 1)
    round_no = number("Round", "a round number", 1)
    ns = number("NSPair", "a pair number", 0)
    ew = number("EWPair", "a pair number", 0)
    if ns == 0 or ew == 0:
        if ns or ew:
            pair, direction = (ew, "EW") if ew else (ns, "NS")
            field = "EWPair" if ew else "NSPair"
            sit_outs[section].append(_SitOut(line, round_no, pair, direction, field))
        return
    low = number("LowBoard", "a board number", 1)
    high = number("HighBoard", "a board number", 1)
    if high < low:
        raise MovementFileError(
            f"HighBoard {high} is below LowBoard {low}", source=source, line=line, field="HighBoard"
        )
    boards = tuple(range(low, high + 1))
    seats[section].append(_Seat(line, round_no, table, ns, ew, boards, "NSPair", "EWPair"))


# --- our JSON form -----------------------------------------------------------------


def _read_json(text: str, source: str) -> dict[str, Movement]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise MovementFileError(
            f"not JSON: {error.msg}", source=source, line=error.lineno
        ) from None
    try:
        return {ONLY_SECTION: Movement.from_dict(data)}
    except MovementError as error:
        raise MovementFileError(str(error), source=source) from None


# --- the public surface --------------------------------------------------------------

_READERS: Final[dict[str, Callable[[str, str], dict[str, Movement]]]] = {
    "json": _read_json,
    "bridgescorer": _read_bridgescorer,
    "bridgemate": _read_bridgemate,
}


def sniff_format(text: str) -> str | None:
    """The format of a movement file's text (one of :data:`FORMATS`), or None if unclear.

    >>> sniff_format('Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard\\n')
    'bridgemate'
    >>> sniff_format('---\\nnumberTeams: 4\\nhands:\\n')
    'bridgescorer'
    """
    body = text.lstrip("\ufeff \t\r\n")
    if body.startswith("{"):
        return "json"
    first = body.split("\n", 1)[0].lower()
    if "nspair" in first and "ewpair" in first:
        return "bridgemate"
    if re.search(r"^hands[ \t]*:", body, re.MULTILINE):
        return "bridgescorer"
    return None


def _check_format(format: str | None, text: str, source: str) -> str:
    if format is None:
        found = sniff_format(text)
        if found is None:
            raise MovementFileError(
                "cannot tell the movement format: expected our JSON form, a BridgeScorer"
                " file (with 'hands:') or a Bridgemate RoundData CSV (with an NSPair column);"
                f" name it with format= ({', '.join(FORMATS)})",
                source=source,
            )
        return found
    if format not in FORMATS:
        raise MovementError(f"unknown movement format {format!r}: use one of {', '.join(FORMATS)}")
    return format


def loads_movements(
    text: str, *, format: str | None = None, source: str = "<text>"
) -> dict[str, Movement]:
    """Every section's movement in ``text``, by section (``"1"`` for a sectionless format).

    ``format`` is one of :data:`FORMATS`, found from the content when None; ``source``
    names the text in errors.
    """
    text = check_text(text, source=source)
    return _READERS[_check_format(format, text, source)](text, source)


def loads_movement(text: str, *, format: str | None = None, source: str = "<text>") -> Movement:
    """The movement in ``text``; a file with several sections is an error naming them.

    >>> m = loads_movement(
    ...     "Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard\\n"
    ...     "1,1,1,1,1,1,2\\n1,2,1,2,2,3,4\\n1,1,2,1,2,3,4\\n1,2,2,2,1,1,2\\n"
    ... )
    >>> m.kind, m.rounds[1].tables[0]
    (MovementKind.MITCHELL, Table(table=1, ns='1NS', ew='2EW', boards=(3, 4)))
    >>> [p.code for p in m.problems()]  # two tables: the EW pairs meet their boards again
    ['board-twice', 'board-twice', 'under-70-percent', 'under-70-percent']
    """
    movements = loads_movements(text, format=format, source=source)
    if len(movements) > 1:
        raise MovementFileError(
            f"{len(movements)} sections ({', '.join(movements)}): read them with loads_movements",
            source=source,
        )
    return next(iter(movements.values()))


def load_movements(
    path: str | os.PathLike[str], *, format: str | None = None
) -> dict[str, Movement]:
    """Every section's movement in the file at ``path`` (see :func:`loads_movements`)."""
    return loads_movements(read_text(path), format=format, source=os.fspath(path))


def load_movement(path: str | os.PathLike[str], *, format: str | None = None) -> Movement:
    """The movement in the file at ``path`` (see :func:`loads_movement`)."""
    return loads_movement(read_text(path), format=format, source=os.fspath(path))


# --- writing -------------------------------------------------------------------------

_LINE_ID = re.compile(r"([1-9][0-9]*)(NS|EW)")


def _numbers(movement: Movement, *, split: bool) -> Callable[[str], tuple[int, str]]:
    """Pair id -> (file number, line). ``split``: NS and EW numbered apart (Bridgemate)."""
    pairs = movement.pairs
    if all(p.isdigit() and int(p) > 0 for p in pairs):
        return lambda p: (int(p), "")
    matches = {p: _LINE_ID.fullmatch(p) for p in pairs}
    odd = [p for p, m in matches.items() if m is None]
    if odd:
        raise MovementError(
            f"pair id {odd[0]!r} cannot be written as a number: use ids 1, 2... or 1NS... 1EW..."
        )
    top = max((int(m[1]) for m in matches.values() if m and m[2] == "NS"), default=0)

    def number(pair: str) -> tuple[int, str]:
        found = matches[pair]
        assert found is not None
        k = int(found[1])
        return (k if split or found[2] == "NS" else top + k), found[2]

    return number


def _dump_bridgescorer(movement: Movement, name: str) -> str:
    number = _numbers(movement, split=False)
    teams = max(number(p)[0] for p in movement.pairs)
    tables = {t.table for r in movement.rounds for t in r.tables}
    lines = [
        "---",
        f"name: {json.dumps(name)}",
        f"short: {json.dumps(name)}",
        f"description: {json.dumps(f'{len(tables)} tables, {len(movement.boards)} boards')}",
        f"numberTeams: {teams}",
        "hands:",
    ]
    for round_no, rnd in enumerate(movement.rounds, start=1):
        for t in rnd.tables:
            lines += [
                f"- table: {t.table}",
                f"  round: {round_no}",
                f"  ns: {number(t.ns)[0]}",
                f"  ew: {number(t.ew)[0]}",
                "  boards:",
            ]
            lines += [f"  - {b}" for b in t.boards]
    return "\n".join(lines) + "\n"


def _dump_bridgemate(movement: Movement) -> str:
    number = _numbers(movement, split=True)
    rows = [",".join(_BRIDGEMATE_COLUMNS)]
    spare = max(t.table for r in movement.rounds for t in r.tables) + 1
    for round_no, rnd in enumerate(movement.rounds, start=1):
        for t in rnd.tables:
            low, high = min(t.boards), max(t.boards)
            if t.boards != tuple(range(low, high + 1)):
                raise MovementError(
                    f"round {round_no}, table {t.table}, field 'boards': {list(t.boards)} are"
                    " not consecutive in order (a RoundData row holds LowBoard-HighBoard)"
                )
            ns, ew = number(t.ns)[0], number(t.ew)[0]
            rows.append(f"1,{t.table},{round_no},{ns},{ew},{low},{high}")
        for pair in rnd.sit_outs:
            value, line = number(pair)
            ns, ew = (value, 0) if line == "NS" else (0, value)
            rows.append(f"1,{spare},{round_no},{ns},{ew},0,0")
    return "\n".join(rows) + "\n"


def dumps_movement(
    movement: Movement, *, format: str = "bridgescorer", name: str = "movement"
) -> str:
    """``movement`` as a file of ``format`` (``name`` is BridgeScorer's movement name).

    Written: who sits where and which boards they play, and (Bridgemate) the sit-outs.
    Not written: the relay stand and the declarations, which neither format holds
    (reading gives no relay, sharing found from the tables, the other declarations at
    their defaults). Pair ids must be ``1``, ``2``... or ``1NS``... ``1EW``...
    """
    if format == "json":
        return movement.to_json()
    if format == "bridgescorer":
        return _dump_bridgescorer(movement, name)
    if format == "bridgemate":
        return _dump_bridgemate(movement)
    raise MovementError(f"unknown movement format {format!r}: use one of {', '.join(FORMATS)}")
