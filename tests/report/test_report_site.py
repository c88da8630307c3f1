"""The published results: a static site whose every link works, and the same as a PDF."""

from __future__ import annotations

import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

from pypdf import PdfReader

from bridgescore.core.hands import Hands
from bridgescore.events.model import Event, Participant
from bridgescore.events.vocabulary import EventKind
from bridgescore.io.results import load
from bridgescore.report import build_pdf, build_site

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href",) and value:
                self.links.append(value)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def pairs_event() -> Event:
    rows = load(EXAMPLES / "pairs-mitchell.csv")
    return Event(
        rows,
        name="Tuesday Pairs",
        date="2026-11-24",
        site="Club",
        hands={1: Hands.from_pbn(DEAL)},
        participants=(Participant("2", ("Ann Smith", "Bo Lee")),),
    )


def test_every_link_resolves(tmp_path: Path) -> None:
    written = build_site(pairs_event(), tmp_path)
    names = {p.name for p in written}
    assert {"index.html", "print.html", "style.css", "board-1.html", "pair-2.html"} <= names
    assert len([n for n in names if n.startswith("board-")]) == 10
    assert len([n for n in names if n.startswith("pair-")]) == 10
    for page in tmp_path.glob("*.html"):
        for link in _parse(page).links:
            assert (tmp_path / link).is_file(), f"{page.name} links to missing {link}"


def test_index_ranking_and_names(tmp_path: Path) -> None:
    build_site(pairs_event(), tmp_path)
    text = " ".join(_parse(tmp_path / "index.html").text)
    assert "Tuesday Pairs" in text
    assert "Club · 2026-11-24 · matchpoints" in text
    assert "North-South" in text
    assert "East-West" in text
    assert "Ann Smith, Bo Lee" in text
    assert "59.75" in text


def test_board_page_has_hand_diagram_and_traveller(tmp_path: Path) -> None:
    build_site(pairs_event(), tmp_path)
    board1 = (tmp_path / "board-1.html").read_text(encoding="utf-8")
    assert 'class="diagram"' in board1
    assert "AKQ987" in board1  # North's diamonds
    assert "Dealer North" in board1
    assert "3NTE=" in board1
    board2 = (tmp_path / "board-2.html").read_text(encoding="utf-8")
    assert "The hands are not in the file" in board2
    assert "Dealer East" in board2


def test_print_page_has_every_section_and_keeps_each_whole(tmp_path: Path) -> None:
    build_site(pairs_event(), tmp_path)
    printable = (tmp_path / "print.html").read_text(encoding="utf-8")
    assert printable.count('<section class="page ranking fields">') == 1  # NS and EW side by side
    assert printable.count('<section class="page board">') == 10
    assert printable.count('<section class="page scorecard">') == 10
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in printable
    assert "<h2>Boards</h2>" not in printable  # the site's list of boards is not printed
    css = (tmp_path / "style.css").read_text(encoding="utf-8")
    assert "@media print" in css
    assert "break-inside: avoid" in css  # several boards a page, none split


def test_teams_site(tmp_path: Path) -> None:
    rows = load(EXAMPLES / "teams.json")
    build_site(Event(rows, name=rows.name, kind=EventKind.TEAMS), tmp_path)
    text = " ".join(_parse(tmp_path / "index.html").text)
    assert "Standings" in text
    assert "Aces" in text
    assert (tmp_path / "team-Aces.html").is_file()
    for page in tmp_path.glob("*.html"):
        for link in _parse(page).links:
            assert (tmp_path / link).is_file()


def test_pdf(tmp_path: Path) -> None:
    path = build_pdf(pairs_event(), tmp_path / "out" / "results.pdf")
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    text = "\n".join(page.extract_text() for page in PdfReader(path).pages)
    boards = [int(n) for n in re.findall(r"^Board (\d+)$", text, re.MULTILINE)]
    assert boards == list(range(1, 11))
    assert text.count("Traveller") == 10
    assert len(re.findall(r"^Pair \d+", text, re.MULTILINE)) == 10
    assert "Ann Smith, Bo Lee" in text
    pages = len(re.findall(rb"/Type\s*/Page\b", data))
    assert pages <= 4  # several boards and score cards a page


def test_ids_that_are_not_file_names(tmp_path: Path) -> None:
    rows = load(EXAMPLES / "pairs-mitchell.csv")
    renamed = tuple(replace(r, ns=f"N/{r.ns}") for r in rows.rows)
    event = Event(replace(rows, rows=renamed))
    build_site(event, tmp_path)
    assert (tmp_path / "pair-N-1.html").is_file()
