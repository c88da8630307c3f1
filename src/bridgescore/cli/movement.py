"""``bridgescore movement``: suggest, show, check and print a movement."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import click

from bridgescore.cli._common import (
    EXIT_BAD_INPUT,
    BridgeGroup,
    console,
    emit_json,
    friendly_errors,
)
from bridgescore.errors import BridgeInputError
from bridgescore.events.movements.boards import board_text
from bridgescore.events.movements.fit import Seating
from bridgescore.events.movements.model import Movement, MovementError, Round
from bridgescore.events.movements.spec import KINDS, MovementSpec
from bridgescore.events.movements.suggest import suggest
from bridgescore.events.movements.teams import RoundRobin, round_robin
from bridgescore.io.movement_files import load_movements
from bridgescore.io.text import read_text
from bridgescore.io.writing import write_bytes, write_text

_SOURCE_HELP = (
    "A spec such as howell:6x3 or mitchell:8x3 (see 'bridgescore movement suggest'),"
    " or a movement file: the JSON form of docs/movements.md, a BridgeScorer movement"
    " (YAML) or a Bridgemate RoundData table (CSV); for teams, robin:TEAMSxBOARDS"
    " (a round robin, boards a match) or a round robin's JSON file."
)


def load_movement_argument(text: str, section: str | None = None) -> Movement:
    """The movement a command line names: a file if one is there (one of its sections, if
    it has several), else a spec."""
    path = Path(text)
    if path.is_file():
        sections = load_movements(path)
        if section is None and len(sections) == 1:
            return next(iter(sections.values()))
        if section not in sections:
            named = ", ".join(sections)
            asked = "" if section is None else f" not {section!r}:"
            raise MovementError(f"{path}: holds sections {named};{asked} choose one with --section")
        return sections[section]
    if ":" not in text and (path.suffix or "/" in text):
        raise BridgeInputError(f"{text!r}: no such movement file")
    return MovementSpec.parse(text).build()


_ROBIN = re.compile(r"^robin:(\d+)x(\d+)$")


def load_schedule_argument(text: str, section: str | None = None) -> Movement | RoundRobin:
    """A pairs movement (as :func:`load_movement_argument`), or a teams round robin:
    ``robin:TEAMSxBOARDS`` (boards a match) or a round robin's JSON file."""
    found = _ROBIN.match(text.strip().lower())
    if found:
        return round_robin(int(found[1]), int(found[2]))
    path = Path(text)
    if path.is_file() and path.suffix.lower() == ".json":
        source = read_text(path)
        if '"teams"' in source:
            try:
                return RoundRobin.from_json(source)
            except MovementError as error:
                raise MovementError(f"{path}: {error}") from None
    return load_movement_argument(text, section)


def describe_robin(robin: RoundRobin) -> str:
    """One line: teams, rounds and boards of a round robin."""
    boards = {b for r in robin.rounds for m in r.matches for b in m.boards}
    return (
        f"round robin: {len(robin.teams)} teams, {len(robin.rounds)} rounds, {len(boards)} boards"
    )


def _robin_lines(robin: RoundRobin) -> list[str]:
    lines = [describe_robin(robin)]
    for number, rnd in enumerate(robin.rounds, start=1):
        lines.append(f"Round {number}")
        for place, match in enumerate(rnd.matches, start=1):
            shown = board_text(match.boards)
            lines.append(f"  match {place:>2}  {match.home} v {match.away}  boards {shown}")
        if rnd.bye is not None:
            lines.append(f"  bye       {rnd.bye}")
    return lines


_SECTION_HELP = "Which section of a movement file that holds several (a Bridgemate file)."


def _round_lines(number: int, rnd: Round) -> list[str]:
    lines = [f"Round {number}"]
    width = max((len(t.ns) for t in rnd.tables), default=0)
    for tbl in rnd.tables:
        lines.append(f"  table {tbl.table:>2}  {tbl.ns:>{width}} v {tbl.ew:<{width}}  boards "
                     f"{board_text(tbl.boards)}")  # fmt: skip
    for pair in rnd.sit_outs:
        lines.append(f"  sits out  {pair}")
    if rnd.relay:
        lines.append(f"  relay     boards {board_text(rnd.relay)}")
    return lines


def describe(movement: Movement) -> str:
    """One line: kind, tables, rounds, pairs and boards."""
    tables = max((t.table for r in movement.rounds for t in r.tables), default=0)
    return (
        f"{movement.kind.value}: {tables} tables, {len(movement.rounds)} rounds,"
        f" {len(movement.pairs)} pairs, {len(movement.boards)} boards"
    )


@click.group(
    "movement",
    cls=BridgeGroup,
    epilog="Examples:\n\n  bridgescore movement suggest --pairs 17 --boards 24\n\n"
    "  bridgescore movement show howell:6x3",
)
def movement_group() -> None:
    """Movements: which movements fit a field, each round's tables and boards, checks,
    and the guide cards."""


