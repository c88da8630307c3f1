"""``bridgescore batch`` on every kind of file: event files by content with the library's
figures, nested Parquet columns and blank CSV lines said plainly (real files from the
project's test data; see each folder's SOURCES.md)."""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner, Result

from bridgescore.cli.main import cli
from bridgescore.events.pairs import PairsResult
from bridgescore.events.scoring import score_event
from bridgescore.io.events import load_event

ROOT = Path(__file__).resolve().parents[2]
MITCHELL = ROOT / "examples" / "pairs-mitchell.csv"
TEAMS_JSON = ROOT / "examples" / "teams.json"
ADJUSTED = ROOT / "tests" / "io" / "data" / "usebio" / "mp_pairs_mitchell_adjusted_02.xml"
PBN = ROOT / "tests" / "io" / "data" / "pbn" / "bridgecomposer_2025-12-23.pbn"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, [*args, "--no-progress"])


def one_error_line(result: Result) -> str:
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0].removeprefix("bridgescore: error: ")


def traveller_figures(path: Path) -> dict[tuple[int, str, str], tuple[object, ...]]:
    result = score_event(load_event(path))
    assert isinstance(result, PairsResult)
    return {
        (line.row.board, line.row.ns, line.row.ew): (
            line.ns_points,
            line.ew_points,
            line.ns_percent,
            line.ew_percent,
        )
        for traveller in result.travellers
        for line in traveller.lines
    }


@pytest.mark.parametrize("source", [ADJUSTED, PBN], ids=["usebio", "pbn"])
def test_an_event_file_gets_the_library_figures_row_by_row(tmp_path: Path, source: Path) -> None:
    # named .txt: the content says what it is
    named = tmp_path / "club-night.txt"
    shutil.copy(source, named)
    target = tmp_path / "out.parquet"
    result = run("batch", str(named), str(target))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {target}\n"
    frame = pl.read_parquet(target)
    want = traveller_figures(source)
    assert frame.height == len(want)
    for row in frame.iter_rows(named=True):
        key = (row["board"], row["ns"], row["ew"])
        got = (row["ns_points"], row["ew_points"], row["ns_percent"], row["ew_percent"])
        assert got == want[key]


def test_adjusted_scores_are_scored_and_fast_leaves_them_out(tmp_path: Path) -> None:
    exact, fast = tmp_path / "exact.csv", tmp_path / "fast.csv"
    assert run("batch", str(ADJUSTED), str(exact)).exit_code == 0
    both = ("--method", "mp", "--method", "cross_imps")
    assert run("batch", str(ADJUSTED), str(fast), "--fast", *both).exit_code == 0
    scored = pl.read_csv(exact).filter(pl.col("adjusted").is_not_null())
    assert scored.height > 0
    assert scored["ns_points"].null_count() == 0
    compared = pl.read_csv(fast)
    assert compared.filter(pl.col("adjusted").is_not_null())["ns_mp"].null_count() == scored.height
    assert "ns_ximps" in compared.columns
    assert compared["ns_players"][0] == pl.read_csv(exact)["ns_players"][0]


def test_a_json_event_is_read_as_json(tmp_path: Path) -> None:
    target = tmp_path / "teams.csv"
    result = run("batch", str(TEAMS_JSON), str(target))
    assert result.exit_code == 0, result.output
    frame = pl.read_csv(target)
    rows = load_event(TEAMS_JSON).results.rows
    assert frame["board"].to_list() == [row.board for row in rows]
    assert frame["ns_score"].to_list() == [row.ns_score for row in rows]


def test_other_comparisons_of_an_event_file_need_fast(tmp_path: Path) -> None:
    shown = one_error_line(
        run("batch", str(ADJUSTED), str(tmp_path / "out.csv"), "--method", "butler")
    )
    assert shown == (
        f"{ADJUSTED}: an event file is scored as the library scores it (by its own scoring);"
        " the comparisons butler are for the fast path (fast=True, --fast)"
    )


def test_a_parquet_list_column_names_the_column_and_its_type(tmp_path: Path) -> None:
    source = tmp_path / "nested.parquet"
    pl.DataFrame({"board": [[1], [1]], "contract": ["4SN=", "4SN+1"]}).write_parquet(source)
    assert one_error_line(run("batch", str(source), str(tmp_path / "out.parquet"))) == (
        f"{source}: the column 'board' holds a list (List(Int64)) in each row; the batch engine"
        " reads one board per row (a number or text)"
    )
    tagged = tmp_path / "tagged.parquet"
    pl.DataFrame(
        {"board": [1, 1], "contract": ["4SN=", "4SN+1"], "meta": [{"x": 1}, {"x": 2}]}
    ).write_parquet(tagged)
    assert run("batch", str(tagged), str(tmp_path / "out.parquet")).exit_code == 0
    out = tmp_path / "out.csv"
    assert one_error_line(run("batch", str(tagged), str(out))) == (
        f"{out}: the column 'meta' holds a struct (Struct({{'x': Int64}})), which CSV cannot"
        " hold; name the output .parquet, or drop the column"
    )


def test_blank_csv_lines_are_said_with_their_lines(tmp_path: Path) -> None:
    lines = MITCHELL.read_text(encoding="utf-8").split("\n")
    lines[5] = ",,,,,,,,,"  # line 6: the header's commas and nothing else
    lines[8] = "   "  # line 9: spaces
    source = tmp_path / "blanks.csv"
    source.write_text("\n".join(lines), encoding="utf-8")
    target = tmp_path / "out.csv"
    result = run("batch", str(source), str(target))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1] == f"{source}: 2 blank lines skipped (lines 6, 9)"
    assert pl.read_csv(target).height == 48
