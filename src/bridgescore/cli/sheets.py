"""``bridgescore rubber`` and ``bridgescore chicago``: score sheets from a file or the prompt.

Both read the deal-list format (:mod:`bridgescore.io.deal_list`), build the
sheet with the library, and draw it; ``--json`` prints the whole sheet as data.
Without a file (or with ``-i``, or ``--save FILE``) they ask for each deal at
the prompt; ``--save`` writes the deals to FILE after every deal (atomically) and
resumes from FILE when it exists. See docs/sheets.md, "At the prompt".
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, TypeVar

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from bridgescore.cli._common import console, emit_json, friendly_errors
from bridgescore.core.seats import Side
from bridgescore.errors import BridgeError
from bridgescore.io.deal_list import DealList, dumps, load
from bridgescore.io.writing import WriteError, write_text
from bridgescore.sheets.chicago import DEALS_PER_ROUND, ChicagoSheet
from bridgescore.sheets.entries import ScoreItem, SheetEntry
from bridgescore.sheets.rubber import RubberSession, RubberSheet

S = TypeVar("S", RubberSheet, ChicagoSheet)

_LINE_HELP = (
    "Type one deal per line: contract, declarer, result, e.g. '4SX S +1', '3NT N 10',"
    " '6D E = honours EW 150' or 'Pass'.\n"
    "'undo' removes the last deal; 'end' (or 'quit', or Ctrl-D) finishes; 'help' shows this."
)

RUBBER_EPILOG = """\b
Examples:
  bridgescore rubber examples/rubber.txt
  bridgescore rubber examples/rubber.txt --json
  bridgescore rubber -i          (type the deals one by one)
  bridgescore rubber -i --save game.txt
                                 (game.txt is written after every deal; the same
                                  command again resumes the rubber from it)

\b
FILE holds one deal per line ('4SX S +1', '6D E = honours EW 150', 'Pass');
'#' starts a comment; 'laws: 1935' before the first deal picks a law set.
"""

CHICAGO_EPILOG = """\b
Examples:
  bridgescore chicago examples/chicago.txt
  bridgescore chicago examples/chicago.txt --scoring classic --vulnerability dealer
  bridgescore chicago -i --dealer E
  bridgescore chicago -i --save club.txt
                                 (club.txt is written after every deal; the same
                                  command again resumes the session from it)

