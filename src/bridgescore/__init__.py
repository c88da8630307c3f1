"""bridgescore: contract bridge scoring, every deal under every law set.

>>> import bridgescore
>>> bridgescore.score("4SX=", vulnerable=True).total
790
"""

from bridgescore.core import (
    PASSED_OUT,
    BoardInfo,
    Contract,
    Doubling,
    PassedOut,
    Seat,
    Side,
    Strain,
    TableResult,
    Vulnerability,
    board_info,
    parse_contract,
    parse_result,
)
from bridgescore.duplicate.cross_imps import cross_imps
from bridgescore.duplicate.imps import imps
from bridgescore.duplicate.matchpoints import matchpoints
from bridgescore.duplicate.vp import vp
from bridgescore.errors import (
    BoardError,
    BridgeError,
    BridgeInputError,
    ContractError,
    DoublingError,
    LawsError,
    LocatedError,
    ResultError,
    SeatError,
    SheetError,
    StrainError,
    VulnerabilityError,
)
from bridgescore.io.events import load_event
from bridgescore.laws import LAW_SETS, LawSet, get_laws
from bridgescore.scoring import ScoreBreakdown, score

__version__ = "0.1.0"

__all__ = [
    "LAW_SETS",
    "PASSED_OUT",
    "BoardError",
    "BoardInfo",
    "BridgeError",
    "BridgeInputError",
    "Contract",
    "ContractError",
    "Doubling",
    "DoublingError",
    "LawSet",
    "LawsError",
    "LocatedError",
    "PassedOut",
    "ResultError",
    "ScoreBreakdown",
    "Seat",
    "SeatError",
    "SheetError",
    "Side",
    "Strain",
    "StrainError",
    "TableResult",
    "Vulnerability",
    "VulnerabilityError",
    "board_info",
    "cross_imps",
    "get_laws",
    "imps",
    "load_event",
    "matchpoints",
    "parse_contract",
    "parse_result",
    "score",
    "vp",
]
