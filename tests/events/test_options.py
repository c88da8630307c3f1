"""The one scoring request: ``ScoringOptions`` (each field a closed vocabulary or a
registered name, its default in one place), ``options_for`` (the file's program, then
what is asked), ``score_event(options=...)`` and the library's ``Rescorer``."""

from __future__ import annotations

import doctest
from dataclasses import replace
from pathlib import Path

import pytest

import bridgescore
from bridgescore.core import words
from bridgescore.duplicate.imps import DuplicateError
from bridgescore.errors import BridgeInputError
from bridgescore.events import conventions, options, penalties, rescoring
from bridgescore.events.model import Event
from bridgescore.events.options import (
    CrossImps,
    Factoring,
    Field,
    Incomplete,
    ScoringOptions,
)
from bridgescore.events.pairs import PairsResult
from bridgescore.events.rescoring import Rescorer
from bridgescore.events.scoring import options_for, score_event, score_with
from bridgescore.events.vocabulary import EventKind, Scoring

DATA = Path(__file__).parents[1] / "io" / "data"


@pytest.mark.parametrize("module", [words, options, conventions, penalties, rescoring])
def test_the_docstrings_examples_hold(module: object) -> None:
    failed, _ = doctest.testmod(module, raise_on_error=False)  # type: ignore[arg-type]
    assert failed == 0


def test_every_default_is_bridgescores() -> None:
    assert ScoringOptions().as_dict() == {
        "kind": "pairs",
        "scoring": "mp",
        "laws": "2017",
        "imp_table": "1962",
        "vp_scale": "wbf",
        "policy": "wbf",
        "butler": "drop-1",
        "cross_imps": "average",
        "imp_totals": "sum",
        "mp_scale": "top",
        "entrants": "all",
        "field": "auto",
        "factoring": "policy",
        "incomplete": "raise",
        "sections": "auto",
    }


@pytest.mark.parametrize(
    ("vocabulary", "text", "member"),
    [
        (Field, "Two", Field.DIRECTIONS),
        (Field, "mitchell", Field.DIRECTIONS),
        (Field, " HOWELL ", Field.ONE),
        (Factoring, "no", Factoring.NONE),
        (Factoring, "true", Factoring.FIELD),
        (Factoring, "Boards", Factoring.BOARDS),
        (CrossImps, "TOTAL", CrossImps.TOTAL),
        (Incomplete, "skip", Incomplete.SKIP),
    ],
)
def test_each_vocabulary_has_one_parser_with_its_aliases(
    vocabulary: type[words.Word], text: str, member: words.Word
) -> None:
    assert vocabulary.parse(text) is member


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"field": "three"}, "'three': not a field; use auto, one, directions"),
        ({"factoring": "half"}, "'half': not a factoring of short totals; use policy, none,"),
        ({"incomplete": "drop"}, "'drop': not a rule for a board with one room's result; use"),
        ({"scoring": "bam"}, "'bam': a pairs event is scored mp, acbl, butler or cross-imps"),
        ({"policy": "nowhere"}, "'nowhere': not a matchpoint policy; use wbf, magic-contest, ebu"),
        ({"vp_scale": "25"}, "'25' is not a victory-point scale"),
        ({"laws": "1066"}, "1066"),
        ({"imp_table": "2099"}, "2099"),
    ],
)
def test_a_wrong_option_names_itself_and_what_is_accepted(
    changes: dict[str, str], message: str
) -> None:
    with pytest.raises(BridgeInputError, match=message.replace("(", r"\(")):
        ScoringOptions().but(**changes)


def test_an_unknown_option_is_refused() -> None:
    with pytest.raises(DuplicateError, match="not a scoring option: scale"):
        ScoringOptions().but(scale="wbf")  # type: ignore[call-arg]  # mypy catches it too


