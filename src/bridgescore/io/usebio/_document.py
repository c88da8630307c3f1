"""The USEBIO document value and the error a strict reader raises."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bridgescore.errors import LocatedError, Message
from bridgescore.errors import marked as _
from bridgescore.events.model import Problem
from bridgescore.io._problems import problem_detail, problem_reason
from bridgescore.io.usebio._tree import RawTag
from bridgescore.laws.lawsets import DEFAULT_LAW_SET

DEFAULT_PROLOG = (
    '<?xml version="1.0" encoding="iso-8859-1"?>\n'
    '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n'
)
"""What :func:`~bridgescore.io.usebio.from_event` writes before the root element: the
prolog most of the real files carry (EBUScore, PairsScorer, TeamsScorer, Compscore3)."""

_BOARD = re.compile(r"\bboard (\d+)\b")


class USEBIOError(LocatedError):
    """A USEBIO file with problems: ``problems`` lists every one (file, line, board).

    ``source``/``line`` are those of the first problem, ``board`` its board when it
    concerns one.
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        if not problems:
            raise ValueError(_("a USEBIOError needs at least one problem"))
        self.problems = tuple(problems)
        first = self.problems[0]
        found = _BOARD.search(first.message)
        board = first.board if first.board is not None else (found[1] if found else None)
        self.board: int | None = int(board) if board is not None and board.isdigit() else None
        more = len(self.problems) - 1
        head = problem_detail(first) if first.board is not None else problem_reason(first)
        message: Message = head
        if more == 1:
            message = _("{problem} (and 1 more problem)", problem=head)
        elif more:
            message = _("{problem} (and {count} more problems)", problem=head, count=more)
        super().__init__(message, source=first.where.source, line=first.where.line)


@dataclass(frozen=True, eq=False)
class USEBIODocument:
    """A USEBIO file as read: its XML tree, kept whole, and what is needed to write it
    back byte for byte.

    ``root`` is the ``<USEBIO>`` element (``None`` when the file had no readable root);
    every element, attribute, text, comment and processing instruction is kept, known
    to this reader or not. ``prolog``/``epilog`` are the file's text before and after
    the root, verbatim (XML declaration, DOCTYPE). ``encoding`` and ``newline`` are the
    file's; ``lines`` gives each element's line in the file. ``problems`` are those
    found parsing the XML (a lenient read keeps the part read before an error).
    ``strict`` and ``laws`` are what :func:`~bridgescore.io.usebio.to_event` uses when
    not told otherwise (as for PBN documents).
    """

    root: ET.Element | None
    source: str = "<string>"
    prolog: str = DEFAULT_PROLOG
    epilog: str = "\n"
    encoding: str = "iso-8859-1"
    newline: str = "\n"
    strict: bool = False
    problems: tuple[Problem, ...] = ()
    lines: Mapping[ET.Element, int] = field(default_factory=dict, repr=False)
    laws: str = DEFAULT_LAW_SET
    tags: Mapping[ET.Element, RawTag] = field(default_factory=dict, repr=False)

    @property
    def version(self) -> str:
        """The root's ``Version`` attribute (``'1.2'``), ``''`` when absent."""
        return "" if self.root is None else self.root.get("Version", "").strip()

    @property
    def event_type(self) -> str:
        """The first ``EVENT``'s ``EVENT_TYPE`` (``'MP_PAIRS'``, ``'PAIRS'``, ``'TEAMS'``...)."""
        event = None if self.root is None else self.root.find("EVENT")
        return "" if event is None else event.get("EVENT_TYPE", "").strip()

    def line_of(self, element: ET.Element) -> int | None:
        """The line an element starts on in the file read (``None`` for a built one)."""
        return self.lines.get(element)
