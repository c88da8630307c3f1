"""The suggestion table of docs/movements.md: the first suggestion for every club size from
3 to 60 pairs at each of its board counts (``suggest.table_rows``), worked out in a fresh
process (every candidate built and measured afresh: the caches empty), best of 3 runs;
its CPU time too, since other work on the machine shares the two cores. Then the whole
ranked list ``suggest(pairs, boards)`` for one field, also fresh, as the CLI and the web
app ask for it.

Target: the whole table under 2 s.

    .venv/bin/python bench/bench_suggest.py
"""

from __future__ import annotations

import subprocess
import sys

from _common import verdict, write_section

LIMIT = 2.0

TABLE = """
import time
from bridgescore.events.movements.suggest import TABLE_BOARDS, table_rows
wall, cpu = time.perf_counter(), time.process_time()
rows = sum(len(table_rows(boards)) for boards in TABLE_BOARDS)
print(time.perf_counter() - wall, time.process_time() - cpu, rows)
"""

FIELD = """
import time
from bridgescore.events.movements.suggest import suggest
wall, cpu = time.perf_counter(), time.process_time()
found = suggest({pairs}, {boards})
print(time.perf_counter() - wall, time.process_time() - cpu, len(found))
"""


def fresh(code: str, runs: int = 3) -> tuple[float, float, int]:
    """The best wall and CPU seconds of ``runs`` fresh processes, and what they counted."""
    best: tuple[float, float, int] | None = None
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()
        wall, cpu, count = float(out[0]), float(out[1]), int(out[2])
        if best is None or wall < best[0]:
            best = wall, cpu, count
    assert best is not None
    return best


def main() -> None:
    wall, cpu, rows = fresh(TABLE)
    lines = [
        "| what | wall seconds | CPU seconds | ratio to the 2 s limit (wall) |",
        "|---|---|---|---|",
        f"| the suggestion table, {rows} fields (3-60 pairs x 7 board counts) | {wall:.2f}"
        f" | {cpu:.2f} | {wall / LIMIT:.2f} |",
    ]
    for pairs, boards in ((17, 24), (36, 26)):
        f_wall, f_cpu, count = fresh(FIELD.format(pairs=pairs, boards=boards))
        what = f"`suggest({pairs}, {boards})`, all {count} ranked"
        lines.append(f"| {what} | {f_wall:.2f} | {f_cpu:.2f} | -- |")
    body = "\n".join(lines) + f"\n\nThe table under 2 s: {verdict(wall < LIMIT)}."
    write_section("suggest", "The suggestion table", body)


if __name__ == "__main__":
    main()
