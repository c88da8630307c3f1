"""What needs the director on the grid, and one rule for what is missing.

A board a table asks to mark not played is an ask on the grid ("Table 3, round 1: board 5
not played?") that the director accepts (the board recorded not played, by the director),
rules on the cell's page (any entry for the board answers it) or refuses (the table enters
the board); each answer once, whatever is posted again. Alerts end once answered, or once
the session is closed or published. The grid's colours, the Missing list and the close
warning come from one reading (:func:`in_play.progress`), so they agree in every state.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.test import Client
from django.utils import timezone, translation

from bridgescore.events.play import UNFINISHED_AT_CLOSE, Stage
from bridgescore.web import entries, in_play, logbook, matches, said
from bridgescore.web.models import Club, Entry, LogLine, Session, TableCall, TableLink
from web.posting import send_entry

Link = Callable[[int], TableLink]
Phone = Callable[[TableLink], Client]


def _ask(session: Session, table: int, rnd: int, board: int) -> TableCall:
    """A table's ask to mark ``board`` not played, as the table's page keeps it."""
    return TableCall.objects.create(
        session=session, table=table, round=rnd, kind=TableCall.Kind.NOT_PLAYED, board=board
    )


def _answer(td: Client, session: Session, call: TableCall, action: str) -> int:
    fields = {"action": action} if action else {}
    return td.post(f"/director/s/{session.pk}/call/{call.pk}/answer/", fields).status_code


def _grid(td: Client, session: Session) -> str:
    return td.get(f"/director/s/{session.pk}/grid/").content.decode()


def _alerts(grid: str) -> list[str]:
    """The alerts' words as the director reads them (tags dropped)."""
    found = re.findall(r'<span class="said">(.*?)</span>', grid)
    return [re.sub(r"<[^>]+>", "", text) for text in found]


def _cells(grid: str) -> list[str]:
    """Each grid cell's state, round by round, table by table."""
    return re.findall(r'<td class="(\w+)', grid)


def test_an_ask_shows_on_the_grid_and_accept_records_the_board_not_played(
    td: Client, session: Session
) -> None:
    entries.record_entry(session, in_play.EntryInput(1, 3, 5, "4S", "N", "="), by_table=True)
    ask = _ask(session, 3, 1, 6)
    grid = _grid(td, session)
    asked = f"Table 3, round 1: board 6 not played? (asked at {ask.created:%H:%M})"
    assert _alerts(grid) == [asked]
    assert 'th class="alerted calling">Table 3</th>' in grid  # the column stands out
    assert f'href="/director/s/{session.pk}/cell/1/3/?board=6">Rule</a>' in grid
    assert 'value="accept">Accept</button>' in grid
    assert 'value="refuse">Refuse</button>' in grid
    assert in_play.table_round(session, 3) == 1  # the ask is no result: round 1 not left
    assert _answer(td, session, ask, "accept") == 302
    kept = in_play.current_entries(session)[(1, 3, 6)]
    assert (kept.kind, kept.by_table, kept.by.username if kept.by else None) == (
        Entry.Kind.NOT_PLAYED,
        False,
        "td",
    )
    assert kept.reason == "not played, as the table asked"
    assert in_play.table_round(session, 3) == 2  # the table moves on
    ask.refresh_from_db()
    assert ask.answered is not None
    assert ask.answered_by is not None
    assert _alerts(_grid(td, session)) == []
    lines = [line.text for line in LogLine.objects.filter(session=session)]
    assert lines[-1] == "not played accepted: table 3, round 1: board 6"
    # the same answer again, or the other: nothing happens twice
    assert _answer(td, session, ask, "accept") == 302
    assert _answer(td, session, ask, "refuse") == 302
    assert Entry.objects.filter(session=session, board=6).count() == 1
    assert LogLine.objects.filter(session=session, what="not played accepted").count() == 1
    assert not LogLine.objects.filter(session=session, what="not played refused").exists()


def test_refuse_answers_with_no_entry_and_the_table_enters_the_board(
    td: Client, session: Session, link: Link, phone: Phone
) -> None:
    table = link(2)
    device = phone(table)
    ask = _ask(session, 2, 1, 3)
    assert _answer(td, session, ask, "refuse") == 302
    assert not Entry.objects.filter(session=session).exists()
    assert _alerts(_grid(td, session)) == []
    assert LogLine.objects.get(session=session, what="not played refused").text == (
        "not played refused: table 2, round 1: board 3"
    )
    sent = send_entry(device, table.token, round=1, board=3, contract="3NT", declarer="S",
                      result="=", confirm="1")  # fmt: skip
    assert sent["status"] == "accepted"


