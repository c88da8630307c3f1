"""A suggested movement named as players name it, the usual one for the size first, and
its balance said as it applies (``bridgescore.events.movements.suggest``)."""

from __future__ import annotations

import pytest

from bridgescore.events.movements.suggest import (
    balance_said,
    is_usual,
    name_of,
    shortlist,
    suggest,
    two_winners,
)


def _named(pairs: int, boards: int) -> dict[str, str]:
    return {s.spec: str(name_of(s)) for s in suggest(pairs, boards)}


def test_each_kind_and_option_is_named_in_words() -> None:
    names = _named(14, 24)
    assert names["mitchell:7x3"] == "Mitchell, two winners, 7 tables"
    assert names["mitchell:7x3:switch"] == "Mitchell with an arrow switch, one winner, 7 tables"
    assert names["howell:7x2"] == "Howell, 7 tables"
    assert names["howell:7x2:rounds=12"] == "Howell, 7 tables, 12 rounds"
    assert names["hesitation:7x3"] == "Hesitation Mitchell, one winner, 7 tables"
    odd = _named(17, 24)
    assert odd["appendix:9x3"] == "Mitchell with an appendix table, two winners, 9 tables"
    assert odd["mitchell:9x3:missing=ew:rounds=8"] == (
        "Mitchell, two winners, 9 tables, 8 rounds, a half table: no East-West pair at the"
        " last table"
    )
    assert _named(8, 24)["mitchell:4x6:relay:switch"] == (
        "Mitchell with an arrow switch, one winner, 4 tables, a relay and a bye stand"
    )


def test_two_winners_exactly_when_no_pair_is_compared_across_the_lines() -> None:
    for suggestion in suggest(14, 24):
        crossed = suggestion.movement.balance().score > 0
        assert two_winners(suggestion) is (not crossed and suggestion.kind != "howell")


@pytest.mark.parametrize(
    ("pairs", "boards", "usual"),
    [(8, 24, "howell:4x3"), (12, 22, "howell:6x2"), (14, 24, "mitchell:7x3"),
     (20, 26, "mitchell:10x3")],
)  # fmt: skip
def test_the_usual_movement_for_the_size_comes_first(pairs: int, boards: int, usual: str) -> None:
    found = shortlist(suggest(pairs, boards))
    assert found[0].spec == usual
    assert is_usual(found[0])
    assert not any(is_usual(s) for s in found[1:] if s.kind == found[0].kind)


def test_a_field_split_into_sections_is_named_so() -> None:
    (split,) = [s for s in suggest(32, 24) if s.sections]
    assert str(name_of(split)) == "2 sections, each: Mitchell, two winners, 8 tables"
    assert not is_usual(split)
    (odd,) = [s for s in suggest(33, 24) if s.sections]
    assert str(name_of(odd)) == (
        "2 sections: Mitchell, two winners, 9 tables, a half table: no East-West pair at the"
        " last table; Mitchell, two winners, 8 tables"
    )


def test_the_balance_is_said_as_it_applies() -> None:
    offered = {s.spec: s for s in suggest(14, 24)}
    assert str(balance_said(offered["mitchell:7x3"])) == (
        "balance 0.00: two fields, each line its own winner"
    )
    assert str(balance_said(offered["howell:7x2"])) == (
        "balance 0.86 of 1: one field, higher is fairer"
    )
    perfect = {s.spec: s for s in suggest(8, 24)}["howell:4x3"]
    assert str(balance_said(perfect)) == ("balance 1.00: perfect, every two pairs compared alike")
