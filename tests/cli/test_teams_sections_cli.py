"""A teams event in sections read back from its file (issue 28): ``event``, ``teams`` and
``report`` rank it section by section, as the web app does; a teams event has no
matchpoint warning, and a pairs event's is said in the reader's language.

The file: section A's teams A1 and A2 and section B's B1 and B2 play one match each in
round 1, boards 1 and 2 (the event of ``tests/io/test_team_sections_files.py``, worked by
hand there): A1 and A2 draw 1-1 IMPs, 10.00-10.00 VPs, both first in section A; B1 beats
B2 23-0 IMPs, 20.00-0.00 VPs. Across one field B1 would be first and A1, A2 second equal.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from bridgescore.cli.main import cli

SECTIONS_CSV = """\
# kind: teams
# scoring: imps
# section,A,A1,A2
# section,B,B1,B2
section,board,round,table,ns,ew,contract,declarer,result,score,adjusted,vulnerability
A,1,1,A1a,A1,A2,4S,N,10,,,None
A,1,1,A1b,A2,A1,4S,N,11,,,None
A,2,1,A1a,A1,A2,3NT,S,10,,,NS
A,2,1,A1b,A2,A1,3NT,S,9,,,NS
B,1,1,B1a,B1,B2,6NT,N,12,,,None
B,1,1,B1b,B2,B1,3NT,N,12,,,None
B,2,1,B1a,B1,B2,1NT,N,7,,,NS
B,2,1,B1b,B2,B1,4SX,E,10,,,NS
"""

# a teams match with board 2 played in one match of two: no matchpoints to scale
SHORT_TEAMS_CSV = """\
# kind: teams
board,round,ns,ew,score
1,1,T1,T2,420
1,1,T2,T1,450
2,1,T1,T2,100
2,1,T2,T1,-100
1,1,T3,T4,420
1,1,T4,T3,-100
"""

SHORT_PAIRS_CSV = "board,ns,ew,score\n1,1,2,420\n1,3,4,450\n2,1,2,100\n"


def run(runner: CliRunner, *args: str) -> Result:
    return runner.invoke(cli, list(args))


def _file(tmp_path: Path, text: str, name: str = "sections.csv") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _places(stdout: str) -> list[str]:
    """Each table's title and its rows' place and team, as the terminal shows them."""
    shown = []
    for line in stdout.splitlines():
        if "—" in line:
            shown.append(line.split("—")[1].split("(")[0].strip())
        elif line.startswith("│"):
            cells = [cell.strip() for cell in line.strip("│").split("│")]
            shown.append(f"{cells[0]} {cells[1]}")
    return shown


def test_event_ranks_each_section_apart(runner: CliRunner, tmp_path: Path) -> None:
    result = run(runner, "event", _file(tmp_path, SECTIONS_CSV))
    assert result.exit_code == 0, result.output
    assert _places(result.stdout)[:8] == [
        "Section A", "1= A1", "1= A2", "Section B", "1 B1", "2 B2", "Matches", "1 A1",
    ]  # fmt: skip
    assert "Standings" not in result.stdout


def test_teams_ranks_each_section_apart_in_finnish_and_spanish(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = _file(tmp_path, SECTIONS_CSV)
    fi = run(runner, "--lang", "fi", "teams", path)
    es = run(runner, "--lang", "es", "teams", path)
    assert fi.exit_code == 0, fi.output
    assert es.exit_code == 0, es.output
    assert _places(fi.stdout)[:6] == ["Ryhmä A", "1= A1", "1= A2", "Ryhmä B", "1 B1", "2 B2"]
    assert _places(es.stdout)[:6] == ["Sección A", "1= A1", "1= A2", "Sección B", "1 B1", "2 B2"]


def test_teams_json_gives_each_team_its_section(runner: CliRunner, tmp_path: Path) -> None:
    path = _file(tmp_path, SECTIONS_CSV)
    result = run(runner, "teams", path, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["fields"] == ["A", "B"]
    assert [(s["field"], s["place"], s["team"], s["vp"]) for s in data["standings"]] == [
        ("A", "1=", "A1", 10.0),
        ("A", "1=", "A2", 10.0),
        ("B", "1", "B1", 20.0),
        ("B", "2", "B2", 0.0),
    ]
    event = json.loads(run(runner, "event", path, "--json").stdout)
    assert [(s["field"], s["place"], s["team"]) for s in event["participants"]] == [
        ("A", "1=", "A1"), ("A", "1=", "A2"), ("B", "1", "B1"), ("B", "2", "B2"),
    ]  # fmt: skip


def test_one_field_teams_json_has_no_sections(runner: CliRunner, tmp_path: Path) -> None:
    path = _file(tmp_path, SECTIONS_CSV.replace("# section,A,A1,A2\n# section,B,B1,B2\n", ""))
    path = _file(tmp_path, Path(path).read_text().replace("\nA,", "\n,").replace("\nB,", "\n,"))
    data = json.loads(run(runner, "teams", path, "--json").stdout)
    assert data["fields"] == []
    assert [(s["field"], s["place"], s["team"]) for s in data["standings"]] == [
        (None, "1", "B1"), (None, "2=", "A1"), (None, "2=", "A2"), (None, "4", "B2"),
    ]  # fmt: skip


def test_report_publishes_a_table_per_section(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "site"
    result = run(
        runner, "--lang", "es", "report", _file(tmp_path, SECTIONS_CSV), "--html", str(out)
    )
    assert result.exit_code == 0, result.output
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "<h2>Sección A</h2>" in index
    assert "<h2>Sección B</h2>" in index
    assert "Clasificación" not in index


def test_teams_event_has_no_matchpoint_warning(runner: CliRunner, tmp_path: Path) -> None:
    path = _file(tmp_path, SHORT_TEAMS_CSV)
    for command in ("event", "teams"):
        result = run(runner, "--lang", "fi", command, path)
        assert result.exit_code == 0, result.output
        assert "Neuberg" not in result.stderr
        assert "varoitus" not in result.stderr


def test_pairs_short_board_warning_in_the_readers_language(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = _file(tmp_path, SHORT_PAIRS_CSV)
    fi = run(runner, "--lang", "fi", "pairs", path)
    es = run(runner, "--lang", "es", "pairs", path)
    assert fi.exit_code == 0, fi.output
    assert es.exit_code == 0, es.output
    assert (
        f"bridgescore: {path}, rivi 4: varoitus: brikalla 2 on 1 tulosta, kun muilla on 2; sen"
        " matchpisteet skaalataan Neubergin kaavalla"
    ) in fi.stderr
    assert (
        "aviso: el estuche 2 tiene 1 resultados donde los demás tienen 2; sus puntos de match"
        " se escalan con la fórmula de Neuberg"
    ) in es.stderr