def test_a_ruling_on_the_cell_page_answers_the_ask(td: Client, session: Session) -> None:
    ask = _ask(session, 1, 1, 2)
    cell = td.get(f"/director/s/{session.pk}/cell/1/1/?board=2").content.decode()
    assert "The table asks to mark board 2 not played." in cell
    assert "<option selected>2</option>" in cell  # the board asked about, chosen
    ruled = td.post(
        f"/director/s/{session.pk}/cell/1/1/",
        {"board": "2", "adjusted": "A/A-", "reason": "board fouled at table 1"},
    )
    assert ruled.status_code == 302
    ask.refresh_from_db()
    assert ask.answered is not None
    assert in_play.current_entries(session)[(1, 1, 2)].adjusted == "A/A-"
    assert _alerts(_grid(td, session)) == []
    assert _answer(td, session, ask, "accept") == 302  # answered by the ruling already
    assert in_play.current_entries(session)[(1, 1, 2)].adjusted == "A/A-"


def test_an_answer_that_does_not_fit_is_refused_whole(
    td: Client, session: Session, other_session: Session, client: Client
) -> None:
    ask = _ask(session, 1, 1, 1)
    call = TableCall.objects.create(session=session, table=2, round=1, note="revoke")
    assert _answer(td, session, ask, "burn it") == 400  # unknown
    assert _answer(td, session, ask, "answered") == 400  # a TD call's answer
    assert _answer(td, session, ask, "") == 400  # an ask needs its answer
    assert _answer(td, session, call, "accept") == 400  # a TD call has no board
    assert td.post(f"/director/s/{session.pk}/call/{ask.pk}/answer/",
                   {"action": ["accept", "refuse"]}).status_code in (302, 400)  # fmt: skip
    stranger = _ask(other_session, 1, 1, 1)
    assert _answer(td, session, stranger, "accept") == 404  # another club's: not found
    assert _answer(td, other_session, stranger, "accept") == 404
    assert td.get(f"/director/s/{session.pk}/call/{call.pk}/answer/").status_code == 405
    assert not Entry.objects.filter(session=other_session).exists()
    stranger.refresh_from_db()
    assert stranger.answered is None
    assert _answer(td, session, call, "answered") == 302
    assert LogLine.objects.get(session=session, what="TD call answered").text == (
        "TD call answered: table 2, round 1"
    )


def test_alerts_end_when_the_session_is_closed_and_a_takeover_once_seen(
    td: Client, session: Session
) -> None:
    TableCall.objects.create(session=session, table=1, round=1, note="revoke")
    TableLink.objects.filter(session=session, table=2).update(taken_over=timezone.now())
    grid = _grid(td, session)
    shown = [a.split(" at ")[0] for a in _alerts(grid)]
    assert shown == ["Table 1: TD call", "Table 2: taken over"]
    assert td.post(f"/director/s/{session.pk}/table/2/seen/").status_code == 302
    assert [a.split(" at ")[0] for a in _alerts(_grid(td, session))] == ["Table 1: TD call"]
    assert LogLine.objects.get(session=session, what="takeover seen").text == (
        "takeover seen: table 2: the takeover is seen"
    )
    td.post(f"/director/s/{session.pk}/table/2/seen/")  # again: nothing more
    assert LogLine.objects.filter(session=session, what="takeover seen").count() == 1
    TableLink.objects.filter(session=session, table=3).update(taken_over=timezone.now())
    entries.change_state(session, Session.State.PUBLISHED)
    assert _alerts(_grid(td, session)) == []  # no table can enter: nothing to do now


def test_td_calls_stand_out_on_the_grid_and_in_the_log(td: Client, session: Session) -> None:
    TableCall.objects.create(session=session, table=2, round=1, note="revoke")
    LogLine.objects.create(session=session, what="TD call", detail="table 2, round 1: revoke")
    LogLine.objects.create(session=session, what="takeover", detail="table 3 taken over")
    page = td.get(f"/director/s/{session.pk}/").content.decode()
    assert '<li class="alert call">' in page
    assert '<tr class="call"><td>' in page
    assert '<tr class="event"><td>' in page
    assert '<link rel="stylesheet" href="/static/bridgescore/control.css">' in page
    served = td.get("/static/bridgescore/control.css")
    css = b"".join(served.streaming_content).decode()  # type: ignore[attr-defined]
    assert ".log tr.call td { background: #fbd5da; font-weight: 600; }" in css
    assert ".alerts li.call, .alerts li.not_played {" in css


