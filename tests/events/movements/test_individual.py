"""Individual movements: every size built is sound, mixes the players as its design says
(the figures of docs/individual-movements.md, written out here), round-trips through JSON,
and says where bad JSON is wrong; results are checked against the movement's seatings."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from bridgescore.core.vulnerability import Vulnerability
from bridgescore.events.individual import score_individual
from bridgescore.events.model import EventResults, ResultRow
from bridgescore.events.movements.individual import (
    WHIST_SIZES,
    IndividualMovement,
    IndividualRound,
    IndividualSeating,
    IndividualTable,
    Meeting,
    misfits,
    rainbow_individual,
    seating_of,
    seatings,
    whist_individual,
)
from bridgescore.events.movements.model import MovementError

WHIST: dict[int, tuple[int, int, int, bool, int, int, int, float, float]] = {
    # players: rounds, tables, boards (2 a round), shared, sides gap,
    #          compared least, most, score, quality
    4: (3, 1, 6, False, 2, 0, 0, 1.0, 100.0),
    5: (5, 1, 10, False, 0, 0, 0, 1.0, 100.0),
    8: (7, 2, 14, True, 2, 4, 4, 1.0, 100.0),
    9: (9, 2, 18, True, 0, 4, 4, 1.0, 100.0),
    12: (11, 3, 22, True, 2, 4, 12, 0.8333, 42.86),
    13: (13, 3, 26, False, 2, 8, 8, 1.0, 100.0),
    16: (15, 4, 40, False, 2, 2, 14, 0.7937, 44.28),
    17: (17, 4, 34, True, 0, 4, 16, 0.7917, 42.86),
    20: (19, 5, 38, True, 2, 12, 20, 0.9, 71.43),
    21: (21, 5, 42, True, 0, 10, 22, 0.825, 57.14),
    24: (23, 6, 46, True, 2, 12, 28, 0.8, 51.02),
    25: (25, 6, 50, True, 0, 14, 32, 0.7667, 44.91),
}
"""The docs' table of whist individuals (docs/individual-movements.md)."""

RAINBOW: dict[int, tuple[int, int, int, float, float]] = {
    # tables: players, boards (2 a round), compared least, most, quality
    5: (20, 10, 0, 10, 21.50),
    7: (28, 14, 0, 14, 22.45),
    11: (44, 22, 0, 22, 23.35),
    13: (52, 26, 0, 26, 23.59),
}


def test_every_size_is_stored() -> None:
    assert WHIST_SIZES == (4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25)


@pytest.mark.parametrize("players", sorted(WHIST))
def test_whist_individual_is_sound_and_balanced(players: int) -> None:
    movement = whist_individual(players)
    rounds, tables, boards, shared, gap, least, most, score, quality = WHIST[players]
    assert movement.problems() == []
    assert (len(movement.rounds), len(movement.tables), len(movement.boards)) == (
        rounds,
        tables,
        boards,
    )
    assert bool(movement.shared) is shared
    assert sorted(movement.players, key=int) == [str(n) for n in range(1, players + 1)]
    # every player plays every round, or (4n + 1 players) sits out exactly one
    for player in movement.players:
        out = sum(player in rnd.sit_outs for rnd in movement.rounds)
        assert out == (1 if players % 4 == 1 else 0)
    balance = movement.balance()
    # a whist tournament: every two players partners once and opponents twice
    for first, second in combinations(movement.players, 2):
        meeting = balance.get(first, second)
        assert (meeting.partners, meeting.opponents) == (1, 2)
    assert balance.perfect
    assert (balance.partners_least, balance.partners_most) == (1, 1)
    assert (balance.opponents_least, balance.opponents_most) == (2, 2)
    assert balance.sides_gap == gap
    assert balance.sides_even is (gap == 0)
    assert (balance.least, balance.most) == (least, most)
    assert balance.score == pytest.approx(score, abs=5e-5)
    assert balance.quality == pytest.approx(quality, abs=5e-3)


def test_the_five_player_individual_written_out() -> None:
    # base round: player 1 sits out, 2 and 5 partner 3 and 4; each round adds one
    movement = whist_individual(5)
    first, second = movement.rounds[0], movement.rounds[1]
    assert first == IndividualRound((IndividualTable(1, "2", "3", "5", "4", (1, 2)),), ("1",))
    assert second == IndividualRound((IndividualTable(1, "3", "4", "1", "5", (3, 4)),), ("2",))
    balance = movement.balance()
    # 2 has 3 on the left in round 1, on the right (3 sits West of 2) in round 4
    assert balance.get("2", "3") == Meeting(partners=1, opponents=2, on_left=1)


