"""Guide cards for a teams round robin, as the players use them: a card per room (match
*m*'s open room ``ma`` and closed room ``mb``, the same rooms every round) saying who sits
where and which boards it plays, in their order, with the exchange between the rooms; and
a card per team saying whom it meets, where, and when it has the bye.

Worked out from the library's :class:`~bridgescore.events.movements.teams.RoundRobin` and
its two-room passing (:func:`~bridgescore.events.movements.teams.two_room`: the home team
North-South in the open room, East-West in the closed room), laid out as report pages and
rendered as the pairs cards are (:mod:`bridgescore.report.cards`), in the language of the
``words`` passed (English by default).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bridgescore.events.movements.boards import board_text
from bridgescore.events.movements.teams import Match, RoundRobin, TwoRoom, two_room
from bridgescore.events.team_sections import TeamField, match_numbers
from bridgescore.i18n import ENGLISH, Words
from bridgescore.report.cards import code_table, pages_html, pages_pdf
from bridgescore.report.view import Page, Row, Table, direction_name, slug


def room_label(match: int | str, room: str) -> str:
    """``1a`` for match 1's open room, ``1b`` for its closed room (``B1a``: section B's
    match 1)."""
    return f"{match}{'a' if room == 'open' else 'b'}"


def numbered(played: Sequence[Match], sections: TeamField | None = None) -> list[tuple[str, Match]]:
    """A round's matches with the number the players know each by (``1``; ``B1`` in
    ``sections``: :func:`~bridgescore.events.team_sections.match_numbers`)."""
    return list(zip(match_numbers(played, sections), played, strict=True))


def _passing(match: Match) -> TwoRoom | None:
    return two_room(match) if len(match.boards) >= 2 else None


@dataclass(frozen=True, slots=True)
class RoomRound:
    """One row of a room's card: the teams North-South and East-West, the boards in the
    order the room plays them (``parts``: before and after the exchange), and the room
    the boards are exchanged with."""

    round: int
    ns: str
    ew: str
    parts: tuple[tuple[int, ...], ...]
    exchange_with: str | None

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(b for part in self.parts for b in part)


@dataclass(frozen=True, slots=True)
class RoomCard:
    """The card left in one room: a row per round (``None`` where it is not in use)."""

    label: str
    rounds: tuple[RoomRound | None, ...]


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One row of a team's card: its opponents, whether it is home, the room where its
    North-South pair sits and the room of its East-West pair; all ``None`` on the bye."""

    round: int
    opponents: str | None
    home: bool | None
    ns_room: str | None
    ew_room: str | None
    boards: tuple[int, ...]

    @property
    def bye(self) -> bool:
        return self.opponents is None


@dataclass(frozen=True, slots=True)
class TeamCard:
    """The card a team carries: whom it meets each round, and where."""

    team: str
    rounds: tuple[TeamRound, ...]


def _rooms(number: str, match: Match, round_no: int) -> tuple[RoomRound, RoomRound]:
    passing = _passing(match)
    open_label, closed_label = room_label(number, "open"), room_label(number, "closed")
    if passing is None:
        both = (match.boards,)
        return (
            RoomRound(round_no, match.home, match.away, both, None),
            RoomRound(round_no, match.away, match.home, both, None),
        )
    open_parts = tuple(seg.open_room for seg in passing.segments)
    closed_parts = tuple(seg.closed_room for seg in passing.segments)
    return (
        RoomRound(round_no, match.home, match.away, open_parts, closed_label),
        RoomRound(round_no, match.away, match.home, closed_parts, open_label),
    )


