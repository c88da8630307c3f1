"""Contracts, the passed-out deal, and the result at one table.

Text forms are the ones players write on a traveller: ``4S``, ``4♠``, ``3NT``,
``3N``, ``4SX``, ``4S*``, ``4SXX``, with an optional declarer (``4SXN``,
``3NT S``), and for a result ``=``, ``+1``, ``-2`` or the tricks taken
(``4SXN-2``, ``3NT S 10``). ``Pass``/``AP`` is a passed-out deal. Every value
prints in one canonical form that parses back to an equal value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Final

from bridgescore.core._tokens import quote, small_int
from bridgescore.core.seats import Seat, Side
from bridgescore.core.strains import Doubling, Strain
from bridgescore.errors import ContractError, ResultError, StrainError
from bridgescore.errors import marked as _

BOOK: Final = 6
"""Tricks declarer must take before any count toward the contract."""

TRICKS_PER_DEAL: Final = 13

_PASS_WORDS = frozenset(
    {"PASS", "P", "AP", "ALLPASS", "PASSED", "PASSEDOUT", "PASSOUT", "PASSES", "PO"}
    | {"PASO", "TODOSPASAN"}  # Spanish: "paso", "todos pasan"
    | {"PASSI", "OHI"}  # Finnish: "passi", "ohi"
)
_CONTRACT_RE = re.compile(
    r"""^\s*
    (?P<level>\d+)\s*
    (?P<strain>NOTRUMPS?|SIN\s*TRIUNFOS?|SANGI|NT|SA|ST|N|CLUBS?|DIAMONDS?|HEARTS?|SPADES?
      |PICAS?|CORAZONES|CORAZ[OÓ]N|DIAMANTES?|TR[EÉ]BOL(?:ES)?|PATA|HERTTA|RUUTU|RISTI
      |[CDHSPTR♣♦♥♠♢♡])\s*
    (?P<doubling>XX|X|\*\*|\*)?\s*
    (?P<declarer>NORTH|EAST|SOUTH|WEST|[NESW](?![A-Z]))?\s*
    (?P<rest>.*?)\s*$""",
    re.VERBOSE,
)
_RESULT_RE = re.compile(r"^(?:(?P<made>=)|(?P<sign>[+-])\s*(?P<diff>\d+)|(?P<tricks>\d+))$")

_CONTRACT_HELP: Final = _(
    "write it like 4S, 4♠, 3NT, 4SX, 6HXX or Pass, optionally with a declarer (4SXN)"
)
_RESULT_HELP: Final = _(
    "add = for made exactly, +1 / -2 for over- or undertricks, or the tricks taken"
)


def _fold(text: str) -> str:
    return text.strip().upper().replace("-", "").replace(" ", "").replace("_", "")


@dataclass(frozen=True, slots=True)
class Spelling:
    """How a contract is written for a reader: the notrump word, the four seats' letters
    (North, East, South, West) and a passed-out deal. The default is the international
    text that parses back; a report in another language passes its own (``3SAP=``)."""

    notrump: str = "NT"
    seats: str = "NESW"
    passed: str = "Pass"


INTERNATIONAL: Final = Spelling()


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

    def format(
        self, *, symbols: bool = False, declarer: bool = True, spelling: Spelling = INTERNATIONAL
    ) -> str:
        """Text form; ``symbols=True`` writes suits as ♣ ♦ ♥ ♠; ``spelling`` another
        language's notrump and seat letters."""
        if spelling is INTERNATIONAL:
            strain = self.strain.symbol if symbols else self.strain.letter
            who = self.declarer.letter if declarer and self.declarer is not None else ""
        else:
            strain = (
                spelling.notrump
                if self.strain is Strain.NOTRUMP
                else (self.strain.symbol if symbols else self.strain.letter)
            )
            who = spelling.seats[self.declarer] if declarer and self.declarer is not None else ""
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

    def format(
        self, *, symbols: bool = False, declarer: bool = True, spelling: Spelling = INTERNATIONAL
    ) -> str:
        return spelling.passed

    def __str__(self) -> str:
        return "Pass"

    def __repr__(self) -> str:
        return "PassedOut()"


PASSED_OUT: Final = PassedOut()


