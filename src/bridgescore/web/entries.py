"""The result log's one writer: a table's (or the director's) result, checked by the
library's row kernel and the session in play (:mod:`bridgescore.web.in_play`), kept once
and never overwritten, in groups under one lock; the session's state changed in turn
with the entries; a result sent to the opponents' phone; an erasure.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import uuid
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial

from django.db import IntegrityError, connection, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext

try:
    import fcntl
except ImportError:  # Windows: one server process, nothing to share the writer with
    fcntl = None  # type: ignore[assignment]

from bridgescore.core.contract import Contract
from bridgescore.core.hands import Hands
from bridgescore.errors import as_message
from bridgescore.events.model import ResultRow
from bridgescore.events.play import Entered, LeadRule, Mark, Play, director_flags, lead_refusal
from bridgescore.web import boards_kept, queries, said
from bridgescore.web.hand_records import hands_of
from bridgescore.web.in_play import (
    CLOSED,
    EntryInput,
    Logged,
    check_entry,
    current_entries,
    play_of,
    round_at,
)
from bridgescore.web.models import (
    Entry,
    PendingEntry,
    Session,
)
from bridgescore.web.naming import table_label
from bridgescore.web.refusals import EntryError, SessionClosedError, StaleLink, Viewer, user_of
from bridgescore.web.session_movement import sections_of


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
            raise SessionClosedError(as_message(CLOSED))  # translated where it is shown
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

    Entries are written in groups (:func:`_write`): the process's writing thread (without
    one, the thread that finds the writer free) writes every entry waiting at that moment
    in one transaction and one commit, so 60 tables sending at once wait for a few
    commits, not for 60 one after another."""
    return _written(_record(session, inp, by_table, user, reason))


def record_table_entry(
    session: Session,
    inp: EntryInput,
    *,
    asks_open: bool = True,
    kept: tuple[str, queries.LinkRow] | None = None,
) -> tuple[Entry, bool, int]:
    """A table's result kept as :func:`record_entry` keeps it, with the round the table
    is playing once it is in (worked out in the same write from the table's entries).
    ``asks_open``: whether the table may have an open ask to mark a board not played (as
    its link was read: without one, the write does not look for it). ``kept``: the
    token and row of the link the request used, when it was the one this process kept
    rather than read: the write reads the link's row with the group and, if it is not
    that one, keeps nothing of this result and raises :class:`StaleLink`."""
    wanted = _record(session, inp, True, None, "", asks_open=asks_open, kept=kept)
    entry, created = _written(wanted)
    playing = _playing(wanted)
    return entry, created, playing if playing is not None else round_at(session, inp.table)


def _playing(wanted: _Wanted) -> int | None:
    """The round a table's result leaves its table playing, from its entries as the write
    left them (worked out once the writer is free): the play the write worked out with the
    result, unless the group kept another of the table's after it; ``None`` if not
    known."""
    own = wanted.own
    if own is None:
        return None
    after = wanted.play
    play = after[1] if after is not None and after[0] == len(own) else play_of(wanted.session, own)
    return play.round_of(wanted.inp.table)


def _written(wanted: _Wanted) -> tuple[Entry, bool]:
    """The entry and whether it is new, or the reason it was not kept (raised)."""
    outcome = wanted.outcome
    if isinstance(outcome, BaseException):
        raise outcome
    assert outcome is not None, "the writer answers every entry it takes"
    return outcome


