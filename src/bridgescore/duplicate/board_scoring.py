"""Scoring one board: every table's entry matchpointed under a policy.

Adjusted and not-played rows (:mod:`bridgescore.duplicate.entries`) take no part in the
comparisons: the real results are matchpointed among themselves and brought to the full
top of the board by the policy's Neuberg variant. The full top is that of
:attr:`BoardResults.expected` results (by default every entry, not-played ones
included). An ``A+`` is 60 % of that top, ``A`` 50 %, ``A-`` 40 % — or, under Law 12C2,
the pair's percentage on the other boards of the session when that is better for ``A+``
or worse for ``A-`` (pass it in ``sessions``). The policy
(:mod:`bridgescore.duplicate.matchpoint_policies`) says the rest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final, TypeAlias

from bridgescore.duplicate.entries import Adjusted, Entry, NotPlayed
from bridgescore.duplicate.imps import DuplicateError
from bridgescore.duplicate.matchpoint_policies import (
    DEFAULT_POLICY,
    BoardTop,
    MatchpointPolicy,
    MissingResults,
    get_policy,
)
from bridgescore.duplicate.matchpoints import (
    HUNDRED,
    matchpoints_by_score,
    neuberg_scale,
    percentage,
)
from bridgescore.errors import marked as _


def _check_entry(entry: object) -> Entry:
    if isinstance(entry, Adjusted | NotPlayed):
        return entry
    if isinstance(entry, int) and not isinstance(entry, bool):
        return entry
    raise DuplicateError(
        _(
            "{entry!r}: a board entry is a NS score (int), an Adjusted score or NOT_PLAYED",
            entry=entry,
        )
    )


@dataclass(frozen=True, slots=True)
class BoardResults:
    """Every table's entry for one board, and how many results the board should have.

    ``expected`` (N for Neuberg) defaults to the number of entries; give it when the
    board was scheduled at more tables than it has entries (a sit-out, a late table).
    """

    entries: tuple[Entry, ...]
    expected: int | None = None

    def __post_init__(self) -> None:
        entries = self.entries
        if isinstance(entries, str | bytes) or not isinstance(entries, Sequence):
            raise DuplicateError(
                _("{entries!r}: a board's entries are a sequence", entries=entries)
            )
        checked = tuple(_check_entry(e) for e in entries)
        object.__setattr__(self, "entries", checked)
        n = self.expected
        if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < len(checked)):
            raise DuplicateError(
                _(
                    "expected={n!r}: the expected number of results is a whole number "
                    "no smaller than the board's {count} entries",
                    n=n,
                    count=len(checked),
                )
            )

    @property
    def expected_results(self) -> int:
        """N: the results the board should have had (the top is that of N results)."""
        return len(self.entries) if self.expected is None else self.expected

    @property
    def scores(self) -> tuple[int, ...]:
        """The real NS scores, in order (adjusted and not-played rows left out)."""
        return tuple(e for e in self.entries if isinstance(e, int))


@dataclass(frozen=True, slots=True)
class LineScore:
    """One entry's matchpoints and percentages for each side, rounded per the policy.

    All are ``None`` for a board not played. ``ns_exact``/``ew_exact`` are the
    matchpoints before rounding, at the board's full top; ``ns_counted``/``ew_counted``
    what the line adds to each pair's total (the shown matchpoints, or as the policy's
    ``total_decimals`` and ``missing_results`` say). Under a ± policy
    (:attr:`~bridgescore.duplicate.matchpoint_policies.MatchpointPolicy.plus_minus`)
    ``ns_mp``/``ew_mp`` are shown less the board's average; the exact and counted
    figures stay on the 0-to-top scale (the totals take the average off once).
    """

    entry: Entry
    ns_mp: float | None
    ew_mp: float | None
    ns_percent: float | None
    ew_percent: float | None
    ns_exact: Fraction | None
    ew_exact: Fraction | None
    ns_counted: Fraction | None = None
    ew_counted: Fraction | None = None


@dataclass(frozen=True, slots=True)
class BoardScore:
    """A board scored under one policy: its top and one :class:`LineScore` per entry.

    ``top`` is the board's full top (what the totals count); ``traveller_top`` the top
    of the figures shown, when it differs (a raw traveller, Compscore).
    """

    policy: MatchpointPolicy
    expected: int
    top: Fraction
    lines: tuple[LineScore, ...]
    traveller_top: Fraction | None = None

    @property
    def shown_top(self) -> Fraction:
        return self.top if self.traveller_top is None else self.traveller_top

    @property
    def ns_mp(self) -> list[float | None]:
        return [line.ns_mp for line in self.lines]

    @property
    def ew_mp(self) -> list[float | None]:
        return [line.ew_mp for line in self.lines]

    @property
    def ns_percent(self) -> list[float | None]:
        return [line.ns_percent for line in self.lines]

    @property
    def ew_percent(self) -> list[float | None]:
        return [line.ew_percent for line in self.lines]


_SMALL_GROUPS: Final = {
    1: (Fraction(60),),
    2: (Fraction(65), Fraction(55)),
    3: (Fraction(70), Fraction(60), Fraction(50)),
}


def _small_group_percent(scores: Sequence[int]) -> list[Fraction]:
    """Fixed percentages by rank (best first); equal scores share their places' average."""
    table = _SMALL_GROUPS[len(scores)]
    ordered = sorted(scores, reverse=True)
    out = []
    for score in scores:
        places = [i for i, s in enumerate(ordered) if s == score]
        out.append(sum((table[i] for i in places), Fraction(0)) / len(places))
    return out


