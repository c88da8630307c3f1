"""The club and its sessions, apart from HTTP: clubs, directors, the roster, a new pairs
session with its tables' links, the session's movement and hand records, and the log of
what the director should know.

Views turn :class:`EntryError` (and any library input error) into a message in one place.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_noop

from bridgescore.core.hands import Hands
from bridgescore.errors import BridgeInputError
from bridgescore.events.movements.model import (
    Movement,
)
from bridgescore.web import analysing, said
from bridgescore.web.models import (
    Club,
    Director,
    LogLine,
    Player,
    Session,
    SessionPair,
    TableCall,
    TableLink,
)

Viewer = AbstractBaseUser | AnonymousUser | None
"""Who is asking: a logged-in director, or no one."""


def user_of(who: Viewer) -> User | None:
    return who if isinstance(who, User) and who.is_authenticated else None


class EntryError(BridgeInputError):
    """A result the app will not take: says why, in words for the table."""


class SessionClosedError(EntryError):
    """A table's result after the director closed (or published) the session."""


def create_session(
    club: Club,
    name: str,
    movement: Movement,
    *,
    spec: str = "",
    date: datetime.date | None = None,
    names: Mapping[str, str] | None = None,
    hands_pbn: str = "",
    scoring: str = "mp",
    lead_rule: str = Session.LeadRule.WARN,
) -> Session:
    """A new session under way, with a link for each table and a row for each pair.
    ``lead_rule``: whether the tables give the opening lead, and how it is checked (one of
    :class:`Session.LeadRule`)."""
    if lead_rule not in Session.LeadRule.values:
        rules = ", ".join(Session.LeadRule.values)
        raise EntryError(
            gettext("{lead_rule!r}: the opening lead rule is one of {rules}").format(
                lead_rule=lead_rule, rules=rules
            )
        )
    problems = movement.problems()
    if problems:
        raise EntryError(
            gettext("the movement is not sound: {problems}").format(
                problems=problems[0].translated(gettext)
            )
        )
    if hands_pbn.strip():
        check_hands(hands_pbn)  # a located error now rather than at the first lead check
    with transaction.atomic():
        return open_session(
            club,
            movement,
            movement.pairs,
            names or {},
            name=name,
            date=date or datetime.date.today(),
            spec=spec,
            hands_pbn=hands_pbn,
            scoring=scoring,
            lead_rule=lead_rule,
        )


