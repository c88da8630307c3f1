"""The rubber and Chicago prompt: how it ends, confirming an unfinished rubber, --save and resuming.

Each test feeds keystrokes through click's runner, as a player would type them,
and checks the sheet's real totals.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bridgescore.cli.sheets as sheets_cli
from bridgescore.cli.sheets import chicago_command, rubber_command
from bridgescore.io.deal_list import load
from bridgescore.io.writing import WriteError, write_text

HINT = "Nothing typed: enter a deal"
RUBBER_QUESTION = "The rubber is not over. Finish it now as an unfinished rubber"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _json(result: Result) -> dict[str, Any]:
    """The JSON document printed after the prompt's drawings."""
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout[result.stdout.index("{\n") :])
    return data


def _no_traceback(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output


# --- ending the sheet ------------------------------------------------------------------------


def test_an_empty_line_asks_again_with_a_hint(runner: CliRunner) -> None:
    keys = "2NT N 9\n\n4H W =\nend\ny\n"
    result = runner.invoke(rubber_command, ["-i", "--json"], input=keys)
    data = _json(result)
    assert result.stdout.count(HINT) == 1
    assert "or 'end' to finish (Ctrl-D also stops)." in result.stdout
    # Both deals are on the sheet: NS 30 + 70, EW 120 and 300 for the unfinished rubber's game.
    assert len(data["deals"]) == 2
    assert data["totals"] == {"NS": 100, "EW": 420}
    assert data["stopped"] is True


def test_empty_lines_never_end_the_sheet(runner: CliRunner) -> None:
    result = runner.invoke(rubber_command, ["--json"], input="\n\n   \n2H N =\nend\ny\n")
    data = _json(result)
    assert result.stdout.count(HINT) == 3
    assert data["totals"] == {"NS": 160, "EW": 0}  # 60 below, 100 for the partscore


def test_ending_an_unfinished_rubber_asks_and_no_goes_on(runner: CliRunner) -> None:
    keys = "4H N =\nend\nn\n2S E =\nquit\ny\n"
    result = runner.invoke(rubber_command, ["-i", "--json"], input=keys)
    data = _json(result)
    out = result.stdout
    assert f"{RUBBER_QUESTION} (NS 300 for the game)? [y/N]" in out
    assert f"{RUBBER_QUESTION} (NS 300 for the game, EW 100 for the partscore)? [y/N]" in out
    assert "Deal 2 (vulnerable: NS)" in out  # declining went back to the prompt
    assert [row["deal"] for row in data["deals"]] == ["4H N =", "2S E ="]
    assert data["totals"] == {"NS": 420, "EW": 160}
    assert [b["points"] for b in data["bonuses"]] == [300, 100]


def test_the_question_says_when_there_is_no_bonus(runner: CliRunner) -> None:
    # Both sides hold a partscore: neither scores the 100.
    keys = "2H N =\n2S E =\nend\ny\n"
    result = runner.invoke(rubber_command, ["-i", "--json"], input=keys)
    assert "(no bonus: neither side has a game or a partscore of its own)?" in result.stdout
    assert _json(result)["totals"] == {"NS": 60, "EW": 60}


def test_a_finished_rubber_ends_without_asking(runner: CliRunner) -> None:
    result = runner.invoke(rubber_command, ["-i", "--json"], input="4S N =\n3NT S =\nend\n")
    data = _json(result)
    assert RUBBER_QUESTION not in result.stdout
    assert "Deal 3 (rubber 2, vulnerable: None)" in result.stdout
    assert data["totals"] == {"NS": 920, "EW": 0}  # 120 + 100 below, 700 rubber bonus
    assert data["winner"] == "NS"


def test_an_empty_sheet_ends_without_asking(runner: CliRunner) -> None:
    result = runner.invoke(rubber_command, ["-i", "--json"], input="end\n")
    assert RUBBER_QUESTION not in result.stdout
    assert _json(result)["totals"] == {"NS": 0, "EW": 0}


def test_end_of_input_at_the_question_keeps_the_rubber_unfinished(runner: CliRunner) -> None:
    # No answer is no "yes": the rubber stays as it stands, without the 100 for NS's partscore.
    result = runner.invoke(rubber_command, ["-i", "--json"], input="2H N =\nend\n")
    data = _json(result)
    assert RUBBER_QUESTION in result.stdout
    assert data["totals"] == {"NS": 60, "EW": 0}
    assert data["stopped"] is False


def test_end_of_input_keeps_the_rubber_unfinished_without_asking(runner: CliRunner) -> None:
    result = runner.invoke(rubber_command, ["-i", "--json"], input="4H W =\n")
    assert RUBBER_QUESTION not in result.stdout
    assert "Input ended: rubber 1 stays unfinished, as it stands" in result.stdout
    assert _json(result)["totals"] == {"NS": 0, "EW": 120}  # no 300 for EW's game


def test_help_at_the_prompt(runner: CliRunner) -> None:
    result = runner.invoke(rubber_command, ["-i"], input="help\n")
    assert result.stdout.count("'end' (or Ctrl-D) finishes; 'help' shows this.") == 2
    for line in ["fix 3 4H N =: deal 3 was really 4H by North", "insert 2 2S E =:", "delete 4:"]:
        assert result.stdout.count(f"  {line}") == 2
    assert result.stdout.count("  undo: the last deal goes") == 2


def test_chicago_asks_before_ending_in_the_middle_of_a_round(runner: CliRunner) -> None:
    keys = "1NT N 9\nend\nn\n4S E =\n3NTX S -1\nPass\nend\n"
    result = runner.invoke(chicago_command, ["-i", "--json"], input=keys)
    data = _json(result)
    out = result.stdout
    assert out.count("Round 1 has 1 of its 4 deals. End the session now? [y/N]") == 1
    assert "Round 1 over: NS 150, EW 520. Next deal starts a new round ('end' to stop)." in out
    assert "End the session now?" not in out[out.index("Round 1 over") :]
    assert data["totals"] == {"NS": 150, "EW": 520}
    assert len(data["deals"]) == 4


def test_chicago_empty_line_and_yes(runner: CliRunner) -> None:
    result = runner.invoke(chicago_command, ["--json"], input="\n4S N =\nend\ny\n")
    assert result.stdout.count(HINT) == 1
    assert _json(result)["totals"] == {"NS": 420, "EW": 0}


# --- bad input keeps the prompt going --------------------------------------------------------

BAD_LINES = [
    "bogus",
    "4S",  # no declarer, no result
    "4S N",  # no result
    "8NT N 7",  # no such level
    "3NT N 14",  # too many tricks
    "7NT N +1",  # no overtrick at the seven level
    "6D E = honours EW 120",
    "3NT N = honours NS 100",  # at notrump only the four aces, 150
    "Pass N 7",
    "♠♠♠",
    "x" * 500,
]


def test_bad_lines_are_one_line_each_and_the_prompt_goes_on(runner: CliRunner) -> None:
    keys = "undo\n" + "\n".join(BAD_LINES) + "\n4H W =\nend\ny\n"
    result = runner.invoke(rubber_command, ["-i", "--json"], input=keys)
    _no_traceback(result)
    errors = result.stderr.splitlines()
    assert len(errors) == len(BAD_LINES) + 1
    assert errors[0] == "error: undo: the sheet has no deals"
    assert all(line.startswith("error: ") for line in errors)
    assert "error: 'bogus': not a contract" in errors[1]
    assert _json(result)["totals"] == {"NS": 0, "EW": 420}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=20),
        min_size=1,
        max_size=5,
    )
)
def test_any_typing_never_breaks_the_prompt(lines: list[str]) -> None:
    keys = "\n".join(lines) + "\nend\ny\n"
    for command in (rubber_command, chicago_command):
        result = CliRunner().invoke(command, ["-i"], input=keys)
        _no_traceback(result)
        assert result.exit_code == 0
        assert all(line.startswith("error: ") for line in result.stderr.splitlines())


