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

import statistics
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Final, TypeVar

from bridgescore.core.contract import Contract
from bridgescore.core.hands import Card, Hands
from bridgescore.core.notation import notated
from bridgescore.core.seats import Seat, Side
from bridgescore.duplicate.adjusted import Adjusted
from bridgescore.errors import BridgeError, BridgeInputError, Message
from bridgescore.errors import marked as _
from bridgescore.events.model import ResultRow
from bridgescore.events.movements.fit import Seating
from bridgescore.events.movements.model import Movement, Table
from bridgescore.events.movements.moves import Moves, last_round_of, moves_after
from bridgescore.events.movements.sections import SectionedMovement
from bridgescore.events.teams import award_refused, imp_award

_K = TypeVar("_K")
_V = TypeVar("_V")


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
    sections: Mapping[int, frozenset[int]] = field(default_factory=dict)
    """table → the tables of its section, in a field in sections (empty in one field):
    the sections play the same deals, each with its own copy of the boards."""
    section_last: Mapping[int, int] = field(default_factory=dict)
    """table → the last round its section plays, in a field in sections (a section of
    Mitchell may play 3 rounds where a Howell beside it plays 7); empty in one field."""
    _moves: dict[tuple[int, int], Moves] = field(default_factory=dict, repr=False)
    """(round, table) → :meth:`moves`, worked out once (each finds the tables of the next
    round that play the boards, a search of the whole round: a table's phone asks for
    every round's at every look at its plan)."""
    _seatings: list[tuple[Seating, ...]] = field(default_factory=list, repr=False)
    """:meth:`seatings`, made once (14,400 at 240 tables, for every look at the grid)."""

    @classmethod
    def of(cls, movement: Movement, sections: SectionedMovement | None = None) -> Plan:
        """``movement`` indexed; ``sections``: the field in sections it is the
        flattened movement of."""
        seats: dict[tuple[int, int], Table] = {}
        rounds_of: dict[int, list[int]] = {}
        board_rounds: dict[tuple[int, int], int] = {}
        for number, rnd in enumerate(movement.rounds, start=1):
            for seat in rnd.tables:
                seats[(number, seat.table)] = seat
                rounds_of.setdefault(seat.table, []).append(number)
                for board in seat.boards:
                    board_rounds.setdefault((seat.table, board), number)
        own = _section_tables(sections, rounds_of)
        return cls(
            movement,
            MappingProxyType(seats),
            MappingProxyType({t: tuple(r) for t, r in rounds_of.items()}),
            MappingProxyType(board_rounds),
            tuple(sorted(rounds_of)),
            MappingProxyType(own),
            MappingProxyType(_section_last(movement, own)),
        )

    @property
    def last_round(self) -> int:
        """The movement's last round (of the whole field)."""
        return len(self.movement.rounds)

    def last_round_at(self, table: int) -> int:
        """The last round of the table's field: its section's, in a field in sections
        (where sections may play different numbers of rounds), else the movement's."""
        return self.section_last.get(table, self.last_round)

    def seat(self, round_no: int, table: int) -> Table | None:
        """The table's seat in round ``round_no``, or ``None`` where it does not play."""
        return self.seats.get((round_no, table))

    def board_round(self, table: int, board: int) -> int | None:
        """The round in which ``table`` plays ``board``, if it does."""
        return self.board_rounds.get((table, board))

    def where(
        self, round_no: int, table: int, board: int, *, label: object = None, teams: bool = False
    ) -> Message | None:
        """Whether the board belongs to the table in the round (the movement's rule, for a
        table or the director alike): ``None``, or a refusal naming the round's
        (``teams``: the match's) boards, and the round the table plays the board in when
        it does. ``label``: the table as its players know it (a teams room ``1a``), the
        number when not given."""
        shown = table if label is None else label
        seat = self.seat(round_no, table)
        if seat is None:
            return _("table {label} does not play in round {round}", label=shown, round=round_no)
        if board in seat.boards:
            return None
        boards = ", ".join(map(str, sorted(seat.boards)))
        elsewhere = self.board_round(table, board)
        return _(
            "board {board} is not played at table {label} in round {round} ({what}{played})",
            board=board,
            label=shown,
            round=round_no,
            what=(
                _("this match: boards {boards}", boards=boards)
                if teams
                else _("this round: boards {boards}", boards=boards)
            ),
            played=_("; it is played here in round {round}", round=elsewhere) if elsewhere else "",
        )

    def moves(self, round_no: int, table: int) -> Moves:
        """Where the pairs and boards at ``table`` go after ``round_no`` (what the table's
        phone says at the round's end)."""
        found = self._moves.get((round_no, table))
        if found is None:
            found = moves_after(
                self.movement,
                round_no,
                table,
                among=self.sections.get(table),
                last_round=self.last_round_at(table),
            )
            self._moves[(round_no, table)] = found
        return found

    def seatings(self) -> tuple[Seating, ...]:
        """Every board the movement schedules, in round and table order."""
        if not self._seatings:
            self._seatings.append(
                tuple(
                    Seating(number, seat.table, seat.ns, seat.ew, board)
                    for number, rnd in enumerate(self.movement.rounds, start=1)
                    for seat in sorted(rnd.tables, key=lambda s: s.table)
                    for board in seat.boards
                )
            )
        return self._seatings[0]


