"""A session's tables, rooms and boards as the players know them and the pages show them:
``4`` or ``2b``, ``match 2, closed room``, ``1-4``."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext, gettext_noop

from bridgescore.events.movements.sections import SectionedMovement
from bridgescore.web import said
from bridgescore.web.models import Session
from bridgescore.web.session_movement import sections_of


def is_teams(session: Session) -> bool:
    return session.kind == Session.Kind.TEAMS


def table_label(session: Session, table: int) -> str:
    """A table as the players know it: its number (pairs), its section and number in a
    session in sections (``B3``), or its match and room, ``1a`` for match 1's open room
    and ``1b`` for its closed room (teams; ``B1a`` for section B's match 1 in a teams
    session in sections)."""
    if session.kind == Session.Kind.TEAMS:
        return room_label(table, sections_of(session))
    if session.sections:
        field = sections_of(session)
        if field is not None:
            return field.table_label(table)
    return str(table)


def match_label(table: int, sections: SectionedMovement | None = None) -> str:
    """The match a room table is in, as the players know it: ``2`` for tables 3 and 4
    (match ``m`` at tables ``2m - 1`` and ``2m``); in sections, counted within the
    table's section and named by it, as a pairs table is (``B1`` for section B's first
    two tables)."""
    if sections is None:
        return str((table + 1) // 2)
    letter, own = sections.table_of(table)
    return f"{letter}{(own + 1) // 2}"


def room_label(table: int, sections: SectionedMovement | None = None) -> str:
    """``1a``/``1b`` for the open and closed rooms of match 1 (tables 1 and 2), and on;
    in ``sections`` (a teams session in sections), the section's own match: ``B1a`` and
    ``B1b`` for section B's first two tables."""
    own = table if sections is None else sections.table_of(table)[1]
    return f"{match_label(table, sections)}{'a' if own % 2 else 'b'}"


def room_name(table: int, sections: SectionedMovement | None = None) -> str:
    """``match 1, open room`` for table 1, ``match 1, closed room`` for table 2 (in the
    request's language); ``match B1, open room`` for section B's first table."""
    match = match_label(table, sections)
    own = table if sections is None else sections.table_of(table)[1]
    if own % 2:
        return gettext("match {match}, open room").format(match=match)
    return gettext("match {match}, closed room").format(match=match)


def room_of(session: Session, table: int) -> str:
    """The room a table of a teams session is, in the request's language (``match B1,
    open room`` in sections); ``""`` for pairs, whose tables are not rooms."""
    if session.kind != Session.Kind.TEAMS:
        return ""
    return room_name(table, sections_of(session))


def _room_named(table: int, sections: SectionedMovement | None) -> said.Part:
    match = match_label(table, sections)
    own = table if sections is None else sections.table_of(table)[1]
    if own % 2:
        return said.part(gettext_noop("match {match}, open room"), match=match)
    return said.part(gettext_noop("match {match}, closed room"), match=match)


def boards_shown(boards: Iterable[int]) -> str:
    """Boards as the app's pages list them: ``1-4`` for a whole run of three or more,
    else each number (``1, 2``; ``1, 3, 4``)."""
    ordered = sorted(boards)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(map(str, ordered))


def table_named(session: Session, table: int) -> said.Part:
    """A table as the grid heads its column, kept for a log line and said in the reader's
    language: ``table 4`` (pairs), ``match 2, closed room`` (teams: table 4)."""
    if session.kind == Session.Kind.TEAMS:
        return _room_named(table, sections_of(session))
    return said.part(gettext_noop("table {table}"), table=table_label(session, table))


def table_shown(session: Session, table: int) -> str:
    """:func:`table_named` in the request's language, capitalised as a heading starts:
    ``Table 4``, ``Match 2, closed room``."""
    text = said.text(table_named(session, table))
    return text[:1].upper() + text[1:]
