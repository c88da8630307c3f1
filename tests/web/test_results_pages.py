"""Who sees which results page, and the exports: under way anyone sees the ranking, a
table a board's traveller once it has finished the board (and never a board it has not
played), the director everything; once published, everyone everything. Every export reads
back into the library to the same results and ranking."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from bridgescore.events.model import Event, ResultRow
from bridgescore.events.scoring import score_event
from bridgescore.io.events import load_event
from bridgescore.web import entries, hand_records, in_play, live, session_movement
from bridgescore.web.models import Session, TableLink

Link = Callable[[int], TableLink]
Phone = Callable[[TableLink], Client]

HANDS = Path(__file__).parents[1] / "io" / "data" / "pbn" / "bridgewebs_hands.pbn"
"""A club's real hand records: 24 deals (Bridgewebs)."""


def _enter(
    session: Session,
    rnd: int,
    table: int,
    board: int,
    *,
    contract: str = "",
    declarer: str = "",
    result: str = "",
    not_played: str = "",
) -> None:
    inp = in_play.EntryInput(
        rnd, table, board, contract, declarer, result, not_played=bool(not_played)
    )
    entries.record_entry(session, inp, by_table=True)


def _status(client: Client, session: Session, page: str) -> int:
    return client.get(f"/r/{session.public_id}/{page}").status_code


def test_a_table_sees_a_traveller_only_once_it_has_finished_the_board(
    session: Session, link: Link, phone: Phone
) -> None:
    device = phone(link(1))
    _enter(session, 1, 2, 3, contract="3NT", declarer="S", result="=")  # another table
    assert _status(device, session, "index.html") == 200
    assert _status(device, session, "board-3.html") == 403  # table 1 plays it in round 2
    _enter(session, 1, 1, 1, contract="4S", declarer="N", result="=")
    assert _status(device, session, "board-1.html") == 200
    assert _status(device, session, "board-2.html") == 403  # not finished: no one has, either
    assert _status(device, session, "board-99.html") == 404  # not in the movement
    _enter(session, 1, 1, 2, not_played="1")  # not played: it may yet be played
    assert in_play.table_round(session, 1) == 2  # the table has moved on
    assert _status(device, session, "board-1.html") == 200  # still shown after moving on
    assert _status(device, session, "board-3.html") == 403
    _enter(session, 2, 1, 3, contract="3NT", declarer="S", result="+1")
    page = device.get(f"/r/{session.public_id}/board-3.html").content.decode()
    assert "+430" in page
    assert "+400" in page  # the other table's result on the board
    # the pair's own card: every board it has played here is finished (board 2, not
    # played, shows nothing of the others' results)
    assert _status(device, session, "pair-1NS.html") == 200
    assert _status(Client(), session, "board-1.html") == 403  # no table, no travellers


def test_not_played_boards_stay_hidden_from_the_table(
    session: Session, link: Link, phone: Phone
) -> None:
    device = phone(link(1))
    _enter(session, 1, 1, 1, not_played="1")
    for board in (5, 6):  # table 3 finishes round 1, then plays board 1 in round 2
        _enter(session, 1, 3, board, contract="1NT", declarer="N", result="=")
    _enter(session, 2, 3, 1, contract="4S", declarer="N", result="=")
    assert in_play.visible_boards(session, 1) == set()
    assert _status(device, session, "board-1.html") == 403


def test_the_director_sees_all_and_after_publishing_everyone_does(
    td: Client, played: Session
) -> None:
    anonymous = Client()
    pages = ["index.html", "board-1.html", "board-6.html", "pair-1NS.html", "pair-3EW.html"]
    assert [_status(td, played, p) for p in pages] == [200] * 5
    assert [_status(anonymous, played, p) for p in pages] == [200, 403, 403, 403, 403]
    live = anonymous.get(f"/r/{played.public_id}/").content.decode()
    assert "Live: results so far" in live
    assert "2NS" in live
    asked = td.post(f"/director/s/{played.pk}/state/", {"state": "published"})
    assert [_status(anonymous, played, p) for p in pages] == [200, 403, 403, 403, 403]
    key = asked.context["shown"].key  # every result is in: publish as shown
    td.post(f"/director/s/{played.pk}/state/", {"state": "published", "key": key})
    assert [_status(anonymous, played, p) for p in pages] == [200] * 5
    final = anonymous.get(f"/r/{played.public_id}/").content.decode()
    assert "Live: results so far" not in final
    assert "Tuesday pairs" in anonymous.get("/").content.decode()


def _sorted(rows: tuple[ResultRow, ...]) -> list[ResultRow]:
    return sorted(rows, key=lambda r: (r.board, r.round or 0, r.table or ""))


