"""Score any event the way its file says it was scored (or as asked).

One request (:class:`~bridgescore.events.options.ScoringOptions`), one call
(:func:`score_with`). By default an event is re-scored with the conventions of the
program that wrote its file (:mod:`bridgescore.events.conventions`, chosen by
:func:`options_for`); ``conventions=None`` scores it with bridgescore's defaults, and
every option given overrides both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final, Literal, TypeVar, Unpack, overload

from bridgescore.duplicate.imps import DuplicateError
from bridgescore.errors import BridgeInputError
from bridgescore.errors import marked as _
from bridgescore.events.conventions import Chosen, choose_conventions, published_mp_scale
from bridgescore.events.individual import IndividualResult, score_individual
from bridgescore.events.model import Event, EventResults, Participant, ResultRow, check_rows
from bridgescore.events.options import (
    DEFAULT_OPTIONS,
    AskedOptions,
    Entrants,
    Field,
    ScoringOptions,
)
from bridgescore.events.pairs import PairsResult, pairs_scoring, score_pairs
from bridgescore.events.teams import (
    TeamsResult,
    score_published_matches,
    score_teams,
    with_adjustments,
)
from bridgescore.events.vocabulary import EventKind, Scoring

EventResult = PairsResult | TeamsResult | IndividualResult
R = TypeVar("R", PairsResult, TeamsResult, IndividualResult)


class NoResultsError(BridgeInputError):
    """An event with nothing to score (a hand record, or an empty results list)."""


def check_has_results(event: Event) -> None:
    """Raise :class:`NoResultsError` saying what the file holds instead of results
    (an event with published matches and no rows is ranked from its matches)."""
    if event.results.rows or event.matches:
        return
    where = event.results.source
    if event.hands:
        deals = len(event.hands)
        raise NoResultsError(
            _(
                "{where}: no results to score: the file holds 1 deal and no results"
                " (a hand record; bridgescore report FILE --html DIR prints the hands)",
                where=where,
            )
            if deals == 1
            else _(
                "{where}: no results to score: the file holds {deals} deals and no results"
                " (a hand record; bridgescore report FILE --html DIR prints the hands)",
                where=where,
                deals=deals,
            )
        )
    raise NoResultsError(
        _("{where}: no results to score: the file holds no result rows", where=where)
    )


def results_of(
    rows: Sequence[ResultRow],
    *,
    name: str = "",
    source: str = "<string>",
    teams: bool = False,
    options: ScoringOptions = DEFAULT_OPTIONS,
) -> EventResults:
    """Result rows entered one by one (the club web app's tables) as an event holds them,
    checked as every file reader checks its rows, under ``options``' law set."""
    problems = tuple(check_rows(rows, options.laws, teams=teams))
    return EventResults(tuple(rows), problems, name=name, source=source, teams=teams)


def kind_of(event: Event) -> EventKind:
    """Who competes in ``event``: teams when the file says so or its rows name teams,
    players when it is an individual or its rows name players, else pairs."""
    if event.kind == EventKind.TEAMS or event.results.teams:
        return EventKind.TEAMS
    if event.kind == EventKind.INDIVIDUAL or any(row.players for row in event.results.rows):
        return EventKind.INDIVIDUAL
    return EventKind.PAIRS


def scoring_of(event: Event, scoring: str | Scoring | None = None) -> Scoring:
    """The scoring an event is ranked by: ``scoring`` if given, else the file's, as it
    applies to the event's kind (IMPs in a pairs event are cross-IMPs; a teams event
    whose file names no team scoring is scored by IMPs)."""
    kind = kind_of(event)
    try:
        chosen = Scoring.parse(scoring or event.scoring or Scoring.MATCHPOINTS)
    except BridgeInputError:
        if kind is EventKind.TEAMS and scoring is None:
            return Scoring.IMPS
        raise _not_pairs(scoring or event.scoring) from None
    if kind is not EventKind.TEAMS and chosen is Scoring.BOARD_A_MATCH:
        raise _not_pairs(chosen)
    return chosen.for_kind(kind)


def _not_pairs(how: str) -> DuplicateError:
    return DuplicateError(
        _("{scoring!r}: a pairs event is scored mp, acbl, butler or cross-imps", scoring=how)
    )


_PLAIN: Final = ("laws", "imp_table", "vp_scale")
"""Options no program's conventions set: they apply as given."""


def options_for(
    event: Event,
    scoring: str | Scoring | None = None,
    *,
    conventions: Literal["auto"] | None = "auto",
    **asked: Unpack[AskedOptions],
) -> Chosen:
    """What :func:`score_event` scores ``event`` with, and why (``.describe()``).

    Starts from bridgescore's defaults for the event's kind and scoring, applies the
    conventions of the program that wrote the file (``conventions=None``: none), then
    the options ``asked`` (any :class:`~bridgescore.events.options.ScoringOptions` field
    but ``kind`` and ``scoring``; ``policy="none"`` also turns the program's off).
    """
    given: dict[str, Any] = dict(asked)
    plain = {name: given.pop(name) for name in _PLAIN if given.get(name) is not None}
    base = replace(
        DEFAULT_OPTIONS.but(kind=kind_of(event), scoring=scoring_of(event, scoring)), **plain
    )
    program = event.program if conventions == "auto" else ""
    figures = published_mp_scale(event) if program else None
    chosen = choose_conventions(program, base, given, figures=figures)
    if event.program_recognised:
        chosen = replace(chosen, recognised=True)
    if conventions is None and not chosen.turned_off:
        return replace(chosen, program=event.program, turned_off=True)
    return chosen


@overload
def score_event(
    event: Event,
    scoring: str | Scoring | None = None,
    *,
    expect: type[R],
    options: ScoringOptions | None = None,
    conventions: Literal["auto"] | None = "auto",
    **asked: Unpack[AskedOptions],
) -> R: ...


@overload
def score_event(
    event: Event,
    scoring: str | Scoring | None = None,
    *,
    expect: None = None,
    options: ScoringOptions | None = None,
    conventions: Literal["auto"] | None = "auto",
    **asked: Unpack[AskedOptions],
) -> EventResult: ...


def score_event(
    event: Event,
    scoring: str | Scoring | None = None,
    *,
    expect: type[Any] | None = None,
    options: ScoringOptions | None = None,
    conventions: Literal["auto"] | None = "auto",
    **asked: Unpack[AskedOptions],
) -> EventResult:
    """A pairs event ranked by its scoring (``event.scoring`` unless given), an
    individual event's players, or a teams event's matches and standings (IMPs and
    VPs, or board-a-match for ``bam``).

    With ``options`` the event is scored exactly as they say; otherwise as
    :func:`options_for` chooses (the conventions of the program that wrote the file,
    the options ``asked`` on top). ``expect`` (``PairsResult``, ``TeamsResult`` or
    ``IndividualResult``) narrows the result's type, and an event of another kind is an
    error saying which kind it is.
    """
    if options is None:
        options = options_for(event, scoring, conventions=conventions, **asked).options
    elif scoring is not None or asked:
        raise TypeError(_("score_event: give either options or the options one by one"))
    result = score_with(event, options)
    if expect is not None and not isinstance(result, expect):
        raise DuplicateError(
            _(
                "{source}: a {kind} event, not the kind asked for",
                source=event.results.source,
                kind=kind_of(event).value,
            )
        )
    return result


def score_with(event: Event, options: ScoringOptions) -> EventResult:
    """Score ``event`` with ``options`` (the event's kind stands: the file says who
    competes; the scoring is taken as it applies to that kind)."""
    check_has_results(event)
    kind = kind_of(event)
    if options.kind is not kind:
        options = options.but(kind=kind)
    if event.matches and not event.results.rows:
        if options.scoring is Scoring.BOARD_A_MATCH:
            raise DuplicateError(
                _(
                    "{source}: the file gives only its matches' IMPs and VPs;"
                    " it cannot be scored board-a-match",
                    source=event.results.source,
                )
            )
        totals = {s.id: s.total for s in event.standings if s.total is not None}
        return score_published_matches(event.matches, vp_scale=options.vp_scale, totals=totals)
    if kind is EventKind.TEAMS:
        teams = score_teams(
            event.results,
            scoring=options.scoring,
            vp_scale=options.vp_scale,
            imp_table=options.imp_table,
            incomplete=options.incomplete.value,
        )
        if not event.adjustments:
            return teams
        return with_adjustments(teams, {a.id: a.vp for a in event.adjustments})
    how = pairs_scoring(options.scoring)
    factor = options.factoring.legacy
    policy = options.pairs_policy
    if kind is EventKind.INDIVIDUAL:
        return score_individual(
            event.results, how, policy=policy, butler=options.butler, factor_totals=factor
        )
    return score_pairs(
        event.results,
        how,
        policy=policy,
        butler=options.butler,
        field="two" if options.field is Field.DIRECTIONS else options.field.value,
        factor_totals=factor,
        cross_imps=options.cross_imps.value,
        imp_totals=options.imp_totals.value,
        entrants=entrants_of(event, options),
        sections=options.sections,
        field_kinds=event.field_kinds,
    )


def entrants_of(event: Event, options: ScoringOptions) -> dict[str, str | None] | None:
    """The pairs a pairs event's standings list besides those that played: every pair the
    file names, with its direction (:class:`~bridgescore.events.options.Entrants`)."""
    if options.entrants is Entrants.PLAYED:
        return None
    return {p.id: _direction(p) for p in event.participants if p.kind == "pair"}


def _direction(pair: Participant) -> str | None:
    """The direction the file gives a pair, or its id's: the readers qualify a Mitchell's
    pair numbers with their direction (``20EW``)."""
    if pair.direction is not None:
        return pair.direction
    return next((side for side in ("NS", "EW") if pair.id.upper().endswith(side)), None)
