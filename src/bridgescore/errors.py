"""The exception tree: one root, input errors are also ``ValueError``.

Every message quotes the input it rejects and says what is allowed, so that the
CLI and the web app can show it to a player unchanged.
"""

from __future__ import annotations


class BridgeError(Exception):
    """Root of every error bridgescore raises on purpose."""


class BridgeInputError(BridgeError, ValueError):
    """Input that does not describe a possible bridge fact."""


class SeatError(BridgeInputError):
    """An unknown seat or side (``'Q'`` is not North, East, South or West)."""


class StrainError(BridgeInputError):
    """An unknown strain (suit or notrump)."""


class DoublingError(BridgeInputError):
    """An unknown doubling mark."""


class VulnerabilityError(BridgeInputError):
    """An unknown vulnerability."""


class BoardError(BridgeInputError):
    """A board number that is not a positive whole number."""


class ContractError(BridgeInputError):
    """A contract that cannot be bid (level outside 1-7, garbled text...)."""


class ResultError(BridgeInputError):
    """A result that cannot happen (more than 13 tricks, 3NT+5...)."""


class LawsError(BridgeInputError, LookupError):
    """An unknown law-set name."""


class SheetError(BridgeInputError):
    """A deal that cannot go on a rubber or Chicago score sheet."""


class MissingExtraError(BridgeError, ImportError):
    """A feature whose optional packages are not installed: says which extra to install."""

    def __init__(self, feature: str, extra: str, missing: str | None) -> None:
        self.extra = extra
        lacking = f" ({missing} is missing)" if missing else ""
        super().__init__(
            f"{feature} needs the {extra} extra{lacking}: pip install 'bridgescore[{extra}]'",
            name=missing,
        )


class LocatedError(BridgeInputError):
    """An input error found in a file or stream, with its place.

    ``source`` is the file name (or ``<stdin>``), ``line`` is 1-based.
    """

    def __init__(self, message: str, *, source: str, line: int | None = None) -> None:
        self.source = source
        self.line = line
        self.reason = message
        where = source if line is None else f"{source}, line {line}"
        super().__init__(f"{where}: {message}")
