"""Double-dummy tables and par as values: every PBN form the test data's files write, read
and written back; bad forms refused with the text named; par contracts in the reader's
words."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from analysis.files import PBN_DATA, every_value, pbn_files, tag_values
from bridgescore.analysis.model import (
    Analysis,
    AnalysisError,
    DoubleDummy,
    Par,
    ParContract,
    from_tags,
    high_card_points,
    to_tags,
)
from bridgescore.core.hands import Hands
from bridgescore.core.notation import notation_for
from bridgescore.core.seats import Seat, Side
from bridgescore.core.strains import Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.io.pbn import load

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NT, SP, HE, DI, CL = Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS


# --- DoubleDummyTricks and OptimumResultTable --------------------------------------------


def test_double_dummy_tricks_read_in_bridgecomposer_order() -> None:
    # BridgeComposer 2025-12-23, board 1: declarers N, S, E, W, each NT, S, H, D, C
    tricks = DoubleDummy.from_pbn("2563225632b87abb87ab")
    assert [tricks.of(N, s) for s in (NT, SP, HE, DI, CL)] == [2, 5, 6, 3, 2]
    assert [tricks.of(S, s) for s in (NT, SP, HE, DI, CL)] == [2, 5, 6, 3, 2]
    assert [tricks.of(E, s) for s in (NT, SP, HE, DI, CL)] == [11, 8, 7, 10, 11]
    assert [tricks.of(W, s) for s in (NT, SP, HE, DI, CL)] == [11, 8, 7, 10, 11]
    assert tricks.level_made(E, NT) == 5
    assert tricks.level_made(N, NT) == 0
    # upper-case digits read alike; written lower-case, as BridgeComposer writes them
    assert DoubleDummy.from_pbn("2563225632B87ABB87AB") == tricks
    assert tricks.to_pbn() == "2563225632b87abb87ab"


def test_every_double_dummy_tricks_in_the_files_reads_and_writes_back() -> None:
    values = every_value("DoubleDummyTricks")
    assert len(values) == 24 + 24 + 24 + 10  # BridgeComposer twice, Bridgewebs, RealBridge
    for text in values:
        assert DoubleDummy.from_pbn(text).to_pbn() == text.lower()


def _table_rows(path_name: str) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """Each game's DoubleDummyTricks (or '') and its OptimumResultTable rows, as written."""
    games = []
    for game in load(PBN_DATA / path_name).games:
        table = game.table("OptimumResultTable")
        if table is None:
            continue
        rows = [
            (r["Declarer"] or "", r["Denomination"] or "", r["Result"] or "") for r in table.rows
        ]
        games.append((game.get("DoubleDummyTricks") or "", rows))
    return games


@pytest.mark.parametrize(
    "name",
    [
        "bridgecomposer_2025-12-23.pbn",
        "bridgecomposer_2025-12-30.pbn",
        "bridgewebs_hands.pbn",
        "magic_contest_test_set.pbn",
        "realbridge_example2.pbn",
        "ruter_impcross.pbn",
        "ruter_sm1.pbn",
        "ruter_sm2.pbn",
    ],
)
def test_every_optimum_result_table_reads_and_writes_back(name: str) -> None:
    games = _table_rows(name)
    assert games
    for hexadecimal, rows in games:
        tricks = DoubleDummy.from_rows(rows)
        written = {(d, s, int(r)) for d, s, r in tricks.rows()}
        assert written == {(d, s, int(r)) for d, s, r in rows}
        if hexadecimal:  # the file's two forms of one table agree
            assert DoubleDummy.from_pbn(hexadecimal) == tricks


def test_an_optimum_result_table_in_any_row_order_with_n_for_notrump() -> None:
    rows = [(d.letter, "N" if s is NT else s.letter, "7") for d in Seat for s in Strain]
    rows.reverse()
    tricks = DoubleDummy.from_rows(rows)
    assert all(tricks.of(d, s) == 7 for d in Seat for s in Strain)
    assert tricks.rows()[0] == ("N", "NT", 7)
    assert [r[:2] for r in tricks.rows()[:6]] == [
        ("N", "NT"), ("N", "S"), ("N", "H"), ("N", "D"), ("N", "C"), ("S", "NT"),
    ]  # fmt: skip


