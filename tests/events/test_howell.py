"""Howells: complete ones sound and complete (their balance, size by size:
movements/test_howell_sizes.py); cut-short and odd-pair ones sound."""

from __future__ import annotations

import importlib
import importlib.util
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.events.movements import MOST_TABLES, Movement, MovementError, howell
from bridgescore.events.movements.balance import least_sum_of_squares, quality_factor
from bridgescore.events.movements.howell_tables import (
    BASE_ROUNDS,
    ODD_BASE_ROUNDS,
    SMALL_HOWELLS,
)
from bridgescore.events.movements.short_howell import short_howell

howell_module = importlib.import_module("bridgescore.events.movements.howell")
BENCH = Path(__file__).parents[2] / "bench" / "howell_balance.py"


def _sets_played(movement: Movement) -> dict[str, Counter[int]]:
    played: dict[str, Counter[int]] = {}
    for rnd in movement.rounds:
        for t in rnd.tables:
            for pair in (t.ns, t.ew):
                played.setdefault(pair, Counter())[t.boards[0]] += 1
    return played


@pytest.mark.parametrize("tables", range(2, MOST_TABLES + 1))
def test_complete_howell_is_sound_complete_and_plays_every_set_once(tables: int) -> None:
    movement = howell(tables, 3)
    assert movement.problems() == []
    assert len(movement.rounds) == 2 * tables - 1
    pairs = movement.pairs
    assert len(pairs) == 2 * tables
    meetings = Counter(frozenset((t.ns, t.ew)) for r in movement.rounds for t in r.tables)
    assert len(meetings) == len(pairs) * (len(pairs) - 1) // 2
    assert set(meetings.values()) == {1}
    first_boards = {b for b in movement.boards if b % 3 == 1}
    for counts in _sets_played(movement).values():
        assert set(counts) == first_boards
        assert set(counts.values()) == {1}
    plays = Counter(b for r in movement.rounds for t in r.tables for b in t.boards)
    assert set(plays.values()) == {tables}
    assert not movement.factored
    assert bool(movement.shared) == (tables <= 3)


def test_stored_base_rounds_are_sound_cyclic_rounds() -> None:
    for tables, base in BASE_ROUNDS.items():
        n = 2 * tables - 1
        assert base[0] == (n, 0, 0)
        differences = sorted(min((a - b) % n, (b - a) % n) for a, b, _ in base[1:])
        assert differences == list(range(1, tables))
        offsets = sorted((s - p) % n for ns, ew, s in base for p in (ns, ew) if p != n)
        assert offsets == list(range(n))
        assert len({s for _, _, s in base}) == tables
    assert set(SMALL_HOWELLS) == {2, 3}
    assert set(BASE_ROUNDS) == set(range(4, MOST_TABLES + 1))


def test_stored_odd_base_rounds_are_sound_cyclic_rounds() -> None:
    """``T - 1`` tables on ``2T - 1`` places: differences ``1`` to ``T - 1`` once each, and
    ``set - pair`` different at every seat (so every pair meets every other once and plays
    every set at most once); one pair missing, and no set twice."""
    for tables, base in ODD_BASE_ROUNDS.items():
        n = 2 * tables - 1
        assert len(base) == tables - 1
        differences = sorted(min((a - b) % n, (b - a) % n) for a, b, _ in base)
        assert differences == list(range(1, tables))
        offsets = [(s - p) % n for ns, ew, s in base for p in (ns, ew)]
        assert len(set(offsets)) == n - 1
        assert len({p for ns, ew, _ in base for p in (ns, ew)}) == n - 1
        assert len({s for _, _, s in base}) == tables - 1
    assert set(ODD_BASE_ROUNDS) == set(range(4, MOST_TABLES + 1))


@pytest.mark.parametrize("tables", [4, 6, 7, 9, 10, 12, 15, 16, 19])
def test_odd_pairs_are_balanced_where_two_t_minus_one_is_prime(tables: int) -> None:
    """The Legendre symbol's signs compare every two of ``2T - 1`` pairs on ``T - 2`` sets."""
    balance = howell(tables, 1, pairs=2 * tables - 1).balance()
    assert (balance.least, balance.most, balance.quality) == (tables - 2, tables - 2, 100.0)


@pytest.mark.parametrize("tables", [4, 5, 6, 7])
def test_search_finds_a_round_as_good_as_the_stored_one(tables: int) -> None:
    base = howell_module.search_base_round(tables, seed=3)
    grid = howell_module.expand(tables, base)
    found = howell_module._movement(grid, 1, sit_out=False).balance()
    stored = howell(tables, 1).balance()
    assert (found.least, found.most, found.quality) == (stored.least, stored.most, stored.quality)


