"""Shared helpers for the benchmarks: timing, the machine, and bench/RESULTS.md.

Each ``bench_*.py`` script measures the peer and bridgescore side by side in the
same run and rewrites its own section of ``RESULTS.md`` (between markers), so the
scripts can be run one at a time, in any order. Run them by hand; they are not
part of the test suite.
"""

from __future__ import annotations

import datetime as dt
import os
import platform
import re
import subprocess
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS.md"


def best_of(function: Callable[[], object], repeat: int = 5) -> float:
    """The best wall time of ``repeat`` calls, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def cpu_model() -> str:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return platform.processor() or "unknown"
    found = re.search(r"^model name\s*:\s*(.+)$", text, re.MULTILINE)
    return found.group(1).strip() if found else "unknown"


def machine() -> str:
    """The machine, as markdown lines."""
    uname = subprocess.run(["uname", "-a"], capture_output=True, text=True).stdout.strip()
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    versions = []
    for package in ("numpy", "polars", "pyarrow", "dask", "distributed", "endplay"):
        try:
            versions.append(f"{package} {metadata.version(package)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{package} (not installed)")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return "\n".join(
        [
            f"- `uname -a`: `{uname}`",
            f"- CPU: {cpu_model()}; {os.cpu_count()} cores ({usable} usable by this process)",
            f"- Python {platform.python_version()}; {', '.join(versions)}",
            f"- load average when the section was written: {load} (other work on the machine"
            " makes the figures noisy; each is the best of several runs)",
        ]
    )


def command() -> str:
    """The command line that ran this script."""
    script = Path(sys.argv[0]).resolve().relative_to(HERE.parent)
    return " ".join([".venv/bin/python", str(script), *sys.argv[1:]])


_HEADER = """# Benchmarks

Produced by the `bench/bench_*.py` scripts (run by hand, not by the test suite); each
script rewrites its own section below. Ratios compare runs on the same data in the same
process. Times are the best of several runs.

"""


def write_section(name: str, title: str, body: str) -> None:
    """Replace (or add) the section ``name`` of RESULTS.md."""
    today = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    section = (
        f"<!-- {name}:start -->\n## {title}\n\n"
        f"Run {today} with `{command()}` on:\n\n{machine()}\n\n{body.strip()}\n"
        f"<!-- {name}:end -->\n"
    )
    text = RESULTS.read_text() if RESULTS.exists() else _HEADER
    pattern = re.compile(rf"<!-- {name}:start -->.*?<!-- {name}:end -->\n", re.DOTALL)
    if pattern.search(text):
        text = pattern.sub(lambda _: section, text)
    else:
        text = text.rstrip("\n") + "\n\n" + section
    RESULTS.write_text(text)
    print(section)


def verdict(ok: bool) -> str:
    return "**met**" if ok else "**not met**"
