"""A season of every real file at once: the batch engine equals the library, figure for figure.

The files are the project's real test data (``tests/io/data/{pbn,usebio,bridgemate}``; each
folder's SOURCES.md says where they come from), read into one results table in one call.
The expected figures are the library's own (:func:`bridgescore.events.selfcheck.checked`:
each event scored on its own, with the conventions that reproduce its file's figures),
never the batch engine's.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from bridgescore.batch import frame
from bridgescore.batch.events import (
    RESULTS_SCHEMA,
    Season,
    SeasonWarning,
    load_table_event,
    read_events,
    read_results,
    read_season,
)
from bridgescore.duplicate import matchpoints as scalar
from bridgescore.errors import BridgeError
from bridgescore.events.options import Incomplete, ScoringOptions
from bridgescore.events.pairs import PairsResult
from bridgescore.events.selfcheck import checked
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.io.events import load_event

DATA = Path(__file__).resolve().parents[1] / "io" / "data"
EVERY_FILE = sorted(
    p for folder in ("pbn", "usebio", "bridgemate") for p in (DATA / folder).iterdir()
    if p.suffix in (".pbn", ".xml", ".bws")
)  # fmt: skip
REALBRIDGE_TEAMS = DATA / "pbn" / "realbridge_example2.pbn"
"""A real teams file with a board played in one room only: the library refuses it as asked
by default (``incomplete="raise"``)."""
MATCHPOINTS = (Scoring.MATCHPOINTS, Scoring.ACBL)
BWS = DATA / "bridgemate" / "bridgemate_2025-12-23.bws"
MITCHELL_02 = DATA / "usebio" / "mp_pairs_mitchell_02.xml"


@pytest.fixture(scope="module")
def season() -> Season:
    with pytest.warns(SeasonWarning) as said:
        found = read_season(EVERY_FILE, on_error="skip")
    assert [str(w.message) for w in said if "left out" in str(w.message)] == [
        f"{REALBRIDGE_TEAMS}: left out of the season: {REALBRIDGE_TEAMS}, line 16915: board 20:"
        " TURKEY v SWITZERLAND has a result at one table only; a teams board is played at"
        " both tables (--incomplete skip, or incomplete='skip', leaves it out of its match)"
    ]
    return found


def _library_exact(path: Path) -> tuple[Scoring, list[tuple[Fraction | None, Fraction | None]]]:
    """The library's exact (unrounded, Neuberg-scaled) matchpoints of each result row of
    the file's event, in the order of its rows, and the scoring."""
    event = load_event(path)
    found = checked(event)
    chosen, result = found.options, found.result
    assert isinstance(result, PairsResult)
    exact = {
        id(line.row): (line.ns_exact, line.ew_exact) for t in result.travellers for line in t.lines
    }
    return chosen.scoring, [exact[id(row)] for row in event.results.rows]


def _mismatches(scored: pl.DataFrame) -> Iterator[tuple[str, int, float, float]]:
    """Every played matchpoint line whose Neuberg figures differ from the library's, and
    counts the lines compared in ``_mismatches.compared``."""
    compared = 0
    for source, rows in scored.group_by("source", maintain_order=True):
        path = Path(str(source[0]))
        if rows["kind"][0] != "pairs" or rows["scoring"][0] not in ("mp", "acbl"):
            continue
        how, exact = _library_exact(path)
        assert how in MATCHPOINTS
        for index, (row, (ns, ew)) in enumerate(
            zip(rows.iter_rows(named=True), exact, strict=True)
        ):
            if ns is None or ew is None or row["adjusted"] is not None:
                continue
            compared += 1
            if row["ns_neuberg"] != pytest.approx(float(ns), abs=1e-9):
                yield str(path), index, float(ns), row["ns_neuberg"]
            if row["ew_neuberg"] != pytest.approx(float(ew), abs=1e-9):
                yield str(path), index, float(ew), row["ew_neuberg"]
    _COMPARED.append(compared)