@movement_group.command(
    "suggest",
    epilog="Examples:\n\n  bridgescore movement suggest --pairs 17 --boards 24\n\n"
    "  bridgescore movement suggest --pairs 12 --boards 26 --json",
)
@click.option("--pairs", type=int, required=True, help="How many pairs (3 or more).")
@click.option("--boards", type=int, required=True, help="About how many boards to play.")
@click.option("--all", "show_all", is_flag=True, help="List every fit, not only the best ten.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (see docs/movements.md).")
@friendly_errors
def suggest_command(pairs: int, boards: int, show_all: bool, as_json: bool) -> None:
    """List the movements that fit, best first: rounds, boards a round, sit-outs,
    boards each pair plays, balance and time (about 7½ minutes a board)."""
    found = suggest(pairs, boards)
    if not found:
        raise MovementError(
            f"no movement bridgescore builds fits {pairs} pairs and about {boards} boards"
            f" (kinds: {', '.join(KINDS)})"
        )
    shown = found if show_all else found[:10]
    if as_json:
        emit_json([s.to_dict() for s in shown])
        return
    out = console()
    out.print(f"Movements for {pairs} pairs, about {boards} boards (best first)")
    for s in shown:
        sits = f", {s.sit_outs} sits out" if s.sit_outs else ""
        hours, minutes = divmod(s.minutes, 60)
        out.print(
            f"  {s.spec:<24} {s.rounds:>2} rounds x {s.boards_per_round} boards{sits};"
            f" {s.boards_per_pair} boards a pair, {s.boards_in_play} in play;"
            f" balance {s.balance:.0%}; about {hours}h{minutes:02d}"
        )
    if len(found) > len(shown):
        out.print(f"  ... and {len(found) - len(shown)} more (--all)")


@movement_group.command(
    "show",
    epilog="Examples:\n\n  bridgescore movement show howell:4x3\n\n"
    "  bridgescore movement show mitchell:8x3 --json > session-movement.json",
)
@click.argument("source")
@click.option("--section", default=None, help=_SECTION_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the movement's JSON form.")
@friendly_errors
def show_command(source: str, section: str | None, as_json: bool) -> None:
    """Print a movement round by round: each table's pairs and boards, sit-outs and
    relays (or a teams round robin's matches). SOURCE:"""
    movement = load_schedule_argument(source, section)
    if as_json:
        emit_json(movement.to_dict())
        return
    if isinstance(movement, RoundRobin):
        click.echo("\n".join(_robin_lines(movement)))
        return
    lines = [describe(movement)]
    for number, rnd in enumerate(movement.rounds, start=1):
        lines.extend(_round_lines(number, rnd))
    click.echo("\n".join(lines))


show_command.help = (show_command.help or "") + _SOURCE_HELP


@movement_group.command(
    "check",
    epilog="Examples:\n\n  bridgescore movement check session-movement.json",
)
@click.argument("source")
@click.option("--section", default=None, help=_SECTION_HELP)
@friendly_errors
def check_command(source: str, section: str | None) -> None:
    """Prove a movement: every broken rule with its round and table (exit status 2 when
    there is one). SOURCE:"""
    movement = load_schedule_argument(source, section)
    problems = movement.problems()
    if not problems:
        shown = describe_robin(movement) if isinstance(movement, RoundRobin) else describe(movement)
        click.echo(f"sound: {shown}")
        return
    for problem in problems:
        click.echo(f"bridgescore: error: {problem}", err=True)
    click.echo(f"bridgescore: {len(problems)} problems in {source}", err=True)
    sys.exit(EXIT_BAD_INPUT)


check_command.help = (check_command.help or "") + _SOURCE_HELP


@movement_group.command(
    "cards",
    epilog="Examples:\n\n  bridgescore movement cards howell:4x3 --html cards.html\n\n"
    "  bridgescore movement cards mitchell:8x3 --pdf cards.pdf --title 'Tuesday pairs'",
)
@click.argument("source")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), default=None,
              help="Write the cards as one HTML page (a card to a printed page).")  # fmt: skip
@click.option("--pdf", "pdf_path", type=click.Path(dir_okay=False), default=None,
              help="Write the cards as one PDF (the pdf extra).")  # fmt: skip
@click.option("--title", default="Guide cards", show_default=True, help="The cards' heading.")
@click.option("--section", default=None, help=_SECTION_HELP)
@friendly_errors
def cards_command(
    source: str, html_path: str | None, pdf_path: str | None, title: str, section: str | None
) -> None:
    """Print the guide cards: a table card for each table (each round's pairs and boards),
    a card for each pair (table, direction, opponents, boards) and the board passing; for
    a teams round robin, a card for each room (the teams, their directions, the boards in
    order and the exchange) and for each team (opponents, rooms, byes). SOURCE:"""
    if html_path is None and pdf_path is None:
        raise click.UsageError("say where: --html FILE and/or --pdf FILE")
    movement = load_schedule_argument(source, section)
    if isinstance(movement, RoundRobin):
        from bridgescore.report.team_cards import team_cards_html, team_cards_pdf

        if html_path is not None:
            click.echo(f"wrote {write_text(html_path, team_cards_html(movement, title))}")
        if pdf_path is not None:
            click.echo(f"wrote {write_bytes(pdf_path, team_cards_pdf(movement, title))}")
        return
    from bridgescore.report.cards import cards_html, cards_pdf

    if html_path is not None:
        click.echo(f"wrote {write_text(html_path, cards_html(movement, title))}")
    if pdf_path is not None:
        click.echo(f"wrote {write_bytes(pdf_path, cards_pdf(movement, title))}")


cards_command.help = (cards_command.help or "") + _SOURCE_HELP


def missing_lines(missing: tuple[Seating, ...]) -> list[str]:
    """The results a movement schedules and a file does not give, one line each."""
    return [f"missing result: {seating}" for seating in missing]


__all__ = [
    "describe",
    "load_movement_argument",
    "load_schedule_argument",
    "missing_lines",
    "movement_group",
]
