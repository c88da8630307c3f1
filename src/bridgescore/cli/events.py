"""``bridgescore pairs``, ``teams``, ``imps`` and ``vp``: a director's commands."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.table import Table

from bridgescore.cli._common import (
    EXIT_BAD_INPUT,
    cli_reader,
    cli_words,
    console,
    emit_json,
    filled_help,
    friendly_errors,
    is_file,
    note,
    one_line,
)
from bridgescore.cli._options import convention_options, imp_table_option, laws_option
from bridgescore.duplicate.imps import get_imp_table, imp_table_names
from bridgescore.duplicate.vp import (
    VPScale,
    depends_on_boards,
    get_scale,
    load_scale,
    scale_names,
)
from bridgescore.errors import BridgeInputError, Message
from bridgescore.events.figures import fixed, signed
from bridgescore.events.model import Event, Problem
from bridgescore.events.movements.model import Movement
from bridgescore.events.movements.teams import RoundRobin
from bridgescore.events.options import DEFAULT_OPTIONS
from bridgescore.events.pairs import PAIRS_SCORINGS, PairsResult, Traveller
from bridgescore.events.scoring import EventResult
from bridgescore.events.selfcheck import Checked, checked
from bridgescore.events.summary import (
    card_line,
    names_of,
    pairs_summary,
    result_line,
    teams_summary,
)
from bridgescore.events.teams import TeamsResult
from bridgescore.i18n import ENGLISH, Words, gettext_noop
from bridgescore.io.events import load_event
from bridgescore.io.results import ResultsFileError

if TYPE_CHECKING:
    from bridgescore.report.view import Table as ViewTable

_STRICT_HELP = gettext_noop("Treat warnings (unused columns, boards played fewer times) as errors.")
_JSON_HELP = gettext_noop("Print JSON.")
_VP_HELP = filled_help(
    gettext_noop("VP scale: {names}, or a scale file."), names=", ".join(scale_names())
)


def read_event(
    path: str,
    *,
    laws: str,
    strict: bool,
    teams: bool | None = None,
    movement: Movement | RoundRobin | None = None,
    table_event: str | None = None,
) -> Event:
    """Read an event file; print every problem (not just the first) and exit 2 on errors;
    the warnings are printed too, one a line. A Parquet table of results (what ``bridgescore
    batch`` writes) is read by the batch extra, its event ``table_event`` where it holds
    several."""
    if Path(path).suffix.lower() in (".parquet", ".pq"):
        return _table_event(path, laws=laws, name=table_event)
    try:
        event = load_event(path, laws=laws, strict=strict, teams=teams, movement=movement)
    except ResultsFileError as error:
        report_problems(error.problems)
        sys.exit(EXIT_BAD_INPUT)
    report_problems(list(event.results.warnings))
    return event


def _table_event(path: str, *, laws: str, name: str | None) -> Event:
    try:
        from bridgescore.batch.events import load_table_event
    except ImportError as error:  # the batch extra is missing: its one line says so
        said = error.args[0] if error.args else str(error)
        raise BridgeInputError(said if isinstance(said, Message) else str(said)) from None
    return load_table_event(path, laws=laws, name=name)


def conventions_of(event: Event, scoring: str | None, options: Mapping[str, Any]) -> Checked:
    """The event scored as its file's program scores it (the options given on top), proved
    by the file's own figures (:func:`bridgescore.events.selfcheck.checked`); which
    conventions, and how many of the file's figures agree, said on one line on stderr."""
    found = checked(
        event,
        scoring,
        policy=options.get("policy"),
        butler=options.get("butler_preset"),
        cross_imps=options.get("cross_imps"),
        factoring=options.get("factor_totals"),
        field=options.get("field"),
        incomplete=options.get("incomplete"),
        imp_totals=options.get("imp_totals"),
        mp_scale=options.get("mp_scale"),
        entrants=options.get("entrants"),
        vp_scale=options.get("vp_scale"),
        imp_table=options.get("imp_table"),
    )
    note(found.describe(cli_reader()))
    return found


def said(item: object, w: Words) -> str:
    """A library's problem or error in ``w``'s language when it can say it so."""
    translated = getattr(item, "translated", None)
    return str(translated(cli_reader(w))) if callable(translated) else str(item)


def report_problems(problems: list[Problem]) -> None:
    """Every problem on its own line on stderr."""
    w = cli_words()
    for problem in problems:
        click.echo(f"bridgescore: {one_line(said(problem, w))}", err=True)


# --- pairs ------------------------------------------------------------------------------------


