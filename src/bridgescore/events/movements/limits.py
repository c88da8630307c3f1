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

from typing import Final, Literal

from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.movements.howell import MOST_TABLES as _HOWELL_TABLES
from bridgescore.events.movements.model import MovementError

MOST_TABLES_IN_A_MOVEMENT: Final = 60
"""Tables of any kind of movement (a Howell has its own, lower limit)."""

MOST_TABLES_IN_A_HOWELL: Final = _HOWELL_TABLES
"""Tables of a Howell: the largest the Howell generator has a base round for (20)."""

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


Limited = Literal["tables", "boards a round", "rounds", "boards", "pairs"]
"""What a limit counts."""

Family = Literal["a movement", "a Howell"]
"""What a limit is for: any movement, or a Howell (its own, lower limit of tables)."""


def check_most(what: Limited, asked: int, most: int, *, where: Family = "a movement") -> None:
    """Refuse ``asked`` beyond ``most``: ``at most 60 tables in a movement: 400 asked``."""
    if asked > most:
        raise MovementTooLargeError(_too_many(what, where, most=most, asked=asked))


def _too_many(what: Limited, where: Family, **values: int) -> Message:
    if what == "tables":
        if where == "a Howell":
            return _("at most {most} tables in a Howell: {asked} asked", **values)
        return _("at most {most} tables in a movement: {asked} asked", **values)
    if what == "boards a round":
        return _("at most {most} boards a round in a movement: {asked} asked", **values)
    if what == "rounds":
        return _("at most {most} rounds in a movement: {asked} asked", **values)
    if what == "boards":
        return _("at most {most} boards in a movement: {asked} asked", **values)
    return _("at most {most} pairs in a movement: {asked} asked", **values)


__all__ = [
    "MOST_BOARDS",
    "MOST_BOARDS_PER_ROUND",
    "MOST_PAIRS",
    "MOST_ROUNDS",
    "MOST_TABLES_IN_A_HOWELL",
    "MOST_TABLES_IN_A_MOVEMENT",
    "Family",
    "Limited",
    "MovementTooLargeError",
    "check_most",
]
