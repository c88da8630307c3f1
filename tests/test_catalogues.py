"""The Finnish and Spanish catalogues (``bridgescore/locale``): every string translated and
none fuzzy, every placeholder kept, and each committed ``.mo`` exactly what its ``.po``
compiles to (``scripts/messages --compile``), so the two cannot drift apart."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

LOCALE = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "locale"
LANGUAGES = ("fi", "es")
DOMAINS = ("django", "djangojs")
CATALOGUES = [LOCALE / lang / "LC_MESSAGES" / f"{d}.po" for lang in LANGUAGES for d in DOMAINS]
_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{[^{}]*\}")


def _ids(path: Path) -> str:
    return f"{path.parts[-3]}/{path.name}"


def _placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def test_every_language_has_both_catalogues() -> None:
    assert all(path.is_file() for path in CATALOGUES), CATALOGUES


@pytest.mark.parametrize("path", CATALOGUES, ids=_ids)
def test_every_string_is_translated_and_none_is_fuzzy(path: Path) -> None:
    po = polib.pofile(str(path))
    untranslated = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]
    assert (untranslated, fuzzy) == ([], [])
    assert len(po.translated_entries()) > 100  # the catalogue is the app's, not an empty file


@pytest.mark.parametrize("path", CATALOGUES, ids=_ids)
def test_every_translation_keeps_the_placeholders(path: Path) -> None:
    wrong = []
    for entry in polib.pofile(str(path)).translated_entries():
        if entry.msgid_plural:
            pairs = [(entry.msgid_plural, text) for text in entry.msgstr_plural.values()]
        else:
            pairs = [(entry.msgid, entry.msgstr)]
        wrong += [(source, text) for source, text in pairs
                  if _placeholders(source) != _placeholders(text)]  # fmt: skip
    assert wrong == []


@pytest.mark.parametrize("path", CATALOGUES, ids=_ids)
def test_the_committed_mo_is_what_the_po_compiles_to(path: Path) -> None:
    compiled = polib.pofile(str(path)).to_binary()
    assert path.with_suffix(".mo").read_bytes() == compiled, (
        f"{path.with_suffix('.mo')} is stale: run scripts/messages --compile"
    )


def test_the_cli_reads_the_one_catalogue() -> None:
    from bridgescore.cli import _i18n

    assert (_i18n.DOMAIN, _i18n.LOCALE_DIR) == ("django", LOCALE)
