"""Tries the app limits (a director's password, a table's code), counted in the database
so that every server process, and tries sent in parallel, count against one limit.

A try is written (and committed) before it is checked; its number is then the count of
tries under its key that are committed, its own included. Of tries sent at once, each
sees at least every try committed before its own, so no more than the limit ever get
past the count, whatever their order. A try that should not count after all (a right
code, or one refused unread because a limit was already reached) is taken back
(:meth:`Try.forget`), so the rows kept are the tries that were checked and wrong.

No limit looks further back than :data:`KEPT`; older tries are deleted now and then
(:func:`prune`), not on every request.
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from bridgescore.web.models import Attempt

KEPT = datetime.timedelta(hours=24)
"""How long a try is kept: the longest window of any limit (a table's code is counted
over a club night, :data:`~bridgescore.web.table.codes.CODE_WINDOW`, twelve hours; a
login over five minutes). Older tries count for nothing and are deleted."""
PRUNE_EVERY = datetime.timedelta(minutes=10)
"""How often a server process deletes the tries older than :data:`KEPT` (one delete
statement; every try in between only inserts and counts by its key's index)."""

_pruned = threading.Lock()
_last_pruned: list[datetime.datetime | None] = [None]


@dataclass(frozen=True, slots=True)
class Try:
    """One try written under several keys: how many tries each key has now (this one
    included), and the rows written, to take the try back."""

    what: str
    counts: Mapping[str, int]
    rows: tuple[int, ...]

    def forget(self) -> None:
        """Take this try back: it no longer counts under any of its keys (a right code; a
        try refused unread, so that a phone hammering a limit does not fill the table)."""
        Attempt.objects.filter(pk__in=self.rows).delete()


def count_tries(what: str, windows: Mapping[str, datetime.timedelta | None]) -> Try:
    """Record one try under each key of ``windows`` (all committed at once, before any is
    counted) and count each key's tries in its window (``None``: since the key was last
    cleared; at most :data:`KEPT` in any case)."""
    prune()
    keys = {key[:200]: window for key, window in windows.items()}
    with transaction.atomic():  # committed before the counts below read
        rows = tuple(Attempt.objects.create(what=what, key=key).pk for key in keys)
    now = timezone.now()
    counts = {
        key: Attempt.objects.filter(
            what=what, key=key, created__gte=now - min(window or KEPT, KEPT)
        ).count()
        for key, window in keys.items()
    }
    return Try(what, counts, rows)


def count_try(what: str, key: str, window: datetime.timedelta | None = None) -> int:
    """Record a try under ``key`` and give how many there are (this one included) in the
    last ``window`` (``None``: since the key was last cleared)."""
    return count_tries(what, {key: window}).counts[key[:200]]


def clear(what: str, key: str) -> None:
    """Forget the tries under ``key`` and under its sub-keys (``key:...``): a right
    password; a table released by the director, with the tries of each phone at it."""
    key = key[:200]
    Attempt.objects.filter(Q(key=key) | Q(key__startswith=f"{key}:"), what=what).delete()


def prune(*, force: bool = False) -> int:
    """Delete the tries older than :data:`KEPT`, at most once every :data:`PRUNE_EVERY`
    in this process (``force``: now); how many were deleted."""
    now = timezone.now()
    with _pruned:
        last = _last_pruned[0]
        if not force and last is not None and now - last < PRUNE_EVERY:
            return 0
        _last_pruned[0] = now
    deleted, _ = Attempt.objects.filter(created__lt=now - KEPT).delete()
    return deleted
