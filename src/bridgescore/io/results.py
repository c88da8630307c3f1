"""The results file: one line per board played at a table, as CSV or JSON.

CSV: optional ``# key: value`` lines saying what the file is (``# event: Club
night``, ``# date: 2026-12-04``, ``# site: Riverside BC``, ``# kind:
pairs|teams|individual``, ``# program: ...``, ``# scoring:
mp|acbl|butler|cross-imps|imps|bam``, ``# language: en|fi|es``, ``# movement:
Howell``), a header row, then one row per result. ``movement`` says how the pairs are
ranked, as the event's movement has them (``Howell``: one ranking; ``Mitchell``:
North-South and East-West; ``Arrow-switched Mitchell``: one ranking of a Mitchell's
pairs), or section by section (``A Mitchell, B Howell``): a Howell stopped after its first
round, or an arrow-switched Mitchell before its first switched round, no pair having sat
both ways yet, is one ranking all the same
(:attr:`~bridgescore.events.model.Event.field_kinds`); without it, the results show how.
A word that is not a movement, a section the file does not have, or one said to have two
movements is an error at the line, as is a Howell whose pairs all carry a direction or an
arrow-switched Mitchell with a pair that carries none; so is a later ``# movement`` line
saying a section (or the field) again, naming the first
(:class:`~bridgescore.io._sections.MovementsSaid`), and a JSON ``event`` giving its
``movement`` twice.
Columns (case-insensitive; only ``board``, ``ns`` and ``ew`` are always needed)::

    board,round,table,ns,ew,contract,declarer,result,score,adjusted,vulnerability,lead

- ``contract``/``declarer``/``result``: ``4S``, ``N``, ``=`` / ``+1`` / ``-2``
  or tricks taken; or the whole result in ``contract`` (``4SXN-2``), or
  ``Pass``.
- ``score``: North-South's score, instead of (or as well as, then checked
  against) the contract.
- ``adjusted``: an artificial score, ``A+/A-`` (NS/EW), ``A``, ``60%/40%``, or
  ``NP`` for a board not played.
- ``vulnerability``: ``None``, ``NS``, ``EW``, ``Both``; by default the board
  number's place in the 16-board schedule.
- ``language``: whose notation the contracts, declarers and vulnerabilities are written
  in (:mod:`bridgescore.core.notation`): ``# language: es`` reads ``4C``, ``O`` as four
  hearts by West and ``EO`` as East-West, ``# language: fi`` reads ``E`` as South
  (etelä) and ``IL`` as East-West. Without it, the international notation. The column
  names (and JSON keys) are the format's own in every language.
- ``lead``: the opening lead, a card (``SK``, ``H10``, ``♠K``); written as ``SK`` in the
  international notation and with the suit's symbol (``♠K``) in any other.
- ``north``, ``east``, ``south``, ``west``: an individual event's four players
  (``ns`` and ``ew`` may then be left empty: they are the partnerships ``N+S``
  and ``E+W``).
- ``section``: the result's section, one capital letter (``A``), in an event whose
  sections are scored apart (:attr:`ResultRow.section`; rows of two sections or more are
  then compared each within its section and ranked section by section,
  :class:`~bridgescore.events.pairs.Sections`). Written first, and only when the event
  has sections: a file without sections is written as before, and its sections scored
  across the field are one field, its pairs named ``A1NS``, ``B1NS``.

The players' names of a pair, team or player, before the header row, one CSV record a
participant: ``# names`` then its id then each player's name (``# names,1NS,Ann
Smith,Bob Jones``), quoted as CSV quotes a field (a name may hold a comma). In an event
in sections, a ``# section`` record a section, before the header row too, then its letter
and its participants' ids (``# section,B,B1,B2``), so that a pair or team that has played
no board yet keeps its section (an id listed in two sections keeps the first).

JSON: ``{"event": {"name": ..., "date": ..., "site": ..., "type": "pairs" | "teams" |
"individual", "program": ..., "scoring": ..., "language": ...}, "participants": [{"id":
"1NS", "names": ["Ann Smith", "Bob Jones"]}], "results": [{...}]}`` with the same field
names per result (``participants`` may be left out; a participant with no names yet is
listed with ``"names": []``, so that one that played no board is still in the event; in
an event in sections each participant and result has its ``"section": "A"``).

:func:`load_participants` (and :func:`participants_csv`, :func:`participants_json`)
read the names back; :func:`bridgescore.load_event` puts them in the event.

A teams event's VPs from outside its matches (a bye's, less the VPs a penalty took off),
team by team: in CSV a ``# adjustment`` record before the header row, then the team's id
and its VPs (``# adjustment,5,12``); in JSON an ``adjustments`` list of ``{"id": "5",
"vp": 12}``. Scoring adds them to the teams' totals (as USEBIO's ``ADJUSTMENT``).

Each row is built by the one row-building kernel, :mod:`bridgescore.io.rows`.
Readers never guess and never drop a row silently: they return the rows they
could read plus every problem found (with file, line and board); ``strict=True``
raises :class:`ResultsFileError` on warnings too.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from bridgescore.core.contract import PassedOut
from bridgescore.core.hands import Card
from bridgescore.core.notation import ENGLISH, Notation, alike, notation_for
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.errors import BridgeError, BridgeInputError, Message
from bridgescore.errors import marked as _
from bridgescore.events.model import (
    EventResults,
    Location,
    Participant,
    Problem,
    ResultRow,
    Severity,
    VPAdjustment,
    check_rows,
    partnership_id,
)
from bridgescore.events.movements.fit import place_result
from bridgescore.events.movements.model import Movement
from bridgescore.i18n import Language
from bridgescore.io._problems import MarkedText, problem_message, reason_of
from bridgescore.io._sections import (
    MovementsSaid,
    howell_problems,
    is_section_letter,
    section_letter_message,
)
from bridgescore.io.rows import Built, RawResult, build_result, raise_errors, raw_field
from bridgescore.io.text import excerpt, read_text, read_text_lenient
from bridgescore.laws.lawsets import DEFAULT_LAW_SET

BASE_COLUMNS = (
    "board", "round", "table", "ns", "ew", "contract", "declarer", "result", "score",
    "adjusted", "vulnerability",
)  # fmt: skip
"""The columns every results file is written with."""
LEAD = "lead"
"""The opening lead's column (written when a result has one)."""
SEATS = ("north", "east", "south", "west")
"""An individual event's four players (``ns`` and ``ew`` are then their partnerships)."""
COLUMNS = (*BASE_COLUMNS, LEAD, *SEATS)
"""Every column of a result a results file may have, but for its :data:`SECTION`."""
SECTION = "section"
"""A result's section (``A``), written first when the event has sections. Kept out of
:data:`COLUMNS`, which the batch engine reads beside its own ``section`` column
(:mod:`bridgescore.batch.columns`)."""
_READ_COLUMNS = (*COLUMNS, SECTION)
"""Every column a results file may have."""
ABOUT = ("event", "date", "site", "kind", "program", "scoring", "language", "movement")
"""What a CSV file may say of itself in leading ``# key: value`` comment lines."""
_ABOUT_RE = re.compile(
    r"^#\s*(event|date|site|kind|program|scoring|language|movement)\s*:\s*(.*?)\s*$",
    re.IGNORECASE,
)
NAMES = "# names"
"""The first field of a CSV record naming a participant's players (before the header)."""
SECTION_RECORD = "# section"
"""The first field of a CSV record giving a section's participants (before the header):
``# section,B,B1,B2``."""
ADJUSTMENT = "# adjustment"
"""The first field of a CSV record giving a team's VPs from outside its matches (before
the header): ``# adjustment,5,12``."""
_ALIASES = {
    "bd": "board", "board_no": "board", "rnd": "round", "tbl": "table", "ns_pair": "ns",
    "ew_pair": "ew", "decl": "declarer", "by": "declarer", "tricks": "result",
    "ns_score": "score", "adj": "adjusted", "vul": "vulnerability",
}  # fmt: skip
COLUMN_ALIASES: Mapping[str, str] = MappingProxyType(_ALIASES)
"""Other names a column goes by (``bd`` → ``board``), lower case: read-only."""


