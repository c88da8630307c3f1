"""The tables of an Access database read with Debian's ``mdbtools``, where ``access-parser``
cannot read them.

``mdbtools`` (``mdb-tables``, ``mdb-schema``, ``mdb-export``; ``apt install mdbtools``) is
the C library every Linux distribution ships for reading JET 3 and JET 4 files. It reads
rows ``access-parser`` refuses (see ``docs/bridgemate.md``), so the Bridgemate reader falls
back to it, one table at a time, when it is on ``PATH``. Each tool runs as a subprocess with
a time limit and a cap on what it may print (on a damaged file ``mdb-export`` can print
warnings without end); anything it says on stderr is damage, reported with the table.

Values come back as ``access-parser`` gives them: whole numbers as ``int``, yes/no as
``bool``, text as ``str``, dates and times as :class:`datetime.datetime`, NULL as ``None``.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
import re
import selectors
import shutil
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from bridgescore.errors import Message
from bridgescore.errors import marked as _

TOOLS: Final = ("mdb-tables", "mdb-schema", "mdb-export")
"""The three programs of Debian's ``mdbtools`` package the reader runs."""

NULL: Final = "\u2400"
"""What ``mdb-export`` is told to print for NULL (``-0``): ``␀``, which a quoted text
holding it is not confused with (an unquoted field is never text)."""

DATETIME_FORMAT: Final = "%Y-%m-%d %H:%M:%S"

TIMEOUT: Final = 60.0
"""Seconds one tool may run (the 43,729-row member list of a real file takes 0.04 s)."""

MOST_PRINTED: Final = 64
"""How many times the database's size a tool may print before it is stopped as looping."""

MOST_COMPLAINED: Final = 4096
"""Bytes of stderr kept (the first lines say what is wrong)."""


class MdbToolsError(Exception):
    """``mdbtools`` could not read the database or a table: ``reason`` says why (the
    tool's own words, as it wrote them on stderr, or ours)."""

    def __init__(self, reason: str | Message) -> None:
        super().__init__(str(reason))
        self.reason = reason


def available() -> bool:
    """Whether the three ``mdbtools`` programs are on ``PATH``."""
    return all(shutil.which(tool) for tool in TOOLS)


def table_names(path: str | os.PathLike[str]) -> list[str]:
    """The user tables of the database (``mdb-tables -1``)."""
    printed = _run(("mdb-tables", "-1", os.fspath(path)), path)
    return [line.strip() for line in printed.splitlines() if line.strip()]


@dataclass(frozen=True, slots=True)
class Column:
    """A column as ``mdb-schema`` declares it: its name and Access type (``Long Integer``,
    ``Text``, ``Boolean``, ``DateTime``...)."""

    name: str
    type: str


_CREATE: Final = re.compile(r"^CREATE TABLE \[(?P<table>[^\]]+)\]")
_COLUMN: Final = re.compile(
    r"^\s*\[(?P<name>[^\]]+)\]\s+(?P<type>[A-Za-z /]+?)\s*(?:\(\d+\))?\s*(?:NOT NULL)?\s*,?\s*$"
)


def schema(path: str | os.PathLike[str], table: str) -> list[Column]:
    """The columns of ``table`` as ``mdb-schema -T`` declares them, in order."""
    printed = _run(("mdb-schema", "-T", table, os.fspath(path), "access"), path)
    columns: list[Column] = []
    inside = False
    for line in printed.splitlines():
        created = _CREATE.match(line)
        if created is not None:
            inside = created["table"] == table
            continue
        if not inside:
            continue
        if line.startswith(")"):
            break
        column = _COLUMN.match(line)
        if column is not None:
            columns.append(Column(column["name"], column["type"].strip()))
    if not columns:
        raise MdbToolsError(_("mdb-schema declares no columns for it"))
    return columns


