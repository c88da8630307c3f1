"""One plain-data shape for any scored event: what ``bridgescore event --json`` prints.

``participants``: every pair or team with its id as the file names it, its
total (matchpoints, IMPs or VPs), its percentage where the scoring has one, and
its place. ``results``: every table result with its board, the pair (or team)
ids, the NS score and each side's matchpoints or IMPs as bridgescore computes
them.
"""

from __future__ import annotations

from typing import Any

from bridgescore.events.individual import IndividualResult
from bridgescore.events.model import Event
from bridgescore.events.pairs import PairsResult
from bridgescore.events.teams import TeamsResult


def event_summary(
    event: Event, result: PairsResult | TeamsResult | IndividualResult
) -> dict[str, Any]:
    """The documented JSON shape (docs/events.md, "bridgescore event")."""
    names = {p.id: list(p.names) for p in event.participants}
    if isinstance(result, IndividualResult):
        summary = event_summary(event, result.pairs)
        summary["event"]["kind"] = "individual"
        summary["participants"] = [
            {
                "id": s.player, "names": names.get(s.player, []), "field": None,
                "total": s.total, "percent": s.percent, "place": s.place,
            }
            for s in result.standings
        ]  # fmt: skip
        return summary
    head = {
        "name": event.name,
        "date": event.date,
        "site": event.site,
        "kind": "teams" if isinstance(result, TeamsResult) else event.kind,
        "scoring": str(result.scoring),
        "program": event.program,
    }
    if isinstance(result, TeamsResult):
        participants = [
            {
                "id": s.team, "names": names.get(s.team, []), "field": None, "total": s.vp,
                "percent": None, "place": s.place,
            }
            for s in result.standings
        ]  # fmt: skip
        results = []
        for match in result.matches:
            for board in match.boards:
                for row, points in ((board.first_ns, board.swing), (board.second_ns, -board.swing)):
                    results.append(
                        {
                            "board": row.board, "round": row.round, "table": row.table,
                            "ns": row.ns, "ew": row.ew, "ns_score": row.ns_score,
                            "ns_points": points, "ew_points": -points,
                        }
                    )  # fmt: skip
        return {"event": head, "participants": participants, "results": results}
    participants = [
        {
            "id": s.pair, "names": names.get(s.pair, []), "field": s.field, "total": s.total,
            "percent": s.percent, "place": s.place,
        }
        for s in result.standings
    ]  # fmt: skip
    results = [
        {
            "board": t.board, "round": line.row.round, "table": line.row.table,
            "ns": line.row.ns, "ew": line.row.ew, "ns_score": line.row.ns_score,
            "ns_points": line.ns_points, "ew_points": line.ew_points,
        }
        for t in result.travellers
        for line in t.lines
    ]  # fmt: skip
    return {"event": head, "participants": participants, "results": results}
