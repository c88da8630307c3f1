"""The score pad (``/pad/``): a rubber or a Chicago kept at home on a phone, no login.

The phone keeps the game (its settings, players and deals) in its own storage and asks
``POST /pad/sheet.json`` for the sheet drawn: the deals are read through
:mod:`bridgescore.web.pad_forms`, the library's sheet (:mod:`bridgescore.sheets`) works
out every figure, and :func:`drawn` lays it out as players draw it (We and They, the
side keeping score on the left, above and below the line, a line under each game,
partscores cut), drawn once in ``_pad_sheet.html`` for the pad (the HTML comes with the
sheet) and for the shared page alike, in the reader's language and notation. The page
places what it is given and keeps it, so without a connection the last sheet and the
deals stay on the phone and the sheet is drawn again once the connection is back. A game
may be shared (``POST /pad/share/``): saved here and read-only at ``/pad/g/<public id>/``
to anyone with its link or QR code. ``POST /pad/evening.json`` gives the evening's totals
per player over the phone's games, as :func:`bridgescore.sheets.evening.evening` adds
them up.
"""

from __future__ import annotations

import datetime
import functools
import hmac
import io
import json
from collections.abc import Mapping
from typing import Any, Final

import segno
from django.conf import settings as django_settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import JavaScriptCatalog

from bridgescore.core.notation import notation_for
from bridgescore.core.seats import Seat, Side
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.laws.lawsets import law_set_names
from bridgescore.sheets import (
    DEALS_PER_ROUND,
    ChicagoSheet,
    Deal,
    RubberSession,
    RubberSheet,
    SheetEntry,
    Tally,
)
from bridgescore.web import failures, limits
from bridgescore.web.answers import address, problem
from bridgescore.web.forms import RequestError
from bridgescore.web.models import PadGame
from bridgescore.web.pad_forms import (
    DEAL_PREFIX,
    HONOURS_RULES,
    SCORINGS,
    VULNERABILITY_RULES,
    PadShareForm,
    read_evening,
    read_game,
    sheet_of,
)
from bridgescore.web.said import law_set_title

_JSON_ESCAPES: Final = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026",
                        ord("'"): "\\u0027"}  # fmt: skip
"""What a JSON body never carries raw (players' names are typed by anyone)."""


def _json(
    data: Mapping[str, Any], status: int = 200, kind: str = "application/json"
) -> HttpResponse:
    body = json.dumps(data).translate(_JSON_ESCAPES)
    response = HttpResponse(body, content_type=kind, status=status)
    response["Cache-Control"] = "no-store"
    return response


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


def _refused(message: str, status: int = 422) -> HttpResponse:
    return _json({"error": message}, status=status)


# --- the pad ------------------------------------------------------------------------------


@failures.only("GET")
def pad_home(request: HttpRequest) -> HttpResponse:
    """``/pad/``: the pad itself (every screen drawn by ``pad.js`` from what the phone
    keeps), with the choices the library offers."""
    choices = {
        "laws": [{"value": n, "label": law_set_title(n)} for n in law_set_names()],
        "vulnerability": [{"value": v, "label": str(label)} for v, label in VULNERABILITY_RULES],
        "scoring": [{"value": v, "label": str(label)} for v, label in SCORINGS],
        "honours": [{"value": v, "label": str(label)} for v, label in HONOURS_RULES],
    }
    return render(request, "bridgescore/pad.html", {"choices": choices, "words": _words()})


def _words() -> dict[str, Any]:
    """What the page script writes that is not in its catalogue: the reader's notation and
    the seats' names (one dict, put into the page)."""
    names = _seat_names()
    return {"notation": notation(), "seat_names": {s.letter: names[s] for s in Seat}}


@csrf_exempt  # keeps nothing and reads no cookie: a forged post learns only a sheet
@failures.only("POST")
def pad_sheet(request: HttpRequest) -> HttpResponse:
    """``POST /pad/sheet.json``: the game's settings and deals (``deal-N-...`` fields) in,
    the library's sheet laid out for drawing out; a 4xx ``{"error": ...}`` naming the deal
    and the field otherwise."""
    try:
        game, deals = read_game(request.POST)
        sheet = sheet_of(game, deals)
    except RequestError as error:
        return _refused(problem(error), error.status)
    laid = drawn(sheet, game.first_dealer, game.our_side)
    laid["html"] = render_to_string(
        "bridgescore/_pad_sheet.html", {"sheet": laid, "shared": False}, request
    )
    return _json(laid)


