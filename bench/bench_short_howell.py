"""Building every stored or constructed cut-short Howell (``docs/short-howell.md``).

Every size ``short_howell`` hands out (cyclic skeletons, explicit rows, patterned and
Latin schedules; even and odd pairs, two boards a round) is built from its function (no
cache) and timed, best of 3; the slowest of each class of field size is reported as a
ratio to the limit.

Target: building any movement up to 30 tables under 0.1 s.

    .venv/bin/python bench/bench_short_howell.py
"""

from __future__ import annotations

from _common import best_of, verdict, write_section

from bridgescore.events.movements.short_howell import short_howell
from bridgescore.events.movements.short_howell_patterned import LATIN, PATTERNED
from bridgescore.events.movements.short_howell_tables import ROWS, SKELETONS, TURNED

LIMIT = 0.1
CLASSES = ((2, 6), (7, 9), (10, 13), (14, 20))
"""Field sizes (tables, from and to) reported together."""


def sizes() -> list[tuple[int, int, bool, str]]:
    """(tables, rounds, odd pairs, how built) for every size handed out."""
    found = [(t, r, odd, "cyclic") for (t, r, odd) in TURNED if (t, r) in SKELETONS]
    found += [(t, r, odd, "rows") for (t, r, odd) in ROWS]
    found += [(t, r, odd, "patterned") for (t, r, odd) in PATTERNED]
    found += [(t, r, odd, "Latin") for (t, r, odd) in LATIN]
    return sorted(found)


def main() -> None:
    rows = [
        "| tables | sizes | slowest | seconds | ratio to the 0.1 s limit |",
        "|---|---|---|---|---|",
    ]
    worst = 0.0
    every = sizes()
    for low, high in CLASSES:
        times = []
        for tables, rounds, odd, how in every:
            if not low <= tables <= high:
                continue
            pairs = 2 * tables - odd

            def build(t: int = tables, r: int = rounds, p: int = pairs) -> object:
                return short_howell(t, 2, r, pairs=p)

            times.append((best_of(build, 3), f"{tables} x {rounds}, {pairs} pairs ({how})"))
        seconds, name = max(times)
        worst = max(worst, seconds)
        rows.append(
            f"| {low}-{high} | {len(times)} | {name} | {seconds:.4f} | {seconds / LIMIT:.3f} |"
        )
    body = (
        "\n".join(rows)
        + f"\n\n{len(every)} sizes; the slowest under 0.1 s: {verdict(worst < LIMIT)}."
    )
    write_section("short-howell", "Building the cut-short Howells", body)


if __name__ == "__main__":
    main()
