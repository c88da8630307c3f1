"""``bridgescore batch``: large files scored with a progress bar, bad rows kept.

A table of bare deals (no pairs) is scored row by row, its bad rows kept with their
problem; a results file that names its pairs is an event, scored as the library scores
it (a bad row refuses it, naming the file and the line), and ``--fast`` gives it the
vectorised row-by-row path instead.
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from click.testing import CliRunner, Result
from rich.progress import Progress, TaskID

import bridgescore.cli.batch as batch_cli
from bridgescore.batch import read_events
from bridgescore.cli.main import cli
from bridgescore.io.events import load_event, write_event

ROOT = Path(__file__).resolve().parents[2]
MITCHELL = ROOT / "examples" / "pairs-mitchell.csv"
BRIAN = ROOT / "tests" / "io" / "data" / "usebio" / "payload_usebio-and-pbn.xml"

ROWS = (
    "board,ns,ew,contract,declarer,result\n"
    "1,1,2,4S,N,10\n1,3,4,4S,N,9\n1,5,6,9S,N,9\n2,1,2,3NT,E,9\n2,3,4,3NT,E,8\n"
)
DEALS = "board,contract,declarer,result\n1,4S,N,10\n1,4S,N,9\n1,9S,N,9\n2,3NT,E,9\n2,3NT,E,8\n"
"""The same results without pairs: bare deals, the batch engine's own raw-score table."""


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize(
    ("text", "fast"), [(DEALS, ()), (ROWS, ("--fast",))], ids=["deals", "pairs-fast"]
)
def test_bad_rows_are_kept_with_their_problem(
    tmp_path: Path, text: str, fast: tuple[str, ...]
) -> None:
    source = tmp_path / "in.csv"
    source.write_text(text, encoding="utf-8")
    target = tmp_path / "out.csv"
    result = run("batch", str(source), str(target), "--no-progress", *fast)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {target} (1 bad row kept with their problem)\n"
    with target.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["ns_score"] for r in rows] == ["420", "-50", "", "-400", "50"]
    assert "level is 1 to 7" in rows[2]["problem"]
    assert [r["ns_mp"] for r in rows] == ["2.0", "0.0", "", "0.0", "2.0"]


def test_a_bad_row_refuses_an_event_naming_the_file_and_line(tmp_path: Path) -> None:
    # pairs named: the library's figures, which no event with a bad row has; every bad
    # row is said (here the one), never dropped, and nothing is written
    source = tmp_path / "in.csv"
    source.write_text(ROWS, encoding="utf-8")
    target = tmp_path / "out.csv"
    for strict in ((), ("--strict",)):
        shown = one_error_line(run("batch", str(source), str(target), "--no-progress", *strict))
        assert shown == (
            f"{source}, line 4, board 1: error: contract '9S': a contract's level is 1 to 7"
        )
        assert not target.exists()


def test_parquet_out_with_cross_imps(tmp_path: Path) -> None:
    source = tmp_path / "in.csv"
    source.write_text(DEALS, encoding="utf-8")
    target = tmp_path / "out.parquet"
    result = run("batch", str(source), str(target), "--method", "cross_imps", "--no-progress")
    assert result.exit_code == 0, result.output
    frame = pl.read_parquet(target)
    assert frame["ns_ximps"].to_list() == [10.0, -10.0, None, -10.0, 10.0]


def test_strict_names_the_file_line(tmp_path: Path) -> None:
    source = tmp_path / "in.csv"
    source.write_text(DEALS, encoding="utf-8")
    result = run("batch", str(source), str(tmp_path / "out.csv"), "--strict", "--no-progress")
    assert result.exit_code == 2
    assert result.stderr == (
        f"bridgescore: error: {source}, line 4: '9S N 9': a contract's level is 1 to 7\n"
    )
    assert not (tmp_path / "out.csv").exists()


def one_error_line(result: Result) -> str:
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("bridgescore: error: ")
    return lines[0].removeprefix("bridgescore: error: ")


def mitchell(tmp_path: Path, name: str, line: int, text: bytes) -> Path:
    lines = MITCHELL.read_bytes().split(b"\n")
    lines[line - 1] = text
    path = tmp_path / name
    path.write_bytes(b"\n".join(lines))
    return path


