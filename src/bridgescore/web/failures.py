"""The one way the web app answers an error: a view's own refusal (:func:`refused`) and
Django's 400, 403, 404 and 500 and a failed CSRF check (the handlers named in ``urls.py``
and ``settings.py``) alike.

A browser gets the app's error page (``bridgescore/error.html``), whose message Django's
autoescaping escapes; a client that sent or asked for JSON (the table phone's send queue)
gets ``{"error": message}``, its ``<``, ``>`` and ``&`` written as ``\\u003c`` escapes. The
message is in the words a user reads (the library's errors are written for them); what the
request carried is shown only through those two escapes, and nothing of the server's
inside (no traceback, no exception's text for a 500) is ever shown.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable
from typing import Final, ParamSpec

from django.core.exceptions import BadRequest, PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import Resolver404
from django.utils.translation import gettext as _
from django.views.decorators.csrf import requires_csrf_token

TEMPLATE: Final = "bridgescore/error.html"

_JSON_ESCAPES: Final = {
    ord("<"): "\\u003c",
    ord(">"): "\\u003e",
    ord("&"): "\\u0026",
    ord("'"): "\\u0027",
}

P = ParamSpec("P")


def _titles() -> dict[int, str]:
    return {
        400: _("This cannot be read"),
        403: _("Not allowed"),
        404: _("Not found"),
        405: _("Not allowed"),
        409: _("Already open elsewhere"),
        410: _("No longer open"),
        413: _("Too large"),
        422: _("Not accepted"),
        429: _("Too many tries"),
        500: _("Something went wrong"),
    }


def wants_json(request: HttpRequest) -> bool:
    """Whether the client sent JSON (the table phone's send queue does) or asks for it
    first in its ``Accept`` header."""
    accept = request.headers.get("Accept", "").split(",")[0].split(";")[0].strip()
    return request.content_type == "application/json" or accept == "application/json"


def _json(message: str, status: int) -> HttpResponse:
    body = json.dumps({"error": message}).translate(_JSON_ESCAPES)
    return HttpResponse(body, content_type="application/json", status=status)


def _answer(request: HttpRequest, message: str, status: int, title: str = "") -> HttpResponse:
    if wants_json(request):
        return _json(message, status)
    title = title or _titles().get(status) or _("Not accepted")
    context = {"title": title, "message": message, "status": status}
    return HttpResponse(render_to_string(TEMPLATE, context, request), status=status)


def refused(request: HttpRequest, message: str, status: int = 400) -> HttpResponse:
    """The answer to a request a view refuses: call it instead of
    ``HttpResponseBadRequest(text)`` (which sends ``text`` as unescaped HTML).

    ``message`` is what the user reads, usually ``answers.problem(error)`` of the library's
    or the app's error (written for users, quoting their input): it is shown escaped, on the
    app's error page to a browser, or as ``{"error": message}`` to a client that sent or
    asked for JSON. ``status`` is the 4xx that says why: 400 unreadable, 403 not this
    viewer's, 404 no such thing, 409 a conflict, 410 gone (a closed session), 422 read but
    not accepted. A 5xx is not a refusal: let the exception reach Django's handler500.
    For example, in a view::

        except BridgeError as error:
            return failures.refused(request, problem(error))
    """
    if not 400 <= status < 500:
        raise ValueError(f"a refusal is a 4xx status, not {status}")
    return _answer(request, message, status)


def only(
    *methods: str,
) -> Callable[[Callable[P, HttpResponse]], Callable[P, HttpResponse]]:
    """A view taking only these methods (Django's ``require_http_methods``, whose 405 is
    an empty page): another is refused with 405 and a message, by :func:`refused`.

    ``@failures.only("GET", "POST")`` above the view (below ``@login_required``)."""
    allowed = frozenset(m.upper() for m in methods)

    def decorate(view: Callable[P, HttpResponse]) -> Callable[P, HttpResponse]:
        @functools.wraps(view)
        def checked(*args: P.args, **kwargs: P.kwargs) -> HttpResponse:
            request = args[0]
            assert isinstance(request, HttpRequest)
            if request.method not in allowed:
                shown = " or ".join(sorted(allowed))
                message = _("This address takes %(methods)s only.") % {"methods": shown}
                response = refused(request, message, status=405)
                response["Allow"] = ", ".join(sorted(allowed))
                return response
            return view(*args, **kwargs)

        return checked

    return decorate


def _said(exception: Exception | None, default: str) -> str:
    """An exception's own message when it was written for the user (a plain string),
    else ``default``."""
    said = exception.args[0] if exception is not None and exception.args else None
    return said if isinstance(said, str) and said.strip() else default


@requires_csrf_token
def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler400: a request Django could not read (too large, too many fields, a broken
    upload, a suspicious header). Only the app's own ``BadRequest`` messages are shown: the
    others can quote headers."""
    if isinstance(exception, RequestDataTooBig):
        message = _("What was sent is too large.")
    elif type(exception) is BadRequest:
        message = _said(exception, _("The request could not be read."))
    else:
        message = _("The request could not be read: go back and try again.")
    return _answer(request, message, 400)


@requires_csrf_token
def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler403: ``PermissionDenied`` (its message, when it has one)."""
    default = _("You may not open this page.")
    message = _said(exception, default) if isinstance(exception, PermissionDenied) else default
    return _answer(request, message, 403)


@requires_csrf_token
def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler404: ``Http404("no such session")`` shows its message; an address that no
    page has says so (never the resolver's list of patterns)."""
    if isinstance(exception, Http404) and not isinstance(exception, Resolver404):
        message = _said(exception, _("There is no such page."))
    else:
        message = _("There is no page at this address.")
    return _answer(request, message, 404)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: a plain apology (Django has logged the error with its traceback). The
    page is rendered without the request's context, which may be what failed."""
    message = _("Something went wrong on the server. Try again; if it goes on, tell the director.")
    if wants_json(request):
        return _json(message, 500)
    context = {"title": _("Something went wrong"), "message": message, "status": 500}
    return HttpResponse(render_to_string(TEMPLATE, context), status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: the page's form has expired or came from elsewhere. Django's
    ``reason`` can quote the request's Origin header, so it is not shown (Django logs it)."""
    message = _(
        "This page has expired or was opened elsewhere: reload it and send again "
        "(on a table's phone, open the table's link again)."
    )
    return _answer(request, message, 403, title=_("This page has expired"))


MOST_BODY: Final = 256_000
"""The largest request a page other than the director's takes (a table's result is a few
hundred bytes, a shared score pad a few thousand)."""
MOST_DIRECTOR_BODY: Final = 21_000_000
"""The largest request the director's pages take: a Bridgemate file of up to 20 MB, with
its form (``director.fields.BRIDGEMATE_BYTES``)."""


class BodyLimit:
    """Middleware: a request whose declared length is over what its page takes is refused
    (413, the app's answer) before anything reads it; the server (waitress) is told the
    largest of these too, so a body sent without a length is cut off there."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return _answer(request, _("The request could not be read."), 400)
        most = MOST_DIRECTOR_BODY if request.path.startswith("/director/") else MOST_BODY
        if declared > most:  # logged by Django as any 4xx is, in one line
            return _answer(request, _("What was sent is too large."), 413)
        return self.get_response(request)


class OneLine(logging.Formatter):
    """The log's formatter: a refused request (a forged ``Host``, too many fields, a body
    too large, any 4xx) is one line with no traceback, so that an outsider cannot fill the
    log at will; a server error (5xx, or an error outside a request) keeps its traceback."""

    def format(self, record: logging.LogRecord) -> str:
        status = getattr(record, "status_code", None)
        refused = record.name.startswith("django.security") or (
            isinstance(status, int) and 400 <= status < 500
        )
        if refused and (record.exc_info or record.exc_text):
            record = logging.makeLogRecord(record.__dict__)
            record.exc_info = None
            record.exc_text = None
            record.stack_info = None
        return " ".join(super().format(record).split())[:500] if refused else super().format(record)
