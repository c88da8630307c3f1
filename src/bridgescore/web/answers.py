"""What the pages share: the one place an error becomes the message a user reads, the
viewer's address for the log, the cookie that says which phone holds a table, and a result
read from a form or a phone's JSON (the director's and the table's alike)."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpRequest

from bridgescore.web import clubs, entries

DEVICE_COOKIE = "bridgescore_device"


def address(request: HttpRequest) -> str:
    """Where a request came from, for the log."""
    return str(request.META.get("REMOTE_ADDR", ""))


def problem(error: Exception) -> str:
    """The one place a library or app error becomes the message a user reads."""
    return str(error)


def entry_input(data: Any, round_no: int, table: int) -> entries.EntryInput:
    """A result as a form or a phone's JSON gives it (the contract typed, or built from
    the buttons), for the result log's checks."""
    try:
        board = int(data.get("board", ""))
    except ValueError:
        raise clubs.EntryError("choose the board") from None
    entry_id = data.get("entry_id") or None
    try:
        parsed_id = uuid.UUID(str(entry_id)) if entry_id else None
    except ValueError:
        raise clubs.EntryError("the entry's id is not readable") from None
    return entries.EntryInput(
        round=round_no,
        table=table,
        board=board,
        contract=contract_text(data),
        declarer=str(data.get("declarer", ""))[:1],
        result=str(data.get("result", ""))[:4],
        lead=str(data.get("lead", ""))[:3],
        adjusted=str(data.get("adjusted", ""))[:20],
        not_played=str(data.get("not_played", "")) in {"1", "true", "on"},
        entry_id=parsed_id,
    )


def contract_text(data: Any) -> str:
    """The contract typed (``4SX``) or built from the table's buttons (level, strain,
    doubled; ``pass`` for a passed-out board)."""
    typed = str(data.get("contract", "") or "").strip()
    level = str(data.get("level", "") or "").strip()
    if typed or not level:
        return typed[:12]
    if level.lower() == "pass":
        return "Pass"
    return f"{level}{data.get('strain', '')}{data.get('doubled', '')}"[:12]


RESULTS = ["=", *(f"+{n}" for n in range(1, 7)), *(f"-{n}" for n in range(1, 14))]
"""The result buttons: made exactly, overtricks, undertricks."""
