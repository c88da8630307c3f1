"""The score pad on a phone (390 × 844, Debian's chromium): "Puntuación de puente"'s
six-deal rubber tapped in step by step reproduces the text's sheet deal by deal; a reload
mid-rubber and an offline stretch keep every deal; undo and a correction of deal 2 work the
rest out again; a refused deal changes nothing; a damaged saved game is reported and the
others kept; every step's buttons and every cell of the sheet are within the screen.

The deals' figures are the text's (``/work/shared/seeds/001_c3ab71ce81d502ab.txt``, "Un
ejemplo de goma": its "Oferta Total NS/EW" columns), South keeping score (We = NS).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Dialog, Error, Page

from web.test_languages import COOKIE, english_left

from .conftest import Server, Shoot
from .tablephone import FITS, REACHABLE

pytestmark = pytest.mark.browser

CUT = """(where) => {
    // each element's box within the screen's width; a control, a cell or a line of text
    // whose content is wider than its box is cut
    const w = document.documentElement.clientWidth, out = [];
    const root = document.querySelector(where);
    for (const e of root.querySelectorAll('*')) {
        const r = e.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) { continue; }
        if (e.closest('details:not([open])') && e.tagName !== 'SUMMARY'
            && !e.closest('summary')) { continue; }
        const name = (e.textContent || e.tagName).trim().slice(0, 30);
        if (r.left < -0.5 || r.right > w + 0.5) {
            out.push(name + ' at ' + Math.round(r.left) + '..' + Math.round(r.right));
        } else if (/^(BUTTON|TD|TH|LABEL|P|H1|H2|SUMMARY|A|LI|SMALL|B)$/.test(e.tagName)
                   && e.scrollWidth > e.clientWidth + 1
                   && getComputedStyle(e).display !== 'inline') {
            out.push(name + ' cut: ' + e.scrollWidth + ' px in ' + e.clientWidth);
        }
    }
    return out;
}"""


@dataclass(frozen=True, slots=True)
class PadDeal:
    """A deal as the pad's buttons enter it (``declarer`` empty: passed out)."""

    declarer: str
    level: str = ""
    strain: str = ""
    doubled: str = ""
    tricks: int = 0
    honours: str = "none"


SPANISH_RUBBER = (
    PadDeal("N", "2", "NT", tricks=9),  # 1 norte 2NT hecho 3
    PadDeal("W", "4", "H", tricks=10),  # 2 W 4♥ hecho 4
    PadDeal("W", "5", "C", tricks=9),  # 3 W 5♣ abajo 2
    PadDeal("S", "4", "S", "X", tricks=11),  # 4 S 4♠X hecho 5
    PadDeal("N", "3", "C", tricks=10),  # 5 norte 3♣ hecho 4
    PadDeal("E", "6", "D", tricks=12, honours="EW-150"),  # 6 E 6♦ hecho 6, five honours
)
TEXT_PER_DEAL = [(100, 0), (0, 120), (200, 0), (390, 0), (80, 0), (0, 1020)]
"""The text's "Oferta Total NS" and "Oferta Total EW", deal by deal."""
TEXT_TOTALS = (770, 1640)
"""The text's "Total" (with EW's rubber bonus of 500)."""


BOTTOM = """(selector) => {
    const found = document.querySelector(selector);
    if (!found) return null;
    const box = found.getBoundingClientRect();
    return box.height ? box.bottom : null;
}"""
"""The bottom of an element as the page lays it out, or null while it is not drawn."""


