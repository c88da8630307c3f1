"""The real PBN files of the test data that carry a double-dummy analysis or a par, and
the analysis tags' values as the files write them (read here with a plain pattern, not
with the reader under test)."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Final

import pytest

TESTS: Final = Path(__file__).resolve().parents[1]
PBN_DATA: Final = TESTS / "io" / "data" / "pbn"
REAL_DATA: Final = TESTS / "realdata" / "data"

ANALYSED: Final = (
    PBN_DATA / "bridgecomposer_2025-12-23.pbn",
    PBN_DATA / "bridgecomposer_2025-12-30.pbn",
    PBN_DATA / "bridgewebs_hands.pbn",
    PBN_DATA / "magic_contest_test_set.pbn",
    PBN_DATA / "realbridge_example2.pbn",
    PBN_DATA / "ruter_cross2.pbn",
    PBN_DATA / "ruter_impcross.pbn",
    PBN_DATA / "ruter_sm1.pbn",
    PBN_DATA / "ruter_sm2.pbn",
    REAL_DATA / "ruter_plusminus" / "ruter_sm1_plusminus.pbn",
)
"""Every PBN of the test data with DoubleDummyTricks, OptimumResultTable, OptimumScore,
ParContract or OptimumContract (a test holds this list to the data)."""

_TAG: Final = re.compile(rb'^\[(\w+) "([^"]*)"\]', re.MULTILINE)
ANALYSIS_TAGS: Final = (
    "DoubleDummyTricks", "OptimumResultTable", "OptimumScore", "ParContract", "OptimumContract",
)  # fmt: skip


def pbn_files() -> list[Path]:
    return sorted([*PBN_DATA.glob("*.pbn"), *REAL_DATA.rglob("*.pbn")])


def tag_values(path: Path) -> dict[str, list[str]]:
    """Every value of each analysis tag in the file, in file order."""
    found: dict[str, list[str]] = defaultdict(list)
    for name, value in _TAG.findall(path.read_bytes()):
        text = name.decode("ascii")
        if text in ANALYSIS_TAGS:
            found[text].append(value.decode("latin-1"))
    return dict(found)


def every_value(name: str) -> list[str]:
    """Every distinct value of tag ``name`` in the test data's PBN files."""
    return sorted({value for path in pbn_files() for value in tag_values(path).get(name, ())})


def _solver_installed() -> bool:
    from bridgescore.analysis.solver import available

    return available()


needs_dd: Final = [
    pytest.mark.dd,
    pytest.mark.skipif(not _solver_installed(), reason="the dd extra (endplay) is not installed"),
]
"""The marks of a test that runs the solver: ``pytestmark = needs_dd``."""
