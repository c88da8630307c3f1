"""Column checks for batch calls: the bad-row policy and the reason for each bad row.

A batch call takes ``on_invalid="raise"`` (a :class:`BatchInputError` naming the
first bad row and how many there are) or ``"null"`` (a nullable result that says
per row what is wrong). A bad row never gets a number: NaN, a mask or a null.

Each column is checked on its own; a row's problem is the first one found in
the call's column order. Problems are small codes (``uint8``), so that a column
of ten million rows costs ten megabytes, and are turned into text only for the
rows that have one, quoting the value.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias

import numpy as np
from numpy.typing import ArrayLike, NDArray

from bridgescore.core.seats import Seat
from bridgescore.core.strains import Doubling, Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.duplicate.imps import UnknownMethodError
from bridgescore.errors import BridgeError, BridgeInputError, Message
from bridgescore.errors import marked as _
from bridgescore.laws.lawsets import LAW_SETS, get_laws

OnInvalid: TypeAlias = Literal["raise", "null"]
IntArray: TypeAlias = NDArray[Any]
"""Whole numbers: any integer type, or bool."""

MISSING: Final = 0
NOT_WHOLE: Final = 1
OUT_OF_RANGE: Final = 2
UNKNOWN_TEXT: Final = 3
_KINDS: Final = 4


class BatchInputError(BridgeInputError):
    """Bad rows in a batch call: the first bad row's index and reason, and the count.

    ``row`` is the 0-based index of the first bad row, ``count`` the number of
    bad rows and ``reason`` what is wrong with the first one (in English;
    ``reason_message`` is it as a :class:`~bridgescore.errors.Message`, for any language).
    """

    def __init__(
        self,
        message: str | Message,
        *,
        row: int | None = None,
        count: int = 0,
        reason: str | Message = "",
    ):
        super().__init__(message)
        self.row = row
        self.count = count
        self.reason = str(reason)
        self.reason_message = reason if isinstance(reason, Message) else Message(reason)


def check_policy(on_invalid: str) -> OnInvalid:
    """``'raise'`` or ``'null'``; anything else is an error listing both."""
    if on_invalid == "raise":
        return "raise"
    if on_invalid == "null":
        return "null"
    raise UnknownMethodError(
        _(
            "on_invalid={on_invalid!r}: say 'raise' (stop at bad rows) or 'null' (a null result"
            " and the reason per row)",
            on_invalid=on_invalid,
        )
    )


@dataclass(frozen=True, slots=True)
class Field:
    """One input column: its name, its valid codes and how text is read."""

    name: str
    low: int
    high: int
    legend: str | Message
    parse: Callable[[str], int] | None = None
    boolean: bool = False

    def message(self, kind: int, value: object) -> Message:
        if kind == MISSING:
            return _("{name} is missing", name=self.name)
        if kind == NOT_WHOLE:
            return _("{name} {value} is not a whole number", name=self.name, value=_show(value))
        return _(
            "{name} {value} is not {legend}", name=self.name, value=_show(value), legend=self.legend
        )


EXCERPT: Final = 40
"""The most characters of an input value a message quotes."""


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``repr(text)``, cut to ``limit`` characters (and saying how long it is) when longer.

    >>> excerpt("4S")
    "'4S'"
    >>> excerpt("x" * 10_000_000, 5)
    "'xxxxx…' (10,000,000 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit] + '…'!r} ({len(text):,} characters)"


def _show(value: object) -> str:
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str):
        return excerpt(value)
    shown = str(value)
    return shown if len(shown) <= EXCERPT else shown[:EXCERPT] + "…"


def _vulnerability_code(text: str) -> int:
    order = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)
    return order.index(Vulnerability.parse(text))


def _boolean(text: str) -> int:
    folded = text.strip().lower()
    if folded in ("true", "yes", "vul", "v", "1"):
        return 1
    if folded in ("false", "no", "nv", "0", ""):
        return 0
    raise BridgeInputError(_("{text!r}: say True or False", text=text))


LEVEL: Final = Field("level", 1, 7, "1-7")
STRAIN: Final = Field("strain", 0, 4, "0-4 (C D H S NT)", lambda t: int(Strain.parse(t)))
DOUBLING: Final = Field("doubling", 0, 2, _("0-2 (none, X, XX)"), lambda t: int(Doubling.parse(t)))
VULNERABLE: Final = Field("vulnerable", 0, 1, _("True or False"), _boolean, boolean=True)
TRICKS: Final = Field("tricks", 0, 13, "0-13")
DECLARER: Final = Field("declarer", 0, 3, "0-3 (N E S W)", lambda t: int(Seat.parse(t)))
VULNERABILITY: Final = Field(
    "vulnerability", 0, 3, _("0-3 (none, NS, EW, both)"), _vulnerability_code
)


def _law_code(text: str) -> int:
    return tuple(LAW_SETS).index(get_laws(text).name)


LAWS: Final = Field(
    "laws", 0, len(LAW_SETS) - 1, _("a law set ({names})", names=", ".join(LAW_SETS)), _law_code
)
BOARD: Final = Field("board", -(2**62), 2**62, _("a board key"))
NS_SCORE: Final = Field("ns_score", -(2**40), 2**40, _("a score"))
EVENT: Final = Field("event", -(2**62), 2**62, _("an event key"))
SECTION: Final = Field("section", -(2**62), 2**62, _("a section key"))

_FIELDS: Final = (
    LEVEL, STRAIN, DOUBLING, VULNERABLE, TRICKS, DECLARER, VULNERABILITY, LAWS, BOARD,
    NS_SCORE, EVENT, SECTION,
)  # fmt: skip
_FIELD_INDEX: Final = {f.name: i for i, f in enumerate(_FIELDS)}


def problem_code(field: Field, kind: int) -> int:
    """The ``uint8`` code of one kind of problem in one column (0 means no problem)."""
    return 1 + _FIELD_INDEX[field.name] * _KINDS + kind


def problem_kind(code: int) -> int:
    """The kind of problem a code is: MISSING, NOT_WHOLE, OUT_OF_RANGE or UNKNOWN_TEXT."""
    return (code - 1) % _KINDS


def code_field(code: int) -> str:
    """The name of the column a problem code is about."""
    return _FIELDS[(code - 1) // _KINDS].name


def describe_code(code: int, value: object = None) -> Message:
    """The text of a problem code, quoting ``value``."""
    field = _FIELDS[(code - 1) // _KINDS]
    return field.message((code - 1) % _KINDS, value)


@dataclass(frozen=True, slots=True, eq=False)
class Column:
    """A checked column: whole-number codes (bad rows hold ``low``) and the bad rows' codes."""

    field: Field
    values: IntArray
    codes: NDArray[np.uint8] | None
    raw: NDArray[Any]


