"""Every address is checked on the server against the viewer's rights: anyone not logged
in is sent to the login page, a director of another club, another session's ids or
another table's link get a 404 (or, for a table's link, the page for East-West), never a
200 with the other's data in it."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, get_resolver

from bridgescore.web import entries, in_play
from bridgescore.web.models import Entry, Session, TableLink

Link = Callable[[int], TableLink]
Phone = Callable[[TableLink], Client]

PUBLIC = {"home", "login", "logout", "set_language"}
"""Addresses anyone may open (the logout only takes a POST)."""

TABLE = {
    "table",
    "table_entry",
    "table_takeover",
    "table_confirm",
    "table_call",
    "table_plan",
    "table_i18n",
    "table_service_worker",
    "table_manifest",
}
"""Addresses reached by a table's link."""

RESULTS = {"results", "results_page"}
PAD = {
    "pad",
    "pad_sheet",
    "pad_evening",
    "pad_share",
    "pad_game",
    "pad_qr",
    "pad_service_worker",
    "pad_manifest",
    "pad_i18n",
}
"""The score pad's addresses: anyone's, no login (each tested in ``test_pad.py``)."""
"""The results pages, reached by a session's public id."""


def director_urls(session: Session) -> dict[str, tuple[str, str]]:
    """Every director's address of ``session`` (or its club): name -> (method, path)."""
    s = f"/director/s/{session.pk}"
    club = session.club_id
    return {
        "director": ("GET", "/director/"),
        "new_session": ("GET", "/director/new/"),
        "new_teams_session": ("GET", "/director/new/teams/"),
        "control": ("GET", f"{s}/"),
        "control_grid": ("GET", f"{s}/grid/"),
        "director_cell": ("GET", f"{s}/cell/1/1/"),
        "session_state": ("POST", f"{s}/state/"),
        "session_hands": ("POST", f"{s}/hands/"),
        "table_cards": ("GET", f"{s}/cards/"),
        "export": ("GET", f"{s}/export.csv"),
        "roster": ("GET", f"/director/club/{club}/"),
        "session_pairs": ("GET", f"{s}/pairs/"),
        "penalties": ("GET", f"{s}/penalties/"),
        "late_change": ("GET", f"{s}/change/"),
        "export_site": ("GET", f"{s}/site.zip"),
        "swiss_draw": ("GET", f"{s}/draw/"),
        "release_table": ("POST", f"{s}/table/1/release/"),
        "seen": ("POST", f"{s}/table/1/seen/"),
        "answer_call": ("POST", f"{s}/call/1/answer/"),
    }


RESULT = {"round": 1, "board": 1, "contract": "3NT", "declarer": "S", "result": "=", "confirm": "1"}

SESSION_WIDE = {"director", "new_session", "new_teams_session"}
"""Director's addresses that name no session or club (they list the viewer's own)."""


def _names() -> set[str]:
    return {p.name for p in get_resolver().url_patterns if isinstance(p, URLPattern) and p.name}


def test_every_address_is_in_this_test(session: Session) -> None:
    listed = PUBLIC | TABLE | RESULTS | PAD | set(director_urls(session))
    assert _names() == listed


def _call(client: Client, method: str, path: str) -> int:
    response = client.post(path, {"state": "published"}) if method == "POST" else client.get(path)
    return response.status_code


def test_anyone_not_logged_in_is_sent_to_the_login_page(session: Session) -> None:
    anonymous = Client()
    for name, (method, path) in director_urls(session).items():
        response = (
            anonymous.post(path, {"state": "published"})
            if method == "POST"
            else anonymous.get(path)
        )
        assert response.status_code == 302, name
        assert response["Location"].startswith("/login/?next="), name
    session.refresh_from_db()
    assert session.state == Session.State.RUNNING


def test_a_director_of_another_club_gets_404_everywhere(
    session: Session, other_director: User, other_session: Session
) -> None:
    entries.record_entry(session, in_play.EntryInput(1, 1, 1, "4S", "N", "="), by_table=True)
    client = Client()
    client.force_login(other_director)
    for name, (method, path) in director_urls(session).items():
        if name in SESSION_WIDE:
            continue
        assert _call(client, method, path) == 404, name
    session.refresh_from_db()
    assert session.state == Session.State.RUNNING
    assert "Hilltop Monday" in client.get("/director/").content.decode()
    for name in SESSION_WIDE:  # their own pages show nothing of the other club
        page = client.get(director_urls(session)[name][1])
        assert page.status_code == 200
        text = page.content.decode()
        assert "Tuesday pairs" not in text
        assert "Riverside" not in text


def test_a_director_reaches_no_session_that_is_not_their_clubs(
    td: Client, session: Session, other_session: Session
) -> None:
    for name, (method, path) in director_urls(other_session).items():
        if name in SESSION_WIDE:
            continue
        response = td.post(path, {"state": "published"}) if method == "POST" else td.get(path)
        assert response.status_code == 404, name
        assert "Zed Quill" not in response.content.decode()
    own = td.get("/director/").content.decode()
    assert "Tuesday pairs" in own
    assert "Hilltop Monday" not in own
    other_session.refresh_from_db()
    assert other_session.state == Session.State.RUNNING


