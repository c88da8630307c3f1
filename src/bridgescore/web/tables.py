"""A table's results and calls, from the phone holding the table: a result entered,
previewed and accepted by the opponents (on this phone, or sent to their own), a call to
the director."""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Any

from django.http import (
    HttpRequest,
    HttpResponse,
    JsonResponse,
)
from django.shortcuts import render
from django.utils.translation import gettext, gettext_noop

from bridgescore.errors import BridgeError
from bridgescore.events.model import ResultRow
from bridgescore.web import clubs, entries, failures, said
from bridgescore.web.answers import address, problem
from bridgescore.web.forms import (
    CallForm,
    RequestError,
    TableResultForm,
    checked,
    request_data,
)
from bridgescore.web.models import (
    TableCall,
    TableLink,
)
from bridgescore.web.table_app import table_view_context
from bridgescore.web.table_link import (
    entry_text,
    holds,
    link_of,
    status_of,
)

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


@failures.only("POST")
def table_entry(request: HttpRequest, token: str) -> HttpResponse:
    """One result from the table (a form post, or JSON from the phone's send queue), read
    through :class:`~bridgescore.web.forms.TableResultForm`. Neither ``confirm`` nor
    ``pending``: the score is worked out and shown for the opponents to accept, nothing
    kept. ``confirm``: kept (once, by this table's ``entry_id``) and acknowledged.
    ``pending``: kept for the opponents to confirm on their own phone."""
    link = link_of(request, token)
    wants_json = request.content_type == "application/json"
    if not holds(request, link):
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
        return _answer(wants_json, request, link, {"error": message}, status_of(error))
    body = {
        "status": "accepted" if created else "already received",
        "entry_id": str(entry.entry_id),
        "board": entry.board,
        "score": entry_text(entry),
        "flags": entry.flags_shown,
        "round": playing,
    }
    return _answer(wants_json, request, link, body, 200)


@failures.only("POST")
def table_call(request: HttpRequest, token: str) -> HttpResponse:
    """The table calls the director (with an optional note): shown on the control grid
    until the director answers. Only from the phone holding the table."""
    link = link_of(request, token)
    wants_json = request.content_type == "application/json"
    if not holds(request, link):
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


def _score_text(row: ResultRow) -> str:
    """A result and North-South's score in the reader's notation (``4♠P=: PE +420``)."""
    shown = row.describe() if row.result is None else said.words_of().notation.result(row.result)
    if row.ns_score is not None:
        return f"{shown}: {said.ns_points(row.ns_score)}"
    return shown


def _answer(
    wants_json: bool, request: HttpRequest, link: TableLink, body: dict[str, Any], status: int
) -> HttpResponse:
    if wants_json:
        return JsonResponse(body, status=status)
    context = table_view_context(link)
    context["answer"] = body
    return render(request, "bridgescore/table.html", context, status=status)
