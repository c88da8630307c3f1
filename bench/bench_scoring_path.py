"""The one scoring path against the code before it: reading and scoring the largest real
files (what ``bridgescore event FILE`` does) and the live ranking's recompute after one
new result, side by side in the same run.

Issue 16 moved every scoring decision behind one typed request (``ScoringOptions``) and
the live ranking's memo into the library (``events.rescoring.Rescorer``); its target is
that neither costs more than 10 % over the code before it. The code before is a git
worktree of ``--before`` (default: the last commit before issue 16's work) whose ``src``
is put first on ``PYTHONPATH`` in the processes that time it; both versions run
alternately, each figure the best of several calls.

    .venv/bin/python bench/bench_scoring_path.py [--before b24585a] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(HERE))

from _common import write_section  # noqa: E402

FILES = (
    "tests/io/data/pbn/ruter_impcross.pbn",  # 1,680 results, cross-IMPs, three sections
    "tests/io/data/usebio/00201600+002321.xml",  # 305 results, two sections, EBU policy
    "tests/io/data/pbn/ruter_sm1.pbn",  # 1,188 results, matchpoints
)

_LIBRARY = r"""
import json, sys, time
import bridgescore
from bridgescore.events.scoring import score_event
path = sys.argv[1]
times = []
for _ in range(int(sys.argv[2])):
    began = time.perf_counter()
    score_event(bridgescore.load_event(path))
    times.append(time.perf_counter() - began)
print(json.dumps(min(times)))
"""


def _env(src: Path | None) -> dict[str, str]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    return env


def library(src: Path | None, path: str, repeat: int = 7) -> float:
    """The best time of ``load_event`` + ``score_event`` on ``path``, in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", _LIBRARY, str(REPO / path), str(repeat)],
        env=_env(src),
        capture_output=True,
        text=True,
        check=True,
    )
    return float(json.loads(done.stdout.strip().splitlines()[-1]))


def command(src: Path | None, path: str, repeat: int = 5) -> float:
    """The best wall time of ``bridgescore event FILE`` (start-up included)."""
    import time

    best = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "bridgescore.cli.main", "event", str(REPO / path)],
            env=_env(src),
            capture_output=True,
            check=True,
        )
        best = min(best, time.perf_counter() - began)
    return best


def recompute(src: Path | None) -> dict[str, Any]:
    """bench_web's recompute of a 30-table session's live ranking after one new result,
    with ``src`` first on the path of the server and of the process that times it."""
    import bench_web

    saved = os.environ.get("PYTHONPATH")
    try:
        if src is not None:
            os.environ["PYTHONPATH"] = str(src)
        return bench_web.recompute("sqlite")
    finally:
        if saved is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = saved


def worktree(commit: str) -> Path:
    where = Path("/tmp") / f"bridgescore-before-{commit}"
    if not where.exists():
        subprocess.run(
            ["git", "-C", str(REPO), "worktree", "add", "--detach", str(where), commit],
            check=True,
            capture_output=True,
        )
    return where / "src"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="b24585a", help="the commit to compare with")
    parser.add_argument("--runs", type=int, default=3, help="alternate runs of each version")
    parser.add_argument("--skip-web", action="store_true")
    args = parser.parse_args()
    before = worktree(args.before)
    versions: dict[str, Path | None] = {"before": before, "now": None}
    lib: dict[tuple[str, str], list[float]] = {}
    cli: dict[tuple[str, str], list[float]] = {}
    live: dict[str, list[dict[str, Any]]] = {"before": [], "now": []}
    for _ in range(args.runs):
        for name, src in versions.items():
            for path in FILES:
                lib.setdefault((name, path), []).append(library(src, path))
                cli.setdefault((name, path), []).append(command(src, path))
            if not args.skip_web:
                live[name].append(recompute(src))
            print(name, {p: ms(min(lib[(name, p)])) for p in FILES}, flush=True)
    rows = []
    worst = 0.0
    for path in FILES:
        old, new = min(lib[("before", path)]), min(lib[("now", path)])
        old_cli, new_cli = min(cli[("before", path)]), min(cli[("now", path)])
        worst = max(worst, new / old, new_cli / old_cli)
        rows.append(
            f"| `{Path(path).name}` | {ms(old)} | {ms(new)} | {new / old:.2f}× |"
            f" {ms(old_cli)} | {ms(new_cli)} | {new_cli / old_cli:.2f}× |"
        )
    body = [
        "Reading and scoring the largest real files: `load_event` + `score_event` in one"
        " process (best of 7, best of the runs), and `bridgescore event FILE` as a command"
        f" (start-up included, best of 5), the code before issue 16 (`{args.before}`, a git"
        " worktree) and now, alternately, on the same machine in the same run.",
        "",
        "| file | library before | now | now / before | command before | now | now / before |",
        "|---|---|---|---|---|---|---|",
        *rows,
    ]
    if not args.skip_web:
        web_rows = []
        for name in ("before", "now"):
            medians = [f["live"] for f in live[name]]
            web_rows.append(
                f"| {name} | {ms(statistics.median(medians))} ({ms(min(medians))}-"
                f"{ms(max(medians))}) | {ms(min(f['full'] for f in live[name]))} |"
            )
        old_live = statistics.median(f["live"] for f in live["before"])
        new_live = statistics.median(f["live"] for f in live["now"])
        worst = max(worst, new_live / old_live)
        body += [
            "",
            "The live ranking of a 30-table session (780 results) worked out again after one"
            " new result (`bench_web.py`'s recompute, SQLite: `live.report` after each of six"
            " results, the median of the runs with their range; the full library call beside"
            " it):",
            "",
            "| code | `live.report` after one result | full library call |",
            "|---|---|---|",
            *web_rows,
            "",
            f"Live recompute now / before: {new_live / old_live:.2f}×.",
        ]
    body += [
        "",
        f"Target: within 10 % of the code before (1.10×): worst ratio {worst:.2f}×"
        f" ({'met' if worst <= 1.10 else 'not met'}).",
    ]
    write_section(
        "scoring-path", "The one scoring path against the code before it", "\n".join(body)
    )


if __name__ == "__main__":
    main()
