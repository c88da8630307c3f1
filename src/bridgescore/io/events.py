"""Read and write any supported event file as an :class:`~bridgescore.events.model.Event`.

A file is recognised by its content (a PBN saved as ``.txt`` is still PBN), its name
only breaking a tie; an empty file is an error. Writing is whole or not at all
(:mod:`bridgescore.io.writing`).
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from bridgescore.core.notation import ENGLISH, Notation
from bridgescore.errors import BridgeInputError
from bridgescore.errors import marked as _
from bridgescore.events.conventions import converted_by
from bridgescore.events.model import Event, Location, Problem, PublishedMatch
from bridgescore.events.movements.fit import place_result, place_team_result
from bridgescore.events.movements.model import Movement
from bridgescore.events.movements.teams import RoundRobin
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.io import results
from bridgescore.io._problems import MarkedText
from bridgescore.io._sections import MovementsSaid, movements_text, said_movements
from bridgescore.io.text import is_access
from bridgescore.io.writing import write_text
from bridgescore.laws.lawsets import DEFAULT_LAW_SET

if TYPE_CHECKING:
    from bridgescore.io.pbn import PBNDocument, TeamMatch

READABLE = ("csv", "json", "pbn", "usebio", "bws")

_BY_SUFFIX = {"xml": "usebio", "usebio": "usebio", "pbn": "pbn", "json": "json", "csv": "csv"}
_READ_ONLY_SUFFIX = {"bws": "bws"}  # a Bridgemate database: read, never written


class EmptyFileError(BridgeInputError):
    """A file with nothing in it."""


def format_of(path: str | os.PathLike[str]) -> str:
    """The format a file name says: ``csv``, ``json``, ``pbn`` or ``usebio`` (``.xml``);
    a name that says none of them (``.txt``, no extension) is ``csv``."""
    suffix = Path(path).suffix.lower().lstrip(".")
    named = _BY_SUFFIX.get(suffix) or _READ_ONLY_SUFFIX.get(suffix)
    return named or ("csv" if suffix in ("txt", "") else suffix)


def format_of_content(head: bytes) -> str | None:
    """The format the first bytes of a file show, or ``None`` when they show none."""
    if is_access(head):
        return "bws"  # a Microsoft Access database: what Bridgemate keeps a session in
    text = head.lstrip(b"\xef\xbb\xbf\xff\xfe\x00 \t\r\n")
    if head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = head.decode("utf-16", errors="ignore").lstrip("\ufeff \t\r\n").encode()
    if text.startswith(b"<"):
        return "usebio"
    if text.startswith((b"%", b"[")):
        return "pbn"
    if text.startswith(b"{"):
        return "json"
    return None


def detect_format(path: str | os.PathLike[str]) -> str:
    """The file's format, from its content first and its name second; an empty file
    (nothing but white space) is an :class:`EmptyFileError`."""
    with open(path, "rb") as handle:
        head = handle.read(4096)
        if not head.strip(b"\xef\xbb\xbf\xff\xfe\x00 \t\r\n"):
            rest = handle.read(1 << 20)
            while rest:
                if rest.strip(b"\x00 \t\r\n"):
                    head = rest
                    break
                rest = handle.read(1 << 20)
            else:
                raise EmptyFileError(
                    _("{path}: the file is empty: no results to read", path=os.fspath(path))
                )
    found = format_of_content(head)
    named = format_of(path)
    if found is None:
        return "csv" if named in ("pbn", "usebio", "json") else named
    return found


_TABLES = frozenset({"parquet", "pq"})
"""Results tables the batch extra reads (NumPy and Polars, which this package never
imports): :func:`bridgescore.batch.events.load_table_event`."""


def _check_readable(fmt: str, path: str | os.PathLike[str]) -> None:
    if fmt in _TABLES:
        raise BridgeInputError(
            _(
                "{path!r}: a Parquet table of results is read by the batch extra"
                " (bridgescore batch, or bridgescore.batch.read_season); use {known} here",
                path=os.fspath(path),
                known=", ".join(READABLE),
            )
        )
    if fmt not in READABLE:
        raise BridgeInputError(
            _(
                "{path!r}: cannot read {format!r} files; use {known}",
                path=os.fspath(path),
                format=fmt,
                known=", ".join(READABLE),
            )
        )


def load_event(
    path: str | os.PathLike[str],
    *,
    laws: str = DEFAULT_LAW_SET,
    strict: bool = False,
    teams: bool | None = None,
    movement: Movement | RoundRobin | None = None,
) -> Event:
    """The event in ``path`` (CSV, JSON, PBN, USEBIO or Bridgemate BWS, recognised by content).

    ``movement``: the movement (or a teams event's round robin) it was played in. Every
    result must fit it (a located error otherwise); a pairs result in a CSV or JSON file
    may name its round and table instead of its pairs.
    :func:`bridgescore.events.movements.fit.missing_results` lists what is missing.
    """
    fmt = detect_format(path)
    _check_readable(fmt, path)
    if fmt in _DEAL_FORMATS:
        return _fitted(_checked(_read_unchecked(fmt, path, laws, strict), strict), movement)
    seated = movement if isinstance(movement, Movement) else None
    if fmt == "json":
        rows = results.load_json(path, laws=laws, strict=strict, teams=teams, movement=seated)
    else:
        rows = results.load_csv(path, laws=laws, strict=strict, teams=teams, movement=seated)
    said = rows.said("kind").strip().lower()
    if isinstance(movement, RoundRobin):
        _fitted(Event(rows), movement)
    if rows.teams:
        kind = EventKind.TEAMS
    elif said in {k.value for k in EventKind}:
        kind = EventKind.parse(said)
    else:
        kind = EventKind.INDIVIDUAL if any(r.players for r in rows.rows) else EventKind.PAIRS
    who = {EventKind.TEAMS: "team", EventKind.INDIVIDUAL: "player"}.get(kind, "pair")
    try:
        scoring = Scoring.parse(rows.said("scoring") or ("imps" if rows.teams else "mp"))
    except BridgeInputError as error:
        raise BridgeInputError(
            _("{path}: the 'scoring' line: {error}", path=os.fspath(path), error=error)
        ) from None
    # what is wrong with it the reader has said at its line (results.read_csv, loads_json)
    movements = MovementsSaid()  # every movement line (read at its line by the reader)
    for key, value in rows.about:
        if key == "movement":
            movements.read(value, Location(os.fspath(path)))
    field_kinds = movements.kinds
    participants = results.load_participants(path, kind=who)
    return Event(
        rows,
        name=rows.name,
        date=rows.said("date"),
        site=rows.said("site"),
        kind=kind,
        scoring=scoring,
        program=rows.said("program"),
        participants=participants,
        adjustments=rows.adjustments,
        field_kinds=field_kinds,
    )


_DEAL_FORMATS = frozenset({"usebio", "bws", "pbn"})
"""The formats that can carry a board's deal."""


def _read_unchecked(fmt: str, path: str | os.PathLike[str], laws: str, strict: bool) -> Event:
    """A USEBIO, BWS or PBN file read as an event, its errors kept in it, not raised."""
    if fmt == "usebio":
        from bridgescore.io import usebio

        return usebio.to_event(usebio.load(path, strict=strict), laws=laws, strict=strict)
    if fmt == "bws":
        from bridgescore.io import bridgemate

        return bridgemate.to_event(bridgemate.load(path), laws=laws, strict=strict)
    from bridgescore.io import pbn

    document = pbn.load(path, strict=strict, laws=laws)
    return with_matches(pbn.to_event(document, laws=laws), document)


def load_deals(
    path: str | os.PathLike[str], *, laws: str = DEFAULT_LAW_SET, strict: bool = False
) -> tuple[Event, tuple[Problem, ...]]:
    """The deals of ``path`` with the file's errors beside them, not raised: a deal that
    cannot be read is named (file, line, board) and the others are kept, for the hand
    records to be analysed and shown all the same. A file that cannot carry deals (CSV,
    JSON) is read as :func:`load_event` reads it."""
    fmt = detect_format(path)
    _check_readable(fmt, path)
    if fmt not in _DEAL_FORMATS:
        return load_event(path, laws=laws, strict=strict), ()
    event = _read_unchecked(fmt, path, laws, strict)
    problems = event.results.problems if strict else event.results.errors
    return event, tuple(problems)


def with_matches(event: Event, document: PBNDocument) -> Event:
    """``event`` with the matches of the PBN document's match tables (Ruter's
    ``TeamId_Home`` table), and without the reader's warning that they are not mapped."""
    from bridgescore.io import pbn

    found = pbn.team_matches(document)
    if not found:
        return event
    problems = tuple(p for p in event.results.problems if "match table(s)" not in p.message)
    return replace(
        event,
        kind=EventKind.TEAMS,
        results=replace(event.results, problems=problems, teams=True),
        matches=tuple(published_match(match) for match in found),
    )


def published_match(match: TeamMatch) -> PublishedMatch:
    """A PBN match-table row as the event model holds it (a round that is not a number
    is dropped)."""
    text = (match.round or "").strip()
    return PublishedMatch(
        int(text) if text.isdigit() else None,
        match.home,
        match.away,
        match.home_imps,
        match.away_imps,
        match.home_vp,
        match.away_vp,
        match.table,
        line=match.line,
    )


def _fitted(event: Event, movement: Movement | RoundRobin | None) -> Event:
    """``event``, once every row is found to fit ``movement`` (a file that names its
    own pairs, as PBN and USEBIO do, or teams)."""
    if movement is None:
        return event
    problems = []
    for row in event.results.rows:
        table = int(row.table) if row.table is not None and row.table.isdigit() else None
        if isinstance(movement, RoundRobin):
            placed = place_team_result(
                movement, row.board, ns=row.ns, ew=row.ew, round_no=row.round
            )
        else:
            placed = place_result(
                movement, row.board, round_no=row.round, table=table, ns=row.ns, ew=row.ew
            )
        if placed.error is not None:
            reason = _("does not fit the movement: {reason}", reason=placed.error)
            problems.append(Problem(row.where, MarkedText(reason)))
    if problems:
        raise results.ResultsFileError(problems)
    return event


def _checked(event: Event, strict: bool) -> Event:
    """An event read leniently still must not be scored with errors in it."""
    problems = event.results.problems if strict else event.results.errors
    if problems:
        raise results.ResultsFileError(list(problems))
    return event


def check_format(path: str | os.PathLike[str]) -> str:
    """The format a target's name says, or an error naming the ones that can be written."""
    suffix = Path(path).suffix.lower().lstrip(".")
    fmt = _BY_SUFFIX.get(suffix)
    if fmt is None:
        raise BridgeInputError(
            _(
                "{path!r}: the name says no format bridgescore writes; end it in"
                " .csv, .json, .pbn or .xml (USEBIO)",
                path=os.fspath(path),
            )
        )
    return fmt


def write_event(
    event: Event, path: str | os.PathLike[str], *, notation: Notation = ENGLISH
) -> Path:
    """Write ``event`` in the format ``path``'s extension names (whole, or not at all).
    A CSV or JSON results file writes its contracts in ``notation`` (and says which); PBN
    and USEBIO keep the notation their standards define."""
    fmt = check_format(path)
    if event.matches and not event.results.rows and fmt not in ("pbn", "usebio"):
        raise BridgeInputError(
            _(
                "{path!r}: the event is a match table only ({count} matches), which"
                " bridgescore cannot write as {format} yet; nothing was written",
                path=os.fspath(path),
                count=len(event.matches),
                format=fmt,
            )
        )
    target = Path(path)
    if fmt == "usebio":
        from bridgescore.io import usebio

        usebio.dump(usebio.from_event(event), target)
        return target
    if fmt == "pbn":
        from bridgescore.io import pbn

        pbn.dump(pbn.from_event(event), target)
        return target
    from bridgescore import __version__

    about = {
        "event": event.name,
        "date": event.date,
        "site": event.site,
        "kind": event.kind,
        "program": converted_by(__version__, event.program),
        "scoring": event.scoring,
        "movement": movements_text(said_movements(event)),
    }
    named = event.participants
    if fmt == "json":
        text = results.dumps_json(
            event.results,
            name=event.name,
            about=about,
            participants=named,
            notation=notation,
            adjustments=event.adjustments,
        )
    else:
        text = results.dumps_csv(
            event.results,
            about=about,
            participants=named,
            notation=notation,
            adjustments=event.adjustments,
        )
    write_text(target, text)
    return target
