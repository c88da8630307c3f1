"""The log of what the director should know: refused entries, forged links, takeovers,
changes, each line with who and from where."""

from __future__ import annotations

from bridgescore.web import said
from bridgescore.web.models import LogLine, Session
from bridgescore.web.naming import table_label
from bridgescore.web.refusals import Viewer, user_of

MOST_DETAIL = LogLine._meta.get_field("detail").max_length or 4000
"""The longest detail a log line keeps (its column's length): room for a late change's
effect and warnings kept as messages."""

MOST_REASON = LogLine._meta.get_field("reason").max_length or 300
"""The longest reason a log line keeps (a late change's, as the director typed it)."""


def log(
    session: Session | None,
    what: str,
    detail: str,
    *,
    user: Viewer = None,
    address: str = "",
    reason: str = "",
) -> None:
    """A line in the session's log (refused entries, forged links, takeovers, late
    changes), with the director's ``reason`` as typed (read under Why). A table kept by
    its number (``table {table}``, 4) is kept as the players know it (a teams room
    ``2b``, ``B1`` in a field in sections), never as a number no card or grid shows."""
    if session is not None:
        detail = _rooms_named(session, detail)
    detail = said.fitted(detail, MOST_DETAIL)  # messages left out say so; never half a one
    LogLine.objects.create(
        session=session,
        what=what,
        detail=detail,
        reason=reason.strip()[:MOST_REASON],
        by=user_of(user),
        address=address[:64],
    )


def _rooms_named(session: Session, detail: str) -> str:
    """A kept message whose ``table`` value is a table's number, kept with the table's
    label (:func:`~bridgescore.web.naming.table_label`: ``2b``, ``B1``, ``B1a``)
    instead; anything else as it is."""
    found = said.part_of(detail)
    table = None if found is None else found.values.get("table")
    if found is None or not isinstance(table, int) or isinstance(table, bool):
        return detail
    label = table_label(session, table)
    if label == str(table):  # one field of pairs: the number is the name
        return detail
    return said.said(found.template, **{**found.values, "table": label})
