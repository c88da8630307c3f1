"""Strains (the four suits and notrump) and doubling."""

from __future__ import annotations

from enum import IntEnum

from bridgescore.core._tokens import lookup
from bridgescore.errors import DoublingError
from bridgescore.errors import marked as _


class Strain(IntEnum):
    """The denomination of a contract, in bidding order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        """``C D H S NT``: the canonical text form."""
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def symbol(self) -> str:
        """``♣ ♦ ♥ ♠ NT``."""
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @property
    def is_major(self) -> bool:
        return self in (Strain.HEARTS, Strain.SPADES)

    @classmethod
    def parse(cls, text: str) -> Strain:
        """``'S'``, ``'♠'``, ``'spades'``, ``'NT'``, ``'N'``, ``'SA'``... (any case), and
        what Spanish and Finnish players write where it reads one way only: ``ST`` (sin
        triunfo), ``P`` (picas, pata), ``T`` (tréboles), the suits' names (``picas``,
        ``hertta``...); ``R`` (ruutu or risti) is refused, naming both. The international
        notation's reading (:data:`bridgescore.core.notation.ENGLISH`); another
        language's: :meth:`bridgescore.core.notation.Notation.parse_strain`."""
        from bridgescore.core.notation import ENGLISH  # the notation builds on these types

        return ENGLISH.parse_strain(text)

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Strain.{self.name}"


class Doubling(IntEnum):
    """Whether the contract was doubled or redoubled; the value is the number of X."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def mark(self) -> str:
        """``''``, ``'X'`` or ``'XX'``: the canonical text form."""
        return "X" * self.value

    @property
    def multiplier(self) -> int:
        """1, 2 or 4: what doubling does to contract points."""
        return 1 << self.value

    @classmethod
    def parse(cls, text: str) -> Doubling:
        """``''``, ``'X'``, ``'*'``, ``'XX'``, ``'**'``, ``'doubled'``..."""
        return lookup(
            text,
            _DOUBLINGS,
            what=_("doubling"),
            error=DoublingError,
            shown=_("nothing, X (or *) or XX"),
        )

    def __str__(self) -> str:
        return self.mark

    def __repr__(self) -> str:
        return f"Doubling.{self.name}"


_DOUBLINGS = {
    "": Doubling.UNDOUBLED, "UNDOUBLED": Doubling.UNDOUBLED,
    "X": Doubling.DOUBLED, "*": Doubling.DOUBLED, "D": Doubling.DOUBLED,
    "DOUBLED": Doubling.DOUBLED,
    "XX": Doubling.REDOUBLED, "**": Doubling.REDOUBLED, "R": Doubling.REDOUBLED,
    "REDOUBLED": Doubling.REDOUBLED,
}  # fmt: skip
