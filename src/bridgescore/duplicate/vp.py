"""Victory points: a match's IMP margin shared out as a fixed total of VPs.

Three kinds of scale, each a frozen value:

* :class:`WBFScale` — the WBF 2013 continuous 20-VP scale for a match of ``boards``
  boards, to two decimals. The formula alone does not give the published tables;
  the rule that does (checked against every cell of “Bridgen pistelasku”'s table) is: round
  the formula to hundredths, then raise cells by 0.01 until each extra IMP is worth
  no more than the one before. See ``docs/victory-points.md``.
* :class:`TableScale` — a discrete scale of IMP bands: the “Puntuación de puente” 20-point and
  30-point scales (registered as ``"20"`` and ``"30"``), or a club's own, read from a
  small text file with :func:`load_scale` / :func:`loads_scale`.

Every value is kept as whole hundredths of a VP (``int``), so the two sides of a match
always add up to the scale's total exactly; :func:`vp` turns them into floats at the
edge. Pairs are given with the side whose margin it is first: ``vp(-12, scale="20")``
is ``(5.0, 15.0)``, the side that lost by 12 IMPs first.

Texts: ``000`` is the Finnish "Bridgen pistelasku" (the "Ottelupistetaulukko" and "the
loser's VPs are 20 minus the winner's"), ``001`` the Spanish "Puntuación de puente"
("Puntuación de puntos de victoria").
"""

from __future__ import annotations

import math
import operator
import os
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation, localcontext
from functools import lru_cache
from pathlib import Path
from typing import Final, Literal

from bridgescore.core._tokens import quote
from bridgescore.core.registry import Registry
from bridgescore.errors import BridgeInputError, LocatedError, Message
from bridgescore.errors import marked as _

__all__ = [
    "MAX_BOARDS",
    "SCALE_20",
    "SCALE_30",
    "WBF_TOTAL",
    "ScaleFileError",
    "TableScale",
    "UnknownScaleError",
    "VPBand",
    "VPScale",
    "VictoryPointError",
    "WBFScale",
    "dump_scale",
    "dumps_scale",
    "get_scale",
    "load_scale",
    "loads_scale",
    "register_scale",
    "scale_names",
    "scale_problems",
    "unregister_scale",
    "vp",
    "vp_hundredths",
    "wbf_formula",
    "wbf_table",
]


# --- errors ----------------------------------------------------------------------------------


class VictoryPointError(BridgeInputError):
    """A margin, board count or scale that victory points cannot be worked out for."""


class UnknownScaleError(VictoryPointError, LookupError):
    """A scale name that is not registered (the message lists the valid ones)."""


class ScaleFileError(LocatedError, VictoryPointError):
    """A problem in a scale file, with the file name and the line."""


# --- input checks ----------------------------------------------------------------------------


