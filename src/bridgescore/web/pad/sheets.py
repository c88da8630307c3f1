"""A score sheet drawn for the pad's page: the rubber's columns above and below the line,
the Chicago's deals, the evening's totals, in the reader's words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from bridgescore.core.notation import notation_for
from bridgescore.core.seats import Seat, Side
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.sheets import (
    DEALS_PER_ROUND,
    ChicagoSheet,
    Deal,
    RubberSession,
    RubberSheet,
    SheetEntry,
    Tally,
)


def notation() -> dict[str, Any]:
    """The labels the pad shows for seats, sides, strains, doubling marks and "pass", in the
    request's language (the library's notation): one dict, put into the page and used by
    every drawing. The values the pad posts stay the international letters (N E S W,
    C D H S NT, X, XX)."""
    return notation_for(get_language()).as_dict()


def _vulnerable(vulnerability: Vulnerability) -> str:
    return {
        Vulnerability.NONE: _("nobody vulnerable"),
        Vulnerability.NS: _("NS vulnerable"),
        Vulnerability.EW: _("EW vulnerable"),
        Vulnerability.BOTH: _("both vulnerable"),
    }[vulnerability]


def _deal_text(deal: Deal) -> str:
    """The deal as players of the request's language write it (``4♠XE+1``, ``Paso``),
    without its honours."""
    return notation_for(get_language()).result(deal.result, symbols=True)


def _honours_text(deal: Deal, words: Mapping[str, Any]) -> str:
    if deal.honours is None:
        return ""
    return _("honours %(side)s %(points)s") % {
        "side": words["sides"][deal.honours.side.value],
        "points": deal.honours.points,
    }


def _entry(entry: SheetEntry, deal: int | None, **more: Any) -> dict[str, Any]:
    return {"points": entry.points, "what": entry.item.shown(_), "deal": deal, **more}


def _side(side: Side | None) -> str | None:
    return None if side is None else side.value


def _net(totals_ns: int, totals_ew: int) -> dict[str, int]:
    """Each side's result as the players settle it: what it is ahead (or behind) by."""
    return {"NS": totals_ns - totals_ew, "EW": totals_ew - totals_ns}


def rubber_dealer(first: Seat, number: int) -> Seat:
    """Who deals the evening's deal ``number``: the deal passes to the left each deal, from
    one rubber to the next."""
    return Seat((first + number - 1) % 4)


def _columns(we: Side) -> tuple[str, str]:
    """The sheet's two columns, We then They."""
    return (we.value, we.opponents.value)


def drawn(
    sheet: RubberSession | ChicagoSheet, first_dealer: Seat, we: Side = Side.NS
) -> dict[str, Any]:
    """The sheet laid out for drawing, We on the left: every figure is the library's."""
    words = notation()
    if isinstance(sheet, RubberSession):
        laid = _drawn_rubbers(sheet, first_dealer, we, words)
    else:
        laid = _drawn_chicago(sheet, we, words)
    laid.update(we=we.value, columns=_columns(we), sides=dict(words["sides"]))
    for row in [*laid["rows"], *([laid["next"]] if laid["next"] else [])]:
        row["dealer_shown"] = words["seats"][row["dealer"]]
    return laid


def _evening(totals: Tally, games: int) -> dict[str, Any]:
    """The game so far, as the library adds it up: each side's points over every rubber
    (or Chicago) of the game, and what each side is ahead or behind by."""
    return {"games": games, "totals": totals.as_dict(), "net": _net(totals.ns, totals.ew)}


def _won(winner: Side | None, totals: Tally, words: Mapping[str, Any]) -> str:
    if winner is None:
        return _("level at %(ns)s each") % {"ns": totals.ns}
    return _("%(side)s win by %(margin)s") % {
        "side": words["sides"][winner.value],
        "margin": totals.margin,
    }


def _label(kind: str, part: int, number: int) -> str:
    """A deal's name on the sheet: numbered within its rubber (or Chicago), the part named
    from the second one on ("Rubber 2, deal 1")."""
    if part == 1:
        return _("Deal %(number)s") % {"number": number}
    if kind == "rubber":
        return _("Rubber %(rubber)s, deal %(number)s") % {"rubber": part, "number": number}
    return _("Chicago %(chicago)s, deal %(number)s") % {"chicago": part, "number": number}


def _pairs(
    left: list[dict[str, Any]], right: list[dict[str, Any]], *, up: bool
) -> list[tuple[dict[str, Any] | None, dict[str, Any] | None]]:
    """Two columns' entries side by side, row by row; ``up``: building up from the line,
    the latest on top (the shorter column's top rows empty)."""
    high = max(len(left), len(right))
    ones: list[dict[str, Any] | None] = list(left)
    others: list[dict[str, Any] | None] = list(right)
    blank: list[dict[str, Any] | None] = [None]
    if up:
        ones = blank * (high - len(left)) + ones[::-1]
        others = blank * (high - len(right)) + others[::-1]
    else:
        ones += blank * (high - len(left))
        others += blank * (high - len(right))
    return list(zip(ones, others, strict=True))


