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
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Final

from bridgescore.duplicate.butler import DEFAULT_BUTLER_PRESET, ButlerPreset, get_butler_preset
from bridgescore.duplicate.entries import Adjusted, AdjustedCode, Award
from bridgescore.duplicate.imps import DEFAULT_IMP_TABLE, DuplicateError, ImpTable, get_imp_table
from bridgescore.duplicate.teams import BoardAMatchScale, match_board_a_match, match_imps
from bridgescore.duplicate.vp import (
    DEFAULT_VP_SCALE,
    VPScale,
    depends_on_boards,
    vp,
)
from bridgescore.errors import Gettext, Message, listed
from bridgescore.errors import marked as _
from bridgescore.events import figures
from bridgescore.events.model import EventResults, PublishedMatch, ResultRow
from bridgescore.events.ranking import places
from bridgescore.events.vocabulary import Scoring


def teams_scoring(text: str | Scoring) -> Scoring:
    """A teams event's scoring (the one vocabulary, :class:`Scoring`): IMPs converted to
    victory points, or board-a-match (2/1/0 a board)."""
    how = Scoring.parse(text)
    if how not in (Scoring.IMPS, Scoring.BOARD_A_MATCH):
        raise DuplicateError(
            _("{scoring!r}: a teams event is scored imps or bam", scoring=how.value)
        )
    return how


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of a match: each table's NS score and the first team's swing."""

    board: int
    first_ns: ResultRow
    second_ns: ResultRow
    swing: float
    second_own: float | None = None
    """The second team's own swing, when an adjusted score that does not balance makes it
    other than minus the first's."""

    @property
    def second_swing(self) -> float:
        return -self.swing if self.second_own is None else self.second_own

    @property
    def first_ns_score(self) -> int | None:
        """The first team's home table's NS score (``None``: an artificial adjusted
        score, which has none)."""
        return self.first_ns.ns_score

    @property
    def second_ns_score(self) -> int | None:
        """The other table's NS score (``None``: an artificial adjusted score)."""
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
    second_view: tuple[float, float] | None = None
    """The second team's IMPs for and against, when an artificial adjusted score that does
    not balance (both sides average minus, say) makes them other than the first's
    against and for."""

    @property
    def margin(self) -> float:
        return self.first_points - self.second_points

    @property
    def second_for_against(self) -> tuple[float, float]:
        """The second team's IMPs (or points) for and against."""
        if self.second_view is not None:
            return self.second_view
        return self.second_points, self.first_points


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """A team's place and totals over all its matches."""

    place: str
    team: str
    vp: float
    points_for: float
    points_against: float
    matches: int
    byes: int = 0
    penalty: float = 0.0


