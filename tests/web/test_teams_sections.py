"""Teams in sections: a round robin in each section, its own tables and byes, played at
the tables as any teams session and ranked section by section (issue 28)."""

from __future__ import annotations

import html
from dataclasses import replace

import pytest
from django.test import Client
from django.utils import translation

from bridgescore.errors import Message
from bridgescore.events.teams import ByeAward, with_byes
from bridgescore.web import in_play, matches, naming, session_movement
from bridgescore.web.models import Club, LogLine, Session, SessionPair, SwissDraw, TableLink
from bridgescore.web.refusals import EntryError
from web.test_languages import english_left
from web.test_teams import Room

SEVEN = ["Aces", "Kings", "Queens", "Jacks", "Tens", "Nines", "Eights"]


def _sections(club: Club) -> Session:
    return matches.create_teams_session(
        club, "Teams in sections", SEVEN, 2, members={"Aces": "Ann, Bob"}, sections=2
    )


def test_teams_in_two_sections_each_play_their_own_round_robin(club: Club) -> None:
    session = _sections(club)
    # 7 teams: section A takes the odd one over (4 and 3), named by section and number.
    rows = dict(SessionPair.objects.filter(session=session).values_list("pair", "names"))
    assert rows == {
        "A1": "Aces: Ann, Bob", "A2": "Kings", "A3": "Queens", "A4": "Jacks",
        "B1": "Tens", "B2": "Nines", "B3": "Eights",
    }  # fmt: skip
    assert session.spec == "round robin in 2 sections, 7 teams, 2 boards a match"
    # A: 2 matches a round at tables 1-4; B: one match at tables 5-6, a bye each round.
    assert TableLink.objects.filter(session=session).count() == 6
    movement = session_movement.movement_of(session)
    assert [[(t.table, t.ns, t.ew) for t in r.tables if t.table > 4] for r in movement.rounds] == [
        [(5, "B3", "B2"), (6, "B2", "B3")],
        [(5, "B1", "B3"), (6, "B3", "B1")],
        [(5, "B2", "B1"), (6, "B1", "B2")],
    ]
    assert matches.round_byes(session) == {1: ("B1",), 2: ("B2",), 3: ("B3",)}
    assert matches.team_names(session) == ("A1", "A2", "A3", "A4", "B1", "B2", "B3")
    assert [(g.section, len(g.rows[0])) for g in in_play.grids(session)] == [("A", 4), ("B", 2)]
    robin = matches.round_robin_of(session)
    assert [len(r.matches) for r in robin.rounds] == [3, 3, 3]


def test_teams_in_sections_are_scored_as_their_results_file_and_ranked_apart(
    club: Club, td: Client
) -> None:
    session = _sections(club)
    room = Room(session)
    for number in (1, 2, 3):
        room.play_round(number)
    ours = matches.teams_result(session)
    assert ours is not None
    byes = {1: ("B1",), 2: ("B2",), 3: ("B3",)}
    theirs = with_byes(room.library(), byes, ByeAward(12))
    assert ours.standings == theirs.standings
    assert len(ours.matches) == 6 + 3  # A: 4 teams meet in 6 matches; B: 3 in 3
    for match in ours.matches:  # nobody meets a team of another section
        assert match.first[0] == match.second[0]
    ranked = matches.section_rankings(session)
    vp = {s.team: s.vp for s in ours.standings}
    for letter, teams in (("A", {"A1", "A2", "A3", "A4"}), ("B", {"B1", "B2", "B3"})):
        rows = ranked[letter]
        assert {s.team for s in rows} == teams
        assert [s.vp for s in rows] == sorted((vp[t] for t in teams), reverse=True)
        assert rows[0].place in ("1", "1=")
    page = td.get(f"/director/s/{session.pk}/").content.decode()
    assert "Ranking by section" in page
    assert "Section B" in page
    assert "B2 has the bye" in page
    assert "Aces: Ann, Bob" in page
    # each team's name (and players) under "Names", its VPs to two places as published
    assert "<th>Team</th><th>Names</th><th>VPs</th>" in page
    assert "<td>A4</td><td>Jacks</td><td>24.00</td>" in page
    # The published results rank the whole field; the room cards print every section.
    assert Client().get(f"/r/{session.public_id}/").status_code == 200
    cards = td.get(f"/director/s/{session.pk}/cards/")
    assert cards.status_code == 200
    assert "B3" in cards.content.decode()


