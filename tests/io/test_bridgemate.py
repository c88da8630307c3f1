"""Bridgemate ``.bws`` files: the real session of 23 December 2025 read whole, held to an
independent reading of its tables (``mdb-export``) and to the PBN BridgeComposer wrote
of the same session; Bridgemate's conventions (corrections, erased rows, ``PASS``,
``4 S x``, remarks) on tables written here; damaged files as located errors.

The files and their sources: ``tests/io/data/bridgemate/SOURCES.md``. Why the PBN holds
333 results and the BWS 384: ``docs/bridgemate.md``.
"""

from __future__ import annotations

import csv
import sys
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest

import bridgescore
from bridgescore.core.contract import TableResult
from bridgescore.duplicate.adjusted import Adjusted, NotPlayed
from bridgescore.errors import BridgeInputError, MissingExtraError
from bridgescore.events.model import Event, ResultRow, Severity
from bridgescore.events.movements import MovementKind
from bridgescore.io import bridgemate
from bridgescore.io.bridgemate._access import read_tables
from bridgescore.io.events import detect_format, format_of
from bridgescore.io.results import ResultsFileError

DATA = Path(__file__).resolve().parent / "data"
BWS = DATA / "bridgemate" / "bridgemate_2025-12-23.bws"
EXPORT = DATA / "bridgemate" / "ReceivedData.mdb-export.csv"
PBN = DATA / "pbn" / "bridgecomposer_2025-12-23.pbn"


@pytest.fixture(scope="module")
def document() -> bridgemate.BWSDocument:
    return bridgemate.load(BWS)


@pytest.fixture(scope="module")
def event() -> Event:
    return bridgescore.load_event(BWS)


# --- the real file -------------------------------------------------------------------


def test_the_raw_table_holds_384_results_17_a_board_then_9() -> None:
    raw = read_tables(BWS, ("ReceivedData",))["ReceivedData"]
    boards = Counter(raw["Board"])
    assert len(raw["ID"]) == 384
    assert boards == {**{b: 17 for b in range(1, 22)}, 22: 9, 23: 9, 24: 9}
    assert Counter(raw["Section"]) == {1: 216, 2: 168}
    assert not any(raw["Erased"])


def test_every_row_is_read_as_mdb_export_reads_it(document: bridgemate.BWSDocument) -> None:
    with EXPORT.open(newline="") as handle:
        exported = list(csv.DictReader(handle))
    assert len(exported) == len(document.received) == 384
    ours = {
        row.id: (row.section, row.table, row.round, row.board, row.pair_ns, row.pair_ew,
                 row.declarer, row.direction, row.contract, row.result, row.lead,
                 row.remarks, row.erased)
        for row in document.received
    }  # fmt: skip
    theirs = {
        int(r["ID"]): (int(r["Section"]), int(r["Table"]), int(r["Round"]), int(r["Board"]),
                       int(r["PairNS"]), int(r["PairEW"]), int(r["Declarer"]), r["NS/EW"],
                       r["Contract"], r["Result"], r["LeadCard"], r["Remarks"],
                       r["Erased"] == "1")
        for r in exported
    }  # fmt: skip
    assert ours == theirs


def test_every_result_becomes_a_row_of_the_event(event: Event) -> None:
    rows = event.results.rows
    assert len(rows) == 384
    assert Counter(row.board for row in rows)[1] == 17
    assert Counter(row.board for row in rows)[24] == 9
    assert event.kind == "pairs"
    assert (event.name, event.date, event.program) == ("Bridge game", "2025-12-23", "ACBLscore")
    assert event.results.errors == ()
    first = rows[0]  # ReceivedData ID 1: section A, table 8, round 1, board 13, 2 S +1 by E
    assert (first.board, first.ns, first.ew, first.round, first.table) == (
        13, "A8NS", "A8EW", 1, "A8",
    )  # fmt: skip
    assert first.result == TableResult.parse("2SE 9")
    assert first.ns_score == -140
    assert str(first.where) == f"{BWS}, ReceivedData ID 1"


def _key(row: ResultRow) -> tuple[object, ...]:
    assert row.result is not None
    contract = row.result.contract
    return (row.board, row.ns, row.ew, str(contract), row.result.tricks, row.ns_score)


