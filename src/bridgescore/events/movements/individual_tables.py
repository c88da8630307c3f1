"""Base rounds of the stored whist individuals (found by ``scripts/search_individual.py``).

A *whist tournament* Wh(v) seats v players at tables of four so that every two players
are partners exactly once and opponents exactly twice (MaRDI portal, "Some new Z-cyclic
whist tournaments", https://portal.mardi4nfdi.de/wiki/Item:Q1975367; they exist for every
v = 4n and 4n + 1: https://digitalcommons.uri.edu/dissertations/AAI9945216/). The stored
ones are cyclic: one base round developed round a circle.

* v = 4n + 1: the players are the circle's v points, counted from 0 (player ``x + 1``);
  point 0 sits out the base round, and round ``r`` (from 0) adds ``r`` to every point.
* v = 4n: the circle has v - 1 points and player v (point ``v - 1``) never moves.

Each base table is ``(north, east, south, west)``; North-South and East-West are the
partnerships. :data:`WHIST_GROUPS` names the circle when it is not one cycle (9 players:
the 3 x 3 grid, points numbered ``3a + b``, added digit by digit modulo 3; 25 players:
the 5 x 5 grid).

:data:`WHIST_SETS` gives, where one was found, each base table's first board set: table
``j`` plays set ``s_j + r`` in round ``r``, so that sets move with the players and no set
is at two tables in a round (``s_j - x`` differs for every point ``x`` of the base round).
For 4n players this cannot be done with every player playing every set (at 8 players the
two tables of a set would have to be the two tables of one round), and where no such sets
were found the movement plays one set a round at every table (``shared``), except at 16
players, where :data:`WHIST_TABLE_SETS` gives every table's set: 20 sets each played three
times, no set at two tables at once (moving sets with every player playing every set
do not exist for these cyclic rounds at 12 and 16 players: the search proves it).
``tests/events/movements/test_individual.py`` re-derives soundness and balance.
"""

from __future__ import annotations

from typing import Final

WHIST_BASE_ROUNDS: Final[dict[int, tuple[tuple[int, int, int, int], ...]]] = {
    4: ((0, 1, 3, 2),),
    5: ((1, 2, 4, 3),),
    8: ((0, 5, 6, 3), (1, 7, 4, 2)),
    9: ((1, 6, 2, 3), (4, 5, 8, 7)),
    12: ((0, 9, 6, 10), (1, 8, 3, 4), (2, 11, 5, 7)),
    13: ((1, 10, 5, 8), (2, 4, 3, 11), (6, 12, 9, 7)),
    16: ((0, 2, 5, 14), (1, 12, 7, 8), (3, 10, 4, 15), (6, 11, 13, 9)),
    17: ((1, 3, 6, 14), (2, 9, 4, 13), (5, 16, 15, 8), (7, 12, 10, 11)),
    20: ((0, 10, 1, 6), (2, 9, 5, 3), (4, 12, 14, 17), (7, 18, 19, 11), (8, 13, 16, 15)),
    21: ((1, 11, 2, 7), (3, 17, 14, 15), (4, 12, 16, 19), (5, 18, 20, 10), (6, 13, 9, 8)),
    24: (
        (0, 2, 15, 20),
        (1, 18, 17, 5),
        (3, 11, 14, 10),
        (4, 22, 21, 13),
        (6, 8, 23, 12),
        (7, 19, 9, 16),
    ),
    25: (
        (1, 22, 3, 16),
        (2, 11, 9, 20),
        (4, 12, 14, 17),
        (5, 24, 18, 13),
        (6, 21, 7, 8),
        (10, 15, 19, 23),
    ),
}
"""Each stored size's base round, a table ``(north, east, south, west)`` of circle points."""

WHIST_SETS: Final[dict[int, tuple[int, ...]]] = {
    4: (0,),
    5: (0,),
    13: (0, 4, 3),
}
"""Each base table's first set, where the sets move with the players (no sharing)."""

WHIST_TABLE_SETS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    16: (
        (0, 1, 2, 3),
        (19, 12, 1, 9),
        (11, 1, 18, 9),
        (4, 14, 0, 7),
        (9, 17, 13, 7),
        (12, 5, 17, 15),
        (7, 17, 4, 15),
        (14, 8, 10, 16),
        (15, 2, 11, 16),
        (5, 13, 6, 3),
        (16, 18, 14, 10),
        (8, 0, 12, 6),
        (2, 13, 5, 6),
        (10, 11, 3, 19),
        (18, 4, 8, 19),
    ),
}
"""Each round's sets, table by table, where they were searched round by round (CP-SAT,
``scripts/search_individual.py --packing``): 16 players play 20 sets, each at three
tables of three rounds, each player 15 of them (75 %), and every two players at tables
playing one set at least 7 times."""

WHIST_TURNS: Final[dict[int, frozenset[tuple[int, int]]]] = {
    16: frozenset({(1, 1), (6, 2), (8, 2), (10, 2), (10, 3), (12, 2)}),
}
"""Tables (round, table, from 0) whose players all sit one seat clockwise of the base
round's seats (North's player East, and so on): partners and left-hand opponents stay,
North-South and East-West change over, so that two players at tables playing one set
are more evenly rivals and allies (found by hill climbing, ``--turns``)."""

WHIST_GROUPS: Final[dict[int, tuple[int, ...]]] = {
    9: (3, 3),
    25: (5, 5),
}
"""The circle, where it is not one cycle: its cycles' lengths (points in mixed radix)."""
