"""``bridgescore rubber`` and ``bridgescore chicago``: score sheets from a file or the prompt.

Both read the deal-list format (:mod:`bridgescore.io.deal_list`), build the
sheet with the library, and draw it; ``--json`` prints the whole sheet as data.
Without a file (or with ``-i``, or ``--save FILE``) they ask for each deal at
the prompt, where any deal can be fixed, inserted or deleted; a rubber that ends
is followed by the next one. ``--save`` writes the deals to FILE after every
change (atomically) and resumes from FILE when it exists. Every message goes
in the command's language (``--lang``, else the environment's), looked up when shown
(:func:`bridgescore.cli._common.cli_words`); a library error is shown in it too. See
docs/sheets.md, "At the prompt".
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Final, TypeVar

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from bridgescore.cli._common import (
    cli_reader,
    cli_words,
    console,
    emit_json,
    friendly_errors,
    lang_option,
    one_line,
)
from bridgescore.cli._i18n import _, ngettext
from bridgescore.core.contract import Contract
from bridgescore.core.notation import Notation, Reading
from bridgescore.core.seats import Seat, Side
from bridgescore.core.strains import Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.errors import BridgeError
from bridgescore.i18n import seat_name, vulnerability_name
from bridgescore.io.deal_list import DealList, dumps, load
from bridgescore.io.writing import WriteError, write_text
from bridgescore.sheets.chicago import (
    DEALS_PER_ROUND,
    ChicagoRow,
    ChicagoScoring,
    ChicagoSheet,
    ChicagoVulnerability,
)
from bridgescore.sheets.deal import Deal
from bridgescore.sheets.entries import ScoreItem, SheetEntry, Tally
from bridgescore.sheets.rubber import RubberRow, RubberSession, RubberSheet

S = TypeVar("S", RubberSession, ChicagoSheet)


def _said(error: BridgeError) -> str:
    """A library error in the command's language and notation."""
    return error.translated(cli_reader())


def _vulnerable(vulnerability: Vulnerability) -> str:
    """Who is vulnerable, as a board's header says it (None, NS, EW, Both)."""
    return vulnerability_name(vulnerability, cli_words().pgettext)


def _notation() -> Notation:
    """How the command's language writes contracts, seats and sides."""
    return cli_words().notation


def _side(side: Side) -> str:
    """A side as the language abbreviates it (NS, EW; Finnish PE, IL; Spanish NS, EO)."""
    return _notation().side(side)


def _both(tally: Tally) -> str:
    """Both sides' figures: ``NS 60, EW 100`` (``PE 60, IL 100``; ``NS 60, EO 100``)."""
    return f"{_side(Side.NS)} {tally.ns}, {_side(Side.EW)} {tally.ew}"


def _shown(deal: Deal) -> str:
    """A deal as the language writes it: ``4♥ O =`` in Spanish, ``4H W =`` in English."""
    notation = _notation()
    return deal.format(notation=notation, symbols=notation.symbols)


def _example(text: str) -> str:
    """An example deal (written internationally here) in the language's notation, typed."""
    return Deal.parse(text).format(notation=_notation(), symbols=False)


def _line_help() -> str:
    word = _command_word
    return _(
        "Type one deal per line: contract, declarer, result, e.g. '{first}', '{second}',"
        " '{third}' or '{passed}'.\n"
        "Change an earlier deal:\n"
        "  {fix} 3 {fixed}: deal 3 was really {fixed_contract} by {north}, made\n"
        "  {insert} 2 {inserted}: a forgotten deal goes in as deal 2 (the later ones move"
        " down)\n"
        "  {delete} 4: deal 4 goes (the later ones move up)\n"
        "  {undo}: the last deal goes\n"
        "'{end}' (or Ctrl-D) finishes; '{help}' shows this. English commands work too."
    ).format(
        first=_example("4SX S +1"),
        second=_example("3NT N 10"),
        third=_example("6D E = honours EW 150"),
        passed=_notation().passed,
        fix=word(PromptWord.FIX),
        fixed=_example("4H N ="),
        fixed_contract=_notation().contract(Contract(4, Strain.HEARTS), symbols=False),
        north=seat_name(Seat.NORTH, cli_words().gettext),
        insert=word(PromptWord.INSERT),
        inserted=_example("2S E ="),
        delete=word(PromptWord.DELETE),
        undo=word(PromptWord.UNDO),
        end=word(PromptWord.END),
        help=word(PromptWord.HELP),
    )


def _rubber_epilog() -> str:
    return _(
        "\b\nExamples:\n"
        "  bridgescore rubber examples/rubber.txt\n"
        "  bridgescore rubber examples/rubber.txt --json\n"
        "  bridgescore rubber -i          (type the deals one by one)\n"
        "  bridgescore rubber -i --save game.txt\n"
        "                                 (game.txt is written after every deal; the same\n"
        "                                  command again resumes the rubber from it)\n"
        "  bridgescore rubber -i --we ew  (We are East-West)\n"
        "\n\b\n"
        "FILE holds one deal per line ('4SX S +1', '6D E = honours EW 150', 'Pass');\n"
        "'#' starts a comment; 'laws: 1935' before the first deal picks a law set.\n"
        "At the prompt 'fix 3 4H N =', 'insert 2 ...', 'delete 4' and 'undo' change\n"
        "earlier deals; a new rubber starts when one ends.\n"
    )


