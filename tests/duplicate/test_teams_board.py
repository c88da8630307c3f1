"""Team boards: the swing in IMPs, board-a-match points, match totals.

Real data: the RealBridge file of the 2021 European online qualifier, round 2
(dominicprice/endplay tests/pbn/example2.pbn), copied as plain numbers: for each board
the NS score at each of the match's two tables and the ScoreIMP the file gives.
"""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgescore.duplicate.teams as teams_module
from bridgescore.duplicate.imps import DuplicateError, UnknownMethodError, imps
from bridgescore.duplicate.teams import (
    BoardAMatchMatch,
    BoardAMatchScale,
    ImpMatch,
    board_a_match,
    match_board_a_match,
    match_imps,
    net,
    swing,
)
from bridgescore.duplicate.vp import vp, wbf_table

# Board 11 of several matches: (NS score where team 1 sat NS, NS score at the other table,
# team 1's ScoreIMP).
REALBRIDGE_BOARD_11 = [
    (0, -150, 4),  # AUSTRIA v DENMARK
    (120, 90, 1),  # ROMANIA v ISRAEL
    (90, -50, 4),  # SWEDEN v CROATIA
    (-90, -50, -1),  # LITHUANIA v FRANCE
    (90, -180, 7),  # ESTONIA v RUSSIA
    (90, 90, 0),  # NORWAY v SLOVENIA
    (-50, -470, 9),  # POLAND v UKRAINE
    (-110, 120, -6),  # SCOTLAND v ENGLAND
    (120, -50, 5),  # TURKEY v SWITZERLAND
]

# AUSTRIA v DENMARK, boards 11-20: (NS score with Austria NS, NS score with Denmark NS).
AUSTRIA_DENMARK = [
    (0, -150), (-100, 620), (130, 110), (420, 450), (90, 180),
    (140, -50), (550, 300), (-430, -490), (450, 450), (660, 600),
]  # fmt: skip
AUSTRIA_SWINGS = (4, -12, 1, -1, -3, 5, 6, 2, 0, 2)


@pytest.mark.parametrize(("table1", "table2", "won"), REALBRIDGE_BOARD_11)
def test_realbridge_swings(table1: int, table2: int, won: int) -> None:
    assert swing(table1, table2) == won
    assert swing(table2, table1) == -won  # the other team's view


def test_realbridge_match_totals() -> None:
    match = match_imps(AUSTRIA_DENMARK)
    assert match == ImpMatch(AUSTRIA_SWINGS, 20, 16)
    assert match.margin == 4


def test_match_victory_points() -> None:
    # A 4-IMP win over 10 boards: the WBF table's cell for 4 IMPs at 10 boards, 11.50.
    match = match_imps(AUSTRIA_DENMARK)
    assert wbf_table(10)[4] == 1150
    assert match.victory_points() == (11.5, 8.5)
    assert match.victory_points() == vp(4, 10, "wbf")
    assert match.victory_points("20") == vp(4, scale="20")
    other_way = match_imps([(b, a) for a, b in AUSTRIA_DENMARK])
    assert other_way.victory_points() == match.victory_points()[::-1]
    other_way = match_imps([(b, a) for a, b in AUSTRIA_DENMARK])
    assert (other_way.team1, other_way.team2, other_way.margin) == (16, 20, -4)


def test_net_is_table1_ns_plus_table2_ew() -> None:
    # Team 1 scores +620 at table 1 (NS); at table 2 it sits EW while NS there score −100,
    # so team 1's EW score is +100: net +720.
    assert net(620, -100) == 720
    assert swing(620, -100) == imps(720) == 12
    assert net(-100, -100) == 0
    assert swing(-1430, 1430) == -imps(2860)


def test_board_a_match() -> None:
    # 001: 'los únicos resultados posibles son 2 (ganados), 1 (empatados) y 0 (perdidos)'.
    assert [board_a_match(430, 420), board_a_match(420, 420), board_a_match(420, 430)] == [2, 1, 0]
    assert board_a_match(-50, -100) == 2  # beating the other table by 50
    for name in ("1-½-0", "1-0.5-0", "1-1/2-0"):
        assert [board_a_match(430, 420, name), board_a_match(0, 0, name)] == [1, 0.5]
        assert board_a_match(-620, 620, name) == 0
    assert BoardAMatchScale.parse("2-1-0") is BoardAMatchScale.TWO_ONE_ZERO
    assert repr(BoardAMatchScale.ONE_HALF_ZERO) == "BoardAMatchScale.ONE_HALF_ZERO"
    with pytest.raises(UnknownMethodError, match="2-1-0 or 1-½-0"):
        board_a_match(1, 2, "3-1-0")


def test_board_a_match_totals() -> None:
    match = match_board_a_match(AUSTRIA_DENMARK)
    assert match.points == (2, 0, 2, 0, 0, 2, 2, 2, 1, 2)
    assert (match.team1, match.team2) == (13, 7)
    halves = match_board_a_match(AUSTRIA_DENMARK, "1-½-0")
    assert halves == BoardAMatchMatch(tuple(p / 2 for p in match.points), 6.5, 3.5)


def test_other_imp_tables() -> None:
    assert swing(4000, 0, "1938") == 12
    assert match_imps([(2000, 0), (0, 55)], "1948") == ImpMatch((11, -1), 11, 1)


def test_bad_input() -> None:
    with pytest.raises(DuplicateError, match="table 1"):
        swing("620", -100)  # type: ignore[arg-type]
    with pytest.raises(DuplicateError, match="table 2"):
        board_a_match(620, 1.5)  # type: ignore[arg-type]
    with pytest.raises(DuplicateError, match="a board is"):
        match_imps([(620, -100, 0)])  # type: ignore[list-item]
    assert match_imps([]) == ImpMatch((), 0, 0)


SCORES = st.integers(min_value=-800, max_value=800).map(lambda x: 10 * x)
BOARDS = st.lists(st.tuples(SCORES, SCORES), max_size=24)


@given(SCORES, SCORES)
def test_swing_is_antisymmetric(a: int, b: int) -> None:
    assert swing(a, b) == -swing(b, a)
    assert board_a_match(a, b) + board_a_match(b, a) == 2


@given(BOARDS)
def test_match_totals(boards: list[tuple[int, int]]) -> None:
    match = match_imps(boards)
    assert match.margin == sum(match.swings)
    assert match.team1 >= 0
    assert match.team2 >= 0
    bam = match_board_a_match(boards)
    assert bam.team1 + bam.team2 == 2 * len(boards)


def test_module_doctests() -> None:
    assert doctest.testmod(teams_module).failed == 0