@dataclass
class Pad:
    """One phone with the pad open, and the screens found not to fit."""

    page: Page
    shoot: Shoot
    misfits: list[str] = field(default_factory=list)
    taps: list[tuple[PadDeal, int]] = field(default_factory=list)

    def step(self, name: str) -> None:
        self.page.locator(f"#pad section[data-step='{name}']").wait_for()

    def bottom(self, selector: str) -> float:
        """Where the screen's element ends, measured in the page in one step once it is
        drawn: the pad draws its screen again when the server's answer comes, so an element
        found in one call may be gone by the next."""
        end: float = self.page.wait_for_function(BOTTOM, arg=f"#pad {selector}").json_value()
        return end

    def tap(self, selector: str) -> None:
        self.page.locator(f"#pad {selector}").first.click()

    def fits(self, what: str) -> None:
        """Every control of the screen within it without scrolling, and nothing cut."""
        self.page.evaluate("() => window.scrollTo(0, 0)")
        found = self.page.evaluate(FITS.replace("#phone", "#pad"))
        self.misfits.extend(f"{what}: {p}" for p in [*found, *self.cut()])

    def within(self, what: str) -> None:
        """Nothing of a long screen (scrolled) leaves the 390 px width or is cut."""
        self.misfits.extend(f"{what}: {p}" for p in self.cut())

    def start(self, kind: str, players: dict[str, str]) -> None:
        self.page.goto("/pad/")
        self.page.locator("#pad section[data-step]").wait_for()
        if self.page.locator("#pad section[data-step='sheet']").count():
            self.tap("[data-games]")  # the game played last opens first
        self.step("games")
        self.tap(f"[data-new={kind}]")
        self.step("setup")
        for seat, name in players.items():
            self.page.fill(f"#pad input[data-seat={seat}]", name)
        self.within(f"{kind} set-up")
        self.shoot(self.page, f"pad-{kind}-setup")
        self.tap("[data-start]")
        self.step("sheet")

    def enter(self, deal: PadDeal, *, correct: int | None = None, snap: str = "") -> None:
        """Tap a deal in: a new one from the sheet's own contract grid, a correction from
        the deal's line; the taps a new deal took are kept (``taps``)."""
        if correct is None:
            self.step("sheet")
            if snap:
                # the sheet is long: the grid and the passed-out key on the first screen,
                # and nothing wider than the phone or cut
                self.page.evaluate("() => window.scrollTo(0, 0)")
                for key in ("#contracts", "[data-passed]"):
                    end = self.bottom(key)
                    if end > 844:
                        self.misfits.append(f"sheet: {key} ends at {end}")
                self.within("sheet with its contract grid")
        else:
            self.tap(f"[data-correct='{correct}']")
            self.step("contract")
        if snap:
            self.shoot(self.page, f"{snap}-contract")
        self.taps.append((deal, self.contract_on(deal, snap)))

    def contract_on(self, deal: PadDeal, snap: str = "") -> int:
        """From a contract grid on: the contract, doubled?, declarer, tricks, honours, done.
        Returns the taps."""
        taps = 0
        if not deal.declarer:
            self.tap("[data-passed]")
            return 1
        self.tap(f"[data-contract='{deal.level}{deal.strain}']")
        taps += 1
        self.step("declarer")
        if deal.doubled:
            self.tap(f"[data-doubled='{deal.doubled}']")
            taps += 1
        if snap:
            self.fits("declarer")
            self.shoot(self.page, f"{snap}-declarer")
        self.tap(f"[data-seat={deal.declarer}]")
        taps += 1
        self.step("tricks")
        self.tap(f"[data-tricks='{deal.tricks}']")
        taps += 1
        if deal.honours != "none":
            self.tap(f"[data-honours='{deal.honours}']")
            taps += 1
        if snap:
            self.fits("tricks")
            self.shoot(self.page, f"{snap}-tricks")
        self.tap("[data-done]")
        return taps + 1

    def cut(self, where: str = "#pad") -> list[str]:
        """Every element of the screen whose box leaves the 390 px screen, or whose content
        is wider than its box (a word cut)."""
        found: list[str] = self.page.evaluate(CUT, where)
        return found

    def deals(self) -> int:
        return self.page.locator("#pad #deals li[data-deal]").count()

    def points(self, deal: int) -> tuple[int, int]:
        """What the drawn sheet gave each side on ``deal``."""
        found = self.page.locator(f"#pad #deals li[data-deal='{deal}'] .points")
        found.wait_for(state="attached")
        return int(found.get_attribute("data-ns") or ""), int(found.get_attribute("data-ew") or "")

    def totals(self) -> tuple[int, int]:
        ns = self.page.locator("#pad #total-ns").inner_text()
        ew = self.page.locator("#pad #total-ew").inner_text()
        return int(ns), int(ew)

    def wait_deals(self, count: int, drawn: bool = True) -> None:
        """Until the sheet shows ``count`` deals (drawn by the server, unless not)."""
        self.page.wait_for_function(
            "([n, drawn]) => document.querySelectorAll('#pad #deals li[data-deal]').length === n"
            " && (!drawn || (!document.querySelector('#waiting')"
            " && document.querySelectorAll('#pad #deals .points').length === n))",
            arg=[count, drawn],
        )

    def cells_within_screen(self) -> list[str]:
        width, bad = self.page.evaluate(REACHABLE, True)
        return [*([f"page {width} px wide"] if width > 390 else []), *bad]


