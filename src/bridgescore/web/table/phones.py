"""Phones that do not hold a table: the link's landing page, made for East-West confirming
the results the table's phone sends them; taking the table over (its own, explicit page);
the opponents' confirmation; the table's code and the limits on codes tried; a closed
session's link.

The code limits (figures and reasons in docs/web.md, "What a table may do"): a right code
never counts. Wrong codes are counted per phone and table (:data:`CODE_TRIES`: that phone
is then locked out of that table until the director releases it, never the table's own
players), per phone over every table (:data:`PHONE_TRIES` an hour), per address only for
requests that carry no phone cookie (:data:`ADDRESS_TRIES`, a backstop high enough for a
club behind one router), and per table (:data:`TABLE_ALERT` shows on the director's grid;
after :data:`TABLE_TRIES` the table takes no code from any phone until released, so that
many phones together still have one chance in ten thousand of guessing it)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_noop

from bridgescore.core.contract import Contract, PassedOut, TableResult
from bridgescore.core.hands import Card
from bridgescore.errors import BridgeError
from bridgescore.i18n import seat_name
from bridgescore.web import (
    entries,
    failures,
    in_play,
    logbook,
    naming,
    said,
)
from bridgescore.web.answers import address, problem
from bridgescore.web.forms import NOTE_LENGTH, RequestError, checked
from bridgescore.web.models import (
    PendingEntry,
    Session,
    SessionPair,
    TableCall,
    TableLink,
)
from bridgescore.web.table.app import table_view_context
from bridgescore.web.table.codes import check_code, with_phone_id
from bridgescore.web.table.forms import ChoiceOfPending, CodeForm, TableResultForm
from bridgescore.web.table.link import (
    holds,
    kept_part,
    link_of,
    status_of,
    take,
)


def table_home(request: HttpRequest, token: str) -> HttpResponse:
    """The table's link: the table's phone (this round's pairs and boards, with the entry
    form) on the phone holding it, or the first to open it; on any other phone, the page
    for East-West confirming (409: this phone does not hold the table); once the session
    is closed, its closed page (410)."""
    link = link_of(request, token)
    if link.session.state != Session.State.RUNNING:
        return closed_link(request, link)
    if link.device and not holds(request, link):
        page = render(request, "bridgescore/elsewhere.html", _elsewhere(link), status=409)
        return with_phone_id(request, page)
    response = render(request, "bridgescore/table.html", table_view_context(link))
    return take(request, response, link) if not link.device else response


def closed_link(request: HttpRequest, link: TableLink) -> HttpResponse:
    """A closed session's table link (410, the link has expired): what the players read,
    with a link to the results once they are published."""
    context = {
        "link": link,
        "session": link.session,
        "table_label": naming.table_label(link.session, link.table),
        "published": link.session.state == Session.State.PUBLISHED,
    }
    return render(request, "bridgescore/link_closed.html", context, status=410)


def _elsewhere(link: TableLink) -> dict[str, Any]:
    """What a phone not holding the table is shown: the table, its round and pairs, and
    how many results wait for East-West (their content only after the code)."""
    session = link.session
    number = in_play.round_at(session, link.table)
    seat = in_play.plan_of(session).seat(number, link.table)
    names = (
        {}
        if seat is None
        else dict(
            SessionPair.objects.filter(session=session, pair__in=[seat.ns, seat.ew]).values_list(
                "pair", "names"
            )
        )
    )
    return {
        "link": link,
        "session": session,
        "table_label": naming.table_label(session, link.table),
        "room": naming.room_of(session, link.table),
        "round": number,
        "seat": seat,
        "ns_names": names.get(seat.ns, "") if seat else "",
        "ew_names": names.get(seat.ew, "") if seat else "",
        "waiting": PendingEntry.objects.filter(session=session, table=link.table).count(),
    }


def _code_page(link: TableLink) -> dict[str, Any]:
    """What a page asking the table's code shows of the table (the takeover's, the
    opponents' confirmation)."""
    return {
        "link": link,
        "digits": len(link.code),
        "table_label": naming.table_label(link.session, link.table),
    }


