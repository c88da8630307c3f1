"""What about a table needs the director on the grid: TD calls, not-played asks, locks,
takeovers, until answered."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext

from bridgescore.web.models import Session, TableCall, TableLink
from bridgescore.web.naming import table_shown


class Alert(StrEnum):
    """What about a table needs the director on the grid, until answered."""

    CALL = "call"
    """A TD call: answered by the director."""
    NOT_PLAYED = "not_played"
    """A board the table asks to mark not played: accepted, ruled or refused."""
    LOCKED = "locked"
    """Locked after wrong codes: released."""
    TAKEOVER = "takeover"
    """Another phone took the table over: seen."""


@dataclass(frozen=True, slots=True)
class TableAlert:
    """Something about a table the director should see on the grid: a TD call (with its
    note, to answer), a board the table asks to mark not played (to accept, rule or
    refuse), a table locked after wrong codes (to release), a takeover (to acknowledge).
    ``label``: the table as the grid heads it; ``text``: what is said after it."""

    table: int
    what: str  # an Alert
    text: str
    call_id: int | None = None
    label: str = ""
    round: int | None = None
    board: int | None = None


def table_alerts(
    session: Session, done: Iterable[tuple[int, int, int]] = ()
) -> dict[int, list[TableAlert]]:
    """What needs the director, by table (in the request's language): open TD calls and
    not-played asks (oldest first), locks, takeovers not yet acknowledged. An alert ends
    when it no longer needs the director: answered, released or acknowledged, or once the
    session is closed or published (the tables can no longer enter). ``done``: the boards
    with a result (round, table, board): an ask for one of them is answered already."""
    found: dict[int, list[TableAlert]] = {}
    if session.state != Session.State.RUNNING:
        return found
    entered = set(done)

    def add(table: int, what: Alert, text: str, **more: Any) -> None:
        alert = TableAlert(table, str(what), text, label=table_shown(session, table), **more)
        found.setdefault(table, []).append(alert)

    for call in TableCall.objects.filter(session=session, answered=None).order_by("id"):
        when = f"{timezone.localtime(call.created):%H:%M}"
        if call.kind == TableCall.Kind.NOT_PLAYED and call.board is not None:
            if (call.round, call.table, call.board) in entered:
                continue
            text = gettext("round {round}: board {board} not played? (asked at {time})").format(
                round=call.round, board=call.board, time=when
            )
            add(call.table, Alert.NOT_PLAYED, text, call_id=call.pk, round=call.round,
                board=call.board)  # fmt: skip
            continue
        text = gettext("TD call at {time} (round {round})").format(time=when, round=call.round)
        add(call.table, Alert.CALL, f"{text}: {call.note}" if call.note else text,
            call_id=call.pk, round=call.round)  # fmt: skip
    for link in TableLink.objects.filter(session=session).exclude(locked=False, taken_over=None):
        if link.locked:
            add(link.table, Alert.LOCKED, gettext("locked after wrong codes"))
        if link.taken_over is not None:
            when = f"{timezone.localtime(link.taken_over):%H:%M}"
            add(link.table, Alert.TAKEOVER, gettext("taken over at {time}").format(time=when))
    return dict(sorted(found.items()))


CALLING = frozenset({Alert.CALL, Alert.NOT_PLAYED})
"""The alerts of a table calling for the director: highlighted on the grid and in the log."""


def calling(alerts: Mapping[int, Sequence[TableAlert]]) -> set[int]:
    """The tables among ``alerts`` calling for the director (a TD call, a not-played ask)."""
    return {table for table, found in alerts.items() if any(a.what in CALLING for a in found)}
