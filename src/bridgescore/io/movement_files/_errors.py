"""The one error a movement file gives: the file, the line (and column) and the field."""

from __future__ import annotations

from typing import Final

from bridgescore.errors import LocatedError
from bridgescore.events.movements import MovementError
from bridgescore.io.text import excerpt

ONLY_SECTION: Final = "1"
"""The section key of a format that has no sections."""


class MovementFileError(LocatedError, MovementError):
    """A movement file that cannot be read: says the file, the line and the field
    (and, for YAML that does not parse, the column)."""

    def __init__(
        self,
        reason: str,
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
        self.reason = reason
        where = source if line is None else f"{source}, line {line}"
        if field is not None:
            where += f", field {field!r}"
        shown = reason if column is None else f"{reason} (column {column})"
        Exception.__init__(self, f"{where}: {shown}")


def quote(text: str) -> str:
    """A file's text as an error quotes it: cut short, in quotes."""
    return repr(excerpt(text))
