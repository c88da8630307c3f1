"""The public address is configuration: the guide cards' links, QR codes and table codes are
on it whatever Host header a request brings, a request for another host gets a 400, and
``bridgescore serve`` decides it once (``--public-url``, else the LAN address) and says it."""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from click.testing import CliRunner
from django.test import Client
from pytest_django import Settings

from bridgescore.cli.main import cli
from bridgescore.report.cards import page_qr_codes
from bridgescore.web import address, entries, matches, naming
from bridgescore.web import serve as serving
from bridgescore.web.models import Club, Session, TableLink
from load.load_harness import self_signed

PUBLIC = "http://192.168.1.20:8000/"
SETTINGS = Path(address.__file__).with_name("settings.py")
DONE: list[str] = []
"""What was done with the sockets made in a test."""


@pytest.fixture
def public(settings: Settings) -> str:
    """The app configured with a LAN address, as ``bridgescore serve`` configures it (the
    test client's own ``testserver`` allowed too, as Django's test set-up allows it)."""
    settings.PUBLIC_URL = PUBLIC
    settings.ALLOWED_HOSTS = [*address.allowed_hosts(PUBLIC), "testserver"]
    return PUBLIC


def _cards(td: Client, session: Session, host: str) -> str:
    response = td.get(f"/director/s/{session.pk}/cards/", HTTP_HOST=host)
    assert response.status_code == 200
    return response.content.decode()


def _card(page: str, name: str) -> str:
    """One card of the cards' page: from its section to the next."""
    start = page.index(f'id="{name}"')
    end = page.find('<section class="page card"', start)
    return page[start:] if end < 0 else page[start:end]


@pytest.mark.parametrize("host", ["testserver", "localhost", "127.0.0.1:8000", "[::1]:8000"])
def test_the_pairs_cards_carry_the_public_url_and_the_code_whatever_the_host(
    td: Client, session: Session, public: str, host: str
) -> None:
    page = _cards(td, session, host)
    tables = list(TableLink.objects.filter(session=session))
    assert len(tables) == 3
    for table in tables:
        url = f"{public}t/{table.token}/"
        assert f'<a href="{url}">{url}</a>' in page
        name = f"table-{table.table}.html"
        qr = page_qr_codes({name: url}, {name: f"Table {table.table}"})[name]
        card = _card(page, f"table-{table.table}")
        assert qr in card  # the QR code is the public link's
        assert "<h2>Table code</h2>" in card
        assert f"<td>{table.code}</td>" in card
    assert page.count("<h2>Table code</h2>") == 3
    assert f"//{host}/t/" not in page
    assert "testserver/" not in page
    assert "localhost/" not in page


def test_each_cards_code_is_its_own_tables(td: Client, session: Session, public: str) -> None:
    TableLink.objects.filter(session=session, table=1).update(code="111111")
    TableLink.objects.filter(session=session, table=2).update(code="222222")
    TableLink.objects.filter(session=session, table=3).update(code="333333")
    page = _cards(td, session, "testserver")
    for number in (1, 2, 3):
        card = _card(page, f"table-{number}")
        assert [c for c in ("111111", "222222", "333333") if c in card] == [str(number) * 6]


def test_the_teams_cards_carry_the_public_url_and_each_rooms_code(
    club: Club, td: Client, public: str
) -> None:
    session = matches.create_teams_session(club, "Teams night", ["A", "B", "C", "D"], 4)
    page = _cards(td, session, "localhost:8000")
    for table in TableLink.objects.filter(session=session):
        url = f"{public}t/{table.token}/"
        assert f'<a href="{url}">{url}</a>' in page
        name = f"room-{naming.room_label(table.table)}.html"
        qr = page_qr_codes({name: url}, {name: f"Room {naming.room_label(table.table)}"})[name]
        card = _card(page, name.removesuffix(".html"))
        assert qr in card
        assert f"<td>{table.code}</td>" in card
    assert page.count("<h2>Table code</h2>") == 4  # two matches, two rooms each
    assert "localhost" not in page


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "192.168.1.21:8000"])
def test_a_foreign_host_gets_a_400_not_a_page(
    td: Client, session: Session, public: str, host: str
) -> None:
    for path in (f"/director/s/{session.pk}/cards/", "/login/", "/director/"):
        response = td.get(path, HTTP_HOST=host)
        assert response.status_code == 400
        assert b"/t/" not in response.content
        assert host.encode() not in response.content


