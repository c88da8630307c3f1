"""Barometer movements: every table plays the same boards in the same round.

A barometer keeps a movement's seating (who meets whom, where, in which direction) and
gives every table of round ``r`` the same set, set ``r``: so the scores of a round can
be worked out and shown while the next round is played (bridgecentral.com,
"Barometer and round robin movements": the base skeleton of a Howell superimposed on
itself). Each set is at every table at once, so every board is declared ``shared``:
the director needs as many copies of each board as there are tables
(:func:`copies_needed`), dealt from the same hands (duplicated boards).
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from bridgescore.errors import marked as _
from bridgescore.events.movements.howell import howell_size
from bridgescore.events.movements.model import (
    Movement,
    MovementError,
    MovementKind,
    Round,
    Table,
    board_range,
    check_size,
)

# Which pair of each table sits North-South in the barometer Howell (see barometer_howell):
# found by scripts/search_barometer.py (quadratic residues where 2T - 1 is a prime 4k + 3,
# which compares every two pairs equally often; else the most even signs it found).
SIGNS: Final[dict[int, str]] = {
    2: "1",  # compared on 1-1 rounds
    3: "11",  # compared on 1-3 rounds
    4: "110",  # compared on 3-3 rounds
    5: "1110",  # compared on 3-5 rounds
    6: "10111",  # compared on 5-5 rounds
    7: "111011",  # compared on 5-7 rounds
    8: "1111011",  # compared on 5-9 rounds
    9: "11101011",  # compared on 7-11 rounds
    10: "100111101",  # compared on 9-9 rounds
    11: "1111010011",  # compared on 7-11 rounds
    12: "11110101100",  # compared on 11-11 rounds
    13: "111110101100",  # compared on 9-13 rounds
    14: "1111110011010",  # compared on 11-15 rounds
    15: "11100010001001",  # compared on 13-15 rounds
    16: "110110111100010",  # compared on 15-15 rounds
    17: "0110001110101001",  # compared on 13-19 rounds
    18: "11011110110010111",  # compared on 15-21 rounds
    19: "001100101010011111",  # compared on 15-21 rounds
    20: "0010111000001000011",  # compared on 17-23 rounds
    21: "01011010001011100011",  # compared on 17-23 rounds
    22: "100101001110111110001",  # compared on 21-21 rounds
    23: "0110101001100000101100",  # compared on 19-25 rounds
    24: "11110111100101011100100",  # compared on 23-23 rounds
    25: "101111010001100010100110",  # compared on 21-29 rounds
    26: "0110000101001000101110111",  # compared on 21-29 rounds
    27: "11100000010100111001001000",  # compared on 21-29 rounds
    28: "001101110100111101010000001",  # compared on 23-31 rounds
    29: "0110001011111111001010011000",  # compared on 23-31 rounds
    30: "10111010100100111011110011111",  # compared on 29-29 rounds
}

MOST_BAROMETER_TABLES: Final = max(SIGNS)
"""The most tables :func:`barometer_howell` seats."""


def barometer(base: Movement, boards_per_round: int | None = None) -> Movement:
    """``base``'s seating with every table of round ``r`` on set ``r`` (boards shared).

    ``boards_per_round`` defaults to the number of boards at the first table of
    ``base``'s first round. Sit-outs are kept; relays are dropped (no set waits
    anywhere: each round brings a new set to every table). When rounds have different
    numbers of tables the sets are played unequally often and declared ``factored``.
    """
    if not isinstance(base, Movement):
        raise MovementError(_("base must be a Movement, got {base!r}", base=base))
    if not base.rounds or not base.rounds[0].tables:
        raise MovementError(_("base must have a table in its first round"))
    if boards_per_round is None:
        boards_per_round = len(base.rounds[0].tables[0].boards)
    check_size("boards_per_round", boards_per_round, 1)
    rounds = []
    for number, rnd in enumerate(base.rounds):
        boards = board_range(number, boards_per_round)
        tables = tuple(Table(table=t.table, ns=t.ns, ew=t.ew, boards=boards) for t in rnd.tables)
        rounds.append(Round(tables=tables, sit_outs=rnd.sit_outs))
    shared = frozenset(
        b for rnd in rounds if len(rnd.tables) > 1 for t in rnd.tables for b in t.boards
    )
    return Movement(
        kind=base.kind,
        rounds=tuple(rounds),
        shared=shared,
        factored=len({len(rnd.tables) for rnd in rounds}) > 1,
        revenge_rounds=base.revenge_rounds,
        meet_once=base.meet_once,
    )


def barometer_howell(
    tables: int, boards_per_round: int, rounds: int | None = None, *, pairs: int | None = None
) -> Movement:
    """A barometer Howell: pairs ``"1"`` to ``"2T"``, set ``r`` at every table in round ``r``.

    Round ``r`` (from 0, ``n = 2T - 1``) seats pair ``2T`` (stationary, NS at table 1)
    against pair ``r + 1``, and pairs ``r + i + 1`` and ``r - i + 1`` (round a circle of
    ``n``) at table ``i + 1``: the cyclic base skeleton. Who sits North-South comes from
    :data:`SIGNS`, chosen so that every two pairs sit in the same direction (and are
    compared) as equally often as the search found. ``rounds`` defaults to the complete
    ``n``: every pair meets every other once; fewer stop it early. ``pairs`` defaults to
    ``2T``; ``2T - 1`` leaves out pair ``2T``: its opponent of the round sits out and
    the other tables are numbered from 1.
    """
    rounds, pairs = howell_size(
        tables, boards_per_round, rounds, pairs, most=MOST_BAROMETER_TABLES, barometer=True
    )
    n = 2 * tables - 1
    odd = pairs == n
    signs = SIGNS[tables]
    plan = []
    for r in range(rounds):
        boards = board_range(r, boards_per_round)
        tables_now = [] if odd else [Table(1, str(2 * tables), str(r + 1), boards)]
        for i in range(1, tables):
            up, down = str((r + i) % n + 1), str((r - i) % n + 1)
            ns, ew = (up, down) if signs[i - 1] == "1" else (down, up)
            tables_now.append(Table(table=len(tables_now) + 1, ns=ns, ew=ew, boards=boards))
        plan.append(Round(tables=tuple(tables_now), sit_outs=(str(r + 1),) if odd else ()))
    return barometer(Movement(kind=MovementKind.HOWELL, rounds=tuple(plan)), boards_per_round)


def barometer_mitchell(tables: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """A barometer Mitchell: NS pairs stay, EW pairs go up one table, set ``r`` everywhere.

    No skip and no relay are needed with any number of tables, since the boards do not
    travel: ``rounds`` (default and most: ``tables``) rounds, every EW pair meeting
    every NS pair once when played in full. Pairs are ``"1NS"``... and ``"1EW"``....
    """
    check_size("tables", tables, 2)
    check_size("boards_per_round", boards_per_round, 1)
    if rounds is None:
        rounds = tables
    check_size("rounds", rounds, 1)
    if rounds > tables:
        raise MovementError(
            _(
                "rounds must be at most the {tables} tables, got {rounds!r}",
                tables=tables,
                rounds=rounds,
            )
        )
    base = Movement(
        kind=MovementKind.MITCHELL,
        rounds=tuple(
            Round(
                tables=tuple(
                    Table(
                        table=t + 1,
                        ns=f"{t + 1}NS",
                        ew=f"{(t - r) % tables + 1}EW",
                        boards=board_range(r, boards_per_round),
                    )
                    for t in range(tables)
                )
            )
            for r in range(rounds)
        ),
    )
    return barometer(base, boards_per_round)


def copies_needed(movement: Movement) -> int:
    """The copies of a board the director must deal: the most tables holding it at once."""
    most = 1
    for rnd in movement.rounds:
        at = Counter(b for t in rnd.tables for b in set(t.boards))
        most = max(most, *at.values()) if at else most
    return most


__all__ = [
    "MOST_BAROMETER_TABLES",
    "SIGNS",
    "barometer",
    "barometer_howell",
    "barometer_mitchell",
    "copies_needed",
]
