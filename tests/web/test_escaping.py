"""Every page that echoes input escapes it, error pages included, and every error is a 4xx
with a message, never a 500.

Every address of ``web/urls.py`` (enumerated from ``urlpatterns``, so a view added later is
walked too) is walked as anyone, as a table's phone holding its link and as the club's
director, with script- and attribute-breaking payloads (and long, overflowing, null, list,
nested and deeply nested ones) in every path parameter, query parameter and form or JSON
field its view reads: each field alone (the others valid, so the view reads on), and all
at once. Each answer must be below 500, show no payload's dangerous form unescaped, be the
app's own page when it is a 4xx page (``{"error": ...}`` when it is JSON), and log no
server error. Then every page is read again with the payloads kept in what directors and
tables type that pages show (names, reasons, notes, the log).
"""

from __future__ import annotations

import json
import logging
import re
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpResponse
from django.http.response import HttpResponseBase
from django.test import Client, RequestFactory
from django.urls import URLPattern

from bridgescore.events.movements.fit import seatings
from bridgescore.web import (
    entries,
    failures,
    in_play,
    logbook,
    matches,
    said,
    session_movement,
    standings,
)
from bridgescore.web.models import (
    Club,
    Director,
    Penalty,
    PendingEntry,
    Player,
    Session,
    SessionPair,
    TableCall,
    TableLink,
)
from bridgescore.web.urls import urlpatterns

Phone = Callable[[TableLink], Client]

SCRIPT = "<script>alert(1)</script>"
ATTRIBUTE = '"><svg onload=alert(1)>'
QUOTE = "' onmouseover='alert(1)"
TEXTAREA = "</textarea><img src=x onerror=alert(1)>"
DEEP = 100_000
"""Levels of the deeply nested JSON."""

DANGEROUS = ("<script>alert(1)", "<svg onload=alert(1)", "<img src=x")
"""The payloads' forms that run script when a body shows them unescaped (an HTML page, or
JSON that a browser could be led to read as HTML)."""
IN_ATTRIBUTE = "onmouseover='alert(1)"
"""The payload that breaks out of an attribute: markup only in HTML, outside the JSON a
page carries for its script (``json_script``: ``<`` and ``>`` escaped, a quote no markup)."""
JSON_IN_PAGE = re.compile(r'<script[^>]*type="application/json"[^>]*>.*?</script>', re.DOTALL)


@dataclass(frozen=True, slots=True)
class Payload:
    """One payload: as text (in a path, a query or a form; ``form`` several values of a
    field when it is a list) and as a JSON value (``json``, JSON text)."""

    text: str
    form: tuple[str, ...] = ()
    json: str = ""

    def values(self) -> str | list[str]:
        return list(self.form) if self.form else self.text

    def json_value(self) -> str:
        return self.json or json.dumps(self.text)


NESTED = json.dumps({"a": {"b": [SCRIPT, {"c": ATTRIBUTE}]}})
PAYLOADS: dict[str, Payload] = {
    "script": Payload(SCRIPT),
    "attribute": Payload(ATTRIBUTE),
    "quote": Payload(QUOTE),
    "textarea": Payload(TEXTAREA),
    "template": Payload("{{7*7}}"),
    "long": Payload(SCRIPT + "x" * (100_000 - len(SCRIPT))),
    "digits": Payload("1" * 31, json="1" * 31),
    "overflow": Payload("1e400", json="1e400"),
    "null": Payload("null", json="null"),
    "list": Payload(SCRIPT, form=(SCRIPT, ATTRIBUTE), json=json.dumps([SCRIPT, ATTRIBUTE])),
    "nested": Payload(NESTED, json=NESTED),
    # as text a thousand levels (the long payload is the long text); as JSON 100,000
    "deep": Payload("[" * 1_000 + SCRIPT + "]" * 1_000, json='{"a":' * DEEP + "1" + "}" * DEEP),
}


