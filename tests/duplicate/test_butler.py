"""Butler scoring: the datum presets, IMPs against the datum, adjusted scores.

Real data: every board of a Compscore 3 butler session (Sunshine Coast BC,
'Monday Afternoon - Butler', abftech/cobalt results/tests/test_files/butler_howell.xml)
and two boards of a Magic Contest 'Butler-2' file (rkcb/pbnparser butler.pbn), copied
here as plain numbers.
"""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgescore.duplicate.butler as butler_module
from bridgescore.duplicate.adjusted import (
    NOT_PLAYED,
    Adjusted,
    AdjustedCode,
    AdjustedScoreError,
    BoardResults,
    Entry,
)
from bridgescore.duplicate.butler import (
    BUTLER_PRESETS,
    DEFAULT_BUTLER_PRESET,
    ButlerPreset,
    butler,
    butler_board,
    datum,
    datum_exact,
    get_butler_preset,
)
from bridgescore.duplicate.imps import DuplicateError, UnknownMethodError, imps
from bridgescore.duplicate.matchpoints import Halves

# (board, NS scores, BOARD_AVERAGE, NS_BUTLER_POINTS) as Compscore 3 wrote them.
COMPSCORE = [
    (1, [170, 140, 150, 170], 160, [0, -1, 0, 0]),
    (2, [50, -460, -490, -430], -450, [11, 0, -1, 1]),
    (3, [-650, -650, -650, -650], -650, [0, 0, 0, 0]),
    (4, [100, 100, -170, -680], -40, [4, 4, -4, -12]),
    (5, [100, -100, -200, -100], -100, [5, 0, -3, 0]),
    (6, [480, 450, 450, 450], 450, [1, 0, 0, 0]),
    (7, [-100, -200, 170, 620], 40, [-4, -6, 4, 11]),
    (8, [-100, -110, 50, -90], -100, [0, 0, 4, 0]),
    (9, [450, 150, 480, -620], 300, [4, -4, 5, -14]),
    (10, [400, -400, -300, -300], -300, [12, -3, 0, 0]),
    (11, [-170, -100, 50, -300], -140, [-1, 1, 5, -4]),
    (12, [50, -90, -120, -150], -110, [4, 1, 0, -1]),
    (13, [-110, -150, -110, 400], -110, [0, -1, 0, 11]),
    (14, [-100, -50, -50, -450], -80, [-1, 1, 1, -9]),
    (15, [-110, -200, -460, -200], -200, [3, 0, -6, 0]),
    (16, [-680, -1430, -680, -1390], -1040, [8, -9, 8, -8]),
    (17, [130, 120, 150, -140], 130, [0, 0, 1, -7]),
    (18, [-110, 100, -110, -110], -110, [0, 5, 0, 0]),
    (19, [-140, -100, -140, -50], -120, [-1, 1, -1, 2]),
    (20, [-670, 500, -110, 100], -10, [-12, 11, -3, 3]),
    (21, [-100, -110, -200, 100], -110, [0, 0, -3, 5]),
    (22, [90, -100, -100, -50], -80, [5, -1, -1, 1]),
    (23, [-100, -400, -100, -200], -150, [2, -6, 2, -2]),
    (24, [-500, -300, 50, -140], -220, [-7, -2, 7, 2]),
    (25, [-600, -660, -660, 400], -630, [1, -1, -1, 14]),
    (26, [-170, -130, -200, -200], -190, [1, 2, 0, 0]),
    (27, [-400, -120, -200, 50], -160, [-6, 1, -1, 5]),
    (28, [650, 650, 200, 100], 430, [6, 6, -6, -8]),
    (29, [720, 1470, 1440, 720], 1080, [-8, 9, 8, -8]),
    (30, [170, 500, 50, -110], 110, [2, 9, -2, -6]),
    (31, [-110, 110, 110, 100], 110, [-6, 0, 0, 0]),
    (32, [420, -50, 420, 140], 280, [4, -8, 4, -4]),
    (33, [-50, -50, 420, 150], 50, [-3, -3, 9, 3]),
    (34, [1430, 720, 690, 230], 710, [12, 0, -1, -10]),
    (35, [100, -90, -100, 100], 10, [3, -3, -3, 3]),
]


@pytest.mark.parametrize(("board", "scores", "average", "points"), COMPSCORE)
def test_compscore_butler_session(
    board: int, scores: list[int], average: int, points: list[int]
) -> None:
    assert datum(scores) == average
    assert butler(scores) == points
    assert butler(scores, "drop-1") == points


