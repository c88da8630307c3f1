"""PBN to and from the event model: real files' rows and published figures, and round trips."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.core.contract import PASSED_OUT, Contract, TableResult
from bridgescore.core.hands import Hands
from bridgescore.core.seats import Seat
from bridgescore.core.strains import Doubling, Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.duplicate.adjusted import NOT_PLAYED, Adjusted, AdjustedCode, score_board
from bridgescore.duplicate.imps import imps
from bridgescore.errors import BridgeInputError
from bridgescore.events.model import (
    Event,
    EventResults,
    Location,
    Participant,
    Published,
    PublishedStanding,
    ResultRow,
    Severity,
    group_by_board,
)
from bridgescore.io.pbn import (
    TeamMatch,
    dumps,
    from_event,
    load,
    loads,
    scoring_of,
    team_matches,
    to_event,
)

DATA = Path(__file__).parent / "data" / "pbn"
_EVENTS: dict[str, Event] = {}


def event_of(name: str) -> Event:
    if name not in _EVENTS:
        _EVENTS[name] = to_event(load(DATA / name))
    return _EVENTS[name]


# file: kind, scoring, program, rows, boards, deals, participants, standings, rows published
SUMMARY = {
    "ruter_sm1.pbn": ("pairs", "mp", "Ruter 4.9.1.3", 1188, 66, 66, 36, 36, 1188),
    "ruter_sm2.pbn": ("pairs", "mp", "Ruter 4.9.1.3", 702, 39, 39, 36, 36, 702),
    "ruter_indi.pbn": ("individual", "mp", "Ruter 4.1.4", 744, 62, 62, 48, 48, 744),
    "ruter_impcross.pbn": ("pairs", "cross-imps", "Ruter 4.3.2.2", 1680, 42, 42, 80, 80, 1680),
    "ruter_team.pbn": ("teams", "imps", "Ruter 4.7", 0, 0, 0, 10, 10, 0),
    "magic_contest_butler.pbn": ("pairs", "butler", "Magic Contest 4.7", 84, 28, 0, 7, 7, 84),
    "magic_contest_test_set.pbn": (
        "pairs",
        "mp",
        "Magic Contest France 4.13.3.4",
        616,
        28,
        28,
        44,
        44,
        616,
    ),
    "realbridge_example2.pbn": ("teams", "imps", "", 299, 10, 10, 0, 0, 299),
    "bridgewebs_hands.pbn": ("pairs", "mp", "Bridgewebs", 144, 24, 24, 0, 0, 0),
    "jfr_wb130808.pbn": ("pairs", "mp", "", 295, 27, 27, 0, 0, 0),
    "bridgecomposer_2025-12-23.pbn": (
        "pairs",
        "mp",
        "BridgeComposer Version 5.114",
        333,
        24,
        24,
        34,
        0,
        0,
    ),
    "bridgecomposer_2025-12-30.pbn": (
        "pairs",
        "mp",
        "BridgeComposer Version 5.116",
        405,
        24,
        24,
        38,
        0,
        0,
    ),
    "camrose24_ben_v_wbridge5.pbn": (
        "teams",
        "imps",
        "BridgeComposer Version 5.104.1",
        320,
        160,
        160,
        0,
        0,
        0,
    ),
}


@pytest.mark.parametrize("name", sorted(SUMMARY))
def test_real_file_maps_to_an_event(name: str) -> None:
    kind, scoring, program, rows, boards, deals, participants, standings, published = SUMMARY[name]
    event = event_of(name)
    assert event.kind == kind
    assert event.scoring == scoring
    assert event.program == program
    assert len(event.results.rows) == rows
    assert len(event.results.boards()) == boards
    assert len(event.hands) == deals
    assert len(event.participants) == participants
    assert len(event.standings) == standings
    assert len(event.published) == rows
    assert sum(p is not None for p in event.published) == published
    assert event.results.teams == (kind == "teams")
    # only the hand-edited [Score] of magic_contest_test_set.pbn board 1 is wrong
    assert not event.results.errors


def test_scores_computed_for_the_rows_equal_the_files_scores() -> None:
    # every row is re-scored from its contract; a Score_NS/Score_EW or [Score] that
    # disagreed would be an error, and no file but the hand-edited one has any
    checked = 0
    for name in SUMMARY:
        document = load(DATA / name)
        for game in document.games:
            table = game.table("ScoreTable")
            if table is None or "Score_NS" not in table.names or "Contract" not in table.names:
                continue
            checked += sum(1 for row in table.rows if row["Score_NS"] or row["Score_EW"])
    assert checked == 5779
    sm1 = event_of("ruter_sm1.pbn").results.rows[0]
    assert (sm1.describe(), sm1.ns_score) == ("6NTS+1", 1020)  # the file: "1020"


def test_sm1_rows_published_and_standings() -> None:
    event = event_of("ruter_sm1.pbn")
    assert event.name == "SM-parikilpailu - Session 1"
    assert event.date == "2014-10-04"
    assert event.site == "SBL 0901 Kati Sandström, Åbo, Finland"
    first = event.results.rows[0]
    assert (first.board, first.ns, first.ew, first.round, first.table) == (1, "5", "32", 1, "5")
    assert first.result == TableResult(Contract(6, Strain.NOTRUMP, declarer=Seat.SOUTH), 13)
    assert first.where == Location(str(DATA / "ruter_sm1.pbn"), 101)
    assert event.published[0] == Published(32.0, 2.0, 94.0, 6.0)  # MP and Percentage columns
    assert event.standings[0] == PublishedStanding("23", 1337.0, 59.58, "1")
    assert [s.place for s in event.standings[24:26]] == ["25=", "25="]
    assert event.participants[0] == Participant("23", ("Lasse Bergroth", "Mikko Nieminen"))
    adjusted = [r for r in event.results.rows if r.adjusted is not None]
    assert [(r.board, str(r.adjusted)) for r in adjusted] == [(16, "A+/A+"), (16, "A+/A+")]


def test_sm1_published_matchpoints_are_the_wbf_policys() -> None:
    # the rows and the published figures line up: bridgescore's matchpoints agree on all
    event = event_of("ruter_sm1.pbn")
    rows = event.results.rows
    where = {id(row): index for index, row in enumerate(rows)}
    agree = 0
    for board_rows in group_by_board(rows).values():
        scored = score_board([row.entry for row in board_rows], "wbf")
        for row, line in zip(board_rows, scored.lines, strict=True):
            published = event.published[where[id(row)]]
            assert published is not None
            agree += (published.ns_points, published.ew_points) == (line.ns_mp, line.ew_mp)
    assert agree == 1188


def test_individual_rows_name_the_four_players() -> None:
    event = event_of("ruter_indi.pbn")
    first = event.results.rows[0]
    assert first.players == ("7", "44", "27", "11")
    assert (first.ns, first.ew, first.ns_score) == ("7+27", "44+11", -400)
    assert event.published[0] == Published(22.0, 0.0, 100.0, 0.0)  # North's and East's
    adjusted = [
        (r.board, r.adjusted, event.published[i])
        for i, r in enumerate(event.results.rows)
        if r.adjusted is not None
    ]
    assert len(adjusted) == 8
    assert adjusted[0] == (
        33,
        Adjusted(AdjustedCode.AVERAGE_MINUS, AdjustedCode.AVERAGE_MINUS),
        Published(8.8, 8.8, 40.0, 40.0),
    )
    assert event.participants[0] == Participant("27", ("Lars-Göran Niklasson",), "player")
    assert event.standings[0] == PublishedStanding("27", 817.0, 59.9, "1")


def test_test_set_adjusted_score_and_bad_board_one() -> None:
    event = event_of("magic_contest_test_set.pbn")
    adjusted = [
        (r.board, r.ns, r.ew, r.adjusted, event.published[i])
        for i, r in enumerate(event.results.rows)
        if r.adjusted is not None
    ]
    assert adjusted == [
        (
            17,
            "1",
            "4",
            Adjusted(AdjustedCode.AVERAGE_MINUS, AdjustedCode.AVERAGE_PLUS),
            Published(16.8, 25.2, 40.0, 60.0),
        )
    ]
    problems = [p for p in event.results.problems if p.where.line in (55, 63)]
    assert [(p.where.line, p.severity) for p in problems] == [
        (55, Severity.WARNING),
        (63, Severity.WARNING),
    ]
    assert problems[0].detail() == (
        "board 1: [Score] 'EW 110' contradicts 4SXN-1 (NS -100 with nobody vulnerable); scored"
        " from the contract"
    )
    # the table, not the hand-edited record, gives board 1's rows
    assert len([r for r in event.results.rows if r.board == 1]) == 22


def test_cross_imps_sections_and_published_imps() -> None:
    event = event_of("ruter_impcross.pbn")
    rows = event.results.rows
    first = rows[0]
    assert (first.ns, first.ew, first.table, first.round) == ("524", "557", "N4", 1)
    assert event.published[0] == Published(391.0, -391.0)
    assert event.standings[0] == PublishedStanding("523", 2261.0, None, "1")
    # IMP_NS is the sum of IMPs against every other result on the board
    where = {id(row): index for index, row in enumerate(rows)}
    agree = numeric = 0
    for board_rows in group_by_board(rows).values():
        scores = [r.ns_score for r in board_rows if r.ns_score is not None]
        for row in board_rows:
            if row.ns_score is None:
                continue
            numeric += 1
            total = sum(imps(row.ns_score - other) for other in scores) - imps(0)
            published = event.published[where[id(row)]]
            assert published is not None
            agree += published.ns_points == total
    assert (agree, numeric) == (1679, 1679)


def test_butler_sit_outs_are_reported_not_scored() -> None:
    event = event_of("magic_contest_butler.pbn")
    byes = [p for p in event.results.problems if "Bye" in p.message]
    assert len(byes) == 28
    assert byes[0].severity is Severity.WARNING
    assert byes[0].detail() == (
        "board 1: [ScoreTable] pair 3 sits out (Bye): not a result; the 0.2 it is given there"
        " is not kept"
    )
    assert all(r.ns != "3" and r.ew != "3" for r in event.results.rows if r.board <= 4)
    assert event.published[0] == Published(3.0, -3.0)
    assert event.standings[0] == PublishedStanding("5", 42.0, None, "1")


def test_teams_file_participants_standings_and_matches() -> None:
    event = event_of("ruter_team.pbn")
    assert event.participants[0] == Participant("5", ("URI",), "team")
    assert event.standings[0] == PublishedStanding("5", 75.23, None, "1")
    warning = [p for p in event.results.problems if "match table" in p.message]
    assert len(warning) == 1
    matches = team_matches(load(DATA / "ruter_team.pbn"))
    assert len(matches) == 30
    assert matches[0] == TeamMatch("1", "1", "1", "2", 25.0, 8.0, 15.75, 4.25)
    assert sum(m.home_vp or 0 for m in matches) + sum(m.away_vp or 0 for m in matches) == (
        pytest.approx(600.0)
    )


def test_realbridge_rooms_and_published_imps() -> None:
    event = event_of("realbridge_example2.pbn")
    rows = event.results.rows
    first = rows[0]
    assert (first.board, first.ns, first.ew, first.table) == (11, "AUSTRIA", "DENMARK", "11")
    assert first.result is not None
    assert first.result.contract is PASSED_OUT
    assert event.published[0] == Published(4.0, -4.0)
    # ScoreIMP = IMPs of the NS score here against the NS score in the other room
    by_match: dict[tuple[int, str, str], ResultRow] = {}
    for row in rows:
        by_match[(row.board, row.ns, row.ew)] = row
    agree = unpaired = 0
    for index, row in enumerate(rows):
        other = by_match.get((row.board, row.ew, row.ns))
        if other is None:
            unpaired += 1
            continue
        assert row.ns_score is not None
        assert other.ns_score is not None
        published = event.published[index]
        assert published is not None
        agree += published.ns_points == imps(row.ns_score - other.ns_score)
    assert (agree, unpaired) == (298, 1)
    not_played = [p for p in event.results.problems if "perhaps not played" in p.message]
    assert len(not_played) == 20


def test_bridgecomposer_mitchell_sections() -> None:
    event = event_of("bridgecomposer_2025-12-23.pbn")
    first = event.results.rows[0]
    assert (first.ns, first.ew, first.ns_score) == ("B1NS", "B1EW", -430)
    assert event.participants[0] == Participant("B1NS", ("Ogawa-Arbian",))
    assert all(p is None for p in event.published)  # the file's MP columns are all "-"


def test_bridgewebs_average_row() -> None:
    event = event_of("bridgewebs_hands.pbn")
    (average,) = [r for r in event.results.rows if r.adjusted is not None]
    assert (average.board, average.ns, average.ew, str(average.adjusted)) == (21, "3", "14", "A/A")
    assert average.where.line == 941  # written: 3    14   A     A  A


def test_one_table_records() -> None:
    jfr = event_of("jfr_wb130808.pbn").results.rows
    assert (jfr[0].ns, jfr[0].ew, jfr[0].describe(), jfr[0].ns_score) == (
        "Para-1",
        "Para-2",
        "4SN-1",
        -50,
    )
    assert sum(1 for r in jfr if r.result is not None and r.result.passed_out) == 9
    camrose = event_of("camrose24_ben_v_wbridge5.pbn").results.rows
    assert [(r.ns, r.ew, r.table, r.ns_score) for r in camrose[:2]] == [
        ("BENCAM22", "WBridge5", "Open", -140),
        ("WBridge5", "BENCAM22", "Closed", -100),
    ]


def test_scoring_names() -> None:
    assert scoring_of("MatchPoints;MP1") == "mp"
    assert scoring_of("IMP;Butler-2;Mean") == "butler"
    assert scoring_of("IMP;Cross") == "cross-imps"
    assert scoring_of("IMP") == "imps"
    assert scoring_of("Teams") == "imps"
    assert scoring_of("Chicago") == "chicago"
    assert scoring_of("") == ""


# --- writing an event ------------------------------------------------------------------------


def _row(board: int, ns: str, ew: str, **fields: object) -> ResultRow:
    vulnerability = fields.pop("vulnerability", Vulnerability.NONE)
    assert isinstance(vulnerability, Vulnerability)
    return ResultRow(board, ns, ew, vulnerability, **fields)  # type: ignore[arg-type]


def _sample_event() -> Event:
    four_spades = TableResult(Contract(4, Strain.SPADES, declarer=Seat.NORTH), 10)
    doubled = TableResult(Contract(3, Strain.NOTRUMP, Doubling.DOUBLED, Seat.WEST), 7)
    rows = (
        _row(1, "1", "5", result=four_spades, ns_score=420, round=1, table="1"),
        _row(1, "2 A", "6", result=doubled, ns_score=300, round=1, table="2"),
        _row(1, "3", "7", result=TableResult(PASSED_OUT, None), ns_score=0, round=2, table="1"),
        _row(1, "4", "8", adjusted=Adjusted.parse("A+/A-"), round=2, table="2"),
        _row(2, "1", "6", ns_score=-110, vulnerability=Vulnerability.NS, round=3, table="1"),
        _row(2, "2 A", "5", adjusted=Adjusted(Fraction(60), Fraction(91, 2)), table="2"),
        _row(2, "3", "8", adjusted=NOT_PLAYED, vulnerability=Vulnerability.NS, table="3"),
    )
    fixed = ResultRow(2, "2 A", "5", Vulnerability.NS, adjusted=rows[5].adjusted, table="2")
    rows = (*rows[:5], fixed, *rows[6:])
    hands = {
        1: Hands.from_pbn("N:AKQ2.JT9.876.543 JT98.AKQ.KQ.JT98 7654.876.AJ9.A76 3.5432.T5432.KQ2")
    }
    return Event(
        EventResults(rows, name="Club night"),
        name="Club night",
        date="2024-03-05",
        site="Helsinki",
        kind=EventKind.PAIRS,
        scoring=Scoring.MATCHPOINTS,
        program="test",
        participants=(Participant("1", ("Ann", "Bob")), Participant("2 A", ("Cy", "Di"))),
        hands=hands,
        published=(
            Published(3.0, 1.0),
            Published(4.0, 0.0),
            None,
            Published(2.4, 1.6),
            Published(1.0, 3.0),
            None,
            None,
        ),
        standings=(
            PublishedStanding("1", 4.0, 50.0, "1="),
            PublishedStanding("2 A", 4.0, 50.0, "1="),
            PublishedStanding("3", 2.0, 25.5, "3"),
        ),
    )


def test_an_event_written_reads_back_to_the_same_rows() -> None:
    event = _sample_event()
    document = from_event(event)
    text = dumps(document)
    again = loads(text)
    assert not again.problems
    back = to_event(again)
    assert back.results.rows == event.results.rows
    assert back.published == event.published
    assert back.standings == event.standings
    assert back.participants[:2] == event.participants
    assert dict(back.hands) == dict(event.hands)
    assert (back.name, back.date, back.site, back.kind, back.scoring) == (
        "Club night",
        "2024-03-05",
        "Helsinki",
        "pairs",
        "mp",
    )
    assert back.program == "bridgescore 0.1.0 (from test)"
    assert [p.message for p in back.results.errors] == []


def test_the_written_file_is_export_format() -> None:
    text = dumps(from_event(_sample_event()))
    lines = text.split("\r\n")
    assert lines[:4] == [
        "% PBN 2.1",
        "% EXPORT",
        "%Content-type: text/x-pbn; charset=UTF-8",
        "%Creator: bridgescore 0.1.0 (from test)",
    ]
    assert lines[4:20] == [
        '[Event "Club night"]',
        '[Site "Helsinki"]',
        '[Date "2024.03.05"]',
        '[Board "1"]',
        '[West ""]',
        '[North ""]',
        '[East ""]',
        '[South ""]',
        '[Dealer "N"]',
        '[Vulnerable "None"]',
        '[Deal "N:AKQ2.JT9.876.543 JT98.AKQ.KQ.JT98 7654.876.AJ9.A76 3.5432.T5432.KQ2"]',
        '[Scoring "MP"]',
        '[Declarer ""]',
        '[Contract ""]',
        '[Result ""]',
        '[Competition "Pairs"]',
    ]
    assert lines[20] == (
        '[ScoreTable "Table\\1L;Round\\1R;PairId_NS\\5R;PairId_EW\\1R;Contract\\4L;Declarer\\1L;'
        'Result\\2R;Score_NS\\3R;Score_EW\\2R;MP_NS\\3R;MP_EW\\3R;Names_NS\\9L;Names_EW\\1L"]'
    )
    assert lines[21:29] == [
        '1 1     1 5 4S   N 10 420  -   3   1 "Ann;Bob" -',
        '2 1 "2 A" 6 3NTX W  7 300  -   4   0 "Cy;Di"   -',
        "1 2     3 7 Pass -  -   0  -   -   - -         -",
        "2 2     4 8 -    -  -  A+ A- 2.4 1.6 -         -",
        '[TotalScoreTable "Rank\\1R;RankTie\\1R;PairId\\5L;TotalScoreMP\\1R;TotalPercentage\\4R;'
        'Names\\9L"]',
        '1 2 1     4   50 "Ann;Bob"',
        '1 2 "2 A" 4   50 "Cy;Di"',
        "3 - 3     2 25.5 -",
    ]
    assert lines[39:41] == ['[Vulnerable "NS"]', '[Deal "?"]']
    assert lines[-4:] == [
        '1 3     1 6 ? ? ?   -   110 1 3 "Ann;Bob" -',
        '2 - "2 A" 5 - - - A60 A45.5 - - "Cy;Di"   -',
        "3 -     3 8 - - -   -     - - - -         -",
        "",
    ]


def test_points_can_be_given_for_the_rows() -> None:
    event = _sample_event()
    points = [Published(float(i), -float(i)) for i in range(len(event.results.rows))]
    back = to_event(loads(dumps(from_event(event, points=points))))
    assert list(back.published) == points
    with pytest.raises(BridgeInputError):
        from_event(event, points=points[:2])
    imps_event = Event(event.results, scoring=Scoring.IMPS, published=tuple(points))
    text = dumps(from_event(imps_event))
    assert "IMP_NS" in text
    assert to_event(loads(text)).published == tuple(points)


def test_an_individual_event_round_trips() -> None:
    rows = (
        ResultRow(
            1, "1+3", "2+4", Vulnerability.NONE,
            result=TableResult(Contract(3, Strain.NOTRUMP, declarer=Seat.SOUTH), 9),
            ns_score=400, players=("1", "2", "3", "4"),
        ),
        ResultRow(
            1, "5+7", "6+8", Vulnerability.NONE, adjusted=Adjusted.parse("A/A"),
            players=("5", "6", "7", "8"),
        ),
    )  # fmt: skip
    event = Event(
        EventResults(rows),
        kind=EventKind.INDIVIDUAL,
        published=(Published(2.0, 0.0), Published(1.0, 1.0)),
        standings=(PublishedStanding("1", 2.0, 100.0, "1"),),
        participants=(Participant("1", ("Ann",), "player"),),
    )
    text = dumps(from_event(event))
    assert "PlayerId_North" in text
    assert "PlayerId\\" in text
    back = to_event(loads(text))
    assert back.kind == "individual"
    assert back.results.rows == rows
    assert back.published == event.published
    assert back.standings == event.standings
    assert back.participants == event.participants


def test_a_teams_event_round_trips() -> None:
    result = TableResult(Contract(4, Strain.HEARTS, declarer=Seat.EAST), 10)
    rows = (
        ResultRow(5, "Lions", "Tigers", Vulnerability.NS, result=result, ns_score=-420,
                  round=1, table="Open"),
        ResultRow(5, "Tigers", "Lions", Vulnerability.NS, ns_score=-450, round=1,
                  table="Closed"),
    )  # fmt: skip
    event = Event(
        EventResults(rows, teams=True),
        kind=EventKind.TEAMS,
        scoring=Scoring.IMPS,
        published=(Published(-1.0, 1.0), Published(1.0, -1.0)),
        standings=(PublishedStanding("Lions", 10.5, None, "1"),),
    )
    back = to_event(loads(dumps(from_event(event))))
    assert back.kind == "teams"
    assert back.results.teams
    assert back.results.rows == rows
    assert back.published == event.published
    assert back.standings == event.standings


def test_real_events_written_read_back_the_same() -> None:
    for name in SUMMARY:
        event = event_of(name)
        back = to_event(loads(dumps(from_event(event))))
        assert back.results.rows == event.results.rows, name
        assert back.published == event.published, name
        assert back.standings == event.standings, name
        assert back.participants == event.participants, name
        assert dict(back.hands) == dict(event.hands), name
        assert (back.kind, back.scoring) == (event.kind, event.scoring), name


def test_events_without_results_keep_their_standings() -> None:
    event = event_of("ruter_team.pbn")
    document = from_event(event)
    assert len(document.games) == 1
    assert document.games[0].get("Board") is None


def test_rows_problems_are_reported_with_their_lines() -> None:
    text = (
        '[Board "3"]\n[Vulnerable "EW"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]\n'
        "1 2 4S N 9 420 -\n"
        "3 4 9S N 9 - -\n"
        "5 6 4S - 10 - -\n"
        "7 8 - - - A+ -\n"
        "7 8 - - - A+A- -\n"
        "9 10 - - - Q R\n"
        "11 12 - - - 100 -\n"
    )
    event = to_event(loads(text, source="rows.pbn"))
    found = [(p.where.line, p.severity.value, p.detail()) for p in event.results.problems]
    assert found[:5] == [
        (
            4,
            "warning",
            "board 3: [ScoreTable] Score_NS +420 contradicts 4SN-1 (NS -50 with EW vulnerable);"
            " scored from the contract",
        ),
        (5, "error", found[1][2]),
        (
            6,
            "error",
            "board 3: [ScoreTable] 4S has no declarer (give the declarer: N, E, S or W), so whose"
            " score it is is unknown",
        ),
        (7, "error", found[3][2]),
        (9, "error", found[4][2]),
    ]
    assert found[1][2].startswith(
        "board 3: [ScoreTable] Contract '9S': a contract's level is 1 to 7"
    )
    assert "'A+': an adjusted score for one side only" in found[3][2]
    assert "neither points nor an adjusted score" in found[4][2]
    kept = event.results.rows
    assert [(r.ns, r.describe()) for r in kept] == [
        ("1", "4SN-1"),
        ("7", "A+/A-"),
        ("11", "NS +100"),
    ]


def test_adjusted_score_spellings() -> None:
    text = (
        '[Board "1"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Score_NS;Score_EW"]\n'
        "1 2 - A+ A-\n"
        "3 4 - A60 A40\n"
        "5 6 - A+A- -\n"
        "7 8 - A60A40 -\n"
        "9 10 - A6040 -\n"
        "11 12 - NP -\n"
        "13 14 - - -\n"
        "15 16 A+/A- - -\n"
        "17 18 - A+/A- -\n"
    )
    event = to_event(loads(text))
    assert not event.results.errors
    shown = [str(r.adjusted) for r in event.results.rows]
    assert shown == [
        "A+/A-", "60%/40%", "A+/A-", "60%/40%", "60%/40%", "NP", "NP", "A+/A-", "A+/A-",
    ]  # fmt: skip


def test_a_game_without_a_board_number_is_reported() -> None:
    event = to_event(loads('[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n[North "A"]\n'))
    assert not event.results.rows
    assert [p.detail() for p in event.results.problems] == [
        "[Board] no board number: its results are left out"
    ]


def test_duplicate_board_in_the_model() -> None:
    rows = event_of("ruter_sm2.pbn").results.rows
    per_board: dict[int, int] = defaultdict(int)
    for row in rows:
        per_board[row.board] += 1
    assert set(per_board.values()) == {18}


# --- property: any event written reads back ----------------------------------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from bridgescore.events.model import ns_score_of  # noqa: E402
from bridgescore.events.vocabulary import EventKind, Scoring  # noqa: E402

_SCORINGS = [Scoring.MATCHPOINTS, Scoring.IMPS, Scoring.BUTLER, Scoring.CROSS_IMPS]
_IDS = st.text(alphabet="ABCabc0123456789 -_'\"é", min_size=1, max_size=6).filter(
    lambda s: s == s.strip() and s not in ("-", "?")
)
_CONTRACTS = st.builds(
    Contract,
    st.integers(1, 7),
    st.sampled_from(list(Strain)),
    st.sampled_from(list(Doubling)),
    st.sampled_from(list(Seat)),
)
_AWARDS = st.one_of(
    st.sampled_from(list(AdjustedCode)),
    st.integers(0, 200).map(lambda n: Fraction(n, 2)),
)


@st.composite
def _events(draw: st.DrawFn) -> Event:
    vulnerability = {b: draw(st.sampled_from(list(Vulnerability))) for b in range(1, 5)}
    rows = []
    for _ in range(draw(st.integers(1, 12))):
        board = draw(st.integers(1, 4))
        ns = draw(_IDS)
        ew = draw(_IDS.filter(lambda s: s != ns))  # noqa: B023
        fields: dict[str, object] = {
            "round": draw(st.none() | st.integers(1, 9)),
            "table": draw(st.none() | st.sampled_from(["1", "2", "Open", "Closed 3"])),
        }
        kind = draw(st.sampled_from(["played", "passed", "score", "adjusted", "np"]))
        vul = vulnerability[board]
        if kind == "played":
            contract = draw(_CONTRACTS)
            result = TableResult(contract, draw(st.integers(0, 13)))
            fields.update(result=result, ns_score=ns_score_of(result, vul, "2017"))
        elif kind == "passed":
            fields.update(result=TableResult(PASSED_OUT, None), ns_score=0)
        elif kind == "score":
            fields.update(ns_score=draw(st.integers(-7600, 7600)))
        elif kind == "adjusted":
            fields.update(adjusted=Adjusted(draw(_AWARDS), draw(_AWARDS)))
        else:
            fields.update(adjusted=NOT_PLAYED)
        rows.append(ResultRow(board, ns, ew, vul, **fields))  # type: ignore[arg-type]
    points = st.none() | st.builds(
        Published,
        st.none() | st.integers(-300, 300).map(lambda n: n / 10),
        st.none() | st.integers(-300, 300).map(lambda n: n / 10),
    )
    published = tuple(draw(points) for _ in rows)
    return Event(
        EventResults(tuple(rows)),
        name=draw(st.sampled_from(["", "Cup", 'The "Big" one'])),
        scoring=draw(
            st.sampled_from([Scoring.MATCHPOINTS, Scoring.IMPS, Scoring.BUTLER, Scoring.CROSS_IMPS])
        ),
        published=published,
    )


@given(_events())
def test_any_event_written_reads_back_to_the_same_rows(event: Event) -> None:
    back = to_event(loads(dumps(from_event(event))))
    # one game per board: the rows come back board by board, in their order within a board
    order = sorted(range(len(event.results.rows)), key=lambda i: event.results.rows[i].board)
    assert back.results.rows == tuple(event.results.rows[i] for i in order)
    expected = tuple(
        None if p is None or (p.ns_points is None and p.ew_points is None) else p
        for p in (event.published[i] for i in order)
    )
    assert back.published == expected
    assert back.name == event.name
    assert back.scoring == event.scoring


def test_round_and_stage_of_one_table_records() -> None:
    record = (
        '[Board "1"]\n[North "A"]\n[South "A"]\n[East "B"]\n[West "B"]\n[Contract "Pass"]\n'
        '[Score "NS 0"]\n'
    )
    rounds = [
        to_event(loads(record + extra)).results.rows[0].round
        for extra in ('[Round "3"]\n', '[Stage "2"]\n', '[Stage "Final"]\n', "")
    ]
    assert rounds == [3, 2, None, None]
    odd = to_event(loads(record + '[Round "1.2"]\n'))
    assert odd.results.rows[0].round is None
    assert [p.detail() for p in odd.results.problems] == [
        "board 1: [Round] round '1.2' is not a number; left out of the row"
    ]


def test_a_scoring_word_bridgescore_does_not_know_is_a_warning_not_a_stop() -> None:
    text = (DATA / "ruter_sm1.pbn").read_text(encoding="latin-1")
    text = text.replace('[Scoring "MatchPoints;MP1"]', '[Scoring "Chicago"]')
    event = to_event(loads(text, source="chicago.pbn"))
    assert event.scoring is Scoring.MATCHPOINTS
    warned = [str(p) for p in event.results.problems if "chicago" in str(p)]
    assert warned == [
        "chicago.pbn: warning: [Scoring 'chicago'] is not a scoring bridgescore knows: scored as mp"
        " (--scoring chooses another)"
    ]
