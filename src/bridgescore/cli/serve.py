"""``bridgescore serve``: the club web app."""

from __future__ import annotations

import click

from bridgescore.cli._common import friendly_errors


@click.command(
    "serve",
    epilog="Examples:\n\n  bridgescore serve --demo\n\n"
    "  bridgescore serve --host 0.0.0.0 --port 8000\n\n"
    "  bridgescore serve --host 0.0.0.0 --public-url http://192.168.1.20:8000/\n\n"
    "  bridgescore serve --database postgres://club:secret@localhost/bridgescore",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on (0.0.0.0: every address, for phones on the LAN).",
)
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(1, 65535),
    help="The port to listen on.",
)
@click.option(
    "--database",
    envvar="BRIDGESCORE_DATABASE_URL",
    default=None,
    help="A database URL (postgres://user:password@host/name); default an embedded"
    " SQLite file in ~/.bridgescore (or $BRIDGESCORE_HOME). Also"
    " $BRIDGESCORE_DATABASE_URL.",
)
@click.option(
    "--public-url",
    envvar="BRIDGESCORE_PUBLIC_URL",
    default=None,
    metavar="URL",
    help="The address the players' phones open (http or https, a host, a port; no path),"
    " printed at start and on the guide cards; requests for any other host are refused."
    " Default: with --host 0.0.0.0, this machine's LAN address; else the host."
    " Also $BRIDGESCORE_PUBLIC_URL.",
)
@click.option("--demo", is_flag=True, help="Add a demo club, director and session under way.")
@click.option(
    "--threads",
    default=16,
    show_default=True,
    type=click.IntRange(1, 256),
    help="Requests served at once.",
)
@click.option(
    "--workers",
    default=None,
    type=click.IntRange(1, 64),
    help="Server processes sharing the port (default: one a core, up to 4; one on Windows).",
)
@friendly_errors
def serve_command(
    host: str,
    port: int,
    database: str | None,
    public_url: str | None,
    demo: bool,
    threads: int,
    workers: int | None,
) -> None:
    """Run the club web app: directors set up sessions, tables enter results on their
    phones, everyone sees the results live. Brings the database schema up to date first."""
    from bridgescore.web.serve import default_workers, prepare, run

    started = prepare(host, port, database, demo, public_url)
    click.echo(f"bridgescore: serving {started.url} (database: {started.database})")
    if started.demo_login is not None:
        user, password = started.demo_login
        click.echo(f"bridgescore: demo director login: {user} / {password}")
        click.echo(f"bridgescore: demo session: {started.url.rstrip('/')}{started.demo_session}")
    click.echo("bridgescore: press Ctrl-C to stop")
    run(host, port, threads=threads, workers=workers or default_workers())
