"""Procedural penalties (a pair's in points or per cent of a top, a team's in VPs) and
the pairs ranking after them (a teams session's: ``matches.teams_result``)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction

from django.utils.translation import gettext

from bridgescore.errors import BridgeInputError
from bridgescore.events.conventions import choose_conventions
from bridgescore.events.options import DEFAULT_OPTIONS, ScoringOptions
from bridgescore.events.pairs import PairsResult, Standing
from bridgescore.events.penalties import Penalty as LibraryPenalty
from bridgescore.events.penalties import PenaltyUnit, apply_penalties, check_penalty
from bridgescore.events.scoring import EventResult, score_event
from bridgescore.events.vocabulary import EventKind
from bridgescore.web.in_play import event_of
from bridgescore.web.models import (
    Penalty,
    Session,
)
from bridgescore.web.naming import is_teams, team_typed
from bridgescore.web.refusals import EntryError, Viewer, user_of
from bridgescore.web.said import problem, words_of
from bridgescore.web.session_movement import movement_of


def add_penalty(
    session: Session,
    pair: str,
    amount: str,
    unit: str,
    reason: str,
    user: Viewer = None,
) -> Penalty:
    """A procedural penalty on a pair's total, or a team's in VPs (a new line; nothing
    is overwritten), if the library's rules let the session take it; the pair by its id,
    the team by its id or its name, typed in any case."""
    if is_teams(session):
        pair = team_typed(session, pair)  # a1 is A1, aces is Aces (A1 in sections)
    else:
        # typed in any case and the reader's notation too: a1ns is A1NS, a Finn's A1IL A1EW
        named = movement_of(session).pair_typed(pair, words_of().notation)
        if named is None:
            raise EntryError(gettext("there is no pair {pair!r} in this session").format(pair=pair))
        pair = named
    try:
        value = Decimal(amount.strip())
    except InvalidOperation:
        raise EntryError(
            gettext("{amount!r}: a penalty is a number, like 2 or 0.5").format(amount=amount)
        ) from None
    if not value.is_finite():
        raise EntryError(
            gettext("{amount!r}: a penalty is a number, like 2 or 0.5").format(amount=amount)
        )
    try:
        check_penalty(Fraction(value), PenaltyUnit.parse(unit), options_of(session))
    except BridgeInputError as error:
        raise EntryError(problem(error)) from None
    if not reason.strip():
        raise EntryError(gettext("a penalty needs a reason (it goes in the log)"))
    return Penalty.objects.create(
        session=session, pair=pair, amount=value, unit=unit, reason=reason.strip(), by=user_of(user)
    )


def withdraw_penalty(session: Session, penalty_id: int, reason: str, user: Viewer) -> Penalty:
    """Withdraw a penalty: a new line naming it (the penalty stays in the log)."""
    penalty = Penalty.objects.filter(session=session, pk=penalty_id, withdraws=None).first()
    if penalty is None or Penalty.objects.filter(withdraws=penalty).exists():
        raise EntryError(gettext("that penalty is not standing"))
    if not reason.strip():
        raise EntryError(gettext("withdrawing a penalty needs a reason (it goes in the log)"))
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


def penalties_of(session: Session) -> list[LibraryPenalty]:
    """The standing penalties as the library takes them."""
    return [
        LibraryPenalty(p.pair, Fraction(p.amount), PenaltyUnit.parse(p.unit))
        for p in standing_penalties(session)
    ]


def options_of(session: Session) -> ScoringOptions:
    """What the session is scored with: its kind and scoring, bridgescore's defaults but
    for the conventions of the program it is scored as (:attr:`Session.program`: a
    results file's), the options ``options_for(event_of(session))`` gives, without
    reading the results."""
    kind = EventKind.TEAMS if is_teams(session) else EventKind.PAIRS
    base = DEFAULT_OPTIONS.but(kind=kind, scoring=session.scoring)
    return choose_conventions(session.program or "bridgescore", base).options


def ranking(session: Session, result: EventResult | None = None) -> tuple[Standing, ...]:
    """The pairs ranking as the library scores the session, the standing procedural
    penalties taken off (:func:`~bridgescore.events.penalties.apply_penalties`)."""
    scored = result if result is not None else score_event(event_of(session))
    if not isinstance(scored, PairsResult):
        raise EntryError(gettext("this session is not a pairs event"))
    return apply_penalties(scored, penalties_of(session)).standings
