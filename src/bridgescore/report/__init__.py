"""Published results: a static HTML site as clubs publish, and the same as one PDF.

The PDF needs the ``pdf`` extra (fpdf2); without it, :func:`build_pdf` raises a
:class:`~bridgescore.errors.MissingExtraError` saying ``pip install 'bridgescore[pdf]'``
and the HTML site still works.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bridgescore.events.conventions import Chosen
    from bridgescore.events.model import Event
    from bridgescore.events.selfcheck import Checked
    from bridgescore.i18n import Language, Words


def build_site(
    event: Event,
    out_dir: str | Path,
    *,
    scoring: str | None = None,
    policy: str | None = None,
    conventions: Chosen | Checked | None = None,
    language: Words | Language | str = "en",
) -> list[Path]:
    """Write the results site into ``out_dir`` in ``language`` (``en``, ``fi``, ``es``; see
    :mod:`bridgescore.report.html`; its templates are loaded only when a site is written);
    the files written."""
    from bridgescore.report import html

    return html.build_site(
        event, out_dir, scoring=scoring, policy=policy, conventions=conventions, language=language
    )


def build_pdf(
    event: Event,
    out_path: str | Path,
    *,
    scoring: str | None = None,
    policy: str | None = None,
    conventions: Chosen | Checked | None = None,
    language: Words | Language | str = "en",
) -> Path:
    """Write the whole report as one PDF at ``out_path`` in ``language`` (see
    :mod:`bridgescore.report.pdf`)."""
    from bridgescore.report import pdf

    return pdf.build_pdf(
        event, out_path, scoring=scoring, policy=policy, conventions=conventions, language=language
    )


__all__ = ["build_pdf", "build_site"]