def _columns_of(totals: Tally, we: Side) -> list[tuple[str, int]]:
    """Each side's total, We then They."""
    return [(side, totals[Side.parse(side)]) for side in _columns(we)]


def _drawn_rubbers(
    session: RubberSession, first: Seat, we: Side, words: Mapping[str, Any]
) -> dict[str, Any]:
    """The evening's rubbers, each drawn in full with its own result and bonus; the deals
    numbered within each rubber, the dealer going round through the evening."""
    rows: list[dict[str, Any]] = []
    rubbers = []
    last = len(session.rubbers)
    for index, (rubber, start) in enumerate(zip(session.rubbers, session.starts, strict=True)):
        number = index + 1
        rows += _rubber_rows(rubber, first, start - 1, number, words)
        if rubber.deals or number == last:
            laid = _drawn_rubber(rubber, first, start - 1, number, we, words)
            laid.update(
                number=number,
                first=start,
                deals=len(rubber.deals),
                result=_won(rubber.winner, rubber.totals, words),
                current=number == last,
                label=_("Rubber %(number)s") % {"number": number},
            )
            rubbers.append(laid)
    played = [r for r in rubbers if r["deals"]]
    drawn = dict(rubbers[-1])
    current_number = drawn["number"]
    for key in ("first", "result", "current", "label", "number"):
        drawn.pop(key)
    drawn.update(
        rows=rows,
        deals=len(session.deals),
        rubber=current_number,
        rubbers=rubbers,
        evening=_evening(session.totals, len(played)),
        evening_columns=_columns_of(session.totals, we),
        honours=True,
    )
    if session.stopped:  # play stopped: no next deal, whatever the last rubber's state
        drawn.update(over=True, next=None)
    elif session.current.is_complete:  # the next deal starts a new rubber, at deal 1
        deal = len(session.deals) + 1
        drawn["next"] = {
            "number": 1,
            "rubber": current_number + 1,
            "label": _label("rubber", current_number + 1, 1),
            "dealer": rubber_dealer(first, deal).letter,
            "vulnerability": _vulnerable(Vulnerability.NONE),
        }
    return drawn


def _rubber_rows(
    sheet: RubberSheet, first: Seat, offset: int, rubber: int, words: Mapping[str, Any]
) -> list[dict[str, Any]]:
    return [
        {
            "number": row.number + offset,
            "rubber": rubber,
            "in_rubber": row.number,
            "label": _label("rubber", rubber, row.number),
            "dealer": rubber_dealer(first, row.number + offset).letter,
            "vulnerability": _vulnerable(row.vulnerability),
            "deal": _deal_text(row.deal),
            "honours": _honours_text(row.deal, words),
            "points": row.points.as_dict(),
            "above": row.above.as_dict(),
            "below": row.below.as_dict(),
            "game_won_by": _side(row.game_won_by),
        }
        for row in sheet.rows
    ]


def _drawn_rubber(
    sheet: RubberSheet,
    first: Seat,
    offset: int,
    rubber: int,
    we: Side,
    words: Mapping[str, Any],
) -> dict[str, Any]:
    above: dict[str, list[dict[str, Any]]] = {"NS": [], "EW": []}
    games: list[dict[str, Any]] = []
    for row in sheet.rows:
        while len(games) < row.game:
            games.append({"number": len(games) + 1, "won_by": None, "NS": [], "EW": []})
        game = games[row.game - 1]
        for entry in row.entries:
            side = entry.side.value
            if entry.below_the_line:
                game[side].append(_entry(entry, row.number, side=side))
            else:
                above[side].append(_entry(entry, row.number, side=side))
        if row.game_won_by is not None:
            game["won_by"] = row.game_won_by.value
    left, right = _columns(we)
    below = []
    for game in games:
        for side in ("NS", "EW"):
            for entry in game[side]:
                entry["cut"] = game["won_by"] is not None and game["won_by"] != side
        pairs = _pairs(game[left], game[right], up=False)
        for k, pair in enumerate(pairs):
            line = k == len(pairs) - 1 and game["won_by"] is not None
            below.append({"game": game["number"], "cells": pair, "line": line})
    for bonus in sheet.bonuses:
        above[bonus.side.value].append(_entry(bonus, None, side=bonus.side.value))
    totals = sheet.totals
    in_rubber = len(sheet.deals) + 1
    played = offset + len(sheet.deals)
    winner = sheet.rubber_winner
    if winner is not None:
        status = _("%(side)s win the rubber") % {"side": words["sides"][winner.value]}
    else:
        status = _("Games: NS %(ns)s, EW %(ew)s") % {"ns": sheet.games.ns, "ew": sheet.games.ew}
    if sheet.stopped:
        status = _("Rubber stopped before its end: unfinished-rubber bonuses scored")
    next_deal = None
    if not sheet.stopped and not sheet.is_complete:
        next_deal = {
            "number": in_rubber,
            "rubber": rubber,
            "label": _label("rubber", rubber, in_rubber),
            "dealer": rubber_dealer(first, played + 1).letter,
            "vulnerability": _vulnerable(sheet.vulnerability),
        }
    return {
        "kind": "rubber",
        "laws": sheet.laws,
        "above": above,
        "above_rows": _pairs(above[left], above[right], up=True),
        "games": games,
        "below_rows": below,
        "games_won": sheet.games.as_dict(),
        "toward_game": sheet.toward_game.as_dict(),
        "totals": totals.as_dict(),
        "total_columns": _columns_of(totals, we),
        "winner": _side(sheet.winner),
        "margin": sheet.margin,
        "net": _net(totals.ns, totals.ew),
        "over": sheet.stopped,
        "complete": sheet.is_complete,
        "ended": _ended(_("Rubber over"), totals, sheet.winner, words)
        if sheet.is_finished
        else None,
        "stopped": sheet.stopped,
        "status": status,
        "next": next_deal,
    }


