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
    assert "North-South (matchpoints)" in result.stdout
    assert "East-West (matchpoints)" in result.stdout
    assert "59.75" in result.stdout


def test_pairs_json_shape() -> None:
    data = json.loads(run("pairs", MITCHELL, "--json").stdout)
    assert data["scoring"] == "mp"
    assert data["fields"] == ["NS", "EW"]
    first = data["standings"][0]
    assert set(first) == PAIR_STANDING
    assert (first["place"], first["pair"], first["percent"]) == ("1", "2", 59.75)
    assert (first["id"], first["names"]) == ("2", [])
    assert len(data["results"]) == 50
    row = data["results"][0]
    assert set(row) == RESULT_LINE
    assert (row["board"], row["ns"], row["ew"], row["result"], row["ns_score"]) == (
        1, "1", "6", "3NTE=", -400,
    )  # fmt: skip
    assert (row["ns_points"], row["ew_points"], row["ns_percent"]) == (3.0, 5.0, 37.5)


# The keys of each kind of result, the same whichever command prints it (docs/events.md).
PAIR_STANDING = {"place", "id", "pair", "names", "field", "total", "percent", "boards"}
TEAM_STANDING = {
    "place", "id", "team", "names", "field", "total", "percent",
    "vp", "points_for", "points_against", "matches",
}  # fmt: skip
RESULT_LINE = {
    "board", "round", "table", "ns", "ew", "result", "ns_score",
    "ns_points", "ew_points", "ns_percent", "ew_percent",
}  # fmt: skip
MATCH = {"round", "teams", "points", "vp", "boards"}
CARD_LINE = {"board", "round", "direction", "opponents", "result", "score", "points", "percent"}


def test_a_pairs_result_has_one_shape_in_pairs_and_event() -> None:
    pairs = json.loads(run("pairs", MITCHELL, "--json").stdout)
    event = json.loads(run("event", MITCHELL, "--json").stdout)
    assert pairs["standings"] == event["participants"]
    assert pairs["results"] == event["results"]
    assert event["matches"] == []
    traveller = json.loads(run("pairs", MITCHELL, "--traveller", "5", "--json").stdout)
    assert traveller["traveller"] == [r for r in pairs["results"] if r["board"] == 5]
    card = json.loads(run("pairs", MITCHELL, "--card", "3", "--json").stdout)["card"]
    assert all(set(line) == CARD_LINE for line in card)


def test_a_teams_result_has_one_shape_in_teams_and_event() -> None:
    teams = json.loads(run("teams", TEAMS, "--json").stdout)
    event = json.loads(run("event", TEAMS, "--json").stdout)
    assert all(set(s) == TEAM_STANDING for s in teams["standings"])
    assert teams["standings"] == event["participants"]
    assert all(s["total"] == s["vp"] and s["percent"] is None for s in teams["standings"])
    assert all(set(m) == MATCH for m in teams["matches"])
    assert teams["matches"] == event["matches"]
    assert all(set(r) == RESULT_LINE for r in event["results"])
    # each board's two tables: the swing is the first team's, at its own NS table
    first = teams["matches"][0]
    teams_of = set(first["teams"])
    lines = [
        r
        for r in event["results"]
        if r["round"] == first["round"] and {r["ns"], r["ew"]} == teams_of
    ]
    board = first["boards"][0]
    tables = [r for r in lines if r["board"] == board["board"]]
    assert [r["ns_score"] for r in tables] == board["ns_scores"]
    assert [r["ns_points"] for r in tables] == [board["swing"], -board["swing"]]


