"""Files out of a session: the guide cards, the results in the other programs' formats, the
whole results site."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.utils import translation
from django.utils.translation import gettext

from bridgescore.errors import BridgeError
from bridgescore.web import (
    failures,
    in_play,
    matches,
    naming,
    session_movement,
)
from bridgescore.web.answers import problem
from bridgescore.web.director.access import directed
from bridgescore.web.director.forms import SectionShownForm
from bridgescore.web.models import (
    Session,
    TableLink,
)


@login_required
def table_cards(request: HttpRequest, session_id: int) -> HttpResponse:
    """The guide cards, each table's (a teams session: each room's) with its own link on the
    public address (never the request's Host header) and the table's code."""
    session = directed(request, session_id)
    from bridgescore.report.cards import cards_html
    from bridgescore.web.address import link
    from bridgescore.web.said import published_language, words_of

    words = words_of(published_language(request, session) or None)
    field = session_movement.sections_of(session)
    letter = SectionShownForm.asked(request, field.letters if field is not None else ())
    if letter and session.kind == Session.Kind.TEAMS:
        raise Http404(gettext("Section: a teams session's cards are printed all at once"))

    tables = list(TableLink.objects.filter(session=session))
    links = {t.table: link(f"/t/{t.token}/") for t in tables}
    codes = {t.table: t.code for t in tables}
    if session.kind == Session.Kind.TEAMS:  # the rooms' cards and the teams' (library's)
        from bridgescore.report.team_cards import team_cards_html

        rooms_in = session_movement.sections_of(session)  # in sections: B1a, B1b ...
        plan = matches.sections_plan(session)

        def room(table: int) -> str:
            return naming.room_label(table, rooms_in)

        robin = matches.round_robin_of(session)
        page = team_cards_html(
            robin,
            session.name,
            room_links={room(table): url for table, url in links.items()},
            room_codes={room(table): code for table, code in codes.items()},
            swiss_rounds=matches.planned_rounds(session)
            if session.schedule == Session.Schedule.SWISS
            else None,
            words=words,
            sections=None if plan is None else plan.field,
        )
        return HttpResponse(page)
    if field is not None:  # each section's cards (or one's: ?section=B), its tables from 1
        from bridgescore.report.cards import sections_cards_html

        return HttpResponse(
            sections_cards_html(field, session.name, table_links=links, table_codes=codes,
                                words=words, letters=(letter,) if letter else None)
        )  # fmt: skip
    movement = session_movement.movement_of(session)
    return HttpResponse(
        cards_html(movement, session.name, table_links=links, table_codes=codes, words=words)
    )


@login_required
def export(request: HttpRequest, session_id: int, fmt: str) -> HttpResponse:
    """The session's results as CSV, JSON, PBN or USEBIO (read back by the library); CSV
    and JSON in the director's language's notation."""
    session = directed(request, session_id)
    from bridgescore.web.exports import disposition, export_event, session_event

    try:
        text, content_type = export_event(session_event(session), fmt, translation.get_language())
    except BridgeError as error:
        return failures.refused(request, problem(error))
    response = HttpResponse(text, content_type=content_type)
    response["Content-Disposition"] = disposition(
        session.club.name, session.date, session.name, fmt
    )
    return response


@login_required
def export_site(request: HttpRequest, session_id: int) -> HttpResponse:
    """The static results site (``bridgescore.report.build_site``) as a zip."""
    session = directed(request, session_id)
    import io
    import tempfile
    import zipfile
    from pathlib import Path

    from bridgescore.report.html import build_site, write_site
    from bridgescore.web.exports import disposition

    buffer = io.BytesIO()
    try:
        with tempfile.TemporaryDirectory(prefix="bridgescore-site-") as folder:
            event = in_play.event_of(session)
            if matches.sections_plan(session) is not None:  # ranked section by section
                written = write_site(matches.teams_report(session, event, "en"), folder)
            else:
                written = build_site(event, folder)
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
                for path in written:
                    archive.write(path, Path(path).relative_to(folder).as_posix())
    except BridgeError as error:
        return failures.refused(request, problem(error))
    response = HttpResponse(buffer.getvalue(), content_type="application/zip")
    response["Content-Disposition"] = disposition(
        session.club.name, session.date, f"{session.name} site", "zip"
    )
    return response
