"""What the web app does, apart from HTTP: set up a session, take a table's result through
the library's own row kernel, keep the log, and turn the log into the library's event.

Views call these and turn :class:`EntryError` (and any library input error) into a
message in one place (:mod:`bridgescore.web.views.common`).
"""

from __future__ import annotations

import datetime
import statistics
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db import IntegrityError, transaction

from bridgescore.core.contract import Contract
from bridgescore.core.hands import Card, Hands
from bridgescore.core.seats import Seat
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.errors import BridgeError, BridgeInputError
from bridgescore.events.model import (
    Event,
    EventResults,
    Location,
    Participant,
    ResultRow,
    Severity,
    check_rows,
)
from bridgescore.events.movements.fit import Seating, seatings, table_in
from bridgescore.events.movements.model import Movement, Table
from bridgescore.io.rows import RawResult, build_result, raw_field
from bridgescore.web.models import Club, Entry, LogLine, Session, SessionPair, TableLink

Viewer = AbstractBaseUser | AnonymousUser | None
"""Who is asking: a logged-in director, or no one."""


def _user(who: Viewer) -> User | None:
    return who if isinstance(who, User) and who.is_authenticated else None


class EntryError(BridgeInputError):
    """A result the app will not take: says why, in words for the table."""


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


def create_session(
    club: Club,
    name: str,
    movement: Movement,
    *,
    spec: str = "",
    date: datetime.date | None = None,
    names: Mapping[str, str] | None = None,
    hands_pbn: str = "",
    scoring: str = "mp",
) -> Session:
    """A new session under way, with a link for each table and a row for each pair."""
    problems = movement.problems()
    if problems:
        raise EntryError(f"the movement is not sound: {problems[0]}")
    if hands_pbn.strip():
        hands_of(hands_pbn)  # a located error now rather than at the first lead check
    with transaction.atomic():
        session = Session.objects.create(
            club=club,
            name=name,
            date=date or datetime.date.today(),
            spec=spec,
            movement_json=movement.to_json(),
            hands_pbn=hands_pbn,
            scoring=scoring,
        )
        given = names or {}
        SessionPair.objects.bulk_create(
            SessionPair(session=session, pair=pair, names=given.get(pair, ""))
            for pair in movement.pairs
        )
        TableLink.objects.bulk_create(
            TableLink(session=session, table=number) for number in table_numbers(movement)
        )
    return session


def table_numbers(movement: Movement) -> list[int]:
    """Every table number in the movement, in order."""
    return sorted({t.table for r in movement.rounds for t in r.tables})


@lru_cache(maxsize=64)
def _movement(text: str) -> Movement:
    return Movement.from_json(text)


def movement_of(session: Session) -> Movement:
    """The session's movement (parsed once per distinct movement)."""
    return _movement(session.movement_json)


@lru_cache(maxsize=16)
def hands_of(pbn_text: str) -> Mapping[int, Hands]:
    """The deals of a PBN hand record, by board number."""
    from bridgescore.io import pbn

    if not pbn_text.strip():
        return {}
    event = pbn.to_event(pbn.loads(pbn_text, source="hand records"))
    return dict(event.hands)


def current_entries(session: Session) -> dict[tuple[int, int, int], Entry]:
    """The entry that stands for each (round, table, board): the latest; erased ones gone."""
    found: dict[tuple[int, int, int], Entry] = {}
    for entry in Entry.objects.filter(session=session).order_by("id"):
        key = (entry.round, entry.table, entry.board)
        if entry.kind == Entry.Kind.ERASED:
            found.pop(key, None)
        else:
            found[key] = entry
    return found


def table_round(session: Session, table: int) -> int:
    """The round a table is playing: its first round with a board still to enter."""
    movement = movement_of(session)
    done = current_entries(session)
    for number in range(1, len(movement.rounds) + 1):
        seat = table_in(movement, number, table)
        if seat is None:
            continue
        if any((number, table, board) not in done for board in seat.boards):
            return number
    return len(movement.rounds)


