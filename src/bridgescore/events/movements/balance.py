"""How evenly a movement compares every two pairs (the figures Howells are judged by).

Two figures, both over every two pairs of the movement:

* **comparisons**: the boards two pairs both play in the same direction at different
  tables, so that their scores are compared directly. Published Howell tables are
  judged by these: a balanced Howell compares every two pairs equally often
  (``T - 1`` sets in a complete Howell of ``T`` tables; bridgecentral.com, "Comparison of
  pairs"). :attr:`Balance.least` and :attr:`Balance.most` give the range.
* **quality** (the Qf of pjms.nl BALANS, after the EBU's "Bridge movements: the maths"):
  each two pairs get a score, summed over the boards both play: +1 in the same
  direction, -1 in opposite directions at other tables (the other pair is then an ally),
  and ``t - 1`` (half a top, ``t`` = how often the board is played) as opponents.
  ``SS`` is the sum of the squares of these scores and ``S`` their sum; ``SSmin`` is the
  least sum of squares of as many whole numbers summing to ``S``. The quality is
  ``100 * SSmin / SS``: 100 when every two pairs are equally in competition.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bridgescore.events.movements.model import Movement


@dataclass(frozen=True, slots=True)
class Comparison:
    """Boards on which two pairs both played: same direction, opposite directions, or each other."""

    same: int = 0
    opposite: int = 0
    against: int = 0


@dataclass(frozen=True, slots=True)
class Balance:
    """Comparisons for every two pairs (keyed by the ids in order of first appearance).

    ``score`` is 1 minus the sum over all two pairs of ``|same - opposite|`` divided by
    the sum of ``same + opposite`` (1.0 for a balanced Howell). ``least`` and ``most``
    are the fewest and most boards any two pairs are compared on (``same``);
    ``quality`` is the pjms.nl Qf from 0 to 100 (see the module text).
    """

    pairs: tuple[tuple[str, str, Comparison], ...]
    score: float
    least: int = 0
    most: int = 0
    quality: float = 100.0

    def get(self, first: str, second: str) -> Comparison:
        """The comparison of two pairs, in either order."""
        for a, b, comparison in self.pairs:
            if {a, b} == {first, second}:
                return comparison
        return Comparison()

    @property
    def balanced(self) -> bool:
        """Whether every two pairs are compared on as many boards (a balanced Howell)."""
        return self.least == self.most


def least_sum_of_squares(total: int, count: int) -> int:
    """The least sum of squares of ``count`` whole numbers that add up to ``total``."""
    if count <= 0:
        return 0
    share, extra = divmod(total, count)
    return (count - extra) * share * share + extra * (share + 1) * (share + 1)


def quality_factor(scores: list[int]) -> float:
    """The pjms.nl Qf of the two-pair scores: ``100 * SSmin / SS`` (100 when all are equal)."""
    squares = sum(s * s for s in scores)
    least = least_sum_of_squares(sum(scores), len(scores))
    return 100.0 if squares == least else 100.0 * least / squares


def find_balance(movement: Movement) -> Balance:
    """Count, for every two pairs, the boards they play in the same and opposite directions.

    Worked board by board (every two pairs that played it), not pair by pair over every
    board: a 60-table Mitchell has 7,000 two-pair rows but each board only its own players."""
    seats: dict[str, dict[int, tuple[str, int, int]]] = defaultdict(dict)
    plays: dict[int, int] = defaultdict(int)
    for number, rnd in enumerate(movement.rounds, start=1):
        for tbl in rnd.tables:
            for board in tbl.boards:
                plays[board] += 1
                seats[tbl.ns].setdefault(board, ("NS", number, tbl.table))
                seats[tbl.ew].setdefault(board, ("EW", number, tbl.table))
    pairs = movement.pairs
    on_board: dict[int, list[tuple[int, str, int, int]]] = defaultdict(list)
    for index, pair in enumerate(pairs):
        for board, (direction, number, table) in seats[pair].items():
            on_board[board].append((index, direction, number, table))
    counts: dict[tuple[int, int], list[int]] = {}
    for board, players in on_board.items():
        played = plays[board]
        for at, (first, direction, number, table) in enumerate(players):
            for second, other_direction, other_number, other_table in players[at + 1 :]:
                count = counts.get((first, second))
                if count is None:
                    count = counts[(first, second)] = [0, 0, 0, 0]
                if number == other_number and table == other_table:
                    count[2] += 1  # against
                    count[3] += played - 1
                elif direction == other_direction:
                    count[0] += 1  # same direction
                    count[3] += 1
                else:
                    count[1] += 1  # opposite
                    count[3] -= 1
    rows: list[tuple[str, str, Comparison]] = []
    scores: list[int] = []
    gap = total = 0
    nothing = (0, 0, 0, 0)
    for i, first_pair in enumerate(pairs):
        for j in range(i + 1, len(pairs)):
            same, opposite, against, competition = counts.get((i, j), nothing)
            rows.append((first_pair, pairs[j], Comparison(same, opposite, against)))
            scores.append(competition)
            gap += abs(same - opposite)
            total += same + opposite
    score = 1.0 - gap / total if total else 1.0
    compared = [c.same for _, _, c in rows]
    return Balance(
        pairs=tuple(rows),
        score=score,
        least=min(compared, default=0),
        most=max(compared, default=0),
        quality=quality_factor(scores),
    )