def _section_last(movement: Movement, own: Mapping[int, frozenset[int]]) -> dict[int, int]:
    """Each table's section's last round (the one rule :func:`moves_after` follows)."""
    lasts = {tables: last_round_of(movement, tables) for tables in set(own.values())}
    return {table: lasts[tables] for table, tables in own.items()}


def _section_tables(
    sections: SectionedMovement | None, tables: Iterable[int]
) -> dict[int, frozenset[int]]:
    """Each table's section's tables (by the field's numbers), none in one field."""
    if sections is None:
        return {}
    by_letter: dict[str, set[int]] = {}
    for table in tables:
        by_letter.setdefault(sections.table_of(table)[0], set()).add(table)
    return {t: frozenset(own) for own in by_letter.values() for t in own}


@dataclass(frozen=True, slots=True)
class TableState:
    """One table in play: what stands of its entries, and the round it is playing."""

    table: int
    entered: Mapping[tuple[int, int], Mark]
    """(round, board) → what stands there (the latest entry; erased boards gone)."""
    round: int
    """The round it is playing (:meth:`Play.round_of`)."""
    latest: int = 1
    """The latest round it has anything standing in (1 when none)."""

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
    """A session in play: the movement's plan and the state of each table that has
    anything in the log (the others are at their first round)."""

    plan: Plan
    states: Mapping[int, TableState] = field(default_factory=dict)

    @classmethod
    def of(cls, plan: Plan | Movement, log: Iterable[Entered] = ()) -> Play:
        """The session after every entry of ``log`` (in the log's order)."""
        if isinstance(plan, Movement):
            plan = Plan.of(plan)
        entered: dict[int, dict[tuple[int, int], Mark]] = {}
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
        state = self.state(entry.table)
        own = _copied(state.entered)
        latest = state.latest
        if entry.mark is Mark.ERASED:
            own.pop((entry.round, entry.board), None)
            if entry.round == latest:  # the latest round may have lost its last entry
                latest = max((r for (r, _b) in own), default=1)
        else:
            own[(entry.round, entry.board)] = entry.mark
            latest = max(latest, entry.round)
        states = _copied(self.states)
        states[entry.table] = _state(self.plan, entry.table, own, latest)
        return Play(self.plan, MappingProxyType(states))

    def redrawn(self, plan: Plan | Movement) -> Play:
        """The same entries under a new movement: a Swiss round drawn (the movement gains a
        round) or a late change. Every table's round is worked out again (once a draw, not
        once an entry): a table that had finished the last round drawn moves on to the new
        one."""
        if isinstance(plan, Movement):
            plan = Plan.of(plan)
        return Play(
            plan,
            MappingProxyType(
                {t: _state(plan, t, _copied(s.entered), s.latest) for t, s in self.states.items()}
            ),
        )

    def state(self, table: int) -> TableState:
        """The table's state (one with nothing in the log: at its first round)."""
        found = self.states.get(table)
        return found if found is not None else _state(self.plan, table, {})

    def round_of(self, table: int) -> int:
        """The round a table is playing: from the latest round it has anything standing
        in, the first with a board still to enter. A table cannot leave a round with a
        board missing; a board the director erased from a round the table has left does
        not send it back: it is entered late."""
        return self.state(table).round

    def mark(self, round_no: int, table: int, board: int) -> Mark | None:
        """What stands for the board at the table in the round, or ``None``."""
        return self.state(table).entered.get((round_no, board))

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

    def may_see(self, table: int, *, teams: bool = False) -> set[int]:
        """The boards whose travellers a table may open while the session is under way:
        those it has :meth:`finished`; in a teams session (``teams``), only once its
        match's other room (:func:`other_room`) has the board in too, in the same round,
        since the match's score needs both rooms."""
        own = self.state(table)
        if not teams:
            return self.finished(table)
        other = self.state(other_room(table)).entered
        return {
            b for (r, b), m in own.entered.items() if m is not Mark.NOT_PLAYED and (r, b) in other
        }

    def shown_to(self, table: int | None, *, published: bool, teams: bool = False) -> set[int]:
        """The boards whose travellers a viewer may open: every board of the movement once
        the session is ``published``; a table's phone, what it :meth:`may_see`; anyone
        else (``table`` ``None``), none while the session is under way."""
        if published:
            return set(self.plan.movement.boards)
        if table is None:
            return set()
        return self.may_see(table, teams=teams)

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


