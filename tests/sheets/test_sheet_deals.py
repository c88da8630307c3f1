"""Deals on a sheet and honours: parsing, formatting and validation."""

from __future__ import annotations

import doctest

import pytest

import bridgescore.io.deal_list
import bridgescore.sheets
import bridgescore.sheets.chicago
import bridgescore.sheets.rubber
from bridgescore import (
    PASSED_OUT,
    BridgeInputError,
    Contract,
    ContractError,
    LawsError,
    ResultError,
    SheetError,
    Side,
    Strain,
    TableResult,
)
from bridgescore.laws import get_laws
from bridgescore.sheets import Deal, Honours


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("2NT N 9", "2NT N +1"),
        ("4H W =", "4H W ="),
        ("5C W -2", "5C W -2"),
        ("4SX S +1", "4SX S +1"),
        ("4sxs+1", "4SX S +1"),
        ("6D E = honours EW 150", "6D E = honours EW 150"),
        ("6♦ E 12 Honors ew 150", "6D E = honours EW 150"),
        ("7NTXX N =", "7NTXX N ="),
        ("Pass", "Pass"),
        ("AP", "Pass"),
    ],
)
def test_deal_parse_and_format(text: str, canonical: str) -> None:
    deal = Deal.parse(text)
    assert str(deal) == canonical
    assert Deal.parse(str(deal)) == deal


def test_deal_fields() -> None:
    deal = Deal.parse("6D E = honours EW 150")
    assert deal.declarer_side is Side.EW
    assert deal.honours == Honours(Side.EW, 150)
    assert deal.result.tricks == 12
    assert Deal.parse("Pass").declarer_side is None
    assert Deal.parse("Pass").passed_out
    assert Deal.parse("6D E = honours EW 150").format(symbols=True) == "6♦ E = honours EW 150"


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("4S =", SheetError, r"'4S =': no declarer; write the declarer after the contract"),
        ("9S N =", ContractError, r"'9S N =': a contract's level is 1 to 7"),
        ("4S N", ResultError, r"'4S N': no result"),
        ("4S N = honours NS 120", SheetError, r"NS 120: honours are 100 \(four trump honours\)"),
        ("4S N = honours NS", SheetError, r"honours 'NS': write the side and the points"),
        ("4S N = honours XY 100", SheetError, r"honours 'XY 100': 'XY': not a side"),
        ("3NT N = honours NS 100", SheetError, r"NS 100 at 3NT: at notrump only the four aces"),
        ("Pass honours NS 150", SheetError, r"honours NS 150: a passed-out deal has no trumps"),
        ("honours NS 150", SheetError, r"no result before the honours"),
    ],
)
def test_bad_deals(text: str, error: type[BridgeInputError], message: str) -> None:
    with pytest.raises(error, match=message):
        Deal.parse(text)


def test_deal_of() -> None:
    result = TableResult(Contract(4, Strain.SPADES).by("N"), 10)
    assert Deal.of(result) == Deal(result)
    assert Deal.of("4S N =", "EW 100") == Deal(result, Honours(Side.EW, 100))
    assert Deal.of(Deal(result), Honours(Side.NS, 150)).honours == Honours(Side.NS, 150)
    assert Deal.of(TableResult(PASSED_OUT, None)).passed_out


def test_deal_needs_a_result() -> None:
    with pytest.raises(SheetError, match="needs a TableResult"):
        Deal("4S N =")  # type: ignore[arg-type]


@pytest.mark.parametrize("points", [0, 50, 120, 200, True])
def test_honours_points(points: int) -> None:
    with pytest.raises(SheetError, match="honours are 100"):
        Honours(Side.NS, points)


def test_honours_side_must_be_a_side() -> None:
    with pytest.raises(SheetError, match="belong to a Side"):
        Honours("NS", 100)  # type: ignore[arg-type]


def test_honours_kind_and_value() -> None:
    assert Honours(Side.NS, 100).kind(Strain.HEARTS) == "four trump honours"
    assert Honours(Side.NS, 150).kind(Strain.HEARTS) == "five trump honours"
    assert Honours(Side.NS, 150).kind(Strain.NOTRUMP) == "four aces"
    laws = get_laws("2017")
    assert Honours(Side.EW, 100).value(laws) == laws.honours_four == 100
    assert Honours(Side.EW, 150).value(laws) == laws.honours_five == 150
    assert Honours.parse(" ew  150 ") == Honours(Side.EW, 150)
    assert str(Honours(Side.EW, 150)) == "EW 150"
    assert repr(Honours(Side.EW, 150)) == "Honours(side=Side.EW, points=150)"


def test_errors_are_value_errors() -> None:
    assert issubclass(SheetError, ValueError)
    assert not issubclass(LawsError, SheetError)


@pytest.mark.parametrize(
    "module",
    [
        bridgescore.sheets,
        bridgescore.sheets.rubber,
        bridgescore.sheets.chicago,
        bridgescore.io.deal_list,
    ],
)
def test_module_doctests(module: object) -> None:
    failures, _ = doctest.testmod(module, raise_on_error=False)  # type: ignore[arg-type]
    assert failures == 0
