"""Mitchell movements: NS pairs stationary, EW pairs up one table, boards down one.

With an even number of tables the EW pairs skip one table after half the rounds
(E. T. Baker's skip Mitchell), so that they never meet boards they have played.
Played in full (``rounds == tables``), an even Mitchell ends in a revenge round
(EW meet the NS pair they started against); it is declared as such. By default
an even Mitchell of 4 or more tables plays ``tables - 1`` rounds, with no revenge.
"""

from __future__ import annotations

from bridgescore.events.movements.model import (
    Movement,
    MovementError,
    MovementKind,
    Round,
    Table,
    board_range,
    check_size,
)


def mitchell(tables: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """A Mitchell for ``tables`` tables; pairs are ``"1NS"``... and ``"1EW"``..."""
    check_size("tables", tables, 2)
    check_size("boards_per_round", boards_per_round, 1)
    even = tables % 2 == 0
    if rounds is None:
        rounds = tables - 1 if even and tables >= 4 else tables
    check_size("rounds", rounds, 1)
    if rounds > tables:
        raise MovementError(f"rounds must be at most the {tables} tables, got {rounds!r}")
    schedule = []
    for r in range(rounds):
        skip = 1 if even and r >= tables // 2 else 0
        seats = tuple(
            Table(
                table=t + 1,
                ns=f"{t + 1}NS",
                ew=f"{(t - r - skip) % tables + 1}EW",
                boards=board_range((t + r) % tables, boards_per_round),
            )
            for t in range(tables)
        )
        schedule.append(Round(tables=seats))
    revenge = frozenset({rounds}) if even and rounds == tables else frozenset()
    return Movement(kind=MovementKind.MITCHELL, rounds=tuple(schedule), revenge_rounds=revenge)
