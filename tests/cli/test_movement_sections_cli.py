"""``bridgescore movement show/check/cards`` on a field in sections (issue 28): the specs
joined by ``+``, or the JSON form of sections, each section shown as its own movement."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from bridgescore.cli.main import cli


def run(runner: CliRunner, *args: str, env: dict[str, str] | None = None) -> Result:
    return runner.invoke(cli, list(args), env=env, prog_name="bridgescore")


def test_show_prints_each_section_as_its_own_movement(runner: CliRunner) -> None:
    result = run(runner, "movement", "show", "mitchell:3x2 + howell:3x2")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        "Section A: mitchell: 3 tables, 3 rounds, 6 pairs, 6 boards",
        "Round 1",
        "  table  1  1NS v 1EW  boards 1-2",
    ]
    b = lines.index("Section B: howell: 3 tables, 5 rounds, 6 pairs, 10 boards")
    assert lines[b + 1] == "Round 1"
    finnish = run(
        runner, "movement", "show", "mitchell:3x2+howell:3x2", env={"LANG": "fi_FI.UTF-8"}
    )
    assert finnish.stdout.startswith("Ryhmä A: mitchell: 3 pöytää, 3 kierrosta, 6 paria")


def test_check_and_the_json_form_and_the_cards(runner: CliRunner, tmp_path: Path) -> None:
    shown = run(runner, "movement", "show", "mitchell:3x2 + howell:3x2", "--json")
    data = json.loads(shown.stdout)
    assert data["kind"] == "sections"
    assert [s["letter"] for s in data["sections"]] == ["A", "B"]
    saved = tmp_path / "field.json"
    saved.write_text(shown.stdout, encoding="utf-8")
    checked = run(runner, "movement", "check", str(saved))
    assert checked.exit_code == 0, checked.output
    assert checked.stdout.startswith("sound: Section A: Mitchell · 3 tables · 3 rounds")
    cards = tmp_path / "cards.html"
    made = run(runner, "movement", "cards", "mitchell:3x2 + howell:3x2", "--html", str(cards))
    assert made.exit_code == 0, made.output
    assert '<h2 class="pagetitle">Section B: Table 3</h2>' in cards.read_text(encoding="utf-8")


def test_a_broken_section_is_named_and_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    shown = run(runner, "movement", "show", "howell:3x2 + howell:3x2", "--json")
    data = json.loads(shown.stdout)
    data["sections"][1]["movement"]["rounds"][0][1]["ns"] = "1"  # pair 1 at two tables
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    checked = run(runner, "movement", "check", str(broken))
    assert checked.exit_code == 2
    assert "bridgescore: error: section B: round 1, table 2: pair 1 is in two places" in (
        checked.stderr
    )
    bad = run(runner, "movement", "show", "mitchell:3x2 + ")
    assert bad.exit_code == 2
    assert "a section's spec is empty" in bad.stderr
