"""What the web app does, apart from HTTP: set up a session, take a table's result through
the library's own row kernel, keep the log, and turn the log into the library's event.

Views call these and turn :class:`EntryError` (and any library input error) into a
message in one place (:mod:`bridgescore.web.views.common`).
"""

from __future__ import annotations

import datetime
import json
import statistics
import threading
import uuid
from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from functools import lru_cache

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db import IntegrityError, connection, transaction
from django.db.models import Q

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
from bridgescore.events.movements.model import (
    Movement,
    MovementKind,
    Round,
    Table,
    board_range,
)
from bridgescore.events.movements.swiss import Draw, Pairing, Standing, SwissRules, swiss_round
from bridgescore.events.movements.teams import Match, RobinRound, RoundRobin, round_robin, two_room
from bridgescore.events.pairs import PairsResult, PairsScoring
from bridgescore.events.ranking import places
from bridgescore.events.scoring import EventResult, score_event
from bridgescore.events.teams import TeamsResult
from bridgescore.io.rows import RawResult, build_result, raw_field
from bridgescore.report.view import Report
from bridgescore.web.models import (
    Club,
    Director,
    Entry,
    LogLine,
    MovementChange,
    Penalty,
    Player,
    Session,
    SessionPair,
    SwissDraw,
    TableLink,
)

Viewer = AbstractBaseUser | AnonymousUser | None
"""Who is asking: a logged-in director, or no one."""


def _user(who: Viewer) -> User | None:
    return who if isinstance(who, User) and who.is_authenticated else None


class EntryError(BridgeInputError):
    """A result the app will not take: says why, in words for the table."""


class SessionClosedError(EntryError):
    """A table's result after the director closed (or published) the session."""


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
        check_hands(hands_pbn)  # a located error now rather than at the first lead check
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


def check_hands(pbn_text: str) -> None:
    """Refuse hand records with any error (with its line and board) or with no deals."""
    from bridgescore.io import pbn

    pbn.loads(pbn_text, source="hand records", strict=True)
    if not hands_of(pbn_text):
        raise EntryError("the hand records hold no deals")


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
    return standing(Entry.objects.filter(session=session).order_by("id"))


def standing(entries: Iterable[Entry]) -> dict[tuple[int, int, int], Entry]:
    """The entries that stand among ``entries`` (in the log's order): the latest for each
    (round, table, board), erased ones gone."""
    found: dict[tuple[int, int, int], Entry] = {}
    for entry in entries:
        key = (entry.round, entry.table, entry.board)
        if entry.kind == Entry.Kind.ERASED:
            found.pop(key, None)
        else:
            found[key] = entry
    return found


def table_round(
    session: Session, table: int, done: Mapping[tuple[int, int, int], Entry] | None = None
) -> int:
    """The round a table is playing: its first round with a board still to enter.
    ``done``: the standing entries when the caller has read them already."""
    movement = movement_of(session)
    if done is None:
        done = current_entries(session)
    for number in range(1, len(movement.rounds) + 1):
        seat = table_in(movement, number, table)
        if seat is None:
            continue
        if any((number, table, board) not in done for board in seat.boards):
            return number
    return len(movement.rounds)


def table_label(session: Session, table: int) -> str:
    """A table as the players know it: its number (pairs), or its match and room, ``1a``
    for match 1's open room and ``1b`` for its closed room (teams)."""
    return room_label(table) if session.kind == Session.Kind.TEAMS else str(table)


def room_label(table: int) -> str:
    """``1a``/``1b`` for the open and closed rooms of match 1 (tables 1 and 2), and on."""
    return f"{(table + 1) // 2}{'a' if table % 2 else 'b'}"


def room_name(table: int) -> str:
    """``match 1, open room`` for table 1, ``match 1, closed room`` for table 2."""
    return f"match {(table + 1) // 2}, {'open' if table % 2 else 'closed'} room"


def _raw(session: Session, seat: Table, inp: EntryInput, movement: Movement) -> RawResult:
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
        contract=raw_field("contract", inp.contract, where),
        declarer=raw_field("declarer", inp.declarer, where),
        tricks=raw_field("result", inp.result, where),
        adjusted=raw_field("adjusted", adjusted, where),
        round=inp.round,
        table=label,
    )


