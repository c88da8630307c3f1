"""The table's code, tried as players and an attacker would: a right code never counts;
wrong codes are limited per phone and table, per phone, per address only for requests
without the phone's cookie, and per table; a stranger holding a table's link never locks
the table's own players out; the try logs are pruned.

The session is the fixtures' 3-table Mitchell; every client here shares one address
(``127.0.0.1``), as a club's phones do behind its router or an https proxy."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from bridgescore.events.movements.spec import build
from bridgescore.web import clubs, limits
from bridgescore.web.models import Attempt, Club, LogLine, Session, TableLink
from bridgescore.web.public.pages import LOGIN_WINDOW
from bridgescore.web.table.codes import (
    ADDRESS_TRIES,
    CODE_TRIES,
    CODE_WINDOW,
    PHONE_TRIES,
    PHONE_WINDOW,
    TABLE_ALERT,
    TABLE_TRIES,
)
from web.posting import send_entry

Link = Callable[[int], TableLink]
Phone = Callable[[TableLink], Client]


@pytest.fixture
def big(club: Club) -> Session:
    """A 16-table session: enough tables for the address's allowance at four a table."""
    assert ADDRESS_TRIES == 15 * (CODE_TRIES - 1)
    return clubs.create_session(club, "Big night", build("mitchell:16x1"), spec="mitchell:16x1")


def _wrong(table: TableLink) -> str:
    return "000000" if table.code != "000000" else "111111"


def _new_phone(table: TableLink) -> Client:
    """A phone that opens the table's link (and so has its own id), not holding it."""
    device = Client()
    assert device.get(f"/t/{table.token}/").status_code == 409
    return device


def _confirm(device: Client, table: TableLink, code: str) -> int:
    return device.post(f"/t/{table.token}/confirm/", {"code": code}).status_code


def _takeover(device: Client, table: TableLink, code: str) -> tuple[int, str]:
    response = device.post(f"/t/{table.token}/takeover/", {"code": code})
    return response.status_code, response.content.decode()


def test_a_club_behind_one_address_gives_right_codes_all_night(
    session: Session, link: Link, phone: Phone
) -> None:
    tables = [link(n) for n in (1, 2, 3)]
    for table in tables:
        phone(table)
    # seven rounds of East-West at three tables, twice over: every right code goes through
    answers = [_confirm(_new_phone(t), t, t.code) for _ in range(14) for t in tables]
    assert answers == [302] * 42
    cookieless = [_confirm(Client(), t, t.code) for _ in range(ADDRESS_TRIES) for t in tables]
    assert cookieless == [302] * (3 * ADDRESS_TRIES)  # not even the address counts them
    assert Attempt.objects.filter(what=Attempt.What.CODE).count() == 0  # a right code never counts
    assert LogLine.objects.filter(what="confirm code").count() == 42 + 3 * ADDRESS_TRIES


