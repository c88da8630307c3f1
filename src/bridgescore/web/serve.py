"""``bridgescore serve``: decide the public address, migrate the database, optionally add
the demo, and serve the app with waitress (a production WSGI server: threads, no debug
pages, no autoreload)."""

from __future__ import annotations

import contextlib
import errno
import gc
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgescore.errors import BridgeError, BridgeInputError
from bridgescore.errors import marked as _
from bridgescore.i18n import gettext_noop
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
    host: str,
    port: int,
    database: str | None,
    demo: bool,
    public_url: str | None = None,
    *,
    https: bool = False,
) -> Started:
    """Everything before serving: the address checked free (:func:`check_free`); the
    public URL (``public_url`` checked, else decided by
    :func:`bridgescore.web.address.url_for`, ``https://`` when served over https) handed
    to the settings; then the settings, migrations and the demo."""
    check_free(host, port)
    url = address.url_for(host, port, public_url, scheme="https" if https else "http")
    os.environ[address.PUBLIC_URL_VARIABLE] = url
    shown = setup(database)
    login = session_url = None
    if demo:
        from bridgescore.web.demo import ensure_demo

        made = ensure_demo()
        login = (made.username, made.password)
        session_url = f"/director/s/{made.session_id}/"
    return Started(url, shown, login, session_url)


THREADS = 16
"""Requests each server process serves at once by default. Since each process writes on
a writing thread of its own, a request waiting for its result to be written holds no
core and no lock, and more requests a process on their way make bigger groups for the
writer: 16 rather than 8 (the default while whichever request found the writer free
wrote, when more threads contended for a process's Python lock), 240 tables sending at
once on two cores, 4 processes: twice the results a write (PostgreSQL 7.0 against 3.6,
SQLite 12 against 6.7), the last acknowledgements 0.88 of the time on SQLite and 0.93
on PostgreSQL, 60 tables 0.86 and 0.73, PostgreSQL's own CPU a result 0.5 → 0.4 ms
(bench/RESULTS.md)."""


IDLE_CLOSED_AFTER = 60
"""Seconds a phone's connection may stand idle before the server closes it (waitress's
``channel_timeout``): a page asking for its plan every 10 s keeps its own; one asleep
opens a new one when it wakes."""


COLLECTOR_THRESHOLDS = (50_000, 10, 10)
"""The cycle collector's thresholds while serving: the youngest objects looked at once
50,000 more are held, not 700 (Python's default). A request makes thousands, most freed
as it ends; at 700 the collector ran a few times a request, each time walking the objects
of every request in flight, 0.15 ms a time: at 240 tables (8 threads in each of 4
processes) the collector took 156-178 ms of the server's CPU over a run of 1,440 results
and the phones' first looks, 51-81 ms with these (three runs each in turn): about 4 % of
the server's CPU, within what the waves vary between runs (bench/RESULTS.md)."""


def default_workers() -> int:
    """Server processes by default: two a core, up to 4, where processes can be forked,
    else one (Windows). Two a core, because while one process's threads wait (for the
    writer, for a commit) the other takes the core, and each process's loop asks fewer
    connections whether they may read or write: 240 tables sending at once on two cores,
    the 99th percentile of acknowledgement 364-460 ms with 4 processes against 517-657 ms
    with 2 (bench/RESULTS.md). At most 4, so that their connections (:data:`THREADS` each
    and the writing thread's: 68 in all) stay within a database server's usual 100."""
    if not hasattr(os, "fork"):
        return 1
    return max(1, min(4, 2 * (os.cpu_count() or 1)))


@dataclass(frozen=True, slots=True)
class Certificate:
    """The club's certificate for https: its chain and private key (PEM files; the key
    may be in the certificate's file)."""

    chain: str
    key: str

    @classmethod
    def read(cls, chain: str, key: str | None = None) -> Certificate:
        """The certificate, checked before anything is served: a file missing, unreadable
        or not a certificate and key that match is a :class:`CertificateError` naming it."""
        import ssl

        found = cls(chain, key or chain)
        for name in {found.chain, found.key}:
            if not os.path.isfile(name):
                raise CertificateError(f"https: no such file {name!r}")
        try:
            ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(
                found.chain, found.key
            )
        except (ssl.SSLError, OSError, ValueError) as error:
            raise CertificateError(
                f"https: {found.chain!r} and {found.key!r} are not a certificate and its key"
                f" in PEM ({error.__class__.__name__})"
            ) from None
        return found


