"""waitress's connection loop on Linux's ``epoll``: a connection is asked whether it may
read or write only when something may have changed that.

waitress's own loop asks every open connection on every turn (``readable()``,
``writable()``, then ``select``), so a turn costs as much as the connections the process
holds, and a request takes about three turns. At 240 tables (60 connections a worker
process) that loop was a sixth of the server's CPU, against 6 % at 30 (bench/RESULTS.md).
Here a connection is asked again after an event of its own, when a worker thread serving
it wakes the loop (waitress does after each request, and whenever a large answer must be
sent before the thread can go on), when it comes or goes, and in a sweep of them all
once a second (which also sees the idle ones waitress's maintenance marked to close).

Everything else stays waitress's: it reads a request whole in this loop before a thread
takes it (a phone sending slowly holds no thread), parses it, and writes the answer.
Elsewhere than Linux, waitress's own loop serves (:data:`AVAILABLE`).
"""

from __future__ import annotations

import contextlib
import select
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server
from waitress.task import ThreadedTaskDispatcher

AVAILABLE = hasattr(select, "epoll")
"""Whether this machine has ``epoll`` (Linux)."""

SWEEP_EVERY = 1.0
"""Seconds between sweeps that ask every connection: what no one announced (the idle
connections waitress's maintenance marks to close) is seen within a second."""

_READ = select.POLLIN | select.POLLPRI
_WRITE = select.POLLOUT
_EVERY = -1
"""Noted for "ask every connection"."""

_serving = threading.local()
"""The connection a worker thread is serving (the one it wakes the loop about)."""


class _Connections(dict[int, Any]):
    """waitress's map of a process's sockets by number, noting which came or went (and
    which a worker thread announced) for the loop's next turn."""

    def __init__(self) -> None:
        super().__init__()
        self._noted: set[int] = set()
        self._lock = threading.Lock()

    def __setitem__(self, fd: int, dispatcher: Any) -> None:
        super().__setitem__(fd, dispatcher)
        self.note(fd)

    def __delitem__(self, fd: int) -> None:
        super().__delitem__(fd)
        self.note(fd)

    def pop(self, fd: int, *default: Any) -> Any:
        found = super().pop(fd, *default)
        self.note(fd)
        return found

    def note(self, fd: int) -> None:
        """Ask ``fd`` again on the next turn (:data:`_EVERY`: every connection)."""
        with self._lock:
            self._noted.add(fd)

    def take(self) -> set[int]:
        """What was noted since the last take."""
        with self._lock:
            noted, self._noted = self._noted, set()
        return noted


class _Channel(HTTPChannel):
    """waitress's connection, saying which one a worker thread is serving."""

    def service(self) -> None:
        _serving.channel = self
        try:
            super().service()
        finally:
            _serving.channel = None


