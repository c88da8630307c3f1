"""Access tables that ``access-parser`` cannot read, read with Debian's ``mdbtools``.

Every table of the real file read both ways gives the same rows; when ``access-parser``
fails on a table (or on the whole database) the reader falls back to ``mdbtools`` and the
event is the same; without ``mdbtools`` the error names the table and says that
``mdbtools`` reads it; when ``mdbtools`` fails too, or runs away, the error says so.
``mdbtools`` is installed by ``scripts/setup`` (Debian's package).
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import stat
import struct
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from access_parser import AccessParser  # type: ignore[import-untyped]

import bridgescore
from bridgescore.events.model import Event
from bridgescore.io import bridgemate
from bridgescore.io.bridgemate import _access, _mdbtools

BWS = Path(__file__).resolve().parent / "data" / "bridgemate" / "bridgemate_2025-12-23.bws"

TABLES = (
    "BiddingData", "Clients", "HandRecord", "IntermediateData", "PlayData", "PlayerNumbers",
    "ReceivedData", "RoundData", "Section", "Settings", "Tables", "PlayerNames", "Session",
    "HandEvaluation",
)  # fmt: skip
"""Every user table of the real file, as ``mdb-tables`` lists them."""

needs_mdbtools = pytest.mark.skipif(
    not _mdbtools.available(), reason="Debian's mdbtools is not installed (scripts/setup does it)"
)

_TEXT = frozenset(("Text", "Memo/Hyperlink"))


def _rows(table: _access.Table, texts: frozenset[str]) -> Counter[tuple[object, ...]]:
    """A table's rows as a multiset (Access tables have no order: the two libraries walk
    the data pages in different orders), a NULL text as the empty text (``mdbtools`` prints
    a zero-length text as NULL; ``access-parser`` tells them apart)."""
    names = sorted(table)
    return Counter(
        tuple("" if value is None and name in texts else value for name, value in zip(names, row,
              strict=True))
        for row in zip(*(table[name] for name in names), strict=True)
    )  # fmt: skip


@needs_mdbtools
def test_mdbtools_lists_every_table_of_the_real_file() -> None:
    assert sorted(_mdbtools.table_names(BWS)) == sorted(TABLES)


@needs_mdbtools
@pytest.mark.parametrize("name", TABLES)
def test_every_table_reads_the_same_both_ways(name: str) -> None:
    parsed = _access.read_tables(BWS, (name,))[name]
    exported = _mdbtools.read_table(BWS, name)
    texts = frozenset(c.name for c in _mdbtools.schema(BWS, name) if c.type in _TEXT)
    assert sorted(parsed) == sorted(exported)
    assert _rows(parsed, texts) == _rows(exported, texts)


@needs_mdbtools
def test_values_are_typed_as_access_declares_them() -> None:
    exported = _mdbtools.read_table(BWS, "PlayerNumbers")
    assert len(exported["Number"]) == 68
    first = {name: values[0] for name, values in exported.items()}
    assert first == {
        "Section": 1, "Table": 1, "Direction": "N", "Number": "5392373", "Name": "Colin Hemsley",
        "Round": 0, "Updated": False, "Processed": False,
        "TimeLog": dt.datetime(2025, 12, 23, 10, 53, 4),
    }  # fmt: skip
    # access-parser gives 10:53:03.999255 (a day count in floating point): the whole second
    assert _access.read_tables(BWS, ("PlayerNumbers",))["PlayerNumbers"]["TimeLog"][0] == (
        dt.datetime(2025, 12, 23, 10, 53, 4)
    )


# --- the fallback --------------------------------------------------------------------


def _failing_on(table: str, monkeypatch: pytest.MonkeyPatch, *, raises: bool = False) -> None:
    """``access-parser`` made to fail on one table as it does on the real ACBLscore files
    (a warning logged while parsing, the rows misread), or to raise."""
    real = AccessParser.get_table

    def get_table(self: AccessParser, name: str) -> object:
        found = real(self, name)
        if name != table:
            return found

        class Damaged:
            columns = found.columns

            def parse(self) -> object:
                if raises:
                    raise IndexError("index out of range")
                logging.getLogger("access_parser").warning(
                    "Record did not parse correctly. Number of columns: 5 number of parsed"
                    " columns: 3"
                )
                return found.parse()

        return Damaged()

    monkeypatch.setattr(AccessParser, "get_table", get_table)


def _same_event(read: Event, expected: Event) -> None:
    assert read.results.rows == expected.results.rows
    assert read.participants == expected.participants
    assert (read.name, read.date, read.program) == (expected.name, expected.date, expected.program)
    assert len(read.participants) == 34


@pytest.fixture(scope="module")
def expected() -> Event:
    return bridgescore.load_event(BWS)


@needs_mdbtools
@pytest.mark.parametrize("raises", [False, True])
def test_a_table_access_parser_cannot_read_is_read_with_mdbtools(
    monkeypatch: pytest.MonkeyPatch, expected: Event, raises: bool
) -> None:
    _failing_on("PlayerNumbers", monkeypatch, raises=raises)
    calls: list[str] = []
    real = _mdbtools.read_table

    def counted(path: str | os.PathLike[str], name: str) -> dict[str, list[object]]:
        calls.append(name)
        return real(path, name)

    monkeypatch.setattr(_mdbtools, "read_table", counted)
    _same_event(bridgescore.load_event(BWS), expected)
    assert calls == ["PlayerNumbers"]


@needs_mdbtools
def test_a_database_access_parser_cannot_open_is_read_with_mdbtools(
    monkeypatch: pytest.MonkeyPatch, expected: Event
) -> None:
    def unopenable(self: AccessParser, path: str) -> None:
        raise ValueError("Failed to parse DB file header")

    monkeypatch.setattr(AccessParser, "__init__", unopenable)
    _same_event(bridgescore.load_event(BWS), expected)


@pytest.mark.parametrize("raises", [False, True])
def test_without_mdbtools_the_error_names_the_table_and_mdbtools(
    monkeypatch: pytest.MonkeyPatch, raises: bool
) -> None:
    _failing_on("PlayerNumbers", monkeypatch, raises=raises)
    monkeypatch.setattr(_mdbtools, "available", lambda: False)
    with pytest.raises(bridgemate.BWSError) as caught:
        bridgemate.load(BWS)
    said = (
        "damaged, cannot be read (IndexError: index out of range)"
        if raises
        else "damaged, some rows cannot be read (Record did not parse correctly. Number of"
        " columns: 5 number of parsed columns: 3)"
    )
    assert str(caught.value) == (
        f"{BWS}, table PlayerNumbers: {said}; Debian's mdbtools reads Access tables that"
        " access-parser cannot: apt install mdbtools"
    )
    assert caught.value.table == "PlayerNumbers"


def test_without_mdbtools_a_database_access_parser_cannot_open_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def unopenable(self: AccessParser, path: str) -> None:
        raise ValueError("Failed to parse DB file header")

    monkeypatch.setattr(AccessParser, "__init__", unopenable)
    monkeypatch.setattr(_mdbtools, "available", lambda: False)
    with pytest.raises(bridgemate.BWSError) as caught:
        bridgemate.load(BWS)
    assert str(caught.value) == (
        f"{BWS}: the Access database is damaged and cannot be opened (ValueError: Failed to"
        " parse DB file header); Debian's mdbtools reads Access tables that access-parser"
        " cannot: apt install mdbtools"
    )


# --- mdbtools failing: tools written here, on PATH -----------------------------------


@pytest.fixture
def fake_tools(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """Puts ``mdb-tables``, ``mdb-schema`` (the real ones' output for the real file) and an
    ``mdb-export`` running ``script`` first on ``PATH``."""

    def install(script: str) -> None:
        for tool, body in (
            ("mdb-tables", "printf 'PlayerNumbers\\nSection\\n'"),
            ("mdb-schema", "printf 'CREATE TABLE [PlayerNumbers]\\n (\\n\\t[Number]\\t\\t\\t"
                           "Text (16)\\n);\\n'"),
            ("mdb-export", script),
        ):  # fmt: skip
            path = tmp_path / tool
            path.write_text(f"#!/bin/sh\n{body}\n")
            path.chmod(path.stat().st_mode | stat.S_IEXEC)
        monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")

    return install


@pytest.mark.parametrize(
    ("script", "said"),
    [
        (
            "echo 'offset 2983936 is beyond EOF' >&2; echo 'error: reading page 1457 failed.' >&2",
            "offset 2983936 is beyond EOF; error: reading page 1457 failed.",
        ),
        ("exit 1", "mdb-export failed (exit status 1)"),
        (
            "while :; do echo 'Warning: mdb_col_to_string called on unsupported data type 0.'"
            " >&2; done",
            "mdb-export complains without end: Warning: mdb_col_to_string called on"
            " unsupported data type 0.",
        ),
        ('echo Number; echo \'"1","2"\'', "mdb-export printed row 1 with 2 fields for 1 columns"),
    ],
)
def test_mdbtools_failing_too_is_a_located_error(
    monkeypatch: pytest.MonkeyPatch, fake_tools: Callable[[str], None], script: str, said: str
) -> None:
    fake_tools(script)
    _failing_on("PlayerNumbers", monkeypatch)
    with pytest.raises(bridgemate.BWSError) as caught:
        bridgemate.load(BWS)
    assert str(caught.value) == (
        f"{BWS}, table PlayerNumbers: damaged, some rows cannot be read (Record did not parse"
        f" correctly. Number of columns: 5 number of parsed columns: 3); mdbtools cannot read"
        f" it either ({said})"
    )


def test_a_tool_that_prints_without_end_is_stopped(
    monkeypatch: pytest.MonkeyPatch, fake_tools: Callable[[str], None]
) -> None:
    fake_tools("echo Number; while :; do echo '\"5392373\"'; done")
    monkeypatch.setattr(_mdbtools, "MOST_PRINTED", 1)
    with pytest.raises(_mdbtools.MdbToolsError) as caught:
        _mdbtools.read_table(BWS, "PlayerNumbers")
    assert str(caught.value) == "mdb-export prints without end"


# --- rows Access moved to another page -----------------------------------------------

_PAGE = 0x800  # a JET 3 page


def _offsets(data: bytes | bytearray, page: int) -> list[int]:
    count = struct.unpack_from("<H", data, page * _PAGE + 8)[0]
    return list(struct.unpack_from(f"<{count}H", data, page * _PAGE + 10))


def _moved(tmp_path: Path, *, pointer: int | None = None) -> Path:
    """The real file with ``PlayerNumbers``' second row (table 1, E: Marc Cervellino)
    moved as Access moves a row that outgrows its page: its bytes written on the table's
    other data page (1458, which holds the 27 rows the file already has moved) below a
    deleted row that starts at a multiple of 256, flagged 0x8000; a 4-byte pointer to it
    (row number, then page) left in its place, flagged 0x4000. ``pointer``: another one."""
    data = bytearray(BWS.read_bytes())
    first, other = 69, 1458  # PlayerNumbers' two data pages
    offsets = _offsets(data, first)
    assert offsets[0] & 0xC000 == 0
    assert offsets[1] & 0xC000 == 0
    start, end = offsets[1], offsets[0]
    row = bytes(data[first * _PAGE + start : first * _PAGE + end])
    there = _offsets(data, other)
    lowest = min(o & 0x1FFF for o in there)
    deleted = (lowest - 1) & ~0xFF  # 0x300: the bytes of a deleted row, zeros
    moved = deleted - len(row)
    base = other * _PAGE
    data[base + deleted : base + lowest] = bytes(lowest - deleted)
    data[base + moved : base + deleted] = row
    entries = [*there, 0xC000 | deleted, 0x8000 | moved]
    struct.pack_into("<H", data, base + 8, len(entries))
    struct.pack_into(f"<{len(entries)}H", data, base + 10, *entries)
    free = struct.unpack_from("<H", data, base + 2)[0]
    struct.pack_into("<H", data, base + 2, free - (lowest - moved) - 4)
    target = (other << 8) | (len(entries) - 1) if pointer is None else pointer
    struct.pack_into("<I", data, first * _PAGE + start, target)
    struct.pack_into("<H", data, first * _PAGE + 10 + 2, 0x4000 | start)
    path = tmp_path / "moved.bws"
    path.write_bytes(bytes(data))
    return path


def _players(path: Path) -> Counter[tuple[object, ...]]:
    table = _access.read_tables(path, ("PlayerNumbers",))["PlayerNumbers"]
    return _rows(table, frozenset(("Direction", "Number", "Name")))


def test_a_row_moved_to_another_page_is_read_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, expected: Event
) -> None:
    # access-parser 0.0.6 alone reads it from the wrong bytes, silently: E, Marc
    # Cervellino and 1792563 come back empty; read without any fallback here
    monkeypatch.setattr(_mdbtools, "available", lambda: False)
    moved = _moved(tmp_path)
    assert _players(moved) == _players(BWS)
    assert len(_players(moved)) == 68
    _same_event(bridgescore.load_event(moved), expected)


@needs_mdbtools
def test_mdbtools_reads_the_moved_row_the_same(tmp_path: Path) -> None:
    moved = _moved(tmp_path)
    texts = frozenset(("Direction", "Number", "Name"))
    assert _rows(_mdbtools.read_table(moved, "PlayerNumbers"), texts) == _players(BWS)


def test_a_moved_row_that_points_nowhere_is_a_located_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_mdbtools, "available", lambda: False)
    moved = _moved(tmp_path, pointer=(1458 << 8) | 200)
    with pytest.raises(bridgemate.BWSError) as caught:
        bridgemate.load(moved)
    assert str(caught.value).startswith(
        f"{moved}, table PlayerNumbers: damaged, some rows cannot be read (a moved row points"
        " to row 200 of page 1458, which has 30)"
    )


# --- rows written before columns were added ------------------------------------------


def _short(row: bytes) -> bytes:
    """A ``PlayerNumbers`` row of the real file (9 columns: the fixed Section, Table,
    Round, TimeLog in 14 bytes after the column count, the yes/no Updated and Processed in
    the null mask, the variable Direction, Number, Name) as the table's first five columns
    (ids 0-4: Section, Table, Direction, Number, Name) write it, the same length: column
    count 5; Section and Table; the three texts; free bytes; the end of the data, the
    three texts' offsets (last first), their count, a one-byte null mask (0x1f)."""
    assert row[0] == 9
    eod, name, number, direction, count = row[-7:-2]
    assert count == 3
    texts = [row[direction:number], row[number:name], row[name:eod]]
    body = bytearray([5]) + row[1:5]
    starts = []
    for text in texts:
        starts.append(len(body))
        body += text
    tail = bytes([len(body), starts[2], starts[1], starts[0], 3, 0x1F])
    return bytes(body + bytes(len(row) - len(body) - len(tail)) + tail)


def _written_before(tmp_path: Path) -> Path:
    """The real file with every row of ``PlayerNumbers``' first page that stands there (41
    of them: the others were moved) written as before ``Round``, ``Updated``,
    ``Processed`` and ``TimeLog`` were added to the table."""
    data = bytearray(BWS.read_bytes())
    base = 69 * _PAGE
    offsets = _offsets(data, 69)
    for number, offset in enumerate(offsets):
        if offset & 0xC000:
            continue
        end = _PAGE if number == 0 else offsets[number - 1] & 0x1FFF
        data[base + offset : base + end] = _short(bytes(data[base + offset : base + end]))
    path = tmp_path / "short.bws"
    path.write_bytes(bytes(data))
    return path


def test_rows_written_before_columns_were_added_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, expected: Event
) -> None:
    # access-parser 0.0.6 alone: "table PlayerNumbers: damaged, some rows cannot be read
    # (Record did not parse correctly...)", as the real ACBLscore files were refused
    monkeypatch.setattr(_mdbtools, "available", lambda: False)
    short = _written_before(tmp_path)
    table = _access.read_tables(short, ("PlayerNumbers",))["PlayerNumbers"]
    assert len(table["Number"]) == 68
    first = {name: values[0] for name, values in table.items()}
    assert first == {
        "Section": 1, "Table": 1, "Direction": "N", "Number": "5392373", "Name": "Colin Hemsley",
        "Round": None, "Updated": False, "Processed": False, "TimeLog": None,
    }  # fmt: skip
    assert sum(1 for r in table["Round"] if r is None) == 41
    assert _rows({k: v for k, v in table.items() if k not in _ADDED}, frozenset()) == _rows(
        {k: v for k, v in _access.read_tables(BWS, ("PlayerNumbers",))["PlayerNumbers"].items()
         if k not in _ADDED}, frozenset(),
    )  # fmt: skip
    _same_event(bridgescore.load_event(short), expected)


_ADDED = frozenset(("Round", "Updated", "Processed", "TimeLog"))
"""The columns added to ``PlayerNumbers`` after its first five."""


@needs_mdbtools
def test_mdbtools_reads_the_rows_written_before_the_same(tmp_path: Path) -> None:
    short = _written_before(tmp_path)
    texts = frozenset(("Direction", "Number", "Name"))
    ours = _access.read_tables(short, ("PlayerNumbers",))["PlayerNumbers"]
    assert _rows(_mdbtools.read_table(short, "PlayerNumbers"), texts) == _rows(ours, texts)
