"""A teams session in sections exported as PBN and USEBIO (issue 28): the director's files
carry its sections (each section's teams, matches and rooms by their numbers in the
section) and read back with the library to the session's event, ranked section by
section as the web ranks it.

The session: Aces and Kings in section A (``A1``, ``A2``), Queens and Jacks in section B
(``B1``, ``B2``), one match each of boards 1 and 2, as tests/io/test_team_sections_files.py
plays it: each team North-South makes there what that file's team of the same id makes
(A1 +420 and +630, A2 +450 and +600; B1 +990 and +90, B2 +490 and -590). Worked by hand
there: A1 v A2 1-1 IMPs, 10.00-10.00 VPs, both first in A; B1 v B2 23-0 IMPs, past the
2-board blitz, 20.00-0.00 VPs, B1 first and B2 second in B.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from pathlib import Path

import pytest
from django.test import Client

from bridgescore.events.model import Event, ResultRow
from bridgescore.events.scoring import score_event
from bridgescore.events.section_files import ranked_by_section
from bridgescore.events.teams import TeamsResult, TeamStanding
from bridgescore.io.events import load_event
from bridgescore.web import in_play, matches, session_movement
from bridgescore.web.models import Club, Session, TableLink
from web.posting import send_entry
from web.test_teams import Room

# what the team sitting North-South makes on each board: (level, strain, doubled, declarer,
# result), as tests/io/test_team_sections_files.py's rows
MADE = {
    ("A1", 1): ("4", "S", "", "N", "="), ("A2", 1): ("4", "S", "", "N", "+1"),
    ("A1", 2): ("3", "NT", "", "S", "+1"), ("A2", 2): ("3", "NT", "", "S", "="),
    ("B1", 1): ("6", "NT", "", "N", "="), ("B2", 1): ("3", "NT", "", "N", "+3"),
    ("B1", 2): ("1", "NT", "", "N", "="), ("B2", 2): ("4", "S", "X", "E", "="),
}  # fmt: skip
HAND = {
    "A": [("A1", 10.0, 1.0, 1.0, "1="), ("A2", 10.0, 1.0, 1.0, "1=")],
    "B": [("B1", 20.0, 23.0, 0.0, "1"), ("B2", 0.0, 0.0, 23.0, "2")],
}


def _played(club: Club, sections: str = "AB") -> Session:
    """The session with the matches of ``sections`` played."""
    session = matches.create_teams_session(
        club, "Teams in sections", ["Aces", "Kings", "Queens", "Jacks"], 2, sections=2
    )
    movement = session_movement.movement_of(session)
    for seat in movement.rounds[0].tables:
        if seat.ns[0] not in sections:
            continue
        link = TableLink.objects.get(session=session, table=seat.table)
        device = Client()
        assert device.get(f"/t/{link.token}/").status_code == 200
        for board in seat.boards:
            level, strain, doubled, declarer, result = MADE[(seat.ns, board)]
            answer = send_entry(
                device, link.token, round=1, board=board, level=level, strain=strain,
                doubled=doubled, declarer=declarer, result=result,
                entry_id=str(uuid.uuid4()), confirm="1",
            )  # fmt: skip
            assert (answer["http"], answer.get("status")) == (200, "accepted"), answer
    return session


def _exported(td: Client, session: Session, fmt: str, folder: Path) -> Path:
    response = td.get(f"/director/s/{session.pk}/export.{fmt}")
    assert response.status_code == 200
    path = folder / f"session.{fmt}"
    path.write_bytes(response.content)
    return path


def _key(row: ResultRow) -> tuple[int, str]:
    return (row.board, row.table or "")


def _by_section(event: Event) -> dict[str, list[tuple[str, float, float, float, str]]]:
    scored = score_event(event, expect=TeamsResult)
    return {
        letter: [(s.team, s.vp, s.points_for, s.points_against, s.place) for s in ranked]
        for letter, ranked in ranked_by_section(event, scored).items()
    }


@pytest.mark.parametrize("fmt", ["pbn", "xml"])
def test_a_teams_session_in_sections_exports_its_sections(
    td: Client, club: Club, fmt: str, tmp_path: Path
) -> None:
    session = _played(club)
    path = _exported(td, session, fmt, tmp_path)
    text = path.read_text(encoding="utf-8" if fmt == "pbn" else "iso-8859-1")
    if fmt == "pbn":
        assert text.count('[Section "B"]') == 2  # boards 1 and 2 of section B's match
        assert "\nB 1a 1 2 1 3NT N 12 490 -" in text  # B's open room: B2 North-South
    else:
        assert '<SECTION SECTION_ID="B">' in text
        assert "<SECTION_SCORING>APART</SECTION_SCORING>" in text
        assert '<TEAM TEAM_ID="2">' in text  # B2 (and A2) by their number in the section
    ours = in_play.event_of(session)
    back = load_event(path)
    assert not back.results.problems
    # the session's rows, each saying its section (its room's letter)
    assert sorted(back.results.rows, key=_key) == sorted(
        (replace(r, section=(r.table or "?")[0]) for r in ours.results.rows), key=_key
    )
    assert {r.table for r in back.results.rows} == {"A1a", "A1b", "B1a", "B1b"}
    assert sorted((p.id, p.names, p.section) for p in back.participants) == [
        ("A1", ("Aces",), "A"), ("A2", ("Kings",), "A"),
        ("B1", ("Queens",), "B"), ("B2", ("Jacks",), "B"),
    ]  # fmt: skip
    assert _by_section(back) == HAND
    web = {
        letter: [(s.team, s.vp, s.points_for, s.points_against, s.place) for s in ranked]
        for letter, ranked in matches.section_rankings(session).items()
    }
    assert web == HAND


@pytest.mark.parametrize("fmt", ["pbn", "xml"])
def test_a_session_with_one_section_played_exports_both(
    td: Client, club: Club, fmt: str, tmp_path: Path
) -> None:
    """Section A's match in, section B's not yet: the file has both sections (B with its
    teams, no result yet) and reads back to the session's event and rankings."""
    session = _played(club, sections="A")
    path = _exported(td, session, fmt, tmp_path)
    text = path.read_text(encoding="utf-8" if fmt == "pbn" else "iso-8859-1")
    if fmt == "pbn":
        assert (text.count('[Section "A"]'), text.count('[Section "B"]')) == (2, 0)
        assert "\nB 1 Queens\nB 2 Jacks\n" in text  # B's teams, in the total table
    else:
        assert '<SECTION SECTION_ID="B">' in text
    back = load_event(path)
    assert not back.results.problems
    assert {r.table for r in back.results.rows} == {"A1a", "A1b"}
    assert {r.section for r in back.results.rows} == {"A"}
    assert sorted((p.id, p.names, p.section) for p in back.participants) == [
        ("A1", ("Aces",), "A"), ("A2", ("Kings",), "A"),
        ("B1", ("Queens",), "B"), ("B2", ("Jacks",), "B"),
    ]  # fmt: skip
    # B's teams before their match: no VPs nor IMPs, sharing first place
    not_yet = [("B1", 0.0, 0.0, 0.0, "1="), ("B2", 0.0, 0.0, 0.0, "1=")]
    assert _by_section(back) == {"A": HAND["A"], "B": not_yet}


