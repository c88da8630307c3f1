"""``bridgescore serve`` in several processes sharing the port: each serves, on a socket of
its own among which the connections are shared out; a worker that dies is replaced, a
signal stops them all, and the server killed outright (SIGKILL) takes its workers with
it, so that it can start again on the same port; a second server on the port is refused.
Each worker writes its results on a writing thread of its own, over https (gunicorn's
workers) too."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import time
from pathlib import Path

import pytest

from bridgescore.web.entries import WRITING_THREAD_NAME
from load.load_harness import (
    Phone,
    Server,
    database_for,
    entry_for,
    prepare,
    self_signed,
    stored,
)

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads the worker processes from /proc"
)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a worker that exited but is not yet reaped is a zombie: gone for our purposes
    state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    return state != "Z"


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def _wait(condition: object, seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


def test_two_workers_serve_and_go_with_the_server(tmp_path: Path) -> None:
    with database_for("sqlite", tmp_path) as db:
        prepared = prepare(tmp_path, db, "mitchell:4x2")
        server = Server(tmp_path, db, workers=2)
        server.start()
        try:
            assert _wait(lambda: len(server.workers_now()) == 2)
            first = server.workers_now()
            # phones on connections of their own: the results reach the one database
            phones = {t: Phone(server.port, prepared.tokens[t]) for t in (1, 2, 3, 4)}
            for table, phone in phones.items():
                phone.open()
                key = (1, table, 2 * table - 1)
                status, answer = phone.send(entry_for(prepared.public_id, key))
                assert (status, answer["status"]) == (200, "accepted")
                phone.close()
            assert len(stored(db, prepared.session_id)) == 4

            os.kill(first[0], signal.SIGKILL)  # a worker dies: another takes its place
            assert _wait(lambda: len([p for p in server.workers_now() if p != first[0]]) == 2)

            workers = server.workers_now()
            server.kill()  # SIGKILL to the server: no clean-up at all
            assert _wait(lambda: not any(_alive(pid) for pid in workers))
            assert _wait(lambda: not _listening(server.port))  # the kernel lets it go
            server.start()  # and it starts again on the same port
            status, answer = phones[1].send(entry_for(prepared.public_id, (1, 1, 1)))
            phones[1].close()
            assert (status, answer["status"]) == (200, "already received")
        finally:
            workers = server.workers_now()
            server.stop()  # SIGTERM: every worker stops with it
            assert _wait(lambda: not any(_alive(pid) for pid in workers))


def _listening_sockets(port: int) -> set[str]:
    """The inodes of the sockets listening on ``port`` (any address), as Linux lists them."""
    found: set[str] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(FileNotFoundError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if int(fields[1].rpartition(":")[2], 16) == port and fields[3] == "0A":
                    found.add(fields[9])
    return found


def _sockets_of(pid: int) -> set[str]:
    """The inodes of the sockets process ``pid`` holds open."""
    held: set[str] = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            target = os.readlink(fd)
            if target.startswith("socket:["):
                held.add(target[len("socket:[") : -1])
    return held


def test_each_worker_listens_on_its_own_socket_and_the_connections_are_shared_out(
    tmp_path: Path,
) -> None:
    """Each worker has a listening socket of its own, and the kernel shares the phones'
    connections among them: with one socket shared by the workers, whichever woke first
    took them (240 phones: two thirds in one process, its core flat, the other a third
    idle), so everyone waited for the busier one."""
    with database_for("sqlite", tmp_path) as db:
        server = Server(tmp_path, db, workers=2)
        server.start()
        phones: list[socket.socket] = []
        try:
            assert _wait(lambda: len(server.workers_now()) == 2)
            workers = server.workers_now()
            # each worker listens once it has started serving: the first may answer before
            assert _wait(lambda: len(_listening_sockets(server.port)) == 2)
            listening = _listening_sockets(server.port)
            assert all(len(listening & _sockets_of(pid)) == 1 for pid in workers)
            before = {pid: len(_sockets_of(pid)) for pid in workers}
            for _ in range(400):
                phones.append(socket.create_connection(("127.0.0.1", server.port)))
            taken = {pid: 0 for pid in workers}

            def all_taken() -> bool:
                taken.update({pid: len(_sockets_of(pid)) - before[pid] for pid in workers})
                return sum(taken.values()) >= 400

            assert _wait(all_taken), taken
            # shared by a hash of each connection's ends: 200 each give or take about
            # 10 (the binomial's spread); a quarter is 10 spreads away
            assert min(taken.values()) >= 100, taken
        finally:
            for phone in phones:
                phone.close()
            server.stop()


def test_a_second_server_on_the_same_port_is_refused_in_one_line(tmp_path: Path) -> None:
    """The workers' sockets let each other share the port; another server started on it
    is refused, naming the port, rather than quietly taking some of the phones."""
    with database_for("sqlite", tmp_path) as db:
        first = Server(tmp_path / "first", db, workers=2)
        (tmp_path / "first").mkdir()
        first.start()
        second = Server(tmp_path, db, workers=2)
        second.port = first.port
        try:
            second.start()  # the port answers: the first server's
            assert second.process is not None
            assert second.process.wait(timeout=60) != 0
            # one line, before anything else is said (no "serving ..." first)
            assert second.output() == (
                f"bridgescore: error: 127.0.0.1:{first.port} is in use: another server"
                " listens there (--port another)\n"
            )
        finally:
            second.stop()  # were it serving after all
            first.stop()


def test_workers_that_keep_failing_stop_the_server_with_an_error() -> None:
    from bridgescore.web.serve import ServeError, _Workers

    def fails() -> None:
        raise RuntimeError("cannot serve")

    with pytest.raises(ServeError, match="worker processes kept stopping"):
        _Workers(2, fails, most_restarts=2).run()


def _database_connections(database: str, workers: list[int]) -> set[str]:
    """The server's open connections to ``database``: PostgreSQL's processes serving it
    (but this query's), or each worker's open descriptors of the SQLite file."""
    if database.startswith("sqlite:///"):
        path = os.path.realpath(database.removeprefix("sqlite://"))
        held: set[str] = set()
        for pid in workers:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with contextlib.suppress(OSError):
                    if os.readlink(fd) == path:
                        held.add(f"{pid}/{fd.name}")
        return held
    import psycopg

    with psycopg.connect(database, autocommit=True) as pg:
        rows = pg.execute(
            "SELECT pid FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchall()
    return {str(pid) for (pid,) in rows}


def test_each_request_thread_connects_as_it_starts_and_keeps_its_connection(
    tmp_path: Path, database: str
) -> None:
    """Every request thread of every worker, and its writing thread, holds its database
    connection before the first request comes, and the same connections serve the
    tables' results: none is opened on the results of a round (a PostgreSQL connection
    costs about 10 ms of CPU, paid by 32 threads at once when connections were closed a
    minute after opening)."""
    prepared = prepare(tmp_path, database, "mitchell:4x2")
    server = Server(tmp_path, database, workers=2, threads=3)
    server.start()
    try:
        assert _wait(lambda: len(server.workers_now()) == 2)
        workers = server.workers_now()
        # each worker: 3 request threads and its writing thread
        assert _wait(lambda: len(_database_connections(database, workers)) == 2 * (3 + 1))
        at_start = _database_connections(database, workers)
        phones = {t: Phone(server.port, prepared.tokens[t]) for t in (1, 2, 3, 4)}
        for table, phone in phones.items():
            phone.open()
            for board in (2 * table - 1, 2 * table):
                status, answer = phone.send(entry_for(prepared.public_id, (1, table, board)))
                assert (status, answer["status"]) == (200, "accepted")
            phone.close()
        assert len(stored(database, prepared.session_id)) == 8
        assert _database_connections(database, workers) == at_start
    finally:
        server.stop()


def _niceness(pid: int) -> list[int]:
    """The niceness of each thread of process ``pid``, as the system ranks them."""
    return sorted(niceness for _name, niceness in _threads(pid))


def _threads(pid: int) -> list[tuple[str, int]]:
    """Each thread of process ``pid``: its name as the system shows it, its niceness."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        fields = (task / "stat").read_text().rpartition(")")[2].split()
        found.append(((task / "comm").read_text().strip(), int(fields[16])))  # 19th field
    return found


