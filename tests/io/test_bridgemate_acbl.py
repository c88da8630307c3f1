"""Bridgemate files set up by ACBLscore, scored as ACBLscore scores them.

The program is recognised where the file shows it (its name, its members' ACBL numbers);
each section is matchpointed and ranked apart (a board's results compared only within
their section), at ACBL matchpoints (1 a beat, 1/2 a tie); a pair that played fewer boards
than the session has its score scaled to the session and its percentage taken from that
written score (110.5 over 24 of 27 boards is 124.31). Every expected figure below is
worked out by hand in the comments, or counted by the test's own plain comparison, never
by the code under test. Sources: ``docs/bridgemate.md``, "ACBLscore".
"""

from __future__ import annotations

import json
import shutil
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgescore
from bridgescore.cli.main import cli
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.duplicate.matchpoints import Halves
from bridgescore.events.model import Event, EventResults, ResultRow
from bridgescore.events.pairs import (
    PairsResult,
    Sections,
    Tally,
    Totalling,
    field_section,
    rank_field,
    score_pairs,
    section_field,
)
from bridgescore.events.scoring import options_for, score_event
from bridgescore.io import bridgemate
from bridgescore.io.bridgemate._program import ACBLSCORE, scoring_program

BWS = Path(__file__).resolve().parent / "data" / "bridgemate" / "bridgemate_2025-12-23.bws"


# --- the program ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def event() -> Event:
    return bridgescore.load_event(BWS)


def test_the_real_file_is_recognised_as_acblscore_by_its_members(event: Event) -> None:
    # 65 of its 66 member numbers are ACBL numbers, its letters 'A  ' and 'B  '
    assert event.program == ACBLSCORE
    assert event.results.said("program") == ACBLSCORE
    chosen = options_for(event)
    assert chosen.entry is not None
    assert chosen.entry.name == "ACBLscore"
    assert chosen.options.matchpoint_policy == "acbl"
    # the file names no program: it is said to be recognised, not named
    assert event.program_recognised
    assert chosen.describe().startswith(
        "scored as ACBLscore scores (recognised by the file's habits): matchpoint policy acbl"
    )


def test_a_file_named_as_acblscore_names_a_game_is_acblscore(tmp_path: Path) -> None:
    # the name the club uploaded the real file under
    named = tmp_path / "1766528722-gmeDcSvigL@251223M.BWS"
    shutil.copyfile(BWS, named)
    document = bridgemate.load(named)
    assert scoring_program(document) == ACBLSCORE
    bare = _tables(())
    assert scoring_program(bridgemate.from_tables(bare, source="club/251223M.bws")) == ACBLSCORE
    assert scoring_program(bridgemate.from_tables(bare, source="club/251223X.bws")) == ""
    assert scoring_program(bridgemate.from_tables(bare, source="club/251323M.bws")) == ""
    assert scoring_program(bridgemate.from_tables(bare, source="club/251223m.bws")) == ""
    assert scoring_program(bridgemate.from_tables(bare, source="club/20251223M.bws")) == ""
    assert scoring_program(bridgemate.from_tables(bare, source="club/x251223M.bws")) == ""


def test_a_file_with_other_member_numbers_names_no_program() -> None:
    ebu = [("N", "123456"), ("E", "234567"), ("S", "345678"), ("W", "456789")]
    document = bridgemate.from_tables(_tables(ebu), source="club.bws")
    assert scoring_program(document) == ""
    assert bridgemate.to_event(document).program == "Bridgemate"
    acbl = [("N", "5392373"), ("E", "1792563"), ("S", "J123456"), ("W", "3792307")]
    document = bridgemate.from_tables(_tables(acbl), source="club.bws")
    assert scoring_program(document) == ACBLSCORE


# --- sections apart, on the real file ------------------------------------------------


def _acbl_counted(scores: Sequence[int]) -> list[Fraction]:
    """The test's own ACBL matchpoints: 1 for each result beaten, 1/2 for each tie."""
    return [
        Fraction(sum(1 for o in scores if o < s))
        + Fraction(sum(1 for o in scores if o == s) - 1, 2)
        for s in scores
    ]


