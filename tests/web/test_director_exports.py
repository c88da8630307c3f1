"""Every export carries the players' names: CSV, JSON, PBN and USEBIO, each read back by
the library with the names of every named pair (or team) found again."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from django.test import Client

from bridgescore.cli.main import cli
from bridgescore.events.scoring import score_event
from bridgescore.events.teams import TeamsResult
from bridgescore.io.events import load_event
from bridgescore.web import clubs, entries, in_play, matches, standings
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
    assert len(data["participants"]) == 6  # every pair, named or not
    assert {"id": "3NS", "names": []} in data["participants"]


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
    assert named == {
        "Aces": (("Ann Ace", "Al Ace"), "team"),
        "Kings": (("Kim King",), "team"),
        "Queens": ((), "team"),  # every team, named or not
        "Jacks": ((), "team"),
    }


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


def _part_played(session: Session) -> None:
    """Rounds 1 and 2 at tables 1 and 2, with the opening leads; table 3 has entered
    nothing, so pair 3NS has played no board yet."""
    played = [
        (1, 1, 1, "4S", "N", "=", "HK"), (1, 1, 2, "3NT", "S", "-1", "S5"),
        (1, 2, 3, "2H", "E", "+1", "DA"), (1, 2, 4, "1NT", "N", "=", "C2"),
        (2, 1, 3, "3H", "E", "-1", "S10"), (2, 1, 4, "2C", "S", "=", "HQ"),
        (2, 2, 5, "4H", "W", "=", "CJ"), (2, 2, 6, "6NT", "S", "-1", "DK"),
    ]  # fmt: skip
    for rnd, table, board, contract, declarer, result, lead in played:
        inp = in_play.EntryInput(rnd, table, board, contract, declarer, result, lead=lead)
        entries.record_entry(session, inp, by_table=True)


@pytest.mark.parametrize("fmt", ["csv", "json", "pbn", "xml"])
def test_every_export_reads_back_to_the_same_event_with_every_pair(
    td: Client, session: Session, fmt: str, tmp_path: Path
) -> None:
    """``bridgescore event`` on the export ranks every pair the web ranks (3 NS, 3 EW:
    pairs 3NS and 3EW with no board yet) as the web ranks them, and the file carries the
    session's date and the opening leads."""
    Session.objects.filter(pk=session.pk).update(date=datetime.date(2026, 12, 1))
    session.refresh_from_db()
    _part_played(session)
    path = _exported(td, session, fmt, tmp_path)
    ran = CliRunner().invoke(cli, ["event", str(path), "--json"])
    assert ran.exit_code == 0, ran.output
    summary = json.loads(ran.output[ran.output.index("{") :])
    ours = [(s.pair, s.place, round(s.percent or 0, 2)) for s in standings.ranking(session)]
    listed = summary["participants"]
    theirs = [(s["pair"], s["place"], round(s["percent"] or 0, 2)) for s in listed]
    assert len(ours) == 6
    assert theirs == ours
    back = load_event(path)
    assert back.date in ("2026-12-01", "2026.12.01", "01/12/2026")
    leads = sorted((r.board, r.table, str(r.lead)) for r in back.results.rows)
    assert leads == [
        (1, "1", "HK"), (2, "1", "S5"), (3, "1", "ST"), (3, "2", "DA"), (4, "1", "HQ"),
        (4, "2", "C2"), (5, "2", "CJ"), (6, "2", "DK"),
    ]  # fmt: skip


@pytest.mark.parametrize("fmt", ["csv", "json", "pbn", "xml"])
def test_an_export_is_named_by_club_date_and_session(td: Client, played: Session, fmt: str) -> None:
    plain = f"kapylan-bridgekerho-2026-12-01-tiistai.{fmt}"
    own = f"k%C3%A4pyl%C3%A4n-bridgekerho-2026-12-01-tiistai.{fmt}"
    Club.objects.filter(pk=played.club_id).update(name="Käpylän Bridgekerho")
    Session.objects.filter(pk=played.pk).update(name="Tiistai", date=datetime.date(2026, 12, 1))
    response = td.get(f"/director/s/{played.pk}/export.{fmt}")
    assert response["Content-Disposition"] == (
        f"attachment; filename=\"{plain}\"; filename*=UTF-8''{own}"
    )
    site = td.get(f"/director/s/{played.pk}/site.zip")
    assert site["Content-Disposition"] == (
        'attachment; filename="kapylan-bridgekerho-2026-12-01-tiistai-site.zip";'
        " filename*=UTF-8''k%C3%A4pyl%C3%A4n-bridgekerho-2026-12-01-tiistai-site.zip"
    )


def test_a_hostile_session_name_makes_a_plain_file_name(td: Client, played: Session) -> None:
    Session.objects.filter(pk=played.pk).update(
        name='"; filename=evil.exe\r\nX: y', date=datetime.date(2026, 12, 1)
    )
    response = td.get(f"/director/s/{played.pk}/export.json")
    assert response["Content-Disposition"] == (
        'attachment; filename="riverside-bc-2026-12-01-filenameevilexe-x-y.json"'
    )


