"""A club night walked in Finnish and in Spanish on a 390 × 844 phone, every page and
screen: the director's (home, a new session set up, its control grid, a cell, the roster,
the pairs, penalties, late changes, the guide cards, a Swiss's draw), the table's phone step
by step (the board, the contract, the declarer, the lead, the result, the score, accepted,
the director's call, a board entered without a connection and waiting on the phone, the
round complete screen, the opponents' confirm page) and the results pages (the live
ranking, a traveller, a score card, the print page).

Each page fails the walk on

- **an English word**: any word of the catalogues' English (every msgid) that the
  language's own translations never use, outside an allow-list of names (the players', the
  club's, the movements', and the abbreviations every language writes: IMP, VP, PBN ...);
  the contracts as the language writes them are not words;
- **a contract in another notation** (``4SN=`` on a Finnish page, which writes ``4♠P=``);
- **a decimal point** where the language writes a comma (``18.76``);
- **an element cut at 390 px**: any visible element whose box leaves the screen's width
  (unless it is inside a box that scrolls sideways by design), whose text runs past its
  own box (its ``scrollWidth`` over its ``clientWidth``), or a word broken across two lines
  (its box squeezed narrower than the word; a link may break anywhere).

Screenshots of every page go to ``test-artefacts/screenshots/`` (``walk-fi-...``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

import polib
import pytest

from bridgescore.web.demo import DEMO_CLUB, DEMO_USER
from bridgescore.web.demo import NAMES as DEMO_NAMES
from bridgescore.web.settings import LOCALE_PATHS

from .conftest import PHONE, Server, Shoot
from .tablephone import Play, Scorer

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.browser

COOKIE = "bridgescore_language"

UNSENT = {
    "fi": "brikka 9: 4♥X, pelinviejä Länsi −2",
    "es": "estuche 9: 4♥X por Oeste −2",
}
"""A result left on the phone at the close, as the closed link's page lists it."""
LOCALE = LOCALE_PATHS[0]

NAMES = {
    "fi": {
        "1": "Aino Virtanen & Eero Laine",
        "2": "Liisa Korhonen & Matti Nieminen",
        "3": "Kaisa Mäkelä & Pekka Hämäläinen",
        "4": "Sari Koskinen & Juha Heikkinen",
        "5": "Tiina Järvinen & Jari Lehtonen",
        "6": "Anna Lehtinen & Timo Saarinen",
    },
    "es": {
        "1": "Lucía García & Javier López",
        "2": "Carmen Martín & Pablo Sánchez",
        "3": "Elena Romero & Diego Navarro",
        "4": "Marta Torres & Sergio Ruiz",
        "5": "Isabel Gil & Andrés Molina",
        "6": "Rosa Ortega & Luis Castro",
    },
}
TEAMS = {"fi": ["Hertat", "Padat", "Ruudut", "Ristit"], "es": ["Picas", "Copas", "Bastos", "Oros"]}
SESSION = {"fi": "Tiistain parikilpailu", "es": "Torneo del martes"}
SWISS = {"fi": "Joukkuemonrad", "es": "Suizo de equipos"}

ALLOWED = {
    # the game's own name
    "bridge",
    # the language switch: each language by its code
    "en", "fi", "es",
    # movements, formats and abbreviations every language writes as they are
    "mitchell", "howell", "hesitation", "imp", "imps", "bridgemate", "pbn", "qr", "usebio",
    "csv", "json", "zip", "pdf", "bws", "bridgescore", "bridgescorer", "chicago", "ebu",
    "rounddata",  # Bridgemate's table of a movement
    "wbf",  # the victory point scale, by the federation's name
    "par",  # the best score both sides could get: par in every language
}  # fmt: skip
"""Words that are names, in every language."""

