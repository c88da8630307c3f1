"""Strains (the four suits and notrump) and doubling."""

from __future__ import annotations

from enum import IntEnum

from bridgescore.core._tokens import lookup, normalise, quote
from bridgescore.errors import DoublingError, StrainError
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
        what Spanish and Finnish players write: ``ST`` (sin triunfo), ``P`` (picas, pata),
        ``T`` (tréboles), the suits' names (``picas``, ``hertta``...). An initial that
        names two suits across the languages (``R``: ruutu or risti) is refused, naming both.
        See docs/laws.md, "Writing a contract"."""
        if isinstance(text, str):
            clash = _AMBIGUOUS.get(normalise(text))
            if clash is not None:
                raise StrainError(
                    _(
                        "{text}: not a strain on its own; it may be {clash}: write the"
                        " suit's letter (C, D, H, S) or symbol",
                        text=quote(text),
                        clash=clash,
                    )
                )
        return lookup(text, _STRAINS, what=_("strain"), error=StrainError, shown=_SHOWN)

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


_STRAINS: dict[str, Strain] = {
    "C": Strain.CLUBS, "♣": Strain.CLUBS, "CLUBS": Strain.CLUBS, "CLUB": Strain.CLUBS,
    "D": Strain.DIAMONDS, "♦": Strain.DIAMONDS, "♢": Strain.DIAMONDS, "DIAMONDS": Strain.DIAMONDS,
    "DIAMOND": Strain.DIAMONDS,
    "H": Strain.HEARTS, "♥": Strain.HEARTS, "♡": Strain.HEARTS, "HEARTS": Strain.HEARTS,
    "HEART": Strain.HEARTS,
    "S": Strain.SPADES, "♠": Strain.SPADES, "SPADES": Strain.SPADES, "SPADE": Strain.SPADES,
    "NT": Strain.NOTRUMP, "N": Strain.NOTRUMP, "NOTRUMP": Strain.NOTRUMP,
    "NOTRUMPS": Strain.NOTRUMP, "SA": Strain.NOTRUMP,
    # Spanish: picas, corazones, diamantes, tréboles, sin triunfo
    "P": Strain.SPADES, "PICAS": Strain.SPADES, "PICA": Strain.SPADES,
    "CORAZONES": Strain.HEARTS, "CORAZON": Strain.HEARTS, "CORAZÓN": Strain.HEARTS,
    "DIAMANTES": Strain.DIAMONDS, "DIAMANTE": Strain.DIAMONDS,
    "T": Strain.CLUBS, "TREBOLES": Strain.CLUBS, "TRÉBOLES": Strain.CLUBS,
    "TREBOL": Strain.CLUBS, "TRÉBOL": Strain.CLUBS,
    "ST": Strain.NOTRUMP, "SINTRIUNFO": Strain.NOTRUMP, "SINTRIUNFOS": Strain.NOTRUMP,
    # Finnish: pata, hertta, ruutu, risti, sangi
    "PATA": Strain.SPADES, "HERTTA": Strain.HEARTS, "RUUTU": Strain.DIAMONDS,
    "RISTI": Strain.CLUBS, "SANGI": Strain.NOTRUMP,
}  # fmt: skip
_AMBIGUOUS: dict[str, str] = {"R": "ruutu (♦, D) or risti (♣, C) in Finnish"}
"""Initials that stand for two suits in the languages accepted: refused, never guessed.
``C`` stays clubs (English; corazones, hearts, is written H or ♥), and ``D``, ``H``, ``P``
mean the same suit in every language that uses them."""
_SHOWN = _("C, D, H, S, NT or ♣ ♦ ♥ ♠ (also P, T, ST and the suits' Spanish and Finnish names)")
_DOUBLINGS = {
    "": Doubling.UNDOUBLED, "UNDOUBLED": Doubling.UNDOUBLED,
    "X": Doubling.DOUBLED, "*": Doubling.DOUBLED, "D": Doubling.DOUBLED,
    "DOUBLED": Doubling.DOUBLED,
    "XX": Doubling.REDOUBLED, "**": Doubling.REDOUBLED, "R": Doubling.REDOUBLED,
    "REDOUBLED": Doubling.REDOUBLED,
}  # fmt: skip
