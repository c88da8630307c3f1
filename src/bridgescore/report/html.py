"""The static results site: ranking, travellers with hand diagrams, score cards, a print page."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape

from bridgescore.events.conventions import Chosen
from bridgescore.events.model import Event
from bridgescore.report.view import build_report


def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("bridgescore.report", "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def build_site(
    event: Event,
    out_dir: str | Path,
    *,
    scoring: str | None = None,
    policy: str | None = None,
    conventions: Chosen | None = None,
) -> list[Path]:
    """Write the site into ``out_dir`` (created if needed); returns the files written."""
    report = build_report(event, scoring, policy, conventions=conventions)
    target = Path(out_dir)
    target.mkdir(parents=True, exist_ok=True)
    env = _environment()
    page = env.get_template("page.html")
    written = []
    for item in (report.index, *report.boards, *report.cards):
        path = target / item.file
        path.write_text(page.render(report=report, page=item), encoding="utf-8")
        written.append(path)
    printable = target / "print.html"
    printable.write_text(env.get_template("print.html").render(report=report), encoding="utf-8")
    style = target / "style.css"
    style.write_text(env.get_template("style.css").render(), encoding="utf-8")
    return [*written, printable, style]
