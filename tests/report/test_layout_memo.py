"""A report laid out again with a :class:`LayoutMemo` is the report laid out afresh, and
reuses the parts of the very same travellers and card lines (what the live ranking keeps)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bridgescore.events.pairs import PairsResult
from bridgescore.events.scoring import score_event
from bridgescore.io.events import load_event
from bridgescore.report import view
from bridgescore.report.view import Cards, LayoutMemo, build_report, pairs_pages

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


def test_the_live_layout_lays_out_a_score_card_only_when_it_is_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    event = load_event(EXAMPLES / "pairs-mitchell.csv")
    result = score_event(event)
    assert isinstance(result, PairsResult)
    whole = build_report(event)
    laid: list[str] = []
    card_row = view.card_row

    def counting(line, *args, **kwargs):  # type: ignore[no-untyped-def]
        laid.append(line.board)
        return card_row(line, *args, **kwargs)

    monkeypatch.setattr(view, "card_row", counting)
    live = pairs_pages(event, result, LayoutMemo())
    assert isinstance(live.cards, Cards)
    assert laid == []  # the ranking and the boards, no card yet
    assert len(live.cards) == len(whole.cards) == len(result.cards)
    # one card asked by its file: only its lines are laid out, and it is build_report's
    first = whole.cards[0]
    assert live.page(first.file) == first
    assert len(laid) == len(next(iter(result.cards.values())))
    assert live.page(first.file) is live.page(first.file)  # laid out once
    assert live.page("pair-nobody.html") is None
    assert live.page("index.html") is live.index
    assert live.page(whole.boards[2].file) == whole.boards[2]
    # all of them, as the print page and a site ask: the very pages build_report makes
    assert live.cards == whole.cards
    assert whole.cards == live.cards
    assert live == whole
    assert live.cards[-1] == whole.cards[-1]
    assert live.cards[1:3] == whole.cards[1:3]
    with pytest.raises(IndexError):
        live.cards[len(whole.cards)]
