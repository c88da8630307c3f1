"""How large a movement bridgescore builds when asked for one by its size: a spec
(:meth:`~bridgescore.events.movements.spec.MovementSpec.parse`) or a field to suggest
movements for (:func:`~bridgescore.events.movements.suggest.suggest`). Both check these
before doing any work and refuse beyond them at once, naming the limit, so that a typing
slip (``mitchell:400x40``) costs nothing rather than minutes of a server's time.

The limits are generous for any club or congress section: a Mitchell of 60 tables (the
largest field the web app is measured with, ``bench/RESULTS.md``) and every other kind up
to its own largest; ``bench/bench_movement_limits.py`` measures that the largest of each
kind builds in well under a second. The generators called directly take any size.
"""

from __future__ import annotations

from typing import Final

from bridgescore.events.movements.howell import MOST_TABLES as _HOWELL_TABLES
from bridgescore.events.movements.model import MovementError

MOST_TABLES_IN_A_MOVEMENT: Final = 60
"""Tables of any kind of movement (a Howell has its own, lower limit)."""

MOST_TABLES_IN_A_HOWELL: Final = _HOWELL_TABLES
"""Tables of a Howell: the largest the Howell generator has a base round for (13)."""

MOST_PAIRS: Final = 2 * MOST_TABLES_IN_A_MOVEMENT
"""Pairs in a field to suggest movements for (two a table)."""

MOST_BOARDS_PER_ROUND: Final = 16
"""Boards a round (a 2-table Howell of three long rounds plays 8 or 9)."""

MOST_ROUNDS: Final = 60
"""Rounds of a movement (a relay Mitchell of 60 tables plays 60)."""

MOST_BOARDS: Final = 128
"""Boards in all, the boards in play in a movement (60 tables of 2 boards: 120); also the
most boards a pair can be asked to play."""


class MovementTooLargeError(MovementError):
    """A movement asked for beyond one of the limits (a :class:`MovementError`, so a
    ``BridgeInputError`` and a ``ValueError`` too)."""


def check_most(what: str, asked: int, most: int, *, where: str = "a movement") -> None:
    """Refuse ``asked`` beyond ``most``: ``at most 60 tables in a movement: 400 asked``."""
    if asked > most:
        raise MovementTooLargeError(f"at most {most} {what} in {where}: {asked} asked")


__all__ = [
    "MOST_BOARDS",
    "MOST_BOARDS_PER_ROUND",
    "MOST_PAIRS",
    "MOST_ROUNDS",
    "MOST_TABLES_IN_A_HOWELL",
    "MOST_TABLES_IN_A_MOVEMENT",
    "MovementTooLargeError",
    "check_most",
]
