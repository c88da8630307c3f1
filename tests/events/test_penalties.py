"""Procedural penalties, pairs and teams alike, in the library: off the total, the
percentage over the tops the pair played, places again; what an event may take."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import bridgescore
from bridgescore.errors import BridgeInputError
from bridgescore.events.options import ScoringOptions
from bridgescore.events.pairs import PairsResult
from bridgescore.events.penalties import (
    Penalty,
    PenaltyUnit,
    apply_penalties,
    check_penalty,
)
from bridgescore.events.scoring import score_event
from bridgescore.events.teams import TeamsResult
from bridgescore.events.vocabulary import EventKind, Scoring

DATA = Path(__file__).parents[1] / "io" / "data"


def _sm1() -> PairsResult:
    """Ruter's SM session 1: 36 pairs, 66 boards each, top 34 (pair 23 won with 1337.0,
    59.58 %; pair 19 second with 1304.4; as the file publishes)."""
    result = score_event(bridgescore.load_event(DATA / "pbn" / "ruter_sm1.pbn"))
    assert isinstance(result, PairsResult)
    return result


def test_a_quarter_top_comes_off_the_total_and_the_percentage() -> None:
    fined = apply_penalties(_sm1(), [Penalty("23", Fraction(25), PenaltyUnit.TOP)])
    winner = next(s for s in fined.standings if s.pair == "23")
    assert winner.total == 1328.5  # 1337.0 - 25 % of 34
    assert winner.percent == 59.2  # 1328.5 / (66 x 34)
    assert fined.penalties == (("23", 8.5),)


def test_a_top_is_the_top_of_the_pairs_own_section() -> None:
    """A Bridgemate session in two sections scored apart: section A's boards have a top
    of 8, section B's of 7, so a quarter top is 2 in A and 1.75 in B."""
    event = bridgescore.load_event(DATA / "bridgemate" / "bridgemate_2025-12-23.bws")
    result = score_event(event)
    assert isinstance(result, PairsResult)
    quarter = [Penalty(pair, Fraction(25), PenaltyUnit.TOP) for pair in ("A4NS", "B4NS")]
    fined = {s.pair: s for s in apply_penalties(result, quarter).standings}
    assert (fined["A4NS"].total, fined["A4NS"].percent) == (108.5, 56.51)  # 110.5 - 2, of 192
    assert (fined["B4NS"].total, fined["B4NS"].percent) == (95.25, 64.8)  # 97 - 1.75, of 147
    assert fined["B4NS"].place == "1"


def test_points_that_change_the_order_change_the_places() -> None:
    fined = apply_penalties(_sm1(), [Penalty("23", Fraction(40), PenaltyUnit.POINTS)])
    order = [(s.place, s.pair) for s in fined.standings[:2]]
    assert order == [("1", "19"), ("2", "23")]  # 1297.0 now behind 1304.4
    assert next(s for s in fined.standings if s.pair == "23").total == 1297.0


def test_no_penalty_leaves_the_result_as_it_is() -> None:
    result = _sm1()
    assert apply_penalties(result, []) is result


def test_a_team_loses_victory_points() -> None:
    event = bridgescore.load_event(DATA / "pbn" / "ruter_team.pbn")
    result = score_event(event)
    assert isinstance(result, TeamsResult)
    first = result.standings[0]
    fined = apply_penalties(result, [Penalty(first.team, Fraction(1), PenaltyUnit.VP)])
    after = next(s for s in fined.standings if s.team == first.team)
    assert (round(first.vp - after.vp, 2), after.penalty) == (1.0, 1.0)


@pytest.mark.parametrize(
    ("amount", "unit", "options", "message"),
    [
        (25, PenaltyUnit.TOP, ScoringOptions(scoring=Scoring.BUTLER), "per cent of a top is for"),
        (1, PenaltyUnit.VP, ScoringOptions(), "victory points are for teams sessions"),
        (1, PenaltyUnit.POINTS, ScoringOptions(kind=EventKind.TEAMS), "in victory points"),
        (150, PenaltyUnit.TOP, ScoringOptions(), "150% of a top: say at most 100"),
        (0, PenaltyUnit.POINTS, ScoringOptions(), "more than 0 and less than 1000"),
        (1000, PenaltyUnit.POINTS, ScoringOptions(), "more than 0 and less than 1000"),
    ],
)
def test_what_an_event_cannot_take_is_refused(
    amount: int, unit: PenaltyUnit, options: ScoringOptions, message: str
) -> None:
    with pytest.raises(BridgeInputError, match=message):
        check_penalty(Fraction(amount), unit, options)


def test_what_an_event_can_take_passes() -> None:
    check_penalty(Fraction(25), PenaltyUnit.TOP, ScoringOptions())
    check_penalty(Fraction(3), PenaltyUnit.POINTS, ScoringOptions(scoring=Scoring.CROSS_IMPS))
    check_penalty(Fraction(1, 2), PenaltyUnit.VP, ScoringOptions(kind=EventKind.TEAMS))
