"""A Swiss draw round by round for 50, 100, 200 and 300 teams: the time of each round.

A whole event is played: teams of random strength, random 20-VP results leaning to the
stronger (the bye scoring 12), every round drawn by ``swiss_round`` (rules ``never``,
``if_stuck``) from the standings the earlier draws led to. Each round's draw is timed
(the best of ``--runs`` calls on the same standings) and its largest part shown: the
draw itself (``swiss_round``), and the check of the draw (``Draw.problems``). The draw
must stay well under a second a round however far into the event.

Prints a table; it does not write bench/RESULTS.md.

    PYTHONPATH=src .venv/bin/python bench/bench_swiss_rounds.py [--runs 3] [--rounds 9]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial

from bench_swiss import Event  # the same simulated event as bench_swiss.py

from bridgescore.events.movements.swiss import SwissRules, swiss_round

RULES = SwissRules(if_stuck=True)


def best(function: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--sizes", default="50,100,200,300")
    args = parser.parse_args()
    print("| teams | round | draw (s) | check (s) | rematches |")
    print("|---|---|---|---|---|")
    for teams in (int(s) for s in args.sizes.split(",")):
        event = Event(teams, random.Random(teams))
        worst = 0.0
        for round_no in range(1, args.rounds + 1):
            standings = event.standings()
            draw = swiss_round(standings, RULES)
            took = best(partial(swiss_round, standings, RULES), args.runs)
            checked = best(partial(draw.problems, standings, RULES), args.runs)
            worst = max(worst, took)
            pairs = [(p.higher, p.lower) for p in draw.pairings]
            again = event.play(pairs, draw.bye)
            print(f"| {teams} | {round_no} | {took:.3f} | {checked:.4f} | {again} |", flush=True)
        print(f"| {teams} | worst | {worst:.3f} | | |", flush=True)


if __name__ == "__main__":
    main()