class Loop:
    """The loop of one process's waitress server, in waitress's ``asyncore`` place (it
    calls ``loop(timeout=, map=, use_poll=)``)."""

    def __init__(self, connections: _Connections) -> None:
        self.connections = connections
        self.poller = select.epoll()
        self.registered: dict[int, tuple[Any, int]] = {}
        """Each socket registered with the poller: its dispatcher and what it waits for."""
        self.events: list[int] = []
        """The sockets that had an event on the last turn (asked again on this one)."""
        self.always = [fd for fd, d in connections.items() if not isinstance(d, HTTPChannel)]
        """The listening sockets (whose ``readable()`` runs waitress's maintenance and
        stops accepting at the connection limit) and the trigger: asked every turn."""
        self.next_sweep = 0.0
        self.stopping = False

    def wake(self, pull: Callable[[], None]) -> Callable[[], None]:
        """A server's ``pull_trigger`` (``pull``) that first notes the connection the
        calling thread serves (every connection if it serves none)."""

        def pull_trigger() -> None:
            channel = getattr(_serving, "channel", None)
            if channel is None:
                self.connections.note(_EVERY)
            elif channel._fileno is not None:  # else closed meanwhile
                self.connections.note(channel._fileno)
            pull()

        return pull_trigger

    def loop(self, timeout: float = 30.0, use_poll: bool = False, map: object = None) -> None:
        """Turn until every socket is closed or :meth:`stop` (waitress's arguments: the
        poll's ``timeout``; the others are its own loop's)."""
        del use_poll, map
        while self.connections and not self.stopping:
            self.turn(timeout)

    def stop(self) -> None:
        """End the loop after its turn (the caller then wakes it)."""
        self.stopping = True

    def turn(self, timeout: float) -> None:
        """Ask the sockets that may have changed, wait up to ``timeout`` seconds for the
        first events, and hand each to its dispatcher as waitress's loop does."""
        connections = self.connections
        asked = connections.take()
        asked.update(self.events)
        now = time.monotonic()
        if _EVERY in asked or now >= self.next_sweep:
            self.next_sweep = now + SWEEP_EVERY
            asked = set(connections)
            asked.update(self.registered)
        else:
            asked.update(self.always)
        self._ask(asked)
        try:
            ready = self.poller.poll(timeout)
        except InterruptedError:
            ready = []
        self.events = [fd for fd, _flags in ready]
        for fd, flags in ready:
            dispatcher = connections.get(fd)
            if dispatcher is not None:
                wasyncore.readwrite(dispatcher, flags)  # epoll's flags are poll's

    def _ask(self, fds: Iterable[int]) -> None:
        """Register each socket for what its dispatcher waits for now: reading, writing
        (a listening socket never), or nothing (then not at all, as waitress's loop does
        not poll it: a connection whose request a thread serves is not closed under it)."""
        connections, registered, poller = self.connections, self.registered, self.poller
        for fd in fds:
            if fd == _EVERY:
                continue
            dispatcher = connections.get(fd)
            wants = 0
            if dispatcher is not None:
                if dispatcher.readable():
                    wants = _READ
                if dispatcher.writable() and not dispatcher.accepting:
                    wants |= _WRITE
            held = registered.get(fd)
            if held is not None and (held[0] is not dispatcher or not wants):
                # gone, resting, or another connection under a number used again (the
                # kernel forgot the closed one's registration)
                del registered[fd]
                with contextlib.suppress(OSError):  # closed, and so already forgotten
                    poller.unregister(fd)
                held = None
            if not wants:
                continue
            if held is None:
                try:
                    poller.register(fd, wants)
                except FileExistsError:
                    poller.modify(fd, wants)
            elif held[1] != wants:
                poller.modify(fd, wants)
            registered[fd] = (dispatcher, wants)


class ReadyThreads(ThreadedTaskDispatcher):
    """waitress's request threads (``count``), each doing ``first`` as it starts, before it
    takes its first request (given to waitress as its ``_dispatcher``)."""

    def __init__(self, count: int, first: Callable[[], None]) -> None:
        super().__init__()
        self.first = first
        self.set_thread_count(count)  # starts them

    def handler_thread(self, thread_no: int) -> None:
        try:
            self.first()
        except Exception:  # the thread serves all the same: its first request tries again
            self.logger.exception("a request thread's start")
        super().handler_thread(thread_no)


def server(application: Any, **options: Any) -> tuple[Any, Loop]:
    """A waitress server of ``application`` (``create_server``'s options) on a
    :class:`Loop`, not yet running: ``server.run()`` serves."""
    options.pop("_quiet", None)  # waitress.serve's: nothing is said here either
    connections = _Connections()
    made = create_server(application, map=connections, **options)
    loop = Loop(connections)
    for dispatcher in list(connections.values()):
        if isinstance(dispatcher, BaseWSGIServer):
            dispatcher.channel_class = _Channel
            dispatcher.pull_trigger = loop.wake(dispatcher.pull_trigger)  # type: ignore[method-assign]
    made.asyncore = loop  # type: ignore[assignment]  # waitress calls its loop()
    return made, loop


def serve(application: Any, **options: Any) -> None:
    """Serve ``application`` with waitress on a :class:`Loop` until stopped."""
    made, _loop = server(application, **options)
    made.run()
