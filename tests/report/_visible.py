"""What a reader sees on a page, and the English a translated page still shows.

A page is read as a browser shows it: every text node outside ``<style>`` and ``<script>``
(the ``<title>``, table cells, a QR code's SVG ``<title>`` included), whitespace folded.

English left on a page in another language is found by comparing it with the same page
laid out in English: every word of the English page that is not the file's own data (a
name, a number, a contract, a holding) is the report's vocabulary, and none of it may show
on the translated page, whole or inside a longer text. A word the catalogue translates as
itself (``Mitchell``, ``IMPs``, ``MP`` in Finnish) is the language's word too and allowed.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable
from functools import cache
from html.parser import HTMLParser

import polib

from bridgescore.i18n import LOCALE_DIR

_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
"""A word: letters, or letters joined by hyphens (``cross-IMPs``, ``board-a-match``)."""

_RESULT = re.compile(r"^[0-9AKQJTXNESWPILOHDC♠♥♦♣=+\-–/%.,: ]+$")
_RESULT_MARK = re.compile(r"[0-9♠♥♦♣=+\-%]")
_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{[^{}]*\}")
_SHORT = 2
"""A message of up to this many words is a header or a term, not a sentence."""
_HOLDING = re.compile(r"^(?:[AKQJ]|10|[2-9])+$|^—$")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.nodes: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if text and not self._hidden:
            self.nodes.append(text)


def visible_text(html: str) -> list[str]:
    """Every text node a reader sees, in order."""
    reader = _Text()
    reader.feed(html)
    reader.close()
    return reader.nodes


def words_of(text: str) -> set[str]:
    """The words of ``text`` of two letters or more (a lone letter is a seat, a card or a
    suit's initial), in any case."""
    return {w.casefold() for w in _WORD.findall(text) if len(w) > 1}


def is_data(node: str, data: Iterable[str]) -> bool:
    """Whether a text node is the file's (or the movement's) own: no word in it, a result
    or contract (``4♠E-1``, ``A+/A-``), a holding (``AQ10``), or made of ``data`` (names,
    ids, the event's name) with only figures and punctuation between them."""
    if not words_of(node):
        return True
    if _RESULT.match(node) and _RESULT_MARK.search(node):
        return True
    if _HOLDING.match(node):
        return True
    rest = node
    for item in sorted((d for d in data if d), key=len, reverse=True):
        rest = rest.replace(item, " ")
    return not words_of(rest)


@cache
def same_in(language: str) -> frozenset[str]:
    """The words the ``language`` catalogue keeps from the English: a message translated as
    itself (``MP``, ``IMPs``, ``Mitchell``), or a word a short message keeps (Spanish
    ``Dir.`` for ``Dir``, Finnish ``risti-IMPit (cross-IMPs)``): the translator's choice,
    never English left."""
    path = LOCALE_DIR / language / "LC_MESSAGES" / "django.po"
    same: set[str] = set()
    for entry in polib.pofile(str(path)).translated_entries():
        if entry.msgid_plural:
            texts = [(entry.msgid, entry.msgstr_plural.get(0, "")),
                     (entry.msgid_plural, entry.msgstr_plural.get(1, ""))]  # fmt: skip
        else:
            texts = [(entry.msgid, entry.msgstr)]
        for source, text in texts:
            kept = words_of(_PLACEHOLDER.sub(" ", source)) & words_of(_PLACEHOLDER.sub(" ", text))
            if source == text or len(_WORD.findall(_PLACEHOLDER.sub(" ", source))) <= _SHORT:
                same |= kept
    return frozenset(same | {"bridgescore"})


def english_left(
    english: Iterable[str], translated: Iterable[str], language: str, data: Iterable[str]
) -> list[str]:
    """The text nodes of ``translated`` that show a word of the ``english`` page's own
    vocabulary (its words that are not ``data`` and not the language's too)."""
    data = tuple(data)
    data_words = set().union(*(words_of(d) for d in data)) if data else set()
    vocabulary: set[str] = set()
    for node in english:
        if not is_data(node, data):
            vocabulary |= words_of(node)
    vocabulary -= same_in(language) | data_words
    return sorted(
        {node for node in translated if not is_data(node, data) and words_of(node) & vocabulary}
    )


class Forgetful(gettext.NullTranslations):
    """The real catalogue, but for one message it has forgotten (a check for English left
    must see it)."""

    def __init__(self, real: gettext.NullTranslations, forgotten: str) -> None:
        super().__init__()
        self.real, self.forgotten = real, forgotten

    def gettext(self, message: str) -> str:
        return message if message == self.forgotten else self.real.gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        return self.real.pgettext(context, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.real.ngettext(singular, plural, n)
