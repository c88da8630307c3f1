"""The solver against every real file of the test data that carries double-dummy figures
or a par: BridgeComposer, Bridgewebs, RealBridge, Magic Contest and Ruter.

DoubleDummyTricks and OptimumResultTable agree with the solver on every board of every
file; OptimumScore, ParContract and OptimumContract on every board but two of Ruter's
``ruter_impcross.pbn``, where the file's par sacrifice is declared by the partner who
takes a trick fewer (see docs/analysis.md). Each file's deals are solved once (``solved``):
about 270 deals, a few seconds to a minute by the machine (``-m "not dd"`` leaves them
out).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analysis.files import ANALYSED, PBN_DATA, REAL_DATA, needs_dd
from bridgescore.analysis.model import DoubleDummy, Par, ParContract
from bridgescore.core.seats import Seat
from bridgescore.core.strains import Strain
from bridgescore.events.deals import Analysed, analysed
from bridgescore.events.model import Event
from bridgescore.io.pbn import PBNDocument, load, to_event

pytestmark = needs_dd

IMPCROSS = PBN_DATA / "ruter_impcross.pbn"
SM1 = PBN_DATA / "ruter_sm1.pbn"
PLUSMINUS = REAL_DATA / "ruter_plusminus" / "ruter_sm1_plusminus.pbn"
SOLVED_FILES = [path for path in ANALYSED if path != PLUSMINUS]
"""The plus-minus file is ruter_sm1.pbn's deals and analysis again (a test holds them
equal): its figures are checked against sm1's solution."""

WRONG_PAR = {(IMPCROSS, 4), (IMPCROSS, 30)}
"""The two boards whose par the file gives wrong (the weaker declarer's sacrifice)."""

# file: boards with DoubleDummyTricks, with OptimumResultTable, with OptimumScore,
# with ParContract or OptimumContract (one game a board: RealBridge's 299 games hold 10)
COUNTS = {
    "bridgecomposer_2025-12-23.pbn": (24, 24, 24, 24),
    "bridgecomposer_2025-12-30.pbn": (24, 24, 24, 24),
    "bridgewebs_hands.pbn": (24, 24, 0, 0),
    "magic_contest_test_set.pbn": (0, 28, 28, 28),
    "realbridge_example2.pbn": (10, 10, 10, 0),
    "ruter_cross2.pbn": (0, 0, 16, 16),
    "ruter_impcross.pbn": (0, 42, 42, 42),
    "ruter_sm1.pbn": (0, 66, 66, 66),
    "ruter_sm2.pbn": (0, 39, 39, 39),
    "ruter_sm1_plusminus.pbn": (0, 66, 66, 66),
}

_DOCUMENTS: dict[Path, PBNDocument] = {}
_SOLVED: dict[Path, Analysed] = {}


def document(path: Path) -> PBNDocument:
    if path not in _DOCUMENTS:
        _DOCUMENTS[path] = load(path)
    return _DOCUMENTS[path]


def event(path: Path) -> Event:
    return to_event(document(path))


def solved(path: Path) -> Analysed:
    """The file's event with every deal solved (once a test run)."""
    if path == PLUSMINUS:
        path = SM1
    if path not in _SOLVED:
        _SOLVED[path] = analysed(event(path))
    return _SOLVED[path]


def _file_tricks(path: Path) -> tuple[dict[int, set[DoubleDummy]], dict[int, set[DoubleDummy]]]:
    """Each board's DoubleDummyTricks and OptimumResultTable, from every game of it."""
    hexadecimal: dict[int, set[DoubleDummy]] = {}
    tables: dict[int, set[DoubleDummy]] = {}
    for game in document(path).games:
        board = int(game["Board"])
        text = game.get("DoubleDummyTricks")
        if text:
            hexadecimal.setdefault(board, set()).add(DoubleDummy.from_pbn(text))
        table = game.table("OptimumResultTable")
        if table is not None:
            rows = [(r["Declarer"] or "", r["Denomination"] or "", r["Result"] or "")
                    for r in table.rows]  # fmt: skip
            tables.setdefault(board, set()).add(DoubleDummy.from_rows(rows))
    return hexadecimal, tables


def _file_par(path: Path) -> dict[int, tuple[int | None, tuple[ParContract, ...] | None]]:
    """Each board's OptimumScore (North-South's) and ParContract or OptimumContract."""
    found: dict[int, tuple[int | None, tuple[ParContract, ...] | None]] = {}
    for game in document(path).games:
        score, named, ruter = (
            game.get(t) for t in ("OptimumScore", "ParContract", "OptimumContract")
        )
        if score is None and named is None and ruter is None:
            continue
        contracts = (Par.parse_contracts(named) if named is not None
                     else None if ruter is None else (ParContract.from_ruter(ruter),))  # fmt: skip
        par = (None if score is None else Par.parse_score(score), contracts)
        assert found.setdefault(int(game["Board"]), par) == par  # every game of a board alike
    return found


