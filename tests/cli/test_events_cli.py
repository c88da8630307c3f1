"""``bridgescore pairs``, ``teams``, ``imps`` and ``vp`` as a director runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli.main import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MITCHELL = str(EXAMPLES / "pairs-mitchell.csv")
TEAMS = str(EXAMPLES / "teams.json")


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def test_pairs_ranking_printed_per_direction() -> None:
    result = run("pairs", MITCHELL)
    assert result.exit_code == 0, result.output
    assert "North-South (mp)" in result.stdout
    assert "East-West (mp)" in result.stdout
    assert "59.75" in result.stdout


def test_pairs_json_shape() -> None:
    data = json.loads(run("pairs", MITCHELL, "--json").stdout)
    assert data["scoring"] == "mp"
    assert data["fields"] == ["NS", "EW"]
    first = data["standings"][0]
    assert set(first) == {"place", "pair", "field", "total", "percent", "boards"}
    assert (first["place"], first["pair"], first["percent"]) == ("1", "2", 59.75)
    assert len(data["results"]) == 50
    row = data["results"][0]
    assert set(row) >= {"board", "ns", "ew", "ns_score", "ns_points", "ew_points"}


@pytest.mark.parametrize("scoring", ["mp", "acbl", "butler", "cross-imps"])
def test_pairs_every_scoring(scoring: str) -> None:
    data = json.loads(run("pairs", MITCHELL, "--scoring", scoring, "--json").stdout)
    assert data["scoring"] == scoring
    assert len(data["standings"]) == 10


def test_traveller_and_card() -> None:
    traveller = run("pairs", MITCHELL, "--traveller", "5")
    assert "Board 5, top 8" in traveller.stdout
    assert "A+/A-" in traveller.stdout
    card = json.loads(run("pairs", MITCHELL, "--card", "3", "--json").stdout)["card"]
    assert [line["board"] for line in card] == list(range(1, 11))


def test_pairs_bad_file_lists_every_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("board,ns,ew,score\n1,1,2,420\n1,3,4,xx\n2,5,5,100\n", encoding="utf-8")
    result = run("pairs", str(bad))
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines == [
        f"bridgescore: {bad}, line 3: error: score 'xx' is not a whole number",
        f"bridgescore: {bad}, line 4: error: board 2: '5' meets itself",
    ]


def test_strict_turns_warnings_into_errors(tmp_path: Path) -> None:
    short = tmp_path / "short.csv"
    short.write_text("board,ns,ew,score\n1,1,2,420\n1,3,4,450\n2,1,2,100\n", encoding="utf-8")
    lenient = run("pairs", str(short))
    assert lenient.exit_code == 0
    assert "warning: board 2 has 1 results where others have 2" in lenient.stderr
    strict = run("pairs", str(short), "--strict")
    assert strict.exit_code == 2
    assert "warning: board 2 has 1 results" in strict.stderr


def test_missing_file() -> None:
    result = run("pairs", "no-such-file.csv")
    assert result.exit_code == 2
    assert "No such file" in result.stderr
    assert "Traceback" not in result.stderr


def test_teams_json_and_vp_scales() -> None:
    data = json.loads(run("teams", TEAMS, "--json").stdout)
    assert data["vp_scale"] == "wbf"
    assert len(data["matches"]) == 6
    assert data["standings"][0]["team"] == "Aces"
    assert sum(s["vp"] for s in data["standings"]) == pytest.approx(120.0)
    twenty = json.loads(run("teams", TEAMS, "--vp", "20", "--json").stdout)
    assert all(vp == int(vp) for m in twenty["matches"] for vp in m["vp"])


def test_teams_club_scale_file(tmp_path: Path) -> None:
    scale = tmp_path / "club.csv"
    scale.write_text(
        "imps_from,imps_to,winner_vp,loser_vp\n0,0,5,5\n1,10,6,4\n11,30,8,2\n31,,10,0\n",
        encoding="utf-8",
    )
    data = json.loads(run("teams", TEAMS, "--vp", str(scale), "--json").stdout)
    assert {tuple(m["vp"]) for m in data["matches"]} <= {(5, 5), (6, 4), (4, 6), (8, 2), (2, 8)}


def test_teams_printed() -> None:
    result = run("teams", TEAMS)
    assert "Club teams, round robin" in result.stdout
    assert "19.69-0.31" in result.stdout


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["imps", "720"], "+720 points = +12 IMPs (1962 table)"),
        (["imps", "-30"], "-30 points = -1 IMPs (1962 table)"),
        (["imps", "55", "--table", "1948"], "+55 points = +1 IMPs (1948 table)"),
        (["vp", "12", "--scale", "20"], "+12 IMPs = 15.00 - 5.00 VP (20)"),
        (["vp", "12", "--scale", "30"], "+12 IMPs = 25.00 - 5.00 VP (30)"),
        (["vp", "-12", "--boards", "16"], "-12 IMPs = 6.72 - 13.28 VP (wbf)"),
    ],
)
def test_imps_and_vp(args: list[str], shown: str) -> None:
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == shown


def test_imps_and_vp_json() -> None:
    assert json.loads(run("imps", "750", "--json").stdout)["imps"] == 13
    assert json.loads(run("vp", "12", "--boards", "16", "--json").stdout)["vp"] == [13.28, 6.72]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["vp", "12"], "give --boards N"),
        (["vp", "12", "--scale", "nope"], "'nope'"),
        (["imps", "10", "--table", "1900"], "'1900'"),
    ],
)
def test_bad_options_are_one_line(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1
