"""The director's answers to the tables: a TD call answered, a table locked after wrong
codes released (its tries forgotten). Each logged; each only for the club's director."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from bridgescore.web import clubs, failures, limits, said
from bridgescore.web.models import Attempt, Session, TableCall, TableLink


def _session(request: HttpRequest, session_id: int) -> Session:
    session = clubs.directed_session(request.user, session_id)
    if session is None:
        raise Http404(gettext("no such session"))
    return session


@login_required
@failures.only("POST")
def release_table(request: HttpRequest, session_id: int, table: int) -> HttpResponse:
    """Unlock a table locked after wrong codes: its count of tries starts again."""
    session = _session(request, session_id)
    link = TableLink.objects.filter(session=session, table=table).first()
    if link is None:
        raise Http404(gettext("no such table"))
    TableLink.objects.filter(pk=link.pk).update(locked=False)
    limits.clear(Attempt.What.CODE, f"table:{link.pk}")
    label = clubs.table_label(session, table)
    detail = said.said(gettext_noop("table {label} unlocked"), label=label)
    clubs.log(session, gettext_noop("table released"), detail, user=request.user)
    return redirect("control", session_id=session.pk)


@login_required
@failures.only("POST")
def answer_call(request: HttpRequest, session_id: int, call_id: int) -> HttpResponse:
    """A TD call answered: it leaves the grid (and stays in the log)."""
    session = _session(request, session_id)
    call = TableCall.objects.filter(session=session, pk=call_id, answered=None).first()
    if call is not None:
        call.answered = timezone.now()
        call.answered_by = clubs.user_of(request.user)
        call.save(update_fields=["answered", "answered_by"])
        label = clubs.table_label(session, call.table)
        detail = said.said(gettext_noop("table {label}"), label=label)
        clubs.log(session, gettext_noop("TD call answered"), detail, user=request.user)
    return redirect("control", session_id=session.pk)