USAGE = {
    "fi": {"vp", "mp"},  # Finnish results print VP and MP (Spanish: PV, PM)
    "es": {"top", "tops", "club", "control", "total", "artificial", "dir", "vul"},
}
"""Words the language writes as English does (Spanish *el top de un estuche*, *club*,
*puntuación artificial*; *Dir.* for dirección, *vul.* for vulnerable)."""

NOTATION = {
    "fi": {"pe", "il", "nt", "xx", "sa"},
    "es": {"ns", "eo", "st", "xx"},
}
"""The sides and notrump as each language writes them (``bridgescore.core.notation``)."""

MATCH = (
    (Play("4", "S", "", "N", "="), Play("4", "S", "", "N", "-1")),
    (Play("3", "NT", "", "E", "+1"), Play("2", "H", "", "W", "=")),
    (Play("pass"), Play("1", "C", "X", "S", "-2")),
    (Play("6", "D", "", "S", "="), Play("5", "D", "", "S", "+1")),
)
"""Match 1 of the Swiss, board by board: the open room's result and the closed room's."""

OTHER = {"fi": "es", "es": "fi"}
SWITCHED: dict[str, tuple[str, tuple[str, ...]]] = {
    "fi": ("Pöytäkirja", ("Kierros 2 valmis", "Kierros 3 tässä", "IL ")),
    "es": ("Planilla", ("Ronda 2 completa", "Ronda 3 aquí", "EO ")),
}
"""What a results page (a traveller: under way a player is offered no "Print all") and
the table's phone say once switched to the language."""

_DECIMAL = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")
"""A number written with a decimal point (Finnish and Spanish write a comma; a date's
``4.12.2026`` is not one)."""
_HOLE = re.compile(r"%\(\w+\)[sd]|\{[^{}]*\}|<[^>]*>|%%")
_WORD = re.compile(r"[^\W\d_]{2,}")
_CONTRACT = re.compile(
    r"\b[1-7](?:NT|ST|SA|[CDHSTP♣♦♥♠])(?:XX|X)?(?:[NESWPIOL])?(?:[=+\-−]\d*)?(?=\W|$)"
)
"""A contract or result in any language's notation (``4SXN-2``, ``4♠XP-2``, ``3STO+1``)."""
OWN_CONTRACT = {
    "fi": re.compile(r"[1-7](?:NT|[♣♦♥♠])(?:XX|X)?[PIEL]?(?:[=+\-−]\d+|=)?"),
    "es": re.compile(r"[1-7](?:ST|[♣♦♥♠])(?:XX|X)?[NESO]?(?:[=+\-−]\d+|=)?"),
}
"""A contract as the language writes it (the library's notation: suits as symbols,
Finnish seats P I E L, Spanish notrump ST and West O)."""


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(_HOLE.sub(" ", text))}


@cache
def english(language: str) -> frozenset[str]:
    """The catalogues' English words (every msgid's) that ``language``'s translations never
    bring in of their own (a word a translation uses where its English does not have it
    is the language's: Spanish *no*, *total*)."""
    source: set[str] = set()
    native: set[str] = set()
    for domain in ("django", "djangojs"):
        po = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / f"{domain}.po"))
        for entry in po:
            said = _words(entry.msgid) | _words(entry.msgid_plural or "")
            source |= said
            for text in (entry.msgstr, *entry.msgstr_plural.values()):
                native |= _words(text) - said
    names = {w.lower() for who in NAMES[language].values() for w in _WORD.findall(who)}
    names |= {w.lower() for w in (*TEAMS[language], SESSION[language], SWISS[language])}
    return frozenset(source - native - ALLOWED - USAGE[language] - NOTATION[language] - names)


DEMO_SESSION = "Demo pairs"
DATA = (
    DEMO_SESSION,
    DEMO_CLUB,
    DEMO_USER,
    *(n for who in DEMO_NAMES.values() for n in who.split(" & ")),
)
"""What the demo's club, session and players are called (data, not the app's words)."""
_URL = re.compile(r"\S*/\S*")
"""An address, or a path (a table's link: its token is letters at random)."""