def _split(text: str) -> tuple[Contract | PassedOut, str]:
    """Split text into its contract and whatever follows (the result)."""
    if not isinstance(text, str):
        raise ContractError(
            _(
                "{text}: a contract is written as text; {help}",
                text=quote(text),
                help=_CONTRACT_HELP,
            )
        )
    if _fold(text) in _PASS_WORDS:
        return PASSED_OUT, ""
    match = _CONTRACT_RE.match(text.upper())
    if match is None:
        raise ContractError(
            _("{text}: not a contract; {help}", text=quote(text), help=_CONTRACT_HELP)
        )
    level = small_int(match["level"])
    if not 1 <= level <= 7:
        raise ContractError(_("{text}: a contract's level is 1 to 7", text=quote(text)))
    try:
        strain = Strain.parse(match["strain"])
    except StrainError as error:
        raise ContractError(_("{text}: {error}", text=quote(text), error=error)) from None
    doubling = Doubling.parse(match["doubling"] or "")
    declarer = Seat.parse(match["declarer"]) if match["declarer"] else None
    if match["rest"][:1] in ("X", "*"):
        raise ContractError(
            _("{text}: a contract is undoubled, doubled (X) or redoubled (XX)", text=quote(text))
        )
    return Contract(level, strain, doubling, declarer), match["rest"]


def parse_contract(text: str) -> Contract | PassedOut:
    """Parse a contract or a passed-out deal (``'Pass'``, ``'AP'``)."""
    contract, rest = _split(text)
    if rest:
        raise ContractError(
            _(
                "{text}: unexpected {rest} after the contract; {help}",
                text=quote(text),
                rest=quote(rest),
                help=_CONTRACT_HELP,
            )
        )
    return contract


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
                    contract=self.contract,
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

    def format(self, *, symbols: bool = False, spelling: Spelling = INTERNATIONAL) -> str:
        """``'4SXN-2'``, ``'3NTS='``, ``'4♠+1'``, ``'Pass'`` (in ``spelling``'s words)."""
        if isinstance(self.contract, PassedOut):
            return spelling.passed
        diff = self.difference
        mark = "=" if diff == 0 else f"{diff:+d}"
        return f"{self.contract.format(symbols=symbols, spelling=spelling)}{mark}"

    def __str__(self) -> str:
        return self.format()

    @classmethod
    def parse(cls, text: str) -> TableResult:
        """Parse ``'4SXN-2'``, ``'3NT S 10'``, ``'4♠='``, ``'Pass'``..."""
        contract, rest = _split(text)
        if isinstance(contract, PassedOut):
            return cls(contract, None)
        compact = rest.strip()
        if not compact:
            raise ResultError(_("{text}: no result; {help}", text=quote(text), help=_RESULT_HELP))
        match = _RESULT_RE.match(compact)
        if match is None:
            raise ResultError(
                _(
                    "{text}: {rest} is not a result; {help}",
                    text=quote(text),
                    rest=quote(rest),
                    help=_RESULT_HELP,
                )
            )
        return cls(contract, _tricks(text, contract, match))


def _tricks(text: str, contract: Contract, match: re.Match[str]) -> int:
    name = contract.format(declarer=False)
    if match["made"]:
        return contract.tricks_needed
    if match["tricks"] is not None:
        tricks = small_int(match["tricks"])
        if tricks > TRICKS_PER_DEAL:
            raise ResultError(
                _("{text}: a deal has 13 tricks; tricks taken is 0 to 13", text=quote(text))
            )
        return tricks
    diff = small_int(match["diff"])
    if diff == 0:
        raise ResultError(_("{text}: write = for a contract made exactly", text=quote(text)))
    if match["sign"] == "+":
        most = TRICKS_PER_DEAL - contract.tricks_needed
        if diff > most:
            if most:
                raise ResultError(
                    _(
                        "{text}: {name} can make at most 13 tricks (at most +{most})",
                        text=quote(text),
                        name=name,
                        most=most,
                    )
                )
            raise ResultError(
                _(
                    "{text}: {name} can make at most 13 tricks; it cannot make an overtrick",
                    text=quote(text),
                    name=name,
                )
            )
        return contract.tricks_needed + diff
    if diff > contract.tricks_needed:
        raise ResultError(
            _(
                "{text}: {name} can go at most {most} down",
                text=quote(text),
                name=name,
                most=contract.tricks_needed,
            )
        )
    return contract.tricks_needed - diff


def parse_result(text: str) -> TableResult:
    """Shortcut for :meth:`TableResult.parse`."""
    return TableResult.parse(text)
