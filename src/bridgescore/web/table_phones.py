"""Which phone holds a table: the link's landing page, the takeover of a table from
another phone with the table's code, the opponents confirming on their own phone, and the
limits on codes tried."""

from __future__ import annotations

import datetime
import hmac
import json
from typing import Any

from django.http import (
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext

from bridgescore.errors import BridgeError
from bridgescore.web import clubs, entries, failures, limits, said
from bridgescore.web.answers import DEVICE_COOKIE, address, problem
from bridgescore.web.forms import (
    ChoiceOfPending,
    CodeForm,
    RequestError,
    TableResultForm,
    checked,
)
from bridgescore.web.models import (
    Attempt,
    PendingEntry,
    TableLink,
)
from bridgescore.web.table_app import table_view_context
from bridgescore.web.table_link import (
    holds,
    kept_part,
    link_of,
    status_of,
    take,
)


def table_home(request: HttpRequest, token: str) -> HttpResponse:
    """The table's phone: this round's pairs and boards, with the entry form."""
    link = link_of(request, token)
    if link.device and not holds(request, link):
        return render(request, "bridgescore/takeover.html", {"link": link}, status=409)
    response = render(request, "bridgescore/table.html", table_view_context(link))
    return take(request, response, link) if not link.device else response


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
    link = link_of(request, token)
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
    return take(request, redirect("table", token=token), link)


def _confirming(request: HttpRequest, link: TableLink) -> bool:
    """Whether this phone has given the table's code to confirm the opponents' results."""
    held = request.session.get("confirming", {})
    return isinstance(held, dict) and held.get(str(link.session_id)) == link.table


@failures.only("GET", "POST")
def table_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The opponents' own phone: with the table's code, it lists the results the table's
    phone has sent to be confirmed, to accept (kept, as if accepted on the table's phone)
    or reject (deleted; the table enters it again). Every step is logged."""
    link = link_of(request, token)
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
            status = status_of(error)
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
                      result=kept_part(pending.shown)),
            address=address(request),
        )  # fmt: skip
    else:
        clubs.log(
            link.session,
            gettext_noop("rejected"),
            said.said(gettext_noop("table {table}, {result}"), table=link.table,
                      result=kept_part(pending.shown)),
            address=address(request),
        )  # fmt: skip
    pending.delete()
