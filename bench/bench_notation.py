"""Reading a result in Finnish or Spanish costs what the international notation costs
(issue 22), side by side in one run.

- ``Notation.parse_result`` on every distinct result there is (7 levels x 5 strains x 3
  doublings x 4 declarers x 14 tricks, 5,880 texts, each as the notation writes it) in
  English, Finnish and Spanish, and ``TableResult.parse`` (the international notation, what
  every file reader calls).
- A results CSV of the largest real file (Ruter's IMP-across-the-field session,
  ``tests/io/data/pbn/ruter_impcross.pbn``, 1680 results) written in each language's
  notation (``# language: fi``) and read back by the row kernel.

The ratios to English go to ``bench/RESULTS.md`` (section ``notation``). The target: within
10 % of English.

    .venv/bin/python bench/bench_notation.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _common import best_of, write_section  # noqa: E402

from bridgescore.core.contract import Contract, TableResult  # noqa: E402
from bridgescore.core.notation import NOTATIONS, Notation  # noqa: E402
from bridgescore.core.seats import Seat  # noqa: E402
from bridgescore.core.strains import Doubling, Strain  # noqa: E402
from bridgescore.io.events import load_event  # noqa: E402
from bridgescore.io.results import dumps_csv, loads_csv  # noqa: E402

RUTER = HERE.parent / "tests" / "io" / "data" / "pbn" / "ruter_impcross.pbn"


def _results() -> list[TableResult]:
    return [
        TableResult(Contract(level, strain, doubling, seat), tricks)
        for level, strain, doubling, seat, tricks in itertools.product(
            range(1, 8), Strain, Doubling, Seat, range(14)
        )
    ]


def _read_all(notation: Notation, texts: list[str]) -> list[TableResult]:
    return [notation.parse_result(t) for t in texts]


def _interleaved(runs: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Each run's best time, the runs taking turns (so a busy moment on the machine falls
    on every language alike)."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for code, run in runs.items():
            best[code] = min(best[code], best_of(run, 1))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    results = _results()
    lines = [
        f"Every distinct result ({len(results):,} texts, each as its notation writes it)"
        f" read, best of {args.repeat}, the languages taking turns; then {RUTER.name} as a"
        " results CSV in each notation read back by the row kernel.",
        "",
        "| Step | Language | Time | Per result | Ratio to English |",
        "|---|---|---:|---:|---:|",
    ]
    international = [str(r) for r in results]
    base = best_of(lambda: [TableResult.parse(t) for t in international], args.repeat)
    lines.append(
        f"| `TableResult.parse` | international | {base * 1e3:.1f} ms |"
        f" {base / len(results) * 1e6:.2f} µs | - |"
    )
    texts = {code: [n.result(r) for r in results] for code, n in NOTATIONS.items()}
    for code, notation in NOTATIONS.items():
        assert _read_all(notation, texts[code]) == results
    times = _interleaved(
        {code: partial(_read_all, n, texts[code]) for code, n in NOTATIONS.items()}, args.repeat
    )
    for code, took in times.items():
        lines.append(
            f"| `Notation.parse_result` | {code} | {took * 1e3:.1f} ms |"
            f" {took / len(results) * 1e6:.2f} µs | {took / times['en']:.3f}x |"
        )
    event = load_event(RUTER)
    csvs = {code: dumps_csv(event.results, notation=n) for code, n in NOTATIONS.items()}
    for text in csvs.values():
        assert loads_csv(text).rows == event.results.rows
    csv_times = _interleaved({code: partial(loads_csv, t) for code, t in csvs.items()}, args.repeat)
    rows = len(event.results.rows)
    for code, took in csv_times.items():
        lines.append(
            f"| `loads_csv` ({rows} rows) | {code} | {took * 1e3:.1f} ms |"
            f" {took / rows * 1e6:.2f} µs | {took / csv_times['en']:.3f}x |"
        )
    worst = max(
        max(t / times["en"] for t in times.values()),
        max(t / csv_times["en"] for t in csv_times.values()),
    )
    verdict = "met" if worst <= 1.10 else "NOT met"
    lines += ["", f"Target: within 10 % of English (1.10x); worst ratio {worst:.3f}x ({verdict})."]
    body = "\n".join(lines)
    print(body)
    write_section("notation", "Reading each language's notation (issue 22)", body)


if __name__ == "__main__":
    main()
