"""Everyone's pages: the home page, login, and the results pages of a session (a
board's traveller only to a table that has played it, everything once published)."""

from __future__ import annotations

import datetime
import hashlib
import re
from collections.abc import Hashable
from dataclasses import replace
from typing import TYPE_CHECKING

from django.contrib.auth import authenticate, login, logout
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.cache import get_conditional_response
from django.utils.html import escape
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext as _

from bridgescore.errors import BridgeError
from bridgescore.events.model import Event
from bridgescore.i18n import Language, Words
from bridgescore.report.view import Page, Report, build_report, slug, with_board_steps
from bridgescore.web import (
    analysing,
    failures,
    in_play,
    limits,
    live,
    logbook,
    matches,
    said,
    session_movement,
)
from bridgescore.web.answers import address, problem
from bridgescore.web.forms import form_problem
from bridgescore.web.models import (
    Attempt,
    Session,
)
from bridgescore.web.public.forms import LoginForm

if TYPE_CHECKING:
    from jinja2 import Environment

LOGIN_ATTEMPTS = 5
"""Logins allowed from one address for one user name in :data:`LOGIN_WINDOW`."""
NAME_ATTEMPTS = 20
"""Logins allowed for one user name from any address in :data:`LOGIN_WINDOW`."""
LOGIN_WINDOW = datetime.timedelta(minutes=5)


RECENT = datetime.timedelta(days=7)
"""How far back the home page lists sessions (under way, or published) by their date."""


def home(request: HttpRequest) -> HttpResponse:
    """The home page: the sessions under way (their live ranking, for a player without the
    table card), and the results published, latest first."""
    sessions = Session.objects.select_related("club").order_by("-date", "-pk")
    since = timezone.localdate() - RECENT
    running = sessions.filter(state=Session.State.RUNNING, date__gte=since)
    published = sessions.filter(state=Session.State.PUBLISHED)
    context = {"running": running[:20], "published": published[:50]}
    return render(request, "bridgescore/home.html", context)


@failures.only("GET", "POST")
def login_view(request: HttpRequest) -> HttpResponse:
    """Log in. Every try is counted in the database before the password is looked at
    (:mod:`~bridgescore.web.limits`), so tries sent in parallel count too: past
    :data:`LOGIN_ATTEMPTS` from one address for one name, or :data:`NAME_ATTEMPTS` for
    one name from anywhere, in five minutes, the password is not checked (and it is
    logged)."""
    error = ""
    status = 200
    if request.method == "POST":
        form = LoginForm(request.POST)
        if not form.is_valid():
            return render(
                request, "bridgescore/login.html", {"error": form_problem(form)}, status=400
            )
        name = form.cleaned_data["username"]
        here = f"{address(request)}:{name.lower()}"
        tries = limits.count_try(Attempt.What.LOGIN, here, LOGIN_WINDOW)
        anywhere = limits.count_try(Attempt.What.LOGIN, f"name:{name.lower()}", LOGIN_WINDOW)
        if tries > LOGIN_ATTEMPTS or anywhere > NAME_ATTEMPTS:
            logbook.log(
                None,
                gettext_noop("login refused"),
                said.said(gettext_noop("too many attempts for {name!r}"), name=name),
                address=address(request),
            )
            return render(
                request,
                "bridgescore/login.html",
                {"error": _("Too many failed attempts: wait five minutes and try again.")},
                status=429,
            )
        user = authenticate(request, username=name, password=form.cleaned_data["password"])
        if user is not None:
            limits.clear(Attempt.What.LOGIN, here)
            login(request, user)
            return redirect("director")
        error = _("That user name and password do not match.")
        status = 401
    return render(request, "bridgescore/login.html", {"error": error}, status=status)


@failures.only("POST")
def logout_view(request: HttpRequest) -> HttpResponse:
    logout(request)
    return redirect("home")


def _viewer_table(request: HttpRequest, session: Session) -> int | None:
    """The table this phone holds in ``session``, if any."""
    held = request.session.get("tables", {})
    table = held.get(str(session.pk)) if isinstance(held, dict) else None
    return table if isinstance(table, int) else None


def _is_director(request: HttpRequest, session: Session) -> bool:
    user = request.user
    return bool(user.is_authenticated and session.club.directors.filter(user=user).exists())


PRINT_PAGE = "print.html"
"""Every page of the results at once, for printing (the static site's ``print.html``)."""
PRINT_BODY = '<body class="print">'


def results_page(request: HttpRequest, public_id: str, page: str) -> HttpResponse:
    """A session's results pages in the reader's language, as :func:`said.published_language`
    rules (the switch, else the browser's, else the session's, else English)."""
    session = Session.objects.filter(public_id=public_id).only("language").first()
    language = said.published_language(request, session)
    with translation.override(language):
        request.LANGUAGE_CODE = language
        response = _results_page(request, public_id, page)
    response.headers["Content-Language"] = language  # LocaleMiddleware keeps a given one
    return response


