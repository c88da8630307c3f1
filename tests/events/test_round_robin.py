"""Team round robins are proved sound for every size; bad ones give exactly their problems;
the two-room passing puts every board once in each room, never in both at once."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.errors import BridgeError
from bridgescore.events.movements.model import MovementError
from bridgescore.events.movements.teams import (
    Match,
    RobinRound,
    RoundRobin,
    Segment,
    TwoRoom,
    round_robin,
    two_room,
)
from bridgescore.i18n import words


@pytest.mark.parametrize("teams", range(2, 31))
def test_every_round_robin_is_sound(teams: int) -> None:
    robin = round_robin(teams, 3)
    assert robin.problems() == []
    odd = teams % 2 == 1
    assert len(robin.rounds) == (teams if odd else teams - 1)
    met = {frozenset((m.home, m.away)) for r in robin.rounds for m in r.matches}
    assert len(met) == teams * (teams - 1) // 2
    byes = [r.bye for r in robin.rounds]
    if odd:
        assert sorted(byes, key=lambda t: int(t or 0)) == [str(n) for n in range(1, teams + 1)]
    else:
        assert byes == [None] * (teams - 1)
    # Home and away as balanced as the number of matches allows.
    for home, away in robin.home_away().values():
        assert home + away == teams - 1
        assert abs(home - away) == (0 if odd else 1)


def test_round_robin_of_five_named_teams() -> None:
    robin = round_robin(["Ash", "Birch", "Cedar", "Elm", "Fir"], 4)
    first = robin.rounds[0]
    assert first.bye == "Ash"
    assert [(m.home, m.away) for m in first.matches] == [("Birch", "Fir"), ("Elm", "Cedar")]
    assert first.matches[0].boards == (1, 2, 3, 4)
    assert robin.rounds[4].matches[0].boards == (17, 18, 19, 20)
    assert robin.home_away()["Ash"] == (2, 2)


@given(st.integers(2, 40), st.integers(1, 8))
def test_round_robin_round_trips_through_json(teams: int, boards: int) -> None:
    robin = round_robin(teams, boards)
    assert RoundRobin.from_json(robin.to_json()) == robin
    assert RoundRobin.from_dict(robin.to_dict()) == robin


def test_bad_round_robin_gives_each_problem_located() -> None:
    b = (1, 2)
    robin = RoundRobin(
        teams=("A", "B", "C", "D"),
        rounds=(
            RobinRound(matches=(Match("A", "B", b), Match("A", "C", (3, 4)))),
            RobinRound(matches=(Match("A", "B", (5, 6)), Match("C", "X", (3, 4))), bye="C"),
        ),
    )
    codes = [(p.code, p.round, p.table) for p in robin.problems()]
    assert codes == [
        ("team-twice", 1, 2),
        ("team-missing", 1, None),
        ("meet-twice", 2, 1),
        ("board-twice", 2, 2),
        ("unknown-team", 2, 2),
        ("team-twice", 2, 2),
        ("team-missing", 2, None),
        ("missing-meeting", None, None),
        ("missing-meeting", None, None),
        ("missing-meeting", None, None),
        ("missing-meeting", None, None),
        ("home-away", None, None),
        ("home-away", None, None),
    ]
    messages = [str(p) for p in robin.problems()]
    assert "round 1, table 2: team A is in two places: match 1, match 2" in messages
    assert "round 2, table 2: team C plays board 3 again (first in round 1)" in messages
    assert "round 2, table 1: teams A and B meet again (first in round 1, match 1)" in messages
    assert "teams B and D never meet" in messages
    assert "team A is at home 3 times and away 0 times" in messages


def test_bye_twice_is_a_problem() -> None:
    robin = round_robin(3, 1)
    again = RobinRound(matches=(), bye=robin.rounds[0].bye)
    bad = RoundRobin(teams=robin.teams, rounds=(*robin.rounds, again))
    assert [p.code for p in bad.problems()] == ["bye-twice", "team-missing", "team-missing"]


@pytest.mark.parametrize(
    ("teams", "message"),
    [
        (1, "teams must be a whole number from 2, got 1"),
        (["A"], "a round robin needs at least 2 teams, got 1"),
        (["A", "B", "A"], "teams: team A is listed twice"),
        (["A", ""], "teams: team id must be non-empty text, got ''"),
        ("AB", "teams must be a count or a list of team ids, got 'AB'"),
    ],
)
def test_bad_round_robin_arguments(teams: object, message: str) -> None:
    with pytest.raises(MovementError) as caught:
        round_robin(teams, 2)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert isinstance(caught.value, BridgeError)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a round robin must be a JSON object, got []"),
        ({"teams": "AB", "rounds": []}, "field 'teams': expected a list of team ids, got 'AB'"),
        (
            {"teams": ["A", "B"], "rounds": [{"matches": [{"home": "A", "away": 2}]}]},
            "round 1, match 1, field 'boards': expected a list, got None",
        ),
        (
            {
                "teams": ["A", "B"],
                "rounds": [{"matches": [{"home": "A", "away": 2, "boards": [1]}]}],
            },
            "round 1, match 1, field 'away': team id must be non-empty text, got 2",
        ),
        (
            {
                "teams": ["A", "B"],
                "rounds": [{"matches": [{"home": "A", "away": "A", "boards": [1]}]}],
            },
            "round 1, match 1: team A cannot play itself",
        ),
        (
            {
                "teams": ["A", "B"],
                "rounds": [{"matches": [{"home": "A", "away": "B", "boards": [0]}]}],
            },
            "round 1, match 1, field 'boards': board number must be a whole number from 1, got 0",
        ),
    ],
)
def test_bad_json_names_round_and_field(data: object, message: str) -> None:
    with pytest.raises(MovementError) as caught:
        RoundRobin.from_dict(data)
    assert str(caught.value) == message


def test_two_room_passing_of_24_boards_in_two_stanzas() -> None:
    passing = two_room(Match("Home", "Away", tuple(range(1, 25))), 2)
    assert passing.open_ns == passing.closed_ew == "Home"
    assert passing.open_ew == passing.closed_ns == "Away"
    assert [(s.stanza, s.part, s.open_room, s.closed_room) for s in passing.segments] == [
        (1, 1, tuple(range(1, 7)), tuple(range(7, 13))),
        (1, 2, tuple(range(7, 13)), tuple(range(1, 7))),
        (2, 1, tuple(range(13, 19)), tuple(range(19, 25))),
        (2, 2, tuple(range(19, 25)), tuple(range(13, 19))),
    ]
    assert [str(line) for line in passing.passing()[:2]] == [
        "stanza 1, part 1: open room boards 1-6, closed room boards 7-12",
        "stanza 1: the rooms exchange their boards",
    ]
    assert passing.problems() == []


def test_two_room_passing_reads_in_finnish_and_spanish() -> None:
    passing = two_room(Match("Home", "Away", tuple(range(1, 25))), 2)
    first, exchange = passing.passing()[:2]
    assert first.render(words("fi").gettext) == (
        "jakso 1, osa 1: avoin huone brikat 1-6, suljettu huone brikat 7-12"
    )
    assert exchange.render(words("fi").gettext) == "jakso 1: huoneet vaihtavat brikat keskenään"
    assert first.render(words("es").gettext) == (
        "segmento 1, parte 1: sala abierta estuches 1-6, sala cerrada estuches 7-12"
    )
    duplicated = two_room(Match("A", "B", tuple(range(1, 9))), 2, duplicated=True)
    assert duplicated.passing()[0].render(words("es").gettext) == (
        "segmento 1: las dos salas juegan estuches 1-4 (un juego de estuches en cada sala)"
    )


def test_two_room_with_duplicated_boards() -> None:
    passing = two_room(Match("A", "B", tuple(range(1, 9))), 2, duplicated=True)
    assert [(s.open_room, s.closed_room) for s in passing.segments] == [
        ((1, 2, 3, 4), (1, 2, 3, 4)),
        ((5, 6, 7, 8), (5, 6, 7, 8)),
    ]
    assert passing.problems() == []


@given(st.integers(2, 60), st.integers(1, 8), st.booleans())
def test_two_room_plays_every_board_once_in_each_room(boards: int, stanzas: int, dup: bool) -> None:
    match = Match("A", "B", tuple(range(1, boards + 1)))
    if stanzas * (1 if dup else 2) > boards:
        with pytest.raises(MovementError):
            two_room(match, stanzas, duplicated=dup)
        return
    passing = two_room(match, stanzas, duplicated=dup)
    assert passing.problems() == []
    sizes = [len(s.open_room) for s in passing.segments if s.part == 1]
    assert len(sizes) == stanzas


def test_two_room_problems_found() -> None:
    match = Match("A", "B", (1, 2, 3, 4))
    bad = TwoRoom(
        match=match,
        segments=(Segment(1, 1, (1, 2), (2, 3)), Segment(1, 2, (3, 4), (1, 3))),
    )
    assert [str(p) for p in bad.problems()] == [
        "the closed room plays boards 1, 2, 3, 3, not the match's boards 1-4 once each",
        "stanza 1, part 1: board 2 in both rooms at once",
        "stanza 1, part 2: board 3 in both rooms at once",
    ]
    assert [p.code for p in bad.problems()] == [
        "room-boards",
        "board-in-both-rooms",
        "board-in-both-rooms",
    ]
    with pytest.raises(MovementError, match="4 boards cannot fill 3 stanzas of at least 2"):
        two_room(match, 3)


def test_match_rejects_a_team_playing_itself() -> None:
    with pytest.raises(MovementError, match="team A cannot play itself"):
        Match("A", "A", (1,))
    with pytest.raises(MovementError, match="board 2 is listed twice"):
        Match("A", "B", (1, 2, 2))
