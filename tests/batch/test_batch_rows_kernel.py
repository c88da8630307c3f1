"""The vectorised reading of result rows (``batch/frame.py``) held equal to the one
row-building kernel (``io/rows.py``) on every result of every file in the test data.

The batch engine reads a contract, declarer and result once per distinct spelling with
NumPy and Polars; the kernel reads each row. Where both read a row they must give the
same North-South score, and where the kernel refuses a played result the batch engine
must too.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import polars as pl
import pytest

from bridgescore.batch import frame
from bridgescore.errors import BridgeError
from bridgescore.events.model import Location
from bridgescore.io.events import load_event
from bridgescore.io.results import read_row

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
EVENT_FILES = sorted(
    [
        *(TESTS / "io" / "data" / "usebio").glob("*.xml"),
        *(TESTS / "io" / "data" / "pbn").glob("*.pbn"),
    ]
)


def readable(path: Path) -> bool:
    try:
        load_event(path)
    except BridgeError:
        return False
    return True


@pytest.mark.parametrize("path", [p for p in EVENT_FILES if readable(p)], ids=lambda p: p.name)
def test_every_result_in_the_test_data_scores_as_the_kernel_scores_it(path: Path) -> None:
    rows = [r for r in load_event(path).results.rows if r.result is not None]
    if not rows:
        pytest.skip("no played results (a match table)")
    df = pl.DataFrame(
        {
            "board": [r.board for r in rows],
            "contract": [str(r.result) for r in rows],
            "vulnerability": [str(r.vulnerability) for r in rows],
        }
    )
    scored = frame.score(df, on_invalid="null")
    assert scored["problem"].null_count() == len(rows)
    assert scored["ns_score"].to_list() == [r.ns_score for r in rows]


def raw_records() -> list[dict[str, str]]:
    """The result fields of the project's CSV and JSON examples, as written."""
    with (ROOT / "examples" / "pairs-mitchell.csv").open(encoding="utf-8") as handle:
        lines = [line for line in handle if not line.startswith("#")]
    records = list(csv.DictReader(lines))
    data = json.loads((ROOT / "examples" / "teams.json").read_text(encoding="utf-8"))
    records += [{k: str(v) for k, v in entry.items()} for entry in data["results"]]
    return records


def test_the_examples_raw_fields_read_the_same_both_ways() -> None:
    records = raw_records()
    assert len(records) > 50
    columns = ("board", "contract", "declarer", "result", "score", "adjusted", "vulnerability")
    df = pl.DataFrame({c: [r.get(c, "") or "" for r in records] for c in columns})
    scored = frame.score(df, on_invalid="null")
    for record, ns_score, problem in zip(
        records, scored["ns_score"].to_list(), scored["problem"].to_list(), strict=True
    ):
        fields = {**record, "ns": record.get("ns") or "1", "ew": record.get("ew") or "2"}
        built = read_row(fields, Location("example"))
        assert built.row is not None, built.problems
        if built.row.adjusted is not None:
            assert problem is not None  # the batch engine compares played results only
            assert "adjusted score" in problem
            continue
        assert problem is None, (record, problem)
        assert ns_score == built.row.ns_score
