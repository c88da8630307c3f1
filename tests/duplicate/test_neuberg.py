"""Neuberg's formula, the manual method, adjusted scores and matchpoint policies.

Published examples are from ``/work/shared/data/_notes/published_examples_neuberg_butler_vp.md``
(EBU, Magic Contest, pjms.nl); real boards are copied from result files written by
EBUScore, Magic Contest and ScoreBridge (``/work/shared/data``, see its SOURCES.md),
quoted here as plain numbers.
"""

from __future__ import annotations

import doctest
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgescore.duplicate.adjusted as adjusted_module
from bridgescore.duplicate.adjusted import (
    DEFAULT_POLICY,
    MATCHPOINT_POLICIES,
    NOT_PLAYED,
    Adjusted,
    AdjustedCode,
    AdjustedScoreError,
    BoardResults,
    Entry,
    MatchpointPolicy,
    NotPlayed,
    get_policy,
    parse_award,
    parse_entry,
    policy_names,
    score_board,
    score_fouled_board,
)
from bridgescore.duplicate.imps import DuplicateError, UnknownMethodError
from bridgescore.duplicate.matchpoints import (
    Halves,
    NeubergMethod,
    Scale,
    fouled_board,
    matchpoints_exact,
    neuberg,
    neuberg_exact,
    neuberg_scale,
)

A_PLUS, A, A_MINUS = AdjustedCode.AVERAGE_PLUS, AdjustedCode.AVERAGE, AdjustedCode.AVERAGE_MINUS

# --- Neuberg -------------------------------------------------------------------------------------

EBU_SCORES = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
EBU_MP = ["19.9", "17.7", "15.5", "13.3", "11.1", "8.9", "6.7", "4.5", "2.3", "0.1"]


def test_ebu_example_11_expected_10_obtained() -> None:
    # Bavin, 'The Neuberg formula - the Principle' (EBU): factor 11/10, top 20.
    assert neuberg_exact(EBU_SCORES, 11) == [Fraction(mp) for mp in EBU_MP]
    assert neuberg(EBU_SCORES, 11)[-1] == pytest.approx(0.1)
    # The same figures from a board with an eleventh, not-played, table.
    entries: list[Entry] = [*EBU_SCORES, NOT_PLAYED]
    scored = score_board(entries, "wbf")
    assert scored.top == 20
    assert scored.ns_mp == [float(mp) for mp in EBU_MP] + [None]


def test_ebu_example_second_principle_whole_numbers() -> None:
    # 16 expected (top 30), 8 played: factor 2, all whole numbers.
    scores = [100, 90, 80, 70, 60, 50, 40, 30]
    assert neuberg(scores, 16) == [29, 25, 21, 17, 13, 9, 5, 1]


def test_magic_contest_value() -> None:
    # Magic Contest (brenning.se): 11 results, one +170 changed to A+A+; for +450,
    # S = (11/10) × (18 + 1) − 1 = 19.9.
    entries: list[Entry] = [450, *[420] * 8, 400, Adjusted(A_PLUS, A_PLUS)]
    scored = score_board(entries, "wbf")
    assert scored.ns_mp[0] == 19.9
    assert scored.lines[-1].ns_mp == scored.lines[-1].ew_mp == 12.0  # 60 % of 20
    assert neuberg_scale(18, 10, 11) == Fraction(199, 10)


def test_pjms_fouled_board_tops() -> None:
    # pjms.nl 'The manual method': 7 scores split 3 + 4. Neuberg tops 88.9 % / 93.8 %,
    # manual-method tops 66.7 % / 75 %.
    groups = [[430, 400, -50], [620, 170, 140, -100]]
    tops = [max(group) for group in fouled_board(groups)]
    assert [round(100 * t / 12, 1) for t in tops] == [88.9, 93.8]
    manual = [max(group) for group in fouled_board(groups, method="manual")]
    assert [round(100 * t / 12, 1) for t in manual] == [66.7, 75.0]
    exact = [max(neuberg_exact(g, 7)) for g in groups]
    assert exact == [Fraction(32, 3), Fraction(45, 4)]


