"""The movement a field's results show it played (``movement_played``, issue 28): rounds,
tables, pairs, boards and sit-outs as the results say them, the declarations that follow
from them, and the results that cannot be one movement's refused with the round and table,
in English, Finnish and Spanish."""

from __future__ import annotations

import pytest

from bridgescore.events.model import Location
from bridgescore.events.movements import howell, late, mitchell
from bridgescore.events.movements.fit import seatings
from bridgescore.events.movements.model import Movement, MovementError, MovementKind, Round, Table
from bridgescore.events.movements.played import PlayedAt, movement_played
from bridgescore.events.movements.sections import Section, SectionedMovement
from bridgescore.i18n import words


def _played(movement: Movement) -> list[PlayedAt]:
    return [PlayedAt(s.round, s.table, s.ns, s.ew, s.board) for s in seatings(movement)]


@pytest.mark.parametrize("built", [mitchell(5, 2), howell(5, 2)])
def test_every_result_of_a_movement_gives_the_movement_back(built: Movement) -> None:
    found = movement_played(reversed(_played(built)))
    assert [[(t.table, t.ns, t.ew, t.boards) for t in r.tables] for r in found.rounds] == [
        [(t.table, t.ns, t.ew, t.boards) for t in r.tables] for r in built.rounds
    ]
    assert found.problems() == []


def test_a_mitchell_s_pairs_keep_their_lines_a_howell_s_do_not() -> None:
    assert movement_played(_played(mitchell(5, 2))).kind is MovementKind.MITCHELL
    assert movement_played(_played(howell(5, 2))).kind is MovementKind.HOWELL


def test_what_the_results_show_is_declared() -> None:
    # three pairs, two tables: pair 3 sits out round 1; round 2 has board 2 at both tables
    # (a shared board), pairs 1 and 2 meet again in round 2, and board 1 is played once,
    # board 2 three times (factored)
    found = movement_played(
        [
            PlayedAt(1, 1, "1", "2", 1),
            PlayedAt(1, 1, "1", "2", 2),
            PlayedAt(2, 1, "2", "1", 2),
            PlayedAt(2, 2, "3", "4", 2),
        ]
    )
    assert found.rounds == (
        Round((Table(1, "1", "2", (1, 2)),), sit_outs=("3", "4")),
        Round((Table(1, "2", "1", (2,)), Table(2, "3", "4", (2,)))),
    )
    assert (found.kind, found.shared, found.factored, found.meet_once) == (
        MovementKind.HOWELL, frozenset({2}), True, False
    )  # fmt: skip


UNDER_70 = [
    "pair 1NS is scheduled for 4 of the 6 boards in use, fewer than 70 %",
    "pair 2EW is scheduled for 4 of the 6 boards in use, fewer than 70 %",
]
"""A 3-table Mitchell that pair 2EW leaves after round 2: it, and 1NS whom it was to meet
in round 3, play 4 of the 6 boards."""


def test_the_70_percent_rule_is_for_planning_not_for_results_played() -> None:
    """A pair that left plays fewer boards: a movement planned so is refused (the EBU's
    70 % rule), the one its results show played is not, alone or as a section."""
    planned = late.pair_leaves(mitchell(3, 2), "2EW", 3)
    assert [str(p) for p in planned.problems()] == UNDER_70
    found = movement_played(_played(planned))
    assert [p.code for p in found.problems()] == ["under-70-percent", "under-70-percent"]
    assert found.problems(played=True) == []
    field = SectionedMovement((Section("A", mitchell(3, 2)), Section("B", found)))
    assert [str(p) for p in field.problems()] == [f"section B: {said}" for said in UNDER_70]
    assert field.problems(played=True) == []


def test_a_movement_played_is_still_held_to_the_rules_its_results_need() -> None:
    """A pair that plays a board twice cannot be scored on it: refused, with the round and
    the table, in a movement played as in one planned."""
    found = movement_played(
        [
            PlayedAt(1, 1, "1NS", "1EW", 1),
            PlayedAt(1, 2, "2NS", "2EW", 2),
            PlayedAt(2, 1, "1NS", "2EW", 1),
            PlayedAt(2, 2, "2NS", "1EW", 2),
        ]
    )
    assert [p.code for p in found.problems(played=True)] == ["board-twice", "board-twice"]
    assert [str(p) for p in found.problems(played=True)] == [
        "round 2, table 1: pair 1NS plays board 1 again (first in round 1 at table 1)",
        "round 2, table 2: pair 2NS plays board 2 again (first in round 1 at table 2)",
    ]
    field = SectionedMovement((Section("A", found),))
    assert [str(p) for p in field.problems(played=True)] == [
        "section A: round 2, table 1: pair 1NS plays board 1 again (first in round 1 at table 1)",
        "section A: round 2, table 2: pair 2NS plays board 2 again (first in round 1 at table 2)",
    ]


