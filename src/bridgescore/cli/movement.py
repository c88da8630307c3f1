"""``bridgescore movement``: suggest, show, check and print a movement."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn, TypeVar

import click

from bridgescore.cli._common import (
    EXIT_BAD_INPUT,
    BridgeGroup,
    cli_words,
    console,
    emit_json,
    friendly_errors,
    is_file,
)
from bridgescore.core.seats import Seat
from bridgescore.errors import BridgeInputError, marked
from bridgescore.events.movements.boards import board_text
from bridgescore.events.movements.fit import Seating
from bridgescore.events.movements.individual import IndividualMovement, IndividualRound
from bridgescore.events.movements.model import Movement, MovementError, Round
from bridgescore.events.movements.sections import SectionedMovement, lettered, parse_sections
from bridgescore.events.movements.spec import (
    INDIVIDUAL_KINDS,
    KINDS,
    MovementSpec,
    build_individual,
)
from bridgescore.events.movements.suggest import suggest
from bridgescore.events.movements.teams import RoundRobin, round_robin
from bridgescore.i18n import ENGLISH, Words, gettext_noop
from bridgescore.io.movement_files import ONLY_SECTION, load_movements
from bridgescore.io.text import read_text
from bridgescore.io.writing import write_bytes, write_text

_SOURCE_HELP = gettext_noop(
    "SOURCE: a spec such as howell:6x3 or mitchell:8x3 (see 'bridgescore movement suggest'),"
    " or a movement file: the JSON form of docs/movements.md, a BridgeScorer movement"
    " (YAML), a Bridgemate RoundData table (CSV) or its .bws file; for teams, robin:TEAMSxBOARDS"
    " (a round robin, boards a match) or a round robin's JSON file; for an individual event,"
    " individual:PLAYERSxBOARDS or rainbow-individual:TABLESxBOARDS[:rotate], or an individual"
    " movement's JSON file. For a field in sections, the sections' specs joined by +"
    " (mitchell:8x3 + howell:5x3) or its JSON file."
)


def load_movement_argument(text: str, section: str | None = None) -> Movement:
    """The movement a command line names: a file if one is there (one of its sections, if
    it has several), else a spec."""
    found = _file_or_spec(text, section, whole=False)
    assert isinstance(found, Movement)
    return found


def _file_or_spec(text: str, section: str | None, *, whole: bool) -> Movement | SectionedMovement:
    """:func:`load_movement_argument`'s movement; ``whole``: a file of several sections
    lettered A to Z (a Bridgemate .bws) is the whole field in sections, or only the section
    asked (still a field in sections, so it is shown under its section's heading)."""
    path = Path(text)
    if is_file(path):
        sections = load_movements(path)  # a Bridgemate .bws file too: its RoundData
        if section is None and len(sections) == 1:
            return next(iter(sections.values()))
        field = lettered(sections) if whole else None
        if field is not None and section is None:
            return field
        if field is not None and section in sections:
            return field.only(section)  # headed as its section, as with specs joined by +
        if section is not None and list(sections) == [ONLY_SECTION]:
            _no_sections(text, section)
        if section not in sections:
            _ = cli_words().gettext
            named = ", ".join(sections)
            if section is None:
                said = _("{path}: holds sections {sections}; choose one with --section")
            else:
                said = _(
                    "{path}: holds sections {sections}; not {section!r}: choose one with --section"
                )
            raise MovementError(said.format(path=path, sections=named, section=section))
        return sections[section]
    if ":" not in text and (path.suffix or "/" in text):
        raise BridgeInputError(
            cli_words().gettext("{text!r}: no such movement file").format(text=text)
        )
    return _no_section_asked(text, section, MovementSpec.parse(text).build())


def _no_sections(text: str, section: str) -> NoReturn:
    """Refuse ``--section`` for a movement of one field (a spec or file without sections)."""
    raise BridgeInputError(
        cli_words()
        .gettext("{text}: the field has no sections, so there is no section {section}")
        .format(text=text, section=section)
    )


_ROBIN = re.compile(r"^robin:(\d+)x(\d+)$")


_T = TypeVar("_T")


def _no_section_asked(text: str, section: str | None, found: _T) -> _T:
    """What ``text`` names, a movement of one field: refused if a section is asked of it."""
    if section is not None:
        _no_sections(text, section)
    return found


def load_schedule_argument(text: str, section: str | None = None) -> Movement | RoundRobin:
    """A pairs movement (as :func:`load_movement_argument`), or a teams round robin:
    ``robin:TEAMSxBOARDS`` (boards a match) or a round robin's JSON file."""
    found = _schedule(text, section, whole=False)
    assert not isinstance(found, SectionedMovement)
    return found


def _schedule(
    text: str, section: str | None, *, whole: bool
) -> Movement | RoundRobin | SectionedMovement:
    """:func:`load_schedule_argument`'s schedule; ``whole`` as :func:`_file_or_spec`."""
    found = _ROBIN.match(text.strip().lower())
    if found:
        return _no_section_asked(text, section, round_robin(int(found[1]), int(found[2])))
    path = Path(text)
    if is_file(path) and path.suffix.lower() == ".json":
        source = read_text(path)
        if '"teams"' in source:
            try:
                robin = RoundRobin.from_json(source)
            except MovementError as error:
                raise MovementError(marked("{path}: {error}", path=path, error=error)) from None
            return _no_section_asked(text, section, robin)
    return _file_or_spec(text, section, whole=whole)


_INDIVIDUAL_JSON = re.compile(r'"kind"\s*:\s*"individual"')
_SECTIONS_JSON = re.compile(r'^\s*\{\s*"kind"\s*:\s*"sections"')


def load_any_argument(
    text: str, section: str | None = None
) -> Movement | RoundRobin | IndividualMovement | SectionedMovement:
    """What ``movement show/check/cards`` take: an individual movement
    (``individual:13x2``, ``rainbow-individual:7x3[:rotate]`` or its JSON file), a field in
    sections (specs joined by ``+``, ``mitchell:8x3 + mitchell:8x3``, or its JSON file),
    else a pairs movement or a teams round robin (as :func:`load_schedule_argument`); a
    file of several sections lettered A to Z (a Bridgemate .bws) is the whole field in
    sections. ``section`` narrows a field in sections to that one section."""
    if text.strip().lower().partition(":")[0] in INDIVIDUAL_KINDS:
        return _no_section_asked(text, section, build_individual(text))
    path = Path(text)
    if is_file(path) and path.suffix.lower() == ".json":
        source = read_text(path)
        if _INDIVIDUAL_JSON.search(source):
            try:
                individual = IndividualMovement.from_json(source)
            except MovementError as error:
                raise MovementError(marked("{path}: {error}", path=path, error=error)) from None
            return _no_section_asked(text, section, individual)
        if _SECTIONS_JSON.search(source):
            try:
                return _one_section(SectionedMovement.from_json(source), section)
            except MovementError as error:
                raise MovementError(marked("{path}: {error}", path=path, error=error)) from None
    elif "+" in text:
        return _one_section(parse_sections(text)[1], section)
    return _schedule(text, section, whole=True)


def _one_section(field: SectionedMovement, section: str | None) -> SectionedMovement:
    """The field, or only its section ``section`` when one is named (a letter it has not
    is refused naming the letters it has)."""
    return field if section is None else field.only(section)


def _individual_round_lines(number: int, rnd: IndividualRound, w: Words = ENGLISH) -> list[str]:
    """A round of an individual movement: each table's four players, seat by seat (North,
    East, South, West), and boards; the players sitting out; the relay."""
    _ = w.gettext
    lines = [_("Round {number}").format(number=number)]
    width = max((len(p) for t in rnd.tables for p in t.players), default=0)
    letters = [w.notation.seat(seat) for seat in Seat]
    for tbl in rnd.tables:
        seats = "  ".join(
            f"{letter} {player:<{width}}"
            for letter, player in zip(letters, tbl.players, strict=True)
        )
        lines.append(
            _("  table {table}  {seats}  boards {boards}").format(
                table=f"{tbl.table:>2}", seats=seats, boards=board_text(tbl.boards)
            )
        )
    for player in rnd.sit_outs:
        lines.append(_("  sits out  player {player}").format(player=player))
    if rnd.relay:
        lines.append(_("  relay     boards {boards}").format(boards=board_text(rnd.relay)))
    return lines


def individual_lines(movement: IndividualMovement, w: Words = ENGLISH) -> list[str]:
    """An individual movement as ``movement show`` prints it: a heading, the boards shared
    between tables, the rounds, and the balance."""
    from bridgescore.report.individual_cards import describe as describe_individual

    _ = w.gettext
    lines = [describe_individual(movement, w)]
    if movement.shared:
        lines.append(
            _("boards shared between the tables of a round: {boards}").format(
                boards=board_text(sorted(movement.shared))
            )
        )
    for number, rnd in enumerate(movement.rounds, start=1):
        lines.extend(_individual_round_lines(number, rnd, w))
    b = movement.balance()
    lines.append(
        _(
            "balance: every two players partners {partners_least}-{partners_most} times,"
            " opponents {opponents_least}-{opponents_most} times"
        ).format(
            partners_least=b.partners_least,
            partners_most=b.partners_most,
            opponents_least=b.opponents_least,
            opponents_most=b.opponents_most,
        )
    )
    lines.append(
        _(
            "  left/right gap {gap}, compared on {least}-{most} boards, score {score}, Qf {quality}"
        ).format(
            gap=b.sides_gap,
            least=b.least,
            most=b.most,
            score=f"{b.score:.4f}",
            quality=f"{b.quality:.2f}",
        )
    )
    return lines


def describe_robin(robin: RoundRobin, w: Words = ENGLISH) -> str:
    """One line: teams, rounds and boards of a round robin."""
    boards = {b for r in robin.rounds for m in r.matches for b in m.boards}
    return w.gettext("round robin: {teams} teams, {rounds} rounds, {boards} boards").format(
        teams=len(robin.teams), rounds=len(robin.rounds), boards=len(boards)
    )


def _robin_lines(robin: RoundRobin, w: Words = ENGLISH) -> list[str]:
    _ = w.gettext
    lines = [describe_robin(robin, w)]
    for number, rnd in enumerate(robin.rounds, start=1):
        lines.append(_("Round {number}").format(number=number))
        for place, match in enumerate(rnd.matches, start=1):
            lines.append(
                _("  match {match}  {home} v {away}  boards {boards}").format(
                    match=f"{place:>2}",
                    home=match.home,
                    away=match.away,
                    boards=board_text(match.boards),
                )
            )
        if rnd.bye is not None:
            lines.append(_("  bye       {team}").format(team=rnd.bye))
    return lines


_SECTION_HELP = gettext_noop(
    "Only this section of a field in sections (specs joined by +, their JSON file, or a"
    " Bridgemate file of several); every section, one after another, by default."
)


def _round_lines(number: int, rnd: Round, w: Words = ENGLISH) -> list[str]:
    _ = w.gettext
    lines = [_("Round {number}").format(number=number)]
    pair = w.notation.pair  # a pair as the reader reads it: 3IL in Finnish, 3EO in Spanish
    width = max((len(pair(t.ns)) for t in rnd.tables), default=0)
    for tbl in rnd.tables:
        lines.append(
            _("  table {table}  {ns} v {ew}  boards {boards}").format(
                table=f"{tbl.table:>2}",
                ns=f"{pair(tbl.ns):>{width}}",
                ew=f"{pair(tbl.ew):<{width}}",
                boards=board_text(tbl.boards),
            )
        )
    for out in rnd.sit_outs:
        lines.append(_("  sits out  {pair}").format(pair=pair(out)))
    if rnd.relay:
        lines.append(_("  relay     boards {boards}").format(boards=board_text(rnd.relay)))
    return lines


def describe(movement: Movement, w: Words = ENGLISH) -> str:
    """One line: kind, tables, rounds, pairs and boards."""
    tables = max((t.table for r in movement.rounds for t in r.tables), default=0)
    return w.gettext(
        "{kind}: {tables} tables, {rounds} rounds, {pairs} pairs, {boards} boards"
    ).format(
        kind=movement.kind.value,
        tables=tables,
        rounds=len(movement.rounds),
        pairs=len(movement.pairs),
        boards=len(movement.boards),
    )


@click.group(
    "movement",
    cls=BridgeGroup,
    help=gettext_noop(
        "Movements: which movements fit a field, each round's tables and boards, checks,"
        " and the guide cards."
    ),
    epilog="Examples:\n\n  bridgescore movement suggest --pairs 17 --boards 24\n\n"
    "  bridgescore movement show howell:6x3",
)
def movement_group() -> None:
    """``bridgescore movement`` (its help is above, for the catalogue)."""


@movement_group.command(
    "suggest",
    help=gettext_noop(
        "List the movements that fit, best first (as a director would choose: no shared"
        " boards or factoring, the usual form for the size, balance, boards out of play):"
        " rounds, boards a round, sit-outs, boards each pair plays, balance and time (about"
        " 7½ minutes a board); a large field split into sections."
    ),
    epilog="Examples:\n\n  bridgescore movement suggest --pairs 17 --boards 24\n\n"
    "  bridgescore movement suggest --pairs 12 --boards 26 --json",
)
@click.option("--pairs", type=int, required=True, help=gettext_noop("How many pairs (3 or more)."))
@click.option(
    "--boards", type=int, required=True, help=gettext_noop("About how many boards to play.")
)
@click.option(
    "--all",
    "show_all",
    is_flag=True,
    help=gettext_noop("List every fit, not only the best ten."),
)
@click.option(
    "--json", "as_json", is_flag=True, help=gettext_noop("Print JSON (see docs/movements.md).")
)
@friendly_errors
def suggest_command(pairs: int, boards: int, show_all: bool, as_json: bool) -> None:
    """``bridgescore movement suggest`` (its help is above, for the catalogue)."""
    _ = cli_words().gettext
    found = suggest(pairs, boards)
    if not found:
        raise MovementError(
            _(
                "no movement bridgescore builds fits {pairs} pairs and about {boards} boards"
                " (kinds: {kinds})"
            ).format(pairs=pairs, boards=boards, kinds=", ".join(KINDS))
        )
    shown = found if show_all else found[:10]
    if as_json:
        emit_json([s.to_dict() for s in shown])
        return
    out = console()
    out.print(
        _("Movements for {pairs} pairs, about {boards} boards (best first)").format(
            pairs=pairs, boards=boards
        )
    )
    for s in shown:
        sits = _(", {count} sits out").format(count=s.sit_outs) if s.sit_outs else ""
        if s.shared:
            sits += _(", boards shared")
        if s.factored:
            sits += _(", factored")
        hours, minutes = divmod(s.minutes, 60)
        out.print(
            _(
                "  {spec} {rounds} rounds x {per_round} boards{sits}; {per_pair} boards a"
                " pair, {in_play} in play; balance {balance}; about {time}"
            ).format(
                spec=f"{s.spec:<24}",
                rounds=f"{s.rounds:>2}",
                per_round=s.boards_per_round,
                sits=sits,
                per_pair=s.boards_per_pair,
                in_play=s.boards_in_play,
                balance=f"{s.balance:.0%}",
                time=f"{hours}h{minutes:02d}",
            )
        )
        if s.sections:
            out.print(
                _("    in {count} sections, one movement each: {specs}").format(
                    count=len(s.sections), specs=" + ".join(s.sections)
                )
            )
    if len(found) > len(shown):
        out.print(_("  ... and {count} more (--all)").format(count=len(found) - len(shown)))


@movement_group.command(
    "show",
    help=gettext_noop(
        "Print a movement round by round: each table's pairs and boards, sit-outs and relays"
        " (or a teams round robin's matches; for an individual movement, each table's four"
        " players by seat, and how often every two players are partners and opponents)."
    )
    + "\n\n"
    + _SOURCE_HELP,
    epilog="Examples:\n\n  bridgescore movement show howell:4x3\n\n"
    "  bridgescore movement show mitchell:8x3 --json > session-movement.json\n\n"
    "  bridgescore movement show individual:13x2",
)
@click.argument("source")
@click.option("--section", default=None, help=_SECTION_HELP)
@click.option(
    "--json", "as_json", is_flag=True, help=gettext_noop("Print the movement's JSON form.")
)
@friendly_errors
def show_command(source: str, section: str | None, as_json: bool) -> None:
    """``bridgescore movement show`` (its help is above, for the catalogue)."""
    movement = load_any_argument(source, section)
    if as_json:
        emit_json(movement.to_dict())
        return
    w = cli_words()
    if isinstance(movement, IndividualMovement):
        click.echo("\n".join(individual_lines(movement, w)))
        return
    if isinstance(movement, RoundRobin):
        click.echo("\n".join(_robin_lines(movement, w)))
        return
    if isinstance(movement, SectionedMovement):
        lines = []
        for part in movement.sections:  # each section as its own movement, headed
            lines.append(
                w.gettext("Section {section}: {field}").format(
                    section=part.letter, field=describe(part.movement, w)
                )
            )
            for number, rnd in enumerate(part.movement.rounds, start=1):
                lines.extend(_round_lines(number, rnd, w))
        click.echo("\n".join(lines))
        return
    lines = [describe(movement, w)]
    for number, rnd in enumerate(movement.rounds, start=1):
        lines.extend(_round_lines(number, rnd, w))
    click.echo("\n".join(lines))


@movement_group.command(
    "check",
    help=gettext_noop(
        "Prove a movement: every broken rule with its round and table (exit status 2 when"
        " there is one)."
    )
    + "\n\n"
    + _SOURCE_HELP,
    epilog="Examples:\n\n  bridgescore movement check session-movement.json",
)
@click.argument("source")
@click.option("--section", default=None, help=_SECTION_HELP)
@friendly_errors
def check_command(source: str, section: str | None) -> None:
    """``bridgescore movement check`` (its help is above, for the catalogue)."""
    from bridgescore.cli.events import said

    w = cli_words()
    _ = w.gettext
    movement = load_any_argument(source, section)
    problems = movement.problems()
    if not problems:
        if isinstance(movement, IndividualMovement):
            from bridgescore.report.individual_cards import describe as describe_individual

            shown = describe_individual(movement, w)
        elif isinstance(movement, RoundRobin):
            shown = describe_robin(movement, w)
        elif isinstance(movement, SectionedMovement):
            from bridgescore.report.cards import describe_sections

            shown = describe_sections(movement, w)
        else:
            shown = describe(movement, w)
        click.echo(_("sound: {movement}").format(movement=shown))
        return
    for problem in problems:
        click.echo(f"bridgescore: error: {said(problem, w)}", err=True)
    counted = w.ngettext(
        "{count} problem in {source}", "{count} problems in {source}", len(problems)
    )
    click.echo("bridgescore: " + counted.format(count=len(problems), source=source), err=True)
    sys.exit(EXIT_BAD_INPUT)


@movement_group.command(
    "cards",
    help=gettext_noop(
        "Print the guide cards: a table card for each table (each round's pairs and boards),"
        " a card for each pair (table, direction, opponents, boards) and the board passing;"
        " for a teams round robin, a card for each room (the teams, their directions, the"
        " boards in order and the exchange) and for each team (opponents, rooms, byes); for"
        " an individual movement, a card for each table (each round's four players) and for"
        " each player (table, seat, partner, opponents, boards)."
    )
    + "\n\n"
    + _SOURCE_HELP,
    epilog="Examples:\n\n  bridgescore movement cards howell:4x3 --html cards.html\n\n"
    "  bridgescore movement cards mitchell:8x3 --pdf cards.pdf --title 'Tuesday pairs'",
)
@click.argument("source")
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False),
    default=None,
    help=gettext_noop("Write the cards as one HTML page (a card to a printed page)."),
)
@click.option(
    "--pdf",
    "pdf_path",
    type=click.Path(dir_okay=False),
    default=None,
    help=gettext_noop("Write the cards as one PDF (the pdf extra)."),
)
@click.option(
    "--title", default=None, help=gettext_noop("The cards' heading (default: Guide cards).")
)
@click.option("--section", default=None, help=_SECTION_HELP)
@friendly_errors
def cards_command(
    source: str,
    html_path: str | None,
    pdf_path: str | None,
    title: str | None,
    section: str | None,
) -> None:
    """``bridgescore movement cards`` (its help is above, for the catalogue)."""
    w = cli_words()
    _ = w.gettext
    if html_path is None and pdf_path is None:
        raise click.UsageError(_("say where: --html FILE and/or --pdf FILE"))
    heading = _("Guide cards") if title is None else title
    movement = load_any_argument(source, section)
    wrote = _("wrote {path}")
    html, pdf = _card_makers(movement)
    if html_path is not None:
        click.echo(wrote.format(path=write_text(html_path, html(movement, heading, words=w))))
    if pdf_path is not None:
        click.echo(wrote.format(path=write_bytes(pdf_path, pdf(movement, heading, words=w))))