@pytest.mark.parametrize("scoring", ["mp", "acbl", "butler", "cross-imps"])
def test_pairs_every_scoring(scoring: str, tmp_path: Path) -> None:
    # Four tables, one round, boards 1 and 2 at every table: NS pair t meets EW pair 4 + t
    # at table t. Board 1 (nobody vulnerable), NS scores: T1 4S= +420, T2 4S+1 +450,
    # T3 4S-1 -50, T4 4S= +420. Board 2 (NS vulnerable): T1 3NT= +600, T2 3NT+1 +630,
    # T3 4H= by E (not vulnerable) -420, T4 3NT-1 -100.
    small = tmp_path / "small.csv"
    small.write_text(
        "board,round,table,ns,ew,contract,declarer,result\n"
        "1,1,1,1,5,4S,N,10\n1,1,2,2,6,4S,N,11\n1,1,3,3,7,4S,N,9\n1,1,4,4,8,4S,S,10\n"
        "2,1,1,1,5,3NT,N,9\n2,1,2,2,6,3NT,N,10\n2,1,3,3,7,4H,E,10\n2,1,4,4,8,3NT,N,8\n",
        encoding="utf-8",
    )
    # Per board and table (T1..T4), NS points; EW get the top minus that (matchpoints) or
    # its negation (IMPs). Worked out by hand:
    #   mp (2-1-0, top 6): B1 450 beats 3 = 6; each 420 beats 1, ties 1 = 3; -50 = 0.
    #                      B2 630 = 6, 600 = 4, -100 = 2, -420 = 0.
    #   acbl (1-1/2-0, top 3): half of mp: B1 1.5 3 0 1.5; B2 2 3 0 1.
    #   butler (drop-1: datum = mean of the middle two, to a multiple of 10):
    #     B1 sorted -50 420 420 450, datum 420: +0 (0), +30 (1), -470 (-10), +0 (0).
    #     B2 sorted -420 -100 600 630, datum (-100 + 600) / 2 = 250:
    #        +350 (8), +380 (9), -670 (-12), -350 (-8).
    #   cross-imps (each against the other three, IMPs averaged over 3 comparisons):
    #     B1 420: -30 +470 0 -> -1 +10 +0 = 9 -> 3;  450: +30 +500 +30 -> 1 + 11 + 1 = 13;
    #        -50: -470 -500 -470 -> -10 - 11 - 10 = -31;  420 (T4): 9 -> 3.
    #     B2 600: -30 +1020 +700 -> -1 + 14 + 12 = 25;  630: +30 +1050 +730 -> 1 + 14 + 12 = 27;
    #        -420: -1020 -1050 -320 -> -14 - 14 - 8 = -36;  -100: -700 -730 +320 -> -16.
    # Totals (pair: B1 + B2):
    #   mp     NS 1: 3+4=7  2: 6+6=12  3: 0  4: 3+2=5;  EW 5: 3+2=5  6: 0  7: 12  8: 3+4=7
    #          of a top of 12: 7 = 58.33 %, 5 = 41.67 %
    #   acbl   NS 1: 3.5  2: 6  3: 0  4: 2.5;  EW 5: 2.5  6: 0  7: 6  8: 3.5 (of 6: the same %)
    #   butler NS 1: 0+8=8  2: 1+9=10  3: -10-12=-22  4: 0-8=-8;  EW the negations
    #   cross  NS 1: 3+25/3=34/3=11.33  2: 13/3+9=40/3=13.33  3: -31/3-12=-67/3=-22.33
    #             4: 3-16/3=-7/3=-2.33;  EW the negations
    expected = {  # (place, pair, field, total, percent), best first in each field
        "mp": [
            ("1", "2", "NS", 12.0, 100.0),
            ("2", "1", "NS", 7.0, 58.33),
            ("3", "4", "NS", 5.0, 41.67),
            ("4", "3", "NS", 0.0, 0.0),
            ("1", "7", "EW", 12.0, 100.0),
            ("2", "8", "EW", 7.0, 58.33),
            ("3", "5", "EW", 5.0, 41.67),
            ("4", "6", "EW", 0.0, 0.0),
        ],
        "acbl": [
            ("1", "2", "NS", 6.0, 100.0),
            ("2", "1", "NS", 3.5, 58.33),
            ("3", "4", "NS", 2.5, 41.67),
            ("4", "3", "NS", 0.0, 0.0),
            ("1", "7", "EW", 6.0, 100.0),
            ("2", "8", "EW", 3.5, 58.33),
            ("3", "5", "EW", 2.5, 41.67),
            ("4", "6", "EW", 0.0, 0.0),
        ],
        "butler": [
            ("1", "2", "NS", 10.0, None),
            ("2", "1", "NS", 8.0, None),
            ("3", "4", "NS", -8.0, None),
            ("4", "3", "NS", -22.0, None),
            ("1", "7", "EW", 22.0, None),
            ("2", "8", "EW", 8.0, None),
            ("3", "5", "EW", -8.0, None),
            ("4", "6", "EW", -10.0, None),
        ],
        "cross-imps": [
            ("1", "2", "NS", 13.33, None),
            ("2", "1", "NS", 11.33, None),
            ("3", "4", "NS", -2.33, None),
            ("4", "3", "NS", -22.33, None),
            ("1", "7", "EW", 22.33, None),
            ("2", "8", "EW", 2.33, None),
            ("3", "5", "EW", -11.33, None),
            ("4", "6", "EW", -13.33, None),
        ],
    }
    ns_points = {  # board -> NS points at tables 1-4
        "mp": {1: [3.0, 6.0, 0.0, 3.0], 2: [4.0, 6.0, 0.0, 2.0]},
        "acbl": {1: [1.5, 3.0, 0.0, 1.5], 2: [2.0, 3.0, 0.0, 1.0]},
        "butler": {1: [0.0, 1.0, -10.0, 0.0], 2: [8.0, 9.0, -12.0, -8.0]},
        "cross-imps": {1: [3.0, 4.33, -10.33, 3.0], 2: [8.33, 9.0, -12.0, -5.33]},
    }
    result = run("pairs", str(small), "--scoring", scoring, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["scoring"] == scoring
    assert data["fields"] == ["NS", "EW"]
    got = [(s["place"], s["pair"], s["field"], s["total"], s["percent"]) for s in data["standings"]]
    assert got == expected[scoring]
    assert all(s["boards"] == 2 for s in data["standings"])
    assert [r["ns_score"] for r in data["results"]] == [420, 450, -50, 420, 600, 630, -420, -100]
    for board, points in ns_points[scoring].items():
        rows = [r for r in data["results"] if r["board"] == board]
        assert [r["table"] for r in rows] == ["1", "2", "3", "4"]
        assert [r["ns_points"] for r in rows] == points
        if scoring in ("mp", "acbl"):
            top = 6.0 if scoring == "mp" else 3.0
            assert [r["ew_points"] for r in rows] == [top - p for p in points]
        else:
            assert [r["ew_points"] for r in rows] == [-p for p in points]
    # the example file is scored too, every pair ranked
    example = json.loads(run("pairs", MITCHELL, "--scoring", scoring, "--json").stdout)
    assert example["scoring"] == scoring
    assert len(example["standings"]) == 10


def test_traveller_and_card() -> None:
    traveller = run("pairs", MITCHELL, "--traveller", "5")
    assert "Board 5 — Traveller — top 8" in traveller.stdout
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
        f"bridgescore: {bad}, line 3, board 1: error: score 'xx' is neither a score (420, -50)"
        " nor an adjusted score (A+/A-, A60/A40, A5050, 60%/40%, A (average), NP (not played))",
        f"bridgescore: {bad}, line 4, board 2: error: '5' meets itself",
    ]


