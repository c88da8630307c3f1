"""USEBIO results files (versions 1.0 to 1.2): read, check, and write back losslessly.

USEBIO is the XML format English and Australian club scoring programs exchange
results in (EBUScore, Compscore, ScoreBridge, PairsScorer, TeamsScorer, RealBridge,
BBO Extractor...). :func:`loads` keeps the whole XML tree, so :func:`dumps` writes
the file back byte for byte; :func:`to_event` reads it as an
:class:`~bridgescore.events.model.Event` (rows re-scored by bridgescore, and the
program's own figures beside them); :func:`from_event` builds a USEBIO 1.2 file
from an event. See ``docs/usebio.md``.
"""

from __future__ import annotations

import os
from pathlib import Path

from bridgescore.errors import marked as _
from bridgescore.events.model import Location, Problem
from bridgescore.io._problems import MarkedText
from bridgescore.io.usebio._document import DEFAULT_PROLOG, USEBIODocument, USEBIOError
from bridgescore.io.usebio._read import (
    BOARD_SCORING_METHODS,
    EVENT_TYPES,
    KNOWN_VERSIONS,
    POINT_FIELDS,
    PublishedMatch,
    published_matches,
    to_event,
)
from bridgescore.io.usebio._tree import parse_xml, serialise
from bridgescore.io.usebio._write import from_event
from bridgescore.io.writing import write_bytes
from bridgescore.laws.lawsets import DEFAULT_LAW_SET


def loads(
    data: str | bytes,
    *,
    source: str = "<string>",
    strict: bool = False,
    laws: str = DEFAULT_LAW_SET,
) -> USEBIODocument:
    """Parse USEBIO text (``str``) or a file's bytes (decoded as its XML declaration says).

    Lenient (the default): never raises; XML that is not well-formed keeps the part
    read before the error, and the problem is in ``doc.problems``; an entity the file
    does not define (``&nbsp;``) is left out of the text, as XML parsers do.
    ``strict=True`` raises :class:`USEBIOError` on any such problem, undefined entities
    included, and makes :func:`to_event` raise on content errors too.
    """
    parsed = parse_xml(data, source)
    if strict and (parsed.problems or parsed.skipped):
        raise USEBIOError(sorted([*parsed.problems, *parsed.skipped], key=lambda p: p.line or 0))
    return USEBIODocument(
        parsed.root,
        source=source,
        prolog=parsed.prolog,
        epilog=parsed.epilog,
        encoding=parsed.encoding,
        newline=parsed.newline,
        strict=strict,
        problems=tuple(parsed.problems),
        lines=parsed.lines,
        laws=laws,
        tags=parsed.tags,
    )


def load(
    path: str | os.PathLike[str], *, strict: bool = False, laws: str = DEFAULT_LAW_SET
) -> USEBIODocument:
    """Read a USEBIO file (see :func:`loads`); the options are :func:`bridgescore.io.pbn.load`'s."""
    return loads(Path(path).read_bytes(), source=os.fspath(path), strict=strict, laws=laws)


def dumps(doc: USEBIODocument) -> str:
    """The document as text: a file read unchanged comes back exactly as it was."""
    if doc.root is None:
        raise USEBIOError(
            doc.problems
            or [Problem(Location(doc.source), MarkedText(_("no root element to write")))]
        )
    return doc.prolog + serialise(doc.root, doc.tags, doc.newline) + doc.epilog


def dump(doc: USEBIODocument, path: str | os.PathLike[str]) -> None:
    """Write the document in its own encoding (characters it cannot hold as ``&#NNN;``)."""
    text = dumps(doc)
    if not doc.encoding.lower().replace("-", "").startswith("utf"):
        text = text.removeprefix("\ufeff")  # a byte-order mark only belongs to UTF encodings
    write_bytes(path, text.encode(doc.encoding, errors="xmlcharrefreplace"))


__all__ = [
    "BOARD_SCORING_METHODS",
    "DEFAULT_PROLOG",
    "EVENT_TYPES",
    "KNOWN_VERSIONS",
    "POINT_FIELDS",
    "PublishedMatch",
    "USEBIODocument",
    "USEBIOError",
    "dump",
    "dumps",
    "from_event",
    "load",
    "loads",
    "published_matches",
    "to_event",
]
