"""A teams file that holds only its match table (Ruter's ``TeamId_Home``/``TeamId_Away``
rows: each match's IMPs and VPs, no boards): ranked from the VPs, and every match's VPs
checked against the WBF continuous scale, the match length inferred when not given.

Figures: ``tests/io/data/pbn/ruter_team.pbn`` (Ruter 4.7, "Salo joukkuekilpailu", 10
teams, 6 rounds, 30 matches); its TotalScoreTable gives each team's VP total and place.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli.main import cli
from bridgescore.duplicate.imps import DuplicateError
from bridgescore.duplicate.vp import get_scale
from bridgescore.events.compare import compare_standings, standings_of
from bridgescore.events.model import Event, EventResults, PublishedMatch
from bridgescore.events.scoring import NoResultsError, score_event
from bridgescore.events.teams import TeamsResult, check_match_vps, score_published_matches
from bridgescore.events.vocabulary import EventKind
from bridgescore.io.events import load_event

ROOT = Path(__file__).resolve().parents[2]
RUTER_TEAM = ROOT / "tests" / "io" / "data" / "pbn" / "ruter_team.pbn"

# The file's TotalScoreTable: team -> (VP total, place).
TOTALS = {
    "5": (75.23, "1"), "4": (70.93, "2"), "3": (67.72, "3"), "2": (62.96, "4"),
    "8": (61.48, "5"), "1": (59.45, "6"), "6": (53.90, "7"), "9": (52.03, "8"),
    "7": (49.49, "9"), "10": (46.81, "10"),
}  # fmt: skip


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def test_load_event_maps_the_match_table() -> None:
    event = load_event(RUTER_TEAM)
    assert (event.kind, len(event.results.rows), len(event.matches)) == ("teams", 0, 30)
    assert event.results.problems == ()  # the reader's "not mapped" warning is gone
    first = event.matches[0]
    assert (first.round, first.table, first.home, first.away) == (1, "1", "1", "2")
    assert (first.home_imps, first.away_imps, first.home_vp, first.away_vp) == (
        25.0, 8.0, 15.75, 4.25,
    )  # fmt: skip
    assert first.boards is None
    assert first.line is not None


def test_standings_from_the_published_vps() -> None:
    event = load_event(RUTER_TEAM)
    result = score_event(event)
    assert isinstance(result, TeamsResult)
    assert {s.team: (s.vp, s.place) for s in result.standings} == TOTALS
    assert [s.team for s in result.standings] == list(TOTALS)
    assert all(s.matches == 6 for s in result.standings)
    five = result.standings[0]
    assert (five.points_for, five.points_against) == (156.0, 86.0)
    # the same as the realdata check: totals and places against the TotalScoreTable
    summary = compare_standings(event.standings, standings_of(result)).summary()
    assert summary == "total 10/10, place 10/10"


def test_vps_agree_with_the_wbf_scale_for_8_boards() -> None:
    # round 1, 1 v 2: 25-8, a 17-IMP margin; the WBF scale for 8 boards gives 15.75-4.25
    assert get_scale("wbf", 8).vp(17) == (15.75, 4.25)
    assert get_scale("wbf", 7).vp(17) != (15.75, 4.25)
    check = check_match_vps(load_event(RUTER_TEAM).matches)
    assert (check.boards, check.inferred, check.candidates) == (8, True, (8,))
    assert (check.agreeing, check.checked, check.differences) == (30, 30, ())
    assert check.describe() == "VPs agree with the WBF scale for 8-board matches: 30/30"


def test_a_wrong_match_is_listed() -> None:
    table = list(load_event(RUTER_TEAM).matches)
    table[0] = PublishedMatch(1, "1", "2", 25, 8, 15.0, 5.0, "1")
    check = check_match_vps(table)
    assert (check.boards, check.agreeing, check.checked, check.candidates) == (8, 29, 30, ())
    (wrong,) = check.differences
    assert wrong.expected == (15.75, 4.25)
    assert check.describe() == (
        "VPs disagree with the WBF scale for 8-board matches: 29/30 agree (no match length"
        " from 1 to 64 gives every match's VPs); differ: round 1: 1 v 2 25-8 IMPs: 15.00-5.00 VPs"
        " written, 15.75-4.25 by the scale"
    )
    # the standings still follow the file's VPs: team 1 has 0.75 fewer, team 2 0.75 more
    totals = {s.team: s.vp for s in score_published_matches(table).standings}
    assert (totals["1"], totals["2"]) == (58.7, 63.71)


def test_given_lengths_ambiguous_lengths_and_missing_vps() -> None:
    given = [PublishedMatch(1, "A", "B", 25, 8, 15.75, 4.25, boards=8)]
    check = check_match_vps(given)
    assert (check.boards, check.inferred) == (8, False)
    assert check.describe() == "VPs agree with the WBF scale for 8-board matches: 1/1"
    # a drawn match is 10-10 at any length: the first that fits is said, and the others
    drawn = check_match_vps([PublishedMatch(1, "A", "B", 12, 12, 10.0, 10.0)])
    assert drawn.candidates == tuple(range(1, 65))
    assert drawn.describe() == (
        "VPs agree with the WBF scale for 1-board matches: 1/1 (so do 2-64 boards)"
    )
    # a match with IMPs and no VPs gets the scale's, at the length the others show
    table = [
        PublishedMatch(1, "A", "B", 25, 8, 15.75, 4.25),
        PublishedMatch(1, "C", "D", 16, 7),
    ]
    result = score_published_matches(table)
    assert result.matches[1].first_vp == get_scale("wbf", 8).vp(9)[0] == 13.45
    assert result.check is not None
    assert result.check.describe() == (
        "VPs agree with the WBF scale for 8-board matches: 1/1;"
        " 1 match(es) without IMPs or VPs not checked"
    )
    with pytest.raises(DuplicateError, match="neither its VPs nor IMPs"):
        score_published_matches([PublishedMatch(1, "A", "B", home_vp=12.0)])
    # a match that gives nothing at all is not played yet: listed, not ranked
    waiting = score_published_matches([*table, PublishedMatch(2, "A", "E")])
    assert [m.away for m in waiting.unplayed] == ["E"]
    assert [(s.place, s.team, s.vp) for s in waiting.standings][-1] == ("5", "E", 0.0)
    assert check_match_vps([PublishedMatch(1, "A", "B")]).describe() == (
        "VPs not checked: no match gives both its IMPs and its VPs"
    )


def test_events_with_neither_rows_nor_matches_still_have_no_results() -> None:
    with pytest.raises(NoResultsError, match="no result rows"):
        score_event(Event(EventResults((), source="empty.csv"), kind=EventKind.TEAMS))
    with pytest.raises(DuplicateError, match="cannot be scored board-a-match"):
        score_event(load_event(RUTER_TEAM), "bam")


def test_cli_event_prints_the_standings_and_the_check() -> None:
    shown = run("event", str(RUTER_TEAM))
    assert shown.exit_code == 0, shown.output
    assert "bridgescore: VPs agree with the WBF scale for 8-board matches: 30/30\n" in (
        shown.stderr
    )
    assert "warning" not in shown.stderr
    for team, (total, _) in TOTALS.items():
        assert f"{total:.2f}" in shown.stdout, team
    assert "URI" in shown.stdout  # team 5's name, from the TotalScoreTable
    assert "15.75–4.25" in shown.stdout  # round 1, 1 v 2


def test_cli_event_json_is_the_summary_shape() -> None:
    shown = run("event", str(RUTER_TEAM), "--json")
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.stdout)
    assert set(data) >= {"event", "participants", "results"}
    assert (data["event"]["kind"], data["event"]["scoring"]) == ("teams", "imps")
    assert {p["id"]: (p["total"], p["place"]) for p in data["participants"]} == TOTALS
    assert data["participants"][0]["names"] == ["URI"]
    assert data["results"] == []
    assert "VPs agree with the WBF scale for 8-board matches: 30/30" in shown.stderr


def test_cli_report_writes_the_standings_matches_and_team_pages(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shown = run("report", str(RUTER_TEAM), "--html", str(site))
    assert shown.exit_code == 0, shown.output
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "75.23" in index
    assert "VPs agree with the WBF scale for 8-board matches: 30/30" in index
    assert "team-5.html" in index
    team = (site / "team-5.html").read_text(encoding="utf-8")
    assert team.count("<tr") == 7  # a header and its 6 matches
    assert "18.04" in team  # round 2: 5 v 4, 33-5


def _without_vp_columns(tmp_path: Path) -> Path:
    """ruter_team.pbn as an older Ruter writes its match table: ``MatchDetails`` (the
    IMPs) and no ``VP_Home``/``VP_Away`` columns; the standings keep ``TotalScoreVP``."""
    text = RUTER_TEAM.read_bytes().decode("latin-1")
    lines, in_table = [], False
    for line in text.split("\n"):
        if line.startswith("[ScoreTable"):
            line, in_table = line.replace("VP_Home\\5R;VP_Away\\5R;", ""), True
        elif in_table and line.startswith("["):
            in_table = False
        elif in_table and line.strip():
            head, rest = line.split('" ', 1)
            vps_dropped = rest.split(None, 2)[2]
            line = f'{head}" {vps_dropped}'
        lines.append(line)
    path = tmp_path / "ruter_team_old.pbn"
    path.write_bytes("\n".join(lines).encode("latin-1"))
    return path


def test_a_match_table_without_vps_is_read_at_the_length_the_totals_show(
    tmp_path: Path,
) -> None:
    path = _without_vp_columns(tmp_path)
    event = load_event(path)
    assert len(event.matches) == 30
    assert all(m.home_vp is None and m.home_imps is not None for m in event.matches)
    result = score_event(event)
    assert isinstance(result, TeamsResult)
    # the published VPs of the full file, worked out again from the IMPs at 8 boards
    assert (result.matches[0].first_vp, result.matches[0].second_vp) == (15.75, 4.25)
    assert (result.matches[10].first_vp, result.matches[10].second_vp) == (20.0, 0.0)
    assert {s.team: (s.vp, s.place) for s in result.standings} == TOTALS
    assert result.check is not None
    assert result.check.describe() == (
        "VPs worked out from the IMPs on the WBF scale for 8-board matches, the length"
        " that gives every team's published total"
    )
    shown = run("event", str(path))
    assert shown.exit_code == 0, shown.output
    said = shown.output.splitlines()
    assert said[0] == (
        "bridgescore: scored as Ruter 4.7 scores (the file names it): the same as"
        " bridgescore's defaults; the file's own figures: 20 of 20 agree"
    )
    assert said[1] == f"bridgescore: {result.check.describe()}"
    assert "│ 1     │ 5    │ URI             │ 75.23 │ 156 │      86 │       6 │" in said


def test_a_match_table_without_vps_or_a_length_to_find_is_refused_by_line() -> None:
    table = [PublishedMatch(1, "A", "B", 25, 8, line=7), PublishedMatch(1, "C", "D", 16, 7)]
    with pytest.raises(DuplicateError) as refused:
        score_published_matches(table)
    assert str(refused.value) == (
        "line 7: A v B: the match gives its IMPs but not its VPs, and neither the file's"
        " matches nor its totals show how many boards a match was"
    )
    # totals that no length from 1 to 64 gives are no help either
    with pytest.raises(DuplicateError, match="nor its totals"):
        score_published_matches(table, totals={"A": 11.0, "B": 9.5})
    # the 20 scale does not depend on the length
    assert score_published_matches(table, vp_scale="20").standings[0].team == "A"
