"""A table's confirmed result goes through the link its server process kept (no read of
the link a result), and the write checks that row against the link as committed: a link
or session changed meanwhile (by another process, or the director) is read afresh and
the result answered from it — a phone taken over is refused, a phone that took the table
is served, a change of the session is seen — and any refusal is answered once, from the
link read afresh."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from bridgescore.web import queries
from bridgescore.web.models import Entry, LogLine, Session, TableLink
from bridgescore.web.table import link as links
from web.posting import send_entry

Link = Callable[[int], TableLink]
Phone = Callable[[TableLink], Client]

PLAYED = {"round": 1, "contract": "4S", "declarer": "N", "result": "=", "confirm": "1"}


def _link_reads(captured: CaptureQueriesContext) -> tuple[int, int]:
    """How many reads of one link by its token, and of a group's links, were made."""
    token = connection.ops.quote_name("token")
    sqls = [q["sql"] for q in captured.captured_queries if "tablelink" in q["sql"]]
    one = sum(1 for sql in sqls if f"{token} = " in sql and "EXISTS" in sql)
    group = sum(1 for sql in sqls if f"{token} IN (" in sql)
    return one, group


def _held(phone: Phone, table: TableLink) -> Client:
    """A phone holding the table, its plan asked for since (as the phone does every 10 s):
    the link is kept as it is now."""
    device = phone(table)
    assert device.get(f"/t/{table.token}/plan.json").status_code == 200
    assert links._KEPT[table.token] == queries.link_row(table.token)
    return device


def _kept_with(token: str, field: str, value: object) -> None:
    """The link this process keeps for ``token``, as if read before another process
    changed ``field`` to what the database now has (it is kept with ``value``)."""
    names = queries._loader(connection.vendor, TableLink, "l").names
    row = list(links._KEPT[token])
    row[names.index(field)] = value
    links._KEPT[token] = tuple(row)


def test_a_confirmed_result_goes_through_the_link_kept_and_the_write_checks_it(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = _held(phone, table)
    with CaptureQueriesContext(connection) as captured:
        answer = send_entry(device, table.token, board=1, **PLAYED)
    assert (answer["http"], answer["status"]) == (200, "accepted")
    assert _link_reads(captured) == (0, 1)  # none of its own; the write's read of the group
    # a preview (nothing written) reads the link afresh, as before
    with CaptureQueriesContext(connection) as captured:
        preview = send_entry(device, table.token, board=2, **{**PLAYED, "confirm": ""})
    assert preview["http"] == 200
    assert "preview" in preview
    assert _link_reads(captured) == (1, 0)


def test_a_phone_taken_over_by_another_process_is_refused_though_its_link_was_kept(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = _held(phone, table)
    TableLink.objects.filter(pk=table.pk).update(device="another phone")  # another process
    answer = send_entry(device, table.token, board=1, **PLAYED)
    assert (answer["http"], answer["error"]) == (403, "this phone does not hold the table")
    assert not Entry.objects.filter(session=session).exists()
    assert LogLine.objects.filter(what="entry refused").count() == 1


def test_a_phone_that_took_the_table_is_served_though_the_link_kept_says_otherwise(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = _held(phone, table)
    _kept_with(table.token, "device", "the phone before")
    with CaptureQueriesContext(connection) as captured:
        answer = send_entry(device, table.token, board=1, **PLAYED)
    assert (answer["http"], answer["status"]) == (200, "accepted")
    assert _link_reads(captured) == (1, 0)  # read afresh, before anything was written
    assert links._KEPT[table.token] == queries.link_row(table.token)  # kept as it is now
    assert not LogLine.objects.filter(what="entry refused").exists()


@pytest.mark.parametrize(("field", "value"), [("lead_rule", "required"), ("state", "closed")])
def test_a_session_changed_since_the_link_was_kept_is_seen_by_the_write(
    session: Session, link: Link, phone: Phone, field: str, value: str
) -> None:
    """The director's change (here written as another process would, the row kept
    before it) is what the result is checked against: a lead now needed is asked for, a
    session closed refuses it."""
    table = link(1)
    device = _held(phone, table)
    Session.objects.filter(pk=session.pk).update(**{field: value})
    with CaptureQueriesContext(connection) as captured:
        answer = send_entry(device, table.token, board=1, **PLAYED)
    assert _link_reads(captured) == (1, 1)  # the write saw the change: read afresh, again
    assert answer["http"] == (410 if field == "state" else 422), answer
    assert "lead" in str(answer["error"]) or field == "state"
    assert not Entry.objects.filter(session=session).exists()
    assert LogLine.objects.filter(what="entry refused").count() == 1  # answered once


def test_a_refusal_through_the_link_kept_is_answered_once_from_the_link_read_afresh(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = _held(phone, table)
    answer = send_entry(device, table.token, board=3, **PLAYED)  # board 3 is table 2's
    assert answer["http"] == 422
    assert "board 3" in str(answer["error"]), answer
    assert LogLine.objects.filter(what="entry refused").count() == 1
    assert not Entry.objects.filter(session=session).exists()


def test_the_links_kept_are_let_go_beyond_the_bound(
    session: Session, link: Link, phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(links, "MOST_KEPT", 2)
    links._KEPT.clear()
    for table in (1, 2, 3):
        _held(phone, link(table))
    assert list(links._KEPT) == [link(3).token]  # two kept, then let go for the third
