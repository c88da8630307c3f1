"""Late changes to a movement (issue 28): a pair leaving, a late pair joining, two tables
changing places, from a round on; what each changes; and a section of a field changed,
every table of the field keeping its number."""

from __future__ import annotations

import json

import pytest

from bridgescore.events.movements import late
from bridgescore.events.movements.model import MovementError, Table
from bridgescore.events.movements.sections import Section, SectionedMovement, sectioned
from bridgescore.events.movements.spec import build

# mitchell:3x2: NS stationary, EW up, boards down
#   round 1: 1NS v 1EW 1-2,  2NS v 2EW 3-4,  3NS v 3EW 5-6
#   round 2: 1NS v 3EW 3-4,  2NS v 1EW 5-6,  3NS v 2EW 1-2
#   round 3: 1NS v 2EW 5-6,  2NS v 3EW 1-2,  3NS v 1EW 3-4
THREE = build("mitchell:3x2")


def test_a_pair_leaving_leaves_its_tables_unplayed_and_its_opponents_out() -> None:
    left = late.pair_leaves(THREE, "2EW", 2)
    assert left.rounds[0] == THREE.rounds[0]
    assert left.rounds[1].tables == (
        Table(1, "1NS", "3EW", (3, 4)),
        Table(2, "2NS", "1EW", (5, 6)),
    )
    assert (left.rounds[1].sit_outs, left.rounds[1].relay) == (("3NS", "2EW"), (1, 2))
    assert left.rounds[2].tables == (
        Table(2, "2NS", "3EW", (1, 2)),
        Table(3, "3NS", "1EW", (3, 4)),
    )
    assert (left.rounds[2].sit_outs, left.rounds[2].relay) == (("1NS", "2EW"), (5, 6))
    assert left.factored
    assert late.differences(THREE, left) == (
        late.SeatChange(2, 3, Table(3, "3NS", "2EW", (1, 2)), None),
        late.SitOutChange(2, ("2EW", "3NS")),
        late.SeatChange(3, 1, Table(1, "1NS", "2EW", (5, 6)), None),
        late.SitOutChange(3, ("1NS", "2EW")),
    )


def test_a_late_pair_fills_the_sit_out_with_boards_neither_pair_plays() -> None:
    left = late.pair_leaves(THREE, "2EW", 2)
    joined = late.pair_joins(left, "9", 2)
    # round 2: 3NS waits and has played 5-6 and 3-4: 9 meets it at the free table 3 on 1-2;
    # round 3: 1NS waits, has played 1-2 and 3-4: 9 meets it at table 1 on 5-6
    assert joined.rounds[1].tables[2] == Table(3, "3NS", "9", (1, 2))
    assert (joined.rounds[1].sit_outs, joined.rounds[1].relay) == (("2EW",), ())
    assert joined.rounds[2].tables[0] == Table(1, "1NS", "9", (5, 6))
    assert joined.rounds[2].sit_outs == ("2EW",)
    assert joined.factored


def test_a_pair_that_left_and_comes_back_gets_its_seats_back() -> None:
    left = late.pair_leaves(THREE, "2EW", 2)
    back = late.pair_joins(left, "2EW", 2, earlier=[THREE])
    assert back.rounds == THREE.rounds


def test_a_late_pair_is_refused_what_the_movement_cannot_give() -> None:
    with pytest.raises(MovementError, match="no one sits out from round 2: pair 9 has no place"):
        late.pair_joins(THREE, "9", 2)
    with pytest.raises(MovementError, match="pair '1NS' already plays in this session"):
        late.pair_joins(THREE, "1NS", 1)
    with pytest.raises(MovementError, match="the late pair needs an id"):
        late.pair_joins(THREE, " ", 1)
    with pytest.raises(MovementError, match="round 4: the movement has rounds 1-3"):
        late.pair_leaves(THREE, "1NS", 4)
    with pytest.raises(MovementError, match="there is no pair '9NS' in the movement"):
        late.pair_leaves(THREE, "9NS", 1)


