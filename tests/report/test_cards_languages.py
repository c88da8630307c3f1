"""Guide cards in Finnish and Spanish (issue 17): the words a player reads on the table,
pair, board passing and room cards of real movements, and no English word of the cards
left in either language (compared with the same cards printed in English)."""

from __future__ import annotations

from dataclasses import replace
from html.parser import HTMLParser

import pytest
from _visible import Forgetful, english_left, visible_text

from bridgescore.events.movements import Movement, Round, howell, mitchell
from bridgescore.events.movements.teams import round_robin
from bridgescore.i18n import Language, Words, words
from bridgescore.report.cards import board_passing, card_pages, cards_html, cards_pdf, describe
from bridgescore.report.team_cards import describe as teams_describe
from bridgescore.report.team_cards import team_card_pages, team_cards_html, team_cards_pdf

MITCHELL = mitchell(3, 3)
"""3 tables, 3 boards a round: the NS pairs stay, EW up one table, the boards down one."""
HOWELL = howell(4, 2)
"""4 tables, 7 rounds of 2 boards, a relay between tables 2 and 3."""
ROBIN = round_robin(["Aces", "Kings", "Queens"], 4)
"""Three teams, 4 boards a match: round 1 Queens v Kings in rooms 1a and 1b, Aces' bye."""
LINKS = {1: "https://club.example/t/one/", 2: "https://club.example/t/two/"}
CODES = {1: "123456"}


def _with_a_sit_out() -> Movement:
    """A 4-table Mitchell whose table 4 is empty in round 2: its pairs (4NS and 3EW) sit
    out, its boards wait on the relay."""
    base = mitchell(4, 2)
    second = base.rounds[1]
    gone = second.tables[3]
    emptied = Round(tables=second.tables[:3], sit_outs=(gone.ns, gone.ew), relay=gone.boards)
    return replace(base, rounds=(base.rounds[0], emptied, *base.rounds[2:]))


def _pages(
    movement: Movement, language: str
) -> dict[str, tuple[str, tuple[str, ...], list[tuple[str, ...]]]]:
    """Each card by its file: title, the first table's header and its rows' cells."""
    return {
        p.file: (p.title, p.tables[0].header, [r.cells for r in p.tables[0].rows])
        for p in card_pages(movement, words=words(language))
    }


def test_a_mitchells_cards_in_finnish() -> None:
    fi = words("fi")
    assert describe(MITCHELL, fi) == "Mitchell · 3 pöytää · 3 kierrosta · brikat 1-9"
    pages = _pages(MITCHELL, "fi")
    title, header, rows = pages["table-1.html"]
    assert title == "Pöytä 1"
    assert header == ("Kierros", "PE", "IL", "Brikat", "Brikat seuraavaksi")
    assert rows[0] == ("1", "1PE", "1IL", "1-3", "pöytä 3")  # a pair as a Finn reads it
    assert rows[2] == ("3", "1PE", "2IL", "7-9", "")
    title, header, rows = pages["pair-1EW.html"]
    assert title == "Pari 1IL"
    assert header == ("Kierros", "Pöytä", "Suunta", "Vastustajat", "Brikat")
    assert rows[1] == ("2", "2", "IL", "2PE", "7-9")
    title, header, rows = pages["board-passing.html"]
    assert title == "Brikkojen kierto"
    assert header == ("Kierroksen jälkeen", "Brikat", "Mistä", "Mihin")
    assert rows[0] == ("1", "1-3", "pöytä 1", "pöytä 3")
    assert [m.text(fi) for m in board_passing(MITCHELL)[0].moves] == [
        "brikat 1-3: pöytä 1, seuraavaksi pöytä 3",
        "brikat 4-6: pöytä 2, seuraavaksi pöytä 1",
        "brikat 7-9: pöytä 3, seuraavaksi pöytä 2",
    ]


