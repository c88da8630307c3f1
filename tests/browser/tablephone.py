"""The table's phone driven as the players drive it, one step a screen (board, contract
from the grid of 35, doubling and declarer, opening lead, result, score, accepted, whose
screen offers the next boards), with the checks every screen must pass: every button
within a 390 × 844 screen without scrolling, and no browser dialog ever. Every tap is
counted (``TablePhone.taps``), so that a test can say how many a board took.

Shared by the browser tests (``test_table_flow.py``, ``test_club_evening.py``)."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .conftest import Cable, Server

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
    unloads: int = 0
    """The warnings before leaving the page (``beforeunload``), each accepted."""
    misfits: list[str] = field(default_factory=list)
    shown: dict[tuple[int, int], str] = field(default_factory=dict)
    """The score shown for East-West to accept, by (round, board)."""
    taps: int = 0
    """Every tap made on the phone's screen so far."""
    per_board: dict[tuple[int, int], int] = field(default_factory=dict)
    """The taps each board took, by (round, board): from the tap that chose it (none when
    the phone chose the only board left) to Accept."""

    def __post_init__(self) -> None:
        self.page.on("dialog", self._dialog)
        self.name = self.name or f"table-{self.table}"

    def _dialog(self, dialog: Dialog) -> None:
        if dialog.type == "beforeunload":  # "leave the page?": the player leaves
            self.unloads += 1
            dialog.accept()
            return
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
        """The boards offered, one tap each, in the order shown: on the board screen, or on
        the screen of the board (or the round) just finished."""
        self.page.locator(
            "#phone section[data-step=board], #phone section[data-step=kept],"
            " #phone section[data-step=sent], #phone section[data-step=end]"
        ).first.wait_for()
        found = self.page.locator("#phone button.pick[data-board]").evaluate_all(
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
        self.taps += 1

    def back(self) -> None:
        self.page.locator("#phone nav button.back").click()
        self.taps += 1

    def drafted(self) -> int | None:
        """The board being entered (its line over the steps), if any."""
        line = self.page.locator("#phone .board-line b")
        if not line.count():
            return None
        return int(line.inner_text().split()[-1])

    def choose(self, board: int) -> None:
        """Choose the board: one tap on its key (on the board screen, or on the screen of
        the board just accepted, or of the round just ended), or none when the phone has
        chosen it, being the only board left."""
        key = self.page.locator(f"#phone button.pick[data-board='{board}']")
        drafted = self.page.locator("#phone [data-step=contract]")
        key.or_(drafted).first.wait_for()
        if key.count():
            self.tap(f"button.pick[data-board='{board}']")
        else:
            assert self.drafted() == board, (self.drafted(), board)

    def contract(self, play: Play, *, snap: bool = False) -> None:
        """One tap on the grid of contracts (or on "Pass" or "Not played")."""
        self.wait_step("contract")
        if snap:
            self.snap("contract")
        if play.level == "pass":
            self.tap("[data-level='pass']")
            return
        if play.level == "np":
            self.tap("[data-not-played]")
            return
        self.tap(f"[data-contract='{play.level}{play.strain}']")

    def declarer(self, seat: str, doubled: str = "", *, snap: bool = False) -> None:
        """The declarer's tap, after X or XX when doubled (one tap more)."""
        self.wait_step("declarer")
        if doubled:
            self.tap(f"[data-doubled='{doubled}']")
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
            self.declarer(play.declarer, play.doubled, snap=snap)
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
        """Enter one board from wherever its key is (the board screen, the screen of the
        board or round just finished) and accept it: the score that was shown (once the
        server has it, when ``online``). The taps it took are kept in ``per_board``."""
        before = self.taps
        self.choose(board)
        self.to_score(play, lead_asked=lead_asked, snap=snap)
        self.wait_checked()
        if snap:
            self.snap("score")
        shown = self.score_shown()
        round_no = int(self.page.locator("#phone h1").inner_text().split("round ")[1].split()[0])
        self.shown[(round_no, board)] = shown
        self.tap("[data-action='accept']")
        self.per_board[(round_no, board)] = self.taps - before
        self.wait_step("kept")
        if online:
            received = "The director is asked to agree." if play.level == "np" else "Received"
            self.page.locator("#kept-status").filter(has_text=received).wait_for(timeout=15_000)
        if snap:
            self.snap("accepted")
        return shown

    def next(self) -> None:
        """Go on from a board's screen where it offers no next board (waiting for East-West
        or the director)."""
        self.tap("[data-action='next']")

    def end_lines(self) -> list[str]:
        """The moves at the round's end: on the screen of its last board accepted (or on
        the round-complete screen of a phone opened again)."""
        self.page.locator(
            "#phone section[data-step=end], #phone section[data-step=kept]:has(h3),"
            " #phone section[data-step=sent]:has(h3)"
        ).first.wait_for()
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


def lan_address() -> str | None:
    """The machine's own address on its network (not loopback), if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: only the route is looked up
        except OSError:
            return None
        found: str = probe.getsockname()[0]
    return None if found.startswith("127.") else found


class PlainCable(Cable):
    """A phone's connection to the server on the machine's network address over plain
    http, as a club's phones reach ``serve --host 0.0.0.0``: not a secure context, so the
    browser gives the page no service worker (chromium counts ``localhost`` and
    ``127.0.0.1`` as secure, so the tests' usual address would not do). The server answers
    only its own names, so each request's ``Host`` (and ``Origin``) is said as the
    loopback address on the way. A cable: it can be cut and mended."""

    def __init__(self, server: Server, host: str) -> None:
        super().__init__(server)
        _close_quietly(self._listener)
        self._listener = socket.create_server((host, 0))
        port = self._listener.getsockname()[1]
        self.url = f"http://{host}:{port}/"
        self._said = f"{host}:{port}".encode()
        self._local = f"127.0.0.1:{port}".encode()
        threading.Thread(target=self._accept, daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                if self._cut.is_set():
                    break
                sink.sendall(data.replace(self._said, self._local))
        except OSError:
            pass
        for end in (source, sink):
            _close_quietly(end)
        with self._lock:
            self._open.discard(source)
            self._open.discard(sink)


def _close_quietly(end: socket.socket) -> None:
    with contextlib.suppress(OSError):
        end.shutdown(socket.SHUT_RDWR)
    end.close()
