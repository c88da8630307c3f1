"""A teams Swiss of congress size: 150 teams in one field set up on the new-teams page
(names pasted one a line), round 1 played, round 2 drawn on the draw page and played; a
field beyond the library's limit refused; shared places written ``1=`` on the draw page.

Results are kept as the phones keep them (:func:`entries.record_entry`), one board a
match, so the 600 results of two rounds take seconds, not minutes."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from bridgescore.events.movements.swiss import Draw
from bridgescore.web import entries, in_play, matches, session_movement
from bridgescore.web.models import Club, Entry, Session, SwissDraw, TableLink

FIELD = 150

# One board a match (WBF 2013 scale, blitz 15 IMPs over 1 board): 7 IMPs 16.42 - 3.58,
# 10 IMPs 18.09 - 1.91, 12 IMPs 18.97 - 1.03 (10 + 10(1 - t^(3M/15)) / (1 - t^3),
# t = 0.618034, to 2 decimals, the loser 20 less).
ROUND_1 = {
    # match number mod 3: (open room, closed room), each (contract, declarer, result)
    1: (("4S", "N", "="), ("4S", "N", "-1")),  # board 1, none vul: +420, +50: home 10 IMPs
    2: (("3NT", "S", "="), ("3NT", "S", "=")),  # +400, -400: level
    0: (("1NT", "N", "="), ("3NT", "S", "=")),  # +90, -400: away 7 IMPs
}
VP_1 = {1: (18.09, 1.91), 2: (10.0, 10.0), 0: (3.58, 16.42)}
"""Round 1: (home, away) VPs of a match by its number mod 3."""

ROUND_2 = (("4H", "S", "="), ("4H", "S", "-1"))
"""Board 2, NS vulnerable, every match: +620 and +100 to home, 12 IMPs: 18.97 - 1.03."""


Play = tuple[str, str, str]
Rooms = tuple[Play, Play]


def _play(session: Session, round_no: int, results: Rooms | Callable[[int], Rooms]) -> None:
    """Every room table's board of the round, as a phone keeps it; ``results`` gives a
    match's (open room, closed room) from its number."""
    session.refresh_from_db()
    movement = session_movement.movement_of(session)
    for seat in movement.rounds[round_no - 1].tables:
        match = (seat.table + 1) // 2
        rooms = results(match) if callable(results) else results
        contract, declarer, result = rooms[(seat.table + 1) % 2]
        for board in seat.boards:
            inp = in_play.EntryInput(round_no, seat.table, board, contract, declarer, result)
            entries.record_entry(session, inp, by_table=True)


def _met(draws: list[Draw]) -> list[frozenset[str]]:
    return [frozenset((p.higher, p.lower)) for d in draws for p in d.pairings]