def test_a_right_code_never_counts_against_the_phone(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    phone(table)
    ew = _new_phone(table)
    for _ in range(2):  # slips, then the right code: never locked out
        statuses = [_confirm(ew, table, _wrong(table)) for _ in range(CODE_TRIES - 1)]
        assert statuses == [403] * (CODE_TRIES - 1)
        assert _confirm(ew, table, table.code) == 302
    page = ew.post(f"/t/{table.token}/confirm/", {"code": _wrong(table)}).content.decode()
    assert "That code is wrong (4 tries left on this phone)" in page  # its count began again
    assert not TableLink.objects.get(pk=table.pk).locked
    # the phone's hour counts its wrong codes only: 2 * 4 + 1, and one more
    assert 2 * (CODE_TRIES - 1) + 2 == PHONE_TRIES
    assert _confirm(ew, table, _wrong(table)) == 403
    assert _confirm(ew, table, _wrong(table)) == 429
    assert Attempt.objects.filter(
        key=f"phone:{ew.cookies['bridgescore_device'].value}"
    ).count() == (PHONE_TRIES + 1)


def test_two_table_links_and_ten_wrong_codes_stop_that_phone_only(
    session: Session, link: Link, phone: Phone
) -> None:
    one, two, three = link(1), link(2), link(3)
    for table in (one, two, three):
        phone(table)
    thief = _new_phone(one)
    statuses = [_confirm(thief, (one, two)[n % 2], "123") for n in range(2 * CODE_TRIES)]
    assert statuses == [403] * (2 * CODE_TRIES - 2) + [423, 423]  # locked out of both
    status, page = _takeover(thief, three, "123")  # its eleventh wrong code in the hour
    assert status == 429
    assert "Too many wrong codes from this phone: wait an hour, or ask the director" in page
    assert _takeover(thief, three, three.code)[0] == 429  # refused unread, the right code too
    # the club's other phones, behind the same address, are not touched
    for table in (one, two, three):
        assert _confirm(_new_phone(table), table, table.code) == 302
    assert _confirm(Client(), one, one.code) == 302  # nor a phone without a cookie
    texts = [line.text for line in LogLine.objects.filter(what__endswith=" refused")]
    assert sum("wrong code (try" in t for t in texts) == 2 * CODE_TRIES
    # refused: logged once, however often it is tried again
    for _ in range(5):
        assert _takeover(thief, three, "123")[0] == 429
    texts = [line.text for line in LogLine.objects.filter(what__endswith=" refused")]
    assert sum("too many wrong codes from this phone" in t for t in texts) == 1


def test_a_strangers_wrong_codes_never_lock_the_tables_own_players_out(
    td: Client, session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    holder = phone(table)
    stranger = _new_phone(table)
    statuses = [_takeover(stranger, table, _wrong(table))[0] for _ in range(CODE_TRIES)]
    assert statuses == [403] * (CODE_TRIES - 1) + [423]
    status, page = _takeover(stranger, table, table.code)
    assert status == 423  # that phone is locked out of the table, even with the right code
    assert "This phone has typed too many wrong codes for this table" in page
    # North-South go on entering; East-West's own phone confirms with the code
    kept = send_entry(holder, table.token, round=1, board=1, contract="4S", declarer="N",
                      result="=", confirm="1")  # fmt: skip
    assert kept["status"] == "accepted"
    assert _confirm(_new_phone(table), table, table.code) == 302
    # the director sees it, and "Release" frees the stranger's phone
    grid = td.get(f"/director/s/{session.pk}/grid/").content.decode()
    assert "<b>Table 1</b>: locked after wrong codes" in grid
    assert f'action="/director/s/{session.pk}/table/1/release/"' in grid
    td.post(f"/director/s/{session.pk}/table/1/release/")
    assert not TableLink.objects.get(pk=table.pk).locked
    assert _confirm(stranger, table, _wrong(table)) == 403  # a fresh count
    assert _takeover(stranger, table, table.code)[0] == 302


def test_phones_without_a_cookie_share_their_addresss_generous_allowance(
    big: Session,
) -> None:
    tables = list(TableLink.objects.filter(session=big))
    for table in tables:
        assert Client().get(f"/t/{table.token}/").status_code == 200  # held
    # a script that drops its cookie is counted by its address: four at each table
    statuses = [
        _confirm(Client(), table, _wrong(table))
        for table in tables[:-1]
        for _ in range(CODE_TRIES - 1)
    ]
    assert statuses == [403] * ADDRESS_TRIES
    last = tables[-1]
    assert _confirm(Client(), last, _wrong(last)) == 429
    assert _confirm(Client(), last, last.code) == 429  # refused unread
    # a phone with its own cookie at the same address is not held back
    assert _confirm(_new_phone(last), last, last.code) == 302


def test_many_wrong_codes_at_a_table_alert_the_director_then_stop_new_phones(
    td: Client, session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    holder = phone(table)
    ew = _new_phone(table)
    assert _confirm(ew, table, table.code) == 302  # East-West gave the code before
    guessers = [_new_phone(table) for _ in range(TABLE_TRIES // (CODE_TRIES - 1) + 1)]
    wrong = 0
    for guesser in guessers:
        for _ in range(CODE_TRIES - 1):  # each under its own phone's limit
            status = _confirm(guesser, table, _wrong(table))
            if status == 403:
                wrong += 1
            if wrong == TABLE_ALERT:
                assert TableLink.objects.get(pk=table.pk).locked  # shown to the director
    assert wrong == TABLE_TRIES  # guessing a million codes: one chance in ten thousand
    assert _confirm(_new_phone(table), table, table.code) == 423
    page = _new_phone(table).post(f"/t/{table.token}/confirm/", {"code": table.code})
    assert "This table takes no more codes after too many wrong ones" in page.content.decode()
    # the table's phone and East-West's phone that has the code go on
    kept = send_entry(holder, table.token, round=1, board=1, contract="4S", declarer="N",
                      result="=", pending="1")  # fmt: skip
    assert ew.post(f"/t/{table.token}/confirm/", {"accept": kept["entry_id"]}).status_code == 302
    td.post(f"/director/s/{session.pk}/table/1/release/")
    assert _confirm(_new_phone(table), table, table.code) == 302
    refused = LogLine.objects.filter(what="confirm refused")
    assert sum("no more codes taken" in line.text for line in refused) == 1


def test_old_tries_are_pruned_now_and_then_not_on_every_request(
    session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    phone(table)
    stale = timezone.now() - limits.KEPT - datetime.timedelta(minutes=1)
    Attempt.objects.bulk_create(
        [Attempt(what=Attempt.What.CODE, key=f"phone:old{n}") for n in range(50)]
    )
    Attempt.objects.update(created=stale)
    limits.prune(force=True)  # as a process does at its first try
    assert Attempt.objects.count() == 0
    Attempt.objects.bulk_create([Attempt(what=Attempt.What.LOGIN, key=f"old{n}") for n in range(5)])
    Attempt.objects.update(created=stale)
    guesser = _new_phone(table)
    with CaptureQueriesContext(connection) as queries:
        assert _confirm(guesser, table, _wrong(table)) == 403
    assert not any(q["sql"].startswith("DELETE") for q in queries.captured_queries)
    assert Attempt.objects.filter(created__lt=timezone.now() - limits.KEPT).count() == 5
    limits._last_pruned[0] = timezone.now() - limits.PRUNE_EVERY  # ten minutes on
    assert _confirm(guesser, table, _wrong(table)) == 403
    assert Attempt.objects.filter(created__lt=timezone.now() - limits.KEPT).count() == 0
    assert Attempt.objects.filter(what=Attempt.What.CODE).count() == 6  # 2 tries, 3 keys each


def test_every_limit_looks_back_no_further_than_the_tries_are_kept() -> None:
    assert max(LOGIN_WINDOW, PHONE_WINDOW, CODE_WINDOW) <= limits.KEPT