def open_session(
    club: Club,
    movement: Movement,
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
    TableLink.objects.bulk_create(
        TableLink(session=session, table=number) for number in table_numbers(movement)
    )
    return session


def table_numbers(movement: Movement) -> list[int]:
    """Every table number in the movement, in order."""
    return sorted({t.table for r in movement.rounds for t in r.tables})


@lru_cache(maxsize=64)
def parsed_movement(text: str) -> Movement:
    """A movement from its JSON form (parsed once per distinct text)."""
    return Movement.from_json(text)


_MOVEMENTS: dict[str, tuple[int, Movement]] = {}


def movement_of(session: Session) -> Movement:
    """The session's movement, parsed once per process while it is unchanged: looked up
    by the session and its movement's version (raised by every change of the movement),
    not by reading or comparing the movement's text."""
    kept = _MOVEMENTS.get(session.public_id)  # never reused, unlike a row's number
    if kept is not None and kept[0] == session.movement_version:
        return kept[1]
    movement = parsed_movement(session.movement_json)
    if len(_MOVEMENTS) >= 64:
        _MOVEMENTS.clear()
    _MOVEMENTS[session.public_id] = (session.movement_version, movement)
    return movement


def check_hands(pbn_text: str) -> None:
    """Refuse hand records with any error (with its line and board) or with no deals."""
    from bridgescore.io import pbn

    pbn.loads(pbn_text, source="hand records", strict=True)
    if not hands_of(pbn_text):
        raise EntryError(gettext("the hand records hold no deals"))


def set_hands(session: Session, pbn_text: str, user: Viewer = None) -> None:
    """New hand records for the session (checked first: a file with any error, or with no
    deals, changes nothing): kept with a new analysis under way, the old one no longer
    shown, and a line in the log."""
    check_hands(pbn_text)
    with transaction.atomic():
        Session.objects.filter(pk=session.pk).update(
            hands_pbn=pbn_text, **analysing.fields_for(pbn_text)
        )
        boards = boards_shown(hands_of(pbn_text))
        detail = said.said(gettext_noop("boards {boards}"), boards=boards)
        log(session, gettext_noop("hand records uploaded"), detail, user=user)
        analysing.start_on_commit(session.pk, pbn_text)
    session.refresh_from_db()


@lru_cache(maxsize=16)
def hands_of(pbn_text: str) -> Mapping[int, Hands]:
    """The deals of a PBN hand record, by board number (none without hand records: the
    PBN reader is not even imported then, as a first result waits behind it)."""
    if not pbn_text.strip():
        return {}
    from bridgescore.io import pbn

    event = pbn.to_event(pbn.loads(pbn_text, source="hand records"))
    return dict(event.hands)


def table_label(session: Session, table: int) -> str:
    """A table as the players know it: its number (pairs), or its match and room, ``1a``
    for match 1's open room and ``1b`` for its closed room (teams)."""
    return room_label(table) if session.kind == Session.Kind.TEAMS else str(table)


def room_label(table: int) -> str:
    """``1a``/``1b`` for the open and closed rooms of match 1 (tables 1 and 2), and on."""
    return f"{(table + 1) // 2}{'a' if table % 2 else 'b'}"


def room_name(table: int) -> str:
    """``match 1, open room`` for table 1, ``match 1, closed room`` for table 2 (in the
    request's language)."""
    match = (table + 1) // 2
    if table % 2:
        return gettext("match {match}, open room").format(match=match)
    return gettext("match {match}, closed room").format(match=match)


def log(
    session: Session | None, what: str, detail: str, *, user: Viewer = None, address: str = ""
) -> None:
    """A line in the session's log (refused entries, forged links, takeovers). In a teams
    session a table kept by its number (``table {table}``, 4) is kept as the room the
    players know (``2b``), never as a number no card or grid shows."""
    if session is not None and session.kind == Session.Kind.TEAMS:
        detail = _rooms_named(detail)
    LogLine.objects.create(
        session=session,
        what=what,
        detail=detail[:500],
        by=user_of(user),
        address=address[:64],
    )


def _rooms_named(detail: str) -> str:
    """A kept message whose ``table`` value is a table's number, kept with the room's
    label (:func:`room_label`) instead; anything else as it is."""
    found = said.part_of(detail)
    table = None if found is None else found.values.get("table")
    if found is None or not isinstance(table, int) or isinstance(table, bool):
        return detail
    return said.said(found.template, **{**found.values, "table": room_label(table)})


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
            said.said(gettext_noop("pair {pair}: {names}"), pair=pair, names=shown)
            if shown
            else said.said(gettext_noop("pair {pair}: (no names)"), pair=pair)
        )
        log(session, gettext_noop("pair named"), detail, user=user)
    return row


def boards_shown(boards: Iterable[int]) -> str:
    """Boards as the app's pages list them: ``1-4`` for a whole run of three or more,
    else each number (``1, 2``; ``1, 3, 4``)."""
    ordered = sorted(boards)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(map(str, ordered))


def is_teams(session: Session) -> bool:
    return session.kind == Session.Kind.TEAMS


def directed_session(user: Viewer, session_id: int) -> Session | None:
    """The session, if ``user`` directs its club (else ``None``: a 404, no probing ids)."""
    return (
        Session.objects.filter(pk=session_id, club__in=clubs_for(user))
        .select_related("club")
        .first()
    )