def test_ids_that_do_not_exist_or_are_not_in_the_movement_are_404(
    td: Client, session: Session
) -> None:
    s = f"/director/s/{session.pk}"
    assert td.get("/director/s/99999/").status_code == 404
    assert td.get(f"{s}/cell/9/1/").status_code == 404  # no round 9
    assert td.get(f"{s}/cell/1/7/").status_code == 404  # no table 7
    assert td.get(f"{s}/export.docx").status_code == 400
    assert td.get("/director/club/99999/").status_code == 404


def test_a_phone_reaches_only_its_own_table_and_session(
    session: Session, other_session: Session, link: Link, phone: Phone
) -> None:
    mine = link(1)
    device = phone(mine)
    other_table = TableLink.objects.get(session=session, table=2)
    other_sessions = TableLink.objects.get(session=other_session, table=1)
    phone(other_table)  # those tables are held by their own phones
    phone(other_sessions)
    for target in (other_table, other_sessions):
        page = device.get(f"/t/{target.token}/")
        assert page.status_code == 409  # another phone holds it: the page for East-West
        text = page.content.decode()
        assert "Confirm a result (East-West)" in text
        assert 'id="entry"' not in text  # no entry form
        assert 'name="code"' not in text  # the code is asked on its own pages
        assert "Board 3" not in text  # nothing of its boards or results
        sent = device.post(
            f"/t/{target.token}/entry/",
            data=json.dumps(RESULT),
            content_type="application/json",
        )
        assert sent.status_code == 403
    # the table comes from the link, never from what the phone sends
    sent = device.post(
        f"/t/{mine.token}/entry/",
        data=json.dumps({**RESULT, "table": 2, "board": 3}),
        content_type="application/json",
    )
    assert sent.status_code == 422
    assert Entry.objects.count() == 0


def test_a_table_of_another_session_sees_no_traveller_of_this_one(
    session: Session, other_session: Session, phone: Phone
) -> None:
    for target in (session, other_session):
        entries.record_entry(target, in_play.EntryInput(1, 1, 1, "4S", "N", "="), by_table=True)
    device = phone(TableLink.objects.get(session=other_session, table=1))
    # board 1 finished at that phone's table, but in the other session
    assert device.get(f"/r/{other_session.public_id}/board-1.html").status_code == 200
    refused = device.get(f"/r/{session.public_id}/board-1.html")
    assert refused.status_code == 403
    # a token (the address's, the language switch's CSRF field) may hold "4S" or "420"
    shown = re.sub(r'value="[^"]*"', "", refused.content.decode().replace(session.public_id, ""))
    assert "Not yet: a board's results are shown to a table once it has played" in shown
    assert "4S" not in shown
    assert "420" not in shown


@pytest.mark.parametrize(
    "path", ["/r/not-a-session/", "/r/not-a-session/board-1.html", "/t/not-a-table/entry/"]
)
def test_unknown_public_ids_and_tokens_are_404(session: Session, path: str) -> None:
    client = Client()
    response = client.post(path) if path.endswith("entry/") else client.get(path)
    assert response.status_code == 404


def test_under_way_anyone_sees_the_ranking_and_nothing_else(session: Session) -> None:
    entries.record_entry(session, in_play.EntryInput(1, 1, 1, "4S", "N", "="), by_table=True)
    anonymous = Client()
    base = f"/r/{session.public_id}"
    assert anonymous.get(f"{base}/").status_code == 200
    assert anonymous.get(f"{base}/board-1.html").status_code == 403
    assert anonymous.get(f"{base}/pair-1NS.html").status_code == 403
    assert anonymous.get(f"{base}/board-99.html").status_code == 404
    home = anonymous.get("/").content.decode()
    under_way, _, published = home.partition('id="published"')
    assert f'<a href="{base}/" translate="no">Tuesday pairs</a>' in under_way  # its live ranking
    assert "Tuesday pairs" not in published  # not published yet


def test_confirming_another_tables_results_needs_that_tables_code(
    session: Session, other_session: Session, link: Link, phone: Phone
) -> None:
    mine, theirs = link(1), link(2)
    mine.code, theirs.code = "1111", "2222"
    mine.save()
    theirs.save()
    holder = phone(theirs)
    sent = holder.post(
        f"/t/{theirs.token}/entry/",
        data=json.dumps(
            {
                "round": 1,
                "board": 3,
                "contract": "4S",
                "declarer": "N",
                "result": "=",
                "entry_id": str(uuid.uuid4()),
                "pending": "1",
            }
        ),
        content_type="application/json",
    )
    assert sent.status_code == 200
    nosy = Client()
    nosy.post(f"/t/{mine.token}/confirm/", {"code": mine.code})  # confirms table 1 only
    page = nosy.get(f"/t/{theirs.token}/confirm/").content.decode()
    assert "board 3" not in page
    assert "type the table's code" in page
    refused = nosy.post(f"/t/{theirs.token}/confirm/", {"code": mine.code})
    assert refused.status_code == 403
    assert Entry.objects.count() == 0
