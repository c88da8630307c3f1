"""The options added to reproduce real programs' figures, on small hand-made boards and
events: matchpoint policies (compscore, ruter, realbridge, brian, the scorebridge alias),
factoring, cross-IMP totals, unpaired teams boards, individual standings, and the
comparison helpers."""

from __future__ import annotations

import doctest
from dataclasses import dataclass, replace
from fractions import Fraction

import pytest

import bridgescore.events.compare as compare_module
import bridgescore.events.individual as individual_module
import bridgescore.events.pairs as pairs_module
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.duplicate.adjusted import (
    Adjusted,
    BoardResults,
    BoardTop,
    MissingResults,
    get_policy,
    score_board,
)
from bridgescore.duplicate.imps import DuplicateError, UnknownMethodError
from bridgescore.duplicate.matchpoints import Halves
from bridgescore.events.compare import (
    Comparison,
    Figure,
    agrees,
    compare_lines,
    compare_matches,
    compare_standings,
    decimals_of,
    differences_by_subject,
)
from bridgescore.events.individual import score_individual, standings_by_player
from bridgescore.events.model import (
    Event,
    EventResults,
    Published,
    PublishedStanding,
    ResultRow,
)
from bridgescore.events.pairs import _round, factor_mode, factored, score_pairs
from bridgescore.events.teams import score_teams
from bridgescore.events.vocabulary import EventKind

NONE = Vulnerability.NONE


def row(board: int, ns: str, ew: str, entry: int | str, **more: object) -> ResultRow:
    if isinstance(entry, int):
        return ResultRow(board, ns, ew, NONE, ns_score=entry, **more)  # type: ignore[arg-type]
    return ResultRow(board, ns, ew, NONE, adjusted=Adjusted.parse(entry), **more)  # type: ignore[arg-type]


# --- policies ----------------------------------------------------------------------------


def test_new_policies_and_aliases() -> None:
    assert get_policy("scorebridge") is get_policy("manual")
    assert get_policy("Compscore3") is get_policy("compscore")
    assert get_policy("ruter4") is get_policy("ruter")
    compscore = get_policy("compscore")
    assert (compscore.decimals, compscore.halves, compscore.total_decimals) == (
        1,
        Halves.EVEN,
        2,
    )
    assert compscore.missing_results is MissingResults.RAW_TRAVELLER
    assert compscore.exact_percentages
    assert compscore.factor_totals
    assert get_policy("brian").top is BoardTop.RESULTS
    assert get_policy("ruter").exact_totals
    assert get_policy("ruter").session_decimals is None
    assert get_policy("realbridge").halves is Halves.EVEN
    for name in ("compscore", "ruter", "realbridge", "brian"):
        assert get_policy(name).sources, name


def test_board_top_and_missing_results_parse() -> None:
    assert BoardTop.parse("Results") is BoardTop.RESULTS
    assert MissingResults.parse("raw traveller") is MissingResults.RAW_TRAVELLER
    assert str(BoardTop.FIELD) == "field"
    assert repr(MissingResults.NEUBERG) == "MissingResults.NEUBERG"
    with pytest.raises(UnknownMethodError, match="field"):
        BoardTop.parse("all")
    with pytest.raises(UnknownMethodError, match="raw-traveller"):
        MissingResults.parse("scaled")
    with pytest.raises(DuplicateError, match="total_decimals"):
        replace(get_policy("wbf"), total_decimals=-1)


def test_compscore_traveller_rounds_halves_to_even() -> None:
    """Compscore3 _adjusted_02 board 2: 20 results and an A6060 of 21; 12.65 -> 12.6,
    18.95 -> 19.0, 6.35 -> 6.4, counted to 0.01."""
    scores = [-100] * 3 + [-200] * 2 + [-140] * 2 + [50] * 3 + [150] + [140] * 5
    scores += [110, -110, 100, 100]
    board = BoardResults((*scores, Adjusted.parse("A6060")))
    scored = score_board(board, "compscore")
    line = scored.lines[0]
    assert (line.ns_mp, line.ew_mp, line.ns_counted) == (12.6, 27.4, Fraction(1265, 100))
    fifty = scored.lines[7]
    assert (fifty.ns_mp, fifty.ew_mp) == (19.0, 21.0)
    assert scored.lines[-1].ns_mp == 24.0
    assert scored.traveller_top is None
    assert scored.shown_top == 40