# --- saving and resuming ---------------------------------------------------------------------


def test_save_writes_the_deal_list_after_every_deal(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "game.txt"
    snapshots: list[list[str]] = []
    original = write_text

    def recording(path: str | os.PathLike[str], text: str) -> None:
        original(path, text)
        snapshots.append([str(deal) for deal in load(path).deals])

    monkeypatch.setattr(sheets_cli, "write_text", recording)
    keys = "2NT N 9\nbogus\n4H W =\n5C W -2\nundo\n5C W -1\nend\ny\n"
    result = runner.invoke(rubber_command, ["-i", "--save", str(game)], input=keys)
    assert result.exit_code == 0, result.output
    # Once at the start, then after each change (the bad line changes nothing), and once
    # more when 'end' stopped the unfinished rubber: the file says so ('stop').
    assert snapshots == [
        [],
        ["2NT N +1"],
        ["2NT N +1", "4H W ="],
        ["2NT N +1", "4H W =", "5C W -2"],
        ["2NT N +1", "4H W ="],
        ["2NT N +1", "4H W =", "5C W -1"],
        ["2NT N +1", "4H W =", "5C W -1"],
    ]
    assert game.read_text(encoding="utf-8").endswith("5C W -1\nstop\n")
    assert f"The deals are saved in {game}; to go on later: bridgescore rubber -i --save" in (
        result.stdout
    )
    assert sorted(os.listdir(tmp_path)) == ["game.txt"]  # no temporary file left behind


def test_the_saved_file_is_what_rubber_file_reads(runner: CliRunner, tmp_path: Path) -> None:
    game = tmp_path / "game.txt"
    keys = "2NT N 9\n4H W =\nend\ny\n"
    runner.invoke(rubber_command, ["--save", str(game), "--laws", "1935"], input=keys)
    text = game.read_text(encoding="utf-8")
    assert text.startswith("# bridgescore rubber: saved after every deal.\n")
    assert text.endswith("laws: 1935\n2NT N +1\n4H W =\nstop\n")
    read = json.loads(runner.invoke(rubber_command, [str(game), "--json"]).stdout)
    assert read["laws"] == "1935"
    # What the prompt showed when play stopped: EW's game scores 300 in an unfinished rubber.
    assert read["totals"] == {"NS": 100, "EW": 420}
    assert read["stopped"] is True
    # Going on at the prompt takes the stop back, and says so.
    resumed = runner.invoke(rubber_command, ["--save", str(game), "--json"], input="")
    assert "Play had stopped after deal 2; going on from there." in resumed.stdout
    assert _json(resumed)["totals"] == {"NS": 100, "EW": 120}
    assert game.read_text(encoding="utf-8").endswith("\n4H W =\n")
    finished = json.loads(runner.invoke(rubber_command, [str(game), "--finish", "--json"]).stdout)
    assert finished["totals"] == {"NS": 100, "EW": 420}


def test_resuming_a_rubber(runner: CliRunner, tmp_path: Path) -> None:
    game = tmp_path / "game.txt"
    first = runner.invoke(rubber_command, ["-i", "--save", str(game)], input="4H N =\n")
    assert first.exit_code == 0
    assert "Resuming" not in first.stdout
    second = runner.invoke(
        rubber_command, ["-i", "--save", str(game), "--json"], input="4S N =\nend\n"
    )
    data = _json(second)
    assert f"Resuming {game}: 1 deal so far." in second.stdout
    assert "Deal 2 (vulnerable: NS)" in second.stdout
    assert [row["deal"] for row in data["deals"]] == ["4H N =", "4S N ="]
    assert data["totals"] == {"NS": 940, "EW": 0}  # 120 + 120 below, 700 rubber bonus
    assert [str(deal) for deal in load(game).deals] == ["4H N =", "4S N ="]


def test_resuming_with_the_file_as_argument_too(runner: CliRunner, tmp_path: Path) -> None:
    game = tmp_path / "game.txt"
    game.write_text("4H N =\n", encoding="utf-8")
    result = runner.invoke(rubber_command, [str(game), "--save", str(game), "--json"], input="")
    assert f"Resuming {game}: 1 deal so far." in result.stdout
    assert _json(result)["totals"] == {"NS": 120, "EW": 0}  # the input ended: no bonus yet


def test_starting_from_a_file_and_saving_elsewhere(runner: CliRunner, tmp_path: Path) -> None:
    start = tmp_path / "start.txt"
    start.write_text("4H N =\n", encoding="utf-8")
    game = tmp_path / "game.txt"
    result = runner.invoke(rubber_command, [str(start), "--save", str(game)], input="2S E =\n")
    assert result.exit_code == 0
    assert [str(deal) for deal in load(game).deals] == ["4H N =", "2S E ="]
    assert start.read_text(encoding="utf-8") == "4H N =\n"


def test_a_file_argument_and_another_existing_save_file(runner: CliRunner, tmp_path: Path) -> None:
    start = tmp_path / "start.txt"
    start.write_text("4H N =\n", encoding="utf-8")
    game = tmp_path / "game.txt"
    game.write_text("2S E =\n", encoding="utf-8")
    result = runner.invoke(rubber_command, [str(start), "--save", str(game)], input="")
    assert result.exit_code == 2
    assert f"--save '{game}' already exists, so the sheet resumes from it" in result.output
    assert game.read_text(encoding="utf-8") == "2S E =\n"


def test_a_bad_saved_file_is_one_line(runner: CliRunner, tmp_path: Path) -> None:
    game = tmp_path / "game.txt"
    game.write_text("4H N =\n4S =\n", encoding="utf-8")
    result = runner.invoke(rubber_command, ["-i", "--save", str(game)], input="")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"bridgescore: error: {game}, line 2: '4S =': no declarer;"
        " write the declarer after the contract, like '4S N =' or '3NT S 10'"
    ]


