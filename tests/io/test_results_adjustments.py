"""A teams event's VPs from outside its matches (a bye's, less a penalty's) in the CSV and
JSON results files (``# adjustment`` records, an ``adjustments`` list): written by
``write_event``, read back by ``load_event`` and counted in the teams' totals as USEBIO's
``ADJUSTMENT`` and PBN's ``AdjustmentVP`` are; anything else in their place is an error
that names its line (CSV) or entry (JSON)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.events.model import Event, Participant, VPAdjustment
from bridgescore.events.scoring import score_event
from bridgescore.events.teams import TeamsResult
from bridgescore.events.vocabulary import EventKind
from bridgescore.io.events import load_event, write_event
from bridgescore.io.results import ResultsFileError, dumps_csv, loads_csv, loads_json

MATCH = (
    "# kind: teams\nboard,ns,ew,contract,declarer,result\n"
    "1,1,2,4S,N,=\n1,2,1,4S,N,+1\n2,1,2,3NT,S,+1\n2,2,1,3NT,S,=\n"
)
"""Teams 1 and 2's match of two boards, worked by hand (WBF IMP table): board 1 (nobody
vulnerable) team 1's North-South +420, team 2's +450: 30, 1 IMP to team 2; board 2
(North-South vulnerable) +630 against +600: 1 IMP to team 1. 1-1, a draw: 10.00-10.00 VPs
on the WBF scale."""
BYE = (
    ("3", 12.0, 0.0, 0.0, "1"),
    ("1", 10.0, 1.0, 1.0, "2="),
    ("2", 10.0, 1.0, 1.0, "2="),
)
"""Team 3 on the bye with 12 VPs: first; teams 1 and 2 second equal."""


def _standings(event: Event) -> tuple[tuple[str, float, float, float, str], ...]:
    ranked = score_event(event, expect=TeamsResult).standings
    return tuple((s.team, s.vp, s.points_for, s.points_against, s.place) for s in ranked)


@pytest.mark.parametrize("suffix", ["csv", "json"])
def test_a_byes_vps_are_written_and_read_back(suffix: str, tmp_path: Path) -> None:
    teams = tuple(Participant(t, (f"Team {t}",), kind="team") for t in "123")
    original = Event(
        loads_csv(MATCH),
        name="Swiss",
        kind=EventKind.TEAMS,
        participants=teams,
        adjustments=(VPAdjustment("3", 12.0),),
    )
    path = write_event(original, tmp_path / f"bye.{suffix}")
    text = path.read_text(encoding="utf-8")
    if suffix == "csv":
        assert "# adjustment,3,12\n" in text
        assert text.index("# adjustment") < text.index("board,")  # before the header
    else:
        assert json.loads(text)["adjustments"] == [{"id": "3", "vp": 12.0}]
    back = load_event(path)
    assert back.adjustments == (VPAdjustment("3", 12.0),)
    assert _standings(original) == _standings(back) == BYE


def test_a_penalty_less_than_nothing_and_a_fraction_are_written_as_given() -> None:
    results = loads_csv(MATCH)
    adjustments = (VPAdjustment("1", -3.0), VPAdjustment("2", 10.5))
    text = dumps_csv(results, about={"kind": "teams"}, adjustments=adjustments)
    assert "# adjustment,1,-3\n# adjustment,2,10.5\n" in text
    assert loads_csv(text).adjustments == adjustments


def test_no_adjustment_no_record() -> None:
    text = dumps_csv(loads_csv(MATCH), about={"kind": "teams"})
    assert "adjustment" not in text
    assert loads_csv(text).adjustments == ()


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("# adjustment,,12", "line 2: an adjustment names no team (its id, then its VPs)"),
        ("# adjustment,3", "line 2: team 3's adjustment is not a number of VPs: ''"),
        ("# adjustment,3,twelve", "line 2: team 3's adjustment is not a number of VPs: 'twelve'"),
        ("# adjustment,3,nan", "line 2: team 3's adjustment is not a number of VPs: 'nan'"),
        ("# adjustment,3,12,4", "line 2: team 3's adjustment is not a number of VPs: '12, 4'"),
    ],
)
def test_a_wrong_csv_adjustment_is_an_error_at_its_line(record: str, message: str) -> None:
    text = MATCH.replace("\n", f"\n{record}\n", 1)
    with pytest.raises(ResultsFileError) as raised:
        loads_csv(text, source="teams.csv")
    assert str(raised.value) == f"teams.csv, {message.replace(': ', ': error: ', 1)}"


def test_an_adjustment_among_the_results_is_an_error_not_a_comment() -> None:
    text = MATCH + "# adjustment,3,12\n"
    with pytest.raises(ResultsFileError) as raised:
        loads_csv(text, source="teams.csv")
    assert str(raised.value) == (
        "teams.csv, line 7: error: an adjustment comes before the header row, not among the results"
    )


def test_a_team_adjusted_twice_is_an_error_at_the_second() -> None:
    text = "# adjustment,3,12\n# adjustment,3,6\n" + MATCH
    with pytest.raises(ResultsFileError) as raised:
        loads_csv(text, source="teams.csv")
    assert str(raised.value) == "teams.csv, line 2: error: team 3's adjustment is given twice"


def _json(adjustments: object) -> str:
    rows = [
        {"board": 1, "ns": "1", "ew": "2", "contract": "4S", "declarer": "N", "result": "="},
        {"board": 1, "ns": "2", "ew": "1", "contract": "4S", "declarer": "N", "result": "+1"},
    ]
    return json.dumps({"event": {"type": "teams"}, "adjustments": adjustments, "results": rows})


NOT_VPS = "adjustment 1: team 3's adjustment is not a number of VPs:"


def test_json_adjustments_are_read() -> None:
    read = loads_json(_json([{"id": "3", "vp": 12}, {"id": 4, "vp": "-2.5"}]))
    assert read.adjustments == (VPAdjustment("3", 12.0), VPAdjustment("4", -2.5))


@pytest.mark.parametrize(
    ("adjustments", "message"),
    [
        ([{"id": "3", "vp": True}], f"{NOT_VPS} 'True'"),
        ([{"id": "3"}], f"{NOT_VPS} ''"),
        ([{"vp": 12}], "adjustment 1: an adjustment names no team (its id, then its VPs)"),
        (
            [{"id": "3", "vp": 12, "why": "bye"}],
            'adjustment 1: not an object of "id" (the team) and "vp"',
        ),
        ([7], 'adjustment 1: not an object of "id" (the team) and "vp"'),
        ({"id": "3", "vp": 1e400}, f"{NOT_VPS} 'inf'"),  # JSON's Infinity
    ],
)
def test_a_wrong_json_adjustment_is_an_error_at_its_entry(
    adjustments: object, message: str
) -> None:
    with pytest.raises(ResultsFileError) as raised:
        loads_json(_json(adjustments), source="teams.json")
    assert str(raised.value) == f"teams.json: error: {message}"


def test_adjustments_in_a_pairs_file_are_not_used_and_say_so() -> None:
    text = "# adjustment,3,12\nboard,ns,ew,score\n1,1,2,420\n1,3,4,450\n"
    read = loads_csv(text, source="pairs.csv")
    assert read.adjustments == ()
    assert [str(p) for p in read.warnings] == [
        "pairs.csv: warning: adjustments are a teams event's VPs, and this is no teams event:"
        " they are not used (3)"
    ]
    with pytest.raises(ResultsFileError):
        loads_csv(text, strict=True)