\b
FILE holds one deal per line, as for 'rubber'; header lines before the first
deal ('scoring: classic', 'vulnerability: dealer', 'honours: yes', 'dealer: E',
'laws: 1935') set the variant, and the options override them.
"""


# --- drawing ---------------------------------------------------------------------------------


def _cell(points: int) -> str:
    return str(points) if points else ""


def _label(entry: SheetEntry, deal: int | None) -> Text:
    text = Text(f"{entry.points:>5}")
    where = str(entry.item) if deal is None else f"{deal}: {entry.item}"
    text.append(f"  {where}", style="dim")
    return text


def rubber_table(sheet: RubberSheet) -> Table:
    """The sheet as players draw it: We (NS) and They (EW), above and below the line."""
    table = Table(
        title=f"Rubber (laws {sheet.laws})",
        show_footer=True,
        show_edge=False,
        title_justify="left",
    )
    totals = sheet.totals
    table.add_column("We (NS)", footer=str(totals.ns), justify="left", min_width=18)
    table.add_column("They (EW)", footer=str(totals.ew), justify="left", min_width=18)

    # Above the line: each side's entries build upward from the line, the latest on top.
    above: dict[Side, list[Text]] = {side: [] for side in Side}
    for row in sheet.rows:
        for entry in row.entries:
            if not entry.below_the_line:
                above[entry.side].append(_label(entry, row.number))
    for entry in sheet.bonuses:
        above[entry.side].append(_label(entry, None))
    height = max(len(cells) for cells in above.values())
    for level in range(height - 1, -1, -1):
        cells = [above[side][level] if level < len(above[side]) else Text("") for side in Side]
        table.add_row(*cells)
    table.add_section()

    # Below the line: contract points, a line drawn under each game.
    for row in sheet.rows:
        below = [e for e in row.entries if e.below_the_line]
        if below:
            cells = [Text("") for _ in Side]
            for entry in below:
                cells[list(Side).index(entry.side)] = _label(entry, row.number)
            table.add_row(*cells)
        if row.game_won_by is not None:
            table.add_section()
    return table


def _rubber_summary(sheet: RubberSheet) -> list[str]:
    games = sheet.games
    lines = [f"Games: NS {games.ns}, EW {games.ew}."]
    winner = sheet.rubber_winner
    if winner is not None:
        bonus = sheet.bonuses[0].points
        score_line = "two games to none" if games[winner.opponents] == 0 else "two games to one"
        lines.append(f"{winner} win the rubber {score_line}: {bonus} rubber bonus.")
    elif sheet.stopped:
        lines.append("Play stopped before the rubber ended (unfinished-rubber bonuses scored).")
    else:
        toward = sheet.toward_game
        lines.append(
            f"Rubber in progress: next deal at vulnerability {sheet.vulnerability};"
            f" toward game NS {toward.ns}, EW {toward.ew}."
        )
    lines.append(_result_line(sheet.totals.ns, sheet.totals.ew))
    return lines


def _result_line(ns: int, ew: int) -> str:
    if ns == ew:
        return f"Total: NS {ns}, EW {ew}: level."
    leader = "NS" if ns > ew else "EW"
    return f"Total: NS {ns}, EW {ew}: {leader} ahead by {abs(ns - ew)}."


def draw_rubber(out: Console, sheet: RubberSheet) -> None:
    """Print the rubber sheet and the lines under it."""
    out.print(rubber_table(sheet))
    for line in _rubber_summary(sheet):
        out.print(line)


def chicago_table(sheet: ChicagoSheet) -> Table:
    """The Chicago sheet: one row per deal, a total under each round."""
    table = Table(
        title=(
            f"Chicago ({sheet.scoring} scoring, {sheet.vulnerability} vulnerable on deals 2-3,"
            f" honours {'counted' if sheet.honours else 'not counted'}, laws {sheet.laws})"
        ),
        show_footer=True,
        show_edge=False,
        title_justify="left",
    )
    totals = sheet.totals
    table.add_column("#", justify="right", footer="")
    table.add_column("Dealer")
    table.add_column("Vul")
    table.add_column("Deal", footer="Total")
    table.add_column("NS", justify="right", footer=str(totals.ns))
    table.add_column("EW", justify="right", footer=str(totals.ew))
    table.add_column("Notes", style="dim")
    for chicago_round in sheet.rounds:
        for row in chicago_round.rows:
            points = row.points
            notes = []
            if row.game_won_by is not None:
                notes.append(f"game {row.game_won_by}")
            extras = [
                e
                for e in row.entries
                if e.item in (ScoreItem.FOURTH_DEAL_PARTSCORE, ScoreItem.HONOURS)
            ]
            notes += [f"{e.item} {e.side} {e.points}" for e in extras]
            if row.deal.honours is not None and not row.honours_counted:
                notes.append("honours not counted")
            table.add_row(
                str(row.number),
                row.info.dealer.letter,
                str(row.info.vulnerability),
                str(row.deal),
                _cell(points.ns),
                _cell(points.ew),
                ", ".join(notes),
            )
        round_totals = chicago_round.totals
        state = "" if chicago_round.is_complete else " (so far)"
        table.add_row(
            "",
            "",
            "",
            Text(f"Round {chicago_round.number}{state}", style="bold"),
            Text(str(round_totals.ns), style="bold"),
            Text(str(round_totals.ew), style="bold"),
            "",
        )
        table.add_section()
    return table


def draw_chicago(out: Console, sheet: ChicagoSheet) -> None:
    """Print the Chicago sheet and the lines under it."""
    out.print(chicago_table(sheet))
    out.print(_result_line(sheet.totals.ns, sheet.totals.ew))


# --- the prompt ------------------------------------------------------------------------------

_FINISH_WORDS: Final = frozenset({"end", "quit", "q", "exit", "done"})
_HELP_WORDS: Final = frozenset({"help", "?", "h"})
_EMPTY_HINT = (
    "Nothing typed: enter a deal (like '4S N =' or 'Pass'), 'undo', 'help',"
    " or 'end' to finish (Ctrl-D also finishes)."
)


@dataclass(frozen=True, slots=True)
class _Saver:
    """Writes the sheet's deals to a deal-list file after every change, atomically."""

    path: str
    command: str

    def __call__(self, deals: DealList) -> None:
        comment = (
            f"bridgescore {self.command}: saved after every deal.\n"
            f"To go on: bridgescore {self.command} -i --save {shlex.quote(self.path)}"
        )
        write_text(self.path, dumps(deals, comment=comment))

    def resume_hint(self) -> str:
        return (
            f"The deals are saved in {self.path}; to go on later:"
            f" bridgescore {self.command} -i --save {shlex.quote(self.path)}"
        )