def test_the_csv_and_json_say_the_date_the_club_and_the_leads(
    td: Client, session: Session, tmp_path: Path
) -> None:
    Session.objects.filter(pk=session.pk).update(date=datetime.date(2026, 12, 1))
    _part_played(session)
    text = _exported(td, session, "csv", tmp_path).read_text(encoding="utf-8")
    assert text.startswith("# event: Tuesday pairs\n# date: 2026-12-01\n# site: Riverside BC\n")
    assert (
        "board,round,table,ns,ew,contract,declarer,result,score,adjusted,vulnerability,lead\n"
        in text
    )
    assert "\n1,1,1,1NS,1EW,4S,N,10,,,None,HK\n" in text
    assert "# names,3NS\n" in text  # a pair with no board and no names yet
    data = json.loads(_exported(td, session, "json", tmp_path).read_text(encoding="utf-8"))
    assert (data["event"]["date"], data["event"]["site"]) == ("2026-12-01", "Riverside BC")
    assert data["results"][0]["lead"] == "HK"
    spanish = td.get(f"/director/s/{session.pk}/export.csv", HTTP_ACCEPT_LANGUAGE="es")
    spoken = spanish.content.decode()
    assert "\n1,1,1,1NS,1EW,4P,N,10,,,Nadie,♥K\n" in spoken  # P is spades: the lead's suit
    assert "\n2,1,1,1NS,1EW,3ST,S,8,,,NS,♠5\n" in spoken  # is its symbol, never a letter
    path = tmp_path / "spanish.csv"
    path.write_bytes(spanish.content)
    assert load_event(path).results.rows == load_event(tmp_path / "session.csv").results.rows


@pytest.mark.parametrize("fmt", ["csv", "json", "pbn", "xml"])
def test_a_teams_export_reads_back_to_the_same_standings(
    td: Client, club: Club, fmt: str, tmp_path: Path
) -> None:
    """Round 1 of a four-team round robin: ``bridgescore event`` on each export gives
    the web's standings, every team in them."""
    session = matches.create_teams_session(club, "Teams night", TEAMS, 4)
    room = Room(session)
    room.play_round(1)
    path = _exported(td, session, fmt, tmp_path)
    ran = CliRunner().invoke(cli, ["event", str(path), "--json"])
    assert ran.exit_code == 0, ran.output
    summary = json.loads(ran.output[ran.output.index("{") :])
    theirs = {s["id"]: round(s["vp"], 2) for s in summary["participants"]}
    ours = {s.team: round(s.vp, 2) for s in room.library().standings}
    assert ours == {"Aces": 15.74, "Kings": 1.67, "Queens": 18.33, "Jacks": 4.26}
    assert theirs == ours


@pytest.mark.parametrize("fmt", ["csv", "json", "pbn", "xml"])
def test_a_teams_board_not_played_in_one_room_is_exported_and_read_back(
    td: Client, club: Club, fmt: str, tmp_path: Path
) -> None:
    """Round 1 of a four-team round robin, then the director marks board 1 not played in
    one room of the first match: each export says so (``NP``), and ``bridgescore event``
    reads it back with no error, the board left out of that match as the web leaves it."""
    session = matches.create_teams_session(club, "Teams night", TEAMS, 4)
    room = Room(session)
    room.play_round(1)
    marked = td.post(
        f"/director/s/{session.pk}/cell/1/1/", {"board": "1", "adjusted": "NP", "reason": "x"}
    )
    assert marked.status_code == 302
    path = _exported(td, session, fmt, tmp_path)
    ran = CliRunner().invoke(cli, ["event", str(path), "--json"])
    assert ran.exit_code == 0, ran.output
    summary = json.loads(ran.output[ran.output.index("{") :])
    theirs = {s["id"]: round(s["vp"], 2) for s in summary["participants"]}
    web = matches.teams_result(session)
    assert web is not None
    ours = {s.team: round(s.vp, 2) for s in web.standings}
    assert ours == {"Aces": 18.0, "Kings": 1.67, "Queens": 18.33, "Jacks": 2.0}
    assert theirs == ours
    event = load_event(path)
    marks = [(r.board, r.table, r.ns, r.ew) for r in event.results.rows if r.not_played]
    assert marks == [(1, "1a", "Jacks", "Aces")]
    back = {(m.first, m.second): (m.first_points, m.second_points, [b.board for b in m.boards])
            for m in score_event(event, expect=TeamsResult).matches}  # fmt: skip
    assert back == {
        ("Jacks", "Aces"): (13, 30, [2, 3, 4]),
        ("Queens", "Kings"): (28, 7, [1, 2, 3, 4]),
    }
    assert back == {
        (m.first, m.second): (m.first_points, m.second_points, [b.board for b in m.boards])
        for m in web.matches
    }
