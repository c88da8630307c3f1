"""The Polars front: a results DataFrame in, the scored and compared DataFrame out.

Importing this module imports Polars and registers the ``bridge`` namespaces:
``df.bridge.score()``, ``df.bridge.compare()``, ``df.bridge.process()`` on a
DataFrame, and ``pl.col("ns_score").bridge.matchpoints(over="board")`` or
``pl.struct(...).bridge.ns_score()`` on expressions. ``import bridgescore``
alone never imports Polars.

The columns are the results file's (``docs/cli.md``, ``bridgescore.io.results``),
matched case-insensitively with the same aliases:

- ``board`` (always), ``event`` (when board numbers repeat across events; with
  ``source`` beside it, a season table's file) and ``section``: a board is its event's
  and section's, and Neuberg's N is counted per event and section;
- a played result as text: ``contract`` (``4SX``, or the whole ``4SXN-2``, or
  ``Pass``), ``declarer``, ``result`` (``=``, ``+1``, ``-2`` or tricks taken;
  alias ``tricks``) — read by the scalar parser, once per distinct spelling;
- or as codes: ``level``, ``strain``, ``doubling``, ``declarer``, ``tricks``;
- or North-South's ``score`` (alias ``ns_score``), also checked against a
  contract when both are given;
- ``vulnerability`` (``None``/``NS``/``EW``/``Both`` or 0-3), by default the
  board number's place in the 16-board schedule; ``laws``, a law set per row
  (a board that mixes law sets is a problem).

:func:`score` adds ``ns_score`` (Int32) and ``problem`` (String, null when the
row is fine). With ``on_invalid="null"`` a bad row gets a null score and its
reason, and the others are scored; with ``"raise"`` the first bad row stops the
call (:class:`~bridgescore.batch.BatchInputError`, with the count). An adjusted
score (``adjusted`` column) is a problem too: the batch engine compares played
results only (score such boards with :mod:`bridgescore.events`).

>>> import polars as pl
>>> df = pl.DataFrame({"board": [1, 1, 1], "contract": ["4SN=", "4SN+1", "5SXN-2"]})
>>> process(df).select("ns_score", "ns_mp", "ew_pct").rows()
[(420, 2.0, 50.0), (450, 4.0, 0.0), (-300, 0.0, 100.0)]
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Protocol, Unpack

import numpy as np

from bridgescore.errors import marked as _
from bridgescore.laws.lawsets import DEFAULT_LAW_SET

try:
    import polars as pl
except ImportError as _missing:  # pragma: no cover - tested in a subprocess
    raise ImportError(
        _(
            "bridgescore.batch.frame needs Polars ({missing} is missing): {command}",
            missing=_missing.name,
            command="pip install 'bridgescore[batch]'",
        ),
        name=_missing.name,
    ) from None
from numpy.typing import NDArray

from bridgescore.batch import columns as _names
from bridgescore.batch import files, tables
from bridgescore.batch._checks import (
    DECLARER,
    DOUBLING,
    LAWS,
    LEVEL,
    STRAIN,
    TRICKS,
    VULNERABILITY,
    BatchInputError,
    Field,
    check_policy,
    check_value,
    code_field,
    excerpt,
    problem_kind,
)
from bridgescore.batch.compare import Boards
from bridgescore.batch.options import CompareOptions
from bridgescore.batch.scoring import score_ns
from bridgescore.core.contract import Contract, TableResult
from bridgescore.core.vulnerability import BoardInfo, Vulnerability
from bridgescore.duplicate.butler import DEFAULT_BUTLER_PRESET, ButlerPreset
from bridgescore.duplicate.imps import DEFAULT_IMP_TABLE, ImpTable, UnknownMethodError
from bridgescore.duplicate.matchpoint_policies import BoardTop
from bridgescore.duplicate.matchpoints import NeubergMethod, Scale
from bridgescore.errors import BridgeError, Message
from bridgescore.events.options import ScoringOptions
from bridgescore.io.events import detect_format
from bridgescore.laws.lawsets import LAW_SETS, get_laws
from bridgescore.scoring.deal import possible_ns_score

ALIASES: Final = _names.ALIASES
"""Column aliases: the results file's (:mod:`bridgescore.io.results`) and the batch-only
``law``; see :mod:`bridgescore.batch.columns`."""

METHODS: Final = ("mp", "neuberg", "cross_imps", "butler")
"""The comparisons :func:`compare` can add."""

PHASES: Final = ("reading", "scoring", *METHODS, "writing")
"""The phases :func:`score_file` reports, in order (a comparison only when asked for)."""

_TEXT_LIMIT: Final = 60
"""Longer text is no contract, result or board; it is quoted in short and not parsed."""


class Progress(Protocol):
    """``progress(phase, done, total)``: a phase of :data:`PHASES`, and how far it is
    (rows for scoring, bytes for reading, 0 or 1 of 1 for the others)."""

    def __call__(self, phase: str, done: int, total: int, /) -> object: ...


def _columns(df: pl.DataFrame, only: Sequence[str] | None = None) -> dict[str, str]:
    """Canonical name → the frame's column name; two columns for one name (among ``only``,
    by default every column the engine reads) are an error."""
    problem = _names.duplicates(df.columns, only=only)
    if problem is not None:
        raise BatchInputError(problem)
    found: dict[str, str] = {}
    for name in df.columns:
        found.setdefault(_names.canonical(name), name)
    both = _names.tricks_beside(df.columns)
    if both is not None:  # the result read as the result, the tricks checked against it
        found["result"], found[_TRICKS_GIVEN] = both
    return found


_TRICKS_GIVEN: Final = "\x00tricks"
"""Where :func:`_columns` puts a ``tricks`` column that stands beside ``result``."""


def _text(series: pl.Series) -> pl.Series:
    """A column as text; a whole float as the whole number it is (``9.0`` is ``9``: a
    column of integers with a gap reaches pandas, and so Dask, as floats)."""
    if series.dtype.is_float():
        whole = series.is_finite() & (series == series.round(0))
        series = pl.select(
            pl.when(whole)
            .then(series.cast(pl.Int64, strict=False).cast(pl.String))
            .otherwise(series.cast(pl.String))
        ).to_series()
    return series.cast(pl.String).fill_null("").str.strip_chars()


def _by_distinct(
    series: pl.Series, function: Callable[[Any], tuple[Any, ...]], dtypes: Sequence[pl.DataType]
) -> list[pl.Series]:
    """Apply ``function`` once per distinct value; one output series per element of its result."""
    distinct = series.unique(maintain_order=True)
    found = [function(value) for value in distinct.to_list()]
    out = []
    for i, dtype in enumerate(dtypes):
        new = pl.Series([row[i] for row in found], dtype=dtype)
        out.append(series.replace_strict(distinct, new, default=None, return_dtype=dtype))
    return out


def _coded(
    series: pl.Series, field: Field, said: dict[str, Message]
) -> tuple[pl.Series, pl.Series | None]:
    """A code column (numbers as given; text read into Float64 codes, null when bad) and
    each bad text value's problem (in English; each one's message put in ``said``)."""
    if series.dtype.is_numeric():
        return series, None

    def one(value: object) -> tuple[int | None, str | None]:
        if value is None:
            return None, None
        code, problem = check_value(field, value)
        if problem:
            return None, _say(said, field.message(problem_kind(problem), value))
        return code, None

    code, problem = _by_distinct(series.cast(pl.String), one, [pl.Int64(), pl.String()])
    return code.cast(pl.Float64), problem


def _say(said: dict[str, Message], message: Message) -> str:
    """``message`` in English, for a frame's ``problem`` column; ``said`` keeps the message
    by its English text, so that an error raised from the column can be translated."""
    text = str(message)
    said.setdefault(text, message)
    return text


def _played(
    contract: pl.Series,
    declarer: pl.Series | None,
    result: pl.Series | None,
    said: dict[str, Message],
) -> dict[str, pl.Series]:
    """Parse (contract, declarer, result) text once per distinct triple, as the CSV reader
    does (each problem's message put in ``said``)."""
    parts = [_text(contract)]
    parts += [_text(s) for s in (declarer, result) if s is not None]
    joined = pl.select(pl.concat_str(parts, separator="\x1f")).to_series()

    def one(key: str) -> tuple[object, ...]:
        text = " ".join(part for part in key.split("\x1f") if part)
        if not text:
            return None, None, None, None, None, False, False, None
        if len(text) > _TEXT_LIMIT:
            problem = _say(
                said, _("{text} is too long to be a contract and result", text=excerpt(text))
            )
            return None, None, None, None, None, False, True, problem
        try:
            found = TableResult.parse(text)
        except BridgeError as error:
            return None, None, None, None, None, False, True, _say(said, error.message)
        played = found.contract
        if not isinstance(played, Contract):
            return None, None, None, None, None, True, True, None
        if found.declarer is None:
            problem = _say(
                said,
                _(
                    "{text!r} has no declarer, so whose score it is is unknown; add N, E, S or W",
                    text=text,
                ),
            )
            return None, None, None, None, None, False, True, problem
        return (
            played.level,
            int(played.strain),
            int(played.doubling),
            int(found.declarer),
            found.tricks,
            False,
            True,
            None,
        )

    names = ("level", "strain", "doubling", "declarer", "tricks", "passed", "given", "problem")
    dtypes = [pl.Float64()] * 5 + [pl.Boolean(), pl.Boolean(), pl.String()]
    return dict(zip(names, _by_distinct(joined, one, dtypes), strict=True))


class _Problems:
    """The first problem of each bad row (kept sparse: bad rows are few)."""

    def __init__(self, n: int, said: dict[str, Message]) -> None:
        self.n = n
        self.found: dict[int, str] = {}
        self.said = said
        """Each problem's message, by its English text (for an error in any language)."""

    def add(self, rows: NDArray[np.bool_] | pl.Series, message: Callable[[int], Message]) -> None:
        mask = rows.to_numpy() if isinstance(rows, pl.Series) else rows
        for row in np.flatnonzero(mask).tolist():
            if row not in self.found:
                self.found[row] = _say(self.said, message(row))

    def message(self, row: int) -> Message:
        """Row ``row``'s problem as a message."""
        text = self.found[row]
        return self.said.get(text) or Message(text)

    def add_texts(self, texts: pl.Series | None) -> None:
        """Rows whose entry in a String column is not null."""
        if texts is None or texts.null_count() == len(texts):
            return
        rows = np.flatnonzero(texts.is_not_null().to_numpy())
        for row, text in zip(rows.tolist(), texts.gather(rows).to_list(), strict=True):
            self.found.setdefault(row, text)

    def explained(self) -> NDArray[np.bool_]:
        mask = np.zeros(self.n, np.bool_)
        mask[list(self.found)] = True
        return mask

    def column(self) -> pl.Series:
        column = pl.repeat(None, self.n, dtype=pl.String, eager=True).alias("problem")
        if self.found:
            rows = sorted(self.found)
            column = column.scatter(rows, pl.Series([self.found[r] for r in rows], dtype=pl.String))
        return column


def _board_numbers(board: pl.Series, problems: _Problems) -> NDArray[np.int64]:
    """Board numbers (0 where there is none), with the scalar parser's problem for the others."""
    if board.dtype.is_integer() and board.null_count() == 0 and len(board):
        numbers = board.to_numpy().astype(np.int64, copy=False)
        if int(numbers.min()) >= 1:
            return numbers
    text = _text(board)
    parsed = (
        text.cast(pl.Int64, strict=False)
        if board.dtype == pl.String
        else board.cast(pl.Int64, strict=False)
    )
    bad = (parsed.is_null() | (parsed < 1)).fill_null(True)

    def reason(row: int) -> Message:
        shown = text[row]
        if not shown:
            return _("no board number")
        if len(shown) > _TEXT_LIMIT:
            return _("board {board} is not a board number", board=excerpt(shown))
        try:
            BoardInfo.parse(shown)
        except BridgeError as error:
            return error.message
        return _(  # pragma: no cover - parse accepted it
            "board {board} is not a board number", board=excerpt(shown)
        )

    problems.add(bad, reason)
    return np.where(bad.to_numpy(), 0, parsed.fill_null(0).to_numpy())


def _vulnerability(
    df: pl.DataFrame, cols: dict[str, str], numbers: NDArray[np.int64], said: dict[str, Message]
) -> tuple[NDArray[Any], dict[int, str]]:
    """Vulnerability codes (NaN when unknown; checked by :func:`score_ns`) and the rows whose
    text is not a vulnerability. A row without one takes its board number's."""
    schedule = tables.schedule()
    from_board = np.where(numbers >= 1, schedule.take((numbers - 1) % 16), -1)
    if "vulnerability" not in cols:
        return from_board, {}
    column = df[cols["vulnerability"]]
    if column.dtype == pl.String:
        column = pl.select(pl.when(_text(column) != "").then(column)).to_series()
    code, problem = _coded(column, VULNERABILITY, said)
    given = code.cast(pl.Float64).to_numpy()
    return np.where(column.is_null().to_numpy(), from_board, given), _sparse(problem)


def _quoted(text: str) -> str:
    """Short text as it is; long text as a short excerpt."""
    return text if len(text) <= _TEXT_LIMIT else excerpt(text)


def _sparse(texts: pl.Series | None) -> dict[int, str]:
    if texts is None or texts.null_count() == len(texts):
        return {}
    rows = np.flatnonzero(texts.is_not_null().to_numpy())
    return dict(zip(rows.tolist(), texts.gather(rows).to_list(), strict=True))


def _laws(
    df: pl.DataFrame, cols: dict[str, str], laws: str, problems: _Problems
) -> tuple[str | NDArray[Any], dict[int, str]]:
    """The law set, or a code per row (and the text problems of a law column)."""
    if "laws" not in cols:
        get_laws(laws)
        return laws, {}
    code, problem = _coded(df[cols["laws"]], LAWS, problems.said)
    keys = [cols[k] for k in ("event", "board") if k in cols]
    work = df.select(keys).with_columns(code.alias("__law"))
    mixed = work.select((pl.col("__law").n_unique().over(keys) > 1).alias("m")).to_series()
    board = df[cols["board"]]
    problems.add(
        mixed,
        lambda row: _(
            "board {board} mixes law sets; score each board under one",
            board=_quoted(str(board[row])),
        ),
    )
    return code.to_numpy(), _sparse(problem)


def score(
    df: pl.DataFrame, *, laws: str = DEFAULT_LAW_SET, on_invalid: str = "raise"
) -> pl.DataFrame:
    """The frame with ``ns_score`` (Int32) and ``problem`` (String) added; see the module."""
    return _score(df, laws, on_invalid, {})


def _score(df: pl.DataFrame, laws: str, on_invalid: str, said: dict[str, Message]) -> pl.DataFrame:
    """:func:`score`, putting each problem's message in ``said`` by its English text."""
    policy = check_policy(on_invalid)
    cols = _columns(df)
    n = df.height
    if "board" not in cols:
        if df.columns:
            raise BatchInputError(
                _("no board column among {columns}", columns=", ".join(df.columns))
            )
        raise BatchInputError(_("no board column among no columns"))
    problems = _Problems(n, said)
    board = df[cols["board"]]
    numbers = _board_numbers(board, problems)
    vulnerability, vul_problems = _vulnerability(df, cols, numbers, problems.said)
    for row, text in vul_problems.items():
        problems.found.setdefault(row, text)
    if "adjusted" in cols:
        adjusted = _text(df[cols["adjusted"]])
        problems.add(
            adjusted != "",
            lambda row: _(
                "adjusted score {score}: the batch engine compares played results only",
                score=_quoted(adjusted[row]),
            ),
        )
    law_codes, text_problems = _laws(df, cols, laws, problems)
    by_field: dict[str, dict[int, str]] = {"laws": text_problems}
    passed = np.zeros(n, np.bool_)
    played = np.zeros(n, np.bool_)
    names = ("level", "strain", "doubling", "declarer", "tricks")
    if "contract" in cols:
        result = df[cols["result"]] if "result" in cols else None
        given = _text(df[cols[_TRICKS_GIVEN]]) if _TRICKS_GIVEN in cols else None
        if result is not None and given is not None:  # an empty result: the tricks
            stated = _text(result)
            result = pl.select(pl.when(stated != "").then(stated).otherwise(given)).to_series()
        found = _played(
            df[cols["contract"]],
            df[cols["declarer"]] if "declarer" in cols else None,
            result,
            problems.said,
        )
        level, strain, doubling, declarer, tricks = (found[k] for k in names)
        passed = found["passed"].to_numpy()
        played = found["given"].to_numpy()
        problems.add_texts(found["problem"])
        if given is not None:
            _check_tricks(given, tricks, result, problems)
    elif "level" in cols:
        # the tricks taken are the results file's "result" column (alias "tricks")
        sources = ("level", "strain", "doubling", "declarer", "result")
        missing = [n for n, c in zip(names, sources, strict=True) if c not in cols]
        if missing:
            raise BatchInputError(
                _("a level column but no {columns} column", columns=", ".join(missing))
            )
        fields = (LEVEL, STRAIN, DOUBLING, DECLARER, TRICKS)
        coded = [
            _coded(df[cols[c]], field, problems.said)
            for c, field in zip(sources, fields, strict=True)
        ]
        level, strain, doubling, declarer, tricks = (c for c, _problem in coded)
        for name, (_code, problem) in zip(names, coded, strict=True):
            by_field[name] = _sparse(problem)
        played = np.ones(n, np.bool_)
    else:
        level = strain = doubling = declarer = tricks = pl.repeat(
            None, n, dtype=pl.Float64, eager=True
        )
    contract_rows = played & ~passed
    scored = score_ns(
        level.to_numpy(),
        strain.to_numpy(),
        doubling.to_numpy(),
        declarer.to_numpy(),
        vulnerability,
        tricks.to_numpy(),
        laws=law_codes,
        on_invalid="null",
    )

    def reason(row: int) -> Message:
        text = by_field.get(code_field(int(scored.codes[row])), {}).get(row)
        if text is not None:
            return problems.said.get(text) or Message(text)
        found = scored.reason_message(row)
        assert found is not None  # a row without a score has a reason
        return found

    problems.add(contract_rows & ~scored.valid, reason)
    ns = scored.values
    if passed.any() or not contract_rows.all():
        ns = np.where(passed, 0.0, np.where(contract_rows, ns, np.nan))
    nothing = ~played
    if "score" in cols:
        given, given_problem = _given_score(df[cols["score"]], problems.said)
        given_values = given.to_numpy()
        has_given = ~np.isnan(given_values)
        problems.add_texts(given_problem)
        clash = played & has_given & ~np.isnan(ns) & (given_values != ns)
        problems.add(
            clash,
            lambda row: _(
                "score {score:+d} contradicts the result (NS {ns:+d})",
                score=int(given_values[row]),
                ns=int(ns[row]),
            ),
        )
        ns = np.where(played, ns, given_values)
        nothing &= ~has_given
        _impossible_scores(
            given_values, vulnerability, law_codes, has_given & ~played, board, problems
        )
    problems.add(
        nothing,
        lambda row: _("no result; give a contract and result, a score, or an adjusted score"),
    )
    bad = len(problems.found)
    if bad and policy == "raise":
        first = min(problems.found)
        why = problems.message(first)
        if bad > 1:
            message = _(
                "row {row}: {reason} ({count} bad rows; on_invalid='null' keeps the others)",
                row=first,
                reason=why,
                count=bad,
            )
        else:
            message = _(
                "row {row}: {reason} (1 bad row; on_invalid='null' keeps the others)",
                row=first,
                reason=why,
            )
        raise BatchInputError(message, row=first, count=bad, reason=why)
    if bad:
        ns = np.where(problems.explained(), np.nan, ns)
    values = pl.Series("ns_score", ns, nan_to_null=True).cast(pl.Int32)
    return df.with_columns(values, problems.column())


def _check_tricks(
    given: pl.Series, tricks: pl.Series, result: pl.Series | None, problems: _Problems
) -> None:
    """A ``tricks`` column beside ``result``: a row whose result makes other tricks than
    it says is a bad row."""
    stated = given.cast(pl.Float64, strict=False).to_numpy()
    made = tricks.to_numpy()
    clash = ~np.isnan(stated) & ~np.isnan(made) & (stated != made)
    shown = _text(result) if result is not None else given
    problems.add(
        clash,
        lambda row: _(
            "result {result} makes {made} tricks, but the tricks column says {given}",
            result=_quoted(shown[row]),
            made=int(made[row]),
            given=given[row],
        ),
    )


_VULNERABILITIES: Final = (
    Vulnerability.NONE,
    Vulnerability.NS,
    Vulnerability.EW,
    Vulnerability.BOTH,
)


def _impossible_scores(
    given: NDArray[np.float64],
    vulnerability: NDArray[Any],
    laws: str | NDArray[Any],
    rows: NDArray[np.bool_],
    board: pl.Series,
    problems: _Problems,
) -> None:
    """A given NS score that no contract can produce at the row's vulnerability is a bad
    row, as :func:`bridgescore.events.model.check_rows` finds it (one check per distinct
    score, vulnerability and law set)."""
    vul = np.asarray(vulnerability, np.float64)
    law = np.zeros(len(given)) if isinstance(laws, str) else np.asarray(laws, np.float64)
    rows = rows & ~np.isnan(given) & ~np.isnan(vul) & ~np.isnan(law) & (vul >= 0) & (vul <= 3)
    if not rows.any():
        return
    names = tuple(LAW_SETS)
    keys = np.stack([given[rows], vul[rows], law[rows]], axis=1)
    distinct, inverse = np.unique(keys, axis=0, return_inverse=True)
    possible = np.array(
        [
            possible_ns_score(
                int(score),
                _VULNERABILITIES[int(v)],
                laws if isinstance(laws, str) else names[int(code)],
            )
            for score, v, code in distinct.tolist()
        ],
        dtype=np.bool_,
    )
    bad = np.zeros(len(given), np.bool_)
    bad[rows] = ~possible[inverse.ravel()]
    if not bad.any():
        return
    shown = board.cast(pl.String)
    problems.add(
        bad,
        lambda row: _impossible(
            _quoted(str(shown[row])), int(given[row]), _VULNERABILITIES[int(vul[row])]
        ),
    )


def _impossible(board: str, score: int, vulnerability: Vulnerability) -> Message:
    """A given score that no contract can produce at the board's vulnerability (in the
    words the scalar reader's check of a file's rows uses)."""
    return _(
        "board {board}: {detail}",
        board=board,
        detail=_(
            "NS {score} is a score no contract can produce with {vulnerability}",
            score=f"{score:+d}",
            vulnerability=vulnerability.phrase,
        ),
    )


def _given_score(series: pl.Series, said: dict[str, Message]) -> tuple[pl.Series, pl.Series | None]:
    """North-South scores given in the frame (whole numbers; ``+420`` in text), and the
    problem of each bad one (its message put in ``said``)."""
    if series.dtype.is_integer():
        return series.cast(pl.Float64), None
    if series.dtype.is_float():
        numbers = series.fill_nan(None)
        shown = numbers.cast(pl.String)
        bad = numbers.is_not_null() & (numbers != numbers.floor())
        numbers = pl.select(pl.when(~bad).then(numbers)).to_series()
    else:
        shown = _text(series)
        numbers = shown.str.strip_prefix("+").cast(pl.Int64, strict=False).cast(pl.Float64)
        bad = (shown != "") & numbers.is_null()
    problem = None
    if bad.any():
        limit = _TEXT_LIMIT
        cut = pl.select(
            pl.when(shown.str.len_chars() > limit)
            .then(pl.concat_str(shown.str.slice(0, limit), pl.lit("…")))
            .otherwise(shown)
        ).to_series()
        problem = pl.select(
            pl.when(bad).then(pl.format("score {} is not a whole number of points", cut))
        ).to_series()
        for value in cut.filter(bad).unique().to_list():
            _say(said, _("score {value} is not a whole number of points", value=value))
    return numbers.cast(pl.Float64), problem


def _key_column(series: pl.Series) -> NDArray[Any]:
    """A key column for :class:`Boards`: integers as they are, other keys densely coded;
    missing keys are NaN."""
    if not series.dtype.is_integer():
        series = pl.select(series.rank("dense")).to_series()
    return series.to_numpy()


Rule = bool | NDArray[np.bool_]
"""A rule for every row (one flag), or row by row (each event's own)."""


@dataclass(frozen=True, slots=True)
class _Rules:
    """The per-board rules of each row's event: the ACBL scale (1 a beat), the manual
    Neuberg variant, and a board scored to its own top (no Neuberg: BriAn's)."""

    acbl: Rule = False
    manual: Rule = False
    own_top: Rule = False


def _rules(df: pl.DataFrame, scale: str | None, method: str | None) -> _Rules:
    """Each row's per-board rules: as asked, else as the row's event was scored (a season
    table's ``options`` column: its matchpoint policy), else the european scale, Neuberg's
    formula and the top of the event's largest board."""
    acbl: Rule = scale is not None and Scale.parse(scale) is Scale.ACBL
    manual: Rule = method is not None and NeubergMethod.parse(method) is NeubergMethod.MANUAL
    if "options" not in df.columns:
        return _Rules(acbl, manual)
    said = df["options"].cast(pl.String)

    def policy(text: str | None) -> tuple[bool, bool, bool]:
        if not text:
            return False, False, False
        try:
            found = ScoringOptions(**json.loads(text)).pairs_policy
        except (ValueError, TypeError, BridgeError) as error:
            raise BatchInputError(
                _("the options column: {error}", error=excerpt(str(error)))
            ) from None
        return (
            found.scale is Scale.ACBL,
            found.method is NeubergMethod.MANUAL,
            found.top is BoardTop.RESULTS,
        )

    distinct = said.unique(maintain_order=True)
    found = [policy(text) for text in distinct.to_list()]

    def column(i: int) -> NDArray[np.bool_]:
        flags = pl.Series([f[i] for f in found], dtype=pl.Boolean)
        values: NDArray[np.bool_] = said.replace_strict(distinct, flags, default=False).to_numpy()
        return values

    return _Rules(
        column(0) if scale is None else acbl,
        column(1) if method is None else manual,
        column(2),
    )


def _on_scale(european: NDArray[np.float64], acbl: Rule) -> NDArray[np.float64]:
    """Matchpoints on the european scale, halved where the rule is ACBL's."""
    if isinstance(acbl, bool):
        return european / 2 if acbl else european
    halved: NDArray[np.float64] = np.where(acbl, european / 2, european)
    return halved


def _neuberg(
    boards: Boards, wanted: int | NDArray[np.int64] | None, rules: _Rules
) -> NDArray[np.float64]:
    """Neuberg's matchpoints, each row by its own event's scale and variant."""
    acbl, manual = rules.acbl, rules.manual
    if isinstance(acbl, bool) and isinstance(manual, bool):
        return boards.neuberg(
            wanted, "acbl" if acbl else "european", "manual" if manual else "neuberg"
        )
    out = np.full(boards.rows, np.nan)
    every = np.ones(boards.rows, np.bool_)
    for on_acbl in (False, True):
        for by_hand in (False, True):
            rows = (acbl if not isinstance(acbl, bool) else every & acbl) == on_acbl
            rows &= (manual if not isinstance(manual, bool) else every & manual) == by_hand
            if rows.any():
                found = boards.neuberg(
                    wanted, "acbl" if on_acbl else "european", "manual" if by_hand else "neuberg"
                )
                out[rows] = found[rows]
    return out


def _event_key(df: pl.DataFrame, cols: dict[str, str]) -> NDArray[Any] | None:
    """The event each row belongs to: its ``event`` column, and (a season table, where two
    files may name their events alike) its ``source`` column with it."""
    if "event" not in cols:
        return None
    if "source" not in df.columns:
        return _group_column(df[cols["event"]])
    joined = pl.select(
        pl.concat_str(
            [
                df["source"].cast(pl.String).fill_null(""),
                df[cols["event"]].cast(pl.String).fill_null(""),
            ],
            separator="\x1f",
        )
    ).to_series()
    return _group_column(joined)


def _group_column(series: pl.Series) -> NDArray[Any] | None:
    """An event or section column as a key for :class:`Boards`: an empty cell is a group
    of its own (a table of one event names none; a session of one section neither), and
    a column of nothing but empty cells is no column (``None``)."""
    if series.null_count() == len(series):
        return None
    if series.dtype.is_integer() and not series.null_count():
        return series.to_numpy()
    coded = pl.select(pl.when(series.is_null()).then(0).otherwise(series.rank("dense")))
    return coded.to_series().cast(pl.Int64).to_numpy()


def compare(
    df: pl.DataFrame,
    *,
    methods: Sequence[str] = ("mp",),
    scale: str | None = None,
    expected: int | str | None = None,
    neuberg_method: str | None = None,
    imp_table: str | ImpTable = DEFAULT_IMP_TABLE,
    exclude: int = 0,
    preset: str | ButlerPreset = DEFAULT_BUTLER_PRESET,
) -> pl.DataFrame:
    """Add each board's comparisons of ``ns_score`` (rows with a null score take no part):

    - ``mp``: ``ns_mp``, ``ew_mp``, ``ns_pct``, ``ew_pct`` (``scale`` european or acbl);
    - ``neuberg``: ``ns_neuberg``, ``ew_neuberg`` (to ``expected`` results: a number,
      the name of a column holding each row's, or by default the entries of the
      largest board of the row's ``event`` and ``section``, adjusted and not-played
      entries counted, as the library counts them; ``neuberg_method`` neuberg or manual);
    - ``cross_imps``: ``ns_ximps``, ``ew_ximps`` (averaged per comparison);
    - ``butler``: ``datum``, ``ns_butler``, ``ew_butler``.

    A board is one event's (and section's): an ``event`` column, with a ``source``
    column beside it (a season table: two files may name their events alike), and a
    ``section`` column keep boards of the same number apart. ``scale`` and
    ``neuberg_method`` not given are each event's own where the table says how its
    event was scored (a season table's ``options`` column: the matchpoint policy's scale
    and Neuberg variant), else ``european`` and ``neuberg``.
    - ``cross_imps``: ``ns_ximps``, ``ew_ximps`` (averaged per comparison);
    - ``butler``: ``datum``, ``ns_butler``, ``ew_butler``.
    """
    out: dict[str, NDArray[np.float64]] = {}
    for _method, found in _comparisons(
        df,
        methods=methods,
        scale=scale,
        expected=expected,
        neuberg_method=neuberg_method,
        imp_table=imp_table,
        exclude=exclude,
        preset=preset,
    ):
        out.update(found)
    return df.with_columns(
        pl.Series(name, values, nan_to_null=True) for name, values in out.items()
    )


def _check_methods(methods: Sequence[str]) -> None:
    unknown = [m for m in methods if m not in METHODS]
    if unknown:
        raise UnknownMethodError(
            _(
                "{unknown}: not a comparison; use {methods}",
                unknown=", ".join(unknown),
                methods=", ".join(METHODS),
            )
        )


def _comparisons(
    df: pl.DataFrame,
    *,
    methods: Sequence[str],
    scale: str | None = None,
    expected: int | str | None = None,
    neuberg_method: str | None = None,
    imp_table: str | ImpTable = DEFAULT_IMP_TABLE,
    exclude: int = 0,
    preset: str | ButlerPreset = DEFAULT_BUTLER_PRESET,
) -> Iterator[tuple[str, dict[str, NDArray[np.float64]]]]:
    """Each method's new columns, one method at a time (in :data:`METHODS` order)."""
    _check_methods(methods)
    cols = _columns(df, only=("board", "event", "section", "adjusted"))
    if "board" not in cols or "ns_score" not in df.columns:
        raise BatchInputError(
            _("compare needs a board and an ns_score column; score the frame first")
        )
    board = _key_column(df[cols["board"]])
    event = _event_key(df, cols)
    section = _group_column(df[cols["section"]]) if "section" in cols else None
    ns = df["ns_score"].to_numpy()
    boards = Boards(board, ns, event=event, section=section, on_invalid="null")
    rules = _rules(df, scale, neuberg_method)
    if "mp" in methods:
        yield (
            "mp",
            {
                "ns_mp": _on_scale(boards.matchpoints(), rules.acbl),
                "ew_mp": _on_scale(boards.ew_matchpoints(), rules.acbl),
                "ns_pct": boards.percentages(),
                "ew_pct": boards.ew_percentages(),
            },
        )
    if "neuberg" in methods:
        mirrored = Boards(board, -ns, event=event, section=section, on_invalid="null")
        wanted = _expected_column(df, cols, expected, rules.own_top)
        yield (
            "neuberg",
            {
                "ns_neuberg": _neuberg(boards, wanted, rules),
                "ew_neuberg": _neuberg(mirrored, wanted, rules),
            },
        )
    if "cross_imps" in methods:
        ximps = boards.cross_imps(exclude=exclude, table=imp_table)
        yield "cross_imps", {"ns_ximps": ximps, "ew_ximps": 0.0 - ximps}
    if "butler" in methods:
        butler = boards.butler(preset)
        yield (
            "butler",
            {"datum": boards.datum(preset), "ns_butler": butler, "ew_butler": 0.0 - butler},
        )


def _board_counts(df: pl.DataFrame, cols: dict[str, str]) -> pl.DataFrame:
    """Per row: its board's entries (``_n``: results with a score, and adjusted or
    not-played ones, which take no part in the comparisons but were a table at which the
    board was due) and results (``_own``), and the keys of its event and section."""
    adjusted = (
        _text(df[cols["adjusted"]]) != ""
        if "adjusted" in cols
        else pl.repeat(False, df.height, eager=True)
    )
    played = df["ns_score"].is_not_null()
    entry = (played | adjusted).cast(pl.Int64)
    board = pl.Series(_key_column(df[cols["board"]]))
    event, section = _event_key(df, cols), None
    if "section" in cols:
        section = _group_column(df[cols["section"]])
    keys = [
        pl.Series(f"_{name}", found)
        for name, found in (("event", event), ("section", section))
        if found is not None
    ]
    work = pl.DataFrame(
        [*keys, board.alias("_board"), entry.alias("_entry"), played.cast(pl.Int64).alias("_p")]
    )
    group = [k.name for k in keys]
    return work.with_columns(
        _n=pl.col("_entry").sum().over(*group, "_board"),
        _own=pl.col("_p").sum().over(*group, "_board"),
    ).select(*group, "_n", "_own")


def _expected(df: pl.DataFrame, cols: dict[str, str]) -> pl.Series:
    """Each row's N for Neuberg, as :mod:`bridgescore.events` counts it: the entries of the
    largest board of the row's event (and section)."""
    counts = _board_counts(df, cols)
    group = [c for c in counts.columns if c not in ("_n", "_own")]
    largest = pl.col("_n").max()
    found = counts.select(largest.over(group) if group else largest).to_series()
    if not group and df.height:
        found = found.extend_constant(found[0], df.height - 1)
    return found


def _expected_column(
    df: pl.DataFrame, cols: dict[str, str], expected: int | str | None, own_top: Rule = False
) -> int | NDArray[np.int64]:
    """``expected`` as :meth:`Boards.neuberg` takes it: a number as it is, a column's name
    read, ``None`` counted per event (and section) by :func:`_expected`; a row whose event
    scores a board to its own top (``own_top``) has its board's results."""
    if isinstance(expected, int) and own_top is False:
        return expected
    if isinstance(expected, int):
        column = pl.repeat(expected, df.height, dtype=pl.Int64, eager=True)
    elif isinstance(expected, str):
        if expected not in df.columns:
            raise BatchInputError(_("expected={name!r}: no such column", name=expected))
        column = df[expected]
    else:
        column = _expected(df, cols)
    values: NDArray[np.int64] = column.fill_null(0).cast(pl.Int64).to_numpy()
    if own_top is not False:
        own = _board_counts(df, cols)["_own"].to_numpy()
        values = np.where(own_top, own, values)
    return values


def process(
    df: pl.DataFrame,
    *,
    laws: str = DEFAULT_LAW_SET,
    on_invalid: str = "raise",
    methods: Sequence[str] = ("mp",),
    **options: Unpack[CompareOptions],
) -> pl.DataFrame:
    """:func:`score`, then :func:`compare` (``options`` go to :func:`compare`)."""
    return compare(score(df, laws=laws, on_invalid=on_invalid), methods=methods, **options)


# --- files -----------------------------------------------------------------------------------


def read(path: str | Path) -> pl.DataFrame:
    """A results file as a frame: Parquet by extension, else CSV read as text (as the CSV
    reader does: ``=`` and ``+1`` stay text; comment and blank lines skipped).

    A damaged file is a :class:`~bridgescore.batch.files.BatchFileError` naming the file,
    the line (or row) and what is wrong; see :mod:`bridgescore.batch.files`.
    """
    return files.read(path).frame


def write(df: pl.DataFrame, path: str | Path) -> None:
    """Write a frame as CSV or Parquet, as its name says (``.csv``, ``.parquet``; any other
    name is an error), through a temporary file: a failed write leaves no truncated file."""
    files.write(df, path)


@dataclass(frozen=True, slots=True)
class FileSummary:
    """What :func:`run_file` did: the rows written, how many have a problem, the format the
    input was read as, and what was skipped (``notes``: sentences naming the file and
    the lines, for the person running the job)."""

    target: str
    form: str
    rows: int
    bad: int
    notes: tuple[str | Message, ...] = ()
    """Each note's ``str()`` is English; a :class:`~bridgescore.errors.Message` can be
    rendered in another language."""


def source_format(path: str | Path) -> str:
    """What ``path`` is read as: ``parquet`` (by its name; the name and the content must
    agree), ``csv`` (a results table), or an event format the library reads, by content
    (``pbn``, ``usebio``, ``json``...: :func:`bridgescore.io.events.detect_format`)."""
    if files.FORMATS.get(Path(path).suffix.lower()) == "parquet":
        return "parquet"
    try:
        with open(path, "rb") as handle:
            if handle.read(4) == b"PAR1":
                return "csv"  # files.read says to name it .parquet
        found = detect_format(path)
    except (OSError, BridgeError):  # files.read names what is wrong with the file
        return "csv"
    return "csv" if found == "csv" else found


def score_file(
    in_path: str | Path,
    out_path: str | Path,
    *,
    laws: str = DEFAULT_LAW_SET,
    on_invalid: str = "null",
    methods: Sequence[str] = ("mp",),
    progress: Progress | None = None,
    chunk_rows: int = 1_000_000,
    force: bool = False,
    fast: bool = False,
    **options: Unpack[CompareOptions],
) -> int:
    """Score and compare a results file into another; returns the rows with a problem.

    :func:`run_file` does the work (see there); this returns its ``bad``.
    """
    return run_file(
        in_path,
        out_path,
        laws=laws,
        on_invalid=on_invalid,
        methods=methods,
        progress=progress,
        chunk_rows=chunk_rows,
        force=force,
        fast=fast,
        **options,
    ).bad


def run_file(
    in_path: str | Path,
    out_path: str | Path,
    *,
    laws: str = DEFAULT_LAW_SET,
    on_invalid: str = "null",
    methods: Sequence[str] = ("mp",),
    progress: Progress | None = None,
    chunk_rows: int = 1_000_000,
    force: bool = False,
    fast: bool = False,
    **options: Unpack[CompareOptions],
) -> FileSummary:
    """Score a results file (CSV or Parquet) or an event file (PBN, USEBIO, JSON, by
    content) into CSV or Parquet.

    An event — an event file, or a results CSV that names its pairs (``ns`` and ``ew``,
    or an individual's four players: :func:`names_contestants`; its form checked
    first, as any CSV table's) — is read and scored by the library as ``bridgescore
    event`` scores it (:func:`bridgescore.batch.events.read_results`: one row per
    result with the library's points and percentages for both sides, adjusted scores
    and Neuberg scaling included); a bad row is the library's error, listing every
    problem with its line, since the library ranks no event with a bad row.
    ``fast=True`` instead compares an event file's played results by ``methods`` with
    the vectorised engine, and scores a results CSV row by row as a table (adjusted
    scores take no part, no board is scaled). A table of bare deals (no pairs) and a
    Parquet table are scored row by row and compared by ``methods``.

    Before any work, the output's name must say its format (``.csv`` or
    ``.parquet``), the law set and methods must exist, and the output must not be
    the input (unless ``force``). ``progress(phase, done, total)`` is called through
    every phase of :data:`PHASES`. By default bad rows are kept with a null score
    and their ``problem``, so a long job always writes its output; with
    ``on_invalid="raise"`` the first bad row stops it (with the count of bad rows)
    and nothing is written. Every error names the file and the line (or row); blank
    lines skipped are said in ``notes``.
    """
    policy = check_policy(on_invalid)
    form = files.file_format(out_path)
    _check_methods(methods)
    get_laws(laws)
    if not force and files.same_file(in_path, out_path):
        raise files.BatchFileError(
            _("the output is the input file; name another output (or force it)"),
            source=str(out_path),
        )

    def report(phase: str, done: int, total: int) -> None:
        if progress is not None:
            progress(phase, done, total)

    kind = source_format(in_path)
    if kind not in ("csv", "parquet"):
        return _event_file(in_path, out_path, form, kind, laws, methods, fast, report, options)
    table = files.read(in_path, progress=report)
    skipped = table.skipped()
    notes = () if skipped is None else (skipped,)
    if not fast and names_contestants(table.frame.columns):
        # the library's results file, or a season table: events, scored as the library
        # scores them
        return _event_file(
            in_path, out_path, form, kind, laws, methods, fast, report, options, notes
        )
    frame = table.frame
    total = frame.height
    report("scoring", 0, total)
    parts = []
    said: dict[str, Message] = {}
    step = max(chunk_rows, 1)
    for offset in range(0, total, step):
        part = frame.slice(offset, step)
        try:
            parts.append(_score(part, laws, "null", said))
        except BatchInputError as error:
            raise table.locate(error, offset) from None
        report("scoring", min(offset + step, total), total)
    scored = pl.concat(parts)
    problems = scored["problem"]
    bad = total - problems.null_count()
    if bad and policy == "raise":
        first = int(problems.is_not_null().arg_max() or 0)
        text = str(problems[first])
        reason = said.get(text) or Message(text)
        raise table.locate(BatchInputError(reason, row=first, count=bad, reason=reason))
    comparisons = _comparisons(scored, methods=methods, **options)
    for method in (m for m in METHODS if m in methods):
        report(method, 0, 1)  # the generator works out each method when asked for it
        try:
            name, found = next(comparisons)
        except BatchInputError as error:  # pragma: no cover - a scored frame has the columns
            raise table.locate(error) from None
        assert name == method
        scored = scored.with_columns(
            pl.Series(column, values, nan_to_null=True) for column, values in found.items()
        )
        report(method, 1, 1)
    report("writing", 0, 1)
    files.write(scored, out_path, form)
    report("writing", 1, 1)
    return FileSummary(str(out_path), kind, total, bad, notes)


def names_contestants(columns: Sequence[str]) -> bool:
    """Whether a table's columns name who played (``ns`` and ``ew`` pairs, or an individual's
    four players): the library's results file, an event with rankings, rather than bare
    deals (contract, tricks, vulnerability) to score by the million."""
    found = {_names.canonical(name) for name in columns}
    return {"ns", "ew"} <= found or {"north", "east", "south", "west"} <= found


def _event_file(
    in_path: str | Path,
    out_path: str | Path,
    form: files.Format,
    kind: str,
    laws: str,
    methods: Sequence[str],
    fast: bool,
    report: Callable[[str, int, int], None],
    options: CompareOptions,
    notes: tuple[str | Message, ...] = (),
) -> FileSummary:
    """An event file: the library's figures, or (``fast``) the vectorised comparisons."""
    from bridgescore.batch import events

    if not fast and any(m != "mp" for m in methods):
        raise BatchInputError(
            _(
                "{path}: an event file is scored as the library scores it (by its own"
                " scoring); the comparisons {methods} are for the fast path (fast=True, --fast)",
                path=in_path,
                methods=", ".join(m for m in methods if m != "mp"),
            )
        )
    if fast:
        report("reading", 0, 1)
        read = events.events_in(in_path, laws=laws)
        report("reading", 1, 1)
        report("scoring", 0, 1)
        figures = ("ns_points", "ew_points", "ns_percent", "ew_percent")
        scored = pl.concat([events.results_of(e, None, in_path) for e in read]).drop(figures)
        report("scoring", 1, 1)
        comparisons = _comparisons(scored, methods=methods, **options)
        for method in (m for m in METHODS if m in methods):
            report(method, 0, 1)
            _method, found = next(comparisons)
            scored = scored.with_columns(
                pl.Series(column, values, nan_to_null=True) for column, values in found.items()
            )
            report(method, 1, 1)
    else:
        report("reading", 0, 1)
        with warnings.catch_warnings():  # said in the notes instead
            warnings.simplefilter("ignore", events.SeasonWarning)
            season = events.read_season([in_path], laws=laws)  # read and scored at once
        report("reading", 1, 1)
        report("scoring", 0, 1)
        scored = season.results
        notes = (*notes, *(twice.message() for twice in season.seen_twice))
        report("scoring", 1, 1)
    # the players' names as text, one cell a side, which CSV holds too
    scored = scored.with_columns(pl.col("ns_players", "ew_players").list.join(" & "))
    report("writing", 0, 1)
    files.write(scored, out_path, form)
    report("writing", 1, 1)
    return FileSummary(str(out_path), kind, scored.height, 0, notes)


# --- namespaces ------------------------------------------------------------------------------


@pl.api.register_dataframe_namespace("bridge")
class BridgeFrame:
    """``df.bridge.score()``, ``df.bridge.compare()``, ``df.bridge.process()``."""

    def __init__(self, df: pl.DataFrame) -> None:
        self._df = df

    def score(self, *, laws: str = DEFAULT_LAW_SET, on_invalid: str = "raise") -> pl.DataFrame:
        return score(self._df, laws=laws, on_invalid=on_invalid)

    def compare(
        self, *, methods: Sequence[str] = ("mp",), **options: Unpack[CompareOptions]
    ) -> pl.DataFrame:
        return compare(self._df, methods=methods, **options)

    def process(
        self,
        *,
        laws: str = DEFAULT_LAW_SET,
        on_invalid: str = "raise",
        methods: Sequence[str] = ("mp",),
        **options: Unpack[CompareOptions],
    ) -> pl.DataFrame:
        return process(self._df, laws=laws, on_invalid=on_invalid, methods=methods, **options)


@pl.api.register_expr_namespace("bridge")
class BridgeExpr:
    """Expressions: ``pl.col("ns_score").bridge.matchpoints(over="board")``,
    ``pl.struct(level=..., ...).bridge.ns_score()``."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def matchpoints(
        self, scale: str = "european", *, over: str | Sequence[str] | None = None
    ) -> pl.Expr:
        """Matchpoints within each window (``over`` the board): 2 (or 1) per score
        below, 1 (or ½) per other equal score; nulls take no part."""
        x = self._expr
        european = (x.rank("min") + x.rank("max") - 2).cast(pl.Float64)
        found = european / 2 if Scale.parse(scale) is Scale.ACBL else european
        return found if over is None else found.over(over)

    def percentage(self, *, over: str | Sequence[str] | None = None) -> pl.Expr:
        """The matchpoint percentage within each window (50 for a board of one).

        Both the points and the top are computed as whole columns before the one
        division (Polars divides by a per-window scalar through its reciprocal,
        which can be off by one in the last digit)."""
        x = self._expr
        window: Any = pl.lit(0) if over is None else over
        european = (x.rank("min") + x.rank("max") - 2).cast(pl.Float64).over(window)
        top = ((x.count() - 1).cast(pl.Float64) * 2).over(window)
        half = pl.when(x.is_not_null()).then(pl.lit(50.0))
        return pl.when(top > 0).then(european * 100 / top).otherwise(half)

    def ns_score(self, laws: str = DEFAULT_LAW_SET) -> pl.Expr:
        """North-South's score from a struct of ``level``, ``strain``, ``doubling``,
        ``declarer``, ``vulnerability`` and ``tricks`` codes (or text); null when bad."""

        def run(series: pl.Series) -> pl.Series:
            fields = series.struct.unnest()
            found = score_ns(
                *(
                    fields[name].to_numpy()
                    for name in (
                        "level",
                        "strain",
                        "doubling",
                        "declarer",
                        "vulnerability",
                        "tricks",
                    )
                ),
                laws=laws,
                on_invalid="null",
            )
            return pl.Series(series.name, found.values, nan_to_null=True).cast(pl.Int32)

        return self._expr.map_batches(run, return_dtype=pl.Int32, is_elementwise=True)
