"""A teams event in sections (issue 28) written as PBN and USEBIO carries its sections as
those formats carry them (each section's teams, matches and room tables by their numbers
in the section) and reads back to the same event, ranked section by section.

The event: section A's teams A1 and A2 and section B's B1 and B2 play one match each in
round 1, boards 1 and 2, the first team North-South in the open room (``A1a``) and
East-West in the closed room (``A1b``). Its figures, worked by hand (WBF IMP table; the
WBF continuous VP scale for 2 boards, whose blitz is 15 * sqrt(2) = 21.2 IMPs):

Section A. Board 1 (nobody vulnerable): open A1 4S by N = +420, closed A2 4S by N +1
+450: A1 420 - 450 = -30, 1 IMP to A2. Board 2 (North-South vulnerable): open A1 3NT by S
+1 +630, closed A2 3NT by S = +600: A1 +30, 1 IMP. 1-1, a draw: 10.00-10.00 VPs, A1 and
A2 share first place (``1=``).

Section B. Board 1: open B1 6NT by N = +990, closed B2 3NT by N +3 +490: B1 +500, 11
IMPs. Board 2: open B1 1NT by N = +90 (vulnerable), closed B2 North-South, East 4SX = (not
vulnerable) -590: B1 90 + 590 = +680, 12 IMPs. B1 23-0, past the blitz: 20.00-0.00 VPs,
B1 first, B2 second.

Across the field B1 (20 VPs) would be first and A1 and A2 (10) second equal; each
section ranked on its own, A1 and A2 are both first.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import TableResult
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.events.model import (
    Event,
    EventResults,
    Participant,
    Published,
    PublishedStanding,
    ResultRow,
    VPAdjustment,
    ns_score_of,
)
from bridgescore.events.scoring import score_event
from bridgescore.events.section_files import ranked_by_section, team_field
from bridgescore.events.teams import TeamsResult
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.io import pbn, usebio


def _row(board: int, table: str, ns: str, ew: str, text: str) -> ResultRow:
    vulnerability = BoardInfo.of(board).vulnerability
    result = TableResult.parse(text)
    return ResultRow(
        board, ns, ew, vulnerability, result, ns_score_of(result, vulnerability, "2017"),
        round=1, table=table, section=table[0],
    )  # fmt: skip


ROWS = (
    _row(1, "A1a", "A1", "A2", "4SN="),
    _row(1, "A1b", "A2", "A1", "4SN+1"),
    _row(2, "A1a", "A1", "A2", "3NTS+1"),
    _row(2, "A1b", "A2", "A1", "3NTS="),
    _row(1, "B1a", "B1", "B2", "6NTN="),
    _row(1, "B1b", "B2", "B1", "3NTN+3"),
    _row(2, "B1a", "B1", "B2", "1NTN="),
    _row(2, "B1b", "B2", "B1", "4SXE="),
)
# each row's IMPs, North-South's and East-West's (the docstring's)
IMPS = ((-1, 1), (1, -1), (1, -1), (-1, 1), (11, -11), (-11, 11), (12, -12), (-12, 12))
# team: (VPs, IMPs for, IMPs against, place in its section), by hand (the docstring's)
EXPECTED = {
    "A1": (10.0, 1.0, 1.0, "1="),
    "A2": (10.0, 1.0, 1.0, "1="),
    "B1": (20.0, 23.0, 0.0, "1"),
    "B2": (0.0, 0.0, 23.0, "2"),
}
NAMES = {"A1": ("Ann", "Bob"), "A2": ("Cid", "Dan"), "B1": ("Eve", "Fay"), "B2": ("Gus", "Hal")}


def two_sections(*, figures: bool = False) -> Event:
    """The event; with ``figures``, carrying the hand-worked figures as published ones."""
    published: tuple[Published | None, ...] = ()
    standings: tuple[PublishedStanding, ...] = ()
    if figures:
        published = tuple(Published(float(ns), float(ew)) for ns, ew in IMPS)
        standings = tuple(
            PublishedStanding(team, vps, None, place)
            for team, (vps, _for, _against, place) in EXPECTED.items()
        )
    return Event(
        EventResults(ROWS, name="Teams in sections", teams=True),
        name="Teams in sections",
        date="2026-12-05",
        site="Club",
        kind=EventKind.TEAMS,
        scoring=Scoring.IMPS,
        participants=tuple(
            Participant(team, names, kind="team", section=team[0]) for team, names in NAMES.items()
        ),
        published=published,
        standings=standings,
    )


def _written(event: Event, fmt: str) -> str:
    if fmt == "pbn":
        return pbn.dumps(pbn.from_event(event))
    return usebio.dumps(usebio.from_event(event))


def _read(text: str, fmt: str, *, errors_only: bool = False) -> Event:
    """A written file read again without a problem (``errors_only``: without an error; a
    board one match plays and another does not is a warning)."""
    back = pbn.to_event(pbn.loads(text)) if fmt == "pbn" else usebio.to_event(usebio.loads(text))
    found = back.results.errors if errors_only else back.results.problems
    assert not found, found[:3]
    return back


def _key(row: ResultRow) -> tuple[int, str]:
    return (row.board, row.table or "")


def _by_section(event: Event) -> dict[str, list[tuple[str, float, float, float, str]]]:
    scored = score_event(event, expect=TeamsResult)
    return {
        letter: [(s.team, s.vp, s.points_for, s.points_against, s.place) for s in ranked]
        for letter, ranked in ranked_by_section(event, scored).items()
    }


HAND = {
    "A": [("A1", 10.0, 1.0, 1.0, "1="), ("A2", 10.0, 1.0, 1.0, "1=")],
    "B": [("B1", 20.0, 23.0, 0.0, "1"), ("B2", 0.0, 0.0, 23.0, "2")],
}


@pytest.mark.parametrize("fmt", ["pbn", "usebio"])
def test_teams_in_sections_read_back_to_the_same_event(fmt: str) -> None:
    original = two_sections()
    assert _by_section(original) == HAND  # the library agrees with the hand before writing
    back = _read(_written(original, fmt), fmt)
    assert (back.kind, back.scoring) == (EventKind.TEAMS, Scoring.IMPS)
    assert sorted(back.results.rows, key=_key) == sorted(ROWS, key=_key)
    assert sorted((p.id, p.names, p.section) for p in back.participants) == [
        (team, names, team[0]) for team, names in NAMES.items()
    ]
    field = team_field(back)
    assert field is not None
    assert [(s.letter, s.teams) for s in field.sections] == [
        ("A", ("A1", "A2")),
        ("B", ("B1", "B2")),
    ]
    scored = score_event(back, expect=TeamsResult)
    # the same matches: nobody meets a team of another section
    assert sorted(
        (m.first, m.second, m.first_points, m.second_points, m.first_vp, m.second_vp)
        for m in scored.matches
    ) == [("A1", "A2", 1.0, 1.0, 10.0, 10.0), ("B1", "B2", 23.0, 0.0, 20.0, 0.0)]
    assert _by_section(back) == HAND


@pytest.mark.parametrize("fmt", ["pbn", "usebio"])
def test_published_figures_read_back_section_by_section(fmt: str) -> None:
    original = two_sections(figures=True)
    back = _read(_written(original, fmt), fmt)
    by_row = dict(zip(back.results.rows, back.published, strict=True))
    for row, (ns, ew) in zip(ROWS, IMPS, strict=True):
        assert by_row[row] == Published(float(ns), float(ew)), row
    assert sorted(back.standings, key=lambda s: s.id) == list(original.standings)
    # the places restart in each section: A1 and A2 first equal, B1 first
    assert {s.id: s.place for s in back.standings} == {"A1": "1=", "A2": "1=", "B1": "1", "B2": "2"}


def test_pbn_writes_each_sections_matches_under_its_letter() -> None:
    text = _written(two_sections(figures=True), "pbn")
    assert text.count('[Board "1"]') == 2  # one game a section of each board
    assert text.count('[Section "A"]') == 2
    assert text.count('[Section "B"]') == 2
    lines = text.split("\r\n")
    table = lines.index(next(line for line in lines if line.startswith("[ScoreTable")))
    assert lines[table].startswith('[ScoreTable "Section\\1L;Table\\2L;Round\\1R;PairId_NS')
    # the section's own numbers: team 1 of section A in its open room 1a
    assert lines[table + 1].split()[:5] == ["A", "1a", "1", "1", "2"]
    totals = lines.index(next(line for line in lines if line.startswith("[TotalScoreTable")))
    assert lines[totals].startswith('[TotalScoreTable "Rank\\1R;RankTie\\1R;Section\\1L;TeamId')
    ranked = [line.split()[:5] for line in lines[totals + 1 : totals + 5]]
    # each section ranks its own teams: A1 and A2 tie for first in A, B1 first in B
    assert ranked == [
        ["1", "2", "A", "1", "10"], ["1", "2", "A", "2", "10"],
        ["1", "-", "B", "1", "20"], ["2", "-", "B", "2", "0"],
    ]  # fmt: skip


def test_usebio_writes_one_section_element_a_section() -> None:
    root = usebio.loads(_written(two_sections(figures=True), "usebio")).root
    assert root is not None
    event = root.find("EVENT")
    assert event is not None
    assert (event.get("EVENT_TYPE"), event.findtext("SECTION_COUNT")) == ("TEAMS", "2")
    assert event.findtext("SECTION_SCORING") == "APART"
    sections = event.findall("SESSION/SECTION")
    assert [s.get("SECTION_ID") for s in sections] == ["A", "B"]
    assert [[t.get("TEAM_ID") for t in s.findall("PARTICIPANTS/TEAM")] for s in sections] == [
        ["1", "2"], ["1", "2"]
    ]  # fmt: skip
    assert [len(s.findall("MATCH")) for s in sections] == [1, 1]
    match = sections[1].find("MATCH")
    assert match is not None
    assert (match.findtext("TEAM"), match.findtext("OPPOSING_TEAM")) == ("1", "2")
    board = match.find("BOARD")
    assert board is not None
    assert board.findtext("IMPS") == "11"  # B1's IMPs on board 1
    tables = [line.findtext("TABLE_NUMBER") for line in board.findall("TRAVELLER_LINE")]
    assert tables == ["1a", "1b"]
    assert event.find("PARTICIPANTS") is None  # every team is in its section's
    assert event.find("MATCH") is None


def test_usebio_places_restarting_in_each_section_say_apart() -> None:
    """A teams file with no ``SECTION_SCORING`` (another program's) is read in sections
    when its places start again at 1 in each section."""
    text = _written(two_sections(figures=True), "usebio")
    back = _read(text.replace("<SECTION_SCORING>APART</SECTION_SCORING>", ""), "usebio")
    assert {r.section for r in back.results.rows} == {"A", "B"}
    assert _by_section(back) == HAND


# section B's teams before their match: no VPs, no IMPs, sharing first place
NOT_YET = [("B1", 0.0, 0.0, 0.0, "1="), ("B2", 0.0, 0.0, 0.0, "1=")]


@pytest.mark.parametrize("fmt", ["pbn", "usebio"])
def test_one_section_played_so_far_is_still_written_in_sections(fmt: str) -> None:
    """Section A's match played, section B's not yet: the file has both sections, B with
    its teams and no result, and reads back to the same event and the same rankings."""
    played = tuple(r for r in ROWS if r.section == "A")
    original = two_sections()
    original = replace(original, results=replace(original.results, rows=played))
    text = _written(original, fmt)
    if fmt == "pbn":
        assert (text.count('[Section "A"]'), text.count('[Section "B"]')) == (2, 0)
        assert '\r\nB 1 "Eve;Fay"\r\nB 2 "Gus;Hal"\r\n' in text  # B's teams, in the total table
    else:
        root = usebio.loads(text).root
        assert root is not None
        sections = root.findall("EVENT/SESSION/SECTION")
        assert [s.get("SECTION_ID") for s in sections] == ["A", "B"]
        assert [len(s.findall("MATCH")) for s in sections] == [1, 0]
        assert [t.get("TEAM_ID") for t in sections[1].findall("PARTICIPANTS/TEAM")] == ["1", "2"]
    back = _read(text, fmt)
    assert sorted(back.results.rows, key=_key) == sorted(played, key=_key)
    assert sorted((p.id, p.names, p.section) for p in back.participants) == [
        (team, names, team[0]) for team, names in NAMES.items()
    ]
    field = team_field(back)
    assert field is not None
    assert [(s.letter, s.teams) for s in field.sections] == [
        ("A", ("A1", "A2")),
        ("B", ("B1", "B2")),
    ]
    assert _by_section(back) == _by_section(original) == {"A": HAND["A"], "B": NOT_YET}


def _with_a_bye(*, sections: bool) -> Event:
    """The event with a third team in section A, A3 (Ivy and Joe), on the bye in round 1
    and scoring 12 VPs for it; ``sections=False``: the same as one field."""
    event = two_sections()
    event = replace(
        event,
        participants=(
            *event.participants,
            Participant("A3", ("Ivy", "Joe"), kind="team", section="A"),
        ),
        adjustments=(VPAdjustment("A3", 12.0),),
    )
    if sections:
        return event
    return replace(
        event,
        results=replace(event.results, rows=tuple(replace(r, section=None) for r in ROWS)),
        participants=tuple(replace(p, section=None) for p in event.participants),
    )


# with A3's bye, by hand: A3 12 VPs first in A, A1 and A2 10 second equal; B as before
BYE_IN_SECTIONS = {
    "A": [("A3", 12.0, 0.0, 0.0, "1"), ("A1", 10.0, 1.0, 1.0, "2="), ("A2", 10.0, 1.0, 1.0, "2=")],
    "B": HAND["B"],
}
# one field: B1 20, A3 12, A1 and A2 10 (third equal), B2 0 (fifth)
BYE_IN_ONE_FIELD = [
    ("B1", 20.0, 23.0, 0.0, "1"),
    ("A3", 12.0, 0.0, 0.0, "2"),
    ("A1", 10.0, 1.0, 1.0, "3="),
    ("A2", 10.0, 1.0, 1.0, "3="),
    ("B2", 0.0, 0.0, 23.0, "5"),
]


@pytest.mark.parametrize("fmt", ["pbn", "usebio"])
@pytest.mark.parametrize("sections", [True, False])
def test_a_byes_vps_are_written_and_read_back(fmt: str, sections: bool) -> None:
    """A bye's VPs go in USEBIO's ``ADJUSTMENT`` of the team and in the PBN total table's
    ``AdjustmentVP``, and the event read back ranks the team with them."""
    original = _with_a_bye(sections=sections)
    text = _written(original, fmt)
    if fmt == "pbn":
        assert ('A 3 "Ivy;Joe" 12' if sections else 'A3 "Ivy;Joe" 12') in text
        assert "AdjustmentVP" in text
    else:
        root = usebio.loads(text).root
        assert root is not None
        teams = {t.get("TEAM_ID"): t for t in root.iter("TEAM") if t.get("TEAM_ID")}
        assert teams["3" if sections else "A3"].findtext("ADJUSTMENT") == "12"
        assert teams["1" if sections else "A1"].find("ADJUSTMENT") is None
    back = _read(text, fmt)
    assert back.adjustments == (VPAdjustment("A3", 12.0),)
    if sections:
        assert _by_section(original) == _by_section(back) == BYE_IN_SECTIONS
    else:
        for event in (original, back):
            ranked = score_event(event, expect=TeamsResult).standings
            assert [
                (s.team, s.vp, s.points_for, s.points_against, s.place) for s in ranked
            ] == BYE_IN_ONE_FIELD


def test_a_teams_event_without_sections_is_written_as_before() -> None:
    flat = two_sections()
    flat = replace(
        flat,
        results=replace(flat.results, rows=tuple(replace(r, section=None) for r in ROWS)),
        participants=tuple(replace(p, section=None) for p in flat.participants),
    )
    text = _written(flat, "pbn")
    assert "Section" not in text
    assert "\r\nA1a 1 A1 A2 4S " in text
    assert text.count('[Board "1"]') == 1
    xml = _written(flat, "usebio")
    assert "SECTION" not in xml
    assert '<TEAM TEAM_ID="A1">' in xml
    assert "<TABLE_NUMBER>B1b</TABLE_NUMBER>" in xml
    back = _read(xml, "usebio")
    assert {r.section for r in back.results.rows} == {None}
    assert team_field(back) is None


@st.composite
def sectioned_matches(draw: st.DrawFn) -> list[ResultRow]:
    """Rows of two or three sections, each of one to three matches in round 1 (match
    ``n`` between the section's teams ``2n - 1`` and ``2n``, in rooms ``na`` and ``nb``),
    numbering their teams and rooms alike, each match of one to three boards."""
    rows: list[ResultRow] = []
    for letter in "ABC"[: draw(st.integers(2, 3))]:
        for match in range(1, draw(st.integers(1, 3)) + 1):
            home, away = f"{letter}{2 * match - 1}", f"{letter}{2 * match}"
            boards = draw(st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True))
            for board in boards:
                for room, (ns, ew) in (("a", (home, away)), ("b", (away, home))):
                    # scores a contract makes at any vulnerability
                    score = draw(st.sampled_from([-200, -100, 0, 110, 140, 150]))
                    rows.append(
                        ResultRow(
                            board,
                            ns,
                            ew,
                            BoardInfo.of(board).vulnerability,
                            ns_score=score,
                            round=1,
                            table=f"{letter}{match}{room}",
                            section=letter,
                        )
                    )
    return rows


@settings(max_examples=40, deadline=None)
@given(sectioned_matches(), st.sampled_from(["pbn", "usebio"]))
def test_any_teams_event_in_sections_reads_back(rows: list[ResultRow], fmt: str) -> None:
    original = Event(
        EventResults(tuple(rows), teams=True),
        name="Random",
        kind=EventKind.TEAMS,
        scoring=Scoring.IMPS,
    )
    back = _read(_written(original, fmt), fmt, errors_only=True)
    assert sorted(back.results.rows, key=_key) == sorted(rows, key=_key)
    assert _by_section(back) == _by_section(original)
