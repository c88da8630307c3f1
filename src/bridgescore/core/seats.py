"""Seats at the table and the two sides."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum, IntEnum
from typing import Final

from bridgescore.core._tokens import lookup
from bridgescore.errors import Message, SeatError
from bridgescore.errors import marked as _


class Side(Enum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def opponents(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    @classmethod
    def parse(cls, text: str) -> Side:
        """``'NS'``, ``'N-S'``, ``'EW'``, ``'E/W'`` (any case)."""
        return lookup(text, _SIDES, what=_("side"), error=SeatError, shown=_("NS or EW"))

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Side.{self.name}"


class Seat(IntEnum):
    """A player's seat, numbered clockwise from North."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return "NESW"[self]

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def next(self) -> Seat:
        """The seat to the left, who deals, bids and plays next."""
        return Seat((self + 1) % 4)

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``'N'``, ``'north'``, ``'E'``... (any case)."""
        return lookup(text, _SEATS, what=_("seat"), error=SeatError, shown=_("N, E, S or W"))

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


_SEATS = {s.letter: s for s in Seat} | {s.name: s for s in Seat}
_SIDES = {"NS": Side.NS, "SN": Side.NS, "EW": Side.EW, "WE": Side.EW}

SEAT_NAMES: Final[Mapping[Seat, Message]] = {
    Seat.NORTH: _("North"), Seat.EAST: _("East"), Seat.SOUTH: _("South"), Seat.WEST: _("West"),
}  # fmt: skip
"""Each seat's name in a message, translated where the message is shown."""