@dataclass(frozen=True, slots=True)
class Walk:
    """How one address is walked: the methods its view takes, the fields it reads from
    a GET's query and from a POST's form (and files, and JSON when ``json``), and valid
    values (``bases`` on the pairs session, ``swiss`` on a Swiss teams session: one walk
    each; ``{club}`` and the like filled from the session) of which the payload replaces
    one field at a time. Only ``reader`` (who gets past the view's door) is walked field
    by field; the other viewers get every field at once."""

    methods: tuple[str, ...]
    fields: tuple[str, ...] = ()
    query: tuple[str, ...] = ()
    bases: tuple[Mapping[str, str], ...] = ({},)
    swiss: tuple[Mapping[str, str], ...] = ()
    files: tuple[str, ...] = ()
    json: bool = False
    reader: str = "director"


ENTRY = ("round", "board", "contract", "level", "strain", "doubled", "declarer", "result",
         "lead", "adjusted", "not_played", "entry_id", "pending", "confirm")  # fmt: skip
"""What a table's result post is read for (``pending`` and ``confirm`` last: they keep it)."""

NEW_SESSION = {"pairs": "6", "boards": "18", "club": "{club}", "name": "Walked",
               "spec": "mitchell:3x2"}  # fmt: skip
NEW_TEAMS = {"club": "{club}", "teams": "4", "team-1": "Aces", "team-2": "Kings",
             "team-3": "Queens", "team-4": "Jacks", "name": "Walked teams", "schedule": "swiss",
             "boards": "2", "rounds": "3", "rematches": "late", "late_after": "2"}  # fmt: skip
TEAMS_READ = ("club", "teams", "team-1", "team-2", "player-1", "player-2", "name", "schedule",
              "boards", "rounds", "bye_rule", "bye_vp", "rematches", "late_after",
              "if_stuck")  # fmt: skip
CELL_READ = ("board", "contract", "declarer", "result", "lead", "adjusted", "not_played",
             "reason", "erase", "entry_id", "level", "strain", "doubled")  # fmt: skip
CHANGE_READ = ("kind", "round", "pair", "first", "second", "team", "members", "key", "reason",
               "apply")  # fmt: skip
PAD_GAME = {"kind": "rubber", "deal-TOTAL_FORMS": "1", "deal-INITIAL_FORMS": "0",
            "deal-0-declarer": "N", "deal-0-level": "2", "deal-0-strain": "NT",
            "deal-0-tricks": "9"}  # fmt: skip
PAD_READ = ("kind", "laws", "vulnerability", "scoring", "honours", "dealer", "we", "stopped",
            "deal-TOTAL_FORMS", "deal-0-passed", "deal-0-declarer", "deal-0-level",
            "deal-0-strain", "deal-0-doubled", "deal-0-tricks", "deal-0-honours_side",
            "deal-0-honours")  # fmt: skip
RESULT = {"round": "1", "board": "1", "level": "3", "strain": "NT", "declarer": "S", "result": "="}