def test_pjms_percent_forms() -> None:
    # P_N = (P_n − 50)·((n−1)/n)·(N/(N−1)) + 50 and manual P_N = (P_n − 50)·(n−1)/(N−1) + 50.
    n, big_n = 3, 7
    for raw in (0, 1, 2, 3, 4):
        p_n = Fraction(100 * raw, 2 * (n - 1))
        top = 2 * (big_n - 1)
        want = (p_n - 50) * Fraction(n - 1, n) * Fraction(big_n, big_n - 1) + 50
        assert 100 * neuberg_scale(raw, n, big_n) / top == want
        manual = (p_n - 50) * Fraction(n - 1, big_n - 1) + 50
        assert 100 * neuberg_scale(raw, n, big_n, method="manual") / top == manual


def test_acbl_equivalent() -> None:
    # ACBL units: (S + ½)·N/n − ½, i.e. M = N·S/n + (N − n)/2n (ASE Computing, ACBL
    # Bulletin June 1991); half the european figure.
    assert neuberg(EBU_SCORES, 11, "acbl") == [mp / 2 for mp in neuberg(EBU_SCORES, 11)]
    for s in (0, Fraction(1, 2), 3, 9):
        assert neuberg_scale(s, 10, 11, "acbl") == Fraction(11) * s / 10 + Fraction(1, 20)


def test_scorebridge_manual_method() -> None:
    # ScoreBridge 10.25.02 sample (Forest of Dean BC): boards normally played 4 times
    # (top 6); boards 12, 16 and 19 were played 2 or 3 times: S_n + (N − n).
    assert neuberg([650, 50], 4, method="manual") == [4, 2]
    assert neuberg([-50, -50, 110], 4, method="manual") == [2, 2, 5]
    assert neuberg([430, 400, 400], 4, method="manual") == [5, 2, 2]
    assert score_board(BoardResults((650, 50), expected=4), "manual").ew_mp == [2, 4]


def test_neuberg_errors() -> None:
    with pytest.raises(DuplicateError, match="cannot be smaller"):
        neuberg([1, 2, 3], 2)
    with pytest.raises(DuplicateError, match="at least one"):
        neuberg_scale(0, 0, 5)
    with pytest.raises(UnknownMethodError, match="neuberg or manual"):
        neuberg([1], 2, method="stretch")
    with pytest.raises(DuplicateError, match="0 or more"):
        neuberg([], -1)
    assert neuberg([], 3) == []
    with pytest.raises(DuplicateError, match="groups"):
        fouled_board("12")  # type: ignore[arg-type]


SCORES = st.lists(st.integers(min_value=-40, max_value=40).map(lambda x: 10 * x), min_size=1)
SCALES = st.sampled_from(["european", "acbl"])
METHODS = st.sampled_from(["neuberg", "manual"])


@given(SCORES, SCALES, METHODS)
def test_identity_when_all_results_are_in(scores: list[int], scale: str, method: str) -> None:
    assert neuberg_exact(scores, len(scores), scale, method) == matchpoints_exact(scores, scale)


@given(SCORES, st.integers(min_value=0, max_value=20), SCALES)
def test_neuberg_keeps_the_average(scores: list[int], extra: int, scale: str) -> None:
    big_n = len(scores) + extra
    scaled = neuberg_exact(scores, big_n, scale)
    assert sum(scaled) == len(scores) * Scale.parse(scale).top(big_n) / 2
    assert all(0 <= mp <= Scale.parse(scale).top(big_n) for mp in scaled)
    assert neuberg_exact(scores, big_n, "acbl") == [mp / 2 for mp in neuberg_exact(scores, big_n)]


