"""What a user reads (README, docs, every command's help, the law sets' and rules' sources)
cites the specification by its titles, "Bridgen pistelasku" and "Puntuación de puente",
never as "the seed"."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from bridgescore.cli.main import cli
from bridgescore.duplicate.adjusted import MATCHPOINT_POLICIES
from bridgescore.duplicate.butler import BUTLER_PRESETS
from bridgescore.duplicate.imps import IMP_TABLES
from bridgescore.laws import LAW_SETS

ROOT = Path(__file__).resolve().parents[1]
SEED = re.compile(r"\bseeds?\b", re.IGNORECASE)


@pytest.mark.parametrize(
    "path", [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))], ids=lambda p: p.name
)
def test_docs_name_no_seed(path: Path) -> None:
    found = [
        f"{path.name}:{n}: {line}"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if SEED.search(line) and "random" not in line and "seed=" not in line
    ]
    assert not found, "\n".join(found)


def test_help_names_no_seed() -> None:
    assert isinstance(cli, click.Group)
    runner = CliRunner()
    for name in cli.list_commands(click.Context(cli)):
        text = runner.invoke(cli, [name, "--help"]).output
        assert not SEED.search(text), name
    assert not SEED.search(runner.invoke(cli, ["--help"]).output)


def test_sources_name_no_seed() -> None:
    rules: list[object] = [
        *LAW_SETS.values(),
        *IMP_TABLES.values(),
        *MATCHPOINT_POLICIES.values(),
        *BUTLER_PRESETS.values(),
    ]
    for rule in rules:
        for line in (*getattr(rule, "sources", ()), *getattr(rule, "notes", ())):
            assert not SEED.search(line), (rule, line)
