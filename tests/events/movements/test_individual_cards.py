"""Guide cards for individual movements: a card per table and per player, worked out from
the movement, printed in English, Finnish and Spanish."""

from __future__ import annotations

import pytest

from bridgescore.core.seats import Seat
from bridgescore.events.movements.individual import whist_individual
from bridgescore.i18n import words
from bridgescore.report.individual_cards import (
    PlayerRound,
    describe,
    individual_card_pages,
    individual_cards_html,
    individual_cards_pdf,
    individual_table_cards,
    player_cards,
)


def test_a_players_card_says_seat_partner_opponents_and_boards() -> None:
    cards = {card.player: card for card in player_cards(whist_individual(5))}
    assert list(cards) == ["1", "2", "3", "4", "5"]
    # round 3 adds 2 to the base round's points: 4 North, 5 East, 2 South, 1 West; South's
    # left-hand opponent is West
    assert cards["2"].rounds[:3] == (
        PlayerRound(1, 1, Seat.NORTH, "5", ("3", "4"), (1, 2)),
        PlayerRound(2, None, None, None, None, ()),
        PlayerRound(3, 1, Seat.SOUTH, "4", ("1", "5"), (5, 6)),
    )
    assert cards["2"].rounds[1].sits_out


def test_a_table_card_says_who_sits_where_and_where_the_boards_go() -> None:
    cards = individual_table_cards(whist_individual(13))
    assert [card.table for card in cards] == [1, 2, 3]
    first = cards[1].rounds[0]
    assert first.players == ("3", "5", "4", "12")
    assert first.boards == (9, 10)
    # set 5 (boards 9-10) is at table 3 next round: the sets move with the players
    assert first.row.boards_go_to() == "table 3"
    assert first.row.notes() == "1 sits out"


def test_shared_sets_are_noted_on_the_table_card() -> None:
    row = individual_table_cards(whist_individual(8))[0].rounds[0]
    assert row.players == ("1", "6", "7", "4")
    assert row.row.notes() == "boards shared with table 2"


def test_describe_in_three_languages() -> None:
    movement = whist_individual(13)
    assert describe(movement) == "Individual · 13 players · 3 tables · 13 rounds · boards 1-26"
    assert describe(movement, words("fi")) == (
        "Yksilökilpailu · 13 pelaajaa · 3 pöytää · 13 kierrosta · brikat 1-26"
    )
    assert describe(movement, words("es")) == (
        "Individual · 13 jugadores · 3 mesas · 13 rondas · estuches 1-26"
    )


@pytest.mark.parametrize(
    ("language", "table_header", "player_title", "player_header"),
    [
        (
            "en",
            ("Round", "North", "East", "South", "West", "Boards", "Boards go to", "Notes"),
            "Player 1",
            ("Round", "Table", "Seat", "Partner", "Opponents", "Boards"),
        ),
        (
            "fi",
            ("Kierros", "Pohjoinen", "Itä", "Etelä", "Länsi", "Brikat", "Brikat seuraavaksi",
             "Huomautukset"),
            "Pelaaja 1",
            ("Kierros", "Pöytä", "Paikka", "Partneri", "Vastustajat", "Brikat"),
        ),
        (
            "es",
            ("Ronda", "Norte", "Este", "Sur", "Oeste", "Estuches", "Los estuches van a",
             "Notas"),
            "Jugador 1",
            ("Ronda", "Mesa", "Posición", "Compañero", "Contrarios", "Estuches"),
        ),
    ],
)  # fmt: skip
def test_cards_render_in_each_language(
    language: str,
    table_header: tuple[str, ...],
    player_title: str,
    player_header: tuple[str, ...],
) -> None:
    movement = whist_individual(9)
    pages = individual_card_pages(movement, words=words(language))
    assert len(pages) == 2 + 9  # two table cards, nine player cards
    assert pages[0].tables[0].header == table_header
    assert pages[2].title == player_title
    assert pages[2].tables[0].header == player_header
    html = individual_cards_html(movement, "Christmas individual", words=words(language))
    assert html.startswith("<!DOCTYPE html>") or html.lstrip().startswith("<!")
    assert player_title in html
    assert describe(movement, words(language)) in html


def test_cards_as_pdf() -> None:
    pytest.importorskip("fpdf")
    pdf = individual_cards_pdf(whist_individual(5), "Club individual", words=words("fi"))
    assert pdf.startswith(b"%PDF")