def check_entry(session: Session, inp: EntryInput) -> ResultRow:
    """The row an entry makes, or an :class:`EntryError` saying what is wrong: the board
    must be this table's in this round, and the contract and result possible."""
    movement = movement_of(session)
    seat = table_in(movement, inp.round, inp.table)
    label = table_label(session, inp.table)
    if seat is None:
        raise EntryError(f"table {label} does not play in round {inp.round}")
    if inp.board not in seat.boards:
        shown = ", ".join(map(str, sorted(seat.boards)))
        what = f"this match: boards {shown}" if _teams(session) else f"this round: boards {shown}"
        raise EntryError(
            f"board {inp.board} is not played at table {label} in round {inp.round} ({what})"
        )
    if _teams(session) and inp.adjusted.strip():
        raise EntryError(
            "a teams match is scored from both rooms' results: it takes no adjusted score"
            " (a board marked not played in a room is left out of the match)"
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
    board that already has a result; the director may, with a reason.

    One read and one write, in one transaction: the board's entries and any entry under
    this id, read under the table's lock (a row lock on PostgreSQL; on SQLite writers
    queue in this process), so two phones cannot both keep a result for one board."""
    entry_id = inp.entry_id or uuid.uuid4()
    key = (inp.round, inp.table, inp.board)
    try:
        with _one_writer(), transaction.atomic():
            if connection.vendor != "sqlite":  # SQLite writes one at a time already
                list(
                    TableLink.objects.select_for_update()
                    .filter(session=session, table=inp.table)
                    .order_by()[:1]
                )
            read = list(
                Entry.objects.filter(session=session)
                .filter(Q(board=inp.board) | Q(entry_id=entry_id))
                .order_by("id")
            )
            existing = next((e for e in read if e.entry_id == entry_id), None)
            if existing is not None:  # a resend: the phone gets the entry kept before
                return existing, False
            if session.state != Session.State.RUNNING and by_table:
                raise SessionClosedError(
                    "this table's link has expired: the session is closed (ask the director)"
                )
            row = check_entry(session, inp)
            if not by_table and not reason.strip():
                raise EntryError("a director's change needs a reason (it goes in the log)")
            board = standing(e for e in read if e.board == inp.board)
            if by_table and key in board:
                raise EntryError(
                    f"board {inp.board} already has a result at this table: ask the director"
                )
            others = [e for other, e in board.items() if other != key]
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
                flags="; ".join(flags_for(session, inp, row, others)),
            )
    except IntegrityError:  # the same id sent twice at once: the first one is kept
        return Entry.objects.get(session=session, entry_id=entry_id), False
    return entry, True


_SQLITE_WRITES = threading.Lock()


def _one_writer() -> AbstractContextManager[object]:
    """On SQLite, writers queue in this process (first come, first served) instead of
    polling SQLite's busy handler, which gives a long tail under 60 tables at once."""
    return _SQLITE_WRITES if connection.vendor == "sqlite" else nullcontext()


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


def flags_for(
    session: Session, inp: EntryInput, row: ResultRow, others: Sequence[Entry]
) -> list[str]:
    """What the director should look at (never a reason to refuse): the lead not in the
    leader's hand; both sides declaring the same strain with too many tricks between
    them; a score far from every other at the board (``others``: its other results)."""
    found = []
    lead = lead_problem(session, inp, row)
    if lead:
        found.append(lead)
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
    row kernel), the pairs' names, the hand records. A teams session's rows name the
    teams (``ns``/``ew``), its round and its room table (``1a``, ``1b``); a board marked
    not played in a room is left out (a teams match has no score for it)."""
    movement = movement_of(session)
    teams = _teams(session)
    rows: list[ResultRow] = []
    for (rnd, table, board), entry in sorted(current_entries(session).items()):
        seat = table_in(movement, rnd, table)
        if seat is None or (teams and entry.kind == Entry.Kind.NOT_PLAYED):
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
    problems = tuple(check_rows(rows, "2017", teams=teams))
    names = {p.pair: p.names for p in SessionPair.objects.filter(session=session)}
    participants = tuple(
        Participant(pair, tuple(n.strip() for n in names.get(pair, "").split("&") if n.strip()))
        for pair in (team_names(session) if teams else movement.pairs)
    )
    results = EventResults(
        tuple(rows), problems, name=session.name, source=session.name, teams=teams
    )
    return Event(
        results,
        name=session.name,
        date=session.date.isoformat(),
        site=session.club.name,
        kind="teams" if teams else "pairs",
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
    label: str = ""  # teams: the match and room (``match 1, open room``)


def grid(session: Session) -> list[list[Cell]]:
    """Every round (rows) and table (columns): done, being played, not reached, or
    missing (a result left out of a round the table has moved on from, shown in red);
    ``idle`` where the table does not play that round."""
    movement = movement_of(session)
    done = current_entries(session)
    numbers = table_numbers(movement)
    labels = {t: room_name(t) if _teams(session) else "" for t in numbers}
    playing = {t: table_round(session, t, done) for t in numbers}
    latest = {t: 0 for t in numbers}
    for rnd_no, table, _ in done:
        latest[table] = max(latest.get(table, 0), rnd_no)
    rows: list[list[Cell]] = []
    for number, rnd in enumerate(movement.rounds, start=1):
        seats = {seat.table: seat for seat in rnd.tables}
        row = []
        for table in numbers:
            seat = seats.get(table)
            if seat is None:
                row.append(Cell(number, table, "", "", (), 0, "idle", label=labels[table]))
                continue
            entered = [
                done[(number, seat.table, b)]
                for b in seat.boards
                if (number, seat.table, b) in done
            ]
            if len(entered) == len(seat.boards):
                state = "done"
            elif (
                number < playing[seat.table]
                or number < latest[seat.table]
                or number < max(playing.values()) - 1
            ):
                state = "missing"
            elif number == playing[seat.table]:
                state = "playing"
            else:
                state = "waiting"
            flags = tuple(f for e in entered for f in e.flags.split("; ") if f)
            row.append(
                Cell(
                    number,
                    seat.table,
                    seat.ns,
                    seat.ew,
                    seat.boards,
                    len(entered),
                    state,
                    flags,
                    labels[table],
                )
            )
        rows.append(row)
    return rows


def unfinished(session: Session, table: int) -> list[int]:
    """The boards of the table's current round with neither a result nor "not played":
    the round cannot be left until there are none."""
    done = current_entries(session)
    number = table_round(session, table, done)
    seat = table_in(movement_of(session), number, table)
    return [b for b in seat.boards if (number, table, b) not in done] if seat else []


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
    it has finished (a board it did not play stays hidden, as on a Bridgemate, since it
    may yet play it); anyone else, none while the session is under way."""
    if session.state == Session.State.PUBLISHED:
        return set(movement_of(session).boards)
    if table is None:
        return set()
    done = current_entries(session)
    return {b for (_, t, b), e in done.items() if t == table and e.kind != Entry.Kind.NOT_PLAYED}