def _confirmed(question: str) -> bool:
    """Ask yes or no (default no); the end of input counts as yes, as nothing more can come."""
    try:
        return click.confirm(question, default=False)
    except click.Abort:
        click.echo()
        return True


def _interact(
    sheet: S,
    *,
    prompt: Callable[[S], str],
    draw: Callable[[S], None],
    unfinished: Callable[[S], str | None],
    after: Callable[[S], None] | None = None,
    save: Callable[[S], None] | None = None,
) -> S:
    """Ask for deals until 'end' (confirmed if ``unfinished`` asks) or end of input.

    An empty line asks again, with a hint; bad input is one line on stderr and
    the prompt goes on; after each change the sheet is saved (if asked) and drawn.
    """
    click.echo(_LINE_HELP)
    while True:
        try:
            text = click.prompt(prompt(sheet), default="", show_default=False)
        except click.Abort:
            click.echo()
            return sheet
        command = text.strip().lower()
        if not command:
            click.echo(_EMPTY_HINT)
            continue
        if command in _FINISH_WORDS:
            question = unfinished(sheet)
            if question is None or _confirmed(question):
                return sheet
            continue
        if command in _HELP_WORDS:
            click.echo(_LINE_HELP)
            continue
        try:
            sheet = sheet.undo() if command == "undo" else sheet.add(text)
        except BridgeError as error:
            click.echo(f"error: {_one_line(str(error))}", err=True)
            continue
        if save is not None:
            try:
                save(sheet)
            except (OSError, WriteError) as error:
                click.echo(f"error: could not save the deals: {_one_line(str(error))}", err=True)
        draw(sheet)
        if after is not None:
            after(sheet)


def _one_line(message: str) -> str:
    return " ".join(message.split())


def _rubber_prompt(sheet: RubberSheet) -> str:
    if sheet.is_complete:
        return "The rubber is over ('undo' to change the last deal, 'end' to finish)"
    return f"Deal {len(sheet) + 1} (vulnerable: {sheet.vulnerability})"


def _rubber_unfinished(sheet: RubberSheet) -> str | None:
    """The question to ask before ending a rubber that is not over (None: end at once)."""
    if sheet.is_complete or not sheet.deals:
        return None
    bonuses = sheet.finish().bonuses
    if bonuses:
        scored = ", ".join(f"{e.side} {e.points} for {_UNFINISHED[e.item]}" for e in bonuses)
    else:
        scored = "no bonus: neither side has a game or a partscore of its own"
    return f"The rubber is not over. Finish it now as an unfinished rubber ({scored})?"


_UNFINISHED: Final = {
    ScoreItem.UNFINISHED_GAME: "the game",
    ScoreItem.UNFINISHED_PARTSCORE: "the partscore",
}


