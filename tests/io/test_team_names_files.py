"""A team's name is one name in every file the library writes (issue 28): ``Ñandú & Co``,
``Tens, "quoted"``, ``Nines;semi`` and ``Smith - Jones`` read back whole from PBN, USEBIO,
CSV and JSON, not as two players; a team named by its players keeps them apart.

The event: teams 1 and 2 play one match of board 1 (1NT by North making 7 tricks, +90,
at both tables: 0 IMPs); teams 3 to 6 are entered and have not played yet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.core.contract import TableResult
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.events.model import Event, EventResults, Participant, ResultRow, ns_score_of
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.io.events import load_event, write_event
from bridgescore.io.pbn import dumps, from_event


def _row(table: str, ns: str, ew: str) -> ResultRow:
    vulnerability = BoardInfo.of(1).vulnerability
    result = TableResult.parse("1NTN=")
    return ResultRow(
        1, ns, ew, vulnerability, result, ns_score_of(result, vulnerability, "2017"),
        round=1, table=table,
    )  # fmt: skip


NAMED = {
    "1": ("Ñandú & Co",),
    "2": ('Tens, "quoted"',),
    "3": ("Nines;semi",),
    "4": ("Smith - Jones",),
    "5": (),
    "6": ("Zoë; Åke & Co - B",),
}
"""Each team's one name (team 5 has none), each holding what a list of names is cut at."""


def _event(names: dict[str, tuple[str, ...]]) -> Event:
    rows = (_row("1a", "1", "2"), _row("1b", "2", "1"))
    return Event(
        EventResults(rows, name="Teams", teams=True),
        name="Teams",
        date="2026-12-07",
        site="Club",
        kind=EventKind.TEAMS,
        scoring=Scoring.IMPS,
        participants=tuple(Participant(t, n, kind="team") for t, n in names.items()),
    )


@pytest.mark.parametrize("suffix", ["pbn", "xml", "csv", "json"])
def test_a_teams_name_reads_back_whole(suffix: str, tmp_path: Path) -> None:
    path = write_event(_event(NAMED), tmp_path / f"teams.{suffix}")
    back = load_event(path)
    assert {p.id: p.names for p in back.participants} == NAMED
    assert not back.results.problems


def test_pbn_writes_a_teams_name_in_its_team_name_column() -> None:
    text = dumps(from_event(_event(NAMED)))
    assert '[TotalScoreTable "TeamId\\1L;TeamName\\19L"]' in text
    assert '\n3 "Nines;semi"' in text
    assert '\n1 "Ñandú & Co"' in text


PLAYERS = {"1": ("Ann", "Bob", "Cid", "Dan"), "2": ("Eve Fay",), "3": (), "4": ()}
"""Team 1 named by its four players (``;`` between them in PBN's ``Names`` column)."""


@pytest.mark.parametrize("suffix", ["pbn", "xml", "csv", "json"])
def test_a_team_named_by_its_players_keeps_them_apart(suffix: str, tmp_path: Path) -> None:
    path = write_event(_event(PLAYERS), tmp_path / f"teams.{suffix}")
    assert {p.id: p.names for p in load_event(path).participants} == PLAYERS
    if suffix == "pbn":
        assert '"Ann;Bob;Cid;Dan"' in path.read_text(encoding="utf-8")