class CertificateError(BridgeInputError):
    """A certificate that cannot serve https."""


PLAIN_HTTP = gettext_noop(
    "plain http: a table's phone keeps its results without a connection and sends them"
    " when it is back, and warns before a reload; a page reloaded without a connection"
    " shows the browser's error (pages that open offline need https: --https with the"
    " club's certificate, or a proxy with one; see docs/web.md)"
)
HTTPS = gettext_noop(
    "https: a table's page opens and reloads without a connection, and its results are"
    " sent when the connection is back"
)


THIS_MACHINE = gettext_noop(
    "this machine only: the players' phones cannot open this address (serve with --host"
    " 0.0.0.0 for the club's phones)"
)


def what_serving_gives(url: str) -> str:
    """What the phones get from the way the app is served (printed at start, translated
    there): https keeps the table's page on the phone (a service worker); plain http
    keeps the results but not the page; this machine's own address reaches no phone."""
    from urllib.parse import urlsplit

    if url.startswith("https://"):
        return HTTPS
    if (urlsplit(url).hostname or "") in {"localhost", "127.0.0.1", "::1"}:
        return THIS_MACHINE
    return PLAIN_HTTP


def run(
    host: str,
    port: int,
    *,
    threads: int = THREADS,
    workers: int = 1,
    say: Callable[[str], None] = print,
    certificate: Certificate | None = None,
) -> None:
    """Serve until stopped (Ctrl-C or a signal), in ``workers`` processes sharing the port
    (a Python process does at most one core's work: :func:`default_workers`; each on a
    socket of its own where the kernel shares the connections out, :data:`_BALANCED`),
    each with ``threads`` threads, forked once warmed (:func:`_warm`), each turning its
    connections on an ``epoll`` loop where Linux has one (:mod:`bridgescore.web.loop`);
    over https with ``certificate`` (:func:`_run_https`)."""
    _warm()
    import waitress

    from bridgescore.web import loop
    from bridgescore.web.failures import MOST_DIRECTOR_BODY
    from bridgescore.web.wsgi import application

    # what start-up made (Django, the app, the library) lives as long as the process:
    # the collector need not scan it again and again, nor touch it in forked workers
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    if certificate is not None:
        _run_https(host, port, threads, workers, certificate)
        return

    options: dict[str, Any] = dict(
        threads=threads,
        ident="bridgescore",
        channel_timeout=IDLE_CLOSED_AFTER,
        connection_limit=1000,
        max_request_body_size=MOST_DIRECTOR_BODY,  # waitress's own default is 1 GB
        _quiet=True,
    )
    serve = loop.serve if loop.AVAILABLE else waitress.serve

    def threads_ready() -> loop.ReadyThreads:  # made in each worker process: it forks none
        from bridgescore.web.entries import start_writing_thread

        start_writing_thread(writing_thread_started)  # first: it keeps the process's rank
        return loop.ReadyThreads(threads, _request_thread_started)

    if workers <= 1 or not hasattr(os, "fork"):
        serve(application, host=host, port=port, _dispatcher=threads_ready(), **options)
        return
    listening = _listen(host, port, balanced=_BALANCED)
    from django.db import connections

    connections.close_all()  # each process opens its own
    _Workers(
        workers,
        lambda: serve(
            application,
            sockets=[_worker_socket(listening)],
            _dispatcher=threads_ready(),
            **options,
        ),
    ).run()


REQUEST_THREADS_NICENESS = 5
"""How much lower than the server process the system's scheduler ranks its request
threads (Linux's niceness, per thread; a thread may lower its own rank but not raise it
again): the process's writing thread
(:func:`bridgescore.web.entries.start_writing_thread`), which every result waits for,
then gets a core ahead of the requests' other work. 240 tables at once on SQLite, beside
the writer held by whichever request found it free: the last acknowledgements 0.87-0.90
of the time, the lock file held half as often with twice the results each time
(bench/RESULTS.md)."""


