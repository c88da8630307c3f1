"""A pairs event in sections (issue 28) written as PBN and USEBIO carries its sections as
those formats carry them, and reads back to the same event, scored within each section.

The event: section A a 3-table Mitchell, section B a 2-table one (sections of different
sizes that number their pairs alike: ``A1NS`` and ``B1NS``), boards 1 and 2 played at
every table, board 1 in round 1 (NS pair n against EW pair n) and board 2 in round 2
(A1NS against A2EW, A2NS A3EW, A3NS A1EW; B1NS against B2EW, B2NS B1EW). Its figures,
worked by hand: two matchpoints a result beaten and one a result tied, a board's results
compared within their section only.

Section A (top 4 a board). Board 1 (nobody vulnerable): +450 4/0, +420 2/2, -50 0/4.
Board 2 (North-South vulnerable): +630 4/0, +600 (twice) 1/3. A1NS 2+1 = 3 of 8
(37.5 %), A2NS 4+4 = 8 (100 %), A3NS 0+1 = 1 (12.5 %); A1EW 2+3 = 5 (62.5 %), A2EW
0+3 = 3 (37.5 %), A3EW 4+0 = 4 (50 %).

Section B (top 2 a board). Board 1: +430 2/0, -110 0/2. Board 2: +620 2/0, -200 0/2.
B1NS 2+0 = 2 of 4 (50 %), B2NS 0+2 = 2 (50 %, tied first); B1EW 0+0 = 0 (0 %), B2EW
2+2 = 4 (100 %).

Across the field B1NS would have 37.5 % instead (board 1: +430 beats three of the four
other results, 6 of 8; board 2: -200 is the field's bottom), so these figures show the
files were read back as sections scored apart.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import TableResult
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.events.model import (
    Event,
    EventResults,
    Participant,
    Published,
    PublishedStanding,
    ResultRow,
    ns_score_of,
)
from bridgescore.events.pairs import score_pairs
from bridgescore.io import pbn, usebio
from bridgescore.io.played_sections import load_played
from bridgescore.io.results import ResultsFileError

# pair: (field, place, matchpoints, percentage), worked by hand (the module's docstring)
EXPECTED = {
    "A2NS": ("A NS", "1", 8.0, 100.0),
    "A1NS": ("A NS", "2", 3.0, 37.5),
    "A3NS": ("A NS", "3", 1.0, 12.5),
    "A1EW": ("A EW", "1", 5.0, 62.5),
    "A3EW": ("A EW", "2", 4.0, 50.0),
    "A2EW": ("A EW", "3", 3.0, 37.5),
    "B1NS": ("B NS", "1=", 2.0, 50.0),
    "B2NS": ("B NS", "1=", 2.0, 50.0),
    "B2EW": ("B EW", "1", 4.0, 100.0),
    "B1EW": ("B EW", "2", 0.0, 0.0),
}
# each row's matchpoints, North-South and East-West (the docstring's)
POINTS = (
    (2, 2), (4, 0), (0, 4), (2, 0), (0, 2),  # board 1: A tables 1-3, B tables 1-2
    (1, 3), (4, 0), (1, 3), (0, 2), (2, 0),  # board 2
)  # fmt: skip


def _row(board: int, section: str, table: int, ns: int, ew: int, text: str) -> ResultRow:
    vulnerability = BoardInfo.of(board).vulnerability
    result = TableResult.parse(text)
    return ResultRow(
        board, f"{section}{ns}NS", f"{section}{ew}EW", vulnerability, result,
        ns_score_of(result, vulnerability, "2017"), round=board, table=f"{section}{table}",
        section=section,
    )  # fmt: skip


ROWS = (
    _row(1, "A", 1, 1, 1, "4SN="),
    _row(1, "A", 2, 2, 2, "4SN+1"),
    _row(1, "A", 3, 3, 3, "4SN-1"),
    _row(1, "B", 1, 1, 1, "3NTN+1"),
    _row(1, "B", 2, 2, 2, "2SE="),
    _row(2, "A", 1, 1, 2, "3NTS="),
    _row(2, "A", 2, 2, 3, "3NTS+1"),
    _row(2, "A", 3, 3, 1, "3NTS="),
    _row(2, "B", 1, 1, 2, "4HN-2"),
    _row(2, "B", 2, 2, 1, "4HN="),
)
PAIRS = tuple(
    f"{s}{n}{d}" for s, count in (("A", 3), ("B", 2)) for d in ("NS", "EW")
    for n in range(1, count + 1)
)  # fmt: skip


def two_sections(*, figures: bool = False) -> Event:
    """The event; with ``figures``, carrying the hand-worked figures as published ones."""
    published: tuple[Published | None, ...] = ()
    standings: tuple[PublishedStanding, ...] = ()
    if figures:
        published = tuple(Published(float(ns), float(ew)) for ns, ew in POINTS)
        standings = tuple(
            PublishedStanding(pair, total, percent, place)
            for pair, (_field, place, total, percent) in EXPECTED.items()
        )
    return Event(
        EventResults(ROWS, name="Two sections"),
        name="Two sections",
        date="2026-12-05",
        site="Club",
        participants=tuple(
            Participant(p, (f"{p} North", f"{p} South"), section=p[0]) for p in PAIRS
        ),
        published=published,
        standings=standings,
    )


def _key(row: ResultRow) -> tuple[int, str, str]:
    return (row.board, row.section or "", row.table or "")


def _written(event: Event, fmt: str) -> str:
    if fmt == "pbn":
        return pbn.dumps(pbn.from_event(event))
    return usebio.dumps(usebio.from_event(event))


def _read(text: str, fmt: str) -> Event:
    """A written file read again, without an error (a board played fewer times than others
    in its section is a warning: its matchpoints are scaled)."""
    back = pbn.to_event(pbn.loads(text)) if fmt == "pbn" else usebio.to_event(usebio.loads(text))
    assert not back.results.errors, back.results.errors[:3]
    return back


def _figures(event: Event) -> dict[str, tuple[str, str, float, float | None]]:
    scored = score_pairs(event.results, event.scoring)
    return {s.pair: (s.field, s.place, s.total, s.percent) for s in scored.standings}


@pytest.mark.parametrize("fmt", ["pbn", "usebio"])
def test_sections_read_back_scored_within_each_section(fmt: str) -> None:
    original = two_sections()
    assert _figures(original) == EXPECTED  # the library agrees with the hand before writing
    back = _read(_written(original, fmt), fmt)
    assert not back.results.problems
    assert sorted(back.results.rows, key=_key) == sorted(original.results.rows, key=_key)
    assert {r.section for r in back.results.rows} == {"A", "B"}
    assert sorted((p.id, p.names, p.section) for p in back.participants) == sorted(
        (p.id, p.names, p.section) for p in original.participants
    )
    assert _figures(back) == EXPECTED
    assert [t.section for t in score_pairs(back.results).travellers] == ["A", "A", "B", "B"]


@pytest.mark.parametrize("fmt", ["pbn", "usebio"])
def test_published_figures_read_back_beside_their_rows(fmt: str) -> None:
    original = two_sections(figures=True)
    back = _read(_written(original, fmt), fmt)
    by_row = dict(zip(back.results.rows, back.published, strict=True))
    for row, (ns, ew) in zip(ROWS, POINTS, strict=True):
        assert by_row[row] == Published(float(ns), float(ew)), row
    assert sorted(back.standings, key=lambda s: s.id) == sorted(
        original.standings, key=lambda s: s.id
    )


def test_pbn_writes_each_sections_traveller_under_its_letter() -> None:
    text = _written(two_sections(figures=True), "pbn")
    assert text.count('[Board "1"]') == 2  # one game a section: each its own traveller
    assert text.count('[Section "A"]') == 2
    assert text.count('[Section "B"]') == 2
    lines = text.split("\r\n")
    table = lines.index(next(line for line in lines if line.startswith("[ScoreTable")))
    assert lines[table].startswith('[ScoreTable "Section\\1L;Table\\1L;Round\\1R;PairId_NS')
    # the section's own numbers, as BridgeComposer and Ruter write theirs under a Section
    assert lines[table + 1].split()[:5] == ["A", "1", "1", "1NS", "1EW"]
    totals = lines.index(next(line for line in lines if line.startswith("[TotalScoreTable")))
    assert lines[totals].startswith('[TotalScoreTable "Rank\\1R;RankTie\\1R;Section\\1L;PairId')
    ranked = [line.split()[:4] for line in lines[totals + 1 : totals + 11]]
    # each section ranks its own pairs; B1NS and B2NS tie for first in B's North-South
    assert ranked[6:8] == [["1", "2", "B", "1NS"], ["1", "2", "B", "2NS"]]
    assert ranked[0] == ["1", "-", "A", "2NS"]


def test_usebio_writes_one_section_element_a_section() -> None:
    root = usebio.loads(_written(two_sections(), "usebio")).root
    assert root is not None
    event = root.find("EVENT")
    assert event is not None
    assert event.findtext("SECTION_COUNT") == "2"
    assert event.findtext("SECTION_SCORING") == "APART"
    sections = event.findall("SESSION/SECTION")
    assert [s.get("SECTION_ID") for s in sections] == ["A", "B"]
    assert [len(s.findall("PARTICIPANTS/PAIR")) for s in sections] == [6, 4]
    assert [len(s.findall("BOARD/TRAVELLER_LINE")) for s in sections] == [6, 4]
    first = sections[1].find("BOARD/TRAVELLER_LINE")
    assert first is not None
    assert (first.findtext("NS_PAIR_NUMBER"), first.findtext("TABLE_NUMBER")) == ("1NS", "1")
    assert event.find("PARTICIPANTS") is None  # every pair is in its section's


def test_usebio_places_restarting_in_each_section_say_apart() -> None:
    """A file with no ``SECTION_SCORING`` (another program's) is read as sections scored
    apart when its places start again at 1 in each section (each direction)."""
    text = _written(two_sections(figures=True), "usebio")
    text = text.replace("<SECTION_SCORING>APART</SECTION_SCORING>", "")
    back = _read(text, "usebio")
    assert {r.section for r in back.results.rows} == {"A", "B"}
    assert _figures(back) == EXPECTED


def test_usebio_without_a_word_or_places_is_one_field() -> None:
    text = _written(two_sections(), "usebio")
    text = text.replace("<SECTION_SCORING>APART</SECTION_SCORING>", "")
    back = _read(text, "usebio")
    # as before: one field, pairs sharing a number told apart by their section
    assert {r.section for r in back.results.rows} == {None}
    assert back.results.rows[0].ns == "A-1NS"


_PBN_ONE_TABLE = """% PBN 2.1
[Event "Hand-made"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Scoring "MP"]
[ScoreTable "Section;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
A 1 1 4S N 10 420 -
A 2 2 4S N 11 450 -
B 1 1 4S N  9 -   50
B 2 2 4S N 10 420 -
[TotalScoreTable "Rank;Section;PairId;Direction;TotalPercentage"]
{ranks}
"""


@pytest.mark.parametrize(
    ("ranks", "apart"),
    [
        # each section ranks its own: A's and B's North-South firsts
        ("1 A 2 N-S 100\n2 A 1 N-S 0\n1 B 2 N-S 100\n2 B 1 N-S 0", True),
        # one ranking across the field (as Ruter ranks its sections M, N and O)
        ("1 A 2 N-S 100\n2 A 1 N-S 50\n2 B 2 N-S 50\n4 B 1 N-S 0", False),
    ],
)
def test_pbn_ranks_say_whether_one_table_of_sections_was_scored_apart(
    ranks: str, apart: bool
) -> None:
    back = pbn.to_event(pbn.loads(_PBN_ONE_TABLE.format(ranks=ranks)))
    rows = back.results.rows
    assert [(r.ns, r.section) for r in rows] == [
        (f"{s}{n}NS", s if apart else None) for s, n in (("A", 1), ("A", 2), ("B", 1), ("B", 2))
    ]  # a Mitchell's (pair 1 meets pair 1), numbered alike in the two sections
    scored = score_pairs(back.results)
    # by hand: apart, B1's -50 is B's bottom (0 of 2); across, the field's (0 of 6)
    assert next(s for s in scored.standings if s.pair == "B1NS").percent == 0.0
    b2 = next(s for s in scored.standings if s.pair == "B2NS")
    # B2's +420: apart, B's top (2 of 2); across, ties A1 and beats -50 (3 of 6)
    assert b2.percent == (100.0 if apart else 50.0)


@pytest.mark.parametrize(
    ("name", "folder"),
    [
        ("00201600+002321.xml", "usebio"),  # EBUScore, places across its two sections
        ("multi-section-pairs.xml", "usebio"),  # PairsScorer, likewise (a place 1 a side)
        ("ruter_impcross.pbn", "pbn"),  # Ruter, cross-IMPs across sections M, N and O
        ("bridgecomposer_2025-12-23.pbn", "pbn"),  # one table a board, no figures
    ],
)
def test_real_files_ranked_across_their_sections_stay_one_field(name: str, folder: str) -> None:
    from pathlib import Path

    path = Path(__file__).parent / "data" / folder / name
    read = pbn.to_event(pbn.load(path)) if folder == "pbn" else usebio.to_event(usebio.load(path))
    assert {r.section for r in read.results.rows} == {None}
    assert {p.section for p in read.participants} == {None}


def test_an_event_without_sections_is_written_as_before() -> None:
    flat = two_sections()
    flat = replace(
        flat,
        results=EventResults(tuple(replace(r, section=None) for r in ROWS)),
        participants=tuple(replace(p, section=None) for p in flat.participants),
    )
    text = _written(flat, "pbn")
    assert "Section" not in text
    assert "A1NS" in text
    assert text.count('[Board "1"]') == 1
    xml = _written(flat, "usebio")
    assert "SECTION" not in xml
    assert "<NS_PAIR_NUMBER>A1NS</NS_PAIR_NUMBER>" in xml


_SECTION = st.sampled_from("ABC")


@st.composite
def sectioned_rows(draw: st.DrawFn) -> list[ResultRow]:
    """Rows of two or three sections of any sizes, numbering their pairs alike, a pair
    playing a board once."""
    rows: list[ResultRow] = []
    letters = draw(st.lists(_SECTION, min_size=2, max_size=3, unique=True))
    for letter in letters:
        tables = draw(st.integers(1, 4))
        for board in draw(st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True)):
            for table in range(1, tables + 1):
                # scores a contract makes at any vulnerability
                score = draw(st.sampled_from([-200, -100, 0, 110, 140, 150]))
                rows.append(
                    ResultRow(
                        board,
                        f"{letter}{table}NS",
                        f"{letter}{table}EW",
                        BoardInfo.of(board).vulnerability,
                        ns_score=score,
                        round=1,
                        table=f"{letter}{table}",
                        section=letter,
                    )
                )
    return rows


@settings(max_examples=40, deadline=None)
@given(sectioned_rows(), st.sampled_from(["pbn", "usebio"]))
def test_any_event_in_sections_reads_back(rows: list[ResultRow], fmt: str) -> None:
    original = Event(EventResults(tuple(rows)), name="Random")
    back = _read(_written(original, fmt), fmt)
    assert sorted(back.results.rows, key=_key) == sorted(rows, key=_key)
    assert _figures(back) == _figures(original)


def _changed_row(first: str) -> str:
    """The event's PBN with line 23 (section A's table 2 on board 1, under [Section "A"])
    saying section ``first`` instead."""
    lines = _written(two_sections(), "pbn").split("\r\n")
    assert lines[22].startswith("A 2 1 2NS 2EW ")
    lines[22] = first + lines[22][1:]
    return "\r\n".join(lines)


@pytest.mark.parametrize(
    ("first", "said"),
    [
        ("a", "a section's letter must be one of A to Z, got 'a'"),
        ("C", "the row says section C where its game's [Section] says A"),
    ],
)
def test_a_pbn_row_out_of_its_section_is_an_error_at_its_line(first: str, said: str) -> None:
    """A row of section A's traveller that says a lower-case letter or another section is
    refused at its line, for the CLI and the web's import alike, and makes no section of
    its own (it made a section 'a' or 'C' of one result)."""
    text = _changed_row(first)
    expected = f"two.pbn, line 23, board 1, [ScoreTable]: error: {said}; the row is left out"
    back = pbn.to_event(pbn.loads(text, source="two.pbn"))
    assert [str(p) for p in back.results.errors] == [expected]
    assert {r.section for r in back.results.rows} == {"A", "B"}
    assert len(back.results.rows) == 9
    assert sorted({p.section for p in back.participants if p.section}) == ["A", "B"]
    with pytest.raises(ResultsFileError) as refused:
        load_played(text.encode(), source="two.pbn")
    assert str(refused.value) == expected


def test_usebio_writes_every_pair_that_played_as_a_participant() -> None:
    """Pairs without names are participants too (with no names), so that reading the file
    back finds every traveller's pair among them: it warned 'pair 'A1EW' is not among the
    PARTICIPANTS' for each pair without names."""
    named = replace(
        two_sections(), participants=(Participant("A1NS", ("Ann", "Bob"), section="A"),)
    )
    root = usebio.loads(_written(named, "usebio")).root
    assert root is not None
    sections = root.findall("EVENT/SESSION/SECTION")
    assert [
        [p.findtext("PAIR_NUMBER") for p in s.findall("PARTICIPANTS/PAIR")] for s in sections
    ] == [
        ["1NS", "1EW", "2NS", "2EW", "3NS", "3EW"],
        ["1NS", "1EW", "2NS", "2EW"],
    ]
    back = _read(_written(named, "usebio"), "usebio")
    assert not back.results.problems
    assert {p.id: p.names for p in back.participants} == {
        "A1NS": ("Ann", "Bob"), "A1EW": (), "A2NS": (), "A2EW": (), "A3NS": (), "A3EW": (),
        "B1NS": (), "B1EW": (), "B2NS": (), "B2EW": (),
    }  # fmt: skip
    assert _figures(back) == EXPECTED
