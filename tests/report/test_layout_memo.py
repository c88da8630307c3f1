"""A report laid out again with a :class:`LayoutMemo` is the report laid out afresh, and
reuses the parts of the very same travellers and card lines (what the live ranking keeps)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bridgescore.events.pairs import PairsResult
from bridgescore.events.scoring import score_event
from bridgescore.io.events import load_event
from bridgescore.report.view import LayoutMemo, build_report, pairs_pages

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_a_memo_changes_nothing_and_reuses_what_is_the_same() -> None:
    event = load_event(EXAMPLES / "pairs-mitchell.csv")
    result = score_event(event)
    assert isinstance(result, PairsResult)
    memo = LayoutMemo()
    first = pairs_pages(event, result, memo)
    assert first == build_report(event)
    again = pairs_pages(event, result, memo)
    assert again == first
    # the same travellers: their pages are the ones laid out the first time
    assert [p.tables for p in again.boards] == [p.tables for p in first.boards]
    assert all(a.tables[0] is b.tables[0] for a, b in zip(again.boards, first.boards, strict=True))
    # one traveller new (a copy): only its page is laid out again
    changed = replace(result, travellers=(replace(result.travellers[0]), *result.travellers[1:]))
    third = pairs_pages(event, changed, memo)
    assert third == first
    assert third.boards[0].tables[0] is not first.boards[0].tables[0]
    assert third.boards[1].tables[0] is first.boards[1].tables[0]
