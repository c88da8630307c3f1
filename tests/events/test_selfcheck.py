"""The self-check: an event re-scored as its program did, proved by the file's own figures
(``bridgescore.events.selfcheck``), and the conventions issue 25 names, each shown on the
board or file that shows it (figures worked out by hand in the comments)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgescore
from bridgescore.cli.main import cli
from bridgescore.duplicate.board_scoring import BoardResults, score_board
from bridgescore.duplicate.entries import Adjusted
from bridgescore.events.conventions import choose_conventions
from bridgescore.events.pairs import PairsResult
from bridgescore.events.ranking import places
from bridgescore.events.scoring import options_for, score_event
from bridgescore.events.selfcheck import checked, difference, replayed
from bridgescore.events.teams import TeamsResult
from bridgescore.i18n import words

DATA = Path(__file__).resolve().parents[1] / "io" / "data"
EBUSCORE = DATA / "usebio" / "00201600+002321.xml"


def _renamed(tmp_path: Path, name: str, version: str) -> Path:
    """The EBUScore file (Neuberg to 0.01 MP) as if another program had written it."""
    text = EBUSCORE.read_text(encoding="iso-8859-1")
    text = text.replace(
        "<PROGRAM_NAME>EBUScore Pairs</PROGRAM_NAME>", f"<PROGRAM_NAME>{name}</PROGRAM_NAME>"
    )
    text = text.replace(
        "<PROGRAM_VERSION>1.2.20</PROGRAM_VERSION>", f"<PROGRAM_VERSION>{version}</PROGRAM_VERSION>"
    )
    path = tmp_path / "renamed.xml"
    path.write_text(text, encoding="iso-8859-1")
    return path


def test_a_file_its_program_reproduces_is_not_searched() -> None:
    found = checked(bridgescore.load_event(EBUSCORE))
    assert (found.comparison.agree, found.comparison.total, found.tried) == (680, 680, 1)
    assert found.describe() == (
        "scored as EBUScore Pairs 1.2.20 scores (the file names it): matchpoint policy ebu;"
        " the file's own figures: 680 of 680 agree"
    )


def test_the_figures_choose_when_the_programs_name_misleads(tmp_path: Path) -> None:
    """ScoreBridge 10.25's convention (the manual method) applied to a file scored with
    Neuberg to 0.01 MP gets most figures wrong; the file's own figures choose ebu."""
    event = bridgescore.load_event(_renamed(tmp_path, "ScoreBridge", "10.25.02"))
    named = options_for(event)
    assert named.policy == "manual"
    plain = checked(event, options=named.options)
    assert plain.comparison.agree < 0.9 * plain.comparison.total
    found = checked(event)
    assert found.chosen.found == ("policy ebu",)
    assert found.options.matchpoint_policy == "ebu"
    assert (found.comparison.agree, found.comparison.total) == (680, 680)
    assert found.tried > 1
    assert found.describe().endswith(
        "matchpoint policy ebu, as the file's own figures show: policy ebu;"
        " the file's own figures: 680 of 680 agree"
    )


def test_a_choice_the_user_made_is_kept_and_the_differences_named(tmp_path: Path) -> None:
    event = bridgescore.load_event(EBUSCORE)
    found = checked(event, policy="manual")
    assert found.options.matchpoint_policy == "manual"
    assert found.chosen.found == ()
    assert found.comparison.agree < found.comparison.total
    said = found.describe()
    assert "no conventions tried" in said
    first = found.comparison.differences[0]
    assert first.subject.startswith("board ")
    assert first.name in ("ns_points", "ew_points")
    side = "North-South's" if first.name == "ns_points" else "East-West's"
    assert (
        f"{first.subject} {side} points: ours {first.ours}, the file's {first.theirs}"
        f" ({first.where})"
    ) in said
    assert said.count("; ") >= 3  # the head, the count, and the first differences


def test_a_file_without_figures_says_so() -> None:
    event = bridgescore.load_event(DATA / "pbn" / "bridgecomposer_2025-12-23.pbn")
    found = checked(event)
    assert found.comparison.total == 0
    assert found.tried == 1
    assert found.describe().endswith(
        "; the file carries no figures of its own to check them against"
    )


def test_a_session_playing_a_file_again_says_whether_it_reproduces_the_file() -> None:
    """``replayed``: ScoreBridge's sample (8 pairs, 94 traveller lines, each line's NS and
    EW matchpoints and each pair's percentage and place: 204 figures) scored as the
    session scores it. With ScoreBridge's own policy every figure agrees; with the WBF's,
    board 9's first line (1 v 4, 3NT by South +490: the file's 5 and 1) is the first that
    differs, named by its board, pairs and the file's line."""
    event = bridgescore.load_event(DATA / "usebio" / "sample.xml")
    same = checked(event)
    assert replayed(same).render(None) == (
        "the session's ranking matches the file's: 8 pairs, 94 results (204 figures)"
    )
    other = checked(event, options=same.options.but(policy="wbf"))
    said = replayed(other).render(None)
    assert said.startswith("the session's figures differ from the file's in ")
    assert "of 204 (8 pairs, 94 results); the first that differ: board 9, 1 v 4" in said
    assert "the file's 5.0 (" in said
    assert "sample.xml, line 572)" in said
    bare = checked(bridgescore.load_event(DATA / "pbn" / "bridgecomposer_2025-12-23.pbn"))
    assert replayed(bare).render(None) == (
        "the file carries no figures of its own to check the session's against"
    )


