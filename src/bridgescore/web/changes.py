"""Late changes to a pairs session's movement (a late pair, a pair leaving, two tables
swapped): read from the director's form, worked out by the library's rules
(:mod:`bridgescore.events.movements.late`) on the movement, or on one section's movement
in a session in sections, re-proved, shown, then applied and logged.

What a change does is kept as messages (:mod:`.said`): its preview, the change kept
(:class:`~bridgescore.web.models.MovementChange`) and its log line read in the language of
whoever reads them, not of the director who made it."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from bridgescore.core.notation import notated_pair, notated_pairs
from bridgescore.events.movements import late
from bridgescore.events.movements.model import Movement, MovementError, Table
from bridgescore.events.movements.sections import SectionedMovement
from bridgescore.web import said
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
from bridgescore.web.session_movement import (
    movement_of,
    parsed_field,
    sections_of,
    table_numbers,
)


@dataclass(frozen=True, slots=True)
class Change:
    """A late change worked out, not yet applied: the movement played before and after
    (flattened in a session in sections), what it changes round by round and table by
    table, the movement's problems after it that it did not have before (re-checked by
    the library), and the session's stored movement before and after (the sections'
    JSON form in a session in sections). What it does is kept as messages, shown (the
    ``_shown`` properties) and kept in each reader's language, whoever made the change."""

    what: str
    asked: said.Part
    """The change asked for: ``pair 2EW leaves from round 2`` (``section B: ...``)."""
    before: Movement
    after: Movement
    effect: tuple[said.Part, ...]
    problems: tuple[said.Part, ...]
    stored_before: str
    stored_after: str

    @property
    def detail(self) -> str:
        """The change asked for, in the reader's language."""
        return said.text(self.asked)

    @property
    def effect_shown(self) -> tuple[str, ...]:
        """The effect in the reader's language."""
        return tuple(said.text(line) for line in self.effect)

    @property
    def problems_shown(self) -> tuple[str, ...]:
        """The movement's new problems in the reader's language and notation."""
        return tuple(said.text(line) for line in self.problems)

    @property
    def kept(self) -> str:
        """What the change does as :class:`~bridgescore.web.models.MovementChange` keeps
        it: the change asked for, its effect and the new problems, as messages."""
        return said.said_all([self.asked, *self.effect, *self.problems])

    @property
    def key(self) -> str:
        """A short digest of the change, so that what is applied is what was shown."""
        text = self.stored_before + "\n" + self.stored_after
        return hashlib.sha256(text.encode()).hexdigest()[:16]


Rule = Callable[[Movement], Movement]
"""A change's rule, asked of the movement it changes (a section's, its pairs named as the
field names them) and giving the movement after it."""


def _seat_text(seat: Table | None) -> said.Part:
    if seat is None:
        return said.part(gettext_noop("no play"))
    return said.part(
        gettext_noop("{ns} v {ew}, boards {boards}"),
        ns=notated_pair(seat.ns),
        ew=notated_pair(seat.ew),
        boards=boards_shown(seat.boards),
    )


NO_ONE_BEFORE = gettext_noop("no one")
"""Who sat out a round, in an effect kept before a round with no one sitting out had its
own message (``round {round}: no one sits out``): marked, so such a change kept reads in
its reader's language still."""


def _effect(
    differences: tuple[late.Difference, ...], label: Callable[[int], str]
) -> tuple[said.Part, ...]:
    lines = []
    for found in differences:
        if isinstance(found, late.SeatChange):
            lines.append(
                said.part(
                    gettext_noop("round {round}, table {table}: {before} → {after}"),
                    round=found.round,
                    table=label(found.table),
                    before=_seat_text(found.before),
                    after=_seat_text(found.after),
                )
            )
        elif found.sitting_out:
            lines.append(
                said.part(gettext_noop("round {round}: sitting out {pairs}"), round=found.round,
                          pairs=notated_pairs(found.sitting_out))
            )  # fmt: skip
        else:  # a sentence of its own: Spanish "no descansa nadie", not "descansan nadie"
            lines.append(
                said.part(gettext_noop("round {round}: no one sits out"), round=found.round)
            )
    return tuple(lines)


def _in_section(letter: str, said_of: said.Part | MovementError) -> said.Part:
    """A detail or an error of a change to one section, said with its section in front."""
    return said.part(gettext_noop("section {letter}: {problem}"), letter=letter, problem=said_of)


