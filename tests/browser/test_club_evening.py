"""A club evening in real browsers: the director sets up a session, three tables enter
their results on their phones one step a screen (one of them losing its connection for two
boards), the live ranking agrees with the library, a table's link reaches only its own
table, and the pages fit a phone.

The steps build on one another through module fixtures (the session, round 1, table 1's
round 2 sent offline, the rest of round 2), so any one test can also run alone.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest

from bridgescore.events.model import Event, EventResults
from bridgescore.events.pairs import PairsResult
from bridgescore.events.scoring import score_event
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.io.results import loads_csv

from .conftest import Cable
from .tablephone import REACHABLE, Play, Shoot, TablePhone, ns_score

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

PAIRS, BOARDS, SPEC = 6, 10, "howell:3x2"
"""Six pairs, about ten boards: the suggestions offer a three-table Howell of five rounds
of two boards, picked here (two boards a round keep the clicking short)."""

NAMES = {
    "1": "Ann Smith & Bob Jones",
    "2": "Carol White & Dan Brown",
    "3": "Eve Black & Frank Green",
    "4": "Grace Hall & Henry King",
    "5": "Ida Lee & Jack Moore",
    "6": "Kate Hill & Leo Wood",
}

Choice = tuple[str, str, str, str, str]
"""(level, strain, doubled, declarer, result) as the buttons show them; level ``pass``
for a passed-out board."""

CHOICES: dict[tuple[int, int], tuple[Choice, Choice]] = {  # (table, round): its two boards
    (1, 1): (("4", "S", "", "N", "="), ("3", "NT", "", "S", "+1")),
    (2, 1): (("2", "H", "", "E", "-1"), ("4", "H", "", "W", "=")),
    (3, 1): (("3", "NT", "", "N", "="), ("1", "NT", "", "S", "+1")),
    (1, 2): (("5", "D", "X", "E", "-2"), ("4", "S", "", "S", "-1")),
    (2, 2): (("3", "H", "", "E", "="), ("4", "H", "", "W", "+1")),
    (3, 2): (("pass", "", "", "", ""), ("3", "NT", "", "S", "-1")),
}


@dataclass(frozen=True, slots=True)
class Session:
    """The session the director made, as the browser found it."""

    id: int
    public_id: str
    links: dict[int, str]  # table -> its link's path, /t/<token>/
    codes: dict[int, str]

    @property
    def control(self) -> str:
        return f"/director/s/{self.id}/"

    @property
    def ranking(self) -> str:
        return f"/r/{self.public_id}/"


def play(choice: Choice) -> Play:
    """A choice as the phone's buttons press it (no opening lead)."""
    return Play(*choice)


@pytest.fixture(scope="module")
def cable(new_cable: Callable[[], Cable]) -> Cable:
    """Table 1's phone's connection to the server (cut in round 2)."""
    return new_cable()


@pytest.fixture(scope="module")
def phones(new_phone: Callable[..., Page], cable: Cable, shoot: Shoot) -> dict[int, TablePhone]:
    """A phone for each of the three tables (table 1's through its own cable)."""
    return {
        table: TablePhone(table, new_phone(cable) if table == 1 else new_phone(), shoot)
        for table in (1, 2, 3)
    }


# --- what the pages say -----------------------------------------------------------------


def export(director: Page, session: Session) -> EventResults:
    """The director's CSV export, read by the library."""
    answer = director.request.get(f"{session.control}export.csv")
    assert answer.status == 200, answer.text()
    return loads_csv(answer.text(), source="export.csv")


def rows_of(results: EventResults, table: int, round_no: int) -> Counter[int]:
    """How many standing results each board has at ``table`` in ``round_no``."""
    return Counter(r.board for r in results.rows if r.table == str(table) and r.round == round_no)


