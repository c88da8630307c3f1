"""Late changes to a pairs session's movement (a late pair, a pair leaving, two tables
swapped): worked out and re-proved by the library, shown, then applied and logged."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from bridgescore.events.movements.fit import table_in
from bridgescore.events.movements.model import (
    Movement,
    Table,
)
from bridgescore.web.in_play import current_entries
from bridgescore.web.logbook import log
from bridgescore.web.models import (
    MovementChange,
    Session,
    SessionPair,
    TableLink,
)
from bridgescore.web.naming import boards_shown, is_teams
from bridgescore.web.refusals import EntryError, Viewer, user_of
from bridgescore.web.session_movement import movement_of, parsed_movement, table_numbers


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
        return gettext("no play")
    return gettext("{ns} v {ew}, boards {boards}").format(
        ns=seat.ns, ew=seat.ew, boards=boards_shown(seat.boards)
    )


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
                lines.append(
                    gettext("round {round}, table {table}: {before} → {after}").format(
                        round=number, table=table, before=_seat_text(a), after=_seat_text(b)
                    )
                )
        old_out = set(old.sit_outs) if old else set()
        new_out = set(new.sit_outs) if new else set()
        if old_out != new_out:
            shown = ", ".join(sorted(new_out)) or gettext("no one")
            lines.append(
                gettext("round {round}: sitting out {pairs}").format(round=number, pairs=shown)
            )
    return tuple(lines)


def _change(session: Session, what: str, detail: str, after: Movement) -> Change:
    _refuse_sections(session)
    before = movement_of(session)
    effect = _effect(before, after)
    if not effect:
        raise EntryError(gettext("{detail}: that changes nothing").format(detail=detail))
    done = current_entries(session)
    for number, rnd in enumerate(before.rounds, start=1):
        for seat in rnd.tables:
            if table_in(after, number, seat.table) != seat and any(
                (number, seat.table, b) in done for b in seat.boards
            ):
                raise EntryError(
                    gettext(
                        "round {number}, table {table} already has results: the change can only "
                        "touch rounds not yet played"
                    ).format(number=number, table=seat.table)
                )
    old = {str(p) for p in before.problems()}
    problems = tuple(p.translated(gettext) for p in after.problems() if str(p) not in old)
    return Change(what, detail, before, after, effect, problems)


def _refuse_sections(session: Session) -> None:
    """A session in sections takes no late change yet: a change would have to be made to
    one section's movement (the director adjusts or enters results instead)."""
    if session.sections:
        raise EntryError(
            gettext(
                "late changes to the movement are not made in a session in sections yet: "
                "adjust the boards of a missing pair instead"
            )
        )


def _from_round(movement: Movement, from_round: int) -> None:
    if not 1 <= from_round <= len(movement.rounds):
        raise EntryError(
            gettext("round {from_round}: the movement has rounds 1-{len}").format(
                from_round=from_round, len=len(movement.rounds)
            )
        )


def missing_pair(session: Session, pair: str, from_round: int) -> Change:
    """A pair leaves: from ``from_round`` on, its tables are not played, its opponents sit
    out and the boards of those tables go to the relay; scores are factored."""
    from dataclasses import replace

    movement = movement_of(session)
    if pair not in movement.pairs:
        raise EntryError(gettext("there is no pair {pair!r} in this session").format(pair=pair))
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
    detail = gettext("pair {pair} leaves from round {round}").format(pair=pair, round=from_round)
    return _change(session, gettext_noop("missing pair"), detail, after)


def late_pair(session: Session, pair: str, from_round: int) -> Change:
    """A pair arrives late: from ``from_round`` on it fills each round's sit-out, at the
    table missing from the round, with a set of boards not in play that round that
    neither pair is scheduled to play anywhere in the movement."""
    from dataclasses import replace

    movement = movement_of(session)
    pair = pair.strip()
    _from_round(movement, from_round)
    if not pair:
        raise EntryError(gettext("the late pair needs an id"))
    later = movement.rounds[from_round - 1 :]
    if any(pair in (t.ns, t.ew) for r in later for t in r.tables):
        raise EntryError(
            gettext("pair {pair!r} already plays in this session: give a new id").format(pair=pair)
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
                gettext(
                    "round {number}: no set of boards is free for pair {other} and pair {pair}"
                ).format(number=number, other=other, pair=pair)
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
        raise EntryError(
            gettext("no one sits out from round {from_round}: pair {pair} has no place").format(
                from_round=from_round, pair=pair
            )
        )
    # the boards of the rounds it missed are played once fewer: scores are factored
    after = replace(movement, rounds=tuple(rounds), factored=movement.factored or from_round > 1)
    detail = gettext("pair {pair} joins from round {round}").format(pair=pair, round=from_round)
    return _change(session, gettext_noop("late pair"), detail, after)


def _seat_before(session: Session, number: int, pairs: set[str]) -> Table | None:
    """The table the two pairs had in that round in an earlier form of the movement."""
    for change in MovementChange.objects.filter(session=session).order_by("-id"):
        earlier = parsed_movement(change.before_json)
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
            raise EntryError(
                gettext("there is no table {table} in this session").format(table=table)
            )
    if first == second:
        raise EntryError(gettext("choose two different tables"))
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
    detail = gettext("tables {first} and {second} change places from round {round}").format(
        first=first, second=second, round=from_round
    )
    return _change(session, gettext_noop("table moved"), detail, after)


def apply_change(session: Session, change: Change, reason: str, user: Viewer) -> MovementChange:
    """Apply a change the director has seen: the session's movement replaced (new tables
    get their links), and the change kept with the movement before and after."""
    if is_teams(session):
        raise EntryError(
            gettext("late changes are for pairs sessions: a teams session has none yet")
        )
    _refuse_sections(session)
    if not reason.strip():
        raise EntryError(gettext("a change to the movement needs a reason (it goes in the log)"))
    with transaction.atomic():
        locked = Session.objects.select_for_update().get(pk=session.pk)
        if locked.movement_json != change.before.to_json():
            raise EntryError(gettext("the movement has changed since: look at the change again"))
        locked.movement_json = change.after.to_json()
        locked.movement_version += 1
        locked.save(update_fields=["movement_json", "movement_version"])
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
            by=user_of(user),
        )
        log(
            locked,
            gettext_noop("movement changed"),
            f"{change.detail}: {reason.strip()}",
            user=user,
        )
    session.movement_json = locked.movement_json
    session.movement_version = locked.movement_version
    return kept
