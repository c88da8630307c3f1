"""Published results and the CLI in Finnish and Spanish (issue 17), on a real Ruter file.

The words come from the shared ``django`` catalogue through gettext. The mechanism is tested
with a small in-memory catalogue (so it holds whatever the real catalogue says today); one
test reads the real catalogue and is skipped only while it does not translate the headers.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli.main import cli
from bridgescore.i18n import DOMAIN, LOCALE_DIR, Language, Words, words
from bridgescore.io.events import load_event
from bridgescore.report import build_site
from bridgescore.report.view import build_report

SM1 = Path(__file__).parents[1] / "io" / "data" / "pbn" / "ruter_sm1.pbn"
"""Ruter 4.9.1.3's SM-parikilpailu, session 1 (Finland, 2014; see tests/io/data/pbn)."""

FINNISH = {
    "Place": "Sija",
    "Pair": "Pari",
    "Names": "Nimet",
    "Ranking": "Tulokset",
    "Board": "Jako",
    "Score card": "Pistekortti",
    "North": "Pohjoinen",
    "Dealer": "Jakaja",
    "Vul": "Vaarassa",
}
FINNISH_CONTEXT = {("contract", "NT"): "SA", ("seat letter", "S"): "E"}


class _Catalogue(gettext.NullTranslations):
    """A catalogue in memory: what the other engineer's .po will say, for the mechanism."""

    def __init__(self, messages: dict[str, str], context: dict[tuple[str, str], str]) -> None:
        super().__init__()
        self.messages = messages
        self.context = context

    def gettext(self, message: str) -> str:
        return self.messages.get(message, message)

    def pgettext(self, context: str, message: str) -> str:
        return self.context.get((context, message), message)


def _finnish() -> Words:
    return Words(Language.FI, _Catalogue(FINNISH, FINNISH_CONTEXT))


def _site(tmp_path: Path, language: Words | str) -> dict[str, str]:
    event = load_event(SM1)
    build_site(event, tmp_path, language=language)
    return {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.html")}


def test_the_finnish_site_takes_its_words_from_the_catalogue(tmp_path: Path) -> None:
    site = _site(tmp_path, _finnish())
    index = site["index.html"]
    assert '<html lang="fi">' in index
    for word in ("Sija", "Pari", "Nimet", "Tulokset"):
        assert f">{word}<" in index
    # the winners' percentage with a decimal comma (Ruter's own figure: 59.58 %)
    assert re.search(r"Lasse Bergroth, Mikko Nieminen</td>.*?>59,58<", index, re.S)
    assert "4.10.2014" in index  # [EventDate "2014.10.04"], read as 2014-10-04
    board = site["board-1.html"]
    assert "Jakaja" in board
    assert "Pohjoinen" in board
    assert "6NTE+1" in board  # 6NTS+1 in Finnish notation: notrump NT, South etelä


def test_the_spanish_site_writes_decimal_commas_and_its_date(tmp_path: Path) -> None:
    site = _site(tmp_path, "es")
    assert '<html lang="es">' in site["index.html"]
    assert ">59,58<" in site["index.html"]
    assert "4/10/2014" in site["index.html"]


def test_english_is_unchanged(tmp_path: Path) -> None:
    site = _site(tmp_path, "en")
    assert '<html lang="en">' in site["index.html"]
    assert ">59.58<" in site["index.html"]
    assert ">Place<" in site["index.html"]
    assert "2014-10-04" in site["index.html"]


def test_the_report_is_built_for_a_language_not_a_process() -> None:
    event = load_event(SM1)
    finnish = build_report(event, language=_finnish())
    english = build_report(event)
    assert finnish.index.tables[0].header[:3] == ("Sija", "Pari", "Nimet")
    assert english.index.tables[0].header[:3] == ("Place", "Pair", "Names")


def _catalogue_translates(language: str, message: str) -> bool:
    found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)
    return found.gettext(message) != message


@pytest.mark.parametrize("language", ["fi", "es"])
def test_the_real_catalogue_translates_the_headers(tmp_path: Path, language: str) -> None:
    if not _catalogue_translates(language, "Place"):
        pytest.skip(f"the {language} catalogue does not translate 'Place' yet (makemessages)")
    table = build_report(load_event(SM1), language=language).index.tables[0]
    assert table.header[0] == words(language).gettext("Place") != "Place"


def test_cli_event_in_finnish_has_decimal_commas() -> None:
    run = CliRunner().invoke(cli, ["--lang", "fi", "event", str(SM1)])
    assert run.exit_code == 0, run.output
    assert "59,58" in run.output
    assert "59.58" not in run.output


def test_cli_report_lang_writes_the_finnish_site(tmp_path: Path) -> None:
    # (the deals' analysis left out: the language is the point, not the solver's 66 deals)
    command = ["report", str(SM1), "--html", str(tmp_path), "--lang", "fi", "--no-analysis"]
    run = CliRunner().invoke(cli, command)
    assert run.exit_code == 0, run.output
    assert '<html lang="fi">' in (tmp_path / "index.html").read_text(encoding="utf-8")


def test_cli_lang_refuses_a_language_it_does_not_speak() -> None:
    run = CliRunner().invoke(cli, ["--lang", "de", "event", str(SM1)])
    assert run.exit_code == 2
