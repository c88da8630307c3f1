"""The batch engine: NumPy scoring and board comparisons, a Polars front, Dask.

Everything here gives exactly the numbers of the scalar API: deal scores are read
from tables filled by :func:`bridgescore.score` itself, and the comparisons are
tested against :mod:`bridgescore.duplicate` on random boards.

This package needs the ``batch`` extra (NumPy, Polars, PyArrow, Dask). Importing
it imports NumPy only; :mod:`bridgescore.batch.frame` (Polars, and the ``bridge``
namespaces on DataFrames and expressions) and :mod:`bridgescore.batch.cluster`
(Dask) are imported when asked for.
"""

from bridgescore.batch._checks import BatchInputError
from bridgescore.batch.compare import (
    Boards,
    butler,
    cross_imps,
    datum,
    ew_matchpoints,
    matchpoints,
    neuberg,
    percentages,
    places,
    ranks,
)
from bridgescore.batch.scoring import Scores, board_vulnerability, score, score_ns

BatchInputError.__module__ = __name__  # shown and pickled as bridgescore.batch.BatchInputError

__all__ = [
    "BatchInputError",
    "Boards",
    "Scores",
    "board_vulnerability",
    "butler",
    "cross_imps",
    "datum",
    "ew_matchpoints",
    "matchpoints",
    "neuberg",
    "percentages",
    "places",
    "ranks",
    "score",
    "score_ns",
]
