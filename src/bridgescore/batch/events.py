"""A season of event files as one Polars frame: the library's rankings, flattened.

The analyst's path: :func:`read_events` reads every file the library reads (PBN,
USEBIO, JSON, the results CSV, and whatever else
:func:`bridgescore.io.events.load_event` learns to read), recognised by content,
plus a Parquet file of results rows in the results file's column names; scores each
event as ``bridgescore event`` does (:func:`bridgescore.events.scoring.options_for`,
then :func:`~bridgescore.events.scoring.score_with`: the library's one scoring path,
with adjusted scores, Neuberg scaling of boards played fewer times, the conventions
of the program that wrote the file) and flattens its standings into one row per
pair, team or player and event. :func:`read_results` flattens the same events'
results into one row per result, with the library's figures for each side (a
team's: the IMPs, or board-a-match points, it won on that board). :func:`season_totals`
adds the events up per partnership or per player.

``fast=True`` is the vectorised path instead: the files are read the same way,
but each board's *played* results are matchpointed by
:mod:`bridgescore.batch.compare`, and a pair's percentage is the mean of its
boards'. It leaves adjusted scores out and does not scale boards played fewer
times, so its figures differ from the library's on any event that has either; it
scores matchpoint pairs events only.

>>> from pathlib import Path
>>> season = read_events([Path("examples/pairs-mitchell.csv")])
>>> season.select("field", "place", "pair", "total", "percent").row(0)
('NS', '1', '2', 47.8, 59.75)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final, Literal

import numpy as np
import polars as pl

from bridgescore.batch import files
from bridgescore.batch._checks import BatchInputError
from bridgescore.batch.columns import canonical
from bridgescore.batch.compare import Boards, places
from bridgescore.duplicate.matchpoints import Scale
from bridgescore.errors import marked as _
from bridgescore.events.individual import IndividualResult
from bridgescore.events.model import (
    Event,
    EventResults,
    Location,
    Participant,
    Problem,
    ResultRow,
    Severity,
    check_rows,
)
from bridgescore.events.pairs import field_kind
from bridgescore.events.scoring import EventResult, options_for, score_with
from bridgescore.events.teams import TeamsResult
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.io.events import load_event
from bridgescore.io.results import COLUMNS as RESULTS_COLUMNS
from bridgescore.io.results import ResultsFileError, read_row
from bridgescore.laws.lawsets import DEFAULT_LAW_SET

Path_ = str | os.PathLike[str]

STANDINGS_SCHEMA: Final = pl.Schema(
    {
        "event": pl.String(),
        "date": pl.String(),
        "source": pl.String(),
        "kind": pl.String(),
        "scoring": pl.String(),
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
        "date": pl.String(),
        "source": pl.String(),
        "line": pl.Int64(),
        "board": pl.Int64(),
        "round": pl.Int64(),
        "table": pl.String(),
        "ns": pl.String(),
        "ew": pl.String(),
        "ns_players": pl.List(pl.String()),
        "ew_players": pl.List(pl.String()),
        "vulnerability": pl.String(),
        "result": pl.String(),
        "ns_score": pl.Int64(),
        "adjusted": pl.String(),
        "ns_points": pl.Float64(),
        "ew_points": pl.Float64(),
        "ns_percent": pl.Float64(),
        "ew_percent": pl.Float64(),
    }
)
"""The columns of :func:`read_results`: one row per result (a traveller's line)."""

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


def _paths(paths: Path_ | Iterable[Path_]) -> list[Path_]:
    if isinstance(paths, str | os.PathLike):
        return [paths]
    return list(paths)


def _event_name(event: Event, path: Path_) -> str:
    return event.name.strip() or Path(path).stem


def _names(event: Event) -> dict[str, tuple[str, ...]]:
    return {p.id: tuple(n for n in p.names if n.strip()) for p in event.participants}


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
    if is_parquet(path):
        return parquet_events(path, laws=laws)
    return [load(path, laws=laws)]


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
    return column.cast(pl.String)


def parquet_events(path: Path_, *, laws: str = DEFAULT_LAW_SET) -> list[Event]:
    """The events of a Parquet file of results rows (``board``, ``ns``, ``ew``, ``contract``...:
    the results file's columns and aliases, :mod:`bridgescore.io.results`).

    The file is read with the batch engine's checks (:func:`bridgescore.batch.files.read`);
    each row is built by the library's one row kernel
    (:func:`bridgescore.io.results.read_row`), at its place ``FILE, result N`` (N its
    row in the file, from 1), and each event's rows are checked as a whole as any results
    file's are. A bad row is a :class:`~bridgescore.io.results.ResultsFileError` listing
    every problem, never a row passed over. An ``event`` column splits the file into
    events (in order of first appearance); the file's key-value metadata may say
    ``event``, ``kind`` (``teams``: ``ns`` and ``ew`` name teams), ``program`` and
    ``scoring``. Other columns are not read.
    """
    source = os.fspath(path)
    table = files.read(source)
    frame = table.frame
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
    used = [c for c in RESULTS_COLUMNS if c in names]
    text = pl.DataFrame([_as_text(frame, names[c]).alias(c) for c in used])
    if "event" in names:
        keys = _as_text(frame, names["event"]).fill_null("")
        groups = keys.unique(maintain_order=True).to_list()
    else:
        keys, groups = None, [about.get("event", "")]
    teams = about.get("kind", "").lower() == EventKind.TEAMS.value
    found = []
    for group in groups:
        where = range(frame.height) if keys is None else (keys == group).arg_true().to_list()
        rows: list[ResultRow] = []
        problems: list[Problem] = []
        for index in where:
            record = text.row(index, named=True)
            built = read_row(record, Location(source, entry=index + 1), laws)
            problems.extend(built.problems)
            if built.row is not None:
                rows.append(built.row)
        problems.extend(check_rows(rows, laws, teams=teams))
        errors = [p for p in problems if p.severity is Severity.ERROR]
        if errors:
            raise ResultsFileError(errors)
        said = (("event", group), *((k, v) for k, v in about.items() if k != "event"))
        results = EventResults(
            tuple(rows), tuple(problems), name=group, source=source, teams=teams, about=said
        )
        kind = _kind(results, about.get("kind", ""))
        found.append(
            Event(
                results,
                name=group,
                kind=kind,
                scoring=Scoring.parse(about.get("scoring", "") or ("imps" if teams else "mp")),
                program=about.get("program", ""),
                participants=_seated(rows) if kind is EventKind.INDIVIDUAL else (),
            )
        )
    return found


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


def read_events(
    paths: Path_ | Iterable[Path_], *, laws: str = DEFAULT_LAW_SET, fast: bool = False
) -> pl.DataFrame:
    """Every event in ``paths`` scored as ``bridgescore event`` scores it (:func:`scored`)
    and its standings flattened into one frame (:data:`STANDINGS_SCHEMA`), file after
    file in the order given.

    A file the library cannot read or score is an error naming the file (the
    library's own message), never a file passed over. ``fast=True``: the vectorised
    path, which leaves adjusted scores out (see the module).
    """
    frames = []
    for path in _paths(paths):
        for event in events_in(path, laws=laws):
            if fast:
                frames.append(_fast_standings(event, path))
            else:
                frames.append(standings_of(event, scored(event), path))
    if not frames:
        return pl.DataFrame(schema=STANDINGS_SCHEMA)
    return pl.concat(frames)


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
    rows = [_result_row(row, names, figures.get(id(row), empty)) for row in event.results.rows]
    frame = pl.DataFrame(rows, schema=RESULTS_SCHEMA, orient="row")
    return frame.with_columns(
        event=pl.lit(_event_name(event, path)),
        date=pl.lit(event.date),
        source=pl.lit(os.fspath(path)),
    )


def _result_row(
    row: ResultRow, names: dict[str, tuple[str, ...]], figures: Sequence[float | None]
) -> tuple[object, ...]:
    return (
        "",
        "",
        "",
        row.where.line,
        row.board,
        row.round,
        row.table,
        row.ns,
        row.ew,
        _pair_players(row.ns, names),
        _pair_players(row.ew, names),
        str(row.vulnerability),
        row.describe(),
        row.ns_score,
        None if row.adjusted is None else str(row.adjusted),
        *figures,
    )


def read_results(paths: Path_ | Iterable[Path_], *, laws: str = DEFAULT_LAW_SET) -> pl.DataFrame:
    """Every result of every event in ``paths`` (:data:`RESULTS_SCHEMA`): the rows the
    library reads, in file order, each with the library's figures for both sides: a
    pairs or individual event's traveller line (adjusted scores and Neuberg scaling
    included), a teams event's IMPs (or board-a-match points) won by the team sitting
    that side on that board."""
    frames = []
    for path in _paths(paths):
        for event in events_in(path, laws=laws):
            frames.append(results_of(event, scored(event), path))
    if not frames:
        return pl.DataFrame(schema=RESULTS_SCHEMA)
    return pl.concat(frames)


def season_totals(frame: pl.DataFrame, *, by: By = "pair") -> pl.DataFrame:
    """Each partnership's (``by="pair"``) or player's (``by="player"``) totals over the
    events of a :func:`read_events` frame (:data:`TOTALS_SCHEMA`), one row per scoring.

    A partnership is its players' names in alphabetical order (``Ann Smith & Bob
    Jones``, whichever sat North), so the same two players are one row across events
    and files; a pair whose file names no players is its event and id
    (``Club night #3``). ``events`` counts the events, ``boards`` and ``total`` add
    up, ``percent`` is the mean of the events' percentages weighted by the boards
    played (null where the scoring has none), ``best`` the best event's percentage.
    Totals of different scorings (matchpoints, IMPs, VPs) are never added together.
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


__all__ = [
    "ID_COLUMNS",
    "RESULTS_SCHEMA",
    "STANDINGS_SCHEMA",
    "TOTALS_SCHEMA",
    "events_in",
    "is_parquet",
    "load",
    "parquet_events",
    "read_events",
    "read_results",
    "results_of",
    "scored",
    "season_totals",
    "standings_of",
]
