"""Movement files of other scoring programs, read into :class:`Movement` values.

Three formats (``docs/movement-files.md`` describes them field by field):

* ``"json"``: our own JSON form (:meth:`Movement.to_json`);
* ``"bridgescorer"``: the YAML movement files of BridgeScorer
  (https://github.com/thebridsk/bridgescorer), one movement per file;
* ``"bridgemate"``: the ``RoundData`` table of a Bridgemate scoring database
  (``.bws``) as CSV, one movement per section (:func:`load_movements` reads the
  ``.bws`` file itself too).

One module per format (``_json``, ``_bridgescorer``, ``_bridgemate``), the rows they all
become in ``_seats``. The format is found from the content unless named. Every error is a
:class:`MovementFileError` naming the file, the line and the field. The reader
checks what makes a file unreadable or ambiguous (a table listed twice in a
round, a pair in two places); the movement's own rules are :meth:`Movement.problems`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Final

from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.movements import Movement, MovementError
from bridgescore.events.movements.sections import SectionedMovement
from bridgescore.io.movement_files._bridgemate import dump_bridgemate, read_bridgemate
from bridgescore.io.movement_files._errors import ONLY_SECTION, MovementFileError
from bridgescore.io.movement_files._json import read_field, read_json
from bridgescore.io.text import check_text, is_access, read_text

__all__ = [
    "FORMATS",
    "ONLY_SECTION",
    "MovementFileError",
    "dumps_movement",
    "load_movement",
    "load_movements",
    "loads_field",
    "loads_movement",
    "loads_movements",
    "sniff_format",
]

MovementFileError.__module__ = __name__  # the public name, as tracebacks and docs show it

FORMATS: Final = ("json", "bridgescorer", "bridgemate")
"""The movement file formats read here, by name."""


def read_bridgescorer(text: str, source: str) -> dict[str, Movement]:
    """BridgeScorer's YAML (PyYAML is loaded only when such a file is read)."""
    from bridgescore.io.movement_files import _bridgescorer

    return _bridgescorer.read_bridgescorer(text, source)


def dump_bridgescorer(movement: Movement, name: str) -> str:
    from bridgescore.io.movement_files import _bridgescorer

    return _bridgescorer.dump_bridgescorer(movement, name)


_READERS: Final[dict[str, Callable[[str, str], dict[str, Movement]]]] = {
    "json": read_json,
    "bridgescorer": read_bridgescorer,
    "bridgemate": read_bridgemate,
}


def sniff_format(text: str) -> str | None:
    """The format of a movement file's text (one of :data:`FORMATS`), or None if unclear.

    >>> sniff_format('Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard\\n')
    'bridgemate'
    >>> sniff_format('---\\nnumberTeams: 4\\nhands:\\n')
    'bridgescorer'
    """
    body = text.lstrip("\ufeff \t\r\n")
    if body.startswith("{"):
        return "json"
    first = body.split("\n", 1)[0].lower()
    if "nspair" in first and "ewpair" in first:
        return "bridgemate"
    if re.search(r"^hands[ \t]*:", body, re.MULTILINE):
        return "bridgescorer"
    return None


def _check_format(format: str | None, text: str, source: str) -> str:
    if format is None:
        found = sniff_format(text)
        if found is None:
            raise MovementFileError(
                _(
                    "cannot tell the movement format: expected our JSON form, a BridgeScorer"
                    " file (with 'hands:') or a Bridgemate RoundData CSV (with an NSPair"
                    " column); name it with format= ({formats})",
                    formats=", ".join(FORMATS),
                ),
                source=source,
            )
        return found
    if format not in FORMATS:
        raise MovementError(_unknown(format))
    return format


def _unknown(format: str) -> Message:
    return _(
        "unknown movement format {format!r}: use one of {formats}",
        format=format, formats=", ".join(FORMATS),
    )  # fmt: skip


def loads_movements(
    text: str, *, format: str | None = None, source: str = "<text>"
) -> dict[str, Movement]:
    """Every section's movement in ``text``, by section (``"1"`` for a sectionless format).

    ``format`` is one of :data:`FORMATS`, found from the content when None; ``source``
    names the text in errors.
    """
    text = check_text(text, source=source)
    return _READERS[_check_format(format, text, source)](text, source)


