"""A board's analysis on the published pages (issue 24): each hand's high-card points, the
double-dummy grid and par beside the diagram; each result against par on the traveller
and on a pair's score card; "Print all" and the hand-record booklet.

The figures are checked by hand: the golden deal of ``tests/analysis`` (worked out card by
card), and board 12 of BridgeComposer's file of 23 December 2025, whose own tags say par
``EW 120`` by ``E 1N+1`` and whose results are in its ``ScoreTable``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
from _visible import english_left, visible_text

from bridgescore.core.hands import Hands
from bridgescore.core.strains import Strain
from bridgescore.events.deals import analysed
from bridgescore.events.model import Event, EventResults
from bridgescore.events.pairs import PairsResult
from bridgescore.events.scoring import score_event
from bridgescore.events.teams import TeamsResult
from bridgescore.i18n import words as words_of
from bridgescore.io.events import load_event
from bridgescore.report import build_site
from bridgescore.report.html import _environment
from bridgescore.report.view import (
    Table,
    build_report,
    card_table,
    pars_of,
    teams_pages,
    traveller_table,
)

DATA = Path(__file__).parents[1] / "io" / "data" / "pbn"
COMPOSER = DATA / "bridgecomposer_2025-12-23.pbn"

GOLDEN = "N:AKQJT98..432.AKQ .AKQJT98.AKQ.432 765432..JT98765. .765432..JT98765"
"""North and South take ♣3 ♦10 ♥3 ♠10 NT3, East and West ♣10 ♦3 ♥10 ♠3 NT3; par on a board
where both sides are vulnerable: North-South +200, East-West's sacrifices 5♥X-1 and 5♣X-1."""
BOTH_VULNERABLE = 4
"""Board 4: dealer West, both sides vulnerable."""