Sessions: TypeAlias = Mapping[int, tuple[Fraction | None, Fraction | None]]
"""Entry index → (NS pair's, EW pair's) percentage on the other boards of the session."""


def score_board(
    board: BoardResults | Sequence[Entry],
    policy: str | MatchpointPolicy = DEFAULT_POLICY,
    *,
    sessions: Sessions | None = None,
) -> BoardScore:
    """Matchpoint every entry of one board: NS and EW matchpoints and percentages.

    >>> board = BoardResults((430, 400, -50, Adjusted.parse("A+/A-")))
    >>> scored = score_board(board, "wbf")
    >>> scored.top, scored.ns_mp, scored.ew_mp
    (Fraction(6, 1), [5.7, 3.0, 0.3, 3.6], [0.3, 3.0, 5.7, 2.4])
    """
    return _score_group(board, get_policy(policy), sessions or {}, largest=True)


def score_fouled_board(
    groups: Sequence[Sequence[Entry]],
    policy: str | MatchpointPolicy = DEFAULT_POLICY,
    *,
    expected: int | None = None,
    sessions: Sequence[Sessions] | None = None,
) -> list[BoardScore]:
    """A fouled board: each group of entries scored on its own, all to the top of
    ``expected`` results (by default every entry of every group)."""
    if isinstance(groups, str | bytes) or not isinstance(groups, Sequence):
        raise DuplicateError(
            _("{groups!r}: a fouled board is a sequence of groups of entries", groups=groups)
        )
    boards = [BoardResults(tuple(group)) for group in groups]
    total = sum(len(b.entries) for b in boards) if expected is None else expected
    largest = max((len(b.scores) for b in boards), default=0)
    how = get_policy(policy)
    return [
        _score_group(
            BoardResults(b.entries, total),
            how,
            sessions[i] if sessions else {},
            largest=len(b.scores) == largest,
        )
        for i, b in enumerate(boards)
    ]


