"""A season of event files as one Polars table: the library's figures, flattened.

The analyst's path: :func:`read_season` reads every file the library reads (PBN,
USEBIO, Bridgemate, JSON, the results CSV, and whatever else
:func:`bridgescore.io.events.load_event` learns to read), recognised by content, plus a
table of results rows (Parquet, or a season table written as CSV); scores each event as
``bridgescore event`` does (:func:`bridgescore.events.selfcheck.checked`: the
conventions of the program that wrote the file, proved by the file's own figures, through
the library's one scoring path), or with the options the caller asks for the file
(:data:`OptionsRequest`), or, read from a season table, with the options it was scored
with before; and returns a :class:`Season`: every result (:data:`RESULTS_SCHEMA`: a
results file, read back as it was written), every standing (:data:`STANDINGS_SCHEMA`),
the files left out (:data:`OnError`) and the sessions read twice (:class:`SeenTwice`).
:func:`read_results` and :func:`read_events` are its two tables; :func:`season_totals`
adds the events up per partnership or per player, and :func:`player_statistics` gives
each player's season.

``fast=True`` is the vectorised path for matchpoint pairs events: the files are read the
same way, but each board's *played* results are matchpointed by
:mod:`bridgescore.batch.compare`, and a pair's percentage is the mean of its boards'. It
leaves adjusted scores out and does not scale boards played fewer times, so its figures
differ from the library's on any event that has either; any other event is scored by
the library.

>>> from pathlib import Path
>>> season = read_events([Path("examples/pairs-mitchell.csv")])
>>> season.select("field", "place", "pair", "total", "percent").row(0)
('NS', '1', '2', 47.8, 59.75)
"""

from __future__ import annotations

import json
import multiprocessing
import os
import pickle
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Final, Literal, TypeAlias

import numpy as np
import polars as pl

from bridgescore.analysis.model import Analysis
from bridgescore.batch import files
from bridgescore.batch._checks import BatchInputError
from bridgescore.batch.columns import canonical, tricks_beside
from bridgescore.batch.compare import Boards, places
from bridgescore.core.contract import Contract, PassedOut
from bridgescore.core.notation import ENGLISH
from bridgescore.duplicate.matchpoints import Scale
from bridgescore.errors import BridgeError, MarkedText, Message
from bridgescore.errors import marked as _
from bridgescore.events.deals import analysed
from bridgescore.events.individual import IndividualResult
from bridgescore.events.model import (
    Event,
    EventResults,
    Location,
    Participant,
    Problem,
    Published,
    ResultRow,
    Severity,
    check_rows,
)
from bridgescore.events.options import ScoringOptions
from bridgescore.events.pairs import field_kind
from bridgescore.events.scoring import EventResult, kind_of, options_for, score_with
from bridgescore.events.selfcheck import checked
from bridgescore.events.teams import TeamsResult
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.io.events import load_event
from bridgescore.io.results import COLUMNS as RESULTS_COLUMNS
from bridgescore.io.results import ResultsFileError, lead_text, read_row
from bridgescore.laws.lawsets import DEFAULT_LAW_SET

Path_ = str | os.PathLike[str]

STANDINGS_SCHEMA: Final = pl.Schema(
    {
        "event": pl.String(),
        "date": pl.String(),
        "source": pl.String(),
        "program": pl.String(),
        "kind": pl.String(),
        "scoring": pl.String(),
        "conventions": pl.String(),
        "agree": pl.Int64(),
        "figures": pl.Int64(),
        "seen_twice": pl.String(),
        "field": pl.String(),
        "place": pl.String(),
        "pair": pl.String(),
        "team": pl.String(),
        "player": pl.String(),
        "players": pl.List(pl.String()),
        "names": pl.String(),
        "total": pl.Float64(),
        "percent": pl.Float64(),
        "boards": pl.Int64(),
        "vp": pl.Float64(),
        "points_for": pl.Float64(),
        "points_against": pl.Float64(),
        "matches": pl.Int64(),
    }
)
"""The columns of :func:`read_events`: one row per contestant and event.

The contestant is in ``pair`` (a pairs event), ``team`` (a teams event) or ``player``
(an individual), the other two null. ``total`` is what the ranking is by: matchpoints
or IMPs, a team's VPs (board-a-match: its points). A team's row also has ``vp`` (its
victory points; null at board-a-match, which has none), ``points_for`` and
``points_against`` (IMPs, or board-a-match points) and ``matches``; ``percent`` and
``boards`` are null for a team, and the team columns null for the others.
"""

ID_COLUMNS: Final = ("pair", "team", "player")
"""The columns that name a contestant, one filled per row."""

RESULTS_SCHEMA: Final = pl.Schema(
    {
        "event": pl.String(),
        "section": pl.String(),
        "date": pl.String(),
        "source": pl.String(),
        "program": pl.String(),
        "kind": pl.String(),
        "scoring": pl.String(),
        "conventions": pl.String(),
        "options": pl.String(),
        "agree": pl.Int64(),
        "figures": pl.Int64(),
        "seen_twice": pl.String(),
        "line": pl.Int64(),
        "board": pl.Int64(),
        "round": pl.Int64(),
        "table": pl.String(),
        "ns": pl.String(),
        "ew": pl.String(),
        "north": pl.String(),
        "east": pl.String(),
        "south": pl.String(),
        "west": pl.String(),
        "ns_players": pl.List(pl.String()),
        "ew_players": pl.List(pl.String()),
        "vulnerability": pl.String(),
        "contract": pl.String(),
        "declarer": pl.String(),
        "tricks": pl.Int64(),
        "lead": pl.String(),
        "ns_score": pl.Int64(),
        "adjusted": pl.String(),
        "ns_points": pl.Float64(),
        "ew_points": pl.Float64(),
        "ns_percent": pl.Float64(),
        "ew_percent": pl.Float64(),
        "dd_tricks": pl.Int64(),
    }
)
"""The columns of :func:`read_results`: one row per result (a traveller's line).

A result is written as the results file writes it, so that the table is read back as
it was (:func:`read_results`, ``bridgescore batch``, ``bridgescore event``): ``contract``
(``4SX``, ``Pass``), ``declarer`` (``N``), ``tricks`` (taken; the results file's
``result`` column), ``lead``, North-South's ``ns_score``, or ``adjusted`` (``A+/A-``,
``NP``). About the file: ``program`` (the name and version that wrote it), ``kind`` and
``scoring``; ``options`` (the :class:`~bridgescore.events.options.ScoringOptions` the
event was scored with, as JSON: read back, the event is scored with them again) and
``conventions`` (what they are and why, in words); ``agree`` of ``figures`` is how many
of the file's own published figures the library's equal, where the file has some;
``seen_twice`` names the other file holding the same session (same date, same boards,
same results), else null. The players: ``ns_players`` and ``ew_players`` (each name
alone: a pair the file writes as one string, ``Lloyd-Dandavati``, is split), and an
individual's four seats' ids (``north``...). ``dd_tricks``: the tricks declarer takes
double dummy in the contract's strain, where the event has the deal's analysis.
"""

By = Literal["pair", "player"]

TOTALS_SCHEMA: Final = pl.Schema(
    {
        "key": pl.String(),
        "players": pl.List(pl.String()),
        "scoring": pl.String(),
        "events": pl.UInt32(),
        "boards": pl.Int64(),
        "total": pl.Float64(),
        "percent": pl.Float64(),
        "best": pl.Float64(),
    }
)
"""The columns of :func:`season_totals`."""


