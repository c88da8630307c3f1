"""Teams sessions: a round robin or a Swiss, each match played in two rooms with a link
each, entered by the phones as pairs are, and scored by the library (IMPs, VPs)."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from bridgescore.events.model import Event
from bridgescore.events.movements.fit import missing_results, place_team_result
from bridgescore.events.movements.swiss import Rematches, Standing, SwissRules, swiss_round
from bridgescore.events.movements.teams import round_robin
from bridgescore.events.scoring import score_event
from bridgescore.events.teams import ByeAward, ByeRule, TeamsResult, with_byes
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.io.results import loads_csv
from bridgescore.web import entries, in_play, matches, naming, refusals, session_movement, standings
from bridgescore.web.models import Club, Entry, LogLine, Player, Session, SwissDraw, TableLink
from web.posting import send_entry

TEAMS = ["Aces", "Kings", "Queens", "Jacks"]

PLAYS = [
    ("4S", "N", "="), ("3NT", "S", "+1"), ("2H", "E", "-1"), ("4H", "W", "="),
    ("1NT", "N", "="), ("3C", "S", "-2"), ("6S", "N", "="), ("2S", "E", "+1"),
    ("3NTX", "W", "-3"), ("5D", "E", "="), ("4SX", "S", "+1"), ("2C", "N", "-1"),
    ("Pass", "", ""),
]  # fmt: skip
"""Contracts and results the rooms draw from, so that the rooms differ and IMPs swing."""


def _play(board: int, table: int, round_no: int) -> tuple[str, str, str]:
    return PLAYS[(board * 7 + table * 5 + round_no * 3) % len(PLAYS)]


class Room:
    """The phones of a session's room tables (each holds its table from its first visit),
    and the CSV lines of what they sent."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.phones: dict[int, Client] = {}
        self.lines = ["board,round,table,ns,ew,contract,declarer,result"]

    def phone(self, table: int) -> tuple[Client, TableLink]:
        link = TableLink.objects.get(session=self.session, table=table)
        if table not in self.phones:
            device = Client()
            assert device.get(f"/t/{link.token}/").status_code == 200
            self.phones[table] = device
        return self.phones[table], link

    def play_round(self, round_no: int) -> None:
        """Every board of the round entered by its room tables' phones, as JSON posts."""
        self.session.refresh_from_db()  # a round drawn since
        movement = session_movement.movement_of(self.session)
        for seat in movement.rounds[round_no - 1].tables:
            device, link = self.phone(seat.table)
            for board in seat.boards:
                contract, declarer, result = _play(board, seat.table, round_no)
                level = "pass" if contract == "Pass" else contract[0]
                strain = "" if contract == "Pass" else contract[1:].rstrip("X")
                doubled = contract[len(contract.rstrip("X")) :]
                answer = send_entry(
                    device, link.token, round=round_no, board=board, level=level,
                    strain=strain, doubled=doubled, declarer=declarer, result=result,
                    entry_id=str(uuid.uuid4()), confirm="1",
                )  # fmt: skip
                assert (answer["http"], answer.get("status")) == (200, "accepted"), answer
                label = naming.room_label(seat.table)
                self.lines.append(
                    f"{board},{round_no},{label},{seat.ns},{seat.ew},{contract},{declarer},{result}"
                )

    def library(self) -> TeamsResult:
        """What the library makes of the same results read from a CSV file."""
        results = loads_csv("\n".join(self.lines) + "\n", teams=True)
        scored = score_event(Event(results, kind=EventKind.TEAMS, scoring=Scoring.IMPS))
        assert isinstance(scored, TeamsResult)
        return scored


def _robin(club: Club, teams: list[str], boards: int = 4) -> Session:
    return matches.create_teams_session(club, "Teams night", teams, boards)


