"""Results files for the batch engine: read CSV or Parquet whole, write by extension.

Reading never hands a damaged file to the dataframe library's error: each of
these is a :class:`BatchFileError` naming the file and the line (CSV) or row
(Parquet) and what is wrong, quoting at most a short excerpt of the line:

- an empty file, or a header and no results (nothing to score is an error);
- a row with more or fewer fields than the header, a quoted field that is never
  closed;
- bytes that are not UTF-8 (with the encoding the line reads as, e.g.
  Windows-1252); a UTF-8 byte-order mark is fine;
- a column given twice, also under two spellings of one name (``board``, ``Bd``);
- a Parquet file that is truncated, or is not Parquet at all (a CSV file named
  ``.parquet``), and a Parquet file named ``.csv``.

A CSV file is read as text, as the results reader reads it: ``#`` comment lines
and blank lines are skipped, and ``=`` or ``+1`` stay text. Each row keeps the
line it was read from, so that a problem found later is reported at that line.

Blank lines (nothing but spaces, or the header's commas) are no rows; a table
read from CSV lists them (:attr:`Table.blank_lines`, :meth:`Table.skipped`) so that
they are reported, never dropped unseen. A Parquet column the engine reads that
holds a list or a struct in each row is an error naming the column and its type.

Writing goes through :mod:`bridgescore.io.writing` (a temporary file beside the
target, then a rename): a failed write leaves the target as it was, with no
truncated output.
"""

from __future__ import annotations

import codecs
import csv
import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal, cast

import numpy as np
import polars as pl
from numpy.typing import NDArray

from bridgescore.batch._checks import BatchInputError, excerpt
from bridgescore.batch.columns import COLUMNS, canonical, duplicates
from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.io.writing import WriteError, write_bytes
from bridgescore.io.writing import same_file as _same_file

Format = Literal["csv", "parquet"]
Reporter = Callable[[str, int, int], object]
"""``progress(phase, done, total)``."""

FORMATS: Final = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet"}
"""The formats, by file extension."""

_CHUNK: Final = 16 << 20
_LINE_EXCERPT: Final = 80
_PARQUET_MAGIC: Final = b"PAR1"
_BOM: Final = codecs.BOM_UTF8
_ROWS_PER_PART: Final = 200_000


class BatchFileError(BatchInputError):
    """A results file that cannot be read or written, with its place.

    ``source`` is the path, ``line`` the 1-based line of a CSV file, ``row`` the
    0-based row (after the header) when the problem is in a row; ``reason`` is
    the message without the place.
    """

    def __init__(
        self,
        reason: str | Message,
        *,
        source: str,
        line: int | None = None,
        row: int | None = None,
        count: int = 0,
        parquet: bool = False,
    ) -> None:
        if line is not None:
            message = _("{source}, line {line}: {reason}", source=source, line=line, reason=reason)
        elif row is not None and parquet:
            message = _("{source}, row {row}: {reason}", source=source, row=row + 1, reason=reason)
        else:
            message = _("{source}: {reason}", source=source, reason=reason)
        super().__init__(message, row=row, count=count, reason=reason)
        self.source = source
        self.line = line


@dataclass(frozen=True, slots=True, eq=False)
class Table:
    """A file read whole: the frame (every column text, for CSV), and where each row was."""

    frame: pl.DataFrame
    source: str
    lines: NDArray[np.int64] | None
    """The 1-based line each row ends on (CSV), or ``None`` (Parquet: rows count from 1)."""
    header_line: int | None = None
    blank_lines: tuple[int, ...] = ()
    """The lines of a CSV file that had the header's commas and nothing else, or only
    spaces: no result, so no row; said in :meth:`skipped`, never dropped unseen."""

    def skipped(self) -> Message | None:
        """What was skipped, as a sentence naming the file and the lines (``None``: nothing);
        ``str()`` of it is the English sentence."""
        if not self.blank_lines:
            return None
        count = len(self.blank_lines)
        shown = ", ".join(str(n) for n in self.blank_lines[:10])
        if count == 1:
            return _(
                "{source}: 1 blank line skipped (line {lines})", source=self.source, lines=shown
            )
        if count <= 10:
            return _(
                "{source}: {count:,} blank lines skipped (lines {lines})",
                source=self.source,
                count=count,
                lines=shown,
            )
        return _(
            "{source}: {count:,} blank lines skipped (lines {lines} and {more:,} more)",
            source=self.source,
            count=count,
            lines=shown,
            more=count - 10,
        )

    def locate(self, error: BatchInputError, offset: int = 0) -> BatchFileError:
        """``error`` (about row ``error.row + offset`` of the frame) at its place in the file."""
        if isinstance(error, BatchFileError):
            return error
        if error.row is None:
            return BatchFileError(error.message, source=self.source, line=self.header_line)
        row = error.row + offset
        reason = error.reason_message
        if error.count > 1:
            reason = _("{reason} ({count} bad rows)", reason=reason, count=error.count)
        line = None if self.lines is None else int(self.lines[row])
        return BatchFileError(
            reason,
            source=self.source,
            line=line,
            row=row,
            count=error.count,
            parquet=self.lines is None,
        )