@dataclass(frozen=True, slots=True)
class VPDifference:
    """A published match whose VPs are not the scale's: ``expected`` (home, away) are."""

    match: PublishedMatch
    boards: int | None
    expected: tuple[float, float]

    def message(self) -> Message:
        """``round 3: Lions v Tigers 25-10 IMPs: 15.00-5.00 VPs written, 14.15-5.85 by the
        scale``, in any language."""
        m = self.match
        values = {
            "round": m.round,
            "home": m.home,
            "away": m.away,
            "imps": f"{_shown(m.home_imps)}-{_shown(m.away_imps)}",
            "written": f"{_shown(m.home_vp, vp=True)}-{_shown(m.away_vp, vp=True)}",
            "scale": f"{figures.fixed(self.expected[0])}-{figures.fixed(self.expected[1])}",
        }
        if m.round is None:
            return _(
                "{home} v {away} {imps} IMPs: {written} VPs written, {scale} by the scale",
                **values,
            )
        return _(
            "round {round}: {home} v {away} {imps} IMPs: {written} VPs written,"
            " {scale} by the scale",
            **values,
        )

    def __str__(self) -> str:
        return str(self.message())


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
    unplayed: int = 0
    """Matches not played yet (not checked, not ranked)."""
    from_totals: bool = False
    """The match length was found from the published totals: no match gives its VPs, and
    the one length whose VPs add up to every team's published total was used."""

    @property
    def agrees(self) -> bool:
        return self.checked > 0 and not self.differences

    def describe(self, gettext: Gettext | None = None) -> str:
        """One line: ``VPs agree with the WBF scale for 8-board matches: 30/30`` (in
        ``gettext``'s language; English without one)."""
        return self.message().render(gettext)

    def message(self) -> Message:
        """:meth:`describe`'s line as a message, translated where it is shown."""
        if not self.checked:
            if self.from_totals:
                return _(
                    "VPs worked out from the IMPs on {scale} for {boards}-board matches, the"
                    " length that gives every team's published total",
                    scale=_scale_said(self.scale),
                    boards=self.boards,
                )
            return _("VPs not checked: no match gives both its IMPs and its VPs")
        values = {
            "scale": _scale_said(self.scale),
            "boards": self.boards,
            "agreeing": self.agreeing,
            "checked": self.checked,
        }
        parts: list[Message] = []
        if self.agrees:
            if self.boards is None:
                head = _("VPs agree with {scale}: {agreeing}/{checked}", **values)
            else:
                head = _(
                    "VPs agree with {scale} for {boards}-board matches: {agreeing}/{checked}",
                    **values,
                )
            if self.inferred and len(self.candidates) > 1:
                others = [n for n in self.candidates if n != self.boards]
                head = listed([head, _("(so do {boards} boards)", boards=_runs(others))], " ")
            parts.append(head)
        else:
            if self.boards is None:
                head = _("VPs disagree with {scale}: {agreeing}/{checked} agree", **values)
            else:
                head = _(
                    "VPs disagree with {scale} for {boards}-board matches:"
                    " {agreeing}/{checked} agree",
                    **values,
                )
            if self.inferred:
                head = listed(
                    [head, _("(no match length from 1 to 64 gives every match's VPs)")], " "
                )
            shown = listed([d.message() for d in self.differences[:_SHOWN]])
            parts += [head, _("differ: {shown}", shown=shown)]
            more = len(self.differences) - _SHOWN
            if more > 0:
                parts.append(_("and {more} more", more=more))
        if self.unchecked:
            parts.append(
                _("{count} match(es) without IMPs or VPs not checked", count=self.unchecked)
            )
        if self.unplayed:
            parts.append(_("{count} match(es) not played yet", count=self.unplayed))
        return listed(parts)


def _scale_said(scale: str) -> Message:
    return _("the WBF scale") if scale == "wbf" else _("the {scale} scale", scale=scale)


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

    scoring: Scoring
    scale: str
    matches: tuple[Match, ...]
    standings: tuple[TeamStanding, ...]
    check: VPCheck | None = None
    byes: tuple[ByeScore, ...] = ()
    penalties: tuple[tuple[str, float], ...] = ()
    """VPs taken off teams' totals (procedural penalties), team by team."""
    unplayed: tuple[PublishedMatch, ...] = ()
    """Matches of a match table not played yet (a file published mid-event writes ``-``
    for their IMPs and VPs): listed, not ranked."""
    adjustments: tuple[tuple[str, float], ...] = ()
    """VPs added to teams' totals from outside their matches, as a results file gives
    them (a bye's, less a penalty), team by team."""


def _fail(row: ResultRow, message: Message) -> DuplicateError:
    return DuplicateError(
        _("{where}: board {board}: {error}", where=row.where.phrase, board=row.board, error=message)
    )


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
    first, second = key[1:]
    tables: dict[int, dict[str, ResultRow]] = defaultdict(dict)
    for row in rows:
        tables[row.board][row.ns] = row
    # a board not played in either room does not count in the match
    tables = {
        b: seats for b, seats in tables.items() if not any(r.not_played for r in seats.values())
    }
    out = []
    for _board, seats in sorted(tables.items()):
        if first not in seats or second not in seats:
            if skip:
                continue
            present = next(iter(seats.values()))
            raise _fail(
                present,
                _(
                    "{first} v {second} has a result at one table only; a teams board is played"
                    " at both tables (--incomplete skip, or incomplete='skip', leaves it out of"
                    " its match)",
                    first=first,
                    second=second,
                ),
            )
        out.append((seats[first], seats[second]))
    return out


def _ns_score(row: ResultRow) -> int:
    assert row.ns_score is not None
    return row.ns_score


def imp_award(award: Award, preset: str | ButlerPreset = DEFAULT_BUTLER_PRESET) -> int | None:
    """A side's artificial adjusted score in a team match's IMPs (Law 12C2(b)): average
    plus +3, average 0, average minus -3 (the butler preset's codes,
    :meth:`~ButlerPreset.award_imps`), and 60 %, 50 %, 40 % as those three; ``None`` for
    any other percentage, which has no IMP equivalent (a pairs ruling's percentage, a
    session score, says nothing of a team match)."""
    code = _TEAM_PERCENTS.get(award) if isinstance(award, Fraction) else award
    if code is None:
        return None
    value = Fraction(get_butler_preset(preset).award_imps(code))
    return int(value) if value.denominator == 1 else None