def english_in(text: str, language: str) -> list[str]:
    """The English words of ``text`` (contracts as written, addresses and links, and the
    demo's names are not words)."""
    found = english(language)
    for name in DATA:
        text = text.replace(name, " ")
    text = _CONTRACT.sub(" ", _URL.sub(" ", text))
    return sorted({w for w in _WORD.findall(text) if w.lower() in found})


SHOWN = """() => {
    // what a reader sees: the rendered text, the page's title, and the words read aloud or
    // shown in attributes of visible elements
    // (text in <code> is typed as shown, in every language: a movement's syntax, a pair's id)
    let body = document.body.innerText;
    const typed = [...document.querySelectorAll('code')].map(c => c.innerText)
        .filter(t => t.trim());
    typed.sort((a, b) => b.length - a.length);  // the longest first: a code may hold another
    for (const t of typed) { body = body.split(t).join(' '); }
    // the sessions' names in the director's list are data (other tests' sessions too:
    // "Browser pairs", "Lead required" on the one server the browser tests share)
    for (const a of document.querySelectorAll('main table a')) {
        if (new RegExp('^/director/s/[0-9]+/$').test(a.getAttribute('href') || '')) {
            body = body.split(a.innerText).join(' ');
        }
    }
    // names the club typed (a session's, the club's), marked translate="no" as HTML marks
    // what no translation touches: the home page's sessions, other tests' ones among them
    for (const e of document.querySelectorAll('main [translate=no]')) {
        body = body.split(e.innerText).join(' ');
    }
    const out = [document.title, body];
    const read = '[placeholder], [title], [aria-label], [alt], input[type=submit], '
        + 'input[type=button]';
    for (const e of document.querySelectorAll(read)) {
        const r = e.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) { continue; }
        for (const a of ['placeholder', 'title', 'aria-label', 'alt', 'value']) {
            if (a === 'value' && e.tagName !== 'INPUT') { continue; }
            const v = e.getAttribute(a);
            if (v) { out.push(v); }
        }
    }
    return out.join('\\n');
}"""

CUT = """() => {
    // each visible element: its box within the screen's width (or inside a box that
    // scrolls sideways by design, itself within the screen); its own text within its box
    const W = document.documentElement.clientWidth;
    const out = [];
    const scrolls = (s) => /(auto|scroll)/.test(s.overflowX);
    const label = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
        + (typeof e.className === 'string' && e.className
           ? '.' + e.className.trim().split(/\\s+/).join('.') : '')
        + ' "' + (e.innerText || e.value || '').trim().replace(/\\s+/g, ' ').slice(0, 40) + '"';
    const scroller = (e) => {
        for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
            if (scrolls(getComputedStyle(p))) { return p; }
        }
        return null;
    };
    for (const e of document.body.querySelectorAll('*')) {
        const skipped = ['SCRIPT', 'STYLE', 'TEMPLATE', 'BR', 'OPTION', 'svg', 'path'];
        if (skipped.includes(e.tagName)) { continue; }
        const s = getComputedStyle(e);
        if (s.display === 'none' || s.visibility === 'hidden') { continue; }
        if (e.closest('[hidden]')) { continue; }
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) { continue; }
        const box = scroller(e);
        if (box === null) {
            if (r.left < -0.5 || r.right > W + 0.5) {
                out.push('outside the screen (' + Math.round(r.left) + '-'
                         + Math.round(r.right) + ' px): ' + label(e));
            }
        }
        const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
        const boxed = s.display !== 'inline' && s.display !== 'contents';
        const control = ['INPUT', 'BUTTON', 'SELECT'].includes(e.tagName);
        if ((own || control) && boxed && !scrolls(s) && e.tagName !== 'TEXTAREA'
                && e.scrollWidth > e.clientWidth + 1) {
            out.push('text cut (' + e.scrollWidth + ' > ' + e.clientWidth + ' px): ' + label(e));
        }
    }
    // a word broken across two lines (its box squeezed narrower than the word): the word
    // cut, though nothing runs over (a link, a table's address, may break anywhere; a
    // line may break after a hyphen or a colon)
    const words = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = words.nextNode(); n !== null; n = words.nextNode()) {
        const holder = n.parentElement;
        if (!holder || holder.closest('a, script, style, [hidden]')) { continue; }
        const found = /[^\\s:/=|,.;()\\-]{4,}/g;
        let m;
        while ((m = found.exec(n.textContent)) !== null) {
            const range = document.createRange();
            range.setStart(n, m.index);
            range.setEnd(n, m.index + m[0].length);
            const lines = new Set([...range.getClientRects()].filter(r => r.width > 0)
                .map(r => Math.round(r.top)));
            if (lines.size > 1) {
                out.push('word broken across lines: "' + m[0] + '" in ' + label(holder));
            }
        }
    }
    return out;
}"""


