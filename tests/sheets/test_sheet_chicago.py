"""Chicago: the vulnerability rules, the duplicate and classic scorings, honours, rounds."""

from __future__ import annotations

import pytest

from bridgescore import BoardInfo, Seat, SheetError, Side, Vulnerability
from bridgescore.sheets import (
    ChicagoScoring,
    ChicagoSheet,
    ChicagoVulnerability,
    ScoreItem,
    SheetEntry,
    Tally,
    chicago_deal_info,
)

NONE, NS, EW, BOTH = (
    Vulnerability.NONE,
    Vulnerability.NS,
    Vulnerability.EW,
    Vulnerability.BOTH,
)
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


@pytest.mark.parametrize(
    ("rule", "first", "expected"),
    [
        ("dealer-opponents", N, [(N, NONE), (E, NS), (S, EW), (W, BOTH)]),
        ("dealer", N, [(N, NONE), (E, EW), (S, NS), (W, BOTH)]),
        ("dealer-opponents", E, [(E, NONE), (S, EW), (W, NS), (N, BOTH)]),
        ("dealer", E, [(E, NONE), (S, NS), (W, EW), (N, BOTH)]),
        ("dealer-opponents", W, [(W, NONE), (N, EW), (E, NS), (S, BOTH)]),
    ],
)
def test_vulnerability_tables(
    rule: str, first: Seat, expected: list[tuple[Seat, Vulnerability]]
) -> None:
    for number in range(1, 9):  # two rounds: the second repeats the first
        info = chicago_deal_info(number, first_dealer=first, vulnerability=rule)
        assert (info.dealer, info.vulnerability) == expected[(number - 1) % 4]
        assert info.round == (number - 1) // 4 + 1
        assert info.deal_in_round == (number - 1) % 4 + 1


def test_seed_rule_is_the_duplicate_schedule_of_boards_1_to_4() -> None:
    for number in range(1, 5):
        info = chicago_deal_info(number)
        board = BoardInfo.of(number)
        assert (info.dealer, info.vulnerability) == (board.dealer, board.vulnerability)


def test_defaults_are_the_finnish_seeds() -> None:
    sheet = ChicagoSheet()
    assert sheet.scoring is ChicagoScoring.DUPLICATE
    assert sheet.vulnerability is ChicagoVulnerability.DEALER_OPPONENTS
    assert sheet.first_dealer is N
    assert sheet.honours is False
    assert sheet.laws == "2017"
    assert ChicagoSheet(scoring=ChicagoScoring.CLASSIC).honours is True


def test_names_parse_strictly() -> None:
    assert ChicagoScoring.parse("Classic") is ChicagoScoring.CLASSIC
    assert ChicagoVulnerability.parse("DEALER-OPPONENTS") is ChicagoVulnerability.DEALER_OPPONENTS
    with pytest.raises(
        SheetError, match="'rubber': not a Chicago scoring; use duplicate or classic"
    ):
        ChicagoScoring.parse("rubber")
    with pytest.raises(SheetError, match="use dealer-opponents or dealer"):
        ChicagoVulnerability.parse("both")
    with pytest.raises(SheetError, match="numbered 1, 2, 3"):
        chicago_deal_info(0)


ROUND = ["1NT N 9", "4S E =", "3NTX S -1", "Pass"]


def test_duplicate_round_totals() -> None:
    sheet = ChicagoSheet.from_deals(ROUND)
    # 1NT+2 nobody vulnerable 150; 4S= EW not vulnerable 420; 3NTX-1 NS not vulnerable 100.
    assert [row.points for row in sheet.rows] == [
        Tally(150, 0),
        Tally(0, 420),
        Tally(0, 100),
        Tally(0, 0),
    ]
    assert sheet.totals == Tally(150, 520)
    assert sheet.rounds[0].is_complete
    assert sheet.winner is Side.EW
    assert sheet.margin == 370


def test_duplicate_is_the_duplicate_score() -> None:
    sheet = ChicagoSheet.from_deals(["Pass", "Pass", "Pass", "4H S +1"])
    row = sheet.rows[3]
    assert row.points == Tally(650, 0)
    assert row.score.total == 650
    assert row.game_won_by is Side.NS
    assert [e.item for e in row.entries] == [
        ScoreItem.CONTRACT_POINTS,
        ScoreItem.OVERTRICKS,
        ScoreItem.GAME_BONUS,
    ]