def _chicago_prompt(sheet: ChicagoSheet) -> str:
    info = sheet.next_deal
    return (
        f"Deal {info.number} (round {info.round}, deal {info.deal_in_round};"
        f" dealer {info.dealer.letter}, vulnerable: {info.vulnerability})"
    )


def _chicago_unfinished(sheet: ChicagoSheet) -> str | None:
    """The question to ask before ending in the middle of a round (None: end at once)."""
    if sheet.is_round_complete:
        return None
    played = len(sheet.deals) % DEALS_PER_ROUND
    return (
        f"Round {sheet.rounds[-1].number} has {played} of its {DEALS_PER_ROUND} deals."
        " End the session now?"
    )


def _chicago_after(sheet: ChicagoSheet) -> None:
    if sheet.is_round_complete:
        done = sheet.rounds[-1]
        click.echo(
            f"Round {done.number} over: NS {done.totals.ns}, EW {done.totals.ew}."
            " Next deal starts a new round ('end' to stop)."
        )


def _load(file: str | None) -> DealList:
    return DealList() if file is None else load(file)


def _start(file: str | None, save: str | None) -> DealList:
    """The deals to start from: FILE's, or those of an existing --save file (resuming it)."""
    if save is None or not os.path.exists(save):
        return _load(file)
    if file is not None and (file == "-" or not os.path.samefile(file, save)):
        raise click.UsageError(
            f"--save {save!r} already exists, so the sheet resumes from it;"
            f" leave out {file!r}, or save to a new file"
        )
    deals = load(save)
    count = len(deals.deals)
    click.echo(f"Resuming {save}: {count} deal{'' if count == 1 else 's'} so far.")
    return deals


def _rubber_deals(sheet: RubberSheet) -> DealList:
    return DealList(sheet.deals, laws=sheet.laws)


def _chicago_deals(sheet: ChicagoSheet) -> DealList:
    return DealList(
        sheet.deals,
        laws=sheet.laws,
        vulnerability=sheet.vulnerability,
        scoring=sheet.scoring,
        honours=sheet.honours,
        dealer=sheet.first_dealer,
    )


# --- commands --------------------------------------------------------------------------------

_SAVE_HELP = (
    "At the prompt (implies -i), write the deals to FILE after every deal, as a deal list;"
    " if FILE exists, resume the sheet from its deals."
)


