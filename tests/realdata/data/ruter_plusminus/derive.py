# Kept for the record: how ruter_sm1_plusminus.pbn was made (python derive.py SRC DST).
"""Derive ruter_sm1_plusminus.pbn from ruter_sm1.pbn: every MP figure less the board's
average (top 34 of 18 results: 17), every TotalScoreMP less 17 per board played."""
import re, sys
src, dst = sys.argv[1], sys.argv[2]
raw = open(src, "rb").read().decode("latin-1")
lines = raw.split("\r\n")
out = []
mode = None
header = []
for line in lines:
    if line.startswith("["):
        mode = None
        m = re.match(r'\[(ScoreTable|TotalScoreTable) "(.*)"\]', line)
        if m:
            mode = m.group(1)
            header = [c.split("\\")[0] for c in m.group(2).split(";")]
            line = line.replace("MP_NS\\4R", "MP_NS\\5R").replace("MP_EW\\4R", "MP_EW\\5R")
            line = line.replace("TotalScoreMP\\6R", "TotalScoreMP\\6R")
        out.append(line)
        continue
    if mode and line.strip():
        # tokens: quoted strings or bare words, keep spacing by rebuilding from spans
        spans = [m for m in re.finditer(r'"[^"]*"|\S+', line)]
        assert len(spans) == len(header), (line, header)
        pieces = []
        last = 0
        for name, m in zip(header, spans):
            text = m.group()
            if mode == "ScoreTable" and name in ("MP_NS", "MP_EW") and text != "-":
                text = f"{float(text) - 17:.1f}"
            if mode == "TotalScoreTable" and name == "TotalScoreMP":
                boards = int(spans[header.index("NrBoards")].group())
                text = f"{float(text) - 17 * boards:.1f}"
            width = m.end() - last
            gap = line[last:m.start()]
            pieces.append((gap + text).rjust(width) if name != "Names" else gap + text)
            last = m.end()
        pieces.append(line[last:])
        line = "".join(pieces)
    out.append(line)
open(dst, "wb").write("\r\n".join(out).encode("latin-1"))