def test_each_worker_ranks_its_request_threads_below_its_writing_thread(
    tmp_path: Path,
) -> None:
    """In each worker the request threads are ranked 5 lower than the process (its main
    thread, and the writing thread started from it), so that the one thread every result
    waits for gets a core first; and the results are written all the same."""
    database = f"sqlite:///{tmp_path / 'load.sqlite3'}"
    prepared = prepare(tmp_path, database, "mitchell:4x2")
    server = Server(tmp_path, database, workers=2, threads=3)
    server.start()
    try:
        assert _wait(lambda: len(server.workers_now()) == 2)
        own = _niceness(server.process.pid)[0]  # type: ignore[union-attr]
        for worker in server.workers_now():
            # the request threads are started last: all three ranked lower once they are
            assert _wait(lambda w=worker: _niceness(w).count(own + 5) == 3)
            ranked = _niceness(worker)
            assert ranked.count(own) == len(ranked) - 3 >= 2  # its main and writing threads
            # the writing thread, named for the system as it starts, keeps the process's rank
            assert _wait(lambda w=worker: (WRITING_THREAD_NAME, own) in _threads(w))
        phone = Phone(server.port, prepared.tokens[1])
        phone.open()
        status, answer = phone.send(entry_for(prepared.public_id, (1, 1, 1)))
        assert (status, answer["status"]) == (200, "accepted")
        phone.close()
        assert len(stored(database, prepared.session_id)) == 1
    finally:
        server.stop()


