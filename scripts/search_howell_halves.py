"""Search 2- and 3-table Howells whose tables play two half-sets a round (CP-SAT).

Run by hand (needs ``ortools``, dev only: ``.venv/bin/pip install ortools``):

    nice -n 10 .venv/bin/python scripts/search_howell_halves.py

It prints, for 4, 5 and 6 pairs, a schedule or ``INFEASIBLE``; the rows go into
``HALVED_HOWELLS`` of ``src/bridgescore/events/movements/howell_tables.py`` (half-sets
renumbered in order of first play).

The meetings are the circle method's (6 pairs have one round-robin up to renaming). Each
set is split into two half-sets; every table plays two half-sets a round, one after the
other. The model asks: no half-set twice in a round (so no board is at two tables of a
round), every pair plays every half-set at most once and as many as its rounds allow,
every half-set is played equally often, and every two pairs play the same direction at
different tables on exactly ``target`` half-sets (a perfectly balanced Howell).
"""

from __future__ import annotations

import itertools

from ortools.sat.python import cp_model

Row = tuple[int, int, int, int]
"""One table of a round: North-South pair, East-West pair, first and second half-set."""


def rounds_of(pairs: int) -> list[list[tuple[int, int]]]:
    """The meetings of each round by the circle method (odd: pair ``r`` sits out round ``r``)."""
    n = pairs if pairs % 2 else pairs - 1
    out = []
    for r in range(n):
        tables = [] if pairs % 2 else [(pairs - 1, r)]
        for d in range(1, (n + 1) // 2):
            tables.append(((r + d) % n, (r - d) % n))
        out.append(tables)
    return out


def solve(pairs: int, target: int, seconds: float = 120.0) -> list[list[Row]] | None:
    meetings = rounds_of(pairs)
    rounds, tables = len(meetings), len(meetings[0])
    halves = 2 * rounds
    model = cp_model.CpModel()
    cell = range(rounds), range(tables), (0, 1), range(halves)
    x = {key: model.NewBoolVar("") for key in itertools.product(*cell)}
    north = {(r, k): model.NewBoolVar("") for r in range(rounds) for k in range(tables)}
    for r in range(rounds):
        for k in range(tables):
            for s in (0, 1):
                model.AddExactlyOne(x[r, k, s, h] for h in range(halves))
        for h in range(halves):
            model.AddAtMostOne(x[r, k, s, h] for k in range(tables) for s in (0, 1))
    ns = {(p, h): model.NewBoolVar("") for p in range(pairs) for h in range(halves)}
    ew = {(p, h): model.NewBoolVar("") for p in range(pairs) for h in range(halves)}
    as_ns: dict[tuple[int, int], list[cp_model.IntVar]] = {key: [] for key in ns}
    as_ew: dict[tuple[int, int], list[cp_model.IntVar]] = {key: [] for key in ns}
    for r, k, s, h in x:
        a, b = meetings[r][k]
        first_ns = model.NewBoolVar("")
        model.AddMultiplicationEquality(first_ns, [x[r, k, s, h], north[r, k]])
        second_ns = model.NewBoolVar("")
        model.Add(second_ns == x[r, k, s, h] - first_ns)
        as_ns[a, h].append(first_ns)
        as_ew[a, h].append(second_ns)
        as_ns[b, h].append(second_ns)
        as_ew[b, h].append(first_ns)
    for key in ns:
        model.Add(ns[key] == sum(as_ns[key]))
        model.Add(ew[key] == sum(as_ew[key]))
        model.Add(ns[key] + ew[key] <= 1)  # a half-set once at most
    per_pair = 2 * (rounds if pairs % 2 == 0 else rounds - 1)
    for p in range(pairs):
        model.Add(sum(ns[p, h] + ew[p, h] for h in range(halves)) == per_pair)
    for h in range(halves):
        players = 2 * (rounds * tables * 2 // halves)  # two pairs a table
        model.Add(sum(ns[p, h] + ew[p, h] for p in range(pairs)) == players)
    for p, q in itertools.combinations(range(pairs), 2):
        same = []
        for h in range(halves):
            for side in (ns, ew):
                both = model.NewBoolVar("")
                model.AddMultiplicationEquality(both, [side[p, h], side[q, h]])
                same.append(both)
        model.Add(sum(same) == target)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    if solver.Solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    out = []
    for r in range(rounds):
        row = []
        for k in range(tables):
            a, b = meetings[r][k]
            first, second = (
                next(h for h in range(halves) if solver.Value(x[r, k, s, h])) for s in (0, 1)
            )
            row.append(
                (a, b, first, second) if solver.Value(north[r, k]) else (b, a, first, second)
            )
        out.append(row)
    return out


def main() -> None:
    for pairs, target in ((4, 2), (5, 2), (6, 4)):
        found = solve(pairs, target)
        print(pairs, "INFEASIBLE" if found is None else found)


if __name__ == "__main__":
    main()