def test_every_result_of_the_pbn_is_in_the_bws(event: Event) -> None:
    pbn = bridgescore.load_event(PBN)
    assert len(pbn.results.rows) == 333
    bws = Counter(_key(row) for row in event.results.rows)
    theirs = Counter(_key(row) for row in pbn.results.rows)
    assert theirs - bws == Counter()
    assert sum((bws - theirs).values()) == 51


def test_the_pbn_lacks_exactly_the_results_received_after_13_44_36(
    document: bridgemate.BWSDocument, event: Event
) -> None:
    """The PBN was written from the results as they stood at about 13:45, during the
    last round: it holds rows ID 1 to 334 and none of ID 335 to 385."""
    pbn = Counter(_key(row) for row in bridgescore.load_event(PBN).results.rows)
    missing = []
    for received, row in zip(document.standing(), event.results.rows, strict=True):
        if pbn[_key(row)]:
            pbn[_key(row)] -= 1
        else:
            missing.append(received)
    assert sorted(r.id for r in missing) == [*range(335, 386)]
    assert {(r.section, r.round) for r in missing} == {(1, 8), (2, 7), (2, 6)}
    kept = [r for r in document.received if r not in missing]
    assert max(r.logged for r in kept) == "2025-12-23T13:44:36"
    assert min(r.logged for r in missing) == "2025-12-23T13:45:17"
    assert max(r.logged for r in missing) == "2025-12-23T14:17:08"


def test_the_movement_is_round_data(document: bridgemate.BWSDocument) -> None:
    moves = bridgemate.movements(document)
    assert list(moves) == ["A", "B"]
    a, b = moves["A"], moves["B"]
    assert (a.kind, len(a.rounds), len(a.rounds[0].tables), a.boards[-1]) == (
        MovementKind.MITCHELL, 8, 9, 24,
    )  # fmt: skip
    assert (b.kind, len(b.rounds), len(b.rounds[0].tables), b.boards[-1]) == (
        MovementKind.MITCHELL, 7, 8, 21,
    )  # fmt: skip
    assert a.problems() == []
    assert b.problems() == []
    assert bridgemate.movement(document, "B") == b
    with pytest.raises(bridgemate.BWSError, match=r"2 sections \(A, B\): name the section"):
        bridgemate.movement(document)


def test_players_come_from_player_numbers(event: Event) -> None:
    names = {p.id: p.names for p in event.participants}
    assert len(names) == 34
    assert names["A1NS"] == ("Colin Hemsley", "Anne Dudman")
    assert names["A1EW"] == ("Marc Cervellino", "Steve Carr")
    assert names["A9EW"] == ("Geraldin MacDonald", "Rob Boucher")
    assert names["B4NS"] == ("Diana Lloyd", "Annie Dandavati")


def test_the_file_is_recognised_by_its_content(tmp_path: Path) -> None:
    renamed = tmp_path / "session.dat"
    renamed.write_bytes(BWS.read_bytes()[:4096])
    assert detect_format(renamed) == "bws"
    assert format_of("x.BWS") == "bws"


# --- Bridgemate's conventions, on tables written here ---------------------------------

_SECTION: dict[str, list[object]] = {
    "ID": [1], "Letter": ["A  "], "Tables": [2], "ScoringType": [1],
}  # fmt: skip
_ROUNDS: dict[str, list[object]] = {  # a two-table Mitchell, one round, boards 1-2 and 3-4
    "Section": [1, 1], "Table": [1, 2], "Round": [1, 1], "NSPair": [1, 2], "EWPair": [1, 2],
    "LowBoard": [1, 3], "HighBoard": [2, 4], "CustomBoards": [None, None],
}  # fmt: skip
_COLUMNS = ("ID", "Section", "Table", "Round", "Board", "PairNS", "PairEW", "Declarer",
            "NS/EW", "Contract", "Result", "LeadCard", "Remarks", "Erased")  # fmt: skip