@failures.only("GET", "POST")
def table_takeover(request: HttpRequest, token: str) -> HttpResponse:
    """Take the table over from another phone: its own page, saying what it does (the
    other phone stops entering), then the table's code (every try logged; the takeover
    shows on the director's grid)."""
    link = link_of(request, token)
    if link.session.state != Session.State.RUNNING:
        return closed_link(request, link)
    context = _code_page(link)
    if request.method == "GET":
        if holds(request, link):
            return redirect("table", token=token)
        return with_phone_id(request, render(request, "bridgescore/takeover.html", context))
    try:
        form = checked(CodeForm(request.POST))
        check_code(request, link, form.cleaned_data["code"], "takeover")
    except RequestError as error:
        context["error"] = problem(error)
        return render(request, "bridgescore/takeover.html", context, status=error.status)
    TableLink.objects.filter(pk=link.pk).update(taken_over=timezone.now())
    logbook.log(
        link.session,
        gettext_noop("takeover"),
        said.said(
            gettext_noop("table {label} taken over by another phone"),
            label=naming.table_label(link.session, link.table),
        ),
        address=address(request),
    )
    return take(request, redirect("table", token=token), link)


@dataclass(frozen=True, slots=True)
class Waiting:
    """A result waiting for East-West, as their phone shows it: in words as the table's
    phone says it (``2♠ by North, made 8``) and North-South's score (``NS +110``), in the
    reader's language and notation."""

    entry_id: str
    board: int | None
    said: str
    score: str
    lead: str = ""


def _lead_of(pending: PendingEntry) -> str:
    """The opening lead sent with a result (kept as every notation reads it alike, ``♥10``),
    as the reader's notation writes it (``lead ♠K``, ``lähtö ♥10``), or ``''``."""
    try:
        kept = json.loads(pending.fields)
        typed = str(kept.get("lead") or "") if isinstance(kept, dict) else ""
        card = Card.parse(typed) if typed else None
    except (BridgeError, ValueError):
        return ""
    if card is None:
        return ""
    card_shown = said.words_of().notation.card(card, symbols=True)
    return gettext("lead {card}").format(card=card_shown)


def waiting_of(pending: PendingEntry) -> Waiting:
    """One result waiting for East-West, said in the reader's language (from what was kept
    with it: the result as the library writes it, North-South's points); a result kept
    otherwise is shown as it was kept."""
    found = said.part_of(pending.shown)
    values = found.values if found is not None else {}
    result, points, board = values.get("result"), values.get("points"), values.get("board")
    spoken = spoken_result(result) if isinstance(result, str) else ""
    return Waiting(
        entry_id=str(pending.entry_id),
        board=board if isinstance(board, int) else None,
        said=spoken or pending.shown_text,
        score=said.ns_points(points) if isinstance(points, int) and spoken else "",
        lead=_lead_of(pending) if spoken else "",
    )


def spoken_result(result: str) -> str:
    """A result as the library writes it (``2SN=``) in words as the table's phone says it,
    in the reader's language: ``2♠ by North, made 8``, ``2♠, pelinviejä Pohjoinen, kotiin,
    8 tikkiä``; ``''`` for what is not a result."""
    try:
        found = TableResult.parse(result)
    except (BridgeError, ValueError):
        return ""
    contract = found.contract
    if isinstance(contract, PassedOut):
        return said.words_of().contract_spoken(contract).capitalize()
    if not isinstance(contract, Contract) or contract.declarer is None:
        return said.words_of().notation.result(found)
    played = gettext("{contract} by {declarer}").format(
        contract=said.words_of().notation.contract(contract, symbols=True, declarer=False),
        declarer=seat_name(contract.declarer, gettext),
    )
    difference = found.difference
    if difference < 0:
        outcome = gettext("down {count}").format(count=-difference)
    else:
        outcome = gettext("made {tricks}").format(tricks=found.tricks)
        if difference > 0:
            outcome += f" (+{difference})"
    return gettext("{contract}, {outcome}").format(contract=played, outcome=outcome)


def _confirming(request: HttpRequest, link: TableLink) -> bool:
    """Whether this phone has given the table's code to confirm the opponents' results."""
    held = request.session.get("confirming", {})
    return isinstance(held, dict) and held.get(str(link.session_id)) == link.table


DONE_KEY = "confirmed"
"""Where the last answer of a phone's East-West is kept until its page shows it once."""


