"""Matchpoints on one board, Neuberg's formula, and exact rounding.

Two scales (``001`` 'Puntuación de Matchpoint' and its Nota 1):

- ``european`` — 2 matchpoints for every result beaten, 1 for every tie; the top
  is 2 × (n − 1). This is “Bridgen pistelasku”'s "4-2-0" style ('Parikilpailulaskenta':
  the maximum is ``(pöytien määrä − 1) * 2``).
- ``acbl`` — the ACBL's 1 point per result beaten, ½ per tie; the top is n − 1.

Scores are North-South points, one per table; matchpoints come back in the same
order. East-West's matchpoints are the complement, ``top − NS`` (the same as
matchpointing the negated scores). Arithmetic is exact (:class:`~fractions.Fraction`);
the float results are exact too (halves), except after Neuberg scaling, whose
repeating decimals are rounded only by a policy (see ``matchpoint_policies.py``).

Neuberg (``neuberg``): a board with n results where N were expected is scored as
if each result had happened N/n times. In the european scale a raw score S_n
(top 2(n − 1)) becomes ``(S_n + 1) × N/n − 1`` (top 2(N − 1)); in the ACBL scale
``(S_n + ½) × N/n − ½``. The obsolete "manual method" (``manual``) adds one
european matchpoint (½ ACBL) per missing result: ``S_n + (N − n)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import Final

from bridgescore.core._tokens import lookup, normalise
from bridgescore.duplicate.imps import DuplicateError, UnknownMethodError
from bridgescore.errors import marked as _

HUNDRED: Final = Fraction(100)


class Scale(StrEnum):
    """How many matchpoints a result earns per comparison."""

    EUROPEAN = "european"
    """2 per result beaten, 1 per tie (top 2(n − 1)): “Bridgen pistelasku”'s 4-2-0, and
    “Puntuación de puente”'s."""
    ACBL = "acbl"
    """1 per result beaten, ½ per tie (top n − 1): “Puntuación de puente” Nota 1."""

    @property
    def per_win(self) -> Fraction:
        """Matchpoints for one result beaten: 2 or 1."""
        return _PER_WIN[self]

    @property
    def per_tie(self) -> Fraction:
        """Matchpoints for one tie: 1 or ½."""
        return _PER_TIE[self]

    def top(self, results: int) -> Fraction:
        """The top on a board with ``results`` results: 2(n − 1) or n − 1."""
        _check_count(results)
        return self.per_win * (results - 1) if results else Fraction(0)

    @classmethod
    def parse(cls, text: str | Scale) -> Scale:
        """``european`` (``eu``, ``international``, ``wbf``) or ``acbl`` (``american``)."""
        if isinstance(text, Scale):
            return text
        shown = _("european (2 per result beaten) or acbl (1 per result beaten)")
        return lookup(
            text, _SCALES, what=_("matchpoint scale"), error=UnknownMethodError, shown=shown
        )

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Scale.{self.name}"


_PER_WIN: Final = {Scale.EUROPEAN: Fraction(2), Scale.ACBL: Fraction(1)}
_PER_TIE: Final = {scale: per_win / 2 for scale, per_win in _PER_WIN.items()}

_SCALES = {
    normalise(k): v
    for k, v in {
        "european": Scale.EUROPEAN, "eu": Scale.EUROPEAN, "international": Scale.EUROPEAN,
        "wbf": Scale.EUROPEAN, "acbl": Scale.ACBL, "american": Scale.ACBL,
        "north-american": Scale.ACBL,
    }.items()
}  # fmt: skip


class NeubergMethod(StrEnum):
    """How a board with fewer results than expected is brought to the full top."""

    NEUBERG = "neuberg"
    """(S_n + 1) × N/n − 1 in european units; adopted by the WBF and ACBL in 1991."""
    MANUAL = "manual"
    """S_n + (N − n): the obsolete "manual method" (pjms.nl); ScoreBridge 10.25 uses it."""

    @classmethod
    def parse(cls, text: str | NeubergMethod) -> NeubergMethod:
        if isinstance(text, NeubergMethod):
            return text
        shown = _("neuberg or manual")
        return lookup(
            text, _METHODS, what=_("Neuberg method"), error=UnknownMethodError, shown=shown
        )

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"NeubergMethod.{self.name}"


_METHODS = {"NEUBERG": NeubergMethod.NEUBERG, "MANUAL": NeubergMethod.MANUAL}


class Halves(StrEnum):
    """Which way a value exactly halfway between two rounding steps goes."""

    AWAY_FROM_ZERO = "away-from-zero"
    """Up for positive values, down for negative ones (for matchpoints, plain "half up")."""
    EVEN = "even"
    """To the even step (banker's rounding)."""
    TOWARD_AVERAGE = "toward-average"
    """Toward the board's average: keeps NS + EW equal to the top after rounding."""

    @classmethod
    def parse(cls, text: str | Halves) -> Halves:
        if isinstance(text, Halves):
            return text
        shown = _("away-from-zero (up), even or toward-average")
        return lookup(
            text, _HALVES, what=_("rounding of halves"), error=UnknownMethodError, shown=shown
        )

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Halves.{self.name}"


