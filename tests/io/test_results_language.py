"""A results file (CSV, JSON) in the reader's notation (issue 22): ``# language: es`` writes
and reads Spanish contracts, seats and vulnerabilities, and reads back to the same event;
PBN and USEBIO keep their standards' notation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.core.notation import FINNISH, SPANISH, notation_for
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.events.scoring import score_event
from bridgescore.io.events import load_event, write_event
from bridgescore.io.results import ResultsFileError, dumps_csv, loads_csv, loads_json

DATA = Path(__file__).resolve().parent / "data" / "pbn"
RUTER = DATA / "ruter_cross2.pbn"


def test_a_spanish_csv_is_read_as_spanish_players_write_it() -> None:
    text = (
        "# language: es\n"
        "board,ns,ew,contract,declarer,result,vulnerability\n"
        "1,1,2,4C,O,=,Nadie\n"  # 4 corazones por Oeste: EW +420, not 4 clubs (+130)
        "2,3,4,3ST,S,-1,NS\n"  # 3 sin triunfo por Sur, vulnerable: NS -100
        "3,5,6,Paso,,,EO\n"
        "4,7,8,4PX,E,+1,Todos\n"  # 4 picas doblado por Este, both vulnerable: EW +990
    )
    rows = loads_csv(text).rows
    assert [row.ns_score for row in rows] == [-420, -100, 0, -990]
    assert [row.vulnerability for row in rows] == [
        Vulnerability.NONE,
        Vulnerability.NS,
        Vulnerability.EW,
        Vulnerability.BOTH,
    ]
    assert str(rows[0].result) == "4HW="


def test_a_spanish_csvs_leads_are_read_as_spanish_players_write_them() -> None:
    text = (
        "# language: es\n"
        "board,ns,ew,contract,declarer,result,lead\n"
        "1,1,2,4P,N,=,CA\n"  # As de corazones: the ace of hearts, not of clubs
        "2,3,4,4P,N,=,RP\n"  # Rey de picas
        "3,5,6,4P,N,=,♣10\n"
    )
    rows = loads_csv(text).rows
    assert [str(row.lead) for row in rows] == ["HA", "SK", "CT"]
    english = "board,ns,ew,contract,declarer,result,lead\n1,1,2,4S,N,=,CA\n"
    assert str(loads_csv(english).rows[0].lead) == "CA"
    written = dumps_csv(loads_csv(text), notation=SPANISH)  # as every notation reads it
    assert [line.split(",")[-1] for line in written.splitlines()[2:]] == ["♥A", "♠K", "♣10"]
    assert [row.lead for row in loads_csv(written).rows] == [row.lead for row in rows]


def test_a_finnish_csv_reads_e_as_south() -> None:
    text = "# language: fi\nboard,ns,ew,contract,declarer,result,vulnerability\n1,1,2,4S,E,=,IL\n"
    row = loads_csv(text).rows[0]
    assert str(row.result) == "4SS="
    assert row.ns_score == 420
    assert row.vulnerability is Vulnerability.EW


def test_without_a_language_the_letters_are_the_international_ones() -> None:
    text = "board,ns,ew,contract,declarer,result\n1,1,2,4C,O,=\n"
    with pytest.raises(ResultsFileError, match="'O': not a seat"):
        loads_csv(text)


def test_a_language_the_file_names_that_bridgescore_does_not_speak() -> None:
    with pytest.raises(ResultsFileError, match="'sv': not a language"):
        loads_csv("# language: sv\nboard,ns,ew,contract\n1,1,2,Pass\n")
    with pytest.raises(ResultsFileError, match="'sv': not a language"):
        loads_json('{"event": {"language": "sv"}, "results": []}')


@pytest.mark.parametrize("code", ["fi", "es"])
@pytest.mark.parametrize("suffix", ["csv", "json"])
def test_a_real_event_written_in_a_language_reads_back_the_same(
    code: str, suffix: str, tmp_path: Path
) -> None:
    event = load_event(RUTER)
    notation = notation_for(code)
    path = write_event(event, tmp_path / f"event.{suffix}", notation=notation)
    text = path.read_text(encoding="utf-8")
    if suffix == "csv":
        assert f"# language: {code}\n" in text
    else:
        assert json.loads(text)["event"]["language"] == code
    back = load_event(path)
    assert back.results.rows == event.results.rows
    assert score_event(back).standings == score_event(event).standings


def test_a_spanish_export_writes_spanish_letters() -> None:
    event = load_event(RUTER)
    text = dumps_csv(event.results, notation=SPANISH)
    rows = text.splitlines()[2:]
    declarers = {line.split(",")[6] for line in rows}
    vulnerabilities = {line.split(",")[10] for line in rows}
    assert "W" not in declarers  # West is O (oeste)
    assert "O" in declarers
    assert vulnerabilities <= {"Nadie", "NS", "EO", "Todos"}
    strains = {line.split(",")[5].rstrip("X")[1:] for line in rows if line.split(",")[5]}
    assert strains <= {"T", "D", "C", "P", "ST", "Paso"[1:]}


def test_a_finnish_export_writes_finnish_seats_and_sides() -> None:
    event = load_event(RUTER)
    text = dumps_csv(event.results, notation=FINNISH)
    rows = text.splitlines()[2:]
    assert {line.split(",")[6] for line in rows} <= {"P", "I", "E", "L", ""}
    assert {line.split(",")[10] for line in rows} <= {"Ei kukaan", "PE", "IL", "Kaikki"}
