"""Real PBN files from other programs: read, written back byte for byte, figures checked.

The files and their sources are listed in ``tests/io/data/pbn/SOURCES.md``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.core.contract import PASSED_OUT, Contract, TableResult
from bridgescore.core.seats import Seat
from bridgescore.core.strains import Doubling, Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.io.pbn import PBNDocument, PBNError, Tag, dump, dumps, iter_games, load, loads

DATA = Path(__file__).parent / "data" / "pbn"

# file: (games, encoding, line ending, problems on reading)
FILES = {
    "bridgecomposer_2025-12-23.pbn": (24, "iso8859-1", "\r\n", 0),
    "bridgecomposer_2025-12-30.pbn": (24, "iso8859-1", "\r\n", 0),
    "realbridge_example2.pbn": (299, "utf-8", "\n", 0),
    "bridgewebs_hands.pbn": (24, "iso8859-1", "\r\n", 0),
    "jfr_wb130808.pbn": (295, "utf-8", "\r\n", 0),
    "magic_contest_test_set.pbn": (28, "latin-1", "\n", 2),
    "magic_contest_butler.pbn": (28, "latin-1", "\r\n", 0),
    "ruter_impcross.pbn": (42, "latin-1", "\r\n", 0),
    "ruter_indi.pbn": (62, "latin-1", "\r\n", 0),
    "ruter_sm1.pbn": (66, "latin-1", "\r\n", 0),
    "ruter_sm2.pbn": (39, "latin-1", "\r\n", 0),
    "ruter_team.pbn": (1, "latin-1", "\r\n", 0),
    "ruter_cross2.pbn": (16, "latin-1", "\r\n", 0),
    "ruter_div2.pbn": (2, "latin-1", "\r\n", 0),
    "camrose24_ben_v_wbridge5.pbn": (320, "utf-8", "\n", 0),
}

_CACHE: dict[str, PBNDocument] = {}


def read(name: str) -> PBNDocument:
    if name not in _CACHE:
        _CACHE[name] = load(DATA / name)
    return _CACHE[name]


def test_every_real_file_is_listed() -> None:
    assert sorted(p.name for p in DATA.glob("*.pbn")) == sorted(FILES)


@pytest.mark.parametrize("name", sorted(FILES))
def test_reads_and_writes_back_byte_for_byte(name: str, tmp_path: Path) -> None:
    games, encoding, newline, problems = FILES[name]
    document = read(name)
    assert len(document.games) == games
    assert document.encoding == encoding
    assert document.newline == newline
    assert len(document.problems) == problems
    assert dumps(document).encode(encoding) == (DATA / name).read_bytes()
    target = tmp_path / name
    dump(document, target)
    assert target.read_bytes() == (DATA / name).read_bytes()


@pytest.mark.parametrize("name", sorted(FILES))
def test_reading_the_written_text_gives_an_equal_document(name: str) -> None:
    document = read(name)
    again = loads(dumps(document), source=name)
    assert again == document
    # equality covers every tag, value, section line and comment, in order
    assert [g.items for g in again.games] == [g.items for g in document.games]


@pytest.mark.parametrize("name", sorted(FILES))
def test_streaming_gives_the_same_games(name: str) -> None:
    streamed = list(iter_games(DATA / name))
    assert streamed == list(read(name).games)


def test_strict_reading_of_clean_files() -> None:
    for name, (games, *_rest, problems) in FILES.items():
        if problems == 0:
            assert len(load(DATA / name, strict=True).games) == games


def test_strict_reading_stops_at_the_hand_edited_score() -> None:
    with pytest.raises(PBNError) as caught:
        load(DATA / "magic_contest_test_set.pbn", strict=True)
    error = caught.value
    assert error.line == 55
    assert error.board == "1"
    assert error.tag == "Score"
    assert "'EW 110' contradicts 4SXN-1 (NS -100 with nobody vulnerable)" in str(error)


def test_header_and_creator() -> None:
    sm1 = read("ruter_sm1.pbn")
    assert sm1.header[:2] == ("% PBN 2.0", "% EXPORT")
    assert len(sm1.header) == 42
    assert sm1.meta["ContestName"] == "SM-parikilpailu - Session 1"
    assert sm1.meta["ScoringType"] == "MatchPoints;MP1"
    assert sm1.creator == "Ruter 4.9.1.3"
    assert read("bridgecomposer_2025-12-23.pbn").creator == "BridgeComposer Version 5.114"
    assert read("bridgewebs_hands.pbn").creator == "Bridgewebs"
    assert read("magic_contest_butler.pbn").creator == "Magic Contest 4.7"
    assert read("realbridge_example2.pbn").creator == ""
    assert read("realbridge_example2.pbn").header == ("% PBN 2.1", "% EXPORT")


def test_latin1_names_are_read_as_latin1() -> None:
    sm1 = read("ruter_sm1.pbn")
    assert sm1.games[0]["Site"] == "SBL 0901 Kati Sandström, Åbo, Finland"


def test_sm1_score_table_cells() -> None:
    game = read("ruter_sm1.pbn").games[0]
    assert game["Board"] == "1"
    assert game.get("Deal") == (
        "N:J63.AKQ8762.92.6 KT754.3.QJ763.87 AQ8.T94.K85.AKQ9 92.J5.AT4.JT5432"
    )
    table = game.table("ScoreTable")
    assert table is not None
    assert len(table) == 18
    assert table.names[:4] == ("Table", "Round", "PairId_NS", "PairId_EW")
    assert str(table.columns[0]) == "Table\\2R"
    assert table.columns[4].width == 4
    assert table.columns[4].align == "L"
    first = table.rows[0]
    assert first["PairId_NS"] == "5"
    assert first["PairId_EW"] == "32"
    assert first["Contract"] == "6N"
    assert first["Score_NS"] == "1020"  # written quoted: "1020"
    assert first["Score_EW"] is None  # written -
    assert first["MP_NS"] == "32.0"
    last = table.rows[-1]
    assert (last["Contract"], last["Score_EW"], last["MP_EW"]) == ("7NX", "100", "34.0")


def test_sm1_total_score_table() -> None:
    table = read("ruter_sm1.pbn").games[0].table("TotalScoreTable")
    assert table is not None
    assert len(table) == 36
    first = table.rows[0]
    assert first["Names"] == "Lasse Bergroth - Mikko Nieminen"
    assert (first["PairId"], first["TotalScoreMP"], first["TotalPercentage"]) == (
        "23",
        "1337.0",
        "59.58",
    )
    assert first["Direction"] == "Ö-V"
    tied = [row for row in table.rows if row["RankTie"] is not None]
    assert [(r["Rank"], r["RankTie"], r["PairId"]) for r in tied] == [
        ("25", "26", "16"),
        ("25", "26", "25"),
    ]


def test_optimum_result_table_has_twenty_rows() -> None:
    game = read("ruter_sm1.pbn").games[1]
    table = game.table("OptimumResultTable")
    assert table is not None
    assert len(table) == 20
    assert table.rows[0] == {"Declarer": "W", "Denomination": "S", "Result": "5"}
    assert game.get("OptimumContract") == "3N S 9"


def test_bridgecomposer_inherits_the_event_name() -> None:
    document = read("bridgecomposer_2025-12-23.pbn")
    second = document.games[1]
    event = second.tag("Event")
    assert event is not None
    assert event.value == "Alpine Club Championship"
    assert event.written == "#"
    assert all(g["Event"] == "Alpine Club Championship" for g in document.games)
    table = second.table("ScoreTable")
    assert table is not None
    assert table.columns[-2].spec == "Names_NS\\19"
    assert table.columns[-2].align is None
    assert table.rows[0]["Names_NS"] == "Ogawa-Arbian"
    assert table.rows[0]["Section"] == "B"


def test_bridgecomposer_lead_table_and_confirmations() -> None:
    document = read("bridgecomposer_2025-12-23.pbn")
    lead = document.games[0].table("OptimumOpeningLeadTable")
    assert lead is not None
    assert lead.names == ("Leader", "Denomination", "Result", "S", "H", "D", "C")
    assert lead.rows[1] == {
        "Leader": "S",
        "Denomination": "S",
        "Result": "5",
        "S": None,
        "H": "7642",
        "D": "T",
        "C": "852",
    }
    confirmed = [g["Board"] for g in document.games if g.get("BCConfirm") is not None]
    assert len(confirmed) == 3


def test_realbridge_auction_play_notes_and_escapes() -> None:
    game = read("realbridge_example2.pbn").games[1]
    auction = game.tag("Auction")
    assert auction is not None
    assert auction.value == "S"
    assert auction.section == ("1C =1= Pass 1NT =2= Pass", "Pass Pass")
    notes = [t.value for t in game.tags_named("Note")]
    assert notes[:2] == ["1: 11-13,17-19 or clubs", "2: 9-11, no 4cM"]
    play = game.tag("Play")
    assert play is not None
    assert play.section[-2:] == ("-  -  H3 - ", "*")
    escaped = [
        t
        for g in read("realbridge_example2.pbn").games
        for t in g.tags_named("Note")
        if "usualy" in t.value
    ]
    assert [t.value for t in escaped] == ["3: 2\\3 usualy up to 15"]
    assert escaped[0].raw == '\n[Note "3: 2\\\\3 usualy up to 15"]'


def test_camrose_comments_are_kept_in_place() -> None:
    document = read("camrose24_ben_v_wbridge5.pbn")
    game = document.games[1]
    names = [type(item).__name__ for item in game.items[14:18]]
    assert names == ["Tag", "Comment", "Tag", "Tag"]
    comment = game.comments[0]
    assert comment.text == "\\nWBridge5 +1 imps\\n<b>BEN:</b> 0 — <b>WBridge5: </b>1"
    assert comment.brace
    assert sum(len(g.comments) for g in document.games) == 160


def test_test_set_board_one_keeps_both_scores() -> None:
    game = read("magic_contest_test_set.pbn").games[0]
    assert [t.value for t in game.tags_named("Score")] == ["EW 110", "NS -150"]
    assert game["Score"] == "EW 110"  # PBN: the first is read, the repeat ignored
    auction = game.tag("Auction")
    assert auction is not None
    assert "XX\t  4N" in auction.section[2]  # a tab, kept as it is
    assert read("magic_contest_test_set.pbn").final_newline is False


def test_team_file_pseudo_board() -> None:
    game = read("ruter_team.pbn").games[0]
    assert game["Board"] == "202"
    matches = game.table("ScoreTable")
    assert matches is not None
    assert len(matches) == 30
    assert matches.rows[0]["MatchDetails"] == "200,25,8"
    totals = game.table("TotalScoreTable")
    assert totals is not None
    assert totals.rows[0]["TeamName"] == "URI"
    assert totals.rows[0]["TotalScoreVP"] == "75.23"


def test_one_table_records_read_as_results() -> None:
    jfr = read("jfr_wb130808.pbn")
    first = jfr.games[0]
    assert (first["Contract"], first["Declarer"], first["Result"]) == ("4S", "N", "9")
    passed = [g for g in jfr.games if g["Contract"] == "Pass"]
    assert len(passed) == 9
    assert {g["Board"] for g in passed} == {"8"}
    assert all(g.tag("Declarer") is None for g in passed)


def test_realbridge_scores_agree_with_contracts() -> None:
    # the reader checks every [Score] against its contract: no problem in 279 scores
    document = read("realbridge_example2.pbn")
    scored = [g for g in document.games if g.get("Score") is not None]
    assert len(scored) == 279
    assert not document.problems


def test_contract_types_from_real_cells() -> None:
    from bridgescore.core.contract import parse_contract

    assert parse_contract("6N") == Contract(6, Strain.NOTRUMP)
    assert parse_contract("7NX") == Contract(7, Strain.NOTRUMP, Doubling.DOUBLED)
    assert parse_contract("Pass") is PASSED_OUT
    assert TableResult(Contract(4, Strain.SPADES, declarer=Seat.NORTH), 9).difference == -1
    assert Vulnerability.parse("All") is Vulnerability.BOTH


def test_sections_kept_verbatim() -> None:
    game = read("ruter_team.pbn").games[0]
    totals = game.tag("TotalScoreTable")
    assert isinstance(totals, Tag)
    assert totals.section[0].endswith("    ")  # trailing spaces are part of the row's line
    assert totals.line == 61
    assert totals.section_line == 62