def file_format(path: str | Path) -> Format:
    """``'csv'`` or ``'parquet'`` from the name, or a :class:`BatchFileError` saying which
    names are understood."""
    suffix = Path(path).suffix.lower()
    found = FORMATS.get(suffix)
    if found == "csv":
        return "csv"
    if found == "parquet":
        return "parquet"
    if suffix:
        told = _(
            "{suffix} is not a format the batch engine writes; name the output .csv or .parquet",
            suffix=excerpt(suffix, 20),
        )
    else:
        told = _("no extension to tell the format by; name the output .csv or .parquet")
    raise BatchFileError(told, source=str(path))


def _input_format(path: Path) -> Format:
    return "parquet" if FORMATS.get(path.suffix.lower()) == "parquet" else "csv"


def read(path: str | Path, *, progress: Reporter | None = None) -> Table:
    """Read a results file whole (Parquet by extension, else CSV); see the module."""
    where = Path(path)
    source = str(path)
    try:
        size = where.stat().st_size
        with where.open("rb") as handle:
            head = handle.read(4)
    except OSError as error:
        raise BatchFileError(
            _("cannot read: {reason}", reason=error.strerror), source=source
        ) from None
    if size == 0:
        raise BatchFileError(_("empty file: no header and no results"), source=source)
    if _input_format(where) == "parquet":
        table = _read_parquet(where, source, head, size)
    else:
        if head == _PARQUET_MAGIC:
            raise BatchFileError(
                _("this is a Parquet file; name it .parquet to read it as one"), source=source
            )
        table = _read_csv(where, source, size, progress)
    _check_names(table)
    if progress is not None:
        progress("reading", size, size)
    return table


def _check_names(table: Table) -> None:
    problem = duplicates(table.frame.columns)
    if problem is not None:
        raise BatchFileError(problem, source=table.source, line=table.header_line)
    if table.frame.height == 0:
        if table.header_line is None:
            told = _("a header and no results: nothing to score")
        else:
            told = _(
                "a header (line {line}) and no results: nothing to score", line=table.header_line
            )
        raise BatchFileError(told, source=table.source)


def _first_line(error: BaseException, limit: int = 120) -> str:
    """The first line of a library's message, cut short (its messages can quote a file)."""
    lines = str(error).strip().splitlines()
    text = lines[0] if lines else type(error).__name__
    return text if len(text) <= limit else text[:limit] + "…"


# --- Parquet ---------------------------------------------------------------------------------


def _read_parquet(where: Path, source: str, head: bytes, size: int) -> Table:
    if head != _PARQUET_MAGIC:
        with where.open("rb") as handle:
            start = handle.read(_LINE_EXCERPT * 4)
        text = start.decode("utf-8", "replace").splitlines()
        csv_like = b"," in start or b"\n" in start
        if text and csv_like:
            told = _(
                "not a Parquet file (it starts with {start}); a CSV file is named .csv",
                start=excerpt(text[0], _LINE_EXCERPT),
            )
        elif text:
            told = _(
                "not a Parquet file (it starts with {start})", start=excerpt(text[0], _LINE_EXCERPT)
            )
        elif csv_like:
            told = _("not a Parquet file; a CSV file is named .csv")
        else:
            told = _("not a Parquet file")
        raise BatchFileError(told, source=source)
    with where.open("rb") as handle:
        handle.seek(max(size - 4, 0))
        tail = handle.read(4)
    if size < 12 or tail != _PARQUET_MAGIC:
        raise BatchFileError(
            _(
                "a truncated Parquet file ({size:,} bytes and no footer): it was cut short"
                " while being written or copied",
                size=size,
            ),
            source=source,
        )
    try:
        frame = pl.read_parquet(where)
    except (pl.exceptions.PolarsError, OSError) as error:
        raise BatchFileError(
            _("a damaged Parquet file ({error})", error=_first_line(error)), source=source
        ) from None
    for name, dtype in frame.schema.items():
        if dtype.is_nested() and canonical(name) in COLUMNS:
            raise BatchFileError(
                _(
                    "the column {name} holds {kind} ({dtype}) in each row; the batch engine"
                    " reads one {column} per row (a number or text)",
                    name=excerpt(name),
                    kind=_kind(dtype),
                    dtype=dtype,
                    column=canonical(name),
                ),
                source=source,
            )
    return Table(frame, source, None)


