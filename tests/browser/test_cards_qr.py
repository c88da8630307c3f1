"""The table cards' QR codes, as a phone's camera reads them: each opens its own table, on
the public address the server printed at start-up (never the Host the browser sent), and
each card carries its table's code."""

from __future__ import annotations

import io
import re

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Browser

from bridgescore.events.movements import mitchell
from bridgescore.report.cards import cards_pdf

from .conftest import Server, log_in

pytestmark = pytest.mark.browser


def test_each_table_cards_qr_code_reads_back_as_its_own_link(
    browser: Browser, server: Server
) -> None:
    context = browser.new_context(base_url=server.url, viewport={"width": 1000, "height": 900})
    page = context.new_page()
    log_in(page)
    page.get_by_role("link", name="Demo pairs").first.click()
    page.wait_for_selector("h2:text-is('Table links') + table tbody tr")  # the click navigates
    rows = page.locator("h2:text-is('Table links') + table tbody tr").all()
    links = {
        int(row.locator("td").nth(0).inner_text()): (
            row.locator("td a").inner_text(),
            row.locator("td").last.inner_text(),  # the table's code
        )
        for row in rows
    }
    assert sorted(links) == [1, 2, 3, 4]
    said = re.search(r"^bridgescore: serving (\S+) ", server.output(), re.MULTILINE)
    assert said is not None
    public = said.group(1)  # the address the server says phones open
    assert public == server.url  # served on 127.0.0.1, by default its own address
    page.get_by_role("link", name="Guide cards").click()
    for table, (path, code) in links.items():
        card = page.locator(f"#table-{table}")
        shot = card.locator(".qr svg").screenshot()
        read = [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(shot)))]
        assert read == [public.rstrip("/") + path]
        assert card.locator("h2:text-is('Table code') + table td").inner_text() == code
    context.close()


def test_the_pdf_cards_carry_one_qr_code_per_table_link() -> None:
    links = {1: "http://club.local:8000/t/one/", 2: "http://club.local:8000/t/two/"}
    document = cards_pdf(mitchell(3, 2), "Tuesday", table_links=links)
    assert document.count(b"/Subtype /Image") == 2