WALKS: dict[str, Walk] = {
    "home": Walk(("GET",), reader="anyone"),
    "login": Walk(
        ("GET", "POST"),
        ("username", "password"),
        bases=({"username": "td", "password": "not the password"},),
        reader="anyone",
    ),
    "logout": Walk(("POST",), reader="anyone"),
    "set_language": Walk(
        ("POST",), ("language", "next"), bases=({"language": "fi", "next": "/"},), reader="anyone"
    ),
    "director": Walk(("GET",)),
    "new_session": Walk(
        ("GET", "POST"),
        ("pairs", "boards", "club", "name", "spec", "names"),
        ("pairs", "boards"),
        (NEW_SESSION,),
        files=("movement", "hands"),
    ),
    "new_teams_session": Walk(
        ("GET", "POST"),
        TEAMS_READ,
        ("club", "teams", "team-1", "player-1"),
        (NEW_TEAMS,),
        files=("hands",),
    ),
    "control": Walk(("GET",)),
    "control_grid": Walk(("GET",)),
    "director_cell": Walk(
        ("GET", "POST"),
        CELL_READ,
        bases=({"board": "1", "contract": "3NT", "declarer": "S", "result": "=", "reason": "x"},),
    ),
    "session_state": Walk(("POST",), ("state",), bases=({"state": "running"},)),
    "session_hands": Walk(("POST",), files=("hands",)),
    "table_cards": Walk(("GET",)),
    "export": Walk(("GET",)),
    "roster": Walk(
        ("GET", "POST"),
        ("add", "name", "number", "username", "password"),
        bases=(
            {"add": "player", "name": "Walked Player", "number": "7"},
            {"add": "director", "username": "walked", "password": "a long enough password"},
        ),
    ),
    "session_pairs": Walk(
        ("GET", "POST"), ("1NS-a", "1NS-b", "2EW-a"), bases=({"1NS-a": "{player}"},)
    ),
    "penalties": Walk(
        ("GET", "POST"),
        ("pair", "amount", "unit", "reason", "withdraw"),
        bases=(
            {"pair": "1NS", "amount": "25", "unit": "top", "reason": "walked"},
            {"withdraw": "{penalty}", "reason": "walked"},
        ),
    ),
    "late_change": Walk(
        ("GET", "POST"),
        CHANGE_READ,
        CHANGE_READ,
        bases=({"kind": "move", "first": "1", "second": "2", "round": "2"},),
        swiss=({"kind": "withdraw", "team": "Jacks", "round": "2"},),
    ),
    "export_site": Walk(("GET",)),
    "swiss_draw": Walk(("GET", "POST"), ("key",), bases=(), swiss=({"key": "{key}"},)),
    "release_table": Walk(("POST",)),
    "seen": Walk(("POST",)),
    "answer_call": Walk(("POST",), ("action",)),
    "table": Walk(("GET",), reader="phone"),
    "table_entry": Walk(("POST",), ENTRY, bases=(RESULT,), json=True, reader="phone"),
    "table_takeover": Walk(("POST",), ("code",), bases=({"code": "not the code"},), reader="phone"),
    "table_confirm": Walk(
        ("GET", "POST"),
        ("code", "accept", "reject"),
        bases=({"code": "{code}"}, {"accept": "{pending}"}, {"reject": "{pending}"}),
        reader="phone",
    ),
    "table_call": Walk(
        ("POST",), ("note",), bases=({"note": "walked"},), json=True, reader="phone"
    ),
    "table_plan": Walk(("GET",), reader="phone"),
    "table_i18n": Walk(("GET",), reader="phone"),
    "table_service_worker": Walk(("GET",), reader="phone"),
    "table_manifest": Walk(("GET",), reader="phone"),
    "pad": Walk(("GET",), reader="anyone"),
    "pad_sheet": Walk(("POST",), PAD_READ, bases=(PAD_GAME,), reader="anyone"),
    "pad_evening": Walk(
        ("POST",),
        ("games", *(f"g0-{name}" for name in (*PAD_READ, "north", "day"))),
        bases=(
            {
                "games": "1",
                "g0-day": "2026-12-03",
                "g0-north": "Ana",
                **{f"g0-{name}": value for name, value in PAD_GAME.items()},
            },
        ),
        reader="anyone",
    ),
    "pad_share": Walk(
        ("POST",),
        (*PAD_READ, "north", "east", "south", "west", "game", "key"),
        bases=({**PAD_GAME, "north": "Ana"},),
        reader="anyone",
    ),
    "pad_game": Walk(("GET",), reader="anyone"),
    "pad_qr": Walk(("GET",), reader="anyone"),
    "pad_service_worker": Walk(("GET",), reader="anyone"),
    "pad_manifest": Walk(("GET",), reader="anyone"),
    "pad_i18n": Walk(("GET",), reader="anyone"),
    "results": Walk(("GET",), reader="anyone"),
    "results_page": Walk(("GET",), reader="anyone"),
}
"""Every address's walk, by its name in ``urls.py``: the fields are those its view reads."""

