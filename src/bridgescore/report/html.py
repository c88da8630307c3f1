"""The static results site: ranking, travellers with hand diagrams, score cards, a print page."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

from bridgescore.core.seats import Seat
from bridgescore.events.conventions import Chosen
from bridgescore.events.model import Event
from bridgescore.events.selfcheck import Checked
from bridgescore.i18n import ENGLISH, Language, Words, words
from bridgescore.io.writing import write_text
from bridgescore.report.view import Report, build_report, seat_name, vulnerability_name


def suits(text: object) -> Markup:
    """A cell's text, escaped, with the red suits' symbols coloured (``♥`` and ``♦``)."""
    shown = str(escape(str(text)))
    for symbol in ("♥", "♦"):
        shown = shown.replace(symbol, f'<span class="red-suit">{symbol}</span>')
    return Markup(shown)


def _environment(w: Words = ENGLISH) -> Environment:
    """The templates' environment, speaking ``w``'s language: ``_()`` in a template looks a
    message up in the shared catalogue (Django's ``makemessages`` finds ``{{ _("...") }}``),
    ``seat_name`` and ``vulnerability_name`` give a board's dealer and vulnerability."""
    env = Environment(
        loader=PackageLoader("bridgescore.report", "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["suits"] = suits
    env.globals["_"] = w.gettext
    env.globals["pgettext"] = w.pgettext
    env.globals["seat_name"] = lambda seat: seat_name(seat, w)
    env.globals["seat_letter"] = lambda letter: w.notation.seat(Seat.parse(letter))
    env.globals["vulnerability_name"] = lambda vul: vulnerability_name(vul, w)
    return env


def build_site(
    event: Event,
    out_dir: str | Path,
    *,
    scoring: str | None = None,
    policy: str | None = None,
    conventions: Chosen | Checked | None = None,
    language: Words | Language | str = Language.EN,
) -> list[Path]:
    """Write the site into ``out_dir`` (created if needed) in ``language``; returns the
    files written."""
    w = words(language)
    report = build_report(event, scoring, policy, conventions=conventions, language=w)
    return write_site(report, out_dir)


def write_site(report: Report, out_dir: str | Path) -> list[Path]:
    """Write a report already laid out (a teams field in sections ranked section by
    section, :func:`~bridgescore.report.view.teams_pages`) as the site, in the report's
    language, into ``out_dir`` (created if needed); returns the files written."""
    w = words(report.language)
    target = Path(out_dir)
    target.mkdir(parents=True, exist_ok=True)
    env = _environment(w)
    page = env.get_template("page.html")
    written = []
    for item in (report.index, *report.boards, *report.cards):
        path = target / item.file
        write_text(path, page.render(report=report, page=item))
        written.append(path)
    printable = target / "print.html"
    write_text(printable, env.get_template("print.html").render(report=report))
    style = target / "style.css"
    write_text(style, env.get_template("style.css").render())
    return [*written, printable, style]