class _Page(HTMLParser):
    """A page's double-dummy grids, other tables, compass and par, as a reader sees them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.grids: list[list[list[str]]] = []
        self.tables: list[list[list[str]]] = []
        self.par: list[str] = []
        self.compass: list[str] = []
        self._par = self._compass = False
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._where: list[list[list[str]]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        kind = dict(attrs).get("class") or ""
        if tag == "table":
            self._where = self.grids if kind == "dd" else self.tables
            self._where.append([])
        elif tag == "tr" and self._where is not None:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []
        elif tag == "p" and kind == "par":
            self._par = True
        elif tag == "div" and kind == "compass":
            self._compass = True
        elif tag == "br" and self._par:
            self.par.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None and self._where is not None:
            self._where[-1].append(self._row)
            self._row = None
        elif tag == "table":
            self._where = None
        elif tag == "p":
            self._par = False
        elif tag == "div":
            self._compass = False

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        if self._par:
            self.par.append(data)
        if self._compass:
            self.compass.append(data + " ")


def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _text(parts: list[str]) -> str:
    return " ".join("".join(parts).split())


@pytest.fixture(scope="module")
def composer() -> Event:
    """The file with its own analysis (its DoubleDummyTricks, OptimumScore, ParContract:
    what the solver finds too, ``tests/analysis``)."""
    event = load_event(COMPOSER)
    assert len(event.analyses) == 24
    return event


@pytest.fixture(scope="module")
def golden() -> Event:
    """The golden deal alone, as a file of hand records (no results), analysed by the solver."""
    pytest.importorskip("endplay", reason="the dd extra (endplay) analyses the deal")
    hands = {BOTH_VULNERABLE: Hands.from_pbn(GOLDEN)}
    return analysed(Event(EventResults(()), name="Golden", hands=hands)).event


@pytest.mark.dd
def test_the_golden_deals_page_shows_its_points_grid_and_par(golden: Event, tmp_path: Path) -> None:
    build_site(golden, tmp_path)
    page = _read(tmp_path / f"board-{BOTH_VULNERABLE}.html")
    assert page.grids == [
        [
            ["", "NT", "♠", "♥", "♦", "♣"],
            ["N", "3", "10", "3", "10", "3"],
            ["S", "3", "10", "3", "10", "3"],
            ["E", "3", "3", "10", "3", "10"],
            ["W", "3", "3", "10", "3", "10"],
        ]
    ]
    # ♠AKQJ ♦— ♣AKQ: 19; ♥AKQJ ♦AKQ: 19; ♦J: 1; ♣J: 1
    assert _text(page.compass) == "N 19 W 1 HCP E 19 S 1"
    assert _text(page.par) == "Par NS +200 EW 5♥X-1; EW 5♣X-1"
    html = (tmp_path / f"board-{BOTH_VULNERABLE}.html").read_text(encoding="utf-8")
    assert '<th scope="col"><span class="red-suit">♥</span></th>' in html  # red suits red
    assert 'EW 5<span class="red-suit">♥</span>X-1' in html


@pytest.mark.dd
def test_the_golden_deal_in_finnish_and_spanish(golden: Event, tmp_path: Path) -> None:
    build_site(golden, tmp_path / "fi", language="fi")
    finnish = _read(tmp_path / "fi" / f"board-{BOTH_VULNERABLE}.html")
    assert [row[0] for row in finnish.grids[0]] == ["", "P", "E", "I", "L"]
    assert finnish.grids[0][0][1] == "NT"
    assert _text(finnish.compass) == "P 19 L 1 AP I 19 E 1"
    assert _text(finnish.par) == "Par PE +200 IL 5♥X-1; IL 5♣X-1"
    build_site(golden, tmp_path / "es", language="es")
    spanish = _read(tmp_path / "es" / f"board-{BOTH_VULNERABLE}.html")
    assert [row[0] for row in spanish.grids[0]] == ["", "N", "S", "E", "O"]
    assert spanish.grids[0][0][1] == "ST"
    assert _text(spanish.compass) == "N 19 O 1 PH E 19 S 1"
    assert _text(spanish.par) == "Par NS +200 EO 5♥X-1; EO 5♣X-1"
    fi = (tmp_path / "fi" / f"board-{BOTH_VULNERABLE}.html").read_text(encoding="utf-8")
    es = (tmp_path / "es" / f"board-{BOTH_VULNERABLE}.html").read_text(encoding="utf-8")
    assert "<caption>Avoimin kortein</caption>" in fi
    assert 'title="Arvopisteet"' in fi
    assert "<caption>Doble muerto</caption>" in es
    assert 'title="Puntos de honor"' in es
    build_site(golden, tmp_path / "en")
    for language in ("fi", "es"):  # the booklet too: every word the reader's
        notrump = words_of(language).notation.strain(Strain.NOTRUMP)
        for name in (f"board-{BOTH_VULNERABLE}.html", "print.html", "index.html"):
            english = visible_text((tmp_path / "en" / name).read_text(encoding="utf-8"))
            shown = visible_text((tmp_path / language / name).read_text(encoding="utf-8"))
            assert english_left(english, shown, language, {"Golden", notrump}) == [], name


def test_board_12_shows_the_files_par_and_each_result_against_it(
    composer: Event, tmp_path: Path
) -> None:
    build_site(composer, tmp_path)
    page = _read(tmp_path / "board-12.html")
    # the file: [OptimumScore "EW 120"] [ParContract "E 1N+1"]
    assert _text(page.par) == "Par NS -120 E 1NT+1"
    # W AKJT.Q53.952.A92 14, N Q43.T9.8764.J643 3, E 7652.J864.AQ.K87 10, S 98.AK72.KJT3.QT5 13
    assert _text(page.compass) == "N 3 W 14 HCP E 10 S 13"
    # the file's OptimumResultTable: N and S 5 5 5 7 7, E 8 8 8 5 6, W 7 8 7 5 6 (NT S H D C)
    assert page.grids[0][1:] == [
        ["N", "5", "5", "5", "7", "7"],
        ["S", "5", "5", "5", "7", "7"],
        ["E", "8", "8", "8", "5", "6"],
        ["W", "7", "8", "7", "5", "6"],
    ]
    (traveller,) = page.tables
    assert traveller[0] == ["NS", "EW", "Result", "NS score", "vs par", "NS MP", "EW MP"]
    against = {(row[0], row[1]): (row[3], row[4]) for row in traveller[1:]}
    # NS score less par (NS -120), the ScoreTable's lines worked out by hand
    assert against[("B4NS", "B4EW")] == ("+50", "+170")  # 2S W 7 tricks
    assert against[("B3NS", "B2EW")] == ("-110", "+10")  # 2S W 8
    assert against[("A3NS", "A9EW")] == ("-140", "-20")  # 2S E 9
    assert against[("A1NS", "A7EW")] == ("-420", "-300")  # 4S W 10
    assert against[("B8NS", "B5EW")] == ("-150", "-30")  # 1NT E 9
    assert against[("B6NS", "B1EW")] == ("-120", "+0")  # 1NT E 8: par itself
    assert against[("A9NS", "A3EW")] == ("+50", "+170")  # 4S E 9


def test_a_score_card_shows_each_result_against_par_from_the_pairs_side(
    composer: Event, tmp_path: Path
) -> None:
    build_site(composer, tmp_path)
    for pair, board_12 in (("A1NS", ("-420", "-300")), ("A7EW", ("+420", "+300")),
                           ("B6NS", ("-120", "+0")), ("B4EW", ("-50", "-170"))):  # fmt: skip
        (card,) = _read(tmp_path / f"pair-{pair}.html").tables
        assert card[0][4:6] == ["Score", "vs par"]
        (line,) = [row for row in card[1:] if row[0] == "12"]
        assert (line[4], line[5]) == board_12, pair


def test_the_view_decides_the_par_columns_once_for_every_renderer(composer: Event) -> None:
    result = score_event(composer)
    assert isinstance(result, PairsResult)
    pars = pars_of(composer)
    assert pars[12].score == -120
    shown = traveller_table(result.traveller(12), result, par=pars[12])
    plain = traveller_table(result.traveller(12), result)
    assert "vs par" in shown.header
    assert "vs par" not in plain.header  # where par is not known, no column
    assert shown.numeric == frozenset({3, 4, 5, 6})
    card = card_table(result, "A7EW", pars=pars)
    assert card.header[5] == "vs par"
    assert 5 in card.numeric
    assert card_table(result, "A7EW").header[5] != "vs par"


def test_a_board_with_no_par_shows_no_par_column(tmp_path: Path) -> None:
    build_site(replace(load_event(COMPOSER), analyses={}), tmp_path)  # the deals alone
    page = _read(tmp_path / "board-12.html")
    assert page.grids == []
    assert page.par == []
    assert _text(page.compass) == "N 3 W 14 HCP E 10 S 13"  # the points are the deal's
    assert "vs par" not in page.tables[0][0]
    assert "vs par" not in _read(tmp_path / "pair-A1NS.html").tables[0][0]


@pytest.mark.parametrize(
    ("language", "words"),
    [("fi", ("Avoimin kortein", "AP", "Par", "Par-ero")),
     ("es", ("Doble muerto", "PH", "Par", "Dif. par"))],
)  # fmt: skip
def test_no_english_left_on_the_analysed_pages(
    composer: Event, language: str, words: tuple[str, ...], tmp_path: Path
) -> None:
    shown = ("board-12.html", "pair-A1NS.html", "print.html")
    build_site(composer, tmp_path / "en")
    build_site(composer, tmp_path / language, language=language)
    notrump = words_of(language).notation.strain(Strain.NOTRUMP)  # NT, ST: the language's
    data = {composer.name, composer.site, notrump}
    for p in composer.participants:
        data |= {p.id, *p.names}
    for row in composer.results.rows:
        data |= {row.ns, row.ew}
    for name in shown:
        english = visible_text((tmp_path / "en" / name).read_text(encoding="utf-8"))
        translated = visible_text((tmp_path / language / name).read_text(encoding="utf-8"))
        assert english_left(english, translated, language, data) == [], name
    board = " ".join(visible_text((tmp_path / language / "board-12.html").read_text("utf-8")))
    for word in words:
        assert word in board


def test_print_all_keeps_each_board_whole_and_leaves_out_the_lists_of_links(
    composer: Event, tmp_path: Path
) -> None:
    build_site(composer, tmp_path)
    printed = (tmp_path / "print.html").read_text(encoding="utf-8")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in printed
    assert printed.count(" — all results</title>") == 1
    boards = re.findall(r'<section class="page board">(.*?)</section>\n', printed, re.S)
    assert len(boards) == 24
    twelve = next(b for b in boards if '<h2 class="pagetitle">Board 12</h2>' in b)
    # the diagram, the grid, par and the traveller in one section (printed together)
    assert '<div class="diagram"' in twelve
    assert '<table class="dd">' in twelve
    assert "NS -120" in twelve
    assert '<th class="num">vs par</th>' in twelve
    assert "<h2>Boards</h2>" not in printed
    css = (tmp_path / "style.css").read_text(encoding="utf-8")
    assert re.search(r"\.page\.board[^{]*\{[^}]*break-inside: avoid", css)


@pytest.mark.dd
def test_a_hand_record_file_prints_as_a_booklet(golden: Event, tmp_path: Path) -> None:
    report = build_report(golden)
    assert report.booklet
    assert report.cards == ()
    build_site(golden, tmp_path)
    printed = (tmp_path / "print.html").read_text(encoding="utf-8")
    assert "<title>Golden</title>" in printed  # no "all results": there are none
    assert '<div class="boards booklet">' in printed
    assert 'class="page ranking"' not in printed  # the index is a list of links only
    assert printed.count('<section class="page board">') == 1
    assert '<table class="dd">' in printed


def test_the_print_link_is_left_out_where_the_page_says_so(composer: Event) -> None:
    report = build_report(composer)
    page = _environment().get_template("page.html")
    board = report.boards[11]
    assert '<a href="print.html">Print all</a>' in page.render(report=report, page=board)
    shown = page.render(report=report, page=board, print_link=True)
    assert '<a href="print.html">Print all</a>' in shown
    hidden = page.render(report=report, page=board, print_link=False)
    assert "print.html" not in hidden
    assert re.search(r"<nav>.*</a></nav>", hidden)  # no separator left dangling
    index = page.render(report=report, page=report.index, print_link=False)
    assert "<nav></nav>" in index


def test_a_table_says_which_columns_are_never_broken(composer: Event) -> None:
    (traveller,) = build_report(composer).boards[11].tables
    assert isinstance(traveller, Table)
    assert traveller.whole == frozenset({2})  # the result: 4♠W=, never 4♠W- / =


def test_a_teams_board_shows_each_rooms_result_against_par() -> None:
    event = load_event(DATA / "realbridge_example2.pbn")  # its own DoubleDummyTricks and par
    result = score_event(event, incomplete="skip")
    assert isinstance(result, TeamsResult)
    board = next(p for p in teams_pages(event, result).boards if p.title == "Board 11")
    (table,) = board.tables
    assert table.header == ("Team 1", "Team 2", "Team 1 NS", "Score", "vs par", "Team 2 NS",
                            "Score", "vs par", "Swing")  # fmt: skip
    assert table.numeric == frozenset({3, 4, 6, 7, 8})
    # [OptimumScore "NS +90"]; Austria v Denmark: passed out, and 3NT by South three down
    austria = next(row.cells for row in table.rows if row.cells[:2] == ("AUSTRIA", "DENMARK"))
    assert austria[2:8] == ("Pass", "+0", "-90", "3NTS-3", "-150", "-240")
