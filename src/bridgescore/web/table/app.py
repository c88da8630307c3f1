"""The table's phone as an app: the round page (its classic form, for a phone without
scripts), the whole plan the phone keeps to go on without a connection, the score table,
the words of the moves, and the offline shell (service worker, manifest, catalogue)."""

from __future__ import annotations

import functools
import json
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from django.http import (
    HttpRequest,
    HttpResponse,
)
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_noop
from django.views.i18n import JavaScriptCatalog

from bridgescore.core.seats import Seat
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.events.movements.moves import (
    BoardMove,
    Direction,
    Moves,
    PairMove,
)
from bridgescore.web import failures, in_play, matches, naming, queries, said
from bridgescore.web.answers import RESULTS
from bridgescore.web.models import (
    Entry,
    Session,
    TableLink,
)
from bridgescore.web.table.link import (
    JSON_ESCAPES,
    dealer_name,
    entry_text,
    holds,
    json_answer,
    link_of,
    vulnerable_name,
)

ASKED = gettext_noop("Not played: the director is asked to agree")
"""What a table reads of a board it asks to mark not played (translated where shown)."""


def table_view_context(link: TableLink) -> dict[str, Any]:
    session = link.session
    read = _read(link)
    current = in_play.standing(read.entries)
    play = in_play.play_of(session, current.values())
    number = play.round_of(link.table)
    seat = play.plan.seat(number, link.table)
    names = read.names
    pending = read.pending
    waiting = {json.loads(p.fields).get("board") for p in pending}
    boards = []
    if seat is not None:
        for board in seat.boards:
            entry = current.get((number, link.table, board))
            boards.append({**_board_named(board), "entry": entry, "pending": str(board) in waiting})
    return {
        "link": link,
        "table_label": naming.table_label(session, link.table),
        "room": naming.room_of(session, link.table),
        "session": session,
        "round": number,
        "rounds": _planned(session, play.plan, link.table),
        "seat": seat,
        "ns_names": names.get(seat.ns, "") if seat else "",
        "ew_names": names.get(seat.ew, "") if seat else "",
        "boards": boards,
        "results": RESULTS,
        "unfinished": _unfinished(boards),
        "pending": pending,
        "plan": _plan(link, read, current, play),
    }


def _planned(session: Session, plan: in_play.Plan, table: int) -> int:
    """The rounds a table is to play: its field's (its section's, in a field in sections:
    a round robin of 5 teams takes 3 rounds beside one of 9 taking 5), or a Swiss's
    planned rounds (its movement holds only the rounds drawn so far)."""
    own = plan.last_round_at(table)
    if session.schedule != Session.Schedule.SWISS:
        return own
    return max(own, matches.planned_rounds(session))


def _read(link: TableLink) -> queries.TableRead:
    """What the table's page and plan read at each look (:class:`~.queries.TableRead`):
    the entries at the table (and, in a teams session, at its match's other room, whose
    results open a board's traveller), and the names of the pairs it meets only, not the
    whole field's (480 pairs at 240 tables)."""
    session = link.session
    rooms = [link.table]
    if session.kind == Session.Kind.TEAMS:
        rooms.append(in_play.other_room(link.table))
    met = in_play.pairs_met(session, link.table)
    return queries.table_read(session.pk, link.table, rooms, met)


def _unfinished(boards: list[dict[str, Any]]) -> list[int]:
    """The boards of the round still to enter, once the table has entered one of them
    (the round cannot be left while a board has neither a result nor "not played")."""
    left = [b["number"] for b in boards if b["entry"] is None]
    return left if len(left) < len(boards) else []


@failures.only("GET")
def table_plan(request: HttpRequest, token: str) -> HttpResponse:
    """``GET /t/<token>/plan.json``: everything the table's phone needs to go on without
    a connection (every round at this table with its pairs, boards, moves; what is
    entered; the round the server says the table is at), only to the phone holding it."""
    link = link_of(request, token)
    if not holds(request, link):
        body = {"error": gettext("this table is open on another phone"), "takeover": f"/t/{token}/"}
        return json_answer(body, status=409)
    response = json_answer(plan_of(link))
    response["Cache-Control"] = "no-store"
    return response


def _board_named(board: int) -> dict[str, Any]:
    """A board as the phone heads it: its number, dealer and who is vulnerable, in the
    reader's language."""
    info = BoardInfo.of(board)
    return {
        "number": board,
        "dealer": dealer_name(info.dealer),
        "vulnerability": vulnerable_name(info.vulnerability),
    }


