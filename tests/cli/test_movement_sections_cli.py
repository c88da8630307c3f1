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


def test_a_section_s_tables_beyond_the_field_s_limit_are_refused(
    runner: CliRunner, tmp_path: Path
) -> None:
    """A section's ``"tables": 1000000000`` once read and checked sound (``movement check``),
    and numbering its tables built a tuple of 10^9 numbers."""
    data = json.loads(run(runner, "movement", "show", "mitchell:3x2 + howell:4x3", "--json").stdout)
    data["sections"][0]["tables"] = 1_000_000_000
    huge = tmp_path / "huge.json"
    huge.write_text(json.dumps(data), encoding="utf-8")
    for command in ("check", "show"):
        refused = run(runner, "movement", command, str(huge))
        assert refused.exit_code == 2, refused.output
        assert refused.stderr == (
            f"bridgescore: error: {huge}: section A, field 'tables': at most 300 tables in a"
            " field in sections, got 1000000000\n"
        )
    finnish = run(runner, "movement", "check", str(huge), env={"LANG": "fi_FI.UTF-8"})
    assert finnish.stderr == (
        f"bridgescore: error: {huge}: ryhmä A, kenttä 'tables': ryhmiin jaetussa kilpailussa"
        " enintään 300 pöytää, saatiin 1000000000\n"
    )


def test_a_spec_longer_than_a_file_name_is_read_as_a_spec(runner: CliRunner) -> None:
    """An argument over 255 characters was first tried as a file path, and the system's
    ``File name too long`` shown; a spec that is no file is a spec, with its own errors."""
    eighteen = " + ".join(["mitchell:13x2"] * 18)  # 18 sections of 13 tables: 234 of 300
    assert len(eighteen) > 255
    checked = run(runner, "movement", "check", eighteen)
    assert checked.exit_code == 0, checked.output
    assert checked.stdout.startswith("sound: Section A: Mitchell · 13 tables · 13 rounds")
    assert "Section R: Mitchell · 13 tables" in checked.stdout
    too_many = run(runner, "movement", "check", " + ".join(["mitchell:13x2"] * 27))
    assert (too_many.exit_code, too_many.stderr) == (
        2, "bridgescore: error: at most 26 sections, got 27\n"
    )  # fmt: skip
    too_large = run(runner, "movement", "show", " + ".join(["mitchell:30x2"] * 11))
    assert (too_large.exit_code, too_large.stderr) == (
        2, "bridgescore: error: at most 300 tables in a field in sections: 330 asked\n"
    )  # fmt: skip
    one = run(runner, "movement", "check", "mitchell:13x2" + " " * 300)
    assert one.exit_code == 0, one.output


def test_section_shows_only_that_section(runner: CliRunner, tmp_path: Path) -> None:
    """``--section B`` once printed every section, exit 0; a letter the field has not
    once passed too."""
    spec = "mitchell:3x2 + howell:4x3"
    saved = tmp_path / "field.json"
    saved.write_text(run(runner, "movement", "show", spec, "--json").stdout, encoding="utf-8")
    for source in (spec, str(saved)):
        shown = run(runner, "movement", "show", source, "--section", "B")
        assert shown.exit_code == 0, shown.output
        lines = shown.stdout.splitlines()
        assert lines[:3] == [
            "Section B: howell: 4 tables, 7 rounds, 8 pairs, 21 boards",
            "Round 1",
            "  table  1  8 v 1  boards 1-3",
        ]
        assert not any(line.startswith("Section A") for line in lines)
        checked = run(runner, "movement", "check", source, "--section", "B")
        assert checked.stdout == "sound: Section B: Howell · 4 tables · 7 rounds · boards 1-21\n"
        as_json = json.loads(
            run(runner, "movement", "show", source, "--section", "B", "--json").stdout
        )
        assert [s["letter"] for s in as_json["sections"]] == ["B"]
        refused = run(runner, "movement", "show", source, "--section", "C")
        assert refused.exit_code == 2
        assert refused.stdout == ""
        assert refused.stderr.endswith("there is no section 'C' (the sections are A, B)\n")
    finnish = run(runner, "movement", "show", spec, "--section", "C", env={"LANG": "fi_FI.UTF-8"})
    assert finnish.stderr == "bridgescore: error: ryhmää 'C' ei ole (ryhmät ovat A, B)\n"


def test_a_section_of_a_movement_of_one_field_is_refused(runner: CliRunner) -> None:
    refused = run(runner, "movement", "show", "mitchell:3x2", "--section", "B")
    assert refused.exit_code == 2
    assert refused.stdout == ""
    assert refused.stderr == (
        "bridgescore: error: mitchell:3x2: the field has no sections, so there is no section B\n"
    )
    checked = run(runner, "movement", "check", "robin:4x8", "--section", "A")
    assert checked.exit_code == 2
    finnish = run(
        runner, "movement", "show", "mitchell:3x2", "--section", "B", env={"LANG": "fi_FI.UTF-8"}
    )
    assert finnish.stderr == (
        "bridgescore: error: mitchell:3x2: kilpailua ei ole jaettu ryhmiin, joten ryhmää B ei ole\n"
    )
    spanish = run(
        runner, "movement", "show", "mitchell:3x2", "--section", "B", env={"LANG": "es_ES.UTF-8"}
    )
    assert spanish.stderr == (
        "bridgescore: error: mitchell:3x2: el campo no tiene secciones, así que no hay sección B\n"
    )


def test_a_results_file_is_said_to_be_no_movement(runner: CliRunner, tmp_path: Path) -> None:
    exported = tmp_path / "monday.json"
    exported.write_text(
        json.dumps({"event": {"name": "Monday", "type": "pairs"}, "results": []}),
        encoding="utf-8",
    )
    refused = run(runner, "movement", "show", str(exported))
    assert refused.exit_code == 2
    assert refused.stderr == (
        f"bridgescore: error: {exported}: a results file (the JSON export of an event's"
        " results), not a movement: bridgescore event scores it; a session starts from a PBN"
        " or USEBIO results file, which bridgescore convert writes from it\n"
    )
