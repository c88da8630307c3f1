"""Matchpoints for 10,000,000 results (10,000 boards × 1,000 results) on one core.

Side by side on the same data: our batch ``matchpoints`` (dense grid, and the sorted
cells it falls back to), the scalar ``duplicate.matchpoints`` board by board, a Polars
window expression (``rank`` over the board, which is what our ``bridge`` expression
namespace builds), and pandas ``groupby().rank()``. Peak memory is measured in a fresh
subprocess for each path, with tracemalloc (NumPy reports its buffers to it) and with
the growth of the process's maximum resident set.

Targets: under 1 s; peak memory under 3× the input (the board and score columns).

    .venv/bin/python bench/bench_matchpoints.py [--boards 10000] [--per-board 1000]
"""

from __future__ import annotations

import os

# One core for everything, set before NumPy, Polars or pandas start their thread pools.
if hasattr(os, "sched_setaffinity"):
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
os.environ.setdefault("POLARS_MAX_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import json
import subprocess
import sys
import tempfile
import time
import tracemalloc
from functools import partial
from pathlib import Path

import numpy as np
from _common import best_of, verdict, write_section

from bridgescore.batch import board_vulnerability, score_ns
from bridgescore.batch.compare import Boards, matchpoints
from bridgescore.duplicate.matchpoints import matchpoints as scalar_matchpoints


def results(boards: int, per_board: int, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Realistic NS scores: random contracts and results, scored by the batch engine."""
    rng = np.random.default_rng(seed)
    n = boards * per_board
    board = np.repeat(np.arange(1, boards + 1, dtype=np.int64), per_board)
    level = rng.integers(1, 8, n)
    ns = score_ns(
        level,
        rng.integers(0, 5, n),
        rng.choice(3, n, p=[0.9, 0.08, 0.02]),
        rng.integers(0, 4, n),
        board_vulnerability(board),
        np.clip(level + 6 + rng.integers(-4, 3, n), 0, 13),
    ).astype(np.int64)
    order = rng.permutation(n)
    return board[order], ns[order]


def run(path: str, board: np.ndarray, ns: np.ndarray) -> object:
    if path == "dense":
        return matchpoints(board, ns)
    if path == "sorted":
        return Boards(board, ns, grid_limit=0).matchpoints()
    if path == "polars":
        import polars as pl

        frame = pl.DataFrame({"board": board, "ns": ns}, nan_to_null=False)
        x = pl.col("ns")
        return frame.select((x.rank("min") + x.rank("max") - 2).over("board"))
    if path == "pandas":
        import pandas as pd  # type: ignore[import-untyped]

        frame = pd.DataFrame({"board": board, "ns": ns})
        grouped = frame.groupby("board")["ns"]
        return grouped.rank(method="min") + grouped.rank(method="max") - 2
    raise ValueError(path)


def measure_memory(path: str, data: str) -> dict[str, float]:
    """In this (fresh) process: the input's bytes, and the call's peak allocations.

    The columns are read from ``data`` (a folder of .npy files, read straight into their
    arrays), so the resident set before the call is the interpreter and the input; the
    growth of the maximum resident set over the current one is the call's peak."""
    board = np.load(Path(data) / "board.npy")
    ns = np.load(Path(data) / "ns.npy")
    run(path, board[:1000], ns[:1000])  # imports and warm-up outside the measurement
    _reset_peak_rss()
    base_rss = _status("VmRSS")
    tracemalloc.start()
    start = time.perf_counter()
    run(path, board, ns)
    seconds = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = _status("VmHWM") - base_rss
    return {
        "input": board.nbytes + ns.nbytes,
        "tracemalloc": peak,
        "rss": max(rss, 0),
        "seconds": seconds,
    }


def _status(field: str) -> int:
    """A memory figure of this process from /proc/self/status, in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    raise LookupError(field)


def _reset_peak_rss() -> None:
    """Set the peak resident set (VmHWM) back to the current one (Linux 4.0+)."""
    Path("/proc/self/clear_refs").write_text("5")


def in_subprocess(path: str, data: str) -> dict[str, float]:
    found = subprocess.run(
        [sys.executable, __file__, "--memory", path, "--data", data],
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(found.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--per-board", type=int, default=1_000)
    parser.add_argument("--memory", help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory:
        print(json.dumps(measure_memory(args.memory, args.data)))
        return

    board, ns = results(args.boards, args.per_board)
    n = len(board)
    want = matchpoints(board, ns)
    assert np.array_equal(Boards(board, ns, grid_limit=0).matchpoints(), want)
    # The scalar API on a sample of boards: the same numbers.
    for number in (1, args.boards // 2, args.boards):
        rows = np.flatnonzero(board == number)
        assert scalar_matchpoints(ns[rows].tolist()) == want[rows].tolist()
    sample = max(1, args.boards // 50)
    by_board = [ns[board == b].tolist() for b in range(1, sample + 1)]
    scalar_seconds = best_of(lambda: [scalar_matchpoints(s) for s in by_board], 3)
    scalar_total = scalar_seconds * args.boards / sample

    times = {path: best_of(partial(run, path, board, ns), 5) for path in ("dense", "sorted")}
    times |= {path: best_of(partial(run, path, board, ns), 3) for path in ("polars", "pandas")}
    with tempfile.TemporaryDirectory() as folder:
        data = folder
        np.save(Path(folder) / "board.npy", board)
        np.save(Path(folder) / "ns.npy", ns)
        memory = {
            path: in_subprocess(path, data) for path in ("dense", "sorted", "polars", "pandas")
        }
    input_mb = memory["dense"]["input"] / 1e6

    def row(label: str, path: str) -> str:
        m = memory[path]
        return (
            f"| {label} | {times[path]:.3f} s | {times[path] / times['dense']:.1f}× | "
            f"{m['tracemalloc'] / 1e6:,.0f} MB ({m['tracemalloc'] / m['input']:.2f}×) | "
            f"{m['rss'] / 1e6:,.0f} MB ({m['rss'] / m['input']:.2f}×) |"
        )

    scalar_row = (
        f"| scalar `duplicate.matchpoints`, board by board ({sample} boards timed, scaled) "
        f"| {scalar_total:.1f} s | {scalar_total / times['dense']:,.0f}× | | |"
    )
    dense = memory["dense"]
    peak_ratio = max(dense["tracemalloc"], dense["rss"]) / dense["input"]
    body = f"""
{n:,} results: {args.boards:,} boards × {args.per_board:,}, realistic NS scores (random
contracts and results, scored by the batch engine; {len(np.unique(ns))} distinct scores),
rows shuffled. Input: the board and ns_score columns as int64, {input_mb:,.0f} MB. One
core (CPU affinity set to one core, `POLARS_MAX_THREADS=1`). Peak memory: the
call's peak tracemalloc allocations (Polars allocates outside its view) and the growth
of the peak resident set (VmHWM, reset just before the call) over the resident set with
the input loaded, each in a fresh process, and as a multiple of the input.

| path | time | time / ours | peak allocations | peak RSS growth |
|---|---|---|---|---|
{row("ours: `bridgescore.batch.matchpoints` (dense board × score grid)", "dense")}
{row("ours, sorted cells (the fallback: one argsort of board, score)", "sorted")}
{row("Polars: `(rank('min') + rank('max') - 2).over('board')`", "polars")}
{row("pandas: `groupby('board').rank('min') + rank('max') - 2`", "pandas")}
{scalar_row}

Results are identical to the scalar API (checked on three boards here, and on random
boards with ties in `tests/batch/test_batch_compare.py`).

Targets:

- under 1 s on one core: {verdict(times["dense"] < 1.0)} ({times["dense"]:.3f} s).
- peak memory under 3× the input: {verdict(peak_ratio < 3)} ({peak_ratio:.2f}×, the larger
  of the two measures; the output, {n * 8 / 1e6:,.0f} MB of float64, is included).
"""
    write_section("matchpoints", "Matchpoints, 10,000,000 results", body)


if __name__ == "__main__":
    main()