@dataclass
class Walk:
    """One language's walk: what it found wrong, page by page."""

    language: str
    shoot: Shoot
    wrong: list[str] = field(default_factory=list)
    seen: list[str] = field(default_factory=list)

    def check(self, page: Page, name: str) -> None:
        """Read ``page`` as its reader: its language, its English, what is cut; a screenshot."""
        page.evaluate("() => window.scrollTo(0, 0)")
        where = f"{name} ({page.url.split('/', 3)[-1]})"
        self.seen.append(name)
        lang = page.locator("html").get_attribute("lang")
        if lang != self.language:
            self.wrong.append(f"{where}: <html lang={lang!r}>")
        shown = page.evaluate(SHOWN)
        for word in english_in(shown, self.language):
            self.wrong.append(f"{where}: English {word!r}")
        bare = _URL.sub(" ", shown)
        for token in sorted({m[0] for m in _CONTRACT.finditer(bare)}):
            if not OWN_CONTRACT[self.language].fullmatch(token):
                self.wrong.append(f"{where}: a contract in another notation: {token!r}")
        for number in sorted(set(_DECIMAL.findall(bare))):
            self.wrong.append(f"{where}: a decimal point, not a comma: {number!r}")
        for problem in page.evaluate(CUT):
            self.wrong.append(f"{where}: {problem}")
        self.shoot(page, f"walk-{self.language}-{name}")


def _context(
    browser: Browser, server: Server, language: str, *, chosen: bool = True
) -> BrowserContext:
    """A phone set to ``language`` (its ``Accept-Language``), the language also chosen
    with the switch unless not ``chosen``."""
    context = browser.new_context(base_url=server.url, locale=language, **PHONE)
    context.set_default_timeout(10_000)
    if chosen:
        context.add_cookies([{"name": COOKIE, "value": language, "url": server.url}])
    return context


@pytest.fixture(params=["fi", "es"])
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def contexts(browser: Browser, server: Server, language: str) -> Iterator[list[BrowserContext]]:
    made: list[BrowserContext] = []
    yield made
    for context in made:
        context.close()