def _record(
    session: Session,
    inp: EntryInput,
    by_table: bool,
    user: Viewer,
    reason: str,
    *,
    asks_open: bool = True,
    kept: tuple[str, queries.LinkRow] | None = None,
) -> _Wanted:
    """Queue one entry for the writer and wait until a writer has been (the process's
    writing thread, or, without one, this thread or another that found the writer free):
    the entry waiting with its outcome."""
    try:
        row: ResultRow | EntryError = check_entry(
            session, inp, by_table=by_table
        )  # before the queue
    except EntryError as error:
        row = error  # a resend of an entry kept before is still answered with that entry
    wanted = _Wanted(
        session, inp, inp.entry_id or uuid.uuid4(), row, by_table, user, reason,
        language=translation.get_language(), asks_open=asks_open, hands=_deal_of(session, inp),
        kept=kept,
    )  # fmt: skip
    wanted.entry = _entry_of(wanted)  # made before the queue: the writer sets its flags
    with _WAITING_LOCK:
        _WAITING.append(wanted)
        _ARRIVED.notify()
    while wanted.outcome is None:
        if _writing_thread_alive():  # the process's writing thread writes it
            wanted.done.wait(_LOOKED_AT_AGAIN)
            continue
        # this process's writer first, and only if no writer took the entry meanwhile,
        # every process's: a thread whose entry was written while it waited goes without
        # queueing behind the other processes' writes for the lock it no longer needs
        with writing(unless=lambda: wanted.outcome is not None) as free:
            if free:  # no writer took it yet: write those waiting
                group = _taken()
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
    own: list[Logged] | None = None
    """A table's: its own entries once the group is written (the round it is playing is
    worked out from them after the writer is free)."""
    play: tuple[int, Play] | None = None
    """A table's result kept: the table's play once it was in, and how many of the
    table's entries that was (the group may keep another of the table's after it)."""
    language: str | None = None
    """The language of the request that sent it: its refusal is in that language, whoever
    writes the group (each phone hears why in its own)."""
    asks_open: bool = True
    """Whether its table may have an open ask to mark a board not played (its answer is
    looked for only then)."""
    hands: Hands | None = None
    """The board's deal, where a lead was entered and the session has hand records (read
    before the writer: a table's request reads no hand records with its session)."""
    entry: Entry | None = None
    """The entry as it would be kept, but for the flags the board's other results give
    (made before the writer, which only sets them); ``None`` for one refused already."""
    kept: tuple[str, queries.LinkRow] | None = None
    """A table's, sent through the link its process kept: the token and the row it was
    checked against (the write refuses it, as :class:`StaleLink`, if the row changed)."""
    done: threading.Event = field(default_factory=threading.Event)
    """Set by the process's writing thread once it has written the group it took this in
    (:func:`start_writing_thread`)."""


def _deal_of(session: Session, inp: EntryInput) -> Hands | None:
    """The deal of the board entered, only where a lead was entered (the lead's check
    needs it; without a lead the hand records are not read)."""
    return hands_of(session.hands_pbn).get(inp.board) if inp.lead.strip() else None


MOST_IN_A_WRITE = 100
"""The most entries written in one transaction (well within every database's limit on a
statement's values)."""
_WAITING: list[_Wanted] = []
_WAITING_LOCK = threading.Lock()
_ARRIVED = threading.Condition(_WAITING_LOCK)
"""Told when an entry joins those waiting (the writing thread waits for it)."""
_WRITING_THREAD: threading.Thread | None = None
"""This process's writing thread, where the server started one."""
WRITING_THREAD_NAME = "bs-writer"
"""The writing thread's name (at most 15 characters: the server gives it to the system
too, for ``top -H`` and ``ps -L``)."""
_LOOKED_AT_AGAIN = 1.0
"""Seconds an entry's sender waits for the writing thread before looking again whether it
is still there (if it is not, the sender writes as it would without one)."""
_WRITER = threading.Lock()
"""Held by the one thread writing entries in this process (the others wait for it)."""
_HELD = threading.local()
"""How deep this thread is in :func:`writing` (it holds the writer when above 0)."""


def start_writing_thread(first: Callable[[], None] = lambda: None) -> None:
    """Start this process's writing thread, which does ``first`` as it starts. The server
    starts one in each of its processes, before its request threads, connecting to the
    database as they do (:func:`bridgescore.web.serve.connect`). From then on it writes
    the entries the request threads queue, in groups as :func:`_record` describes, and
    they only wait for it. One thread that does nothing else can be put ahead of the
    request threads by the system's scheduler
    (:func:`bridgescore.web.serve.lower_request_thread`): on SQLite the writer of every
    process is held in turn, and a writer left waiting for a core while the others work
    on their requests keeps every process waiting (240 tables at once: the writer was held
    nine tenths of each wave, for about twice what its work took; bench/RESULTS.md).
    Without it (tests, commands) the first sender to find the writer free writes."""
    global _WRITING_THREAD
    with _WAITING_LOCK:
        if _writing_thread_alive():
            return
        _WRITING_THREAD = threading.Thread(
            target=_write_waiting, args=(first,), name=WRITING_THREAD_NAME, daemon=True
        )
        _WRITING_THREAD.start()


def stop_writing_thread(timeout: float = 10) -> None:
    """Let the writing thread go once nothing waits for it (tests; the server's ends with
    its process): senders from then on write as without one."""
    global _WRITING_THREAD
    with _WAITING_LOCK:
        thread, _WRITING_THREAD = _WRITING_THREAD, None
        _ARRIVED.notify_all()
    if thread is not None:
        thread.join(timeout)


def _writing_thread_alive() -> bool:
    thread = _WRITING_THREAD
    return thread is not None and thread.is_alive()


