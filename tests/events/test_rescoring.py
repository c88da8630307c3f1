"""The library's live rescoring (:class:`~bridgescore.events.rescoring.Rescorer`): after
every new, corrected or erased result its figures are ``score_with``'s, across the field
and with sections scored apart, and one new result compares one board and works out again
only the pairs who played it."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import TableResult
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.duplicate.entries import Adjusted, NotPlayed
from bridgescore.events import pairs
from bridgescore.events.model import Event, Participant, ResultRow, ns_score_of
from bridgescore.events.movements.sections import parse_sections
from bridgescore.events.options import ScoringOptions
from bridgescore.events.pairs import PairsResult
from bridgescore.events.rescoring import Changes, Rescorer
from bridgescore.events.scoring import options_for, results_of, score_with
from bridgescore.events.vocabulary import EventKind, Scoring

_, FIELD = parse_sections("mitchell:3x2 + mitchell:4x2")
MOVEMENT = FIELD.flattened()
SEATS = [
    (number, seat, board)
    for number, rnd in enumerate(MOVEMENT.rounds, start=1)
    for seat in rnd.tables
    for board in seat.boards
]
RESULTS = ["4SN=", "4SN+1", "3NTS-1", "2HE=", "1NTW+2", "3CN=", "4HE-2", "6NTS="]


def _row(key: int, result: str, *, apart: bool) -> ResultRow:
    number, seat, board = SEATS[key]
    vulnerability = BoardInfo.of(board).vulnerability
    row = ResultRow(board, seat.ns, seat.ew, vulnerability, round=number, table=str(seat.table))
    if apart:
        row = replace(row, section=FIELD.section_of_pair(seat.ns))
    if result == "NP":
        return replace(row, adjusted=NotPlayed())
    if "A" in result or "%" in result:
        return replace(row, adjusted=Adjusted.parse(result))
    made = TableResult.parse(result)
    return replace(row, result=made, ns_score=ns_score_of(made, vulnerability, "2017"))


def _event(rows: dict[int, ResultRow]) -> Event:
    return Event(
        results_of([rows[k] for k in sorted(rows)]),
        name="live",
        kind=EventKind.PAIRS,
        scoring=Scoring.MATCHPOINTS,
        participants=tuple(Participant(pair, ()) for pair in MOVEMENT.pairs),
    )


STEP = st.tuples(
    st.integers(0, len(SEATS) - 1),
    st.sampled_from([*RESULTS, *RESULTS, "erase", "NP", "A+/A-", "60%/40%"]),
)


@pytest.mark.parametrize("told", [False, True], ids=["found", "told"])
@pytest.mark.parametrize("apart", [False, True], ids=["across", "apart"])
@given(steps=st.lists(STEP, min_size=1, max_size=40))
def test_result_after_result_the_rescorer_gives_score_with_s_figures(
    apart: bool, told: bool, steps: list[tuple[int, str]]
) -> None:
    """Told what changed (as the web app's log tells it) or finding it, the same figures;
    a step that leaves no result is not scored, so the next call is told both steps. The
    score cards, put together when read, are read only at the end: each result's cards are
    as they stood when it was made, whatever came after."""
    rescorer = Rescorer()
    made: list[tuple[PairsResult, PairsResult]] = []
    rows: dict[int, ResultRow] = {}
    put: list[ResultRow] = []
    taken: list[ResultRow] = []
    for key, what in steps:
        before = rows.pop(key, None)
        if before is not None:
            if any(row is before for row in put):
                put.remove(before)
            else:
                taken.append(before)
        if what != "erase":
            rows[key] = _row(key, what, apart=apart)
            put.append(rows[key])
        if not rows:
            continue
        event = _event(rows)
        options = options_for(event).options
        changed = Changes(tuple(put), tuple(taken)) if told else None
        put, taken = [], []
        got, want = rescorer.score(event, options, changed), score_with(event, options)
        assert isinstance(got, PairsResult)
        assert isinstance(want, PairsResult)
        assert (got.fields, got.standings, got.travellers) == (
            want.fields, want.standings, want.travellers
        )  # fmt: skip
        made.append((got, want))
    for got, want in made:
        assert got == want


def _session(apart: bool) -> dict[int, ResultRow]:
    return {k: _row(k, RESULTS[k % len(RESULTS)], apart=apart) for k in range(len(SEATS))}


@pytest.mark.parametrize("told", [False, True], ids=["found", "told"])
@pytest.mark.parametrize("apart", [False, True], ids=["across", "apart"])
def test_one_new_result_works_out_only_its_board_and_the_pairs_who_played_it(
    apart: bool, told: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = _session(apart)
    last = max(rows)
    kept = rows.pop(last)
    rescorer = Rescorer()
    options = options_for(_event(rows)).options
    before = rescorer.score(_event(rows), options)
    assert isinstance(before, PairsResult)
    rounded: list[Fraction] = []
    round_figure = pairs._round_ratio

    def rounding(numerator, denominator, decimals, halves):  # type: ignore[no-untyped-def]
        rounded.append(Fraction(numerator, denominator))
        return round_figure(numerator, denominator, decimals, halves)

    compared: list[int] = []
    travellers = pairs.matchpoint_travellers

    def comparing(by_board, expected, policy):  # type: ignore[no-untyped-def]
        compared.extend(by_board)
        return travellers(by_board, expected, policy)

    rows[last] = kept
    event = _event(rows)
    monkeypatch.setattr("bridgescore.events.rescoring.matchpoint_travellers", comparing)
    monkeypatch.setattr(pairs, "_round_ratio", rounding)
    after = rescorer.score(event, options, Changes(put=(kept,)) if told else None)
    worked_out = len(rounded)
    assert isinstance(after, PairsResult)
    assert after == score_with(event, options)
    assert compared == [kept.board]
    # the board's results moved the figures of the pairs who played it, and no others'
    board_pairs = {p for r in rows.values() if r.board == kept.board for p in (r.ns, r.ew)}
    if apart:
        board_pairs = {p for p in board_pairs if FIELD.section_of_pair(p) == kept.section}
    moved = {
        s.pair
        for s in after.standings
        if (s.total, s.boards)
        != next((b.total, b.boards) for b in before.standings if b.pair == s.pair)
    }
    assert moved <= board_pairs
    assert {kept.ns, kept.ew} <= moved
    # only those pairs' figures were worked out again: a total and a percentage each
    assert worked_out == 2 * len(board_pairs)


def test_sections_apart_name_their_fields_travellers_and_card_lines() -> None:
    rows = _session(apart=True)
    event = _event(rows)
    options = options_for(event).options
    scored = Rescorer().score(event, options)
    assert isinstance(scored, PairsResult)
    assert scored.fields == ("A NS", "A EW", "B NS", "B EW")
    assert {t.section for t in scored.travellers} == {"A", "B"}
    # a card's board links to its section's traveller (the full path marks them too)
    assert {line.section for line in scored.card("B1NS")} == {"B"}
    assert {line.section for line in scored.card("A2EW")} == {"A"}
    # board 1: 3 results in each section (B's 4 tables play 3 rounds), each compared only
    # within its section (2 matchpoints for each result beaten: top 4, not 10 across the 6)
    assert scored.traveller(1, "A").top == 4
    assert scored.traveller(1, "B").top == 4


def test_a_pair_whose_only_result_is_erased_is_listed_as_not_having_played() -> None:
    first = _row(0, "4SN=", apart=False)  # round 1, table 1, board 1: A1NS v A1EW
    other = next(k for k, (_, seat, board) in enumerate(SEATS) if board == 1 and k)
    second = _row(other, "3NTS-1", apart=False)  # board 1 at another table
    rescorer = Rescorer()
    options = ScoringOptions().but(kind=EventKind.PAIRS)
    both = _event({0: first, 1: second})
    rescorer.score(both, options)
    alone = _event({1: second})
    scored = rescorer.score(alone, options)
    assert scored == score_with(alone, options)
    assert isinstance(scored, PairsResult)
    assert first.ns not in (second.ns, second.ew)
    idle = next(s for s in scored.standings if s.pair == first.ns)
    assert (idle.boards, idle.total, idle.percent) == (0, 0.0, None)


def test_a_tally_taken_off_again_sums_to_what_is_left() -> None:
    tally = pairs.Tally()
    tally.add(Fraction(3), Fraction(3), Fraction(4))
    tally.add(Fraction(1, 2), Fraction(1, 2), Fraction(4))
    tally.take(Fraction(3), Fraction(3), Fraction(4))
    assert (tally.counted, tally.exact, tally.top, tally.boards) == (
        Fraction(1, 2),
        Fraction(1, 2),
        Fraction(4),
        1,
    )


def test_a_line_swapped_on_its_board_moves_the_tally_as_taking_and_adding() -> None:
    """Board 1's line 3 MP of 4 becomes 5/2 MP (Neuberg-scaled, exact 31/12) with the
    top unchanged, then the top goes from 4 to 6 with the line 5 MP: 3 + 1/2 -> 5/2 + 1/2
    -> 5 + 1/2, the tops 8 -> 8 -> 10, boards 2 throughout."""
    tally = pairs.Tally()
    tally.add(Fraction(3), Fraction(3), Fraction(4))
    tally.add(Fraction(1, 2), Fraction(1, 2), Fraction(4))
    tally.swap(Fraction(3), Fraction(3), Fraction(5, 2), Fraction(31, 12))
    assert (tally.counted, tally.exact, tally.top, tally.boards) == (
        Fraction(3), Fraction(37, 12), Fraction(8), 2
    )  # fmt: skip
    version = tally.version
    tally.swap(Fraction(5, 2), Fraction(31, 12), Fraction(5), Fraction(5), Fraction(4), Fraction(6))
    assert (tally.counted, tally.exact, tally.top, tally.boards) == (
        Fraction(11, 2), Fraction(11, 2), Fraction(10), 2
    )  # fmt: skip
    assert tally.version == version + 1


def test_the_rescorer_keeps_equal_to_score_with_when_options_change() -> None:
    rows = _session(apart=True)
    event = _event(rows)
    rescorer = Rescorer()
    apart = options_for(event).options
    across = replace(apart, sections=pairs.Sections.ACROSS)
    for options in (apart, across, apart):
        assert rescorer.score(event, options) == score_with(event, options)


def test_told_what_does_not_fit_the_rescorer_scores_the_event_in_full() -> None:
    """Changes that do not fit what was kept (a row taken that was never put, a count of
    rows the event does not have, other options) are not trusted: the event is scored
    in full, to the same figures."""
    rows = _session(apart=False)
    last = max(rows)
    kept = rows.pop(last)
    event = _event(rows)
    options = options_for(event).options
    stranger = _row(last, "7NTS=", apart=False)
    for changed in (
        Changes(put=(kept,), taken=(stranger,)),  # taken, but never put
        Changes(put=(kept, kept)),  # two rows put; the event gains one
        Changes(),  # nothing said to have changed
    ):
        rescorer = Rescorer()
        rescorer.score(event, options)
        now = _event({**rows, last: kept})
        assert rescorer.score(now, options, changed) == score_with(now, options)
    rescorer = Rescorer()
    rescorer.score(event, options)
    now = _event({**rows, last: kept})
    across = replace(options, sections=pairs.Sections.ACROSS)
    assert rescorer.score(now, across, Changes(put=(kept,))) == score_with(now, across)


OPTIONS = st.fixed_dictionaries(
    {
        "scoring": st.sampled_from(["mp", "acbl"]),
        "policy": st.sampled_from([None, "wbf", "ebu", "acbl", "ruter", "kops", "exact"]),
        "mp_scale": st.sampled_from(["top", "plus-minus"]),
        "entrants": st.sampled_from(["all", "played"]),
        "field": st.sampled_from(["auto", "one", "directions"]),
        "factoring": st.sampled_from(["policy", "none", "field", "boards", "session"]),
        "sections": st.sampled_from(["auto", "across", "apart"]),
    }
)


@pytest.mark.parametrize("apart", [False, True], ids=["across", "apart"])
@settings(max_examples=40)
@given(
    choices=st.lists(OPTIONS, min_size=2, max_size=5),
    adjusted=st.sampled_from(["4SN=", "A+/A-", "60%/40%", "NP"]),
)
def test_option_after_option_the_rescorer_gives_score_with_s_figures(
    apart: bool, choices: list[dict[str, str | None]], adjusted: str
) -> None:
    """One event scored again and again under other options (as the self-check's search
    does, coming back to a matchpoint policy it tried): the figures of each are
    ``score_with``'s."""
    rows = _session(apart)
    rows[3] = _row(3, adjusted, apart=apart)
    event = _event(rows)
    rescorer = Rescorer()
    for choice in choices:
        options = ScoringOptions().but(kind=EventKind.PAIRS, **choice)  # type: ignore[arg-type]
        assert rescorer.score(event, options) == score_with(event, options)
