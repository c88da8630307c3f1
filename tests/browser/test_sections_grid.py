"""The director's control page of a session in sections on a 390 px phone, in English,
Finnish and Spanish: one grid a section, headed with its letter, its columns its own
tables (``A1``, ``B1``) and its rows its own rounds; every cell of both grids reached
inside its grid's own scrolling box (the page itself never wider than the phone); a result
entered at B's table changes that table's cell."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

from web.test_languages import COOKIE

from .conftest import Server, Shoot, log_in

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

SPEC = "mitchell:3x2 + mitchell:5x2"
"""Section A: 3 tables, 3 rounds; section B: 5 tables, 5 rounds (the field's tables 4-8)."""

SAID = {
    "en": ("Section", "Round", "Table"),
    "fi": ("Ryhmä", "Kierros", "Pöytä"),
    "es": ("Sección", "Ronda", "Mesa"),
}
"""A section's heading, and the grid's first column and its tables, in each language."""
CHOOSE = {"en": ("Sections:", "all"), "fi": ("Ryhmät:", "kaikki"), "es": ("Secciones:", "todas")}
"""The words before the sections to show one at a time, and the one for all of them."""
B1_PAIRS = {"en": ("B1NS", "B1EW"), "fi": ("B1PE", "B1IL"), "es": ("B1NS", "B1EO")}
"""Table B1's pairs in round 1 as each language writes their directions."""

OUT_OF_REACH = """
() => {
  // every cell of the grids that cannot be brought onto the screen by scrolling its own
  // grid, or whose bringing there scrolls the page sideways
  const lost = [];
  for (const cell of document.querySelectorAll('#grid table.control th, #grid table.control td')) {
    cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const box = cell.getBoundingClientRect();
    if (box.left < -0.5 || box.right > innerWidth + 0.5 || scrollX !== 0) {
      const where = `${Math.round(box.left)}-${Math.round(box.right)}`;
      lost.push(`${cell.textContent.trim().slice(0, 30)} ${where}`);
    }
  }
  return lost;
}
"""

BOXES = """
() => [...document.querySelectorAll('#grid table.control')].map((grid) => ({
  right: grid.getBoundingClientRect().right,
  scrolls: getComputedStyle(grid).overflowX,
  wider: grid.scrollWidth > grid.clientWidth,
}))
"""
"""Each grid's own box (on a phone the grid scrolls sideways inside it): its right edge on
the screen, how it scrolls, whether its tables are wider than it."""


def _grids(page: Page) -> dict[str, tuple[list[str], list[str]]]:
    """Each grid under its heading: its column heads and its rows' round numbers."""
    found = {}
    for heading in page.locator("#grid h2.grid-section").all():
        table = heading.locator("xpath=following-sibling::div[1]//table")
        found[heading.inner_text()] = (
            table.locator("thead th").all_inner_texts(),
            table.locator("tbody tr > th").all_inner_texts(),
        )
    return found


def test_a_session_in_sections_on_the_directors_phone(
    server: Server, new_phone: Callable[..., Page], shoot: Shoot
) -> None:
    director = new_phone()
    log_in(director)
    director.goto("/director/new/")
    director.get_by_label("Name", exact=True).fill("Two sections on a phone")
    director.locator("input[name=typed_spec]").fill(SPEC)
    director.get_by_role("button", name="Start the session").click()
    director.wait_for_url(re.compile(r"/director/s/\d+/$"))
    control = director.url

    # B1 (the field's table 4) enters board 1 of round 1 from its phone
    b1 = director.locator("h2:text-is('Table links') + table tbody tr").filter(
        has=director.locator("td:text-is('B1')")
    )
    link = b1.locator("a[href^='/t/']").get_attribute("href")
    assert link is not None
    phone = new_phone()
    phone.goto(link)
    token = next(c["value"] for c in phone.context.cookies() if c["name"] == "csrftoken")
    entry = {"round": 1, "board": 1, "contract": "4S", "declarer": "N", "result": "=",
             "confirm": True, "entry_id": "00000000-0000-4000-8000-0000000000b1"}  # fmt: skip
    sent = phone.request.post(
        f"{link}entry/",
        data=json.dumps(entry),
        headers={"Content-Type": "application/json", "X-CSRFToken": token},
    )
    assert sent.status == 200, sent.text()
    assert sent.json()["status"] == "accepted", sent.text()

    for language, (section, first, table) in SAID.items():
        director.context.add_cookies([{"name": COOKIE, "value": language, "url": server.url}])
        director.goto(control)
        assert director.locator("html").get_attribute("lang") == language
        grids = _grids(director)
        assert list(grids) == [f"{section} A", f"{section} B"]
        assert grids[f"{section} A"] == (
            [first, f"{table} A1", f"{table} A2", f"{table} A3"],
            ["1", "2", "3"],
        )
        assert grids[f"{section} B"] == (
            [first, *(f"{table} B{n}" for n in range(1, 6))],
            ["1", "2", "3", "4", "5"],
        )
        b_round_1 = director.locator("#grid table.control").nth(1).locator("tbody tr").first
        b1_cell, b2_cell = b_round_1.locator("td").nth(0), b_round_1.locator("td").nth(1)
        # B1 has board 1 of its two in (being played); B2 has entered nothing
        assert b1_cell.get_attribute("class") == "playing"
        ns, ew = B1_PAIRS[language]
        assert re.fullmatch(rf"{ns} .+ {ew}\n1/2", b1_cell.inner_text()), b1_cell.inner_text()
        assert b2_cell.get_attribute("class") == "not_started"
        shoot(director, f"director-390-sections-grid-{language}")
        width = director.evaluate("innerWidth")
        assert width == 390
        assert director.evaluate("document.documentElement.scrollWidth") <= width
        boxes = director.evaluate(BOXES)
        for box in boxes:
            assert box["right"] <= width + 0.5, box
            assert box["scrolls"] == "auto", box
        assert [box["wider"] for box in boxes] == [False, True]  # B's five tables scroll
        assert director.evaluate(OUT_OF_REACH) == []
        shoot(director, f"director-390-sections-grid-{language}-scrolled")

        # one section alone, chosen by a tap: B's grid only, its cells reached, the grid
        # reloaded for B alone; "all" shows both again
        chooser = director.locator("nav.sections-shown")
        assert chooser.inner_text() == f"{CHOOSE[language][0]} {CHOOSE[language][1]} · A · B"
        for tap in chooser.locator("a").all():
            box = tap.bounding_box()
            assert box is not None
            assert box["width"] >= 24, box  # a finger's target (WCAG 2.2, 2.5.8)
            assert box["height"] >= 24, box
            assert box["x"] >= 0, box
            assert box["x"] + box["width"] <= width + 0.5, box
        chooser.get_by_role("link", name="B", exact=True).click()
        director.wait_for_url(re.compile(r"\?section=B$"))
        assert list(_grids(director)) == [f"{section} B"]
        assert chooser.locator("a[aria-current=page]").inner_text() == "B"
        reloaded = director.locator("#grid").get_attribute("data-src")
        assert reloaded is not None
        assert reloaded.endswith("/grid/?section=B")
        if language == "en":  # the grid reloaded once (every 5 s): still B's alone
            director.wait_for_timeout(5600)
            assert list(_grids(director)) == [f"{section} B"]
        assert director.evaluate("document.documentElement.scrollWidth") <= width
        assert director.evaluate(OUT_OF_REACH) == []
        shoot(director, f"director-390-sections-grid-{language}-b-alone")
        chooser.get_by_role("link", name=CHOOSE[language][1], exact=True).click()
        director.wait_for_url(control)
        assert list(_grids(director)) == [f"{section} A", f"{section} B"]