def _write_waiting(first: Callable[[], None]) -> None:
    """The writing thread: ``first``; then each time entries wait, hold the writer, take
    every one waiting then (up to :data:`MOST_IN_A_WRITE`) and write them as one group;
    each sender is told once its group is written, or why it could not be."""
    try:
        first()
    except Exception:  # it writes all the same: its first write tries again
        logging.getLogger("bridgescore.web").exception("the writing thread's start")
    while True:
        with _WAITING_LOCK:
            while not _WAITING:
                if threading.current_thread() is not _WRITING_THREAD:
                    return  # stopped (:func:`stop_writing_thread`), nothing left waiting
                _ARRIVED.wait()
        group: list[_Wanted] = []
        try:
            with writing():
                group = _taken()
                _write(group)
        except BaseException as error:  # each sender hears why (a group failed whole)
            group = group or _taken()  # the writer could not be held: nor these written
            for wanted in group:
                if wanted.outcome is None:
                    wanted.outcome = error
            if not isinstance(error, Exception):
                raise  # the thread ends; its senders, told, write as without it
            connection.close_if_unusable_or_obsolete()  # as a request's end does
        finally:
            for wanted in group:
                wanted.done.set()


def _taken() -> list[_Wanted]:
    """The entries waiting now (up to :data:`MOST_IN_A_WRITE`), taken off the queue."""
    with _WAITING_LOCK:
        group = _WAITING[:MOST_IN_A_WRITE]
        del _WAITING[:MOST_IN_A_WRITE]
    return group


@contextmanager
def writing(unless: Callable[[], bool] = lambda: False) -> Iterator[bool]:
    """Hold the writer: this process's (the other threads' entries wait in the queue) and,
    on SQLite, every process's. A thread already holding it goes on holding it, so a
    write of many entries (:func:`record_entries`) can set up what they belong to in the
    same hold, without another writer coming between.

    ``unless``: asked once this process's writer is held; when true, every process's is
    not taken and the hold yields ``False`` (nothing is left to write)."""
    if getattr(_HELD, "depth", 0):
        _HELD.depth += 1
        try:
            yield True
        finally:
            _HELD.depth -= 1
        return
    with _WRITER:
        if unless():
            yield False
            return
        with _writer_across_processes():
            _HELD.depth = 1
            try:
                yield True
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
                user, reason, language=translation.get_language(), hands=_deal_of(session, inp))
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
    outcomes: list[tuple[Entry, bool] | EntryError | StaleLink] = []
    try:
        with transaction.atomic():
            # PostgreSQL: the group's tables locked in the same round trip as the read;
            # SQLite has one writer at a time anyway
            postgres = connection.vendor != "sqlite"
            tables = {(w.session.pk, w.inp.table) for w in group}
            own = {(w.session.pk, w.inp.table) for w in group if w.by_table}
            # each board's results as this process kept them, and the rows added since
            named = {(w.session.pk, w.inp.board): w.session.public_id for w in group}
            before = {key: boards_kept.kept(named[key], key[1]) for key in named}
            read = queries.group_read(
                {w.session.pk for w in group},
                named,
                {(w.session.pk, w.inp.table, w.entry_id) for w in group},
                own,
                locking=tables if postgres else (),
                links={w.kept[0] for w in group if w.kept is not None},
                since={key: board.last for key, board in before.items()},
            )
            boards = boards_kept.now(before, read.entries, read.counts)
            for key, board in boards.items():  # kept once what was read is committed
                transaction.on_commit(partial(boards_kept.keep, named[key], key[1], board))
            states, seen = read.states, _Seen(read.entries, boards, own)
            writing_in = translation.get_language()
            for wanted in group:
                if wanted.kept is not None and read.links.get(wanted.kept[0]) != wanted.kept[1]:
                    outcomes.append(StaleLink())  # checked against a link since changed
                    continue
                try:
                    if wanted.language == writing_in:
                        outcomes.append(_keep(wanted, seen, states.get(wanted.session.pk, "")))
                    else:
                        with translation.override(wanted.language):  # its sender's language
                            state = states.get(wanted.session.pk, "")
                            outcomes.append(_keep(wanted, seen, state))
                except EntryError as error:
                    if whole:
                        raise
                    outcomes.append(error)
            queries.insert_entries(seen.new)
            _answer_asks(group, outcomes)
            for wanted in group:
                if wanted.by_table:
                    wanted.own = seen.by_table.get((wanted.session.pk, wanted.inp.table), [])
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


