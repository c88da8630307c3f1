"""``bridgescore serve``: decide the public address, migrate the database, optionally add
the demo, and serve the app with waitress (a production WSGI server: threads, no debug
pages, no autoreload)."""

from __future__ import annotations

import contextlib
import errno
import gc
import os
import signal
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass
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


def default_workers() -> int:
    """Server processes by default: one a core (up to 4) where processes can be forked,
    else one (Windows)."""
    if not hasattr(os, "fork"):
        return 1
    return max(1, min(4, os.cpu_count() or 1))


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
    threads: int = 16,
    workers: int = 1,
    say: Callable[[str], None] = print,
    certificate: Certificate | None = None,
) -> None:
    """Serve until stopped (Ctrl-C or a signal). Where processes fork (Linux, macOS):
    gunicorn's threaded workers, ``workers`` processes (one Python process is one core's
    worth of work: a club's machine has more) of ``threads`` threads each, over https
    with ``certificate`` (:func:`_run_gunicorn`). Elsewhere (Windows): waitress, one
    process, plain http."""
    if hasattr(os, "fork"):
        _run_gunicorn(host, port, threads, workers, certificate)
        return
    if certificate is not None:
        raise ServeError(_("https is served on Linux and macOS; on Windows, put a proxy with TLS"
                           " in front"))  # fmt: skip
    from waitress import serve

    from bridgescore.web.failures import MOST_DIRECTOR_BODY
    from bridgescore.web.wsgi import application

    gc.freeze()  # what start-up made lives as long as the process: not scanned again
    serve(
        application,
        host=host,
        port=port,
        threads=threads,
        ident="bridgescore",
        channel_timeout=KEPT_OPEN,
        connection_limit=MOST_CONNECTIONS,
        max_request_body_size=MOST_DIRECTOR_BODY,  # waitress's own default is 1 GB
        _quiet=True,
    )


KEPT_OPEN = 60
"""Seconds a phone's connection is kept open between its requests."""
MOST_CONNECTIONS = 1000
"""The most connections a server process holds at once (phones, directors' and viewers'
browsers); more wait to be taken."""


def _run_gunicorn(
    host: str, port: int, threads: int, workers: int, certificate: Certificate | None
) -> None:
    """Serve with gunicorn's threaded workers (an event loop over the connections, whose
    cost does not grow with how many are open, and a pool of threads for the requests),
    the club's certificate for https.

    Each worker listens on a socket of its own where the kernel shares out the
    connections evenly among them (Linux's ``SO_REUSEPORT``, gunicorn's ``reuse_port``).
    One socket shared by the workers goes to whichever wakes first: measured with 240
    phones on two workers, one process took twice the connections of the other, ran its
    core flat and set everyone's wait, while the other stood a third idle
    (bench/RESULTS.md). The port was checked free without that flag (:func:`check_free`),
    so a second server started on the same port is refused rather than sharing it."""
    try:
        from gunicorn.app.base import BaseApplication  # type: ignore[import-untyped]
    except ImportError:
        raise ServeError(
            _("the server needs gunicorn on Linux and macOS: pip install bridgescore again")
        ) from None
    balanced = sys.platform.startswith("linux") and hasattr(socket, "SO_REUSEPORT")
    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    options: dict[str, Any] = {
        "bind": [bind],
        "workers": workers,
        "worker_class": "gthread",
        "threads": threads,
        "reuse_port": balanced,
        "keepalive": KEPT_OPEN,
        "worker_connections": MOST_CONNECTIONS,
        "timeout": 60,
        "graceful_timeout": 10,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "limit_request_line": 8190,
        "proc_name": "bridgescore",
        # the app is loaded once, before the workers are forked from it
        "preload_app": True,
        "post_fork": _worker_started,
    }
    if certificate is not None:
        options |= {"certfile": certificate.chain, "keyfile": certificate.key}

    class _App(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            for name, value in options.items():
                self.cfg.set(name, value)

        def load(self) -> Any:
            from bridgescore.web.wsgi import application

            return application

    from django.db import connections

    connections.close_all()  # each worker opens its own
    # what start-up made (Django, the app, the library) lives as long as the process:
    # the collector need not scan it again and again, nor touch it in forked workers
    gc.freeze()
    _App().run()  # every body is bounded by the app's own middleware (failures.BodyLimit)


def check_free(host: str, port: int) -> None:
    """Refuse, naming it, an address this machine cannot listen on: a port another program
    (or another server of ours) already listens on, a port the system keeps for itself,
    a host that is not this machine's. Checked before anything is said or started."""
    try:
        family, kind, proto, _name, bound = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(bound)
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


def _worker_started(arbiter: Any, worker: Any) -> None:
    """In each worker as it starts: it ends at once with the server, even one killed
    outright (Linux's parent-death signal; elsewhere gunicorn's worker sees its parent
    gone within a second)."""
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != arbiter.pid:  # the server went before the signal was asked for
        os._exit(0)


class ServeError(BridgeError):
    """The server could not start, or go on serving."""
