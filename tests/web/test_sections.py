"""A session in sections (issue 28): set up from the sections' specs joined by ``+``, its
tables and pairs named by section (``B1``, ``B1NS``), its results scored across the field
or within each section as the director chose."""

from __future__ import annotations

import pytest
from django.test import Client

from bridgescore.events.movements import mitchell
from bridgescore.events.movements.sections import SectionedMovement, sectioned
from bridgescore.web import changes, clubs, entries, in_play, naming, session_movement, standings
from bridgescore.web.models import Club, Entry, Session, SessionPair, TableLink
from bridgescore.web.refusals import EntryError
from web.posting import send_entry


def _set_up(td: Client, club: Club, sections: str) -> Session:
    form = {
        "club": str(club.pk),
        "name": f"Two sections {sections}",
        "typed_spec": "mitchell:3x2+mitchell:3x2",
        "sections": sections,
        "names": "A1NS: Ann & Bob\nB1NS: Eve & Fay",
    }
    response = td.post("/director/new/", form)
    assert response.status_code == 302, response.content.decode()
    return Session.objects.get(name=f"Two sections {sections}")


def test_a_session_is_set_up_in_two_sections(td: Client, club: Club) -> None:
    session = _set_up(td, club, "apart")
    assert session.spec == "mitchell:3x2 + mitchell:3x2"
    assert session.sections == "apart"
    assert isinstance(session_movement.sections_of(session), SectionedMovement)
    assert sorted(TableLink.objects.filter(session=session).values_list("table", flat=True)) == [
        1, 2, 3, 4, 5, 6
    ]  # fmt: skip
    pairs = dict(SessionPair.objects.filter(session=session).values_list("pair", "names"))
    assert sorted(pairs) == sorted(
        f"{s}{n}{d}" for s in "AB" for n in (1, 2, 3) for d in ("NS", "EW")
    )
    assert (pairs["A1NS"], pairs["B1NS"]) == ("Ann & Bob", "Eve & Fay")
    assert [naming.table_label(session, t) for t in (1, 3, 4, 6)] == ["A1", "A3", "B1", "B3"]
    b1 = TableLink.objects.get(session=session, table=4)
    page = Client().get(f"/t/{b1.token}/").content.decode()
    assert "<h1>Table B1 · round 1 of 3</h1>" in page
    assert "B1NS" in page


def test_the_suggested_sections_are_one_session(td: Client) -> None:
    page = td.get("/director/new/", {"pairs": "32", "boards": "24"}).content.decode()
    assert 'name="spec" value="mitchell:8x3 + mitchell:8x3"' in page
    assert "One session in sections: mitchell:8x3 + mitchell:8x3" in page
    assert 'name="sections" value="across" checked' in page
    for language, said, across in (
        ("fi", "Yksi kilpailu ryhmissä: mitchell:8x3 + mitchell:8x3", "lasketaan koko kentästä"),
        ("es", "Una sesión en secciones: mitchell:8x3 + mitchell:8x3", "puntuado en todo el campo"),
    ):
        td.cookies["bridgescore_language"] = language
        page = td.get("/director/new/", {"pairs": "32", "boards": "24"}).content.decode()
        assert said in page
        assert across in page


def _play_board_one(session: Session) -> None:
    # board 1: round 1 at tables A1 and B1, round 2 at tables A3 and B3 (3-table Mitchells);
    # 4S by North making (+420) or down one (-50)
    for number, (round_no, table, result) in enumerate(
        ((1, 1, "="), (2, 3, "-1"), (1, 4, "-1"), (2, 6, "="))
    ):
        if round_no == 2:  # the director enters the later round's results
            entries.record_entry(
                session,
                in_play.EntryInput(round_no, table, 1, "4S", "N", result),
                by_table=False,
                reason="slip from the table",
            )
            continue
        link = TableLink.objects.get(session=session, table=table)
        device = Client()
        device.get(f"/t/{link.token}/")
        sent = send_entry(
            device, link.token, round=round_no, board=1, contract="4S", declarer="N",
            result=result, confirm="1", entry_id=f"00000000-0000-4000-8000-00000000000{number}",
        )  # fmt: skip
        assert sent["status"] == "accepted", sent


