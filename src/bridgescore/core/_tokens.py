"""Strict lookup of closed-set tokens: a wrong token lists the accepted spellings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")


def normalise(text: str) -> str:
    """Fold case and surrounding space, and the dashes people put in 'N-S'."""
    return text.strip().upper().replace("-", "").replace("/", "").replace(" ", "")


def lookup(
    text: object,
    table: Mapping[str, T],
    *,
    what: str,
    error: type[Exception],
    shown: str,
) -> T:
    """Find ``text`` in ``table`` (keys already normalised) or raise ``error``."""
    if not isinstance(text, str):
        raise error(f"{text!r}: a {what} is written as text ({shown})")
    found = table.get(normalise(text))
    if found is None:
        raise error(f"{text!r}: not a {what}; use {shown}")
    return found
