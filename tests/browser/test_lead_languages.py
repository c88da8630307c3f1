"""The opening lead's buttons on a Spanish table phone, in Debian's chromium: the card
tapped (the ace of clubs: ♣, then A) is the card kept, though the page's Spanish form reads
a typed ``C`` as corazones: the script sends the suit's symbol, which every language reads
alike. The rank buttons are labelled as the notation writes the ranks (``10``)."""

from __future__ import annotations

import contextlib
import re
import sqlite3
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page

from web.test_languages import COOKIE

from .conftest import Server, log_in
from .tablephone import Play, Shoot, TablePhone
from .test_table_flow import table_links

pytestmark = pytest.mark.browser


@pytest.fixture
def director_page(browser: Browser, server: Server) -> Iterator[Page]:
    context = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    page = context.new_page()
    log_in(page)
    yield page
    context.close()


def test_a_spanish_phone_keeps_the_lead_it_tapped(
    director_page: Page, new_phone: Callable[..., Page], shoot: Shoot, server: Server
) -> None:
    page = director_page
    page.goto("/director/new/")
    page.get_by_label("Name", exact=True).fill("Salida en español")
    page.get_by_label("Or type a movement").fill("howell:2x2")
    page.get_by_role("button", name="Start the session").click()
    page.wait_for_url(re.compile(r"/director/s/\d+/$"))
    session_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    links, _ = table_links(page)
    device = new_phone()
    device.context.add_cookies([{"name": COOKIE, "value": "es", "url": server.url}])
    phone = TablePhone(1, device, shoot, name="lead-es")
    phone.open(links[1])
    phone.choose(phone.offered()[0])
    phone.contract(Play("4", "S", "", "N", "="))
    phone.declarer("N")
    phone.wait_step("lead")
    assert phone.page.locator("#phone [data-rank='T']").inner_text() == "10"
    phone.lead("CA", snap=True)  # ♣, then A: the ace of clubs
    phone.result("=")
    phone.wait_step("score")
    assert "♣A" in phone.page.locator("#phone .contract-line").inner_text()
    phone.tap("[data-action='accept']")
    phone.page.locator("#traveller").wait_for()
    with contextlib.closing(sqlite3.connect(server.database, timeout=20)) as db:
        kept = db.execute(
            "SELECT lead FROM bridgescore_entry WHERE session_id = ?", (session_id,)
        ).fetchall()
    assert kept == [("CA",)]  # the ace of clubs, not of hearts (corazones)
    assert phone.dialogs == []