_TEAM_PERCENTS: Final[Mapping[Fraction, AdjustedCode]] = {
    Fraction(60): AdjustedCode.AVERAGE_PLUS,
    Fraction(50): AdjustedCode.AVERAGE,
    Fraction(40): AdjustedCode.AVERAGE_MINUS,
}
"""The percentages a team match takes: the codes' own (A+ 60 %, A 50 %, A- 40 %)."""


def artificial_imps(award: Award, row: ResultRow) -> int:
    """:func:`imp_award`, or an error naming the row when it has no IMP equivalent."""
    imps = imp_award(award)
    if imps is None:
        raise _fail(row, award_refused(award))
    return imps


def award_refused(award: Award) -> Message:
    """Why a team match cannot take an adjusted score."""
    return _(
        "an adjusted score of {award}% has no equivalent in IMPs: a team match takes A+, A"
        " or A- (3 IMPs up, none, 3 down: Law 12C2(b)), also written 60%, 50%, 40%, or an"
        " assigned score",
        award=award,
    )


def _views(first: ResultRow, second: ResultRow, table: ImpTable) -> tuple[int, int]:
    """A board's IMPs from each team's own side: the swing and its opposite, or, when
    either room has an artificial adjusted score, each team's awards there in IMPs (the
    other room's result does not count on that board)."""
    if first.adjusted is None and second.adjusted is None:
        swing = match_imps([(_ns_score(first), _ns_score(second))], table).swings[0]
        return swing, -swing
    mine = theirs = 0
    for row, first_sat_ns in ((first, True), (second, False)):
        if not isinstance(row.adjusted, Adjusted):
            continue
        ns, ew = artificial_imps(row.adjusted.ns, row), artificial_imps(row.adjusted.ew, row)
        mine += ns if first_sat_ns else ew
        theirs += ew if first_sat_ns else ns
    return mine, theirs


def _imp_match(
    key: tuple[int | None, str, str],
    pairs: Sequence[tuple[ResultRow, ResultRow]],
    table: ImpTable,
    vp_scale: str | VPScale,
) -> Match:
    views = [_views(first, second, table) for first, second in pairs]
    boards = tuple(
        MatchBoard(
            first.board, first, second, float(mine), None if mine == -theirs else float(theirs)
        )
        for (first, second), (mine, theirs) in zip(pairs, views, strict=True)
    )
    won = sum(max(mine, 0) for mine, _theirs in views)
    lost = sum(max(-mine, 0) for mine, _theirs in views)
    balanced = all(mine == -theirs for mine, theirs in views)
    count = len(pairs)
    if balanced:
        first_vp, second_vp = vp(won - lost, count, vp_scale)
        return Match(key[0], key[1], key[2], boards, won, lost, first_vp, second_vp)
    got = sum(max(theirs, 0) for _mine, theirs in views)
    gave = sum(max(-theirs, 0) for _mine, theirs in views)
    first_vp = vp(won - lost, count, vp_scale)[0]
    second_vp = vp(got - gave, count, vp_scale)[0]
    return Match(key[0], key[1], key[2], boards, won, lost, first_vp, second_vp, (got, gave))