def test_every_page_of_the_club_night_in_the_language(
    browser: Browser,
    server: Server,
    language: str,
    shoot: Shoot,
    contexts: list[BrowserContext],
) -> None:
    walk = Walk(language, shoot)

    def phone(*, chosen: bool = True) -> Page:
        context = _context(browser, server, language, chosen=chosen)
        contexts.append(context)
        page = context.new_page()
        page.on("dialog", lambda dialog: walk.wrong.append(f"a dialog: {dialog.message}"))
        return page

    # --- the director ---------------------------------------------------------------------
    td = phone()
    td.goto("/")
    walk.check(td, "home")
    td.goto("/login/")
    walk.check(td, "login")
    td.locator("input[name=username]").fill("director")
    td.locator("input[name=password]").fill("not-the-password")
    td.locator("main form button[type=submit]").click()
    td.locator("main .error").wait_for()
    walk.check(td, "login-refused")
    td.locator("input[name=username]").fill("director")
    td.locator("input[name=password]").fill("demo-bridge-club")
    td.locator("main form button[type=submit]").click()
    td.wait_for_url("**/director/")
    walk.check(td, "director")
    roster = td.locator('a[href^="/director/club/"]').first.get_attribute("href")
    assert roster is not None

    td.goto("/director/new/")
    walk.check(td, "new-session")
    td.locator("input[name=pairs]").fill("6")
    td.locator("input[name=boards]").fill("10")
    td.locator("form[method=get] button[type=submit]").click()
    td.locator("input[name=spec][value='howell:3x2']").wait_for()
    walk.check(td, "new-session-movements")
    td.locator("input[name=name]").fill(SESSION[language])
    td.locator("label.choice:has(input[value='howell:3x2'])").click()
    td.locator("label.choice:has(input[name=lead_rule][value=off])").click()
    names = "\n".join(f"{pair}: {who}" for pair, who in NAMES[language].items())
    td.locator("textarea[name=names]").fill(names)
    td.locator("form[method=post] button.big").click()
    td.wait_for_url(re.compile(r"/director/s/\d+/$"))
    control = td.url.split("/", 3)[-1].rstrip("/")
    td.locator("#grid table").wait_for()
    walk.check(td, "control")
    links = td.locator('a[href^="/t/"]').evaluate_all("els => els.map(e => e.getAttribute('href'))")
    links = sorted({link for link in links if re.fullmatch(r"/t/[^/]+/", link)})
    results = td.locator('a[href^="/r/"]').first.get_attribute("href")
    assert links, links
    assert results is not None

    for path, name in (
        (f"/{control}/cell/1/1/", "cell"),
        (roster, "roster"),
        (f"/{control}/pairs/", "pairs"),
        (f"/{control}/penalties/", "penalties"),
        (f"/{control}/change/", "late-change"),
        (f"/{control}/cards/", "cards"),
    ):
        td.goto(path)
        walk.check(td, name)
    td.goto(f"/{control}/penalties/")
    td.locator("input[name=amount]").fill("25")
    td.locator("main form.stack input[name=reason]").fill("?")
    td.locator("main form.stack button[type=submit]").click()
    td.locator("input[name=withdraw]").wait_for(state="attached")
    walk.check(td, "penalty-given")
    td.goto(f"/{control}/change/")
    td.locator("input[name=kind][value=move]").check()
    td.locator("input[name=first]").fill("1")
    td.locator("input[name=second]").fill("2")
    td.locator("input[name=round]").fill("3")
    td.locator("form[method=get] button[type=submit]").click()
    td.locator("button[name=apply]").wait_for()
    walk.check(td, "late-change-shown")

    td.goto("/director/new/teams/")
    walk.check(td, "new-teams")
    td.locator("input[name=teams]").fill("4")
    td.locator("form[method=get] button[type=submit]").click()
    td.locator("input[name='team-4']").wait_for()
    walk.check(td, "new-teams-named")
    td.locator("input[name=name]").fill(SWISS[language])
    td.locator("input[name=schedule][value=swiss]").check()
    td.locator("input[name=rounds]").fill("3")
    td.locator("input[name=boards]").fill("4")
    for number, team in enumerate(TEAMS[language], start=1):
        td.locator(f"input[name='team-{number}']").fill(team)
    td.locator("form[method=post] button.big").click()
    td.wait_for_url(re.compile(r"/director/s/\d+/$"))
    swiss = td.url.split("/", 3)[-1].rstrip("/")
    td.locator("#grid table").wait_for()
    swiss_results = td.locator('a[href^="/r/"]').first.get_attribute("href")
    walk.check(td, "teams-control")
    rooms = td.locator('a[href^="/t/"]').evaluate_all("els => els.map(e => e.getAttribute('href'))")
    td.goto(f"/{swiss}/draw/")
    walk.check(td, "swiss-draw")
    room = phone()
    room.goto(rooms[0])
    room.locator("#phone section[data-step=board]").wait_for()
    walk.check(room, "teams-table-board")
    room.locator("#phone [data-step=board] button[data-board]").first.click()
    room.locator("#phone section[data-step=contract]").wait_for()
    walk.check(room, "teams-table-contract")
    for selector in ("[data-contract='3NT']", "[data-seat=W]"):
        room.locator(f"#phone {selector}").click()
    room.locator("#phone section[data-step=lead]").wait_for()  # asked in this session
    room.locator("#phone [data-suit=H]").click()
    walk.check(room, "teams-table-lead")
    # match 1 played in both rooms (sent as the phones send them), for the teams' results
    rooms = [link for link in rooms if re.fullmatch(r"/t/[^/]+/", link)]
    open_room, closed_room = Scorer(room), Scorer(phone())
    open_room.hold(1, rooms[0])
    closed_room.hold(2, rooms[1])
    for board, (played_open, played_closed) in enumerate(MATCH, start=1):
        open_room.send(1, 1, board, played_open)
        closed_room.send(2, 1, board, played_closed)
    # and match 2, so that round 2 can be drawn: the draw shown with its reasons
    second_open, second_closed = Scorer(phone()), Scorer(phone())
    second_open.hold(3, rooms[2])
    second_closed.hold(4, rooms[3])
    for board, (played_open, played_closed) in enumerate(reversed(MATCH), start=1):
        second_open.send(3, 1, board, played_open)
        second_closed.send(4, 1, board, played_closed)
    td.goto(f"/{swiss}/draw/")
    td.locator("main form button[type=submit]").first.wait_for()
    walk.check(td, "swiss-draw-shown")

    # --- a table's phone, step by step ----------------------------------------------------
    table = phone()
    table.goto(links[0])
    screen = table.locator("#phone section[data-step]")
    screen.wait_for()

    def step(name: str) -> None:
        table.locator(f"#phone section[data-step='{name}']").wait_for()

    def tap(selector: str) -> None:
        table.locator(f"#phone {selector}").first.click()

    step("board")
    walk.check(table, "table-board")
    boards = table.locator("[data-step=board] button[data-board]").evaluate_all(
        "els => els.map(e => e.dataset.board)"
    )
    assert len(boards) == 2, boards
    tap("nav button.call")
    step("call")
    walk.check(table, "table-call")
    tap("[data-action=close]")
    step("board")
    tap(f"[data-board='{boards[1]}']")  # out of order: asked first
    step("order")
    walk.check(table, "table-order")
    tap("[data-answer=no]")
    step("contract")
    walk.check(table, "table-contract")
    tap("[data-contract='4S']")
    step("declarer")
    tap("[data-doubled=X]")
    walk.check(table, "table-declarer")
    tap("[data-seat=N]")
    step("result")
    walk.check(table, "table-result")
    tap("[data-result='-2']")
    step("score")
    table.locator("#phone [data-step=score] [data-action=accept]:not([disabled])").wait_for()
    table.wait_for_function("!document.querySelector('#phone [data-step=score] p.quiet')")
    walk.check(table, "table-score")
    tap("[data-action=accept]")
    step("kept")
    table.locator("#traveller").wait_for(timeout=15_000)
    walk.check(table, "table-accepted")
    traveller = table.locator("#traveller").get_attribute("href")

    table.context.set_offline(True)
    tap(f"[data-board='{boards[1]}']")  # the next board, on the screen of the one accepted
    step("contract")
    tap("[data-contract='3NT']")
    tap("[data-seat=S]")
    tap("[data-result='+1']")
    step("score")
    table.locator("#phone [data-step=score] p.quiet").wait_for()
    table.wait_for_function(
        "!/…$/.test(document.querySelector('#phone [data-step=score] p.quiet').textContent)"
    )
    walk.check(table, "table-score-offline")
    tap("[data-action=accept]")
    step("kept")
    table.locator("#queue:not([hidden])").wait_for()
    walk.check(table, "table-queued")
    table.locator("#phone .moves").wait_for()  # the round's end, on the same screen
    walk.check(table, "table-round-complete-offline")
    table.context.set_offline(False)
    table.evaluate("() => window.dispatchEvent(new Event('online'))")
    table.locator("#queue").wait_for(state="hidden", timeout=15_000)
    walk.check(table, "table-round-complete")

    # round 2: one board sent to East-West's phone, the other accepted here; the call
    first, second = table.locator("#phone button.pick[data-board]").evaluate_all(
        "els => els.map(e => e.dataset.board)"
    )
    tap(f"[data-board='{first}']")
    step("contract")
    tap("[data-contract='2H']")
    tap("[data-seat=E]")
    tap("[data-result='=']")
    step("score")
    table.locator("#phone [data-action=pending]:not([disabled])").click()
    step("sent")
    walk.check(table, "table-sent-to-opponents")
    tap(f"[data-board='{second}']")
    step("contract")
    tap("[data-level=pass]")
    step("score")
    tap("[data-action=accept]:not([disabled])")
    step("kept")
    tap("[data-action=next]")
    step("waiting")
    walk.check(table, "table-waiting-for-opponents")
    tap("nav button.call")
    table.locator("#call-note").fill("?")
    tap("[data-action=call]")
    table.locator("#phone [data-step=call] p[role=status]").wait_for()
    walk.check(table, "table-call-sent")
    tap("[data-action=close]")

    td.goto(f"/{control}/")
    rows = td.locator("tr:has(a[href^='/t/'])").evaluate_all(
        """rows => rows.map(r => [r.querySelector("a[href^='/t/']").getAttribute('href'),
                                  (r.innerText.match(/\\b\\d{6}\\b/) || [''])[0]])"""
    )
    codes = {link: code for link, code in rows if code}
    walk.check(td, "control-with-call")
    opponents = phone()
    opponents.goto(links[0])
    walk.check(opponents, "takeover")
    opponents.goto(f"{links[0]}confirm/")
    walk.check(opponents, "opponents-code")
    opponents.locator("input[name=code]").fill(codes[links[0]])
    opponents.locator("main form button.big").click()
    opponents.locator("main form.confirm").wait_for()
    walk.check(opponents, "opponents-waiting")
    opponents.locator("main form.confirm button.ok").click()
    opponents.locator("main form.confirm").wait_for(state="detached")
    walk.check(opponents, "opponents-confirmed")

    # --- the results pages ----------------------------------------------------------------
    assert traveller is not None
    table.goto(results)
    table.locator("#back-to-table").wait_for()
    walk.check(table, "results-live")
    table.goto(traveller)
    walk.check(table, "results-traveller")

    # the switch on a results page and on the table's phone: everything drawn again in the
    # other language, and back
    other = OTHER[language]
    table.locator(f"#languages button[value={other}]").click()
    table.wait_for_function(  # the page is drawn again: no document while it loads
        f"document.documentElement && document.documentElement.lang === '{other}'"
    )
    results_said, table_said = SWITCHED[other]
    assert results_said in table.inner_text("body")
    table.goto(links[0])
    step("end")
    shown = table.inner_text("#phone")
    for said in table_said:
        assert said in shown, (said, shown)
    table.locator(f"#languages button[value={language}]").click()
    table.wait_for_function(  # the page is drawn again: no document while it loads
        f"document.documentElement && document.documentElement.lang === '{language}'"
    )
    step("end")
    walk.check(table, "table-round-2-complete")
    td.goto(traveller)  # a pair that played the board entered above
    card = td.locator('main a[href^="pair-"]').first.get_attribute("href")
    assert card is not None
    td.goto(f"{results}{card}")
    assert td.locator("main table tr:has(td)").count() >= 2  # the boards the pair played
    walk.check(td, "results-score-card")
    td.goto(f"{results}print.html")
    walk.check(td, "results-print")
    for number in (1, 2, 3):
        td.goto(f"/{control}/cell/1/{number}/")
        walk.check(td, f"cell-1-{number}")
    reader = phone(chosen=False)  # a phone in the language that never pressed the switch
    reader.goto(results)
    walk.check(reader, "results-reader")
    reader.goto(f"{results}board-1.html")  # not played yet, anywhere
    walk.check(reader, "results-not-yet")
    reader.goto(str(swiss_results))
    walk.check(reader, "results-teams")
    room.goto(f"{swiss_results}board-1.html")  # the open room's phone: it played board 1
    room.locator("main table").first.wait_for()
    walk.check(room, "results-teams-traveller")
    reader.goto("/r/no-such-session/")
    walk.check(reader, "not-found")

    # --- published: the session closed at the tables, the results final -----------------
    td.goto(f"/{control}/")
    td.locator("button[name=state][value=published]").click()
    td.locator("main form.stack button.big").wait_for()
    walk.check(td, "publish-as-it-stands")
    td.locator("main form.stack button.big").click()
    td.locator("button[name=state][value=running]").wait_for()
    walk.check(td, "control-published")
    # a result the phone accepted when its connection had dropped, still in its queue at
    # the close (as table.js keeps it): the closed link's page lists it for the director
    queued = {"round": 3, "board": 9, "level": "4", "strain": "H", "doubled": "X",
              "declarer": "W", "result": "-2", "lead": "", "not_played": "", "confirm": "1",
              "entry_id": "6f1c0f0e-4c62-4b7e-9f1e-0b6a4d0c9e11"}  # fmt: skip
    token = links[0].split("/")[2]
    table.evaluate(
        "([key, entry]) => localStorage.setItem(key, JSON.stringify([entry]))",
        [f"bridgescore-queue-{token}", queued],
    )
    closed = table.goto(links[0])
    assert closed is not None
    assert closed.status == 410
    table.locator("#unsent li").wait_for()
    assert table.locator("#unsent li").all_inner_texts() == [UNSENT[walk.language]]
    walk.check(table, "table-closed")
    table.goto(results)
    walk.check(table, "results-published")
    table.goto("/")
    walk.check(table, "home-published")

    assert len(walk.seen) >= 30, walk.seen
    assert walk.wrong == [], "\n".join(walk.wrong)


