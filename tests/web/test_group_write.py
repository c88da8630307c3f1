"""Results written in groups: one transaction for every entry waiting, each answered as if
alone (a resend, a board already entered, a bad entry), none kept if the write fails;
and the reads written as SQL give what the ORM gives."""

from __future__ import annotations

import contextlib
import threading
import time
import uuid
from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import User
from django.db import OperationalError
from django.utils import timezone, translation

from bridgescore.events.model import ResultRow
from bridgescore.web import entries, in_play, queries, said
from bridgescore.web.models import Entry, Session, TableCall, TableLink
from bridgescore.web.refusals import EntryError


def _wanted(
    session: Session,
    table: int,
    board: int,
    contract: str = "4S",
    *,
    entry_id: uuid.UUID | None = None,
    by_table: bool = True,
    reason: str = "",
) -> entries._Wanted:
    inp = in_play.EntryInput(1, table, board, contract, "N", "=", entry_id=entry_id)
    try:
        row: ResultRow | EntryError = in_play.check_entry(session, inp)
    except EntryError as error:
        row = error
    chosen = entry_id or uuid.uuid4()
    return entries._Wanted(
        session, inp, chosen, row, by_table, None, reason, language=translation.get_language()
    )


def _entered_behind(
    session: Session, count: int
) -> tuple[list[entries._Wanted], tuple[Entry, bool]]:
    """A table's result (table 2, board 3: 3NT= by North, NS +400) entered with ``count``
    director's corrections of board 1 already waiting ahead of it."""
    ahead = [
        _wanted(session, 1, 1, by_table=False, reason="the director's correction")
        for _ in range(count)
    ]
    entries._WAITING.extend(ahead)
    try:
        kept = entries.record_entry(
            session, in_play.EntryInput(1, 2, 3, "3NT", "N", "="), by_table=True
        )
    finally:
        entries._WAITING.clear()
    return ahead, kept


def test_a_group_answers_each_entry_as_if_it_came_alone(session: Session) -> None:
    first = _wanted(session, 1, 1)
    resend = _wanted(session, 1, 1, entry_id=first.entry_id)
    again = _wanted(session, 1, 1, "3NT")  # the same board at the same table, a new id
    other = _wanted(session, 2, 3, "3NT")
    wrong = _wanted(session, 2, 1)  # table 2 plays boards 3 and 4 in round 1
    entries._write([first, resend, again, other, wrong])

    kept, created = first.outcome  # type: ignore[misc]
    assert created
    assert kept.ns_score == 420
    assert kept.pk is not None
    assert resend.outcome == (kept, False)
    assert isinstance(again.outcome, EntryError)
    assert "board 1 already has a result at this table" in str(again.outcome)
    assert isinstance(wrong.outcome, EntryError)
    assert "board 1 is not played at table 2 in round 1" in str(wrong.outcome)
    other_kept, other_created = other.outcome  # type: ignore[misc]
    assert other_created
    assert other_kept.ns_score == 400

    stored = {e.entry_id: e for e in Entry.objects.filter(session=session)}
    assert set(stored) == {first.entry_id, other.entry_id}
    assert stored[first.entry_id].pk == kept.pk
    assert stored[other.entry_id].pk == other_kept.pk
    assert stored[first.entry_id].contract == "4S"
    assert stored[first.entry_id].created is not None


def _ask(session: Session, table: int, board: int) -> TableCall:
    return TableCall.objects.create(
        session=session, table=table, round=1, board=board, kind=TableCall.Kind.NOT_PLAYED
    )


def test_a_tables_round_after_its_result_is_as_its_entries_left_it(session: Session) -> None:
    """The write works out each table result's play with it in; a result the same group
    keeps after it, at the same table, moves the table on: the round it answers is then
    worked out again from the table's entries (as a fresh read gives it)."""
    first, second = _wanted(session, 1, 1), _wanted(session, 1, 2)  # table 1's round 1
    alone = _wanted(session, 2, 3)
    entries._write([first, alone, second])
    assert in_play.table_round(session, 1) == 2
    assert [entries._playing(w) for w in (first, second, alone)] == [2, 2, 1]
    assert first.play is not None
    assert first.play[1].round_of(1) == 1  # as the write left it: board 2 was still to come


def test_a_group_answers_the_asks_of_the_boards_it_keeps_and_no_other(
    session: Session, director: User
) -> None:
    """Round 1: table 1 plays boards 1-2, table 2 boards 3-4, and each table asked to mark
    both its boards not played. A board kept answers its ask in the same write (a
    director's entry as the director's); a refused entry leaves its ask open, as does one
    whose table's link was read without an open ask."""
    for table, board in [(1, 1), (1, 2), (2, 3), (2, 4)]:
        _ask(session, table, board)
    first = _wanted(session, 1, 1)
    entries._write([first])
    resend = _wanted(session, 1, 1, entry_id=first.entry_id)
    refused = _wanted(session, 1, 2, "8S")  # not a contract
    by_table = _wanted(session, 2, 3)
    ruled = _wanted(session, 2, 4, by_table=False, reason="the director's ruling")
    ruled.user = director
    _ask(session, 3, 5)
    unasked = _wanted(session, 3, 5)  # its link was read before the ask came
    unasked.asks_open = False
    entries._write([resend, refused, by_table, ruled, unasked])

    assert resend.outcome == (first.outcome[0], False)  # type: ignore[index]
    assert isinstance(refused.outcome, EntryError)
    answered = {
        (call.table, call.board): (call.answered is not None, call.answered_by_id)
        for call in TableCall.objects.filter(session=session)
    }
    assert answered == {
        (1, 1): (True, None),  # by its table's own result, in the first write
        (1, 2): (False, None),  # the entry was refused
        (2, 3): (True, None),
        (2, 4): (True, director.pk),
        (3, 5): (False, None),  # not looked for: the director answers it
    }


