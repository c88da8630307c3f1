"""The table's pages, reached by its link only: the round to play, a result entered,
previewed and accepted by the opponents (on this phone or their own), the takeover of a
table from another phone."""

from __future__ import annotations

import datetime
import functools
import hmac
import json
import uuid
from dataclasses import replace
from typing import Any

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    JsonResponse,
)
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext, pgettext
from django.views.i18n import JavaScriptCatalog

from bridgescore.core.seats import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.errors import BridgeError
from bridgescore.events.model import ResultRow
from bridgescore.events.movements.fit import table_in
from bridgescore.events.movements.moves import (
    BoardMove,
    Direction,
    Moves,
    PairMove,
    moves_after,
)
from bridgescore.i18n import seat_name, vulnerability_name
from bridgescore.web import clubs, entries, failures, limits, matches, queries, said
from bridgescore.web.answers import DEVICE_COOKIE, RESULTS, address, problem
from bridgescore.web.forms import (
    CallForm,
    ChoiceOfPending,
    CodeForm,
    RequestError,
    TableResultForm,
    checked,
    request_data,
)
from bridgescore.web.models import (
    Attempt,
    Entry,
    PendingEntry,
    Session,
    SessionPair,
    TableCall,
    TableLink,
)


def _seat_name(seat: Seat) -> str:
    """A seat's name in the request's language (the board's dealer, on the phone)."""
    return seat_name(seat, gettext)


def _vulnerable(vulnerability: Vulnerability) -> str:
    """Who is vulnerable, as the board shows it, in the request's language."""
    return vulnerability_name(vulnerability, pgettext)


def _link(request: HttpRequest, token: str) -> TableLink:
    link = queries.link_by_token(token)
    if link is None:
        clubs.log(
            None,
            gettext_noop("bad link"),
            said.said(gettext_noop("unknown table link {token!r}"), token=token[:12]),
            address=address(request),
        )
        raise Http404(gettext("this table link is not known: ask the director for the table card"))
    return link


def _holds(request: HttpRequest, link: TableLink) -> bool:
    """Whether this phone holds the table (the first phone to open the link takes it)."""
    device = request.COOKIES.get(DEVICE_COOKIE, "")
    return bool(device) and device == link.device


def _take(request: HttpRequest, response: HttpResponse, link: TableLink) -> HttpResponse:
    device = request.COOKIES.get(DEVICE_COOKIE) or uuid.uuid4().hex
    link.device = device
    link.save(update_fields=["device"])
    held = request.session.get("tables", {})
    held = held if isinstance(held, dict) else {}
    held[str(link.session_id)] = link.table
    request.session["tables"] = held
    response.set_cookie(DEVICE_COOKIE, device, max_age=86400, httponly=True, samesite="Lax")
    return response


def table_view_context(link: TableLink) -> dict[str, Any]:
    session = link.session
    movement = clubs.movement_of(session)
    current = entries.current_entries(session)
    number = entries.table_round(session, link.table, current)
    seat = table_in(movement, number, link.table)
    names = {p.pair: p.names for p in SessionPair.objects.filter(session=session)}
    from bridgescore.core.vulnerability import BoardInfo

    pending = PendingEntry.objects.filter(session=session, table=link.table)
    waiting = {json.loads(p.fields).get("board") for p in pending}
    boards = []
    if seat is not None:
        for board in seat.boards:
            info = BoardInfo.of(board)
            entry = current.get((number, link.table, board))
            boards.append(
                {
                    "number": board,
                    "dealer": _seat_name(info.dealer),
                    "vulnerability": _vulnerable(info.vulnerability),
                    "entry": entry,
                    "pending": str(board) in waiting,
                }
            )
    teams = session.kind == Session.Kind.TEAMS
    return {
        "link": link,
        "table_label": clubs.table_label(session, link.table),
        "room": clubs.room_name(link.table) if teams else "",
        "session": session,
        "round": number,
        "rounds": max(len(movement.rounds), matches.planned_rounds(session)),
        "seat": seat,
        "ns_names": names.get(seat.ns, "") if seat else "",
        "ew_names": names.get(seat.ew, "") if seat else "",
        "boards": boards,
        "results": RESULTS,
        "unfinished": _unfinished(boards),
        "pending": pending,
        "plan": plan_of(link),
    }


