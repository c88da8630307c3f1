"""A teams event: matches of IMPs (or board-a-match), victory points, standings.

Each match is found from the results file: in a round, two teams play the same
boards at two tables, one team North-South at one table and East-West at the
other. A board's swing for a team is its NS score at the table where it sat NS
minus the NS score at the other table, in IMPs; the match margin goes through a
victory-point scale (``wbf`` continuous for the match's board count, ``20``,
``30`` or a club's own scale).

A file that gives only its match table (Ruter's ``TeamId_Home``/``TeamId_Away``
rows: each match's IMPs and VPs, no boards) is ranked from the published VPs by
:func:`score_published_matches`, which checks every match's VPs against the scale —
inferring the match length, when the file does not give it, as the one board count
from 1 to 64 for which the WBF scale gives every match's VPs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from bridgescore.duplicate.imps import DEFAULT_IMP_TABLE, DuplicateError, ImpTable, get_imp_table
from bridgescore.duplicate.teams import BoardAMatchScale, match_board_a_match, match_imps
from bridgescore.duplicate.vp import VPScale, WBFScale, get_scale, vp
from bridgescore.events import figures
from bridgescore.events.model import EventResults, PublishedMatch, ResultRow
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
class VPDifference:
    """A published match whose VPs are not the scale's: ``expected`` (home, away) are."""

    match: PublishedMatch
    boards: int | None
    expected: tuple[float, float]

    def __str__(self) -> str:
        m = self.match
        round_ = "" if m.round is None else f"round {m.round}: "
        return (
            f"{round_}{m.home} v {m.away} {_shown(m.home_imps)}-{_shown(m.away_imps)} IMPs: "
            f"{_shown(m.home_vp, vp=True)}-{_shown(m.away_vp, vp=True)} VPs written,"
            f" {figures.fixed(self.expected[0])}-{figures.fixed(self.expected[1])} by the scale"
        )


@dataclass(frozen=True, slots=True)
class VPCheck:
    """Published matches' VPs against a scale, with the match length it was read at.

    ``boards`` is the length checked (``None``: a scale that does not depend on it,
    or nothing to check); ``inferred`` says it was found from the VPs (the file did not
    give it), and ``candidates`` every length from 1 to 64 that gives all of them.
    """

    scale: str
    boards: int | None
    inferred: bool
    checked: int
    agreeing: int
    differences: tuple[VPDifference, ...] = ()
    candidates: tuple[int, ...] = ()
    unchecked: int = 0

    @property
    def agrees(self) -> bool:
        return self.checked > 0 and not self.differences

    def describe(self) -> str:
        """One line: ``VPs agree with the WBF scale for 8-board matches: 30/30``."""
        if not self.checked:
            return "VPs not checked: no match gives both its IMPs and its VPs"
        scale = "the WBF scale" if self.scale == "wbf" else f"the {self.scale} scale"
        length = "" if self.boards is None else f" for {self.boards}-board matches"
        text = f"{scale}{length}: {self.agreeing}/{self.checked}"
        if self.agrees:
            line = f"VPs agree with {text}"
            if self.inferred and len(self.candidates) > 1:
                others = [n for n in self.candidates if n != self.boards]
                line += f" (so do {_runs(others)} boards)"
        else:
            line = f"VPs disagree with {text} agree"
            if self.inferred:
                line += " (no match length from 1 to 64 gives every match's VPs)"
            shown = "; ".join(str(d) for d in self.differences[:_SHOWN])
            more = len(self.differences) - _SHOWN
            line += f"; differ: {shown}" + (f"; and {more} more" if more > 0 else "")
        if self.unchecked:
            line += f"; {self.unchecked} match(es) without IMPs or VPs not checked"
        return line


_SHOWN = 5
_MOST_BOARDS = 64


