"""The lossless XML layer under the USEBIO reader: parse, keep, and write back a file.

The tree is built with the standard library's expat binding (the parser
``xml.etree.ElementTree`` itself uses) so that each element's line is known and
nothing is dropped: elements, attributes (in order), text and tails, comments and
processing instructions inside the root are kept as ``ElementTree`` nodes; the
text before the root (XML declaration, DOCTYPE, comments) and after it is kept
verbatim; so are the file's encoding, its line ends, and each start tag as written
(spacing, quotes, ``<X/>``), reused while the element's attributes are unchanged.
A file read and written back comes out byte for byte.

Entity safety: a DOCTYPE that declares any entity (internal or external, general
or parameter) is refused before the entity can be used, so no "billion laughs"
expansion can happen; external DTDs and entities are never fetched (parameter
entity parsing is off and no external-entity handler is set).
"""

from __future__ import annotations

import codecs
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from xml.parsers import expat

from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.model import Location, Problem
from bridgescore.io._problems import MarkedText

Element = ET.Element


class _RefusedError(Exception):
    """Raised inside an expat handler to stop parsing (an entity declaration)."""

    def __init__(self, message: Message, line: int) -> None:
        super().__init__(str(message))
        self.message = message
        self.line = line


@dataclass(frozen=True, slots=True)
class RawTag:
    """An element's start tag exactly as the file wrote it (spacing, quotes, ``<X/>``),
    reused on writing while the element's name and attributes are unchanged."""

    text: str
    tag: str
    attributes: tuple[tuple[str, str], ...]

    @property
    def empty(self) -> bool:
        return self.text.endswith("/>")


_START_TAG = re.compile(rb"""<[^\s/>]+(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*/?>""")


@dataclass(eq=False)
class ParsedXML:
    """What the parser kept: the tree (``None`` if no root element was read) and its layout."""

    root: Element | None
    prolog: str
    epilog: str
    encoding: str
    newline: str
    lines: dict[Element, int] = field(default_factory=dict)
    tags: dict[Element, RawTag] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    skipped: list[Problem] = field(default_factory=list)
    """Entities the file uses and does not define (``&nbsp;``): expat drops them from the
    text (a file whose DOCTYPE names an external DTD may use entities it defines); a
    strict reader reports them."""


_DECL_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")


def _encoding_of(data: bytes) -> str:
    """The encoding expat will read ``data`` in: a BOM, else the declaration, else UTF-8."""
    if data.startswith(codecs.BOM_UTF8):
        return "utf-8"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    found = _DECL_ENCODING.match(data[:200])
    if found is None:
        return "utf-8"
    name = found[1].decode("ascii")
    try:
        codecs.lookup(name)
    except LookupError:
        return "utf-8"
    return name


def _decode(data: bytes, encoding: str) -> str:
    try:
        return data.decode(encoding, errors="replace")
    except LookupError:  # pragma: no cover - _encoding_of only returns known codecs
        return data.decode("latin-1")


