"""Results tied to their movement: placed by round and table, or by pairs; misfits located;
missing results listed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.events.movements import howell, mitchell
from bridgescore.events.movements.fit import (
    missing_results,
    place_result,
    seatings,
    team_seatings,
)
from bridgescore.events.movements.teams import Match, RobinRound, RoundRobin
from bridgescore.io import results
from bridgescore.io.events import load_event
from bridgescore.io.results import ResultsFileError

MITCHELL = mitchell(3, 2)  # 3 rounds; round 1: table t plays set t, EW t; EW up, boards down


def _csv_by_table(movement_rows: list[tuple[int, int, int, str]]) -> str:
    lines = ["round,table,board,contract,declarer,result"]
    lines += [f"{r},{t},{b},{c},N,=" for r, t, b, c in movement_rows]
    return "\n".join(lines) + "\n"


def test_a_result_naming_round_and_table_gets_its_pairs() -> None:
    text = _csv_by_table([(1, 1, 1, "3NT"), (1, 2, 3, "4S"), (2, 1, 3, "2H")])
    read = results.loads_csv(text, movement=MITCHELL)
    got = [(r.board, r.ns, r.ew, r.round, r.table, r.ns_score) for r in read.rows]
    seat_1_2 = MITCHELL.rounds[1].tables[0]
    assert got == [
        (1, "1NS", "1EW", 1, "1", 400),
        (3, "2NS", "2EW", 1, "2", 420),
        (3, "1NS", seat_1_2.ew, 2, "1", 110),
    ]
    assert seat_1_2.boards == (3, 4)


@pytest.mark.parametrize(
    ("row", "says"),
    [
        ((4, 1, 1, "3NT"), "the movement has no round 4 (it has 3)"),
        ((1, 9, 1, "3NT"), "the movement has no table 9 in round 1"),
        ((1, 1, 5, "3NT"), "board 5 is not played at table 1 in round 1 (it plays boards 1-2)"),
    ],
)
def test_a_result_the_movement_does_not_have_is_a_located_error(
    row: tuple[int, int, int, str], says: str
) -> None:
    text = _csv_by_table([(1, 1, 1, "3NT"), row])
    with pytest.raises(ResultsFileError) as caught:
        results.loads_csv(text, source="club.csv", movement=MITCHELL)
    assert [str(p) for p in caught.value.problems] == [
        f"club.csv, line 3, board {row[2]}: error: does not fit the movement: {says}"
    ]


def test_pairs_that_disagree_with_the_movement_are_an_error() -> None:
    text = "round,table,board,ns,ew,contract,declarer,result\n1,1,1,1NS,2EW,3NT,N,=\n"
    with pytest.raises(ResultsFileError, match="EW at table 1 in round 1 is pair 1EW in the"
                       " movement, not 2EW"):  # fmt: skip
        results.loads_csv(text, movement=MITCHELL)


def test_bare_pair_numbers_of_a_mitchell_are_read_as_its_lines() -> None:
    text = "board,ns,ew,contract,declarer,result\n1,1,1,3NT,N,=\n"
    read = results.loads_csv(text, movement=MITCHELL)
    assert (read.rows[0].ns, read.rows[0].ew, read.rows[0].round) == ("1NS", "1EW", 1)


def test_a_pair_result_for_a_board_the_pairs_do_not_play_is_an_error() -> None:
    text = "board,ns,ew,contract,declarer,result\n1,1NS,2EW,3NT,N,=\n"
    says = r"pairs 1NS \(NS\) and 2EW \(EW\) do not play board 1"
    with pytest.raises(ResultsFileError, match=says):
        results.loads_csv(text, movement=MITCHELL)


def test_without_a_movement_round_and_table_alone_are_not_enough() -> None:
    with pytest.raises(ResultsFileError, match="header lacks ns, ew"):
        results.loads_csv(_csv_by_table([(1, 1, 1, "3NT")]))


def test_missing_results_are_listed_round_table_board() -> None:
    movement = howell(3, 1)
    every = seatings(movement)
    assert len(every) == 5 * 3  # 5 rounds x 3 tables x 1 board
    played = [(s.board, s.ns, s.ew) for s in every if (s.round, s.table) != (2, 3)]
    missing = missing_results(movement, played)
    assert [(s.round, s.table) for s in missing] == [(2, 3)]
    assert str(missing[0]).startswith("round 2, table 3: ")


def test_place_result_by_pairs_finds_round_and_table() -> None:
    for seating in seatings(MITCHELL):
        placed = place_result(MITCHELL, seating.board, ns=seating.ns, ew=seating.ew)
        assert placed.seating == seating
        by_table = place_result(
            MITCHELL, seating.board, round_no=seating.round, table=seating.table
        )
        assert by_table.seating == seating


def test_an_event_file_is_checked_against_its_movement(tmp_path: Path) -> None:
    path = tmp_path / "session.csv"
    rows = [(s.round, s.table, s.board, "3NT") for s in seatings(MITCHELL)]
    path.write_text(_csv_by_table(rows[:-1]))
    event = load_event(path, movement=MITCHELL)
    played = [(r.board, r.ns, r.ew) for r in event.results.rows]
    assert missing_results(MITCHELL, played) == (seatings(MITCHELL)[-1],)


def test_a_usebio_file_that_does_not_fit_is_refused() -> None:
    path = Path(__file__).parents[1] / "io" / "data" / "usebio" / "mp_pairs_mitchell.xml"
    with pytest.raises(ResultsFileError, match="does not fit the movement"):
        load_event(path, movement=MITCHELL)


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _club_robin() -> RoundRobin:
    """The schedule examples/teams.json was played in (its rows name round and teams)."""
    rounds = (
        (("Aces", "Kings"), ("Jacks", "Queens")),
        (("Queens", "Aces"), ("Kings", "Jacks")),
        (("Aces", "Jacks"), ("Kings", "Queens")),
    )
    return RoundRobin(
        teams=("Aces", "Kings", "Queens", "Jacks"),
        rounds=tuple(
            RobinRound(
                tuple(
                    Match(home, away, tuple(range(4 * r + 1, 4 * r + 5))) for home, away in matches
                )
            )
            for r, matches in enumerate(rounds)
        ),
    )


def test_a_teams_event_fits_its_round_robin() -> None:
    robin = _club_robin()
    assert robin.problems() == []
    event = load_event(EXAMPLES / "teams.json", movement=robin)
    played = [(r.board, r.ns, r.ew) for r in event.results.rows]
    assert missing_results(robin, played) == ()
    assert len(team_seatings(robin)) == 48  # 6 matches x 4 boards x 2 rooms


def test_a_teams_result_outside_its_round_robin_is_refused(tmp_path: Path) -> None:
    data = json.loads((EXAMPLES / "teams.json").read_text())
    data["results"][0]["board"] = 9  # Aces v Kings do not play board 9 in round 1
    path = tmp_path / "teams.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ResultsFileError) as caught:
        load_event(path, movement=_club_robin())
    assert str(caught.value.problems[0]) == (
        f"{path}, result 1: error: does not fit the movement: teams Aces and Kings"
        " do not play board 9 in round 1 in the round robin"
    )


def test_missing_team_results_name_the_room() -> None:
    robin = _club_robin()
    event = load_event(EXAMPLES / "teams.json")
    played = [(r.board, r.ns, r.ew) for r in event.results.rows if r.table != "2b"]
    missing = missing_results(robin, played)
    assert {(s.round, s.ns, s.ew) for s in missing} == {
        (1, "Jacks", "Queens"),
        (2, "Jacks", "Kings"),
        (3, "Queens", "Kings"),
    }
    assert len(missing) == 12
