"""Late changes in a session in sections (issue 28): a pair leaving, a late pair joining,
two tables changing places, each made to one section's movement; the other sections'
tables, pairs and results untouched, every table keeping its number (and its link)."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from bridgescore.events.movements.sections import SectionedMovement
from bridgescore.events.movements.spec import build
from bridgescore.web import changes, entries, in_play, naming, standings
from bridgescore.web.models import Club, MovementChange, Session, TableLink
from bridgescore.web.refusals import EntryError
from web.posting import send_entry


def _set_up(td: Client, club: Club, spec: str = "mitchell:4x2+mitchell:4x2") -> Session:
    form = {"club": str(club.pk), "name": "Two sections", "typed_spec": spec, "sections": "apart"}
    response = td.post("/director/new/", form)
    assert response.status_code == 302, response.content.decode()
    return Session.objects.get(name="Two sections")


def _play_board_one(session: Session) -> None:
    # board 1 (mitchell:4x2, in both sections): round 1 at tables A1 and B1 (field tables
    # 1 and 5), round 2 at tables A4 and B4 (4 and 8); 4S by North, +420 or -50
    for number, (round_no, table, result) in enumerate(
        ((1, 1, "="), (2, 4, "-1"), (1, 5, "-1"), (2, 8, "="))
    ):
        link = TableLink.objects.get(session=session, table=table)
        device = Client()
        device.get(f"/t/{link.token}/")
        if round_no == 2:
            entries.record_entry(
                session,
                in_play.EntryInput(round_no, table, 1, "4S", "N", result),
                by_table=False,
                reason="slip from the table",
            )
            continue
        sent = send_entry(
            device, link.token, round=round_no, board=1, contract="4S", declarer="N",
            result=result, confirm="1", entry_id=f"00000000-0000-4000-8000-00000000001{number}",
        )  # fmt: skip
        assert sent["status"] == "accepted", sent


def _percents(session: Session) -> list[float]:
    found = {s.pair: s.percent for s in standings.ranking(session)}
    return [round(float(found[p] or 0), 2) for p in ("A1NS", "A4NS", "B1NS", "B4NS")]


def _stored(session: Session) -> SectionedMovement:
    session.refresh_from_db()
    field = Session.field_of(session.movement_json)
    assert isinstance(field, SectionedMovement)
    return field


def _show(td: Client, session: Session, status: int, **fields: str) -> str:
    response = td.get(f"/director/s/{session.pk}/change/", fields)
    assert response.status_code == status
    return response.content.decode()


def test_a_pair_of_section_b_leaves_from_round_two(td: Client, club: Club) -> None:
    session = _set_up(td, club)
    _play_board_one(session)
    # within each section: +420 beats -50 on board 1, the only board played
    assert _percents(session) == [100.0, 0.0, 0.0, 100.0]
    before = session.movement_json
    fields = {"kind": "missing", "pair": "B2EW", "round": "2"}
    page = _show(td, session, 200, **fields)
    assert "The effect: section B: pair B2EW leaves from round 2" in page
    change = changes.missing_pair(session, "B2EW", 2)
    # B2EW would have met B3NS at B3 in round 2 and B1NS at B1 in round 3
    assert change.effect_shown == (
        "round 2, table B3: B3NS v B2EW, boards 7, 8 → no play",
        "round 2: sitting out B2EW, B3NS",
        "round 3, table B1: B1NS v B2EW, boards 5, 6 → no play",
        "round 3: sitting out B1NS, B2EW",
    )
    for line in change.effect_shown:
        assert line in page
    # B2EW plays round 1 only (2 of the section's 8 boards); B1NS and B3NS lose a round
    # each (4 of 8)
    assert change.problems_shown == (
        "section B: pair B1NS is scheduled for 4 of the 8 boards in use, fewer than 70 %",
        "section B: pair B2EW is scheduled for 2 of the 8 boards in use, fewer than 70 %",
        "section B: pair B3NS is scheduled for 4 of the 8 boards in use, fewer than 70 %",
    )
    response = td.post(
        f"/director/s/{session.pk}/change/",
        {**fields, "key": change.key, "apply": "1", "reason": "B2EW went home"},
    )
    assert response.status_code == 302
    field = _stored(session)
    old = Session.field_of(before)
    assert isinstance(old, SectionedMovement)
    assert field.section("A") == old.section("A")  # section A as it was
    b = field.section("B").movement
    assert [(t.table, t.ns, t.ew) for t in b.rounds[1].tables] == [
        (1, "1NS", "4EW"), (2, "2NS", "1EW"), (4, "4NS", "3EW")
    ]  # fmt: skip
    assert b.rounds[1].sit_outs == ("3NS", "2EW")
    assert b.rounds[0] == build("mitchell:4x2").rounds[0]
    assert json.loads(session.movement_json)["kind"] == "sections"
    assert session.movement_version == 2
    # every table keeps its number: B1 is still the field's table 5
    assert [naming.table_label(session, t) for t in (4, 5, 8)] == ["A4", "B1", "B4"]
    # the results entered are untouched, and still scored within each section
    assert len(in_play.current_entries(session)) == 4
    assert _percents(session) == [100.0, 0.0, 0.0, 100.0]
    row = in_play.row_of(session, in_play.current_entries(session)[(2, 8, 1)])
    assert row is not None
    assert row.section == "B"
    kept = MovementChange.objects.get(session=session)
    assert kept.before_json == before
    assert kept.effect_shown.startswith("section B: pair B2EW leaves from round 2\n")


PROBLEMS_SAID = {
    "en": (
        "The effect: section B: pair B2EW leaves from round 2",
        "round 2, table B3: B3NS v B2EW, boards 7, 8 → no play",
        "section B: pair B1NS is scheduled for 4 of the 8 boards in use, fewer than 70 %",
        "section B: pair B2EW is scheduled for 2 of the 8 boards in use, fewer than 70 %",
    ),
    "fi": (
        "Vaikutus: ryhmä B: pari B2IL lähtee kierroksesta 2",
        "kierros 2, pöytä B3: B3PE–B2IL, brikat 7, 8 → ei pelata",
        "ryhmä B: pari B1PE pelaa 4 käytössä olevista 8 brikasta, alle 70 %",
        "ryhmä B: pari B2IL pelaa 2 käytössä olevista 8 brikasta, alle 70 %",
    ),
    "es": (
        "El efecto: sección B: la pareja B2EO se retira desde la ronda 2",
        "ronda 2, mesa B3: B3NS contra B2EO, estuches 7, 8 → no se juega",
        "sección B: la pareja B1NS juega 4 de los 8 estuches en uso, menos del 70 %",
        "sección B: la pareja B2EO juega 2 de los 8 estuches en uso, menos del 70 %",
    ),
}
"""A pair of section B leaving, as the change's page says it in each language: the change
asked for, its effect and the movement's new problems each name the pair B2EW, never 2EW
(B2IL to a Finnish reader, B2EO to a Spanish one)."""


@pytest.mark.parametrize("language", ["en", "fi", "es"])
def test_a_changes_problems_name_pairs_as_the_section_does(
    td: Client, club: Club, language: str
) -> None:
    """The problems the library finds after a change to section B (a pair scheduled for
    fewer than 70 % of the boards) name its pairs as every line of the change does, with
    the section's letter (B2EW), on the preview and in the Changes made once applied, in
    each language."""
    session = _set_up(td, club)
    td.cookies["bridgescore_language"] = language
    fields = {"kind": "missing", "pair": "B2EW", "round": "2"}
    page = " ".join(_show(td, session, 200, **fields).split())
    for line in PROBLEMS_SAID[language]:
        assert line in page
    assert not re.search(r"\b(?:pair|pari|pareja) [123](?:NS|EW|PE|IL|EO)\b", page)  # never 2EW
    change = changes.missing_pair(session, "B2EW", 2)
    response = td.post(
        f"/director/s/{session.pk}/change/",
        {**fields, "key": change.key, "apply": "1", "reason": "B2EW went home"},
    )
    assert response.status_code == 302
    made = " ".join(_show(td, session, 200).split())
    for line in PROBLEMS_SAID[language][1:]:
        assert line in made


def test_a_change_to_a_round_already_played_is_refused(td: Client, club: Club) -> None:
    session = _set_up(td, club)
    _play_board_one(session)
    page = _show(td, session, 422, kind="missing", pair="B1NS", round="1")
    assert (
        "round 1, table B1 already has results: the change can only touch rounds not yet played"
        in page
    )
    assert "Apply the change" not in page
    with pytest.raises(EntryError, match="round 2, table A4 already has results"):
        changes.move_table(session, "A4", "A2", 2)


def test_two_tables_of_section_b_change_places(td: Client, club: Club) -> None:
    session = _set_up(td, club)
    before = _stored(session)
    page = _show(td, session, 200, kind="move", first="b1", second="B2", round="2")
    assert "The effect: section B: tables B1 and B2 change places from round 2" in page
    change = changes.move_table(session, "B1", "B2", 2)
    assert change.effect_shown == (
        "round 2, table B1: B1NS v B4EW, boards 3, 4 → B2NS v B1EW, boards 5, 6",
        "round 2, table B2: B2NS v B1EW, boards 5, 6 → B1NS v B4EW, boards 3, 4",
        "round 3, table B1: B1NS v B2EW, boards 5, 6 → B2NS v B3EW, boards 7, 8",
        "round 3, table B2: B2NS v B3EW, boards 7, 8 → B1NS v B2EW, boards 5, 6",
    )
    assert change.problems_shown == ()
    changes.apply_change(session, change, "B1 is by the door", None)
    field = _stored(session)
    assert field.section("A") == before.section("A")
    assert field.section("B").movement.rounds[1].tables[0].ns == "2NS"
    assert in_play.table_round(session, 5) == 1  # B1, the field's table 5, plays on
    with pytest.raises(EntryError, match="in a session in sections a table is named with its"):
        changes.move_table(session, "1", "2", 2)
    with pytest.raises(EntryError, match="there is no table B9 in this session"):
        changes.move_table(session, "B1", "B9", 2)


def test_a_late_pair_takes_its_seat_in_section_a(td: Client, club: Club) -> None:
    session = _set_up(td, club)
    gone = changes.missing_pair(session, "A4NS", 1)
    changes.apply_change(session, gone, "not here yet", None)
    field = _stored(session)
    # section A plays on tables A1-A3, but keeps four numbers: B1 is still table 5
    rounds = field.section("A").movement.rounds
    assert all("4NS" not in (t.ns, t.ew) for r in rounds for t in r.tables)
    assert json.loads(session.movement_json)["sections"][0]["tables"] == 4
    assert naming.table_label(session, 5) == "B1"
    page = _show(td, session, 200, kind="late", pair="a4NS", round="2")
    assert "The effect: section A: pair A4NS joins from round 2" in page
    back = changes.late_pair(session, "A4NS", 2)
    assert back.effect_shown == (
        "round 2, table A4: no play → A4NS v A3EW, boards 1, 2",
        "round 2: no one sits out",
        "round 3, table A4: no play → A4NS v A1EW, boards 3, 4",
        "round 3: no one sits out",
    )
    changes.apply_change(session, back, "here now", None)
    after = _stored(session)
    assert after.section("B") == field.section("B")
    assert after.section("A").movement.rounds[1:] == build("mitchell:4x2").rounds[1:]
    assert TableLink.objects.filter(session=session).count() == 8


def test_a_late_pair_needing_a_new_table_gets_a_number_after_the_field(
    td: Client, club: Club
) -> None:
    session = _set_up(td, club, "mitchell:5x2:missing=ns+mitchell:5x2:missing=ns")
    # each section plays tables 1-4 (its fifth is a half table, EW 5 sitting out in round 1)
    assert [naming.table_label(session, t) for t in (4, 5, 8)] == ["A4", "B1", "B4"]
    with pytest.raises(EntryError, match="a late pair's id starts with the letter of its section"):
        changes.late_pair(session, "9", 1)
    page = _show(td, session, 200, kind="late", pair="A9", round="1")
    assert "The effect: section A: pair A9 joins from round 1" in page
    change = changes.late_pair(session, "A9", 1)
    # A5EW sits out round 1 and has not played boards 9 and 10; A4EW round 2, boards 1-2
    assert change.effect_shown[:4] == (
        "round 1, table A5: no play → A9 v A5EW, boards 9, 10",
        "round 1: no one sits out",
        "round 2, table A5: no play → A9 v A4EW, boards 1, 2",
        "round 2: no one sits out",
    )
    changes.apply_change(session, change, "late", None)
    # table A5 is numbered after the field's last (B4, table 8): no table is renumbered
    assert [naming.table_label(session, t) for t in (4, 5, 8, 9)] == ["A4", "B1", "B4", "A5"]
    assert TableLink.objects.filter(session=session, table=9).exists()
    assert in_play.table_round(session, 9) == 1
    link = TableLink.objects.get(session=session, table=9)
    assert "<h1>Table A5 · round 1 of 5</h1>" in Client().get(f"/t/{link.token}/").content.decode()
    later = changes.late_pair(session, "B9", 1)
    assert later.effect_shown[0] == "round 1, table B5: no play → B9 v B5EW, boards 9, 10"
    changes.apply_change(session, later, "late too", None)
    assert naming.table_label(session, 10) == "B5"
    # the director's grid of each section has its added table last: A1-A5, B1-B5
    grids = in_play.grids(session)
    assert [[cell.name for cell in grid.rows[0]] for grid in grids] == [
        ["A1", "A2", "A3", "A4", "A5"],
        ["B1", "B2", "B3", "B4", "B5"],
    ]
    assert sorted(TableLink.objects.filter(session=session).values_list("table", flat=True)) == [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ]  # fmt: skip
    td.cookies["bridgescore_language"] = "fi"
    finnish = _show(td, session, 422, kind="move", first="1", second="2", round="2")
    assert "ryhmiin jaetussa kilpailussa pöytä nimetään ryhmänsä kirjaimella, esimerkiksi B1" in (
        finnish
    )
    td.cookies["bridgescore_language"] = "es"
    spanish = _show(td, session, 422, kind="move", first="A1", second="B1", round="2")
    assert "las mesas A1 y B1 están en secciones distintas" in spanish