@click.command(
    "pairs",
    help=gettext_noop(
        "Score a pairs event from a results file (CSV, JSON, PBN or USEBIO; see"
        " docs/events.md).\n\n"
        "Prints the ranking with ties as 3=, and on request a board's traveller or a pair's"
        " score card."
    ),
    epilog="Examples:\n\n  bridgescore pairs examples/pairs-mitchell.csv\n\n"
    "  bridgescore pairs results.csv --scoring butler --traveller 5\n\n"
    "  bridgescore pairs results.csv --card 3 --json",
)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--scoring",
    type=click.Choice([s.value for s in PAIRS_SCORINGS]),
    default=DEFAULT_OPTIONS.scoring.value,
    show_default=True,
    help=gettext_noop("Matchpoints (2-1-0), ACBL (1-½-0), butler IMPs, or cross-IMPs."),
)
@convention_options
@click.option(
    "--traveller", type=int, default=None, help=gettext_noop("Show this board's traveller.")
)
@click.option(
    "--section",
    default=None,
    help=gettext_noop(
        "With --traveller: this section's traveller (sections scored apart); every"
        " section's by default."
    ),
)
@click.option("--card", default=None, help=gettext_noop("Show this pair's personal score card."))
@laws_option
@click.option("--strict", is_flag=True, help=_STRICT_HELP)
@click.option("--json", "as_json", is_flag=True, help=_JSON_HELP)
@friendly_errors
def pairs_command(
    file: str,
    scoring: str,
    traveller: int | None,
    section: str | None,
    card: str | None,
    laws: str,
    strict: bool,
    as_json: bool,
    **options: Any,
) -> None:
    """``bridgescore pairs`` (its help is above, for the catalogue)."""
    event = read_event(file, laws=laws, strict=strict, teams=False)
    result = conventions_of(event, scoring, options).result
    if not isinstance(result, PairsResult):
        raise BridgeInputError(
            cli_words()
            .gettext("{file}: not a pairs event; use bridgescore event or teams")
            .format(file=file)
        )
    w = cli_words()
    if card is not None:  # typed as the reader writes it too: 3IL is 3EW in Finnish
        card = w.notation.find_pair(card, result.cards) or card
    if as_json:
        data = pairs_summary(result, names_of(event))
        if traveller is not None:
            data = {
                "traveller": [
                    result_line(
                        line.row, line.ns_points, line.ew_points, line.ns_percent, line.ew_percent
                    )
                    for shown in result.travellers_of(traveller, section)
                    for line in shown.lines
                ]
            }
        elif card is not None:
            data = {"card": [card_line(line) for line in result.card(card)]}
        emit_json(data)
        return
    out = console()
    if traveller is not None:
        for shown in result.travellers_of(traveller, section):
            out.print(_traveller_table(result, shown, w))
    elif card is not None:
        out.print(_card_table(result, card, w))
    else:
        print_ranking(out, event, result, event.name or Path(file).name, w)


def print_ranking(
    out: Console, event: Event, result: EventResult, title: str, w: Words = ENGLISH
) -> None:
    """The rankings as every renderer shows them (``report.view.index_tables``: the
    columns are decided there once, in ``w``'s words and figures), a column nobody has
    anything in left out."""
    from bridgescore.report.view import index_tables, scoring_name  # when a ranking is shown

    how = scoring_name(result, w)
    for shown in index_tables(event, result, w):
        if not shown.navigation:
            out.print(rendered(shown, f"{title} — {shown.title} ({how})"))


def rendered(shown: ViewTable, title: str) -> Table:
    """A table of the report's view model as the terminal shows it (numbers to the
    right), a column nobody has anything in left out."""
    kept = [i for i in range(len(shown.header)) if any(row.cells[i] for row in shown.rows)] or list(
        range(len(shown.header))
    )
    table = Table(title=title, title_justify="left")
    for i in kept:
        table.add_column(shown.header[i], justify="right" if i in shown.numeric else "left")
    for row in shown.rows:
        table.add_row(*(row.cells[i] for i in kept))
    return table


def _unit(result: PairsResult, w: Words = ENGLISH) -> str:
    _ = w.gettext
    return _("IMPs") if result.scoring.uses_imps else _("MP")


def _traveller_table(result: PairsResult, traveller: Traveller, w: Words = ENGLISH) -> Table:
    """A board's traveller as the report lays it out (``report.view.traveller_table``),
    its section named when the sections were scored apart."""
    from bridgescore.report.view import traveller_table

    shown = traveller_table(traveller, result, w)
    board = (
        w.gettext("Board {number}").format(number=traveller.board)
        if traveller.section is None
        else w.gettext("Section {section}, board {number}").format(
            section=traveller.section, number=traveller.board
        )
    )
    return rendered(shown, f"{board} — {shown.title}")


def _card_table(result: PairsResult, pair: str, w: Words = ENGLISH) -> Table:
    """The pair's score card as the report lays it out (``report.view.card_table``)."""
    from bridgescore.report.view import card_table

    shown = card_table(result, pair, w)
    return rendered(shown, w.gettext("Score card: pair {pair}").format(pair=w.notation.pair(pair)))


# --- teams ------------------------------------------------------------------------------------


def _scale_option(value: str) -> str | VPScale:
    """A named scale, or a club's scale file (a text too long to be a file's name is no
    file: it is said to be no scale)."""
    if is_file(value):
        return load_scale(value)
    return value