def _unfinished(boards: list[dict[str, Any]]) -> list[int]:
    """The boards of the round still to enter, once the table has entered one of them
    (the round cannot be left while a board has neither a result nor "not played")."""
    left = [b["number"] for b in boards if b["entry"] is None]
    return left if len(left) < len(boards) else []


def table_home(request: HttpRequest, token: str) -> HttpResponse:
    """The table's phone: this round's pairs and boards, with the entry form."""
    link = _link(request, token)
    if link.device and not _holds(request, link):
        return render(request, "bridgescore/takeover.html", {"link": link}, status=409)
    response = render(request, "bridgescore/table.html", table_view_context(link))
    return _take(request, response, link) if not link.device else response


PENDING_FIELDS = (
    "round",
    "board",
    "contract",
    "level",
    "strain",
    "doubled",
    "declarer",
    "result",
    "lead",
    "not_played",
    "entry_id",
)
"""What of a result is kept while it waits for the opponents' own phone (and shown back
in a preview)."""


CODE_TRIES = 5
"""Codes a table may be tried with (right or wrong) before it is locked until the
director releases it: five tries at a million codes."""
PHONE_TRIES = 10
"""Codes one phone may try in :data:`PHONE_WINDOW`, whatever the tables."""
ADDRESS_TRIES = 30
"""Codes one address may try in :data:`PHONE_WINDOW` (a club's phones may share one
address behind its router; a phone that drops its cookie is still counted here)."""
PHONE_WINDOW = datetime.timedelta(hours=1)


def _phone_tries(request: HttpRequest) -> bool:
    """Count a try of this phone's (by its cookie, and by its address): whether it is
    still within the limits."""
    device = request.COOKIES.get(DEVICE_COOKIE, "")
    by_address = limits.count_try(Attempt.What.CODE, f"address:{address(request)}", PHONE_WINDOW)
    if by_address > ADDRESS_TRIES:
        return False
    if not device:
        return by_address <= PHONE_TRIES
    return limits.count_try(Attempt.What.CODE, f"phone:{device[:40]}", PHONE_WINDOW) <= PHONE_TRIES


def check_code(request: HttpRequest, link: TableLink, typed: str, purpose: str) -> None:
    """Let the table's code through, or refuse (:class:`forms.RequestError`): a locked
    table (too many tries) until the director releases it; a phone that tried too many;
    a wrong code. Every try is counted before it is checked, and logged."""
    label = clubs.table_label(link.session, link.table)
    refused = REFUSED[purpose]

    def log(what: str, detail: str, **values: object) -> None:
        kept = said.said(detail, label=label, **values)
        clubs.log(link.session, what, kept, address=address(request))

    if link.locked:
        log(refused, gettext_noop("table {label}: locked"))
        raise RequestError(
            gettext(
                "this table is locked after too many wrong codes: ask the director to release it"
            ),
            423,
        )
    phone_ok = _phone_tries(request)
    tries = limits.count_try(Attempt.What.CODE, f"table:{link.pk}")
    if not phone_ok:
        log(refused, gettext_noop("table {label}: too many codes tried from this phone"))
        raise RequestError(gettext("too many codes tried from this phone: ask the director"), 429)
    if tries > CODE_TRIES:
        _lock(link)
        log(refused, gettext_noop("table {label}: locked"))
        raise RequestError(
            gettext(
                "this table is locked after too many wrong codes: ask the director to release it"
            ),
            423,
        )
    if not hmac.compare_digest(typed.encode(), link.code.encode()):
        left = CODE_TRIES - tries
        log(
            refused,
            gettext_noop("table {label}: wrong code (try {tries} of {most})"),
            tries=tries,
            most=CODE_TRIES,
        )
        if left <= 0:
            _lock(link)
            raise RequestError(
                gettext("that code is wrong, and the table is now locked: ask the director"), 423
            )
        raise RequestError(
            ngettext(
                "that code is wrong ({left} try left before the table is locked)",
                "that code is wrong ({left} tries left before the table is locked)",
                left,
            ).format(left=left),
            403,
        )
    limits.clear(Attempt.What.CODE, f"table:{link.pk}")
    log(RIGHT[purpose], gettext_noop("table {label}: right code"))


