"""The table code: every try counted before it is checked, the limits per phone, address and
table, and the phone known by its cookie."""

from __future__ import annotations

import datetime
import hmac
import re
import uuid
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext, gettext_noop, ngettext

from bridgescore.web import (
    limits,
    logbook,
    naming,
    said,
)
from bridgescore.web.answers import DEVICE_COOKIE, address
from bridgescore.web.forms import RequestError
from bridgescore.web.models import (
    Attempt,
    TableLink,
)

_PHONE_ID = re.compile(r"[0-9A-Za-z_-]{16,40}")
"""What a phone's cookie looks like (the app makes 32 hex digits); anything else is read
as no cookie."""


def phone_id(request: HttpRequest) -> str:
    """This phone's own id (its cookie), or ``''`` when it sends none that is readable."""
    found = request.COOKIES.get(DEVICE_COOKIE, "")
    return found if _PHONE_ID.fullmatch(found) else ""


def with_phone_id(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Give a phone its own id (the cookie a phone taking a table gets) if it has none, so
    that the codes it types are counted as its own, not its address's."""
    if not phone_id(request):
        response.set_cookie(
            DEVICE_COOKIE, uuid.uuid4().hex, max_age=86400, httponly=True, samesite="Lax"
        )
    return response


CODE_TRIES = 5
"""Wrong codes one phone may type at one table in :data:`CODE_WINDOW`: then that phone
is locked out of that table (the director is shown it) until the director releases it."""


PHONE_TRIES = 10
"""Wrong codes one phone may type in :data:`PHONE_WINDOW`, whatever the tables."""


ADDRESS_TRIES = 60
"""Wrong codes typed in :data:`PHONE_WINDOW` from one address by phones that send no
cookie (a backstop: a browser keeps the cookie the pages give it; a club's thirty phones
behind one router, typing two wrong codes each, stay under it)."""


TABLE_ALERT = 10
"""Wrong codes at one table (from any phones) in :data:`CODE_WINDOW` that show on the
director's grid, to release (a night's slips are a few)."""


TABLE_TRIES = 100
"""Wrong codes at one table in :data:`CODE_WINDOW` after which it takes no code from any
phone until the director releases it: a hundred guesses at a million codes, one chance
in ten thousand. The table's phone goes on entering, and a phone that has given the code
goes on confirming."""


PHONE_WINDOW = datetime.timedelta(hours=1)


CODE_WINDOW = datetime.timedelta(hours=12)
"""A club night: a table's and a phone-at-a-table's wrong codes are counted over it."""


@dataclass(frozen=True, slots=True)
class _Refusal:
    """Why a code is not even checked: the player's message, its status, the log's."""

    message: str
    status: int
    logged: str


def check_code(request: HttpRequest, link: TableLink, typed: str, purpose: str) -> None:
    """Let the table's code through, or refuse it (:class:`forms.RequestError`): a phone
    locked out of the table, a phone (or a cookie-less address) that typed too many wrong
    codes, a table that takes no more codes tonight, a wrong code. Every try is counted
    before it is checked; a right one is then taken back (it never counts), as is a try
    refused unread once the refusal is logged."""
    label = naming.table_label(link.session, link.table)
    refused = REFUSED[purpose]

    def log(what: str, detail: str, **values: object) -> None:
        kept = said.said(detail, label=label, **values)
        logbook.log(link.session, what, kept, address=address(request))

    phone = phone_id(request)
    who = f"phone:{phone}" if phone else f"address:{address(request)}"
    table, here = f"table:{link.pk}", f"table:{link.pk}:{who}"
    tried = limits.count_tries(
        Attempt.What.CODE, {table: CODE_WINDOW, here: CODE_WINDOW, who: PHONE_WINDOW}
    )
    counts = tried.counts
    most = PHONE_TRIES if phone else ADDRESS_TRIES
    refusal = _refusal(counts[here], counts[who], most, counts[table])
    if refusal is not None:
        over = max(counts[here] - CODE_TRIES, counts[who] - most, counts[table] - TABLE_TRIES)
        if over > 1:  # refused already: not logged again, not kept
            tried.forget()
        else:
            log(refused, refusal.logged)
        raise RequestError(refusal.message, refusal.status)
    if hmac.compare_digest(typed.encode(), link.code.encode()):
        tried.forget()
        limits.clear(Attempt.What.CODE, here)
        log(RIGHT[purpose], gettext_noop("table {label}: right code"))
        return
    tries = counts[here]
    log(
        refused,
        gettext_noop("table {label}: wrong code (try {tries} of {most} from this phone)"),
        tries=tries,
        most=CODE_TRIES,
    )
    if tries == CODE_TRIES or counts[table] == TABLE_ALERT:
        _alert(link)
    if tries >= CODE_TRIES:
        log(refused, gettext_noop("table {label}: a phone locked out after wrong codes"))
        raise RequestError(
            gettext(
                "that code is wrong, and this phone may not try another at this table:"
                " ask the director"
            ),
            423,
        )
    left = CODE_TRIES - tries
    raise RequestError(
        ngettext(
            "that code is wrong ({left} try left on this phone)",
            "that code is wrong ({left} tries left on this phone)",
            left,
        ).format(left=left),
        403,
    )


def _refusal(here: int, mine: int, most: int, table: int) -> _Refusal | None:
    """Why a try is refused unread, from the counts with it: this phone at this table,
    this phone (or address) anywhere and its limit, the table from any phone."""
    if here > CODE_TRIES:
        return _Refusal(
            gettext(
                "this phone has typed too many wrong codes for this table:"
                " ask the director to release it"
            ),
            423,
            gettext_noop("table {label}: a phone locked out tried again"),
        )
    if mine > most:
        return _Refusal(
            gettext("too many wrong codes from this phone: wait an hour, or ask the director"),
            429,
            gettext_noop("table {label}: too many wrong codes from this phone"),
        )
    if table > TABLE_TRIES:
        return _Refusal(
            gettext(
                "this table takes no more codes after too many wrong ones:"
                " ask the director to release it"
            ),
            423,
            gettext_noop("table {label}: no more codes taken after too many wrong ones"),
        )
    return None


REFUSED = {"takeover": gettext_noop("takeover refused"), "confirm": gettext_noop("confirm refused")}


RIGHT = {"takeover": gettext_noop("takeover code"), "confirm": gettext_noop("confirm code")}
"""The log's words for a code tried, by what it was tried for (translated when shown)."""


def _alert(link: TableLink) -> None:
    """Show the director that wrong codes were typed at the table (a phone locked out of
    it, or many wrong codes from several): the grid's alert, with its "Release"."""
    TableLink.objects.filter(pk=link.pk).update(locked=True)
    link.locked = True