def _chicago_epilog() -> str:
    return _(
        "\b\nExamples:\n"
        "  bridgescore chicago examples/chicago.txt\n"
        "  bridgescore chicago examples/chicago.txt --scoring classic --vulnerability dealer\n"
        "  bridgescore chicago -i --dealer E\n"
        "  bridgescore chicago -i --save club.txt\n"
        "                                 (club.txt is written after every deal; the same\n"
        "                                  command again resumes the session from it)\n"
        "\n\b\n"
        "FILE holds one deal per line, as for 'rubber'; header lines before the first\n"
        "deal ('scoring: classic', 'vulnerability: dealer', 'honours: yes', 'dealer: E',\n"
        "'laws: 1935') set the variant, and an option given wins over its header.\n"
    )


# --- drawing ---------------------------------------------------------------------------------

_GAME_RULE: Final = "━"
_CUT_RULE: Final = "┄"
_RULE_WIDTH: Final = 26


def _sides(we: Side) -> tuple[Side, Side]:
    """The columns in order: We, then They."""
    return we, we.opponents


def _we_they(we: Side) -> tuple[str, str]:
    return (
        _("We ({side})").format(side=_side(we)),
        _("They ({side})").format(side=_side(we.opponents)),
    )


def _cell(points: int) -> str:
    return str(points) if points else ""


def _label(entry: SheetEntry, deal: int | None) -> Text:
    text = Text(f"{entry.points:>5}")
    name = entry.item.shown(_)
    where = name if deal is None else f"{deal}: {name}"
    text.append(f"  {where}", style="dim")
    return text


def _rule(mark: str, words: str) -> str:
    """A line across a column with ``words`` in it: ``━━ game 1 ━━━━``."""
    head = f"{mark * 2} {words} "
    return head + mark * max(2, _RULE_WIDTH - len(head))


def rubber_table(
    sheet: RubberSheet, *, we: Side = Side.NS, first: int = 1, title: str | None = None
) -> Table:
    """The sheet as players draw it: We and They, above and below the line.

    Deals are labelled from ``first`` (a rubber later in a session goes on counting).
    Under each game the winner's column has the game line and the other column either
    the same line or, when it held a partscore that the game cuts, a dotted line
    naming it: the partscore stays in the totals but no longer counts toward game.
    """
    table = Table(
        title=title or _("Rubber (laws {laws})").format(laws=sheet.laws),
        show_footer=True,
        show_edge=False,
        title_justify="left",
    )
    totals = sheet.totals
    order = _sides(we)
    for side, heading in zip(order, _we_they(we), strict=True):
        table.add_column(heading, footer=str(totals[side]), justify="left", min_width=18)
    offset = first - 1

    # Above the line: each side's entries build upward from the line, the latest on top.
    above: dict[Side, list[Text]] = {side: [] for side in Side}
    for row in sheet.rows:
        for entry in row.entries:
            if not entry.below_the_line:
                above[entry.side].append(_label(entry, row.number + offset))
    for entry in sheet.bonuses:
        above[entry.side].append(_label(entry, None))
    height = max(len(cells) for cells in above.values())
    for level in range(height - 1, -1, -1):
        cells = [above[side][level] if level < len(above[side]) else Text("") for side in order]
        table.add_row(*cells)
    table.add_section()

    # Below the line: contract points; under each game the game line, or a cut partscore's.
    for row in sheet.rows:
        below = [e for e in row.entries if e.below_the_line]
        if below:
            by_side = {e.side: _label(e, row.number + offset) for e in below}
            table.add_row(*(by_side.get(side, Text("")) for side in order))
        if row.game_won_by is not None:
            game_line = _rule(_GAME_RULE, _("game {number}").format(number=row.game))
            cells = []
            for side in order:
                if side is not row.game_won_by and row.cut[side]:
                    words = _("{points} cut").format(points=row.cut[side])
                    cells.append(Text(_rule(_CUT_RULE, words), style="dim"))
                elif side is row.game_won_by:
                    cells.append(Text(game_line, style="bold"))
                else:
                    cells.append(Text(_GAME_RULE * _RULE_WIDTH, style="bold"))
            table.add_row(*cells)
    return table


def _rubber_summary(sheet: RubberSheet) -> list[str]:
    games = sheet.games
    lines = [_("Games: {both}.").format(both=_both(games))]
    winner = sheet.rubber_winner
    if winner is not None:
        bonus = sheet.bonuses[0].points
        if games[winner.opponents] == 0:
            line = _("{side} win the rubber two games to none: {bonus} rubber bonus.")
        else:
            line = _("{side} win the rubber two games to one: {bonus} rubber bonus.")
        lines.append(line.format(side=_side(winner), bonus=bonus))
    elif sheet.stopped:
        lines.append(_("Play stopped before the rubber ended (unfinished-rubber bonuses scored)."))
    else:
        toward = sheet.toward_game
        lines.append(
            _(
                "Rubber in progress: next deal at vulnerability {vulnerability};"
                " toward game {both}."
            ).format(vulnerability=_vulnerable(sheet.vulnerability), both=_both(toward))
        )
    lines.append(_result_line(sheet.totals))
    return lines


def _result_line(totals: Tally) -> str:
    if totals.ns == totals.ew:
        return _("Total: {both}: level.").format(both=_both(totals))
    leader = totals.leader
    assert leader is not None  # the totals differ
    return _("Total: {both}: {leader} ahead by {margin}.").format(
        both=_both(totals), leader=_side(leader), margin=totals.margin
    )


