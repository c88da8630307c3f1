"""Every complete Howell from 2 to 20 tables, for ``2T`` and ``2T - 1`` pairs: sound, every
set played equally often, every pair sitting out at most once, and balanced exactly as the
table in docs/howell.md says (written out here, not recomputed)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from bridgescore.events.movements import MOST_TABLES, howell

DOC = Path(__file__).parents[3] / "docs" / "howell.md"

FIGURES: dict[tuple[int, int], tuple[int, int, float]] = {
    # (tables, pairs): (least, most, Qf), two boards a round, "compared" in boards.
    (2, 4): (2, 2, 100.00),
    (3, 6): (4, 4, 100.00),
    (3, 5): (2, 2, 100.00),
    (4, 8): (6, 6, 100.00),
    (4, 7): (4, 4, 100.00),
    (5, 10): (6, 10, 83.33),
    (5, 9): (4, 8, 81.82),
    (6, 12): (10, 10, 100.00),
    (6, 11): (8, 8, 100.00),
    (7, 14): (10, 14, 91.30),
    (7, 13): (10, 10, 100.00),
    (8, 16): (14, 14, 100.00),
    (8, 15): (10, 14, 96.92),
    (9, 18): (14, 18, 94.74),
    (9, 17): (14, 14, 100.00),
    (10, 20): (18, 18, 100.00),
    (10, 19): (16, 16, 100.00),
    (11, 22): (18, 22, 96.49),
    (11, 21): (16, 20, 98.06),
    (12, 24): (22, 22, 100.00),
    (12, 23): (20, 20, 100.00),
    (13, 26): (22, 26, 97.50),
    (13, 25): (22, 22, 100.00),
    (14, 28): (26, 26, 100.00),
    (14, 27): (24, 24, 100.00),
    (15, 30): (26, 30, 98.13),
    (15, 29): (26, 26, 100.00),
    (16, 32): (30, 30, 100.00),
    (16, 31): (28, 28, 100.00),
    (17, 34): (30, 34, 98.55),
    (17, 33): (28, 32, 99.12),
    (18, 36): (34, 34, 100.00),
    (18, 35): (30, 34, 99.27),
    (19, 38): (34, 38, 98.84),
    (19, 37): (34, 34, 100.00),
    (20, 40): (34, 42, 99.12),
    (20, 39): (34, 38, 99.35),
}
"""The balance of each complete Howell, as docs/howell.md prints it."""

SIZES = sorted(FIGURES)


def test_every_size_up_to_the_limit_is_listed() -> None:
    assert MOST_TABLES == 20
    expected = {(t, p) for t in range(2, 21) for p in (2 * t, 2 * t - 1)} - {(2, 3)}
    assert set(FIGURES) == expected


@pytest.mark.parametrize(("tables", "pairs"), SIZES)
def test_complete_howell_is_sound_and_balanced_as_written(tables: int, pairs: int) -> None:
    movement = howell(tables, 2, pairs=pairs)
    assert movement.problems() == []
    assert not movement.factored
    rounds = 2 * tables - 1
    assert len(movement.rounds) == rounds
    ids = movement.pairs
    assert sorted(ids, key=int) == [str(p) for p in range(1, pairs + 1)]
    meetings = Counter(frozenset((t.ns, t.ew)) for r in movement.rounds for t in r.tables)
    assert len(meetings) == pairs * (pairs - 1) // 2
    assert set(meetings.values()) == {1}
    plays = Counter(b for r in movement.rounds for t in r.tables for b in t.boards)
    assert len(plays) == 2 * rounds
    assert set(plays.values()) == {tables if pairs % 2 == 0 else tables - 1}
    out = Counter(p for r in movement.rounds for p in r.sit_outs)
    if pairs % 2:
        assert out == Counter(ids)
    else:
        assert not out
    assert bool(movement.shared) == (tables == 2)  # 3 tables: two half-sets a round
    balance = movement.balance()
    assert (balance.least, balance.most, round(balance.quality, 2)) == FIGURES[(tables, pairs)]


ROW = re.compile(r"^\| (\d+) \| (\d+) \| (\d+) \| (\d+)-(\d+) \| ([\d.]+) \| .*\|$", re.M)


def test_docs_table_prints_these_figures() -> None:
    section = DOC.read_text(encoding="utf-8").split("## Our Howells beside published ones")[1]
    found = list(ROW.finditer(section.split("\n## ")[0]))
    rows = {(int(m[1]), int(m[2])): (int(m[4]), int(m[5]), float(m[6])) for m in found}
    assert rows == FIGURES
    assert all(int(m[3]) == 2 * int(m[1]) - 1 for m in found)
