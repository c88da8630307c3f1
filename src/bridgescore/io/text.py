"""The one way a file's bytes become text, for every reader of the project.

Rules:

* UTF-8 is the default.
* A byte-order mark (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE) is no error: it selects the
  encoding and is not part of the text.
* UTF-16 without a byte-order mark is recognised by its tell-tale NUL bytes (ASCII
  text in UTF-16 has a NUL in every other byte).
* Bytes that are not UTF-8 raise :class:`TextDecodeError`, a
  :class:`~bridgescore.errors.LocatedError` naming the file, the 1-based line and the
  byte offset within that line, quoting a short excerpt, and suggesting the likely
  encoding ("looks like Windows-1252 (a spreadsheet's export)").
* A NUL byte in otherwise good text, and a lone surrogate in text already decoded
  (``check_text``), are errors with their line too: they are never dropped or passed on
  silently.

The lenient variants (:func:`decode_lenient`, :func:`read_text_lenient`,
:func:`check_text_lenient`) never raise for the content: they return the text and a
tuple of :class:`TextProblem` (lines that are not UTF-8 are read in a stated fallback
encoding, Windows-1252 unless told otherwise; NULs are removed; lone surrogates become
U+FFFD), so that a lenient reader can keep going and report warnings.

Two helpers serve every message and every token that comes from a file:
:func:`excerpt` quotes at most a few dozen characters of a line (a 10 MB line is never
quoted back whole), and :func:`normalise_suits` turns the suit symbols a phone types
(``♠️`` is U+2660 U+FE0F; the white suits ``♤♡♢♧``) into the plain ``♠♥♦♣``.

Line numbers count ``\\n`` line ends (``\\r\\n`` counts once; a lone ``\\r`` does not
end a line). Line ends are not changed.
"""

from __future__ import annotations

import codecs
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from bridgescore.errors import BridgeInputError, Gettext, LocatedError, Message
from bridgescore.errors import marked as _

__all__ = [
    "ACCESS_MAGIC",
    "DEFAULT_FALLBACK",
    "EXCERPT_LIMIT",
    "Sniffed",
    "TextDecodeError",
    "TextProblem",
    "check_text",
    "check_text_lenient",
    "decode",
    "decode_lenient",
    "excerpt",
    "is_access",
    "normalise_suits",
    "read_text",
    "read_text_lenient",
    "sniff",
]

DEFAULT_FALLBACK = "cp1252"
"""The encoding lenient readers fall back to for lines that are not UTF-8: Windows-1252,
what a spreadsheet on Windows exports as "CSV"."""

EXCERPT_LIMIT = 60
"""The most characters of the input that any message quotes."""

_ELLIPSIS = "…"

# the byte-order marks, longest first: the UTF-32 LE mark begins with the UTF-16 LE one
_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

_NAMES = {
    "utf-8": "UTF-8",
    "utf-16-le": "UTF-16 LE",
    "utf-16-be": "UTF-16 BE",
    "utf-32-le": "UTF-32 LE",
    "utf-32-be": "UTF-32 BE",
    "cp1252": "Windows-1252",
    "latin-1": "Latin-1 (ISO-8859-1)",
    "iso8859-15": "Latin-9 (ISO-8859-15)",
    "mac-roman": "Mac Roman",
    "cp437": "DOS code page 437",
    "cp850": "DOS code page 850",
}

# how many leading bytes the UTF-16 sniffer looks at (enough, and cheap on a 10 MB file)
_SNIFF_BYTES = 4096


def _name(encoding: str) -> str:
    """A codec's name as people know it (``cp1252`` is Windows-1252)."""
    canonical = codecs.lookup(encoding).name
    return _NAMES.get(canonical, canonical)


# --- values ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sniffed:
    """The encoding a file's bytes are in, and the byte-order mark in front (if any).

    ``encoding`` is a Python codec name (``utf-8``, ``utf-16-le``, ``utf-16-be``,
    ``utf-32-le``, ``utf-32-be``); ``bom`` is the mark as it stands in the file (``b""``
    when there is none), so that a writer can put it back.
    """

    encoding: str
    bom: bytes = b""