def plan_of(link: TableLink) -> dict[str, Any]:
    """The table's plan as the phone keeps it (see :func:`table_plan`)."""
    read = _read(link)
    current = in_play.standing(read.entries)
    return _plan(link, read, current, in_play.play_of(link.session, current.values()))


def _plan(
    link: TableLink,
    read: queries.TableRead,
    current: Mapping[tuple[int, int, int], Entry],
    play: in_play.Play,
) -> dict[str, Any]:
    """The plan from what the table's page or plan read (``read``), the results standing
    in it (``current``) and the play they give: the page works them out once for both."""
    session = link.session
    playing = play.round_of(link.table)
    names = read.names
    waiting: dict[tuple[int, int], dict[str, Any]] = {}
    for pending in read.pending:
        kept = json.loads(pending.fields)
        try:
            key = (int(kept.get("round", "")), int(kept.get("board", "")))
        except ValueError:
            continue
        waiting[key] = {"shown": pending.shown_text, "entry_id": str(pending.entry_id)}
    shown = gettext(ASKED)  # not entered: the phone waits for the director as for EW's
    asked = {key: {"shown": shown} for key in read.asks}
    seen = play.shown_to(
        link.table,
        published=session.state == Session.State.PUBLISHED,
        teams=session.kind == Session.Kind.TEAMS,
    )
    rounds: list[dict[str, Any]] = []
    for laid in _rounds_laid(session, play.plan, link.table):
        if not laid["plays"]:
            rounds.append(dict(laid))
            continue
        number = laid["round"]
        boards = [
            {
                **named,
                "entered": None if entry is None else {"score": _entered_text(entry)},
                "pending": waiting.get((number, named["number"])),
                "asked": asked.get((number, named["number"])),
                "seen": named["number"] in seen,
            }
            for named in laid["boards"]
            for entry in [current.get((number, link.table, named["number"]))]
        ]
        ns, ew = laid["ns"], laid["ew"]
        rounds.append(
            {
                **laid,
                "ns_names": names.get(ns, ""),
                "ew_names": names.get(ew, ""),
                "boards": boards,
                "moves": dict(laid["moves"], lines=list(laid["moves"]["lines"])),
            }
        )
    public = session.public_id
    return {
        "at": timezone.now().isoformat(),
        "session": session.name,
        "state": session.state,
        "teams": session.kind == Session.Kind.TEAMS,
        "table": naming.table_label(session, link.table),
        "room": naming.room_of(session, link.table),
        "round": playing,
        "rounds": play.plan.last_round_at(link.table),
        "planned": _planned(session, play.plan, link.table),
        "lead_rule": session.lead_rule,
        "plan": rounds,
        "scores": score_table(),
        "notation": said.words_of().notation.as_dict(),
        "links": {
            "page": f"/t/{link.token}/",
            "plan": f"/t/{link.token}/plan.json",
            "entry": f"/t/{link.token}/entry/",
            "call": f"/t/{link.token}/call/",
            "confirm": f"/t/{link.token}/confirm/",
            "ranking": f"/r/{public}/",
            "traveller": f"/r/{public}/board-0.html",
        },
    }


_LAID: OrderedDict[
    tuple[int, str, str, int, str | None], tuple[in_play.Plan, list[dict[str, Any]]]
] = OrderedDict()
"""The rounds of a table's plan as its movement lays them, by the session's plan, kind and
sections, the table and the language; made once for each and kept while the plan is the
one in play (the phone asks for its plan every few seconds), the least lately asked for
let go beyond :data:`_MOST_LAID` (about 25 KB each at 240 tables, the boards' headings
shared: 600 tables' rounds in one language or 300 in two are some 15 MB a process)."""
_MOST_LAID = 600
_LAID_LOCK = threading.Lock()


def _rounds_laid(session: Session, plan: in_play.Plan, table: int) -> list[dict[str, Any]]:
    """What of each round of the table's plan its movement alone gives: the pairs who sit
    where, the boards with their dealer and vulnerability, and where everyone goes next,
    in the reader's language (the caller adds the names and what is entered, which
    change; it copies what it adds to)."""
    language = translation.get_language()
    key = (id(plan), session.kind, session.sections, table, language)
    with _LAID_LOCK:  # the server's threads share it
        found = _LAID.get(key)
        if found is not None and found[0] is plan:
            _LAID.move_to_end(key)
            return found[1]
    rounds: list[dict[str, Any]] = []
    pair = said.words_of(language).notation.pair  # 3IL to a Finnish phone, 3EO to a Spanish
    for number in range(1, plan.last_round_at(table) + 1):  # its section's, in sections
        seat = plan.seat(number, table)
        if seat is None:
            rounds.append({"round": number, "plays": False})
            continue
        boards = [_board_laid(board, language) for board in seat.boards]
        rounds.append(
            {
                "round": number,
                "plays": True,
                "ns": seat.ns,
                "ew": seat.ew,
                "ns_shown": pair(seat.ns),
                "ew_shown": pair(seat.ew),
                "boards": boards,
                "moves": _move_lines(session, plan.moves(number, table)),
            }
        )
    with _LAID_LOCK:
        _LAID[key] = (plan, rounds)
        while len(_LAID) > _MOST_LAID:
            _LAID.popitem(last=False)
    return rounds


