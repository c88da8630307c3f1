"""The CSV and JSON results files: what they hold, and every problem reported with its place."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bridgescore import Vulnerability
from bridgescore.duplicate.adjusted import NOT_PLAYED, Adjusted, AdjustedCode
from bridgescore.events.model import Severity
from bridgescore.io.results import (
    ResultsFileError,
    dumps_csv,
    load,
    loads_csv,
    loads_json,
    read_csv,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HEADER = "board,round,table,ns,ew,contract,declarer,result,score,adjusted\n"


def test_example_mitchell_reads_whole() -> None:
    event = load(EXAMPLES / "pairs-mitchell.csv")
    assert len(event.rows) == 50
    assert event.problems == ()
    assert event.boards() == list(range(1, 11))
    adjusted = [row for row in event.rows if row.adjusted]
    assert [(row.board, row.table, str(row.adjusted)) for row in adjusted] == [(5, "3", "A+/A-")]
    passed = [row for row in event.rows if row.result is not None and row.result.passed_out]
    assert [(row.board, row.ns_score) for row in passed] == [(8, 0)]


def test_example_teams_reads_whole() -> None:
    event = load(EXAMPLES / "teams.json")
    assert event.teams
    assert event.name == "Club teams, round robin"
    assert len(event.rows) == 48


def test_contract_result_becomes_ns_score_at_board_vulnerability() -> None:
    text = HEADER + "7,1,1,1,2,4S,E,10,,\n3,1,1,1,2,3NT,S,9,,\n3,1,2,3,4,,,,-100,\n"
    rows = loads_csv(text).rows
    # board 7: both vulnerable, East makes 4S: NS -620; board 3: EW vulnerable, so S's 3NT is 400
    assert [row.ns_score for row in rows] == [-620, 400, -100]
    assert rows[0].vulnerability is Vulnerability.BOTH


def test_whole_result_in_contract_column_and_score_agreeing() -> None:
    text = "board,ns,ew,contract,score\n1,1,2,4SXN-2,-300\n"
    (row,) = loads_csv(text).rows
    assert row.ns_score == -300
    assert str(row.result) == "4SXN-2"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("1,1,1,3,3,4S,N,10,,", "'3' meets itself"),
        ("1,1,1,3,4,4S,N,14,,", "a deal has 13 tricks"),
        ("2,1,1,3,4,,,,430,", "NS +430 is a score no contract can produce with NS vulnerable"),
        ("1,1,1,3,4,,,,,B+", "adjusted 'B+' is not an adjusted score (write A+/A-, A60/A40"),
        ("1,1,1,3,4,4S,,10,,", "4S has no declarer (give the declarer: N, E, S or W)"),
        ("1,1,1,3,4,,,,,", "no result"),
        ("0,1,1,3,4,4S,N,10,,", "'0': board numbers start at 1"),
        ("1,1,1,3,4,4S,N,10,-620,", "score -620 contradicts 4SN= (NS +420 with nobody vulnerable)"),
        ("1,1,1,3,4,4S,N,10,,A", "contract '4S', declarer 'N', result '10' left aside: adjusted"),
        ("1,x,1,3,4,4S,N,10,,", "round 'x' is not a whole number"),
        ("1,1,1,3,4,8S,N,10,,", "level is 1 to 7"),
    ],
)
def test_each_bad_row_names_file_line_and_what(line: str, message: str) -> None:
    text = HEADER + "1,1,2,5,6,3NT,S,9,,\n" + line + "\n"
    with pytest.raises(ResultsFileError) as caught:
        loads_csv(text, source="club.csv", strict=True)
    problem = caught.value.problems[0]
    assert message in problem.message
    assert str(problem.where) == "club.csv, line 3"
    board = line.split(",")[0]
    head = f"club.csv, line 3, board {board}: " if board != "0" else "club.csv, line 3: "
    assert str(caught.value).startswith(head + f"{problem.severity.value}: ")


def test_a_score_that_contradicts_its_contract_is_scored_from_the_contract() -> None:
    text = HEADER + "1,1,1,3,4,4S,N,10,-620,\n"
    event = loads_csv(text, source="club.csv")
    (row,) = event.rows
    assert (str(row.result), row.ns_score) == ("4SN=", 420)
    (warning,) = event.warnings
    assert str(warning) == (
        "club.csv, line 2, board 1: warning: score -620 contradicts 4SN= (NS +420 with"
        " nobody vulnerable); scored from the contract"
    )


def test_an_unreadable_contract_beside_a_score_keeps_the_score() -> None:
    text = HEADER + "1,1,1,3,4,42,S,12,480,\n"
    event = loads_csv(text, source="club.csv")
    (row,) = event.rows
    assert (row.result, row.ns_score) == (None, 480)
    (warning,) = event.warnings
    assert warning.message.startswith("contract '42': ")
    assert warning.message.endswith("; scored by its score +480")
    with pytest.raises(ResultsFileError, match="scored by its score"):
        loads_csv(text, source="club.csv", strict=True)


def test_rows_that_conflict_with_each_other() -> None:
    text = HEADER + "\n".join(
        [
            "1,1,1,1,2,3NT,S,9,,",
            "1,1,1,3,4,3NT,S,9,,",  # board 1 at table 1 again
            "1,2,2,1,5,3NT,S,9,,",  # pair 1 plays board 1 again
        ]
    )
    event = read_csv(text, source="x.csv")
    assert event.problems == ()  # the lenient reader checks rows one at a time
    with pytest.raises(ResultsFileError) as caught:
        loads_csv(text, source="x.csv")
    messages = [(str(p.where), p.message) for p in caught.value.problems]
    assert ("x.csv, line 3", "board 1 at table 1 is given twice (first at x.csv, line 2)") in (
        messages
    )
    assert any(
        where == "x.csv, line 4" and "'1' already has a result on this board" in text
        for where, text in messages
    )


def test_two_vulnerabilities_for_one_board() -> None:
    text = "board,ns,ew,contract,vulnerability\n4,1,2,3NTS=,Both\n4,3,5,3NTS=,None\n"
    with pytest.raises(
        ResultsFileError,
        match="board 4 is given with nobody vulnerable here but with both vulnerable at",
    ):
        loads_csv(text)


def test_lenient_reader_keeps_good_rows_and_lists_every_problem() -> None:
    text = HEADER + "1,1,1,1,2,3NT,S,9,,\n1,1,2,3,4,9NT,S,9,,\n1,1,3,5,6,3NT,Q,9,,\n"
    event = read_csv(text, source="f.csv")
    assert len(event.rows) == 1
    assert [p.where.line for p in event.problems] == [3, 4]
    assert not event.is_valid()


def test_unknown_column_is_a_warning_and_strict_makes_it_an_error() -> None:
    text = "board,ns,ew,contract,remarks\n1,1,2,3NTS=,slow play\n"
    event = loads_csv(text)
    assert [p.severity for p in event.problems] == [Severity.WARNING]
    assert "column 'remarks' is not used" in event.problems[0].message
    with pytest.raises(ResultsFileError, match="remarks"):
        loads_csv(text, strict=True)


def test_the_lead_column_is_read_in_either_order_and_a_wrong_one_is_a_warning() -> None:
    text = "board,ns,ew,contract,lead\n1,1,2,3NTS=,SA\n2,1,2,3NTS=,10h\n3,1,2,3NTS=,XY\n"
    event = loads_csv(text)
    assert [str(row.lead) for row in event.rows] == ["SA", "HT", "None"]
    assert [str(p) for p in event.problems] == [
        "<string>, line 4, board 3: warning: lead 'XY' is not a card (write the suit and the"
        " rank: SK, H10, ♠K)"
    ]


def test_short_board_is_a_warning() -> None:
    text = "board,ns,ew,score\n1,1,2,420\n1,3,4,450\n2,1,2,100\n"
    event = loads_csv(text)
    assert [str(p) for p in event.warnings] == [
        "<string>, line 4: warning: board 2 has 1 results where others have 2; its matchpoints"
        " are scaled with Neuberg's formula"
    ]


def test_missing_header_columns() -> None:
    with pytest.raises(ResultsFileError, match="header lacks ew"):
        loads_csv("board,ns,score\n1,2,100\n")


def test_json_reader_reports_entries() -> None:
    data = {"results": [{"board": 1, "ns": "1", "ew": "2", "contract": "4SN="}, {"board": 1}]}
    with pytest.raises(ResultsFileError) as caught:
        loads_json(json.dumps(data), source="e.json")
    assert str(caught.value.problems[0]) == (
        "e.json, result 2, board 1: error: both the NS and the EW pair are needed"
    )


def test_json_syntax_error_has_a_line() -> None:
    with pytest.raises(ResultsFileError, match=r"e.json, line 2: error: not valid JSON"):
        loads_json('{"results": [\n,]}', source="e.json")


def test_teams_rows_may_repeat_a_team_once_per_direction() -> None:
    text = "board,ns,ew,score\n1,A,B,420\n1,B,A,-420\n"
    assert len(loads_csv(text, teams=True).rows) == 2
    with pytest.raises(ResultsFileError, match="'B' already has a result"):
        loads_csv(text)  # as pairs, pair A cannot play board 1 twice
    with pytest.raises(ResultsFileError, match="sitting NS"):
        loads_csv(text + "1,A,C,420\n", teams=True)


def test_csv_round_trip() -> None:
    event = load(EXAMPLES / "pairs-mitchell.csv")
    again = loads_csv(dumps_csv(event))
    assert again.rows == event.rows


def test_adjusted_and_not_played_rows() -> None:
    text = "board,ns,ew,score,adjusted\n1,1,2,420,\n1,3,4,,Ave+/Ave-\n1,5,6,,NP\n1,7,8,,60%/40%\n"
    rows = loads_csv(text).rows
    assert rows[1].adjusted == Adjusted(AdjustedCode.AVERAGE_PLUS, AdjustedCode.AVERAGE_MINUS)
    assert rows[2].adjusted == NOT_PLAYED
    assert rows[2].not_played
    assert str(rows[3].adjusted) == "60%/40%"
    assert [row.describe() for row in rows] == ["NS +420", "A+/A-", "NP", "60%/40%"]


@pytest.mark.parametrize("code", ["B+", "A+/A-/A", "420"])
def test_bad_adjusted_codes(code: str) -> None:
    with pytest.raises(ResultsFileError, match=re.escape(f"'{code}'")):
        loads_csv(f"board,ns,ew,adjusted\n1,1,2,{code}\n")


def test_json_round_trip_of_every_kind_of_row() -> None:
    from bridgescore.io.results import dumps_json

    for path, teams in ((EXAMPLES / "pairs-mitchell.csv", False), (EXAMPLES / "teams.json", True)):
        event = load(path)
        again = loads_json(dumps_json(event))
        assert again.rows == event.rows
        assert again.teams is teams