@pytest.mark.parametrize(
    ("name", "line", "text", "message"),
    [
        ("more.csv", 7, b"4,1,2,2,7,6S,N,13,,,x", "line 7: 11 fields where the header (line 3)"),
        ("fewer.csv", 7, b"4,1,2,2,7,6S", "line 7: 6 fields where the header (line 3) has 10"),
        ("quote.csv", 9, b'6,1,3,3,8,"2S,N,7,,', "line 9: a quoted field opened here is never"),
        ("latin.csv", 1, "# Mitchell à 5".encode("cp1252"), "line 1: not UTF-8 (byte 0xE0"),
        ("dup.csv", 3, b"board,round,table,ns,ew,contract,decl,by,score,adj", "line 3: the"),
        ("score.csv", 4, b"1,1,1,1,6,,,,425,", "line 4, board 1: error: NS +425 is a score no"),
    ],
)
def test_a_damaged_file_is_one_line_naming_the_file_and_line(
    tmp_path: Path, name: str, line: int, text: bytes, message: str
) -> None:
    # the file's form is checked before the library reads its rows (a bad row: the score)
    source = mitchell(tmp_path, name, line, text)
    target = tmp_path / "out.parquet"
    for strict in ((), ("--strict",)):
        shown = one_error_line(run("batch", str(source), str(target), "--no-progress", *strict))
        assert shown.startswith(f"{source}, {message}"), shown
        assert not target.exists()


def test_the_fast_path_names_a_bad_row_by_its_line_too(tmp_path: Path) -> None:
    source = mitchell(tmp_path, "score.csv", 4, b"1,1,1,1,6,,,,425,")
    target = tmp_path / "out.parquet"
    shown = one_error_line(
        run("batch", str(source), str(target), "--no-progress", "--strict", "--fast")
    )
    assert shown.startswith(f"{source}, line 4: board 1: NS +425 is a score no"), shown
    assert not target.exists()
    result = run("batch", str(source), str(target), "--no-progress", "--fast")
    assert result.stdout == f"wrote {target} (2 bad rows kept with their problem)\n"
    problems = pl.read_parquet(target)["problem"].to_list()
    assert problems[0] is not None
    assert problems[0].startswith("board 1: NS +425 is a score no")


def test_the_other_damaged_files_from_the_command_line(tmp_path: Path) -> None:
    target = str(tmp_path / "out.csv")
    empty = tmp_path / "empty.csv"
    empty.write_bytes(b"")
    assert one_error_line(run("batch", str(empty), target)) == (
        f"{empty}: empty file: no header and no results"
    )
    header = tmp_path / "header.csv"
    header.write_bytes(b"board,ns,ew,contract,declarer,result\n")
    assert one_error_line(run("batch", str(header), target)) == (
        f"{header}: a header (line 1) and no results: nothing to score"
    )
    named = tmp_path / "results.parquet"
    named.write_bytes(MITCHELL.read_bytes())
    assert one_error_line(run("batch", str(named), target)).startswith(
        f"{named}: not a Parquet file (it starts with '# A 5-table Mitchell"
    )
    whole = tmp_path / "whole.parquet"
    pl.read_csv(MITCHELL, comment_prefix="#", infer_schema=False).write_parquet(whole)
    cut = tmp_path / "cut.parquet"
    cut.write_bytes(whole.read_bytes()[:-100])
    assert one_error_line(run("batch", str(cut), target)).startswith(
        f"{cut}: a truncated Parquet file ("
    )
    assert run("batch", str(whole), target, "--no-progress").exit_code == 0


@pytest.mark.parametrize("name", ["out.xlsx", "out", "out.csv.gz"])
def test_an_output_name_without_a_format_is_refused_before_any_work(
    tmp_path: Path, name: str
) -> None:
    target = tmp_path / name
    shown = one_error_line(run("batch", str(tmp_path / "missing.csv"), str(target)))
    assert shown.startswith(f"{target}: ")
    assert shown.endswith("; name the output .csv or .parquet")
    assert "missing.csv" not in shown  # the source was not even looked at
    assert not target.exists()


