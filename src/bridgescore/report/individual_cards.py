"""Guide cards for an individual movement, as the players use them: a card per table (who
sits North, East, South and West each round, the boards, where they go next) and a card
per player (each round's table, seat, partner, opponents and boards, or that the player
sits out).

Worked out from the :class:`~bridgescore.events.movements.individual.IndividualMovement`;
the board passing is the pairs cards' (:func:`~bridgescore.report.cards.board_passing`,
on the movement's partnerships), and the cards are rendered as the pairs cards are
(:mod:`bridgescore.report.cards`), in the language of the ``words`` passed (English by
default): ``individual_cards_html(movement, title, words=words("fi"))``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgescore.core.seats import Seat
from bridgescore.events.movements.boards import board_text
from bridgescore.events.movements.individual import SEATS, IndividualMovement
from bridgescore.i18n import ENGLISH, Words
from bridgescore.report.cards import TableRound, pages_html, pages_pdf, table_cards
from bridgescore.report.view import Page, Row, Table, seat_name, slug


@dataclass(frozen=True, slots=True)
class IndividualTableRound:
    """One row of a table card: the four players (North, East, South, West; ``None`` when
    the table is not in play that round) and the pairs card's row for the same round
    (boards, where they go, notes)."""

    players: tuple[str, str, str, str] | None
    row: TableRound

    @property
    def round(self) -> int:
        return self.row.round

    @property
    def boards(self) -> tuple[int, ...]:
        return self.row.boards


@dataclass(frozen=True, slots=True)
class IndividualTableCard:
    """The card left on one table: a row per round."""

    table: int
    rounds: tuple[IndividualTableRound, ...]


@dataclass(frozen=True, slots=True)
class PlayerRound:
    """One row of a player's card; all ``None`` and ``()`` when the player sits out.
    ``opponents`` are the left-hand then the right-hand opponent."""

    round: int
    table: int | None
    seat: Seat | None
    partner: str | None
    opponents: tuple[str, str] | None
    boards: tuple[int, ...]

    @property
    def sits_out(self) -> bool:
        return self.table is None


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """The card a player carries: where they sit each round."""

    player: str
    rounds: tuple[PlayerRound, ...]


def individual_table_cards(movement: IndividualMovement) -> tuple[IndividualTableCard, ...]:
    """One card per table, in table order: each round's four players and boards, where the
    boards go next, and what to note (boards shared with other tables, from the relay,
    players sitting out)."""
    pairs_cards = {card.table: card for card in table_cards(movement.partnerships())}
    cards = []
    for number in movement.tables:
        rows = []
        for index, rnd in enumerate(movement.rounds):
            here = next((t for t in rnd.tables if t.table == number), None)
            rows.append(
                IndividualTableRound(
                    None if here is None else here.players, pairs_cards[number].rounds[index]
                )
            )
        cards.append(IndividualTableCard(number, tuple(rows)))
    return tuple(cards)


def player_cards(movement: IndividualMovement) -> tuple[PlayerCard, ...]:
    """One card per player, numbered players in number order."""
    cards = []
    for player in sorted(movement.players, key=_player_order):
        rows = []
        for index, rnd in enumerate(movement.rounds):
            row = PlayerRound(index + 1, None, None, None, None, ())
            for tbl in rnd.tables:
                if player in tbl.players:
                    row = PlayerRound(
                        index + 1,
                        tbl.table,
                        Seat(SEATS.index(tbl.seat(player))),
                        tbl.partner(player),
                        tbl.opponents(player),
                        tbl.boards,
                    )
                    break
            rows.append(row)
        cards.append(PlayerCard(player, tuple(rows)))
    return tuple(cards)


def _player_order(player: str) -> tuple[int, int, str]:
    """Numbered players in number order, then the others by name."""
    return (0, int(player), "") if player.isdigit() else (1, 0, player)


def describe(movement: IndividualMovement, words: Words = ENGLISH) -> str:
    """One line: ``"Individual · 13 players · 3 tables · 13 rounds · boards 1-26"``."""
    players, tables, rounds = len(movement.players), len(movement.tables), len(movement.rounds)
    parts = [
        words.pgettext("movement", "Individual"),
        words.ngettext("{count} player", "{count} players", players).format(count=players),
        words.ngettext("{count} table", "{count} tables", tables).format(count=tables),
        words.ngettext("{count} round", "{count} rounds", rounds).format(count=rounds),
    ]
    if movement.boards:
        parts.append(
            words.ngettext("board {boards}", "boards {boards}", len(movement.boards)).format(
                boards=board_text(movement.boards)
            )
        )
    return " · ".join(parts)


def _table_page(card: IndividualTableCard, words: Words) -> Page:
    _ = words.gettext
    header = [_("Round"), *(seat_name(seat, words) for seat in Seat), _("Boards")]
    header.append(_("Boards go to"))
    notes = any(r.row.notes() for r in card.rounds)
    if notes:
        header.append(_("Notes"))
    rows = []
    for r in card.rounds:
        cells = [str(r.round), *(r.players or ("", "", "", ""))]
        cells += [board_text(r.boards), r.row.boards_go_to(words)]
        if notes:
            cells.append(r.row.notes(words))
        rows.append(Row(tuple(cells)))
    return Page(
        f"table-{card.table}.html",
        _("Table {number}").format(number=card.table),
        (Table(_("Rounds"), tuple(header), tuple(rows), frozenset({0})),),
    )


def _player_page(card: PlayerCard, words: Words) -> Page:
    _ = words.gettext
    rows = []
    for r in card.rounds:
        if r.sits_out or r.seat is None or r.opponents is None:
            cells: tuple[str, ...] = (str(r.round), "", "", "", _("sits out"), "")
        else:
            cells = (
                str(r.round),
                str(r.table),
                seat_name(r.seat, words),
                r.partner or "",
                ", ".join(r.opponents),
                board_text(r.boards),
            )
        rows.append(Row(cells))
    header = (_("Round"), _("Table"), _("Seat"), _("Partner"), _("Opponents"), _("Boards"))
    return Page(
        f"player-{slug(card.player)}.html",
        _("Player {player}").format(player=card.player),
        (Table(_("Rounds"), header, tuple(rows), frozenset({0, 1})),),
    )


def individual_card_pages(
    movement: IndividualMovement, *, words: Words = ENGLISH
) -> tuple[Page, ...]:
    """Every card as a report page: the table cards, then the player cards."""
    pages = [_table_page(card, words) for card in individual_table_cards(movement)]
    pages.extend(_player_page(card, words) for card in player_cards(movement))
    return tuple(pages)


def individual_cards_html(
    movement: IndividualMovement, title: str, *, words: Words = ENGLISH
) -> str:
    """All the cards as one self-contained HTML document, a card to a printed page, in
    ``words``' language."""
    pages = individual_card_pages(movement, words=words)
    return pages_html(pages, title, describe(movement, words), {}, words=words)


def individual_cards_pdf(
    movement: IndividualMovement, title: str, *, words: Words = ENGLISH
) -> bytes:
    """All the cards as one A4 PDF, a card to a page (needs the ``pdf`` extra)."""
    pages = individual_card_pages(movement, words=words)
    return pages_pdf(pages, f"{title} · {describe(movement, words)}", title, {}, words=words)


__all__ = [
    "IndividualTableCard",
    "IndividualTableRound",
    "PlayerCard",
    "PlayerRound",
    "describe",
    "individual_card_pages",
    "individual_cards_html",
    "individual_cards_pdf",
    "individual_table_cards",
    "player_cards",
]
