"""A director's bad files, read as the CLI and the web read them, give errors that say the
file, the line and what is wrong in Finnish and Spanish from the shipped catalogue, while
``str()`` stays the English text (issue 17)."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from bridgescore import load_event
from bridgescore.errors import BridgeError, marked
from bridgescore.events.model import Location, Problem, Severity
from bridgescore.i18n import words
from bridgescore.io import bridgemate, pbn, usebio
from bridgescore.io._problems import MarkedText, problem_detail, problem_message
from bridgescore.io.movement_files import MovementFileError, load_movement
from bridgescore.io.results import ResultsFileError
from bridgescore.io.text import TextDecodeError, read_text, read_text_lenient
from bridgescore.io.usebio import USEBIOError

FI = words("fi").gettext
ES = words("es").gettext


def _fails(read: object, path: Path) -> BridgeError:
    assert callable(read)
    with pytest.raises(BridgeError) as caught:
        read(path)
    return caught.value


# --- PBN ---------------------------------------------------------------------------------

_PBN = (
    '[Event "Club night"]\n'
    '[Board "1"]\n'
    '[Dealer "N"]\n'
    '[Vulnerable "None"]\n'
    '[Contract "8Z"]\n'
    '[Declarer "S"]\n'
    '[Result "9"]\n'
    '[PairNS "1"]\n'
    '[PairEW "2"]\n'
    "\n"
)


def test_a_pbn_contract_that_cannot_be_bid_names_the_file_and_line_in_each_language(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ilta.pbn"
    path.write_text(_PBN, encoding="utf-8")
    error = _fails(lambda p: pbn.load(p, strict=True), path)
    assert isinstance(error, pbn.PBNError)
    assert (error.line, error.board, error.tag) == (5, "1", "Contract")
    assert str(error).startswith(f"{path}, line 5: board 1: [Contract] '8Z': not a contract;")
    assert error.translated(FI).startswith(
        f"{path}, rivi 5: brikka 1: [Contract] '8Z': ei ole sitoumus;"
    )
    assert error.translated(ES).startswith(
        f"{path}, línea 5: estuche 1: [Contract] '8Z': no es un contrato;"
    )


def test_a_pbn_event_with_a_bad_contract_lists_it_as_an_error_in_each_language(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ilta.pbn"
    path.write_text(_PBN, encoding="utf-8")
    error = _fails(load_event, path)
    assert isinstance(error, ResultsFileError)
    assert str(error).startswith(f"{path}, line 5, board 1, [Contract]: error: '8Z': not a")
    assert error.translated(FI).startswith(
        f"{path}, rivi 5, brikka 1, [Contract]: virhe: '8Z': ei ole sitoumus"
    )
    assert error.translated(ES).startswith(
        f"{path}, línea 5, estuche 1, [Contract]: error: '8Z': no es un contrato"
    )


def test_a_pbn_result_over_13_tricks_is_said_in_each_language(tmp_path: Path) -> None:
    path = tmp_path / "ilta.pbn"
    path.write_text(_PBN.replace('"8Z"', '"4S"').replace('[Result "9"]', '[Result "15"]'))
    error = _fails(lambda p: pbn.load(p, strict=True), path)
    assert str(error) == (
        f"{path}, line 7: board 1: [Result] '15': a deal has 13 tricks; declarer takes 0 to 13"
    )
    assert error.translated(FI) == (
        f"{path}, rivi 7: brikka 1: [Result] '15': jaossa on 13 tikkiä; pelinviejä saa 0–13"
    )
    assert error.translated(ES) == (
        f"{path}, línea 7: estuche 1: [Result] '15': una mano tiene 13 bazas; el declarante"
        " hace de 0 a 13"
    )


def test_an_unknown_scoring_word_is_a_warning_a_director_reads_in_their_language(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ilta.pbn"
    text = _PBN.replace('"8Z"', '"4S"').replace('[Result "9"]', '[Result "10"]')
    path.write_text('[Scoring "Bonanza"]\n' + text, encoding="utf-8")
    warning = next(w for w in load_event(path).results.warnings if w.tag is None)
    assert warning.message == (
        "[Scoring 'bonanza'] is not a scoring bridgescore knows: scored as mp"
        " (--scoring chooses another)"
    )
    assert problem_message(warning).render(FI) == (
        f"{path}: varoitus: [Scoring 'bonanza'] ei ole bridgescoren tuntema laskutapa:"
        " laskettu tavalla mp (--scoring valitsee toisen)"
    )
    assert problem_message(warning).render(ES) == (
        f"{path}: aviso: [Scoring 'bonanza'] no es una puntuación que bridgescore conozca:"
        " puntuado como mp (--scoring elige otra)"
    )


# --- results CSV -------------------------------------------------------------------------


def test_a_results_row_with_15_tricks_names_the_file_line_and_board(tmp_path: Path) -> None:
    path = tmp_path / "club.csv"
    path.write_text("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n2,1,2,4S,N,15\n")
    error = _fails(load_event, path)
    assert isinstance(error, ResultsFileError)
    assert str(error) == (
        f"{path}, line 3, board 2: error: result '15': a deal has 13 tricks;"
        " tricks taken is 0 to 13"
    )
    assert error.translated(FI).startswith(f"{path}, rivi 3, brikka 2: virhe: result '15': ")
    assert error.translated(ES).startswith(f"{path}, línea 3, estuche 2: error: result '15': ")
    assert "13 tikkiä" in error.translated(FI)
    assert "13 bazas" in error.translated(ES)


def test_several_bad_rows_are_counted_in_each_language(tmp_path: Path) -> None:
    path = tmp_path / "club.csv"
    path.write_text("board,ns,ew,contract,declarer,result\n1,1,2,,N,=\n2,1,2,,N,=\n3,1,2,,,\n")
    error = _fails(load_event, path)
    assert str(error) == (
        f"{path}, line 2, board 1: error: declarer 'N', result '=' without a contract"
        " (and 2 more problems)"
    )
    assert error.translated(FI) == (
        f"{path}, rivi 2, brikka 1: virhe: declarer 'N', result '=' ilman sitoumusta"
        " (ja 2 muuta ongelmaa)"
    )
    assert error.translated(ES) == (
        f"{path}, línea 2, estuche 1: error: declarer 'N', result '=' sin contrato"
        " (y 2 problemas más)"
    )


def test_a_spreadsheets_windows_1252_export_is_explained_in_each_language(
    tmp_path: Path,
) -> None:
    path = tmp_path / "club.csv"
    path.write_bytes(b"board,ns,ew,score\n1,M\xfcller,2,420\n")
    error = _fails(read_text, path)
    assert isinstance(error, TextDecodeError)
    assert str(error).startswith(f"{path}, line 2: bytes that are not UTF-8 (b'\\xfc')")
    assert error.translated(FI).startswith(
        f"{path}, rivi 2: tavuja, jotka eivät ole UTF-8:aa (b'\\xfc') rivin tavukohdassa 3:"
    )
    assert error.translated(FI).endswith(
        "näyttää Windows-1252:lta (taulukkolaskennan vienti): tallenna tiedosto UTF-8:na"
        ' (taulukkolaskennan "CSV UTF-8") tai lue se sallivasti Windows-1252-varamerkistöllä'
    )
    assert error.translated(ES).startswith(
        f"{path}, línea 2: bytes que no son UTF-8 (b'\\xfc') en el byte 3 de la línea:"
    )
    _, problems = read_text_lenient(path)
    assert problems[0].translated(FI).endswith("; luettu merkistöllä Windows-1252")
    assert problems[0].translated(ES).endswith("; leído como Windows-1252")
    assert str(problems[0]) == problems[0].translated(None)


# --- USEBIO ------------------------------------------------------------------------------

_USEBIO = (
    '<?xml version="1.0"?>\n'
    '<USEBIO Version="1.2">\n'
    '<EVENT EVENT_TYPE="MP_PAIRS">\n'
    "<BOARD>\n"
    "<BOARD_NUMBER>1</BOARD_NUMBER>\n"
    "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
    "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>\n"
    "</BOARD>\n"
    "</EVENT>\n"
    "</USEBIO>\n"
)


def test_a_usebio_element_left_open_names_the_line_in_each_language(tmp_path: Path) -> None:
    path = tmp_path / "ilta.xml"
    path.write_text(_USEBIO, encoding="utf-8")
    error = _fails(lambda p: usebio.load(p, strict=True), path)
    assert isinstance(error, USEBIOError)
    assert error.line == 7
    assert str(error) == (f"{path}, line 7: not well-formed XML: mismatched tag (line 7, column 3)")
    assert error.translated(FI) == (
        f"{path}, rivi 7: virheellistä XML:ää: mismatched tag (rivi 7, sarake 3)"
    )
    assert error.translated(ES) == (
        f"{path}, línea 7: XML mal formado: mismatched tag (línea 7, columna 3)"
    )


def test_a_usebio_traveller_line_without_a_pair_is_said_in_each_language(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ilta.xml"
    text = _USEBIO.replace("<TRICKS>10</TRICKS>", "<TRICKS>10</TRICKS></TRAVELLER_LINE>")
    path.write_text(text.replace("<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>", ""), encoding="utf-8")
    error = _fails(load_event, path)
    assert str(error) == (f"{path}, line 6: error: board 1, traveller line 1: no EW_PAIR_NUMBER")
    assert error.translated(FI) == (
        f"{path}, rivi 6: virhe: brikka 1, pöytäkirjan rivi 1: puuttuu EW_PAIR_NUMBER"
    )
    assert error.translated(ES) == (
        f"{path}, línea 6: error: estuche 1, línea 1 de la planilla: falta EW_PAIR_NUMBER"
    )


# --- movement files ----------------------------------------------------------------------


def test_a_movement_line_with_a_table_that_is_no_number_in_each_language(
    tmp_path: Path,
) -> None:
    path = tmp_path / "kierto.csv"
    path.write_text(
        "Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard\n1,1,1,1,2,1,2\n1,x,2,1,2,3,4\n"
    )
    error = _fails(load_movement, path)
    assert isinstance(error, MovementFileError)
    assert (error.line, error.field) == (3, "Table")
    assert str(error) == (
        f"{path}, line 3, field 'Table': expected a table number (a whole number from 1), got 'x'"
    )
    assert error.translated(FI) == (
        f"{path}, rivi 3, kenttä 'Table': odotettiin: pöydän numero (kokonaisluku 1 tai"
        " enemmän), saatiin 'x'"
    )
    assert error.translated(ES) == (
        f"{path}, línea 3, campo 'Table': se esperaba un número de mesa (un número entero"
        " desde 1), se obtuvo 'x'"
    )


def test_a_yaml_movement_with_a_tab_gives_the_column_in_each_language(tmp_path: Path) -> None:
    path = tmp_path / "kierto.yaml"
    path.write_text("numberTeams: 4\nhands:\n\t- table: 1\n")
    error = _fails(load_movement, path)
    assert str(error) == (
        f"{path}, line 3: a tab in the indentation (YAML indents with spaces) (column 1)"
    )
    assert error.translated(FI) == (
        f"{path}, rivi 3: sarkain sisennyksessä (YAML sisentää välilyönneillä) (sarake 1)"
    )
    assert error.translated(ES) == (
        f"{path}, línea 3: un tabulador en la sangría (YAML sangra con espacios) (columna 1)"
    )


# --- Bridgemate --------------------------------------------------------------------------


def test_a_file_that_is_no_bridgemate_database_is_said_in_each_language(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ilta.bws"
    path.write_bytes(b"board,ns,ew\n1,1,2\n")
    error = _fails(bridgemate.load, path)
    assert str(error) == (
        f"{path}: not a Bridgemate file: a .bws file is a Microsoft Access database (it"
        " starts with 'Standard Jet DB' at byte 4), this one starts with b'board,ns,ew\\n1,1,2\\n'"
    )
    assert error.translated(FI) == (
        f"{path}: ei Bridgemate-tiedosto: .bws-tiedosto on Microsoft Access -tietokanta"
        " (tavusta 4 alkaa 'Standard Jet DB'), tämä alkaa b'board,ns,ew\\n1,1,2\\n'"
    )
    assert error.translated(ES).startswith(f"{path}: no es un fichero de Bridgemate: ")


# --- the problems' text ------------------------------------------------------------------


@pytest.mark.parametrize(
    "problem",
    [
        Problem(Location("a.csv", 3, board="2"), "plain text"),
        Problem(Location("a.csv", None, 4, board="x" * 20), "long board", Severity.WARNING),
        Problem(Location("a.pbn", 9, board="1", tag="Score", shown="[{}]"), "tagged"),
        Problem(Location("a.csv", 2, tag="score", shown="column {}"), "a column"),
        Problem(Location("a.bws", tag="ScoringType", shown="Section field {}"), "a field"),
        Problem(Location("a.xml", 5, board="3", tag="TRICKS"), "an element"),
    ],
)
def test_a_problem_says_in_english_what_its_str_says(problem: Problem) -> None:
    assert str(problem_message(problem)) == str(problem)
    assert str(problem_detail(problem)) == problem.detail()


def test_a_problem_with_a_marked_message_keeps_it_through_pickling() -> None:
    text = MarkedText(marked("{text!r} is not a score", text="NS"))
    problem = Problem(Location("a.pbn", 4, board="1", tag="ScoreIMP", shown="[{}]"), text)
    again = pickle.loads(pickle.dumps(problem))
    assert again == problem
    assert again.message == "'NS' is not a score"
    assert problem_message(again).render(FI) == (
        "a.pbn, rivi 4, brikka 1, [ScoreIMP]: virhe: 'NS' ei ole tulos"
    )
