"""The reads and the write on a table's acknowledgement path, written once as SQL.

Django's ORM builds a query's SQL afresh on every call and a model's save goes through
its whole machinery, which costs 0.5-1 ms of Python a query here (a filtered read about
0.5 ms, with two joins about 1 ms, a save about 0.6 ms; the same as a plain statement
about 0.1 ms). A table's result makes four, and with 60 tables sending at once they queue
behind one another in one process, so this was most of a phone's wait. These few are
written out once per database (names quoted by its backend, columns taken from the
models) and their rows turned into model instances with the converters the ORM itself
applies (:meth:`Model.from_db`), so what they give is what the ORM would give.
"""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, NamedTuple

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model

from bridgescore.web.models import (
    Entry,
    PendingEntry,
    Session,
    SessionPair,
    TableCall,
    TableLink,
)


def _db() -> BaseDatabaseWrapper:
    """This thread's connection itself: each use of Django's ``connection`` looks it up
    again, some thirty times a result through these functions (and the fields' own
    conversions, handed it) where one lookup does."""
    return connections[DEFAULT_DB_ALIAS]


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


@cache
def _named(vendor: str, model: type[Model], name: str) -> str:
    del vendor
    field = model._meta.get_field(name)
    assert isinstance(field, Field), f"{model.__name__}.{name} is not a column"
    return _quote(field.column)


def _column(model: type[Model], name: str) -> str:
    """A field's column, quoted for this database (worked out once)."""
    return _named(connection.vendor, model, name)


@dataclass(frozen=True, slots=True)
class _Loader:
    """How a model's row is selected (its columns, in order) and turned into an instance."""

    model: type[Model]
    columns: str
    names: tuple[str, ...]
    converters: tuple[tuple[int, Any, tuple[Callable[..., Any], ...]], ...]

    def load(self, row: Sequence[Any], db: BaseDatabaseWrapper | None = None) -> Any:
        db = db or _db()
        values = list(row)
        for index, expression, functions in self.converters:
            for function in functions:
                values[index] = function(values[index], expression, db)
        return self.model.from_db(db.alias, list(self.names), values)


@cache
def _loader(
    vendor: str, model: type[Model], alias: str, deferred: frozenset[str] = frozenset()
) -> _Loader:
    """The loader of ``model`` selected as ``alias``, without the fields ``deferred`` (read
    only if asked for, as the ORM's ``defer`` does) (``vendor``: a key of the cache only)."""
    del vendor
    fields = [
        f for f in model._meta.concrete_fields if isinstance(f, Field) and f.attname not in deferred
    ]
    converters = []
    for index, field in enumerate(fields):
        expression = field.get_col(alias)
        functions = connection.ops.get_db_converters(expression)
        functions += expression.get_db_converters(connection)
        if functions:
            converters.append((index, expression, tuple(functions)))
    columns = ", ".join(f"{_quote(alias)}.{_quote(f.column)}" for f in fields)
    return _Loader(model, columns, tuple(f.attname for f in fields), tuple(converters))


_UNREAD = frozenset({"movement_json", "hands_pbn", "analysis_json", "analysis_notes", "file_check"})
"""What a table's request does not read with its session, read only if asked for: the
movement's text (222 KB at 60 tables), which this process keeps parsed by the session's
movement version (:func:`~bridgescore.web.session_movement.movement_of` reads it only when
that changes); the hand records and their analysis (tens of KB, asked for by a result only
when a lead is entered); the check of an imported file against its own figures."""