def logged(director: Page, session: Session, table: int, round_no: int) -> Counter[int]:
    """How many times the control page's log shows a result of each board of ``table`` in
    ``round_no`` (the log lists every entry kept, so a result counted twice shows twice)."""
    director.goto(session.control)
    lines = director.locator("table.log tbody td:nth-child(2)").all_inner_texts()
    found: Counter[int] = Counter()
    pattern = re.compile(rf"^round {round_no}, table {table}, board (\d+): ")
    for line in lines:
        match = pattern.match(line)
        if match:
            found[int(match.group(1))] += 1
    return found


def heading(page: Page) -> str:
    """The page's heading: the phone's step screen's, else the page's own."""
    phone = page.locator("#phone h1")
    return phone.inner_text() if phone.count() else page.locator("h1").inner_text()


def enter_round(phone: TablePhone, round_no: int, shoot: Shoot) -> dict[int, Choice]:
    """Enter the phone's round, board by board, online, one step a screen: each score is
    accepted in the page, sent, and the board no longer offered (the next one is, on the
    screen of the one accepted); after the last, where everyone goes and the next round's
    boards."""
    page = phone.page
    boards = phone.offered()
    assert len(boards) == 2, boards
    entered = dict(zip(boards, CHOICES[(phone.table, round_no)], strict=True))
    for step, (number, choice) in enumerate(entered.items()):
        phone.enter(number, play(choice))
        assert heading(page) == f"Table {phone.table} · round {round_no} of 5"
        if step == 0:
            assert phone.offered() == boards[1:]
    assert phone.end_lines()
    shoot(page, f"table-{phone.table}-end-of-round-{round_no}")
    return entered


# --- the evening, step by step ------------------------------------------------------------


@pytest.fixture(scope="module")
def session(director_page: Page, shoot: Shoot) -> Session:
    """The director logs in, sets up a session of six pairs and lands on its control grid."""
    page = director_page
    page.goto("/director/")
    assert "/login/" in page.url  # the director's pages need a login
    shoot(page, "director-login")
    page.get_by_label("User name").fill("director")
    page.get_by_label("Password").fill("demo-bridge-club")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/director/")

    page.goto("/director/new/")
    page.get_by_label("Pairs", exact=True).fill(str(PAIRS))
    page.get_by_label("About how many boards").fill(str(BOARDS))
    page.get_by_role("button", name="Show the movements that fit").click()
    offered = page.locator("input[name=spec]").evaluate_all("els => els.map(e => e.value)")
    assert SPEC in offered, offered
    page.get_by_label("Name", exact=True).fill("Browser pairs")
    page.locator(f"label.choice:has(input[value='{SPEC}'])").click()
    page.locator("textarea[name=names]").fill(
        "\n".join(f"{pair}: {who}" for pair, who in NAMES.items())
    )
    shoot(page, "director-new-session")
    page.get_by_role("button", name="Start the session").click()
    page.wait_for_url(re.compile(r"/director/s/\d+/$"))
    shoot(page, "director-control-grid")

    assert heading(page) == "Browser pairs"
    session_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    results_href = page.get_by_role("link", name="Results", exact=True).get_attribute("href")
    assert results_href is not None
    public_id = results_href.strip("/").rsplit("/", 1)[1]
    links, codes = {}, {}
    table = page.locator("h2:text-is('Table links') + table")
    heads = table.locator("thead th").all_inner_texts()
    for row in table.locator("tbody tr").all():
        cells = dict(zip(heads, row.locator("td").all_inner_texts(), strict=False))
        links[int(cells["Table"])] = cells["Link"].strip()
        codes[int(cells["Table"])] = cells["Code"].strip()
    return Session(session_id, public_id, links, codes)


@pytest.fixture(scope="module")
def round_one(
    session: Session, phones: dict[int, TablePhone], director_page: Page, shoot: Shoot
) -> dict[int, dict[int, Choice]]:
    """Each of the three tables opens its own link on its phone and enters round 1."""
    entered = {}
    for table, phone in phones.items():
        phone.open(session.links[table])
        shoot(phone.page, f"table-{table}-round-1")
        entered[table] = enter_round(phone, 1, shoot)
    return entered


