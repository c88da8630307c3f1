"""``bridgescore event``, ``report`` and ``convert``: event files in and out."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Any

import click

from bridgescore.cli._common import (
    cli_reader,
    cli_words,
    console,
    emit_json,
    friendly_errors,
    lang_option,
    note,
)
from bridgescore.cli._options import convention_options, laws_option
from bridgescore.cli.deals import analysis_option, jobs_option, with_analysis
from bridgescore.cli.events import (
    conventions_of,
    print_ranking,
    read_event,
)
from bridgescore.cli.movement import load_schedule_argument, missing_lines
from bridgescore.events.deals import hand_records
from bridgescore.events.model import Event
from bridgescore.events.movements.fit import missing_results
from bridgescore.events.movements.model import Movement
from bridgescore.events.movements.teams import RoundRobin
from bridgescore.events.summary import event_summary
from bridgescore.events.teams import TeamsResult
from bridgescore.i18n import gettext_noop
from bridgescore.io.events import check_format, write_event
from bridgescore.io.writing import check_not_input

_SCORING_HELP = gettext_noop(
    "Score as mp, acbl, butler or cross-imps (pairs), or imps/bam (teams)."
)
_STRICT_HELP = gettext_noop("Treat warnings as errors.")
_FORCE_HELP = gettext_noop("Write even over the input file.")

_MOVEMENT_HELP = gettext_noop(
    "The movement it was played in (a spec such as mitchell:8x3 or, for teams,"
    " robin:8x12; or a movement file): every result must fit it, a pairs result may"
    " name only its round and table, and missing results are listed."
)


def _movement(source: str | None) -> Movement | RoundRobin | None:
    return None if source is None else load_schedule_argument(source)


def _played(event: Event) -> list[tuple[int, str, str]]:
    return [(row.board, row.ns, row.ew) for row in event.results.rows]


@click.command(
    "event",
    help=gettext_noop(
        "Print the ranking of any supported event file (CSV, JSON, PBN, USEBIO), scored as"
        " the program that wrote it scores (it says which conventions it applied)."
    ),
    epilog="Examples:\n\n  bridgescore event examples/pairs-mitchell.csv\n\n"
    "  bridgescore event results.pbn --json\n\n"
    "  bridgescore event results.xml --policy none",
)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--scoring", default=None, help=_SCORING_HELP)
@convention_options
@laws_option
@click.option("--strict", is_flag=True, help=_STRICT_HELP)
@click.option("--movement", "movement_source", default=None, help=_MOVEMENT_HELP)
@click.option(
    "--event",
    "table_event",
    default=None,
    metavar="NAME",
    help=gettext_noop("The event to score from a Parquet season table that holds several."),
)
@click.option(
    "--json", "as_json", is_flag=True, help=gettext_noop("Print JSON (see docs/events.md).")
)
@analysis_option
@jobs_option
@lang_option
@friendly_errors
def event_command(
    file: str,
    scoring: str | None,
    laws: str,
    strict: bool,
    movement_source: str | None,
    table_event: str | None,
    as_json: bool,
    analysis: bool,
    jobs: int | None,
    **options: Any,
) -> None:
    """``bridgescore event`` (its help is above, for the catalogue)."""
    movement = _movement(movement_source)
    event = read_event(file, laws=laws, strict=strict, movement=movement, table_event=table_event)
    missing = () if movement is None else missing_results(movement, _played(event))
    for line in missing_lines(missing):
        note(line)
    found = conventions_of(event, scoring, options)
    chosen, result = found.chosen, found.result
    if isinstance(result, TeamsResult) and result.check is not None:
        note(result.check.describe(cli_reader()))  # a match table's VPs against the scale
    if as_json:
        summary = event_summary(event, result)
        summary["conventions"] = chosen.as_dict()
        summary["self_check"] = found.as_dict()
        analysed, _complete = with_analysis(event, jobs, solver=analysis)  # JSON only
        summary["boards"] = [record.as_json() for record in hand_records(analysed)]
        if movement is not None:
            summary["missing"] = [asdict(seating) for seating in missing]
        emit_json(summary)
        return
    print_ranking(console(), event, result, event.name or Path(file).name, cli_words())


@click.command(
    "report",
    help=gettext_noop(
        "Publish an event's results: a static site (ranking, travellers with hand diagrams,"
        " score cards, a page that prints well) and/or a PDF."
    ),
    epilog="Examples:\n\n  bridgescore report examples/pairs-mitchell.csv --html site/\n\n"
    "  bridgescore report results.pbn --pdf results.pdf",
)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--html", "html_dir", type=click.Path(file_okay=False), default=None,
              help=gettext_noop("Write the results site into this folder."))  # fmt: skip
@click.option("--pdf", "pdf_path", type=click.Path(dir_okay=False), default=None,
              help=gettext_noop("Write the same results as one PDF."))  # fmt: skip
@click.option("--scoring", default=None, help=_SCORING_HELP)
@convention_options
@laws_option
@click.option("--strict", is_flag=True, help=_STRICT_HELP)
@click.option("--force", is_flag=True, help=_FORCE_HELP)
@analysis_option
@jobs_option
@lang_option
@friendly_errors
def report_command(
    file: str,
    html_dir: str | None,
    pdf_path: str | None,
    scoring: str | None,
    laws: str,
    strict: bool,
    force: bool,
    analysis: bool,
    jobs: int | None,
    **options: Any,
) -> None:
    """``bridgescore report`` (its help is above, for the catalogue)."""
    if html_dir is None and pdf_path is None:
        raise click.UsageError(cli_words().gettext("say where: --html DIR and/or --pdf FILE"))
    if pdf_path is not None:
        check_not_input(pdf_path, [file], force=force)
    if html_dir is not None:
        for name in ("index.html", "print.html", "style.css"):
            check_not_input(Path(html_dir) / name, [file], force=force)
    event, _complete = with_analysis(
        read_event(file, laws=laws, strict=strict), jobs, solver=analysis
    )
    chosen = (
        None if not event.results.rows and event.hands else conventions_of(event, scoring, options)
    )
    from bridgescore.report import build_pdf, build_site

    w = cli_words()
    _ = w.gettext
    if html_dir is not None:
        written = build_site(event, html_dir, conventions=chosen, language=w)
        click.echo(
            _("wrote {count} files to {folder} (open {index})").format(
                count=len(written), folder=html_dir, index=Path(html_dir) / "index.html"
            )
        )
    if pdf_path is not None:
        path = build_pdf(event, pdf_path, conventions=chosen, language=w)
        click.echo(_("wrote {path}").format(path=path))


@click.command(
    "convert",
    help=gettext_noop(
        "Convert an event file between formats: the source is recognised by its content,"
        " the target's format is the one its extension names (.csv, .json, .pbn, .xml)."
    ),
    epilog="Examples:\n\n  bridgescore convert examples/pairs-mitchell.csv session.json\n\n"
    "  bridgescore convert session.pbn session.xml",
)
@click.argument("source", type=click.Path(dir_okay=False))
@click.argument("target", type=click.Path(dir_okay=False))
@laws_option
@click.option("--strict", is_flag=True, help=_STRICT_HELP)
@click.option("--force", is_flag=True, help=_FORCE_HELP)
@friendly_errors
def convert_command(source: str, target: str, laws: str, strict: bool, force: bool) -> None:
    """``bridgescore convert`` (its help is above, for the catalogue)."""
    check_not_input(target, [source], force=force)
    check_format(target)
    event = read_event(source, laws=laws, strict=strict)
    path = write_event(event, target)
    click.echo(cli_words().gettext("wrote {path}").format(path=path))
