"""The club and its sessions, apart from HTTP: clubs, directors, the roster, a new session
with its tables' links and its pairs' rows, the sessions a director may open."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from bridgescore.core.notation import notated_pair
from bridgescore.events.movements.model import Movement
from bridgescore.events.movements.sections import SectionedMovement
from bridgescore.web import analysing, said
from bridgescore.web.hand_records import check_hands
from bridgescore.web.logbook import log
from bridgescore.web.models import (
    Club,
    Director,
    Player,
    Session,
    SessionPair,
    TableLink,
)
from bridgescore.web.refusals import EntryError, Viewer, user_of
from bridgescore.web.session_movement import table_numbers


def create_session(
    club: Club,
    name: str,
    movement: Movement | SectionedMovement,
    *,
    spec: str = "",
    date: datetime.date | None = None,
    names: Mapping[str, str] | None = None,
    hands_pbn: str = "",
    scoring: str = "mp",
    lead_rule: str = Session.LeadRule.WARN,
    sections: str = Session.SectionScoring.ACROSS,
    program: str = "",
    played: bool = False,
) -> Session:
    """A new session under way, with a link for each table and a row for each pair.
    ``program``: the program whose conventions it is scored with (a results file's).
    ``played``: ``movement`` is the one a results file shows played, held only to the
    rules a played movement is (:meth:`Movement.problems`: a pair that left stays under
    70 % of the boards).
    ``lead_rule``: whether the tables give the opening lead, and how it is checked (one of
    :class:`Session.LeadRule`). A field in sections (:class:`SectionedMovement`) is played
    flattened, its tables and pairs named by section, and scored as ``sections`` says
    (:class:`Session.SectionScoring`: across the field, or within each section; a field
    whose sections play their own deals is always scored within each section)."""
    if lead_rule not in Session.LeadRule.values:
        rules = ", ".join(Session.LeadRule.values)
        raise EntryError(
            gettext("{lead_rule!r}: the opening lead rule is one of {rules}").format(
                lead_rule=lead_rule, rules=rules
            )
        )
    either = (Session.SectionScoring.ACROSS, Session.SectionScoring.APART)
    if isinstance(movement, SectionedMovement) and sections not in either:
        raise EntryError(
            gettext("{sections!r}: a session in sections is scored across or apart").format(
                sections=sections
            )
        )
    problems = movement.problems(played=played)
    if problems:
        raise EntryError(
            gettext("the movement is not sound: {problems}").format(
                problems=problems[0].translated(gettext)
            )
        )
    if hands_pbn.strip():
        check_hands(hands_pbn)  # a located error now rather than at the first lead check
    flat = movement.flattened() if isinstance(movement, SectionedMovement) else movement
    scored = Session.SectionScoring.ONE
    if isinstance(movement, SectionedMovement):  # deals of their own: only apart
        scored = Session.SectionScoring(sections if movement.same_boards else "apart")
    with transaction.atomic():
        return open_session(
            club,
            movement,
            flat.pairs,
            names or {},
            name=name,
            date=date or datetime.date.today(),
            spec=spec,
            hands_pbn=hands_pbn,
            scoring=scoring,
            lead_rule=lead_rule,
            sections=scored.value,
            program=program,
        )


def open_session(
    club: Club,
    movement: Movement | SectionedMovement,
    pairs: Sequence[str],
    names: Mapping[str, str],
    **fields: Any,
) -> Session:
    """The session's rows (inside the caller's transaction): the session with its
    ``fields``, a row for each pair (or team) in ``pairs`` with its players' ``names``, and
    a link for each table of the movement. Its results are published in the language the
    director is using (``language``), unless ``fields`` name one. Its hand records, if any,
    are analysed once the transaction commits (:mod:`.analysing`)."""
    fields.setdefault("language", (translation.get_language() or "")[:2])
    fields.update(analysing.fields_for(fields.get("hands_pbn", "")))
    session = Session.objects.create(club=club, movement_json=movement.to_json(), **fields)
    analysing.start_on_commit(session.pk, session.hands_pbn)
    SessionPair.objects.bulk_create(
        SessionPair(session=session, pair=pair, names=names.get(pair, "")) for pair in pairs
    )
    played = movement.flattened() if isinstance(movement, SectionedMovement) else movement
    TableLink.objects.bulk_create(
        TableLink(session=session, table=number) for number in table_numbers(played)
    )
    return session


def sessions_for(user: Viewer) -> Iterable[Session]:
    """The sessions of every club the user directs."""
    return Session.objects.filter(club__directors__user=user_of(user)).order_by("-date", "-id")


def clubs_for(user: Viewer) -> list[Club]:
    """The clubs the user directs (none for anyone not logged in)."""
    return list(Club.objects.filter(directors__user=user_of(user)))


def add_player(club: Club, name: str, number: str = "") -> Player:
    """A new player on the club's roster (a name not already on it)."""
    name = " ".join(name.split())
    if not name:
        raise EntryError(gettext("the player needs a name"))
    if "&" in name:
        raise EntryError(
            gettext("{name!r}: a player's name cannot hold '&' (it joins a pair's names)").format(
                name=name
            )
        )
    if Player.objects.filter(club=club, name__iexact=name).exists():
        raise EntryError(gettext("{name!r} is already on the roster").format(name=name))
    return Player.objects.create(club=club, name=name[:120], number=number.strip()[:30])


