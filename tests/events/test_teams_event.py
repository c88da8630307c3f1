"""Teams events: matches found in the results, swings, VPs and standings."""

from __future__ import annotations

from pathlib import Path

import pytest

import bridgescore
from bridgescore.duplicate.imps import DuplicateError
from bridgescore.duplicate.teams import match_board_a_match, match_imps
from bridgescore.duplicate.vp import vp
from bridgescore.events.scoring import score_event
from bridgescore.events.teams import ByeAward, ByeRule, TeamsResult, score_teams, with_byes
from bridgescore.io.results import load, loads_csv

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

MATCH = """board,round,table,ns,ew,contract,declarer,result
1,1,1,A,B,4S,N,10
1,1,2,B,A,4S,S,9
2,1,1,A,B,3NT,E,9
2,1,2,B,A,3NT,N,10
"""


def test_one_match_swings_and_vps() -> None:
    # Board 1 (None vul): A +420 at table 1, B -50 at table 2 -> A net 470 = 10 IMPs.
    # Board 2 (NS vul; EW not): A -400 at table 1, B +630 at table 2 -> A net -1030 = 14.
    result = score_teams(loads_csv(MATCH, teams=True))
    (match,) = result.matches
    assert (match.first, match.second) == ("A", "B")
    assert [b.swing for b in match.boards] == [10, -14]
    assert (match.first_points, match.second_points) == (10, 14)
    assert (match.first_vp, match.second_vp) == vp(-4, 2)
    standings = {s.team: s for s in result.standings}
    assert standings["B"].place == "1"
    assert standings["B"].vp + standings["A"].vp == pytest.approx(20.0)


def test_discrete_scale_and_board_a_match() -> None:
    event = loads_csv(MATCH, teams=True)
    (match,) = score_teams(event, vp_scale="20").matches
    assert (match.first_vp, match.second_vp) == (8.0, 12.0)  # lost by 4: 12-8 the other way
    (bam,) = score_teams(event, scoring="bam").matches
    assert [b.swing for b in bam.boards] == [2.0, 0.0]
    assert (bam.first_vp, bam.second_vp) == (2.0, 2.0)


