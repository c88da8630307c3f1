"""The web app in Finnish and Spanish: every page the escaping walk knows, read in each
language, shows none of the catalogue's English; the language switch is remembered; the
browser's ``Accept-Language`` chooses the first page's language; a session published in
Finnish is read in Finnish unless the reader chose another language."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from functools import cache

import polib
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern

from bridgescore.web.models import Session
from bridgescore.web.settings import LOCALE_PATHS
from bridgescore.web.urls import urlpatterns
from web.test_escaping import WALKS, Phone, _pairs_place, _params, _path, _swiss_place

LANGUAGES = ("fi", "es")
COOKIE = settings.LANGUAGE_COOKIE_NAME
LOCALE = LOCALE_PATHS[0]
REPORT_PAGES = {"results", "results_page", "table_cards"}
"""Pages drawn by the report's own templates (``bridgescore.report``), not the app's."""
_HOLE = re.compile(r"%\(\w+\)[sd]|\{[^{}]*\}")


@cache
def _english(language: str) -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    """The catalogue's English that a page in ``language`` must not show: the messages whose
    translation differs, whole (a text of the page equal to one), and those of three words
    or more with values in them, as patterns."""
    whole: set[str] = set()
    patterns = []
    for name in ("django", "djangojs"):
        po = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / f"{name}.po"))
        for entry in po.translated_entries():
            for source, text in _forms(entry):
                if source == text or "\n" in source or len(source) <= 2:  # N, NS, NT: as typed
                    continue
                source = source.replace("%%", "%")
                if not _HOLE.search(source):
                    whole.add(source)
                elif len(source.split()) >= 3:
                    parts = _HOLE.split(source)
                    patterns.append(re.compile(".+?".join(re.escape(p) for p in parts)))
    return frozenset(whole), tuple(patterns)


def _forms(entry: polib.POEntry) -> Iterator[tuple[str, str]]:
    if entry.msgid_plural:
        yield entry.msgid, entry.msgstr_plural[0]
        yield entry.msgid_plural, entry.msgstr_plural[1]
    else:
        yield entry.msgid, entry.msgstr


def _texts(page: str) -> list[str]:
    """What a reader sees of a page: its text between tags and the attributes read aloud or
    shown (placeholder, title, aria-label, alt), without scripts and styles."""
    page = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", page)
    shown = re.findall(r'\b(?:placeholder|title|aria-label|alt)="([^"]*)"', page)
    between = re.split(r"<[^>]*>", page)
    return [t for t in (" ".join(html.unescape(s).split()) for s in (*between, *shown)) if t]


def english_left(page: str, language: str) -> list[str]:
    """The catalogue's English found in ``page``."""
    whole, patterns = _english(language)
    found = []
    for text in _texts(page):
        bare = text.rstrip(".:;,")
        if text in whole or bare in whole:
            found.append(text)
        found += [text for p in patterns if p.search(text)]
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_shows_no_english_of_the_catalogue(
    language: str, session: Session, director: User, td: Client, phone: Phone
) -> None:
    """Every address the escaping walk reads with GET, as its reader (anyone, the table's
    phone, the director), in a pairs session and a Swiss under way."""
    td.cookies[COOKIE] = language
    wrong = []
    read = 0
    for place in (_pairs_place(session, director), _swiss_place(session, director)):
        readers = {"anyone": Client(), "director": td, "phone": phone(place.link)}
        for client in readers.values():
            client.cookies[COOKIE] = language
        for name, walk in WALKS.items():
            if "GET" not in walk.methods:
                continue
            (pattern,) = [p for p in urlpatterns if isinstance(p, URLPattern) and p.name == name]
            path = _path(pattern, _params(pattern, place))
            answer = readers[walk.reader].get(path)
            if "html" not in answer.get("Content-Type", "") or answer.status_code >= 300:
                continue
            read += 1
            page = answer.content.decode()
            if "<html" in page and name not in REPORT_PAGES:
                assert f'<html lang="{language}"' in page, (name, path)
            if name not in REPORT_PAGES:  # the report layer translates its own pages
                wrong += [f"{name} {path}: {text!r}" for text in english_left(page, language)]
    assert read > 25, f"the walk reads the app's pages ({read})"
    assert wrong == [], "\n".join(wrong[:40])


def test_the_check_finds_english_when_there_is_some(session: Session) -> None:
    page = Client().get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "No published results yet." in english_left(page, "fi")
    assert english_left(Client().get("/", HTTP_ACCEPT_LANGUAGE="fi").content.decode(), "fi") == []


def test_the_browsers_language_chooses_the_first_page(db: None) -> None:
    for accepted, said in (("fi-FI,fi;q=0.9,en;q=0.5", "Ei vielä julkaistuja tuloksia."),
                           ("es-ES,es;q=0.9", "Aún no hay resultados publicados."),
                           ("de-DE,de;q=0.9", "No published results yet.")):  # fmt: skip
        page = Client().get("/", HTTP_ACCEPT_LANGUAGE=accepted).content.decode()
        assert said in page, accepted


def test_the_switch_is_remembered(db: None) -> None:
    reader = Client()
    answer = reader.post("/language/", {"language": "es", "next": "/login/"},
                         HTTP_ACCEPT_LANGUAGE="fi")  # fmt: skip
    assert (answer.status_code, answer["Location"]) == (302, "/login/")
    assert reader.cookies[COOKIE].value == "es"
    assert reader.cookies[COOKIE]["max-age"] == settings.LANGUAGE_COOKIE_AGE
    page = reader.get("/", HTTP_ACCEPT_LANGUAGE="fi").content.decode()
    assert "Aún no hay resultados publicados." in page
    assert '<html lang="es">' in page
    assert 'value="es" lang="es" title="Español" aria-current="true"' in page


def test_a_session_published_in_finnish_is_read_in_finnish(
    session: Session, director: User
) -> None:
    _pairs_place(session, director)
    Session.objects.filter(pk=session.pk).update(language="fi", state=Session.State.PUBLISHED)
    path = f"/r/{session.public_id}/"
    english_browser = Client().get(path, HTTP_ACCEPT_LANGUAGE="en")
    assert english_browser.status_code == 200
    assert english_browser["Content-Language"] == "fi"
    chose = Client()
    chose.cookies[COOKIE] = "es"
    assert chose.get(path, HTTP_ACCEPT_LANGUAGE="fi")["Content-Language"] == "es"


def test_a_session_is_published_in_the_directors_language(session: Session, td: Client) -> None:
    td.cookies[COOKIE] = "fi"
    answer = td.post("/director/new/", {"pairs": "6", "boards": "18", "club": session.club_id,
                                        "name": "Tiistai", "spec": "mitchell:3x2",
                                        "date": "2026-03-03"})  # fmt: skip
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert Session.objects.get(name="Tiistai").language == "fi"
