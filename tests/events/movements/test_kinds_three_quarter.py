"""3/4 Howells: every stored size proved by ``problems()``, every pair on every set once,
and the balance figures of ``docs/mitchell.md`` (3-board rounds)."""

from __future__ import annotations

from collections import Counter

import pytest

from bridgescore.events.movements import MovementError, MovementKind
from bridgescore.events.movements.three_quarter import (
    relay_stations,
    three_quarter_howell,
    three_quarter_sizes,
)
from bridgescore.report.cards import board_passing, pair_cards, table_cards

# (tables, rounds): least and most boards two pairs are compared on, quality.
FIGURES = {
    (5, 6): (0, 15, 54.61), (5, 7): (3, 18, 80.57), (5, 8): (3, 18, 78.3),
    (6, 7): (3, 18, 66.34), (6, 8): (6, 18, 69.09), (6, 9): (6, 21, 86.27),
    (7, 8): (3, 21, 70.85), (7, 9): (3, 24, 74.75), (7, 10): (6, 24, 77.16),
    (8, 10): (6, 27, 71.95), (8, 11): (3, 24, 78.98),
}  # fmt: skip


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
    m = three_quarter_howell(6, 3, 9)
    assert m.rounds[0].relay == (7, 8, 9, 16, 17, 18, 25, 26, 27)
    moves = [str(x) for x in board_passing(m)[0].moves]
    assert "boards 1-3: table 1 to relay" in moves
    assert "boards 7-9: relay to table 2" in moves


def test_unknown_size_lists_the_stored_ones() -> None:
    with pytest.raises(MovementError, match="6 tables/9 rounds"):
        three_quarter_howell(6, 3, 11)
