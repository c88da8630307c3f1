"""Pairs events scored end to end from results text, against published figures."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.duplicate.imps import DuplicateError
from bridgescore.events.pairs import pairs_scoring, score_pairs
from bridgescore.events.ranking import places
from bridgescore.events.vocabulary import Scoring
from bridgescore.io.results import load, loads_csv
from bridgescore.scoring import declarer_scores

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def one_board(scores: list[int], *, board: int = 1, ew_offset: int = 100) -> str:
    lines = ["board,ns,ew,score"]
    lines += [f"{board},{i},{i + ew_offset},{s}" for i, s in enumerate(scores, start=1)]
    return "\n".join(lines) + "\n"


def test_spanish_seed_cross_imps_example() -> None:
    # NS vulnerable, EW not (board 2): +620 against -100, -100, -300, +650:
    # 12 + 12 + 14 - 1 = 37 IMPs over 4 comparisons
    event = loads_csv(one_board([620, -100, -100, -300, 650], board=2))
    result = score_pairs(event, "cross-imps")
    standing = {s.pair: s for s in result.standings}
    assert standing["1"].total == 9.25
    assert standing["101"].total == -9.25
    assert result.traveller(2).lines[0].ns_points == 9.25


def test_pjms_three_tables_matchpoints() -> None:
    # 430 / 400 / -50 on the 2-1-0 scale: 4 / 2 / 0 MP, 100 / 50 / 0 %
    result = score_pairs(loads_csv(one_board([430, 400, -50])), "mp")
    lines = result.traveller(1).lines
    assert [line.ns_points for line in lines] == [4.0, 2.0, 0.0]
    assert [line.ew_points for line in lines] == [0.0, 2.0, 4.0]
    assert result.traveller(1).top == 4.0
    assert {s.pair: s.percent for s in result.standings} == {
        "1": 100.0, "2": 50.0, "3": 0.0, "101": 0.0, "102": 50.0, "103": 100.0,
    }  # fmt: skip


def test_acbl_example_places() -> None:
    # The ACBL's example: NS 420, 430, +500, 420, 450, -50, 170 -> 2.5, 4, 6, 2.5, 5, 0, 1
    result = score_pairs(loads_csv(one_board([420, 430, 500, 420, 450, -50, 170])), "acbl")
    ns = {s.pair: (s.place, s.total) for s in result.standings if s.field == "NS"}
    assert ns == {
        "1": ("4=", 2.5), "2": ("3", 4.0), "3": ("1", 6.0), "4": ("4=", 2.5), "5": ("2", 5.0),
        "6": ("7", 0.0), "7": ("6", 1.0),
    }  # fmt: skip


def test_butler_datum_on_traveller() -> None:
    # drop-1: leave out 650 and -300; mean of 620, -100, -100 is 140 -> datum +140
    result = score_pairs(loads_csv(one_board([620, -100, -100, -300, 650], board=2)), "butler")
    traveller = result.traveller(2)
    assert traveller.datum == 140
    # 620 - 140 = 480: 10 IMPs; -240: -6; -440: -10; 510: 11
    assert [line.ns_points for line in traveller.lines] == [10.0, -6.0, -6.0, -10.0, 11.0]


def test_mitchell_fields_and_sums() -> None:
    result = score_pairs(load(EXAMPLES / "pairs-mitchell.csv"))
    assert result.fields == ("NS", "EW")
    assert next(s.pair for s in result.standings if s.field == "NS") == "2"
    assert {s.boards for s in result.standings} == {10}
    for traveller in result.travellers:
        assert traveller.top == 8.0
        for line in traveller.lines:
            assert line.ns_points is not None
            assert line.ew_points is not None
            if line.row.adjusted is None:  # real results share the top
                assert line.ns_points + line.ew_points == pytest.approx(8.0, abs=0.11)


def test_adjusted_score_uses_session_percentage_when_worse() -> None:
    # Board 5, table 3: NS 3 get A+ (60 % of 8 = 4.8); EW 8 get A-, their own session
    # percentage on the other boards being below 40 % (Law 12C2).
    line = score_pairs(load(EXAMPLES / "pairs-mitchell.csv")).traveller(5).lines[0]
    assert str(line.row.adjusted) == "A+/A-"
    assert line.ns_points == 4.8
    assert line.ns_percent == 60.0
    assert line.ew_percent is not None
    assert line.ew_percent < 40.0


def test_howell_is_one_field() -> None:
    text = "board,ns,ew,score\n1,1,2,420\n1,3,4,450\n2,2,3,-100\n2,4,1,110\n"
    result = score_pairs(loads_csv(text))
    assert result.fields == ("all",)
    # board 1: NS 3 beat NS 1 (450 > 420); board 2: NS 4 beat NS 2 (+110 > -100)
    assert {s.pair: s.total for s in result.standings} == {"1": 0.0, "2": 2.0, "3": 4.0, "4": 2.0}
    assert [(s.place, s.pair) for s in result.standings] == [
        ("1", "3"), ("2=", "2"), ("2=", "4"), ("4", "1"),
    ]  # fmt: skip


def test_score_card_from_pairs_side() -> None:
    text = "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n1,3,4,4S,N,9\n"
    result = score_pairs(loads_csv(text))
    (line,) = result.card("2")
    assert (line.board, line.direction, line.opponents, line.result) == (1, "EW", "1", "4SN=")
    assert line.score == -420
    assert line.points == 0.0


def test_not_played_board_drops_out_of_total_and_top() -> None:
    text = "board,ns,ew,score,adjusted\n1,1,2,420,\n1,3,4,,NP\n2,1,2,100,\n2,3,4,200,\n"
    result = score_pairs(loads_csv(text))
    standing = {s.pair: s for s in result.standings}
    assert standing["3"].boards == 1
    assert standing["3"].percent == 100.0


def test_unknown_pair_or_board() -> None:
    result = score_pairs(loads_csv(one_board([420, 450])))
    with pytest.raises(DuplicateError, match="board 9"):
        result.traveller(9)
    with pytest.raises(DuplicateError, match="'zz'"):
        result.card("zz")


def test_percentage_award_scores_in_cross_imps() -> None:
    # 60 % is +3 IMPs and 40 % -3 (the line through A- 40 %, A 50 %, A+ 60 %);
    # the one real result has nothing to compare with: 0
    text = "board,ns,ew,score,adjusted\n1,1,2,420,\n1,3,4,,60%/40%\n"
    result = score_pairs(loads_csv(text, source="f.csv"), "cross-imps")
    assert [(x.ns_points, x.ew_points) for x in result.traveller(1).lines] == [
        (0.0, 0.0),
        (3.0, -3.0),
    ]


def test_scoring_names() -> None:
    assert pairs_scoring("Calcutta") is Scoring.CROSS_IMPS
    with pytest.raises(DuplicateError, match="'swiss': not a pairs scoring; use mp, acbl"):
        pairs_scoring("swiss")
    with pytest.raises(DuplicateError, match="'board-a-match': not a pairs scoring"):
        pairs_scoring("board-a-match")
    assert pairs_scoring("IMPs") is Scoring.CROSS_IMPS  # IMPs in a pairs event


POSSIBLE = sorted(
    {s for s in declarer_scores(False) if abs(s) <= 1000}
    | {-s for s in declarer_scores(False) if abs(s) <= 1000}
)


@given(st.lists(st.sampled_from(POSSIBLE), min_size=2, max_size=12))
def test_matchpoints_on_a_board_sum_to_the_tops(scores: list[int]) -> None:
    result = score_pairs(loads_csv(one_board(scores)), "mp", policy="exact")
    n = len(scores)
    total = sum(s.total for s in result.standings)
    assert total == pytest.approx(2 * n * (n - 1), abs=0.05)


@given(st.dictionaries(st.text("ab", min_size=1, max_size=3), st.integers(0, 5), min_size=1))
def test_places_share_equal_totals(totals: dict[str, int]) -> None:
    placed = places({k: float(v) for k, v in totals.items()})
    for key, place in placed.items():
        better = sum(1 for v in totals.values() if v > totals[key])
        assert place.rstrip("=") == str(better + 1)
        assert place.endswith("=") == (list(totals.values()).count(totals[key]) > 1)