# --- adjusted scores: values and parsing ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ns", "ew"),
    [
        ("A+/A-", A_PLUS, A_MINUS),
        ("A+ A-", A_PLUS, A_MINUS),
        ("a+a-", A_PLUS, A_MINUS),
        ("A+A+", A_PLUS, A_PLUS),
        ("Ave+/Ave-", A_PLUS, A_MINUS),
        ("Av-/Avg", A_MINUS, A),
        ("A−/A+", A_MINUS, A_PLUS),  # a typographic minus
        ("A", A, A),
        ("A+", A_PLUS, A_PLUS),
        ("A6040", Fraction(60), Fraction(40)),
        ("A5050", Fraction(50), Fraction(50)),
        ("60/40", Fraction(60), Fraction(40)),
        ("A+/45%", A_PLUS, Fraction(45)),
        ("55.5%", Fraction(111, 2), Fraction(111, 2)),
    ],
)
def test_adjusted_parse(
    text: str, ns: AdjustedCode | Fraction, ew: AdjustedCode | Fraction
) -> None:
    adjusted = Adjusted.parse(text)
    assert (adjusted.ns, adjusted.ew) == (ns, ew)
    assert Adjusted.parse(str(adjusted)) == adjusted
    assert eval(repr(adjusted)) == adjusted  # repr evaluates back


def test_adjusted_values() -> None:
    split = Adjusted("A+", "A-")  # type: ignore[arg-type]
    assert split == Adjusted(A_PLUS, A_MINUS)
    assert hash(split) == hash(Adjusted(A_PLUS, A_MINUS))
    assert str(split) == "A+/A-"
    assert repr(split) == "Adjusted(ns=AdjustedCode.AVERAGE_PLUS, ew=AdjustedCode.AVERAGE_MINUS)"
    loose = Adjusted(60, 40.5)  # type: ignore[arg-type]
    assert loose == Adjusted(Fraction(60), Fraction(81, 2))
    assert str(loose) == "60%/40.5%"
    assert Adjusted(A, A) != Adjusted.parse("50/50")  # a code is not a fixed percentage
    assert parse_award("average plus") is A_PLUS
    assert AdjustedCode.parse("AVERAGE MINUS") is A_MINUS
    assert NotPlayed() == NOT_PLAYED
    assert (str(NOT_PLAYED), repr(NOT_PLAYED)) == ("NP", "NotPlayed()")


@pytest.mark.parametrize("bad", ["B+", "A++", "A+/A-/A", "", "A+/B", "A70", "Average+plus"])
def test_unknown_adjusted_code_lists_the_codes(bad: str) -> None:
    with pytest.raises(AdjustedScoreError) as caught:
        Adjusted.parse(bad)
    message = str(caught.value)
    assert repr(bad) in message
    for code in ("A+", "A (average)", "A-", "45%"):
        assert code in message


def test_bad_awards() -> None:
    with pytest.raises(AdjustedScoreError, match="0 to 100"):
        Adjusted(Fraction(120), Fraction(40))
    with pytest.raises(AdjustedScoreError, match="0 to 100"):
        parse_award("101%")
    with pytest.raises(AdjustedScoreError, match="not an adjusted score"):
        Adjusted(True, 40)  # type: ignore[arg-type]
    with pytest.raises(AdjustedScoreError, match="not an adjusted score"):
        AdjustedCode.parse("Z")
    with pytest.raises(AdjustedScoreError, match="written as text"):
        AdjustedCode.parse(3)  # type: ignore[arg-type]
    with pytest.raises(AdjustedScoreError, match="written as text"):
        Adjusted.parse(None)  # type: ignore[arg-type]


def test_parse_entry() -> None:
    assert parse_entry("420") == 420
    assert parse_entry(" +420 ") == 420
    assert parse_entry("−50") == -50
    assert parse_entry("A+/A-") == Adjusted(A_PLUS, A_MINUS)
    assert parse_entry("A6040") == Adjusted(Fraction(60), Fraction(40))
    for text in ("NP", "not played", "Not-Played"):
        assert parse_entry(text) is NOT_PLAYED
    with pytest.raises(AdjustedScoreError, match=r"'4S='.*NS score.*NP.*A\+"):
        parse_entry("4S=")
    with pytest.raises(AdjustedScoreError, match="written as text"):
        parse_entry(420)  # type: ignore[arg-type]