@dataclass(frozen=True, slots=True)
class TextProblem:
    """One thing wrong with a file's text that a lenient reader got past: where and what.

    ``line`` is 1-based (``None`` for the whole file).
    """

    source: str
    line: int | None
    message: str
    marked: Message | None = field(default=None, compare=False, repr=False)
    """The message marked for the catalogue (``message`` is its English text)."""

    @classmethod
    def of(cls, source: str, line: int | None, message: Message) -> TextProblem:
        """A problem whose message is marked: ``message`` is kept as its English text."""
        return cls(source, line, str(message), message)

    @property
    def reason(self) -> Message:
        """The message, marked (a plain ``message`` is shown as it is)."""
        return self.marked if self.marked is not None else Message(self.message)

    def __str__(self) -> str:
        return self.translated(None)

    def located(self) -> Message:
        """The problem with its place, as a marked message."""
        if self.line is None:
            return _("{source}: {reason}", source=self.source, reason=self.reason)
        return _(
            "{source}, line {line}: {reason}", source=self.source, line=self.line,
            reason=self.reason,
        )  # fmt: skip

    def translated(self, gettext: Gettext | None) -> str:
        """The problem with its place in ``gettext``'s language (English when ``None``)."""
        return self.located().render(gettext)


class TextDecodeError(LocatedError):
    """A file's bytes that are not text in its encoding, or text with a NUL or lone surrogate.

    Besides ``source`` and ``line`` (1-based), ``offset`` is the 0-based byte offset of
    the bad bytes within their line (``None`` when the input was already ``str``), and
    ``encoding`` the encoding the bytes were read in.
    """

    def __init__(
        self,
        message: str | Message,
        *,
        source: str,
        line: int | None = None,
        offset: int | None = None,
        encoding: str = "utf-8",
    ) -> None:
        super().__init__(message, source=source, line=line)
        self.offset = offset
        self.encoding = encoding

    def problem(self) -> TextProblem:
        """The same finding as data, for a lenient reader's list."""
        return TextProblem.of(self.source, self.line, self.reason_message)


# --- quoting --------------------------------------------------------------------------


def excerpt(text: str, limit: int = EXCERPT_LIMIT, *, at: int = 0) -> str:
    """At most ``limit`` characters of ``text``, with ``…`` where some were left out.

    ``at`` is the index of the character the reader should see (the bad one): the
    excerpt starts a little before it, so that a fault far into a long line is shown
    with some context. The result is for quoting in a message (``{excerpt(line)!r}``).

    >>> excerpt("3NT by North, made 9 tricks", 12)
    '3NT by Nort…'
    >>> excerpt("x" * 100 + "BAD" + "y" * 100, 13, at=100)
    '…xxxBADyyyyy…'
    """
    if limit < 1:
        raise BridgeInputError(
            _("an excerpt needs a limit of at least 1 character, not {limit}", limit=limit)
        )
    if len(text) <= limit:
        return text
    at = min(max(at, 0), len(text) - 1)
    if limit < 3 or at < (limit - 1) * 2 // 3:
        return text[: limit - 1] + _ELLIPSIS  # the fault shows in the line's beginning
    start = at - (limit - 2) // 3  # a third of the room for what comes before the fault
    if start + limit - 1 >= len(text):
        return _ELLIPSIS + text[len(text) - limit + 1 :]  # the line's end
    return _ELLIPSIS + text[start : start + limit - 2] + _ELLIPSIS


# --- sniffing -------------------------------------------------------------------------

ACCESS_MAGIC: Final = (b"Standard Jet DB", b"Standard ACE DB")
"""What an Access database says at byte 4 (after ``00 01 00 00``): JET 3/4, or ACE."""


def is_access(head: bytes) -> bool:
    """Whether the first bytes of a file are those of an Access database (a Bridgemate
    ``.bws``), told here so that sniffing a file imports no reader."""
    return head[:4] == b"\x00\x01\x00\x00" and head[4:19] in ACCESS_MAGIC


