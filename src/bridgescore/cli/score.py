"""``bridgescore score`` (one deal) and ``bridgescore table`` (a law set's whole scale)."""

from __future__ import annotations

import csv
import io
from typing import Any

import click
from rich.table import Table

from bridgescore.cli._common import cli_words, console, emit_json, filled_help, friendly_errors
from bridgescore.core.contract import PassedOut, TableResult, parse_contract
from bridgescore.core.seats import Side
from bridgescore.core.strains import Doubling, Strain
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.errors import BridgeInputError
from bridgescore.i18n import ENGLISH, Words, gettext_noop
from bridgescore.laws.lawsets import DEFAULT_LAW_SET, LAW_SETS, LawSet, get_laws
from bridgescore.scoring.deal import ScoreBreakdown, score

LAWS_HELP = filled_help(
    gettext_noop("Law set: {names} or an alias such as 'current'."), names=", ".join(LAW_SETS)
)

ELEMENT_NAMES = (
    gettext_noop("contract points"),
    gettext_noop("overtricks"),
    gettext_noop("slam bonus"),
    gettext_noop("insult bonus"),
    gettext_noop("game bonus"),
    gettext_noop("partscore bonus"),
    gettext_noop("undertricks"),
)
"""The names of a score's elements (``ScoreBreakdown.elements``), for the catalogue."""


def _result(text: tuple[str, ...]) -> TableResult:
    """The deal from one or more words: ``4SX=``, ``4SXN -2``, ``3NT S 10``, read in the
    command's language first (``4CO=`` is four hearts by West with ``--lang es``)."""
    joined = " ".join(text)
    if not joined.strip():
        raise BridgeInputError(
            cli_words()
            .gettext("no contract given; for example: {example}")
            .format(example="bridgescore score 4SX= --vul")
        )
    return cli_words().notation.parse_result(joined)


def breakdown_json(b: ScoreBreakdown) -> dict[str, Any]:
    """The breakdown as plain data for ``--json``."""
    data: dict[str, Any] = {
        "result": str(b.result),
        "contract": str(b.result.contract),
        "tricks": b.result.tricks,
        "vulnerable": b.vulnerable,
        "laws": b.laws,
        "contract_points": b.contract_points,
        "overtrick_points": b.overtrick_points,
        "slam_bonus": b.slam_bonus,
        "insult_bonus": b.insult_bonus,
        "game_bonus": b.game_bonus,
        "partscore_bonus": b.partscore_bonus,
        "undertrick_penalty": b.undertrick_penalty,
        "total": b.total,
        "viewpoint": "declarer",
    }
    side = b.declarer_side
    if side is not None or b.result.passed_out:
        data["ns_score"] = b.for_side(Side.NS)
        data["ew_score"] = b.for_side(Side.EW)
    return data


@click.command(
    "score",
    help=gettext_noop(
        "Score one deal and show each element of the score.\n\n"
        "DEAL is a contract and result as written on a traveller: 4SX=, 4SXN-2, 3NT S 10,"
        " 6♥XX+1, Pass. The total is declarer's; with a declarer, the North-South and"
        " East-West figures are shown too."
    ),
    epilog="Examples:\n\n  bridgescore score 4SX= --vul\n\n  bridgescore score 3NT S 10 --board 7"
    "\n\n  bridgescore score 7SX-9 --laws 1935 --json",
)
@click.argument("deal", nargs=-1, required=True)
@click.option(
    "--vul/--nonvul",
    "vulnerable",
    default=None,
    help=gettext_noop("Declarer is (not) vulnerable."),
)
@click.option(
    "--board",
    type=int,
    default=None,
    help=gettext_noop("Take vulnerability from this board number (needs the declarer)."),
)
@click.option("--laws", default=DEFAULT_LAW_SET, show_default=True, **LAWS_HELP)
@click.option(
    "--json", "as_json", is_flag=True, help=gettext_noop("Print JSON instead of a table.")
)
@friendly_errors
def score_command(
    deal: tuple[str, ...], vulnerable: bool | None, board: int | None, laws: str, as_json: bool
) -> None:
    """``bridgescore score`` (its help is above, for the catalogue)."""
    _ = cli_words().gettext
    result = _result(deal)
    info = None if board is None else BoardInfo.of(board)
    if info is not None:
        declarer = result.declarer
        if declarer is None and not result.passed_out:
            raise BridgeInputError(
                _(
                    "{deal!r}: give the declarer (for example {contract}N) so board {board}'s"
                    " vulnerability ({vulnerability}) can apply"
                ).format(
                    deal=" ".join(deal),
                    contract=result.contract,
                    board=board,
                    vulnerability=info.vulnerability,
                )
            )
        board_vul = declarer is not None and info.vulnerability.is_vulnerable(declarer)
        if vulnerable is not None and vulnerable != board_vul:
            raise BridgeInputError(
                _(
                    "{option} contradicts board {board} (vulnerability {vulnerability},"
                    " declarer {declarer})"
                ).format(
                    option="--vul" if vulnerable else "--nonvul",
                    board=board,
                    vulnerability=info.vulnerability,
                    declarer=declarer,
                )
            )
        vulnerable = board_vul
    b = score(result, vulnerable=bool(vulnerable), laws=laws)
    if as_json:
        data = breakdown_json(b)
        if info is not None:
            data["board"] = {
                "number": info.number,
                "dealer": str(info.dealer),
                "vulnerability": str(info.vulnerability),
            }
        emit_json(data)
        return
    _print_breakdown(b, info, cli_words())


