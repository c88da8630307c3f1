"""The result log as the director reads it, on the control page and a cell's history: a
result the director enters where the table had one is a correction (with the result it
replaced), an adjusted score an adjusted score, an erasure an erasure; worked out from the
log's entries, nothing else kept."""

from __future__ import annotations

import re

from django.test import Client

from bridgescore.web import entries, in_play
from bridgescore.web.director.log import logged
from bridgescore.web.models import Entry, Session


def _post(td: Client, session: Session, rnd: int, table: int, **fields: str) -> None:
    response = td.post(f"/director/s/{session.pk}/cell/{rnd}/{table}/", fields)
    assert response.status_code == 302, response.content.decode()[-400:]


def _log(page: str) -> list[str]:
    """The result log's lines on the control page, latest first, as the director reads
    them (the cells' text, tags dropped)."""
    body = page[page.index("<h2>Log</h2>") :]
    rows = re.findall(
        r'<tr class="result"><td>[\d:]+</td><td>round (.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>',
        body,
    )
    return [f"round {what} | {who} | {why}" for what, who, why in rows]


def test_a_correction_an_adjusted_score_and_an_erasure_each_say_what_they_are(
    td: Client, played: Session
) -> None:
    # round 1, table 1 played board 1 in 4S N = and board 2 in 3NT S =
    _post(td, played, 1, 1, board="1", contract="4S", declarer="N", result="+1",
          reason="claim: 11 tricks")  # fmt: skip
    _post(td, played, 1, 1, board="2", adjusted="A+/A-", reason="slow play, EW at fault")
    _post(td, played, 1, 1, board="2", erase="1", reason="the ruling was withdrawn")
    _post(td, played, 1, 1, board="2", contract="3NT", declarer="S", result="-1",
          reason="the table's result, entered again")  # fmt: skip
    _post(td, played, 1, 1, board="1", not_played="1", reason="fouled board")
    control = td.get(f"/director/s/{played.pk}/").content.decode()
    assert _log(control)[:6] == [
        "round 1, table 1, board 1: not played, by td (was 4S N +1) | td | fouled board",
        "round 1, table 1, board 2: entered by td: 3NT S -1 (NS -100) | td |"
        " the table&#x27;s result, entered again",
        "round 1, table 1, board 2: erased by td: A+/A- | td | the ruling was withdrawn",
        "round 1, table 1, board 2: adjusted score by td: A+/A- (was 3NT S =) | td |"
        " slow play, EW at fault",
        "round 1, table 1, board 1: corrected by td: 4S N +1 (was 4S N =) (NS 450) | td |"
        " claim: 11 tricks",
        "round 3, table 3, board 4: entered by the table: 2C S = (NS 90) | table | ",
    ]
    assert "assigned" not in control
    cell = td.get(f"/director/s/{played.pk}/cell/1/1/").content.decode()
    history = re.findall(r"<li>[\d:]+ board (.*?)</li>", cell)
    assert history == [
        "1: entered by the table: 4S N =",
        "2: entered by the table: 3NT S =",
        "1: corrected by td: 4S N +1 (was 4S N =), reason claim: 11 tricks",
        "2: adjusted score by td: A+/A- (was 3NT S =), reason slow play, EW at fault",
        "2: erased by td: A+/A-, reason the ruling was withdrawn",
        "2: entered by td: 3NT S -1, reason the table&#x27;s result, entered again",
        "1: not played, by td (was 4S N +1), reason fouled board",
    ]
    kinds = list(
        Entry.objects.filter(session=played, round=1, table=1).values_list("kind", "by_table")
    )
    assert kinds == [  # the log itself: nothing but its entries, as before
        ("result", True), ("result", True), ("result", False), ("adjusted", False),
        ("erased", False), ("result", False), ("not_played", False),
    ]  # fmt: skip


def test_the_words_come_from_the_entries_before_at_the_same_board(session: Session) -> None:
    entries.record_entry(session, in_play.EntryInput(1, 1, 1, "4S", "N", "="), by_table=True)
    entries.record_entry(session, in_play.EntryInput(1, 2, 3, "2H", "E", "="), by_table=True)
    entries.record_entry(  # the director at another table and board: nothing to correct
        session, in_play.EntryInput(1, 3, 5, "1NT", "N", "+1"), by_table=False, reason="phone"
    )
    entries.record_entry(
        session, in_play.EntryInput(1, 1, 1, "", "", "", adjusted="A/A"), by_table=False,
        reason="average",
    )  # fmt: skip
    lines = [line.what for line in logged(Entry.objects.filter(session=session))]
    assert lines == [
        "entered by the table: 4S N =",
        "entered by the table: 2H E =",
        "entered by the director: 1NT N +1",
        "adjusted score by the director: A/A (was 4S N =)",
    ]


def test_the_last_lines_are_read_against_every_entry_before_them(session: Session) -> None:
    # a congress's control page shows the log's latest lines only: each still says what it
    # replaced, however long before that was entered, and an erasure before them counts
    record = entries.record_entry
    record(session, in_play.EntryInput(1, 1, 1, "4S", "N", "="), by_table=True)
    record(session, in_play.EntryInput(1, 1, 2, "3NT", "S", "="), by_table=True)
    entries.erase_entry(session, 1, 1, 2, None, "wrong board")
    record(session, in_play.EntryInput(1, 2, 3, "2H", "E", "="), by_table=True)
    record(session, in_play.EntryInput(1, 1, 1, "4S", "N", "+1"), by_table=False, reason="claim")
    record(session, in_play.EntryInput(1, 1, 2, "3NT", "S", "-1"), by_table=False, reason="again")
    log = Entry.objects.filter(session=session).order_by("id")
    every = [line.what for line in logged(log)]
    assert every[-2:] == [
        "corrected by the director: 4S N +1 (was 4S N =)",
        "entered by the director: 3NT S -1",  # board 2 was erased: nothing to correct
    ]
    for last in (0, 1, 2, 5, 6, 7):
        lines = logged(log, last=last)
        assert [line.what for line in lines] == (every[-last:] if last else [])
        assert [line.entry for line in lines] == (list(log)[-last:] if last else [])
