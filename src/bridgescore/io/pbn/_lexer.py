"""Splitting one game's lines into items, keeping the exact text of anything unusual.

Most lines of a real file are either a whole tag pair (``[Board "1"]``) or a
whole line of section data; those take a fast path. Anything else (several tags
on a line, a tag pair spread over lines, comments, strays) goes through a small
tokenizer. Every item records where it starts and ends; an item whose text is
not exactly what the writer would produce keeps that text (``raw``) so the game
can be written back byte for byte.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.model import Severity
from bridgescore.io.pbn._model import NAME_RE, Comment, Escape, Item, Tag, Text, escape, unescape

# A quoted string's contents as the unrolled loop [^"\\]*(?:\\.[^"\\]*)*: the same strings as
# (?:[^"\\]|\\.)*, and several times faster on long values (a [Deal] line).
TAG_LINE = re.compile(r'\[([A-Za-z0-9_]+) "([^"\\]*(?:\\.[^"\\]*)*)"\]')
_SPECIAL = re.compile(r"[\[{;]")
_SPACE = re.compile(r"\s*")
_STRING = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"')
_BARE = re.compile(r'[^\s\[{;"]+')

Pos = tuple[int, int]
"""(line index within the game, column)."""

# states of a tag pair being read
_NONE, _NAME, _VALUE, _CLOSE = 0, 1, 2, 3


def semi_empty(line: str) -> bool:
    """A line of nothing but spaces and tabs: it ends a game (outside a brace comment)."""
    return not line.strip(" \t")


@dataclass(slots=True)
class _OpenTag:
    name: str
    quoted: str
    start: Pos
    pair_end: Pos
    section_start: Pos | None = None
    section_end: Pos = (0, 0)
    comments: list[tuple[str, bool, Pos, Pos]] = field(default_factory=list)
    whole: bool = False


@dataclass(slots=True)
class _Entry:
    kind: str  # "tag", "comment", "escape", "text"
    start: Pos
    end: Pos
    name: str = ""
    text: str = ""
    brace: bool = True
    section: tuple[Pos, Pos] | None = None
    whole: bool = False


_Record = tuple[int, str, str]
"""A whole-line tag pair: its line index, name and quoted value."""


@dataclass(slots=True)
class LexedGame:
    items: list[Item]
    tail: str
    problems: list[tuple[int, str | Message, str | None, Severity]]


class GameLexer:
    """Reads the lines of one game (fed one at a time) into items."""

    __slots__ = (
        "_brace",
        "_pair",
        "_pair_name",
        "_pair_quoted",
        "_pair_start",
        "_pair_value_end",
        "_plain",
        "_records",
        "_sections",
        "_tag",
        "entries",
        "first",
        "lines",
        "problems",
    )

    def __init__(self, first: int = 0) -> None:
        self.first = first
        """The file line number of the game's first line (its items' lines count from it)."""
        self.lines: list[str] = []
        self.entries: list[_Entry] = []
        self.problems: list[tuple[int, str | Message, str | None, Severity]] = []
        self._tag: _OpenTag | None = None
        self._pair = _NONE
        self._pair_start: Pos = (0, 0)
        self._pair_name = ""
        self._pair_quoted = ""
        self._pair_value_end: Pos = (0, 0)
        # an open brace comment: start, and who owns it ("section", "pending" or "item")
        self._brace: tuple[Pos, str] | None = None
        # while every line is a whole tag pair or a whole line of section data, the lines
        # are only noted (each tag pair's line, name and quoted value; by the tag pair's
        # index, the first and last line of its section data); the general machinery takes
        # over at the first line that is anything else
        self._plain = True
        self._records: list[_Record] = []
        self._sections: dict[int, list[int]] = {}

    @property
    def in_brace(self) -> bool:
        return self._brace is not None

    # --- feeding lines ---------------------------------------------------------------------

    def feed(self, line: str) -> None:
        li = len(self.lines)
        self.lines.append(line)
        if self._plain:
            if line[:1] == "[":
                match = TAG_LINE.fullmatch(line)
                if match:
                    self._records.append((li, match[1], match[2]))
                    return
            elif self._records and line[:1] != "%" and not _SPECIAL.search(line):
                self._section_line(li)
                return
            self._leave_plain()
        if self._brace is not None:
            close = line.find("}")
            if close < 0:
                return
            self._close_brace((li, close + 1))
            self._scan(li, close + 1)
            return
        if self._pair == _NONE:
            if line[:1] == "%":
                tag = self._tag
                if tag is not None and tag.section_start is not None:
                    tag.section_end = (li, len(line))
                    return
                self._close_tag((li, 0))
                self.entries.append(_Entry("escape", (li, 0), (li, len(line)), text=line))
                return
            match = TAG_LINE.fullmatch(line)
            if match:
                self._close_tag((li, 0))
                end = (li, len(line))
                self._tag = _OpenTag(match[1], match[2], (li, 0), end, whole=True)
                return
            if self._tag is not None and not _SPECIAL.search(line):
                self._section_data((li, 0), (li, len(line)))
                return
        self._scan(li, 0)

    def feed_lines(self, lines: list[str]) -> None:
        """Feed several lines: the same as :meth:`feed` on each, faster while the game is plain."""
        if not self._plain:
            for line in lines:
                self.feed(line)
            return
        own = self.lines
        start = len(own)
        own.extend(lines)
        records = self._records
        tag_line = TAG_LINE.fullmatch
        special = _SPECIAL.search
        for li in range(start, len(own)):
            line = own[li]
            head = line[:1]
            if head == "[":
                match = tag_line(line)
                if match:
                    records.append((li, match[1], match[2]))
                    continue
            elif records and head != "%" and not special(line):
                self._section_line(li)
                continue
            # not plain: this line and the rest go the general way, one at a time
            del own[li:]
            for rest in lines[li - start :]:
                self.feed(rest)
            return

    def _section_line(self, li: int) -> None:
        """A line of section data after the last tag pair noted (plain games)."""
        bounds = self._sections.get(len(self._records) - 1)
        if bounds is None:
            self._sections[len(self._records) - 1] = [li, li]
        else:
            bounds[1] = li

    def _leave_plain(self) -> None:
        """Hand the lines noted so far to the general machinery."""
        self._plain = False
        lines = self.lines
        for index, (li, name, quoted) in enumerate(self._records):
            if index:
                self._close_tag(None)
            self._tag = _OpenTag(name, quoted, (li, 0), (li, len(lines[li])))
            self._tag.whole = True
            bounds = self._sections.get(index)
            if bounds is not None:
                first, last = bounds
                self._tag.section_start = (first, 0)
                self._tag.section_end = (last, len(lines[last]))
        self._records = []
        self._sections = {}

    def _plain_items(self) -> LexedGame:
        items: list[Item] = []
        lines = self.lines
        first_line = self.first
        sections = self._sections
        for index, (li, name, quoted) in enumerate(self._records):
            bounds = sections.get(index) if sections else None
            section: tuple[str, ...] = ()
            section_line = None
            last = li
            if bounds is not None:
                first, last = bounds
                section = tuple(lines[first : last + 1])
                section_line = first + first_line
            if "\\" in quoted:
                tag = Tag(name, unescape(quoted), section, None, li + first_line, section_line)
                if not escape_ok(quoted):
                    lead = "" if li == 0 else "\n"
                    chunk = lead + "\n".join(lines[li : last + 1])
                    tag = Tag(name, tag.value, section, None, li + first_line, section_line, chunk)
            else:
                tag = Tag(name, quoted, section, None, li + first_line, section_line)
            items.append(tag)
        return LexedGame(items, "", self.problems)

    def finish(self) -> LexedGame:
        """End of the game: close whatever is open and build the items."""
        if self._plain and self._records:
            return self._plain_items()
        if self._plain:
            self._leave_plain()
        last = len(self.lines) - 1
        end_of_game: Pos = (last, len(self.lines[last])) if self.lines else (0, 0)
        if self._pair != _NONE:
            if self._pair == _NAME:
                self._problem(self._pair_start[0], _("'[' at the end of the game starts no tag"))
                self._pair = _NONE
                self._stray(self._pair_start, (self._pair_start[0], self._pair_start[1] + 1))
            else:
                if self._pair == _VALUE:
                    self._pair_quoted = ""
                self._problem(
                    self._pair_start[0],
                    _("the tag pair is cut off at the end of the game (no closing ']')"),
                    self._pair_name,
                )
                self._end_pair(self._pair_value_end)
        if self._brace is not None:
            start, _owner = self._brace
            self._problem(start[0], _("a '{' comment is not closed before the end of the game"))
            self._close_brace(end_of_game, closed=False)
        self._close_tag(None)
        return self._build(end_of_game)

    # --- the slow path ---------------------------------------------------------------------

    def _scan(self, li: int, pos: int) -> None:
        line = self.lines[li]
        n = len(line)
        while True:
            space = _SPACE.match(line, pos)
            assert space is not None
            pos = space.end()
            if self._pair != _NONE:
                if pos >= n:
                    return
                pos = self._pair_step(li, pos)
                continue
            if pos >= n:
                return
            ch = line[pos]
            if ch == "[":
                self._close_tag((li, pos))
                self._pair = _NAME
                self._pair_start = (li, pos)
                self._pair_name = ""
                pos += 1
            elif ch == "{":
                close = line.find("}", pos + 1)
                if close < 0:
                    self._open_brace((li, pos))
                    return
                self._comment(line[pos + 1 : close], True, (li, pos), (li, close + 1))
                pos = close + 1
            elif ch == ";":
                self._comment(line[pos + 1 :], False, (li, pos), (li, n))
                return
            elif ch == '"':
                string = _STRING.match(line, pos)
                end = n if string is None else string.end()
                if string is None:
                    self._problem(li, _("a quoted string is not closed on its line"))
                self._data((li, pos), (li, end))
                pos = end
            else:
                bare = _BARE.match(line, pos)
                end = pos + 1 if bare is None else bare.end()
                self._data((li, pos), (li, end))
                pos = end

    def _pair_step(self, li: int, pos: int) -> int:
        """One step of reading a tag pair ``[Name "value"]``; returns the new position."""
        line = self.lines[li]
        if self._pair == _NAME:
            name = NAME_RE.match(line, pos)
            if name is None:
                self._problem(self._pair_start[0], _("'[' is not followed by a tag name"))
                self._pair = _NONE
                start = self._pair_start
                self._data(start, (start[0], start[1] + 1))
                return pos
            self._pair_name = name[0]
            self._pair_value_end = (li, name.end())
            self._pair = _VALUE
            return name.end()
        if self._pair == _VALUE:
            if line[pos] != '"':
                self._problem(
                    self._pair_start[0], _("the tag has no value in quotes"), self._pair_name
                )
                self._pair_quoted = ""
                if line[pos] == "]":
                    self._end_pair((li, pos + 1))
                    return pos + 1
                self._end_pair(self._pair_value_end)
                return pos
            string = _STRING.match(line, pos)
            if string is None:
                self._problem(
                    self._pair_start[0],
                    _("the tag value's closing quote is missing"),
                    self._pair_name,
                )
                self._pair_quoted = line[pos + 1 :]
                self._end_pair((li, len(line)))
                return len(line)
            self._pair_quoted = string[1]
            self._pair_value_end = (li, string.end())
            self._pair = _CLOSE
            return string.end()
        # _CLOSE
        if line[pos] == "]":
            self._end_pair((li, pos + 1))
            return pos + 1
        self._problem(self._pair_start[0], _("the tag pair is not closed by ']'"), self._pair_name)
        self._end_pair(self._pair_value_end)
        return pos

    def _end_pair(self, end: Pos) -> None:
        self._pair = _NONE
        self._tag = _OpenTag(self._pair_name, self._pair_quoted, self._pair_start, end)

    # --- what tokens become ----------------------------------------------------------------

    def _section_data(self, start: Pos, end: Pos) -> None:
        tag = self._tag
        assert tag is not None
        if tag.section_start is None:
            first = tag.comments[0][2] if tag.comments else start
            tag.comments.clear()
            if first[0] > tag.pair_end[0]:
                first = (first[0], 0)
            tag.section_start = first
        tag.section_end = end

    def _data(self, start: Pos, end: Pos) -> None:
        if self._tag is not None:
            self._section_data(start, end)
        else:
            self._stray(start, end)

    def _stray(self, start: Pos, end: Pos) -> None:
        last = self.entries[-1] if self.entries else None
        if last is not None and last.kind == "text" and last.end[0] == start[0] == end[0]:
            last.end = end  # its text is sliced once the game is built, not token by token
            return
        self.entries.append(_Entry("text", start, end))
        self._problem(
            start[0], _("text outside any tag: {text!r}", text=self._slice(start, end)[:40])
        )

    def _comment(self, text: str, brace: bool, start: Pos, end: Pos) -> None:
        tag = self._tag
        if tag is None:
            self.entries.append(_Entry("comment", start, end, text=text, brace=brace))
        elif tag.section_start is not None:
            tag.section_end = end
        else:
            tag.comments.append((text, brace, start, end))

    def _open_brace(self, start: Pos) -> None:
        tag = self._tag
        if tag is None:
            owner = "item"
        elif tag.section_start is not None:
            owner = "section"
        else:
            owner = "pending"
        self._brace = (start, owner)

    def _close_brace(self, end: Pos, *, closed: bool = True) -> None:
        assert self._brace is not None
        start, owner = self._brace
        self._brace = None
        text = self._slice((start[0], start[1] + 1), (end[0], end[1] - 1 if closed else end[1]))
        if owner == "section" and self._tag is not None:
            self._tag.section_end = end
        elif owner == "pending" and self._tag is not None:
            self._tag.comments.append((text, True, start, end))
        else:
            self.entries.append(_Entry("comment", start, end, text=text, brace=True))

    def _close_tag(self, next_start: Pos | None) -> None:
        tag = self._tag
        if tag is None:
            return
        self._tag = None
        if tag.section_start is not None:
            end = tag.section_end
            if next_start is None or next_start[0] > end[0]:
                end = (end[0], len(self.lines[end[0]]))
            self.entries.append(
                _Entry(
                    "tag",
                    tag.start,
                    end,
                    tag.name,
                    tag.quoted,
                    section=(tag.section_start, end),
                    whole=tag.whole,
                )
            )
            return
        self.entries.append(
            _Entry("tag", tag.start, tag.pair_end, tag.name, tag.quoted, whole=tag.whole)
        )
        for text, brace, start, end in tag.comments:
            self.entries.append(_Entry("comment", start, end, text=text, brace=brace))

    # --- building --------------------------------------------------------------------------

    def _problem(
        self,
        li: int,
        message: str | Message,
        tag: str | None = None,
        severity: Severity = Severity.ERROR,
    ) -> None:
        self.problems.append((self.first + li, message, tag or None, severity))

    def _slice(self, start: Pos, end: Pos) -> str:
        (l1, c1), (l2, c2) = start, end
        if l1 == l2:
            return self.lines[l1][c1:c2]
        parts = [self.lines[l1][c1:], *self.lines[l1 + 1 : l2], self.lines[l2][:c2]]
        return "\n".join(parts)

    def _build(self, end_of_game: Pos) -> LexedGame:
        items: list[Item] = []
        prev: Pos = (0, 0)
        lines = self.lines
        for index, entry in enumerate(self.entries):
            lead = "" if index == 0 else "\n"
            line = entry.start[0] + self.first
            item: Item
            # the common case (an item alone on its line(s), right after the previous one)
            # needs no slicing: the writer's text and the file's text are the same
            fresh = entry.start[1] == 0 and (
                (index == 0 and entry.start[0] == 0)
                or (entry.start[0] == prev[0] + 1 and prev[1] == len(lines[prev[0]]))
            )
            if entry.kind == "tag":
                section: tuple[str, ...] = ()
                section_line = None
                if entry.section is not None:
                    s_start, s_end = entry.section
                    section = tuple(self._slice(s_start, s_end).split("\n"))
                    section_line = s_start[0] + self.first
                value = unescape(entry.text)
                item = Tag(entry.name, value, section, None, line, section_line)
                simple = (
                    fresh
                    and entry.whole
                    and (entry.section is None or entry.section[0] == (entry.start[0] + 1, 0))
                    and ("\\" not in entry.text or escape_ok(entry.text))
                )
                if not simple:
                    chunk = self._slice(prev, entry.end)
                    if chunk != lead + item.render():
                        item = Tag(entry.name, value, section, None, line, section_line, chunk)
            elif entry.kind == "comment":
                item = Comment(entry.text, entry.brace, line)
                chunk = self._slice(prev, entry.end)
                if chunk != lead + item.render():
                    item = Comment(entry.text, entry.brace, line, chunk)
            elif entry.kind == "escape":
                item = Escape(entry.text, line)
                if not fresh:
                    item = Escape(entry.text, line, self._slice(prev, entry.end))
            else:
                text = self._slice(entry.start, entry.end)
                chunk = self._slice(prev, entry.end)
                item = Text(text, line)
                if chunk != lead + text:
                    item = Text(text, line, chunk)
            items.append(item)
            prev = entry.end
        tail = self._slice(prev, end_of_game) if self.lines else ""
        return LexedGame(items, tail, self.problems)


def escape_ok(quoted: str) -> bool:
    """Whether a string token's contents are written the way the writer escapes them."""
    return escape(unescape(quoted)) == quoted


def lex_item(chunk: str) -> list[Item]:
    """The items of a piece of text read on its own (to check a kept ``raw`` text)."""
    lexer = GameLexer()
    for line in chunk.split("\n"):
        lexer.feed(line)
    return lexer.finish().items
