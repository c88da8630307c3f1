"""A session in sections exported as PBN and USEBIO (issue 28): scored within each section,
the files carry its sections (each section's traveller under its letter, its pairs and
tables by their numbers in the section) and read back to the session's event, ranked as
the web ranks it; scored across the field, they are one field, as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from bridgescore.events.model import Event, ResultRow
from bridgescore.events.pairs import PairsResult, score_pairs
from bridgescore.events.scoring import score_event
from bridgescore.io.events import load_event
from bridgescore.web import entries, in_play, standings
from bridgescore.web.models import Club, Session
from web.test_sections import _play_board_one, _set_up


def _exported(td: Client, session: Session, fmt: str, folder: Path) -> Path:
    response = td.get(f"/director/s/{session.pk}/export.{fmt}")
    assert response.status_code == 200
    path = folder / f"session.{fmt}"
    path.write_bytes(response.content)
    return path


def _key(row: ResultRow) -> tuple[int, str, str]:
    return (row.board, row.section or "", row.table or "")


def _percents(event: Event) -> list[float]:
    scored = {s.pair: s for s in score_pairs(event.results, event.scoring).standings}
    return [round(scored[p].percent or 0, 2) for p in ("A1NS", "A3NS", "B1NS", "B3NS")]


@pytest.mark.parametrize("fmt", ["pbn", "xml"])
def test_a_session_scored_apart_exports_its_sections(
    td: Client, club: Club, fmt: str, tmp_path: Path
) -> None:
    session = _set_up(td, club, "apart")
    _play_board_one(session)
    path = _exported(td, session, fmt, tmp_path)
    text = path.read_text(encoding="utf-8" if fmt == "pbn" else "iso-8859-1")
    if fmt == "pbn":
        assert text.count('[Section "B"]') == 1  # board 1's traveller of section B
        assert "\nB 1 1 1NS 1EW 4S" in text  # table B1, round 1: B1NS against B1EW
    else:
        assert '<SECTION SECTION_ID="B">' in text
        assert "<SECTION_SCORING>APART</SECTION_SCORING>" in text
    ours = in_play.event_of(session)
    back = load_event(path)
    assert not back.results.errors
    assert sorted(back.results.rows, key=_key) == sorted(ours.results.rows, key=_key)
    assert {(r.table, r.section) for r in back.results.rows} == {
        ("A1", "A"), ("A3", "A"), ("B1", "B"), ("B3", "B")
    }  # fmt: skip
    named = {p.id: (p.names, p.section) for p in back.participants}
    assert named["A1NS"] == (("Ann", "Bob"), "A")
    assert named["B1NS"] == (("Eve", "Fay"), "B")
    # each section's two results compared with each other only (tests/web/test_sections.py)
    assert _percents(back) == [100.0, 0.0, 0.0, 100.0]
    web = {s.pair: (s.place, round(float(s.percent or 0), 2)) for s in standings.ranking(session)}
    scored = score_pairs(back.results, back.scoring).standings
    assert {s.pair: (s.place, round(s.percent or 0, 2)) for s in scored} == {
        pair: web[pair] for pair in (s.pair for s in scored)
    }


@pytest.mark.parametrize("fmt", ["pbn", "xml"])
def test_a_session_scored_across_exports_one_field(
    td: Client, club: Club, fmt: str, tmp_path: Path
) -> None:
    session = _set_up(td, club, "across")
    _play_board_one(session)
    path = _exported(td, session, fmt, tmp_path)
    text = path.read_text(encoding="utf-8" if fmt == "pbn" else "iso-8859-1")
    assert "Section" not in text
    assert "SECTION" not in text
    back = load_event(path)
    assert {r.section for r in back.results.rows} == {None}
    # one field of four results on board 1 (tests/web/test_sections.py)
    assert _percents(back) == [83.33, 16.67, 16.67, 83.33]


@pytest.mark.parametrize("fmt", ["pbn", "xml", "csv", "json"])
def test_a_howell_section_stopped_after_round_1_is_one_ranking_read_back(
    td: Client, club: Club, fmt: str, tmp_path: Path
) -> None:
    """``mitchell:3x2 + howell:4x3`` after round 1: no Howell pair has sat both ways yet,
    and section B was ranked North-South (B8) and East-West (B1) on the page and read back
    from every export; its movement makes it one ranking of its eight pairs, its table
    1's pairs (B8 +420 against B1, the board's one result) tied first, the six pairs that
    played nothing after them."""
    response = td.post(
        "/director/new/",
        {"club": str(club.pk), "name": "Howell beside", "sections": "apart",
         "typed_spec": "mitchell:3x2 + howell:4x3"},
    )  # fmt: skip
    assert response.status_code == 302, response.content.decode()
    session = Session.objects.get(name="Howell beside")
    for table in (1, 4):  # section A's table 1, section B's table 1 (8 v 1, boards 1-3)
        entries.record_entry(
            session,
            in_play.EntryInput(1, table, 1, "4S", "N", "="),
            by_table=False,
            reason="slip from the table",
        )
    web = {s.pair: (s.field, s.place) for s in standings.ranking(session)}
    assert (web["B8"], web["B1"], web["B5"]) == (("B", "1="), ("B", "1="), ("B", "3="))
    assert (web["A1NS"], web["A1EW"]) == (("A NS", "1"), ("A EW", "1"))
    back = load_event(_exported(td, session, fmt, tmp_path))
    scored = score_event(back)
    assert isinstance(scored, PairsResult)
    assert scored.fields == ("A NS", "A EW", "B")
    assert {s.pair: (s.field, s.place) for s in scored.standings if s.pair in web} == {
        s.pair: web[s.pair] for s in scored.standings if s.pair in web
    }
