"""The director's pages of rows to fill in or act on, on a 390 px phone in English, Finnish
and Spanish: every cell, field and button within the screen's width, none reached by
scrolling sideways (not even inside a box of its own), and no cell's text cut. The teams
page of a Swiss in sections: each team's players typed under its id and name (issue 28)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

from web.test_languages import COOKIE

from .conftest import Server, Shoot, log_in
from .tablephone import REACHABLE

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

TEAMS = [
    "Ñandú & Co", "Kuningattaret ry", "Los Picos de Europa", "Jätkät",
    "Tens", "Sotamiehet & Rouvat", "Oros", "Päivänsäde & Menninkäinen",
]  # fmt: skip
"""Eight teams in two sections: A1-A4 and B1-B4."""
PLAYERS = "Ann Smith, Bob Jones, Carla Jiménez, Dmitri Petrov"

HEADS = {
    "en": ["Team", "Name", "Players"],
    "fi": ["Joukkue", "Nimi", "Pelaajat"],
    "es": ["Equipo", "Nombre", "Jugadores"],
}
"""The teams page's column heads in each language."""

OUT_OF_SCREEN = """
() => {
  // every field and button of the page's main part whose box leaves the screen's width
  const w = document.documentElement.clientWidth;
  return [...document.querySelectorAll('main input:not([type=hidden]), main button, main select')]
    .map((e) => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width > 0 && (r.left < -0.5 || r.right > w + 0.5))
    .map(([e, r]) => `${e.name || e.textContent.trim()} ends at ${Math.round(r.right)} px`);
}
"""

CUT = """
() => [...document.querySelectorAll('main td, main th')]
  .filter((c) => c.scrollWidth > c.clientWidth + 1)
  .map((c) => c.textContent.trim().slice(0, 30))
"""
"""The cells whose text runs past their own box."""


def _fits(page: Page, what: str) -> None:
    """Every cell of the page's tables, and every field and button, within the 390 px
    screen as it is shown (no box scrolled sideways), the page no wider, no cell cut."""
    width, beyond = page.evaluate(REACHABLE, True)
    assert width <= 390, f"{what}: the page is {width} px wide"
    assert beyond == [], what
    assert page.evaluate(OUT_OF_SCREEN) == [], what
    assert page.evaluate(CUT) == [], what


def _swiss_in_sections(director: Page) -> str:
    """A Swiss of eight teams in two sections set up on the phone's own form; its control
    page's address."""
    director.goto("/director/new/teams/")
    director.locator("input[name=teams]").fill(str(len(TEAMS)))
    director.get_by_role("button", name="Name the teams").click()
    director.locator("input[name=name]").fill("Swiss rows")
    director.locator("input[name=schedule][value=swiss]").check()
    director.locator("input[name=boards]").fill("2")
    director.locator("input[name=rounds]").fill("3")
    director.locator("input[name=sections]").fill("2")
    for number, team in enumerate(TEAMS, start=1):
        director.locator(f"input[name=team-{number}]").fill(team)
    director.get_by_role("button", name="Start the session").click()
    director.wait_for_url(re.compile(r"/director/s/\d+/$"))
    return director.url


def test_the_teams_players_on_the_directors_phone(
    server: Server, new_phone: Callable[..., Page], shoot: Shoot
) -> None:
    director = new_phone()
    log_in(director)
    page = _swiss_in_sections(director) + "pairs/"
    director.goto(page)
    for number in (1, 3, 5, 7):  # every other team's players typed
        director.locator("main input[name$=-players]").nth(number - 1).fill(PLAYERS)
    with director.expect_navigation():
        director.locator("main form button[type=submit]").click()
    for language, heads in HEADS.items():
        director.context.add_cookies([{"name": COOKIE, "value": language, "url": server.url}])
        director.goto(page)
        assert director.locator("html").get_attribute("lang") == language
        assert director.locator("main thead th").all_inner_texts() == heads
        rows = director.locator("main tbody tr")
        assert rows.count() == 8
        assert rows.nth(7).locator("td").all_inner_texts()[:2] == ["B4", TEAMS[7]]
        assert rows.nth(6).locator("input").input_value() == PLAYERS
        shoot(director, f"teams-players-390-{language}")
        _fits(director, f"the teams page in {language}")
        # each team's players under its id and name, the field as wide as the row
        for row in rows.all():
            team, name, players = (c.bounding_box() for c in row.locator("td").all())
            field = row.locator("input").bounding_box()
            assert team is not None
            assert name is not None
            assert players is not None
            assert field is not None
            assert players["y"] >= max(team["y"] + team["height"], name["y"] + name["height"])
            assert field["width"] >= 300, field