def test_example_round_robin() -> None:
    # examples/teams.json, worked out by hand. Each match: the first team sits NS at table
    # "a" and EW at "b"; its swing is NS(a) - NS(b) in IMPs (WBF table). Vulnerability by
    # the 16-board schedule: 1 none, 2 NS, 3 EW, 4 both, 5 NS, 6 EW, 7 both, 8 none,
    # 9 EW, 10 both, 11 none, 12 NS.
    #
    # Round 1, Aces v Kings
    #   B1  4SX+2 S nv +790  | 5D-1 W nv +50      ->  +740 = +12
    #   B2  3D= N  v  +110   | 5D-2 N v  -200     ->  +310 = +7
    #   B3  4SX+2 S nv +790  | 3C= W v   -110     ->  +900 = +14
    #   B4  4SX= W v  -790   | 4S= W v   -620     ->  -170 = -5     33-5, margin 28
    # Round 1, Queens v Jacks
    #   B1  3NT+1 N +430     | 4S= E nv  -420     ->  +850 = +13
    #   B2  3NT= E nv -400   | 4S-1 W nv +50      ->  -450 = -10
    #   B3  3NT= W v -600    | 2H-1 S nv -50      ->  -550 = -11
    #   B4  3D+1 W v -130    | 1NT= W v  -90      ->   -40 = -1     13-22, margin -9
    # Round 2, Aces v Queens
    #   B5  3C= W nv -110    | 3NT-1 N v -100     ->   -10 = 0
    #   B6  3NT= E v -600    | 4S+2 W v  -680     ->   +80 = +2
    #   B7  3NT= S v +600    | 4S= E v   -620     -> +1220 = +15
    #   B8  2H+2 S +170      | 6S-1 S nv -50      ->  +220 = +6     23-0, margin 23
    # Round 2, Kings v Jacks
    #   B5  4SX+1 N v +990   | 3D= W nv  -110     -> +1100 = +15
    #   B6  4S-1 W v +100    | 5D-2 W v  +200     ->  -100 = -3
    #   B7  2S= N v +110     | 5D-1 E v  +100     ->   +10 = 0
    #   B8  3NT-1 N -50      | 4S+1 E nv -450     ->  +400 = +9     24-3, margin 21
    # Round 3, Aces v Jacks
    #   B9  4H+2 S nv +480   | 4S= N nv  +420     ->   +60 = +2
    #   B10 6S-1 W v +100    | 3C= S v   +110     ->   -10 = 0
    #   B11 6S+1 S nv +1010  | 4H+1 N    +450     ->  +560 = +11
    #   B12 5D+1 W nv -420   | 1NT-1 N v -100     ->  -320 = -8     13-8, margin 5
    # Round 3, Kings v Queens
    #   B9  4H= S nv +420    | 5D+1 E v  -620     -> +1040 = +14
    #   B10 4S+1 E v -650    | 3NT+1 E v -630     ->   -20 = -1
    #   B11 4S-1 S -50       | 4SX+1 S nv +690    ->  -740 = -12
    #   B12 3NT= E nv -400   | 2NT+1 E nv -150    ->  -250 = -6     14-19, margin -5
    #
    # VPs: the WBF continuous scale for 4 boards, winner 10 + 10(1 - t^(3M/B)) / (1 - t^3)
    # with t = (sqrt 5 - 1) / 2 and B = 15 sqrt 4 = 30, to two decimals, loser 20 minus it:
    #   margin 28 -> 19.69/0.31, 9 -> 14.60/5.40, 23 -> 18.76/1.24, 21 -> 18.33/1.67,
    #   5 -> 12.80/7.20.
    # Standings: Aces 19.69 + 18.76 + 12.80 = 51.25 (IMPs 33+23+13 = 69 for, 5+0+8 = 13
    # against); Kings 0.31 + 18.33 + 7.20 = 25.84 (5+24+14 = 43, 33+3+19 = 55); Jacks
    # 14.60 + 1.67 + 7.20 = 23.47 (22+3+8 = 33, 13+24+13 = 50); Queens 5.40 + 1.24 + 12.80
    # = 19.44 (13+0+19 = 32, 22+23+14 = 59).
    result = score_teams(load(EXAMPLES / "teams.json"))
    matches = [
        (
            m.round,
            m.first,
            m.second,
            [b.board for b in m.boards],
            [(b.first_ns_score, b.second_ns_score) for b in m.boards],
            [b.swing for b in m.boards],
            (m.first_points, m.second_points),
            m.margin,
            (m.first_vp, m.second_vp),
        )
        for m in result.matches
    ]
    assert matches == [
        (
            1, "Aces", "Kings", [1, 2, 3, 4],
            [(790, 50), (110, -200), (790, -110), (-790, -620)],
            [12, 7, 14, -5], (33, 5), 28, (19.69, 0.31),
        ),
        (
            1, "Queens", "Jacks", [1, 2, 3, 4],
            [(430, -420), (-400, 50), (-600, -50), (-130, -90)],
            [13, -10, -11, -1], (13, 22), -9, (5.40, 14.60),
        ),
        (
            2, "Aces", "Queens", [5, 6, 7, 8],
            [(-110, -100), (-600, -680), (600, -620), (170, -50)],
            [0, 2, 15, 6], (23, 0), 23, (18.76, 1.24),
        ),
        (
            2, "Kings", "Jacks", [5, 6, 7, 8],
            [(990, -110), (100, 200), (110, 100), (-50, -450)],
            [15, -3, 0, 9], (24, 3), 21, (18.33, 1.67),
        ),
        (
            3, "Aces", "Jacks", [9, 10, 11, 12],
            [(480, 420), (100, 110), (1010, 450), (-420, -100)],
            [2, 0, 11, -8], (13, 8), 5, (12.80, 7.20),
        ),
        (
            3, "Kings", "Queens", [9, 10, 11, 12],
            [(420, -620), (-650, -630), (-50, 690), (-400, -150)],
            [14, -1, -12, -6], (14, 19), -5, (7.20, 12.80),
        ),
    ]  # fmt: skip
    standings = [
        (s.place, s.team, s.vp, s.points_for, s.points_against, s.matches) for s in result.standings
    ]
    assert standings == [
        ("1", "Aces", 51.25, 69, 13, 3),
        ("2", "Kings", 25.84, 43, 55, 3),
        ("3", "Jacks", 23.47, 33, 50, 3),
        ("4", "Queens", 19.44, 32, 59, 3),
    ]
    # the library's scale gives the same VPs as the formula worked out above
    for match in result.matches:
        assert (match.first_vp, match.second_vp) == vp(int(match.margin), 4)
    assert sum(s.vp for s in result.standings) == pytest.approx(120.0)


def test_board_at_one_table_only() -> None:
    text = MATCH + "3,1,1,A,B,2H,N,8\n"
    with pytest.raises(DuplicateError, match="line 6: board 3: A v B has a result at one table"):
        score_teams(loads_csv(text, teams=True, source="m.csv"))