def test_an_unwritable_save_file_fails_before_any_deal(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "no-such-directory" / "game.txt"
    result = runner.invoke(rubber_command, ["-i", "--save", str(target)], input="4H N =\n")
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert line.startswith("bridgescore: error: ")
    assert "No such file or directory" in line
    assert "Deal 1" not in result.stdout


def test_a_failed_save_at_the_prompt_is_one_line_and_play_goes_on(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []

    def failing(path: str | os.PathLike[str], text: str) -> None:
        calls.append(text)
        if len(calls) > 1:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(sheets_cli, "write_text", failing)
    game = tmp_path / "game.txt"
    keys = "4H N =\n4S N =\nend\n"
    result = runner.invoke(rubber_command, ["-i", "--save", str(game), "--json"], input=keys)
    assert (
        result.stderr.splitlines()
        == ["error: could not save the deals: [Errno 28] No space left on device"] * 2
    )
    assert _json(result)["totals"] == {"NS": 940, "EW": 0}


def test_chicago_saves_its_settings_and_resumes_with_them(
    runner: CliRunner, tmp_path: Path
) -> None:
    club = tmp_path / "club.txt"
    options = ["-i", "--save", str(club), "--scoring", "classic", "--dealer", "E", "--json"]
    first = runner.invoke(chicago_command, options, input="2H N =\n2S S =\n")
    # Dealer E: deal 2 is dealt by S, so EW are vulnerable and NS's game is worth 300.
    assert _json(first)["totals"] == {"NS": 420, "EW": 0}
    lines = club.read_text(encoding="utf-8").splitlines()
    assert lines[2:] == [
        "laws: 2017",
        "vulnerability: dealer-opponents",
        "scoring: classic",
        "honours: yes",
        "dealer: E",
        "2H N =",
        "2S S =",
    ]
    second = runner.invoke(
        chicago_command, ["-i", "--save", str(club), "--json"], input="4H W =\n1NT N 7\nend\n"
    )
    data = _json(second)
    assert f"Resuming {club}: 2 deals so far." in second.stdout
    assert "Deal 3 (round 1, deal 3; dealer W, vulnerable: NS)" in second.stdout
    assert (data["scoring"], data["first_dealer"]) == ("classic", "E")
    # Deal 3: EW's 4H is a game at NS-vulnerable (EW not): 120 + 300.
    # Deal 4: 1NT by N making 7 is a partscore on the fourth deal: 40 + 100.
    assert [row["points"] for row in data["deals"]] == [
        {"NS": 60, "EW": 0},
        {"NS": 360, "EW": 0},
        {"NS": 0, "EW": 420},
        {"NS": 140, "EW": 0},
    ]
    assert data["totals"] == {"NS": 560, "EW": 420}
    assert "End the session now?" not in second.stdout  # the round was over


@pytest.mark.parametrize("command", [rubber_command, chicago_command])
def test_help_shows_save_with_an_example(runner: CliRunner, command: Any) -> None:
    out = runner.invoke(command, ["--help"]).stdout
    assert "--save FILE" in out
    assert f"bridgescore {command.name} -i --save " in out
    assert "resumes" in out


# --- writing atomically ----------------------------------------------------------------------


def test_a_save_replaces_the_file_and_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "game.txt"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)
    write_text(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert os.listdir(tmp_path) == ["game.txt"]


def test_a_save_that_fails_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.txt"
    target.write_text("old\n", encoding="utf-8")

    def broken(src: str, dst: str) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(WriteError, match=r"game\.txt': cannot write: Input/output error"):
        write_text(target, "new\n")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert os.listdir(tmp_path) == ["game.txt"]


def test_the_docs_show_the_question_as_the_prompt_asks_it(runner: CliRunner) -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "sheets.md").read_text(encoding="utf-8")
    shown = docs[docs.index("Deal 3 (vulnerable: NS): end") :].splitlines()[1]
    question = shown.removesuffix(" n")
    result = runner.invoke(rubber_command, ["-i"], input="2NT N 9\n4H N =\nend\nn\n")
    assert "Deal 3 (vulnerable: NS): end" in result.stdout
    assert question in result.stdout
    assert question == f"{RUBBER_QUESTION} (NS 300 for the game)? [y/N]:"
