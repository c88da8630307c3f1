"""One vocabulary for kind and scoring; every format's spelling table maps into it."""

from __future__ import annotations

import pytest

from bridgescore.errors import BridgeInputError
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.io.pbn import scoring_of
from bridgescore.io.usebio import BOARD_SCORING_METHODS, EVENT_TYPES

# PBN's [Scoring] also names the score sheets' ways, which are not duplicate events
SHEETS = {"chicago", "rubber", "cavendish", "instant"}


def test_usebio_spellings_map_into_the_vocabulary() -> None:
    for kind, scoring in EVENT_TYPES.values():
        EventKind.parse(kind)
        if scoring is not None:
            Scoring.parse(scoring)
    for method in BOARD_SCORING_METHODS.values():
        if method != "aggregate":  # aggregate teams scoring: not scored by bridgescore yet
            Scoring.parse(method)


def test_pbn_spellings_map_into_the_vocabulary() -> None:
    # every [Scoring] value in the PBN test data (tests/io/data/pbn, tests/duplicate)
    for value in ("IMP", "MP", "MatchPoints;MP1", "MatchPoints", "IMP;Cross", "Teams"):
        Scoring.parse(scoring_of(value))
    for sheet in SHEETS:  # a score sheet's way is not an event's scoring: kept, for refusal
        assert scoring_of(sheet.title()) == sheet
    assert scoring_of("IMP;Cross") == Scoring.CROSS_IMPS
    assert scoring_of("IMP;Butler-2;Mean") == Scoring.BUTLER
    assert scoring_of("MatchPoints;MP1") == Scoring.MATCHPOINTS


@pytest.mark.parametrize(
    ("word", "kind", "scoring"),
    [
        ("imps", EventKind.PAIRS, Scoring.CROSS_IMPS),
        ("imps", EventKind.TEAMS, Scoring.IMPS),
        ("mp", EventKind.TEAMS, Scoring.IMPS),
        ("bam", EventKind.TEAMS, Scoring.BOARD_A_MATCH),
        ("acbl", EventKind.INDIVIDUAL, Scoring.ACBL),
        ("Matchpoints", EventKind.PAIRS, Scoring.MATCHPOINTS),
    ],
)
def test_a_scoring_as_it_applies_to_a_kind(word: str, kind: EventKind, scoring: Scoring) -> None:
    assert Scoring.parse(word).for_kind(kind) is scoring


def test_unknown_words_name_the_choices() -> None:
    with pytest.raises(BridgeInputError, match="not a scoring; use mp, acbl, butler"):
        Scoring.parse("aggregate")
    with pytest.raises(BridgeInputError, match="not a kind of event; use pairs, teams"):
        EventKind.parse("pair")
