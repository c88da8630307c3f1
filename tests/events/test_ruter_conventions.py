"""Ruter's IMP totals per board played (issue 16), held to published per-board figures.

No real Ruter butler file was found; Magic Contest 4.7 (Ruter's sibling, same author)
writes each sit-out's IMPs per board played on its ``Bye`` rows
(``tests/io/data/pbn/magic_contest_butler.pbn``: pair 3, 4 IMPs over 24 boards, 0.2):
``imp_totals="per-board"`` gives every one of them as the pair's total.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import bridgescore
from bridgescore.events.pairs import PairsResult, score_pairs
from bridgescore.events.scoring import options_for, score_event
from bridgescore.io import pbn

DATA = Path(__file__).resolve().parents[1] / "io" / "data" / "pbn"


def _byes() -> dict[str, float]:
    byes: dict[str, float] = {}
    for game in pbn.load(DATA / "magic_contest_butler.pbn").games:
        table = game.table("ScoreTable")
        assert table is not None
        for row in table.rows:
            if row.get("Score_NS") == "Bye":
                pair = row.get("PairId_NS") or row.get("PairId_EW") or ""
                figures = [row.get(n) for n in ("IMP_NS", "IMP_EW")]
                byes[pair] = float(next(str(f) for f in figures if f not in (None, "-")))
    return byes


def test_butler_totals_per_board_played() -> None:
    event = bridgescore.load_event(DATA / "magic_contest_butler.pbn")
    result = score_pairs(event.results, "butler", imp_totals="per-board", field="one")
    byes = _byes()
    assert len(byes) == 7
    assert {s.pair: round(s.total, 1) for s in result.standings} == byes
    assert [s.field for s in result.standings] == ["all"] * 7


def test_ruter_butler_is_per_board_in_one_list_by_default() -> None:
    """The same file as Ruter would score it: per-board totals, one list."""
    event = bridgescore.load_event(DATA / "magic_contest_butler.pbn")
    ruter = replace(event, program="Ruter 4.7")
    chosen = options_for(ruter)
    assert chosen.describe() == (
        "scored as Ruter 4.7 scores (the file names it): totals in IMPs per board, field one"
    )
    result = score_event(ruter)
    assert isinstance(result, PairsResult)
    assert {s.pair: round(s.total, 1) for s in result.standings} == _byes()
