"""The batch engine: NumPy scoring and board comparisons, a Polars front, Dask.

Everything here gives exactly the numbers of the scalar API: deal scores are read
from tables filled by :func:`bridgescore.score` itself, and the comparisons are
tested against :mod:`bridgescore.duplicate` on random boards.

This package needs the ``batch`` extra (NumPy, Polars, PyArrow, Dask); without
NumPy or Polars, importing it is an :class:`ImportError` that says
``pip install 'bridgescore[batch]'``. Importing it imports NumPy only;
:mod:`bridgescore.batch.frame` (Polars, and the ``bridge`` namespaces on
DataFrames and expressions) and :mod:`bridgescore.batch.cluster` (Dask) are
imported when asked for.
"""

import importlib.util as _util


def _missing_extra() -> str | None:
    """The first of the batch extra's packages that cannot be imported, if any."""
    for name in ("numpy", "polars"):
        try:
            if _util.find_spec(name) is None:
                return name
        except (ImportError, ValueError):  # a module set to None, or one without a spec
            return name
    return None


_MISSING = _missing_extra()
if _MISSING is not None:
    raise ImportError(
        f"bridgescore.batch needs NumPy and Polars ({_MISSING} is missing):"
        " pip install 'bridgescore[batch]'",
        name=_MISSING,
    )

from bridgescore.batch._checks import BatchInputError  # noqa: E402
from bridgescore.batch.compare import (  # noqa: E402
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
from bridgescore.batch.scoring import (  # noqa: E402
    Scores,
    board_vulnerability,
    score,
    score_ns,
)

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
