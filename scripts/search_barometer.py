"""Search the orientations of the barometer Howell (``events/movements/barometer.py``).

The barometer Howell seats round ``r`` (0-based, ``n = 2T - 1``) as pair ``2T`` against
pair ``r`` and pairs ``r + i`` against ``r - i`` (mod ``n``), ``i`` = 1 to ``T - 1``; the
table of difference ``i`` has pair ``r + i`` North-South when sign ``i`` is 1. Every
table plays the same boards, so two pairs are compared on the rounds where they sit in
the same direction at different tables: this script looks for the signs that make
these counts most even (first the spread, then the sum of distances from half).
The quadratic residues when ``2T - 1`` is a prime 4k + 3 (a Paley
design: perfectly even), else exhaustive up to 14 tables and a seeded hill climb
above. Needs no extra package:

    nice -n 10 .venv/bin/python scripts/search_barometer.py [most_tables]

It prints the ``SIGNS`` table to paste into ``barometer.py``.
"""

from __future__ import annotations

import itertools
import random
import sys


def counts(tables: int, signs: tuple[int, ...]) -> list[int]:
    n = 2 * tables - 1
    f = [0] * n
    for i in range(1, tables):
        f[i % n] = signs[i - 1]
        f[(-i) % n] = 1 - signs[i - 1]
    found = []
    for shift in range(1, n):
        same = 0
        for dx in range(n):
            dy = (dx + shift) % n
            if dx and dy and (dx + dy) % n:
                same += f[dx] == f[dy]
            elif not dx and dy and (dx + dy) % n:
                same += f[dy] == 1  # pair r sits EW against the stationary pair (NS)
            elif not dy and dx and (dx + dy) % n:
                same += f[dx] == 1
        found.append(same)
    found.append(sum(1 for d in range(1, n) if f[d] == 1))  # the stationary pair sits NS
    return found


def key(tables: int, signs: tuple[int, ...]) -> tuple[int, int]:
    found = counts(tables, signs)
    rounds = 2 * tables - 3
    return max(found) - min(found), sum(abs(2 * c - rounds) for c in found)


def paley(tables: int) -> tuple[int, ...] | None:
    """The quadratic-residue signs when ``2T - 1`` is a prime of the form 4k + 3 (balanced)."""
    n = 2 * tables - 1
    if n < 3 or n % 4 != 3 or any(n % k == 0 for k in range(2, int(n**0.5) + 1)):
        return None
    residues = {i * i % n for i in range(1, n)}
    return tuple(1 if i in residues else 0 for i in range(1, tables))


def search(tables: int, rng: random.Random) -> tuple[int, ...]:
    found = paley(tables)
    if found is not None:
        return found
    if tables <= 14:
        return min(
            (s for s in itertools.product((1, 0), repeat=tables - 1) if s[0] == 1),
            key=lambda s: key(tables, s),
        )
    best = tuple(rng.randint(0, 1) for _ in range(tables - 1))
    best_key = key(tables, best)
    for _restart in range(30):
        current = tuple(rng.randint(0, 1) for _ in range(tables - 1))
        current_key = key(tables, current)
        improved = True
        while improved:
            improved = False
            for i in range(tables - 1):
                trial = (*current[:i], 1 - current[i], *current[i + 1 :])
                trial_key = key(tables, trial)
                if trial_key < current_key:
                    current, current_key, improved = trial, trial_key, True
        if current_key < best_key:
            best, best_key = current, current_key
    return best


def main() -> None:
    most = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    rng = random.Random(26)
    print("SIGNS: Final[dict[int, str]] = {")
    for tables in range(2, most + 1):
        signs = search(tables, rng)
        found = counts(tables, signs)
        text = "".join(map(str, signs))
        print(
            f'    {tables}: "{text}",  # compared on {min(found)}-{max(found)} rounds', flush=True
        )
    print("}")


if __name__ == "__main__":
    main()
