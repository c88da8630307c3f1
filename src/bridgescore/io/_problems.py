"""A reader's problems as marked messages: the place (file, line, board, tag) and the
reason, so that an error listing them is shown in the director's language.

A problem's ``message`` is text (its users compare and join it as text); a reader gives
it as :class:`MarkedText`, the English text that keeps the marked message it was
rendered from, so that :func:`problem_message` can show it in any language. The English
is exactly :class:`~bridgescore.events.model.Problem`'s ``str()`` and
:meth:`~bridgescore.events.model.Problem.detail` (a test holds them equal).
"""

from __future__ import annotations

from bridgescore.errors import BridgeError, MarkedText, Message, as_message
from bridgescore.events.model import (
    place,
    problem_detail,
    problem_message,
    problem_reason,
    tag_shown,
)

__all__ = [
    "MarkedText",
    "as_message",
    "place",
    "problem_detail",
    "problem_message",
    "problem_reason",
    "reason_of",
    "tag_shown",
    "text_of",
]


def text_of(message: str | Message) -> str:
    """A message as a problem's text: English, keeping the marked message."""
    return MarkedText(message) if isinstance(message, Message) else message


def reason_of(error: Exception) -> str:
    """An error's message as a problem's text (a bridgescore error's stays translatable)."""
    return MarkedText(error.message) if isinstance(error, BridgeError) else str(error)
