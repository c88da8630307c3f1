"""Late changes to a movement under way: a pair leaving, a late pair joining, two tables
changing places, each from a round on. Each gives the movement after the change (to be
proved by :meth:`Movement.problems` and shown before it is played) and
:func:`differences` says what it changes, table by table and round by round. The web
app's late changes ask these rules, of one movement or of one section's movement."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from bridgescore.core.notation import notated_pair
from bridgescore.errors import marked as _
from bridgescore.events.movements.model import Movement, MovementError, Round, Table


@dataclass(frozen=True, slots=True)
class SeatChange:
    """A table of a round played otherwise: its pairs and boards before and after
    (``None``: the table does not play that round)."""

    round: int
    table: int
    before: Table | None
    after: Table | None


@dataclass(frozen=True, slots=True)
class SitOutChange:
    """The pairs sitting out a round after the change, when they are not the same."""

    round: int
    sitting_out: tuple[str, ...]


Difference = SeatChange | SitOutChange


def differences(before: Movement, after: Movement) -> tuple[Difference, ...]:
    """What a change does, round by round: each table played otherwise (in table order),
    then the round's new sit-outs (sorted), if they changed."""
    found: list[Difference] = []
    for number in range(1, max(len(before.rounds), len(after.rounds)) + 1):
        old = before.rounds[number - 1] if number <= len(before.rounds) else None
        new = after.rounds[number - 1] if number <= len(after.rounds) else None
        old_tables = {t.table: t for t in old.tables} if old else {}
        new_tables = {t.table: t for t in new.tables} if new else {}
        for table in sorted(set(old_tables) | set(new_tables)):
            a, b = old_tables.get(table), new_tables.get(table)
            if a != b:
                found.append(SeatChange(number, table, a, b))
        old_out = set(old.sit_outs) if old else set()
        new_out = set(new.sit_outs) if new else set()
        if old_out != new_out:
            found.append(SitOutChange(number, tuple(sorted(new_out))))
    return tuple(found)


def check_round(movement: Movement, from_round: int) -> None:
    """A change's first round must be one of the movement's."""
    if not 1 <= from_round <= len(movement.rounds):
        raise MovementError(
            _("round {from_round}: the movement has rounds 1-{len}",
              from_round=from_round, len=len(movement.rounds))
        )  # fmt: skip


def renamed(movement: Movement, name: Callable[[str], str]) -> Movement:
    """The movement with every pair renamed by ``name`` (a section's pairs as the whole
    field names them, ``3NS`` as ``A3NS``, and back)."""
    rounds = tuple(
        Round(
            tuple(replace(t, ns=name(t.ns), ew=name(t.ew)) for t in rnd.tables),
            tuple(name(p) for p in rnd.sit_outs),
            rnd.relay,
        )
        for rnd in movement.rounds
    )
    return replace(movement, rounds=rounds)


def pair_leaves(movement: Movement, pair: str, from_round: int) -> Movement:
    """A pair leaves: from ``from_round`` on, its tables are not played, its opponents sit
    out and the boards of those tables go to the relay; scores are factored."""
    if pair not in movement.pairs:
        raise MovementError(_("there is no pair {pair!r} in the movement", pair=pair))
    check_round(movement, from_round)
    rounds = []
    for number, rnd in enumerate(movement.rounds, start=1):
        if number < from_round:
            rounds.append(rnd)
            continue
        kept = tuple(t for t in rnd.tables if pair not in (t.ns, t.ew))
        gone = [t for t in rnd.tables if pair in (t.ns, t.ew)]
        sit_outs = list(rnd.sit_outs)
        relay = list(rnd.relay)
        for seat in gone:
            sit_outs += [p for p in (seat.ns, seat.ew) if p not in sit_outs]
            relay += [b for b in seat.boards if b not in relay]
        if pair not in sit_outs:
            sit_outs.append(pair)
        rounds.append(replace(rnd, tables=kept, sit_outs=tuple(sit_outs), relay=tuple(relay)))
    return replace(movement, rounds=tuple(rounds), factored=True)


