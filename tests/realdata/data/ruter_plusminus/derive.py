"""How ruter_sm1_plusminus.pbn was made from ruter_sm1.pbn (kept for the record):
every MP figure less the board's average (top 34 of 18 results: 17), every TotalScoreMP
less 17 per board played.

    python derive.py SRC DST
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

AVERAGE = 17
"""Half of a top of 34 (18 results a board)."""


def _line(line: str, mode: str, header: list[str]) -> str:
    spans = list(re.finditer(r'"[^"]*"|\S+', line))
    assert len(spans) == len(header), (line, header)
    pieces: list[str] = []
    last = 0
    for name, found in zip(header, spans, strict=True):
        text = found.group()
        if mode == "ScoreTable" and name in ("MP_NS", "MP_EW") and text != "-":
            text = f"{float(text) - AVERAGE:.1f}"
        if mode == "TotalScoreTable" and name == "TotalScoreMP":
            boards = int(spans[header.index("NrBoards")].group())
            text = f"{float(text) - AVERAGE * boards:.1f}"
        width = found.end() - last
        gap = line[last : found.start()]
        pieces.append((gap + text).rjust(width) if name != "Names" else gap + text)
        last = found.end()
    pieces.append(line[last:])
    return "".join(pieces)


def derive(source: Path, target: Path) -> None:
    out: list[str] = []
    mode: str | None = None
    header: list[str] = []
    for line in source.read_bytes().decode("latin-1").split("\r\n"):
        if line.startswith("["):
            mode = None
            tag = re.match(r'\[(ScoreTable|TotalScoreTable) "(.*)"\]', line)
            if tag:
                mode = tag.group(1)
                header = [c.split("\\")[0] for c in tag.group(2).split(";")]
                line = line.replace("MP_NS\\4R", "MP_NS\\5R").replace("MP_EW\\4R", "MP_EW\\5R")
        elif mode and line.strip():
            line = _line(line, mode, header)
        out.append(line)
    target.write_bytes("\r\n".join(out).encode("latin-1"))


if __name__ == "__main__":
    derive(Path(sys.argv[1]), Path(sys.argv[2]))
