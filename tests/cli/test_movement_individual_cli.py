"""``bridgescore movement show/check/cards`` on individual movements (issue 26), in
English, Finnish and Spanish: the seats written out from docs/individual-movements.md."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from bridgescore.cli.main import cli
from bridgescore.events.movements.individual import IndividualMovement


def run(runner: CliRunner, *args: str, env: dict[str, str] | None = None) -> Result:
    return runner.invoke(cli, list(args), env=env, prog_name="bridgescore")


def test_show_whist_13_round_1_in_english(runner: CliRunner) -> None:
    # docs: round 1, table 1 of the 13-player whist individual seats N 2, E 11, S 6, W 9
    # on boards 1-2; player 1 sits out round 1; sets move (13 players, no sharing)
    result = run(runner, "movement", "show", "individual:13x2")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:6] == [
        "Individual · 13 players · 3 tables · 13 rounds · boards 1-26",
        "Round 1",
        "  table  1  N 2   E 11  S 6   W 9   boards 1-2",
        "  table  2  N 3   E 5   S 4   W 12  boards 9-10",
        "  table  3  N 7   E 13  S 10  W 8   boards 7-8",
        "  sits out  player 1",
    ]
    assert "boards shared" not in result.stdout
    # the table of docs/individual-movements.md: partners 1, opponents 2, gap 2, 8-8, Qf 100
    assert lines[-2:] == [
        "balance: every two players partners 1-1 times, opponents 2-2 times",
        "  left/right gap 2, compared on 8-8 boards, score 1.0000, Qf 100.00",
    ]
    assert len([line for line in lines if line.startswith("Round ")]) == 13


def test_show_rainbow_in_finnish(runner: CliRunner) -> None:
    # docs: North 1..5, East 6..10, South 11..15, West 16..20; boards stay; after a round
    # North moves up one table, East down one, South up two, West down two
    result = run(runner, "--lang", "fi", "movement", "show", "rainbow-individual:5x2")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Yksilökilpailu · 20 pelaajaa · 5 pöytää · 5 kierrosta · brikat 1-10"
    assert lines[1:3] == ["Kierros 1", "  pöytä  1  P 1   I 6   E 11  L 16  brikat 1-2"]
    assert lines[6] == "  pöytä  5  P 5   I 10  E 15  L 20  brikat 9-10"
    assert lines[7:9] == ["Kierros 2", "  pöytä  1  P 5   I 7   E 14  L 18  brikat 1-2"]
    # docs: partners 0-1, opponents 0-1, compared 0-10, score 0, Qf 21.50
    assert lines[-2:] == [
        "tasapaino: kaksi pelaajaa ovat partnereina 0-1 kertaa, vastustajina 0-1 kertaa",
        "  vasen/oikea-ero 1, verrataan 0-10 brikassa, luku 0.0000, Qf 21.50",
    ]


def test_show_shared_eight_in_spanish_from_the_environment(runner: CliRunner) -> None:
    # docs: 8 players, 2 tables, 7 rounds, both tables on the round's set (shared)
    result = run(runner, "movement", "show", "individual:8x2", env={"LANG": "es_ES.UTF-8"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Individual · 8 jugadores · 2 mesas · 7 rondas · estuches 1-14"
    assert lines[1] == "estuches compartidos entre las mesas de una ronda: 1-14"
    assert lines[2] == "Ronda 1"
    assert lines[3].startswith("  mesa  1  N ")
    assert lines[3].endswith("estuches 1-2")
    assert " O " in lines[3]  # Oeste
    assert lines[-2] == (
        "equilibrio: cada dos jugadores son compañeros 1-1 veces y contrarios 2-2 veces"
    )
    assert lines[-1].startswith("  diferencia izquierda/derecha 2, comparados en 4-4 estuches")


def test_show_five_players_one_sits_out_each_round(runner: CliRunner) -> None:
    # docs: the five-player individual's round 1 is "2+5 v 3+4" (N 2, E 3, S 5, W 4) on
    # boards 1-2, player r sitting out round r
    lines = run(runner, "movement", "show", "individual:5x2").stdout.splitlines()
    assert lines[1:4] == [
        "Round 1",
        "  table  1  N 2  E 3  S 5  W 4  boards 1-2",
        "  sits out  player 1",
    ]
    assert "  sits out  player 5" in lines


def test_json_round_trips_and_check_reads_it(runner: CliRunner, tmp_path: Path) -> None:
    result = run(runner, "movement", "show", "individual:13x2", "--json")
    data = json.loads(result.stdout)
    assert data["kind"] == "individual"
    assert data["rounds"][0][0] == {
        "table": 1,
        "north": "2",
        "east": "11",
        "south": "6",
        "west": "9",
        "boards": [1, 2],
    }
    assert {"sit_out": "1"} in data["rounds"][0]
    path = tmp_path / "individual.json"
    path.write_text(result.stdout)
    assert IndividualMovement.from_json(path.read_text()).rounds[0].sit_outs == ("1",)
    checked = run(runner, "movement", "check", str(path))
    assert checked.exit_code == 0, checked.output
    assert checked.stdout == "sound: Individual · 13 players · 3 tables · 13 rounds · boards 1-26\n"
    shown = run(runner, "movement", "show", str(path))
    assert shown.stdout.splitlines()[2] == "  table  1  N 2   E 11  S 6   W 9   boards 1-2"


def test_check_in_three_languages(runner: CliRunner) -> None:
    spec = "rainbow-individual:7x3:rotate"
    said = {
        "en": "sound: Individual · 28 players · 7 tables · 21 rounds · boards 1-21\n",
        "fi": "kunnossa: Yksilökilpailu · 28 pelaajaa · 7 pöytää · 21 kierrosta · brikat 1-21\n",
        "es": "correcto: Individual · 28 jugadores · 7 mesas · 21 rondas · estuches 1-21\n",
    }
    for lang, expected in said.items():
        result = run(runner, "--lang", lang, "movement", "check", spec)
        assert result.exit_code == 0, result.output
        assert result.stdout == expected


def test_check_lists_a_broken_individual_movement(runner: CliRunner, tmp_path: Path) -> None:
    table = {"table": 1, "north": "1", "east": "2", "south": "1", "west": "4", "boards": [1]}
    path = tmp_path / "twice.json"
    path.write_text(json.dumps({"kind": "individual", "rounds": [[table]]}))
    result = run(runner, "movement", "check", str(path))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "bridgescore: error: round 1, table 1: player 1 is in two places: North at table 1,"
        " South at table 1",
        "bridgescore: error: round 1, table 1: player 1 plays board 1 again (first in round 1"
        " at table 1)",
        f"bridgescore: 2 problems in {path}",
    ]


def test_bad_individual_specs_are_one_located_line(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"kind": "individual", "rounds": [[{"table": 1, "north": "1", "east": "2",'
        ' "south": "3", "west": null, "boards": [1]}]]}'
    )
    for source, says in [
        ("individual:13x", "individual movement 'individual:13x': expected kind:NUMBERxBOARDS"),
        ("individual:14x2", "movement 'individual:14x2': players: a whist individual is stored"),
        ("rainbow-individual:6x2", "that 2 and 3 do not divide"),
        ("rainbow-individual:7x2:spin", "rainbow-individual takes no option 'spin'"),
        (str(bad), "round 1, table 1, field 'west': player id must be non-empty text"),
    ]:
        result = run(runner, "movement", "show", source)
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith("bridgescore: error: ")
        assert says in result.stderr
        assert "Traceback" not in result.output
    result = run(runner, "--lang", "fi", "movement", "show", "individual:13x")
    assert result.exit_code == 2
    assert "individual:13x" in result.stderr
    assert "expected" not in result.stderr


def test_cards_html_has_table_and_player_cards(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "cards.html"
    result = run(runner, "--lang", "es", "movement", "cards", "individual:5x2", "--html", str(out))
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert "Mesa 1" in page
    assert "Jugador 5" in page
    assert "Individual · 5 jugadores · 1 mesa · 5 rondas · estuches 1-10" in page


def test_the_cli_docs_show_what_the_command_prints(runner: CliRunner) -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    command = "$ bridgescore movement show individual:8x2"
    block = docs[docs.index(command) : docs.index("```", docs.index(command))]
    shown = [line.removeprefix("  ") for line in block.splitlines()[1:] if line.strip()]
    head, tail = shown[: shown.index("...")], shown[shown.index("...") + 1 :]
    lines = run(runner, *command.split()[2:]).stdout.splitlines()
    assert (lines[: len(head)], lines[-len(tail) :]) == (head, tail)
