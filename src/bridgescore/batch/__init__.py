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

from __future__ import annotations

import importlib.util as _util
import os as _os
from collections.abc import Iterable as _Iterable
from typing import TYPE_CHECKING, Literal

from bridgescore.errors import marked as _

if TYPE_CHECKING:
    import polars as pl

    from bridgescore.batch.events import OnError, OptionsRequest, Season
    from bridgescore.batch.frame import BridgeFrame


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
        _(
            "bridgescore.batch needs NumPy and Polars ({missing} is missing): {command}",
            missing=_MISSING,
            command="pip install 'bridgescore[batch]'",
        ),
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
from bridgescore.laws.lawsets import DEFAULT_LAW_SET  # noqa: E402

BatchInputError.__module__ = __name__  # shown and pickled as bridgescore.batch.BatchInputError


def bridge(df: pl.DataFrame) -> BridgeFrame:
    """The ``bridge`` namespace of ``df``, typed: ``bridge(df).process()`` is what
    ``df.bridge.process()`` does, and passes ``mypy --strict`` (a type checker cannot see
    a namespace registered at run time). Imports Polars."""
    from bridgescore.batch.frame import BridgeFrame

    return BridgeFrame(df)


def read_season(
    paths: str | _os.PathLike[str] | _Iterable[str | _os.PathLike[str]],
    *,
    laws: str = DEFAULT_LAW_SET,
    options: OptionsRequest = None,
    on_error: OnError = "raise",
    fast: bool = False,
    analyse: bool = False,
    jobs: int | None = None,
) -> Season:
    """A season of event files in one call: every result and standing, each file as its
    program scored it (or as ``options`` asks), the files skipped and the sessions read
    twice: :func:`bridgescore.batch.events.read_season`."""
    from bridgescore.batch import events

    return events.read_season(
        paths,
        laws=laws,
        options=options,
        on_error=on_error,
        fast=fast,
        analyse=analyse,
        jobs=jobs,
    )


def read_events(
    paths: str | _os.PathLike[str] | _Iterable[str | _os.PathLike[str]],
    *,
    laws: str = DEFAULT_LAW_SET,
    fast: bool = False,
    options: OptionsRequest = None,
    on_error: OnError = "raise",
    jobs: int | None = None,
) -> pl.DataFrame:
    """Event files (PBN, USEBIO, JSON, CSV: by content) scored by the library, their
    standings as one frame: :func:`bridgescore.batch.events.read_events`."""
    from bridgescore.batch import events

    return events.read_events(
        paths, laws=laws, fast=fast, options=options, on_error=on_error, jobs=jobs
    )


def read_results(
    paths: str | _os.PathLike[str] | _Iterable[str | _os.PathLike[str]],
    *,
    laws: str = DEFAULT_LAW_SET,
    options: OptionsRequest = None,
    on_error: OnError = "raise",
    analyse: bool = False,
    jobs: int | None = None,
) -> pl.DataFrame:
    """Every result of event files, with the library's figures for both sides:
    :func:`bridgescore.batch.events.read_results`."""
    from bridgescore.batch import events

    return events.read_results(
        paths, laws=laws, options=options, on_error=on_error, analyse=analyse, jobs=jobs
    )


def player_statistics(results: pl.DataFrame) -> pl.DataFrame:
    """Each player's season from a :func:`read_results` frame:
    :func:`bridgescore.batch.events.player_statistics`."""
    from bridgescore.batch import events

    return events.player_statistics(results)


def season_totals(frame: pl.DataFrame, *, by: Literal["pair", "player"] = "pair") -> pl.DataFrame:
    """Each partnership's or player's totals over a :func:`read_events` frame:
    :func:`bridgescore.batch.events.season_totals`."""
    from bridgescore.batch import events

    return events.season_totals(frame, by=by)


__all__ = [
    "BatchInputError",
    "Boards",
    "Scores",
    "board_vulnerability",
    "bridge",
    "butler",
    "cross_imps",
    "datum",
    "ew_matchpoints",
    "matchpoints",
    "neuberg",
    "percentages",
    "places",
    "player_statistics",
    "ranks",
    "read_events",
    "read_results",
    "read_season",
    "score",
    "score_ns",
    "season_totals",
]
