"""The session in play (issue 27): what one more entry costs the play object, at 5, 30 and
60 tables, beside the rule as the web app worked it out before (in the same run).

A Mitchell of T tables and 2-board rounds, every table halfway through (its first T // 2
rounds entered). For each size:

- ``after``: :meth:`bridgescore.events.play.Play.after` for one more entry (the table's
  state worked out again, nothing else): the target is that it does not grow with T;
- ``round_of``: the entering table's round asked of the play object afterwards;
- ``before``: the round the web app worked out before issue 27 (``web/entries.py
  table_round`` at 2ee732f, written out below): from the session's standing entries, the
  latest round the table has anything in (a scan of every entry), then the first round
  from there with a board missing (each round's tables searched for the table).

Each figure is the median of ``--repeat`` runs of many calls, in microseconds.

    .venv/bin/python bench/bench_play.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Mapping
from functools import partial

from bridgescore.events.movements import mitchell
from bridgescore.events.movements.fit import table_in
from bridgescore.events.movements.model import Movement
from bridgescore.events.play import Entered, Plan, Play

SIZES = (5, 30, 60)


def before(movement: Movement, table: int, done: Mapping[tuple[int, int, int], object]) -> int:
    """The web app's ``table_round`` before the play object (2ee732f), for comparison."""
    latest = max((r for (r, t, _) in done if t == table), default=1)
    for number in range(latest, len(movement.rounds) + 1):
        seat = table_in(movement, number, table)
        if seat is None:
            continue
        if any((number, table, board) not in done for board in seat.boards):
            return number
    return len(movement.rounds)


def timed(call: Callable[[], object], calls: int, repeat: int) -> float:
    """Median microseconds a call over ``repeat`` runs of ``calls`` calls."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(calls):
            call()
        runs.append((time.perf_counter() - start) / calls * 1e6)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    print("| tables | entries in | after (µs) | round_of (µs) | before (µs) | before / after |")
    print("|---|---|---|---|---|---|")
    for tables in SIZES:
        movement = mitchell(tables, 2)
        plan = Plan.of(movement)
        log = [
            Entered(s.round, s.table, s.board)
            for s in plan.seatings()
            if s.round <= len(movement.rounds) // 2
        ]
        play = Play.of(plan, log)
        done = {e.key: e for e in log}
        table = tables // 2 + 1
        nxt = play.round_of(table)
        seat = plan.seat(nxt, table)
        assert seat is not None
        entry = Entered(nxt, table, seat.boards[0])
        after = timed(partial(play.after, entry), 2000, args.repeat)
        moved = play.after(entry)
        asked = timed(partial(moved.round_of, table), 20000, args.repeat)
        old = timed(partial(before, movement, table, done), 200, args.repeat)
        assert before(movement, table, done) == play.round_of(table)
        print(
            f"| {tables} | {len(log)} | {after:.1f} | {asked:.2f} | {old:.1f} |"
            f" {old / after:.1f}× |"
        )


if __name__ == "__main__":
    main()
