"""Teams in sections published section by section, and their rooms named by section: the
results pages, the print page and the exported site rank each section on its own under
its heading; the grid, the table links, the matches, the guide cards and the log name a
room ``B1a`` as a pairs section names a table ``B3`` (issue 28)."""

from __future__ import annotations

import io
import re
import uuid
import zipfile

from django.test import Client

from bridgescore.web import logbook, matches, naming, said, session_movement
from bridgescore.web.models import Club, LogLine, Session, TableLink
from web.posting import send_entry

FOUR = ["Aces", "Kings", "Queens", "Jacks"]

PLAYED = {
    # table: {board: (contract, declarer, result)}
    1: {1: ("4S", "N", "="), 2: ("3NT", "S", "+1")},
    2: {1: ("4S", "N", "-1"), 2: ("3NTX", "S", "-2")},
    3: {1: ("4S", "N", "="), 2: ("3NT", "S", "+1")},
    4: {1: ("4S", "N", "="), 2: ("3NT", "S", "+1")},
}
"""One round of two boards in two sections of two teams: section A's match (Kings A2 at
home v Aces A1) at tables 1 and 2, section B's (Jacks B2 v Queens B1) at tables 3 and 4.

Section A: A2 North-South at table 1, East-West at table 2. Board 1 (none vulnerable):
4S= +420 for A2 at table 1, and 4S-1 +50 for A2 defending at table 2: 470, 10 IMPs.
Board 2 (North-South vulnerable): 3NT+1 +630 at table 1, 3NTX-2 vulnerable +500 for A2
defending at table 2: 1130, 15 IMPs. 25 IMPs is past the 22 at which the WBF scale for 2
boards gives the whole 20: A2 20.00, A1 0.00. Section B: the same contract and result in
both rooms on both boards, 0 IMPs, 10.00 each.

Ranked as one field: A2 1, B1 and B2 2=, A1 4. Ranked by section: A2 1 and A1 2 in A; B1
and B2 1= in B."""


def _played(club: Club) -> Session:
    session = matches.create_teams_session(club, "Sections", FOUR, 2, sections=2)
    movement = session_movement.movement_of(session)
    assert [(t.table, t.ns, t.ew, t.boards) for t in movement.rounds[0].tables] == [
        (1, "A2", "A1", (1, 2)), (2, "A1", "A2", (2, 1)),
        (3, "B2", "B1", (1, 2)), (4, "B1", "B2", (2, 1)),
    ]  # fmt: skip
    for table, boards in PLAYED.items():
        link = TableLink.objects.get(session=session, table=table)
        device = Client()
        assert device.get(f"/t/{link.token}/").status_code == 200
        for board, (contract, declarer, result) in boards.items():
            answer = send_entry(
                device, link.token, round=1, board=board, level=contract[0],
                strain=contract[1:].rstrip("X"), doubled=contract[len(contract.rstrip("X")):],
                declarer=declarer, result=result, entry_id=str(uuid.uuid4()), confirm="1",
            )  # fmt: skip
            assert (answer["http"], answer.get("status")) == (200, "accepted"), answer
    return session


def _rows(html: str, heading: str) -> list[list[str]]:
    """The body rows (cells as text) of the table right after ``heading``."""
    after = html[html.index(heading) :]
    body = after[after.index("<tbody") : after.index("</tbody>")]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def test_the_published_results_rank_each_section_on_its_own(club: Club, td: Client) -> None:
    session = _played(club)
    session.state = Session.State.PUBLISHED
    session.save(update_fields=["state"])
    page = Client().get(f"/r/{session.public_id}/").content.decode()
    headings = re.findall(r"<h2>(.*?)</h2>", page)
    assert headings == ["Section A", "Section B", "Matches"]
    # place, team, names, VPs, IMPs for and against, matches
    assert _rows(page, "Section A") == [
        ["1", "A2", "Kings", "20.00", "25", "0", "1"],
        ["2", "A1", "Aces", "0.00", "0", "25", "1"],
    ]
    assert _rows(page, "Section B") == [
        ["1=", "B1", "Queens", "10.00", "0", "0", "1"],
        ["1=", "B2", "Jacks", "10.00", "0", "0", "1"],
    ]
    for team in ("A1", "A2", "B1", "B2"):  # every team's page is there, and its boards
        assert f'href="team-{team}.html"' in page
        assert Client().get(f"/r/{session.public_id}/team-{team}.html").status_code == 200
    assert Client().get(f"/r/{session.public_id}/board-2.html").status_code == 200
    printed = Client().get(f"/r/{session.public_id}/print.html").content.decode()
    assert re.findall(r"<h2>(Section .)</h2>", printed) == ["Section A", "Section B"]
    finnish = Client().get(f"/r/{session.public_id}/", HTTP_ACCEPT_LANGUAGE="fi")
    assert _rows(finnish.content.decode(), "Ryhmä B")[0][:4] == ["1=", "B1", "Queens", "10,00"]
    spanish = Client().get(f"/r/{session.public_id}/", HTTP_ACCEPT_LANGUAGE="es")
    assert _rows(spanish.content.decode(), "Sección A")[1][:4] == ["2", "A1", "Aces", "0,00"]
    site = zipfile.ZipFile(io.BytesIO(td.get(f"/director/s/{session.pk}/site.zip").content))
    index = site.read("index.html").decode()
    assert _rows(index, "Section B")[1][:4] == ["1=", "B2", "Jacks", "10.00"]
    assert "team-B2.html" in site.namelist()


