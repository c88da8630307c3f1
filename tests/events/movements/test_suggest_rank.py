"""``suggest`` ranks what a director would choose: no shared boards and no factoring
first, the form clubs play for the size (a Howell to 6 tables, a two-winner Mitchell
beyond), then balance, boards out of play, closeness to the boards asked; large fields
split into sections. ``best`` is ``suggest``'s first, found with less work."""

from __future__ import annotations

import pytest

from bridgescore.events.movements.suggest import Suggestion, best, rank, section_sizes, suggest


@pytest.mark.parametrize(
    ("pairs", "boards", "first"),
    [
        (8, 24, "howell:4x3"),
        (10, 24, "howell:5x3"),
        (12, 24, "howell:6x2"),
        (14, 24, "mitchell:7x3"),
        (16, 24, "mitchell:8x3"),
        (18, 24, "mitchell:9x3"),
        (20, 24, "mitchell:10x3"),
        (22, 24, "mitchell:11x2"),
        (26, 26, "mitchell:13x2"),
    ],
)
def test_the_first_suggestion_is_what_a_club_runs(pairs: int, boards: int, first: str) -> None:
    found = suggest(pairs, boards)
    assert found[0].spec == first
    assert not found[0].shared
    assert not found[0].factored


@pytest.mark.parametrize("pairs", [4, 5, 15, 16, 18, 20])
def test_no_shared_or_factored_movement_comes_first_when_a_clean_one_fits(pairs: int) -> None:
    found = suggest(pairs, 24)
    clean = [not (s.shared or s.factored) for s in found]
    assert any(clean)
    assert clean == sorted(clean, reverse=True)  # every clean one before every other


@pytest.mark.parametrize(
    ("pairs", "sections"),
    [
        (31, ("mitchell:8x3", "mitchell:8x3:missing=ns:relay")),
        (32, ("mitchell:8x3", "mitchell:8x3")),
        (36, ("mitchell:9x3", "mitchell:9x3")),
        (40, ("mitchell:10x3", "mitchell:10x3")),
        (42, ("mitchell:7x3", "mitchell:7x3", "mitchell:7x3")),
    ],
)
def test_a_large_field_is_split_into_sections(pairs: int, sections: tuple[str, ...]) -> None:
    first = suggest(pairs, 24)[0]
    assert first.sections == sections
    assert first.spec == sections[0]
    assert (first.tables, first.boards_per_round) == ((pairs + 1) // 2, 3)
    assert first.to_dict()["sections"] == list(sections)
    assert sum(len(s.movement.pairs) for s in (first,)) <= pairs


def test_sections_are_as_equal_as_can_be() -> None:
    assert section_sizes(33, 2) == (17, 16)
    assert section_sizes(60, 3) == (20, 20, 20)
    assert section_sizes(59, 3) == (20, 20, 19)


def test_the_list_is_in_rank_order_and_each_movement_once() -> None:
    for pairs, boards in ((9, 24), (14, 24), (17, 26), (33, 24)):
        found = suggest(pairs, boards)
        keys = [rank(s, boards) for s in found]
        assert keys == sorted(keys)
        singles = [s.movement for s in found if not s.sections]
        assert len(singles) == len(set(singles))


def _same(a: Suggestion | None, b: Suggestion | None) -> bool:
    if a is None or b is None:
        return a is b
    return (a.spec, a.sections, a.rounds, a.boards_in_play, a.boards_per_pair, a.balance) == (
        b.spec,
        b.sections,
        b.rounds,
        b.boards_in_play,
        b.boards_per_pair,
        b.balance,
    )


@pytest.mark.parametrize("boards", [20, 26])
def test_best_is_the_first_of_suggest(boards: int) -> None:
    for pairs in (*range(3, 24), 27, 29, 31, 34, 37, 45, 58):
        found = suggest(pairs, boards)
        assert _same(best(pairs, boards), found[0] if found else None), pairs


def test_the_cli_lists_the_sections_and_says_shared_and_factored() -> None:
    from click.testing import CliRunner

    from bridgescore.cli.main import cli

    def lines(pairs: int) -> list[str]:
        asked = ["movement", "suggest", "--pairs", str(pairs), "--boards", "24", "--all"]
        shown = CliRunner().invoke(cli, asked)
        assert shown.exit_code == 0, shown.output
        return list(shown.stdout.splitlines())

    large = lines(32)
    assert large[1].startswith("  mitchell:8x3 ")
    assert large[2] == "    in 2 sections, one movement each: mitchell:8x3 + mitchell:8x3"
    assert any(", boards shared;" in line for line in large)
    assert any(", factored;" in line for line in lines(19))