def _length_of(columns: Sequence[tuple[Field, ArrayLike]]) -> int:
    lengths = {}
    for field, data in columns:
        shape = np.shape(data)
        if len(shape) > 1:
            raise BatchInputError(
                _(
                    "{name}: a column is one-dimensional, not shape {shape}",
                    name=field.name,
                    shape=shape,
                )
            )
        if shape:
            lengths[field.name] = shape[0]
    if len(set(lengths.values())) > 1:
        shown = ", ".join(f"{name} {n}" for name, n in lengths.items())
        raise BatchInputError(_("the columns differ in length: {lengths}", lengths=shown))
    return next(iter(lengths.values()), 1)


def check_columns(columns: Sequence[tuple[Field, ArrayLike]]) -> tuple[list[Column], int]:
    """Check columns (arrays or scalars, broadcast) of one call; returns them and the length."""
    n = _length_of(columns)
    return [check_column(field, data, n) for field, data in columns], n


def check_column(field: Field, data: ArrayLike, n: int) -> Column:
    """Whole-number codes for a column, and a problem code for each bad row."""
    mask: NDArray[np.bool_] | None = None
    if isinstance(data, np.ma.MaskedArray):
        mask = np.ma.getmaskarray(data)
        data = data.data
    raw = np.asarray(data)
    if raw.ndim == 0:
        raw = np.broadcast_to(raw, (n,))
        if mask is not None:
            mask = np.broadcast_to(mask, (n,))
    kind = raw.dtype.kind
    if kind == "b":
        if not field.boolean:
            raise BatchInputError(
                _(
                    "{name}: a column of True/False is not {legend}; give whole numbers",
                    name=field.name,
                    legend=field.legend,
                )
            )
        values, codes = raw, None
    elif kind in "iu":
        values, codes = _whole(field, raw)
    elif kind == "f":
        values, codes = _floats(field, raw)
    elif kind in "OUS":
        values, codes = _objects(field, raw)
    else:
        raise BatchInputError(
            _(
                "{name}: a column of {dtype} is not {legend}",
                name=field.name,
                dtype=raw.dtype,
                legend=field.legend,
            )
        )
    if mask is not None and mask.any():
        missing = np.uint8(problem_code(field, MISSING))
        codes = np.where(mask, missing, np.zeros(n, np.uint8) if codes is None else codes)
        values = np.where(mask, field.low, values)
    return Column(field, values, codes, raw)


def _whole(field: Field, raw: NDArray[Any]) -> tuple[IntArray, NDArray[np.uint8] | None]:
    """An integer column, kept in its own type when every value is in range.

    When the range starts at 0 one reduction checks both ends: seen as unsigned,
    a negative value is larger than any valid one.
    """
    if not len(raw):
        return raw, None
    if field.low == 0 and field.high < 2 ** (8 * raw.dtype.itemsize - 1):
        unsigned = raw if raw.dtype.kind == "u" else raw.view(raw.dtype.str.replace("i", "u"))
        if int(unsigned.max()) <= field.high:
            return raw, None
    elif field.low <= int(raw.min()) and int(raw.max()) <= field.high:
        return raw, None
    bad = (raw < field.low) | (raw > field.high)
    codes = bad.astype(np.uint8) * np.uint8(problem_code(field, OUT_OF_RANGE))
    return np.where(bad, field.low, raw), codes


