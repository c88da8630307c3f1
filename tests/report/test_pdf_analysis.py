"""The PDF of the published results (issue 24): each board's diagram with the hands'
high-card points, its double-dummy grid and par beside it and its traveller, several boards
a page as clubs pin them up; a file of deals with no results as a hand-record booklet.

The PDF is read back as a reader sees it, its text page by page (pypdf). The figures are
checked by hand: the golden deal of ``tests/analysis`` (worked out card by card), and board
12 of BridgeComposer's file of 23 December 2025, whose own tags give its double-dummy
tricks (``DoubleDummyTricks "55577555778885678756"``) and par (``EW 120`` by ``E 1N+1``).
"""

from __future__ import annotations

import importlib.util
import re
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest
from _visible import Forgetful, english_left
from pypdf import PdfReader

from bridgescore.core.contract import TableResult
from bridgescore.core.hands import Hands
from bridgescore.core.strains import Strain
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.events.deals import analysed
from bridgescore.events.model import Event, EventResults, ResultRow, ns_score_of
from bridgescore.i18n import Language, Words, words
from bridgescore.io.events import load_event
from bridgescore.report import build_pdf

pytest.importorskip("endplay", reason="the dd extra (endplay) analyses the deals")

TESTS = Path(__file__).parents[1]
DATA = TESTS / "io" / "data"
COMPOSER = DATA / "pbn" / "bridgecomposer_2025-12-23.pbn"
DEALS = DATA / "pbn" / "bridgewebs_hands.pbn"

GOLDEN = "N:AKQJT98..432.AKQ .AKQJT98.AKQ.432 765432..JT98765. .765432..JT98765"
"""North and South take ♣3 ♦10 ♥3 ♠10 NT3, East and West ♣10 ♦3 ♥10 ♠3 NT3; par North-South
+100 where East-West are not vulnerable, +200 where both sides are, by East-West's
sacrifices 5♥X-1 and 5♣X-1. North and East hold 19 high-card points, South and West 1."""


def _evening() -> ModuleType:
    """The 7-table evening the browser tests print (``tests/browser/evening.py``)."""
    spec = importlib.util.spec_from_file_location("evening", TESTS / "browser" / "evening.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pages(path: Path) -> list[str]:
    """Each page's text, its lines with their spaces folded."""
    return [
        "\n".join(" ".join(line.split()) for line in page.extract_text().splitlines())
        for page in PdfReader(path).pages
    ]


def _golden_event() -> Event:
    """The golden deal on board 1 (no one vulnerable) and board 4 (both), each played at
    two tables: North's 4♠ made, and West's 5♥ doubled one down."""
    rows = []
    for board in (1, 4):
        vulnerability = BoardInfo.of(board).vulnerability
        for ns, ew, text in (("1", "2", "4SN="), ("3", "4", "5HXW-1")):
            result = TableResult.parse(text)
            score = ns_score_of(result, vulnerability, "wbf2017")
            rows.append(ResultRow(board, ns, ew, vulnerability, result=result, ns_score=score))
    hands = {1: Hands.from_pbn(GOLDEN), 4: Hands.from_pbn(GOLDEN)}
    return analysed(Event(EventResults(tuple(rows)), name="Golden", hands=hands)).event


@pytest.fixture(scope="module")
def golden() -> Event:
    return _golden_event()


@pytest.fixture(scope="module")
def evening() -> Event:
    event: Event = _evening().seven_tables()
    return event


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        ("en", ["North 19", "East 19", "South 1", "West 1", "NT ♠ ♥ ♦ ♣",
                "N 3 10 3 10 3", "S 3 10 3 10 3", "E 3 3 10 3 10", "W 3 3 10 3 10",
                "Par NS +100", "Par NS +200", "EW 5♥X-1; EW 5♣X-1"]),
        ("fi", ["Pohjoinen 19", "Itä 19", "Etelä 1", "Länsi 1", "NT ♠ ♥ ♦ ♣",
                "P 3 10 3 10 3", "E 3 10 3 10 3", "I 3 3 10 3 10", "L 3 3 10 3 10",
                "Par PE +100", "Par PE +200", "IL 5♥X-1; IL 5♣X-1"]),
        ("es", ["Norte 19", "Este 19", "Sur 1", "Oeste 1", "ST ♠ ♥ ♦ ♣",
                "N 3 10 3 10 3", "S 3 10 3 10 3", "E 3 3 10 3 10", "O 3 3 10 3 10",
                "Par NS +100", "Par NS +200", "EO 5♥X-1; EO 5♣X-1"]),
    ],
)  # fmt: skip
def test_the_golden_deal_shows_its_points_grid_and_par(
    golden: Event, language: str, lines: list[str], tmp_path: Path
) -> None:
    text = "\n".join(_pages(build_pdf(golden, tmp_path / "g.pdf", language=language)))
    shown = text.splitlines()
    for line in lines:
        assert line in shown or line in text, line
    # each grid under its board: declarers in the order N S E W, strains NT ♠ ♥ ♦ ♣
    assert text.count("3 10 3 10 3") == 4
    assert text.count("3 3 10 3 10") == 4


