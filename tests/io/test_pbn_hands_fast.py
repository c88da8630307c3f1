"""The PBN reader's fast path for ``[Deal]`` equals :meth:`Hands.from_pbn`.

The reader does not call ``Hands.from_pbn`` on every deal. ``bridgescore.io.pbn._checks``
has two shortcuts, and the reader uses both (``_checks.read_facts``):

- ``deal_ok(text)`` says, without building anything, whether ``from_pbn`` would read the
  deal without an error; a lenient read that needs no hands trusts it and skips parsing.
- ``read_hands(text)`` builds the hands from cached cards and suit holdings (and is itself
  cached: a board's deal repeats at every table), falling back to ``from_pbn`` for
  anything unusual so that errors read the same.

These tests hold both to ``from_pbn``: over random deals (full, partial, with unknown
hands, in any case and card order), over random damage to deals and random text, and
over every ``[Deal]`` of the real files in ``tests/io/data/pbn``, read directly and
through the reader (``to_event``'s hands).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bridgescore.core.hands import DealError, Hands
from bridgescore.io.pbn import load, to_event
from bridgescore.io.pbn._checks import deal_ok, read_hands

DATA = Path(__file__).parent / "data" / "pbn"
FILES = sorted(DATA.glob("*.pbn"))
RANKS = "23456789TJQKA"
SEATS = "NESW"
DEAL_TAG = re.compile(rb'^\[Deal "([^"]*)"\]', re.MULTILINE)
HANDS_PER_FILE = {  # boards with a readable deal
    "bridgecomposer_2025-12-23.pbn": 24,
    "bridgecomposer_2025-12-30.pbn": 24,
    "bridgewebs_hands.pbn": 24,
    "camrose24_ben_v_wbridge5.pbn": 160,
    "jfr_wb130808.pbn": 27,
    "magic_contest_butler.pbn": 0,
    "magic_contest_test_set.pbn": 28,
    "realbridge_example2.pbn": 10,
    "ruter_impcross.pbn": 42,
    "ruter_indi.pbn": 62,
    "ruter_sm1.pbn": 66,
    "ruter_sm2.pbn": 39,
    "ruter_team.pbn": 0,
    "ruter_cross2.pbn": 16,
    "ruter_div2.pbn": 0,
}
DEAL = "N:AKQ2.JT9.876.543 JT98.AKQ.KQ.JT98 7654.876.AJ9.A76 3.5432.T5432.KQ2"


def slow(text: str) -> Hands | str:
    """What ``Hands.from_pbn`` makes of ``text``: the hands, or its error message."""
    try:
        return Hands.from_pbn(text)
    except DealError as error:
        return f"DealError: {error}"


def fast(text: str) -> Hands | str:
    """What the fast path makes of ``text``, uncached and cached (they must agree)."""
    read_hands.cache_clear()
    try:
        first = read_hands(text)
    except DealError as error:
        return f"DealError: {error}"
    assert read_hands(text) == first  # the cached answer is the same
    return first


def assert_same(text: str) -> None:
    """The fast path and ``from_pbn`` agree on ``text``; ``deal_ok`` never vouches wrongly."""
    expected = slow(text)
    assert fast(text) == expected
    if deal_ok(text):
        assert isinstance(expected, Hands), f"deal_ok passed a deal from_pbn rejects: {text!r}"
    elif text.isascii():
        # for ASCII text deal_ok is exact; beyond it, it may only be more careful
        assert isinstance(expected, str), f"deal_ok rejected a deal from_pbn reads: {text!r}"


# --- random deals ---------------------------------------------------------------------


@st.composite
def deals(draw: st.DrawFn, *, full: bool = True) -> str:
    """A PBN deal: 52 shuffled cards dealt 13 a hand (or, ``full=False``, some of them),
    written from any first seat, in any letter case and card order, some hands ``-``."""
    order = draw(st.permutations(range(52)))
    counts = [13] * 4 if full else [draw(st.integers(0, 13)) for _ in range(4)]
    unknown = draw(st.lists(st.booleans(), min_size=4, max_size=4)) if not full else [False] * 4
    if not full and not any(unknown) and counts != [13, 13, 13, 13]:
        unknown[draw(st.integers(0, 3))] = True  # four known hands must hold 13 cards each
    hands: list[str] = []
    start = 0
    for seat in range(4):
        cards = order[start : start + counts[seat]]
        start += counts[seat]
        suits = [[RANKS[card % 13] for card in cards if card // 13 == suit] for suit in range(4)]
        written = []
        for ranks in suits:
            if draw(st.booleans()):
                ranks = sorted(ranks, key=RANKS.index, reverse=True)  # as programs write them
            written.append("".join(ranks))
        hand = ".".join(written)
        if draw(st.booleans()):
            hand = hand.lower()
        hands.append("-" if unknown[seat] else hand)
    first = draw(st.sampled_from(SEATS + SEATS.lower()))
    spaces = draw(st.lists(st.sampled_from([" ", "  ", "\t"]), min_size=3, max_size=3))
    body = hands[0] + spaces[0] + hands[1] + spaces[1] + hands[2] + spaces[2] + hands[3]
    pad = draw(st.sampled_from(["", " ", "\t "]))
    return f"{pad}{first}:{body}{pad}"


@given(deals())
@example(DEAL)
@example("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
def test_a_full_deal_is_read_alike(text: str) -> None:
    hands = fast(text)
    assert isinstance(hands, Hands)
    assert hands.is_complete
    assert hands == slow(text)
    assert deal_ok(text)
    assert read_hands(hands.to_pbn()) == hands  # and its written form reads back


@given(deals(full=False))
@example("N:- - - -")
@example("E:AK.-.Q.J - - -")
@example("S:... - - -")
def test_a_partial_deal_is_read_alike(text: str) -> None:
    assert_same(text)


# --- damaged deals and random text ----------------------------------------------------

# the characters a deal is made of, and a few that are near misses
DEAL_CHARS = "AKQJT98765432akqjt.-: NESWnesw\t10xX♠"


@given(deals(), st.lists(st.tuples(st.integers(0, 80), st.sampled_from(DEAL_CHARS)), max_size=4))
def test_a_damaged_deal_is_read_alike(text: str, edits: list[tuple[int, str]]) -> None:
    chars = list(text)
    for position, char in edits:
        at = position % (len(chars) + 1)
        if at < len(chars) and position % 3 == 0:
            del chars[at]  # a card or a dot lost
        elif at < len(chars) and position % 3 == 1:
            chars[at] = char  # a card mistyped
        else:
            chars.insert(at, char)  # a card too many
    assert_same("".join(chars))


@given(st.text(alphabet=DEAL_CHARS, max_size=80))
def test_any_text_of_deal_characters_is_read_alike(text: str) -> None:
    assert_same(text)


@given(st.text(max_size=80))
def test_any_text_is_read_alike(text: str) -> None:
    assert_same(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "N",
        "N:",
        "X:" + DEAL[2:],
        "N;" + DEAL[2:],
        "N:" + DEAL[2:].replace(" ", "  ", 1),
        DEAL.replace("AKQ2", "AKQ2A"),  # a card twice in a hand
        DEAL.replace("AKQ2", "AKQ"),  # 12 cards in a full deal
        DEAL.replace("7654", "A654"),  # the spade ace in two hands
        DEAL.replace("AKQ2.JT9", "AKQ2JT9"),  # a dot lost
        DEAL.replace("T", "10"),  # 10 for ten is not PBN
        DEAL + " AKQ.-.-.-",  # five hands
        DEAL.rsplit(" ", 1)[0],  # three hands
        "N:AKQJT98765432A... - - -",  # 14 cards
        "N:AKQJT98765432.2.. - - -",  # 14 cards, two suits
        "n:" + DEAL[2:].lower(),
        "\u017f:" + DEAL[2:],  # long s: upper-cases to S
    ],
)
def test_hard_cases_are_read_alike(text: str) -> None:
    assert_same(text)


def test_deal_ok_is_careful_beyond_ascii() -> None:
    # "ſ".upper() == "S", so from_pbn takes "ſ:" as South; the quick check does not, which
    # only means the reader parses that deal fully instead of trusting it
    text = "\u017f:" + DEAL[2:]
    assert isinstance(slow(text), Hands)
    assert not deal_ok(text)


# --- real files -----------------------------------------------------------------------


def deals_in(path: Path) -> list[str]:
    """Every ``[Deal]`` value written in the file, as the reader decodes it."""
    data = path.read_bytes()
    encoding = "utf-8"
    try:
        data.decode("utf-8-sig")
        encoding = "utf-8-sig"
    except UnicodeDecodeError:
        encoding = "latin-1"
    return [value.decode(encoding) for value in DEAL_TAG.findall(data)]


def test_the_real_files_have_deals() -> None:
    assert len(FILES) == 15
    assert sum(len(deals_in(path)) for path in FILES) == 1269  # 1252 + 16 (cross2) + 1 (div2)


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_every_real_deal_is_read_alike(path: Path) -> None:
    texts = deals_in(path)
    assert texts
    for text in texts:
        assert_same(text)
    read_hands.cache_clear()
    for text in texts:  # and in the file's order, the cache warm, as the reader meets them
        try:
            cached: Hands | str = read_hands(text)
        except DealError as error:
            cached = f"DealError: {error}"
        assert cached == slow(text)


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_the_reader_hands_equal_from_pbn(path: Path) -> None:
    # through the reader: each board's hands in the event are from_pbn of the first
    # (inheritance resolved) deal given for that board
    document = load(path)
    expected: dict[int, Hands] = {}
    for game in document.games:
        board, deal = game.get("Board"), game.get("Deal")
        if board is None or deal is None or not board.strip().isdigit():
            continue
        try:
            hands = Hands.from_pbn(deal)
        except DealError:
            continue
        expected.setdefault(int(board), hands)
    event = to_event(document)
    assert dict(event.hands) == expected
    # two files give no deals (magic_contest_butler.pbn and ruter_team.pbn: [Deal ""])
    assert len(expected) == HANDS_PER_FILE[path.name]


def test_a_shuffled_real_deal_still_reads_alike() -> None:
    # the real deals with each suit's ranks shuffled and a few letters lower-cased
    shuffle = random.Random(8)
    for path in FILES:
        for text in deals_in(path)[:40]:
            if not deal_ok(text):
                continue
            first, _, rest = text.strip().partition(":")
            hands = []
            for hand in rest.split():
                suits = [list(suit) for suit in hand.split(".")]
                for suit in suits:
                    shuffle.shuffle(suit)
                written = ".".join("".join(suit) for suit in suits)
                hands.append(written.lower() if shuffle.random() < 0.3 else written)
            assert_same(f"{first}:{' '.join(hands)}")