def test_the_real_file_is_matchpointed_section_by_section_at_acbl_matchpoints(
    event: Event,
) -> None:
    scored = score_event(event, expect=PairsResult)
    assert scored.fields == ("A NS", "A EW", "B NS", "B EW")
    by_section: dict[tuple[str, int], list[int]] = defaultdict(list)
    for row in event.results.rows:
        assert row.section in ("A", "B")
        assert row.ns_score is not None
        by_section[(row.section, row.board)].append(row.ns_score)
    # 9 results a board in section A (top 8), 8 in B (top 7); B did not play 22-24
    assert {len(v) for (s, _b), v in by_section.items() if s == "A"} == {9}
    assert {len(v) for (s, _b), v in by_section.items() if s == "B"} == {8}
    assert len(scored.travellers) == 24 + 21
    for traveller in scored.travellers:
        assert traveller.section is not None
        scores = by_section[(traveller.section, traveller.board)]
        assert [line.row.ns_score for line in traveller.lines] == scores
        expected = _acbl_counted(scores)
        assert [line.ns_points for line in traveller.lines] == [float(x) for x in expected]
        top = len(scores) - 1
        assert traveller.top == top
        assert [line.ew_points for line in traveller.lines] == [float(top - x) for x in expected]
    fields = defaultdict(list)
    for standing in scored.standings:
        fields[standing.field].append(standing)
        assert standing.pair.startswith(field_section(standing.field)[0] or "")
    assert {name: len(v) for name, v in fields.items()} == {
        "A NS": 9, "A EW": 9, "B NS": 8, "B EW": 8
    }  # fmt: skip
    # every pair played all its section's boards: 24 (A) or 21 (B), no scaling
    assert {s.boards for s in fields["A NS"] + fields["A EW"]} == {24}
    assert {s.boards for s in fields["B NS"] + fields["B EW"]} == {21}
    assert scored.traveller(1, "B").section == "B"
    assert {p.section for p in event.participants} == {"A", "B"}


def test_the_reader_warns_of_short_boards_section_by_section(event: Event) -> None:
    # boards 22-24 have 9 results, as every board of section A: none is short there
    assert not [p for p in event.results.warnings if "Neuberg" in p.message]


# --- sections apart and across, on a constructed file --------------------------------

# Two sections of three tables, one round, every table playing boards 1 and 2 (pairs sit
# at their own table). Board 1 (nobody vulnerable), NS scores by table:
#   A: 4S N = +420, 3NT N = +400, 3NT N -1 = -50      B: 4S N +1 = +450, 4S N = +420,
#                                                        4S E -2 = +100
# Board 2 (NS vulnerable): A: 2S N = +110, 2S N = +110, 3S N = +140
#                          B: 1NT N -1 = -100, 3S N = +140, 3S N = +140
# ACBL matchpoints, each section apart (3 results, top 2):
#   board 1 A: NS 2, 1, 0; B: NS 2, 1, 0 (EW 0, 1, 2 in both)
#   board 2 A: NS 0.5, 0.5, 2 (EW 1.5, 1.5, 0); B: NS 0, 1.5, 1.5 (EW 2, 0.5, 0.5)
# Totals over 2 boards (session top 4):
#   A NS: A1 2 + 0.5 = 2.5 (62.5 %), A3 0 + 2 = 2 (50 %), A2 1 + 0.5 = 1.5 (37.5 %)
#   A EW: A2 1 + 1.5 = 2.5, A3 2 + 0 = 2, A1 0 + 1.5 = 1.5
#   B NS: B2 1 + 1.5 = 2.5, B1 2 + 0 = 2, B3 0 + 1.5 = 1.5
#   B EW: B3 2 + 0.5 = 2.5, B1 0 + 2 = 2, B2 1 + 0.5 = 1.5
# Across the field (6 results, top 5), board 1: +450 beats 5: 5; +420 twice: 3 beaten and
# a tie, 3.5; +400: 2; +100: 1; -50: 0.

_RESULTS = (  # section, table, board, NS/EW, contract, result
    (1, 1, 1, "N", "4 S", "="), (1, 2, 1, "N", "3 NT", "="), (1, 3, 1, "N", "3 NT", "-1"),
    (2, 1, 1, "N", "4 S", "+1"), (2, 2, 1, "N", "4 S", "="), (2, 3, 1, "E", "4 S", "-2"),
    (1, 1, 2, "N", "2 S", "="), (1, 2, 2, "N", "2 S", "="), (1, 3, 2, "N", "3 S", "="),
    (2, 1, 2, "N", "1 NT", "-1"), (2, 2, 2, "N", "3 S", "="), (2, 3, 2, "N", "3 S", "="),
)  # fmt: skip


