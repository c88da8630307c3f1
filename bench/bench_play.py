"""The session in play (issue 27): what one more entry costs the play object, at 5, 30 and
60 tables, beside the rule as the web app worked it out before (in the same run).

Three sessions of T tables, 2 boards a round (a match), every table halfway through:

- a Mitchell of T tables (its first T // 2 rounds entered);
- a teams round robin of T teams, two rooms a match (T tables; 6 for 5, as a match is two
  tables), its first (T - 1) // 2 rounds entered;
- a Swiss of T teams (6 for 5), drawn round by round by the library's draw
  (:func:`~bridgescore.events.movements.swiss.swiss_round`) from seeded scores: 3 rounds
  played, round 4 drawn; the movement has only the rounds drawn.

For each:

- ``after``: :meth:`bridgescore.events.play.Play.after` for one more entry (the entering
  table's state worked out again, nothing else): the target is that it does not grow with
  T (the ratio 60 / 5 tables, shown);
- ``round_of``: the entering table's round asked of the play object afterwards;
- ``before``: the round the web app worked out before issue 27 (``web/entries.py
  table_round`` at 2ee732f, written out below): from the session's standing entries, the
  latest round the table has anything in (a scan of every entry), then the first round
  from there with a board missing (each round's tables searched for the table);
- for the Swiss, ``redrawn``: the session under the movement with one more round drawn
  (:meth:`~bridgescore.events.play.Play.redrawn`, once a draw, not once an entry).

Each figure is the best of ``--repeat`` runs of many calls, in microseconds; the section
``play`` of RESULTS.md is written.

    .venv/bin/python bench/bench_play.py [--repeat 15]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import verdict, write_section

from bridgescore.events.movements import mitchell
from bridgescore.events.movements.fit import table_in
from bridgescore.events.movements.model import (
    Movement,
    MovementKind,
    Round,
    Table,
    board_range,
)
from bridgescore.events.movements.swiss import Standing, SwissRules, swiss_round
from bridgescore.events.movements.teams import Match, round_robin
from bridgescore.events.play import Entered, Plan, Play

SIZES = (5, 30, 60)
BOARDS = 2
SWISS_PLAYED = 3
"""Swiss rounds played before the round under way."""
INDEPENDENT = 1.5
"""The most ``after`` at 60 tables may cost over 5 tables and still be called independent
of the session's size (12 times the tables; a dict copied whole still grows a little)."""


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
    """Microseconds a call, the best of ``repeat`` runs of ``calls`` calls (the machine is
    shared: the best run is the one least disturbed)."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(calls):
            call()
        runs.append((time.perf_counter() - start) / calls * 1e6)
    return min(runs)


def rooms(matches: list[Match]) -> Round:
    """A round's matches as the web app seats them: match n's open room at table 2n - 1
    (home team North-South), its closed room at table 2n (the boards in the other order)."""
    tables: list[Table] = []
    for number, match in enumerate(matches, start=1):
        tables.append(Table(2 * number - 1, match.home, match.away, match.boards))
        tables.append(Table(2 * number, match.away, match.home, match.boards[::-1]))
    return Round(tuple(tables))


def teams_robin(tables: int) -> tuple[Movement, int]:
    """A round robin of ``tables`` teams (even), two rooms a match; the rounds entered."""
    robin = round_robin(tables, BOARDS)
    movement = Movement(
        MovementKind.OTHER, tuple(rooms(list(r.matches)) for r in robin.rounds), meet_once=False
    )
    return movement, (len(robin.rounds)) // 2


def swiss_rounds(tables: int, drawn: int) -> tuple[Round, ...]:
    """A Swiss of ``tables`` teams (even), ``drawn`` rounds drawn by the library's draw from
    seeded match scores (20 VPs shared a match)."""
    teams = [str(n) for n in range(1, tables + 1)]
    scores = dict.fromkeys(teams, 0.0)
    opponents: dict[str, list[str | None]] = {t: [] for t in teams}
    chance = random.Random(tables)
    made: list[Round] = []
    for number in range(1, drawn + 1):
        ordered = sorted(teams, key=lambda t: (-scores[t], int(t)))
        standings = [Standing(t, scores[t], opponents=tuple(opponents[t])) for t in ordered]
        draw = swiss_round(standings, SwissRules(), number)
        boards = board_range(number - 1, BOARDS)
        made.append(rooms([Match(p.higher, p.lower, boards) for p in draw.pairings]))
        for p in draw.pairings:
            opponents[p.higher].append(p.lower)
            opponents[p.lower].append(p.higher)
            won = chance.uniform(0, 20)
            scores[p.higher] += won
            scores[p.lower] += 20 - won
    return tuple(made)


@dataclass(frozen=True, slots=True)
class Measured:
    session: str
    tables: int
    entries: int
    after: float
    round_of: float
    before: float
    redrawn: float | None = None


def measure(
    session: str, tables: int, movement: Movement, entered: int, repeat: int
) -> tuple[Measured, Play, Entered]:
    """One more entry at a table halfway through: its first board of round
    ``entered + 1``, every table having entered rounds 1 to ``entered``."""
    plan = Plan.of(movement)
    log = [Entered(s.round, s.table, s.board) for s in plan.seatings() if s.round <= entered]
    play = Play.of(plan, log)
    done = {e.key: e for e in log}
    table = tables // 2 + 1
    nxt = play.round_of(table)
    assert nxt == entered + 1, (session, tables, nxt)
    seat = plan.seat(nxt, table)
    assert seat is not None
    entry = Entered(nxt, table, seat.boards[0])
    after = timed(partial(play.after, entry), 2000, repeat)
    moved = play.after(entry)
    asked = timed(partial(moved.round_of, table), 20000, repeat)
    old = timed(partial(before, movement, table, done), 200, repeat)
    assert before(movement, table, done) == play.round_of(table)
    return Measured(session, tables, len(log), after, asked, old), play, entry


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    found: list[Measured] = []
    for size in SIZES:
        movement = mitchell(size, BOARDS)
        found.append(measure("Mitchell", size, movement, len(movement.rounds) // 2, args.repeat)[0])
    for size in SIZES:
        tables = size + size % 2
        movement, entered = teams_robin(tables)
        found.append(measure("teams round robin", tables, movement, entered, args.repeat)[0])
    for size in SIZES:
        tables = size + size % 2
        drawn = swiss_rounds(tables, SWISS_PLAYED + 2)
        under_way = Movement(MovementKind.OTHER, drawn[: SWISS_PLAYED + 1], meet_once=False)
        measured, play, entry = measure("Swiss", tables, under_way, SWISS_PLAYED, args.repeat)
        next_draw = Plan.of(Movement(MovementKind.OTHER, drawn, meet_once=False))
        moved = play.after(entry)
        redrawn = timed(partial(moved.redrawn, next_draw), 200, args.repeat)
        found.append(
            Measured(
                measured.session,
                measured.tables,
                measured.entries,
                measured.after,
                measured.round_of,
                measured.before,
                redrawn,
            )
        )

    lines = [
        "Three sessions, 2 boards a round (a match), every table halfway through: a Mitchell"
        " of T tables (its first T // 2 rounds in); a teams round robin of T teams, two"
        " rooms a match (T tables; 6 for 5, a match being two tables; its first (T - 1) // 2"
        f" rounds in); a Swiss of T teams drawn round by round by the library's draw from"
        f" seeded scores ({SWISS_PLAYED} rounds in, round {SWISS_PLAYED + 1} drawn: the"
        " movement has only the rounds drawn). The microseconds a call, the best of"
        f" {args.repeat} runs of many calls, of the play object's update after one entry"
        " (`Play.after`: the entering table's first board of its next round), the entering"
        " table's round asked afterwards (`round_of`), and, in the same run, the rule as"
        " the web app worked it out before issue 27 (`before`: a scan of the session's"
        " standing entries for the table's latest round, then the rounds searched). For the"
        " Swiss, `redrawn`: the session under the movement with the next round drawn (once"
        " a draw, not once an entry; it works out every table's round again).",
        "",
        "| session | tables | entries in | after (µs) | round_of (µs) | before (µs)"
        " | before / after | redrawn (µs) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for m in found:
        redrawn = "" if m.redrawn is None else f"{m.redrawn:.0f}"
        lines.append(
            f"| {m.session} | {m.tables} | {m.entries} | {m.after:.1f} | {m.round_of:.2f}"
            f" | {m.before:.1f} | {m.before / m.after:.1f}× | {redrawn} |"
        )
    lines += [
        "",
        "Independence of the session's size: `after` at 60 tables over `after` at 5"
        " (6 for teams), at most"
        f" {INDEPENDENT}× to be called independent (12 times the tables, and 10 to 170"
        " times the entries):",
        "",
    ]
    for session in dict.fromkeys(m.session for m in found):
        mine = [m for m in found if m.session == session]
        ratio = mine[-1].after / mine[0].after
        lines.append(
            f"- {session}: {mine[0].after:.1f} µs at {mine[0].tables} tables"
            f" ({mine[0].entries} entries in), {mine[-1].after:.1f} µs at {mine[-1].tables}"
            f" ({mine[-1].entries} in): {ratio:.2f}× {verdict(ratio <= INDEPENDENT)}."
        )
    lines += [
        "",
        "What still grows with the session: the table map and the entering table's own"
        " entries are copied whole once an update (a dict copy, fractions of a microsecond"
        " at 60 tables; read key by key through their read-only views they had cost 2-3 µs"
        " each at 60 tables, the update 9.3 µs against 3.9 µs at 5 before that was changed)."
        " A Mitchell's or a round robin's table has entered 30 rounds by half-time at 60"
        " tables, a Swiss's 3: the copy of its entries is the difference between them."
        " The round asked afterwards is a lookup. The machine is shared: load average"
        f" {' / '.join(f'{x:.2f}' for x in os.getloadavg())} at the end.",
    ]
    write_section("play", "A session in play: one more entry (issue 27)", "\n".join(lines))


if __name__ == "__main__":
    main()
