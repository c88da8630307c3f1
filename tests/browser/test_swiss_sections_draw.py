"""The draw page of a Swiss in two sections on the director's 390 px phone, in English,
Finnish and Spanish: each section under its heading (``Section A``, ``Ryhmä A``,
``Sección A``), its matches named by it (``A1``, ``B1``), its teams by their ids and the
names they were entered with, its bye as a player reads it in that language; every cell
of every table reached inside its own scrolling box, none cut, the page itself never
wider than the phone (issue 28)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

from web.test_languages import COOKIE

from .conftest import Server, Shoot, log_in, new_swiss_in_sections

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

TEAMS = ["Aces", "Kings", "Queens", "Jacks", "Tens", "Nines", "Eights"]
"""Seven teams in two sections: A1-A4 (Aces, Kings, Queens, Jacks), B1-B3 (Tens, Nines,
Eights). Round 1 is drawn in the order given: A1 v A2 and A3 v A4 (tables 1-4), B1 v B2
(tables 5-6), B3 on the bye."""

SAID = {
    "en": ("Section", "Match", "bye", "Place", "Team", "Opponents"),
    "fi": ("Ryhmä", "Ottelu", "vapaa", "Sija", "Joukkue", "Vastustajat"),
    "es": ("Sección", "Encuentro", "descanso", "Puesto", "Equipo", "Contrarios"),
}
"""A section's heading, the draw's first column, the bye, and the standings' columns."""

OUT_OF_REACH = """
() => {
  // every cell that cannot be brought onto the screen by scrolling its own table, whose
  // bringing there scrolls the page sideways, or whose text is cut
  const lost = [];
  for (const cell of document.querySelectorAll('main table.grid th, main table.grid td')) {
    cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const box = cell.getBoundingClientRect();
    const cut = cell.scrollWidth > cell.clientWidth + 1;
    if (box.left < -0.5 || box.right > innerWidth + 0.5 || scrollX !== 0 || cut) {
      const where = `${Math.round(box.left)}-${Math.round(box.right)}${cut ? ' cut' : ''}`;
      lost.push(`${cell.textContent.trim().slice(0, 30)} ${where}`);
    }
  }
  return lost;
}
"""


def _rows(table: object) -> list[list[str]]:
    rows = table.locator("tbody tr").all()  # type: ignore[attr-defined]
    return [[c.strip() for c in r.locator("td").all_inner_texts()] for r in rows]


def _start(director: Page) -> str:
    """Log in, set up the Swiss in two sections on the phone's own forms; the control
    page's address."""
    log_in(director)
    return new_swiss_in_sections(director, "Swiss in sections", TEAMS)


def _play_round_1(director: Page, new_phone: Callable[..., Page]) -> None:
    """Each room table enters both boards of round 1 from its own phone: 4S by North
    made in the open room, one down in the closed room, so the home team wins each match
    (board 1: +420 and +50, 10 IMPs; board 2, North-South vulnerable: +620 and +100, 12
    IMPs; 22 IMPs: the whole 20 VPs on the WBF scale for 2 boards)."""
    links = director.locator("h2:text-is('Table links') + table tbody tr").all()
    rooms = {
        r.locator("td").first.inner_text(): r.locator("a").get_attribute("href") for r in links
    }
    assert list(rooms) == ["A1a", "A1b", "A2a", "A2b", "B1a", "B1b"]
    for room, link in rooms.items():
        assert link is not None
        phone = new_phone()
        phone.goto(link)
        token = next(c["value"] for c in phone.context.cookies() if c["name"] == "csrftoken")
        for board in (1, 2):
            entry = {"round": 1, "board": board, "contract": "4S", "declarer": "N",
                     "result": "=" if room.endswith("a") else "-1", "confirm": True,
                     "entry_id": str(uuid.uuid4())}  # fmt: skip
            sent = phone.request.post(
                f"{link}entry/",
                data=json.dumps(entry),
                headers={"Content-Type": "application/json", "X-CSRFToken": token},
            )
            assert sent.status == 200, sent.text()
            assert sent.json()["status"] == "accepted", sent.text()
        phone.context.close()


def test_the_draw_of_a_swiss_in_sections_on_the_directors_phone(
    server: Server, new_phone: Callable[..., Page], shoot: Shoot
) -> None:
    director = new_phone()
    control = _start(director)
    _play_round_1(director, new_phone)
    draw = control + "draw/"
    for language, (section, match, bye, place, team, opponents) in SAID.items():
        director.context.add_cookies([{"name": COOKIE, "value": language, "url": server.url}])
        director.goto(draw)
        assert director.locator("html").get_attribute("lang") == language
        headings = director.locator("main h2").all_inner_texts()
        assert headings == [f"{section} A", f"{section} B"]
        a_draw, a_standings, b_draw, b_standings = director.locator("main table.grid").all()
        assert a_draw.locator("thead th").first.inner_text() == match
        # Round 2 from the standings: in A, A1 and A3 won (20 VPs each, 22 IMPs up), A2
        # and A4 lost; the top two meet, then the next two, none a second time. In B, B1
        # won (20), B3 had the bye (12), B2 lost (0): B2 takes the bye (B3 has had one).
        # Each team by its id and under it the name it was entered with.
        assert [r[:3] for r in _rows(a_draw)] == [
            ["A1", "A1\nAces", "A3\nQueens"], ["A2", "A2\nKings", "A4\nJacks"],
        ]  # fmt: skip
        b_rows = _rows(b_draw)
        assert [r[:3] for r in b_rows[:1]] == [["B1", "B1\nTens", "B3\nEights"]]
        assert b_rows[1][:2] == [bye, "B2\nNines"]
        assert b_standings.locator("thead th").all_inner_texts()[:2] == [place, team]
        assert b_standings.locator("thead th").nth(3).inner_text() == opponents
        assert [r[1] for r in _rows(a_standings)] == [
            "A1\nAces", "A3\nQueens", "A2\nKings", "A4\nJacks",
        ]  # fmt: skip
        assert [r[1] for r in _rows(b_standings)] == ["B1\nTens", "B3\nEights", "B2\nNines"]
        assert _rows(b_standings)[1][3] == bye  # B3's round 1: the bye
        shoot(director, f"director-390-swiss-sections-draw-{language}")
        width = director.evaluate("innerWidth")
        assert width == 390
        assert director.evaluate("document.documentElement.scrollWidth") <= width
        assert director.evaluate(OUT_OF_REACH) == []