def _asked(rule: Rule, movement: Movement, letter: str = "") -> Movement:
    """The rule asked of the movement; the library's refusal an :class:`EntryError`."""
    try:
        return rule(movement)
    except MovementError as error:
        if letter:
            raise EntryError(_in_section(letter, error)) from None
        raise EntryError(error.message) from None


def _section_table(letter: str, table: int) -> str:
    """A table of section ``letter`` as the pages name it: ``B3``."""
    return f"{letter}{table}"


def _change(session: Session, what: str, asked: said.Part, rule: Rule, letter: str = "") -> Change:
    """The change ``rule`` makes, to the session's movement or to section ``letter``'s in
    a session in sections (the other sections, and every table's number, kept)."""
    before = movement_of(session)
    field = sections_of(session)
    label: Callable[[int], str] = str
    number: Callable[[int], int] = int  # a table of the movement changed, in the session
    if field is None:
        after = _asked(rule, before)
        differences = late.differences(before, after)
        stored_before, stored_after = before.to_json(), after.to_json()
        old = {str(p) for p in before.problems()}
        found = after.problems()
    else:  # the section's movement changed, its pairs named as the field names them
        section = field.section(letter)
        named = late.renamed(section.movement, section.pair)
        own = _asked(rule, named, letter)
        differences = late.differences(named, own)
        try:
            changed = field.with_section(
                letter, late.renamed(own, lambda p: p.removeprefix(letter))
            )
        except MovementError as error:
            raise EntryError(error.message) from None
        after = changed.flattened()
        stored_before, stored_after = field.to_json(), changed.to_json()
        old = {str(p) for p in field.problems(labelled=True)}
        found = changed.problems(labelled=True)  # A2EW, table A3, as the pages name them
        label = partial(_section_table, letter)
        number = partial(changed.field_table, letter)
        asked = _in_section(letter, asked)
    if not differences:
        raise EntryError(said.part(gettext_noop("{detail}: that changes nothing"), detail=asked))
    done = current_entries(session)
    for seat in differences:
        if (
            isinstance(seat, late.SeatChange)
            and seat.before is not None
            and any((seat.round, number(seat.table), b) in done for b in seat.before.boards)
        ):
            raise EntryError(
                gettext(
                    "round {number}, table {table} already has results: the change can only "
                    "touch rounds not yet played"
                ).format(number=seat.round, table=label(seat.table))
            )
    problems = tuple(p.said for p in found if str(p) not in old)
    effect = _effect(differences, label)
    return Change(what, asked, before, after, effect, problems, stored_before, stored_after)


def missing_pair(session: Session, pair: str, from_round: int) -> Change:
    """A pair leaves from ``from_round`` on (:func:`late.pair_leaves`): in a session in
    sections, a pair of one section (``B2EW``), from its section's movement."""
    movement = movement_of(session)
    named = movement.pair_typed(pair, said.words_of().notation)  # 3IL is 3EW to a Finn
    if named is None:
        raise EntryError(gettext("there is no pair {pair!r} in this session").format(pair=pair))
    pair = named
    field = sections_of(session)
    letter = field.section_of_pair(pair) if field is not None else ""
    asked = said.part(
        gettext_noop("pair {pair} leaves from round {round}"),
        pair=notated_pair(pair),
        round=from_round,
    )
    return _change(
        session,
        gettext_noop("missing pair"),
        asked,
        lambda m: late.pair_leaves(m, pair, from_round),
        letter,
    )


def late_pair(session: Session, pair: str, from_round: int) -> Change:
    """A pair arrives late (:func:`late.pair_joins`): from ``from_round`` on it fills
    each round's sit-out; in a session in sections, in the section its id starts with
    (``A9`` joins section A). A pair that left and comes back gets its seat back."""
    pair = said.words_of().notation.parse_pair(pair)  # 5IL is 5EW to a Finn: kept so
    field = sections_of(session)
    letter = ""
    if field is not None:
        if not pair:
            raise EntryError(gettext("the late pair needs an id"))
        letter = pair[0].upper()
        if letter not in field.letters or not pair[1:].strip():
            raise EntryError(
                gettext(
                    "in a session in sections a late pair's id starts with the letter of "
                    "its section ({letters}): {example}"
                ).format(letters=", ".join(field.letters), example=f"{field.letters[0]}9")
            )
        pair = letter + pair[1:].strip()
    earlier = _earlier(session, field, letter)
    asked = said.part(
        gettext_noop("pair {pair} joins from round {round}"),
        pair=notated_pair(pair),
        round=from_round,
    )
    return _change(
        session,
        gettext_noop("late pair"),
        asked,
        lambda m: late.pair_joins(m, pair, from_round, earlier),
        letter,
    )


