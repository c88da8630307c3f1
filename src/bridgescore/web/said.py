"""Texts kept now and read later, each in its reader's language: the director's log, the
flags on an entry, the result waiting for the opponents' phone.

Such a text is written by one request (a table's phone, in its language) and read by
another (the director, in theirs), so it is kept as its English message (marked with
``gettext_noop`` where it is written, so the catalogues have it) and its values, and
translated when it is shown (:func:`shown`). A value may itself be such a message
(:func:`part`): a seat's name, a direction. Texts kept before, or typed by people (a note,
a reason), are shown as they were kept.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from bridgescore.errors import as_message

Part = dict[str, Any]
"""A message and its values, before it is kept: ``{"t": message, "v": {name: value}}``."""


def part(message: str, /, **values: object) -> Part:
    """``message`` (English, with named ``{fields}``) with its values, to keep or to put
    in another message's values."""
    return {"t": message, "v": values}


def said(message: str, /, **values: object) -> str:
    """``message`` with its values as one text to keep (a log line, a flag)."""
    return _dumps(part(message, **values))


def said_all(parts: list[Part], limit: int) -> str:
    """Several messages kept in one field of ``limit`` characters (an entry's flags); when
    they do not fit, the English text of each, joined by ``; `` and cut (as before)."""
    if not parts:
        return ""
    kept = _dumps(parts)
    if len(kept) <= limit:
        return kept
    return "; ".join(_fill(p, translate=False) for p in parts)[:limit]


def part_of(kept: str) -> Part | None:
    """The message a text was kept as (:func:`said`), to put in another's values; ``None``
    for a text kept as it reads."""
    data = _loads(kept)
    return data if isinstance(data, dict) else None


def library(kept: str) -> str:
    """A library's text in the active language (a Swiss draw's reason, kept by the library
    as its marked message): the message it was rendered from, translated; plain text as
    it is."""
    return as_message(kept).render(gettext)


def text(message: Part) -> str:
    """A message not kept, in the active language (a refusal, said at once)."""
    return _fill(message)


def shown(kept: str) -> str:
    """A kept text in the active language (a message kept by :func:`said` translated and
    filled; anything else as it was kept)."""
    data = _loads(kept)
    if isinstance(data, dict):
        return _fill(data)
    if isinstance(data, list):
        return "; ".join(shown_all(kept))
    return kept


def shown_all(kept: str) -> list[str]:
    """Each of several kept messages (:func:`said_all`) in the active language; a text
    kept before, split at ``; ``."""
    data = _loads(kept)
    if isinstance(data, list):
        return [_fill(p) for p in data]
    if isinstance(data, dict):
        return [_fill(data)]
    return [f for f in kept.split("; ") if f]


def _dumps(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _loads(kept: str) -> object:
    if not kept.startswith(('{"t":', '[{"t":')):
        return None
    try:
        return json.loads(kept)
    except ValueError:
        return None


def _value(value: object, translate: bool) -> object:
    """A message's value as it is filled in: a message in it translated too; a list of
    them joined by ``; ``."""
    if isinstance(value, Mapping):
        return _fill(value, translate=translate)
    if isinstance(value, list):
        return "; ".join(str(_value(v, translate)) for v in value)
    return value


def _fill(data: object, *, translate: bool = True) -> str:
    if not isinstance(data, Mapping) or not isinstance(data.get("t"), str):
        return str(data)
    values = data.get("v")
    values = values if isinstance(values, Mapping) else {}
    filled = {name: _value(value, translate) for name, value in values.items()}
    message: str = data["t"]
    for form in (gettext(message) if translate else message, message):
        try:
            return form.format(**filled)
        except (KeyError, IndexError, ValueError):
            continue
    return message
