"""A reader's problems as marked messages: the place (file, line, board, tag) and the
reason, so that an error listing them is shown in the director's language.

A problem's ``message`` is text (its users compare and join it as text); a reader gives
it as :class:`MarkedText`, the English text that keeps the marked message it was
rendered from, so that :func:`problem_message` can show it in any language. The English
is exactly :class:`~bridgescore.events.model.Problem`'s ``str()`` and
:meth:`~bridgescore.events.model.Problem.detail` (a test holds them equal).
"""

from __future__ import annotations

from bridgescore.errors import BridgeError, Message
from bridgescore.errors import marked as _
from bridgescore.events.model import Location, Problem, Severity


class MarkedText(str):
    """A message's English text that keeps the marked message (``.message``): text to
    whoever reads it as text, translatable to whoever knows."""

    __slots__ = ("message",)
    message: Message

    def __new__(cls, message: Message | str) -> MarkedText:
        text = super().__new__(cls, str(message))
        text.message = message if isinstance(message, Message) else Message(str(message))
        return text


def text_of(message: str | Message) -> str:
    """A message as a problem's text: English, keeping the marked message."""
    return MarkedText(message) if isinstance(message, Message) else message


def reason_of(error: Exception) -> str:
    """An error's message as a problem's text (a bridgescore error's stays translatable)."""
    return MarkedText(error.message) if isinstance(error, BridgeError) else str(error)


def as_message(text: str | Message) -> Message:
    """Text as a message: the one it was rendered from, or the text shown as it is."""
    if isinstance(text, Message):
        return text
    if isinstance(text, MarkedText):
        return text.message
    return Message(text)


def problem_reason(problem: Problem) -> Message:
    """The problem's reason as a message (a plain text is shown as it is)."""
    return as_message(problem.message)


def tag_shown(where: Location) -> Message:
    """The tag, element or column's name as the format writes it (``[Score]``, ``column
    score``)."""
    if where.shown == "column {}":
        return _("column {tag}", tag=where.tag)
    if where.shown == "field {}":
        return _("field {tag}", tag=where.tag)
    if where.shown == "Section field {}":
        return _("Section field {tag}", tag=where.tag)
    return Message(where.shown.replace("{}", "{tag}"), tag=where.tag)


def place(where: Location) -> Message:
    """Everything known of the place: ``file.pbn, line 55, board 1, [Score]``."""
    if where.line is not None:
        shown = _("{source}, line {line}", source=where.source, line=where.line)
    elif where.entry is not None:
        shown = _("{source}, result {entry}", source=where.source, entry=where.entry)
    else:
        shown = Message("{source}", source=where.source)
    if where.board is not None:
        board = where.board if len(where.board) <= 12 else where.board[:12] + "…"
        shown = _("{place}, board {board}", place=shown, board=board)
    if where.tag is not None:
        shown = Message("{place}, {tag}", place=shown, tag=tag_shown(where))
    return shown


def problem_message(problem: Problem) -> Message:
    """The problem as ``str(problem)`` says it: ``file, line 3, board 2: error: reason``."""
    if problem.severity is Severity.WARNING:
        return _(
            "{place}: warning: {reason}", place=place(problem.where), reason=problem_reason(problem)
        )
    return _("{place}: error: {reason}", place=place(problem.where), reason=problem_reason(problem))


def problem_detail(problem: Problem) -> Message:
    """The reason with the board and tag in front (no file or line), as ``detail()``."""
    text = problem_reason(problem)
    if problem.tag is not None:
        text = Message("{tag} {reason}", tag=tag_shown(problem.where), reason=text)
    if problem.board is not None:
        text = _("board {board}: {detail}", board=problem.board, detail=text)
    return text