def test_sections_too_small_for_their_rounds_are_refused(club: Club) -> None:
    swiss = Session.Schedule.SWISS
    with pytest.raises(
        EntryError,
        match="the smallest section, of 3 teams, plays 1 to 3 Swiss rounds without meeting"
        " twice, not 4",
    ):
        matches.create_teams_session(club, "S", SEVEN, 2, schedule=swiss, rounds=4, sections=2)
    with pytest.raises(EntryError, match="7 teams cannot make 4 sections"):
        matches.create_teams_session(club, "Robin", SEVEN, 2, sections=4)
    assert not Session.objects.exists()


def test_the_new_teams_page_sets_up_sections(td: Client, club: Club) -> None:
    form = {"club": str(club.pk), "teams": "4", "name": "Teams", "schedule": "robin",
            "boards": "4", "sections": "2"}  # fmt: skip
    form.update({f"team-{n}": name for n, name in enumerate(SEVEN[:4], start=1)})
    assert td.post("/director/new/teams/", form).status_code == 302
    session = Session.objects.get()
    assert matches.team_names(session) == ("A1", "A2", "B1", "B2")
    answer = td.post("/director/new/teams/", {**form, "sections": "27"})
    assert answer.status_code == 422
    assert "Sections: at most 26" in answer.content.decode()
    assert Session.objects.count() == 1
    # the rooms' cards are one document: one section's alone is refused, saying so
    cards = f"/director/s/{session.pk}/cards/"
    assert td.get(cards).status_code == 200
    refused = td.get(cards, {"section": "B"})
    assert refused.status_code == 404
    said_en = html.unescape(refused.content.decode())
    assert "Section: a teams session's cards are printed all at once" in said_en
    td.cookies["bridgescore_language"] = "fi"
    said = td.get(cards, {"section": "B"}).content.decode()
    assert "Ryhmä: joukkuekilpailun kortit tulostetaan kaikki kerralla" in said


def test_the_section_rankings_read_in_finnish_and_spanish(club: Club, td: Client) -> None:
    session = _sections(club)
    Room(session).play_round(1)
    url = f"/director/s/{session.pk}/"
    finnish = td.get(url, HTTP_ACCEPT_LANGUAGE="fi").content.decode()
    assert "Tulokset ryhmittäin" in finnish
    assert "Ryhmä B" in finnish
    spanish = td.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Clasificación por sección" in spanish
    assert "Sección B" in spanish
    swiss = Session.Schedule.SWISS
    with (
        translation.override("fi"),
        pytest.raises(EntryError, match="pienin ryhmä, 3 joukkuetta, pelaa 1–3 monrad-kierrosta"),
    ):
        matches.create_teams_session(club, "S", SEVEN, 2, schedule=swiss, rounds=4, sections=2)