def test_a_swiss_of_150_teams_is_set_up_drawn_and_scored_through_the_pages(
    td: Client, club: Club
) -> None:
    page = td.get("/director/new/teams/", {"club": club.pk, "teams": FIELD}).content.decode()
    assert 'name="names"' in page
    assert 'name="team-1"' not in page  # no 150 rows of the roster: the names pasted
    teams = [f"Team {n}" for n in range(1, FIELD + 1)]
    form = {"club": str(club.pk), "teams": str(FIELD), "name": "Congress Swiss",
            "schedule": "swiss", "rounds": "7", "boards": "1", "sections": "1",
            "rematches": "never", "names": "\n".join(teams)}  # fmt: skip
    answer = td.post("/director/new/teams/", form)
    assert answer.status_code == 302, answer.content.decode()[-800:]
    session = Session.objects.get()
    assert TableLink.objects.filter(session=session).count() == 2 * FIELD // 2
    # round 1 in the order given: Team 1 v Team 2 at tables 1 and 2, ... Team 149 v 150
    first = session_movement.movement_of(session).rounds[0].tables
    assert [(t.table, t.ns, t.ew) for t in first[:4]] == [
        (1, "Team 1", "Team 2"), (2, "Team 2", "Team 1"),
        (3, "Team 3", "Team 4"), (4, "Team 4", "Team 3"),
    ]  # fmt: skip
    assert (first[-1].table, first[-1].ns) == (150, "Team 150")  # 75 matches, 150 tables
    assert td.get(f"/director/s/{session.pk}/").status_code == 200  # the grid of 150 matches
    _play(session, 1, lambda match: ROUND_1[match % 3])
    result = matches.teams_result(session)
    assert result is not None
    vp = {s.team: s.vp for s in result.standings}
    assert (vp["Team 1"], vp["Team 2"]) == pytest.approx(VP_1[1])  # match 1: 10 IMPs
    assert (vp["Team 3"], vp["Team 4"]) == pytest.approx(VP_1[2])  # match 2: level
    assert (vp["Team 5"], vp["Team 6"]) == pytest.approx(VP_1[0])  # match 3: 7 IMPs away
    assert (vp["Team 149"], vp["Team 150"]) == pytest.approx(VP_1[0])  # match 75
    # the draw page: 25 teams share 1st (18.09), 25 share 26th (16.42), 50 share 51st
    url = f"/director/s/{session.pk}/draw/"
    shown = td.get(url).content.decode()
    assert "<td>1=</td><td>Team 1</td>" in shown
    assert "<td>26=</td><td>Team 6</td>" in shown
    assert "<td>51=</td><td>Team 3</td>" in shown
    assert "<td>101=</td><td>Team 5</td>" in shown
    assert "<td>126=</td><td>Team 2</td>" in shown
    draw = matches.next_draw(session)
    assert td.post(url, {"key": matches.draw_key(draw)}).status_code == 302
    draws = matches.draws_of(session)
    assert len(draws) == 2
    second = draws[1]
    assert len(second.pairings) == 75
    assert second.bye is None
    met = _met(draws)
    assert len(met) == len(set(met)) == 150  # nobody meets a team twice
    top = {t for t, v in vp.items() if v == pytest.approx(18.09)}
    assert len(top) == 25
    leaders = [sorted(vp[t] for t in (p.higher, p.lower)) for p in second.pairings]
    # the 25 leaders meet each other, the last of them a team of the next group (16.42)
    assert leaders.count([18.09, 18.09]) == 12
    assert leaders.count([16.42, 18.09]) == 1
    _play(session, 2, ROUND_2)
    result = matches.teams_result(session)
    assert result is not None
    home = {p.higher for p in second.pairings}
    for standing in result.standings:
        assert standing.vp == pytest.approx(
            vp[standing.team] + (18.97 if standing.team in home else 1.03)
        ), standing.team
    assert td.get(url).status_code == 200  # round 3 drawn from the standings after two


def test_more_teams_than_the_library_takes_are_refused_in_each_language(
    td: Client, club: Club
) -> None:
    said = {"en": "Teams: at most 300", "fi": "Joukkueet: enintään 300",
            "es": "Equipos: como mucho 300"}  # fmt: skip
    for language, words in said.items():
        answer = td.get("/director/new/teams/", {"teams": "301"}, HTTP_ACCEPT_LANGUAGE=language)
        assert answer.status_code == 422
        assert words in answer.content.decode()
    form = {"club": str(club.pk), "teams": "301", "name": "Too many", "schedule": "swiss",
            "rounds": "7", "boards": "1", "sections": "1",
            "names": "\n".join(f"T{n}" for n in range(1, 302))}  # fmt: skip
    answer = td.post("/director/new/teams/", form, HTTP_ACCEPT_LANGUAGE="es")
    assert answer.status_code == 422
    assert "Equipos: como mucho 300" in answer.content.decode()
    robin = {**form, "teams": "41", "schedule": "robin",
             "names": "\n".join(f"T{n}" for n in range(1, 42))}  # fmt: skip
    answer = td.post("/director/new/teams/", robin)
    assert answer.status_code == 422
    assert "a round robin has at most 40 teams: 41 asked" in answer.content.decode()
    answer = td.post("/director/new/teams/", robin, HTTP_ACCEPT_LANGUAGE="fi")
    assert "sarjassa on enintään 40 joukkuetta: pyydettiin 41" in answer.content.decode()
    answer = td.post("/director/new/teams/", {**robin, "sections": "2"})  # 21 and 20: fine
    assert answer.status_code == 302
    assert not SwissDraw.objects.exists()
    assert Session.objects.count() == 1