def loads_movement(text: str, *, format: str | None = None, source: str = "<text>") -> Movement:
    """The movement in ``text``; a file with several sections is an error naming them.

    >>> m = loads_movement(
    ...     "Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard\\n"
    ...     "1,1,1,1,1,1,2\\n1,2,1,2,2,3,4\\n1,1,2,1,2,3,4\\n1,2,2,2,1,1,2\\n"
    ... )
    >>> m.kind, m.rounds[1].tables[0]
    (MovementKind.MITCHELL, Table(table=1, ns='1NS', ew='2EW', boards=(3, 4)))
    >>> [p.code for p in m.problems()]  # two tables: the EW pairs meet their boards again
    ['board-twice', 'board-twice', 'under-70-percent', 'under-70-percent']
    """
    movements = loads_movements(text, format=format, source=source)
    if len(movements) > 1:
        raise MovementFileError(
            _(
                "{count} sections ({sections}): read them with loads_movements",
                count=len(movements),
                sections=", ".join(movements),
            ),
            source=source,
        )
    return next(iter(movements.values()))


def loads_field(
    text: str, *, format: str | None = None, source: str = "<text>"
) -> Movement | SectionedMovement:
    """The movement in ``text``, or the field in sections its JSON form holds
    (``"kind": "sections"``, as ``bridgescore movement show "mitchell:3x2 + howell:2x1"
    --json`` writes it), read as what it is; any other format as :func:`loads_movement`
    reads it. Our JSON export of results is refused, saying so.

    >>> field = loads_field(
    ...     '{"kind": "sections", "sections": [{"letter": "A", "movement": {"kind": "other",'
    ...     ' "rounds": [[{"table": 1, "ns": "1", "ew": "2", "boards": [1, 2]}]]}}]}'
    ... )
    >>> field.letters
    ('A',)
    """
    text = check_text(text, source=source)
    if _check_format(format, text, source) == "json":
        return read_field(text, source)
    return loads_movement(text, format=format, source=source)


def load_movements(
    path: str | os.PathLike[str], *, format: str | None = None
) -> dict[str, Movement]:
    """Every section's movement in the file at ``path`` (see :func:`loads_movements`); a
    Bridgemate scoring database itself (``.bws``, an Access file by its first bytes), when
    no other format is named, by its ``RoundData`` table, each section by its letter
    (:func:`bridgescore.io.bridgemate.movements`; the ``bridgemate`` extra)."""
    if format in (None, "bridgemate") and _is_bridgemate_database(path):
        from bridgescore.io import bridgemate

        return bridgemate.movements(bridgemate.load(path))
    return loads_movements(read_text(path), format=format, source=os.fspath(path))


def _is_bridgemate_database(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` is an Access database (what Bridgemate keeps)."""
    try:
        with open(path, "rb") as handle:
            return is_access(handle.read(32))
    except OSError:
        return False  # reading the text says what is wrong with the file


def load_movement(path: str | os.PathLike[str], *, format: str | None = None) -> Movement:
    """The movement in the file at ``path`` (see :func:`loads_movement`)."""
    return loads_movement(read_text(path), format=format, source=os.fspath(path))


def dumps_movement(
    movement: Movement, *, format: str = "bridgescorer", name: str = "movement"
) -> str:
    """``movement`` as a file of ``format`` (``name`` is BridgeScorer's movement name).

    Written: who sits where and which boards they play, and (Bridgemate) the sit-outs.
    Not written: the relay stand and the declarations, which neither format holds
    (reading gives no relay, sharing found from the tables, the other declarations at
    their defaults). Pair ids must be ``1``, ``2``... or ``1NS``... ``1EW``...
    """
    if format == "json":
        return movement.to_json()
    if format == "bridgescorer":
        return dump_bridgescorer(movement, name)
    if format == "bridgemate":
        return dump_bridgemate(movement)
    raise MovementError(_unknown(format))