def test_a_one_field_teams_export_has_no_sections(td: Client, club: Club, tmp_path: Path) -> None:
    session = matches.create_teams_session(club, "Teams", ["Aces", "Kings"], 2)
    text = _exported(td, session, "xml", tmp_path).read_text(encoding="iso-8859-1")
    assert "SECTION" not in text
    assert '<TEAM TEAM_ID="Aces">' in text


def _ranked(standings: tuple[TeamStanding, ...]) -> list[tuple[str, float, float, float, str]]:
    return [(s.team, s.vp, s.points_for, s.points_against, s.place) for s in standings]


@pytest.mark.parametrize("fmt", ["pbn", "xml"])
@pytest.mark.parametrize("sections", [1, 2])
def test_a_byes_vps_are_exported_and_read_back(
    td: Client, club: Club, fmt: str, sections: int, tmp_path: Path
) -> None:
    """Round 1 of a round robin with an odd count: the team on the bye scores the
    session's 12 VPs, which no match carries. One field of three (Aces, Kings, Queens)
    or two sections (A: Aces, Kings, Queens; B: Jacks, Tens): the file read back ranks
    the bye's team with its 12 VPs, as the web does, and the match's two teams share the
    scale's 20 between them."""
    teams = ["Aces", "Kings", "Queens", "Jacks", "Tens"][: 3 if sections == 1 else 5]
    session = matches.create_teams_session(club, "Byes", teams, 2, sections=sections)
    Room(session).play_round(1)
    byes = matches.round_byes(session)[1]
    (bye,) = byes
    back = load_event(_exported(td, session, fmt, tmp_path))
    assert not back.results.problems
    assert [(a.id, a.vp) for a in back.adjustments] == [(bye, 12.0)]
    ours = matches.teams_result(session)
    assert ours is not None
    if sections == 1:
        ranked = _ranked(score_event(back, expect=TeamsResult).standings)
        assert ranked == _ranked(ours.standings)
    else:
        assert _by_section(back) == {
            letter: _ranked(rows) for letter, rows in matches.section_rankings(session).items()
        }
        ranked = [row for rows in _by_section(back).values() for row in rows]
    vps = {team: vp for team, vp, _for, _against, _place in ranked}
    assert vps[bye] == 12.0
    played = (
        [vps[t] for t in ("A1", "A2", "A3") if t != bye]
        if sections == 2
        else [vps[t] for t in teams if t != bye]
    )
    assert sum(played) == 20.0


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_a_byes_vps_are_in_the_results_files_too(
    td: Client, club: Club, fmt: str, tmp_path: Path
) -> None:
    """The CSV and JSON exports of a round robin of three carry the bye's 12 VPs (a
    ``# adjustment`` record, an ``adjustments`` list): read back, the file ranks the bye's
    team with them, as the web does."""
    session = matches.create_teams_session(club, "Byes", ["Aces", "Kings", "Queens"], 2)
    Room(session).play_round(1)
    (bye,) = matches.round_byes(session)[1]
    path = _exported(td, session, fmt, tmp_path)
    text = path.read_text(encoding="utf-8")
    assert (f"# adjustment,{bye},12\n" if fmt == "csv" else f'"id": "{bye}"') in text
    back = load_event(path)
    assert [(a.id, a.vp) for a in back.adjustments] == [(bye, 12.0)]
    ours = matches.teams_result(session)
    assert ours is not None
    ranked = _ranked(score_event(back, expect=TeamsResult).standings)
    assert ranked == _ranked(ours.standings)
    assert {team: vp for team, vp, *_rest in ranked}[bye] == 12.0


