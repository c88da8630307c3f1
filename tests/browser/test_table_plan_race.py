"""The table's phone reads its plan every 10 s and once a result is acknowledged; one read
at a time. When the read every 10 s began just before a result was kept, its answer (the
plan without the result) comes after the acknowledgement: the phone must read again once
that answer is in, or the board's "See board N's results" link stays hidden until the next
read, 10 s on (``refreshPlan``'s ``readAgain`` in ``table.js``).

Here the race happens every time rather than by chance: the page's clock is Playwright's
(paused, so no read every 10 s comes but the one the test lets run), and the plan's answer
to that read is taken from the server before the result is accepted and held back until
the scorer has acknowledged the result."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import log_in
from .tablephone import Play, Shoot, TablePhone, ns_score
from .test_table_flow import table_links

if TYPE_CHECKING:
    from playwright.sync_api import APIResponse, Page, Route

pytestmark = pytest.mark.browser

START = datetime(2026, 12, 5, 19, 0, tzinfo=UTC)
"""The phone's clock when the table's link is opened (a club evening, 19:00)."""
PROMPTLY_MS = 2_000
"""How soon the link must show once the held answer is let go: well within the 10 s
between the phone's own reads (which, the clock paused, never come here)."""


def _director(new_phone: Callable[..., Page]) -> Page:
    """The demo club's director, logged in (on a phone: only its requests are used)."""
    page = new_phone()
    log_in(page)
    return page


def test_a_result_acknowledged_during_the_read_every_10_s_shows_its_link_promptly(
    new_phone: Callable[..., Page], shoot: Shoot
) -> None:
    director = _director(new_phone)
    director.goto("/director/new/")
    director.get_by_label("Name", exact=True).fill("Plan read twice")
    director.get_by_label("Or type a movement").fill("howell:2x2")
    director.locator("input[name=lead_rule][value=off]").check()
    director.get_by_role("button", name="Start the session").click()
    director.wait_for_url(re.compile(r"/director/s/\d+/$"))
    links, _ = table_links(director)

    page = new_phone()
    page.clock.install(time=START)
    page.clock.pause_at(START + timedelta(seconds=1))  # timers fire only when the test says
    plans: list[str] = []
    held: list[tuple[Route, APIResponse]] = []
    holding = False

    def plan_read(route: Route) -> None:
        """Every read of the plan passes, but the one the test holds: answered by the
        server now, that answer kept back until the test lets it go."""
        plans.append(route.request.url)
        if holding:
            held.append((route, route.fetch()))
        else:
            route.continue_()

    page.route("**/plan.json", plan_read)
    phone = TablePhone(1, page, shoot, name="plan-race")
    phone.open(links[1])
    board = phone.offered()[0]
    assert board == 1  # table 1's first board in a two-table Howell
    _wait_for(page, lambda: len(plans) == 1)  # the read on opening the page, let through
    phone.choose(board)
    phone.to_score(Play("3", "NT", "", "S", "="), lead_asked=False)
    phone.wait_checked()
    assert ns_score(phone.score_shown()) == 400  # 3NT made, nobody vulnerable: 100 + 300

    # the read every 10 s begins, before the result is accepted: its answer is held
    holding = True
    page.clock.run_for(10_000)
    _wait_for(page, lambda: len(held) == 1)
    holding = False
    route, stale = held[0]
    said: Any = stale.json()
    [before] = [b for r in said["plan"] if r["round"] == 1 for b in r["boards"] if b["number"] == 1]
    assert (before["entered"], before["seen"]) == (None, False)  # the answer is stale

    phone.tap("[data-action='accept']")
    phone.wait_step("kept")
    page.locator("#kept-status").filter(has_text="Received by the scorer.").wait_for()
    link = page.locator("#traveller")
    assert link.count() == 0  # the plan the phone has does not show the board yet
    assert len(plans) == 1 + 1  # no other read while the held one is under way

    route.fulfill(response=stale)  # the stale answer comes in after the acknowledgement
    shown = True
    try:
        link.wait_for(timeout=PROMPTLY_MS)
    except PlaywrightTimeout:
        shown = False
    if not shown:
        pytest.fail(
            f"board {board}'s results link not shown {PROMPTLY_MS} ms after the stale plan came"
            f" in ({len(plans)} reads of the plan): the read asked on the acknowledgement was"
            " dropped, the link waits for the read every 10 s",
            pytrace=False,
        )
    phone.snap("results-link-after-stale-plan")
    assert link.inner_text() == f"See board {board}'s results"
    assert (link.get_attribute("href") or "").endswith(f"/board-{board}.html")
    assert len(plans) == 1 + 1 + 1  # read again once the held read was done, at once
    assert phone.dialogs == []
    assert phone.misfits == []


def _wait_for(page: Page, done: Callable[[], bool], seconds: float = 5.0) -> None:
    """Until ``done()`` (the page's events, route handlers among them, are dispatched
    while waiting)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "not in time"
        page.wait_for_timeout(20)
