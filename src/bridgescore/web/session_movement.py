"""A session's movement as this process keeps it: parsed once while it is unchanged, looked
up by the session's movement version; its table numbers."""

from __future__ import annotations

from functools import lru_cache

from bridgescore.events.movements.model import Movement
from bridgescore.web.models import Session


def table_numbers(movement: Movement) -> list[int]:
    """Every table number in the movement, in order."""
    return sorted({t.table for r in movement.rounds for t in r.tables})


@lru_cache(maxsize=64)
def parsed_movement(text: str) -> Movement:
    """A movement from its JSON form (parsed once per distinct text)."""
    return Movement.from_json(text)


_MOVEMENTS: dict[str, tuple[int, Movement]] = {}


def movement_of(session: Session) -> Movement:
    """The session's movement, parsed once per process while it is unchanged: looked up
    by the session and its movement's version (raised by every change of the movement),
    not by reading or comparing the movement's text."""
    kept = _MOVEMENTS.get(session.public_id)  # never reused, unlike a row's number
    if kept is not None and kept[0] == session.movement_version:
        return kept[1]
    version = session.movement_version
    if "movement_json" in session.get_deferred_fields():  # a table's request: read now,
        # with the version it is (a change may have committed since the session was read)
        version, text = (
            Session.objects.filter(pk=session.pk)
            .values_list("movement_version", "movement_json")
            .get()
        )
        session.movement_json = text
    movement = parsed_movement(session.movement_json)
    if len(_MOVEMENTS) >= 64:
        _MOVEMENTS.clear()
    _MOVEMENTS[session.public_id] = (version, movement)
    return movement