def sniff(data: bytes) -> Sniffed:
    """The encoding of ``data``: its byte-order mark, else UTF-16 by its NULs, else UTF-8.

    >>> sniff(b"\\xef\\xbb\\xbf3NT")
    Sniffed(encoding='utf-8', bom=b'\\xef\\xbb\\xbf')
    >>> sniff("3NT".encode("utf-16-le"))
    Sniffed(encoding='utf-16-le', bom=b'')
    >>> sniff(b"3NT")
    Sniffed(encoding='utf-8', bom=b'')
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return Sniffed(encoding, bom)
    guess = None if _not_text(data) else _utf16_by_nuls(data)
    return Sniffed(guess if guess is not None else "utf-8")


def _utf16_by_nuls(data: bytes) -> str | None:
    """``utf-16-le`` or ``-be`` when NULs fall in every other byte (mostly ASCII text)."""
    head = data[:_SNIFF_BYTES]
    if len(head) % 2:
        head = head[:-1]
    units = len(head) // 2
    if units < 2:
        return None
    even = head[0::2].count(0)  # NULs in the first byte of each unit: big-endian ASCII
    odd = head[1::2].count(0)  # NULs in the second byte: little-endian ASCII
    # UTF-32 has NULs on both sides; stray NULs in UTF-8 text are far from most units
    if odd * 10 >= units * 6 and even * 4 <= odd:
        return "utf-16-le"
    if even * 10 >= units * 6 and odd * 4 <= even:
        return "utf-16-be"
    return None


# --- locating and quoting the input ---------------------------------------------------


def _place(data: bytes, index: int) -> tuple[int, int, bytes]:
    """The 1-based line of byte ``index``, its offset in the line, and the line's bytes."""
    line = data.count(b"\n", 0, index) + 1
    start = data.rfind(b"\n", 0, index) + 1
    end = data.find(b"\n", index)
    if end < 0:
        end = len(data)
    return line, index - start, data[start:end]


def _show(text: str) -> str:
    """``text`` in quotes, unprintable characters escaped, and undecodable bytes as ``\\xNN``.

    Undecodable bytes arrive as the surrogates U+DC80-U+DCFF that ``surrogateescape``
    makes of them; any other lone surrogate is shown as ``\\uXXXX``.
    """
    shown: list[str] = []
    for char in text:
        if "\udc80" <= char <= "\udcff":
            shown.append(f"\\x{ord(char) - 0xDC00:02x}")
        elif char.isprintable() and char not in "'\\":
            shown.append(char)
        else:
            shown.append(repr(char)[1:-1] if char != "'" else "\\'")
    return "'" + "".join(shown) + "'"


def _quote_bytes(line: bytes, offset: int) -> str:
    """A short excerpt of a line of bytes around ``offset``, bad bytes shown as ``\\xNN``."""
    reach = 4 * EXCERPT_LIMIT  # bytes either side: enough for the excerpt's characters
    lo, hi = max(0, offset - reach), offset + reach
    text = line[lo:hi].decode("utf-8", errors="surrogateescape")
    if hi >= len(line):
        text = text.removesuffix("\r")
    at = len(line[lo:offset].decode("utf-8", errors="surrogateescape"))
    quoted = excerpt(text, at=at)
    if lo > 0 and not quoted.startswith(_ELLIPSIS):
        quoted = _ELLIPSIS + quoted[1:]
    if hi < len(line) and not quoted.endswith(_ELLIPSIS):
        quoted = quoted[:-1] + _ELLIPSIS
    return _show(quoted)


def _quote_line(line: str, at: int) -> str:
    """A short excerpt of a line of text around character ``at``."""
    return _show(excerpt(line.removesuffix("\r"), at=at))


def _looks_binary(data: bytes) -> bool:
    """Many control bytes (other than tab, line ends, form feed): not a text file."""
    head = data[:_SNIFF_BYTES]
    controls = sum(1 for byte in head if byte < 0x20 and byte not in b"\t\n\r\x0c")
    return controls * 20 > len(head)


_MAGIC: tuple[tuple[bytes, Message], ...] = (
    (
        b"PK\x03\x04",
        _(
            "looks like a spreadsheet or zip archive (.xlsx, .ods, .zip), not text: "
            "export it as CSV (UTF-8)"
        ),
    ),
    (
        b"\xd0\xcf\x11\xe0",
        _("looks like an old Excel (.xls) or Word file, not text: export it as CSV"),
    ),
    (b"\x1f\x8b", _("looks like a gzip archive, not text: unpack it first")),
    (b"%PDF", _("looks like a PDF document, not text")),
)


def _not_text(data: bytes) -> Message | None:
    """What ``data`` is, by its first bytes, when it is a well-known kind of binary file."""
    for magic, kind in _MAGIC:
        if data.startswith(magic):
            return kind
    return None