def test_the_walk_finds_english_and_cut_elements(
    browser: Browser, server: Server, shoot: Shoot
) -> None:
    """The checks themselves: a page with an English line, a contract in English notation
    (beside one in Finnish), a decimal point, an element wider than the screen, a button
    too narrow for its word and a word broken across lines is each found (and a table that
    scrolls sideways in its own box by design is not)."""
    context = _context(browser, server, "fi")
    page = context.new_page()
    page.goto("/login/")
    page.evaluate(
        """() => document.querySelector('main').insertAdjacentHTML('beforeend',
        '<p>Print all 18.76 4SN= 4♠P=</p><p id="wide" style="width: 600px">leveä</p>'
        + '<button id="narrow" style="width: 40px; white-space: nowrap">Kilpailunjohtaja</button>'
        + '<div style="overflow-x: auto"><table><tr><td style="min-width: 900px">'
        + 'vieritys</td></tr></table></div>'
        + '<p id="squeezed" style="width: 40px; overflow-wrap: anywhere">pöytäkirja</p>')"""
    )
    walk = Walk("fi", shoot)
    walk.check(page, "self-check")
    context.close()
    assert [w.split(": ", 1)[1] for w in walk.wrong] == [
        "English 'Print'",
        "English 'all'",
        "a contract in another notation: '4SN='",
        "a decimal point, not a comma: '18.76'",
        'outside the screen (12-612 px): p#wide "leveä"',
        'text cut (131 > 38 px): button#narrow "Kilpailunjohtaja"',
        'word broken across lines: "pöytäkirja" in p#squeezed "pöytäkirja"',
    ]
