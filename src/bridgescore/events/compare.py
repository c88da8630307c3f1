"""Compare the figures another program published for an event with bridgescore's own.

An :class:`~bridgescore.events.model.Event` read from a results file carries the
program's figures (``event.published`` per result row, ``event.standings`` per
participant). After scoring the event here, the functions below put the two side by
side, figure by figure:

- :func:`compare_lines` — each result row's points for NS and for EW (matchpoints,
  butler IMPs, cross-IMPs; in a teams event each team's IMPs or board-a-match points);
- :func:`compare_standings` — each participant's total, percentage and place;
- :func:`compare_matches` — each teams match's score for both teams (VPs, or
  board-a-match points);
- :func:`compare_event` — all that apply, for a pairs, individual or teams result.

A figure agrees when ours, rounded (halves away from zero) to the number of decimals
the program writes, equals theirs, allowing for the precision of a 32-bit float (some
programs write percentages as single-precision floats: 48.557693 for 101/208). The
number of decimals is given per figure name, or found as the most decimals the program
wrote for that figure anywhere in the file. A place agrees when it is the same text;
``tie_marks=False`` compares only the number, for programs that write a tied place
without ``=``.

Every compared figure is kept, so a :class:`Comparison` counts what agrees and lists
what differs, with the row's place in the file.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Protocol, TypeAlias

from bridgescore.duplicate.imps import DuplicateError
from bridgescore.errors import marked as _
from bridgescore.events.individual import IndividualResult
from bridgescore.events.model import Event, Location, Published, PublishedStanding, ResultRow
from bridgescore.events.pairs import PairsResult
from bridgescore.events.teams import TeamsResult
from bridgescore.events.vocabulary import Scoring

Value: TypeAlias = float | str | None

FLOAT32_EPSILON = 2.0**-23
"""Relative precision of a single-precision float: the tolerance for a published figure."""

MAX_DECIMALS = 6


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure compared: what it is, ours and theirs, and whether they agree."""

    kind: str
    """``line``, ``standing`` or ``match``."""
    subject: str
    """Which row, participant or match: ``board 15, 1NS v 16EW``, ``9EW``, ``round 1: 1 v 3``."""
    name: str
    """``ns_points``, ``ew_points``, ``total``, ``percent``, ``place``, ``team_score``..."""
    ours: Value
    theirs: Value
    agrees: bool
    where: Location | None = None

    def __str__(self) -> str:
        mark = "=" if self.agrees else "≠"
        at = f" ({self.where})" if self.where is not None else ""
        return f"{self.subject} {self.name}: ours {self.ours} {mark} theirs {self.theirs}{at}"


@dataclass(frozen=True, slots=True)
class Comparison:
    """Every compared figure; counts of agreement, overall and per figure name."""

    figures: tuple[Figure, ...] = ()

    def __add__(self, other: Comparison) -> Comparison:
        return Comparison(self.figures + other.figures)

    @property
    def total(self) -> int:
        return len(self.figures)

    @property
    def agree(self) -> int:
        return sum(1 for f in self.figures if f.agrees)

    @property
    def differences(self) -> tuple[Figure, ...]:
        return tuple(f for f in self.figures if not f.agrees)

    def only(self, *names: str, kind: str | None = None) -> Comparison:
        """The figures with one of ``names`` (all names when none is given) and ``kind``."""
        return Comparison(
            tuple(
                f
                for f in self.figures
                if (not names or f.name in names) and (kind is None or f.kind == kind)
            )
        )

    def counts(self) -> dict[str, tuple[int, int]]:
        """Per figure name: (agreeing, compared), in the order first met."""
        out: dict[str, list[int]] = {}
        for figure in self.figures:
            tally = out.setdefault(figure.name, [0, 0])
            tally[0] += figure.agrees
            tally[1] += 1
        return {name: (a, t) for name, (a, t) in out.items()}

    def summary(self) -> str:
        """``ns_points 560/562, ew_points 562/562, ...``."""
        return ", ".join(f"{name} {a}/{t}" for name, (a, t) in self.counts().items())


def decimals_of(value: float) -> int:
    """How many decimals a published number was written with (at most 6)."""
    exponent = Decimal(repr(float(value))).normalize().as_tuple().exponent
    assert isinstance(exponent, int)
    return min(MAX_DECIMALS, max(0, -exponent))


def agrees(ours: float | None, theirs: float | None, decimals: int) -> bool:
    """Whether ``ours`` written to ``decimals`` decimals is ``theirs``.

    >>> agrees(5.375, 5.38, 2), agrees(5.4, 5.38, 2), agrees(48.557692307, 48.557693, 6)
    (True, False, True)
    """
    if ours is None or theirs is None:
        return ours is None and theirs is None
    shown = Decimal(repr(float(ours))).quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_UP)
    return abs(float(shown) - theirs) <= abs(theirs) * FLOAT32_EPSILON + 1e-9


