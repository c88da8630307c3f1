"""The lossless PBN document model: documents, games, tags, comments, problems.

Every value is frozen and hashable. Fields that only describe the layout of the
file (where a line broke, the exact spelling of an escape, the blank lines
between games) take no part in equality: two documents are equal when they
carry the same games, tags, values, section lines and comments, in the same
order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TypeAlias

from bridgescore.errors import BridgeInputError, LocatedError, Message
from bridgescore.errors import marked as _
from bridgescore.events.model import Location, Problem, Severity
from bridgescore.io._problems import problem_reason, text_of
from bridgescore.io.pbn._tables import Table
from bridgescore.laws.lawsets import DEFAULT_LAW_SET

NAME_RE = re.compile(r"[A-Za-z0-9_]+")
_GOOD_NAMES: set[str] = set()
"""Tag names already checked (a file repeats the same few names on every game)."""
_GOOD_NAMES_MAX = 1024


class PBNError(LocatedError):
    """A PBN file that cannot be read as it is, with its place.

    ``source`` and ``line`` as for :class:`~bridgescore.errors.LocatedError`;
    ``board`` is the game's ``[Board]`` value (as written) and ``tag`` the tag
    name, when known.
    """

    def __init__(
        self,
        message: str | Message,
        *,
        source: str,
        line: int | None = None,
        board: str | None = None,
        tag: str | None = None,
    ) -> None:
        self.board = board
        self.tag = tag
        reason = message if isinstance(message, Message) else Message(message)
        detail = reason
        if tag is not None:
            detail = Message("[{tag}] {detail}", tag=tag, detail=detail)
        if board is not None:
            detail = _("board {board}: {detail}", board=board, detail=detail)
        super().__init__(detail, source=source, line=line)
        self.reason = str(reason)
        self.reason_message = reason


PBNProblem: TypeAlias = Problem
"""A PBN file's problems are the event model's :class:`~bridgescore.events.model.Problem`."""


def pbn_problem(
    source: str,
    line: int | None,
    message: str | Message,
    board: str | None = None,
    tag: str | None = None,
    severity: Severity = Severity.ERROR,
) -> Problem:
    """A problem at a PBN file's line, board and tag (``Score`` is shown ``[Score]``)."""
    where = Location(source, line, board=board, tag=tag, shown="[{}]")
    return Problem(where, text_of(message), severity)


def problem_error(problem: Problem) -> PBNError:
    """The problem raised: a :class:`PBNError` with its place."""
    return PBNError(
        problem_reason(problem),
        source=problem.source,
        line=problem.line,
        board=problem.board,
        tag=problem.tag,
    )


_BACKSLASH_RE = re.compile(r'\\(?=["\\]|$)')


def escape(value: str) -> str:
    """A tag value as a PBN string token's contents: ``"`` written ``\\"``.

    A backslash is doubled only where a reader could mistake it (before a quote or
    a backslash, or at the end), so that column specifications stay ``Name\\2R``
    as every program writes them.
    """
    if "\\" in value:
        value = _BACKSLASH_RE.sub(r"\\\\", value)
    if '"' in value:
        value = value.replace('"', '\\"')
    return value


def unescape(quoted: str) -> str:
    """A string token's contents as text: ``\\"`` is ``"``, ``\\\\`` is ``\\``.

    A backslash before any other character is kept as it is.
    """
    if "\\" not in quoted:
        return quoted
    out: list[str] = []
    i, n = 0, len(quoted)
    while i < n:
        ch = quoted[i]
        if ch == "\\" and i + 1 < n and quoted[i + 1] in '"\\':
            out.append(quoted[i + 1])
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Comment:
    """Commentary: ``{text}`` (``brace=True``, may span lines) or ``;text`` to the end of a line."""

    text: str
    brace: bool = True
    line: int | None = field(default=None, compare=False)
    raw: str | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.brace and "}" in self.text:
            raise BridgeInputError(
                _("{text!r}: a brace comment cannot contain '}}'", text=self.text)
            )
        if not self.brace and ("\n" in self.text or "\r" in self.text):
            raise BridgeInputError(
                _("{text!r}: a ';' comment ends at the end of its line", text=self.text)
            )

    def render(self) -> str:
        return "{" + self.text + "}" if self.brace else ";" + self.text


