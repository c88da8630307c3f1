"""Late changes: a late pair, a pair that leaves, two tables that change places. Each is
worked out as a new movement, re-checked by the library, and its effect shown to the
director before it is applied; applied, the session's movement is replaced and the change
kept in the log with the movement before and after."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.utils import translation

from bridgescore.events.movements.model import Movement
from bridgescore.events.movements.spec import build
from bridgescore.web import changes, clubs, entries, in_play, refusals, session_movement
from bridgescore.web.models import Club, LogLine, MovementChange, Session, TableLink

Link = Callable[[int], TableLink]
Phone = Callable[[TableLink], Client]


def _round_one(session: Session) -> None:
    for seat in session_movement.movement_of(session).rounds[0].tables:
        for board in seat.boards:
            inp = in_play.EntryInput(1, seat.table, board, "3NT", "S", "=")
            entries.record_entry(session, inp, by_table=True)


def _show(td: Client, session: Session, *refused: int, **fields: str) -> str:
    status = refused[0] if refused else 200  # 422: the change asked for is refused
    response = td.get(f"/director/s/{session.pk}/change/", fields)
    assert response.status_code == status
    return response.content.decode()


def _apply(td: Client, session: Session, key: str, **fields: str) -> int:
    response = td.post(f"/director/s/{session.pk}/change/", {**fields, "key": key, "apply": "1"})
    return response.status_code


def test_a_pair_that_leaves_is_shown_then_applied(td: Client, session: Session) -> None:
    _round_one(session)
    before = session.movement_json
    fields = {"kind": "missing", "pair": "2EW", "round": "2"}
    page = _show(td, session, **fields)
    assert "The effect: pair 2EW leaves from round 2" in page
    assert "round 2, table 3: 3NS v 2EW, boards 1, 2 → no play" in page
    assert "round 2: sitting out 2EW, 3NS" in page
    assert "round 3, table 1: 1NS v 2EW, boards 5, 6 → no play" in page
    assert "pair 2EW is scheduled for 2 of the 6 boards in use, fewer than 70 %" in page
    session.refresh_from_db()
    assert session.movement_json == before  # nothing applied yet
    change = changes.missing_pair(session, "2EW", 2)
    assert f'value="{change.key}"' in page
    assert _apply(td, session, "not-the-key", **fields, reason="x") == 409  # shown again
    session.refresh_from_db()
    assert session.movement_json == before
    assert _apply(td, session, change.key, **fields, reason="2EW went home ill") == 302
    session.refresh_from_db()
    after = Movement.from_json(session.movement_json)
    assert after == change.after
    # this process keeps the movement by its version: the new one is read and parsed once
    assert session.movement_version == 2
    assert session_movement.movement_of(session) == change.after
    assert session_movement.movement_of(session) is session_movement.movement_of(session)
    assert [t.table for t in after.rounds[1].tables] == [1, 2]
    assert after.rounds[1].sit_outs == ("3NS", "2EW")
    kept = MovementChange.objects.get(session=session)
    assert (kept.what, kept.reason, kept.by) == ("missing pair", "2EW went home ill", td_user(td))
    assert Movement.from_json(kept.before_json) == build("mitchell:3x2")
    assert "round 3, table 1: 1NS v 2EW" in kept.effect_shown
    assert LogLine.objects.filter(session=session, what="movement changed").count() == 1
    grid = td.get(f"/director/s/{session.pk}/grid/").content.decode()
    assert grid.count('<td class="idle">') == 2
    assert in_play.table_round(session, 3) == 3  # table 3 does not play round 2 now


def td_user(td: Client) -> object:
    return td.get("/director/").context["user"]


def test_a_change_cannot_touch_a_round_already_played(td: Client, session: Session) -> None:
    _round_one(session)
    page = _show(td, session, 422, kind="missing", pair="2EW", round="1")
    assert "round 1, table 2 already has results" in page
    assert "Apply the change" not in page


def test_a_late_pair_fills_the_sit_out(td: Client, club: Club) -> None:
    seven = clubs.create_session(club, "Seven pairs", build("howell:4x3:pairs=7"))
    page = _show(td, seven, kind="late", pair="8", round="2")
    # the sitting-out pair r (3 tables, pair r out in round r) meets pair 8 on the set it
    # would not have played: 2's is boards 16-18 (at no other table in round 2)
    assert "round 2, table 4: no play → 2 v 8, boards 16-18" in page
    assert "round 7, table 4: no play → 7 v 8, boards 10-12" in page
    assert "has no new problems" in page
    change = changes.late_pair(seven, "8", 2)
    assert len(change.effect) == 12  # six rounds: a new table and no one sitting out
    assert _apply(td, seven, change.key, kind="late", pair="8", round="2", reason="late") == 302
    seven.refresh_from_db()
    after = session_movement.movement_of(seven)
    assert "8" in after.pairs
    assert after.rounds[0].sit_outs == ("1",)  # round 1 is as it was
    assert all(not r.sit_outs for r in after.rounds[1:])
    assert after.factored  # boards 1-3 are played once fewer
    assert TableLink.objects.filter(session=seven, table=4).exists()  # the new table's link
    assert in_play.table_round(seven, 4) == 2
    again = _show(td, seven, 422, kind="late", pair="9", round="2")
    assert "no one sits out from round 2: pair 9 has no place" in again


def test_a_late_pair_returns_the_movement_a_missing_pair_left(td: Client, club: Club) -> None:
    eight = clubs.create_session(club, "Eight pairs", build("howell:4x3"))
    gone = changes.missing_pair(eight, "8", 1)
    changes.apply_change(eight, gone, "not here yet", None)
    back = changes.late_pair(eight, "8", 1)
    assert back.after.rounds == build("howell:4x3").rounds  # its seats back, as they were


NO_ONE_OUT = {
    "en": ("round 3: no one sits out", "sitting out no one"),
    "fi": ("kierros 3: kukaan ei ole vapaalla", "vapaalla ei kukaan"),
    "es": ("ronda 3: no descansa nadie", "descansan nadie"),
}
"""A round left with no pair sitting out, as the effect reads in each language, and as it
read before (Spanish "descansan nadie": a plural verb with no one)."""


@pytest.mark.parametrize("language", ["en", "fi", "es"])
def test_a_round_that_no_one_sits_out_is_said_so(
    td: Client, session: Session, language: str
) -> None:
    """2EW went home after round 1 and comes back for round 3: round 3 has no one sitting
    out, said as a sentence of its own (Spanish: "no descansa nadie", not "descansan
    nadie")."""
    changes.apply_change(session, changes.missing_pair(session, "2EW", 2), "went home", None)
    fields = {"kind": "late", "pair": "2EW", "round": "3"}
    page = td.get(f"/director/s/{session.pk}/change/", fields, HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    said, before = NO_ONE_OUT[language]
    shown = page.content.decode()
    assert said in shown
    assert before not in shown


def test_two_tables_change_places(td: Client, session: Session, link: Link, phone: Phone) -> None:
    _round_one(session)
    device = phone(link(1))
    assert "NS 3EW" not in device.get(f"/t/{link(1).token}/").content.decode()
    page = _show(td, session, kind="move", first="1", second="3", round="2")
    assert "round 2, table 1: 1NS v 3EW, boards 3, 4 → 3NS v 2EW, boards 1, 2" in page
    assert "round 2, table 3: 3NS v 2EW, boards 1, 2 → 1NS v 3EW, boards 3, 4" in page
    assert "has no new problems" in page
    change = changes.move_table(session, 1, 3, 2)
    fields = {"kind": "move", "first": "1", "second": "3", "round": "2"}
    assert _apply(td, session, change.key, **fields, reason="table 1 is by the door") == 302
    shown = device.get(f"/t/{link(1).token}/").content.decode()
    assert "Table 1 · round 2 of 3" in shown
    assert "<b>NS 3NS</b>" in shown
    assert "Board 1 ·" in shown
    refused = _show(td, session, 422, kind="move", first="1", second="9", round="2")
    assert "there is no table 9 in this session" in refused


def test_a_change_made_meanwhile_is_not_overwritten(td: Client, session: Session) -> None:
    first = changes.move_table(session, 1, 2, 2)
    second = changes.missing_pair(session, "3EW", 3)
    changes.apply_change(session, first, "first", None)
    stale = Session.objects.get(pk=session.pk)
    with pytest.raises(refusals.EntryError, match="the movement has changed since"):
        changes.apply_change(stale, second, "second", None)
    assert MovementChange.objects.filter(session=session).count() == 1


KEPT = {
    "en": (
        "movement changed: pair 2EW leaves from round 2",
        "pair 2EW leaves from round 2\n"
        "round 2, table 3: 3NS v 2EW, boards 1, 2 → no play\n"
        "round 2: sitting out 2EW, 3NS\n"
        "round 3, table 1: 1NS v 2EW, boards 5, 6 → no play\n"
        "round 3: sitting out 1NS, 2EW\n"
        "pair 1NS is scheduled for 4 of the 6 boards in use, fewer than 70 %\n"
        "pair 2EW is scheduled for 2 of the 6 boards in use, fewer than 70 %\n"
        "pair 3NS is scheduled for 4 of the 6 boards in use, fewer than 70 %",
    ),
    "fi": (
        "kierto muutettu: pari 2IL lähtee kierroksesta 2",
        "pari 2IL lähtee kierroksesta 2\n"
        "kierros 2, pöytä 3: 3PE–2IL, brikat 1, 2 → ei pelata\n"
        "kierros 2: vapaalla 2IL, 3PE\n"
        "kierros 3, pöytä 1: 1PE–2IL, brikat 5, 6 → ei pelata\n"
        "kierros 3: vapaalla 1PE, 2IL\n"
        "pari 1PE pelaa 4 käytössä olevista 6 brikasta, alle 70 %\n"
        "pari 2IL pelaa 2 käytössä olevista 6 brikasta, alle 70 %\n"
        "pari 3PE pelaa 4 käytössä olevista 6 brikasta, alle 70 %",
    ),
    "es": (
        "movimiento cambiado: la pareja 2EO se retira desde la ronda 2",
        "la pareja 2EO se retira desde la ronda 2\n"
        "ronda 2, mesa 3: 3NS contra 2EO, estuches 1, 2 → no se juega\n"
        "ronda 2: descansan 2EO, 3NS\n"
        "ronda 3, mesa 1: 1NS contra 2EO, estuches 5, 6 → no se juega\n"
        "ronda 3: descansan 1NS, 2EO\n"
        "la pareja 1NS juega 4 de los 6 estuches en uso, menos del 70 %\n"
        "la pareja 2EO juega 2 de los 6 estuches en uso, menos del 70 %\n"
        "la pareja 3NS juega 4 de los 6 estuches en uso, menos del 70 %",
    ),
}
"""2EW leaving from round 2, as the log line and the change kept read in each language, each
pair as its reader reads it (2IL in Finnish, 2EO in Spanish)."""


def test_a_change_is_kept_in_the_language_of_whoever_reads_it(td: Client, session: Session) -> None:
    """A director reading the pages in Finnish sends 2EW home: the log line and the change
    kept (the page's "Changes made") keep what it does as messages, and read in the
    language of whoever reads them (the reason as the director typed it)."""
    fields = {"kind": "missing", "pair": "2EW", "round": "2"}
    page = td.get(f"/director/s/{session.pk}/change/", fields, HTTP_ACCEPT_LANGUAGE="fi")
    assert "pari 2IL pelaa 2 käytössä olevista 6 brikasta, alle 70 %" in page.content.decode()
    key = page.context["change"].key
    applied = td.post(f"/director/s/{session.pk}/change/",
                      {**fields, "key": key, "apply": "1", "reason": "went home"},
                      HTTP_ACCEPT_LANGUAGE="fi")  # fmt: skip
    assert applied.status_code == 302
    line = LogLine.objects.get(session=session, what="movement changed")
    assert line.reason == "went home"  # under Why, as the director typed it
    kept = MovementChange.objects.get(session=session)
    for language, (logged, effect) in KEPT.items():
        with translation.override(language):
            assert line.text == logged
            assert kept.effect_shown == effect
        shown = td.get(f"/director/s/{session.pk}/change/", HTTP_ACCEPT_LANGUAGE=language)
        assert f"<pre>{effect}</pre>" in shown.content.decode()