def score_teams(
    event: EventResults,
    *,
    scoring: str | Scoring = Scoring.IMPS,
    vp_scale: str | VPScale = DEFAULT_VP_SCALE,
    imp_table: str | ImpTable = DEFAULT_IMP_TABLE,
    bam_scale: str | BoardAMatchScale = "2-1-0",
    incomplete: str = "raise",
) -> TeamsResult:
    """Every match of the event scored, and the teams ranked by VPs (IMPs) or points (BAM).

    A board with a result at one table only is an error (``incomplete="raise"``), or is
    left out of its match (``incomplete="skip"``: a file that lost one room's line). A
    board with an artificial adjusted score in either room scores each team's award
    there in IMPs (:func:`artificial_imps`); when the two awards do not balance, each
    team's VPs come from its own margin.
    """
    if incomplete not in ("raise", "skip"):
        raise DuplicateError(
            _("incomplete={incomplete!r}: say raise or skip", incomplete=incomplete)
        )
    how = teams_scoring(scoring)
    table = get_imp_table(imp_table)
    matches = []
    for key, rows in find_matches(event.rows).items():
        pairs = _boards(key, rows, skip=incomplete == "skip")
        if not pairs:
            continue
        if how is Scoring.IMPS:
            matches.append(_imp_match(key, pairs, table, vp_scale))
            continue
        for first, second in pairs:
            for row in (first, second):
                if row.adjusted is not None:
                    raise _fail(row, _("an artificial adjusted score cannot be scored"
                                       " board-a-match; give an assigned score"))  # fmt: skip
        bam = match_board_a_match(
            [(_ns_score(first), _ns_score(second)) for first, second in pairs], bam_scale
        )
        won = float(BoardAMatchScale.parse(bam_scale).win)
        boards = tuple(  # the second team has what the first did not win of the board
            MatchBoard(first.board, first, second, points, won - points)
            for (first, second), points in zip(pairs, bam.points, strict=True)
        )
        matches.append(Match(key[0], key[1], key[2], boards, bam.team1, bam.team2,
                             bam.team1, bam.team2))  # fmt: skip
    scale_name = vp_scale if isinstance(vp_scale, str) else vp_scale.name
    return TeamsResult(how, scale_name, tuple(matches), _standings(matches))


class ByeRule(StrEnum):
    """What a team on the bye scores: a fixed number of VPs, its average over the matches
    it played, or the higher of the two (conditions of contest differ)."""

    FIXED = "fixed"
    AVERAGE = "average"
    HIGHER = "higher"


@dataclass(frozen=True, slots=True)
class ByeAward:
    """A bye's VPs under ``rule`` (``vp``: the fixed award, or the floor for ``higher``)."""

    vp: float = 12.0
    rule: ByeRule = ByeRule.FIXED

    def __post_init__(self) -> None:
        object.__setattr__(self, "rule", ByeRule(self.rule))
        if not 0 <= self.vp <= 30:
            raise DuplicateError(_("a bye of {vp} VPs: give 0 to 30", vp=self.vp))


@dataclass(frozen=True, slots=True)
class ByeScore:
    """A team's bye in one round and the VPs it scored."""

    round: int
    team: str
    vp: float


def with_byes(
    result: TeamsResult, byes: Mapping[int, str | Sequence[str]], award: ByeAward
) -> TeamsResult:
    """``result`` with each bye (round: team, or round: the teams on the bye, one a
    section in a field in sections) scored by ``award`` and the teams ranked again; a
    team's average is over the matches it played (none played: the fixed VPs)."""
    played: dict[str, list[float]] = defaultdict(list)
    for match in result.matches:
        played[match.first].append(match.first_vp)
        played[match.second].append(match.second_vp)
    scores = []
    for rnd, teams in sorted(byes.items()):
        for team in (teams,) if isinstance(teams, str) else teams:
            scores.append(ByeScore(rnd, team, _bye_vp(award, played.get(team, []))))
    standings = _standings(
        result.matches, scores, dict(result.penalties), added=dict(result.adjustments)
    )
    return replace(result, standings=standings, byes=tuple(scores))


def _bye_vp(award: ByeAward, own: Sequence[float]) -> float:
    """What a bye scores under ``award`` for a team that scored ``own`` in its matches."""
    average = sum(own) / len(own) if own else award.vp
    got = {
        ByeRule.FIXED: award.vp,
        ByeRule.AVERAGE: average,
        ByeRule.HIGHER: max(award.vp, average),
    }[award.rule]
    return round(got, 2)


def with_penalties(result: TeamsResult, penalties: Mapping[str, float]) -> TeamsResult:
    """``result`` with procedural penalties (VPs a team) taken off the teams' totals and
    the teams ranked again (its byes kept)."""
    kept = tuple(sorted((team, round(vps, 2)) for team, vps in penalties.items() if vps))
    standings = _standings(result.matches, result.byes, dict(kept), added=dict(result.adjustments))
    return replace(result, standings=standings, penalties=kept)


def outside_matches(result: TeamsResult) -> dict[str, float]:
    """Each team's VPs from outside its matches, as a results file carries them (USEBIO's
    ``ADJUSTMENT``): its byes' VPs, less the VPs taken off it as a penalty, plus any
    adjustment the result was read with; a team with none is left out."""
    added: dict[str, float] = defaultdict(float)
    for bye in result.byes:
        added[bye.team] += bye.vp
    for team, off in result.penalties:
        added[team] -= off
    for team, more in result.adjustments:
        added[team] += more
    return {team: round(vps, 2) for team, vps in added.items() if round(vps, 2)}


