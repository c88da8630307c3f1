"""Cut-short Howells (fewer rounds than the complete ``2T - 1``) that play every board set
equally often, as published club movements do.

:func:`short_howell` gives the movement for a size where one is stored, else ``None`` and
:func:`~bridgescore.events.movements.howell.howell` falls back to cutting its complete
Howell short.

Two kinds of schedule are stored in :mod:`.short_howell_tables` (``docs/short-howell.md``):

* **cyclic** (``T <= R <= 2T - 2``): ``R`` moving pairs and ``R`` sets advance by one a
  round round a circle of ``R``, and ``2T - R`` pairs stay at their tables. The first
  round fixes who meets whom and which set each table plays; every pair plays every set
  once, so every set is played at ``T`` tables. Who sits North-South is stored for every
  table of every round (turning tables round evens out the comparisons).
* **explicit rows** where no cyclic first round exists (for example 4 tables, 4 to 6
  rounds) or with fewer rounds than tables (``T`` sets, all in play every round).
* **patterned** and **Latin** schedules of 10 to 20 tables near ``T`` rounds, built from
  the patterned one-factorisation or two orthogonal Latin squares
  (:mod:`.short_howell_patterned`).

With an odd number of pairs, pair ``2T`` is missing: in a cyclic schedule it is one of
the pairs that stay at their table, so its table (table 1 of the even schedule) is not
used, the other tables are numbered 1 to ``T - 1`` and its opponent of the round sits
out; every set is then played at ``T - 1`` tables. With fewer rounds than tables the odd
field has its own schedule: ``T - 1`` sets at ``T - 1`` tables, one pair out a round.
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgescore.events.movements.model import (
    Movement,
    MovementKind,
    Round,
    Table,
    board_range,
)
from bridgescore.events.movements.short_howell_patterned import (
    LATIN,
    PATTERNED,
    latin,
    patterned,
)
from bridgescore.events.movements.short_howell_tables import ROWS, SKELETONS, TURNED

Seat = tuple[int, int, int]
"""One table of a round: North-South pair, East-West pair, set (all counted from 0)."""


def expand(rounds: int, base: Sequence[Seat]) -> list[list[Seat]]:
    """Every round of the cyclic schedule whose first round is ``base``: pairs below
    ``rounds`` and every set advance by one a round (modulo ``rounds``), the others stay."""

    def move(pair: int, r: int) -> int:
        return pair if pair >= rounds else (pair + r) % rounds

    return [[(move(a, r), move(b, r), (s + r) % rounds) for a, b, s in base] for r in range(rounds)]


def short_howell(tables: int, boards_per_round: int, rounds: int, *, pairs: int) -> Movement | None:
    """The cut-short Howell of ``tables`` tables and ``rounds`` rounds for ``pairs`` pairs
    (``2T`` or ``2T - 1``), or ``None`` where none is stored."""
    odd = pairs == 2 * tables - 1
    missing: int | None = 2 * tables - 1 if odd else None
    if (tables, rounds) in SKELETONS and (tables, rounds, odd) in TURNED:
        grid = expand(rounds, SKELETONS[(tables, rounds)])
        turned = int(TURNED[(tables, rounds, odd)], 16)
    elif (tables, rounds, odd) in ROWS:
        rows, turned = ROWS[(tables, rounds, odd)]
        grid = [list(row) for row in rows]
        if rounds < tables:
            missing = None  # the odd field's own schedule has no missing pair
    elif (tables, rounds, odd) in PATTERNED:
        sets, bits = PATTERNED[(tables, rounds, odd)]
        grid = patterned(tables, rounds, odd=odd, sets=sets)
        turned = int(bits, 16)
        missing = None  # the odd field's meetings leave the centre pair out
    elif (tables, rounds, odd) in LATIN:
        grid = latin(tables, rounds)
        turned = int(LATIN[(tables, rounds, odd)], 16)
    else:
        return None
    return _movement(grid, boards_per_round, turned, missing, pairs)


def _movement(
    grid: list[list[Seat]], boards_per_round: int, turned: int, missing: int | None, pairs: int
) -> Movement:
    """The movement of a schedule: tables whose bit is set in ``turned`` (bit
    ``round * width + table``) turned round; the ``missing`` pair's table left out."""
    width = len(grid[0])
    in_use = sorted({s for row in grid for _a, _b, s in row})
    schedule: list[Round] = []
    for r, row in enumerate(grid):
        seats: list[Table] = []
        out: list[str] = []
        at_tables: set[int] = set()
        seated: set[int] = set()
        for k, (a, b, s) in enumerate(row):
            if missing in (a, b):
                out.append(str((b if a == missing else a) + 1))
                continue
            ns, ew = (b, a) if turned >> (r * width + k) & 1 else (a, b)
            at_tables.add(s)
            seated.update((a, b))
            seats.append(
                Table(len(seats) + 1, str(ns + 1), str(ew + 1), board_range(s, boards_per_round))
            )
        if missing is None:
            out.extend(str(p + 1) for p in range(pairs) if p not in seated)
        relay = tuple(
            b for s in in_use if s not in at_tables for b in board_range(s, boards_per_round)
        )
        schedule.append(Round(tables=tuple(seats), sit_outs=tuple(out), relay=relay))
    return Movement(kind=MovementKind.HOWELL, rounds=tuple(schedule))
