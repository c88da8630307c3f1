"""Dask: the pipeline on a LocalCluster gives the single-machine numbers, row for row."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import dask.dataframe as dd
import numpy as np
import pandas as pd  # type: ignore[import-untyped]  # pandas-stubs is not installed
import polars as pl
import pytest
from distributed import Client, LocalCluster

import bridgescore.batch.frame as frame
from bridgescore.batch.cluster import process_dask, process_parquet
from bridgescore.duplicate.imps import UnknownMethodError

METHODS = ("mp", "neuberg", "cross_imps", "butler")


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    # distributed leaves LocalCluster and Client unannotated.
    with (
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        Client(cluster) as connected,  # type: ignore[no-untyped-call]
    ):
        yield connected


def _from_pandas(data: pd.DataFrame, npartitions: int) -> dd.DataFrame:
    made: dd.DataFrame = dd.from_pandas(  # type: ignore[no-untyped-call]  # unannotated in dask
        data, npartitions=npartitions
    )
    return made


def _compute(ddf: dd.DataFrame) -> pd.DataFrame:
    return ddf.compute()  # type: ignore[no-untyped-call]  # unannotated in dask


def _results(n: int, seed: int = 1) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    level = rng.integers(1, 8, n)
    data = pd.DataFrame(
        {
            "event": rng.integers(1, 4, n),
            "board": rng.integers(1, 60, n),
            "level": level,
            "strain": rng.integers(0, 5, n),
            "doubling": rng.choice(3, n, p=[0.9, 0.08, 0.02]),
            "declarer": rng.integers(0, 4, n),
            "tricks": np.clip(level + 6 + rng.integers(-3, 3, n), 0, 13),
        }
    )
    data.loc[data.index.isin([5, 77]), "level"] = 9
    return data


def _single(data: pd.DataFrame) -> pd.DataFrame:
    done = frame.process(
        pl.from_pandas(data.reset_index(names="row")), on_invalid="null", methods=METHODS
    )
    single = done.to_pandas(use_pyarrow_extension_array=True).set_index("row")
    single.index.name = None
    return single


def test_the_cluster_gives_the_single_machine_numbers(client: Client) -> None:
    data = _results(6000)
    ddf = _from_pandas(data, npartitions=5)
    done = process_dask(ddf, methods=METHODS, shuffle_method="tasks", npartitions=3)
    assert done.npartitions == 3
    got = _compute(done).sort_index()
    pd.testing.assert_frame_equal(got, _single(data), check_index_type=False)
    assert got["problem"].notna().sum() == 2
    assert got.loc[5, "problem"] == "level 9 is not 1-7"


# Dask's Parquet reader and writer call set_index/reset_index(inplace=True), deprecated in
# pandas 3.1.
@pytest.mark.filterwarnings("ignore:The inplace keyword in DataFrame:pandas.errors.Pandas4Warning")
def test_parquet_in_and_out(client: Client, tmp_path: Path) -> None:
    data = _results(2000, seed=2)
    source = tmp_path / "in"
    _from_pandas(data, npartitions=4).to_parquet(str(source))  # type: ignore[no-untyped-call]
    target = tmp_path / "out"
    process_parquet(str(source), str(target), methods=METHODS, shuffle_method="tasks")
    # the output is the input's columns and the new ones: no __null_dask_index__ (Dask's
    # made-up row numbers), so rows are matched by content, not by that index
    got = pl.read_parquet(target / "*.parquet")
    want = pl.from_pandas(_single(data).reset_index(drop=True))
    assert got.columns == want.columns
    assert "__null_dask_index__" not in got.columns
    keys = [*data.columns]
    assert got.sort(keys).equals(want.sort(keys))


def test_unknown_methods_are_refused_before_any_work(client: Client) -> None:
    ddf = _from_pandas(_results(10), npartitions=1)
    with pytest.raises(UnknownMethodError, match="swiss"):
        process_dask(ddf, methods=["swiss"])
