"""Reading PBN: decoding, splitting into games, inherited values, checks; whole or streamed."""

from __future__ import annotations

import codecs
import contextlib
import gc
import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import IO, Final, TypeVar

from bridgescore.errors import marked as _
from bridgescore.events.model import Severity
from bridgescore.io.pbn._checks import check_game, stray_text
from bridgescore.io.pbn._lexer import GameLexer, semi_empty
from bridgescore.io.pbn._model import (
    Game,
    Item,
    PBNDocument,
    PBNProblem,
    Tag,
    pbn_problem,
    problem_error,
)
from bridgescore.laws.lawsets import DEFAULT_LAW_SET

LINE_SPLIT: Final = re.compile(r"\r\n|\r|\n")
_LINE_SPLIT_BYTES: Final = re.compile(rb"\r\n|\r|\n")
_CHARSET_RE: Final = re.compile(rb"(?:charset|encoding)\s*[=:]\s*\"?([A-Za-z0-9_.:-]+)", re.I)
_HEADER_SCAN: Final = 200
T = TypeVar("T", str, bytes)


class Inheritance:
    """Tag values carried from game to game: ``#`` (the previous value) and ``##`` (a default).

    The reader and the writer use the same rules, so that a value written as
    ``#`` is written so again only when it still resolves to the same value.
    """

    __slots__ = ("last", "sticky")

    def __init__(self) -> None:
        self.last: dict[str, str] = {}
        self.sticky: dict[str, str] = {}

    def resolve(self, name: str, text: str) -> str:
        """The value in force for a tag written ``text``."""
        if name == "Note":
            return text
        if text == "#":
            value = self.last.get(name, "")
        elif text.startswith("##"):
            value = text[2:]
            self.sticky[name] = value
            return value
        else:
            value = text
        if name in self.sticky:
            self.sticky[name] = value
        return value

    def written(self, tag: Tag) -> str:
        """What to write for a tag: its inherited form when that still gives its value."""
        form = tag.written
        if form is None:
            return tag.value
        if form == "#":
            return form if self.last.get(tag.name, "") == tag.value else tag.value
        if form.startswith("##") and form[2:] == tag.value:
            return form
        return tag.value

    def end_game(self, own: dict[str, str]) -> tuple[tuple[str, str], ...]:
        """Close a game (``own``: each tag's first value); returns the defaults it inherited."""
        inherited = tuple((k, v) for k, v in self.sticky.items() if k not in own)
        self.last.update(own)
        self.last.update(inherited)
        return inherited


def _resolve(
    items: list[Item], state: Inheritance, own: dict[str, str]
) -> tuple[tuple[str, str], ...]:
    """Resolve ``#`` and ``##`` values in place; ``own`` gets each tag's first value."""
    sticky = state.sticky
    for index, item in enumerate(items):
        if type(item) is not Tag:
            continue
        name = item.name
        text = item.value
        if text[:1] == "#" and name != "Note":
            value = state.resolve(name, text)
            if text == "#" or text.startswith("##"):
                items[index] = Tag(
                    name, value, item.section, text, item.line, item.section_line, item.raw
                )
        else:
            value = text
            if sticky and name in sticky:
                sticky[name] = value
        if name not in own:
            own[name] = value
    inherited = state.end_game(own)
    for name, value in inherited:
        own.setdefault(name, value)
    return inherited


def _finish(
    lexer: GameLexer,
    gap: tuple[str, ...],
    state: Inheritance,
    source: str,
    laws: str,
    pending: list[PBNProblem],
) -> Game:
    lexed = lexer.finish()
    items = lexed.items
    values: dict[str, str] = {}
    inherited = _resolve(items, state, values)
    first = lexer.first
    game = Game(tuple(items), inherited, first, gap, lexed.tail)
    problems = check_game(game, source, laws, values)
    if not (problems or pending or lexed.problems):
        return game
    board = game.get("Board")
    problems.extend(pending)
    pending.clear()
    for line, message, tag, severity in lexed.problems:
        problems.append(pbn_problem(source, line, message, board, tag, severity))
    problems.sort(key=lambda p: p.line or 0)
    return Game(game.items, inherited, first, gap, lexed.tail, tuple(problems))


