"""Honours that cannot be held in the contract's strain are refused by the library, with the rule.

"Puntuación de puente" ("Bonificación u honores de honor"): 100 for four of the five trump
honours in one hand, 150 for all five, or for the four aces at notrump. At notrump there
are no trump honours, so 100 cannot be held; in a suit contract 150 (five trump honours)
can, and so can 100; a passed-out deal has none.
"""

from __future__ import annotations

import pytest

from bridgescore.core.contract import Contract
from bridgescore.core.seats import Side
from bridgescore.errors import SheetError
from bridgescore.sheets import ChicagoSheet, Deal, Honours, RubberSheet, Tally

SUITS = ["C", "D", "H", "S"]


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("points", [100, 150])
def test_a_suit_contract_allows_four_or_five_trump_honours(suit: str, points: int) -> None:
    deal = Deal.parse(f"4{suit} N = honours EW {points}")
    assert deal.honours == Honours(Side.EW, points)


def test_four_aces_at_notrump_are_150() -> None:
    assert Deal.parse("3NT S = honours NS 150").honours == Honours(Side.NS, 150)


@pytest.mark.parametrize("doubling", ["", "X", "XX"])
def test_four_trump_honours_at_notrump_are_refused_with_the_rule(doubling: str) -> None:
    with pytest.raises(SheetError) as caught:
        Deal.parse(f"3NT{doubling} S = honours NS 100")
    assert str(caught.value) == (
        f"honours NS 100 at 3NT{doubling}: at notrump only the four aces in one hand count, for 150"
    )


def test_honours_on_a_passed_out_deal_are_refused() -> None:
    with pytest.raises(SheetError, match=r"honours NS 150: a passed-out deal has no trumps"):
        Deal.parse("Pass honours NS 150")


@pytest.mark.parametrize("points", [0, 50, 120, 200, 300])
def test_other_points_are_refused(points: int) -> None:
    with pytest.raises(SheetError, match=rf"honours EW {points}: honours are 100 \(four trump"):
        Honours(Side.EW, points)


def test_check_is_the_rule_every_sheet_runs() -> None:
    honours = Honours(Side.NS, 100)
    honours.check(Contract.parse("4H N"))
    with pytest.raises(SheetError, match="at notrump only the four aces"):
        honours.check(Contract.parse("1NT N"))


def test_a_refused_correction_leaves_the_sheet_as_it_was() -> None:
    sheet = RubberSheet.from_deals(["3NT N =", "2H E ="])
    with pytest.raises(SheetError, match="at notrump only the four aces"):
        sheet.correct(1, "3NT N = honours NS 100")
    assert sheet.totals == Tally(100, 60)
    chicago = ChicagoSheet.from_deals(["3NT N ="], honours=True)
    with pytest.raises(SheetError, match="at notrump only the four aces"):
        chicago.insert(1, "1NT E = honours EW 100")
    assert chicago.totals == Tally(400, 0)


def test_honours_count_for_the_side_that_held_them_whatever_the_contract() -> None:
    # Five trump honours held by the defenders of a contract that went down.
    sheet = RubberSheet.from_deals(["4H N -1 honours EW 150"])
    assert sheet.rows[0].above == Tally(0, 200)  # 50 undertrick + 150 honours
    aces = RubberSheet.from_deals(["3NT N = honours NS 150"])
    assert aces.rows[0].above == Tally(150, 0)


def test_a_chicago_names_the_first_honours_it_does_not_count() -> None:
    # Duplicate scoring counts no honours: a claim on deal 2 is named (the pad refuses it).
    sheet = ChicagoSheet.from_deals(["1NT N 9", "4S E = honours EW 100"])
    with pytest.raises(SheetError, match=r"^deal 2, honours: this Chicago is scored without"):
        sheet.check_honours()
    counted = ChicagoSheet.from_deals(["4S E = honours EW 100"], honours=True)
    counted.check_honours()  # counted: nothing to say
    assert counted.totals.ew == 420 + 100