_HALVES = {
    "AWAYFROMZERO": Halves.AWAY_FROM_ZERO, "AWAY": Halves.AWAY_FROM_ZERO,
    "UP": Halves.AWAY_FROM_ZERO, "HALFUP": Halves.AWAY_FROM_ZERO,
    "EVEN": Halves.EVEN, "HALFEVEN": Halves.EVEN,
    "TOWARDAVERAGE": Halves.TOWARD_AVERAGE,
}  # fmt: skip


def round_to(
    value: Fraction,
    step: Fraction | int,
    halves: Halves | str = Halves.AWAY_FROM_ZERO,
    *,
    average: Fraction | None = None,
) -> Fraction:
    """Round ``value`` exactly to a multiple of ``step``; ``halves`` settles ties.

    ``average`` is needed for :attr:`Halves.TOWARD_AVERAGE` (a value equal to it
    is already a multiple of the step or is rounded away from zero).

    >>> round_to(Fraction(43, 8), Fraction(1, 100))  # 5.375 -> 5.38
    Fraction(269, 50)
    >>> round_to(Fraction(425), 10, "even"), round_to(Fraction(-35), 10)
    (Fraction(420, 1), Fraction(-40, 1))
    """
    how = halves if isinstance(halves, Halves) else Halves.parse(halves)
    # value / step = (a / b) / (c / d) = a·d / (b·c), worked in whole numbers (this runs
    # for every line of every board): ``rest / whole`` is the part above ``low`` steps.
    a, b = value.numerator, value.denominator
    c, d = step.numerator, step.denominator
    whole = b * c
    low, rest = divmod(-a * d, -whole) if whole < 0 else divmod(a * d, whole)
    whole = abs(whole)
    if 2 * rest < whole:
        steps = low
    elif 2 * rest > whole:
        steps = low + 1
    elif how is Halves.EVEN:
        steps = low if low % 2 == 0 else low + 1
    elif how is Halves.TOWARD_AVERAGE and average is not None and value != average:
        steps = low if value > average else low + 1
    elif how is Halves.TOWARD_AVERAGE and average is None:
        raise DuplicateError(_("rounding halves toward the average needs the board's average"))
    else:
        steps = low + 1 if value > 0 else low
    return Fraction(steps * c, d)


@cache
def decimal_step(decimals: int) -> Fraction:
    """The step of rounding to ``decimals`` decimals, 1/10^decimals (made once each: the
    rounding of every line of every board asks for it)."""
    return Fraction(1, 10**decimals)