@pytest.mark.parametrize("fmt", ["csv", "json", "pbn", "xml"])
def test_every_export_reads_back_to_the_same_event(
    td: Client, played: Session, fmt: str, tmp_path: Path
) -> None:
    td.post(f"/director/s/{played.pk}/cell/1/1/", {"board": "1", "adjusted": "A+/A-",
            "reason": "split ruling"})  # fmt: skip
    td.post(f"/director/s/{played.pk}/cell/1/2/", {"board": "3", "not_played": "1",
            "reason": "fouled board"})  # fmt: skip
    response = td.get(f"/director/s/{played.pk}/export.{fmt}")
    assert response.status_code == 200
    path = tmp_path / f"session.{fmt}"
    path.write_bytes(response.content)
    back = load_event(path)
    mine: Event = in_play.event_of(played)
    assert len(back.results.rows) == 18
    assert _sorted(back.results.rows) == _sorted(mine.results.rows)
    assert score_event(back).standings == score_event(mine).standings
    assert back.name == "Tuesday pairs"
    if fmt in ("pbn", "xml"):
        names = {p.id: p.names for p in back.participants}
        assert names["1NS"] == ("Ann", "Bob")


def test_the_static_site_export_is_a_zip_of_the_results_site(td: Client, played: Session) -> None:
    response = td.get(f"/director/s/{played.pk}/site.zip")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    files = set(archive.namelist())
    assert {"index.html", "style.css", "print.html", "board-1.html", "board-6.html"} <= files
    assert "pair-2NS.html" in files
    index = archive.read("index.html").decode()
    assert "Tuesday pairs" in index
    assert "Ann, Bob" in index


def test_hand_records_uploaded_at_creation_show_the_diagrams(td: Client, club: object) -> None:
    form = {"pairs": "6", "boards": "6", "spec": "mitchell:3x2", "club": "", "name": "With hands"}
    form["club"] = str(td.get("/director/").context["clubs"][0].pk)
    with HANDS.open("rb") as hands:
        response = td.post("/director/new/", {**form, "hands": hands})
    assert response.status_code == 302
    session = Session.objects.get(name="With hands")
    assert len(hand_records.hands_of(session.hands_pbn)) == 24
    _enter(session, 1, 1, 1, contract="4S", declarer="N", result="=")
    page = td.get(f"/r/{session.public_id}/board-1.html").content.decode()
    assert 'aria-label="The four hands"' in page
    assert '<span class="sym">♠</span> A98' in page  # North's spades on board 1


def test_a_hand_record_that_is_not_pbn_is_refused_with_its_place(td: Client) -> None:
    listed = td.get("/director/").context["clubs"]
    form = {"pairs": "6", "boards": "6", "spec": "mitchell:3x2", "club": str(listed[0].pk),
            "name": "Bad hands"}  # fmt: skip
    bad = io.BytesIO(b'[Board "1"]\n[Deal "N:AKQ.xyz"]\n')
    bad.name = "hands.pbn"
    response = td.post("/director/new/", {**form, "hands": bad})
    assert response.status_code == 422
    assert 'class="error"' in response.content.decode()
    assert not Session.objects.filter(name="Bad hands").exists()


def test_a_score_card_shows_only_when_every_board_on_it_is_visible(
    session: Session, link: Link, phone: Phone
) -> None:
    # mitchell:3x2: round 1 table 1 plays boards 1-2 (1NS v 1EW); round 2 EW move up
    device = phone(link(1))
    _enter(session, 1, 1, 1, contract="4S", declarer="N", result="=")
    _enter(session, 1, 1, 2, contract="3NT", declarer="S", result="=")
    _enter(session, 1, 2, 3, contract="2H", declarer="E", result="=")
    _enter(session, 1, 2, 4, contract="1NT", declarer="N", result="=")
    assert _status(device, session, "pair-1NS.html") == 200  # boards 1-2: table 1's own
    assert _status(device, session, "pair-2NS.html") == 403  # boards 3-4: not yet played here
    assert _status(Client(), session, "pair-1NS.html") == 403  # a viewer with no table
    moved = session_movement.movement_of(session).rounds[1].tables[0]  # round 2 at table 1
    for board in moved.boards:  # table 1 now plays 3-4 against 3EW: 2NS's boards
        _enter(session, 2, 1, board, contract="2S", declarer="S", result="=")
    assert _status(device, session, "pair-2NS.html") == 200


