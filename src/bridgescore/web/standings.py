"""Procedural penalties (a pair's in points or per cent of a top, a team's in VPs) and
the pairs ranking after them (a teams session's: ``matches.teams_result``)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from bridgescore.events.pairs import PairsResult, PairsScoring
from bridgescore.events.ranking import places
from bridgescore.events.scoring import EventResult, score_event
from bridgescore.web.clubs import EntryError, Viewer, is_teams, movement_of, user_of
from bridgescore.web.entries import event_of
from bridgescore.web.models import (
    Penalty,
    Session,
    SessionPair,
)


def add_penalty(
    session: Session,
    pair: str,
    amount: str,
    unit: str,
    reason: str,
    user: Viewer = None,
) -> Penalty:
    """A procedural penalty on a pair's total, or a team's in VPs (a new line; nothing
    is overwritten)."""
    teams = is_teams(session)
    if pair not in movement_of(session).pairs:
        raise EntryError(f"there is no {'team' if teams else 'pair'} {pair!r} in this session")
    try:
        value = Decimal(amount.strip())
    except InvalidOperation:
        raise EntryError(f"{amount!r}: a penalty is a number, like 2 or 0.5") from None
    if not value.is_finite() or value <= 0 or value >= 1000:
        raise EntryError(f"{amount!r}: a penalty is more than 0 and less than 1000")
    if unit not in Penalty.Unit.values:
        raise EntryError(f"{unit!r}: a penalty is in {' or '.join(Penalty.Unit.values)}")
    if teams != (unit == Penalty.Unit.VP):
        raise EntryError(
            "a teams session's penalty is in victory points"
            if teams
            else "victory points are for teams sessions: give points or per cent of a top"
        )
    if unit == Penalty.Unit.TOP and _uses_imps(session):
        raise EntryError("a penalty in per cent of a top is for matchpoints: give IMPs")
    if unit == Penalty.Unit.TOP and value > 100:
        raise EntryError(f"{amount}% of a top: say at most 100")
    if not reason.strip():
        raise EntryError("a penalty needs a reason (it goes in the log)")
    return Penalty.objects.create(
        session=session, pair=pair, amount=value, unit=unit, reason=reason.strip(), by=user_of(user)
    )


def withdraw_penalty(session: Session, penalty_id: int, reason: str, user: Viewer) -> Penalty:
    """Withdraw a penalty: a new line naming it (the penalty stays in the log)."""
    penalty = Penalty.objects.filter(session=session, pk=penalty_id, withdraws=None).first()
    if penalty is None or Penalty.objects.filter(withdraws=penalty).exists():
        raise EntryError("that penalty is not standing")
    if not reason.strip():
        raise EntryError("withdrawing a penalty needs a reason (it goes in the log)")
    return Penalty.objects.create(
        session=session,
        pair=penalty.pair,
        amount=penalty.amount,
        unit=penalty.unit,
        withdraws=penalty,
        reason=reason.strip(),
        by=user_of(user),
    )


def standing_penalties(session: Session) -> list[Penalty]:
    """The penalties that stand (not withdrawn), in the order they were given."""
    withdrawn = set(
        Penalty.objects.filter(session=session, withdraws__isnull=False).values_list(
            "withdraws_id", flat=True
        )
    )
    return [
        p for p in Penalty.objects.filter(session=session, withdraws=None) if p.pk not in withdrawn
    ]


def _uses_imps(session: Session) -> bool:
    return PairsScoring.parse(session.scoring).uses_imps


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


@dataclass(frozen=True, slots=True)
class RankLine:
    """A pair's line in the ranking after procedural penalties (``penalty``: the points
    taken off its total; its percentage loses them over the tops of the boards it played)."""

    place: str
    pair: str
    field: str
    names: str
    total: float
    percent: float | None
    boards: int
    penalty: float


def ranking(session: Session, result: EventResult | None = None) -> list[RankLine]:
    """The ranking as the library scores the session, with the standing procedural
    penalties taken off: a penalty in points off the total, one in per cent of a top as
    that share of the biggest board top; the percentage loses the same points over the
    tops of the boards the pair played; places worked out again by the library's
    :func:`~bridgescore.events.ranking.places` on the same figure (percentage, else total).
    """
    scored = result if result is not None else score_event(event_of(session))
    if not isinstance(scored, PairsResult):
        raise EntryError("this session is not a pairs event")
    top = max((t.counted_top or 0 for t in scored.travellers), default=0)
    exact, tops = _exact_points(scored)
    taken: dict[str, Fraction] = {}
    for penalty in standing_penalties(session):
        amount = Fraction(penalty.amount)
        points = (
            amount if penalty.unit == Penalty.Unit.POINTS else amount * Fraction(str(top)) / 100
        )
        taken[penalty.pair] = taken.get(penalty.pair, Fraction(0)) + points
    names = {p.pair: p.names for p in SessionPair.objects.filter(session=session)}
    lines: list[RankLine] = []
    for field_name in scored.fields:
        standings = [s for s in scored.standings if s.field == field_name]
        totals: dict[str, float] = {}
        percents: dict[str, float | None] = {}
        for s in standings:
            off = taken.get(s.pair, Fraction(0))
            totals[s.pair] = round(float(Fraction(str(s.total)) - off), 2)
            pair_top = tops.get(s.pair, Fraction(0))
            percents[s.pair] = s.percent
            if s.percent is not None and off and pair_top:
                basis = exact.get(s.pair, Fraction(0)) - off
                percents[s.pair] = round(float(100 * basis / pair_top), 2)
        figures: dict[str, float] = {}
        for p, total in totals.items():
            percent = percents[p]
            figures[p] = total if percent is None else percent
        placed = places(figures)
        for s in standings:
            lines.append(
                RankLine(
                    placed[s.pair],
                    s.pair,
                    field_name,
                    names.get(s.pair, ""),
                    totals[s.pair],
                    percents[s.pair],
                    s.boards,
                    round(float(taken.get(s.pair, Fraction(0))), 2),
                )
            )
    lines.sort(key=lambda r: (scored.fields.index(r.field), int(r.place.rstrip("=")), r.pair))
    return lines