def test_compscore_raw_traveller_for_a_missing_table() -> None:
    """mp_pairs_mitchell.xml board 15: 18 results of 19. The traveller shows raw matchpoints
    (top 34); the totals count 35.95 and 0.05 (99.85 % and 0.15 % of 36)."""
    scores = [-510] * 12 + [-480] + [-1010] * 5
    scored = score_board(BoardResults(tuple(scores), expected=19), "compscore")
    assert scored.top == 36
    assert scored.traveller_top == 34
    assert scored.shown_top == 34
    top_line = scored.lines[12]
    assert (top_line.ns_mp, top_line.ew_mp) == (34.0, 0.0)
    assert (top_line.ns_counted, top_line.ew_counted) == (Fraction(3595, 100), Fraction(5, 100))
    assert top_line.ns_exact == Fraction(647, 18)
    assert [scored.lines[0].ns_counted, scored.lines[-1].ns_counted] == [
        Fraction(2222, 100),
        Fraction(428, 100),
    ]
    # plain Neuberg under the same rounding would count 35.94 and 0.06
    plain = replace(get_policy("compscore"), missing_results=MissingResults.NEUBERG)
    line = score_board(BoardResults(tuple(scores), expected=19), plain).lines[12]
    assert (line.ns_counted, line.ew_counted) == (Fraction(3594, 100), Fraction(6, 100))


def test_brian_scores_a_board_at_its_own_top() -> None:
    """BriAn 213 board 21: 5 real results and an A5050 -> top 8, the A5050 is 4/4."""
    board = BoardResults((100, 50, -100, Adjusted.parse("A5050"), -300, 150))
    scored = score_board(board, "brian")
    assert scored.top == 8
    assert scored.ns_mp == [6.0, 4.0, 2.0, 4.0, 0.0, 8.0]
    assert score_board(board, "wbf").ns_mp == [7.4, 5.0, 2.6, 5.0, 0.2, 9.8]


def events(*rows: ResultRow) -> EventResults:
    return EventResults(tuple(rows))


def test_brian_percentages_use_each_boards_top() -> None:
    """A pair's percentage is its matchpoints over the sum of its boards' tops."""
    results = events(
        row(1, "1", "2", 420), row(1, "3", "4", 400), row(1, "5", "6", "A5050"),
        row(2, "1", "4", 100), row(2, "3", "6", 50), row(2, "5", "2", -50),
    )  # fmt: skip
    standing = {s.pair: s for s in score_pairs(results, policy="brian").standings}
    # pair 1: board 1 top 2 (2 MP), board 2 top 4 (4 MP): 6 of 6
    assert standing["1"].percent == 100.0
    # pair 5: board 1 A5050 = 1 of 2, board 2: 0 of 4
    assert standing["5"].percent == pytest.approx(100 / 6)  # BriAn writes it unrounded


def test_realbridge_rounds_a_session_half_to_even() -> None:
    """RealBridge's 154/320 = 48.125 % is written 48.12: halves to the even hundredth
    (48.13 under ebu); where nothing is a half, the two policies agree."""
    results = events(
        row(1, "A", "B", 420), row(1, "C", "D", 400), row(1, "E", "F", 400),
        row(2, "A", "D", 100), row(2, "C", "F", 100), row(2, "E", "B", 50),
    )  # fmt: skip
    even = {s.pair: s for s in score_pairs(results, policy="realbridge").standings}
    up = {s.pair: s for s in score_pairs(results, policy="ebu").standings}
    assert even["A"].percent == up["A"].percent  # nothing to round here: they agree
    assert _round(Fraction(48125, 1000), 2, Halves.EVEN) == 48.12
    assert _round(Fraction(48125, 1000), 2, Halves.AWAY_FROM_ZERO) == 48.13
    assert _round(Fraction(1, 3), None, Halves.EVEN) == 1 / 3


