"""A teams field in sections published section by section: each section ranked on its own
(``Section A``: its teams placed 1, 2 ... among themselves), in English, Finnish and
Spanish, the matches and each team's page still there (issue 28)."""

from __future__ import annotations

from bridgescore.events.model import Event
from bridgescore.events.scoring import score_event
from bridgescore.events.team_sections import TeamField
from bridgescore.events.teams import TeamsResult
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.i18n import words
from bridgescore.io.results import loads_csv
from bridgescore.report.html import write_site
from bridgescore.report.view import Table, teams_pages

TWO_SECTIONS = """\
board,round,table,ns,ew,contract,declarer,result
1,1,1a,A1,A2,4S,N,=
1,1,1b,A2,A1,4S,N,-1
2,1,1a,A1,A2,3NT,S,+1
2,1,1b,A2,A1,3NTX,S,-2
1,1,2a,B1,B2,4S,N,=
1,1,2b,B2,B1,4S,N,=
2,1,2a,B1,B2,3NT,S,+1
2,1,2b,B2,B1,3NT,S,+1
"""
"""Two sections of two teams, one round of two boards: section A's match A1 v A2 at
tables 1a/1b, section B's B1 v B2 at 2a/2b (each section its own copy of boards 1-2).

Section A, A1 at home. Board 1 (none vulnerable): the open room's 4S= is +420 to A1
North-South; in the closed room A1 sits East-West and 4S-1 is +50 to it: 470, 10 IMPs
(450-490). Board 2 (North-South vulnerable): 3NT+1 is +630 to A1 in the open room; in the
closed room A1 defends 3NTX-2 vulnerable, +500: 1130, 15 IMPs (1100-1290). A1 wins by 25
IMPs, more than the 22 at which the WBF scale for 2 boards gives the whole 20: 20-0.

Section B: both rooms bid and make the same contract on both boards, 0 IMPs: 10-10.

The field ranked as one would be A1 20 (1), B1 and B2 10 (2=), A2 0 (4); ranked by
section, A1 is 1 and A2 2 in section A, and B1 and B2 share 1= in section B."""


def _scored() -> tuple[Event, TeamsResult]:
    results = loads_csv(TWO_SECTIONS, teams=True)
    event = Event(results, name="Teams in sections", kind=EventKind.TEAMS, scoring=Scoring.IMPS)
    result = score_event(event)
    assert isinstance(result, TeamsResult)
    return event, result


FIELD = TeamField.of_sizes((2, 2))


def _cells(table: Table) -> list[tuple[str, ...]]:
    return [row.cells for row in table.rows]


def test_each_section_is_ranked_on_its_own_with_its_heading() -> None:
    event, result = _scored()
    index = teams_pages(event, result, words("en"), FIELD).index
    titles = [t.title for t in index.tables]
    assert titles == ["Section A", "Section B", "Matches"]
    section_a, section_b, played = index.tables
    # place, team, VPs, IMPs for, IMPs against, matches
    assert _cells(section_a) == [
        ("1", "A1", "20.00", "25", "0", "1"),
        ("2", "A2", "0.00", "0", "25", "1"),
    ]
    assert _cells(section_b) == [
        ("1=", "B1", "10.00", "0", "0", "1"),
        ("1=", "B2", "10.00", "0", "0", "1"),
    ]
    # every team's page is still linked from its ranking, and every match is listed
    assert [r.links[1] for t in (section_a, section_b) for r in t.rows] == [
        "team-A1.html", "team-A2.html", "team-B1.html", "team-B2.html",
    ]  # fmt: skip
    assert [(r.cells[1], r.cells[2], r.cells[3], r.cells[4]) for r in played.rows] == [
        ("A1", "A2", "25–0", "20.00–0.00"),
        ("B1", "B2", "0–0", "10.00–10.00"),
    ]
    pages = teams_pages(event, result, words("en"), FIELD)
    assert [p.file for p in pages.cards] == [
        "team-A1.html", "team-A2.html", "team-B1.html", "team-B2.html",
    ]  # fmt: skip
    assert [p.file for p in pages.boards] == ["board-1.html", "board-2.html"]


def test_one_field_keeps_its_one_ranking() -> None:
    event, result = _scored()
    index = teams_pages(event, result, words("en")).index
    assert [t.title for t in index.tables] == ["Standings", "Matches"]
    assert [(r.cells[0], r.cells[1]) for r in index.tables[0].rows] == [
        ("1", "A1"), ("2=", "B1"), ("2=", "B2"), ("4", "A2"),
    ]  # fmt: skip


def test_the_sections_read_in_finnish_and_spanish() -> None:
    event, result = _scored()
    finnish = teams_pages(event, result, words("fi"), FIELD).index.tables
    assert [t.title for t in finnish[:2]] == ["Ryhmä A", "Ryhmä B"]
    assert finnish[0].rows[0].cells[2] == "20,00"  # the decimal comma
    spanish = teams_pages(event, result, words("es"), FIELD).index.tables
    assert [t.title for t in spanish[:2]] == ["Sección A", "Sección B"]
    assert spanish[1].rows[1].cells[:3] == ("1=", "B2", "10,00")


def test_the_site_written_from_the_sections_report_heads_each_section(tmp_path: object) -> None:
    event, result = _scored()
    report = teams_pages(event, result, words("fi"), FIELD)
    written = write_site(report, str(tmp_path))
    index = next(p for p in written if p.name == "index.html").read_text(encoding="utf-8")
    assert index.index("Ryhmä A") < index.index("Ryhmä B")
    assert 'lang="fi"' in index
    assert {p.name for p in written} >= {"team-B2.html", "board-2.html", "print.html"}
