"""Tries the app limits (a director's password, a table's code), counted in the database
so that every server process, and tries sent in parallel, count against one limit.

A try is written (and committed) before it is checked; its number is then the count of
tries under its key that are committed, its own included. Of tries sent at once, each
sees at least every try committed before its own, so no more than the limit ever get
past the count, whatever their order.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone

from bridgescore.web.models import Attempt


def count_try(what: str, key: str, window: datetime.timedelta | None = None) -> int:
    """Record a try under ``key`` and give how many there are (this one included) in the
    last ``window`` (``None``: since the key was last cleared)."""
    key = key[:200]
    with transaction.atomic():  # committed before the count below reads
        Attempt.objects.create(what=what, key=key)
    tries = Attempt.objects.filter(what=what, key=key)
    if window is not None:
        tries = tries.filter(created__gte=timezone.now() - window)
    return tries.count()


def clear(what: str, key: str) -> None:
    """Forget the tries under ``key`` (a right password, a table released)."""
    Attempt.objects.filter(what=what, key=key[:200]).delete()