def _runs(numbers: Sequence[int]) -> str:
    """``[2, 3, 4, 9]`` as ``2-4, 9``."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def _shown(value: float | None, *, vp: bool = False) -> str:
    """A written figure as every output shows it (:mod:`bridgescore.events.figures`);
    ``?`` where the file gives none."""
    if value is None:
        return "?"
    return figures.fixed(value) if vp else figures.points(value)


@dataclass(frozen=True, slots=True)
class TeamsResult:
    """A teams event scored: its matches and standings; ``check`` the published VPs
    against the scale when the event was ranked from a match table."""

    scoring: TeamsScoring
    scale: str
    matches: tuple[Match, ...]
    standings: tuple[TeamStanding, ...]
    check: VPCheck | None = None


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
                " at both tables (--incomplete skip, or incomplete='skip', leaves it out of its"
                " match)",
            )
        out.append((seats[first], seats[second]))
    return out


def _ns_score(row: ResultRow) -> int:
    assert row.ns_score is not None
    return row.ns_score


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
        scores = [(_ns_score(first), _ns_score(second)) for first, second in pairs]
        swings: tuple[float, ...]
        if how is TeamsScoring.IMPS:
            imp_match = match_imps(scores, table)
            swings = imp_match.swings
            won, lost = float(imp_match.team1), float(imp_match.team2)
            first_vp, second_vp = imp_match.victory_points(vp_scale)
        else:
            bam = match_board_a_match(scores, bam_scale)
            swings = bam.points
            won, lost = bam.team1, bam.team2
            first_vp, second_vp = won, lost
        boards = tuple(
            MatchBoard(first.board, first, second, points)
            for (first, second), points in zip(pairs, swings, strict=True)
        )
        matches.append(Match(key[0], key[1], key[2], boards, won, lost, first_vp, second_vp))
    scale_name = vp_scale if isinstance(vp_scale, str) else vp_scale.name
    return TeamsResult(how, scale_name, tuple(matches), _standings(matches))


def score_published_matches(
    matches: Sequence[PublishedMatch], *, vp_scale: str | VPScale = "wbf"
) -> TeamsResult:
    """Teams ranked from a match table: each match's published VPs (the scale's, for a
    match that gives IMPs only), places shared by equal totals, and every match's VPs
    checked against ``vp_scale`` (:class:`VPCheck`).

    >>> from bridgescore.events.model import PublishedMatch
    >>> table = [PublishedMatch(1, "A", "B", 25, 8, 15.75, 4.25),
    ...          PublishedMatch(1, "C", "D", 16, 7, 13.45, 6.55)]
    >>> result = score_published_matches(table)
    >>> [(s.place, s.team, s.vp) for s in result.standings]
    [('1', 'A', 15.75), ('2', 'C', 13.45), ('3', 'D', 6.55), ('4', 'B', 4.25)]
    >>> result.check.describe()
    'VPs agree with the WBF scale for 8-board matches: 2/2'
    """
    if not matches:
        raise DuplicateError("no matches to rank")
    check = check_match_vps(matches, vp_scale)
    scored = []
    for m in matches:
        home_vp, away_vp = m.home_vp, m.away_vp
        if home_vp is None or away_vp is None:
            boards = m.boards or check.boards
            if (
                m.home_imps is None
                or m.away_imps is None
                or (boards is None and _depends_on_boards(vp_scale))
            ):
                where = "" if m.line is None else f"line {m.line}: "
                raise DuplicateError(
                    f"{where}{m.home} v {m.away}: the match gives neither its VPs nor"
                    " IMPs to work them out from"
                )
            home_vp, away_vp = _scale_vp(vp_scale, boards, m)
        home_imps = 0.0 if m.home_imps is None else float(m.home_imps)
        away_imps = 0.0 if m.away_imps is None else float(m.away_imps)
        scored.append(Match(m.round, m.home, m.away, (), home_imps, away_imps, home_vp, away_vp))
    scale_name = vp_scale if isinstance(vp_scale, str) else vp_scale.name
    return TeamsResult(TeamsScoring.IMPS, scale_name, tuple(scored), _standings(scored), check)


def check_match_vps(matches: Sequence[PublishedMatch], vp_scale: str | VPScale = "wbf") -> VPCheck:
    """Every match's published VPs against the scale for its IMP margin. A match that
    does not give its length is read at the one length (1 to 64 boards) that gives the
    most matches' VPs — all of them when the file was scored with that scale."""
    name = vp_scale if isinstance(vp_scale, str) else vp_scale.name
    checkable = [m for m in matches if None not in (m.home_imps, m.away_imps, m.home_vp, m.away_vp)]
    unchecked = len(matches) - len(checkable)
    if not checkable:
        return VPCheck(name, None, False, 0, 0, unchecked=unchecked)
    depends = _depends_on_boards(vp_scale)
    open_length = [m for m in checkable if m.boards is None] if depends else []
    boards: int | None = None
    candidates: tuple[int, ...] = ()
    if open_length:
        fits = {
            n: sum(_agrees(vp_scale, n, m) for m in open_length) for n in range(1, _MOST_BOARDS + 1)
        }
        best = max(fits.values())
        candidates = tuple(n for n, count in fits.items() if count == best)
        boards = candidates[0]
        if best < len(open_length):
            candidates = ()
    elif depends:
        lengths = {m.boards for m in checkable}
        boards = lengths.pop() if len(lengths) == 1 else None
    differences = []
    for m in checkable:
        length = m.boards if m.boards is not None else boards
        if not _agrees(vp_scale, length, m):
            differences.append(VPDifference(m, length, _scale_vp(vp_scale, length, m)))
    return VPCheck(
        name,
        boards,
        bool(open_length),
        len(checkable),
        len(checkable) - len(differences),
        tuple(differences),
        candidates,
        unchecked,
    )


def _depends_on_boards(vp_scale: str | VPScale) -> bool:
    return isinstance(get_scale(vp_scale, 1), WBFScale)


def _scale_vp(
    vp_scale: str | VPScale, boards: int | None, m: PublishedMatch
) -> tuple[float, float]:
    assert m.home_imps is not None
    assert m.away_imps is not None
    return vp(
        round(m.home_imps - m.away_imps), boards if _depends_on_boards(vp_scale) else None, vp_scale
    )


def _agrees(vp_scale: str | VPScale, boards: int | None, m: PublishedMatch) -> bool:
    assert m.home_vp is not None
    assert m.away_vp is not None
    home, away = _scale_vp(vp_scale, boards, m)
    return abs(home - m.home_vp) < _HALF_HUNDREDTH and abs(away - m.away_vp) < _HALF_HUNDREDTH


_HALF_HUNDREDTH = 0.005


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
