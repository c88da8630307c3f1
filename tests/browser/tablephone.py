"""The table's phone driven as the players drive it, one step a screen (board, contract,
declarer, opening lead, result, score, accepted), with the checks every screen must pass:
every button within a 390 × 844 screen without scrolling, and no browser dialog ever.

Shared by the browser tests (``test_table_flow.py``, ``test_club_evening.py``)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Dialog, Page

Shoot = Callable[["Page", str], Path]
"""The ``shoot`` fixture: a full-page screenshot of a step, ``shoot(page, "name")``."""


@dataclass(frozen=True, slots=True)
class Play:
    """What a table enters for one board, as the buttons say it: level ``1``-``7``,
    ``pass`` (passed out) or ``np`` (not played); the lead as ``HK`` (``""``: no lead)."""

    level: str
    strain: str = ""
    doubled: str = ""
    declarer: str = ""
    result: str = ""
    lead: str = ""

    def fields(self) -> dict[str, str]:
        """The result as the phone posts it (``table.js``'s payload)."""
        if self.level == "np":
            return {"level": "", "not_played": "1"}
        if self.level == "pass":
            return {"level": "pass"}
        return {
            "level": self.level,
            "strain": self.strain,
            "doubled": self.doubled,
            "declarer": self.declarer,
            "result": self.result,
            "lead": self.lead,
        }

    def kept(self) -> str:
        """The contract and result as the library writes them (``4SXN-2``, ``Pass``)."""
        if self.level == "pass":
            return "Pass"
        return f"{self.level}{self.strain}{self.doubled}{self.declarer}{self.result}"


FITS = """() => {
    // every control of the phone's screen, visible, within the screen without scrolling
    const out = [];
    const w = window.innerWidth, h = window.innerHeight;
    if (window.scrollY !== 0 || window.scrollX !== 0) {
        out.push('scrolled ' + window.scrollX + ',' + window.scrollY);
    }
    for (const e of document.querySelectorAll('#phone button, #phone a, #phone textarea')) {
        const r = e.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) { continue; }
        if (r.left < 0 || r.top < 0 || r.right > w + 0.5 || r.bottom > h + 0.5) {
            out.push((e.textContent || e.tagName).trim().slice(0, 30) + ' at ' +
                     [r.left, r.top, r.right, r.bottom].map(Math.round).join(','));
        }
    }
    return out;
}"""


REACHABLE = """(strict) => {
    // every cell's right edge within the screen; or, where a table is wider than the
    // screen, within a box of its own that scrolls sideways and itself ends within the screen
    const w = document.documentElement.clientWidth;
    const bad = [];
    for (const cell of document.querySelectorAll('td, th')) {
        const r = cell.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) { continue; }
        if (r.right <= w + 0.5 && r.left >= -0.5) { continue; }
        let box = cell.parentElement, ok = false;
        while (!strict && box && box !== document.body) {
            const style = getComputedStyle(box);
            if (/(auto|scroll)/.test(style.overflowX) && box.scrollWidth > box.clientWidth) {
                const b = box.getBoundingClientRect();
                ok = b.right <= w + 0.5 && b.left >= -0.5
                    && r.right - b.left + box.scrollLeft <= box.scrollWidth + 1;
                break;
            }
            box = box.parentElement;
        }
        if (!ok) {
            const title = cell.closest('section')?.querySelector('h2')?.textContent ?? '';
            bad.push(title + ': "' + cell.textContent.trim().slice(0, 20) + '" ends at '
                     + Math.round(r.right) + ' px');
        }
    }
    return [document.scrollingElement.scrollWidth, bad.slice(0, 8)];
}"""


@dataclass
class TablePhone:
    """One table's phone: its page, the dialogs it was shown (there must be none), and the
    screens it has found not to fit."""

    table: int
    page: Page
    shoot: Shoot | None = None
    name: str = ""
    dialogs: list[str] = field(default_factory=list)
    misfits: list[str] = field(default_factory=list)
    shown: dict[tuple[int, int], str] = field(default_factory=dict)
    """The score shown for East-West to accept, by (round, board)."""

    def __post_init__(self) -> None:
        self.page.on("dialog", self._dialog)
        self.name = self.name or f"table-{self.table}"

    def _dialog(self, dialog: Dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    # --- reading the screen ---------------------------------------------------------

    def open(self, link: str) -> None:
        self.page.goto(link)
        self.wait_ready()

    def wait_ready(self) -> None:
        self.page.locator("#phone section[data-step]").wait_for()

    @property
    def step(self) -> str:
        found = self.page.locator("#phone section[data-step]").get_attribute("data-step")
        return found or ""

    def wait_step(self, step: str, timeout: float = 10_000) -> None:
        self.page.locator(f"#phone section[data-step='{step}']").wait_for(timeout=timeout)

    def heading(self) -> str:
        return self.page.locator("#phone h1").inner_text()

    def offered(self) -> list[int]:
        """The boards the board screen offers, in the order shown."""
        self.wait_step("board")
        found = self.page.locator("[data-step=board] button[data-board]").evaluate_all(
            "els => els.map(e => e.dataset.board)"
        )
        return [int(b) for b in found]

    def listed(self) -> dict[int, str]:
        """The boards the board screen lists as not to enter (entered, waiting to be sent,
        waiting for East-West's phone), with what it says of each."""
        items = self.page.locator("[data-step=board] li[data-board]").all()
        return {int(i.get_attribute("data-board") or 0): i.inner_text() for i in items}

    def queue_text(self) -> str:
        shown = self.page.locator("#queue")
        return shown.inner_text() if shown.is_visible() else ""

    def score_shown(self) -> str:
        return self.page.locator("#score").inner_text()

    def check_fits(self, what: str) -> None:
        """Note any control of the screen that is not within a 390 × 844 screen as shown."""
        self.page.evaluate("() => window.scrollTo(0, 0)")
        for problem in self.page.evaluate(FITS):
            self.misfits.append(f"{self.name} {what}: {problem}")

    def snap(self, what: str) -> None:
        self.check_fits(what)
        if self.shoot is not None:
            self.shoot(self.page, f"{self.name}-{what}")

    # --- pressing --------------------------------------------------------------------

    def tap(self, selector: str) -> None:
        self.page.locator(f"#phone {selector}").click()

    def back(self) -> None:
        self.page.locator("#phone nav button.back").click()

    def choose(self, board: int) -> None:
        self.wait_step("board")
        self.tap(f"[data-step=board] button[data-board='{board}']")

    def contract(self, play: Play, *, snap: bool = False) -> None:
        """Press the contract screen's buttons (and Next), for a contract played."""
        self.wait_step("contract")
        if play.level == "pass":
            self.tap("[data-level='pass']")
            return
        if play.level == "np":
            self.tap("[data-not-played]")
            return
        self.tap(f"[data-level='{play.level}']")
        self.tap(f"[data-strain='{play.strain}']")
        self.tap(f"[data-doubled='{play.doubled or 'none'}']")
        if snap:
            self.snap("contract")
        self.tap("button.next")

    def declarer(self, seat: str, *, snap: bool = False) -> None:
        self.wait_step("declarer")
        if snap:
            self.snap("declarer")
        self.tap(f"[data-seat='{seat}']")

    def lead(self, lead: str, *, snap: bool = False) -> None:
        self.wait_step("lead")
        if not lead:
            if snap:
                self.snap("lead")
            self.tap("[data-rank='none']")
            return
        self.tap(f"[data-suit='{lead[0]}']")
        if snap:
            self.snap("lead")
        self.tap(f"[data-rank='{lead[1]}']")

    def result(self, result: str, *, snap: bool = False) -> None:
        self.wait_step("result")
        if snap:
            self.snap("result")
        self.tap(f"[data-result='{result}']")

    def to_score(self, play: Play, *, lead_asked: bool = True, snap: bool = False) -> None:
        """From the contract screen to the score (nothing accepted yet)."""
        self.contract(play, snap=snap)
        if play.level not in ("pass", "np"):
            self.declarer(play.declarer, snap=snap)
            if lead_asked:
                self.lead(play.lead, snap=snap)
            self.result(play.result, snap=snap)
        self.wait_step("score")

    def wait_checked(self) -> None:
        """Until the score screen has the server's word (or knows it has no connection)."""
        self.page.locator("#phone [data-step=score] .quiet:text-is('Checking…')").wait_for(
            state="detached"
        )

    def enter(
        self,
        board: int,
        play: Play,
        *,
        lead_asked: bool = True,
        snap: bool = False,
        online: bool = True,
    ) -> str:
        """Enter one board from the board screen and accept it: the score that was shown
        (once the server has it, when ``online``)."""
        self.choose(board)
        self.to_score(play, lead_asked=lead_asked, snap=snap)
        self.wait_checked()
        if snap:
            self.snap("score")
        shown = self.score_shown()
        round_no = int(self.page.locator("#phone h1").inner_text().split("round ")[1].split()[0])
        self.shown[(round_no, board)] = shown
        self.tap("[data-action='accept']")
        self.wait_step("kept")
        if online:
            self.page.locator("#traveller").wait_for(timeout=15_000)
        if snap:
            self.snap("accepted")
        return shown

    def next(self) -> None:
        self.tap("[data-action='next']")

    def end_lines(self) -> list[str]:
        """The round-complete screen's moves."""
        self.wait_step("end")
        return self.page.locator("#phone .moves li").all_inner_texts()


@dataclass
class Scorer:
    """A phone that holds tables and posts their results straight to the server as the
    table's script does (for the tables no one taps through, so that rounds complete)."""

    page: Page
    links: dict[int, str] = field(default_factory=dict)

    def hold(self, table: int, link: str) -> None:
        answer = self.page.goto(link)
        assert answer is not None
        assert answer.status == 200, answer.status
        self.links[table] = link

    def send(self, table: int, round_no: int, board: int, play: Play) -> dict[str, Any]:
        csrf = next(c["value"] for c in self.page.context.cookies() if c["name"] == "csrftoken")
        body = {"round": round_no, "board": board, "confirm": "1", **play.fields()}
        answer = self.page.request.post(
            f"{self.links[table]}entry/",
            data=json.dumps(body),
            headers={"X-CSRFToken": csrf, "Content-Type": "application/json"},
        )
        kept: dict[str, Any] = answer.json()
        assert answer.status == 200, kept
        return kept


def ns_score(shown: str) -> int | None:
    """The NS score a screen shows (``NS +620``, ``NS −50``, ``NS 0``)."""
    found = re.search(r"NS ([+−-]?)(\d+)", shown)
    if found is None:
        return None
    return -int(found.group(2)) if found.group(1) in ("−", "-") else int(found.group(2))