ALL_SEVENS = [(d.letter, s.letter, "7") for d in Seat for s in Strain]


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (ALL_SEVENS[:-1], "OptimumResultTable has no row for W NT"),
        ([*ALL_SEVENS, ("N", "S", "7")], "OptimumResultTable gives N S twice"),
        ([("X", "S", "7"), *ALL_SEVENS[1:]], "'X': a declarer is N, E, S or W"),
        ([("N", "Z", "7"), *ALL_SEVENS[1:]], "'Z': a strain is NT, S, H, D or C"),
        ([("N", "C", "seven"), *ALL_SEVENS[1:]], "'seven': tricks are a number, 0 to 13"),
        ([("N", "C", "14"), *ALL_SEVENS[1:]], "14: double-dummy tricks are 0 to 13"),
    ],
)
def test_a_bad_optimum_result_table_names_what_is_wrong(
    rows: list[tuple[str, str, str]], message: str
) -> None:
    with pytest.raises(AnalysisError, match=re.escape(message)):
        DoubleDummy.from_rows(rows)


@pytest.mark.parametrize(
    "text",
    ["2563225632b87abb87a", "2563225632b87abb87abc", "2563225632b87abb87ae", "no tricks here"],
)
def test_bad_double_dummy_tricks_are_refused_naming_the_text(text: str) -> None:
    with pytest.raises(AnalysisError, match=re.escape(f"{text!r}: DoubleDummyTricks is 20")):
        DoubleDummy.from_pbn(text)


def test_a_table_is_4_declarers_by_5_strains_of_0_to_13() -> None:
    with pytest.raises(AnalysisError, match="4 declarers by 5 strains"):
        DoubleDummy(((7,) * 5,) * 3)
    with pytest.raises(AnalysisError, match="14: double-dummy tricks are 0 to 13"):
        DoubleDummy(((14,) * 5,) * 4)
    with pytest.raises(AnalysisError, match="True: double-dummy tricks are whole numbers"):
        DoubleDummy(((True,) * 5,) * 4)


# --- OptimumScore ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ns"),
    [
        ("NS 450", 450),  # PBN 2.1, 4.2.7
        ("EW -100", 100),  # East-West's score: North-South's +100
        ("NS +90", 90),  # RealBridge's signed form
        ("EW 460", -460),  # BridgeComposer: the par contract's side
        ("NS -430", -430),  # Ruter
        ("NS 0", 0),
        ("ns  620", 620),
    ],
)
def test_optimum_score_as_north_souths(text: str, ns: int) -> None:
    assert Par.parse_score(text) == ns


def test_every_optimum_score_in_the_files_reads() -> None:
    values = every_value("OptimumScore")
    assert {v.split()[0] for v in values} == {"NS", "EW"}
    assert any(v.startswith("NS +") for v in values)  # RealBridge
    for text in values:
        side, points = text.split()
        assert Par.parse_score(text) == int(points) * (1 if side == "NS" else -1)


@pytest.mark.parametrize("text", ["NS", "450", "NS 4S", "NE 450", "NS 45O", "NS 1234567"])
def test_a_bad_optimum_score_is_refused_naming_the_text(text: str) -> None:
    with pytest.raises(AnalysisError, match=re.escape(f"{text!r}: an optimum score is a side")):
        Par.parse_score(text)


@pytest.mark.parametrize("name", ["bridgecomposer_2025-12-23.pbn", "bridgecomposer_2025-12-30.pbn"])
def test_the_optimum_score_written_is_bridgecomposers(name: str) -> None:
    values = tag_values(PBN_DATA / name)
    pairs = list(zip(values["OptimumScore"], values["ParContract"], strict=True))
    assert len(pairs) == 24
    for score, contracts in pairs:
        par = Par(Par.parse_score(score), Par.parse_contracts(contracts))
        assert par.score_to_pbn() == score
        assert par.contracts_to_pbn() == contracts


