"""Browser tests: the real server, and Debian's chromium driven by Playwright.

How they run
------------
``scripts/setup-browser`` installs Debian's ``chromium`` (``/usr/bin/chromium``) when it
is missing; ``scripts/test`` calls it. Playwright's own browsers are never downloaded
(never run ``playwright install``): the Python ``playwright`` package drives the system
chromium through ``executable_path``. Then::

    .venv/bin/pytest tests/browser

One server (``bridgescore serve --demo`` on a free port, its home in a temporary folder)
and one browser serve the browser tests (package-scoped: closed, with the phones'
connections, before the rest of the run, whose memory measurements they would disturb);
the director and each table's phone get a browser context of their own (a phone: 390 ×
844, touch). Screenshots of every step are kept in
``test-artefacts/screenshots/`` (kept by CI as artefacts; ignored by git).

Without chromium the tests are skipped, saying why, unless ``BRIDGESCORE_REQUIRE_BROWSER``
is set (as in CI): then a missing browser fails the run.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # Without these chromium reaches out to Google's services, which a closed network
    # refuses, and the browser's own connections then fail too.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
REQUIRE = "BRIDGESCORE_REQUIRE_BROWSER"
SCREENSHOTS = ROOT / "test-artefacts" / "screenshots"
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 1,
}
SERVER_START_SECONDS = 60.0


def _without_browser(why: str) -> None:
    """Skip, or fail where a browser is required (CI)."""
    if os.environ.get(REQUIRE):
        pytest.fail(f"{why}, and {REQUIRE} is set: run scripts/setup-browser", pytrace=False)
    pytest.skip(f"{why}: run scripts/setup-browser (as root) to install Debian's chromium")


@dataclass(frozen=True, slots=True)
class Server:
    """The running ``bridgescore serve``: where it answers, and its output so far."""

    url: str
    log: Path
    database: Path
    """Its SQLite file (given to it with ``--database``)."""

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def forget_logins(self) -> None:
        """Forget the login tries counted so far (the app allows a few from one address in
        five minutes, and one server serves every browser test of a worker)."""
        with contextlib.closing(sqlite3.connect(self.database, timeout=20)) as db, db:
            db.execute("DELETE FROM bridgescore_attempt WHERE what = 'login'")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _wait_until_answering(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"bridgescore serve stopped on start:\n{log.read_text()}", pytrace=False)
        try:
            with urllib.request.urlopen(url + "login/", timeout=2) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    pytest.fail(
        f"bridgescore serve did not answer in {SERVER_START_SECONDS:.0f} s:\n{log.read_text()}"
    )


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``bridgescore serve --demo`` on a free port, its home (SQLite) in a temporary folder."""
    home = tmp_path_factory.mktemp("browser-home")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "BRIDGESCORE_DATABASE_URL"}
    env["BRIDGESCORE_HOME"] = str(home)
    env.pop("BRIDGESCORE_DEBUG", None)
    log = home / "serve.log"
    database = home / "bridgescore.sqlite3"
    command = [str(Path(sys.executable).with_name("bridgescore")), "serve", "--demo"]
    command += ["--port", str(port), "--threads", "8", "--database", f"sqlite:///{database}"]
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            cwd=home,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        _wait_until_answering(url, process, log)
        yield Server(url, log, database)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
    output = log.read_text(encoding="utf-8", errors="replace")
    if re.search(r"Traceback|Internal Server Error", output):
        pytest.fail(f"the server logged an error:\n{output}", pytrace=False)


@pytest.fixture(autouse=True)
def _fresh_logins(request: pytest.FixtureRequest) -> None:
    """Each browser test logs the demo director in as if the first today: the tests before
    it on the same server (and its own earlier runs of other languages) are not counted
    against it as tries from one address."""
    if "server" in request.fixturenames:
        server: Server = request.getfixturevalue("server")
        server.forget_logins()


@pytest.fixture(scope="package")
def playwright() -> Iterator[Playwright]:
    if not CHROMIUM.exists():
        _without_browser(f"{CHROMIUM} is not installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _without_browser("the Python package playwright is not installed")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="package")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's chromium, headless (never a browser Playwright downloads)."""
    launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    yield launched
    launched.close()


Shoot = Callable[["Page", str], Path]
"""Take a full-page screenshot of a step: ``shoot(page, "table-1-offline")``."""


@pytest.fixture(scope="package")
def shoot() -> Shoot:
    """Full-page screenshots into ``test-artefacts/screenshots/``, numbered in the order
    taken (the folder's old screenshots are removed first)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for old in SCREENSHOTS.glob("*.png"):
        old.unlink()
    taken = itertools.count(1)

    def take(page: Page, name: str) -> Path:
        path = SCREENSHOTS / f"{next(taken):02d}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


DEMO_DIRECTOR = ("director", "demo-bridge-club")
"""The demo club's director's login (``bridgescore serve --demo``)."""


def log_in(page: Page) -> None:
    """Log the demo club's director in on ``page``, in whatever language it shows (the
    fields by their names), and wait for the director's home page."""
    page.goto("/login/")
    page.locator("input[name=username]").fill(DEMO_DIRECTOR[0])
    page.locator("input[name=password]").fill(DEMO_DIRECTOR[1])
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_url("**/director/")


