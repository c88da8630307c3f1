"""The published results with their analysis as a player sees them (issue 24): a board's
page on a phone shows the diagram, the double-dummy grid and par, every cell on the
screen; "Print all" of a 7-table evening (14 pairs, 15 boards) prints on at most 6 A4
pages, and the hand-record booklet of 24 boards on at most 4.

The static site is opened from its files (``file://``), as a club's published pages are
read; Chromium's own PDF (``page.pdf``) is what its print dialog would print.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from bridgescore.events.deals import analysed
from bridgescore.events.model import Event, EventResults
from bridgescore.io.events import load_event
from bridgescore.report import build_site

from .conftest import PHONE, Shoot
from .evening import DEALS, seven_tables

pytestmark = [pytest.mark.browser, pytest.mark.dd]

pytest.importorskip("endplay", reason="the dd extra (endplay) analyses the deals")

MOST_PAGES = 6
"""A 15-board evening of 14 pairs: ranking, boards with travellers, score cards."""
MOST_BOOKLET_PAGES = 4


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("evening")
    build_site(seven_tables(), site)
    return site


@pytest.fixture(scope="module")
def booklet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """BridgeWebs' 24 deals as a file of hand records (no results), analysed."""
    deals = load_event(DEALS)
    records = Event(EventResults(()), name="Hand records", date="2026-11-24", hands=deals.hands)
    site = tmp_path_factory.mktemp("booklet")
    build_site(analysed(records).event, site)
    return site


def _pages(pdf: bytes) -> int:
    try:
        from pypdf import PdfReader
    except ImportError:  # pragma: no cover - pypdf is in the dev extra
        return len(re.findall(rb"/Type\s*/Page\b", pdf))
    return len(PdfReader(io.BytesIO(pdf)).pages)


def _outside(page: Page, selector: str, width: int) -> list[str]:
    """The elements of ``selector`` that do not lie wholly across the screen's width."""
    found: list[str] = page.evaluate(
        """([selector, width]) => [...document.querySelectorAll(selector)]
            .filter(e => { const r = e.getBoundingClientRect();
                           return r.width === 0 || r.left < 0 || r.right > width; })
            .map(e => e.className + ' ' + e.textContent)""",
        [selector, width],
    )
    return found


def test_a_board_on_a_phone_shows_the_diagram_grid_and_par(
    browser: Browser, evening: Path, shoot: Shoot
) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto((evening / "board-3.html").as_uri())  # North's nine spades: the widest hand
    width = PHONE["viewport"]["width"]
    height = PHONE["viewport"]["height"]
    for part in (".diagram", "table.dd", ".par"):
        box = page.locator(part).bounding_box()
        assert box is not None, part
        assert box["x"] >= 0, part
        assert box["x"] + box["width"] <= width, part
        assert box["y"] + box["height"] <= height, f"{part} is below the first screen"
    assert page.locator("table.dd tbody td").count() == 20
    every_cell = ".diagram > div, .compass span, table.dd th, table.dd td, .par"
    assert _outside(page, every_cell, width) == []
    assert page.locator(".par").inner_text().startswith("Par NS ")
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll
    shoot(page, "results-board-phone")
    page.goto((evening / "print.html").as_uri())  # every board and card, opened on the phone
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert _outside(page, ".diagram > div, table.dd td, .par", width) == []
    context.close()


def test_print_all_of_a_seven_table_evening_fits_six_a4_pages(
    browser: Browser, evening: Path
) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto((evening / "print.html").as_uri())
    assert page.locator("section.board").count() == 15
    assert page.locator("section.scorecard").count() == 14
    pages = _pages(page.pdf(format="A4"))
    assert pages <= MOST_PAGES, f"{pages} A4 pages"
    context.close()


def test_the_hand_record_booklet_of_24_boards_fits_four_a4_pages(
    browser: Browser, booklet: Path
) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto((booklet / "print.html").as_uri())
    assert page.locator("section.board table.dd").count() == 24
    pages = _pages(page.pdf(format="A4"))
    assert pages <= MOST_BOOKLET_PAGES, f"{pages} A4 pages"
    context.close()