def test_a_file_s_rows_problems_read_in_finnish_and_spanish(tmp_path: Path) -> None:
    """The checks of a file's rows as a whole (a pair meeting itself, a pair given two
    results on a board, a board's vulnerability given two ways, a score no contract makes)
    in the reader's language, the place of the first row too."""
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "board,ns,ew,vulnerability,score\n1,1,1,None,420\n2,2,3,NS,430\n"
        "3,4,5,None,140\n3,4,6,Both,110\n",
        encoding="utf-8",
    )
    fi = run("--lang", "fi", "pairs", str(bad))
    es = run("--lang", "es", "pairs", str(bad))
    assert fi.exit_code == es.exit_code == 2
    assert fi.stderr.splitlines() == [
        f"bridgescore: {bad}, rivi 2, brikka 1: virhe: '1' pelaa itseään vastaan",
        f"bridgescore: {bad}, rivi 3, brikka 2: virhe: PE +430 on tulos, jota mikään sitoumus"
        " ei voi tuottaa (PE vaarassa)",
        f"bridgescore: {bad}, rivi 5, brikka 3: virhe: '4':lla on jo tulos tässä brikassa"
        f" ({bad}, rivi 4)",
        f"bridgescore: {bad}, rivi 5: virhe: brikka 3 on annettu tässä: kaikki vaarassa, mutta"
        f" kohdassa {bad}, rivi 4: kukaan ei vaarassa",
    ]
    assert es.stderr.splitlines()[0] == (
        f"bridgescore: {bad}, línea 2, estuche 1: error: '1' juega contra sí misma"
    )
    assert es.stderr.splitlines()[1].endswith(
        "NS +430 es una puntuación que ningún contrato puede producir con NS vulnerables"
    )


def test_a_score_contradicting_its_contract_names_the_vulnerability_in_words(
    tmp_path: Path,
) -> None:
    contradicting = tmp_path / "c.csv"
    contradicting.write_text(
        "board,ns,ew,contract,declarer,result,score\n1,1,2,4S,N,=,-620\n1,3,4,4S,N,=,\n",
        encoding="utf-8",
    )
    fi = run("--lang", "fi", "event", str(contradicting))
    es = run("--lang", "es", "event", str(contradicting))
    assert (
        "score -620 on ristiriidassa tuloksen 4♠P= kanssa (PE +420, kukaan ei vaarassa);"
        " laskettu sitoumuksesta"
    ) in fi.stderr
    assert "(NS +420 con nadie vulnerable); puntuado según el contrato" in es.stderr


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
    assert "19.69–0.31" in result.stdout


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


def test_a_vp_scale_too_long_for_a_file_name_is_said_to_be_no_scale() -> None:
    long = "x" * 300
    result = run("teams", TEAMS, "--vp", long)
    assert result.exit_code == 2
    assert "File name too long" not in result.stderr
    assert result.stderr.startswith(
        f"bridgescore: error: '{long[:59]}…' is not a victory-point scale; use one of 'wbf',"
    )
