"""Search Howells for ``2T - 1`` pairs on a finite field's additive group (9, 25, 27 pairs).

Run by hand (no extra package needed): ``.venv/bin/python scripts/search_howell_field.py``;
it prints ``FIELD_ROUNDS`` and ``EVEN_FIELD_ROUNDS`` for
``src/bridgescore/events/movements/howell_tables.py`` (stored with every pair moved by minus
the pair missing from the base round, so that pair 0 sits out the first round; for 28
pairs, pair 0 and set 0 are left for the stationary pair's table).

Where ``2T - 1 = q`` is a prime power but not a prime, no cyclic Howell for ``q`` pairs is
balanced at 9 pairs (an exhaustive trial), but one on the additive group of the field
GF(q) is: from round to round every pair and set moves by one element of the group
instead of one step round a circle. A pair's offsets ``set - pair`` take their signs from
the field's quadratic character (North-South on a square), whose autocorrelation is -1
at every nonzero difference, so every two pairs are compared on ``T - 2`` sets. A
depth-first search pairs the offsets into tables (the differences ``±d`` once each) and
gives each table a set, as ``search_howell_cyclic.py`` does. Elements are written as
whole numbers whose base-``p`` digits are the coefficients.
"""

from __future__ import annotations

import random

FIELDS = {25: (5, (3, 0)), 27: (3, (2, 2, 0))}
"""q: (p, the low coefficients of a monic irreducible polynomial, constant first;
x^2 + 3 and x^3 + 2x + 2). For 9 pairs (GF(9)) no base round exists: the search is exhaustive."""


def digits(x: int, p: int, k: int) -> list[int]:
    return [(x // p**i) % p for i in range(k)]


def number(d: list[int], p: int) -> int:
    return sum(c * p**i for i, c in enumerate(d))


def add(x: int, y: int, p: int, k: int) -> int:
    return number([(a + b) % p for a, b in zip(digits(x, p, k), digits(y, p, k), strict=True)], p)


def neg(x: int, p: int, k: int) -> int:
    return number([(-a) % p for a in digits(x, p, k)], p)


def times(x: int, y: int, p: int, low: tuple[int, ...]) -> int:
    k = len(low)
    a, b = digits(x, p, k), digits(y, p, k)
    prod = [0] * (2 * k - 1)
    for i, ai in enumerate(a):
        for j, bj in enumerate(b):
            prod[i + j] = (prod[i + j] + ai * bj) % p
    for top in range(2 * k - 2, k - 1, -1):  # x^k = -(low)
        c = prod[top]
        prod[top] = 0
        for i, li in enumerate(low):
            prod[top - k + i] = (prod[top - k + i] - c * li) % p
    return number(prod[:k], p)


def base_round(q: int, seed: int = 0, *, even: bool = False) -> list[tuple[int, int, int]]:
    """The tables of a base round; ``even``: pair 0 and set 0 are left for the stationary
    pair's table (``2T`` pairs; balanced when ``q = 3 (mod 4)``)."""
    p, low = FIELDS[q]
    k = len(low)
    squares = {times(x, x, p, low) for x in range(1, q)}
    plus = [u for u in range(1, q) if u in squares]
    minus = [v for v in range(1, q) if v not in squares]
    rng = random.Random(seed)

    def attempt() -> list[tuple[int, int, int]] | None:
        used_pair = [False] * q
        used_set = [False] * q
        used_pair[0] = used_set[0] = even
        used_diff: set[int] = set()
        free = set(minus)
        chosen: list[tuple[int, int, int]] = []
        nodes = [20000]

        def place(i: int) -> bool:
            if i == len(plus):
                return True
            nodes[0] -= 1
            if nodes[0] < 0:
                return False
            u = plus[i]
            vs = list(free)
            rng.shuffle(vs)
            for v in vs:
                d = add(u, neg(v, p, k), p, k)
                cls = min(d, neg(d, p, k))
                if cls in used_diff:
                    continue
                sets = list(range(q))
                rng.shuffle(sets)
                for s in sets:
                    a, b = add(s, neg(u, p, k), p, k), add(s, neg(v, p, k), p, k)
                    if used_set[s] or used_pair[a] or used_pair[b]:
                        continue
                    used_set[s] = used_pair[a] = used_pair[b] = True
                    used_diff.add(cls)
                    free.discard(v)
                    chosen.append((a, b, s))
                    if place(i + 1):
                        return True
                    chosen.pop()
                    free.add(v)
                    used_diff.discard(cls)
                    used_set[s] = used_pair[a] = used_pair[b] = False
            return False

        return chosen if place(0) else None

    for _attempt in range(1000):
        found = attempt()
        if found is not None:
            return found
    raise SystemExit(f"nothing found for {q}")


def main() -> None:
    print("FIELD_ROUNDS = {")
    for q, (p, _low) in FIELDS.items():
        print(f"    {(q + 1) // 2}: ({p}, {tuple(base_round(q))!r}),")
    print("}")
    print("EVEN_FIELD_ROUNDS = {")
    print(f"    14: (3, {((27, 0, 0), *base_round(27, even=True))!r}),")
    print("}")


if __name__ == "__main__":
    main()