def test_a_round_robin_entered_at_the_tables_ranks_as_the_library_ranks_its_csv(
    club: Club, td: Client
) -> None:
    session = _robin(club, TEAMS)
    robin = round_robin(TEAMS, 4)
    assert matches.round_robin_of(session) == robin
    assert TableLink.objects.filter(session=session).count() == 4  # 2 matches x 2 rooms
    room = Room(session)
    for number in (1, 2, 3):
        room.play_round(number)
    assert Entry.objects.filter(session=session).count() == 3 * 2 * 2 * 4
    ours = matches.teams_result(session)
    theirs = room.library()
    assert ours is not None
    assert ours.standings == theirs.standings
    assert [(m.first, m.second, m.first_vp, m.second_vp) for m in ours.matches] == [
        (m.first, m.second, m.first_vp, m.second_vp) for m in theirs.matches
    ]
    assert len(ours.matches) == 6
    for match in ours.matches:
        assert match.first_vp + match.second_vp == pytest.approx(20)  # WBF: 20 VPs a match
        assert len(match.boards) == 4
    assert len({s.vp for s in ours.standings}) > 1  # the rooms differ: not all even
    # every row fits the round robin, in its own room, and nothing is missing
    event = in_play.event_of(session)
    for row in event.results.rows:
        assert row.round is not None
        assert row.ns is not None
        assert row.ew is not None
        placed = place_team_result(robin, row.board, ns=row.ns, ew=row.ew, round_no=row.round)
        assert placed.seating is not None, placed.error
    played = [(r.board, r.ns, r.ew) for r in event.results.rows]
    assert missing_results(robin, played) == ()
    assert {r.table for r in event.results.rows} == {"1a", "1b", "2a", "2b"}
    # the results page shows the library's standings through the report's view model
    page = Client().get(f"/r/{session.public_id}/").content.decode()
    assert "Standings" in page
    for standing in theirs.standings:
        assert f"{standing.vp:.2f}" in page
        assert standing.team in page
    first = theirs.standings[0]
    assert page.index(first.team) < page.index(theirs.standings[-1].team)
    # the control grid: rounds x (match, room), both rooms done
    grid = td.get(f"/director/s/{session.pk}/").content.decode()
    assert "Match 1, open room" in grid
    assert "Match 2, closed room" in grid
    assert grid.count('class="done') == 3 * 4  # some flagged as well


def test_each_room_has_its_link_and_its_teams_the_right_way_round(club: Club) -> None:
    session = _robin(club, TEAMS)
    match = round_robin(TEAMS, 4).rounds[0].matches[0]
    room = Room(session)
    open_phone, open_link = room.phone(1)
    closed_phone, closed_link = room.phone(2)
    assert open_link.token != closed_link.token
    open_page = open_phone.get(f"/t/{open_link.token}/").content.decode()
    closed_page = closed_phone.get(f"/t/{closed_link.token}/").content.decode()
    assert "Table 1a · round 1 of 3" in open_page
    assert f"NS {match.home}</b>" in open_page
    assert f"EW {match.away}</b>" in open_page
    assert "Table 1b · round 1 of 3" in closed_page
    assert f"NS {match.away}</b>" in closed_page
    assert f"EW {match.home}</b>" in closed_page
    # the rooms play the match's boards in the two-room order: they exchange halves
    seats = session_movement.movement_of(session).rounds[0].tables
    assert (seats[0].boards, seats[1].boards) == ((1, 2, 3, 4), (3, 4, 1, 2))
    # one room's result alone is not yet in its match: the board waits for the other room
    answer = send_entry(open_phone, open_link.token, round=1, board=1, contract="4S", declarer="N",
                   result="=", confirm="1")  # fmt: skip
    assert answer["status"] == "accepted"
    result = matches.teams_result(session)
    assert result is not None
    assert result.matches == ()
    send_entry(closed_phone, closed_link.token, round=1, board=1, contract="4S", declarer="E",
          result="-1", confirm="1")  # fmt: skip
    result = matches.teams_result(session)
    assert result is not None
    (scored,) = result.matches
    assert (scored.first, scored.second) == (match.home, match.away)
    # +420 in the open room, and -50 in the closed (the home team sits EW there): 370, 9 IMPs
    assert (scored.first_points, scored.second_points) == (9, 0)


