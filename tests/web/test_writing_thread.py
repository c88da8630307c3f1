"""The server process's writing thread (issue 28): it writes the entries its request
threads queue, in groups, and each sender hears its own outcome, or why its group could
not be written; the thread goes on after a failure, and without it the senders write as
before. The first test commits (the thread has its own connection)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from django.db import OperationalError

from bridgescore.web import entries, in_play
from bridgescore.web.models import Entry, Session


@pytest.fixture
def writing_thread() -> Iterator[None]:
    entries.start_writing_thread()
    yield
    entries.stop_writing_thread()
    assert not entries._writing_thread_alive()


def _sent(send: Callable[[int], object], tables: range) -> dict[int, object]:
    """``send(table)`` from a thread a table, all at once: each one's answer (or what it
    raised), by table."""
    answers: dict[int, object] = {}

    def one(table: int) -> None:
        try:
            answers[table] = send(table)
        except Exception as error:  # what the sender heard
            answers[table] = error

    threads = [threading.Thread(target=one, args=(t,), daemon=True) for t in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    return answers


@pytest.mark.django_db(transaction=True)
def test_the_writing_thread_keeps_each_table_s_result_and_answers_each_its_own(
    session: Session, writing_thread: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    writers: list[str] = []
    write = entries._write

    def watched(group: list[entries._Wanted], *, whole: bool = False) -> None:
        writers.append(threading.current_thread().name)
        write(group, whole=whole)

    monkeypatch.setattr(entries, "_write", watched)
    # round 1 of the session's Mitchell: table t plays boards 2t-1 and 2t
    answers = _sent(
        lambda t: entries.record_table_entry(
            session, in_play.EntryInput(1, t, 2 * t - 1, "4S", "N", "=")
        ),
        range(1, 4),
    )
    # 4S= by North: 420, but on board 5, North-South vulnerable, 620
    scores = {1: 420, 2: 420, 3: 620}
    for table, answer in answers.items():
        assert isinstance(answer, tuple), answer
        entry, created, playing = answer
        assert (entry.table, entry.board, entry.ns_score, created) == (
            table, 2 * table - 1, scores[table], True,
        )  # fmt: skip
        assert playing == 1  # the round's second board still to play
    kept = Entry.objects.filter(session=session).values_list("table", "board")
    assert sorted(kept) == [(1, 1), (2, 3), (3, 5)]
    assert writers
    assert set(writers) == {entries.WRITING_THREAD_NAME}


def _stubbed(monkeypatch: pytest.MonkeyPatch, write: Callable[..., None]) -> None:
    """Entries checked and made by nothing (the group's writing is what is tested)."""
    monkeypatch.setattr(entries, "_write", write)
    monkeypatch.setattr(entries, "check_entry", lambda *args, **kwargs: None)
    monkeypatch.setattr(entries, "_entry_of", lambda wanted: None)


def _record(table: int) -> entries._Wanted:
    inp = in_play.EntryInput(1, table, 1, "4S", "N", "=")
    return entries._record(Session(), inp, True, None, "")


def test_entries_that_arrive_while_the_writer_is_busy_are_written_as_one_group(
    writing_thread: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    written: list[int] = []

    def write(group: list[entries._Wanted], *, whole: bool = False) -> None:
        written.append(len(group))
        for wanted in group:
            wanted.outcome = (Entry(table=wanted.inp.table), True)

    _stubbed(monkeypatch, write)
    answers: dict[int, object] = {}
    with entries._WRITER:  # another write in this process while the five arrive
        sending = threading.Thread(
            target=lambda: answers.update(_sent(_record, range(1, 6))), daemon=True
        )
        sending.start()
        deadline = time.monotonic() + 10
        while len(entries._WAITING) < 5 and time.monotonic() < deadline:
            time.sleep(0.001)
    sending.join(20)
    assert written == [5]
    assert {t: entries._written(w)[0].table for t, w in answers.items()} == {  # type: ignore[arg-type]
        t: t for t in range(1, 6)
    }


def _first_group_fails(error: BaseException, writers: list[str]) -> Callable[..., None]:
    """A write that raises ``error`` for the first group (before any outcome is set) and
    keeps every later one, noting in ``writers`` the thread that wrote each group."""

    def write(group: list[entries._Wanted], *, whole: bool = False) -> None:
        writers.append(threading.current_thread().name)
        if len(writers) == 1:
            raise error
        for wanted in group:
            wanted.outcome = (Entry(table=wanted.inp.table), True)

    return write


def _one(table: int) -> entries._Wanted:
    """Table ``table``'s result sent from a thread of its own, as it waits answered."""
    answer = _sent(_record, range(table, table + 1))[table]
    assert isinstance(answer, entries._Wanted)
    return answer


def test_each_sender_hears_why_its_group_failed_and_the_thread_goes_on(
    writing_thread: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    writers: list[str] = []
    _stubbed(monkeypatch, _first_group_fails(OperationalError("disk I/O error"), writers))
    with pytest.raises(OperationalError, match="disk I/O error"):
        entries._written(_one(1))
    assert entries._written(_one(2))[0].table == 2
    assert writers == [entries.WRITING_THREAD_NAME, entries.WRITING_THREAD_NAME]
    assert entries._writing_thread_alive()


def test_a_writer_that_cannot_be_held_is_heard_by_its_senders_not_waited_for(
    writing_thread: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    @contextlib.contextmanager
    def locked_out() -> Iterator[None]:
        raise OSError("no locks available")
        yield  # pragma: no cover

    _stubbed(monkeypatch, lambda group, *, whole=False: None)
    monkeypatch.setattr(entries, "_writer_across_processes", locked_out)
    started = time.monotonic()
    with pytest.raises(OSError, match="no locks available"):
        entries._written(_one(1))
    assert time.monotonic() - started < entries._LOOKED_AT_AGAIN
    assert entries._WAITING == []


def test_without_the_writing_thread_the_sender_writes_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entries.start_writing_thread()
    entries.start_writing_thread()  # one thread a process, however often asked
    alive = [t for t in threading.enumerate() if t.name == entries.WRITING_THREAD_NAME]
    assert len(alive) == 1
    entries.stop_writing_thread()
    assert not alive[0].is_alive()
    writers: list[str] = []

    def write(group: list[entries._Wanted], *, whole: bool = False) -> None:
        writers.append(threading.current_thread().name)
        for wanted in group:
            wanted.outcome = (Entry(table=wanted.inp.table), True)

    _stubbed(monkeypatch, write)
    assert entries._written(_one(4))[0].table == 4
    assert writers
    assert entries.WRITING_THREAD_NAME not in writers


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")  # it ends so
def test_a_writing_thread_that_ends_tells_its_senders_and_the_next_write_their_own(
    writing_thread: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    writers: list[str] = []
    ending = SystemExit("the thread is ending")  # not an error a group is refused for
    _stubbed(monkeypatch, _first_group_fails(ending, writers))
    with pytest.raises(SystemExit, match="the thread is ending"):
        entries._written(_one(1))
    deadline = time.monotonic() + 10
    while entries._writing_thread_alive() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert entries._written(_one(2))[0].table == 2
    assert writers[0] == entries.WRITING_THREAD_NAME
    assert writers[1] != entries.WRITING_THREAD_NAME
