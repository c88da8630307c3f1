"""Contracts, the passed-out deal, and the result at one table.

Text forms are the ones players write on a traveller: ``4S``, ``4♠``, ``3NT``,
``3N``, ``4SX``, ``4S*``, ``4SXX``, with an optional declarer (``4SXN``,
``3NT S``), and for a result ``=``, ``+1``, ``-2`` or the tricks taken
(``4SXN-2``, ``3NT S 10``). ``Pass``/``AP`` is a passed-out deal. Every value
prints in one canonical form that parses back to an equal value.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

from bridgescore.core._tokens import quote
from bridgescore.core.seats import Seat, Side
from bridgescore.core.strains import Doubling, Strain
from bridgescore.errors import ContractError, ResultError
from bridgescore.errors import marked as _

BOOK: Final = 6
"""Tricks declarer must take before any count toward the contract."""

TRICKS_PER_DEAL: Final = 13


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract: level 1-7, strain, doubling, and (when known) declarer.

    Equality covers every field: ``4SX`` is not ``4S``, and ``4SN`` is not ``4SS``.
    """

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED
    declarer: Seat | None = None

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int):
            raise ContractError(
                _("{level!r}: a contract's level is a whole number, 1 to 7", level=self.level)
            )
        if not 1 <= self.level <= 7:
            raise ContractError(_("{level!r}: a contract's level is 1 to 7", level=self.level))
        if not isinstance(self.strain, Strain):
            raise ContractError(
                _("{strain!r}: a contract's strain is a Strain", strain=self.strain)
            )
        if not isinstance(self.doubling, Doubling):
            raise ContractError(
                _("{doubling!r}: a contract's doubling is a Doubling", doubling=self.doubling)
            )
        if self.declarer is not None and not isinstance(self.declarer, Seat):
            raise ContractError(
                _("{declarer!r}: a contract's declarer is a Seat or None", declarer=self.declarer)
            )

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take: the level plus the book of six."""
        return self.level + BOOK

    @property
    def is_small_slam(self) -> bool:
        return self.level == 6

    @property
    def is_grand_slam(self) -> bool:
        return self.level == 7

    @property
    def side(self) -> Side | None:
        """The declaring side, when the declarer is known."""
        return None if self.declarer is None else self.declarer.side

    def by(self, declarer: Seat | str | None) -> Contract:
        """The same contract with another (or no) declarer."""
        seat = Seat.parse(declarer) if isinstance(declarer, str) else declarer
        return replace(self, declarer=seat)

    def format(self, *, symbols: bool = False, declarer: bool = True) -> str:
        """The international text form; ``symbols=True`` writes suits as ♣ ♦ ♥ ♠. Another
        language's: :meth:`bridgescore.core.notation.Notation.contract`."""
        strain = self.strain.symbol if symbols else self.strain.letter
        who = self.declarer.letter if declarer and self.declarer is not None else ""
        return f"{self.level}{strain}{self.doubling.mark}{who}"

    def __str__(self) -> str:
        return self.format()

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse a contract such as ``'4SX'``, ``'3NT S'`` or ``'6♥XXN'`` (no result)."""
        found = parse_contract(text)
        if isinstance(found, PassedOut):
            raise ContractError(_("{text}: a passed-out deal has no contract", text=quote(text)))
        return found


@dataclass(frozen=True, slots=True)
class PassedOut:
    """A deal on which all four players passed: no contract, scores 0."""

    def format(self, *, symbols: bool = False, declarer: bool = True) -> str:
        return "Pass"

    def __str__(self) -> str:
        return "Pass"

    def __repr__(self) -> str:
        return "PassedOut()"


PASSED_OUT: Final = PassedOut()


def parse_contract(text: str) -> Contract | PassedOut:
    """Parse a contract or a passed-out deal (``'Pass'``, ``'AP'``) in the international
    notation (:data:`bridgescore.core.notation.ENGLISH`)."""
    return notation.ENGLISH.parse_contract(text)


@dataclass(frozen=True, slots=True)
class TableResult:
    """What happened at one table: the contract and the tricks declarer took.

    A passed-out deal has ``tricks=None``; a contract needs 0-13 tricks.
    """

    contract: Contract | PassedOut
    tricks: int | None

    def __post_init__(self) -> None:
        if isinstance(self.contract, PassedOut):
            if self.tricks is not None:
                raise ResultError(
                    _("Pass {tricks}: a passed-out deal has no tricks", tricks=self.tricks)
                )
            return
        if not isinstance(self.contract, Contract):
            raise ResultError(
                _("{contract!r}: a result needs a Contract or PASSED_OUT", contract=self.contract)
            )
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int):
            raise ResultError(
                _(
                    "{contract} {tricks!r}: tricks taken is a whole number, 0 to 13",
                    contract=self.contract,
                    tricks=self.tricks,
                )
            )
        if not 0 <= self.tricks <= TRICKS_PER_DEAL:
            raise ResultError(
                _(
                    "{contract} {tricks}: a deal has 13 tricks; tricks taken is 0 to 13",
                    contract=notation.notated(self.contract),
                    tricks=self.tricks,
                )
            )

    @property
    def passed_out(self) -> bool:
        return isinstance(self.contract, PassedOut)

    @property
    def declarer(self) -> Seat | None:
        return None if isinstance(self.contract, PassedOut) else self.contract.declarer

    @property
    def difference(self) -> int:
        """Tricks over (positive) or under (negative) the contract; 0 when passed out."""
        if isinstance(self.contract, PassedOut) or self.tricks is None:
            return 0
        return self.tricks - self.contract.tricks_needed

    @property
    def made(self) -> bool:
        return not self.passed_out and self.difference >= 0

    @property
    def overtricks(self) -> int:
        return max(self.difference, 0)

    @property
    def undertricks(self) -> int:
        return max(-self.difference, 0)

    def format(self, *, symbols: bool = False) -> str:
        """``'4SXN-2'``, ``'3NTS='``, ``'4♠+1'``, ``'Pass'``: the international notation
        (another language's: :meth:`bridgescore.core.notation.Notation.result`)."""
        return _result_text(self, symbols)

    def __str__(self) -> str:
        return self.format()

    @classmethod
    def parse(cls, text: str) -> TableResult:
        """Parse ``'4SXN-2'``, ``'3NT S 10'``, ``'4♠='``, ``'Pass'``... in the international
        notation (:data:`bridgescore.core.notation.ENGLISH`)."""
        return notation.ENGLISH.parse_result(text)


@lru_cache(maxsize=4096)
def _result_text(result: TableResult, symbols: bool) -> str:
    """:meth:`TableResult.format`, worked out once for each result (a value: equal results
    read the same); a session of 240 tables writes its few hundred kinds of result tens of
    thousands of times, on travellers and score cards."""
    if isinstance(result.contract, PassedOut):
        return "Pass"
    diff = result.difference
    mark = "=" if diff == 0 else f"{diff:+d}"
    return f"{result.contract.format(symbols=symbols)}{mark}"


def parse_result(text: str) -> TableResult:
    """Shortcut for :meth:`TableResult.parse`."""
    return TableResult.parse(text)


# The notation reads and writes these types, so it is imported once they exist (a module
# attribute looked up when a text is parsed, whichever of the two modules loads first).
from bridgescore.core import notation  # noqa: E402
