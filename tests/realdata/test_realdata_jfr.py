"""JFR Pary's travellers (HTML, NS % and EW % per line) against bridgescore's board
percentages, the results taken from the matching PBN (contracts and tricks only).

JFR's rules as the 27 boards show them: the pair sitting out against the phantom (pair 24)
gets 60 % (a "TD" line 60.00 / 0.00) and that line is no result — the board is
matchpointed among its 11 real results without Neuberg; a director's A+/A+ (board 8,
60.00 / 60.00) brings the 10 real results to the top of 11 with Neuberg. Board 7's
ruling 61.80 / 38.20 is a weighted score (Law 12C1(c)) matchpointed as a result: 67 % of
+170 and 33 % of +140 gives all 11 of its lines; bridgescore has no weighted scores yet.
"""

from __future__ import annotations

import functools
import html
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from bridgescore.core.vulnerability import BoardInfo
from bridgescore.duplicate.adjusted import Adjusted
from bridgescore.events.compare import Comparison, compare_lines
from bridgescore.events.model import Event, Published, ResultRow
from bridgescore.events.pairs import score_pairs
from bridgescore.io import pbn

ROOT = Path(__file__).resolve().parents[2]
HTML = Path(__file__).resolve().parent / "data" / "jfr_wb130808"
PBN = ROOT / "tests" / "io" / "data" / "pbn" / "jfr_wb130808.pbn"
DOC = ROOT / "docs" / "real-events.md"
PHANTOM = "24"


def _cells(row: str) -> list[str]:
    out = []
    for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S):
        text = re.sub(r'<img[^>]*alt="([^"]*)"[^>]*>', lambda m: m[1].upper(), cell)
        text = html.unescape(re.sub(r"<[^>]+>", " ", text)).replace("\xa0", " ")
        out.append(re.sub(r"\s+", " ", text).strip())
    return out


@functools.cache
def travellers() -> tuple[tuple[int, str, str, str, float, float], ...]:
    """(board, NS pair, EW pair, contract cell, NS %, EW %) for every traveller line.

    A line has 11 cells; a passed-out or TD line writes its one score cell across both
    score columns (10 cells)."""
    lines = []
    for path in sorted(HTML.glob("wb1308080*.txt")):
        board = int(path.stem[-2:])
        for row in re.findall(r"<tr>(.*?)</tr>", path.read_text(encoding="utf-8"), re.S):
            cells = _cells(row)
            if len(cells) in (10, 11) and cells[1].isdigit():
                ns_pct, ew_pct = float(cells[-2]), float(cells[-1])
                lines.append((board, cells[1], cells[2], cells[3], ns_pct, ew_pct))
    return tuple(lines)


@functools.cache
def jfr_event() -> Event:
    """The PBN's rows (pair ids ``Para-N`` read as ``N``) with the travellers' percentages,
    and the TD lines as adjusted scores; the phantom's sit-out lines left out."""
    found = pbn.to_event(pbn.load(PBN))
    figures = {(b, ns, ew): Published(n, e) for b, ns, ew, _, n, e in travellers()}
    rows: list[ResultRow] = []
    published: list[Published | None] = []
    for row in found.results.rows:
        row = replace(row, ns=row.ns.removeprefix("Para-"), ew=row.ew.removeprefix("Para-"))
        rows.append(row)
        published.append(figures[(row.board, row.ns, row.ew)])
    for board, ns, ew, contract, ns_pct, ew_pct in travellers():
        if contract != "TD" or ew == PHANTOM:
            continue
        award = Adjusted(Fraction(str(ns_pct)), Fraction(str(ew_pct)))
        vulnerability = BoardInfo.parse(str(board)).vulnerability
        rows.append(ResultRow(board, ns, ew, vulnerability, adjusted=award))
        published.append(Published(ns_pct, ew_pct))
    results = replace(found.results, rows=tuple(rows))
    return replace(found, results=results, published=tuple(published))


@functools.cache
def compared() -> Comparison:
    found = jfr_event()
    return compare_lines(found, score_pairs(found.results, policy="exact"), percent=True)


def test_jfr_travellers_read() -> None:
    lines = travellers()
    assert len(lines) == 324
    td = [line for line in lines if line[3] == "TD"]
    assert len(td) == 29
    assert sum(1 for line in td if line[2] == PHANTOM and line[4:] == (60.0, 0.0)) == 27
    assert len(jfr_event().results.rows) == 297  # 295 results and 2 rulings


def test_realdata_jfr_percentages() -> None:
    assert compared().summary() == "ns_percent 287/297, ew_percent 287/297"
    assert {f.subject.split(",")[0] for f in compared().differences} == {"board 7"}


def test_jfr_board_8_is_neuberg() -> None:
    """Board 8: nine passes, one +100 and an A+/A+: 44.50 and 99.50 are Neuberg's
    (8 + 1) × 11/10 − 1 and (18 + 1) × 11/10 − 1 of 20."""
    board8 = compared().only("ns_percent").figures
    values = {f.theirs for f in board8 if f.subject.startswith("board 8,")}
    assert values == {44.5, 99.5, 60.0}


def test_jfr_board_7_weighted_score() -> None:
    """Board 7: five +170, three +140, two -100 and a ruling 61.80 / 38.20. Taken as a
    weighted score, 0.67 of +170 and 0.33 of +140, compared with each result like a result
    (2 for a win, 1 for a tie, shared by the weights), it gives every published figure."""
    real = [170] * 5 + [140] * 3 + [-100] * 2
    weighted = ((Fraction(67, 100), 170), (Fraction(33, 100), 140))

    def beats(a: int, b: int) -> int:
        return 2 if a > b else 1 if a == b else 0

    top = 2 * len(real)  # 11 results: the ruling is one of them
    figures = {}
    for score in set(real):
        wins = sum(beats(score, other) for other in real) - 1  # less its own tie
        points = wins + sum(w * beats(score, s) for w, s in weighted)
        figures[score] = round(100 * Fraction(points) / top, 2)
    ruling = sum(w * beats(s, other) for w, s in weighted for other in real)
    assert figures == {170: Fraction("76.65"), 140: Fraction("31.65"), -100: Fraction(5)}
    assert round(100 * Fraction(ruling) / top, 2) == Fraction("61.80")
    published = {
        f.theirs for f in compared().only("ns_percent").figures if f.subject.startswith("board 7,")
    }
    assert published == {76.65, 31.65, 5.0, 61.8}


def test_jfr_without_the_phantom_rule() -> None:
    """Left in as 60 % / 0 % awards, the phantom's lines would Neuberg every board from
    11 to 12 results: then almost nothing agrees."""
    found = jfr_event()
    extra = [
        ResultRow(
            b, ns, ew, BoardInfo.parse(str(b)).vulnerability, adjusted=Adjusted.parse("A6000")
        )
        for b, ns, ew, contract, _, _ in travellers()
        if contract == "TD" and ew == PHANTOM
    ]
    rows = found.results.rows + tuple(extra)
    with_phantom = replace(
        found,
        results=replace(found.results, rows=rows),
        published=found.published + (None,) * len(extra),
    )
    comparison = compare_lines(
        with_phantom, score_pairs(with_phantom.results, policy="exact"), percent=True
    )
    assert comparison.summary() == "ns_percent 20/297, ew_percent 20/297"


def test_realdata_jfr_docs_table() -> None:
    row = next(
        line
        for line in DOC.read_text(encoding="utf-8").split("## As a user gets them")[0].splitlines()
        if line.startswith("| `jfr_wb130808.pbn` + travellers")
    )
    assert f"{compared().agree} / {compared().total}" in row