def with_adjustments(result: TeamsResult, adjustments: Mapping[str, float]) -> TeamsResult:
    """``result`` with VPs from outside its matches (a results file's adjustments: its
    byes' VPs, less its penalties) added to the teams' totals and the teams ranked again;
    a team with an adjustment and no match yet is ranked with it."""
    kept = tuple(sorted((team, round(vps, 2)) for team, vps in adjustments.items() if vps))
    standings = _standings(result.matches, result.byes, dict(result.penalties), added=dict(kept))
    return replace(result, standings=standings, adjustments=kept)


def score_published_matches(
    matches: Sequence[PublishedMatch],
    *,
    vp_scale: str | VPScale = DEFAULT_VP_SCALE,
    totals: Mapping[str, float] | None = None,
) -> TeamsResult:
    """Teams ranked from a match table: each match's published VPs (the scale's, for a
    match that gives IMPs only), places shared by equal totals, and every match's VPs
    checked against ``vp_scale`` (:class:`VPCheck`).

    A table whose matches give their IMPs but neither their VPs nor their length (an
    older Ruter's) is read at the length whose VPs add up to the published ``totals``
    (each team's VPs, as the file's standings give them), when exactly that is known.

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
        raise DuplicateError(_("no matches to rank"))
    played = [m for m in matches if not is_unplayed(m)]
    unplayed = tuple(m for m in matches if is_unplayed(m))
    check = replace(check_match_vps(played, vp_scale), unplayed=len(unplayed))
    if check.boards is None and depends_on_boards(vp_scale) and totals:
        length = _length_from_totals(played, vp_scale, totals)
        if length is not None:
            check = replace(check, boards=length, from_totals=True)
    scored = []
    for m in played:
        home_vp, away_vp = m.home_vp, m.away_vp
        if home_vp is None or away_vp is None:
            boards = m.boards or check.boards
            if m.home_imps is None or m.away_imps is None:
                raise DuplicateError(
                    _(
                        "{home} v {away}: the match gives neither its VPs nor"
                        " IMPs to work them out from",
                        home=m.home,
                        away=m.away,
                    )
                    if m.line is None
                    else _(
                        "line {line}: {home} v {away}: the match gives neither its VPs nor"
                        " IMPs to work them out from",
                        line=m.line,
                        home=m.home,
                        away=m.away,
                    )
                )
            if boards is None and depends_on_boards(vp_scale):
                raise DuplicateError(
                    _(
                        "{home} v {away}: the match gives its IMPs but not its VPs, and"
                        " neither the file's matches nor its totals show how many boards a"
                        " match was",
                        home=m.home,
                        away=m.away,
                    )
                    if m.line is None
                    else _(
                        "line {line}: {home} v {away}: the match gives its IMPs but not its"
                        " VPs, and neither the file's matches nor its totals show how many"
                        " boards a match was",
                        line=m.line,
                        home=m.home,
                        away=m.away,
                    )
                )
            home_vp, away_vp = _scale_vp(vp_scale, boards, m)
        home_imps = 0.0 if m.home_imps is None else float(m.home_imps)
        away_imps = 0.0 if m.away_imps is None else float(m.away_imps)
        scored.append(Match(m.round, m.home, m.away, (), home_imps, away_imps, home_vp, away_vp))
    scale_name = vp_scale if isinstance(vp_scale, str) else vp_scale.name
    waiting = tuple(team for m in unplayed for team in (m.home, m.away))
    standings = _standings(scored, teams=waiting)
    return TeamsResult(Scoring.IMPS, scale_name, tuple(scored), standings, check, unplayed=unplayed)


def _length_from_totals(
    matches: Sequence[PublishedMatch], vp_scale: str | VPScale, totals: Mapping[str, float]
) -> int | None:
    """The first match length (1 to 64 boards) at which every team's VPs (published, or
    the scale's for its IMPs) add up to its published total; ``None`` when none does."""
    if any(m.home_imps is None or m.away_imps is None for m in matches if m.home_vp is None):
        return None
    teams = {team for m in matches for team in (m.home, m.away)} & set(totals)
    if not teams:
        return None
    for boards in range(1, _MOST_BOARDS + 1):
        summed: dict[str, float] = defaultdict(float)
        for m in matches:
            if m.home_vp is not None and m.away_vp is not None:
                home, away = m.home_vp, m.away_vp
            else:
                home, away = _scale_vp(vp_scale, m.boards or boards, m)
            summed[m.home] += home
            summed[m.away] += away
        if all(abs(summed[team] - totals[team]) < _HALF_HUNDREDTH for team in teams):
            return boards
    return None


