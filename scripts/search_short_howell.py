"""Search cut-short Howells that play every board set equally often (``short_howell_tables.py``).

Run by hand (no extra package needed; a few minutes on one core):

    nice -n 10 .venv/bin/python scripts/search_short_howell.py 2 13 3 > /tmp/cyclic.py

(from 2 to 13 tables, about 3 seconds a schedule; gcc builds the annealer's inner loop) and
copy the printed ``SKELETONS`` and ``TURNED`` entries into
``src/bridgescore/events/movements/short_howell_tables.py`` (which keeps each ``TURNED``
number as hexadecimal text in 64-digit pieces). From 14 tables the search is shorter (one
skeleton, 400 annealing steps a table); ``polish TABLES:ROUNDS ... SECONDS`` orients stored
schedules again for longer and prints the better ones.

For ``T`` tables and ``R`` rounds (``T <= R <= 2T - 2``) the skeleton is cyclic on ``R``
places: ``R`` moving pairs and ``R`` sets advance by one a round, ``2T - R`` stationary pairs
stay at their tables. Its first round (the *base round*) fixes it: ``R - T`` tables of two
moving pairs whose differences are ``±1`` to ``±(R - 1)`` at most once each (never ``R/2``:
those two would meet twice), and ``2T - R`` tables of a stationary pair and a moving pair;
every table has a different set, and ``set - pair`` is different at every moving seat, so
every pair plays every set once and every set is played at ``T`` tables (``T - 1`` with an
odd number of pairs: the stationary pair ``2T`` is missing and its opponent sits out).

Who sits North-South is then chosen table by table and round by round (not cyclically: the
stationary pairs would always face the same way) by simulated annealing on the comparisons:
first that every two pairs are compared on as near the mean number of sets as possible
(least and most one apart where it can be), then the least sum of squares of the pjms.nl
two-pair scores (``Balance.quality``).
"""

# ruff: noqa: B023, E501
# (closures of the depth-first searches bind their loop's state on purpose; the C source is long)

from __future__ import annotations

import ctypes
import math
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

Seat = tuple[int, int, int]

ANNEAL_C = r"""
#include <stdlib.h>
#include <math.h>
#include <string.h>
static unsigned long long rs;
static inline unsigned long long rnd(void){rs^=rs<<13;rs^=rs>>7;rs^=rs<<17;return rs;}
static inline double urand(void){return (rnd()>>11)*(1.0/9007199254740992.0);}
static int P,S,C,T_,LO,HI,W; static int *A,*B,*Sv,*D,*G,*N,*M,*act;
static inline long pen(int p,int q,int g){int same=(N[p*P+q]+g)/2;int out=same<LO?LO-same:(same>HI?same-HI:0);long sc=g+T_*M[p*P+q];return (long)W*out*out+sc*sc;}
static long delta(int c){int a=A[c],b=B[c],s=Sv[c];int da=D[a*S+s];long ch=0;
 for(int x=0;x<P;x++){if(!act[x]||x==a||x==b)continue;int dx=D[x*S+s];if(!dx)continue;int st=2*da*dx;
  int ga=G[a*P+x],gb=G[b*P+x];ch+=pen(a,x,ga-st)-pen(a,x,ga)+pen(b,x,gb+st)-pen(b,x,gb);}return ch;}
static void flip(int c){int a=A[c],b=B[c],s=Sv[c];int da=D[a*S+s];
 for(int x=0;x<P;x++){if(!act[x]||x==a||x==b)continue;int dx=D[x*S+s];if(!dx)continue;int st=2*da*dx;
  G[a*P+x]-=st;G[x*P+a]-=st;G[b*P+x]+=st;G[x*P+b]+=st;}D[a*S+s]=-da;D[b*S+s]=da;}
static long total(void){long c=0;for(int p=0;p<P;p++)if(act[p])for(int q=p+1;q<P;q++)if(act[q])c+=pen(p,q,G[p*P+q]);return c;}
/* flips: in/out (initial orientation, best found) */
long anneal(int P_,int S_,int C_,int*A_,int*B_,int*S2,int*act_,int*N_,int*M_,int t,int lo,int hi,int w,
            double hot,double cold,long steps,unsigned long long seed,int*flips){
 P=P_;S=S_;C=C_;A=A_;B=B_;Sv=S2;act=act_;N=N_;M=M_;T_=t;LO=lo;HI=hi;W=w;rs=seed*2654435761ULL+1;
 D=calloc(P*S,sizeof(int));G=calloc(P*P,sizeof(int));
 for(int c=0;c<C;c++){int f=flips[c];D[A[c]*S+Sv[c]]=f?-1:1;D[B[c]*S+Sv[c]]=f?1:-1;}
 for(int p=0;p<P;p++)for(int q=0;q<P;q++){int g=0;for(int s=0;s<S;s++)g+=D[p*S+s]*D[q*S+s];G[p*P+q]=g;}
 int*cur=malloc(C*sizeof(int));memcpy(cur,flips,C*sizeof(int));
 long cost=total(),best=cost;
 for(long i=0;i<steps;i++){double temp=hot*pow(cold/hot,(double)i/steps);int c=rnd()%C;long d=delta(c);
  if(d<=0||urand()<exp(-d/temp)){flip(c);cur[c]^=1;cost+=d;if(cost<best){best=cost;memcpy(flips,cur,C*sizeof(int));}}}
 free(D);free(G);free(cur);return best;}
"""
"""The annealer's inner loop in C (``gcc`` builds it when the script starts): the same
moves and cost as :class:`Annealer`, a hundred times faster."""