def draw_rubber(
    out: Console,
    sheet: RubberSheet,
    *,
    we: Side = Side.NS,
    first: int = 1,
    title: str | None = None,
) -> None:
    """Print the rubber sheet and the lines under it."""
    out.print(rubber_table(sheet, we=we, first=first, title=title))
    for line in _rubber_summary(sheet):
        out.print(line)


def _rubber_title(session: RubberSession, index: int) -> str | None:
    """'Rubber 2 (laws 2017)' once a session has more than one rubber."""
    if len(session.rubbers) == 1:
        return None
    return _("Rubber {number} (laws {laws})").format(number=index + 1, laws=session.laws)


def draw_session(out: Console, session: RubberSession, *, we: Side = Side.NS) -> None:
    """Print every rubber of a session, then the session's total."""
    if len(session.rubbers) == 1:
        draw_rubber(out, session.rubbers[0], we=we)
        return
    for index, (rubber, first) in enumerate(zip(session.rubbers, session.starts, strict=True)):
        draw_rubber(out, rubber, we=we, first=first, title=_rubber_title(session, index))
        out.print()
    out.print(_("Session: {total}").format(total=_result_line(session.totals)))


def _chicago_words(sheet: ChicagoSheet) -> tuple[str, str]:
    """The Chicago's scoring and vulnerability rule in the language's words (the option
    values in English)."""
    pgettext = cli_words().pgettext
    scoring = {
        ChicagoScoring.DUPLICATE: pgettext("chicago scoring", "duplicate"),
        ChicagoScoring.CLASSIC: pgettext("chicago scoring", "classic"),
    }[sheet.scoring]
    vulnerability = {
        ChicagoVulnerability.DEALER_OPPONENTS: pgettext("chicago vulnerable", "dealer-opponents"),
        ChicagoVulnerability.DEALER: pgettext("chicago vulnerable", "dealer"),
    }[sheet.vulnerability]
    return scoring, vulnerability


def chicago_table(sheet: ChicagoSheet, *, we: Side = Side.NS) -> Table:
    """The Chicago sheet drawn We and They: one row per deal, a total under each round."""
    counted = _("honours counted") if sheet.honours else _("honours not counted")
    scoring, vulnerability = _chicago_words(sheet)
    table = Table(
        title=_(
            "Chicago ({scoring} scoring, {vulnerability} vulnerable on deals 2-3,"
            " {honours}, laws {laws})"
        ).format(
            scoring=scoring,
            vulnerability=vulnerability,
            honours=counted,
            laws=sheet.laws,
        ),
        show_footer=True,
        show_edge=False,
        title_justify="left",
    )
    totals = sheet.totals
    order = _sides(we)
    table.add_column("#", justify="right", footer="")
    table.add_column(_("Dealer"))
    table.add_column(_("Vul"))
    table.add_column(_("Deal"), footer=_("Total"))
    for side, heading in zip(order, _we_they(we), strict=True):
        table.add_column(heading, justify="right", footer=str(totals[side]))
    table.add_column(_("Notes"), style="dim")
    for chicago_round in sheet.rounds:
        for row in chicago_round.rows:
            points = row.points
            notes = []
            if row.game_won_by is not None:
                notes.append(_("game {side}").format(side=_side(row.game_won_by)))
            notes += [
                f"{e.item.shown(_)} {_side(e.side)} {e.points}"
                for e in row.entries
                if e.item in (ScoreItem.FOURTH_DEAL_PARTSCORE, ScoreItem.HONOURS)
            ]
            if row.deal.honours is not None and not row.honours_counted:
                notes.append(_("honours not counted"))
            table.add_row(
                str(row.number),
                _notation().seat(row.info.dealer),
                _vulnerable(row.info.vulnerability),
                _shown(row.deal),
                *(_cell(points[side]) for side in order),
                ", ".join(notes),
            )
        round_totals = chicago_round.totals
        if chicago_round.is_complete:
            name = _("Round {number}").format(number=chicago_round.number)
        else:
            name = _("Round {number} (so far)").format(number=chicago_round.number)
        table.add_row(
            "",
            "",
            "",
            Text(name, style="bold"),
            *(Text(str(round_totals[side]), style="bold") for side in order),
            "",
        )
        table.add_section()
    return table


def draw_chicago(out: Console, sheet: ChicagoSheet, *, we: Side = Side.NS) -> None:
    """Print the Chicago sheet and the line under it."""
    out.print(chicago_table(sheet, we=we))
    out.print(_result_line(sheet.totals))


# --- the prompt ------------------------------------------------------------------------------


class PromptWord(Enum):
    """What a line at the prompt can start with, besides a deal."""

    FIX = "fix"
    INSERT = "insert"
    DELETE = "delete"
    UNDO = "undo"
    END = "end"
    HELP = "help"

    @classmethod
    def find(cls, word: str) -> PromptWord | None:
        """The command ``word`` names in the command's language or in English (any
        case), or ``None`` for a deal."""
        folded = word.lower()
        return _LOCAL_WORDS.get(_notation().code, {}).get(folded) or _PROMPT_WORDS.get(folded)


_LOCAL_WORDS: Final[dict[str, dict[str, PromptWord]]] = {
    "fi": {
        "korjaa": PromptWord.FIX, "lisää": PromptWord.INSERT, "lisaa": PromptWord.INSERT,
        "poista": PromptWord.DELETE, "peru": PromptWord.UNDO, "kumoa": PromptWord.UNDO,
        "loppu": PromptWord.END, "lopeta": PromptWord.END, "valmis": PromptWord.END,
        "ohje": PromptWord.HELP, "apua": PromptWord.HELP,
    },
    "es": {
        "corregir": PromptWord.FIX, "cambiar": PromptWord.FIX, "insertar": PromptWord.INSERT,
        "borrar": PromptWord.DELETE, "quitar": PromptWord.DELETE,
        "deshacer": PromptWord.UNDO, "fin": PromptWord.END, "terminar": PromptWord.END,
        "salir": PromptWord.END, "ayuda": PromptWord.HELP,
    },
}  # fmt: skip
"""The commands as players of each language type them (the first of each is shown in the
help); the English words work in every language."""


