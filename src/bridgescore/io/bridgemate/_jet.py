"""Rows of an Access (JET) data page that ``access-parser`` 0.0.6 misreads, read as Access
writes them.

Two kinds of row that Bridgemate Control Software leaves in a ``.bws`` file:

- **Moved rows.** A row that grows past its page (a player's name filled in) is moved to
  another page and leaves a 4-byte pointer behind (flag ``0x4000``); the moved row, flagged
  ``0x8000``, ends where the row before it on its new page starts. ``access-parser`` clears
  that offset's flags only when ``end & 0x8000 and (end & 0xff) != 0``: below a row that
  starts at a multiple of 256, or below a pointer, the moved row runs to the end of the
  page and is read from the wrong row's bytes, silently, with empty fields.
- **Short rows.** A row keeps the number of columns the table had when it was written
  (its first byte in JET 3, two bytes in JET 4); columns added later are absent from it,
  and its null mask is as long as its own column count. ``access-parser`` takes the
  table's count, reads the mask and the variable columns' offsets from the wrong bytes,
  and drops the row with a warning (``Record did not parse correctly``), so the table is
  reported damaged. ``PlayerNumbers`` had five columns (``Section``, ``Table``,
  ``Direction``, ``Number``, ``Name``: its column ids 0-4) before ``Round``, ``Updated``,
  ``Processed`` and ``TimeLog`` were added; a scoring program that writes the players
  before Bridgemate Control Software upgrades the table leaves such rows, one a seat.

Both are read here as ``mdbtools`` reads them (``mdb_find_row``, ``mdb_crack_row``): the
offsets masked with ``0x1fff``; the columns a short row lacks are NULL (a yes/no column
no). Every other row is read by ``access-parser`` as before.
"""

from __future__ import annotations

import logging
import struct
from collections.abc import Mapping
from typing import Any, Final

OFFSET: Final = 0x1FFF
"""The offset bits of a row's entry in a data page (the others are flags: 0x8000
deleted or moved here, 0x4000 moved away)."""

_BOOLEAN: Final = 1
_MEMO: Final = 12
_OLE: Final = 11
_NUMERIC: Final = 16
"""``access-parser``'s type numbers (JET's): yes/no, memo, OLE object, 17-byte numeric."""


def as_access_writes(table: Any) -> Any:
    """``table`` (an ``access-parser`` table) reading moved rows and short rows as Access
    writes them; a table of another shape is returned as it is."""
    needed = ("_get_overflow_record", "_parse_row", "_parse_memo")
    shape = ("_data_pages", "page_size", "version", "columns", "table_header", "parsed_table")
    if not all(callable(getattr(table, name, None)) for name in needed) or not all(
        hasattr(table, name) for name in shape
    ):
        return table
    kind: type[Any] = type(table)
    if kind not in _READING:

        class AsAccessWrites(kind):  # type: ignore[misc]
            def _get_overflow_record(self, record_pointer: int) -> bytes | None:
                return moved_row(self._data_pages, self.page_size, self.version, record_pointer)

            def _parse_row(self, record: bytes) -> None:
                if short_row(record, self.version, self.table_header.column_count):
                    read_short_row(self, record)
                else:
                    super()._parse_row(record)

        _READING[kind] = AsAccessWrites
    table.__class__ = _READING[kind]
    return table


_READING: dict[type[Any], type[Any]] = {}
"""``access-parser``'s table class, and the same reading rows as Access writes them."""


def moved_row(
    pages: Mapping[int, bytes], page_size: int, version: int, pointer: int
) -> bytes | None:
    """The bytes of the row a pointer names: row ``pointer & 0xff`` of page
    ``pointer >> 8``, from its offset to the offset of the row before it (or the page's
    end), both without their flags."""
    number, page = pointer & 0xFF, pointer >> 8
    data = pages.get(page * page_size)
    log = logging.getLogger("access_parser")
    if data is None:
        log.warning(f"a moved row points to page {page}, which is not a data page")
        return None
    offsets = _offsets(data, version)
    if number >= len(offsets):
        log.warning(f"a moved row points to row {number} of page {page}, which has {len(offsets)}")
        return None
    start = offsets[number] & OFFSET
    end = page_size if number == 0 else offsets[number - 1] & OFFSET
    return bytes(data[start:end])


