"""``bridgescore score`` and ``bridgescore table`` as a user runs them."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli.main import cli


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def test_score_json_has_every_element() -> None:
    result = run("score", "4SX=", "--vul", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["total"] == 790
    assert data["contract_points"] == 240
    assert data["insult_bonus"] == 50
    assert data["game_bonus"] == 500
    assert data["viewpoint"] == "declarer"
    assert "ns_score" not in data  # no declarer: whose score it is stays unknown


def test_score_words_and_tricks_taken() -> None:
    data = json.loads(run("score", "3NT", "S", "10", "--json").stdout)
    assert data["result"] == "3NTS+1"
    assert (data["total"], data["ns_score"], data["ew_score"]) == (430, 430, -430)


@pytest.mark.parametrize(
    ("deal", "board", "total", "ns"),
    [
        ("3NTS=", "7", 600, 600),  # board 7: both vulnerable
        ("3NTS=", "3", 400, 400),  # board 3: EW vulnerable, so NS are not
        ("3NTE=", "3", 600, -600),
        ("4HW-1", "4", -100, 100),
    ],
)
def test_score_board_gives_vulnerability(deal: str, board: str, total: int, ns: int) -> None:
    data = json.loads(run("score", deal, "--board", board, "--json").stdout)
    assert data["total"] == total
    assert data["ns_score"] == ns
    assert data["board"]["number"] == int(board)


def test_score_board_and_dealer_shown() -> None:
    result = run("score", "3NT", "S", "10", "--board", "7")
    assert "board 7: dealer S, vul Both" in result.stdout
    assert "+630" in result.stdout
    assert "North-South" in result.stdout


def test_score_laws_option() -> None:
    assert json.loads(run("score", "7SX-9", "--laws", "1935", "--json").stdout)["total"] == -1700
    assert json.loads(run("score", "7SX-9", "--json").stdout)["total"] == -2300


def test_passed_out() -> None:
    data = json.loads(run("score", "Pass", "--json").stdout)
    assert data["total"] == 0
    assert data["ns_score"] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["score", "8NT"], "'8NT': a contract's level is 1 to 7"),
        (["score", "3NT+5"], "'3NT+5': 3NT can make at most 13 tricks"),
        (["score", "4S"], "'4S': no result"),
        (["score", "4Q="], "'4Q=': not a contract"),
        (["score", "4S=", "--laws", "1900"], "'1900': not a law set"),
        (["score", "4S=", "--board", "7"], "give the declarer"),
        (["score", "4S=", "--board", "0"], "0: board numbers start at 1"),
        (["score", "4SN=", "--board", "1", "--vul"], "--vul contradicts board 1"),
        (["table", "--laws", "nope"], "'nope': not a law set"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("bridgescore: error: ")
    assert message in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_table_csv_has_every_cell() -> None:
    result = run("table", "--laws", "1935", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 7 * 5 * 3 * 2 * 14
    meckstroth = next(r for r in rows if r["result"] == "7SX-9" and r["vulnerable"] == "False")
    assert meckstroth["total"] == "-1700"


def test_table_json() -> None:
    data = json.loads(run("table", "--json").stdout)
    assert data["laws"] == "2017"
    assert len(data["rows"]) == 2940
    row = next(r for r in data["rows"] if r["result"] == "6NT=" and r["vulnerable"])
    assert row["total"] == 1440


def test_table_card() -> None:
    result = run("table", "--laws", "1932")
    assert result.exit_code == 0
    assert "Made, not vulnerable" in result.stdout
    assert "Down (the defenders score)" in result.stdout
    # 1932: 1NT is 30 (notrump tricks 30, 40, 30, ...), so 1NT= not vulnerable is 80.
    one_nt = next(line for line in result.stdout.splitlines() if line.startswith("│ 1NT "))
    assert one_nt.split("│")[2].strip() == "80"
