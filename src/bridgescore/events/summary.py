"""One plain-data shape per result, whichever command prints it (docs/events.md).

A pair's standing, a player's, a team's, a result line, a match and a score-card line each
have one function here; ``bridgescore pairs --json`` (:func:`pairs_summary`), ``teams
--json`` (:func:`teams_summary`) and ``event --json`` (:func:`event_summary`) are built
from them, so a pair's standing has the same keys in all three.

Every standing has ``place``, ``id`` (the pair, player or team as the file names it),
``names``, ``field``, ``total`` (matchpoints, IMPs or VPs) and ``percent`` (null where the
scoring has none), and the id again under its kind's own key (``pair``, ``player``,
``team``). Every result line has the table's board, round, table, pairs, result, NS score
and each side's points and percentage.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bridgescore.events.individual import IndividualResult, PlayerStanding
from bridgescore.events.model import Event, ResultRow
from bridgescore.events.pairs import CardLine, PairsResult, Standing
from bridgescore.events.section_files import ranked_by_section
from bridgescore.events.teams import Match, TeamsResult, TeamStanding

Names = Mapping[str, Sequence[str]]
"""Each participant's players' names, by id."""


def names_of(event: Event) -> dict[str, tuple[str, ...]]:
    """Each participant's players' names, by id, as the file gives them."""
    return {p.id: p.names for p in event.participants if p.names}


def _names(names: Names | None, who: str) -> list[str]:
    return list((names or {}).get(who, ()))


def pair_standing(standing: Standing, names: Names | None = None) -> dict[str, Any]:
    """A pair's place, total, percentage and boards in its field."""
    return {
        "place": standing.place,
        "id": standing.pair,
        "pair": standing.pair,
        "names": _names(names, standing.pair),
        "field": standing.field,
        "total": standing.total,
        "percent": standing.percent,
        "boards": standing.boards,
    }


def player_standing(standing: PlayerStanding, names: Names | None = None) -> dict[str, Any]:
    """A player's place, total, percentage and boards (an individual event has one field)."""
    return {
        "place": standing.place,
        "id": standing.player,
        "player": standing.player,
        "names": _names(names, standing.player),
        "field": None,
        "total": standing.total,
        "percent": standing.percent,
        "boards": standing.boards,
    }


def team_standing(
    standing: TeamStanding, names: Names | None = None, field: str | None = None
) -> dict[str, Any]:
    """A team's place (in its ``field``: its section, when the teams are ranked section by
    section), VPs (its ``total``), points for and against, and matches played."""
    return {
        "place": standing.place,
        "id": standing.team,
        "team": standing.team,
        "names": _names(names, standing.team),
        "field": field,
        "total": standing.vp,
        "percent": None,
        "vp": standing.vp,
        "points_for": standing.points_for,
        "points_against": standing.points_against,
        "matches": standing.matches,
    }


def result_line(
    row: ResultRow,
    ns_points: float | None,
    ew_points: float | None,
    ns_percent: float | None = None,
    ew_percent: float | None = None,
) -> dict[str, Any]:
    """One table's result on a board and what each side won on it (matchpoints or IMPs);
    ``section`` too when the row names its section."""
    line: dict[str, Any] = {} if row.section is None else {"section": row.section}
    return line | {
        "board": row.board,
        "round": row.round,
        "table": row.table,
        "ns": row.ns,
        "ew": row.ew,
        "result": row.describe(),
        "ns_score": row.ns_score,
        "ns_points": ns_points,
        "ew_points": ew_points,
        "ns_percent": ns_percent,
        "ew_percent": ew_percent,
    }


def pairs_lines(result: PairsResult) -> list[dict[str, Any]]:
    """Every traveller's lines, board by board."""
    return [
        result_line(line.row, line.ns_points, line.ew_points, line.ns_percent, line.ew_percent)
        for traveller in result.travellers
        for line in traveller.lines
    ]