def _tables(players: Sequence[tuple[str, str]]) -> dict[str, dict[str, list[object]]]:
    """Two sections of three tables playing boards 1 and 2 in one round, the results of
    :data:`_RESULTS`, and ``players`` (seat, number) at section 1's table 1."""
    sections: dict[str, list[object]] = {
        "ID": [1, 2], "Letter": ["A  ", "B  "], "Tables": [3, 3], "ScoringType": [1, 1]
    }  # fmt: skip
    rounds: dict[str, list[object]] = defaultdict(list)
    for section in (1, 2):
        for table in (1, 2, 3):
            for column, value in (("Section", section), ("Table", table), ("Round", 1),
                                  ("NSPair", table), ("EWPair", table), ("LowBoard", 1),
                                  ("HighBoard", 2), ("CustomBoards", None)):  # fmt: skip
                rounds[column].append(value)
    received: dict[str, list[object]] = defaultdict(list)
    for number, (section, table, board, seat, contract, result) in enumerate(_RESULTS, 1):
        cells: tuple[tuple[str, object], ...] = (
            ("ID", number), ("Section", section), ("Table", table), ("Round", 1),
            ("Board", board), ("PairNS", table), ("PairEW", table), ("Declarer", table),
            ("NS/EW", seat), ("Contract", contract), ("Result", result), ("LeadCard", ""),
            ("Remarks", ""), ("Erased", False),
        )  # fmt: skip
        for column, cell in cells:
            received[column].append(cell)
    numbers: dict[str, list[object]] = defaultdict(list)
    for seat, member in players:
        seated: tuple[tuple[str, object], ...] = (
            ("Section", 1), ("Table", 1), ("Round", 0), ("Direction", seat), ("Number", member),
            ("Name", ""),
        )  # fmt: skip
        for column, cell in seated:
            numbers[column].append(cell)
    tables: dict[str, dict[str, list[object]]] = {
        "Section": sections, "RoundData": dict(rounds), "ReceivedData": dict(received)
    }  # fmt: skip
    if numbers:
        tables["PlayerNumbers"] = dict(numbers)
    return tables


@pytest.fixture(scope="module")
def two_sections() -> Event:
    # named as ACBLscore names its games: scored with its conventions
    return bridgemate.to_event(bridgemate.from_tables(_tables(()), source="club/251223M.bws"))


def _figures(scored: PairsResult) -> list[tuple[str, str, str, float, float | None]]:
    return [(s.field, s.place, s.pair, s.total, s.percent) for s in scored.standings]


def test_two_sections_are_matchpointed_and_ranked_apart(two_sections: Event) -> None:
    assert two_sections.program == ACBLSCORE
    assert [r.section for r in two_sections.results.rows] == ["A"] * 3 + ["B"] * 3 + ["A"] * 3 + [
        "B"
    ] * 3
    scored = score_event(two_sections, expect=PairsResult)
    assert [(t.board, t.section, t.top) for t in scored.travellers] == [
        (1, "A", 2.0), (2, "A", 2.0), (1, "B", 2.0), (2, "B", 2.0)
    ]  # fmt: skip
    lines = {(t.board, t.section): [(x.ns_points, x.ew_points) for x in t.lines]
             for t in scored.travellers}  # fmt: skip
    assert lines == {
        (1, "A"): [(2, 0), (1, 1), (0, 2)],
        (1, "B"): [(2, 0), (1, 1), (0, 2)],
        (2, "A"): [(0.5, 1.5), (0.5, 1.5), (2, 0)],
        (2, "B"): [(0, 2), (1.5, 0.5), (1.5, 0.5)],
    }
    assert _figures(scored) == [
        ("A NS", "1", "A1NS", 2.5, 62.5), ("A NS", "2", "A3NS", 2.0, 50.0),
        ("A NS", "3", "A2NS", 1.5, 37.5),
        ("A EW", "1", "A2EW", 2.5, 62.5), ("A EW", "2", "A3EW", 2.0, 50.0),
        ("A EW", "3", "A1EW", 1.5, 37.5),
        ("B NS", "1", "B2NS", 2.5, 62.5), ("B NS", "2", "B1NS", 2.0, 50.0),
        ("B NS", "3", "B3NS", 1.5, 37.5),
        ("B EW", "1", "B3EW", 2.5, 62.5), ("B EW", "2", "B1EW", 2.0, 50.0),
        ("B EW", "3", "B2EW", 1.5, 37.5),
    ]  # fmt: skip