def test_a_mitchells_cards_in_spanish() -> None:
    es = words("es")
    assert describe(MITCHELL, es) == "Mitchell · 3 mesas · 3 rondas · estuches 1-9"
    pages = _pages(MITCHELL, "es")
    title, header, rows = pages["table-2.html"]
    assert title == "Mesa 2"
    assert header == ("Ronda", "NS", "EO", "Estuches", "Los estuches van a")
    assert rows[0] == ("1", "2NS", "2EO", "4-6", "mesa 1")
    title, header, rows = pages["pair-1EW.html"]
    assert title == "Pareja 1EO"
    assert header == ("Ronda", "Mesa", "Línea", "Contrarios", "Estuches")
    assert rows[1] == ("2", "2", "EO", "2NS", "7-9")
    title, header, rows = pages["board-passing.html"]
    assert (title, header) == ("Movimiento de estuches", ("Tras la ronda", "Estuches", "De", "A"))
    assert str(board_passing(MITCHELL)[0].moves[0]) == "boards 1-3: table 1 to table 3"
    assert board_passing(MITCHELL)[0].moves[0].text(es) == "estuches 1-3: de mesa 1 a mesa 3"


@pytest.mark.parametrize(
    ("language", "relay", "from_relay", "stays"),
    [
        ("fi", "välipöytä", "brikat välipöydästä", "brikat 5-6: jäävät välipöytään"),
        ("es", "relevo", "estuches del relevo", "estuches 5-6: se quedan en el relevo"),
    ],
)
def test_a_howells_relay(language: str, relay: str, from_relay: str, stays: str) -> None:
    w = words(language)
    pages = _pages(HOWELL, language)
    # table 2 sends its boards to the relay every round; table 1 fetches its from there
    assert [row[4] for row in pages["table-2.html"][2]] == [relay] * 6 + [""]
    assert pages["table-1.html"][1][-1] == w.gettext("Notes") != "Notes"
    assert [row[5] for row in pages["table-1.html"][2]] == [""] + [from_relay] * 6
    assert stays in [m.text(w) for m in board_passing(HOWELL)[0].moves]


def test_a_sit_out_in_both_languages() -> None:
    movement = _with_a_sit_out()
    fi, es = _pages(movement, "fi"), _pages(movement, "es")
    assert fi["table-4.html"][2][1][5] == "ei pelissä; 4PE vapaalla; 3IL vapaalla"
    assert es["table-4.html"][2][1][5] == "no se juega; 4NS descansa; 3EO descansa"
    assert fi["pair-4NS.html"][2][1] == ("2", "", "", "vapaalla", "")
    assert es["pair-4NS.html"][2][1] == ("2", "", "", "descansa", "")


def test_shared_boards_in_both_languages() -> None:
    shared = Movement.from_dict(
        {
            "kind": "howell",
            "shared": [1, 2, 3],
            "rounds": [
                [{"table": 1, "ns": "4", "ew": "1", "boards": [1, 2, 3]},
                 {"table": 2, "ns": "3", "ew": "2", "boards": [1, 2, 3]}],
                [{"table": 1, "ns": "4", "ew": "2", "boards": [4, 5, 6]},
                 {"table": 2, "ns": "1", "ew": "3", "boards": [4, 5, 6]}],
            ],
        }
    )  # fmt: skip
    fi, es = _pages(shared, "fi"), _pages(shared, "es")
    assert fi["table-1.html"][2][0][4:] == (
        "ei pelissä",  # the boards go out of play after round 1
        "yhteiset brikat pöydän 2 kanssa",
    )
    assert fi["board-passing.html"][2][0] == ("1", "1-3", "pöydät 1 ja 2 (yhteiset)", "ei pelissä")
    assert es["board-passing.html"][2][1] == (
        "1",
        "4-6",
        "fuera de juego",
        "mesas 1 y 2 (los comparten)",
    )
    assert es["table-2.html"][2][1][5] == (
        "estuches compartidos con la mesa 1; entran estuches en juego"
    )


