"""Where a table's pairs and boards go after a round, held to the movements' own rounds:
Mitchells (odd, with the skip, with the relay and bye stand, with a half table), Howells
(pairs turning round, sitting out, boards on the relay), and the last round."""

from __future__ import annotations

import pytest

from bridgescore.events.movements import Movement, MovementError, howell, mitchell
from bridgescore.events.movements.fit import table_in
from bridgescore.events.movements.moves import (
    BoardMove,
    Direction,
    Moves,
    PairMove,
    moves_after,
)
from bridgescore.events.movements.spec import build


def _where(movement: Movement, round_no: int, pair: str) -> tuple[int, str] | None:
    """Where ``pair`` sits in round ``round_no``, read straight from the movement."""
    for seat in movement.rounds[round_no - 1].tables:
        if pair in (seat.ns, seat.ew):
            return seat.table, "NS" if seat.ns == pair else "EW"
    return None


def test_an_odd_mitchell_ew_up_one_table_boards_down_one() -> None:
    movement = build("mitchell:7x3")
    moves = moves_after(movement, 1, 3)
    here, after = movement.rounds[0], movement.rounds[1]
    assert (here.tables[2].ns, here.tables[2].ew) == ("3NS", "3EW")
    assert _where(movement, 2, "3NS") == (3, "NS")
    assert _where(movement, 2, "3EW") == (4, "EW")
    assert after.tables[1].boards == here.tables[2].boards == (7, 8, 9)  # at table 2 next
    assert moves == Moves(
        round=1,
        table=3,
        ns=PairMove("3NS", Direction.NS, 3, Direction.NS),
        ew=PairMove("3EW", Direction.EW, 4, Direction.EW),
        boards=BoardMove((7, 8, 9), (2,)),
        next=after.tables[2],
        last=False,
    )
    assert moves.phrases() == (
        "North-South stay at table 3",
        "East-West go to table 4",
        "boards go to table 2",
    )
    assert moves.next_phrase() == "round 2: 3NS v 2EW, boards 10-12"
    # round the corner: the last table's EW pair goes to table 1, its boards to table 6
    corner = moves_after(movement, 1, 7)
    assert (corner.ew.table, corner.boards.tables) == (1, (6,))
    assert _where(movement, 2, "7EW") == (1, "EW")


def test_a_skip_mitchell_ew_skip_a_table_after_half_the_rounds() -> None:
    movement = build("mitchell:8x3")  # 8 tables, 7 rounds: EW skip after round 4
    before_skip = moves_after(movement, 3, 3)
    at_skip = moves_after(movement, 4, 3)
    assert before_skip.ew.table == 4
    assert at_skip.ew.table == 5  # skips table 4
    pair = table_in(movement, 4, 3)
    assert pair is not None
    assert _where(movement, 5, pair.ew) == (5, "EW")
    assert at_skip.phrases()[1] == "East-West go to table 5"
    # the boards still go down one table
    assert at_skip.boards.tables == (2,)
    following = table_in(movement, 5, 2)
    assert following is not None
    assert following.boards == pair.boards


def test_a_relay_mitchell_shared_boards_and_the_bye_stand() -> None:
    movement = build("mitchell:8x3:relay")
    first, second = movement.rounds[0], movement.rounds[1]
    # table 5's boards go on the relay stand in round 2
    assert second.relay == first.tables[4].boards == (16, 17, 18)
    relay = moves_after(movement, 1, 5)
    assert relay.boards == BoardMove((16, 17, 18), (), relay=True)
    assert relay.phrases()[2] == "boards go to the relay stand"
    # table 2's boards are shared by tables 1 and 8 in round 2
    shared = moves_after(movement, 1, 2)
    assert [t.table for t in second.tables if t.boards == (4, 5, 6)] == [1, 8]
    assert shared.boards.tables == (1, 8)
    assert shared.phrases()[2] == "boards go to tables 1 and 8"
    # table 4 takes the boards off the relay: its own go down to table 3
    assert moves_after(movement, 1, 4).boards.tables == (3,)
    assert table_in(movement, 2, 4) == second.tables[3]
    assert second.tables[3].boards == first.relay


