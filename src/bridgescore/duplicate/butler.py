"""Butler scoring: each result IMPed against a datum for the board.

The datum is the mean of the board's real results after leaving out some of the
top and bottom ones, rounded to a multiple of 10 (“Puntuación de puente”: "la puntuación
de referencia, que a menudo se calcula como la puntuación media a bordo,
excluyendo una serie de resultados superiores e inferiores. A veces, en su
lugar, se utiliza la puntuación media"). Presets say how many are left out and
how a datum ending in 5 is rounded:

- ``drop-1`` (default): leave out one top and one bottom result; a datum ending
  in 5 goes away from zero (125 → 130, −35 → −40), as Compscore 3 does.
- ``acbl``: leave out 5 % of the results at each end (n × 5 %, halves up, so one
  from 10 results, two from 30); a datum ending in 5 goes to the even ten
  (425 → 420, 435 → 440), as ACBLscore does.
- ``mean``: leave nothing out; halves away from zero.

However many a preset asks for, at least one result is kept (n = 2 keeps both).
Adjusted scores do not enter the datum: ``A+`` is worth +3 IMPs, ``A`` 0, ``A-``
−3 (configurable per preset); a percentage award (USEBIO's ``A6040``, ``60%/40%``)
is valued on the straight line through them, 40 % = ``A-``, 50 % = ``A``, 60 % =
``A+`` (so p % is (p − 50) / 10 × 3 IMPs: 55 % → +1.5), unless the preset's
``percentages`` rule is ``refuse``; a board not played scores nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Final

from bridgescore.core._tokens import lookup
from bridgescore.core.registry import Registry
from bridgescore.duplicate.board_scoring import BoardResults
from bridgescore.duplicate.entries import (
    Adjusted,
    AdjustedCode,
    AdjustedScoreError,
    Award,
    Entry,
    NotPlayed,
)
from bridgescore.duplicate.imps import (
    DEFAULT_IMP_TABLE,
    DuplicateError,
    ImpTable,
    UnknownMethodError,
    get_imp_table,
)
from bridgescore.duplicate.matchpoints import Halves, check_scores, round_to
from bridgescore.errors import marked as _


class PercentRule(StrEnum):
    """What a percentage award (``A6040``, ``55%``) is worth in IMPs under a preset."""

    LINEAR = "linear"
    """On the straight line through the preset's codes: 40 % is ``A-``, 50 % ``A``,
    60 % ``A+`` (with ±3: p % → (p − 50) × 3/10 IMPs)."""
    REFUSE = "refuse"
    """No IMP value: a percentage award on an IMP board is an error."""

    @classmethod
    def parse(cls, text: str | PercentRule) -> PercentRule:
        if isinstance(text, PercentRule):
            return text
        return lookup(
            text, _PERCENT_RULES, what=_("percentage rule"), error=DuplicateError,
            shown=_("linear or refuse"),
        )  # fmt: skip


_PERCENT_RULES = {"LINEAR": PercentRule.LINEAR, "REFUSE": PercentRule.REFUSE}

_PLUS_PERCENT: Final = Fraction(60)
_AVERAGE_PERCENT: Final = Fraction(50)
_MINUS_PERCENT: Final = Fraction(40)


@dataclass(frozen=True, slots=True)
class ButlerPreset:
    """How a datum is made and what artificial scores are worth in IMPs.

    ``drop`` results are left out at each end, or — when ``drop_fraction`` is
    given — that share of the results, rounded to the nearest whole number
    (halves up). ``halves`` rounds a datum ending in 5. ``percentages`` says what a
    percentage award is worth (:class:`PercentRule`).
    """

    name: str
    aliases: tuple[str, ...]
    title: str
    drop: int = 1
    drop_fraction: Fraction | None = None
    halves: Halves = Halves.AWAY_FROM_ZERO
    average_plus: int = 3
    average: int = 0
    average_minus: int = -3
    imp_table: str = DEFAULT_IMP_TABLE
    percentages: PercentRule = PercentRule.LINEAR
    sources: tuple[str, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        how = Halves.parse(self.halves)
        if how is Halves.TOWARD_AVERAGE:
            raise DuplicateError(
                _("a datum has no average to round toward; use away-from-zero or even")
            )
        object.__setattr__(self, "halves", how)
        object.__setattr__(self, "percentages", PercentRule.parse(self.percentages))
        get_imp_table(self.imp_table)
        for name in ("drop", "average_plus", "average", "average_minus"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise DuplicateError(_("{name}={value!r}: a whole number", name=name, value=value))
        if self.drop < 0:
            raise DuplicateError(
                _("drop={drop!r}: results left out at each end, 0 or more", drop=self.drop)
            )
        if self.drop_fraction is not None and not 0 <= self.drop_fraction < Fraction(1, 2):
            raise DuplicateError(
                _(
                    "drop_fraction={fraction!r}: a share from 0 to ½",
                    fraction=self.drop_fraction,
                )
            )

    def dropped(self, results: int) -> int:
        """How many results are left out at each end of a board with ``results`` results."""
        if self.drop_fraction is None:
            wanted = self.drop
        else:
            wanted = int(round_to(results * self.drop_fraction, 1, Halves.AWAY_FROM_ZERO))
        return max(0, min(wanted, (results - 1) // 2))

    def award_imps(self, award: Award) -> int | Fraction:
        """IMPs for an artificial adjusted score (``A+`` 3, ``A`` 0, ``A-`` −3 by default;
        a percentage by the preset's :class:`PercentRule`).

        >>> preset = get_butler_preset()
        >>> preset.award_imps(Fraction(60)), preset.award_imps(Fraction(45))
        (Fraction(3, 1), Fraction(-3, 2))
        """
        if award is AdjustedCode.AVERAGE_PLUS:
            return self.average_plus
        if award is AdjustedCode.AVERAGE:
            return self.average
        if award is AdjustedCode.AVERAGE_MINUS:
            return self.average_minus
        assert isinstance(award, Fraction)
        if self.percentages is PercentRule.REFUSE:
            raise AdjustedScoreError(
                _(
                    "{award}%: the {preset} preset gives a percentage award no IMP value;"
                    " use A+, A or A- on an IMP board",
                    award=award,
                    preset=self.name,
                )
            )
        if award >= _AVERAGE_PERCENT:
            step = Fraction(self.average_plus - self.average, _PLUS_PERCENT - _AVERAGE_PERCENT)
        else:
            step = Fraction(self.average - self.average_minus, _AVERAGE_PERCENT - _MINUS_PERCENT)
        return self.average + (award - _AVERAGE_PERCENT) * step

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"get_butler_preset({self.name!r})"


_IMP_ADJUSTED = (
    "Artificial scores at IMPs: average plus +3, average 0, average minus −3 (Laws of "
    "Duplicate Bridge 2017, Law 12C2(b): 'When the Director chooses to award an artificial "
    "adjusted score of average plus or average minus at IMP play, that score is plus 3 IMPs "
    "or minus 3 IMPs respectively'; ACBLscore manual 'IMP scoring methods', "
    "http://web2.acbl.org/acblscore/manual/83.htm: 'AVE 0 IMPs, AVE+ 3 IMPs' for datum and "
    "average cross-IMPs)"
)
_PERCENT_ADJUSTED = (
    "Percentage awards (USEBIO A6040, '60%/40%'): valued on the straight line through "
    "A- 40 % = −3, A 50 % = 0, A+ 60 % = +3 (Law 12C2(a): average plus is 'at least 60%' "
    "in pairs, average minus 'at most 40%'; Law 12C2(b): ±3 IMPs). The three points are "
    "the Laws'; the line between and beyond them (55 % → +1.5, 70 % → +6) is bridgescore's "
    "rule (UNVERIFIED against another program's file: no real butler or cross-IMP file "
    "at hand holds a percentage award)"
)

_PRESETS = (
    ButlerPreset(
        name="drop-1",
        aliases=("butler", "trimmed"),
        title="Mean without one top and one bottom result; halves away from zero",
        sources=(
            "“Puntuación de puente”: the datum is the mean 'excluding a number of top and bottom"
            " results'",
            "EBU newsletter, Tournament Focus Spring 2012 "
            "(https://www.ebu.co.uk/newsletters/?id=16&page=5): 'sometimes discarding the top "
            "and bottom one or two scores first'",
            "Compscore 3 USEBIO (abftech/cobalt results/tests/test_files/butler_howell.xml): "
            "every BOARD_AVERAGE is the mean without the top and bottom score; the 17 that end "
            "in 5 go away from zero (−35 → −40, 125 → 130, 425 → 430, 705 → 710)",
            _IMP_ADJUSTED,
            _PERCENT_ADJUSTED,
        ),
    ),
    ButlerPreset(
        name="acbl",
        aliases=("acblscore",),
        title="Mean without 5 % of the results at each end; halves to the even ten",
        drop=0,
        drop_fraction=Fraction(5, 100),
        halves=Halves.EVEN,
        sources=(
            "ACBLscore manual, 'IMP scoring methods' "
            "(http://web2.acbl.org/acblscore/manual/83.htm): the datum is rounded to the "
            "nearest 10; one ending in 5 goes to the even score (425 → 420, 435 → 440); by "
            "default 5 % high and 5 % low scores are removed",
            _IMP_ADJUSTED,
            _PERCENT_ADJUSTED,
        ),
        notes=(
            "How ACBLscore turns 5 % into a count is not stated: here n × 5 % rounded to "
            "the nearest whole number, halves up (UNVERIFIED).",
        ),
    ),
    ButlerPreset(
        name="mean",
        aliases=("average",),
        title="Mean of every result; halves away from zero",
        drop=0,
        sources=(
            "“Puntuación de puente”: 'A veces, en su lugar, se utiliza la puntuación media'",
            _IMP_ADJUSTED,
            _PERCENT_ADJUSTED,
        ),
    ),
)

BUTLER_PRESET_REGISTRY: Final = Registry(
    _("butler preset"), UnknownMethodError, _PRESETS, default="drop-1"
)
"""Every butler preset by name and alias."""

BUTLER_PRESETS: Final[Mapping[str, ButlerPreset]] = BUTLER_PRESET_REGISTRY.mapping()
DEFAULT_BUTLER_PRESET: Final = BUTLER_PRESET_REGISTRY.default
"""The default: one top and one bottom result left out, as "Puntuación de puente"
describes it, and checked against real Compscore files."""


def get_butler_preset(name: str | ButlerPreset = DEFAULT_BUTLER_PRESET) -> ButlerPreset:
    """Look up a preset by name or alias (``'drop-1'``, ``'acbl'``, ``'mean'``...)."""
    if isinstance(name, ButlerPreset):
        return name
    return BUTLER_PRESET_REGISTRY.get(name)


def datum_exact(
    scores: Sequence[int], preset: str | ButlerPreset = DEFAULT_BUTLER_PRESET
) -> Fraction:
    """The trimmed mean before rounding."""
    values = sorted(check_scores(scores))
    if not values:
        raise DuplicateError(_("a datum needs at least one score"))
    k = get_butler_preset(preset).dropped(len(values))
    kept = values[k : len(values) - k]
    return Fraction(sum(kept), len(kept))


def datum(scores: Sequence[int], preset: str | ButlerPreset = DEFAULT_BUTLER_PRESET) -> int:
    """The board's datum: the trimmed mean rounded to a multiple of 10.

    >>> datum([100, 100, -170, -680]), datum([600, 600, 600, -200], "mean")
    (-40, 400)
    """
    how = get_butler_preset(preset)
    return int(round_to(datum_exact(scores, how), 10, how.halves))


def butler(scores: Sequence[int], preset: str | ButlerPreset = DEFAULT_BUTLER_PRESET) -> list[int]:
    """Each NS score IMPed against the board's datum, in the given order.

    >>> butler([100, 100, -170, -680])
    [4, 4, -4, -12]
    """
    how = get_butler_preset(preset)
    table = get_imp_table(how.imp_table)
    values = check_scores(scores)
    if not values:
        return []
    level = datum(values, how)
    return [table.imps(score - level) for score in values]


@dataclass(frozen=True, slots=True)
class ButlerLine:
    """One entry's IMPs for each side; ``None`` for a board not played (a
    :class:`~fractions.Fraction` for a percentage award: 55 % is 3/2)."""

    entry: Entry
    ns_imps: int | Fraction | None
    ew_imps: int | Fraction | None


@dataclass(frozen=True, slots=True)
class ButlerBoard:
    """A board scored against its datum (``None`` when it has no real result)."""

    preset: ButlerPreset
    datum: int | None
    lines: tuple[ButlerLine, ...]

    @property
    def ns_imps(self) -> list[int | Fraction | None]:
        return [line.ns_imps for line in self.lines]

    @property
    def ew_imps(self) -> list[int | Fraction | None]:
        return [line.ew_imps for line in self.lines]


def butler_board(
    board: BoardResults | Sequence[Entry],
    preset: str | ButlerPreset = DEFAULT_BUTLER_PRESET,
    *,
    table: str | ImpTable | None = None,
) -> ButlerBoard:
    """A whole board: real results against the datum, adjusted scores by their code.

    >>> from bridgescore.duplicate.entries import Adjusted, NOT_PLAYED
    >>> scored = butler_board([620, 600, 170, Adjusted.parse("A+/A-"), NOT_PLAYED])
    >>> scored.datum, scored.ns_imps, scored.ew_imps
    (600, [1, 0, -10, 3, None], [-1, 0, 10, -3, None])
    """
    how = get_butler_preset(preset)
    imp_table = get_imp_table(how.imp_table if table is None else table)
    if not isinstance(board, BoardResults):
        board = BoardResults(tuple(board))
    scores = board.scores
    level = datum(scores, how) if scores else None
    lines = []
    for entry in board.entries:
        if isinstance(entry, NotPlayed):
            lines.append(ButlerLine(entry, None, None))
        elif isinstance(entry, Adjusted):
            lines.append(ButlerLine(entry, how.award_imps(entry.ns), how.award_imps(entry.ew)))
        else:
            assert level is not None
            won = imp_table.imps(entry - level)
            lines.append(ButlerLine(entry, won, -won))
    return ButlerBoard(how, level, tuple(lines))