def test_a_board_the_match_does_not_play_is_refused(club: Club) -> None:
    session = _robin(club, TEAMS)
    room = Room(session)
    device, link = room.phone(2)
    answer = send_entry(device, link.token, round=1, board=5, contract="3NT", declarer="S",
                   result="=", confirm="1")  # fmt: skip
    assert answer == {
        "http": 422,
        "error": "board 5 is not played at table 1b in round 1"
        " (this match: boards 1, 2, 3, 4; it is played here in round 2)",
    }
    not_at_imps = in_play.EntryInput(1, 1, 1, adjusted="55%/45%")
    with pytest.raises(
        refusals.EntryError, match=r"^an adjusted score of 55% has no equivalent in IMPs: "
    ):
        entries.record_entry(session, not_at_imps, by_table=False, reason="ruling")
    assert Entry.objects.filter(session=session).count() == 0


def test_an_artificial_adjusted_score_is_three_imps(club: Club) -> None:
    session = _robin(club, TEAMS)
    room = Room(session)
    room.play_round(1)
    before = matches.teams_result(session)
    assert before is not None
    match = before.matches[0]
    # the director rules board 1 of the first match's closed room (table 2, where the
    # away team sits North-South): A+ to the away team, A- to the home team
    ruling = in_play.EntryInput(1, 2, 1, adjusted="A+/A-")
    entries.record_entry(session, ruling, by_table=False, reason="fouled board", user=None)
    after = matches.teams_result(session)
    assert after is not None
    ruled = next(m for m in after.matches if (m.first, m.second) == (match.first, match.second))
    assert ruled.boards[0].swing == -3  # the home team's side: 3 IMPs to the away team
    assert [b.swing for b in ruled.boards[1:]] == [b.swing for b in match.boards[1:]]
    # the published results and the board's page show the ruling (no table score there)
    session.state = Session.State.PUBLISHED
    session.save(update_fields=["state"])
    reader = Client()
    assert reader.get(f"/r/{session.public_id}/").status_code == 200
    board = reader.get(f"/r/{session.public_id}/board-1.html")
    assert board.status_code == 200
    assert "A+/A-" in board.content.decode()


def test_an_odd_number_of_teams_has_a_bye_each_round(club: Club, td: Client) -> None:
    teams = [*TEAMS, "Tens"]
    session = _robin(club, teams, boards=2)
    movement = session_movement.movement_of(session)
    assert len(movement.rounds) == 5
    byes = [rnd.sit_outs for rnd in movement.rounds]
    assert sorted(b for (b,) in byes) == sorted(teams)  # each team has the bye once
    for rnd in movement.rounds:
        assert len(rnd.tables) == 4  # 2 matches, 2 rooms each
        playing = {t.ns for t in rnd.tables} | {t.ew for t in rnd.tables}
        assert playing == set(teams) - set(rnd.sit_outs)
    room = Room(session)
    room.play_round(1)
    result = matches.teams_result(session)
    assert result is not None
    bye = byes[0][0]
    # the library's figures for the same results, with round 1's bye scored (12 VPs, the
    # session's award unless the director chose another)
    assert result.standings == with_byes(room.library(), {1: bye}, ByeAward(12)).standings
    assert next(s for s in result.standings if s.team == bye).vp == 12.0
    assert [(b.round, b.team, b.vp) for b in result.byes] == [(1, bye, 12.0)]
    page = td.get(f"/director/s/{session.pk}/").content.decode()
    assert f"{bye} has the bye" in page
    results = td.get(f"/r/{session.public_id}/").content.decode()
    assert f'<td>1</td><td><a href="team-{bye}.html">{bye}</a></td><td class="num">12.00</td>' in (
        results
    )


def test_a_bye_scored_by_the_teams_average(club: Club) -> None:
    teams = [*TEAMS, "Tens"]
    session = matches.create_teams_session(
        club, "Average byes", teams, 2, bye=ByeAward(10, ByeRule.HIGHER)
    )
    room = Room(session)
    room.play_round(1)
    room.play_round(2)
    result = matches.teams_result(session)
    assert result is not None
    robin = matches.round_robin_of(session)
    first, second = robin.rounds[0].bye, robin.rounds[1].bye
    assert first is not None
    assert second is not None
    expected = with_byes(room.library(), {1: first, 2: second}, ByeAward(10, ByeRule.HIGHER))
    assert result.byes == expected.byes
    for score in result.byes:  # the higher of 10 and the team's own average
        own = [m.first_vp if m.first == score.team else m.second_vp for m in result.matches
               if score.team in (m.first, m.second)]  # fmt: skip
        assert score.vp == round(max(10, sum(own) / len(own)), 2)


