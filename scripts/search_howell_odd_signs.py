"""Search the signs of cyclic Howells for an odd number of pairs, ``2T - 1``, narrower.

A cyclic Howell of ``n = 2T - 1`` pairs (``scripts/search_howell_cyclic.py`` explains
it) is fixed, as far as balance goes, by its signs ``x``: ``x(0) = 0`` (the pair sitting
out) and ``x(o) = +1`` or ``-1`` (the pair at offset ``o`` North-South or East-West),
``T - 1`` of each. Two pairs ``d`` apart are compared on ``(n - 2 + C(d)) / 2`` sets,
``C`` the periodic autocorrelation; balance is ``C(d) = -1`` for every ``d``.

* ``--exhaust N``: every sign sequence for ``N`` pairs (``x(1) = +1``, negation being a
  symmetry), and says whether one is balanced. 15 and 21 pairs: none.
* ``T ...``: a tabu search (swaps of a ``+1`` and a ``-1``) for signs with every
  ``C(d)`` in ``-3, -1, 1`` (two pairs compared on ``T - 3`` to ``T - 1`` sets), then
  the tables of ``search_howell_cyclic.tables_for``; prints ``ODD_BASE_ROUNDS`` entries
  for ``howell_tables.py``:

    nice -n 10 .venv/bin/python scripts/search_howell_odd_signs.py 17 18 20

Each size stops after ``SEARCH_SECONDS`` (environment, default 120); ``POLISH=1`` spends
the time lowering ``sum (C(d) + 1)^2`` (fewer two pairs off the mean) before the tables.
"""

from __future__ import annotations

import itertools
import os
import random
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from search_howell_cyclic import tables_for


def correlations(x: np.ndarray) -> np.ndarray:
    """``C(d)`` for ``d = 1`` to ``n // 2``."""
    n = len(x)
    return np.array([int(x @ np.roll(x, d)) for d in range(1, n // 2 + 1)])


def cost(x: np.ndarray) -> tuple[int, int]:
    gap = np.abs(correlations(x) + 1)
    return int(gap.max()), int((gap * gap).sum())


def exhaust(n: int) -> list[int] | None:
    """A balanced sign sequence for ``n`` pairs, or None (all of them tried)."""
    for plus in itertools.combinations(range(2, n), (n - 1) // 2 - 1):
        x = np.full(n, -1)
        x[0], x[1] = 0, 1
        x[list(plus)] = 1
        if all(c == -1 for c in correlations(x)):
            return [int(v) for v in x]
    return None


def tabu(n: int, rng: random.Random, seconds: float, *, polish: bool = False) -> np.ndarray | None:
    """Signs with every ``|C(d) + 1| <= 2``, or None in the time; ``polish``: the ones of
    the least ``sum (C(d) + 1)^2`` found in the time.

    Every swap of a ``+1`` at ``i`` and a ``-1`` at ``j`` is scored at once: flipping
    ``x(i)`` changes ``C(d)`` by ``-2 x(i) (x(i + d) + x(i - d))``, and flipping both
    leaves their own product alone (``+4 x(i) x(j)`` back where ``j - i = ±d``).
    """
    stop = time.monotonic() + seconds
    half = n // 2
    ds = np.arange(1, half + 1)
    places = np.arange(n)
    best: tuple[tuple[int, int], np.ndarray] | None = None
    while time.monotonic() < stop:
        rest = [1] * ((n - 1) // 2) + [-1] * ((n - 1) // 2)
        rng.shuffle(rest)
        x = np.array([0, *rest])
        tabu_until = np.zeros(n, dtype=int)
        for step in range(4000):
            c = correlations(x)
            gap = np.abs(c + 1)
            key = (int(gap.max()), int((gap * gap).sum()))
            if key[0] <= 2 and (best is None or key < best[0]):
                best = (key, x.copy())
                if key[1] == 0 or not polish:
                    return x
            if time.monotonic() > stop:
                break
            plus = places[(x == 1) & (tabu_until <= step)]
            minus = places[(x == -1) & (tabu_until <= step)]
            if len(plus) == 0 or len(minus) == 0:
                break
            # a[i, d] = x(i) (x(i + d) + x(i - d))
            a = x[:, None] * (x[(places[:, None] + ds) % n] + x[(places[:, None] - ds) % n])
            delta = -2 * a[plus][:, None, :] - 2 * a[minus][None, :, :]
            apart = (minus[None, :] - plus[:, None]) % n
            near = (apart[:, :, None] == ds) | (apart[:, :, None] == n - ds)
            delta = delta - 4 * near  # x(i) x(j) = -1
            new = np.abs(c + 1 + delta)
            score = new.max(axis=2) * 100000 + (new * new).sum(axis=2)
            flat = np.flatnonzero(score == score.min())
            k = int(flat[rng.randrange(len(flat))])
            i, j = int(plus[k // len(minus)]), int(minus[k % len(minus)])
            x[i], x[j] = -1, 1
            tabu_until[i] = tabu_until[j] = step + rng.randint(3, 10)
    return None if best is None else best[1]


def main() -> None:
    if sys.argv[1] == "--exhaust":
        for n in map(int, sys.argv[2:]):
            print(n, "pairs:", exhaust(n) or "no balanced cyclic Howell", flush=True)
        return
    seconds = float(os.environ.get("SEARCH_SECONDS", "120"))
    print("ODD_BASE_ROUNDS = {")
    for tables in map(int, sys.argv[1:]):
        n = 2 * tables - 1
        rng = random.Random(26)
        stop = time.monotonic() + seconds
        found = None
        while found is None and time.monotonic() < stop:
            polish = os.environ.get("POLISH") == "1"
            budget = stop - time.monotonic()
            x = tabu(n, rng, budget / 3 if polish else budget, polish=polish)
            if x is None:
                break
            found = tables_for([int(v) for v in x], False, rng, 200000)
            gap = np.abs(correlations(x) + 1)
            print(
                f"    # {tables}: signs of sum (C + 1)^2 = {int((gap * gap).sum())},"
                f" tables {found is not None}",
                file=sys.stderr,
            )
        if found is None:
            print(f"    # {tables}: none in {seconds:.0f} s", flush=True)
            continue
        print(f"    {tables}: (")
        for seat in found:
            print(f"        {seat},")
        print("    ),", flush=True)
    print("}")


if __name__ == "__main__":
    main()
