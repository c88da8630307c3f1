"""The same pipeline on Dask: data larger than one machine, on a cluster.

The rows are shuffled so that every row of a board (of an event) lands in one
partition; each partition is then scored and compared by
:func:`bridgescore.batch.frame.process`, which sees whole boards, so the numbers
are those of the single-machine path. The one figure that depends on the whole
data — Neuberg's default expected count, the largest board's — is computed
first, over all partitions.

Point it at a cluster by creating a :class:`distributed.Client` with the
scheduler's address before calling (``Client("tcp://scheduler:8786")``), and
give paths every worker can read (``s3://bucket/results/*.parquet`` with
``storage_options``, or a shared filesystem); see ``docs/batch.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bridgescore.errors import marked as _
from bridgescore.laws.lawsets import DEFAULT_LAW_SET

try:
    import dask.dataframe as dd
    import pandas as pd  # type: ignore[import-untyped]  # no pandas-stubs in the extra
except ImportError as _missing:  # pragma: no cover - tested in a subprocess
    raise ImportError(
        _(
            "bridgescore.batch.cluster needs Dask ({missing} is missing): {command}",
            missing=(_missing.name or "dask").split(".")[0],
            command="pip install 'bridgescore[batch]'",
        ),
        name=_missing.name,
    ) from None
import polars as pl

from bridgescore.batch.frame import METHODS, _columns, process
from bridgescore.duplicate.imps import UnknownMethodError
from bridgescore.errors import BridgeInputError

_ROW: str = "__row"


def _partition(
    pdf: pd.DataFrame,
    *,
    laws: str,
    on_invalid: str,
    methods: Sequence[str],
    options: dict[str, Any],
) -> pd.DataFrame:
    """One partition (whole boards) through the Polars pipeline, index kept."""
    name = pdf.index.name
    frame = pl.from_pandas(pdf.reset_index(names=_ROW))
    out = process(frame, laws=laws, on_invalid=on_invalid, methods=methods, **options)
    result = out.to_pandas(use_pyarrow_extension_array=True).set_index(_ROW)
    result.index = result.index.astype(pdf.index.dtype)
    result.index.name = name
    return result


def _keys(ddf: dd.DataFrame) -> list[str]:
    cols = _columns(pl.from_pandas(ddf._meta))
    if "board" not in cols:
        raise BridgeInputError(_("no board column among {columns}", columns=", ".join(ddf.columns)))
    return [cols[k] for k in ("event", "board") if k in cols]


def process_dask(
    ddf: dd.DataFrame,
    *,
    laws: str = DEFAULT_LAW_SET,
    on_invalid: str = "null",
    methods: Sequence[str] = ("mp",),
    npartitions: int | None = None,
    shuffle_method: str | None = None,
    **options: Any,
) -> dd.DataFrame:
    """Score and compare a Dask DataFrame of results, partitioned by event and board.

    Returns a lazy Dask DataFrame with the columns :func:`~bridgescore.batch.frame.process`
    adds, the input's index kept (rows come back grouped by board, not in input
    order). ``on_invalid`` defaults to ``"null"``: a job over a billion rows keeps
    going past a bad one and says why in its ``problem`` column. ``npartitions`` and
    ``shuffle_method`` (``"p2p"``, ``"tasks"``) go to :meth:`dask.dataframe.DataFrame.shuffle`.
    """
    unknown = [m for m in methods if m not in METHODS]
    if unknown:
        raise UnknownMethodError(
            _(
                "{unknown}: not a comparison; use {methods}",
                unknown=", ".join(unknown),
                methods=", ".join(METHODS),
            )
        )
    keys = _keys(ddf)
    options = dict(options)
    if "neuberg" in methods and options.get("expected") is None:
        options["expected"] = int(ddf.groupby(keys).size().max().compute())
    shuffled = ddf.shuffle(on=keys, npartitions=npartitions, shuffle_method=shuffle_method)
    chosen = tuple(methods)
    meta = _partition(ddf._meta, laws=laws, on_invalid=on_invalid, methods=chosen, options=options)
    done: dd.DataFrame = shuffled.map_partitions(
        _partition, meta=meta, laws=laws, on_invalid=on_invalid, methods=chosen, options=options
    )
    return done


def process_parquet(
    in_path: str,
    out_path: str,
    *,
    storage_options: dict[str, Any] | None = None,
    laws: str = DEFAULT_LAW_SET,
    on_invalid: str = "null",
    methods: Sequence[str] = ("mp",),
    **options: Any,
) -> None:
    """Read Parquet (a file, a directory or a glob; local, ``s3://``, ``gs://``...),
    score and compare it on the current Dask client, and write Parquet to ``out_path``:
    the input's columns and the new ones (no ``__null_dask_index__``: an index the input
    did not name is not written)."""
    ddf = dd.read_parquet(in_path, storage_options=storage_options)
    done = process_dask(ddf, laws=laws, on_invalid=on_invalid, methods=methods, **options)
    # An unnamed index is the row count Dask made up on reading: writing it would add a
    # __null_dask_index__ column the input never had. A named one is the input's, kept.
    done.to_parquet(  # type: ignore[no-untyped-call]  # dask leaves it unannotated
        out_path, storage_options=storage_options, write_index=ddf.index.name is not None
    )
