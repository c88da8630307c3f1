"""The USEBIO test files (read once per run) and a builder of small files; imported by the
other USEBIO tests."""

from __future__ import annotations

import functools
from pathlib import Path

from bridgescore.events.model import Event
from bridgescore.io import usebio

DATA = Path(__file__).resolve().parent / "data" / "usebio"
FILES = tuple(sorted(path.name for path in DATA.glob("*.xml")))


@functools.cache
def raw(name: str) -> bytes:
    return (DATA / name).read_bytes()


@functools.cache
def document(name: str) -> usebio.USEBIODocument:
    """A real file, read once per test run (tests must not change its tree)."""
    return usebio.loads(raw(name), source=name)


@functools.cache
def event(name: str) -> Event:
    return usebio.to_event(document(name))


def line(
    ns: str = "1",
    ew: str = "2",
    contract: str | None = "4S",
    by: str | None = "N",
    tricks: str | None = "10",
    score: str | None = "420",
    extra: str = "",
) -> str:
    """One TRAVELLER_LINE; ``None`` leaves an element out."""
    parts = [f"<NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>", f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"]
    for tag, value in (("CONTRACT", contract), ("PLAYED_BY", by), ("TRICKS", tricks)):
        if value is not None:
            parts.append(f"<{tag}>{value}</{tag}>")
    if score is not None:
        parts.append(f"<SCORE>{score}</SCORE>")
    return "<TRAVELLER_LINE>\n" + "\n".join(parts) + extra + "\n</TRAVELLER_LINE>"


def board(number: int, *lines: str, extra: str = "") -> str:
    return (
        f"<BOARD>\n<BOARD_NUMBER>{number}</BOARD_NUMBER>{extra}\n" + "\n".join(lines) + "\n</BOARD>"
    )


def usebio_text(
    *boards: str,
    event_type: str = "MP_PAIRS",
    participants: str = "",
    head: str = "",
    prolog: str = '<?xml version="1.0" encoding="UTF-8"?>\n',
) -> str:
    """A small USEBIO file: one line per element, so a line number is easy to predict."""
    return (
        prolog
        + '<USEBIO Version="1.2">\n<CLUB>\n<CLUB_NAME>Test Club</CLUB_NAME>\n</CLUB>\n'
        + f'<EVENT EVENT_TYPE="{event_type}">\n{head}'
        + "<EVENT_DESCRIPTION>Test pairs</EVENT_DESCRIPTION>\n<DATE>05/03/2024</DATE>\n"
        + (f"<PARTICIPANTS>\n{participants}\n</PARTICIPANTS>\n" if participants else "")
        + "\n".join(boards)
        + "\n</EVENT>\n</USEBIO>\n"
    )


def test_every_file_has_its_source_noted() -> None:
    notes = (DATA / "SOURCES.md").read_text(encoding="utf-8")
    assert len(FILES) == 21
    for name in FILES:
        assert f"`{name}`" in notes, name


def test_the_builder_makes_a_file_the_reader_takes_whole() -> None:
    text = usebio_text(board(1, line(score="420")))
    found = usebio.to_event(usebio.loads(text, strict=True))
    assert [row.describe() for row in found.results.rows] == ["4SN="]
    assert found.results.problems == ()