def _command_word(word: PromptWord) -> str:
    """The word the help shows for a command: the language's own, else the English."""
    for text, found in _LOCAL_WORDS.get(_notation().code, {}).items():
        if found is word:
            return text
    return word.value


_PROMPT_WORDS: Final = {
    "fix": PromptWord.FIX,
    "correct": PromptWord.FIX,
    "change": PromptWord.FIX,
    "insert": PromptWord.INSERT,
    "delete": PromptWord.DELETE,
    "del": PromptWord.DELETE,
    "remove": PromptWord.DELETE,
    "undo": PromptWord.UNDO,
    "end": PromptWord.END,
    "quit": PromptWord.END,
    "q": PromptWord.END,
    "exit": PromptWord.END,
    "done": PromptWord.END,
    "help": PromptWord.HELP,
    "?": PromptWord.HELP,
    "h": PromptWord.HELP,
}


class _PromptError(Exception):
    """A line the prompt cannot read; its message says how to write it."""


@dataclass(frozen=True, slots=True)
class _Typed:
    """One line typed at the prompt: a command (``None`` for a new deal), its deal
    number and its deal, read in the command's language (with how it was read)."""

    word: PromptWord | None
    number: int | None = None
    deal: Deal | None = None
    reading: Reading | None = None


def _typed_deal(word: PromptWord | None, number: int | None, text: str) -> _Typed:
    deal, reading = Deal.read(text, _notation())
    return _Typed(word, number, deal, reading)


def _read_line(text: str) -> _Typed:
    """What a typed line asks for; a :class:`_PromptError` saying how to write it."""
    words = text.split()
    word = PromptWord.find(words[0]) if words else None
    if word is None:
        return _typed_deal(None, None, text.strip())
    rest = words[1:]
    if word in (PromptWord.UNDO, PromptWord.END, PromptWord.HELP):
        if rest:
            raise _PromptError(_("'{word}' takes nothing after it").format(word=words[0]))
        return _Typed(word)
    examples = {
        PromptWord.FIX: f"{_command_word(PromptWord.FIX)} 3 {_example('4H N =')}",
        PromptWord.INSERT: f"{_command_word(PromptWord.INSERT)} 2 {_example('2S E =')}",
        PromptWord.DELETE: f"{_command_word(PromptWord.DELETE)} 4",
    }
    if not rest or not (rest[0].isascii() and rest[0].isdigit()) or len(rest[0]) > 4:
        raise _PromptError(
            _("'{text}': say which deal, by its number, like '{example}'").format(
                text=text.strip()[:40], example=examples[word]
            )
        )
    number = int(rest[0])
    deal = " ".join(rest[1:])
    if word is PromptWord.DELETE and deal:
        raise _PromptError(
            _("'{text}': '{delete}' takes only the deal's number, like '{example}'").format(
                text=text.strip()[:40], delete=words[0], example=examples[word]
            )
        )
    if word is not PromptWord.DELETE and not deal:
        raise _PromptError(
            _("'{text}': say what the deal was, like '{example}'").format(
                text=text.strip()[:40], example=examples[word]
            )
        )
    if word is PromptWord.DELETE:
        return _Typed(word, number)
    return _typed_deal(word, number, deal)


def _apply(sheet: S, typed: _Typed) -> tuple[S, list[str]]:
    """The sheet after the typed change (one library call), and what changed, in words.

    A library error goes up unchanged: the sheet stays as it was.
    """
    before = sheet.totals
    count = len(sheet.deals)
    if typed.word is None:
        assert typed.deal is not None  # a new deal's line holds it
        return sheet.add(typed.deal), []
    number = count if typed.number is None else typed.number
    said: list[str]
    if typed.word is PromptWord.UNDO:
        new = sheet.undo()
        said = [
            _("Deal {number} removed: '{deal}'.").format(number=count, deal=_shown(sheet.deals[-1]))
        ]
    elif typed.word is PromptWord.FIX:
        assert typed.deal is not None  # 'fix' says what the deal was
        new = sheet.correct(number, typed.deal)
        said = [
            _("Deal {number} fixed: '{old}' is now '{new}'.").format(
                number=number,
                old=_shown(sheet.deals[number - 1]),
                new=_shown(new.deals[number - 1]),
            )
        ]
    elif typed.word is PromptWord.INSERT:
        assert typed.deal is not None  # 'insert' says what the deal was
        new = sheet.insert(number, typed.deal)
        said = [
            _("Deal {number} inserted: '{deal}'.").format(
                number=number, deal=_shown(new.deals[number - 1])
            )
        ]
        if number <= count:
            said.append(_moved(number, count, +1))
    else:
        new = sheet.delete(number)
        said = [
            _("Deal {number} deleted: '{deal}'.").format(
                number=number, deal=_shown(sheet.deals[number - 1])
            )
        ]
        if number < count:
            said.append(_moved(number + 1, count, -1))
    after = new.totals
    if after == before:
        said.append(_("Totals unchanged: {both}.").format(both=_both(after)))
    else:
        said.append(
            _("Totals now {both} (were {before}).").format(both=_both(after), before=_both(before))
        )
    return new, [" ".join(said)]


