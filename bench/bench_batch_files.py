"""``bridgescore batch`` on a results CSV: the library's figures, the fast path, bare deals.

A results CSV that names its pairs is an event: by default it is scored by the library
(``load_event``, then ``options_for``/``score_with``: every row built by the one row
kernel, each board's traveller, the ranking), and ``--fast`` scores it row by row with the
vectorised engine. A CSV of bare deals (no pairs) always takes the vectorised path. This
measures the three on the same results, with Polars's bare read of the file as the
limit, and ``read_events`` with and without ``fast``. Each size is one event: every pair
plays every board once (``tables`` NS pairs against ``tables`` EW pairs).

    .venv/bin/python bench/bench_batch_files.py [--boards 50] [--tables 100 400]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import numpy as np
import polars as pl
from _common import best_of, write_section

from bridgescore.batch import read_events
from bridgescore.batch.frame import run_file

STRAINS = np.array(["C", "D", "H", "S", "NT"])
SEATS = np.array(["N", "E", "S", "W"])


def write_event(folder: Path, boards: int, tables: int) -> tuple[Path, Path, int]:
    """The same results twice: as the library's results CSV (pairs named) and as bare deals."""
    rng = np.random.default_rng(7)
    n = boards * tables
    level = rng.integers(1, 8, n)
    board = np.repeat(np.arange(1, boards + 1), tables)
    table = np.tile(np.arange(1, tables + 1), boards)
    doubling = rng.choice(np.array(["", "X", "XX"]), n, p=[0.9, 0.08, 0.02])
    frame = pl.DataFrame(
        {
            "board": board,
            "table": table,
            "ns": table,
            "ew": table + 1000,
            "contract": [
                f"{lv}{st}{dbl}"
                for lv, st, dbl in zip(level, rng.choice(STRAINS, n), doubling, strict=True)
            ],
            "declarer": rng.choice(SEATS, n),
            "result": np.clip(level + 6 + rng.integers(-3, 3, n), 0, 13),
        }
    )
    pairs = folder / f"pairs-{n}.csv"
    deals = folder / f"deals-{n}.csv"
    frame.write_csv(pairs)
    frame.drop("ns", "ew", "table").write_csv(deals)
    return pairs, deals, n


LIBRARY = "**pairs named, default: the library's figures**"


def measure(pairs: Path, deals: Path, n: int, out: Path, repeat: int) -> dict[str, float]:
    """Each path's best time on one size."""
    fast = best_of(lambda: run_file(pairs, out, fast=True), repeat)
    times = {
        "Polars alone: `pl.read_csv` (the limit)": best_of(lambda: pl.read_csv(pairs), repeat),
        "bare deals, default (vectorised)": best_of(lambda: run_file(deals, out), repeat),
        "pairs named, `--fast` (vectorised)": fast,
        LIBRARY: best_of(lambda: run_file(pairs, out), repeat),
        "`read_events(fast=True)`": best_of(lambda: read_events([pairs], fast=True), repeat),
        "`read_events()` (the library's figures)": best_of(lambda: read_events([pairs]), repeat),
    }
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=50)
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 400])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows: list[str] = []
    per_result = 0.0
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        for tables in args.tables:
            pairs, deals, n = write_event(folder, args.boards, tables)
            times = measure(pairs, deals, n, folder / "out.parquet", args.repeat)
            fast = times["pairs named, `--fast` (vectorised)"]
            rows += [
                f"| {name} | {n:,} | {seconds:.3f} s | {seconds / n * 1e6:.2f} µs"
                f" | {seconds / fast:.2f}× |"
                for name, seconds in times.items()
            ]
            per_result = times[LIBRARY] / n
    table = "\n".join(rows)
    body = f"""
One pairs event of {args.boards} boards × {", ".join(str(t) for t in args.tables)} tables
(every pair plays every board once; random contracts and results, 10 % doubled), written
twice: as the library's results CSV (`board,table,ns,ew,contract,declarer,result`) and
as bare deals (no pairs). `run_file` writes Parquet. Best of {args.repeat}; the ratio is
to the `--fast` path on the same file.

| path | results | time | per result | × `--fast` |
|---|---|---|---|---|
{table}

The library's figures cost what building every row, every traveller and the ranking in
Python costs, about {per_result * 1e6:.0f} µs a result here: a club's night of 300 results
takes about {per_result * 300:.2f} s, and a pairs CSV of a million results would take about
{per_result * 1e6 / 60:.0f} minutes; an archive that size is scored with `--fast` (or as
bare deals), whose figures leave adjusted scores out and scale no board.
"""
    write_section("batch_files", "bridgescore batch on a results CSV: library and fast", body)


if __name__ == "__main__":
    main()