def _score_group(
    board: BoardResults | Sequence[Entry],
    policy: MatchpointPolicy,
    sessions: Sessions,
    *,
    largest: bool,
) -> BoardScore:
    if not isinstance(board, BoardResults):
        board = BoardResults(tuple(board))
    if (
        policy.missing_results is MissingResults.RAW_TRAVELLER
        and policy.top is BoardTop.FIELD
        and board.expected_results > len(board.entries)
        and board.scores
    ):
        return _raw_traveller(board, policy, sessions, largest=largest)
    scores = board.scores
    n = len(scores)
    expected = n if policy.top is BoardTop.RESULTS else board.expected_results
    top = policy.scale.top(expected)

    # a score's points are the same at every table that scored it (equal scores share
    # their places): worked out once a score, as are its figures below (a big field's
    # board has hundreds of results and a few dozen scores)
    real: dict[int, tuple[Fraction, Fraction]] = {}
    if n and policy.small_groups and n < expected and (n <= 2 or (n == 3 and not largest)):
        ns_small = [top * p / HUNDRED for p in _small_group_percent(scores)]
        ew_small = [top * p / HUNDRED for p in _small_group_percent([-s for s in scores])]
        real = dict(zip(scores, zip(ns_small, ew_small, strict=True), strict=True))
    elif n:
        for score, ns in matchpoints_by_score(scores, policy.scale).items():
            if n < expected:  # a full board needs no scaling (neuberg_scale would keep it)
                ns = neuberg_scale(ns, n, expected, policy.scale, policy.method)
            real[score] = (ns, top - ns)

    def figures(ns: Fraction, ew: Fraction, ns_pct: Fraction, ew_pct: Fraction) -> _Figures:
        ns_shown, ew_shown = policy.round_points(ns, top), policy.round_points(ew, top)
        if policy.percent_of_shown and top:
            ns_pct, ew_pct = percentage(ns_shown, top), percentage(ew_shown, top)
        return (
            float(policy.shown(ns_shown, top)),
            float(policy.shown(ew_shown, top)),
            float(policy.round_percent(ns_pct)),
            float(policy.round_percent(ew_pct)),
            ns,
            ew,
            policy.count_points(ns, ns_shown, top),
            policy.count_points(ew, ew_shown, top),
        )

    by_score: dict[int, LineScore] = {}  # a line is the same for every table of its score

    def scored(score: int) -> LineScore:
        line = by_score.get(score)
        if line is None:
            ns, ew = real[score]
            done = figures(ns, ew, percentage(ns, top), percentage(ew, top))
            line = by_score[score] = LineScore(score, *done)
        return line

    lines = []
    for index, entry in enumerate(board.entries):
        if type(entry) is int:  # most entries: a score
            lines.append(scored(entry))
            continue
        if isinstance(entry, NotPlayed):
            lines.append(LineScore(entry, None, None, None, None, None, None))
            continue
        if isinstance(entry, Adjusted):
            ns_session, ew_session = sessions.get(index, (None, None))
            ns_pct = policy.award_percent(entry.ns, ns_session)
            ew_pct = policy.award_percent(entry.ew, ew_session)
            ns, ew = top * ns_pct / HUNDRED, top * ew_pct / HUNDRED
            lines.append(LineScore(entry, *figures(ns, ew, ns_pct, ew_pct)))
            continue
        lines.append(scored(entry))  # a score of a subclass of int
    return BoardScore(policy, board.expected_results, top, tuple(lines))


_Figures = tuple[float, float, float, float, Fraction, Fraction, Fraction, Fraction]
"""A line's shown points and percentages, its exact and its counted points, each way."""


def _raw_traveller(
    board: BoardResults, policy: MatchpointPolicy, sessions: Sessions, *, largest: bool
) -> BoardScore:
    """A board some table did not play, as Compscore scores it: the traveller at the
    board's own top; the totals count the full-top percentage, rounded, as matchpoints."""
    shown = _score_group(BoardResults(board.entries), policy, sessions, largest=largest)
    scaled = _score_group(
        board, replace(policy, missing_results=MissingResults.NEUBERG), sessions, largest=largest
    )
    top = scaled.top
    lines = []
    for own, full in zip(shown.lines, scaled.lines, strict=True):
        if full.ns_exact is None or full.ew_exact is None:
            lines.append(own)
            continue
        ns_pct = policy.round_percent(percentage(full.ns_exact, top))
        ew_pct = policy.round_percent(percentage(full.ew_exact, top))
        lines.append(
            replace(
                own,
                ns_exact=full.ns_exact,
                ew_exact=full.ew_exact,
                ns_counted=policy.count_points(top * ns_pct / HUNDRED, full.ns_exact, top),
                ew_counted=policy.count_points(top * ew_pct / HUNDRED, full.ew_exact, top),
            )
        )
    return BoardScore(policy, board.expected_results, top, tuple(lines), traveller_top=shown.top)