def test_two_tables_change_places_from_a_round_on() -> None:
    swapped = late.tables_swapped(THREE, 1, 3, 2)
    assert swapped.rounds[0] == THREE.rounds[0]
    assert swapped.rounds[1].tables == (
        Table(1, "3NS", "2EW", (1, 2)),
        Table(2, "2NS", "1EW", (5, 6)),
        Table(3, "1NS", "3EW", (3, 4)),
    )
    with pytest.raises(MovementError, match="choose two different tables"):
        late.tables_swapped(THREE, 1, 1, 2)
    with pytest.raises(MovementError, match="there is no table 4 in the movement"):
        late.tables_swapped(THREE, 1, 4, 2)


def test_pairs_are_renamed_as_a_field_names_them_and_back() -> None:
    named = late.renamed(THREE, lambda p: f"A{p}")
    assert named.rounds[1].tables[0] == Table(1, "A1NS", "A3EW", (3, 4))
    assert late.renamed(named, lambda p: p.removeprefix("A")) == THREE


def test_a_section_that_loses_its_last_table_keeps_its_numbers() -> None:
    field = sectioned([THREE, THREE])
    # 3NS leaves from round 1: section A plays tables 1 and 2 only
    changed = field.with_section("A", late.pair_leaves(THREE, "3NS", 1))
    assert changed.section("A").tables == 3
    assert changed.section("B") == field.section("B")
    assert (changed.field_table("B", 1), changed.table_label(4)) == (4, "B1")
    data = json.loads(changed.to_json())
    assert data["sections"][0]["tables"] == 3
    assert "tables" not in data["sections"][1]
    assert SectionedMovement.from_json(changed.to_json()) == changed
    # the last section may shrink: no section after it to renumber
    last = field.with_section("B", late.pair_leaves(THREE, "3NS", 1))
    assert last.section("B").tables == 2


def test_a_table_a_section_gains_is_numbered_after_the_field() -> None:
    half = build("mitchell:5x2:missing=ns")  # tables 1-4, EW 5 sitting out in round 1
    joined = late.pair_joins(half, "9", 1)
    assert joined.rounds[0].tables[4] == Table(5, "9", "5EW", (9, 10))
    field = sectioned([half, half])  # A1-A4 are tables 1-4, B1-B4 tables 5-8
    grown = field.with_section("A", joined)
    assert grown.added == (("A", 5),)
    assert (grown.field_table("A", 5), grown.table_label(9)) == (9, "A5")
    assert [grown.field_table("B", t) for t in (1, 4)] == [5, 8]  # B keeps its numbers
    assert [t.table for t in grown.flattened().rounds[0].tables] == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert grown.flattened().rounds[0].tables[8] == Table(9, "A9", "A5EW", (9, 10))
    data = json.loads(grown.to_json())
    assert (data["added"], data["sections"][0]["tables"]) == ([["A", 5]], 4)
    assert SectionedMovement.from_json(grown.to_json()) == grown
    # once a table is added, the last section's new table is numbered after it
    both = grown.with_section("B", joined)
    assert both.added == (("A", 5), ("B", 5))
    assert (both.field_table("B", 5), both.table_label(10)) == (10, "B5")
    # with none added, the last section's tables simply go on
    last = field.with_section("B", joined)
    assert (last.added, last.field_table("B", 5)) == ((), 9)
    assert "added" not in json.loads(last.to_json())


def test_a_table_beyond_a_section_s_block_must_be_added() -> None:
    half = build("mitchell:5x2:missing=ns")
    joined = late.pair_joins(half, "9", 1)
    with pytest.raises(MovementError, match="section A: table 5 is beyond the section's 4"):
        SectionedMovement((Section("A", joined, 4), Section("B", half)))
    with pytest.raises(MovementError, match="field 'added': table 3 of section A cannot be"):
        SectionedMovement((Section("A", half), Section("B", half)), added=(("A", 3),))


def test_a_section_s_tables_in_the_json_form_are_a_whole_number() -> None:
    data = json.loads(sectioned([THREE, THREE]).to_json())
    data["sections"][0]["tables"] = -1
    with pytest.raises(MovementError, match="section A, field 'tables': expected a whole"):
        SectionedMovement.from_json(json.dumps(data))
