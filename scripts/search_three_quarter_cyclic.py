"""Construct 3/4 Howells by the published moving rule, stored in ``three_quarter.py``.

A 3/4 Howell of ``T`` tables and ``S`` rounds (and sets) as published has ``k = 2T - S``
stationary pairs (bridge-results.de, "Das ¾-Howell Movement": ``2T - R`` Sitztische) and
the other ``S`` pairs follow one circuit, "each pair moves to the spot vacated by the pair
with the number immediately below" (bridgecentral.com/ReducedHowell.htm). Number the
moving pairs round the circuit (``Z_S``): in round ``r`` the pair of base place ``y``
is pair ``y + r``, and a table at station ``s`` plays set ``s + r``. So the first round
decides everything:

* a stationary table holds a stationary pair and one moving place ``w``; the stationary
  pair meets every moving pair once and plays every set of its table;
* each other table holds two moving places ``u``, ``u + d``: over the rounds every
  moving pair meets the pairs ``d`` above and below it, so the ``S - T`` differences
  ``d`` must differ up to sign and not be ``S/2``;
* the pair of place ``y`` at station ``f(y)`` plays set ``f(y) - y + x`` in its rounds,
  so every pair plays every set once exactly when ``y -> f(y) - y`` is a permutation.

This script finds first rounds by backtracking, turns tables round to even the
comparisons (the hill climb of ``search_three_quarter.py``), keeps the best of ``TRIES``
and prints the ``FOUND`` entries (pairs numbered as the module stores them:
the stationary pairs are the highest numbers, pair ``2T`` at table 1):

    nice -n 10 .venv/bin/python scripts/search_three_quarter_cyclic.py 6:10 7:11 8:12

``TRIES`` (environment, default 60, as stored) is how many first rounds are tried a size.
"""

from __future__ import annotations

import os
import random
import sys
from itertools import combinations

from bridgescore.events.movements.three_quarter import STATIONS, relay_stations

sys.path.insert(0, os.path.dirname(__file__))
from search_three_quarter import movement, orient


def stationary_tables(tables: int, sets: int, place: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The choices of stationary tables (table 1 among them) that can work: the sets
    ``f(y) - y`` run through every set only if the stations, a moving table's counted
    twice, add up to a multiple of ``S``."""
    return [
        chosen
        for chosen in combinations(range(tables), 2 * tables - sets)
        if 0 in chosen
        and (sum(place) + sum(place[t] for t in range(tables) if t not in chosen)) % sets == 0
    ]


def first_rounds(
    sets: int, place: tuple[int, ...], stationary: tuple[int, ...], rng: random.Random
) -> list[tuple[int, ...]] | None:
    """One first round: per table, ``(w,)`` (a stationary table) or ``(u, v)``; None when
    there is none with these stations and stationary tables (the search is complete)."""
    tables = len(place)
    order = list(range(tables))
    diffs = [d for d in range(1, (sets + 1) // 2) if 2 * d != sets]
    used: set[int] = set()
    shifts: set[int] = set()
    taken: set[int] = set()
    chosen: list[tuple[int, ...]] = []

    def extend(i: int) -> bool:
        if i == len(order):
            return True
        t = order[i]
        cand = list(range(sets))
        rng.shuffle(cand)
        if t in stationary:
            for w in cand:
                shift = (place[t] - w) % sets
                if w in used or shift in shifts:
                    continue
                used.add(w)
                shifts.add(shift)
                chosen.append((w,))
                if extend(i + 1):
                    return True
                chosen.pop()
                used.discard(w)
                shifts.discard(shift)
            return False
        ds = [d for d in diffs if d not in taken]
        rng.shuffle(ds)
        for d in ds:
            for u in cand:
                v = (u + d) % sets
                a, b = (place[t] - u) % sets, (place[t] - v) % sets
                if u in used or v in used or a in shifts or b in shifts:
                    continue
                used.update((u, v))
                shifts.update((a, b))
                taken.add(d)
                chosen.append((u, v))
                if extend(i + 1):
                    return True
                chosen.pop()
                used.difference_update((u, v))
                shifts.difference_update((a, b))
                taken.discard(d)
        return False

    return chosen if extend(0) else None


def layouts(tables: int, sets: int) -> list[tuple[int, ...]]:
    """The tables' stations to try: the module's ``STATIONS`` for the size, else
    ``relay_stations`` when a first round exists with it, else every layout whose relays
    are as evenly spread as any that has one (the module's choice among them is stored
    in ``STATIONS``)."""
    if (tables, sets) in STATIONS:
        return [STATIONS[tables, sets]]
    spread = relay_stations(tables, sets)
    if any(
        first_rounds(sets, spread, st, random.Random(0))
        for st in stationary_tables(tables, sets, spread)
    ):
        return [spread]
    by_gap: dict[int, list[tuple[int, ...]]] = {}
    for rest in combinations(range(1, sets), tables - 1):
        place = (0, *rest)
        if any(
            first_rounds(sets, place, st, random.Random(0))
            for st in stationary_tables(tables, sets, place)
        ):
            gaps = [b - a - 1 for a, b in zip(place, (*place[1:], sets), strict=True)]
            by_gap.setdefault(max(gaps), []).append(place)
    return by_gap[min(by_gap)] if by_gap else []


def grid(tables: int, sets: int, base: list[tuple[int, ...]]) -> list[list[tuple[int, int]]]:
    """Every round's tables as (NS, EW) pair numbers: moving pairs 1 to S, stationary
    pairs S + 1 to 2T (pair 2T at table 1, NS)."""
    pairs = 2 * tables
    still = iter(range(pairs, sets, -1))
    stays = {t: next(still) for t, seat in enumerate(base) if len(seat) == 1}
    rows = []
    for r in range(sets):
        row = []
        for t, seat in enumerate(base):
            if len(seat) == 1:
                row.append((stays[t], (seat[0] + r) % sets + 1))
            else:
                row.append(((seat[0] + r) % sets + 1, (seat[1] + r) % sets + 1))
        rows.append(row)
    return rows


def main() -> None:
    tries = int(os.environ.get("TRIES", "60"))
    print("FOUND: Final[dict[tuple[int, int], str]] = {")
    for item in sys.argv[1:]:
        tables, sets = map(int, item.split(":"))
        rng = random.Random(26)
        best, score = None, -1.0
        choices = [
            (place, st)
            for place in layouts(tables, sets)
            for st in stationary_tables(tables, sets, place)
        ]
        best_place: tuple[int, ...] = ()
        for n in range(tries if choices else 0):
            place, st = choices[n % len(choices)]
            base = first_rounds(sets, place, st, rng)
            if base is None:
                continue
            rows = orient(grid(tables, sets, base), tables, sets, place)
            quality = movement(rows, tables, sets, place).balance().quality
            if quality > score:
                best, score, best_place = rows, quality, place
        if best is None:
            print(f"    # {tables} tables, {sets} rounds: none", flush=True)
            continue
        balance = movement(best, tables, sets, best_place).balance()
        print(
            f"    # {tables} tables, {sets} rounds (one board a set): compared"
            f" {balance.least}-{balance.most}, quality {balance.quality:.2f},"
            f" stations {best_place}"
        )
        print(f"    ({tables}, {sets}): (")
        for number, row in enumerate(best):
            gap = " " if number < len(best) - 1 else ""
            print('        "' + ",".join(f"{ns}-{ew}" for ns, ew in row) + gap + '"')
        print("    ),", flush=True)
    print("}")


if __name__ == "__main__":
    main()