def test_board_12_of_bridgecomposer_shows_the_files_grid_and_par(tmp_path: Path) -> None:
    event = load_event(COMPOSER)  # its own DoubleDummyTricks and ParContract
    text = "\n".join(_pages(build_pdf(event, tmp_path / "bc.pdf", language="fi")))
    board = text[text.index("Brikka 12\n") : text.index("Brikka 13\n")]
    lines = board.splitlines()
    assert "Jakaja Länsi" in board
    for line in ("P 5 5 5 7 7", "E 5 5 5 7 7", "I 8 8 8 5 6", "L 7 8 7 5 6",
                 "Par PE -120", "I 1NT+1"):  # fmt: skip
        assert line in lines, line
    # West holds ♠AKJ10 ♥Q53 ♦952 ♣A92, 14 points; North ♠Q ♣J, 3; East ♥J ♦AQ ♣K, 10;
    # South ♥AK ♦KJ ♣Q, 13
    for line in ("Länsi 14", "Pohjoinen 3", "Itä 10", "Etelä 13"):
        assert line in lines, line


def _club_session() -> Event:
    """A real club's session cut to its first 15 boards: 13 pairs at 6 or 7 tables
    (EBU's USEBIO sample, a Thursday Rookie Mitchell), its deals analysed."""
    event = load_event(DATA / "usebio" / "mp_pairs_mitchell_03.xml")
    rows = tuple(row for row in event.results.rows if row.board <= 15)
    hands = {n: hands for n, hands in event.hands.items() if n <= 15}
    cut = replace(event, results=replace(event.results, rows=rows), hands=hands, published=())
    return analysed(cut).event


@pytest.mark.parametrize("language", ["en", "fi", "es"])
def test_a_15_board_evening_of_14_pairs_prints_on_6_pages(
    evening: Event, language: str, tmp_path: Path
) -> None:
    pages = _pages(build_pdf(evening, tmp_path / "e.pdf", language=language))
    assert len(pages) <= 6
    w = words(language)
    board = w.gettext("Board {number}")
    traveller = w.gettext("Traveller")
    shown = [n for page in pages for n in map(int, re.findall(board.format(number=r"(\d+)"), page))]
    assert shown == list(range(1, 16))
    for page in pages:  # each board's diagram, grid, par and traveller on one page
        boards = len(re.findall(board.format(number=r"\d+") + "\n", page))
        assert page.count(traveller) == boards
        assert page.count("Par ") == boards
    assert pages[1].count(traveller) >= 4  # several boards a page
    pair = w.gettext("Pair {pair}")
    sides = {"en": ("NS", "EW"), "fi": ("PE", "IL"), "es": ("NS", "EO")}[language]
    found = pair.format(pair=rf"(\d+(?:{sides[0]}|{sides[1]}))")  # the reader's 3IL, 3EO
    cards = [p for page in pages for p in re.findall(found, page)]
    assert sorted(cards) == sorted(f"{n}{side}" for n in range(1, 8) for side in sides)


def test_a_real_15_board_session_prints_on_6_pages(tmp_path: Path) -> None:
    pages = _pages(build_pdf(_club_session(), tmp_path / "club.pdf"))
    assert len(pages) <= 6
    assert sum(page.count("Traveller") for page in pages) == 15


def test_a_hand_record_file_prints_as_a_booklet(tmp_path: Path) -> None:
    deals = load_event(DEALS)
    records = Event(EventResults(()), name="Hand records", hands=deals.hands)
    pages = _pages(build_pdf(analysed(records).event, tmp_path / "b.pdf"))
    assert len(deals.hands) == 24
    assert len(pages) <= 4
    numbers = [int(n) for page in pages for n in re.findall(r"Board (\d+)\n", page)]
    assert numbers == list(range(1, 25))
    for page in pages[:-1]:
        assert len(re.findall(r"Board \d+\n", page)) >= 6
    text = "\n".join(pages)
    assert text.count("NT ♠ ♥ ♦ ♣") == 24
    assert text.count("Par NS") == 24
    assert "Traveller" not in text
    sixteen = replace(records, hands={n: deals.hands[n] for n in range(1, 17)})
    assert len(_pages(build_pdf(analysed(sixteen).event, tmp_path / "16.pdf"))) <= 3


def _english_left(event: Event, language: Words | str, tmp_path: Path) -> list[str]:
    """The lines of the PDF in ``language`` that show a word of the English PDF's own."""
    code = words(language).language.value
    english = "\n".join(_pages(build_pdf(event, tmp_path / "en.pdf"))).splitlines()
    translated = "\n".join(
        _pages(build_pdf(event, tmp_path / f"{code}.pdf", language=language))
    ).splitlines()
    notrump = words(language).notation.strain(Strain.NOTRUMP)
    data = {event.name, event.site, notrump}
    for p in event.participants:
        data |= {p.id, *p.names}
    return english_left(english, translated, code, data)


@pytest.mark.parametrize("language", ["fi", "es"])
def test_no_english_left_on_the_pdf(evening: Event, language: str, tmp_path: Path) -> None:
    assert _english_left(evening, language, tmp_path) == []


def test_a_word_left_in_english_on_the_pdf_is_found(golden: Event, tmp_path: Path) -> None:
    forgetful = Words(Language.FI, Forgetful(words("fi").translation, "Traveller"))
    left = _english_left(golden, forgetful, tmp_path)
    assert left == ["Traveller — huippu 2"]  # on both boards' pages