class ResultsFileError(BridgeInputError):
    """A results file with problems; ``problems`` lists every one, with its place."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        head = problem_message(problems[0])
        if len(problems) > 1:
            head = _("{problem} (and {count} more problems)", problem=head, count=len(problems) - 1)
        super().__init__(head)


def _text(value: object) -> str:
    return "" if value is None else str(value).strip()


def _int(value: str, what: Literal["round", "table"]) -> int:
    if re.fullmatch(r"[+-]?[0-9]{1,9}", value.strip()):
        return int(value)
    if what == "round":
        raise BridgeInputError(_("round {value!r} is not a whole number", value=excerpt(value)))
    raise BridgeInputError(_("table {value!r} is not a whole number", value=excerpt(value)))


def read_row(
    fields: Mapping[str, object],
    where: Location,
    laws: str = DEFAULT_LAW_SET,
    movement: Movement | None = None,
    notation: Notation = ENGLISH,
) -> Built:
    """One result from its named fields (the columns, or a JSON object's keys), through
    the one row-building kernel (:mod:`bridgescore.io.rows`). With a ``movement``, a
    result may name its round and table instead of its pairs, and must fit the movement
    (:func:`bridgescore.events.movements.fit.place_result`). ``notation``: how the
    fields write contracts, seats and vulnerability (the file's ``language``)."""
    get = {key: _text(value) for key, value in fields.items()}
    board_text = get.get("board", "")
    if not board_text:
        return Built(None, (Problem(where, MarkedText(_("no board number"))),))
    try:
        board = BoardInfo.parse(board_text)
    except BridgeError as error:
        return Built(None, (Problem(where, reason_of(error)),))
    at = where.at(board=board.number)
    section = get.get(SECTION, "")
    if section and not is_section_letter(section):
        return Built(None, (Problem(at, _letter_problem(section)),))
    ns, ew = get.get("ns", ""), get.get("ew", "")
    seats = [get.get(seat, "") for seat in SEATS]
    players: tuple[str, str, str, str] | None = None
    if any(seats):
        if not all(seats):
            missing = ", ".join(s for s, who in zip(SEATS, seats, strict=True) if not who)
            return Built(
                None,
                (
                    Problem(
                        at,
                        MarkedText(
                            _(
                                "an individual's row names all four players: no {missing}",
                                missing=missing,
                            )
                        ),
                    ),
                ),
            )
        north, east, south, west = seats
        players = (north, east, south, west)
        ns = ns or partnership_id(north, south)
        ew = ew or partnership_id(east, west)
    vul_text = get.get("vulnerability", "")
    round_text = get.get("round", "")
    table_text = get.get("table", "")
    try:
        vulnerability = notation.parse_vulnerability(vul_text) if vul_text else board.vulnerability
        round_number = _int(round_text, "round") if round_text else None
    except BridgeError as error:
        return Built(None, (Problem(at, reason_of(error)),))
    if movement is not None:
        try:
            table_number = _int(table_text, "table") if table_text else None
        except BridgeError as error:
            return Built(None, (Problem(at, reason_of(error)),))
        placed = place_result(
            movement,
            board.number,
            round_no=round_number,
            table=table_number,
            ns=ns or None,
            ew=ew or None,
        )
        if placed.seating is None:
            return Built(
                None,
                (
                    Problem(
                        at,
                        MarkedText(_("does not fit the movement: {reason}", reason=placed.error)),
                    ),
                ),
            )
        ns, ew = placed.seating.ns, placed.seating.ew
        round_number, table_text = placed.seating.round, str(placed.seating.table)
    if not ns or not ew:
        return Built(None, (Problem(at, MarkedText(_("both the NS and the EW pair are needed"))),))
    raw = RawResult(
        board.number,
        ns,
        ew,
        vulnerability,
        where,
        contract=raw_field("contract", get.get("contract"), where),
        declarer=raw_field("declarer", get.get("declarer"), where),
        tricks=raw_field("result", get.get("result"), where),
        score=raw_field("score", get.get("score"), where),
        adjusted=raw_field("adjusted", get.get("adjusted"), where),
        round=round_number,
        table=table_text or None,
        players=players,
        notation=notation,
        lead=raw_field(LEAD, get.get(LEAD), where),
    )
    built = build_result(raw, laws=laws)
    if section and built.row is not None:
        return replace(built, row=replace(built.row, section=section))
    return built


def _letter_problem(text: str) -> MarkedText:
    return MarkedText(section_letter_message(text))


def build_row(
    fields: Mapping[str, object], where: Location, laws: str = DEFAULT_LAW_SET
) -> ResultRow:
    """One result row from its named fields; raises a BridgeError naming what is wrong."""
    return raise_errors(read_row(fields, where, laws))


def _finish(
    rows: list[ResultRow],
    problems: list[Problem],
    source: str,
    name: str,
    laws: str,
    strict: bool,
    teams: bool | None,
    about: tuple[tuple[str, str], ...] = (),
    adjustments: tuple[VPAdjustment, ...] = (),
) -> EventResults:
    if teams is None:
        teams = dict(about).get("kind", "").lower() == "teams"
    name = name or dict(about).get("event", "")
    problems.extend(check_rows(rows, laws, teams=teams))
    if adjustments and not teams:
        problems.append(
            Problem(
                Location(source),
                MarkedText(
                    _(
                        "adjustments are a teams event's VPs, and this is no teams event:"
                        " they are not used ({teams})",
                        teams=", ".join(a.id for a in adjustments),
                    )
                ),
                Severity.WARNING,
            )
        )
        adjustments = ()
    if not rows and not any(p.severity is Severity.ERROR for p in problems):
        problems.append(
            Problem(
                Location(source),
                MarkedText(_("no results to score: the file holds no result rows")),
            )
        )
    problems.sort(key=lambda p: (p.where.line or 0, p.where.entry or 0))
    event = EventResults(
        tuple(rows),
        tuple(problems),
        name=name,
        source=source,
        teams=teams,
        about=about,
        adjustments=adjustments,
    )
    if not event.is_valid(strict=strict):
        raise ResultsFileError([p for p in problems if strict or p.severity is Severity.ERROR])
    return event


def loads_csv(
    text: str,
    *,
    source: str = "<string>",
    laws: str = DEFAULT_LAW_SET,
    strict: bool = False,
    teams: bool | None = None,
    movement: Movement | None = None,
) -> EventResults:
    """Read CSV results text. Raises :class:`ResultsFileError` if any row is wrong
    (with ``strict=True``, also on warnings); else returns rows and warnings.
    ``teams``: the ``ns``/``ew`` columns name teams, each playing a board twice (by
    default, as the file's ``# kind: teams`` line says). ``movement``: the movement the
    event was played in; every result must fit it, and may name only its round and table."""
    lenient = read_csv(text, source=source, laws=laws, movement=movement)
    rows, problems = list(lenient.rows), list(lenient.problems)
    return _finish(
        rows, problems, source, "", laws, strict, teams, lenient.about, lenient.adjustments
    )


def _records(
    reader: Iterator[list[str]], source: str, problems: list[Problem]
) -> Iterator[list[str]]:
    """The reader's records; a line the csv module cannot read (a field over its size
    limit, a NUL byte) ends the file with a problem at that line."""
    while True:
        try:
            record = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            line = getattr(reader, "line_num", None)
            problems.append(
                Problem(
                    Location(source, line),
                    MarkedText(_("cannot be read as CSV: {error}", error=str(error))),
                )
            )
            return
        yield record


def read_csv(
    text: str,
    *,
    source: str = "<string>",
    laws: str = DEFAULT_LAW_SET,
    movement: Movement | None = None,
) -> EventResults:
    """Lenient CSV reader: every row it can read, and every problem (nothing raised)."""
    problems: list[Problem] = []
    rows: list[ResultRow] = []
    reader = csv.reader(io.StringIO(text))
    header: list[str] | None = None
    about: list[tuple[str, str]] = []
    movement_lines: list[tuple[str, int]] = []  # '# movement:' lines, read after the rows
    letters: set[str] = set()  # the sections its '# section' records give
    adjusted = _Adjustments()
    notation = ENGLISH
    for record in _records(reader, source, problems):
        line = reader.line_num
        if header is None and len(record) >= 1 and record[0].lstrip().startswith("#"):
            if record[0].strip().lower() == ADJUSTMENT:
                adjusted.add(record[1:], Location(source, line))
                continue
            if record[0].strip().lower() == SECTION_RECORD:
                letter = _text(record[1]) if len(record) > 1 else ""
                if not is_section_letter(letter):
                    problems.append(Problem(Location(source, line), _letter_problem(letter)))
                else:
                    letters.add(letter)
                continue
            found = _ABOUT_RE.match(",".join(record))
            if found:
                about.append((found[1].lower(), found[2]))
                if found[1].lower() == "movement":
                    movement_lines.append((found[2], line))
                if found[1].lower() == "language":
                    try:
                        notation = _notation(found[2])
                    except BridgeError as error:  # no row can be read in an unknown notation
                        problems.append(Problem(Location(source, line), reason_of(error)))
                        return EventResults((), tuple(problems), source=source, about=tuple(about))
            continue
        if header is not None and record and record[0].strip().lower() == ADJUSTMENT:
            # its VPs would change the ranking: never passed over as a comment is
            problems.append(
                Problem(
                    Location(source, line),
                    MarkedText(
                        _("an adjustment comes before the header row, not among the results")
                    ),
                )
            )
            continue
        if not any(cell.strip() for cell in record) or record[0].lstrip().startswith("#"):
            continue
        if header is None:
            header = [_ALIASES.get(h.strip().lower(), h.strip().lower()) for h in record]
            for name in header:
                if name not in _READ_COLUMNS:
                    problems.append(
                        Problem(
                            Location(source, line),
                            MarkedText(
                                _(
                                    "column {name!r} is not used (columns: {columns})",
                                    name=name,
                                    columns=", ".join(_READ_COLUMNS),
                                )
                            ),
                            Severity.WARNING,
                        )
                    )
            needed: tuple[str, ...] = ("board", "ns", "ew")
            if movement is not None and {"round", "table"} <= set(header):
                needed = ("board",)
            missing = [c for c in needed if c not in header]
            if missing:
                problems.append(
                    Problem(
                        Location(source, line),
                        MarkedText(_("header lacks {columns}", columns=", ".join(missing))),
                    )
                )
                break
            continue
        where = Location(source, line)
        if len(record) > len(header):
            problems.append(
                Problem(
                    where,
                    MarkedText(
                        _(
                            "{count} fields where the header has {header}",
                            count=len(record),
                            header=len(header),
                        )
                    ),
                )
            )
            continue
        built = read_row(dict(zip(header, record, strict=False)), where, laws, movement, notation)
        problems.extend(built.problems)
        if built.row is not None:
            rows.append(built.row)
    if header is None:
        problems.append(Problem(Location(source), MarkedText(_("no header row and no results"))))
    if movement_lines:
        letters.update(row.section for row in rows if row.section is not None)
        said = MovementsSaid(letters)
        for value, at in movement_lines:
            said.read(value, Location(source, at))
        problems.extend(said.problems)
        named = participants_csv(text)
        problems.extend(howell_problems(rows, said.kinds, named, said.said))
    problems.extend(adjusted.problems)
    return EventResults(
        tuple(rows),
        tuple(problems),
        source=source,
        about=tuple(about),
        adjustments=tuple(adjusted.found.values()),
    )


class _Adjustments:
    """A file's adjustments as read, each team once, and what is wrong with any."""

    def __init__(self) -> None:
        self.found: dict[str, VPAdjustment] = {}
        self.problems: list[Problem] = []

    def add(self, fields: Sequence[object], where: Location, number: int | None = None) -> None:
        """One adjustment: the team's id and its VPs (a number, less than nothing for a
        penalty), or a problem at ``where`` naming what is wrong (and the adjustment's
        ``number`` in a list, where there are no lines to name)."""
        problem = self._keep(fields)
        if problem is None:
            return
        if number is not None:
            problem = _("adjustment {number}: {problem}", number=number, problem=problem)
        self.problems.append(Problem(where, MarkedText(problem)))

    def _keep(self, fields: Sequence[object]) -> Message | None:
        """Keep the adjustment of ``fields``; what is wrong with them if it cannot be."""
        team = _text(fields[0]) if fields else ""
        if not team:
            return _("an adjustment names no team (its id, then its VPs)")
        vps = _vp_number(fields[1] if len(fields) > 1 else None)
        if vps is None or any(_text(f) for f in fields[2:]):
            shown = excerpt(", ".join(_text(f) for f in fields[1:]))
            return _("team {team}'s adjustment is not a number of VPs: {value!r}",
                     team=team, value=shown)  # fmt: skip
        if team in self.found:
            return _("team {team}'s adjustment is given twice", team=team)
        self.found[team] = VPAdjustment(team, vps)
        return None


def _vp_number(value: object) -> float | None:
    """VPs as a file writes them (``12``, ``-3``, ``10.5``), or ``None`` if not a finite
    number."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        number = float(value)
    else:
        try:
            number = float(_text(value))
        except ValueError:
            return None
    return number if math.isfinite(number) else None


class _Object(dict[str, Any]):
    """A JSON object as read, with the values of each key it gives more than once (a
    JSON reader keeps the last and drops the others without a word)."""

    __slots__ = ("repeated",)

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        super().__init__(pairs)
        self.repeated: dict[str, list[Any]] = {}
        if len(self) < len(pairs):  # the rare object with a key twice
            for key, value in pairs:
                self.repeated.setdefault(key, []).append(value)
            self.repeated = {k: v for k, v in self.repeated.items() if len(v) > 1}


def _movement_said_twice(event: object, source: str) -> list[Problem]:
    """A JSON ``event`` giving its ``movement`` twice or more: an error at the field,
    with every value given (the last one alone was read)."""
    said = event.repeated.get("movement", []) if isinstance(event, _Object) else []
    if not said:
        return []
    wrong = _(
        "the movement is said more than once ({values}): say it once, every section's in"
        " one (A Mitchell, B Howell)",
        values="; ".join(json.dumps(value, ensure_ascii=False) for value in said),
    )
    return [Problem(Location(source, tag="event.movement", shown="field {}"), MarkedText(wrong))]


def loads_json(
    text: str,
    *,
    source: str = "<string>",
    laws: str = DEFAULT_LAW_SET,
    strict: bool = False,
    teams: bool | None = None,
    problems: Sequence[Problem] = (),
    movement: Movement | None = None,
) -> EventResults:
    """Read JSON results text (see the module docstring for the shape); ``teams``
    defaults to the file's ``event.type``. ``problems``: found before (decoding)."""
    problems = list(problems)
    rows: list[ResultRow] = []
    try:
        data = json.loads(text, object_pairs_hook=_Object)
    except json.JSONDecodeError as error:
        raise ResultsFileError(
            [
                Problem(
                    Location(source, error.lineno),
                    MarkedText(_("not valid JSON: {error}", error=error.msg)),
                )
            ]
        ) from None
    except RecursionError:
        raise ResultsFileError(
            [Problem(Location(source), MarkedText(_("not readable JSON: nested too deep")))]
        ) from None
    except ValueError as error:  # a number too long to convert
        raise ResultsFileError(
            [
                Problem(
                    Location(source),
                    MarkedText(_("not readable JSON: {error}", error=excerpt(str(error)))),
                )
            ]
        ) from None
    if isinstance(data, dict):
        problems.extend(_movement_said_twice(data.get("event"), source))
    data, lone = _without_lone_surrogates(data)
    if lone:
        problems.append(
            Problem(
                Location(source),
                MarkedText(
                    _(
                        "{count} text value held a lone surrogate (a broken \\u escape); each"
                        " is shown as U+FFFD",
                        count=lone,
                    )
                    if lone == 1
                    else _(
                        "{count} text values held a lone surrogate (a broken \\u escape); each"
                        " is shown as U+FFFD",
                        count=lone,
                    )
                ),
                Severity.WARNING,
            )
        )
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise ResultsFileError(
            [Problem(Location(source), MarkedText(_('expected an object with a "results" list')))]
        )
    event = data.get("event") or {}
    name = _text(event.get("name")) if isinstance(event, dict) else ""
    about: tuple[tuple[str, str], ...] = ()
    if isinstance(event, dict):
        kind = _text(event.get("type"))
        said = event.get("movement")  # not text: said by _movement_problems
        about = tuple(
            (key, value)
            for key, value in (
                ("event", name),
                ("date", _text(event.get("date"))),
                ("site", _text(event.get("site"))),
                ("kind", kind),
                ("program", _text(event.get("program"))),
                ("scoring", _text(event.get("scoring"))),
                ("language", _text(event.get("language"))),
                ("movement", _text(said) if isinstance(said, str) else ""),
            )
            if value
        )
    notation = ENGLISH
    if dict(about).get("language"):
        try:
            notation = _notation(dict(about)["language"])
        except BridgeError as error:
            raise ResultsFileError([Problem(Location(source), reason_of(error))]) from None
    if teams is None:
        teams = dict(about).get("kind", "").lower() == "teams"
    for index, entry in enumerate(data["results"], start=1):
        where = Location(source, entry=index)
        if not isinstance(entry, dict):
            problems.append(Problem(where, MarkedText(_("a result is an object of named fields"))))
            continue
        unknown = sorted(set(entry) - set(_READ_COLUMNS))
        if unknown:
            problems.append(
                Problem(
                    where,
                    MarkedText(_("fields not used: {fields}", fields=", ".join(unknown))),
                    Severity.WARNING,
                )
            )
        built = read_row(entry, where, laws, movement, notation)
        problems.extend(built.problems)
        if built.row is not None:
            rows.append(built.row)
    problems.extend(_participant_sections(data.get("participants"), source))
    problems.extend(_movement_problems(data, rows, source, participants_json(text)))
    adjusted = _Adjustments()
    listed = data.get("adjustments", [])
    if not isinstance(listed, list):
        listed = [listed]
    for index, entry in enumerate(listed, start=1):
        where = Location(source)
        if isinstance(entry, dict) and set(entry) <= {"id", "vp"}:
            adjusted.add([entry.get("id"), entry.get("vp")], where, index)
        else:
            wrong = _(
                'adjustment {number}: not an object of "id" (the team) and "vp"', number=index
            )
            problems.append(Problem(where, MarkedText(wrong)))
    problems.extend(adjusted.problems)
    adjustments = tuple(adjusted.found.values())
    return _finish(rows, problems, source, name, laws, strict, teams, about, adjustments)


def _movement_problems(
    data: Mapping[str, Any],
    rows: Sequence[ResultRow],
    source: str,
    participants: Sequence[Participant],
) -> list[Problem]:
    """What is wrong with what a JSON file's ``event.movement`` says (:class:`MovementsSaid`),
    the file's sections being those of its results and participants, and what its results
    contradict of it (:func:`~bridgescore.io._sections.howell_problems`)."""
    event = data.get("event")
    said = event.get("movement") if isinstance(event, dict) else None
    if said is None:
        return []
    letters = {row.section for row in rows if row.section is not None}
    listed = data.get("participants")
    for entry in listed if isinstance(listed, list) else ():
        letter = entry.get(SECTION) if isinstance(entry, dict) else None
        if isinstance(letter, str) and is_section_letter(letter.strip()):
            letters.add(letter.strip())
    found = MovementsSaid(letters)
    found.read(said, Location(source, tag="event.movement", shown="field {}"))
    return [*found.problems, *howell_problems(rows, found.kinds, participants, found.said)]


def _participant_sections(listed: object, source: str) -> list[Problem]:
    """What is wrong with the sections a JSON file's participants say: a ``"section"``
    that is not a section's letter (quoted; an empty one or ``null`` says none)."""
    found: list[Problem] = []
    for entry in listed if isinstance(listed, list) else ():
        if isinstance(entry, dict) and SECTION in entry:
            said = entry[SECTION]
            letter = _text(said) if isinstance(said, str | None) else json.dumps(said)
            if letter and not is_section_letter(letter):
                where = Location(source, tag=SECTION, shown="field {}")
                found.append(Problem(where, _letter_problem(letter)))
    return found


def _read(path: str | os.PathLike[str], strict: bool) -> tuple[str, list[Problem]]:
    """The file's text (:mod:`bridgescore.io.text`): strict, a located error for bytes that
    are not UTF-8; lenient, such lines read as Windows-1252 with a warning each."""
    source = os.fspath(path)
    if strict:
        return read_text(path), []
    text, found = read_text_lenient(path)
    return text, [
        Problem(Location(source, p.line), MarkedText(p.reason), Severity.WARNING) for p in found
    ]


def _without_lone_surrogates(value: Any) -> tuple[Any, int]:
    """JSON's ``\\ud800`` escapes can leave lone surrogates, which no file can hold:
    replace each with U+FFFD, and count the strings that had one."""
    if isinstance(value, str):
        if any("\ud800" <= ch <= "\udfff" for ch in value):
            fixed = value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
            return fixed, 1
        return value, 0
    if isinstance(value, list):
        pairs = [_without_lone_surrogates(v) for v in value]
        return [v for v, _ in pairs], sum(n for _, n in pairs)
    if isinstance(value, dict):
        found = {k: _without_lone_surrogates(v) for k, v in value.items()}
        return {k: v for k, (v, _) in found.items()}, sum(n for _, n in found.values())
    return value, 0


def load_csv(
    path: str | os.PathLike[str],
    *,
    laws: str = DEFAULT_LAW_SET,
    strict: bool = False,
    teams: bool | None = None,
    movement: Movement | None = None,
) -> EventResults:
    """Read a CSV results file (see :func:`loads_csv`)."""
    text, problems = _read(path, strict)
    source = os.fspath(path)
    lenient = read_csv(text, source=source, laws=laws, movement=movement)
    rows, found = list(lenient.rows), [*problems, *lenient.problems]
    return _finish(rows, found, source, "", laws, strict, teams, lenient.about, lenient.adjustments)


def load_json(
    path: str | os.PathLike[str],
    *,
    laws: str = DEFAULT_LAW_SET,
    strict: bool = False,
    teams: bool | None = None,
    movement: Movement | None = None,
) -> EventResults:
    """Read a JSON results file (see :func:`loads_json`)."""
    text, problems = _read(path, strict)
    return loads_json(
        text,
        source=os.fspath(path),
        laws=laws,
        strict=strict,
        teams=teams,
        problems=problems,
        movement=movement,
    )


def load(
    path: str | os.PathLike[str],
    *,
    laws: str = DEFAULT_LAW_SET,
    strict: bool = False,
    teams: bool | None = None,
    movement: Movement | None = None,
) -> EventResults:
    """Read a results file, CSV or JSON by its extension (``.json``; anything else is CSV)."""
    if Path(path).suffix.lower() == ".json":
        return load_json(path, laws=laws, strict=strict, teams=teams, movement=movement)
    return load_csv(path, laws=laws, strict=strict, teams=teams, movement=movement)


def dumps_csv(
    results: EventResults,
    *,
    about: Mapping[str, str] | None = None,
    participants: Sequence[Participant] = (),
    notation: Notation = ENGLISH,
    adjustments: Sequence[VPAdjustment] = (),
) -> str:
    """Write rows back as CSV (contract, declarer and result split into their columns;
    the opening lead's when a row has one; the four players' columns for an individual
    event), after ``# key: value`` lines for what ``about`` says of the event (``event``,
    ``date``, ``site``, ``kind``, ``program``, ``scoring``) and a ``# names`` record for
    each participant (with no names when it has none), a ``# section`` record for each
    section the participants name, and an ``# adjustment`` record for each of a teams
    event's ``adjustments``; a ``section`` column first when a row names its section.
    ``notation``: the language the contracts, declarers and vulnerabilities are written
    in (said in ``# language``)."""
    buffer = io.StringIO()
    about = _with_language(about, notation)
    for key in ABOUT:
        value = (about or {}).get(key, "")
        if value:
            buffer.write(f"# {key}: {' '.join(value.split())}\n")
    writer = csv.writer(buffer, lineterminator="\n")
    for participant in _named(participants):
        writer.writerow([NAMES, participant.id, *participant.names])
    for letter, ids in _by_section(participants).items():
        writer.writerow([SECTION_RECORD, letter, *ids])
    for adjustment in adjustments:
        writer.writerow([ADJUSTMENT, adjustment.id, _vp_text(adjustment.vp)])
    header = list(BASE_COLUMNS)
    if any(row.section is not None for row in results.rows):
        header.insert(0, SECTION)
    if any(row.lead is not None for row in results.rows):
        header.append(LEAD)
    if any(row.players is not None for row in results.rows):
        header.extend(SEATS)
    writer.writerow(header)
    for row in results.rows:
        fields = _row_fields(row, notation)
        writer.writerow(["" if fields.get(c) is None else fields.get(c, "") for c in header])
    return buffer.getvalue()


def _by_section(participants: Sequence[Participant]) -> dict[str, list[str]]:
    """The ids of the participants that name their section, by section, the sections in
    the order of their letters."""
    found: dict[str, list[str]] = {}
    for participant in participants:
        if participant.section is not None:
            found.setdefault(participant.section, []).append(participant.id)
    return dict(sorted(found.items()))


def _vp_text(vp: float) -> str:
    """VPs as written: ``12``, ``10.5``, ``-3``."""
    text = format(vp, ".10g")
    return text if "e" not in text else format(vp, "f")


def _with_language(about: Mapping[str, str] | None, notation: Notation) -> dict[str, str]:
    said = dict(about or {})
    if notation is not ENGLISH:
        said["language"] = notation.code
    return said


def _notation(text: str) -> Notation:
    return notation_for(Language.parse(text))


def _row_fields(row: ResultRow, notation: Notation = ENGLISH) -> dict[str, Any]:
    fields: dict[str, Any] = {} if row.section is None else {SECTION: row.section}
    fields["board"] = row.board
    if row.round is not None:
        fields["round"] = row.round
    if row.table is not None:
        fields["table"] = row.table
    fields["ns"], fields["ew"] = row.ns, row.ew
    if row.adjusted is not None:
        fields["adjusted"] = str(row.adjusted)
    elif row.result is not None:
        contract = row.result.contract
        if isinstance(contract, PassedOut):
            fields["contract"] = notation.passed
        else:
            fields["contract"] = notation.contract(contract, symbols=False, declarer=False)
            fields["declarer"] = (
                None if contract.declarer is None else notation.seat(contract.declarer)
            )
            fields["result"] = row.result.tricks
    else:
        fields["score"] = row.ns_score
    fields["vulnerability"] = notation.vulnerability(row.vulnerability)
    if row.lead is not None:
        fields[LEAD] = lead_text(row.lead, notation)
    if row.players is not None:
        fields.update(zip(SEATS, row.players, strict=True))
    return fields


def lead_text(card: Card, notation: Notation = ENGLISH) -> str:
    """An opening lead as a results file writes it: ``SK``, ``HT`` in the international
    notation, in any other as every notation reads it alike (``♠K``, ``♥10``: a Spanish
    ``C`` is corazones); read back in the file's notation (:meth:`Notation.parse_card`)."""
    return str(card) if notation is ENGLISH else alike(card)


def dumps_json(
    results: EventResults,
    *,
    name: str = "",
    about: Mapping[str, str] | None = None,
    participants: Sequence[Participant] = (),
    notation: Notation = ENGLISH,
    adjustments: Sequence[VPAdjustment] = (),
) -> str:
    """Write rows as the JSON results format (``event``, the ``participants`` with names,
    a teams event's ``adjustments``, then ``results``); ``about`` gives the event's
    ``kind``, ``program`` and ``scoring``; ``notation`` the language of the contracts
    (``event.language``). A participant and a result in a section say it (``section``)."""
    said = _with_language(about, notation)
    kind = said.get("kind") or ("teams" if results.teams else "pairs")
    event = {"name": name or results.name, "type": kind}
    keys = ("date", "site", "program", "scoring", "language", "movement")
    event.update({k: said[k] for k in keys if said.get(k)})
    data: dict[str, Any] = {"event": event}
    named = [
        {"id": p.id, "names": list(p.names), **({} if p.section is None else {SECTION: p.section})}
        for p in _named(participants)
    ]
    if named:
        data["participants"] = named
    if adjustments:
        data["adjustments"] = [{"id": a.id, "vp": a.vp} for a in adjustments]
    data["results"] = [_row_fields(row, notation) for row in results.rows]
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def _named(participants: Sequence[Participant]) -> list[Participant]:
    """Every participant, named or not: one that has played no board yet is in no row, and
    is listed only here (a ranking lists every pair on the entry sheet)."""
    return list(participants)


def participants_csv(text: str, *, kind: str = "pair") -> tuple[Participant, ...]:
    """The participants a CSV results text names in its ``# names`` records (each a
    ``kind``: ``pair``, ``team`` or ``player``), in the section its ``# section`` records
    give; a record without an id is passed over, an id named twice keeps its first names,
    and one listed in two sections its first (a section that is not a letter is passed
    over here: the results reader names it)."""
    found: dict[str, Participant] = {}
    sections: dict[str, str] = {}
    problems: list[Problem] = []
    reader = csv.reader(io.StringIO(text))
    for record in _records(reader, "<string>", problems):
        if not record or not record[0].lstrip().startswith("#"):
            if any(cell.strip() for cell in record):
                break  # the header: the names come before it
            continue
        first = record[0].strip().lower()
        if first == SECTION_RECORD and len(record) > 1 and is_section_letter(record[1].strip()):
            for ident in (cell.strip() for cell in record[2:]):
                if ident:
                    sections.setdefault(ident, record[1].strip())
                    found.setdefault(ident, Participant(ident, (), kind))
            continue
        if first != NAMES or len(record) < 2 or not record[1].strip():
            continue
        ident = record[1].strip()
        names = tuple(n.strip() for n in record[2:] if n.strip())
        found.setdefault(ident, Participant(ident, names, kind))
    return tuple(
        p if p.id not in sections else replace(p, section=sections[p.id]) for p in found.values()
    )


def participants_json(text: str, *, kind: str = "pair") -> tuple[Participant, ...]:
    """The participants a JSON results text names in its ``participants`` list (each a
    ``kind``, in its ``section`` when it says one); an entry that is not ``{"id": ...,
    "names": [...]}`` is passed over, and an id named twice keeps its first names.
    Unreadable JSON names no one (the results reader says why it cannot be read, and
    what is wrong with a section)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return ()
    listed = data.get("participants") if isinstance(data, dict) else None
    found: dict[str, Participant] = {}
    for entry in listed if isinstance(listed, list) else ():
        if not isinstance(entry, dict):
            continue
        ident, names = entry.get("id"), entry.get("names")
        if not isinstance(ident, str | int) or not str(ident).strip():
            continue
        if not isinstance(names, list):
            continue
        shown = tuple(str(n).strip() for n in names if isinstance(n, str | int) and str(n).strip())
        said = entry.get(SECTION)
        section = (
            said.strip() if isinstance(said, str) and is_section_letter(said.strip()) else None
        )
        found.setdefault(
            str(ident).strip(), Participant(str(ident).strip(), shown, kind, section=section)
        )
    return tuple(found.values())


def load_participants(
    path: str | os.PathLike[str], *, kind: str = "pair"
) -> tuple[Participant, ...]:
    """The participants a CSV or JSON results file names (JSON by its ``.json`` extension or
    a leading ``{``, else CSV): see :func:`participants_csv` and :func:`participants_json`."""
    text, _found = _read(path, strict=False)
    if Path(path).suffix.lower() == ".json" or text.lstrip().startswith("{"):
        return participants_json(text, kind=kind)
    return participants_csv(text, kind=kind)