def sessions_for(user: Viewer) -> Iterable[Session]:
    """The sessions of every club the user directs."""
    return Session.objects.filter(club__directors__user=_user(user)).order_by("-date", "-id")


def clubs_for(user: Viewer) -> list[Club]:
    """The clubs the user directs (none for anyone not logged in)."""
    return list(Club.objects.filter(directors__user=_user(user)))


# --- the club's roster and directors ---------------------------------------------------


def add_player(club: Club, name: str, number: str = "") -> Player:
    """A new player on the club's roster (a name not already on it)."""
    name = " ".join(name.split())
    if not name:
        raise EntryError("the player needs a name")
    if "&" in name:
        raise EntryError(f"{name!r}: a player's name cannot hold '&' (it joins a pair's names)")
    if Player.objects.filter(club=club, name__iexact=name).exists():
        raise EntryError(f"{name!r} is already on the roster")
    return Player.objects.create(club=club, name=name[:120], number=number.strip()[:30])


def add_director(club: Club, username: str, password: str, user: Viewer = None) -> Director:
    """A new director login for the club (the password kept hashed, never as typed)."""
    from django.contrib.auth.password_validation import validate_password
    from django.core.exceptions import ValidationError

    username = username.strip()
    if not username:
        raise EntryError("the director needs a user name")
    if User.objects.filter(username__iexact=username).exists():
        raise EntryError(f"the user name {username!r} is taken")
    try:
        validate_password(password)
    except ValidationError as error:
        raise EntryError(" ".join(error.messages)) from None
    with transaction.atomic():
        login = User.objects.create_user(username, password=password)
        director = Director.objects.create(user=login, club=club)
    log(None, "director added", f"{username} directs {club.name}", user=user)
    return director


def set_pair_names(
    session: Session, pair: str, players: Iterable[Player | str], user: Viewer = None
) -> SessionPair:
    """Name a pair of the session from the roster (or typed names): ``"A & B"``."""
    row = SessionPair.objects.filter(session=session, pair=pair).first()
    if row is None:
        raise EntryError(f"there is no pair {pair!r} in this session")
    names = []
    for player in players:
        if isinstance(player, Player) and player.club_id != session.club_id:
            raise EntryError(f"{player.name!r} is not on this club's roster")
        text = " ".join(str(player).split())
        if "&" in text:
            raise EntryError(f"{text!r}: a player's name cannot hold '&'")
        if text:
            names.append(text)
    shown = " & ".join(names)
    if shown != row.names:
        row.names = shown[:200]
        row.save(update_fields=["names"])
        log(session, "pair named", f"pair {pair}: {shown or '(no names)'}", user=user)
    return row


# --- procedural penalties and the ranking -------------------------------------------


def add_penalty(
    session: Session,
    pair: str,
    amount: str,
    unit: str,
    reason: str,
    user: Viewer = None,
) -> Penalty:
    """A procedural penalty on a pair's total (a new line; nothing is overwritten)."""
    if _teams(session):
        raise EntryError("procedural penalties are for pairs sessions (not in VPs yet)")
    if pair not in movement_of(session).pairs:
        raise EntryError(f"there is no pair {pair!r} in this session")
    try:
        value = Decimal(amount.strip())
    except InvalidOperation:
        raise EntryError(f"{amount!r}: a penalty is a number, like 2 or 0.5") from None
    if not value.is_finite() or value <= 0 or value >= 1000:
        raise EntryError(f"{amount!r}: a penalty is more than 0 and less than 1000")
    if unit not in Penalty.Unit.values:
        raise EntryError(f"{unit!r}: a penalty is in {' or '.join(Penalty.Unit.values)}")
    if unit == Penalty.Unit.TOP and _uses_imps(session):
        raise EntryError("a penalty in per cent of a top is for matchpoints: give IMPs")
    if unit == Penalty.Unit.TOP and value > 100:
        raise EntryError(f"{amount}% of a top: say at most 100")
    if not reason.strip():
        raise EntryError("a penalty needs a reason (it goes in the log)")
    return Penalty.objects.create(
        session=session, pair=pair, amount=value, unit=unit, reason=reason.strip(), by=_user(user)
    )


