"""Our own JSON form of a movement (:meth:`~bridgescore.events.movements.Movement.to_json`)."""

from __future__ import annotations

import json

from bridgescore.errors import marked as _
from bridgescore.events.movements import Movement, MovementError
from bridgescore.io.movement_files._errors import ONLY_SECTION, MovementFileError


def read_json(text: str, source: str) -> dict[str, Movement]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise MovementFileError(
            _("not JSON: {error}", error=error.msg), source=source, line=error.lineno
        ) from None
    try:
        return {ONLY_SECTION: Movement.from_dict(data)}
    except MovementError as error:
        raise MovementFileError(error.message, source=source) from None
