"""The rubber sheet: the Spanish seed's rubber deal by deal, and the rules around it."""

from __future__ import annotations

import pytest

from bridgescore import (
    Contract,
    Doubling,
    LawsError,
    Seat,
    SheetError,
    Side,
    Strain,
    TableResult,
    Vulnerability,
)
from bridgescore.sheets import (
    Deal,
    Honours,
    RubberSession,
    RubberSheet,
    ScoreItem,
    SheetEntry,
    Tally,
)

SEED_DEALS = [
    "2NT N 9",
    "4H W =",
    "5C W -2",
    "4SX S +1",
    "3C N +1",
    "6D E = honours EW 150",
]

# (vulnerability the deal is played at, above NS/EW, below NS/EW, game line drawn for,
#  games after, vulnerability for the next deal, running totals after the deal)
SEED_ROWS = [
    (Vulnerability.NONE, (30, 0), (70, 0), None, (0, 0), Vulnerability.NONE, (100, 0)),
    (Vulnerability.NONE, (0, 0), (0, 120), Side.EW, (0, 1), Vulnerability.EW, (100, 120)),
    (Vulnerability.EW, (200, 0), (0, 0), None, (0, 1), Vulnerability.EW, (300, 120)),
    (Vulnerability.EW, (150, 0), (240, 0), Side.NS, (1, 1), Vulnerability.BOTH, (690, 120)),
    (Vulnerability.BOTH, (20, 0), (60, 0), None, (1, 1), Vulnerability.BOTH, (770, 120)),
    (Vulnerability.BOTH, (0, 900), (0, 120), Side.EW, (1, 2), Vulnerability.BOTH, (770, 1640)),
]


@pytest.fixture
def seed() -> RubberSheet:
    return RubberSheet.from_deals(SEED_DEALS)


@pytest.mark.parametrize("count", range(1, 7))
def test_seed_rubber_after_each_deal(count: int) -> None:
    sheet = RubberSheet.from_deals(SEED_DEALS[:count])
    row = sheet.rows[-1]
    vul, above, below, line, games, next_vul, totals = SEED_ROWS[count - 1]
    assert row.number == count
    assert row.vulnerability is vul
    assert row.above == Tally(*above)
    assert row.below == Tally(*below)
    assert row.game_won_by is line
    assert sheet.games == Tally(*games)
    assert sheet.vulnerability is next_vul
    assert sheet.totals == Tally(*totals)
    assert sheet.is_complete is (count == 6)


def test_seed_rubber_elements(seed: RubberSheet) -> None:
    items = [[(e.side, e.points, e.item) for e in row.entries] for row in seed.rows]
    assert items == [
        [(Side.NS, 70, ScoreItem.CONTRACT_POINTS), (Side.NS, 30, ScoreItem.OVERTRICKS)],
        [(Side.EW, 120, ScoreItem.CONTRACT_POINTS)],
        [(Side.NS, 200, ScoreItem.UNDERTRICKS)],
        [
            (Side.NS, 240, ScoreItem.CONTRACT_POINTS),
            (Side.NS, 100, ScoreItem.OVERTRICKS),
            (Side.NS, 50, ScoreItem.INSULT_BONUS),
        ],
        [(Side.NS, 60, ScoreItem.CONTRACT_POINTS), (Side.NS, 20, ScoreItem.OVERTRICKS)],
        [
            (Side.EW, 120, ScoreItem.CONTRACT_POINTS),
            (Side.EW, 750, ScoreItem.SLAM_BONUS),
            (Side.EW, 150, ScoreItem.HONOURS),
        ],
    ]
    # The seed's "Oferta Total" columns: NS 100, -, 200, 390, 80, -; EW -, 120, -, -, -, 1020.
    assert [row.points for row in seed.rows] == [
        Tally(100, 0),
        Tally(0, 120),
        Tally(200, 0),
        Tally(390, 0),
        Tally(80, 0),
        Tally(0, 1020),
    ]