def withdraw_penalty(session: Session, penalty_id: int, reason: str, user: Viewer) -> Penalty:
    """Withdraw a penalty: a new line naming it (the penalty stays in the log)."""
    penalty = Penalty.objects.filter(session=session, pk=penalty_id, withdraws=None).first()
    if penalty is None or Penalty.objects.filter(withdraws=penalty).exists():
        raise EntryError("that penalty is not standing")
    if not reason.strip():
        raise EntryError("withdrawing a penalty needs a reason (it goes in the log)")
    return Penalty.objects.create(
        session=session,
        pair=penalty.pair,
        amount=penalty.amount,
        unit=penalty.unit,
        withdraws=penalty,
        reason=reason.strip(),
        by=_user(user),
    )


def standing_penalties(session: Session) -> list[Penalty]:
    """The penalties that stand (not withdrawn), in the order they were given."""
    withdrawn = set(
        Penalty.objects.filter(session=session, withdraws__isnull=False).values_list(
            "withdraws_id", flat=True
        )
    )
    return [
        p for p in Penalty.objects.filter(session=session, withdraws=None) if p.pk not in withdrawn
    ]


def _uses_imps(session: Session) -> bool:
    return PairsScoring.parse(session.scoring).uses_imps


def _exact_points(scored: PairsResult) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """Each pair's exact points and the sum of the tops of the boards it scored on."""
    points: dict[str, Fraction] = {}
    tops: dict[str, Fraction] = {}
    for traveller in scored.travellers:
        top = Fraction(str(traveller.counted_top or 0))
        for line in traveller.lines:
            for side, pair in (("NS", line.row.ns), ("EW", line.row.ew)):
                got = line.exact(side)
                if got is not None:
                    points[pair] = points.get(pair, Fraction(0)) + got
                    tops[pair] = tops.get(pair, Fraction(0)) + top
    return points, tops


@dataclass(frozen=True, slots=True)
class RankLine:
    """A pair's line in the ranking after procedural penalties (``penalty``: the points
    taken off its total; its percentage loses them over the tops of the boards it played)."""

    place: str
    pair: str
    field: str
    names: str
    total: float
    percent: float | None
    boards: int
    penalty: float


def ranking(session: Session, result: EventResult | None = None) -> list[RankLine]:
    """The ranking as the library scores the session, with the standing procedural
    penalties taken off: a penalty in points off the total, one in per cent of a top as
    that share of the biggest board top; the percentage loses the same points over the
    tops of the boards the pair played; places worked out again by the library's
    :func:`~bridgescore.events.ranking.places` on the same figure (percentage, else total).
    """
    scored = result if result is not None else score_event(event_of(session))
    if not isinstance(scored, PairsResult):
        raise EntryError("this session is not a pairs event")
    top = max((t.counted_top or 0 for t in scored.travellers), default=0)
    exact, tops = _exact_points(scored)
    taken: dict[str, Fraction] = {}
    for penalty in standing_penalties(session):
        amount = Fraction(penalty.amount)
        points = (
            amount if penalty.unit == Penalty.Unit.POINTS else amount * Fraction(str(top)) / 100
        )
        taken[penalty.pair] = taken.get(penalty.pair, Fraction(0)) + points
    names = {p.pair: p.names for p in SessionPair.objects.filter(session=session)}
    lines: list[RankLine] = []
    for field_name in scored.fields:
        standings = [s for s in scored.standings if s.field == field_name]
        totals: dict[str, float] = {}
        percents: dict[str, float | None] = {}
        for s in standings:
            off = taken.get(s.pair, Fraction(0))
            totals[s.pair] = round(float(Fraction(str(s.total)) - off), 2)
            pair_top = tops.get(s.pair, Fraction(0))
            percents[s.pair] = s.percent
            if s.percent is not None and off and pair_top:
                basis = exact.get(s.pair, Fraction(0)) - off
                percents[s.pair] = round(float(100 * basis / pair_top), 2)
        figures: dict[str, float] = {}
        for p, total in totals.items():
            percent = percents[p]
            figures[p] = total if percent is None else percent
        placed = places(figures)
        for s in standings:
            lines.append(
                RankLine(
                    placed[s.pair],
                    s.pair,
                    field_name,
                    names.get(s.pair, ""),
                    totals[s.pair],
                    percents[s.pair],
                    s.boards,
                    round(float(taken.get(s.pair, Fraction(0))), 2),
                )
            )
    lines.sort(key=lambda r: (scored.fields.index(r.field), int(r.place.rstrip("=")), r.pair))
    return lines


# --- late changes to the movement ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Change:
    """A late change worked out, not yet applied: the movement before and after, what it
    changes round by round and table by table, and the movement's problems after it that
    it did not have before (re-checked by the library's :meth:`Movement.problems`)."""

    what: str
    detail: str
    before: Movement
    after: Movement
    effect: tuple[str, ...]
    problems: tuple[str, ...]

    @property
    def key(self) -> str:
        """A short digest of the change, so that what is applied is what was shown."""
        import hashlib

        text = self.before.to_json() + "\n" + self.after.to_json()
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def _seat_text(seat: Table | None) -> str:
    if seat is None:
        return "no play"
    return f"{seat.ns} v {seat.ew}, boards {boards_shown(seat.boards)}"


def boards_shown(boards: Iterable[int]) -> str:
    """Boards as the app's pages list them: ``1-4`` for a whole run of three or more,
    else each number (``1, 2``; ``1, 3, 4``)."""
    ordered = sorted(boards)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(map(str, ordered))