def test_optimum_score_of_a_passed_out_deal_and_of_a_score_alone() -> None:
    assert Par(0, ()).score_to_pbn() == "NS 0"
    assert Par(-100, None).score_to_pbn() == "NS -100"


# --- ParContract and OptimumContract -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "contract"),
    [
        ("EW 3N+2", ParContract(3, NT, False, (E, W), 11)),
        ("NS 4SX-1", ParContract(4, SP, True, (N, S), 9)),
        ("E 1N+1", ParContract(1, NT, False, (E,), 8)),
        ("EW 2H=", ParContract(2, HE, False, (E, W), 8)),
        ("EW 5CX-3", ParContract(5, CL, True, (E, W), 8)),
        ("S 7NT=", ParContract(7, NT, False, (S,), 13)),
        ("ns 4s+1", ParContract(4, SP, False, (N, S), 11)),
        ("W 3D", ParContract(3, DI, False, (W,), 9)),
    ],
)
def test_par_contract_forms(text: str, contract: ParContract) -> None:
    assert ParContract.from_pbn(text) == contract


def test_par_contracts_joined_and_passed() -> None:
    assert Par.parse_contracts("EW 3D+1; EW 3H=") == (
        ParContract(3, DI, False, (E, W), 10),
        ParContract(3, HE, False, (E, W), 9),
    )
    assert Par.parse_contracts("Pass") == ()
    assert Par(0, ()).contracts_to_pbn() == "Pass"


def test_every_par_contract_in_the_files_reads_and_writes_back() -> None:
    values = every_value("ParContract")
    assert {"E 1N+1", "EW 2D+1; EW 2H=", "NS 4SX-1", "NS 7DX-5", "EW 7N="} <= set(values)
    for text in values:
        assert Par(0, Par.parse_contracts(text)).contracts_to_pbn() == text


@pytest.mark.parametrize(
    ("text", "contract"),
    [
        ("3DX S 8", ParContract(3, DI, True, (S,), 8)),
        ("4N E 10", ParContract(4, NT, False, (E,), 10)),
        ("5HX W 8", ParContract(5, HE, True, (W,), 8)),
    ],
)
def test_ruters_optimum_contract(text: str, contract: ParContract) -> None:
    assert ParContract.from_ruter(text) == contract
    assert ParContract.from_pbn(contract.to_pbn()) == contract


def test_every_optimum_contract_in_the_files_reads() -> None:
    values = every_value("OptimumContract")
    assert len(values) > 100
    for text in values:
        contract = ParContract.from_ruter(text)
        level, seat, tricks = text.split()
        assert (contract.declarers, contract.tricks) == ((Seat.parse(seat),), int(tricks))
        assert contract.doubled == level.endswith("X")
        # Ruter names a contract that makes at the level of its tricks (4N E 10); a
        # sacrifice at its level, doubled (3DX S 8)
        assert contract.difference == 0 or (contract.doubled and contract.difference < 0)


def test_a_contract_ruter_names_at_its_tricks_is_the_lowest_that_scores_the_same() -> None:
    solver = ParContract.from_pbn("E 3N+1")
    assert solver.covers(ParContract.from_ruter("4N E 10"))
    assert ParContract.from_pbn("EW 3N+1").covers(ParContract.from_ruter("4N E 10"))
    # not when the level changes the score: 2N+2 is a part score, 3N= a game
    assert not ParContract.from_pbn("E 2N+2").covers(ParContract.from_ruter("4N E 10"))
    # a sacrifice's level is its own: 4HX-1 is not 5HX-2
    assert not ParContract.from_pbn("W 4HX-1").covers(ParContract.from_pbn("W 5HX-2"))
    # nor the other seat, nor the other side
    assert not ParContract.from_pbn("E 3N+1").covers(ParContract.from_ruter("4N W 10"))
    assert not ParContract.from_pbn("W 4HX-1").covers(ParContract.from_pbn("E 4HX-1"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("EW 8N=", "'EW 8N=': a par contract is who declares"),
        ("XY 3N", "'XY 3N': a par contract is who declares"),
        ("EW 3N+2 extra", "'EW 3N+2 extra': a par contract is who declares"),
        ("NS 4SXX-1", "'NS 4SXX-1': a par contract is never redoubled"),
        ("EW 7N+1", "14: tricks are 0 to 13"),
        ("EW 1C-8", "-1: tricks are 0 to 13"),
    ],
)
def test_a_bad_par_contract_is_refused_naming_the_text(text: str, message: str) -> None:
    with pytest.raises(AnalysisError, match=re.escape(message)):
        ParContract.from_pbn(text)


