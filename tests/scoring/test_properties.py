"""Invariants of deal scoring that hold under every law set, checked with hypothesis."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bridgescore import (
    PASSED_OUT,
    Contract,
    Doubling,
    Seat,
    Side,
    Strain,
    TableResult,
    score,
)

LAWS = ("2017", "1987", "1935", "1932")

laws = st.sampled_from(LAWS)
vulnerable = st.booleans()
contracts = st.builds(
    Contract,
    level=st.integers(1, 7),
    strain=st.sampled_from(Strain),
    doubling=st.sampled_from(Doubling),
    declarer=st.one_of(st.none(), st.sampled_from(Seat)),
)


@st.composite
def results(draw: st.DrawFn) -> TableResult:
    contract = draw(contracts)
    return TableResult(contract, draw(st.integers(0, 13)))


@st.composite
def made_results(draw: st.DrawFn) -> TableResult:
    contract = draw(contracts)
    return TableResult(contract, draw(st.integers(contract.tricks_needed, 13)))


@st.composite
def defeated_results(draw: st.DrawFn) -> TableResult:
    contract = draw(contracts)
    return TableResult(contract, draw(st.integers(0, contract.tricks_needed - 1)))


@given(
    law=laws,
    vul=vulnerable,
    level=st.integers(1, 7),
    strain=st.sampled_from(Strain),
    data=st.data(),
)
def test_redoubled_penalty_is_twice_doubled(
    law: str, vul: bool, level: int, strain: Strain, data: st.DataObject
) -> None:
    down = data.draw(st.integers(1, level + 6), label="down")
    tricks = level + 6 - down
    doubled = score(Contract(level, strain, Doubling.DOUBLED), tricks, vulnerable=vul, laws=law)
    redoubled = score(Contract(level, strain, Doubling.REDOUBLED), tricks, vulnerable=vul, laws=law)
    assert redoubled.undertrick_penalty == 2 * doubled.undertrick_penalty > 0


@given(law=laws, vul=vulnerable, result=made_results())
def test_one_more_overtrick_scores_more(law: str, vul: bool, result: TableResult) -> None:
    assert result.tricks is not None
    if result.tricks < 13:
        better = TableResult(result.contract, result.tricks + 1)
        assert (
            score(better, vulnerable=vul, laws=law).total
            > score(result, vulnerable=vul, laws=law).total
        )


@given(law=laws, vul=vulnerable, result=defeated_results())
def test_one_more_undertrick_costs_more(law: str, vul: bool, result: TableResult) -> None:
    assert result.tricks is not None
    if result.tricks > 0:
        worse = TableResult(result.contract, result.tricks - 1)
        assert (
            score(worse, vulnerable=vul, laws=law).total
            < score(result, vulnerable=vul, laws=law).total
        )


@given(law=laws, vul=vulnerable, made=made_results(), defeated=defeated_results())
def test_made_is_positive_and_defeated_negative(
    law: str, vul: bool, made: TableResult, defeated: TableResult
) -> None:
    assert (
        score(made, vulnerable=vul, laws=law).total
        > 0
        > score(defeated, vulnerable=vul, laws=law).total
    )


@given(law=laws, vul=vulnerable, text=st.sampled_from(["Pass", "AP", "pass", "PASSED OUT"]))
def test_passed_out_scores_zero(law: str, vul: bool, text: str) -> None:
    for given_as in (text, PASSED_OUT, TableResult(PASSED_OUT, None)):
        b = score(given_as, vulnerable=vul, laws=law)
        assert b.total == 0
        assert b.elements() == {}
        assert b.for_side(Side.NS) == b.for_side(Side.EW) == 0


@given(law=laws, vul=vulnerable, result=results())
def test_total_is_the_sum_of_the_elements(law: str, vul: bool, result: TableResult) -> None:
    b = score(result, vulnerable=vul, laws=law)
    made = (
        b.contract_points
        + b.overtrick_points
        + b.slam_bonus
        + b.insult_bonus
        + b.game_bonus
        + b.partscore_bonus
    )
    assert b.total == made - b.undertrick_penalty
    assert b.total == sum(b.elements().values())
    if result.made:
        assert b.undertrick_penalty == 0
        assert (b.game_bonus > 0) != (b.partscore_bonus > 0)
    else:
        assert made == 0


@given(law=laws, result=results())
def test_vulnerable_never_smaller_than_not_vulnerable(law: str, result: TableResult) -> None:
    vul = score(result, vulnerable=True, laws=law).total
    not_vul = score(result, vulnerable=False, laws=law).total
    assert abs(vul) >= abs(not_vul)
    assert (vul > 0) == (not_vul > 0)


@given(law=laws, vul=vulnerable, result=results(), declarer=st.sampled_from(Seat))
def test_the_two_sides_see_opposite_scores(
    law: str, vul: bool, result: TableResult, declarer: Seat
) -> None:
    assert isinstance(result.contract, Contract)
    played = TableResult(result.contract.by(declarer), result.tricks)
    b = score(played, vulnerable=vul, laws=law)
    assert b.for_side(Side.NS) == -b.for_side(Side.EW)
    assert b.for_side(declarer.side) == b.total
    assert b.ns_score == b.for_side(Side.NS)