def test_a_swiss_in_sections_is_drawn_section_by_section(club: Club, td: Client) -> None:
    session = matches.create_teams_session(
        club, "Swiss in sections", SEVEN, 2, schedule=Session.Schedule.SWISS, rounds=3,
        sections=2,
    )  # fmt: skip
    assert session.spec == "Swiss in 2 sections, 7 teams, 3 rounds of 2 boards"
    # Round 1 in the order given, each section apart: A1 v A2, A3 v A4; B1 v B2, B3 bye.
    assert TableLink.objects.filter(session=session).count() == 6
    movement = session_movement.movement_of(session)
    assert [(t.table, t.ns, t.ew) for t in movement.rounds[0].tables] == [
        (1, "A1", "A2"), (2, "A2", "A1"), (3, "A3", "A4"), (4, "A4", "A3"),
        (5, "B1", "B2"), (6, "B2", "B1"),
    ]  # fmt: skip
    assert matches.round_byes(session) == {1: ("B3",)}
    page = f"/director/s/{session.pk}/draw/"
    assert "round 1 is not complete" in td.get(page).content.decode()
    room = Room(session)
    for number in (1, 2, 3):
        room.play_round(number)
        if number == 3:
            break
        shown = td.get(page).content.decode()
        assert "Section A" in shown
        assert "Section B" in shown
        key = matches.section_draws_key(matches.next_section_draws(session))
        assert td.post(page, {"key": "0" * 16}).status_code == 409
        assert td.post(page, {"key": key}).status_code == 302
    draws = matches.section_draws_of(session)
    assert len(draws) == 3
    for letter, teams in (("A", {"A1", "A2", "A3", "A4"}), ("B", {"B1", "B2", "B3"})):
        met = [frozenset((p.higher, p.lower)) for d in draws for p in d[letter].pairings]
        assert len(met) == len(set(met))  # no rematch
        assert all(pair <= teams for pair in met)  # only its own teams
    byes = [str(d["B"].bye) for d in draws]
    assert sorted(byes) == ["B1", "B2", "B3"]  # each team of B once on the bye
    assert matches.round_byes(session) == {n: (team,) for n, team in enumerate(byes, start=1)}
    ours = matches.teams_result(session)
    assert ours is not None
    theirs = with_byes(room.library(), matches.round_byes(session), ByeAward(12))
    assert ours.standings == theirs.standings
    assert "all 3 rounds are drawn" in td.get(page).content.decode()
    control = td.get(f"/director/s/{session.pk}/").content.decode()
    assert "Ranking by section" in control
    assert f"{byes[0]} has the bye" in control
    with pytest.raises(EntryError, match="all 3 rounds are drawn"):
        matches.team_change(session, "withdraw", "A1", 3)


EIGHT = ["Aces", "Kings", "Queens", "Jacks", "Tens", "Nines", "Eights", "Sevens"]


def _swiss_of_two_fours(club: Club) -> tuple[Session, Room]:
    """A Swiss of 3 rounds in two sections of 4 (A: Aces to Jacks; B: Tens to Sevens),
    round 1 played, and its room's phones."""
    session = matches.create_teams_session(
        club, "Late Swiss", EIGHT, 2, schedule=Session.Schedule.SWISS, rounds=3, sections=2
    )
    room = Room(session)
    room.play_round(1)
    return session, room


def _kept(session: Session) -> tuple[str, int, int, int]:
    """What a late change would alter: the plan, the rows, the log, the draws."""
    session.refresh_from_db()
    return (
        session.schedule_json,
        SessionPair.objects.filter(session=session).count(),
        LogLine.objects.filter(session=session).count(),
        SwissDraw.objects.filter(session=session).count(),
    )


