"""Team matches: one board at two tables, and match totals.

Team 1 sits North-South at table 1 and East-West at table 2; both scores are
given as the NS score at their table, so team 1's net on the board is
``table1 − table2`` (its EW score at table 2 is the negated NS score there).

- :func:`swing`: that net in IMPs (“Puntuación de puente”: in team events the score is
  compared with the other table's);
- :func:`board_a_match`: board-a-match points — 2 won, 1 tied, 0 lost (text
  ``001``: "los únicos resultados posibles son 2 (ganados), 1 (empatados) y 0
  (perdidos) puntos por tablero"), or the same on the 1 / ½ / 0 scale. Any
  difference, even 10 points, wins the board.
- :func:`match_imps` and :func:`match_board_a_match`: a match's boards summed into
  each team's IMPs or board points; :meth:`ImpMatch.victory_points` the IMP margin on a
  victory-point scale for the match's length.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from bridgescore.core._tokens import lookup
from bridgescore.duplicate.imps import (
    DEFAULT_IMP_TABLE,
    DuplicateError,
    ImpTable,
    UnknownMethodError,
    get_imp_table,
)
from bridgescore.duplicate.vp import DEFAULT_VP_SCALE, VPScale, vp
from bridgescore.errors import marked as _


class BoardAMatchScale(StrEnum):
    """Points for a won, tied and lost board in board-a-match."""

    TWO_ONE_ZERO = "2-1-0"
    """2 / 1 / 0 (“Puntuación de puente”)."""
    ONE_HALF_ZERO = "1-½-0"
    """1 / ½ / 0."""

    @property
    def win(self) -> Fraction:
        return Fraction(2) if self is BoardAMatchScale.TWO_ONE_ZERO else Fraction(1)

    @property
    def tie(self) -> Fraction:
        return self.win / 2

    @classmethod
    def parse(cls, text: str | BoardAMatchScale) -> BoardAMatchScale:
        """``'2-1-0'`` or ``'1-½-0'`` (also ``'1-0.5-0'``, ``'1-1/2-0'``)."""
        if isinstance(text, BoardAMatchScale):
            return text
        shown = _("2-1-0 or 1-½-0 (1-0.5-0)")
        return lookup(
            text, _BAM, what=_("board-a-match scale"), error=UnknownMethodError, shown=shown
        )

    def __repr__(self) -> str:
        return f"BoardAMatchScale.{self.name}"


_BAM = {
    "210": BoardAMatchScale.TWO_ONE_ZERO,
    "1½0": BoardAMatchScale.ONE_HALF_ZERO,
    "10.50": BoardAMatchScale.ONE_HALF_ZERO,
    "1120": BoardAMatchScale.ONE_HALF_ZERO,
}


def _check(score: object, table: int) -> int:
    if isinstance(score, bool) or not isinstance(score, int):
        raise DuplicateError(
            _(
                "{score!r}: the NS score at table {table} is a whole number of NS points",
                score=score,
                table=table,
            )
        )
    return score


def net(ns_score_table1: int, ns_score_table2: int) -> int:
    """Team 1's net points on the board: its NS score plus its EW score (−table 2)."""
    first = _check(ns_score_table1, 1)
    second = _check(ns_score_table2, 2)
    return first + -second


def swing(
    ns_score_table1: int, ns_score_table2: int, table: str | ImpTable = DEFAULT_IMP_TABLE
) -> int:
    """The IMPs won by the team sitting NS at table 1 (negative when it lost).

    >>> swing(620, -100), swing(420, 420), swing(-200, 620)
    (12, 0, -13)
    """
    return get_imp_table(table).imps(net(ns_score_table1, ns_score_table2))


def board_a_match(
    ns_score_table1: int, ns_score_table2: int, scale: str | BoardAMatchScale = "2-1-0"
) -> float:
    """Board-a-match points of the team sitting NS at table 1.

    >>> board_a_match(430, 420), board_a_match(-50, -50), board_a_match(420, 450, "1-½-0")
    (2.0, 1.0, 0.0)
    """
    how = BoardAMatchScale.parse(scale)
    diff = net(ns_score_table1, ns_score_table2)
    return float(how.win if diff > 0 else how.tie if diff == 0 else Fraction(0))


@dataclass(frozen=True, slots=True)
class ImpMatch:
    """A team match at IMPs: team 1's swing on each board, and each team's IMPs."""

    swings: tuple[int, ...]
    team1: int
    team2: int

    @property
    def margin(self) -> int:
        """Team 1's IMPs minus team 2's (what a VP scale is read with)."""
        return self.team1 - self.team2

    def victory_points(self, scale: str | VPScale = DEFAULT_VP_SCALE) -> tuple[float, float]:
        """Team 1's and team 2's VPs: the margin on ``scale`` for a match of as many
        boards as it has swings (the ``wbf`` scale depends on that length).

        >>> match_imps([(620, -100), (-100, 100), (420, 420), (110, -140)]).victory_points()
        (16.09, 3.91)
        >>> match_imps([(620, -100), (-100, 100)]).victory_points("20")
        (13.0, 7.0)
        """
        return vp(self.margin, len(self.swings), scale)


@dataclass(frozen=True, slots=True)
class BoardAMatchMatch:
    """A board-a-match: team 1's points on each board, and each team's total."""

    points: tuple[float, ...]
    team1: float
    team2: float


def _pairs(boards: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    out = []
    for pair in boards:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise DuplicateError(
                _("{pair!r}: a board is (NS score at table 1, NS score at table 2)", pair=pair)
            )
        out.append(pair)
    return out


def match_imps(
    boards: Iterable[tuple[int, int]], table: str | ImpTable = DEFAULT_IMP_TABLE
) -> ImpMatch:
    """Sum a match's swings into each team's IMPs.

    >>> match_imps([(620, -100), (-100, 100), (420, 420), (110, -140)])
    ImpMatch(swings=(12, -5, 0, 6), team1=18, team2=5)
    """
    imp_table = get_imp_table(table)
    swings = tuple(swing(first, second, imp_table) for first, second in _pairs(boards))
    won = sum(s for s in swings if s > 0)
    lost = -sum(s for s in swings if s < 0)
    return ImpMatch(swings, won, lost)


def match_board_a_match(
    boards: Iterable[tuple[int, int]], scale: str | BoardAMatchScale = "2-1-0"
) -> BoardAMatchMatch:
    """Sum a board-a-match: each team's board points (each board shares 2, or 1)."""
    how = BoardAMatchScale.parse(scale)
    points = tuple(board_a_match(first, second, how) for first, second in _pairs(boards))
    full = float(how.win)
    return BoardAMatchMatch(points, sum(points), sum(full - p for p in points))
