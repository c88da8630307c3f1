"""The README's command-line tour runs as written (the Python tour is a doctest)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli.main import cli

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCK = re.compile(r"```console\n(.*?)```", re.DOTALL)


def _sessions() -> list[tuple[str, str]]:
    sessions = []
    for block in BLOCK.findall(README.read_text(encoding="utf-8")):
        command, _, expected = block.partition("\n")
        assert command.startswith("$ bridgescore "), command
        sessions.append((command[len("$ bridgescore ") :], expected))
    return sessions


def test_readme_has_a_cli_tour() -> None:
    assert len(_sessions()) >= 2


@pytest.mark.parametrize(("command", "expected"), _sessions())
def test_readme_cli_example(command: str, expected: str) -> None:
    result = CliRunner().invoke(cli, shlex.split(command))
    shown = result.stdout + result.stderr
    assert shown == expected
    assert result.exit_code == (2 if "error:" in expected else 0)