@functools.lru_cache(maxsize=1024)
def _board_laid(board: int, language: str | None) -> dict[str, Any]:
    """A board as every table's plan heads it in ``language`` (the active one): one for
    all the tables that play it (the plans' callers copy what they add to)."""
    del language  # a key of the cache: the words are the active language's
    info = BoardInfo.of(board)
    return {
        **_board_named(board),
        "ns_vulnerable": info.vulnerability.is_vulnerable(Seat.NORTH),
        "ew_vulnerable": info.vulnerability.is_vulnerable(Seat.EAST),
    }


def _entered_text(entry: Entry) -> str:
    """A board's standing result as the phone lists it: the result and North-South's
    points, an adjusted score, or "Not played" in words (not the results' ``NP``)."""
    if entry.kind == Entry.Kind.NOT_PLAYED:
        return gettext("Not played")
    return entry_text(entry)


def _move_lines(session: Session, moves: Moves) -> dict[str, Any]:
    """What the round's end says, in the phone's language: where the pairs (teams) and
    boards go, read from the library's :class:`~bridgescore.events.movements.moves.Moves`."""
    if moves.last:
        said = (
            gettext("round {round} was the last round drawn so far")
            if session.schedule == Session.Schedule.SWISS
            else gettext("round {round} was the last round: nobody moves")
        )
        return {"lines": [said.format(round=moves.round)], "last": True}
    if session.kind != Session.Kind.TEAMS:
        lines = [
            _pair_phrase(session, move, moves.table, moves.round + 1)
            for move in (moves.ns, moves.ew)
        ]
    else:
        lines = []
        for move in (moves.ns, moves.ew):
            who = gettext("{team} ({direction} here)").format(
                team=move.pair, direction=_direction(move.sat)
            )
            if move.table is None or move.direction is None:
                lines.append(
                    gettext("{who}: a bye in round {round}").format(who=who, round=moves.round + 1)
                )
            else:
                lines.append(
                    gettext("{who} go to table {label} ({room}) and sit {direction}").format(
                        who=who,
                        label=naming.table_label(session, move.table),
                        room=naming.room_of(session, move.table),
                        direction=_direction(move.direction),
                    )
                )
    lines.append(_boards_phrase(session, moves.boards, moves.round + 1))
    return {"lines": lines, "last": False}


def _direction(direction: Direction) -> str:
    return gettext("North-South") if direction is Direction.NS else gettext("East-West")


def _tables_text(session: Session, tables: tuple[int, ...]) -> str:
    """Tables as the players know them (``B3`` in sections, ``1b`` a teams room)."""
    shown = [naming.table_label(session, t) for t in tables]
    if len(shown) == 1:
        return gettext("table {table}").format(table=shown[0])
    return gettext("tables {tables} and {last}").format(
        tables=", ".join(shown[:-1]), last=shown[-1]
    )


def _pair_phrase(session: Session, move: PairMove, here: int, next_round: int) -> str:
    """``North-South stay at table 3``, ``East-West go to table 4 and sit North-South``,
    ``East-West sit out round 5`` (as the library's ``PairMove.phrase``, translated; a
    table named as the players know it, ``B4`` in sections)."""
    who = _direction(move.sat)
    if move.table is None or move.direction is None:
        return gettext("{who} sit out round {round}").format(who=who, round=next_round)
    stay = move.table == here
    if move.direction is move.sat:
        said = (
            gettext("{who} stay at table {table}") if stay else gettext("{who} go to table {table}")
        )
    elif stay:
        said = gettext("{who} stay at table {table} and sit {direction}")
    else:
        said = gettext("{who} go to table {table} and sit {direction}")
    table = naming.table_label(session, move.table)
    return said.format(who=who, table=table, direction=_direction(move.direction))