def _floats(field: Field, raw: NDArray[Any]) -> tuple[IntArray, NDArray[np.uint8] | None]:
    missing = np.isnan(raw)
    with np.errstate(invalid="ignore"):
        fraction = ~missing & (np.floor(raw) != raw)
    fraction |= np.isinf(raw)
    outside = ~missing & ~fraction & ((raw < field.low) | (raw > field.high))
    if not (missing.any() or fraction.any() or outside.any()):
        return raw.astype(np.intp), None
    codes = np.zeros(len(raw), np.uint8)
    codes[outside] = problem_code(field, OUT_OF_RANGE)
    codes[fraction] = problem_code(field, NOT_WHOLE)
    codes[missing] = problem_code(field, MISSING)
    values = np.where(codes > 0, field.low, raw).astype(np.intp)
    return values, codes


def check_value(field: Field, value: object) -> tuple[int, int]:
    """(code value, problem code) of one Python value."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return field.low, problem_code(field, MISSING)
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bool):
        if field.boolean:
            return int(value), 0
        return field.low, problem_code(field, NOT_WHOLE)
    if isinstance(value, float):
        if not value.is_integer():
            return field.low, problem_code(field, NOT_WHOLE)
        value = int(value)
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if isinstance(value, str):
        text = value.strip()
        digits = text.lstrip("+-").isdigit()
        if field.parse is not None:
            try:
                return field.parse(text), 0
            except BridgeError:
                if not digits:
                    return field.low, problem_code(field, UNKNOWN_TEXT)
        elif not digits:
            return field.low, problem_code(field, NOT_WHOLE)
        value = int(text)
    if not isinstance(value, int):
        return field.low, problem_code(field, NOT_WHOLE)
    if not field.low <= value <= field.high:
        return field.low, problem_code(field, OUT_OF_RANGE)
    return value, 0


def _objects(field: Field, raw: NDArray[Any]) -> tuple[IntArray, NDArray[np.uint8] | None]:
    if raw.dtype.kind in "US":
        unique, inverse = np.unique(raw, return_inverse=True)
        found = [check_value(field, v) for v in unique]
        value_of = np.array([v for v, _code in found], dtype=np.intp)
        code_of = np.array([c for _value, c in found], dtype=np.uint8)
        codes = code_of[inverse]
        return value_of[inverse], codes if codes.any() else None
    seen: dict[tuple[type, object], tuple[int, int]] = {}
    values = np.empty(len(raw), np.intp)
    codes = np.zeros(len(raw), np.uint8)
    for i, item in enumerate(raw):
        try:
            key = (type(item), item)
            pair = seen.get(key)
            if pair is None:
                pair = seen[key] = check_value(field, item)
        except TypeError:
            pair = check_value(field, item)
        values[i], codes[i] = pair
    return values, codes if codes.any() else None


def merge_codes(columns: Sequence[Column], n: int) -> NDArray[np.uint8] | None:
    """The first problem of each row, in column order; ``None`` when every row is fine."""
    merged: NDArray[np.uint8] | None = None
    for column in columns:
        if column.codes is None:
            continue
        if merged is None:
            merged = column.codes.copy()
        else:
            np.copyto(merged, column.codes, where=merged == 0)
    return merged


def describe_row(columns: Sequence[Column], code: int, row: int) -> Message:
    """The text of row ``row``'s problem ``code``, quoting the column's value."""
    name = code_field(code)
    for column in columns:
        if column.field.name == name:
            return column.field.message((code - 1) % _KINDS, column.raw[row])
    return describe_code(code)


def raise_first(codes: NDArray[np.uint8], describe: Callable[[int, int], Message]) -> None:
    """Raise :class:`BatchInputError` for the first non-zero code, with the count."""
    bad = np.flatnonzero(codes)
    if not len(bad):
        return
    row = int(bad[0])
    reason = describe(int(codes[row]), row)
    if len(bad) > 1:
        message = _(
            "row {row}: {reason} ({count} bad rows; on_invalid='null' gives the others a score"
            " and each bad row its reason)",
            row=row,
            reason=reason,
            count=len(bad),
        )
    else:
        message = _(
            "row {row}: {reason} (1 bad row; on_invalid='null' gives the others a score and each"
            " bad row its reason)",
            row=row,
            reason=reason,
        )
    raise BatchInputError(message, row=row, count=len(bad), reason=reason)


def as_array(data: ArrayLike) -> NDArray[Any]:
    """``data`` as an array, keeping a masked array's mask."""
    if isinstance(data, np.ma.MaskedArray):
        return data
    return np.asarray(data)