PLAYERS = {"N": "Ana", "E": "Eero", "S": "Sofía", "W": "Wilma"}


@pytest.fixture
def pad(new_phone: Callable[..., Page], shoot: Shoot) -> Iterator[Pad]:
    page = new_phone()
    dialogs: list[str] = []
    errors: list[str] = []

    def dialog(shown: Dialog) -> None:
        dialogs.append(shown.message)
        shown.dismiss()

    def failed(error: Error) -> None:
        errors.append(str(error))

    page.on("dialog", dialog)
    page.on("pageerror", failed)
    found = Pad(page, shoot)
    yield found
    assert not dialogs, dialogs
    assert not errors, errors


def cumulative(upto: int) -> tuple[int, int]:
    return (sum(ns for ns, _ in TEXT_PER_DEAL[:upto]), sum(ew for _, ew in TEXT_PER_DEAL[:upto]))


def test_the_spanish_rubber_entered_on_the_pad_reproduces_the_text(pad: Pad) -> None:
    pad.start("rubber", PLAYERS)
    for number, deal in enumerate(SPANISH_RUBBER, 1):
        pad.enter(deal, snap="pad-rubber" if number == 4 else "")
        pad.wait_deals(number)
        assert pad.points(number) == TEXT_PER_DEAL[number - 1], f"deal {number}"
        if number < len(SPANISH_RUBBER):
            assert pad.totals() == cumulative(number), f"after deal {number}"
            assert pad.page.locator("#pad #next").inner_text().startswith(f"Deal {number + 1}:")
        assert pad.cells_within_screen() == [], f"after deal {number}"
    # the last deal's bonus: "Bono de goma 500" to EW, and the text's totals
    assert pad.totals() == TEXT_TOTALS
    assert pad.page.locator("#pad td.bonus[data-side=EW] .pts").inner_text() == "500"
    # NS's 70 of deal 1 is cut by EW's game on deal 2; the line under each game
    assert pad.page.locator("#pad td.cut[data-deal='1'][data-side=NS]").inner_text() == "70"
    assert pad.page.locator("#pad tr.game-line").count() == 3
    assert "EW win the rubber" in pad.page.locator("#pad #status").inner_text()
    pad.shoot(pad.page, "pad-rubber-over")
    assert pad.misfits == []
    # the taps each deal took, from the sheet to the sheet drawn again
    undoubled = max(t for deal, t in pad.taps if not deal.doubled and deal.honours == "none")
    doubled = max(t for deal, t in pad.taps if deal.doubled)
    honours = max(t for deal, t in pad.taps if deal.honours != "none")
    print(f"pad taps per deal: undoubled {undoubled}, doubled {doubled}, with honours {honours}")
    assert undoubled <= 4
    assert doubled <= 5
    assert honours <= 5


def test_a_reload_mid_rubber_keeps_every_deal(pad: Pad) -> None:
    pad.start("rubber", PLAYERS)
    for number, deal in enumerate(SPANISH_RUBBER[:3], 1):
        pad.enter(deal)
        pad.wait_deals(number)
    pad.page.reload()
    pad.step("sheet")
    pad.wait_deals(3)
    assert pad.totals() == cumulative(3)
    assert [pad.points(n) for n in (1, 2, 3)] == TEXT_PER_DEAL[:3]