def test_a_team_leaves_its_section_and_a_late_team_joins_another(club: Club, td: Client) -> None:
    session, room = _swiss_of_two_fours(club)
    page = f"/director/s/{session.pk}/change/"
    form = td.get(page).content.decode()
    assert '<select name="section">' in form
    assert '<option value="B">Section B</option>' in form
    # Jacks (A4) leaves from round 2: section A has 3 teams left, so one has the bye.
    shown = td.get(page, {"kind": "withdraw", "team": "a4", "round": "2"})
    assert shown.status_code == 200
    text = shown.content.decode()
    assert "<h2>The effect: A4 (Jacks) withdraws from round 2</h2>" in text  # as it is named below
    assert (
        "A4 (Jacks) leaves section A from round 2: its 3 teams are drawn from then on (one"
        " team has"
        " the bye each round); the other sections are as they were"
    ) in text
    leaving = matches.team_change(session, "withdraw", "A4", 2)
    assert matches.team_change(session, "withdraw", "jacks", 2) == leaving  # by its name
    applied = td.post(page, {"kind": "withdraw", "team": "A4", "round": "2",
                             "key": leaving.key, "reason": "away", "apply": "1"})  # fmt: skip
    assert applied.status_code == 302
    # The Sixes come late to section B: they are B5, drawn from round 2 (5 teams: a bye).
    asked = {"kind": "join", "team": "Sixes", "section": "B", "round": "2",
             "members": "Sam & Sue"}  # fmt: skip
    text = td.get(page, asked).content.decode()
    assert "B5 (Sixes) joins section B from round 2" in text
    assert (
        "B5 (Sixes) joins section B from round 2: its 5 teams are drawn from then on (one"
        " team has"
        " the bye each round); the other sections are as they were"
    ) in text
    joining = matches.team_change(session, "join", "Sixes", 2, "Sam & Sue", "B")
    applied = td.post(page, {**asked, "key": joining.key, "reason": "arrived late", "apply": "1"})
    assert applied.status_code == 302
    session.refresh_from_db()
    plan = matches.sections_plan(session)
    assert plan is not None
    assert plan.withdrawn == (("A4", 2),)
    assert plan.joined == (("B5", 2),)
    rows = dict(SessionPair.objects.filter(session=session).values_list("pair", "names"))
    assert rows["B5"] == "Sixes: Sam & Sue"
    assert rows["A4"] == "Jacks"  # its row stays, with its match played
    assert LogLine.objects.filter(session=session, what="team withdrawn").count() == 1
    assert LogLine.objects.filter(session=session, what="team joined").count() == 1

    # Round 2 is drawn without A4: A1-A3 play one match and one has the bye; B's five
    # play two matches and one has the bye. No new table: A's second match stands empty.
    draws = matches.next_section_draws(session)
    a, b = draws["A"], draws["B"]
    a_teams = {t for p in a.pairings for t in (p.higher, p.lower)}
    assert len(a.pairings) == 1
    assert a.bye is not None
    assert a_teams | {a.bye} == {"A1", "A2", "A3"}
    b_teams = {t for p in b.pairings for t in (p.higher, p.lower)}
    assert len(b.pairings) == 2
    assert b.bye is not None
    assert b_teams | {b.bye} == {"B1", "B2", "B3", "B4", "B5"}
    standings = matches.section_swiss_standings(session)
    assert [s.entrant for s in standings["A"]].count("A4") == 0
    assert "B5" in [s.entrant for s in standings["B"]]
    drawn = td.get(f"/director/s/{session.pk}/draw/").content.decode()
    assert "B5" in drawn
    key = matches.section_draws_key(draws)
    assert td.post(f"/director/s/{session.pk}/draw/", {"key": key}).status_code == 302
    assert TableLink.objects.filter(session=session).count() == 8
    assert matches.round_byes(session) == {2: (a.bye, b.bye)}
    room.play_round(2)
    # Ranked section by section: A4 with its one match played, B5 in section B.
    ranked = matches.section_rankings(session)
    a_rows = {s.team: s for s in ranked["A"]}
    b_rows = {s.team: s for s in ranked["B"]}
    assert set(a_rows) == {"A1", "A2", "A3", "A4"}
    assert set(b_rows) == {"B1", "B2", "B3", "B4", "B5"}
    assert (a_rows["A4"].matches, a_rows["A4"].byes) == (1, 0)
    played_b5 = 0 if b.bye == "B5" else 1
    assert (b_rows["B5"].matches, b_rows["B5"].byes) == (played_b5, 1 - played_b5)
    # The same as the library makes of the room's results file, each bye scored.
    ours = matches.teams_result(session)
    assert ours is not None
    theirs = with_byes(room.library(), {2: (a.bye, b.bye)}, ByeAward(12))
    assert ours.standings == theirs.standings
    assert a_rows["A4"].vp == {s.team: s.vp for s in theirs.standings}["A4"]  # round 1's
    control = td.get(f"/director/s/{session.pk}/").content.decode()
    assert "Sixes: Sam &amp; Sue" in control
    assert "<td>A4</td><td>Jacks</td>" in control