def test_a_teams_penalty_is_in_victory_points(club: Club, td: Client) -> None:
    session = _robin(club, TEAMS)
    Room(session).play_round(1)
    before = matches.teams_result(session)
    assert before is not None
    top = before.standings[0]
    with pytest.raises(refusals.EntryError, match="a teams session's penalty is in victory points"):
        standings.add_penalty(session, top.team, "1", "points", "slow play")
    standings.add_penalty(session, top.team, "1.5", "vp", "slow play")
    after = matches.teams_result(session)
    assert after is not None
    penalised = next(s for s in after.standings if s.team == top.team)
    assert penalised.vp == round(top.vp - 1.5, 2)
    assert penalised.penalty == 1.5
    page = td.get(f"/r/{session.public_id}/").content.decode()
    assert '<th class="num">Penalty</th>' in page
    assert f'{top.team}</a></td><td class="num">{penalised.vp:.2f}</td>' in page
    assert '<td class="num">−1.50</td>' in page


def _library_standings(scored: TeamsResult, opponents: dict[str, list[str]]) -> list[Standing]:
    return [
        Standing(s.team, s.vp, int(s.place.rstrip("=")), tuple(opponents[s.team]))
        for s in scored.standings
    ]


def test_a_swiss_drawn_for_two_rounds_from_the_librarys_standings(club: Club, td: Client) -> None:
    session = matches.create_teams_session(
        club, "Swiss teams", TEAMS, 4, schedule=Session.Schedule.SWISS, rounds=2
    )
    (first,) = matches.draws_of(session)
    assert [(p.higher, p.lower) for p in first.pairings] == [("Aces", "Kings"), ("Queens", "Jacks")]
    assert len(session_movement.movement_of(session).rounds) == 1
    draw_page = f"/director/s/{session.pk}/draw/"
    room = Room(session)
    device, link = room.phone(1)
    send_entry(device, link.token, round=1, board=1, contract="4S", declarer="N", result="=",
          confirm="1")  # fmt: skip
    early = td.get(draw_page).content.decode()
    assert "round 1 is not complete: 15 results still to come" in early
    assert "Confirm the draw" not in early
    Entry.objects.filter(session=session).delete()  # start round 1 again through the rooms
    room.play_round(1)
    opponents = {"Aces": ["Kings"], "Kings": ["Aces"], "Queens": ["Jacks"], "Jacks": ["Queens"]}
    expected = swiss_round(_library_standings(room.library(), opponents), SwissRules(), 2)
    assert matches.next_draw(session) == expected
    met = {frozenset(("Aces", "Kings")), frozenset(("Queens", "Jacks"))}
    assert not {frozenset((p.higher, p.lower)) for p in expected.pairings} & met
    shown = td.get(draw_page).content.decode()
    for pairing in expected.pairings:
        assert pairing.why.replace("'", "&#x27;") in shown
    assert td.post(draw_page, {"key": "not-the-one-shown"}).status_code == 409  # shown again
    assert SwissDraw.objects.filter(session=session).count() == 1
    confirmed = td.post(draw_page, {"key": matches.draw_key(expected)})
    assert confirmed.status_code == 302
    session.refresh_from_db()
    movement = session_movement.movement_of(session)
    assert len(movement.rounds) == 2
    second = movement.rounds[1].tables
    assert [(t.ns, t.ew) for t in second] == [
        (p.higher, p.lower) if room_ == 0 else (p.lower, p.higher)
        for p in expected.pairings
        for room_ in (0, 1)
    ]
    assert {b for t in second for b in t.boards} == {5, 6, 7, 8}
    assert TableLink.objects.filter(session=session).count() == 4  # the same room tables
    control = td.get(f"/director/s/{session.pk}/").content.decode()
    assert expected.pairings[0].why.replace("'", "&#x27;") in control
    page = device.get(f"/t/{link.token}/").content.decode()
    assert "Table 1a · round 2 of 2" in page
    assert f"NS {expected.pairings[0].higher}</b>" in page
    room.play_round(2)
    assert "all 2 rounds are drawn" in td.get(draw_page).content.decode()
    result = matches.teams_result(session)
    assert result is not None
    assert result.standings == room.library().standings


