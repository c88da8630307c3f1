"""The options every event command shares, their choices and help built from the
registries, so that help lists every law set, policy and preset there is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from bridgescore.core.registry import Registry
from bridgescore.duplicate.adjusted import MATCHPOINT_POLICY_REGISTRY
from bridgescore.duplicate.butler import BUTLER_PRESET_REGISTRY
from bridgescore.duplicate.imps import IMP_TABLE_REGISTRY
from bridgescore.events.conventions import NO_CONVENTIONS, program_names
from bridgescore.events.options import (
    CrossImps,
    Entrants,
    Field,
    ImpTotals,
    Incomplete,
    MpScale,
)
from bridgescore.laws import LAW_SET_REGISTRY

F = TypeVar("F", bound=Callable[..., Any])


def registry_choice(registry: Registry[Any], *extra: str) -> click.Choice[str]:
    """Every name and alias of ``registry`` (any case), and ``extra`` words."""
    return click.Choice([*registry.spellings(), *extra], case_sensitive=False)


def laws_option(command: F) -> F:
    """``--laws``: the law set contracts are scored under."""
    return click.option(
        "--laws",
        type=registry_choice(LAW_SET_REGISTRY),
        default=LAW_SET_REGISTRY.default,
        show_default=True,
        metavar="LAWS",
        help=f"Law set for contracts: {LAW_SET_REGISTRY.help()}.",
    )(command)


def imp_table_option(command: F) -> F:
    """``--imp-table``: the IMP table of a teams match."""
    return click.option(
        "--imp-table",
        type=registry_choice(IMP_TABLE_REGISTRY),
        default=IMP_TABLE_REGISTRY.default,
        show_default=True,
        metavar="TABLE",
        help=f"IMP table: {IMP_TABLE_REGISTRY.help()}.",
    )(command)


_POLICY_HELP = (
    f"Matchpoint policy: {MATCHPOINT_POLICY_REGISTRY.help()}. By default the conventions of"
    f" the program that wrote the file ({', '.join(program_names())}); '{NO_CONVENTIONS}':"
    " bridgescore's defaults whatever the file says."
)


def convention_options(command: F) -> F:
    """``--policy``, ``--butler``, ``--cross-imps``, ``--imp-totals``, ``--mp-scale``,
    ``--entrants``, ``--factor-totals``,
    ``--field``,
    ``--incomplete``:
    each overrides what the file's program would do (see docs/real-events.md)."""
    options = [
        click.option(
            "--policy",
            type=registry_choice(MATCHPOINT_POLICY_REGISTRY, NO_CONVENTIONS),
            default=None,
            metavar="POLICY",
            help=_POLICY_HELP,
        ),
        click.option(
            "--butler",
            "butler_preset",
            type=registry_choice(BUTLER_PRESET_REGISTRY),
            default=None,
            metavar="PRESET",
            help=f"Butler datum: {BUTLER_PRESET_REGISTRY.help()}.",
        ),
        click.option(
            "--cross-imps",
            type=click.Choice([c.value for c in CrossImps]),
            default=None,
            help="Cross-IMP totals: the IMPs per comparison (average, the default) or their"
            " sum (total, as Ruter writes them).",
        ),
        click.option(
            "--imp-totals",
            type=click.Choice([t.value for t in ImpTotals]),
            default=None,
            help="IMP pairs: a pair's total as the IMPs added up (sum, the default) or IMPs"
            " per board played (per-board, and per comparison for summed cross-IMPs, as"
            " Ruter writes butler and IMP;Cross2 totals).",
        ),
        click.option(
            "--mp-scale",
            type=click.Choice([m.value for m in MpScale]),
            default=None,
            help="Matchpoints shown from 0 to the top (top, the default) or as the points"
            " above or below the board's average (plus-minus: Ruter's ± scale, wins minus"
            " losses; a Ruter file whose figures are ± is scored so by default).",
        ),
        click.option(
            "--entrants",
            type=click.Choice([e.value for e in Entrants]),
            default=None,
            help="Pairs events: list every pair the file names, one that played no board"
            " last with 0 boards (all, the default), or only the pairs that played (played).",
        ),
        click.option(
            "--factor-totals",
            type=click.Choice(["field", "boards", "no"]),
            default=None,
            help="IMP pairs: scale the total of a pair that played fewer boards to the most"
            " any pair played (field) or to every board (boards); no: never.",
        ),
        click.option(
            "--field",
            type=click.Choice([*(f.value for f in Field), "two"]),
            default=None,
            help="Rank in one field, or North-South and East-West apart (directions; 'two'"
            " is the same); auto: one field when any pair sat both ways.",
        ),
        click.option(
            "--incomplete",
            type=click.Choice([i.value for i in Incomplete]),
            default=None,
            help="Teams: a board with a result in one room only is an error (raise), or is"
            " left out of its match (skip).",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command