def _copied(mapping: Mapping[_K, _V]) -> dict[_K, _V]:
    """A dict of ``mapping``, copied whole (a read-only view's ``copy`` copies the dict it
    shows at once; ``dict(view)`` reads it key by key, ten to twenty times slower: the
    cost of one more entry would then grow with the session)."""
    if isinstance(mapping, MappingProxyType):
        copied = mapping.copy()
        if isinstance(copied, dict):
            return copied
    return dict(mapping)


def other_room(table: int) -> int:
    """The other room of a teams match: its rooms are tables ``2n - 1`` (open) and ``2n``
    (closed), so tables 1 and 2 are match 1's, 3 and 4 match 2's."""
    if table < 1:
        raise BridgeInputError(_("table {table}: tables are numbered from 1", table=table))
    return table + 1 if table % 2 else table - 1


def _state(
    plan: Plan, table: int, entered: dict[tuple[int, int], Mark], latest: int | None = None
) -> TableState:
    """A table's state from what stands of its entries (``entered``, kept, not copied):
    its round is the first, from the latest it has anything in (``latest`` when known),
    with a board still to enter (its field's last round when none: its section's, in a
    field in sections)."""
    if latest is None:
        latest = max((r for (r, _b) in entered), default=1)
    rounds = plan.rounds_of.get(table, ())
    playing = plan.last_round_at(table)
    for at in range(bisect_left(rounds, latest), len(rounds)):  # no copy of the rounds
        number = rounds[at]
        seat = plan.seats[(number, table)]
        if any((number, board) not in entered for board in seat.boards):
            playing = number
            break
    return TableState(table, MappingProxyType(entered), playing, latest)


class LeadRule(StrEnum):
    """Whether a session asks for the opening lead with a result."""

    OFF = "off"
    """Not asked."""
    WARN = "warn"
    """Asked; a lead not in the leader's hand is flagged to the director."""
    REQUIRED = "required"
    """Required from a table, and in the leader's hand when the hand records are loaded."""


def entry_problem(
    row: ResultRow, *, lead: str = "", by_table: bool, lead_rule: LeadRule, teams: bool
) -> Message | None:
    """What is wrong with a result entered, beyond the row itself (which the one row
    kernel has checked): from a table, no adjusted score (rulings are the director's) and
    the opening lead when the session requires it; in a teams session, only an adjusted
    score a match can score (A+, A or A-, or 60, 50 or 40 %)."""
    if by_table and isinstance(row.adjusted, Adjusted):
        return _("only the director gives an adjusted score: call the director")
    if (
        by_table
        and lead_rule is LeadRule.REQUIRED
        and not lead.strip()
        and row.result is not None
        and isinstance(row.result.contract, Contract)
    ):
        return _(
            "board {board}: choose the opening lead (this session asks for it)", board=row.board
        )
    if teams and isinstance(row.adjusted, Adjusted):
        for award in (row.adjusted.ns, row.adjusted.ew):  # the library's rule, as it scores
            if imp_award(award) is None:
                return award_refused(award)
    return None


