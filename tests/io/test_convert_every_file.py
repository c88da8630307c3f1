"""``convert`` never writes a file that it cannot read back to the same event: every real
file of the test data, written in every format and read back, then written back in its own
format and read again, has the same results, kind, program and ranking.

USEBIO has one spelling for an artificial score, ``A6040``: average plus and minus written
there read back as 60 % and 40 % (what they are worth at matchpoints), and the comparison
says so instead of passing over it."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

import bridgescore
from bridgescore.duplicate.adjusted import Adjusted, AdjustedCode, NotPlayed
from bridgescore.errors import BridgeInputError
from bridgescore.events.conventions import program_conventions
from bridgescore.events.model import Event, ResultRow
from bridgescore.events.scoring import score_event
from bridgescore.io.events import format_of, write_event

ROOT = Path(__file__).resolve().parents[2]
REAL = [
    *sorted((ROOT / "tests" / "io" / "data" / "usebio").glob("*.xml")),
    *sorted((ROOT / "tests" / "io" / "data" / "pbn").glob("*.pbn")),
    ROOT / "examples" / "pairs-mitchell.csv",
    ROOT / "examples" / "teams.json",
]
FORMATS = ("csv", "json", "pbn", "xml")
_PERCENT = {
    AdjustedCode.AVERAGE_PLUS: "60%",
    AdjustedCode.AVERAGE: "50%",
    AdjustedCode.AVERAGE_MINUS: "40%",
}


def _award(award: object, usebio: bool) -> str:
    if usebio and isinstance(award, AdjustedCode):
        return _PERCENT[award]
    return str(Adjusted(award, award)).split("/")[0]  # type: ignore[arg-type]


def _key(row: ResultRow, usebio: bool) -> tuple[object, ...]:
    adjusted: object = None
    if isinstance(row.adjusted, Adjusted):
        adjusted = (_award(row.adjusted.ns, usebio), _award(row.adjusted.ew, usebio))
    elif isinstance(row.adjusted, NotPlayed):
        adjusted = "NP"
    return (
        row.board, row.ns, row.ew, row.vulnerability, row.result, row.ns_score, adjusted,
        row.round, row.table, row.players,
    )  # fmt: skip


def _rows(event: Event, usebio: bool = False) -> collections.Counter[tuple[object, ...]]:
    return collections.Counter(_key(row, usebio) for row in event.results.rows)


def _ranking(event: Event) -> list[tuple[object, ...]]:
    result = score_event(event, incomplete="skip") if event.kind == "teams" else None
    result = result or score_event(event)
    out = []
    for s in result.standings:
        who = getattr(s, "pair", None) or getattr(s, "player", None) or getattr(s, "team", None)
        total = getattr(s, "total", None)
        if total is None:
            total = getattr(s, "vp", None)
        out.append((s.place, who, round(float(total or 0), 6)))
    return sorted(out, key=lambda item: str(item[1]))


def _matches(event: Event) -> list[tuple[object, ...]]:
    return sorted(
        (m.round, m.table, m.home, m.away, m.home_imps, m.away_imps, m.home_vp, m.away_vp)
        for m in event.matches
    )


def _same(original: Event, copy: Event, usebio: bool) -> None:
    assert _rows(copy, usebio) == _rows(original, usebio)
    assert copy.kind == original.kind
    # the copy names the program whose figures it holds, so it is scored the same way
    assert program_conventions(copy.program) == program_conventions(original.program)
    assert _ranking(copy) == _ranking(original)


@pytest.mark.parametrize("source", REAL, ids=lambda p: p.name)
def test_every_conversion_reads_back_to_the_same_event(source: Path, tmp_path: Path) -> None:
    original = bridgescore.load_event(source)
    if original.matches and not original.results.rows:  # a match table only
        for fmt in ("csv", "json"):  # a results file has no place for a match's figures
            with pytest.raises(BridgeInputError, match="match table only"):
                write_event(original, tmp_path / f"copy.{fmt}")
            assert not (tmp_path / f"copy.{fmt}").exists()
        for fmt in ("pbn", "xml"):  # every match's IMPs and VPs, both ways
            copy = bridgescore.load_event(write_event(original, tmp_path / f"copy.{fmt}"))
            again = bridgescore.load_event(write_event(copy, tmp_path / f"back-{fmt}.pbn"))
            for read in (copy, again):
                assert _matches(read) == _matches(original)
                assert read.kind == original.kind
                assert _ranking(read) == _ranking(original)
                assert program_conventions(read.program) == program_conventions(original.program)
        return
    for fmt in FORMATS:
        target = write_event(original, tmp_path / f"copy.{fmt}")
        copy = bridgescore.load_event(target)
        _same(original, copy, usebio=fmt == "xml")
        # and back into the source's own format
        back = write_event(copy, tmp_path / f"back-{fmt}{source.suffix}")
        again = bridgescore.load_event(back)
        _same(original, again, usebio=fmt == "xml" or format_of(source) == "usebio")
