"""The columns the batch engine reads: the results file's, plus a few of its own.

The results file's column names and aliases are :mod:`bridgescore.io.results`'s,
used as they are, so that a file the results reader accepts names the same
columns here. The batch engine adds the columns only it reads (``event``,
``laws``, and the code columns ``level``, ``strain``, ``doubling``; the code for
the tricks taken is the results file's ``result``, alias ``tricks``).

A name is matched without regard to case or surrounding spaces; two columns that
fold to the same name (``board`` and ``Bd``) are an error, never a silent choice.

>>> canonical(" Bd ")
'board'
>>> print(duplicates(["board", "contract", "BD"]))
the columns 'board' and 'BD' are both the board column ('bd' is an alias of 'board')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

from bridgescore.batch._checks import excerpt
from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.io.results import COLUMN_ALIASES as _RESULTS_ALIASES
from bridgescore.io.results import COLUMNS as RESULTS_COLUMNS

BATCH_COLUMNS: Final = ("event", "section", "laws", "level", "strain", "doubling")
"""Columns only the batch engine reads (added to the results file's)."""

BATCH_ALIASES: Final[Mapping[str, str]] = MappingProxyType({"law": "laws"})
"""Aliases of the batch-only columns."""

COLUMNS: Final = RESULTS_COLUMNS + BATCH_COLUMNS
"""Every column the batch engine reads, by its canonical name."""

ALIASES: Final[Mapping[str, str]] = MappingProxyType({**_RESULTS_ALIASES, **BATCH_ALIASES})
"""Every alias: the results file's, then the batch-only ones (which override none)."""

assert not set(BATCH_ALIASES) & set(_RESULTS_ALIASES), "a batch alias shadows a results alias"
assert not set(BATCH_COLUMNS) & set(RESULTS_COLUMNS), "a batch column is a results column"


def canonical(name: str) -> str:
    """The canonical name of a column (``'Bd'`` → ``'board'``; unknown names folded)."""
    folded = name.strip().lower()
    return ALIASES.get(folded, folded)


def duplicates(names: Sequence[str], *, only: Sequence[str] | None = None) -> Message | None:
    """What is wrong when two columns fold to one name (``None`` when none do).

    Exactly equal names are always an error; names that differ only by case or
    an alias are an error for the columns the engine reads (or those in ``only``).
    """
    first: dict[str, str] = {}
    exact: set[str] = set()
    for name in names:
        if name in exact:
            return _("the column {name} appears twice", name=excerpt(name))
        exact.add(name)
        key = canonical(name)
        if key not in (COLUMNS if only is None else only):
            continue
        if key in first and not beside(first[key], name):
            earlier = first[key]
            return _why(earlier, name, key)
        first.setdefault(key, name)
    return None


def beside(earlier: str, name: str) -> bool:
    """Whether two columns are a ``result`` (``=``, ``+1``, or tricks) and a ``tricks``
    column, which may stand side by side (a results table written by
    :func:`bridgescore.batch.events.read_results` has ``tricks``; one written by hand may
    have both): the tricks are checked against the result, row by row."""
    return {earlier.strip().lower(), name.strip().lower()} == {"result", TRICKS}


TRICKS: Final = "tricks"
"""The tricks column's own name (an alias of ``result`` when it stands alone)."""


def tricks_beside(names: Sequence[str]) -> tuple[str, str] | None:
    """The ``result`` and ``tricks`` columns of a table that has both (``None`` else)."""
    result = next((n for n in names if n.strip().lower() == "result"), None)
    tricks = next((n for n in names if n.strip().lower() == TRICKS), None)
    return None if result is None or tricks is None else (result, tricks)


def _why(earlier: str, name: str, key: str) -> Message:
    """Two columns both ``key``, saying which of their names are aliases."""
    aliases = sorted({n.strip().lower() for n in (earlier, name)} - {key})
    values = {"earlier": excerpt(earlier), "name": excerpt(name), "key": key}
    if not aliases:
        return _("the columns {earlier} and {name} are both the {key} column", **values)
    if len(aliases) == 1:
        return _(
            "the columns {earlier} and {name} are both the {key} column"
            " ({alias!r} is an alias of {key!r})",
            alias=aliases[0],
            **values,
        )
    return _(
        "the columns {earlier} and {name} are both the {key} column"
        " ({aliases} are aliases of {key!r})",
        aliases=", ".join(repr(a) for a in aliases),
        **values,
    )
