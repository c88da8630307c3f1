"""The movement a field's results show it played: each result's round, table, pairs and
board, put back together as the rounds and tables of a :class:`Movement`.

A results file that names each result's round and table (a PBN ``[ScoreTable]`` with its
``Round`` and ``Table`` columns, a USEBIO ``TRAVELLER_LINE`` with its ``ROUND_NUMBER`` and
``TABLE_NUMBER``) says who sat where: a session started from it plays that movement, its
tables playing the boards their results show. Nothing is guessed: a table holding two
pairs in one round, a pair at two tables in one round, or a round in which no table plays
is refused, said with the round and table.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.movements.boards import board_text
from bridgescore.events.movements.limits import MOST_ROUNDS
from bridgescore.events.movements.model import Movement, MovementError, MovementKind, Round, Table
from bridgescore.events.movements.sections import MOST_TABLES_IN_A_FIELD


@dataclass(frozen=True, slots=True)
class PlayedAt:
    """One result's place: the round (from 1), the table, the pairs North-South and
    East-West, and the board; ``where``, the file and line it was read from (a refusal of
    its round or table names it), when it was read from one."""

    round: int
    table: int
    ns: str
    ew: str
    board: int
    where: Message | None = field(default=None, compare=False)


def movement_played(played: Iterable[PlayedAt]) -> Movement:
    """The movement the results show: every round from 1 to the last, each table with
    the pairs its results name and the boards it played; a pair of the field that sits at
    no table in a round sits out. What a sound schedule declares follows from the results:
    boards at two tables in one round are shared, boards played unequally often are
    factored, pairs meeting twice are a declared repeat, and a field whose every pair
    keeps its line (North-South or East-West) is a Mitchell, else a Howell.

    A :class:`MovementError` names the round and table of the first result that cannot
    be one movement's (a round or table out of range with the result's file and line,
    before anything is built for it: at most :data:`~.limits.MOST_ROUNDS` rounds and
    :data:`~.sections.MOST_TABLES_IN_A_FIELD` tables), or the rounds in which no table
    plays, as ranges (``4-60``)."""
    seats: dict[tuple[int, int], tuple[str, str]] = {}
    boards: dict[tuple[int, int], set[int]] = defaultdict(set)
    where: dict[tuple[int, str], int] = {}
    for at in played:
        _check_range(at)
        if at.ns == at.ew:
            raise MovementError(
                _(
                    "round {round}, table {table}: pair {pair} sits both North-South and East-West",
                    round=at.round,
                    table=at.table,
                    pair=at.ns,
                )
            )
        key = (at.round, at.table)
        seated = seats.setdefault(key, (at.ns, at.ew))
        if seated != (at.ns, at.ew):
            raise MovementError(
                _(
                    "round {round}, table {table}: the results seat pairs {ns} and {ew} there,"
                    " and also pairs {other_ns} and {other_ew}",
                    round=at.round,
                    table=at.table,
                    ns=seated[0],
                    ew=seated[1],
                    other_ns=at.ns,
                    other_ew=at.ew,
                )
            )
        for pair in (at.ns, at.ew):
            first = where.setdefault((at.round, pair), at.table)
            if first != at.table:
                raise MovementError(
                    _(
                        "round {round}: pair {pair} has results at tables {first} and {table}",
                        round=at.round,
                        pair=pair,
                        first=first,
                        table=at.table,
                    )
                )
        boards[key].add(at.board)
    if not seats:
        raise MovementError(_("no result names its round and table: there is no movement"))
    last = max(number for number, _table in seats)
    empty = sorted(set(range(1, last + 1)) - {number for number, _table in seats})
    if len(empty) == 1:
        raise MovementError(
            _(
                "no result of round {rounds} (the results' rounds go up to {last})",
                rounds=empty[0],
                last=last,
            )
        )
    if empty:
        raise MovementError(
            _(
                "no result of rounds {rounds} (the results' rounds go up to {last})",
                rounds=board_text(empty),
                last=last,
            )
        )
    return _movement(seats, boards, last)


def _check_range(at: PlayedAt) -> None:
    """Refuse a result's round or table below 1, or beyond the most a movement has rounds
    (:data:`~.limits.MOST_ROUNDS`) or a field tables
    (:data:`~.sections.MOST_TABLES_IN_A_FIELD`), said with its file and line if known."""
    if at.round < 1 or at.table < 1:
        problem = _(
            "round {round}, table {table}: rounds and tables are numbered from 1",
            round=at.round,
            table=at.table,
        )
    elif at.round > MOST_ROUNDS:
        problem = _(
            "round {round}, table {table}: round out of range, a movement has at most {most}"
            " rounds",
            round=at.round,
            table=at.table,
            most=MOST_ROUNDS,
        )
    elif at.table > MOST_TABLES_IN_A_FIELD:
        problem = _(
            "round {round}, table {table}: table out of range, a field has at most {most} tables",
            round=at.round,
            table=at.table,
            most=MOST_TABLES_IN_A_FIELD,
        )
    else:
        return
    if at.where is not None:
        problem = _("{source}: {reason}", source=at.where, reason=problem)
    raise MovementError(problem)


def _movement(
    seats: dict[tuple[int, int], tuple[str, str]],
    boards: dict[tuple[int, int], set[int]],
    last: int,
) -> Movement:
    """The rounds of ``seats`` (who sits at each round's table) and their declarations."""
    pairs: dict[str, None] = {}
    lines: dict[str, set[str]] = defaultdict(set)
    for key in sorted(seats):
        ns, ew = seats[key]
        pairs.setdefault(ns)
        pairs.setdefault(ew)
        lines[ns].add("NS")
        lines[ew].add("EW")
    rounds: list[Round] = []
    shared: set[int] = set()
    plays: dict[int, int] = defaultdict(int)
    met: set[frozenset[str]] = set()
    meet_once = True
    for number in range(1, last + 1):
        here = sorted(table for round_no, table in seats if round_no == number)
        tables = tuple(
            Table(
                table=table,
                ns=seats[(number, table)][0],
                ew=seats[(number, table)][1],
                boards=tuple(sorted(boards[(number, table)])),
            )
            for table in here
        )
        seen: set[int] = set()
        sitting: set[str] = set()
        for table in tables:
            shared.update(b for b in table.boards if b in seen)
            seen.update(table.boards)
            for board in table.boards:
                plays[board] += 1
            meeting = frozenset((table.ns, table.ew))
            meet_once = meet_once and meeting not in met
            met.add(meeting)
            sitting.update((table.ns, table.ew))
        rounds.append(Round(tables=tables, sit_outs=tuple(p for p in pairs if p not in sitting)))
    keeps_line = all(len(kept) == 1 for kept in lines.values())
    return Movement(
        kind=MovementKind.MITCHELL if keeps_line else MovementKind.HOWELL,
        rounds=tuple(rounds),
        shared=frozenset(shared),
        factored=len(set(plays.values())) > 1,
        meet_once=meet_once,
    )


__all__ = ["PlayedAt", "movement_played"]