def test_an_offline_stretch_keeps_every_deal(pad: Pad) -> None:
    pad.start("rubber", PLAYERS)
    for number, deal in enumerate(SPANISH_RUBBER[:2], 1):
        pad.enter(deal)
        pad.wait_deals(number)
    # the service worker has the pad by now (it is installed on the first visit)
    pad.page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready"
    )
    pad.page.context.set_offline(True)
    for number, deal in enumerate(SPANISH_RUBBER[2:4], 3):
        pad.enter(deal)
        pad.wait_deals(number, drawn=False)
        assert pad.page.locator("#pad #waiting").is_visible()
    pad.shoot(pad.page, "pad-offline")
    assert pad.deals() == 4
    pad.page.context.set_offline(False)
    pad.wait_deals(4)
    assert pad.totals() == cumulative(4)
    assert pad.points(4) == TEXT_PER_DEAL[3]


def test_undo_and_a_correction_of_deal_two_recompute_the_rest(pad: Pad) -> None:
    pad.start("rubber", PLAYERS)
    for number, deal in enumerate(SPANISH_RUBBER[:3], 1):
        pad.enter(deal)
        pad.wait_deals(number)
    pad.tap("[data-undo]")
    pad.wait_deals(2)
    assert pad.totals() == cumulative(2)
    pad.enter(SPANISH_RUBBER[2])
    pad.wait_deals(3)
    assert pad.points(3) == (200, 0)  # EW vulnerable after their game: two down, 200
    # deal 2 was 3♥ +1, not 4♥: no game for EW, so not vulnerable on deal 3: 100 for two down
    pad.enter(PadDeal("W", "3", "H", tricks=10), correct=2)
    pad.page.wait_for_function(
        "() => document.querySelector(\"#pad #deals li[data-deal='3'] .points\")"
        "?.dataset.ns === '100'"
    )
    assert pad.points(2) == (0, 90 + 30)  # 90 below, 30 for the overtrick above
    assert pad.totals() == (100 + 100, 120)
    assert pad.page.locator("#pad tr.game-line").count() == 0
    assert "nobody vulnerable" in pad.page.locator("#pad #next").inner_text()


def test_a_refused_deal_changes_nothing_and_says_why(pad: Pad) -> None:
    pad.start("rubber", PLAYERS)
    pad.enter(SPANISH_RUBBER[0])
    pad.wait_deals(1)
    pad.enter(PadDeal("S", "3", "NT", tricks=9, honours="NS-100"))
    error = pad.page.locator("#pad #pad-error")
    assert "at notrump only the four aces in one hand count" in error.inner_text()
    pad.page.locator("#pad nav button.back").click()  # back from the tricks step
    pad.step("declarer")
    pad.page.goto("/pad/")
    pad.step("sheet")
    assert pad.deals() == 1


def test_a_chicago_and_a_damaged_saved_game(pad: Pad) -> None:
    pad.start("chicago", PLAYERS)
    for number, deal in enumerate(
        [PadDeal("N", "2", "H", tricks=8), PadDeal("S", "2", "S", tricks=8)], 1
    ):
        pad.enter(deal)
        pad.wait_deals(number)
    # "Bridgen pistelasku": each deal on its own, 110 a partscore made
    assert pad.totals() == (220, 0)
    assert pad.cells_within_screen() == []
    pad.page.evaluate(
        """() => {
        const ids = JSON.parse(localStorage.getItem('bridgescore-pad-games'));
        localStorage.setItem('bridgescore-pad-game-damaged', '{"kind": "rubb');
        localStorage.setItem('bridgescore-pad-games', JSON.stringify([...ids, 'damaged']));
    }"""
    )
    pad.page.reload()
    pad.step("sheet")
    pad.tap("[data-games]")
    pad.step("games")
    assert pad.page.locator("#pad [data-broken=damaged]").is_visible()
    assert pad.page.locator("#pad li[data-game]").count() == 1
    # the evening's running totals: each player's side's result
    assert pad.page.locator("#pad tr[data-player='Ana'] td.num").inner_text() == "+220"
    assert pad.page.locator("#pad tr[data-player='Wilma'] td.num").inner_text() == "-220"
    pad.fits("games")
    pad.shoot(pad.page, "pad-games")
    assert pad.misfits == []


