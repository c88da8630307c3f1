"""Streaming big PBN files: one game at a time, in constant memory."""

from __future__ import annotations

import random
import tracemalloc
from collections.abc import Iterator

from bridgescore.io.pbn import iter_games, loads, to_event

RANKS = "AKQJT98765432"


def generated_lines(count: int, seed: int = 1) -> Iterator[str]:
    """``count`` one-table records with random deals, as lines of a PBN file (CRLF)."""
    rng = random.Random(seed)
    cards = [suit + rank for suit in "SHDC" for rank in RANKS]
    yield "% PBN 2.1\r\n"
    yield "% EXPORT\r\n"
    for index in range(count):
        rng.shuffle(cards)
        hands = []
        for seat in range(4):
            hand = cards[seat * 13 : seat * 13 + 13]
            hands.append(
                ".".join(
                    "".join(sorted((c[1] for c in hand if c[0] == suit), key=RANKS.index))
                    for suit in "SHDC"
                )
            )
        level = rng.randint(1, 7)
        tricks = rng.randint(level + 3, 13)
        board = index % 32 + 1
        event = "Generated" if index == 0 else "#"
        yield from (
            f'[Event "{event}"]\r\n',
            '[Site "Nowhere"]\r\n',
            '[Date "2024.01.01"]\r\n',
            f'[Board "{board}"]\r\n',
            f'[West "W{index}"]\r\n',
            f'[North "N{index}"]\r\n',
            f'[East "E{index}"]\r\n',
            f'[South "S{index}"]\r\n',
            f'[Dealer "{"NESW"[(board - 1) % 4]}"]\r\n',
            '[Vulnerable "None"]\r\n',
            f'[Deal "N:{" ".join(hands)}"]\r\n',
            '[Scoring "MP"]\r\n',
            f'[Declarer "{rng.choice("NESW")}"]\r\n',
            f'[Contract "{level}{rng.choice(["S", "H", "D", "C", "NT"])}"]\r\n',
            f'[Result "{tricks}"]\r\n',
            "\r\n",
        )


def test_streaming_reads_every_game() -> None:
    count = 0
    for game in iter_games(generated_lines(2000), source="gen.pbn"):
        assert not game.problems
        assert game["Event"] == "Generated"  # "#" resolved as the games go by
        count += 1
    assert count == 2000
    assert game.line == 2 + 1999 * 16 + 1


def test_streaming_and_whole_reading_agree() -> None:
    lines = list(generated_lines(300, seed=7))
    streamed = list(iter_games(lines))
    document = loads("".join(lines))
    assert streamed == list(document.games)
    assert len(to_event(document).results.rows) == 300


def _peak(count: int) -> int:
    tracemalloc.start()
    try:
        for _game in iter_games(generated_lines(count, seed=3)):
            pass
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_streaming_memory_does_not_grow_with_the_file() -> None:
    small, big = _peak(200), _peak(2000)
    assert big < small * 1.5 + 100_000