def add_director(club: Club, username: str, password: str, user: Viewer = None) -> Director:
    """A new director login for the club (the password kept hashed, never as typed)."""
    from django.contrib.auth.password_validation import validate_password
    from django.core.exceptions import ValidationError

    username = username.strip()
    if not username:
        raise EntryError(gettext("the director needs a user name"))
    if User.objects.filter(username__iexact=username).exists():
        raise EntryError(gettext("the user name {username!r} is taken").format(username=username))
    try:
        validate_password(password)
    except ValidationError as error:
        raise EntryError(" ".join(error.messages)) from None
    with transaction.atomic():
        login = User.objects.create_user(username, password=password)
        director = Director.objects.create(user=login, club=club)
    detail = said.said(gettext_noop("{user} directs {club}"), user=username, club=club.name)
    log(None, gettext_noop("director added"), detail, user=user)
    return director


def set_pair_names(
    session: Session, pair: str, players: Iterable[Player | str], user: Viewer = None
) -> SessionPair:
    """Name a pair of the session from the roster (or typed names): ``"A & B"``."""
    row = SessionPair.objects.filter(session=session, pair=pair).first()
    if row is None:
        raise EntryError(gettext("there is no pair {pair!r} in this session").format(pair=pair))
    names = []
    for player in players:
        if isinstance(player, Player) and player.club_id != session.club_id:
            raise EntryError(
                gettext("{name!r} is not on this club's roster").format(name=player.name)
            )
        text = " ".join(str(player).split())
        if "&" in text:
            raise EntryError(gettext("{text!r}: a player's name cannot hold '&'").format(text=text))
        if text:
            names.append(text)
    shown = " & ".join(names)
    if shown != row.names:
        row.names = shown[:200]
        row.save(update_fields=["names"])
        detail = (
            said.said(gettext_noop("pair {pair}: {names}"), pair=notated_pair(pair), names=shown)
            if shown
            else said.said(gettext_noop("pair {pair}: (no names)"), pair=notated_pair(pair))
        )
        log(session, gettext_noop("pair named"), detail, user=user)
    return row


def directed_session(user: Viewer, session_id: int) -> Session | None:
    """The session, if ``user`` directs its club (else ``None``: a 404, no probing ids)."""
    return (
        Session.objects.filter(pk=session_id, club__in=clubs_for(user))
        .select_related("club")
        .first()
    )
