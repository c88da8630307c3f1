"""Results tied to the movement they were played in.

A result may name its round and table (and leave the pairs to the movement), or its
pairs (and leave the round and table out): either way :func:`place_result` finds
where the movement seats it, or says why it does not fit. :func:`missing_results`
lists what the movement schedules and no result gives, for the director to chase.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.movements.boards import board_text
from bridgescore.events.movements.model import Movement, Table
from bridgescore.events.movements.teams import RoundRobin


@dataclass(frozen=True, slots=True)
class Seating:
    """Where a movement has a board played: round, table, the pairs."""

    round: int
    table: int
    ns: str
    ew: str
    board: int

    def __str__(self) -> str:
        return f"round {self.round}, table {self.table}: {self.ns} v {self.ew}, board {self.board}"


@dataclass(frozen=True, slots=True)
class Placed:
    """The seating a result fits, or the reason it does not (exactly one is set)."""

    seating: Seating | None = None
    error: Message | None = None


def table_in(movement: Movement, round_no: int, table: int) -> Table | None:
    """The table ``table`` in round ``round_no`` (1-based), or ``None`` if there is none."""
    if not 1 <= round_no <= len(movement.rounds):
        return None
    return next((t for t in movement.rounds[round_no - 1].tables if t.table == table), None)


def seatings(movement: Movement) -> tuple[Seating, ...]:
    """Every board the movement schedules, where and by whom, in round and table order."""
    return tuple(
        Seating(number, tbl.table, tbl.ns, tbl.ew, board)
        for number, rnd in enumerate(movement.rounds, start=1)
        for tbl in rnd.tables
        for board in tbl.boards
    )


def pair_id(movement: Movement, text: str, direction: str) -> str:
    """The movement's id for a pair a results file names: the id itself, or a bare
    number that names the movement's ``3NS``/``3EW`` pair of that direction."""
    pairs = set(movement.pairs)
    if text in pairs:
        return text
    suffixed = f"{text}{direction}"
    return suffixed if suffixed in pairs else text


def place_result(
    movement: Movement,
    board: int,
    *,
    round_no: int | None = None,
    table: int | None = None,
    ns: str | None = None,
    ew: str | None = None,
) -> Placed:
    """Where the movement seats one result: by round and table, or by its pairs."""
    if round_no is not None and table is not None:
        seat = table_in(movement, round_no, table)
        if seat is None:
            if not 1 <= round_no <= len(movement.rounds):
                return Placed(
                    error=_(
                        "the movement has no round {round} (it has {rounds})",
                        round=round_no,
                        rounds=len(movement.rounds),
                    )
                )
            return Placed(
                error=_(
                    "the movement has no table {table} in round {round}",
                    table=table,
                    round=round_no,
                )
            )
        if board not in seat.boards:
            values: dict[str, object] = {"board": board, "table": table, "round": round_no}
            plays = board_text(seat.boards)
            if "," in plays or "-" in plays:
                return Placed(
                    error=_(
                        "board {board} is not played at table {table} in round {round}"
                        " (it plays boards {boards})",
                        boards=plays,
                        **values,
                    )
                )
            return Placed(
                error=_(
                    "board {board} is not played at table {table} in round {round}"
                    " (it plays board {boards})",
                    boards=plays,
                    **values,
                )
            )
        for direction, given, scheduled in (("NS", ns, seat.ns), ("EW", ew, seat.ew)):
            if given is not None and pair_id(movement, given, direction) != scheduled:
                values = {
                    "table": table,
                    "round": round_no,
                    "pair": scheduled,
                    "given": given,
                }
                if direction == "NS":
                    return Placed(
                        error=_(
                            "NS at table {table} in round {round} is pair {pair} in the"
                            " movement, not {given}",
                            **values,
                        )
                    )
                return Placed(
                    error=_(
                        "EW at table {table} in round {round} is pair {pair} in the"
                        " movement, not {given}",
                        **values,
                    )
                )
        return Placed(Seating(round_no, table, seat.ns, seat.ew, board))
    if ns is None or ew is None:
        return Placed(error=_("a result names its round and table, or both its pairs"))
    ns_id, ew_id = pair_id(movement, ns, "NS"), pair_id(movement, ew, "EW")
    for seating in seatings(movement):
        if seating.board == board and (seating.ns, seating.ew) == (ns_id, ew_id):
            if round_no is not None and seating.round != round_no:
                break
            return Placed(seating)
    if round_no is not None:
        return Placed(
            error=_(
                "pairs {ns} (NS) and {ew} (EW) do not play board {board} in round {round}"
                " in the movement",
                ns=ns,
                ew=ew,
                board=board,
                round=round_no,
            )
        )
    return Placed(
        error=_(
            "pairs {ns} (NS) and {ew} (EW) do not play board {board} in the movement",
            ns=ns,
            ew=ew,
            board=board,
        )
    )


def missing_results(
    movement: Movement | RoundRobin, played: Iterable[tuple[int, str, str]]
) -> tuple[Seating, ...]:
    """The seatings no result gives; ``played`` holds (board, NS, EW) of each result. For
    a round robin, each board of each match in both rooms."""
    have = set(played)
    every = team_seatings(movement) if isinstance(movement, RoundRobin) else seatings(movement)
    return tuple(s for s in every if (s.board, s.ns, s.ew) not in have)


def team_seatings(robin: RoundRobin) -> tuple[Seating, ...]:
    """Every board a round robin schedules, in both rooms: the home team NS in the open
    room and EW in the closed room (``table`` is the match's place in its round)."""
    return tuple(
        Seating(number, place, ns, ew, board)
        for number, rnd in enumerate(robin.rounds, start=1)
        for place, match in enumerate(rnd.matches, start=1)
        for board in match.boards
        for ns, ew in ((match.home, match.away), (match.away, match.home))
    )


def place_team_result(
    robin: RoundRobin, board: int, *, ns: str, ew: str, round_no: int | None = None
) -> Placed:
    """Where a round robin has two teams play a board (in either room)."""
    for number, rnd in enumerate(robin.rounds, start=1):
        if round_no is not None and number != round_no:
            continue
        for place, match in enumerate(rnd.matches, start=1):
            if {match.home, match.away} == {ns, ew} and board in match.boards:
                return Placed(Seating(number, place, ns, ew, board))
    if round_no is not None:
        return Placed(
            error=_(
                "teams {ns} and {ew} do not play board {board} in round {round} in the round robin",
                ns=ns,
                ew=ew,
                board=board,
                round=round_no,
            )
        )
    return Placed(
        error=_(
            "teams {ns} and {ew} do not play board {board} in the round robin",
            ns=ns,
            ew=ew,
            board=board,
        )
    )


__all__ = [
    "Placed",
    "Seating",
    "missing_results",
    "pair_id",
    "place_result",
    "seatings",
    "table_in",
]
