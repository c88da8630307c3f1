"""What every page under a table's link shares: the link read from the address (an
unknown one logged and refused), whether this phone holds the table and taking it, a
result or a kept text as the phone shows it, and JSON answers escaped as the pages' rule
says."""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.utils.translation import gettext, gettext_noop, pgettext

from bridgescore.core.seats import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.i18n import seat_name, vulnerability_name
from bridgescore.web import logbook, queries, refusals, said
from bridgescore.web.answers import DEVICE_COOKIE, address
from bridgescore.web.forms import RequestError
from bridgescore.web.models import (
    Entry,
    TableLink,
)


def dealer_name(seat: Seat) -> str:
    """A seat's name in the request's language (the board's dealer, on the phone)."""
    return seat_name(seat, gettext)


def vulnerable_name(vulnerability: Vulnerability) -> str:
    """Who is vulnerable, as the board shows it, in the request's language."""
    return vulnerability_name(vulnerability, pgettext)


_KEPT: dict[str, queries.LinkRow] = {}
"""The table links this process last read, by token (their rows): a table's confirmed
result is checked against the one kept here rather than a link read again, and the
writer checks the row against the link as committed (:class:`StaleLink`)."""
MOST_KEPT = 2_000
"""At most this many links kept a process (a congress of 300 tables, teams' rooms and
all); beyond it what is kept is let go and read again. A row holds about 0.5 KB of text
in a pairs session and about 4 KB in a Swiss of 300 teams (its plan is read with the
session): some 1.2 MB for its 300 tables."""


def link_of(request: HttpRequest, token: str, *, kept: bool = False) -> TableLink:
    """The link of ``token`` (its session read with it), an unknown one logged and
    refused (404). ``kept``: the one this process kept if it has it, marked with its row
    (:attr:`TableLink.kept_row`) for the writer to check against the link as committed;
    only a result that goes to the writer may use it, and anything it answers but an
    accepted result is answered again from the link read afresh."""
    row = _KEPT.get(token) if kept else None
    if row is None:
        row = queries.link_row(token)
        if row is None:
            logbook.log(
                None,
                gettext_noop("bad link"),
                said.said(gettext_noop("unknown table link {token!r}"), token=token[:12]),
                address=address(request),
            )
            raise Http404(
                gettext("this table link is not known: ask the director for the table card")
            )
        if len(_KEPT) >= MOST_KEPT:
            _KEPT.clear()
        _KEPT[token] = row
    link = queries.link_from_row(row)
    if kept:
        link.kept_row = row
    return link


def holds(request: HttpRequest, link: TableLink) -> bool:
    """Whether this phone holds the table (the first phone to open the link takes it)."""
    device = request.COOKIES.get(DEVICE_COOKIE, "")
    return bool(device) and device == link.device


def take(request: HttpRequest, response: HttpResponse, link: TableLink) -> HttpResponse:
    device = request.COOKIES.get(DEVICE_COOKIE) or uuid.uuid4().hex
    link.device = device
    link.save(update_fields=["device"])
    _KEPT.pop(link.token, None)  # changed here: read afresh when next asked for
    held = request.session.get("tables", {})
    held = held if isinstance(held, dict) else {}
    held[str(link.session_id)] = link.table
    request.session["tables"] = held
    response.set_cookie(DEVICE_COOKIE, device, max_age=86400, httponly=True, samesite="Lax")
    return response


def kept_part(kept: str) -> said.Part | str:
    """A kept text as a value of another message (translated with it when shown)."""
    found = said.part_of(kept)
    return kept if found is None else found


def status_of(error: Exception) -> int:
    """A refusal's status: the request's own (400, 413, 422 ...), 410 once the session is
    closed (the link has expired: a phone's queue stops sending), else 422."""
    if isinstance(error, RequestError):
        return error.status
    return 410 if isinstance(error, refusals.SessionClosedError) else 422


def entry_text(entry: Entry) -> str:
    if entry.ns_score is not None:
        shown = said.result_text(entry.contract, entry.declarer, entry.result)
        return f"{shown}: {said.ns_points(entry.ns_score)}"
    return entry.adjusted or entry.get_kind_display()


JSON_ESCAPES = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026", ord("'"): "\\u0027"}
"""What a JSON body never carries raw (the names typed by directors and players)."""


def json_answer(
    data: dict[str, Any], status: int = 200, kind: str = "application/json"
) -> HttpResponse:
    """``data`` as JSON, with ``<``, ``>``, ``&`` and ``'`` escaped (as JSON allows)."""
    body = json.dumps(data).translate(JSON_ESCAPES)
    return HttpResponse(body, content_type=kind, status=status)
