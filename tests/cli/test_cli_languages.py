"""The command line in English, Finnish and Spanish: every command's help, click's own
words and usage errors, and the CLI's own messages, in the language chosen with
``--lang`` (on the group or after the command) or by the environment; English unchanged."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from bridgescore.cli.main import cli
from bridgescore.duplicate.matchpoint_policies import policy_names

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run(runner: CliRunner, *args: str, env: dict[str, str] | None = None) -> Result:
    return runner.invoke(cli, list(args), env=env, prog_name="bridgescore")


def flat(text: str) -> str:
    """``text`` with its lines joined and its spaces single (help wraps to the terminal)."""
    return " ".join(text.split())


# --- help in each language --------------------------------------------------------------------


def test_score_help_in_finnish_from_the_group(runner: CliRunner) -> None:
    out = run(runner, "--lang", "fi", "score", "--help").stdout
    assert out.startswith("Käyttö: bridgescore score [OPTIONS] DEAL...")
    assert "Laske yhden jaon pisteet ja näytä pisteiden jokainen osa." in out
    assert "Yhteistulos on pelinviejän" in out
    assert "\nValitsimet:\n" in out
    assert "Ota vaaratilanne tämän brikkanumeron mukaan" in out
    assert "[oletus: 2017]" in out
    assert "Näytä tämä ohje ja lopeta." in out
    assert "  Esimerkkejä:" in out
    assert "  bridgescore score 4SX= --vul" in out  # an example's command stays as typed
    for english in ("Usage:", "Options:", "Score one deal", "Show this message", "default:"):
        assert english not in out


def test_event_help_in_spanish_from_the_environment(runner: CliRunner) -> None:
    out = flat(run(runner, "event", "--help", env={"LANG": "es_ES.UTF-8"}).stdout)
    assert out.startswith("Uso: bridgescore event [OPTIONS] FILE")
    assert "Imprimir la clasificación de cualquier fichero de torneo admitido" in out
    assert " Opciones: " in out
    assert "Criterio de los puntos de match: wbf (por defecto), magic-" in out
    assert "Tratar los avisos como errores." in out
    assert "Mostrar esta ayuda y salir." in out
    assert "Print the ranking" not in out
    assert "Options:" not in out


@pytest.mark.parametrize(
    "args",
    [
        ("event", "--lang", "es", "--help"),
        ("event", "--help", "--lang", "es"),  # --lang after --help still counts
        ("--lang", "es", "event", "--help"),
    ],
)
def test_event_help_in_spanish_wherever_lang_stands(runner: CliRunner, args: tuple[str]) -> None:
    out = run(runner, *args).stdout
    assert "Imprimir la clasificación" in out
    assert "Print the ranking" not in out


def test_lang_wins_over_the_environment(runner: CliRunner) -> None:
    out = run(runner, "score", "--lang", "es", "--help", env={"LANGUAGE": "fi"}).stdout
    assert "Puntuar una mano y mostrar cada elemento de la puntuación." in out
    assert "Laske yhden jaon" not in out


def test_the_group_help_lists_the_commands_in_the_language(runner: CliRunner) -> None:
    out = run(runner, "--lang", "fi", "--help").stdout
    assert "\nKomennot:\n" in out
    assert "Näytä versio ja lopeta." in out
    listed = dict(
        re.findall(r"^  (\w+) +(.+)$", out.split("Komennot:")[1].split("Esimerkki:")[0], re.M)
    )
    assert listed["score"] == "Laske yhden jaon pisteet ja näytä pisteiden jokainen osa."
    assert listed["imps"] == "Muunna piste-ero IMPeiksi."
    assert listed["vp"].startswith("Voittopisteet IMP-erolle")
    assert listed["rubber"].startswith("Piirrä robberin pistelista")
    assert set(listed) == set(cli.commands)


def test_report_help_in_finnish(runner: CliRunner) -> None:
    out = run(runner, "report", "--lang", "fi", "--help").stdout
    assert "Julkaise kilpailun tulokset: staattinen sivusto" in out
    assert "Kirjoita tulossivusto tähän kansioon." in out
    assert "Kirjoita vaikka syötetiedoston päälle." in out
    assert "Publish an event" not in out


def test_movement_help_in_spanish(runner: CliRunner) -> None:
    group = run(runner, "--lang", "es", "movement", "--help").stdout
    assert "Movimientos: qué movimientos encajan" in group
    assert "\nÓrdenes:\n" in group
    assert "Imprimir las tarjetas de guía" in group  # the list's short help of 'cards'
    show = run(runner, "--lang", "es", "movement", "show", "--help").stdout
    assert "Imprimir un movimiento ronda a ronda" in show
    assert "SOURCE: una especificación como howell:6x3" in show
    assert "a spec such as" not in show


def test_batch_help_in_finnish_translates_the_examples_comments(runner: CliRunner) -> None:
    out = run(runner, "--lang", "fi", "batch", "--help").stdout
    assert "Laske tulostaulukko (CSV tai Parquet)" in out
    assert "Pysähdy ensimmäiseen virheelliseen riviin" in out
    assert "bridgescore batch club-night.xml results.csv --fast   # vain pelatut tulokset" in out
    assert "# played results only" not in out


def test_serve_help_in_spanish(runner: CliRunner) -> None:
    out = flat(run(runner, "--lang", "es", "serve", "--help").stdout)
    assert "Arrancar la aplicación web del club" in out
    assert "El puerto en el que escuchar. [por defecto: 8000; 1<=x<=65535]" in out
    assert "Peticiones atendidas a la vez." in out


def test_rubber_help_in_finnish_and_spanish(runner: CliRunner) -> None:
    fi = run(runner, "rubber", "--lang", "fi", "--help").stdout
    assert fi.startswith("Käyttö: bridgescore rubber")
    assert "Piirrä robberin pistelista" in fi
    assert "Draw a rubber" not in fi
    es = run(runner, "--lang", "es", "rubber", "--help").stdout
    assert "Dibujar una hoja de partida" in es


def test_help_follows_lang_not_the_language_at_import(runner: CliRunner) -> None:
    # The environment says Finnish; --lang asks for Spanish: the help is Spanish.
    out = run(runner, "--lang", "es", "rubber", "--help", env={"LANG": "fi_FI.UTF-8"}).stdout
    assert "Dibujar una hoja" in out
    assert "Piirrä" not in out


def test_english_help_is_unchanged(runner: CliRunner) -> None:
    out = run(runner, "score", "--help").stdout
    assert out.startswith("Usage: bridgescore score [OPTIONS] DEAL...")
    assert "Score one deal and show each element of the score." in out
    assert "\nOptions:\n" in out
    assert "Law set: 2017, 1987, 1935, 1932 or an alias such as 'current'. [default: 2017]" in (
        flat(out)
    )
    assert "Show this message and exit." in out
    assert "  Examples:" in out
    english_env = run(runner, "score", "--help", env={"LANG": "en_GB.UTF-8"}).stdout
    assert english_env == out


# --- usage errors and the CLI's own messages ----------------------------------------------------


def test_usage_errors_in_finnish_and_spanish(runner: CliRunner) -> None:
    fi = run(runner, "--lang", "fi", "score", "4S=", "--bogus")
    assert fi.exit_code == 2
    assert fi.stderr == (
        "bridgescore: error: Valitsinta '--bogus' ei ole (katso 'bridgescore score --help')\n"
    )
    es = run(runner, "score", "--lang", "es")
    assert es.stderr == (
        "bridgescore: error: Falta el argumento 'DEAL...' (véase 'bridgescore score --help')\n"
    )
    choice = run(runner, "pairs", "x.csv", "--scoring", "zz", env={"LANGUAGE": "es"})
    assert choice.stderr.startswith(
        "bridgescore: error: Valor no válido para '--scoring': 'zz' no es ninguna de estas: 'mp',"
    )


def test_the_usage_error_before_lang_is_in_the_language(runner: CliRunner) -> None:
    result = run(runner, "imps", "700", "2", "--lang", "fi")
    assert result.stderr == (
        "bridgescore: error: Ylimääräinen argumentti (2) (katso 'bridgescore imps --help')\n"
    )


def test_cli_messages_in_finnish_and_spanish(runner: CliRunner) -> None:
    where = run(runner, "--lang", "fi", "report", str(EXAMPLES / "pairs-mitchell.csv"))
    assert where.exit_code == 2
    assert "kerro minne: --html KANSIO ja/tai --pdf TIEDOSTO" in where.stderr
    wbf = run(runner, "vp", "12", "--lang", "es")
    assert wbf.stderr == (
        "bridgescore: error: la escala wbf depende de la longitud del encuentro: dé --boards N\n"
    )
    assert run(runner, "--lang", "fi", "imps", "720").stdout == (
        "+720 pistettä = +12 IMPiä (taulukko 1962)\n"
    )
    assert run(runner, "--lang", "es", "vp", "12", "--boards", "16").stdout == (
        "+12 IMPs = 13,28 - 6,72 PV (wbf)\n"
    )
    missing = run(runner, "--lang", "es", "event", "no-such-file.csv")
    assert missing.stderr == (
        "bridgescore: error: no-such-file.csv: no existe ese fichero o carpeta\n"
    )


def test_errors_name_contracts_in_the_reader_s_notation(runner: CliRunner, tmp_path: Path) -> None:
    """A library error names a contract as the reader writes it: four spades as 4♠ to a
    Finnish reader (who writes no suit letter an English one does), notrump as ST to a
    Spanish one (sin triunfo), North as P (pohjoinen). The CLI passed its catalogue alone,
    and every contract read as the English notation writes it (4S, 3NT, 4SN=)."""
    finnish = run(runner, "score", "4SN+5", env={"LANG": "fi_FI.UTF-8"})
    assert (finnish.exit_code, finnish.stderr) == (
        2, "bridgescore: error: '4SN+5': 4♠ voi tehdä enintään 13 tikkiä (enintään +3)\n"
    )  # fmt: skip
    spanish = run(runner, "--lang", "es", "score", "3NT+5")
    assert (spanish.exit_code, spanish.stderr) == (
        2, "bridgescore: error: '3NT+5': 3ST puede ganar como mucho 13 bazas (como mucho +4)\n"
    )  # fmt: skip
    results = tmp_path / "club.csv"
    results.write_text(
        "board,ns,ew,contract,declarer,result,score\n1,1,2,4S,N,=,-620\n1,3,4,3NT,S,9,\n",
        encoding="utf-8",
    )
    fi = run(runner, "pairs", str(results), env={"LANG": "fi_FI.UTF-8"})
    assert fi.stderr.splitlines()[0] == (
        f"bridgescore: {results}, rivi 2, brikka 1: varoitus: score -620 on ristiriidassa"
        " tuloksen 4♠P= kanssa (PE +420, kukaan ei vaarassa); laskettu sitoumuksesta"
    )
    es = run(runner, "--lang", "es", "pairs", str(results))
    assert es.stderr.splitlines()[0] == (
        f"bridgescore: {results}, línea 2, estuche 1: aviso: score -620 contradice 4♠N= (NS"
        " +420 con nadie vulnerable); puntuado según el contrato"
    )
    english = run(runner, "pairs", str(results))
    assert english.stderr.splitlines()[0] == (
        f"bridgescore: {results}, line 2, board 1: warning: score -620 contradicts 4SN= (NS"
        " +420 with nobody vulnerable); scored from the contract"
    )


def test_score_table_in_finnish(runner: CliRunner) -> None:
    out = run(runner, "score", "4SX=", "--vul", "--lang", "fi").stdout
    assert "vaarassa  (lakikirja 2017)" in out
    assert "pelipisteet" in out
    assert "yhteensä (pelinviejä)" in out
    board = run(runner, "score", "3NTS=", "--board", "7", "--lang", "es").stdout
    assert "estuche 7: dador S, vulnerables Todos" in board
    assert "Norte-Sur" in board or "N-S" in board


def test_movement_output_in_spanish(runner: CliRunner) -> None:
    out = run(runner, "--lang", "es", "movement", "show", "howell:4x3").stdout
    assert out.splitlines()[0] == "howell: 4 mesas, 7 rondas, 8 parejas, 21 estuches"
    assert "Ronda 1" in out
    assert "  mesa  1" in out
    assert "Round 1" not in out


def test_english_messages_are_unchanged(runner: CliRunner) -> None:
    assert run(runner, "imps", "720").stdout == "+720 points = +12 IMPs (1962 table)\n"
    result = run(runner, "score", "4S=", "--bogus")
    assert result.stderr == (
        "bridgescore: error: No such option '--bogus' (see 'bridgescore score --help')\n"
    )


# --- every command's help, every line translated ------------------------------------------------


def walk(command: click.Command, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command under ``command`` (the group itself first), as its words."""
    yield path
    if isinstance(command, click.Group):
        for name in sorted(command.commands):
            yield from walk(command.commands[name], (*path, name))


