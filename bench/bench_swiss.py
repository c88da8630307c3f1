"""Swiss pairing of 500 and 200 entrants, against a greedy pairer (Magic Contest's method).

The field is a realistic mid-event: entrants of random strength play 3 rounds (random
20-VP results leaning to the stronger, the bye scoring 12), each drawn by our
``swiss_round``; round 4 is then drawn and timed (median of several runs). Side by
side on the same standings: the greedy pairing Magic Contest describes (the top entrant
meets the first it has not played, and so on down; then, from the bottom table up to
half way and never touching the top 3 tables, a rematch at a table is swapped with a
higher table when that removes it), implemented here only; and, for 200 entrants,
networkx on every allowed pair (no pruning, no cuts). A whole 7-round event is then
played with each pairer to count rematches.

Target: 500 entrants paired in under 1 s.

    .venv/bin/python bench/bench_swiss.py [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

import networkx as nx
from _common import verdict, write_section

from bridgescore.events.movements import swiss
from bridgescore.events.movements.swiss import Standing, SwissRules, swiss_round

Pairer = Callable[[Sequence[Standing]], tuple[list[tuple[str, str]], str | None]]


def ours(standings: Sequence[Standing]) -> tuple[list[tuple[str, str]], str | None]:
    draw = swiss_round(standings, SwissRules(if_stuck=True))
    return [(p.higher, p.lower) for p in draw.pairings], draw.bye


def greedy(standings: Sequence[Standing]) -> tuple[list[tuple[str, str]], str | None]:
    """Magic Contest's description: greedy from the top, then a partial untangling."""
    order = [s.entrant for s in standings]
    met = {s.entrant: {o for o in s.opponents if o is not None} for s in standings}
    bye = None
    if len(order) % 2:
        bye = next((s.entrant for s in reversed(standings) if not s.had_bye), order[-1])
        order.remove(bye)
    free = order[:]
    tables: list[list[str]] = []
    while free:
        top = free.pop(0)
        other = next((e for e in free if e not in met[top]), free[0])
        free.remove(other)
        tables.append([top, other])
    for t in range(len(tables) - 1, len(tables) // 2 - 1, -1):
        a, b = tables[t]
        if b not in met[a]:
            continue
        for u in range(t - 1, max(3, len(tables) // 2) - 1, -1):
            c, d = tables[u]
            if c not in met[a] and d not in met[b]:
                tables[t], tables[u] = [a, c], [b, d]
                break
            if d not in met[a] and c not in met[b]:
                tables[t], tables[u] = [a, d], [b, c]
                break
    return [(a, b) for a, b in tables], bye


def complete_graph(standings: Sequence[Standing]) -> tuple[list[tuple[str, str]], str | None]:
    """networkx on every allowed pair, with our weights (no pruning, no cuts)."""
    field = swiss._Field(standings, SwissRules(), len(standings[0].opponents) + 1, "VP")
    bye = None
    if field.n % 2:
        bye = next(i for i in reversed(range(field.n)) if not standings[i].had_bye)
    graph: nx.Graph[int] = nx.Graph()
    top = field.cost(0, field.n - 1) + 1
    for a in range(field.n):
        for b in range(a + 1, field.n):
            if bye not in (a, b) and field.allowed(a, b):
                graph.add_edge(a, b, weight=top - field.cost(a, b))
    found = nx.max_weight_matching(graph, maxcardinality=True)
    names = [s.entrant for s in standings]
    pairs = sorted((min(p), max(p)) for p in found)
    return [(names[a], names[b]) for a, b in pairs], None if bye is None else names[bye]


class Event:
    """A Swiss in progress: scores, opponents and byes; results lean to the stronger."""

    def __init__(self, entrants: int, rng: random.Random) -> None:
        self.rng = rng
        self.ids = [f"E{k}" for k in range(1, entrants + 1)]
        self.strength = {e: rng.random() for e in self.ids}
        self.score = dict.fromkeys(self.ids, 0.0)
        self.opponents: dict[str, list[str | None]] = {e: [] for e in self.ids}
        self.byes = dict.fromkeys(self.ids, False)

    def standings(self) -> list[Standing]:
        order = sorted(self.ids, key=lambda e: -self.score[e])
        return [
            Standing(e, self.score[e], None, tuple(self.opponents[e]), self.byes[e]) for e in order
        ]

    def play(self, pairs: list[tuple[str, str]], bye: str | None) -> int:
        """Score a round; the number of rematches in it."""
        rematches = 0
        for a, b in pairs:
            rematches += b in self.opponents[a]
            edge = self.strength[a] - self.strength[b]
            won = min(20, max(0, round(10 + 8 * edge + self.rng.gauss(0, 4))))
            self.score[a] += won
            self.score[b] += 20 - won
            self.opponents[a].append(b)
            self.opponents[b].append(a)
        if bye is not None:
            self.byes[bye] = True
            self.opponents[bye].append(None)
            self.score[bye] += 12
        return rematches


def distance(standings: Sequence[Standing], pairs: list[tuple[str, str]]) -> int:
    index = {s.entrant: i for i, s in enumerate(standings)}
    return sum((index[a] - index[b]) ** 2 for a, b in pairs)


def rematches(standings: Sequence[Standing], pairs: list[tuple[str, str]]) -> int:
    met = {s.entrant: set(s.opponents) for s in standings}
    return sum(b in met[a] for a, b in pairs)


def median_time(pairer: Pairer, standings: Sequence[Standing], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        pairer(standings)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def mid_event(entrants: int) -> list[Standing]:
    event = Event(entrants, random.Random(entrants))
    for _ in range(3):
        event.play(*ours(event.standings()))
    return event.standings()


def whole_events(entrants: int, pairer: Pairer, events: int, rounds: int = 7) -> int:
    """Rematches over ``events`` whole events (the same random events for each pairer)."""
    total = 0
    for k in range(events):
        event = Event(entrants, random.Random(1000 * entrants + k))
        total += sum(event.play(*pairer(event.standings())) for _ in range(rounds))
    return total


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rows = []
    timed: dict[int, float] = {}
    for entrants in (500, 200):
        standings = mid_event(entrants)
        ours_pairs, _ = ours(standings)
        greedy_pairs, _ = greedy(standings)
        ours_s = median_time(ours, standings, args.runs)
        greedy_s = median_time(greedy, standings, args.runs)
        timed[entrants] = ours_s
        rows.append(
            f"| {entrants} | ours: `swiss_round` | {ours_s:.3f} s | 1.0× |"
            f" {rematches(standings, ours_pairs)} | {distance(standings, ours_pairs):,} |"
        )
        rows.append(
            f"| {entrants} | greedy (Magic Contest's method) | {greedy_s:.3f} s |"
            f" {greedy_s / ours_s:.2f}× | {rematches(standings, greedy_pairs)} |"
            f" {distance(standings, greedy_pairs):,} |"
        )
        if entrants == 200:
            full_pairs, _ = complete_graph(standings)
            full_s = median_time(complete_graph, standings, 1)
            assert distance(standings, full_pairs) == distance(standings, ours_pairs)
            rows.append(
                f"| {entrants} | networkx on every allowed pair (1 run) | {full_s:.2f} s |"
                f" {full_s / ours_s:.0f}× | {rematches(standings, full_pairs)} |"
                f" {distance(standings, full_pairs):,} |"
            )
    events = []
    for entrants, count in ((12, 50), (14, 50), (16, 50), (24, 50), (60, 20), (200, 5)):
        events.append(
            f"| {entrants} | {count} | {whole_events(entrants, ours, count)} |"
            f" {whole_events(entrants, greedy, count)} |"
        )
    table = "\n".join(rows)
    event_table = "\n".join(events)
    body = f"""
Round 4 of a realistic event (3 rounds already drawn by `swiss_round`, random results
leaning to the stronger entrant, the bye scoring 12); median of {args.runs} runs in one
process. "× ours" is the time over ours. Squared distance: the sum over tables of the
squared distance in the standings (the first thing our draw minimises after rematches).
The complete-graph run finds the same squared distance as ours, which is the point of the
pruning and the cuts (`docs/swiss.md`): the same optimum, many times faster.

| entrants | pairer | time | × ours | rematches | squared distance |
|---|---|---|---|---|---|
{table}

Rematches over whole 7-round events (the same random events for both; each pairer
draws every round from the standings its own draws led to; ours with `if_stuck`, so a
rematch in ours means no draw without one existed):

| entrants | events | rematches, ours | rematches, greedy |
|---|---|---|---|
{event_table}

Target: 500 entrants paired in under 1 s: {verdict(timed[500] < 1.0)} ({timed[500]:.3f} s).
"""
    write_section("swiss", "Swiss pairing, 500 and 200 entrants", body)


if __name__ == "__main__":
    main()
