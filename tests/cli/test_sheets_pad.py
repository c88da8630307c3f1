"""The score pad at the prompt as a home player uses it (issue 17).

The rubber is "Puntuación de puente"'s six deals ("Un ejemplo de goma", South keeping
score), typed as a player reads them off the text's table; the totals after each deal
are the text's own figures, added up deal by deal: NS 100 (deal 1), EW 120 (deal 2), NS
200 (deal 3), NS 390 (deal 4), NS 80 (deal 5), EW 1020 (deal 6) and EW's 500 rubber
bonus, "Total 770 1640".
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import bridgescore.cli.sheets as sheets_cli
from bridgescore.cli import _i18n
from bridgescore.cli.sheets import chicago_command, rubber_command
from bridgescore.errors import Reader
from bridgescore.i18n import ENGLISH, Words

SPANISH_RUBBER = [
    "2NT N 9",  # "1 norte 2NT 3": 70 below, 30 above
    "4H W =",  # "2 W 4 ♥ 4": 120 below, EW's game
    "5C W -2",  # "3 W 5 ♣ abajo 2": 200 to NS, EW vulnerable
    "4SX S 11",  # "4 S 4 ♠ X 5": 240 below, 100 + 50 above
    "3C N 10",  # "5 norte 3 ♣ 4": 60 below, 20 above
    "6D E 12 honours EW 150",  # "6 mi 6 ♦ 6": 120 below, 750 slam, 150 honours
]
TOTALS_AFTER_EACH_DEAL = [(100, 0), (100, 120), (300, 120), (690, 120), (770, 120), (770, 1640)]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _json(result: Result) -> dict[str, Any]:
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout[result.stdout.index("{\n") :])
    return data


def _total_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("Total: ")]


def _keys(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def test_the_spanish_rubber_deal_by_deal(runner: CliRunner) -> None:
    result = runner.invoke(rubber_command, ["-i", "--json"], input=_keys(*SPANISH_RUBBER, "end"))
    data = _json(result)
    assert result.stderr == ""
    shown = _total_lines(result.stdout)
    assert [line.split(":")[1] for line in shown] == [
        f" NS {ns}, EW {ew}" for ns, ew in TOTALS_AFTER_EACH_DEAL
    ]
    assert "EW win the rubber two games to one: 500 rubber bonus." in result.stdout
    assert [row["game_won_by"] for row in data["deals"]] == [None, "EW", None, "NS", None, "EW"]
    assert data["totals"] == {"NS": 770, "EW": 1640}


def test_after_the_rubber_the_next_one_starts(runner: CliRunner) -> None:
    keys = _keys(*SPANISH_RUBBER, "4H N =", "end", "y")
    result = runner.invoke(rubber_command, ["-i", "--json"], input=keys)
    data = _json(result)
    assert result.stderr == ""
    out = result.stdout
    assert "Rubber 1 is over. The next deal starts rubber 2" in out
    assert "Deal 7 (rubber 2, vulnerable: None)" in out
    assert "Deal 8 (rubber 2, vulnerable: NS)" in out
    # The second rubber stopped after NS's game: 120 below and 300 for the unfinished game.
    assert data["kind"] == "rubber-session"
    assert [r["totals"] for r in data["rubbers"]] == [
        {"NS": 770, "EW": 1640},
        {"NS": 420, "EW": 0},
    ]
    assert data["totals"] == {"NS": 1190, "EW": 1640}
    assert "Session: Total: NS 890, EW 1640: EW ahead by 750." in out  # before stopping


def test_session_at_the_prompt_prints_the_session(runner: CliRunner, tmp_path: Path) -> None:
    game = tmp_path / "game.txt"
    result = runner.invoke(
        rubber_command,
        ["--session", "--save", str(game), "--json"],
        input=_keys(*SPANISH_RUBBER[:2]),
    )
    data = _json(result)
    assert data["kind"] == "rubber-session"
    # The input ended after EW's game: the rubber goes on, so no bonus yet (EW 120, NS 100).
    assert data["totals"] == {"NS": 100, "EW": 120}
    resumed = runner.invoke(
        rubber_command,
        ["--session", "--save", str(game), "--json"],
        input=_keys(*SPANISH_RUBBER[2:], "3NT S =", "end", "y"),
    )
    again = _json(resumed)
    assert "Resuming" in resumed.stdout
    assert [len(r["deals"]) for r in again["rubbers"]] == [6, 1]
    assert game.read_text(encoding="utf-8").splitlines()[-2:] == ["3NT S =", "stop"]


def test_fix_insert_delete_and_undo_say_what_changed(runner: CliRunner) -> None:
    keys = _keys(
        *SPANISH_RUBBER,
        "fix 3 5C W -1",  # one down, vulnerable: NS 100 instead of 200
        "fix 3 5C W -2",
        "insert 2 3NT N =",
        "delete 2",
        "undo",
        "end",
        "y",
    )
    result = runner.invoke(rubber_command, ["-i", "--json"], input=keys)
    data = _json(result)
    said = [line for line in result.stdout.splitlines() if line.startswith("Deal ")]
    said = [line[line.index("Deal ", 1) :] if "): Deal" in line else line for line in said]
    answers = [line for line in said if "Totals" in line]
    assert answers == [
        "Deal 3 fixed: '5C W -2' is now '5C W -1'."
        " Totals now NS 670, EW 1640 (were NS 770, EW 1640).",
        "Deal 3 fixed: '5C W -1' is now '5C W -2'."
        " Totals now NS 770, EW 1640 (were NS 670, EW 1640).",
        # NS's 3NT as deal 2 is game 1; EW's 4H game 2; NS's 4SX +1, now vulnerable
        # (240 + 200 + 50), ends the rubber: NS 100 + 100 + 200 + 490 + 500, EW 120.
        # 3C and 6D start rubber 2: NS 80, EW 120 + 500 (not vulnerable) + 150.
        "Deal 2 inserted: '3NT N ='. Deals 2-6 are now 3-7."
        " Totals now NS 1470, EW 890 (were NS 770, EW 1640).",
        "Deal 2 deleted: '3NT N ='. Deals 3-7 are now 2-6."
        " Totals now NS 770, EW 1640 (were NS 1470, EW 890).",
        "Deal 6 removed: '6D E = honours EW 150'."
        " Totals now NS 770, EW 120 (were NS 770, EW 1640).",
    ]
    assert result.stderr == ""
    # Ended as an unfinished rubber, a game all: no game bonus; NS's 60 is the only partscore.
    assert data["totals"] == {"NS": 870, "EW": 120}


BAD_CHANGES = [
    ("fix 3 5C W 14", "error: '5C W 14': a deal has 13 tricks; tricks taken is 0 to 13"),
    ("insert 2 4H N +4", "error: '4H N +4': 4H can make at most 13 tricks (at most +3)"),
    (
        "fix 1 2NT N 9 honours NS 100",
        "error: honours NS 100 at 2NT: at notrump only the four aces in one hand count, for 150",
    ),
    ("3NT S = honours EW 100", "error: honours EW 100 at 3NT: at notrump only the four aces"),
    ("fix 2 Pass honours EW 150", "error: honours EW 150: a passed-out deal has no trumps"),
    ("fix 9 4H W =", "error: deal 9: no such deal in this session (deals: 1 to 6)"),
    ("delete 0", "error: deal 0: no such deal in this session (deals: 1 to 6)"),
    ("fix", "error: 'fix': say which deal, by its number, like 'fix 3 4H N ='"),
    ("fix 3", "error: 'fix 3': say what the deal was, like 'fix 3 4H N ='"),
    ("insert two 4H W =", "error: 'insert two 4H W =': say which deal, by its number"),
    ("delete 4 4SX S 11", "error: 'delete 4 4SX S 11': 'delete' takes only the deal's number"),
    ("undo 2", "error: 'undo' takes nothing after it"),
]


def test_bad_input_changes_nothing_and_says_why(runner: CliRunner, tmp_path: Path) -> None:
    game = tmp_path / "game.txt"
    runner.invoke(rubber_command, ["--save", str(game)], input=_keys(*SPANISH_RUBBER))
    saved = game.read_text(encoding="utf-8")
    keys = _keys(*(line for line, _ in BAD_CHANGES), "end")
    result = runner.invoke(rubber_command, ["--save", str(game), "--json"], input=keys)
    errors = result.stderr.splitlines()
    assert len(errors) == len(BAD_CHANGES)
    for error, (line, expected) in zip(errors, BAD_CHANGES, strict=True):
        assert error.startswith(expected), line
    assert game.read_text(encoding="utf-8") == saved
    assert _json(result)["totals"] == {"NS": 770, "EW": 1640}


def test_honours_that_can_be_held_are_taken(runner: CliRunner) -> None:
    # 150 in a suit contract (five trump honours: a suit contract allows 150 too),
    # 150 at notrump (four aces), 100 in a suit (four trump honours).
    keys = _keys(
        "4H W = honours NS 150",
        "fix 1 3NT W = honours NS 150",
        "fix 1 2S W = honours EW 100",
        "end",
        "y",
    )
    result = runner.invoke(rubber_command, ["-i", "--json"], input=keys)
    assert result.stderr == ""
    # 2S by W made: 60 below and EW's own 100 honours; stopped: EW 100 for the partscore.
    assert _json(result)["totals"] == {"NS": 0, "EW": 260}


def test_a_chicago_option_wins_over_the_saved_header_and_says_so(
    runner: CliRunner, tmp_path: Path
) -> None:
    club = tmp_path / "club.txt"
    first = runner.invoke(chicago_command, ["--save", str(club)], input="4S N = honours NS 100\n")
    assert first.exit_code == 0
    assert "honours: no" in club.read_text(encoding="utf-8")
    resumed = runner.invoke(
        chicago_command, ["--save", str(club), "--scoring", "classic", "--json"], input="end\ny\n"
    )
    data = _json(resumed)
    notes = [line for line in resumed.stdout.splitlines() if line.startswith("Options given")]
    assert notes == [
        "Options given: --scoring classic wins over the file's 'scoring: duplicate';"
        " honours are counted, as classic scoring counts them (the file's 'honours: no'"
        " went with its scoring; --no-honours to change)."
    ]
    # Classic, deal 1 (nobody vulnerable): 120 + 300 for the game + 100 honours.
    assert data["totals"] == {"NS": 520, "EW": 0}
    assert "honours: yes" in club.read_text(encoding="utf-8")
    kept = runner.invoke(
        chicago_command,
        ["--save", str(club), "--scoring", "duplicate", "--no-honours", "--json"],
        input="",
    )
    assert "--no-honours wins over the file's 'honours: yes'" in kept.stdout
    assert _json(kept)["totals"] == {"NS": 420, "EW": 0}


def test_chicago_fix_at_the_prompt(runner: CliRunner) -> None:
    keys = _keys("1NT N 9", "4S E =", "fix 2 4S E -1", "delete 1", "end", "y")
    result = runner.invoke(chicago_command, ["-i", "--json"], input=keys)
    out = result.stdout
    # Deal 2: EW not vulnerable (dealer E's opponents, NS, are): one down is 50 to NS.
    assert (
        "Deal 2 fixed: '4S E =' is now '4S E -1'."
        " Totals now NS 200, EW 0 (were NS 150, EW 420)." in out
    )
    # Deleted deal 1, 4S by E one down is deal 1 now: nobody vulnerable, still 50.
    assert "Deal 1 deleted: '1NT N +2'. Deal 2 is now deal 1." in out
    assert _json(result)["totals"] == {"NS": 50, "EW": 0}


def test_every_message_goes_through_gettext(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sheets_cli, "_", lambda text: f"«{text}»")
    # a library error is rendered to the command's reader (its catalogue and notation)
    marking = Reader(lambda text: f"«{text}»", ENGLISH.notation.written)
    monkeypatch.setattr(sheets_cli, "cli_reader", lambda: marking)
    # A deal said back in words is the library's (i18n.Words.spoken, its own catalogue).
    monkeypatch.setattr(Words, "spoken", lambda self, result, points=None: f"«{result}»")
    keys = _keys("help", "4H W =", "fix 1 4H W -1", "bogus", "end", "y")
    result = runner.invoke(rubber_command, ["-i"], input=keys)
    # Take out every message: what is left is the drawing's rules, numbers and deal
    # numbers, and the ": " click puts after a prompt.
    left = result.stdout
    for typed in keys.splitlines():
        left = left.replace(f": {typed}\n", ":\n")
    while "«" in left:
        left, count = re.subn(r"«[^«»]*»", "", left)
        assert count, left
    left = left.replace(" [y/N]", "")
    assert set(left) <= set("━─┼│┃╇┄ 0123456789:\n"), left
    assert result.stdout.count("«") > 20
    assert result.stderr.startswith("«error: «'bogus': not a contract;")  # its message too


def test_the_catalogue_falls_back_to_english() -> None:
    assert _i18n.DOMAIN == "django"  # the one catalogue the web app, reports and CLI share
    assert _i18n.LOCALE_DIR.name == "locale"
    assert _i18n.LOCALE_DIR.parent.name == "bridgescore"
    assert _i18n._("Deal {number} (vulnerable: {vulnerability})") == (
        "Deal {number} (vulnerable: {vulnerability})"
    )
