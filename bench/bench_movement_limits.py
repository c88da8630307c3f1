"""The size limits of a movement: the largest of each kind built, and a request beyond the
limits refused.

Each kind's largest movement the limits allow (``bridgescore.events.movements.limits``) is
built from its spec (the spec cache emptied before each run) and then proved
(``problems()``); the slowest cut-short Howell of the most tables is found by building
every one (built or refused, it is work a spec can ask for). Then ``suggest`` at the
limits, and requests beyond them (a spec, a field), which must be refused at once; and,
for scale, what ``mitchell:400x40`` cost before the limits (its generator called directly,
as the spec called it: one run).

Target: the largest movement of each kind built in under 1 s, and the largest complete Howell
(20 tables, 40 or 39 pairs: a stored base round expanded) in under 0.1 s.

    .venv/bin/python bench/bench_movement_limits.py [--runs 3]
"""

from __future__ import annotations

import argparse
import functools
import time

from _common import best_of, verdict, write_section

from bridgescore.errors import BridgeError
from bridgescore.events.movements import Movement
from bridgescore.events.movements import spec as specs
from bridgescore.events.movements.limits import (
    MOST_BOARDS,
    MOST_BOARDS_PER_ROUND,
    MOST_PAIRS,
    MOST_ROUNDS,
    MOST_TABLES_IN_A_HOWELL,
    MOST_TABLES_IN_A_MOVEMENT,
)
from bridgescore.events.movements.spec import MovementSpec
from bridgescore.events.movements.suggest import suggest

LARGEST = [
    "mitchell:60x2",
    "mitchell:60x2:relay:switch",
    "mitchell:59x2:missing=ew",
    "howell:20x3",
    "howell:20x3:pairs=39",
    "appendix:60x2",
    "hesitation:59x2",
    "web:60x2",
]
"""The largest movement the limits allow of each kind (and of each Mitchell form)."""

FIELDS = [(MOST_PAIRS, MOST_BOARDS), (MOST_PAIRS, 24), (26, MOST_BOARDS), (8, MOST_BOARDS)]
"""``suggest`` at the limits: the most pairs and boards, and each at the limit alone."""

BEYOND = ["mitchell:400x40", "mitchell:61x2", "howell:21x2", "hesitation:60x2", "mitchell:43x3"]


def build_fresh(text: str) -> Movement:
    specs._built.cache_clear()
    return MovementSpec.parse(text).build()


def slowest_cut_short_howell() -> tuple[str, float, str]:
    """Every cut-short Howell of the most tables (each number of rounds, both fields)."""
    tables = MOST_TABLES_IN_A_HOWELL
    worst = ("", 0.0, "")
    for rounds in range(1, 2 * tables - 1):
        for pairs in (2 * tables, 2 * tables - 1):
            text = f"howell:{tables}x1:rounds={rounds}:pairs={pairs}"
            if pairs == 2 * tables:
                text = f"howell:{tables}x1:rounds={rounds}"
            specs._built.cache_clear()
            start = time.perf_counter()
            try:
                MovementSpec.parse(text).build()
                outcome = "built"
            except BridgeError:
                outcome = "refused (no cut-short Howell found)"
            took = time.perf_counter() - start
            if took > worst[1]:
                worst = (text, took, outcome)
    return worst


def refused_in(work: str | tuple[int, int]) -> float:
    start = time.perf_counter()
    try:
        if isinstance(work, str):
            MovementSpec.parse(work).build()
        else:
            suggest(*work)
    except BridgeError:
        return time.perf_counter() - start
    raise AssertionError(f"{work!r} was not refused")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rows = []
    slowest = howell_slowest = 0.0
    for text in LARGEST:
        movement = build_fresh(text)
        built = best_of(functools.partial(build_fresh, text), args.runs)
        proved = best_of(movement.problems, args.runs)
        slowest = max(slowest, built)
        if text.startswith("howell:"):
            howell_slowest = max(howell_slowest, built)
        rounds, boards = len(movement.rounds), len(movement.boards)
        rows.append(f"| `{text}` | {rounds} | {boards} | {built:.3f} s | {proved:.3f} s |")
    howell_text, howell_s, howell_outcome = slowest_cut_short_howell()
    fields = []
    for pairs, boards in FIELDS:
        start = time.perf_counter()
        count = len(suggest(pairs, boards))
        took = time.perf_counter() - start
        fields.append(f"| {pairs} pairs, {boards} boards | {count} | {took:.2f} s |")
    refusals = [f"| `{text}` | {refused_in(text) * 1e6:.0f} µs |" for text in BEYOND]
    for pairs, boards in ((400, 400), (MOST_PAIRS + 1, 24), (24, MOST_BOARDS + 1)):
        took = refused_in((pairs, boards))
        refusals.append(f"| `suggest({pairs}, {boards})` | {took * 1e6:.0f} µs |")
    start = time.perf_counter()
    specs.KINDS["mitchell"].build(400, 40, {})  # no limits: the generator itself
    unbounded = time.perf_counter() - start
    body = f"""
The limits: {MOST_TABLES_IN_A_MOVEMENT} tables ({MOST_TABLES_IN_A_HOWELL} for a Howell), \
{MOST_PAIRS} pairs, {MOST_BOARDS_PER_ROUND} boards a round, {MOST_ROUNDS} rounds, \
{MOST_BOARDS} boards in all (`docs/movements.md`).

The largest movement of each kind from its spec (best of {args.runs}; the spec cache
emptied before each run), and the time to prove it (`problems()`):

| spec | rounds | boards | built | proved |
|---|---|---|---|---|
{chr(10).join(rows)}

The slowest cut-short Howell of {MOST_TABLES_IN_A_HOWELL} tables (a cut-short Howell is \
searched for; each number of rounds, {2 * MOST_TABLES_IN_A_HOWELL} and \
{2 * MOST_TABLES_IN_A_HOWELL - 1} pairs, one run each): `{howell_text}`, {howell_s:.2f} s, \
{howell_outcome}.

`suggest` at the limits (one run: every candidate built, proved and balanced):

| field | suggestions | time |
|---|---|---|
{chr(10).join(fields)}

Beyond the limits, refused (one run each):

| request | refused in |
|---|---|
{chr(10).join(refusals)}

Before the limits, `mitchell:400x40` was built: {unbounded:.1f} s for the build alone (then
proved and stored by the web app's new session).

Target: the largest movement of each kind built in under 1 s: {verdict(slowest < 1.0)}
(slowest {slowest:.3f} s); the largest complete Howell built in under 0.1 s:
{verdict(howell_slowest < 0.1)} ({howell_slowest:.3f} s, {0.1 / howell_slowest:.0f} times
inside the limit).
"""
    write_section("movement-limits", "Movement size limits", body)


if __name__ == "__main__":
    main()