FINNISH_CHICAGO = (
    # "Bridgen pistelasku" (/work/shared/seeds/000_10e1ad72fd91f756.txt): its worked examples
    # ("Esimerkkejä") played where their vulnerability falls in its schedule (deal 1 nobody,
    # 2 the dealer's opponents NS, 3 EW, 4 everybody), then a second Chicago
    (PadDeal("N", "1", "C", tricks=7), (70, 0)),  # '1 risti kotiin 7 tikillä ... = 70'
    (PadDeal("S", "1", "NT", tricks=9), (150, 0)),  # '1 sangi ... 9 tikillä, vaara... = 150'
    (PadDeal("E", "3", "NT", tricks=9), (0, 600)),  # '3 sangia ... 9 tikillä, vaara... = 600'
    (PadDeal("W", "2", "C", "XX", tricks=9), (0, 1160)),  # '2 ristiä vastakahdennettuna ... 1160'
    (PadDeal("E", "1", "C", tricks=7), (0, 70)),
    # '1 sangi vastakahdennettuna ... 13 tikillä': the text's 3120 is a slip for 3160
    (PadDeal("N", "1", "NT", "XX", tricks=13), (3160, 0)),
    (PadDeal("W", "7", "NT", "XX", tricks=0), (7600, 0)),  # '7 sangia ... 13 pietiä ... 7600'
    (PadDeal("S", "6", "S", tricks=13), (1460, 0)),  # '6 pataa kotiin 13 tikillä ... 1460'
)


def test_the_finnish_chicago_on_the_pad_in_finnish(pad: Pad, server: Server) -> None:
    pad.page.context.add_cookies([{"name": COOKIE, "value": "fi", "url": server.url}])
    pad.start("chicago", PLAYERS)
    for number, (deal, points) in enumerate(FINNISH_CHICAGO, 1):
        if number == 5:
            # the end of the first Chicago: its score, who won, and the same players again
            ended = pad.page.locator("#pad #ended")
            assert "Chicago 1 päättyi" in ended.inner_text()
            assert pad.page.locator("#pad #winner").inner_text() == (
                "Eero & Wilma voittavat 1540 pisteellä"
            )
            # the same players go on: the next Chicago's first deal on the grid, at once
            assert "Uusi Chicago, samat pelaajat" in ended.inner_text()
            assert pad.page.locator("#pad #next").inner_text().startswith("Chicago 2, jako 1:")
            assert pad.bottom("#contracts") <= 844  # on the first screen
            pad.shoot(pad.page, "pad-chicago-over-fi")
        pad.enter(deal)
        pad.wait_deals(number)
        assert pad.points(number) == points, f"deal {number}"
    # the evening's totals, the library's: both Chicagos
    assert pad.totals() == (220 + 12220, 1760 + 70)
    assert "Chicago 2 päättyi" in pad.page.locator("#pad #ended").inner_text()
    assert pad.cells_within_screen() == []
    # a correction, and back (honours are not asked in a Chicago scored each deal on its own)
    pad.tap("[data-correct='1']")
    deal_screen(pad, PadDeal("N", "3", "NT", tricks=9))
    pad.wait_deals(8)
    assert pad.points(1) == (400, 0)  # 3NT made, nobody vulnerable: 100 + 300
    pad.tap("[data-correct='1']")
    deal_screen(pad, FINNISH_CHICAGO[0][0])
    pad.page.wait_for_function(
        "() => document.querySelector(\"#pad #deals li[data-deal='1'] .points\")"
        "?.dataset.ns === '70'"
    )
    # shared, the sheet is the same: each Chicago with its subtotal and winner
    pad.tap("[data-share]")
    pad.step("share")
    link = pad.page.locator("#share-link").get_attribute("href")
    assert link is not None
    shared = pad.page.context.new_page()
    shared.goto(link)
    subtotals = shared.locator("tr.round-total td:first-child").all_inner_texts()
    assert subtotals == [
        "Chicago 1: IL voittaa 1540 pisteellä",
        "Chicago 2: PE voittaa 12150 pisteellä",
    ]
    assert (shared.locator("#total-ns").inner_text(), shared.locator("#total-ew").inner_text()) == (
        "12440",
        "1830",
    )
    assert english_left(shared.content(), "fi") == []
    cut: list[str] = shared.evaluate(CUT, ".pad.shared")
    assert cut == []
    pad.shoot(shared, "pad-shared-chicago-fi")
    shared.close()
    pad.page.locator("#pad nav button.back").click()
    pad.step("sheet")
    pad.tap("[data-games]")
    pad.step("games")
    assert pad.page.locator("#pad tr[data-player='Ana'] td.num").inner_text() == "+10610"
    assert pad.page.locator("#pad tr[data-player='Eero'] td.num").inner_text() == "-10610"
    assert pad.misfits == []


