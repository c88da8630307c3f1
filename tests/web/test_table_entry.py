"""A table enters its results on its phone: checked, confirmed, kept once, never overwritten."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.test import Client

from bridgescore.web import in_play
from bridgescore.web.models import Entry, LogLine, Session, TableLink
from web.posting import send_entry

Link = Callable[[int], TableLink]
Phone = Callable[[TableLink], Client]


def test_the_phone_shows_the_round_pairs_and_boards(
    session: Session, link: Link, phone: Phone
) -> None:
    device = Client()
    page = device.get(f"/t/{link(1).token}/").content.decode()
    assert "Table 1 · round 1 of 3" in page
    assert "NS 1NS" in page
    assert "Ann &amp; Bob" in page
    assert "Board 1 · dealer North · vul None" in page
    assert "Board 2 · dealer East · vul NS" in page


def test_a_result_is_previewed_then_kept_once(session: Session, link: Link, phone: Phone) -> None:
    table = link(1)
    device = phone(table)
    entry_id = str(uuid.uuid4())
    fields = {"round": 1, "board": 1, "level": "4", "strain": "S", "declarer": "N",
              "result": "=", "entry_id": entry_id}  # fmt: skip
    preview = send_entry(device, table.token, **fields)
    shown = {name: str(value) for name, value in fields.items()}  # echoed as the form read it
    assert preview == {"http": 200, "preview": "4SN=: NS +420", "ns_score": 420, "board": 1,
                       "input": shown}  # fmt: skip
    assert Entry.objects.count() == 0  # nothing kept before the opponents accept
    first = send_entry(device, table.token, **fields, confirm="1")
    assert (first["http"], first["status"], first["score"]) == (200, "accepted", "4SN=: NS +420")
    again = send_entry(device, table.token, **fields, confirm="1")  # the phone resends
    assert (again["http"], again["status"]) == (200, "already received")
    assert Entry.objects.filter(session=session).count() == 1
    assert in_play.current_entries(session)[(1, 1, 1)].ns_score == 420


def test_a_board_with_a_result_cannot_be_entered_again_by_the_table(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    send_entry(device, table.token, round=1, board=1, contract="3NT", declarer="S", result="+1",
          confirm="1")  # fmt: skip
    second = send_entry(device, table.token, round=1, board=1, contract="4S", declarer="N",
                   result="=", confirm="1")  # fmt: skip
    assert second == {
        "http": 422,
        "error": "board 1 already has a result at this table: ask the director",
    }
    assert in_play.current_entries(session)[(1, 1, 1)].ns_score == 430


def test_a_board_the_table_does_not_play_is_refused_and_logged(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    answer = send_entry(device, table.token, round=1, board=5, contract="3NT", declarer="S",
                   result="=", confirm="1")  # fmt: skip
    assert answer == {
        "http": 422,
        "error": "board 5 is not played at table 1 in round 1"
        " (this round: boards 1, 2; it is played here in round 3)",
    }
    assert Entry.objects.count() == 0
    assert LogLine.objects.filter(session=session, what="entry refused").count() == 1


def test_an_impossible_contract_or_result_says_why(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(2)
    device = phone(table)
    too_many = send_entry(device, table.token, round=1, board=3, contract="6NT", declarer="S",
                     result="+2")  # fmt: skip
    assert too_many["http"] == 422
    assert "14 tricks" in str(too_many["error"]) or "tricks" in str(too_many["error"])
    nonsense = send_entry(device, table.token, round=1, board=3, contract="8S", declarer="S",
                     result="=")  # fmt: skip
    assert nonsense["http"] == 422
    assert "8S" in str(nonsense["error"])


def test_a_passed_out_board_and_not_played(session: Session, link: Link, phone: Phone) -> None:
    table = link(3)
    device = phone(table)
    passed = send_entry(device, table.token, round=1, board=5, level="pass", confirm="1")
    assert (passed["http"], passed["score"]) == (200, "Pass: NS +0")
    skipped = send_entry(device, table.token, round=1, board=6, not_played="1", confirm="1")
    assert (skipped["http"], skipped["status"]) == (200, "asked")  # the director agrees to it
    assert skipped["score"] == "Not played: the director is asked to agree"


def test_the_round_moves_on_when_every_board_is_entered(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    for board in (1, 2):
        send_entry(device, table.token, round=1, board=board, contract="2H", declarer="E",
              result="=", confirm="1")  # fmt: skip
    assert in_play.table_round(session, 1) == 2
    assert "Table 1 · round 2 of 3" in device.get(f"/t/{table.token}/").content.decode()


def test_a_second_phone_needs_the_table_code(session: Session, link: Link, phone: Phone) -> None:
    table = link(1)
    first = phone(table)
    second = Client()
    page = second.get(f"/t/{table.token}/")
    assert page.status_code == 409
    assert "open on another phone" in page.content.decode()
    refused = send_entry(second, table.token, round=1, board=1, contract="1NT", declarer="N",
                    result="=", confirm="1")  # fmt: skip
    assert refused == {
        "http": 403,
        "error": "this phone does not hold the table",
        "elsewhere": True,
    }
    wrong = second.post(f"/t/{table.token}/takeover/", {"code": "x"})
    assert wrong.status_code == 403
    taken = second.post(f"/t/{table.token}/takeover/", {"code": table.code})
    assert taken.status_code == 302
    assert second.get(f"/t/{table.token}/").status_code == 200
    assert first.get(f"/t/{table.token}/").status_code == 409  # the first phone has lost it
    whats = list(LogLine.objects.filter(session=session).values_list("what", flat=True))
    assert whats.count("takeover") == 1
    assert "takeover refused" in whats


def test_a_forged_link_is_404_and_logged(session: Session, link: Link, phone: Phone) -> None:
    response = Client().get("/t/not-a-real-token/")
    assert response.status_code == 404
    assert LogLine.objects.filter(what="bad link").count() == 1


def test_a_post_without_its_csrf_token_is_refused(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = Client(enforce_csrf_checks=True)
    assert device.get(f"/t/{table.token}/").status_code == 200
    response = device.post(f"/t/{table.token}/entry/", {"round": "1", "board": "1"})
    assert response.status_code == 403
    assert Entry.objects.count() == 0


def test_a_huge_or_malformed_request_is_refused(session: Session, link: Link, phone: Phone) -> None:
    table = link(1)
    device = phone(table)
    huge = device.post(
        f"/t/{table.token}/entry/", data="x" * 2_000_000, content_type="application/json"
    )
    assert huge.status_code == 413  # refused unread
    bad = device.post(f"/t/{table.token}/entry/", data="{not json", content_type="application/json")
    assert bad.status_code == 400
    assert bad.json() == {"error": "the request is not readable"}
    assert Entry.objects.count() == 0


def test_the_form_path_works_without_javascript(session: Session, link: Link, phone: Phone) -> None:
    table = link(2)
    device = phone(table)
    fields = {"round": "1", "board": "3", "level": "3", "strain": "NT", "doubled": "",
              "declarer": "S", "result": "=", "entry_id": ""}  # fmt: skip
    preview = device.post(f"/t/{table.token}/entry/", fields).content.decode()
    assert "3NTS=: NS +400" in preview
    assert "East-West: is this right?" in preview
    accepted = device.post(f"/t/{table.token}/entry/", {**fields, "confirm": "1"}).content.decode()
    assert "Board 3 accepted: 3NTS=: NS +400" in accepted


def test_a_closed_sessions_link_has_expired_but_a_resend_is_still_known(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    kept = str(uuid.uuid4())
    fields = {"round": 1, "board": 1, "contract": "2S", "declarer": "S", "result": "=",
              "confirm": "1"}  # fmt: skip
    assert send_entry(device, table.token, **fields, entry_id=kept)["status"] == "accepted"
    session.state = Session.State.CLOSED
    session.save()
    again = send_entry(device, table.token, **fields, entry_id=kept)
    assert (again["http"], again["status"]) == (200, "already received")
    late = send_entry(device, table.token, **{**fields, "board": 2}, entry_id=str(uuid.uuid4()))
    assert late == {
        "http": 410,
        "error": "this table's link has expired: the session is closed (ask the director)",
    }
    assert "The session is closed" in device.get(f"/t/{table.token}/").content.decode()
