"""Rubber and Chicago score sheets: values with derived totals and a correctable history.

>>> from bridgescore.sheets import RubberSheet
>>> sheet = RubberSheet.from_deals(
...     ["2NT N 9", "4H W =", "5C W -2", "4SX S +1", "3C N +1", "6D E = honours EW 150"]
... )
>>> sheet.totals, sheet.bonuses[0].points
(Tally(ns=770, ew=1640), 500)
"""

from bridgescore.sheets.chicago import (
    DEALS_PER_ROUND,
    ChicagoDealInfo,
    ChicagoRound,
    ChicagoRow,
    ChicagoScoring,
    ChicagoSheet,
    ChicagoVulnerability,
    chicago_deal_info,
)
from bridgescore.sheets.deal import Deal
from bridgescore.sheets.entries import ScoreItem, SheetEntry, Tally
from bridgescore.sheets.honours import Honours
from bridgescore.sheets.rubber import RubberRow, RubberSession, RubberSheet

__all__ = [
    "DEALS_PER_ROUND",
    "ChicagoDealInfo",
    "ChicagoRound",
    "ChicagoRow",
    "ChicagoScoring",
    "ChicagoSheet",
    "ChicagoVulnerability",
    "Deal",
    "Honours",
    "RubberRow",
    "RubberSession",
    "RubberSheet",
    "ScoreItem",
    "SheetEntry",
    "Tally",
    "chicago_deal_info",
]
