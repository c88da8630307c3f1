"""Search, with OR-tools CP-SAT, the cut-short Howells that have no cyclic skeleton
(``scripts/search_short_howell.py``): explicit schedules for ``short_howell_tables.py``.

Needs the dev-only package ``ortools`` (``.venv/bin/pip install ortools``). Run by hand:

    nice -n 10 .venv/bin/python scripts/search_short_howell_sat.py 4:4 4:5 9:7 > /tmp/rows.py

Each argument is ``tables:rounds``. Where ``rounds >= tables`` there are ``R`` sets, each
played at ``T`` tables, and every pair plays every set once (with an odd number of pairs
the missing pair ``2T`` is left out, and its opponent sits out). With fewer rounds than
tables there are ``T`` sets, all in play every round (played ``R`` times each); the odd
field then gets its own schedule: ``T - 1`` sets at ``T - 1`` tables, one pair sitting
out each round. The model asks every round to be a set of tables with different sets,
no pair twice in a round, no pair playing a set twice and no two pairs meeting twice;
then who sits North-South is annealed as in ``search_short_howell.py``.
"""

from __future__ import annotations

import random
import sys
from itertools import combinations

from ortools.sat.python import cp_model

sys.path.insert(0, "scripts")
from search_short_howell import orient

Seat = tuple[int, int, int]
LIMIT = 240.0
"""Seconds CP-SAT may take for one schedule."""


def schedule(pairs: int, rounds: int, sets: int, tables: int, seed: int) -> list[list[Seat]]:
    """``rounds`` rounds of ``tables`` tables each, every set played as often."""
    model = cp_model.CpModel()
    edges = list(combinations(range(pairs), 2))
    z = {
        (r, s, e): model.new_bool_var(f"z{r}_{s}_{e}")
        for r in range(rounds)
        for s in range(sets)
        for e in range(len(edges))
    }
    plays = tables * rounds // sets
    for r in range(rounds):
        for s in range(sets):
            model.add(sum(z[r, s, e] for e in range(len(edges))) <= 1)
        model.add(sum(z[r, s, e] for s in range(sets) for e in range(len(edges))) == tables)
        for p in range(pairs):
            mine = [e for e, (a, b) in enumerate(edges) if p in (a, b)]
            model.add(sum(z[r, s, e] for s in range(sets) for e in mine) <= 1)
    for p in range(pairs):
        mine = [e for e, (a, b) in enumerate(edges) if p in (a, b)]
        for s in range(sets):
            model.add(sum(z[r, s, e] for r in range(rounds) for e in mine) <= 1)
        # sit out at most once
        model.add(
            sum(z[r, s, e] for r in range(rounds) for s in range(sets) for e in mine) >= rounds - 1
        )
    for e in range(len(edges)):
        model.add(sum(z[r, s, e] for r in range(rounds) for s in range(sets)) <= 1)
    for s in range(sets):
        model.add(sum(z[r, s, e] for r in range(rounds) for e in range(len(edges))) == plays)
    # first round fixed: pairs 2k, 2k+1 at set k; sets named so that pair 0 plays set r
    # in round r (it plays a different set every round)
    for k in range(tables):
        model.add(z[0, k, edges.index((2 * k, 2 * k + 1))] == 1)
    if pairs % 2 == 0:
        mine = [e for e, (a, _b) in enumerate(edges) if a == 0]
        for r in range(1, rounds):
            model.add(sum(z[r, r, e] for e in mine) == 1)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = LIMIT
    solver.parameters.random_seed = seed
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise LookupError(f"no schedule: {pairs} pairs, {rounds} rounds, {sets} sets")
    grid: list[list[Seat]] = []
    for r in range(rounds):
        row = [
            (*edges[e], s)
            for s in range(sets)
            for e in range(len(edges))
            if solver.value(z[r, s, e])
        ]
        grid.append(row)
    return grid


def main() -> None:
    seconds = 6.0
    for arg in sys.argv[1:]:
        tables, rounds = map(int, arg.split(":"))
        try:
            _one(tables, rounds, seconds)
        except LookupError as error:
            print(f"# {tables} x {rounds}: {error}", file=sys.stderr, flush=True)


def _one(tables: int, rounds: int, seconds: float) -> None:
    if True:
        rng = random.Random(tables * 100 + rounds)
        fields = [(False, 2 * tables)]
        if rounds >= 4:
            fields.append((True, 2 * tables - 1))
        for odd, pairs in fields:
            if rounds >= tables:
                if odd:
                    continue  # the even schedule without pair 2T
                grid = schedule(pairs, rounds, rounds, tables, rng.randrange(1000))
                _key, bits, fig = orient(grid, pairs, rounds, None, seconds, rng)
                print(
                    f"    ({tables}, {rounds}, False): ({tuple(map(tuple, grid))}, {bits:#x}),",
                    flush=True,
                )
                print(f"# {tables} x {rounds} even {fig}", file=sys.stderr, flush=True)
                if rounds >= 4:
                    _key, bits, fig = orient(grid, pairs, rounds, pairs - 1, seconds, rng)
                    print(
                        f"    ({tables}, {rounds}, True): ({tuple(map(tuple, grid))}, {bits:#x}),",
                        flush=True,
                    )
                    print(f"# {tables} x {rounds} odd {fig}", file=sys.stderr, flush=True)
            else:
                playing = tables - 1 if odd else tables
                if 10 * (rounds - odd) < 7 * playing:
                    continue  # a pair would play under 70 % of the boards
                sets = playing
                grid = schedule(pairs, rounds, sets, playing, rng.randrange(1000))
                _key, bits, fig = orient(grid, pairs, sets, None, seconds, rng)
                print(
                    f"    ({tables}, {rounds}, {odd}): ({tuple(map(tuple, grid))}, {bits:#x}),",
                    flush=True,
                )
                print(
                    f"# {tables} x {rounds} {'odd' if odd else 'even'} {fig}",
                    file=sys.stderr,
                    flush=True,
                )


if __name__ == "__main__":
    main()
