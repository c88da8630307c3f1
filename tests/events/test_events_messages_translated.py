"""The errors of events, movements and scoring options, raised as a user meets them, read in
Finnish and Spanish from the shipped catalogue, and in English by ``str()``: a director
typing a penalty, a movement spec or an option word sees why it is refused in their own
language (issue 17)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgescore.core.vulnerability import Vulnerability
from bridgescore.errors import BridgeError, BridgeInputError
from bridgescore.events.individual import score_individual
from bridgescore.events.model import EventResults, Location, ResultRow
from bridgescore.events.movements import (
    Match,
    Movement,
    MovementError,
    MovementKind,
    MovementSpec,
    RobinRound,
    Round,
    RoundRobin,
    Table,
    howell,
)
from bridgescore.events.movements.limits import MovementTooLargeError
from bridgescore.events.options import DEFAULT_OPTIONS, ScoringOptions
from bridgescore.events.pairs import pairs_scoring
from bridgescore.events.penalties import PenaltyUnit, check_penalty
from bridgescore.events.vocabulary import Scoring
from bridgescore.i18n import Language, LanguageError, words

FI = words("fi").gettext
ES = words("es").gettext


def _three(error: BridgeError) -> tuple[str, str, str]:
    return str(error), error.translated(FI), error.translated(ES)


def test_a_penalty_in_per_cent_of_a_top_at_butler_is_refused_in_each_language() -> None:
    with pytest.raises(BridgeInputError) as caught:
        check_penalty(Fraction(25), PenaltyUnit.TOP, ScoringOptions(scoring=Scoring.BUTLER))
    assert _three(caught.value) == (
        "a penalty in per cent of a top is for matchpoints: give IMPs",
        "rangaistus prosentteina topista on matchpistekilpailuja varten: anna IMPit",
        "una penalización en porcentaje de un top es para puntos de match: dé IMPs",
    )


def test_a_penalty_over_a_whole_top_keeps_its_figure_in_each_language() -> None:
    with pytest.raises(BridgeInputError) as caught:
        check_penalty(Fraction(150), PenaltyUnit.TOP, ScoringOptions())
    assert _three(caught.value) == (
        "150% of a top: say at most 100",
        "150 % topista: anna enintään 100",
        "150 % de un top: diga 100 como mucho",
    )


def test_victory_points_for_a_pairs_session_are_refused_in_each_language() -> None:
    with pytest.raises(BridgeInputError) as caught:
        check_penalty(Fraction(3), PenaltyUnit.VP, ScoringOptions())
    assert caught.value.translated(FI) == (
        "voittopisteet ovat joukkuekilpailuja varten: anna pisteet tai prosentti topista"
    )
    assert caught.value.translated(ES) == (
        "los puntos de victoria son para sesiones de equipos: dé puntos o porcentaje de un top"
    )


def test_a_howell_too_large_to_build_names_its_limit_in_each_language() -> None:
    with pytest.raises(MovementTooLargeError) as caught:
        MovementSpec.parse("howell:21x3")
    assert _three(caught.value) == (
        "movement 'howell:21x3': at most 20 tables in a Howell: 21 asked",
        "kierto 'howell:21x3': Howellissa enintään 20 pöytää: pyydettiin 21",
        "movimiento 'howell:21x3': como mucho 20 mesas en un Howell: se pidieron 21",
    )


def test_a_howell_of_too_many_rounds_cannot_be_built_in_each_language() -> None:
    with pytest.raises(MovementError) as caught:
        howell(5, 2, rounds=12)
    assert _three(caught.value) == (
        "rounds must be at most 9 for a Howell of 5 tables, got 12",
        "5 pöydän Howellissa voi olla enintään 9 kierrosta, annettiin 12",
        "un Howell de 5 mesas tiene como mucho 9 rondas, se dio 12",
    )


def test_an_unknown_option_word_in_a_movement_spec_lists_the_options_in_each_language() -> None:
    with pytest.raises(MovementError) as caught:
        MovementSpec.parse("mitchell:8x3:bogus")
    assert _three(caught.value) == (
        "movement 'mitchell:8x3:bogus': mitchell takes no option 'bogus'"
        " (options: rounds, relay, missing, switch, skip)",
        "kierto 'mitchell:8x3:bogus': lajilla mitchell ei ole valintaa 'bogus'"
        " (valinnat: rounds, relay, missing, switch, skip)",
        "movimiento 'mitchell:8x3:bogus': mitchell no tiene la opción 'bogus'"
        " (opciones: rounds, relay, missing, switch, skip)",
    )


def test_a_movement_file_names_its_round_table_and_field_in_each_language() -> None:
    text = '{"kind": "howell", "rounds": [[{"table": 1, "ns": "1", "ew": "2", "boards": [0]}]]}'
    with pytest.raises(MovementError) as caught:
        Movement.from_json(text)
    assert _three(caught.value) == (
        "round 1, table 1, field 'boards': board number must be a whole number from 1, got 0",
        "kierros 1, pöytä 1, kenttä 'boards': brikan numero on kokonaisluku 1:stä ylöspäin,"
        " annettiin 0",
        "ronda 1, mesa 1, campo 'boards': el número de estuche es un número entero desde 1,"
        " se dio 0",
    )


def test_board_a_match_is_not_a_pairs_scoring_in_each_language() -> None:
    with pytest.raises(BridgeInputError) as caught:
        pairs_scoring("bam")
    assert _three(caught.value) == (
        "'bam': not a pairs scoring; use mp, acbl, butler or cross-imps",
        "'bam': ei parikilpailun laskentatapa; käytä mp, acbl, butler tai cross-imps",
        "'bam': no es una puntuación de parejas; use mp, acbl, butler o cross-imps",
    )
    with pytest.raises(BridgeInputError) as caught:
        DEFAULT_OPTIONS.but(kind="individual", scoring="bam")
    assert caught.value.translated(FI) == (
        "'bam': yksilökilpailu lasketaan tavalla mp, acbl, butler tai cross-imps"
    )


def test_an_unknown_scoring_option_is_named_in_each_language() -> None:
    with pytest.raises(BridgeInputError) as caught:
        DEFAULT_OPTIONS.but(tempo=3)  # type: ignore[call-arg]  # mypy --strict catches it too
    assert _three(caught.value) == (
        "not a scoring option: tempo",
        "ei laskentavalinta: tempo",
        "no es una opción de puntuación: tempo",
    )


def test_an_option_word_refused_names_the_option_in_each_language() -> None:
    """The core's "not a {what}" message, with the events vocabulary's own name in it."""
    with pytest.raises(BridgeInputError) as caught:
        DEFAULT_OPTIONS.but(cross_imps="median")
    english, finnish, spanish = _three(caught.value)
    assert english == "'median': not a way of totalling cross-IMPs; use average, total"
    assert "risti-IMPien summaustapa" in finnish
    assert "forma de sumar los IMPs cruzados" in spanish
    assert "totalling" not in finnish + spanish


def test_a_rows_file_and_line_are_in_the_language_of_the_message() -> None:
    row = ResultRow(
        1, "1", "2", Vulnerability.NONE, ns_score=420, where=Location("ilta.pbn", line=12)
    )
    with pytest.raises(BridgeInputError) as caught:
        score_individual(EventResults((row,)))
    assert _three(caught.value) == (
        "ilta.pbn, line 12: board 1: no players (N, E, S, W) on this row;"
        " score a pairs event with score_pairs",
        "ilta.pbn, rivi 12: brikka 1: tällä rivillä ei ole pelaajia (P, I, E, L);"
        " laske parikilpailu score_pairs-funktiolla",
        "ilta.pbn, línea 12: estuche 1: esta fila no tiene jugadores (N, E, S, O);"
        " puntúe un torneo de parejas con score_pairs",
    )


def test_a_language_not_spoken_is_refused_in_each_language() -> None:
    with pytest.raises(LanguageError) as caught:
        Language.parse("klingon")
    assert _three(caught.value) == (
        "'klingon': not a language bridgescore speaks; use en, fi or es",
        "'klingon': bridgescore ei puhu tätä kieltä; käytä en, fi tai es",
        "'klingon': no es un idioma que hable bridgescore; use en, fi o es",
    )


def test_a_movements_problems_read_in_each_language_with_round_and_table() -> None:
    """Pair 1NS is put at two tables in round 2: the proof says so, place and all."""
    movement = Movement(
        MovementKind.MITCHELL,
        (
            Round((Table(1, "1NS", "1EW", (1, 2)), Table(2, "2NS", "2EW", (3, 4)))),
            Round((Table(1, "1NS", "2EW", (3, 4)), Table(2, "1NS", "1EW", (1, 2)))),
        ),
    )
    twice = next(p for p in movement.problems() if p.code == "pair-twice")
    assert (str(twice), twice.translated(FI), twice.translated(ES)) == (
        "round 2, table 2: pair 1NS is in two places: NS at table 1, NS at table 2",
        "kierros 2, pöytä 2: pari 1NS on kahdessa paikassa: PE pöydässä 1, PE pöydässä 2",
        "ronda 2, mesa 2: la pareja 1NS está en dos sitios: NS en la mesa 1, NS en la mesa 2",
    )


def test_a_round_robin_that_misses_a_meeting_says_so_in_each_language() -> None:
    robin = RoundRobin(
        ("A", "B", "C", "D"),
        (RobinRound((Match("A", "B", (1, 2)), Match("C", "D", (1, 2)))),),
    )
    missing = [p for p in robin.problems() if p.code == "missing-meeting"]
    assert [p.translated(FI) for p in missing][:1] == ["joukkueet A ja C eivät kohtaa koskaan"]
    assert [p.translated(ES) for p in missing][:1] == ["los equipos A y C nunca se enfrentan"]
    assert str(missing[0]) == "teams A and C never meet"
