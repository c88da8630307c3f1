"""A session in play: where each table is and what it may do, from the movement and the
log of what was entered.

The web app keeps the log (append-only: a result, an adjusted score, "not played", or an
erasure of a board at a table in a round) and asks this module every question of conduct
once: the round a table is playing, whether it may enter a board now or late, what it has
finished and so may see, where every board of the movement stands (:class:`Stage`: the
director's grid, the Missing list and the close warning read the same rule), and what a
table must still enter before it may leave its round.

:class:`Plan` indexes a movement once (a table's seat in a round, the round a table plays a
board in) so that every question is a lookup; :class:`Play` is immutable and
:meth:`Play.after` takes one more entry of the log, changing only the state of the table
that entered it: its cost does not grow with the session.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from bridgescore.errors import BridgeInputError, Message
from bridgescore.errors import marked as _
from bridgescore.events.movements.fit import Seating
from bridgescore.events.movements.model import Movement, Table


class Mark(StrEnum):
    """What an entry of the log says of its board at its table and round."""

    RESULT = "result"
    ADJUSTED = "adjusted"
    """An adjusted score (the director's)."""
    NOT_PLAYED = "not_played"
    """The board was not played there: in, but nothing to show of it."""
    ERASED = "erased"
    """The director took back what stood: the board is out again."""

    @classmethod
    def parse(cls, text: str) -> Mark:
        """A mark by its name (``result``, ``adjusted``, ``not_played``, ``erased``)."""
        try:
            return cls(text.strip().lower().replace(" ", "_"))
        except ValueError:
            raise BridgeInputError(
                _(
                    "unknown entry kind {text!r}: use one of {accepted}",
                    text=text,
                    accepted=", ".join(m.value for m in cls),
                )
            ) from None


@dataclass(frozen=True, slots=True)
class Entered:
    """One entry of the log as the rules read it: which board, where, and what it says."""

    round: int
    table: int
    board: int
    mark: Mark = Mark.RESULT

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.round, self.table, self.board)


class Stage(StrEnum):
    """Where a board of the movement stands: one rule for the director's grid, the Missing
    list and the close warning."""

    DONE = "done"
    """Its result (or "not played") is in."""
    MISSING = "missing"
    """Not in, and its table has left its round (a result erased, or to enter late)."""
    PLAYING = "playing"
    """Not in, in the round its table is playing."""
    NOT_STARTED = "not_started"
    """Not in, and its table has entered nothing yet: the table's first round."""
    WAITING = "waiting"
    """Not in, in a round its table has not reached."""


UNFINISHED_AT_CLOSE: Final = (Stage.MISSING, Stage.PLAYING, Stage.NOT_STARTED, Stage.WAITING)
"""What a close leaves without a result: every stage but done, each said apart."""


def stage_of(round_no: int, playing: int, started: bool) -> Stage:
    """A board not in, from its round and the round its table is playing: missing once the
    table has left the round, else being played (or not started: the table has entered
    nothing), else not reached."""
    if round_no < playing:
        return Stage.MISSING
    if round_no == playing:
        return Stage.PLAYING if started else Stage.NOT_STARTED
    return Stage.WAITING


@dataclass(frozen=True, slots=True, eq=False)
class Plan:
    """A movement indexed for play, built once per movement: each table's seat in each
    round and the round in which a table plays a board, looked up rather than searched."""

    movement: Movement
    seats: Mapping[tuple[int, int], Table]
    """(round, table) → the table's seat that round."""
    rounds_of: Mapping[int, tuple[int, ...]]
    """table → the rounds it plays, in order."""
    board_rounds: Mapping[tuple[int, int], int]
    """(table, board) → the round the table plays the board in."""
    tables: tuple[int, ...]
    """Every table number, in order."""

    @classmethod
    def of(cls, movement: Movement) -> Plan:
        seats: dict[tuple[int, int], Table] = {}
        rounds_of: dict[int, list[int]] = {}
        board_rounds: dict[tuple[int, int], int] = {}
        for number, rnd in enumerate(movement.rounds, start=1):
            for seat in rnd.tables:
                seats[(number, seat.table)] = seat
                rounds_of.setdefault(seat.table, []).append(number)
                for board in seat.boards:
                    board_rounds.setdefault((seat.table, board), number)
        return cls(
            movement,
            MappingProxyType(seats),
            MappingProxyType({t: tuple(r) for t, r in rounds_of.items()}),
            MappingProxyType(board_rounds),
            tuple(sorted(rounds_of)),
        )

    @property
    def last_round(self) -> int:
        return len(self.movement.rounds)

    def seat(self, round_no: int, table: int) -> Table | None:
        """The table's seat in round ``round_no``, or ``None`` where it does not play."""
        return self.seats.get((round_no, table))

    def board_round(self, table: int, board: int) -> int | None:
        """The round in which ``table`` plays ``board``, if it does."""
        return self.board_rounds.get((table, board))

    def seatings(self) -> tuple[Seating, ...]:
        """Every board the movement schedules, in round and table order."""
        return tuple(
            Seating(number, seat.table, seat.ns, seat.ew, board)
            for number, rnd in enumerate(self.movement.rounds, start=1)
            for seat in sorted(rnd.tables, key=lambda s: s.table)
            for board in seat.boards
        )


