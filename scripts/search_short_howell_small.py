"""Search, with OR-tools CP-SAT, the cut-short Howell of 4 tables in 5 rounds for 7 pairs
(issue 26): one that plays every set equally often, which ``howell`` refused before.

Needs the dev-only package ``ortools`` (``.venv/bin/pip install ortools``). Run by hand:

    nice -n 19 .venv/bin/python scripts/search_short_howell_small.py

The model: pairs 0 to 6, five rounds of three tables (one pair out a round), five sets of
which three are at a table every round, no set at two tables of a round, no pair twice in
a round, no pair playing a set twice, no two pairs meeting twice, every pair out at most
once and every set played three times. Five sets is the only count that can work: every
set played equally often over the 15 tables means 1, 3, 5 or 15 sets; a pair playing four
or five rounds without a set twice needs four or more, and with 15 a pair plays at most 5
of them (under 70 %). Round 1 is fixed as pairs 0-1, 2-3, 4-5 at sets 0, 1, 2 (pair 6
out): any schedule can be renamed so (``--free`` leaves it out).

It prints CP-SAT's status; on a schedule, the row of ``ROWS`` in
``short_howell_tables.py``: the even schedule's shape, pair 7 (shown as 8, the missing pair)
put beside the pair out on a set on the relay, a different one every round, so
``short_howell`` leaves that table out; then who sits North-South, annealed as in
``search_short_howell.py`` (``orient``).
"""

from __future__ import annotations

import random
import sys
from itertools import combinations, permutations

from ortools.sat.python import cp_model

sys.path.insert(0, "scripts")
from search_short_howell import orient

PAIRS, ROUNDS, SETS, TABLES = 7, 5, 5, 3
MISSING = 7
"""Pair 8 of the even field (counted from 0), missing with 7 pairs."""
LIMIT = 60.0
"""Seconds CP-SAT may take."""

Seat = tuple[int, int, int]


def solve(*, fixed: bool) -> tuple[str, list[list[Seat]] | None]:
    """CP-SAT's status and, if it found one, the rounds (pair, pair, set) of the schedule."""
    model = cp_model.CpModel()
    edges = list(combinations(range(PAIRS), 2))
    z = {
        (r, s, e): model.new_bool_var(f"z{r}_{s}_{e}")
        for r in range(ROUNDS)
        for s in range(SETS)
        for e in range(len(edges))
    }
    every = range(len(edges))
    for r in range(ROUNDS):
        for s in range(SETS):
            model.add(sum(z[r, s, e] for e in every) <= 1)  # no set at two tables
        model.add(sum(z[r, s, e] for s in range(SETS) for e in every) == TABLES)
        for p in range(PAIRS):
            mine = [e for e, (a, b) in enumerate(edges) if p in (a, b)]
            model.add(sum(z[r, s, e] for s in range(SETS) for e in mine) <= 1)
    for p in range(PAIRS):
        mine = [e for e, (a, b) in enumerate(edges) if p in (a, b)]
        for s in range(SETS):
            model.add(sum(z[r, s, e] for r in range(ROUNDS) for e in mine) <= 1)
        played = sum(z[r, s, e] for r in range(ROUNDS) for s in range(SETS) for e in mine)
        model.add(played >= ROUNDS - 1)  # out at most once
    for e in every:
        model.add(sum(z[r, s, e] for r in range(ROUNDS) for s in range(SETS)) <= 1)
    for s in range(SETS):
        model.add(sum(z[r, s, e] for r in range(ROUNDS) for e in every) == TABLES * ROUNDS // SETS)
    if fixed:
        for k in range(TABLES):
            model.add(z[0, k, edges.index((2 * k, 2 * k + 1))] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = LIMIT
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    name = solver.status_name(status)
    print(f"# CP-SAT {name} in {solver.wall_time:.2f} s (round 1 fixed: {fixed})", file=sys.stderr)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return name, None
    grid = [
        [(*edges[e], s) for s in range(SETS) for e in every if solver.value(z[r, s, e])]
        for r in range(ROUNDS)
    ]
    return name, grid


def with_missing_pair(grid: list[list[Seat]]) -> list[list[Seat]]:
    """Every round with a fourth table: the pair out against pair 7 on a relay set, a
    different set every round (pair 7 plays every set once, as in an even schedule)."""
    for order in permutations(range(SETS)):
        if all(order[r] not in {s for _a, _b, s in row} for r, row in enumerate(grid)):
            break
    else:
        raise LookupError("no relay set for the missing pair")
    rows: list[list[Seat]] = []
    for r, row in enumerate(grid):
        seated = {p for a, b, _s in row for p in (a, b)}
        (out,) = [p for p in range(PAIRS) if p not in seated]
        rows.append([*row, (out, MISSING, order[r])])
    return rows


def main() -> None:
    fixed = "--free" not in sys.argv
    name, grid = solve(fixed=fixed)
    print(f"# {name}")
    if grid is None:
        return
    rows = with_missing_pair(grid)
    _key, bits, fig = orient(rows, PAIRS + 1, ROUNDS, MISSING, 10.0, random.Random(405))
    print(f"    (4, 5, True): ({tuple(map(tuple, rows))}, {bits:#x}),")
    print(f"# 4 x 5 odd {fig}", file=sys.stderr)


if __name__ == "__main__":
    main()
