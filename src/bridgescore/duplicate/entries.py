"""What one table's line on a board can be: a North-South score, an artificial adjusted
score, or a board not played.

An entry of a board is one of:

- an ``int``: the North-South score at that table;
- an :class:`Adjusted` score: an award for each side, either a code
  (``A+`` average plus, ``A`` average, ``A-`` average minus) or a fixed
  percentage for that pair; the sides need not balance (``A+/A-``, ``A+/A+``);
- :data:`NOT_PLAYED`: the board was not played at that table and no score is
  given to either side (the board drops out of those pairs' totals and tops).

What an award is worth is the matchpoint policy's choice
(:meth:`~bridgescore.duplicate.matchpoint_policies.MatchpointPolicy.award_percent`);
how a board of entries is scored is :mod:`bridgescore.duplicate.board_scoring`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Final, TypeAlias

from bridgescore.core._tokens import normalise
from bridgescore.duplicate.imps import DuplicateError
from bridgescore.errors import marked as _


class AdjustedScoreError(DuplicateError):
    """An adjusted score that cannot be read: an unknown code, a bad percentage."""


class AdjustedCode(StrEnum):
    """The three artificial adjusted scores of Law 12C2."""

    AVERAGE_PLUS = "A+"
    AVERAGE = "A"
    AVERAGE_MINUS = "A-"

    @classmethod
    def parse(cls, text: str | AdjustedCode) -> AdjustedCode:
        """``A+``, ``A``, ``A-`` (also ``Av+``, ``Ave-``, ``Avg``, ``average plus``...)."""
        if isinstance(text, AdjustedCode):
            return text
        if not isinstance(text, str):
            raise AdjustedScoreError(
                _(
                    "{text!r}: an adjusted score is written as text; {codes}",
                    text=text,
                    codes=_CODES,
                )
            )
        found = _CODE_WORDS.get(_fold_code(text))
        if found is None:
            raise AdjustedScoreError(
                _("{text!r}: not an adjusted score; {codes}", text=text, codes=_CODES)
            )
        return found

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"AdjustedCode.{self.name}"


_CODES: Final = _(
    "use A+ (average plus), A (average) or A- (average minus), or a percentage such as 45%; "
    "one for each side as A+/A- (also A+A- or A6040), or one for both"
)
_CODE_WORDS: Final = {
    "A+": AdjustedCode.AVERAGE_PLUS,
    "A": AdjustedCode.AVERAGE,
    "A-": AdjustedCode.AVERAGE_MINUS,
    "AVERAGEPLUS": AdjustedCode.AVERAGE_PLUS,
    "AVERAGE": AdjustedCode.AVERAGE,
    "AVERAGEMINUS": AdjustedCode.AVERAGE_MINUS,
}


def _fold_code(text: str) -> str:
    folded = text.strip().upper().replace("−", "-").replace("–", "-").replace(" ", "")
    return re.sub(r"^(AVERAGE|AVG|AVE|AV)(?=[+-]?$)", "A", folded)


Award: TypeAlias = AdjustedCode | Fraction
"""One side's adjusted score: a code, or a fixed percentage (0-100) for that pair."""

_PERCENT_RE = re.compile(r"^(\d+(?:\.\d+)?)%?$")


def parse_award(text: str | int | float | Decimal | Fraction | AdjustedCode) -> Award:
    """A code (``'A+'``) or a percentage (``45``, ``'45%'``, ``Fraction(91, 2)``)."""
    if isinstance(text, AdjustedCode):
        return text
    if isinstance(text, str):
        folded = _fold_code(text)
        if folded in _CODE_WORDS:
            return _CODE_WORDS[folded]
        match = _PERCENT_RE.match(folded)
        if match is None:
            raise AdjustedScoreError(
                _("{text!r}: not an adjusted score; {codes}", text=text, codes=_CODES)
            )
        return _percent(Fraction(match[1]), text)
    if isinstance(text, bool) or not isinstance(text, int | float | Decimal | Fraction):
        raise AdjustedScoreError(
            _("{text!r}: not an adjusted score; {codes}", text=text, codes=_CODES)
        )
    try:
        value = Fraction(str(text)) if isinstance(text, float) else Fraction(text)
    except (ValueError, ArithmeticError):
        raise AdjustedScoreError(
            _("{text!r}: an adjusted percentage is from 0 to 100", text=text)
        ) from None
    return _percent(value, text)


def _percent(value: Fraction, shown: object) -> Fraction:
    if not 0 <= value <= 100:
        raise AdjustedScoreError(_("{text!r}: an adjusted percentage is from 0 to 100", text=shown))
    return value


