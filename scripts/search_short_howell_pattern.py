"""Search, with OR-tools CP-SAT, the cut-short Howells that neither a cyclic skeleton
(``search_short_howell.py``) nor a free CP-SAT search (``search_short_howell_sat.py``)
reached: who meets whom is fixed by the patterned starter, only the sets are searched.

Needs the dev-only package ``ortools``. Run by hand (gcc builds the annealer):

    nice -n 10 .venv/bin/python scripts/search_short_howell_pattern.py 11:8 12:10 > /tmp/p.py
    nice -n 10 .venv/bin/python scripts/search_short_howell_pattern.py latin 12 16 20 1 > /tmp/l.py

Each argument is ``tables:rounds``; each found schedule is printed as a ``PATTERNED`` entry
of ``src/bridgescore/events/movements/short_howell_patterned.py`` (sets as base-36 digits,
round by round and table by table; turned tables as hexadecimal, bit ``round * width +
table``).

Who meets whom: the first ``R`` rounds of the patterned one-factorisation of ``2T`` pairs
(pairs ``0`` to ``2T - 2`` on a circle, pair ``2T - 1`` in its centre): in round ``r`` pair
``r`` meets the centre pair and pairs ``r + i`` and ``r - i`` (modulo ``2T - 1``) meet at
table ``i``, so no two pairs meet twice. With an odd number of pairs and fewer rounds than
tables the centre pair is missing: pair ``r`` sits out in round ``r`` and ``T - 1`` tables
play. CP-SAT then names a set for every table: different sets at the tables of a round, no
pair playing a set twice. With ``R >= T`` there are ``R`` sets (every pair plays every set
once, each played at ``T`` tables; the odd field leaves out the centre pair, whose
opponent sits out); with ``R < T`` there are as many sets as tables in play, all in play
every round. Who sits North-South is then annealed as in ``search_short_howell.py``; a few
set assignments are tried and the best kept (spread of comparisons, then sum of squares).
"""

from __future__ import annotations

import random
import string
import sys
import time

from ortools.sat.python import cp_model

sys.path.insert(0, "scripts")
import search_short_howell
from search_short_howell import orient

Seat = tuple[int, int, int]
DIGITS = string.digits + string.ascii_lowercase
LIMIT = 15.0
"""Seconds CP-SAT may take for one set assignment."""


def meetings(tables: int, rounds: int, odd: bool) -> list[list[tuple[int, int]]]:
    """Who meets whom, table by table: the patterned starter's first ``rounds`` rounds."""
    n = 2 * tables - 1
    grid = []
    for r in range(rounds):
        row = [] if odd and rounds < tables else [(n, r)]
        row += [((r + i) % n, (r - i) % n) for i in range(1, tables)]
        grid.append(row)
    return grid


def sets_for(meet: list[list[tuple[int, int]]], sets: int, seed: int) -> list[list[Seat]] | None:
    """A set for every table: different in a round, never twice for a pair."""
    model = cp_model.CpModel()
    var = [
        [model.new_int_var(0, sets - 1, f"s{r}_{k}") for k in range(len(row))]
        for r, row in enumerate(meet)
    ]
    seats: dict[int, list[cp_model.IntVar]] = {}
    for r, row in enumerate(meet):
        model.add_all_different(var[r])
        for k, (a, b) in enumerate(row):
            seats.setdefault(a, []).append(var[r][k])
            seats.setdefault(b, []).append(var[r][k])
    for mine in seats.values():
        model.add_all_different(mine)
    for k in range(len(meet[0])):
        model.add(var[0][k] == k)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = LIMIT
    solver.parameters.random_seed = seed
    solver.parameters.num_workers = 1
    solver.parameters.randomize_search = True
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [
        [(a, b, solver.value(var[r][k])) for k, (a, b) in enumerate(row)]
        for r, row in enumerate(meet)
    ]


def one(tables: int, rounds: int, odd: bool, tries: int, seconds: float) -> None:
    pairs = 2 * tables - odd
    short = rounds < tables
    meet = meetings(tables, rounds, odd)
    sets = len(meet[0]) if short else rounds
    missing = 2 * tables - 1 if odd and not short else None
    rng = random.Random(tables * 1000 + rounds * 10 + odd)
    search_short_howell.STEPS = 3000 if tables <= 13 else 400
    best = None
    start = time.time()
    for attempt in range(tries):
        grid = sets_for(meet, sets, rng.randrange(1 << 30))
        if grid is None:
            print(
                f"# {tables} x {rounds} odd={odd}: no sets (try {attempt})",
                file=sys.stderr,
                flush=True,
            )
            continue
        key, bits, fig = orient(
            grid, 2 * tables if not short else pairs, sets, missing, seconds, rng
        )
        if best is None or key < best[0]:
            best = (key, bits, fig, grid)
    if best is None:
        print(f"# {tables} x {rounds} odd={odd}: none", file=sys.stderr, flush=True)
        return
    key, bits, fig, grid = best
    digits = "".join(DIGITS[s] for row in grid for _a, _b, s in row)
    print(f'    ({tables}, {rounds}, {odd}): ("{digits}", "{bits:x}"),', flush=True)
    print(
        f"# {tables} x {rounds} odd={odd}: {fig} in {time.time() - start:.0f} s",
        file=sys.stderr,
        flush=True,
    )


def main() -> None:
    tries = 3
    seconds = 2.0
    for arg in sys.argv[1:]:
        if arg.startswith("tries="):
            tries = int(arg[6:])
            continue
        if arg.startswith("seconds="):
            seconds = float(arg[8:])
            continue
        tables, rounds = map(int, arg.split(":"))
        for odd in (False, True):
            playing = tables - 1 if odd and rounds < tables else tables
            played = rounds - 1 if odd else rounds
            in_use = playing if rounds < tables else rounds
            if 10 * played < 7 * in_use:
                print(f"# {tables} x {rounds} odd={odd}: under 70 %", file=sys.stderr, flush=True)
                continue
            one(tables, rounds, odd, tries, seconds)


def latin_main(orders: list[int], seconds: float) -> None:
    """``latin 12 16 20``: orient the Latin schedules (``T`` rounds, even and odd pairs;
    ``T - 1`` rounds, even pairs) and print their ``LATIN`` entries."""
    sys.path.insert(0, "src")
    from bridgescore.events.movements.short_howell_patterned import latin

    for tables in orders:
        search_short_howell.STEPS = 400
        for rounds, odd in ((tables, False), (tables, True), (tables - 1, False)):
            rng = random.Random(tables * 1000 + rounds * 10 + odd)
            grid = latin(tables, rounds)
            missing = 2 * tables - 1 if odd else None
            _key, bits, fig = orient(grid, 2 * tables, tables, missing, seconds, rng)
            print(f'    ({tables}, {rounds}, {odd}): "{bits:x}",', flush=True)
            print(f"# latin {tables} x {rounds} odd={odd}: {fig}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "latin":
        latin_main([int(a) for a in sys.argv[2:-1]], float(sys.argv[-1]))
    else:
        main()
