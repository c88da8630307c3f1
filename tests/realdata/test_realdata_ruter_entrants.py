"""Pairs that played no board (issue 16): Ruter lists every pair on its entry sheet, one
with no board last with a total of 0 and ``NrBoards`` 0; bridgescore now does so by default
(``ScoringOptions(entrants="all")``), and ``entrants="played"`` lists only the pairs that
played.

No stored real file has such a pair (every ``NrBoards`` of the Ruter files in
``tests/io/data/pbn`` and rkcb/pbnparser is the full count), so the test derives one:
``ruter_sm1.pbn`` with a 37th row added to its ``TotalScoreTable`` (pair 37, table 19,
North-South, total 0.0, no percentage, ``NrBoards`` 0, ranked 37th), everything else as
Ruter wrote it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import bridgescore
from bridgescore.events.compare import compare_event
from bridgescore.events.model import Participant
from bridgescore.events.pairs import PairsResult
from bridgescore.events.scoring import score_event

ROOT = Path(__file__).resolve().parents[2]
SM1 = ROOT / "tests" / "io" / "data" / "pbn" / "ruter_sm1.pbn"
MITCHELL = ROOT / "tests" / "io" / "data" / "usebio" / "mp_pairs_mitchell.xml"
LAST_ROW = b'36  - 36  1 "N-S"  875.1 39.00 "Erkki Becker - Erkki M\xe4ntynen"'
ADDED = b'\r\n37  - 37 19 "N-S"    0.0     - "Anna Esimerkki - Pekka Esimerkki"      0 - - - - -'


def _with_a_pair_that_did_not_play(folder: Path) -> Path:
    text = SM1.read_bytes()
    start = text.index(LAST_ROW)
    end = text.index(b"\r\n", start)
    derived = folder / "ruter_sm1_entrant.pbn"
    derived.write_bytes(text[:end] + ADDED + text[end:])
    return derived


def test_a_pair_that_played_no_board_is_listed_last(tmp_path: Path) -> None:
    event = bridgescore.load_event(_with_a_pair_that_did_not_play(tmp_path))
    assert Participant("37", ("Anna Esimerkki", "Pekka Esimerkki"), "pair", "NS") in (
        event.participants
    )
    result = score_event(event)
    assert isinstance(result, PairsResult)
    last = result.standings[-1]
    assert (last.place, last.pair, last.total, last.percent, last.boards) == (
        "37",
        "37",
        0,
        None,
        0,
    )
    assert result.card("37") == ()
    # every figure Ruter wrote still agrees, and pair 37's total and place too
    compared = compare_event(event, result)
    assert compared.summary() == (
        "ns_points 1188/1188, ew_points 1188/1188, ns_percent 1188/1188, ew_percent 1188/1188, "
        "total 37/37, percent 36/36, place 37/37"
    )
    played = score_event(event, entrants="played")
    assert isinstance(played, PairsResult)
    assert [s.pair for s in played.standings] == [s.pair for s in result.standings][:-1]


def test_in_a_mitchell_each_goes_to_its_direction_and_they_tie() -> None:
    """Compscore3's Mitchell (19 North-South and 19 East-West pairs) with three entrants that
    did not play: 20EW (East-West by its id), 40 (the file says East-West) and 41 (no
    direction: North-South, the first field)."""
    event = bridgescore.load_event(MITCHELL)
    extra = (Participant("20EW"), Participant("40", direction="EW"), Participant("41"))
    result = score_event(replace(event, participants=(*event.participants, *extra)))
    assert isinstance(result, PairsResult)
    east_west = [(s.place, s.pair) for s in result.standings if s.field == "EW"]
    north_south = [(s.place, s.pair) for s in result.standings if s.field == "NS"]
    assert sorted(east_west[-2:]) == [("20=", "20EW"), ("20=", "40")]
    assert north_south[-1] == ("20", "41")
    assert len(east_west) == 21
    assert len(north_south) == 20
    before = score_event(event)
    assert isinstance(before, PairsResult)
    assert result.standings[:19] == before.standings[:19]
