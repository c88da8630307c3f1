"""Reading real USEBIO files: what each holds, cell by cell, and that every contract's score
agrees with the score the program wrote."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from test_usebio_files import FILES, board, document, event, line, usebio_text

from bridgescore.core.contract import TableResult
from bridgescore.core.hands import Card, Rank
from bridgescore.core.seats import Seat
from bridgescore.core.strains import Strain
from bridgescore.core.vulnerability import BoardInfo, Vulnerability
from bridgescore.duplicate.adjusted import Adjusted
from bridgescore.events.model import Participant, Published, PublishedStanding, ns_score_of
from bridgescore.io import usebio

# file: version, kind, scoring, program, date
META = {
    "00201600+002321.xml": ("1.2", "pairs", "mp", "EBUScore Pairs 1.2.20", "2025-01-02"),
    "00201789+001571.xml": ("1.2", "pairs", "mp", "BBO Extractor 1.4.7/w2.0.3n", "2025-01-06"),
    "00202217+001532.xml": ("1.2", "pairs", "mp", "RealBridge 1.3.6", "2025-01-06"),
    "00210009+002061.xml": ("1.2", "pairs", "mp", "EBUScore Pairs 1.2.24", "2025-01-02"),
    "butler_howell.xml": ("1.2", "pairs", "butler", "Compscore3 13-Mar-26 Pianola", "2026-03-09"),
    "cross_imp_howell.xml": (
        "1.2",
        "pairs",
        "cross-imps",
        "Compscore3 23-Feb-26 BridgeWebs",
        "2026-02-02",
    ),
    "mp_pairs_howell.xml": ("1.2", "pairs", "mp", "Compscore3 26-Jul-22", "2022-07-27"),
    "mp_pairs_mitchell.xml": ("1.2", "pairs", "mp", "Compscore3 26-Jul-22", "2022-07-11"),
    "mp_pairs_mitchell_02.xml": ("1.2", "pairs", "mp", "Compscore3 26-Jul-22", "2022-07-28"),
    "mp_pairs_mitchell_03.xml": ("1.2", "pairs", "mp", "Compscore3 26-Jul-22", "2022-07-21"),
    "mp_pairs_mitchell_04.xml": ("1.2", "pairs", "mp", "Compscore3 26-Jul-22", "2022-07-26"),
    "mp_pairs_mitchell_adjusted_02.xml": (
        "1.2",
        "pairs",
        "mp",
        "Compscore3 26-Jul-22",
        "2022-07-28",
    ),
    "multi-section-pairs.xml": ("1.2", "pairs", "mp", "PairsScorer 7.2.93", "2015-12-14"),
    "payload_cross-imp-pairs.xml": ("1.2", "pairs", "cross-imps", "Pianola 1.0", "2016-12-01"),
    "payload_individual.xml": ("1.1", "individual", "mp", "", "2009-05-13"),
    "payload_mp-pairs.xml": ("1.2", "pairs", "mp", "PairsScorer 7.2.93", "2015-10-22"),
    "payload_multiple-teams.xml": ("1.2", "teams", "imps", "TeamsScorer 5.1.17", "2015-10-22"),
    "payload_point-a-board.xml": ("1.2", "teams", "bam", "EBUScoreTeams 1.1.3", "2016-01-17"),
    "payload_realbridge.xml": ("1.2", "pairs", "mp", "RealBridge 1.3.7", "2025-04-07"),
    "payload_usebio-and-pbn.xml": ("1.0", "pairs", "mp", "BriAn 213", "2025-04-09"),
    "sample.xml": ("1.2", "pairs", "mp", "ScoreBridge 10.25.02", "2025-07-30"),
}

# file: participants, boards, rows, boards with hands, rows with published points, errors,
# warnings. Counts of pairs, boards and lines are those of /work/shared/data/SOURCES.md, section C.
COUNTS = {
    "00201600+002321.xml": (35, 18, 305, 28, 305, 0, 1),
    "00201789+001571.xml": (17, 18, 144, 0, 144, 0, 0),
    "00202217+001532.xml": (19, 20, 180, 0, 180, 0, 0),
    "00210009+002061.xml": (18, 27, 216, 0, 216, 0, 0),
    "butler_howell.xml": (8, 35, 140, 35, 140, 0, 0),
    "cross_imp_howell.xml": (9, 27, 108, 27, 108, 0, 0),
    "mp_pairs_howell.xml": (12, 27, 161, 27, 161, 0, 1),
    "mp_pairs_mitchell.xml": (38, 27, 512, 27, 512, 0, 1),
    "mp_pairs_mitchell_02.xml": (42, 27, 567, 27, 567, 0, 0),
    "mp_pairs_mitchell_03.xml": (13, 21, 126, 21, 126, 0, 0),
    "mp_pairs_mitchell_04.xml": (16, 24, 134, 24, 134, 0, 8),
    "mp_pairs_mitchell_adjusted_02.xml": (42, 27, 567, 27, 567, 0, 0),
    "multi-section-pairs.xml": (32, 24, 335, 0, 335, 0, 1),
    "payload_cross-imp-pairs.xml": (17, 24, 192, 0, 192, 0, 1),
    "payload_individual.xml": (12, 22, 132, 0, 132, 0, 21),
    "payload_mp-pairs.xml": (22, 22, 242, 28, 242, 0, 0),
    "payload_multiple-teams.xml": (10, 30, 240, 0, 240, 0, 0),
    "payload_point-a-board.xml": (8, 42, 336, 0, 336, 0, 0),
    "payload_realbridge.xml": (16, 21, 168, 0, 168, 0, 0),
    "payload_usebio-and-pbn.xml": (13, 24, 144, 0, 144, 0, 0),
    "sample.xml": (8, 28, 94, 0, 94, 0, 17),
}  # fmt: skip

# file: traveller lines with a contract and a SCORE, and how many of their SCOREs equal
# bridgescore's score of the contract (see docs/usebio.md).
AGREEMENT = {
    "00201600+002321.xml": (305, 305),
    "00201789+001571.xml": (144, 144),
    "00202217+001532.xml": (180, 180),
    "00210009+002061.xml": (215, 215),
    "butler_howell.xml": (140, 140),
    "cross_imp_howell.xml": (108, 108),
    "mp_pairs_howell.xml": (160, 160),
    "mp_pairs_mitchell.xml": (512, 512),
    "mp_pairs_mitchell_02.xml": (565, 565),
    "mp_pairs_mitchell_03.xml": (126, 126),
    "mp_pairs_mitchell_04.xml": (134, 134),
    "mp_pairs_mitchell_adjusted_02.xml": (563, 563),
    "multi-section-pairs.xml": (334, 334),
    "payload_cross-imp-pairs.xml": (191, 191),  # and one CONTRACT "42" that is no contract
    "payload_individual.xml": (0, 0),  # scores only, no contracts
    "payload_mp-pairs.xml": (242, 242),
    "payload_multiple-teams.xml": (240, 240),
    "payload_point-a-board.xml": (336, 336),
    "payload_realbridge.xml": (168, 168),
    "payload_usebio-and-pbn.xml": (143, 143),
    "sample.xml": (94, 94),
}


def test_every_file_is_described() -> None:
    assert sorted(META) == sorted(COUNTS) == sorted(AGREEMENT) == list(FILES)


@pytest.mark.parametrize("name", FILES)
def test_file_facts(name: str) -> None:
    version, kind, scoring, program, date = META[name]
    people, boards, rows, hands, points, errors, warnings = COUNTS[name]
    found = event(name)
    assert document(name).version == version
    assert (found.kind, found.scoring, found.program, found.date) == (kind, scoring, program, date)
    assert len(found.participants) == len(found.standings) == people
    assert len(found.results.boards()) == boards
    assert len(found.results.rows) == len(found.published) == rows
    assert len(found.hands) == hands
    assert sum(p is not None for p in found.published) == points
    assert (len(found.results.errors), len(found.results.warnings)) == (errors, warnings)
    assert found.results.teams is (kind == "teams")
    assert found.results.source == name


@pytest.mark.parametrize("name", FILES)
def test_scores_agree_with_contracts(name: str) -> None:
    """Each line with a contract: its SCORE equals bridgescore's NS score of the contract
    at the board's vulnerability (found independently of the reader's own check)."""
    doc, found = document(name), event(name)
    assert doc.root is not None
    by_line = {row.where.line: row for row in found.results.rows}
    compared = agree = 0
    for element in doc.root.iter("TRAVELLER_LINE"):
        contract = (element.findtext("CONTRACT") or "").strip()
        score = (element.findtext("SCORE") or "").strip()
        row = by_line[doc.line_of(element)]
        if not contract or not score or row.result is None:
            continue
        compared += 1
        vulnerability = BoardInfo.of(row.board).vulnerability
        agree += ns_score_of(row.result, vulnerability, "2017") == int(score)
    assert (compared, agree) == AGREEMENT[name]


def test_mitchell_first_line_cell_by_cell() -> None:
    found = event("mp_pairs_mitchell.xml")
    row = found.results.rows[0]
    assert (row.board, row.ns, row.ew, row.vulnerability) == (1, "1NS", "1EW", Vulnerability.NONE)
    assert row.result == TableResult.parse("1NTE 5")
    assert row.ns_score == 100
    assert found.published[0] == Published(30.0, 6.0)
    assert row.where.line == 755
    assert found.name == "EL Mon 1:00pm Open (11-Jul-22)"
    assert found.site == "NSBC@Lindfield"
    assert found.participants[0] == Participant("1NS", ("PIETER KLIFFEN", "PETER JONKER"))
    assert found.standings[0] == PublishedStanding("1NS", 442.22, 45.5, "15")


def test_mitchell_percentages_are_totals_over_27_boards_of_top_36() -> None:
    standings = event("mp_pairs_mitchell.xml").standings
    assert all(s.total is not None and s.percent is not None for s in standings)
    for s in standings:
        assert s.total is not None
        assert s.percent is not None
        # both figures are rounded to 2 decimals: allow for the total's rounding too
        assert abs(s.total * 100 / (27 * 36) - s.percent) <= 0.005 + 0.005 * 100 / 972, s


def test_mitchell_matchpoints_of_each_line_sum_to_the_boards_top() -> None:
    found = event("mp_pairs_mitchell.xml")
    results = {b: sum(r.board == b for r in found.results.rows) for b in found.results.boards()}
    assert sorted(set(results.values())) == [18, 19]  # board 15 has a sit-out
    for row, points in zip(found.results.rows, found.published, strict=True):
        assert points is not None
        assert points.ns_points is not None
        assert points.ns_points + (points.ew_points or 0) == 2 * (results[row.board] - 1), row


def test_hands_of_a_board() -> None:
    hands = event("mp_pairs_mitchell.xml").hands[1]
    east = hands.hand(Seat.EAST)
    assert east is not None
    clubs = sorted((c.rank for c in east if c.suit is Strain.CLUBS), reverse=True)
    assert clubs == [Rank.KING, Rank.JACK, Rank.EIGHT, Rank.SIX]
    assert Card(Strain.DIAMONDS, Rank.ACE) in east
    assert hands.is_complete
    assert sorted(event("payload_mp-pairs.xml").hands) == list(range(1, 29))


def test_vulnerability_follows_the_board_number() -> None:
    rows = event("mp_pairs_mitchell.xml").results.rows
    assert {(r.board, r.vulnerability) for r in rows if r.board in (2, 4, 17)} == {
        (2, Vulnerability.NS),
        (4, Vulnerability.BOTH),
        (17, Vulnerability.NONE),
    }


def test_adjusted_scores_keep_each_sides_award() -> None:
    """USEBIO's A5050, A6040, A6060 are average, average plus and minus (every published
    figure of the real files agrees, docs/real-events.md), read as those codes so that a
    file converted to PBN or CSV and back keeps them."""
    found = event("mp_pairs_mitchell_adjusted_02.xml")
    adjusted = [
        (row.board, row.ns, row.ew, row.adjusted, points)
        for row, points in zip(found.results.rows, found.published, strict=True)
        if row.adjusted is not None
    ]
    assert adjusted[:2] == [
        (1, "1NS", "1EW", Adjusted.parse("A/A"), Published(20.0, 20.0)),
        (1, "2NS", "15EW", Adjusted.parse("A+/A-"), Published(24.0, 16.0)),
    ]
    assert [str(a[3]) for a in adjusted] == ["A/A", "A+/A-", "A+/A+", "A/A"]


def test_passed_out_lines_however_written() -> None:
    # Compscore writes PLAYED_BY N and TRICKS 0 (or empty); BriAn writes neither.
    for name in ("mp_pairs_mitchell.xml", "cross_imp_howell.xml", "payload_usebio-and-pbn.xml"):
        passed = [r for r in event(name).results.rows if r.result and r.result.passed_out]
        assert passed, name
        assert all(r.ns_score == 0 and r.describe() == "Pass" for r in passed)


def test_lower_case_doubles() -> None:
    rows = event("payload_mp-pairs.xml").results.rows
    redoubled = [(r.board, r.describe(), r.ns_score) for r in rows if "XX" in r.describe()]
    assert redoubled == [(6, "5SXXW+1", -1600)]  # written 5Sxx by W, 12 tricks, -1600
    assert sum("X" in r.describe() for r in rows) == 16


def test_multi_section_pairs_keep_their_numbers() -> None:
    found = event("00201600+002321.xml")
    ids = [p.id for p in found.participants]
    assert ids[:2] == ["1", "2"]
    assert ids[-1] == "36"
    assert len(set(ids)) == 35
    assert found.standings[1] == PublishedStanding("2", None, 58.08, "6")
    # the two sections play the same boards: 17 results of board 1 across the field
    assert sum(r.board == 1 for r in found.results.rows) == 17


def test_two_sections_numbering_pairs_alike_are_told_apart() -> None:
    doc_text = usebio_text(event_type="PAIRS").replace(
        "</EVENT>",
        '<SESSION SESSION_ID="1">'
        + "".join(
            f'<SECTION SECTION_ID="{s}"><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR>'
            "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER></PAIR></PARTICIPANTS>"
            + board(1, line(score="420"))
            + "</SECTION>"
            for s in "AB"
        )
        + "</SESSION></EVENT>",
    )
    found = usebio.to_event(usebio.loads(doc_text))
    assert [(r.ns, r.ew) for r in found.results.rows] == [("A-1", "A-2"), ("B-1", "B-2")]
    assert [p.id for p in found.participants] == ["A-1", "A-2", "B-1", "B-2"]
    assert found.results.problems == ()


def test_places_with_ties() -> None:
    standings = {s.id: s for s in event("sample.xml").standings}
    tied = sorted(pair for pair, s in standings.items() if s.place == "3=")
    assert len(tied) == 2
    assert {standings[p].percent for p in tied} == {50.69}


def test_butler_points_and_totals() -> None:
    found = event("butler_howell.xml")
    assert found.results.rows[0].describe() == "2SS+2"
    assert found.published[0] == Published(0.0, 0.0)
    assert found.standings[0] == PublishedStanding("1", -5.0, None, "5")
    totals = {s.id: s.total for s in found.standings}
    sums: dict[str, float] = {}
    for row, points in zip(found.results.rows, found.published, strict=True):
        assert points is not None
        assert points.ns_points is not None
        assert points.ew_points is not None
        sums[row.ns] = sums.get(row.ns, 0.0) + points.ns_points
        sums[row.ew] = sums.get(row.ew, 0.0) + points.ew_points
    assert {pair: round(total, 2) for pair, total in sums.items()} == totals


def test_cross_imp_points_in_a_pairs_event() -> None:
    found = event("payload_cross-imp-pairs.xml")
    assert usebio.EVENT_TYPES["PAIRS"] == ("pairs", None)
    assert found.published[0] is not None
    assert found.published[0].ns_points is not None
    # the line whose CONTRACT is "42": kept with the file's SCORE, and reported
    row = next(r for r in found.results.rows if r.where.line == 338)
    assert (row.board, row.ns, row.ew, row.result, row.ns_score) == (1, "9", "4", None, 480)
    assert not found.results.errors
    (warning,) = found.results.warnings
    assert (warning.where.line, warning.board) == (341, "1")
    assert warning.message.startswith("CONTRACT '42': not a contract")
    assert warning.message.endswith("; scored by its SCORE +480")


def test_teams_rows_are_team_against_team_per_round() -> None:
    found = event("payload_multiple-teams.xml")
    rows = found.results.rows
    first_two = [(r.round, r.board, r.ns, r.ew, r.describe(), r.ns_score) for r in rows[2:4]]
    assert first_two == [
        (1, 2, "1", "3", "3SE=", -140),
        (1, 2, "3", "1", "5DXN-2", -500),
    ]
    # board 2: team 1 scores -140 NS and +500 EW: 360, 8 IMPs
    assert found.published[2:4] == (Published(8.0, -8.0), Published(-8.0, 8.0))
    assert found.participants[0].kind == "team"
    assert found.participants[0].names[:2] == ("Dexter Jones", "Brian Hollies")
    assert found.standings[0] == PublishedStanding("1", 55.0, None, "10")


def test_teams_match_figures() -> None:
    matches = usebio.published_matches(document("payload_multiple-teams.xml"))
    assert len(matches) == 40
    first = matches[0]
    assert (first.round, first.team, first.opponent) == (1, "1", "3")
    assert (first.team_score, first.opponent_score) == (12.0, 8.0)
    assert first.boards[:2] == ((1, 0.0, 0.0), (2, 8.0, -8.0))
    bam = usebio.published_matches(document("payload_point-a-board.xml"))
    assert len(bam) == 28
    assert sum(len(m.boards) for m in bam) == 168
    assert bam[0].boards[0] == (1, 0.0, 2.0)


def test_point_a_board_points_per_row() -> None:
    found = event("payload_point-a-board.xml")
    rows = found.results.rows
    assert [(r.ns, r.ew) for r in rows[:2]] == [("1", "8"), ("8", "1")]
    assert found.published[:2] == (Published(0.0, 2.0), Published(2.0, 0.0))


def test_individual_rows_name_the_four_players() -> None:
    found = event("payload_individual.xml")
    row = found.results.rows[0]
    assert row.players == ("10", "8", "101", "82")
    assert (row.ns, row.ew, row.ns_score, row.result) == ("10+101", "8+82", 80, None)
    assert found.participants[0] == Participant("1", ("June Howard",), "player")
    assert {s.place for s in found.standings} >= {"1", "2", "3="}
    unknown = {p.message.split("'")[1] for p in found.results.warnings}
    assert "101" in unknown
    assert "1" not in unknown


def test_usebio_1_0_file() -> None:
    found = event("payload_usebio-and-pbn.xml")
    assert found.standings[0] == PublishedStanding("1", None, 62.01923, "1")
    adjusted = [r for r in found.results.rows if r.adjusted is not None]
    assert [(r.board, r.ns, r.ew, str(r.adjusted)) for r in adjusted] == [
        (adjusted[0].board, "3", "14", "A/A")
    ]


def test_encodings_and_line_ends() -> None:
    text = usebio_text(
        board(1, line(score="420")),
        participants="<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>José Müller"
        "</PLAYER_NAME></PLAYER></PAIR><PAIR><PAIR_NUMBER>2</PAIR_NUMBER></PAIR>",
        prolog='<?xml version="1.0" encoding="iso-8859-1"?>\r\n',
    ).replace("\n", "\r\n")
    data = text.encode("iso-8859-1")
    doc = usebio.loads(data)
    assert (doc.encoding, doc.newline) == ("iso-8859-1", "\r\n")
    found = usebio.to_event(doc)
    assert found.participants[0].names == ("José Müller",)
    assert found.results.rows[0].where.line == found.results.rows[0].where.line
    assert usebio.dumps(doc).encode("iso-8859-1") == data
    # the same text as str, and as UTF-8 with a byte-order mark
    assert usebio.to_event(usebio.loads(text)).participants == found.participants
    utf8 = b"\xef\xbb\xbf" + text.replace("iso-8859-1", "UTF-8").encode("utf-8")
    again = usebio.loads(utf8)
    assert usebio.to_event(again).participants == found.participants
    assert usebio.dumps(again).encode("utf-8") == utf8


def test_lines_are_those_of_the_file() -> None:
    text = usebio_text(board(3, line(score="140"), line(ns="3", ew="4", score="110")))
    doc = usebio.loads(text)
    rows = usebio.to_event(doc).results.rows
    lines = text.splitlines()
    for row in rows:
        assert row.where.line is not None
        assert lines[row.where.line - 1] == "<TRAVELLER_LINE>"


def test_vulnerability_given_in_the_file() -> None:
    text = usebio_text(
        board(1, line(score="620"), extra="<VULNERABILITY>Both</VULNERABILITY>"),
        board(2, line(contract="3NT", by="S", tricks="9", score="400")),
    )
    found = usebio.to_event(usebio.loads(text))
    rows = found.results.rows
    assert [(r.board, r.vulnerability, r.ns_score) for r in rows] == [
        (1, Vulnerability.BOTH, 620),
        (2, Vulnerability.NS, 600),
    ]
    # the SCORE 400 contradicts 3NT by S made at NS vulnerable: a warning, the row scored
    # from the contract
    assert not found.results.errors
    assert [p.detail() for p in found.results.warnings] == [
        "board 2: SCORE +400 contradicts 3NTS= (NS +600 with NS vulnerable); scored from the"
        " contract"
    ]


def test_unknown_elements_are_left_aside() -> None:
    text = usebio_text(board(1, line(score="420", extra="<MY_NOTE>late</MY_NOTE>")))
    found = usebio.to_event(usebio.loads(text))
    assert found.results.problems == ()
    assert [r.ns_score for r in found.results.rows] == [420]


def test_the_document_keeps_the_tree() -> None:
    doc = document("butler_howell.xml")
    assert doc.root is not None
    assert doc.event_type == "BUTLER_PAIRS"
    averages = [b.findtext("BOARD_AVERAGE") for b in doc.root.iter("BOARD")]
    assert averages[0] == "160"
    assert isinstance(doc.root, ET.Element)
    first_line = next(doc.root.iter("TRAVELLER_LINE"))
    assert doc.line_of(first_line) == 179


def test_a_mitchell_numbering_ns_and_ew_pairs_alike() -> None:
    pairs = "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION></PAIR>"
        for n in "12"
        for d in ("NS", "EW")
    )
    text = usebio_text(
        board(1, line(ns="1", ew="1"), line(ns="2", ew="2", score="420")), participants=pairs
    )
    found = usebio.to_event(usebio.loads(text, strict=True))
    assert [p.id for p in found.participants] == ["1NS", "1EW", "2NS", "2EW"]
    assert [(r.ns, r.ew) for r in found.results.rows] == [("1NS", "1EW"), ("2NS", "2EW")]
    assert found.results.problems == ()