def _whole(value: object, what: Literal["margin", "boards"]) -> int:
    """``value`` as an ``int`` if it is a whole number type (not ``bool``, not ``float``)."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    if what == "margin":
        message = _("IMP margin {value} is not a whole number", value=quote(value))
    else:
        message = _("boards={value} is not a whole number", value=quote(value))
    raise VictoryPointError(message)


def _margin(imp_margin: object) -> int:
    return _whole(imp_margin, "margin")


MAX_BOARDS: Final = 10_000
"""The longest match :class:`WBFScale` accepts (its table has about 15·√boards rows)."""


def _boards(boards: object) -> int:
    n = _whole(boards, "boards")
    if not 1 <= n <= MAX_BOARDS:
        raise VictoryPointError(
            _(
                "boards={boards!r}: a match has a whole number of boards from 1 to {most}",
                boards=boards,
                most=MAX_BOARDS,
            )
        )
    return n


def _fmt(hundredths: int) -> str:
    """Hundredths of a VP as short text: ``1000`` -> ``'10'``, ``1575`` -> ``'15.75'``."""
    sign = "-" if hundredths < 0 else ""
    whole, cents = divmod(abs(hundredths), 100)
    return f"{sign}{whole}" if cents == 0 else f"{sign}{whole}.{cents:02d}"


# --- the scale protocol ----------------------------------------------------------------------


class VPScale(ABC):
    """A victory-point scale: an IMP margin in, the two sides' shares of a fixed total out.

    Subclasses give the winner's share for a margin of 0 or more; this class turns it
    into the pair for any margin, the margin's side first, the loser's share being the
    total minus the winner's (“Bridgen pistelasku”: "häviäjäjoukkueen pisteet saadaan
    vähentämällä voittajien pisteet kahdestakymmenestä").
    """

    __slots__ = ()

    name: str
    """The registered name (``'wbf'``, ``'20'``, ``'30'``, or a club's own)."""

    @property
    @abstractmethod
    def total(self) -> int:
        """The VPs shared out in every match, in hundredths (``2000`` for 20 VP)."""

    @property
    @abstractmethod
    def full_margin(self) -> int:
        """The smallest margin at which the scale stops growing (the "blitz")."""

    @abstractmethod
    def winner_hundredths(self, margin: int) -> int:
        """The winner's share for a margin of ``margin >= 0`` IMPs, in hundredths."""

    def hundredths(self, imp_margin: int) -> tuple[int, int]:
        """The two sides' VPs in hundredths, the side with ``imp_margin`` first."""
        margin = _margin(imp_margin)
        winner = self.winner_hundredths(abs(margin))
        loser = self.total - winner
        return (winner, loser) if margin >= 0 else (loser, winner)

    def vp(self, imp_margin: int) -> tuple[float, float]:
        """The two sides' VPs (floats exact to the hundredth), the margin's side first."""
        first, second = self.hundredths(imp_margin)
        return first / 100, second / 100


# --- the WBF continuous scale ----------------------------------------------------------------

WBF_TOTAL: Final = 2000
"""The WBF scale's total in hundredths: 20 VP."""

_TAU: Final = (math.sqrt(5) - 1) / 2
_HALF_GUARD: Final = 1e-6


def wbf_formula(imp_margin: float, boards: int) -> float:
    """The WBF 2013 formula, unrounded: the VPs of the side with ``imp_margin``.

    ``10 + 10 * (1 - tau ** (3 * M / B)) / (1 - tau ** 3)`` with ``tau = (sqrt 5 - 1)/2``
    and ``B = 15 * sqrt(boards)``, capped at 20 (and the other side's is 20 minus it).
    This is the curve the table is drawn from, not the table: see :func:`wbf_table`.
    """
    n = _boards(boards)
    m = abs(float(imp_margin))
    blitz = 15 * math.sqrt(n)
    value = min(20.0, 10 + 10 * (1 - math.pow(_TAU, 3 * m / blitz)) / (1 - _TAU**3))
    return value if imp_margin >= 0 else 20.0 - value


def _rounded_formula(margin: int, boards: int) -> int:
    """The formula rounded to the nearest hundredth (halves up), capped at 2000.

    Computed in floats; when a value lies within a millionth of a hundredth of a
    half-way point (none does for 1-2000 boards, the closest is 5e-7 away) it is
    computed again in 50-digit decimals so that the rounding cannot go the wrong way.
    """
    blitz = 15 * math.sqrt(boards)
    x = 1000 + 1000 * (1 - math.pow(_TAU, 3 * margin / blitz)) / (1 - _TAU**3)
    if x >= WBF_TOTAL:
        return WBF_TOTAL
    if abs(x - math.floor(x) - 0.5) < _HALF_GUARD:
        return _rounded_formula_exact(margin, boards)
    return math.floor(x + 0.5)


def _rounded_formula_exact(margin: int, boards: int) -> int:
    with localcontext() as ctx:
        ctx.prec = 50
        tau = (Decimal(5).sqrt() - 1) / 2
        blitz = 15 * Decimal(boards).sqrt()
        power = (Decimal(3 * margin) / blitz * tau.ln()).exp()
        x = 1000 + 1000 * (1 - power) / (1 - tau**3)
        return min(WBF_TOTAL, int(x.to_integral_value(rounding=ROUND_HALF_UP)))


@lru_cache(maxsize=256)
def _wbf_hundredths(boards: int) -> tuple[int, ...]:
    """The table for ``boards`` boards, margins 0 up to the first 20.00, in hundredths.

    The rounded formula, then the least concave majorant in whole hundredths: while a
    cell is worth less than the average of its neighbours (the IMP after it would gain
    more than the IMP before it), raise it by 0.01. The result does not depend on the
    order the cells are visited in (see the docs), and it never exceeds 20.00.
    """
    last = math.ceil(15 * math.sqrt(boards))  # the formula reaches 20 here at the latest
    values = [_rounded_formula(m, boards) for m in range(last + 1)]
    pending = list(range(1, last))
    while pending:
        m = pending.pop()
        if 2 * values[m] < values[m - 1] + values[m + 1]:
            values[m] += 1
            pending.extend(i for i in (m - 1, m, m + 1) if 1 <= i < last)
    return tuple(values[: values.index(WBF_TOTAL) + 1])


def wbf_table(boards: int) -> tuple[int, ...]:
    """The WBF 20-VP table for a match of ``boards`` boards, in hundredths of a VP.

    Entry ``m`` is the winner's VPs for a margin of ``m`` IMPs, from 0 (``1000``) to the
    first margin that gives the full 20 VP (``2000``); larger margins give 20 too.
    """
    return _wbf_hundredths(_boards(boards))


@dataclass(frozen=True, slots=True)
class WBFScale(VPScale):
    """The WBF 2013 continuous 20-VP scale for a match of ``boards`` boards."""

    boards: int
    name: str = field(default="wbf", init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "boards", _boards(self.boards))

    @property
    def total(self) -> int:
        return WBF_TOTAL

    @property
    def full_margin(self) -> int:
        return len(self.table()) - 1

    def table(self) -> tuple[int, ...]:
        """This scale's table in hundredths: see :func:`wbf_table`."""
        return _wbf_hundredths(self.boards)

    def winner_hundredths(self, margin: int) -> int:
        table = self.table()
        m = _margin(margin)
        if m < 0:
            raise VictoryPointError(_("winner's margin {margin} is negative", margin=quote(margin)))
        return table[m] if m < len(table) else WBF_TOTAL

    def to_table_scale(self) -> TableScale:
        """The same scale as one band per margin, e.g. to write it to a club's file."""
        table = self.table()
        last = len(table) - 1
        bands = tuple(
            VPBand(m, None if m == last else m, value, WBF_TOTAL - value)
            for m, value in enumerate(table)
        )
        return TableScale(f"wbf-{self.boards}", bands)


# --- discrete scales -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VPBand:
    """IMP margins ``imps_from`` to ``imps_to`` (``None``: and more) and their VPs.

    VPs are in hundredths: ``VPBand(1, 2, 1100, 900)`` is "1-2 IMPs: 11-9".
    """

    imps_from: int
    imps_to: int | None
    winner_hundredths: int
    loser_hundredths: int

    def __str__(self) -> str:
        if self.imps_to is None:
            imps = f"{self.imps_from}+"
        elif self.imps_to == self.imps_from:
            imps = str(self.imps_from)
        else:
            imps = f"{self.imps_from}-{self.imps_to}"
        return f"{imps}: {_fmt(self.winner_hundredths)}-{_fmt(self.loser_hundredths)}"

    @property
    def total(self) -> int:
        """Winner's plus loser's VPs, in hundredths."""
        return self.winner_hundredths + self.loser_hundredths


def _band_problems(bands: tuple[VPBand, ...]) -> list[tuple[int, Message]]:
    """Every problem in a band list, as (index of the band, message)."""
    problems: list[tuple[int, Message]] = []
    if not bands:
        return [(0, _("a scale needs at least one row (margin 0)"))]
    first = bands[0]
    for i, band in enumerate(bands):
        if band.imps_from < 0 or (band.imps_to is not None and band.imps_to < band.imps_from):
            problems.append(
                (
                    i,
                    _(
                        "margins {start} to {end} are not a range",
                        start=band.imps_from,
                        end=band.imps_to,
                    ),
                )
            )
        if band.winner_hundredths < 0 or band.loser_hundredths < 0:
            problems.append((i, _("negative VPs in {band}", band=band)))
        if band.total != first.total:
            problems.append(
                (
                    i,
                    _(
                        "winner + loser = {total} in {band}, but {first_total} in the first row"
                        " ({first})",
                        total=_fmt(band.total),
                        band=band,
                        first_total=_fmt(first.total),
                        first=first,
                    ),
                )
            )
        if band.imps_from == 0 and band.winner_hundredths != band.loser_hundredths:
            problems.append(
                (i, _("a margin of 0 IMPs is a tie, but the row gives {band}", band=band))
            )
        if i == 0:
            if band.imps_from != 0:
                problems.append(
                    (i, _("the scale starts at margin {start}, not 0", start=band.imps_from))
                )
            continue
        before = bands[i - 1]
        if before.imps_to is None:
            problems.append(
                (i, _("{band} comes after the open-ended row {before}", band=band, before=before))
            )
            continue
        if band.imps_from > before.imps_to + 1:
            gap_to = band.imps_from - 1
            gap: int | Message = (
                gap_to
                if gap_to == before.imps_to + 1
                else _("{start} to {end}", start=before.imps_to + 1, end=gap_to)
            )
            problems.append(
                (
                    i,
                    _(
                        "gap: margin {gap} missing between {before} and {band}",
                        gap=gap,
                        before=before,
                        band=band,
                    ),
                )
            )
        elif band.imps_from <= before.imps_to:
            problems.append(
                (
                    i,
                    _(
                        "overlap: {band} and {before} both cover {margin}",
                        band=band,
                        before=before,
                        margin=band.imps_from,
                    ),
                )
            )
        if band.winner_hundredths < before.winner_hundredths:
            problems.append(
                (
                    i,
                    _(
                        "not monotone: the winner gets {vps} for {imps} IMPs but {before_vps}"
                        " in {before}",
                        vps=_fmt(band.winner_hundredths),
                        imps=band.imps_from,
                        before_vps=_fmt(before.winner_hundredths),
                        before=before,
                    ),
                )
            )
    return problems


def _and_more(message: Message, problems: int) -> Message:
    """``message``, saying how many more problems there are after it."""
    if problems <= 1:
        return message
    if problems == 2:
        return _("{problem} (and 1 more)", problem=message)
    return _("{problem} (and {count} more)", problem=message, count=problems - 1)


@dataclass(frozen=True, slots=True)
class TableScale(VPScale):
    """A discrete scale: bands of IMP margins, each giving fixed VPs to the two sides.

    Bands start at margin 0 (a tie), follow on without gaps or overlaps, never give the
    winner less than the band before, and always add up to the same total. Margins past
    the last band get the last band's VPs.
    """

    name: str
    bands: tuple[VPBand, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "bands", tuple(self.bands))
        problems = _band_problems(self.bands)
        if problems:
            index, message = problems[0]
            raise VictoryPointError(
                _and_more(
                    _(
                        "scale {name!r}, row {row}: {problem}",
                        name=self.name,
                        row=index + 1,
                        problem=message,
                    ),
                    len(problems),
                )
            )

    @classmethod
    def from_rows(
        cls,
        name: str,
        rows: Iterable[tuple[int, int | None, int | str | Decimal, int | str | Decimal]],
    ) -> TableScale:
        """Build from ``(imps_from, imps_to, winner_vp, loser_vp)`` rows in whole VPs
        (``int``, or ``str``/``Decimal`` with up to two decimals)."""
        return cls(
            name,
            tuple(VPBand(a, b, _hundredths_of(w), _hundredths_of(lo)) for a, b, w, lo in rows),
        )

    @property
    def total(self) -> int:
        return self.bands[0].total

    @property
    def full_margin(self) -> int:
        top = self.bands[-1].winner_hundredths
        return next(band.imps_from for band in self.bands if band.winner_hundredths == top)

    def band(self, margin: int) -> VPBand:
        """The band a winner's margin (0 or more) falls in."""
        m = _margin(margin)
        if m < 0:
            raise VictoryPointError(_("winner's margin {margin} is negative", margin=quote(margin)))
        for band in self.bands:
            if band.imps_to is None or m <= band.imps_to:
                return band
        return self.bands[-1]

    def winner_hundredths(self, margin: int) -> int:
        return self.band(margin).winner_hundredths


def _hundredths_of(value: int | str | Decimal) -> int:
    if isinstance(value, bool):
        raise VictoryPointError(_("{value} is not a number of VPs", value=quote(value)))
    try:
        exact = Decimal(value) * 100
    except (InvalidOperation, TypeError, ValueError):
        raise VictoryPointError(_("{value} is not a number of VPs", value=quote(value))) from None
    if not exact.is_finite() or exact != exact.to_integral_value():
        raise VictoryPointError(
            _("{value} VPs: give VPs to two decimals at most", value=quote(value))
        )
    return int(exact)


# “Puntuación de puente”, "Escala de 20 puntos": 0 -> 10-10, 1-2 -> 11-9, ..., 28+ -> 20-0.
SCALE_20: Final = TableScale.from_rows(
    "20",
    [
        (0, 0, 10, 10),
        (1, 2, 11, 9),
        (3, 4, 12, 8),
        (5, 7, 13, 7),
        (8, 10, 14, 6),
        (11, 13, 15, 5),
        (14, 16, 16, 4),
        (17, 19, 17, 3),
        (20, 23, 18, 2),
        (24, 27, 19, 1),
        (28, None, 20, 0),
    ],
)

# “Puntuación de puente”, "Escala de 30 puntos": 0 -> 15-15, then 18-12 for a 1-IMP win (a
# 3-VP step, as printed; bridgehands.com's North American 6-8 board scale agrees), then 1 VP
# per band.
SCALE_30: Final = TableScale.from_rows(
    "30",
    [
        (0, 0, 15, 15),
        (1, 1, 18, 12),
        (2, 2, 19, 11),
        (3, 3, 20, 10),
        (4, 4, 21, 9),
        (5, 6, 22, 8),
        (7, 8, 23, 7),
        (9, 10, 24, 6),
        (11, 13, 25, 5),
        (14, 16, 26, 4),
        (17, 19, 27, 3),
        (20, 23, 28, 2),
        (24, 27, 29, 1),
        (28, None, 30, 0),
    ],
)


# --- the registry ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _WBFFamily:
    """The WBF continuous scales as one registry entry: the scale depends on the boards."""

    name: str = "wbf"
    aliases: tuple[str, ...] = ("wbf2013", "wbf-2013", "continuous")


_WBF: Final = _WBFFamily()

VP_SCALE_REGISTRY: Final = Registry[TableScale | _WBFFamily](
    _("scale"), VictoryPointError, (_WBF,), default="wbf"
)
"""Every victory-point scale by name and alias: ``wbf`` (for any match length), the
20- and 30-point tables, and the clubs' scales added with :func:`register_scale`."""
VP_SCALE_REGISTRY.add(SCALE_20, "20-point", "20vp", "vp20", builtin=True)
VP_SCALE_REGISTRY.add(SCALE_30, "30-point", "30vp", "vp30", builtin=True)

DEFAULT_VP_SCALE: Final = VP_SCALE_REGISTRY.default


def register_scale(scale: TableScale, *aliases: str, replace: bool = False) -> TableScale:
    """Make ``scale`` available by its name (and ``aliases``) to :func:`vp` and
    :func:`get_scale`. A name already in use is refused unless ``replace=True``; the
    built-in names (``wbf``, ``20``, ``30`` and their aliases) are never replaced."""
    if not isinstance(scale, TableScale):
        raise VictoryPointError(_("{scale!r}: only a TableScale can be registered", scale=scale))
    VP_SCALE_REGISTRY.add(scale, *aliases, replace=replace)
    return scale


def unregister_scale(name: str) -> None:
    """Remove a scale added with :func:`register_scale`, with its aliases."""
    if name not in VP_SCALE_REGISTRY or VP_SCALE_REGISTRY.get(name).name in ("wbf", "20", "30"):
        raise UnknownScaleError(_("{name!r} is not a registered club scale", name=name))
    VP_SCALE_REGISTRY.remove(name)


def scale_names() -> tuple[str, ...]:
    """The registered scale names: ``'wbf'`` first, then the discrete scales."""
    return VP_SCALE_REGISTRY.names()


def _unknown(scale: object) -> UnknownScaleError:
    return UnknownScaleError(
        _(
            "{scale!r} is not a victory-point scale; use one of {names}"
            " ('wbf' needs boards; aliases: {aliases})",
            scale=scale,
            names=", ".join(repr(n) for n in scale_names()),
            aliases=", ".join(VP_SCALE_REGISTRY.aliases()),
        )
    )


def depends_on_boards(scale: str | VPScale) -> bool:
    """Whether the scale's victory points depend on the match length (the WBF's continuous
    scale), so that a caller must give the number of boards."""
    return isinstance(get_scale(scale, 1), WBFScale)


def get_scale(scale: str | VPScale = DEFAULT_VP_SCALE, boards: int | None = None) -> VPScale:
    """The scale named ``scale`` (case-insensitive, aliases allowed), or ``scale`` itself.

    ``'wbf'`` depends on the match length, so it needs ``boards``; the discrete scales
    do not, and ignore it (it is still checked). A :class:`WBFScale` given together with
    a different ``boards`` is an error.
    """
    n = None if boards is None else _boards(boards)
    if isinstance(scale, WBFScale):
        if n is not None and n != scale.boards:
            raise VictoryPointError(
                _(
                    "boards={boards!r} but the scale is for {scale_boards}",
                    boards=boards,
                    scale_boards=scale.boards,
                )
            )
        return scale
    if isinstance(scale, VPScale):
        return scale
    if not isinstance(scale, str):
        raise _unknown(scale)
    found = VP_SCALE_REGISTRY.find(scale)
    if found is None:
        raise _unknown(scale)
    if isinstance(found, _WBFFamily):
        if n is None:
            raise VictoryPointError(
                _(
                    "the {scale!r} scale depends on the number of boards: pass boards=...",
                    scale=scale,
                )
            )
        return WBFScale(n)
    return found


def vp_hundredths(
    imp_margin: int, boards: int | None = None, scale: str | VPScale = "wbf"
) -> tuple[int, int]:
    """Like :func:`vp`, in whole hundredths of a VP (they add up to the total exactly)."""
    return get_scale(scale, boards).hundredths(imp_margin)


def vp(
    imp_margin: int, boards: int | None = None, scale: str | VPScale = "wbf"
) -> tuple[float, float]:
    """The two sides' victory points for a match won by ``imp_margin`` IMPs.

    The side whose margin it is comes first: ``vp(12, scale="20")`` is ``(15.0, 5.0)``
    and ``vp(-12, scale="20")`` is ``(5.0, 15.0)``. The floats are the VPs to two
    decimals; use :func:`vp_hundredths` for exact sums.
    """
    return get_scale(scale, boards).vp(imp_margin)


# --- scale files -----------------------------------------------------------------------------

_INT = re.compile(r"[0-9]{1,9}")
_VP = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,2})?")
_HEADER_WORDS = frozenset({"imps", "imps_from", "imps_to", "from", "to", "margin", "vp"})