@dataclass(frozen=True, slots=True)
class Escape:
    """A line starting with ``%`` inside a game (PBN's escape mechanism), kept verbatim."""

    text: str
    line: int | None = field(default=None, compare=False)
    raw: str | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.text.startswith("%") or "\n" in self.text or "\r" in self.text:
            raise BridgeInputError(
                _("{text!r}: an escape line starts with % and is one line", text=self.text)
            )

    def render(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Text:
    """Text the reader could not place (outside any tag); kept so that nothing is lost."""

    text: str
    line: int | None = field(default=None, compare=False)
    raw: str | None = field(default=None, compare=False, repr=False)

    def render(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Tag:
    """A tag pair and the section data that follows it (``[Auction]``, ``[ScoreTable]``...).

    ``value`` is the value in force: an inherited value (``"#"``, ``"##..."``)
    is resolved on reading, and ``written`` keeps what the file said so that
    writing back reproduces it. ``section`` holds the section data lines verbatim.
    """

    name: str
    value: str = ""
    section: tuple[str, ...] = ()
    written: str | None = None
    line: int | None = field(default=None, compare=False)
    section_line: int | None = field(default=None, compare=False)
    raw: str | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.name not in _GOOD_NAMES:
            if not NAME_RE.fullmatch(self.name):
                raise BridgeInputError(
                    _("{name!r}: a tag name is letters, digits and underscores", name=self.name)
                )
            if len(_GOOD_NAMES) < _GOOD_NAMES_MAX:
                _GOOD_NAMES.add(self.name)
        if "\n" in self.value or "\r" in self.value:
            raise BridgeInputError(_("{value!r}: a tag value is one line", value=self.value))

    @property
    def text_value(self) -> str:
        """The value as the file writes it (``"#"`` for an inherited value)."""
        return self.value if self.written is None else self.written

    def table(self) -> Table:
        """The section as a table: the value is the column specification."""
        return Table.parse(self.value, self.section)

    def render(self, text_value: str | None = None) -> str:
        shown = self.text_value if text_value is None else text_value
        head = f'[{self.name} "{escape(shown)}"]'
        if not self.section:
            return head
        return head + "\n" + "\n".join(self.section)


Item: TypeAlias = Tag | Comment | Escape | Text
"""One element of a game, in file order."""


@dataclass(frozen=True, slots=True)
class Game:
    """One game (a board at a table, or a board's summary): its items in file order.

    ``inherited`` holds the ``##`` values in force from earlier games for tags
    this game does not repeat. ``problems`` lists what the reader found wrong
    with this game.
    """

    items: tuple[Item, ...] = ()
    inherited: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    line: int | None = field(default=None, compare=False)
    gap: tuple[str, ...] | None = field(default=None, compare=False, repr=False)
    tail: str = field(default="", compare=False, repr=False)
    problems: tuple[PBNProblem, ...] = field(default=(), compare=False, repr=False)

    @property
    def tags(self) -> tuple[Tag, ...]:
        return tuple(item for item in self.items if isinstance(item, Tag))

    @property
    def comments(self) -> tuple[Comment, ...]:
        return tuple(item for item in self.items if isinstance(item, Comment))

    def tag(self, name: str) -> Tag | None:
        """The first tag of that name (PBN: a repeated tag is ignored)."""
        for item in self.items:
            if isinstance(item, Tag) and item.name == name:
                return item
        return None

    def tags_named(self, name: str) -> tuple[Tag, ...]:
        """Every tag of that name, in order (``Note`` tags come several to a game)."""
        return tuple(i for i in self.items if isinstance(i, Tag) and i.name == name)

    def get(self, name: str, default: str | None = None) -> str | None:
        """A tag's value in force: this game's own, else a ``##`` value from an earlier game."""
        found = self.tag(name)
        if found is not None:
            return found.value
        for key, value in self.inherited:
            if key == name:
                return value
        return default

    def __getitem__(self, name: str) -> str:
        value = self.get(name)
        if value is None:
            raise KeyError(name)
        return value

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    def table(self, name: str) -> Table | None:
        """A supplemental section as a :class:`Table` (``None`` when the game has no such tag)."""
        found = self.tag(name)
        return None if found is None else found.table()

    @property
    def board(self) -> str | None:
        """The ``[Board]`` value as written (not checked)."""
        return self.get("Board")


_META_RE = re.compile(r'<META\s+name=(\S+)\s+content="([^"]*)"', re.IGNORECASE)
_CREATOR_RE = re.compile(r"^%\s*Creator:\s*(.*?)\s*$", re.IGNORECASE)
_PROGRAM_RE = re.compile(r"^%\s*(Ruter|Magic Contest|BridgeComposer|Bridgewebs)\b\s*(.*?)\s*$")


@dataclass(frozen=True, slots=True)
class PBNDocument:
    """A whole PBN file: the header's ``%`` lines and the games.

    Layout (line endings, the text encoding, blank lines between games, the
    exact spelling of anything written in PBN's looser import format) is kept
    in fields that take no part in equality, so that :func:`dumps` writes a
    file read by :func:`loads` back as it was.
    """

    games: tuple[Game, ...] = ()
    header: tuple[str, ...] = ()
    encoding: str | None = field(default=None, compare=False)
    newline: str = field(default="\r\n", compare=False)
    endings: tuple[str, ...] | None = field(default=None, compare=False, repr=False)
    final_newline: bool = field(default=True, compare=False, repr=False)
    trailer: tuple[str, ...] = field(default=(), compare=False, repr=False)
    source: str = field(default="<string>", compare=False)
    problems: tuple[PBNProblem, ...] = field(default=(), compare=False, repr=False)
    laws: str = field(default=DEFAULT_LAW_SET, compare=False, repr=False)
    strict: bool = field(default=False, compare=False, repr=False)
    """What :func:`~bridgescore.io.pbn.to_event` uses when not told otherwise (as for
    USEBIO documents)."""

    def __iter__(self) -> Iterator[Game]:
        return iter(self.games)

    def __len__(self) -> int:
        return len(self.games)

    @property
    def errors(self) -> tuple[PBNProblem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[PBNProblem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.WARNING)

    @property
    def meta(self) -> dict[str, str]:
        """Ruter's and Magic Contest's ``% <META name=... content="...">`` header lines."""
        found: dict[str, str] = {}
        for line in self.header:
            match = _META_RE.search(line)
            if match:
                found.setdefault(match[1], match[2])
        return found

    @property
    def creator(self) -> str:
        """The program that wrote the file, from the header (``''`` when it does not say)."""
        meta = self.meta
        if meta.get("Generator"):
            return " ".join(p for p in (meta["Generator"], meta.get("Version", "")) if p)
        for line in self.header:
            match = _CREATOR_RE.match(line)
            if match and match[1]:
                return match[1]
        for line in self.header:
            match = _PROGRAM_RE.match(line)
            if match:
                return " ".join(p for p in (match[1], match[2]) if p)
        return ""
