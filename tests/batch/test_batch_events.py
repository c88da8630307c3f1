"""A season of real event files as one frame: pair by pair, figure by figure the library's.

The files are the project's real test data (``tests/io/data/usebio``, ``tests/io/data/pbn``,
``tests/realdata/data``; each folder's SOURCES.md says where they come from). The
expected figures are :func:`bridgescore.events.scoring.score_event`'s, read straight
from its standings, never from the batch engine.
"""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from bridgescore.batch import BatchInputError
from bridgescore.batch.events import (
    ID_COLUMNS,
    RESULTS_SCHEMA,
    STANDINGS_SCHEMA,
    TOTALS_SCHEMA,
    read_events,
    read_results,
    season_totals,
)
from bridgescore.cli.main import cli
from bridgescore.errors import BridgeError
from bridgescore.events.individual import IndividualResult
from bridgescore.events.pairs import PairsResult
from bridgescore.events.scoring import score_event
from bridgescore.events.teams import TeamsResult
from bridgescore.io.events import load_event
from bridgescore.io.results import ResultsFileError

TESTS = Path(__file__).resolve().parents[1]
REAL_FILES = sorted(
    [
        *(TESTS / "io" / "data" / "usebio").glob("*.xml"),
        *(TESTS / "io" / "data" / "pbn").glob("*.pbn"),
        *(p for p in (TESTS / "realdata" / "data").rglob("*") if p.is_file()),
    ]
)
ADJUSTED = TESTS / "io" / "data" / "usebio" / "mp_pairs_mitchell_adjusted_02.xml"


def library_standings(path: Path) -> list[tuple[object, ...]]:
    """(field, place, pair, total, percent, boards) of every contestant, as the library ranks."""
    result = score_event(load_event(path))
    if isinstance(result, TeamsResult):
        return [(("all", t.place, t.team, t.vp, None, None)) for t in result.standings]
    if isinstance(result, IndividualResult):
        return [("all", p.place, p.player, p.total, p.percent, p.boards) for p in result.standings]
    assert isinstance(result, PairsResult)
    return [(s.field, s.place, s.pair, s.total, s.percent, s.boards) for s in result.standings]


def library_error(path: Path) -> str | None:
    try:
        score_event(load_event(path))
    except BridgeError as error:
        return str(error)
    return None


def test_there_are_real_files_of_every_kind() -> None:
    assert len(REAL_FILES) > 60
    assert {p.suffix for p in REAL_FILES} >= {".xml", ".pbn", ".txt"}


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_real_file_gives_the_library_figures_pair_by_pair(path: Path) -> None:
    refused = library_error(path)
    if refused is not None:
        # a file the library refuses is refused with the same message, never passed over
        with pytest.raises(BridgeError) as caught:
            read_events([path])
        assert str(caught.value) == refused
        return
    frame = read_events([path])
    assert frame.schema == STANDINGS_SCHEMA
    contestant = pl.coalesce(*ID_COLUMNS)
    got = frame.select("field", "place", contestant, "total", "percent", "boards").rows()
    assert got == library_standings(path)
    assert set(frame["source"]) == {str(path)}
    # exactly one of pair, team and player names the contestant, by the event's kind
    filled = frame.select(pl.sum_horizontal(pl.col(ID_COLUMNS).is_not_null()))
    assert set(filled.to_series()) == {1}


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_standings_are_the_cli_event_json(path: Path) -> None:
    # bridgescore event FILE --json, the CLI's rendering of the one scoring path: the
    # batch engine's place, total and percentage of every participant are the same (the
    # deals' double-dummy analysis, which ranks nothing, left out)
    shown = CliRunner().invoke(cli, ["event", str(path), "--json", "--no-analysis"])
    if shown.exit_code != 0:
        # refused by both, with the same message
        assert shown.exit_code == 2, shown.output
        with pytest.raises(BridgeError) as caught:
            read_events([path])
        error = caught.value
        said = str(error.problems[0]) if isinstance(error, ResultsFileError) else str(error)
        assert said in shown.stderr
        return
    want = [
        (p["id"], p["place"], p["total"], p["percent"])
        for p in json.loads(shown.stdout)["participants"]
    ]
    frame = read_events([path])
    got = frame.select(pl.coalesce(*ID_COLUMNS), "place", "total", "percent").rows()
    assert got == want