_Form = Literal["bands", "margins"]
_Problem = Callable[[int, Message], None]


def _parse_rows(
    text: str, source: str
) -> tuple[str | None, _Form | None, list[tuple[int, VPBand]], list[ScaleFileError]]:
    """Read the rows of a scale file: its ``name:`` (if any), (line, band) pairs, problems."""
    problems: list[ScaleFileError] = []
    rows: list[tuple[int, VPBand]] = []
    name: str | None = None
    form: _Form | None = None
    form_line = 0
    seen_header = False

    def problem(line: int, message: Message) -> None:
        problems.append(ScaleFileError(message, source=source, line=line))

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.lower().startswith("name:"):
            if rows or form is not None or name is not None:
                problem(
                    number,
                    _("{text}: the name goes once, before the rows", text=quote(raw.strip())),
                )
            else:
                name = line[5:].strip() or None
                if name is None:
                    problem(number, _("'name:' without a name"))
            continue
        semicolons = ";" in line
        fields = [f.strip() for f in line.split(";" if semicolons else ",")]
        if semicolons:
            fields = [f.replace(",", ".") for f in fields]
        if not seen_header and not rows and fields[0].lower() in _HEADER_WORDS:
            seen_header = True
            continue
        this_form: _Form | None = (
            "bands" if len(fields) == 4 else "margins" if len(fields) == 2 else None
        )
        if this_form is None:
            problem(
                number,
                _(
                    "{text}: expected 4 fields (imps_from,imps_to,winner_vp,loser_vp)"
                    " or 2 (margin,vp)",
                    text=quote(raw.strip()),
                ),
            )
            continue
        if form is None:
            form, form_line = this_form, number
        elif this_form != form:
            problem(
                number,
                _(
                    "{text}: {count} fields, but line {line} has {wanted}",
                    text=quote(raw.strip()),
                    count=len(fields),
                    line=form_line,
                    wanted=4 if form == "bands" else 2,
                ),
            )
            continue
        if form == "bands":
            band = _band_fields(fields, raw, number, problem)
        else:
            band = _margin_fields(fields, raw, number, problem, rows[0][1] if rows else None)
        if band is not None:
            rows.append((number, band))
    return name, form, rows, problems