def test_a_howell_turns_pairs_round_and_sits_one_out() -> None:
    movement = howell(4, 2, pairs=7)  # 3 tables; pair r sits out in round r
    first = movement.rounds[0]
    assert [(t.table, t.ns, t.ew, t.boards) for t in first.tables] == [
        (1, "2", "7", (13, 14)),
        (2, "3", "6", (3, 4)),
        (3, "5", "4", (11, 12)),
    ]
    assert (first.sit_outs, movement.rounds[1].sit_outs) == (("1",), ("2",))
    one = moves_after(movement, 1, 1)
    assert one.ns == PairMove("2", Direction.NS, None, None)  # pair 2 sits out round 2
    assert one.ew == PairMove("7", Direction.EW, 2, Direction.EW)
    assert one.phrases() == (
        "North-South sit out round 2",
        "East-West go to table 2",
        "boards go to table 3",
    )
    three = moves_after(movement, 1, 3)
    assert (three.ns, three.ew) == (
        PairMove("5", Direction.NS, *_seat(movement, 2, "5")),
        PairMove("4", Direction.EW, *_seat(movement, 2, "4")),
    )
    assert three.phrases()[:2] == (
        "North-South stay at table 3 and sit East-West",
        "East-West go to table 2 and sit North-South",
    )
    # table 2's boards wait on the relay in round 2
    assert set(first.tables[1].boards) <= set(movement.rounds[1].relay)
    assert moves_after(movement, 1, 2).boards.relay


def _seat(movement: Movement, round_no: int, pair: str) -> tuple[int, Direction]:
    found = _where(movement, round_no, pair)
    assert found is not None
    return found[0], Direction(found[1])


def test_a_half_table_sits_out_and_its_boards_wait_a_round() -> None:
    movement = mitchell(4, 2, missing="ew")
    assert table_in(movement, 2, 1) is None  # 1NS meets the missing pair
    moves = moves_after(movement, 1, 1)
    assert moves.ns == PairMove("1NS", Direction.NS, None, None)
    assert moves.next is None
    assert moves.next_phrase() == "round 2: nobody plays at table 1"
    waiting = moves_after(movement, 1, 2)
    assert all(3 not in t.boards for t in movement.rounds[1].tables)
    assert waiting.boards == BoardMove((3, 4), (), later=(3, (4,)))
    assert waiting.phrases()[2] == "boards are not played in round 2 (then at table 4 in round 3)"


def test_after_the_last_round_nobody_moves() -> None:
    movement = build("mitchell:7x3:rounds=3")
    moves = moves_after(movement, 3, 5)
    assert moves.last
    assert (moves.ns.table, moves.ew.table, moves.boards.tables, moves.next) == (
        None,
        None,
        (),
        None,
    )
    assert moves.phrases() == ("round 3 was the last round: nobody moves",)
    assert moves.next_phrase() == ""


@pytest.mark.parametrize(
    ("spec", "round_no", "table", "says"),
    [
        ("mitchell:7x3", 0, 1, "the movement has no round 0 (it has 7)"),
        ("mitchell:7x3", 8, 1, "the movement has no round 8 (it has 7)"),
        ("mitchell:7x3", 1, 9, "the movement has no table 9 in round 1"),
    ],
)
def test_a_round_or_table_the_movement_has_not_is_an_error(
    spec: str, round_no: int, table: int, says: str
) -> None:
    with pytest.raises(MovementError) as caught:
        moves_after(build(spec), round_no, table)
    assert str(caught.value) == says