@click.command(
    "teams",
    help=gettext_noop("Score a teams event: each match's IMPs and VPs, and the standings."),
    epilog="Examples:\n\n  bridgescore teams examples/teams.json\n\n"
    "  bridgescore teams results.csv --vp 20 --json\n\n"
    "  bridgescore teams results.csv --vp club-scale.csv",
)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--vp",
    "vp_scale",
    default=DEFAULT_OPTIONS.vp_scale_name,
    show_default=True,
    **_VP_HELP,
)
@click.option(
    "--scoring",
    type=click.Choice(["imps", "bam"]),
    default="imps",
    show_default=True,
    help=gettext_noop("IMPs and VPs, or board-a-match (2 a board won, 1 tied)."),
)
@imp_table_option
@click.option(
    "--incomplete",
    type=click.Choice(["raise", "skip"]),
    default=None,
    help=gettext_noop(
        "A board with a result in one room only is an error (raise), or is left out of"
        " its match (skip)."
    ),
)
@laws_option
@click.option("--strict", is_flag=True, help=_STRICT_HELP)
@click.option("--json", "as_json", is_flag=True, help=_JSON_HELP)
@friendly_errors
def teams_command(
    file: str,
    vp_scale: str,
    scoring: str,
    imp_table: str,
    incomplete: str | None,
    laws: str,
    strict: bool,
    as_json: bool,
) -> None:
    """``bridgescore teams`` (its help is above, for the catalogue)."""
    event = read_event(file, laws=laws, strict=strict, teams=True)
    asked = {"incomplete": incomplete, "vp_scale": _scale_option(vp_scale), "imp_table": imp_table}
    result = conventions_of(event, scoring, asked).result
    if not isinstance(result, TeamsResult):
        raise BridgeInputError(
            cli_words()
            .gettext("{file}: not a teams event; use bridgescore event or pairs")
            .format(file=file)
        )
    if as_json:
        emit_json(teams_summary(result, event=event))
        return
    w = cli_words()
    print_ranking(console(), event, result, event.name or w.gettext("Standings"), w)


# --- imps and vp ------------------------------------------------------------------------------


@click.command(
    "imps",
    help=gettext_noop("Convert a point difference to IMPs."),
    context_settings={"ignore_unknown_options": True},
    epilog="Examples:\n\n  bridgescore imps 720\n\n  bridgescore imps -30\n\n"
    "  bridgescore imps 720 --table 1948",
)
@click.argument("difference", type=int)
@click.option(
    "--table",
    default=DEFAULT_OPTIONS.imp_table,
    show_default=True,
    **filled_help(gettext_noop("IMP table: {names}."), names=", ".join(imp_table_names())),
)
@click.option("--json", "as_json", is_flag=True, help=_JSON_HELP)
@friendly_errors
def imps_command(difference: int, table: str, as_json: bool) -> None:
    """``bridgescore imps`` (its help is above, for the catalogue)."""
    imp_table = get_imp_table(table)
    won = imp_table.imps(difference)
    if as_json:
        emit_json({"difference": difference, "table": imp_table.name, "imps": won})
        return
    click.echo(
        cli_words()
        .gettext("{points} points = {imps} IMPs ({table} table)")
        .format(points=signed(difference), imps=signed(won), table=imp_table.name)
    )


@click.command(
    "vp",
    help=gettext_noop("Victory points for an IMP margin: the margin's side first."),
    context_settings={"ignore_unknown_options": True},
    epilog="Examples:\n\n  bridgescore vp 12 --boards 16\n\n  bridgescore vp 12 --scale 20\n\n"
    "  bridgescore vp -7 --boards 8 --json",
)
@click.argument("margin", type=int)
@click.option(
    "--boards", type=int, default=None, help=gettext_noop("Boards in the match (for wbf).")
)
@click.option("--scale", default=DEFAULT_OPTIONS.vp_scale_name, show_default=True, **_VP_HELP)
@click.option("--json", "as_json", is_flag=True, help=_JSON_HELP)
@friendly_errors
def vp_command(margin: int, boards: int | None, scale: str, as_json: bool) -> None:
    """``bridgescore vp`` (its help is above, for the catalogue)."""
    w = cli_words()
    _ = w.gettext
    chosen = _scale_option(scale)
    if boards is None and depends_on_boards(chosen):
        raise BridgeInputError(_("the wbf scale depends on the match length: give --boards N"))
    vp_scale = get_scale(chosen, boards)
    ours, theirs = vp_scale.vp(margin)
    if as_json:
        emit_json(
            {"margin": margin, "boards": boards, "scale": vp_scale.name, "vp": [ours, theirs]}
        )
        return
    click.echo(
        _("{margin} IMPs = {ours} - {theirs} VP ({scale})").format(
            margin=signed(margin),
            ours=w.figure(fixed(ours)),
            theirs=w.figure(fixed(theirs)),
            scale=vp_scale.name,
        )
    )