def test_sixteen_players_play_twenty_sets_three_times_each() -> None:
    movement = whist_individual(16, boards_per_round=1)
    plays = [sum(b in t.boards for r in movement.rounds for t in r.tables) for b in range(1, 21)]
    assert plays == [3] * 20
    for player in movement.players:
        played = {
            b for r in movement.rounds for t in r.tables if player in t.players for b in t.boards
        }
        assert len(played) == 15  # 75 % of the boards
    assert not movement.shared


def test_shared_sizes_play_one_set_a_round_at_every_table() -> None:
    movement = whist_individual(8, boards_per_round=4)
    for number, rnd in enumerate(movement.rounds):
        first = 4 * number + 1
        assert {t.boards for t in rnd.tables} == {tuple(range(first, first + 4))}
    assert movement.shared == frozenset(range(1, 29))


@pytest.mark.parametrize("tables", sorted(RAINBOW))
def test_rainbow_individual_meets_every_player_of_the_other_lines_once(tables: int) -> None:
    movement = rainbow_individual(tables)
    players, boards, least, most, quality = RAINBOW[tables]
    assert movement.problems() == []
    assert (len(movement.players), len(movement.boards), len(movement.rounds)) == (
        players,
        boards,
        tables,
    )
    balance = movement.balance()
    line = {str(n): (n - 1) // tables for n in range(1, players + 1)}  # N, E, S, W
    for first, second in combinations(movement.players, 2):
        meeting = balance.get(first, second)
        a, b = line[first], line[second]
        if a == b:
            assert (meeting.partners, meeting.opponents) == (0, 0)
        elif (a - b) % 2 == 0:  # North and South, East and West: partners
            assert (meeting.partners, meeting.opponents) == (1, 0)
        else:
            assert (meeting.partners, meeting.opponents) == (0, 1)
    assert not balance.perfect
    assert (balance.least, balance.most) == (least, most)
    assert balance.score == 0.0  # the lines never change direction
    assert balance.quality == pytest.approx(quality, abs=5e-3)


ROTATING: dict[int, tuple[int, int, int, float, float]] = {
    # tables: rounds (thirds), boards (3 a round), compared least, most, quality
    5: (15, 15, 4, 15, 21.33),
    7: (21, 21, 6, 21, 22.45),
    11: (33, 33, 10, 33, 23.34),
    13: (39, 39, 12, 39, 23.57),
}


@pytest.mark.parametrize("tables", sorted(ROTATING))
def test_rotating_rainbow_is_whist_between_the_lines(tables: int) -> None:
    movement = rainbow_individual(tables, 3, rotate=True)
    rounds, boards, least, most, quality = ROTATING[tables]
    assert movement.problems() == []
    assert (len(movement.rounds), len(movement.boards)) == (rounds, boards)
    balance = movement.balance()
    line = {str(n): (n - 1) // tables for n in range(1, 4 * tables + 1)}
    for first, second in combinations(movement.players, 2):
        meeting = balance.get(first, second)
        expected = (0, 0) if line[first] == line[second] else (1, 2)
        assert (meeting.partners, meeting.opponents) == expected
    assert (balance.least, balance.most) == (least, most)
    assert balance.score == 0.5
    assert balance.quality == pytest.approx(quality, abs=5e-3)


def test_rotating_rainbow_keeps_north_and_turns_the_others() -> None:
    first, second, third = (
        rnd.tables[0] for rnd in rainbow_individual(5, 3, rotate=True).rounds[:3]
    )
    assert first == IndividualTable(1, "1", "6", "11", "16", (1,))
    assert second == IndividualTable(1, "1", "16", "6", "11", (2,))
    assert third == IndividualTable(1, "1", "11", "16", "6", (3,))


def test_rainbow_moves_as_published() -> None:
    # round 2 at 5 tables: North 1 has moved up to table 2, East 7 down to table 1,
    # South 11 up two to table 3, West 16 down two to table 4 (5 + 1 - 2)
    movement = rainbow_individual(5)
    tables = {t.table: t for t in movement.rounds[1].tables}
    assert tables[2].north == "1"
    assert tables[1].east == "7"
    assert tables[3].south == "11"
    assert tables[4].west == "16"
    assert all(t.boards == tables[t.table].boards for t in movement.rounds[0].tables)


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: whist_individual(6), "players"),
        (lambda: whist_individual(3), "players"),
        (lambda: whist_individual(8, 0), "boards_per_round"),
        (lambda: rainbow_individual(9), "tables"),
        (lambda: rainbow_individual(4), "tables"),
        (lambda: rainbow_individual(6), "tables"),
        (lambda: rainbow_individual(5, 2, rotate=True), "boards_per_round"),
    ],
)
def test_sizes_not_built_are_refused_naming_the_argument(call: object, named: str) -> None:
    with pytest.raises(MovementError, match=named):
        call()  # type: ignore[operator]