def _raw(session: Session, seat: Table, inp: EntryInput, movement: Movement) -> RawResult:
    where = Location(f"table {inp.table}, round {inp.round}", board=str(inp.board))
    board = BoardInfo.of(inp.board)
    adjusted = inp.adjusted or ("NP" if inp.not_played else "")
    return RawResult(
        inp.board,
        seat.ns,
        seat.ew,
        board.vulnerability,
        where,
        contract=raw_field("contract", inp.contract, where),
        declarer=raw_field("declarer", inp.declarer, where),
        tricks=raw_field("result", inp.result, where),
        adjusted=raw_field("adjusted", adjusted, where),
        round=inp.round,
        table=str(inp.table),
    )


def check_entry(session: Session, inp: EntryInput) -> ResultRow:
    """The row an entry makes, or an :class:`EntryError` saying what is wrong: the board
    must be this table's in this round, and the contract and result possible."""
    movement = movement_of(session)
    seat = table_in(movement, inp.round, inp.table)
    if seat is None:
        raise EntryError(f"table {inp.table} does not play in round {inp.round}")
    if inp.board not in seat.boards:
        shown = ", ".join(map(str, seat.boards))
        raise EntryError(
            f"board {inp.board} is not played at table {inp.table} in round {inp.round}"
            f" (this round: boards {shown})"
        )
    built = build_result(_raw(session, seat, inp, movement))
    errors = [p for p in built.problems if p.severity is Severity.ERROR]
    if errors or built.row is None:
        first = errors[0] if errors else built.problems[0]
        raise EntryError(first.message)
    return built.row


def record_entry(
    session: Session,
    inp: EntryInput,
    *,
    by_table: bool,
    user: Viewer = None,
    reason: str = "",
) -> tuple[Entry, bool]:
    """Keep one entry (committed before this returns); ``True`` when it is new. A resend
    (the same ``entry_id``) gives back the entry already kept. A table may not enter a
    board that already has a result; the director may, with a reason."""
    entry_id = inp.entry_id or uuid.uuid4()
    existing = Entry.objects.filter(session=session, entry_id=entry_id).first()
    if existing is not None:
        return existing, False
    if session.state != Session.State.RUNNING and by_table:
        raise EntryError("the session is closed: ask the director")
    row = check_entry(session, inp)
    if not by_table and not reason.strip():
        raise EntryError("a director's change needs a reason (it goes in the log)")
    try:
        with transaction.atomic():
            key = (inp.round, inp.table, inp.board)
            if by_table and key in _standing_keys(session, key):
                raise EntryError(
                    f"board {inp.board} already has a result at this table: ask the director"
                )
            entry = Entry.objects.create(
                session=session,
                entry_id=entry_id,
                round=inp.round,
                table=inp.table,
                board=inp.board,
                kind=_kind(row),
                contract=_contract_of(row, inp),
                declarer=inp.declarer.strip().upper()[:1] if row.result is not None else "",
                result=inp.result.strip() if row.result is not None else "",
                lead=inp.lead.strip().upper(),
                adjusted=str(row.adjusted) if row.adjusted is not None else "",
                ns_score=row.ns_score,
                by_table=by_table,
                by=_user(user),
                reason=reason.strip(),
                flags="; ".join(flags_for(session, inp, row)),
            )
    except IntegrityError:  # the same id sent twice at once: the first one is kept
        return Entry.objects.get(session=session, entry_id=entry_id), False
    return entry, True


def _standing_keys(session: Session, key: tuple[int, int, int]) -> set[tuple[int, int, int]]:
    rnd, table, board = key
    latest = (
        Entry.objects.filter(session=session, round=rnd, table=table, board=board)
        .order_by("-id")
        .first()
    )
    return {key} if latest is not None and latest.kind != Entry.Kind.ERASED else set()


