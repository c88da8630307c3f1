"""The stagger Mitchell: two rows of tables sharing boards, EW down two tables, two stanzas.

Proved by ``problems()``, its seating written out for 4 tables, every EW pair meeting
every NS pair once and playing every set once, and its balance held to the figures of
``docs/mitchell.md`` (3-board rounds)."""

from __future__ import annotations

from collections import Counter

import pytest

from bridgescore.events.movements import MovementError, MovementKind
from bridgescore.events.movements.mitchell import stagger_mitchell
from bridgescore.events.movements.spec import MovementSpec
from bridgescore.events.movements.suggest import SUGGESTED_KINDS
from bridgescore.report.cards import board_passing, pair_cards, table_cards

# tables: least and most boards (of 3 a round) two pairs are compared on, quality.
FIGURES = {
    4: (0, 12, 43.06), 6: (0, 18, 45.56), 8: (0, 24, 46.73), 10: (0, 30, 47.41),
    12: (0, 36, 47.85),
}  # fmt: skip


def test_four_tables_written_out() -> None:
    m = stagger_mitchell(4, 2)
    seats = [[(t.ns, t.ew, t.boards[0]) for t in r.tables] for r in m.rounds]
    # Round 1: sets 1 and 2 (boards 1-2, 3-4) on both rows; EW pairs at their own tables.
    assert seats[0] == [("1NS", "1EW", 1), ("2NS", "2EW", 3), ("3NS", "3EW", 1), ("4NS", "4EW", 3)]
    # EW down two tables, boards down one within the row.
    assert seats[1] == [("1NS", "3EW", 3), ("2NS", "4EW", 1), ("3NS", "1EW", 3), ("4NS", "2EW", 1)]
    # Stanza break: new sets 3 and 4, EW down one table.
    assert seats[2] == [("1NS", "4EW", 5), ("2NS", "1EW", 7), ("3NS", "2EW", 5), ("4NS", "3EW", 7)]
    assert seats[3] == [("1NS", "2EW", 7), ("2NS", "3EW", 5), ("3NS", "4EW", 7), ("4NS", "1EW", 5)]
    assert m.shared == frozenset(range(1, 9))


@pytest.mark.parametrize("tables", sorted(FIGURES))
def test_stagger_mitchell(tables: int) -> None:
    m = stagger_mitchell(tables, 3)
    assert m.problems() == []
    assert m.kind is MovementKind.MITCHELL
    assert not m.factored
    assert len(m.rounds) == tables
    # every EW pair meets every NS pair once and plays every set once
    meets = Counter((t.ns, t.ew) for r in m.rounds for t in r.tables)
    assert len(meets) == tables * tables
    assert set(meets.values()) == {1}
    sets = Counter((t.ew, t.boards) for r in m.rounds for t in r.tables)
    assert len(sets) == tables * tables
    assert set(sets.values()) == {1}
    # table j and table j + T/2 share a set every round
    half = tables // 2
    for r in m.rounds:
        for j in range(half):
            assert r.tables[j].boards == r.tables[j + half].boards
    balance = m.balance()
    assert (balance.least, balance.most, round(balance.quality, 2)) == FIGURES[tables]
    assert len(table_cards(m)) == tables
    assert len(pair_cards(m)) == 2 * tables
    assert len(board_passing(m)) == tables - 1


def test_one_stanza_plays_half_the_sets_equally() -> None:
    m = stagger_mitchell(6, 3, 3)
    assert m.problems() == []
    assert not m.factored
    assert {b for r in m.rounds for t in r.tables for b in t.boards} == set(range(1, 10))
    # each EW pair meets the three NS pairs of its own parity: EW 1 tables 1, 5, 3
    assert [next(t.table for t in r.tables if t.ew == "1EW") for r in m.rounds] == [1, 5, 3]


def test_spec_and_errors() -> None:
    spec = MovementSpec.parse("stagger-mitchell:8x3")
    assert str(spec) == "stagger-mitchell:8x3"
    assert len(spec.build().rounds) == 8
    assert len(MovementSpec.parse("stagger-mitchell:8x3:rounds=4").build().rounds) == 4
    with pytest.raises(MovementError, match="tables must be even for a stagger Mitchell"):
        stagger_mitchell(7, 3)
    with pytest.raises(MovementError, match="rounds must be at most the 8 tables, got 9"):
        stagger_mitchell(8, 3, 9)
    with pytest.raises(MovementError, match="tables must be a whole number from 4"):
        MovementSpec.parse("stagger-mitchell:2x3").build()
    # every set shared: asked for by name, never suggested
    assert "stagger-mitchell" not in SUGGESTED_KINDS