_NAMES_ONLY = re.compile(
    r"^(?:-[\w-]+,?|/|\[[^\]]*\](?:\.\.\.)?|[A-Z][A-Z_]*(?:\.\.\.)?|\d+|"
    r"INTEGER(?: RANGE)?|TEXT|FILE|DIRECTORY|PATH|\[\d+<=x<=\d+\]|"
    r"[\w.-]*/[\w./-]*[).]*)$"  # a path: docs/events.md).
)


_PROPER = re.compile(r"^[(']?[A-Z][\w-]*[),;:\].]*$")
_REGISTERED = {
    part for name in policy_names() for part in (name, *name.split("-"), name.split("-")[0] + "-")
}
"""The matchpoint policies' names (and the halves a wrapped hyphen leaves), typed the same
in every language."""


def _names_only(line: str) -> bool:
    """A line that is only option names, metavariables and numbers, or only names (a
    wrapped list of programs), or an example's command, typed the same in every language."""
    text = line.strip()
    if not text or (text.startswith("bridgescore ") and "#" not in text):
        return True
    tokens = text.split()
    return (
        all(_NAMES_ONLY.match(token) for token in tokens)
        or all(_PROPER.match(token) for token in tokens)
        or all(token.rstrip(",.") in _REGISTERED for token in tokens)
    )


COMMANDS = list(walk(cli))


@pytest.mark.parametrize("language", ["fi", "es"])
@pytest.mark.parametrize("path", COMMANDS, ids=lambda path: " ".join(path) or "bridgescore")
def test_every_help_line_is_translated(
    runner: CliRunner, path: tuple[str, ...], language: str
) -> None:
    english = run(runner, *path, "--help")
    assert english.exit_code == 0, english.output
    translated = run(runner, "--lang", language, *path, "--help")
    assert translated.exit_code == 0, translated.output
    shown = set(translated.stdout.splitlines())
    same = []
    in_example = False  # an example's command, wrapped over several lines
    for line in english.stdout.splitlines():
        in_example = line.strip().startswith("bridgescore ") or (in_example and bool(line))
        typed = in_example and "#" not in line  # a comment in an example is translated
        if line in shown and not typed and not _names_only(line):
            same.append(line)
    assert same == []
