"""Search base rounds of cyclic whist tournaments for the individual movements.

A whist tournament Wh(v) seats v players at tables of four so that every two players are
partners exactly once and opponents exactly twice. The cyclic ones (Z-cyclic) are one base
round developed round a circle:

* v = 4n + 1: players 0..v-1 (the circle Z_v); the base round seats every player but 0
  (who sits out) at n tables; round r adds r to every player.
* v = 4n: players 0..v-2 on the circle Z_(v-1) and player v-1 (infinity) who never moves.

The base round must give every non-zero difference once as partners (N-S, E-W) and twice
as opponents. Asked for ``--directed``, every difference must also come once as a
left-hand opponent (N to E, E to S, S to W, W to N): each player then has every other once
on the left and once on the right (the EBU's third criterion, John Pain, "Unusual (but
useful) Movements for Clubs", https://www.ebu.co.uk/newsletters/?id=11&page=10&print=1).

Each table also gets a board set s so that ``s - x`` differs for every player x of the
base round: then no player meets a set twice.

Run (plain Python, no extra package):

    .venv/bin/python scripts/search_individual.py 5 8 9 12 13 16 17 20 21 24 25

It prints the ``WHIST_BASE_ROUNDS`` and ``WHIST_SETS`` entries for ``individual_tables.py``.

Two more searches, for the stored 16-player movement:

    .venv/bin/python scripts/search_individual.py --packing 16 7
        places 20 sets at the tables (``WHIST_TABLE_SETS``), each at three tables of
        three rounds, no player meeting a set twice, every two players at tables playing
        one set at least 7 times (needs ``ortools``, a dev-only package: CP-SAT; about
        a minute);
    .venv/bin/python scripts/search_individual.py --turns 16
        turns tables one seat round while that evens rivals and allies (``WHIST_TURNS``;
        the library itself, no extra package).
"""

from __future__ import annotations

import random
import sys
import time


def group(moduli: tuple[int, ...]) -> tuple[list[list[int]], list[list[int]]]:
    """The sum and difference tables of Z_a x Z_b x ... (elements numbered mixed-radix)."""
    size = 1
    for q in moduli:
        size *= q

    def digits(x: int) -> list[int]:
        out = []
        for q in reversed(moduli):
            out.append(x % q)
            x //= q
        return out[::-1]

    def number(ds: list[int]) -> int:
        x = 0
        for q, d in zip(moduli, ds, strict=False):
            x = x * q + d % q
        return x

    plus = [
        [number([a + b for a, b in zip(digits(x), digits(y), strict=False)]) for y in range(size)]
        for x in range(size)
    ]
    minus = [
        [number([a - b for a, b in zip(digits(x), digits(y), strict=False)]) for y in range(size)]
        for x in range(size)
    ]
    return plus, minus


def search(
    players: int, directed: bool, seed: int, limit: float, moduli: tuple[int, ...] | None = None
) -> tuple[list[list[int]], list[int]] | None:
    """A base round (tables of N, E, S, W; infinity is ``players - 1`` when players = 4n)."""
    rng = random.Random(seed)
    odd = players % 4 == 1
    m = players if odd else players - 1
    moduli = moduli or (m,)
    _plus, minus = group(moduli)
    neg = [minus[0][x] for x in range(m)]
    found_sets: list[int] = []
    inf = -1 if odd else players - 1
    tables = players // 4
    elements = list(range(1, m)) if odd else [*list(range(m)), inf]
    partner = [0] * m
    opponent = [0] * m
    left = [0] * m
    slots: list[int] = [0] * (4 * tables)
    used: set[int] = set()
    deadline = time.monotonic() + limit

    def diff(a: int, b: int) -> int | None:
        if a == inf or b == inf:
            return None
        return minus[a][b]

    def add(count: list[int], d: int | None, most: int, step: int) -> bool:
        if d is None:
            return True
        count[d] += step
        count[neg[d]] += step if d != neg[d] else 0
        return count[d] <= most and count[neg[d]] <= most

    def place(i: int, x: int, step: int) -> bool:
        """Add (or take back, step -1) x in slot i; False when a count overflows."""
        seat = i % 4
        base = i - seat
        ok = True
        # the seats already filled at this table
        for j in range(seat):
            y = slots[base + j]
            if (seat - j) == 2:
                ok = add(partner, diff(x, y), 1, step) and ok
            else:
                ok = add(opponent, diff(x, y), 2, step) and ok
        if directed:
            # left-hand opponent: N->E, E->S, S->W, W->N; counted one way only
            if seat >= 1:
                d = diff(x, slots[base + seat - 1])
                if d is not None:
                    left[d] += step
                    ok = left[d] <= 1 and ok
            if seat == 3:
                d = diff(slots[base], x)
                if d is not None:
                    left[d] += step
                    ok = left[d] <= 1 and ok
        return ok

    def go(i: int) -> bool:
        if time.monotonic() > deadline:
            raise TimeoutError
        if i == len(slots):
            rounds = [slots[4 * t : 4 * t + 4] for t in range(tables)]
            sets = board_sets(rounds, m, inf, minus)
            if sets is None:
                return False
            found_sets[:] = sets
            return True
        if i % 4 == 0:
            candidates = [min(x for x in elements if x not in used)]
        else:
            candidates = [x for x in elements if x not in used]
            rng.shuffle(candidates)
        for x in candidates:
            slots[i] = x
            used.add(x)
            if place(i, x, 1) and go(i + 1):
                return True
            place(i, x, -1)
            used.discard(x)
        return False

    try:
        if not go(0):
            return None
    except TimeoutError:
        return None
    rounds = [slots[4 * t : 4 * t + 4] for t in range(tables)]
    return rounds, list(found_sets)


