"""How evenly a movement compares every two pairs (the figure Howells are judged by)."""

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
    the sum of ``same + opposite``: 1.0 when every two pairs are compared as often in
    the same direction as in opposite ones (a balanced Howell), lower otherwise.
    """

    pairs: tuple[tuple[str, str, Comparison], ...]
    score: float

    def get(self, first: str, second: str) -> Comparison:
        """The comparison of two pairs, in either order."""
        for a, b, comparison in self.pairs:
            if {a, b} == {first, second}:
                return comparison
        return Comparison()


def find_balance(movement: Movement) -> Balance:
    """Count, for every two pairs, the boards they play in the same and opposite directions."""
    seats: dict[str, dict[int, tuple[str, int, int]]] = defaultdict(dict)
    for number, rnd in enumerate(movement.rounds, start=1):
        for tbl in rnd.tables:
            for board in tbl.boards:
                seats[tbl.ns].setdefault(board, ("NS", number, tbl.table))
                seats[tbl.ew].setdefault(board, ("EW", number, tbl.table))
    pairs = movement.pairs
    rows: list[tuple[str, str, Comparison]] = []
    gap = total = 0
    for i, first in enumerate(pairs):
        for second in pairs[i + 1 :]:
            same = opposite = against = 0
            for board, (direction, number, table) in seats[first].items():
                other = seats[second].get(board)
                if other is None:
                    continue
                if (number, table) == other[1:]:
                    against += 1
                elif direction == other[0]:
                    same += 1
                else:
                    opposite += 1
            rows.append((first, second, Comparison(same, opposite, against)))
            gap += abs(same - opposite)
            total += same + opposite
    score = 1.0 - gap / total if total else 1.0
    return Balance(pairs=tuple(rows), score=score)