def is_unplayed(match: PublishedMatch) -> bool:
    """Whether a match-table row is a match not played yet: it gives no figure at all
    (Ruter writes ``-`` for its ``MatchDetails``, ``VP_Home`` and ``VP_Away``)."""
    return all(
        value is None for value in (match.home_imps, match.away_imps, match.home_vp, match.away_vp)
    )


def check_match_vps(
    matches: Sequence[PublishedMatch], vp_scale: str | VPScale = DEFAULT_VP_SCALE
) -> VPCheck:
    """Every match's published VPs against the scale for its IMP margin. A match that
    does not give its length is read at the one length (1 to 64 boards) that gives the
    most matches' VPs — all of them when the file was scored with that scale."""
    name = vp_scale if isinstance(vp_scale, str) else vp_scale.name
    checkable = [m for m in matches if None not in (m.home_imps, m.away_imps, m.home_vp, m.away_vp)]
    unchecked = len(matches) - len(checkable)
    if not checkable:
        return VPCheck(name, None, False, 0, 0, unchecked=unchecked)
    depends = depends_on_boards(vp_scale)
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


def _scale_vp(
    vp_scale: str | VPScale, boards: int | None, m: PublishedMatch
) -> tuple[float, float]:
    assert m.home_imps is not None
    assert m.away_imps is not None
    return vp(
        round(m.home_imps - m.away_imps), boards if depends_on_boards(vp_scale) else None, vp_scale
    )


def _agrees(vp_scale: str | VPScale, boards: int | None, m: PublishedMatch) -> bool:
    assert m.home_vp is not None
    assert m.away_vp is not None
    home, away = _scale_vp(vp_scale, boards, m)
    return abs(home - m.home_vp) < _HALF_HUNDREDTH and abs(away - m.away_vp) < _HALF_HUNDREDTH


_HALF_HUNDREDTH = 0.005


def team_order(vp: float, difference: float, team: str) -> tuple[float, float, str]:
    """The order teams are ranked in, one rule for the standings and a Swiss draw: more
    VPs first (to the hundredth), then the bigger IMP (or board-a-match) difference,
    then the name."""
    return (-round(vp, 2), -difference, team)


def _standings(
    matches: Sequence[Match],
    byes: Sequence[ByeScore] = (),
    penalties: Mapping[str, float] | None = None,
    *,
    teams: Sequence[str] = (),
    added: Mapping[str, float] | None = None,
) -> tuple[TeamStanding, ...]:
    """Teams ranked by VPs; ``teams`` named that have no match or bye yet are listed
    with none (0 VPs, last); ``added``: VPs from outside the matches (a file's
    adjustments)."""
    vp: dict[str, float] = defaultdict(float)
    got: dict[str, float] = defaultdict(float)
    gave: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    rested: dict[str, int] = defaultdict(int)
    for match in matches:
        for team, (mine, theirs), points in (
            (match.first, (match.first_points, match.second_points), match.first_vp),
            (match.second, match.second_for_against, match.second_vp),
        ):
            vp[team] += points
            got[team] += mine
            gave[team] += theirs
            played[team] += 1
    for bye in byes:
        vp[bye.team] += bye.vp
        rested[bye.team] += 1
    for team in teams:
        vp[team] += 0.0
    taken = penalties or {}
    for team, off in taken.items():
        vp[team] -= off
    for team, more in (added or {}).items():
        vp[team] += more
    placed = places(vp)
    order = sorted(vp, key=lambda t: team_order(vp[t], got[t] - gave[t], t))
    return tuple(
        TeamStanding(
            placed[t],
            t,
            round(vp[t], 2),
            got[t],
            gave[t],
            played[t],
            rested[t],
            taken.get(t, 0.0),
        )
        for t in order
    )


def standings_by_team(result: TeamsResult) -> Mapping[str, TeamStanding]:
    return {s.team: s for s in result.standings}
