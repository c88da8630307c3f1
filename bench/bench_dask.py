"""Dask on this machine: the Parquet pipeline with 1 and 2 workers, and single-process Polars.

The job: read Parquet results (codes: event, board, level, strain, doubling, declarer,
tricks), score them, shuffle so that each board is in one partition, compare
(matchpoints, percentages, cross-IMPs, butler), write Parquet. Each worker is a process
with one thread, so the 2-worker run uses both cores. The outputs are checked equal to
the single-process path's, row for row.

    .venv/bin/python bench/bench_dask.py [--boards 4000] [--per-board 1000]
"""

from __future__ import annotations

import os

# One thread per worker: Polars would otherwise start a thread per core in each worker
# process (they inherit this), and in this one.
os.environ["POLARS_MAX_THREADS"] = "1"

import argparse
import shutil
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np
import polars as pl
from _common import verdict, write_section
from distributed import Client, LocalCluster

import bridgescore.batch.frame as frame
from bridgescore.batch.cluster import process_parquet

METHODS = ("mp", "cross_imps", "butler")


def write_results(folder: Path, boards: int, per_board: int, files: int) -> int:
    rng = np.random.default_rng(1)
    n = boards * per_board
    level = rng.integers(1, 8, n)
    data = pl.DataFrame(
        {
            "row": np.arange(n),
            "event": rng.integers(1, 5, n),
            "board": rng.integers(1, boards // 4 + 1, n),
            "level": level,
            "strain": rng.integers(0, 5, n),
            "doubling": rng.choice(3, n, p=[0.9, 0.08, 0.02]),
            "declarer": rng.integers(0, 4, n),
            "tricks": np.clip(level + 6 + rng.integers(-4, 3, n), 0, 13),
        }
    )
    folder.mkdir()
    step = -(-n // files)
    for part in range(files):
        data.slice(part * step, step).write_parquet(folder / f"part-{part:03d}.parquet")
    return n


def single(source: Path, target: Path) -> float:
    start = time.perf_counter()
    done = frame.process(pl.read_parquet(source / "*.parquet"), on_invalid="null", methods=METHODS)
    done.write_parquet(target)
    return time.perf_counter() - start


def on_cluster(workers: int, source: Path, target: Path) -> float:
    with (
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster),  # type: ignore[no-untyped-call]
    ):
        start = time.perf_counter()
        process_parquet(str(source), str(target), methods=METHODS)
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=4000)
    parser.add_argument("--per-board", type=int, default=1000)
    parser.add_argument("--files", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    # Dask's Parquet I/O calls pandas APIs that pandas 3.1 deprecates; not ours to fix.
    warnings.filterwarnings("ignore", message="The inplace keyword")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        source = folder / "results"
        n = write_results(source, args.boards, args.per_board, args.files)
        times = {"polars": min(single(source, folder / "single.parquet") for _ in range(2))}
        # 1 and 2 workers in turn, so that other work on the machine weighs on both alike.
        runs: dict[int, list[float]] = {1: [], 2: []}
        for _ in range(args.repeat):
            for workers in (1, 2):
                target = folder / f"dask{workers}"
                shutil.rmtree(target, ignore_errors=True)
                runs[workers].append(on_cluster(workers, source, target))
        for workers, seconds in runs.items():
            times[f"dask{workers}"] = min(seconds)
        want = pl.read_parquet(folder / "single.parquet").sort("row")
        for workers in (1, 2):
            got = pl.read_parquet(folder / f"dask{workers}" / "*.parquet").sort("row")
            for column in ("ns_score", "ns_mp", "ns_pct", "ns_ximps", "ns_butler"):
                assert got[column].to_list() == want[column].to_list(), column
    speedup = times["dask1"] / times["dask2"]
    polars_row = (
        "| single process, Polars front (`frame.process`), one Polars thread | "
        f"{times['polars']:.1f} s | {times['dask1'] / times['polars']:.2f}× |"
    )
    body = f"""
{n:,} results ({args.boards:,} boards × {args.per_board:,} on average, 4 events) in
{args.files} Parquet files; comparisons: {", ".join(METHODS)}. Wall time from reading
the files to the written output, best of {args.repeat} runs taken in turn (the Dask runs
include the shuffle that
puts each board in one partition; cluster start-up is not included). The three outputs
are equal row for row.

| path | time | speed relative to 1 worker |
|---|---|---|
{polars_row}
| Dask, 1 worker process (1 thread) | {times["dask1"]:.1f} s | 1.00× |
| Dask, 2 worker processes (1 thread each) | {times["dask2"]:.1f} s | {speedup:.2f}× |

It scales: {verdict(speedup > 1.2)} (2 workers are {speedup:.2f}× one worker, each with
one thread, on this {os.cpu_count()}-core machine). A Dask worker does the single-process
path's work on its partitions, plus reading through pandas, the shuffle between workers
and the conversions between pandas and Polars: on one machine the single-process path
with all its threads is the simple choice; Dask is there for data that does not fit one
machine.
"""
    write_section("dask", "Dask: 1 and 2 workers", body)


if __name__ == "__main__":
    main()
