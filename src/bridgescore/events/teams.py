"""A teams event: matches of IMPs (or board-a-match), victory points, standings.

Each match is found from the results file: in a round, two teams play the same
boards at two tables, one team North-South at one table and East-West at the
other. A board's swing for a team is its NS score at the table where it sat NS
minus the NS score at the other table, in IMPs; the match margin goes through a
victory-point scale (``wbf`` continuous for the match's board count, ``20``,
``30`` or a club's own scale).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from bridgescore.duplicate.imps import DEFAULT_IMP_TABLE, DuplicateError, ImpTable, get_imp_table
from bridgescore.duplicate.teams import BoardAMatchScale, board_a_match
from bridgescore.duplicate.vp import VPScale, get_scale
from bridgescore.events.model import EventResults, ResultRow
from bridgescore.events.ranking import places


class TeamsScoring(StrEnum):
    """IMPs converted to victory points, or board-a-match (2/1/0 a board)."""

    IMPS = "imps"
    BOARD_A_MATCH = "bam"


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of a match: each table's NS score and the first team's swing."""

    board: int
    first_ns: ResultRow
    second_ns: ResultRow
    swing: float

    @property
    def first_ns_score(self) -> int:
        assert self.first_ns.ns_score is not None
        return self.first_ns.ns_score

    @property
    def second_ns_score(self) -> int:
        assert self.second_ns.ns_score is not None
        return self.second_ns.ns_score


@dataclass(frozen=True, slots=True)
class Match:
    """A match between two teams in one round: their IMPs (or BAM points) and VPs."""

    round: int | None
    first: str
    second: str
    boards: tuple[MatchBoard, ...]
    first_points: float
    second_points: float
    first_vp: float
    second_vp: float

    @property
    def margin(self) -> float:
        return self.first_points - self.second_points


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """A team's place and totals over all its matches."""

    place: str
    team: str
    vp: float
    points_for: float
    points_against: float
    matches: int


@dataclass(frozen=True, slots=True)
class TeamsResult:
    scoring: TeamsScoring
    scale: str
    matches: tuple[Match, ...]
    standings: tuple[TeamStanding, ...]


def _fail(row: ResultRow, message: str) -> DuplicateError:
    return DuplicateError(f"{row.where}: board {row.board}: {message}")


def find_matches(rows: Sequence[ResultRow]) -> dict[tuple[int | None, str, str], list[ResultRow]]:
    """Rows grouped into matches: (round, first team, second team) in first-seen order."""
    matches: dict[tuple[int | None, str, str], list[ResultRow]] = {}
    for row in rows:
        key = (row.round, row.ns, row.ew)
        swapped = (row.round, row.ew, row.ns)
        if swapped in matches:
            key = swapped
        matches.setdefault(key, []).append(row)
    return matches


def _boards(
    key: tuple[int | None, str, str], rows: Sequence[ResultRow], *, skip: bool = False
) -> list[tuple[ResultRow, ResultRow]]:
    _, first, second = key
    tables: dict[int, dict[str, ResultRow]] = defaultdict(dict)
    for row in rows:
        if row.adjusted is not None:
            raise _fail(row, "adjusted scores in a teams match are not supported; give a score")
        tables[row.board][row.ns] = row
    out = []
    for _, seats in sorted(tables.items()):
        if first not in seats or second not in seats:
            if skip:
                continue
            present = next(iter(seats.values()))
            raise _fail(
                present,
                f"{first} v {second} has a result at one table only; a teams board is played"
                " at both tables",
            )
        out.append((seats[first], seats[second]))
    return out


def score_teams(
    event: EventResults,
    *,
    scoring: str | TeamsScoring = TeamsScoring.IMPS,
    vp_scale: str | VPScale = "wbf",
    imp_table: str | ImpTable = DEFAULT_IMP_TABLE,
    bam_scale: str | BoardAMatchScale = "2-1-0",
    incomplete: str = "raise",
) -> TeamsResult:
    """Every match of the event scored, and the teams ranked by VPs (IMPs) or points (BAM).

    A board with a result at one table only is an error (``incomplete="raise"``), or is
    left out of its match (``incomplete="skip"``: a file that lost one room's line).
    """
    if incomplete not in ("raise", "skip"):
        raise DuplicateError(f"incomplete={incomplete!r}: say raise or skip")
    how = TeamsScoring(scoring)
    table = get_imp_table(imp_table)
    matches = []
    for key, rows in find_matches(event.rows).items():
        pairs = _boards(key, rows, skip=incomplete == "skip")
        if not pairs:
            continue
        boards = []
        for first_row, second_row in pairs:
            assert first_row.ns_score is not None
            assert second_row.ns_score is not None
            if how is TeamsScoring.IMPS:
                swing: float = table.imps(first_row.ns_score - second_row.ns_score)
            else:
                swing = board_a_match(first_row.ns_score, second_row.ns_score, bam_scale)
            boards.append(MatchBoard(first_row.board, first_row, second_row, swing))
        if how is TeamsScoring.IMPS:
            won = float(sum(b.swing for b in boards if b.swing > 0))
            lost = float(-sum(b.swing for b in boards if b.swing < 0))
            first_vp, second_vp = get_scale(vp_scale, len(boards)).vp(int(won - lost))
        else:
            won = float(sum(b.swing for b in boards))
            full = float(BoardAMatchScale.parse(bam_scale).win) * len(boards)
            lost = full - won
            first_vp, second_vp = won, lost
        matches.append(Match(key[0], key[1], key[2], tuple(boards), won, lost, first_vp, second_vp))
    scale_name = vp_scale if isinstance(vp_scale, str) else vp_scale.name
    return TeamsResult(how, scale_name, tuple(matches), _standings(matches))


def _standings(matches: Sequence[Match]) -> tuple[TeamStanding, ...]:
    vp: dict[str, float] = defaultdict(float)
    got: dict[str, float] = defaultdict(float)
    gave: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    for match in matches:
        for team, mine, theirs, points in (
            (match.first, match.first_points, match.second_points, match.first_vp),
            (match.second, match.second_points, match.first_points, match.second_vp),
        ):
            vp[team] += points
            got[team] += mine
            gave[team] += theirs
            played[team] += 1
    placed = places(vp)
    order = sorted(vp, key=lambda t: (-round(vp[t], 2), -(got[t] - gave[t]), t))
    return tuple(
        TeamStanding(placed[t], t, round(vp[t], 2), got[t], gave[t], played[t]) for t in order
    )


def standings_by_team(result: TeamsResult) -> Mapping[str, TeamStanding]:
    return {s.team: s for s in result.standings}
