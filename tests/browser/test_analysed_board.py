"""The web app's published board page on a player's phone (issue 24): the director sets up
a session with its hand records (BridgeComposer's, each deal with its own double-dummy
figures), a result is entered and the session published; the server analyses the deals in
the background, and the board's page on a 390 × 844 phone shows the diagram, the
double-dummy grid and par, every cell on the screen."""

from __future__ import annotations

import contextlib
import re
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bridgescore.analysis import solver

from .conftest import PHONE, Server, Shoot, log_in

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [
    pytest.mark.browser,
    pytest.mark.dd,
    pytest.mark.skipif(not solver.available(), reason="the dd extra (endplay) analyses the deals"),
]

HANDS = Path(__file__).parents[1] / "io" / "data" / "pbn" / "bridgecomposer_2025-12-23.pbn"
BOARD_1 = [["N", "2", "5", "6", "3", "2"], ["S", "2", "5", "6", "3", "2"],
           ["E", "11", "8", "7", "10", "11"], ["W", "11", "8", "7", "10", "11"]]  # fmt: skip
"""Board 1's grid as the file gives it ([DoubleDummyTricks "2563225632b87abb87ab"]: each
declarer's tricks in NT ♠ ♥ ♦ ♣)."""
ANALYSED_SECONDS = 60


def _analysed(server: Server, public_id: str) -> str:
    """The session's analysis once the server's solver has kept it (its JSON)."""
    deadline = time.monotonic() + ANALYSED_SECONDS
    with contextlib.closing(sqlite3.connect(server.database, timeout=20)) as db:
        while True:
            state, kept = db.execute(
                "SELECT analysis_state, analysis_json FROM bridgescore_session WHERE public_id = ?",
                (public_id,),
            ).fetchone()
            if state == "done":
                return str(kept)
            assert state == "analysing", state
            assert time.monotonic() < deadline, f"not analysed in {ANALYSED_SECONDS} s"
            time.sleep(0.2)


def _set_analysis(server: Server, public_id: str, state: str, kept: str) -> None:
    with contextlib.closing(sqlite3.connect(server.database, timeout=20)) as db, db:
        db.execute(
            "UPDATE bridgescore_session SET analysis_state = ?, analysis_json = ?"
            " WHERE public_id = ?",
            (state, kept, public_id),
        )


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


def test_a_published_board_on_a_phone_shows_the_diagram_grid_and_par(
    server: Server, new_phone: Callable[..., Page], shoot: Shoot
) -> None:
    director = new_phone()
    log_in(director)
    director.goto("/director/new/")
    director.locator("input[name=name]").fill("Alpine analysed")
    director.locator("input[name=typed_spec]").fill("mitchell:3x2")
    director.locator("input[name=hands]").set_input_files(str(HANDS))
    director.get_by_role("button", name="Start the session").click()
    director.wait_for_url(re.compile(r".*/director/s/\d+/$"))
    control = director.url
    csrf = next(c["value"] for c in director.context.cookies() if c["name"] == "csrftoken")
    entered = director.request.post(  # East-West's 3NT+2, the par contract, on board 1
        f"{control}cell/1/1/",
        form={
            "board": "1",
            "contract": "3NT",
            "declarer": "E",
            "result": "+2",
            "reason": "the traveller",
        },
        headers={"X-CSRFToken": csrf},
    )
    assert entered.status == 200, entered.text()
    director.goto(control)
    director.locator("button[name=state][value=published]").click()
    director.locator("main form.stack button.big").click()  # publish as it stands
    director.locator("button[name=state][value=running]").wait_for()
    results = director.locator("a[href^='/r/']").first.get_attribute("href")
    assert results is not None

    public_id = results.strip("/").split("/")[-1]
    analysis = _analysed(server, public_id)
    # the page as the server's solver leaves it while it works through the file's 24
    # deals: the session's analysis under way (begun just now, so not taken to have
    # stopped with a server), its figures not yet there
    _set_analysis(server, public_id, "analysing", "")

    player = new_phone()
    player.clock.install()  # the page's refresh every 15 s comes when the test says
    player.goto(f"{results}board-1.html")
    grid = player.locator("table.dd")
    assert player.locator("p.analysing").inner_text() == "Analysing…"
    assert grid.count() == 0
    # the solver done: the page, refreshing itself, shows what it found
    _set_analysis(server, public_id, "done", analysis)
    every = int(player.evaluate("window.bridgescoreLive.every"))
    player.clock.run_for(every)
    grid.wait_for(timeout=10_000)
    assert player.locator("p.analysing").count() == 0
    width = PHONE["viewport"]["width"]
    height = PHONE["viewport"]["height"]
    for part in (".diagram", "table.dd", ".par"):
        box = player.locator(part).bounding_box()
        assert box is not None, part
        assert box["x"] >= 0, part
        assert box["x"] + box["width"] <= width, part
        assert box["y"] + box["height"] <= height, f"{part} is below the first screen"
    rows = player.locator("table.dd tbody tr").all()
    assert [row.locator("th, td").all_inner_texts() for row in rows] == BOARD_1
    assert player.locator(".par .score").inner_text() == "NS -460"  # [OptimumScore "EW 460"]
    assert player.locator(".par .contracts").inner_text() == "EW 3NT+2"  # [ParContract]
    every_cell = ".diagram > div, .compass span, table.dd th, table.dd td, .par, main td, main th"
    assert _outside(player, every_cell, width) == []
    assert player.evaluate("document.documentElement.scrollWidth") <= width
    assert player.locator("a[href='print.html']").count() == 1  # published: everyone's
    shoot(player, "web-board-analysed-phone")
