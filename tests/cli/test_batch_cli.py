"""``bridgescore batch``: large files scored with a progress bar, bad rows kept."""

from __future__ import annotations

import csv
from pathlib import Path

import polars as pl
from click.testing import CliRunner, Result

from bridgescore.cli.main import cli

ROWS = (
    "board,ns,ew,contract,declarer,result\n"
    "1,1,2,4S,N,10\n1,3,4,4S,N,9\n1,5,6,9S,N,9\n2,1,2,3NT,E,9\n2,3,4,3NT,E,8\n"
)


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def test_bad_rows_are_kept_with_their_problem(tmp_path: Path) -> None:
    source = tmp_path / "in.csv"
    source.write_text(ROWS, encoding="utf-8")
    target = tmp_path / "out.csv"
    result = run("batch", str(source), str(target), "--no-progress")
    assert result.exit_code == 0, result.output
    assert "1 bad rows kept" in result.stdout
    with target.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["ns_score"] for r in rows] == ["420", "-50", "", "-400", "50"]
    assert "level is 1 to 7" in rows[2]["problem"]
    assert [r["ns_mp"] for r in rows] == ["2.0", "0.0", "", "0.0", "2.0"]


def test_parquet_out_with_cross_imps(tmp_path: Path) -> None:
    source = tmp_path / "in.csv"
    source.write_text(ROWS, encoding="utf-8")
    target = tmp_path / "out.parquet"
    result = run("batch", str(source), str(target), "--method", "cross_imps", "--no-progress")
    assert result.exit_code == 0, result.output
    frame = pl.read_parquet(target)
    assert frame["ns_ximps"].to_list() == [10.0, -10.0, None, -10.0, 10.0]


def test_strict_names_the_file_line(tmp_path: Path) -> None:
    source = tmp_path / "in.csv"
    source.write_text(ROWS, encoding="utf-8")
    result = run("batch", str(source), str(tmp_path / "out.csv"), "--strict", "--no-progress")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"bridgescore: error: {source}, line 4: '9S N 9'")
    assert not (tmp_path / "out.csv").exists()