def _earlier(session: Session, field: SectionedMovement | None, letter: str) -> list[Movement]:
    """The earlier forms of the movement (of section ``letter``'s, its pairs named as the
    field names them), newest first: where a pair that left sat."""
    found = []
    for change in MovementChange.objects.filter(session=session).order_by("-id"):
        stored = parsed_field(change.before_json)
        if field is None:
            found.append(stored.flattened() if isinstance(stored, SectionedMovement) else stored)
        elif isinstance(stored, SectionedMovement) and letter in stored.letters:
            section = stored.section(letter)
            found.append(late.renamed(section.movement, section.pair))
    return found


def _table_asked(session: Session, field: SectionedMovement | None, asked: int | str) -> int:
    """The session's table number of a table the director names as the pages do (``3``;
    ``B3`` in a session in sections)."""
    text = str(asked).strip().upper()
    missing = EntryError(gettext("there is no table {table} in this session").format(table=text))
    if field is None or isinstance(asked, int):
        number = asked if isinstance(asked, int) else int(text) if text.isdigit() else 0
        if field is None:
            if number not in table_numbers(movement_of(session)):
                raise missing
            return number
        try:
            field.table_of(number)
        except MovementError:
            raise missing from None
        return number
    if text[:1].isdigit():
        raise EntryError(
            gettext(
                "in a session in sections a table is named with its section's letter, as {example}"
            ).format(example=f"{field.letters[-1]}{text}")
        )
    try:
        return field.field_table(text[:1], int(text[1:]) if text[1:].isdigit() else 0)
    except MovementError:
        raise missing from None


def move_table(session: Session, first: int | str, second: int | str, from_round: int) -> Change:
    """Two tables change places (their numbers swap) from ``from_round`` on
    (:func:`late.tables_swapped`): the pairs and boards of one are played at the other's
    number, and so on its link. In a session in sections, two tables of one section."""
    field = sections_of(session)
    one, two = (_table_asked(session, field, t) for t in (first, second))
    if field is None:
        letter, own_one, own_two = "", one, two
        shown = (str(one), str(two))
    else:
        (letter, own_one), (other, own_two) = field.table_of(one), field.table_of(two)
        shown = (field.table_label(one), field.table_label(two))
        if letter != other:
            raise EntryError(
                gettext(
                    "tables {first} and {second} are in different sections: a table changes "
                    "places only with a table of its own section"
                ).format(first=shown[0], second=shown[1])
            )
    asked = said.part(
        gettext_noop("tables {first} and {second} change places from round {round}"),
        first=shown[0],
        second=shown[1],
        round=from_round,
    )
    return _change(
        session,
        gettext_noop("table moved"),
        asked,
        lambda m: late.tables_swapped(m, own_one, own_two, from_round),
        letter,
    )


KEPT_BEFORE = gettext_noop("{change}: {reason}")
"""A late change's log line as it was kept before its reason had its own column (the
change, then the reason): marked, so such a line reads in its reader's language still."""


def apply_change(session: Session, change: Change, reason: str, user: Viewer) -> MovementChange:
    """Apply a change the director has seen: the session's movement replaced (new tables
    get their links), and the change kept with the movement before and after: what it
    does, and its log line (with the director's reason, as typed), kept as messages."""
    if is_teams(session):
        raise EntryError(
            gettext("late changes are for pairs sessions: a teams session has none yet")
        )
    if not reason.strip():
        raise EntryError(gettext("a change to the movement needs a reason (it goes in the log)"))
    with transaction.atomic():
        locked = Session.objects.select_for_update().get(pk=session.pk)
        if locked.movement_json != change.stored_before:
            raise EntryError(gettext("the movement has changed since: look at the change again"))
        locked.movement_json = change.stored_after
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
            effect=change.kept,
            before_json=change.stored_before,
            after_json=change.stored_after,
            reason=reason.strip(),
            by=user_of(user),
        )
        detail = said.kept(change.asked)  # the reason under Why, as a penalty's
        log(locked, gettext_noop("movement changed"), detail, user=user, reason=reason)
    session.movement_json = locked.movement_json
    session.movement_version = locked.movement_version
    return kept