def _percent(session: Session, pair: str) -> float:
    standing = next(s for s in standings.ranking(session) if s.pair == pair)
    assert standing.percent is not None, pair
    return round(float(standing.percent), 2)


def test_across_the_field_a_board_is_compared_between_the_sections(td: Client, club: Club) -> None:
    session = _set_up(td, club, "across")
    _play_board_one(session)
    # one field of four results on board 1: +420 beats both -50s and ties the other +420
    # (2.5 of 3), -50 ties the other -50 (0.5 of 3)
    assert [_percent(session, p) for p in ("A1NS", "A3NS", "B1NS", "B3NS")] == [
        83.33, 16.67, 16.67, 83.33
    ]  # fmt: skip
    assert _percent(session, "B2EW") == 16.67  # East-West across the field as well


def test_within_each_section_a_board_is_compared_only_in_its_section(
    td: Client, club: Club
) -> None:
    session = _set_up(td, club, "apart")
    _play_board_one(session)
    # each section has two results on board 1, compared with each other only
    assert [_percent(session, p) for p in ("A1NS", "A3NS", "B1NS", "B3NS")] == [
        100.0, 0.0, 0.0, 100.0
    ]  # fmt: skip
    row = in_play.row_of(session, entries_for(session, 4))
    assert row is not None
    assert row.section == "B"


def entries_for(session: Session, table: int) -> Entry:
    return in_play.current_entries(session)[(1, table, 1)]


def test_a_late_change_is_refused_in_a_session_in_sections(td: Client, club: Club) -> None:
    session = _set_up(td, club, "across")
    with pytest.raises(EntryError, match="not made in a session in sections yet"):
        changes.move_table(session, 1, 2, 2)


def test_a_bad_section_spec_or_scoring_is_refused_in_the_form(td: Client, club: Club) -> None:
    form = {"club": str(club.pk), "name": "Bad", "typed_spec": "mitchell:3x2 + "}
    refused = td.post("/director/new/", form)
    assert refused.status_code == 422
    assert "a section&#x27;s spec is empty" in refused.content.decode()
    wrong = td.post("/director/new/", {**form, "typed_spec": "mitchell:3x2+mitchell:3x2",
                                       "sections": "sideways"})  # fmt: skip
    assert wrong.status_code == 422
    assert not Session.objects.filter(name="Bad").exists()


def test_the_guide_cards_are_printed_section_by_section(td: Client, club: Club) -> None:
    session = _set_up(td, club, "across")
    b1 = TableLink.objects.get(session=session, table=4)
    page = td.get(f"/director/s/{session.pk}/cards/").content.decode()
    assert '<h2 class="pagetitle">Section B: Table 1</h2>' in page
    assert '<h2 class="pagetitle">Section A: Table 3</h2>' in page
    assert '<h2 class="pagetitle">Section B: Pair 1NS</h2>' in page
    # section B's table 1 carries the session's link of table 4 and its code, no other's
    card = page[page.index('id="section-B-table-1"') :]
    card = card[: card.index('id="section-B-table-2"')]
    assert f"/t/{b1.token}/" in card
    assert b1.code in card
    td.cookies["bridgescore_language"] = "fi"
    finnish = td.get(f"/director/s/{session.pk}/cards/").content.decode()
    assert "Ryhmä B: Pöytä 1" in finnish


def test_sections_playing_their_own_deals_are_always_scored_apart(club: Club) -> None:
    own = sectioned([mitchell(3, 2), mitchell(3, 2)], same_boards=False)
    session = clubs.create_session(club, "Own deals", own, sections="across")
    assert session.sections == "apart"  # a board 1 of A is not B's board 1
    with pytest.raises(EntryError, match="'sideways': a session in sections is scored"):
        clubs.create_session(club, "Sideways", own, sections="sideways")
