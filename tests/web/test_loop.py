"""The server's connection loop on ``epoll`` (``web/loop.py``), with waitress around it:
every request answered, whatever the connections do, without asking the idle ones on
every turn. The once-a-second sweep is put off for these tests (except the idle-timeout
one), so a connection the loop forgot would hang its test rather than be rescued."""

from __future__ import annotations

import http.client
import socket
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, cast

import pytest
from waitress import wasyncore

from bridgescore.web import loop as web_loop

pytestmark = pytest.mark.skipif(not web_loop.AVAILABLE, reason="epoll is Linux's")

Environ = dict[str, Any]


def _app(environ: Environ, start_response: Any) -> Iterable[bytes]:
    """Answers ``/big/N`` with N bytes in 64 KB pieces, ``/slow`` after 0.3 s, anything
    else with its path."""
    path = environ["PATH_INFO"]
    if path.startswith("/big/"):
        size = int(path.removeprefix("/big/"))
        start_response("200 OK", [("Content-Length", str(size))])
        piece = b"b" * 65536
        return (piece[: min(65536, size - at)] for at in range(0, size, 65536))
    if path == "/slow":
        time.sleep(0.3)
    body = path.encode()
    start_response("200 OK", [("Content-Length", str(len(body)))])
    return [body]


@contextmanager
def _serving(sweep: float = 3600.0, **options: Any) -> Iterator[tuple[int, web_loop.Loop]]:
    old = web_loop.SWEEP_EVERY
    web_loop.SWEEP_EVERY = sweep
    made, loop = web_loop.server(_app, host="127.0.0.1", port=0, threads=4, **options)
    runner = threading.Thread(target=made.run, daemon=True)
    runner.start()
    try:
        yield made.effective_port, loop
    finally:
        loop.stop()
        made.pull_trigger()
        runner.join(10)
        made.task_dispatcher.shutdown()
        wasyncore.close_all(loop.connections)
        web_loop.SWEEP_EVERY = old
        assert not runner.is_alive()


def _get(port: int, path: str, timeout: float = 5) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path)
        return connection.getresponse().read()
    finally:
        connection.close()