def _compiled() -> ctypes.CDLL:
    folder = Path(tempfile.mkdtemp())
    (folder / "anneal.c").write_text(ANNEAL_C)
    subprocess.run(
        [
            "gcc",
            "-O2",
            "-shared",
            "-fPIC",
            "-o",
            str(folder / "anneal.so"),
            str(folder / "anneal.c"),
            "-lm",
        ],
        check=True,
    )
    lib = ctypes.CDLL(str(folder / "anneal.so"))
    lib.anneal.restype = ctypes.c_long
    return lib


LIB = _compiled()
W = 20000
"""Weight of a two-pair comparison count outside the band round the mean, against the
squares of the pjms.nl scores."""


def skeleton(tables: int, rounds: int, rng: random.Random) -> list[Seat] | None:
    """A base round: (pair, pair, set); moving pairs 0..R-1, stationary R..2T-1."""
    n = rounds
    moving_tables = rounds - tables
    fixed = list(range(rounds, 2 * tables))
    diffs = [d for d in range(1, (n + 1) // 2) if 2 * d != n]
    if len(diffs) < moving_tables:
        return None
    rng.shuffle(diffs)
    for _try in range(60):
        used = [False] * n
        pairs: list[tuple[int, int]] = []
        chosen = rng.sample(diffs, moving_tables)

        def place(i: int) -> bool:
            if i == len(chosen):
                return True
            d = chosen[i]
            options = [a for a in range(n) if not used[a] and not used[(a + d) % n]]
            rng.shuffle(options)
            for a in options[:6]:
                b = (a + d) % n
                used[a] = used[b] = True
                pairs.append((a, b))
                if place(i + 1):
                    return True
                used[a] = used[b] = False
                pairs.pop()
            return False

        if not place(0):
            continue
        rest = [a for a in range(n) if not used[a]]
        rng.shuffle(rest)
        tables_pairs = [(f, a) for f, a in zip(fixed, rest, strict=True)] + pairs
        # sets: all distinct, offsets set - moving pair all distinct
        offsets = [False] * n
        taken = [False] * n
        sets: list[int] = []
        budget = [5000]

        def add(k: int) -> bool:
            if k == len(tables_pairs):
                return True
            budget[0] -= 1
            if budget[0] < 0:
                return False
            a, b = tables_pairs[k]
            options = list(range(n))
            rng.shuffle(options)
            for s in options:
                if taken[s]:
                    continue
                movers = [p for p in (a, b) if p < n]
                offs = [(s - p) % n for p in movers]
                if any(offsets[o] for o in offs) or len(set(offs)) < len(offs):
                    continue
                taken[s] = True
                for o in offs:
                    offsets[o] = True
                sets.append(s)
                if add(k + 1):
                    return True
                taken[s] = False
                for o in offs:
                    offsets[o] = False
                sets.pop()
            return False

        if add(0):
            base = [(a, b, s) for (a, b), s in zip(tables_pairs, sets, strict=True)]
            # the missing pair's table (pair 2T - 1, stationary) first
            base.sort(key=lambda seat: -seat[0] if seat[0] >= n else 0)
            return base
    return None


def expand(tables: int, rounds: int, base: list[Seat]) -> list[list[Seat]]:
    n = rounds

    def move(p: int, r: int) -> int:
        return p if p >= n else (p + r) % n

    return [[(move(a, r), move(b, r), (s + r) % n) for a, b, s in base] for r in range(n)]


class Annealer:
    """Orientation search over every (round, table) of a schedule."""

    def __init__(self, grid: list[list[Seat]], pairs: int, sets: int, missing: int | None):
        self.grid = grid
        self.cells = [
            (r, k)
            for r, row in enumerate(grid)
            for k, (a, b, _s) in enumerate(row)
            if missing not in (a, b)
        ]
        self.pairs = pairs
        self.active = [p for p in range(pairs) if p != missing]
        d = [[0] * sets for _p in range(pairs)]
        plays = [0] * sets
        meet = [[0] * pairs for _p in range(pairs)]
        for r, k in self.cells:
            a, b, s = grid[r][k]
            d[a][s] = 1
            d[b][s] = -1
            plays[s] += 1
            meet[a][b] = meet[b][a] = 1
        self.t = plays[0]
        assert len(set(plays)) == 1, plays
        self.d = d
        self.meet = meet
        act = self.active
        self.n = [
            [sum(1 for s in range(sets) if d[p][s] and d[q][s]) for q in range(pairs)]
            for p in range(pairs)
        ]
        self.g = [
            [sum(d[p][s] * d[q][s] for s in range(sets)) for q in range(pairs)]
            for p in range(pairs)
        ]
        total = sum(
            (self.n[p][q] + self.g[p][q]) // 2 for i, p in enumerate(act) for q in act[i + 1 :]
        )
        count = len(act) * (len(act) - 1) // 2
        self.lo = total // count
        self.hi = -(-total // count)
        self.turned = {cell: False for cell in self.cells}
        self.hot = 3000.0

    def pen(self, p: int, q: int, g: int) -> int:
        same = (self.n[p][q] + g) // 2
        out = self.lo - same if same < self.lo else same - self.hi if same > self.hi else 0
        score = g + self.t * self.meet[p][q]
        return 400 * out * out + score * score

    def delta(self, cell: tuple[int, int]) -> int:
        r, k = cell
        a, b, s = self.grid[r][k]
        d = self.d
        da = d[a][s]
        change = 0
        ga, gb = self.g[a], self.g[b]
        for x in self.active:
            dx = d[x][s]
            if not dx or x in (a, b):
                continue
            step = 2 * da * dx
            change += self.pen(a, x, ga[x] - step) - self.pen(a, x, ga[x])
            change += self.pen(b, x, gb[x] + step) - self.pen(b, x, gb[x])
        return change

    def flip(self, cell: tuple[int, int]) -> None:
        r, k = cell
        a, b, s = self.grid[r][k]
        d = self.d
        da = d[a][s]
        for x in self.active:
            dx = d[x][s]
            if not dx or x in (a, b):
                continue
            step = 2 * da * dx
            self.g[a][x] -= step
            self.g[x][a] -= step
            self.g[b][x] += step
            self.g[x][b] += step
        d[a][s] = -da
        d[b][s] = da
        self.turned[cell] = not self.turned[cell]

    def cost(self) -> int:
        act = self.active
        return sum(self.pen(p, q, self.g[p][q]) for i, p in enumerate(act) for q in act[i + 1 :])

    def figures(self) -> tuple[int, int, int]:
        act = self.active
        same = [(self.n[p][q] + self.g[p][q]) // 2 for i, p in enumerate(act) for q in act[i + 1 :]]
        ss = sum(
            (self.g[p][q] + self.t * self.meet[p][q]) ** 2
            for i, p in enumerate(act)
            for q in act[i + 1 :]
        )
        return min(same), max(same), ss

    def run(self, steps: int, rng: random.Random) -> dict[tuple[int, int], bool]:
        cost = self.cost()
        best = (self.figures()[1] - self.figures()[0], cost, dict(self.turned))
        hot, cold = self.hot, 2.0
        for i in range(steps):
            temp = hot * (cold / hot) ** (i / steps)
            cell = self.cells[rng.randrange(len(self.cells))]
            change = self.delta(cell)
            if change <= 0 or rng.random() < math.exp(-change / temp):
                self.flip(cell)
                cost += change
                if cost < best[1]:
                    lo, hi, _ss = self.figures()
                    best = (hi - lo, cost, dict(self.turned))
        return best[2]


HEAT = (1000.0, 5000.0, 20000.0)
STEPS = 3000
"""Annealing steps a trial, per table of the schedule (fewer above 13 tables)."""


def orient(
    grid: list[list[Seat]],
    pairs: int,
    sets: int,
    missing: int | None,
    seconds: float,
    rng: random.Random,
) -> tuple[tuple[int, int], int, tuple[int, int, int]]:
    """Who sits North-South: the least spread of comparisons, then the least sum of
    squares of the pjms.nl scores. Returns that key, the turned tables as bits
    ``round * tables + table`` and the figures (least, most, sum of squares).

    The annealer (restarted at several heats) first lowers the sum of squares alone; then,
    for ever narrower bands of comparisons round the mean, it pushes every two pairs into
    the band (heavily weighted) and lowers the sum of squares, while a narrower spread is
    reached; the rest of the time goes on the sum of squares at the narrowest spread."""
    width_of_row = len(grid[0])
    probe = Annealer(grid, pairs, sets, missing)
    cells = probe.cells
    count = len(cells)
    ints = ctypes.c_int * count
    a = ints(*(grid[r][k][0] for r, k in cells))
    b = ints(*(grid[r][k][1] for r, k in cells))
    s = ints(*(grid[r][k][2] for r, k in cells))
    act = (ctypes.c_int * pairs)(*(p in probe.active for p in range(pairs)))
    square = ctypes.c_int * (pairs * pairs)
    n = square(*(probe.n[p][q] for p in range(pairs) for q in range(pairs)))
    meet = square(*(probe.meet[p][q] for p in range(pairs) for q in range(pairs)))
    best: tuple[tuple[int, int], int, tuple[int, int, int]] | None = None
    start = time.time()
    attempt = 0

    def trial(lo: int, hi: int) -> None:
        nonlocal best, attempt
        flips = ints(*(rng.random() < 0.5 for _c in cells))
        hot = HEAT[attempt % len(HEAT)]
        attempt += 1
        LIB.anneal(
            pairs,
            sets,
            count,
            a,
            b,
            s,
            act,
            n,
            meet,
            probe.t,
            lo,
            hi,
            W,
            ctypes.c_double(hot),
            ctypes.c_double(2.0),
            ctypes.c_long(STEPS * count),
            ctypes.c_ulonglong(rng.randrange(1 << 62)),
            flips,
        )
        fresh = Annealer(grid, pairs, sets, missing)
        for cell, on in zip(cells, flips, strict=True):
            if on:
                fresh.flip(cell)
        least, most, ss = fresh.figures()
        if best is None or (most - least, ss) < best[0]:
            bits = sum(
                1 << (r * width_of_row + k) for (r, k), on in zip(cells, flips, strict=True) if on
            )
            best = ((most - least, ss), bits, (least, most, ss))

    def bands(width: int) -> list[tuple[int, int]]:
        return [(lo, lo + width) for lo in range(probe.lo - width + 1, probe.hi + 1)]

    # First the sum of squares alone (a band wider than any spread), then ever narrower
    # bands while one is reached.
    for _restart in range(2):
        trial(-1, sets + 1)
    assert best is not None
    width = best[0][0] - 1
    while width >= 1:
        for lo, hi in bands(width):
            for _restart in range(2):
                trial(lo, hi)
        if best[0][0] > width:
            break
        width = best[0][0] - 1
    width = best[0][0]
    while time.time() - start < seconds:
        for lo, hi in bands(width):
            trial(lo, hi)
    return best


def main() -> None:
    """Search every size from ``argv[1]`` to ``argv[2]`` tables, ``argv[3]`` seconds a
    schedule, printing each as it is found (``SKELETONS[...] = ...``, ``TURNED[...] = ...``)."""
    global STEPS
    low, high = int(sys.argv[1]), int(sys.argv[2])
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 4.0
    for tables in range(low, high + 1):
        STEPS = 3000 if tables <= 13 else 400
        for rounds in range(tables, 2 * tables - 1):
            rng = random.Random(rounds * 100 + tables)
            found = None
            for _skeleton in range(3 if tables <= 13 else 1):
                base = skeleton(tables, rounds, rng)
                if base is None:
                    break
                grid = expand(tables, rounds, base)
                result = orient(grid, 2 * tables, rounds, None, seconds / 3, rng)
                if found is None or result[0] < found[1][0]:
                    found = (base, result)
            if found is None:
                print(f"# {tables} x {rounds}: no cyclic skeleton", file=sys.stderr, flush=True)
                continue
            base, result = found
            print(f"SKELETONS[({tables}, {rounds})] = {tuple(base)}", flush=True)
            print(f"TURNED[({tables}, {rounds}, False)] = {result[1]:#x}", flush=True)
            print(f"# {tables} x {rounds} even: {result[2]}", file=sys.stderr, flush=True)
            if rounds >= 4:
                grid = expand(tables, rounds, base)
                result = orient(grid, 2 * tables, rounds, 2 * tables - 1, seconds, rng)
                print(f"TURNED[({tables}, {rounds}, True)] = {result[1]:#x}", flush=True)
                print(f"# {tables} x {rounds} odd: {result[2]}", file=sys.stderr, flush=True)


def polish() -> None:
    """``polish TABLES:ROUNDS ... SECONDS``: orient the stored cyclic schedules again, for
    longer, printing a ``TURNED`` entry where the new one is better (spread, then sum of
    squares)."""
    sys.path.insert(0, "src")
    from bridgescore.events.movements.short_howell_tables import SKELETONS, TURNED

    seconds = float(sys.argv[-1])
    for arg in sys.argv[2:-1]:
        tables, rounds = map(int, arg.split(":"))
        base = list(SKELETONS[(tables, rounds)])
        grid = expand(tables, rounds, base)
        rng = random.Random(tables * 1000 + rounds + int(time.time()))
        for odd in (False, True):
            if (tables, rounds, odd) not in TURNED:
                continue
            missing = 2 * tables - 1 if odd else None
            old = Annealer(grid, 2 * tables, rounds, missing)
            for r, row in enumerate(grid):
                for k in range(len(row)):
                    if (
                        int(TURNED[(tables, rounds, odd)], 16) >> (r * tables + k) & 1
                        and (r, k) in old.turned
                    ):
                        old.flip((r, k))
            lo, hi, ss = old.figures()
            key, bits, fig = orient(grid, 2 * tables, rounds, missing, seconds, rng)
            better = key < (hi - lo, ss)
            print(
                f"# {tables} x {rounds} {odd}: {(lo, hi, ss)} -> {fig} {better}",
                file=sys.stderr,
                flush=True,
            )
            if better:
                print(f"TURNED[({tables}, {rounds}, {odd})] = {bits:#x}", flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "polish":
        polish()
    else:
        main()