def test_duplicate_under_the_dealer_rule() -> None:
    sheet = ChicagoSheet.from_deals(ROUND, vulnerability="dealer")
    # Deal 2 (dealer E): EW vulnerable, 620; deal 3 (dealer S): NS vulnerable, 200.
    assert sheet.totals == Tally(150, 820)


def test_classic_game_from_partscores_at_the_completing_deals_vulnerability() -> None:
    seed_rule = ChicagoSheet.from_deals(["2H N =", "2S S ="], scoring="classic")
    assert seed_rule.rows[0].entries == (SheetEntry(Side.NS, 60, ScoreItem.CONTRACT_POINTS),)
    assert seed_rule.rows[1].entries == (
        SheetEntry(Side.NS, 60, ScoreItem.CONTRACT_POINTS),
        SheetEntry(Side.NS, 500, ScoreItem.GAME_BONUS),  # deal 2: NS vulnerable
    )
    assert seed_rule.rows[1].game_won_by is Side.NS
    dealer_rule = ChicagoSheet.from_deals(
        ["2H N =", "2S S ="], scoring="classic", vulnerability="dealer"
    )
    assert dealer_rule.totals == Tally(420, 0)  # deal 2: NS not vulnerable


def test_classic_fourth_deal_partscore_earns_100() -> None:
    sheet = ChicagoSheet.from_deals(["Pass", "Pass", "Pass", "2H N ="], scoring="classic")
    assert sheet.rows[3].entries == (
        SheetEntry(Side.NS, 60, ScoreItem.CONTRACT_POINTS),
        SheetEntry(Side.NS, 100, ScoreItem.FOURTH_DEAL_PARTSCORE),
    )
    duplicate = ChicagoSheet.from_deals(["Pass", "Pass", "Pass", "2H N ="])
    assert duplicate.totals == Tally(110, 0)


def test_classic_fourth_deal_partscore_completing_a_game() -> None:
    sheet = ChicagoSheet.from_deals(["2H N =", "Pass", "Pass", "2S N ="], scoring="classic")
    assert sheet.rows[3].entries == (
        SheetEntry(Side.NS, 60, ScoreItem.CONTRACT_POINTS),
        SheetEntry(Side.NS, 500, ScoreItem.GAME_BONUS),
    )
    assert sheet.totals == Tally(620, 0)


def test_classic_partscore_cut_by_a_game() -> None:
    sheet = ChicagoSheet.from_deals(["2H N =", "3NT E =", "2S N ="], scoring="classic")
    # Deal 2: dealer E, NS vulnerable, EW not: EW's game earns 300 and cuts NS's 60.
    assert sheet.rows[1].points == Tally(0, 400)
    assert sheet.rows[2].game_won_by is None
    assert sheet.rows[2].points == Tally(60, 0)
    assert sheet.toward_game == Tally(60, 0)
    assert sheet.totals == Tally(120, 400)


def test_classic_partscores_do_not_carry_into_the_next_round() -> None:
    sheet = ChicagoSheet.from_deals(["Pass", "Pass", "2H N =", "Pass", "2S N ="], scoring="classic")
    assert sheet.rows[4].game_won_by is None
    assert sheet.rows[4].toward_game == Tally(60, 0)
    assert sheet.totals == Tally(120, 0)


def test_classic_keeps_slams_insult_and_penalties() -> None:
    sheet = ChicagoSheet.from_deals(
        ["Pass", "Pass", "6HX W +1", "3NT N -2"], scoring="classic", honours=False
    )
    # Deal 3 (dealer S): EW vulnerable; 360 + 200 over + 750 slam + 50 insult + 500 game.
    assert sheet.rows[2].points == Tally(0, 1860)
    assert sheet.rows[2].points[Side.EW] == sheet.rows[2].score.total
    # Deal 4: both vulnerable, two down: 200 to EW.
    assert sheet.rows[3].points == Tally(0, 200)