def _fresh_settings(monkeypatch: pytest.MonkeyPatch, url: str | None) -> ModuleType:
    """The settings module read again, as a new process reads it, with ``url`` in the
    environment (or none)."""
    if url is None:
        monkeypatch.delenv(address.PUBLIC_URL_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(address.PUBLIC_URL_VARIABLE, url)
    spec = importlib.util.spec_from_file_location("fresh_settings", SETTINGS)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_settings_follow_the_public_url(monkeypatch: pytest.MonkeyPatch) -> None:
    read = _fresh_settings(monkeypatch, "HTTPS://Club.Example")
    assert read.PUBLIC_URL == "https://club.example/"
    assert read.ALLOWED_HOSTS == ["club.example", "localhost", "127.0.0.1", "[::1]"]
    assert read.CSRF_TRUSTED_ORIGINS == ["https://club.example"]
    lan = _fresh_settings(monkeypatch, PUBLIC)
    assert lan.ALLOWED_HOSTS == ["192.168.1.20", "localhost", "127.0.0.1", "[::1]"]
    default = _fresh_settings(monkeypatch, None)
    assert default.PUBLIC_URL == address.DEFAULT_PUBLIC_URL == "http://127.0.0.1:8000/"
    assert default.ALLOWED_HOSTS == ["127.0.0.1", "localhost", "[::1]"]
    assert "*" not in default.ALLOWED_HOSTS
    with pytest.raises(address.AddressError):
        _fresh_settings(monkeypatch, "ftp://club.example/")


@pytest.mark.parametrize(
    ("given", "spelt"),
    [
        ("http://192.168.1.20:8000/", "http://192.168.1.20:8000/"),
        ("http://192.168.1.20:8000", "http://192.168.1.20:8000/"),
        ("  HTTPS://Bridge.Club.Example/ ", "https://bridge.club.example/"),
        ("http://clubpc.local:8080/", "http://clubpc.local:8080/"),
        ("http://[fe80:0::1]:8000/", "http://[fe80::1]:8000/"),
    ],
)
def test_a_public_url_is_checked_and_spelt_one_way(given: str, spelt: str) -> None:
    assert address.checked_url(given) == spelt
    assert address.checked_url(spelt) == spelt


@pytest.mark.parametrize(
    ("given", "says"),
    [
        ("ftp://club.example/", "it must start with http:// or https://"),
        ("192.168.1.20:8000", "it must start with http:// or https://"),
        ("club.example", "it must start with http:// or https://"),
        ("http://", "it must name a host"),
        ("http://:8000/", "it must name a host"),
        ("http://club.example/bridge/", "it must be the site's root, without the path '/bridge/'"),
        ("http://club.example/?x=1", "it must have no ?query or #fragment"),
        ("http://club.example/#top", "it must have no ?query or #fragment"),
        ("http://club.example:99999/", "its port must be a number from 1 to 65535"),
        ("http://club.example:port/", "its port must be a number from 1 to 65535"),
        ("http://club.example:0/", "its port must be a number from 1 to 65535"),
        ("http://td:secret@club.example/", "it must not carry a user name or password"),
        ("http://club example/", "'club example' is not a host name or address"),
        ("http://[nope::zz]/", "its host in [brackets] is not an IPv6 address"),
        ("http://[::1/", "its host in [brackets] is not an IPv6 address"),
    ],
)
def test_a_bad_public_url_is_refused_in_one_line(given: str, says: str) -> None:
    with pytest.raises(address.AddressError) as caught:
        address.checked_url(given)
    message = str(caught.value)
    assert message.startswith(f"public URL {given.strip()!r}: ")
    assert says in message
    assert message.endswith("(e.g. http://192.168.1.20:8000/)")
    assert "\n" not in message


def test_serving_on_every_address_gives_the_lan_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.1.20")
    assert address.url_for("0.0.0.0", 8000) == "http://192.168.1.20:8000/"
    assert address.url_for("::", 8123) == "http://192.168.1.20:8123/"
    assert address.url_for("clubpc.local", 8000) == "http://clubpc.local:8000/"
    assert address.url_for("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert address.url_for("::1", 8000) == "http://[::1]:8000/"
    given = "http://bridge.example/"
    assert address.url_for("0.0.0.0", 8000, given) == given  # what is given wins


def test_the_lan_address_is_the_routed_one_then_the_names_then_loopback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def routed(found: str | None) -> None:
        monkeypatch.setattr(address, "_routed_address", lambda: found)

    def named(*found: str) -> None:
        monkeypatch.setattr(address, "_named_addresses", lambda: list(found))

    routed("192.168.1.20")
    named("10.0.0.5")
    assert address.lan_address() == "192.168.1.20"
    routed(None)
    named("127.0.1.1", "169.254.3.4", "10.0.0.5")  # loopback and link-local are skipped
    assert address.lan_address() == "10.0.0.5"
    routed("0.0.0.0")
    assert address.lan_address() == "10.0.0.5"
    named("127.0.1.1")
    assert address.lan_address() == "127.0.0.1"
    named()
    assert address.lan_address() == "127.0.0.1"


class _Socket:
    """A socket that records what is done with it (in ``DONE``)."""

    def __init__(self, family: int, kind: int) -> None:
        DONE.append(f"socket {family == socket.AF_INET} {kind == socket.SOCK_DGRAM}")

    def __enter__(self) -> _Socket:
        return self

    def __exit__(self, *exc: object) -> None:
        DONE.append("close")

    def connect(self, where: tuple[str, int]) -> None:
        DONE.append(f"connect {where[0]}")

    def getsockname(self) -> tuple[str, int]:
        return ("192.168.1.20", 40000)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the probe must not {name}")  # send, sendto, ...


def test_the_lan_address_is_found_without_sending_anything(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    DONE.clear()
    monkeypatch.setattr(socket, "socket", _Socket)
    assert address._routed_address() == "192.168.1.20"
    # an IPv4 UDP socket, "connected" to a private address (which sends nothing), closed
    assert DONE == ["socket True True", "connect 10.254.254.254", "close"]
    monkeypatch.undo()
    found = address.lan_address()  # and on this machine, an address
    assert found == "127.0.0.1" or address._reachable(found)


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """``bridgescore serve`` with the database and the server left out: what it set up."""
    done: list[str] = []

    def setup(database: str | None = None) -> str:
        done.append("setup")
        return "SQLite x"

    def run(*args: object, **kwargs: object) -> None:
        done.append("run")

    # serve sets the variable in this process: set first, so that it is taken away after
    # (a delenv of a variable not set would leave what serve sets to the next test)
    monkeypatch.setenv(address.PUBLIC_URL_VARIABLE, "")
    monkeypatch.delenv(address.PUBLIC_URL_VARIABLE)
    monkeypatch.setattr(serving, "setup", setup)
    monkeypatch.setattr(serving, "run", run)
    return done


def test_the_start_up_line_names_the_address_phones_open(
    no_server: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.1.20")
    said = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--port", "8123"])
    assert said.exit_code == 0, said.output
    assert said.output.splitlines()[0] == (
        "bridgescore: serving http://192.168.1.20:8123/ (database: SQLite x)"
    )
    assert os.environ[address.PUBLIC_URL_VARIABLE] == "http://192.168.1.20:8123/"
    given = CliRunner().invoke(cli, ["serve", "--public-url", "http://Club.Example:8000"])
    assert given.output.splitlines()[0] == (
        "bridgescore: serving http://club.example:8000/ (database: SQLite x)"
    )
    assert os.environ[address.PUBLIC_URL_VARIABLE] == "http://club.example:8000/"
    assert no_server == ["setup", "run", "setup", "run"]


@pytest.mark.parametrize("given", ["ftp://club.example/", "http://club.example/bridge/"])
def test_a_bad_public_url_stops_serve_in_one_line_before_any_work(
    no_server: list[str], given: str
) -> None:
    said = CliRunner().invoke(cli, ["serve", "--public-url", given])
    assert said.exit_code == 2
    assert len(said.stderr.splitlines()) == 1
    assert said.stderr.startswith(f"bridgescore: error: public URL {given!r}: ")
    assert "Traceback" not in said.output
    assert no_server == []  # no database touched, nothing served


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _status(port: int, host: str) -> int:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/login/", headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            status: int = answer.status
            return status
    except urllib.error.HTTPError as error:
        return error.code


def test_the_real_server_answers_its_public_host_only(tmp_path: Path) -> None:
    port = _free_port()
    public = f"http://bridge.test:{port}/"
    env = {k: v for k, v in os.environ.items() if not k.startswith("BRIDGESCORE_")}
    env |= {"BRIDGESCORE_HOME": str(tmp_path), "BRIDGESCORE_SECRET_KEY": "k" * 50}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    command = [str(Path(sys.executable).with_name("bridgescore")), "serve", "--port", str(port)]
    command += ["--public-url", public, "--workers", "1", "--threads", "2"]
    server = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        database = tmp_path / "bridgescore.sqlite3"
        assert first == f"bridgescore: serving {public} (database: SQLite {database})\n"
        deadline = time.monotonic() + 60
        while True:
            try:
                status = _status(port, f"bridge.test:{port}")
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.2)
        assert status == 200
        assert _status(port, f"127.0.0.1:{port}") == 200
        assert _status(port, "evil.example") == 400
    finally:
        server.terminate()
        server.communicate(timeout=20)


def test_the_real_server_serves_https_with_the_clubs_certificate(tmp_path: Path) -> None:
    """``--https``: the public URL is https, the start says what it gives the phones, and a
    page comes over TLS with the club's certificate (trusted by the client here); its
    worker process starts a writing thread of its own, as without https."""
    import ssl

    port = _free_port()
    pem, chain = self_signed(tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith("BRIDGESCORE_")}
    env |= {"BRIDGESCORE_HOME": str(tmp_path), "BRIDGESCORE_SECRET_KEY": "k" * 50}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    command = [str(Path(sys.executable).with_name("bridgescore")), "serve", "--port", str(port)]
    command += ["--https", str(pem), "--workers", "1", "--threads", "2"]
    server = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        assert server.stdout is not None
        first, second = server.stdout.readline(), server.stdout.readline()
        assert first.startswith(f"bridgescore: serving https://127.0.0.1:{port}/ (database: ")
        assert second.startswith("bridgescore: https: a table's page opens and reloads without")
        trusted = ssl.create_default_context(cafile=str(chain))
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(
                    f"https://127.0.0.1:{port}/login/", timeout=5, context=trusted
                ) as answer:
                    assert answer.status == 200
                    assert "bridgescore" in answer.read().decode()
                break
            except (OSError, urllib.error.URLError):
                assert time.monotonic() < deadline, "the server did not answer over https"
                time.sleep(0.2)
        if sys.platform.startswith("linux"):  # threads named for the system: Linux's
            (worker,) = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
            tasks = Path(f"/proc/{worker}/task")
            deadline = time.monotonic() + 20  # named by the thread itself as it starts
            while entries.WRITING_THREAD_NAME not in {
                task.read_text().strip() for task in tasks.glob("*/comm")
            }:
                assert time.monotonic() < deadline, "no writing thread in the https worker"
                time.sleep(0.1)
    finally:
        server.terminate()
        server.communicate(timeout=20)


def test_a_certificate_that_cannot_serve_https_stops_the_server_in_one_line(
    no_server: list[str], tmp_path: Path
) -> None:
    broken = tmp_path / "club.pem"
    broken.write_text("not a certificate\n")
    for given, says in (
        (str(tmp_path / "missing.pem"), f"https: no such file {str(tmp_path / 'missing.pem')!r}"),
        (str(broken), f"https: {str(broken)!r} and {str(broken)!r} are not a certificate"),
    ):
        said = CliRunner().invoke(cli, ["serve", "--https", given])
        assert said.exit_code == 2, said.output
        assert len(said.stderr.splitlines()) == 1
        assert said.stderr.startswith(f"bridgescore: error: {says}")
    assert no_server == []


def test_an_address_this_machine_cannot_listen_on_stops_the_server_in_one_line(
    no_server: list[str],
) -> None:
    """Checked before anything is said, set up or started: a host that is not this
    machine's (192.0.2.1, kept for documentation), in the command's language."""
    for lang, says in (
        ("en", "bridgescore: error: cannot listen on 192.0.2.1:8123: "),
        ("fi", "bridgescore: error: osoitteessa 192.0.2.1:8123 ei voi kuunnella: "),
        ("es", "bridgescore: error: no se puede escuchar en 192.0.2.1:8123: "),
    ):
        said = CliRunner().invoke(
            cli, ["--lang", lang, "serve", "--host", "192.0.2.1", "--port", "8123"]
        )
        assert said.exit_code == 2, said.output
        assert said.stdout == ""
        assert len(said.stderr.splitlines()) == 1
        assert said.stderr.startswith(says), said.stderr
    assert no_server == []


def test_plain_http_says_what_the_phones_get_and_how_to_have_more() -> None:
    from bridgescore.web.serve import what_serving_gives

    plain = what_serving_gives("http://192.168.1.20:8000/")
    assert plain.startswith("plain http: a table's phone keeps its results without a connection")
    assert "--https" in plain
    assert what_serving_gives("https://bridge.club.example/").startswith("https: ")
    assert what_serving_gives("http://127.0.0.1:8000/").startswith("this machine only: ")


def test_the_server_warms_before_its_workers_are_forked() -> None:
    """What a worker would do on its first requests is done once in the server before it
    forks them: every page's template compiled (in Django's cached loader, which the
    workers inherit), the URLs' views imported, each language's catalogue read."""
    from django.template import engines
    from django.urls import clear_url_caches, get_resolver
    from django.utils.translation import trans_real

    loader = engines["django"].engine.template_loaders[0]  # type: ignore[attr-defined]
    loader.reset()  # as a fresh process has them: nothing compiled, no catalogue read,
    read: dict[str, object] = trans_real._translations  # type: ignore[attr-defined]
    read.clear()
    clear_url_caches()  # no URLs read
    serving._warm()
    pages = Path(serving.__file__).with_name("templates") / "bridgescore"
    names = {f"bridgescore/{page.name}" for page in pages.glob("*.html")}
    assert len(names) >= 25
    assert names <= set(loader.get_template_cache)
    assert {"en", "fi", "es"} <= set(read)
    assert "url_patterns" in vars(get_resolver())  # the URLconf read, its views imported