def _guess(data: bytes, line: bytes) -> Message:
    """What bytes that are not UTF-8 probably are, and what to do about them."""
    kind = _not_text(data)
    if kind is not None:
        return kind
    if _looks_binary(data):
        return _("looks like a binary file, not text")
    try:
        line.decode("cp1252")
    except UnicodeDecodeError:
        return _(
            "the encoding is neither UTF-8 nor Windows-1252: save the file as UTF-8, "
            "or read it leniently with the right fallback encoding"
        )
    return _(
        "looks like Windows-1252 (a spreadsheet's export): save the file as UTF-8 "
        '(a spreadsheet\'s "CSV UTF-8"), or read it leniently with the Windows-1252 fallback'
    )


def _is_encoded_surrogate(data: bytes, index: int) -> bool:
    """Bytes ``ED A0``-``ED BF`` at ``index``: a UTF-16 surrogate written out as UTF-8."""
    pair = data[index : index + 2]
    return len(pair) == 2 and pair[0] == 0xED and 0xA0 <= pair[1] <= 0xBF


def _utf8_fault(
    data: bytes, start: int, end: int, reason: str
) -> tuple[int, int, Message, Message]:
    """Bytes ``start:end`` of ``data`` are not UTF-8: line, offset, what is wrong, advice."""
    line, offset, text = _place(data, start)
    where = _(
        "at byte offset {offset} of the line: {quoted}",
        offset=offset, quoted=_quote_bytes(text, offset),
    )  # fmt: skip
    if reason == "unexpected end of data":
        bad = data[start:end]
        return (
            line,
            offset,
            _("the file ends inside a UTF-8 character ({bad!r}) {where}", bad=bad, where=where),
            _("was it cut short?"),
        )
    if _is_encoded_surrogate(data, start):
        bad = data[start : start + 3]
        return (
            line,
            offset,
            _("an encoded UTF-16 surrogate ({bad!r}) {where}", bad=bad, where=where),
            _(
                "U+D800 to U+DFFF cannot stand alone in text "
                "(the file was written as CESU-8 or from broken UTF-16)"
            ),
        )
    bad = data[start:end]
    what = _("bytes that are not UTF-8 ({bad!r}) {where}", bad=bad, where=where)
    return line, offset, what, _guess(data, text)


def _wide_fault(body: bytes, error: UnicodeDecodeError, encoding: str) -> tuple[int, int, Message]:
    """Bytes a UTF-16 or UTF-32 codec rejected: line, offset in the line, message."""
    before = body[: error.start].decode(encoding, errors="replace")
    line = before.count("\n") + 1
    line_start = before.rfind("\n") + 1
    offset = len(before[line_start:].encode(encoding, errors="surrogatepass"))
    bad = body[error.start : error.end]
    name = _name(encoding)
    quoted = _quote_line(before[line_start:], len(before) - line_start)
    if error.end >= len(body) and error.reason in ("truncated data", "unexpected end of data"):
        what = _("the file ends inside a {name} character ({bad!r})", name=name, bad=bad)
        hint = _("was it cut short?")
    else:
        what = _(
            "bytes that are not {name} ({bad!r}: {reason})", name=name, bad=bad,
            reason=error.reason,
        )  # fmt: skip
        hint = _("the file is damaged, or not in the encoding its byte-order mark or NULs suggest")
    if offset:
        message = _(
            "{what} at byte offset {offset} of the line, after {quoted}; {hint}",
            what=what, offset=offset, quoted=quoted, hint=hint,
        )  # fmt: skip
    else:
        message = _(
            "{what} at byte offset {offset} of the line; {hint}",
            what=what, offset=offset, hint=hint,
        )  # fmt: skip
    return line, offset, message