def new_swiss_in_sections(director: Page, name: str, teams: list[str]) -> str:
    """A Swiss of ``teams`` in two sections, 2 boards a match, 3 rounds, set up on the
    director's own forms (the director logged in); its control page's address."""
    director.goto("/director/new/teams/")
    director.locator("input[name=teams]").fill(str(len(teams)))
    director.get_by_role("button", name="Name the teams").click()
    director.locator("input[name=name]").fill(name)
    director.locator("input[name=schedule][value=swiss]").check()
    director.locator("input[name=boards]").fill("2")
    director.locator("input[name=rounds]").fill("3")
    director.locator("input[name=sections]").fill("2")
    for number, team in enumerate(teams, start=1):
        director.locator(f"input[name=team-{number}]").fill(team)
    director.get_by_role("button", name="Start the session").click()
    director.wait_for_url(re.compile(r"/director/s/\d+/$"))
    return director.url


def _context(browser: Browser, server: Server, **options: Any) -> BrowserContext:
    context = browser.new_context(base_url=server.url, **options)
    context.set_default_timeout(10_000)
    return context


@pytest.fixture(scope="package")
def director_page(browser: Browser, server: Server) -> Iterator[Page]:
    """The director's laptop (a desk-sized window), not yet logged in."""
    context = _context(browser, server, viewport={"width": 1280, "height": 900})
    yield context.new_page()
    context.close()


@pytest.fixture(scope="package")
def director_phone(new_phone: Callable[[], Page]) -> Page:
    """The director's own phone (to log in, copy the laptop's cookies to its context)."""
    return new_phone()


@pytest.fixture(scope="package")
def new_phone(browser: Browser, server: Server) -> Iterator[Callable[..., Page]]:
    """Make a phone: a page in a browser context of its own (its own cookies and storage),
    phone-sized, touch; closed after the browser tests. ``make(cable)`` reaches the server
    through a :class:`Cable` the test can cut."""
    contexts: list[BrowserContext] = []

    def make(cable: Cable | None = None) -> Page:
        options: dict[str, Any] = dict(PHONE)
        if cable is not None:
            options["base_url"] = cable.url
        context = browser.new_context(**{"base_url": server.url, **options})
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


class Cable:
    """A phone's own connection to the server (a TCP relay on a port of its own) that a test
    can cut and mend: a real loss of connection. Playwright's offline emulation alone does
    not always hold for the requests a page sends through its service worker."""

    def __init__(self, server: Server) -> None:
        self._target = ("127.0.0.1", int(server.url.rstrip("/").rsplit(":", 1)[1]))
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}/"
        self._cut = threading.Event()
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self) -> None:
        """No connection: new ones are refused, open ones are closed."""
        self._cut.set()
        with self._lock:
            for end in self._open:
                _close(end)
            self._open.clear()

    def mend(self) -> None:
        self._cut.clear()

    def close(self) -> None:
        self.cut()
        _close(self._listener)

    def _accept(self) -> None:
        while True:
            try:
                phone, _ = self._listener.accept()
            except OSError:
                return
            if self._cut.is_set():
                _close(phone)
                continue
            try:
                upstream = socket.create_connection(self._target, timeout=5)
            except OSError:
                _close(phone)
                continue
            upstream.settimeout(None)
            with self._lock:
                self._open.update((phone, upstream))
            for source, sink in ((phone, upstream), (upstream, phone)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                if self._cut.is_set():
                    break
                sink.sendall(data)
        except OSError:
            pass
        _close(source)
        _close(sink)
        with self._lock:
            self._open.discard(source)
            self._open.discard(sink)


def _close(end: socket.socket) -> None:
    with contextlib.suppress(OSError):
        end.shutdown(socket.SHUT_RDWR)
    end.close()


@pytest.fixture(scope="package")
def new_cable(server: Server) -> Iterator[Callable[[], Cable]]:
    """Make a :class:`Cable` to the server (closed after the browser tests)."""
    made: list[Cable] = []

    def make() -> Cable:
        cable = Cable(server)
        made.append(cable)
        return cable

    yield make
    for cable in made:
        cable.close()