def test_board_results_value() -> None:
    board = BoardResults([420, Adjusted("A+", "A-"), NOT_PLAYED])  # type: ignore[arg-type]
    assert board.entries == (420, Adjusted(A_PLUS, A_MINUS), NOT_PLAYED)
    assert board.expected_results == 3
    assert board.scores == (420,)
    assert BoardResults((420,), expected=5).expected_results == 5
    assert board == BoardResults((420, Adjusted(A_PLUS, A_MINUS), NotPlayed()))
    with pytest.raises(DuplicateError, match="no smaller than"):
        BoardResults((1, 2, 3), expected=2)
    with pytest.raises(DuplicateError, match="NS score"):
        BoardResults((420, "A+"))  # type: ignore[arg-type]
    with pytest.raises(DuplicateError, match="NS score"):
        BoardResults((420, False))
    with pytest.raises(DuplicateError, match="sequence"):
        BoardResults("420")  # type: ignore[arg-type]


# --- policies ------------------------------------------------------------------------------------


def test_policy_registry() -> None:
    assert policy_names() == (
        "wbf", "magic-contest", "ebu", "acbl", "exact", "manual", "ruter", "compscore",
        "realbridge", "brian", "kops",
    )  # fmt: skip
    assert DEFAULT_POLICY == "wbf"
    assert get_policy() is MATCHPOINT_POLICIES["wbf"]
    assert get_policy("EBUScore") is MATCHPOINT_POLICIES["ebu"]
    assert get_policy("ACBL") is MATCHPOINT_POLICIES["acbl"]
    assert repr(get_policy("ebu")) == "get_policy('ebu')"
    for policy in MATCHPOINT_POLICIES.values():
        assert policy.sources
        assert (policy.average_plus, policy.average, policy.average_minus) == (
            Fraction(60),
            Fraction(50),
            Fraction(40),
        )
    assert get_policy("wbf").decimals == 1
    assert get_policy("ebu").decimals == 2
    assert get_policy("acbl").scale is Scale.ACBL
    assert get_policy("acbl").small_groups
    assert get_policy("manual").method is NeubergMethod.MANUAL
    assert get_policy("exact").decimals is None
    with pytest.raises(UnknownMethodError) as caught:
        get_policy("fbf")
    for name in policy_names():
        assert name in str(caught.value)


def test_policy_validation() -> None:
    custom = MatchpointPolicy("mine", (), "mine", scale="acbl", halves="even", average_plus=65)  # type: ignore[arg-type]
    assert custom.scale is Scale.ACBL
    assert custom.halves is Halves.EVEN
    assert custom.average_plus == 65
    with pytest.raises(DuplicateError, match="decimals"):
        MatchpointPolicy("x", (), "x", decimals=-1)
    with pytest.raises(AdjustedScoreError, match="percentage"):
        MatchpointPolicy("x", (), "x", average_plus=A_PLUS)  # type: ignore[arg-type]


def test_session_rule() -> None:
    # Law 12C2: A+ is 60 % or the pair's session percentage if better; A- 40 % or worse.
    wbf = get_policy("wbf")
    assert wbf.award_percent(A_PLUS) == 60
    assert wbf.award_percent(A_PLUS, Fraction(65)) == 65
    assert wbf.award_percent(A_PLUS, Fraction(55)) == 60
    assert wbf.award_percent(A_MINUS, Fraction(35)) == 35
    assert wbf.award_percent(A_MINUS, Fraction(45)) == 40
    assert wbf.award_percent(A, Fraction(70)) == 50
    assert wbf.award_percent(Fraction(45), Fraction(70)) == 45  # a fixed award stays
    no_rule = replace(wbf, session_rule=False)
    assert no_rule.award_percent(A_PLUS, Fraction(65)) == 60
    with pytest.raises(AdjustedScoreError, match="session percentage"):
        wbf.award_percent(A_PLUS, A_MINUS)  # type: ignore[arg-type]


# --- whole boards --------------------------------------------------------------------------------


def test_ebuscore_board_with_an_average() -> None:
    # EBUScore Pairs 1.2.24, Allestree BC 02/01/2025, board 18: 8 tables (top 14), one A5050.
    entries = [50, -110, -200, -400, -300, -140, -110, parse_entry("A5050")]
    scored = score_board(entries, "ebu")
    assert scored.top == 14
    assert scored.ns_mp == [13.86, 10.43, 4.71, 0.14, 2.43, 7, 10.43, 7]
    assert scored.ew_mp == [0.14, 3.57, 9.29, 13.86, 11.57, 7, 3.57, 7]