UNREAD = "walked"
"""A query parameter no view reads, sent to every GET (a page must not echo the query)."""

RAW_JSON = (
    "tables.py (owner fixing): {what} is JSON with the names' < and > as typed; a browser"
    " does not run it as served (application/json, nosniff), but no body may carry them raw:"
    " escape them as failures.refused does (\\u003c)"
)
EMPTY_405 = (
    "{file} (owner fixing): Django's require_http_methods/require_POST answer another method"
    " with an empty 405; use @failures.only(...), whose 405 says which methods"
)
KNOWN: dict[tuple[str, str], str] = {}
"""The walks that fail today ((address, payload), or (address, "PUT") for a method the
view does not take), with why and whose file fixes them: each is a strict xfail, so a fix
landing fails the run until its line here is removed."""


def _names() -> list[str]:
    return [p.name for p in urlpatterns if isinstance(p, URLPattern) and p.name]


def _cases() -> list[Any]:
    return [
        pytest.param(
            name,
            payload,
            id=f"{name}-{payload}",
            marks=[pytest.mark.xfail(strict=True, reason=KNOWN[(name, payload)])]
            if (name, payload) in KNOWN
            else [],
        )
        for name in _names()
        for payload in PAYLOADS
    ]


def test_every_address_has_a_walk() -> None:
    names = _names()
    assert len(names) == len(urlpatterns), "every address is named (the walk goes by name)"
    assert not set(names) - set(WALKS), f"no walk for {sorted(set(names) - set(WALKS))}"
    assert not set(WALKS) - set(names), f"walks of no address: {sorted(set(WALKS) - set(names))}"
    assert {name for name, _ in KNOWN} <= set(names)


# ---------------------------------------------------------------------------------------
# the sessions walked


@dataclass(frozen=True, slots=True)
class Place:
    """A session walked: its valid path parameters and the values its walks fill in."""

    session: Session
    link: TableLink
    params: dict[str, str]
    values: dict[str, str]


def _pairs_place(session: Session, director: User) -> Place:
    """The pairs session, round 1 played at tables 2 and 3 (so there is a ranking, and
    table 1, the phone's, has boards 1 and 2 still to enter), with a roster player, a
    standing penalty and a result waiting for table 1's opponents to confirm."""
    for seat in seatings(session_movement.movement_of(session)):
        if seat.round == 1 and seat.table != 1:
            inp = in_play.EntryInput(1, seat.table, seat.board, "3NT", "S", "=")
            entries.record_entry(session, inp, by_table=True)
    player = Player.objects.create(club=session.club, name="Pat Walker")
    penalty = standings.add_penalty(session, "2NS", "1", "points", "walked", director)
    pending = PendingEntry.objects.create(
        session=session,
        table=1,
        entry_id=uuid.uuid4(),
        fields=json.dumps(
            {"round": "1", "board": "2", "contract": "2S", "declarer": "N", "result": "="}
        ),
        shown=said.said("board {board}: {score}", board=2, score="2SN="),  # as a phone keeps it
    )
    call = TableCall.objects.create(session=session, table=1, round=1, note="walked")
    link = TableLink.objects.get(session=session, table=1)
    return _place(session, link, call.pk, player=player.pk, penalty=penalty.pk,
                  pending=pending.entry_id)  # fmt: skip


def _swiss_place(
    pairs: Session, director: User, teams: Sequence[str] = ("Aces", "Kings", "Queens", "Jacks")
) -> Place:
    """A Swiss of four teams with round 1 played, so round 2 can be drawn."""
    session = matches.create_teams_session(
        pairs.club, "Walked Swiss", list(teams), 2, schedule=Session.Schedule.SWISS, rounds=3
    )
    for seat in seatings(session_movement.movement_of(session)):
        inp = in_play.EntryInput(seat.round, seat.table, seat.board, "3NT", "S", "=")
        entries.record_entry(session, inp, by_table=True)
    link = TableLink.objects.get(session=session, table=1)
    return _place(session, link, 0, key=matches.draw_key(matches.next_draw(session)))


