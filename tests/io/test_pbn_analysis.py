"""PBN's double-dummy and par tags carried into the event (``Event.analyses``) and written
back: DoubleDummyTricks, OptimumResultTable, OptimumScore, ParContract and Ruter's
OptimumContract, from the real files; a tag that cannot be read named with its file, line
and board (a warning; an error when reading strictly)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgescore import load_event
from bridgescore.analysis.model import Analysis, DoubleDummy, Par, ParContract
from bridgescore.core.seats import Seat
from bridgescore.core.strains import Strain
from bridgescore.errors import LocatedError
from bridgescore.events.model import Event, Severity
from bridgescore.io.pbn import PBNError, dumps, from_event, load, loads, to_event

DATA = Path(__file__).parent / "data" / "pbn"
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

_EVENTS: dict[str, Event] = {}


def event_of(name: str) -> Event:
    if name not in _EVENTS:
        _EVENTS[name] = to_event(load(DATA / name))
    return _EVENTS[name]


# file: boards with an analysis, with double-dummy tricks, with a par, with par contracts
ANALYSES = {
    "bridgecomposer_2025-12-23.pbn": (24, 24, 24, 24),
    "bridgecomposer_2025-12-30.pbn": (24, 24, 24, 24),
    "bridgewebs_hands.pbn": (24, 24, 0, 0),
    "magic_contest_test_set.pbn": (28, 28, 28, 28),
    "realbridge_example2.pbn": (10, 10, 10, 0),  # 299 games, 10 boards; OptimumScore alone
    "ruter_cross2.pbn": (16, 0, 16, 16),  # OptimumScore and OptimumContract, no table
    "ruter_impcross.pbn": (42, 42, 42, 42),
    "ruter_sm1.pbn": (66, 66, 66, 66),
    "ruter_sm2.pbn": (39, 39, 39, 39),
    "camrose24_ben_v_wbridge5.pbn": (0, 0, 0, 0),
    "jfr_wb130808.pbn": (0, 0, 0, 0),
    "magic_contest_butler.pbn": (0, 0, 0, 0),
    "ruter_div2.pbn": (0, 0, 0, 0),
    "ruter_indi.pbn": (0, 0, 0, 0),
    "ruter_team.pbn": (0, 0, 0, 0),
}


def test_every_file_is_counted() -> None:
    assert sorted(ANALYSES) == sorted(p.name for p in DATA.glob("*.pbn"))


@pytest.mark.parametrize("name", sorted(ANALYSES))
def test_every_boards_analysis_is_read_without_a_word(name: str) -> None:
    event = event_of(name)
    analyses = event.analyses.values()
    assert (
        len(analyses),
        sum(a.tricks is not None for a in analyses),
        sum(a.par is not None for a in analyses),
        sum(a.par is not None and a.par.contracts is not None for a in analyses),
    ) == ANALYSES[name]
    assert set(event.analyses) <= set(event.hands)
    said = [p for p in event.results.problems if p.tag in _TAGS or "analysed" in p.message]
    assert said == []


_TAGS = {
    "DoubleDummyTricks",
    "OptimumResultTable",
    "OptimumScore",
    "ParContract",
    "OptimumContract",
}


def test_bridgecomposers_board_as_the_file_gives_it() -> None:
    # [DoubleDummyTricks "2563225632b87abb87ab"] [OptimumScore "EW 460"] [ParContract "EW 3N+2"]
    assert event_of("bridgecomposer_2025-12-23.pbn").analyses[1] == Analysis(
        DoubleDummy.from_pbn("2563225632b87abb87ab"),
        Par(-460, (ParContract(3, Strain.NOTRUMP, False, (E, W), 11),)),
    )
    # board 12: one seat makes par ([ParContract "E 1N+1"], [OptimumScore "EW 120"])
    assert event_of("bridgecomposer_2025-12-23.pbn").analyses[12].par == Par(
        -120, (ParContract(1, Strain.NOTRUMP, False, (E,), 8),)
    )


def test_realbridges_board_read_once_from_its_thirty_games() -> None:
    # [DoubleDummyTricks "77667775576677566775"], its OptimumResultTable, [OptimumScore "NS +90"]
    event = event_of("realbridge_example2.pbn")
    assert event.analyses[11] == Analysis(
        DoubleDummy.from_pbn("77667775576677566775"), Par(90, None)
    )
    assert sum(row.board == 11 for row in event.results.rows) == 30


def test_ruters_optimum_contract_and_its_table() -> None:
    # board 1: [OptimumScore "NS -430"] [OptimumContract "4N E 10"], East 10 tricks in NT
    analysis = event_of("ruter_impcross.pbn").analyses[1]
    assert analysis.par == Par(-430, (ParContract(4, Strain.NOTRUMP, False, (E,), 10),))
    assert analysis.tricks is not None
    assert analysis.tricks.of(E, Strain.NOTRUMP) == 10
    # board 4, the sacrifice as the file names it:
    # [OptimumScore "NS 500"] [OptimumContract "4HX E 8"]
    assert event_of("ruter_impcross.pbn").analyses[4].par == Par(
        500, (ParContract(4, Strain.HEARTS, True, (E,), 8),)
    )


def test_bridgewebs_tricks_without_a_par() -> None:
    # [DoubleDummyTricks "98a79989794536445364"] and the same in its OptimumResultTable
    assert event_of("bridgewebs_hands.pbn").analyses[1] == Analysis(
        DoubleDummy.from_pbn("98a79989794536445364"), None
    )


# --- written back ------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(n for n, c in ANALYSES.items() if c[0]))
def test_the_analysis_written_reads_back_the_same(name: str) -> None:
    event = event_of(name)
    text = dumps(from_event(event))
    again = to_event(loads(text))
    assert again.analyses == event.analyses
    assert [p for p in again.results.problems if p.tag in _TAGS] == []


@pytest.mark.parametrize("name", ["bridgecomposer_2025-12-23.pbn", "bridgecomposer_2025-12-30.pbn"])
def test_the_tags_written_are_bridgecomposers_own(name: str) -> None:
    source = load(DATA / name)
    written = from_event(to_event(source))
    original = {g["Board"]: g for g in source.games if g.get("DoubleDummyTricks")}
    assert len(original) == 24
    for game in written.games:
        board = game["Board"]
        mine, theirs = game.table("OptimumResultTable"), original[board].table("OptimumResultTable")
        assert mine is not None
        assert theirs is not None
        assert mine.cells == theirs.cells  # every row, in BridgeComposer's order
        for tag in ("DoubleDummyTricks", "OptimumScore", "ParContract"):
            assert game[tag] == original[board][tag], (board, tag)


def test_the_tags_follow_pbn_export_order() -> None:
    written = from_event(event_of("ruter_impcross.pbn"))
    names = [tag.name for tag in written.games[0].tags]
    mandatory = ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                 "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"]  # fmt: skip
    assert names[:15] == mandatory
    assert names[15:] == sorted(names[15:])
    assert names[15:] == [
        "Competition", "DoubleDummyTricks", "OptimumResultTable", "OptimumScore",
        "ParContract", "ScoreTable", "TotalScoreTable",
    ]  # fmt: skip
    text = dumps(written)
    board = text[text.index('[Board "4"]') :]
    assert '[DoubleDummyTricks "9746a9646a4686246973"]\r\n' in board
    assert '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\r\nN NT  9\r\n' in board
    assert '[OptimumScore "EW -500"]\r\n[ParContract "E 4HX-2"]\r\n' in board


def test_a_board_with_an_analysis_and_nothing_else_is_written() -> None:
    analysis = Analysis(None, Par(0, ()))
    event = Event(to_event(loads("")).results, analyses={3: analysis})
    document = from_event(event)
    assert [g["Board"] for g in document.games] == ["3"]
    assert (document.games[0]["OptimumScore"], document.games[0]["ParContract"]) == ("NS 0", "Pass")
    assert to_event(loads(dumps(document))).analyses == {3: analysis}


def test_another_program_reads_the_tags_written() -> None:
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    event = event_of("bridgecomposer_2025-12-23.pbn")
    boards = endplay_pbn.loads(dumps(from_event(event)))
    assert len(boards) == 24
    for board in boards:
        analysis = event.analyses[board.board_num]
        assert analysis.tricks is not None
        assert analysis.par is not None
        info = board.info
        assert info["DoubleDummyTricks"] == analysis.tricks.to_pbn()
        assert (info["OptimumScore"], info["ParContract"]) == (
            analysis.par.score_to_pbn(),
            analysis.par.contracts_to_pbn(),
        )
        rows = info["OptimumResultTable"]["rows"]
        assert DoubleDummy.from_rows([tuple(row) for row in rows]) == analysis.tricks


# --- what cannot be read -----------------------------------------------------------------

GAME = """[Event "Club"]
[Site "?"]
[Date "2025.12.23"]
[Board "{board}"]
[West ""]
[North ""]
[East ""]
[South ""]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:83.A985.J7432.T9 QT.QJ.AK65.AKJ74 AJ976.7642.T.852 K542.KT3.Q98.Q63"]
[Scoring "MatchPoints"]
[Declarer "W"]
[Contract "3NT"]
[Result "11"]
[PairNS "{ns}"]
[PairEW "{ew}"]
"""
"""BridgeComposer 2025-12-23's board 1 played once (3NT by West, 11 tricks): the
analysis tags follow on line 18."""
TABLE = """[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]
N NT  2
N  S  5
N  H  6
N  D  3
N  C  2
S NT  2
S  S  5
S  H  6
S  D  3
S  C  2
E NT 11
E  S  8
E  H  7
E  D 10
E  C 11
W NT 11
W  S  8
W  H  7
W  D 10
W  C 11
"""
TRICKS = DoubleDummy.from_pbn("2563225632b87abb87ab")
PAR = Par(-460, (ParContract(3, Strain.NOTRUMP, False, (E, W), 11),))


def _game(board: int = 1, ns: int = 1, ew: int = 2) -> str:
    return GAME.format(board=board, ns=ns, ew=ew)


def _read(tags: str, board: int = 1) -> Event:
    return to_event(loads(_game(board) + tags, source="club.pbn"))


def test_the_tags_read_from_a_game() -> None:
    event = _read('[DoubleDummyTricks "2563225632b87abb87ab"]\n[OptimumScore "EW 460"]\n'
                  '[ParContract "EW 3N+2"]\n' + TABLE)  # fmt: skip
    assert event.analyses == {1: Analysis(TRICKS, PAR)}
    assert event.results.problems == ()
    assert _read(TABLE).analyses == {1: Analysis(TRICKS, None)}
    # a par contract alone says its score; a score alone is kept without contracts
    assert _read('[ParContract "EW 3N+2"]\n').analyses == {1: Analysis(None, PAR)}
    assert _read('[OptimumScore "EW 460"]\n').analyses == {1: Analysis(None, Par(-460, None))}
    assert _read('[ParContract "Pass"]\n').analyses == {1: Analysis(None, Par(0, ()))}
    assert _read('[OptimumScore "NS -460"]\n[OptimumContract "5N E 11"]\n').analyses == {
        1: Analysis(None, Par(-460, (ParContract(5, Strain.NOTRUMP, False, (E,), 11),)))
    }
    assert _read('[DoubleDummyTricks "?"]\n[OptimumScore ""]\n').analyses == {}


BAD = [
    (
        '[DoubleDummyTricks "2563225632b87abb87a"]\n[OptimumScore "EW 460"]\n',
        18,
        "DoubleDummyTricks",
        "'2563225632b87abb87a': DoubleDummyTricks is 20 hexadecimal digits 0-d (declarers N,"
        " S, E, W, each with NT, S, H, D, C); left out",
        Analysis(None, Par(-460, None)),
    ),
    (
        '[OptimumScore "EW four hundred"]\n[ParContract "EW 3N+2"]\n',
        18,
        "OptimumScore",
        "'EW four hundred': an optimum score is a side and its score, like NS 450 or EW -100;"
        " left out",
        Analysis(None, PAR),
    ),
    (
        '[OptimumScore "EW 460"]\n[ParContract "EW 3Z+2"]\n',
        19,
        "ParContract",
        "'EW 3Z+2': a par contract is who declares, the contract and the result, like EW 3N+2,"
        " NS 4SX-1 or E 1N+1; left out",
        Analysis(None, Par(-460, None)),
    ),
    (
        '[OptimumScore "NS -460"]\n[OptimumContract "5N East 11"]\n',
        19,
        "OptimumContract",
        "'5N East 11': an optimum contract is the contract, the declarer and the tricks, like"
        " 3DX S 8; left out",
        Analysis(None, Par(-460, None)),
    ),
    (
        TABLE.replace("W  C 11\n", ""),
        18,
        "OptimumResultTable",
        "OptimumResultTable has no row for W C; left out",
        None,
    ),
    (
        TABLE.replace("E NT 11", "E NT 15"),
        18,
        "OptimumResultTable",
        "15: double-dummy tricks are 0 to 13; left out",
        None,
    ),
    (
        TABLE.replace("Denomination\\2R;", "Strain\\2R;"),
        18,
        "OptimumResultTable",
        "no column Denomination: the table's columns are Declarer, Denomination and Result;"
        " left out",
        None,
    ),
    (
        TABLE.replace("W  C 11", "W  C"),
        38,
        "OptimumResultTable",
        "a row with 2 cells where the table has 3 columns; left out",
        None,
    ),
    (
        '[OptimumScore "NS 460"]\n[ParContract "EW 3N+2"]\n',
        18,
        "OptimumScore",
        "NS 460 is not what the par contract EW 3N+2 scores (NS -460 with nobody vulnerable);"
        " the par contract's score is kept",
        Analysis(None, PAR),
    ),
]


@pytest.mark.parametrize(("tags", "line", "tag", "message", "kept"), BAD)
def test_a_tag_that_cannot_be_read_is_a_located_warning_and_the_rest_is_read(
    tags: str, line: int, tag: str, message: str, kept: Analysis | None
) -> None:
    event = _read(tags + '[Note "after the tags"]\n')
    problems = [p for p in event.results.problems if p.tag != "Note"]
    assert [(p.source, p.line, p.board, p.tag, p.severity) for p in problems] == [
        ("club.pbn", line, "1", tag, Severity.WARNING)
    ]
    assert problems[0].message == message
    assert event.analyses == ({} if kept is None else {1: kept})
    assert len(event.results.rows) == 1  # the board's result is read all the same
    assert event.hands[1] is not None


@pytest.mark.parametrize(("tags", "line", "tag", "message", "kept"), BAD)
def test_strict_reading_makes_it_an_error(
    tags: str, line: int, tag: str, message: str, kept: Analysis | None
) -> None:
    del kept
    document = loads(_game() + tags, source="club.pbn", strict=True)
    with pytest.raises(PBNError) as raised:
        to_event(document)
    assert str(raised.value) == f"club.pbn, line {line}: board 1: [{tag}] {message}"


def test_the_two_forms_of_the_table_disagreeing_is_a_warning_and_the_hexadecimal_is_kept() -> None:
    tags = '[DoubleDummyTricks "2563225632b87abb87ab"]\n' + TABLE.replace("E NT 11", "E NT 10")
    tags = tags.replace("N  S  5", "N  S  6")
    event = _read(tags)
    (problem,) = event.results.problems
    assert (problem.line, problem.board, problem.tag) == (19, "1", "OptimumResultTable")
    assert problem.message == (
        "DoubleDummyTricks and OptimumResultTable disagree (N S 5→6, E NT 11→10: each"
        " DoubleDummyTricks→OptimumResultTable); DoubleDummyTricks is kept"
    )
    assert event.analyses == {1: Analysis(TRICKS, None)}


def test_a_board_on_many_games_is_read_once_and_a_different_analysis_warned() -> None:
    tags = '[DoubleDummyTricks "2563225632b87abb87ab"]\n[OptimumScore "EW 460"]\n'
    text = "\n".join(
        [
            _game(ns=1, ew=2) + tags,
            _game(ns=3, ew=4) + tags,
            _game(ns=5, ew=6) + tags.replace("EW 460", "EW 430"),
        ]
    )
    event = to_event(loads(text, source="club.pbn"))
    assert len(event.results.rows) == 3
    assert event.analyses == {1: Analysis(TRICKS, Par(-460, None))}
    assert [str(p) for p in event.results.problems] == [
        "club.pbn, line 59, board 1, [OptimumScore]: warning: board 1 is analysed"
        " differently here than in an earlier game; the first analysis is kept"
    ]


def test_the_same_analysis_written_otherwise_on_another_game_is_no_warning() -> None:
    first = '[DoubleDummyTricks "2563225632b87abb87ab"]\n[OptimumScore "EW 460"]\n'
    second = TABLE + '[OptimumScore "NS -460"]\n'
    text = _game(ns=1, ew=2) + first + "\n" + _game(ns=3, ew=4) + second
    event = to_event(loads(text, source="club.pbn"))
    assert event.results.problems == ()
    assert event.analyses == {1: Analysis(TRICKS, Par(-460, None))}


def test_the_warnings_name_the_board_as_the_file_writes_it() -> None:
    event = _read('[ParContract "EW 3Z+2"]\n', board=7)
    assert [re.sub(r"'.*", "", str(p)) for p in event.results.problems] == [
        "club.pbn, line 18, board 7, [ParContract]: warning: "
    ]


def test_what_a_later_game_adds_to_a_boards_analysis_is_kept() -> None:
    text = (
        _game(ns=1, ew=2)
        + '[DoubleDummyTricks "2563225632b87abb87ab"]\n'
        + "\n"
        + _game(ns=3, ew=4)
        + '[OptimumScore "EW 460"]\n[ParContract "EW 3N+2"]\n'
    )
    event = to_event(loads(text, source="club.pbn"))
    assert event.results.problems == ()
    assert event.analyses == {1: Analysis(TRICKS, PAR)}


def test_a_file_read_strictly_stops_at_the_tag_and_leniently_reads_on(tmp_path: Path) -> None:
    path = tmp_path / "club.pbn"
    path.write_text(_game() + '[OptimumScore "EW 460"]\n[ParContract "EW 3Z+2"]\n')
    with pytest.raises(LocatedError) as raised:
        load_event(path, strict=True)
    assert str(raised.value) == (
        f"{path}, line 19: board 1: [ParContract] 'EW 3Z+2': a par contract is who declares,"
        " the contract and the result, like EW 3N+2, NS 4SX-1 or E 1N+1; left out"
    )
    event = load_event(path)
    assert event.analyses == {1: Analysis(None, Par(-460, None))}
    assert [(p.line, p.tag) for p in event.results.problems] == [(19, "ParContract")]