def teams_lines(result: TeamsResult) -> list[dict[str, Any]]:
    """Both tables of every board of every match: ``ns_points`` is what the team sitting
    North-South at that table won (IMPs or board-a-match points)."""
    return [
        result_line(row, points, -points)
        for match in result.matches
        for board in match.boards
        for row, points in ((board.first_ns, board.swing), (board.second_ns, -board.swing))
    ]


def match(played: Match) -> dict[str, Any]:
    """A match: its two teams, their points and VPs, and each board's NS scores and swing
    (the first team's)."""
    return {
        "round": played.round,
        "teams": [played.first, played.second],
        "points": [played.first_points, played.second_points],
        "vp": [played.first_vp, played.second_vp],
        "boards": [
            {
                "board": board.board,
                # null where a room's score is an artificial adjusted one (no table score)
                "ns_scores": [board.first_ns_score, board.second_ns_score],
                "swing": board.swing,
            }
            for board in played.boards
        ],
    }


def card_line(line: CardLine) -> dict[str, Any]:
    """One board of a pair's score card, from that pair's side."""
    return {
        "board": line.board,
        "round": line.round,
        "direction": line.direction,
        "opponents": line.opponents,
        "result": line.result,
        "score": line.score,
        "points": line.points,
        "percent": line.percent,
    }


def pairs_summary(result: PairsResult, names: Names | None = None) -> dict[str, Any]:
    """``bridgescore pairs --json``: the scoring, the fields, the standings, every result."""
    return {
        "scoring": str(result.scoring),
        "fields": list(result.fields),
        "standings": [pair_standing(s, names) for s in result.standings],
        "results": pairs_lines(result),
    }


def teams_summary(
    result: TeamsResult, names: Names | None = None, *, event: Event | None = None
) -> dict[str, Any]:
    """``bridgescore teams --json``: the scoring, the VP scale, the fields, the standings,
    the matches. With the ``event`` scored (its teams' names unless ``names`` are given), a
    field in sections is ranked section by section (:func:`team_standings`)."""
    if names is None and event is not None:
        names = names_of(event)
    standings = team_standings(event, result, names)
    return {
        "scoring": str(result.scoring),
        "vp_scale": result.scale,
        "fields": list(dict.fromkeys(s["field"] for s in standings if s["field"] is not None)),
        "standings": standings,
        "matches": [match(m) for m in result.matches],
    }


def team_standings(
    event: Event | None, result: TeamsResult, names: Names | None = None
) -> list[dict[str, Any]]:
    """The teams' standings: one field's, or, when ``event``'s file says each team's
    section, each section's teams placed among themselves
    (:func:`~bridgescore.events.section_files.ranked_by_section`), ``field`` their
    section, section A's first."""
    by_section = {} if event is None else ranked_by_section(event, result)
    if not by_section:
        return [team_standing(s, names) for s in result.standings]
    return [team_standing(s, names, letter) for letter, rows in by_section.items() for s in rows]


def event_summary(
    event: Event, result: PairsResult | TeamsResult | IndividualResult
) -> dict[str, Any]:
    """``bridgescore event --json``: the event, its participants' standings, every result
    line and (teams) every match, the same shape for any kind of event."""
    names = names_of(event)
    scoring = result.pairs.scoring if isinstance(result, IndividualResult) else result.scoring
    participants: list[dict[str, Any]]
    if isinstance(result, TeamsResult):
        kind = "teams"
        participants = team_standings(event, result, names)
        results = teams_lines(result)
        matches = [match(m) for m in result.matches]
    else:
        pairs = result.pairs if isinstance(result, IndividualResult) else result
        results, matches = pairs_lines(pairs), []
        if isinstance(result, IndividualResult):
            kind = "individual"
            participants = [player_standing(s, names) for s in result.standings]
        else:
            kind = event.kind
            participants = [pair_standing(s, names) for s in result.standings]
    head = {
        "name": event.name,
        "date": event.date,
        "site": event.site,
        "kind": kind,
        "scoring": str(scoring),
        "program": event.program,
    }
    return {"event": head, "participants": participants, "results": results, "matches": matches}