def writes_bare_ties(places: Iterable[str | None]) -> bool:
    """Whether a file writes a tied place as the bare number on each tied line (``4``,
    ``4``, ``4``; BBO Extractor, Compscore and others) rather than ``4=``: no place has
    ``=`` and some number is repeated.

    >>> writes_bare_ties(["1", "2", "2", "4"]), writes_bare_ties(["1", "2=", "2=", "4"])
    (True, False)
    """
    written = [p.strip() for p in places if p and p.strip()]
    if any(p.endswith("=") for p in written):
        return False
    return len(set(written)) < len(written)


def _place_agrees(ours: str | None, theirs: str, tie_marks: bool) -> bool:
    if ours is None:
        return False
    if tie_marks:
        return ours.strip() == theirs.strip()
    return ours.strip().rstrip("=") == theirs.strip().rstrip("=")


Decimals: TypeAlias = Mapping[str, int] | int | None


def _decimals_for(decimals: Decimals, name: str, published: Iterable[float | None]) -> int:
    if isinstance(decimals, int):
        return decimals
    if decimals is not None and name in decimals:
        return decimals[name]
    return max((decimals_of(v) for v in published if v is not None), default=0)


def _subject(row: ResultRow) -> str:
    return f"board {row.board}, {row.ns} v {row.ew}"


def _line_points(
    result: PairsResult | IndividualResult | TeamsResult, *, percent: bool = False
) -> dict[int, tuple[float | None, float | None]]:
    """Our points (or board percentages) per row (by identity): NS's and EW's."""
    out: dict[int, tuple[float | None, float | None]] = {}
    if isinstance(result, TeamsResult):
        for match in result.matches:
            if not match.boards:  # a match table without its boards
                continue
            share = (match.first_points + match.second_points) / len(match.boards)
            for board in match.boards:
                other = -board.swing if result.scoring is Scoring.IMPS else share - board.swing
                first, second = float(board.swing), float(other)
                out[id(board.first_ns)] = (first, second)
                out[id(board.second_ns)] = (second, first)
        return out
    pairs = result.pairs if isinstance(result, IndividualResult) else result
    for traveller in pairs.travellers:
        for line in traveller.lines:
            out[id(line.row)] = (
                (line.ns_percent, line.ew_percent) if percent else (line.ns_points, line.ew_points)
            )
    return out


def compare_lines(
    event: Event,
    result: PairsResult | IndividualResult | TeamsResult,
    *,
    decimals: Decimals = None,
    percent: bool = False,
) -> Comparison:
    """Each row's published NS and EW points against ours (rows without figures are
    skipped). ``result`` must be scored from ``event.results``. ``percent=True``
    compares our board percentages instead, for a program that publishes those
    (JFR Pary's travellers); the figures are then named ``ns_percent``/``ew_percent``."""
    rows = event.results.rows
    published = event.published
    if published and len(published) != len(rows):
        raise DuplicateError(
            _(
                "the event has {rows} rows but {figures} published figures",
                rows=len(rows),
                figures=len(published),
            )
        )
    if percent and isinstance(result, TeamsResult):
        raise DuplicateError(_("a teams match has no board percentages"))
    ours = _line_points(result, percent=percent)
    names = ("ns_percent", "ew_percent") if percent else ("ns_points", "ew_points")
    places_of = {
        name: _decimals_for(
            decimals,
            name,
            (getattr(p, field) for p in published if p is not None),
        )
        for name, field in zip(names, ("ns_points", "ew_points"), strict=True)
    }
    figures = []
    for row, theirs in zip(rows, published, strict=False):
        if theirs is None:
            continue
        mine = ours.get(id(row), (None, None))
        for name, our, their in (
            (names[0], mine[0], theirs.ns_points),
            (names[1], mine[1], theirs.ew_points),
        ):
            if their is None:
                continue
            figures.append(
                Figure(
                    "line",
                    _subject(row),
                    name,
                    our,
                    their,
                    agrees(our, their, places_of[name]),
                    row.where,
                )
            )
    comparison = Comparison(tuple(figures))
    if not percent and not isinstance(result, TeamsResult):
        comparison += _line_percents(rows, published, result, decimals)
    return comparison


def _line_percents(
    rows: Sequence[ResultRow],
    published: Sequence[Published | None],
    result: PairsResult | IndividualResult,
    decimals: Decimals,
) -> Comparison:
    """Each row's published board percentages (``Percentage_NS``) against ours, where the
    program writes them beside its points."""
    given = [p for p in published if p is not None and (p.ns_percent, p.ew_percent) != (None, None)]
    if not given:
        return Comparison()
    ours = _line_points(result, percent=True)
    places_of = {
        name: _decimals_for(decimals, name, (getattr(p, name) for p in given))
        for name in ("ns_percent", "ew_percent")
    }
    figures = []
    for row, theirs in zip(rows, published, strict=False):
        if theirs is None:
            continue
        mine = ours.get(id(row), (None, None))
        for name, our, their in (
            ("ns_percent", mine[0], theirs.ns_percent),
            ("ew_percent", mine[1], theirs.ew_percent),
        ):
            if their is not None:
                figures.append(
                    Figure(
                        "line", _subject(row), name, our, their,
                        agrees(our, their, places_of[name]), row.where,
                    )
                )  # fmt: skip
    return Comparison(tuple(figures))


