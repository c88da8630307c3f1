"""``bridgescore serve``: migrate the database, optionally add the demo, and serve the app
with waitress (a production WSGI server: threads, no debug pages, no autoreload)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Started:
    """What the server says on start: where it is, and the demo's login if made."""

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


def prepare(host: str, port: int, database: str | None, demo: bool) -> Started:
    """Everything before serving: settings, migrations, the demo."""
    shown = setup(database)
    login = session_url = None
    if demo:
        from bridgescore.web.demo import ensure_demo

        made = ensure_demo()
        login = (made.username, made.password)
        session_url = f"/director/s/{made.session_id}/"
    where = "localhost" if host in {"0.0.0.0", "::"} else host
    return Started(f"http://{where}:{port}/", shown, login, session_url)


def run(host: str, port: int, *, threads: int = 16, say: Callable[[str], None] = print) -> None:
    """Serve until stopped (Ctrl-C or a signal)."""
    from waitress import serve

    from bridgescore.web.wsgi import application

    serve(
        application,
        host=host,
        port=port,
        threads=threads,
        ident="bridgescore",
        channel_timeout=60,
        connection_limit=1000,
        _quiet=True,
    )
