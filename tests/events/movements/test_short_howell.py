"""Cut-short Howells that play every set equally often (``docs/short-howell.md``): for every
stored size, sound, not factored, every pair out at most once, and the balance the docs
print; ``howell()`` hands them out."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from bridgescore.events.movements import MOST_TABLES, howell
from bridgescore.events.movements.short_howell import short_howell

DOC = Path(__file__).parents[3] / "docs" / "short-howell.md"
ROW = re.compile(r"^\| (\d+) \| (\d+) \| (\d+) \| (\d+)-(\d+) \| ([\d.]+) \|", re.M)

# (tables, rounds, pairs): (least, most, quality) with one board a round, as
# docs/short-howell.md prints them.
FIGURES: dict[tuple[int, int, int], tuple[int, int, float]] = {
    (3, 3, 6): (0, 2, 44.44),
    (3, 4, 6): (0, 2, 50.0),
    (3, 4, 5): (0, 1, 28.57),
    (4, 3, 8): (0, 1, 26.67),
    (4, 4, 8): (0, 2, 45.83),
    (4, 4, 7): (0, 2, 41.67),
    (4, 6, 8): (2, 3, 80.0),
    (4, 6, 7): (1, 2, 61.11),
    (5, 4, 10): (0, 2, 43.27),
    (5, 4, 9): (0, 2, 41.86),
    (5, 5, 10): (0, 3, 67.65),
    (5, 5, 9): (1, 3, 39.71),
    (5, 6, 10): (2, 4, 62.26),
    (5, 6, 9): (1, 3, 47.68),
    (5, 7, 10): (2, 5, 78.85),
    (5, 7, 9): (1, 3, 62.58),
    (5, 8, 10): (2, 5, 81.46),
    (5, 8, 9): (2, 4, 82.5),
    (6, 5, 12): (1, 3, 37.25),
    (6, 5, 11): (0, 3, 47.5),
    (6, 6, 12): (2, 4, 51.22),
    (6, 6, 11): (1, 4, 63.08),
    (6, 7, 12): (2, 5, 71.67),
    (6, 7, 11): (1, 4, 72.27),
    (6, 8, 12): (2, 5, 73.03),
    (6, 8, 11): (2, 4, 58.75),
    (6, 9, 12): (3, 5, 76.13),
    (6, 9, 11): (2, 4, 68.81),
    (6, 10, 12): (4, 5, 88.46),
    (6, 10, 11): (3, 5, 90.24),
    (7, 5, 14): (0, 3, 47.6),
    (7, 6, 14): (1, 4, 55.02),
    (7, 6, 13): (1, 4, 55.24),
    (7, 7, 14): (2, 5, 56.62),
    (7, 7, 13): (1, 4, 47.7),
    (7, 8, 14): (2, 6, 73.6),
    (7, 8, 13): (2, 5, 55.03),
    (7, 9, 14): (2, 6, 76.65),
    (7, 9, 13): (2, 5, 66.9),
    (7, 10, 14): (3, 6, 70.76),
    (7, 10, 13): (2, 5, 69.53),
    (7, 11, 14): (3, 7, 86.03),
    (7, 11, 13): (3, 6, 80.11),
    (7, 12, 14): (4, 7, 84.05),
    (7, 12, 13): (3, 6, 87.68),
    (8, 6, 16): (1, 4, 40.89),
    (8, 6, 15): (1, 4, 39.62),
    (8, 7, 16): (1, 4, 43.72),
    (8, 7, 15): (1, 5, 58.5),
    (8, 8, 16): (2, 6, 62.72),
    (8, 8, 15): (1, 5, 62.33),
    (8, 9, 16): (2, 6, 65.93),
    (8, 9, 15): (2, 5, 54.14),
    (8, 10, 16): (3, 6, 55.74),
    (8, 10, 15): (2, 6, 70.59),
    (8, 11, 16): (4, 7, 66.28),
    (8, 11, 15): (3, 6, 64.39),
    (8, 12, 16): (4, 8, 74.76),
    (8, 12, 15): (3, 6, 69.52),
    (8, 13, 16): (4, 8, 84.95),
    (8, 13, 15): (4, 7, 75.0),
    (8, 14, 16): (5, 8, 85.64),
    (8, 14, 15): (4, 7, 88.43),
    (9, 7, 18): (1, 4, 44.51),
    (9, 7, 17): (1, 4, 42.56),
    (9, 8, 18): (1, 5, 56.25),
    (9, 8, 17): (1, 5, 53.56),
    (9, 9, 18): (2, 6, 50.73),
    (9, 9, 17): (2, 6, 54.61),
    (9, 10, 18): (3, 7, 54.55),
    (9, 10, 17): (2, 6, 59.27),
    (9, 11, 18): (3, 7, 59.48),
    (9, 11, 17): (3, 7, 57.52),
    (9, 12, 18): (4, 8, 66.95),
    (9, 12, 17): (3, 7, 67.04),
    (9, 13, 18): (4, 8, 69.65),
    (9, 13, 17): (3, 7, 73.67),
    (9, 14, 18): (5, 9, 78.36),
    (9, 14, 17): (4, 8, 75.76),
    (9, 15, 18): (5, 9, 81.21),
    (9, 15, 17): (4, 8, 85.29),
    (9, 16, 18): (5, 9, 88.61),
    (9, 16, 17): (5, 8, 87.09),
    (10, 7, 20): (1, 4, 37.68),
    (10, 8, 20): (1, 5, 48.74),
    (10, 8, 19): (1, 5, 49.73),
    (10, 12, 20): (4, 8, 58.17),
    (10, 12, 19): (3, 7, 56.72),
    (10, 13, 20): (4, 8, 60.1),
    (10, 13, 19): (3, 7, 57.97),
    (10, 14, 20): (4, 8, 68.23),
    (10, 14, 19): (4, 8, 65.39),
    (10, 15, 20): (5, 9, 70.76),
    (10, 15, 19): (4, 8, 71.68),
    (10, 16, 20): (6, 10, 77.31),
    (10, 16, 19): (5, 9, 77.08),
    (10, 17, 20): (6, 10, 83.32),
    (10, 17, 19): (5, 9, 81.0),
    (10, 18, 20): (6, 10, 85.81),
    (10, 18, 19): (6, 10, 86.74),
    (11, 11, 22): (3, 7, 44.86),
    (11, 11, 21): (3, 7, 44.18),
    (11, 12, 22): (4, 8, 52.09),
    (11, 12, 21): (3, 8, 64.2),
    (11, 13, 22): (4, 9, 67.23),
    (11, 13, 21): (3, 8, 67.8),
    (11, 14, 22): (4, 8, 58.66),
    (11, 14, 21): (4, 8, 57.14),
    (11, 15, 22): (5, 9, 64.03),
    (11, 15, 21): (4, 9, 72.22),
    (11, 16, 22): (6, 10, 68.19),
    (11, 16, 21): (4, 9, 76.15),
    (11, 17, 22): (6, 11, 80.42),
    (11, 17, 21): (5, 9, 73.59),
    (11, 18, 22): (6, 11, 84.39),
    (11, 18, 21): (5, 10, 84.67),
    (11, 19, 22): (7, 11, 82.99),
    (11, 19, 21): (6, 11, 85.54),
    (11, 20, 22): (8, 12, 88.03),
    (11, 20, 21): (6, 11, 91.86),
    (12, 14, 24): (4, 9, 59.95),
    (12, 14, 23): (3, 8, 57.07),
    (12, 15, 24): (5, 10, 62.11),
    (12, 15, 23): (4, 9, 64.31),
    (12, 16, 24): (5, 10, 68.84),
    (12, 16, 23): (5, 10, 65.57),
    (12, 17, 24): (6, 11, 68.43),
    (12, 17, 23): (5, 10, 72.11),
    (12, 18, 24): (6, 11, 73.37),
    (12, 18, 23): (6, 11, 72.87),
    (12, 19, 24): (7, 11, 74.21),
    (12, 19, 23): (6, 11, 77.38),
    (12, 20, 24): (7, 12, 83.29),
    (12, 20, 23): (7, 12, 80.52),
    (12, 21, 24): (8, 13, 85.7),
    (12, 21, 23): (7, 12, 86.47),
    (12, 22, 24): (8, 13, 90.8),
    (12, 22, 23): (7, 12, 89.45),
    (13, 13, 26): (4, 9, 55.81),
    (13, 13, 25): (3, 8, 46.62),
    (13, 14, 26): (4, 9, 51.69),
    (13, 14, 25): (4, 9, 53.59),
    (13, 15, 26): (5, 10, 55.55),
    (13, 15, 25): (4, 9, 57.88),
    (13, 16, 26): (5, 10, 59.78),
    (13, 16, 25): (4, 9, 57.27),
    (13, 17, 26): (6, 11, 65.34),
    (13, 17, 25): (5, 10, 61.1),
    (13, 18, 26): (6, 11, 65.18),
    (13, 18, 25): (5, 10, 62.13),
    (13, 19, 26): (6, 12, 78.15),
    (13, 19, 25): (6, 11, 69.12),
    (13, 20, 26): (7, 12, 75.11),
    (13, 20, 25): (6, 11, 71.84),
    (13, 21, 26): (7, 13, 82.34),
    (13, 21, 25): (7, 12, 78.26),
    (13, 22, 26): (8, 13, 82.07),
    (13, 22, 25): (7, 12, 81.82),
    (13, 23, 26): (9, 14, 86.32),
    (13, 23, 25): (7, 13, 91.28),
    (13, 24, 26): (9, 14, 91.37),
    (13, 24, 25): (8, 13, 91.19),
}

REFUSED_BEFORE = [(7, 9), (10, 12), (11, 13), (12, 16), (13, 16)]
"""Published sizes that ``howell`` refused before these were stored (issue 26)."""


@pytest.mark.parametrize(("tables", "rounds", "pairs"), sorted(FIGURES))
def test_every_stored_size_is_sound_equal_and_balanced_as_documented(
    tables: int, rounds: int, pairs: int
) -> None:
    movement = short_howell(tables, 1, rounds, pairs=pairs)
    assert movement is not None
    if tables <= MOST_TABLES:  # howell() refuses larger fields until it builds them
        assert howell(tables, 1, rounds, pairs=pairs) == movement
    assert movement.problems() == []
    assert not movement.factored
    assert not movement.shared
    assert len(movement.rounds) == rounds
    assert sorted(movement.pairs, key=int) == [str(p) for p in range(1, pairs + 1)]
    plays = Counter(b for rnd in movement.rounds for t in rnd.tables for b in t.boards)
    assert len(set(plays.values())) == 1
    out = Counter(pair for rnd in movement.rounds for pair in rnd.sit_outs)
    assert all(times == 1 for times in out.values())
    assert sum(out.values()) == rounds * (pairs % 2)
    for rnd in movement.rounds:
        assert [t.table for t in rnd.tables] == list(range(1, len(rnd.tables) + 1))
        at_tables = {b for t in rnd.tables for b in t.boards}
        assert sorted(at_tables | set(rnd.relay)) == list(movement.boards)
    balance = movement.balance()
    least, most, quality = FIGURES[(tables, rounds, pairs)]
    assert (balance.least, balance.most) == (least, most)
    assert balance.quality == pytest.approx(quality, abs=0.005)


def test_the_docs_table_is_the_tests_table() -> None:
    documented = {
        (int(m[1]), int(m[2]), int(m[3])): (int(m[4]), int(m[5]), float(m[6]))
        for m in ROW.finditer(DOC.read_text())
    }
    assert documented == FIGURES


@pytest.mark.parametrize(("tables", "rounds"), REFUSED_BEFORE)
@pytest.mark.parametrize("odd", [False, True])
def test_sizes_refused_before_are_built_without_factoring(
    tables: int, rounds: int, odd: bool
) -> None:
    movement = howell(tables, 2, rounds, pairs=2 * tables - odd)
    assert movement.problems() == []
    assert not movement.factored
    assert len(movement.boards) == 2 * rounds


def test_boards_a_round_number_the_sets_in_turn() -> None:
    one = howell(7, 1, 9)
    three = howell(7, 3, 9)
    for first, second in zip(one.rounds, three.rounds, strict=True):
        for a, b in zip(first.tables, second.tables, strict=True):
            assert (a.ns, a.ew) == (b.ns, b.ew)
            assert b.boards == tuple(range(3 * a.boards[0] - 2, 3 * a.boards[0] + 1))


def test_the_missing_pair_is_2t_and_its_table_is_left_out() -> None:
    movement = howell(7, 2, 10, pairs=13)
    assert "14" not in movement.pairs
    assert all(len(rnd.tables) == 6 and len(rnd.sit_outs) == 1 for rnd in movement.rounds)
    plays = Counter(b for rnd in movement.rounds for t in rnd.tables for b in t.boards)
    assert set(plays.values()) == {6}


def test_sizes_not_stored_fall_back() -> None:
    # Two tables in two rounds cannot play both sets without a pair meeting twice.
    assert short_howell(2, 3, 2, pairs=4) is None
    assert short_howell(9, 2, 6, pairs=18) is None
