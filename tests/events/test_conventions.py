"""Program conventions: which program a file names, which of its rules apply to a scoring,
version ranges, the user's options on top, and the one line that says what was applied."""

from __future__ import annotations

import pytest

from bridgescore.duplicate.imps import DuplicateError
from bridgescore.events.conventions import (
    PROGRAMS,
    Conventions,
    ProgramConventions,
    choose_conventions,
    converted_by,
    origin_program,
    program_conventions,
    version_of,
)


@pytest.mark.parametrize(
    ("program", "name"),
    [
        ("EBUScore Pairs 1.2.20", "EBUScore Pairs"),
        ("PairsScorer 7.2.93", "PairsScorer"),
        ("RealBridge 1.3.6", "RealBridge"),
        ("ScoreBridge 10.25.02", "ScoreBridge"),
        ("BriAn 213", "BriAn"),
        ("Compscore3 26-Jul-22", "Compscore"),
        ("Pianola 1.0", "Pianola"),
        ("Ruter 4.9.1.3", "Ruter"),
        ("Magic Contest France 4.13.3.4", "Magic Contest"),
        ("BBO Extractor 1.4.7/w2.0.3n", "BBO Extractor"),
        ("bridgescore 0.1.0 (from Ruter 4.9.1.3)", "Ruter"),
    ],
)
def test_programs_are_recognised(program: str, name: str) -> None:
    found = program_conventions(program)
    assert found is not None
    assert found.name == name


@pytest.mark.parametrize(
    "program", ["", "TeamsScorer 5.1.17", "BridgeComposer Version 5.114", "bridgescore 0.1.0"]
)
def test_unknown_programs_get_none(program: str) -> None:
    assert program_conventions(program) is None


def test_every_entry_has_sources() -> None:
    for entry in PROGRAMS:
        assert entry.sources, entry.name


def test_a_program_differs_by_scoring() -> None:
    magic = choose_conventions("Magic Contest 4.7", "butler")
    assert (magic.options.factoring, magic.policy) == ("boards", "wbf")
    assert choose_conventions("Magic Contest 4.7", "mp").options.factoring == "policy"
    ruter = choose_conventions("Ruter 4.3.2.2", "cross-imps")
    assert (ruter.cross_imps, ruter.policy) == ("total", "ruter")
    teams = choose_conventions("RealBridge 1.3.6", "imps")
    assert teams.options.incomplete == "skip"


def test_versions_are_a_half_open_range() -> None:
    entry = ProgramConventions(
        "Example", r"example", Conventions(policy="ebu"), versions=((2, 1), (3,))
    )
    assert entry.matches("Example 2.1")
    assert entry.matches("Example 2.9.9")
    assert not entry.matches("Example 2.0.9")
    assert not entry.matches("Example 3.0")
    assert not entry.matches("Example")  # no version: a ranged entry does not apply
    assert version_of(" 4.9.1.3") == (4, 9, 1, 3)
    assert version_of("none") is None


def test_the_users_options_go_on_top_and_none_turns_them_off() -> None:
    asked = choose_conventions("Ruter 4.9.1.3", "mp", {"policy": "ebu"})
    assert asked.policy == "ebu"
    assert asked.describe() == (
        "scored as Ruter 4.9.1.3 scores (the file names it): matchpoint policy ebu,"
        " as asked: policy ebu"
    )
    off = choose_conventions("Ruter 4.9.1.3", "cross-imps", {"policy": "none"})
    assert (off.entry, off.cross_imps, off.policy) == (None, "average", "wbf")
    assert off.describe() == (
        "scored with bridgescore's defaults (--policy none): cross-IMPs averaged over the"
        " comparisons"
    )
    acbl = choose_conventions("", "acbl")
    assert acbl.policy == "acbl"
    assert acbl.describe() == (
        "scored with bridgescore's defaults (the file names no program): matchpoint policy acbl"
    )


def test_bad_options_are_refused() -> None:
    with pytest.raises(DuplicateError, match="'sum': not a way of totalling cross-IMPs; use"):
        choose_conventions("", "cross-imps", {"cross_imps": "sum"})
    with pytest.raises(DuplicateError, match="'both': not a field; use auto, one, directions"):
        choose_conventions("", "mp", {"field": "both"})
    with pytest.raises(DuplicateError, match="not a convention option: scale"):
        choose_conventions("", "mp", {"scale": "x"})


def test_a_converted_file_names_the_program_whose_figures_it_holds() -> None:
    assert converted_by("0.1.0", "Ruter 4.9.1.3") == "bridgescore 0.1.0 (from Ruter 4.9.1.3)"
    again = converted_by("0.2.0", "bridgescore 0.1.0 (from Ruter 4.9.1.3)")
    assert again == "bridgescore 0.2.0 (from Ruter 4.9.1.3)"
    assert converted_by("0.1.0", "") == "bridgescore 0.1.0"
    assert converted_by("0.1.0", "bridgescore 0.1.0") == "bridgescore 0.1.0"
    assert origin_program("bridgescore 0.1.0 (from Compscore3 26-Jul-22)") == (
        "Compscore3 26-Jul-22"
    )


def test_the_json_form_names_everything_applied() -> None:
    data = choose_conventions("Pianola 1.0", "cross-imps").as_dict()
    assert data == {
        "program": "Pianola 1.0",
        "known_program": "Pianola",
        "kind": "pairs",
        "scoring": "cross-imps",
        "laws": "2017",
        "imp_table": "1962",
        "vp_scale": "wbf",
        "policy": "wbf",
        "butler": "drop-1",
        "cross_imps": "average",
        "imp_totals": "sum",
        "mp_scale": "top",
        "entrants": "all",
        "factoring": "field",
        "field": "auto",
        "incomplete": "raise",
        "sections": "auto",
        "given": [],
        "found": [],
        "description": "scored as Pianola 1.0 scores (the file names it): short totals scaled"
        " to the most boards played",
    }


def test_ruter_imp_totals_per_board() -> None:
    """Ruter 4.7 writes cross-IMP totals per board and comparison (``IMP;Cross2``) and ranks
    one list; Ruter 4.3.2.2 (``IMP;Cross``) writes sums; butler totals are per board."""
    assert choose_conventions("Ruter 4.7", "cross-imps").options.imp_totals.value == "per-board"
    assert choose_conventions("Ruter 4.7", "cross-imps").options.field.value == "one"
    assert choose_conventions("Ruter 4.3.2.2", "cross-imps").options.imp_totals.value == "sum"
    assert choose_conventions("Ruter 4.3.2.2", "butler").describe() == (
        "scored as Ruter 4.3.2.2 scores (the file names it): totals in IMPs per board, field one"
    )
    asked = choose_conventions("Ruter 4.7", "cross-imps", {"imp_totals": "sum"})
    assert asked.options.imp_totals.value == "sum"
    assert asked.given == ("imp-totals sum",)
