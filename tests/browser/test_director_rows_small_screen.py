"""The director's pages of rows to fill in or act on, on a 390 px phone in English, Finnish
and Spanish: every cell, field and button within the screen's width, none reached by
scrolling sideways (not even inside a box of its own), and no cell's text cut. The teams
page of a Swiss in sections: each team's players typed under its id and name; the
penalties' log of a pairs session in sections and of a Swiss: each line a box, its reason
and its withdrawal's field and button on lines of their own (issue 28)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

from web.test_languages import COOKIE

from .conftest import Server, Shoot, log_in, new_swiss_in_sections
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

LOG_HEADS = {
    "en": ["When", "Pair", "Penalty", "By", "Why", ""],
    "fi": ["Milloin", "Pari", "Rangaistus", "Kuka", "Miksi", ""],
    "es": ["Cuándo", "Pareja", "Penalización", "Quién", "Por qué", ""],
}
"""The penalties' log's column heads in each language (a pairs session)."""
WITHDRAW = {"en": "Withdraw", "fi": "Peru", "es": "Retirar"}
PAIR_A1NS = {"en": "A1NS", "fi": "A1PE", "es": "A1NS"}
"""Pair A1NS as each language writes its direction (Finnish pohjoinen-etelä, PE)."""

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
    return new_swiss_in_sections(director, "Swiss rows", TEAMS)


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


def _pairs_in_sections(director: Page, name: str) -> str:
    """A pairs session of a Mitchell and a Howell section set up on the phone's own form;
    its control page's address."""
    director.goto("/director/new/")
    director.get_by_label("Name", exact=True).fill(name)
    director.locator("input[name=typed_spec]").fill("mitchell:3x2 + howell:4x3")
    director.get_by_role("button", name="Start the session").click()
    director.wait_for_url(re.compile(r"/director/s/\d+/$"))
    return director.url


def _penalty(director: Page, page: str, fields: dict[str, str]) -> None:
    """Give a penalty on the penalties page's form, as the director fills it in."""
    director.goto(page)
    form = director.locator("main form.stack")
    for name, value in fields.items():
        if name in ("pair", "unit") and form.locator(f"select[name={name}]").count():
            form.locator(f"select[name={name}]").select_option(value)
        else:
            form.locator(f"input[name={name}]").fill(value)
    with director.expect_navigation():
        form.locator("button[type=submit]").click()


def test_the_penalties_log_on_the_directors_phone(
    server: Server, new_phone: Callable[..., Page], shoot: Shoot
) -> None:
    director = new_phone()
    log_in(director)
    pairs_page = _pairs_in_sections(director, "Penalties in sections") + "penalties/"
    given = {"unit": "top", "amount": "25", "reason": "slow play, a late start"}
    _penalty(director, pairs_page, {"pair": "A1NS", **given})
    _penalty(director, pairs_page, {"pair": "B3", **given, "reason": "a phone rang"})
    # the second withdrawn: its line and the withdrawal's stay in the log
    director.locator("main table tbody tr").nth(1).locator("input[name=reason]").fill("mistake")
    with director.expect_navigation():
        director.locator("main table tbody tr").nth(1).locator("button").click()
    teams_page = _swiss_in_sections(director) + "penalties/"
    _penalty(
        director,
        teams_page,
        {"pair": "päivänsäde & menninkäinen", "amount": "1.5", "reason": "late, twice"},
    )
    _penalty(director, teams_page, {"pair": "A2", "amount": "1", "reason": "slow"})

    for language, heads in LOG_HEADS.items():
        director.context.add_cookies([{"name": COOKIE, "value": language, "url": server.url}])
        director.goto(pairs_page)
        assert director.locator("html").get_attribute("lang") == language
        log = director.locator("main table")
        assert log.locator("thead th").all_inner_texts() == heads
        lines = [[c.strip() for c in row.locator("td").all_inner_texts()] for row in
                 log.locator("tbody tr").all()]  # fmt: skip
        assert [(line[1], line[4]) for line in lines] == [
            (PAIR_A1NS[language], "slow play, a late start"), ("B3", "a phone rang"),
            ("B3", "mistake"),
        ]  # fmt: skip
        assert [line[5] for line in lines] == [WITHDRAW[language], "", ""]
        shoot(director, f"penalties-pairs-390-{language}")
        _fits(director, f"the pairs' penalties in {language}")

        director.goto(teams_page)
        rows = director.locator("main table tbody tr")
        assert [r.locator("td").nth(1).inner_text() for r in rows.all()] == [
            "B4 (Päivänsäde & Menninkäinen)", "A2 (Kuningattaret ry)",
        ]  # fmt: skip
        shoot(director, f"penalties-teams-390-{language}")
        _fits(director, f"the teams' penalties in {language}")
        # a line's reason under its other cells, its withdrawal's field and button under it
        for row in rows.all():
            when, _team, penalty, _by, why, act = (
                c.bounding_box() for c in row.locator("td").all()
            )
            button = row.locator("button").bounding_box()
            assert when is not None
            assert penalty is not None
            assert why is not None
            assert act is not None
            assert button is not None
            assert why["y"] >= penalty["y"] + penalty["height"]
            assert act["y"] >= why["y"] + why["height"]
            assert button["x"] + button["width"] <= 390