def test_a_swiss_with_an_odd_number_of_teams_gives_the_bye_to_the_lowest(club: Club) -> None:
    teams = [*TEAMS, "Tens"]
    session = matches.create_teams_session(
        club, "Odd Swiss", teams, 2, schedule=Session.Schedule.SWISS, rounds=3
    )
    (first,) = matches.draws_of(session)
    assert first.bye == "Tens"
    assert session_movement.movement_of(session).rounds[0].sit_outs == ("Tens",)
    room = Room(session)
    room.play_round(1)
    drawn_from = matches.swiss_standings(session)
    tens = next(s for s in drawn_from if s.entrant == "Tens")
    assert (tens.score, tens.opponents, tens.had_bye) == (12.0, (None,), True)  # the bye
    draw = matches.next_draw(session)
    assert draw.bye is not None
    assert draw.bye != "Tens"
    assert draw.bye_why


def test_the_director_sets_up_a_teams_session_with_names_from_the_roster(
    club: Club, td: Client
) -> None:
    smith = Player.objects.create(club=club, name="Sam Smith")
    form = td.get("/director/new/teams/", {"teams": "3"}).content.decode()
    assert 'name="team-3"' in form
    assert "Sam Smith" in form
    data = {"club": club.pk, "teams": "3", "name": "Winter teams", "schedule": "robin",
            "boards": "6", "team-1": "Aces", "player-2": str(smith.pk),
            "team-3": "Kings"}  # fmt: skip
    response = td.post("/director/new/teams/", data)
    assert response.status_code == 302
    session = Session.objects.get(name="Winter teams")
    assert (session.kind, session.schedule) == (Session.Kind.TEAMS, Session.Schedule.ROBIN)
    assert matches.team_names(session) == ("Aces", "Sam Smith", "Kings")
    assert matches.round_robin_of(session) == round_robin(["Aces", "Sam Smith", "Kings"], 6)
    names = dict(session.pairs.values_list("pair", "names"))
    assert names == {"Aces": "", "Sam Smith": "Sam Smith", "Kings": ""}
    twice = {**data, "name": "Again", "team-3": "aces"}
    refused = td.post("/director/new/teams/", twice).content.decode()
    assert "&#x27;aces&#x27; is named twice (teams 1 and 3)" in refused
    swiss = {**data, "name": "Too long", "schedule": "swiss", "rounds": "4"}
    assert (
        "3 teams play 1 to 3 Swiss rounds without meeting twice, not 4"
        in td.post("/director/new/teams/", swiss).content.decode()
    )
    late = {**swiss, "rematches": "late"}
    assert "give the rounds between two meetings as a whole number" in (
        td.post("/director/new/teams/", late).content.decode()
    )
    bad = {**swiss, "rematches": "whenever"}
    assert "&#x27;whenever&#x27;: rematches are never, twice, late, danish" in (
        td.post("/director/new/teams/", bad).content.decode()
    )
    allowed = {**swiss, "name": "Long Swiss", "rematches": "late", "late_after": "2",
               "bye_rule": "higher", "bye_vp": "10"}  # fmt: skip
    assert td.post("/director/new/teams/", allowed).status_code == 302
    long_swiss = Session.objects.get(name="Long Swiss")
    plan = matches.SwissPlan.from_json(long_swiss.schedule_json)
    assert (plan.rounds, plan.rules) == (4, SwissRules(Rematches.LATE, 2))
    assert matches.bye_award(long_swiss) == ByeAward(10, ByeRule.HIGHER)


def test_a_swiss_allowing_a_second_meeting_draws_by_that_rule(club: Club) -> None:
    rules = matches.swiss_rules("twice")
    session = matches.create_teams_session(
        club, "Long Swiss", TEAMS, 2, schedule=Session.Schedule.SWISS, rounds=5, rules=rules
    )
    room = Room(session)
    for number in range(1, 5):
        room.play_round(number)
        draw = matches.next_draw(session)
        # the library's draw from the same standings under the same rule
        assert draw == swiss_round(matches.swiss_standings(session), rules, number + 1, unit="VP")
        matches.confirm_draw(session, draw)
    met: dict[frozenset[str], int] = {}
    for drawn in matches.draws_of(session):
        for p in drawn.pairings:
            key = frozenset((p.higher, p.lower))
            met[key] = met.get(key, 0) + 1
    assert max(met.values()) == 2  # 4 teams, 5 rounds: some meet again, none a third time


