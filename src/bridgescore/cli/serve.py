"""``bridgescore serve``: the club web app."""

from __future__ import annotations

import click

from bridgescore.cli._common import cli_words, friendly_errors
from bridgescore.i18n import gettext_noop
from bridgescore.web.serve import THREADS


@click.command(
    "serve",
    help=gettext_noop(
        "Run the club web app: directors set up sessions, tables enter results on their"
        " phones, everyone sees the results live. Brings the database schema up to date"
        " first."
    ),
    epilog="Examples:\n\n  bridgescore serve --demo\n\n"
    "  bridgescore serve --host 0.0.0.0 --port 8000\n\n"
    "  bridgescore serve --host 0.0.0.0 --public-url http://192.168.1.20:8000/\n\n"
    "  bridgescore serve --database postgres://club:secret@localhost/bridgescore\n\n"
    "  bridgescore serve --host 0.0.0.0 --https club.pem --public-url https://bridge.club.example/",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help=gettext_noop("The address to listen on (0.0.0.0: every address, for phones on the LAN)."),
)
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(1, 65535),
    help=gettext_noop("The port to listen on."),
)
@click.option(
    "--database",
    envvar="BRIDGESCORE_DATABASE_URL",
    default=None,
    help=gettext_noop(
        "A database URL (postgres://user:password@host/name); default an embedded SQLite"
        " file in ~/.bridgescore (or $BRIDGESCORE_HOME). Also $BRIDGESCORE_DATABASE_URL."
    ),
)
@click.option(
    "--public-url",
    envvar="BRIDGESCORE_PUBLIC_URL",
    default=None,
    metavar="URL",
    help=gettext_noop(
        "The address the players' phones open (http or https, a host, a port; no path),"
        " printed at start and on the guide cards; requests for any other host are refused."
        " Default: with --host 0.0.0.0, this machine's LAN address; else the host."
        " Also $BRIDGESCORE_PUBLIC_URL."
    ),
)
@click.option(
    "--demo", is_flag=True, help=gettext_noop("Add a demo club, director and session under way.")
)
@click.option(
    "--threads",
    default=THREADS,
    show_default=True,
    type=click.IntRange(1, 256),
    help=gettext_noop("Requests served at once."),
)
@click.option(
    "--workers",
    default=None,
    type=click.IntRange(1, 64),
    help=gettext_noop(
        "Server processes sharing the port (default: two a core, up to 4; one on Windows)."
    ),
)
@click.option(
    "--https",
    "certificate",
    default=None,
    metavar="CERT.pem",
    help=gettext_noop(
        "Serve over https with the club's certificate (a PEM file with its chain): the"
        " table's page then opens on a phone without a connection."
    ),
)
@click.option(
    "--https-key",
    "key",
    default=None,
    metavar="KEY.pem",
    help=gettext_noop("The certificate's private key, if not in the certificate's file."),
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
    certificate: str | None,
    key: str | None,
) -> None:
    """``bridgescore serve`` (its help is above, for the catalogue)."""
    from bridgescore.web.serve import Certificate, default_workers, prepare, run, what_serving_gives

    _ = cli_words().gettext
    if key is not None and certificate is None:
        raise click.UsageError(_("--https-key goes with --https CERT.pem"))
    tls = Certificate.read(certificate, key) if certificate is not None else None
    started = prepare(host, port, database, demo, public_url, https=tls is not None)
    say = _("serving {url} (database: {database})")
    click.echo("bridgescore: " + say.format(url=started.url, database=started.database))
    click.echo("bridgescore: " + _(what_serving_gives(started.url)))
    if started.demo_login is not None:
        user, password = started.demo_login
        say = _("demo director login: {user} / {password}")
        click.echo("bridgescore: " + say.format(user=user, password=password))
        address = f"{started.url.rstrip('/')}{started.demo_session}"
        click.echo("bridgescore: " + _("demo session: {address}").format(address=address))
    click.echo("bridgescore: " + _("press Ctrl-C to stop"))
    run(host, port, threads=threads, workers=workers or default_workers(), certificate=tls)
