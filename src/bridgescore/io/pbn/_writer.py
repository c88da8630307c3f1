"""Writing PBN: the document as text, each item as the file had it or in export form."""

from __future__ import annotations

import os
from typing import IO

from bridgescore.errors import marked as _
from bridgescore.io.pbn._lexer import GameLexer, lex_item, semi_empty
from bridgescore.io.pbn._model import Game, Item, PBNDocument, PBNError, Tag
from bridgescore.io.pbn._reader import Inheritance
from bridgescore.io.writing import write_bytes


def _same(found: Item, item: Item, text_value: str) -> bool:
    """Whether an item read back is the item written (a tag: with the value as written)."""
    if type(found) is not type(item):
        return False
    if isinstance(item, Tag):
        assert isinstance(found, Tag)
        return (
            found.name == item.name and found.value == text_value and found.section == item.section
        )
    return found == item


def game_text(game: Game, state: Inheritance) -> str:
    """One game as text (lines joined by ``\\n``), updating the inherited values.

    Items keep the text they were read from while it still reads back as them;
    the game as a whole is read back to make sure, else every item is written in
    export form.
    """
    items = game.items
    shown: list[str] = []
    own: dict[str, str] = {}
    for item in items:
        text_value = ""
        if isinstance(item, Tag):
            text_value = state.written(item)
            own.setdefault(item.name, state.resolve(item.name, text_value))
        shown.append(text_value)
    state.end_game(own)
    tail = game.tail
    if any(semi_empty(part) for part in tail.split("\n")[1:]):
        tail = ""
    if any(item.raw is not None for item in items) or tail:
        # as read: every item's own text (right while the items are those read)
        text = "".join(_piece(i, item, shown[i], item.raw) for i, item in enumerate(items))
        if _reads_back(text + tail, items, shown):
            return text + tail
        # some items changed: keep the text of those that still read back alone
        text = "".join(
            _piece(i, item, shown[i], _checked(item, shown[i])) for i, item in enumerate(items)
        )
        if _reads_back(text + tail, items, shown):
            return text + tail
    return "\n".join(_render(item, value) for item, value in zip(items, shown, strict=True))


def _checked(item: Item, text_value: str) -> str | None:
    raw = item.raw
    if raw is None:
        return None
    found = lex_item(raw)
    return raw if len(found) == 1 and _same(found[0], item, text_value) else None


def _piece(index: int, item: Item, text_value: str, raw: str | None) -> str:
    if raw is not None and not (index == 0 and raw.startswith("\n")):
        return raw
    return ("" if index == 0 else "\n") + _render(item, text_value)


def _render(item: Item, text_value: str) -> str:
    return item.render(text_value) if isinstance(item, Tag) else item.render()


def _reads_back(text: str, items: tuple[Item, ...], shown: list[str]) -> bool:
    lexer = GameLexer()
    for line in text.split("\n"):
        if semi_empty(line) and not lexer.in_brace:
            return False
        lexer.feed(line)
    found = lexer.finish().items
    return len(found) == len(items) and all(
        _same(a, b, value) for a, b, value in zip(found, items, shown, strict=True)
    )


def dumps(document: PBNDocument) -> str:
    """The document as PBN text, in its own line-ending style.

    A document read by :func:`loads` is written back exactly as it was read;
    anything changed or added is written in PBN's export format.
    """
    lines: list[str] = list(document.header)
    state = Inheritance()
    written = 0
    for game in document.games:
        text = game_text(game, state)
        if not text:
            continue
        gap = game.gap
        if written == 0:
            lines.extend(gap or ())
        elif gap and all(semi_empty(line) for line in gap):
            lines.extend(gap)
        else:
            lines.append("")
        lines.extend(text.split("\n"))
        written += 1
    lines.extend(line for line in document.trailer if semi_empty(line))
    count = len(lines) - (0 if document.final_newline else 1)
    endings = document.endings
    if not lines:
        return ""
    if endings is not None and len(endings) == count:
        parts: list[str] = []
        for line, ending in zip(lines, endings, strict=False):
            parts.append(line)
            parts.append(ending)
        if not document.final_newline:
            parts.append(lines[-1])
        return "".join(parts)
    newline = document.newline
    text = newline.join(lines)
    return text + newline if document.final_newline else text


def dump(document: PBNDocument, path_or_file: str | os.PathLike[str] | IO[bytes]) -> None:
    """Write the document to a path or an open binary file, in its encoding (UTF-8 if none)."""
    text = dumps(document)
    encoding = document.encoding or "utf-8"
    name = (
        os.fspath(path_or_file)
        if isinstance(path_or_file, str | os.PathLike)
        else str(getattr(path_or_file, "name", "<file>"))
    )
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError as error:
        line = text.count("\n", 0, error.start) + 1
        bad = text[error.start : error.end]
        raise PBNError(
            _(
                "{text!r} cannot be written in the document's encoding {encoding}",
                text=bad,
                encoding=encoding,
            ),
            source=name,
            line=line,
        ) from None
    if isinstance(path_or_file, str | os.PathLike):
        write_bytes(path_or_file, data)
    else:
        path_or_file.write(data)
