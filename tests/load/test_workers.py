"""``bridgescore serve`` in several processes sharing the port: each serves, a worker that
dies is replaced, a signal stops them all, and the server killed outright (SIGKILL)
takes its workers with it, so that it can start again on the same port."""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
from pathlib import Path

import pytest

from load.load_harness import Phone, Server, database_for, entry_for, prepare, stored

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


def test_workers_that_keep_failing_stop_the_server_with_an_error() -> None:
    from bridgescore.web.serve import ServeError, _Workers

    def fails() -> None:
        raise RuntimeError("cannot serve")

    with pytest.raises(ServeError, match="worker processes kept stopping"):
        _Workers(2, fails, most_restarts=2).run()