def _effect(before: Movement, after: Movement) -> tuple[str, ...]:
    lines = []
    for number in range(1, max(len(before.rounds), len(after.rounds)) + 1):
        old = before.rounds[number - 1] if number <= len(before.rounds) else None
        new = after.rounds[number - 1] if number <= len(after.rounds) else None
        old_tables = {t.table: t for t in old.tables} if old else {}
        new_tables = {t.table: t for t in new.tables} if new else {}
        for table in sorted(set(old_tables) | set(new_tables)):
            a, b = old_tables.get(table), new_tables.get(table)
            if a != b:
                lines.append(f"round {number}, table {table}: {_seat_text(a)} → {_seat_text(b)}")
        old_out = set(old.sit_outs) if old else set()
        new_out = set(new.sit_outs) if new else set()
        if old_out != new_out:
            shown = ", ".join(sorted(new_out)) or "no one"
            lines.append(f"round {number}: sitting out {shown}")
    return tuple(lines)


def _change(session: Session, what: str, detail: str, after: Movement) -> Change:
    before = movement_of(session)
    effect = _effect(before, after)
    if not effect:
        raise EntryError(f"{detail}: that changes nothing")
    done = current_entries(session)
    for number, rnd in enumerate(before.rounds, start=1):
        for seat in rnd.tables:
            if table_in(after, number, seat.table) != seat and any(
                (number, seat.table, b) in done for b in seat.boards
            ):
                raise EntryError(
                    f"round {number}, table {seat.table} already has results:"
                    " the change can only touch rounds not yet played"
                )
    old = {str(p) for p in before.problems()}
    problems = tuple(str(p) for p in after.problems() if str(p) not in old)
    return Change(what, detail, before, after, effect, problems)


def _from_round(movement: Movement, from_round: int) -> None:
    if not 1 <= from_round <= len(movement.rounds):
        raise EntryError(f"round {from_round}: the movement has rounds 1-{len(movement.rounds)}")


def missing_pair(session: Session, pair: str, from_round: int) -> Change:
    """A pair leaves: from ``from_round`` on, its tables are not played, its opponents sit
    out and the boards of those tables go to the relay; scores are factored."""
    from dataclasses import replace

    movement = movement_of(session)
    if pair not in movement.pairs:
        raise EntryError(f"there is no pair {pair!r} in this session")
    _from_round(movement, from_round)
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
    after = replace(movement, rounds=tuple(rounds), factored=True)
    return _change(session, "missing pair", f"pair {pair} leaves from round {from_round}", after)


def late_pair(session: Session, pair: str, from_round: int) -> Change:
    """A pair arrives late: from ``from_round`` on it fills each round's sit-out, at the
    table missing from the round, with a set of boards not in play that round that
    neither pair is scheduled to play anywhere in the movement."""
    from dataclasses import replace

    movement = movement_of(session)
    pair = pair.strip()
    _from_round(movement, from_round)
    if not pair:
        raise EntryError("the late pair needs an id")
    later = movement.rounds[from_round - 1 :]
    if any(pair in (t.ns, t.ew) for r in later for t in r.tables):
        raise EntryError(f"pair {pair!r} already plays in this session: give a new id")
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
        earlier = _seat_before(session, number, {pair, other})
        if (
            earlier is not None
            and earlier.table not in used
            and earlier.boards not in given
            and not (set(earlier.boards) & in_play - movement.shared)
        ):  # a pair that left and comes back gets its seat back
            given.add(earlier.boards)
            rounds.append(
                replace(
                    rnd,
                    tables=tuple(sorted((*rnd.tables, earlier), key=lambda t: t.table)),
                    sit_outs=tuple(p for p in rnd.sit_outs if p not in (other, pair)),
                    relay=tuple(b for b in rnd.relay if b not in earlier.boards),
                )
            )
            filled = True
            continue
        choices = [
            s
            for s in sets
            if s not in played.get(other, set())
            and s not in given
            and not (set(s) & in_play - movement.shared)
        ]
        if not choices:
            raise EntryError(
                f"round {number}: no set of boards is free for pair {other} and pair {pair}"
            )
        boards = choices[0]
        given.add(boards)
        table = next(n for n in range(1, len(used) + 2) if n not in used)
        ns, ew = (pair, other) if other.upper().endswith("EW") else (other, pair)
        seat = Table(table, ns, ew, boards)
        tables = tuple(sorted((*rnd.tables, seat), key=lambda t: t.table))
        sit_outs = tuple(p for p in rnd.sit_outs if p not in (other, pair))
        relay = tuple(b for b in rnd.relay if b not in boards)
        rounds.append(replace(rnd, tables=tables, sit_outs=sit_outs, relay=relay))
        filled = True
    if not filled:
        raise EntryError(f"no one sits out from round {from_round}: pair {pair} has no place")
    # the boards of the rounds it missed are played once fewer: scores are factored
    after = replace(movement, rounds=tuple(rounds), factored=movement.factored or from_round > 1)
    return _change(session, "late pair", f"pair {pair} joins from round {from_round}", after)


def _seat_before(session: Session, number: int, pairs: set[str]) -> Table | None:
    """The table the two pairs had in that round in an earlier form of the movement."""
    for change in MovementChange.objects.filter(session=session).order_by("-id"):
        earlier = _movement(change.before_json)
        if number > len(earlier.rounds):
            continue
        for seat in earlier.rounds[number - 1].tables:
            if {seat.ns, seat.ew} == pairs:
                return seat
    return None