def test_compscore_rounds_a_datum_ending_in_5_away_from_zero() -> None:
    fives = [(datum_exact(s), a) for _, s, a, _ in COMPSCORE if datum_exact(s) % 10 == 5]
    assert len(fives) == 17
    for exact, average in fives:
        assert abs(average) == abs(exact) + 5


def test_magic_contest_butler_2() -> None:
    # Magic Contest 4.7 'IMP;Butler-2;Mean', 3 results a board: the middle one.
    assert datum([50, -50, -100]) == -50
    assert butler([50, -50, -100]) == [3, 0, -2]
    assert datum([600, 300, -100]) == 300
    assert butler([600, 300, -100]) == [7, 0, -9]


def test_acbl_datum_rounds_5_to_the_even_ten() -> None:
    # ACBLscore manual: 425 -> 420, 435 -> 440.
    assert datum([400, 450], "acbl") == 420
    assert datum([420, 450], "acbl") == 440
    assert datum([400, 450], "drop-1") == 430
    assert datum([400, 450], "mean") == 430
    assert datum([-400, -450], "acbl") == -420
    assert datum([-400, -450]) == -430


def test_acbl_drops_5_percent_at_each_end() -> None:
    acbl = get_butler_preset("acbl")
    assert [acbl.dropped(n) for n in (1, 5, 9, 10, 19, 20, 29, 30, 50, 100)] == [
        0, 0, 0, 1, 1, 1, 1, 2, 3, 5,
    ]  # fmt: skip
    scores = [2000, *[400] * 8, -2000]  # 10 results: one top and one bottom go
    assert datum_exact(scores, "acbl") == 400
    assert datum_exact(scores[1:], "acbl") == Fraction(8 * 400 - 2000, 9)  # 9: none go


def test_drop_one_keeps_at_least_one() -> None:
    drop = get_butler_preset("drop-1")
    assert [drop.dropped(n) for n in (1, 2, 3, 4, 10)] == [0, 0, 1, 1, 1]
    assert datum([620]) == 620
    assert datum([620, -100]) == 260
    assert datum([620, 600, -100]) == 600


def test_bernard_magee_example() -> None:
    # bernardmageebridge.com glossary 'Butler method': remaining scores +600, +600, +600,
    # −200 give a datum of +400; +600 scores 5 IMPs, −200 scores −12.
    assert datum([600, 600, 600, -200], "mean") == 400
    assert butler([600, 600, 600, -200], "mean") == [5, 5, 5, -12]


def test_presets() -> None:
    assert set(BUTLER_PRESETS) == {"drop-1", "acbl", "mean"}
    assert DEFAULT_BUTLER_PRESET == "drop-1"
    assert get_butler_preset() is BUTLER_PRESETS["drop-1"]
    assert get_butler_preset("Butler") is BUTLER_PRESETS["drop-1"]
    assert get_butler_preset("ACBLscore") is BUTLER_PRESETS["acbl"]
    assert get_butler_preset("average") is BUTLER_PRESETS["mean"]
    assert repr(BUTLER_PRESETS["acbl"]) == "get_butler_preset('acbl')"
    assert BUTLER_PRESETS["acbl"].halves is Halves.EVEN
    assert BUTLER_PRESETS["drop-1"].halves is Halves.AWAY_FROM_ZERO
    for preset in BUTLER_PRESETS.values():
        assert preset.sources
        assert (preset.average_plus, preset.average, preset.average_minus) == (3, 0, -3)
    with pytest.raises(UnknownMethodError) as caught:
        datum([1], "median")
    for name in ("drop-1", "acbl", "mean"):
        assert name in str(caught.value)


def test_custom_preset() -> None:
    two = ButlerPreset("drop-2", (), "two each end", drop=2, average_plus=2, imp_table="1961")
    assert datum([1000, 900, 420, 400, 380, -100, -200], two) == 400
    assert butler([1000, 800, 420, 400, 380, -100, -200], two) == [
        imps(600, "1961"), imps(400, "1961"), 1, 0, -1, -11, -12,
    ]  # fmt: skip
    assert two.award_imps(AdjustedCode.AVERAGE_PLUS) == 2
    with pytest.raises(DuplicateError, match="average to round toward"):
        ButlerPreset("x", (), "x", halves=Halves.TOWARD_AVERAGE)
    with pytest.raises(DuplicateError, match="0 or more"):
        ButlerPreset("x", (), "x", drop=-1)
    with pytest.raises(DuplicateError, match="share"):
        ButlerPreset("x", (), "x", drop_fraction=Fraction(1, 2))
    with pytest.raises(DuplicateError, match="whole number"):
        ButlerPreset("x", (), "x", average_plus=3.0)  # type: ignore[arg-type]
    with pytest.raises(UnknownMethodError):
        ButlerPreset("x", (), "x", imp_table="1999")


