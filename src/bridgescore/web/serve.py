"""``bridgescore serve``: decide the public address, migrate the database, optionally add
the demo, and serve the app with waitress (a production WSGI server: threads, no debug
pages, no autoreload)."""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bridgescore.errors import BridgeError
from bridgescore.web import address


@dataclass(frozen=True, slots=True)
class Started:
    """What the server says on start: the public URL the phones open, the database, and
    the demo's login if made."""

    url: str
    database: str
    demo_login: tuple[str, str] | None = None
    demo_session: str | None = None


def setup(database: str | None = None) -> str:
    """Configure Django for ``database`` (a URL; default the embedded SQLite file) and
    bring the schema up to date. Returns the database as shown to the user."""
    if database:
        os.environ["BRIDGESCORE_DATABASE_URL"] = database
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bridgescore.web.settings")
    import django
    from django.conf import settings
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        return f"SQLite {db['NAME']}"
    return f"PostgreSQL {db.get('NAME')} on {db.get('HOST') or 'localhost'}"


def prepare(
    host: str, port: int, database: str | None, demo: bool, public_url: str | None = None
) -> Started:
    """Everything before serving: the public URL (``public_url`` checked, else decided by
    :func:`bridgescore.web.address.url_for`) handed to the settings, then the settings,
    migrations and the demo."""
    url = address.url_for(host, port, public_url)  # a bad URL is refused before any work
    os.environ[address.PUBLIC_URL_VARIABLE] = url
    shown = setup(database)
    login = session_url = None
    if demo:
        from bridgescore.web.demo import ensure_demo

        made = ensure_demo()
        login = (made.username, made.password)
        session_url = f"/director/s/{made.session_id}/"
    return Started(url, shown, login, session_url)


def default_workers() -> int:
    """Server processes by default: one a core (up to 4) where processes can be forked,
    else one (Windows)."""
    if not hasattr(os, "fork"):
        return 1
    return max(1, min(4, os.cpu_count() or 1))


def run(
    host: str,
    port: int,
    *,
    threads: int = 16,
    workers: int = 1,
    say: Callable[[str], None] = print,
) -> None:
    """Serve until stopped (Ctrl-C or a signal), in ``workers`` processes sharing the
    listening socket (one Python process is one core's worth of work: a club's machine
    has more), each with ``threads`` threads."""
    from waitress import serve

    from bridgescore.web.failures import MOST_DIRECTOR_BODY
    from bridgescore.web.wsgi import application

    options: dict[str, Any] = dict(
        threads=threads,
        ident="bridgescore",
        channel_timeout=60,
        connection_limit=1000,
        max_request_body_size=MOST_DIRECTOR_BODY,  # waitress's own default is 1 GB
        _quiet=True,
    )
    # what start-up made (Django, the app, the library) lives as long as the process:
    # the collector need not scan it again and again, nor touch it in forked workers
    gc.freeze()
    if workers <= 1 or not hasattr(os, "fork"):
        serve(application, host=host, port=port, **options)
        return
    listening = _listen(host, port)
    from django.db import connections

    connections.close_all()  # each process opens its own
    _Workers(workers, lambda: serve(application, sockets=[listening], **options)).run()


def _listen(host: str, port: int) -> socket.socket:
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    listening = socket.socket(family, kind, proto)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listening.bind(address)
    listening.listen(1024)
    listening.set_inheritable(True)
    return listening


class ServeError(BridgeError):
    """The server could not go on serving."""


class _Workers:
    """Forked server processes: started, started again if one dies, and stopped with
    the parent (a signal stops them all; the parent killed outright takes them with it)."""

    def __init__(self, count: int, work: Callable[[], None], most_restarts: int = 100) -> None:
        self.count = count
        self.work = work
        self.most_restarts = most_restarts
        self.children: set[int] = set()
        self.stopping = False

    def run(self) -> None:
        for _ in range(self.count):
            self._start()
        handled = [getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP")]
        before = {signum: signal.signal(signum, self._stop) for signum in handled}
        try:
            self._watch()
        finally:
            for signum, handler in before.items():
                signal.signal(signum, handler)

    def _watch(self) -> None:
        restarts = 0
        while self.children:
            try:
                pid, _ = os.wait()
            except ChildProcessError:
                break
            except InterruptedError:
                continue
            self.children.discard(pid)
            if not self.stopping and restarts < self.most_restarts:  # another takes over
                restarts += 1
                time.sleep(min(5.0, 0.1 * restarts))  # not in a tight loop if they all fail
                self._start()
        if not self.stopping:
            raise ServeError(
                "the server's worker processes kept stopping (the messages above say why)"
            )

    def _start(self) -> None:
        parent = os.getpid()
        pid = os.fork()
        if pid:
            self.children.add(pid)
            return
        code = 0
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            _die_with(parent)
            self.work()
        except BaseException:
            import traceback

            traceback.print_exc()
            code = 1
        finally:
            os._exit(code)

    def _stop(self, signum: int, frame: object) -> None:
        self.stopping = True
        for pid in list(self.children):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)


def _die_with(parent: int) -> None:
    """End this worker when its parent ends, even by SIGKILL: Linux's parent-death signal,
    else a thread that watches for the parent to go."""
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the parent went before the signal was asked for
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