def test_each_entry_of_a_group_is_answered_in_its_phones_language(session: Session) -> None:
    """Three phones, in Finnish, Spanish and English, send board 1 of table 1 again at the
    same moment; whichever writes the group (here a writer in English, and again one in
    Finnish), each phone hears why in its own language (the refusal is kept as its
    message, and each phone's request reads it, as :func:`said.problem` does)."""
    first = _wanted(session, 1, 1)
    entries._write([first])
    for writer in ("en", "fi"):
        phones = {}
        for language in ("fi", "es", "en"):
            with translation.override(language):
                phones[language] = _wanted(session, 1, 1, "3NT")
        with translation.override(writer):
            entries._write(list(phones.values()))
        heard = {}
        for language, w in phones.items():
            assert isinstance(w.outcome, EntryError)
            with translation.override(language):
                heard[language] = said.problem(w.outcome)
        assert heard == {
            "fi": "brikalla 1 on jo tulos tässä pöydässä: kysy kilpailunjohtajalta",
            "es": "el estuche 1 ya tiene resultado en esta mesa: pregunte al árbitro",
            "en": "board 1 already has a result at this table: ask the director",
        }, writer


def test_a_late_entry_is_flagged_in_the_readers_language(session: Session) -> None:
    """The flag a Finnish phone's late result leaves is read by a Spanish director in
    Spanish (kept as its message, translated when shown)."""
    for board in (1, 2):
        entries.record_entry(
            session, in_play.EntryInput(1, 1, board, "4S", "N", "="), by_table=True
        )
    entries.record_entry(session, in_play.EntryInput(2, 1, 3, "4S", "N", "="), by_table=True)
    entries.erase_entry(session, 1, 1, 2, None, "wrong board")
    with translation.override("fi"):
        late, created = entries.record_entry(
            session, in_play.EntryInput(1, 1, 2, "3NT", "S", "="), by_table=True
        )
    assert created
    with translation.override("es"):
        assert late.flags_shown == (
            "introducido tarde: ronda 1 cuando la mesa ya había pasado a la siguiente"
        )
    with translation.override("fi"):
        assert late.flags_shown == "syötetty myöhässä: kierros 1 pöydän jo siirryttyä eteenpäin"
    with translation.override("en"):
        assert late.flags_shown == "entered late: round 1 after the table had moved on"


