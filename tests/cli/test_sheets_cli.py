"""``bridgescore rubber`` and ``bridgescore chicago`` through click's test runner."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from bridgescore.cli.sheets import chicago_command, rubber_command

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RUBBER = str(EXAMPLES / "rubber.txt")
CHICAGO = str(EXAMPLES / "chicago.txt")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _one_error_line(stderr: str) -> str:
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert len(lines) == 1
    return lines[0]


def test_rubber_draws_the_seed_sheet(runner: CliRunner) -> None:
    result = runner.invoke(rubber_command, [RUBBER])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "We (NS)" in out
    assert "They (EW)" in out
    assert "770" in out
    assert "1640" in out
    assert "500  rubber bonus" in out
    assert "EW win the rubber two games to one: 500 rubber bonus." in out
    assert "Total: NS 770, EW 1640: EW ahead by 870." in out


def test_rubber_sheet_layout(runner: CliRunner) -> None:
    out = runner.invoke(rubber_command, [RUBBER]).stdout.splitlines()
    rules = [n for n, line in enumerate(out) if line.startswith("─")]
    # The line, and the rule over the totals; the games are lines drawn in the columns.
    assert len(rules) == 2
    above = out[: rules[0]]
    # Above the line the latest entry is on top: the rubber bonus over honours and slam.
    ew_above = [line.split("│")[1].strip() for line in above if "│" in line]
    ew_above = [cell for cell in ew_above if cell]
    assert ew_above == ["500  rubber bonus", "150  6: honours", "750  6: slam bonus"]
    below = [[cell.strip() for cell in line.split("│")] for line in out[rules[0] + 1 : rules[1]]]
    # Deal 2: EW's 120 is game 1, and the line under NS's 70 is the partscore it cut, not
    # a game line; deal 4: NS's game 2, over an EW column with no partscore; deal 6: EW's
    # game 3 cuts NS's 60 (the text's panels: "los 70 puntos están cortados").
    assert below == [
        ["70  1: contract points", ""],
        ["", "120  2: contract points"],
        ["┄┄ 70 cut " + "┄" * 16, "━━ game 1 " + "━" * 16],
        ["240  4: contract points", ""],
        ["━━ game 2 " + "━" * 16, "━" * 26],
        ["60  5: contract points", ""],
        ["", "120  6: contract points"],
        ["┄┄ 60 cut " + "┄" * 16, "━━ game 3 " + "━" * 16],
    ]


def test_we_can_be_east_west(runner: CliRunner) -> None:
    out = runner.invoke(rubber_command, [RUBBER, "--we", "ew"]).stdout.splitlines()
    assert out[1].split("┃")[0].strip() == "We (EW)"
    assert out[1].split("┃")[1].strip() == "They (NS)"
    # The footer under the columns: EW's 1640 first now.
    assert out[-4].split("│")[0].strip() == "1640"
    assert out[-4].split("│")[1].strip() == "770"
    assert "Total: NS 770, EW 1640: EW ahead by 870." in out
    chicago = runner.invoke(chicago_command, [CHICAGO, "--we", "EW"]).stdout
    header = next(line for line in chicago.splitlines() if "Dealer" in line)
    assert header.index("We (EW)") < header.index("They (NS)")


def test_chicago_is_drawn_we_and_they(runner: CliRunner) -> None:
    out = runner.invoke(chicago_command, [CHICAGO]).stdout.splitlines()
    header = [cell.strip() for cell in next(line for line in out if "Dealer" in line).split("┃")]
    assert header == ["#", "Dealer", "Vul", "Deal", "We (NS)", "They (EW)", "Notes"]
    total = [cell.strip() for cell in next(line for line in out if "Total  " in line).split("│")]
    assert total[3:6] == ["Total", "2420", "510"]


def test_rubber_json(runner: CliRunner) -> None:
    result = runner.invoke(rubber_command, [RUBBER, "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["kind"] == "rubber"
    assert data["totals"] == {"NS": 770, "EW": 1640}
    assert data["winner"] == "EW"
    assert data["margin"] == 870
    assert data["complete"] is True
    assert len(data["deals"]) == 6
    assert [d["game_won_by"] for d in data["deals"]] == [None, "EW", None, "NS", None, "EW"]
    assert data["deals"][3]["above"] == {"NS": 150, "EW": 0}
    assert data["bonuses"][0]["points"] == 500
    assert set(data["deals"][0]) >= {"number", "deal", "vulnerability", "above", "below", "game"}


def test_rubber_laws_option(runner: CliRunner) -> None:
    result = runner.invoke(rubber_command, ["-", "--laws", "1935", "--json"], input="4SX N -4\n")
    assert json.loads(result.stdout)["totals"] == {"NS": 0, "EW": 700}


def test_rubber_from_stdin_and_finish(runner: CliRunner) -> None:
    result = runner.invoke(rubber_command, ["-", "--finish"], input="4H N =\n2S E =\n")
    assert result.exit_code == 0
    assert "300  unfinished rubber: game" in result.stdout
    assert "100  unfinished rubber: partscore" in result.stdout
    assert "Total: NS 420, EW 160" in result.stdout


def test_rubber_session(runner: CliRunner) -> None:
    text = Path(RUBBER).read_text(encoding="utf-8") + "4H N =\n"
    result = runner.invoke(rubber_command, ["-", "--session", "--json"], input=text)
    data = json.loads(result.stdout)
    assert len(data["rubbers"]) == 2
    assert data["totals"] == {"NS": 890, "EW": 1640}
    drawn = runner.invoke(rubber_command, ["-", "--session"], input=text).stdout
    assert "Rubber 2" in drawn
    assert "Session: Total: NS 890, EW 1640" in drawn


def test_bad_file_is_one_line_naming_file_and_line(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("2NT N 9\n\n4H =\n", encoding="utf-8")
    result = runner.invoke(rubber_command, [str(path)])
    assert result.exit_code == 2
    line = _one_error_line(result.stderr)
    assert line.startswith(f"bridgescore: error: {path}, line 3: '4H =': no declarer")


def test_deal_after_the_rubber_is_located(runner: CliRunner) -> None:
    text = Path(RUBBER).read_text(encoding="utf-8") + "4H N =\n"
    result = runner.invoke(rubber_command, ["-"], input=text)
    assert result.exit_code == 2
    line = _one_error_line(result.stderr)
    assert "<stdin>, line 13: '4H N =': the rubber is over after deal 6" in line


def test_missing_file(runner: CliRunner) -> None:
    result = runner.invoke(rubber_command, ["no-such-file.txt"])
    assert result.exit_code == 2
    assert "no-such-file.txt" in _one_error_line(result.stderr)


def test_bad_laws(runner: CliRunner) -> None:
    result = runner.invoke(chicago_command, [CHICAGO, "--laws", "1066"])
    assert result.exit_code == 2
    assert "'1066': not a law set" in _one_error_line(result.stderr)


def test_rubber_interactive(runner: CliRunner) -> None:
    keys = "2NT N 9\n9S N =\n4H W =\nundo\n4H W =\nquit\ny\n"
    result = runner.invoke(rubber_command, ["-i"], input=keys)
    assert result.exit_code == 0
    assert "error: '9S N =': a contract's level is 1 to 7" in result.stderr
    out = result.stdout
    assert "Deal 1 (vulnerable: None)" in out
    assert "Deal 3 (vulnerable: EW)" in out
    # After undo the prompt asks for deal 2 again.
    assert out.count("Deal 2 (vulnerable: None)") == 3
    # Quitting (confirmed) stops play: EW are a game up and score 300.
    assert "Finish it now as an unfinished rubber (EW 300 for the game)? [y/N]" in out
    assert out.rstrip().endswith("Total: NS 100, EW 420: EW ahead by 320.")


def test_rubber_interactive_without_file_keeps_the_rubber_unfinished_at_eof(
    runner: CliRunner,
) -> None:
    result = runner.invoke(rubber_command, ["--json"], input="2H N =\n")
    assert result.exit_code == 0
    data = json.loads(result.stdout[result.stdout.index("{\n") :])
    # The input ended, nobody said the rubber was over: 60 below, no bonus for the partscore.
    assert data["totals"] == {"NS": 60, "EW": 0}
    assert data["stopped"] is False
    assert "Input ended: rubber 1 stays unfinished" in result.stdout


def test_rubber_interactive_goes_on_to_the_next_rubber(runner: CliRunner) -> None:
    keys = "4S N =\n3NT S =\n1C N =\nend\ny\n"
    result = runner.invoke(rubber_command, ["-i"], input=keys)
    assert result.exit_code == 0
    assert result.stderr == ""
    out = result.stdout
    assert "NS win the rubber two games to none: 700 rubber bonus." in out
    assert "Rubber 1 is over. The next deal starts rubber 2" in out
    assert "Deal 3 (rubber 2, vulnerable: None)" in out
    # Rubber 2 stopped after NS's 1C: 20 below and 100 for the unfinished partscore.
    assert "Session: Total: NS 1040, EW 0: NS ahead by 1040." in out


def test_rubber_interactive_continues_a_file(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "start.txt"
    path.write_text("4S N =\n", encoding="utf-8")
    result = runner.invoke(rubber_command, [str(path), "-i"], input="3NT S =\n")
    assert "700 rubber bonus" in result.stdout


def test_chicago_draws_the_example(runner: CliRunner) -> None:
    result = runner.invoke(chicago_command, [CHICAGO])
    assert result.exit_code == 0
    out = result.stdout
    assert "Round 1" in out
    assert "Round 2" in out
    assert "Total: NS 2420, EW 510: NS ahead by 1910." in out


def test_chicago_options_override_the_file(runner: CliRunner) -> None:
    classic = runner.invoke(chicago_command, [CHICAGO, "--scoring", "classic", "--json"])
    assert json.loads(classic.stdout)["totals"] == {"NS": 2370, "EW": 460}
    dealer = runner.invoke(chicago_command, [CHICAGO, "--vulnerability", "dealer", "--json"])
    data = json.loads(dealer.stdout)
    assert data["vulnerability"] == "dealer"
    assert [d["vulnerability"] for d in data["deals"][:4]] == ["None", "EW", "NS", "Both"]


def test_chicago_json(runner: CliRunner) -> None:
    data = json.loads(runner.invoke(chicago_command, [CHICAGO, "--json"]).stdout)
    assert data["kind"] == "chicago"
    assert data["scoring"] == "duplicate"
    assert data["honours"] is False
    assert data["first_dealer"] == "N"
    assert [r["totals"] for r in data["rounds"]] == [
        {"NS": 940, "EW": 420},
        {"NS": 1480, "EW": 90},
    ]
    assert data["totals"] == {"NS": 2420, "EW": 510}
    assert data["winner"] == "NS"
    assert len(data["deals"]) == 8


def test_chicago_honours_and_dealer(runner: CliRunner) -> None:
    keys = "4S N = honours NS 100\n"
    off = runner.invoke(chicago_command, ["-", "--json"], input=keys)
    assert json.loads(off.stdout)["totals"] == {"NS": 420, "EW": 0}
    on = runner.invoke(chicago_command, ["-", "--honours", "--json"], input=keys)
    assert json.loads(on.stdout)["totals"] == {"NS": 520, "EW": 0}
    drawn = runner.invoke(chicago_command, ["-", "--dealer", "w"], input=keys).stdout
    assert "honours not counted" in drawn
    assert " W " in drawn


def test_chicago_interactive(runner: CliRunner) -> None:
    keys = "1NT N 9\n4S E =\nbogus\n3NTX S -1\nPass\nundo\nPass\n4H N =\nquit\ny\n"
    result = runner.invoke(chicago_command, ["-i"], input=keys)
    assert result.exit_code == 0
    assert "error: 'bogus': not a contract" in result.stderr
    out = result.stdout
    assert "Deal 2 (round 1, deal 2; dealer E, vulnerable: NS)" in out
    assert "Round 1 over: NS 150, EW 520." in out
    assert "Deal 5 (round 2, deal 1; dealer N, vulnerable: None)" in out
    assert out.rstrip().endswith("Total: NS 570, EW 520: NS ahead by 50.")


@pytest.mark.parametrize("command", [rubber_command, chicago_command])
def test_help_has_an_example(runner: CliRunner, command: click.Command) -> None:
    result = runner.invoke(command, ["--help"])
    assert result.exit_code == 0
    assert "Example" in result.stdout
    assert f"bridgescore {command.name} examples/" in result.stdout


def test_commands_are_in_the_main_group() -> None:
    from bridgescore.cli.main import cli

    assert isinstance(cli, click.Group)
    assert cli.commands["rubber"] is rubber_command
    assert cli.commands["chicago"] is chicago_command
