"""Setting up a session: a suggested movement, or one of the director's own (a file)."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from bridgescore.events.movements.sections import parse_sections
from bridgescore.io.movement_files import load_movement
from bridgescore.web import naming, session_movement
from bridgescore.web.models import Club, Session, TableLink

MOVEMENTS = Path(__file__).resolve().parents[1] / "io" / "data" / "movements"


def test_a_suggested_movement_starts_a_session(td: Client, club: Club) -> None:
    page = td.get("/director/new/", {"pairs": "8", "boards": "24"}).content.decode()
    assert 'value="howell:4x3"' in page
    answer = td.post(
        "/director/new/",
        {"club": club.pk, "name": "Monday", "pairs": "8", "boards": "24", "spec": "howell:4x3"},
    )
    session = Session.objects.get(name="Monday")
    assert answer.status_code == 302
    assert (session.spec, TableLink.objects.filter(session=session).count()) == ("howell:4x3", 4)


def test_a_movement_file_of_another_program_starts_a_session(td: Client, club: Club) -> None:
    path = MOVEMENTS / "Movement.Mitchell3Table.yaml"
    upload = SimpleUploadedFile(path.name, path.read_bytes())
    answer = td.post("/director/new/", {"club": club.pk, "name": "Own", "movement": upload})
    assert answer.status_code == 302
    session = Session.objects.get(name="Own")
    assert session_movement.movement_of(session) == load_movement(path)
    assert TableLink.objects.filter(session=session).count() == 3


def test_a_broken_movement_file_says_where_and_starts_nothing(td: Client, club: Club) -> None:
    upload = SimpleUploadedFile(
        "mine.csv", b"Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard\n1,1,1,x,2,1,2\n"
    )
    page = td.post("/director/new/", {"club": club.pk, "name": "Bad", "movement": upload})
    text = page.content.decode()
    assert page.status_code == 422
    assert "mine.csv, line 2, field &#x27;NSPair&#x27;" in text
    assert not Session.objects.filter(name="Bad").exists()


def test_a_movement_file_of_sections_starts_a_session_in_those_sections(
    td: Client, club: Club
) -> None:
    field = parse_sections("mitchell:3x2 + howell:2x1")[1]  # as `movement show --json` writes
    upload = SimpleUploadedFile("field.json", field.to_json().encode())
    answer = td.post("/director/new/", {"club": club.pk, "name": "Filed", "movement": upload})
    assert answer.status_code == 302, answer.content.decode()
    session = Session.objects.get(name="Filed")
    assert session_movement.sections_of(session) == field
    assert [naming.table_label(session, t) for t in (1, 3, 4, 5)] == ["A1", "A3", "B1", "B2"]


def test_a_movement_file_of_sections_is_held_to_the_fields_limit(td: Client, club: Club) -> None:
    data = json.loads(parse_sections("mitchell:3x2 + howell:2x1")[1].to_json())
    data["sections"][1]["movement"]["rounds"][0][0]["table"] = 1_000_000_000
    upload = SimpleUploadedFile("field.json", json.dumps(data).encode())
    page = td.post("/director/new/", {"club": club.pk, "name": "Huge", "movement": upload})
    assert page.status_code == 422
    assert (
        "field.json: section B: round 1, field &#x27;table&#x27;: table 1000000000 is beyond"
        " the 300 tables a field may have"
    ) in page.content.decode()
    assert not Session.objects.filter(name="Huge").exists()


def test_a_results_file_sent_as_a_movement_is_said_to_be_one(td: Client, club: Club) -> None:
    exported = {"event": {"name": "Monday", "type": "pairs"}, "participants": [], "results": []}
    upload = SimpleUploadedFile("monday.json", json.dumps(exported).encode())
    page = td.post("/director/new/", {"club": club.pk, "name": "Results", "movement": upload})
    assert page.status_code == 422
    assert (
        "monday.json: a results file (the JSON export of an event&#x27;s results), not a"
        " movement: bridgescore event scores it; a session starts from a PBN or USEBIO results"
        " file, which bridgescore convert writes from it"
    ) in page.content.decode()