def lower_request_thread() -> None:
    """Rank this request thread :data:`REQUEST_THREADS_NICENESS` lower (Linux only: its
    thread ids are what ``setpriority`` takes; elsewhere nothing changes)."""
    if not sys.platform.startswith("linux"):
        return
    thread = threading.get_native_id()
    try:
        now = os.getpriority(os.PRIO_PROCESS, thread)
        os.setpriority(os.PRIO_PROCESS, thread, min(19, now + REQUEST_THREADS_NICENESS))
    except OSError as error:  # a system that will not: the threads serve all the same
        logging.getLogger("bridgescore.web").warning(
            "a request thread could not lower its priority: %s", error
        )


def writing_thread_started() -> None:
    """A writing thread's start: its name given to the system (Linux: ``top -H``,
    ``ps -L`` show the one thread of a worker that every result waits for), then
    connected."""
    _prctl(15, threading.current_thread().name.encode()[:15])  # PR_SET_NAME: this thread's
    connect()


def _prctl(option: int, value: int | bytes) -> None:
    """Linux's ``prctl`` for this process or thread; elsewhere, or where it fails, nothing."""
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)


def _request_thread_started() -> None:
    """A request thread's start: ranked below the writing thread, then connected."""
    lower_request_thread()
    connect()


def connect() -> None:
    """A request thread's (and the writing thread's) database connection, opened as the
    thread starts and kept (``CONN_MAX_AGE`` is ``None``: :mod:`bridgescore.web.settings`),
    rather than on its first request: a PostgreSQL connection costs about 10 ms of CPU
    (3.7 ms here, 6.6 ms in PostgreSQL: its process, the password's SCRAM exchange), so 32
    threads connecting at the first results of a round would cost 0.3 s of the two cores
    just when every table is waiting (bench/RESULTS.md). A database not answering now is
    tried again on the thread's first request (write), which says why if it still
    fails."""
    from django.db import DatabaseError, connection

    try:
        connection.ensure_connection()
    except DatabaseError as error:
        logging.getLogger("bridgescore.web").warning(
            "a server thread could not connect to the database at start: %s", error
        )


def _warm() -> None:
    """Do once, before the worker processes are forked (they inherit it), what each would
    otherwise do on its first requests: import every view (the URLs), compile every page's
    template, read each language's catalogue. A cold worker's first table page took
    0.38 s of CPU, later ones 0.01 s (Django's test client, in process)."""
    from django.conf import settings
    from django.template.loader import get_template
    from django.urls import get_resolver
    from django.utils import translation

    get_resolver().url_patterns  # noqa: B018 - imports the URLconf and every view
    pages = Path(__file__).with_name("templates") / "bridgescore"
    for page in sorted(pages.glob("*.html")):
        get_template(f"bridgescore/{page.name}")
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            pass


