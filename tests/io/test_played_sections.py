"""A pairs results file's field as a session plays it again (``load_played``, issue 28):
its sections, scored apart (PBN and USEBIO as bridgescore writes them) or across (Ruter's
tables ``M1``... ``O16``), or one field; each with the movement its results show, its
pairs' names and its results in the section's numbers. A file that gives no movement is
refused saying why."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.core.contract import TableResult
from bridgescore.core.seats import Seat
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.errors import BridgeInputError
from bridgescore.events.model import Event, EventResults, Participant, ResultRow, ns_score_of
from bridgescore.events.movements.model import MovementKind, Round, Table
from bridgescore.events.vocabulary import Scoring
from bridgescore.io import pbn, usebio
from bridgescore.io.played_sections import (
    PlayedSectionsError,
    hand_records,
    load_played,
    played_sections,
)

DATA = Path(__file__).parent / "data"
"""Real files: ``pbn/SOURCES.md``, ``usebio/SOURCES.md``."""


def _row(board: int, section: str, round_no: int, table: int, ns: int, ew: int) -> ResultRow:
    vulnerability = BoardInfo.of(board).vulnerability
    result = TableResult.parse("4SN=" if ns == table else "4SN-1")
    return ResultRow(
        board, f"{section}{ns}NS", f"{section}{ew}EW", vulnerability, result,
        ns_score_of(result, vulnerability, "2017"), round=round_no, table=f"{section}{table}",
        section=section,
    )  # fmt: skip


def _two_sections() -> Event:
    """Sections A and B, each a 2-table Mitchell of 2 rounds: board 1 in round 1 (NS pair
    n against EW pair n at table n), board 2 in round 2 (1NS v 2EW, 2NS v 1EW)."""
    rows = tuple(
        _row(board, section, board, table, table, table if board == 1 else 3 - table)
        for section in "AB"
        for board in (1, 2)
        for table in (1, 2)
    )
    pairs = [f"{s}{n}{d}" for s in "AB" for n in (1, 2) for d in ("NS", "EW")]
    return Event(
        EventResults(rows, name="Two sections"),
        name="Two sections",
        date="2026-12-05",
        participants=tuple(Participant(p, (f"{p} N", f"{p} S"), section=p[0]) for p in pairs),
    )


@pytest.mark.parametrize("fmt", ["pbn", "usebio"])
def test_sections_scored_apart_are_read_with_their_movements(fmt: str) -> None:
    event = _two_sections()
    if fmt == "pbn":
        data = pbn.dumps(pbn.from_event(event)).encode()
    else:
        data = usebio.dumps(usebio.from_event(event)).encode("iso-8859-1")
    found, field = load_played(data, source=f"two.{fmt}")
    assert (found, field.apart, field.scoring, field.date) == (
        fmt, True, Scoring.MATCHPOINTS, "2026-12-05"
    )  # fmt: skip
    assert [s.letter for s in field.sections] == ["A", "B"]
    for section in field.sections:
        assert section.movement.kind is MovementKind.MITCHELL
        assert section.movement.rounds == (
            Round((Table(1, "1NS", "1EW", (1,)), Table(2, "2NS", "2EW", (1,)))),
            Round((Table(1, "1NS", "2EW", (2,)), Table(2, "2NS", "1EW", (2,)))),
        )
        assert section.names["2EW"] == f"{section.letter}2EW N & {section.letter}2EW S"
        assert {(r.table, r.ns, r.section) for r in section.rows if r.board == 1} == {
            ("1", "1NS", section.letter), ("2", "2NS", section.letter)
        }  # fmt: skip


def test_ruter_s_three_sections_scored_across_are_read_by_their_tables_letters() -> None:
    found, field = load_played((DATA / "pbn" / "ruter_impcross.pbn").read_bytes(), source="x")
    assert (found, field.apart, field.scoring) == ("pbn", False, Scoring.CROSS_IMPS)
    assert [
        (s.letter, len(s.rows), len(s.movement.rounds), len(s.movement.rounds[0].tables))
        for s in field.sections
    ] == [("M", 504, 21, 12), ("N", 504, 21, 12), ("O", 672, 21, 16)]
    first = next(r for r in field.sections[1].rows if r.board == 1 and r.round == 1)
    assert (first.ns, first.ew, first.table) == ("524", "557", "4")  # the file's N4
    assert field.sections[1].names["524"] == "Hans Mattsson & Mats Axdorph"


def test_ruter_s_one_field_is_one_section_without_a_letter() -> None:
    _fmt, field = load_played((DATA / "pbn" / "ruter_sm1.pbn").read_bytes(), source="sm1")
    (only,) = field.sections
    assert (only.letter, only.movement.kind, len(only.movement.rounds)) == (
        "", MovementKind.HOWELL, 22
    )  # fmt: skip
    assert (len(only.movement.pairs), len(only.rows), len(only.names)) == (36, 1188, 36)
    assert only.movement.problems() == []


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("pbn/bridgecomposer_2025-12-23.pbn", "its results name no round and table, so it"),
        ("usebio/multi-section-pairs.xml", "its results name no round and table, so it"),
        ("pbn/ruter_team.pbn", "the file holds a teams event"),
        ("pbn/ruter_indi.pbn", "the file holds an individual event"),
    ],
)
def test_real_files_that_give_no_pairs_movement_are_refused(path: str, said: str) -> None:
    with pytest.raises(PlayedSectionsError) as refused:
        load_played((DATA / path).read_bytes(), source=path)
    assert str(refused.value).startswith(said)


def test_a_file_that_is_not_pbn_or_usebio_is_refused() -> None:
    with pytest.raises(BridgeInputError) as refused:
        load_played(b"Section,Table,Round\n", source="plan.csv")
    assert str(refused.value).startswith("not a PBN or USEBIO results file")


def test_results_some_without_their_table_are_refused_naming_the_first() -> None:
    event = _two_sections()
    rows = event.results.rows
    partial = (*rows[:3], ResultRow(rows[3].board, "A2NS", "A2EW", rows[3].vulnerability,
               rows[3].result, rows[3].ns_score, round=2), *rows[4:])  # fmt: skip
    with pytest.raises(PlayedSectionsError) as refused:
        played_sections(Event(EventResults(partial)))
    assert str(refused.value) == (
        "1 of its 8 results name no round or table (the first: board 2, pairs A2NS and"
        " A2EW), so it gives no whole movement"
    )


def test_a_pair_in_two_sections_is_refused() -> None:
    rows = _two_sections().results.rows
    moved = tuple(
        ResultRow(r.board, "A1NS", r.ew, r.vulnerability, r.result, r.ns_score,
                  round=r.round, table=r.table.replace("A", "B") if r.table else None)
        if r.ns == "A1NS" and r.board == 2 else
        ResultRow(r.board, r.ns, r.ew, r.vulnerability, r.result, r.ns_score,
                  round=r.round, table=r.table)
        for r in rows
    )  # fmt: skip
    with pytest.raises(PlayedSectionsError) as refused:
        played_sections(Event(EventResults(moved)))
    assert str(refused.value).startswith("pair A1NS plays in sections A and B")


def test_the_file_s_deals_become_hand_records() -> None:
    """Ruter's cross-IMP field carries its 42 deals: written as a PBN hand record they read
    back the same; board 3 is the file's ``[Deal "S:A9865.T4.QJ753.4 KT7.Q873.K92.A76
    Q4.A965.T84.KQJ9 J32.KJ2.A6.T8532"]``, dealer South, East-West vulnerable. A file
    without deals gives none."""
    _fmt, field = load_played((DATA / "pbn" / "ruter_impcross.pbn").read_bytes(), source="x")
    text = hand_records(field)
    deals = pbn.to_event(pbn.loads(text, source="hand records", strict=True)).hands
    assert sorted(deals) == list(range(1, 43))
    assert deals[3].to_pbn(Seat.SOUTH) == (
        "S:A9865.T4.QJ753.4 KT7.Q873.K92.A76 Q4.A965.T84.KQJ9 J32.KJ2.A6.T8532"
    )
    board = text.split('[Board "3"]', 1)[1].split("[Board", 1)[0]
    assert '[Dealer "S"]' in board
    assert '[Vulnerable "EW"]' in board
    _fmt, bare = load_played((DATA / "pbn" / "magic_contest_butler.pbn").read_bytes(), source="y")
    assert hand_records(bare) == ""


@pytest.mark.parametrize(
    ("row", "changed", "said"),
    [
        (  # one round of 10^9: the rounds from 1 to it were once a set of 10^9 numbers
            "A 1 1 1NS",
            "A 1 1000000000 1NS",
            "round 1000000000, table 1: round out of range, a movement has at most 60 rounds",
        ),
        (  # table 10^9 used at every result of it: its section once numbered 10^9 tables
            "A 1 ",
            "A 1000000000 ",
            "round 1, table 1000000000: table out of range, a field has at most 300 tables",
        ),
    ],
)
def test_a_round_or_table_out_of_range_is_refused_naming_its_file_and_line(
    row: str, changed: str, said: str
) -> None:
    text = pbn.dumps(pbn.from_event(_two_sections()))
    line = next(n for n, shown in enumerate(text.splitlines(), 1) if shown.startswith(row))
    assert line == 22
    with pytest.raises(PlayedSectionsError) as refused:
        load_played(text.replace(row, changed).encode(), source="two.pbn")
    assert str(refused.value) == f"section A: two.pbn, line 22: {said}"
