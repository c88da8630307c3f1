"""What a table's request reads of its session: never the movement's text while this
process keeps the movement parsed (222 KB a request at 60 tables, 3.8 MB at 240), and the
movement as it is after a change; the hand records and their analysis only for a result
with a lead."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from bridgescore.events.movements.spec import build
from bridgescore.web import queries, session_movement
from bridgescore.web.models import Entry, PendingEntry, Session, SessionPair, TableCall, TableLink
from web.posting import send_entry


def _result(board: int) -> dict[str, object]:
    return {"round": 1, "board": board, "contract": "4S", "declarer": "N", "result": "=",
            "confirm": True, "entry_id": str(uuid.uuid4())}  # fmt: skip


def _reads_movement(queries: CaptureQueriesContext) -> list[str]:
    return _reads(queries, "movement_json")


def _reads(queries: CaptureQueriesContext, column: str) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if column in q["sql"]]


def test_a_tables_results_read_no_movement_text_once_it_is_kept(
    session: Session,
    link: Callable[[int], TableLink],
    phone: Callable[[TableLink], Client],
) -> None:
    table = link(1)
    device = phone(table)  # its first page: the movement is parsed and kept
    with CaptureQueriesContext(connection) as first:
        assert send_entry(device, table.token, **_result(1))["status"] == "accepted"
    assert _reads_movement(first) == []
    with CaptureQueriesContext(connection) as page:
        assert device.get(f"/t/{table.token}/").status_code == 200
    assert _reads_movement(page) == []


def test_a_changed_movement_is_read_again_with_its_version(
    session: Session,
    link: Callable[[int], TableLink],
    phone: Callable[[TableLink], Client],
) -> None:
    table = link(1)
    device = phone(table)
    assert session_movement.movement_of(session).boards == tuple(range(1, 7))
    bigger = build("mitchell:3x3")  # the director's change: three boards a round
    Session.objects.filter(pk=session.pk).update(
        movement_json=bigger.to_json(), movement_version=session.movement_version + 1
    )
    with CaptureQueriesContext(connection) as changed:
        body = send_entry(device, table.token, **_result(3))
    assert body["status"] == "accepted"  # board 3 is table 1's in round 1 now
    assert len(_reads_movement(changed)) == 1  # read once, with its version
    with CaptureQueriesContext(connection) as after:
        assert send_entry(device, table.token, **_result(2))["status"] == "accepted"
    assert _reads_movement(after) == []


def test_a_tables_result_reads_the_hand_records_only_for_its_lead(
    hands_session: Session, phone: Callable[[TableLink], Client]
) -> None:
    """The hand records and their analysis are tens of KB a session: a result reads them
    only to check its lead, and a table's page not at all."""
    table = TableLink.objects.get(session=hands_session, table=1)
    device = phone(table)
    with CaptureQueriesContext(connection) as plain:
        assert send_entry(device, table.token, **_result(1))["status"] == "accepted"
        assert device.get(f"/t/{table.token}/").status_code == 200
    assert [_reads(plain, c) for c in ("hands_pbn", "analysis_json", "file_check")] == [[]] * 3
    with CaptureQueriesContext(connection) as led:
        # board 2: West, South's left, holds the H8
        kept = send_entry(device, table.token, **{**_result(2), "declarer": "S", "lead": "H8"})
    assert (kept["status"], kept["flags"]) == ("accepted", "")
    assert len(_reads(led, "hands_pbn")) == 1
    assert _reads(led, "analysis_json") == []


def test_a_tables_read_gives_what_the_orm_gives_of_its_tables_only(session: Session) -> None:
    """:func:`queries.table_read`: the entries at the rooms asked for in log order (an
    erased one too: what stands is worked out from them), the table's pending results,
    its open asks to mark a board not played (not a TD call, not one answered), and the
    names of the pairs asked for only; each as the ORM reads it."""
    kept = [
        Entry.objects.create(session=session, round=1, table=t, board=b, kind=k, contract=c,
                             declarer="N", result="=", ns_score=s)
        for t, b, k, c, s in [(2, 3, "result", "4S", 420), (1, 1, "result", "3NT", 400),
                              (2, 4, "erased", "", None), (1, 2, "result", "2H", 110)]
    ]  # fmt: skip
    waiting = PendingEntry.objects.create(
        session=session, table=2, entry_id=uuid.uuid4(), fields="{}", shown="3: 420"
    )
    PendingEntry.objects.create(session=session, table=1, entry_id=uuid.uuid4(), fields="{}")
    asked, call, now = TableCall.Kind.NOT_PLAYED, TableCall.Kind.CALL, timezone.now()
    calls = [(2, 4, asked, None), (2, 3, asked, now), (2, None, call, None), (1, 5, asked, None)]
    for table, board, kind, answered in calls:
        TableCall.objects.create(
            session=session, table=table, round=1, board=board, kind=kind, answered=answered
        )
    SessionPair.objects.update_or_create(session=session, pair="2NS", defaults={"names": "Eve"})
    read = queries.table_read(session.pk, 2, [2, 3], ["2NS", "1EW", "9NS"])
    assert [e.pk for e in read.entries] == [kept[0].pk, kept[2].pk]
    assert [e.pk for e in read.entries] == list(
        Entry.objects.filter(session=session, table__in=[2, 3])
        .order_by("id")
        .values_list("pk", flat=True)
    )
    first = read.entries[0]
    assert (first.contract, first.ns_score, first.entry_id) == ("4S", 420, kept[0].entry_id)
    assert first.created == Entry.objects.get(pk=first.pk).created
    assert [(p.pk, p.entry_id, p.shown) for p in read.pending] == [
        (waiting.pk, waiting.entry_id, "3: 420")
    ]
    assert read.asks == [(1, 4)]
    assert read.names == {"1EW": "Cy & Di", "2NS": "Eve"}
    assert queries.table_read(session.pk, 2, [2], []).names == {}
