"""Invariants of the sheets over random deals (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bridgescore import (
    PASSED_OUT,
    Contract,
    Doubling,
    Seat,
    SheetError,
    Side,
    Strain,
    TableResult,
)
from bridgescore.io import DealList, dumps, loads
from bridgescore.sheets import (
    ChicagoScoring,
    ChicagoSheet,
    ChicagoVulnerability,
    Deal,
    Honours,
    RubberSession,
    RubberSheet,
    Tally,
)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    if draw(st.integers(0, 9)) == 0:
        return Deal(TableResult(PASSED_OUT, None))
    strain = draw(st.sampled_from(Strain))
    contract = Contract(
        draw(st.integers(1, 7)),
        strain,
        draw(st.sampled_from(Doubling)),
        draw(st.sampled_from(Seat)),
    )
    result = TableResult(contract, draw(st.integers(0, 13)))
    honours = None
    if draw(st.booleans()):
        points = 150 if strain is Strain.NOTRUMP else draw(st.sampled_from([100, 150]))
        honours = Honours(draw(st.sampled_from(Side)), points)
    return Deal(result, honours)


deal_lists = st.lists(deals(), max_size=14)
chicago_settings = st.fixed_dictionaries(
    {
        "scoring": st.sampled_from(ChicagoScoring),
        "vulnerability": st.sampled_from(ChicagoVulnerability),
        "honours": st.sampled_from([None, True, False]),
        "first_dealer": st.sampled_from(Seat),
        "laws": st.sampled_from(["2017", "1987", "1935", "1932"]),
    }
)


def _rubber_part(items: list[Deal], laws: str = "2017") -> list[Deal]:
    """The deals up to the end of the first rubber under ``laws`` (where a game ends
    depends on the law set: a 1NT doubled made is 80 below the line in 2017, 60 under
    the 1932 laws)."""
    return list(RubberSession.from_deals(items, laws=laws).rubbers[0].deals)


def _sum(tallies: list[Tally]) -> Tally:
    total = Tally()
    for tally in tallies:
        total = total + tally
    return total


@settings(max_examples=150)
@given(deal_lists, st.sampled_from(["2017", "1935", "1932"]))
@example(  # 1C, 1CXX (game), 1C, 1NTX: the second game in 2017 (20 + 80), not in 1932's (20 + 60)
    [Deal(TableResult.parse(text)) for text in ("1CN=", "1CXXN=", "1CN=", "1NTXN=", "P")],
    "1932",
)
def test_random_rubber_never_crashes(items: list[Deal], laws: str) -> None:
    part = _rubber_part(items, laws)
    if len(part) < len(items):
        with pytest.raises(SheetError, match="the rubber is over after deal"):
            RubberSheet.from_deals(items, laws=laws)
    sheet = RubberSheet.from_deals(part, laws=laws)
    rows = _sum([row.points for row in sheet.rows])
    assert sheet.totals == rows + Tally.of(sheet.bonuses)
    assert sheet.totals == sheet.above + sheet.below
    assert max(sheet.games.ns, sheet.games.ew) <= 2
    stopped = sheet.finish()
    assert stopped.is_finished
    assert stopped.totals == rows + Tally.of(stopped.bonuses)
    assert all(bonus.points in (100, 300, 500, 700) for bonus in stopped.bonuses)


@given(deal_lists)
def test_rubber_one_by_one_equals_all_at_once(items: list[Deal]) -> None:
    part = _rubber_part(items)
    sheet = RubberSheet()
    for deal in part:
        sheet = sheet.add(deal)
    assert sheet == RubberSheet.from_deals(part)
    assert sheet.rows == RubberSheet.from_deals(part).rows


@given(deal_lists, st.data())
def test_rubber_delete_then_insert_restores(items: list[Deal], data: st.DataObject) -> None:
    sheet = RubberSheet.from_deals(_rubber_part(items))
    if not sheet.deals:
        return
    number = data.draw(st.integers(1, len(sheet)))
    refusal = ""
    try:
        shorter = sheet.delete(number)
    except SheetError as refused:
        refusal = str(refused)
    if refusal:  # without this deal an earlier game ends the rubber: the deals after it
        # cannot stay on it, and the delete is refused, naming them (the sheet unchanged)
        assert "start a new rubber" in refusal
        return
    restored = shorter.insert(number, sheet.deals[number - 1])
    assert restored == sheet
    assert restored.rows == sheet.rows
    assert sheet.undo().add(sheet.deals[-1]).rows == sheet.rows


@given(deal_lists)
def test_session_cuts_rubbers_where_they_end(items: list[Deal]) -> None:
    session = RubberSession.from_deals(items)
    assert [d for r in session.rubbers for d in r.deals] == items
    assert all(r.is_complete for r in session.rubbers[:-1])
    assert session.totals == _sum([r.totals for r in session.rubbers])


@settings(max_examples=150)
@given(deal_lists, chicago_settings)
def test_random_chicago_never_crashes(items: list[Deal], options: dict[str, object]) -> None:
    sheet = ChicagoSheet(tuple(items), **options)  # type: ignore[arg-type]
    assert sheet.totals == _sum([row.points for row in sheet.rows])
    assert sheet.totals == _sum([r.totals for r in sheet.rounds])
    assert len(sheet.rounds) == (len(items) + 3) // 4
    if sheet.scoring is ChicagoScoring.DUPLICATE and not sheet.honours:
        for row in sheet.rows:
            side = row.deal.declarer_side
            if side is not None:
                assert row.points[side] - row.points[side.opponents] == row.score.total


@given(deal_lists, chicago_settings)
def test_chicago_one_by_one_equals_all_at_once(
    items: list[Deal], options: dict[str, object]
) -> None:
    sheet = ChicagoSheet((), **options)  # type: ignore[arg-type]
    for deal in items:
        sheet = sheet.add(deal)
    at_once = ChicagoSheet(tuple(items), **options)  # type: ignore[arg-type]
    assert sheet == at_once
    assert sheet.rows == at_once.rows


@given(deal_lists, chicago_settings, st.data())
def test_chicago_delete_then_insert_restores(
    items: list[Deal], options: dict[str, object], data: st.DataObject
) -> None:
    sheet = ChicagoSheet(tuple(items), **options)  # type: ignore[arg-type]
    if not sheet.deals:
        return
    number = data.draw(st.integers(1, len(sheet)))
    restored = sheet.delete(number).insert(number, sheet.deals[number - 1])
    assert restored == sheet
    assert restored.rows == sheet.rows


@given(
    deal_lists,
    st.sampled_from([None, "2017", "1935"]),
    st.sampled_from([None, *ChicagoVulnerability]),
    st.sampled_from([None, *ChicagoScoring]),
    st.sampled_from([None, True, False]),
    st.sampled_from([None, *Seat]),
)
def test_deal_list_round_trip(
    items: list[Deal],
    laws: str | None,
    vulnerability: ChicagoVulnerability | None,
    scoring: ChicagoScoring | None,
    honours: bool | None,
    dealer: Seat | None,
) -> None:
    deal_list = DealList(tuple(items), laws, vulnerability, scoring, honours, dealer)
    text = dumps(deal_list)
    assert loads(text) == deal_list
    assert dumps(loads(text)) == text