@csrf_exempt  # keeps nothing and reads no cookie: a forged post learns only a sum
@failures.only("POST")
def pad_evening(request: HttpRequest) -> HttpResponse:
    """``POST /pad/evening.json``: the games kept on the phone (``g0-kind``, ``g0-deal-...``,
    ``g0-north``, ``g0-day``...) in, the evening's totals per player out, as the library
    adds them up (:func:`bridgescore.sheets.evening.evening`): rubbers and Chicagos
    together, the latest day's games only."""
    try:
        night = read_evening(request.POST, _seat_names())
    except RequestError as error:
        return _refused(problem(error), error.status)
    title = ngettext(
        "This evening: %(count)s game", "This evening: %(count)s games", night.games
    ) % {"count": night.games}
    players = [{**p.as_dict(), "shown": f"{p.net:+d}" if p.net else "0"} for p in night.players]
    return _json({"title": title, "games": night.games, "players": players})


def _seat_names() -> dict[Seat, str]:
    """A seat's name, for a player the pad was given no name for."""
    return {Seat.NORTH: _("North"), Seat.EAST: _("East"), Seat.SOUTH: _("South"),
            Seat.WEST: _("West")}  # fmt: skip


# --- sharing ------------------------------------------------------------------------------

_GAME_FIELDS: Final = ("kind", "laws", "vulnerability", "scoring", "honours", "dealer", "we",
                       "stopped")  # fmt: skip
_DEAL_FIELDS: Final = ("passed", "declarer", "level", "strain", "doubled", "tricks",
                       "honours_side", "honours")  # fmt: skip


def _stored(data: Mapping[str, Any]) -> tuple[dict[str, str], list[dict[str, str]]]:
    """The game's fields and each deal's, as posted (read through the forms first)."""
    game = {name: str(data.get(name, "")) for name in _GAME_FIELDS}
    count = int(data.get(f"{DEAL_PREFIX}-TOTAL_FORMS", "0"))
    deals = [
        {name: str(data.get(f"{DEAL_PREFIX}-{n}-{name}", "")) for name in _DEAL_FIELDS}
        for n in range(count)
    ]
    return game, deals


def _posted(game: PadGame) -> dict[str, str]:
    """A stored game as the pad posts it, to be read by the same forms again."""
    data = {name: str(game.settings.get(name, "")) for name in _GAME_FIELDS}
    data[f"{DEAL_PREFIX}-TOTAL_FORMS"] = str(len(game.deals))
    data[f"{DEAL_PREFIX}-INITIAL_FORMS"] = "0"
    for n, deal in enumerate(game.deals):
        for name in _DEAL_FIELDS:
            data[f"{DEAL_PREFIX}-{n}-{name}"] = str(deal.get(name, ""))
    return data


SHARE_TRIES = "share"
"""What the limit counts: a new shared game."""
SHARES_AN_HOUR = 30
"""New shared games one address may make in an hour (an evening's rubbers, with room)."""
SHARE_WINDOW = datetime.timedelta(hours=1)


@csrf_exempt  # no cookie gives authority here: changing a game takes its key, in the post
@failures.only("POST")
def pad_share(request: HttpRequest) -> HttpResponse:
    """``POST /pad/share/``: save the game (new, or changed with its ``key``) for its
    players to follow read-only; answers its link and key."""
    try:
        share = PadShareForm(request.POST)
        if not share.is_valid():
            raise RequestError(share.problem())
        game, deals = read_game(request.POST)
        sheet_of(game, deals)
    except RequestError as error:
        return _refused(problem(error), error.status)
    fields, stored_deals = _stored(request.POST)
    wanted = share.cleaned_data
    saved: PadGame | None = None
    if wanted["game"]:
        saved = PadGame.objects.filter(public_id=wanted["game"]).first()
        if saved is None or not hmac.compare_digest(saved.key.encode(), wanted["key"].encode()):
            return _refused(_("this shared game cannot be changed from this phone"), 403)
    if saved is None:  # a new game: so many an hour from one address (no login here)
        tries = limits.count_try(SHARE_TRIES, f"address:{address(request)}", SHARE_WINDOW)
        if tries > SHARES_AN_HOUR:
            return _refused(_("too many games shared from here this hour: try again later"), 429)
        saved = PadGame()
    saved.settings = fields
    saved.players = share.players()
    saved.deals = stored_deals
    saved.save()
    link = f"/pad/g/{saved.public_id}/"
    return _json({"game": saved.public_id, "key": saved.key, "link": link,
                  "address": _public(link), "qr": f"{link}qr.svg"})  # fmt: skip


