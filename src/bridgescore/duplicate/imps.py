"""IMP tables as data, and the difference → IMPs conversion.

Every table the two texts print is here, registered by name with aliases:

=========  ==========================================  =====  ===========================
name       table                                       max    aliases
=========  ==========================================  =====  ===========================
``1938``   European Match Points, Oslo 1938             12     ``emp``
``1948``   revised table, Copenhagen 1948               15
``1961``   revised table of 1961                        25
``1962``   WBF table from 1 September 1962 (current)    24     ``current``, ``wbf``
=========  ==========================================  =====  ===========================

A table is kept as the text prints it (rows ``from``–``to`` → IMPs) and is read
through the **lower bounds** of its rows: the row for *k* IMPs covers every
difference from its ``from`` up to (not including) the next row's ``from``. So
every non-negative integer maps to exactly one row, whether or not it is a
multiple of 10 and whether or not it falls in a gap the printed table leaves
between two rows — a difference in a gap takes the lower row's IMPs (1948:
50 and 60 lie between ``20–40 → 1`` and ``70–130 → 2`` and score 1). A
difference below the first printed row scores 0 (1938 starts at ``10–30 → 1``,
so 0–9 score 0). The sign of the IMPs follows the sign of the difference.

Texts: ``000`` is the Finnish "Bridgen pistelasku" ('Imppitaulukko'), ``001`` the
Spanish "Puntuación de puente" ('Tabla IMP' and the history tables).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Final

from bridgescore.core.registry import Registry
from bridgescore.errors import BridgeInputError
from bridgescore.errors import marked as _


class DuplicateError(BridgeInputError):
    """Input that cannot be compared across tables (a bad score list, count or award)."""


class UnknownMethodError(DuplicateError, LookupError):
    """An unknown IMP table, matchpoint scale, policy, preset or method name."""


@dataclass(frozen=True, slots=True)
class ImpRow:
    """One printed row: differences ``low`` to ``high`` (``None``: "or more") → ``imps``."""

    low: int
    high: int | None
    imps: int

    def __str__(self) -> str:
        upper = "+" if self.high is None else f"–{self.high}"
        return f"{self.low}{upper} → {self.imps}"


@dataclass(frozen=True, slots=True)
class ImpTable:
    """One IMP table: its printed rows, in ascending order, and where it comes from.

    The rows must ascend without overlapping, the IMP values must run 1, 2, 3...
    (after an optional 0 row) and only the last row is open-ended; a table that
    breaks these rules is refused when it is built. Gaps between rows are allowed
    (some old tables have them) and are listed by :attr:`gaps`.
    """

    name: str
    aliases: tuple[str, ...]
    title: str
    rows: tuple[ImpRow, ...]
    sources: tuple[str, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())
    _thresholds: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rows = self.rows
        if not rows or rows[-1].high is not None:
            raise DuplicateError(
                _("IMP table {name}: the last row must be open-ended", name=self.name)
            )
        first = rows[0].imps
        if first not in (0, 1):
            raise DuplicateError(_("IMP table {name}: rows start at 0 or 1 IMP", name=self.name))
        for i, row in enumerate(rows):
            if row.imps != first + i:
                raise DuplicateError(
                    _("IMP table {name}: row {row} is out of sequence", name=self.name, row=row)
                )
            if row.high is not None and row.high < row.low:
                raise DuplicateError(
                    _("IMP table {name}: row {row} ends before it starts", name=self.name, row=row)
                )
            if i + 1 < len(rows):
                if row.high is None:
                    raise DuplicateError(
                        _("IMP table {name}: only the last row is open-ended", name=self.name)
                    )
                if rows[i + 1].low <= row.high:
                    raise DuplicateError(
                        _(
                            "IMP table {name}: rows {row} and {next} overlap",
                            name=self.name,
                            row=row,
                            next=rows[i + 1],
                        )
                    )
        object.__setattr__(self, "_thresholds", tuple(r.low for r in rows if r.imps > 0))

    @property
    def max_imps(self) -> int:
        """The IMPs of the open-ended last row (12, 15, 25 or 24)."""
        return self.rows[-1].imps

    @property
    def thresholds(self) -> tuple[int, ...]:
        """The smallest difference worth 1, 2, ... ``max_imps`` IMPs."""
        return self._thresholds

    @property
    def gaps(self) -> tuple[tuple[int, int], ...]:
        """Multiples of 10 that no printed row covers, as (first, last) pairs.

        A difference below the first row (1938: 0) is not listed: it is worth 0.
        """
        found = []
        for row, nxt in pairwise(self.rows):
            assert row.high is not None
            if nxt.low - row.high > 10:
                found.append((row.high + 10, nxt.low - 10))
        return tuple(found)

    def row(self, imps: int) -> ImpRow:
        """The printed row worth ``imps`` IMPs (0 to ``max_imps``)."""
        for candidate in self.rows:
            if candidate.imps == imps:
                return candidate
        raise DuplicateError(
            _("{imps!r}: table {name} has no row for that many IMPs", imps=imps, name=self.name)
        )

    def imps(self, difference: int) -> int:
        """IMPs for a points difference; the sign follows the difference."""
        if isinstance(difference, bool) or not isinstance(difference, int):
            raise DuplicateError(
                _(
                    "{value!r}: a points difference is a whole number of points",
                    value=difference,
                )
            )
        won = bisect_right(self._thresholds, abs(difference))
        return won if difference >= 0 else -won

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"get_imp_table({self.name!r})"


def _rows(*triples: tuple[int, int | None, int]) -> tuple[ImpRow, ...]:
    return tuple(ImpRow(low, high, imps) for low, high, imps in triples)


_ROWS_1962 = _rows(
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11),
    (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16),
    (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21),
    (3000, 3490, 22), (3500, 3990, 23), (4000, None, 24),
)  # fmt: skip

_ROWS_1961 = _rows(
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11),
    (600, 690, 12), (700, 790, 13), (800, 890, 14), (900, 1040, 15), (1050, 1190, 16),
    (1200, 1340, 17), (1350, 1490, 18), (1500, 1740, 19), (1750, 1990, 20), (2000, 2240, 21),
    (2250, 2490, 22), (2500, 2990, 23), (3000, 3490, 24), (3500, None, 25),
)  # fmt: skip

_ROWS_1948 = _rows(
    (0, 10, 0), (20, 40, 1), (70, 130, 2), (140, 210, 3), (220, 340, 4), (350, 490, 5),
    (500, 740, 6), (750, 990, 7), (1000, 1240, 8), (1250, 1490, 9), (1500, 1990, 10),
    (2000, 2490, 11), (2500, 2990, 12), (3000, 3490, 13), (3500, 3990, 14), (4000, None, 15),
)  # fmt: skip

_ROWS_1938 = _rows(
    (10, 30, 1), (40, 60, 2), (70, 100, 3), (110, 180, 4), (190, 290, 5), (300, 390, 6),
    (400, 490, 7), (500, 590, 8), (600, 740, 9), (750, 1490, 10), (1500, 1990, 11),
    (2000, None, 12),
)  # fmt: skip

_SEED_000 = "“Bridgen pistelasku” (Finnish) 'Imppitaulukko'"
_SEED_001 = "“Puntuación de puente” (Spanish) 'Tabla IMP'"

_TABLES = (
    ImpTable(
        name="1962",
        aliases=("current", "wbf"),
        title="WBF IMP table from 1 September 1962 (Law 78B; the current table)",
        rows=_ROWS_1962,
        sources=(
            _SEED_000,
            _SEED_001,
            "“Puntuación de puente” 'Cuadro IMP revisado a partir del 1 de septiembre de 1962'",
        ),
        notes=(
            "“Puntuación de puente”'s 1962 history table prints the 13-IMP row as 750–990, "
            "which would overlap the 14-IMP row (900–1090); “Bridgen pistelasku”'s table and "
            "“Puntuación de puente”'s own main "
            "IMP table both read 750–890, which is followed here.",
        ),
    ),
    ImpTable(
        name="1961",
        aliases=(),
        title="IMP table revised in 1961 (maximum 25)",
        rows=_ROWS_1961,
        sources=("“Puntuación de puente” 'Cuadro IMP revisado de 1961'",),
    ),
    ImpTable(
        name="1948",
        aliases=(),
        title="IMP table revised for the 1948 European Championship, Copenhagen (maximum 15)",
        rows=_ROWS_1948,
        sources=("“Puntuación de puente” 'Cuadro IMP revisado 1948'",),
        notes=(
            "The text's rows leave 50–60 uncovered (20–40 → 1, then 70–130 → 2); a "
            "difference in that gap takes the lower row's IMPs, 1.",
        ),
    ),
    ImpTable(
        name="1938",
        aliases=("emp",),
        title="European Match Points (EMP), 1938 European Championship, Oslo (maximum 12)",
        rows=_ROWS_1938,
        sources=("“Puntuación de puente” 'Mesa EMP original 1938'",),
        notes=("The text's first row is 10–30 → 1; a difference of 0–9 is worth 0.",),
    ),
)

IMP_TABLE_REGISTRY: Final = Registry(
    _("known IMP table"), UnknownMethodError, _TABLES, default="1962"
)
"""Every IMP table by name and alias, newest first."""

IMP_TABLES: Final[Mapping[str, ImpTable]] = IMP_TABLE_REGISTRY.mapping()
DEFAULT_IMP_TABLE: Final = IMP_TABLE_REGISTRY.default


def imp_table_names() -> tuple[str, ...]:
    """The tables' names, newest first: ``('1962', '1961', '1948', '1938')``."""
    return IMP_TABLE_REGISTRY.names()


def get_imp_table(name: str | ImpTable = DEFAULT_IMP_TABLE) -> ImpTable:
    """Look up a table by name or alias (``'1962'``, ``'current'``, ``'wbf'``, ``'emp'``...)."""
    if isinstance(name, ImpTable):
        return name
    return IMP_TABLE_REGISTRY.get(name)


def imps(difference: int, table: str | ImpTable = DEFAULT_IMP_TABLE) -> int:
    """Convert a points difference to IMPs; negative differences give negative IMPs.

    >>> imps(720), imps(-30), imps(890), imps(900)
    (12, -1, 13, 14)
    >>> imps(55, "1948"), imps(5, "1938")
    (1, 0)
    """
    return get_imp_table(table).imps(difference)
