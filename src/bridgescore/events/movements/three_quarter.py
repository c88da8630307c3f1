"""3/4 Howells: a Howell of fewer rounds than pairs, every pair playing every set once.

A 3/4 Howell (bridgecentral.com, "ReducedHowell": a Howell in which the pairs do not
meet all the other pairs, also called a shortened, reduced or incomplete Howell) of
``T`` tables plays ``S`` rounds of ``S`` sets, ``T < S < 2T - 1``: the sets lie on the
tables and on ``S - T`` relay stands between them and move down one station a round,
so every table plays every set once; every pair plays every set once and meets ``S``
of the other ``2T - 1`` pairs, none twice. Its use is a set number of boards whatever
the number of tables (the Exeter club's list runs 6 tables as a 3/4 Howell of 9 rounds
of 3 boards, with relays between tables 1 and 2, 4 and 5, 6 and 1:
http://www.bridgewebs.com/exeter/info.html; bridgecentral's ready reckoner lists 3/4
Howells of 9 rounds for 6 tables and of 8, 9 and 11 rounds for 7).

As published, ``2T - S`` pairs are stationary (bridge-results.de, "Das ¾-Howell
Movement": ``2T - R`` Sitztische) and the other ``S`` follow one circuit, each moving to
the place left by the pair numbered one below (bridgecentral). Built that way
(``docs/mitchell.md`` shows how; ``scripts/search_three_quarter_cyclic.py``), the
stationary pairs are numbered ``S + 1`` to ``2T`` and the moving pairs ``1`` to ``S``:
pair ``x`` takes in round ``r + 1`` the table pair ``x - 1`` had in round ``r`` (pair
``S`` that of pair 1), NS or EW as the guide card says. For 5 tables/8 rounds and 6/7
no such circuit exists with evenly spread relays, and the seatings stored were found by
``scripts/search_three_quarter.py`` (CP-SAT, one stationary pair). All are stored as
data; :func:`three_quarter_howell` builds them.
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
# "cyclic": built by scripts/search_three_quarter_cyclic.py (moving pairs 1 to S follow
# one circuit, pairs S + 1 to 2T stationary); "CP-SAT": found by
# scripts/search_three_quarter.py, where no cyclic one exists with evenly spread relays.
FOUND: Final[dict[tuple[int, int], str]] = {
    # 5 tables, 6 rounds (one board a set): compared 1-5, quality 74.66; cyclic
    (5, 6): (
        "10-3,9-2,6-1,8-5,7-4 "
        "10-4,9-3,1-2,8-6,7-5 "
        "10-5,9-4,2-3,8-1,7-6 "
        "10-6,5-9,3-4,8-2,7-1 "
        "10-1,6-9,4-5,3-8,2-7 "
        "10-2,9-1,5-6,8-4,7-3"
    ),
    # 5 tables, 7 rounds (one board a set): compared 2-7, quality 84.94; cyclic
    (5, 7): (
        "10-5,9-3,8-2,7-1,4-6 "
        "10-6,9-4,8-3,1-2,5-7 "
        "10-7,9-5,8-4,2-3,6-1 "
        "10-1,9-6,8-5,3-4,7-2 "
        "10-2,9-7,8-6,4-5,1-3 "
        "10-3,9-1,8-7,5-6,2-4 "
        "10-4,9-2,8-1,6-7,3-5"
    ),
    # 5 tables, 8 rounds (one board a set): compared 1-6, quality 79.67; CP-SAT
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
    # 6 tables, 7 rounds (one board a set): compared 1-6, quality 67.13; CP-SAT
    (6, 7): (
        "12-1,2-3,4-5,6-7,8-9,11-10 "
        "12-7,11-6,4-9,10-1,8-2,5-3 "
        "12-8,2-5,4-11,1-6,9-10,3-7 "
        "12-10,5-6,4-3,7-8,2-11,9-1 "
        "12-3,9-7,1-11,8-5,6-4,2-10 "
        "12-5,2-4,6-9,8-10,7-1,3-11 "
        "12-6,10-4,11-5,9-3,1-8,7-2"
    ),
    # 6 tables, 8 rounds (one board a set): compared 2-8, quality 86.72; cyclic
    (6, 8): (
        "12-3,7-2,6-11,10-1,5-4,9-8 "
        "12-4,8-3,11-7,10-2,5-6,9-1 "
        "12-5,4-1,11-8,10-3,6-7,2-9 "
        "12-6,5-2,1-11,4-10,8-7,9-3 "
        "12-7,3-6,11-2,10-5,1-8,9-4 "
        "12-8,7-4,11-3,10-6,2-1,9-5 "
        "12-1,8-5,4-11,10-7,2-3,9-6 "
        "12-2,6-1,11-5,10-8,3-4,7-9"
    ),
    # 6 tables, 9 rounds (one board a set): compared 3-9, quality 91.13; cyclic, the Exeter relays
    (6, 9): (
        "12-2,11-1,6-7,9-4,3-10,5-8 "
        "12-3,11-2,7-8,1-5,10-4,6-9 "
        "12-4,11-3,8-9,2-6,10-5,7-1 "
        "12-5,11-4,9-1,3-7,6-10,8-2 "
        "12-6,11-5,1-2,4-8,10-7,9-3 "
        "12-7,11-6,2-3,5-9,10-8,1-4 "
        "12-8,11-7,3-4,6-1,9-10,2-5 "
        "12-9,11-8,4-5,7-2,10-1,3-6 "
        "12-1,11-9,5-6,8-3,10-2,4-7"
    ),
    # 6 tables, 10 rounds (one board a set): compared 3-9, quality 91.27; cyclic
    (6, 10): (
        "12-7,3-5,11-2,10-1,6-9,8-4 "
        "12-8,4-6,11-3,1-2,7-10,9-5 "
        "12-9,5-7,11-4,2-3,8-1,6-10 "
        "12-10,6-8,11-5,4-3,2-9,1-7 "
        "12-1,7-9,11-6,4-5,10-3,8-2 "
        "12-2,10-8,11-7,5-6,1-4,3-9 "
        "12-3,9-1,11-8,6-7,2-5,10-4 "
        "12-4,10-2,9-11,7-8,3-6,5-1 "
        "12-5,1-3,11-10,8-9,4-7,2-6 "
        "12-6,4-2,11-1,9-10,5-8,7-3"
    ),
    # 7 tables, 8 rounds (one board a set): compared 1-7, quality 82.46; cyclic
    (7, 8): (
        "14-6,13-5,12-4,2-3,11-1,10-8,9-7 "
        "14-7,13-6,12-5,3-4,2-11,10-1,9-8 "
        "14-8,13-7,12-6,4-5,11-3,10-2,1-9 "
        "14-1,13-8,7-12,5-6,11-4,10-3,9-2 "
        "14-2,13-1,12-8,6-7,11-5,10-4,3-9 "
        "14-3,13-2,12-1,7-8,11-6,5-10,4-9 "
        "14-4,13-3,12-2,8-1,7-11,6-10,9-5 "
        "14-5,4-13,12-3,1-2,8-11,10-7,9-6"
    ),
    # 7 tables, 9 rounds (one board a set): compared 2-8, quality 83.09; cyclic
    (7, 9): (
        "14-8,7-13,12-2,11-5,6-9,10-4,3-1 "
        "14-9,8-13,12-3,11-6,7-1,10-5,2-4 "
        "14-1,13-9,12-4,11-7,8-2,10-6,5-3 "
        "14-2,13-1,12-5,8-11,3-9,10-7,6-4 "
        "14-3,13-2,12-6,11-9,1-4,10-8,5-7 "
        "14-4,13-3,7-12,11-1,2-5,9-10,8-6 "
        "14-5,4-13,12-8,2-11,3-6,10-1,9-7 "
        "14-6,13-5,9-12,3-11,4-7,10-2,1-8 "
        "14-7,6-13,12-1,4-11,5-8,10-3,9-2"
    ),
    # 7 tables, 10 rounds (one board a set): compared 2-9, quality 86.80; cyclic
    (7, 10): (
        "14-5,13-10,8-2,6-7,12-3,4-1,9-11 "
        "14-6,1-13,9-3,7-8,12-4,2-5,10-11 "
        "14-7,13-2,10-4,8-9,12-5,3-6,11-1 "
        "14-8,13-3,1-5,9-10,12-6,4-7,11-2 "
        "14-9,13-4,2-6,10-1,12-7,5-8,3-11 "
        "14-10,13-5,3-7,1-2,12-8,6-9,4-11 "
        "14-1,13-6,4-8,2-3,12-9,7-10,11-5 "
        "14-2,7-13,5-9,3-4,12-10,8-1,11-6 "
        "14-3,13-8,6-10,4-5,1-12,9-2,11-7 "
        "14-4,13-9,7-1,6-5,12-2,10-3,11-8"
    ),
    # 7 tables, 11 rounds (one board a set): compared 4-11, quality 91.38; cyclic
    (7, 11): (
        "14-1,13-5,8-10,12-2,9-3,6-7,11-4 "
        "14-2,13-6,9-11,12-3,10-4,7-8,1-5 "
        "14-3,13-7,10-1,12-4,11-5,8-9,2-6 "
        "14-4,13-8,11-2,12-5,1-6,9-10,3-7 "
        "14-5,13-9,1-3,12-6,2-7,10-11,4-8 "
        "14-6,13-10,2-4,12-7,3-8,11-1,5-9 "
        "14-7,13-11,3-5,12-8,4-9,1-2,6-10 "
        "14-8,13-1,4-6,12-9,5-10,2-3,7-11 "
        "14-9,13-2,5-7,12-10,6-11,3-4,8-1 "
        "14-10,13-3,6-8,12-11,7-1,4-5,9-2 "
        "14-11,13-4,7-9,12-1,8-2,5-6,10-3"
    ),
    # 8 tables, 10 rounds (one board a set): compared 2-10, quality 86.84; cyclic
    (8, 10): (
        "16-5,15-3,9-10,14-4,13-8,2-6,12-1,11-7 "
        "16-6,4-15,1-10,14-5,13-9,7-3,12-2,11-8 "
        "16-7,15-5,1-2,14-6,13-10,8-4,12-3,11-9 "
        "16-8,15-6,3-2,14-7,13-1,9-5,12-4,10-11 "
        "16-9,15-7,4-3,14-8,13-2,6-10,5-12,1-11 "
        "16-10,15-8,4-5,14-9,3-13,7-1,6-12,11-2 "
        "16-1,15-9,5-6,14-10,13-4,8-2,12-7,3-11 "
        "16-2,10-15,6-7,1-14,13-5,9-3,8-12,11-4 "
        "16-3,15-1,8-7,2-14,13-6,10-4,12-9,11-5 "
        "16-4,15-2,9-8,3-14,13-7,5-1,12-10,11-6"
    ),
    # 8 tables, 11 rounds (one board a set): compared 2-11, quality 88.42; cyclic
    (8, 11): (
        "16-11,10-7,5-6,15-1,14-4,8-2,13-9,12-3 "
        "16-1,8-11,7-6,2-15,14-5,9-3,13-10,12-4 "
        "16-2,9-1,7-8,15-3,14-6,10-4,13-11,12-5 "
        "16-3,10-2,9-8,15-4,14-7,11-5,13-1,6-12 "
        "16-4,11-3,10-9,15-5,8-14,1-6,2-13,7-12 "
        "16-5,1-4,11-10,15-6,14-9,2-7,3-13,12-8 "
        "16-6,2-5,1-11,15-7,14-10,8-3,13-4,12-9 "
        "16-7,3-6,1-2,8-15,14-11,9-4,13-5,12-10 "
        "16-8,4-7,3-2,15-9,1-14,5-10,13-6,12-11 "
        "16-9,5-8,4-3,10-15,14-2,6-11,13-7,12-1 "
        "16-10,6-9,4-5,15-11,3-14,7-1,13-8,12-2"
    ),
    # 8 tables, 12 rounds (one board a set): compared 3-12, quality 91.15; cyclic
    (8, 12): (
        "16-6,15-4,14-1,13-9,2-3,7-11,8-10,12-5 "
        "16-7,15-5,14-2,10-13,3-4,8-12,9-11,1-6 "
        "16-8,15-6,14-3,13-11,4-5,9-1,10-12,2-7 "
        "16-9,15-7,14-4,13-12,5-6,10-2,11-1,3-8 "
        "16-10,15-8,14-5,13-1,6-7,11-3,12-2,4-9 "
        "16-11,15-9,14-6,13-2,7-8,12-4,1-3,5-10 "
        "16-12,15-10,14-7,3-13,8-9,1-5,2-4,6-11 "
        "16-1,15-11,14-8,13-4,9-10,2-6,3-5,7-12 "
        "16-2,15-12,14-9,5-13,10-11,3-7,4-6,8-1 "
        "16-3,15-1,14-10,13-6,11-12,4-8,5-7,9-2 "
        "16-4,15-2,14-11,13-7,12-1,5-9,6-8,10-3 "
        "16-5,15-3,14-12,13-8,1-2,6-10,7-9,11-4"
    ),
}

STATIONS: Final[dict[tuple[int, int], tuple[int, ...]]] = {
    # the Exeter club's 6 tables, 9 rounds: relays between tables 1 and 2, 4 and 5, 6 and 1
    # (http://www.bridgewebs.com/exeter/info.html); the spread of relay_stations has no
    # cyclic 3/4 Howell
    (6, 9): (0, 2, 3, 4, 6, 7),
    # no cyclic one with relay_stations' spread; relays between 1 and 2, 2 and 3, 3 and 4,
    # 6 and 1 (as evenly spread as any layout that has one)
    (6, 10): (0, 2, 4, 6, 7, 8),
}
"""The tables' stations of the sizes whose relays do not stand as :func:`relay_stations`
spreads them."""


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


def stations(tables: int, rounds: int) -> tuple[int, ...]:
    """Each table's station (from 0) in the 3/4 Howell of this size: :data:`STATIONS`, or
    :func:`relay_stations`."""
    return STATIONS.get((tables, rounds)) or relay_stations(tables, rounds)


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
    place = stations(tables, rounds)
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


__all__ = [
    "FOUND",
    "STATIONS",
    "relay_stations",
    "stations",
    "three_quarter_howell",
    "three_quarter_sizes",
]
