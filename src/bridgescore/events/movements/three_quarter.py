"""3/4 Howells: a Howell of fewer rounds than pairs, every pair playing every set once.

A 3/4 Howell (bridgecentral.com, "ReducedHowell": a Howell in which the pairs do not
meet all the other pairs, also called a shortened, reduced or incomplete Howell) of
``T`` tables plays ``S`` rounds of ``S`` sets, ``T < S < 2T - 1``: the sets lie on the
tables and on ``S - T`` relay stands spread between them and move down one station a
round, so every table plays every set once; every pair plays every set once and meets
``S`` of the other ``2T - 1`` pairs, none twice. Its use is a set number of boards
whatever the number of tables (the Exeter club's list runs 6 tables as a 3/4 Howell of
9 rounds of 3 boards, with relays between tables 1 and 2, 4 and 5, 6 and 1:
http://www.bridgewebs.com/exeter/info.html; bridgecentral's ready reckoner lists 3/4
Howells of 9 rounds for 6 tables and of 8, 9 and 11 rounds for 7).

The pairs cannot all follow one circuit: with ``S`` sets moving down one station a
round, a pair that moves to the place of the pair numbered one below it would meet a
set again (``docs/mitchell.md`` shows why), so the published 3/4 Howells are run from
guide cards. The seatings here were found by ``scripts/search_three_quarter.py``
(CP-SAT, offline) and are stored as data; :func:`three_quarter_howell` builds them.
"""

from __future__ import annotations

from typing import Final

from bridgescore.errors import marked as _
from bridgescore.events.movements.model import (
    Movement,
    MovementError,
    MovementKind,
    Round,
    Table,
    board_range,
    check_size,
)