def test_a_failed_write_keeps_none_of_the_group_and_tells_each(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(_: object) -> None:
        raise OperationalError("database or disk is full")

    monkeypatch.setattr(queries, "insert_entries", full_disk)
    group = [_wanted(session, 1, 1), _wanted(session, 2, 3)]
    with pytest.raises(OperationalError):
        entries._write(group)
    assert all(isinstance(w.outcome, OperationalError) for w in group)
    assert not Entry.objects.filter(session=session).exists()


def test_more_waiting_than_one_write_takes_are_all_written(session: Session) -> None:
    waiting, (kept, created) = _entered_behind(session, entries.MOST_IN_A_WRITE + 20)
    assert created
    assert kept.ns_score == 400
    assert all(isinstance(w.outcome, tuple) and w.outcome[1] for w in waiting)
    assert Entry.objects.filter(session=session).count() == entries.MOST_IN_A_WRITE + 21


def test_the_reads_written_as_sql_give_what_the_orm_gives(
    session: Session, link: Callable[[int], TableLink]
) -> None:
    table = link(2)
    found = queries.link_by_token(table.token)
    assert found is not None
    fields = [f.attname for f in TableLink._meta.concrete_fields]
    assert [getattr(found, f) for f in fields] == [getattr(table, f) for f in fields]
    session_fields = [f.attname for f in Session._meta.concrete_fields]
    stored = Session.objects.get(pk=session.pk)
    assert [getattr(found.session, f) for f in session_fields] == [
        getattr(stored, f) for f in session_fields
    ]
    assert queries.link_by_token("not-a-token") is None

    mine = _wanted(session, 1, 1)
    theirs = _wanted(session, 3, 5)
    entries._write([mine, theirs])
    read = queries.entries_for({(session.pk, 5)}, {(session.pk, 1, mine.entry_id)})
    entry_fields = [f.attname for f in Entry._meta.concrete_fields]
    by_orm = {e.pk: e for e in Entry.objects.filter(session=session)}
    assert len(read) == 2
    as_entry, as_row = read  # in log order: mine first
    assert isinstance(as_entry, Entry)
    assert [getattr(as_entry, f) for f in entry_fields] == [
        getattr(by_orm[as_entry.pk], f) for f in entry_fields
    ]
    assert isinstance(as_row, queries.BoardEntry)
    orm_row = by_orm[as_row.id]
    assert as_row == queries.BoardEntry(
        *(getattr(orm_row, name) for name in queries.BoardEntry._fields)
    )
    together = queries.group_read({session.pk}, {(session.pk, 5)}, {(session.pk, 1, mine.entry_id)})
    assert together == ({session.pk: "running"}, read, {}, {})


def test_a_tables_link_says_whether_it_has_an_open_ask(
    session: Session, link: Callable[[int], TableLink]
) -> None:
    """Only an unanswered ask to mark a board not played, at that table, counts: not a TD
    call, not an answered ask, not another table's."""

    def open_at(table: int) -> bool:
        found = queries.link_by_token(link(table).token)
        assert found is not None
        return found.asks_open

    assert not open_at(1)
    TableCall.objects.create(session=session, table=1, round=1, kind=TableCall.Kind.CALL)
    asked = _ask(session, 2, 3)
    assert (open_at(1), open_at(2), open_at(3)) == (False, True, False)
    asked.answered = timezone.now()
    asked.save()
    assert not open_at(2)


def test_a_failed_group_before_ours_leaves_ours_to_the_next_write(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = queries.insert_entries
    calls: list[int] = []

    def first_fails(entries_: object) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise OperationalError("disk I/O error")
        real(entries_)  # type: ignore[arg-type]

    monkeypatch.setattr(queries, "insert_entries", first_fails)
    ahead, (kept, created) = _entered_behind(session, entries.MOST_IN_A_WRITE + 5)
    assert created
    assert kept.ns_score == 400
    failed = ahead[: entries.MOST_IN_A_WRITE]
    assert all(isinstance(w.outcome, OperationalError) for w in failed)
    assert all(isinstance(w.outcome, tuple) for w in ahead[entries.MOST_IN_A_WRITE :])
    assert Entry.objects.filter(session=session).count() == 6  # 5 ahead and ours


def test_many_director_entries_are_kept_all_or_none(session: Session) -> None:
    good = (in_play.EntryInput(1, 1, 1, "4S", "N", "="), "imported")
    also = (in_play.EntryInput(1, 2, 3, "3NT", "N", "+1"), "imported: wrong direction")
    kept = entries.record_entries(session, [good, also], user=None)
    assert [(e.table, e.board, e.contract, e.reason) for e in kept] == [
        (1, 1, "4S", "imported"),
        (2, 3, "3NT", "imported: wrong direction"),
    ]
    before = Entry.objects.filter(session=session).count()
    twice = (in_play.EntryInput(1, 1, 2, "2H", "S", "="), "imported")
    bad = (in_play.EntryInput(1, 1, 2, "2H", "S", "=", entry_id=kept[0].entry_id), "imported")
    with pytest.raises(EntryError):  # the second's id is the first kept's, at another board
        entries.record_entries(session, [twice, bad], user=None)
    assert Entry.objects.filter(session=session).count() == before  # none of the two


def test_the_writer_held_lets_one_thread_write_many_in_turn(session: Session) -> None:
    with entries.writing(), entries.writing():  # held twice by one thread: no deadlock
        entries.record_entry(
            session, in_play.EntryInput(1, 1, 1, "4S", "N", "="), by_table=False, reason="r"
        )
    assert Entry.objects.filter(session=session).count() == 1


def test_a_thread_whose_entry_was_written_meanwhile_takes_no_other_processes_lock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Five tables' threads wait while this process's writer is busy: the first to get it
    takes every process's lock and writes all five; the other four find theirs written
    and go without that lock (which would queue them behind the other processes' writes)."""
    across: list[int] = []

    @contextlib.contextmanager
    def counted() -> Iterator[None]:
        across.append(1)
        yield

    written: list[int] = []

    def write(group: list[entries._Wanted], *, whole: bool = False) -> None:
        written.append(len(group))
        for wanted in group:
            wanted.outcome = (Entry(), True)

    monkeypatch.setattr(entries, "_writer_across_processes", counted)
    monkeypatch.setattr(entries, "_write", write)
    monkeypatch.setattr(entries, "check_entry", lambda *args, **kwargs: None)
    monkeypatch.setattr(entries, "_entry_of", lambda wanted: None)
    night = Session()
    threads = [
        threading.Thread(
            target=entries._record,
            args=(night, in_play.EntryInput(1, table, 1, "4S", "N", "="), True, None, ""),
            daemon=True,  # a writer that never answers fails the test, not the run's exit
        )
        for table in range(1, 6)
    ]
    with entries._WRITER:  # this process's writer busy while the five arrive
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 10
        while len(entries._WAITING) < 5 and time.monotonic() < deadline:
            time.sleep(0.001)
    for thread in threads:
        thread.join(10)
    waiting, entries._WAITING[:] = list(entries._WAITING), []
    assert (written, across, waiting) == ([5], [1], [])