def _band_fields(fields: list[str], raw: str, number: int, problem: _Problem) -> VPBand | None:
    imps_from, imps_to, winner, loser = fields
    ok = True
    if not _INT.fullmatch(imps_from):
        problem(
            number,
            _(
                "{text}: imps_from {value} is not a whole number >= 0",
                text=quote(raw.strip()),
                value=quote(imps_from),
            ),
        )
        ok = False
    if imps_to not in ("", "+") and not _INT.fullmatch(imps_to):
        problem(
            number,
            _(
                "{text}: imps_to {value} is not a whole number >= 0 (or empty for 'and more')",
                text=quote(raw.strip()),
                value=quote(imps_to),
            ),
        )
        ok = False
    for label, value in (("winner_vp", winner), ("loser_vp", loser)):
        if not _VP.fullmatch(value):
            problem(
                number,
                _(
                    "{text}: {label} {value} is not VPs like 12 or 12.5",
                    text=quote(raw.strip()),
                    label=label,
                    value=quote(value),
                ),
            )
            ok = False
    if not ok:
        return None
    return VPBand(
        int(imps_from),
        None if imps_to in ("", "+") else int(imps_to),
        _hundredths_of(winner),
        _hundredths_of(loser),
    )


def _margin_fields(
    fields: list[str], raw: str, number: int, problem: _Problem, first: VPBand | None
) -> VPBand | None:
    margin, value = fields
    ok = True
    if not _INT.fullmatch(margin):
        problem(
            number,
            _(
                "{text}: margin {value} is not a whole number >= 0",
                text=quote(raw.strip()),
                value=quote(margin),
            ),
        )
        ok = False
    if not _VP.fullmatch(value):
        problem(
            number,
            _(
                "{text}: vp {value} is not VPs like 12 or 12.5",
                text=quote(raw.strip()),
                value=quote(value),
            ),
        )
        ok = False
    if not ok:
        return None
    winner = _hundredths_of(value)
    total = 2 * (winner if first is None else first.winner_hundredths)  # a tie at margin 0
    if winner > total:
        problem(
            number,
            _(
                "{text}: {value} VP is more than the total {total}",
                text=quote(raw.strip()),
                value=value,
                total=_fmt(total),
            ),
        )
        return None
    m = int(margin)
    return VPBand(m, m, winner, total - winner)


