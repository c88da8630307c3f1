"""A session's movement as this process keeps it: parsed once while it is unchanged, looked
up by the session's movement version; its sections, when it is played in sections; its
table numbers."""

from __future__ import annotations

from functools import lru_cache

from bridgescore.events.movements.model import Movement
from bridgescore.events.movements.sections import SectionedMovement
from bridgescore.web.models import Session


def table_numbers(movement: Movement) -> list[int]:
    """Every table number in the movement, in order."""
    return sorted({t.table for r in movement.rounds for t in r.tables})


@lru_cache(maxsize=64)
def parsed_field(text: str) -> Movement | SectionedMovement:
    """A session's stored movement from its JSON form, of one section or of several
    (parsed once per distinct text)."""
    return Session.field_of(text)


def parsed_movement(text: str) -> Movement:
    """The movement a session plays from its stored JSON form: a field in sections
    flattened (its tables numbered on, its pairs ``A3NS``)."""
    field = parsed_field(text)
    return field.flattened() if isinstance(field, SectionedMovement) else field


_MOVEMENTS: dict[str, tuple[int, Movement, SectionedMovement | None]] = {}


def movement_of(session: Session) -> Movement:
    """The session's movement, parsed once per process while it is unchanged: looked up
    by the session and its movement's version (raised by every change of the movement),
    not by reading or comparing the movement's text. A session in sections plays its
    sections flattened into one movement (:func:`sections_of` says which table is
    whose)."""
    return _kept(session)[0]


def sections_of(session: Session) -> SectionedMovement | None:
    """The sections of a session played in sections (``None`` for one section), kept as
    :func:`movement_of` keeps the movement."""
    return _kept(session)[1]


def _kept(session: Session) -> tuple[Movement, SectionedMovement | None]:
    kept = _MOVEMENTS.get(session.public_id)  # never reused, unlike a row's number
    if kept is not None and kept[0] == session.movement_version:
        return kept[1], kept[2]
    version = session.movement_version
    if "movement_json" in session.get_deferred_fields():  # a table's request: read now,
        # with the version it is (a change may have committed since the session was read)
        version, text = (
            Session.objects.filter(pk=session.pk)
            .values_list("movement_version", "movement_json")
            .get()
        )
        session.movement_json = text
    field = parsed_field(session.movement_json)
    sections = field if isinstance(field, SectionedMovement) else None
    movement = field.flattened() if isinstance(field, SectionedMovement) else field
    if len(_MOVEMENTS) >= 64:
        _MOVEMENTS.clear()
    _MOVEMENTS[session.public_id] = (version, movement, sections)
    return movement, sections
