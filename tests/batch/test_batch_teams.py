"""Teams events in the batch frames, held to the figures the files themselves publish.

The files are the project's real test data (``tests/io/data/usebio/SOURCES.md``,
``tests/io/data/pbn/SOURCES.md``):

- ``payload_multiple-teams.xml`` (TeamsScorer 5.1.17, 10 teams, IMPs): each board of a
  ``<MATCH>`` gives the IMPs the match's team won on it (``<IMPS>``);
- ``payload_point-a-board.xml`` (EBUScoreTeams 1.1.3, 8 teams, board-a-match): each board
  gives both teams' points (``<TEAM_POINTS>``, ``<OPPOSING_TEAM_POINTS>``), each team its
  ``<TOTAL_SCORE>`` and ``<PLACE>``;
- ``ruter_team.pbn`` (Ruter 4.7, 10 teams, a match table only): its TotalScoreTable gives
  each team's VPs and place.

The published values are read by the library's readers (``Event.published``,
``Event.standings``), never computed by the batch engine, and a few are written out here
as the files print them.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from bridgescore.batch import read_events, read_results, season_totals
from bridgescore.io.events import load_event

DATA = Path(__file__).resolve().parents[1] / "io" / "data"
MULTIPLE = DATA / "usebio" / "payload_multiple-teams.xml"
POINT_A_BOARD = DATA / "usebio" / "payload_point-a-board.xml"
RUTER_TEAM = DATA / "pbn" / "ruter_team.pbn"

# ruter_team.pbn's TotalScoreTable: team -> (VPs, place).
RUTER_TOTALS = {
    "5": (75.23, "1"), "4": (70.93, "2"), "3": (67.72, "3"), "2": (62.96, "4"),
    "8": (61.48, "5"), "1": (59.45, "6"), "6": (53.90, "7"), "9": (52.03, "8"),
    "7": (49.49, "9"), "10": (46.81, "10"),
}  # fmt: skip


@pytest.mark.parametrize("path", [MULTIPLE, POINT_A_BOARD], ids=["imps", "board-a-match"])
def test_every_result_has_the_points_its_file_published(path: Path) -> None:
    event = load_event(path)
    published = {
        (row.round, row.board, row.ns, row.ew): figures
        for row, figures in zip(event.results.rows, event.published, strict=True)
    }
    frame = read_results([path])
    assert frame.height == len(published) == len(event.results.rows)
    for row in frame.iter_rows(named=True):
        want = published[(row["round"], row["board"], row["ns"], row["ew"])]
        assert want is not None
        assert (row["ns_points"], row["ew_points"]) == (want.ns_points, want.ew_points)
        assert (row["ns_percent"], row["ew_percent"]) == (None, None)


def test_the_imps_of_a_board_as_the_file_prints_them() -> None:
    # round 1, board 2, team 1 v team 3: -140 at one table, -500 (5DX-2 by team 1) at
    # the other; the file gives team 1 8 IMPs and team 3 -8 at both tables
    frame = read_results([MULTIPLE]).filter((pl.col("round") == 1) & (pl.col("board") == 2))
    assert frame.select("ns", "ew", "ns_score", "ns_points", "ew_points").rows() == [
        ("1", "3", -140, 8.0, -8.0),
        ("3", "1", -500, -8.0, 8.0),
    ]


def test_a_team_row_names_the_team_and_its_vps() -> None:
    frame = read_events([RUTER_TEAM])
    assert frame.height == 10
    assert frame["pair"].null_count() == frame["player"].null_count() == 10
    got = {row["team"]: (row["vp"], row["place"]) for row in frame.iter_rows(named=True)}
    assert got == RUTER_TOTALS
    assert frame["total"].to_list() == frame["vp"].to_list()
    assert set(frame["scoring"]) == {"imps"}
    assert set(frame["matches"]) == {6}
    # team 5 (URI): 156 IMPs for, 86 against over its six matches, as the match table adds up
    top = frame.row(0, named=True)
    assert (top["team"], top["names"], top["points_for"], top["points_against"]) == (
        "5",
        "URI",
        156.0,
        86.0,
    )
    assert (top["percent"], top["boards"]) == (None, None)
    # a match table only: no result rows
    assert read_results([RUTER_TEAM]).height == 0


def test_board_a_match_standings_are_the_published_totals_and_places() -> None:
    event = load_event(POINT_A_BOARD)
    published = {s.id: (s.total, s.place) for s in event.standings}
    assert len(published) == 8
    frame = read_events([POINT_A_BOARD])
    got = {row["team"]: (row["total"], row["place"]) for row in frame.iter_rows(named=True)}
    assert got == published
    # board-a-match has no VPs: the total is the board points, and vp stays empty
    assert frame["vp"].null_count() == 8
    assert set(frame["scoring"]) == {"bam"}
    assert frame.filter(pl.col("team") == "5").select("total", "place").row(0) == (55.0, "1")


def test_the_imps_teams_standings_add_up_the_published_match_imps() -> None:
    # each team's IMPs for and against are the sums of the IMPs the file gives its side
    # on every board; a board's IMPs are on both its tables' lines, so each line counts half
    event = load_event(MULTIPLE)
    won: dict[str, float] = {}
    lost: dict[str, float] = {}
    for row, figures in zip(event.results.rows, event.published, strict=True):
        assert figures is not None
        assert figures.ns_points is not None
        assert figures.ew_points is not None
        for team, points in ((row.ns, figures.ns_points), (row.ew, figures.ew_points)):
            won[team] = won.get(team, 0.0) + max(points, 0.0) / 2
            lost[team] = lost.get(team, 0.0) + max(-points, 0.0) / 2
    frame = read_events([MULTIPLE])
    assert frame.height == 10
    for standing in frame.iter_rows(named=True):
        assert (standing["points_for"], standing["points_against"]) == (
            won[standing["team"]],
            lost[standing["team"]],
        )
        assert standing["vp"] is not None
        assert standing["vp"] == standing["total"]


def test_teams_totals_are_kept_apart_from_pairs() -> None:
    frame = read_events([RUTER_TEAM, POINT_A_BOARD])
    totals = season_totals(frame)
    # IMPs teams' VPs and board-a-match points are never added together
    assert set(totals["scoring"]) == {"imps", "bam"}
    assert totals.filter(pl.col("scoring") == "imps").height == 10
    assert totals.filter(pl.col("scoring") == "bam").height == 8
