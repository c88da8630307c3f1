"""An event's deals analysed (``events.deals.analysed``): the solver's figures kept, one
line a board where the file's differ; hand records as the JSON ``"boards"``."""

from __future__ import annotations

import json

from analysis.files import needs_dd
from bridgescore.analysis.model import Analysis, DoubleDummy, Par
from bridgescore.core.hands import Hands
from bridgescore.core.seats import Seat
from bridgescore.core.strains import Strain
from bridgescore.events.deals import analysed, hand_records
from bridgescore.events.model import Event, EventResults

pytestmark = needs_dd

GOLDEN = Hands.from_pbn("N:AKQJT98..432.AKQ .AKQJT98.AKQ.432 765432..JT98765. .765432..JT98765")
SOLID = Hands.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
GOLDEN_HEX = "3a3a33a3a333a3a33a3a"
"""The golden deal's table (tests/analysis/test_solver.py) as DoubleDummyTricks."""
SOLID_HEX = "0d0d00d0d000d0d00d0d"
"""North every spade, East every heart, South every diamond, West every club: each side
takes 13 in its own suits, 0 elsewhere (declarers N, S, E, W; NT, S, H, D, C)."""


def _event(analyses: dict[int, Analysis], hands: dict[int, Hands]) -> Event:
    return Event(EventResults(()), hands=hands, analyses=analyses)


def test_one_line_a_board_where_the_file_differs_naming_the_board() -> None:
    wrong_tricks = GOLDEN_HEX[:7] + "9" + GOLDEN_HEX[8:]  # South in hearts: 9, not 3
    event = _event(
        {
            # board 1 (nobody vulnerable): the tricks and the par both wrong
            1: Analysis(
                DoubleDummy.from_pbn(wrong_tricks),
                Par(200, Par.parse_contracts("EW 5HX-1; EW 5CX-1")),
            ),
            # board 2 (North-South vulnerable): the par contract only
            2: Analysis(None, Par(2210, Par.parse_contracts("NS 7D="))),
            # board 4 (both vulnerable): right
            4: Analysis(DoubleDummy.from_pbn(GOLDEN_HEX), Par(200, Par.parse_contracts("W 5CX-1"))),
            # board 9: no deal, so nothing to compare; the file's analysis is kept
            9: Analysis(None, Par(-100, None)),
        },
        {1: GOLDEN, 2: SOLID, 4: GOLDEN},
    )
    result = analysed(event)
    lines = [str(line) for line in result.disagreements]
    assert lines == [
        "board 1: the file's analysis is not the solver's: double-dummy tricks differ"
        " (S H 9→3); par score NS +200 in the file, NS +100 by the solver; the solver's"
        " is shown",
        "board 2: the file's analysis is not the solver's: par contract NS 7D= in the file,"
        " NS 7S= by the solver; the solver's is shown",
    ]
    assert all("\n" not in line for line in lines)
    assert result.problems == ()
    kept = result.event.analyses
    assert sorted(kept) == [1, 2, 4, 9]
    assert kept[1].tricks == kept[4].tricks == DoubleDummy.from_pbn(GOLDEN_HEX)
    assert kept[1].par == Par(100, Par.parse_contracts("EW 5HX-1; EW 5CX-1"))
    assert kept[2] == Analysis(
        DoubleDummy.from_pbn(SOLID_HEX), Par(2210, Par.parse_contracts("NS 7S="))
    )
    assert kept[9] == Analysis(None, Par(-100, None))
    assert result.event.hands == event.hands


def test_a_deal_the_solver_cannot_take_is_a_problem_naming_its_board() -> None:
    north = GOLDEN.hand(Seat.NORTH)
    assert north is not None
    part = Hands(north, None, None, None)
    result = analysed(_event({}, {1: GOLDEN, 7: part}))
    assert sorted(result.event.analyses) == [1]
    assert [str(p) for p in result.problems] == [
        "board 7: the deal is not 52 cards, 13 a hand (N 13, E 0, S 0, W 0); it is not analysed"
    ]


GOLDEN_BOARD_4 = {
    "board": 4,
    "dealer": "W",
    "vulnerability": "Both",
    "deal": "N:AKQJT98..432.AKQ .AKQJT98.AKQ.432 765432..JT98765. .765432..JT98765",
    # North ♠AKQJ 10 + ♣AKQ 9; East ♥AKQJ 10 + ♦AKQ 9; South ♦J; West ♣J
    "hcp": {"N": 19, "E": 19, "S": 1, "W": 1},
    "double_dummy": {
        "N": {"C": 3, "D": 10, "H": 3, "S": 10, "NT": 3},
        "E": {"C": 10, "D": 3, "H": 10, "S": 3, "NT": 3},
        "S": {"C": 3, "D": 10, "H": 3, "S": 10, "NT": 3},
        "W": {"C": 10, "D": 3, "H": 10, "S": 3, "NT": 3},
    },
    "par": {"score": 200, "contracts": ["EW 5HX-1", "EW 5CX-1"]},
}


def test_the_golden_deals_hand_record_as_json() -> None:
    event = _event({}, {4: GOLDEN})
    before = hand_records(event)
    assert [r.as_json() for r in before] == [{**GOLDEN_BOARD_4, "double_dummy": None, "par": None}]
    after = hand_records(analysed(event).event)
    assert [r.as_json() for r in after] == [GOLDEN_BOARD_4]
    assert json.loads(json.dumps(after[0].as_json())) == GOLDEN_BOARD_4


def test_a_hand_record_with_the_score_alone() -> None:
    event = _event({4: Analysis(None, Par(200, None))}, {4: GOLDEN})
    assert hand_records(event)[0].as_json()["par"] == {"score": 200, "contracts": None}
    assert hand_records(event)[0].as_json()["double_dummy"] is None


def test_the_solid_deal_takes_thirteen_in_its_sides_suits() -> None:
    solved = analysed(_event({}, {1: SOLID})).event.analyses[1]
    assert solved.tricks is not None
    assert solved.tricks.to_pbn() == SOLID_HEX
    assert {s: solved.tricks.of(Seat.NORTH, s) for s in Strain} == {
        Strain.CLUBS: 0, Strain.DIAMONDS: 13, Strain.HEARTS: 0, Strain.SPADES: 13,
        Strain.NOTRUMP: 0,
    }  # fmt: skip