def _run_https(host: str, port: int, threads: int, workers: int, certificate: Certificate) -> None:
    """Serve over https with gunicorn (waitress has no TLS): its threaded workers, the
    same number of processes and threads, the club's certificate. An extra: a plain
    install names it in one line."""
    try:
        from gunicorn.app.base import BaseApplication  # type: ignore[import-untyped]
    except ImportError:
        raise ServeError(
            "https needs gunicorn (Linux and macOS): pip install 'bridgescore[https]'"
        ) from None
    options = _https_options(host, port, threads, workers, certificate)

    class _App(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            for name, value in options.items():
                self.cfg.set(name, value)

        def load(self) -> Any:
            from bridgescore.web.wsgi import application

            return application

    _App().run()  # every body is bounded by the app's own middleware (failures.BodyLimit)


def _https_options(
    host: str, port: int, threads: int, workers: int, certificate: Certificate
) -> dict[str, Any]:
    """gunicorn's settings for :func:`_run_https`: its threaded workers, each with a
    writing thread and request threads ranked below it (:func:`_https_worker`)."""
    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return {
        "bind": [bind],
        "workers": workers,
        "worker_class": _https_worker(),
        "threads": threads,
        "certfile": certificate.chain,
        "keyfile": certificate.key,
        "timeout": 60,
        "graceful_timeout": 10,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "limit_request_line": 8190,
        "proc_name": "bridgescore",
    }


def _https_worker() -> type:
    """gunicorn's threaded worker as waitress's workers are (:func:`run`): once it has
    loaded the app it starts its writing thread, so that its results are written in
    groups; then its request threads, as each starts, rank themselves below that thread
    and connect (:func:`_request_thread_started`: its pool, ``get_thread_pool``,
    gunicorn's own place for it, starts each with that)."""
    from concurrent import futures

    from gunicorn.workers.gthread import ThreadWorker  # type: ignore[import-untyped]

    from bridgescore.web.entries import start_writing_thread

    class Worker(ThreadWorker):  # type: ignore[misc]
        def run(self) -> None:
            start_writing_thread(writing_thread_started)  # first: it keeps the rank
            super().run()

        def get_thread_pool(self) -> futures.ThreadPoolExecutor:
            return futures.ThreadPoolExecutor(
                max_workers=self.cfg.threads, initializer=_request_thread_started
            )

    return Worker


def check_free(host: str, port: int) -> None:
    """Refuse, naming it, an address this machine cannot listen on: a port another program
    (or another server of ours) already listens on, a port the system keeps for itself,
    a host that is not this machine's. Checked before anything is said or started."""
    try:
        _bound(host, port).close()
    except OSError as error:
        where = f"{host}:{port}"
        if error.errno == errno.EADDRINUSE:
            said = _("{address} is in use: another server listens there (--port another)",
                     address=where)  # fmt: skip
        elif error.errno == errno.EACCES:
            said = _("{address}: only the system may listen on a port below 1024 (--port 8000)",
                     address=where)  # fmt: skip
        else:
            said = _("cannot listen on {address}: {reason}", address=where,
                     reason=error.strerror or str(error))  # fmt: skip
        raise ServeError(said) from None


def _bound(host: str, port: int, *, shared: bool = False) -> socket.socket:
    """A socket bound to ``host``:``port`` as the server binds it (a port left in TIME_WAIT
    by the server before taken again; not on Windows, where that flag would take a port in
    use); ``shared`` with the other sockets bound so (Linux's ``SO_REUSEPORT``)."""
    family, kind, proto, _name, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    made = socket.socket(family, kind, proto)
    try:
        if os.name != "nt":
            made.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if shared:
            made.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        made.bind(address)
    except OSError:
        made.close()
        raise
    return made


_BALANCED = sys.platform.startswith("linux") and hasattr(socket, "SO_REUSEPORT")
"""Whether each worker process listens on a socket of its own, among which the kernel
shares out the connections evenly (Linux's ``SO_REUSEPORT``). One socket shared by the
workers goes to whichever wakes first: measured with 240 phones on two workers, one
process took twice the connections of the other and ran its core flat while the other's
stood a third idle (bench/RESULTS.md). Elsewhere a port's sockets are not balanced, and
the workers share one. The port was checked free without that flag (:func:`check_free`),
so a second server started on the same port is refused rather than sharing it."""


def _listen(host: str, port: int, *, balanced: bool = False) -> socket.socket:
    """The server's socket on ``host``:``port``: listening and shared by the workers, or,
    ``balanced``, bound only (the address held, its port decided) for each worker to
    listen beside (:func:`_worker_socket`)."""
    listening = _bound(host, port, shared=balanced)
    if not balanced:
        listening.listen(1024)
        listening.set_inheritable(True)
    return listening


def _worker_socket(server: socket.socket) -> socket.socket:
    """A worker's socket: the server's own where the workers share it, else one bound to
    the same address beside it (listened on by waitress), the kernel sharing out the
    connections. The server's is bound, not listening: no connection waits on it."""
    if not _BALANCED:
        return server
    host, port = server.getsockname()[:2]
    return _bound(host, port, shared=True)


class ServeError(BridgeError):
    """The server could not start, or go on serving."""


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
        for _started in range(self.count):
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
    _prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the parent went before the signal was asked for
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
