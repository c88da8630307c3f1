"""An individual event: each board is scored between the two partnerships at the table,
and each player is credited with their partnership's points on that board.

A row of an individual event has ``players`` (North, East, South, West) and ``ns``/
``ew`` naming the deal's two partnerships. The boards are matchpointed (or IMPed)
exactly as in a pairs event (:func:`~bridgescore.events.pairs.score_pairs`); then
North and South get the NS points, East and West the EW points, and the players are
totalled and ranked in one field by the pairs event's own totalling
(:func:`~bridgescore.events.pairs.rank_field`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from bridgescore.duplicate.butler import ButlerPreset
from bridgescore.duplicate.entries import Adjusted
from bridgescore.duplicate.imps import DuplicateError
from bridgescore.duplicate.matchpoint_policies import MatchpointPolicy
from bridgescore.errors import marked as _
from bridgescore.events.model import EventResults
from bridgescore.events.pairs import (
    PairsResult,
    Tally,
    Totalling,
    Traveller,
    TravellerLine,
    matchpoint_policy,
    pairs_scoring,
    rank_field,
    score_pairs,
    top_of,
)
from bridgescore.events.vocabulary import Scoring


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    """A player's place, total and (matchpoints) percentage."""

    place: str
    player: str
    total: float
    percent: float | None
    boards: int


@dataclass(frozen=True, slots=True)
class IndividualResult:
    """The boards as a pairs event scores them (partnerships), and the players' standings."""

    pairs: PairsResult
    standings: tuple[PlayerStanding, ...]

    @property
    def travellers(self) -> tuple[Traveller, ...]:
        return self.pairs.travellers

    def standing(self, player: str) -> PlayerStanding:
        for standing in self.standings:
            if standing.player == str(player):
                return standing
        raise DuplicateError(_("player {player!r} is not in this event", player=player))


def score_individual(
    event: EventResults,
    scoring: str | Scoring = Scoring.MATCHPOINTS,
    *,
    policy: str | MatchpointPolicy | None = None,
    butler: str | ButlerPreset | None = None,
    factor_totals: bool | str | None = None,
) -> IndividualResult:
    """Score every board between partnerships, then total and rank the players.

    ``policy``, ``butler`` and ``factor_totals`` are as for
    :func:`~bridgescore.events.pairs.score_pairs`. A row without ``players`` is an
    error: the event is not an individual one.

    >>> from bridgescore.core.vulnerability import Vulnerability
    >>> from bridgescore.events.model import EventResults, ResultRow
    >>> none = Vulnerability.NONE
    >>> rows = (
    ...     ResultRow(1, "1+3", "2+4", none, ns_score=420, players=("1", "2", "3", "4")),
    ...     ResultRow(1, "5+7", "6+8", none, ns_score=-50, players=("5", "6", "7", "8")),
    ... )
    >>> [(s.player, s.percent) for s in score_individual(EventResults(rows)).standings][:3]
    [('1', 100.0), ('3', 100.0), ('6', 100.0)]
    """
    for row in event.rows:
        if row.players is None:
            raise DuplicateError(
                _(
                    "{where}: board {board}: no players (N, E, S, W) on this row;"
                    " score a pairs event with score_pairs",
                    where=row.where.phrase,
                    board=row.board,
                )
            )
    how = pairs_scoring(scoring)
    chosen = None if how.uses_imps else matchpoint_policy(how, policy)
    # Law 12C2's "session percentage" is the contestant's: in an individual, the player's,
    # not the one-round partnership's. The boards are scored without it; each player's
    # A+ / A- is then worked out from the player's own percentage.
    plain = None if chosen is None else replace(chosen, session_rule=False)
    scored = score_pairs(event, how, policy=plain, butler=butler, field="one")
    session = _player_sessions(scored) if chosen is not None and chosen.session_rule else {}
    tallies: dict[str, Tally] = {}
    for traveller in scored.travellers:
        top = traveller.counted_top
        exact_top = top_of(traveller)
        for line in traveller.lines:
            for player, side in _seats(line):
                tally = tallies.setdefault(player, Tally())
                counted = line.counted(side)
                if counted is None:
                    continue
                value = line.exact(side) or Fraction(0)
                adjusted = line.row.adjusted
                if session and top is not None and isinstance(adjusted, Adjusted):
                    assert chosen is not None
                    assert exact_top is not None
                    full = exact_top
                    award = adjusted.ns if side == "NS" else adjusted.ew
                    value = full * chosen.award_percent(award, session.get(player)) / 100
                    counted = chosen.count_points(value, chosen.round_points(value, full), full)
                tally.add(counted, value, exact_top)
    ranked = rank_field(
        tallies, Totalling.of(chosen, factor_totals), event_boards=len(scored.travellers)
    )
    standings = tuple(PlayerStanding(r.place, r.name, r.total, r.percent, r.boards) for r in ranked)
    return IndividualResult(scored, standings)


def _seats(line: TravellerLine) -> tuple[tuple[str, str], ...]:
    """Each player of the line with the side whose points are theirs."""
    players = line.row.players
    assert players is not None
    north, east, south, west = players
    return ((north, "NS"), (south, "NS"), (east, "EW"), (west, "EW"))


def _player_sessions(scored: PairsResult) -> dict[str, Fraction]:
    """Each player's percentage on the boards where they had a real result."""
    points: dict[str, Fraction] = defaultdict(Fraction)
    tops: dict[str, Fraction] = defaultdict(Fraction)
    for traveller in scored.travellers:
        top = traveller.counted_top
        if top is None:
            continue
        for line in traveller.lines:
            if line.row.ns_score is None:
                continue
            for player, side in _seats(line):
                value = line.exact(side)
                if value is not None:
                    points[player] += value
                    tops[player] += Fraction(str(top))
    return {p: 100 * points[p] / tops[p] for p in points if tops[p]}


def standings_by_player(result: IndividualResult) -> Mapping[str, PlayerStanding]:
    return {s.player: s for s in result.standings}
