"""Fuzzing the PBN reader: random text, and real files damaged at random.

Lenient reading never raises and loses nothing (the text written back is the
text read); strict reading raises nothing but :class:`BridgeError` (``PBNError``
for file problems); mapping whatever was read to an event never raises.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.errors import BridgeError
from bridgescore.io.pbn import dumps, iter_games, load, loads, to_event

DATA = Path(__file__).parent / "data" / "pbn"
FILES = sorted(DATA.glob("*.pbn"))
_LINES = {path.name: path.read_bytes().splitlines(keepends=True) for path in FILES}

PBN_CHARS = list('[]{}";%#\\ \t\n\r\r\n') + list("ABCDEFHNSTWXabnp0123456789-_=*+.^:/?")
TAG_WORDS = [
    '[Event "x"]', '[Board "1"]', '[Board "x"]', '[Deal "N:AKQ.JT9.876.5432 - - -"]',
    '[Contract "4S"]', '[Declarer "N"]', '[Result "9"]', '[Score "NS 420"]', '[Event "#"]',
    '[Date "##2024"]', '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]',
    '[TotalScoreTable "Rank;PairId;TotalScoreMP"]', "1 2 4S N 10 420", "3 4 - - - A+",
    '"Bye" "Bye"', '[Auction "N"]', "1S Pass", "{c}", ";c", "%x", "\n", "\r\n", "\n\n",
]  # fmt: skip

pbn_text = st.lists(
    st.one_of(st.sampled_from(PBN_CHARS), st.sampled_from(TAG_WORDS), st.characters()),
    max_size=120,
).map("".join)


def check_text(text: str) -> None:
    document = loads(text, source="fuzz.pbn")
    assert dumps(document) == text
    for problem in document.problems:
        assert problem.source == "fuzz.pbn"
    to_event(document)
    with contextlib.suppress(BridgeError):
        loads(text, strict=True)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(pbn_text)
def test_random_text(text: str) -> None:
    check_text(text)


@given(st.text(max_size=300))
def test_any_unicode_text(text: str) -> None:
    check_text(text)


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    """A window of a real file, with lines deleted or repeated, bytes flipped, cut short."""
    name = draw(st.sampled_from(sorted(_LINES)))
    lines = _LINES[name]
    start = draw(st.integers(0, max(0, len(lines) - 1)))
    window = list(lines[start : start + draw(st.integers(1, 80))])
    for _ in range(draw(st.integers(0, 6))):
        action = draw(st.sampled_from(["delete", "repeat", "flip", "insert"]))
        if not window:
            break
        at = draw(st.integers(0, len(window) - 1))
        if action == "delete":
            del window[at]
        elif action == "repeat":
            window.insert(at, window[at])
        elif action == "insert":
            window.insert(at, draw(st.sampled_from([b"\n", b"\r", b"[", b'"', b"{", b"}", b";"])))
        else:
            line = bytearray(window[at])
            if line:
                where = draw(st.integers(0, len(line) - 1))
                line[where] = draw(st.integers(0, 255))
                window[at] = bytes(line)
    data = b"".join(window)
    if draw(st.booleans()):
        data = data[: draw(st.integers(0, len(data)))]
    return data


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_damaged_real_files(data: bytes) -> None:
    document = load(io.BytesIO(data))
    assert document.encoding is not None
    assert dumps(document).encode(document.encoding) == data
    to_event(document)
    with contextlib.suppress(BridgeError):
        load(io.BytesIO(data), strict=True)
    streamed = list(iter_games(io.BytesIO(data)))
    assert len(streamed) == len(document.games)
    with contextlib.suppress(BridgeError):
        list(iter_games(io.BytesIO(data), strict=True))


def test_every_real_file_cut_short() -> None:
    # a file cut anywhere (mid-tag, mid-string, mid-row) still reads, and nothing is lost
    for name, lines in _LINES.items():
        data = b"".join(lines)
        for part in range(1, 6):
            cut = data[: len(data) * part // 6 + 7 * part]
            document = load(io.BytesIO(cut), source=name)
            assert document.encoding is not None
            assert dumps(document).encode(document.encoding) == cut
            to_event(document)