def test_across_the_field_compares_every_result_of_a_board(two_sections: Event) -> None:
    scored = score_pairs(two_sections.results, "acbl", sections=Sections.ACROSS)
    board = scored.traveller(1)
    assert board.section is None
    assert board.top == 5.0
    assert [line.ns_points for line in board.lines] == [3.5, 2, 0, 5, 3.5, 1]
    assert scored.fields == ("NS", "EW")


def test_rows_that_name_no_section_are_scored_as_before(two_sections: Event) -> None:
    plain = replace(
        two_sections.results,
        rows=tuple(replace(r, section=None) for r in two_sections.results.rows),
    )
    assert isinstance(plain, EventResults)
    assert _figures(score_pairs(plain, "acbl")) == _figures(
        score_pairs(two_sections.results, "acbl", sections="across")
    )


def test_section_field_names_go_both_ways() -> None:
    assert [section_field("A", name) for name in ("all", "NS", "EW")] == ["A", "A NS", "A EW"]
    assert [field_section(n) for n in ("A", "A NS", "B EW", "NS", "all")] == [
        ("A", "all"), ("A", "NS"), ("B", "EW"), (None, "NS"), (None, "all")
    ]  # fmt: skip
    assert Sections.parse("separately") is Sections.APART


# --- a short total scaled to the session ---------------------------------------------


def _tally(points: Sequence[Fraction], top: int) -> Tally:
    tally = Tally()
    for p in points:
        tally.add(p, p, Fraction(top))
    return tally


@pytest.mark.parametrize(
    ("points", "total", "percent", "plain_percent"),
    [
        # issue 25: 110.5 over 24 of 27 boards is written 124.31 (110.5 x 27/24 =
        # 124.3125); its percentage 124.31 / (27 x 8) = 57.5509 %, 57.55
        (Fraction(221, 2), 124.31, 57.55, 57.55),
        # 65 over 24: 65 x 27/24 = 73.125, written 73.13; 73.13 / 216 = 33.856 %, 33.86,
        # where 65 / (24 x 8) = 33.854 % is 33.85
        (Fraction(65), 73.13, 33.86, 33.85),
    ],
)
def test_a_short_total_is_scaled_to_the_session_and_its_percentage_taken_from_it(
    points: Fraction, total: float, percent: float, plain_percent: float
) -> None:
    # 24 boards of 27 (a 9-table section, 3 boards a round, one round sat out), top 8:
    # 23 boards of 4 MP and the rest on the last
    short = _tally([Fraction(4)] * 23 + [points - 92], 8)
    full = _tally([Fraction(4)] * 27, 8)  # 108 of 216: 50 %
    session = Totalling(factor="session", decimals=2, halves=Halves.AWAY_FROM_ZERO)
    ranked = {r.name: r for r in rank_field({"X": short, "Y": full}, session, event_boards=27)}
    assert (ranked["X"].total, ranked["X"].percent, ranked["X"].boards) == (total, percent, 24)
    assert (ranked["Y"].total, ranked["Y"].percent) == (108.0, 50.0)
    # to every board, percentages as they were (Magic Contest's pairs that sat out)
    boards = Totalling(factor="boards", decimals=2, halves=Halves.AWAY_FROM_ZERO)
    plain = {r.name: r for r in rank_field({"X": short, "Y": full}, boards, event_boards=27)}
    assert (plain["X"].total, plain["X"].percent) == (total, plain_percent)


# Section A: four tables, NS 4 a phantom, four rounds of one board (boards 1-4), a Mitchell:
# in round r table t plays board (t + r - 2) mod 4 + 1 against EW (t - r) mod 4 + 1, so each
# board is played at tables 1-3 (3 results, top 2) and each EW pair sits out once (3 of 4
# boards). NS scores by table: +420, +400, +170: NS 1 gets 2 a board (8, 100 %), NS 2 gets 1
# (4, 50 %), NS 3 gets 0; each EW pair meets tables 1, 2 and 3 once: 0 + 1 + 2 = 3 over 3
# boards, scaled to A's session of 4 boards: 3 x 4/3 = 4.00, 4 of 8 = 50 %. Section B: two
# tables, boards 5-9 (5 boards), NS 1 +100 and NS 2 +50 on each: B1NS and B2EW 5 (100 %).
# The event has 9 boards: scaled to the event, A's EW pairs would have 3 x 9/3 = 9.


