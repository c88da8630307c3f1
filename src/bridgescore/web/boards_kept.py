"""What a server process keeps of each board's results between its writes: the results
standing, as the director's flags compare a new one with them. The writer reads a board's
rows added since (and how many the board has), not the board again: a result's checks
cost the same in the session's last round as in its first (issue 28), where reading and
going through every result of the board made a result late in a congress cost a third
more than early.

A board kept is only ever what a committed transaction read (it is kept once that
commits), and the writer uses it only when the board's count as committed now is what
was kept plus the rows read since: a row committed after one with a higher id (two
PostgreSQL writers) or taken away makes the board read whole again.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from bridgescore.events.play import Other
from bridgescore.web import queries
from bridgescore.web.in_play import other_of
from bridgescore.web.models import Entry

Key = tuple[int, int, int]
"""A result's place in the log: (round, table, board)."""


@dataclass(frozen=True, slots=True)
class Board:
    """A board's results as read: those standing (the latest for each round and table,
    erased ones gone, in the log's order) as the flags compare them, the highest id read
    and how many rows were read (erased ones and those written over too)."""

    standing: Mapping[Key, Other] = field(default_factory=dict)
    last: int = 0
    count: int = 0

    def after(self, rows: Iterable[Entry | queries.BoardEntry]) -> Board:
        """This board once ``rows`` (newer than :attr:`last`, in the log's order) are in."""
        standing = dict(self.standing)
        last, count = self.last, self.count
        for row in rows:
            add(standing, row)
            last, count = max(last, row.id), count + 1
        return Board(standing, last, count)


def add(standing: dict[Key, Other], row: Entry | queries.BoardEntry) -> None:
    """``row`` in ``standing``: an erasure takes the result away, a result stands (in the
    place of one it writes over)."""
    key = (row.round, row.table, row.board)
    if row.kind == Entry.Kind.ERASED:
        standing.pop(key, None)
    else:
        standing[key] = other_of(row)


MOST_KEPT = 100_000
"""Results kept in a process, all boards together, before it forgets them all and reads
each board whole again (about 0.15 KB each: some 15 MB; a 240-table session of 30 rounds
has 14,400)."""
_KEPT: dict[tuple[str, int], Board] = {}
_HELD = [0]
"""How many results the boards kept hold."""
_KEEPING = threading.Lock()


def kept(session: str, board: int) -> Board:
    """The board of the session (by its public id, never reused) as this process last read
    it in a write that committed; an empty one if none."""
    return _KEPT.get((session, board)) or Board()


def keep(session: str, board: int, read: Board) -> None:
    """Keep ``read`` (what a committed write read), unless a later read is kept already."""
    with _KEEPING:
        found = _KEPT.get((session, board))
        if found is not None and found.last > read.last:
            return
        held = _HELD[0] + len(read.standing) - (0 if found is None else len(found.standing))
        if held > MOST_KEPT:
            _KEPT.clear()
            held = len(read.standing)
        _KEPT[(session, board)] = read
        _HELD[0] = held


def now(
    before: Mapping[tuple[int, int], Board],
    read: Iterable[Entry | queries.BoardEntry],
    counts: Mapping[tuple[int, int], int],
) -> dict[tuple[int, int], Board]:
    """Each (session, board) of ``before`` as committed now: what was kept with the rows
    ``read`` since (those with a higher id than it read last), when the board's count as
    committed now (``counts``) is what that makes; else read whole."""
    added: dict[tuple[int, int], list[Entry | queries.BoardEntry]] = {key: [] for key in before}
    for row in read:
        key = (row.session_id, row.board)
        was = before.get(key)
        if was is not None and row.id > was.last:
            added[key].append(row)
    found: dict[tuple[int, int], Board] = {}
    for key, was in before.items():
        rows = added[key]
        if was.count + len(rows) == counts.get(key, 0):
            found[key] = was.after(rows)
        else:  # one committed out of the order of ids, or taken away: read it whole
            found[key] = Board().after(queries.entries_for([key], ()))
    return found
