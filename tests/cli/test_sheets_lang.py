"""The rubber and Chicago prompts speak the language chosen with ``--lang`` (on the
command or on the group), not only the environment's: the prompt, the sheet's words and a
refused deal's reason (15 tricks) in Spanish and Finnish, typed as a home player would."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from bridgescore.cli.main import cli

TYPED = "2NT N 9\n4H S 15\nend\ny\n"
"""A partscore, a deal with 15 tricks (refused), then the end, confirmed."""


def test_rubber_in_spanish(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["rubber", "--lang", "es"], input=TYPED)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Mano 1 (vulnerables: Nadie): 2NT N 9" in out
    assert "Nosotros (NS)" in out
    assert "Ellos (EO)" in out  # the side as Spanish clubs abbreviate it
    assert "70  1: puntos de contrato" in out
    assert "30  1: bazas de más" in out
    assert "Mano 2 (vulnerables: Nadie): 4H S 15" in out
    assert result.stderr == (
        "error: '4H S 15': una mano tiene 13 bazas; las bazas ganadas van de 0 a 13\n"
    )
    assert "contract points" not in out
    assert "Deal " not in out


def test_rubber_in_finnish_from_the_group(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["--lang", "fi", "rubber"], input=TYPED)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Jako 1 (vaarassa: Ei kukaan): 2NT N 9" in out
    assert "Me (PE)" in out  # the side as Finnish clubs abbreviate it
    assert "He (IL)" in out
    assert "70  1: pelipisteet" in out
    assert "30  1: ylitikit" in out
    assert "'4H S 15'" in result.stderr
    assert "13" in result.stderr
    assert "a deal has 13 tricks" not in result.stderr
    assert result.stderr.startswith("virhe: ")


def test_chicago_in_spanish(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["chicago", "--lang", "es"], input=TYPED)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Mano 2 (ronda 1, mano 2; dador E, vulnerables: NS): 4H S 15" in out
    assert "una mano tiene 13 bazas" in result.stderr


def test_the_environment_still_chooses_without_lang(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "es")
    result = runner.invoke(cli, ["rubber"], input=TYPED)
    assert "Mano 1 (vulnerables: Nadie)" in result.stdout
    english = runner.invoke(cli, ["rubber", "--lang", "en"], input=TYPED)
    assert "Deal 1 (vulnerable: None): 2NT N 9" in english.stdout
    assert english.stderr == ("error: '4H S 15': a deal has 13 tricks; tricks taken is 0 to 13\n")
