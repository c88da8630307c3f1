"""Movements: who plays which boards against whom, generated and proved.

See ``docs/movements.md`` for the JSON form and the checks.
"""

from bridgescore.events.movements.balance import Balance, Comparison
from bridgescore.events.movements.howell import MOST_TABLES, howell
from bridgescore.events.movements.mitchell import mitchell
from bridgescore.events.movements.model import Movement, MovementError, MovementKind, Round, Table
from bridgescore.events.movements.problems import Problem

__all__ = [
    "MOST_TABLES",
    "Balance",
    "Comparison",
    "Movement",
    "MovementError",
    "MovementKind",
    "Problem",
    "Round",
    "Table",
    "howell",
    "mitchell",
]
