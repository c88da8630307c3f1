"""The table's pages, reached by its link only: the round to play, a result entered,
previewed and accepted by the opponents (on this phone or their own), the takeover of a
table from another phone."""

from __future__ import annotations

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
from django.views.decorators.http import require_http_methods, require_POST

from bridgescore.errors import BridgeError
from bridgescore.events.model import ResultRow
from bridgescore.events.movements.fit import table_in
from bridgescore.web import clubs, entries, queries
from bridgescore.web.answers import DEVICE_COOKIE, RESULTS, address, entry_input, problem
from bridgescore.web.models import (
    Entry,
    PendingEntry,
    Session,
    SessionPair,
    TableLink,
)


def _link(request: HttpRequest, token: str) -> TableLink:
    link = queries.link_by_token(token)
    if link is None:
        clubs.log(None, "bad link", f"unknown table link {token[:12]!r}", address=address(request))
        raise Http404("this table link is not known: ask the director for the table card")
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
                    "dealer": info.dealer.name.title(),
                    "vulnerability": str(info.vulnerability),
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
        "rounds": len(movement.rounds),
        "seat": seat,
        "ns_names": names.get(seat.ns, "") if seat else "",
        "ew_names": names.get(seat.ew, "") if seat else "",
        "boards": boards,
        "results": RESULTS,
        "unfinished": _unfinished(boards),
        "pending": pending,
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


@require_POST
def table_takeover(request: HttpRequest, token: str) -> HttpResponse:
    """Take the table over from another phone with the table's code (logged)."""
    link = _link(request, token)
    if request.POST.get("code", "").strip() != link.code:
        clubs.log(
            link.session,
            "takeover refused",
            f"table {link.table}: wrong code",
            address=address(request),
        )
        return render(
            request, "bridgescore/takeover.html", {"link": link, "error": "wrong code"}, status=403
        )
    clubs.log(
        link.session,
        "takeover",
        f"table {link.table} taken over by another phone",
        address=address(request),
    )
    return _take(request, redirect("table", token=token), link)


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
"""What of a result is kept while it waits for the opponents' own phone."""


def _send_to_opponents(
    link: TableLink, inp: entries.EntryInput, data: Any, shown: str
) -> PendingEntry:
    """Keep a checked result for the opponents to confirm on their own phone (once per id)."""
    if inp.entry_id is None:  # a form post (no script on the phone): an id of its own
        inp = replace(inp, entry_id=uuid.uuid4())
    assert inp.entry_id is not None
    kept = {name: str(data.get(name, "")) for name in PENDING_FIELDS}
    kept["entry_id"] = str(inp.entry_id)
    pending, _ = PendingEntry.objects.get_or_create(
        entry_id=inp.entry_id,
        defaults={
            "session": link.session,
            "table": link.table,
            "fields": json.dumps(kept),
            "shown": f"board {inp.board}: {shown}"[:120],
        },
    )
    if pending.session_id != link.session_id or pending.table != link.table:
        raise clubs.EntryError("that id belongs to another table's result")
    return pending


def _confirming(request: HttpRequest, link: TableLink) -> bool:
    """Whether this phone has given the table's code to confirm the opponents' results."""
    held = request.session.get("confirming", {})
    return isinstance(held, dict) and held.get(str(link.session_id)) == link.table


