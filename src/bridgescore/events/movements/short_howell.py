"""Cut-short Howells (fewer rounds than the complete ``2T - 1``) that play every board set
equally often, as published club movements do.

:func:`short_howell` gives the movement for a size where one is known, else ``None`` and
:func:`~bridgescore.events.movements.howell.howell` falls back to cutting its complete
Howell short.
"""

from __future__ import annotations

from bridgescore.events.movements.model import Movement


def short_howell(tables: int, boards_per_round: int, rounds: int, *, pairs: int) -> Movement | None:
    """The cut-short Howell of ``tables`` tables and ``rounds`` rounds for ``pairs`` pairs
    (``2T`` or ``2T - 1``), or ``None`` where none is known."""
    del tables, boards_per_round, rounds, pairs
    return None