REFUSED = {"takeover": gettext_noop("takeover refused"), "confirm": gettext_noop("confirm refused")}
RIGHT = {"takeover": gettext_noop("takeover code"), "confirm": gettext_noop("confirm code")}
"""The log's words for a code tried, by what it was tried for (translated when shown)."""


def _lock(link: TableLink) -> None:
    TableLink.objects.filter(pk=link.pk).update(locked=True)
    link.locked = True


@failures.only("POST")
def table_takeover(request: HttpRequest, token: str) -> HttpResponse:
    """Take the table over from another phone with the table's code (every try logged;
    the takeover shows on the director's grid)."""
    link = _link(request, token)
    try:
        form = checked(CodeForm(request.POST))
        check_code(request, link, form.cleaned_data["code"], "takeover")
    except RequestError as error:
        return render(
            request,
            "bridgescore/takeover.html",
            {"link": link, "error": problem(error), "digits": len(link.code)},
            status=error.status,
        )
    TableLink.objects.filter(pk=link.pk).update(taken_over=timezone.now())
    clubs.log(
        link.session,
        gettext_noop("takeover"),
        said.said(
            gettext_noop("table {label} taken over by another phone"),
            label=clubs.table_label(link.session, link.table),
        ),
        address=address(request),
    )
    return _take(request, redirect("table", token=token), link)


def _confirming(request: HttpRequest, link: TableLink) -> bool:
    """Whether this phone has given the table's code to confirm the opponents' results."""
    held = request.session.get("confirming", {})
    return isinstance(held, dict) and held.get(str(link.session_id)) == link.table


