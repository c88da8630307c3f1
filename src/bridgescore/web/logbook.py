"""The log of what the director should know: refused entries, forged links, takeovers,
changes, each line with who and from where."""

from __future__ import annotations

from bridgescore.web import said
from bridgescore.web.models import LogLine, Session
from bridgescore.web.naming import table_label
from bridgescore.web.refusals import Viewer, user_of


def log(
    session: Session | None, what: str, detail: str, *, user: Viewer = None, address: str = ""
) -> None:
    """A line in the session's log (refused entries, forged links, takeovers). In a teams
    session a table kept by its number (``table {table}``, 4) is kept as the room the
    players know (``2b``), never as a number no card or grid shows."""
    if session is not None and session.kind == Session.Kind.TEAMS:
        detail = _rooms_named(session, detail)
    LogLine.objects.create(
        session=session,
        what=what,
        detail=detail[:500],
        by=user_of(user),
        address=address[:64],
    )


def _rooms_named(session: Session, detail: str) -> str:
    """A kept message whose ``table`` value is a table's number, kept with the room's
    label (:func:`~bridgescore.web.naming.table_label`: ``2b``, ``B1a`` in sections)
    instead; anything else as it is."""
    found = said.part_of(detail)
    table = None if found is None else found.values.get("table")
    if found is None or not isinstance(table, int) or isinstance(table, bool):
        return detail
    return said.said(found.template, **{**found.values, "table": table_label(session, table)})
