"""The CSV and JSON results files carry an event's sections (issue 28): each result's
``section`` (a column, a field) and each section's participants (``# section`` records, a
participant's ``section``), written only when the event has sections, so that a session in
sections converted to CSV or JSON is ranked as its source ranks it, section by section; a
file without sections is written as before, and a section that is not a letter is refused
with its place."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli.main import cli
from bridgescore.core.contract import TableResult
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.events.model import Event, EventResults, Participant, ResultRow, ns_score_of
from bridgescore.events.vocabulary import EventKind
from bridgescore.io.events import load_event, write_event
from bridgescore.io.results import ResultsFileError, dumps_csv, dumps_json, loads_csv, loads_json

BWS = Path(__file__).resolve().parent / "data" / "bridgemate" / "bridgemate_2025-12-23.bws"

# `bridgescore event tests/io/data/bridgemate/bridgemate_2025-12-23.bws` as it prints the
# ranking: (field, place, pair, matchpoints, percentage), each section scored apart
RANKING = [
    ("A NS", "1", "A4NS", 110.5, 57.55),
    ("A NS", "2", "A8NS", 107.5, 55.99),
    ("A NS", "3", "A7NS", 100, 52.08),
    ("A NS", "4", "A6NS", 98.5, 51.30),
    ("A NS", "5", "A9NS", 98, 51.04),
    ("A NS", "6", "A3NS", 93.5, 48.70),
    ("A NS", "7", "A2NS", 92.5, 48.18),
    ("A NS", "8", "A5NS", 84.5, 44.01),
    ("A NS", "9", "A1NS", 79, 41.15),
    ("A EW", "1", "A6EW", 118, 61.46),
    ("A EW", "2", "A2EW", 116, 60.42),
    ("A EW", "3", "A8EW", 113.5, 59.11),
    ("A EW", "4", "A3EW", 108.5, 56.51),
    ("A EW", "5", "A4EW", 93.5, 48.70),
    ("A EW", "6", "A1EW", 91.5, 47.66),
    ("A EW", "7", "A9EW", 82.5, 42.97),
    ("A EW", "8", "A5EW", 72, 37.50),
    ("A EW", "9", "A7EW", 68.5, 35.68),
    ("B NS", "1", "B4NS", 97, 65.99),
    ("B NS", "2", "B7NS", 84.5, 57.48),
    ("B NS", "3", "B8NS", 79.5, 54.08),
    ("B NS", "4", "B1NS", 74, 50.34),
    ("B NS", "5", "B3NS", 73.5, 50.00),
    ("B NS", "6", "B2NS", 69.5, 47.28),
    ("B NS", "7", "B5NS", 59.5, 40.48),
    ("B NS", "8", "B6NS", 50.5, 34.35),
    ("B EW", "1", "B5EW", 102.5, 69.73),
    ("B EW", "2", "B2EW", 92, 62.59),
    ("B EW", "3", "B4EW", 81.5, 55.44),
    ("B EW", "4", "B1EW", 80.5, 54.76),
    ("B EW", "5", "B6EW", 71, 48.30),
    ("B EW", "6", "B3EW", 60.5, 41.16),
    ("B EW", "7", "B7EW", 56.5, 38.44),
    ("B EW", "8", "B8EW", 43.5, 29.59),
]


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def _ranking(path: Path) -> list[tuple[str, str, str, float, float]]:
    result = run("event", str(path), "--json")
    assert result.exit_code == 0, result.output
    return [
        (p["field"], p["place"], p["id"], p["total"], p["percent"])
        for p in json.loads(result.stdout)["participants"]
    ]


def test_the_bws_ranks_each_section_apart() -> None:
    assert _ranking(BWS) == RANKING


@pytest.mark.parametrize("suffix", ["csv", "json"])
def test_the_bws_converted_ranks_as_the_bws(suffix: str, tmp_path: Path) -> None:
    target = tmp_path / f"session.{suffix}"
    result = run("convert", str(BWS), str(target))
    assert result.exit_code == 0, result.output
    assert _ranking(target) == RANKING
    back = load_event(target)
    assert {row.section for row in back.results.rows} == {"A", "B"}
    assert all(row.ns[0] == row.ew[0] == row.section for row in back.results.rows)
    assert {p.id: p.section for p in back.participants}["B8EW"] == "B"


def test_the_csv_writes_a_section_column_first_and_each_sections_pairs(tmp_path: Path) -> None:
    target = tmp_path / "session.csv"
    write_event(load_event(BWS), target)
    lines = target.read_text(encoding="utf-8").splitlines()
    b_pairs = ",".join(f"B{n}{side}" for n in range(1, 9) for side in ("NS", "EW"))
    assert f"# section,B,{b_pairs}" in lines
    header = next(line for line in lines if not line.startswith("#"))
    assert header == (
        "section,board,round,table,ns,ew,contract,declarer,result,score,adjusted,vulnerability"
    )


def _row(board: int, table: int, ns: str, ew: str, text: str, section: str | None) -> ResultRow:
    vulnerability = BoardInfo.of(board).vulnerability
    result = TableResult.parse(text)
    return ResultRow(
        board, ns, ew, vulnerability, result, ns_score_of(result, vulnerability, "2017"),
        round=1, table=str(table), section=section,
    )  # fmt: skip


NO_SECTIONS = EventResults(
    (_row(1, 1, "1", "2", "4SN=", None), _row(1, 2, "3", "4", "3NTS+1", None))
)


def test_a_file_without_sections_is_written_as_before() -> None:
    named = (Participant("1", ("Ann", "Bob")), Participant("5", ()))
    assert dumps_csv(NO_SECTIONS, participants=named) == (
        "# names,1,Ann,Bob\n"
        "# names,5\n"
        "board,round,table,ns,ew,contract,declarer,result,score,adjusted,vulnerability\n"
        "1,1,1,1,2,4S,N,10,,,None\n"
        "1,1,2,3,4,3NT,S,10,,,None\n"
    )
    assert json.loads(dumps_json(NO_SECTIONS, participants=named)) == {
        "event": {"name": "", "type": "pairs"},
        "participants": [{"id": "1", "names": ["Ann", "Bob"]}, {"id": "5", "names": []}],
        "results": [
            {"board": 1, "round": 1, "table": "1", "ns": "1", "ew": "2", "contract": "4S",
             "declarer": "N", "result": 10, "vulnerability": "None"},
            {"board": 1, "round": 1, "table": "2", "ns": "3", "ew": "4", "contract": "3NT",
             "declarer": "S", "result": 10, "vulnerability": "None"},
        ],
    }  # fmt: skip


def _in_sections() -> Event:
    """Two teams sections, A's match played and B's not yet: B's teams are in the file
    only as participants, each with its section."""
    rows = (
        _row(1, 1, "A1", "A2", "4SN=", "A"),
        _row(1, 2, "A2", "A1", "4SN-1", "A"),
    )
    teams = tuple(
        Participant(team, (), "team", section=team[0]) for team in ("A1", "A2", "B1", "B2")
    )
    return Event(EventResults(rows, teams=True), kind=EventKind.TEAMS, participants=teams)


@pytest.mark.parametrize("suffix", ["csv", "json"])
def test_each_participants_section_reads_back(suffix: str, tmp_path: Path) -> None:
    event = _in_sections()
    target = write_event(event, tmp_path / f"teams.{suffix}")
    back = load_event(target)
    assert back.results.rows == event.results.rows
    assert [row.section for row in back.results.rows] == ["A", "A"]
    assert [(p.id, p.section) for p in back.participants] == [
        ("A1", "A"), ("A2", "A"), ("B1", "B"), ("B2", "B"),
    ]  # fmt: skip


def _csv(section: str) -> str:
    return (
        "section,board,ns,ew,contract,declarer,result\n"
        "A,1,A1NS,A1EW,4S,N,10\n"
        f"{section},1,B1NS,B1EW,4S,N,11\n"
    )


@pytest.mark.parametrize("bad", ["a", "AB", "1", "Ä"])
def test_a_bad_section_is_refused_at_its_line(bad: str) -> None:
    with pytest.raises(ResultsFileError) as caught:
        loads_csv(_csv(bad), source="s.csv")
    assert str(caught.value) == (
        f"s.csv, line 3, board 1: error: a section's letter must be one of A to Z, got {bad!r}"
    )


def test_a_bad_section_record_is_refused_at_its_line() -> None:
    text = "# section,A,A1NS,A1EW\n# section,b,B1NS,B1EW\n" + _csv("B")
    with pytest.raises(ResultsFileError) as caught:
        loads_csv(text, source="s.csv")
    assert str(caught.value) == (
        "s.csv, line 2: error: a section's letter must be one of A to Z, got 'b'"
    )


def test_a_bad_section_in_json_is_refused_with_its_result() -> None:
    data: dict[str, Any] = {
        "participants": [{"id": "A1NS", "names": [], "section": "A"}],
        "results": [
            {"section": "A", "board": 1, "ns": "A1NS", "ew": "A1EW", "contract": "4SN="},
            {"section": "b", "board": 1, "ns": "B1NS", "ew": "B1EW", "contract": "4SN+1"},
        ],
    }
    with pytest.raises(ResultsFileError) as caught:
        loads_json(json.dumps(data), source="s.json")
    assert str(caught.value) == (
        "s.json, result 2, board 1: error: a section's letter must be one of A to Z, got 'b'"
    )
    data["results"][1]["section"] = "B"
    data["participants"][0]["section"] = "AA"
    with pytest.raises(ResultsFileError) as caught:
        loads_json(json.dumps(data), source="s.json")
    assert str(caught.value) == (
        "s.json, field section: error: a section's letter must be one of A to Z, got 'AA'"
    )
