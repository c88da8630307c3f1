"""A deal as a score sheet records it: the table result and any honours.

One line of text per deal, the same in files, at the prompt and in
``str(deal)``::

    2NT N 9
    6D E = honours EW 150
    Pass
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bridgescore.core._tokens import quote
from bridgescore.core.contract import PassedOut, TableResult
from bridgescore.core.notation import ENGLISH, Notation, Reading, difference
from bridgescore.core.seats import Side
from bridgescore.errors import Message, SheetError
from bridgescore.errors import marked as _
from bridgescore.sheets.honours import Honours

_HONOURS_WORD = re.compile(r"\b(?:honou?rs?|honores|honöörit|honoorit)(?!\w)", re.IGNORECASE)
"""The word before honours on a sheet's line, in every language (honours, honöörit, honores)."""


def _no_declarer(text: str) -> Message:
    return _(
        "{text}: no declarer; write the declarer after the contract, like '4S N =' or '3NT S 10'",
        text=quote(text),
    )


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal on a sheet: the result (with its declarer) and any honours held.

    A sheet needs the declarer to know which side scores, so a contract
    without one is refused; a passed-out deal needs none.
    """

    result: TableResult
    honours: Honours | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.result, TableResult):
            raise SheetError(_("{result!r}: a deal needs a TableResult", result=self.result))
        if not self.result.passed_out and self.result.declarer is None:
            raise SheetError(_no_declarer(str(self.result)))
        if self.honours is not None:
            if not isinstance(self.honours, Honours):
                raise SheetError(
                    _("{honours!r}: honours are an Honours value or None", honours=self.honours)
                )
            self.honours.check(self.result.contract)

    @property
    def declarer_side(self) -> Side | None:
        """The side that played the contract; ``None`` when passed out."""
        return None if self.result.declarer is None else self.result.declarer.side

    @property
    def passed_out(self) -> bool:
        return self.result.passed_out

    @classmethod
    def parse(cls, text: str, notation: Notation = ENGLISH) -> Deal:
        """``'4SX S +1'``, ``'2NT N 9'``, ``'6D E = honours EW 150'``, ``'Pass'``; in
        ``notation``'s language ``'4C O = honores EO 100'`` (Spanish)."""
        return cls.read(text, notation)[0]

    @classmethod
    def read(cls, text: str, notation: Notation = ENGLISH) -> tuple[Deal, Reading]:
        """The deal, and how its result was read (which tokens the language read
        otherwise than English: show the deal back in words before keeping it)."""
        if not isinstance(text, str):
            raise SheetError(
                _("{text}: a deal is written as text, like '4S N ='", text=quote(text))
            )
        parts = _HONOURS_WORD.split(text, maxsplit=1)
        result_text = parts[0].strip()
        if not result_text:
            raise SheetError(
                _("{text}: no result before the honours; like '4H S ='", text=quote(text.strip()))
            )
        reading = notation.read(result_text)
        result = reading.result
        if not result.passed_out and result.declarer is None:
            raise SheetError(_no_declarer(result_text))
        honours = Honours.parse(parts[1], notation) if len(parts) > 1 else None
        return cls(result, honours), reading

    @classmethod
    def of(cls, deal: Deal | TableResult | str, honours: Honours | str | None = None) -> Deal:
        """A deal from a :class:`Deal`, a :class:`TableResult` or its text, plus honours."""
        if isinstance(honours, str):
            honours = Honours.parse(honours)
        if isinstance(deal, Deal):
            if honours is None:
                return deal
            return cls(deal.result, honours)
        if isinstance(deal, str):
            parsed = cls.parse(deal)
            return parsed if honours is None else cls(parsed.result, honours)
        return cls(deal, honours)

    def format(self, *, symbols: bool = False, notation: Notation = ENGLISH) -> str:
        """The line form: ``'4SX S +1'``, ``'6D E = honours EW 150'``, ``'Pass'``; in
        ``notation``'s language ``'4♥ O = honores EO 100'``. It parses back (with the
        same notation) to this deal."""
        contract = self.result.contract
        if isinstance(contract, PassedOut):
            return notation.passed
        assert contract.declarer is not None  # a sheet's deal has its declarer
        text = " ".join(
            (
                notation.contract(contract, symbols=symbols, declarer=False),
                notation.seat(contract.declarer),
                difference(self.result),
            )
        )
        if self.honours is not None:
            text += f" {notation.honours} {self.honours.format(notation)}"
        return text

    def __str__(self) -> str:
        return self.format()


def sheet_index(number: int, count: int, *, allow_end: bool = False) -> int:
    """The 0-based place of deal ``number`` on a sheet of ``count`` deals (``allow_end``:
    also just after the last, where a deal is put in); any other number is refused,
    saying which deals there are."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise SheetError(_("{number!r}: deals are numbered 1, 2, 3...", number=number))
    if not 1 <= number <= count + allow_end:
        if count:
            raise SheetError(
                _(
                    "deal {number}: no such deal on this sheet (deals: 1 to {last})",
                    number=number,
                    last=count,
                )
            )
        raise SheetError(
            _("deal {number}: no such deal on this sheet (deals: none yet)", number=number)
        )
    return number - 1
