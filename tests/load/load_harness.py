"""The real server under load, for the load and fault tests and for ``bench/bench_web.py``.

- :func:`prepare` makes the database (migrations) and a session in it, in a subprocess
  configured like the server, and gives back the session's tables and their links;
- :class:`Server` runs ``bridgescore serve`` as a subprocess (and kills it with SIGKILL);
- :class:`Phone` is one table's phone: it opens the table's link (and so holds the table),
  then posts results as JSON with their own ids, as ``table.js`` does;
- :func:`stored` reads the result log straight from the database (sqlite3 or psycopg),
  without Django, so a test can look while the server is down.

``src`` (for :func:`prepare` and :class:`Server`): another tree's ``src`` folder (a git
worktree of an earlier commit) run with the same virtual environment, for a side-by-side
bench; by default, the code the environment has installed (this tree's).

Nothing here needs Django in the calling process.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import sqlite3
import ssl
import subprocess
import time
import uuid
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from bridgescore.events.movements.sections import parse_sections
from bridgescore.events.movements.spec import build

REPO = Path(__file__).resolve().parents[2]
BIN = REPO / ".venv" / "bin"
SIXTY_TABLES = "mitchell:60x2"
"""60 tables (120 pairs), 2 boards a round (59 rounds: the tests enter the first few)."""
FOUR_SECTIONS = " + ".join(["mitchell:30x2"] * 4)
"""120 tables in four sections of 30: the load tests' congress (issue 28; the 240-table
figures are the bench's)."""
THIRTY_TABLES = "mitchell:30x1:rounds=26"
"""30 tables (60 pairs), 26 rounds of one board: 780 results in the full session."""
POSTGRES_ENV = "BRIDGESCORE_TEST_POSTGRES"
NAMESPACE = uuid.UUID("5b1c3a52-8f0e-4d0a-9c57-1e2b8f4d6a10")

Key = tuple[int, int, int]
"""(round, table, board)"""


@dataclass(frozen=True, slots=True)
class Prepared:
    """A session in the database: its ids and each table's link token."""

    session_id: int
    public_id: str
    tokens: dict[int, str]
    filled: int
    code: str = ""
    """Where the ``bridgescore`` package that made it was imported from."""


_PREPARE = r"""
import json, sys
import bridgescore
from bridgescore.web.serve import setup
setup(sys.argv[1])
from bridgescore.events.movements.spec import build
from bridgescore.web import clubs
try:
    from bridgescore.web import in_play
except ImportError:  # a tree from before the session in play had its own module
    from bridgescore.web import entries as in_play
from bridgescore.web.models import Club, Entry, TableLink
spec = sys.argv[2]
with open(sys.argv[3], encoding="utf-8") as given:  # a file: any number of results
    fill = json.load(given)
club = Club.objects.create(name="Load test club")
if "+" in spec:  # a field in sections: each section's spec, joined by +
    from bridgescore.events.movements.sections import parse_sections
    movement = parse_sections(spec)[1]
else:
    movement = build(spec)
session = clubs.create_session(club, "Sixty tables at once", movement, spec=spec)
made = []
for item in fill:  # results already in: checked by the app's own kernel, written at once
    inp = in_play.EntryInput(item["round"], item["table"], item["board"], item["contract"],
                              item["declarer"], item["result"])
    row = in_play.check_entry(session, inp)
    made.append(Entry(session=session, round=inp.round, table=inp.table, board=inp.board,
                      kind=Entry.Kind.RESULT, contract=inp.contract, declarer=inp.declarer,
                      result=inp.result, ns_score=row.ns_score, by_table=True))
Entry.objects.bulk_create(made, batch_size=500)
tokens = {link.table: link.token for link in TableLink.objects.filter(session=session)}
print(json.dumps({"session_id": session.pk, "public_id": session.public_id,
                  "tokens": tokens, "filled": len(made), "code": bridgescore.__file__}))
"""


