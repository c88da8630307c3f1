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

import logging
from collections.abc import Sequence
from typing import Any, Unpack

from bridgescore.batch.options import CompareOptions
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

from bridgescore.batch.frame import METHODS, _columns, process, score
from bridgescore.duplicate.imps import UnknownMethodError
from bridgescore.errors import BridgeInputError

_ROW: str = "__row"
_EXPECTED: str = "__expected"
_GROUP: tuple[str, ...] = ("event", "section")
"""The columns that make a board one of its own (an event's, a section's): Neuberg's N is
counted over each."""


class _QuietShuffle(logging.Filter):
    """Drops the two lines Dask's P2P shuffle logs at WARNING on every run ("Shuffle …
    initialized by task …", "… deactivated due to stimulus …"): notes on its own
    bookkeeping, not problems, that would otherwise print on every plain run."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        return not (
            text.startswith("Shuffle ")
            and ("initialized by task" in text or "deactivated due to stimulus" in text)
        )


_QUIET = _QuietShuffle()


def _quiet_shuffle() -> None:
    found = logging.getLogger("distributed.shuffle._scheduler_plugin")
    if _QUIET not in found.filters:
        found.addFilter(_QUIET)


def _partition(
    pdf: pd.DataFrame,
    *,
    laws: str,
    on_invalid: str,
    methods: Sequence[str],
    options: dict[str, Any],
    counts: pl.DataFrame | None = None,
) -> pd.DataFrame:
    """One partition (whole boards) through the Polars pipeline, index kept; ``counts``
    holds Neuberg's N of each event (and section), worked out over every partition."""
    name = pdf.index.name
    frame = pl.from_pandas(pdf.reset_index(names=_ROW))
    if counts is not None:
        keys = [c for c in counts.columns if c != _EXPECTED]
        frame = frame.join(counts, on=keys, how="left", nulls_equal=True, maintain_order="left")
        options = {**options, "expected": _EXPECTED}
    out = process(frame, laws=laws, on_invalid=on_invalid, methods=methods, **options)
    if counts is not None:
        out = out.drop(_EXPECTED)
    result = out.to_pandas(use_pyarrow_extension_array=True).set_index(_ROW)
    result.index = result.index.astype(pdf.index.dtype)
    result.index.name = name
    return result


def _keys(ddf: dd.DataFrame) -> list[str]:
    """The frame's own names of the source (a season table's file, beside its event),
    event, section and board columns it has."""
    cols = _columns(pl.from_pandas(ddf._meta))
    if "board" not in cols:
        raise BridgeInputError(_("no board column among {columns}", columns=", ".join(ddf.columns)))
    source = ["source"] if "event" in cols and "source" in ddf.columns else []
    return [*source, *(cols[k] for k in (*_GROUP, "board") if k in cols)]


def _nested(ddf: dd.DataFrame) -> bool:
    """Whether a column holds lists or structs (a season table's players), which Dask's
    P2P shuffle cannot move (its task-based shuffle can)."""
    return any(
        "list" in str(dtype) or "struct" in str(dtype) or "dict" in str(dtype)
        for dtype in ddf._meta.dtypes
    )


def _entries(pdf: pd.DataFrame, *, laws: str, keys: list[str]) -> pd.DataFrame:
    """Each (event, section) of a partition, and the most entries any of its boards has
    there (:func:`bridgescore.batch.frame._expected` counts them)."""
    frame = score(pl.from_pandas(pdf), laws=laws, on_invalid="null")
    cols = _columns(frame, only=("board", "event", "section", "adjusted"))
    adjusted = (
        frame[cols["adjusted"]].cast(pl.String).fill_null("").str.strip_chars() != ""
        if "adjusted" in cols
        else pl.repeat(False, frame.height, eager=True)
    )
    entry = (frame["ns_score"].is_not_null() | adjusted).cast(pl.Int64).alias(_EXPECTED)
    counted = frame.select(keys).with_columns(entry).group_by(keys).agg(pl.col(_EXPECTED).sum())
    return counted.to_pandas(use_pyarrow_extension_array=True)