_NUL_HINT = _(
    "text files hold none (is the file UTF-16 or UTF-32 without a byte-order mark, "
    "or not text at all?)"
)
_SURROGATE_HINT = _("half of a UTF-16 pair cannot stand alone in text")
_BAD_CHAR = re.compile("[\x00\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _bad_char_error(text: str, index: int, *, source: str, encoding: str | None) -> TextDecodeError:
    """The error for the NUL or lone surrogate at ``text[index]``, with its line.

    ``encoding`` is the one the text was decoded from, to give the byte offset of the
    character in its line (``None`` for text that came as ``str``: no offset).
    """
    line = text.count("\n", 0, index) + 1
    start = text.rfind("\n", 0, index) + 1
    end = text.find("\n", index)
    line_text = text[start : end if end >= 0 else len(text)]
    at = index - start
    offset = None
    if encoding is not None:
        offset = len(line_text[:at].encode(encoding, errors="surrogatepass"))
    char = text[index]
    quoted = _quote_line(line_text, at)
    message: Message
    if char == "\x00" and offset is None:
        message = _("a NUL character (\\x00): {quoted}; {hint}", quoted=quoted, hint=_NUL_HINT)
    elif char == "\x00":
        message = _(
            "a NUL character (\\x00) at byte offset {offset} of the line: {quoted}; {hint}",
            offset=offset, quoted=quoted, hint=_NUL_HINT,
        )  # fmt: skip
    elif offset is None:
        message = _(
            "a lone surrogate (U+{code:04X}): {quoted}; {hint}",
            code=ord(char), quoted=quoted, hint=_SURROGATE_HINT,
        )  # fmt: skip
    else:
        message = _(
            "a lone surrogate (U+{code:04X}) at byte offset {offset} of the line: {quoted}; {hint}",
            code=ord(char), offset=offset, quoted=quoted, hint=_SURROGATE_HINT,
        )  # fmt: skip
    return TextDecodeError(
        message, source=source, line=line, offset=offset, encoding=encoding or "utf-8"
    )


def _first_bad_char(text: str, *, source: str, encoding: str | None) -> TextDecodeError | None:
    found = _BAD_CHAR.search(text)
    if found is None:
        return None
    return _bad_char_error(text, found.start(), source=source, encoding=encoding)


# --- strict ---------------------------------------------------------------------------


def decode(data: bytes, *, source: str) -> str:
    """The text of a file's bytes; :class:`TextDecodeError` if they are not good text.

    The encoding is what :func:`sniff` finds (byte-order mark, UTF-16 NULs, else UTF-8);
    the byte-order mark is not part of the text. ``source`` names the file in errors.

    >>> decode(b"\\xef\\xbb\\xbfM\\xc3\\xbcller;3NT", source="scores.csv")
    'Müller;3NT'
    >>> decode(b"M\\xfcller;3NT", source="scores.csv")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bridgescore.io.text.TextDecodeError: scores.csv, line 1: bytes that are not UTF-8 (b'\\xfc') ...
    """
    kind = _not_text(data)
    if kind is not None:
        raise TextDecodeError(kind, source=source, line=1, offset=0)
    sniffed = sniff(data)
    body = data[len(sniffed.bom) :] if sniffed.bom else data
    try:
        text = body.decode(sniffed.encoding)
    except UnicodeDecodeError as error:
        if sniffed.encoding == "utf-8":
            line, offset, what, advice = _utf8_fault(body, error.start, error.end, error.reason)
            message = Message("{what}; {advice}", what=what, advice=advice)
        else:
            line, offset, message = _wide_fault(body, error, sniffed.encoding)
        raise TextDecodeError(
            message, source=source, line=line, offset=offset, encoding=sniffed.encoding
        ) from None
    bad = _first_bad_char(text, source=source, encoding=sniffed.encoding)
    if bad is not None:
        raise bad
    return text


def check_text(text: str, *, source: str) -> str:
    """Text that came as ``str`` (stdin, a web form), checked as :func:`decode` checks bytes.

    A leading byte-order mark (U+FEFF) is removed; a NUL or a lone surrogate raises
    :class:`TextDecodeError` with its line.

    >>> check_text("\\ufeff3NT", source="<stdin>")
    '3NT'
    """
    text = text.removeprefix("\ufeff")
    bad = _first_bad_char(text, source=source, encoding=None)
    if bad is not None:
        raise bad
    return text


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of the file at ``path`` (a ``str`` or a ``Path``), as :func:`decode` reads it.

    The file is named in errors as ``path`` was written. A file that cannot be opened
    raises the ``OSError`` that ``open`` raises.
    """
    return decode(Path(path).read_bytes(), source=os.fspath(path))


# --- lenient --------------------------------------------------------------------------


def _read_as(message: Message, count: int, name: str) -> Message:
    """The message, and `` (3 more lines read as <name> too)`` when other lines were."""
    if count == 2:
        return _("{message} (1 more line read as {name} too)", message=message, name=name)
    if count > 2:
        return _(
            "{message} ({count} more lines read as {name} too)",
            message=message, count=count - 1, name=name,
        )  # fmt: skip
    return message


def _removed(reason: Message, count: int) -> Message:
    """A NUL's message: removed, and how many more lines had NULs."""
    if count == 2:
        return _("{reason}; removed (1 more line had NULs, removed too)", reason=reason)
    if count > 2:
        return _(
            "{reason}; removed ({count} more lines had NULs, removed too)",
            reason=reason, count=count - 1,
        )  # fmt: skip
    return _("{reason}; removed", reason=reason)


def _replaced(reason: Message, count: int) -> Message:
    """A lone surrogate's message: replaced, and how many more lines had them."""
    if count == 2:
        return _(
            "{reason}; replaced by U+FFFD (1 more line had lone surrogates, replaced too)",
            reason=reason,
        )
    if count > 2:
        return _(
            "{reason}; replaced by U+FFFD ({count} more lines had lone surrogates, replaced too)",
            reason=reason, count=count - 1,
        )  # fmt: skip
    return _("{reason}; replaced by U+FFFD", reason=reason)


_ESCAPED = re.compile("[\udc80-\udcff]")


def _lenient_utf8(body: bytes, *, source: str, fallback: str) -> tuple[str, list[TextProblem]]:
    """UTF-8 line by line; a line that is not UTF-8 is read in ``fallback``.

    The whole body is decoded at once (bytes that are not UTF-8 become the surrogates
    ``surrogateescape`` makes of them); only the lines holding such a surrogate are read
    again, from their bytes, in ``fallback``. A line end is always good UTF-8, so the
    text's lines and the bytes' lines are the same lines.
    """
    lines = body.decode("utf-8", errors="surrogateescape").split("\n")
    raws = body.split(b"\n")
    name = _name(fallback)
    first: Message | None = None
    first_line = 0
    bad_lines = 0
    for index, line in enumerate(lines):
        if _ESCAPED.search(line) is None:
            continue
        bad_lines += 1
        if first is None:
            try:
                raws[index].decode("utf-8")
            except UnicodeDecodeError as error:
                start = sum(len(raw) + 1 for raw in raws[:index])
                number, _offset, what, advice = _utf8_fault(
                    body, start + error.start, start + error.end, error.reason
                )
                if _looks_binary(body) and _not_text(body) is None:
                    # worth saying even when going on
                    what = Message("{what}; {advice}", what=what, advice=advice)
                first_line = number
                first = _("{what}; read as {name}", what=what, name=name)
        lines[index] = raws[index].decode(fallback, errors="replace")
    problems: list[TextProblem] = []
    if first is not None:
        problems.append(TextProblem.of(source, first_line, _read_as(first, bad_lines, name)))
    return "\n".join(lines), problems


def _strip_bad_chars(
    text: str, *, source: str, encoding: str | None
) -> tuple[str, list[TextProblem]]:
    """Text with NULs removed and lone surrogates replaced; one problem for each kind."""
    if _BAD_CHAR.search(text) is None:
        return text, []
    problems: list[TextProblem] = []
    nul_at = text.find("\x00")
    if nul_at >= 0:
        error = _bad_char_error(text, nul_at, source=source, encoding=encoding)
        lines = sum(1 for line in text.split("\n") if "\x00" in line)
        problems.append(TextProblem.of(source, error.line, _removed(error.reason_message, lines)))
        text = text.replace("\x00", "")
    surrogate = _SURROGATE.search(text)
    if surrogate is not None:
        error = _bad_char_error(text, surrogate.start(), source=source, encoding=encoding)
        lines = sum(1 for line in text.split("\n") if _SURROGATE.search(line))
        message = _replaced(error.reason_message, lines)
        problems.append(TextProblem.of(source, error.line, message))
        text = _SURROGATE.sub("\ufffd", text)
    problems.sort(key=lambda problem: problem.line or 0)
    return text, problems


def decode_lenient(
    data: bytes, *, source: str, fallback: str = DEFAULT_FALLBACK
) -> tuple[str, tuple[TextProblem, ...]]:
    """The text of a file's bytes, and what was wrong with them; never raises for the bytes.

    As :func:`decode`, except that a line that is not UTF-8 is read in ``fallback``
    (Windows-1252 unless told otherwise; a byte that encoding lacks becomes U+FFFD), NULs
    are removed, and damaged UTF-16 or UTF-32 becomes U+FFFD. Each kind of fault is one
    :class:`TextProblem`, at its first line, saying how many more lines had it.

    >>> decode_lenient(b"M\\xfcller;3NT", source="scores.csv")[0]
    'Müller;3NT'
    """
    try:
        codecs.lookup(fallback)
    except LookupError:
        raise BridgeInputError(
            _("no such fallback encoding: {fallback!r}", fallback=fallback)
        ) from None
    sniffed = sniff(data)
    problems: list[TextProblem] = []
    kind = _not_text(data)
    if kind is not None:
        problems.append(TextProblem.of(source, 1, kind))
    body = data[len(sniffed.bom) :] if sniffed.bom else data
    try:
        text = body.decode(sniffed.encoding)
    except UnicodeDecodeError as error:
        if sniffed.encoding == "utf-8":
            text, found = _lenient_utf8(body, source=source, fallback=fallback)
            problems.extend(found)
        else:
            line, _offset, message = _wide_fault(body, error, sniffed.encoding)
            problems.append(
                TextProblem.of(source, line, _("{reason}; replaced by U+FFFD", reason=message))
            )
            text = body.decode(sniffed.encoding, errors="replace")
    text, more = _strip_bad_chars(text, source=source, encoding=sniffed.encoding)
    return text, tuple(sorted((*problems, *more), key=lambda problem: problem.line or 0))


def check_text_lenient(text: str, *, source: str) -> tuple[str, tuple[TextProblem, ...]]:
    """As :func:`check_text`, but NULs are removed and lone surrogates become U+FFFD."""
    cleaned, problems = _strip_bad_chars(text.removeprefix("\ufeff"), source=source, encoding=None)
    return cleaned, tuple(problems)


def read_text_lenient(
    path: str | os.PathLike[str], *, fallback: str = DEFAULT_FALLBACK
) -> tuple[str, tuple[TextProblem, ...]]:
    """The text of the file at ``path`` and its problems, as :func:`decode_lenient` reads it."""
    return decode_lenient(Path(path).read_bytes(), source=os.fspath(path), fallback=fallback)


# --- suits ----------------------------------------------------------------------------

_SUITS = {
    "\u2660": "♠",  # black spade
    "\u2661": "♥",  # white heart
    "\u2662": "♦",  # white diamond
    "\u2663": "♣",  # black club
    "\u2664": "♠",  # white spade
    "\u2665": "♥",  # black heart
    "\u2666": "♦",  # black diamond
    "\u2667": "♣",  # white club
}
# a suit, then an optional variation selector (U+FE0F: emoji form, U+FE0E: text form)
_SUIT_FORMS = re.compile("([\u2660-\u2667])[\ufe0e\ufe0f]?")


def normalise_suits(text: str) -> str:
    """Suit symbols as a phone types them, as the plain ``♠ ♥ ♦ ♣``.

    The emoji forms (``♠️`` is U+2660 U+FE0F) lose their variation selector, and the
    white suits ``♤ ♡ ♢ ♧`` become the black ones. Nothing else changes.

    >>> normalise_suits("4\\u2660\\ufe0f= 3\\u2661+1")
    '4♠= 3♥+1'
    """
    return _SUIT_FORMS.sub(lambda found: _SUITS[found.group(1)], text)


_MARKUP_RE = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>")


def plain_title(text: str) -> str:
    """A title as a reader sees it: the HTML markup some programs put in titles
    (BridgeComposer's ``<u>Camrose 2024</u>``) left out, entities (``&amp;``) read.

    >>> plain_title("<u>Camrose 2024: BEN vs WBridge5</u>")
    'Camrose 2024: BEN vs WBridge5'
    >>> plain_title("Smith &amp; Jones <3 bridge")
    'Smith & Jones <3 bridge'
    """
    import html

    return " ".join(html.unescape(_MARKUP_RE.sub("", text)).split())