def _card_makers(
    movement: Movement | RoundRobin | IndividualMovement | SectionedMovement,
) -> tuple[Callable[..., str], Callable[..., bytes]]:
    """The guide cards' HTML and PDF makers for this kind of movement: a player's and a
    table's cards (individual), a room's (teams) or a table's and a pair's (pairs),
    imported only when asked for."""
    if isinstance(movement, IndividualMovement):
        from bridgescore.report.individual_cards import (
            individual_cards_html,
            individual_cards_pdf,
        )

        return individual_cards_html, individual_cards_pdf
    if isinstance(movement, RoundRobin):
        from bridgescore.report.team_cards import team_cards_html, team_cards_pdf

        return team_cards_html, team_cards_pdf
    if isinstance(movement, SectionedMovement):
        from bridgescore.report.cards import sections_cards_html, sections_cards_pdf

        return sections_cards_html, sections_cards_pdf
    from bridgescore.report.cards import cards_html, cards_pdf

    return cards_html, cards_pdf


def missing_lines(missing: tuple[Seating, ...], w: Words | None = None) -> list[str]:
    """The results a movement schedules and a file does not give, one line each."""
    words = w or cli_words()
    said = words.gettext("missing result: round {round}, table {table}: {ns} v {ew}, board {board}")
    pair = words.notation.pair
    return [
        said.format(round=s.round, table=s.table, ns=pair(s.ns), ew=pair(s.ew), board=s.board)
        for s in missing
    ]


__all__ = [
    "describe",
    "individual_lines",
    "load_any_argument",
    "load_movement_argument",
    "load_schedule_argument",
    "missing_lines",
    "movement_group",
]