def board_sets(
    rounds: list[list[int]], m: int, inf: int, minus: list[list[int]]
) -> list[int] | None:
    """A set per table (all different) so that s - x differs for every finite x of the
    base round: every set tried, table by table (a depth-first search)."""
    chosen: list[int] = []
    taken: set[int] = set()

    def go(t: int) -> bool:
        if t == len(rounds):
            return True
        finite = [x for x in rounds[t] if x != inf]
        for s in range(m):
            if s in chosen:
                continue
            keys = {minus[s][x] for x in finite}
            if len(keys) == len(finite) and not keys & taken:
                chosen.append(s)
                taken.update(keys)
                if go(t + 1):
                    return True
                chosen.pop()
                taken.difference_update(keys)
        return False

    return chosen if go(0) else None


def main() -> None:
    for text in sys.argv[1:]:
        players = int(text)
        moduli = (3, 3) if players == 9 else (5, 5) if players == 25 else None
        found = None
        for directed in (True, False):
            for seed in range(20):
                found = search(players, directed, seed, 3.0, moduli)
                if found:
                    break
            if found:
                break
        if found is None:
            print(f"# {players}: not found", flush=True)
            continue
        rounds, sets = found
        rows = ", ".join(
            f"({', '.join(map(str, t))}, {s})" for t, s in zip(rounds, sets, strict=False)
        )
        print(f"    {players}: ({rows},),  # directed={directed} {moduli}", flush=True)


def resolve_sets(
    rounds: list[list[int]], players: int, seed: int, limit: float
) -> list[list[int]] | None:
    """For v = 4n (cyclic sets impossible at 8 players, and rare above): a set for each
    table of each round, every set played once by every player: the tables playing one set
    are one of each of n rounds and seat every player once (an exact cover, searched
    depth first with the most constrained table first). ``result[r][j]`` is the set of
    table j in round r (rounds as :func:`develop` gives them)."""
    rng = random.Random(seed)
    m = players - 1
    inf = players - 1
    tables = players // 4
    seated = [
        [frozenset(inf if x == inf else (x + r) % m for x in table) for table in rounds]
        for r in range(m)
    ]
    slots = [(r, j) for r in range(m) for j in range(tables)]
    free = set(slots)
    result = [[-1] * tables for _ in range(m)]
    deadline = time.monotonic() + limit

    def go(set_no: int) -> bool:
        if time.monotonic() > deadline:
            raise TimeoutError
        if not free:
            return True
        # the set must include the infinity player's table of some round: take the first free
        start = min(free)
        return extend(set_no, [start], seated[start[0]][start[1]], {start[0]})

    def extend(
        set_no: int, chosen: list[tuple[int, int]], who: frozenset[int], used: set[int]
    ) -> bool:
        if len(chosen) == tables:
            for r, j in chosen:
                result[r][j] = set_no
                free.discard((r, j))
            if go(set_no + 1):
                return True
            for r, j in chosen:
                result[r][j] = -1
                free.add((r, j))
            return False
        options = [
            s
            for s in free
            if s[0] not in used and s > chosen[-1] and not (seated[s[0]][s[1]] & who)
        ]
        rng.shuffle(options)
        for s in options:
            if extend(set_no, [*chosen, s], who | seated[s[0]][s[1]], used | {s[0]}):
                return True
        return False

    try:
        return result if go(0) else None
    except TimeoutError:
        return None


def main_even() -> None:
    """``--even 8 12 16 20``: a cyclic base round and an exact cover of its sets."""
    for text in sys.argv[2:]:
        players = int(text)
        done = False
        for seed in range(40):
            base = search_players(players, seed)
            if base is None:
                continue
            sets = resolve_sets(base, players, seed, 20.0)
            if sets is not None:
                print(f"    {players}: {base!r},", flush=True)
                print(f"    # sets {players}: {sets!r}", flush=True)
                done = True
                break
        if not done:
            print(f"# {players}: not found", flush=True)


