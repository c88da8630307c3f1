"""``bridgescore batch``: its output is its input, in Parquet and in CSV.

Real files (``tests/io/data``, SOURCES.md there): Ruter's ``ruter_sm1.pbn``, the
individual ``payload_individual.xml``, and one Bridgemate night read twice (its ``.bws``
and the PBN BridgeComposer wrote of it).
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner, Result

from bridgescore.batch.events import SeasonWarning, read_season
from bridgescore.cli.main import cli
from bridgescore.io.events import load_event

DATA = Path(__file__).resolve().parents[1] / "io" / "data"
RUTER = DATA / "pbn" / "ruter_sm1.pbn"
INDIVIDUAL = DATA / "usebio" / "payload_individual.xml"
BWS = DATA / "bridgemate" / "bridgemate_2025-12-23.bws"
ITS_PBN = DATA / "pbn" / "bridgecomposer_2025-12-23.pbn"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, [*args, "--no-progress"])


def test_a_parquet_table_reads_back_as_it_was_written(tmp_path: Path) -> None:
    first, again = tmp_path / "first.parquet", tmp_path / "again.parquet"
    assert run("batch", str(RUTER), str(first)).stdout == f"wrote {first}\n"
    assert run("batch", str(first), str(again)).stdout == f"wrote {again}\n"
    written, read_back = pl.read_parquet(first), pl.read_parquet(again)
    assert read_back.equals(written)
    assert written.height == 1188
    # the results file's columns: contract, declarer and tricks apart, and the players
    row = written.row(0, named=True)
    assert (row["contract"], row["declarer"], row["tricks"], row["ns_score"]) == (
        "6NT",
        "S",
        13,
        1020,
    )
    assert str(load_event(RUTER).results.rows[0].result) == "6NTS+1"
    assert row["source"] == str(RUTER)
    assert row["program"] == "Ruter 4.9.1.3"
    assert row["agree"] == row["figures"] == 4860


def test_a_csv_table_reads_back_byte_for_byte(tmp_path: Path) -> None:
    # an individual: each seat's player kept, by name, through CSV's joined names
    first, again = tmp_path / "first.csv", tmp_path / "again.csv"
    assert run("batch", str(INDIVIDUAL), str(first)).exit_code == 0
    assert run("batch", str(first), str(again)).exit_code == 0
    assert again.read_bytes() == first.read_bytes()
    table = pl.read_csv(first)
    assert table.height == 132
    assert table["north"].null_count() == 0


def test_a_session_read_twice_is_said(tmp_path: Path) -> None:
    season = tmp_path / "season.parquet"
    with pytest.warns(SeasonWarning, match="hold the same session"):
        read_season([BWS, ITS_PBN]).results.write_parquet(season)
    out = tmp_path / "out.parquet"
    result = run("batch", str(season), str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"wrote {out}\n"
        f"{ITS_PBN} (Alpine Club Championship) and {BWS} (Bridge game) hold the same session:"
        " the same date, and 333 of 333 results alike; its pairs would count it twice\n"
    )
    assert pl.read_parquet(out)["seen_twice"].drop_nulls().unique().to_list() == [str(BWS)]