def table_named(session: Session, table: int) -> said.Part:
    """A table as the grid heads its column, kept for a log line and said in the reader's
    language: ``table 4`` (pairs), ``match 2, closed room`` (teams: table 4)."""
    if session.kind == Session.Kind.TEAMS:
        match = (table + 1) // 2
        if table % 2:
            return said.part(gettext_noop("match {match}, open room"), match=match)
        return said.part(gettext_noop("match {match}, closed room"), match=match)
    return said.part(gettext_noop("table {table}"), table=table)


def table_shown(session: Session, table: int) -> str:
    """:func:`table_named` in the request's language, capitalised as a heading starts:
    ``Table 4``, ``Match 2, closed room``."""
    text = said.text(table_named(session, table))
    return text[:1].upper() + text[1:]


class Alert(StrEnum):
    """What about a table needs the director on the grid, until answered."""

    CALL = "call"
    """A TD call: answered by the director."""
    NOT_PLAYED = "not_played"
    """A board the table asks to mark not played: accepted, ruled or refused."""
    LOCKED = "locked"
    """Locked after wrong codes: released."""
    TAKEOVER = "takeover"
    """Another phone took the table over: seen."""


@dataclass(frozen=True, slots=True)
class TableAlert:
    """Something about a table the director should see on the grid: a TD call (with its
    note, to answer), a board the table asks to mark not played (to accept, rule or
    refuse), a table locked after wrong codes (to release), a takeover (to acknowledge).
    ``label``: the table as the grid heads it; ``text``: what is said after it."""

    table: int
    what: str  # an Alert
    text: str
    call_id: int | None = None
    label: str = ""
    round: int | None = None
    board: int | None = None


def table_alerts(
    session: Session, done: Iterable[tuple[int, int, int]] = ()
) -> dict[int, list[TableAlert]]:
    """What needs the director, by table (in the request's language): open TD calls and
    not-played asks (oldest first), locks, takeovers not yet acknowledged. An alert ends
    when it no longer needs the director: answered, released or acknowledged, or once the
    session is closed or published (the tables can no longer enter). ``done``: the boards
    with a result (round, table, board): an ask for one of them is answered already."""
    found: dict[int, list[TableAlert]] = {}
    if session.state != Session.State.RUNNING:
        return found
    entered = set(done)

    def add(table: int, what: Alert, text: str, **more: Any) -> None:
        alert = TableAlert(table, str(what), text, label=table_shown(session, table), **more)
        found.setdefault(table, []).append(alert)

    for call in TableCall.objects.filter(session=session, answered=None).order_by("id"):
        when = f"{timezone.localtime(call.created):%H:%M}"
        if call.kind == TableCall.Kind.NOT_PLAYED and call.board is not None:
            if (call.round, call.table, call.board) in entered:
                continue
            text = gettext("round {round}: board {board} not played? (asked at {time})").format(
                round=call.round, board=call.board, time=when
            )
            add(call.table, Alert.NOT_PLAYED, text, call_id=call.pk, round=call.round,
                board=call.board)  # fmt: skip
            continue
        text = gettext("TD call at {time} (round {round})").format(time=when, round=call.round)
        add(call.table, Alert.CALL, f"{text}: {call.note}" if call.note else text,
            call_id=call.pk, round=call.round)  # fmt: skip
    for link in TableLink.objects.filter(session=session).exclude(locked=False, taken_over=None):
        if link.locked:
            add(link.table, Alert.LOCKED, gettext("locked after wrong codes"))
        if link.taken_over is not None:
            when = f"{timezone.localtime(link.taken_over):%H:%M}"
            add(link.table, Alert.TAKEOVER, gettext("taken over at {time}").format(time=when))
    return dict(sorted(found.items()))


CALLING = frozenset({Alert.CALL, Alert.NOT_PLAYED})
"""The alerts of a table calling for the director: highlighted on the grid and in the log."""


def calling(alerts: Mapping[int, Sequence[TableAlert]]) -> set[int]:
    """The tables among ``alerts`` calling for the director (a TD call, a not-played ask)."""
    return {table for table, found in alerts.items() if any(a.what in CALLING for a in found)}
