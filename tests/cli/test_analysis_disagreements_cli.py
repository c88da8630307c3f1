"""Where a file's own analysis and the solver's disagree, the commands say so on stderr, one
line a board, show the solver's figures and still succeed: Ruter's ``ruter_impcross.pbn``,
whose par on boards 4 and 30 names the partner who takes a trick fewer (docs/analysis.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli.main import cli

pytestmark = pytest.mark.dd

IMPCROSS = str(Path(__file__).resolve().parents[1] / "io" / "data" / "pbn" / "ruter_impcross.pbn")


def test_event_json_says_each_disagreement_and_carries_the_solvers_par() -> None:
    result = CliRunner().invoke(cli, ["event", IMPCROSS, "--json", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if "solver" in line]
    assert said == [
        "bridgescore: board 4: the file's analysis is not the solver's: par score NS +500 in"
        " the file, NS +200 by the solver; par contract E 4HX-2 in the file, W 4HX-1 by the"
        " solver; the solver's is shown",
        "bridgescore: board 30: the file's analysis is not the solver's: par score NS +300 in"
        " the file, NS +100 by the solver; par contract W 5HX-2 in the file, E 5HX-1 by the"
        " solver; the solver's is shown",
    ]
    boards = {board["board"]: board for board in json.loads(result.stdout)["boards"]}
    assert len(boards) == 42
    # board 4, West deals, both vulnerable: West's 4♥ doubled one down over North-South's 3NT
    assert boards[4]["par"] == {"score": 200, "contracts": ["W 4HX-1"]}
    assert boards[4]["double_dummy"]["W"]["H"] == 9
    assert boards[4]["double_dummy"]["E"]["H"] == 8
    # board 30, East deals, nobody vulnerable: East's 5♥ doubled one down over 4♠
    assert boards[30]["par"] == {"score": 100, "contracts": ["E 5HX-1"]}


def test_deals_says_it_in_finnish() -> None:
    result = CliRunner().invoke(cli, ["deals", IMPCROSS, "--lang", "fi", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if "ratkaisija" in line]
    assert len(said) == 2
    assert said[0].startswith("bridgescore: brikka 4: tiedoston analyysi ei ole ratkaisijan:")
    assert "par-tulos tiedostossa PE +500, ratkaisijan mukaan PE +200" in said[0]
    assert said[1].startswith("bridgescore: brikka 30:")
    assert "Par PE +200: L 4♥X-1" in result.stdout.splitlines()
    assert "Par PE +100: I 5♥X-1" in result.stdout.splitlines()