def test_another_clubs_director_gets_404_on_a_teams_sessions_pages(
    club: Club, other_director: User
) -> None:
    session = matches.create_teams_session(
        club, "Swiss teams", TEAMS, 4, schedule=Session.Schedule.SWISS, rounds=2
    )
    s = f"/director/s/{session.pk}"
    client = Client()
    client.force_login(other_director)
    for path in (f"{s}/", f"{s}/grid/", f"{s}/draw/", f"{s}/cell/1/2/", f"{s}/export.csv"):
        assert client.get(path).status_code == 404, path
    assert client.post(f"{s}/draw/", {"key": "x"}).status_code == 404
    assert SwissDraw.objects.filter(session=session).count() == 1
    page = client.get("/director/new/teams/", {"teams": "2"}).content.decode()
    assert "Riverside" not in page


def test_the_exports_and_cards_of_a_teams_session(club: Club, td: Client) -> None:
    session = _robin(club, TEAMS)
    room = Room(session)
    room.play_round(1)
    exported = td.get(f"/director/s/{session.pk}/export.csv").content.decode()
    assert "# kind: teams" in exported
    again = score_event(Event(loads_csv(exported), kind=EventKind.TEAMS))
    assert isinstance(again, TeamsResult)
    assert again.standings == room.library().standings
    cards = td.get(f"/director/s/{session.pk}/cards/").content.decode()
    for link in TableLink.objects.filter(session=session):
        assert f"/t/{link.token}/" in cards
        assert f"<title>Room {naming.room_label(link.table)}'s link</title>" in cards
    assert '<h2 class="pagetitle">Room 2b</h2>' in cards
    for team in TEAMS:
        assert f'<h2 class="pagetitle">Team {team}</h2>' in cards
    cell = td.get(f"/director/s/{session.pk}/cell/1/2/").content.decode()
    assert "Round 1, table 1b (Match 1, closed room): " in cell


def test_a_rooms_table_sees_a_board_once_both_rooms_have_played_it(club: Club) -> None:
    session = _robin(club, TEAMS)
    room = Room(session)
    device, link = room.phone(1)
    send_entry(device, link.token, round=1, board=1, contract="4S", declarer="N", result="=",
          confirm="1")  # fmt: skip
    board = f"/r/{session.public_id}/board-1.html"
    assert device.get(board).status_code == 403  # the closed room has still to play it
    other, other_link = room.phone(2)
    send_entry(other, other_link.token, round=1, board=1, contract="3NT", declarer="S", result="=",
          confirm="1")  # fmt: skip
    page = device.get(board)
    assert page.status_code == 200
    assert "+400" in page.content.decode()
    assert "+420" in page.content.decode()


def test_a_team_leaves_a_swiss_and_a_late_team_joins_it(club: Club, td: Client) -> None:
    session = matches.create_teams_session(
        club, "Changing Swiss", TEAMS, 2, schedule=Session.Schedule.SWISS, rounds=3
    )
    room = Room(session)
    room.play_round(1)
    page = f"/director/s/{session.pk}/change/"
    shown = td.get(page, {"kind": "withdraw", "team": "Jacks", "round": "2"}).content.decode()
    assert "Jacks withdraws from round 2" in shown
    assert "3 teams are drawn from then on (one team has the bye each round)" in shown
    early = td.get(page, {"kind": "withdraw", "team": "Jacks", "round": "1"}).content.decode()
    assert "round 1 is drawn: a team can leave or join from round 2 to 3, not 1" in early
    change = matches.team_change(session, "withdraw", "Jacks", 2)
    applied = td.post(page, {"kind": "withdraw", "team": "Jacks", "round": "2",
                             "key": change.key, "reason": "called away", "apply": "1"})  # fmt: skip
    assert applied.status_code == 302
    session.refresh_from_db()
    draw = matches.next_draw(session)
    drawn = {p.higher for p in draw.pairings} | {p.lower for p in draw.pairings}
    assert "Jacks" not in drawn
    assert draw.bye is not None
    assert len(drawn) == 2
    result = matches.teams_result(session)
    assert result is not None
    assert "Jacks" in {s.team for s in result.standings}  # its match played stands
    assert LogLine.objects.filter(session=session, what="team withdrawn").exists()

    matches.confirm_draw(session, draw)
    room.play_round(2)
    late = matches.team_change(session, "join", "Tens", 3, "Ten Tors & Tim Tam")
    assert str(late.effect[0]) == "Tens joins from round 3: 4 teams are drawn from then on (no bye)"
    matches.apply_team_change(session, late, "arrived late", None)
    third = matches.next_draw(session)
    assert "Tens" in {p.higher for p in third.pairings} | {p.lower for p in third.pairings}
    assert third.bye is None
    names = dict(session.pairs.values_list("pair", "names"))
    assert names["Tens"] == "Ten Tors & Tim Tam"
    # the draw page: Tens came in round 3 (no opponent, no bye before); round 2's bye
    rows = re.findall(r"<tr><td>[0-9=]+</td><td>(\w+)</td><td>[0-9.]+</td><td>([^<]*)</td>",
                      td.get(f"/director/s/{session.pk}/draw/").content.decode())  # fmt: skip
    met = dict(rows)
    assert met["Tens"] == "—, —"
    assert draw.bye is not None
    assert met[draw.bye].endswith(", bye")
    with pytest.raises(refusals.EntryError, match=r"^'aces' is already the name of team Aces$"):
        matches.team_change(session, "join", "aces", 3)


