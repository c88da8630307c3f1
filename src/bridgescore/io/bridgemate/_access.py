"""The Access database under a ``.bws`` file, read into plain tables.

A Bridgemate file is a Microsoft Access (JET 3 or JET 4/ACE) database. The pure-Python
``access-parser`` package reads it, imported only here and only when a file is read, so
that a plain install of bridgescore works without it (the ``bridgemate`` extra).

``access-parser`` reports damage by logging and carrying on; those log records are kept
here and turned into located errors for the tables bridgescore needs, never shown on the
console, never silently passed over. A table it cannot read is read with Debian's
``mdbtools`` when that is installed (:mod:`._mdbtools`), so that every file ``mdbtools``
reads is read; dates and times come back from both as the whole seconds Access keeps.
Rows ``access-parser`` misreads (moved rows, rows written before columns were added)
are read as Access writes them (:mod:`._jet`).
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Final

from bridgescore.errors import BridgeInputError, Message, MissingExtraError
from bridgescore.errors import marked as _
from bridgescore.io.bridgemate import _mdbtools
from bridgescore.io.bridgemate._jet import as_access_writes
from bridgescore.io.text import is_access

if TYPE_CHECKING:
    from access_parser import AccessParser  # type: ignore[import-untyped]


_MSYS: Final = "MSysObjects"
"""The library's complaints about Access's own property table, which every Bridgemate file
gives it and which no table bridgescore reads depends on."""

Table = Mapping[str, Sequence[object]]
"""One table as read: its columns by name, each a list of the rows' values."""


class BWSError(BridgeInputError):
    """A ``.bws`` file that cannot be read: says the file, and the table, row and field
    when the trouble is in one."""

    def __init__(
        self,
        reason: str | Message,
        *,
        source: str,
        table: str | None = None,
        row: str | Message | None = None,
        field: str | None = None,
    ) -> None:
        self.source = source
        self.table = table
        self.row = None if row is None else str(row)
        self.row_message = row
        self.field = field
        self.reason = str(reason)
        self.reason_message = reason if isinstance(reason, Message) else Message(reason)
        where = Message("{source}", source=source)
        if table is not None:
            where = _("{place}, table {table}", place=where, table=table)
        if row is not None:
            where = Message("{place}, {row}", place=where, row=row)
        if field is not None:
            where = _("{place}, field {field!r}", place=where, field=field)
        super().__init__(Message("{place}: {reason}", place=where, reason=self.reason_message))