def pair_joins(
    movement: Movement, pair: str, from_round: int, earlier: Sequence[Movement] = ()
) -> Movement:
    """A pair arrives late: from ``from_round`` on it fills each round's sit-out, at the
    table missing from the round, with a set of boards not in play that round that
    neither pair is scheduled to play anywhere in the movement. A pair that left and comes
    back gets its seat back: the table it had with the sitting-out pair in that round in
    an ``earlier`` form of the movement (newest first)."""
    pair = pair.strip()
    check_round(movement, from_round)
    if not pair:
        raise MovementError(_("the late pair needs an id"))
    later = movement.rounds[from_round - 1 :]
    if any(pair in (t.ns, t.ew) for r in later for t in r.tables):
        raise MovementError(
            _("pair {pair!r} already plays in this session: give a new id", pair=pair)
        )
    sets = sorted({t.boards for r in movement.rounds for t in r.tables})
    played: dict[str, set[tuple[int, ...]]] = {}
    for rnd in movement.rounds:
        for seat in rnd.tables:
            for who in (seat.ns, seat.ew):
                played.setdefault(who, set()).add(seat.boards)
    given: set[tuple[int, ...]] = set(played.get(pair, set()))
    rounds = []
    filled = False
    for number, rnd in enumerate(movement.rounds, start=1):
        waiting = [p for p in rnd.sit_outs if p != pair]
        if number < from_round or not waiting:
            rounds.append(rnd)
            continue
        other = waiting[0]
        in_play = {b for t in rnd.tables for b in t.boards}
        used = {t.table for t in rnd.tables}
        back = _seat_before(earlier, number, {pair, other})
        if (
            back is not None
            and back.table not in used
            and back.boards not in given
            and not (set(back.boards) & in_play - movement.shared)
        ):  # a pair that left and comes back gets its seat back
            seat = back
        else:
            choices = [
                s
                for s in sets
                if s not in played.get(other, set())
                and s not in given
                and not (set(s) & in_play - movement.shared)
            ]
            if not choices:
                raise MovementError(
                    _("round {number}: no set of boards is free for pair {other} and pair {pair}",
                      number=number, other=notated_pair(other), pair=notated_pair(pair))
                )  # fmt: skip
            table = next(n for n in range(1, len(used) + 2) if n not in used)
            ns, ew = (pair, other) if other.upper().endswith("EW") else (other, pair)
            seat = Table(table, ns, ew, choices[0])
        given.add(seat.boards)
        rounds.append(
            replace(
                rnd,
                tables=tuple(sorted((*rnd.tables, seat), key=lambda t: t.table)),
                sit_outs=tuple(p for p in rnd.sit_outs if p not in (other, pair)),
                relay=tuple(b for b in rnd.relay if b not in seat.boards),
            )
        )
        filled = True
    if not filled:
        raise MovementError(
            _("no one sits out from round {from_round}: pair {pair} has no place",
              from_round=from_round, pair=notated_pair(pair))
        )  # fmt: skip
    # the boards of the rounds it missed are played once fewer: scores are factored
    return replace(movement, rounds=tuple(rounds), factored=movement.factored or from_round > 1)


def _seat_before(earlier: Sequence[Movement], number: int, pairs: set[str]) -> Table | None:
    """The table the two pairs had in that round in the newest earlier form that has one."""
    for movement in earlier:
        if number > len(movement.rounds):
            continue
        for seat in movement.rounds[number - 1].tables:
            if {seat.ns, seat.ew} == pairs:
                return seat
    return None


def tables_swapped(movement: Movement, first: int, second: int, from_round: int) -> Movement:
    """Two tables change places (their numbers swap) from ``from_round`` on: the pairs and
    boards of one are played at the other's number."""
    check_round(movement, from_round)
    numbers = {t.table for r in movement.rounds for t in r.tables}
    for table in (first, second):
        if table not in numbers:
            raise MovementError(_("there is no table {table} in the movement", table=table))
    if first == second:
        raise MovementError(_("choose two different tables"))
    swap = {first: second, second: first}
    rounds = []
    for number, rnd in enumerate(movement.rounds, start=1):
        if number < from_round:
            rounds.append(rnd)
            continue
        tables = tuple(
            sorted(
                (replace(t, table=swap.get(t.table, t.table)) for t in rnd.tables),
                key=lambda t: t.table,
            )
        )
        rounds.append(replace(rnd, tables=tables))
    return replace(movement, rounds=tuple(rounds))
