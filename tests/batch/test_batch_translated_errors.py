"""Errors of the batch engine in the director's language: a results file with a bad row is
scored as the command scores it, and the error that names its line and row is shown in
Finnish and Spanish through the shared catalogue; ``str()`` and the error's fields (line,
row, count, reason) stay as they were, in English."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
import pytest

import bridgescore.batch.frame as frame
from bridgescore.batch import BatchInputError, score_ns
from bridgescore.batch.files import BatchFileError
from bridgescore.duplicate.imps import UnknownMethodError
from bridgescore.i18n import words

FI = words("fi").gettext
ES = words("es").gettext

NIGHT = (
    "board,contract,declarer,result,vulnerability\n"
    "1,4S,N,=,None\n"
    "2,3NT,,+1,NS\n"
    "3,8NT,S,=,EW\n"
    "4,2H,E,-1,Both\n"
)
"""A club night's deals: line 3 (row 1) has no declarer, line 4 (row 2) bids 8NT."""


def night(tmp_path: Path) -> Path:
    path = tmp_path / "night.csv"
    path.write_text(NIGHT, encoding="utf-8")
    return path


def test_a_file_with_a_bad_row_names_its_line_in_each_language(tmp_path: Path) -> None:
    source = night(tmp_path)
    with pytest.raises(BatchFileError) as caught:
        frame.run_file(source, tmp_path / "out.csv", on_invalid="raise")
    error = caught.value
    assert (error.source, error.line, error.row, error.count) == (str(source), 3, 1, 2)
    assert error.reason == (
        "'3NT +1' has no declarer, so whose score it is is unknown; add N, E, S or W (2 bad rows)"
    )
    assert str(error) == f"{source}, line 3: {error.reason}"
    assert error.translated(FI) == (
        f"{source}, rivi 3: '3NT +1': pelinviejä puuttuu, joten ei tiedetä, kenen tulos se on;"
        " lisää N, E, S tai W (2 virheellistä riviä)"
    )
    assert error.translated(ES) == (
        f"{source}, línea 3: '3NT +1' no tiene declarante, así que no se sabe de quién es la"
        " puntuación; añada N, E, S o W (2 filas erróneas)"
    )
    assert not (tmp_path / "out.csv").exists()


def test_a_contract_above_seven_on_row_n_in_each_language(tmp_path: Path) -> None:
    source = tmp_path / "night.csv"
    source.write_text(NIGHT.replace("2,3NT,,+1", "2,3NT,N,+1"), encoding="utf-8")
    with pytest.raises(BatchFileError) as caught:
        frame.run_file(source, tmp_path / "out.csv", on_invalid="raise")
    error = caught.value
    assert (error.line, error.row, error.count) == (4, 2, 1)
    assert str(error) == f"{source}, line 4: '8NT S =': a contract's level is 1 to 7"
    assert error.translated(FI) == f"{source}, rivi 4: '8NT S =': sitoumuksen taso on 1–7"
    assert error.translated(ES) == (
        f"{source}, línea 4: '8NT S =': el nivel de un contrato va de 1 a 7"
    )


def test_a_frame_with_bad_rows_names_the_first_row(tmp_path: Path) -> None:
    deals = pl.read_csv(night(tmp_path), infer_schema=False)
    with pytest.raises(BatchInputError) as caught:
        frame.score(deals, on_invalid="raise")
    error = caught.value
    assert (error.row, error.count) == (1, 2)
    assert str(error) == (
        "row 1: '3NT +1' has no declarer, so whose score it is is unknown; add N, E, S or W"
        " (2 bad rows; on_invalid='null' keeps the others)"
    )
    assert error.translated(FI) == (
        "rivi 1: '3NT +1': pelinviejä puuttuu, joten ei tiedetä, kenen tulos se on;"
        " lisää N, E, S tai W (2 virheellistä riviä; on_invalid='null' säilyttää muut)"
    )
    assert error.translated(ES) == (
        "fila 1: '3NT +1' no tiene declarante, así que no se sabe de quién es la puntuación;"
        " añada N, E, S o W (2 filas erróneas; on_invalid='null' conserva las demás)"
    )
    kept = frame.score(deals, on_invalid="null")
    assert kept["problem"].to_list()[1] == error.reason  # the column stays English


def test_a_code_column_out_of_range_in_each_language() -> None:
    with pytest.raises(BatchInputError) as caught:
        score_ns(
            level=np.array([4, 3, 9]),
            strain=np.array([3, 4, 4]),
            doubling=0,
            declarer=np.array([0, 2, 1]),
            vulnerability=np.array([0, 1, 2]),
            tricks=np.array([10, 9, 9]),
        )
    error = caught.value
    assert (error.row, error.count, error.reason) == (2, 1, "level 9 is not 1-7")
    assert str(error) == (
        "row 2: level 9 is not 1-7 (1 bad row; on_invalid='null' gives the others a score and"
        " each bad row its reason)"
    )
    assert error.translated(FI) == (
        "rivi 2: level 9 ei ole 1-7 (1 virheellinen rivi; on_invalid='null' laskee muut ja"
        " antaa jokaiselle virheelliselle riville sen syyn)"
    )
    assert error.translated(ES) == (
        "fila 2: level 9 no es 1-7 (1 fila errónea; on_invalid='null' puntúa las demás y da a"
        " cada fila errónea su motivo)"
    )


def test_an_unknown_comparison_in_each_language() -> None:
    with pytest.raises(UnknownMethodError) as caught:
        frame.compare(pl.DataFrame({"board": [1], "ns_score": [420]}), methods=["imps"])
    error = caught.value
    assert str(error) == "imps: not a comparison; use mp, neuberg, cross_imps, butler"
    assert error.translated(FI) == "imps: ei ole vertailu; käytä: mp, neuberg, cross_imps, butler"
    assert error.translated(ES) == (
        "imps: no es una comparación; use mp, neuberg, cross_imps, butler"
    )


def test_blank_lines_skipped_are_said_in_each_language(tmp_path: Path) -> None:
    source = tmp_path / "night.csv"
    source.write_text(NIGHT.replace("2,3NT,,+1", "2,3NT,N,+1").replace("3,8NT", "\n3,3NT"))
    done = frame.run_file(source, tmp_path / "out.csv")
    (note,) = done.notes
    assert str(note) == f"{source}: 1 blank line skipped (line 4)"
    assert not isinstance(note, str)
    assert note.render(FI) == f"{source}: 1 tyhjä rivi ohitettiin (rivi 4)"
    assert note.render(ES) == f"{source}: se saltó 1 línea en blanco (línea 4)"