# (tables, rounds): each round's tables, "NS-EW" by pair number, rounds apart by spaces.
# Found by scripts/search_three_quarter.py (see its docstring).
FOUND: Final[dict[tuple[int, int], str]] = {
    # 5 tables, 6 rounds (one board a set): compared 0-5, quality 56.31
    (5, 6): (
        "10-1,2-3,4-5,6-7,8-9 "
        "10-9,1-7,2-8,4-6,3-5 "
        "10-6,9-3,5-1,7-8,2-4 "
        "10-5,7-2,4-9,3-6,1-8 "
        "10-3,1-6,5-8,7-4,9-2 "
        "10-2,7-9,5-6,3-8,1-4"
    ),
    # 5 tables, 7 rounds (one board a set): compared 1-6, quality 81.18
    (5, 7): (
        "10-1,2-3,4-5,6-7,9-8 "
        "10-8,9-2,6-4,1-5,7-3 "
        "10-7,5-8,3-4,2-1,9-6 "
        "10-2,9-1,4-7,3-8,5-6 "
        "10-5,6-2,4-8,9-7,1-3 "
        "10-3,9-5,4-2,8-6,1-7 "
        "10-6,5-7,4-1,3-9,2-8"
    ),
    # 5 tables, 8 rounds (one board a set): compared 1-6, quality 79.67
    (5, 8): (
        "10-1,2-3,4-5,6-7,8-9 "
        "10-7,5-8,1-3,6-9,2-4 "
        "10-6,9-3,8-2,4-1,5-7 "
        "10-8,2-5,3-7,1-9,4-6 "
        "10-9,1-5,7-8,6-2,3-4 "
        "10-3,6-5,4-9,1-8,7-2 "
        "10-2,3-6,5-9,7-1,4-8 "
        "10-5,3-8,9-2,1-6,7-4"
    ),
    # 6 tables, 7 rounds (one board a set): compared 1-6, quality 67.13
    (6, 7): (
        "12-1,2-3,4-5,6-7,8-9,11-10 "
        "12-7,11-6,4-9,10-1,8-2,5-3 "
        "12-8,2-5,4-11,1-6,9-10,3-7 "
        "12-10,5-6,4-3,7-8,2-11,9-1 "
        "12-3,9-7,1-11,8-5,6-4,2-10 "
        "12-5,2-4,6-9,8-10,7-1,3-11 "
        "12-6,10-4,11-5,9-3,1-8,7-2"
    ),
    # 6 tables, 8 rounds (one board a set): compared 2-6, quality 70.25
    (6, 8): (
        "12-1,3-2,5-4,6-7,8-9,10-11 "
        "12-10,1-7,3-6,4-11,5-9,2-8 "
        "12-2,1-5,8-3,4-6,9-10,7-11 "
        "12-4,11-1,10-2,7-5,3-9,8-6 "
        "12-9,1-6,7-8,2-4,5-11,3-10 "
        "12-5,1-2,11-3,4-7,6-9,8-10 "
        "12-3,4-1,6-10,11-8,7-9,2-5 "
        "12-6,5-8,9-1,2-11,4-10,3-7"
    ),
    # 6 tables, 9 rounds (one board a set): compared 2-7, quality 86.58
    (6, 9): (
        "12-1,2-3,4-5,6-7,8-9,10-11 "
        "12-7,3-10,8-11,2-4,5-9,6-1 "
        "12-9,1-3,6-11,5-7,4-8,10-2 "
        "12-11,10-5,3-6,7-2,9-4,8-1 "
        "12-4,5-1,3-8,7-10,6-9,11-2 "
        "12-8,10-1,2-5,11-3,4-6,9-7 "
        "12-2,4-1,7-8,5-11,10-6,9-3 "
        "12-6,11-9,10-4,5-8,1-2,3-7 "
        "12-3,5-6,1-7,2-8,9-10,4-11"
    ),
    # 7 tables, 8 rounds (one board a set): compared 1-7, quality 71.92
    (7, 8): (
        "14-1,2-3,4-5,7-6,9-8,11-10,13-12 "
        "14-4,7-10,1-2,13-5,12-3,8-11,6-9 "
        "14-12,9-13,6-3,2-4,5-1,10-8,11-7 "
        "14-5,12-2,7-8,6-4,1-3,10-13,11-9 "
        "14-10,1-6,2-7,11-5,4-9,8-12,13-3 "
        "14-13,10-9,4-12,2-6,5-7,8-1,3-11 "
        "14-3,13-7,5-12,6-10,2-9,4-8,11-1 "
        "14-2,3-8,13-1,11-6,10-12,7-4,9-5"
    ),
    # 7 tables, 9 rounds (one board a set): compared 1-8, quality 75.19
    (7, 9): (
        "14-1,3-2,4-5,6-7,8-9,11-10,12-13 "
        "14-9,13-7,11-12,3-6,4-8,1-5,2-10 "
        "14-8,3-9,1-11,10-13,7-2,4-12,5-6 "
        "14-4,5-7,11-2,9-1,8-3,12-10,6-13 "
        "14-10,3-12,13-5,8-11,7-9,4-1,2-6 "
        "14-5,7-3,10-4,6-1,12-8,11-9,2-13 "
        "14-2,6-9,7-11,3-4,1-12,5-10,13-8 "
        "14-3,5-9,11-13,7-10,1-8,12-2,6-4 "
        "14-13,8-2,11-5,3-10,9-4,1-7,6-12"
    ),
    # 7 tables, 10 rounds (one board a set): compared 2-8, quality 77.96
    (7, 10): (
        "14-1,3-2,5-4,6-7,8-9,10-11,13-12 "
        "14-4,11-3,9-13,5-12,7-8,10-6,1-2 "
        "14-6,3-5,12-8,2-4,7-1,9-10,13-11 "
        "14-8,2-10,3-1,12-6,5-11,9-4,13-7 "
        "14-11,4-6,12-1,3-7,8-13,10-5,2-9 "
        "14-10,9-11,8-3,5-6,7-2,1-13,4-12 "
        "14-5,4-13,2-8,3-6,11-12,7-10,9-1 "
        "14-2,1-4,12-3,6-9,10-8,5-13,7-11 "
        "14-9,11-4,5-8,7-12,1-6,13-2,3-10 "
        "14-7,10-12,8-1,11-2,3-4,13-6,9-5"
    ),
    # 8 tables, 10 rounds (one board a set): compared 2-9, quality 72.69
    (8, 10): (
        "16-1,2-3,4-5,6-7,9-8,11-10,12-13,14-15 "
        "16-13,14-10,2-11,3-4,15-9,1-8,5-7,12-6 "
        "16-8,5-13,2-1,12-7,14-4,6-10,3-15,11-9 "
        "16-3,15-6,5-11,7-8,13-1,2-14,10-12,4-9 "
        "16-10,15-2,4-6,3-11,9-5,8-14,12-1,13-7 "
        "16-14,13-3,7-10,11-12,6-2,5-8,9-1,15-4 "
        "16-12,5-15,9-2,4-8,11-7,6-3,10-1,13-14 "
        "16-2,3-8,10-13,4-7,11-15,9-14,12-5,1-6 "
        "16-4,11-1,13-15,14-6,8-12,9-7,10-3,2-5 "
        "16-7,5-3,10-15,12-2,8-11,4-13,1-14,9-6"
    ),
    # 8 tables, 11 rounds (one board a set): compared 1-8, quality 79.24
    (8, 11): (
        "16-1,2-3,4-5,6-7,9-8,10-11,12-13,14-15 "
        "16-11,9-15,1-13,14-10,8-3,12-4,5-7,2-6 "
        "16-6,15-3,10-2,7-9,13-8,4-11,1-12,14-5 "
        "16-10,13-14,7-1,9-11,3-5,6-12,2-8,15-4 "
        "16-12,3-11,15-1,14-6,13-4,9-5,10-8,2-7 "
        "16-5,13-2,15-6,9-1,4-10,11-12,14-3,7-8 "
        "16-4,14-1,9-2,3-7,15-10,6-13,12-5,11-8 "
        "16-3,10-1,2-11,13-9,14-7,8-12,5-15,4-6 "
        "16-7,10-3,8-14,12-9,1-11,2-4,13-15,5-6 "
        "16-8,15-11,7-4,10-13,6-9,3-1,12-14,2-5 "
        "16-13,3-6,1-5,11-14,9-4,12-2,7-10,15-8"
    ),
}