@pytest.mark.parametrize("fmt", ["pbn", "xml", "csv", "json"])
def test_a_board_not_played_in_one_room_is_exported_and_read_back(
    td: Client, club: Club, fmt: str, tmp_path: Path
) -> None:
    """The director marks board 1 not played in B1 v B2's first room: each export says
    so (``NP``) in section B, and the file read back leaves the board out of that match
    as the web does, with no error: board 2 alone, B1 +90 and +590 (4SX by East made
    against B2), 680 = 12 IMPs, 18.97-1.03 VPs on the 1-board scale; A as played."""
    session = _played(club)
    table = next(
        seat.table
        for seat in session_movement.movement_of(session).rounds[0].tables
        if seat.ns == "B1"
    )
    marked = td.post(
        f"/director/s/{session.pk}/cell/1/{table}/", {"board": "1", "adjusted": "NP", "reason": "x"}
    )
    assert marked.status_code == 302
    back = load_event(_exported(td, session, fmt, tmp_path))
    assert not back.results.problems
    marks = [(r.section, r.board, r.ns, r.ew) for r in back.results.rows if r.not_played]
    assert marks == [("B", 1, "B1", "B2")]
    assert _by_section(back) == {
        "A": HAND["A"],
        "B": [("B1", 18.97, 12.0, 0.0, "1"), ("B2", 1.03, 0.0, 12.0, "2")],
    }
    assert _by_section(back) == {
        letter: _ranked(rows) for letter, rows in matches.section_rankings(session).items()
    }
