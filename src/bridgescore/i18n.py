"""The languages results are published in, and what each one changes: words and numbers.

One catalogue serves the reports, the command line and the web app: gettext's domain
``django`` in ``bridgescore/locale/<language>/LC_MESSAGES/`` (compiled by Django's
``makemessages``/``compilemessages``, read here with the standard library's
:mod:`gettext`, so neither the reports nor the CLI import Django). English is the source
text: until a catalogue translates a message, it shows in English.

A report is laid out *for* a language (:func:`words`), never for a process-wide setting:
the same process may publish the Finnish site and the Spanish one.

>>> Language.parse("fi_FI.UTF-8"), Language.parse("es"), Language.parse("English")
(Language.FI, Language.ES, Language.EN)
>>> words("en").figure(59.58), words("fi").figure(59.58), words("es").figure(-2.5)
('59.58', '59,58', '-2,5')
>>> words("en").date("2014.10.05"), words("fi").date("2014.10.05"), words("es").date("2014-10-05")
('2014.10.05', '5.10.2014', '5/10/2014')
"""

from __future__ import annotations

import datetime as dt
import gettext as _gettext
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Final

from bridgescore.core.contract import Contract, PassedOut, TableResult
from bridgescore.core.hands import Card, Rank
from bridgescore.core.notation import Notation, notation_for
from bridgescore.core.seats import SEAT_NAMES, Seat
from bridgescore.core.strains import Doubling, Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.errors import BridgeInputError
from bridgescore.errors import marked as _

DOMAIN: Final = "django"
"""The catalogue's gettext domain: the one the web app's Django reads too."""

LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


class Language(StrEnum):
    """A language results are published in; the value is its ISO 639-1 code."""

    EN = "en"
    FI = "fi"
    ES = "es"

    @property
    def decimal(self) -> str:
        """The decimal separator its writers use: ``59.58`` in English, ``59,58`` else."""
        return _DECIMAL_SEPARATORS[self]

    @classmethod
    def parse(cls, text: str) -> Language:
        """``'fi'``, ``'fi_FI.UTF-8'``, ``'es-ES'``, ``'Finnish'``, ``'suomi'``... (any case)."""
        folded = text.strip().lower()
        code = re.split(r"[_.@-]", folded, maxsplit=1)[0]
        found = _LANGUAGES.get(code) or _LANGUAGES.get(folded)
        if found is None:
            raise LanguageError(
                _("{text!r}: not a language bridgescore speaks; use en, fi or es", text=text)
            )
        return found

    def __repr__(self) -> str:
        return f"Language.{self.name}"


class LanguageError(BridgeInputError):
    """A language asked for that bridgescore does not publish in."""


_DECIMAL_SEPARATORS: Final = {
    language: "." if language is Language.EN else "," for language in Language
}
"""Each language's decimal separator, looked up (not worked out) for every figure shown."""

_LANGUAGES: Final[Mapping[str, Language]] = {
    "en": Language.EN, "english": Language.EN, "c": Language.EN, "posix": Language.EN,
    "fi": Language.FI, "finnish": Language.FI, "suomi": Language.FI,
    "es": Language.ES, "spanish": Language.ES, "español": Language.ES, "espanol": Language.ES,
}  # fmt: skip


def language_from_environment(environ: Mapping[str, str] | None = None) -> Language:
    """The user's language as gettext finds it (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``; ``LANGUAGE`` may list several, the first spoken here wins), else English."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            try:
                return Language.parse(part)
            except LanguageError:
                continue
        if name != "LANGUAGE":
            return Language.EN  # a locale is set and it is not ours: the source text
    return Language.EN


def vulnerability_name(
    vulnerability: Vulnerability, pgettext: Callable[[str, str], str] | None = None
) -> str:
    """Who is vulnerable, as a board's header says it (``None``, ``NS``, ``EW``, ``Both``;
    ``Ei kukaan``, ``Nadie``...) in ``pgettext``'s language (English without one)."""
    if pgettext is None:
        pgettext = _source_text
    return {
        Vulnerability.NONE: pgettext("vulnerable", "None"),
        Vulnerability.NS: pgettext("vulnerable", "NS"),
        Vulnerability.EW: pgettext("vulnerable", "EW"),
        Vulnerability.BOTH: pgettext("vulnerable", "Both"),
    }[vulnerability]


def _source_text(_context: str, message: str) -> str:
    return message


def seat_name(seat: Seat, gettext: Callable[[str], str] | None = None) -> str:
    """A seat's name in ``gettext``'s language (``North``, ``Pohjoinen``, ``Norte``)."""
    return SEAT_NAMES[seat].render(gettext)


def gettext_noop(message: str) -> str:
    """Mark a message for the catalogue where it is written; it is translated where shown."""
    return message


_DATE = re.compile(r"^\s*(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})\s*$")