def _place(session: Session, link: TableLink, call: int, **values: object) -> Place:
    params = {
        "session_id": str(session.pk),
        "call_id": str(call),
        "club_id": str(session.club_id),
        "round_no": "1",
        "table": "1",
        "fmt": "csv",
        "token": link.token,
        "public_id": session.public_id,
        "page": "index.html",
    }
    filled = {"club": str(session.club_id), "code": link.code, "key": "", "player": "",
              "penalty": "", "pending": ""}  # fmt: skip
    filled.update({k: str(v) for k, v in values.items()})
    return Place(session, link, params, filled)


# ---------------------------------------------------------------------------------------
# one request, and what is checked of its answer

PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>")
LAYOUT = '<a class="brand" href="/">bridgescore</a>'
"""Every page of the app has it (``base.html``); Django's own pages do not."""


def _path(pattern: URLPattern, params: Mapping[str, str]) -> str:
    from urllib.parse import quote

    route = str(pattern.pattern)
    return "/" + PARAMETER.sub(lambda m: quote(params[m[1]], safe=""), route)


def _body(response: HttpResponseBase) -> bytes:
    if isinstance(response, HttpResponse):
        return response.content
    return b"".join(response)


def _problems(response: HttpResponseBase, logged: Sequence[logging.LogRecord]) -> list[str]:
    """What is wrong with an answer (nothing when it is right)."""
    found = []
    status = response.status_code
    kind = response.get("Content-Type", "")
    if status >= 500:
        found.append(f"answered {status}")
    for record in logged:
        error = record.exc_info[1] if record.exc_info else None
        found.append(f"logged {record.getMessage()!r} ({type(error).__name__})")
    if "attachment" in response.get("Content-Disposition", ""):
        return found
    text = _body(response).decode("utf-8", "replace")
    shown = [d for d in DANGEROUS if d.lower() in text.lower()]
    if "json" not in kind and IN_ATTRIBUTE in JSON_IN_PAGE.sub("", text):
        shown.append(IN_ATTRIBUTE)
    if shown:
        found.append(f"{status} {kind} shows {shown} unescaped")
    if 400 <= status < 500:
        if not text.strip():
            found.append(f"{status} with an empty body (no message)")
        elif kind.startswith("text/html") and LAYOUT not in text:
            found.append(f"{status} is not the app's page: {text[:80]!r}")
        elif kind.startswith("application/json"):
            try:
                said = json.loads(text).get("error")
            except (ValueError, AttributeError):
                said = None
            if not isinstance(said, str):
                found.append(f"{status} JSON without an 'error' message: {text[:80]!r}")
        elif not kind.startswith(("text/html", "application/json")):
            found.append(f"{status} answered as {kind}")
    return found


@dataclass(frozen=True, slots=True)
class Request:
    """One request of a walk: ``JSON`` posts ``body`` as the phone's script does."""

    method: str
    path: str
    where: str
    data: Mapping[str, Any]
    body: str = ""


@dataclass
class Walker:
    """Sends a walk's requests as its viewers and keeps what is wrong with the answers."""

    caplog: pytest.LogCaptureFixture
    found: list[str]

    def send(self, viewer: str, client: Client, request: Request) -> None:
        before = len(self.caplog.records)
        method, path = request.method, request.path
        if method == "JSON":
            response = client.post(path, request.body, "application/json", follow=True)
        elif method == "GET":
            response = client.get(path, request.data, follow=True)
        elif method == "POST":
            response = client.post(path, request.data, follow=True)
        else:
            response = client.generic(method, path)
        logged = [
            r
            for r in self.caplog.records[before:]
            if r.name == "django.request" and r.levelno >= logging.ERROR
        ]
        for problem in _problems(response, logged):
            self.found.append(f"{viewer} {method} {path[:70]} {request.where}: {problem}")