def test_a_season_is_one_frame_in_file_order() -> None:
    files = [ADJUSTED, TESTS / "io" / "data" / "pbn" / "ruter_indi.pbn"]
    frame = read_events(files)
    first, second = (library_standings(p) for p in files)
    assert frame.height == len(first) + len(second)
    assert frame["kind"].to_list() == ["pairs"] * len(first) + ["individual"] * len(second)
    # the players' names come from the file
    top = frame.row(0, named=True)
    assert top["event"] == "EL Thu 1.00pm Open (28-Jul-22)"
    assert top["date"] == "2022-07-28"
    assert (top["pair"], top["percent"]) == ("21NS", 68.47)
    assert top["players"] == ["ROSLYN HOWES", "TONY HOWES"]
    assert top["names"] == "ROSLYN HOWES & TONY HOWES"


def test_adjusted_scores_count_by_default_and_fast_leaves_them_out() -> None:
    # the figures: the library's rankings count the adjusted boards; the fast
    # path matchpoints the played results only, and its percentages differ
    exact = read_events([ADJUSTED]).filter(pl.col("pair") == "21NS")
    assert exact.select("total", "percent").row(0) == (739.53, 68.47)
    fast = read_events([ADJUSTED], fast=True).filter(pl.col("pair") == "21NS")
    assert fast["percent"][0] != 68.47
    assert fast["boards"][0] <= 27


def test_fast_scores_what_it_cannot_match_point_by_the_library() -> None:
    # a season is not refused at its first teams file: that file is the library's
    team = TESTS / "io" / "data" / "pbn" / "ruter_team.pbn"
    fast = read_events([team], fast=True)
    assert (
        fast.select("team", "place", "vp").rows()
        == read_events([team]).select("team", "place", "vp").rows()
    )
    assert fast.height == 10


def test_results_carry_the_library_traveller_figures() -> None:
    frame = read_results([ADJUSTED])
    assert frame.schema == RESULTS_SCHEMA
    event = load_event(ADJUSTED)
    result = score_event(event)
    assert isinstance(result, PairsResult)
    assert frame.height == len(event.results.rows)
    lines = {(line.row.board, line.row.ns): line for t in result.travellers for line in t.lines}
    for row in frame.iter_rows(named=True):
        line = lines[(row["board"], row["ns"])]
        assert (row["ns_points"], row["ew_points"]) == (line.ns_points, line.ew_points)
        assert (row["ns_percent"], row["ew_percent"]) == (line.ns_percent, line.ew_percent)
    adjusted = frame.filter(pl.col("adjusted").is_not_null())
    assert adjusted.height > 0
    assert adjusted["ns_points"].null_count() == 0


def test_season_totals_add_up_the_library_standings() -> None:
    files = [
        TESTS / "io" / "data" / "pbn" / "ruter_sm1.pbn",
        TESTS / "io" / "data" / "pbn" / "ruter_sm2.pbn",
        TESTS / "io" / "data" / "pbn" / "ruter_team.pbn",
    ]
    frame = read_events(files)
    totals = season_totals(frame)
    assert totals.schema == TOTALS_SCHEMA
    # the same partnership played both Mitchells: its totals are the two standings' sums
    per_event = []
    for path in files[:2]:
        event = load_event(path)
        result = score_event(event)
        assert isinstance(result, PairsResult)
        names = {p.id: p.names for p in event.participants}
        per_event.append({" & ".join(sorted(names[s.pair])): s for s in result.standings})
    both = sorted(set(per_event[0]) & set(per_event[1]))
    assert both
    for key in both:
        a, b = per_event[0][key], per_event[1][key]
        row = totals.filter((pl.col("key") == key) & (pl.col("scoring") == "mp")).row(0, named=True)
        assert row["events"] == 2
        assert row["boards"] == a.boards + b.boards
        assert row["total"] == pytest.approx(a.total + b.total)
        assert a.percent is not None
        assert b.percent is not None
        weighted = (a.percent * a.boards + b.percent * b.boards) / (a.boards + b.boards)
        assert row["percent"] == pytest.approx(weighted)
        assert row["best"] == max(a.percent, b.percent)
    # teams' VPs are never added to pairs' matchpoints
    assert set(totals["scoring"]) == {"mp", "imps"}
    players = season_totals(frame, by="player")
    assert players["events"].max() == 2
    assert players.filter(pl.col("scoring") == "mp")["players"].list.len().max() == 1


def test_season_totals_say_what_they_need() -> None:
    with pytest.raises(BatchInputError, match="by='team': totals are by 'pair' or by 'player'"):
        season_totals(read_events([ADJUSTED]), by="team")  # type: ignore[arg-type]
    with pytest.raises(BatchInputError, match="season_totals needs a read_events frame"):
        season_totals(pl.DataFrame({"pair": ["1"]}))