def _contract_of(row: ResultRow, inp: EntryInput) -> str:
    """The contract as kept: ``4SX`` as typed (upper case), ``Pass`` for a passed-out board."""
    if row.result is None:
        return ""
    if not isinstance(row.result.contract, Contract):
        return "Pass"
    return inp.contract.strip().upper()


def _kind(row: ResultRow) -> str:
    if row.not_played:
        return Entry.Kind.NOT_PLAYED
    if row.adjusted is not None:
        return Entry.Kind.ADJUSTED
    return Entry.Kind.RESULT


def erase_entry(
    session: Session, rnd: int, table: int, board: int, user: Viewer, reason: str
) -> Entry:
    """The director takes a result away (kept in the log, with the reason)."""
    if not reason.strip():
        raise EntryError("erasing a result needs a reason (it goes in the log)")
    if (rnd, table, board) not in current_entries(session):
        raise EntryError(f"round {rnd}, table {table}, board {board} has no result to erase")
    return Entry.objects.create(
        session=session,
        round=rnd,
        table=table,
        board=board,
        kind=Entry.Kind.ERASED,
        by=_user(user),
        reason=reason.strip(),
    )


def lead_problem(session: Session, inp: EntryInput, row: ResultRow) -> str | None:
    """Whether the opening lead is in the opening leader's hand (when the hand records are
    loaded); asked only of a confirmed result, so it cannot be used to probe the hands."""
    if not inp.lead.strip() or row.result is None or row.result.declarer is None:
        return None
    deals = hands_of(session.hands_pbn)
    hands = deals.get(inp.board)
    if hands is None:
        return None
    leader: Seat = row.result.declarer.next
    cards = hands.hand(leader)
    try:
        card = Card.parse(inp.lead)
    except BridgeError as error:
        return f"lead {inp.lead!r}: {error}"
    if cards is not None and card not in cards:
        return f"the lead {card} is not in {leader.name.title()}'s hand"
    return None


def flags_for(session: Session, inp: EntryInput, row: ResultRow) -> list[str]:
    """What the director should look at (never a reason to refuse): the lead not in the
    leader's hand; both sides declaring the same strain with too many tricks between
    them; a score far from every other at the board."""
    found = []
    lead = lead_problem(session, inp, row)
    if lead:
        found.append(lead)
    others = [
        e
        for key, e in current_entries(session).items()
        if key[2] == inp.board and key != (inp.round, inp.table, inp.board)
    ]
    result = row.result
    if (
        result is not None
        and result.declarer is not None
        and isinstance(result.contract, Contract)
        and result.tricks is not None
    ):
        contract = result.contract
        side = result.declarer.side
        for other in others:
            if other.kind != Entry.Kind.RESULT or not other.declarer:
                continue
            other_seat = Seat.parse(other.declarer)
            other_strain = other.contract.rstrip("X")[1:]
            if other_seat.side == side or other_strain != contract.strain.letter:
                continue
            made = result.tricks + _tricks(other)
            if made > 14:
                found.append(
                    f"both sides declared {other_strain} making {made} tricks between them"
                    f" (table {other.table} in round {other.round})"
                )
                break
    scores = [e.ns_score for e in others if e.ns_score is not None]
    if row.ns_score is not None and len(scores) >= 3:
        middle = statistics.median(scores)
        if abs(row.ns_score - middle) >= 1000:
            found.append(f"NS {row.ns_score:+d} is far from the other tables (median {middle:+g})")
    return found


def _tricks(entry: Entry) -> int:
    level = int(entry.contract[0])
    text = entry.result or "="
    return 6 + level + (0 if text == "=" else int(text))


