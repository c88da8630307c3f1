"""Complete Howell movements: every pair meets every other pair once.

With ``2T`` pairs at ``T`` tables there are ``2T - 1`` rounds. The meetings come
from the circle method: pair ``2T`` is stationary at table 1 and meets pair
``r`` in round ``r``; at table ``k + 1`` pair ``r + k`` (NS) meets pair ``r - k``
(EW), counting pairs 1 to ``2T - 1`` round a circle. The ``2T - 1`` board sets
are then placed by a depth-first search: each round's tables get different
sets, no pair plays a set twice, and every set is played ``T`` times; the sets
not at a table are on the relay. Where no placement exists without sharing
(2 and 3 tables), the search allows the fewest shared sets it can, and
declares them.
"""

from __future__ import annotations

from typing import Final

from bridgescore.events.movements.model import (
    Movement,
    MovementError,
    MovementKind,
    Round,
    Table,
    board_range,
    check_size,
)

MOST_TABLES: Final = 4
"""The largest Howell the search builds (it is quick up to here)."""


def _meetings(tables: int) -> list[list[tuple[int, int]]]:
    """0-based pairs meeting at each 0-based table in each round (the circle method)."""
    n = 2 * tables - 1
    rounds = []
    for r in range(n):
        seats = [(n, r)] + [((r + k) % n, (r - k) % n) for k in range(1, tables)]
        rounds.append(seats)
    return rounds


def _place_sets(
    tables: int, meetings: list[list[tuple[int, int]]], budget: int
) -> list[list[int]] | None:
    """Sets for each round and table, at most ``budget`` times sharing a set in a round."""
    n = 2 * tables - 1
    played = [0] * (n + 1)  # bit mask of sets per pair
    count = [0] * n
    chosen = [[-1] * tables for _ in range(n)]
    cells = [(r, k) for r in range(n) for k in range(tables)]

    def search(index: int, spare: int) -> bool:
        if index == len(cells):
            return True
        r, k = cells[index]
        a, b = meetings[r][k]
        for s in range(n):
            bit = 1 << s
            sharing = s in chosen[r][:k]
            if (sharing and not spare) or played[a] & bit or played[b] & bit:
                continue
            if count[s] == tables:
                continue
            played[a] |= bit
            played[b] |= bit
            count[s] += 1
            chosen[r][k] = s
            if search(index + 1, spare - sharing):
                return True
            played[a] ^= bit
            played[b] ^= bit
            count[s] -= 1
            chosen[r][k] = -1
        return False

    return chosen if search(0, budget) else None


def howell(tables: int, boards_per_round: int) -> Movement:
    """A complete Howell for 2 to :data:`MOST_TABLES` tables; pair ids are ``"1"`` to ``"2T"``."""
    check_size("tables", tables, 2)
    check_size("boards_per_round", boards_per_round, 1)
    if tables > MOST_TABLES:
        raise MovementError(f"tables must be at most {MOST_TABLES} for a Howell, got {tables!r}")
    n = 2 * tables - 1
    meetings = _meetings(tables)
    sets = None
    budget = 0
    while sets is None:
        sets = _place_sets(tables, meetings, budget)
        budget += 1
    rounds = []
    for r in range(n):
        seats = tuple(
            Table(
                table=k + 1,
                ns=str(ns + 1),
                ew=str(ew + 1),
                boards=board_range(sets[r][k], boards_per_round),
            )
            for k, (ns, ew) in enumerate(meetings[r])
        )
        relay = tuple(
            b for s in range(n) if s not in sets[r] for b in board_range(s, boards_per_round)
        )
        rounds.append(Round(tables=seats, relay=relay))
    shared = frozenset(
        b
        for row in sets
        for k, s in enumerate(row)
        if s in row[:k]
        for b in board_range(s, boards_per_round)
    )
    return Movement(kind=MovementKind.HOWELL, rounds=tuple(rounds), shared=shared)