ADJUSTED = """board,round,table,ns,ew,contract,declarer,result,adjusted
1,1,1,A,B,4S,N,10,
1,1,2,B,A,4S,S,9,
2,1,1,A,B,3NT,E,9,
2,1,2,B,A,,,,{award}
"""


def test_average_plus_at_imps_is_three_imps() -> None:
    # Board 1: A +10 (as in MATCH). Board 2: A at table 1 -400; at table 2 B (NS) gets
    # A+ and A (EW) A-: Law 12C2(b) makes that 3 IMPs to B, table 1's -400 not counted.
    (match,) = score_teams(loads_csv(ADJUSTED.format(award="A+/A-"), teams=True)).matches
    assert [b.swing for b in match.boards] == [10, -3]
    assert (match.first_points, match.second_points) == (10, 3)
    assert (match.first_vp, match.second_vp) == vp(7, 2)
    assert match.second_view is None  # the awards balance


def test_average_minus_to_both_sides_does_not_balance() -> None:
    # A-/A-: each team loses 3 IMPs on board 2. A's margin +10 - 3 = +7; B's -10 - 3 = -13.
    result = score_teams(loads_csv(ADJUSTED.format(award="A-/A-"), teams=True))
    (match,) = result.matches
    assert [b.swing for b in match.boards] == [10, -3]
    assert (match.first_points, match.second_points) == (10, 3)
    assert match.second_view == (0, 13)
    assert match.first_vp == vp(7, 2)[0]
    assert match.second_vp == vp(-13, 2)[0]
    standings = {s.team: s for s in result.standings}
    assert (standings["B"].points_for, standings["B"].points_against) == (0, 13)
    assert standings["A"].vp == vp(7, 2)[0]


def test_a_percentage_without_an_imp_equivalent_is_an_error() -> None:
    for award, refused in (("55%/45%", "55"), ("70%/30%", "70"), ("A60/A35", "35")):
        with pytest.raises(
            DuplicateError,
            match=rf"line 5: board 2: an adjusted score of {refused}% has no equivalent in IMPs",
        ):
            score_teams(loads_csv(ADJUSTED.format(award=award), teams=True, source="m.csv"))
    # 60 %, 50 %, 40 % are A+, A, A-, however written
    for award in ("60%/40%", "A60/A40", "A6040"):
        (match,) = score_teams(loads_csv(ADJUSTED.format(award=award), teams=True)).matches
        assert [b.swing for b in match.boards] == [10, -3]
    with pytest.raises(DuplicateError, match="cannot be scored board-a-match"):
        score_teams(loads_csv(ADJUSTED.format(award="A+/A-"), teams=True), scoring="bam")


def test_a_board_not_played_in_one_room_is_left_out_of_the_match() -> None:
    (match,) = score_teams(loads_csv(ADJUSTED.format(award="NP"), teams=True)).matches
    assert [b.board for b in match.boards] == [1]
    assert (match.first_vp, match.second_vp) == vp(10, 1)


@pytest.mark.parametrize("scoring", ["imps", "bam"])
def test_matches_are_the_duplicate_kernels(scoring: str) -> None:
    """Every match of the example is what duplicate.teams gives for its boards."""
    result = score_teams(load(EXAMPLES / "teams.json"), scoring=scoring, vp_scale="20")
    assert result.matches
    for match in result.matches:
        boards: list[tuple[int, int]] = []
        for b in match.boards:  # the example has no adjusted score: every room's is a score
            assert b.first_ns_score is not None
            assert b.second_ns_score is not None
            boards.append((b.first_ns_score, b.second_ns_score))
        if scoring == "imps":
            imp_match = match_imps(boards)
            assert tuple(b.swing for b in match.boards) == imp_match.swings
            assert (match.first_points, match.second_points) == (imp_match.team1, imp_match.team2)
            assert (match.first_vp, match.second_vp) == imp_match.victory_points("20")
        else:
            bam = match_board_a_match(boards)
            assert tuple(b.swing for b in match.boards) == bam.points
            assert (match.first_points, match.second_points) == (bam.team1, bam.team2)
            assert (match.first_vp, match.second_vp) == (bam.team1, bam.team2)


ROBIN_OF_THREE = """board,round,table,ns,ew,contract,declarer,result
1,1,1,A,B,4S,N,10
1,1,2,B,A,4S,S,9
2,2,1,A,C,3NT,N,9
2,2,2,C,A,3NT,N,9
3,3,1,B,C,2H,N,8
3,3,2,C,B,2H,N,9
"""


