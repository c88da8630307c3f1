"""Closing entry and publishing first show what is still missing (results of rounds the
tables have moved past; apart, those of the rounds being played and of rounds not yet
started) and what waits for the opponents' confirmation, and apply only what the director
was shown: a changed situation is shown again."""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import Client

from bridgescore.web import entries, in_play, matches, refusals
from bridgescore.web.models import Club, LogLine, PendingEntry, Session
from web.conftest import play_all


def _enter(session: Session, rnd: int, table: int, board: int, *, by_table: bool = True) -> None:
    inp = in_play.EntryInput(rnd, table, board, "3NT", "S", "=")
    entries.record_entry(session, inp, by_table=by_table, reason="" if by_table else "late entry")


def _under_way(session: Session) -> None:
    """Round 1 in, then: table 1 has played round 2 and its round 1 board 2 was erased;
    table 2 has entered one board of round 2; table 3 none, and its board 1 of round 2
    waits on the opponents' phone."""
    play_all(session, rounds=1)
    _enter(session, 2, 1, 3)
    _enter(session, 2, 1, 4)
    entries.erase_entry(session, 1, 1, 2, None, "entered at the wrong table")
    _enter(session, 2, 2, 5)
    PendingEntry.objects.create(
        session=session,
        table=3,
        entry_id=uuid.uuid4(),
        fields=json.dumps({"round": "2", "board": "1", "contract": "2S", "declarer": "N"}),
        shown="2SN+2: NS +170",
    )


def _state(td: Client, session: Session, state: str, key: str = "") -> tuple[int, str, str]:
    """The answer to a state change: its status, its page, and the key of what it shows."""
    fields = {"state": state, **({"key": key} if key else {})}
    response = td.post(f"/director/s/{session.pk}/state/", fields)
    shown = response.context["shown"].key if response.status_code in (200, 409) else ""
    return response.status_code, response.content.decode(), shown


def test_closing_lists_what_is_missing_and_applies_only_when_confirmed(
    td: Client, session: Session
) -> None:
    _under_way(session)
    status, page, key = _state(td, session, "closed")
    assert status == 200
    assert "1 result missing from a round the table has moved past" in page
    assert "round 1, table 1: 1NS v 1EW, board 2" in page
    assert f'href="/director/s/{session.pk}/cell/1/1/"' in page  # enter it from here
    # table 1 has moved on to round 3; tables 2 and 3 are playing round 2
    assert "5 results of the rounds being played not yet in" in page
    for line in ("round 2, table 2: 2NS v 1EW, board 6", "round 2, table 3: 3NS v 2EW, board 1",
                 "round 2, table 3: 3NS v 2EW, board 2", "round 3, table 1: 1NS v 2EW, board 5",
                 "round 3, table 1: 1NS v 2EW, board 6"):  # fmt: skip
        assert line in page
    assert "round 3: 4 results" in page  # tables 2 and 3 have still to start it
    assert "1 result waiting for the opponents' confirmation" in page
    assert "2SN+2: NS +170" in page
    session.refresh_from_db()
    assert session.state == Session.State.RUNNING  # nothing applied yet
    assert not LogLine.objects.filter(session=session, what="state").exists()

    confirmed = td.post(f"/director/s/{session.pk}/state/", {"state": "closed", "key": key})
    assert confirmed.status_code == 302
    session.refresh_from_db()
    assert session.state == Session.State.CLOSED
    logged = LogLine.objects.get(session=session, what="state")
    assert logged.text == (
        "state: session closed (results missing: 10; waiting for the opponents' confirmation: 1)"
    )
    assert logged.by is not None
    assert logged.by.username == "td"
    late = in_play.EntryInput(2, 3, 1, "2S", "N", "+2")
    with pytest.raises(refusals.SessionClosedError, match="the session is closed"):
        entries.record_entry(session, late, by_table=True)  # the table's, after the close


def test_a_changed_situation_is_shown_again_before_anything_is_applied(
    td: Client, session: Session
) -> None:
    _under_way(session)
    _, _, key = _state(td, session, "closed")
    _enter(session, 1, 1, 2, by_table=False)  # the director enters the missing result
    status, page, again = _state(td, session, "closed", key)
    assert status == 409
    assert "what is missing has changed since: look again" in page
    assert "moved past" not in page  # round 1 is complete now
    assert "5 results of the rounds being played not yet in" in page
    assert again != key
    session.refresh_from_db()
    assert session.state == Session.State.RUNNING
    PendingEntry.objects.filter(session=session).delete()  # the opponents rejected it
    status, page, third = _state(td, session, "closed", again)
    assert status == 409
    assert "waiting for the opponents" not in page
    assert td.post(f"/director/s/{session.pk}/state/", {"state": "closed", "key": third})[
        "Location"
    ] == (f"/director/s/{session.pk}/")
    session.refresh_from_db()
    assert session.state == Session.State.CLOSED


def test_publishing_a_complete_session_says_so_and_opening_again_needs_no_asking(
    td: Client, played: Session
) -> None:
    status, page, key = _state(td, played, "published")
    assert status == 200
    assert "Every result is in, and none is waiting for the opponents' confirmation." in page
    assert "Publish as it stands" in page
    assert "Live: results so far" in Client().get(f"/r/{played.public_id}/").content.decode()
    assert _state(td, played, "published", key)[0] == 302
    played.refresh_from_db()
    assert played.state == Session.State.PUBLISHED
    assert LogLine.objects.get(session=played, what="state").text == "state: session published"
    public = Client().get(f"/r/{played.public_id}/").content.decode()
    assert "Live: results so far" not in public
    assert Client().get(f"/r/{played.public_id}/board-6.html").status_code == 200
    opened = td.post(f"/director/s/{played.pk}/state/", {"state": "running"})
    assert opened.status_code == 302
    played.refresh_from_db()
    assert played.state == Session.State.RUNNING
    details = [line.text for line in LogLine.objects.filter(session=played, what="state")]
    assert details == ["state: session published", "state: session under way"]


def test_publishing_a_closed_session_asks_again(td: Client, session: Session) -> None:
    play_all(session, rounds=2)
    _, _, key = _state(td, session, "closed")
    assert _state(td, session, "closed", key)[0] == 302
    status, page, shown = _state(td, session, "published")
    assert status == 200
    assert "6 results of the rounds being played not yet in" in page  # round 3, not begun
    assert "round 3, table 2: 2NS v 3EW, board 1" in page
    assert _state(td, session, "published", shown)[0] == 302
    session.refresh_from_db()
    assert session.state == Session.State.PUBLISHED


def test_a_teams_session_lists_its_rooms(td: Client, club: Club) -> None:
    session = matches.create_teams_session(club, "Teams night", ["Aces", "Kings"], 2)
    entries.record_entry(session, in_play.EntryInput(1, 1, 1, "4S", "N", "="), by_table=True)
    status, page, _ = _state(td, session, "closed")
    assert status == 200
    assert "1 result of the rounds being played not yet in" in page
    assert "round 1, table 1a: Kings v Aces, board 2" in page  # the open room's other board
    # the closed room has entered nothing: said apart, as the grid shows it
    assert "2 results of tables that have entered nothing yet (not started)" in page
    assert "round 1, table 1b: Aces v Kings, board 1" in page