def _phantom_mitchell() -> EventResults:
    rows = []
    for r in range(1, 5):
        for t in range(1, 4):
            board = (t + r - 2) % 4 + 1
            ew = (t - r) % 4 + 1
            rows.append(
                ResultRow(board, f"A{t}NS", f"A{ew}EW", BoardInfo.of(board).vulnerability,
                          ns_score=(420, 400, 170)[t - 1], round=r, table=f"A{t}", section="A")
            )  # fmt: skip
    for board in range(5, 10):
        for t, score in ((1, 100), (2, 50)):
            rows.append(
                ResultRow(board, f"B{t}NS", f"B{t}EW", BoardInfo.of(board).vulnerability,
                          ns_score=score, round=1, table=f"B{t}", section="B")
            )  # fmt: skip
    return EventResults(tuple(rows))


def test_a_short_total_is_scaled_to_its_sections_session() -> None:
    scored = score_pairs(_phantom_mitchell(), "acbl", factor_totals="session")
    assert [(s.field, s.place, s.pair, s.total, s.percent, s.boards) for s in scored.standings] == [
        ("A NS", "1", "A1NS", 8.0, 100.0, 4), ("A NS", "2", "A2NS", 4.0, 50.0, 4),
        ("A NS", "3", "A3NS", 0.0, 0.0, 4),
        ("A EW", "1=", "A1EW", 4.0, 50.0, 3), ("A EW", "1=", "A2EW", 4.0, 50.0, 3),
        ("A EW", "1=", "A3EW", 4.0, 50.0, 3), ("A EW", "1=", "A4EW", 4.0, 50.0, 3),
        ("B NS", "1", "B1NS", 5.0, 100.0, 5), ("B NS", "2", "B2NS", 0.0, 0.0, 5),
        ("B EW", "1", "B2EW", 5.0, 100.0, 5), ("B EW", "2", "B1EW", 0.0, 0.0, 5),
    ]  # fmt: skip
    # across the field, "the session" is the event's 9 boards
    across = score_pairs(_phantom_mitchell(), "acbl", factor_totals="session", sections="across")
    assert {s.pair: (s.total, s.percent) for s in across.standings}["A1EW"] == (9.0, 50.0)


def test_acblscore_conventions_scale_short_totals_to_the_section_session() -> None:
    # _phantom_mitchell's figures, worked out above: A's EW pairs 3 over 3 boards of 4,
    # written 4.00 and 50 %; across the field the session is the event's 9 boards
    event = Event(_phantom_mitchell(), program=ACBLSCORE)
    chosen = options_for(event)
    assert (chosen.options.sections, chosen.options.factoring.value) == (Sections.APART,
                                                                         "session")  # fmt: skip
    assert "each section scored apart" in chosen.describe()
    scored = score_event(event, expect=PairsResult)
    assert {s.pair: (s.total, s.percent) for s in scored.standings if s.field == "A EW"} == {
        "A1EW": (4.0, 50.0), "A2EW": (4.0, 50.0), "A3EW": (4.0, 50.0), "A4EW": (4.0, 50.0)
    }  # fmt: skip
    across = score_event(event, expect=PairsResult, sections="across")
    assert {s.pair: s.total for s in across.standings}["A1EW"] == 9.0


def test_pairs_shows_each_sections_traveller_of_a_board() -> None:
    runner = CliRunner()
    shown = runner.invoke(cli, ["pairs", str(BWS), "--traveller", "1"])
    assert shown.exit_code == 0, shown.output
    titles = [line for line in shown.output.splitlines() if ", board 1 — " in line]
    assert titles == [
        "Section A, board 1 — Traveller — top 8",
        "Section B, board 1 — Traveller — top 7",
    ]
    # section B's board 1: 8 results, ACBL matchpoints (1 a result beaten, ½ a tie):
    # +100 beats the other 7; the two -130s beat 5 and tie each other
    only_b = runner.invoke(cli, ["pairs", str(BWS), "--traveller", "1", "--section", "B", "--json"])
    assert only_b.exit_code == 0, only_b.output
    lines = json.loads(only_b.output[only_b.output.index("{") :])["traveller"]
    assert {line["section"] for line in lines} == {"B"}
    assert len(lines) == 8
    got = {line["ns"]: (line["ns_score"], line["ns_points"]) for line in lines}
    assert got["B7NS"] == (100, 7.0)
    assert got["B4NS"] == got["B3NS"] == (-130, 5.5)
    assert got["B8NS"] == (-400, 4.0)
    missing = runner.invoke(cli, ["pairs", str(BWS), "--traveller", "1", "--section", "C"])
    assert missing.exit_code != 0
    assert "board 1 has no traveller in section 'C'" in missing.output