def test_seed_rubber_result(seed: RubberSheet) -> None:
    assert seed.bonuses == (SheetEntry(Side.EW, 500, ScoreItem.RUBBER_BONUS),)
    assert seed.totals == Tally(770, 1640)
    assert seed.above == Tally(400, 1400)
    assert seed.below == Tally(370, 240)
    assert seed.rubber_winner is Side.EW
    assert seed.winner is Side.EW
    assert seed.margin == 870
    assert seed.is_complete
    assert seed.is_finished


def test_seed_rubber_games_and_cuts(seed: RubberSheet) -> None:
    assert [row.game for row in seed.rows] == [1, 1, 2, 2, 3, 3]
    # NS's 70 is cut by EW's game: nothing counts toward the next game after deal 2.
    assert seed.rows[0].toward_game == Tally(70, 0)
    assert seed.rows[1].toward_game == Tally(0, 0)
    assert seed.rows[4].toward_game == Tally(60, 0)
    assert seed.rows[5].toward_game == Tally(0, 0)


def test_no_duplicate_bonuses_on_the_sheet(seed: RubberSheet) -> None:
    items = {e.item for e in seed.entries}
    assert ScoreItem.GAME_BONUS not in items
    assert ScoreItem.PARTSCORE_BONUS not in items


def test_vulnerability_is_passed_to_the_scoring(seed: RubberSheet) -> None:
    assert [row.declarer_vulnerable for row in seed.rows] == [
        False,
        False,
        True,
        False,
        True,
        True,
    ]
    assert seed.rows[2].score.undertrick_penalty == 200
    assert seed.rows[5].score.slam_bonus == 750


def test_two_nil_rubber_scores_700() -> None:
    sheet = RubberSheet.from_deals(["4S N =", "3NT S ="])
    assert sheet.bonuses == (SheetEntry(Side.NS, 700, ScoreItem.RUBBER_BONUS),)
    assert sheet.totals == Tally(920, 0)


def test_game_from_two_partscores() -> None:
    sheet = RubberSheet.from_deals(["2H N =", "2S S ="])
    assert [row.game_won_by for row in sheet.rows] == [None, Side.NS]
    assert sheet.games == Tally(1, 0)
    assert sheet.vulnerability is Vulnerability.NS


def test_partscores_are_cut_when_a_game_is_made() -> None:
    sheet = RubberSheet.from_deals(["2H N =", "4S E =", "2H S ="])
    # NS's first 60 no longer counts: 60 + 60 would have been game.
    assert sheet.games == Tally(0, 1)
    assert sheet.toward_game == Tally(60, 0)
    assert sheet.rows[2].game_won_by is None
    assert sheet.totals == Tally(120, 120)


def test_game_across_a_cut() -> None:
    sheet = RubberSheet.from_deals(["2H N =", "4S E =", "2H S =", "2C N ="])
    assert [row.game for row in sheet.rows] == [1, 1, 2, 2]
    assert sheet.rows[3].game_won_by is Side.NS
    assert sheet.games == Tally(1, 1)
    assert sheet.vulnerability is Vulnerability.BOTH


def test_penalties_go_to_the_defenders_above_the_line() -> None:
    row = RubberSheet.from_deals(["4SX N -3"]).rows[0]
    assert row.entries == (SheetEntry(Side.EW, 500, ScoreItem.UNDERTRICKS),)
    assert row.above == Tally(0, 500)
    assert row.below == Tally(0, 0)


def test_vulnerable_penalty_after_a_game() -> None:
    sheet = RubberSheet.from_deals(["3NT N =", "4SX N -3"])
    assert sheet.rows[1].above == Tally(0, 800)


