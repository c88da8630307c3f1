"""Team matches as a PBN match table gives them (Ruter's ``TeamId_Home`` table).

The event model holds result rows, not match results; :func:`team_matches` reads a
file's match tables for callers that rank teams from the program's own match
figures (``bridgescore.io.events``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgescore.io.pbn._cells import number
from bridgescore.io.pbn._model import PBNDocument
from bridgescore.io.pbn._tables import Table


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """One match of a teams event as a match table gives it (Ruter's ``TeamId_Home`` table)."""

    round: str | None
    table: str | None
    home: str
    away: str
    home_imps: float | None = None
    away_imps: float | None = None
    home_vp: float | None = None
    away_vp: float | None = None
    line: int | None = field(default=None, compare=False)


def is_match_table(table: Table) -> bool:
    """Whether a ``[ScoreTable]`` lists matches (a ``TeamId_Home`` column), not results."""
    return table.index("TeamId_Home") is not None


def team_matches(document: PBNDocument) -> tuple[TeamMatch, ...]:
    """The matches of every match table (columns ``TeamId_Home``, ``TeamId_Away``...).

    ``MatchDetails`` is read as Ruter writes it, ``"200,<home IMPs>,<away IMPs>"``
    (what the leading number means is not documented; it is ignored).
    """
    found: list[TeamMatch] = []
    for game in document.games:
        for tag in game.tags_named("ScoreTable"):
            table = tag.table()
            if not is_match_table(table):
                continue
            for offset, row in zip(table.row_lines, table.rows, strict=True):
                home_imps = away_imps = None
                details = row.get("MatchDetails")
                if details:
                    parts = details.split(",")
                    try:
                        if len(parts) >= 3:
                            home_imps, away_imps = float(parts[-2]), float(parts[-1])
                    except ValueError:
                        pass
                try:
                    home_vp, away_vp = number(row.get("VP_Home")), number(row.get("VP_Away"))
                except ValueError:
                    home_vp = away_vp = None
                found.append(
                    TeamMatch(
                        row.get("Round"),
                        row.get("Table"),
                        row.get("TeamId_Home") or "",
                        row.get("TeamId_Away") or "",
                        home_imps,
                        away_imps,
                        home_vp,
                        away_vp,
                        None if tag.section_line is None else tag.section_line + offset,
                    )
                )
    return tuple(found)
