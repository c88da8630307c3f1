"""Every export carries the players' names: CSV, JSON, PBN and USEBIO, each read back by
the library with the names of every named pair (or team) found again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import Client

from bridgescore.io.events import load_event
from bridgescore.web import clubs, matches
from bridgescore.web.models import Club, Player, Session
from web.test_teams import TEAMS, Room

NAMED = {
    "1NS": ("Ann", "Bob"),  # the session's own names (conftest)
    "1EW": ("Cy", "Di"),
    "2NS": ("Zoë Ångström", "Seán O'Brien"),  # named from the roster
    "3EW": ("Smith, Pat", 'Lee "Lucky" Wu'),  # a comma and quotes in a name
}


def _name_pairs(session: Session) -> None:
    for pair in ("2NS", "3EW"):
        players = [Player.objects.create(club=session.club, name=n) for n in NAMED[pair]]
        clubs.set_pair_names(session, pair, players)


def _exported(td: Client, session: Session, fmt: str, folder: Path) -> Path:
    response = td.get(f"/director/s/{session.pk}/export.{fmt}")
    assert response.status_code == 200
    path = folder / f"session.{fmt}"
    path.write_bytes(response.content)
    return path


@pytest.mark.parametrize("fmt", ["csv", "json", "pbn", "xml"])
def test_every_export_carries_the_pairs_names(
    td: Client, played: Session, fmt: str, tmp_path: Path
) -> None:
    _name_pairs(played)
    back = load_event(_exported(td, played, fmt, tmp_path))
    names = {p.id: p.names for p in back.participants if p.names}
    assert names == NAMED
    assert len(back.results.rows) == 18


def test_the_csv_and_json_say_the_names_where_a_reader_looks(
    td: Client, played: Session, tmp_path: Path
) -> None:
    _name_pairs(played)
    csv_text = _exported(td, played, "csv", tmp_path).read_text(encoding="utf-8")
    assert "# names,1NS,Ann,Bob\n" in csv_text
    assert '# names,3EW,"Smith, Pat","Lee ""Lucky"" Wu"\n' in csv_text
    assert csv_text.index("# names") < csv_text.index("board,round,table")
    data = json.loads(_exported(td, played, "json", tmp_path).read_text(encoding="utf-8"))
    assert data["participants"][:2] == [
        {"id": "1NS", "names": ["Ann", "Bob"]},
        {"id": "1EW", "names": ["Cy", "Di"]},
    ]
    assert len(data["participants"]) == 4  # the unnamed pairs are in the results only


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_a_teams_export_carries_the_teams_players(
    td: Client, club: Club, fmt: str, tmp_path: Path
) -> None:
    session = matches.create_teams_session(
        club, "Teams night", TEAMS, 4, members={"Aces": "Ann Ace & Al Ace", "Kings": "Kim King"}
    )
    Room(session).play_round(1)
    back = load_event(_exported(td, session, fmt, tmp_path))
    assert back.kind == "teams"
    named = {p.id: (p.names, p.kind) for p in back.participants}
    assert named == {"Aces": (("Ann Ace", "Al Ace"), "team"), "Kings": (("Kim King",), "team")}


@pytest.mark.parametrize(
    ("language", "board_5"),
    [("fi", "5,1,3,3NS,3EW,4H,L,10,,,PE"), ("es", "5,1,3,3NS,3EW,4C,O,10,,,NS")],
)
def test_a_csv_export_is_written_in_the_directors_notation(
    td: Client, played: Session, tmp_path: Path, language: str, board_5: str
) -> None:
    response = td.get(f"/director/s/{played.pk}/export.csv", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    text = response.content.decode()
    assert f"# language: {language}\n" in text
    # Board 5, round 1: 4H by West, 10 tricks, North-South vulnerable (the session's own).
    assert f"\n{board_5}\n" in text
    path = tmp_path / "session.csv"
    path.write_bytes(response.content)
    english = tmp_path / "english.csv"
    english.write_bytes(td.get(f"/director/s/{played.pk}/export.csv").content)
    assert "\n5,1,3,3NS,3EW,4H,W,10,,,NS\n" in english.read_text(encoding="utf-8")
    assert load_event(path).results.rows == load_event(english).results.rows