def _table(table: int, players: str, boards: tuple[int, ...]) -> IndividualTable:
    north, east, south, west = players.split()
    return IndividualTable(table, north, east, south, west, boards)


def test_problems_are_all_found_at_once() -> None:
    movement = IndividualMovement(
        (
            IndividualRound((_table(1, "1 2 3 4", (1, 2)), _table(2, "5 6 7 1", (2, 3)))),
            IndividualRound((_table(1, "1 5 3 6", (1,)),), relay=(1,)),
        )
    )
    codes = [(p.code, p.round, p.table) for p in movement.problems()]
    assert codes == [
        ("player-twice", 1, 2),
        ("board-at-two-tables", 1, 2),
        ("board-twice", 1, 2),
        ("board-on-relay", 2, 1),
        ("board-twice", 2, 1),
        ("board-twice", 2, 1),
        ("partners-twice", 2, 1),
        ("unequal-sets", None, None),
        ("under-70-percent", None, None),  # players 2, 3, 4 and 7: 2 of the 3 boards
        ("under-70-percent", None, None),
        ("under-70-percent", None, None),
        ("under-70-percent", None, None),
    ]
    said = [str(p) for p in movement.problems()]
    assert (
        said[0] == "round 1, table 2: player 1 is in two places: North at table 1, West at table 2"
    )
    assert said[6] == (
        "round 2, table 1: players 1 and 3 are partners again (first in round 1 at table 1)"
    )
    assert said[4] == (
        "round 2, table 1: player 1 plays board 1 again (first in round 1 at table 1)"
    )
    assert said[-1] == "player 7 is scheduled for 2 of the 3 boards in use, fewer than 70 %"


def test_declarations_allow_what_they_declare() -> None:
    rounds = (
        IndividualRound((_table(1, "1 2 3 4", (1,)), _table(2, "5 6 7 8", (1,)))),
        IndividualRound((_table(1, "1 6 3 8", (2,)),), ("2", "4", "5", "7")),
    )
    codes = {p.code for p in IndividualMovement(rounds).problems()}
    assert codes == {"board-at-two-tables", "partners-twice", "unequal-sets", "under-70-percent"}
    allowed = IndividualMovement(
        rounds, shared=frozenset({1}), factored=True, partner_once=False
    ).problems()
    assert [p.code for p in allowed] == ["under-70-percent"] * 4
    assert not IndividualMovement(rounds).is_valid()


def test_a_table_listed_twice() -> None:
    movement = IndividualMovement(
        (IndividualRound((_table(1, "1 2 3 4", (1,)), _table(1, "5 6 7 8", (1,)))),),
        shared=frozenset({1}),
    )
    assert [(p.code, p.round, p.table) for p in movement.problems()] == [("table-twice", 1, 1)]


@pytest.mark.parametrize("players", sorted(WHIST))
def test_json_round_trip(players: int) -> None:
    movement = whist_individual(players, 3)
    assert IndividualMovement.from_json(movement.to_json()) == movement


def test_json_form_written_out() -> None:
    movement = IndividualMovement(
        (IndividualRound((_table(1, "1 2 3 4", (1, 2)),), sit_outs=("5",), relay=(3, 4)),),
        factored=True,
    )
    assert json.loads(movement.to_json()) == {
        "kind": "individual",
        "shared": [],
        "factored": True,
        "partner_once": True,
        "rounds": [
            [
                {
                    "table": 1,
                    "north": "1",
                    "east": "2",
                    "south": "3",
                    "west": "4",
                    "boards": [1, 2],
                },
                {"sit_out": "5"},
                {"relay": [3, 4]},
            ]
        ],
    }
    assert IndividualMovement.from_json(movement.to_json()) == movement


