"""The self-check's cost (issue 25): what proving a file's figures adds to ``bridgescore
event``, side by side in one run.

For every real file of the test data (``tests/io/data/{pbn,usebio}``): the file read and
scored as ``event`` scores it (``load_event``, ``options_for``, ``score_with``: the work
``event`` did before the self-check), and the same with the self-check
(``bridgescore.events.selfcheck.checked``: scored, every figure of the file compared, other
conventions tried where fewer than 99.5 % agree). The self-check's cost is the difference,
as a share of the plain ``event`` time; each figure is the best of ``--repeat`` runs, the
two taking turns. The largest file (most result rows) is the target's: under 20 %.

    .venv/bin/python bench/bench_selfcheck.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import bridgescore
from bridgescore.events.model import Event
from bridgescore.events.scoring import options_for, score_with
from bridgescore.events.selfcheck import checked

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(
    p
    for folder in ("pbn", "usebio")
    for p in (ROOT / "tests" / "io" / "data" / folder).iterdir()
    if p.suffix in (".pbn", ".xml")
)
TARGET = 0.20


def _plain(path: Path) -> Event:
    event = bridgescore.load_event(path)
    score_with(event, options_for(event).options)
    return event


def _checked(path: Path) -> int:
    return checked(bridgescore.load_event(path)).tried


def _best(run: object, path: Path, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run(path)  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rows: list[tuple[str, int, float, float, int]] = []
    for path in FILES:
        try:
            event = _plain(path)
        except bridgescore.BridgeError:
            continue  # a file that needs an option (RealBridge's one-room board)
        plain = checked_time = float("inf")
        for turn in range(args.repeat):  # taking turns, the first alternating
            order = (_plain, _checked) if turn % 2 == 0 else (_checked, _plain)
            for run in order:
                spent = _best(run, path, 1)
                if run is _plain:
                    plain = min(plain, spent)
                else:
                    checked_time = min(checked_time, spent)
        rows.append((path.name, len(event.results.rows), plain, checked_time, _checked(path)))
    print(f"{'file':38} {'rows':>5} {'event s':>8} {'checked s':>9} {'cost':>7} tried")
    for name, count, plain, with_check, tried in rows:
        cost = (with_check - plain) / plain
        print(f"{name:38} {count:5} {plain:8.3f} {with_check:9.3f} {cost:7.1%} {tried:5}")
    name, count, plain, with_check, _tried = max(rows, key=lambda row: row[1])
    cost = (with_check - plain) / plain
    verdict = "meets" if cost < TARGET else "MISSES"
    print(
        f"largest file {name} ({count} rows): the self-check costs {cost:.1%} of event"
        f" ({with_check:.3f} s against {plain:.3f} s); {verdict} the {TARGET:.0%} target"
    )


if __name__ == "__main__":
    main()