def _moved(first: int, last: int, by: int) -> str:
    """'Deals 2-6 are now 3-7.' (or one deal)."""
    if first == last:
        return _("Deal {old} is now deal {new}.").format(old=first, new=first + by)
    return _("Deals {first}-{last} are now {new_first}-{new_last}.").format(
        first=first, last=last, new_first=first + by, new_last=last + by
    )


@dataclass(frozen=True, slots=True)
class _Saver:
    """Writes the sheet's deals to a deal-list file after every change, atomically."""

    path: str
    command: str

    def __call__(self, deals: DealList) -> None:
        comment = _(
            "bridgescore {command}: saved after every deal.\n"
            "To go on: bridgescore {command} -i --save {path}"
        ).format(command=self.command, path=shlex.quote(self.path))
        write_text(self.path, dumps(deals, comment=comment))

    def resume_hint(self) -> str:
        return _(
            "The deals are saved in {path}; to go on later:"
            " bridgescore {command} -i --save {quoted}"
        ).format(path=self.path, command=self.command, quoted=shlex.quote(self.path))


_ANSWERS: Final[dict[str, tuple[frozenset[str], frozenset[str]]]] = {
    "en": (frozenset({"y", "yes"}), frozenset({"n", "no"})),
    "fi": (frozenset({"k", "kyllä", "kylla", "y", "yes"}), frozenset({"e", "ei", "n", "no"})),
    "es": (frozenset({"s", "sí", "si", "y", "yes"}), frozenset({"n", "no"})),
}
"""Yes and no as each language answers (the English words too): Finnish kyllä / ei,
Spanish sí / no."""


def _confirmed(question: str) -> bool | None:
    """Ask yes or no in the command's language (default no): ``None`` when the input ends
    before an answer, so nothing is done that was not said."""
    yes, no = _ANSWERS.get(_notation().code, _ANSWERS["en"])
    choices = _("[y/N]")  # the letters of _ANSWERS: [k/E] in Finnish, [s/N] in Spanish
    while True:
        try:
            answer = click.prompt(
                f"{question} {choices}", default="", show_default=False, prompt_suffix=": "
            )
        except click.Abort:
            click.echo()
            return None
        folded = answer.strip().lower()
        if not folded or folded in no:
            return False
        if folded in yes:
            return True
        click.echo(_("Answer y or n."))


def _error(message: str) -> None:
    click.echo(_("error: {message}").format(message=one_line(message)), err=True)


def _deal_points(sheet: RubberSession | ChicagoSheet, number: int) -> int:
    """What deal ``number`` (1-based on the whole sheet) scored for its declaring side,
    less what its opponents wrote for it (honours and undertricks)."""
    if isinstance(sheet, RubberSession):
        rows: list[RubberRow | ChicagoRow] = [row for r in sheet.rubbers for row in r.rows]
    else:
        rows = [row for r in sheet.rounds for row in r.rows]
    row = rows[number - 1]
    side = row.deal.declarer_side
    if side is None:
        return 0
    return row.points[side] - row.points[side.opponents]


def _spoken(sheet: RubberSession | ChicagoSheet, number: int) -> str:
    """Deal ``number`` said back in words: ``4 corazones por Oeste, cumplido: 120``."""
    deal = sheet.deals[number - 1]
    return cli_words().spoken(deal.result, _deal_points(sheet, number))


def _interact(
    sheet: S,
    *,
    prompt: Callable[[S], str],
    draw: Callable[[S, _Typed], None],
    unfinished: Callable[[S], str | None],
    after: Callable[[S, S], None] | None = None,
    save: Callable[[S], None] | None = None,
) -> tuple[S, bool]:
    """Ask for deals and changes until 'end' or the end of input; the sheet, and whether
    play ended ('end', confirmed if ``unfinished`` asks) rather than the input (Ctrl-D:
    the sheet is kept as it stands, an unfinished rubber unfinished).

    An empty line asks again, with a hint; bad input is one line on stderr, changes
    nothing, and the prompt goes on. A deal is said back in words; one with a letter the
    language reads otherwise than English (Spanish C, corazones; Finnish E, etelä) is said
    back first and kept only when confirmed. After each change the prompt says what
    changed, the sheet is saved (if asked) and drawn.
    """
    click.echo(_line_help())
    while True:
        try:
            text = click.prompt(prompt(sheet), default="", show_default=False)
        except click.Abort:
            click.echo()
            return sheet, False
        if not text.strip():
            click.echo(
                _(
                    "Nothing typed: enter a deal (like '{deal}' or '{passed}'), '{fix}',"
                    " '{insert}', '{delete}', '{undo}', '{help}', or '{end}' to finish"
                    " (Ctrl-D also stops)."
                ).format(
                    deal=_example("4S N ="),
                    passed=_notation().passed,
                    fix=_command_word(PromptWord.FIX),
                    insert=_command_word(PromptWord.INSERT),
                    delete=_command_word(PromptWord.DELETE),
                    undo=_command_word(PromptWord.UNDO),
                    help=_command_word(PromptWord.HELP),
                    end=_command_word(PromptWord.END),
                )
            )
            continue
        try:
            typed = _read_line(text)
            if typed.word is PromptWord.END:
                question = unfinished(sheet)
                if question is None:
                    return sheet, True
                answer = _confirmed(question)
                if answer is None:
                    return sheet, False
                if answer:
                    return sheet, True
                continue
            if typed.word is PromptWord.HELP:
                click.echo(_line_help())
                continue
            new, said = _apply(sheet, typed)
        except (BridgeError, _PromptError) as error:
            _error(_said(error) if isinstance(error, BridgeError) else str(error))
            continue
        if typed.deal is not None:
            number = len(new.deals) if typed.number is None else typed.number
            spoken = _spoken(new, number)
            if typed.reading is not None and typed.reading.crossed:
                answer = _confirmed(_("{deal}. Is that right?").format(deal=spoken))
                if answer is None:
                    return sheet, False
                if not answer:
                    click.echo(_("Not kept; type the deal again."))
                    continue
            said.insert(0, spoken)
        if save is not None:
            try:
                save(new)
            except (OSError, WriteError) as error:
                _error(_("could not save the deals: {reason}").format(reason=error))
        draw(new, typed)
        for line in said:
            click.echo(line)
        if after is not None:
            after(sheet, new)
        sheet = new