def _filled(base: Mapping[str, str], place: Place) -> dict[str, Any]:
    return {k: v.format(**place.values) for k, v in base.items()}


def _json_text(fields: Mapping[str, Any], raw: Mapping[str, str]) -> str:
    """A JSON object of ``fields`` (as strings), with ``raw`` fields' JSON text as it is."""
    parts = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in fields.items() if k not in raw]
    parts += [f"{json.dumps(k)}: {v}" for k, v in raw.items()]
    return "{" + ", ".join(parts) + "}"


def _upload(payload: Payload) -> SimpleUploadedFile:
    return SimpleUploadedFile(payload.text[:200] or "x", payload.text.encode())


def _params(pattern: URLPattern, place: Place) -> dict[str, str]:
    return {**place.params, **{k: str(v) for k, v in pattern.default_args.items()}}


def _requests(
    pattern: URLPattern,
    walk: Walk,
    place: Place,
    bases: Sequence[Mapping[str, str]],
    payload: Payload,
    singly: bool,
) -> Iterator[Request]:
    """Every request of ``walk`` with ``payload``: in each path parameter; as a query
    parameter no view reads; in every field at once; and, ``singly``, in each field alone
    (query, form, file and JSON, one after the other, so that a field that keeps a result
    comes after the previews)."""
    params = _params(pattern, place)
    path = _path(pattern, params)
    filled = [_filled(base, place) for base in bases]
    first = walk.methods[0]
    for param in PARAMETER.findall(str(pattern.pattern)):
        wrong = _path(pattern, {**params, param: payload.text})
        yield Request(first, wrong, f"path {param}", filled[0] if first == "POST" else {})
    if "GET" in walk.methods:
        yield Request("GET", path, "unread query", {UNREAD: payload.values()})
    raw = payload.json_value()
    read = {"GET": walk.query, "POST": (*walk.fields, *walk.files)}
    for base in filled:
        for method in walk.methods:
            data = {**base, **dict.fromkeys(read[method], payload.values())}
            if method == "POST":
                data.update({f: _upload(payload) for f in walk.files})
            if read[method] or method == "POST":
                yield Request(method, path, "every field", data)
        if walk.json:
            every = _json_text(base, dict.fromkeys(walk.fields, raw))
            yield Request("JSON", path, "JSON every field", {}, every)
        if not singly:
            continue
        for field in dict.fromkeys((*walk.query, *walk.fields, *walk.files)):
            for method in walk.methods:
                if field in read[method]:
                    value = _upload(payload) if field in walk.files else payload.values()
                    yield Request(method, path, f"field {field}", {**base, field: value})
            if walk.json and field in walk.fields:
                alone = _json_text(base, {field: raw})
                yield Request("JSON", path, f"JSON field {field}", {}, alone)
    if walk.json:
        yield Request("JSON", path, "JSON body", {}, raw)


@pytest.mark.parametrize(("name", "payload"), _cases())
def test_every_view_escapes_what_it_echoes_and_answers_errors_with_a_4xx(
    name: str,
    payload: str,
    session: Session,
    director: User,
    td: Client,
    phone: Phone,
    caplog: pytest.LogCaptureFixture,
) -> None:
    assert name in WALKS, f"no walk for the address {name!r}: add one to WALKS"
    walk = WALKS[name]
    (pattern,) = [p for p in urlpatterns if isinstance(p, URLPattern) and p.name == name]
    caplog.set_level(logging.ERROR, logger="django.request")
    walker = Walker(caplog, [])
    for swiss, bases in ((False, walk.bases), (True, walk.swiss)):
        if not bases:
            continue
        place = _swiss_place(session, director) if swiss else _pairs_place(session, director)
        viewers = {
            "anyone": Client(raise_request_exception=False),
            "phone": phone(place.link),
            "director": td,
        }
        for viewer, client in viewers.items():
            client.raise_request_exception = False
            singly = walk.reader in {viewer, "anyone"}
            for request in _requests(pattern, walk, place, bases, PAYLOADS[payload], singly):
                walker.send(viewer, client, request)
    assert not walker.found, f"{len(walker.found)} wrong:\n" + "\n".join(walker.found[:40])


