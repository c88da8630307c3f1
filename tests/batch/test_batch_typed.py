"""The typed way into the Polars namespace: code as a user writes it, checked by the repo's
``mypy --strict`` run (tests are type-checked), where ``df.bridge`` is not seen."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from bridgescore import batch
from bridgescore.batch.frame import BridgeFrame

MITCHELL = Path(__file__).resolve().parents[2] / "examples" / "pairs-mitchell.csv"


def scored(df: pl.DataFrame) -> pl.DataFrame:
    """What a user's typed module writes: no ``type: ignore``, no cast."""
    return batch.bridge(df).process(on_invalid="null", methods=["mp"])


def test_the_typed_entry_point_is_the_namespace() -> None:
    df = pl.DataFrame({"board": [1, 1, 1], "contract": ["4SN=", "4SN+1", "5SXN-2"]})
    namespace: BridgeFrame = batch.bridge(df)
    assert isinstance(namespace, BridgeFrame)
    typed = scored(df)
    assert typed.select("ns_score", "ns_mp", "ew_pct").rows() == [
        (420, 2.0, 50.0),
        (450, 4.0, 0.0),
        (-300, 0.0, 100.0),
    ]
    interactive = df.bridge.process(on_invalid="null")  # type: ignore[attr-defined]
    assert typed.equals(interactive)  # df.bridge: the same, but unseen by a type checker
    assert batch.bridge(df).score()["ns_score"].to_list() == [420, 450, -300]


def test_the_season_entry_points_are_typed_too() -> None:
    standings: pl.DataFrame = batch.read_events([MITCHELL])
    # examples/pairs-mitchell.csv: pair 2 wins the NS field with 47.8 (59.75 %)
    assert standings.select("field", "place", "pair", "total", "percent").row(0) == (
        "NS",
        "1",
        "2",
        47.8,
        59.75,
    )
    totals: pl.DataFrame = batch.season_totals(standings, by="pair")
    assert totals.filter(pl.col("key") == "pairs-mitchell #2")["total"].to_list() == [47.8]
    results: pl.DataFrame = batch.read_results(MITCHELL)
    assert results.height == 50


MISSPELT = """\
import polars as pl
import pytest
from bridgescore import batch
from bridgescore.batch.cluster import process_dask, process_parquet
from bridgescore.batch.frame import compare, process, run_file, score_file
import dask.dataframe as dd

df = pl.DataFrame()
ddf: dd.DataFrame = dd.from_dict({"board": [1]}, npartitions=1)
process(df, methods=["neuberg"], expected=3, scale="acbl")  # spelt right: no error
process(df, expeted=3)
compare(df, neuberg_metod="manual")
batch.bridge(df).process(exlude=1)
process_dask(ddf, scael="acbl")
process_parquet("in", "out", prest="drop-1")
run_file("in.csv", "out.csv", imp_tabel="wbf")
score_file("in.csv", "out.csv", expected="3")
"""


def test_mypy_strict_catches_a_misspelt_option(tmp_path: Path) -> None:
    api = pytest.importorskip("mypy.api")
    snippet = tmp_path / "user_code.py"
    snippet.write_text(MISSPELT, encoding="utf-8")
    # the repo's own cache (warm after scripts/test's mypy step: the library and polars
    # are not checked again, about 5 s rather than 35; a cold cache is only slower)
    cache = Path(__file__).resolve().parents[2] / ".mypy_cache"
    out, _err, status = api.run(["--strict", "--cache-dir", str(cache), str(snippet)])
    found = [line.split(": error: ")[1] for line in out.splitlines() if ": error: " in line]
    assert found == [
        'Unexpected keyword argument "expeted" for "process"; did you mean "expected"?  [call-arg]',
        'Unexpected keyword argument "neuberg_metod" for "compare"; did you mean'
        ' "neuberg_method"?  [call-arg]',
        'Unexpected keyword argument "exlude" for "process" of "BridgeFrame"; did you mean'
        ' "exclude"?  [call-arg]',
        'Unexpected keyword argument "scael" for "process_dask"; did you mean "scale"?  [call-arg]',
        'Unexpected keyword argument "prest" for "process_parquet"; did you mean "preset"?'
        "  [call-arg]",
        'Unexpected keyword argument "imp_tabel" for "run_file"; did you mean "imp_table"?'
        "  [call-arg]",
    ]
    assert status == 1