def test_honours_to_the_side_holding_them() -> None:
    defenders = RubberSheet.from_deals(["4S N -1 honours EW 100"]).rows[0]
    assert defenders.above == Tally(0, 150)
    declarers = RubberSheet.from_deals(["4S N -1 honours NS 100"]).rows[0]
    assert declarers.above == Tally(100, 50)
    aces = RubberSheet.from_deals(["3NT S = honours EW 150"]).rows[0]
    assert aces.above == Tally(0, 150)
    assert aces.below == Tally(100, 0)


def test_honours_given_as_argument() -> None:
    sheet = RubberSheet().add("4H W =", honours=Honours(Side.NS, 100))
    assert sheet.rows[0].above == Tally(100, 0)
    assert RubberSheet().add("4H W =", "NS 100") == sheet


def test_passed_out_deal_scores_nothing() -> None:
    sheet = RubberSheet.from_deals(["Pass", "2H N ="])
    assert sheet.rows[0].entries == ()
    assert sheet.rows[0].game == 1
    assert sheet.totals == Tally(60, 0)


def test_unfinished_rubber_game_up_scores_300() -> None:
    sheet = RubberSheet.from_deals(["4H N ="]).finish()
    assert sheet.bonuses == (SheetEntry(Side.NS, 300, ScoreItem.UNFINISHED_GAME),)
    assert sheet.totals == Tally(420, 0)
    assert sheet.is_finished
    assert not sheet.is_complete


def test_unfinished_rubber_partscore_scores_100() -> None:
    sheet = RubberSheet.from_deals(["2H N ="]).finish()
    assert sheet.bonuses == (SheetEntry(Side.NS, 100, ScoreItem.UNFINISHED_PARTSCORE),)
    assert sheet.totals == Tally(160, 0)


def test_unfinished_rubber_game_and_opponents_partscore() -> None:
    sheet = RubberSheet.from_deals(["4H N =", "2S E ="]).finish()
    assert sheet.bonuses == (
        SheetEntry(Side.NS, 300, ScoreItem.UNFINISHED_GAME),
        SheetEntry(Side.EW, 100, ScoreItem.UNFINISHED_PARTSCORE),
    )


@pytest.mark.parametrize(
    "deals",
    [
        ["4H N =", "4S E ="],  # a game each: nobody is a game up
        ["2H N =", "2S E ="],  # a partscore each: neither alone has one
        [],
    ],
)
def test_unfinished_rubber_without_bonus(deals: list[str]) -> None:
    assert RubberSheet.from_deals(deals).finish().bonuses == ()


def test_cut_partscore_earns_no_unfinished_bonus() -> None:
    sheet = RubberSheet.from_deals(["2H N =", "4S E ="]).finish()
    assert sheet.bonuses == (SheetEntry(Side.EW, 300, ScoreItem.UNFINISHED_GAME),)


def test_no_unfinished_bonus_before_play_stops() -> None:
    assert RubberSheet.from_deals(["4H N ="]).bonuses == ()


def test_finish_on_a_complete_rubber_changes_nothing(seed: RubberSheet) -> None:
    assert seed.finish() is seed


def test_adding_after_the_rubber_is_over(seed: RubberSheet) -> None:
    with pytest.raises(SheetError, match="the rubber is over after deal 6; start a new rubber"):
        seed.add("1C N =")


def test_adding_after_play_stopped() -> None:
    with pytest.raises(SheetError, match="stopped after deal 1"):
        RubberSheet.from_deals(["2H N ="]).finish().add("1C N =")


def test_building_with_deals_after_the_end() -> None:
    with pytest.raises(SheetError, match=r"over after deal 2, so deal 3 \('1C N \+1'\)"):
        RubberSheet.from_deals(["4S N =", "3NT S =", "1C N +1"])


