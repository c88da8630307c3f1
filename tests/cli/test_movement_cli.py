"""``bridgescore movement suggest/show/check`` and ``event --movement``."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from bridgescore.cli.main import cli
from bridgescore.events.movements import Movement, mitchell, round_robin
from bridgescore.events.movements.fit import seatings
from bridgescore.events.movements.spec import build


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def test_suggest_json_lists_specs_that_show_builds() -> None:
    result = run("movement", "suggest", "--pairs", "8", "--boards", "24", "--json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert found[0]["kind"] == "howell"
    for item in found:
        assert {"spec", "rounds", "boards_per_round", "kind"} <= set(item)
        shown = json.loads(run("movement", "show", item["spec"], "--json").stdout)
        assert len(shown["rounds"]) == item["rounds"]


def test_suggest_prints_best_first() -> None:
    result = run("movement", "suggest", "--pairs", "16", "--boards", "24")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Movements for 16 pairs, about 24 boards (best first)"
    assert "rounds x" in lines[1]
    assert "about " in lines[1]


def test_show_json_is_the_movement_json_form() -> None:
    result = run("movement", "show", "mitchell:3x2", "--json")
    data = json.loads(result.stdout)
    assert Movement.from_dict(data) == mitchell(3, 2)
    assert data["rounds"][0][0] == {"table": 1, "ns": "1NS", "ew": "1EW", "boards": [1, 2]}
    ids = {t["ns"] for r in data["rounds"] for t in r} | {
        t["ew"] for r in data["rounds"] for t in r
    }
    assert len(ids) == 6  # the NS and EW pairs numbered 1 are two pairs


def test_show_prints_each_round() -> None:
    result = run("movement", "show", "mitchell:3x2")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:3] == [
        "mitchell: 3 tables, 3 rounds, 6 pairs, 6 boards",
        "Round 1",
        "  table  1  1NS v 1EW  boards 1-2",
    ]


def test_show_reads_a_movement_file(tmp_path: Path) -> None:
    path = tmp_path / "session.json"
    path.write_text(build("howell:3x2").to_json())
    result = run("movement", "show", str(path), "--json")
    assert Movement.from_dict(json.loads(result.stdout)) == build("howell:3x2")


def test_a_bad_spec_or_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    for args, says in [
        (("show", "mitchel:7x4"), "unknown kind 'mitchel'"),
        (("show", "nowhere.json"), "'nowhere.json': no such movement file"),
        (("suggest", "--pairs", "2", "--boards", "24"), "pairs must be a whole number from 3"),
    ]:
        result = run("movement", *args)
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith("bridgescore: error: ")
        assert says in result.stderr
        assert "Traceback" not in result.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "mitchell", "rounds": [[{"table": 1, "ns": "1", "ew": 7}]]}')
    result = run("movement", "show", str(bad))
    assert result.exit_code == 2
    assert f"{bad}: round 1, table 1, field 'ew'" in result.stderr


def test_check_lists_every_problem_with_round_and_table(tmp_path: Path) -> None:
    data = mitchell(3, 2).to_dict()
    data["rounds"][1][0]["ew"] = "1EW"  # 1EW meets 1NS again, and is at two tables
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    result = run("movement", "check", str(path))
    assert result.exit_code == 2
    errors = [line for line in result.stderr.splitlines() if "error" in line]
    assert "bridgescore: error: round 2, table 2: pair 1EW is in two places" in errors[0]
    assert any("meet again" in line for line in errors)
    sound = run("movement", "check", "mitchell:3x2")
    assert (sound.exit_code, sound.stdout.strip()) == (
        0,
        "sound: mitchell: 3 tables, 3 rounds, 6 pairs, 6 boards",
    )


def test_event_with_its_movement_lists_missing_results(tmp_path: Path) -> None:
    movement = mitchell(3, 2)
    lines = ["round,table,board,contract,declarer,result"]
    every = seatings(movement)
    lines += [f"{s.round},{s.table},{s.board},3NT,N,=" for s in every[:-2]]
    path = tmp_path / "session.csv"
    path.write_text("\n".join(lines) + "\n")
    result = run("event", str(path), "--movement", "mitchell:3x2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["missing"] == [
        {"round": s.round, "table": s.table, "ns": s.ns, "ew": s.ew, "board": s.board}
        for s in every[-2:]
    ]
    assert f"missing result: {every[-1]}" in result.stderr
    misfit = tmp_path / "misfit.csv"
    misfit.write_text("round,table,board,contract,declarer,result\n1,7,1,3NT,N,=\n")
    result = run("event", str(misfit), "--movement", "mitchell:3x2")
    assert result.exit_code == 2
    assert "misfit.csv, line 2, board 1: error: does not fit the movement" in result.stderr


def test_cards_are_written_as_html_and_pdf(tmp_path: Path) -> None:
    html, pdf = tmp_path / "cards.html", tmp_path / "cards.pdf"
    result = run("movement", "cards", "mitchell:3x2", "--html", str(html), "--pdf", str(pdf))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [f"wrote {html}", f"wrote {pdf}"]
    page = html.read_text()
    assert "1NS" in page
    assert "Table 3" in page
    assert pdf.read_bytes().startswith(b"%PDF")
    nowhere = run("movement", "cards", "mitchell:3x2")
    assert nowhere.exit_code == 2
    assert "say where: --html FILE and/or --pdf FILE" in nowhere.stderr


def test_a_round_robins_cards_are_the_rooms_and_teams(tmp_path: Path) -> None:
    html, pdf = tmp_path / "robin.html", tmp_path / "robin.pdf"
    result = run("movement", "cards", "robin:4x6", "--html", str(html), "--pdf", str(pdf))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [f"wrote {html}", f"wrote {pdf}"]
    page = html.read_text()
    # room 1a (match 1's open room): team 4 v team 1 on boards 1-3, then 4-6 from room 1b
    assert "Room 1a" in page
    assert "Team 4" in page
    assert "<td>1-3, then 4-6</td>" in page
    assert "with room 1b" in page
    assert pdf.read_bytes().startswith(b"%PDF")


DATA = Path(__file__).resolve().parents[1] / "io" / "data" / "movements"


def test_another_programs_movement_file_is_shown_and_checked() -> None:
    result = run("movement", "check", str(DATA / "Movement.Mitchell3Table.yaml"))
    assert (result.exit_code, result.stdout.strip()) == (
        0,
        "sound: mitchell: 3 tables, 3 rounds, 6 pairs, 18 boards",
    )
    two = str(DATA / "rounddata-two-sections.csv")
    unchosen = run("movement", "show", two)
    assert unchosen.exit_code == 2
    assert "holds sections 1, 2; choose one with --section" in unchosen.stderr
    chosen = run("movement", "check", two, "--section", "2")
    assert chosen.stdout.strip() == "sound: mitchell: 5 tables, 5 rounds, 9 pairs, 10 boards"


def test_a_round_robin_is_shown_checked_and_fits_its_teams_event(tmp_path: Path) -> None:
    shown = run("movement", "show", "robin:5x4")
    assert shown.exit_code == 0
    lines = shown.stdout.splitlines()
    assert lines[0] == "round robin: 5 teams, 5 rounds, 20 boards"
    assert sum(line.startswith("  bye") for line in lines) == 5
    assert run("movement", "check", "robin:5x4").stdout.startswith("sound: round robin: 5 teams")
    robin = round_robin(["Aces", "Kings", "Queens", "Jacks"], 4)
    path = tmp_path / "robin.json"
    path.write_text(robin.to_json())
    assert json.loads(run("movement", "show", str(path), "--json").stdout) == robin.to_dict()
    examples = Path(__file__).resolve().parents[2] / "examples"
    result = run("event", str(examples / "teams.json"), "--movement", str(path))
    assert result.exit_code == 2  # the example was played in another order of rounds
    assert "do not play board 1 in round 1 in the round robin" in result.stderr