@pytest.fixture(scope="module")
def offline_round(
    session: Session,
    round_one: dict[int, dict[int, Choice]],
    phones: dict[int, TablePhone],
    cable: Cable,
    director_page: Page,
    shoot: Shoot,
) -> dict[int, Choice]:
    """Table 1's phone loses its connection, enters round 2's two boards (kept on the
    phone), and gets the connection back. Checks what the director sees meanwhile."""
    phone = phones[1]
    page = phone.page
    boards = phone.offered()  # round 2's, on the screen of round 1's last board
    entered = dict(zip(boards, CHOICES[(1, 2)], strict=True))
    cable.cut()
    page.context.set_offline(True)
    try:
        for number, choice in entered.items():
            phone.enter(number, play(choice), online=False)
            page.locator("#queue").filter(has_text=f"board {number}").wait_for()
        note = page.locator("#queue")
        waiting = ", ".join(f"board {b}" for b in boards)
        assert note.inner_text().startswith(f"Waiting to send: {waiting} "), note.inner_text()
        assert phone.end_lines()  # the round is complete on the phone
        shoot(page, "table-1-offline-two-waiting")
        # nothing has reached the server yet
        assert rows_of(export(director_page, session), 1, 2) == Counter()
        # one retry of the send queue (as the phone's every 4 s), still offline
        page.evaluate("() => window.bridgescoreTable.flush()")
        assert note.inner_text().startswith(f"Waiting to send: {waiting} "), note.inner_text()
    finally:
        cable.mend()
        page.context.set_offline(False)
    page.locator("#queue").wait_for(state="hidden", timeout=15_000)
    assert len(phone.offered()) == 2  # round 3's boards, one tap each
    shoot(page, "table-1-back-online")
    return entered


@pytest.fixture(scope="module")
def round_two(
    offline_round: dict[int, Choice], phones: dict[int, TablePhone], shoot: Shoot
) -> dict[int, dict[int, Choice]]:
    """Tables 2 and 3 enter round 2 (online): two full rounds in all."""
    entered = {1: offline_round}
    for table in (2, 3):
        entered[table] = enter_round(phones[table], 2, shoot)
    return entered


# --- the tests ------------------------------------------------------------------------------


def test_director_sets_up_a_session_and_lands_on_the_grid(
    session: Session, director_page: Page
) -> None:
    page = director_page
    page.goto(session.control)
    assert sorted(session.links) == [1, 2, 3]
    assert len(set(session.links.values())) == 3
    assert all(re.fullmatch(r"/t/[\w-]{16,}/", link) for link in session.links.values())
    assert all(re.fullmatch(r"\d{6}", code) for code in session.codes.values())
    grid = page.locator("#grid table.control")
    headers = grid.locator("thead th").all_inner_texts()
    assert headers == ["Round", "Table 1", "Table 2", "Table 3"]
    assert grid.locator("tbody tr").count() == 5
    cells = grid.locator("tbody td").all_inner_texts()
    assert len(cells) == 15
    assert all(cell.split("\n")[1].startswith("0/2") for cell in cells), cells
    assert f"· {SPEC} ·" in page.locator("main > p").first.inner_text()


def test_three_tables_enter_round_one_and_each_board_arrives_once(
    session: Session,
    round_one: dict[int, dict[int, Choice]],
    director_page: Page,
    phones: dict[int, TablePhone],
    shoot: Shoot,
) -> None:
    results = export(director_page, session)
    for table, boards in round_one.items():
        assert rows_of(results, table, 1) == Counter({b: 1 for b in boards}), table
        assert logged(director_page, session, table, 1) == Counter({b: 1 for b in boards})
    # the score each phone showed for acceptance is the library's score of the result kept
    by_board = {(int(r.table or 0), r.board): r.ns_score for r in results.rows if r.round == 1}
    for table, phone in phones.items():
        for board in round_one[table]:
            shown = phone.shown[(1, board)]
            assert ns_score(shown) == by_board[(table, board)], shown
        assert phone.dialogs == []  # accepted in the page, never in a browser dialog
    director_page.goto(session.control)
    rows = director_page.locator("#grid table.control tbody tr")
    first, second = rows.nth(0), rows.nth(1)
    assert first.locator("td.done").count() == 3
    assert all(cell.endswith("\n2/2") for cell in first.locator("td").all_inner_texts())
    assert second.locator("td.playing").count() == 3
    assert all(cell.endswith("\n0/2") for cell in second.locator("td").all_inner_texts())
    shoot(director_page, "director-grid-after-round-1")