def test_ebuscore_rounds_halves_up_on_each_side() -> None:
    # EBUScore Pairs 1.2.20, Watford and Bushey BC 02/01/2025, board 8 across both
    # sections: 16 results of 17 (top 32). 5.375 -> 5.38 and 26.625 -> 26.63.
    scores = [150, 50, -120, 0, -110, -120, -400, 500, 50, 0, -120, 50, 50, 100, 0, -120]
    ns = [29.81, 22.38, 5.38, 14.94, 10.69, 5.38, 0.06, 31.94, 22.38, 14.94, 5.38, 22.38,
          22.38, 27.69, 14.94, 5.38]  # fmt: skip
    ew = [2.19, 9.63, 26.63, 17.06, 21.31, 26.63, 31.94, 0.06, 9.63, 17.06, 26.63, 9.63,
          9.63, 4.31, 17.06, 26.63]  # fmt: skip
    scored = score_board(BoardResults(tuple(scores), expected=17), "ebu")
    assert scored.ns_mp == ns
    assert scored.ew_mp == ew
    assert scored.lines[2].ns_exact == Fraction(43, 8)
    # Rounding halves toward the average instead keeps NS + EW at the top.
    toward = replace(get_policy("ebu"), halves=Halves.TOWARD_AVERAGE)
    line = score_board(BoardResults(tuple(scores), expected=17), toward).lines[2]
    assert (line.ns_mp, line.ew_mp) == (5.38, 26.62)


def test_magic_contest_split_average() -> None:
    # Magic Contest PBN (lucbellicaud/bridgetrainer test_set.pbn), 22 tables, top 42:
    # 510, 450, nineteen 420s and one A-/A+ line.
    entries: list[Entry] = [510, 450, *[420] * 19, Adjusted.parse("A-/A+")]
    scored = score_board(entries, "wbf")
    assert scored.top == 42
    assert scored.ns_mp == [42.0, 39.9, *[18.9] * 19, 16.8]
    assert scored.ew_mp == [0.0, 2.1, *[23.1] * 19, 25.2]
    assert scored.ns_percent[-1] == 40.0
    assert scored.ew_percent[-1] == 60.0
    assert [round(p or 0) for p in scored.ns_percent[:3]] == [100, 95, 45]


def test_board_not_played() -> None:
    scored = score_board([430, 400, -50, NOT_PLAYED], "exact")
    # The not-played line gets nothing; the others are brought to the top of 4 results.
    assert scored.expected == 4
    assert scored.top == 6
    assert scored.lines[-1].ns_mp is None
    assert scored.lines[-1].ew_percent is None
    assert scored.lines[-1].ns_exact is None
    assert [line.ns_exact for line in scored.lines[:3]] == [
        Fraction(17, 3),
        Fraction(3),
        Fraction(1, 3),
    ]
    # Leaving the line out instead scores the board as a 3-table board.
    assert score_board([430, 400, -50], "exact").ns_mp == [4, 2, 0]


def test_split_and_session_scores() -> None:
    entries = (620, 600, 170, Adjusted(A_PLUS, A_MINUS), Adjusted(A_PLUS, Fraction(45)))
    sessions = {3: (Fraction(66), Fraction(33)), 4: (None, Fraction(20))}
    scored = score_board(entries, "exact", sessions=sessions)
    assert scored.top == 8
    assert scored.ns_percent[3:] == [66.0, 60.0]
    assert scored.ew_percent[3:] == [33.0, 45.0]
    assert scored.ns_mp[3:] == [5.28, 4.8]
    # The real results are brought to the top of 5 results: 3 results, factor 5/3.
    assert scored.ns_mp[:3] == [float(Fraction(5 * 5, 3) - 1), 4.0, float(Fraction(5, 3) - 1)]


def test_unrounded_percentages_and_exact_board() -> None:
    scored = score_board(
        [430, 400, -50, NOT_PLAYED], replace(get_policy("exact"), percent_decimals=None)
    )
    assert scored.ns_percent[0] == float(Fraction(1700, 18))
    assert score_board([], "wbf").lines == ()
    assert score_board([Adjusted(A, A)], "wbf").ns_percent == [50.0]


