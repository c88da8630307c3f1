"""The one row-building kernel, rule by rule, as every source (CSV, JSON, PBN, USEBIO) feeds
it: fields as text, each with its name and place."""

from __future__ import annotations

import pytest

from bridgescore.core.vulnerability import Vulnerability
from bridgescore.duplicate.adjusted import Adjusted
from bridgescore.errors import BridgeInputError
from bridgescore.events.model import Location, Severity
from bridgescore.io.rows import Built, RawResult, build_result, parse_adjusted, raw_field

AT = Location("club.csv", 7)


def build(**cells: str) -> Built:
    fields = {name: raw_field(name.upper(), text, AT) for name, text in cells.items()}
    return build_result(RawResult(4, "1", "2", Vulnerability.BOTH, AT, **fields))  # type: ignore[arg-type]


def messages(built: Built) -> list[tuple[str, str]]:
    return [(p.severity.value, p.message) for p in built.problems]


def test_a_contract_with_its_declarer_and_tricks() -> None:
    built = build(contract="4S", declarer="N", tricks="10")
    assert built.row is not None
    assert (str(built.row.result), built.row.ns_score, built.problems) == ("4SN=", 620, ())
    whole = build(contract="4SXN-2")
    assert whole.row is not None
    assert whole.row.ns_score == -500


def test_the_contract_is_the_fact_when_a_score_contradicts_it() -> None:
    built = build(contract="4S", declarer="N", tricks="10", score="420")
    assert built.row is not None
    assert built.row.ns_score == 620
    assert messages(built) == [
        (
            "warning",
            "SCORE +420 contradicts 4SN= (NS +620 with both vulnerable); scored from the contract",
        )
    ]
    assert built.problems[0].where.board == "4"


def test_a_bad_contract_beside_a_good_score_keeps_the_score() -> None:
    built = build(contract="42", declarer="S", tricks="12", score="480")
    assert built.row is not None
    assert (built.row.result, built.row.ns_score) == (None, 480)
    ((severity, message),) = messages(built)
    assert severity == "warning"
    assert message.startswith("CONTRACT '42': not a contract")
    assert message.endswith("; scored by its SCORE +480")


def test_an_adjusted_score_wherever_it_is_written() -> None:
    for cells in ({"adjusted": "A+/A-"}, {"score": "A6040"}, {"contract": "A+A-"}):
        built = build(**cells)
        assert built.row is not None
        assert isinstance(built.row.adjusted, Adjusted), cells
    aside = build(contract="4S", declarer="N", tricks="10", adjusted="A")
    assert aside.row is not None
    assert str(aside.row.adjusted) == "A/A"
    assert messages(aside) == [
        (
            "warning",
            "CONTRACT '4S', DECLARER 'N', TRICKS '10' left aside: ADJUSTED 'A' is the adjusted"
            " score A/A",
        )
    ]


def test_every_adjusted_spelling_the_help_lists_reads() -> None:
    """The refusal's help (A+/A-, A60/A40, A5050, 60%/40%, A, NP) names forms that read."""
    read = {
        text: str(parse_adjusted(text))
        for text in ("A+/A-", "A60/A40", "A50/A50", "A40/A60", "a60 / a40", "A60%/A40%",
                     "A60A40", "A5050", "60%/40%", "A", "NP")
    }  # fmt: skip
    assert read == {
        "A+/A-": "A+/A-", "A60/A40": "60%/40%", "A50/A50": "50%/50%", "A40/A60": "40%/60%",
        "a60 / a40": "60%/40%", "A60%/A40%": "60%/40%", "A60A40": "60%/40%",
        "A5050": "50%/50%", "60%/40%": "60%/40%", "A": "A/A", "NP": "NP",
    }  # fmt: skip
    with pytest.raises(BridgeInputError) as refused:
        parse_adjusted("A60/B40")
    assert str(refused.value) == (
        "'A60/B40' is not an adjusted score (write A+/A-, A60/A40, A5050, 60%/40%, A (average),"
        " NP (not played))"
    )


def test_what_cannot_be_read_is_an_error_naming_the_field() -> None:
    cases = {
        (): "no result: give a contract and its result, a score, or an adjusted score",
        (("contract", "4S"), ("tricks", "10")): (
            "4S has no declarer (give the declarer: N, E, S or W), so whose score it is is unknown"
        ),
        (("contract", "4S"), ("declarer", "N")): (
            "4S has no result (give the tricks taken, or =, +1, -2)"
        ),
        (("declarer", "N"), ("tricks", "10")): "DECLARER 'N', TRICKS '10' without a contract",
        (("contract", "Pass"), ("tricks", "9")): "TRICKS '9': a passed-out deal has no result",
        (("score", "lots"),): "SCORE 'lots' is neither a score (420, -50) nor an adjusted score",
        (("score", "9" * 40),): "is not a bridge score (too many digits)",
    }
    for cells, expected in cases.items():
        built = build(**dict(cells))
        assert built.row is None, cells
        ((severity, message),) = messages(built)
        assert severity == Severity.ERROR.value
        assert expected in message, (cells, message)
        assert len(message) < 200
