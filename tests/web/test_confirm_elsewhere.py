"""The opponents confirm a result on their own phone, with the table's code."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable

import pytest
from django.test import Client

from bridgescore.web import entries, in_play
from bridgescore.web.models import Entry, LogLine, PendingEntry, Session, TableCall, TableLink
from web.posting import send_entry

Link = Callable[[int], TableLink]
Phone = Callable[[TableLink], Client]


def _opponents(table: TableLink) -> Client:
    """East-West's own phone, having given the table's code."""
    device = Client()
    assert "type the table's code" in device.get(f"/t/{table.token}/confirm/").content.decode()
    assert device.post(f"/t/{table.token}/confirm/", {"code": table.code}).status_code == 302
    return device


def test_a_result_waits_for_the_opponents_phone_then_counts_once(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    holder = phone(table)
    entry_id = str(uuid.uuid4())
    sent = send_entry(
        holder,
        table.token,
        round=1,
        board=1,
        level="4",
        strain="S",
        declarer="N",
        result="=",
        entry_id=entry_id,
        pending="1",
    )
    assert sent == {
        "http": 200,
        "status": "waiting for the opponents to confirm",
        "board": 1,
        "score": "4SN=: NS +420",
        "entry_id": entry_id,
    }
    assert Entry.objects.count() == 0  # nothing counts until they confirm
    again = send_entry(
        holder,
        table.token,
        round=1,
        board=1,
        level="4",
        strain="S",
        declarer="N",
        result="=",
        entry_id=entry_id,
        pending="1",
    )
    assert again["http"] == 200
    assert PendingEntry.objects.count() == 1  # a resend waits once
    page = holder.get(f"/t/{table.token}/").content.decode()
    assert "Waiting for the opponents to confirm" in page
    assert 'name="board" value="1"' not in page  # not offered again meanwhile
    ew = _opponents(table)
    shown = ew.get(f"/t/{table.token}/confirm/").content.decode()
    assert "<h2>Board 1</h2>" in shown
    assert "4♠ by North, made 10 · <b>NS +420</b>" in shown  # as the table's phone says it
    accepted = ew.post(f"/t/{table.token}/confirm/", {"accept": entry_id}, follow=True)
    done = accepted.content.decode()
    assert '<p class="accepted" role="status" id="done">Board 1 accepted</p>' in done
    assert "Nothing else is waiting to be confirmed." in done
    assert "Board 1 accepted" not in ew.get(f"/t/{table.token}/confirm/").content.decode()
    twice = ew.post(f"/t/{table.token}/confirm/", {"accept": entry_id})  # a second tap
    assert twice.status_code == 409
    assert "no longer waiting (already confirmed or rejected)" in twice.content.decode()
    kept = Entry.objects.get()
    assert (str(kept.entry_id), kept.ns_score, kept.by_table) == (entry_id, 420, True)
    assert PendingEntry.objects.count() == 0
    assert in_play.current_entries(session)[(1, 1, 1)].ns_score == 420
    assert LogLine.objects.filter(session=session, what="confirmed").count() == 1


def test_a_result_east_west_reject_is_gone_and_the_director_is_called(
    td: Client, session: Session, link: Link, phone: Phone
) -> None:
    table = link(2)
    holder = phone(table)
    entry_id = str(uuid.uuid4())
    send_entry(
        holder,
        table.token,
        round=1,
        board=3,
        contract="3NT",
        declarer="S",
        result="+1",
        entry_id=entry_id,
        pending="1",
    )
    ew = _opponents(table)
    shown = ew.get(f"/t/{table.token}/confirm/").content.decode()
    assert "3NT by South, made 10 (+1) · <b>NS +430</b>" in shown
    assert "Not right, call the director" in shown
    rejected = ew.post(f"/t/{table.token}/confirm/", {"reject": entry_id}, follow=True)
    assert "Board 3: the director has been called" in rejected.content.decode()
    assert (Entry.objects.count(), PendingEntry.objects.count()) == (0, 0)
    assert LogLine.objects.filter(session=session, what="rejected").count() == 1
    assert 'name="board" value="3"' in holder.get(f"/t/{table.token}/").content.decode()
    # the director is called to the table, the call naming the board and the result
    call = TableCall.objects.get()
    assert (call.table, call.round, call.kind, call.board) == (2, 1, TableCall.Kind.CALL, 3)
    assert call.note == "East-West did not accept board 3: 3NT by South, made 10 (+1) · NS +430"
    assert call.answered is None
    grid = td.get(f"/director/s/{session.pk}/grid/").content.decode()
    assert "East-West did not accept board 3" in grid
    again = ew.post(f"/t/{table.token}/confirm/", {"reject": entry_id})
    assert again.status_code == 409  # a second tap: one call
    assert TableCall.objects.count() == 1


def test_a_wrong_code_confirms_nothing(session: Session, link: Link, phone: Phone) -> None:
    table = link(1)
    table.code = "4321"
    table.save()
    holder = phone(table)
    entry_id = str(uuid.uuid4())
    send_entry(
        holder,
        table.token,
        round=1,
        board=2,
        contract="2H",
        declarer="E",
        result="=",
        entry_id=entry_id,
        pending="1",
    )
    guesser = Client()
    assert guesser.post(f"/t/{table.token}/confirm/", {"code": "1234"}).status_code == 403
    assert guesser.post(f"/t/{table.token}/confirm/", {"accept": entry_id}).status_code == 200
    assert Entry.objects.count() == 0
    assert LogLine.objects.filter(session=session, what="confirm refused").count() == 1


def test_an_impossible_result_is_refused_before_it_waits(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    holder = phone(table)
    refused = send_entry(
        holder,
        table.token,
        round=1,
        board=5,
        contract="3NT",
        declarer="S",
        result="=",
        entry_id=str(uuid.uuid4()),
        pending="1",
    )
    assert refused["http"] == 422
    assert PendingEntry.objects.count() == 0


def test_without_a_script_the_form_sends_it_to_the_opponents(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(3)
    holder = phone(table)
    fields = {
        "round": "1",
        "board": "5",
        "level": "1",
        "strain": "NT",
        "doubled": "",
        "declarer": "N",
        "result": "=",
        "entry_id": "",
    }
    page = holder.post(f"/t/{table.token}/entry/", {**fields, "pending": "1"}).content.decode()
    assert "Board 5 waiting for the opponents to confirm: 1NTN=: NS +90" in page
    pending = PendingEntry.objects.get()
    ew = _opponents(table)
    ew.post(f"/t/{table.token}/confirm/", {"accept": str(pending.entry_id)})
    assert Entry.objects.get().ns_score == 90


def _waiting(holder: Client, table: TableLink, board: int, **played: str) -> str:
    """A result the table's phone sends to East-West's phone; its id."""
    entry_id = str(uuid.uuid4())
    sent = send_entry(
        holder, table.token, round=1, board=board, entry_id=entry_id, pending="1", **played
    )
    assert sent["status"] == "waiting for the opponents to confirm", sent
    return entry_id


def test_the_link_on_another_phone_is_made_for_east_west_confirming(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    holder = phone(table)
    _waiting(holder, table, 1, contract="2S", declarer="N", result="=")
    ew = Client()
    page = ew.get(f"/t/{table.token}/")
    assert page.status_code == 409  # this phone does not hold the table
    text = page.content.decode()
    assert "<h1>Table 1</h1>" in text
    assert "<p>Round 1</p>" in text
    assert "<b>NS 1NS</b> Ann &amp; Bob<br><b>EW 1EW</b> Cy &amp; Di" in text
    assert "1 result is waiting for East-West." in text
    assert f'href="/t/{table.token}/confirm/">Confirm a result (East-West)</a>' in text
    # taking the table over is its own page, never the landing's form
    assert 'name="code"' not in text
    assert f"/t/{table.token}/takeover/" in text
    # nothing of the result before the code (a token, the address's or the language
    # switch's CSRF field, may hold "2S")
    shown = re.sub(r'value="[^"]*"', "", text.replace(table.token, ""))
    assert "2S" not in shown
    assert "2♠" not in shown
    assert ew.cookies["bridgescore_device"].value  # its own id, for the codes it types
    for path in ("", "confirm/", "takeover/"):  # a table's pages: no director login
        assert "Director login" not in ew.get(f"/t/{table.token}/{path}").content.decode()


def test_east_west_give_the_code_once_and_read_the_result_in_their_language(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    holder = phone(table)
    first = _waiting(holder, table, 1, contract="2S", declarer="N", result="=")
    ew = Client(HTTP_ACCEPT_LANGUAGE="fi")
    ew.post(f"/t/{table.token}/confirm/", {"code": table.code})
    page = ew.get(f"/t/{table.token}/confirm/").content.decode()
    assert "<h2>Brikka 1</h2>" in page
    assert "2♠, pelinviejä Pohjoinen, kotiin, 8 tikkiä · <b>PE +110</b>" in page
    done = ew.post(f"/t/{table.token}/confirm/", {"accept": first}, follow=True)
    assert "Brikka 1 hyväksytty" in done.content.decode()
    # the next result needs no code again on this phone
    second = _waiting(holder, table, 2, contract="3NT", declarer="E", result="-2")
    page = ew.get(f"/t/{table.token}/confirm/").content.decode()
    assert 'name="code"' not in page
    assert "3NT, pelinviejä Itä, pietit 2 · <b>PE +100</b>" in page
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es")
    spanish.post(f"/t/{table.token}/confirm/", {"code": table.code})
    page = spanish.get(f"/t/{table.token}/confirm/").content.decode()
    assert "3ST por Este, multas: 2 · <b>NS +100</b>" in page
    assert PendingEntry.objects.get().entry_id == uuid.UUID(second)


def test_the_code_to_confirm_never_takes_the_table_over(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    holder = phone(table)
    ew = _opponents(table)
    assert ew.get(f"/t/{table.token}/").status_code == 409  # still the landing
    refused = send_entry(ew, table.token, round=1, board=1, contract="1NT", declarer="N",
                         result="=", confirm="1")  # fmt: skip
    assert refused["http"] == 403
    assert holder.get(f"/t/{table.token}/").status_code == 200  # North-South still hold it
    assert not LogLine.objects.filter(what="takeover").exists()


def test_taking_the_table_over_is_its_own_page_that_says_what_it_does(
    td: Client, session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    holder = phone(table)
    other = Client()
    page = other.get(f"/t/{table.token}/takeover/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "<h1>Take over table 1</h1>" in text
    assert "the other phone stops entering results" in text
    assert f'href="/t/{table.token}/confirm/">confirm a result instead</a>' in text
    assert 'name="code"' in text
    taken = other.post(f"/t/{table.token}/takeover/", {"code": table.code})
    assert (taken.status_code, taken["Location"]) == (302, f"/t/{table.token}/")
    assert other.get(f"/t/{table.token}/").status_code == 200
    assert holder.get(f"/t/{table.token}/").status_code == 409
    assert "taken over at" in td.get(f"/director/s/{session.pk}/grid/").content.decode()
    # the phone holding the table is sent to it
    held = other.get(f"/t/{table.token}/takeover/")
    assert (held.status_code, held["Location"]) == (302, f"/t/{table.token}/")


@pytest.mark.parametrize("state", [Session.State.CLOSED, Session.State.PUBLISHED])
def test_a_closed_sessions_link_is_410_with_its_page(
    session: Session, link: Link, phone: Phone, state: str
) -> None:
    table = link(1)
    holder = phone(table)
    ew = _opponents(table)
    entries.change_state(session, state)
    results = f'href="/r/{session.public_id}/"'
    for device, path in [
        (holder, ""),
        (ew, ""),
        (Client(), ""),
        (ew, "confirm/"),
        (Client(), "takeover/"),
    ]:
        page = device.get(f"/t/{table.token}/{path}")
        assert page.status_code == 410, path
        text = page.content.decode()
        assert "The session is closed: results can no longer be entered" in text
        assert "<form" not in text.split("</header>")[1]  # no entry form, no code
        assert (results in text) == (state == Session.State.PUBLISHED)
        assert "Director login" not in text
    posted = Client().post(f"/t/{table.token}/takeover/", {"code": table.code})
    assert posted.status_code == 410
    assert ew.post(f"/t/{table.token}/confirm/", {"code": table.code}).status_code == 410


def test_the_call_for_a_result_not_accepted_is_in_the_sessions_language(
    session: Session, link: Link, phone: Phone
) -> None:
    Session.objects.filter(pk=session.pk).update(language="fi")
    table = link(2)
    holder = phone(table)
    entry_id = _waiting(holder, table, 3, contract="3NT", declarer="S", result="+1")
    ew = _opponents(table)  # an English phone
    ew.post(f"/t/{table.token}/confirm/", {"reject": entry_id})
    assert TableCall.objects.get().note == (
        "Itä-länsi ei hyväksynyt brikan 3 tulosta: 3NT, pelinviejä Etelä, kotiin, 10 tikkiä"
        " (+1) · PE +430"
    )


def test_a_result_that_cannot_be_kept_when_accepted_still_waits(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    holder = phone(table)
    entry_id = _waiting(holder, table, 1, contract="2S", declarer="N", result="=")
    # meanwhile the table's phone keeps another result for board 1 itself
    kept = send_entry(holder, table.token, round=1, board=1, contract="4S", declarer="N",
                      result="=", confirm="1", entry_id=str(uuid.uuid4()))  # fmt: skip
    assert kept["status"] == "accepted"
    ew = _opponents(table)
    refused = ew.post(f"/t/{table.token}/confirm/", {"accept": entry_id})
    assert refused.status_code == 422
    assert (
        "Board 1 already has a result at this table: ask the director" in refused.content.decode()
    )
    assert [str(p.entry_id) for p in PendingEntry.objects.all()] == [entry_id]  # still there
    assert [e.ns_score for e in Entry.objects.all()] == [420]
    assert "2♠ by North, made 8" in refused.content.decode()  # offered again, to reject
    ew.post(f"/t/{table.token}/confirm/", {"reject": entry_id})
    assert (PendingEntry.objects.count(), TableCall.objects.count()) == (0, 1)


def test_the_opening_lead_is_said_with_the_result_east_west_confirm(
    session: Session, link: Link, phone: Phone
) -> None:
    """The lead sent with a result is shown as the table's phone shows it, in the reader's
    words (the suit's symbol, 10 for the ten)."""
    table = link(1)
    holder = phone(table)
    _waiting(holder, table, 1, contract="4H", declarer="S", result="-1", lead="DT")
    _waiting(holder, table, 2, contract="2S", declarer="N", result="=")  # no lead sent
    without = {
        "en": "2♠ by North, made 8 · <b>NS +110</b>",
        "fi": "2♠, pelinviejä Pohjoinen, kotiin, 8 tikkiä · <b>PE +110</b>",
        "es": "2♠ por Norte, cumplido, 8 bazas · <b>NS +110</b>",
    }
    for language, said in (
        ("en", "4♥ by South, down 1, lead ♦10 · <b>NS -50</b>"),
        ("fi", "4♥, pelinviejä Etelä, pietit 1, lähtö ♦10 · <b>PE -50</b>"),
        ("es", "4♥ por Sur, multas: 1, salida ♦10 · <b>NS -50</b>"),
    ):
        ew = Client(HTTP_ACCEPT_LANGUAGE=language)
        ew.post(f"/t/{table.token}/confirm/", {"code": table.code})
        page = ew.get(f"/t/{table.token}/confirm/").content.decode()
        shown = re.findall(r"class=\"preview\">(.*?)</p>", page)
        assert shown == [said, without[language]]  # board 2, sent without a lead