ROSTER = ("Eeva-Kaarina Häkkinen-Virtanen", "Juan Ñúñez Pérez")
"""Players added to the demo club's roster (which has Ann Smith and Bob Jones already)."""
PAIR_HEADS = {"en": ["Pair", "Now"], "fi": ["Pari", "Nyt"], "es": ["Pareja", "Ahora"]}
"""The pairs page's column heads a phone shows in each language (each player's field says
which it is)."""


def test_the_pairs_named_on_the_directors_phone(
    server: Server, new_phone: Callable[..., Page], shoot: Shoot
) -> None:
    """The pairs of a session in sections named on a phone from the club's roster: each
    player typed as the roster names them (in any case); the roster offered once for every
    field (a datalist, not a list a field); the page within the screen in every language,
    each pair a box with each player's field under it."""
    director = new_phone()
    log_in(director)
    page = _pairs_in_sections(director, "Pairs named in sections") + "pairs/"
    director.goto(page)
    director.locator("main a[href^='/director/club/']").click()
    roster_page = director.url
    for number, name in enumerate(ROSTER, start=1):
        director.goto(roster_page)
        form = director.locator("main form.stack").filter(
            has=director.locator("input[name=number]")
        )
        form.locator("input[name=name]").fill(name)
        form.locator("input[name=number]").fill(f"{number}00")
        with director.expect_navigation():
            form.locator("button[type=submit]").click()
    director.goto(page)
    offered = director.locator("datalist#roster option").evaluate_all(
        "options => options.map((o) => o.value)"
    )
    assert {"Ann Smith", "Bob Jones", *ROSTER} <= set(offered), offered
    assert director.locator("main option").count() == len(offered)  # the one list
    director.locator("input[name=A1NS-a]").fill("ann smith")
    director.locator("input[name=A1NS-b]").fill("EEVA-KAARINA HÄKKINEN-VIRTANEN")
    director.locator("input[name=B2-a]").fill("juan ñúñez pérez")
    with director.expect_navigation():
        director.locator("main form.stack button[type=submit]").click()
    assert director.locator("main .error").count() == 0
    for language, heads in PAIR_HEADS.items():
        director.context.add_cookies([{"name": COOKIE, "value": language, "url": server.url}])
        director.goto(page)
        table = director.locator("main table")
        shown = [h for h in table.locator("thead th").all() if h.is_visible()]
        assert [h.inner_text() for h in shown] == heads[:2]  # the fields say "first player"
        a1 = table.locator("tbody tr").first
        assert a1.locator("td").nth(1).inner_text() == "Ann Smith & Eeva-Kaarina Häkkinen-Virtanen"
        assert a1.locator("input").nth(0).input_value() == "Ann Smith"
        assert director.locator("input[name=B2-a]").input_value() == "Juan Ñúñez Pérez"
        names = a1.locator("td").nth(1).bounding_box()
        first, second = (a1.locator("input").nth(n).bounding_box() for n in (0, 1))
        assert names is not None
        assert first is not None
        assert second is not None
        # each player's field under the pair, the box's width: a long name shows whole
        assert first["y"] >= names["y"] + names["height"]
        assert second["y"] >= first["y"] + first["height"]
        assert first["width"] >= 300, first
        assert a1.locator("input").nth(1).evaluate("e => e.scrollWidth <= e.clientWidth")
        shoot(director, f"pairs-named-390-{language}")
        _fits(director, f"the pairs page in {language}")