def test_ruter_totals_and_percentages_are_exact() -> None:
    """Three tables, one A+/A+: under wbf the two real results are Neuberg-scaled to a top
    of 4; Ruter gives a group of two real results 65 % and 55 % (issue 25's Ruter file:
    65 % and 55 % beside one A+/A-), and adds the exact figures."""
    results = events(
        row(1, "1", "2", 420), row(1, "3", "4", 400), row(1, "5", "6", "A+/A+"),
        row(2, "1", "4", 100), row(2, "3", "6", 50), row(2, "5", "2", -50),
    )  # fmt: skip
    wbf = {s.pair: s for s in score_pairs(results, policy="wbf").standings}
    ruter = {s.pair: s for s in score_pairs(results, policy="ruter").standings}
    # board 1: 420 -> (2 + 1) * 3/2 - 1 = 3.5 under wbf; board 2's 100 is the top, 4
    assert wbf["1"].total == 7.5
    # Ruter: 420 gets 65 % of 4 = 2.6, 400 gets 55 % = 2.2; board 2 as wbf (4 and 2)
    assert ruter["1"].total == 6.6
    assert ruter["3"].total == 4.2
    exact_policy = replace(get_policy("wbf"), exact_totals=True, exact_percentages=True)
    assert score_pairs(results, policy=exact_policy).standings[0].total == 7.5


# --- factoring, cross-IMPs, teams -------------------------------------------------------------


def test_factor_modes() -> None:
    assert factor_mode(None) is None
    assert factor_mode(False) is None
    assert factor_mode(True) == "field"
    assert factor_mode("boards") == "boards"
    with pytest.raises(DuplicateError, match="factor_totals"):
        factor_mode("all")
    assert factored(Fraction(-9, 7), 16, 24, 2, Halves.AWAY_FROM_ZERO) == Fraction(-194, 100)
    assert factored(Fraction(644, 10), 16, 17, 2, Halves.EVEN) == Fraction(6842, 100)
    assert factored(Fraction(1, 3), 1, 2, None, Halves.EVEN) == Fraction(2, 3)
    assert factored(Fraction(1), 2, 3, 2, Halves.TOWARD_AVERAGE) == Fraction(150, 100)


def test_factor_totals_in_a_pairs_event() -> None:
    """Pair 5 misses board 2: its total is scaled from 1 board to 2 (field) or 3 (boards)."""
    results = events(
        row(1, "1", "2", 420), row(1, "3", "4", 400), row(1, "5", "6", 100),
        row(2, "1", "4", 100), row(2, "3", "6", 50),
        row(3, "1", "6", 100), row(3, "3", "4", 50), row(3, "5", "2", 0),
    )  # fmt: skip
    plain = {s.pair: s for s in score_pairs(results, "butler").standings}
    field = {s.pair: s for s in score_pairs(results, "butler", factor_totals=True).standings}
    every = {s.pair: s for s in score_pairs(results, "butler", factor_totals="boards").standings}
    assert plain["5"].boards == 2
    assert field["5"].total == plain["5"].total * 3 / 2 or plain["5"].total == 0
    assert every["1"].total == plain["1"].total
    assert every["5"].total == round(plain["5"].total * 3 / 2, 2)
    with pytest.raises(DuplicateError, match="factor_totals"):
        score_pairs(results, factor_totals="x")


def test_cross_imps_total_or_average() -> None:
    results = events(
        row(1, "1", "2", 620), row(1, "3", "4", -100), row(1, "5", "6", -100),
        row(1, "7", "8", -300), row(1, "9", "10", 650),
    )  # fmt: skip
    average = score_pairs(results, "cross-imps").traveller(1)
    total = score_pairs(results, "cross-imps", cross_imps="total").traveller(1)
    assert average.lines[0].ns_points == 9.25
    assert total.lines[0].ns_points == 37.0
    assert [line.ns_counted for line in total.lines] == [37, -20, -20, -38, 41]
    with pytest.raises(DuplicateError, match="cross_imps"):
        score_pairs(results, "cross-imps", cross_imps="mean")


