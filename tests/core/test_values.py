"""Value types: immutable, hashable, equal only when every field is, repr evaluates back."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgescore
from bridgescore import (
    PASSED_OUT,
    BoardInfo,
    Contract,
    ContractError,
    Doubling,
    PassedOut,
    ResultError,
    Seat,
    Side,
    Strain,
    TableResult,
    Vulnerability,
    score,
)

NAMES: dict[str, Any] = {name: getattr(bridgescore, name) for name in bridgescore.__all__}

ALL_CONTRACTS = [
    Contract(level, strain, doubling, declarer)
    for level in range(1, 8)
    for strain in Strain
    for doubling in Doubling
    for declarer in (None, *Seat)
]


def test_repr_evaluates_back() -> None:
    values: list[object] = [
        *ALL_CONTRACTS,
        PASSED_OUT,
        TableResult(PASSED_OUT, None),
        TableResult(Contract(4, Strain.SPADES, Doubling.DOUBLED, Seat.NORTH), 8),
        *(BoardInfo.of(n) for n in range(1, 17)),
        *Seat,
        *Side,
        *Strain,
        *Doubling,
        *Vulnerability,
        score("4SXN-2", vulnerable=True),
        score("6NTS+1", vulnerable=False, laws="1932"),
    ]
    for value in values:
        assert eval(repr(value), NAMES) == value, repr(value)


def test_law_set_repr_evaluates_back() -> None:
    for name in bridgescore.LAW_SETS:
        law = bridgescore.get_laws(name)
        assert eval(repr(law), NAMES) is law


def test_values_are_hashable_dict_keys() -> None:
    by_contract = {c: str(c) for c in ALL_CONTRACTS}
    assert len(by_contract) == len(ALL_CONTRACTS)
    for c in ALL_CONTRACTS:
        assert by_contract[Contract.parse(str(c))] == str(c)
    results = {TableResult(c, t) for c in ALL_CONTRACTS[:20] for t in range(14)}
    assert len(results) == 20 * 14
    assert TableResult.parse("4SXN-2") in {TableResult(Contract.parse("4SXN"), 8)}
    assert len({PASSED_OUT, PassedOut(), PASSED_OUT}) == 1
    assert {BoardInfo.of(1): "a"}[BoardInfo.of(1)] == "a"
    assert hash(score("4S=", vulnerable=True)) == hash(score("4S=", vulnerable=True))


def test_equality_covers_every_field() -> None:
    assert Contract.parse("3NTX") != Contract.parse("3NT")
    assert Contract.parse("3NTXX") != Contract.parse("3NTX")
    assert Contract.parse("4SN") != Contract.parse("4SS")
    assert Contract.parse("4SN") != Contract.parse("4S")
    assert Contract.parse("4S") != Contract.parse("4H")
    assert Contract.parse("4S") != Contract.parse("5S")
    assert TableResult.parse("4S=") != TableResult.parse("4S+1")
    assert TableResult.parse("4SN=") != TableResult.parse("4SS=")
    assert score("4S=", vulnerable=True) != score("4S=", vulnerable=False)
    assert score("4S=", vulnerable=True) != score("4S=", vulnerable=True, laws="1932")
    # every pair of distinct contracts is unequal
    assert len(set(ALL_CONTRACTS)) == len(ALL_CONTRACTS)
    assert all(a == b for a, b in zip(ALL_CONTRACTS, ALL_CONTRACTS, strict=True))


def test_contract_is_not_equal_to_its_text_or_fields() -> None:
    c = Contract.parse("1C")
    others: list[object] = ["1C", (1, 0, 0, None), 1]
    for other in others:
        assert c != other


@pytest.mark.parametrize(
    "value",
    [
        Contract.parse("4SX"),
        TableResult.parse("4SX="),
        BoardInfo.of(1),
        score("4SX=", vulnerable=True),
    ],
)
def test_values_are_frozen(value: object) -> None:
    field = dataclasses.fields(value)[0].name  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, field, None)


def test_constructor_checks_its_fields() -> None:
    with pytest.raises(ContractError, match="1 to 7"):
        Contract(8, Strain.SPADES)
    with pytest.raises(ContractError, match="1 to 7"):
        Contract(0, Strain.SPADES)
    with pytest.raises(ContractError):
        Contract(True, Strain.SPADES)
    with pytest.raises(ContractError):
        Contract(4, "S")  # type: ignore[arg-type]
    with pytest.raises(ContractError):
        Contract(4, Strain.SPADES, "X")  # type: ignore[arg-type]
    with pytest.raises(ContractError):
        Contract(4, Strain.SPADES, declarer="N")  # type: ignore[arg-type]
    with pytest.raises(ResultError):
        TableResult(Contract(4, Strain.SPADES), 14)
    with pytest.raises(ResultError):
        TableResult(Contract(4, Strain.SPADES), None)
    with pytest.raises(ResultError):
        TableResult(PASSED_OUT, 7)


def test_contract_properties() -> None:
    c = Contract.parse("6HXXE")
    assert (c.level, c.strain, c.doubling) == (6, Strain.HEARTS, Doubling.REDOUBLED)
    assert c.declarer is Seat.EAST
    assert c.tricks_needed == 12
    assert c.is_small_slam
    assert not c.is_grand_slam
    assert Contract.parse("7C").is_grand_slam
    assert c.side is Side.EW
    assert Contract.parse("4S").side is None
    assert c.by("N") == Contract.parse("6HXXN")
    assert c.by(None) == Contract.parse("6HXX")
    assert c.by(Seat.WEST).declarer is Seat.WEST


def test_result_properties() -> None:
    r = TableResult.parse("4SXN-2")
    assert (r.made, r.difference, r.overtricks, r.undertricks) == (False, -2, 0, 2)
    assert r.declarer is Seat.NORTH
    made = TableResult.parse("3NT+1")
    assert (made.made, made.difference, made.overtricks, made.undertricks) == (True, 1, 1, 0)
    passed = TableResult.parse("Pass")
    assert passed.passed_out
    assert not passed.made
    assert passed.declarer is None
    assert passed.difference == 0


def test_enums() -> None:
    assert [s.letter for s in Seat] == ["N", "E", "S", "W"]
    assert [s.next for s in Seat] == [Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH]
    assert [s.partner for s in Seat] == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]
    assert [s.side for s in Seat] == [Side.NS, Side.EW, Side.NS, Side.EW]
    assert Side.NS.opponents is Side.EW
    assert Side.EW.opponents is Side.NS
    assert Side.NS.seats == (Seat.NORTH, Seat.SOUTH)
    assert [s.letter for s in Strain] == ["C", "D", "H", "S", "NT"]
    assert [s.symbol for s in Strain] == ["♣", "♦", "♥", "♠", "NT"]
    assert [s for s in Strain if s.is_minor] == [Strain.CLUBS, Strain.DIAMONDS]
    assert [s for s in Strain if s.is_major] == [Strain.HEARTS, Strain.SPADES]
    assert [d.mark for d in Doubling] == ["", "X", "XX"]
    assert [d.multiplier for d in Doubling] == [1, 2, 4]
    assert (str(Vulnerability.BOTH), str(Side.NS), str(Seat.WEST)) == ("Both", "NS", "W")


@pytest.mark.parametrize(
    ("text", "vulnerability"),
    [
        ("None", Vulnerability.NONE),
        ("-", Vulnerability.NONE),
        ("Love", Vulnerability.NONE),
        ("NS", Vulnerability.NS),
        ("N-S", Vulnerability.NS),
        ("ew", Vulnerability.EW),
        ("E/W", Vulnerability.EW),
        ("Both", Vulnerability.BOTH),
        ("All", Vulnerability.BOTH),
    ],
)
def test_vulnerability_spellings(text: str, vulnerability: Vulnerability) -> None:
    assert Vulnerability.parse(text) is vulnerability


def test_vulnerability_of_sides_and_seats() -> None:
    for v in Vulnerability:
        ns, ew = v.is_vulnerable(Side.NS), v.is_vulnerable(Side.EW)
        assert Vulnerability.of(ns=ns, ew=ew) is v
        assert v.is_vulnerable(Seat.NORTH) == v.is_vulnerable(Seat.SOUTH) == ns
        assert v.is_vulnerable(Seat.EAST) == v.is_vulnerable(Seat.WEST) == ew
    assert (Vulnerability.NS.is_vulnerable(Side.NS), Vulnerability.NS.is_vulnerable(Side.EW)) == (
        True,
        False,
    )


@given(
    level=st.integers(1, 7),
    strain=st.sampled_from(Strain),
    doubling=st.sampled_from(Doubling),
    declarer=st.one_of(st.none(), st.sampled_from(Seat)),
    tricks=st.integers(0, 13),
)
def test_repr_round_trip_property(
    level: int, strain: Strain, doubling: Doubling, declarer: Seat | None, tricks: int
) -> None:
    result = TableResult(Contract(level, strain, doubling, declarer), tricks)
    assert eval(repr(result), NAMES) == result
    assert hash(eval(repr(result), NAMES)) == hash(result)
