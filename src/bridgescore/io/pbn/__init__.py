"""PBN 2.1 (Portable Bridge Notation): read, write, stream, and map to and from events.

:func:`loads`/:func:`load` read a file into a lossless :class:`PBNDocument` (games
of tags, section lines and comments, with the header's ``%`` lines); :func:`dumps`/
:func:`dump` write it back byte for byte, or in export format for anything new or
changed; :func:`iter_games` streams big files one game at a time. Problems come
with file, line, board and tag: listed (lenient, the default) or raised as
:class:`PBNError` (``strict=True``). :func:`to_event` reads the results as an
:class:`~bridgescore.events.model.Event`; :func:`from_event` writes one. See
``docs/pbn.md``.
"""

from bridgescore.io.pbn._from_event import from_event
from bridgescore.io.pbn._kind import scoring_of
from bridgescore.io.pbn._matches import TeamMatch, team_matches
from bridgescore.io.pbn._model import (
    Comment,
    Escape,
    Game,
    Item,
    PBNDocument,
    PBNError,
    PBNProblem,
    Tag,
    Text,
)
from bridgescore.io.pbn._reader import iter_games, load, loads
from bridgescore.io.pbn._tables import Column, Table
from bridgescore.io.pbn._to_event import to_event
from bridgescore.io.pbn._writer import dump, dumps

__all__ = [
    "Column",
    "Comment",
    "Escape",
    "Game",
    "Item",
    "PBNDocument",
    "PBNError",
    "PBNProblem",
    "Table",
    "Tag",
    "TeamMatch",
    "Text",
    "dump",
    "dumps",
    "from_event",
    "iter_games",
    "load",
    "loads",
    "scoring_of",
    "team_matches",
    "to_event",
]