def _kept(session: Session, director: User) -> tuple[Place, Place]:
    """The walked sessions with the payloads kept in everything a director or a table
    types that pages show again: the club's, the session's, the pairs', the players' and
    the teams' names, a director's login, a penalty's reason, a TD call's note, the log."""
    pairs = _pairs_place(session, director)
    Club.objects.filter(pk=session.club_id).update(name=f"Club {SCRIPT}")
    Session.objects.filter(pk=session.pk).update(name=f"Night {ATTRIBUTE}")
    SessionPair.objects.filter(session=session).update(names=f"{TEXTAREA} & {QUOTE}")
    Player.objects.filter(club=session.club).update(name=f"Pat {SCRIPT}")
    Penalty.objects.filter(session=session).update(reason=TEXTAREA)
    TableCall.objects.filter(session=session).update(note=ATTRIBUTE)
    PendingEntry.objects.filter(session=session).update(shown=f"board 2: {QUOTE}"[:120])
    logbook.log(session, "walked", f"{SCRIPT} {ATTRIBUTE} {QUOTE} {TEXTAREA}", user=director)
    named = User.objects.create_user(f"td{ATTRIBUTE}"[:150], password="a long enough password")
    Director.objects.create(user=named, club=session.club)
    swiss = _swiss_place(session, director, teams=[f"A{SCRIPT}", f"K{ATTRIBUTE}", f"Q{QUOTE}",
                                                   f"J{TEXTAREA}"])  # fmt: skip
    session.refresh_from_db()
    return pairs, swiss


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=[pytest.mark.xfail(strict=True, reason=KNOWN[(n, "kept")])])
        if (n, "kept") in KNOWN
        else n
        for n in _names()
    ],
)
def test_every_page_escapes_what_was_kept(
    name: str,
    session: Session,
    director: User,
    td: Client,
    phone: Phone,
    caplog: pytest.LogCaptureFixture,
) -> None:
    (pattern,) = [p for p in urlpatterns if isinstance(p, URLPattern) and p.name == name]
    walk = WALKS[name]
    caplog.set_level(logging.ERROR, logger="django.request")
    walker = Walker(caplog, [])
    for place in _kept(session, director):
        viewers = {"anyone": Client(), "phone": phone(place.link), "director": td}
        path = _path(pattern, _params(pattern, place))
        pages = [path]
        if name == "results_page":
            index = viewers["director"].get(path.replace("index.html", "")).content.decode()
            linked = sorted(set(re.findall(r'href="([\w-]+\.html)"', index)))
            assert len(linked) > 2, "the ranking links the boards, the pairs' or teams' cards"
            pages = [path.replace("index.html", p) for p in linked]
        for viewer, client in viewers.items():
            client.raise_request_exception = False
            for page in pages:
                walker.send(viewer, client, Request(walk.methods[0], page, "kept", {}))
    assert not walker.found, f"{len(walker.found)} wrong:\n" + "\n".join(walker.found[:40])


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=[pytest.mark.xfail(strict=True, reason=KNOWN[(n, "PUT")])])
        if (n, "PUT") in KNOWN
        else n
        for n in _names()
    ],
)
def test_a_method_a_view_does_not_take_is_refused_with_a_message(
    name: str,
    session: Session,
    director: User,
    td: Client,
    phone: Phone,
    caplog: pytest.LogCaptureFixture,
) -> None:
    (pattern,) = [p for p in urlpatterns if isinstance(p, URLPattern) and p.name == name]
    walk = WALKS[name]
    caplog.set_level(logging.ERROR, logger="django.request")
    place = (_pairs_place if walk.bases else _swiss_place)(session, director)
    clients = {"anyone": Client(), "phone": phone(place.link), "director": td}
    client = clients[walk.reader]
    client.raise_request_exception = False
    walker = Walker(caplog, [])
    walker.send(
        walk.reader, client, Request("PUT", _path(pattern, _params(pattern, place)), "", {})
    )
    assert not walker.found, "\n".join(walker.found)