def _received(*rows: Sequence[object]) -> dict[str, list[object]]:
    """ReceivedData from rows of (ID, table, board, declarer pair, NS/EW, contract,
    result, lead, remarks, erased); section 1, round 1, the pairs of the table."""
    table: dict[str, list[object]] = {c: [] for c in _COLUMNS}
    for row_id, tbl, board, declarer, seat, contract, result, lead, remarks, erased in rows:
        for column, value in zip(
            _COLUMNS,
            (row_id, 1, tbl, 1, board, tbl, tbl, declarer, seat, contract, result, lead,
             remarks, erased),
            strict=True,
        ):  # fmt: skip
            table[column].append(value)
    return table


_ONE_RESULT = _received((1, 1, 1, 1, "N", "4 S", "=", "", "", False))


def _document(*rows: Sequence[object]) -> Event:
    source = {"Section": _SECTION, "RoundData": _ROUNDS, "ReceivedData": _received(*rows)}
    return bridgemate.to_event(bridgemate.from_tables(source, source="club.bws"))


def test_a_correction_replaces_the_earlier_row_and_an_erased_row_leaves_no_result() -> None:
    event = _document(
        (1, 1, 1, 1, "N", "4 S", "=", "", "", False),
        (2, 1, 1, 1, "N", "4 S", "+1", "", "", False),  # corrected: 11 tricks
        (3, 1, 2, 1, "S", "3 NT", "=", "", "", False),
        (4, 1, 2, 1, "S", "3 NT", "=", "", "", True),  # erased by the director
        (5, 2, 3, 2, "E", "PASS", "", "", "", False),
    )
    assert [(r.board, str(r.result)) for r in event.results.rows] == [(1, "4SN+1"), (3, "Pass")]


def test_doubled_contracts_leads_and_the_declarer_side() -> None:
    event = _document(
        (1, 1, 1, 1, "W", "4 S xx", "-2", "H10", "", False),
        (2, 2, 3, 2, "E", "5 d x", "=", "CT", "", False),
    )
    first, second = event.results.rows
    assert (str(first.result), first.ns_score) == ("4SXXW-2", 600)
    assert (str(second.result), second.ns_score) == ("5DXE=", -750)


def test_remarks_not_played_and_percentages_are_adjusted_scores() -> None:
    event = _document(
        (1, 1, 1, 0, "", "", "", "", "Not played", False),
        (2, 2, 3, 0, "", "", "", "", "60%-40%", False),
    )
    first, second = event.results.rows
    assert isinstance(first.adjusted, NotPlayed)
    assert second.adjusted == Adjusted(Fraction(60), Fraction(40))


def test_an_arbitral_score_the_file_does_not_state_is_a_located_error() -> None:
    with pytest.raises(ResultsFileError) as caught:
        _document((7, 1, 2, 0, "", "", "", "", "Arbitral score", False))
    assert str(caught.value).startswith("club.bws, ReceivedData ID 7, board 2: error:")
    assert "arbitral score that the file does not state" in str(caught.value)


def test_doubtful_rows_are_warnings_that_strict_reading_refuses() -> None:
    tables: dict[str, dict[str, list[object]]] = {
        "Section": _SECTION,
        "RoundData": _ROUNDS,
        "ReceivedData": _received(
            (1, 1, 1, 2, "N", "4 S", "=", "Z9", "", False),  # bad lead; Declarer is EW's pair
            (2, 2, 3, 2, "E", "3 NT", "=", "", "Wrong direction", False),
        ),
    }
    document = bridgemate.from_tables(tables, source="club.bws")
    event = bridgemate.to_event(document)
    warnings = [p for p in event.results.problems if p.severity is Severity.WARNING]
    assert [(p.board, p.tag) for p in warnings] == [("1", "LeadCard"), ("1", "Declarer"),
                                                    ("3", None)]  # fmt: skip
    assert "LeadCard 'Z9' is not a card" in warnings[0].message
    assert "Declarer pair 2 is not the pair sitting N (1)" in warnings[1].message
    with pytest.raises(ResultsFileError, match="LeadCard 'Z9'"):
        bridgemate.to_event(document, strict=True)


