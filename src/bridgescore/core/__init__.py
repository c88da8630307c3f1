"""The domain: seats, sides, strains, doubling, vulnerability, boards, contracts, results."""

from bridgescore.core.contract import (
    BOOK,
    PASSED_OUT,
    Contract,
    PassedOut,
    TableResult,
    parse_contract,
    parse_result,
)
from bridgescore.core.seats import Seat, Side
from bridgescore.core.strains import Doubling, Strain
from bridgescore.core.vulnerability import BoardInfo, Vulnerability, board_info

__all__ = [
    "BOOK",
    "PASSED_OUT",
    "BoardInfo",
    "Contract",
    "Doubling",
    "PassedOut",
    "Seat",
    "Side",
    "Strain",
    "TableResult",
    "Vulnerability",
    "board_info",
    "parse_contract",
    "parse_result",
]
