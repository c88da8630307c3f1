"""Setting up a session: a suggested movement, or one of the director's own (a file)."""

from __future__ import annotations

from pathlib import Path

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from bridgescore.io.movement_files import load_movement
from bridgescore.web import session_movement
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
