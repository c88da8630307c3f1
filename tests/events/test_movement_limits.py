"""The size limits of a movement asked for by spec or by field: each at its limit builds
sound, one beyond is refused at once with the limit named, before anything is built."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.cli.main import cli
from bridgescore.errors import BridgeInputError
from bridgescore.events.movements import MovementError
from bridgescore.events.movements.limits import (
    MOST_BOARDS,
    MOST_BOARDS_PER_ROUND,
    MOST_PAIRS,
    MOST_ROUNDS,
    MOST_TABLES_IN_A_HOWELL,
    MOST_TABLES_IN_A_MOVEMENT,
    MovementTooLargeError,
)
from bridgescore.events.movements.spec import KINDS, MovementSpec, OptionValue, build, spec_of
from bridgescore.events.movements.suggest import suggest

DOCS = Path(__file__).parents[2] / "docs" / "movements.md"
suggesting = importlib.import_module("bridgescore.events.movements.suggest")


def test_the_limits_are_generous_for_a_club_or_a_congress_section() -> None:
    assert (MOST_TABLES_IN_A_MOVEMENT, MOST_TABLES_IN_A_HOWELL, MOST_PAIRS) == (60, 20, 120)
    assert (MOST_BOARDS_PER_ROUND, MOST_ROUNDS, MOST_BOARDS) == (16, 60, 128)


@pytest.mark.parametrize(
    ("text", "rounds", "boards"),
    [
        ("mitchell:60x2", 59, 120),  # the most tables (the web app's sixty-table load test)
        ("mitchell:60x2:relay", MOST_ROUNDS, 120),  # the most rounds
        ("mitchell:60x2:missing=ew:switch", 59, 120),
        ("web:60x2", 59, 118),
        ("appendix:60x2", 58, 116),
        ("hesitation:59x2", MOST_ROUNDS, 120),
        ("howell:13x5", 25, 125),  # the Howell's most tables
        ("howell:13x5:pairs=25", 25, 125),
        ("howell:2x16", 3, 48),  # the most boards a round
        ("mitchell:8x16", 7, MOST_BOARDS),  # the most boards in all
        ("howell:13x6:rounds=15", 15, 90),  # a cut-short Howell: 15 sets, counted as built
    ],
)
def test_a_movement_at_the_limits_is_built_sound(text: str, rounds: int, boards: int) -> None:
    movement = build(text)
    assert movement.problems() == []
    assert (len(movement.rounds), len(movement.boards)) == (rounds, boards)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("mitchell:61x2", "at most 60 tables in a movement: 61 asked"),
        ("mitchell:400x40", "at most 60 tables in a movement: 400 asked"),
        ("web:62x2", "at most 60 tables in a movement: 62 asked"),
        ("appendix:61x1", "at most 60 tables in a movement: 61 asked"),
        ("hesitation:61x1", "at most 60 tables in a movement: 61 asked"),
        ("howell:21x2", "at most 20 tables in a Howell: 21 asked"),
        ("howell:2x17", "at most 16 boards a round in a movement: 17 asked"),
        ("hesitation:60x2", "at most 60 rounds in a movement: 61 asked"),
        ("mitchell:8x2:rounds=61", "at most 60 rounds in a movement: 61 asked"),
        ("mitchell:43x3", "at most 128 boards in a movement: 129 asked"),
        ("howell:13x6", "at most 128 boards in a movement: 150 asked"),
        ("web:60x3:rounds=43", "at most 128 boards in a movement: 129 asked"),
    ],
)
def test_a_spec_beyond_a_limit_is_refused_when_parsed(text: str, says: str) -> None:
    with pytest.raises(MovementTooLargeError) as caught:
        MovementSpec.parse(text)  # parsing builds nothing: refused before any work
    assert str(caught.value) == f"movement {text!r}: {says}"
    assert isinstance(caught.value, MovementError | BridgeInputError | ValueError)


def test_a_spec_made_from_its_parts_is_refused_when_built() -> None:
    with pytest.raises(MovementTooLargeError, match="at most 60 tables in a movement: 400"):
        spec_of("mitchell", 400, 40).build()


def test_a_cut_short_howell_is_counted_as_built() -> None:
    spec = MovementSpec.parse("howell:13x9:rounds=15")  # its sets: only building tells
    with pytest.raises(MovementTooLargeError) as caught:
        spec.build()
    assert str(caught.value) == (
        "movement 'howell:13x9:rounds=15': at most 128 boards in a movement: 135 asked"
    )


def test_a_number_of_thousands_of_digits_is_refused_unread() -> None:
    with pytest.raises(MovementTooLargeError, match="is beyond every size limit"):
        MovementSpec.parse("mitchell:" + "9" * 5000 + "x2")
    with pytest.raises(MovementError, match="needs a whole number"):
        MovementSpec.parse("mitchell:8x2:rounds=" + "9" * 5000)
    with pytest.raises(MovementError, match="needs a whole number"):
        MovementSpec.parse("mitchell:8x2:rounds=²")  # a digit Python cannot read as a number


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from(sorted(KINDS)),
    tables=st.integers(2, 40),
    boards=st.integers(1, 3),
    rounds=st.none() | st.integers(1, 40),
    extra=st.sampled_from([{}, {"relay": True}, {"missing": "ns"}, {"switch": True}]),
)
def test_each_kind_works_out_its_size_as_it_builds(
    kind: str, tables: int, boards: int, rounds: int | None, extra: dict[str, OptionValue]
) -> None:
    found = KINDS[kind]
    options: dict[str, OptionValue] = dict(extra) if kind == "mitchell" else {}
    if rounds is not None and any(o.name == "rounds" for o in found.options):
        if kind == "howell" and tables > 8:
            return  # a large cut-short Howell is searched for: too slow for examples
        options["rounds"] = rounds
    try:
        movement = found.build(tables, boards, options)
    except MovementError:
        return
    worked_out, sets = found.size(tables, options)
    assert worked_out == len(movement.rounds)
    if sets is not None:
        assert sets * boards == len(movement.boards)


def test_suggest_at_the_limits() -> None:
    found = suggest(8, MOST_BOARDS)
    assert found
    for s in found:
        assert s.movement.problems() == []
        assert len(s.movement.boards) <= MOST_BOARDS
    assert [s.spec for s in suggest(MOST_PAIRS, 24)] == []  # 60 tables: none meets 70 %


@pytest.mark.parametrize(
    ("pairs", "boards", "says"),
    [
        (MOST_PAIRS + 1, 24, "at most 120 pairs in a movement: 121 asked"),
        (400, 400, "at most 120 pairs in a movement: 400 asked"),
        (24, MOST_BOARDS + 1, "at most 128 boards in a movement: 129 asked"),
    ],
)
def test_suggest_beyond_a_limit_is_refused_before_any_work(
    pairs: int, boards: int, says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_work(pairs: int, boards: int) -> list[MovementSpec]:
        raise AssertionError("a candidate was looked for")

    monkeypatch.setattr(suggesting, "_candidates", no_work)
    with pytest.raises(MovementTooLargeError) as caught:
        suggest(pairs, boards)
    assert str(caught.value) == says


def test_no_candidate_beyond_the_limits_is_tried() -> None:
    for spec in suggesting._candidates(MOST_PAIRS, MOST_BOARDS):
        spec.check_limits()
        assert spec.boards_per_round <= MOST_BOARDS_PER_ROUND


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["movement", "show", "mitchell:400x40"], "at most 60 tables in a movement: 400 asked"),
        (
            ["movement", "suggest", "--pairs", "400", "--boards", "400"],
            "at most 120 pairs in a movement: 400 asked",
        ),
    ],
)
def test_the_command_line_refuses_in_one_line(args: list[str], says: str) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("bridgescore: error: ")
    assert says in result.stderr
    assert "Traceback" not in result.output


def test_the_docs_list_the_limits() -> None:
    text = DOCS.read_text(encoding="utf-8")
    table = text.split("## Size limits", 1)[1].split("```", 1)[0]
    rows = dict(re.findall(r"^\| (.+?) \| (\d+) \|", table, re.M))
    assert rows == {
        "tables": str(MOST_TABLES_IN_A_MOVEMENT),
        "tables of a Howell": str(MOST_TABLES_IN_A_HOWELL),
        "pairs (`suggest`)": str(MOST_PAIRS),
        "boards a round": str(MOST_BOARDS_PER_ROUND),
        "rounds": str(MOST_ROUNDS),
        "boards in all (and boards asked of `suggest`)": str(MOST_BOARDS),
    }
