"""The director's file fields in the page's language (issue 28), in Debian's chromium on a
390 × 844 phone: chromium draws its own "Choose File" / "No file chosen" in the browser's
language whatever the page's, so every file field of the app (the new session's movement
file and hand records, the new teams session's hand records, the control page's hand
records) shows the page's own button and words instead, and the chosen file's name; the
native input stays (its name, accept and aria-describedby, focused from the keyboard with a
ring on the button, and posted as before), and without script it is shown as it is.
Screenshots under ``test-artefacts/screenshots/`` (``files-...``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from web.test_languages import COOKIE

from .conftest import PHONE, Server, Shoot, log_in

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.browser

HANDS = Path(__file__).parents[1] / "io" / "data" / "pbn" / "bridgewebs_hands.pbn"
"""A real club's hand records (24 deals, with their double-dummy figures)."""
WIDTH = PHONE["viewport"]["width"]

SAID = {
    "en": ("Choose a file", "No file chosen"),
    "fi": ("Valitse tiedosto", "Ei valittua tiedostoa"),
    "es": ("Seleccionar archivo", "Ningún archivo seleccionado"),
}
"""Each language's button and "no file" words (those chromium itself says in Finnish and
Spanish)."""
UPLOADED = {
    "en": "hand records uploaded",
    "fi": "jakotiedot ladattu",
    "es": "manos registradas subidas",
}
"""The control page's log line once new hand records are read."""
BROWSERS_OWN = ("Choose File", "No file chosen")
"""Chromium's own English words on a file input."""

BROKEN = """(e, word) => {
    // the lines a word of the element's text lies on (1: not broken)
    const text = e.firstChild;
    const at = text ? text.textContent.indexOf(word) : -1;
    if (at < 0) { return 0; }
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + word.length);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
}"""

FILE_FIELDS: dict[str, list[dict[str, str | None]]] = {
    "new-session": [
        {
            "name": "movement",
            "accept": ".json,.yaml,.yml,.csv,.txt,.bws,.pbn,.xml",
            "aria-describedby": "results-file",
        },
        {"name": "hands", "accept": ".pbn,.txt", "aria-describedby": None},
    ],
    "new-teams": [{"name": "hands", "accept": ".pbn,.txt", "aria-describedby": None}],
    "control": [{"name": "hands", "accept": ".pbn,.txt", "aria-describedby": None}],
}
"""The file inputs of each page, with the attributes the form posts them by."""


@pytest.fixture(params=["en", "fi", "es"])
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def _director(browser: Browser, server: Server, language: str, *, script: bool) -> Page:
    context = browser.new_context(base_url=server.url, java_script_enabled=script, **PHONE)
    context.set_default_timeout(10_000)
    context.add_cookies([{"name": COOKIE, "value": language, "url": server.url}])
    page = context.new_page()
    log_in(page)
    return page


@pytest.fixture
def director(browser: Browser, server: Server, language: str) -> Iterator[Page]:
    """The demo club's director, logged in, on a phone in ``language``."""
    page = _director(browser, server, language, script=True)
    yield page
    page.context.close()


def _within_the_screen(control: Locator) -> None:
    for part in (control, control.locator(".file-button"), control.locator(".file-name")):
        box = part.bounding_box()
        assert box is not None, part
        assert box["width"] > 0, box
        assert box["x"] >= 0, box
        assert box["x"] + box["width"] <= WIDTH + 0.5, box
    # no text runs past its own box (the hidden input's neither), nor is a name's word cut
    cut = control.evaluate(
        """c => [c, ...c.querySelectorAll('*')]
            .filter(e => e.scrollWidth > e.clientWidth + 1)
            .map(e => e.tagName + '.' + e.className + ' ' + e.scrollWidth + '>' + e.clientWidth)"""
    )
    assert cut == []
    name = control.locator(".file-name")
    assert name.evaluate(BROKEN, HANDS.stem.split("_")[0]) <= 1


def _fields_in_the_language(page: Page, page_name: str, language: str) -> list[Locator]:
    """The page's file fields, each checked: the native input kept with its attributes but
    hidden the accessible way, the page's own button and "no file" words shown, all within
    the screen; and none of chromium's own English anywhere on the page."""
    button, none = SAID[language]
    controls = page.locator(".file-pick").all()
    expected = FILE_FIELDS[page_name]
    assert len(controls) == len(expected) == page.locator("input[type=file]").count()
    for control, attributes in zip(controls, expected, strict=True):
        native = control.locator("input[type=file]")
        for attribute, value in attributes.items():
            assert native.get_attribute(attribute) == value, (page_name, attribute)
        box = native.bounding_box()
        assert box is not None
        assert box["width"] <= 1, box
        assert box["height"] <= 1, box
        assert control.locator(".file-button").inner_text() == button
        assert control.locator(".file-name").inner_text() == none
        assert control.inner_text().split() == f"{button} {none}".split()
        _within_the_screen(control)
    shown = page.locator("body").inner_text()
    assert BROWSERS_OWN[0] not in shown
    if language != "en":
        assert BROWSERS_OWN[1] not in shown
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    return controls