def _kind(dtype: pl.DataType) -> Message:
    if isinstance(dtype, pl.Struct):
        return _("a struct")
    if isinstance(dtype, pl.List | pl.Array):
        return _("a list")
    return _("nested values")  # pragma: no cover - Polars's other nested types


# --- CSV -------------------------------------------------------------------------------------


def _read_csv(where: Path, source: str, size: int, progress: Reporter | None) -> Table:
    with where.open("rb") as handle:
        quoted = any(b'"' in block for block in iter(lambda: handle.read(_CHUNK), b""))
    if quoted:
        return _read_quoted(where, source, size, progress)
    scan = _scan_plain(where, source, size, progress)
    return _polars_csv(where, source, scan, quoted=False)


def _polars_csv(where: Path, source: str, scan: _Scan, *, quoted: bool) -> Table:
    """Read a checked CSV file with Polars, dropping its blank rows."""
    try:
        frame = pl.read_csv(
            where,
            infer_schema=False,
            comment_prefix="#",
            skip_lines=scan.header_line - 1,
            quote_char='"' if quoted else None,
            empty_string_is_null=False,
        )
    except pl.exceptions.PolarsError as error:  # pragma: no cover - the scan found it first
        raise BatchFileError(
            _("not readable as CSV ({error})", error=_first_line(error)), source=source
        ) from None
    frame = frame.rename(dict(zip(frame.columns, scan.header, strict=True)))
    if frame.height != len(scan.lines):  # pragma: no cover - the scan and Polars agree
        raise BatchFileError(
            _(
                "{rows:,} rows read where the file has {lines:,} lines of results",
                rows=frame.height,
                lines=len(scan.lines),
            ),
            source=source,
        )
    blank_lines: tuple[int, ...] = ()
    if scan.blank.any():
        frame = frame.filter(pl.Series(~scan.blank))
        blank_lines = tuple(int(n) for n in scan.lines[scan.blank])
    return Table(frame, source, scan.lines[~scan.blank], scan.header_line, blank_lines)


@dataclass(frozen=True, slots=True, eq=False)
class _Scan:
    header: list[str]
    header_line: int
    lines: NDArray[np.int64]
    """The line of every row Polars reads (every line after the header but comments)."""
    blank: NDArray[np.bool_]
    """Which of them are blank (skipped, as the results reader skips them)."""


_BLANKISH: Final = np.zeros(256, np.bool_)
_BLANKISH[[ord(" "), ord("\t"), ord("\r"), ord(",")]] = True


def _blocks(handle: Any, first: bytes) -> Iterator[tuple[bytes, int]]:
    """The file in blocks of whole lines, each with the byte offset it starts at."""
    carry = first
    offset = 0
    while True:
        more = handle.read(_CHUNK)
        if not more:
            if carry:
                yield carry, offset
            return
        carry += more
        cut = carry.rfind(b"\n")
        if cut < 0:
            continue
        yield carry[: cut + 1], offset
        offset += cut + 1
        carry = carry[cut + 1 :]


