"""Cards and the four hands of a board, with the PBN deal notation.

``N:AKQ2.JT9.876.543 ...`` gives the first seat's hand and then the others
clockwise, each as spades.hearts.diamonds.clubs; ``-`` is a hand not known.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from bridgescore.core._tokens import quote
from bridgescore.core.seats import SEAT_NAMES, Seat
from bridgescore.core.strains import Strain
from bridgescore.errors import BridgeInputError, Message, listed
from bridgescore.errors import marked as _


class DealError(BridgeInputError):
    """A deal that cannot be read or cannot be real (a card twice, 14 cards in a hand)."""


class Rank(IntEnum):
    """Card ranks, two low to ace high."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        folded = text.strip().upper()
        if folded == "10":
            return Rank.TEN
        if len(folded) != 1 or folded not in "23456789TJQKA":
            raise DealError(
                _("{text}: not a card rank; use 2-9, T (or 10), J, Q, K, A", text=quote(text))
            )
        return Rank("23456789TJQKA".index(folded) + 2)


SUITS: Final = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
"""The suits in the order a PBN hand lists them."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: a suit (clubs to spades) and a rank."""

    suit: Strain
    rank: Rank

    def __post_init__(self) -> None:
        if self.suit is Strain.NOTRUMP:
            raise DealError(_("a card's suit is clubs, diamonds, hearts or spades, not notrump"))

    def __str__(self) -> str:
        return f"{self.suit.letter}{self.rank.letter}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """``'SA'``, ``'♥T'``, ``'D10'``, ``'KS'``: the international notation's reading
        (:data:`bridgescore.core.notation.ENGLISH`); another language's:
        :meth:`bridgescore.core.notation.Notation.parse_card`."""
        from bridgescore.core.notation import ENGLISH  # the notation builds on these types

        return ENGLISH.parse_card(text)


_HAND_RE = re.compile(r"^[2-9TJQKA]*\.[2-9TJQKA]*\.[2-9TJQKA]*\.[2-9TJQKA]*$")


@dataclass(frozen=True, slots=True)
class Hands:
    """The four hands of a board; a hand may be unknown (``None``).

    Construction checks what can be checked: no card twice, at most 13 cards a
    hand. :attr:`is_complete` says whether all 52 cards are placed.
    """

    north: frozenset[Card] | None
    east: frozenset[Card] | None
    south: frozenset[Card] | None
    west: frozenset[Card] | None

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise DealError(listed(problems))

    def hand(self, seat: Seat) -> frozenset[Card] | None:
        return (self.north, self.east, self.south, self.west)[seat]

    def problems(self) -> list[Message]:
        """Every reason these hands cannot be a real deal."""
        out = []
        seen: Counter[Card] = Counter()
        for seat in Seat:
            cards = self.hand(seat)
            if cards is None:
                continue
            if len(cards) > 13:
                out.append(_("{seat} has {count} cards", seat=SEAT_NAMES[seat], count=len(cards)))
            seen.update(cards)
        twice = sorted(card for card, count in seen.items() if count > 1)
        if twice:
            out.append(_("{cards} in two hands", cards=", ".join(map(str, twice))))
        known = [self.hand(seat) for seat in Seat if self.hand(seat) is not None]
        if all(h is not None for h in (self.north, self.east, self.south, self.west)) and any(
            h is not None and len(h) != 13 for h in known
        ):
            counts = ", ".join(f"{s.letter} {len(self.hand(s) or ())}" for s in Seat)
            out.append(_("a full deal has 13 cards a hand ({counts})", counts=counts))
        return out

    @property
    def is_complete(self) -> bool:
        return all(
            h is not None and len(h) == 13 for h in (self.north, self.east, self.south, self.west)
        )

    @classmethod
    def from_pbn(cls, text: str) -> Hands:
        """Parse PBN deal notation: ``'N:AKQ.JT9.876.5432 ...'`` (``-`` for an unknown hand)."""
        stripped = text.strip()
        if len(stripped) < 2 or stripped[1] != ":":
            raise DealError(
                _("{text}: a PBN deal starts with the first seat, like N:", text=quote(text))
            )
        if stripped[0].upper() not in "NESW":
            raise DealError(_("{text}: a PBN deal starts with N:, E:, S: or W:", text=quote(text)))
        first = Seat.parse(stripped[0])
        parts = stripped[2:].split()
        if len(parts) != 4:
            raise DealError(
                _(
                    "{text}: a PBN deal has four hands, found {count}",
                    text=quote(text),
                    count=len(parts),
                )
            )
        hands: list[frozenset[Card] | None] = [None] * 4
        for offset, part in enumerate(parts):
            seat = Seat((first + offset) % 4)
            if part == "-":
                continue
            if not _HAND_RE.match(part.upper()):
                raise DealError(
                    _(
                        "{text}: {hand} is not a hand; write spades.hearts.diamonds.clubs"
                        " with ranks 2-9, T, J, Q, K, A",
                        text=quote(text),
                        hand=quote(part),
                    )
                )
            cards: list[Card] = []
            for suit, holding in zip(SUITS, part.upper().split("."), strict=True):
                cards.extend(Card(suit, Rank.parse(letter)) for letter in holding)
            if len(set(cards)) != len(cards):
                raise DealError(
                    _("{text}: {hand} lists a card twice", text=quote(text), hand=quote(part))
                )
            hands[seat] = frozenset(cards)
        try:
            return cls(*hands)
        except DealError as error:
            raise DealError(_("{text}: {error}", text=quote(text), error=error)) from None

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        """PBN deal notation starting with ``first`` (cards high to low in each suit)."""
        out = []
        for offset in range(4):
            cards = self.hand(Seat((first + offset) % 4))
            if cards is None:
                out.append("-")
                continue
            out.append(
                ".".join(
                    "".join(c.rank.letter for c in sorted(cards, reverse=True) if c.suit is suit)
                    for suit in SUITS
                )
            )
        return f"{first.letter}:{' '.join(out)}"

    def __str__(self) -> str:
        return self.to_pbn()
