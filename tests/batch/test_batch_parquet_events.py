"""A Parquet file of results rows, in the results file's column names, read as events.

Its rows come from real files (``examples/pairs-mitchell.csv``, ``examples/teams.json``,
and BriAn's ``tests/io/data/usebio/payload_usebio-and-pbn.xml``, whose published
percentage for pair 1 is 62.01923); the Parquet file's figures are held to the same
event read from its own file, through the library's reader.
"""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from bridgescore.batch import frame, read_events, read_results
from bridgescore.batch.events import ID_COLUMNS
from bridgescore.batch.files import BatchFileError
from bridgescore.errors import BridgeInputError
from bridgescore.io.events import load_event, write_event
from bridgescore.io.results import ResultsFileError

ROOT = Path(__file__).resolve().parents[2]
MITCHELL = ROOT / "examples" / "pairs-mitchell.csv"
TEAMS = ROOT / "examples" / "teams.json"
BRIAN = ROOT / "tests" / "io" / "data" / "usebio" / "payload_usebio-and-pbn.xml"

FIGURES = ("field", "place", "total", "percent", "boards", "vp", "points_for", "points_against")


def standings(frame: pl.DataFrame) -> list[tuple[object, ...]]:
    return frame.select(pl.coalesce(*ID_COLUMNS), *FIGURES).rows()


def test_typed_columns_read_as_the_csv(tmp_path: Path) -> None:
    # typed columns: board, round, ns, ew as integers, the tricks taken as floats (10.0
    # reads as 10, as a spreadsheet's export writes them), the empty score column as floats
    rows = pl.read_csv(MITCHELL, comment_prefix="#")
    assert rows.schema["ns"] == pl.Int64
    path = tmp_path / "mitchell.parquet"
    rows.with_columns(pl.col("result", "score").cast(pl.Float64)).write_parquet(path)
    assert standings(read_events([path])) == standings(read_events([MITCHELL]))
    results = read_results([path])
    assert results.height == 50
    want = read_results([MITCHELL])
    figures = ["board", "ns", "ew", "ns_score", "ns_points", "ew_points", "ns_percent"]
    assert results.select(figures).rows() == want.select(figures).rows()


def test_the_issue_example_as_parquet(tmp_path: Path) -> None:
    # BriAn's file written as the library's CSV, then as Parquet with its program named
    # in the file's metadata: pair 1 is BriAn's 62.01923 %
    csv = tmp_path / "brian.csv"
    write_event(load_event(BRIAN), csv)
    path = tmp_path / "brian.parquet"
    rows = pl.read_csv(csv, comment_prefix="#", infer_schema=False)
    rows.write_parquet(path, metadata={"program": "BriAn 213", "event": "Wednesday AM Pairs"})
    frame = read_events([path])
    assert set(frame["event"]) == {"Wednesday AM Pairs"}
    top = frame.row(0, named=True)
    assert (top["pair"], round(top["percent"], 5)) == ("1", 62.01923)
    assert standings(frame) == standings(read_events([csv]))


def test_an_event_column_splits_a_season(tmp_path: Path) -> None:
    mitchell = pl.read_csv(MITCHELL, comment_prefix="#", infer_schema=False)
    season = pl.concat(
        [
            mitchell.with_columns(event=pl.lit("Monday")),
            mitchell.filter(pl.col("board").cast(pl.Int64) <= 6).with_columns(
                event=pl.lit("Tuesday")
            ),
        ]
    )
    path = tmp_path / "season.parquet"
    season.write_parquet(path)
    frame = read_events([path])
    assert frame["event"].unique(maintain_order=True).to_list() == ["Monday", "Tuesday"]
    monday = frame.filter(pl.col("event") == "Monday")
    assert standings(monday) == standings(read_events([MITCHELL]))
    short = tmp_path / "tuesday.csv"
    lines = MITCHELL.read_text(encoding="utf-8").splitlines()
    kept = [
        line for line in lines if line.startswith(("#", "board")) or int(line.split(",")[0]) <= 6
    ]
    short.write_text("\n".join(kept) + "\n", encoding="utf-8")
    tuesday = frame.filter(pl.col("event") == "Tuesday")
    assert standings(tuesday) == standings(read_events([short]))


