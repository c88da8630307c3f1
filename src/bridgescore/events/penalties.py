"""Procedural penalties: points off a pair's total, per cent of a top, or a team's VPs.

A director fines a pair for a slow play or a late arrival (Law 90): in the event's own
points (matchpoints or IMPs), or, at matchpoints, in per cent of a top (the EBU's
standard fine is 25 % of a top), and a team in victory points. The fine comes off the
total; a pair's percentage loses the same points over the tops of the boards it played;
places are worked out again on the same figure (percentage, else total).

>>> check_penalty(Fraction(25), PenaltyUnit.TOP, ScoringOptions(scoring=Scoring.BUTLER))
Traceback (most recent call last):
  ...
bridgescore.errors.BridgeInputError: a penalty in per cent of a top is for matchpoints: give IMPs
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TypeVar

from bridgescore.core.words import Word
from bridgescore.errors import BridgeInputError, Message
from bridgescore.errors import marked as _
from bridgescore.events.options import ScoringOptions
from bridgescore.events.pairs import PairsResult, Standing
from bridgescore.events.ranking import places
from bridgescore.events.teams import TeamsResult, with_penalties
from bridgescore.events.vocabulary import EventKind, Scoring

R = TypeVar("R", PairsResult, TeamsResult)

PENALTY_LIMIT = 1000
"""A penalty is more than 0 and less than this (a mistyped amount is refused)."""


class PenaltyUnit(Word):
    """What a penalty's amount is in: the event's points, per cent of a top, or VPs."""

    POINTS = "points"
    TOP = "top"
    VP = "vp"

    @classmethod
    def what(cls) -> Message:
        return _("penalty unit")


@dataclass(frozen=True, slots=True)
class Penalty:
    """A standing procedural penalty on one pair or team."""

    pair: str
    amount: Fraction
    unit: PenaltyUnit = PenaltyUnit.POINTS


def check_penalty(amount: Fraction, unit: PenaltyUnit, options: ScoringOptions) -> None:
    """Refuse a penalty the event cannot take: VPs are for teams, points or per cent of a
    top for pairs, per cent of a top only at matchpoints, an amount from 0 to the limit."""
    if not 0 < amount < PENALTY_LIMIT:
        raise BridgeInputError(
            _(
                "{amount:g}: a penalty is more than 0 and less than {limit}",
                amount=float(amount),
                limit=PENALTY_LIMIT,
            )
        )
    teams = options.kind is EventKind.TEAMS
    if teams != (unit is PenaltyUnit.VP):
        raise BridgeInputError(
            _("a teams session's penalty is in victory points")
            if teams
            else _("victory points are for teams sessions: give points or per cent of a top")
        )
    if unit is PenaltyUnit.TOP and options.scoring not in (Scoring.MATCHPOINTS, Scoring.ACBL):
        raise BridgeInputError(_("a penalty in per cent of a top is for matchpoints: give IMPs"))
    if unit is PenaltyUnit.TOP and amount > 100:
        raise BridgeInputError(_("{amount:g}% of a top: say at most 100", amount=float(amount)))


def apply_penalties(result: R, penalties: Sequence[Penalty]) -> R:
    """``result`` with ``penalties`` taken off (the same result when there are none)."""
    if isinstance(result, TeamsResult):
        taken: dict[str, float] = {}
        for penalty in penalties:
            taken[penalty.pair] = taken.get(penalty.pair, 0.0) + float(penalty.amount)
        return with_penalties(result, taken)
    return _pairs_penalties(result, penalties) if penalties else result


def _pairs_penalties(scored: PairsResult, penalties: Sequence[Penalty]) -> PairsResult:
    exact, tops = _exact_points(scored)
    taken: dict[str, Fraction] = {}
    for penalty in penalties:
        points = penalty.amount
        if penalty.unit is PenaltyUnit.TOP:
            points = penalty.amount * _top_of(scored, penalty.pair) / 100
        taken[penalty.pair] = taken.get(penalty.pair, Fraction(0)) + points
    standings: list[Standing] = []
    for field in scored.fields:
        mine = [s for s in scored.standings if s.field == field]
        figures: dict[str, float] = {}
        changed: dict[str, Standing] = {}
        for s in mine:
            off = taken.get(s.pair, Fraction(0))
            total = round(float(Fraction(str(s.total)) - off), 2)
            percent = s.percent
            pair_top = tops.get(s.pair, Fraction(0))
            if percent is not None and off and pair_top:
                percent = round(float(100 * (exact.get(s.pair, Fraction(0)) - off) / pair_top), 2)
            changed[s.pair] = replace(s, total=total, percent=percent)
            figures[s.pair] = total if percent is None else percent
        placed = places(figures)
        standings.extend(replace(changed[s.pair], place=placed[s.pair]) for s in mine)
    standings.sort(key=lambda s: (scored.fields.index(s.field), int(s.place.rstrip("=")), s.pair))
    kept = tuple(sorted((pair, round(float(points), 2)) for pair, points in taken.items()))
    return replace(scored, standings=tuple(standings), penalties=kept)


def _top_of(scored: PairsResult, pair: str) -> Fraction:
    """The top a pair's per cent of a top is taken of: the highest top of the boards it
    played, as they were scored for it (a section scored apart has its own top; a board
    played fewer times, a lower one). A pair that played nothing: the event's top."""
    played = [
        t.counted_top or 0
        for t in scored.travellers
        if any(pair in (line.row.ns, line.row.ew) for line in t.lines)
    ]
    every = [t.counted_top or 0 for t in scored.travellers]
    return Fraction(str(max(played or every, default=0)))


def _exact_points(scored: PairsResult) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """Each pair's exact points and the sum of the tops of the boards it scored on."""
    points: dict[str, Fraction] = {}
    tops: dict[str, Fraction] = {}
    for traveller in scored.travellers:
        top = Fraction(str(traveller.counted_top or 0))
        for line in traveller.lines:
            for side, pair in (("NS", line.row.ns), ("EW", line.row.ew)):
                got = line.exact(side)
                if got is not None:
                    points[pair] = points.get(pair, Fraction(0)) + got
                    tops[pair] = tops.get(pair, Fraction(0)) + top
    return points, tops