@cache
def _link_sql(vendor: str, count: int = 0) -> str:
    """The table link by its token, with its session and whether the table has an open
    ask to mark a board not played; ``count`` > 0: the links of that many tokens
    (``vendor``: a key of the cache)."""
    link, session = _loader(vendor, TableLink, "l"), _loader(vendor, Session, "s", _UNREAD)
    at_link, at_session, at_call = _quote("l"), _quote("s"), _quote("c")
    ask = (
        f"EXISTS(SELECT 1 FROM {_quote(TableCall._meta.db_table)} {at_call}"
        f" WHERE {at_call}.{_column(TableCall, 'session')}"
        f" = {at_link}.{_column(TableLink, 'session')}"
        f" AND {at_call}.{_column(TableCall, 'table')} = {at_link}.{_column(TableLink, 'table')}"
        f" AND {at_call}.{_column(TableCall, 'kind')} = %s"
        f" AND {at_call}.{_column(TableCall, 'answered')} IS NULL)"
    )
    return (
        f"SELECT {link.columns}, {session.columns}, {ask}"
        f" FROM {_quote(TableLink._meta.db_table)} {at_link}"
        f" JOIN {_quote(Session._meta.db_table)} {at_session}"
        f" ON {at_session}.{_column(Session, 'id')} = {at_link}.{_column(TableLink, 'session')}"
        f" WHERE {at_link}.{_column(TableLink, 'token')}"
        + (f" IN ({', '.join(['%s'] * count)})" if count else " = %s")
    )


@cache
def _written() -> list[Field[Any, Any]]:
    """The fields an insert writes: all but the id."""
    return [f for f in Entry._meta.concrete_fields if isinstance(f, Field) and not f.primary_key]


LinkRow = tuple[Any, ...]
"""A table link's row as read, with its session's and whether the table has an open ask
(what :func:`link_from_row` makes a link of, and what a kept link is checked against)."""


def link_by_token(token: str) -> TableLink | None:
    """The table link with this token, its session read with it, and whether the table
    has an open ask (:attr:`TableLink.asks_open`); ``None`` if unknown."""
    row = link_row(token)
    return None if row is None else link_from_row(row)


def link_row(token: str) -> LinkRow | None:
    """The row :func:`link_by_token` reads; ``None`` if the token is unknown."""
    db = _db()
    with db.cursor() as cursor:
        cursor.execute(_link_sql(db.vendor), [str(TableCall.Kind.NOT_PLAYED), token])
        row = cursor.fetchone()
    return None if row is None else tuple(row)


def _links_sql(tokens: Sequence[str]) -> tuple[str, list[str]]:
    """The statement reading the rows of these tokens' links, as :func:`link_row` does."""
    return _link_sql(_db().vendor, len(tokens)), [str(TableCall.Kind.NOT_PLAYED), *tokens]


def _token_index() -> int:
    """Where a link's token is in its row."""
    return _loader(_db().vendor, TableLink, "l").names.index("token")


def link_from_row(row: LinkRow) -> TableLink:
    """The link (with its session, and :attr:`TableLink.asks_open`) of a row as read."""
    db = _db()
    vendor = db.vendor
    link_loader = _loader(vendor, TableLink, "l")
    width = len(link_loader.names)
    link: TableLink = link_loader.load(row[:width], db)
    link.session = _loader(vendor, Session, "s", _UNREAD).load(row[width:-1], db)
    link.asks_open = bool(row[-1])
    return link


def answer_asks(
    asks: Iterable[tuple[int, int, int, int]], by: int | None, when: datetime.datetime
) -> None:
    """Mark answered (at ``when``, by the user ``by``) the tables' open asks to mark these
    (session, table, round, board)s not played: one statement for a group of entries,
    inside its write, so an entry and the answer to its ask are kept together."""
    keys = sorted(set(asks))
    if not keys:
        return
    session, table = _column(TableCall, "session"), _column(TableCall, "table")
    round_no, board = _column(TableCall, "round"), _column(TableCall, "board")
    which = " OR ".join(
        [f"({session} = %s AND {table} = %s AND {round_no} = %s AND {board} = %s)"] * len(keys)
    )
    answered = TableCall._meta.get_field("answered")
    assert isinstance(answered, Field)
    sql = (
        f"UPDATE {_quote(TableCall._meta.db_table)}"
        f" SET {_column(TableCall, 'answered')} = %s, {_column(TableCall, 'answered_by')} = %s"
        f" WHERE {_column(TableCall, 'kind')} = %s AND {_column(TableCall, 'answered')} IS NULL"
        f" AND ({which})"
    )
    params: list[Any] = [answered.get_db_prep_save(when, connection), by]
    params += [str(TableCall.Kind.NOT_PLAYED), *(v for key in keys for v in key)]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _lock_sql(tables: Iterable[tuple[int, int]]) -> tuple[str, list[int]]:
    """The statement holding these (session, table) rows until the transaction ends,
    taken in one order (so two server processes never wait on each other in a circle)."""
    pairs = sorted(set(tables))
    session, table = _column(TableLink, "session"), _column(TableLink, "table")
    which = " OR ".join([f"({session} = %s AND {table} = %s)"] * len(pairs)) or "1 = 0"
    sql = (
        f"SELECT 1 FROM {_quote(TableLink._meta.db_table)} WHERE {which}"
        f" ORDER BY {_column(TableLink, 'id')} FOR UPDATE"
    )
    return sql, [v for pair in pairs for v in pair]