def test_pasted_names_are_refused_with_each_line_named(td: Client, club: Club) -> None:
    names = ["Aces", "Kings", "", "Queens", "aces", "Jacks", "J" * 41]
    form = {"club": str(club.pk), "teams": "6", "name": "Teams", "schedule": "swiss",
            "rounds": "3", "boards": "2", "names": "\n".join(names)}  # fmt: skip
    text = td.post("/director/new/teams/", form).content.decode()
    assert "Team names, line 5: aces is named twice (line 1 too)" in text
    assert "Team names, line 7: a team&#x27;s name is at most 40 characters (this has 41)" in text
    finnish = td.post("/director/new/teams/", form, HTTP_ACCEPT_LANGUAGE="fi").content.decode()
    assert "Joukkueiden nimet, rivi 5: aces on nimetty kahdesti (myös rivillä 1)" in finnish
    spanish = td.post("/director/new/teams/", form, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert (
        "Nombres de los equipos, línea 5: aces aparece dos veces (también en la línea 1)" in spanish
    )
    answer = td.post("/director/new/teams/", {**form, "names": "Aces\nKings\nQueens"})
    assert answer.status_code == 422
    assert "Team names: 3 names for 6 teams, one a line" in answer.content.decode()
    both = {**form, "names": "Aces\nKings\nQueens\nJacks\nTens\nNines", "team-1": "Aces"}
    answer = td.post("/director/new/teams/", both)
    assert "Team names: paste the names or fill in the rows, not both" in answer.content.decode()
    big = td.post("/director/new/teams/", {**form, "teams": "41", "names": ""})
    assert big.status_code == 422
    assert "Team names: paste the 41 teams&#x27; names, one a line" in big.content.decode()
    assert not Session.objects.exists()


def test_teams_level_on_vps_share_their_place_on_the_draw_page(td: Client, club: Club) -> None:
    teams = ["Aces", "Kings", "Queens", "Jacks", "Tens", "Nines"]
    session = matches.create_teams_session(
        club, "Ties", teams, 1, schedule=Session.Schedule.SWISS, rounds=3
    )
    # Aces v Kings 10 IMPs (18.09 - 1.91), Queens v Jacks level (10 - 10), Tens v Nines
    # level: Queens, Jacks, Tens and Nines share 2nd.
    _play(session, 1, lambda match: ROUND_1[1 if match == 1 else 2])
    shown = td.get(f"/director/s/{session.pk}/draw/").content.decode()
    places = [("1", "Aces"), ("2=", "Queens"), ("2=", "Jacks"), ("2=", "Tens"),
              ("2=", "Nines"), ("6", "Kings")]  # fmt: skip
    for place, team in places:
        assert f"<td>{place}</td><td>{team}</td>" in shown, (place, team)
    finnish = td.get(f"/director/s/{session.pk}/draw/", HTTP_ACCEPT_LANGUAGE="fi")
    assert "<td>2=</td><td>Queens</td>" in finnish.content.decode()


def test_the_draw_page_reads_the_results_once_for_its_standings_and_its_check(
    td: Client, club: Club
) -> None:
    """The standings and the check that the last round is complete come from one read of
    the results (at 300 teams and 9 rounds, 5,400 results, the second read was 0.08 s of
    a 0.49 s page), and the draw is still refused while a result is missing."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    teams = ["Aces", "Kings", "Queens", "Jacks", "Tens", "Nines"]
    session = matches.create_teams_session(
        club, "Once", teams, 1, schedule=Session.Schedule.SWISS, rounds=3
    )
    url = f"/director/s/{session.pk}/draw/"
    _play(session, 1, lambda match: ROUND_1[1 if match == 1 else 2])
    with CaptureQueriesContext(connection) as done:
        shown = td.get(url).content.decode()
    reads = [q["sql"] for q in done.captured_queries if 'FROM "bridgescore_entry"' in q["sql"]]
    assert len(reads) == 1, reads
    assert "<td>1</td><td>Aces</td>" in shown
    assert 'name="key"' in shown  # drawn: round 1 is complete
    last = Entry.objects.filter(session=session, round=1).order_by("id").last()
    assert last is not None
    entries.erase_entry(session, 1, last.table, last.board, None, "wrong table")
    refused = td.get(url).content.decode()
    assert "round 1 is not complete: 1 results still to come" in refused
    assert 'name="key"' not in refused


def test_a_late_team_cannot_take_a_full_field_beyond_300_teams(td: Client, club: Club) -> None:
    teams = [f"T{n}" for n in range(1, 301)]
    session = matches.create_teams_session(
        club, "Full", teams, 1, schedule=Session.Schedule.SWISS, rounds=5
    )
    assert TableLink.objects.filter(session=session).count() == 300
    page = f"/director/s/{session.pk}/change/"
    late = {"kind": "join", "team": "Latecomers", "round": "2", "reason": "late"}
    shown = td.get(page, late)
    assert "at most 300 teams in a teams event: 301 asked" in shown.content.decode()
    answer = td.post(page, {**late, "key": "0" * 16, "apply": "1"})
    assert answer.status_code == 422
    assert "at most 300 teams in a teams event: 301 asked" in answer.content.decode()
    assert "Latecomers" not in matches.team_names(session)
