"""A field in sections (issue 28): each section its own movement, lettered, flattened into
the one movement a session plays, proved section by section, stored as JSON."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.events.movements import howell
from bridgescore.events.movements.model import Movement, MovementError, Round, Table
from bridgescore.events.movements.sections import (
    Section,
    SectionedMovement,
    SectionSpan,
    parse_sections,
    read_movement,
    sectioned,
)
from bridgescore.i18n import words


def test_two_mitchells_of_eight_tables_are_one_field_of_sixteen() -> None:
    spec, field = parse_sections("mitchell:8x3+mitchell:8x3")
    assert spec == "mitchell:8x3 + mitchell:8x3"
    assert field.letters == ("A", "B")
    flat = field.flattened()
    assert len(flat.rounds) == len(field.sections[0].movement.rounds) == 7  # 8 tables: skip
    first = flat.rounds[0].tables
    assert [t.table for t in first] == list(range(1, 17))
    assert (first[0].ns, first[0].ew, first[0].boards) == ("A1NS", "A1EW", (1, 2, 3))
    assert (first[8].ns, first[8].ew, first[8].boards) == ("B1NS", "B1EW", (1, 2, 3))
    assert len(flat.pairs) == 32
    assert flat.shared == frozenset(range(1, 25))  # each section its own copy of every board
    assert flat.kind == "mitchell"
    assert not flat.factored
    assert flat.problems() == []
    assert field.problems() == []


def test_a_table_is_named_by_its_section_and_its_own_number() -> None:
    _spec, field = parse_sections("mitchell:8x3 + howell:5x3")
    assert [field.table_label(t) for t in (1, 8, 9, 13)] == ["A1", "A8", "B1", "B5"]
    assert field.table_of(10) == ("B", 2)
    assert field.field_table("B", 2) == 10
    assert field.section_of_pair("B3") == "B"
    assert field.section_of_pair("A3NS") == "A"
    with pytest.raises(MovementError, match=r"no table 14 in these sections \(tables 1-13\)"):
        field.table_of(14)
    with pytest.raises(MovementError, match=r"section B has no table 6 \(tables 1-5\)"):
        field.field_table("B", 6)
    with pytest.raises(MovementError, match=r"there is no section 'C' \(the sections are A, B\)"):
        field.section("C")


def test_each_section_spans_its_own_tables_and_rounds_of_the_field() -> None:
    # a 3-table Mitchell plays 3 rounds at tables 1-3; a 5-table one 5 rounds at 4-8
    _spec, field = parse_sections("mitchell:3x2 + mitchell:5x2")
    assert field.spans() == (
        SectionSpan("A", (1, 2, 3), 3),
        SectionSpan("B", (4, 5, 6, 7, 8), 5),
    )
    assert len(field.flattened().rounds) == 5


def test_a_mixed_field_keeps_each_sections_relay_and_declares_factoring() -> None:
    _spec, field = parse_sections("mitchell:8x3 + howell:5x3")
    flat = field.flattened()
    assert flat.kind == "other"
    # howell:5x3 plays 27 boards, the Mitchell 24: boards 25-27 are played only in B
    assert flat.factored
    assert flat.problems() == []
    howell_round = field.section("B").movement.rounds[0]
    # a board on B's relay that A's tables play is not on the field's relay
    assert set(flat.rounds[0].relay) == set(howell_round.relay) - set(range(1, 25))


def test_an_arrow_switched_mitchell_section_keeps_its_lines() -> None:
    _spec, field = parse_sections("mitchell:9x3:switch + mitchell:9x3")
    switched = [t for rnd in field.flattened().rounds for t in rnd.tables if t.ns.endswith("EW")]
    assert switched  # section A's EW pairs sit NS in some rounds
    assert field.flattened().problems() == []
    # without the section's letter read off, pair A1EW sitting NS would be a line of its own
    same_line = Movement(
        field.flattened().kind, (Round((Table(1, "A1NS", "B2NS", (1,)),)),)
    ).problems()
    assert [p.code for p in same_line] == ["same-line"]


def test_a_broken_section_is_said_with_its_letter_in_every_language() -> None:
    good = howell(3, 2)
    first = good.rounds[0]
    broken = Movement(
        good.kind,
        (
            Round((first.tables[0], Table(2, first.tables[0].ns, "6", first.tables[1].boards))),
            *good.rounds[1:],
        ),
        shared=good.shared,
    )
    field = sectioned([good, broken])
    problems = field.problems()
    assert problems
    said = str(problems[0])
    assert said.startswith("section B: round 1, table 2: pair ")
    assert "is in two places" in said
    assert problems[0].translated(words("fi").gettext).startswith("ryhmä B: kierros 1, pöytä 2")
    assert problems[0].translated(words("es").gettext).startswith("sección B: ronda 1, mesa 2")


def test_a_broken_sections_problems_name_pairs_and_tables_as_the_field_does() -> None:
    """Labelled, a section's problems name its pairs and tables with its letter, as the
    field's pages do (B6, table B2: a late change's preview beside its effect's lines),
    in the message and in front of it; unlabelled, by the section's own (6, table 2)."""
    good = howell(3, 2)
    first = good.rounds[0]
    broken = Movement(
        good.kind,
        (
            Round((first.tables[0], Table(2, first.tables[0].ns, "6", first.tables[1].boards))),
            *good.rounds[1:],
        ),
        shared=good.shared,
    )
    field = sectioned([good, broken])
    problems = field.problems(labelled=True)
    assert [str(p) for p in problems] == [
        "section B: round 1, table B2: pair B6 is in two places: NS at table B1, NS at table"
        " B2, EW at table B2",
        "section B: round 1, table B2: pair B6 plays boards 3-4 again (first in round 1 at"
        " table B2)",
        "section B: round 3, table B1: pair B6 plays board 3 again (first in round 1 at table B2)",
        "section B: round 4, table B1: pair B6 plays board 4 again (first in round 1 at table B2)",
        "section B: boards 5-6 played fewer times than the others (3) and factoring is not"
        " declared",
    ]
    assert problems[0].translated(words("fi").gettext) == (
        "ryhmä B: kierros 1, pöytä B2: pari B6 on kahdessa paikassa: PE pöydässä B1, PE"
        " pöydässä B2, IL pöydässä B2"
    )
    assert problems[0].translated(words("es").gettext) == (
        "sección B: ronda 1, mesa B2: la pareja B6 está en dos sitios: NS en la mesa B1, NS"
        " en la mesa B2, EO en la mesa B2"
    )
    assert str(field.problems()[0]) == (
        "section B: round 1, table 2: pair 6 is in two places: NS at table 1, NS at table 2,"
        " EW at table 2"
    )