def event_of(session: Session) -> Event:
    """The session as the library's event: one row per standing result (through the one
    row kernel), the pairs' names, the hand records."""
    movement = movement_of(session)
    rows: list[ResultRow] = []
    for (rnd, table, board), entry in sorted(current_entries(session).items()):
        seat = table_in(movement, rnd, table)
        if seat is None:
            continue
        inp = EntryInput(
            rnd,
            table,
            board,
            entry.contract,
            entry.declarer,
            entry.result,
            adjusted=entry.adjusted,
            not_played=entry.kind == Entry.Kind.NOT_PLAYED,
        )
        built = build_result(_raw(session, seat, inp, movement))
        if built.row is not None:
            rows.append(built.row)
    problems = tuple(check_rows(rows, "2017", teams=False))
    names = {p.pair: p.names for p in SessionPair.objects.filter(session=session)}
    participants = tuple(
        Participant(pair, tuple(n.strip() for n in names.get(pair, "").split("&") if n.strip()))
        for pair in movement.pairs
    )
    results = EventResults(tuple(rows), problems, name=session.name, source=session.name)
    return Event(
        results,
        name=session.name,
        date=session.date.isoformat(),
        site=session.club.name,
        kind="pairs",
        scoring=session.scoring,
        program="bridgescore",
        participants=participants,
        hands=hands_of(session.hands_pbn),
    )


@dataclass(frozen=True, slots=True)
class Cell:
    """One table in one round on the director's grid."""

    round: int
    table: int
    ns: str
    ew: str
    boards: tuple[int, ...]
    entered: int
    state: str  # done, playing, waiting, missing (an earlier round left unfinished)
    flags: tuple[str, ...] = ()


def grid(session: Session) -> list[list[Cell]]:
    """Every round (rows) and table: done, being played, not reached, or missing (a
    result left out of a round the table has moved on from, shown in red)."""
    movement = movement_of(session)
    done = current_entries(session)
    playing = {t: table_round(session, t) for t in table_numbers(movement)}
    rows: list[list[Cell]] = []
    for number, rnd in enumerate(movement.rounds, start=1):
        row = []
        for seat in rnd.tables:
            entered = [
                done[(number, seat.table, b)]
                for b in seat.boards
                if (number, seat.table, b) in done
            ]
            if len(entered) == len(seat.boards):
                state = "done"
            elif number < playing[seat.table] or number < max(playing.values()) - 1:
                state = "missing"
            elif number == playing[seat.table]:
                state = "playing"
            else:
                state = "waiting"
            flags = tuple(f for e in entered for f in e.flags.split("; ") if f)
            row.append(
                Cell(number, seat.table, seat.ns, seat.ew, seat.boards, len(entered), state, flags)
            )
        rows.append(row)
    return rows


def missing(session: Session) -> list[Seating]:
    """Every board the movement schedules and the log has no result for."""
    done = current_entries(session)
    return [s for s in seatings(movement_of(session)) if (s.round, s.table, s.board) not in done]


def log(
    session: Session | None, what: str, detail: str, *, user: Viewer = None, address: str = ""
) -> None:
    """A line in the session's log (refused entries, forged links, takeovers)."""
    LogLine.objects.create(
        session=session,
        what=what,
        detail=detail[:500],
        by=_user(user),
        address=address[:64],
    )


def visible_boards(session: Session, table: int | None) -> set[int]:
    """The boards a viewer may see travellers of: all once published; a table, the boards
    it has finished; anyone else, none while the session is under way."""
    if session.state == Session.State.PUBLISHED:
        return set(movement_of(session).boards)
    if table is None:
        return set()
    done = current_entries(session)
    return {b for (_, t, b) in done if t == table}


def sessions_for(user: Viewer) -> Iterable[Session]:
    """The sessions of every club the user directs."""
    return Session.objects.filter(club__directors__user=_user(user)).order_by("-date", "-id")


def clubs_for(user: Viewer) -> list[Club]:
    """The clubs the user directs (none for anyone not logged in)."""
    return list(Club.objects.filter(directors__user=_user(user)))
