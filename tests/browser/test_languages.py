"""The table's phone, the score pad and the director's pages in Finnish and Spanish, in
Debian's chromium on a 390 × 844 phone: each chosen with the language cookie the switch
sets, each showing none of the catalogue's English (the same check as
``tests/web/test_languages.py``), with a screenshot of each under ``test-artefacts/``; the
header with its language switch in one row and no table cell running over, whatever the
language's words; the home page's way to the score pad."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, FloatRect, Page

from web.test_languages import COOKIE, english_left

from .conftest import PHONE, Server, Shoot, log_in

pytestmark = pytest.mark.browser

SAID = {
    "fi": {
        "pad": "Uusi robberi",
        "table": "Mikä brikka?",
        "director": "Kilpailusi",
        "to pad": "Avaa pistelasku",
    },
    "es": {
        "pad": "Nueva partida",
        "table": "¿Qué estuche?",
        "director": "Sus sesiones",
        "to pad": "Abrir el anotador",
    },
}
"""A line each screen shows in the language, once drawn."""


def _context(browser: Browser, server: Server, language: str, **options: object) -> BrowserContext:
    context = browser.new_context(base_url=server.url, **options)  # type: ignore[arg-type]
    context.set_default_timeout(10_000)
    context.add_cookies([{"name": COOKIE, "value": language, "url": server.url}])
    return context


@pytest.fixture(params=["fi", "es"])
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def director(browser: Browser, server: Server, language: str) -> Iterator[Page]:
    """The demo club's director, logged in, on a phone in ``language``."""
    context = _context(browser, server, language, **PHONE)
    page = context.new_page()
    log_in(page)
    yield page
    context.close()


def _no_english(page: Page, language: str) -> None:
    assert page.locator("html").get_attribute("lang") == language
    assert english_left(page.content(), language) == []
    _fits(page)


def _box(page: Page, selector: str) -> FloatRect:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


_WIDE = """() => [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
    .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)
         + ' ' + (e.textContent || e.name || '').trim().slice(0, 30))"""
"""What runs past the right edge of the screen (to say so when something does)."""

_OVERFLOWING = """() => [...document.querySelectorAll('th, td')]
    .filter(c => c.scrollWidth > c.clientWidth + 1)
    .map(c => c.textContent.trim().slice(0, 40))"""


def _fits(page: Page) -> None:
    """On the 390 px phone: the language switch inside the header and in the row of its
    brand (not wrapped under it), the header no wider than the screen, and no table cell
    whose text runs past its edge."""
    if page.locator("header.bar").count() == 0:
        return  # the table's phone and the pad draw their own screens
    header, brand, switch = (_box(page, s) for s in ("header.bar", ".bar .brand", "#languages"))
    width = page.viewport_size["width"] if page.viewport_size else 390
    assert header["x"] >= 0, header
    assert header["x"] + header["width"] <= width + 0.5, header
    assert header["x"] <= switch["x"], (header, switch)
    assert switch["x"] + switch["width"] <= header["x"] + header["width"] + 0.5, (header, switch)
    assert header["y"] <= switch["y"], (header, switch)
    assert switch["y"] + switch["height"] <= header["y"] + header["height"] + 0.5, (header, switch)
    # the same row as the brand: the two overlap from top to bottom
    assert switch["y"] < brand["y"] + brand["height"], (brand, switch)
    assert brand["y"] < switch["y"] + switch["height"], (brand, switch)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.evaluate(_WIDE)
    assert page.evaluate(_OVERFLOWING) == []


def test_the_directors_pages_in_the_language(director: Page, language: str, shoot: Shoot) -> None:
    assert SAID[language]["director"] in director.inner_text("main")
    _no_english(director, language)
    shoot(director, f"languages-{language}-director")
    director.get_by_role("link", name="Demo pairs").first.click()
    director.wait_for_selector("#grid table")
    _no_english(director, language)
    shoot(director, f"languages-{language}-control")
    director.goto("/director/new/")
    _no_english(director, language)
    shoot(director, f"languages-{language}-new-session")


def test_the_table_phone_in_the_language(
    director: Page, browser: Browser, server: Server, language: str, shoot: Shoot
) -> None:
    director.get_by_role("link", name="Demo pairs").first.click()
    director.wait_for_selector('#grid ~ table a[href^="/t/"]')  # the click starts a navigation
    links = director.locator('#grid ~ table a[href^="/t/"]').all_inner_texts()
    assert len(links) == 4, links
    context = _context(browser, server, language, **PHONE)
    phone = context.new_page()
    table = 4 if language == "fi" else 3  # each language's phone holds a table of its own
    phone.goto(links[table - 1])
    phone.wait_for_selector("#phone:not([hidden]) [data-step]")
    assert SAID[language]["table"] in phone.inner_text("#phone")
    _no_english(phone, language)
    shoot(phone, f"languages-{language}-table-board")
    phone.locator("[data-step=board] button.pick").first.click()
    phone.wait_for_selector("[data-step=contract]")
    _no_english(phone, language)
    shoot(phone, f"languages-{language}-table-contract")
    context.close()


def test_the_home_page_leads_to_the_pad(
    browser: Browser, server: Server, language: str, shoot: Shoot
) -> None:
    context = _context(browser, server, language, **PHONE)
    home = context.new_page()
    home.goto("/")
    _no_english(home, language)
    shoot(home, f"languages-{language}-home")
    home.get_by_role("link", name=SAID[language]["to pad"]).click()
    home.wait_for_url("**/pad/")
    home.wait_for_function("document.querySelector('#pad button') !== null")
    assert SAID[language]["pad"] in home.inner_text("#pad")
    home.goto("/login/")
    _no_english(home, language)
    assert home.get_by_role("link", name=SAID[language]["to pad"]).count() == 1
    context.close()


def test_the_pad_in_the_language(
    browser: Browser, server: Server, language: str, shoot: Shoot
) -> None:
    context = _context(browser, server, language, **PHONE)
    pad = context.new_page()
    pad.goto("/pad/")
    pad.wait_for_function("document.querySelector('#pad button') !== null")
    assert SAID[language]["pad"] in pad.inner_text("#pad")
    _no_english(pad, language)
    shoot(pad, f"languages-{language}-pad")
    context.close()
