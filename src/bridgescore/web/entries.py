"""The result log: a table's (or the director's) result checked by the library's own row
kernel and kept, never overwritten; what stands from it; the director's grid; and the log
as the library's :class:`~bridgescore.events.model.Event`.
"""

from __future__ import annotations

import json
import os
import threading
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol, TypeVar

from django.db import IntegrityError, connection, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_noop

try:
    import fcntl
except ImportError:  # Windows: one server process, nothing to share the writer with
    fcntl = None  # type: ignore[assignment]

from bridgescore.core.contract import Contract
from bridgescore.core.seats import Seat
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.errors import as_message
from bridgescore.events.model import (
    Event,
    Location,
    Participant,
    ResultRow,
    Severity,
)
from bridgescore.events.movements.fit import Seating, table_in
from bridgescore.events.movements.model import (
    Movement,
    Table,
)
from bridgescore.events.play import (
    UNFINISHED_AT_CLOSE,
    Entered,
    LeadRule,
    Mark,
    Other,
    Plan,
    Play,
    Stage,
    director_flags,
    entry_problem,
    lead_refusal,
)
from bridgescore.events.scoring import results_of
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.io.rows import FIELD_NAMES, RawResult, build_result, raw_field
from bridgescore.web import analysing, queries, said
from bridgescore.web.clubs import (
    EntryError,
    SessionClosedError,
    Viewer,
    hands_of,
    is_teams,
    movement_of,
    room_name,
    table_label,
    table_numbers,
    user_of,
)
from bridgescore.web.models import (
    Entry,
    PendingEntry,
    Session,
    SessionPair,
    TableCall,
)


@dataclass(frozen=True, slots=True)
class EntryInput:
    """A result as a phone or the director sends it (text fields as typed)."""

    round: int
    table: int
    board: int
    contract: str = ""
    declarer: str = ""
    result: str = ""
    lead: str = ""
    adjusted: str = ""
    not_played: bool = False
    entry_id: uuid.UUID | None = None


def current_entries(session: Session) -> dict[tuple[int, int, int], Entry]:
    """The entry that stands for each (round, table, board): the latest; erased ones gone."""
    return standing(Entry.objects.filter(session=session).order_by("id"))