def read_table(path: str | os.PathLike[str], table: str) -> dict[str, list[object]]:
    """Every row of ``table``: its columns by name, each the list of the rows' values,
    typed by the column's declared type."""
    columns = {column.name: column for column in schema(path, table)}
    printed = _run(
        ("mdb-export", "-T", DATETIME_FORMAT, "-D", DATETIME_FORMAT, "-0", NULL, "-b", "hex",
         os.fspath(path), table),
        path,
    )  # fmt: skip
    reader = csv.reader(io.StringIO(printed, newline=""))
    header = next(reader, None)
    if header is None:
        raise MdbToolsError(_("mdb-export printed nothing"))
    unknown = [name for name in header if name not in columns]
    if unknown:
        raise MdbToolsError(
            _("mdb-export printed a column mdb-schema does not declare: {name!r}", name=unknown[0])
        )
    readers = [_cell_reader(columns[name].type) for name in header]
    found: dict[str, list[object]] = {name: [] for name in header}
    for number, cells in enumerate(reader, start=1):
        if len(cells) != len(header):
            raise MdbToolsError(
                _(
                    "mdb-export printed row {row} with {count} fields for {columns} columns",
                    row=number,
                    count=len(cells),
                    columns=len(header),
                )
            )
        for name, read, cell in zip(header, readers, cells, strict=True):
            found[name].append(None if cell == NULL else read(cell))
    return found


def _cell_reader(declared: str) -> Callable[[str], object]:
    """How a printed cell of an Access type becomes a value."""
    kind = declared.lower()
    if kind in ("byte", "integer", "long integer"):
        return int
    if kind == "boolean":
        return lambda cell: cell not in ("0", "")
    if kind in ("single", "double", "currency", "numeric"):
        return float
    if kind == "datetime":
        return lambda cell: dt.datetime.strptime(cell, DATETIME_FORMAT)
    return str


def _run(command: Sequence[str], path: str | os.PathLike[str]) -> str:
    """What ``command`` prints, decoded; a tool that fails, complains on stderr, runs
    longer than :data:`TIMEOUT` or prints without end is an :class:`MdbToolsError`."""
    limit = max(os.path.getsize(path), 1 << 20) * MOST_PRINTED
    try:
        process = subprocess.Popen(  # a fixed tool, the path as one argument
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL
        )
    except OSError as error:
        raise MdbToolsError(
            Message("{tool}: {said}", tool=command[0], said=error.strerror or str(error))
        ) from None
    with process:
        printed, complained, stopped = _drained(process, command[0], limit)
        if stopped is not None:
            process.kill()
        code = process.wait()
    said = _first_lines(complained)
    if stopped is not None:
        raise MdbToolsError(Message("{why}: {said}", why=stopped, said=said) if said else stopped)
    if said:
        raise MdbToolsError(said)
    if code != 0:
        raise MdbToolsError(_("{tool} failed (exit status {code})", tool=command[0], code=code))
    return printed.decode("utf-8", errors="replace")


def _drained(
    process: subprocess.Popen[bytes], tool: str, limit: int
) -> tuple[bytearray, bytearray, Message | None]:
    """What a running tool prints and complains, read until it ends or must be stopped
    (and why: too long, too much)."""
    assert process.stdout is not None
    assert process.stderr is not None
    printed = bytearray()
    complained = bytearray()
    deadline = time.monotonic() + TIMEOUT
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ, printed)
        selector.register(process.stderr, selectors.EVENT_READ, complained)
        open_pipes = 2
        while open_pipes:
            left = deadline - time.monotonic()
            if left <= 0:
                return printed, complained, _("{tool} ran longer than {seconds:.0f} s",
                                               tool=tool, seconds=TIMEOUT)  # fmt: skip
            for key, _events in selector.select(timeout=left):
                chunk = os.read(key.fd, 1 << 16)
                if not chunk:
                    selector.unregister(key.fileobj)
                    open_pipes -= 1
                elif key.data is complained:
                    complained.extend(chunk[: max(MOST_COMPLAINED - len(complained), 0)])
                    if len(complained) >= MOST_COMPLAINED:
                        return printed, complained, _("{tool} complains without end", tool=tool)
                else:
                    printed.extend(chunk)
                    if len(printed) > limit:
                        return printed, complained, _("{tool} prints without end", tool=tool)
    return printed, complained, None


def _first_lines(complained: bytes | bytearray) -> str:
    """The first two distinct lines a tool wrote to stderr, as one short line."""
    lines: list[str] = []
    written = complained.decode("utf-8", errors="replace").splitlines()
    if len(written) > 1 and not complained.endswith(b"\n"):
        written.pop()  # cut off where the tool was stopped
    for line in written:
        line = line.strip()
        if line and line not in lines:
            lines.append(line)
        if len(lines) == 2:
            break
    return "; ".join(lines)[:160]
