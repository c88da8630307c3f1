"""The options every event command shares, their choices and help built from the
registries, so that help lists every law set, policy and preset there is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from bridgescore.cli._common import filled_help
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
from bridgescore.i18n import Words, gettext_noop
from bridgescore.laws import LAW_SET_REGISTRY

F = TypeVar("F", bound=Callable[..., Any])


def registry_choice(registry: Registry[Any], *extra: str) -> click.Choice[str]:
    """Every name and alias of ``registry`` (any case), and ``extra`` words."""
    return click.Choice([*registry.spellings(), *extra], case_sensitive=False)


def choices_help(registry: Registry[Any]) -> Callable[[Words], str]:
    """The registry's names for a help line, its default marked in the reader's language."""

    def written(w: Words) -> str:
        marked = w.gettext("{name} (default)")
        return ", ".join(
            marked.format(name=name) if name == registry.default else name
            for name in registry.names()
        )

    return written


def laws_option(command: F) -> F:
    """``--laws``: the law set contracts are scored under."""
    return click.option(
        "--laws",
        type=registry_choice(LAW_SET_REGISTRY),
        default=LAW_SET_REGISTRY.default,
        show_default=True,
        metavar="LAWS",
        **filled_help(
            gettext_noop("Law set for contracts: {choices}."),
            choices=choices_help(LAW_SET_REGISTRY),
        ),
    )(command)


def imp_table_option(command: F) -> F:
    """``--imp-table``: the IMP table of a teams match."""
    return click.option(
        "--imp-table",
        type=registry_choice(IMP_TABLE_REGISTRY),
        default=IMP_TABLE_REGISTRY.default,
        show_default=True,
        metavar="TABLE",
        **filled_help(
            gettext_noop("IMP table: {choices}."), choices=choices_help(IMP_TABLE_REGISTRY)
        ),
    )(command)


_POLICY_HELP = filled_help(
    gettext_noop(
        "Matchpoint policy: {choices}. By default the conventions of the program that wrote"
        " the file ({programs}); '{none}': bridgescore's defaults whatever the file says."
    ),
    choices=choices_help(MATCHPOINT_POLICY_REGISTRY),
    programs=", ".join(program_names()),
    none=NO_CONVENTIONS,
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
            **_POLICY_HELP,
        ),
        click.option(
            "--butler",
            "butler_preset",
            type=registry_choice(BUTLER_PRESET_REGISTRY),
            default=None,
            metavar="PRESET",
            **filled_help(
                gettext_noop("Butler datum: {choices}."),
                choices=choices_help(BUTLER_PRESET_REGISTRY),
            ),
        ),
        click.option(
            "--cross-imps",
            type=click.Choice([c.value for c in CrossImps]),
            default=None,
            help=gettext_noop(
                "Cross-IMP totals: the IMPs per comparison (average, the default) or their"
                " sum (total, as Ruter writes them)."
            ),
        ),
        click.option(
            "--imp-totals",
            type=click.Choice([t.value for t in ImpTotals]),
            default=None,
            help=gettext_noop(
                "IMP pairs: a pair's total as the IMPs added up (sum, the default) or IMPs"
                " per board played (per-board, and per comparison for summed cross-IMPs, as"
                " Ruter writes butler and IMP;Cross2 totals)."
            ),
        ),
        click.option(
            "--mp-scale",
            type=click.Choice([m.value for m in MpScale]),
            default=None,
            help=gettext_noop(
                "Matchpoints shown from 0 to the top (top, the default) or as the points"
                " above or below the board's average (plus-minus: Ruter's ± scale, wins minus"
                " losses; a Ruter file whose figures are ± is scored so by default)."
            ),
        ),
        click.option(
            "--entrants",
            type=click.Choice([e.value for e in Entrants]),
            default=None,
            help=gettext_noop(
                "Pairs events: list every pair the file names, one that played no board"
                " last with 0 boards (all, the default), or only the pairs that played"
                " (played)."
            ),
        ),
        click.option(
            "--factor-totals",
            type=click.Choice(["field", "boards", "no"]),
            default=None,
            help=gettext_noop(
                "IMP pairs: scale the total of a pair that played fewer boards to the most"
                " any pair played (field) or to every board (boards); no: never."
            ),
        ),
        click.option(
            "--field",
            type=click.Choice([*(f.value for f in Field), "two"]),
            default=None,
            help=gettext_noop(
                "Rank in one field, or North-South and East-West apart (directions; 'two'"
                " is the same); auto: one field when any pair sat both ways."
            ),
        ),
        click.option(
            "--incomplete",
            type=click.Choice([i.value for i in Incomplete]),
            default=None,
            help=gettext_noop(
                "Teams: a board with a result in one room only is an error (raise), or is"
                " left out of its match (skip)."
            ),
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command
