"""3/4 Howells: every stored size proved by ``problems()``, every pair on every set once,
and the balance figures of ``docs/mitchell.md`` (3-board rounds)."""

from __future__ import annotations

from collections import Counter

import pytest

from bridgescore.events.movements import MovementError, MovementKind
from bridgescore.events.movements.three_quarter import (
    relay_stations,
    stations,
    three_quarter_howell,
    three_quarter_sizes,
)
from bridgescore.report.cards import board_passing, pair_cards, table_cards

# (tables, rounds): least and most boards two pairs are compared on, quality.
FIGURES = {
    (5, 6): (3, 15, 72.4), (5, 7): (6, 21, 84.3), (5, 8): (3, 18, 78.3),
    (6, 7): (3, 18, 66.34), (6, 8): (6, 24, 85.29), (6, 9): (9, 27, 90.8),
    (6, 10): (9, 27, 90.3), (7, 8): (3, 21, 81.24), (7, 9): (6, 24, 82.6),
    (7, 10): (6, 27, 85.91), (7, 11): (12, 33, 91.19), (8, 10): (6, 30, 85.96),
    (8, 11): (6, 33, 88.12), (8, 12): (9, 36, 90.51),
}  # fmt: skip

# The sizes built on one circuit: 2T - S stationary pairs (S + 1 to 2T), as published.
CYCLIC = sorted(set(FIGURES) - {(5, 8), (6, 7)})


def test_the_stored_sizes() -> None:
    assert set(three_quarter_sizes()) >= set(FIGURES)


@pytest.mark.parametrize(("tables", "rounds"), sorted(FIGURES))
def test_three_quarter_howell(tables: int, rounds: int) -> None:
    m = three_quarter_howell(tables, 3, rounds)
    assert m.problems() == []
    assert m.kind is MovementKind.HOWELL
    assert not m.factored
    assert not m.shared
    assert len(m.rounds) == rounds
    assert len(m.pairs) == 2 * tables
    # every pair plays every round and every set once; pair 2T stays NS at table 1
    sets = Counter((p, t.boards) for r in m.rounds for t in r.tables for p in (t.ns, t.ew))
    assert set(sets.values()) == {1}
    assert len(sets) == 2 * tables * rounds
    assert {r.tables[0].ns for r in m.rounds} == {str(2 * tables)}
    # every table plays every set once: the sets move down one station a round
    for table in range(tables):
        assert len({r.tables[table].boards for r in m.rounds}) == rounds
    balance = m.balance()
    assert (balance.least, balance.most, round(balance.quality, 2)) == FIGURES[(tables, rounds)]
    cards = table_cards(m)
    assert len(cards) == tables
    assert len(pair_cards(m)) == 2 * tables
    assert len(board_passing(m)) == rounds - 1


def test_relay_stands_are_spread() -> None:
    assert relay_stations(6, 9) == (0, 1, 3, 4, 6, 7)
    assert relay_stations(7, 11) == (0, 1, 3, 4, 6, 7, 9)
    m = three_quarter_howell(7, 3, 11)
    # relays after tables 2, 4, 6 and 7
    assert m.rounds[0].relay == (7, 8, 9, 16, 17, 18, 25, 26, 27, 31, 32, 33)


def test_the_exeter_relays_for_six_tables() -> None:
    # relays between tables 1 and 2, 4 and 5, 6 and 1 (bridgewebs.com/exeter/info.html)
    assert stations(6, 9) == (0, 2, 3, 4, 6, 7)
    m = three_quarter_howell(6, 3, 9)
    assert m.rounds[0].relay == (4, 5, 6, 16, 17, 18, 25, 26, 27)
    moves = [str(x) for x in board_passing(m)[0].moves]
    assert "boards 1-3: table 1 to relay" in moves
    assert "boards 4-6: relay to table 1" in moves
    assert "boards 16-18: relay to table 4" in moves


@pytest.mark.parametrize(("tables", "rounds"), CYCLIC)
def test_published_shape_one_circuit(tables: int, rounds: int) -> None:
    m = three_quarter_howell(tables, 3, rounds)
    at = [{p: t.table for t in r.tables for p in (t.ns, t.ew)} for r in m.rounds]
    # pairs S + 1 to 2T never move (and so never meet each other)
    still = [str(p) for p in range(rounds + 1, 2 * tables + 1)]
    for p in still:
        assert len({seats[p] for seats in at}) == 1
    # every other pair takes the table the pair numbered one below had (pair 1 pair S's)
    for r in range(rounds - 1):
        for x in range(1, rounds + 1):
            below = str(x - 1 if x > 1 else rounds)
            assert at[r + 1][str(x)] == at[r][below]


def test_seven_tables_eleven_rounds_written_out() -> None:
    m = three_quarter_howell(7, 3, 11)
    first = [(t.ns, t.ew, t.boards[0]) for t in m.rounds[0].tables]
    assert first == [
        ("14", "1", 1), ("13", "5", 4), ("8", "10", 10), ("12", "2", 13),
        ("9", "3", 19), ("6", "7", 22), ("11", "4", 28),
    ]  # fmt: skip
    # each pair misses two of the 13 others: pair 14 misses the other stationary pairs
    met = {p for r in m.rounds for t in r.tables if "14" in (t.ns, t.ew) for p in (t.ns, t.ew)}
    assert set(map(str, range(1, 15))) - met == {"12", "13"}


def test_unknown_size_lists_the_stored_ones() -> None:
    with pytest.raises(MovementError, match="6 tables/9 rounds"):
        three_quarter_howell(6, 3, 11)