def test_the_log_is_one_list_in_time_order(td: Client, played: Session) -> None:
    """Results, penalties and events together, the latest first."""
    LogLine.objects.create(session=played, what="takeover", detail="table 1 taken over")
    td.post(f"/director/s/{played.pk}/penalties/",
            {"pair": "2NS", "amount": "1", "unit": "points", "reason": "slow"})  # fmt: skip
    td.post(f"/director/s/{played.pk}/cell/1/1/",
            {"board": "1", "adjusted": "A/A", "reason": "fouled"})  # fmt: skip
    page = td.get(f"/director/s/{played.pk}/").content.decode()
    body = page[page.index("<h2>Log</h2>") :]
    kinds = re.findall(r'<tr class="(\w+)"><td>', body)
    assert kinds[:3] == ["result", "penalty", "event"]
    assert kinds[3:] == ["result"] * 18  # the tables' results before them
    times = re.findall(r'<tr class="\w+"><td>([\d:]+)</td>', body)
    assert times == sorted(times, reverse=True)


def test_a_teams_log_names_the_rooms_as_the_grid_does(td: Client, club: Club) -> None:
    session = matches.create_teams_session(club, "Teams night", ["Aces", "Kings"], 2)
    entries.record_entry(session, in_play.EntryInput(1, 2, 1, "4S", "N", "="), by_table=True)
    page = td.get(f"/director/s/{session.pk}/").content.decode()
    assert "Match 1, closed room" in page  # the grid's heading for table 2
    assert "round 1, match 1, closed room, board 1: entered by the table: 4S N =" in page
    assert "table 2" not in page


def test_grid_missing_and_close_warning_agree_in_every_state(td: Client, session: Session) -> None:
    """Table 1 has left round 1 with board 2 erased (missing) and is playing round 2,
    table 2 is playing round 2, table 3 has entered nothing (not started)."""
    for rnd, table, board in ((1, 1, 1), (1, 1, 2), (2, 1, 3), (1, 2, 3), (1, 2, 4), (2, 2, 5)):
        inp = in_play.EntryInput(rnd, table, board, "3NT", "S", "=")
        entries.record_entry(session, inp, by_table=True)
    entries.erase_entry(session, 1, 1, 2, None, "entered at the wrong table")
    grid = _grid(td, session)
    assert _cells(grid) == [
        "missing", "done", "not_started",  # round 1
        "playing", "playing", "waiting",  # round 2
        "waiting", "waiting", "waiting",  # round 3
    ]  # fmt: skip
    assert '1/2 <span class="stage">missing</span>' in grid
    assert '0/2 <span class="stage">not started</span>' in grid
    assert re.findall(r"Missing: (.*?)</p>", grid) == [
        f'<a href="/director/s/{session.pk}/cell/1/1/">round 1, table 1, board 2</a>'
    ]
    page = td.post(f"/director/s/{session.pk}/state/", {"state": "closed"}).content.decode()
    assert "1 result missing from a round the table has moved past" in page
    assert "round 1, table 1: 1NS v 1EW, board 2" in page
    assert "2 results of the rounds being played not yet in" in page
    assert "round 2, table 1: 1NS v 3EW, board 4" in page
    assert "round 2, table 2: 2NS v 1EW, board 6" in page
    assert "2 results of tables that have entered nothing yet (not started)" in page
    assert "round 1, table 3: 3NS v 3EW, board 5" in page
    assert "round 2: 2 results" in page
    assert "round 3: 6 results" in page
    assert "13 boards in all are left without a result if you go on" in page
    found = in_play.progress(session)
    assert len(found.at(*UNFINISHED_AT_CLOSE)) == 13
    assert in_play.missing(session) == found.at(Stage.MISSING)
    # the table enters its missing board late: the grid, the list and the warning agree
    entries.record_entry(session, in_play.EntryInput(1, 1, 2, "2S", "N", "="), by_table=True)
    grid = _grid(td, session)
    assert _cells(grid)[0] == "done"
    assert "Missing:" not in grid
    page = td.post(f"/director/s/{session.pk}/state/", {"state": "closed"}).content.decode()
    assert "moved past" not in page


def test_the_close_warning_lists_the_asks_not_yet_answered(td: Client, session: Session) -> None:
    ask = _ask(session, 2, 1, 3)
    page = td.post(f"/director/s/{session.pk}/state/", {"state": "closed"}).content.decode()
    assert "1 board a table asked to mark not played, not yet answered" in page
    assert "round 1, table 2: board 3" in page
    assert f'href="/director/s/{session.pk}/cell/1/2/?board=3">rule</a>' in page
    _answer(td, session, ask, "refuse")
    again = td.post(f"/director/s/{session.pk}/state/", {"state": "closed"})
    assert "not yet answered" not in again.content.decode()