def _boards_phrase(session: Session, move: BoardMove, next_round: int) -> str:
    """``boards go to table 2``, ``boards go to the relay stand``, ``boards are finished``
    (as the library's ``BoardMove.phrase``, translated)."""
    if move.tables:
        return gettext("boards go to {tables}").format(tables=_tables_text(session, move.tables))
    if move.relay:
        return gettext("boards go to the relay stand")
    if move.later is not None:
        then, tables = move.later
        return gettext(
            "boards are not played in round {round} (then at {tables} in round {then})"
        ).format(round=next_round, tables=_tables_text(session, tables), then=then)
    return gettext("boards are finished")


@functools.cache
def score_table() -> dict[str, dict[str, dict[str, list[int]]]]:
    """Declarer's score for every contract, doubling, vulnerability and number of tricks
    (0-13), filled by the library's scoring (the phone shows a score from it when it
    has no connection; the server's score is the one kept). Keyed by level and strain
    kind (``4C``: clubs or diamonds, ``4H``: hearts or spades, ``4N``: notrump), then
    ``nv``/``v``, then ``""``/``X``/``XX``."""
    from bridgescore import score

    table: dict[str, dict[str, dict[str, list[int]]]] = {}
    for level in range(1, 8):
        for strain in ("C", "H", "NT"):
            table[f"{level}{strain[0]}"] = {
                ("v" if vulnerable else "nv"): {
                    doubled: [
                        score(f"{level}{strain}{doubled}", tricks, vulnerable=vulnerable).total
                        for tricks in range(14)
                    ]
                    for doubled in ("", "X", "XX")
                }
                for vulnerable in (False, True)
            }
    return table


_catalog = JavaScriptCatalog.as_view(packages=["bridgescore.web"])


@failures.only("GET")
def table_i18n(request: HttpRequest, token: str) -> HttpResponse:
    """``GET /t/<token>/jsi18n/``: Django's JavaScript catalogue in the phone's language,
    for ``gettext()`` in ``table.js``; under the table's link so its service worker keeps it."""
    link_of(request, token)
    response = _catalog(request)
    assert isinstance(response, HttpResponse)
    response["Cache-Control"] = "no-cache"
    return response


@failures.only("GET")
def table_service_worker(request: HttpRequest, token: str) -> HttpResponse:
    """``GET /t/<token>/sw.js``: the service worker that keeps the table's page, plan and
    scripts on the phone, so that a reload without a connection still shows the table
    (its scope is the table's link). Its first line names the version of what it keeps,
    so that a new script replaces the old cache."""
    link_of(request, token)
    text, version = _shell_files()
    # what it says offline before it keeps anything, in the reader's language
    missing = gettext("No connection, and nothing of this table kept on the phone yet.")
    text = text.replace(f'"{_MISSING}"', json.dumps(missing).translate(JSON_ESCAPES))
    response = HttpResponse(
        f"// bridgescore {version}\n{text}", content_type="text/javascript; charset=utf-8"
    )
    response["Cache-Control"] = "no-cache"
    return response


_MISSING = "No connection, and nothing of this table kept on the phone yet."
"""The worker's offline line as ``table-sw.js`` writes it (replaced by the reader's)."""


@functools.cache
def _shell_files() -> tuple[str, str]:
    """The service worker's text and a digest of it and of the files it keeps."""
    import hashlib
    from pathlib import Path

    from django.contrib.staticfiles import finders

    digest = hashlib.sha256()
    text = ""
    for name in (
        "bridgescore/table-sw.js",
        "bridgescore/sw-cache.js",
        "bridgescore/contract-grid.js",
        "bridgescore/table.js",
        "bridgescore/app.css",
    ):
        found = finders.find(name)
        content = Path(str(found)).read_text(encoding="utf-8") if found else ""
        digest.update(content.encode())
        if name.endswith("table-sw.js"):
            text = content
    return text, digest.hexdigest()[:16]


@failures.only("GET")
def table_manifest(request: HttpRequest, token: str) -> HttpResponse:
    """``GET /t/<token>/manifest.webmanifest``: the table's page as an app on the phone's
    home screen, opening on the table's link."""
    link = link_of(request, token)
    label = naming.table_label(link.session, link.table)
    manifest = {
        "name": gettext("Table {label}: {session}").format(label=label, session=link.session.name),
        "short_name": gettext("Table {label}").format(label=label),
        "start_url": f"/t/{link.token}/",
        "scope": f"/t/{link.token}/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#0b5cad",
        "icons": [{"src": "/static/bridgescore/icon.svg", "sizes": "any", "type": "image/svg+xml"}],
    }
    return json_answer(manifest, kind="application/manifest+json")
