"""A season of event files as one Polars frame: the library's rankings, flattened.

The analyst's path: :func:`read_events` reads every file the library reads (PBN,
USEBIO, JSON, the results CSV, and whatever else
:func:`bridgescore.io.events.load_event` learns to read), recognised by content,
scores each event with :func:`bridgescore.events.scoring.score_event` (the
library's one scoring path: adjusted scores, Neuberg scaling of boards played fewer
times, the conventions of the program that wrote the file) and flattens its
standings into one row per pair (team, player) and event. :func:`read_results`
flattens the same events' travellers into one row per result, with the
library's figures for each side. :func:`season_totals` adds the events up per
partnership or per player.

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

from bridgescore.batch._checks import BatchInputError
from bridgescore.batch.compare import Boards, places
from bridgescore.duplicate.matchpoints import Scale
from bridgescore.events.individual import IndividualResult
from bridgescore.events.model import Event, ResultRow
from bridgescore.events.pairs import PairsResult, field_kind
from bridgescore.events.scoring import EventResult, score_event
from bridgescore.events.teams import TeamsResult
from bridgescore.io.events import load_event
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
        "players": pl.List(pl.String()),
        "names": pl.String(),
        "total": pl.Float64(),
        "percent": pl.Float64(),
        "boards": pl.Int64(),
    }
)
"""The columns of :func:`read_events`: one row per pair (team, player) and event."""

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


def standings_of(event: Event, result: EventResult, path: Path_) -> pl.DataFrame:
    """One event's ranking as rows of :data:`STANDINGS_SCHEMA` (the library's figures as
    they are)."""
    names = _names(event)
    head = {
        "event": _event_name(event, path),
        "date": event.date,
        "source": os.fspath(path),
        "kind": event.kind,
    }
    rows: list[dict[str, object]] = []
    if isinstance(result, TeamsResult):
        for team in result.standings:
            players = _pair_players(team.team, names)
            rows.append(
                {
                    **head,
                    "kind": "teams",
                    "scoring": str(result.scoring.value),
                    "field": "all",
                    "place": team.place,
                    "pair": team.team,
                    "players": players,
                    "names": " & ".join(players),
                    "total": team.vp,
                    "percent": None,
                    "boards": None,
                }
            )
    elif isinstance(result, IndividualResult):
        for player in result.standings:
            players = _pair_players(player.player, names)
            rows.append(
                {
                    **head,
                    "kind": "individual",
                    "scoring": str(result.pairs.scoring.value),
                    "field": "all",
                    "place": player.place,
                    "pair": player.player,
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
            f"{os.fspath(path)}: the fast path matchpoints pairs events only (this is a"
            f" {event.kind} event scored {event.scoring or 'mp'}); read it without fast"
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
    return pl.DataFrame(
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
        },
        schema=STANDINGS_SCHEMA,
    )


def read_events(
    paths: Path_ | Iterable[Path_], *, laws: str = DEFAULT_LAW_SET, fast: bool = False
) -> pl.DataFrame:
    """Every event in ``paths`` scored by the library and its standings flattened into one
    frame (:data:`STANDINGS_SCHEMA`), file after file in the order given.

    A file the library cannot read or score is an error naming the file (the
    library's own message), never a file passed over. ``fast=True``: the vectorised
    path, which leaves adjusted scores out (see the module).
    """
    frames = []
    for path in _paths(paths):
        event = load(path, laws=laws)
        if fast:
            frames.append(_fast_standings(event, path))
        else:
            frames.append(standings_of(event, score_event(event), path))
    if not frames:
        return pl.DataFrame(schema=STANDINGS_SCHEMA)
    return pl.concat(frames)


def _line_rows(event: Event, result: EventResult) -> dict[int, tuple[float | None, ...]]:
    """The library's figures per result row (by the row's identity), where it has them."""
    pairs: PairsResult | None
    if isinstance(result, IndividualResult):
        pairs = result.pairs
    elif isinstance(result, PairsResult):
        pairs = result
    else:
        pairs = None
    found: dict[int, tuple[float | None, ...]] = {}
    if pairs is None:
        return found
    for traveller in pairs.travellers:
        for line in traveller.lines:
            found[id(line.row)] = (line.ns_points, line.ew_points, line.ns_percent, line.ew_percent)
    return found


def results_of(event: Event, result: EventResult | None, path: Path_) -> pl.DataFrame:
    """One event's result rows as :data:`RESULTS_SCHEMA`, with the library's figures for
    each side (``None`` for a teams event, whose figures are its matches')."""
    names = _names(event)
    figures = {} if result is None else _line_rows(event, result)
    empty: tuple[float | None, ...] = (None, None, None, None)
    rows = []
    for row in event.results.rows:
        ns_points, ew_points, ns_percent, ew_percent = figures.get(id(row), empty)
        rows.append(_result_row(row, names, (ns_points, ew_points, ns_percent, ew_percent)))
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
    library reads, in file order, each with the library's points and percentage for both
    sides (its traveller's line, adjusted scores and Neuberg scaling included)."""
    frames = []
    for path in _paths(paths):
        event = load(path, laws=laws)
        frames.append(results_of(event, score_event(event), path))
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
        raise BatchInputError(f"by={by!r}: totals are by 'pair' or by 'player'")
    missing = [c for c in STANDINGS_SCHEMA if c not in frame.columns]
    if missing:
        raise BatchInputError(
            f"season_totals needs a read_events frame; no {', '.join(missing)} column"
        )
    work = frame.with_columns(
        _id=pl.concat_str(pl.col("source"), pl.col("event"), separator="\x1f"),
        _anonymous=pl.concat_str(pl.col("event"), pl.col("pair"), separator=" #"),
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
    "RESULTS_SCHEMA",
    "STANDINGS_SCHEMA",
    "TOTALS_SCHEMA",
    "load",
    "read_events",
    "read_results",
    "results_of",
    "season_totals",
    "standings_of",
]