def _results_page(request: HttpRequest, public_id: str, page: str) -> HttpResponse:
    """The results pages, built on the static report's view model (``report/view.py``)
    and rendered by its own templates, so the two never disagree. Under way, a viewer
    sees the ranking, and travellers only of boards their table has finished; the print
    page (every page at once) is the director's until the results are published."""
    session = Session.objects.filter(public_id=public_id).select_related("club").first()
    if session is None:
        raise Http404(gettext("no such session"))
    env = _environment_of(said.words_of())
    if page == "style.css":
        return HttpResponse(env.get_template("style.css").render(), content_type="text/css")
    director = _is_director(request, session)
    published = session.state == Session.State.PUBLISHED
    printing = page == PRINT_PAGE
    if printing and not (director or published):  # every page at once: the director's
        return render(request, "bridgescore/not_yet.html", {"session": session}, status=403)
    analysis = analysing.shown(session)  # started again here if a stopped server left it
    teams = session.kind == Session.Kind.TEAMS
    # a page asked again with nothing new is the page drawn before for the same viewer
    # (the page, its language, the director or the table looking, the state)
    seen_as: Hashable = (
        page,
        translation.get_language(),
        director,
        session.state,
        None if director or published else _viewer_table(request, session),
    )
    stamp, drawn = live.rendered(session, seen_as)
    tag = _page_tag(request, stamp, seen_as)
    # the tag says what the page shows: a phone that has it is answered 304 whether or not
    # this process kept the page (each server process keeps its own; the phone's last
    # look may have been drawn by another)
    page_again = _tagged(HttpResponse(), tag)
    answered = get_conditional_response(request, etag=tag, response=page_again)
    if answered is not None and answered is not page_again:  # 304: the phone has it
        return answered
    if drawn is not None:
        page_again.content = _with_switch(request, drawn)
        return page_again
    # pairs: kept between asks (one new result rescores one board); teams: scored afresh
    # once something is new (a congress Swiss at 300 teams: about 0.4 s)
    event = in_play.event_of(session) if teams else live.event(session)
    # hand records and no results: the booklet, once published (the director's before)
    booklet = not event.results.rows and bool(event.hands) and (director or published)
    boards = set(event.hands) if booklet else set(session_movement.movement_of(session).boards)
    if booklet or director:
        visible = boards
    else:
        visible = in_play.visible_boards(session, _viewer_table(request, session))
    asked = re.fullmatch(r"board-(\d+)\.html", page)
    if asked and int(asked[1]) not in visible:  # the same answer whether played or not
        if int(asked[1]) not in boards:
            raise Http404(gettext("no such board"))
        return render(request, "bridgescore/not_yet.html", {"session": session}, status=403)
    if not event.results.rows and not booklet:
        return render(request, "bridgescore/no_results.html", {"session": session})
    try:
        if booklet:
            report = build_report(event, language=said.words_of())
        else:
            report = matches.teams_report(session, event) if teams else live.report(session)
    except BridgeError as error:
        return render(
            request, "bridgescore/no_results.html", {"session": session, "error": problem(error)}
        )
    if printing:  # what the viewer may see (under way, the director: all of it)
        shown_boards = tuple(
            p for p in report.boards if p.board is None or p.board.number in visible
        )
        cards = tuple(
            p
            for p in report.cards
            if director or published or _card_visible(event, p.file, visible)
        )
        report = replace(report, boards=shown_boards, cards=cards)
        html = env.get_template(PRINT_PAGE).render(report=report)
        notes = "" if published else f'<p class="live">{escape(_("Live: results so far"))}</p>'
        if analysis.analysing and event.hands:
            notes += _analysing_note(script=False)
        html = html.replace(PRINT_BODY, f"{PRINT_BODY}{notes}", 1)
        return _drawn(request, session, seen_as, stamp, html, tag)
    shown = report.page(page)
    if shown is None:
        if asked and teams:  # a teams board is shown once both rooms have played it
            return render(request, "bridgescore/not_yet.html", {"session": session}, status=403)
        raise Http404(gettext("no such page"))
    if shown.board is not None and shown.board.number not in visible:
        return render(request, "bridgescore/not_yet.html", {"session": session}, status=403)
    if (
        page != "index.html"
        and shown.board is None
        and not (director or session.state == Session.State.PUBLISHED)
        and not _card_visible(event, page, visible)
    ):
        return render(request, "bridgescore/not_yet.html", {"session": session}, status=403)
    if not (director or published) and shown.board is not None:
        shown = _stepped_within(report, shown, visible)
    # "Print all" only to whom may open it (a player under way would get a 403)
    html = env.get_template("page.html").render(
        report=report, page=shown, print_link=director or published
    )
    notes = "" if published else _live_note()
    if analysis.analysing and shown.hands is not None:  # refreshed until it is there
        notes += _analysing_note(script=published)
    if notes:
        html = html.replace("<main>", f"<main>{notes}", 1)
    return _drawn(request, session, seen_as, stamp, html, tag)


