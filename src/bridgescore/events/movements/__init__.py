"""Movements: who plays which boards against whom, generated and proved; team round
robins and Swiss draws; specs and suggestions; results tied to their movement.

See ``docs/movements.md`` for the JSON form and the checks.
"""

from bridgescore.events.movements.balance import Balance, Comparison
from bridgescore.events.movements.barometer import barometer, barometer_howell, barometer_mitchell
from bridgescore.events.movements.fit import Seating, missing_results, place_result, seatings
from bridgescore.events.movements.howell import MOST_TABLES, howell
from bridgescore.events.movements.mitchell import (
    EVEN_FORMS,
    MISSING_PAIRS,
    appendix_mitchell,
    arrow_switch_rounds,
    beynon_mitchell,
    bump_mitchell,
    hesitation_mitchell,
    mitchell,
    scrambled_mitchell,
    stagger_mitchell,
    web_mitchell,
)
from bridgescore.events.movements.model import Movement, MovementError, MovementKind, Round, Table
from bridgescore.events.movements.problems import Problem
from bridgescore.events.movements.spec import MovementSpec, build, build_individual
from bridgescore.events.movements.suggest import Suggestion, best, suggest
from bridgescore.events.movements.swiss import (
    Draw,
    Pairing,
    Rematches,
    Standing,
    SwissRules,
    swiss_round,
)
from bridgescore.events.movements.teams import (
    Match,
    RobinRound,
    RoundRobin,
    Segment,
    ThreeWay,
    TwoRoom,
    round_robin,
    three_way,
    two_room,
)
from bridgescore.events.movements.three_quarter import three_quarter_howell

__all__ = [
    "EVEN_FORMS",
    "MISSING_PAIRS",
    "MOST_TABLES",
    "Balance",
    "Comparison",
    "Draw",
    "Match",
    "Movement",
    "MovementError",
    "MovementKind",
    "MovementSpec",
    "Pairing",
    "Problem",
    "Rematches",
    "RobinRound",
    "Round",
    "RoundRobin",
    "Seating",
    "Segment",
    "Standing",
    "Suggestion",
    "SwissRules",
    "Table",
    "ThreeWay",
    "TwoRoom",
    "appendix_mitchell",
    "arrow_switch_rounds",
    "barometer",
    "barometer_howell",
    "barometer_mitchell",
    "best",
    "beynon_mitchell",
    "build",
    "build_individual",
    "bump_mitchell",
    "hesitation_mitchell",
    "howell",
    "missing_results",
    "mitchell",
    "place_result",
    "round_robin",
    "scrambled_mitchell",
    "seatings",
    "stagger_mitchell",
    "suggest",
    "swiss_round",
    "three_quarter_howell",
    "three_way",
    "two_room",
    "web_mitchell",
]