def environment(home: Path, src: Path | None = None) -> dict[str, str]:
    """The server's environment: its own home (secret key) and unbuffered output; ``src``
    first on the import path when given (another tree's code)."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    env.update(
        BRIDGESCORE_HOME=str(home),
        PYTHONUNBUFFERED="1",
        BRIDGESCORE_SECRET_KEY=os.environ.get("BRIDGESCORE_SECRET_KEY", "load-test-" + "k" * 40),
    )
    env.pop("BRIDGESCORE_DATABASE_URL", None)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return env


def prepare(
    home: Path,
    database: str,
    spec: str,
    fill: Sequence[Mapping[str, Any]] = (),
    *,
    src: Path | None = None,
) -> Prepared:
    """Migrate ``database`` and make a session under ``spec`` in it, with the results in
    ``fill`` already entered (by the code in ``src`` when given)."""
    # through a file: a command line holds about 1,000 results at most
    home.mkdir(parents=True, exist_ok=True)
    filled = home / f"fill-{uuid.uuid4().hex}.json"
    filled.write_text(json.dumps(list(fill)), encoding="utf-8")
    done = subprocess.run(
        [str(BIN / "python"), "-c", _PREPARE, database, spec, str(filled)],
        env=environment(home, src),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"preparing the session failed:\n{done.stderr}")
    made = json.loads(done.stdout.strip().splitlines()[-1])
    tokens = {int(table): token for table, token in made["tokens"].items()}
    return Prepared(
        made["session_id"], made["public_id"], tokens, made["filled"], made.get("code", "")
    )


def prepared_field(
    home: Path, database: str, spec: str, rounds: int
) -> tuple[Prepared, dict[int, list[Key]]]:
    """A session of ``spec`` prepared in ``database`` (no result in yet), and each table's
    boards of its first ``rounds`` rounds."""
    return prepare(home, database, spec), schedule(spec, rounds)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``bridgescore serve`` on loopback, as a subprocess."""

    def __init__(
        self,
        home: Path,
        database: str,
        *,
        threads: int | None = None,
        workers: int | None = None,
        src: Path | None = None,
        certificate: Path | None = None,
    ) -> None:
        self.home = home
        self.certificate = certificate
        """Served over https with this chain and key (``--https``), when given."""
        self.src = src
        self.database = database
        self.threads = threads
        self.workers = workers
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self, timeout: float = 60) -> None:
        """Start (migrations first) and wait until it answers."""
        self.starts += 1
        log = (self.home / f"server-{self.starts}.log").open("wb")
        command = [str(BIN / "bridgescore"), "serve", "--port", str(self.port)]
        command += ["--database", self.database]
        if self.threads is not None:  # else the server's own default
            command += ["--threads", str(self.threads)]
        if self.workers is not None:
            command += ["--workers", str(self.workers)]
        if self.certificate is not None:
            command += ["--https", str(self.certificate)]
        self.process = subprocess.Popen(
            command, env=environment(self.home, self.src), stdout=log, stderr=subprocess.STDOUT
        )
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped on start:\n{self.output()}")
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=1) as probe,
            ):
                # nothing listening yet, a connection can meet itself (the kernel picked
                # the free port as its own end): that is not the server
                if probe.getsockname() != probe.getpeername():
                    return
            time.sleep(0.05)
        raise RuntimeError(f"the server did not answer in {timeout} s:\n{self.output()}")

    def workers_now(self) -> list[int]:
        """The worker processes the server has forked, as the system lists them (Linux)."""
        if self.process is None:
            return []
        listed = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        try:
            return [int(pid) for pid in listed.read_text().split()]
        except FileNotFoundError:
            return []

    def output(self) -> str:
        return (self.home / f"server-{self.starts}.log").read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL: no clean-up, no flushing, as a pulled plug would leave it."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