def test_keep_alive_and_pipelined_requests_are_all_answered() -> None:
    with _serving() as (port, _loop):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        for number in range(30):
            connection.request("GET", f"/n{number}")
            assert connection.getresponse().read() == f"/n{number}".encode()
        connection.close()
        with socket.create_connection(("127.0.0.1", port), timeout=5) as raw:
            raw.sendall(b"".join(b"GET /p%d HTTP/1.1\r\nHost: x\r\n\r\n" % n for n in range(3)))
            raw.sendall(b"GET /last HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answers = b""
            while chunk := raw.recv(65536):
                answers += chunk
        assert answers.count(b"HTTP/1.1 200 OK") == 4
        assert [part.rsplit(b"\r\n\r\n", 1)[-1] for part in answers.split(b"HTTP/1.1 ")[1:]] == [
            b"/p0",
            b"/p1",
            b"/p2",
            b"/last",
        ]


def test_an_answer_larger_than_the_buffers_is_sent_whole_to_a_slow_reader() -> None:
    """A worker thread whose answer passes the high-water mark waits for the loop to
    send it (waitress wakes the loop about that connection): it must not wait for ever."""
    size = 3_000_000
    with _serving(outbuf_high_watermark=200_000) as (port, _loop):
        with socket.create_connection(("127.0.0.1", port), timeout=5) as raw:
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
            raw.sendall(b"GET /big/%d HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % size)
            received = b""
            while chunk := raw.recv(8192):
                received += chunk
                if len(received) < 500_000:
                    time.sleep(0.001)  # slowly at first, so the server's buffers fill
        head, body = received.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 200 OK")
        assert body == b"b" * size
        assert _get(port, "/after") == b"/after"


def test_connections_one_after_another_are_served() -> None:
    """Forty connections, each closed before the next opens (and so, on the server, each
    under the number the one before had): every one is answered. Whether the loop sees
    the close and the next connection on one turn is up to timing here; that case is
    held below, at the loop's own level."""
    with _serving() as (port, _loop):
        for number in range(40):
            assert _get(port, f"/again{number}", timeout=3) == f"/again{number}".encode()


def test_clients_that_leave_mid_request_do_not_stop_the_others() -> None:
    with _serving() as (port, _loop):
        for _ in range(10):
            half = socket.create_connection(("127.0.0.1", port), timeout=5)
            half.sendall(b"GET /half HTTP/1.1\r\nHost: x\r\n")  # never finished
            half.close()
            gone = socket.create_connection(("127.0.0.1", port), timeout=5)
            gone.sendall(b"GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")  # left before its answer
            gone.close()
        assert _get(port, "/still") == b"/still"
        time.sleep(0.4)  # the slow answers' threads are done and their connections closed
        assert _get(port, "/and-after") == b"/and-after"


def test_idle_connections_are_not_asked_on_every_turn() -> None:
    """Requests on one connection beside a hundred idle ones: the loop asks the one
    (and the listening socket and trigger), not the hundred, each turn. waitress's own
    loop asks all of them on each of a request's turns, over 100 a request here."""
    asked: list[int] = []
    with _serving(connection_limit=1000) as (port, loop):  # the server's (waitress's: 100)
        idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(100)]
        assert _get(port, "/warm") == b"/warm"  # every idle connection accepted by now
        time.sleep(0.2)
        ask = loop._ask

        def counted(fds: Iterable[int]) -> None:
            fds = list(fds)
            asked.append(len(fds))
            ask(fds)

        loop._ask = counted  # type: ignore[method-assign]
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        for number in range(50):
            connection.request("GET", f"/busy{number}")
            assert connection.getresponse().read() == f"/busy{number}".encode()
        answered = len(asked)
        time.sleep(0.5)  # nothing happens: the loop waits (a socket left registered for
        quiet = len(asked) - answered  # what it no longer wants would turn it flat out)
        connection.close()
        for one in idle:
            one.close()
    assert answered >= 50  # a turn at least for each request
    assert sum(asked[:answered]) / 50 < 20, asked  # a few sockets a request
    assert quiet <= 2, quiet


def test_idle_connections_are_closed_after_the_channel_timeout() -> None:
    """waitress's maintenance marks a connection idle past its timeout to close; the
    sweep asks it, and it is closed."""
    with _serving(sweep=0.5, channel_timeout=1, cleanup_interval=1) as (port, _loop):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as idle:
            began = time.monotonic()
            assert idle.recv(1) == b""  # closed by the server
            assert time.monotonic() - began < 6
        assert _get(port, "/next") == b"/next"


class _Resting:
    """A dispatcher as the loop sees one: reading, never writing."""

    accepting = False

    def readable(self) -> bool:
        return True

    def writable(self) -> bool:
        return False


def test_a_number_used_again_within_one_turn_is_registered_afresh() -> None:
    """A connection closed and another accepted under its number before the loop asks
    again (both on one turn): the kernel forgot the first's registration with its
    socket, so the second must be registered, not taken as unchanged."""
    connections = web_loop._Connections()
    loop = web_loop.Loop(connections)
    first, first_peer = socket.socketpair()
    fd = first.fileno()
    connections[fd] = _Resting()
    loop.turn(0)
    first.close()  # the kernel drops its registration
    second, second_peer = socket.socketpair()
    try:
        assert second.fileno() == fd  # the lowest free number
        connections[fd] = _Resting()  # the same number, another connection
        loop._ask(connections.take())
        second_peer.sendall(b"x")
        assert [number for number, _flags in loop.poller.poll(1)] == [fd]
    finally:
        for one in (first_peer, second, second_peer):
            one.close()
        loop.poller.close()


def test_the_request_threads_take_their_first_step_before_any_request() -> None:
    """Each thread takes its first step (the server's: its database connection) as it
    starts, before any request; a thread whose first step fails serves all the same."""
    started: list[int] = []
    lock = threading.Lock()

    def first() -> None:
        with lock:
            started.append(threading.get_ident())
            if len(started) == 1:
                raise RuntimeError("the database is not answering")

    threads = web_loop.ReadyThreads(3, first)
    try:
        deadline = time.monotonic() + 10
        while len(started) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(set(started)) == 3
        together = threading.Barrier(3, timeout=10)
        served: list[int] = []

        class Task:
            def service(self) -> None:
                together.wait()  # held until each of the three threads has one
                with lock:
                    served.append(threading.get_ident())

            def cancel(self) -> None:
                pass

        for _ in range(3):
            threads.add_task(cast(Any, Task()))  # waitress asks a task only for these two
        deadline = time.monotonic() + 10
        while len(served) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert sorted(served) == sorted(started)  # the one whose first step failed too
    finally:
        threads.shutdown()
