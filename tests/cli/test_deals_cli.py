"""``bridgescore deals`` and the analysis ``event --json`` and ``report`` carry."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli.main import cli

pytestmark = pytest.mark.dd

DATA = Path(__file__).resolve().parents[1] / "io" / "data" / "pbn"
COMPOSER = str(DATA / "bridgecomposer_2025-12-23.pbn")

# Checked by hand (see tests/analysis): North and South take C3 D10 H3 S10 NT3, East and
# West C10 D3 H10 S3 NT3; par is East-West's sacrifice 5♥X-1 or 5♣X-1.
GOLDEN = "N:AKQJT98..432.AKQ .AKQJT98.AKQ.432 765432..JT98765. .765432..JT98765"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def _pbn(tmp_path: Path, *deals: tuple[int, str]) -> str:
    games = [f'[Event "Hands"]\n[Board "{board}"]\n[Deal "{deal}"]\n' for board, deal in deals]
    path = tmp_path / "hands.pbn"
    path.write_text("\n".join(games), encoding="utf-8")
    return str(path)


def test_deals_prints_each_board_with_points_grid_and_par(tmp_path: Path) -> None:
    result = run("deals", _pbn(tmp_path, (1, GOLDEN), (4, GOLDEN)), "--jobs", "1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "Board 1 · Dealer North, vulnerable: None" in lines
    assert "Board 4 · Dealer West, vulnerable: Both" in lines
    assert lines.count("                  North (19)") == 2
    assert any(line.startswith("West (1)") and line.endswith("East (19)") for line in lines)
    assert "      NT   ♠   ♥   ♦   ♣" in lines
    assert lines.count("N      3  10   3  10   3") == 2
    assert lines.count("E      3   3  10   3  10") == 2
    assert "Par NS +100: EW 5♥X-1; EW 5♣X-1" in lines  # board 1: nobody vulnerable
    assert "Par NS +200: EW 5♥X-1; EW 5♣X-1" in lines  # board 4: both


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fi", ["Avoimin kortein", "P      3  10   3  10   3", "Par PE +100: IL 5♥X-1; IL 5♣X-1",
                "Brikka 1 · Jakaja Pohjoinen, vaarassa: Ei kukaan"]),
        ("es", ["Doble muerto", "      ST   ♠   ♥   ♦   ♣", "O      3   3  10   3  10",
                "Par NS +100: EO 5♥X-1; EO 5♣X-1"]),
    ],
)  # fmt: skip
def test_deals_in_the_players_language(tmp_path: Path, language: str, said: list[str]) -> None:
    result = run("deals", _pbn(tmp_path, (1, GOLDEN)), "--lang", language)
    assert result.exit_code == 0, result.output
    for line in said:
        assert line in result.stdout.splitlines(), (line, result.stdout)


def test_deals_json_is_the_files_own_figures() -> None:
    """BridgeComposer's board 12: its DoubleDummyTricks ``5577866855886657568`` read by
    hand (declarers N, S, E, W; strains NT, S, H, D, C) and its ParContract ``E 1N+1``."""
    result = run("deals", COMPOSER, "--json")
    assert result.exit_code == 0, result.output
    boards = json.loads(result.stdout)
    assert [b["board"] for b in boards] == list(range(1, 25))
    twelve = boards[11]
    assert (twelve["dealer"], twelve["vulnerability"]) == ("W", "NS")
    assert twelve["double_dummy"] == {
        "N": {"NT": 5, "S": 5, "H": 5, "D": 7, "C": 7},
        "S": {"NT": 5, "S": 5, "H": 5, "D": 7, "C": 7},
        "E": {"NT": 8, "S": 8, "H": 8, "D": 5, "C": 6},
        "W": {"NT": 7, "S": 8, "H": 7, "D": 5, "C": 6},
    }
    assert twelve["par"] == {"score": -120, "contracts": ["E 1N+1"]}
    assert twelve["hcp"] == {"N": 3, "E": 10, "S": 13, "W": 14}


def test_event_json_carries_the_boards() -> None:
    result = run("event", COMPOSER, "--json", "--jobs", "2")
    assert result.exit_code == 0, result.output
    boards = json.loads(result.stdout)["boards"]
    assert len(boards) == 24
    assert boards[0]["par"] == {"score": -460, "contracts": ["EW 3N+2"]}  # the file's own
    assert set(boards[0]) == {
        "board", "dealer", "vulnerability", "deal", "hcp", "double_dummy", "par",
    }  # fmt: skip


def test_a_bad_deal_is_named_and_the_rest_analysed(tmp_path: Path) -> None:
    short = GOLDEN[:-1]  # West holds 12 cards
    result = run("deals", _pbn(tmp_path, (1, GOLDEN), (2, short)))
    assert result.exit_code == 2
    assert "hands.pbn, line 7, board 2, [Deal]" in result.stderr
    assert "a full deal has 13 cards a hand (N 13, E 13, S 13, W 12)" in result.stderr
    assert "Par NS +100: EW 5♥X-1; EW 5♣X-1" in result.stdout  # board 1 still analysed


def test_a_partial_deal_is_shown_and_said_not_analysed(tmp_path: Path) -> None:
    result = run("deals", _pbn(tmp_path, (3, "N:AKQ.JT9.876.5432 - - -")))
    assert result.exit_code == 2
    assert "board 3: the deal is not 52 cards, 13 a hand (N 13, E 0, S 0, W 0)" in result.stderr
    assert "♠ AKQ" in result.stdout
    assert "Double dummy" not in result.stdout


def test_without_the_solver_the_files_analysis_and_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("endplay", "endplay.dds", "endplay._dds", "endplay.types"):
        monkeypatch.setitem(sys.modules, name, None)
    result = run("deals", COMPOSER)
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if "dd" in line]
    assert said == [
        "bridgescore: Double-dummy analysis needs the dd extra (endplay is missing):"
        " pip install 'bridgescore[dd]'"
    ]
    assert "Par EW +120" not in result.stdout
    assert "Par NS -120: E 1NT+1" in result.stdout  # the file's own par


def test_no_deals_and_bad_jobs_are_errors(tmp_path: Path) -> None:
    csv = Path(__file__).resolve().parents[2] / "examples" / "pairs-mitchell.csv"
    result = run("deals", str(csv))
    assert result.exit_code == 2
    assert "no deal to show" in result.stderr
    result = run("deals", COMPOSER, "--jobs", "0")
    assert result.exit_code == 2
    assert "--jobs" in result.stderr


def test_report_shows_the_solvers_analysis(tmp_path: Path) -> None:
    site = tmp_path / "site"
    result = run("report", _pbn(tmp_path, (4, GOLDEN)), "--html", str(site), "--jobs", "1")
    assert result.exit_code == 0, result.output
    page = (site / "board-4.html").read_text(encoding="utf-8")
    assert "Double dummy" in page
    assert "NS +200" in page


def test_no_analysis_leaves_the_solver_out_and_shows_the_files_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--no-analysis``: the deals without the solver's tables and par (a file's own are
    still shown), and the solver is never asked."""

    def asked(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the solver was asked")

    monkeypatch.setattr("bridgescore.events.deals.analysed", asked)
    monkeypatch.setattr("bridgescore.cli.deals.analysed", asked)
    result = run("event", COMPOSER, "--json", "--no-analysis")
    assert result.exit_code == 0, result.output
    boards = json.loads(result.stdout)["boards"]
    assert len(boards) == 24
    assert boards[0]["par"] == {"score": -460, "contracts": ["EW 3N+2"]}  # the file's own
    site = tmp_path / "site"
    result = run("report", _pbn(tmp_path, (4, GOLDEN)), "--html", str(site), "--no-analysis")
    assert result.exit_code == 0, result.output
    page = (site / "board-4.html").read_text(encoding="utf-8")
    assert "♠</span> AKQJ1098" in page  # the deal, without a table or par: the file has none
    assert "Double dummy" not in page
    assert "NS +200" not in page