def test_cross_imps_totals_add_exact_averages() -> None:
    """Totals add the exact averages, rounded once (Compscore3: 1.00, not 0.99 from
    adding averages already rounded to 0.01)."""
    results = events(
        row(1, "1", "2", 620), row(1, "3", "4", -100), row(1, "5", "6", 140),
        row(2, "1", "4", 100), row(2, "3", "6", -50), row(2, "5", "2", 420),
        row(3, "1", "6", 400), row(3, "3", "2", 430), row(3, "5", "4", -100),
    )  # fmt: skip
    scored = score_pairs(results, "cross-imps")
    exact: dict[str, Fraction] = {}
    for traveller in scored.travellers:
        for line in traveller.lines:
            for pair, side in ((line.row.ns, "NS"), (line.row.ew, "EW")):
                exact[pair] = exact.get(pair, Fraction(0)) + (line.counted(side) or 0)
    for standing in scored.standings:
        assert standing.total == float(round(exact[standing.pair], 2))


def test_teams_board_at_one_table_only() -> None:
    rows = events(
        row(1, "A", "B", 420, round=1), row(1, "B", "A", -420, round=1),
        row(2, "A", "B", 100, round=1),
    )  # fmt: skip
    with pytest.raises(DuplicateError, match="one table only"):
        score_teams(rows)
    scored = score_teams(rows, incomplete="skip")
    assert [b.board for b in scored.matches[0].boards] == [1]
    with pytest.raises(DuplicateError, match="incomplete"):
        score_teams(rows, incomplete="drop")
    lonely = events(row(2, "A", "B", 100, round=1))
    assert score_teams(lonely, incomplete="skip").matches == ()


# --- individual ------------------------------------------------------------------------------


def indi(board: int, players: str, entry: int | str) -> ResultRow:
    n, e, s, w = players.split()
    found = row(board, f"{n}-{s}", f"{e}-{w}", entry)
    return replace(found, players=(n, e, s, w))


def test_individual_standings() -> None:
    results = events(
        indi(1, "1 2 3 4", 420), indi(1, "5 6 7 8", 400),
        indi(2, "1 5 2 6", 100), indi(2, "3 7 4 8", -50),
    )  # fmt: skip
    scored = score_individual(results)
    by = standings_by_player(scored)
    assert by["1"].percent == 100.0
    assert by["1"].boards == 2
    assert by["8"].percent == 100.0
    assert by["5"].percent == 0.0
    assert scored.standing("1") is by["1"]
    assert len(scored.travellers) == 2
    with pytest.raises(DuplicateError, match="not in this event"):
        scored.standing("99")
    with pytest.raises(DuplicateError, match="no players"):
        score_individual(events(row(1, "1", "2", 420)))
    imps = score_individual(results, "butler")
    assert imps.standings[0].percent is None


def test_individual_average_plus_uses_the_players_session() -> None:
    """Law 12C2 in an individual: a player above 60 % gets their own percentage for an A+;
    the one-round partnership's percentage does not count (Ruter's indi.pbn)."""
    results = events(
        indi(1, "1 2 3 4", 420), indi(1, "5 6 7 8", 400), indi(1, "9 10 11 12", 100),
        indi(2, "1 5 9 6", "A+/A+"), indi(2, "3 7 11 8", 50), indi(2, "2 10 4 12", 0),
        indi(3, "1 6 10 5", 100), indi(3, "3 8 12 7", 50), indi(3, "2 9 4 11", 0),
    )  # fmt: skip
    scored = score_individual(results, policy="wbf")
    by = standings_by_player(scored)
    # player 1: 4 of 4 on board 1, 4 of 4 on board 3 -> 100 %, so the A+ is 100 % for him
    assert by["1"].total == 12.0
    # player 9: 0 of 4 (board 1) and 4 of 4 (board 3) is 50 %: the A+ is 60 % of 4
    assert by["9"].total == 6.4
    no_rule = replace(get_policy("wbf"), session_rule=False)
    assert standings_by_player(score_individual(results, policy=no_rule))["1"].total == 10.4


# --- compare ---------------------------------------------------------------------------------


def test_agreement_at_the_published_precision() -> None:
    assert decimals_of(62.01923) == 5
    assert decimals_of(19.0) == 0
    assert decimals_of(1e-07) == 6
    assert agrees(5.375, 5.38, 2)
    assert not agrees(5.4, 5.38, 2)
    assert agrees(None, None, 2)
    assert not agrees(None, 1.0, 2)
    assert not agrees(1.0, None, 2)
    assert agrees(48.557692307, 48.557693, 6)
    assert not agrees(22.22, 21.0, 1)


