"""Fixtures for the web app: a club with a director, a session under way, its tables."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from pytest_django import Settings

from bridgescore.events.movements.spec import build
from bridgescore.web import clubs, entries, in_play, session_movement
from bridgescore.web.models import Club, Director, Session, TableLink

SPEC = "mitchell:3x2"  # 3 tables, 3 rounds, 2 boards a round: boards 1-6


@pytest.fixture(autouse=True)
def _english_between_requests() -> Iterator[None]:
    """Each test starts in English: a request leaves its language active in the thread
    (``LocaleMiddleware`` activates it), and a session made outside a request takes the
    active language as the one it publishes in."""
    translation.activate("en")
    yield
    translation.activate("en")


@pytest.fixture(autouse=True)
def _quick_passwords(settings: Settings) -> None:
    """Passwords hashed quickly in these tests: the app's hasher (Django's PBKDF2, held by
    ``test_the_app_hashes_passwords_slowly``) takes a quarter of a second a password, and
    the tests make hundreds of directors."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _analysis_at_once(settings: Settings) -> None:
    """Hand records saved are analysed at once, in the test's own thread (when their
    transaction commits): no thread outlives a test."""
    settings.BRIDGESCORE_ANALYSIS = "now"


@pytest.fixture
def club(db: None) -> Club:
    return Club.objects.create(name="Riverside BC")


@pytest.fixture
def director(club: Club) -> User:
    user = User.objects.create_user("td", password="a long enough password")
    Director.objects.create(user=user, club=club)
    return user


@pytest.fixture
def session(club: Club) -> Session:
    names = {"1NS": "Ann & Bob", "1EW": "Cy & Di"}
    return clubs.create_session(club, "Tuesday pairs", build(SPEC), spec=SPEC, names=names)


@pytest.fixture
def td(client: Client, director: User) -> Client:
    client.force_login(director)
    return client


@pytest.fixture
def link(session: Session) -> Callable[[int], TableLink]:
    """The link of a table of the session."""
    return lambda table: TableLink.objects.get(session=session, table=table)


def _phone(link: TableLink) -> Client:
    device = Client()
    response = device.get(f"/t/{link.token}/")
    assert response.status_code == 200
    return device


@pytest.fixture
def phone() -> Callable[[TableLink], Client]:
    """A phone that opened a table's link first (and so holds the table)."""
    return _phone


@pytest.fixture
def other_club(db: None) -> Club:
    return Club.objects.create(name="Hilltop BC")


@pytest.fixture
def other_director(other_club: Club) -> User:
    user = User.objects.create_user("hilltop-td", password="another long password")
    Director.objects.create(user=user, club=other_club)
    return user


@pytest.fixture
def other_session(other_club: Club) -> Session:
    """A session of another club (with its own secret names)."""
    names = {"1NS": "Zed Quill & Yan Xu"}
    return clubs.create_session(other_club, "Hilltop Monday", build(SPEC), spec=SPEC, names=names)


@pytest.fixture
def second_session(club: Club) -> Session:
    """Another session of the same club."""
    return clubs.create_session(club, "Friday pairs", build(SPEC), spec=SPEC)


PLAYED = [  # (contract, declarer, result) for each board, at its first, second, third table
    ("4S", "N", "="), ("4S", "N", "+1"), ("2S", "N", "+2"),
    ("3NT", "S", "="), ("3NT", "S", "-1"), ("3NT", "S", "+1"),
    ("2H", "E", "="), ("3H", "E", "-1"), ("2H", "E", "+1"),
    ("1NT", "N", "="), ("1NT", "N", "+1"), ("2C", "S", "="),
    ("4H", "W", "="), ("4H", "W", "-1"), ("5CX", "N", "-2"),
    ("6NT", "S", "="), ("3NT", "S", "+3"), ("6NT", "S", "-1"),
]  # fmt: skip
"""Results for every board of the 3-table Mitchell, three tables a board."""


def play_all(target: Session, rounds: int = 3) -> None:
    """Every board of the first ``rounds`` rounds entered by the tables."""
    from bridgescore.events.movements.fit import seatings

    seen: dict[int, int] = {}
    for s in seatings(session_movement.movement_of(target)):
        if s.round > rounds:
            continue
        nth = seen.get(s.board, 0)
        seen[s.board] = nth + 1
        contract, declarer, result = PLAYED[(s.board - 1) * 3 + nth]
        inp = in_play.EntryInput(s.round, s.table, s.board, contract, declarer, result)
        entries.record_entry(target, inp, by_table=True)


@pytest.fixture
def played(session: Session) -> Session:
    """The session with every result in."""
    play_all(session)
    return session


HANDS = Path(__file__).parents[1] / "io" / "data" / "pbn" / "bridgewebs_hands.pbn"
"""A club's real hand records: 24 deals (Bridgewebs)."""


@pytest.fixture
def hands_session(club: Club) -> Session:
    """A session with its hand records loaded."""
    text = HANDS.read_text(encoding="latin-1")
    return clubs.create_session(club, "With hands", build(SPEC), spec=SPEC, hands_pbn=text)