def test_a_teams_parquet_says_so_in_its_metadata(tmp_path: Path) -> None:
    results = json.loads(TEAMS.read_text(encoding="utf-8"))["results"]
    path = tmp_path / "teams.parquet"
    pl.DataFrame(results).write_parquet(path, metadata={"kind": "teams"})
    frame = read_events([path])
    want = read_events([TEAMS])
    assert frame["team"].null_count() == 0
    assert standings(frame) == standings(want)
    per_board = ["board", "ns", "ew", "ns_points", "ew_points"]
    assert read_results([path]).select(per_board).rows() == (
        read_results([TEAMS]).select(per_board).rows()
    )


def test_a_bad_row_is_named_by_its_row(tmp_path: Path) -> None:
    rows = pl.read_csv(MITCHELL, comment_prefix="#", infer_schema=False)
    bad = rows.with_columns(
        contract=pl.when(pl.int_range(pl.len()) == 6)
        .then(pl.lit("9S"))
        .otherwise(pl.col("contract"))
    )
    path = tmp_path / "bad.parquet"
    bad.write_parquet(path)
    with pytest.raises(ResultsFileError) as caught:
        read_events([path])
    assert str(caught.value) == (
        f"{path}, result 7, board 7: error: contract '9S': a contract's level is 1 to 7"
    )


def test_what_is_not_results_rows_is_said(tmp_path: Path) -> None:
    deals = tmp_path / "deals.parquet"
    pl.DataFrame(
        {"board": [1], "contract": ["4S"], "declarer": ["N"], "result": ["="]}
    ).write_parquet(deals)
    with pytest.raises(BatchFileError) as caught:
        read_events([deals])
    assert str(caught.value).startswith(f"{deals}: no ns, ew column: a Parquet file of results")
    nested = tmp_path / "nested.parquet"
    pl.DataFrame({"board": [[1, 2]], "ns": ["1"], "ew": ["2"]}).write_parquet(nested)
    with pytest.raises(BatchFileError, match="the column 'board' holds a list"):
        read_events([nested])
    named = (
        tmp_path / "results.csv"
    )  # a Parquet file named .csv: said, as bridgescore batch says it
    named.write_bytes(deals.read_bytes())
    with pytest.raises(BatchFileError, match=r"this is a Parquet file; name it \.parquet"):
        read_events([named])


def test_a_tricks_column_beside_result_is_read_and_checked(tmp_path: Path) -> None:
    # a table with both a result (=, +1, or blank) and the tricks taken: the result is
    # read, a blank one is the tricks, and a row whose two disagree is a located error
    rows = {
        "board": [1, 1, 1],
        "ns": ["1", "2", "3"],
        "ew": ["4", "5", "6"],
        "contract": ["4S", "4S", "4S"],
        "declarer": ["N", "N", "N"],
        "result": ["=", "+1", ""],
        "tricks": [10, 11, 9],
    }
    path = tmp_path / "both.parquet"
    pl.DataFrame(rows).write_parquet(path)
    read = read_results([path])
    assert read.select("ns_score", "tricks", "ns_points").rows() == [
        (420, 10, 2.0),
        (450, 11, 4.0),
        (-50, 9, 0.0),
    ]
    pl.DataFrame({**rows, "tricks": [10, 10, 9]}).write_parquet(path)
    with pytest.raises(ResultsFileError) as found:
        read_results([path])
    assert str(found.value) == (
        f"{path}, result 2, board 1: error: result '+1' makes 11 tricks, but the tricks"
        " column says 10"
    )
    # the batch engine's own scoring reads both the same way
    scored = frame.score(pl.DataFrame({**rows, "tricks": [10, 10, 9]}), on_invalid="null")
    assert scored.select("ns_score", "problem").rows() == [
        (420, None),
        (None, "result +1 makes 11 tricks, but the tricks column says 10"),
        (-50, None),
    ]


def test_the_library_s_reader_names_the_batch_extra_for_parquet(tmp_path: Path) -> None:
    path = tmp_path / "night.parquet"
    pl.DataFrame({"board": [1], "ns": ["1"], "ew": ["2"], "score": [420]}).write_parquet(path)
    with pytest.raises(BridgeInputError) as found:
        load_event(path)
    assert str(found.value) == (
        f"{str(path)!r}: a Parquet table of results is read by the batch extra (bridgescore"
        " batch, or bridgescore.batch.read_season); use csv, json, pbn, usebio, bws here"
    )
    assert read_results([path])["ns_score"].to_list() == [420]
