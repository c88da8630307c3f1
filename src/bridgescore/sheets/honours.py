"""Honours: four or five trump honours, or four aces at notrump, in one hand.

The Spanish text ("Bonificación u honores de honor"): 100 for four of the five
trump honours (A K Q J 10) in one hand, 150 for all five, or for the four aces
at notrump. Any player may hold them, dummy included, so either side can score
them, whatever happens to the contract.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bridgescore.core._tokens import quote, small_int
from bridgescore.core.contract import Contract, PassedOut
from bridgescore.core.notation import ENGLISH, Notation
from bridgescore.core.seats import Side
from bridgescore.core.strains import Strain
from bridgescore.errors import BridgeInputError, SheetError
from bridgescore.errors import marked as _
from bridgescore.laws.lawsets import LawSet

FOUR_HONOURS: Final = 100
FIVE_HONOURS: Final = 150


@dataclass(frozen=True, slots=True)
class Honours:
    """Honours claimed by ``side``: 100 or 150 as players call them.

    Whether they fit the contract (four aces only at notrump, none on a
    passed-out deal) is checked by :meth:`check`, which every sheet deal runs.
    """

    side: Side
    points: int

    def __post_init__(self) -> None:
        if not isinstance(self.side, Side):
            raise SheetError(
                _("honours {side!r}: honours belong to a Side (NS or EW)", side=self.side)
            )
        if isinstance(self.points, bool) or self.points not in (FOUR_HONOURS, FIVE_HONOURS):
            raise SheetError(
                _(
                    "honours {side} {points!r}: honours are 100 (four trump honours) or 150"
                    " (five trump honours, or four aces at notrump)",
                    side=self.side,
                    points=self.points,
                )
            )

    @classmethod
    def parse(cls, text: str, notation: Notation = ENGLISH) -> Honours:
        """``'EW 150'``, ``'NS 100'`` (side first, then the points); the side as
        ``notation``'s language writes it (``'EO 150'``, ``'IL 100'``)."""
        if not isinstance(text, str):
            raise SheetError(
                _("{text}: honours are written as text like 'EW 150'", text=quote(text))
            )
        words = text.split()
        if len(words) != 2 or not (words[1].isascii() and words[1].isdigit()):
            raise SheetError(
                _(
                    "honours {text}: write the side and the points, like 'EW 150'; honours are"
                    " 100 (four trump honours) or 150 (five trump honours, or four aces at"
                    " notrump)",
                    text=quote(text.strip()),
                )
            )
        try:
            side = notation.parse_side(words[0])
        except BridgeInputError as error:
            raise SheetError(
                _("honours {text}: {error}", text=quote(text.strip()), error=error)
            ) from None
        return cls(side, small_int(words[1]))

    def kind(self, strain: Strain) -> str:
        """What the hand held: four trump honours, five trump honours or four aces."""
        if strain is Strain.NOTRUMP:
            return "four aces"
        return "five trump honours" if self.points == FIVE_HONOURS else "four trump honours"

    def check(self, contract: Contract | PassedOut) -> None:
        """Raise :class:`SheetError` unless these honours can exist in ``contract``."""
        if isinstance(contract, PassedOut):
            raise SheetError(
                _("honours {honours}: a passed-out deal has no trumps and no honours", honours=self)
            )
        if contract.strain is Strain.NOTRUMP and self.points != FIVE_HONOURS:
            raise SheetError(
                _(
                    "honours {honours} at {contract}: at notrump only the four aces in one hand"
                    " count, for {points}",
                    honours=self,
                    contract=contract.format(declarer=False),
                    points=FIVE_HONOURS,
                )
            )

    def value(self, laws: LawSet) -> int:
        """The points the law set gives for these honours."""
        return laws.honours_five if self.points == FIVE_HONOURS else laws.honours_four

    def format(self, notation: Notation = ENGLISH) -> str:
        """``'EW 150'``; ``'EO 150'`` in Spanish, ``'IL 150'`` in Finnish."""
        return f"{notation.side(self.side)} {self.points}"

    def __str__(self) -> str:
        return self.format()
