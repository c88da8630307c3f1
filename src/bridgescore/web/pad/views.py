"""The score pad (``/pad/``): a rubber or a Chicago kept at home on a phone, no login.

The phone keeps the game (its settings, players and deals) in its own storage and asks
``POST /pad/sheet.json`` for the sheet drawn: the deals are read through
:mod:`bridgescore.web.pad.forms`, the library's sheet (:mod:`bridgescore.sheets`) works
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
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import JavaScriptCatalog

from bridgescore.core.seats import Seat
from bridgescore.laws.lawsets import law_set_names
from bridgescore.web import failures, limits
from bridgescore.web.answers import address, problem
from bridgescore.web.forms import RequestError
from bridgescore.web.models import PadGame
from bridgescore.web.pad.forms import (
    DEAL_PREFIX,
    HONOURS_RULES,
    SCORINGS,
    VULNERABILITY_RULES,
    PadShareForm,
    read_evening,
    read_game,
    sheet_of,
)
from bridgescore.web.pad.sheets import drawn, notation
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


def _refused(message: str, status: int = 422) -> HttpResponse:
    return _json({"error": message}, status=status)


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