def test_the_json_form_reads_back_to_an_equal_value() -> None:
    _spec, field = parse_sections("howell:4x2 + howell:3x2 + mitchell:5x2")
    text = field.to_json()
    assert json.loads(text)["kind"] == "sections"
    back = SectionedMovement.from_json(text)
    assert back == field
    assert back.flattened() == field.flattened()
    assert read_movement(json.loads(text)) == field
    single = howell(4, 2)
    assert read_movement(single.to_dict()) == single
    own = sectioned([single, single], same_boards=False)
    assert SectionedMovement.from_json(own.to_json()).same_boards is False


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "sections", "sections": []}, "field 'sections': expected a list of sections"),
        ({"kind": "sections", "sections": [5]}, "section 1: expected an object, got 5"),
        (
            {"kind": "sections", "sections": [{"letter": "AA", "movement": {}}]},
            "section 1, field 'letter': expected one of A to Z, got 'AA'",
        ),
        (
            {"kind": "sections", "same_boards": "yes", "sections": [
                {"letter": "A", "movement": howell(3, 2).to_dict()}]},
            "field 'same_boards': expected true or false, got 'yes'",
        ),
        (
            {"kind": "sections", "sections": [
                {"letter": "A", "movement": howell(3, 2).to_dict()},
                {"letter": "A", "movement": howell(3, 2).to_dict()}]},
            "section A is listed twice",
        ),
        (
            {"kind": "sections", "sections": [
                {"letter": "B", "movement": {"kind": "howell", "rounds": [[
                    {"table": 1, "ns": "", "ew": "2", "boards": [1]}]]}}]},
            "section B: round 1, table 1, field 'ns': pair id must be non-empty text, got ''",
        ),
        ({"kind": "howell"}, "a field in sections must be a JSON object of kind 'sections'"),
    ],
)  # fmt: skip
def test_a_bad_json_form_is_refused_with_where(data: object, message: str) -> None:
    with pytest.raises(MovementError) as caught:
        SectionedMovement.from_dict(data)
    assert str(caught.value).startswith(message)