def standings_of(
    result: PairsResult | IndividualResult | TeamsResult,
) -> tuple[PublishedStanding, ...]:
    """Our standings in the shape of published ones (id, total, percent, place)."""
    if isinstance(result, PairsResult):
        return tuple(
            PublishedStanding(s.pair, s.total, s.percent, s.place) for s in result.standings
        )
    if isinstance(result, IndividualResult):
        return tuple(
            PublishedStanding(s.player, s.total, s.percent, s.place) for s in result.standings
        )
    return tuple(PublishedStanding(s.team, s.vp, None, s.place) for s in result.standings)


def compare_standings(
    theirs: Sequence[PublishedStanding],
    ours: Sequence[PublishedStanding],
    *,
    decimals: Decimals = None,
    tie_marks: bool | None = None,
    names: Sequence[str] = ("total", "percent", "place"),
) -> Comparison:
    """Each published participant's total, percentage and place against ours (figures the
    program did not write are skipped; a participant we do not have differs). Places are
    compared with ``=`` (``tie_marks=True``), without (``False``), or, by default
    (``None``), without when the file writes bare tied places (:func:`writes_bare_ties`)."""
    mine = {s.id: s for s in ours}
    if tie_marks is None:
        tie_marks = not writes_bare_ties(s.place for s in theirs)
    places_of = {
        name: _decimals_for(decimals, name, (getattr(s, name) for s in theirs))
        for name in ("total", "percent")
    }
    figures = []
    for their in theirs:
        our = mine.get(their.id)
        if "total" in names and their.total is not None:
            value = None if our is None else our.total
            figures.append(
                Figure(
                    "standing",
                    their.id,
                    "total",
                    value,
                    their.total,
                    agrees(value, their.total, places_of["total"]),
                )
            )
        if "percent" in names and their.percent is not None:
            value = None if our is None else our.percent
            figures.append(
                Figure(
                    "standing",
                    their.id,
                    "percent",
                    value,
                    their.percent,
                    agrees(value, their.percent, places_of["percent"]),
                )
            )
        if "place" in names and their.place is not None:
            shown = None if our is None else our.place
            figures.append(
                Figure(
                    "standing",
                    their.id,
                    "place",
                    shown,
                    their.place,
                    _place_agrees(shown, their.place, tie_marks),
                )
            )
    return Comparison(tuple(figures))


class MatchFigures(Protocol):
    """A teams match as a program scored it (``bridgescore.io.usebio.PublishedMatch`` is one)."""

    @property
    def round(self) -> int | None: ...
    @property
    def team(self) -> str: ...
    @property
    def opponent(self) -> str: ...
    @property
    def team_score(self) -> float | None: ...
    @property
    def opponent_score(self) -> float | None: ...


def compare_matches(
    result: TeamsResult,
    published: Iterable[MatchFigures],
    *,
    decimals: Decimals = None,
    points: bool = False,
) -> Comparison:
    """Each published match's score for both teams against our VPs (``points=True``:
    against the match's IMPs or board-a-match points instead)."""
    listed = list(published)
    ours: dict[tuple[int | None, str, str], tuple[float, float]] = {}
    for match in result.matches:
        first, second = (
            (match.first_points, match.second_points)
            if points
            else (match.first_vp, match.second_vp)
        )
        ours[(match.round, match.first, match.second)] = (first, second)
        ours[(match.round, match.second, match.first)] = (second, first)
    name_a, name_b = "team_score", "opponent_score"
    places_of = {
        name: _decimals_for(decimals, name, (getattr(m, name) for m in listed))
        for name in (name_a, name_b)
    }
    figures = []
    for theirs in listed:
        mine = ours.get((theirs.round, theirs.team, theirs.opponent))
        subject = f"round {theirs.round}: {theirs.team} v {theirs.opponent}"
        for index, (name, their) in enumerate(
            ((name_a, theirs.team_score), (name_b, theirs.opponent_score))
        ):
            if their is None:
                continue
            value = None if mine is None else mine[index]
            figures.append(
                Figure("match", subject, name, value, their, agrees(value, their, places_of[name]))
            )
    return Comparison(tuple(figures))


def compare_event(
    event: Event,
    result: PairsResult | IndividualResult | TeamsResult,
    *,
    decimals: Decimals = None,
    tie_marks: bool | None = None,
) -> Comparison:
    """Lines and standings together (matches need the program's match figures:
    :func:`compare_matches`)."""
    return compare_lines(event, result, decimals=decimals) + compare_standings(
        event.standings, standings_of(result), decimals=decimals, tie_marks=tie_marks
    )


def differences_by_subject(comparison: Comparison) -> Mapping[str, tuple[Figure, ...]]:
    """The differing figures grouped by row, participant or match."""
    grouped: dict[str, list[Figure]] = defaultdict(list)
    for figure in comparison.differences:
        grouped[figure.subject].append(figure)
    return {subject: tuple(figures) for subject, figures in grouped.items()}