_COMPARED: list[int] = []


def test_every_real_file_at_once_equals_the_library(season: Season) -> None:
    table = season.results
    assert table.schema == RESULTS_SCHEMA
    assert len(EVERY_FILE) == 37
    # the RealBridge teams file is skipped, and the two Ruter team files give their
    # matches only (no result rows)
    assert table["source"].n_unique() == 34
    scored = frame.process(table, methods=["mp", "neuberg"], on_invalid="null")
    # a played result is compared; an adjusted one is the library's alone, said per row
    assert scored.filter(pl.col("adjusted").is_not_null())["problem"].null_count() == 0
    assert list(_mismatches(scored)) == []
    assert _COMPARED[-1] == 7948


def test_the_issue_example_neuberg_per_event() -> None:
    # event a: [420, 400] on a board with 2 results is [2, 0] alone, and beside an event
    # whose board has 4 results (it was [5, 1], scaled to the other event's 4)
    df = pl.DataFrame(
        {
            "event": ["a", "a", "b", "b", "b", "b"],
            "board": [1] * 6,
            "score": [420, 400, 50, 100, 110, 120],
            "vulnerability": "None",
        }
    )
    both = frame.process(df, methods=["neuberg"])["ns_neuberg"].to_list()
    assert both[:2] == [2.0, 0.0]
    assert both[:2] == scalar.neuberg([420, 400], 2)
    assert both[2:] == [0.0, 2.0, 4.0, 6.0]


def test_neuberg_per_event_and_section_as_the_scalar() -> None:
    rng = np.random.default_rng(7)
    n = 600
    df = pl.DataFrame(
        {
            "event": rng.choice(["Mon", "Tue", "Wed"], n),
            "section": rng.choice(["A", "B"], n),
            "board": rng.integers(1, 7, n),
            "score": rng.choice([-200, -100, 100, 110, 140, 420, 450], n),
            "vulnerability": "None",
        }
    )
    scored = frame.process(df, methods=["mp", "neuberg"])
    keys = list(zip(df["event"], df["section"], df["board"], strict=True))
    for group in {(e, s) for e, s, _b in keys}:
        largest = max(sum(1 for k in keys if k == (*group, b)) for b in range(1, 7))
        for board in range(1, 7):
            rows = [i for i, k in enumerate(keys) if k == (*group, board)]
            ns = [int(df["score"][i]) for i in rows]
            assert [scored["ns_neuberg"][i] for i in rows] == scalar.neuberg(ns, largest)
            assert [scored["ns_mp"][i] for i in rows] == scalar.matchpoints(ns)


def test_a_season_read_twice_counts_a_session_once(season: Season) -> None:
    twice = {(t.source, t.other_source) for t in season.seen_twice}
    pbn, usebio = DATA / "pbn", DATA / "usebio"
    assert twice == {
        (str(pbn / "bridgecomposer_2025-12-23.pbn"), str(BWS)),
        (str(usebio / "payload_usebio-and-pbn.xml"), str(pbn / "bridgewebs_hands.pbn")),
        (
            str(usebio / "mp_pairs_mitchell_adjusted_02.xml"),
            str(usebio / "mp_pairs_mitchell_02.xml"),
        ),
    }
    flagged = season.results.filter(pl.col("seen_twice").is_not_null())
    assert flagged["source"].unique().sort().to_list() == sorted(t[0] for t in twice)
    assert flagged.height == 333 + 144 + 567
    shared = {t.source: (t.shared, t.results) for t in season.seen_twice}
    assert shared[str(DATA / "pbn" / "bridgecomposer_2025-12-23.pbn")] == (333, 333)


