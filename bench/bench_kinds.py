"""Building the kinds beyond the plain Mitchell and Howell, at their largest sizes.

Barometer Howell and Mitchell of 30 tables, the appendix (Beynon) Mitchell of 19 + 19
tables, the scrambled, bump and stagger Mitchells of 30 tables, the 3/4 Howell of 8
tables and 12 rounds and a three-way match: each built from its function (no cache) and
timed, best of 5.

Target: building any movement up to 30 tables under 0.1 s.

    .venv/bin/python bench/bench_kinds.py
"""

from __future__ import annotations

from collections.abc import Callable

from _common import best_of, verdict, write_section

from bridgescore.events.movements.barometer import barometer_howell, barometer_mitchell
from bridgescore.events.movements.mitchell import (
    beynon_mitchell,
    bump_mitchell,
    scrambled_mitchell,
    stagger_mitchell,
)
from bridgescore.events.movements.teams import three_way
from bridgescore.events.movements.three_quarter import three_quarter_howell

LIMIT = 0.1

CASES: list[tuple[str, Callable[[], object]]] = [
    ("barometer_howell(30, 2)", lambda: barometer_howell(30, 2)),
    ("barometer_mitchell(30, 2)", lambda: barometer_mitchell(30, 2)),
    ("beynon_mitchell(19, 19, 2)", lambda: beynon_mitchell(19, 19, 2)),
    ("scrambled_mitchell(30, 2)", lambda: scrambled_mitchell(30, 2)),
    ("bump_mitchell(30, 2)", lambda: bump_mitchell(30, 2)),
    ("stagger_mitchell(30, 2)", lambda: stagger_mitchell(30, 2)),
    ("three_quarter_howell(8, 3, 12)", lambda: three_quarter_howell(8, 3, 12)),
    ("three_way(3 teams, 8)", lambda: three_way(["A", "B", "C"], 8).movement()),
]


def main() -> None:
    rows = ["| movement | seconds | ratio to the 0.1 s limit |", "|---|---|---|"]
    worst = 0.0
    for name, build in CASES:
        seconds = best_of(build)
        worst = max(worst, seconds)
        rows.append(f"| `{name}` | {seconds:.4f} | {seconds / LIMIT:.2f} |")
    body = "\n".join(rows) + f"\n\nUnder 0.1 s each: {verdict(worst < LIMIT)}."
    write_section("kinds", "Building the other movement kinds", body)


if __name__ == "__main__":
    main()