@dataclass(frozen=True, slots=True, eq=False)
class Words:
    """What a language changes in published results: its messages (``gettext``,
    ``pgettext``, ``ngettext`` from the shared catalogue), its decimal separator and how
    it writes a date. Built once per language (:func:`words`) and passed down."""

    language: Language
    translation: _gettext.NullTranslations

    @property
    def gettext(self) -> Callable[[str], str]:
        return self.translation.gettext

    def pgettext(self, context: str, message: str) -> str:
        return self.translation.pgettext(context, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translation.ngettext(singular, plural, n)

    @property
    def decimal(self) -> str:
        return self.language.decimal

    @property
    def notation(self) -> Notation:
        """How the language writes contracts and results (seat and strain letters...)."""
        return notation_for(self.language.value)

    def contract_spoken(self, contract: Contract | PassedOut) -> str:
        """A contract in words: ``4 corazones doblado por Oeste``, ``passed out``."""
        if isinstance(contract, PassedOut):
            return self.gettext("passed out")
        return _contract_spoken(self, contract)

    def card_spoken(self, card: Card) -> str:
        """A card in words: ``the ace of hearts``, ``el as de corazones``, ``herttaässä``."""
        suit = {
            Strain.CLUBS: self.pgettext("card's suit", "clubs"),
            Strain.DIAMONDS: self.pgettext("card's suit", "diamonds"),
            Strain.HEARTS: self.pgettext("card's suit", "hearts"),
            Strain.SPADES: self.pgettext("card's suit", "spades"),
        }[card.suit]
        said = {
            Rank.ACE: self.gettext("the ace of {suit}"),
            Rank.KING: self.gettext("the king of {suit}"),
            Rank.QUEEN: self.gettext("the queen of {suit}"),
            Rank.JACK: self.gettext("the jack of {suit}"),
            Rank.TEN: self.gettext("the ten of {suit}"),
        }.get(card.rank) or self.gettext("the {rank} of {suit}")
        return said.format(suit=suit, rank=int(card.rank))

    def spoken(self, result: TableResult, points: int | None = None) -> str:
        """A result in words, as a player says it back: ``4 corazones doblados por Oeste,
        cumplido: 120``; ``points`` (declarer's score), when given, after a colon."""
        said = _spoken(self, result)
        if points is None:
            return said
        return self.gettext("{result}: {points}").format(result=said, points=points)

    def figure(self, text: str | float) -> str:
        """A figure already written (``'59.58'``) with the language's decimal separator."""
        shown = str(text)
        return shown if self.language is Language.EN else shown.replace(".", ",")

    def date(self, text: str) -> str:
        """A file's date (``2014.10.05``, ``2014-10-05``) as the language writes it:
        ``5.10.2014`` in Finnish, ``5/10/2014`` in Spanish; English, and anything that is
        not a plain date, as given."""
        if self.language is Language.EN:
            return text
        found = _DATE.match(text)
        if found is None:
            return text
        try:
            day = dt.date(int(found[1]), int(found[2]), int(found[3]))
        except ValueError:
            return text
        sep = "." if self.language is Language.FI else "/"
        return f"{day.day}{sep}{day.month}{sep}{day.year}"


def _spoken(w: Words, result: TableResult) -> str:
    contract = result.contract
    if isinstance(contract, PassedOut):
        return w.gettext("passed out")
    said = _contract_spoken(w, contract)
    diff = result.difference
    if diff == 0:
        outcome = w.gettext("made exactly")
    elif diff > 0:
        outcome = w.ngettext(
            "made with {count} overtrick", "made with {count} overtricks", diff
        ).format(count=diff)
    else:
        outcome = w.ngettext("{count} down", "{count} down", -diff).format(count=-diff)
    return w.gettext("{contract}, {outcome}").format(contract=said, outcome=outcome)


def _contract_spoken(w: Words, contract: Contract) -> str:
    n = contract.level
    said = {
        Strain.CLUBS: w.ngettext("{level} club", "{level} clubs", n),
        Strain.DIAMONDS: w.ngettext("{level} diamond", "{level} diamonds", n),
        Strain.HEARTS: w.ngettext("{level} heart", "{level} hearts", n),
        Strain.SPADES: w.ngettext("{level} spade", "{level} spades", n),
        Strain.NOTRUMP: w.ngettext("{level} notrump", "{level} notrump", n),
    }[contract.strain].format(level=n)
    if contract.doubling is Doubling.DOUBLED:
        said = w.gettext("{contract} doubled").format(contract=said)
    elif contract.doubling is Doubling.REDOUBLED:
        said = w.gettext("{contract} redoubled").format(contract=said)
    if contract.declarer is not None:
        said = w.gettext("{contract} by {declarer}").format(
            contract=said, declarer=seat_name(contract.declarer, w.gettext)
        )
    return said


ENGLISH: Final = Words(Language.EN, _gettext.NullTranslations())
"""The source text: what every report and table showed before there were languages."""


@lru_cache(maxsize=8)
def words(language: Words | Language | str | None = None) -> Words:
    """The words of ``language`` (a :class:`Language` or its name; ``None``: the
    environment's, see :func:`language_from_environment`; a :class:`Words` as it is, for
    a catalogue of one's own)."""
    if isinstance(language, Words):
        return language
    if language is None:
        chosen = language_from_environment()
    elif isinstance(language, Language):
        chosen = language
    else:
        chosen = Language.parse(language)
    if chosen is Language.EN:
        return ENGLISH
    found = _gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=[chosen.value], fallback=True
    )
    return Words(chosen, found)


__all__ = [
    "DOMAIN",
    "ENGLISH",
    "LOCALE_DIR",
    "Language",
    "LanguageError",
    "Words",
    "gettext_noop",
    "language_from_environment",
    "words",
]
