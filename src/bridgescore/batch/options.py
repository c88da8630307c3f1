"""The batch engine's comparison options, typed: what ``**options`` may say.

:func:`bridgescore.batch.frame.process`, :func:`~bridgescore.batch.frame.run_file`,
:func:`bridgescore.batch.cluster.process_dask` and ``process_parquet`` pass their
keyword options on to :func:`~bridgescore.batch.frame.compare`; declaring them here as
a :class:`~typing.TypedDict` (read through :data:`typing.Unpack`) lets ``mypy --strict``
refuse a misspelt one (``expeted=3``) before anything runs.
"""

from __future__ import annotations

from typing import TypedDict

from bridgescore.duplicate.butler import ButlerPreset
from bridgescore.duplicate.imps import ImpTable


class CompareOptions(TypedDict, total=False):
    """The options of :func:`bridgescore.batch.frame.compare` besides ``methods``."""

    scale: str
    """``european`` (2 a beat) or ``acbl`` (1 a beat)."""
    expected: int | str | None
    """Neuberg's N: a number, a column holding each row's, or ``None`` (each event's
    and section's largest board)."""
    neuberg_method: str
    """``neuberg`` or ``manual``."""
    imp_table: str | ImpTable
    """The IMP table cross-IMPs are counted on."""
    exclude: int
    """Cross-IMPs: results left out at each end of a board."""
    preset: str | ButlerPreset
    """Butler's datum preset."""


__all__ = ["CompareOptions"]