@require_http_methods(["GET", "POST"])
def table_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The opponents' own phone: with the table's code, it lists the results the table's
    phone has sent to be confirmed, to accept (kept, as if accepted on the table's phone)
    or reject (deleted; the table enters it again). Every step is logged."""
    link = _link(request, token)
    error = ""
    if request.method == "POST" and "code" in request.POST:
        if request.POST.get("code", "").strip() != link.code:
            clubs.log(
                link.session,
                "confirm refused",
                f"table {link.table}: wrong code",
                address=address(request),
            )
            return render(
                request,
                "bridgescore/confirm.html",
                {"link": link, "error": "That code is wrong."},
                status=403,
            )
        held = request.session.get("confirming", {})
        held = held if isinstance(held, dict) else {}
        held[str(link.session_id)] = link.table
        request.session["confirming"] = held
        return redirect("table_confirm", token=token)
    if not _confirming(request, link):
        return render(request, "bridgescore/confirm.html", {"link": link, "ask_code": True})
    if request.method == "POST":
        chosen = request.POST.get("accept") or request.POST.get("reject") or ""
        chosen_id = _uuid_or_none(chosen)
        pending = (
            None
            if chosen_id is None
            else PendingEntry.objects.filter(
                session=link.session, table=link.table, entry_id=chosen_id
            ).first()
        )
        if pending is None:
            error = "That result is no longer waiting (already confirmed or rejected)."
        elif request.POST.get("accept"):
            data = json.loads(pending.fields)
            try:
                inp = entry_input(data, int(data["round"]), link.table)
                entries.record_entry(link.session, inp, by_table=True)
            except (BridgeError, ValueError) as err:
                error = problem(err)
            else:
                clubs.log(
                    link.session,
                    "confirmed",
                    f"table {link.table}, {pending.shown}",
                    address=address(request),
                )
                pending.delete()
        else:
            clubs.log(
                link.session,
                "rejected",
                f"table {link.table}, {pending.shown}",
                address=address(request),
            )
            pending.delete()
    waiting = PendingEntry.objects.filter(session=link.session, table=link.table)
    return render(
        request, "bridgescore/confirm.html", {"link": link, "waiting": waiting, "error": error}
    )


def _uuid_or_none(text: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(text)
    except ValueError:
        return None


@require_POST
def table_entry(request: HttpRequest, token: str) -> HttpResponse:
    """One result from the table (a form post, or JSON from the phone's send queue).
    ``confirm`` absent: the score is worked out and shown for the opponents to accept,
    nothing kept. Present: kept (once, by its ``entry_id``) and acknowledged."""
    link = _link(request, token)
    wants_json = request.content_type == "application/json"
    if not _holds(request, link):
        clubs.log(
            link.session,
            "entry refused",
            f"table {link.table}: phone does not hold it",
            address=address(request),
        )
        return _answer(
            wants_json, request, link, {"error": "this phone does not hold the table"}, 403
        )
    try:
        data: Any = json.loads(request.body) if wants_json else request.POST
    except (json.JSONDecodeError, UnicodeDecodeError):
        return _answer(wants_json, request, link, {"error": "the request is not readable"}, 400)
    if not isinstance(data, dict) and not hasattr(data, "get"):
        return _answer(wants_json, request, link, {"error": "the request is not readable"}, 400)
    try:
        round_no = int(data.get("round", ""))
        inp = entry_input(data, round_no, link.table)
        if str(data.get("pending", "")) and not str(data.get("confirm", "")):
            row = entries.check_entry(link.session, inp)
            waiting = _send_to_opponents(link, inp, data, _score_text(row))
            body = {
                "status": "waiting for the opponents to confirm",
                "board": inp.board,
                "score": waiting.shown.partition(": ")[2],
                "entry_id": str(waiting.entry_id),
            }
            return _answer(wants_json, request, link, body, 200)
        if not str(data.get("confirm", "")):
            row = entries.check_entry(link.session, inp)
            return _answer(
                wants_json,
                request,
                link,
                {"preview": _score_text(row), "board": inp.board, "input": data},
                200,
            )
        entry, created = entries.record_entry(link.session, inp, by_table=True)
    except (BridgeError, ValueError) as error:
        message = problem(error)
        clubs.log(
            link.session,
            "entry refused",
            f"table {link.table}: {message}",
            address=address(request),
        )
        # a closed session's links have expired: 410, so a script knows not to retry
        status = 410 if isinstance(error, clubs.SessionClosedError) else 422
        return _answer(wants_json, request, link, {"error": message}, status)
    body = {
        "status": "accepted" if created else "already received",
        "entry_id": str(entry.entry_id),
        "board": entry.board,
        "score": _entry_text(entry),
        "flags": entry.flags,
    }
    return _answer(wants_json, request, link, body, 200)


def _score_text(row: ResultRow) -> str:
    if row.ns_score is not None:
        return f"{row.describe()}: NS {row.ns_score:+d}"
    return row.describe()


def _entry_text(entry: Entry) -> str:
    if entry.ns_score is not None:
        shown = f"{entry.contract}{entry.declarer}{entry.result}"
        return f"{shown}: NS {entry.ns_score:+d}"
    return entry.adjusted or entry.get_kind_display()


def _answer(
    wants_json: bool, request: HttpRequest, link: TableLink, body: dict[str, Any], status: int
) -> HttpResponse:
    if wants_json:
        return JsonResponse(body, status=status)
    context = table_view_context(link)
    context["answer"] = body
    return render(request, "bridgescore/table.html", context, status=status)