def test_published_four_table_howell_is_balanced() -> None:
    spec = importlib.util.spec_from_file_location("howell_balance", BENCH)
    assert spec is not None
    assert spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    published = bench.bridgecentral_four_tables()
    assert published.problems() == []
    balance = published.balance()
    # bridgecentral: pair 1 is compared with pair 6 on sets 1, 3 and 4 (two boards each).
    assert balance.get("1", "6").same == 6
    assert balance.balanced
    assert balance.least == 6
    assert balance.quality == 100.0


def test_least_sum_of_squares() -> None:
    assert least_sum_of_squares(10, 4) == 9 + 9 + 4 + 4
    assert least_sum_of_squares(-3, 2) == 4 + 1
    assert quality_factor([2, 2, 2]) == 100.0
    assert quality_factor([0, 4]) == pytest.approx(100 * 8 / 16)


@pytest.mark.parametrize("tables", range(3, MOST_TABLES + 1))
def test_odd_pairs_sit_out_in_turn(tables: int) -> None:
    movement = howell(tables, 2, pairs=2 * tables - 1)
    assert movement.problems() == []
    assert len(movement.pairs) == 2 * tables - 1
    out = [pair for rnd in movement.rounds for pair in rnd.sit_outs]
    assert sorted(out, key=int) == [str(p) for p in range(1, 2 * tables)]
    assert all(len(rnd.tables) == tables - 1 for rnd in movement.rounds)
    assert not movement.factored


@settings(max_examples=30, deadline=None)
@given(
    tables=st.integers(min_value=2, max_value=13),
    boards=st.integers(min_value=1, max_value=4),
    odd=st.booleans(),
    data=st.data(),
)
def test_cut_short_howells_are_sound(
    tables: int, boards: int, odd: bool, data: st.DataObject
) -> None:
    n = 2 * tables - 1
    rounds = data.draw(st.integers(min_value=1, max_value=n))
    pairs = n if odd else n + 1
    if 10 * (rounds - odd) < 7 * n or (odd and tables == 2):
        # Short schedules may be refused, with a message naming the argument.
        try:
            movement = howell(tables, boards, rounds, pairs=pairs)
        except MovementError as error:
            message = str(error)
            assert message.startswith(("rounds:", "pairs:"))
            return
    else:
        movement = howell(tables, boards, rounds, pairs=pairs)
    assert movement.problems() == []
    assert len(movement.rounds) == rounds
    assert len(movement.pairs) == pairs
    meetings = Counter(frozenset((t.ns, t.ew)) for r in movement.rounds for t in r.tables)
    assert set(meetings.values()) == {1}
    plays = Counter(b for r in movement.rounds for t in r.tables for b in t.boards)
    assert movement.factored == (len(set(plays.values())) > 1)
    assert Movement.from_json(movement.to_json()) == movement


@pytest.mark.parametrize("tables", range(2, MOST_TABLES + 1))
def test_cut_short_to_seventy_percent_keeps_the_first_rounds(tables: int) -> None:
    n = 2 * tables - 1
    rounds = -(-7 * n // 10)
    if rounds == n:
        return
    movement = howell(tables, 1, rounds)
    assert movement.problems() == []
    if short_howell(tables, 1, rounds, pairs=2 * tables) is not None:
        return  # a cut-short Howell of its own (docs/short-howell.md)
    cyclic = howell_module._movement(howell_module.complete_rounds(tables), 1, sit_out=False)
    assert movement.rounds == cyclic.rounds[:rounds]


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"tables": MOST_TABLES + 1, "boards_per_round": 2}, "tables"),
        ({"tables": 1, "boards_per_round": 2}, "tables"),
        ({"tables": 4, "boards_per_round": 0}, "boards_per_round"),
        ({"tables": 4, "boards_per_round": 2, "rounds": 0}, "rounds"),
        ({"tables": 4, "boards_per_round": 2, "rounds": 8}, "rounds"),
        ({"tables": 4, "boards_per_round": 2, "pairs": 6}, "pairs"),
        ({"tables": 4, "boards_per_round": 2, "pairs": True}, "pairs"),
        ({"tables": 2, "boards_per_round": 2, "pairs": 3}, "pairs"),
    ],
)
def test_impossible_arguments_name_the_argument(kwargs: dict[str, int], name: str) -> None:
    with pytest.raises(MovementError, match=name):
        howell(**kwargs)
