"""docs/real-events.md, "As a user gets them": every real file read and scored with no
options at all, as ``bridgescore event FILE`` does, and the figures that agree with the
program's own; the table is held to the code row by row."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import bridgescore
from bridgescore.events.compare import compare_event
from bridgescore.events.scoring import options_for, score_event
from bridgescore.events.selfcheck import checked

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "real-events.md"
FILES = {
    p.name: p
    for folder in ("usebio", "pbn")
    for p in sorted((ROOT / "tests" / "io" / "data" / folder).iterdir())
    if p.suffix in (".xml", ".pbn")
}
ROW = re.compile(r"^\| `(?P<file>[^`]+)` \| (?P<how>.+) \| (?P<agree>\d+ / \d+|—) \|$")


def _table() -> dict[str, tuple[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## As a user gets them") : text.index("## The rules, program")]
    return {
        m["file"]: (m["how"], m["agree"])
        for m in (ROW.match(line) for line in section.splitlines())
        if m
    }


TABLE = _table()


def test_the_table_lists_every_file_with_figures() -> None:
    assert len(TABLE) == 31
    assert set(TABLE) <= set(FILES)


@pytest.mark.parametrize("name", sorted(TABLE))
def test_as_a_user_gets_them(name: str) -> None:
    how, agree = TABLE[name]
    event = bridgescore.load_event(FILES[name])
    if agree == "—":
        with pytest.raises(bridgescore.BridgeError, match=r"one table only.*--incomplete skip"):
            score_event(event)
        return
    chosen = options_for(event)
    said = chosen.describe().replace("scored as ", "").replace(" scores (the file names it)", "")
    assert said == how
    result = score_event(event)
    compared = compare_event(event, result, tie_marks=chosen.conventions.tie_marks)
    assert f"{compared.agree} / {compared.total}" == agree
    # the self-check says the same, and tries other conventions only where many differ
    found = checked(event)
    assert found.chosen.found == ()
    assert (found.comparison.agree, found.comparison.total) == (compared.agree, compared.total)
    counted = agree.replace(" / ", " of ")
    if found.tried == 1:  # the program's conventions reproduce enough: no search
        assert f"the file's own figures: {counted} agree" in found.describe()
    else:  # searched, and no set reproduces every figure: said with the sets tried
        assert compared.agree < compared.total
        assert (
            f"no conventions tried ({found.tried}) reproduce every figure of the file:"
            f" {counted} agree; the first that differ: "
        ) in found.describe()


def test_every_program_named_is_recognised() -> None:
    """Each file whose program has known conventions gets them, none by accident."""
    named = {
        name: options_for(bridgescore.load_event(path)).entry
        for name, path in FILES.items()
        if name in TABLE
    }
    assert {n for n, entry in named.items() if entry is None} == {
        "payload_individual.xml",
        "payload_multiple-teams.xml",
        "payload_point-a-board.xml",
        "realbridge_example2.pbn",
    }
    assert named["ruter_impcross.pbn"] is not None
    assert named["ruter_impcross.pbn"].name == "Ruter"