def room_cards(robin: RoundRobin, sections: TeamField | None = None) -> tuple[RoomCard, ...]:
    """A card for each room: match *m* of every round is played in rooms ``ma``, ``mb``
    (in ``sections``, section B's match 1 in rooms ``B1a`` and ``B1b``)."""
    cards: dict[str, list[RoomRound | None]] = {
        room_label(number, room): []
        for rnd in robin.rounds
        for number, _match in numbered(rnd.matches, sections)
        for room in ("open", "closed")
    }
    for round_no, rnd in enumerate(robin.rounds, start=1):
        in_use = set()
        for number, match in numbered(rnd.matches, sections):
            open_room, closed_room = _rooms(number, match, round_no)
            cards[room_label(number, "open")].append(open_room)
            cards[room_label(number, "closed")].append(closed_room)
            in_use |= {room_label(number, "open"), room_label(number, "closed")}
        for label, rows in cards.items():
            if label not in in_use:
                rows.append(None)
    return tuple(RoomCard(label, tuple(rows)) for label, rows in cards.items())


def team_cards(robin: RoundRobin, sections: TeamField | None = None) -> tuple[TeamCard, ...]:
    """A card for each team, in the order the round robin gives them (its rooms named by
    their section in ``sections``, ``B1a``)."""
    rows: dict[str, list[TeamRound]] = {team: [] for team in robin.teams}
    for round_no, rnd in enumerate(robin.rounds, start=1):
        seen = set()
        for number, match in numbered(rnd.matches, sections):
            open_room, closed_room = room_label(number, "open"), room_label(number, "closed")
            rows[match.home].append(
                TeamRound(round_no, match.away, True, open_room, closed_room, match.boards)
            )
            rows[match.away].append(
                TeamRound(round_no, match.home, False, closed_room, open_room, match.boards)
            )
            seen |= {match.home, match.away}
        for team in robin.teams:
            if team not in seen:
                rows[team].append(TeamRound(round_no, None, None, None, None, ()))
    return tuple(TeamCard(team, tuple(rows[team])) for team in robin.teams)


def _parts_text(parts: tuple[tuple[int, ...], ...], words: Words = ENGLISH) -> str:
    """``"1-2, then 3-4"``: a room's boards before and after the exchange."""
    shown = board_text(parts[0]) if parts else ""
    for part in parts[1:]:
        shown = words.gettext("{boards}, then {more}").format(boards=shown, more=board_text(part))
    return shown


def _room_page(
    card: RoomCard, link: str | None, code: str | None = None, words: Words = ENGLISH
) -> Page:
    _ = words.gettext
    rows = []
    for number, row in enumerate(card.rounds, start=1):
        if row is None:
            rows.append(Row((str(number), "", "", _("not in use"), "")))
            continue
        exchange = _("with room {room}").format(room=row.exchange_with) if row.exchange_with else ""
        rows.append(Row((str(number), row.ns, row.ew, _parts_text(row.parts, words), exchange)))
    header = (
        _("Round"),
        direction_name("NS", words),
        direction_name("EW", words),
        _("Boards"),
        _("Boards exchanged"),
    )
    tables = [Table(_("Rounds"), header, tuple(rows), frozenset({0}))]
    if link is not None:
        tables.append(
            Table(_("Scores"), (_("Enter this room's scores at"),), (Row((link,), (link,)),))
        )
    if code is not None:
        tables.append(code_table(code, words))
    return Page(
        f"room-{card.label}.html", _("Room {label}").format(label=card.label), tuple(tables)
    )


def _team_page(card: TeamCard, words: Words = ENGLISH) -> Page:
    _ = words.gettext
    rows = []
    for r in card.rounds:
        if r.bye:
            rows.append(Row((str(r.round), _("bye"), "", "", "", "")))
            continue
        rows.append(
            Row((
                str(r.round), r.opponents or "",
                words.pgettext("match", "home") if r.home else words.pgettext("match", "away"),
                r.ns_room or "", r.ew_room or "", board_text(r.boards),
            ))
        )  # fmt: skip
    header = (_("Round"), _("Against"), "", _("NS pair in room"), _("EW pair in room"), _("Boards"))
    return Page(
        f"team-{slug(card.team)}.html",
        _("Team {team}").format(team=card.team),
        (Table(_("Rounds"), header, tuple(rows), frozenset({0})),),
    )


