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
    # (tables, pairs): (least, most, Qf), one board a round, "compared" in sets.
    (2, 4): (1, 1, 100.00),
    (3, 6): (1, 3, 60.00),
    (3, 5): (0, 2, 38.46),
    (4, 8): (3, 3, 100.00),
    (4, 7): (2, 2, 100.00),
    (5, 10): (3, 5, 83.33),
    (5, 9): (2, 4, 81.82),
    (6, 12): (5, 5, 100.00),
    (6, 11): (4, 4, 100.00),
    (7, 14): (5, 7, 91.30),
    (7, 13): (5, 5, 100.00),
    (8, 16): (7, 7, 100.00),
    (8, 15): (5, 7, 96.92),
    (9, 18): (7, 9, 94.74),
    (9, 17): (7, 7, 100.00),
    (10, 20): (9, 9, 100.00),
    (10, 19): (8, 8, 100.00),
    (11, 22): (9, 11, 96.49),
    (11, 21): (8, 10, 98.06),
    (12, 24): (11, 11, 100.00),
    (12, 23): (10, 10, 100.00),
    (13, 26): (11, 13, 97.50),
    (13, 25): (10, 12, 98.37),
    (14, 28): (11, 15, 98.67),
    (14, 27): (11, 14, 98.32),
    (15, 30): (13, 15, 98.13),
    (15, 29): (13, 13, 100.00),
    (16, 32): (15, 15, 100.00),
    (16, 31): (14, 14, 100.00),
    (17, 34): (15, 17, 98.55),
    (17, 33): (13, 17, 98.47),
    (18, 36): (17, 17, 100.00),
    (18, 35): (14, 18, 98.55),
    (19, 38): (17, 19, 98.84),
    (19, 37): (17, 17, 100.00),
    (20, 40): (17, 21, 99.12),
    (20, 39): (16, 20, 98.72),
}
"""The balance of each complete Howell, as docs/howell.md prints it."""

SIZES = sorted(FIGURES)


def test_every_size_up_to_the_limit_is_listed() -> None:
    assert MOST_TABLES == 20
    expected = {(t, p) for t in range(2, 21) for p in (2 * t, 2 * t - 1)} - {(2, 3)}
    assert set(FIGURES) == expected


@pytest.mark.parametrize(("tables", "pairs"), SIZES)
def test_complete_howell_is_sound_and_balanced_as_written(tables: int, pairs: int) -> None:
    movement = howell(tables, 1, pairs=pairs)
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
    assert len(plays) == rounds
    assert set(plays.values()) == {tables if pairs % 2 == 0 else tables - 1}
    out = Counter(p for r in movement.rounds for p in r.sit_outs)
    if pairs % 2:
        assert out == Counter(ids)
    else:
        assert not out
    assert bool(movement.shared) == (tables <= 3)
    balance = movement.balance()
    assert (balance.least, balance.most, round(balance.quality, 2)) == FIGURES[(tables, pairs)]


ROW = re.compile(r"^\| (\d+) \| (\d+) \| (\d+) \| (\d+)-(\d+) \| ([\d.]+) \| .*\|$", re.M)


def test_docs_table_prints_these_figures() -> None:
    section = DOC.read_text(encoding="utf-8").split("## Our Howells beside published ones")[1]
    found = list(ROW.finditer(section.split("\n## ")[0]))
    rows = {(int(m[1]), int(m[2])): (int(m[4]), int(m[5]), float(m[6])) for m in found}
    assert rows == FIGURES
    assert all(int(m[3]) == 2 * int(m[1]) - 1 for m in found)