@failures.only("GET", "POST")
def table_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The opponents' own phone: with the table's code, it lists the results the table's
    phone has sent to be confirmed, to accept (kept, as if accepted on the table's phone)
    or reject (deleted; the table enters it again). Every step is logged."""
    link = _link(request, token)
    context: dict[str, Any] = {"link": link, "digits": len(link.code)}
    if request.method == "POST" and "code" in request.POST:
        try:
            form = checked(CodeForm(request.POST))
            check_code(request, link, form.cleaned_data["code"], "confirm")
        except RequestError as error:
            context.update(ask_code=True, error=problem(error))
            return render(request, "bridgescore/confirm.html", context, status=error.status)
        held = request.session.get("confirming", {})
        held = held if isinstance(held, dict) else {}
        held[str(link.session_id)] = link.table
        request.session["confirming"] = held
        return redirect("table_confirm", token=token)
    if not _confirming(request, link):
        return render(request, "bridgescore/confirm.html", {**context, "ask_code": True})
    status = 200
    if request.method == "POST":
        try:
            _accept_or_reject(request, link)
        except (BridgeError, ValueError) as error:
            context["error"] = problem(error)
            status = _status_of(error)
    context["waiting"] = PendingEntry.objects.filter(session=link.session, table=link.table)
    return render(request, "bridgescore/confirm.html", context, status=status)


def _accept_or_reject(request: HttpRequest, link: TableLink) -> None:
    """The opponents' answer to one result waiting for them."""
    choice = checked(ChoiceOfPending(request.POST)).cleaned_data
    chosen = choice.get("accept") or choice.get("reject")
    pending = (
        None
        if chosen is None
        else PendingEntry.objects.filter(
            session=link.session, table=link.table, entry_id=chosen
        ).first()
    )
    if pending is None:
        raise RequestError(
            gettext("that result is no longer waiting (already confirmed or rejected)"), 409
        )
    if choice.get("accept"):
        form = checked(TableResultForm(json.loads(pending.fields)))
        inp = form.entry_input(int(form.cleaned_data["round"]), link.table)
        entries.record_entry(link.session, inp, by_table=True)
        clubs.log(
            link.session,
            gettext_noop("confirmed"),
            said.said(gettext_noop("table {table}, {result}"), table=link.table,
                      result=_kept_part(pending.shown)),
            address=address(request),
        )  # fmt: skip
    else:
        clubs.log(
            link.session,
            gettext_noop("rejected"),
            said.said(gettext_noop("table {table}, {result}"), table=link.table,
                      result=_kept_part(pending.shown)),
            address=address(request),
        )  # fmt: skip
    pending.delete()


@failures.only("POST")
def table_entry(request: HttpRequest, token: str) -> HttpResponse:
    """One result from the table (a form post, or JSON from the phone's send queue), read
    through :class:`~bridgescore.web.forms.TableResultForm`. Neither ``confirm`` nor
    ``pending``: the score is worked out and shown for the opponents to accept, nothing
    kept. ``confirm``: kept (once, by this table's ``entry_id``) and acknowledged.
    ``pending``: kept for the opponents to confirm on their own phone."""
    link = _link(request, token)
    wants_json = request.content_type == "application/json"
    if not _holds(request, link):
        clubs.log(
            link.session,
            gettext_noop("entry refused"),
            said.said(gettext_noop("table {table}: phone does not hold it"), table=link.table),
            address=address(request),
        )
        return _answer(
            wants_json,
            request,
            link,
            {"error": gettext("this phone does not hold the table"), "elsewhere": True},
            403,
        )
    try:
        wants_json, data = request_data(request)
        form = checked(TableResultForm(data))
        fields = form.cleaned_data
        inp = form.entry_input(int(fields["round"]), link.table)
        if fields["pending"] and not fields["confirm"]:
            entries.table_may_enter(link.session, inp)
            row = entries.check_entry(link.session, inp, by_table=True)
            if inp.entry_id is None:  # a form post (no script on the phone): an id of its own
                inp = replace(inp, entry_id=uuid.uuid4())
            kept = {name: str(data.get(name, "")) for name in PENDING_FIELDS}
            kept["entry_id"] = str(inp.entry_id)
            score = _score_text(row)
            played = row.describe() if row.result is None else str(row.result)
            sent = said.pending(inp.board, played, row.ns_score)
            waiting = entries.send_to_opponents(link.session, inp, kept, sent)
            body: dict[str, Any] = {
                "status": gettext("waiting for the opponents to confirm"),
                "board": inp.board,
                "score": score,
                "entry_id": str(waiting.entry_id),
            }
            return _answer(wants_json, request, link, body, 200)
        if not fields["confirm"]:
            entries.table_may_enter(link.session, inp)
            row = entries.check_entry(link.session, inp, by_table=True)
            shown = _as_read(form, data)
            body = {
                "preview": _score_text(row),
                "ns_score": row.ns_score,
                "board": inp.board,
                "input": shown,
            }
            return _answer(wants_json, request, link, body, 200)
        entry, created, playing = entries.record_table_entry(link.session, inp)
    except (BridgeError, ValueError) as error:
        message = problem(error)
        clubs.log(
            link.session,
            gettext_noop("entry refused"),
            said.said(gettext_noop("table {table}: {message}"), table=link.table, message=message),
            address=address(request),
        )
        return _answer(wants_json, request, link, {"error": message}, _status_of(error))
    body = {
        "status": "accepted" if created else "already received",
        "entry_id": str(entry.entry_id),
        "board": entry.board,
        "score": _entry_text(entry),
        "flags": entry.flags_shown,
        "round": playing,
    }
    return _answer(wants_json, request, link, body, 200)


@failures.only("POST")
def table_call(request: HttpRequest, token: str) -> HttpResponse:
    """The table calls the director (with an optional note): shown on the control grid
    until the director answers. Only from the phone holding the table."""
    link = _link(request, token)
    wants_json = request.content_type == "application/json"
    if not _holds(request, link):
        return _answer(
            wants_json,
            request,
            link,
            {"error": gettext("this phone does not hold the table"), "elsewhere": True},
            403,
        )
    try:
        wants_json, data = request_data(request)
        note = checked(CallForm(data)).cleaned_data["note"]
    except RequestError as error:
        return _answer(wants_json, request, link, {"error": problem(error)}, error.status)
    number = entries.round_at(link.session, link.table)
    TableCall.objects.create(session=link.session, table=link.table, round=number, note=note)
    label = clubs.table_label(link.session, link.table)
    clubs.log(
        link.session,
        gettext_noop("TD call"),
        said.said(gettext_noop("table {label}, round {round}: {note}"), label=label,
                  round=number, note=note)
        if note
        else said.said(gettext_noop("table {label}, round {round}"), label=label, round=number),
        address=address(request),
    )  # fmt: skip
    body = {"status": gettext("the director has been called"), "call": True}
    return _answer(wants_json, request, link, body, 200)


def _kept_part(kept: str) -> said.Part | str:
    """A kept text as a value of another message (translated with it when shown)."""
    found = said.part_of(kept)
    return kept if found is None else found


def _as_read(form: TableResultForm, data: Any) -> dict[str, str]:
    """The fields of a result sent back with its preview, as the form read them (never
    the text as posted: only a field's clean value goes back to the page)."""
    shown: dict[str, str] = {}
    for name in PENDING_FIELDS:
        if name not in data:
            continue
        value = form.cleaned_data.get(name)
        if isinstance(value, bool):
            shown[name] = "1" if value else ""
        else:
            shown[name] = "" if value is None else str(value)
    return shown


def _status_of(error: Exception) -> int:
    """A refusal's status: the request's own (400, 413, 422 ...), 410 once the session is
    closed (the link has expired: a phone's queue stops sending), else 422."""
    if isinstance(error, RequestError):
        return error.status
    return 410 if isinstance(error, clubs.SessionClosedError) else 422


def _score_text(row: ResultRow) -> str:
    """A result and North-South's score in the reader's notation (``4♠P=: PE +420``)."""
    shown = row.describe() if row.result is None else said.words_of().notation.result(row.result)
    if row.ns_score is not None:
        return f"{shown}: {said.ns_points(row.ns_score)}"
    return shown


def _entry_text(entry: Entry) -> str:
    if entry.ns_score is not None:
        shown = said.result_text(entry.contract, entry.declarer, entry.result)
        return f"{shown}: {said.ns_points(entry.ns_score)}"
    return entry.adjusted or entry.get_kind_display()


def _answer(
    wants_json: bool, request: HttpRequest, link: TableLink, body: dict[str, Any], status: int
) -> HttpResponse:
    if wants_json:
        return JsonResponse(body, status=status)
    context = table_view_context(link)
    context["answer"] = body
    return render(request, "bridgescore/table.html", context, status=status)


# --- the table's phone as an app: its whole plan, kept on the phone, and its offline shell


_JSON_ESCAPES = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026", ord("'"): "\\u0027"}
"""What a JSON body never carries raw (the names typed by directors and players)."""


def _json(data: dict[str, Any], status: int = 200, kind: str = "application/json") -> HttpResponse:
    """``data`` as JSON, with ``<``, ``>``, ``&`` and ``'`` escaped (as JSON allows)."""
    body = json.dumps(data).translate(_JSON_ESCAPES)
    return HttpResponse(body, content_type=kind, status=status)


@failures.only("GET")
def table_plan(request: HttpRequest, token: str) -> HttpResponse:
    """``GET /t/<token>/plan.json``: everything the table's phone needs to go on without
    a connection (every round at this table with its pairs, boards, moves; what is
    entered; the round the server says the table is at), only to the phone holding it."""
    link = _link(request, token)
    if not _holds(request, link):
        body = {"error": gettext("this table is open on another phone"), "takeover": f"/t/{token}/"}
        return _json(body, status=409)
    response = _json(plan_of(link))
    response["Cache-Control"] = "no-store"
    return response


def plan_of(link: TableLink) -> dict[str, Any]:
    """The table's plan as the phone keeps it (see :func:`table_plan`)."""
    from bridgescore.core.vulnerability import BoardInfo

    session = link.session
    movement = clubs.movement_of(session)
    current = entries.current_entries(session)
    playing = entries.table_round(session, link.table, current)
    names = {p.pair: p.names for p in SessionPair.objects.filter(session=session)}
    waiting: dict[tuple[int, int], dict[str, Any]] = {}
    for pending in PendingEntry.objects.filter(session=session, table=link.table):
        kept = json.loads(pending.fields)
        try:
            key = (int(kept.get("round", "")), int(kept.get("board", "")))
        except ValueError:
            continue
        waiting[key] = {"shown": pending.shown_text, "entry_id": str(pending.entry_id)}
    rounds: list[dict[str, Any]] = []
    for number in range(1, len(movement.rounds) + 1):
        seat = table_in(movement, number, link.table)
        if seat is None:
            rounds.append({"round": number, "plays": False})
            continue
        boards = []
        for board in seat.boards:
            info = BoardInfo.of(board)
            entry = current.get((number, link.table, board))
            boards.append(
                {
                    "number": board,
                    "dealer": _seat_name(info.dealer),
                    "vulnerability": _vulnerable(info.vulnerability),
                    "ns_vulnerable": info.vulnerability.is_vulnerable(Seat.NORTH),
                    "ew_vulnerable": info.vulnerability.is_vulnerable(Seat.EAST),
                    "entered": None if entry is None else {"score": _entry_text(entry)},
                    "pending": waiting.get((number, board)),
                }
            )
        moves = moves_after(movement, number, link.table)
        rounds.append(
            {
                "round": number,
                "plays": True,
                "ns": seat.ns,
                "ew": seat.ew,
                "ns_names": names.get(seat.ns, ""),
                "ew_names": names.get(seat.ew, ""),
                "boards": boards,
                "moves": _move_lines(session, moves),
            }
        )
    public = session.public_id
    return {
        "at": timezone.now().isoformat(),
        "session": session.name,
        "state": session.state,
        "teams": session.kind == Session.Kind.TEAMS,
        "table": clubs.table_label(session, link.table),
        "room": clubs.room_name(link.table) if session.kind == Session.Kind.TEAMS else "",
        "round": playing,
        "rounds": len(movement.rounds),
        "planned": max(len(movement.rounds), matches.planned_rounds(session)),
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


def _move_lines(session: Session, moves: Moves) -> dict[str, Any]:
    """What the round's end says, in the phone's language: where the pairs (teams) and
    boards go, read from the library's :class:`~bridgescore.events.movements.moves.Moves`."""
    if moves.last:
        said = (
            gettext("round {round} was the last round drawn so far")
            if session.kind == Session.Kind.TEAMS
            else gettext("round {round} was the last round: nobody moves")
        )
        return {"lines": [said.format(round=moves.round)], "last": True}
    if session.kind != Session.Kind.TEAMS:
        lines = [_pair_phrase(move, moves.table, moves.round + 1) for move in (moves.ns, moves.ew)]
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
                        label=clubs.room_label(move.table),
                        room=clubs.room_name(move.table),
                        direction=_direction(move.direction),
                    )
                )
    lines.append(_boards_phrase(moves.boards, moves.round + 1))
    return {"lines": lines, "last": False}