def test_the_target_is_not_the_source_unless_forced(tmp_path: Path) -> None:
    source = tmp_path / "results.csv"
    source.write_bytes(MITCHELL.read_bytes())
    shown = one_error_line(run("batch", str(source), str(source), "--no-progress"))
    assert shown == f"{source}: the output is the input file; name another output (or force it)"
    assert source.read_bytes() == MITCHELL.read_bytes()
    result = run("batch", str(source), str(source), "--force", "--no-progress")
    assert result.exit_code == 0, result.output
    # the library's figures, as bridgescore event gives them: the adjusted board scored
    written = pl.read_csv(source, schema_overrides={"ns": pl.String, "ew": pl.String})
    assert written["ns_points"].null_count() == 0
    shown = json.loads(run("event", str(MITCHELL), "--json").stdout)["results"]
    (line,) = [r for r in shown if (r["board"], r["ns"]) == (5, "3")]
    adjusted = written.filter(pl.col("adjusted") == "A+/A-")
    figures = ("ns_points", "ew_points", "ns_percent", "ew_percent")
    assert adjusted.select("board", "ns", *figures).rows() == [
        (5, "3", *(line[k] for k in figures))
    ]


def test_a_failed_write_names_the_path_and_leaves_nothing(tmp_path: Path) -> None:
    target = tmp_path / "missing-dir" / "out.csv"
    shown = one_error_line(run("batch", str(MITCHELL), str(target), "--no-progress"))
    assert shown == f"{target}: cannot write: No such file or directory"


def test_the_progress_bar_covers_every_phase(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []

    class Recording(Progress):
        def update(self, task_id: TaskID, *, description: str | None = None, **fields: Any) -> None:
            if description is not None and (not seen or seen[-1] != description):
                seen.append(description)
            super().update(task_id, description=description, **fields)

    monkeypatch.setattr(batch_cli, "Progress", Recording)
    target = tmp_path / "out.parquet"
    methods = ["--method", "mp", "--method", "butler", "--method", "neuberg"]
    result = run("batch", str(MITCHELL), str(target), "--progress", "--fast", *methods)
    assert result.exit_code == 0, result.output
    assert seen == ["reading", "scoring", "mp", "neuberg", "butler", "writing"]
    assert pl.read_parquet(target).height == 50
    seen.clear()  # the library's figures: read, scored, written
    result = run("batch", str(MITCHELL), str(target), "--progress")
    assert result.exit_code == 0, result.output
    assert seen == ["reading", "scoring", "writing"]
    assert pl.read_parquet(target).height == 50


def test_a_results_csv_gets_the_figures_its_program_published(tmp_path: Path) -> None:
    # the example: BriAn's USEBIO file written as the library's results CSV (pairs
    # named). bridgescore batch now gives every result the points BriAn published for it;
    # the old default, now --fast, left the adjusted board out and scaled no board
    source = tmp_path / "brian.csv"
    event = load_event(BRIAN)
    write_event(event, source)
    published = {
        (row.board, row.ns, row.ew): published
        for row, published in zip(event.results.rows, event.published, strict=True)
    }
    assert all(p is not None for p in published.values())
    target = tmp_path / "out.csv"
    result = run("batch", str(source), str(target), "--no-progress")
    assert result.exit_code == 0, result.output
    written = pl.read_csv(target, schema_overrides={"ns": pl.String, "ew": pl.String})
    assert written.height == len(published) == 144
    for row in written.iter_rows(named=True):
        want = published[(row["board"], row["ns"], row["ew"])]
        assert want is not None
        assert (row["ns_points"], row["ew_points"]) == (want.ns_points, want.ew_points)
    # pair 1's percentage: BriAn's 62.01923 (the library's, as bridgescore event prints
    # it), where the vectorised path says 62.38
    exact = read_events([source]).filter(pl.col("pair") == "1")["percent"][0]
    assert round(exact, 5) == 62.01923
    fast = read_events([source], fast=True).filter(pl.col("pair") == "1")["percent"][0]
    assert fast == 62.38


def test_without_polars_the_command_says_which_extra_to_install() -> None:
    code = (
        "import sys; sys.modules['polars'] = None\n"
        "from bridgescore.cli.main import cli\n"
        "cli(['batch', 'in.csv', 'out.csv'])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr == (
        "bridgescore: error: bridgescore.batch needs NumPy and Polars (polars is missing):"
        " pip install 'bridgescore[batch]'\n"
    )
