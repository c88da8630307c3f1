"""Ruter files of the second set (issue 16): each re-scored with no options, as
``bridgescore event FILE`` does, against the figures Ruter wrote.

The files are in ``tests/io/data/pbn`` (sources in its ``SOURCES.md``); the rules are in
``docs/real-events.md``, "Ruter (second set)".
"""

from __future__ import annotations

from pathlib import Path

import bridgescore
from bridgescore.events.compare import compare_event
from bridgescore.events.scoring import options_for, score_event
from bridgescore.events.teams import TeamsResult

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "io" / "data" / "pbn"


def test_ruter_teams_published_mid_event() -> None:
    """``ruter_div2.pbn`` (Ruter 4.7, a 6-team double round robin published after round 1
    of 10): the 27 matches not played yet are written ``-``; the teams are ranked from the
    3 played, whose VPs are the WBF scale's for 32 boards, and the unplayed are listed."""
    event = bridgescore.load_event(DATA / "ruter_div2.pbn")
    result = score_event(event)
    assert isinstance(result, TeamsResult)
    assert len(result.matches) == 3
    assert len(result.unplayed) == 27
    assert {(m.round, m.home, m.away) for m in result.unplayed if m.round == 2} == {
        (2, "2", "6"),
        (2, "1", "3"),
        (2, "5", "4"),
    }
    assert result.check is not None
    assert result.check.describe() == (
        "VPs agree with the WBF scale for 32-board matches: 3/3; 27 match(es) not played yet"
    )
    assert [(s.place, s.team, s.vp) for s in result.standings] == [
        ("1", "5", 20.0),
        ("2", "6", 19.68),
        ("3", "4", 13.78),
        ("4", "3", 6.22),
        ("5", "1", 0.32),
        ("6", "2", 0.0),
    ]
    chosen = options_for(event)
    compared = compare_event(event, result, tie_marks=chosen.conventions.tie_marks)
    assert compared.summary() == "total 6/6, place 6/6"


def test_ruter_cross2_totals_per_board_and_comparison() -> None:
    """``ruter_cross2.pbn`` (Ruter 4.7, ``IMP;Cross2``, 24 pairs in two sections, 16 boards
    of 12 results): each line is the sum of the IMPs against the 11 other results, as
    Ruter 4.3.2.2 writes ``IMP;Cross``; the total is IMPs per board and per comparison
    (pair 305: 729 summed over 16 boards of 11 comparisons is written 4.14); one list
    across directions and sections (305 East-West first, 6 North-South third), 103 and 2
    placed 8th and 9th on 1.06 each (187 and 186 IMPs summed: ranked on the exact figure)."""
    event = bridgescore.load_event(DATA / "ruter_cross2.pbn")
    chosen = options_for(event)
    assert chosen.describe().endswith(
        "cross-IMPs summed over the comparisons, totals in IMPs per board and comparison, field one"
    )
    result = score_event(event)
    compared = compare_event(event, result, tie_marks=chosen.conventions.tie_marks)
    assert compared.summary() == ("ns_points 192/192, ew_points 192/192, total 24/24, place 24/24")
    assert (compared.agree, compared.total) == (432, 432)
    # with bridgescore's defaults (averaged lines, summed totals, two fields): the lines
    # and every total differ
    plain = score_event(event, conventions=None)
    assert compare_event(event, plain).summary() == (
        "ns_points 1/192, ew_points 1/192, total 0/24, place 2/24"
    )