def test_event_says_how_many_figures_agree_and_json_lists_them() -> None:
    runner = CliRunner()
    said = runner.invoke(cli, ["event", str(EBUSCORE)])
    assert said.exit_code == 0, said.output
    assert "the file's own figures: 680 of 680 agree" in said.stderr
    shown = runner.invoke(cli, ["event", str(EBUSCORE), "--json", "--no-analysis"])
    data = json.loads(shown.stdout)
    assert data["self_check"]["agree"] == data["self_check"]["total"] == 680
    assert data["self_check"]["differences"] == []
    finnish = runner.invoke(cli, ["event", str(EBUSCORE), "--lang", "fi"])
    assert "680" in finnish.stderr
    assert "the file's own figures" not in finnish.stderr


def test_scorebridge_by_version() -> None:
    """10.24 is Neuberg to 0.1 MP (the issue's file: 13.9 = (12 + 1) x 8/7 - 1); 10.25.02
    the manual method (tests/io/data/usebio/sample.xml, 204 of 204)."""
    assert choose_conventions("ScoreBridge 10.24.09", "mp").policy == "wbf"
    assert choose_conventions("ScoreBridge 10.25.02", "mp").policy == "manual"
    sample = checked(bridgescore.load_event(DATA / "usebio" / "sample.xml"))
    assert sample.agrees
    assert sample.comparison.total == 204


def test_kops_takes_a_lines_percentage_from_its_rounded_matchpoints() -> None:
    """Three results of a board played four times: raw 4, 2, 0; Neuberg (raw + 1) x 4/3 - 1
    = 5.6667, 3, 0.3333 of 6, shown 5.67, 3.00, 0.33; 5.67/6 = 94.5 % where the exact
    figure is 94.44 %."""
    board = BoardResults((100, 50, 0), expected=4)
    assert score_board(board, "kops").ns_mp == [5.67, 3.0, 0.33]
    assert score_board(board, "kops").ns_percent == [94.5, 50.0, 5.5]
    assert score_board(board, "ebu").ns_percent == [94.44, 50.0, 5.56]
    assert choose_conventions("KoPS 2.3", "mp").policy == "kops"


def test_ruter_gives_the_two_real_results_of_a_board_65_and_55() -> None:
    """Two real results and an A+/A-: 65 % and 55 % to the two real ones (each side),
    60 / 40 to the award; plain Neuberg would give 87.5 and 12.5."""
    board = BoardResults((420, 170, Adjusted.parse("A+/A-")))
    ruter = score_board(board, "ruter")
    assert (ruter.ns_percent, ruter.ew_percent) == ([65.0, 55.0, 60.0], [55.0, 65.0, 40.0])
    assert score_board(board, "wbf").ns_percent == [87.5, 12.5, 60.0]


def test_equal_totals_ranked_on_a_second_figure() -> None:
    """Magic Contest: 593.238 before 593.229 MP (both 593.2 as written); Ruter: players 8
    and 13 of indi.pbn with equal exact totals, 683.1 and 683.0 as the rounded boards add."""
    assert places({"31": 593.2, "32": 593.2}, decimals=1) == {"31": "1=", "32": "1="}
    assert places({"a": 593.2, "b": 593.2}, decimals=1, then={"a": 593.229, "b": 593.238}) == {
        "b": "1",
        "a": "2",
    }
    indi = checked(bridgescore.load_event(DATA / "pbn" / "ruter_indi.pbn"))
    assert indi.agrees
    assert indi.comparison.total == 3120  # 744 lines x 4 figures, 48 players x 3
    assert choose_conventions("Magic Contest 4.7", "mp").policy == "magic-contest"


@pytest.mark.parametrize(
    ("name", "total"), [("ruter_sm2.pbn", 2916), ("magic_contest_test_set.pbn", 2596)]
)
def test_one_session_of_a_longer_event_is_checked_on_its_session_figures(
    name: str, total: int
) -> None:
    found = checked(bridgescore.load_event(DATA / "pbn" / name))
    assert found.agrees
    assert found.comparison.total == total


def test_score_event_narrows_to_the_kind_expected() -> None:
    event = bridgescore.load_event(EBUSCORE)
    ranked = score_event(event, expect=PairsResult)
    assert (ranked.standings[0].pair, ranked.standings[0].field) == ("15", "all")
    with pytest.raises(bridgescore.BridgeError, match="a pairs event, not the kind asked for"):
        score_event(event, expect=TeamsResult)


