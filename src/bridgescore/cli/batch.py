"""``bridgescore batch``: score a large results file or an event file, with a progress bar."""

from __future__ import annotations

import click
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

from bridgescore.cli._common import cli_reader, cli_words, friendly_errors
from bridgescore.errors import BridgeInputError, Message
from bridgescore.i18n import gettext_noop
from bridgescore.laws.lawsets import DEFAULT_LAW_SET

_METHODS = ("mp", "neuberg", "cross_imps", "butler")


# The comments of the examples below, for the catalogue:
_EXAMPLE_COMMENTS = (
    gettext_noop("the library's figures"),
    gettext_noop("played results only"),
    gettext_noop("pairs named: the library's figures"),
    gettext_noop("replace the input"),
)


@click.command(
    "batch",
    help=gettext_noop(
        "Score a results table (CSV or Parquet) or an event file into CSV or Parquet.\n\n"
        "An event (PBN, USEBIO, JSON, Bridgemate: told by its content; or a results table,"
        " CSV or Parquet, that names its pairs, ns and ew, such as a table this command"
        " wrote) is scored by the library, as bridgescore event scores it: one row per"
        " result with its contract, declarer, tricks, lead, players, points and percentages"
        " for both sides, adjusted scores included, and the conventions it was scored with;"
        " a table written before is scored again as it was, so it reads back the same. A bad"
        " row refuses it, naming its line (--fast: scored row by row and compared by"
        " --method, played results only). A table of bare deals is scored row by row and"
        " compared by --method. The output's name says its format"
        " (.csv or .parquet); it is written through a temporary file beside it, so a failed"
        " job leaves no half-written output. Scored row by row, every row is written: a bad"
        " row gets a null score and its reason in the problem column (with --strict the job"
        " stops at the first one instead). A damaged file is an error naming its line; blank"
        " lines skipped are said. Needs the batch extra: pip install 'bridgescore[batch]'."
    ),
    epilog="Examples:\n\n  bridgescore batch results.csv scored.parquet\n\n"
    "  bridgescore batch archive.parquet out.parquet --method mp --method cross_imps\n\n"
    "  bridgescore batch club-night.pbn results.parquet   # the library's figures\n\n"
    "  bridgescore batch club-night.xml results.csv --fast   # played results only\n\n"
    "  bridgescore batch club-night.csv results.csv   # pairs named: the library's figures\n\n"
    "  bridgescore batch results.csv results.csv --force   # replace the input",
)
@click.argument("source", type=click.Path(dir_okay=False, exists=False))
@click.argument("target", type=click.Path(dir_okay=False))
@click.option(
    "--laws",
    default=DEFAULT_LAW_SET,
    show_default=True,
    help=gettext_noop("Law set for contracts."),
)
@click.option(
    "--method",
    "methods",
    type=click.Choice(_METHODS),
    multiple=True,
    default=("mp",),
    show_default=True,
    help=gettext_noop("Comparisons to add (repeat for several)."),
)
@click.option(
    "--fast",
    is_flag=True,
    help=gettext_noop(
        "An event (an event file, or a results CSV naming its pairs): score it row by row"
        " and compare its played results by --method with the vectorised engine (adjusted"
        " scores left out) instead of the library's figures."
    ),
)
@click.option(
    "--strict", is_flag=True, help=gettext_noop("Stop at the first bad row instead of nulling it.")
)
@click.option(
    "--force", is_flag=True, help=gettext_noop("Write the output even if it is the input file.")
)
@click.option(
    "--progress/--no-progress", default=True, help=gettext_noop("Show a progress bar on stderr.")
)
@friendly_errors
def batch_command(
    source: str,
    target: str,
    laws: str,
    methods: tuple[str, ...],
    fast: bool,
    strict: bool,
    force: bool,
    progress: bool,
) -> None:
    """``bridgescore batch`` (its help is above, for the catalogue)."""
    try:
        from bridgescore.batch.frame import run_file
    except ImportError as error:  # the message says which extra to install
        said = error.args[0] if error.args else ""
        raise BridgeInputError(said if isinstance(said, Message) else str(error)) from None
    on_invalid = "raise" if strict else "null"
    errors = Console(stderr=True)
    with Progress(
        TextColumn("{task.description:<10}"),
        BarColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        transient=True,
        disable=not progress or not errors.is_terminal,  # a pipe or a log gets no bar
        console=errors,
    ) as bar:
        task = bar.add_task("checking", total=None)

        def report(phase: str, done: int, total: int) -> None:
            bar.update(task, description=phase, completed=done, total=max(total, 1))

        done = run_file(
            source,
            target,
            laws=laws,
            on_invalid=on_invalid,
            methods=methods,
            progress=report,
            force=force,
            fast=fast,
        )
    w = cli_words()
    bad = done.bad
    if bad:
        click.echo(
            w.ngettext(
                "wrote {path} ({count} bad row kept with their problem)",
                "wrote {path} ({count} bad rows kept with their problem)",
                bad,
            ).format(path=target, count=bad)
        )
    else:
        click.echo(w.gettext("wrote {path}").format(path=target))
    for note in done.notes:
        click.echo(note.render(cli_reader(w)) if isinstance(note, Message) else note)