@dataclass(frozen=True, slots=True)
class TableState:
    """One table in play: what stands of its entries, and the round it is playing."""

    table: int
    entered: Mapping[tuple[int, int], Mark]
    """(round, board) → what stands there (the latest entry; erased boards gone)."""
    round: int
    """The round it is playing (:meth:`Play.round_of`)."""

    @property
    def started(self) -> bool:
        """Whether anything of the table's stands."""
        return bool(self.entered)


@dataclass(frozen=True, slots=True)
class Permit:
    """Whether a table may enter a board now: ``refusal`` says why not; ``late`` that the
    board is of a round the table has left."""

    refusal: Message | None = None
    late: bool = False

    @property
    def allowed(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True, slots=True)
class Play:
    """A session in play: the movement's plan and each table's state, from the log."""

    plan: Plan
    states: Mapping[int, TableState] = field(default_factory=dict)

    @classmethod
    def of(cls, plan: Plan | Movement, log: Iterable[Entered] = ()) -> Play:
        """The session after every entry of ``log`` (in the log's order)."""
        if isinstance(plan, Movement):
            plan = Plan.of(plan)
        entered: dict[int, dict[tuple[int, int], Mark]] = {t: {} for t in plan.tables}
        for entry in log:
            own = entered.setdefault(entry.table, {})
            if entry.mark is Mark.ERASED:
                own.pop((entry.round, entry.board), None)
            else:
                own[(entry.round, entry.board)] = entry.mark
        return cls(
            plan,
            MappingProxyType({t: _state(plan, t, own) for t, own in entered.items()}),
        )

    def after(self, entry: Entered) -> Play:
        """The session once ``entry`` is in the log: only its table's state changes."""
        own = dict(self.state(entry.table).entered)
        if entry.mark is Mark.ERASED:
            own.pop((entry.round, entry.board), None)
        else:
            own[(entry.round, entry.board)] = entry.mark
        states = dict(self.states)
        states[entry.table] = _state(self.plan, entry.table, own)
        return Play(self.plan, MappingProxyType(states))

    def state(self, table: int) -> TableState:
        """The table's state (a table the movement does not have: nothing entered)."""
        found = self.states.get(table)
        return found if found is not None else TableState(table, MappingProxyType({}), 1)

    def round_of(self, table: int) -> int:
        """The round a table is playing: from the latest round it has anything standing
        in, the first with a board still to enter. A table cannot leave a round with a
        board missing; a board the director erased from a round the table has left does
        not send it back: it is entered late."""
        return self.state(table).round

    def mark(self, round_no: int, table: int, board: int) -> Mark | None:
        """What stands for the board at the table in the round, or ``None``."""
        return self.state(table).entered.get((round_no, board))

    def where(
        self, round_no: int, table: int, board: int, *, label: object = None, teams: bool = False
    ) -> Permit:
        """Whether the board belongs to the table in the round (the movement's rule, for a
        table or the director alike): a refusal naming the round's (``teams``: the match's)
        boards, and the round the table plays the board in when it does. ``label``: the
        table as its players know it (a teams room ``1a``), the number when not given."""
        shown = table if label is None else label
        seat = self.plan.seat(round_no, table)
        if seat is None:
            return Permit(
                _("table {label} does not play in round {round}", label=shown, round=round_no)
            )
        if board in seat.boards:
            return Permit()
        boards = ", ".join(map(str, sorted(seat.boards)))
        elsewhere = self.plan.board_round(table, board)
        return Permit(
            _(
                "board {board} is not played at table {label} in round {round} ({what}{played})",
                board=board,
                label=shown,
                round=round_no,
                what=(
                    _("this match: boards {boards}", boards=boards)
                    if teams
                    else _("this round: boards {boards}", boards=boards)
                ),
                played=(
                    _("; it is played here in round {round}", round=elsewhere) if elsewhere else ""
                ),
            )
        )

    def may_enter(self, round_no: int, table: int, board: int) -> Permit:
        """Whether a table may enter the board now, from what stands: a board of the round
        it is playing or, late, of an earlier round it has not entered; never a board
        that already stands (a correction is the director's) nor one of a round ahead."""
        playing = self.round_of(table)
        if round_no > playing:
            return Permit(
                _(
                    "board {board} is played in round {round}: this table is playing round"
                    " {playing}, so enter round {playing}'s boards first",
                    board=board,
                    round=round_no,
                    playing=playing,
                )
            )
        if self.mark(round_no, table, board) is not None:
            return Permit(
                _(
                    "board {board} already has a result at this table: ask the director",
                    board=board,
                )
            )
        return Permit(late=round_no < playing)

    def is_late(self, round_no: int, table: int) -> bool:
        """Whether an entry of ``round_no`` at ``table`` comes after the table left it."""
        return round_no < self.round_of(table)

    def unfinished(self, table: int) -> list[int]:
        """The boards of the table's round with nothing standing: the round cannot be left
        until there are none."""
        state = self.state(table)
        seat = self.plan.seat(state.round, table)
        if seat is None:
            return []
        return [b for b in seat.boards if (state.round, b) not in state.entered]

    def finished(self, table: int) -> set[int]:
        """The boards the table has played and entered (not those marked not played): the
        travellers it may see while the session is under way, as on a Bridgemate, since a
        board it has not played it may yet play."""
        return {b for (_r, b), m in self.state(table).entered.items() if m is not Mark.NOT_PLAYED}

    def stage(self, round_no: int, table: int, board: int) -> Stage:
        """Where one board of the movement stands (:class:`Stage`)."""
        state = self.state(table)
        if (round_no, board) in state.entered:
            return Stage.DONE
        return stage_of(round_no, state.round, state.started)

    def stages(self) -> tuple[tuple[Seating, Stage], ...]:
        """Every board the movement schedules with its stage, in round and table order."""
        return tuple((s, self.stage(s.round, s.table, s.board)) for s in self.plan.seatings())

    def at(self, *stages: Stage) -> list[Seating]:
        """The boards at any of ``stages``, in round and table order."""
        return [s for s, stage in self.stages() if stage in stages]

    def missing(self) -> list[Seating]:
        """The boards missing from rounds their table has left (a result erased, or one to
        enter late), not those still to be played."""
        return self.at(Stage.MISSING)

    def not_yet_in(self) -> list[Seating]:
        """Every board the movement schedules with nothing standing (what a close leaves)."""
        return self.at(*UNFINISHED_AT_CLOSE)

    def table_stage(self, round_no: int, table: int) -> Stage | None:
        """One table in one round on the director's grid: the stage of its first board not
        in (done when all are), ``None`` where the table does not play that round."""
        seat = self.plan.seat(round_no, table)
        if seat is None:
            return None
        for board in seat.boards:
            found = self.stage(round_no, table, board)
            if found is not Stage.DONE:
                return found
        return Stage.DONE

    def entered_count(self, round_no: int, table: int) -> int:
        """How many of the table's boards of the round stand."""
        seat = self.plan.seat(round_no, table)
        entered = self.state(table).entered
        return 0 if seat is None else sum((round_no, b) in entered for b in seat.boards)


def _state(plan: Plan, table: int, entered: Mapping[tuple[int, int], Mark]) -> TableState:
    """A table's state from what stands of its entries: its round is the first, from the
    latest it has anything in, with a board still to enter (the last round when none)."""
    latest = max((r for (r, _b) in entered), default=1)
    playing = plan.last_round
    for number in plan.rounds_of.get(table, ()):
        if number < latest:
            continue
        seat = plan.seats[(number, table)]
        if any((number, board) not in entered for board in seat.boards):
            playing = number
            break
    return TableState(table, MappingProxyType(dict(entered)), playing)