def _read(text: str, source: str) -> tuple[str | None, tuple[VPBand, ...], list[ScaleFileError]]:
    """A scale file's name line, its bands, and every problem (syntax and structure)."""
    name, form, rows, problems = _parse_rows(text, source)
    if not rows and not problems:
        problems.append(
            ScaleFileError(_("no rows: a scale needs at least margin 0"), source=source)
        )
    bands = tuple(band for _line, band in rows)
    for index, message in _band_problems(bands) if rows else []:
        problems.append(ScaleFileError(message, source=source, line=rows[index][0]))
    problems.sort(key=lambda e: e.line or 0)
    if form == "margins" and bands:  # the last margin's VPs hold for every larger margin
        last = bands[-1]
        bands = (
            *bands[:-1],
            VPBand(last.imps_from, None, last.winner_hundredths, last.loser_hundredths),
        )
    return name, bands, problems


def _loads(text: str, source: str, name: str | None, default_name: str) -> TableScale:
    named, bands, problems = _read(text, source)
    if problems:
        first = problems[0]
        raise ScaleFileError(
            _and_more(first.reason_message, len(problems)), source=source, line=first.line
        )
    return TableScale(name or named or default_name, bands)


def scale_problems(text: str, *, source: str = "<string>") -> list[ScaleFileError]:
    """Every problem in a scale file's text, each with its line (empty: the file is good)."""
    return _read(text, source)[2]