def test_a_round_robin_takes_no_team_change(club: Club) -> None:
    session = _robin(club, TEAMS)
    with pytest.raises(refusals.EntryError, match="a round robin's schedule is fixed"):
        matches.team_change(session, "withdraw", "Aces", 2)


def test_a_swiss_room_and_its_cards_count_the_rounds_planned(club: Club, td: Client) -> None:
    session = matches.create_teams_session(
        club, "Swiss teams", TEAMS, 4, schedule=Session.Schedule.SWISS, rounds=3
    )
    assert len(session_movement.movement_of(session).rounds) == 1  # only round 1 is drawn yet
    device, link = Room(session).phone(1)
    page = device.get(f"/t/{link.token}/").content.decode()
    assert "Table 1a · round 1 of 3" in page
    assert device.get(f"/t/{link.token}/plan.json").json()["planned"] == 3
    cards = td.get(f"/director/s/{session.pk}/cards/").content.decode()
    assert "Swiss · 4 teams · 1 of 3 rounds drawn" in cards
    assert "round robin" not in cards


def test_a_teams_results_page_asked_again_with_nothing_new_is_not_scored_again(
    club: Club, td: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a congress's phones ask the ranking every 15 s: with nothing new it is the page
    # drawn before; a result, a penalty, a team leaving each draw it again
    session = matches.create_teams_session(
        club, "Swiss again", TEAMS, 2, schedule=Session.Schedule.SWISS, rounds=3
    )
    room = Room(session)
    room.play_round(1)
    url = f"/r/{session.public_id}/"
    first = td.get(url).content.decode()
    scored: list[str] = []
    real = matches.teams_report

    def counted(*args: Any, **kwargs: Any) -> Any:
        scored.append("x")
        return real(*args, **kwargs)

    monkeypatch.setattr(matches, "teams_report", counted)
    again = td.get(url).content.decode()
    assert scored == []  # served as drawn
    assert again.split("<main>", 1)[1] == first.split("<main>", 1)[1]
    before = matches.teams_result(session)
    assert before is not None
    top = before.standings[0]
    standings.add_penalty(session, top.team, "1.5", "vp", "slow play")
    assert '<td class="num">−1.50</td>' in td.get(url).content.decode()
    assert scored == ["x"]
    td.get(url)
    assert scored == ["x"]
    change = matches.team_change(session, "withdraw", "Jacks", 2)
    matches.apply_team_change(session, change, "called away", None)
    td.get(url)
    assert scored == ["x", "x"]  # the plan changed (its teams): scored again
    matches.confirm_draw(session, matches.next_draw(session))
    room.play_round(2)
    after = td.get(url).content.decode()
    assert scored == ["x", "x", "x"]
    assert "<h2>Byes</h2>" not in first
    assert "<h2>Byes</h2>" in after  # round 2's bye (three teams left) in the ranking