class _Kept(logging.Handler):
    """Keeps the library's warnings and errors for the reader to judge."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def _kept_log() -> Iterator[_Kept]:
    logger = logging.getLogger("access_parser")
    kept = _Kept()
    propagate = logger.propagate
    logger.addHandler(kept)
    logger.propagate = False
    try:
        yield kept
    finally:
        logger.removeHandler(kept)
        logger.propagate = propagate


def _parser_class() -> type[AccessParser]:
    try:
        from access_parser import AccessParser
    except ImportError as error:
        raise MissingExtraError(
            _("Reading Bridgemate .bws files"), "bridgemate", error.name
        ) from None
    return AccessParser  # type: ignore[no-any-return]


def read_tables(
    path: str | os.PathLike[str],
    required: Sequence[str],
    optional: Sequence[str] = (),
) -> dict[str, Table]:
    """The ``required`` tables of the Access database at ``path`` and those of
    ``optional`` that it has; anything else is a :class:`BWSError` naming the file
    and the table.

    Each table is read with ``access-parser``; one it cannot read (or reports damaged) is
    read with Debian's ``mdbtools`` when that is on ``PATH`` (:mod:`._mdbtools`), and the
    whole database is when ``access-parser`` cannot open it. Without ``mdbtools`` the error
    names the table and says that ``mdbtools`` reads what ``access-parser`` cannot.
    """
    source = os.fspath(path)
    with open(path, "rb") as handle:
        head = handle.read(32)
    if not is_access(head):
        raise BWSError(
            _(
                "not a Bridgemate file: a .bws file is a Microsoft Access database (it starts"
                " with 'Standard Jet DB' at byte 4), this one starts with {head!r}",
                head=head[:20],
            ),
            source=source,
        )
    parser_class = _parser_class()
    try:
        tables, failed = _parsed(parser_class, source, required, optional)
    except _UnopenedError as unopened:
        if not _mdbtools.available():
            raise BWSError(
                _("{reason}; {advice}", reason=unopened.reason_message, advice=_INSTALL),
                source=source,
            ) from None
        return _exported(source, required, optional, unopened)
    for name, error in failed.items():
        tables[name] = _exported_table(source, name, error)
    return {name: tables[name] for name in (*required, *optional) if name in tables}


class _UnopenedError(BWSError):
    """A database ``access-parser`` cannot open, or finds damaged as a whole."""


_INSTALL: Final = _(
    "Debian's mdbtools reads Access tables that access-parser cannot: apt install mdbtools"
)


def _parsed(
    parser_class: type[AccessParser], source: str, required: Sequence[str], optional: Sequence[str]
) -> tuple[dict[str, Table], dict[str, BWSError]]:
    """The tables ``access-parser`` reads, and for each it cannot the error saying why; a
    database it cannot open, or finds damaged, is a :class:`BWSError` naming no table."""
    with _kept_log() as kept:
        try:
            database = parser_class(source)
        except Exception as error:  # the library raises anything on a damaged file
            raise _UnopenedError(
                _(
                    "the Access database is damaged and cannot be opened ({said})",
                    said=_said(error),
                ),
                source=source,
            ) from None
        damage = [r.getMessage() for r in kept.records if _MSYS not in r.getMessage()]
        if damage:
            raise _UnopenedError(
                _("the Access database is damaged ({logged})", logged=_logged(damage[0])),
                source=source,
            )
        tables: dict[str, Table] = {}
        failed: dict[str, BWSError] = {}
        for name in (*required, *optional):
            if name not in database.catalog:
                if name in optional:
                    continue
                found = ", ".join(sorted(database.catalog)) or _("none")
                raise BWSError(
                    _(
                        "no such table: not a Bridgemate scoring database (its tables: {found})",
                        found=found,
                    ),
                    source=source,
                    table=name,
                )
            kept.records.clear()
            try:
                table = as_access_writes(database.get_table(name))
                parsed = table.parse()
            except Exception as error:  # the library raises anything on a damaged table
                failed[name] = BWSError(
                    _("damaged, cannot be read ({said})", said=_said(error)),
                    source=source,
                    table=name,
                )
                continue
            damage = [r.getMessage() for r in kept.records if r.levelno >= logging.WARNING]
            if damage:
                failed[name] = BWSError(
                    _("damaged, some rows cannot be read ({logged})", logged=_logged(damage[0])),
                    source=source,
                    table=name,
                )
                continue
            try:
                tables[name] = _columns(parsed, source, name, _dates(table))
            except BWSError as error:
                failed[name] = error
    return tables, failed


def _dates(table: object) -> frozenset[str]:
    """The names of a parsed table's date and time columns (``access-parser`` gives
    them as text)."""
    columns = getattr(table, "columns", None)
    if not isinstance(columns, Mapping):
        return frozenset()
    return frozenset(
        str(column.col_name_str)
        for column in columns.values()
        if getattr(column, "type", None) == _DATETIME
    )


_DATETIME: Final = 8
"""``access-parser``'s type number of a date and time column (JET's ``T_DATETIME``)."""


def _exported_table(source: str, name: str, error: BWSError) -> Table:
    """One table ``access-parser`` could not read (``error`` says why), read with
    ``mdbtools``; without it, or when it fails too, a :class:`BWSError` naming the table."""
    if not _mdbtools.available():
        raise BWSError(
            _("{reason}; {advice}", reason=error.reason_message, advice=_INSTALL),
            source=source,
            table=name,
        )
    try:
        return _mdbtools.read_table(source, name)
    except _mdbtools.MdbToolsError as failure:
        raise BWSError(
            _(
                "{reason}; mdbtools cannot read it either ({said})",
                reason=error.reason_message,
                said=failure.reason,
            ),
            source=source,
            table=name,
        ) from None


def _exported(
    source: str, required: Sequence[str], optional: Sequence[str], error: BWSError
) -> dict[str, Table]:
    """Every table asked for, read with ``mdbtools`` from a database ``access-parser``
    could not open (``error`` says why)."""
    try:
        names = set(_mdbtools.table_names(source))
    except _mdbtools.MdbToolsError as failure:
        raise BWSError(
            _(
                "{reason}; mdbtools cannot read it either ({said})",
                reason=error.reason_message,
                said=failure.reason,
            ),
            source=source,
        ) from None
    tables: dict[str, Table] = {}
    for name in (*required, *optional):
        if name not in names:
            if name in optional:
                continue
            raise BWSError(
                _(
                    "no such table: not a Bridgemate scoring database (its tables: {found})",
                    found=", ".join(sorted(names)) or _("none"),
                ),
                source=source,
                table=name,
            )
        try:
            tables[name] = _mdbtools.read_table(source, name)
        except _mdbtools.MdbToolsError as failure:
            raise BWSError(
                _(
                    "{reason}; mdbtools cannot read it either (table {table}: {said})",
                    reason=error.reason_message,
                    table=name,
                    said=failure.reason,
                ),
                source=source,
            ) from None
    return tables


def _columns(parsed: object, source: str, name: str, dates: frozenset[str] = frozenset()) -> Table:
    """The columns of a parsed table, each the same length (an empty table's are empty),
    those in ``dates`` as :class:`datetime.datetime` (:func:`_moment`)."""
    if not isinstance(parsed, Mapping):
        raise BWSError(_("damaged, cannot be read"), source=source, table=name)
    columns = {
        str(column): (list(values) if isinstance(values, list) else [])
        for column, values in parsed.items()
    }
    for column in dates & set(columns):
        columns[column] = [_moment(value) for value in columns[column]]
    lengths = {len(values) for values in columns.values()}
    if len(lengths) > 1:
        raise BWSError(
            _(
                "damaged: its columns have different numbers of rows ({lengths})",
                lengths=sorted(lengths),
            ),
            source=source,
            table=name,
        )
    return columns


_EPOCH: Final = dt.datetime(1899, 12, 30)
"""Day 0 of Access's dates: a time of day alone is kept as a time on that day."""


def _moment(value: object) -> object:
    """A date and time as ``access-parser`` gives it (``'2025-12-23 10:53:03.999255'``:
    Access keeps days as a floating-point number, which ``access-parser`` turns into
    microseconds that are not there) as the whole second Access stores, the value
    ``mdbtools`` prints; its ``'(Empty Date)'`` is day 0. Anything else is kept as it is."""
    if value == "(Empty Date)":
        return _EPOCH
    if not isinstance(value, str):
        return value
    try:
        moment = dt.datetime.fromisoformat(value)
    except ValueError:
        return value
    return (moment + dt.timedelta(microseconds=500_000)).replace(microsecond=0)


def _logged(message: str) -> str:
    """A library's log message without the raw bytes it may quote, short."""
    return re.split(r" b['\"]", message, maxsplit=1)[0][:120]


def _said(error: Exception) -> str:
    text = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return f"{type(error).__name__}: {text[:120]}" if text else type(error).__name__