def deal_screen(pad: Pad, deal: PadDeal) -> None:
    """Tap in a deal from its contract grid on (the deal screen already open)."""
    pad.step("contract")
    pad.contract_on(deal)


def test_a_damaged_saved_game_is_reported_in_spanish(pad: Pad, server: Server) -> None:
    pad.page.context.add_cookies([{"name": COOKIE, "value": "es", "url": server.url}])
    pad.start("rubber", PLAYERS)
    pad.enter(SPANISH_RUBBER[0])
    pad.wait_deals(1)
    pad.page.evaluate(
        """() => {
        const ids = JSON.parse(localStorage.getItem('bridgescore-pad-games'));
        localStorage.setItem('bridgescore-pad-game-roto', '[1, 2');
        localStorage.setItem('bridgescore-pad-games', JSON.stringify([...ids, 'roto']));
    }"""
    )
    pad.page.reload()
    pad.step("sheet")
    pad.tap("[data-games]")
    pad.step("games")
    said = pad.page.locator("#pad [data-broken=roto]").inner_text()
    assert "No se pudo leer una partida guardada (roto); las demás se conservan." in said
    assert pad.page.locator("#pad li[data-game]").count() == 1
    assert pad.page.locator("#pad tr[data-player='Sofía'] td.num").inner_text() == "+100"


NEXT_RUBBER = (
    # the same four play on after the text's rubber: 1♥ by N one down (EW 50), 3NT by S made
    # (NS 100 below, a game), 4♠ by N made (NS's second game, EW none: 700)
    PadDeal("N", "1", "H", tricks=6),
    PadDeal("S", "3", "NT", tricks=9),
    PadDeal("N", "4", "S", tricks=10),
)
NATURAL_WIDTH = "(img) => img.complete ? img.naturalWidth : -1"


def test_the_shared_page_is_the_sheet_of_both_rubbers_and_its_qr_code_draws(pad: Pad) -> None:
    pad.start("rubber", PLAYERS)
    for number, deal in enumerate(SPANISH_RUBBER, 1):
        pad.enter(deal)
        pad.wait_deals(number)
    # the rubber is over: the same players go on, and the next deal is the second rubber's 1
    assert pad.page.locator("#pad #next").inner_text().startswith("Rubber 2, deal 1:")
    assert "Next rubber, same players" in pad.page.locator("#pad #ended").inner_text()
    for number, deal in enumerate(NEXT_RUBBER, 7):
        pad.enter(deal)
        pad.wait_deals(number)
    # the second rubber's first deal took no more taps than any other
    assert [t for _deal, t in pad.taps[-3:]] == [4, 4, 4]
    deals = pad.page.locator("#pad #deals li[data-deal='7'] button").inner_text()
    assert deals.startswith("Rubber 2, deal 1: 1♥N-1")
    assert pad.totals() == (920, 50)  # the second rubber: 100 + 120 + 700, and 50
    pad.within("the second rubber over")
    pad.tap("[data-share]")
    pad.step("share")
    qr = pad.page.locator("#pad img.qr")
    qr.wait_for()
    pad.page.wait_for_function("() => document.querySelector('#pad img.qr').complete")
    width = qr.evaluate(NATURAL_WIDTH)
    print(f"pad QR code: natural width {width} px")
    assert width > 0
    link = pad.page.locator("#share-link").get_attribute("href")
    assert link is not None
    shared = pad.page.context.new_page()
    shared.goto(link)
    # the same drawing, read-only: each rubber with its result and bonus, and the evening
    assert (
        "Rubber 1: EW win by 870" in shared.locator("details[data-rubber='1'] summary").inner_text()
    )
    assert shared.locator("td.bonus[data-side=EW] .pts").first.inner_text() == "500"
    assert shared.locator("td.bonus[data-side=NS] .pts").first.inner_text() == "700"
    assert shared.locator("#total-ns").inner_text() == "920"
    assert shared.locator("#evening-ns").inner_text() == "1690"  # 770 + 920
    assert shared.locator("#evening-ew").inner_text() == "1690"  # 1640 + 50
    assert shared.locator(
        "details[data-rubber='1'] td.above[data-deal='4'] small"
    ).first.is_visible()
    shared.wait_for_function("() => document.querySelector('#qr').complete")
    assert shared.locator("#qr").evaluate(NATURAL_WIDTH) > 0
    cut: list[str] = shared.evaluate(CUT, ".pad.shared")
    assert cut == []
    pad.shoot(shared, "pad-shared-two-rubbers")
    shared.close()
    assert pad.misfits == []