def _games(
    lines: Iterable[str],
    source: str,
    laws: str,
    header: list[str],
    trailer: list[str],
    pending: list[PBNProblem] | None = None,
) -> Iterator[Game]:
    """The games of a stream of lines (without their line endings).

    ``%`` lines and blank lines before the first game go to ``header``, blank
    lines after the last one to ``trailer``; problems found outside the games
    (``pending``, e.g. from decoding) go to the next game finished.
    """
    state = Inheritance()
    waiting: list[PBNProblem] = [] if pending is None else pending
    in_header = True
    gap: list[str] = []
    game_gap: tuple[str, ...] = ()
    lexer: GameLexer | None = None
    block: list[str] = []  # the game's lines not yet fed to the lexer (none of them blank)
    for number, line in enumerate(lines, 1):
        if lexer is not None:
            if line.strip(" \t"):
                block.append(line)
                continue
            # a blank line (semi_empty) ends the game, unless inside a brace comment
            lexer.feed_lines(block)
            block.clear()
            if not lexer.in_brace:
                yield _finish(lexer, game_gap, state, source, laws, waiting)
                lexer = None
                gap = [line]
                continue
            lexer.feed(line)
            continue
        if semi_empty(line):
            (header if in_header else gap).append(line)
            continue
        if in_header and line.startswith("%"):
            header.append(line)
            continue
        game_gap = () if in_header else tuple(gap)
        in_header = False
        gap = []
        lexer = GameLexer(number)
        block.append(line)
    if lexer is not None:
        lexer.feed_lines(block)
        yield _finish(lexer, game_gap, state, source, laws, waiting)
    trailer.extend(gap)


def split_lines(text: str) -> tuple[list[str], list[str], bool]:
    """Lines (without endings), the endings, and whether the text ends with one."""
    lf = text.count("\n")
    cr = text.count("\r")
    if cr == 0 or lf == 0 or cr == lf == text.count("\r\n"):
        # one line ending throughout (nearly every file): str.split is much faster
        ending = "\n" if cr == 0 else ("\r" if lf == 0 else "\r\n")
        lines = text.split(ending)
        endings = [ending] * (len(lines) - 1)
    else:
        lines = LINE_SPLIT.split(text)
        endings = LINE_SPLIT.findall(text)
    final = bool(endings) and lines[-1] == ""
    if final:
        lines.pop()
    elif lines == [""]:
        lines = []
    return lines, endings, final


def _line_of(data: bytes, offset: int) -> int:
    return len(_LINE_SPLIT_BYTES.findall(data, 0, offset)) + 1


def declared_encoding(data: bytes) -> str | None:
    """The charset a file's ``%`` header names (``%Content-type: ...; charset=UTF-8``)."""
    for number, line in enumerate(_LINE_SPLIT_BYTES.split(data, _HEADER_SCAN)):
        if number >= _HEADER_SCAN:
            break
        stripped = line.strip()
        if not stripped:
            continue
        if not stripped.startswith(b"%"):
            break
        match = _CHARSET_RE.search(stripped)
        if match:
            return match[1].decode("ascii")
    return None


def decode(data: bytes, source: str) -> tuple[str, str, list[PBNProblem]]:
    """Text, the encoding used, and any problem: a declared charset, else UTF-8, else Latin-1."""
    problems: list[PBNProblem] = []
    if data.startswith(codecs.BOM_UTF8):
        try:
            return data.decode("utf-8-sig"), "utf-8-sig", problems
        except UnicodeDecodeError as error:
            return _fallback(data, source, error, "UTF-8", problems)
    declared = declared_encoding(data)
    if declared is not None:
        try:
            name = codecs.lookup(declared).name
        except LookupError:
            problems.append(
                pbn_problem(
                    source,
                    None,
                    _(
                        "the header names an unknown encoding {encoding!r}; reading UTF-8 or"
                        " Latin-1",
                        encoding=declared,
                    ),
                    severity=Severity.WARNING,
                )
            )
        else:
            try:
                return data.decode(name), name, problems
            except UnicodeDecodeError as error:
                if name != "utf-8":
                    try:
                        text = data.decode("utf-8")
                    except UnicodeDecodeError:
                        pass
                    else:
                        problems.append(
                            pbn_problem(
                                source,
                                _line_of(data, error.start),
                                _(
                                    "the header says {encoding} but the file is UTF-8; read as"
                                    " UTF-8",
                                    encoding=declared,
                                ),
                                severity=Severity.WARNING,
                            )
                        )
                        return text, "utf-8", problems
                return _fallback(data, source, error, declared, problems)
    try:
        return data.decode("utf-8"), "utf-8", problems
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1", problems


def _fallback(
    data: bytes, source: str, error: UnicodeDecodeError, declared: str, problems: list[PBNProblem]
) -> tuple[str, str, list[PBNProblem]]:
    bad = data[error.start : error.end]
    problems.append(
        pbn_problem(
            source,
            _line_of(data, error.start),
            _(
                "bytes {bytes} are valid neither in UTF-8 nor in the declared {encoding};"
                " read as Latin-1",
                bytes=bad.hex(" "),
                encoding=declared,
            ),
        )
    )
    return data.decode("latin-1"), "latin-1", problems