def test_a_misspelt_option_is_a_type_error() -> None:
    """``mypy --strict`` catches ``expeted=3`` in every call that takes options one by one
    (the TypedDict behind ``**asked``); the run-time error is tested in test_options."""
    from mypy import api

    snippet = (
        "from bridgescore.events.model import Event\n"
        "from bridgescore.events.options import DEFAULT_OPTIONS\n"
        "from bridgescore.events.scoring import options_for, score_event\n"
        "from bridgescore.events.selfcheck import checked\n"
        "def f(event: Event) -> None:\n"
        "    score_event(event, expeted=3)\n"
        "    options_for(event, polcy='ebu')\n"
        "    checked(event, feild='one')\n"
        "    DEFAULT_OPTIONS.but(scale='wbf')\n"
        "    score_event(event, policy='ebu', field='one')\n"
    )
    out, _err, status = api.run(["--config-file", os.devnull, "--strict", "-c", snippet])
    assert status == 1
    wrong = [line for line in out.splitlines() if "error:" in line]
    assert {line.split(":")[1] for line in wrong} == {"6", "7", "8", "9"}, out  # not line 10
    for name in ("expeted", "polcy", "feild", "scale"):
        assert any(f'"{name}"' in line for line in wrong), out


def test_board_percentages_alone_are_never_taken_for_points(tmp_path: Path) -> None:
    """A table that writes only each line's board percentage (``Percentage_NS``, as KoPS
    and JFR publish) is read as percentages and compared as percentages."""
    from bridgescore.events.model import Published
    from bridgescore.io import pbn

    event = bridgescore.load_event(
        Path(__file__).resolve().parents[2] / "examples" / "pairs-mitchell.csv"
    )
    result = score_event(event, expect=PairsResult)
    line_of = {id(line.row): line for t in result.travellers for line in t.lines}
    figures = [
        Published(ns_percent=line_of[id(row)].ns_percent, ew_percent=line_of[id(row)].ew_percent)
        for row in event.results.rows
    ]
    path = tmp_path / "percentages.pbn"
    pbn.dump(pbn.from_event(event, points=figures), path)
    text = path.read_text(encoding="utf-8")
    assert "Percentage_NS" in text
    assert "MP_NS" not in text
    read = bridgescore.load_event(path)
    assert all(p is not None and p.ns_points is None for p in read.published)
    written = {
        (r.board, r.ns, r.ew): f.ns_percent
        for r, f in zip(event.results.rows, figures, strict=False)
    }
    back = {
        (r.board, r.ns, r.ew): p.ns_percent if p else None
        for r, p in zip(read.results.rows, read.published, strict=False)
    }
    assert back == written
    counts = checked(read).comparison.counts()
    assert set(counts) == {"ns_percent", "ew_percent"}
    assert counts["ns_percent"] == (len(figures), len(figures))


def test_options_given_whole_are_only_compared() -> None:
    """``options=``: no program's conventions, no search; the line says so."""
    from bridgescore.events.options import ScoringOptions

    event = bridgescore.load_event(DATA / "usebio" / "sample.xml")  # the manual method's file
    found = checked(event, options=ScoringOptions(policy="ebu"))
    assert found.tried == 1
    assert found.options.matchpoint_policy == "ebu"
    assert found.comparison.agree < found.comparison.total
    assert (
        found.describe().startswith(
            "scored with the options given: matchpoint policy ebu; no conventions tried"
        )
        is False
    )
    assert found.describe().startswith(
        "scored with the options given: matchpoint policy ebu; the file's own figures:"
    )


def test_a_session_a_program_set_up_is_scored_on_its_scale() -> None:
    """A Bridgemate file ACBLscore set up is run in the web app at 1 a beat; others at the
    european scale."""
    from bridgescore.events.conventions import session_scoring
    from bridgescore.events.vocabulary import Scoring

    assert session_scoring("ACBLscore") is Scoring.ACBL
    assert session_scoring("") is Scoring.MATCHPOINTS
    assert session_scoring("EBUScore Pairs 1.2.20") is Scoring.MATCHPOINTS


def test_a_difference_is_written_with_the_readers_decimal_separator() -> None:
    # board 8 of the EBUScore file: 29.81 MP for North-South (Neuberg), 29 without it
    found = checked(bridgescore.load_event(EBUSCORE), policy="manual")
    first = found.comparison.differences[0]
    where = f"({EBUSCORE}"
    assert difference(first).render() == (
        f"board 8, 4 v 13 North-South's points: ours 29.0, the file's 29.81 {where}, line 1023)"
    )
    assert difference(first).render(words("fi").gettext) == (
        f"brikka 8, 4 – 13 PE:n pisteet: meillä 29,0, tiedostossa 29,81 {where}, rivi 1023)"
    )
    assert difference(first).render(words("es").gettext) == (
        "estuche 8, 4 contra 13 puntos de NS: nuestro 29,0, el del archivo 29,81"
        f" {where}, línea 1023)"
    )