def test_the_evening_counts_the_rubber_and_the_chicago(pad: Pad) -> None:
    pad.start("rubber", {"N": "Nora", "E": "Eero", "S": "Sofía", "W": "Wilma"})
    # 3NT by S made, 4♠ by N made: NS two games to none, 100 + 120 + 700 = 920
    for number, deal in enumerate([PadDeal("S", "3", "NT", tricks=9),
                                   PadDeal("N", "4", "S", tricks=10)], 1):  # fmt: skip
        pad.enter(deal)
        pad.wait_deals(number)
    assert pad.totals() == (920, 0)
    pad.tap("[data-games]")
    pad.step("games")
    # a Chicago after it, the players in other seats: 1NT by E made with two over, 150 to EW
    pad.start("chicago", {"N": "Sofía", "E": "Nora", "S": "Eero", "W": "Wilma"})
    pad.enter(PadDeal("E", "1", "NT", tricks=9))
    pad.wait_deals(1)
    assert pad.totals() == (0, 150)
    pad.tap("[data-games]")
    pad.step("games")
    pad.page.locator("#pad #evening").wait_for()
    # The line kept from the last answer shows until the server's new one arrives.
    pad.page.wait_for_function(
        "() => document.querySelector('#pad #evening-title')?.innerText === 'This evening: 2 games'"
    )
    shown = {
        name: pad.page.locator(f"#pad tr[data-player='{name}'] td.num").inner_text()
        for name in ("Nora", "Eero", "Sofía", "Wilma")
    }
    assert shown == {"Nora": "+1070", "Eero": "-1070", "Sofía": "+770", "Wilma": "-770"}
    pad.within("games")
    pad.shoot(pad.page, "pad-evening")
    assert pad.misfits == []