def loads_scale(text: str, *, source: str = "<string>", name: str | None = None) -> TableScale:
    """Read a scale from text (the format is described in ``docs/victory-points.md``).

    The scale's name is ``name``, else the text's ``name:`` line, else ``source``.
    Raises :class:`ScaleFileError` at the first problem, saying how many more there are;
    :func:`scale_problems` lists them all.
    """
    return _loads(text, source, name, source)


def load_scale(
    path: str | os.PathLike[str], *, name: str | None = None, encoding: str = "utf-8"
) -> TableScale:
    """Read a scale file; its name is ``name``, else its ``name:`` line, else the file's stem."""
    p = Path(path)
    data = p.read_bytes()
    try:
        text = data.decode("utf-8-sig" if encoding.lower() in ("utf-8", "utf8") else encoding)
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise ScaleFileError(
            _(
                "byte {byte:#04x} is not {encoding} text; save the file as UTF-8",
                byte=data[error.start],
                encoding=encoding,
            ),
            source=str(p),
            line=line,
        ) from None
    return _loads(text, str(p), name, p.stem)


def dumps_scale(scale: TableScale) -> str:
    """A scale as file text (the 4-column form), which :func:`loads_scale` reads back."""
    lines = [f"name: {scale.name}", "imps_from,imps_to,winner_vp,loser_vp"]
    for band in scale.bands:
        to = "" if band.imps_to is None else str(band.imps_to)
        lines.append(
            f"{band.imps_from},{to},{_fmt(band.winner_hundredths)},{_fmt(band.loser_hundredths)}"
        )
    return "\n".join(lines) + "\n"


def dump_scale(scale: TableScale, path: str | os.PathLike[str], *, encoding: str = "utf-8") -> None:
    """Write a scale file that :func:`load_scale` reads back."""
    Path(path).write_text(dumps_scale(scale), encoding=encoding)
