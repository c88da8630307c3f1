"""Errors of the duplicate comparisons in the player's and director's language: each is
raised by calling the library as a club's program would, then shown in Finnish and
Spanish through the shared catalogue (``words(...).gettext``); ``str()`` stays English."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgescore.duplicate.board_scoring import BoardResults
from bridgescore.duplicate.butler import ButlerPreset, PercentRule, butler_board
from bridgescore.duplicate.entries import Adjusted, AdjustedScoreError, parse_award
from bridgescore.duplicate.imps import DuplicateError, UnknownMethodError, imps
from bridgescore.duplicate.vp import (
    ScaleFileError,
    UnknownScaleError,
    loads_scale,
    scale_problems,
    vp,
)
from bridgescore.i18n import words

FI = words("fi").gettext
ES = words("es").gettext


def test_an_unknown_imp_table_names_the_tables_in_each_language() -> None:
    with pytest.raises(UnknownMethodError) as caught:
        imps(720, "1999")
    error = caught.value
    assert str(error).startswith(
        "'1999': not a known IMP table; use 1962, 1961, 1948, 1938 (aliases: "
    )
    assert error.translated(FI).startswith("'1999': tuntematon IMP-taulukko; käytä: 1962, 1961")
    assert error.translated(ES).startswith(
        "'1999': no se reconoce como tabla de IMPs; use 1962, 1961, 1948, 1938"
    )


def test_an_unknown_vp_scale_lists_the_scales() -> None:
    with pytest.raises(UnknownScaleError) as caught:
        vp(12, 16, "25vp")
    error = caught.value
    aliases = "20-point, 20vp, 30-point, 30vp, continuous, vp20, vp30, wbf-2013, wbf2013"
    assert str(error) == (
        "'25vp' is not a victory-point scale; use one of 'wbf', '20', '30'"
        f" ('wbf' needs boards; aliases: {aliases})"
    )
    assert error.translated(FI) == (
        "'25vp' ei ole voittopisteasteikko; käytä jotakin näistä: 'wbf', '20', '30'"
        f" ('wbf' tarvitsee brikkojen määrän; muut nimet: {aliases})"
    )
    assert error.translated(ES) == (
        "'25vp' no es una escala de puntos de victoria; use una de 'wbf', '20', '30'"
        f" ('wbf' necesita el número de estuches; alias: {aliases})"
    )


def test_a_percentage_award_a_butler_preset_cannot_value_in_imps() -> None:
    club = ButlerPreset("club", (), "Club butler", percentages=PercentRule.REFUSE)
    with pytest.raises(AdjustedScoreError) as caught:
        butler_board([420, 400, Adjusted(Fraction(45), Fraction(55))], club)
    error = caught.value
    assert str(error) == (
        "45%: the club preset gives a percentage award no IMP value;"
        " use A+, A or A- on an IMP board"
    )
    assert error.translated(FI) == (
        "45 %: asetus club ei anna prosenttina tuomitulle tulokselle IMP-arvoa;"
        " käytä IMP-brikalla A+, A tai A-"
    )
    assert error.translated(ES) == (
        "45 %: la configuración club no da valor en IMPs a una puntuación ajustada en"
        " porcentaje; use A+, A o A- en un estuche por IMPs"
    )


def test_an_adjusted_percentage_over_100_cannot_be_given() -> None:
    with pytest.raises(AdjustedScoreError) as caught:
        parse_award("120%")
    error = caught.value
    assert str(error) == "'120%': an adjusted percentage is from 0 to 100"
    assert error.translated(FI) == "'120%': tuomittu prosentti on 0–100"
    assert error.translated(ES) == "'120%': un porcentaje ajustado va de 0 a 100"


def test_a_board_with_fewer_expected_results_than_entries() -> None:
    with pytest.raises(DuplicateError) as caught:
        BoardResults((420, 400, 170), expected=2)
    error = caught.value
    assert str(error) == (
        "expected=2: the expected number of results is a whole number"
        " no smaller than the board's 3 entries"
    )
    assert error.translated(FI) == (
        "expected=2: odotettu tulosten määrä on kokonaisluku,"
        " joka ei ole pienempi kuin brikan 3 tulosta"
    )
    assert error.translated(ES) == (
        "expected=2: el número esperado de resultados es un número entero"
        " no menor que las 3 líneas del estuche"
    )


def test_a_club_scale_file_names_its_line_and_the_problems_left() -> None:
    text = "name: club\n0,0,10,10\n1,2,12,9\n4,6,14,7\n"
    with pytest.raises(ScaleFileError) as caught:
        loads_scale(text, source="club.csv")
    error = caught.value
    assert (error.source, error.line) == ("club.csv", 3)
    assert str(error) == (
        "club.csv, line 3: winner + loser = 21 in 1-2: 12-9, but 20 in the first row"
        " (0: 10-10) (and 2 more)"
    )
    assert error.translated(FI) == (
        "club.csv, rivi 3: voittaja + häviäjä = 21 rivillä 1-2: 12-9, mutta 20 ensimmäisellä"
        " rivillä (0: 10-10) (ja 2 muuta)"
    )
    assert error.translated(ES) == (
        "club.csv, línea 3: ganador + perdedor = 21 en 1-2: 12-9, pero 20 en la primera fila"
        " (0: 10-10) (y 2 más)"
    )
    gap = scale_problems(text, source="club.csv")[2]
    assert str(gap) == "club.csv, line 4: gap: margin 3 missing between 1-2: 12-9 and 4-6: 14-7"
    assert gap.translated(FI) == (
        "club.csv, rivi 4: aukko: ero 3 puuttuu rivien 1-2: 12-9 ja 4-6: 14-7 välistä"
    )
    assert gap.translated(ES) == (
        "club.csv, línea 4: hueco: falta el margen 3 entre 1-2: 12-9 y 4-6: 14-7"
    )


def test_one_more_problem_is_said_in_the_singular() -> None:
    with pytest.raises(ScaleFileError) as caught:
        loads_scale("0,,10,10\n1,2,12,9\n", source="club.csv")
    assert str(caught.value).endswith("(0+: 10-10) (and 1 more)")
    assert caught.value.translated(FI).endswith("(0+: 10-10) (ja 1 muu)")
    assert caught.value.translated(ES).endswith("(0+: 10-10) (y 1 más)")