# --- rubber at the prompt: a session of rubbers ---------------------------------------------


def _rubber_prompt(session: RubberSession) -> str:
    number = len(session.deals) + 1
    current = session.current
    rubber = len(session.rubbers)
    vulnerability = current.vulnerability
    if current.is_complete:  # the next deal starts a new rubber
        rubber += 1
        vulnerability = Vulnerability.NONE
    if rubber == 1:
        return _("Deal {number} (vulnerable: {vulnerability})").format(
            number=number, vulnerability=_vulnerable(vulnerability)
        )
    return _("Deal {number} (rubber {rubber}, vulnerable: {vulnerability})").format(
        number=number, rubber=rubber, vulnerability=_vulnerable(vulnerability)
    )


def _rubber_unfinished(session: RubberSession) -> str | None:
    """The question to ask before ending a rubber that is not over (None: end at once)."""
    current = session.current
    if current.is_complete or not current.deals:
        return None
    bonuses = current.finish().bonuses
    if bonuses:
        scored = ", ".join(
            _("{side} {points} for {what}").format(
                side=_side(e.side), points=e.points, what=_unfinished_name(e.item)
            )
            for e in bonuses
        )
    else:
        scored = _("no bonus: neither side has a game or a partscore of its own")
    return _("The rubber is not over. Finish it now as an unfinished rubber ({scored})?").format(
        scored=scored
    )


def _unfinished_name(item: ScoreItem) -> str:
    return _("the game") if item is ScoreItem.UNFINISHED_GAME else _("the partscore")


def _rubber_index(session: RubberSession, number: int) -> int:
    """Which rubber of the session holds deal ``number``."""
    index = 0
    for k, first in enumerate(session.starts):
        if first <= number:
            index = k
    return index


def _draw_rubber_at_prompt(session: RubberSession, typed: _Typed, we: Side) -> None:
    """Draw the rubber the change was in (the current one for a new deal or undo)."""
    if not session.deals:
        return
    number = len(session.deals) if typed.number is None else min(typed.number, len(session))
    index = _rubber_index(session, number)
    first = session.starts[index]
    draw_rubber(
        console(),
        session.rubbers[index],
        we=we,
        first=first,
        title=_rubber_title(session, index),
    )
    if len(session.rubbers) > 1:
        click.echo(_("Session: {total}").format(total=_result_line(session.totals)))


def _rubber_after(before: RubberSession, session: RubberSession) -> None:
    """Say so when the deal just added ended a rubber: the next deal starts another."""
    if session.current.is_complete and not before.current.is_complete:
        click.echo(
            _(
                "Rubber {number} is over. The next deal starts rubber {next}"
                " ('{end}' to stop, '{undo}' to take the last deal back)."
            ).format(
                number=len(session.rubbers),
                next=len(session.rubbers) + 1,
                end=_command_word(PromptWord.END),
                undo=_command_word(PromptWord.UNDO),
            )
        )


# --- Chicago at the prompt ------------------------------------------------------------------


def _chicago_prompt(sheet: ChicagoSheet) -> str:
    info = sheet.next_deal
    return _(
        "Deal {number} (round {round}, deal {deal}; dealer {dealer}, vulnerable: {vulnerability})"
    ).format(
        number=info.number,
        round=info.round,
        deal=info.deal_in_round,
        dealer=_notation().seat(info.dealer),
        vulnerability=_vulnerable(info.vulnerability),
    )


def _chicago_unfinished(sheet: ChicagoSheet) -> str | None:
    """The question to ask before ending in the middle of a round (None: end at once)."""
    if sheet.is_round_complete:
        return None
    played = len(sheet.deals) % DEALS_PER_ROUND
    return _("Round {number} has {played} of its {deals} deals. End the session now?").format(
        number=sheet.rounds[-1].number, played=played, deals=DEALS_PER_ROUND
    )


def _chicago_after(before: ChicagoSheet, sheet: ChicagoSheet) -> None:
    if sheet.is_round_complete and len(sheet.deals) > len(before.deals):
        done = sheet.rounds[-1]
        click.echo(
            _(
                "Round {number} over: {both}. Next deal starts a new round ('{end}' to stop)."
            ).format(number=done.number, both=_both(done.totals), end=_command_word(PromptWord.END))
        )


def _load(file: str | None) -> DealList:
    return DealList() if file is None else load(file)


