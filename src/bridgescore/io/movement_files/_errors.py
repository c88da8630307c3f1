"""The one error a movement file gives: the file, the line (and column) and the field."""

from __future__ import annotations

from typing import Final

from bridgescore.errors import BridgeError, LocatedError, Message
from bridgescore.errors import marked as _
from bridgescore.events.movements import MovementError
from bridgescore.io.text import excerpt

ONLY_SECTION: Final = "1"
"""The section key of a format that has no sections."""


class MovementFileError(LocatedError, MovementError):
    """A movement file that cannot be read: says the file, the line and the field
    (and, for YAML that does not parse, the column)."""

    def __init__(
        self,
        reason: str | Message,
        *,
        source: str,
        line: int | None = None,
        field: str | None = None,
        column: int | None = None,
    ) -> None:
        self.source = source
        self.line = line
        self.field = field
        self.column = column
        self.reason = str(reason)
        self.reason_message = reason if isinstance(reason, Message) else Message(reason)
        shown = self.reason_message
        if column is not None:
            shown = _("{reason} (column {column})", reason=shown, column=column)
        if line is None:
            where = _("{source}: {reason}", source=source, reason=shown)
        else:
            where = _("{source}, line {line}: {reason}", source=source, line=line, reason=shown)
        if field is not None:
            if line is None:
                where = _(
                    "{source}, field {field!r}: {reason}", source=source, field=field, reason=shown
                )
            else:
                where = _(
                    "{source}, line {line}, field {field!r}: {reason}",
                    source=source, line=line, field=field, reason=shown,
                )  # fmt: skip
        BridgeError.__init__(self, where)


def quote(text: str) -> str:
    """A file's text as an error quotes it: cut short, in quotes."""
    return repr(excerpt(text))
