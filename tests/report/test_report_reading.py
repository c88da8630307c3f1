"""The results pages as players read them: travellers by score, red suits in red, and
board-to-board steps (the static site and the web app's pages are the same pages)."""

from __future__ import annotations

import re
from pathlib import Path

from bridgescore.io.events import load_event
from bridgescore.report import build_site
from bridgescore.report.html import suits
from bridgescore.report.view import build_report

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pairs-mitchell.csv"


def test_each_traveller_lists_the_highest_ns_score_first() -> None:
    report = build_report(load_event(EXAMPLE))
    for page in report.boards:
        scores = [int(row.cells[3]) for row in page.tables[0].rows if row.cells[3]]
        assert scores == sorted(scores, reverse=True), page.title
    board_3 = next(p for p in report.boards if p.title == "Board 3")
    assert [row.cells[3] for row in board_3.tables[0].rows] == [
        "+790", "+200", "+110", "-50", "-600",
    ]  # fmt: skip


def test_board_pages_step_to_the_board_before_and_after() -> None:
    boards = build_report(load_event(EXAMPLE)).boards
    assert boards[0].crumbs == (("Results", "index.html"), ("Board 2 →", "board-2.html"))
    assert boards[2].crumbs == (
        ("Results", "index.html"),
        ("← Board 2", "board-2.html"),
        ("Board 4 →", "board-4.html"),
    )
    assert boards[-1].crumbs[-1][0].startswith("← Board")


def test_red_suits_are_coloured_and_text_still_escaped(tmp_path: Path) -> None:
    assert str(suits("3♦N=")) == '3<span class="red-suit">♦</span>N='
    assert str(suits("<b>4♥</b>")) == '&lt;b&gt;4<span class="red-suit">♥</span>&lt;/b&gt;'
    assert str(suits("4♠W-2")) == "4♠W-2"
    build_site(load_event(EXAMPLE), tmp_path)
    page = (tmp_path / "board-3.html").read_text(encoding="utf-8")
    assert '<td class="whole">3<span class="red-suit">♦</span>N=</td>' in page  # never broken
    assert re.search(r'<a href="board-4.html">Board 4 →</a>', page)
