"""Teams events: matches found in the results, swings, VPs and standings."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.duplicate.imps import DuplicateError
from bridgescore.duplicate.vp import vp
from bridgescore.events.teams import score_teams
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
    result = score_teams(load(EXAMPLES / "teams.json"))
    assert len(result.matches) == 6
    assert all(len(m.boards) == 4 for m in result.matches)
    for match in result.matches:
        assert match.first_vp + match.second_vp == pytest.approx(20.0)
        assert (match.first_vp, match.second_vp) == vp(int(match.margin), 4)
    assert sum(s.vp for s in result.standings) == pytest.approx(120.0)
    assert {s.matches for s in result.standings} == {3}


def test_board_at_one_table_only() -> None:
    text = MATCH + "3,1,1,A,B,2H,N,8\n"
    with pytest.raises(DuplicateError, match="line 6: board 3: A v B has a result at one table"):
        score_teams(loads_csv(text, teams=True, source="m.csv"))


def test_adjusted_score_in_teams_is_reported() -> None:
    text = "board,round,ns,ew,score,adjusted\n1,1,A,B,420,\n1,1,B,A,,A+/A-\n"
    with pytest.raises(DuplicateError, match="adjusted scores in a teams match"):
        score_teams(loads_csv(text, teams=True))
