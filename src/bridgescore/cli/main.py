"""The ``bridgescore`` command group."""

from __future__ import annotations

import click

from bridgescore import __version__
from bridgescore.cli._common import BridgeGroup, lang_option
from bridgescore.cli.batch import batch_command
from bridgescore.cli.events import imps_command, pairs_command, teams_command, vp_command
from bridgescore.cli.files import convert_command, event_command, report_command
from bridgescore.cli.movement import movement_group
from bridgescore.cli.score import score_command, table_command
from bridgescore.cli.serve import serve_command
from bridgescore.cli.sheets import chicago_command, rubber_command


@click.group(
    cls=BridgeGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog="Example: bridgescore score 4SX= --vul",
)
@click.version_option(__version__, prog_name="bridgescore")
@lang_option
def cli() -> None:
    """Contract bridge scoring: deals under every law set, rubber and Chicago sheets,
    duplicate pairs and teams events, PBN and USEBIO files, published results."""


cli.add_command(score_command)
cli.add_command(table_command)
cli.add_command(pairs_command)
cli.add_command(teams_command)
cli.add_command(imps_command)
cli.add_command(vp_command)
cli.add_command(event_command)
cli.add_command(report_command)
cli.add_command(convert_command)
cli.add_command(batch_command)
cli.add_command(movement_group)
cli.add_command(serve_command)
cli.add_command(rubber_command)
cli.add_command(chicago_command)


def main() -> None:
    """Console-script entry point."""
    cli()
