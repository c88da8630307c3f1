"""A table's results and calls, from the phone holding the table: a result entered,
previewed and accepted by the opponents (on this phone, or sent to their own), a call to
the director."""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import (
    HttpRequest,
    HttpResponse,
    RawPostDataException,
)
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from bridgescore.errors import BridgeError
from bridgescore.events.model import ResultRow
from bridgescore.web import entries, failures, in_play, logbook, naming, said
from bridgescore.web.answers import address, problem
from bridgescore.web.forms import (
    RequestError,
    checked,
    lead_sent_on,
    read_json,
    refusal,
    request_data,
)
from bridgescore.web.models import (
    TableCall,
    TableLink,
)
from bridgescore.web.refusals import StaleLink
from bridgescore.web.table.app import ASKED, table_view_context
from bridgescore.web.table.forms import CallForm, TableResultForm
from bridgescore.web.table.link import (
    entry_text,
    holds,
    json_answer,
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
    ``pending``: kept for the opponents to confirm on their own phone.

    A confirmed played result from the phone's queue (JSON) is checked against the link
    this process kept (:func:`~bridgescore.web.table.link.link_of`), which the writer
    checks against the link as committed: a changed link, and any answer but an accepted
    result, is answered again from the link read afresh."""
    read = _json_of(request)
    if read is not None and _confirming(read):
        try:
            return _table_entry(request, token, read, kept_link=True)
        except StaleLink:
            pass
    return _table_entry(request, token, read, kept_link=False)


def _json_of(request: HttpRequest) -> Mapping[str, Any] | None:
    """The fields of a JSON post, read once for the request (``None``: a form post, or
    JSON that cannot be read, which the form's reading refuses, with why, as any
    refusal: from the link read afresh)."""
    if request.content_type != "application/json":
        return None
    try:
        return read_json(request)
    except (RequestError, RawPostDataException, RequestDataTooBig):
        return None


def _confirming(data: Mapping[str, Any]) -> bool:
    """Whether the fields look like a played result confirmed (what the form reads
    decides; this only says whether the kept link may be tried)."""
    return bool(data.get("confirm")) and not data.get("pending") and not data.get("not_played")


def _table_entry(
    request: HttpRequest, token: str, read: Mapping[str, Any] | None, *, kept_link: bool
) -> HttpResponse:
    """:func:`table_entry` through the link kept (``kept_link``: raises :class:`StaleLink`
    for anything but an accepted result) or the link read afresh; ``read``: the post's
    JSON fields read already, if any."""
    link = link_of(request, token, kept=kept_link)
    wants_json = request.content_type == "application/json"
    if not holds(request, link):
        if kept_link:
            raise StaleLink
        logbook.log(
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
    form: TableResultForm | None = None
    try:
        wants_json, data = (True, read) if read is not None else request_data(request)
        form = TableResultForm(data)
        fields = checked(form).cleaned_data
        inp = form.entry_input(int(fields["round"]), link.table)
        if kept_link and (inp.not_played or fields["pending"] or not fields["confirm"]):
            raise StaleLink  # only a played result confirmed goes through the link kept
        if inp.not_played and (fields["confirm"] or fields["pending"]):
            return _answer(wants_json, request, link, _ask_not_played(request, link, inp), 200)
        if fields["pending"] and not fields["confirm"]:
            row = in_play.proposed(link.session, inp)
            if inp.entry_id is None:  # a form post (no script on the phone): an id of its own
                inp = replace(inp, entry_id=uuid.uuid4())
            kept = {name: str(data.get(name, "")) for name in PENDING_FIELDS}
            kept["lead"] = lead_sent_on(str(fields.get("lead") or ""))  # read alike by EW
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
            row = in_play.proposed(link.session, inp)
            shown = _as_read(form, data)
            body = {
                "preview": gettext(ASKED) if inp.not_played else _score_text(row),
                "ns_score": row.ns_score,
                "board": inp.board,
                "input": shown,
            }
            if inp.not_played:
                body["asked"] = True
            return _answer(wants_json, request, link, body, 200)
        kept_row = link.kept_row
        entry, created, playing = entries.record_table_entry(
            link.session,
            inp,
            asks_open=link.asks_open,
            kept=None if kept_row is None else (token, kept_row),
        )
    except (BridgeError, ValueError) as error:
        if kept_link:
            raise StaleLink from error  # answered from the link read afresh
        message = problem(error)
        logbook.log(
            link.session,
            gettext_noop("entry refused"),
            _refused(link.table, form, error),
            address=address(request),
        )
        refused: dict[str, Any] = {"error": message}
        if form is not None and form.lead_said_back():  # the page offers it again
            refused["lead_said_back"] = form.lead_said_back()
        return _answer(wants_json, request, link, refused, status_of(error))
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
    number = in_play.round_at(link.session, link.table)
    with entries.writing():  # one call at a time per table: the count below holds
        calls = TableCall.objects.filter(session=link.session, table=link.table)
        open_call = calls.filter(kind=TableCall.Kind.CALL, answered=None).first()
        if open_call is not None:
            body = {
                "status": gettext("the director was called at {time} and is on the way").format(
                    time=f"{open_call.created:%H:%M}"
                ),
                "call": True,
            }
            return _answer(wants_json, request, link, body, 200)
        recent = calls.filter(created__gte=timezone.now() - CALL_WINDOW).count()
        if recent >= CALLS_AN_HOUR:
            body = {"error": gettext(TOO_MANY_CALLS)}
            return _answer(wants_json, request, link, body, 429)
        TableCall.objects.create(session=link.session, table=link.table, round=number, note=note)
    label = naming.table_label(link.session, link.table)
    logbook.log(
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


CALLS_AN_HOUR = 12
"""Calls and asks one table may make in :data:`CALL_WINDOW` (a call open already is not
called again: the director is on the way)."""
CALL_WINDOW = datetime.timedelta(hours=1)
TOO_MANY_CALLS = gettext_noop("too many calls from this table: raise your hand")
"""A table's call or ask refused past :data:`CALLS_AN_HOUR`: said to its phone, and an ask
refused so is logged as a message (read in the log's reader's language)."""


REFUSED_AT = {
    (True, True): gettext_noop("table {table}, round {round}, board {board}: {message}"),
    (True, False): gettext_noop("table {table}, round {round}: {message}"),
    (False, True): gettext_noop("table {table}, board {board}: {message}"),
    (False, False): gettext_noop("table {table}: {message}"),
}
"""A refused result's log line, by whether its round and its board were read."""


def _refused(table: int, form: TableResultForm | None, error: Exception) -> str:
    """A refused result as the director's log keeps it (read in the reader's language):
    the table, the round and the board it sent (those the form read), and why, naming
    what it sent that was refused (a field: :func:`~bridgescore.web.forms.refusal` as
    sent, ``level '8': not one of the choices``; the library's reason names the result's
    field it refuses, ``result '+1': ...``)."""
    read: Mapping[str, Any] = {} if form is None else getattr(form, "cleaned_data", {})
    at = {name: read[name] for name in ("round", "board") if read.get(name) is not None}
    why = refusal(form, sent=True) if form is not None and form.errors else said.problem_kept(error)
    template = REFUSED_AT["round" in at, "board" in at]
    return said.said(template, table=table, message=why, **at)


def _ask_not_played(
    request: HttpRequest, link: TableLink, inp: in_play.EntryInput
) -> dict[str, Any]:
    """A table's "not played": not a result but an ask on the director's grid (the board
    stays without a result, so the round is not left, until the director accepts it,
    rules, or refuses it). Once per board: the same ask sent again, or another while one is
    open, is answered as the one already made. Checked as a result is (the round, the
    board, a closed session), in turn with the writes."""
    session = link.session
    with entries.writing():
        session.refresh_from_db(fields=["state"])
        in_play.table_may_enter(session, inp)
        asks = TableCall.objects.filter(
            session=session, table=link.table, kind=TableCall.Kind.NOT_PLAYED
        )
        found = asks.filter(round=inp.round, board=inp.board, answered=None).first()
        if found is None and inp.entry_id is not None:
            found = asks.filter(entry_id=inp.entry_id).first()
        created = found is None
        if found is None:
            recent = TableCall.objects.filter(
                session=session, table=link.table, created__gte=timezone.now() - CALL_WINDOW
            ).count()
            if recent >= CALLS_AN_HOUR:
                raise RequestError(said.part(TOO_MANY_CALLS), 429)
            found = TableCall.objects.create(
                session=session,
                table=link.table,
                round=inp.round,
                kind=TableCall.Kind.NOT_PLAYED,
                board=inp.board,
                entry_id=inp.entry_id or uuid.uuid4(),
            )
    if created:
        logbook.log(
            session,
            gettext_noop("not played asked"),
            said.said(
                gettext_noop("table {label}, round {round}: board {board}"),
                label=naming.table_label(session, link.table),
                round=inp.round,
                board=inp.board,
            ),
            address=address(request),
        )
    return {
        "status": "asked" if created else "already asked",
        "asked": True,
        "board": inp.board,
        "entry_id": str(found.entry_id),
        "score": gettext(ASKED),
        "round": found.round,
    }


def _as_read(form: TableResultForm, data: Any) -> dict[str, str]:
    """The fields of a result sent back with its preview, as the form read them (never
    the text as posted: only a field's clean value goes back to the page); the lead as
    every notation reads it alike (``♣A``: the international ``CA`` is the ace of hearts
    to a Spanish form)."""
    shown: dict[str, str] = {}
    for name in PENDING_FIELDS:
        if name not in data:
            continue
        value = form.cleaned_data.get(name)
        if isinstance(value, bool):
            shown[name] = "1" if value else ""
        elif name == "lead":
            shown[name] = lead_sent_on(str(value or ""))
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
        return json_answer(body, status=status)
    context = table_view_context(link)
    context["answer"] = body
    return render(request, "bridgescore/table.html", context, status=status)