def test_a_late_change_a_swiss_in_sections_cannot_take_is_refused_whole(
    club: Club, td: Client
) -> None:
    session, _room = _swiss_of_two_fours(club)
    page = f"/director/s/{session.pk}/change/"
    before = _kept(session)
    refusals = [
        ({"kind": "withdraw", "team": "A4", "round": "1"},
         "round 1 is drawn: a team can leave or join from round 2 to 3, not 1"),
        ({"kind": "join", "team": "Sixes", "section": "Z", "round": "2"},
         "Section: Z is not a section of this session (its sections are A, B)"),
        ({"kind": "join", "team": "Sixes", "round": "2"},
         "Section: say which section the late team joins"),
        ({"kind": "withdraw", "team": "C9", "round": "2"},
         "there is no team &#x27;C9&#x27; in this session"),
        ({"kind": "join", "team": "tens", "section": "A", "round": "2"},
         "&#x27;tens&#x27; is already the name of team B1 (Tens)"),
        ({"kind": "join", "team": "Re: Bridge", "section": "A", "round": "2"},
         "Team: a team&#x27;s name may not hold &#x27;: &#x27; (it comes between a team&#x27;s"
         " name and its players)"),
    ]  # fmt: skip
    for asked, message in refusals:
        for send in (td.get, td.post):
            answer = send(page, {**asked, "key": "0" * 16, "reason": "why", "apply": "1"})
            assert answer.status_code == 422, (asked, answer.status_code)
            assert message in answer.content.decode(), asked
    # A change that is not the one shown (another team joined since): 409, nothing kept.
    stale = {"kind": "join", "team": "Sixes", "section": "B", "round": "2", "reason": "late",
             "apply": "1", "key": "0" * 16}  # fmt: skip
    assert td.post(page, stale).status_code == 409
    assert _kept(session) == before
    # A round robin in sections keeps its fixed schedule.
    robin = _sections(club)
    answer = td.get(f"/director/s/{robin.pk}/change/",
                    {"kind": "withdraw", "team": "A1", "round": "2"})  # fmt: skip
    assert answer.status_code == 422
    assert "a round robin&#x27;s schedule is fixed before it starts" in answer.content.decode()