def test_a_bye_scores_as_the_conditions_say() -> None:
    # Three teams, a bye each round: C in round 1, B in round 2, A in round 3.
    # Round 1 A v B: 4S= N +420 and 4S-1 S -50 for B: A by 470 = 10 IMPs, 18.09-1.91.
    # Round 2 A v C: 3NT= N at both tables, flat: 10-10.
    # Round 3 B v C: B +110 at table 1, C +140 at table 2: C by 30 = 1 IMP, 11.20-8.80.
    scored = score_teams(loads_csv(ROBIN_OF_THREE, teams=True))
    assert [(s.team, s.vp) for s in scored.standings] == [("A", 28.09), ("C", 21.2), ("B", 10.71)]
    byes = {1: "C", 2: "B", 3: "A"}

    fixed = with_byes(scored, byes, ByeAward(12))
    assert [(b.round, b.team, b.vp) for b in fixed.byes] == [
        (1, "C", 12),
        (2, "B", 12),
        (3, "A", 12),
    ]
    assert [(s.place, s.team, s.vp, s.matches, s.byes) for s in fixed.standings] == [
        ("1", "A", 40.09, 2, 1),
        ("2", "C", 33.2, 2, 1),
        ("3", "B", 22.71, 2, 1),
    ]
    # the average of each team's own matches: A (18.09 + 10) / 2, B (1.91 + 8.80) / 2,
    # C (10 + 11.20) / 2
    average = with_byes(scored, byes, ByeAward(12, ByeRule.AVERAGE))
    assert [(b.team, b.vp) for b in average.byes] == [("C", 10.6), ("B", 5.36), ("A", 14.04)]
    assert [(s.team, s.vp) for s in average.standings] == [("A", 42.13), ("C", 31.8), ("B", 16.07)]
    higher = with_byes(scored, byes, ByeAward(9, ByeRule.HIGHER))  # at least 9
    assert [(b.team, b.vp) for b in higher.byes] == [("C", 10.6), ("B", 9), ("A", 14.04)]


def test_a_bye_award_out_of_range_is_refused() -> None:
    with pytest.raises(DuplicateError, match="a bye of 31 VPs"):
        ByeAward(31)


def test_board_a_match_gives_the_second_team_what_the_first_did_not_win() -> None:
    """EBUScoreTeams' point-a-board file: every board is worth 2 between the two teams
    (2-0 won, 1-1 tied), from either team's side."""
    data = Path(__file__).parents[1] / "io" / "data" / "usebio" / "payload_point-a-board.xml"
    result = score_event(bridgescore.load_event(data))
    assert isinstance(result, TeamsResult)
    shares = {(b.swing, b.second_swing) for m in result.matches for b in m.boards}
    assert shares == {(2.0, 0.0), (1.0, 1.0), (0.0, 2.0)}


ARTIFICIAL = """\
# kind: teams
# scoring: imps
board,round,table,ns,ew,contract,declarer,result,score,adjusted,vulnerability
1,1,1a,Jacks,Aces,3NT,N,9,,,None
1,1,1b,Aces,Jacks,3NTX,N,7,,,None
2,1,1a,Jacks,Aces,,,,,A+/A-,NS
2,1,1b,Aces,Jacks,2D,W,8,,,NS
"""
"""Jacks v Aces: board 1 +400 at Jacks' home table, -300 (3NTX two down) at the other:
700, 12 IMPs to Jacks; board 2 an artificial A+/A- at Jacks' home table: 3 IMPs to
Jacks whatever the other room made (Law 12C2(b)), and no table score there."""


def test_a_board_of_an_artificial_adjusted_score_is_summarised_and_published(
    tmp_path: Path,
) -> None:
    from bridgescore.events.summary import event_summary
    from bridgescore.report.view import build_report

    path = tmp_path / "adjusted.csv"
    path.write_text(ARTIFICIAL, encoding="utf-8")
    event = bridgescore.load_event(path)
    result = score_event(event)
    assert isinstance(result, TeamsResult)
    summary = event_summary(event, result)
    assert summary["matches"][0]["boards"] == [
        {"board": 1, "ns_scores": [400, -300], "swing": 12.0},
        {"board": 2, "ns_scores": [None, -90], "swing": 3.0},
    ]
    report = build_report(event)
    assert [page.file for page in report.boards] == ["board-1.html", "board-2.html"]
    (row,) = report.boards[1].tables[0].rows  # no table score beside the A+/A-
    assert row.cells == ("Jacks", "Aces", "A+/A-", "", "2♦W=", "-90", "3")
