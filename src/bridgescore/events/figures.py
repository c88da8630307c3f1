"""How a figure is shown: the one set of rules for the CLI's tables, the HTML site and the PDF.

Three kinds of figure, one function each:

- :func:`points`: matchpoints and IMPs (a total, a board's points, a top, a swing): as
  many decimals as the figure needs, at most two.
- :func:`fixed`: percentages and victory points: always two decimals.
- :func:`signed`: a table's score or a butler datum, with its sign.

A missing figure (``None``: a board not played, a percentage an IMP scoring has not) is
an empty cell, and a figure that rounds to zero is never shown with a minus sign.

>>> points(47.8), points(3.0), points(9.25), points(34 / 3), points(-7 / 3)
('47.8', '3', '9.25', '11.33', '-2.33')
>>> fixed(59.75), fixed(15), fixed(100 / 3)
('59.75', '15.00', '33.33')
>>> signed(420), signed(-50), signed(0)
('+420', '-50', '+0')
>>> points(None), fixed(None), signed(None)
('', '', '')
>>> points(-0.0), points(-0.004), fixed(-0.0), fixed(-0.004)
('0', '0', '0.00', '0.00')

A language that writes a decimal comma passes ``decimal=","`` (see
:class:`bridgescore.i18n.Words`); the default is the point, as English writes:

>>> points(47.8, decimal=","), fixed(59.583, decimal=","), points(3.0, decimal=",")
('47,8', '59,58', '3')
"""

from __future__ import annotations

from functools import lru_cache

DECIMALS = 2
"""The most decimals any figure is shown with (places are compared at as many)."""

MISSING = ""
"""What a missing figure (``None``) is shown as."""

POINT = "."
"""The decimal separator by default (English)."""


def points(value: float | None, decimal: str = POINT) -> str:
    """Matchpoints or IMPs: rounded to two decimals, trailing zeros dropped.

    >>> points(12.0), points(0.5), points(4.333), points(2.675), points(-10)
    ('12', '0.5', '4.33', '2.67', '-10')
    """
    return _points(value, decimal)


@lru_cache(maxsize=4096)
def _points(value: float | None, decimal: str) -> str:
    """:func:`points`, written once for each figure: a board's few figures are shown on
    every line of its traveller and every score card that has it (equal numbers read the
    same, ``-0.0`` as ``0.0``: the text depends on the value alone)."""
    if value is None:
        return MISSING
    text = f"{value:.{DECIMALS}f}".rstrip("0").rstrip(".")
    if text == "-0":
        return "0"
    return text if decimal == POINT else text.replace(POINT, decimal)


def fixed(value: float | None, decimal: str = POINT) -> str:
    """A percentage or victory points: always two decimals.

    >>> fixed(50), fixed(19.6875), fixed(0.3125)
    ('50.00', '19.69', '0.31')
    """
    return _fixed(value, decimal)


@lru_cache(maxsize=4096)
def _fixed(value: float | None, decimal: str) -> str:
    """:func:`fixed`, written once for each figure (as :func:`_points`)."""
    if value is None:
        return MISSING
    text = f"{value:.{DECIMALS}f}"
    if float(text) == 0:
        text = text.removeprefix("-")
    return text if decimal == POINT else text.replace(POINT, decimal)


def signed(value: int | None) -> str:
    """A score (or a datum) with its sign: ``+420``, ``-50``; zero is ``+0``.

    >>> signed(1430), signed(-1100)
    ('+1430', '-1100')
    """
    return MISSING if value is None else f"{value:+d}"


__all__ = ["DECIMALS", "MISSING", "POINT", "fixed", "points", "signed"]