class AnswerLostError(Exception):
    """The request did not get an answer (server down, connection dropped)."""


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1, made by openssl: the file of its chain and
    key (what ``--https`` takes) and the chain alone (what a client trusts)."""
    made, chain = folder / "club.pem", folder / "chain.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(made), "-out", str(chain)],
        check=True, capture_output=True,
    )  # fmt: skip
    made.write_text(chain.read_text() + made.read_text())
    return made, chain


class Phone:
    """One table's phone: its cookies (the device that holds the table, the CSRF token,
    the login session) and one keep-alive connection, opened again when it drops; over
    https with ``trusted`` (the context trusting the server's certificate)."""

    def __init__(
        self,
        port: int,
        token: str,
        *,
        timeout: float = 30,
        trusted: ssl.SSLContext | None = None,
    ) -> None:
        self.port = port
        self.token = token
        self.timeout = timeout
        self.trusted = trusted
        self.cookies: dict[str, str] = {}
        self.connection: http.client.HTTPConnection | None = None

    def twin(self) -> Phone:
        """The same phone on a second connection (a resend racing the first send)."""
        other = Phone(self.port, self.token, timeout=self.timeout, trusted=self.trusted)
        other.cookies = self.cookies
        return other

    def _request(
        self, method: str, path: str, body: bytes | None = None, headers: Mapping[str, str] = {}
    ) -> tuple[int, bytes]:
        sent = dict(headers)
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        try:
            if self.connection is None and self.trusted is not None:
                self.connection = http.client.HTTPSConnection(
                    "127.0.0.1", self.port, timeout=self.timeout, context=self.trusted
                )
            elif self.connection is None:
                self.connection = http.client.HTTPConnection(
                    "127.0.0.1", self.port, timeout=self.timeout
                )
            self.connection.request(method, path, body=body, headers=sent)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.close()
            raise AnswerLostError(str(error)) from error
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        return response.status, data

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def open(self) -> None:
        """Open the table's link: the phone now holds the table, and asks for its plan,
        as the page's script does as soon as it has loaded (and every 10 s after)."""
        for path in (f"/t/{self.token}/", f"/t/{self.token}/plan.json"):
            status, _ = self._request("GET", path)
            if status != 200:
                raise AssertionError(f"opening table link {self.token}: {path} HTTP {status}")

    def send(self, entry: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Post one result; the HTTP status and the JSON answer, or :class:`AnswerLostError`."""
        headers = {
            "Content-Type": "application/json",
            "X-CSRFToken": self.cookies.get("csrftoken", ""),
        }
        if self.trusted is not None:  # a page's own script sends its origin over https
            headers["Origin"] = f"https://127.0.0.1:{self.port}"
        status, data = self._request(
            "POST", f"/t/{self.token}/entry/", json.dumps(entry).encode(), headers
        )
        try:
            answer: dict[str, Any] = json.loads(data)
        except ValueError:
            answer = {"error": data[:200].decode(errors="replace")}
        return status, answer

    def get(self, path: str) -> tuple[int, bytes]:
        return self._request("GET", path)


CONTRACTS = ("3NT", "4S", "2H", "1NT", "5DX", "3C", "4HX", "2S")
RESULTS = ("=", "+1", "-1", "=", "-2", "+1", "=", "-1")


def entry_for(public_id: str, key: Key) -> dict[str, Any]:
    """The result a table enters for ``key``, with an id of its own that a resend repeats."""
    rnd, table, board = key
    pick = (rnd * 7 + table * 3 + board) % len(CONTRACTS)
    return {
        "round": rnd,
        "board": board,
        "contract": CONTRACTS[pick],
        "declarer": "NESW"[(table + board) % 4],
        "result": RESULTS[(pick + rnd) % len(RESULTS)],
        "entry_id": str(uuid.uuid5(NAMESPACE, f"{public_id}/{rnd}/{table}/{board}")),
        "confirm": "1",
    }


def schedule(spec: str, rounds: int | None = None) -> dict[int, list[Key]]:
    """Each table's boards, round by round, for the first ``rounds`` rounds (a field in
    sections, ``mitchell:30x2 + mitchell:30x2``, numbered as its session numbers them)."""
    movement = parse_sections(spec)[1].flattened() if "+" in spec else build(spec)
    found: dict[int, list[Key]] = {}
    for number, rnd in enumerate(movement.rounds[:rounds], start=1):
        for seat in rnd.tables:
            found.setdefault(seat.table, []).extend((number, seat.table, b) for b in seat.boards)
    return found


@dataclass(frozen=True, slots=True)
class Stored:
    """One line of the result log, as the database holds it."""

    entry_id: uuid.UUID
    key: Key
    kind: str
    ns_score: int | None


_QUERY = (
    'SELECT entry_id, round, "table", board, kind, ns_score FROM bridgescore_entry'
    " WHERE session_id = {} ORDER BY id"
)


def stored(database: str, session_id: int) -> list[Stored]:
    """Every entry of the session, read straight from the database."""
    if database.startswith("sqlite:///"):
        with contextlib.closing(sqlite3.connect(database.removeprefix("sqlite:///"))) as db:
            rows = db.execute(_QUERY.format("?"), (session_id,)).fetchall()
    else:
        import psycopg

        with psycopg.connect(database) as pg:
            rows = pg.execute(_QUERY.format("%s"), (session_id,)).fetchall()
    return [Stored(uuid.UUID(str(r[0])), (r[1], r[2], r[3]), r[4], r[5]) for r in rows]


@contextlib.contextmanager
def postgres_database(base: str) -> Iterator[str]:
    """A new, empty database on the tests' PostgreSQL server (dropped afterwards)."""
    import psycopg

    name = f"bridgescore_load_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    parts = urlsplit(base)
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        # FORCE ends the test's own connections; a worker of the server's (autovacuum,
        # after a heavy load) it may not end: wait for it to finish, then drop
        for attempt in range(40):
            try:
                with psycopg.connect(base, autocommit=True) as admin:
                    admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                break
            except psycopg.errors.InsufficientPrivilege:
                if attempt == 39:
                    raise
                time.sleep(0.5)


@contextlib.contextmanager
def database_for(kind: str, folder: Path) -> Iterator[str]:
    """A fresh database URL: ``sqlite`` (a file in ``folder``) or ``postgres``."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'load.sqlite3'}"
        return
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        raise RuntimeError(f"{POSTGRES_ENV} is not set: run scripts/setup-postgres")
    with postgres_database(base) as url:
        yield url
