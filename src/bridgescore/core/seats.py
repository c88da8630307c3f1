"""Seats at the table and the two sides."""

from __future__ import annotations

from enum import Enum, IntEnum

from bridgescore.core._tokens import lookup
from bridgescore.errors import SeatError


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
        return lookup(text, _SIDES, what="side", error=SeatError, shown="NS or EW")

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
        return lookup(text, _SEATS, what="seat", error=SeatError, shown="N, E, S or W")

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


_SEATS = {s.letter: s for s in Seat} | {s.name: s for s in Seat}
_SIDES = {"NS": Side.NS, "SN": Side.NS, "EW": Side.EW, "WE": Side.EW}