class BoardEntry(NamedTuple):
    """An entry of a board as the checks of another result at it need it (a row, not a
    model instance: a board of a big Mitchell has sixty, read for every new result)."""

    id: int
    session_id: int
    round: int
    table: int
    board: int
    kind: str
    contract: str
    declarer: str
    result: str
    ns_score: int | None


@cache
def _board_columns(vendor: str) -> str:
    """The columns of a :class:`BoardEntry`, then the id the entry was sent under."""
    del vendor
    names = (*BoardEntry._fields, "entry_id")
    return ", ".join(f"{_quote('e')}.{_column(Entry, name)}" for name in names)


_SENT_UNDER = tuple(BoardEntry._fields.index(name) for name in ("id", "session_id", "table"))
"""Where a row read as :func:`_board_columns` has the entry's id, session and table."""

_Select = tuple[str, list[Any], set[tuple[int, int, Any]]]
"""A read of entries: its statement, its values, and the ids sent asked for (as stored)."""


@lru_cache(maxsize=1024)
def _entries_sql(vendor: str, boards: int, tables: int, sent: int) -> str:
    """The read of :func:`_entries_select` for so many boards, tables and ids sent
    (``vendor``: a key of the cache)."""
    session, board = _column(Entry, "session"), _column(Entry, "board")
    table, entry_id = _column(Entry, "table"), _column(Entry, "entry_id")
    which = [f"({session} = %s AND {board} = %s AND {_column(Entry, 'id')} > %s)"] * boards
    which += [f"({session} = %s AND {table} = %s)"] * tables
    which += [f"({session} = %s AND {table} = %s AND {entry_id} = %s)"] * sent
    return (
        f"SELECT {_board_columns(vendor)} FROM {_quote(Entry._meta.db_table)}"
        f" {_quote('e')} WHERE {' OR '.join(which) or '1 = 0'} ORDER BY {_column(Entry, 'id')}"
    )


def _entries_select(
    boards: Iterable[tuple[int, int]],
    ids: Iterable[tuple[int, int, uuid.UUID]],
    tables: Iterable[tuple[int, int]],
    since: Mapping[tuple[int, int], int] | None = None,
) -> _Select:
    """The read of :func:`entries_for`: each entry's :class:`BoardEntry` columns and the id
    it was sent under, in log order; a board's only after the id ``since`` gives it."""
    on_board = sorted(set(boards))
    at_table = sorted(set(tables))
    field, db = Entry._meta.get_field("entry_id"), _db()
    sent = {(s, t, field.get_db_prep_value(e, db)) for s, t, e in set(ids)}
    after = since or {}
    params: list[Any] = [v for pair in on_board for v in (*pair, after.get(pair, 0))]
    params += [v for pair in at_table for v in pair]
    params += [v for one in sorted(sent, key=str) for v in one]
    sql = _entries_sql(db.vendor, len(on_board), len(at_table), len(sent))
    return sql, params, sent


