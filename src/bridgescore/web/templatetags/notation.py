"""The reader's notation in the app's templates: ``{% load notation %}``, then
``{{ entry.ns_score|ns }}`` (``PE 450`` in Finnish), ``{{ entry|result }}`` (``4♠XP-2``)
and ``{{ seat.ew|pair }}`` (``3IL``), from :mod:`bridgescore.web.said` and the library's
notation (one place)."""

from __future__ import annotations

from django import template

from bridgescore.core.seats import Seat, Side
from bridgescore.core.strains import Strain
from bridgescore.web import said

register = template.Library()


@register.filter
def ns(points: int | None) -> str:
    """North-South's score with the side as the reader writes it (``NS 450``, ``PE 450``)."""
    return "" if points is None else said.ns_points(points, signed=False)


@register.filter
def result(entry: object) -> str:
    """A kept entry's contract and result in the reader's notation (``4♠XP-2``)."""
    return said.result_text(
        str(getattr(entry, "contract", "") or ""),
        str(getattr(entry, "declarer", "") or ""),
        str(getattr(entry, "result", "") or ""),
    )


@register.filter
def side(letters: str) -> str:
    """``NS`` or ``EW`` as the reader writes it (``PE``/``IL``, ``NS``/``EO``)."""
    return said.words_of().notation.side(Side(letters))


@register.filter
def pair(pair: object) -> str:
    """A pair's id (as kept: ``3EW``) as the reader reads it (``3IL``, ``3EO``): the
    library's :meth:`~bridgescore.core.notation.Notation.pair`; a Howell's pair and a
    team as they are. Only for showing: a form's value and a link keep the id as kept."""
    return said.words_of().notation.pair(str(pair)) if pair is not None else ""


@register.filter
def seat(letter: str) -> str:
    """A seat's letter (``N E S W``) as the reader writes it (``P I E L``, ``N E S O``)."""
    return said.words_of().notation.seat(Seat.parse(letter))


@register.filter
def notrump(_: object = None) -> str:
    """Notrump's letters as the reader writes them (``NT``, ``ST``)."""
    return said.words_of().notation.strain(Strain.NOTRUMP)