def test_a_log_line_too_long_to_keep_whole_keeps_its_message_with_its_text_cut(
    session: Session,
) -> None:
    """One message longer than the log's 4000 characters is still kept as the message,
    read in each reader's language: its longest text is cut, ending in "…"."""
    assert logbook.MOST_DETAIL == 4000
    note = "Eeva-Kaarina " + "x" * 4100
    detail = said.said("table {label}, round {round}: {note}", label="B3", round=2, note=note)
    logbook.log(session, "TD call", detail)
    line = LogLine.objects.get(session=session)
    assert len(line.detail) <= 4000
    kept_note = said.part_of(line.detail).values["note"]  # type: ignore[union-attr]
    assert isinstance(kept_note, str)
    assert kept_note.endswith("…")
    assert note.startswith(kept_note[:-1])
    assert len(kept_note) > 3900
    assert said.shown(line.detail) == f"table B3, round 2: {kept_note}"
    with translation.override("fi"):
        assert said.shown(line.detail) == f"pöytä B3, kierros 2: {kept_note}"
    with translation.override("es"):
        assert said.shown(line.detail) == f"mesa B3, ronda 2: {kept_note}"


def test_a_list_kept_as_one_message_too_long_keeps_its_first_parts_and_counts_the_rest(
    session: Session,
) -> None:
    """A list of messages kept as one (``listed``), too long for the log, keeps the first
    parts that fit and says how many more were left out, in each reader's language."""
    parts = [said.part("table {table}: phone does not hold it", table=n) for n in range(1, 301)]
    detail = said.said("{problems}", problems=parts)
    assert len(detail) > 4000
    logbook.log(session, "entry refused", detail)
    line = LogLine.objects.get(session=session)
    assert len(line.detail) <= 4000
    shown = said.shown(line.detail).split("; ")
    assert shown[:2] == ["table 1: phone does not hold it", "table 2: phone does not hold it"]
    kept = len(shown) - 1
    assert shown[-2] == f"table {kept}: phone does not hold it"
    assert shown[-1] == f"and {300 - kept} more, not kept: too long"
    assert kept > 40  # as many as fit: each is about 75 characters kept
    with translation.override("fi"):
        fi = said.shown(line.detail).split("; ")
        assert fi[0] == "pöytä 1: puhelin ei hallitse pöytää"
        assert fi[-1] == f"ja {300 - kept} muuta, ei tallennettu: liian pitkiä"


def test_a_log_line_whose_own_words_do_not_fit_is_kept_in_english_cut(session: Session) -> None:
    """A message whose own words (not a value) are longer than the log's 4000 characters
    cannot be made to fit: its English text is kept, cut."""
    template = "table {table}: " + "y" * 4100
    logbook.log(session, "entry refused", said.said(template, table=2))
    line = LogLine.objects.get(session=session)
    assert line.detail == ("table 2: " + "y" * 4100)[:4000]


def test_log_lines_kept_as_messages_too_long_to_keep_keep_the_first_and_count_the_rest(
    session: Session,
) -> None:
    """Several messages longer than the log's 4000 characters keep the first that fit and
    say how many more were left out, each read in the reader's language, never the half
    of a message (nor their English text)."""
    parts = [
        said.part("table {table}: {message}", table=n, message="x" * 90) for n in range(10, 70)
    ]
    logbook.log(session, "entry refused", said.said_all(parts))  # no limit: too long whole
    line = LogLine.objects.get(session=session)
    # each message is kept in 163 characters and a comma, the count of those left out in
    # 72: 2 + 23 * 164 + 72 = 3846 fits; a 24th message would take it to 4010
    assert len(line.detail) == 3846
    shown = said.shown_all(line.detail)
    assert shown[:2] == ["table 10: " + "x" * 90, "table 11: " + "x" * 90]
    assert shown[22:] == ["table 32: " + "x" * 90, "and 37 more, not kept: too long"]
    with translation.override("es"):
        assert said.shown_all(line.detail)[-1] == "y 37 más, no guardados: demasiado largos"
    with translation.override("fi"):
        assert said.shown_all(line.detail)[-1] == "ja 37 muuta, ei tallennettu: liian pitkiä"


def test_a_teams_log_line_kept_by_table_number_says_the_room(td: Client, club: Club) -> None:
    teams = ["Aces", "Kings", "Queens", "Jacks"]
    session = matches.create_teams_session(club, "Teams night", teams, 2)
    detail = said.said("table {table}: phone does not hold it", table=4)
    logbook.log(session, "entry refused", detail)
    line = LogLine.objects.get(session=session)
    assert line.text == "entry refused: table 2b: phone does not hold it"
    grid = _grid(td, session)
    assert "Match 2, closed room <small>(2b)</small>" in grid  # the grid says both
