"""The evening's totals per player, rubbers and Chicagos together.

The figures are the seeds': "Puntuación de puente"'s six-deal rubber (NS 770, EW 1640: EW
ahead by 870, ``/work/shared/seeds/001_c3ab71ce81d502ab.txt``) and the first Chicago of
"Bridgen pistelasku"'s worked examples (NS 70 + 150, EW 600 + 1160: EW ahead by 1540,
``/work/shared/seeds/000_10e1ad72fd91f756.txt``), as ``tests/web/test_pad.py`` holds them.
"""

from __future__ import annotations

import datetime

import pytest

from bridgescore.core.seats import Seat
from bridgescore.errors import SheetError
from bridgescore.sheets import ChicagoSheet, RubberSession
from bridgescore.sheets.evening import Evening, EveningGame, PlayerEvening, evening

SPANISH_RUBBER = ["2NT N 9", "4H W 10", "5C W 9", "4SX S 11", "3C N 10", "6D E 12 honours EW 150"]
FINNISH_CHICAGO = ["1C N 7", "1NT S 9", "3NT E 9", "2CXX W 9"]
TONIGHT = datetime.date(2026, 12, 3)


def seats(north: str, east: str, south: str, west: str) -> dict[Seat, str]:
    return {Seat.NORTH: north, Seat.EAST: east, Seat.SOUTH: south, Seat.WEST: west}


def test_a_rubber_and_a_chicago_the_same_evening_both_count() -> None:
    rubber = RubberSession.from_deals(SPANISH_RUBBER)
    chicago = ChicagoSheet.from_deals(FINNISH_CHICAGO)
    # Nora is North at the rubber (EW win by 870) and East at the Chicago (EW by 1540)
    night = evening(
        [
            EveningGame(rubber, seats("Nora", "Eero", "Sofía", "Wilma"), TONIGHT),
            EveningGame(chicago, seats("Sofía", "Nora", "Eero", "Wilma"), TONIGHT),
        ]
    )
    assert night.games == 2
    assert night.day == TONIGHT
    assert night.players == (
        PlayerEvening("Nora", 2, -870 + 1540),
        PlayerEvening("Eero", 2, 870 - 1540),
        PlayerEvening("Sofía", 2, -870 - 1540),
        PlayerEvening("Wilma", 2, 870 + 1540),
    )
    # what the players win and lose adds up to nothing
    assert sum(p.net for p in night.players) == 0


def test_each_rubber_and_each_chicago_is_a_game() -> None:
    # the text's rubber, then a second one begun (1H by N one down: EW 50)
    rubbers = RubberSession.from_deals([*SPANISH_RUBBER, "1H N 6"])
    chicagos = ChicagoSheet.from_deals([*FINNISH_CHICAGO, "1C E 7"])  # a second Chicago begun
    night = evening(
        [
            EveningGame(rubbers, seats("Ana", "Eero", "Sofía", "Wilma"), TONIGHT),
            EveningGame(chicagos, seats("Ana", "Eero", "Sofía", "Wilma"), TONIGHT),
        ]
    )
    assert night.games == 4
    # EW: 870 and 50 in the rubbers, 1540 and 70 in the Chicagos
    assert night.player("wilma") == PlayerEvening("Wilma", 4, 870 + 50 + 1540 + 70)
    assert night.player("Ana").net == -(870 + 50 + 1540 + 70)


def test_only_the_latest_days_games_are_the_evening() -> None:
    yesterday = TONIGHT - datetime.timedelta(days=1)
    four = seats("A", "B", "C", "D")
    night = evening(
        [
            EveningGame(RubberSession.from_deals(SPANISH_RUBBER), four, yesterday),
            EveningGame(ChicagoSheet.from_deals(FINNISH_CHICAGO), four, TONIGHT),
        ]
    )
    assert (night.day, night.games) == (TONIGHT, 1)
    assert night.player("B").net == 1540


def test_a_name_is_one_player_however_it_is_spaced_or_capitalised() -> None:
    chicago = ChicagoSheet.from_deals(FINNISH_CHICAGO)
    night = evening(
        [
            EveningGame(chicago, seats("Nora", "Eero", "Sofía", "Wilma"), TONIGHT),
            EveningGame(chicago, seats(" nora ", "Eero", "Sofía", "Wilma"), TONIGHT),
        ]
    )
    assert [p.name for p in night.players] == ["Nora", "Eero", "Sofía", "Wilma"]
    assert night.player("NORA") == PlayerEvening("Nora", 2, -1540 * 2)


def test_an_evening_without_games_and_games_without_deals() -> None:
    assert evening([]) == Evening(None, 0)
    empty = evening([EveningGame(RubberSession(), seats("A", "B", "C", "D"), TONIGHT)])
    assert empty.games == 0
    assert empty.player("A") == PlayerEvening("A", 0, 0)
    assert empty.as_dict() == {
        "day": "2026-12-03",
        "games": 0,
        "players": [{"name": n, "games": 0, "net": 0} for n in "ABCD"],
    }


def test_every_seat_needs_a_name() -> None:
    with pytest.raises(SheetError, match="players: no name for E, W"):
        EveningGame(RubberSession(), {Seat.NORTH: "A", Seat.SOUTH: "C", Seat.WEST: " "}, TONIGHT)
    with pytest.raises(SheetError, match="did not play this evening"):
        evening([EveningGame(RubberSession(), seats("A", "B", "C", "D"), TONIGHT)]).player("Z")
