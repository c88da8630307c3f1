"""Seeds and mutations shared by the fuzz tests: real files from the test data, damaged.

Every mutation is a pure function of the seed's bytes and a :class:`random.Random`, so
a seeded loop is the same on every run, and hypothesis can drive the same functions
through its own ``randoms()`` strategy.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).parent / "corpus"

PBN_FILES = sorted((ROOT / "tests/io/data/pbn").glob("*.pbn"))
USEBIO_FILES = sorted((ROOT / "tests/io/data/usebio").glob("*.xml"))
REALDATA_FILES = sorted((ROOT / "tests/realdata/data").glob("*/*.txt"))
EXAMPLES = ROOT / "examples"
EVENT_EXAMPLES = [EXAMPLES / "pairs-mitchell.csv", EXAMPLES / "teams.json"]
DEAL_LISTS = [EXAMPLES / "rubber.txt", EXAMPLES / "chicago.txt"]

#: The longest stderr line (or library message) that still counts as "one short line".
MESSAGE_LIMIT = 400

SCALE_TEXT = (
    b"name: club\nimps_from,imps_to,winner_vp,loser_vp\n"
    b"0,2,10,10\n3,6,12,8\n7,12,14,6\n13,20,16,4\n21,,20,0\n"
)

BATCH_TEXT = (
    b"board,ns,ew,contract,declarer,result\n"
    b"1,1,2,4S,N,=\n1,3,4,4S,N,+1\n2,1,4,3NT,S,9\n2,3,2,3NT,S,-1\n"
    b"3,1,2,Pass,,\n3,3,4,2HX,E,8\n"
)


def head(path: Path, limit: int = 12_000) -> bytes:
    """The first ``limit`` bytes of a seed, cut at a line end (big seeds stay fast)."""
    data = path.read_bytes()
    if len(data) <= limit:
        return data
    cut = data.rfind(b"\n", 0, limit)
    return data[: cut + 1 if cut > 0 else limit]


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [b""]


def flip_byte(data: bytes, rng: random.Random) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    at = rng.randrange(len(data))
    return data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def delete_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"".join(lines)


def duplicate_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    at = rng.randrange(len(lines))
    lines.insert(at, lines[at])
    return b"".join(lines)


def swap_lines(data: bytes, rng: random.Random) -> bytes:
    """Swap two lines: PBN tags, XML elements written one a line, CSV rows."""
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"".join(lines)


def swap_columns(data: bytes, rng: random.Random) -> bytes:
    """Swap two comma-, semicolon- or space-separated fields on every line."""
    sep = next((s for s in (b",", b";", b" ") if s in data), b",")
    out = []
    for line in _lines(data):
        body = line.rstrip(b"\r\n")
        cells = body.split(sep)
        if len(cells) > 1:
            i, j = rng.randrange(len(cells)), rng.randrange(len(cells))
            cells[i], cells[j] = cells[j], cells[i]
        out.append(sep.join(cells) + line[len(body) :])
    return b"".join(out)


def insert_bytes(data: bytes, rng: random.Random, piece: bytes) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + piece + data[at:]


def insert_nul(data: bytes, rng: random.Random) -> bytes:
    return insert_bytes(data, rng, b"\x00")


def non_utf8(data: bytes, rng: random.Random) -> bytes:
    piece = rng.choice([b"\xff", b"\xe9", b"\xc3", b"\x80\x81", b"\xed\xa0"])
    return insert_bytes(data, rng, piece)


def lone_surrogate(data: bytes, rng: random.Random) -> bytes:
    """UTF-8 bytes of a lone surrogate (U+D800, encoded as CESU would)."""
    return insert_bytes(data, rng, b"\xed\xa0\x80")


def bom(data: bytes, rng: random.Random) -> bytes:
    mark = rng.choice([b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf\xef\xbb\xbf"])
    return mark + data


def utf16(data: bytes, rng: random.Random) -> bytes:
    text = data.decode("utf-8", errors="replace")
    return text.encode(rng.choice(["utf-16", "utf-16-le", "utf-16-be", "utf-32"]))


def huge_number(data: bytes, rng: random.Random) -> bytes:
    """Replace a run of digits by a number of 5,000 digits."""
    digits = [i for i, b in enumerate(data) if 48 <= b <= 57]
    if not digits:
        return insert_bytes(data, rng, b"9" * 5000)
    at = rng.choice(digits)
    end = at
    while end < len(data) and 48 <= data[end] <= 57:
        end += 1
    return data[:at] + b"9" * 5000 + data[end:]


def huge_line(data: bytes, rng: random.Random) -> bytes:
    """A line of 200,000 characters (a big line, not 10 MB: the loops must stay fast)."""
    lines = _lines(data)
    at = rng.randrange(len(lines))
    char = rng.choice([b"x", b"1", b",", b" ", b"[", b"<", b'"'])
    lines.insert(at, char * 200_000 + b"\n")
    return b"".join(lines)


def stray_text(data: bytes, rng: random.Random) -> bytes:
    """Text between PBN tags (or between XML elements, or CSV rows)."""
    piece = rng.choice([b"stray words\n", b"]\n", b'"\n', b"{ open comment\n", b"& < >\n"])
    lines = _lines(data)
    lines.insert(rng.randrange(len(lines) + 1), piece)
    return b"".join(lines)


def xml_entity(data: bytes, rng: random.Random) -> bytes:
    """An undeclared entity in the middle of text or markup."""
    return insert_bytes(data, rng, rng.choice([b"&nbsp;", b"&undeclared;", b"&#0;", b"&#xD800;"]))


def empty(data: bytes, rng: random.Random) -> bytes:
    return rng.choice([b"", b"\n", b"   \r\n\t", b"\xef\xbb\xbf", b"\x00\x00"])


Mutation = Callable[[bytes, random.Random], bytes]

MUTATIONS: dict[str, Mutation] = {
    "flip": flip_byte,
    "truncate": truncate,
    "delete-line": delete_line,
    "duplicate-line": duplicate_line,
    "swap-lines": swap_lines,
    "swap-columns": swap_columns,
    "nul": insert_nul,
    "non-utf8": non_utf8,
    "surrogate": lone_surrogate,
    "bom": bom,
    "utf16": utf16,
    "huge-number": huge_number,
    "huge-line": huge_line,
    "stray-text": stray_text,
    "xml-entity": xml_entity,
    "empty": empty,
}


def mutate(data: bytes, rng: random.Random, steps: int | None = None) -> tuple[bytes, list[str]]:
    """``data`` damaged by one to three random mutations; returns the names applied."""
    names = []
    for _ in range(rng.randint(1, 3) if steps is None else steps):
        name = rng.choice(sorted(MUTATIONS))
        data = MUTATIONS[name](data, rng)
        names.append(name)
    return data, names


def deep_json(depth: int = 100_000) -> bytes:
    return b'{"results": ' + b"[" * depth + b"]" * depth + b"}"


def message_ok(text: str) -> bool:
    """One short line."""
    return "\n" not in text and len(text) <= MESSAGE_LIMIT
