"""The demo club: a director login and a session under way (round 1 played, round 2
begun), so that ``bridgescore serve --demo`` shows every page at once."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Final

from django.contrib.auth import get_user_model
from django.db import transaction

from bridgescore.events.movements.spec import MovementSpec
from bridgescore.web import clubs, entries, in_play, session_movement
from bridgescore.web.models import Club, Director, Player, Session

DEMO_CLUB: Final = "Demo Bridge Club"
DEMO_USER: Final = "director"
DEMO_PASSWORD: Final = "demo-bridge-club"
DEMO_SPEC: Final = "howell:4x3"

NAMES: Final = {
    "1": "Ann Smith & Bob Jones",
    "2": "Carol White & Dan Brown",
    "3": "Eve Black & Frank Green",
    "4": "Grace Hall & Henry King",
    "5": "Ida Lee & Jack Moore",
    "6": "Kate Hill & Leo Wood",
    "7": "Mia Clark & Ned Scott",
    "8": "Olga Young & Paul Adams",
}

RESULTS: Final = [  # (contract, declarer, result) in the order the movement lists boards
    ("4S", "N", "="),
    ("3NT", "S", "+1"),
    ("2H", "E", "-1"),
    ("4H", "W", "="),
    ("3NT", "N", "="),
    ("1NT", "S", "+1"),
    ("5DX", "E", "-2"),
    ("4S", "S", "-1"),
    ("Pass", "", ""),
    ("6NT", "N", "="),
    ("3C", "W", "+1"),
    ("2S", "N", "="),
]


@dataclass(frozen=True, slots=True)
class Demo:
    username: str
    password: str
    session_id: int


@transaction.atomic
def ensure_demo() -> Demo:
    """The demo club, its director and its session (made once; found again later)."""
    club, _ = Club.objects.get_or_create(name=DEMO_CLUB)
    users = get_user_model()
    user = users.objects.filter(username=DEMO_USER).first()
    if user is None:
        user = users.objects.create_user(DEMO_USER, password=DEMO_PASSWORD)
    Director.objects.get_or_create(user=user, club=club)
    for names in NAMES.values():
        for name in names.split(" & "):
            Player.objects.get_or_create(club=club, name=name)
    session = Session.objects.filter(club=club, name="Demo pairs").first()
    if session is None:
        spec = MovementSpec.parse(DEMO_SPEC)
        session = clubs.create_session(
            club,
            "Demo pairs",
            spec.build(),
            spec=str(spec),
            names=NAMES,
            date=datetime.date.today(),
        )
        movement = session_movement.movement_of(session)
        cells = [(1, t.table, b) for t in movement.rounds[0].tables for b in t.boards]
        cells += [(2, t.table, t.boards[0]) for t in movement.rounds[1].tables]
        for (rnd, table, board), (contract, declarer, result) in zip(
            cells, RESULTS * 2, strict=False
        ):
            inp = in_play.EntryInput(rnd, table, board, contract, declarer, result)
            entries.record_entry(session, inp, by_table=True)
    return Demo(DEMO_USER, DEMO_PASSWORD, session.pk)