def _direction(direction: Direction) -> str:
    return gettext("North-South") if direction is Direction.NS else gettext("East-West")


def _tables_text(tables: tuple[int, ...]) -> str:
    shown = [str(t) for t in tables]
    if len(shown) == 1:
        return gettext("table {table}").format(table=shown[0])
    return gettext("tables {tables} and {last}").format(
        tables=", ".join(shown[:-1]), last=shown[-1]
    )


def _pair_phrase(move: PairMove, here: int, next_round: int) -> str:
    """``North-South stay at table 3``, ``East-West go to table 4 and sit North-South``,
    ``East-West sit out round 5`` (as the library's ``PairMove.phrase``, translated)."""
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
    return said.format(who=who, table=move.table, direction=_direction(move.direction))


def _boards_phrase(move: BoardMove, next_round: int) -> str:
    """``boards go to table 2``, ``boards go to the relay stand``, ``boards are finished``
    (as the library's ``BoardMove.phrase``, translated)."""
    if move.tables:
        return gettext("boards go to {tables}").format(tables=_tables_text(move.tables))
    if move.relay:
        return gettext("boards go to the relay stand")
    if move.later is not None:
        then, tables = move.later
        return gettext(
            "boards are not played in round {round} (then at {tables} in round {then})"
        ).format(round=next_round, tables=_tables_text(tables), then=then)
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
    _link(request, token)
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
    _link(request, token)
    text, version = _shell_files()
    # what it says offline before it keeps anything, in the reader's language
    missing = gettext("No connection, and nothing of this table kept on the phone yet.")
    text = text.replace(f'"{_MISSING}"', json.dumps(missing).translate(_JSON_ESCAPES))
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
    link = _link(request, token)
    label = clubs.table_label(link.session, link.table)
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
    return _json(manifest, kind="application/manifest+json")