OptionsRequest: TypeAlias = (
    ScoringOptions | Mapping[str, ScoringOptions] | Callable[[Event], ScoringOptions | None] | None
)
"""What a season is scored with: one :class:`~bridgescore.events.options.ScoringOptions`
for every file; a mapping from a file's path (as given) to its options; a function of the
event giving its options; or ``None``. A file the request gives no options for (``None``,
a path not in the mapping, the function returning ``None``) is scored as its program
scored it (:func:`~bridgescore.events.scoring.options_for`), or, read from a season table,
with the options it was scored with before (its ``options`` column)."""

OnError: TypeAlias = Literal["raise", "skip"]
"""What a file that cannot be read or scored does: stop the season (``raise``: the
library's error, naming the file), or (``skip``) stay out of it, reported in
:attr:`Season.skipped` and by a :class:`SeasonWarning`, never silently."""


class SeasonWarning(UserWarning):
    """A file left out of a season (``on_error="skip"``), or a session read twice."""


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file left out of a season, and why (the library's message)."""

    source: str
    reason: Message

    def message(self) -> Message:
        return _(
            "{source}: left out of the season: {reason}", source=self.source, reason=self.reason
        )

    def __str__(self) -> str:
        return str(self.message())


@dataclass(frozen=True, slots=True)
class SeenTwice:
    """The same session read from two files (a ``.bws`` and its PBN): the same date and
    ``shared`` of the ``results`` results of the smaller, board and score alike."""

    source: str
    event: str
    other_source: str
    other_event: str
    shared: int
    results: int

    def message(self) -> Message:
        return _(
            "{source} ({event}) and {other} ({other_event}) hold the same session:"
            " the same date, and {shared} of {results} results alike; its pairs would count"
            " it twice",
            source=self.source,
            event=self.event,
            other=self.other_source,
            other_event=self.other_event,
            shared=self.shared,
            results=self.results,
        )

    def __str__(self) -> str:
        return str(self.message())


SAME_SESSION: Final = 0.9
"""The share of the smaller event's results (board and NS score) that the other must hold
too, on the same date, for two events to be one session read twice."""


@dataclass(frozen=True, slots=True)
class _Scored:
    """One event of a season, scored: the options, what they are, and its figures."""

    event: Event
    source: str
    options: ScoringOptions
    conventions: str
    result: EventResult | None
    agree: int | None = None
    figures: int | None = None
    stored: _Stored | None = None


@dataclass(frozen=True, slots=True)
class _Stored:
    """What a season table says of an event it holds: the options it was scored with and
    why, how many of its file's figures agreed, its own file and each row's line there."""

    options: ScoringOptions | None = None
    conventions: str = ""
    source: str = ""
    lines: list[int | None] | None = None
    agreement: tuple[int | None, int | None] = (None, None)
    dd_tricks: list[int | None] | None = None


@dataclass(frozen=True, slots=True)
class Season:
    """A season read in one call (:func:`read_season`): every result
    (:data:`RESULTS_SCHEMA`), every standing (:data:`STANDINGS_SCHEMA`), the files left
    out and why, and the sessions read twice."""

    results: pl.DataFrame
    standings: pl.DataFrame
    skipped: tuple[Skipped, ...] = ()
    seen_twice: tuple[SeenTwice, ...] = ()

    def totals(self, *, by: By = "pair") -> pl.DataFrame:
        """:func:`season_totals` of the standings (sessions read twice counted once)."""
        return season_totals(self.standings.filter(pl.col("seen_twice").is_null()), by=by)

    def players(self) -> pl.DataFrame:
        """:func:`player_statistics` of the results (sessions read twice counted once)."""
        return player_statistics(self.results.filter(pl.col("seen_twice").is_null()))


def _paths(paths: Path_ | Iterable[Path_]) -> list[Path_]:
    if isinstance(paths, str | os.PathLike):
        return [paths]
    return list(paths)


def _event_name(event: Event, path: Path_) -> str:
    return event.name.strip() or Path(path).stem


_SEPARATORS: Final = (" & ", " and ", " / ", "/", " + ", " - ")
"""How a file writing a pair as one string joins its two players, most telling first;
a lone hyphen (``Lloyd-Dandavati``) is tried last."""


def split_pair(names: Sequence[str]) -> tuple[str, ...]:
    """A pair's players: as the file names them, or, where it writes the pair as one
    string, that string split at the one separator it holds (``Lloyd-Dandavati``,
    ``A Smith & B Jones``, ``X / Y``). A string with no separator, or a hyphen that
    may be a double-barrelled name (``Baker-Hall-Smith``: two hyphens), stays whole.

    >>> split_pair(["Lloyd-Dandavati"]), split_pair(["A Smith & B Jones"])
    (('Lloyd', 'Dandavati'), ('A Smith', 'B Jones'))
    >>> split_pair(["Ann Baker-Hall", "Bob Jones"]), split_pair(["Baker-Hall-Smith"])
    (('Ann Baker-Hall', 'Bob Jones'), ('Baker-Hall-Smith',))
    """
    kept = tuple(n.strip() for n in names if n.strip())
    if len(kept) != 1:
        return kept
    (text,) = kept
    for separator in _SEPARATORS:
        if text.count(separator) == 1:
            return tuple(part.strip() for part in text.split(separator))
    if text.count("-") == 1 and " " not in text:
        return tuple(part.strip() for part in text.split("-"))
    return kept


def _names(event: Event) -> dict[str, tuple[str, ...]]:
    return {
        p.id: split_pair(p.names) if p.kind == "pair" else tuple(n for n in p.names if n.strip())
        for p in event.participants
    }


def _pair_players(pair: str, names: dict[str, tuple[str, ...]]) -> list[str]:
    """A contestant's players: its own names, or (an individual's partnership ``7+27``)
    each player's."""
    if pair in names:
        return list(names[pair])
    if "+" in pair:
        found = [names.get(part, ()) for part in pair.split("+")]
        if all(found):
            return [name for each in found for name in each]
    return []


def load(path: Path_, *, laws: str = DEFAULT_LAW_SET) -> Event:
    """The event in ``path``, read by :func:`bridgescore.io.events.load_event` (by content)."""
    return load_event(path, laws=laws)


def scored(event: Event) -> EventResult:
    """``event`` scored as ``bridgescore event`` scores it: the options
    :func:`~bridgescore.events.scoring.options_for` chooses (the conventions of the
    program that wrote the file), then :func:`~bridgescore.events.scoring.score_with`."""
    return score_with(event, options_for(event).options)


def is_parquet(path: Path_) -> bool:
    """Whether ``path`` is a Parquet file: by its name (``.parquet``, ``.pq``) or its first
    bytes (``PAR1``; named otherwise, it is refused with a message saying to name it
    ``.parquet``, as ``bridgescore batch`` refuses it)."""
    if files.FORMATS.get(Path(path).suffix.lower()) == "parquet":
        return True
    try:
        with open(path, "rb") as handle:
            return handle.read(4) == b"PAR1"
    except OSError:  # load_event names what is wrong with the file
        return False


def events_in(path: Path_, *, laws: str = DEFAULT_LAW_SET) -> list[Event]:
    """The events in ``path``: one for a file ``load_event`` reads; a Parquet file of results
    rows gives one per value of its ``event`` column (one event when it has none)."""
    return [event for event, _options in _events_in(path, laws)]


def _events_in(path: Path_, laws: str) -> list[tuple[Event, _Stored | None]]:
    """The events in ``path``, each with the options a season table says it was scored
    with (``None``: none said)."""
    if is_parquet(path) or is_season_csv(path):
        return _parquet_events(path, laws)
    return [(load(path, laws=laws), None)]


SEASON_COLUMNS: Final = ("source", "event", "board")
"""The columns that make a CSV file a season table (:data:`RESULTS_SCHEMA` written as CSV,
read as a table), rather than the library's results file."""


def is_season_csv(path: Path_) -> bool:
    """Whether ``path`` is a season table written as CSV (its header names
    :data:`SEASON_COLUMNS`): read as a table, as a Parquet season is, since the results
    file's reader knows only its own columns."""
    try:
        with open(path, encoding="utf-8-sig", errors="replace") as handle:
            for line in handle:
                if line.strip() and not line.lstrip().startswith("#"):
                    header = {canonical(name) for name in line.strip().split(",")}
                    return set(SEASON_COLUMNS) <= header
    except OSError:  # load_event names what is wrong with the file
        return False
    return False


def load_table_event(path: Path_, *, laws: str = DEFAULT_LAW_SET, name: str | None = None) -> Event:
    """The one event of a table of results rows (Parquet, or a season table as CSV), as
    ``bridgescore event`` reads it: :func:`parquet_events`, with the figures the table
    carries (``ns_points``...: the library's, when :func:`read_results` wrote them) as the
    file's own published figures, for the self-check to prove the conventions by. A table
    of several events needs ``name`` (its ``event``); an unknown or missing name is an
    error listing the events."""
    found = events_in(path, laws=laws)
    if name is not None:
        found = [event for event in found if event.name == name]
    if len(found) == 1:
        return found[0]
    listed = ", ".join(repr(e.name) for e in events_in(path, laws=laws))
    raise files.BatchFileError(
        _("the table holds the events {events}; name one", events=listed)
        if name is None
        else _("no event {name!r} in the table; it holds {events}", name=name, events=listed),
        source=os.fspath(path),
    )


_ABOUT: Final = ("event", "kind", "program", "scoring")
"""What a Parquet file may say of itself in its key-value metadata (as a results CSV says
it in ``# key: value`` lines)."""


def _about(path: Path_) -> dict[str, str]:
    try:
        found = pl.read_parquet_metadata(os.fspath(path))
    except (pl.exceptions.PolarsError, OSError):  # pragma: no cover - files.read checked it
        return {}
    return {key: value.strip() for key, value in found.items() if key in _ABOUT and value.strip()}


def _as_text(frame: pl.DataFrame, name: str) -> pl.Series:
    """A column as the text a results file would hold: whole floats without ``.0``."""
    column = frame[name]
    if column.dtype.is_float():
        whole = column.is_finite() & (column == column.round(0))
        text = pl.select(
            pl.when(whole)
            .then(column.cast(pl.Int64, strict=False).cast(pl.String))
            .otherwise(column.cast(pl.String))
        ).to_series()
        return text.alias(name)
    if isinstance(column.dtype, pl.List):
        return column.cast(pl.List(pl.String)).list.join(" & ").alias(name)
    return column.cast(pl.String)


_EVENT_KEYS: Final = ("source", "event", "date")
"""The columns that tell a season table's events apart (two files may name their
events alike): each present one is part of the key."""

_EVENT_FACTS: Final = (
    "date",
    "program",
    "kind",
    "scoring",
    "options",
    "conventions",
    "source",
    "agree",
    "figures",
)
"""The columns a season table says its events' facts in (the first row of each event
says it for the event)."""


def parquet_events(path: Path_, *, laws: str = DEFAULT_LAW_SET) -> list[Event]:
    """The events of a Parquet file of results rows (``board``, ``ns``, ``ew``, ``contract``...:
    the results file's columns and aliases, :mod:`bridgescore.io.results`).

    The file is read with the batch engine's checks (:func:`bridgescore.batch.files.read`);
    each row is built by the library's one row kernel
    (:func:`bridgescore.io.results.read_row`), at its place ``FILE, result N`` (N its
    row in the file, from 1), and each event's rows are checked as a whole as any results
    file's are. A bad row is a :class:`~bridgescore.io.results.ResultsFileError` listing
    every problem, never a row passed over. The ``event`` column (with ``source`` and
    ``date``, when there: a season table of :func:`read_results`) splits the file into
    events (in order of first appearance); ``date``, ``program``, ``kind`` and ``scoring``
    columns say each event's (else the file's key-value metadata may say ``event``,
    ``kind``, ``program`` and ``scoring``); ``ns_players``, ``ew_players`` (lists, or text
    joined by `` & ``) name the players. Other columns are not read.
    """
    return [event for event, _options in _parquet_events(path, laws)]


def _column_text(frame: pl.DataFrame, names: Mapping[str, str], key: str) -> pl.Series | None:
    return _as_text(frame, names[key]).fill_null("") if key in names else None


def _parquet_events(path: Path_, laws: str) -> list[tuple[Event, _Stored | None]]:
    source = os.fspath(path)
    table = files.read(source)
    frame = table.frame
    found: list[tuple[Event, _Stored | None]] = []
    names = {canonical(name): name for name in frame.columns}
    seats = all(seat in names for seat in ("north", "east", "south", "west"))
    missing = [c for c in ("board", "ns", "ew") if c not in names and not (seats and c != "board")]
    if missing:
        raise files.BatchFileError(
            _(
                "no {columns} column: a Parquet file of results rows has the results"
                " file's columns (board, ns, ew, contract, declarer, result, score, adjusted...)",
                columns=", ".join(missing),
            ),
            source=source,
        )
    about = _about(path)
    both = tricks_beside(frame.columns)
    if both is not None:  # the result read as the result, the tricks checked against it
        names["result"] = both[0]
    used = [c for c in RESULTS_COLUMNS if c in names]
    text = pl.DataFrame([_as_text(frame, names[c]).alias(c) for c in used])
    given = None if both is None else _as_text(frame, both[1]).fill_null("")
    if given is not None:  # an empty result: the tricks
        stated = pl.col("result").fill_null("")
        text = text.with_columns(
            pl.when(stated != "").then(stated).otherwise(given).alias("result")
        )
    keys = [k for k in _EVENT_KEYS if k in names and ("event" in names)]
    if keys:
        key_text = pl.DataFrame([_as_text(frame, names[k]).fill_null("").alias(k) for k in keys])
        group_of = key_text.select(pl.concat_str(keys, separator="\x1f")).to_series()
        groups = group_of.unique(maintain_order=True).to_list()
    else:
        group_of, groups = None, [""]
    facts = {k: _column_text(frame, names, k) for k in _EVENT_FACTS}
    sections = _column_text(frame, names, "section")
    event_names = _column_text(frame, names, "event")
    players = {side: _column_text(frame, names, f"{side}_players") for side in ("ns", "ew")}
    for group in groups:
        where = (
            range(frame.height) if group_of is None else (group_of == group).arg_true().to_list()
        )
        first = where[0] if where else 0
        said = dict(about)
        for key, column in facts.items():
            if column is not None and where and column[first]:
                said[key] = column[first]
        name = event_names[first] if event_names is not None and where else about.get("event", "")
        teams = said.get("kind", "").lower() == EventKind.TEAMS.value
        rows: list[ResultRow] = []
        problems: list[Problem] = []
        named: dict[str, tuple[str, ...]] = {}
        for index in where:
            record = text.row(index, named=True)
            built = read_row(record, Location(source, entry=index + 1), laws)
            problems.extend(built.problems)
            if built.row is not None and given is not None:
                problems.extend(_tricks_problems(built.row, given[index], record))
            if built.row is not None and sections is not None and sections[index]:
                built = replace(built, row=_in_section(built.row, sections[index]))
            if built.row is not None:
                rows.append(built.row)
                _note_names(built.row, index, players, named)
        problems.extend(check_rows(rows, laws, teams=teams))
        errors = [p for p in problems if p.severity is Severity.ERROR]
        if errors:
            raise ResultsFileError(errors)
        told = (("event", name), *((k, v) for k, v in said.items() if k in _ABOUT[1:]))
        results = EventResults(
            tuple(rows), tuple(problems), name=name, source=source, teams=teams, about=told
        )
        kind = _kind(results, said.get("kind", ""))
        who = {EventKind.TEAMS: "team", EventKind.INDIVIDUAL: "player"}.get(kind, "pair")
        participants = tuple(Participant(i, n, who) for i, n in named.items())
        if kind is EventKind.INDIVIDUAL and not participants:
            participants = _seated(rows)
        event = Event(
            results,
            name=name,
            date=said.get("date", ""),
            kind=kind,
            scoring=Scoring.parse(said.get("scoring", "") or ("imps" if teams else "mp")),
            program=said.get("program", ""),
            participants=participants,
            published=() if teams else _published(frame, names, where),
        )
        stored = _Stored(
            _stored_options(said.get("options", ""), source),
            said.get("conventions", ""),
            said.get("source", "") if "source" in names else "",
            _whole_numbers(frame, names, "line", where),
            (_count(said.get("agree", "")), _count(said.get("figures", ""))),
            _whole_numbers(frame, names, "dd_tricks", where),
        )
        found.append((event, stored))
    return found


_FIGURES: Final = ("ns_points", "ew_points", "ns_percent", "ew_percent")
"""A season table's figures for each row, kept as the table's own published figures."""


def _published(
    frame: pl.DataFrame, names: Mapping[str, str], where: Sequence[int]
) -> tuple[Published | None, ...]:
    """The figures a table carries for each of an event's rows (``()``: none)."""
    if not any(key in names for key in _FIGURES):
        return ()
    columns = [
        frame[names[key]].gather(list(where)).cast(pl.Float64, strict=False).to_list()
        if key in names
        else [None] * len(where)
        for key in _FIGURES
    ]
    return tuple(
        None if all(v is None for v in values) else Published(*values)
        for values in zip(*columns, strict=True)
    )


def _whole_numbers(
    frame: pl.DataFrame, names: Mapping[str, str], key: str, where: Sequence[int]
) -> list[int | None] | None:
    """A season table's column of whole numbers for one event's rows (``None``: no column)."""
    if key not in names:
        return None
    column = frame[names[key]].gather(list(where)).cast(pl.Int64, strict=False)
    return [None if v is None else int(v) for v in column.to_list()]


def _count(text: str) -> int | None:
    return int(text) if text.strip().isdigit() else None


_ROW_FIELDS: Final = frozenset(f.name for f in fields(ResultRow))


def _in_section(row: ResultRow, section: str) -> ResultRow:
    """``row`` in the section a table's ``section`` column names, where the model keeps a
    row's section (:attr:`bridgescore.events.model.ResultRow.section`)."""
    if "section" not in _ROW_FIELDS:
        return row
    changes: dict[str, Any] = {"section": section}
    return replace(row, **changes)


def _tricks_problems(row: ResultRow, given: str, record: Mapping[str, object]) -> list[Problem]:
    """A ``tricks`` column beside ``result``: the row's result must make the tricks said."""
    made = None if row.result is None else row.result.tricks
    try:
        said = int(float(given)) if given.strip() else None
    except ValueError:
        said = -1
    if made is None or said is None or said == made:
        return []
    message = _(
        "result {result} makes {made} tricks, but the tricks column says {given}",
        result=repr(str(record.get("result", ""))),
        made=made,
        given=given,
    )
    return [Problem(row.where.at(board=row.board), MarkedText(message))]


def _note_names(
    row: ResultRow,
    index: int,
    players: Mapping[str, pl.Series | None],
    named: dict[str, tuple[str, ...]],
) -> None:
    """The players a season table names for a row's contestants (an individual's: each
    seat's player, from its side's two names)."""
    for side, contestant in (("ns", row.ns), ("ew", row.ew)):
        column = players[side]
        if column is None or not column[index]:
            continue
        said = tuple(n.strip() for n in column[index].split(" & "))
        if row.players is None:
            named.setdefault(contestant, tuple(n for n in said if n))
        elif len(said) == 2:
            north, east, south, west = row.players
            seated = (north, south) if side == "ns" else (east, west)
            for player, name in zip(seated, said, strict=True):
                if name:
                    named.setdefault(player, (name,))


def _stored_options(text: str, source: str) -> ScoringOptions | None:
    """The options a season table says an event was scored with (its ``options`` JSON)."""
    if not text:
        return None
    try:
        said = json.loads(text)
        return ScoringOptions(**{k: v for k, v in said.items() if k in _OPTION_FIELDS})
    except (ValueError, TypeError, BridgeError) as error:
        raise files.BatchFileError(
            _("the options column: {error}", error=str(error)), source=source
        ) from None


_OPTION_FIELDS: Final = frozenset(f.name for f in fields(ScoringOptions))


def _kind(results: EventResults, said: str) -> EventKind:
    """Who competes, as :func:`bridgescore.io.events.load_event` decides it for a CSV file."""
    if results.teams:
        return EventKind.TEAMS
    if said.lower() in {k.value for k in EventKind}:
        return EventKind.parse(said.lower())
    return EventKind.INDIVIDUAL if any(r.players for r in results.rows) else EventKind.PAIRS


def _seated(rows: Sequence[ResultRow]) -> tuple[Participant, ...]:
    """An individual's players, by the ids the rows seat (no names: the file gives none)."""
    seen = dict.fromkeys(p for r in rows if r.players for p in r.players)
    return tuple(Participant(p, (), "player") for p in seen)


def _blank() -> dict[str, object]:
    return dict.fromkeys(STANDINGS_SCHEMA.names())


def standings_of(event: Event, result: EventResult, path: Path_) -> pl.DataFrame:
    """One event's ranking as rows of :data:`STANDINGS_SCHEMA` (the library's figures as
    they are)."""
    names = _names(event)
    head = {
        **_blank(),
        "event": _event_name(event, path),
        "date": event.date,
        "source": os.fspath(path),
        "kind": event.kind,
    }
    rows: list[dict[str, object]] = []
    if isinstance(result, TeamsResult):
        imps = result.scoring is Scoring.IMPS
        for team in result.standings:
            players = _pair_players(team.team, names)
            rows.append(
                {
                    **head,
                    "kind": EventKind.TEAMS.value,
                    "scoring": str(result.scoring.value),
                    "field": "all",
                    "place": team.place,
                    "team": team.team,
                    "players": players,
                    "names": " & ".join(players),
                    "total": team.vp,
                    "vp": team.vp if imps else None,
                    "points_for": team.points_for,
                    "points_against": team.points_against,
                    "matches": team.matches,
                }
            )
    elif isinstance(result, IndividualResult):
        for player in result.standings:
            players = _pair_players(player.player, names)
            rows.append(
                {
                    **head,
                    "kind": EventKind.INDIVIDUAL.value,
                    "scoring": str(result.pairs.scoring.value),
                    "field": "all",
                    "place": player.place,
                    "player": player.player,
                    "players": players,
                    "names": " & ".join(players),
                    "total": player.total,
                    "percent": player.percent,
                    "boards": player.boards,
                }
            )
    else:
        for standing in result.standings:
            players = _pair_players(standing.pair, names)
            rows.append(
                {
                    **head,
                    "scoring": str(result.scoring.value),
                    "field": standing.field,
                    "place": standing.place,
                    "pair": standing.pair,
                    "players": players,
                    "names": " & ".join(players),
                    "total": standing.total,
                    "percent": standing.percent,
                    "boards": standing.boards,
                }
            )
    return pl.DataFrame(rows, schema=STANDINGS_SCHEMA)


def _fast_standings(event: Event, path: Path_) -> pl.DataFrame:
    """The vectorised path: each board's played results matchpointed, a pair's percentage
    the mean of its boards' (adjusted scores left out, no Neuberg scaling)."""
    if event.kind != "pairs" or event.results.teams or event.scoring not in ("mp", ""):
        raise BatchInputError(
            _(
                "{path}: the fast path matchpoints pairs events only (this is a {kind} event"
                " scored {scoring}); read it without fast",
                path=os.fspath(path),
                kind=event.kind,
                scoring=event.scoring or "mp",
            )
        )
    played = [
        row for row in event.results.rows if row.adjusted is None and row.ns_score is not None
    ]
    if not played:
        return pl.DataFrame(schema=STANDINGS_SCHEMA)
    board = np.array([row.board for row in played], np.int64)
    ns = np.array([row.ns_score for row in played], np.int64)
    boards = Boards(board, ns)
    frame = pl.concat(
        [
            pl.DataFrame(
                {
                    "pair": [row.ns for row in played],
                    "side": "NS",
                    "points": boards.matchpoints(Scale.EUROPEAN.value),
                    "pct": boards.percentages(),
                }
            ),
            pl.DataFrame(
                {
                    "pair": [row.ew for row in played],
                    "side": "EW",
                    "points": boards.ew_matchpoints(Scale.EUROPEAN.value),
                    "pct": boards.ew_percentages(),
                }
            ),
        ]
    )
    two = field_kind(event.results.rows, "auto") == "two"
    frame = frame.with_columns(field=pl.col("side") if two else pl.lit("all"))
    totals = (
        frame.group_by("field", "pair", maintain_order=True)
        .agg(
            total=pl.col("points").sum(),
            percent=pl.col("pct").mean().round(2),
            boards=pl.len().cast(pl.Int64),
        )
        .sort(["field", "percent", "pair"], descending=[two, True, False])
    )
    place = places(totals["percent"].to_numpy(), totals["field"].to_numpy())
    names = _names(event)
    players = [_pair_players(pair, names) for pair in totals["pair"].to_list()]
    given = pl.DataFrame(
        {
            "event": _event_name(event, path),
            "date": event.date,
            "source": os.fspath(path),
            "kind": event.kind,
            "scoring": "mp",
            "field": totals["field"],
            "place": pl.Series(place.tolist(), dtype=pl.String),
            "pair": totals["pair"],
            "players": pl.Series(players, dtype=pl.List(pl.String)),
            "names": [" & ".join(p) for p in players],
            "total": totals["total"],
            "percent": totals["percent"],
            "boards": totals["boards"],
        }
    )
    # a pair has no team, player or team figures
    return given.select(
        pl.col(name) if name in given.columns else pl.lit(None, dtype).alias(name)
        for name, dtype in STANDINGS_SCHEMA.items()
    ).cast(STANDINGS_SCHEMA)


def read_season(
    paths: Path_ | Iterable[Path_],
    *,
    laws: str = DEFAULT_LAW_SET,
    options: OptionsRequest = None,
    on_error: OnError = "raise",
    fast: bool = False,
    analyse: bool = False,
    jobs: int | None = None,
) -> Season:
    """A season of event files in one call: every result and every standing, each file
    scored with the options ``options`` gives it (:data:`OptionsRequest`; by default its
    program's conventions), the files that could not be read or scored (``on_error``,
    :data:`OnError`), and the sessions read twice (:class:`SeenTwice`: flagged in the
    ``seen_twice`` column and by a :class:`SeasonWarning`, and counted once by
    :meth:`Season.totals` and :meth:`Season.players`).

    ``fast=True`` works out a matchpoint pairs event's standings with the vectorised
    engine (see the module); any other event is scored by the library. ``analyse=True``
    has the solver analyse the deals of an event whose file has deals but no analysis
    (the ``dd`` extra), for the ``dd_tricks`` column. ``jobs``: the files are read and
    scored by that many worker processes (a request that cannot be sent to one, such as
    a lambda, is read in this process).
    """
    policy = _check_on_error(on_error)
    files_in = _paths(paths)
    parts: list[_Read]
    if jobs is not None and jobs > 1 and len(files_in) > 1 and _picklable(options):
        parts = _in_parallel(files_in, laws, options, policy, fast, analyse, jobs)
    else:
        parts = [_read_file(path, laws, options, policy, fast, analyse) for path in files_in]
    prints = [summary for part in parts for summary in part.events]
    results = [frame for part in parts for frame in part.results]
    standings = [frame for part in parts for frame in part.standings]
    skipped = [each for part in parts for each in part.skipped]
    twice = _seen_twice(prints)
    for each in (*skipped, *twice):
        warnings.warn(SeasonWarning(str(each)), stacklevel=3)
    flagged = {(t.source, t.event): t.other_source for t in twice}
    for index, (source, name, _date, _print) in enumerate(prints):
        other = flagged.get((source, name))
        if other is not None:
            results[index] = results[index].with_columns(seen_twice=pl.lit(other))
            standings[index] = standings[index].with_columns(seen_twice=pl.lit(other))
    return Season(
        pl.concat(results) if results else pl.DataFrame(schema=RESULTS_SCHEMA),
        pl.concat(standings) if standings else pl.DataFrame(schema=STANDINGS_SCHEMA),
        tuple(skipped),
        twice,
    )


_Print: TypeAlias = tuple[str, str, str, Counter[tuple[int, int]]]
"""An event's source, name, date and results (board and NS score, counted), to tell a
session read twice by."""


@dataclass(frozen=True, slots=True)
class _Read:
    """One file's part of a season: each event's results and standings, each event's
    print, and the events left out (``failed``: one stopped the season)."""

    results: list[pl.DataFrame]
    standings: list[pl.DataFrame]
    events: list[_Print]
    skipped: list[Skipped]
    failed: bool = False


def _read_file(
    path: Path_,
    laws: str,
    options: OptionsRequest,
    policy: OnError,
    fast: bool,
    analyse: bool,
) -> _Read:
    """One file of a season read and scored (an error raised, or said in ``skipped``)."""
    source = os.fspath(path)
    read = _Read([], [], [], [])
    try:
        found = _events_in(path, laws)
    except (BridgeError, OSError) as error:
        if policy == "raise":
            raise
        read.skipped.append(Skipped(source, _reason(error)))
        return read
    for event, stored in found:
        try:
            one = _score_one(event, path, options, stored, fast=fast)
        except BridgeError as error:
            if policy == "raise":
                raise
            said = stored.source if stored is not None and stored.source else source
            where = said if len(found) == 1 else f"{said} ({_event_name(event, path)})"
            read.skipped.append(Skipped(where, _reason(error)))
            continue
        read.results.append(_results_frame(one, None, analyse=analyse))
        read.standings.append(_standings_frame(one, None))
        name = _event_name(one.event, one.source)
        read.events.append((one.source, name, one.event.date.strip(), _fingerprint(one.event)))
    return read


def _read_in_worker(
    path: Path_,
    laws: str,
    options: OptionsRequest,
    policy: OnError,
    fast: bool,
    analyse: bool,
) -> _Read:
    """:func:`_read_file` in a worker process: an error that stops the season is raised
    again where the season is read (``failed``), so that it is the library's own."""
    try:
        return _read_file(path, laws, options, policy, fast, analyse)
    except (BridgeError, OSError):
        return _Read([], [], [], [], failed=True)


def _size(path: Path_) -> int:
    try:
        return os.path.getsize(path)
    except OSError:  # the worker names what is wrong with the file
        return 0


def _picklable(options: OptionsRequest) -> bool:
    """Whether the request can go to a worker process (a lambda cannot)."""
    try:
        pickle.dumps(options)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True


def _in_parallel(
    paths: Sequence[Path_],
    laws: str,
    options: OptionsRequest,
    policy: OnError,
    fast: bool,
    analyse: bool,
    jobs: int,
) -> list[_Read]:
    """The files read and scored by ``jobs`` worker processes, in the order given (the
    largest files sent first, so that no worker is left with a long one at the end).
    The workers start from a server process that has imported the library once."""
    context = multiprocessing.get_context("forkserver")  # no fork of a running Polars
    context.set_forkserver_preload([__name__])
    order = sorted(range(len(paths)), key=lambda i: -_size(paths[i]))
    found: dict[int, _Read] = {}
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = {
            i: pool.submit(_read_in_worker, paths[i], laws, options, policy, fast, analyse)
            for i in order
        }
        for i, future in futures.items():
            found[i] = future.result()
    parts = [found[i] for i in range(len(paths))]
    return [
        _read_file(path, laws, options, policy, fast, analyse) if part.failed else part
        for path, part in zip(paths, parts, strict=True)
    ]


def _check_on_error(on_error: str) -> OnError:
    if on_error == "raise":
        return "raise"
    if on_error == "skip":
        return "skip"
    raise BatchInputError(
        _(
            "on_error={on_error!r}: say 'raise' (a bad file stops the season) or 'skip'"
            " (it is left out and reported)",
            on_error=on_error,
        )
    )


def _reason(error: BaseException) -> Message:
    if isinstance(error, BridgeError):
        return error.message
    return _("cannot read it: {error}", error=str(error))


def _asked(request: OptionsRequest, event: Event, path: Path_) -> ScoringOptions | None:
    if request is None or isinstance(request, ScoringOptions):
        return request
    if isinstance(request, Mapping):
        wanted = Path(path).resolve()
        for key, value in request.items():
            if key == os.fspath(path) or Path(key).resolve() == wanted:
                return value
        return None
    return request(event)


def _score_one(
    event: Event,
    path: Path_,
    request: OptionsRequest,
    stored: _Stored | None,
    *,
    fast: bool = False,
) -> _Scored:
    """One event scored with the options asked, else those it was scored with before,
    else its program's conventions."""
    source = stored.source if stored is not None and stored.source else os.fspath(path)
    asked = _asked(request, event, path)
    if stored is not None and stored.options is not None and asked is None:
        told = stored.conventions or _shown(stored.options)
        if _fast(event, stored.options, fast):
            return _Scored(event, source, stored.options, told, None, *stored.agreement, stored)
        result = score_with(event, stored.options)
        return _Scored(event, source, stored.options, told, result, *stored.agreement, stored)
    if asked is not None and _fast(event, asked, fast):
        said = _("as the season's request says: {options}", options=_shown(asked))
        return _Scored(event, source, asked, said.render(None), None)
    if asked is None and fast and _fast(event, options_for(event).options, fast):
        chosen = options_for(event)
        return _Scored(event, source, chosen.options, chosen.describe(), None)
    found = checked(event, options=asked)
    compared = found.comparison
    agree = (compared.agree, compared.total) if compared.total else (None, None)
    if asked is None:
        conventions = found.describe()
    else:
        conventions = _(
            "as the season's request says: {options}; {checked}",
            options=_shown(asked),
            checked=_agreement(compared.agree, compared.total),
        ).render(None)
    return _Scored(event, source, found.options, conventions, found.result, *agree)


def _agreement(agree: int, total: int) -> Message:
    if not total:
        return _("the file carries no figures of its own to check them against")
    return _("the file's own figures: {agree} of {total} agree", agree=agree, total=total)


def _fast(event: Event, options: ScoringOptions, fast: bool) -> bool:
    """Whether the fast path scores ``event``: asked for, and a matchpoint pairs event."""
    return fast and kind_of(event) is EventKind.PAIRS and options.scoring is Scoring.MATCHPOINTS


def _shown(options: ScoringOptions) -> str:
    return ", ".join(f"{key} {value}" for key, value in options.as_dict().items())


def _fingerprint(event: Event) -> Counter[tuple[int, int]]:
    return Counter((r.board, r.ns_score) for r in event.results.rows if r.ns_score is not None)


def _seen_twice(prints: Sequence[_Print]) -> tuple[SeenTwice, ...]:
    """Each event that holds a session an earlier one holds already: the same date, and
    at least :data:`SAME_SESSION` of the smaller's results (board and NS score) in the
    other."""
    by_date: dict[str, list[int]] = {}
    for index, (_source, _name, date, _print) in enumerate(prints):
        if date:
            by_date.setdefault(date, []).append(index)
    found: list[SeenTwice] = []
    for indexes in by_date.values():
        for later_at, later in enumerate(indexes):
            for earlier in indexes[:later_at]:
                a, b = prints[earlier][3], prints[later][3]
                smaller = min(a.total(), b.total())
                shared = (a & b).total()
                if smaller and shared >= SAME_SESSION * smaller:
                    source, name = prints[later][:2]
                    other, other_name = prints[earlier][:2]
                    found.append(SeenTwice(source, name, other, other_name, shared, smaller))
                    break
    return tuple(found)


def _facts(one: _Scored, again: str | None) -> dict[str, object]:
    """What a season's rows say of their event besides its figures."""
    return {
        "program": one.event.program,
        "conventions": one.conventions,
        "options": json.dumps(one.options.as_dict()),
        "agree": one.agree,
        "figures": one.figures,
        "seen_twice": again,
    }


def _results_frame(one: _Scored, again: str | None, *, analyse: bool = False) -> pl.DataFrame:
    event = one.event
    if analyse and event.hands and not event.analyses:
        event = analysed(event).event
    frame = results_of(event, one.result, one.source)
    if one.result is None:
        frame = _fast_results(frame)
    facts = _facts(one, again)
    frame = frame.with_columns(
        pl.lit(value, RESULTS_SCHEMA[name]).alias(name) for name, value in facts.items()
    )
    stored = one.stored
    if stored is not None and stored.lines is not None:
        frame = frame.with_columns(line=pl.Series(stored.lines, dtype=pl.Int64))
    if stored is not None and stored.dd_tricks is not None and not event.analyses:
        frame = frame.with_columns(dd_tricks=pl.Series(stored.dd_tricks, dtype=pl.Int64))
    return frame


def _fast_results(frame: pl.DataFrame) -> pl.DataFrame:
    """A matchpoint pairs event's figures by the vectorised engine (played results only)."""
    boards = Boards(frame["board"].to_numpy(), frame["ns_score"].to_numpy(), on_invalid="null")
    return frame.with_columns(
        ns_points=pl.Series(boards.matchpoints(), nan_to_null=True),
        ew_points=pl.Series(boards.ew_matchpoints(), nan_to_null=True),
        ns_percent=pl.Series(boards.percentages(), nan_to_null=True),
        ew_percent=pl.Series(boards.ew_percentages(), nan_to_null=True),
    )


def _standings_frame(one: _Scored, again: str | None) -> pl.DataFrame:
    if one.result is None:
        frame = _fast_standings(one.event, one.source)
    else:
        frame = standings_of(one.event, one.result, one.source)
    facts = _facts(one, again)
    del facts["options"]
    return frame.with_columns(
        pl.lit(value, STANDINGS_SCHEMA[name]).alias(name) for name, value in facts.items()
    )


def read_events(
    paths: Path_ | Iterable[Path_],
    *,
    laws: str = DEFAULT_LAW_SET,
    fast: bool = False,
    options: OptionsRequest = None,
    on_error: OnError = "raise",
    jobs: int | None = None,
) -> pl.DataFrame:
    """Every event in ``paths`` scored as ``bridgescore event`` scores it (or with the
    ``options`` asked: :data:`OptionsRequest`) and its standings flattened into one frame
    (:data:`STANDINGS_SCHEMA`), file after file in the order given: :func:`read_season`'s
    ``standings``.

    A file the library cannot read or score is an error naming the file (the
    library's own message); with ``on_error="skip"`` it is left out and said in a
    :class:`SeasonWarning`, never passed over in silence. ``fast=True``: the
    vectorised path for matchpoint pairs events, which leaves adjusted scores out (see
    the module); other events are scored by the library.
    """
    season = read_season(paths, laws=laws, fast=fast, options=options, on_error=on_error, jobs=jobs)
    return season.standings


Figures = tuple[float | None, float | None, float | None, float | None]
"""A result's (NS points, EW points, NS percent, EW percent)."""


def _line_rows(result: EventResult) -> dict[int, Figures]:
    """The library's figures per result row (by the row's identity), where it has them:
    a traveller's line; in a teams match, what each side's team won on the board (IMPs
    or board-a-match points; no percentages)."""
    found: dict[int, Figures] = {}
    if isinstance(result, TeamsResult):
        imps = result.scoring is Scoring.IMPS
        for match in result.matches:
            if not match.boards:
                continue
            # board-a-match: a board's swing is the first team's points, and every board
            # shares the same points (2, or 1) between the two teams
            share = (match.first_points + match.second_points) / len(match.boards)
            for board in match.boards:
                first = board.swing
                second = (board.second_swing if imps else share - first) + 0.0  # not -0.0
                found[id(board.first_ns)] = (first, second, None, None)
                found[id(board.second_ns)] = (second, first, None, None)
        return found
    pairs = result.pairs if isinstance(result, IndividualResult) else result
    for traveller in pairs.travellers:
        for line in traveller.lines:
            found[id(line.row)] = (line.ns_points, line.ew_points, line.ns_percent, line.ew_percent)
    return found


def results_of(event: Event, result: EventResult | None, path: Path_) -> pl.DataFrame:
    """One event's result rows as :data:`RESULTS_SCHEMA`, with the library's figures for
    each side (none when ``result`` is ``None``: the fast path adds its own)."""
    names = _names(event)
    figures = {} if result is None else _line_rows(result)
    empty: Figures = (None, None, None, None)
    rows = [
        _result_row(row, names, figures.get(id(row), empty), event.analyses)
        for row in event.results.rows
    ]
    columns = list(zip(*rows, strict=True)) if rows else [() for _name in RESULTS_SCHEMA]
    frame = pl.DataFrame(
        {
            name: pl.Series(name, values, dtype=dtype)
            for (name, dtype), values in zip(RESULTS_SCHEMA.items(), columns, strict=True)
        }
    )
    return frame.with_columns(
        event=pl.lit(_event_name(event, path)),
        date=pl.lit(event.date),
        source=pl.lit(os.fspath(path)),
        program=pl.lit(event.program),
        kind=pl.lit(str(kind_of(event).value)),
        scoring=pl.lit(str(event.scoring.value)),
    )


def _played(row: ResultRow) -> tuple[str | None, str | None, int | None]:
    """(contract, declarer, tricks) as the results file writes them."""
    if row.result is None or row.adjusted is not None:
        return None, None, None
    contract = row.result.contract
    if isinstance(contract, PassedOut):
        return ENGLISH.passed, None, None
    declarer = None if row.result.declarer is None else ENGLISH.seat(row.result.declarer)
    return ENGLISH.contract(contract, symbols=False, declarer=False), declarer, row.result.tricks


def _dd_tricks(row: ResultRow, analyses: Mapping[int, Analysis]) -> int | None:
    """The tricks the row's declarer takes double dummy in its strain, where known."""
    found = analyses.get(row.board)
    if found is None or found.tricks is None or row.result is None or row.adjusted is not None:
        return None
    contract = row.result.contract
    if not isinstance(contract, Contract) or row.result.declarer is None:
        return None
    return found.tricks.of(row.result.declarer, contract.strain)


def _section(row: ResultRow) -> str | None:
    """The row's section, where the model has sections (:mod:`bridgescore.events.model`)."""
    found = getattr(row, "section", None)
    return None if found in (None, "") else str(found)


def _side_players(row: ResultRow, side: str, names: dict[str, tuple[str, ...]]) -> list[str]:
    """The players of a row's side: its pair's (or team's), or an individual's two seats'
    (each seat's one name, ``""`` for a player the file does not name)."""
    if row.players is None:
        return _pair_players(row.ns if side == "ns" else row.ew, names)
    north, east, south, west = row.players
    seated = (north, south) if side == "ns" else (east, west)
    return [" ".join(names.get(player, ())) for player in seated]


def _result_row(
    row: ResultRow,
    names: dict[str, tuple[str, ...]],
    figures: Sequence[float | None],
    analyses: Mapping[int, Analysis],
) -> tuple[object, ...]:
    contract, declarer, tricks = _played(row)
    seats = row.players or (None, None, None, None)
    return (
        "",
        _section(row),
        "",
        "",
        "",
        "",
        "",
        None,
        None,
        None,
        None,
        None,
        row.where.line,
        row.board,
        row.round,
        row.table,
        row.ns,
        row.ew,
        *seats,
        _side_players(row, "ns", names),
        _side_players(row, "ew", names),
        str(row.vulnerability),
        contract,
        declarer,
        tricks,
        None if row.lead is None else lead_text(row.lead),
        row.ns_score,
        None if row.adjusted is None else str(row.adjusted),
        *figures,
        _dd_tricks(row, analyses),
    )


def read_results(
    paths: Path_ | Iterable[Path_],
    *,
    laws: str = DEFAULT_LAW_SET,
    options: OptionsRequest = None,
    on_error: OnError = "raise",
    analyse: bool = False,
    jobs: int | None = None,
) -> pl.DataFrame:
    """Every result of every event in ``paths`` (:data:`RESULTS_SCHEMA`): the rows the
    library reads, in file order, each with the library's figures for both sides: a
    pairs or individual event's traveller line (adjusted scores and Neuberg scaling
    included), a teams event's IMPs (or board-a-match points) won by the team sitting
    that side on that board: :func:`read_season`'s ``results``.

    The table is a results file: written to Parquet (or CSV) it is read back by this
    function, ``bridgescore batch`` and ``bridgescore event`` as the same events, each
    scored with the options it was scored with here (its ``options`` column).
    """
    return read_season(
        paths, laws=laws, options=options, on_error=on_error, analyse=analyse, jobs=jobs
    ).results


def season_totals(frame: pl.DataFrame, *, by: By = "pair") -> pl.DataFrame:
    """Each partnership's (``by="pair"``) or player's (``by="player"``) totals over the
    events of a :func:`read_events` frame (:data:`TOTALS_SCHEMA`), one row per scoring.

    A partnership is its players' names in alphabetical order (``Ann Smith & Bob
    Jones``, whichever sat North), so the same two players are one row across events
    and files; a pair whose file names no players is its event and id
    (``Club night #3``). ``events`` counts the events, ``boards`` and ``total`` add
    up, ``percent`` is the mean of the events' percentages weighted by the boards
    played (null where the scoring has none), ``best`` the best event's percentage.
    Totals of different scorings (matchpoints, IMPs, VPs) are never added together; an
    event that is a session read a second time (``seen_twice``) is left out.
    """
    if by not in ("pair", "player"):
        raise BatchInputError(_("by={by!r}: totals are by 'pair' or by 'player'", by=by))
    missing = [c for c in STANDINGS_SCHEMA if c not in frame.columns]
    if missing:
        raise BatchInputError(
            _(
                "season_totals needs a read_events frame; no {columns} column",
                columns=", ".join(missing),
            )
        )
    if "seen_twice" in frame.columns:  # a session read a second time counts once
        frame = frame.filter(pl.col("seen_twice").is_null())
    work = frame.with_columns(
        _id=pl.concat_str(pl.col("source"), pl.col("event"), separator="\x1f"),
        _anonymous=pl.concat_str(pl.col("event"), pl.coalesce(*ID_COLUMNS), separator=" #"),
    )
    if by == "pair":
        work = work.with_columns(players=pl.col("players").list.sort())
        work = work.with_columns(
            key=pl.when(pl.col("players").list.len() > 0)
            .then(pl.col("players").list.join(" & "))
            .otherwise(pl.col("_anonymous"))
        )
    else:
        work = work.with_columns(
            players=pl.when(pl.col("players").list.len() > 0)
            .then(pl.col("players"))
            .otherwise(pl.concat_list(pl.col("_anonymous")))
        ).explode("players")
        work = work.with_columns(key=pl.col("players"), players=pl.concat_list(pl.col("players")))
    with_percent = pl.col("percent").is_not_null()
    counted = pl.col("boards").filter(with_percent).sum()
    totals = (
        work.group_by("key", "scoring", maintain_order=True)
        .agg(
            players=pl.col("players").first(),
            events=pl.col("_id").n_unique(),
            boards=pl.when(pl.col("boards").count() > 0).then(pl.col("boards").sum()),
            total=pl.col("total").sum(),
            percent=pl.when(counted > 0).then(
                (pl.col("percent") * pl.col("boards")).filter(with_percent).sum() / counted
            ),
            best=pl.col("percent").max(),
        )
        .sort(
            ["scoring", "percent", "total", "key"],
            descending=[False, True, True, False],
            nulls_last=True,
        )
    )
    return totals.select(TOTALS_SCHEMA.names()).cast(TOTALS_SCHEMA)


PLAYERS_SCHEMA: Final = pl.Schema(
    {
        "player": pl.String(),
        "events": pl.UInt32(),
        "boards": pl.UInt32(),
        "percent": pl.Float64(),
        "declared": pl.UInt32(),
        "tricks": pl.Float64(),
        "dd_tricks": pl.Float64(),
        "against_dd": pl.Float64(),
        "analysed": pl.UInt32(),
    }
)
"""The columns of :func:`player_statistics`: one row per player."""


def player_statistics(results: pl.DataFrame) -> pl.DataFrame:
    """Each player's season in one call, from a :func:`read_results` frame
    (:data:`PLAYERS_SCHEMA`): the events and boards played, the average percentage of
    those boards (matchpoints; null where the scoring has none), and, as declarer, the
    boards declared, the tricks taken on average and, on the boards whose deal is
    analysed (``dd_tricks``), the tricks against double dummy (``against_dd``: taken
    less double dummy's, averaged over ``analysed`` boards; 0 is par).

    A pair's file seldom says which of its two players sat North: a board its side
    declared counts as declared by both. An individual's rows say who sat where, and
    count for the declarer alone. A teams file names a team's players, not who sat at
    which table: each of them counts the team's boards. Players are their names (a pair
    the file writes as one string is split: :func:`split_pair`); a player with no name
    is left out.
    """
    missing = [
        c
        for c in ("ns_players", "ew_players", "declarer", "ns_percent")
        if c not in results.columns
    ]
    if missing:
        raise BatchInputError(
            _(
                "player_statistics needs a read_results frame; no {columns} column",
                columns=", ".join(missing),
            )
        )
    work = results.with_columns(
        _event=pl.concat_str(pl.col("source"), pl.col("event"), separator="\x1f"),
        _declared_side=pl.when(pl.col("declarer").is_in(["N", "S"]))
        .then(pl.lit("ns"))
        .when(pl.col("declarer").is_in(["E", "W"]))
        .then(pl.lit("ew")),
    )
    sides = []
    for side, (first, second) in (("ns", ("N", "S")), ("ew", ("E", "W"))):
        one = work.select(
            "_event",
            "board",
            "declarer",
            "tricks",
            "dd_tricks",
            player=pl.col(f"{side}_players"),
            _at=pl.int_ranges(pl.col(f"{side}_players").list.len()),
            percent=pl.col(f"{side}_percent"),
            declared=pl.col("_declared_side") == side,
            _seated=pl.col("north").is_not_null(),
        )
        sides.append(one.with_columns(_first=pl.lit(first), _second=pl.lit(second)))
    both = pl.concat(sides).with_row_index("_line")
    exploded = both.explode("player", "_at")
    exploded = exploded.filter(pl.col("player").is_not_null() & (pl.col("player") != ""))
    # an individual's row seats each player: the declarer is the one in the declarer's seat
    seat = pl.when(pl.col("_at") == 0).then(pl.col("_first")).otherwise(pl.col("_second"))
    exploded = exploded.with_columns(
        declared=pl.col("declared") & (~pl.col("_seated") | (seat == pl.col("declarer")))
    )
    declared = pl.col("declared").fill_null(False)
    analysed_rows = declared & pl.col("dd_tricks").is_not_null() & pl.col("tricks").is_not_null()
    totals = (
        exploded.group_by("player", maintain_order=True)
        .agg(
            events=pl.col("_event").n_unique(),
            boards=pl.col("_line").n_unique(),
            percent=pl.col("percent").mean(),
            declared=declared.sum(),
            tricks=pl.col("tricks").filter(declared).mean(),
            dd_tricks=pl.col("dd_tricks").filter(analysed_rows).mean(),
            against_dd=(pl.col("tricks") - pl.col("dd_tricks")).filter(analysed_rows).mean(),
            analysed=analysed_rows.sum(),
        )
        .sort(["boards", "player"], descending=[True, False])
    )
    return totals.select(PLAYERS_SCHEMA.names()).cast(PLAYERS_SCHEMA)


__all__ = [
    "ID_COLUMNS",
    "PLAYERS_SCHEMA",
    "RESULTS_SCHEMA",
    "SAME_SESSION",
    "STANDINGS_SCHEMA",
    "TOTALS_SCHEMA",
    "OnError",
    "OptionsRequest",
    "Season",
    "SeasonWarning",
    "SeenTwice",
    "Skipped",
    "events_in",
    "is_parquet",
    "is_season_csv",
    "load",
    "load_table_event",
    "parquet_events",
    "player_statistics",
    "read_events",
    "read_results",
    "read_season",
    "results_of",
    "scored",
    "season_totals",
    "split_pair",
    "standings_of",
]
