"""Strict lookup of closed-set tokens: a wrong token lists the accepted spellings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from bridgescore.errors import Message
from bridgescore.errors import marked as _

T = TypeVar("T")


def normalise(text: str) -> str:
    """Fold case and surrounding space, and the dashes people put in 'N-S'."""
    return text.strip().upper().replace("-", "").replace("/", "").replace(" ", "")


def lookup(
    text: object,
    table: Mapping[str, T],
    *,
    what: str | Message,
    error: type[Exception],
    shown: str | Message,
) -> T:
    """Find ``text`` in ``table`` (keys already normalised) or raise ``error``."""
    if not isinstance(text, str):
        raise error(
            _(
                "{text}: a {what} is written as text ({shown})",
                text=quote(text),
                what=what,
                shown=shown,
            )
        )
    found = table.get(normalise(text))
    if found is None:
        raise error(
            _("{text}: not a {what}; use {shown}", text=quote(text), what=what, shown=shown)
        )
    return found


QUOTE_LIMIT = 60
"""The most characters of the input a message quotes (a 10 MB line is never quoted whole)."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for a message, at most about ``limit`` characters of it kept.

    >>> quote("4SX")
    "'4SX'"
    >>> quote("9" * 100, 10)
    "'999999999…'"
    """
    if isinstance(value, str):
        shown_most = 4 * limit  # an escape shows as up to 10 characters (``\U0002ebe1``)
        if len(value) <= limit and len(repr(value)) <= shown_most + 2:
            return repr(value)
        kept = value[: limit - 1]
        while kept and len(repr(kept)) > shown_most + 1:
            kept = kept[:-1]
        return repr(kept + "…")
    shown = repr(value)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def small_int(digits: str, cap: int = 10**6) -> int:
    """``int(digits)`` for a run of ASCII digits, but at most ``cap``: a 5,000-digit
    number is simply too big, never the ``ValueError`` Python raises past 4,300 digits."""
    stripped = digits.lstrip("0")
    if len(stripped) > len(str(cap)):
        return cap
    return min(int(digits), cap)