def _start(file: str | None, save: str | None) -> DealList:
    """The deals to start from: FILE's, or those of an existing --save file (resuming it)."""
    if save is None or not os.path.exists(save):
        return _load(file)
    if file is not None and (file == "-" or not os.path.samefile(file, save)):
        raise click.UsageError(
            _(
                "--save {save} already exists, so the sheet resumes from it;"
                " leave out {file}, or save to a new file"
            ).format(save=repr(save), file=repr(file))
        )
    deals = load(save)
    count = len(deals.deals)
    click.echo(
        ngettext(
            "Resuming {path}: {count} deal so far.",
            "Resuming {path}: {count} deals so far.",
            count,
        ).format(path=save, count=count)
    )
    return deals


def _rubber_deals(session: RubberSession) -> DealList:
    return DealList(session.deals, laws=session.laws, stopped=session.stopped)


def _chicago_deals(sheet: ChicagoSheet) -> DealList:
    return DealList(
        sheet.deals,
        laws=sheet.laws,
        vulnerability=sheet.vulnerability,
        scoring=sheet.scoring,
        honours=sheet.honours,
        dealer=sheet.first_dealer,
    )


def _chicago_overrides(deals: DealList, sheet: ChicagoSheet, honours_given: bool) -> str | None:
    """One line saying which options won over the file's headers, and what followed."""
    said: list[str] = []
    pairs: list[tuple[str, object, object]] = [
        ("laws", deals.laws, sheet.laws),
        ("vulnerability", deals.vulnerability, sheet.vulnerability),
        ("scoring", deals.scoring, sheet.scoring),
        (
            "dealer",
            None if deals.dealer is None else deals.dealer.letter,
            sheet.first_dealer.letter,
        ),
    ]
    for key, header, now in pairs:
        if header is not None and str(header) != str(now):
            if key == "dealer":  # the option as typed, the header as the file writes it
                now = _notation().seat(sheet.first_dealer)
            said.append(
                _("--{key} {now} wins over the file's '{key}: {header}'").format(
                    key=key, now=now, header=header
                )
            )
    if deals.honours is not None and deals.honours != sheet.honours:
        saved = _("yes") if deals.honours else _("no")
        if honours_given:
            option = "--honours" if sheet.honours else "--no-honours"
            said.append(
                _("{option} wins over the file's 'honours: {saved}'").format(
                    option=option, saved=saved
                )
            )
        elif sheet.honours:
            said.append(
                _(
                    "honours are counted, as {scoring} scoring counts them"
                    " (the file's 'honours: {saved}' went with its scoring; --no-honours to change)"
                ).format(scoring=sheet.scoring, saved=saved)
            )
        else:
            said.append(
                _(
                    "honours are not counted, as {scoring} scoring does not count them"
                    " (the file's 'honours: {saved}' went with its scoring; --honours to change)"
                ).format(scoring=sheet.scoring, saved=saved)
            )
    if not said:
        return None
    return _("Options given: {changes}.").format(changes="; ".join(said))


# --- commands --------------------------------------------------------------------------------


def _save_help() -> str:
    return _(
        "At the prompt (implies -i), write the deals to FILE after every change, as a deal"
        " list; if FILE exists, resume the sheet from its deals."
    )


def _we_help() -> str:
    return _(
        "Whose side We are, as the command's language writes it (NS or EW; in Finnish PE"
        " or IL; in Spanish NS or EO): the columns read We and They [default: North-South]."
    )


def _laws_help() -> str:
    return _("Law set (2017, 1987, 1935, 1932 or an alias).")


@click.command(
    "rubber",
    epilog=_rubber_epilog(),
    help=_(
        "Draw a rubber bridge score sheet from FILE ('-' for stdin), or ask for the deals.\n\n"
        "Contract points go below the line, everything else above; a line is drawn under"
        " each game; the rubber bonus is 700 or 500. At the prompt any deal can be fixed,"
        " inserted or deleted, and a new rubber starts when one ends; 'end' (or Ctrl-D)"
        " finishes, and ending before a rubber is over asks first, then scores it as an"
        " unfinished rubber. With --save FILE the deals are written to FILE as they are"
        " entered, and running the same command again resumes from it."
    ),
)
@click.argument("file", required=False)
@click.option("--laws", "laws", default=None, help=_laws_help())
@click.option(
    "--finish",
    is_flag=True,
    help=_("Play stopped here: score an unfinished rubber (300 for a game, 100 for a partscore)."),
)
@click.option(
    "--session",
    is_flag=True,
    help=_(
        "Several rubbers in a row: a new rubber starts when one ends (always so at the"
        " prompt, where --json then prints the session)."
    ),
)
@click.option("--we", "we", metavar="SIDE", default=None, help=_we_help())
@click.option("-i", "--interactive", is_flag=True, help=_("Type the deals at the prompt."))
@click.option("--save", "save", metavar="FILE", default=None, help=_save_help())
@click.option("--json", "as_json", is_flag=True, help=_("Print the whole sheet as JSON."))
@lang_option
@friendly_errors
def rubber_command(
    file: str | None,
    laws: str | None,
    finish: bool,
    session: bool,
    we: str | None,
    interactive: bool,
    save: str | None,
    as_json: bool,
) -> None:
    """Draw a rubber bridge score sheet from FILE, or ask for the deals."""
    our_side = Side.NS if we is None else _notation().parse_side(we)
    interactive = interactive or file is None or save is not None
    deals = _start(file, save) if interactive else _load(file)
    out = console()
    if not interactive:
        if session:
            rubbers = deals.rubber_session(laws=laws)
            rubbers = rubbers.finish() if finish else rubbers
            if as_json:
                emit_json(rubbers.as_dict())
                return
            draw_session(out, rubbers, we=our_side)
            return
        sheet = deals.rubber(laws=laws)
        sheet = sheet.finish() if finish else sheet
        if as_json:
            emit_json(sheet.as_dict())
            return
        draw_rubber(out, sheet, we=our_side)
        return

    if deals.stopped:
        click.echo(
            _("Play had stopped after deal {number}; going on from there.").format(
                number=len(deals.deals)
            )
        )
        deals = replace(deals, stopped=False)
    played = deals.rubber_session(laws=laws)
    saver = None if save is None else _Saver(save, "rubber")
    if saver is not None:
        saver(_rubber_deals(played))
    if played.deals:
        draw_session(out, played, we=our_side)
    played, ended = _interact(
        played,
        prompt=_rubber_prompt,
        draw=lambda s, typed: _draw_rubber_at_prompt(s, typed, our_side),
        unfinished=_rubber_unfinished,
        after=_rubber_after,
        save=None if saver is None else lambda s: saver(_rubber_deals(s)),
    )
    unfinished = _rubber_unfinished(played) is not None
    if ended:
        played = played.finish()
        if unfinished and saver is not None:
            saver(_rubber_deals(played))  # the stop, so the file scores as the sheet does
    elif unfinished:
        click.echo(
            _(
                "Input ended: rubber {number} stays unfinished, as it stands (no"
                " unfinished-rubber bonus); 'end' finishes it."
            ).format(number=len(played.rubbers))
        )
    if saver is not None:
        click.echo(saver.resume_hint())
    if session or len(played.rubbers) > 1:
        if as_json:
            emit_json(played.as_dict())
            return
        draw_session(out, played, we=our_side)
        return
    if as_json:
        emit_json(played.current.as_dict())
        return
    draw_rubber(out, played.current, we=our_side)


