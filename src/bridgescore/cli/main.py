"""The ``bridgescore`` command group."""

from __future__ import annotations

import click

from bridgescore import __version__
from bridgescore.cli._common import BridgeGroup, lang_option
from bridgescore.cli.batch import batch_command
from bridgescore.cli.deals import deals_command
from bridgescore.cli.events import imps_command, pairs_command, teams_command, vp_command
from bridgescore.cli.files import convert_command, event_command, report_command
from bridgescore.cli.movement import movement_group
from bridgescore.cli.score import score_command, table_command
from bridgescore.cli.serve import serve_command
from bridgescore.cli.sheets import chicago_command, rubber_command
from bridgescore.i18n import gettext_noop


@click.group(
    cls=BridgeGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=gettext_noop(
        "Contract bridge scoring: deals under every law set, rubber and Chicago sheets,"
        " duplicate pairs and teams events, PBN and USEBIO files, published results.\n\n"
        "--lang (here or after any command) chooses the language of the help and the"
        " messages: en, fi or es."
    ),
    epilog=gettext_noop("Example:") + "\n\n  bridgescore score 4SX= --vul",
)
@click.version_option(__version__, prog_name="bridgescore")
@lang_option
def cli() -> None:
    """The ``bridgescore`` command group (its help is above, for the catalogue)."""


cli.add_command(score_command)
cli.add_command(table_command)
cli.add_command(pairs_command)
cli.add_command(teams_command)
cli.add_command(imps_command)
cli.add_command(vp_command)
cli.add_command(event_command)
cli.add_command(report_command)
cli.add_command(deals_command)
cli.add_command(convert_command)
cli.add_command(batch_command)
cli.add_command(movement_group)
cli.add_command(serve_command)
cli.add_command(rubber_command)
cli.add_command(chicago_command)


def main() -> None:
    """Console-script entry point."""
    cli()