def test_a_travellers_next_and_previous_links_lead_only_to_boards_the_table_may_see(
    session: Session, link: Link, phone: Phone, td: Client
) -> None:
    device = phone(link(1))
    for table, board in ((1, 1), (1, 2), (2, 3), (2, 4)):
        _enter(session, 1, table, board, contract="4S", declarer="N", result="=")
    first = device.get(f"/r/{session.public_id}/board-1.html").content.decode()
    second = device.get(f"/r/{session.public_id}/board-2.html").content.decode()
    assert 'href="board-2.html"' in first
    assert 'href="board-1.html"' in second
    assert "board-3.html" not in second  # table 1 plays board 3 in round 2: not yet
    assert _status(device, session, "board-3.html") == 403
    # the director sees every board, and steps through all of them
    assert 'href="board-3.html"' in td.get(f"/r/{session.public_id}/board-2.html").content.decode()


def test_a_page_asked_again_with_nothing_new_is_not_drawn_again(
    session: Session, link: Link, phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    device, other = phone(link(1)), phone(link(2))
    _enter(session, 1, 1, 1, contract="4S", declarer="N", result="=")
    first = device.get(f"/r/{session.public_id}/board-1.html")
    assert first.status_code == 200
    drawn: list[str] = []
    real_report = live.report

    def counted(*args: Any, **kwargs: Any) -> Any:
        drawn.append("x")
        return real_report(*args, **kwargs)

    monkeypatch.setattr(live, "report", counted)
    again = device.get(f"/r/{session.public_id}/board-1.html")
    assert again.status_code == 200
    assert drawn == []  # served as drawn: the report was not asked for
    assert again.content.decode().count("+420") == first.content.decode().count("+420") >= 1
    # another table has not finished board 1: the page kept for table 1 is not its page
    assert other.get(f"/r/{session.public_id}/board-1.html").status_code == 403
    # each viewer's language switch carries its own request's form token
    token = 'name="csrfmiddlewaretoken" value="'
    assert token in again.content.decode()
    # a new result: the page is drawn again, with it
    for board in (5, 6):  # table 3 plays board 1 in round 2
        _enter(session, 1, 3, board, contract="3NT", declarer="S", result="=")
    _enter(session, 2, 3, 1, contract="4S", declarer="N", result="+1")
    after = device.get(f"/r/{session.public_id}/board-1.html").content.decode()
    assert drawn == ["x"]
    assert "+450" in after
    # in Finnish: a page of its own (the switch), drawn once
    fi = device.get(f"/r/{session.public_id}/board-1.html", HTTP_ACCEPT_LANGUAGE="fi")
    assert fi.headers["Content-Language"] == "fi"
    assert "Brikka" in fi.content.decode() or "brikka" in fi.content.decode()


def test_a_live_page_asked_again_with_nothing_new_is_answered_304(
    session: Session, link: Link, phone: Phone
) -> None:
    """A live results page carries an entity tag for what it shows to this viewer: asked
    again with it while nothing is new, 304 and no body (the page refreshes every 15 s,
    80 KB a time at 240 tables); a new result, another language, another viewer (a
    table's phone, which sees its boards' travellers) each have their own."""
    _enter(session, 1, 2, 3, contract="3NT", declarer="S", result="=")
    reader = Client()
    index = f"/r/{session.public_id}/index.html"
    first = reader.get(index)  # no cookie yet: the switch's token is set with this page
    assert settings.CSRF_COOKIE_NAME in first.cookies
    again, once_more = reader.get(index), reader.get(index)  # the page kept: one tag
    assert 'href="board-1.html"' not in again.content.decode()
    tag = again["ETag"]
    assert (again.status_code, once_more.status_code, once_more["ETag"]) == (200, 200, tag)
    assert first["ETag"] == tag  # the first look's page is the one its next ask finds
    assert again["Cache-Control"] == "no-cache"
    assert tag.startswith('"')
    kept = reader.get(index, HTTP_IF_NONE_MATCH=tag)
    assert (kept.status_code, kept.content, kept["ETag"]) == (304, b"", tag)
    assert reader.get(index, HTTP_IF_NONE_MATCH='"another"').status_code == 200
    live._kept.clear()  # asked of another server process, which has kept no page
    elsewhere = reader.get(index, HTTP_IF_NONE_MATCH=tag)
    assert (elsewhere.status_code, elsewhere.content, elsewhere["ETag"]) == (304, b"", tag)
    finnish = reader.get(index, HTTP_ACCEPT_LANGUAGE="fi")
    assert (finnish.status_code, finnish["Content-Language"]) == (200, "fi")
    assert finnish["ETag"] != tag
    table = phone(link(1))
    table.get(index)
    assert table.get(index)["ETag"] != tag
    _enter(session, 1, 1, 1, contract="4S", declarer="N", result="=")  # something new
    fresh = reader.get(index, HTTP_IF_NONE_MATCH=tag)
    assert fresh.status_code == 200
    assert 'href="board-1.html"' in fresh.content.decode()  # board 1 has a result now
    assert fresh["ETag"] != tag
    assert reader.get(index, HTTP_IF_NONE_MATCH=fresh["ETag"]).status_code == 304
