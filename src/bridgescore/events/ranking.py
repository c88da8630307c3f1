"""Places as players expect them: equal totals share a place, written ``3=``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

K = TypeVar("K", bound=Hashable)


def places(
    totals: Mapping[K, float], *, decimals: int = 2, then: Mapping[K, float] | None = None
) -> dict[K, str]:
    """The place of each key, listed best (highest total) first, equal totals in the order
    given; ties compared at ``decimals``, and, where ``then`` is given, broken by it (a
    program that ranks equal totals on a second figure: Ruter on the sum of the rounded
    board scores, Magic Contest on the unrounded matchpoints).

    >>> places({"A": 61.2, "B": 55.0, "C": 55.0, "D": 40.1})
    {'A': '1', 'B': '2=', 'C': '2=', 'D': '4'}
    >>> places({"B": 55.0, "C": 55.0}, then={"B": 683.0, "C": 683.1})
    {'C': '1', 'B': '2'}
    """
    shown: dict[K, tuple[float, float]] | dict[K, float]
    if then is None:  # a live ranking's every pair after every result: the plain figure
        shown = {key: round(value, decimals) for key, value in totals.items()}
    else:
        shown = {
            key: (round(value, decimals), round(then[key], 9)) for key, value in totals.items()
        }
    # best first; equal totals keep their order (a stable sort, reversed stably)
    ordered = sorted(shown, key=shown.__getitem__, reverse=True)
    count = Counter(shown.values())
    out: dict[K, str] = {}
    first = 0
    for index, key in enumerate(ordered):
        if index and shown[key] != shown[ordered[index - 1]]:
            first = index
        out[key] = written_place(first + 1, shared=count[shown[key]] > 1)
    return out


def written_place(place: int, *, shared: bool) -> str:
    """A place as the rankings write it: ``2``, or ``2=`` when two or more share it.

    >>> written_place(2, shared=True)
    '2='
    """
    return f"{place}{'=' if shared else ''}"


def written_places(placed: Sequence[int]) -> list[str]:
    """Places given as numbers (a number shared by equal totals, as a Swiss's standings
    hold them) written as :func:`places` writes them.

    >>> written_places([1, 1, 3, 4])
    ['1=', '1=', '3', '4']
    """
    count = Counter(placed)
    return [written_place(p, shared=count[p] > 1) for p in placed]


def ordered_by_place(totals: Mapping[K, float], *, decimals: int = 2) -> Sequence[tuple[str, K]]:
    """(place, key) pairs, best first; equal totals keep their input order."""
    placed = places(totals, decimals=decimals)
    keys = sorted(totals, key=lambda k: -round(totals[k], decimals))
    return [(placed[key], key) for key in keys]
