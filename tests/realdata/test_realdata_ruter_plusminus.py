"""Ruter's ± matchpoints (issue 16): each result scores its wins minus its losses, a total
may be negative, and a Ruter file is scored so when its own figures are ±.

No real ± file was available. ``data/ruter_plusminus/ruter_sm1_plusminus.pbn`` is
``ruter_sm1.pbn`` (Ruter 4.9.1.3, 36 pairs, 66 boards of 18 results) with its matchpoint
columns rewritten from ITS OWN published figures (``data/ruter_plusminus/README.md``):
a board of n = 18 results has top 2(n − 1) = 34 and average 17, so

- each board figure is the published one less 17: 32.0 of 34 → +15.0 (board 1, 1020 by
  three tables: 15 results beaten, 2 tied, 0 lost: 15 − 0 = +15), 2.0 → −15.0, 0.0 → −17.0;
  an A+ of 20.4 (60 % of 34) → +3.4, which is 0.2 per comparison: 0.2 × 17;
- each ``TotalScoreMP`` is the published total less 17 per board played, 17 × 66 = 1122:
  pair 23's 1337.0 → +215.0, pair 36's 875.1 → −246.9; percentages and places unchanged.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import bridgescore
from bridgescore.duplicate.board_scoring import BoardResults, score_board
from bridgescore.duplicate.entries import Adjusted
from bridgescore.duplicate.matchpoint_policies import get_policy
from bridgescore.events.compare import compare_event
from bridgescore.events.conventions import published_mp_scale
from bridgescore.events.model import Event, Published
from bridgescore.events.options import MpScale
from bridgescore.events.pairs import PairsResult
from bridgescore.events.scoring import options_for, score_event

ROOT = Path(__file__).resolve().parents[2]
ORIGINAL = ROOT / "tests" / "io" / "data" / "pbn" / "ruter_sm1.pbn"
PLUS_MINUS = ROOT / "tests" / "realdata" / "data" / "ruter_plusminus" / "ruter_sm1_plusminus.pbn"


def test_the_derived_file_is_the_original_less_the_average() -> None:
    """The test file holds what its docstring says: every figure 17 (per board) lower."""
    original = bridgescore.load_event(ORIGINAL)
    derived = bridgescore.load_event(PLUS_MINUS)
    assert len(derived.published) == 1188
    for before, after in zip(original.published, derived.published, strict=True):
        assert before is not None
        assert after is not None
        assert before.ns_points is not None
        assert after.ns_points is not None
        assert before.ew_points is not None
        assert after.ew_points is not None
        assert round(before.ns_points - 17, 1) == after.ns_points
        assert round(before.ew_points - 17, 1) == after.ew_points
    totals = {s.id: s.total for s in derived.standings}
    assert totals["23"] == 215.0
    assert totals["36"] == -246.9
    for was, now in zip(original.standings, derived.standings, strict=True):
        assert was.total is not None
        assert now.total == round(was.total - 1122, 1)
        assert (now.percent, now.place) == (was.percent, was.place)


def test_a_ruter_file_whose_figures_are_plus_minus_is_scored_so() -> None:
    event = bridgescore.load_event(PLUS_MINUS)
    assert published_mp_scale(event) is MpScale.PLUS_MINUS
    chosen = options_for(event)
    assert chosen.options.mp_scale is MpScale.PLUS_MINUS
    assert chosen.describe() == (
        "scored as Ruter 4.9.1.3 scores (the file names it): matchpoint policy ruter,"
        " matchpoints ± the board's average (wins minus losses)"
    )
    result = score_event(event)
    assert isinstance(result, PairsResult)
    board_1 = result.traveller(1)
    assert (board_1.lines[0].ns_points, board_1.lines[0].ew_points) == (15.0, -15.0)
    assert (board_1.lines[-1].ns_points, board_1.lines[-1].ew_points) == (-17.0, 17.0)
    compared = compare_event(event, result)
    assert compared.summary() == (
        "ns_points 1188/1188, ew_points 1188/1188, ns_percent 1188/1188, ew_percent 1188/1188, "
        "total 33/36, percent 36/36, place 36/36"
    )
    # the three totals that differ are exact halves: 1103.75 - 1122 = -18.25 is written
    # -18.2 in the derived file (1103.8 - 1122) and read -18.3 by the comparison (halves
    # away from zero); how Ruter rounds a negative half is not known
    differing = {(f.subject, f.ours, f.theirs) for f in compared.figures if not f.agrees}
    assert differing == {("9", -18.25, -18.2), ("3", -27.75, -27.7), ("32", -197.75, -197.7)}
    assert [(s.place, s.pair, s.total) for s in result.standings][:1] == [("1", "23", 215.0)]
    assert result.standings[-1].pair == "36"
    assert round(result.standings[-1].total, 1) == -246.9


def test_the_original_file_stays_on_the_0_to_top_scale() -> None:
    """``[Scoring "MatchPoints;MP1"]`` alone decides nothing: ruter_sm1.pbn says MP1 and
    writes 0-to-top figures (top 34), which its figures show."""
    event = bridgescore.load_event(ORIGINAL)
    assert published_mp_scale(event) is MpScale.TOP
    assert options_for(event).options.mp_scale is MpScale.TOP
    asked = score_event(event, mp_scale="plus-minus")
    assert isinstance(asked, PairsResult)
    assert asked.standings[0].total == 215.0
    assert asked.standings[0].percent == score_event(event).standings[0].percent  # type: ignore[union-attr]


def test_the_figures_alone_decide_and_only_for_ruter() -> None:
    event = bridgescore.load_event(PLUS_MINUS)
    other = Event(event.results, program="Magic Contest 4.7", published=event.published)
    assert options_for(other).options.mp_scale is MpScale.TOP
    none = Event(event.results, program="Ruter 4.9.1.3")
    assert published_mp_scale(none) is None
    assert options_for(none).options.mp_scale is MpScale.TOP
    # every line adds up to 0 and none is negative: a board of 2 results at 0 / 0 only
    zeros = Event(event.results, program="Ruter 4.9.1.3", published=(Published(0.0, 0.0),))
    assert published_mp_scale(zeros) is None
    assert options_for(event, mp_scale="top").options.mp_scale is MpScale.TOP


def test_the_plus_minus_scale_on_one_board() -> None:
    """Five results: a top +4, an average 0, a bottom −4 (wins minus losses); Neuberg and
    artificial scores as on the 0-to-top scale, less the average."""
    policy = get_policy("exact").on_scale(plus_minus=True)
    scored = score_board(BoardResults((430, 420, 400, 400, -50)), policy)
    assert scored.ns_mp == [4.0, 2.0, -1.0, -1.0, -4.0]
    assert scored.ew_mp == [-4.0, -2.0, 1.0, 1.0, 4.0]
    assert scored.ns_percent == [100.0, 75.0, 37.5, 37.5, 0.0]
    # 4 results of 5 expected: Neuberg is the ± figure times N / n (3 x 5/4 = 3.75)
    short = score_board(BoardResults((430, 420, 400, -50), expected=5), policy)
    assert short.ns_mp == [3.75, 1.25, -1.25, -3.75]
    # A+ is 60 % of the top of 8: 4.8 - 4 = +0.8 = 0.2 per comparison; A- is -0.8
    awarded = score_board(BoardResults((430, 420, 400, -50, Adjusted.parse("A+/A-"))), policy)
    assert awarded.lines[-1].ns_mp == 0.8
    assert awarded.lines[-1].ew_mp == -0.8
    assert awarded.lines[-1].ns_exact == Fraction(24, 5)  # kept on the 0-to-top scale
    assert repr(policy) == "get_policy('exact').on_scale(plus_minus=True)"
