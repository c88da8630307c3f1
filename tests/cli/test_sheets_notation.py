"""The terminal pad as Finnish and Spanish players write bridge (issue 22): deals in the
language's notation, commands and yes/no in its words (the English ones too), honours with
its side letters, a letter English reads otherwise said back before it is kept."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli.score import score_command
from bridgescore.cli.sheets import chicago_command, rubber_command


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _json(result: Result) -> Any:
    out = result.stdout
    return json.loads(out[out.rindex("\n{\n") + 1 :])


def _keys(*lines: str) -> str:
    return "".join(f"{line}\n" for line in lines)


# "Puntuación de puente"'s rubber: NS 770, EW 1640, each deal as the language types it;
# after each line with a crossed letter, the answer to "is that right?".
RUBBER = {
    "es": ["2ST N 9", "4C O =", "s", "5T O -2", "4PX S +1", "3T N +1", "6D E = honores EO 150"],
    "fi": ["2NT P 9", "4H L =", "5C L -2", "4SX E +1", "k", "3C P +1", "6D I = honöörit IL 150"],
    "en": ["2NT N 9", "4H W =", "5C W -2", "4SX S +1", "3C N +1", "6D E = honours EW 150"],
}
SAID = {
    "es": "4 corazones por Oeste, cumplido: 120. ¿Es correcto? [s/N]:",
    "fi": "4 pataa kahdennettuna, pelinviejä Etelä, kotiin, 1 ylitikki: 390. Onko oikein? [k/E]:",
}


@pytest.mark.parametrize("lang", ["es", "fi", "en"])
def test_the_spanish_rubber_typed_at_the_prompt_in_each_language(
    runner: CliRunner, lang: str
) -> None:
    result = runner.invoke(
        rubber_command, ["--lang", lang, "-i", "--json"], input=_keys(*RUBBER[lang])
    )
    assert result.exit_code == 0, result.output
    data = _json(result)
    assert data["totals"] == {"NS": 770, "EW": 1640}
    assert [row["deal"] for row in data["deals"]] == [
        "2NT N +1",
        "4H W =",
        "5C W -2",
        "4SX S +1",
        "3C N +1",
        "6D E = honours EW 150",
    ]
    if lang in SAID:
        assert result.stdout.count(SAID[lang]) == 1
        assert "?" not in result.stdout.replace(SAID[lang], "")  # asked once, for that deal
    else:
        assert "Is that right?" not in result.stdout


def test_a_crossed_letter_is_not_kept_when_the_answer_is_no(runner: CliRunner) -> None:
    keys = _keys("4C O =", "n", "4T O =", "fin")
    result = runner.invoke(rubber_command, ["--lang", "es", "-i", "--json"], input=keys)
    out = result.stdout
    assert "4 corazones por Oeste, cumplido: 120. ¿Es correcto? [s/N]:" in out
    assert "No se ha anotado; escriba la mano de nuevo." in out
    assert "4 tréboles por Oeste, cumplido: 80" in out
    assert [row["deal"] for row in _json(result)["deals"]] == ["4C W ="]


def test_commands_in_the_language_and_in_english(runner: CliRunner) -> None:
    keys = _keys("4H L =", "korjaa 1 4H L -1", "lisää 1 2S P =", "poista 2", "undo", "loppu")
    result = runner.invoke(rubber_command, ["--lang", "fi", "-i", "--json"], input=keys)
    out = result.stdout
    # Each command is answered in Finnish, naming the deals in Finnish notation.
    assert "Jako 1 korjattu: '4♥ L =' on nyt '4♥ L -1'." in out
    assert "Jako 1 lisätty: '2♠ P ='." in out
    assert "Jako 2 poistettu: '4♥ L -1'." in out
    assert _json(result)["deals"] == []  # undo took the last one


def test_honours_with_the_languages_side_letters(runner: CliRunner) -> None:
    keys = _keys("6D I = honöörit IL 150", "4S P = honöörit PE 100", "loppu", "k")
    result = runner.invoke(chicago_command, ["--lang", "fi", "-i", "--json"], input=keys)
    deals = [row["deal"] for row in _json(result)["deals"]]
    assert deals == ["6D E = honours EW 150", "4S N = honours NS 100"]


def test_honours_with_english_letters_in_a_spanish_line(runner: CliRunner) -> None:
    result = runner.invoke(
        rubber_command,
        ["--lang", "es", "-i", "--json"],
        input=_keys("6D E = honours EW 150", "fin", "s"),
    )
    assert [row["deal"] for row in _json(result)["deals"]] == ["6D E = honours EW 150"]


@pytest.mark.parametrize(
    ("lang", "yes", "no"), [("fi", "kyllä", "ei"), ("es", "sí", "no"), ("en", "yes", "no")]
)
def test_yes_and_no_in_the_language(runner: CliRunner, lang: str, yes: str, no: str) -> None:
    end = {"fi": "loppu", "es": "fin", "en": "end"}[lang]
    keys = _keys("2H N =" if lang != "fi" else "2H P =", end, no, end, "maybe", yes)
    result = runner.invoke(rubber_command, ["--lang", lang, "-i", "--json"], input=keys)
    data = _json(result)
    assert data["stopped"] is True
    assert data["totals"] == {"NS": 160, "EW": 0}  # 60, and 100 for the partscore
    answer = {"fi": "Vastaa k (kyllä) tai e (ei).", "es": "Responda s (sí) o n (no).",
              "en": "Answer y or n."}[lang]  # fmt: skip
    assert result.stdout.count(answer) == 1


def test_a_chicago_dealer_and_we_in_finnish(runner: CliRunner) -> None:
    result = runner.invoke(
        chicago_command,
        ["--lang", "fi", "-i", "--dealer", "I", "--we", "IL", "--json"],
        input=_keys("1NT L 9"),
    )
    assert result.exit_code == 0, result.output
    data = _json(result)
    assert data["first_dealer"] == "E"  # itä, East
    assert "Jako 2 (kierros 1, jako 2; jakaja E, vaarassa: IL)" in result.stdout  # etelä deals
    assert "Me (IL)" in result.stdout


@pytest.mark.parametrize(
    ("lang", "typed", "title", "said"),
    [
        ("es", "4CO=", "4♥O=", "4 corazones por Oeste, cumplido: 420"),
        ("fi", "4HE=", "4♥E=", "4 herttaa, pelinviejä Etelä, tasan kotiin: 420"),
        ("en", "4HE=", "4♥E=", "4 hearts by East, made exactly: 420"),
    ],
)
def test_score_reads_the_languages_notation(
    runner: CliRunner, lang: str, typed: str, title: str, said: str
) -> None:
    result = runner.invoke(score_command, [typed], obj=None, env={"LANGUAGE": lang})
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(title)
    assert said in result.stdout
