"""``bridgescore batch``: score and compare a large results file, with a progress bar."""

from __future__ import annotations

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from bridgescore.cli._common import friendly_errors
from bridgescore.errors import BridgeInputError

_METHODS = ("mp", "neuberg", "cross_imps", "butler")


@click.command(
    "batch",
    epilog="Examples:\n\n  bridgescore batch results.csv scored.parquet\n\n"
    "  bridgescore batch archive.parquet out.parquet --method mp --method cross_imps",
)
@click.argument("source", type=click.Path(dir_okay=False, exists=False))
@click.argument("target", type=click.Path(dir_okay=False))
@click.option("--laws", default="2017", show_default=True, help="Law set for contracts.")
@click.option(
    "--method",
    "methods",
    type=click.Choice(_METHODS),
    multiple=True,
    default=("mp",),
    show_default=True,
    help="Comparisons to add (repeat for several).",
)
@click.option("--strict", is_flag=True, help="Stop at the first bad row instead of nulling it.")
@click.option("--progress/--no-progress", default=True, help="Show a progress bar on stderr.")
@friendly_errors
def batch_command(
    source: str, target: str, laws: str, methods: tuple[str, ...], strict: bool, progress: bool
) -> None:
    """Score and compare a large results file (CSV or Parquet) into CSV or Parquet.

    Every row is written: a bad row gets a null score and its reason in the
    ``problem`` column (with --strict the job stops at the first one instead).
    Needs the batch extra: pip install 'bridgescore[batch]'.
    """
    try:
        from bridgescore.batch import BatchInputError
        from bridgescore.batch.frame import score_file
    except ImportError as error:  # pragma: no cover - the dev install has the extra
        raise BridgeInputError(
            f"the batch command needs NumPy and Polars ({error.name} is missing):"
            " pip install 'bridgescore[batch]'"
        ) from None
    on_invalid = "raise" if strict else "null"
    with Progress(
        TextColumn("scoring"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        transient=True,
        disable=not progress,
        console=Console(stderr=True),
    ) as bar:
        task = bar.add_task("rows", total=None)

        def report(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        try:
            bad = score_file(
                source, target, laws=laws, on_invalid=on_invalid, methods=methods, progress=report
            )
        except BatchInputError as error:
            if error.row is None:
                raise
            # rows count from 0 after the header; a CSV's first row is its line 2
            csv = source.lower().endswith(".csv")
            where = f"line {error.row + 2}" if csv else f"row {error.row}"
            more = f" ({error.count} bad rows)" if error.count > 1 else ""
            raise BridgeInputError(f"{source}, {where}: {error.reason}{more}") from None
    click.echo(f"wrote {target}" + (f" ({bad} bad rows kept with their problem)" if bad else ""))