def test_a_bad_contract_in_a_list_is_named() -> None:
    with pytest.raises(AnalysisError, match=re.escape("'EW 3Q+1': a par contract")):
        Par.parse_contracts("EW 3D+1; EW 3Q+1")


@pytest.mark.parametrize("text", ["3D S", "3DX S eight", "8N E 14", "3D SE 9", "S 3D 9"])
def test_a_bad_optimum_contract_is_refused_naming_the_text(text: str) -> None:
    with pytest.raises(AnalysisError, match=re.escape(f"{text!r}: an optimum contract")):
        ParContract.from_ruter(text)


def test_a_par_contracts_declarers_are_one_seat_or_partners() -> None:
    with pytest.raises(AnalysisError, match="partners"):
        ParContract(3, NT, False, (N, E), 9)
    with pytest.raises(AnalysisError, match="one seat or by a side"):
        ParContract(3, NT, False, (), 9)
    assert ParContract(3, NT, False, (W, E), 9).declarers == (E, W)


@given(
    level=st.integers(1, 7),
    strain=st.sampled_from(Strain),
    doubled=st.booleans(),
    declarers=st.sampled_from([(N,), (E,), (S,), (W,), (N, S), (E, W)]),
    tricks=st.integers(0, 13),
)
def test_every_par_contract_reads_back_from_its_pbn_form(
    level: int, strain: Strain, doubled: bool, declarers: tuple[Seat, ...], tricks: int
) -> None:
    contract = ParContract(level, strain, doubled, declarers, tricks)
    assert ParContract.from_pbn(contract.to_pbn()) == contract
    names = {"ParContract": ParContract, "Strain": Strain, "Seat": Seat}
    assert eval(repr(contract), names) == contract


def test_par_contract_scores_for_north_south() -> None:
    assert ParContract.from_pbn("EW 3N+2").ns_score(Vulnerability.NONE) == -460
    assert ParContract.from_pbn("NS 4SX-1").ns_score(Vulnerability.NS) == -200
    assert ParContract.from_pbn("EW 5HX-1").ns_score(Vulnerability.NS) == 100
    assert ParContract.from_pbn("E 1N+1").ns_score(Vulnerability.NS) == -120


# --- in the reader's words ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "side", "seat", "sacrifice", "passed"),
    [
        ("en", "EW 3NT+2", "E 1NT+1", "NS 4SX-1", "Pass"),
        # Finnish: itä-länsi IL, idässä I, pohjoinen-etelä PE, pata ♠
        ("fi", "IL 3NT+2", "I 1NT+1", "PE 4♠X-1", "Passi"),
        # Spanish: este-oeste EO, sin triunfo ST, picas ♠
        ("es", "EO 3ST+2", "E 1ST+1", "NS 4♠X-1", "Paso"),
    ],
)
def test_par_contracts_in_the_readers_words(
    language: str, side: str, seat: str, sacrifice: str, passed: str
) -> None:
    notation = notation_for(language)
    assert ParContract.from_pbn("EW 3N+2").text(notation) == side
    assert ParContract.from_pbn("E 1N+1").text(notation) == seat
    assert ParContract.from_pbn("NS 4SX-1").text(notation) == sacrifice
    assert Par(0, ()).text(notation) == passed
    assert Par(-100, None).text(notation) == ""
    both = Par(100, Par.parse_contracts("EW 5HX-1; EW 5CX-1"))
    assert both.text(notation) == "; ".join(
        c.text(notation) for c in Par.parse_contracts("EW 5HX-1; EW 5CX-1")
    )