def _entries_made(
    rows: Sequence[Sequence[Any]], sent: set[tuple[int, int, Any]]
) -> list[Entry | BoardEntry]:
    """The rows read as :class:`BoardEntry` rows, but those sent under an id asked for as
    whole entries, read again whole (a resend is answered with its entry; resends are
    rare, and the reason, the flags and the time of the others are not needed)."""
    width, (pk, session, table) = len(BoardEntry._fields), _SENT_UNDER
    made: list[Entry | BoardEntry] = [BoardEntry._make(row[:width]) for row in rows]
    resent = [row[pk] for row in rows if sent and (row[session], row[table], row[width]) in sent]
    if not resent:
        return made
    loader = _loader(connection.vendor, Entry, "e")
    sql = (
        f"SELECT {loader.columns} FROM {_quote(Entry._meta.db_table)} {_quote('e')}"
        f" WHERE {_column(Entry, 'id')} IN ({', '.join(['%s'] * len(resent))})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, resent)
        whole: dict[int, Entry] = {e.pk: e for e in map(loader.load, cursor.fetchall())}
    return [whole.get(one.id, one) for one in made]


def entries_for(
    boards: Iterable[tuple[int, int]],
    ids: Iterable[tuple[int, int, uuid.UUID]],
    tables: Iterable[tuple[int, int]] = (),
) -> list[Entry | BoardEntry]:
    """Every entry of these (session, board)s and of these (session, table)s, and any
    under these (session, table, entry id)s, in log order, in one read: those under the
    ids as entries (a resend is answered with one), the others as :class:`BoardEntry`
    rows."""
    sql, params, sent = _entries_select(boards, ids, tables)
    with _db().cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return _entries_made(rows, sent)


@cache
def _counts_sql(vendor: str, boards: int) -> str:
    """How many entries each of ``boards`` (session, board)s has (``vendor``: a key of the
    cache)."""
    del vendor
    session, board = _column(Entry, "session"), _column(Entry, "board")
    which = " OR ".join([f"({session} = %s AND {board} = %s)"] * boards) or "1 = 0"
    return (
        f"SELECT {session}, {board}, COUNT(*) FROM {_quote(Entry._meta.db_table)}"
        f" WHERE {which} GROUP BY {session}, {board}"
    )


class GroupRead(NamedTuple):
    """What a group of entries is checked against, read inside the writer's transaction."""

    states: dict[int, str]
    """Each session's state as committed now."""
    entries: list[Entry | BoardEntry]
    """As :func:`entries_for` reads them."""
    links: dict[str, LinkRow]
    """The rows of the links asked for, by token, as committed now."""
    counts: dict[tuple[int, int], int]
    """How many entries each board asked for has as committed now (asked with ``since``;
    a board without any is not in it)."""


def group_read(
    sessions: Iterable[int],
    boards: Iterable[tuple[int, int]],
    ids: Iterable[tuple[int, int, uuid.UUID]],
    tables: Iterable[tuple[int, int]] = (),
    *,
    locking: Iterable[tuple[int, int]] = (),
    links: Iterable[str] = (),
    since: Mapping[tuple[int, int], int] | None = None,
) -> GroupRead:
    """The sessions' states (as :func:`session_states`), the entries of
    :func:`entries_for` and the rows of the ``links`` asked for by token (as
    :func:`link_row`), read together. ``locking`` (PostgreSQL): the sessions' rows held
    against a change of state and these (session, table)s' rows locked until the
    transaction ends, before the rest is read, all in one round trip: another server
    process writing the same tables waits, and the read after the lock sees what it
    committed. SQLite's one writer at a time orders them anyway. ``since``: of each board
    only the entries after this id (0: all), and how many each has in all
    (:attr:`GroupRead.counts`), read after them."""
    pks = sorted(set(sessions))
    locked = sorted(set(locking))
    tokens = sorted(set(links))
    on_board = sorted(set(boards))
    sql, params, sent = _entries_select(on_board, ids, tables, since)
    db = _db()
    # each (statement, its parameters), in the order read: states, lock, links, entries,
    # counts
    statements: list[tuple[str, list[Any]]] = []
    if pks:
        statements.append((_states_sql(db.vendor, len(pks), bool(locked)), list(pks)))
    if locked:
        statements.append(_lock_sql(locked))
    if tokens:
        statements.append(_links_sql(tokens))
    statements.append((sql, params))
    if since is not None:
        statements.append(
            (_counts_sql(db.vendor, len(on_board)), [v for pair in on_board for v in pair])
        )
    results: list[list[Any]] = []
    with db.cursor() as cursor:
        if locked:  # one round trip: each statement's rows in turn
            cursor.execute(
                "; ".join(s for s, _ in statements), [v for _, p in statements for v in p]
            )
            for index in range(len(statements)):
                if index:
                    cursor.nextset()
                results.append(list(cursor.fetchall()))
        else:
            for statement, values in statements:
                cursor.execute(statement, values)
                results.append(list(cursor.fetchall()))
    states = dict(results.pop(0)) if pks else {}
    if locked:
        results.pop(0)  # the lock's own rows
    found: dict[str, LinkRow] = {}
    if tokens:
        at = _token_index()
        found = {row[at]: tuple(row) for row in results.pop(0)}
    entries = _entries_made(results.pop(0), sent)
    counts = {(s, b): n for s, b, n in results.pop(0)} if since is not None else {}
    return GroupRead(states, entries, found, counts)


@cache
def _states_sql(vendor: str, count: int, share: bool) -> str:
    """The state of ``count`` sessions by id (``vendor``: a key of the cache)."""
    del vendor
    return (
        f"SELECT {_column(Session, 'id')}, {_column(Session, 'state')}"
        f" FROM {_quote(Session._meta.db_table)}"
        f" WHERE {_column(Session, 'id')} IN ({', '.join(['%s'] * count)})"
        + (" FOR SHARE" if share else "")
    )


def session_states(sessions: Iterable[int], *, share: bool) -> dict[int, str]:
    """The state of each of these sessions as committed now, read inside the writer's
    transaction. ``share`` (PostgreSQL): the rows held against a change of state until
    the transaction ends, so a close waits for the entries being written and they for
    it; SQLite's one writer at a time orders them anyway."""
    ids = sorted(set(sessions))
    if not ids:
        return {}
    with connection.cursor() as cursor:
        cursor.execute(_states_sql(connection.vendor, len(ids), share), ids)
        return {pk: state for pk, state in cursor.fetchall()}


@cache
def _insert_sql(vendor: str, count: int) -> str:
    """The statement writing ``count`` new entries (``vendor``: a key of the cache): one
    where the database gives back the new rows' ids, else one row's."""
    del vendor
    fields = _written()
    columns = ", ".join(_quote(f.column) for f in fields)
    row = f"({', '.join(['%s'] * len(fields))})"
    table = _quote(Entry._meta.db_table)
    if connection.features.can_return_rows_from_bulk_insert:
        rows = ", ".join([row] * count)
        return f"INSERT INTO {table} ({columns}) VALUES {rows} RETURNING {_column(Entry, 'id')}"
    return f"INSERT INTO {table} ({columns}) VALUES {row}"


def insert_entries(entries: Sequence[Entry]) -> None:
    """Write new entries as ``Model.save`` would (each field's own value for the
    database, ``created`` stamped now), in one statement where the database gives back
    the new rows' ids; without the ORM's machinery, and so no signals are sent."""
    if not entries:
        return
    fields, db = _written(), _db()
    values = [
        [f.get_db_prep_save(f.pre_save(entry, True), db) for f in fields] for entry in entries
    ]
    vendor = db.vendor
    with db.cursor() as cursor:
        if db.features.can_return_rows_from_bulk_insert:
            cursor.execute(_insert_sql(vendor, len(entries)), [v for one in values for v in one])
            ids = [r[0] for r in cursor.fetchall()]
        else:
            ids = []
            for one in values:
                cursor.execute(_insert_sql(vendor, 1), one)
                ids.append(cursor.lastrowid)
    for entry, pk in zip(entries, ids, strict=True):
        entry.pk = pk
        entry._state.adding = False
        entry._state.db = db.alias


class TableRead(NamedTuple):
    """What a table's page and plan show of the session beside its movement, read at each
    look: the entries at its tables, what waits for the opponents' phone, the boards it
    asked to mark not played, and the names of the pairs it meets."""

    entries: list[Entry]
    """At the table (and, in a teams session, its match's other room), in log order."""
    pending: list[PendingEntry]
    """The table's results waiting for the opponents' own phone, in the order sent."""
    asks: list[tuple[int, int]]
    """The (round, board)s the table asked to mark not played, not answered yet."""
    names: dict[str, str]
    """The names of the pairs (teams) asked for, by their movement id."""


@lru_cache(maxsize=64)
def _table_sql(vendor: str, rooms: int, pairs: int) -> tuple[str, str, str, str]:
    """The four reads of :func:`table_read` for so many rooms and pairs (``vendor``: a key
    of the cache)."""
    entry, pending = _loader(vendor, Entry, "e"), _loader(vendor, PendingEntry, "p")
    at_call = f"{_quote(TableCall._meta.db_table)}"
    names_of = (
        f"SELECT {_column(SessionPair, 'pair')}, {_column(SessionPair, 'names')}"
        f" FROM {_quote(SessionPair._meta.db_table)}"
        f" WHERE {_column(SessionPair, 'session')} = %s"
        f" AND {_column(SessionPair, 'pair')} IN ({', '.join(['%s'] * pairs) or 'NULL'})"
    )
    return (
        f"SELECT {entry.columns} FROM {_quote(Entry._meta.db_table)} {_quote('e')}"
        f" WHERE {_quote('e')}.{_column(Entry, 'session')} = %s"
        f" AND {_quote('e')}.{_column(Entry, 'table')} IN ({', '.join(['%s'] * rooms)})"
        f" ORDER BY {_quote('e')}.{_column(Entry, 'id')}",
        f"SELECT {pending.columns} FROM {_quote(PendingEntry._meta.db_table)} {_quote('p')}"
        f" WHERE {_quote('p')}.{_column(PendingEntry, 'session')} = %s"
        f" AND {_quote('p')}.{_column(PendingEntry, 'table')} = %s"
        f" ORDER BY {_quote('p')}.{_column(PendingEntry, 'id')}",
        f"SELECT {_column(TableCall, 'round')}, {_column(TableCall, 'board')} FROM {at_call}"
        f" WHERE {_column(TableCall, 'session')} = %s AND {_column(TableCall, 'table')} = %s"
        f" AND {_column(TableCall, 'kind')} = %s AND {_column(TableCall, 'answered')} IS NULL"
        f" AND {_column(TableCall, 'board')} IS NOT NULL",
        names_of,
    )


def table_read(session: int, table: int, rooms: Sequence[int], pairs: Sequence[str]) -> TableRead:
    """What :class:`TableRead` holds for ``table`` of ``session``: the entries at
    ``rooms``, the names of ``pairs``; four plain statements (the ORM built each afresh,
    about two thirds of a phone's plan at 240 tables)."""
    db = _db()
    vendor = db.vendor
    entries_sql, pending_sql, asks_sql, names_sql = _table_sql(vendor, len(rooms), len(pairs))
    entry, pending = _loader(vendor, Entry, "e"), _loader(vendor, PendingEntry, "p")
    with db.cursor() as cursor:
        cursor.execute(entries_sql, [session, *rooms])
        entries = [entry.load(row, db) for row in cursor.fetchall()]
        cursor.execute(pending_sql, [session, table])
        waiting = [pending.load(row, db) for row in cursor.fetchall()]
        cursor.execute(asks_sql, [session, table, str(TableCall.Kind.NOT_PLAYED)])
        asks = [(round_no, board) for round_no, board in cursor.fetchall()]
        names: dict[str, str] = {}
        if pairs:
            cursor.execute(names_sql, [session, *pairs])
            names = dict(cursor.fetchall())
    return TableRead(entries, waiting, asks, names)
