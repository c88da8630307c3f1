"""The director's pages on a 390 px phone: the new-session page names each movement in
words that wrap between words (never inside one), the usual one first; on the control grid
a TD call and a board a table asks to mark not played stand out, fit the screen, and are
answered there; in the log, the call stands out too."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from .conftest import Server, log_in
from .tablephone import Shoot

if TYPE_CHECKING:
    from playwright.sync_api import Page

BROKEN_WORDS = """
(selector) => {
  // every word of the chosen elements whose letters lie on more than one line
  const broken = [];
  for (const element of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const words = node.textContent.matchAll(/[^\\s·:,]+/g);
      for (const word of words) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}
"""
"""The words broken across lines inside the elements a selector finds."""

OVERFLOW = """
(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.scrollWidth > e.clientWidth + 1
    || e.getBoundingClientRect().right > innerWidth + 1)
  .map((e) => e.textContent.trim().slice(0, 60))
"""
"""The elements wider than their box or the screen."""


def _post_json(phone: Page, url: str, body: dict[str, object]) -> dict[str, object]:
    """What the table's page sends (JSON, with the phone's CSRF cookie), and its answer."""
    token = next(c["value"] for c in phone.context.cookies() if c["name"] == "csrftoken")
    answer = phone.request.post(
        url,
        data=json.dumps(body),
        headers={"Content-Type": "application/json", "X-CSRFToken": token},
    )
    found: dict[str, object] = answer.json()
    found["http"] = answer.status
    return found


def test_the_directors_pages_on_a_phone(
    server: Server, new_phone: Callable[..., Page], shoot: Shoot
) -> None:
    director = new_phone()
    log_in(director)
    director.goto("/director/new/?pairs=14&boards=24")
    names = director.locator(".choice.movement .name").all_inner_texts()
    assert names[0] == "Mitchell, two winners, 7 tables"
    assert "Howell, 7 tables" in names
    assert director.locator("input[name=spec]:checked").get_attribute("value") == "mitchell:7x3"
    shoot(director, "director-390-new-session")
    assert director.evaluate(BROKEN_WORDS, ".choice.movement") == []
    assert director.evaluate(OVERFLOW, ".choice.movement") == []

    director.get_by_label("Name", exact=True).fill("Phone night")
    director.get_by_role("button", name="Start the session").click()
    director.wait_for_url(re.compile(r"/director/s/\d+/$"))
    control = director.url
    link = director.locator("a[href^='/t/']").first.get_attribute("href")
    assert link is not None

    table = new_phone()
    table.goto(link)
    called = _post_json(table, f"{link}call/", {"note": "revoke on board 2"})
    assert called["http"] == 200, called
    asked = _post_json(
        table, f"{link}entry/", {"round": 1, "board": 1, "not_played": True, "confirm": True}
    )
    assert asked["http"] == 200, asked

    director.goto(control)
    call = director.locator(".alerts li.call")
    ask = director.locator(".alerts li.not_played")
    assert call.inner_text().startswith("Table 1: TD call at")
    assert re.match(
        r"Table 1, round 1: board 1 not played\? \(asked at \d\d:\d\d\)", ask.inner_text()
    )
    for alert in (call, ask):  # red, and set apart from the rest
        assert alert.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(251, 213, 218)"
        assert alert.evaluate("e => getComputedStyle(e).fontWeight") == "600"
    head = director.locator("table.control thead th.calling")
    assert head.inner_text() == "Table 1"
    shoot(director, "director-390-alerts")
    assert director.evaluate(OVERFLOW, ".alerts li") == []
    assert director.evaluate(BROKEN_WORDS, ".alerts li .said") == []
    logged = director.locator("table.log tr.call")
    assert logged.count() >= 1  # the TD call's line stands out in the log too
    assert (
        logged.first.locator("td").first.evaluate("e => getComputedStyle(e).backgroundColor")
        == "rgb(251, 213, 218)"
    )

    with director.expect_navigation():  # the answer comes back to the same page
        ask.get_by_role("button", name="Accept").click()
    director.wait_for_url(control)
    assert director.locator(".alerts li.not_played").count() == 0
    assert (
        "round 1, table 1, board 1: not played, by director"
        in director.locator("table.log").inner_text()
    )
    with director.expect_navigation():
        director.locator(".alerts li.call").get_by_role("button", name="Answered").click()
    director.wait_for_url(control)
    assert director.locator(".alerts").count() == 0
    shoot(director, "director-390-answered")