def test_the_parquet_season_reads_back_as_it_was(season: Season, tmp_path: Path) -> None:
    path = tmp_path / "season.parquet"
    season.results.write_parquet(path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SeasonWarning)  # the sessions read twice, again
        again = read_season([path])
    assert again.results.equals(season.results)
    # each event's standings, scored again with the options it was scored with: every
    # event but the two Ruter match tables (their matches are not results rows)
    ruter_matches = {str(DATA / "pbn" / name) for name in ("ruter_team.pbn", "ruter_div2.pbn")}
    before = season.standings.filter(~pl.col("source").is_in(ruter_matches))
    assert again.standings.equals(before)
    assert before.height == 847


def test_a_teams_file_with_its_own_options_joins_the_season() -> None:
    options = {
        str(REALBRIDGE_TEAMS): ScoringOptions(kind=EventKind.TEAMS, incomplete=Incomplete.SKIP)
    }
    found = read_results([REALBRIDGE_TEAMS], options=options)
    assert found.height == 299
    assert found["options"][0] is not None
    assert '"incomplete": "skip"' in found["options"][0]
    standings = read_events(
        [REALBRIDGE_TEAMS], options=lambda event: options[str(REALBRIDGE_TEAMS)]
    )
    assert standings.height == 30  # the teams of the RealBridge event
    assert standings["conventions"][0].startswith("as the season's request says")


# Dask's Parquet reader calls set_index/reset_index(inplace=True), deprecated in pandas 3.1.
@pytest.mark.filterwarnings("ignore:The inplace keyword in DataFrame:pandas.errors.Pandas4Warning")
def test_the_season_through_dask_on_two_workers_equals_the_library(
    season: Season, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    dd = pytest.importorskip("dask.dataframe")
    distributed = pytest.importorskip("distributed")
    from bridgescore.batch.cluster import process_dask

    caplog.set_level(logging.WARNING)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster),
    ):
        path = tmp_path / "season.parquet"
        numbered = season.results.with_row_index("row")
        numbered.write_parquet(path, row_group_size=3000)  # read in 5 partitions
        ddf = dd.read_parquet(path, split_row_groups=True)
        assert ddf.npartitions == 5
        done = process_dask(ddf, methods=["mp", "neuberg"]).compute()  # type: ignore[no-untyped-call]
        # a plain run on the default (P2P) shuffle logs nothing
        columns = ["source", "event", "board", "ns_score"]
        plain = dd.read_parquet(path, columns=columns, split_row_groups=True)
        process_dask(plain, methods=["mp"]).compute()  # type: ignore[no-untyped-call]
    scored = pl.from_pandas(done.reset_index(drop=True)).sort("row").drop("row")
    assert scored.height == season.results.height
    assert list(_mismatches(scored)) == []
    assert _COMPARED[-1] == 7948
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


@pytest.mark.parametrize(
    "name",
    ["usebio/00201600+002321.xml", "usebio/mp_pairs_mitchell.xml", "usebio/mp_pairs_howell.xml",
     "pbn/ruter_sm1.pbn", "pbn/magic_contest_test_set.pbn", "usebio/sample.xml"],
)  # fmt: skip
def test_a_parquet_season_keeps_each_file_s_conventions(
    season: Season, tmp_path: Path, name: str
) -> None:
    # EBUScore, Compscore (twice), Ruter, Magic Contest, ScoreBridge: each file's
    # standings, read back from the season in Parquet, are the library's for the file
    path = tmp_path / "season.parquet"
    season.results.write_parquet(path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SeasonWarning)
        again = read_events([path]).filter(pl.col("source") == str(DATA / name))
    result = checked(load_event(DATA / name)).result
    assert isinstance(result, PairsResult)
    want = [(s.pair, s.place, s.total, s.percent) for s in result.standings]
    assert again.select("pair", "place", "total", "percent").rows() == want
    assert len(want) >= 8