def _strict(problems: Iterable[PBNProblem], games: Iterable[Game], source: str) -> None:
    """Raise the first problem by line, with what strict reading also refuses in ``games``
    (text after a tag that has no section data: :func:`stray_text`)."""
    found = list(problems)
    for game in games:
        found += stray_text(game, source)
    ordered = sorted(found, key=lambda p: p.line or 0)
    if ordered:
        raise problem_error(ordered[0])


def _document(
    text: str,
    source: str,
    laws: str,
    encoding: str | None,
    before: list[PBNProblem],
) -> PBNDocument:
    lines, endings, final = split_lines(text)
    header: list[str] = []
    trailer: list[str] = []
    collecting = gc.isenabled()
    gc.disable()  # a big file makes many objects and no cycles: the collector only slows it
    try:
        games = tuple(_games(lines, source, laws, header, trailer))
    finally:
        if collecting:
            gc.enable()
    problems = list(before)
    for game in games:
        problems.extend(game.problems)
    counts = Counter(endings)
    newline = counts.most_common(1)[0][0] if counts else "\r\n"
    return PBNDocument(
        games,
        tuple(header),
        encoding,
        newline,
        tuple(endings) if len(counts) > 1 else None,
        final,
        tuple(trailer),
        source,
        tuple(problems),
        laws,
    )


def loads(
    text: str, *, source: str = "<string>", strict: bool = False, laws: str = DEFAULT_LAW_SET
) -> PBNDocument:
    """Read PBN text.

    Lenient (the default): every game that can be read, with every problem in
    :attr:`PBNDocument.problems` (and each game's own in :attr:`Game.problems`).
    ``strict=True``: a :class:`PBNError` at the first problem, warnings
    included (an unknown tag, a repeated tag). ``laws`` checks ``[Score]``.
    """
    if not isinstance(text, str):
        raise TypeError(
            _(
                "loads() takes text, not {type}; use load() for bytes",
                type=type(text).__name__,
            )
        )
    document = _document(text, source, laws, None, [])
    if strict:
        _strict(document.problems, document.games, document.source)
    return replace(document, strict=strict)


def load(
    path_or_file: str | os.PathLike[str] | IO[bytes] | IO[str],
    *,
    strict: bool = False,
    laws: str = DEFAULT_LAW_SET,
    source: str | None = None,
) -> PBNDocument:
    """Read a PBN file (a path, or an open binary or text file).

    Bytes are decoded with the charset the header names (``%Content-type: ...;
    charset=...``), else as UTF-8, else as Latin-1 (PBN's own character set);
    :attr:`PBNDocument.encoding` says which.
    """
    if isinstance(path_or_file, str | os.PathLike):
        name = os.fspath(path_or_file)
        with open(name, "rb") as handle:
            data: bytes | str = handle.read()
    else:
        name = str(getattr(path_or_file, "name", "<file>"))
        data = path_or_file.read()
    shown = source or name
    if isinstance(data, str):
        document = _document(data, shown, laws, None, [])
    else:
        text, encoding, problems = decode(data, shown)
        document = _document(text, shown, laws, encoding, problems)
    if strict:
        _strict(document.problems, document.games, document.source)
    return replace(document, strict=strict)


# --- streaming -------------------------------------------------------------------------------


class _ByteLines:
    """Decodes a file's lines one at a time: a declared charset, else UTF-8 until a line is not."""

    def __init__(self, source: str, problems: list[PBNProblem]) -> None:
        self.source = source
        self.problems = problems
        self.declared: str | None = None
        self.utf8 = True
        self.started = False
        self.warned = False

    def decode(self, data: bytes, number: int) -> str:
        if not self.started:
            stripped = data.strip()
            if stripped.startswith(b"%"):
                match = _CHARSET_RE.search(stripped)
                if match and self.declared is None:
                    with contextlib.suppress(LookupError):
                        self.declared = codecs.lookup(match[1].decode("ascii")).name
            elif stripped:
                self.started = True
        if number == 1 and data.startswith(codecs.BOM_UTF8):
            data = data[3:]
        if self.declared is not None:
            try:
                return data.decode(self.declared)
            except UnicodeDecodeError:
                try:
                    text = data.decode("utf-8")
                except UnicodeDecodeError:
                    self.problems.append(
                        pbn_problem(
                            self.source,
                            number,
                            _(
                                "bytes valid neither in UTF-8 nor in the declared {encoding};"
                                " read as Latin-1",
                                encoding=self.declared,
                            ),
                        )
                    )
                    return data.decode("latin-1")
                if not self.warned:
                    self.warned = True
                    self.problems.append(
                        pbn_problem(
                            self.source,
                            number,
                            _(
                                "the header says {encoding} but the line is UTF-8; read as UTF-8",
                                encoding=self.declared,
                            ),
                            severity=Severity.WARNING,
                        )
                    )
                return text
        if self.utf8:
            try:
                return data.decode("utf-8")
            except UnicodeDecodeError:
                self.utf8 = False
        return data.decode("latin-1")