def _focus_ring(page: Page, control: Locator, before: str) -> None:
    """Tab from ``before`` reaches the native input, and its button shows the ring."""
    page.locator(before).focus()
    page.keyboard.press("Tab")
    native = control.locator("input[type=file]")
    assert native.evaluate("e => e === document.activeElement && e.matches(':focus-visible')")
    outline = control.locator(".file-button").evaluate(
        "e => [getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineWidth]"
    )
    assert outline == ["solid", "3px"], outline


def _chosen(control: Locator) -> None:
    """The file's name is shown in place of the "no file" words."""
    assert control.locator(".file-name").inner_text() == HANDS.name
    _within_the_screen(control)


def test_the_file_fields_in_the_language(director: Page, language: str, shoot: Shoot) -> None:
    director.goto("/director/new/")
    movement, hands = _fields_in_the_language(director, "new-session", language)
    shoot(director, f"files-{language}-new-session")
    _focus_ring(director, hands, "textarea[name=names]")
    shoot(director, f"files-{language}-new-session-focused")
    # the visible button opens the file chooser (it is the input's label)
    with director.expect_file_chooser() as chooser:
        hands.locator(".file-button").click()
    chooser.value.set_files(HANDS)
    _chosen(hands)
    assert movement.locator(".file-name").inner_text() == SAID[language][1]
    shoot(director, f"files-{language}-new-session-chosen")
    director.locator("input[name=name]").fill(f"Files {language}")
    director.locator("input[name=typed_spec]").fill("mitchell:3x2")
    director.locator("form.stack button.big").click()
    director.wait_for_url(re.compile(r".*/director/s/\d+/$"))
    control_page = director.url

    (hands,) = _fields_in_the_language(director, "control", language)
    log = director.locator("table.log")
    uploads = log.inner_text().count(UPLOADED[language])
    hands.locator("input[type=file]").set_input_files(HANDS)
    _chosen(hands)
    director.locator("#hands").scroll_into_view_if_needed()
    shoot(director, f"files-{language}-control-chosen")
    with director.expect_navigation():
        hands.locator("xpath=ancestor::form").locator("button").click()
    assert director.url == control_page
    assert director.locator("#hands ~ .error").count() == 0
    assert log.inner_text().count(UPLOADED[language]) == uploads + 1
    _fields_in_the_language(director, "control", language)  # none chosen again
    shoot(director, f"files-{language}-control")

    director.goto("/director/new/teams/?teams=4")
    (hands,) = _fields_in_the_language(director, "new-teams", language)
    shoot(director, f"files-{language}-new-teams")
    hands.locator("input[type=file]").set_input_files(HANDS)
    _chosen(hands)
    shoot(director, f"files-{language}-new-teams-chosen")


def test_without_script_the_browsers_own_field_posts_the_file(
    browser: Browser, server: Server, shoot: Shoot
) -> None:
    director = _director(browser, server, "fi", script=False)
    director.goto("/director/new/")
    for control in director.locator(".file-pick").all():
        assert not control.locator(".file-button").is_visible()
        assert not control.locator(".file-name").is_visible()
        box = control.locator("input[type=file]").bounding_box()
        assert box is not None
        assert box["width"] > 1, box
        assert box["x"] >= 0, box
        assert box["x"] + box["width"] <= WIDTH + 0.5, box
    assert director.evaluate("document.documentElement.scrollWidth") <= WIDTH
    shoot(director, "files-no-script-new-session")
    director.locator("input[name=name]").fill("Files without script")
    director.locator("input[name=typed_spec]").fill("mitchell:3x2")
    director.locator("input[name=hands]").set_input_files(HANDS)
    director.locator("form.stack button.big").click()
    director.wait_for_url(re.compile(r".*/director/s/\d+/$"))
    log = director.locator("table.log")
    uploads = log.inner_text().count(UPLOADED["fi"])
    director.locator("input[name=hands]").set_input_files(HANDS)
    with director.expect_navigation():
        director.locator("form[action$='/hands/'] button").click()
    assert log.inner_text().count(UPLOADED["fi"]) == uploads + 1
    director.context.close()