def test_over_https_each_worker_writes_the_tables_results_on_its_writing_thread(
    tmp_path: Path,
) -> None:
    """``--https`` (gunicorn's workers): each worker starts a writing thread, named for the
    system, and the tables' results sent at once over TLS are each answered and written
    once, a resend answered with the entry already kept; the request threads are ranked 5
    lower than the process, its main and writing threads keep its rank."""
    import ssl
    import threading

    database = f"sqlite:///{tmp_path / 'load.sqlite3'}"
    prepared = prepare(tmp_path, database, "mitchell:6x2")
    certificate, chain = self_signed(tmp_path)
    server = Server(tmp_path, database, workers=2, threads=3, certificate=certificate)
    server.start()
    trusted = ssl.create_default_context(cafile=str(chain))
    phones = [Phone(server.port, prepared.tokens[t], trusted=trusted) for t in range(1, 7)]
    try:
        assert _wait(lambda: len(server.workers_now()) == 2)
        for worker in server.workers_now():
            assert _wait(lambda w=worker: WRITING_THREAD_NAME in dict(_threads(w)))
        for phone in phones:
            phone.open()
        answers: dict[int, tuple[int, dict[str, object]]] = {}
        start = threading.Barrier(len(phones))

        def send(table: int, phone: Phone) -> None:
            start.wait()
            answers[table] = phone.send(entry_for(prepared.public_id, (1, table, table * 2 - 1)))

        senders = [
            threading.Thread(target=send, args=(table, phone))
            for table, phone in enumerate(phones, start=1)
        ]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join()
        assert {t: (s, a["status"]) for t, (s, a) in answers.items()} == {
            t: (200, "accepted") for t in range(1, 7)
        }
        again = phones[0].send(entry_for(prepared.public_id, (1, 1, 1)))
        assert (again[0], again[1]["status"]) == (200, "already received")
        kept = stored(database, prepared.session_id)
        assert sorted(one.key for one in kept) == [(1, t, t * 2 - 1) for t in range(1, 7)]
        own = _niceness(server.process.pid)[0]  # type: ignore[union-attr]
        served = 0
        for worker in server.workers_now():
            ranked = _niceness(worker)
            assert ranked.count(own) == 2, ranked  # its main and writing threads
            assert set(ranked) <= {own, own + 5}, ranked
            served += ranked.count(own + 5)
        assert served >= 1
    finally:
        for phone in phones:
            phone.close()
        server.stop()
