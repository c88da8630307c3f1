"""Text in and out: every spelling players write, canonical forms, and the errors."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import (
    PASSED_OUT,
    BoardError,
    BoardInfo,
    BridgeError,
    BridgeInputError,
    Contract,
    ContractError,
    Doubling,
    DoublingError,
    LawsError,
    PassedOut,
    ResultError,
    Seat,
    SeatError,
    Side,
    Strain,
    StrainError,
    TableResult,
    Vulnerability,
    VulnerabilityError,
    get_laws,
    parse_contract,
    parse_result,
)

S, H, NT = Strain.SPADES, Strain.HEARTS, Strain.NOTRUMP
X, XX = Doubling.DOUBLED, Doubling.REDOUBLED

ALL_CONTRACTS = [
    Contract(level, strain, doubling, declarer)
    for level in range(1, 8)
    for strain in Strain
    for doubling in Doubling
    for declarer in (None, *Seat)
]
ALL_RESULTS = [
    TableResult(PASSED_OUT, None),
    *(TableResult(c, tricks) for c in ALL_CONTRACTS for tricks in range(14)),
]

# --- spellings ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4S", Contract(4, S)),
        ("4♠", Contract(4, S)),
        ("4s", Contract(4, S)),
        (" 4 S ", Contract(4, S)),
        ("4 spades", Contract(4, S)),
        ("6♥", Contract(6, H)),
        ("6♡", Contract(6, H)),
        ("2♦", Contract(2, Strain.DIAMONDS)),
        ("2♢", Contract(2, Strain.DIAMONDS)),
        ("1♣", Contract(1, Strain.CLUBS)),
        ("3NT", Contract(3, NT)),
        ("3N", Contract(3, NT)),
        ("3nt", Contract(3, NT)),
        ("4SX", Contract(4, S, X)),
        ("4S*", Contract(4, S, X)),
        ("4sx", Contract(4, S, X)),
        ("4SXX", Contract(4, S, XX)),
        ("4S**", Contract(4, S, XX)),
        ("4♠XX", Contract(4, S, XX)),
        ("4SXN", Contract(4, S, X, Seat.NORTH)),
        ("4S N", Contract(4, S, declarer=Seat.NORTH)),
        ("3NT S", Contract(3, NT, declarer=Seat.SOUTH)),
        ("3NTS", Contract(3, NT, declarer=Seat.SOUTH)),
        ("1NS", Contract(1, NT, declarer=Seat.SOUTH)),
        ("6♥XXE", Contract(6, H, XX, Seat.EAST)),
        ("7NTXW", Contract(7, NT, X, Seat.WEST)),
    ],
)
def test_contract_spellings(text: str, expected: Contract) -> None:
    assert Contract.parse(text) == expected
    assert parse_contract(text) == expected


@pytest.mark.parametrize("text", ["Pass", "pass", "AP", "ap", "All pass", "Passed out", "P"])
def test_passed_out_spellings(text: str) -> None:
    assert parse_contract(text) is PASSED_OUT
    assert TableResult.parse(text) == TableResult(PASSED_OUT, None)
    with pytest.raises(ContractError, match="passed-out"):
        Contract.parse(text)


@pytest.mark.parametrize(
    ("text", "contract", "tricks"),
    [
        ("4S=", Contract(4, S), 10),
        ("4S+1", Contract(4, S), 11),
        ("4S-2", Contract(4, S), 8),
        ("4S 10", Contract(4, S), 10),
        ("4S10", Contract(4, S), 10),
        ("4♠=", Contract(4, S), 10),
        ("4♠ +1", Contract(4, S), 11),
        ("4SXN-2", Contract(4, S, X, Seat.NORTH), 8),
        ("4S*N-2", Contract(4, S, X, Seat.NORTH), 8),
        ("4SX N -2", Contract(4, S, X, Seat.NORTH), 8),
        ("3NT S 10", Contract(3, NT, declarer=Seat.SOUTH), 10),
        ("3NTS+1", Contract(3, NT, declarer=Seat.SOUTH), 10),
        ("3N=", Contract(3, NT), 9),
        ("7NT=", Contract(7, NT), 13),
        ("7NTXX-13", Contract(7, NT, XX), 0),
        ("1NT-7", Contract(1, NT), 0),
        ("1NT 0", Contract(1, NT), 0),
        ("1C+6", Contract(1, Strain.CLUBS), 13),
        ("6♥XXE=", Contract(6, H, XX, Seat.EAST), 12),
    ],
)
def test_result_spellings(text: str, contract: Contract, tricks: int) -> None:
    assert TableResult.parse(text) == TableResult(contract, tricks)
    assert parse_result(text) == TableResult(contract, tricks)


def test_symbols_in_and_out() -> None:
    for strain, symbol in zip(Strain, ("♣", "♦", "♥", "♠", "NT"), strict=True):
        c = Contract(4, strain, X, Seat.NORTH)
        assert c.format(symbols=True) == f"4{symbol}XN"
        assert c.format() == f"4{strain.letter}XN"
        assert Contract.parse(c.format(symbols=True)) == c
        assert c.format(declarer=False) == f"4{strain.letter}X"
    assert TableResult.parse("4♠XN-2").format(symbols=True) == "4♠XN-2"
    assert TableResult.parse("4♠XN-2").format() == "4SXN-2"
    assert str(TableResult.parse("3NT S 10")) == "3NTS+1"
    assert str(PASSED_OUT) == "Pass" == PASSED_OUT.format(symbols=True)
    assert str(TableResult(PASSED_OUT, None)) == "Pass"


# --- canonical text round trip ------------------------------------------------------------------


def test_every_contract_round_trips() -> None:
    assert len(ALL_CONTRACTS) == 7 * 5 * 3 * 5
    for c in ALL_CONTRACTS:
        assert Contract.parse(str(c)) == c
        assert Contract.parse(c.format(symbols=True)) == c
        assert parse_contract(str(c)) == c
        assert str(Contract.parse(str(c))) == str(c)
    assert parse_contract(str(PASSED_OUT)) is PASSED_OUT


def test_every_result_round_trips() -> None:
    assert len(ALL_RESULTS) == 7 * 5 * 3 * 5 * 14 + 1
    texts = set()
    for r in ALL_RESULTS:
        text = str(r)
        texts.add(text)
        assert TableResult.parse(text) == r
        assert TableResult.parse(r.format(symbols=True)) == r
    assert len(texts) == len(ALL_RESULTS)  # the canonical form is one-to-one


contracts = st.builds(
    Contract,
    level=st.integers(1, 7),
    strain=st.sampled_from(Strain),
    doubling=st.sampled_from(Doubling),
    declarer=st.one_of(st.none(), st.sampled_from(Seat)),
)


@given(contract=contracts, tricks=st.integers(0, 13), symbols=st.booleans())
def test_round_trip_property(contract: Contract, tricks: int, symbols: bool) -> None:
    assert Contract.parse(contract.format(symbols=symbols)) == contract
    result = TableResult(contract, tricks)
    assert TableResult.parse(result.format(symbols=symbols)) == result
    # the same text lower-cased, with a space between its parts, parses the same
    strain = contract.strain.symbol if symbols else contract.strain.letter
    who = "" if contract.declarer is None else contract.declarer.name
    mark = str(result)[len(str(contract)) :]
    spaced = f" {contract.level} {strain} {contract.doubling.mark} {who} {mark} ".lower()
    assert TableResult.parse(spaced) == result


def _error_of(parse: Callable[[str], object], text: str) -> BridgeInputError | None:
    """The input error ``parse(text)`` raises, or None; any other exception propagates."""
    try:
        parse(text)
    except BridgeInputError as error:
        return error
    return None


@given(text=st.text(max_size=20))
def test_parsers_accept_or_raise_an_input_error(text: str) -> None:
    for parse in (
        Contract.parse,
        TableResult.parse,
        parse_contract,
        Seat.parse,
        Side.parse,
        Strain.parse,
        Doubling.parse,
        Vulnerability.parse,
        get_laws,
    ):  # BoardInfo.parse: see test_board_parse_* (known bugs)
        error = _error_of(parse, text)
        assert error is None or repr(text) in str(error)


@given(
    text=st.text(
        alphabet=st.sampled_from("0123456789 NESWCDHSTXP*=+-♣♦♥♠nesw"), min_size=1, max_size=10
    )
)
def test_result_parser_fuzz(text: str) -> None:
    error = _error_of(TableResult.parse, text)
    if error is None:
        r = TableResult.parse(text)
        assert TableResult.parse(str(r)) == r
    else:
        assert repr(text) in str(error)


# --- errors -------------------------------------------------------------------------------------


def _raises(error: type[BridgeInputError], call: object, arg: object) -> str:
    assert callable(call)
    with pytest.raises(error) as info:
        call(arg)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, BridgeError)
    assert isinstance(info.value, BridgeInputError)
    message = str(info.value)
    assert repr(arg) in message, message
    return message


def test_level_8_is_not_a_contract() -> None:
    for parse in (Contract.parse, TableResult.parse, parse_contract):
        assert "level is 1 to 7" in _raises(ContractError, parse, "8NT")
    assert "level is 1 to 7" in _raises(ContractError, Contract.parse, "0S")
    assert "level is 1 to 7" in _raises(ContractError, TableResult.parse, "8NT=")


def test_more_than_13_tricks() -> None:
    assert "at most 13 tricks" in _raises(ResultError, TableResult.parse, "3NT+5")
    assert "at most 13 tricks" in _raises(ResultError, TableResult.parse, "7NT+1")
    assert "13" in _raises(ResultError, TableResult.parse, "4S 14")
    assert "13" in _raises(ResultError, TableResult.parse, "4SXN 14")


def test_more_undertricks_than_tricks_needed() -> None:
    assert "at most 10 down" in _raises(ResultError, TableResult.parse, "4S-11")
    assert "at most 7 down" in _raises(ResultError, TableResult.parse, "1NT-8")


@pytest.mark.parametrize("text", ["4S", "4S+0", "4S=1", "4S+", "4S++1", "4S=+1", "4S+1-1"])
def test_missing_or_garbled_result(text: str) -> None:
    _raises(ResultError, TableResult.parse, text)


def test_two_numbers_are_not_one_result() -> None:
    _raises(ResultError, TableResult.parse, "4S 1 2")


@pytest.mark.parametrize("text", ["4Q", "4SXXX", "", "   ", "S4", "NT", "4", "4S=", "X"])
def test_not_a_contract(text: str) -> None:
    message = _raises(ContractError, Contract.parse, text)
    assert "4SX" in message  # the accepted spellings are listed


def test_garbled_result_text() -> None:
    # three doubling marks: the contract is wrong, not the result
    _raises(ContractError, TableResult.parse, "4SXXX=")
    _raises(ContractError, TableResult.parse, "4Q=")
    _raises(ContractError, TableResult.parse, "")


@pytest.mark.parametrize(
    ("parse", "error", "bad", "listed"),
    [
        (Seat.parse, SeatError, "Q", "N, E, S or W"),
        (Side.parse, SeatError, "NE", "NS or EW"),
        (Strain.parse, StrainError, "Q", "C, D, H, S, NT"),
        (Strain.parse, StrainError, "", "C, D, H, S, NT"),
        (Doubling.parse, DoublingError, "XXX", "X (or *) or XX"),
        (Vulnerability.parse, VulnerabilityError, "Q", "None, NS, EW or Both"),
        (get_laws, LawsError, "1900", "2017, 1987, 1935, 1932"),
    ],
)
def test_wrong_token_lists_the_accepted_spellings(
    parse: object, error: type[BridgeInputError], bad: str, listed: str
) -> None:
    assert listed in _raises(error, parse, bad)


def test_wrong_type_is_an_input_error() -> None:
    _raises(SeatError, Seat.parse, 3)
    _raises(StrainError, Strain.parse, None)
    _raises(ContractError, Contract.parse, 4)


def test_board_numbers_start_at_1() -> None:
    _raises(BoardError, BoardInfo.of, 0)
    _raises(BoardError, BoardInfo.of, -3)
    _raises(BoardError, BoardInfo.of, True)
    _raises(BoardError, BoardInfo.parse, "seven")
    _raises(BoardError, BoardInfo.parse, "-1")
    with pytest.raises(BoardError, match="start at 1"):
        BoardInfo.parse("0")


def test_board_parse_superscript_digit() -> None:
    _raises(BoardError, BoardInfo.parse, "²")


def test_board_parse_quotes_its_text() -> None:
    _raises(BoardError, BoardInfo.parse, "0")


def test_board_parse_non_text() -> None:
    _raises(BoardError, BoardInfo.parse, 7)


def test_laws_error_is_also_a_lookup_error() -> None:
    with pytest.raises(LookupError):
        get_laws("1900")


def test_passed_out_text_is_not_a_contract_type() -> None:
    assert isinstance(parse_contract("AP"), PassedOut)