_ONE_AWARD: Final = r"(?:AVERAGE|AVG|AVE|AV|A)[+-]?|A\d+(?:\.\d+)?%?"
_TWO_AWARDS: Final = re.compile(f"({_ONE_AWARD})({_ONE_AWARD})")
"""Two awards written together: ``A+A-``, ``AVE+AVE-``, ``A60A40``, ``A60%A40%``."""


def _format_award(award: Award) -> str:
    if isinstance(award, AdjustedCode):
        return award.value
    text = (
        str(award)
        if award.denominator == 1
        else format(Decimal(award.numerator) / award.denominator, "f")
    )
    return f"{text}%"


@dataclass(frozen=True, slots=True)
class Adjusted:
    """An artificial adjusted score: one award for North-South and one for East-West.

    >>> Adjusted.parse("A+/A-")
    Adjusted(ns=AdjustedCode.AVERAGE_PLUS, ew=AdjustedCode.AVERAGE_MINUS)
    >>> str(Adjusted.parse("A6040")), str(Adjusted.parse("Ave"))
    ('60%/40%', 'A/A')
    """

    ns: Award
    ew: Award

    def __post_init__(self) -> None:
        object.__setattr__(self, "ns", parse_award(self.ns))
        object.__setattr__(self, "ew", parse_award(self.ew))

    @classmethod
    def parse(cls, text: str) -> Adjusted:
        """``A+/A-``, ``A+ A-``, ``A+A-``, ``A6040`` (USEBIO), ``60/40``, ``A60/A40``,
        ``A60A40``, ``A+/45%``; a single award (``A``, ``A+``, ``55%``) is given to both
        sides."""
        if not isinstance(text, str):
            raise AdjustedScoreError(
                _(
                    "{text!r}: an adjusted score is written as text; {codes}",
                    text=text,
                    codes=_CODES,
                )
            )
        folded = text.strip().upper().replace("−", "-").replace("–", "-")
        usebio = re.fullmatch(r"A(\d\d)(\d\d)", folded)
        if usebio:
            return cls(Fraction(int(usebio[1])), Fraction(int(usebio[2])))
        parts = [p for p in re.split(r"[\s/,;]+", folded) if p]
        if len(parts) == 1:
            codes = re.fullmatch(_TWO_AWARDS, parts[0])
            if codes:
                parts = [codes[1], codes[2]]
        try:
            if len(parts) == 1:
                award = parse_award(parts[0])
                return cls(award, award)
            if len(parts) == 2:  # a side's percentage also as A60 (A60/A40), not alone
                ns, ew = (re.sub(r"^A(?=\d)", "", part) for part in parts)
                return cls(parse_award(ns), parse_award(ew))
        except AdjustedScoreError:
            pass
        raise AdjustedScoreError(
            _("{text!r}: not an adjusted score; {codes}", text=text, codes=_CODES)
        )

    def __str__(self) -> str:
        return f"{_format_award(self.ns)}/{_format_award(self.ew)}"


@dataclass(frozen=True, slots=True)
class NotPlayed:
    """The board was not played at this table: no score for either side."""

    def __str__(self) -> str:
        return "NP"

    def __repr__(self) -> str:
        return "NotPlayed()"


NOT_PLAYED: Final = NotPlayed()

Entry: TypeAlias = int | Adjusted | NotPlayed
"""One table's line on a board: a NS score, an adjusted score, or not played."""

_NOT_PLAYED_WORDS = frozenset({"NP", "NOTPLAYED", "NOPLAY", "UNPLAYED"})
_SCORE_RE = re.compile(r"^[+-]?\d+$")


def parse_entry(text: str) -> Entry:
    """A traveller line's score: ``'420'``, ``'-50'``, ``'A+/A-'``, ``'A6040'``, ``'NP'``.

    >>> parse_entry("+420"), parse_entry("A+A-"), parse_entry("not played")
    (420, Adjusted(ns=AdjustedCode.AVERAGE_PLUS, ew=AdjustedCode.AVERAGE_MINUS), NotPlayed())
    """
    if not isinstance(text, str):
        raise AdjustedScoreError(_("{text!r}: a board entry is written as text", text=text))
    folded = text.strip().replace("−", "-").replace("–", "-")
    if _SCORE_RE.match(folded):
        return int(folded)
    if normalise(folded) in _NOT_PLAYED_WORDS:
        return NOT_PLAYED
    try:
        return Adjusted.parse(folded)
    except AdjustedScoreError:
        raise AdjustedScoreError(
            _(
                "{text!r}: not a board entry; write a NS score (420, -50), NP for not played, "
                "or an adjusted score: {codes}",
                text=text,
                codes=_CODES,
            )
        ) from None
