"""A session in sections (issue 28): set up from the sections' specs joined by ``+``, its
tables and pairs named by section (``B1``, ``B1NS``), its results scored across the field
or within each section as the director chose."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from bridgescore.events.movements import mitchell
from bridgescore.events.movements.sections import SectionedMovement, sectioned
from bridgescore.web import changes, clubs, entries, in_play, naming, session_movement, standings
from bridgescore.web.models import Club, Entry, LogLine, Session, SessionPair, TableLink
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


def test_two_tables_of_two_sections_do_not_change_places(td: Client, club: Club) -> None:
    session = _set_up(td, club, "across")
    with pytest.raises(EntryError, match="tables A1 and B1 are in different sections"):
        changes.move_table(session, "A1", "B1", 2)


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

    # one section's cards, for its own director (?section=B, as the control page links
    # them while it shows B alone): B's tables and pairs, its links, none of A's
    td.cookies["bridgescore_language"] = "en"
    alone = td.get(f"/director/s/{session.pk}/cards/", {"section": "B"}).content.decode()
    titles = re.findall(r'<h2 class="pagetitle">([^<]+)</h2>', alone)
    assert titles
    assert all(title.startswith("Section B: ") for title in titles), titles
    assert "Section B: Table 1" in titles
    assert "Section B: Pair 1NS" in titles
    assert f"/t/{b1.token}/" in alone
    a1 = TableLink.objects.get(session=session, table=1)
    assert f"/t/{a1.token}/" not in alone
    control = td.get(f"/director/s/{session.pk}/", {"section": "B"}).content.decode()
    assert f'href="/director/s/{session.pk}/cards/?section=B"' in control
    refused = td.get(f"/director/s/{session.pk}/cards/", {"section": "Q"})
    assert refused.status_code == 404
    assert "Q is not a section of this session (its sections are A, B)" in refused.content.decode()


def test_sections_playing_their_own_deals_are_always_scored_apart(club: Club) -> None:
    own = sectioned([mitchell(3, 2), mitchell(3, 2)], same_boards=False)
    session = clubs.create_session(club, "Own deals", own, sections="across")
    assert session.sections == "apart"  # a board 1 of A is not B's board 1
    with pytest.raises(EntryError, match="'sideways': a session in sections is scored"):
        clubs.create_session(club, "Sideways", own, sections="sideways")


def _grids(page: str) -> dict[str, tuple[list[str], list[list[str]]]]:
    """Each grid of the control page by its heading: its column heads, and each row's
    cells' classes (the row's round first)."""
    found = {}
    for heading, table in re.findall(
        r'<h2 class="grid-section" id="grid-section-\w">([^<]+)</h2>\s*'
        r'<div class="grid-wrap"><table class="grid control">(.*?)</table>',
        page,
        flags=re.S,
    ):
        head, body = table.split("</thead>")
        columns = re.findall(r"<th[^>]*>([^<]*)</th>", head)
        rows = [
            [number, *re.findall(r'<td class="([^"]+)"', row)]
            for number, row in re.findall(r"<tr><th>(\d+)</th>(.*?)</tr>", body, flags=re.S)
        ]
        found[heading] = (columns, rows)
    return found


def test_the_control_page_has_one_grid_a_section(td: Client, club: Club) -> None:
    form = {"club": str(club.pk), "name": "Uneven", "typed_spec": "mitchell:3x2+mitchell:5x2",
            "sections": "across"}  # fmt: skip
    assert td.post("/director/new/", form).status_code == 302
    session = Session.objects.get(name="Uneven")
    control = f"/director/s/{session.pk}/"
    grids = _grids(td.get(control).content.decode())
    # section A: a 3-table Mitchell of 3 rounds; B: 5 tables, 5 rounds (field tables 4-8)
    assert list(grids) == ["Section A", "Section B"]
    assert grids["Section A"][0] == ["Round", "Table A1", "Table A2", "Table A3"]
    assert grids["Section B"][0] == ["Round", *(f"Table B{n}" for n in range(1, 6))]
    assert [row[0] for row in grids["Section A"][1]] == ["1", "2", "3"]
    assert [row[0] for row in grids["Section B"][1]] == ["1", "2", "3", "4", "5"]
    assert grids["Section A"][1][0] == ["1", *["not_started"] * 3]
    assert grids["Section B"][1][0] == ["1", *["not_started"] * 5]
    assert grids["Section B"][1][4] == ["5", *["waiting"] * 5]  # no idle column of A's

    # B1 (table 4 of the field) goes on to round 2: board 3 entered there, round 1 missing
    entries.record_entry(
        session, in_play.EntryInput(2, 4, 3, "4S", "N", "="), by_table=False, reason="slip"
    )
    # A1 goes on to round 3 (board 5): rounds 1 and 2 missing there
    entries.record_entry(
        session, in_play.EntryInput(3, 1, 5, "4S", "N", "="), by_table=False, reason="slip"
    )
    page = td.get(control).content.decode()
    grids = _grids(page)
    b_rows = grids["Section B"][1]
    assert b_rows[0] == ["1", "missing", *["not_started"] * 4]
    assert b_rows[1] == ["2", "playing", *["waiting"] * 4]
    assert f'<a href="/director/s/{session.pk}/cell/2/4/">B1NS v B5EW<br>1/2</a>' in page
    assert grids["Section A"][1][2] == ["3", "playing", "waiting", "waiting"]
    # the Missing list names each table by its section, A's boards before B's
    listed = page[page.index('<p class="error missing-list">') :]
    listed = listed[: listed.index("</p>")]
    assert re.findall(r"round (\d), table (\w+), board (\d+)", listed) == [
        ("1", "A1", "1"), ("1", "A1", "2"), ("2", "A1", "3"), ("2", "A1", "4"),
        ("1", "B1", "1"), ("1", "B1", "2"),
    ]  # fmt: skip
    # the grid the page reloads is the same two grids
    again = _grids(td.get(f"/director/s/{session.pk}/grid/").content.decode())
    assert again == grids

    for language, section, heads in (
        ("fi", "Ryhmä", ["Kierros", "Pöytä B1", "Pöytä B2", "Pöytä B3", "Pöytä B4", "Pöytä B5"]),
        ("es", "Sección", ["Ronda", "Mesa B1", "Mesa B2", "Mesa B3", "Mesa B4", "Mesa B5"]),
    ):
        td.cookies["bridgescore_language"] = language
        said = _grids(td.get(control).content.decode())
        assert list(said) == [f"{section} A", f"{section} B"]
        assert said[f"{section} B"][0] == heads


def test_the_control_page_shows_one_section_alone_and_every_section_s_calls(
    td: Client, club: Club
) -> None:
    """At a congress the director looks at one section at a time (``?section=B``): its
    grid, what is missing there and its tables' links only, the grid reloaded for that
    section alone; a TD call from another section is still shown. A letter the session
    has not is refused, saying which it has, as is a letter for a session in one field."""
    form = {"club": str(club.pk), "name": "Chosen", "typed_spec": "mitchell:3x2+mitchell:5x2",
            "sections": "apart"}  # fmt: skip
    assert td.post("/director/new/", form).status_code == 302
    session = Session.objects.get(name="Chosen")
    control = f"/director/s/{session.pk}/"
    entries.record_entry(  # B1 (the field's table 4) in round 2: its round 1 missing
        session, in_play.EntryInput(2, 4, 3, "4S", "N", "="), by_table=False, reason="slip"
    )
    entries.record_entry(  # A2 in round 2: its round 1 missing
        session, in_play.EntryInput(2, 2, 5, "4S", "N", "="), by_table=False, reason="slip"
    )
    a2 = TableLink.objects.get(session=session, table=2)
    phone = Client()
    phone.get(f"/t/{a2.token}/")
    assert phone.post(f"/t/{a2.token}/call/", {"note": "revoke"}).status_code == 200

    page = td.get(control, {"section": "b"}).content.decode()  # as typed: b is B
    assert list(_grids(page)) == ["Section B"]
    assert _grids(page)["Section B"][0] == ["Round", *(f"Table B{n}" for n in range(1, 6))]
    chooser = page[page.index('<nav class="sections-shown"') :]
    chooser = chooser[: chooser.index("</nav>")]
    assert re.findall(r'<a href="([^"]+)"( aria-current="page")?>(\w+)</a>', chooser) == [
        (control, "", "all"),
        (f"{control}?section=A", "", "A"),
        (f"{control}?section=B", ' aria-current="page"', "B"),
    ]
    assert f'data-src="/director/s/{session.pk}/grid/?section=B"' in page
    listed = page[page.index('<p class="error missing-list">') :]
    listed = listed[: listed.index("</p>")]
    assert re.findall(r"round (\d), table (\w+), board (\d+)", listed) == [
        ("1", "B1", "1"), ("1", "B1", "2"),
    ]  # fmt: skip
    links = page[page.index("Table links") :]
    assert re.findall(r"<tr><td>(\w+)</td>", links) == ["B1", "B2", "B3", "B4", "B5"]
    assert "A2" in page[page.index('id="alerts"') :].split("</ul>")[0]  # A's call, shown

    grid = td.get(f"/director/s/{session.pk}/grid/", {"section": "B"}).content.decode()
    assert list(_grids(grid)) == ["Section B"]
    assert "A2" in grid.split("</ul>")[0]
    everything = td.get(control).content.decode()
    assert list(_grids(everything)) == ["Section A", "Section B"]
    assert 'aria-current="page">all</a>' in everything

    for asked in (f"{control}?section=Q", f"/director/s/{session.pk}/grid/?section=Q"):
        refused = td.get(asked)
        assert refused.status_code == 404
        assert (
            "Section: Q is not a section of this session (its sections are A, B)"
            in refused.content.decode()
        )
    td.cookies["bridgescore_language"] = "fi"
    page = td.get(control, {"section": "A"}).content.decode()
    assert list(_grids(page)) == ["Ryhmä A"]
    assert "Ryhmät:" in page
    assert ">kaikki</a>" in page
    said_fi = td.get(control, {"section": "Q"}).content.decode()
    assert "Ryhmä: Q ei ole tämän istunnon ryhmä (sen ryhmät ovat A, B)" in said_fi
    td.cookies["bridgescore_language"] = "es"
    page = td.get(control, {"section": "A"}).content.decode()
    assert list(_grids(page)) == ["Sección A"]
    assert "Secciones:" in page
    assert ">todas</a>" in page

    single = clubs.create_session(club, "One field", mitchell(3, 2))
    td.cookies["bridgescore_language"] = "en"
    one = td.get(f"/director/s/{single.pk}/").content.decode()
    assert "sections-shown" not in one
    refused = td.get(f"/director/s/{single.pk}/", {"section": "A"})
    assert refused.status_code == 404
    assert "this session is not in sections, leave it out" in refused.content.decode()


def test_a_table_in_a_section_is_told_where_to_go_by_the_section_s_tables(
    td: Client, club: Club
) -> None:
    """A Mitchell of three tables in each section: at B2 (the field's table 5) North-South
    stay, East-West go up to B3 and the boards down to B1; at B3 East-West go round to
    B1. Said as the players know the tables, not by the field's numbers 6 and 4."""
    session = _set_up(td, club, "apart")
    said = {}
    for table in (5, 6):
        token = TableLink.objects.get(session=session, table=table).token
        phone = Client()
        assert phone.get(f"/t/{token}/").status_code == 200
        plan = phone.get(f"/t/{token}/plan.json").json()
        said[table] = plan["plan"][0]["moves"]["lines"]
    assert said[5] == [
        "North-South stay at table B2",
        "East-West go to table B3",
        "boards go to table B1",
    ]
    assert said[6] == [
        "North-South stay at table B3",
        "East-West go to table B1",
        "boards go to table B2",
    ]


def test_a_section_of_fewer_rounds_tells_its_tables_its_own_rounds(td: Client, club: Club) -> None:
    """A Mitchell of 3 tables (3 rounds) beside a Howell of 4 (7 rounds): table A1 is told
    "round 1 of 3", and after its third round that nobody moves, not to sit out round 4;
    its page stays at round 3 once every board is in. The Howell's tables play 7."""
    form = {
        "club": str(club.pk),
        "name": "Mitchell and Howell",
        "typed_spec": "mitchell:3x2 + howell:4x3",
        "sections": "apart",
    }
    assert td.post("/director/new/", form).status_code == 302
    session = Session.objects.get(name="Mitchell and Howell")
    token = TableLink.objects.get(session=session, table=1).token
    phone = Client()
    assert "Table A1 · round 1 of 3" in re.sub(r"\s+", " ", phone.get(f"/t/{token}/").text)
    plan = phone.get(f"/t/{token}/plan.json").json()
    assert (plan["rounds"], plan["planned"]) == (3, 3)
    assert [laid["round"] for laid in plan["plan"]] == [1, 2, 3]
    assert plan["plan"][2]["moves"] == {
        "lines": ["round 3 was the last round: nobody moves"],
        "last": True,
    }
    playing = []
    for number, boards in ((1, (1, 2)), (2, (3, 4)), (3, (5, 6))):
        for board in boards:
            sent = send_entry(phone, token, round=number, board=board, contract="3NT",
                              declarer="S", result="=", confirm=True)  # fmt: skip
            assert sent["http"] == 200, sent
            playing.append(sent["round"])
    assert playing == [1, 2, 2, 3, 3, 3]  # the round the table is at after each board
    assert "Table A1 · round 3 of 3" in re.sub(r"\s+", " ", phone.get(f"/t/{token}/").text)
    howell = TableLink.objects.get(session=session, table=4).token
    other = Client()
    assert "Table B1 · round 1 of 7" in re.sub(r"\s+", " ", other.get(f"/t/{howell}/").text)
    assert other.get(f"/t/{howell}/plan.json").json()["rounds"] == 7


def test_a_refused_result_is_logged_by_the_tables_name_in_the_readers_language(
    td: Client, club: Club
) -> None:
    """A Finnish phone at B2 (the field's table 5) sends board 1, which B2 plays in round
    3: the phone reads why in Finnish, the director's log names table B2 and says why in
    the language the log is read in."""
    session = _set_up(td, club, "apart")
    token = TableLink.objects.get(session=session, table=5).token
    phone = Client(HTTP_ACCEPT_LANGUAGE="fi")
    assert phone.get(f"/t/{token}/").status_code == 200
    sent = send_entry(phone, token, round=1, board=1, contract="3NT", declarer="S", result="=",
                      confirm=True)  # fmt: skip
    assert sent == {
        "error": "brikkaa 1 ei pelata pöydässä B2 kierroksella 1 (tällä kierroksella brikat"
        " 3, 4; se pelataan tässä pöydässä kierroksella 3)",
        "http": 422,
    }
    line = LogLine.objects.get(session=session, what="entry refused")
    with translation.override("en"):
        assert line.text == (
            "entry refused: table B2, round 1, board 1: board 1 is not played at table B2 in"
            " round 1 (this round: boards 3, 4; it is played here in round 3)"
        )
    with translation.override("es"):
        assert line.text == (
            "resultado rechazado: mesa B2, ronda 1, estuche 1: el estuche 1 no se juega en la"
            " mesa B2 en la ronda 1 (en esta ronda: estuches 3, 4; aquí se juega en la ronda 3)"
        )


def test_pairs_names_are_read_in_any_case_and_a_typo_is_shown_its_sections_pairs(
    td: Client, club: Club
) -> None:
    """``a1ns`` names A1NS, as the late changes read ``b1``; a pair section B does not have
    is answered with section B's pairs; a pair named twice in two cases is refused."""
    form = {
        "club": str(club.pk),
        "typed_spec": "mitchell:3x2+mitchell:3x2",
        "sections": "apart",
    }
    named = {**form, "name": "Lower case", "names": "a1ns: Ann & Bob\nb2ew: Eve & Fay"}
    assert td.post("/director/new/", named).status_code == 302
    session = Session.objects.get(name="Lower case")
    named_pairs = SessionPair.objects.filter(session=session).exclude(names="")
    assert dict(named_pairs.values_list("pair", "names")) == {
        "A1NS": "Ann & Bob",
        "B2EW": "Eve & Fay",
    }
    typo = td.post("/director/new/", {**form, "name": "Typo", "names": "B9NS: Ann & Bob"})
    assert typo.status_code == 422
    assert (
        "Pairs&#x27; names: there is no pair &#x27;B9NS&#x27; in this movement (its pairs are"
        " B1NS, B1EW, B2NS, B2EW …)"
    ) in typo.content.decode()
    twice = td.post("/director/new/", {**form, "name": "Twice", "names": "A1NS: X\na1ns: Y"})
    assert twice.status_code == 422
    assert "Pairs&#x27; names: pair A1NS named twice" in twice.content.decode()
    assert not Session.objects.filter(name__in=["Typo", "Twice"]).exists()
    line = td.post("/director/new/", {**form, "name": "No colon", "names": "A1NS Ann"})
    assert "like 1NS: Ann Smith &amp; Bob Jones (A1NS: in a session in sections)" in (
        line.content.decode()
    )


def test_a_penalty_names_its_pair_in_any_case(td: Client, club: Club) -> None:
    """As the names and the late changes read them: ``a1ns`` is A1NS."""
    session = _set_up(td, club, "apart")
    kept = standings.add_penalty(session, "a1ns", "1", "points", "slow play")
    assert kept.pair == "A1NS"
    with pytest.raises(EntryError, match=r"^there is no pair 'c1ns' in this session$"):
        standings.add_penalty(session, "c1ns", "1", "points", "slow play")


@pytest.mark.parametrize(("scoring", "flagged"), [("apart", False), ("across", True)])
def test_a_result_is_flagged_against_the_results_it_is_scored_with(
    td: Client, club: Club, scoring: str, flagged: bool
) -> None:
    """Board 1 played by A1 and B1 in round 1: 4S by North making 11 tricks at A1, 4S by
    East making 11 at B1 (22 tricks in spades between the two sides). Scored across the
    field the two are one board's results, and B1's is flagged for the director, naming
    A1 as the pages name it; scored
    within each section they are not compared (a section may play its own deals), and
    nothing is flagged."""
    session = _set_up(td, club, scoring)
    entries.record_entry(session, in_play.EntryInput(1, 1, 1, "4S", "N", "+1"), by_table=True)
    entry, created = entries.record_entry(
        session, in_play.EntryInput(1, 4, 1, "4S", "E", "+1"), by_table=True
    )
    assert created
    both = "both sides declared S making 22 tricks between them (table A1 in round 1)"
    assert entry.flags_shown == (both if flagged else "")


def test_the_pairs_page_lists_the_pairs_by_section_number_and_direction(
    td: Client, club: Club
) -> None:
    """A Mitchell section's pairs and a Howell section's, in the order a director reads
    them (A1NS, A1EW ... B1, B2 ... B8), not the order the movement first seats them."""
    form = {"club": str(club.pk), "name": "Ordered", "typed_spec": "mitchell:3x2+howell:4x3",
            "sections": "apart"}  # fmt: skip
    assert td.post("/director/new/", form).status_code == 302
    session = Session.objects.get(name="Ordered")
    page = td.get(f"/director/s/{session.pk}/pairs/").content.decode()
    listed = re.findall(r'<input name="(\w+)-a"', page)
    assert listed == [
        "A1NS", "A1EW", "A2NS", "A2EW", "A3NS", "A3EW", *(f"B{n}" for n in range(1, 9)),
    ]  # fmt: skip