def test_board_with_adjusted_and_not_played() -> None:
    entries: list[Entry] = [
        620,
        600,
        170,
        Adjusted.parse("A+/A-"),
        Adjusted.parse("A"),
        NOT_PLAYED,
        Adjusted.parse("A-/A+"),
    ]
    scored = butler_board(entries)
    # Adjusted rows stay out of the datum: it is that of 620, 600, 170 alone.
    assert scored.datum == 600
    assert scored.ns_imps == [1, 0, -10, 3, 0, None, -3]
    assert scored.ew_imps == [-1, 0, 10, -3, 0, None, 3]
    assert scored.lines[5].entry is NOT_PLAYED
    assert butler_board(BoardResults(tuple(entries)), "mean").datum == 460


def test_board_without_real_results() -> None:
    scored = butler_board([Adjusted.parse("A+/A-"), NOT_PLAYED])
    assert scored.datum is None
    assert scored.ns_imps == [3, None]
    assert butler_board([]).lines == ()


def test_configurable_artificial_imps_and_table() -> None:
    generous = ButlerPreset("x", (), "x", average_plus=4, average_minus=-2)
    scored = butler_board([420, 450, 400, Adjusted.parse("A+/A-")], generous)
    assert scored.ns_imps[-1] == 4
    assert scored.ew_imps[-1] == -2
    old = butler_board([2000, 0, -2000], table="1938")
    assert old.ns_imps == [12, 0, -12]


def test_percentage_awards_on_the_line_through_the_codes() -> None:
    # 45 % is -1.5 IMPs, 55 % +1.5 (40 % = A- = -3, 50 % = A = 0, 60 % = A+ = +3)
    scored = butler_board([420, Adjusted.parse("45/55")])
    assert scored.ns_imps == [0, Fraction(-3, 2)]
    assert scored.ew_imps == [0, Fraction(3, 2)]
    refuse = ButlerPreset("x", (), "x", percentages="refuse")  # type: ignore[arg-type]
    with pytest.raises(AdjustedScoreError, match=r"45%.*A\+, A or A-"):
        butler_board([420, Adjusted.parse("45/55")], refuse)


def test_bad_input() -> None:
    with pytest.raises(DuplicateError, match="at least one"):
        datum([])
    assert butler([]) == []
    with pytest.raises(DuplicateError, match="whole number"):
        butler([420, 4.5])  # type: ignore[list-item]


SCORES = st.lists(st.integers(min_value=-200, max_value=200).map(lambda x: 10 * x), min_size=1)
PRESETS = st.sampled_from(sorted(BUTLER_PRESETS))


@given(SCORES, PRESETS)
def test_datum_is_a_ten_between_the_extremes(scores: list[int], preset: str) -> None:
    level = datum(scores, preset)
    assert level % 10 == 0
    assert min(scores) <= level <= max(scores)
    assert abs(level - datum_exact(scores, preset)) <= 5


@given(SCORES, PRESETS)
def test_butler_is_monotone_and_shift_invariant(scores: list[int], preset: str) -> None:
    won = butler(scores, preset)
    pairs = sorted(zip(scores, won, strict=True))
    assert [w for _, w in pairs] == sorted(w for _, w in pairs)
    shifted = [s + 1000 for s in scores]
    if datum(shifted, preset) == datum(scores, preset) + 1000:
        assert butler(shifted, preset) == won
    else:
        # Only a tie in rounding (a trimmed mean ending in 5) rounded away from zero can move
        # differently once the shift carries the datum across zero.
        assert datum_exact(scores, preset) % 10 == 5
        assert datum_exact(scores, preset) < 0 <= datum_exact(shifted, preset)


@given(SCORES, PRESETS)
def test_mirror_image(scores: list[int], preset: str) -> None:
    # Turning the board round (EW's view) mirrors the datum: both roundings of halves
    # (away from zero, to even) are symmetric about zero.
    assert datum([-s for s in scores], preset) == -datum(scores, preset)
    assert butler([-s for s in scores], preset) == [-w for w in butler(scores, preset)]


def test_module_doctests() -> None:
    assert doctest.testmod(butler_module).failed == 0
