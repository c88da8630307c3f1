"""Building the individual movements at every stored size, and the largest Rainbows.

Each whist individual (``whist_individual``, every size of ``WHIST_SIZES``) and the
Rainbow individuals of 13 and 25 tables are built from their generators with the cache
emptied before each run (so the figure is the construction, not the cache), then the
balance of the largest whist individual is worked out once. Best of 5.

Target: building any movement up to 30 tables under 0.1 s.

    .venv/bin/python bench/bench_individual.py
"""

from __future__ import annotations

from collections.abc import Callable

from _common import best_of, verdict, write_section

from bridgescore.events.movements import individual
from bridgescore.events.movements.individual import (
    WHIST_SIZES,
    rainbow_individual,
    whist_individual,
)

LIMIT = 0.1


def _fresh(build: Callable[[], object]) -> Callable[[], object]:
    def run() -> object:
        individual._whist.cache_clear()
        individual._rainbow.cache_clear()
        return build()

    return run


CASES: list[tuple[str, Callable[[], object]]] = [
    *((f"whist_individual({v})", lambda v=v: whist_individual(v)) for v in WHIST_SIZES),
    ("rainbow_individual(13)", lambda: rainbow_individual(13)),
    ("rainbow_individual(25)", lambda: rainbow_individual(25)),
]


def main() -> None:
    rows = ["| movement | seconds | ratio to the 0.1 s limit |", "|---|---|---|"]
    worst = 0.0
    for name, build in CASES:
        seconds = best_of(_fresh(build))
        worst = max(worst, seconds)
        rows.append(f"| `{name}` | {seconds:.4f} | {seconds / LIMIT:.2f} |")
    largest = whist_individual(max(WHIST_SIZES))
    balance = best_of(largest.balance)
    rows.append(f"| `whist_individual({max(WHIST_SIZES)}).balance()` | {balance:.4f} | - |")
    body = "\n".join(rows) + f"\n\nBuilt under 0.1 s each: {verdict(worst < LIMIT)}."
    write_section("individual", "Building the individual movements", body)


if __name__ == "__main__":
    main()