def lead_problem(row: ResultRow, lead: str, hands: Hands | None) -> Message | None:
    """Whether the opening lead is in the opening leader's hand (when the deal is known):
    ``None``, or what is wrong. Asked only of a result kept, so it cannot be used to probe
    the hands."""
    if not lead.strip() or row.result is None or row.result.declarer is None or hands is None:
        return None
    leader = row.result.declarer.next
    cards = hands.hand(leader)
    try:
        card = Card.parse(lead)
    except BridgeError as error:
        return _("lead {lead!r}: {error}", lead=lead, error=error)
    if cards is not None and card not in cards:
        return _(
            "the lead {card} is not in {seat}'s hand", card=notated(card), seat=SEAT_NAMES[leader]
        )
    return None


def lead_refusal(
    row: ResultRow, lead: str, hands: Hands | None, *, lead_rule: LeadRule, by_table: bool
) -> Message | None:
    """A table's result refused for its lead, where the session requires the lead: one
    not in the leader's hand (asked when the result is kept, as :func:`lead_problem`)."""
    if not by_table or lead_rule is not LeadRule.REQUIRED:
        return None
    wrong = lead_problem(row, lead, hands)
    if wrong is None:
        return None
    return _("board {board}: {wrong}: choose the card that was led", board=row.board, wrong=wrong)


SEAT_NAMES: Final = {
    Seat.NORTH: _("North"),
    Seat.EAST: _("East"),
    Seat.SOUTH: _("South"),
    Seat.WEST: _("West"),
}
"""A seat's name, translated where it is shown."""


@dataclass(frozen=True, slots=True)
class Other:
    """Another result of the same board, as the director's flags compare it."""

    round: int
    table: int
    declarer: Seat | None = None
    strain: str = ""
    """The contract's strain letter (``S``, ``N`` for notrump), ``''`` when none."""
    tricks: int | None = None
    ns_score: int | None = None


FAR_FROM_THE_FIELD: Final = 1000
"""Points between a score and the median of the board's others that the director is told of."""
FIELD_FOR_A_MEDIAN: Final = 3
"""The fewest other scores of a board whose median a score is compared with."""


def director_flags(
    row: ResultRow,
    others: Iterable[Other],
    *,
    lead: str = "",
    lead_rule: LeadRule = LeadRule.OFF,
    hands: Hands | None = None,
    late: bool = False,
    table_label: Callable[[int], str] = str,
) -> list[Message]:
    """What the director should look at in a result kept (never a reason to refuse):
    entered late, after its table had moved on; the lead not in the leader's hand; both
    sides declaring the same strain with more than 14 tricks between them; a score far
    from the median of the board's other scores (``others``). ``table_label``: another
    table as the field names it (``B3`` in a field in sections, ``1b`` a teams room).
    The strain and the side a flag names are notated values (``NS``, ``♠`` as each
    reader's notation writes them: ``PE`` in Finnish, ``ST`` for notrump in Spanish)."""
    found: list[Message] = []
    if late:
        found.append(_("entered late: round {round} after the table had moved on", round=row.round))
    wrong_lead = lead_problem(row, lead, hands) if lead_rule is not LeadRule.OFF else None
    if wrong_lead is not None:
        found.append(wrong_lead)
    seen = list(others)
    result = row.result
    if (
        result is not None
        and result.declarer is not None
        and isinstance(result.contract, Contract)
        and result.tricks is not None
    ):
        side = result.declarer.side
        strain = result.contract.strain
        for other in seen:
            if other.declarer is None or other.tricks is None:
                continue
            if other.declarer.side == side or other.strain != strain.letter:
                continue
            made = result.tricks + other.tricks
            if made > 14:
                found.append(
                    _(
                        "both sides declared {strain} making {made} tricks between them"
                        " (table {table} in round {round})",
                        strain=notated(strain),
                        made=made,
                        table=table_label(other.table),
                        round=other.round,
                    )
                )
                break
    scores = [o.ns_score for o in seen if o.ns_score is not None]
    if row.ns_score is not None and len(scores) >= FIELD_FOR_A_MEDIAN:
        middle = statistics.median(scores)
        if abs(row.ns_score - middle) >= FAR_FROM_THE_FIELD:
            found.append(
                _(
                    "{side} {score} is far from the other tables (median {median})",
                    side=notated(Side.NS),
                    score=f"{row.ns_score:+d}",
                    median=f"{middle:+g}",
                )
            )
    return found