@click.command(
    "chicago",
    epilog=_chicago_epilog(),
    help=_(
        "Draw a Chicago score sheet from FILE ('-' for stdin), or ask for the deals.\n\n"
        "Rounds of four deals, the deal passing clockwise: nobody vulnerable on the first,"
        " everybody on the fourth, deals 2 and 3 by the --vulnerability rule. At the prompt"
        " any deal can be fixed, inserted or deleted; 'end' (or Ctrl-D) finishes, and ending"
        " in the middle of a round asks first. With --save FILE the deals and settings are"
        " written to FILE as they are entered, and running the same command again resumes"
        " from it; an option given then wins over the saved setting, and the prompt says so."
    ),
)
@click.argument("file", required=False)
@click.option(
    "--vulnerability",
    type=click.Choice(["dealer-opponents", "dealer"]),
    default=None,
    help=_(
        "Who is vulnerable on deals 2 and 3 [default: dealer-opponents, as in"
        " 'Bridgen pistelasku']."
    ),
)
@click.option(
    "--scoring",
    type=click.Choice(["duplicate", "classic"]),
    default=None,
    help=_(
        "Each deal as at duplicate, or partscores carried toward game [default: duplicate]."
        " Given over a saved scoring, honours follow it unless --honours/--no-honours is given."
    ),
)
@click.option(
    "--honours/--no-honours",
    default=None,
    help=_("Count honours [default: yes with classic scoring, no with duplicate]."),
)
@click.option(
    "--dealer",
    metavar="SEAT",
    default=None,
    help=_(
        "Who deals first, by the seat's letter in the command's language (N E S W; in"
        " Finnish P I E L; in Spanish N E S O) [default: North]."
    ),
)
@click.option("--laws", "laws", default=None, help=_laws_help())
@click.option("--we", "we", metavar="SIDE", default=None, help=_we_help())
@click.option("-i", "--interactive", is_flag=True, help=_("Type the deals at the prompt."))
@click.option("--save", "save", metavar="FILE", default=None, help=_save_help())
@click.option("--json", "as_json", is_flag=True, help=_("Print the whole sheet as JSON."))
@lang_option
@friendly_errors
def chicago_command(
    file: str | None,
    vulnerability: str | None,
    scoring: str | None,
    honours: bool | None,
    dealer: str | None,
    laws: str | None,
    we: str | None,
    interactive: bool,
    save: str | None,
    as_json: bool,
) -> None:
    """Draw a Chicago score sheet from FILE, or ask for the deals."""
    our_side = Side.NS if we is None else _notation().parse_side(we)
    interactive = interactive or file is None or save is not None
    deals = _start(file, save) if interactive else _load(file)
    first = None if dealer is None else _notation().parse_seat(dealer)
    sheet = deals.chicago(
        scoring=scoring, vulnerability=vulnerability, honours=honours, dealer=first, laws=laws
    )
    out = console()
    if interactive:
        overrides = _chicago_overrides(deals, sheet, honours_given=honours is not None)
        if overrides is not None:
            click.echo(overrides)
        saver = None if save is None else _Saver(save, "chicago")
        if saver is not None:
            saver(_chicago_deals(sheet))
        if sheet.deals:
            draw_chicago(out, sheet, we=our_side)
        sheet, _ended = _interact(
            sheet,
            prompt=_chicago_prompt,
            draw=lambda s, typed: draw_chicago(console(), s, we=our_side),
            unfinished=_chicago_unfinished,
            after=_chicago_after,
            save=None if saver is None else lambda s: saver(_chicago_deals(s)),
        )
        if saver is not None:
            click.echo(saver.resume_hint())
    if as_json:
        emit_json(sheet.as_dict())
        return
    draw_chicago(out, sheet, we=our_side)