def test_acbl_board() -> None:
    scored = score_board([420, 430, 500, 420, 450, -50, 170], "acbl")
    assert scored.top == 6
    assert scored.ns_mp == [2.5, 4, 6, 2.5, 5, 0, 1]
    assert scored.ew_mp == [3.5, 2, 0, 3.5, 1, 6, 5]
    with_average = score_board([*EBU_SCORES, Adjusted(A, A)], "acbl")
    assert with_average.ns_mp == [round(float(mp) / 2, 2) for mp in EBU_MP] + [5.0]


def test_acbl_small_groups() -> None:
    # ASE Computing (ACBL Bulletin June 1991): a group of 2 gets 65 % and 55 %, a single
    # score 60 %, a group of 3 that is not the largest 70/60/50 %; equal scores share.
    two = score_board([430, 400, Adjusted(A, A), Adjusted(A, A)], "acbl")
    assert two.ns_percent == [65, 55, 50, 50]
    assert two.ew_percent == [55, 65, 50, 50]
    assert two.ns_mp == [1.95, 1.65, 1.5, 1.5]
    tied = score_board([430, 430, NOT_PLAYED], "acbl")
    assert tied.ns_percent == tied.ew_percent == [60, 60, None]
    single = score_board([430, NOT_PLAYED, NOT_PLAYED], "acbl")
    assert single.ns_percent == single.ew_percent == [60, None, None]
    # A group of 3 that is the only group is Neubergged.
    three = score_board([430, 400, -50, NOT_PLAYED], "acbl")
    assert three.ns_mp == [2.83, 1.5, 0.17, None]
    # On a fouled board, a group of 3 that is not the largest gets 70/60/50 %.
    groups = [[430, 400, -50], [620, 170, 140, -100]]
    small, large = score_fouled_board(groups, "acbl")
    assert small.ns_percent == [70, 60, 50]
    assert small.ew_percent == [50, 60, 70]
    assert large.ns_percent == [93.75, 64.58, 35.42, 6.25]
    assert [b.top for b in (small, large)] == [6, 6]
    # A board played by everyone is never a small group.
    assert score_board([430, 400], "acbl").ns_percent == [100, 0]


def test_fouled_board_with_policies() -> None:
    groups = [[430, 400, -50], [620, 170, 140, -100]]
    small, large = score_fouled_board(groups, "wbf")
    assert small.top == large.top == 12
    assert small.ns_mp == [10.7, 6.0, 1.3]
    assert large.ns_mp == [11.3, 7.8, 4.3, 0.8]
    same_size = score_fouled_board([[430, 400, -50], [620, 170, 140]], "acbl")
    assert [b.ns_percent for b in same_size] == [[90, 50, 10]] * 2
    with pytest.raises(DuplicateError, match="groups"):
        score_fouled_board("x")  # type: ignore[arg-type]


ENTRY = st.one_of(
    st.integers(min_value=-30, max_value=30).map(lambda x: 10 * x),
    st.builds(Adjusted, st.sampled_from(list(AdjustedCode)), st.sampled_from(list(AdjustedCode))),
    st.just(NOT_PLAYED),
)


@given(st.lists(ENTRY, max_size=20), st.sampled_from(policy_names()))
def test_board_invariants(entries: list[int | Adjusted | NotPlayed], name: str) -> None:
    scored = score_board(entries, name)
    policy = get_policy(name)
    assert len(scored.lines) == len(entries)
    real = [line for line in scored.lines if isinstance(line.entry, int)]
    for line in scored.lines:
        if isinstance(line.entry, NotPlayed):
            assert line.ns_mp is None
            continue
        assert line.ns_exact is not None
        assert line.ew_exact is not None
        assert 0 <= line.ns_exact <= scored.top
        if isinstance(line.entry, int) and not (policy.small_groups and len(real) <= 2):
            assert line.ns_exact + line.ew_exact == scored.top
    if real and not (policy.small_groups and len(real) <= 2):
        # Real results share n × half the top between them, whatever was adjusted.
        total = sum(line.ns_exact for line in real if line.ns_exact is not None)
        assert total == len(real) * scored.top / 2


def test_module_doctests() -> None:
    assert doctest.testmod(adjusted_module).failed == 0
