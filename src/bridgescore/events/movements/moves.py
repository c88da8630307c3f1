"""Where a table's pairs and boards go at the end of a round, read from the movement's own
rounds (never from a rule of thumb about the movement's kind), as a table's phone or a
guide card says it: "North-South stay at table 3", "East-West go to table 4", "boards go
to table 2".

:func:`moves_after` works for any movement: a Mitchell (with its skip, its relay and bye
stand, its half table), a Howell (pairs changing direction, sitting out), a team's rooms;
the last round says that nobody moves.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum

from bridgescore.errors import marked as _
from bridgescore.events.movements.boards import boards_phrase
from bridgescore.events.movements.fit import table_in
from bridgescore.events.movements.model import Movement, MovementError, Table


class Direction(StrEnum):
    """Where a pair sits at its table."""

    NS = "NS"
    EW = "EW"

    @property
    def words(self) -> str:
        return "North-South" if self is Direction.NS else "East-West"

    def __repr__(self) -> str:
        return f"Direction.{self.name}"


@dataclass(frozen=True, slots=True)
class PairMove:
    """One pair of the table: where it sat this round and where it plays the next.

    ``table`` is ``None`` when the pair sits out the next round, or when there is none
    (the last round); ``direction`` is then ``None`` too."""

    pair: str
    sat: Direction
    table: int | None
    direction: Direction | None

    def phrase(self, here: int, next_round: int | None) -> str:
        """``North-South stay at table 3``, ``East-West go to table 4 and sit
        North-South``, ``East-West sit out round 5``; empty after the last round."""
        who = self.sat.words
        if next_round is None:
            return ""
        if self.table is None or self.direction is None:
            return f"{who} sit out round {next_round}"
        verb = "stay at" if self.table == here else "go to"
        turned = "" if self.direction is self.sat else f" and sit {self.direction.words}"
        return f"{who} {verb} table {self.table}{turned}"


@dataclass(frozen=True, slots=True)
class BoardMove:
    """The table's boards after the round: the tables that play them next round (more
    than one when a set is shared), or on the relay (bye) stand, or not played next
    round (``later``: the round and tables that play them next, if any; none: every table
    that plays them has)."""

    boards: tuple[int, ...]
    tables: tuple[int, ...]
    relay: bool = False
    later: tuple[int, tuple[int, ...]] | None = None

    def phrase(self, next_round: int | None) -> str:
        """``boards go to table 2``, ``boards go to tables 1 and 8``, ``boards go to the
        relay stand``, ``boards are not played in round 2 (then at table 4 in round 3)``,
        ``boards are finished``; empty after the last round."""
        if next_round is None:
            return ""
        if self.tables:
            return f"boards go to {_tables_text(self.tables)}"
        if self.relay:
            return "boards go to the relay stand"
        if self.later is not None:
            then, tables = self.later
            return (
                f"boards are not played in round {next_round}"
                f" (then at {_tables_text(tables)} in round {then})"
            )
        return "boards are finished"


def _tables_text(tables: tuple[int, ...]) -> str:
    shown = [str(t) for t in tables]
    if len(shown) == 1:
        return f"table {shown[0]}"
    return "tables " + ", ".join(shown[:-1]) + " and " + shown[-1]


@dataclass(frozen=True, slots=True)
class Moves:
    """What happens at the end of ``round`` at ``table``: where its North-South and
    East-West pairs go, where its boards go, and who plays at the table next round
    (``next``, ``None`` when the table is empty then or after the last round)."""

    round: int
    table: int
    ns: PairMove
    ew: PairMove
    boards: BoardMove
    next: Table | None
    last: bool

    @property
    def next_round(self) -> int | None:
        return None if self.last else self.round + 1

    def phrases(self) -> tuple[str, ...]:
        """What to say, one line each: the North-South pair, the East-West pair, the
        boards; or that the session is over after the last round."""
        if self.last:
            return (f"round {self.round} was the last round: nobody moves",)
        return (
            self.ns.phrase(self.table, self.next_round),
            self.ew.phrase(self.table, self.next_round),
            self.boards.phrase(self.next_round),
        )

    def next_phrase(self) -> str:
        """The next round at this table: ``round 2: 1NS v 7EW, boards 4-6``."""
        if self.last:
            return ""
        if self.next is None:
            return f"round {self.round + 1}: nobody plays at table {self.table}"
        return (
            f"round {self.round + 1}: {self.next.ns} v {self.next.ew},"
            f" {boards_phrase(self.next.boards)}"
        )


def _seat_of(movement: Movement, round_no: int, pair: str) -> tuple[int, Direction] | None:
    for seat in movement.rounds[round_no - 1].tables:
        if seat.ns == pair:
            return seat.table, Direction.NS
        if seat.ew == pair:
            return seat.table, Direction.EW
    return None


def _pair_move(movement: Movement, next_round: int | None, pair: str, sat: Direction) -> PairMove:
    seat = None if next_round is None else _seat_of(movement, next_round, pair)
    if seat is None:
        return PairMove(pair, sat, None, None)
    return PairMove(pair, sat, seat[0], seat[1])


def _tables_playing(
    movement: Movement, round_no: int, boards: set[int], among: Collection[int] | None
) -> tuple[int, ...]:
    return tuple(
        sorted(
            t.table
            for t in movement.rounds[round_no - 1].tables
            if boards & set(t.boards) and (among is None or t.table in among)
        )
    )


def _board_move(
    movement: Movement,
    following: int | None,
    boards: tuple[int, ...],
    among: Collection[int] | None = None,
) -> BoardMove:
    if following is None:
        return BoardMove(boards, ())
    wanted = set(boards)
    tables = _tables_playing(movement, following, wanted, among)
    if tables:
        return BoardMove(boards, tables)
    if wanted & set(movement.rounds[following - 1].relay):
        return BoardMove(boards, (), relay=True)
    for later in range(following + 1, len(movement.rounds) + 1):
        found = _tables_playing(movement, later, wanted, among)
        if found:
            return BoardMove(boards, (), later=(later, found))
    return BoardMove(boards, ())


def moves_after(
    movement: Movement,
    round_no: int,
    table: int,
    *,
    among: Collection[int] | None = None,
    last_round: int | None = None,
) -> Moves:
    """Where ``table``'s pairs and boards go after round ``round_no`` (1-based), read
    from the movement's next round: a :class:`MovementError` when the movement has no
    such round, or the table does not play in it. ``among``: the tables its boards may go
    to (its section's, when the sections play the same deals, each with its own copy of
    the boards); every table when ``None``. ``last_round``: the last round those tables
    play, when the caller knows it (:func:`last_round_of` walks the whole movement)."""
    if isinstance(round_no, bool) or not isinstance(round_no, int):
        raise MovementError(_("round must be a whole number, got {round!r}", round=round_no))
    if not 1 <= round_no <= len(movement.rounds):
        raise MovementError(
            _(
                "the movement has no round {round} (it has {rounds})",
                round=round_no,
                rounds=len(movement.rounds),
            )
        )
    seat = table_in(movement, round_no, table)
    if seat is None:
        raise MovementError(
            _("the movement has no table {table} in round {round}", table=table, round=round_no)
        )
    if last_round is None:
        last_round = len(movement.rounds) if among is None else last_round_of(movement, among)
    last = round_no >= last_round
    following = None if last else round_no + 1
    return Moves(
        round=round_no,
        table=table,
        ns=_pair_move(movement, following, seat.ns, Direction.NS),
        ew=_pair_move(movement, following, seat.ew, Direction.EW),
        boards=_board_move(movement, following, seat.boards, among),
        next=None if following is None else table_in(movement, following, table),
        last=last,
    )


def last_round_of(movement: Movement, tables: Collection[int]) -> int:
    """The last round in which one of ``tables`` plays: a section's last round, in a field
    in sections (which may play different numbers of rounds); 0 when none plays."""
    among = set(tables)
    return max(
        (
            number
            for number, rnd in enumerate(movement.rounds, start=1)
            if any(seat.table in among for seat in rnd.tables)
        ),
        default=0,
    )


__all__ = ["BoardMove", "Direction", "Moves", "PairMove", "last_round_of", "moves_after"]
