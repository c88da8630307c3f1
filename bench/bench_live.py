"""The live ranking at congress scale (issue 28): the library's part of a results page
after one new result, and the full computation, at 30, 60 and 240 tables, beside the code
of an earlier commit in the same run.

A field is a spec as the web app takes it (``mitchell:30x4`` one section, or sections
joined by ``+``); every table plays every round with a result on each board (results
chosen by a seeded random draw), sections scored apart or across. For each field:

- ``full``: ``build_report`` of the whole session, which scores it (``score_event``) and
  lays it out: what a results page cost before anything was kept;
- ``after one``: the last six results entered one at a time, after each the library's
  live path as ``web/live.py`` calls it: the ``Rescorer`` (its state kept from the result
  before, told the row put where the tree's ``Rescorer`` takes ``Changes``) and
  ``pairs_pages`` with its ``LayoutMemo``; the median of the six; beside it the rows
  checked again (``results_of``), which the live ranking paid before on every
  new result and no longer does (each row is checked when it is entered).

Each tree's figures come from a process of its own (its ``src`` first on ``sys.path``):
this tree's and ``--before REV``'s (a git worktree), one after the other, each field the
best of ``--runs`` runs. The section ``live`` of RESULTS.md is written.

    .venv/bin/python bench/bench_live.py --before c9c0a4c [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

FIELDS = (
    ("mitchell:30x4", "across"),
    ("mitchell:30x4 + mitchell:30x4", "apart"),
    (" + ".join(["mitchell:30x4"] * 8), "apart"),
    (" + ".join(["mitchell:30x4"] * 8), "across"),
)
CONTRACTS = ("4S", "3NT", "2H", "1NT", "4H", "3C", "5D", "2S", "6NT", "3S")
LAST = 6
TARGET_AFTER_ONE = 0.020
TARGET_FULL = 5.0


def measure(spec: str, how: str) -> dict[str, Any]:
    """One field's figures in this process's tree (run in a child process)."""
    from bridgescore.core.contract import TableResult
    from bridgescore.core.vulnerability import BoardInfo
    from bridgescore.events.model import Event, Participant, ResultRow, ns_score_of
    from bridgescore.events.movements.sections import built_spec
    from bridgescore.events.rescoring import Rescorer
    from bridgescore.events.scoring import options_for, results_of
    from bridgescore.events.vocabulary import EventKind, Scoring
    from bridgescore.report import view
    from bridgescore.report.view import LayoutMemo, build_report

    pairs_pages = view.pairs_pages
    try:  # told what changed (as web/live.py tells it), where the tree can be
        from bridgescore.events.rescoring import Changes

        def told(row: Any) -> Any:
            return Changes(put=(row,))
    except ImportError:

        def told(row: Any) -> Any:
            return None

    _, field = built_spec(spec)
    flattened = getattr(field, "flattened", None)
    movement = flattened() if flattened else field
    apart = how == "apart" and flattened is not None
    draw = random.Random(28)
    rows = []
    for number, rnd in enumerate(movement.rounds, start=1):
        for seat in rnd.tables:
            section = field.section_of_pair(seat.ns) if apart else None  # type: ignore[union-attr]
            for board in seat.boards:
                vulnerability = BoardInfo.of(board).vulnerability
                tricks = draw.choice(("=", "+1", "-1", "-2"))
                text = f"{draw.choice(CONTRACTS)}{draw.choice('NESW')}{tricks}"
                made = TableResult.parse(text)
                score = ns_score_of(made, vulnerability, "2017")
                rows.append(
                    ResultRow(board, seat.ns, seat.ew, vulnerability, made, score, round=number,
                              table=str(seat.table), section=section)
                )  # fmt: skip
    participants = tuple(Participant(pair, ()) for pair in movement.pairs)
    hands: dict[int, Any] = {}

    def event(these: list[Any]) -> Any:
        checked = results_of(these)
        return Event(checked, name="congress", kind=EventKind.PAIRS, scoring=Scoring.MATCHPOINTS,
                     participants=participants, hands=hands)  # fmt: skip

    whole = event(rows)
    start = time.perf_counter()
    build_report(whole)  # scores the event itself: a results page from nothing kept
    full = time.perf_counter() - start
    held = rows[-LAST:]
    rows = rows[:-LAST]
    options = options_for(whole).options
    rescorer, memo = Rescorer(), LayoutMemo()
    first = event(rows)
    pairs_pages(first, rescorer.score(first, options), memo)
    after, checks, cards = [], [], []
    for row in held:
        rows.append(row)
        start = time.perf_counter()
        now = event(rows)
        checked = time.perf_counter()
        changed = told(row)
        laid = pairs_pages(now, rescorer.score(now, options, *([changed] if changed else [])), memo)
        after.append(time.perf_counter() - checked)
        checks.append(checked - start)
        page = getattr(laid, "page", None)
        if page is not None:  # a tree whose cards are laid out when asked for
            start = time.perf_counter()
            assert page(f"pair-{view.slug(row.ns)}.html") is not None
            cards.append(time.perf_counter() - start)
    return {
        "results": len(rows),
        "tables": max(t.table for rnd in movement.rounds for t in rnd.tables),
        "full": full,
        "after": statistics.median(after),
        "checks": statistics.median(checks),
        "card": statistics.median(cards) if cards else None,
    }


def run(src: Path, spec: str, how: str, runs: int) -> dict[str, Any]:
    """The best of ``runs`` child processes, each measuring one field under ``src``."""
    best: dict[str, Any] | None = None
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, __file__, "--measure", spec, how],
            env={**os.environ, "PYTHONPATH": str(src)},
            capture_output=True,
            text=True,
            check=True,
        )
        found = json.loads(done.stdout)
        if best is None:
            best = found
        else:
            best = {
                k: min(v, found[k]) if isinstance(v, float) and found[k] is not None else v
                for k, v in best.items()
            }
    assert best is not None
    return best


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="c9c0a4c", help="the earlier commit to measure beside")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--measure", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(*args.measure)))
        return
    from _common import verdict, write_section
    from bench_web import git, load, worktrees

    before_line = git("log", "-1", "--format=%h %s", args.before)
    now_line = git("log", "-1", "--format=%h %s", "HEAD")
    lines = [
        f"The code before (`{before_line[:60]}`) and now (`{now_line[:60]}`, with the"
        " working tree's changes if any), each in a process of its own; every figure is the"
        f" best of {args.runs} runs. *Full*: `build_report` of the whole session (it scores"
        " the session with `score_event` and lays it out). *After one*: one more result, then"
        " the library's live path as"
        " `web/live.py` calls it (the kept `Rescorer`, and `pairs_pages` with its kept"
        f" `LayoutMemo`), the median over the last {LAST} results of the session. Where the"
        " tree lays out a pair's score card only when it is asked for (`report.view.Cards`),"
        " *after one* is without the cards, and *a card* is then one card asked for (the"
        " new result's North-South pair's, as a player opening it; the code before laid out"
        " every card within *after one*). *Rows checked*: `results_of` over the session's"
        " rows, which the live ranking paid on every new result before and no longer pays.",
        "",
        "| field (sections scored) | tables | results | full before | full now"
        " | after one before | after one now | now / before | a card | rows checked |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    worst_after, worst_full = 0.0, 0.0
    with worktrees({"before": args.before}) as trees:
        for spec, how in FIELDS:
            old = run(trees["before"], spec, how, args.runs)
            new = run(HERE.parent / "src", spec, how, args.runs)
            shown = (
                spec if "+" not in spec else f"{spec.count('+') + 1} × {spec.split('+')[0].strip()}"
            )
            lines.append(
                f"| `{shown}` ({how}) | {new['tables']} | {new['results']:,} | {ms(old['full'])}"
                f" | {ms(new['full'])} | {ms(old['after'])} | {ms(new['after'])}"
                f" | {new['after'] / old['after']:.3f}"
                f" | {ms(new['card']) if new.get('card') is not None else '—'}"
                f" | {ms(new['checks'])} |"
            )
            print(lines[-1], flush=True)
            if new["tables"] >= 240:
                worst_after = max(worst_after, new["after"])
                worst_full = max(worst_full, new["full"])
    lines += [
        "",
        f"Load average at the end: {load()}.",
        "",
        "Targets (issue 28), at 240 tables (8 sections of 30, 28,800 results: 120 boards a"
        " table, the most under the web app's limit of 128 boards a movement; the issue's"
        " 50,000 results are more than a session can hold):",
        "",
        "- the live ranking after one new result under 20 ms:"
        f" {verdict(worst_after < TARGET_AFTER_ONE)} ({ms(worst_after)} at worst);",
        f"- the full computation under 5 s: {verdict(worst_full < TARGET_FULL)}"
        f" ({ms(worst_full)} at worst).",
    ]
    write_section("live", "The live ranking at congress scale (issue 28)", "\n".join(lines))


if __name__ == "__main__":
    main()