def test_correction_recomputes_later_deals(seed: RubberSheet) -> None:
    # 3H instead of 4H: no game for EW, so EW were not vulnerable on deal 3.
    corrected = seed.correct(2, "3H W +1")
    assert corrected.rows[1].game_won_by is None
    assert corrected.rows[2].vulnerability is Vulnerability.NONE
    assert corrected.rows[2].above == Tally(100, 0)
    # EW's 90 + ... : deal 4 is still NS's game, and now cuts EW's 90.
    assert corrected.rows[3].game_won_by is Side.NS
    assert corrected.rows[3].above == Tally(150, 0)
    assert corrected.games == Tally(1, 1)
    assert not corrected.is_complete
    assert corrected.deals[1] == Deal.parse("3H W 10")
    assert seed.rows[2].above == Tally(200, 0)  # the original is untouched


def test_correction_that_ends_the_rubber_early_is_an_error() -> None:
    sheet = RubberSheet.from_deals(["4S N =", "2C N =", "1NT E =", "2NT N ="])
    assert sheet.is_complete
    assert sheet.rows[3].game_won_by is Side.NS
    with pytest.raises(SheetError, match=r"correcting deal 2 to '3NT N =': .*deals 3-4"):
        sheet.correct(2, "3NT N =")


def test_delete_recomputes(seed: RubberSheet) -> None:
    sheet = seed.delete(2)
    assert len(sheet) == 5
    assert sheet.games == Tally(1, 1)
    assert not sheet.is_complete
    # 5C W -2 not vulnerable now; 4SX S +1 still not vulnerable; 6D E = not vulnerable.
    assert [row.points for row in sheet.rows] == [
        Tally(100, 0),
        Tally(100, 0),
        Tally(390, 0),
        Tally(80, 0),
        Tally(0, 770),
    ]
    assert sheet.totals == Tally(670, 770)


def test_insert_then_delete(seed: RubberSheet) -> None:
    shorter = seed.delete(3)
    assert shorter.insert(3, "5C W -2") == seed
    assert seed.undo().add(SEED_DEALS[-1]) == seed


@pytest.mark.parametrize("number", [0, 7, -1])
def test_no_such_deal(seed: RubberSheet, number: int) -> None:
    with pytest.raises(SheetError, match=f"deal {number}: no such deal"):
        seed.delete(number)


def test_undo_on_empty_sheet() -> None:
    with pytest.raises(SheetError, match="no deals"):
        RubberSheet().undo()


def test_undo_reopens_a_stopped_rubber() -> None:
    sheet = RubberSheet.from_deals(["2H N ="]).finish()
    assert not sheet.undo().stopped


def test_deals_need_a_declarer() -> None:
    with pytest.raises(SheetError, match=r"'4S=': no declarer"):
        RubberSheet().add(TableResult(Contract(4, Strain.SPADES), 10))
    with pytest.raises(SheetError, match=r"'4S =': no declarer"):
        RubberSheet().add("4S =")


def test_laws_are_selectable() -> None:
    modern = RubberSheet.from_deals(["4SX N -4"])
    old = RubberSheet.from_deals(["4SX N -4"], laws="1935")
    assert modern.totals == Tally(0, 800)
    assert old.totals == Tally(0, 700)
    assert RubberSheet(laws="current").laws == "2017"
    with pytest.raises(LawsError, match="'1066'"):
        RubberSheet(laws="1066")


def test_sheet_is_a_hashable_value(seed: RubberSheet) -> None:
    again = RubberSheet.from_deals(SEED_DEALS)
    assert again == seed
    assert hash(again) == hash(seed)
    assert seed != seed.finish().undo()  # six deals vs five
    namespace = {
        "RubberSheet": RubberSheet,
        "Deal": Deal,
        "Honours": Honours,
        "TableResult": TableResult,
        "Contract": Contract,
        "Strain": Strain,
        "Doubling": Doubling,
        "Seat": Seat,
        "Side": Side,
    }
    assert eval(repr(seed), namespace) == seed


def test_sheet_accepts_only_deals() -> None:
    with pytest.raises(SheetError, match="not a deal"):
        RubberSheet((42,))  # type: ignore[arg-type]