def describe(robin: RoundRobin, swiss_rounds: int | None = None, words: Words = ENGLISH) -> str:
    """One line: ``round robin · 5 teams · 5 rounds · 4 boards a match``; for a Swiss
    (``swiss_rounds``: its planned rounds, of which ``robin`` holds those drawn),
    ``Swiss · 8 teams · 2 of 5 rounds drawn · 4 boards a match`` (in ``words``' language)."""
    boards = {len(m.boards) for r in robin.rounds for m in r.matches}
    teams, rounds = len(robin.teams), len(robin.rounds)
    shown_teams = words.ngettext("{count} team", "{count} teams", teams).format(count=teams)
    if swiss_rounds is None:
        parts = [
            words.pgettext("cards", "round robin"),
            shown_teams,
            words.ngettext("{count} round", "{count} rounds", rounds).format(count=rounds),
        ]
    else:
        drawn = words.ngettext(
            "{drawn} of {planned} round drawn", "{drawn} of {planned} rounds drawn", swiss_rounds
        ).format(drawn=rounds, planned=swiss_rounds)
        parts = [words.pgettext("cards", "Swiss"), shown_teams, drawn]
    if len(boards) == 1:
        count = boards.pop()
        parts.append(
            words.ngettext("{count} board a match", "{count} boards a match", count).format(
                count=count
            )
        )
    return " · ".join(parts)


def team_card_pages(
    robin: RoundRobin,
    *,
    room_links: Mapping[str, str] | None = None,
    room_codes: Mapping[str, str] | None = None,
    words: Words = ENGLISH,
    sections: TeamField | None = None,
) -> tuple[Page, ...]:
    """Every card as a report page: the room cards (each with its link and its table's
    code, when ``room_links`` and ``room_codes`` have them by room label), then the team
    cards; every word in ``words``' language; a field in ``sections`` has its rooms
    named by their section (``B1a``)."""
    links, codes = room_links or {}, room_codes or {}
    pages = [
        _room_page(card, links.get(card.label), codes.get(card.label), words)
        for card in room_cards(robin, sections)
    ]
    pages.extend(_team_page(card, words) for card in team_cards(robin, sections))
    return tuple(pages)


def _links(room_links: Mapping[str, str] | None) -> dict[str, str]:
    return {f"room-{label}.html": link for label, link in (room_links or {}).items()}


def team_cards_html(
    robin: RoundRobin,
    title: str,
    *,
    room_links: Mapping[str, str] | None = None,
    room_codes: Mapping[str, str] | None = None,
    swiss_rounds: int | None = None,
    words: Words = ENGLISH,
    sections: TeamField | None = None,
) -> str:
    """All the cards as one HTML document; with ``room_links``, each room's card carries
    its link as text and as a QR code; with ``room_codes``, its table's code; with
    ``swiss_rounds``, headed as a Swiss of that many rounds (see :func:`describe`); every
    word in ``words``' language (its ``<html lang>`` too)."""
    pages = team_card_pages(
        robin, room_links=room_links, room_codes=room_codes, words=words, sections=sections
    )
    line = describe(robin, swiss_rounds, words)
    return pages_html(pages, title, line, _links(room_links), words=words)


def team_cards_pdf(
    robin: RoundRobin,
    title: str,
    *,
    room_links: Mapping[str, str] | None = None,
    room_codes: Mapping[str, str] | None = None,
    swiss_rounds: int | None = None,
    words: Words = ENGLISH,
    sections: TeamField | None = None,
) -> bytes:
    """All the cards as one A4 PDF (the ``pdf`` extra), a card to a page, in ``words``'
    language."""
    pages = team_card_pages(
        robin, room_links=room_links, room_codes=room_codes, words=words, sections=sections
    )
    line = describe(robin, swiss_rounds, words)
    return pages_pdf(pages, f"{title} · {line}", title, _links(room_links), words=words)