def _print_breakdown(b: ScoreBreakdown, info: BoardInfo | None, w: Words = ENGLISH) -> None:
    from bridgescore.report.view import vulnerability_name  # the report's words

    _ = w.gettext
    notation = w.notation
    out = console()
    vul = _("vulnerable") if b.vulnerable else _("not vulnerable")
    title = _("{result}  {vulnerable}  (laws {laws})").format(
        result=notation.result(b.result, symbols=True), vulnerable=vul, laws=b.laws
    )
    if info is not None:
        title += "  " + _("board {number}: dealer {dealer}, vul {vulnerability}").format(
            number=info.number,
            dealer=notation.seat(info.dealer),
            vulnerability=vulnerability_name(info.vulnerability, w),
        )
    table = Table(title=title, show_header=False, title_justify="left")
    table.add_column("element")
    table.add_column("points", justify="right")
    if b.result.passed_out:
        table.add_row(_("passed out"), "0")
    for name, points in b.elements().items():
        table.add_row(_(name), f"{points:+d}" if points < 0 else str(points))
    table.add_section()
    total = _("total (declarer)")
    table.add_row(f"[bold]{total}[/bold]", f"[bold]{b.total:+d}[/bold]")
    if b.declarer_side is not None:
        table.add_row(_("North-South"), f"{b.for_side(Side.NS):+d}")
        table.add_row(_("East-West"), f"{b.for_side(Side.EW):+d}")
    out.print(table)
    out.print(w.spoken(b.result, b.total), markup=False, highlight=False)


# --- the whole table --------------------------------------------------------------------------

_STRAIN_GROUPS = (
    ("♣/♦", Strain.CLUBS),
    ("♥/♠", Strain.HEARTS),
    ("NT", Strain.NOTRUMP),
)


def all_rows(law: LawSet) -> list[dict[str, Any]]:
    """Every cell of the law set: 7 levels × 5 strains × 3 doublings × 2 vulnerabilities × 14."""
    rows = []
    for level in range(1, 8):
        for strain in Strain:
            for doubling in Doubling:
                contract = parse_contract(f"{level}{strain.letter}{doubling.mark}")
                assert not isinstance(contract, PassedOut)
                for vulnerable in (False, True):
                    for tricks in range(14):
                        b = score(contract, tricks, vulnerable=vulnerable, laws=law)
                        row = breakdown_json(b)
                        del row["viewpoint"]
                        rows.append(
                            {
                                "level": level,
                                "strain": strain.letter,
                                "doubling": doubling.mark,
                                **row,
                            }
                        )
    return rows


def _made_card(law: LawSet, vulnerable: bool, w: Words = ENGLISH) -> Table:
    _ = w.gettext
    vul = _("vulnerable") if vulnerable else _("not vulnerable")
    table = Table(title=_("Made, {vulnerable}").format(vulnerable=vul), title_justify="left")
    table.add_column(_("contract"))
    for over in range(7):
        table.add_column("=" if over == 0 else f"+{over}", justify="right")
    for level in range(1, 8):
        for name, strain in _STRAIN_GROUPS:
            for doubling in Doubling:
                cells = []
                for over in range(7):
                    tricks = level + 6 + over
                    if tricks > 13:
                        cells.append("")
                        continue
                    contract = parse_contract(f"{level}{strain.letter}{doubling.mark}")
                    cells.append(
                        str(score(contract, tricks, vulnerable=vulnerable, laws=law).total)
                    )
                label = f"{level}{name}{doubling.mark}"
                table.add_row(label, *cells)
        table.add_section()
    return table


def _down_card(law: LawSet, w: Words = ENGLISH) -> Table:
    _ = w.gettext
    table = Table(title=_("Down (the defenders score)"), title_justify="left")
    table.add_column(_("down"), justify="right")
    undoubled = _("undbl")
    for vul in (_("not vul"), _("vul")):
        for doubling in ("", "X", "XX"):
            table.add_column(f"{vul} {doubling or undoubled}", justify="right")
    for down in range(1, 14):
        cells = [
            str(law.penalty(down, vulnerable=vulnerable, doubling=doubling))
            for vulnerable in (False, True)
            for doubling in Doubling
        ]
        table.add_row(str(down), *cells)
    return table


@click.command(
    "table",
    help=gettext_noop(
        "Print a law set's complete scoring table.\n\n"
        "The card shows every made contract (= to +6) at both vulnerabilities, undoubled,"
        " doubled and redoubled, and the undertrick scale. CSV and JSON hold all 2,940 cells"
        " (level, strain, doubling, vulnerability, tricks 0-13) with each element of the"
        " score."
    ),
    epilog="Examples:\n\n  bridgescore table\n\n"
    "  bridgescore table --laws 1935 --format csv > 1935.csv",
)
@click.option("--laws", default=DEFAULT_LAW_SET, show_default=True, **LAWS_HELP)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["card", "csv", "json"]),
    default="card",
    show_default=True,
    help=gettext_noop("A player's scoring card, or every cell as CSV or JSON."),
)
@click.option("--json", "as_json", is_flag=True, help=gettext_noop("Same as --format json."))
@friendly_errors
def table_command(laws: str, fmt: str, as_json: bool) -> None:
    """``bridgescore table`` (its help is above, for the catalogue)."""
    law = get_laws(laws)
    if as_json or fmt == "json":
        emit_json({"laws": law.name, "title": law.title, "rows": all_rows(law)})
        return
    if fmt == "csv":
        rows = all_rows(law)
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        click.echo(buffer.getvalue(), nl=False)
        return
    w = cli_words()
    out = console()
    heading = w.gettext("Scoring table: laws {laws}").format(laws=law.name)
    out.print(f"[bold]{heading}[/bold] — {law.title}")
    out.print(_made_card(law, False, w))
    out.print(_made_card(law, True, w))
    out.print(_down_card(law, w))