def move_table(session: Session, first: int, second: int, from_round: int) -> Change:
    """Two tables change places (their numbers swap) from ``from_round`` on: the pairs and
    boards of one are played at the other's number, and so on its link."""
    from dataclasses import replace

    movement = movement_of(session)
    _from_round(movement, from_round)
    numbers = table_numbers(movement)
    for table in (first, second):
        if table not in numbers:
            raise EntryError(f"there is no table {table} in this session")
    if first == second:
        raise EntryError("choose two different tables")
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
    after = replace(movement, rounds=tuple(rounds))
    detail = f"tables {first} and {second} change places from round {from_round}"
    return _change(session, "table moved", detail, after)


def apply_change(session: Session, change: Change, reason: str, user: Viewer) -> MovementChange:
    """Apply a change the director has seen: the session's movement replaced (new tables
    get their links), and the change kept with the movement before and after."""
    if _teams(session):
        raise EntryError("late changes are for pairs sessions: a teams session has none yet")
    if not reason.strip():
        raise EntryError("a change to the movement needs a reason (it goes in the log)")
    with transaction.atomic():
        locked = Session.objects.select_for_update().get(pk=session.pk)
        if locked.movement_json != change.before.to_json():
            raise EntryError("the movement has changed since: look at the change again")
        locked.movement_json = change.after.to_json()
        locked.save(update_fields=["movement_json"])
        have = set(TableLink.objects.filter(session=session).values_list("table", flat=True))
        TableLink.objects.bulk_create(
            TableLink(session=locked, table=n) for n in table_numbers(change.after) if n not in have
        )
        known = set(SessionPair.objects.filter(session=session).values_list("pair", flat=True))
        SessionPair.objects.bulk_create(
            SessionPair(session=locked, pair=p) for p in change.after.pairs if p not in known
        )
        kept = MovementChange.objects.create(
            session=locked,
            what=change.what,
            effect="\n".join((change.detail, *change.effect, *change.problems)),
            before_json=change.before.to_json(),
            after_json=change.after.to_json(),
            reason=reason.strip(),
            by=_user(user),
        )
        log(locked, "movement changed", f"{change.detail}: {reason.strip()}", user=user)
    session.movement_json = locked.movement_json
    return kept


# --- teams sessions: a round robin or a Swiss, two rooms a match ----------------------

TEAMS_SCORING = "imps"
"""A teams session is scored by IMPs, converted to VPs on the library's default scale."""

SWISS_RULES = SwissRules()
"""The Swiss draw's rules: the library's default (no two teams meet twice)."""

MOST_BOARDS_A_MATCH = 64


def _teams(session: Session) -> bool:
    return session.kind == Session.Kind.TEAMS


def _room_tables(number: int, match: Match) -> tuple[Table, Table]:
    """Match ``number`` of its round as its two room tables: the home team North-South in
    the open room (table ``2n - 1``) and East-West in the closed room (table ``2n``), each
    room's boards in the order it plays them (:func:`two_room`: the rooms exchange halves)."""
    if len(match.boards) >= 2:
        passing = two_room(match)
        open_boards = tuple(b for seg in passing.segments for b in seg.open_room)
        closed_boards = tuple(b for seg in passing.segments for b in seg.closed_room)
    else:
        open_boards = closed_boards = match.boards
    return (
        Table(2 * number - 1, match.home, match.away, open_boards),
        Table(2 * number, match.away, match.home, closed_boards),
    )


def _teams_round(matches: Sequence[Match], bye: str | None) -> Round:
    tables = tuple(t for n, m in enumerate(matches, start=1) for t in _room_tables(n, m))
    return Round(tables=tables, sit_outs=() if bye is None else (bye,))


def robin_movement(robin: RoundRobin) -> Movement:
    """The round robin as room tables, round by round (the bye sits out)."""
    rounds = tuple(_teams_round(r.matches, r.bye) for r in robin.rounds)
    return Movement(MovementKind.OTHER, rounds, meet_once=False)


@dataclass(frozen=True, slots=True)
class SwissPlan:
    """A Swiss teams session's plan: its teams (in their starting order), rounds, boards."""

    teams: tuple[str, ...]
    rounds: int
    boards_per_match: int

    def to_json(self) -> str:
        return json.dumps(
            {"teams": list(self.teams), "rounds": self.rounds, "boards": self.boards_per_match}
        )

    @classmethod
    def from_json(cls, text: str) -> SwissPlan:
        data = json.loads(text)
        return cls(tuple(data["teams"]), int(data["rounds"]), int(data["boards"]))


def _team_list(teams: Sequence[str]) -> tuple[str, ...]:
    """The teams' names, checked: at least two, each named, no name twice."""
    cleaned = tuple(" ".join(t.split()) for t in teams)
    if len(cleaned) < 2:
        raise EntryError(f"a teams session needs at least 2 teams, got {len(cleaned)}")
    seen: dict[str, int] = {}
    for number, team in enumerate(cleaned, start=1):
        if not team:
            raise EntryError(f"team {number} needs a name")
        if len(team) > 40:
            raise EntryError(f"{team!r}: a team's name is at most 40 characters")
        if team.casefold() in seen:
            raise EntryError(
                f"{team!r} is named twice (teams {seen[team.casefold()]} and {number})"
            )
        seen[team.casefold()] = number
    return cleaned


