"""Every command has help text and at least one example."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from bridgescore.cli.main import cli


def test_top_level_help_lists_commands() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    for name in cli.commands:
        assert name in result.stdout


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_command_help_has_an_example(name: str) -> None:
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0
    assert "Example" in result.stdout
    assert f"bridgescore {name}" in result.stdout
