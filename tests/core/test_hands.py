"""Cards, hands and the PBN deal notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import Seat
from bridgescore.core.hands import SUITS, Card, DealError, Hands, Rank

DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"
ALL_CARDS = [Card(suit, rank) for suit in SUITS for rank in Rank]


def test_parse_and_write_back() -> None:
    hands = Hands.from_pbn(DEAL)
    assert hands.is_complete
    assert hands.to_pbn() == DEAL
    assert Card.parse("ST") in (hands.west or ())
    assert hands.to_pbn(Seat.EAST).startswith("E:A8654.KQ5.T.QJT6 ")
    assert Hands.from_pbn(hands.to_pbn(Seat.WEST)) == hands


def test_unknown_hands() -> None:
    hands = Hands.from_pbn("S:AKQJT98765432... - - -")
    assert hands.south is not None
    assert len(hands.south) == 13
    assert hands.north is None
    assert not hands.is_complete
    assert hands.to_pbn() == "N:- - AKQJT98765432... -"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (DEAL[:-1] + "A", "CA in two hands"),
        ("N:AKQ", "four hands"),
        ("X:- - - -", "starts with N:, E:, S: or W:"),
        ("N:AKQ.JT9.876 - - -", "not a hand"),
        ("N:AA... - - -", "lists a card twice"),
        ("N:AKQJT98765432.2.. - - -", "has 14 cards"),
        ("N:AKQJT9876543... 2.AKQJT9876543.. .2.AKQJT9876543. ...AKQJT98765432", "13 cards a hand"),
    ],
)
def test_bad_deals(text: str, message: str) -> None:
    with pytest.raises(DealError, match=message) as caught:
        Hands.from_pbn(text)
    assert isinstance(caught.value, ValueError)


def test_cards() -> None:
    assert str(Card.parse("h10")) == "HT"
    assert Card.parse("♠A") == Card(SUITS[0], Rank.ACE)
    with pytest.raises(DealError):
        Card.parse("X")
    with pytest.raises(DealError):
        Card.parse("S1")


@given(st.permutations(ALL_CARDS), st.sampled_from(list(Seat)))
def test_any_full_deal_round_trips(cards: list[Card], first: Seat) -> None:
    hands = Hands(*(frozenset(cards[13 * i : 13 * i + 13]) for i in range(4)))
    assert hands.is_complete
    assert Hands.from_pbn(hands.to_pbn(first)) == hands