def test_the_plusminus_file_is_sm1s_deals_and_analysis() -> None:
    assert event(PLUSMINUS).hands == event(SM1).hands
    assert event(PLUSMINUS).analyses == event(SM1).analyses
    assert _file_par(PLUSMINUS) == _file_par(SM1)
    assert _file_tricks(PLUSMINUS) == _file_tricks(SM1)


@pytest.mark.parametrize("path", ANALYSED, ids=lambda p: p.name)
def test_the_files_double_dummy_tricks_are_the_solvers(path: Path) -> None:
    hexadecimal, tables = _file_tricks(path)
    expected = COUNTS[path.name]
    assert (len(hexadecimal), len(tables)) == expected[:2]
    solution = solved(path).event.analyses
    for board, found in (*hexadecimal.items(), *tables.items()):
        assert found == {solution[board].tricks}, (path.name, board)


@pytest.mark.parametrize("path", ANALYSED, ids=lambda p: p.name)
def test_the_files_par_is_the_solvers_but_on_two_boards(path: Path) -> None:
    par = _file_par(path)
    expected = COUNTS[path.name]
    assert sum(s is not None for s, _c in par.values()) == expected[2]
    assert sum(c is not None for _s, c in par.values()) == expected[3]
    solution = solved(path).event.analyses
    wrong = set()
    for board, (score, contracts) in par.items():
        found = solution[board].par
        assert found is not None
        assert found.contracts is not None
        same_score = score is None or score == found.score
        # every contract the file names is one of the solver's (a side's seat, a contract
        # Ruter names at the level of its tricks: 4N E 10 for E 3N+1)
        same_contracts = contracts is None or all(
            any(mine.covers(theirs) for mine in found.contracts) for theirs in contracts
        )
        if not (same_score and same_contracts):
            wrong.add((path, board))
    assert wrong == {b for b in WRONG_PAR if b[0] == path}


@pytest.mark.parametrize("path", SOLVED_FILES, ids=lambda p: p.name)
def test_the_solver_disagrees_with_a_file_only_on_the_two_impcross_boards(path: Path) -> None:
    result = solved(path)
    assert result.problems == ()
    assert set(result.event.analyses) == set(result.event.hands)
    if path != IMPCROSS:
        assert result.disagreements == ()
        return
    assert [str(line) for line in result.disagreements] == [
        "board 4: the file's analysis is not the solver's: par score NS +500 in the file,"
        " NS +200 by the solver; par contract E 4HX-2 in the file, W 4HX-1 by the solver;"
        " the solver's is shown",
        "board 30: the file's analysis is not the solver's: par score NS +300 in the file,"
        " NS +100 by the solver; par contract W 5HX-2 in the file, E 5HX-1 by the solver;"
        " the solver's is shown",
    ]


@pytest.mark.parametrize(
    ("board", "file_par", "sacrificer", "partner", "solver_par"),
    [
        # Board 4, West deals, both vulnerable: North-South make 3NT (9 tricks, 600).
        # East-West's cheapest sacrifice is 4♥ doubled: West takes 9 tricks in hearts
        # (one down, 200), East only 8 (two down, 500). Ruter names East.
        (4, ("E 4HX-2", 500), Seat.EAST, Seat.WEST, ("W 4HX-1", 200)),
        # Board 30, East deals, nobody vulnerable: East makes 4♥ (10 tricks), North-South
        # 4♠ over it (10 tricks, 420); East-West sacrifice in 5♥ doubled: East takes 10
        # tricks (one down, 100), West only 9 (two down, 300). Ruter names West.
        (30, ("W 5HX-2", 300), Seat.WEST, Seat.EAST, ("E 5HX-1", 100)),
    ],
)
def test_on_the_two_impcross_boards_the_files_sacrificer_is_the_weaker_declarer(
    board: int,
    file_par: tuple[str, int],
    sacrificer: Seat,
    partner: Seat,
    solver_par: tuple[str, int],
) -> None:
    kept = event(IMPCROSS).analyses[board]
    assert kept.par is not None
    assert kept.tricks is not None
    assert (kept.par.contracts_to_pbn(), kept.par.score) == file_par
    # the file's own OptimumResultTable says the named declarer takes a trick fewer
    assert kept.tricks.of(sacrificer, Strain.HEARTS) + 1 == kept.tricks.of(partner, Strain.HEARTS)
    found = solved(IMPCROSS).event.analyses[board]
    assert found.tricks == kept.tricks
    assert found.par is not None
    assert (found.par.contracts_to_pbn(), found.par.score) == solver_par