def test_finnish_par_has_the_finnish_sides_and_suit_symbols() -> None:
    assert Par(100, Par.parse_contracts("EW 5HX-1; EW 5CX-1")).text(notation_for("fi")) == (
        "IL 5♥X-1; IL 5♣X-1"
    )
    assert Par(100, Par.parse_contracts("EW 5HX-1; EW 5CX-1")).text(notation_for("es")) == (
        "EO 5♥X-1; EO 5♣X-1"
    )


# --- the analysis as tags ----------------------------------------------------------------

GOLDEN_TRICKS = DoubleDummy.of_table(
    {
        N: {CL: 3, DI: 10, HE: 3, SP: 10, NT: 3},
        S: {CL: 3, DI: 10, HE: 3, SP: 10, NT: 3},
        E: {CL: 10, DI: 3, HE: 10, SP: 3, NT: 3},
        W: {CL: 10, DI: 3, HE: 10, SP: 3, NT: 3},
    }
)


@pytest.mark.parametrize(
    ("analysis", "tags"),
    [
        (
            Analysis(GOLDEN_TRICKS, Par(200, Par.parse_contracts("EW 5HX-1; EW 5CX-1"))),
            {
                "DoubleDummyTricks": "3a3a33a3a333a3a33a3a",
                "OptimumScore": "EW -200",
                "ParContract": "EW 5HX-1; EW 5CX-1",
            },
        ),
        (Analysis(None, Par(0, ())), {"OptimumScore": "NS 0", "ParContract": "Pass"}),
        (Analysis(None, Par(-430, None)), {"OptimumScore": "NS -430"}),
        (Analysis(GOLDEN_TRICKS, None), {"DoubleDummyTricks": "3a3a33a3a333a3a33a3a"}),
        (Analysis(), {}),
    ],
)
def test_an_analysis_as_tags_and_back(analysis: Analysis, tags: dict[str, str]) -> None:
    assert to_tags(analysis) == tags
    assert from_tags(tags) == analysis


def test_differences_name_each_figure() -> None:
    kept = Analysis(GOLDEN_TRICKS, Par(500, Par.parse_contracts("E 4HX-2")))
    other = DoubleDummy.of_table(
        {seat: {s: GOLDEN_TRICKS.of(seat, s) for s in Strain} for seat in Seat}
        | {W: {CL: 10, DI: 3, HE: 9, SP: 3, NT: 3}}
    )
    solved = Analysis(other, Par(200, Par.parse_contracts("W 4HX-1")))
    assert [str(m) for m in kept.differences(solved)] == [
        "double-dummy tricks differ (W H 10→9)",
        "par score NS +500 in the file, NS +200 by the solver",
        "par contract E 4HX-2 in the file, W 4HX-1 by the solver",
    ]
    assert kept.differences(kept) == []
    # a file that names one seat of the side, or one of two par contracts, agrees
    both = Analysis(None, Par(100, Par.parse_contracts("EW 5HX-1; EW 5CX-1")))
    assert Analysis(None, Par(100, Par.parse_contracts("W 5CX-1"))).differences(both) == []
    # a score alone is compared as a score
    assert Analysis(None, Par(100, None)).differences(both) == []


def test_high_card_points() -> None:
    hands = Hands.from_pbn("N:AKQJT98..432.AKQ .AKQJT98.AKQ.432 765432..JT98765. -")
    assert high_card_points(hands) == {N: 19, E: 19, S: 1, W: None}


def test_every_file_with_an_analysis_tag_is_known() -> None:
    from analysis.files import ANALYSED

    carrying = [path for path in pbn_files() if tag_values(path)]
    assert carrying == sorted(ANALYSED)


def test_side_of_a_par_contract() -> None:
    assert ParContract.from_pbn("E 1N+1").side is Side.EW
    assert ParContract.from_pbn("NS 4SX-1").side is Side.NS