def _drawn(
    request: HttpRequest, session: Session, seen_as: Hashable, stamp: object, html: str, tag: str
) -> HttpResponse:
    """A results page drawn, kept for its viewer while nothing new comes, with the
    language switch of this request (its form's token is the request's own, never
    kept)."""
    live.keep_rendered(session, seen_as, stamp, html)
    return _tagged(HttpResponse(_with_switch(request, html)), tag)


def _page_tag(request: HttpRequest, stamp: object, seen_as: Hashable) -> str:
    """The results page's entity tag: the same while nothing it shows changes for this
    viewer (the session's stamp, the page, its language, who looks, and the viewer's
    token for the language switch's form), the same in every server process. A live
    page asks again every 15 s: with nothing new it is answered 304, with no body (80 KB
    at 240 tables), rather than drawn and sent again. A first look without the token's
    cookie gets its token here, so that the page drawn now is the one its next ask finds
    (the form's token the page carries is one of this secret's masks)."""
    if "CSRF_COOKIE" not in request.META:  # no cookie (or a bad one): the page sets it
        get_token(request)
    token = request.META["CSRF_COOKIE"]  # the secret the cookie holds, not the masked token
    seen = repr((stamp, seen_as, token)).encode()
    return f'"{hashlib.blake2b(seen, digest_size=16).hexdigest()}"'


def _tagged(response: HttpResponse, tag: str) -> HttpResponse:
    """``response`` with its entity tag, to be kept by the browser and asked again with
    it every time (``no-cache``: never shown from the cache without asking)."""
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response


_BOARD_FILE = re.compile(r"board-\d+\.html")


def _stepped_within(report: Report, shown: Page, visible: set[int]) -> Page:
    """A board's page with its links to the board before and after among the boards the
    viewer may see (under way, a table sees only the boards it has finished: a link to
    any other would answer "not yet")."""

    def unstepped(page: Page) -> Page:
        return replace(
            page, crumbs=tuple(c for c in page.crumbs if not _BOARD_FILE.fullmatch(c[1]))
        )

    seen = [unstepped(p) for p in report.boards if p.board is None or p.board.number in visible]
    return next((p for p in with_board_steps(seen) if p.file == shown.file), unstepped(shown))


def _live_note() -> str:
    """The line that says the results are not final, with the script that refreshes the
    page; its link back to a table (``live.js``) in the page's language."""
    note = escape(_("Live: results so far"))
    back = escape(_("‹ Back to table %(table)s"))
    return (
        f'<p class="live" data-back="{back}">{note}</p>'
        '<script src="/static/bridgescore/live.js" defer></script>'
    )


def _analysing_note(*, script: bool) -> str:
    """The line that says the deals' analysis is still being worked out (a board's page
    shows the hands meanwhile), with the script that refreshes the page until it is there
    (``script``: where the live note has not brought it)."""
    note = f'<p class="analysing">{escape(_("Analysing…"))}</p>'
    return note + ('<script src="/static/bridgescore/live.js" defer></script>' if script else "")


def _with_switch(request: HttpRequest, html: str) -> str:
    """A results page (drawn by the report's templates) with the app's language switch
    in its header, as on every other page, and the switch's style."""
    switch = render_to_string("bridgescore/_languages.html", request=request).strip()
    html = html.replace("</head>", f'<link rel="stylesheet" href="{RESULTS_CSS}">\n</head>', 1)
    return html.replace("<header>", f"<header>{switch}", 1)


RESULTS_CSS = "/static/bridgescore/results.css"
"""The language switch's style on the results pages (the report's own style is theirs)."""


_ENVIRONMENTS: dict[Language, Environment] = {}


def _environment_of(w: Words) -> Environment:
    """The report's templates speaking ``w``'s language, built once for each language."""
    from bridgescore.report.html import _environment

    found = _ENVIRONMENTS.get(w.language)
    if found is None:
        found = _ENVIRONMENTS[w.language] = _environment(w)
    return found


def _card_visible(event: Event, page: str, visible: set[int]) -> bool:
    """A pair's score card, under way, only to a viewer who may see every board the pair
    has played on it (so a card never shows a board the viewer's table has still to play;
    a board marked not played shows nothing of the others' results, so it does not count)."""

    found = re.fullmatch(r"pair-(.+)\.html", page)
    if found is None:
        return False
    boards = {
        row.board
        for row in event.results.rows
        if found[1] in (slug(row.ns), slug(row.ew)) and not row.not_played
    }
    return bool(boards) and boards <= visible