class Logged(Protocol):
    """An entry of the log as the checks read it: an :class:`Entry`, or a row of one."""

    @property
    def round(self) -> int: ...
    @property
    def table(self) -> int: ...
    @property
    def board(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def contract(self) -> str: ...
    @property
    def declarer(self) -> str: ...
    @property
    def result(self) -> str: ...
    @property
    def ns_score(self) -> int | None: ...


LoggedT = TypeVar("LoggedT", bound=Logged)


def standing(entries: Iterable[LoggedT]) -> dict[tuple[int, int, int], LoggedT]:
    """The entries that stand among ``entries`` (in the log's order): the latest for each
    (round, table, board), erased ones gone."""
    found: dict[tuple[int, int, int], LoggedT] = {}
    for entry in entries:
        key = (entry.round, entry.table, entry.board)
        if entry.kind == Entry.Kind.ERASED:
            found.pop(key, None)
        else:
            found[key] = entry
    return found


def plan_of(session: Session) -> Plan:
    """The session's movement indexed for play (:class:`~bridgescore.events.play.Plan`),
    built once per movement this process has parsed."""
    movement = movement_of(session)
    found = _PLANS.get(id(movement))
    if found is None or found.movement is not movement:
        if len(_PLANS) >= _MOST_PLANS:
            _PLANS.clear()
        found = _PLANS[id(movement)] = Plan.of(movement)
    return found


_PLANS: dict[int, Plan] = {}
"""Each parsed movement's plan, by the movement's identity (the plan keeps it alive)."""
_MOST_PLANS = 64


def play_of(session: Session, log: Iterable[Logged]) -> Play:
    """The session in play (:class:`~bridgescore.events.play.Play`) from entries of its
    log, in the log's order: the whole log, or a table's own for that table's questions."""
    return Play.of(
        plan_of(session), (Entered(e.round, e.table, e.board, Mark(e.kind)) for e in log)
    )


def own_entries(session: Session, table: int) -> list[Entry]:
    """A table's own entries, in the log's order (all a table's questions need)."""
    return list(Entry.objects.filter(session=session, table=table).order_by("id"))


def table_round(
    session: Session, table: int, done: Mapping[tuple[int, int, int], Logged] | None = None
) -> int:
    """The round a table is playing (:meth:`~bridgescore.events.play.Play.round_of`).
    ``done``: the standing entries when the caller has read them already."""
    log = own_entries(session, table) if done is None else done.values()
    return play_of(session, log).round_of(table)


def raw_result(session: Session, seat: Table, inp: EntryInput, movement: Movement) -> RawResult:
    label = table_label(session, inp.table)
    where = Location(f"table {label}, round {inp.round}", board=str(inp.board))
    board = BoardInfo.of(inp.board)
    adjusted = inp.adjusted or ("NP" if inp.not_played else "")
    return RawResult(
        inp.board,
        seat.ns,
        seat.ew,
        board.vulnerability,
        where,
        contract=raw_field(FIELD_NAMES["contract"], inp.contract, where),
        declarer=raw_field(FIELD_NAMES["declarer"], inp.declarer, where),
        tricks=raw_field(FIELD_NAMES["result"], inp.result, where),
        adjusted=raw_field(FIELD_NAMES["adjusted"], adjusted, where),
        round=inp.round,
        table=label,
        lead=raw_field("lead", inp.lead, where),
    )


def check_entry(session: Session, inp: EntryInput, *, by_table: bool = False) -> ResultRow:
    """The row an entry makes, or an :class:`EntryError` saying what is wrong: the board
    must be this table's in this round, and the contract and result possible. From a
    table (``by_table``): no adjusted score, in any field (rulings are the director's),
    and the opening lead when the session requires it."""
    plan = plan_of(session)
    label = table_label(session, inp.table)
    refused = plan.where(inp.round, inp.table, inp.board, label=label, teams=is_teams(session))
    if refused is not None:
        raise EntryError(refused.render(gettext))
    seat = plan.seat(inp.round, inp.table)
    assert seat is not None  # where() said the board is the table's this round
    built = build_result(raw_result(session, seat, inp, plan.movement))
    errors = [p for p in built.problems if p.severity is Severity.ERROR]
    if errors or built.row is None:
        first = errors[0] if errors else built.problems[0]
        raise EntryError(as_message(first.message))  # translated where it is shown
    row = built.row
    wrong = entry_problem(
        row,
        lead=inp.lead,
        by_table=by_table,
        lead_rule=LeadRule(session.lead_rule),
        teams=is_teams(session),
    )
    if wrong is not None:
        raise EntryError(wrong.render(gettext))
    return row


def round_at(session: Session, table: int) -> int:
    """The round a table is playing, read from its own entries only (one read, written as
    SQL: what a table's acknowledgement says, without reading the session's whole log)."""
    own = queries.entries_for((), (), {(session.pk, table)})
    return table_round(session, table, standing(own))


def table_may_enter(session: Session, inp: EntryInput) -> None:
    """Refuse (:class:`EntryError`) what a table may not enter now, read from its own
    entries as they stand (a preview, or a result sent to the opponents' phone; a result
    kept is checked again against the log inside the write):
    :meth:`~bridgescore.events.play.Play.may_enter`."""
    if session.state != Session.State.RUNNING:
        raise SessionClosedError(gettext(CLOSED))
    permit = play_of(session, own_entries(session, inp.table)).may_enter(
        inp.round, inp.table, inp.board
    )
    if permit.refusal is not None:
        raise EntryError(permit.refusal.render(gettext))


CLOSED = gettext_noop("this table's link has expired: the session is closed (ask the director)")
"""A closed session's answer to a table (translated where it is raised)."""


def change_state(session: Session, state: str) -> None:
    """Close, publish or open the session again, in turn with the entries being written:
    an entry kept before the change commits is in the session's results; none from a
    table is kept after a close has committed (the writer reads the state afresh inside
    its transaction: SQLite has one writer at a time, and on PostgreSQL the writer holds
    the session's row against this update until it commits)."""
    if state not in Session.State.values:
        raise EntryError(
            gettext("{state!r}: a session is {join}").format(
                state=state, join=", ".join(map(str, Session.State.labels))
            )
        )
    with transaction.atomic():
        Session.objects.filter(pk=session.pk).update(state=state)
    session.state = state


def send_to_opponents(
    session: Session, inp: EntryInput, kept: Mapping[str, str], shown: str
) -> PendingEntry:
    """Keep a checked result for the opponents to confirm on their own phone (once per
    id of this table), unless the session closed meanwhile (read inside the write)."""
    assert inp.entry_id is not None
    with transaction.atomic():
        states = queries.session_states({session.pk}, share=connection.vendor != "sqlite")
        if states.get(session.pk) != Session.State.RUNNING:
            raise SessionClosedError(gettext(CLOSED))
        pending, _ = PendingEntry.objects.get_or_create(
            session=session,
            table=inp.table,
            entry_id=inp.entry_id,
            defaults={"fields": json.dumps(dict(kept)), "shown": shown[:120]},
        )
    return pending


def record_entry(
    session: Session,
    inp: EntryInput,
    *,
    by_table: bool,
    user: Viewer = None,
    reason: str = "",
) -> tuple[Entry, bool]:
    """Keep one entry (committed before this returns); ``True`` when it is new. A resend
    (the same ``entry_id``) gives back the entry already kept. A table may not enter a
    board that already has a result; the director may, with a reason.

    Entries are written in groups (:func:`_write`): the thread that finds the writer free
    writes every entry waiting at that moment in one transaction and one commit, so 60
    tables sending at once wait for a few commits, not for 60 one after another."""
    entry, created = _written(_record(session, inp, by_table, user, reason))
    if created:
        _answer_asks(session, inp, user)
    return entry, created


def record_table_entry(session: Session, inp: EntryInput) -> tuple[Entry, bool, int]:
    """A table's result kept as :func:`record_entry` keeps it, with the round the table
    is playing once it is in (worked out in the same write from the table's entries)."""
    wanted = _record(session, inp, True, None, "")
    entry, created = _written(wanted)
    if created:
        _answer_asks(session, inp, None)
    playing = wanted.playing if wanted.playing is not None else round_at(session, inp.table)
    return entry, created, playing


def _answer_asks(session: Session, inp: EntryInput, user: Viewer) -> None:
    """A board kept answers the table's open ask to mark it not played: the director's
    entry is the ruling (or the acceptance), the table's own shows it was played after
    all. Read first, written only when there is an ask (a write on every result would
    queue behind the entries' writer)."""
    if queries.open_ask(session.pk, inp.table, inp.round, inp.board):
        TableCall.objects.filter(
            session=session,
            table=inp.table,
            round=inp.round,
            board=inp.board,
            kind=TableCall.Kind.NOT_PLAYED,
            answered=None,
        ).update(answered=timezone.now(), answered_by=user_of(user))


def _written(wanted: _Wanted) -> tuple[Entry, bool]:
    """The entry and whether it is new, or the reason it was not kept (raised)."""
    outcome = wanted.outcome
    if isinstance(outcome, BaseException):
        raise outcome
    assert outcome is not None, "the writer answers every entry it takes"
    return outcome


def _record(
    session: Session, inp: EntryInput, by_table: bool, user: Viewer, reason: str
) -> _Wanted:
    """Queue one entry for the writer and wait until a writer has been: the entry waiting
    with its outcome."""
    try:
        row: ResultRow | EntryError = check_entry(
            session, inp, by_table=by_table
        )  # before the queue
    except EntryError as error:
        row = error  # a resend of an entry kept before is still answered with that entry
    wanted = _Wanted(
        session, inp, inp.entry_id or uuid.uuid4(), row, by_table, user, reason,
        language=translation.get_language(),
    )  # fmt: skip
    with _WAITING_LOCK:
        _WAITING.append(wanted)
    while wanted.outcome is None:
        with writing():
            if wanted.outcome is None:  # no writer took it yet: write those waiting
                with _WAITING_LOCK:
                    group = _WAITING[:MOST_IN_A_WRITE]
                    del _WAITING[:MOST_IN_A_WRITE]
                try:
                    _write(group)
                except BaseException:
                    if any(w is wanted for w in group):
                        raise
                    # a group before ours failed (each of its senders hears why): ours
                    # is still waiting, for the next writer
    return wanted


@dataclass(slots=True)
class _Wanted:
    """An entry waiting to be written, and, once the writer has been, its outcome: the
    entry and whether it is new, or why it was not kept."""

    session: Session
    inp: EntryInput
    entry_id: uuid.UUID
    row: ResultRow | EntryError
    by_table: bool
    user: Viewer
    reason: str
    outcome: tuple[Entry, bool] | BaseException | None = None
    playing: int | None = None
    """A table's: the round it is playing once the group is written."""
    language: str | None = None
    """The language of the request that sent it: its refusal is in that language, whoever
    writes the group (each phone hears why in its own)."""


MOST_IN_A_WRITE = 100
"""The most entries written in one transaction (well within every database's limit on a
statement's values)."""
_WAITING: list[_Wanted] = []
_WAITING_LOCK = threading.Lock()
_WRITER = threading.Lock()
"""Held by the one thread writing entries in this process (the others wait for it)."""
_HELD = threading.local()
"""How deep this thread is in :func:`writing` (it holds the writer when above 0)."""


@contextmanager
def writing() -> Iterator[None]:
    """Hold the writer: this process's (the other threads' entries wait in the queue) and,
    on SQLite, every process's. A thread already holding it goes on holding it, so a
    write of many entries (:func:`record_entries`) can set up what they belong to in the
    same hold, without another writer coming between."""
    if getattr(_HELD, "depth", 0):
        _HELD.depth += 1
        try:
            yield
        finally:
            _HELD.depth -= 1
        return
    with _WRITER, _writer_across_processes():
        _HELD.depth = 1
        try:
            yield
        finally:
            _HELD.depth = 0


def record_entries(
    session: Session, inputs: Sequence[tuple[EntryInput, str]], *, user: Viewer
) -> list[Entry]:
    """Keep many of the director's entries at once (an imported file's), each with its
    reason, all or none: each checked as :func:`record_entry` checks it, against the log
    and the ones before it, written in one transaction while this thread holds the writer
    (tables sending meanwhile wait, then go on). The first that cannot be kept is raised
    and none is."""
    group = [
        _Wanted(session, inp, inp.entry_id or uuid.uuid4(), check_entry(session, inp), False,
                user, reason, language=translation.get_language())
        for inp, reason in inputs
    ]  # fmt: skip
    with writing(), transaction.atomic():
        for start in range(0, len(group), MOST_IN_A_WRITE):
            _write(group[start : start + MOST_IN_A_WRITE], whole=True)
    kept: list[Entry] = []
    for wanted in group:
        entry, _ = _written(wanted)
        kept.append(entry)
    return kept


_LOCK_FILE: dict[str, tuple[int, int]] = {}
"""The writer's lock file of each SQLite database, opened once in each process."""


@contextmanager
def _writer_across_processes() -> Iterator[None]:
    """On SQLite, the writers of every server process queue on one lock file beside the
    database, a blocking lock the kernel hands on at once, rather than on SQLite's busy
    handler, which polls with growing sleeps (a long tail under 60 tables at once).
    PostgreSQL's row locks need none; nor does a database in memory (the tests')."""
    in_memory = getattr(connection, "is_in_memory_db", lambda: False)()  # SQLite's own
    if connection.vendor != "sqlite" or fcntl is None or in_memory:
        yield
        return
    name = str(connection.settings_dict["NAME"])
    kept = _LOCK_FILE.get(name)
    if kept is None or kept[0] != os.getpid():  # a forked worker opens its own
        descriptor = os.open(f"{name}-writer.lock", os.O_RDWR | os.O_CREAT, 0o600)
        kept = _LOCK_FILE[name] = (os.getpid(), descriptor)
    fcntl.flock(kept[1], fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(kept[1], fcntl.LOCK_UN)


def _write(group: Sequence[_Wanted], *, whole: bool = False) -> None:
    """Write ``group`` in one transaction of one read and one write, whatever its size:
    every entry of the group's boards and under its ids is read at once, each entry is
    checked against that read (and the group's entries before it), and the new ones are
    written together. Each gets its outcome only once the group is committed (or, if that
    fails, the error: then none of the group is kept). ``whole``: an entry that cannot be
    kept is raised, and none of the group is."""
    outcomes: list[tuple[Entry, bool] | EntryError] = []
    try:
        with transaction.atomic():
            # PostgreSQL: the group's tables locked in the same round trip as the read;
            # SQLite has one writer at a time anyway
            postgres = connection.vendor != "sqlite"
            tables = {(w.session.pk, w.inp.table) for w in group}
            states = queries.session_states({w.session.pk for w in group}, share=postgres)
            seen = _Seen(
                queries.entries_for(
                    {(w.session.pk, w.inp.board) for w in group},
                    {(w.session.pk, w.inp.table, w.entry_id) for w in group},
                    {(w.session.pk, w.inp.table) for w in group if w.by_table},
                    locking=tables if postgres else (),
                )
            )
            for wanted in group:
                try:
                    with translation.override(wanted.language):  # its sender's language
                        outcomes.append(_keep(wanted, seen, states.get(wanted.session.pk, "")))
                except EntryError as error:
                    if whole:
                        raise
                    outcomes.append(error)
            queries.insert_entries(seen.new)
            for wanted in group:
                if wanted.by_table:
                    own = seen.by_table.get((wanted.session.pk, wanted.inp.table), [])
                    play = play_of(wanted.session, own)
                    wanted.playing = play.round_of(wanted.inp.table)
    except IntegrityError:
        if whole:
            raise
        if len(group) > 1:  # another process kept one of these ids meanwhile: one by one
            for wanted in group:
                _write([wanted])
            return
        wanted = group[0]
        found = Entry.objects.get(
            session=wanted.session, table=wanted.inp.table, entry_id=wanted.entry_id
        )
        wanted.outcome = (found, False)
        return
    except BaseException as error:  # nothing of the group is kept: each hears why
        for wanted in group:
            wanted.outcome = error
        raise
    for wanted, outcome in zip(group, outcomes, strict=True):
        wanted.outcome = outcome


class _Seen:
    """The entries a group is checked against: those read, then the group's new ones.
    ``by_table`` is whole for the tables whose entries were read (the tables' own)."""

    def __init__(self, read: Iterable[Entry | queries.BoardEntry]) -> None:
        self.by_board: dict[tuple[int, int], list[Logged]] = {}
        self.by_table: dict[tuple[int, int], list[Logged]] = {}
        self.by_id: dict[tuple[int, int, uuid.UUID], Entry] = {}
        self.new: list[Entry] = []
        for entry in read:
            self._add(entry)
            if isinstance(entry, Entry):
                self.by_id[(entry.session_id, entry.table, entry.entry_id)] = entry

    def _add(self, entry: Entry | queries.BoardEntry) -> None:
        self.by_board.setdefault((entry.session_id, entry.board), []).append(entry)
        self.by_table.setdefault((entry.session_id, entry.table), []).append(entry)

    def add_new(self, entry: Entry) -> None:
        self._add(entry)
        self.by_id[(entry.session_id, entry.table, entry.entry_id)] = entry
        self.new.append(entry)


def _keep(wanted: _Wanted, seen: _Seen, state: str) -> tuple[Entry, bool]:
    """One entry of a group, against what the group has seen and the session's ``state``
    as committed: a resend gets the entry kept before; then the checks (a table's: the
    session under way, the round it is playing); the director's flags come from the
    board's entries."""
    session, inp, entry_id = wanted.session, wanted.inp, wanted.entry_id
    key = (inp.round, inp.table, inp.board)
    existing = seen.by_id.get((session.pk, inp.table, entry_id))
    if existing is not None:
        if (existing.round, existing.board) != (inp.round, inp.board):
            raise EntryError(
                gettext(
                    "this result's id was already used for board {board} at this table: "
                    "enter the board again"
                ).format(board=existing.board)
            )
        return existing, False
    if state != Session.State.RUNNING and wanted.by_table:
        raise SessionClosedError(gettext(CLOSED))
    row = wanted.row
    if isinstance(row, EntryError):
        raise row
    if not wanted.by_table and not wanted.reason.strip():
        raise EntryError(gettext("a director's change needs a reason (it goes in the log)"))
    late = False
    if wanted.by_table:
        own = seen.by_table.get((session.pk, inp.table), [])
        permit = play_of(session, own).may_enter(inp.round, inp.table, inp.board)
        if permit.refusal is not None:
            raise EntryError(permit.refusal.render(gettext))
        late = permit.late
    board = standing(seen.by_board.get((session.pk, inp.board), []))
    others = [e for other, e in board.items() if other != key]
    # The deal matters only to a lead: without one the hand records are not read here.
    hands = hands_of(session.hands_pbn).get(inp.board) if inp.lead.strip() else None
    rule = LeadRule(session.lead_rule)
    refused = lead_refusal(row, inp.lead, hands, lead_rule=rule, by_table=wanted.by_table)
    if refused is not None:
        raise EntryError(refused.render(gettext))
    flags = director_flags(
        row, map(_other, others), lead=inp.lead, lead_rule=rule, hands=hands, late=late
    )
    entry = Entry(
        session=session,
        entry_id=entry_id,
        round=inp.round,
        table=inp.table,
        board=inp.board,
        kind=_kind(row),
        contract=_contract_of(row, inp),
        declarer=inp.declarer.strip().upper()[:1] if row.result is not None else "",
        result=inp.result.strip() if row.result is not None else "",
        lead=inp.lead.strip().upper(),
        adjusted=str(row.adjusted) if row.adjusted is not None else "",
        ns_score=row.ns_score,
        by_table=wanted.by_table,
        by=user_of(wanted.user),
        reason=wanted.reason.strip(),
        flags=said.said_all(flags, Entry._meta.get_field("flags").max_length or 300),
    )
    seen.add_new(entry)
    return entry, True


def _contract_of(row: ResultRow, inp: EntryInput) -> str:
    """The contract as kept: ``4SX`` as typed (upper case), ``Pass`` for a passed-out board."""
    if row.result is None:
        return ""
    if not isinstance(row.result.contract, Contract):
        return "Pass"
    return inp.contract.strip().upper()


def _kind(row: ResultRow) -> str:
    if row.not_played:
        return Entry.Kind.NOT_PLAYED
    if row.adjusted is not None:
        return Entry.Kind.ADJUSTED
    return Entry.Kind.RESULT


def erase_entry(
    session: Session, rnd: int, table: int, board: int, user: Viewer, reason: str
) -> Entry:
    """The director takes a result away (kept in the log, with the reason)."""
    if not reason.strip():
        raise EntryError(gettext("erasing a result needs a reason (it goes in the log)"))
    if (rnd, table, board) not in current_entries(session):
        raise EntryError(
            gettext("round {rnd}, table {table}, board {board} has no result to erase").format(
                rnd=rnd, table=table, board=board
            )
        )
    return Entry.objects.create(
        session=session,
        round=rnd,
        table=table,
        board=board,
        kind=Entry.Kind.ERASED,
        by=user_of(user),
        reason=reason.strip(),
    )


def _other(entry: Logged) -> Other:
    """Another result of the board, as the director's flags compare it."""
    if entry.kind != Entry.Kind.RESULT or not entry.declarer:
        return Other(entry.round, entry.table, ns_score=entry.ns_score)
    level = int(entry.contract[0])
    text = entry.result or "="
    return Other(
        entry.round,
        entry.table,
        Seat.parse(entry.declarer),
        entry.contract.rstrip("X")[1:],
        6 + level + (0 if text == "=" else int(text)),
        entry.ns_score,
    )


def event_of(session: Session) -> Event:
    """The session as the library's event: one row per standing result (through the one
    row kernel), the pairs' names, the hand records. A teams session's rows name the
    teams (``ns``/``ew``), its round and its room table (``1a``, ``1b``); a board marked
    not played in a room is left out (a teams match has no score for it)."""
    movement = movement_of(session)
    teams = is_teams(session)
    rows: list[ResultRow] = []
    for (rnd, table, board), entry in sorted(current_entries(session).items()):
        seat = table_in(movement, rnd, table)
        if seat is None or (teams and entry.kind == Entry.Kind.NOT_PLAYED):
            continue
        inp = EntryInput(
            rnd,
            table,
            board,
            entry.contract,
            entry.declarer,
            entry.result,
            entry.lead,
            adjusted=entry.adjusted,
            not_played=entry.kind == Entry.Kind.NOT_PLAYED,
        )
        built = build_result(raw_result(session, seat, inp, movement))
        if built.row is not None:
            rows.append(built.row)
    # a teams session's teams are its pair rows, kept in the order the teams were given
    listed = list(SessionPair.objects.filter(session=session).order_by("id"))
    names = {p.pair: p.names for p in listed}
    participants = tuple(
        Participant(pair, tuple(n.strip() for n in names.get(pair, "").split("&") if n.strip()))
        for pair in ([p.pair for p in listed] if teams else movement.pairs)
    )
    results = results_of(rows, name=session.name, source=session.name, teams=teams)
    return Event(
        results,
        name=session.name,
        date=session.date.isoformat(),
        site=session.club.name,
        kind=EventKind.TEAMS if teams else EventKind.PAIRS,
        scoring=Scoring.parse(session.scoring),
        program="bridgescore",
        participants=participants,
        hands=hands_of(session.hands_pbn),
        analyses=analysing.analyses_of(session),
    )


@dataclass(frozen=True, slots=True)
class Progress:
    """Every board the movement schedules with its :class:`Stage`, read once from the log:
    the grid's colours, the Missing list and the close warning come from it, so they
    always agree."""

    stages: tuple[tuple[Seating, Stage], ...]
    done: Mapping[tuple[int, int, int], Entry]
    playing: Mapping[int, int]
    """Each table's round (:func:`table_round`)."""

    def at(self, *stages: Stage) -> list[Seating]:
        """The boards at any of ``stages``, in round and table order."""
        return [s for s, stage in self.stages if stage in stages]


def progress(session: Session) -> Progress:
    """Where each board of ``session`` stands (:class:`~bridgescore.events.play.Stage`),
    read once from the log."""
    done = current_entries(session)
    play = play_of(session, done.values())
    playing = {t: play.round_of(t) for t in play.plan.tables}
    return Progress(play.stages(), done, playing)


@dataclass(frozen=True, slots=True)
class Cell:
    """One table in one round on the director's grid."""

    round: int
    table: int
    ns: str
    ew: str
    boards: tuple[int, ...]
    entered: int
    state: str  # a Stage (done, missing, playing, not_started, waiting), or idle
    flags: tuple[str, ...] = ()
    label: str = ""  # teams: the match and room (``match 1, open room``)
    room: str = ""  # teams: the room as the cards and phones say it (``1a``)


def grid(session: Session, found: Progress | None = None) -> list[list[Cell]]:
    """Every round (rows) and table (columns), its state the :class:`Stage` of its boards
    not in (done when none is); ``idle`` where the table does not play that round.
    ``found``: the session's :func:`progress` when the caller has it already."""
    movement = movement_of(session)
    found = found or progress(session)
    done = found.done
    numbers = table_numbers(movement)
    labels = {t: room_name(t) if is_teams(session) else "" for t in numbers}
    rooms = {t: table_label(session, t) if is_teams(session) else "" for t in numbers}
    stages = {(s.round, s.table, s.board): stage for s, stage in found.stages}
    rows: list[list[Cell]] = []
    for number, rnd in enumerate(movement.rounds, start=1):
        seats = {seat.table: seat for seat in rnd.tables}
        row = []
        for table in numbers:
            seat = seats.get(table)
            if seat is None:
                label, room = labels[table], rooms[table]
                row.append(Cell(number, table, "", "", (), 0, "idle", label=label, room=room))
                continue
            keys = [(number, table, b) for b in seat.boards]
            entered = [done[k] for k in keys if k in done]
            left = [stages[k] for k in keys if k not in done]
            state = left[0] if left else Stage.DONE
            flags = tuple(f for e in entered for f in said.shown_all(e.flags))
            row.append(
                Cell(
                    number,
                    table,
                    seat.ns,
                    seat.ew,
                    seat.boards,
                    len(entered),
                    str(state),
                    flags,
                    labels[table],
                    rooms[table],
                )
            )
        rows.append(row)
    return rows


def unfinished(session: Session, table: int) -> list[int]:
    """The boards of the table's current round with neither a result nor "not played":
    the round cannot be left until there are none."""
    return play_of(session, own_entries(session, table)).unfinished(table)


def missing(session: Session, found: Progress | None = None) -> list[Seating]:
    """The boards missing from rounds their table has left (:attr:`Stage.MISSING`: a
    result the director erased, or one to enter late), not those still to be played:
    red on the grid and listed for the director."""
    return (found or progress(session)).at(Stage.MISSING)


def not_yet_in(session: Session) -> list[Seating]:
    """Every board the movement schedules and the log has no result for, played or not
    (what a close leaves without a result)."""
    return progress(session).at(*UNFINISHED_AT_CLOSE)


def visible_boards(session: Session, table: int | None) -> set[int]:
    """The boards a viewer may see travellers of: all once published; a table, the boards
    it has finished (a board it did not play stays hidden, as on a Bridgemate, since it
    may yet play it); anyone else, none while the session is under way."""
    if session.state == Session.State.PUBLISHED:
        return set(movement_of(session).boards)
    if table is None:
        return set()
    return play_of(session, own_entries(session, table)).finished(table)