def test_comparison_counts() -> None:
    figures = (
        Figure("line", "board 1, 1 v 2", "ns_points", 1.0, 1.0, True),
        Figure("line", "board 1, 1 v 2", "ew_points", 1.0, 2.0, False),
        Figure("standing", "1", "place", "1=", "1", False),
    )
    comparison = Comparison(figures)
    assert (comparison.agree, comparison.total) == (1, 3)
    assert comparison.counts() == {"ns_points": (1, 1), "ew_points": (0, 1), "place": (0, 1)}
    assert comparison.summary() == "ns_points 1/1, ew_points 0/1, place 0/1"
    assert comparison.only("place").total == 1
    assert comparison.only(kind="line").total == 2
    assert (comparison + comparison).total == 6
    assert set(differences_by_subject(comparison)) == {"board 1, 1 v 2", "1"}
    assert str(figures[1]) == "board 1, 1 v 2 ew_points: ours 1.0 ≠ theirs 2.0"


def test_compare_standings_and_tie_marks() -> None:
    theirs = (PublishedStanding("1", 10.0, 55.5, "1"), PublishedStanding("9", 1.0, None, "2"))
    ours = (PublishedStanding("1", 10.0, 55.5, "1="),)
    marked = compare_standings(theirs, ours)
    assert marked.counts() == {"total": (1, 2), "percent": (1, 1), "place": (0, 2)}
    plain = compare_standings(theirs, ours, tie_marks=False, names=("place",))
    assert plain.counts() == {"place": (1, 2)}
    assert compare_standings(theirs, ours, decimals=0).counts()["total"] == (1, 2)


def test_compare_lines_needs_aligned_figures() -> None:
    results = events(row(1, "1", "2", 420), row(1, "3", "4", 400))
    scored = score_pairs(results)
    event = Event(results, published=(Published(2.0, 0.0), None))
    assert compare_lines(event, scored).counts() == {"ns_points": (1, 1), "ew_points": (1, 1)}
    assert compare_lines(event, scored, decimals={"ns_points": 1}).total == 2
    with pytest.raises(DuplicateError, match="published figures"):
        compare_lines(Event(results, published=(None,)), scored)


@dataclass(frozen=True)
class _Match:
    round: int | None
    team: str
    opponent: str
    team_score: float | None
    opponent_score: float | None


def test_compare_matches() -> None:
    rows = events(
        row(1, "A", "B", 420, round=1), row(1, "B", "A", -50, round=1),
        row(2, "A", "B", 100, round=1), row(2, "B", "A", -100, round=1),
    )  # fmt: skip
    scored = score_teams(rows, vp_scale="20")
    match = scored.matches[0]
    published = [
        _Match(1, "A", "B", match.first_vp, match.second_vp),
        _Match(1, "B", "A", match.second_vp, None),
        _Match(2, "A", "C", 10.0, 10.0),
    ]
    comparison = compare_matches(scored, published)
    assert comparison.counts() == {"team_score": (2, 3), "opponent_score": (1, 2)}
    imps = compare_matches(scored, [_Match(1, "A", "B", match.first_points, None)], points=True)
    assert imps.agree == 1


def test_teams_lines_compare_each_teams_points() -> None:
    rows = events(
        row(1, "A", "B", 420, round=1), row(1, "B", "A", -50, round=1),
    )  # fmt: skip
    scored = score_teams(rows)
    event = Event(
        rows, kind=EventKind.TEAMS, published=(Published(10.0, -10.0), Published(-10.0, 10.0))
    )
    assert compare_lines(event, scored).agree == 4
    bam = score_teams(rows, scoring="bam")
    bam_event = Event(
        rows, kind=EventKind.TEAMS, published=(Published(2.0, 0.0), Published(0.0, 2.0))
    )
    assert compare_lines(bam_event, bam).agree == 4


def test_module_doctests() -> None:
    for module in (compare_module, individual_module, pairs_module):
        assert doctest.testmod(module).failed == 0, module.__name__