def test_the_late_change_page_of_a_swiss_in_sections_reads_in_finnish_and_spanish(
    club: Club, td: Client
) -> None:
    session, _room = _swiss_of_two_fours(club)
    page = f"/director/s/{session.pk}/change/"
    asked = {"kind": "join", "team": "Sixes", "section": "B", "round": "2"}
    finnish = td.get(page, asked, HTTP_ACCEPT_LANGUAGE="fi").content.decode()
    assert english_left(finnish, "fi") == []
    assert "Ryhmä B" in finnish
    assert "B5 (Sixes) tulee mukaan ryhmään B kierroksesta 2" in finnish
    spanish = td.get(page, asked, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert english_left(spanish, "es") == []
    assert "Sección B" in spanish
    assert "B5 (Sixes) se incorpora a la sección B desde la ronda 2" in spanish
    leaving = {"kind": "withdraw", "team": "A4", "round": "2"}
    for language, heading, said in (
        (
            "fi",
            "Vaikutus: A4 (Jacks) vetäytyy kierroksesta 2",
            "A4 (Jacks) lähtee ryhmästä A kierroksesta 2: sen 3 joukkuetta arvotaan siitä lähtien",
        ),
        (
            "es",
            "El efecto: A4 (Jacks) se retira desde la ronda 2",
            "A4 (Jacks) se retira de la sección A desde la ronda 2: sus 3 equipos se sortean",
        ),
    ):
        shown = td.get(page, leaving, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f"<h2>{heading}</h2>" in shown
        assert said in shown
        assert english_left(shown, language) == []
    wrong = td.get(page, {**asked, "section": "Z"}, HTTP_ACCEPT_LANGUAGE="fi")
    assert wrong.status_code == 422
    assert "Ryhmä: Z ei ole tämän istunnon ryhmä (sen ryhmät ovat A, B)" in wrong.content.decode()
    wrong = td.get(page, {**asked, "section": "Z"}, HTTP_ACCEPT_LANGUAGE="es")
    assert "Sección: Z no es una sección de esta sesión (sus secciones son A, B)" in (
        wrong.content.decode()
    )


def test_a_late_team_that_makes_a_section_a_match_more_plays_at_new_tables(
    club: Club, td: Client
) -> None:
    # 3 and 3: round 1 is A1 v A2 at tables 1-2 and B1 v B2 at tables 3-4, A3 and B3 on
    # the bye. The Sixes join A from round 2 as A4: A plays two matches, its second at
    # new tables 5 and 6 (match A2's rooms), B keeps tables 3 and 4 and their links.
    session = matches.create_teams_session(
        club, "Small Swiss", SEVEN[:6], 2, schedule=Session.Schedule.SWISS, rounds=3,
        sections=2,
    )  # fmt: skip
    room = Room(session)
    room.play_round(1)
    links = dict(TableLink.objects.filter(session=session).values_list("table", "token"))
    assert sorted(links) == [1, 2, 3, 4]
    joining = matches.team_change(session, "join", "Sixes", 2, "", "A")
    assert joining.team == "A4"
    matches.apply_team_change(session, joining, "arrived late", None)
    draws = matches.next_section_draws(session)
    assert len(draws["A"].pairings) == 2
    assert draws["A"].bye is None
    matches.confirm_section_draws(session, draws)
    after = dict(TableLink.objects.filter(session=session).values_list("table", "token"))
    assert sorted(after) == [1, 2, 3, 4, 5, 6]
    assert {t: after[t] for t in links} == links  # no table's link has changed
    assert [naming.table_label(session, t) for t in range(1, 7)] == [
        "A1a", "A1b", "B1a", "B1b", "A2a", "A2b",
    ]  # fmt: skip  # tables 5 and 6 are the rooms of section A's second match
    room.play_round(2)
    ours = matches.teams_result(session)
    assert ours is not None
    byes = {1: ("A3", "B3"), 2: (str(draws["B"].bye),)}
    assert matches.round_byes(session) == byes
    assert ours.standings == with_byes(room.library(), byes, ByeAward(12)).standings
    ranked = {s.team: s for s in matches.section_rankings(session)["A"]}
    assert ranked["A4"].matches == 1


def test_a_section_of_fewer_rounds_counts_its_own_on_the_phone(club: Club) -> None:
    """9 teams in two round robins: A of 5 teams takes 5 rounds, B of 4 takes 3. B's
    phones count 3 rounds, and after the third say that nobody moves, not that more
    rounds may be drawn (a round robin is drawn whole)."""
    nine = [*SEVEN, "Sixes", "Fives"]
    session = matches.create_teams_session(club, "Nine", nine, 2, sections=2)
    last = TableLink.objects.filter(session=session).order_by("-table").first()
    assert last is not None
    phone = Client()
    page = " ".join(phone.get(f"/t/{last.token}/").content.decode().split())
    assert "Table B2b · round 1 of 3" in page
    plan = phone.get(f"/t/{last.token}/plan.json").json()
    assert (plan["table"], plan["rounds"], plan["planned"]) == ("B2b", 3, 3)
    assert plan["plan"][-1]["moves"] == {
        "lines": ["round 3 was the last round: nobody moves"],
        "last": True,
    }
    first = TableLink.objects.get(session=session, table=1)
    other = Client()
    assert other.get(f"/t/{first.token}/").status_code == 200  # the phone takes the table
    assert other.get(f"/t/{first.token}/plan.json").json()["rounds"] == 5


def test_a_team_id_names_its_team_even_where_another_team_is_named_like_it(club: Club) -> None:
    """Teams named like ids: the team named "B1" is A1 and the team named "A1" is B2. A
    withdrawal of B1 is section B's first team, not the team named "B1"; a late team may
    not be named as a team is numbered."""
    named = ["B1", "Kings", "Queens", "Jacks", "Tens", "A1", "Eights", "Sevens"]
    session = matches.create_teams_session(
        club, "Like ids", named, 2, schedule=Session.Schedule.SWISS, rounds=3, sections=2
    )
    Room(session).play_round(1)
    assert matches.team_change(session, "withdraw", "B1", 2).team == "B1"
    assert matches.team_change(session, "withdraw", "a1", 2).team == "A1"
    assert matches.team_change(session, "withdraw", "Kings", 2).team == "A2"
    with pytest.raises(EntryError) as refused:
        matches.team_change(session, "join", "A7", 2, section="B")
    assert str(refused.value) == (
        "A7 is how a team is numbered in its section: give the late team's name (it is"
        " numbered when it joins)"
    )


ODD_FROM_2 = (
    "warning: from round {round} an odd number of teams is drawn: a team has the bye each round"
)
"""A warning a Swiss's late change gives (``matches._draw_warnings``)."""

TOO_LONG_READ = {
    "en": (
        "A4 (Jacks) leaves section A from round 2: its 3 teams are drawn from then on",
        "warning: from round 2 an odd number of teams is drawn: a team has the bye each round",
        "and 12 more, not kept: too long",
    ),
    "fi": (
        "A4 (Jacks) lähtee ryhmästä A kierroksesta 2: sen 3 joukkuetta arvotaan siitä lähtien",
        "huomio: kierroksesta 2 alkaen arvotaan pariton määrä joukkueita: yksi joukkue on"
        " vapaalla joka kierroksella",
        "ja 12 muuta, ei tallennettu: liian pitkiä",
    ),
    "es": (
        "A4 (Jacks) se retira de la sección A desde la ronda 2: sus 3 equipos se sortean",
        "atención: desde la ronda 2 se sortea un número impar de equipos: un equipo descansa"
        " cada ronda",
        "y 12 más, no guardados: demasiado largos",
    ),
}
"""A late change's log line too long to keep whole, as each reader reads it: how its
effect starts, a warning, and the count of those left out."""


@pytest.mark.parametrize("language", ["en", "fi", "es"])
def test_a_late_change_too_long_for_its_log_line_keeps_what_fits_in_the_readers_language(
    club: Club, td: Client, language: str
) -> None:
    """A Swiss's late change whose effect and warnings pass the log line's 4,000
    characters keeps the first lines that fit, each a message, and says how many more it
    left out, read in the reader's language: never its English text, cut."""
    session, _room = _swiss_of_two_fours(club)
    leaving = matches.team_change(session, "withdraw", "A4", 2)
    warning = Message(ODD_FROM_2, round=2)
    matches.apply_team_change(session, replace(leaving, warnings=(warning,) * 40), "away")
    line = LogLine.objects.get(session=session, what="team withdrawn")
    assert len(line.detail) <= 4000
    with translation.override(language):
        shown = line.effect_shown.split("\n")
        text = line.text
    # kept: [ the effect's 2 messages (280 and 76 characters, each with its comma), 28
    # warnings of 125 and a comma, the count of the 12 left out (72) ]: 2 + 281 + 77 +
    # 28 * 126 + 72 = 3960; a 29th warning would take it to 4086
    effect, warned, left = TOO_LONG_READ[language]
    assert len(shown) == 2 + 28 + 1
    assert shown[0].startswith(effect)
    assert shown[2:-1] == [warned] * 28
    assert shown[-1] == left
    assert text.endswith(f"; {warned}; {left}")
    page = td.get(f"/director/s/{session.pk}/change/", HTTP_ACCEPT_LANGUAGE=language)
    assert left in page.content.decode()
