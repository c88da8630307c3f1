"""The director's answers to the tables: a TD call answered; a board a table asks to mark
not played accepted (the director records it) or refused (the table enters it); a table
locked after wrong codes released (its tries forgotten); a takeover acknowledged. Each
logged, each once (the same answer sent again does nothing more), each only for the club's
director."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from bridgescore.errors import BridgeError
from bridgescore.web import (
    clubs,
    entries,
    failures,
    in_play,
    limits,
    logbook,
    naming,
    refusals,
    said,
)
from bridgescore.web.answers import problem
from bridgescore.web.director import fields
from bridgescore.web.director import forms as director_forms
from bridgescore.web.models import Attempt, Session, TableCall, TableLink

UNREADABLE = 400
"""An answer no page of ours sends (an unknown action, or one that does not fit the call)."""

CONFLICT = 409
"""An answer the library refused as things stand (the board cannot be recorded now)."""

ACCEPTED = gettext_noop("not played accepted")
REFUSED = gettext_noop("not played refused")
"""The log's lines for a not-played ask answered."""

ASK_REASON = gettext_noop("not played, as the table asked")
"""The reason a board accepted as not played is logged with."""


def _session(request: HttpRequest, session_id: int) -> Session:
    session = clubs.directed_session(request.user, session_id)
    if session is None:
        raise Http404(gettext("no such session"))
    return session


def _link(session: Session, table: int) -> TableLink:
    link = TableLink.objects.filter(session=session, table=table).first()
    if link is None:
        raise Http404(gettext("no such table"))
    return link


@login_required
@failures.only("POST")
def release_table(request: HttpRequest, session_id: int, table: int) -> HttpResponse:
    """Unlock a table locked after wrong codes: its count of tries starts again."""
    session = _session(request, session_id)
    link = _link(session, table)
    if TableLink.objects.filter(pk=link.pk, locked=True).update(locked=False):
        limits.clear(Attempt.What.CODE, f"table:{link.pk}")
        label = naming.table_label(session, table)
        detail = said.said(gettext_noop("table {label} unlocked"), label=label)
        logbook.log(session, gettext_noop("table released"), detail, user=request.user)
    return redirect("control", session_id=session.pk)


@login_required
@failures.only("POST")
def takeover_seen(request: HttpRequest, session_id: int, table: int) -> HttpResponse:
    """A takeover acknowledged: it leaves the grid (the takeover stays in the log)."""
    session = _session(request, session_id)
    link = _link(session, table)
    if TableLink.objects.filter(pk=link.pk).exclude(taken_over=None).update(taken_over=None):
        where = naming.table_named(session, table)
        detail = said.said(gettext_noop("{table}: the takeover is seen"), table=where)
        logbook.log(session, gettext_noop("takeover seen"), detail, user=request.user)
    return redirect("control", session_id=session.pk)


@login_required
@failures.only("POST")
def answer_call(request: HttpRequest, session_id: int, call_id: int) -> HttpResponse:
    """A table's call answered (:class:`director_forms.AnswerForm`): a TD call ``answered``;
    a not-played ask ``accept``-ed (the board recorded not played, by the director) or
    ``refuse``-d (answered with no entry: the table enters the board). A call already
    answered is left as it is; an action that does not fit the call is refused (400)."""
    session = _session(request, session_id)
    call = TableCall.objects.filter(session=session, pk=call_id).first()
    if call is None:
        raise Http404(gettext("no such call"))
    form = director_forms.AnswerForm(request.POST)
    if not form.is_valid():
        return failures.refused(request, "; ".join(fields.problems(form)), UNREADABLE)
    asked = call.kind == TableCall.Kind.NOT_PLAYED and call.board is not None
    action = form.cleaned_data["action"] or ("" if asked else "answered")
    fits = {"accept", "refuse"} if asked else {"answered"}
    if action not in fits:
        wanted = gettext("accept or refuse") if asked else gettext("answered")
        return failures.refused(
            request,
            gettext("this call is answered with: {wanted}").format(wanted=wanted),
            UNREADABLE,
        )
    if call.answered is not None or not _claim(call, request):
        return redirect("control", session_id=session.pk)  # answered already: nothing twice
    where = naming.table_named(session, call.table)
    if not asked:
        detail = said.said(gettext_noop("{table}, round {round}"), table=where, round=call.round)
        logbook.log(session, gettext_noop("TD call answered"), detail, user=request.user)
        return redirect("control", session_id=session.pk)
    assert call.board is not None
    if action == "accept":
        try:
            _accept(session, call, request)
        except BridgeError as error:
            TableCall.objects.filter(pk=call.pk).update(answered=None, answered_by=None)
            return failures.refused(request, problem(error), CONFLICT)
    what = ACCEPTED if action == "accept" else REFUSED
    detail = said.said(
        gettext_noop("{table}, round {round}: board {board}"),
        table=where,
        round=call.round,
        board=call.board,
    )
    logbook.log(session, what, detail, user=request.user)
    return redirect("control", session_id=session.pk)


def _claim(call: TableCall, request: HttpRequest) -> bool:
    """Mark the call answered, if no one has meanwhile (one write: two answers sent at
    once, only one is acted on)."""
    return bool(
        TableCall.objects.filter(pk=call.pk, answered=None).update(
            answered=timezone.now(), answered_by=refusals.user_of(request.user)
        )
    )


def _accept(session: Session, call: TableCall, request: HttpRequest) -> None:
    """The asked board recorded not played by the director, unless a result stands for
    it already (the director's or the table's: the ask is answered by it)."""
    assert call.board is not None
    if (call.round, call.table, call.board) in in_play.current_entries(session):
        return
    inp = in_play.EntryInput(call.round, call.table, call.board, not_played=True)
    entries.record_entry(
        session, inp, by_table=False, user=request.user, reason=gettext(ASK_REASON)
    )