def create_teams_session(
    club: Club,
    name: str,
    teams: Sequence[str],
    boards_per_match: int,
    *,
    schedule: str = Session.Schedule.ROBIN,
    rounds: int | None = None,
    date: datetime.date | None = None,
    members: Mapping[str, str] | None = None,
    hands_pbn: str = "",
    user: Viewer = None,
) -> Session:
    """A teams session under way: a round robin (every team meets every other; an odd
    count has a bye each round) or a Swiss of ``rounds`` rounds (round 1 drawn now, from
    the teams in the order given), each match at two tables with a link each."""
    ids = _team_list(teams)
    if not 1 <= boards_per_match <= MOST_BOARDS_A_MATCH:
        raise EntryError(f"a match has 1 to {MOST_BOARDS_A_MATCH} boards, not {boards_per_match}")
    if hands_pbn.strip():
        check_hands(hands_pbn)
    first: Draw | None = None
    if schedule == Session.Schedule.ROBIN:
        robin = round_robin(ids, boards_per_match)
        problems = robin.problems()
        if problems:
            raise EntryError(f"the round robin is not sound: {problems[0]}")
        movement = robin_movement(robin)
        schedule_json = robin.to_json()
        shown = f"round robin, {len(ids)} teams, {boards_per_match} boards a match"
    elif schedule == Session.Schedule.SWISS:
        most = len(ids) if len(ids) % 2 else len(ids) - 1
        if rounds is None or not 1 <= rounds <= most:
            raise EntryError(
                f"{len(ids)} teams play 1 to {most} Swiss rounds without meeting twice,"
                f" not {rounds}"
            )
        plan = SwissPlan(ids, rounds, boards_per_match)
        first = swiss_round([Standing(t, 0.0) for t in ids], SWISS_RULES, 1, unit="VP")
        movement = Movement(
            MovementKind.OTHER, (_draw_round(first, boards_per_match),), meet_once=False
        )
        schedule_json = plan.to_json()
        shown = f"Swiss, {len(ids)} teams, {rounds} rounds of {boards_per_match} boards"
    else:
        raise EntryError("choose a round robin or a Swiss")
    given = members or {}
    with transaction.atomic():
        session = Session.objects.create(
            club=club,
            name=name,
            date=date or datetime.date.today(),
            spec=shown,
            movement_json=movement.to_json(),
            hands_pbn=hands_pbn,
            scoring=TEAMS_SCORING,
            kind=Session.Kind.TEAMS,
            schedule=schedule,
            schedule_json=schedule_json,
        )
        SessionPair.objects.bulk_create(
            SessionPair(session=session, pair=team, names=given.get(team, "")) for team in ids
        )
        TableLink.objects.bulk_create(
            TableLink(session=session, table=number) for number in table_numbers(movement)
        )
        if first is not None:
            SwissDraw.objects.create(
                session=session, round=1, draw_json=draw_to_json(first), by=_user(user)
            )
    return session


def team_names(session: Session) -> tuple[str, ...]:
    """A teams session's teams, in the order they were given."""
    if session.schedule == Session.Schedule.ROBIN:
        return RoundRobin.from_json(session.schedule_json).teams
    if session.schedule == Session.Schedule.SWISS:
        return SwissPlan.from_json(session.schedule_json).teams
    return movement_of(session).pairs


def round_robin_of(session: Session) -> RoundRobin:
    """The session's schedule as the library's round robin (a Swiss: its rounds so far)."""
    if session.schedule == Session.Schedule.ROBIN:
        return RoundRobin.from_json(session.schedule_json)
    if session.schedule != Session.Schedule.SWISS:
        raise EntryError("this session is not a teams event")
    plan = SwissPlan.from_json(session.schedule_json)
    rounds = []
    for draw in draws_of(session):
        boards = board_range(draw.round - 1, plan.boards_per_match)
        matches = tuple(Match(p.higher, p.lower, boards) for p in draw.pairings)
        rounds.append(RobinRound(matches, draw.bye))
    return RoundRobin(plan.teams, tuple(rounds))


def draw_to_json(draw: Draw) -> str:
    """A Swiss draw as kept: its pairings with their reasons, the bye and why."""
    return json.dumps(
        {
            "round": draw.round,
            "pairings": [
                {"table": p.table, "higher": p.higher, "lower": p.lower, "why": p.why}
                for p in draw.pairings
            ],
            "bye": draw.bye,
            "bye_why": draw.bye_why,
        }
    )


def draw_from_json(text: str) -> Draw:
    data = json.loads(text)
    pairings = tuple(
        Pairing(int(p["table"]), str(p["higher"]), str(p["lower"]), str(p["why"]))
        for p in data["pairings"]
    )
    return Draw(int(data["round"]), pairings, data.get("bye"), data.get("bye_why"))


def draws_of(session: Session) -> list[Draw]:
    """The Swiss rounds drawn so far, round 1 first."""
    return [draw_from_json(d.draw_json) for d in SwissDraw.objects.filter(session=session)]