@click.command("rubber", epilog=RUBBER_EPILOG)
@click.argument("file", required=False)
@click.option("--laws", "laws", default=None, help="Law set (2017, 1987, 1935, 1932 or an alias).")
@click.option(
    "--finish",
    is_flag=True,
    help="Play stopped here: score an unfinished rubber (300 for a game, 100 for a partscore).",
)
@click.option(
    "--session",
    is_flag=True,
    help="Several rubbers in a row (from FILE): a new rubber starts when one ends.",
)
@click.option("-i", "--interactive", is_flag=True, help="Type the deals at the prompt.")
@click.option("--save", "save", metavar="FILE", default=None, help=_SAVE_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the whole sheet as JSON.")
@friendly_errors
def rubber_command(
    file: str | None,
    laws: str | None,
    finish: bool,
    session: bool,
    interactive: bool,
    save: str | None,
    as_json: bool,
) -> None:
    """Draw a rubber bridge score sheet from FILE ('-' for stdin), or ask for the deals.

    Contract points go below the line, everything else above; a line is drawn
    under each game; the rubber bonus is 700 or 500. At the prompt, 'end' (or
    Ctrl-D) finishes; ending before the rubber is over asks first, then scores
    it as an unfinished rubber. With --save FILE the deals are written to FILE
    as they are entered, and running the same command again resumes from it.
    """
    interactive = interactive or file is None or save is not None
    deals = _start(file, save) if interactive else _load(file)
    out = console()
    if session and not interactive:
        rubbers = deals.rubber_session(laws=laws)
        rubbers = rubbers.finish() if finish else rubbers
        if as_json:
            emit_json(rubbers.as_dict())
            return
        _draw_session(out, rubbers)
        return
    sheet = deals.rubber(laws=laws)
    if interactive:
        saver = None if save is None else _Saver(save, "rubber")
        if saver is not None:
            saver(_rubber_deals(sheet))
        if sheet.deals:
            draw_rubber(out, sheet)
        sheet = _interact(
            sheet,
            prompt=_rubber_prompt,
            draw=lambda s: draw_rubber(console(), s),
            unfinished=_rubber_unfinished,
            save=None if saver is None else lambda s: saver(_rubber_deals(s)),
        )
        if saver is not None:
            click.echo(saver.resume_hint())
        finish = True
    if finish:
        sheet = sheet.finish()
    if as_json:
        emit_json(sheet.as_dict())
        return
    draw_rubber(out, sheet)


def _draw_session(out: Console, session: RubberSession) -> None:
    for number, rubber in enumerate(session.rubbers, 1):
        out.print(f"Rubber {number}")
        draw_rubber(out, rubber)
        out.print()
    out.print(f"Session: {_result_line(session.totals.ns, session.totals.ew)}")


@click.command("chicago", epilog=CHICAGO_EPILOG)
@click.argument("file", required=False)
@click.option(
    "--vulnerability",
    type=click.Choice(["dealer-opponents", "dealer"]),
    default=None,
    help="Who is vulnerable on deals 2 and 3 [default: dealer-opponents, as in"
    " 'Bridgen pistelasku'].",
)
@click.option(
    "--scoring",
    type=click.Choice(["duplicate", "classic"]),
    default=None,
    help="Each deal as at duplicate, or partscores carried toward game [default: duplicate].",
)
@click.option(
    "--honours/--no-honours",
    default=None,
    help="Count honours [default: yes with classic scoring, no with duplicate].",
)
@click.option(
    "--dealer",
    type=click.Choice(["N", "E", "S", "W"], case_sensitive=False),
    default=None,
    help="Who deals first [default: N].",
)
@click.option("--laws", "laws", default=None, help="Law set (2017, 1987, 1935, 1932 or an alias).")
@click.option("-i", "--interactive", is_flag=True, help="Type the deals at the prompt.")
@click.option("--save", "save", metavar="FILE", default=None, help=_SAVE_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the whole sheet as JSON.")
@friendly_errors
def chicago_command(
    file: str | None,
    vulnerability: str | None,
    scoring: str | None,
    honours: bool | None,
    dealer: str | None,
    laws: str | None,
    interactive: bool,
    save: str | None,
    as_json: bool,
) -> None:
    """Draw a Chicago score sheet from FILE ('-' for stdin), or ask for the deals.

    Rounds of four deals, the deal passing clockwise: nobody vulnerable on the
    first, everybody on the fourth, deals 2 and 3 by the --vulnerability rule.
    At the prompt, 'end' (or Ctrl-D) finishes; ending in the middle of a round
    asks first. With --save FILE the deals and settings are written to FILE as
    they are entered, and running the same command again resumes from it.
    """
    interactive = interactive or file is None or save is not None
    deals = _start(file, save) if interactive else _load(file)
    sheet = deals.chicago(
        scoring=scoring, vulnerability=vulnerability, honours=honours, dealer=dealer, laws=laws
    )
    out = console()
    if interactive:
        saver = None if save is None else _Saver(save, "chicago")
        if saver is not None:
            saver(_chicago_deals(sheet))
        if sheet.deals:
            draw_chicago(out, sheet)
        sheet = _interact(
            sheet,
            prompt=_chicago_prompt,
            draw=lambda s: draw_chicago(console(), s),
            unfinished=_chicago_unfinished,
            after=_chicago_after,
            save=None if saver is None else lambda s: saver(_chicago_deals(s)),
        )
        if saver is not None:
            click.echo(saver.resume_hint())
    if as_json:
        emit_json(sheet.as_dict())
        return
    draw_chicago(out, sheet)
