"""``bridgescore event`` reads the Parquet table ``bridgescore batch`` writes (its output is
its input), and a season table of several events scores the one named with ``--event``."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli.main import cli

pytest.importorskip("polars")

USEBIO = Path(__file__).resolve().parents[1] / "io" / "data" / "usebio"


def test_event_reads_what_batch_wrote(tmp_path: Path) -> None:
    runner = CliRunner()
    table = tmp_path / "session.parquet"
    wrote = runner.invoke(cli, ["batch", str(USEBIO / "00201600+002321.xml"), str(table)])
    assert wrote.exit_code == 0, wrote.output
    read = runner.invoke(cli, ["event", str(table)])
    assert read.exit_code == 0, read.output
    assert "Thursday Pairs A Overall" in read.stdout
    assert "scored as EBUScore Pairs 1.2.20 scores (the file names it)" in read.stderr
    agree = read.stderr.split("the file's own figures: ")[1].split(" agree")[0]
    first, total = agree.split(" of ")
    assert first == total


def test_a_season_table_needs_the_event_named(tmp_path: Path) -> None:
    from bridgescore import batch

    runner = CliRunner()
    table = tmp_path / "season.parquet"
    files = [USEBIO / "00201600+002321.xml", USEBIO / "00210009+002061.xml"]
    batch.read_results(files).write_parquet(table)
    refused = runner.invoke(cli, ["event", str(table)])
    assert refused.exit_code != 0
    assert "'Thursday Pairs A Overall'" in refused.stderr
    assert "'Thursday Pairs'" in refused.stderr
    assert "Traceback" not in refused.output
    named = runner.invoke(cli, ["event", str(table), "--event", "Thursday Pairs"])
    assert named.exit_code == 0, named.output
    assert "EBUScore Pairs 1.2.24" in named.stderr
