"""Cross-IMPs (Calcutta): each result IMPed against every other result on the board.

Text ``001``: "cada puntaje a bordo se compara con cualquier otro puntaje (a veces
excluyendo los resultados superiores e inferiores) y los IMP se resumen (y
posiblemente se promedien, para reducir la inflación)". Its worked example: +620
against −100, −100, −300 and +650 gives 12 + 12 + 14 − 1 = 37 IMPs, 9.25 averaged
over the 4 comparisons.

By default the IMPs are averaged over the comparisons made (n − 1 on a board of n
results); ``total=True`` gives the sums, which add up to 0 over the board.

``exclude=k`` trims the *field*: the k highest and k lowest results are taken out
of the set that results are compared against (as a butler datum leaves them out).
Every result, including a trimmed one, is then compared with each result left in
the field, less one copy of its own score (itself, or an equal score), so equal
results always score alike. At least two results stay in the field. With
exclusion the totals of the results left in the field still add up to 0; the
trimmed results' totals come on top.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from bridgescore.duplicate.imps import DEFAULT_IMP_TABLE, DuplicateError, ImpTable, get_imp_table
from bridgescore.duplicate.matchpoints import check_scores
from bridgescore.errors import marked as _


def _field(values: Sequence[int], exclude: int) -> list[int]:
    if isinstance(exclude, bool) or not isinstance(exclude, int) or exclude < 0:
        raise DuplicateError(
            _("exclude={exclude!r}: results left out at each end, 0 or more", exclude=exclude)
        )
    ordered = sorted(values)
    k = max(0, min(exclude, (len(ordered) - 2) // 2))
    return ordered[k : len(ordered) - k]


def cross_imps_totals(
    scores: Sequence[int],
    *,
    exclude: int = 0,
    table: str | ImpTable = DEFAULT_IMP_TABLE,
) -> list[tuple[int, int]]:
    """For each score: (total IMPs, number of comparisons), in the given order."""
    values = check_scores(scores)
    imp_table = get_imp_table(table)
    field_scores = _field(values, exclude)
    out = []
    for score in values:
        others = list(field_scores)
        if score in others:
            others.remove(score)
        out.append((sum(imp_table.imps(score - other) for other in others), len(others)))
    return out


def cross_imps_exact(
    scores: Sequence[int],
    *,
    total: bool = False,
    exclude: int = 0,
    table: str | ImpTable = DEFAULT_IMP_TABLE,
) -> list[Fraction]:
    """Exact cross-IMPs: totals, or averages per comparison (0 with no comparison)."""
    return [
        Fraction(won) if total or not count else Fraction(won, count)
        for won, count in cross_imps_totals(scores, exclude=exclude, table=table)
    ]


def cross_imps(
    scores: Sequence[int],
    *,
    total: bool = False,
    exclude: int = 0,
    table: str | ImpTable = DEFAULT_IMP_TABLE,
) -> list[float]:
    """Cross-IMPs for each NS score, averaged per comparison (or ``total=True``).

    >>> cross_imps([620, -100, -100, -300, 650])[0]
    9.25
    >>> cross_imps([620, -100, -100, -300, 650], total=True)
    [37.0, -20.0, -20.0, -38.0, 41.0]
    """
    return [float(x) for x in cross_imps_exact(scores, total=total, exclude=exclude, table=table)]