def test_offline_phone_sends_its_two_boards_once_when_back(
    session: Session,
    offline_round: dict[int, Choice],
    director_page: Page,
    phones: dict[int, TablePhone],
) -> None:
    boards = Counter({b: 1 for b in offline_round})
    assert rows_of(export(director_page, session), 1, 2) == boards
    assert logged(director_page, session, 1, 2) == boards
    page = phones[1].page
    assert page.locator("#queue").is_hidden()
    queued = "() => Object.keys(localStorage).filter(k => k.startsWith('bridgescore-queue-'))"
    assert page.evaluate(queued)  # the phone's queue, now empty
    assert page.evaluate(f"() => ({queued})().map(k => localStorage[k])") == ["[]"]
    # now table 1's phone may see the travellers of the boards it sent from offline
    for board in offline_round:
        answer = page.request.get(f"{session.ranking}board-{board}.html")
        assert answer.status == 200


def test_live_ranking_equals_the_library_for_the_same_results(
    session: Session,
    round_two: dict[int, dict[int, Choice]],
    director_page: Page,
    shoot: Shoot,
) -> None:
    results = export(director_page, session)
    assert len(results.rows) == 12
    event = Event(
        results,
        name=results.name,
        kind=EventKind.PAIRS,
        scoring=Scoring.parse(results.said("scoring") or "mp"),
        program=results.said("program"),
    )
    scored = score_event(event)
    assert isinstance(scored, PairsResult)
    page = director_page
    page.goto(session.ranking)
    assert page.locator("p.live").inner_text() == "Live: results so far"
    shoot(page, "ranking-after-round-2")
    ranking = page.locator("section:has(h2:text-is('Ranking')) table")
    header = ranking.locator("thead th").all_inner_texts()
    assert header == ["Place", "Pair", "Names", "MP", "%", "Boards"]
    shown: dict[str, tuple[str, str, float, float, int]] = {}
    for row in ranking.locator("tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        place_text, pair, names_text, mp_text, percent_text, boards_text = cells
        shown[pair] = (
            place_text,
            names_text,
            float(mp_text),
            float(percent_text),
            int(boards_text),
        )
    assert sorted(shown) == sorted(NAMES)
    for standing in scored.standings:
        place, names, mp, percent, boards = shown[standing.pair]
        assert place == standing.place
        assert names == NAMES[standing.pair].replace(" & ", ", ")
        assert mp == pytest.approx(standing.total, abs=0.005)
        assert standing.percent is not None
        assert percent == pytest.approx(standing.percent, abs=0.005)
        assert boards == standing.boards == 4
    # real figures, not a field of equal scores
    assert len({s.percent for s in scored.standings}) > 2


def test_a_table_link_reaches_its_own_table_only(
    session: Session,
    round_one: dict[int, dict[int, Choice]],
    phones: dict[int, TablePhone],
    shoot: Shoot,
) -> None:
    page = phones[1].page
    # table 2's link on table 1's phone: held by another phone, so the takeover page
    answer = page.goto(session.links[2])
    assert answer is not None
    assert answer.status == 409
    assert heading(page) == "Table 2"
    assert page.get_by_text("This table is open on another phone").is_visible()
    shoot(page, "table-1-phone-on-table-2-link")
    # a result for table 2 posted from table 1's phone is refused, and nothing kept
    page.goto(session.links[1])
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    board = next(iter(round_one[2]))
    refused = page.request.post(
        f"{session.links[2]}entry/",
        data={
            "round": 1,
            "board": board,
            "level": "7",
            "strain": "NT",
            "declarer": "N",
            "result": "=",
            "confirm": "1",
            "entry_id": "0b6f1f9e-4c1e-4a57-9d0e-2a3b4c5d6e7f",
        },
        headers={"X-CSRFToken": csrf, "Content-Type": "application/json"},
    )
    assert refused.status == 403
    assert refused.json() == {"error": "this phone does not hold the table", "elsewhere": True}
    # a board table 1 has not played: its traveller is not shown to table 1's phone
    played = set(round_one[1])
    other = min(set(round_one[2]) | set(round_one[3]))
    assert other not in played
    answer = page.goto(f"{session.ranking}board-{other}.html")
    assert answer is not None
    assert answer.status == 403
    assert page.get_by_text("Not yet").is_visible()
    shoot(page, "table-1-phone-board-not-played")
    # ... but a board it has played is
    mine = min(played)
    answer = page.goto(f"{session.ranking}board-{mine}.html")
    assert answer is not None
    assert answer.status == 200
    phones[2].open(session.links[2])
    assert heading(phones[2].page).startswith("Table 2 · round")  # table 2 still holds it


def _overflow(page: Page) -> tuple[int, list[str]]:
    """The page's scroll width, and the innermost elements reaching past a 390 px screen
    (with their right edge), so that a failure says what to fix."""
    width: int = page.evaluate("() => document.scrollingElement.scrollWidth")
    wide: list[str] = page.evaluate(
        """() => {
            const past = e => e.getBoundingClientRect().right > 391;
            const name = e => e.tagName.toLowerCase()
                + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : '');
            const path = e => [e.parentElement, e].filter(Boolean).map(name).join(' > ');
            const right = e => ' ends at ' + Math.round(e.getBoundingClientRect().right) + ' px';
            const tables = [...document.querySelectorAll('table')].filter(past).map(t => {
                const title = t.closest('section')?.querySelector('h2')?.textContent ?? '';
                const heads = [...t.querySelectorAll('thead th')].map(h => h.textContent);
                return 'table "' + title + '" (' + heads.join('|') + ')' + right(t);
            });
            const inner = [...document.querySelectorAll('body *')]
                .filter(e => e.tagName !== 'TABLE' && !e.closest('table'))
                .filter(e => past(e) && ![...e.children].some(past))
                .map(e => path(e) + ' "' + e.textContent.trim().slice(0, 20) + '"' + right(e));
            return [...tables, ...inner].slice(0, 6);
        }"""
    )
    return width, wide


@pytest.mark.parametrize(
    "page_name",
    ["table page", "results page", "board page", "pair card"],
)
def test_pages_fit_a_phone_screen(
    page_name: str,
    session: Session,
    round_two: dict[int, dict[int, Choice]],
    phones: dict[int, TablePhone],
    director_page: Page,
    director_phone: Page,
    shoot: Shoot,
) -> None:
    """No sideways scrolling at 390 px, and no cell of a table beyond the screen: the
    table's page (every button on its screen, without scrolling), the ranking, a board's
    traveller (from table 3's phone) and a pair's card with its % column (the director's
    phone; not shown to tables while the session is under way)."""
    page = phones[3].page
    played = min(round_two[3])
    path = {
        "table page": session.links[3],
        "results page": session.ranking,
        "board page": f"{session.ranking}board-{played}.html",
        "pair card": f"{session.ranking}pair-1.html",
    }[page_name]
    if page_name == "pair card":
        director_phone.context.add_cookies(director_page.context.cookies())  # type: ignore[arg-type]
        page = director_phone
    answer = page.goto(path)
    assert answer is not None
    assert answer.status == 200, answer.status
    assert page.viewport_size == {"width": 390, "height": 844}
    shoot(page, f"phone-{page_name.replace(' ', '-')}")
    width, wide = _overflow(page)
    assert width <= 390 + 1, f"{page_name} {path} is {width} px wide: {wide}"
    _, cut = page.evaluate(REACHABLE, True)
    assert cut == [], f"{page_name} {path}: {cut}"
    if page_name == "table page":
        phones[3].wait_ready()
        phones[3].check_fits("board screen")
        assert phones[3].misfits == []