def _offsets(page: bytes, version: int) -> tuple[int, ...]:
    """A data page's row offsets: the row count at byte 8 (JET 3) or 12, then the offsets."""
    at = 8 if version == 3 else 12
    (count,) = struct.unpack_from("<H", page, at)
    return struct.unpack_from(f"<{count}H", page, at + 2)


def columns_of(record: bytes, version: int) -> int:
    """The number of columns a row was written with."""
    if not record:
        return 0
    return record[0] if version == 3 else int(struct.unpack_from("<H", record)[0])


def short_row(record: bytes, version: int, table_columns: int) -> bool:
    """Whether a row was written with fewer columns than the table has now."""
    return 0 < columns_of(record, version) < table_columns


def read_short_row(table: Any, record: bytes) -> None:
    """A short row's values appended to ``table.parsed_table``, as ``mdbtools`` cracks a
    row: the fixed columns the row has in the table's order, the variable ones by their
    number, the null mask as long as the row's own column count."""
    from access_parser.utils import parse_type  # type: ignore[import-untyped]

    version = table.version
    count_size = 1 if version == 3 else 2
    row_columns = columns_of(record, version)
    mask_size = (row_columns + 7) // 8
    mask = record[len(record) - mask_size :]
    last = len(record) - 1
    var_columns, offsets = 0, list[int]()
    if table.table_header.variable_columns:
        var_columns, offsets = _variable_offsets(record, version, last, mask_size)
    fixed_columns = row_columns - var_columns
    fixed_found = 0
    for column in table.columns.values():
        name = column.col_name_str
        number = column.column_id
        present = number // 8 < mask_size and bool(mask[number // 8] & (1 << (number % 8)))
        value: object = None
        if column.column_flags.fixed_length and fixed_found < fixed_columns:
            fixed_found += 1
            if column.type == _BOOLEAN:
                value = present
            elif present:
                start = column.fixed_offset + count_size
                props = column.extra_props or None
                value = parse_type(column.type, record[start:], version=version, props=props)
        elif not column.column_flags.fixed_length and column.variable_column_number < var_columns:
            at = column.variable_column_number
            data = record[offsets[at] : offsets[at + 1]]
            if present:
                value = _variable_value(table, column, data, parse_type)
        elif column.type == _BOOLEAN:
            value = False
        table.parsed_table[name].append(value)


def _variable_offsets(
    record: bytes, version: int, last: int, mask_size: int
) -> tuple[int, list[int]]:
    """A row's variable columns: how many, and where each starts (then where the last
    ends), read backwards from before its null mask (``mdb_crack_row3``/``4``)."""
    if version != 3:
        (count,) = struct.unpack_from("<H", record, last - mask_size - 1)
        return count, [
            int(struct.unpack_from("<H", record, last - mask_size - 3 - 2 * i)[0])
            for i in range(count + 1)
        ]
    count = record[last - mask_size]
    jumps = (len(record) - 1) // 256
    at = last - mask_size - jumps - 1
    if (at - count) // 256 < jumps:  # the last jump is a dummy
        jumps -= 1
    offsets = []
    used = 0
    for i in range(count + 1):
        while used < jumps and i == record[last - mask_size - used - 1]:
            used += 1
        offsets.append(record[at - i] + used * 256)
    return count, offsets


def _variable_value(table: Any, column: Any, data: bytes, parse_type: Any) -> object:
    """A variable column's value, as ``access-parser`` reads one (an empty one is ``''``)."""
    if not data:
        return ""
    if column.type == _MEMO:
        return table._parse_memo(data)
    if column.type == _OLE:
        return table._parse_memo(data, return_raw=True)
    if column.type == _NUMERIC:
        from access_parser.utils import numeric_to_string

        scale = column.get("various", {}).get("scale", 6) if hasattr(column, "get") else 6
        return numeric_to_string(data, scale) if len(data) == 17 else data
    return parse_type(column.type, data, len(data), version=table.version)
