"""Contracts as Spanish and Finnish players write them (issue 17): the international letters
everywhere, ST for sin triunfo, the suits' unambiguous initials and names; ``R`` (ruutu or
risti) refused, naming both."""

from __future__ import annotations

import pytest

from bridgescore.core.contract import Contract, TableResult
from bridgescore.core.notation import FINNISH
from bridgescore.core.seats import Seat
from bridgescore.core.strains import Strain
from bridgescore.errors import ContractError, StrainError


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("3ST", "3NT"),
        ("3STS", "3NTS"),
        ("3 sin triunfo", "3NT"),
        ("3SA", "3NT"),
        ("3 sangi", "3NT"),
        ("4P", "4S"),
        ("4PXN", "4SXN"),
        ("4 picas", "4S"),
        ("4 pata", "4S"),
        ("2T", "2C"),
        ("2 tréboles", "2C"),
        ("2 risti", "2C"),
        ("5 diamantes", "5D"),
        ("5 ruutu", "5D"),
        ("4 corazones", "4H"),
        ("4 hertta", "4H"),
        ("4H", "4H"),
        ("3NT", "3NT"),
        ("1C", "1C"),
        ("1D", "1D"),
    ],
)
def test_a_players_spelling_is_the_contract(written: str, meant: str) -> None:
    assert Contract.parse(written) == Contract.parse(meant)


def test_a_result_written_in_spanish() -> None:
    assert TableResult.parse("3STS=") == TableResult.parse("3NTS 9")
    assert str(TableResult.parse("4P N +1")) == "4SN+1"


def test_c_stays_clubs_and_d_diamonds() -> None:
    # C is corazones (hearts) in Spanish, but clubs everywhere else: the international letter wins
    assert Contract.parse("4C").strain is Strain.CLUBS
    assert Contract.parse("4D").strain is Strain.DIAMONDS


def test_r_names_two_suits_and_is_refused() -> None:
    with pytest.raises(ContractError) as caught:
        Contract.parse("4RN")
    message = str(caught.value)
    assert "'4RN'" in message
    assert "ruutu" in message
    assert "risti" in message
    with pytest.raises(StrainError, match=r"ruutu .* or risti"):
        Strain.parse("r")


def test_a_notation_writes_another_languages_words() -> None:
    assert FINNISH.result(TableResult.parse("3NTS+1")) == "3NTE+1"
    assert FINNISH.result(TableResult.parse("4SXW-2")) == "4♠XL-2"
    assert FINNISH.result(TableResult.parse("Pass")) == "Passi"
    assert Contract(3, Strain.NOTRUMP, declarer=Seat.SOUTH).format() == "3NTS"