def test_a_one_field_teams_session_keeps_its_rooms_numbered(club: Club, td: Client) -> None:
    session = matches.create_teams_session(club, "One field", FOUR, 2)
    assert [naming.table_label(session, t) for t in (1, 2, 3, 4)] == ["1a", "1b", "2a", "2b"]
    control = td.get(f"/director/s/{session.pk}/").content.decode()
    assert [row[:2] for row in _rows(control, "Table links")][2:] == [
        ["2a", "match 2, open room"], ["2b", "match 2, closed room"],
    ]  # fmt: skip


def test_the_rooms_of_a_section_are_named_by_it(club: Club, td: Client) -> None:
    session = matches.create_teams_session(club, "Sections", [*FOUR, "Tens"], 2, sections=2)
    # A: Aces, Kings, Queens (a bye each round), one match at tables 1-2; B: Jacks, Tens,
    # one match at tables 3-4.
    labels = [naming.table_label(session, t) for t in (1, 2, 3, 4)]
    assert labels == ["A1a", "A1b", "B1a", "B1b"]
    control = td.get(f"/director/s/{session.pk}/").content.decode()
    links = _rows(control, "Table links")
    assert [row[:2] for row in links] == [
        ["A1a", "match A1, open room"], ["A1b", "match A1, closed room"],
        ["B1a", "match B1, open room"], ["B1b", "match B1, closed room"],
    ]  # fmt: skip
    # each match numbered within its section (three teams meet as Queens v Kings, then
    # Aces v Queens, then Kings v Aces; B's two teams once)
    played = _rows(control, "<h2>Matches")
    assert [row[:4] for row in played if len(row) == 6] == [
        ["1", "A1", "A3", "A2"], ["1", "B1", "B2", "B1"],
        ["2", "A1", "A1", "A3"],
        ["3", "A1", "A2", "A1"],
    ]  # fmt: skip
    finnish = td.get(f"/director/s/{session.pk}/", HTTP_ACCEPT_LANGUAGE="fi").content.decode()
    assert "ottelu B1, suljettu huone" in finnish
    spanish = td.get(f"/director/s/{session.pk}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "encuentro A1, sala abierta" in spanish
    cards = td.get(f"/director/s/{session.pk}/cards/").content.decode()
    assert "Room B1a" in cards
    assert "Room 2a" not in cards


def test_the_log_and_the_draw_name_a_sections_room_by_its_section(club: Club, td: Client) -> None:
    seven = [*FOUR, "Tens", "Nines", "Eights"]
    session = matches.create_teams_session(
        club, "Swiss", seven, 2, schedule=Session.Schedule.SWISS, rounds=3, sections=2
    )
    # A: A1-A4, two matches at tables 1-4; B: B1-B3, one match at tables 5-6 (B3's bye).
    logbook.log(session, "refused", said.said("table {table}: {message}", table=5, message="x"))
    assert said.shown(LogLine.objects.get(session=session).detail) == "table B1a: x"
    page = td.get(f"/director/s/{session.pk}/draw/").content.decode()
    assert "12 results still to come (first: table A1a, board 1)" in page


def test_a_table_s_own_page_names_its_room_by_its_section(club: Club) -> None:
    session = matches.create_teams_session(club, "Sections", FOUR, 2, sections=2)
    for table, room, huone in (
        (3, "Match B1, open room", "Ottelu B1, avoin huone"),
        (4, "Match B1, closed room", "Ottelu B1, suljettu huone"),
    ):
        token = TableLink.objects.get(session=session, table=table).token
        phone = Client()
        page = phone.get(f"/t/{token}/").content.decode()
        assert f'<p class="note">{room}</p>' in page
        assert phone.get(f"/t/{token}/plan.json").json()["room"] == "m" + room[1:]
        page = phone.get(f"/t/{token}/", HTTP_ACCEPT_LANGUAGE="fi").content.decode()
        assert f'<p class="note">{huone}</p>' in page
