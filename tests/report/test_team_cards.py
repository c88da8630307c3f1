"""Guide cards for a teams round robin: a card per room and per team, worked out from the
library's round robin and its two-room passing, printed as HTML and PDF."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli.main import cli
from bridgescore.events.movements.teams import RoundRobin, round_robin
from bridgescore.report.team_cards import (
    RoomRound,
    TeamRound,
    describe,
    room_cards,
    team_card_pages,
    team_cards,
    team_cards_html,
    team_cards_pdf,
)

THREE = round_robin(["Aces", "Kings", "Queens"], 4)
"""Three teams, a bye each round, 4 boards a match: round 1 Queens v Kings (Aces' bye),
round 2 Aces v Queens (Kings'), round 3 Kings v Aces (Queens')."""


def test_each_room_plays_its_half_then_exchanges_with_the_other() -> None:
    rooms = {card.label: card.rounds for card in room_cards(THREE)}
    assert set(rooms) == {"1a", "1b"}  # one match a round: its open and closed room
    # the home team sits North-South in the open room, the away team in the closed room;
    # the open room plays boards 1-2 while the closed room plays 3-4, then they exchange
    assert rooms["1a"] == (
        RoomRound(1, "Queens", "Kings", ((1, 2), (3, 4)), "1b"),
        RoomRound(2, "Aces", "Queens", ((5, 6), (7, 8)), "1b"),
        RoomRound(3, "Kings", "Aces", ((9, 10), (11, 12)), "1b"),
    )
    assert rooms["1b"][0] == RoomRound(1, "Kings", "Queens", ((3, 4), (1, 2)), "1a")
    assert rooms["1b"][0].boards == (3, 4, 1, 2)


def test_each_team_knows_its_opponents_its_rooms_and_its_bye() -> None:
    cards = {card.team: card.rounds for card in team_cards(THREE)}
    assert cards["Aces"] == (
        TeamRound(1, None, None, None, None, ()),
        TeamRound(2, "Queens", True, "1a", "1b", (5, 6, 7, 8)),
        TeamRound(3, "Kings", False, "1b", "1a", (9, 10, 11, 12)),
    )
    assert cards["Aces"][0].bye
    for card in team_cards(THREE):  # every team has one bye and meets the other two
        assert sum(r.bye for r in card.rounds) == 1
        assert len({r.opponents for r in card.rounds if not r.bye}) == 2


def test_a_bigger_round_robin_uses_every_room_every_round() -> None:
    robin = round_robin(8, 2)
    cards = room_cards(robin)
    assert [c.label for c in cards] == ["1a", "1b", "2a", "2b", "3a", "3b", "4a", "4b"]
    for number, rnd in enumerate(robin.rounds):
        played = sorted(b for c in cards for b in c.rounds[number].boards)  # type: ignore[union-attr]
        assert played == sorted(2 * [b for m in rnd.matches for b in m.boards])
    assert describe(robin) == "round robin · 8 teams · 7 rounds · 2 boards a match"


def test_a_swiss_is_headed_as_a_swiss_with_its_rounds_drawn() -> None:
    drawn = RoundRobin(round_robin(8, 2).teams, round_robin(8, 2).rounds[:2])
    assert (
        describe(drawn, swiss_rounds=5)
        == "Swiss · 8 teams · 2 of 5 rounds drawn · 2 boards a match"
    )
    assert "round robin" not in team_cards_html(drawn, "Swiss night", swiss_rounds=5)


def test_cards_as_html_with_each_rooms_link_and_as_pdf() -> None:
    links = {"1a": "http://club.example/t/open/", "1b": "http://club.example/t/closed/"}
    page = team_cards_html(THREE, "Teams night", room_links=links)
    assert '<h2 class="pagetitle">Room 1a</h2>' in page
    assert '<h2 class="pagetitle">Team Kings</h2>' in page
    assert "<title>Room 1b's link</title>" in page  # its QR code
    assert "1-2, then 3-4" in page
    assert "with room 1b" in page
    assert "round robin · 3 teams · 3 rounds · 4 boards a match" in page
    assert len(team_card_pages(THREE)) == 5
    pytest.importorskip("fpdf")
    pdf = team_cards_pdf(THREE, "Teams night", room_links=links)
    assert pdf.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 5


def test_each_room_card_carries_its_tables_code() -> None:
    links = {"1a": "http://192.168.1.20:8000/t/open/", "1b": "http://192.168.1.20:8000/t/closed/"}
    codes = {"1a": "111111", "1b": "222222"}
    pages = {p.title: p for p in team_card_pages(THREE, room_links=links, room_codes=codes)}
    assert [t.title for t in pages["Room 1a"].tables] == ["Rounds", "Scores", "Table code"]
    assert pages["Room 1b"].tables[2].rows[0].cells == ("222222",)
    assert [t.title for t in pages["Team Aces"].tables] == ["Rounds"]
    page = team_cards_html(THREE, "Teams night", room_links=links, room_codes=codes)
    card = page.split('id="room-1a"', 1)[1].split('id="room-1b"', 1)[0]
    assert "<td>111111</td>" in card
    assert "222222" not in card
    pytest.importorskip("fpdf")
    pdf = team_cards_pdf(THREE, "Teams night", room_links=links, room_codes=codes)
    assert pdf.startswith(b"%PDF")


def test_the_cli_prints_a_round_robins_cards(tmp_path: Path) -> None:
    html = tmp_path / "teams.html"
    result = CliRunner().invoke(cli, ["movement", "cards", "robin:5x4", "--html", str(html)])
    assert result.exit_code == 0, result.output
    page = html.read_text()
    for label in ("1a", "1b", "2a", "2b"):
        assert f'<h2 class="pagetitle">Room {label}</h2>' in page
    assert page.count('<h2 class="pagetitle">Team ') == 5