def _answer_asks(
    group: Sequence[_Wanted], outcomes: Sequence[tuple[Entry, bool] | EntryError | StaleLink]
) -> None:
    """A board kept answers its table's open ask to mark it not played: the director's
    entry is the ruling (or the acceptance), the table's own shows it was played after
    all. One statement for each one who entered (the table, or a director), in the
    group's write; none for a table whose link was read without an open ask (nearly
    every result: a table's read of its link says so at no cost to the writer)."""
    asks: dict[int | None, list[tuple[int, int, int, int]]] = {}
    for wanted, outcome in zip(group, outcomes, strict=True):
        if wanted.asks_open and isinstance(outcome, tuple) and outcome[1]:
            by = user_of(wanted.user)
            inp = wanted.inp
            key = (wanted.session.pk, inp.table, inp.round, inp.board)
            asks.setdefault(by.pk if by is not None else None, []).append(key)
    when = timezone.now()
    for by_id, keys in asks.items():
        queries.answer_asks(keys, by_id, when)


class _Seen:
    """The entries a group is checked against: those read, then the group's new ones.
    ``by_table``: the entries of the tables read whole (``tables``, the tables' own);
    ``boards``: each board's results standing, as the flags compare them (of
    ``boards``, as committed, and the group's new ones)."""

    def __init__(
        self,
        read: Iterable[Entry | queries.BoardEntry],
        boards: Mapping[tuple[int, int], boards_kept.Board],
        tables: Collection[tuple[int, int]],
    ) -> None:
        self.boards = {key: dict(board.standing) for key, board in boards.items()}
        self.by_table: dict[tuple[int, int], list[Logged]] = {}
        self.by_id: dict[tuple[int, int, uuid.UUID], Entry] = {}
        self.new: list[Entry] = []
        for entry in read:
            if (entry.session_id, entry.table) in tables:
                self.by_table.setdefault((entry.session_id, entry.table), []).append(entry)
            if isinstance(entry, Entry):
                self.by_id[(entry.session_id, entry.table, entry.entry_id)] = entry

    def add_new(self, entry: Entry) -> None:
        self.by_table.setdefault((entry.session_id, entry.table), []).append(entry)
        self.by_id[(entry.session_id, entry.table, entry.entry_id)] = entry
        self.new.append(entry)
        boards_kept.add(self.boards.setdefault((entry.session_id, entry.board), {}), entry)


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
        raise SessionClosedError(as_message(CLOSED))  # translated where it is shown
    row = wanted.row
    if isinstance(row, EntryError):
        raise row
    if not wanted.by_table and not wanted.reason.strip():
        raise EntryError(gettext("a director's change needs a reason (it goes in the log)"))
    late = False
    play = None
    if wanted.by_table:
        play = play_of(session, seen.by_table.get((session.pk, inp.table), []))
        permit = play.may_enter(inp.round, inp.table, inp.board)
        if permit.refusal is not None:
            raise EntryError(permit.refusal)  # translated where it is shown
        late = permit.late
    board = seen.boards.get((session.pk, inp.board), {})
    others = [e for other, e in board.items() if other != key]
    if session.sections == Session.SectionScoring.APART:
        # scored within each section (their own deals, or compared apart): the board's
        # results of other sections are not this one's to compare with
        field = sections_of(session)
        if field is not None:
            mine = field.table_of(inp.table)[0]
            others = [e for e in others if field.table_of(e.table)[0] == mine]
    hands = wanted.hands
    rule = LeadRule(session.lead_rule)
    refused = lead_refusal(row, inp.lead, hands, lead_rule=rule, by_table=wanted.by_table)
    if refused is not None:
        raise EntryError(refused)  # translated where it is shown
    flags = director_flags(
        row,
        others,
        lead=inp.lead,
        lead_rule=rule,
        hands=hands,
        late=late,
        table_label=partial(table_label, session),
    )
    entry = wanted.entry if wanted.entry is not None else _entry_of(wanted)
    assert entry is not None  # the row is not refused (above)
    entry.flags = said.said_all(flags, _FLAGS_LENGTH)
    seen.add_new(entry)
    if play is not None:  # the table's play once this entry is in, and of how many
        own = seen.by_table[(session.pk, inp.table)]
        wanted.play = (
            len(own),
            play.after(Entered(inp.round, inp.table, inp.board, Mark(entry.kind))),
        )
    return entry, True


def _entry_of(wanted: _Wanted) -> Entry | None:
    """The entry ``wanted`` would keep, without its flags (the board's other results give
    them, in the write); ``None`` if its row was refused."""
    row, inp = wanted.row, wanted.inp
    if isinstance(row, EntryError):
        return None
    return Entry(
        session=wanted.session,
        entry_id=wanted.entry_id,
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
    )


_FLAGS_LENGTH = Entry._meta.get_field("flags").max_length or 300


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