def test_a_result_the_movement_does_not_seat_is_a_located_error() -> None:
    with pytest.raises(ResultsFileError) as caught:
        _document((9, 1, 3, 1, "N", "1 NT", "=", "", "", False))
    assert "club.bws, ReceivedData ID 9, board 3: error: does not fit RoundData: board 3 is" in (
        str(caught.value)
    )


def test_a_contract_bridgemate_does_not_write_is_named_with_its_field() -> None:
    with pytest.raises(ResultsFileError) as caught:
        _document((4, 1, 1, 1, "N", "8 NT", "=", "", "", False))
    assert str(caught.value).startswith("club.bws, ReceivedData ID 4, board 1, field Contract")


@pytest.mark.parametrize(
    ("tables", "message"),
    [
        ({"Section": None}, "club.bws, table Section: no such table"),
        (
            {"RoundData": {**_ROUNDS, "CustomBoards": ["1,2", None]}},
            "club.bws, table RoundData, row 1 (section 1, table 1, round 1), field"
            " 'CustomBoards': custom board lists are not read",
        ),
        (
            {"ReceivedData": {**_ONE_RESULT, "Board": ["one"]}},
            "club.bws, table ReceivedData, ID 1, field 'Board': expected a whole number"
            " from 1, got 'one'",
        ),
        (
            {"ReceivedData": {"ID": [1]}},
            "club.bws, table ReceivedData: no column 'Section': not a Bridgemate table",
        ),
    ],
)
def test_tables_that_are_not_bridgemate_tables_are_located_errors(
    tables: dict[str, object], message: str
) -> None:
    source: dict[str, object] = {
        "Section": _SECTION,
        "RoundData": _ROUNDS,
        "ReceivedData": _ONE_RESULT,
    }
    source.update(tables)
    given = {k: v for k, v in source.items() if v is not None}
    with pytest.raises(bridgemate.BWSError) as caught:
        bridgemate.to_event(bridgemate.from_tables(given, source="club.bws"))  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)


# --- damaged files, and the extra ----------------------------------------------------


def _damaged(tmp_path: Path, kind: str) -> Path:
    data = bytearray(BWS.read_bytes())
    target = tmp_path / f"{kind}.bws"
    if kind == "text":
        target.write_text("Section,Table,Round\n1,1,1\n")
    elif kind == "short":
        target.write_bytes(data[:20_000])
    elif kind == "cut":
        target.write_bytes(data[:300_000])
    else:  # every 997th byte of the data pages overwritten
        for at in range(2048 * 20, len(data), 997):
            data[at] = (data[at] + 101) % 256
        target.write_bytes(data)
    return target


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("text", "not a Bridgemate file: a .bws file is a Microsoft Access database"),
        ("short", "the Access database is damaged and cannot be opened"),
        ("cut", "the Access database is damaged (DB is not full"),
        ("garbled", "the Access database is damaged (Failed to parse data page)"),
    ],
)
def test_a_damaged_or_foreign_file_is_a_located_error(
    tmp_path: Path, kind: str, message: str
) -> None:
    path = _damaged(tmp_path, kind)
    with pytest.raises(BridgeInputError) as caught:
        bridgescore.load_event(path)
    assert str(caught.value).startswith(f"{path}: {message}")


def test_without_the_extra_the_error_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "access_parser", None)
    with pytest.raises(MissingExtraError) as caught:
        bridgescore.load_event(BWS)
    assert str(caught.value) == (
        "Reading Bridgemate .bws files needs the bridgemate extra (access_parser is missing):"
        " pip install 'bridgescore[bridgemate]'"
    )


@pytest.mark.parametrize(
    ("text", "kind", "adjusted"),
    [
        ("", "none", ""),
        ("Not played", "not played", ""),
        ("60%-40%", "adjusted", "60%/40%"),
        (" 50 % - 50 % ", "adjusted", "50%/50%"),
        ("wrong direction", "wrong direction", ""),
        ("Arbitral score", "arbitral", ""),
        ("55%", "unknown", ""),
    ],
)
def test_a_remark_is_read_once_for_the_library_and_the_web(
    text: str, kind: str, adjusted: str
) -> None:
    read = bridgemate.read_remark(text)
    assert (read.kind.value, read.adjusted) == (kind, adjusted)
