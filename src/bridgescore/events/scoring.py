"""Score any event the way its file says it was scored (or as asked).

By default an event is re-scored with the conventions of the program that wrote
its file (:mod:`bridgescore.events.conventions`); ``conventions=None`` scores it
with bridgescore's defaults, and every option given overrides both.
"""

from __future__ import annotations

from typing import Literal

from bridgescore.duplicate.imps import DuplicateError
from bridgescore.errors import BridgeInputError
from bridgescore.events.conventions import Chosen, choose_conventions
from bridgescore.events.individual import IndividualResult, score_individual
from bridgescore.events.model import Event
from bridgescore.events.pairs import PairsResult, PairsScoring, score_pairs
from bridgescore.events.teams import TeamsResult, score_published_matches, score_teams
from bridgescore.events.vocabulary import EventKind, Scoring

EventResult = PairsResult | TeamsResult | IndividualResult


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
            f"{where}: no results to score: the file holds {deals} deal{'s' * (deals != 1)}"
            " and no results (a hand record; bridgescore report FILE --html DIR prints"
            " the hands)"
        )
    raise NoResultsError(f"{where}: no results to score: the file holds no result rows")


def _not_pairs(how: str) -> DuplicateError:
    return DuplicateError(f"{how!r}: a pairs event is scored mp, acbl, butler or cross-imps")


def scoring_of(event: Event, scoring: str | None = None) -> str:
    """The scoring an event is ranked by (:class:`~bridgescore.events.vocabulary.Scoring`):
    ``mp``, ``acbl``, ``butler``, ``cross-imps`` (pairs and individual), ``imps`` or
    ``bam`` (teams)."""
    how = scoring or event.scoring or "mp"
    kind = EventKind.TEAMS if event.kind == "teams" or event.results.teams else EventKind.PAIRS
    try:
        chosen = Scoring.parse(how)
    except BridgeInputError:
        if kind is EventKind.TEAMS:
            return Scoring.IMPS.value
        raise _not_pairs(how) from None
    if kind is EventKind.PAIRS and chosen is Scoring.BOARD_A_MATCH:
        raise _not_pairs(how)
    return chosen.for_kind(kind).value


def event_conventions(
    event: Event,
    scoring: str | None = None,
    *,
    policy: str | None = None,
    butler: str | None = None,
    cross_imps: str | None = None,
    factor_totals: bool | str | None = None,
    field: str | None = None,
    incomplete: str | None = None,
    conventions: Literal["auto"] | None = "auto",
) -> Chosen:
    """What :func:`score_event` scores ``event`` with, and why (``.describe()``)."""
    program = event.program if conventions == "auto" else ""
    chosen = choose_conventions(
        program,
        scoring_of(event, scoring),
        policy=policy,
        butler=butler,
        cross_imps=cross_imps,
        factor_totals=factor_totals,
        field=field,
        incomplete=incomplete,
    )
    if conventions is None and not chosen.turned_off:
        return Chosen(chosen.conventions, chosen.scoring, event.program, None, chosen.given, True)
    return chosen


def score_event(
    event: Event,
    scoring: str | None = None,
    *,
    policy: str | None = None,
    butler: str | None = None,
    cross_imps: str | None = None,
    factor_totals: bool | str | None = None,
    field: str | None = None,
    incomplete: str | None = None,
    vp_scale: str = "wbf",
    conventions: Literal["auto"] | None = "auto",
) -> EventResult:
    """A pairs event ranked by its scoring (``event.scoring`` unless given), an
    individual event's players, or a teams event's matches and standings (IMPs and
    VPs, or board-a-match for ``bam``), with the conventions of the program that
    wrote the file (``conventions=None`` or ``policy="none"``: bridgescore's defaults)."""
    chosen = event_conventions(
        event,
        scoring,
        policy=policy,
        butler=butler,
        cross_imps=cross_imps,
        factor_totals=factor_totals,
        field=field,
        incomplete=incomplete,
        conventions=conventions,
    )
    return score_chosen(event, chosen, vp_scale=vp_scale)


def score_chosen(event: Event, chosen: Chosen, *, vp_scale: str = "wbf") -> EventResult:
    """Score ``event`` with conventions already chosen (:func:`event_conventions`)."""
    check_has_results(event)
    if event.matches and not event.results.rows:
        if chosen.scoring == "bam":
            raise DuplicateError(
                f"{event.results.source}: the file gives only its matches' IMPs and VPs;"
                " it cannot be scored board-a-match"
            )
        return score_published_matches(event.matches, vp_scale=vp_scale)
    c = chosen.conventions
    if chosen.scoring in ("imps", "bam"):
        return score_teams(
            event.results,
            scoring=chosen.scoring,
            vp_scale=vp_scale,
            incomplete=c.incomplete or "raise",
        )
    how = PairsScoring.parse(chosen.scoring)
    if event.kind == "individual" or any(row.players for row in event.results.rows):
        return score_individual(
            event.results, how, policy=c.policy, butler=c.butler, factor_totals=c.factor_totals
        )
    return score_pairs(
        event.results,
        how,
        policy=c.policy,
        butler=c.butler,
        field="two" if chosen.field == "directions" else chosen.field,
        factor_totals=c.factor_totals,
        cross_imps=chosen.cross_imps,
    )
