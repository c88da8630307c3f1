"""``bridgescore deals``: hand records with double-dummy analysis and par in the terminal,
and the analysis every command that shows a board's deal gets (``event``, ``report``)."""

from __future__ import annotations

import sys

import click

from bridgescore.cli._common import (
    EXIT_BAD_INPUT,
    cli_reader,
    cli_words,
    emit_json,
    fail,
    friendly_errors,
    lang_option,
    note,
    one_line,
)
from bridgescore.cli._options import F, laws_option
from bridgescore.cli.events import report_problems, said
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.errors import MissingExtraError
from bridgescore.events.deals import HandRecord, analysed, hand_records
from bridgescore.events.model import Event
from bridgescore.i18n import Words, gettext_noop
from bridgescore.io.events import load_deals
from bridgescore.report.view import (
    AnalysisView,
    HandView,
    analysis_view,
    hand_views,
    seat_name,
    vulnerability_name,
)

_JOBS_HELP = gettext_noop(
    "Threads for the double-dummy solver (default: as many as the machine has)."
)


def with_analysis(
    event: Event, jobs: int | None = None, *, solver: bool = True
) -> tuple[Event, bool]:
    """``event`` with the solver's analysis of every known deal, its disagreements with
    the file's figures and the deals it could not analyse said on stderr, one line a
    board; without the ``dd`` extra, the file's own analysis and one line saying how to
    install it; without ``solver`` (``--no-analysis``), the file's own analysis. The second
    value: whether every deal could be analysed."""
    if not event.hands or not solver:
        return event, True
    try:
        found = analysed(event, jobs=jobs)
    except MissingExtraError as error:
        note(said(error, cli_words()))
        return event, True
    w = cli_words()
    for line in (*found.disagreements, *found.problems):
        note(one_line(line.render(cli_reader(w))))
    return found.event, not found.problems


_ANALYSIS_HELP = gettext_noop(
    "Whether the double-dummy solver analyses the deals (default: it does); with"
    " --no-analysis only the file's own analysis is shown, quicker for a file of many deals."
)


def analysis_option(command: F) -> F:
    """``--analysis/--no-analysis``: whether the solver analyses the deals."""
    return click.option("--analysis/--no-analysis", default=True, help=_ANALYSIS_HELP)(command)


def jobs_option(command: F) -> F:
    """``--jobs N``: the solver's threads (a positive whole number)."""
    return click.option(
        "--jobs", type=click.IntRange(min=1), default=None, metavar="N", help=_JOBS_HELP
    )(command)


@click.command(
    "deals",
    help=gettext_noop(
        "Print the hand records of a file (PBN, USEBIO, Bridgemate): each board's hands"
        " with high-card points, the double-dummy tricks of every declarer in every strain,"
        " and par (the solver needs the dd extra)."
    ),
    epilog="Examples:\n\n  bridgescore deals hands.pbn\n\n"
    "  bridgescore deals results.pbn --json --jobs 2",
)
@click.argument("file", type=click.Path(dir_okay=False))
@jobs_option
@laws_option
@click.option("--strict", is_flag=True, help=gettext_noop("Treat warnings as errors."))
@click.option(
    "--json", "as_json", is_flag=True, help=gettext_noop("Print JSON (see docs/analysis.md).")
)
@lang_option
@friendly_errors
def deals_command(file: str, jobs: int | None, laws: str, strict: bool, as_json: bool) -> None:
    """``bridgescore deals`` (its help is above, for the catalogue)."""
    event, errors = load_deals(file, laws=laws, strict=strict)
    report_problems(list(errors) or list(event.results.warnings))
    if not event.hands:
        fail(cli_words().gettext("{file}: no deal to show").format(file=file))
    event, complete = with_analysis(event, jobs)
    records = hand_records(event)
    if as_json:
        emit_json([record.as_json() for record in records])
    else:
        w = cli_words()
        click.echo("\n\n".join("\n".join(hand_record_lines(r, w)) for r in records))
    if errors or not complete:
        sys.exit(EXIT_BAD_INPUT)


_HAND_WIDTH = 18


def hand_record_lines(record: HandRecord, w: Words) -> list[str]:
    """One board's hand record as terminal lines: the board, dealer and vulnerability,
    the diagram (North above, West and East beside, South below) with each hand's
    high-card points, the double-dummy grid, and par."""
    _ = w.gettext
    board: BoardInfo = record.board
    hands = hand_views(record.hands, w)
    view = analysis_view(record.hands, record.analysis, w)
    lines = [
        _("Board {number}").format(number=board.number)
        + " · "
        + _("Dealer {dealer}, vulnerable: {vulnerable}").format(
            dealer=seat_name(board.dealer, w),
            vulnerable=vulnerability_name(board.vulnerability, w),
        ),
        "",
    ]
    indent = " " * _HAND_WIDTH
    lines += [(indent + line).rstrip() for line in _hand_lines(hands.get("N"), view, "N")]
    west = _hand_lines(hands.get("W"), view, "W")
    east = _hand_lines(hands.get("E"), view, "E")
    depth = max(len(west), len(east))
    west += [""] * (depth - len(west))
    east += [""] * (depth - len(east))
    for left, right in zip(west, east, strict=True):
        lines.append(f"{left:<{_HAND_WIDTH}}{'':<{_HAND_WIDTH}}{right}".rstrip())
    lines += [(indent + line).rstrip() for line in _hand_lines(hands.get("S"), view, "S")]
    lines.append("")
    lines += _grid_lines(view, w)
    return lines


def _hand_lines(hand: HandView | None, view: AnalysisView, seat: str) -> list[str]:
    """A hand's five lines: its seat with its high-card points, then its four suits."""
    if hand is None:
        return ["—"]
    points = view.hcp.get(seat)
    head = hand.seat if points is None else f"{hand.seat} ({points})"
    return [head, *(f"{symbol} {cards}" for symbol, cards in hand.suits)]


def _grid_lines(view: AnalysisView, w: Words) -> list[str]:
    _ = w.gettext
    lines = []
    if view.declarers:
        lines.append(_("Double dummy"))
        lines.append("    " + "".join(f"{strain:>4}" for strain in view.strains))
        for seat, tricks in view.declarers:
            lines.append(f"{seat:<4}" + "".join(f"{count:>4}" for count in tricks))
    if view.par_score:
        contracts = f": {view.par_contracts}" if view.par_contracts else ""
        lines.append(f"{_('Par')} {view.par_score}{contracts}")
    return lines