# ---------------------------------------------------------------------------------------
# the error answers themselves


def test_a_refusal_is_the_error_page_with_its_message_escaped(rf: RequestFactory) -> None:
    response = failures.refused(rf.get("/"), f"no export {ATTRIBUTE!r}", status=404)
    text = response.content.decode()
    assert response.status_code == 404
    assert LAYOUT in text
    assert "no export &#x27;&quot;&gt;&lt;svg onload=alert(1)&gt;&#x27;" in text


def test_a_refusal_to_a_json_client_is_json_with_its_markup_escaped(rf: RequestFactory) -> None:
    request = rf.post("/t/x/entry/", "{}", content_type="application/json")
    response = failures.refused(request, f"{SCRIPT} {QUOTE}", status=422)
    assert response.status_code == 422
    assert response["Content-Type"] == "application/json"
    assert b"<" not in response.content
    assert b"'" not in response.content
    assert json.loads(response.content) == {"error": f"{SCRIPT} {QUOTE}"}


def test_a_refusal_is_a_4xx(rf: RequestFactory) -> None:
    with pytest.raises(ValueError, match="a refusal is a 4xx status, not 500"):
        failures.refused(rf.get("/"), "no", status=500)


def test_a_server_error_is_an_apology_without_the_servers_inside(rf: RequestFactory) -> None:
    page = failures.server_error(rf.get("/"))
    assert page.status_code == 500
    assert LAYOUT in page.content.decode()
    assert b"Something went wrong on the server" in page.content
    answer = failures.server_error(rf.post("/", "{}", content_type="application/json"))
    assert json.loads(answer.content)["error"].startswith("Something went wrong")


def test_a_failed_csrf_check_asks_to_reload_and_quotes_nothing_sent(db: None) -> None:
    careful = Client(enforce_csrf_checks=True, raise_request_exception=False)
    page = careful.post("/login/", {"username": SCRIPT}, HTTP_ORIGIN=f"https://x{ATTRIBUTE}")
    assert page.status_code == 403
    text = page.content.decode()
    assert LAYOUT in text
    assert "reload it" in text
    assert not [d for d in (*DANGEROUS, IN_ATTRIBUTE) if d in text]
    answer = careful.post("/t/x/entry/", "{}", content_type="application/json")
    assert answer.status_code == 403
    assert "reload it" in answer.json()["error"]


def test_a_post_too_large_is_a_413_page(db: None) -> None:
    anyone = Client(raise_request_exception=False)
    response = anyone.post("/login/", {"username": "x" * 1_100_000})
    assert response.status_code == 413
    assert "What was sent is too large." in response.content.decode()


def test_an_address_no_page_has_is_a_404_that_does_not_echo_it(db: None) -> None:
    anyone = Client(raise_request_exception=False)
    response = anyone.get(f"/nowhere/{SCRIPT}/")
    assert response.status_code == 404
    text = response.content.decode()
    assert "There is no page at this address." in text
    assert "alert(1)" not in text


def test_a_view_taking_only_some_methods_refuses_another_with_a_message(
    rf: RequestFactory,
) -> None:
    @failures.only("POST")
    def view(request: Any) -> HttpResponse:
        return HttpResponse("done")

    refused = view(rf.put("/"))
    assert refused.status_code == 405
    assert refused["Allow"] == "POST"
    assert "This address takes POST only." in refused.content.decode()
    assert view(rf.post("/")).content == b"done"


def test_a_host_not_ours_is_a_400_page_that_does_not_echo_it(db: None) -> None:
    stranger = Client(raise_request_exception=False, HTTP_HOST=f"x{ATTRIBUTE}.example")
    response = stranger.get("/")
    assert response.status_code == 400
    text = response.content.decode()
    assert LAYOUT in text
    assert "alert(1)" not in text
