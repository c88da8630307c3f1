"""A session's results in the files other programs read, written by the library's own
writers (the same as ``bridgescore convert``), so they read back to the same event (a
session in sections section by section); and the name such a file is saved under."""

from __future__ import annotations

import datetime
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Final
from urllib.parse import quote

from django.utils.text import slugify
from django.utils.translation import gettext

from bridgescore.core.notation import ENGLISH, Notation, notation_for
from bridgescore.errors import BridgeInputError
from bridgescore.events.model import Event, VPAdjustment
from bridgescore.events.section_files import with_team_sections
from bridgescore.events.teams import outside_matches
from bridgescore.events.vocabulary import EventKind
from bridgescore.i18n import Language
from bridgescore.io.events import write_event
from bridgescore.web import in_play, matches
from bridgescore.web.models import Session

FORMATS: Final = {
    "csv": ("csv", "text/csv; charset=utf-8"),
    "json": ("json", "application/json"),
    "pbn": ("pbn", "text/plain; charset=utf-8"),
    "xml": ("xml", "application/xml"),
}
"""Export name -> (file extension, content type); ``xml`` is USEBIO."""

NAME_PART: Final = 40
"""The most characters of the club's or the session's name a file name keeps."""


def _notation(language: str | None) -> Notation:
    try:
        return notation_for(Language.parse(language or "en"))
    except BridgeInputError:
        return ENGLISH


def session_event(session: Session) -> Event:
    """The session's event as its files write it: a teams session in sections with each
    row and team saying its section, so that PBN and USEBIO write its sections (each its
    own teams, matches and rooms) as a pairs session scored within each section is
    written; any other session's event as it is scored. A teams session's byes' VPs
    (less its penalties) go with it as adjustments, so that a file read back ranks each
    team with them; a board marked not played in a room is written ``NP`` there, so that
    the file read back leaves it out of its match as the web does."""
    event = in_play.event_of(session, not_played=True)
    if event.kind is EventKind.TEAMS:
        result = matches.teams_result(session, event)
        if result is not None:  # a bye's VPs (less a penalty), which no match carries
            added = outside_matches(result)
            event = replace(event, adjustments=tuple(VPAdjustment(t, v) for t, v in added.items()))
    plan = matches.sections_plan(session)
    return event if plan is None else with_team_sections(event, plan.field)


def export_event(event: Event, fmt: str, language: str | None = None) -> tuple[bytes, str]:
    """The event as a file's bytes, and its content type; a CSV or JSON file writes its
    contracts, seats and vulnerabilities as ``language``'s players do (and says so), PBN
    and USEBIO as their standards define. Every format carries the event's date and club,
    the opening leads the tables gave, and every pair (one that has played no board yet
    too)."""
    if fmt not in FORMATS:
        raise BridgeInputError(
            gettext("no export {fmt!r}: use one of {join}").format(fmt=fmt, join=", ".join(FORMATS))
        )
    suffix, content_type = FORMATS[fmt]
    with tempfile.TemporaryDirectory(prefix="bridgescore-export-") as folder:
        path = write_event(event, Path(folder) / f"session.{suffix}", notation=_notation(language))
        return path.read_bytes(), content_type


def _part(text: str, *, unicode: bool) -> str:
    """A name as a file name part: lower case, words joined by ``-``; with ``unicode`` its
    letters kept (``käpylän-kerho``), else written in plain ASCII (``kapylan-kerho``)."""
    return slugify(text, allow_unicode=unicode)[:NAME_PART].strip("-")


def file_name(
    club: str, date: datetime.date, session: str, suffix: str, *, unicode: bool = False
) -> str:
    """The name an export is saved under: the club, the date and the session
    (``kerho-2026-12-04-tiistai.csv``); a name with nothing left to write is left out."""
    parts = [_part(club, unicode=unicode), date.isoformat(), _part(session, unicode=unicode)]
    return "-".join(p for p in parts if p) + f".{suffix}"


def disposition(club: str, date: datetime.date, session: str, suffix: str) -> str:
    """The ``Content-Disposition`` of an export: an attachment named in plain ASCII for
    every browser, and with its own letters (``ä``, ``ñ``) for those that read RFC 6266's
    ``filename*``."""
    plain = file_name(club, date, session, suffix)
    own = file_name(club, date, session, suffix, unicode=True)
    header = f'attachment; filename="{plain}"'
    if own != plain:
        header += f"; filename*=UTF-8''{quote(own, safe='')}"
    return header
