"""Search cyclic Howell base rounds, for the even (``2T`` pairs) and odd (``2T - 1``) fields.

Run by hand (no extra package needed):

    nice -n 10 .venv/bin/python scripts/search_howell_cyclic.py 4 20 > /tmp/howell_bases.py

and copy the printed ``BASE_ROUNDS`` and ``ODD_BASE_ROUNDS`` into
``src/bridgescore/events/movements/howell_tables.py``.

A cyclic Howell on ``n = 2T - 1`` places is fixed by its first round. Pair ``p`` plays set
``p + o`` for each *offset* ``o`` of the base round (``set - pair`` at a seat), North-South
or East-West: a sign ``x(o)``. Two pairs ``d`` apart are compared on
``(n - 2 + C(d)) / 2`` sets (odd field) or ``(n + C(d)) / 2`` (even field), ``C`` the
periodic autocorrelation of ``x``; balance asks ``C(d) = -1`` for every ``d``.

1. The signs: for a prime ``n`` the Legendre symbol (``x(0)`` the stationary pair's
   opponent, East-West, in the even field; the pair sitting out in the odd field) gives
   ``C(d) = -1`` in the odd field, and in the even field too when ``n = 3 (mod 4)``;
   otherwise a local search for the least ``sum (C(d) + 1)^2``.
2. The tables: a depth-first search pairs each North-South offset ``u`` with an East-West
   offset ``v`` so that the differences ``u - v`` are ``±1`` to ``±(T - 1)`` once each (every
   two pairs meet once), and gives each table a set ``s`` so that the pairs ``s - u`` and
   ``s - v`` are all different and the sets too (no set at two tables of a round).
"""

from __future__ import annotations

import random
import sys


def legendre(n: int) -> list[int]:
    squares = {(k * k) % n for k in range(1, n)}
    return [0] + [1 if o in squares else -1 for o in range(1, n)]


def is_prime(n: int) -> bool:
    return n > 1 and all(n % k for k in range(2, int(n**0.5) + 1))


def cost(x: list[int]) -> int:
    """The widest gap from balance first, then the sum of squared gaps."""
    n = len(x)
    total = widest = 0
    for d in range(1, n // 2 + 1):
        c = sum(x[o] * x[(o - d) % n] for o in range(n))
        total += (c + 1) ** 2
        widest = max(widest, abs(c + 1))
    return widest * 10000 + total


def twin_prime(p: int) -> list[int] | None:
    """The twin-prime difference set on ``p (p + 2)`` places as signs, shifted so that
    place 0 is outside it (``C(d) = -1`` for every ``d``), or ``None``."""
    q = p + 2
    if not (is_prime(p) and is_prime(q)):
        return None
    n = p * q
    lp, lq = legendre(p), legendre(q)
    inside = [g % q == 0 or (g % p != 0 and lp[g % p] * lq[g % q] == 1) for g in range(n)]
    shift = next(c for c in range(n) if not inside[c])
    return [1 if inside[(g + shift) % n] else -1 for g in range(n)]


def local_search(n: int, even: bool, rng: random.Random, steps: int = 20000) -> list[int]:
    """Signs with ``x(0)`` fixed (-1 even, 0 odd) and the least cost found."""
    half = (n - 1) // 2
    rest = [1] * half + [-1] * (n - 1 - half)
    best: tuple[int, list[int]] | None = None
    for _restart in range(20):
        rng.shuffle(rest)
        x = [-1 if even else 0, *rest]
        c = cost(x)
        for step in range(steps):
            i, j = rng.randrange(1, n), rng.randrange(1, n)
            if x[i] == x[j]:
                continue
            x[i], x[j] = x[j], x[i]
            c2 = cost(x)
            temp = 2.0 * (1 - step / steps) + 0.01
            if c2 <= c or rng.random() < 2.718 ** ((c - c2) / temp):
                c = c2
                if best is None or c < best[0]:
                    best = (c, list(x))
            else:
                x[i], x[j] = x[j], x[i]
        if best is not None and best[0] == 0:
            break
    assert best is not None
    return best[1]


def tables_for(
    x: list[int], even: bool, rng: random.Random, budget: int
) -> list[tuple[int, int, int]] | None:
    """Base round (ns, ew, set) of the non-stationary tables for the signs ``x``."""
    n = len(x)
    tables = (n + 1) // 2
    plus = [o for o in range(1, n) if x[o] == 1]
    minus = [o for o in range(1, n) if x[o] == -1]
    used_pair = [False] * n
    used_set = [False] * n
    used_diff = [False] * (n // 2 + 1)
    if even:
        used_pair[0] = True  # pair 0 meets the stationary pair
        used_set[0] = True
    free_minus = set(minus)
    chosen: list[tuple[int, int, int]] = []
    nodes = [budget]

    def place(k: int) -> bool:
        if k == len(plus):
            return True
        nodes[0] -= 1
        if nodes[0] < 0:
            return False
        u = plus[k]
        vs = list(free_minus)
        rng.shuffle(vs)
        for v in vs:
            d = min((u - v) % n, (v - u) % n)
            if used_diff[d]:
                continue
            sets = list(range(n))
            rng.shuffle(sets)
            for s in sets:
                if used_set[s]:
                    continue
                a, b = (s - u) % n, (s - v) % n
                if used_pair[a] or used_pair[b]:
                    continue
                used_diff[d] = used_set[s] = used_pair[a] = used_pair[b] = True
                free_minus.discard(v)
                chosen.append((a, b, s))
                if place(k + 1):
                    return True
                chosen.pop()
                free_minus.add(v)
                used_diff[d] = used_set[s] = used_pair[a] = used_pair[b] = False
        return False

    if len(plus) != tables - 1:
        return None
    return chosen if place(0) else None


def search(tables: int, even: bool, seed: int = 0) -> tuple[tuple[int, int, int], ...]:
    n = 2 * tables - 1
    rng = random.Random(seed)
    for attempt in range(400):
        twin = next((twin_prime(p) for p in range(3, n) if p * (p + 2) == n), None)
        if even and twin is not None and attempt < 200:
            x = twin
        elif is_prime(n) and attempt < 200:
            x = legendre(n)
            if even:
                x[0] = -1
                if attempt % 2:
                    x = [-v for v in x]
                    x[0] = -1
        else:
            x = local_search(n, even, rng)
            if attempt > 0 and rng.random() < 0.5:
                pass
        if even and sum(1 for v in x if v == 1) != tables - 1:
            continue
        found = tables_for(x, even, rng, 200000)
        if found is not None:
            if even:
                return ((n, 0, 0), *found)
            return tuple(found)
    raise SystemExit(f"nothing found for {tables} tables even={even}")


def main() -> None:
    low, high = int(sys.argv[1]), int(sys.argv[2])
    for name, even in (("BASE_ROUNDS", True), ("ODD_BASE_ROUNDS", False)):
        print(f"{name} = {{")
        for tables in range(low, high + 1):
            base = search(tables, even)
            print(f"    {tables}: (")
            for seat in base:
                print(f"        {seat},")
            print("    ),")
            sys.stdout.flush()
        print("}")


if __name__ == "__main__":
    main()
