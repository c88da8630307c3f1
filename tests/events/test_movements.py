"""Movements: generated ones are proved sound; hand-made bad ones give exactly their problems."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgescore.events.movements as movements_package
from bridgescore.errors import BridgeError
from bridgescore.events.movements import (
    MOST_TABLES,
    Movement,
    MovementError,
    MovementKind,
    Round,
    Table,
    howell,
    mitchell,
)
from bridgescore.i18n import words


@pytest.mark.parametrize("tables", range(2, 31))
def test_every_mitchell_is_sound(tables: int) -> None:
    movement = mitchell(tables, 2)
    assert movement.problems() == []
    assert len(movement.pairs) == 2 * tables


def test_full_even_mitchell_declares_its_revenge_round() -> None:
    movement = mitchell(4, 2, rounds=4)
    assert movement.revenge_rounds == frozenset({4})
    assert movement.problems() == []


@pytest.mark.parametrize("tables", range(2, MOST_TABLES + 1))
def test_every_howell_is_sound_and_complete(tables: int) -> None:
    movement = howell(tables, 3)
    assert movement.problems() == []
    assert len(movement.rounds) == 2 * tables - 1
    pairs = movement.pairs
    met = {frozenset((t.ns, t.ew)) for r in movement.rounds for t in r.tables}
    assert len(met) == len(pairs) * (len(pairs) - 1) // 2


def test_howell_balance_has_a_summary() -> None:
    balance = howell(4, 2).balance()
    assert 0.0 < balance.score <= 1.0
    comparison = balance.get("1", "2")
    assert comparison.same + comparison.opposite + comparison.against > 0


def _bad() -> Movement:
    return Movement(
        kind=MovementKind.MITCHELL,
        rounds=(
            Round(
                tables=(
                    Table(1, "1NS", "1EW", (1, 2)),
                    Table(2, "2NS", "1EW", (1, 2)),
                )
            ),
            Round(
                tables=(
                    Table(1, "1NS", "2NS", (3, 4)),
                    Table(1, "3NS", "1EW", (1, 2)),
                )
            ),
        ),
    )


def test_bad_movement_gives_exactly_its_problems() -> None:
    assert [str(p) for p in _bad().problems()] == [
        "round 1, table 2: pair 1EW is in two places: EW at table 1, EW at table 2",
        "round 1, table 2: boards 1-2 at tables 1, 2 (sharing not declared)",
        "round 1, table 2: pair 1EW plays boards 1-2 again (first in round 1 at table 1)",
        "round 2, table 1: NS seat holds pairs 1NS, 3NS",
        "round 2, table 1: EW seat holds pairs 2NS, 1EW",
        "round 2, table 1: NS pair 1NS meets NS pair 2NS in a Mitchell",
        "round 2, table 1: pair 1EW plays boards 1-2 again (first in round 1 at table 1)",
        "boards 3-4 played fewer times than the others (3) and factoring is not declared",
        "pair 1EW is scheduled for 2 of the 4 boards in use, fewer than 70 %",
        "pair 3NS is scheduled for 2 of the 4 boards in use, fewer than 70 %",
    ]


def test_meeting_twice_and_unequal_sets() -> None:
    movement = Movement(
        kind=MovementKind.OTHER,
        rounds=(
            Round(tables=(Table(1, "A", "B", (1,)), Table(2, "C", "D", (2,)))),
            Round(tables=(Table(1, "A", "B", (3,)),), sit_outs=("C", "D")),
        ),
    )
    problems = movement.problems()
    assert [(p.code, p.round, p.table) for p in problems] == [
        ("meet-twice", 2, 1),
        ("under-70-percent", None, None),
        ("under-70-percent", None, None),
        ("under-70-percent", None, None),
        ("under-70-percent", None, None),
    ]
    assert "pairs A and B meet again (first in round 1 at table 1)" in str(problems[0])


def test_sharing_and_factoring_when_declared() -> None:
    rounds = (Round(tables=(Table(1, "A", "B", (1,)), Table(2, "C", "D", (1,)))),)
    assert [p.code for p in Movement(MovementKind.OTHER, rounds).problems()] == [
        "board-at-two-tables"
    ]
    assert Movement(MovementKind.OTHER, rounds, shared=frozenset({1})).problems() == []


@pytest.mark.parametrize("movement", [mitchell(5, 3), mitchell(6, 2), howell(3, 2), _bad()])
def test_json_round_trips(movement: Movement) -> None:
    assert Movement.from_json(movement.to_json()) == movement
    assert eval(repr(movement), vars(movements_package)) == movement


def test_json_form_names_rounds_and_sit_outs() -> None:
    data = json.loads(mitchell(3, 2).to_json())
    assert data["kind"] == "mitchell"
    assert data["rounds"][0][0] == {"table": 1, "ns": "1NS", "ew": "1EW", "boards": [1, 2]}
    text = json.dumps({"kind": "other", "rounds": [[{"sit_out": "X"}]]})
    assert Movement.from_json(text).rounds[0].sit_outs == ("X",)


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"kind": "howl", "rounds": []}, "'howl'"),
        ({"kind": "other", "rounds": [[], [{"table": 3, "ns": "A", "ew": 7}]]}, "round 2, table 3"),
        (
            {"kind": "other", "rounds": [[{"table": 1, "ns": "A", "ew": "B", "boards": ["x"]}]]},
            "field 'boards'",
        ),
        ({"kind": "other", "rounds": [[{"table": 0}]]}, "round 1, field 'table'"),
    ],
)
def test_bad_json_names_the_place(data: object, where: str) -> None:
    with pytest.raises(BridgeError, match=where):
        Movement.from_json(json.dumps(data))


def test_generators_reject_bad_sizes() -> None:
    with pytest.raises(MovementError, match="tables"):
        mitchell(1, 2)
    with pytest.raises(MovementError, match="rounds"):
        mitchell(4, 2, rounds=5)
    with pytest.raises(MovementError, match="at most"):
        howell(MOST_TABLES + 1, 2)


@settings(max_examples=60, deadline=None)
@given(
    tables=st.integers(min_value=2, max_value=16),
    boards=st.integers(min_value=1, max_value=4),
    data=st.data(),
)
def test_curtailed_mitchells_never_clash(tables: int, boards: int, data: st.DataObject) -> None:
    rounds = data.draw(st.integers(min_value=1, max_value=tables))
    movement = mitchell(tables, boards, rounds=rounds)
    codes = {p.code for p in movement.problems()}
    assert codes <= {"under-70-percent"}
    assert ("under-70-percent" in codes) == (10 * rounds < 7 * tables)
    assert Movement.from_json(movement.to_json()) == movement


def test_a_table_beyond_the_fields_limit_is_refused_on_reading() -> None:
    data = json.loads(mitchell(3, 2).to_json())
    data["rounds"][1][2]["table"] = 10**9
    with pytest.raises(MovementError) as refused:
        Movement.from_json(json.dumps(data))  # before any table of it is built
    assert str(refused.value) == (
        "round 2, field 'table': table 1000000000 is beyond the 300 tables a field may have"
    )
    assert refused.value.translated(words("fi").gettext) == (
        "kierros 2, kenttä 'table': pöytä 1000000000 ylittää kilpailun enimmäismäärän, 300 pöytää"
    )
    assert refused.value.translated(words("es").gettext) == (
        "ronda 2, campo 'table': la mesa 1000000000 supera las 300 mesas que puede tener un campo"
    )
    data["rounds"][1][2]["table"] = 300  # the limit itself is a table number
    assert Movement.from_json(json.dumps(data)).rounds[1].tables[2].table == 300