def _scan_plain(where: Path, source: str, size: int, progress: Reporter | None) -> _Scan:
    """Check a CSV file without quotes, block by block with NumPy: UTF-8, and the
    number of fields on every line (a comma is always a separator there)."""
    header: list[str] | None = None
    header_line = 0
    line_parts: list[NDArray[np.int64]] = []
    blank_parts: list[NDArray[np.bool_]] = []
    first_line = 1
    with where.open("rb") as handle:
        start = handle.read(3)
        skipped = 3 if start == _BOM else 0
        for block, offset in _blocks(handle, start[skipped:]):
            _check_utf8(block, source, first_line)
            data = np.frombuffer(block, np.uint8)
            ends = np.flatnonzero(data == 10)
            if not len(ends) or ends[-1] != len(data) - 1:
                ends = np.append(ends, len(data))
            starts = np.concatenate(([0], ends[:-1] + 1))
            numbers = np.arange(first_line, first_line + len(ends), dtype=np.int64)
            first_line += len(ends)
            blankish = np.flatnonzero(_BLANKISH[data])
            filled = (ends - starts) - (
                np.searchsorted(blankish, ends) - np.searchsorted(blankish, starts)
            )
            blank = filled <= 0
            first = data[np.minimum(starts, len(data) - 1)]
            comment = (ends > starts) & (first == ord("#"))
            commas = np.flatnonzero(data == ord(","))
            fields = np.searchsorted(commas, ends) - np.searchsorted(commas, starts) + 1
            keep = ~comment
            if header is None:
                candidates = np.flatnonzero(keep & ~blank)
                if not len(candidates):
                    continue
                at = int(candidates[0])
                text = block[starts[at] : ends[at]].decode("utf-8").rstrip("\r")
                header = [name for name in text.split(",")]
                header_line = int(numbers[at])
                _check_header(header, source, header_line)
                keep[: at + 1] = False
            wrong = keep & ~blank & (fields != len(header))
            if wrong.any():
                at = int(np.flatnonzero(wrong)[0])
                text = block[starts[at] : ends[at]].decode("utf-8").rstrip("\r")
                raise _ragged(
                    source, int(numbers[at]), int(fields[at]), len(header), header_line, text
                )
            line_parts.append(numbers[keep])
            blank_parts.append(blank[keep])
            if progress is not None:
                progress("reading", min(offset + len(block) + skipped, size), size)
    if header is None:
        raise BatchFileError(
            _("no header and no results (only comments and blank lines)"), source=source
        )
    lines = np.concatenate(line_parts) if line_parts else np.zeros(0, np.int64)
    blanks = np.concatenate(blank_parts) if blank_parts else np.zeros(0, np.bool_)
    return _Scan(header, header_line, lines, blanks)


def _check_header(header: list[str], source: str, line: int) -> None:
    problem = duplicates([name.strip() for name in header])
    if problem is not None:
        raise BatchFileError(problem, source=source, line=line)


def _ragged(
    source: str, line: int, fields: int, expected: int, header_line: int, text: str
) -> BatchFileError:
    return BatchFileError(
        _(
            "{fields:,} fields where the header (line {header_line}) has {expected:,}: {text}",
            fields=fields,
            header_line=header_line,
            expected=expected,
            text=excerpt(text, _LINE_EXCERPT),
        ),
        source=source,
        line=line,
    )


def _check_utf8(block: bytes, source: str, first_line: int) -> None:
    try:
        block.decode("utf-8")
    except UnicodeDecodeError as error:
        at = error.start
        begin = block.rfind(b"\n", 0, at) + 1
        end = block.find(b"\n", at)
        raw = block[begin : end if end >= 0 else len(block)].rstrip(b"\r")
        line = first_line + block.count(b"\n", 0, at)
        raise _not_utf8(source, line, raw, at - begin) from None