def _counts(ddf: dd.DataFrame, keys: list[str], laws: str) -> pl.DataFrame | int:
    """Neuberg's N: the entries of the largest board of each event (and section), counted
    over every partition (a board's rows may be in several before the shuffle); one
    number when the frame has no event or section column."""
    meta = _entries(ddf._meta, laws=laws, keys=keys)
    per_partition = ddf.map_partitions(  # type: ignore[no-untyped-call]  # unannotated in dask
        _entries, laws=laws, keys=keys, meta=meta
    )
    per_board = per_partition.groupby(keys, dropna=False)[_EXPECTED].sum()
    group = keys[:-1]
    if not group:
        return int(per_board.max().compute())
    largest = per_board.reset_index().groupby(group, dropna=False)[_EXPECTED].max()
    found = largest.reset_index().compute()  # one row per event (and section): small
    table = pl.from_pandas(found)
    return table.with_columns(pl.col(_EXPECTED).cast(pl.Int64))


def process_dask(
    ddf: dd.DataFrame,
    *,
    laws: str = DEFAULT_LAW_SET,
    on_invalid: str = "null",
    methods: Sequence[str] = ("mp",),
    npartitions: int | None = None,
    shuffle_method: str | None = None,
    **options: Unpack[CompareOptions],
) -> dd.DataFrame:
    """Score and compare a Dask DataFrame of results, partitioned by event, section and
    board.

    Returns a lazy Dask DataFrame with the columns :func:`~bridgescore.batch.frame.process`
    adds, the input's index kept (rows come back grouped by board, not in input
    order). ``on_invalid`` defaults to ``"null"``: a job over a billion rows keeps
    going past a bad one and says why in its ``problem`` column. ``npartitions`` and
    ``shuffle_method`` (``"p2p"``, ``"tasks"``; by default Dask's choice, or ``"tasks"``
    for a frame with list columns, which P2P cannot move) go to
    :meth:`dask.dataframe.DataFrame.shuffle`. Neuberg's N (``expected``, unless given) is
    counted per event and section over the whole frame first, as the single-machine path
    counts it.
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
    _quiet_shuffle()
    keys = _keys(ddf)
    asked: dict[str, Any] = dict(options)
    counts: pl.DataFrame | None = None
    if "neuberg" in methods and asked.get("expected") is None:
        found = _counts(ddf, keys, laws)
        if isinstance(found, int):
            asked["expected"] = found
        else:
            counts = found
    if shuffle_method is None and _nested(ddf):
        shuffle_method = "tasks"
    shuffled = ddf.shuffle(on=keys, npartitions=npartitions, shuffle_method=shuffle_method)
    chosen = tuple(methods)
    meta = _partition(
        ddf._meta, laws=laws, on_invalid=on_invalid, methods=chosen, options=asked, counts=counts
    )
    done: dd.DataFrame = shuffled.map_partitions(
        _partition,
        meta=meta,
        laws=laws,
        on_invalid=on_invalid,
        methods=chosen,
        options=asked,
        counts=counts,
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
    npartitions: int | None = None,
    shuffle_method: str | None = None,
    **options: Unpack[CompareOptions],
) -> None:
    """Read Parquet (a file, a directory or a glob; local, ``s3://``, ``gs://``...),
    score and compare it on the current Dask client, and write Parquet to ``out_path``:
    the input's columns and the new ones (no ``__null_dask_index__``: an index the input
    did not name is not written)."""
    ddf = dd.read_parquet(in_path, storage_options=storage_options)
    done = process_dask(
        ddf,
        laws=laws,
        on_invalid=on_invalid,
        methods=methods,
        npartitions=npartitions,
        shuffle_method=shuffle_method,
        **options,
    )
    # An unnamed index is the row count Dask made up on reading: writing it would add a
    # __null_dask_index__ column the input never had. A named one is the input's, kept.
    done.to_parquet(  # type: ignore[no-untyped-call]  # dask leaves it unannotated
        out_path, storage_options=storage_options, write_index=ddf.index.name is not None
    )
