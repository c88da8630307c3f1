"""Published results in Finnish and Spanish with no English left (issue 17).

Each real file's site is written in English and in the language, and every page read as a
reader sees it (every text node); no word of the English page's own vocabulary (its words
that are not the file's data: names, ids, numbers, contracts, holdings) may show on the
translated page (see ``_visible``). A catalogue that forgets one header fails the check.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _visible import Forgetful, english_left, visible_text

from bridgescore.events.model import Event
from bridgescore.i18n import Language, Words, words
from bridgescore.io.events import load_event
from bridgescore.report import build_site

DATA = Path(__file__).parents[1] / "io" / "data"

FILES = [
    pytest.param(DATA / "usebio" / "payload_mp-pairs.xml", id="matchpoints"),
    pytest.param(DATA / "pbn" / "magic_contest_butler.pbn", id="butler"),
    pytest.param(DATA / "usebio" / "cross_imp_howell.xml", id="cross-imps"),
    pytest.param(DATA / "usebio" / "payload_individual.xml", id="individual"),
    pytest.param(DATA / "usebio" / "payload_multiple-teams.xml", id="teams"),
    pytest.param(DATA / "usebio" / "payload_point-a-board.xml", id="board-a-match"),
    pytest.param(DATA / "pbn" / "ruter_team.pbn", id="match-table"),
]
"""Real files of every kind the report lays out: pairs at matchpoints, butler and
cross-IMPs (with hand records), an individual, teams at IMPs and board-a-match, and a
match table with no boards (Ruter's, its VPs checked against the scale)."""


def _data(event: Event) -> set[str]:
    """What the file names: the event, its site, the participants and their players (and
    the VP scale's registered name, ``wbf``, a name in every language)."""
    names = {event.name, event.site, "wbf"}
    for p in event.participants:
        names |= {p.id, *p.names}
    for row in event.results.rows:
        names |= {row.ns, row.ew}
    return names


def _site(event: Event, language: Words | str, out: Path) -> dict[str, list[str]]:
    build_site(event, out, language=language)
    return {p.name: visible_text(p.read_text(encoding="utf-8")) for p in out.glob("*.html")}


def _left(event: Event, language: Words | str, tmp_path: Path) -> dict[str, list[str]]:
    """The English left on each page of the site in ``language``."""
    code = words(language).language.value
    english = _site(event, "en", tmp_path / "en")
    translated = _site(event, language, tmp_path / code)
    assert translated.keys() == english.keys()
    data = _data(event)
    found = {
        page: english_left(english[page], translated[page], code, data) for page in sorted(english)
    }
    return {page: nodes for page, nodes in found.items() if nodes}


@pytest.mark.parametrize("language", ["fi", "es"])
@pytest.mark.parametrize("path", FILES)
def test_no_english_left_on_the_published_pages(path: Path, language: str, tmp_path: Path) -> None:
    assert _left(load_event(path), language, tmp_path) == {}


@pytest.mark.parametrize(
    ("path", "forgotten", "where"),
    [
        (DATA / "usebio" / "payload_mp-pairs.xml", "Place", "index.html"),
        (DATA / "usebio" / "payload_mp-pairs.xml", "Traveller", "board-1.html"),
        (DATA / "usebio" / "payload_multiple-teams.xml", "Swing", "board-1.html"),
    ],
)
def test_one_header_left_in_english_is_found(
    path: Path, forgotten: str, where: str, tmp_path: Path
) -> None:
    forgetful = Words(Language.FI, Forgetful(words("fi").translation, forgotten))
    left = _left(load_event(path), forgetful, tmp_path)
    assert any(forgotten in node for node in left[where]), left[where]
    assert all(forgotten in node for nodes in left.values() for node in nodes)
