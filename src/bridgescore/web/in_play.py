"""The session in play as the web app reads it from its result log: the questions of
conduct (a table's round, whether it may enter a board now, what it may see, what is
missing, the director's grid) asked of the library's
:class:`~bridgescore.events.play.Play`, and the log as the library's
:class:`~bridgescore.events.model.Event`. Nothing here writes: the writer is
:mod:`bridgescore.web.entries`.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Protocol, TypeVar

from django.utils.translation import gettext_noop

from bridgescore.core.seats import Seat
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.errors import as_message
from bridgescore.events.model import (
    Event,
    Location,
    Participant,
    ResultRow,
    Severity,
)
from bridgescore.events.movements.fit import Seating as Seating
from bridgescore.events.movements.model import (
    Movement,
    Table,
)
from bridgescore.events.movements.sections import field_kinds_of
from bridgescore.events.play import (
    UNFINISHED_AT_CLOSE,
    Entered,
    LeadRule,
    Mark,
    Other,
    entry_problem,
)
from bridgescore.events.play import Plan as Plan
from bridgescore.events.play import Play as Play
from bridgescore.events.play import Stage as Stage
from bridgescore.events.play import other_room as other_room
from bridgescore.events.scoring import results_of
from bridgescore.events.vocabulary import EventKind, Field, Scoring
from bridgescore.io.rows import FIELD_NAMES, RawResult, build_result, raw_field
from bridgescore.web import analysing, queries, said
from bridgescore.web.hand_records import hands_of
from bridgescore.web.models import (
    Entry,
    Session,
    SessionPair,
)
from bridgescore.web.naming import is_teams, room_name, table_label
from bridgescore.web.refusals import EntryError, SessionClosedError
from bridgescore.web.session_movement import movement_of, sections_of, table_numbers


@dataclass(frozen=True, slots=True)
class EntryInput:
    """A result as a phone or the director sends it (text fields as typed)."""

    round: int
    table: int
    board: int
    contract: str = ""
    declarer: str = ""
    result: str = ""
    lead: str = ""
    adjusted: str = ""
    not_played: bool = False
    entry_id: uuid.UUID | None = None


StandingEntries = Mapping[tuple[int, int, int], Entry]
"""The entries that stand in a session, by (round, table, board) (:func:`current_entries`)."""


def current_entries(session: Session) -> dict[tuple[int, int, int], Entry]:
    """The entry that stands for each (round, table, board): the latest; erased ones gone."""
    return standing(Entry.objects.filter(session=session).order_by("id"))


class Logged(Protocol):
    """An entry of the log as the checks read it: an :class:`Entry`, or a row of one."""

    @property
    def round(self) -> int: ...
    @property
    def table(self) -> int: ...
    @property
    def board(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def contract(self) -> str: ...
    @property
    def declarer(self) -> str: ...
    @property
    def result(self) -> str: ...
    @property
    def ns_score(self) -> int | None: ...


LoggedT = TypeVar("LoggedT", bound=Logged)


def standing(entries: Iterable[LoggedT]) -> dict[tuple[int, int, int], LoggedT]:
    """The entries that stand among ``entries`` (in the log's order): the latest for each
    (round, table, board), erased ones gone."""
    found: dict[tuple[int, int, int], LoggedT] = {}
    for entry in entries:
        key = (entry.round, entry.table, entry.board)
        if entry.kind == Entry.Kind.ERASED:
            found.pop(key, None)
        else:
            found[key] = entry
    return found


def plan_of(session: Session) -> Plan:
    """The session's movement indexed for play (:class:`~bridgescore.events.play.Plan`),
    built once per movement this process has parsed."""
    movement = movement_of(session)
    found = _PLANS.get(id(movement))
    if found is None or found.movement is not movement:
        if len(_PLANS) >= _MOST_PLANS:
            _PLANS.clear()
        found = _PLANS[id(movement)] = Plan.of(movement, sections_of(session))
    return found


def pairs_met(session: Session, table: int) -> list[str]:
    """The movement ids of the pairs (teams) ``table`` meets in the session, in order: the
    names its phone shows are theirs, not the whole field's."""
    plan = plan_of(session)
    seats = (plan.seat(number, table) for number in plan.rounds_of.get(table, ()))
    return sorted({pair for seat in seats if seat is not None for pair in (seat.ns, seat.ew)})


_PLANS: dict[int, Plan] = {}
"""Each parsed movement's plan, by the movement's identity (the plan keeps it alive)."""
_MOST_PLANS = 64


def play_of(session: Session, log: Iterable[Logged]) -> Play:
    """The session in play (:class:`~bridgescore.events.play.Play`) from entries of its
    log, in the log's order: the whole log, or a table's own for that table's questions."""
    return Play.of(
        plan_of(session), (Entered(e.round, e.table, e.board, Mark(e.kind)) for e in log)
    )


def own_entries(session: Session, table: int) -> list[Entry]:
    """A table's own entries, in the log's order (all a table's questions need)."""
    return list(Entry.objects.filter(session=session, table=table).order_by("id"))


def table_round(
    session: Session, table: int, done: Mapping[tuple[int, int, int], Logged] | None = None
) -> int:
    """The round a table is playing (:meth:`~bridgescore.events.play.Play.round_of`).
    ``done``: the standing entries when the caller has read them already."""
    log = own_entries(session, table) if done is None else done.values()
    return play_of(session, log).round_of(table)


def raw_result(session: Session, seat: Table, inp: EntryInput, movement: Movement) -> RawResult:
    label = table_label(session, inp.table)
    where = Location(f"table {label}, round {inp.round}", board=str(inp.board))
    board = BoardInfo.of(inp.board)
    adjusted = inp.adjusted or ("NP" if inp.not_played else "")
    return RawResult(
        inp.board,
        seat.ns,
        seat.ew,
        board.vulnerability,
        where,
        contract=raw_field(FIELD_NAMES["contract"], inp.contract, where),
        declarer=raw_field(FIELD_NAMES["declarer"], inp.declarer, where),
        tricks=raw_field(FIELD_NAMES["result"], inp.result, where),
        adjusted=raw_field(FIELD_NAMES["adjusted"], adjusted, where),
        round=inp.round,
        table=label,
        lead=raw_field("lead", inp.lead, where),
    )


def check_entry(session: Session, inp: EntryInput, *, by_table: bool = False) -> ResultRow:
    """The row an entry makes, or an :class:`EntryError` saying what is wrong: the board
    must be this table's in this round, and the contract and result possible. From a
    table (``by_table``): no adjusted score, in any field (rulings are the director's),
    and the opening lead when the session requires it."""
    plan = plan_of(session)
    label = table_label(session, inp.table)
    refused = plan.where(inp.round, inp.table, inp.board, label=label, teams=is_teams(session))
    if refused is not None:
        raise EntryError(refused)  # translated where it is shown
    seat = plan.seat(inp.round, inp.table)
    assert seat is not None  # where() said the board is the table's this round
    built = build_result(raw_result(session, seat, inp, plan.movement))
    errors = [p for p in built.problems if p.severity is Severity.ERROR]
    if errors or built.row is None:
        first = errors[0] if errors else built.problems[0]
        raise EntryError(as_message(first.message))  # translated where it is shown
    row = built.row
    wrong = entry_problem(
        row,
        lead=inp.lead,
        by_table=by_table,
        lead_rule=LeadRule(session.lead_rule),
        teams=is_teams(session),
    )
    if wrong is not None:
        raise EntryError(wrong)
    return row


def proposed(session: Session, inp: EntryInput) -> ResultRow:
    """A table's proposed entry, as the opponents are shown it before it is kept: refused
    (:class:`EntryError`) if the table may not enter it now (:func:`table_may_enter`) or
    it is not a possible result of this table's board (:func:`check_entry`)."""
    table_may_enter(session, inp)
    return check_entry(session, inp, by_table=True)


def round_at(session: Session, table: int) -> int:
    """The round a table is playing, read from its own entries only (one read, written as
    SQL: what a table's acknowledgement says, without reading the session's whole log)."""
    own = queries.entries_for((), (), {(session.pk, table)})
    return table_round(session, table, standing(own))


def table_may_enter(session: Session, inp: EntryInput) -> None:
    """Refuse (:class:`EntryError`) what a table may not enter now, read from its own
    entries as they stand (a preview, or a result sent to the opponents' phone; a result
    kept is checked again against the log inside the write):
    :meth:`~bridgescore.events.play.Play.may_enter`."""
    if session.state != Session.State.RUNNING:
        raise SessionClosedError(as_message(CLOSED))  # translated where it is shown
    permit = play_of(session, own_entries(session, inp.table)).may_enter(
        inp.round, inp.table, inp.board
    )
    if permit.refusal is not None:
        raise EntryError(permit.refusal)


CLOSED = gettext_noop("this table's link has expired: the session is closed (ask the director)")
"""A closed session's answer to a table (translated where it is raised)."""


def other_of(entry: Logged) -> Other:
    """Another result of the board, as the director's flags compare it."""
    if isinstance(entry, queries.BoardEntry):
        return _other_of_row(entry)
    return _other(entry)


@lru_cache(maxsize=8192)
def _other_of_row(entry: queries.BoardEntry) -> Other:
    """A row read for the checks (a value, id and all): the board's rows are read again
    for each of its new results, and give the same each time."""
    return _other(entry)


def _other(entry: Logged) -> Other:
    if entry.kind != Entry.Kind.RESULT or not entry.declarer:
        return Other(entry.round, entry.table, ns_score=entry.ns_score)
    level = int(entry.contract[0])
    text = entry.result or "="
    return Other(
        entry.round,
        entry.table,
        Seat.parse(entry.declarer),
        entry.contract.rstrip("X")[1:],
        6 + level + (0 if text == "=" else int(text)),
        entry.ns_score,
    )


def row_of(session: Session, entry: Entry) -> ResultRow | None:
    """The row a kept entry makes, through the one row kernel as when it was checked;
    ``None`` when the movement (changed since) no longer seats its table in its round."""
    plan = plan_of(session)
    seat = plan.seat(entry.round, entry.table)
    if seat is None:
        return None
    inp = EntryInput(
        entry.round,
        entry.table,
        entry.board,
        entry.contract,
        entry.declarer,
        entry.result,
        entry.lead,
        adjusted=entry.adjusted,
        not_played=entry.kind == Entry.Kind.NOT_PLAYED,
    )
    row = build_result(raw_result(session, seat, inp, plan.movement)).row
    if row is not None and session.sections == Session.SectionScoring.APART:
        # scored within each section: the row is compared with its own section's only
        field = sections_of(session)
        if field is not None:
            return replace(row, section=field.table_of(entry.table)[0])
    return row


def row_names(text: str, *, whole: bool = False) -> tuple[str, ...]:
    """The names a pair's or team's row gives the event: its players, ``&`` between them
    (a pair's ``Ann & Bob``; in one field a team's, whose id is its name); ``whole``, a
    team's row in sections, one name: its name, then its players (``Ñandú & Co``,
    ``Aces: Ann, Bob``), never cut where it holds an ``&``."""
    if whole:
        return (text.strip(),) if text.strip() else ()
    return tuple(n.strip() for n in text.split("&") if n.strip())


def event_of(
    session: Session, done: StandingEntries | None = None, *, not_played: bool = False
) -> Event:
    """The session as the library's event: one row per standing result (through the one
    row kernel), the pairs' names, the hand records, the program whose conventions it is
    scored with (:attr:`Session.program`). A teams session's rows name the
    teams (``ns``/``ew``), its round and its room table (``1a``, ``1b``); a board marked
    not played in a room is left out (a teams match has no score for it), unless
    ``not_played`` keeps its ``NP`` row (the session's files say it, so that a file read
    back leaves the board out of its match as the library does with such a row).
    ``done``: the session's :func:`current_entries` when the caller has read them."""
    movement = movement_of(session)
    teams = is_teams(session)
    rows: list[ResultRow] = []
    standing_now = done if done is not None else current_entries(session)
    for _key, entry in sorted(standing_now.items()):
        if teams and not not_played and entry.kind == Entry.Kind.NOT_PLAYED:
            continue
        row = row_of(session, entry)
        if row is not None:
            rows.append(row)
    # a teams session's teams are its pair rows, kept in the order the teams were given
    listed = list(SessionPair.objects.filter(session=session).order_by("id"))
    names = {p.pair: p.names for p in listed}
    field = sections_of(session) if session.sections == Session.SectionScoring.APART else None
    participants = tuple(
        Participant(
            pair,
            row_names(names.get(pair, ""), whole=teams and sections_of(session) is not None),
            section=field.section_of_pair(pair) if field is not None else None,
        )
        for pair in ([p.pair for p in listed] if teams else movement.pairs)
    )
    results = results_of(rows, name=session.name, source=session.name, teams=teams)
    return Event(
        results,
        name=session.name,
        date=session.date.isoformat(),
        site=session.club.name,
        kind=EventKind.TEAMS if teams else EventKind.PAIRS,
        scoring=Scoring.parse(session.scoring),
        # a session started from a results file is scored with the conventions of the
        # program that wrote it (its matchpoint policy, rounding, cross-IMP totals...)
        program=session.program or "bridgescore",
        participants=participants,
        hands=hands_of(session.hands_pbn),
        analyses=analysing.analyses_of(session),
        field_kinds={} if teams else field_kinds(session),
    )


def field_kinds(session: Session) -> dict[str, Field]:
    """How a pairs session's pairs are ranked, section by section, as its movement seats
    them (:func:`~bridgescore.events.movements.sections.field_kinds_of`): a Howell
    section is one ranking from its first round, before any pair has sat both ways."""
    apart = session.sections == Session.SectionScoring.APART
    return field_kinds_of(sections_of(session) or movement_of(session), apart=apart)


@dataclass(frozen=True, slots=True)
class Progress:
    """Every board the movement schedules with its :class:`Stage`, read once from the log:
    the grid's colours, the Missing list and the close warning come from it, so they
    always agree."""

    stages: tuple[tuple[Seating, Stage], ...]
    done: Mapping[tuple[int, int, int], Entry]
    playing: Mapping[int, int]
    """Each table's round (:func:`table_round`)."""

    def at(self, *stages: Stage) -> list[Seating]:
        """The boards at any of ``stages``, in round and table order (in a session in
        sections, section by section)."""
        return [s for s, stage in self.stages if stage in stages]


def progress(session: Session, done: StandingEntries | None = None) -> Progress:
    """Where each board of ``session`` stands (:class:`~bridgescore.events.play.Stage`),
    read once from the log (``done``: its :func:`current_entries` when the caller has
    read them). In a session in sections the boards are listed section by section (each
    in round and table order), so that every list of them, Missing and what a close
    leaves out, reads one section after another."""
    done = done if done is not None else current_entries(session)
    play = play_of(session, done.values())
    playing = {t: play.round_of(t) for t in play.plan.tables}
    stages = play.stages()
    field = sections_of(session)
    if field is not None:
        place = {t: n for n, span in enumerate(field.spans()) for t in span.tables}
        stages = tuple(sorted(stages, key=lambda item: place.get(item[0].table, 0)))
    return Progress(stages, done, playing)


@dataclass(frozen=True, slots=True)
class Cell:
    """One table in one round on the director's grid."""

    round: int
    table: int
    ns: str
    ew: str
    boards: tuple[int, ...]
    entered: int
    state: str  # a Stage (done, missing, playing, not_started, waiting), or idle
    flags: tuple[str, ...] = ()
    label: str = ""  # teams: the match and room (``match 1, open room``)
    room: str = ""  # teams: the room as the cards and phones say it (``1a``)
    name: str = ""  # the table as the players know it (``4``; ``B1`` in sections)


@dataclass(frozen=True, slots=True)
class Grid:
    """One grid of the director's control page: rounds (rows) by tables (columns). The
    whole field's (``section`` empty), or in a session in sections one section's, headed
    with its letter: its own tables and its own rounds only."""

    section: str
    rows: tuple[tuple[Cell, ...], ...]


def grid(session: Session, found: Progress | None = None) -> list[list[Cell]]:
    """Every round (rows) and table (columns), its state the :class:`Stage` of its boards
    not in (done when none is); ``idle`` where the table does not play that round.
    ``found``: the session's :func:`progress` when the caller has it already."""
    movement = movement_of(session)
    found = found or progress(session)
    done = found.done
    numbers = table_numbers(movement)
    rooms_in = sections_of(session) if is_teams(session) else None
    labels = {t: room_name(t, rooms_in) if is_teams(session) else "" for t in numbers}
    names = {t: table_label(session, t) for t in numbers}
    rooms = {t: names[t] if is_teams(session) else "" for t in numbers}
    stages = {(s.round, s.table, s.board): stage for s, stage in found.stages}
    rows: list[list[Cell]] = []
    for number, rnd in enumerate(movement.rounds, start=1):
        seats = {seat.table: seat for seat in rnd.tables}
        row = []
        for table in numbers:
            seat = seats.get(table)
            if seat is None:
                label, room = labels[table], rooms[table]
                row.append(
                    Cell(
                        number, table, "", "", (), 0, "idle",
                        label=label, room=room, name=names[table],
                    )
                )  # fmt: skip
                continue
            keys = [(number, table, b) for b in seat.boards]
            entered = [done[k] for k in keys if k in done]
            left = [stages[k] for k in keys if k not in done]
            state = left[0] if left else Stage.DONE
            flags = tuple(f for e in entered for f in said.shown_all(e.flags))
            row.append(
                Cell(
                    number,
                    table,
                    seat.ns,
                    seat.ew,
                    seat.boards,
                    len(entered),
                    str(state),
                    flags,
                    labels[table],
                    rooms[table],
                    names[table],
                )
            )
        rows.append(row)
    return rows


def grids(session: Session, found: Progress | None = None) -> list[Grid]:
    """The director's grids (:class:`Grid`): one of every table, or in a session in
    sections one a section, each with its own tables as columns and its own rounds as rows
    (:meth:`~bridgescore.events.movements.sections.SectionedMovement.spans`), never a
    column of another section's tables nor a round the section does not play."""
    whole = grid(session, found)
    field = sections_of(session)
    if field is None:
        return [Grid("", tuple(tuple(row) for row in whole))]
    column = {cell.table: n for n, cell in enumerate(whole[0])} if whole else {}
    found_grids = []
    for span in field.spans():
        places = [column[t] for t in span.tables if t in column]
        rows = tuple(tuple(row[n] for n in places) for row in whole[: span.rounds])
        found_grids.append(Grid(span.letter, rows))
    return found_grids


def unfinished(session: Session, table: int) -> list[int]:
    """The boards of the table's current round with neither a result nor "not played":
    the round cannot be left until there are none."""
    return play_of(session, own_entries(session, table)).unfinished(table)


def missing(session: Session, found: Progress | None = None) -> list[Seating]:
    """The boards missing from rounds their table has left (:attr:`Stage.MISSING`: a
    result the director erased, or one to enter late), not those still to be played:
    red on the grid and listed for the director."""
    return (found or progress(session)).at(Stage.MISSING)


def not_yet_in(session: Session, found: Progress | None = None) -> list[Seating]:
    """Every board the movement schedules and the log has no result for, played or not
    (what a close leaves without a result)."""
    return (found or progress(session)).at(*UNFINISHED_AT_CLOSE)


def visible_boards(session: Session, table: int | None) -> set[int]:
    """The boards a viewer may see travellers of: all once published; a table, the boards
    it has finished (a board it did not play stays hidden, as on a Bridgemate, since it
    may yet play it); anyone else, none while the session is under way."""
    published = session.state == Session.State.PUBLISHED
    log = own_entries(session, table) if table is not None and not published else ()
    return play_of(session, log).shown_to(table, published=published)