FI, ES = words("fi").gettext, words("es").gettext


@pytest.mark.parametrize(
    ("played", "english", "finnish"),
    [
        (
            [PlayedAt(1, 1, "1NS", "1EW", 1), PlayedAt(1, 1, "2NS", "1EW", 2)],
            "round 1, table 1: the results seat pairs 1NS and 1EW there, and also pairs 2NS"
            " and 1EW",
            "kierros 1, pöytä 1: tulosten mukaan siinä pelaavat parit 1NS ja 1EW ja myös parit"
            " 2NS ja 1EW",
        ),
        (
            [PlayedAt(1, 1, "1NS", "1EW", 1), PlayedAt(1, 2, "1NS", "2EW", 2)],
            "round 1: pair 1NS has results at tables 1 and 2",
            "kierros 1: parilla 1NS on tuloksia pöydissä 1 ja 2",
        ),
        (
            [PlayedAt(3, 1, "1NS", "1EW", 1)],
            "no result of rounds 1-2 (the results' rounds go up to 3)",
            "kierroksilta 1-2 ei ole tuloksia (tulosten kierrokset ulottuvat 3. kierrokseen)",
        ),
        (  # the rounds missing said as ranges, however many
            [PlayedAt(n, 1, "1NS", "1EW", n) for n in (1, 5, 60)],
            "no result of rounds 2-4, 6-59 (the results' rounds go up to 60)",
            "kierroksilta 2-4, 6-59 ei ole tuloksia (tulosten kierrokset ulottuvat 60."
            " kierrokseen)",
        ),
        (
            [PlayedAt(1, 1, "1NS", "1EW", 1), PlayedAt(61, 1, "1NS", "1EW", 2)],
            "round 61, table 1: round out of range, a movement has at most 60 rounds",
            "kierros 61, pöytä 1: kierros on sallitun alueen ulkopuolella, kierrossa on"
            " enintään 60 kierrosta",
        ),
        (
            [PlayedAt(1, 301, "1NS", "1EW", 1)],
            "round 1, table 301: table out of range, a field has at most 300 tables",
            "kierros 1, pöytä 301: pöytä on sallitun alueen ulkopuolella, kilpailussa on"
            " enintään 300 pöytää",
        ),
        (
            [PlayedAt(2, 1, "1NS", "1EW", 1)],
            "no result of round 1 (the results' rounds go up to 2)",
            "kierrokselta 1 ei ole tulosta (tulosten kierrokset ulottuvat 2. kierrokseen)",
        ),
        (
            [],
            "no result names its round and table: there is no movement",
            "yksikään tulos ei kerro kierrostaan ja pöytäänsä: kiertoa ei ole",
        ),
        (
            [PlayedAt(1, 1, "1", "1", 1)],
            "round 1, table 1: pair 1 sits both North-South and East-West",
            "kierros 1, pöytä 1: pari 1 istuu sekä pohjois-etelä- että itä-länsi-suunnalla",
        ),
    ],
)
def test_results_that_are_no_movement_are_refused(
    played: list[PlayedAt], english: str, finnish: str
) -> None:
    with pytest.raises(MovementError) as raised:
        movement_played(played)
    assert str(raised.value) == english
    assert raised.value.translated(FI) == finnish
    assert raised.value.translated(ES).startswith(("ronda", "ningún"))


def test_an_absurd_round_or_table_is_refused_at_once_with_its_file_and_line() -> None:
    """A results file with one round or table of 10^9 (a typing slip, or a damaged file) is
    refused at that result, naming its file and line, before anything is built for it
    (the rounds from 1 to 10^9 were once a set of a thousand million numbers)."""
    where = Location("session.pbn", line=22).phrase
    played = [
        PlayedAt(1, 2, "2NS", "2EW", 1),
        PlayedAt(1_000_000_000, 1, "1NS", "1EW", 1, where),
        PlayedAt(2, 1, "1NS", "2EW", 2),
    ]
    with pytest.raises(MovementError) as raised:
        movement_played(played)
    assert str(raised.value) == (
        "session.pbn, line 22: round 1000000000, table 1: round out of range, a movement has"
        " at most 60 rounds"
    )
    assert raised.value.translated(FI) == (
        "session.pbn, rivi 22: kierros 1000000000, pöytä 1: kierros on sallitun alueen"
        " ulkopuolella, kierrossa on enintään 60 kierrosta"
    )
    at_table = [PlayedAt(1, 1_000_000_000, "1NS", "1EW", n, where) for n in (1, 2)]
    with pytest.raises(MovementError, match=r"^session\.pbn, line 22: round 1, table 1000000000:"
                       r" table out of range, a field has at most 300 tables$"):  # fmt: skip
        movement_played(at_table)