def search_players(players: int, seed: int) -> list[list[int]] | None:
    """A cyclic base round alone (no board condition), directed when one is found."""
    global board_sets
    keep = board_sets
    board_sets = lambda rounds, m, inf, minus: []  # noqa: E731
    try:
        for directed in (True, False):
            found = search(players, directed, seed, 3.0)
            if found:
                return found[0]
        return None
    finally:
        board_sets = keep


def packing(players: int, least: int, seconds: float = 300.0) -> list[list[int]] | None:
    """20 sets for the stored 16-player rounds: each set at three tables of three rounds,
    no player twice, every two players at tables of one set at least ``least`` times."""
    import itertools

    from ortools.sat.python import cp_model

    from bridgescore.events.movements.individual_tables import WHIST_BASE_ROUNDS

    base = [list(t) for t in WHIST_BASE_ROUNDS[players]]
    m = players - 1
    rounds = [[frozenset(x if x == m else (x + r) % m for x in t) for t in base] for r in range(m)]
    tables, sets, plays = len(base), players + players // 4, 3
    trs = [(r, t) for r, rnd in enumerate(rounds) for t in rnd]
    md = cp_model.CpModel()
    x = {(i, k): md.NewBoolVar("") for i in range(len(trs)) for k in range(sets)}
    for i in range(len(trs)):
        md.AddExactlyOne(x[i, k] for k in range(sets))
    for k in range(sets):
        md.Add(sum(x[i, k] for i in range(len(trs))) == plays)
        for r in range(m):
            md.AddAtMostOne(x[i, k] for i, tr in enumerate(trs) if tr[0] == r)
        for p in range(players):
            md.AddAtMostOne(x[i, k] for i, tr in enumerate(trs) if p in tr[1])
    for j in range(tables):
        md.Add(x[j, j] == 1)
    together: dict[tuple[int, int], cp_model.IntVar] = {}
    for i, i2 in itertools.combinations(range(len(trs)), 2):
        if trs[i][0] == trs[i2][0] or trs[i][1] & trs[i2][1]:
            continue
        both = []
        for k in range(sets):
            a = md.NewBoolVar("")
            md.AddBoolAnd([x[i, k], x[i2, k]]).OnlyEnforceIf(a)
            md.AddBoolOr([x[i, k].Not(), x[i2, k].Not()]).OnlyEnforceIf(a.Not())
            both.append(a)
        z = md.NewBoolVar("")
        md.Add(sum(both) == z)
        together[i, i2] = z
    for a, b in itertools.combinations(range(players), 2):
        md.Add(
            sum(
                z
                for (i, i2), z in together.items()
                if (a in trs[i][1] and b in trs[i2][1]) or (b in trs[i][1] and a in trs[i2][1])
            )
            >= least
        )
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 2
    if solver.Solve(md) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [
        [next(k for k in range(sets) if solver.Value(x[r * tables + j, k])) for j in range(tables)]
        for r in range(m)
    ]


def turns(players: int) -> list[tuple[int, int]]:
    """Tables to turn one seat round (everyone one seat clockwise), found by hill climbing
    on the sum of ``|same - opposite|`` of the stored movement without turns."""
    from bridgescore.events.movements import individual
    from bridgescore.events.movements.individual import (
        IndividualMovement,
        IndividualRound,
        IndividualTable,
        whist_individual,
    )

    keep = individual.WHIST_TURNS.pop(players, None)
    individual._whist.cache_clear()
    plain = whist_individual(players, 1)
    if keep is not None:
        individual.WHIST_TURNS[players] = keep
    individual._whist.cache_clear()

    def turned(flips: set[tuple[int, int]]) -> IndividualMovement:
        rounds = []
        for r, rnd in enumerate(plain.rounds):
            seated = []
            for t in rnd.tables:
                if (r, t.table - 1) in flips:
                    t = IndividualTable(t.table, t.west, t.north, t.east, t.south, t.boards)
                seated.append(t)
            rounds.append(IndividualRound(tuple(seated), rnd.sit_outs, rnd.relay))
        return IndividualMovement(tuple(rounds), plain.shared)

    def cost(flips: set[tuple[int, int]]) -> int:
        return sum(abs(m.same - m.opposite) for _a, _b, m in turned(flips).balance().players)

    candidates = [(r, j) for r, rnd in enumerate(plain.rounds) for j in range(len(rnd.tables))]
    rng = random.Random(1)
    flips: set[tuple[int, int]] = set()
    best = cost(flips)
    better = True
    while better:
        better = False
        rng.shuffle(candidates)
        for flip in candidates:
            trial = flips ^ {flip}
            found = cost(trial)
            if found < best:
                flips, best, better = trial, found, True
    return sorted(flips)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--even"]:
        main_even()
    elif sys.argv[1:2] == ["--packing"]:
        print(packing(int(sys.argv[2]), int(sys.argv[3])))
    elif sys.argv[1:2] == ["--turns"]:
        print(turns(int(sys.argv[2])))
    else:
        main()