def test_as_dict(seed: RubberSheet) -> None:
    data = seed.as_dict()
    assert data["totals"] == {"NS": 770, "EW": 1640}
    assert data["winner"] == "EW"
    assert data["rubber_winner"] == "EW"
    assert data["margin"] == 870
    assert data["games"] == {"NS": 1, "EW": 2}
    assert data["bonuses"] == [
        {"side": "EW", "points": 500, "item": "rubber bonus", "below_the_line": False}
    ]
    first = data["deals"][0]
    assert first["deal"] == "2NT N +1"
    assert first["above"] == {"NS": 30, "EW": 0}
    assert first["below"] == {"NS": 70, "EW": 0}
    assert data["deals"][5]["honours"] == "EW 150"
    assert data["deals"][1]["game_won_by"] == "EW"


def test_session_starts_a_new_rubber() -> None:
    session = RubberSession.from_deals([*SEED_DEALS, "4H N =", "1NT E 7"])
    first, second = session.rubbers
    assert first.totals == Tally(770, 1640)
    assert second.games == Tally(1, 0)
    assert second.rows[1].vulnerability is Vulnerability.NS
    assert session.current is second
    assert session.totals == Tally(770 + 120, 1640 + 40)
    assert session.finish().totals == Tally(770 + 120 + 300, 1640 + 40 + 100)


def test_session_correction_moves_the_next_rubber() -> None:
    session = RubberSession.from_deals(["4S N =", "3NT S =", "2H E ="])
    assert [len(r) for r in session.rubbers] == [2, 1]
    longer = session.correct(2, "2NT S =")
    assert [len(r) for r in longer.rubbers] == [3]
    assert longer.delete(3) == RubberSession.from_deals(["4S N =", "2NT S ="])


def test_empty_session() -> None:
    session = RubberSession()
    assert len(session.rubbers) == 1
    assert session.totals == Tally(0, 0)
    assert session.add("2H N =").totals == Tally(60, 0)


def test_the_game_line_and_the_partscore_it_cuts(seed: RubberSheet) -> None:
    # Deal 2: EW's game cuts NS's 70; deal 4: NS's game cuts nothing (EW had no
    # partscore); deal 6: EW's game cuts NS's 60 from deal 5.
    assert [(row.game_won_by, row.cut) for row in seed.rows] == [
        (None, Tally()),
        (Side.EW, Tally(70, 0)),
        (None, Tally()),
        (Side.NS, Tally()),
        (None, Tally()),
        (Side.EW, Tally(60, 0)),
    ]
    assert seed.as_dict()["deals"][1]["cut"] == {"NS": 70, "EW": 0}


def test_session_insert_undo_and_where_each_rubber_starts() -> None:
    session = RubberSession.from_deals([*SEED_DEALS, "4H N ="])
    assert session.starts == (1, 7)
    assert len(session) == 7
    # A forgotten 3NT by N as deal 2 gives NS game 1 at once; EW's 4H is game 2, and
    # NS's 4SX +1, now vulnerable (200 for the overtrick, 50 insult), ends the rubber
    # two games to one at session deal 5: NS 100 + 100 + 200 + 490 + 500, EW 120.
    inserted = session.insert(2, "3NT N =")
    assert inserted.starts == (1, 6)
    assert inserted.rubbers[0].totals == Tally(1390, 120)
    # The next rubber: 3C N +1 (80), 6D E = with honours, not vulnerable (120 + 500 + 150),
    # then NS's 4H (120): one game all.
    assert inserted.rubbers[1].totals == Tally(200, 770)
    assert inserted.rubbers[1].games == Tally(1, 1)
    assert inserted.insert(9, "1NT S =").deals[-1] == Deal.parse("1NT S =")
    undone = session.undo()
    assert undone.starts == (1,)
    assert undone.totals == Tally(770, 1640)
    with pytest.raises(SheetError, match="undo: the sheet has no deals"):
        RubberSession().undo()
    with pytest.raises(SheetError, match=r"deal 9: a deal can be put in as deal 1 to 8"):
        session.insert(9, "1NT S =")