def _table_json(**changes: object) -> dict[str, object]:
    table: dict[str, object] = {
        "table": 1,
        "north": "1",
        "east": "2",
        "south": "3",
        "west": "4",
        "boards": [1],
    }
    table.update(changes)
    return {key: value for key, value in table.items() if value is not None}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("[", "not JSON"),
        ([], "an individual movement must be a JSON object"),
        ({"kind": "howell", "rounds": []}, "field 'kind': expected 'individual', got 'howell'"),
        ({"rounds": {}}, "field 'rounds': expected a list of rounds"),
        ({"rounds": [[], {}]}, "round 2: expected a list of tables"),
        ({"rounds": [[3]]}, "round 1: expected an object, got 3"),
        ({"rounds": [[_table_json(table=0)]]}, "round 1, field 'table': expected a table number"),
        (
            {"rounds": [[], [_table_json(table=2, west=None)]]},
            "round 2, table 2, field 'west': player id must be non-empty text, got None",
        ),
        (
            {"rounds": [[_table_json(north=" ")]]},
            "round 1, table 1, field 'north': player id must be non-empty text",
        ),
        (
            {"rounds": [[_table_json(boards=[])]]},
            "round 1, table 1, field 'boards': expected a non-empty list of board numbers",
        ),
        (
            {"rounds": [[_table_json(boards=[1, 0])]]},
            "round 1, table 1, field 'boards': board number must be a whole number from 1",
        ),
        ({"rounds": [[{"sit_out": 5}]]}, "round 1, field 'sit_out': player id"),
        ({"rounds": [[{"relay": 5}]]}, "round 1, field 'relay': expected a list of numbers"),
        ({"rounds": [], "shared": [True]}, "field 'shared': board number"),
        ({"rounds": [], "partner_once": "yes"}, "field 'partner_once': expected true or false"),
    ],
)
def test_bad_json_says_where(data: object, message: str) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(MovementError) as raised:
        IndividualMovement.from_json(text)
    assert message in str(raised.value)


def test_results_are_checked_against_the_seatings() -> None:
    movement = whist_individual(5)
    scheduled = seatings(movement)
    assert len(scheduled) == 10
    assert scheduled[0] == IndividualSeating(1, 1, ("2", "3", "5", "4"), 1)
    assert str(scheduled[0]) == "round 1, table 1: 2+5 v 3+4, board 1"
    assert seating_of(movement, ("3", "4", "1", "5"), 4) == IndividualSeating(
        2, 1, ("3", "4", "1", "5"), 4
    )
    # the right four players in the wrong seats, and a board they did not play
    assert seating_of(movement, ("3", "5", "1", "4"), 4) is None
    assert seating_of(movement, ("3", "4", "1", "5"), 1) is None
    rows = [(("2", "3", "5", "4"), 2), (("5", "3", "2", "4"), 2), (("2", "3", "5", "4"), 9)]
    assert [(at, str(why)) for at, why in misfits(movement, rows)] == [
        (1, "board 2: the movement does not seat 5, 3, 2, 4 (North, East, South, West)"),
        (2, "board 9: the movement does not seat 2, 3, 5, 4 (North, East, South, West)"),
    ]


def test_partnerships_are_the_pairs_the_results_name() -> None:
    pairs = whist_individual(5).partnerships()
    first = pairs.rounds[0].tables[0]
    assert (first.ns, first.ew, first.boards) == ("2+5", "3+4", (1, 2))
    assert pairs.rounds[0].sit_outs == ("1",)


def test_building_is_fast_enough_to_be_cached() -> None:
    # built once, then the same value: a second call is free (bench/ measures the first)
    assert whist_individual(20) is whist_individual(20)
    assert rainbow_individual(13) is rainbow_individual(13)


def test_an_individual_events_results_fit_its_movement_and_are_scored() -> None:
    movement = whist_individual(5, boards_per_round=1)
    rows = tuple(
        ResultRow(
            s.board,
            f"{s.players[0]}+{s.players[2]}",
            f"{s.players[1]}+{s.players[3]}",
            Vulnerability.NONE,
            ns_score=50 * s.round,
            players=s.players,
        )
        for s in seatings(movement)
    )
    assert misfits(movement, ((row.players or (), row.board) for row in rows)) == []
    result = score_individual(EventResults(rows))
    # one table: every board is a single result, so every player scores the average
    assert sorted(s.player for s in result.standings) == ["1", "2", "3", "4", "5"]
    assert {s.boards for s in result.standings} == {4}