def _text_lines(chunks: Iterable[str]) -> Iterator[str]:
    """Lines from lines (each with or without its ending; CR-only text is split too)."""
    for chunk in chunks:
        line = (
            chunk[:-2]
            if chunk.endswith("\r\n")
            else (chunk[:-1] if chunk.endswith(("\n", "\r")) else chunk)
        )
        if "\n" not in line and "\r" not in line:
            yield line  # a line, as a file gives it
            continue
        parts = LINE_SPLIT.split(chunk)
        if len(parts) > 1 and parts[-1] == "":
            parts.pop()
        yield from parts


def _byte_lines(chunks: Iterable[bytes], decoder: _ByteLines) -> Iterator[str]:
    number = 0
    for chunk in chunks:
        line = (
            chunk[:-2]
            if chunk.endswith(b"\r\n")
            else (chunk[:-1] if chunk.endswith((b"\n", b"\r")) else chunk)
        )
        if b"\n" not in line and b"\r" not in line:
            number += 1
            yield decoder.decode(line, number)  # a line, as a file gives it
            continue
        parts = _LINE_SPLIT_BYTES.split(chunk)
        if len(parts) > 1 and parts[-1] == b"":
            parts.pop()
        for part in parts:
            number += 1
            yield decoder.decode(part, number)


def iter_games(
    lines_or_file: Iterable[str] | Iterable[bytes] | IO[str] | IO[bytes] | os.PathLike[str],
    *,
    source: str | None = None,
    strict: bool = False,
    laws: str = DEFAULT_LAW_SET,
) -> Iterator[Game]:
    """Stream the games of a PBN file one at a time, in constant memory.

    Takes an open file (text or binary), any iterable of lines (with or without
    their endings), or a :class:`pathlib.Path`. Inherited values are resolved as
    the games go by; each game carries its own :attr:`Game.problems`. With
    ``strict=True`` the first problem raises :class:`PBNError`. The header's
    ``%`` lines are not games and are skipped.
    """
    if isinstance(lines_or_file, str | bytes):
        raise TypeError(
            _(
                "iter_games() takes lines, an open file or a pathlib.Path; for a whole text use"
                " loads()"
            )
        )
    if isinstance(lines_or_file, os.PathLike):
        return _stream_path(lines_or_file, source or os.fspath(lines_or_file), strict, laws)
    name = source or str(getattr(lines_or_file, "name", "<stream>"))
    return _stream(lines_or_file, name, strict, laws)


def _stream_path(path: os.PathLike[str], source: str, strict: bool, laws: str) -> Iterator[Game]:
    with open(path, "rb") as handle:
        yield from _stream(handle, source, strict, laws)


def _stream(
    chunks: Iterable[str] | Iterable[bytes], source: str, strict: bool, laws: str
) -> Iterator[Game]:
    problems: list[PBNProblem] = []
    iterator = iter(chunks)
    first = next(iterator, None)
    if first is None:
        return
    lines: Iterator[str]
    if isinstance(first, bytes):
        decoder = _ByteLines(source, problems)
        lines = _byte_lines(_chain(first, iterator, bytes), decoder)
    elif isinstance(first, str):
        lines = _text_lines(_chain(first, iterator, str))
    else:
        raise TypeError(
            _(
                "iter_games() reads lines of text or bytes, not {type}",
                type=type(first).__name__,
            )
        )
    for game in _games(lines, source, laws, [], [], problems):
        if strict:
            _strict(game.problems, (game,), source)
        yield game
    if strict and problems:
        raise problem_error(problems[0])


def _chain(first: T, rest: Iterator[object], kind: type[T]) -> Iterator[T]:
    """``first`` and then the rest, each of which must be of the same kind."""
    yield first
    for item in rest:
        if not isinstance(item, kind):
            raise TypeError(
                _(
                    "iter_games() got a {type} among {kind} lines",
                    type=type(item).__name__,
                    kind=kind.__name__,
                )
            )
        yield item
