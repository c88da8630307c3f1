"""``bridgescore event``, ``report`` and ``convert`` on a real Bridgemate ``.bws`` file, and
the one line a missing ``bridgemate`` extra gives."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import bridgescore
from bridgescore.cli.main import cli
from bridgescore.events.model import ResultRow

BWS = (
    Path(__file__).resolve().parents[1] / "io" / "data" / "bridgemate" / "bridgemate_2025-12-23.bws"
)


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def test_event_reads_the_bws() -> None:
    result = run("event", str(BWS), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["event"]["program"] == "ACBLscore"  # recognised by its habits (issue 25)
    assert data["conventions"]["known_program"] == "ACBLscore"
    fields = {p["field"] for p in data["participants"]}
    assert fields == {"A NS", "A EW", "B NS", "B EW"}  # each section scored apart
    assert len(data["results"]) == 384
    assert len(data["participants"]) == 34
    names = {p["id"]: p["names"] for p in data["participants"]}
    assert names["B4NS"] == ["Diana Lloyd", "Annie Dandavati"]


def test_report_from_the_bws(tmp_path: Path) -> None:
    result = run("report", str(BWS), "--html", str(tmp_path / "site"))
    assert result.exit_code == 0, result.output
    # each section's traveller on its own page: A played boards 1-24, B 1-21
    site = tmp_path / "site"
    assert (site / "board-A24.html").is_file()
    assert (site / "board-B1.html").is_file()
    assert not (site / "board-B24.html").exists()
    assert "board-B1.html" in (site / "index.html").read_text(encoding="utf-8")
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "Colin Hemsley" in index
    assert "Section A: North-South" in index
    assert "Section B: East-West" in index


def _key(row: ResultRow) -> tuple[object, ...]:
    return (row.board, row.ns, row.ew, str(row.result), row.ns_score)


@pytest.mark.parametrize("suffix", ["pbn", "xml", "csv", "json"])
def test_convert_the_bws_to_every_format(tmp_path: Path, suffix: str) -> None:
    target = tmp_path / f"session.{suffix}"
    result = run("convert", str(BWS), str(target))
    assert result.exit_code == 0, result.output
    back = bridgescore.load_event(target)
    assert len(back.results.rows) == 384
    original = bridgescore.load_event(BWS)
    assert Counter(map(_key, back.results.rows)) == Counter(map(_key, original.results.rows))


def test_convert_never_writes_bws(tmp_path: Path) -> None:
    result = run("convert", str(BWS), str(tmp_path / "copy.bws"))
    assert result.exit_code == 2
    assert "the name says no format bridgescore writes" in result.stderr
    assert not (tmp_path / "copy.bws").exists()


def test_without_access_parser_the_command_says_which_extra_to_install() -> None:
    code = (
        "import sys; sys.modules['access_parser'] = None\n"
        "from bridgescore.cli.main import cli\n"
        f"cli(['event', {str(BWS)!r}])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr == (
        "bridgescore: error: Reading Bridgemate .bws files needs the bridgemate extra"
        " (access_parser is missing): pip install 'bridgescore[bridgemate]'\n"
    )


def test_movement_show_reads_the_bws_movement_section_by_section(tmp_path: Path) -> None:
    """``--section B`` shows section B under its heading, as without ``--section`` each
    section is headed (it once lost it: 'mitchell: 8 tables, ...' alone); check, the JSON
    form and the guide cards keep the section too."""
    shown = run("movement", "show", str(BWS), "--section", "B")
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    assert lines[:3] == [
        "Section B: mitchell: 8 tables, 7 rounds, 16 pairs, 21 boards",
        "Round 1",
        "  table  1  1NS v 1EW  boards 1-3",
    ]
    assert sum(line.startswith("Round ") for line in lines) == 7
    assert not any(line.startswith("Section A") for line in lines)
    checked = run("movement", "check", str(BWS), "--section", "A")
    assert checked.stdout == "sound: Section A: Mitchell · 9 tables · 8 rounds · boards 1-24\n"
    as_json = json.loads(run("movement", "show", str(BWS), "--section", "B", "--json").stdout)
    assert as_json["kind"] == "sections"
    assert [s["letter"] for s in as_json["sections"]] == ["B"]
    cards = tmp_path / "cards.html"
    made = run("movement", "cards", str(BWS), "--section", "B", "--html", str(cards))
    assert made.exit_code == 0, made.output
    page = cards.read_text(encoding="utf-8")
    assert "Section B: Table 8" in page
    assert "Section A" not in page
    finnish = CliRunner().invoke(
        cli, ["movement", "show", str(BWS), "--section", "B"], env={"LANG": "fi_FI.UTF-8"}
    )
    assert finnish.stdout.splitlines()[0].startswith("Ryhmä B: ")
    wrong = run("movement", "show", str(BWS), "--section", "C")
    assert wrong.exit_code == 2
    assert wrong.stderr == (
        f"bridgescore: error: {BWS}: holds sections A, B; not 'C': choose one with --section\n"
    )


def test_movement_show_of_the_bws_shows_both_its_sections() -> None:
    """Without --section the file's every section is shown, one after another, as a field
    in sections is (it once refused: 'holds sections A, B; choose one with --section');
    check and the JSON form take the whole field too."""
    both = run("movement", "show", str(BWS))
    assert both.exit_code == 0, both.output
    lines = both.stdout.splitlines()
    headings = [line for line in lines if line.startswith("Section")]
    assert headings == [
        "Section A: mitchell: 9 tables, 8 rounds, 18 pairs, 24 boards",
        "Section B: mitchell: 8 tables, 7 rounds, 16 pairs, 21 boards",
    ]
    b = lines.index(headings[1])
    assert lines[b + 1 : b + 3] == ["Round 1", "  table  1  1NS v 1EW  boards 1-3"]
    assert lines[1:3] == ["Round 1", "  table  1  1NS v 1EW  boards 1-3"]
    assert sum(line.startswith("Round ") for line in lines) == 8 + 7
    checked = run("movement", "check", str(BWS))
    assert checked.exit_code == 0, checked.output
    assert checked.stdout == (
        "sound: Section A: Mitchell · 9 tables · 8 rounds · boards 1-24;"
        " Section B: Mitchell · 8 tables · 7 rounds · boards 1-21\n"
    )
    as_json = json.loads(run("movement", "show", str(BWS), "--json").stdout)
    assert as_json["kind"] == "sections"
    assert [s["letter"] for s in as_json["sections"]] == ["A", "B"]