def test_the_scoring_is_taken_as_it_applies_to_the_kind() -> None:
    assert ScoringOptions(kind=EventKind.TEAMS).scoring is Scoring.IMPS
    teams_bam = ScoringOptions(kind=EventKind.TEAMS, scoring=Scoring.BOARD_A_MATCH)
    assert teams_bam.scoring is Scoring.BOARD_A_MATCH
    pairs_imps = ScoringOptions().but(scoring="imps")
    assert pairs_imps.scoring is Scoring.CROSS_IMPS
    assert ScoringOptions().but(scoring="acbl").matchpoint_policy == "acbl"
    assert ScoringOptions().but(scoring="acbl", policy="ebu").matchpoint_policy == "ebu"


def _event(name: str) -> Event:
    return bridgescore.load_event(DATA / name)


def test_options_for_starts_from_the_files_program_then_what_is_asked() -> None:
    event = _event("usebio/payload_cross-imp-pairs.xml")
    chosen = options_for(event)
    assert (chosen.options.scoring, chosen.options.factoring) == ("cross-imps", "field")
    asked = options_for(event, factoring="none", cross_imps="total")
    assert (asked.options.factoring, asked.options.cross_imps) == ("none", "total")
    assert asked.given == ("cross-imps total", "factoring none")
    bare = options_for(event, conventions=None)
    assert bare.options.factoring is Factoring.POLICY
    assert bare.entry is None


@pytest.mark.parametrize(
    "name",
    [
        "usebio/00201600+002321.xml",
        "usebio/payload_cross-imp-pairs.xml",
        "usebio/butler_howell.xml",
        "usebio/payload_multiple-teams.xml",
        "pbn/ruter_sm1.pbn",
        "pbn/ruter_indi.pbn",
        "pbn/magic_contest_butler.pbn",
    ],
)
def test_one_request_gives_what_the_options_one_by_one_give(name: str) -> None:
    event = _event(name)
    chosen = options_for(event)
    assert score_event(event, options=chosen.options) == score_event(event)
    assert score_with(event, chosen.options) == score_event(event)


def test_options_and_options_one_by_one_are_not_mixed() -> None:
    event = _event("pbn/ruter_sm1.pbn")
    with pytest.raises(TypeError, match="either options or the options one by one"):
        score_event(event, options=ScoringOptions(), policy="ebu")


def test_the_policy_changes_the_figures_through_the_request() -> None:
    event = _event("usebio/00201600+002321.xml")  # EBUScore: 0.01 MP, halves up
    ebu = score_event(event)
    wbf = score_event(event, options=options_for(event).options.but(policy="wbf"))
    assert isinstance(ebu, PairsResult)
    assert isinstance(wbf, PairsResult)
    assert ebu != wbf


def test_the_rescorer_gives_score_with_s_figures_and_keeps_unchanged_boards() -> None:
    event = _event("usebio/mp_pairs_mitchell.xml")
    chosen = options_for(event).options
    rows = event.results.rows
    last = max(row.board for row in rows)
    without = replace(
        event, results=replace(event.results, rows=tuple(r for r in rows if r.board != last))
    )
    rescorer = Rescorer()
    before = rescorer.score(without, chosen)
    assert before == score_with(without, chosen)
    assert isinstance(before, PairsResult)
    was = {t.board: t for t in before.travellers}
    after = rescorer.score(event, chosen)
    assert after == score_with(event, chosen)
    assert isinstance(after, PairsResult)
    again = {t.board for t in after.travellers if t is not was.get(t.board)}
    assert again == {last}


def test_a_csv_scoring_line_that_names_no_scoring_is_located(tmp_path: Path) -> None:
    path = tmp_path / "night.csv"
    path.write_text("# scoring: chicago\nboard,ns,ew,contract,declarer,result\n1,1,2,3NT,N,=\n")
    with pytest.raises(BridgeInputError, match=r"night\.csv: the 'scoring' line: 'chicago': not a"):
        bridgescore.load_event(path)
