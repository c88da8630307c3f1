"""A session's results in the files other programs read, written by the library's own
writers (the same as ``bridgescore convert``), so they read back to the same event."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Final

from django.utils.translation import gettext

from bridgescore.core.notation import ENGLISH, Notation, notation_for
from bridgescore.errors import BridgeInputError
from bridgescore.events.model import Event
from bridgescore.i18n import Language
from bridgescore.io.events import write_event

FORMATS: Final = {
    "csv": ("csv", "text/csv; charset=utf-8"),
    "json": ("json", "application/json"),
    "pbn": ("pbn", "text/plain; charset=utf-8"),
    "xml": ("xml", "application/xml"),
}
"""Export name -> (file extension, content type); ``xml`` is USEBIO."""


def _notation(language: str | None) -> Notation:
    try:
        return notation_for(Language.parse(language or "en"))
    except BridgeInputError:
        return ENGLISH


def export_event(event: Event, fmt: str, language: str | None = None) -> tuple[bytes, str]:
    """The event as a file's bytes, and its content type; a CSV or JSON file writes its
    contracts, seats and vulnerabilities as ``language``'s players do (and says so), PBN
    and USEBIO as their standards define."""
    if fmt not in FORMATS:
        raise BridgeInputError(
            gettext("no export {fmt!r}: use one of {join}").format(fmt=fmt, join=", ".join(FORMATS))
        )
    suffix, content_type = FORMATS[fmt]
    with tempfile.TemporaryDirectory(prefix="bridgescore-export-") as folder:
        path = write_event(event, Path(folder) / f"session.{suffix}", notation=_notation(language))
        return path.read_bytes(), content_type
