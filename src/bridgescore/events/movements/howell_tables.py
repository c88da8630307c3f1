"""Base rounds of the stored cyclic Howells (found by ``howell.search_base_round``).

For ``T`` tables, one ``(north_south, east_west, set)`` per table, counted from 0;
pair ``2T - 1`` (shown as pair ``2T``) is the stationary pair at table 1. Every other
round is this one with pairs and sets advanced round a circle of ``2T - 1``
(``howell.expand``). ``tests/events/test_howell.py`` re-derives their soundness
and balance.
"""

from __future__ import annotations

from typing import Final

BASE_ROUNDS: Final[dict[int, tuple[tuple[int, int, int], ...]]] = {
    4: (
        (7, 0, 0),
        (3, 2, 5),
        (1, 5, 6),
        (6, 4, 3),
    ),
    5: (
        (9, 0, 0),
        (4, 1, 8),
        (8, 7, 1),
        (5, 3, 2),
        (6, 2, 7),
    ),
    6: (
        (11, 0, 0),
        (2, 5, 9),
        (1, 10, 2),
        (6, 7, 4),
        (3, 9, 8),
        (4, 8, 10),
    ),
    7: (
        (13, 0, 0),
        (8, 3, 1),
        (9, 12, 6),
        (4, 2, 5),
        (7, 6, 11),
        (11, 5, 7),
        (1, 10, 9),
    ),
    8: (
        (15, 0, 0),
        (1, 11, 12),
        (13, 10, 8),
        (4, 2, 11),
        (5, 6, 9),
        (9, 3, 2),
        (12, 8, 14),
        (7, 14, 4),
    ),
    9: (
        (17, 0, 0),
        (11, 16, 8),
        (8, 10, 9),
        (9, 3, 16),
        (7, 4, 15),
        (13, 14, 2),
        (5, 1, 3),
        (6, 15, 10),
        (2, 12, 5),
    ),
    10: (
        (19, 0, 0),
        (7, 13, 11),
        (15, 17, 7),
        (5, 6, 2),
        (4, 8, 14),
        (3, 10, 4),
        (14, 11, 16),
        (12, 1, 15),
        (18, 9, 17),
        (2, 16, 9),
    ),
    11: (
        (21, 0, 0),
        (12, 4, 9),
        (2, 11, 13),
        (19, 17, 2),
        (9, 15, 16),
        (18, 1, 17),
        (8, 3, 11),
        (16, 13, 7),
        (6, 5, 19),
        (20, 10, 8),
        (14, 7, 3),
    ),
    12: (
        (23, 0, 0),
        (1, 16, 7),
        (2, 4, 3),
        (13, 18, 20),
        (22, 19, 16),
        (15, 14, 10),
        (17, 7, 5),
        (8, 12, 21),
        (5, 11, 15),
        (21, 9, 14),
        (3, 10, 18),
        (6, 20, 9),
    ),
    13: (
        (25, 0, 0),
        (1, 3, 10),
        (23, 13, 17),
        (19, 10, 11),
        (14, 20, 16),
        (7, 18, 4),
        (8, 5, 13),
        (11, 15, 14),
        (12, 4, 24),
        (2, 22, 12),
        (16, 17, 5),
        (9, 21, 2),
        (6, 24, 22),
    ),
}
"""Base round by number of tables."""

SMALL_HOWELLS: Final[dict[int, tuple[tuple[tuple[int, int, int], ...], ...]]] = {
    2: (
        (
            (3, 0, 0),
            (1, 2, 0),
        ),
        (
            (3, 1, 2),
            (2, 0, 2),
        ),
        (
            (3, 2, 1),
            (0, 1, 1),
        ),
    ),
    3: (
        (
            (5, 0, 4),
            (1, 4, 1),
            (2, 3, 3),
        ),
        (
            (5, 1, 2),
            (2, 0, 1),
            (3, 4, 4),
        ),
        (
            (5, 2, 0),
            (3, 1, 0),
            (4, 0, 0),
        ),
        (
            (5, 3, 1),
            (4, 2, 2),
            (0, 1, 3),
        ),
        (
            (5, 4, 3),
            (0, 3, 2),
            (1, 2, 4),
        ),
    ),
}
"""Every round of the 2- and 3-table Howells, whose sets must be shared (no cyclic
base round does without sharing a set in every round); same form as a base round."""