def _not_utf8(source: str, line: int, raw: bytes, column: int) -> BatchFileError:
    byte = raw[column] if column < len(raw) else 0
    if line == 1 and raw[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        return BatchFileError(
            _("the file is UTF-16, not UTF-8; save it as UTF-8 (CSV UTF-8 in a spreadsheet)"),
            source=source,
            line=line,
        )
    for encoding, name in (("cp1252", "Windows-1252"), ("latin-1", "Latin-1 (ISO-8859-1)")):
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            continue
        return BatchFileError(
            _(
                "not UTF-8 (byte 0x{byte:02X} at column {column}); it reads as {name}: {text};"
                " save the file as UTF-8 (e.g. iconv -f {encoding} -t UTF-8)",
                byte=byte,
                column=column + 1,
                name=name,
                text=excerpt(text, _LINE_EXCERPT),
                encoding=encoding.upper(),
            ),
            source=source,
            line=line,
        )
    return BatchFileError(  # pragma: no cover - Latin-1 reads every byte
        _(
            "not UTF-8 (byte 0x{byte:02X} at column {column}); save the file as UTF-8",
            byte=byte,
            column=column + 1,
        ),
        source=source,
        line=line,
    )


@contextmanager
def _large_fields() -> Iterator[None]:
    """Let :mod:`csv` read fields of any length (a long one is reported, in short)."""
    old = csv.field_size_limit()
    csv.field_size_limit(2**31 - 1)
    try:
        yield
    finally:
        csv.field_size_limit(old)


def _read_quoted(where: Path, source: str, size: int, progress: Reporter | None) -> Table:
    """A CSV file with quoted fields: checked record by record by :mod:`csv` (the results
    reader's parser), then read by Polars. A line starting with ``#`` is a comment."""
    header: list[str] | None = None
    header_line = 0
    lines: list[int] = []
    blank: list[bool] = []
    end = 0
    with where.open(encoding="utf-8-sig", newline="") as handle, _large_fields():
        reader = csv.reader(handle, strict=True)
        try:
            for record in reader:
                start, end = end + 1, reader.line_num
                if record and record[0].startswith("#"):
                    continue
                empty = not any(cell.strip() for cell in record)
                if header is None:
                    if not empty:
                        header, header_line = record, end
                        _check_header([name.strip() for name in header], source, header_line)
                    continue
                if not empty and len(record) != len(header):
                    text = _line_text(where, start)
                    raise _ragged(source, end, len(record), len(header), header_line, text)
                lines.append(end)
                blank.append(empty)
                if progress is not None and not len(lines) % _ROWS_PER_PART:
                    done = cast(Any, handle).buffer.tell()  # the bytes read so far
                    progress("reading", min(done, size), size)
        except UnicodeDecodeError:
            _locate_utf8(where, source)
            raise  # pragma: no cover - the binary scan finds the bytes
        except csv.Error as error:
            raise _csv_problem(where, source, end + 1, reader.line_num, str(error)) from None
    if header is None:
        raise BatchFileError(
            _("no header and no results (only comments and blank lines)"), source=source
        )
    scan = _Scan(header, header_line, np.array(lines, np.int64), np.array(blank, np.bool_))
    return _polars_csv(where, source, scan, quoted=True)


def _line_text(where: Path, number: int) -> str:
    """Line ``number`` (1-based) of a file, as text (read again, for a message)."""
    with where.open("rb") as handle:
        for count, raw in enumerate(handle, start=1):
            if count == number:
                text = raw.rstrip(b"\r\n")
                return (text[len(_BOM) :] if text.startswith(_BOM) else text).decode(
                    "utf-8", "replace"
                )
    return ""  # pragma: no cover - the line was read before


def _locate_utf8(where: Path, source: str) -> None:
    """Raise the located error for the first bytes of a file that are not UTF-8."""
    first_line = 1
    with where.open("rb") as handle:
        start = handle.read(3)
        for block, _offset in _blocks(handle, start[3:] if start == _BOM else start):
            _check_utf8(block, source, first_line)
            first_line += block.count(b"\n")


def _csv_problem(where: Path, source: str, start: int, end: int, message: str) -> BatchFileError:
    shown = excerpt(_line_text(where, start), _LINE_EXCERPT)
    if "unexpected end of data" in message:
        return BatchFileError(
            _(
                "a quoted field opened here is never closed ({text}); the file ends inside it",
                text=shown,
            ),
            source=source,
            line=start,
        )
    if "expected after" in message:
        return BatchFileError(
            _(
                "text after a closing quote ({text}); a quote inside a quoted field is"
                ' written twice ("")',
                text=shown,
            ),
            source=source,
            line=end,
        )
    return BatchFileError(  # pragma: no cover - the strict reader's other complaints
        _("not readable as CSV: {message} ({text})", message=message, text=shown),
        source=source,
        line=end,
    )


# --- writing ---------------------------------------------------------------------------------


def same_file(source: str | Path, target: str | Path) -> bool:
    """Whether ``target`` names the file ``source`` (also through another path or a link):
    :func:`bridgescore.io.writing.same_file`."""
    return _same_file(source, target)


def write(frame: pl.DataFrame, path: str | Path, form: Format | None = None) -> None:
    """Write ``frame`` as CSV or Parquet (by the name's extension) through
    :func:`bridgescore.io.writing.write_bytes`, the one way bridgescore writes a file:
    a temporary file beside it, then a rename, so a failed write leaves no truncated
    output. A column CSV cannot hold (a list, a struct) is named before anything is
    written."""
    target = Path(path)
    form = file_format(target) if form is None else form
    if form == "csv":
        for name, dtype in frame.schema.items():
            if dtype.is_nested():
                raise BatchFileError(
                    _(
                        "the column {name} holds {kind} ({dtype}), which CSV cannot hold; name"
                        " the output .parquet, or drop the column",
                        name=excerpt(name),
                        kind=_kind(dtype),
                        dtype=dtype,
                    ),
                    source=str(path),
                )
    buffer = io.BytesIO()
    try:
        if form == "parquet":
            frame.write_parquet(buffer)
        else:
            frame.write_csv(buffer)
    except (OSError, pl.exceptions.PolarsError) as error:
        raise BatchFileError(
            _("cannot write: {reason}", reason=_first_line(error)), source=str(path)
        ) from None
    try:
        write_bytes(target, buffer.getvalue())
    except WriteError as error:
        reason = str(error).partition(": cannot write: ")[2] or str(error)
        raise BatchFileError(_("cannot write: {reason}", reason=reason), source=str(path)) from None