@pytest.mark.parametrize(
    "spec",
    ["mitchell:7x3", "mitchell:8x3", "mitchell:8x3:relay", "mitchell:9x3:switch",
     "howell:4x2:pairs=7", "howell:6x3", "appendix:11x3", "hesitation:7x3", "web:16x3:rounds=9"],
)  # fmt: skip
def test_every_move_of_every_round_is_the_movements_own(spec: str) -> None:
    movement = build(spec)
    for number in range(1, len(movement.rounds)):
        after = movement.rounds[number]
        for seat in movement.rounds[number - 1].tables:
            moves = moves_after(movement, number, seat.table)
            for move in (moves.ns, moves.ew):
                found = _where(movement, number + 1, move.pair)
                if found is None:
                    assert move.table is None
                    assert move.direction is None
                else:
                    assert (move.table, move.direction) == (found[0], Direction(found[1]))
            wanted = set(seat.boards)
            assert moves.boards.tables == tuple(
                sorted(t.table for t in after.tables if wanted & set(t.boards))
            )
            assert moves.boards.relay == (
                not moves.boards.tables and bool(wanted & set(after.relay))
            )
            assert moves.next == table_in(movement, number + 1, seat.table)
            assert all(moves.phrases())


def test_in_sections_playing_the_same_deals_boards_go_to_their_own_section_s_table() -> None:
    """Two Mitchells of three tables, A at the field's tables 1-3 and B at 4-6, the same
    deals: B2's boards (table 5) go down to B1 (table 4), not to A1 (table 1), which plays
    the same boards next round from section A's own copy."""
    from bridgescore.events.movements.sections import parse_sections
    from bridgescore.events.play import Plan

    _, field = parse_sections("mitchell:3x2 + mitchell:3x2")
    flat = field.flattened()
    assert moves_after(flat, 1, 5).boards.tables == (1, 4)  # the field alone cannot tell
    assert moves_after(flat, 1, 5, among={4, 5, 6}).boards.tables == (4,)
    plan = Plan.of(flat, field)
    assert plan.moves(1, 5).boards.tables == (4,)
    assert plan.moves(1, 2).boards.tables == (1,)
    assert Plan.of(flat).moves(1, 2).boards.tables == (1, 4)


def test_a_section_playing_fewer_rounds_ends_at_its_own_last_round() -> None:
    """A Mitchell of 3 tables (3 rounds) beside a Howell of 4 tables (7 rounds): the
    Mitchell's tables (the field's 1-3) are told after round 3 that nobody moves, the
    Howell's (4-7) only after round 7."""
    from bridgescore.events.movements.moves import last_round_of
    from bridgescore.events.movements.sections import parse_sections
    from bridgescore.events.play import Plan

    _, field = parse_sections("mitchell:3x2 + howell:4x3")
    flat = field.flattened()
    assert len(flat.rounds) == 7
    assert last_round_of(flat, {1, 2, 3}) == 3
    assert last_round_of(flat, {4, 5, 6, 7}) == 7
    assert last_round_of(flat, {99}) == 0
    assert moves_after(flat, 3, 1, among={1, 2, 3}).last
    assert not moves_after(flat, 3, 4, among={4, 5, 6, 7}).last
    plan = Plan.of(flat, field)
    assert [plan.last_round_at(t) for t in range(1, 8)] == [3, 3, 3, 7, 7, 7, 7]
    assert plan.moves(3, 2).last
    assert not plan.moves(3, 5).last


def test_a_plan_says_every_round_s_moves_as_the_movement_read_alone_does() -> None:
    """A plan hands :func:`moves_after` its tables' last round (worked out once) rather
    than letting it walk the movement again: every table's moves after every round of a
    field whose sections play 3 and 7 rounds are the same either way."""
    from bridgescore.events.movements.sections import parse_sections
    from bridgescore.events.play import Plan

    _, field = parse_sections("mitchell:3x2 + howell:4x3")
    flat = field.flattened()
    plan = Plan.of(flat, field)
    for number, rnd in enumerate(flat.rounds, start=1):
        for seat in rnd.tables:
            among = {1, 2, 3} if seat.table <= 3 else {4, 5, 6, 7}
            assert plan.moves(number, seat.table) == moves_after(
                flat, number, seat.table, among=among
            )
    assert moves_after(flat, 2, 1, among={1, 2, 3}, last_round=2).last  # as told