@failures.only("GET", "POST")
def table_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """East-West's own phone: with the table's code (asked once per phone and table), each
    result the table's phone has sent them, in words, to accept (kept, as if accepted on
    the table's phone) or to reject, which calls the director to the table (the result
    is not kept; the table enters it again). Every step is logged."""
    link = link_of(request, token)
    if link.session.state != Session.State.RUNNING:
        return closed_link(request, link)
    context = _code_page(link)
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
        page = render(request, "bridgescore/confirm.html", {**context, "ask_code": True})
        return with_phone_id(request, page)
    status = 200
    if request.method == "POST":
        try:
            board, accepted = _accept_or_reject(request, link)
        except (BridgeError, ValueError) as error:
            context["error"] = problem(error)
            status = status_of(error)
        else:
            request.session[DONE_KEY] = {"token": token, "board": board, "accepted": accepted}
            return redirect("table_confirm", token=token)
    else:
        done = request.session.pop(DONE_KEY, None)
        if isinstance(done, dict) and done.get("token") == token:
            context["done"] = done
    pending = PendingEntry.objects.filter(session=link.session, table=link.table)
    context["waiting"] = [waiting_of(p) for p in pending]
    return render(request, "bridgescore/confirm.html", context, status=status)


def _accept_or_reject(request: HttpRequest, link: TableLink) -> tuple[int | None, bool]:
    """East-West's answer to one result waiting for them: its board, and whether it was
    accepted. The result is taken from the waiting ones first, so that two answers to it
    (two taps, two phones) give one outcome; one that cannot be kept waits again."""
    choice = checked(ChoiceOfPending(request.POST)).cleaned_data
    chosen = choice.get("accept") or choice.get("reject")
    waiting = PendingEntry.objects.filter(session=link.session, table=link.table)
    pending = None if chosen is None else waiting.filter(entry_id=chosen).first()
    if pending is None or not waiting.filter(pk=pending.pk).delete()[0]:
        raise RequestError(
            gettext("that result is no longer waiting (already confirmed or rejected)"), 409
        )
    fields = json.loads(pending.fields)
    board = _number(fields.get("board"))
    result = kept_part(pending.shown)
    if choice.get("accept"):
        try:
            form = checked(TableResultForm(fields))
            inp = form.entry_input(int(form.cleaned_data["round"]), link.table)
            entries.record_entry(link.session, inp, by_table=True)
        except BaseException:
            PendingEntry.objects.get_or_create(
                session=link.session,
                table=link.table,
                entry_id=pending.entry_id,
                defaults={"fields": pending.fields, "shown": pending.shown},
            )
            raise
        logbook.log(
            link.session,
            gettext_noop("confirmed"),
            said.said(gettext_noop("table {table}, {result}"), table=link.table, result=result),
            address=address(request),
        )
        return board, True
    logbook.log(
        link.session,
        gettext_noop("rejected"),
        said.said(gettext_noop("table {table}, {result}"), table=link.table, result=result),
        address=address(request),
    )
    _call_director(request, link, pending, board, _number(fields.get("round")))
    return board, False


def _number(value: object) -> int | None:
    """A board or round as the table's phone sent it (checked then), else ``None``."""
    text = str(value)
    return int(text) if text.isdigit() and len(text) < 4 else None


def _call_director(
    request: HttpRequest,
    link: TableLink,
    pending: PendingEntry,
    board: int | None,
    round_no: int | None,
) -> None:
    """East-West say a result is not right: the director is called to the table (a TD
    call on the grid naming the board and the result, in the session's language)."""
    session = link.session
    with translation.override(session.language or translation.get_language()):
        shown = waiting_of(pending)
        result = f"{shown.said} · {shown.score}" if shown.score else shown.said
        note = gettext("East-West did not accept board {board}: {result}").format(
            board=board if board is not None else "?", result=result
        )[:NOTE_LENGTH]
    number = round_no if round_no is not None else in_play.round_at(session, link.table)
    TableCall.objects.get_or_create(
        session=session,
        table=link.table,
        entry_id=pending.entry_id,
        defaults={"round": number, "kind": TableCall.Kind.CALL, "board": board, "note": note},
    )
    logbook.log(
        session,
        gettext_noop("TD call"),
        said.said(
            gettext_noop("table {label}, round {round}: {note}"),
            label=naming.table_label(session, link.table),
            round=number,
            note=note,
        ),
        address=address(request),
    )
