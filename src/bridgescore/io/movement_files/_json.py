"""Our own JSON form of a movement (:meth:`~bridgescore.events.movements.Movement.to_json`),
of one field or of a field in sections (:meth:`SectionedMovement.to_json`)."""

from __future__ import annotations

import json
from collections.abc import Mapping

from bridgescore.errors import marked as _
from bridgescore.events.movements import Movement, MovementError
from bridgescore.events.movements.sections import SectionedMovement, read_movement
from bridgescore.io.movement_files._errors import ONLY_SECTION, MovementFileError


def read_field(text: str, source: str) -> Movement | SectionedMovement:
    """The JSON form of one field's movement, or of a field in sections, read as what it
    is (:func:`~bridgescore.events.movements.sections.read_movement`, the library's own
    checks: a section's tables beyond the field's limit refused naming the section); our
    JSON export of results is said to be a results file, and where one is taken."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise MovementFileError(
            _("not JSON: {error}", error=error.msg), source=source, line=error.lineno
        ) from None
    if _is_results(data):
        raise MovementFileError(
            _(
                "a results file (the JSON export of an event's results), not a movement:"
                " bridgescore event scores it; a session starts from a PBN or USEBIO results"
                " file, which bridgescore convert writes from it"
            ),
            source=source,
        )
    try:
        return read_movement(data)
    except MovementError as error:
        raise MovementFileError(error.message, source=source) from None


def _is_results(data: object) -> bool:
    """Whether JSON data is our results file (``{"event": ..., "results": [...]}``, no
    movement's ``kind``)."""
    return (
        isinstance(data, Mapping) and "kind" not in data and isinstance(data.get("results"), list)
    )


def read_json(text: str, source: str) -> dict[str, Movement]:
    """Every section's movement in the JSON form, by section: the field's sections by
    letter, or one field's movement as the only section."""
    found = read_field(text, source)
    if isinstance(found, SectionedMovement):
        return {section.letter: section.movement for section in found.sections}
    return {ONLY_SECTION: found}


__all__ = ["read_field", "read_json"]
