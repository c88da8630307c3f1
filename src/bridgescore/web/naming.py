"""A session's tables, rooms, boards and teams as the players know them and the pages
show them: ``4`` or ``2b``, ``match 2, closed room``, ``1-4``, ``A1`` or ``Aces``."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext, gettext_noop

from bridgescore.events.movements.sections import SectionedMovement
from bridgescore.web import said
from bridgescore.web.models import Session, SessionPair
from bridgescore.web.refusals import EntryError
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


NAME_AND_PLAYERS = ": "
"""What comes between a team's name and its players in its row, in sections (``Aces: Ann,
Bob``): a team's name may not hold it."""


def team_name(session: Session, team: str, row: str) -> str:
    """A team's own name, as it was given: in one field its id (a team is known by its
    name there); in sections its row's name, before its players (``Aces`` of ``A1``'s
    ``Aces: Ann, Bob``), else its id."""
    if sections_of(session) is None:
        return team
    return row.split(NAME_AND_PLAYERS, 1)[0].strip() or team


def team_players(session: Session, team: str, row: str) -> str:
    """A team's players as its row names them: in sections what follows its name
    (``Ann, Bob`` of ``A1``'s ``Aces: Ann, Bob``), in one field the whole row."""
    if sections_of(session) is None:
        return row
    name = team_name(session, team, row)
    return row[len(name) :].removeprefix(":").strip() if row.startswith(name) else ""


def teams_named(session: Session) -> dict[str, str]:
    """A teams session's teams, each id with its own name (:func:`team_name`), in the
    order they were given (a late team last)."""
    rows = SessionPair.objects.filter(session=session).order_by("id")
    return {team: team_name(session, team, row) for team, row in rows.values_list("pair", "names")}


def team_shown(team: str, name: str) -> str:
    """A team as the director's pages name it: its id and its name, ``A1 (Aces)``; in
    one field, where a team's id is its name, ``Aces``."""
    return team if not name or name == team else f"{team} ({name})"


def name_free(session: Session, name: str) -> None:
    """Refuse a late team's ``name`` when a team of ``session`` has it, in any case,
    naming that team by its id and its name (``A1 (Aces)``)."""
    wanted = name.casefold()
    for team, taken in teams_named(session).items():
        if taken.casefold() == wanted:
            raise EntryError(
                gettext("{name!r} is already the name of team {team}").format(
                    name=name, team=team_shown(team, taken)
                )
            )


def team_typed(session: Session, text: str) -> str:
    """The team a director's typed id or name names, in any case and spacing (``a1`` is
    ``A1``, ``jätkät`` is ``Jätkät``, and in sections ``aces`` is ``A1`` when A1 is named
    Aces), on every page that takes a team (penalties, a late change): an id names its
    team even where another team is named like it (the team named ``B1`` is then named
    by its own id); refused, naming what was typed, when it names no team."""
    wanted = " ".join(text.split()).casefold()
    named = teams_named(session)
    for team in named:  # an id first: it is one team's alone
        if team.casefold() == wanted:
            return team
    for team, name in named.items():  # names are the session's own, none twice
        if name.casefold() == wanted:
            return team
    raise EntryError(
        gettext("there is no team {pair!r} in this session").format(pair=" ".join(text.split()))
    )