def test_letters_and_specs_are_checked() -> None:
    with pytest.raises(MovementError, match="a section's letter must be one of A to Z, got 'a'"):
        Section("a", howell(3, 2))
    with pytest.raises(MovementError, match="a section's spec is empty"):
        parse_sections("mitchell:8x3 + ")
    with pytest.raises(MovementError, match="at most 26 sections, got 27"):
        sectioned([howell(3, 2)] * 27)
    with pytest.raises(MovementError, match="at most 300 tables in a field in sections: 360 asked"):
        parse_sections(" + ".join(["mitchell:60x2"] * 6))  # refused before any is built
    with pytest.raises(MovementError, match="at most 26 sections, got 27"):
        parse_sections("+".join(["howell:3x2"] * 27))
    with pytest.raises(MovementError, match="at least one section"):
        SectionedMovement(())


SPECS = ["howell:3x2", "howell:4x2", "howell:5x3:rounds=7", "mitchell:5x2", "mitchell:8x3",
         "mitchell:7x3:relay"]  # fmt: skip


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(SPECS), min_size=1, max_size=4))
def test_every_field_of_sound_sections_is_sound_and_numbers_back(specs: list[str]) -> None:
    _spec, field = parse_sections(" + ".join(specs))
    flat = field.flattened()
    assert field.problems() == []
    assert [p for p in flat.problems() if p.code != "under-70-percent"] == []
    tables = sorted({t.table for rnd in flat.rounds for t in rnd.tables})
    assert tables == list(range(1, sum(s.tables for s in field.sections) + 1))
    for table in tables:
        letter, own = field.table_of(table)
        assert field.field_table(letter, own) == table
    for number, rnd in enumerate(flat.rounds):
        for t in rnd.tables:
            letter, own = field.table_of(t.table)
            section = field.section(letter).movement.rounds[number]
            kept = next(x for x in section.tables if x.table == own)
            assert (t.ns, t.ew, t.boards) == (letter + kept.ns, letter + kept.ew, kept.boards)
    assert len(flat.pairs) == sum(len(s.movement.pairs) for s in field.sections)


def _field_data() -> dict[str, object]:
    data: dict[str, object] = parse_sections("mitchell:3x2 + howell:4x3")[1].to_dict()
    return data


def _refused_reading(data: object) -> MovementError:
    with pytest.raises(MovementError) as raised:
        SectionedMovement.from_json(json.dumps(data))
    return raised.value


def test_a_section_s_tables_beyond_the_field_s_limit_are_refused_on_reading() -> None:
    """``"tables": 1000000000`` on a section once passed reading and the check, then
    numbering the field's tables built a tuple of 10^9 numbers."""
    data = _field_data()
    sections = data["sections"]
    assert isinstance(sections, list)
    sections[0]["tables"] = 1_000_000_000
    refused = _refused_reading(data)
    assert str(refused) == (
        "section A, field 'tables': at most 300 tables in a field in sections, got 1000000000"
    )
    assert refused.translated(words("fi").gettext) == (
        "ryhmä A, kenttä 'tables': ryhmiin jaetussa kilpailussa enintään 300 pöytää,"
        " saatiin 1000000000"
    )
    assert refused.translated(words("es").gettext).startswith("sección A, campo 'tables':")
    sections[0]["tables"] = 300  # the field's limit for one section: read; the field's 304 not
    assert str(_refused_reading(data)) == "at most 300 tables in a field in sections: 304 asked"
    sections[0]["tables"] = 296
    assert [s.tables for s in SectionedMovement.from_json(json.dumps(data)).sections] == [296, 4]


def test_a_table_number_or_added_table_beyond_the_limit_is_refused_on_reading() -> None:
    data = _field_data()
    sections = data["sections"]
    assert isinstance(sections, list)
    sections[1]["movement"]["rounds"][0][0]["table"] = 1_000_000_000
    assert str(_refused_reading(data)) == (  # refused as its round is read, none built
        "section B: round 1, field 'table': table 1000000000 is beyond the 300 tables a field"
        " may have"
    )
    added = {**_field_data(), "added": [["A", 1_000_000_000]]}
    assert str(_refused_reading(added)) == (
        "field 'added': table 1000000000 of section A cannot be added"
    )


def test_one_section_of_a_field() -> None:
    field = parse_sections("mitchell:3x2 + howell:4x3")[1]
    only = field.only("B")
    assert only.letters == ("B",)
    assert only.sections[0] == field.section("B")
    assert only.spans() == (SectionSpan("B", (1, 2, 3, 4), 7),)
    with pytest.raises(MovementError) as raised:
        field.only("C")
    assert str(raised.value) == "there is no section 'C' (the sections are A, B)"
    assert raised.value.translated(words("fi").gettext) == ("ryhmää 'C' ei ole (ryhmät ovat A, B)")