class _Builder:
    """Expat handlers that build an ``ElementTree`` and note where each element is."""

    def __init__(self, parser: expat.XMLParserType, data: bytes, encoding: str | None) -> None:
        self.parser = parser
        self.data = data
        self.encoding = encoding
        self.root: Element | None = None
        self.stack: list[Element] = []
        self.last: ET.Element[Any] | None = None
        self.tail = False
        self.text: list[str] = []
        self.lines: dict[Element, int] = {}
        self.tags: dict[Element, RawTag] = {}
        self.root_start: int | None = None
        self.root_end: int | None = None
        self.skipped: list[tuple[str, int, int, str | None]] = []

    def flush(self) -> None:
        if not self.text:
            return
        text = "".join(self.text)
        self.text = []
        last = self.last
        if last is None:  # before the root: kept verbatim in the prolog
            return
        if not self.tail:
            last.text = (last.text or "") + text
        elif self.stack:  # after the root, the text is part of the verbatim epilog
            last.tail = (last.tail or "") + text

    def start(self, tag: str, attributes: list[str]) -> None:
        self.flush()
        pairs = dict(zip(attributes[::2], attributes[1::2], strict=True))
        if self.stack:
            element = ET.SubElement(self.stack[-1], tag, pairs)
        elif self.root is None:
            element = Element(tag, pairs)
            self.root = element
            self.root_start = self.parser.CurrentByteIndex
        else:  # pragma: no cover - expat refuses a second root element itself
            return
        self.lines[element] = self.parser.CurrentLineNumber
        if self.encoding is not None:
            found = _START_TAG.match(self.data, self.parser.CurrentByteIndex)
            if found is not None:
                text = found[0].decode(self.encoding, errors="replace").replace("\r\n", "\n")
                self.tags[element] = RawTag(text, tag, tuple(pairs.items()))
        self.stack.append(element)
        self.last, self.tail = element, False

    def end(self, tag: str) -> None:
        self.flush()
        element = self.stack.pop()
        at = self.parser.CurrentByteIndex
        if not self.stack:
            raw = self.tags.get(element)
            close = at - 1 if raw is not None and raw.empty else self.data.find(b">", at)
            self.root_end = len(self.data) if close < 0 else close + 1
        self.last, self.tail = element, True

    def data_text(self, text: str) -> None:
        self.text.append(text)

    def _node(self, node: ET.Element[Any]) -> None:
        self.flush()
        if not self.stack:  # before or after the root: kept verbatim in the prolog/epilog
            return
        self.stack[-1].append(node)
        self.last, self.tail = node, True

    def comment(self, text: str) -> None:
        self._node(ET.Comment(text))

    def pi(self, target: str, text: str) -> None:
        self._node(ET.ProcessingInstruction(target, text or None))

    def entity(self, name: str, is_parameter: bool, *_rest: object) -> None:
        if is_parameter:
            message = _(
                "the DOCTYPE declares the parameter entity {name!r}; entity declarations are"
                " refused (they can expand without bound); remove the internal DTD subset",
                name=name,
            )
        else:
            message = _(
                "the DOCTYPE declares the entity {name!r}; entity declarations are refused"
                " (they can expand without bound); remove the internal DTD subset",
                name=name,
            )
        raise _RefusedError(message, self.parser.CurrentLineNumber)

    def unparsed(self, name: str, *_rest: object) -> None:
        self.entity(name, False)

    def skipped_entity(self, name: str, is_parameter: bool) -> None:
        """An entity reference the file does not define: noted, and left out of the text."""
        if is_parameter:
            return
        inside = str(self.stack[-1].tag) if self.stack else None
        line, column = self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1
        self.skipped.append((name, line, column, inside))


def parse_xml(data: str | bytes, source: str) -> ParsedXML:
    """Parse ``data``; never raises: a parse failure is a problem, and the tree read so
    far (open elements closed) is kept."""
    if isinstance(data, str):
        raw = data.encode("utf-8", errors="surrogatepass")
        encoding_used = "utf-8"
        parser = expat.ParserCreate("utf-8")
        declared = _encoding_of(data.lstrip("\ufeff").encode("utf-8", errors="replace"))
    else:
        raw = bytes(data)
        encoding_used = _encoding_of(raw)
        parser = expat.ParserCreate()
        declared = encoding_used
    ascii_like = codecs.lookup(encoding_used).name not in ("utf-16", "utf-32")
    builder = _Builder(parser, raw, encoding_used if ascii_like else None)
    parser.ordered_attributes = True
    parser.buffer_text = True
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data_text
    parser.CommentHandler = builder.comment
    parser.ProcessingInstructionHandler = builder.pi
    parser.EntityDeclHandler = builder.entity
    parser.UnparsedEntityDeclHandler = builder.unparsed
    parser.SkippedEntityHandler = builder.skipped_entity
    problems: list[Problem] = []
    try:
        parser.Parse(raw, True)
    except expat.ExpatError as error:
        message = expat.errors.messages[error.code] if error.code else str(error)
        problems.append(
            Problem(
                Location(source, error.lineno),
                MarkedText(
                    _(
                        "not well-formed XML: {reason} (line {line}, column {column})",
                        reason=message,
                        line=error.lineno,
                        column=error.offset + 1,
                    )
                ),
            )
        )
    except _RefusedError as refused:
        problems.append(Problem(Location(source, refused.line), MarkedText(refused.message)))
    except (ValueError, LookupError, UnicodeError) as error:
        problems.append(
            Problem(
                Location(source, 1),
                MarkedText(_("cannot be read as XML: {error}", error=str(error))),
            )
        )
    builder.flush()
    builder.stack.clear()
    newline = "\r\n" if raw.count(b"\r\n") * 2 > raw.count(b"\n") else "\n"
    start = builder.root_start
    prolog = _decode(raw[:start], encoding_used) if start is not None else ""
    end = builder.root_end
    epilog = _decode(raw[end:], encoding_used) if end is not None else ""
    if builder.root is None and not problems:
        problems.append(
            Problem(Location(source, 1), MarkedText(_("no root element: the file is empty")))
        )
    return ParsedXML(
        builder.root,
        prolog,
        epilog,
        declared,
        newline,
        builder.lines,
        builder.tags,
        problems,
        [_undefined(source, *found) for found in builder.skipped],
    )