@pytest.mark.parametrize(
    ("language", "we", "they", "undoubled", "status"),
    [
        ("fi", "Me", "IL", "Kahdentamaton", "Täyspelit"),
        ("es", "Nosotros", "EO", "Sin doblar", "Mangas"),
    ],
)
def test_the_pad_in_finnish_and_spanish_fits_and_we_may_be_east_west(
    pad: Pad, server: Server, language: str, we: str, they: str, undoubled: str, status: str
) -> None:
    pad.page.context.add_cookies([{"name": COOKIE, "value": language, "url": server.url}])
    pad.page.goto("/pad/")
    pad.step("games")
    pad.tap("[data-new=chicago]")
    pad.step("setup")
    pad.within(f"{language} Chicago set-up")  # the law sets' names, the variants' buttons
    pad.shoot(pad.page, f"pad-chicago-setup-{language}")
    pad.page.locator("#pad nav button.back").click()
    pad.tap("[data-new=rubber]")
    pad.step("setup")
    for seat, name in PLAYERS.items():
        pad.page.fill(f"#pad input[data-seat={seat}]", name)
    pad.tap("[data-choice=we][data-value=EW]")  # Eero and Wilma keep the score
    pad.within(f"{language} rubber set-up")
    pad.tap("[data-start]")
    pad.step("sheet")
    pad.enter(SPANISH_RUBBER[3], snap=f"pad-{language}")  # 4♠X by S, five tricks over
    pad.wait_deals(1)
    assert pad.points(1) == (390, 0)
    # the doubling keys were on the declarer screen, each word whole
    pad.tap("[data-correct='1']")
    pad.step("contract")
    pad.tap("[data-contract='4S']")
    pad.step("declarer")
    assert pad.page.locator("#pad [data-doubled='-']").inner_text() == undoubled
    pad.fits(f"{language} declarer")
    pad.page.locator("#pad nav button.back").click()
    pad.page.locator("#pad nav button.back").click()
    pad.step("sheet")
    # We are East-West: our column first, in the language's letters
    head = pad.page.locator("#pad #sheet thead th").first.inner_text()
    assert head.split() == [we, they]
    first_total = pad.page.locator("#pad #sheet tfoot th").first
    assert first_total.get_attribute("id") == "total-ew"
    assert status in pad.page.locator("#pad #status").inner_text()
    assert pad.page.locator("#pad #contracts button").count() == 35
    pad.within(f"{language} sheet")
    english = {"sheet": english_left(pad.page.content(), language)}
    # the declarer and tricks screens, the shared page and the games: no English on any
    pad.tap("[data-contract='3NT']")
    pad.step("declarer")
    english["declarer"] = english_left(pad.page.content(), language)
    pad.tap("[data-seat=W]")
    pad.step("tricks")
    english["tricks"] = english_left(pad.page.content(), language)
    pad.fits(f"{language} tricks")
    pad.tap("[data-tricks='8']")
    pad.tap("[data-done]")
    pad.wait_deals(2)
    # a passed-out deal: one tap on the small link under the grid, written as players write it
    pad.tap("[data-passed]")
    pad.wait_deals(3)
    passed = pad.page.locator("#pad #deals li[data-deal='3'] button").inner_text()
    assert passed.startswith({"fi": "Jako 3: Passi", "es": "Mano 3: Paso"}[language])
    pad.tap("[data-share]")
    pad.step("share")
    english["share"] = english_left(pad.page.content(), language)
    pad.within(f"{language} share")
    link = pad.page.locator("#share-link").get_attribute("href")
    assert link is not None
    shared = pad.page.context.new_page()
    shared.goto(link)
    english["shared page"] = english_left(shared.content(), language)
    cut: list[str] = shared.evaluate(CUT, ".pad.shared")
    pad.misfits.extend(f"{language} shared page: {c}" for c in cut)
    assert shared.locator("#sheet thead th").first.inner_text().split() == [we, they]
    pad.shoot(shared, f"pad-shared-{language}")
    shared.close()
    pad.page.locator("#pad nav button.back").click()
    pad.step("sheet")
    pad.tap("[data-games]")
    pad.step("games")
    pad.page.locator("#pad #evening").wait_for()
    english["games"] = english_left(pad.page.content(), language)
    pad.within(f"{language} games")
    pad.shoot(pad.page, f"pad-games-{language}")
    assert {screen: found for screen, found in english.items() if found} == {}
    assert pad.misfits == []


def test_switching_the_language_draws_the_sheet_again(pad: Pad, server: Server) -> None:
    pad.start("rubber", PLAYERS)
    pad.enter(SPANISH_RUBBER[0])
    pad.wait_deals(1)
    assert "Games: NS 0, EW 0" in pad.page.locator("#pad #status").inner_text()
    pad.page.context.add_cookies([{"name": COOKIE, "value": "es", "url": server.url}])
    pad.page.reload()
    pad.step("sheet")
    pad.page.wait_for_function(
        "() => (document.querySelector('#pad #status')?.textContent || '').includes('Mangas')"
    )
    assert pad.page.locator("#pad #sheet thead th").first.inner_text().split()[0] == "Nosotros"
    deal = pad.page.locator("#pad #deals li[data-deal='1'] button").inner_text()
    assert deal.startswith("Mano 1: 2STN+1")


def test_a_chicago_without_honours_never_asks_for_them(pad: Pad) -> None:
    pad.start("chicago", PLAYERS)
    pad.tap("[data-contract='4S']")
    pad.step("declarer")
    pad.tap("[data-seat=N]")
    pad.step("tricks")
    assert pad.page.locator("#pad [data-honours]").count() == 0
    pad.tap("[data-tricks='10']")
    pad.tap("[data-done]")
    pad.wait_deals(1)
    assert pad.points(1) == (420, 0)