def _ended(
    title: str, totals: Tally, winner: Side | None, words: Mapping[str, Any]
) -> dict[str, Any]:
    """A rubber's or a Chicago's end: its final score and who won, as the pad shows it."""
    return {
        "title": title,
        "totals": totals.as_dict(),
        "winner": _side(winner),
        "margin": totals.margin,
        "result": _won(winner, totals, words),
    }


def _drawn_chicago(sheet: ChicagoSheet, we: Side, words: Mapping[str, Any]) -> dict[str, Any]:
    left, right = _columns(we)
    rows = []
    for row in sheet.rows:
        info = row.info
        points = row.points.as_dict()
        rows.append(
            {
                "number": row.number,
                "round": info.round,
                "deal_in_round": info.deal_in_round,
                "label": _label("chicago", info.round, info.deal_in_round),
                "dealer": info.dealer.letter,
                "dealer_shown": words["seats"][info.dealer.letter],
                "vulnerability": _vulnerable(info.vulnerability),
                "deal": _deal_text(row.deal),
                "honours": _honours_text(row.deal, words),
                "honours_counted": row.honours_counted,
                "points": points,
                "cells": [(left, points[left]), (right, points[right])],
                "entries": [_entry(e, row.number, side=e.side.value) for e in row.entries],
                "game_won_by": _side(row.game_won_by),
            }
        )
    rounds = []
    for r in sheet.rounds:
        totals = r.totals
        rounds.append(
            {
                "number": r.number,
                "complete": r.is_complete,
                "totals": totals.as_dict(),
                "total_columns": _columns_of(totals, we),
                "winner": _side(totals.leader),
                "result": _won(totals.leader, totals, words),
                "label": _("Chicago %(n)s") % {"n": r.number},
                "rows": rows[(r.number - 1) * DEALS_PER_ROUND : r.number * DEALS_PER_ROUND],
            }
        )
    nxt = sheet.next_deal
    totals = sheet.totals
    ended = None
    if sheet.deals and sheet.is_round_complete:
        last = sheet.rounds[-1]
        title = _("Chicago %(number)s over") % {"number": last.number}
        ended = _ended(title, last.totals, last.totals.leader, words)
        status = title
    else:
        status = _("Chicago %(round)s, deal %(deal)s of 4") % {
            "round": nxt.round,
            "deal": nxt.deal_in_round,
        }
    return {
        "kind": "chicago",
        "laws": sheet.laws,
        "scoring": sheet.scoring.value,
        "vulnerability_rule": sheet.vulnerability.value,
        "honours": sheet.honours,
        "deals": len(sheet.deals),
        "rows": rows,
        "rounds": rounds,
        "toward_game": sheet.toward_game.as_dict(),
        "totals": totals.as_dict(),
        "total_columns": _columns_of(totals, we),
        "winner": _side(sheet.winner),
        "margin": sheet.margin,
        "net": _net(totals.ns, totals.ew),
        "evening": _evening(totals, len(sheet.rounds)),
        "over": False,
        "round_complete": sheet.is_round_complete,
        "ended": ended,
        "status": status,
        "next": {
            "number": nxt.deal_in_round,
            "round": nxt.round,
            "label": _label("chicago", nxt.round, nxt.deal_in_round),
            "dealer": nxt.dealer.letter,
            "vulnerability": _vulnerable(nxt.vulnerability),
        },
    }