def _public(link: str) -> str:
    base = str(getattr(django_settings, "PUBLIC_URL", "")).rstrip("/")
    return base + link


def _shared(public_id: str) -> PadGame:
    found = PadGame.objects.filter(public_id=public_id).first()
    if found is None:
        raise Http404(_("no game is shared at this address"))
    return found


@failures.only("GET")
def pad_game(request: HttpRequest, public_id: str) -> HttpResponse:
    """``/pad/g/<public id>/``: a shared game, read-only, drawn from its deals by the
    library (it reloads itself while the game goes on)."""
    saved = _shared(public_id)
    try:
        game, deals = read_game(_posted(saved))
        sheet = sheet_of(game, deals)
    except RequestError as error:
        return failures.refused(request, problem(error), 422)
    names = _seat_names()
    players = {s.letter: str(saved.players.get(s.letter, "")) or names[s] for s in Seat}
    we = game.our_side
    pairs = [" & ".join(players[s.letter] for s in Seat if s.side is side)
             for side in (we, we.opponents)]  # fmt: skip
    context = {
        "game": saved,
        "sheet": drawn(sheet, game.first_dealer, we),
        "we_names": pairs[0],
        "they_names": pairs[1],
        "address": _public(f"/pad/g/{saved.public_id}/"),
    }
    return render(request, "bridgescore/pad_game.html", context)


@failures.only("GET")
def pad_qr(request: HttpRequest, public_id: str) -> HttpResponse:
    """``/pad/g/<public id>/qr.svg``: the shared game's link as a QR code."""
    saved = _shared(public_id)
    drawing = io.BytesIO()
    # a standalone SVG document (with its xmlns): an inline one is no image to a browser
    segno.make(_public(f"/pad/g/{saved.public_id}/"), error="m").save(
        drawing, kind="svg", scale=4, xmldecl=True
    )
    return HttpResponse(drawing.getvalue(), content_type="image/svg+xml")


# --- the pad as an app on the phone -----------------------------------------------------


@failures.only("GET")
def pad_service_worker(request: HttpRequest) -> HttpResponse:
    """``/pad/sw.js``: keeps the pad's page, scripts and translations on the phone (scope
    ``/pad/``), so the pad opens without a connection; its first line names the version
    of what it keeps."""
    text, version = _shell()
    # what it says offline before it keeps anything, in the reader's language
    missing = _("No connection, and the pad is not kept on this phone yet.")
    text = text.replace(f'"{_MISSING}"', json.dumps(missing).translate(_JSON_ESCAPES))
    response = HttpResponse(
        f"// bridgescore {version}\n{text}", content_type="text/javascript; charset=utf-8"
    )
    response["Cache-Control"] = "no-cache"
    return response


_MISSING: Final = "No connection, and the pad is not kept on this phone yet."
"""The worker's offline line as ``pad-sw.js`` writes it (replaced by the reader's)."""


@functools.cache
def _shell() -> tuple[str, str]:
    import hashlib
    from pathlib import Path

    from django.contrib.staticfiles import finders

    digest = hashlib.sha256()
    text = ""
    for name in ("bridgescore/pad-sw.js", "bridgescore/sw-cache.js", "bridgescore/pad.js",
                 "bridgescore/contract-grid.js",
                 "bridgescore/pad.css", "bridgescore/app.css"):  # fmt: skip
        found = finders.find(name)
        content = Path(str(found)).read_text(encoding="utf-8") if found else ""
        digest.update(content.encode())
        if name.endswith("pad-sw.js"):
            text = content
    return text, digest.hexdigest()[:16]


@failures.only("GET")
def pad_manifest(request: HttpRequest) -> HttpResponse:
    """``/pad/manifest.webmanifest``: the pad as an app on the phone's home screen."""
    manifest = {
        "name": _("Bridge score pad"),
        "short_name": _("Score pad"),
        "start_url": "/pad/",
        "scope": "/pad/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#0b5cad",
        "icons": [{"src": "/static/bridgescore/icon.svg", "sizes": "any", "type": "image/svg+xml"}],
    }
    return _json(manifest, kind="application/manifest+json")


_catalog = JavaScriptCatalog.as_view(packages=["bridgescore.web"])


@failures.only("GET")
def pad_i18n(request: HttpRequest) -> HttpResponse:
    """``/pad/jsi18n/``: Django's JavaScript catalogue, for the pad's ``gettext()``."""
    response = _catalog(request)
    assert isinstance(response, HttpResponse)
    return response