def test_honours_on_and_off() -> None:
    deals = ["4S N = honours NS 100"]
    assert ChicagoSheet.from_deals(deals).totals == Tally(420, 0)
    assert not ChicagoSheet.from_deals(deals).rows[0].honours_counted
    assert ChicagoSheet.from_deals(deals, honours=True).totals == Tally(520, 0)
    assert ChicagoSheet.from_deals(deals, scoring="classic").totals == Tally(520, 0)
    classic_off = ChicagoSheet.from_deals(deals, scoring="classic", honours=False)
    assert classic_off.totals == Tally(420, 0)
    assert classic_off.deals[0].honours is not None  # kept, just not counted


def test_honours_still_validated_when_not_counted() -> None:
    with pytest.raises(SheetError, match="only the four aces"):
        ChicagoSheet().add("3NT N = honours NS 100")


def test_several_rounds() -> None:
    deals = [*ROUND, "2H S +1", "4S E =", "3NTX W -1", "3NT N ="]
    sheet = ChicagoSheet.from_deals(deals)
    assert [r.number for r in sheet.rounds] == [1, 2]
    assert [r.totals for r in sheet.rounds] == [Tally(150, 520), Tally(940, 420)]
    assert sheet.totals == Tally(1090, 940)
    assert sheet.is_round_complete
    assert sheet.next_deal.round == 3
    assert sheet.add("1C N =").rounds[-1].is_complete is False


def test_passed_out_deal_counts_as_a_deal() -> None:
    sheet = ChicagoSheet.from_deals(["Pass", "4S E ="])
    assert sheet.rows[0].points == Tally(0, 0)
    assert sheet.rows[1].info.vulnerability is NS
    assert sheet.next_deal.deal_in_round == 3


def test_first_dealer_moves_the_vulnerability() -> None:
    sheet = ChicagoSheet.from_deals(["Pass", "4S E ="], first_dealer="E")
    # Deal 2 is dealt by South: EW are the dealer's opponents, so vulnerable.
    assert sheet.rows[1].info.dealer is S
    assert sheet.rows[1].points == Tally(0, 620)


def test_corrections_and_deletions_recompute() -> None:
    sheet = ChicagoSheet.from_deals(["2H N =", "2S S ="], scoring="classic")
    corrected = sheet.correct(1, "1H N =")
    assert corrected.totals == Tally(90, 0)  # 30 + 60: no game any more
    deleted = sheet.delete(1)
    # 2S S = is now deal 1, nobody vulnerable, a partscore: no bonus.
    assert deleted.rows[0].info.vulnerability is NONE
    assert deleted.totals == Tally(60, 0)
    assert deleted.insert(1, "2H N =") == sheet
    assert sheet.undo().add("2S S =") == sheet
    with pytest.raises(SheetError, match="deal 3: no such deal"):
        sheet.correct(3, "1C N =")
    with pytest.raises(SheetError, match="no deals"):
        ChicagoSheet().undo()


def test_laws_are_selectable() -> None:
    assert ChicagoSheet.from_deals(["4SX N -4"]).totals == Tally(0, 800)
    assert ChicagoSheet.from_deals(["4SX N -4"], laws="1935").totals == Tally(0, 700)


def test_bad_settings() -> None:
    with pytest.raises(SheetError, match="say True, False or None"):
        ChicagoSheet(honours="yes")  # type: ignore[arg-type]
    with pytest.raises(SheetError, match="not a deal"):
        ChicagoSheet((3,))  # type: ignore[arg-type]


def test_as_dict() -> None:
    data = ChicagoSheet.from_deals(ROUND).as_dict()
    assert data["kind"] == "chicago"
    assert data["scoring"] == "duplicate"
    assert data["vulnerability"] == "dealer-opponents"
    assert data["totals"] == {"NS": 150, "EW": 520}
    assert data["winner"] == "EW"
    assert data["rounds"] == [{"number": 1, "complete": True, "totals": {"NS": 150, "EW": 520}}]
    assert data["deals"][1]["dealer"] == "E"
    assert data["deals"][1]["vulnerability"] == "NS"
    assert data["deals"][1]["points"] == {"NS": 0, "EW": 420}
