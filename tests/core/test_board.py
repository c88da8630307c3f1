"""The board schedule: board number -> dealer and vulnerability, repeating every 16 boards.

Dealer: the Finnish seed's "Jakojen vyöhykkeet ja jakajat" (N, E, S, W from board 1).
Vulnerability: the Spanish seed's sixteen-board table, column 'Vulnerabilidad'.
"""

from __future__ import annotations

import pytest

from bridgescore import BoardInfo, Seat, Vulnerability, board_info

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NONE, NS, EW, BOTH = Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH

SCHEDULE = {
    1: (N, NONE),
    2: (E, NS),
    3: (S, EW),
    4: (W, BOTH),
    5: (N, NS),
    6: (E, EW),
    7: (S, BOTH),
    8: (W, NONE),
    9: (N, EW),
    10: (E, BOTH),
    11: (S, NONE),
    12: (W, NS),
    13: (N, BOTH),
    14: (E, NONE),
    15: (S, NS),
    16: (W, EW),
}

# 001 'Resultados de ejemplo para un partido de dieciséis tableros': Tablero, Distribuidor,
# Vulnerabilidad, as printed (machine-translated: 'norte' North, 'mi' E, 'Ambas cosas' Both).
SPANISH_TABLE = """
1 norte Ninguno
2 mi NS
3 S EW
4 W Ambas cosas
5 norte NS
6 mi EW
7 S Ambas cosas
8 W Ninguno
9 norte EW
10 mi Ambas cosas
11 S Ninguno
12 W NS
13 norte Ambas cosas
14 mi Ninguno
15 S NS
16 W EW
"""
SPANISH_SEATS = {"norte": N, "mi": E, "S": S, "W": W}
SPANISH_VULNERABILITY = {"Ninguno": NONE, "NS": NS, "EW": EW, "Ambas cosas": BOTH}


@pytest.mark.parametrize(("number", "expected"), SCHEDULE.items())
def test_the_sixteen_boards(number: int, expected: tuple[Seat, Vulnerability]) -> None:
    info = BoardInfo.of(number)
    assert info == BoardInfo(number, *expected)
    assert (info.dealer, info.vulnerability) == expected
    assert board_info(number) == info
    assert BoardInfo.parse(str(number)) == info


def test_dealer_rotates_clockwise() -> None:
    assert [BoardInfo.of(n).dealer for n in range(1, 17)] == [N, E, S, W] * 4


def test_vulnerability_column() -> None:
    assert [BoardInfo.of(n).vulnerability for n in range(1, 17)] == [
        NONE, NS, EW, BOTH, NS, EW, BOTH, NONE, EW, BOTH, NONE, NS, BOTH, NONE, NS, EW,
    ]  # fmt: skip


def test_each_side_is_vulnerable_on_eight_boards() -> None:
    for seat in (N, E):
        assert sum(BoardInfo.of(n).vulnerability.is_vulnerable(seat) for n in range(1, 17)) == 8


@pytest.mark.parametrize("number", [*range(17, 33), 1000, 1001, 10_000, 123_457])
def test_the_schedule_repeats_every_16_boards(number: int) -> None:
    info = BoardInfo.of(number)
    assert info.number == number
    assert (info.dealer, info.vulnerability) == SCHEDULE[(number - 1) % 16 + 1]


def test_board_1000() -> None:
    # 1000 = 62 * 16 + 8: board 8's dealer and vulnerability
    assert BoardInfo.of(1000) == BoardInfo(1000, W, NONE)


def test_spanish_table_agrees() -> None:
    rows = [line.split(" ", 2) for line in SPANISH_TABLE.strip().splitlines()]
    assert len(rows) == 16
    for number, dealer, vulnerability in rows:
        info = BoardInfo.of(int(number))
        assert info.dealer is SPANISH_SEATS[dealer]
        assert info.vulnerability is SPANISH_VULNERABILITY[vulnerability]