def test_room_and_team_cards_in_finnish_and_spanish() -> None:
    fi, es = words("fi"), words("es")
    assert (
        teams_describe(ROBIN, None, fi)
        == "sarja · 3 joukkuetta · 3 kierrosta · 4 brikkaa ottelussa"
    )
    assert teams_describe(ROBIN, 5, es) == (
        "Suizo · 3 equipos · 3 de 5 rondas sorteadas · 4 estuches por encuentro"
    )
    room_fi = team_card_pages(ROBIN, words=fi)[0]
    assert room_fi.title == "Huone 1a"
    assert room_fi.tables[0].header == ("Kierros", "PE", "IL", "Brikat", "Brikkojen vaihto")
    assert room_fi.tables[0].rows[0].cells == (
        "1", "Queens", "Kings", "1-2, sitten 3-4", "huoneen 1b kanssa"
    )  # fmt: skip
    pages_es = {p.file: p for p in team_card_pages(ROBIN, words=es)}
    room_es = pages_es["room-1b.html"]
    assert room_es.title == "Sala 1b"
    assert room_es.tables[0].rows[0].cells == (
        "1", "Kings", "Queens", "3-4, luego 1-2", "con la sala 1a"
    )  # fmt: skip
    team = pages_es["team-Queens.html"]
    assert team.title == "Equipo Queens"
    assert team.tables[0].header[3:5] == ("Pareja NS en la sala", "Pareja EO en la sala")
    assert [r.cells[:3] for r in team.tables[0].rows] == [
        ("1", "Kings", "local"), ("2", "Aces", "visitante"), ("3", "descanso", "")
    ]  # fmt: skip


class _Lang(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            self.lang = dict(attrs).get("lang")


def _lang(document: str) -> str | None:
    reader = _Lang()
    reader.feed(document)
    return reader.lang


def _cards_documents(language: Words | str) -> dict[str, str]:
    w = words(language)
    return {
        "mitchell": cards_html(MITCHELL, "Tiistai", table_links=LINKS, table_codes=CODES, words=w),
        "howell": cards_html(HOWELL, "Tiistai", words=w),
        "sit-out": cards_html(_with_a_sit_out(), "Tiistai", words=w),
        "robin": team_cards_html(
            ROBIN, "Tiistai", room_links={"1a": LINKS[1]}, room_codes={"1a": "654321"}, words=w
        ),
        "swiss": team_cards_html(ROBIN, "Tiistai", swiss_rounds=5, words=w),
    }


_DATA = (
    "Tiistai", *LINKS.values(), *CODES.values(), "654321",
    *MITCHELL.pairs, *HOWELL.pairs, *_with_a_sit_out().pairs, *ROBIN.teams,
)  # fmt: skip
"""What the cards show of the movement and the director's input: names, not words."""


@pytest.mark.parametrize("language", ["fi", "es"])
def test_no_english_left_on_the_cards(language: str) -> None:
    english = _cards_documents("en")
    translated = _cards_documents(language)
    for name, document in translated.items():
        assert _lang(document) == language
        assert _lang(english[name]) == "en"
        left = english_left(visible_text(english[name]), visible_text(document), language, _DATA)
        assert left == [], name


@pytest.mark.parametrize("forgotten", ["Boards go to", "with room {room}", "{pair} sits out"])
def test_the_check_finds_one_word_left_in_english(forgotten: str) -> None:
    forgetful = Words(Language.FI, Forgetful(words("fi").translation, forgotten))
    english = _cards_documents("en")
    translated = _cards_documents(forgetful)
    left = [
        node
        for name in english
        for node in english_left(
            visible_text(english[name]), visible_text(translated[name]), "fi", _DATA
        )
    ]
    shown = forgotten.split(" {")[0].split("{pair} ")[-1]
    assert left
    assert all(shown in node for node in left), left


def test_the_pdf_cards_in_finnish() -> None:
    pytest.importorskip("fpdf")
    fi = words("fi")
    assert cards_pdf(MITCHELL, "Tiistai", table_links=LINKS, words=fi).startswith(b"%PDF")
    assert team_cards_pdf(ROBIN, "Tiistai", words=fi).startswith(b"%PDF")