def _check_count(value: object, *, expected: bool = False) -> None:
    """``value`` is a number of results (``expected``: the expected number)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        if expected:
            raise DuplicateError(
                _(
                    "{value!r}: an expected number of results is a whole number, 0 or more",
                    value=value,
                )
            )
        raise DuplicateError(
            _("{value!r}: a number of results is a whole number, 0 or more", value=value)
        )


def check_scores(scores: Sequence[int]) -> tuple[int, ...]:
    """The scores as a tuple, or an error quoting every one that is not a whole number."""
    if isinstance(scores, str | bytes) or not isinstance(scores, Sequence):
        raise DuplicateError(
            _("{scores!r}: scores are a sequence of NS points (whole numbers)", scores=scores)
        )
    bad = [s for s in scores if isinstance(s, bool) or not isinstance(s, int)]
    if bad:
        shown = ", ".join(repr(s) for s in bad)
        raise DuplicateError(_("{shown}: a score is a whole number of NS points", shown=shown))
    return tuple(scores)


def matchpoints_exact(scores: Sequence[int], scale: str | Scale = Scale.EUROPEAN) -> list[Fraction]:
    """Exact matchpoints for each NS score, in the given order."""
    values = check_scores(scores)
    by_score = matchpoints_by_score(values, scale)
    return [by_score[score] for score in values]


def matchpoints_by_score(
    scores: Sequence[int], scale: str | Scale = Scale.EUROPEAN
) -> dict[int, Fraction]:
    """Exact matchpoints of each distinct NS score among ``scores`` (every table with a
    score has its matchpoints: a big field's board has hundreds of results and a few
    dozen scores, so each is worked out once).

    >>> {s: str(mp) for s, mp in matchpoints_by_score([420, 430, 420, -50]).items()}
    {-50: '0', 420: '3', 430: '6'}
    """
    how = Scale.parse(scale)
    ordered = sorted(check_scores(scores))
    # every result beaten is worth two ties: per_tie × (2 × beaten + ties), made at once
    tie = how.per_tie
    out: dict[int, Fraction] = {}
    below = 0  # the results this score beats: those before its first in order
    last = len(ordered) - 1
    for index, score in enumerate(ordered):
        if index == last or ordered[index + 1] != score:  # the last of its score
            ties = index - below
            out[score] = Fraction((2 * below + ties) * tie.numerator, tie.denominator)
            below = index + 1
    return out


def matchpoints(scores: Sequence[int], scale: str = "european") -> list[float]:
    """Matchpoints for each NS score on one board, in the given order.

    >>> matchpoints([430, 400, -50])
    [4.0, 2.0, 0.0]
    >>> matchpoints([420, 430, 500, 420, 450, -50, 170], scale="acbl")
    [2.5, 4.0, 6.0, 2.5, 5.0, 0.0, 1.0]
    """
    return [float(mp) for mp in matchpoints_exact(scores, scale)]


def ew_matchpoints(scores: Sequence[int], scale: str = "european") -> list[float]:
    """East-West's matchpoints for each NS score: the top minus North-South's."""
    how = Scale.parse(scale)
    top = how.top(len(check_scores(scores)))
    return [float(top - mp) for mp in matchpoints_exact(scores, how)]


def percentage(points: Fraction, top: Fraction) -> Fraction:
    """``points`` as a percentage of ``top``; a board with top 0 (one result) is 50 %."""
    if not top:
        return HUNDRED / 2
    # 100 · (a / b) / (c / d) = 100·a·d / (b·c), reduced once
    return Fraction(100 * points.numerator * top.denominator, points.denominator * top.numerator)


def percentages(scores: Sequence[int], scale: str = "european") -> list[float]:
    """Each NS score's matchpoints as a percentage of the top (the same on both scales).

    >>> percentages([430, 430, 400, 400, -50, -50])
    [90.0, 90.0, 50.0, 50.0, 10.0, 10.0]
    """
    how = Scale.parse(scale)
    top = how.top(len(check_scores(scores)))
    return [float(percentage(mp, top)) for mp in matchpoints_exact(scores, how)]


def neuberg_scale(
    raw: Fraction | int,
    results: int,
    expected: int,
    scale: str | Scale = Scale.EUROPEAN,
    method: str | NeubergMethod = NeubergMethod.NEUBERG,
) -> Fraction:
    """Bring one raw score (out of the top for ``results``) to the top for ``expected``.

    >>> neuberg_scale(18, 10, 11)  # EBU example: the top of 10 results, 11 expected
    Fraction(199, 10)
    >>> neuberg_scale(18, 10, 11, method="manual")
    Fraction(19, 1)
    """
    how = Scale.parse(scale)
    way = NeubergMethod.parse(method)
    _check_group(results, expected)
    if expected == results:  # nothing to bring up: both methods give the raw score
        return Fraction(raw)
    half = how.per_tie
    if way is NeubergMethod.MANUAL:
        return Fraction(raw) + half * (expected - results)
    return (Fraction(raw) + half) * Fraction(expected, results) - half


def _check_group(results: int, expected: int) -> None:
    _check_count(results)
    _check_count(expected, expected=True)
    if results == 0:
        raise DuplicateError(_("0 results: Neuberg scales a group of at least one result"))
    if expected < results:
        raise DuplicateError(
            _(
                "expected {expected!r} results but {results!r} were given: "
                "the expected number cannot be smaller than the results",
                expected=expected,
                results=results,
            )
        )


def neuberg_exact(
    scores: Sequence[int],
    expected: int,
    scale: str | Scale = Scale.EUROPEAN,
    method: str | NeubergMethod = NeubergMethod.NEUBERG,
) -> list[Fraction]:
    """Exact matchpoints of ``scores`` brought to the top of ``expected`` results."""
    values = check_scores(scores)
    if not values:
        _check_count(expected, expected=True)
        return []
    _check_group(len(values), expected)
    return [
        neuberg_scale(raw, len(values), expected, scale, method)
        for raw in matchpoints_exact(values, scale)
    ]


def neuberg(
    scores: Sequence[int],
    expected: int,
    scale: str = "european",
    method: str = "neuberg",
) -> list[float]:
    """Matchpoints on a board with fewer results than ``expected``, unrounded.

    >>> [round(mp, 1) for mp in neuberg([520, 500, 490, 480, 460, 450, 430, 420, 400, -50], 11)]
    [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]
    """
    return [float(mp) for mp in neuberg_exact(scores, expected, scale, method)]


def fouled_board(
    groups: Sequence[Sequence[int]],
    scale: str = "european",
    method: str = "neuberg",
    *,
    expected: int | None = None,
) -> list[list[float]]:
    """A fouled board: each group is matchpointed on its own, then brought to the
    top of the whole field (``expected`` defaults to all the results in all groups).

    >>> tops = [max(g) for g in fouled_board([[430, 400, -50], [620, 170, 140, -100]])]
    >>> [round(100 * t / 12, 1) for t in tops]
    [88.9, 93.8]
    """
    if isinstance(groups, str | bytes) or not isinstance(groups, Sequence):
        raise DuplicateError(
            _("{groups!r}: a fouled board is a sequence of groups of scores", groups=groups)
        )
    checked = [check_scores(group) for group in groups]
    total = sum(len(group) for group in checked) if expected is None else expected
    return [[float(mp) for mp in neuberg_exact(group, total, scale, method)] for group in checked]
