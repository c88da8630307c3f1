"""Search the 3/4 Howells stored in ``events/movements/three_quarter.py``.

A 3/4 Howell (bridgecentral.com, "ReducedHowell": a Howell in which the pairs do not
meet every other pair) of ``T`` tables plays ``S`` rounds of ``S`` sets, ``T < S < 2T - 1``:
the sets lie on the ``T`` tables and on ``S - T`` relay stands spread between them, and
move down one station a round, so every table plays every set once; every pair plays
every set once and meets ``S`` of the other ``2T - 1`` pairs, none twice. Pair ``2T``
sits NS at table 1 throughout. This script finds the seating with OR-Tools' CP-SAT
(a development-only package: ``.venv/bin/pip install ortools``), then turns tables
round to make the comparisons as even as it can (a hill climb on the balance quality
of ``docs/movements.md``), and prints the ``FOUND`` table to paste into the module:

    nice -n 10 .venv/bin/python scripts/search_three_quarter.py 6:9 7:11 ...

Each size is capped at a minute of solving (``SOLVE_SECONDS=300`` in the environment for more).
"""

from __future__ import annotations

import os
import random
import sys

from ortools.sat.python import cp_model

from bridgescore.events.movements.model import Movement, MovementKind, Round, Table
from bridgescore.events.movements.three_quarter import relay_stations


def solve(tables: int, sets: int, seconds: float) -> list[list[tuple[int, int]]] | None:
    pairs = 2 * tables
    place = relay_stations(tables, sets)
    model = cp_model.CpModel()
    x = {
        (p, r, t): model.new_bool_var(f"x{p}_{r}_{t}")
        for p in range(pairs)
        for r in range(sets)
        for t in range(tables)
    }
    for r in range(sets):
        for t in range(tables):
            model.add(sum(x[p, r, t] for p in range(pairs)) == 2)
        for p in range(pairs):
            model.add(sum(x[p, r, t] for t in range(tables)) == 1)
        model.add(x[pairs - 1, r, 0] == 1)
    for p in range(pairs):
        for s in range(sets):
            model.add(
                sum(
                    x[p, r, t]
                    for r in range(sets)
                    for t in range(tables)
                    if (place[t] + r) % sets == s
                )
                == 1
            )
    for p in range(pairs):
        for q in range(p + 1, pairs):
            meets = []
            for r in range(sets):
                for t in range(tables):
                    m = model.new_bool_var("")
                    model.add_bool_and([x[p, r, t], x[q, r, t]]).only_enforce_if(m)
                    model.add_bool_or([x[p, r, t].Not(), x[q, r, t].Not()]).only_enforce_if(m.Not())
                    meets.append(m)
            model.add(sum(meets) <= 1)
    # Round 1: table 1 pair 2T v pair 1, table t pairs 2t-2 v 2t-1 (a relabelling).
    model.add(x[0, 0, 0] == 1)
    for t in range(1, tables):
        model.add(x[2 * t - 1, 0, t] == 1)
        model.add(x[2 * t, 0, t] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    grid = []
    for r in range(sets):
        row = []
        for t in range(tables):
            here = [p + 1 for p in range(pairs) if solver.value(x[p, r, t])]
            row.append((here[1], here[0]) if pairs in here else (here[0], here[1]))
        grid.append(row)
    return grid


def movement(
    grid: list[list[tuple[int, int]]],
    tables: int,
    sets: int,
    place: tuple[int, ...] | None = None,
) -> Movement:
    if place is None:
        place = relay_stations(tables, sets)
    return Movement(
        kind=MovementKind.HOWELL,
        rounds=tuple(
            Round(
                tables=tuple(
                    Table(t + 1, str(ns), str(ew), ((place[t] + r) % sets + 1,))
                    for t, (ns, ew) in enumerate(row)
                )
            )
            for r, row in enumerate(grid)
        ),
    )


def orient(
    grid: list[list[tuple[int, int]]],
    tables: int,
    sets: int,
    place: tuple[int, ...] | None = None,
) -> list[list[tuple[int, int]]]:
    """Turn tables round (never table 1's stationary pair) while the quality improves."""
    rng = random.Random(26)
    best = [list(row) for row in grid]
    score = movement(best, tables, sets, place).balance().quality
    improved = True
    while improved:
        improved = False
        cells = [(r, t) for r in range(sets) for t in range(1, tables)]
        rng.shuffle(cells)
        for r, t in cells:
            ns, ew = best[r][t]
            best[r][t] = (ew, ns)
            trial = movement(best, tables, sets, place).balance().quality
            if trial > score + 1e-9:
                score, improved = trial, True
            else:
                best[r][t] = (ns, ew)
    return best


def main() -> None:
    print("FOUND: Final[dict[tuple[int, int], str]] = {")
    for item in sys.argv[1:]:
        tables, sets = map(int, item.split(":"))
        grid = solve(tables, sets, float(os.environ.get("SOLVE_SECONDS", "60")))
        if grid is None:
            print(f"    # {tables} tables, {sets} rounds: none found", flush=True)
            continue
        grid = orient(grid, tables, sets)
        balance = movement(grid, tables, sets).balance()
        print(
            f"    # {tables} tables, {sets} rounds (one board a set): compared"
            f" {balance.least}-{balance.most}, quality {balance.quality:.2f}"
        )
        print(f"    ({tables}, {sets}): (")
        for number, row in enumerate(grid):
            gap = " " if number < len(grid) - 1 else ""
            print('        "' + ",".join(f"{ns}-{ew}" for ns, ew in row) + gap + '"')
        print("    ),", flush=True)
    print("}")


if __name__ == "__main__":
    main()
