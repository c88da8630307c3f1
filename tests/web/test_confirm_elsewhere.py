"""The opponents confirm a result on their own phone, with the table's code."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.test import Client

from bridgescore.web import entries
from bridgescore.web.models import Entry, LogLine, PendingEntry, Session, TableLink
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
    assert "board 1: 4SN=: NS +420" in shown
    ew.post(f"/t/{table.token}/confirm/", {"accept": entry_id})
    twice = ew.post(f"/t/{table.token}/confirm/", {"accept": entry_id})  # a second tap
    assert twice.status_code == 409
    assert "no longer waiting (already confirmed or rejected)" in twice.content.decode()
    kept = Entry.objects.get()
    assert (str(kept.entry_id), kept.ns_score, kept.by_table) == (entry_id, 420, True)
    assert PendingEntry.objects.count() == 0
    assert entries.current_entries(session)[(1, 1, 1)].ns_score == 420
    assert LogLine.objects.filter(session=session, what="confirmed").count() == 1


def test_a_result_the_opponents_reject_is_gone_and_logged(
    session: Session, link: Link, phone: Phone
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
    ew.post(f"/t/{table.token}/confirm/", {"reject": entry_id})
    assert (Entry.objects.count(), PendingEntry.objects.count()) == (0, 0)
    assert LogLine.objects.filter(session=session, what="rejected").count() == 1
    assert 'name="board" value="3"' in holder.get(f"/t/{table.token}/").content.decode()


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