def _draw_round(draw: Draw, boards_per_match: int) -> Round:
    """A drawn Swiss round as room tables: the higher-placed team at home; a new set of
    boards each round (round ``r`` plays ``(r - 1) * boards + 1`` onwards)."""
    boards = board_range(draw.round - 1, boards_per_match)
    return _teams_round([Match(p.higher, p.lower, boards) for p in draw.pairings], draw.bye)


def teams_result(session: Session, event: Event | None = None) -> TeamsResult | None:
    """The teams session scored by the library (IMPs, VPs on its default scale), a board
    with one room's result so far left out of its match; ``None`` before any result."""
    event = event if event is not None else event_of(session)
    if not event.results.rows:
        return None
    scored = score_event(event, incomplete="skip")
    if not isinstance(scored, TeamsResult):
        raise EntryError("this session is not a teams event")
    return scored


def teams_report(session: Session, event: Event | None = None) -> Report:
    """The results pages of a teams session, by the report's view model (as
    :func:`teams_result` scores it)."""
    from bridgescore.events.scoring import event_conventions
    from bridgescore.report.view import build_report

    event = event if event is not None else event_of(session)
    return build_report(event, conventions=event_conventions(event, incomplete="skip"))


def swiss_standings(session: Session) -> list[Standing]:
    """The standings a Swiss round is drawn from: each team's VPs as the library totals
    them, in the library's order (VPs, then IMP difference), its opponents round by round
    (``None`` on the bye) and whether it has had the bye. A team with no match scored yet
    has 0 VPs."""
    plan = SwissPlan.from_json(session.schedule_json)
    opponents: dict[str, list[str | None]] = {t: [] for t in plan.teams}
    byes: set[str] = set()
    for draw in draws_of(session):
        met: dict[str, str] = {}
        for p in draw.pairings:
            met[p.higher], met[p.lower] = p.lower, p.higher
        for team in plan.teams:
            opponents[team].append(met.get(team))
        if draw.bye is not None:
            byes.add(draw.bye)
    result = teams_result(session)
    scored = {s.team: s for s in result.standings} if result is not None else {}

    def order(team: str) -> tuple[float, float, str]:
        s = scored.get(team)
        if s is None:
            return (0.0, 0.0, team)
        return (-round(s.vp, 2), -(s.points_for - s.points_against), team)

    ordered = sorted(plan.teams, key=order)
    vps = {t: scored[t].vp if t in scored else 0.0 for t in ordered}
    placed = places(vps)
    return [
        Standing(
            team,
            vps[team],
            place=int(placed[team].rstrip("=")),
            opponents=tuple(opponents[team]),
            had_bye=team in byes,
        )
        for team in ordered
    ]


def next_draw(session: Session) -> Draw:
    """The next Swiss round drawn from the standings (not kept until confirmed): only
    once the last round drawn has every result in."""
    if session.schedule != Session.Schedule.SWISS:
        raise EntryError("this session is not a Swiss teams event")
    plan = SwissPlan.from_json(session.schedule_json)
    drawn = SwissDraw.objects.filter(session=session).count()
    if drawn >= plan.rounds:
        raise EntryError(f"all {plan.rounds} rounds are drawn")
    left = [s for s in missing(session) if s.round == drawn]
    if left:
        first = left[0]
        raise EntryError(
            f"round {drawn} is not complete: {len(left)} results still to come"
            f" (first: table {room_label(first.table)}, board {first.board})"
        )
    return swiss_round(swiss_standings(session), SWISS_RULES, drawn + 1, unit="VP")


def draw_key(draw: Draw) -> str:
    """A short digest of a draw, so that what is confirmed is what was shown."""
    import hashlib

    return hashlib.sha256(draw_to_json(draw).encode()).hexdigest()[:16]


def confirm_draw(session: Session, draw: Draw, user: Viewer = None) -> SwissDraw:
    """Keep a Swiss round the director has seen: its room tables added to the movement
    (new tables get their links) and the draw kept with its reasons."""
    from dataclasses import replace

    plan = SwissPlan.from_json(session.schedule_json)
    with transaction.atomic():
        locked = Session.objects.select_for_update().get(pk=session.pk)
        movement = movement_of(locked)
        if draw.round != len(movement.rounds) + 1 or draw.round > plan.rounds:
            raise EntryError(f"round {draw.round} is drawn already: look at the session again")
        after = replace(
            movement, rounds=(*movement.rounds, _draw_round(draw, plan.boards_per_match))
        )
        locked.movement_json = after.to_json()
        locked.save(update_fields=["movement_json"])
        have = set(TableLink.objects.filter(session=locked).values_list("table", flat=True))
        TableLink.objects.bulk_create(
            TableLink(session=locked, table=n) for n in table_numbers(after) if n not in have
        )
        kept = SwissDraw.objects.create(
            session=locked, round=draw.round, draw_json=draw_to_json(draw), by=_user(user)
        )
        shown = "; ".join(f"{p.higher} v {p.lower}" for p in draw.pairings)
        bye = f"; {draw.bye} has the bye" if draw.bye else ""
        log(locked, "round drawn", f"round {draw.round}: {shown}{bye}", user=user)
    session.movement_json = locked.movement_json
    return kept