def test_a_bad_file_is_skipped_by_policy_and_said(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.pbn"
    garbage.write_text('[Event "x"]\n[Board "1"]\n[Contract "9Z"]\n', encoding="utf-8")
    missing = tmp_path / "missing.xml"
    good = DATA / "usebio" / "sample.xml"
    with pytest.raises(OSError, match=r"missing\.xml"):
        read_results([good, missing])
    with pytest.warns(SeasonWarning) as said:
        found = read_season([garbage, good, missing, REALBRIDGE_TEAMS], on_error="skip")
    assert [s.source for s in found.skipped] == [str(garbage), str(missing), str(REALBRIDGE_TEAMS)]
    assert [str(w.message) for w in said] == [str(s) for s in found.skipped]
    assert str(found.skipped[1]).startswith(f"{missing}: left out of the season: cannot read it")
    assert found.results["source"].unique().to_list() == [str(good)]
    assert found.results.height == 94
    with pytest.raises(BridgeError, match="on_error='ignore': say 'raise'"):
        read_season([good], on_error="ignore")  # type: ignore[arg-type]


def test_fast_falls_back_to_the_library_file_by_file() -> None:
    teams = DATA / "usebio" / "payload_multiple-teams.xml"
    pairs = DATA / "usebio" / "payload_realbridge.xml"
    fast = read_events([pairs, teams], fast=True)
    library = read_events([pairs, teams])
    # the teams file is the library's figures, whole
    assert fast.filter(pl.col("kind") == "teams").equals(library.filter(pl.col("kind") == "teams"))
    # the pairs file, played results only: the same pairs, by the vectorised engine
    assert sorted(fast.filter(pl.col("kind") == "pairs")["pair"]) == sorted(
        library.filter(pl.col("kind") == "pairs")["pair"]
    )


@pytest.mark.parametrize(
    "name", ["pbn/ruter_sm1.pbn", "usebio/mp_pairs_mitchell.xml", "usebio/sample.xml"]
)
def test_a_table_s_event_as_bridgescore_event_reads_it(tmp_path: Path, name: str) -> None:
    # one event's table read back as ``bridgescore event`` reads a file: its figures are
    # the table's own, so the self-check proves the same conventions on every figure
    first = read_season([DATA / name])
    path = tmp_path / "one.parquet"
    first.results.write_parquet(path)
    event = load_table_event(path)
    found = checked(event)
    # the table's four figures a line (both sides' points and percentages), all agreeing
    lines = first.results.filter(pl.col("ns_points").is_not_null()).height
    assert found.comparison.agree == found.comparison.total == 4 * lines
    assert found.options == checked(load_event(DATA / name)).options
    result = found.result
    assert isinstance(result, PairsResult)
    standings = result.standings
    assert [(s.pair, s.place, s.total, s.percent) for s in standings] == (
        first.standings.select("pair", "place", "total", "percent").rows()
    )


def test_a_table_of_several_events_needs_one_named(season: Season, tmp_path: Path) -> None:
    path = tmp_path / "season.parquet"
    season.results.write_parquet(path)
    with pytest.raises(BridgeError, match="the table holds the events 'Bridge game', "):
        load_table_event(path)
    assert load_table_event(path, name="Individual").kind == "individual"
    with pytest.raises(BridgeError, match="no event 'Nope' in the table; it holds 'Bridge game'"):
        load_table_event(path, name="Nope")


def test_two_worker_processes_give_the_same_season(season: Season) -> None:
    files = [DATA / "usebio" / "sample.xml", MITCHELL_02, BWS, REALBRIDGE_TEAMS]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SeasonWarning)
        alone = read_season(files, on_error="skip")
        two = read_season(files, on_error="skip", jobs=2)
        # a request a worker cannot be sent (a lambda) is read in this process
        by_hand = read_season(files, on_error="skip", jobs=2, options=lambda event: None)
    assert two.results.equals(alone.results)
    assert two.standings.equals(alone.standings)
    assert by_hand.results.equals(alone.results)
    assert [str(s) for s in two.skipped] == [str(s) for s in alone.skipped]
    assert len(two.skipped) == 1
    # a file that stops the season stops it on two workers too, with the library's error
    with pytest.raises(BridgeError, match="TURKEY v SWITZERLAND has a result at one table only"):
        read_season(files, jobs=2)