def relay_stations(tables: int, sets: int) -> tuple[int, ...]:
    """Each table's station (from 0) round the ``sets`` stations; the others are relay stands.

    The ``sets - tables`` relays are spread evenly: one after table ``t`` whenever the
    running share ``t * relays / tables`` passes a whole number.
    """
    relays = sets - tables
    places, station = [], 0
    for t in range(tables):
        places.append(station)
        station += 1
        if (t + 1) * relays // tables > t * relays // tables:
            station += 1
    return tuple(places)


def three_quarter_sizes() -> tuple[tuple[int, int], ...]:
    """The (tables, rounds) of every stored 3/4 Howell."""
    return tuple(sorted(FOUND))


def three_quarter_howell(tables: int, boards_per_round: int, rounds: int) -> Movement:
    """A 3/4 Howell of ``tables`` tables and ``rounds`` rounds (as many sets); pairs ``"1"``...

    Pair ``2T`` sits NS at table 1 throughout. The sets not at a table in a round are on
    the relay stands (``Round.relay``). Only the stored sizes exist
    (:func:`three_quarter_sizes`); another raises a :class:`MovementError` listing them.
    """
    check_size("tables", tables, 2)
    check_size("boards_per_round", boards_per_round, 1)
    check_size("rounds", rounds, 1)
    text = FOUND.get((tables, rounds))
    if text is None:
        sizes = ", ".join(f"{t} tables/{r} rounds" for t, r in three_quarter_sizes())
        raise MovementError(
            _(
                "no 3/4 Howell of {tables} tables and {rounds} rounds is stored; there are:"
                " {sizes}",
                tables=tables,
                rounds=rounds,
                sizes=sizes,
            )
        )
    place = relay_stations(tables, rounds)
    relays = [s for s in range(rounds) if s not in place]
    built = []
    for r, row in enumerate(text.split()):
        seats = [cell.split("-") for cell in row.split(",")]
        built.append(
            Round(
                tables=tuple(
                    Table(
                        table=t + 1,
                        ns=ns,
                        ew=ew,
                        boards=board_range((place[t] + r) % rounds, boards_per_round),
                    )
                    for t, (ns, ew) in enumerate(seats)
                ),
                relay=tuple(
                    b
                    for s in sorted((x + r) % rounds for x in relays)
                    for b in board_range(s, boards_per_round)
                ),
            )
        )
    return Movement(kind=MovementKind.HOWELL, rounds=tuple(built))


__all__ = ["FOUND", "relay_stations", "three_quarter_howell", "three_quarter_sizes"]