def _undefined(source: str, name: str, line: int, column: int, inside: str | None) -> Problem:
    where = (
        _("column {column} in <{inside}>", column=column, inside=inside)
        if inside
        else (_("column {column}", column=column))
    )
    message = _(
        "the entity &{name}; ({where}) is not defined: XML defines only &amp; &lt; &gt; &quot;"
        " &apos;; write a character reference instead (&#160; for a no-break space); read"
        " leniently, it is left out of the text",
        name=name,
        where=where,
    )
    return Problem(Location(source, line), MarkedText(message))


# ---------------------------------------------------------------------------------------
# Writing


def _escape_text(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")
    )


def _escape_attribute(text: str) -> str:
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace('"', "&quot;")
        .replace("\r", "&#13;")
        .replace("\n", "&#10;")
        .replace("\t", "&#9;")
    )


def _start_tag(element: Element, tag: str, tags: Mapping[Element, RawTag]) -> tuple[str, bool]:
    """The start tag to write, and whether it closes the element (``<X/>``)."""
    raw = tags.get(element)
    empty = not len(element) and not element.text
    if raw is not None and raw.tag == tag and raw.attributes == tuple(element.attrib.items()):
        if not raw.empty:
            return raw.text, False
        if empty:
            return raw.text, True
    attributes = "".join(
        f' {name}="{_escape_attribute(value)}"' for name, value in element.attrib.items()
    )
    return f"<{tag}{attributes}>", False


def _write(root: Element, tags: Mapping[Element, RawTag], out: list[str]) -> None:
    """Write ``root`` and its subtree (iteratively: any depth of nesting)."""
    stack: list[tuple[ET.Element[Any], bool]] = [(root, False)]
    while stack:
        element, closing = stack.pop()
        tag: object = element.tag
        if closing:
            out.append(f"</{tag}>")
        elif tag is ET.Comment:
            out.append(f"<!--{element.text or ''}-->")
        elif tag is ET.ProcessingInstruction:
            out.append(f"<?{element.text or ''}?>")
        else:
            start, closed = _start_tag(element, str(tag), tags)
            out.append(start)
            if not closed:
                if element.text:
                    out.append(_escape_text(element.text))
                stack.append((element, True))
                stack.extend((child, False) for child in reversed(element))
                continue
        if element.tail and element is not root:
            out.append(_escape_text(element.tail))


def serialise(
    root: Element, tags: Mapping[Element, RawTag] | None = None, newline: str = "\n"
) -> str:
    """The element and everything under it as XML text, with ``newline`` line ends."""
    out: list[str] = []
    _write(root, tags or {}, out)
    text = "".join(out)
    return text.replace("\n", newline) if newline != "\n" else text
