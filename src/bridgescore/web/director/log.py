"""The session's log as the director reads it: every line in time order, the latest first,
and a board's entries in full."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from bridgescore.web import (
    naming,
    said,
)
from bridgescore.web.models import (
    Entry,
    LogLine,
    Penalty,
    Session,
)

LOG_SHOWN = 150
"""The log's latest lines on the control page (results, penalties and events together)."""


CALL_LINES = frozenset({"TD call", "not played asked"})
"""The log lines of a table calling for the director: highlighted, as on the grid."""


@dataclass(frozen=True, slots=True)
class LogRow:
    """A line of the director's log, whatever it records: a result (``entry``, with what it
    did), a penalty, or an event (a TD call, a takeover, a state change...). ``where``:
    the round, the table as the grid names it, the board; ``kind``: ``result``,
    ``penalty``, ``event`` or ``call`` (a table calling the director, highlighted)."""

    when: datetime.datetime
    kind: str
    where: str
    what: str
    by: str
    why: str
    entry: Entry | None = None
    penalty: Penalty | None = None


def session_log(session: Session, most: int = LOG_SHOWN) -> list[LogRow]:
    """The session's log as one list in time order, the latest first: its results (in the
    words :func:`logged` gives them), its penalties and its events, ``most`` of them."""
    rows: list[LogRow] = []
    names: dict[int, str] = {}

    def named(table: int) -> str:
        if table not in names:
            names[table] = said.text(naming.table_named(session, table))
        return names[table]

    results = logged(
        Entry.objects.filter(session=session).select_related("by").order_by("id"), last=most
    )
    for result in results:
        e = result.entry
        where = _("round {round}, {table}, board {board}").format(
            round=e.round, table=named(e.table), board=e.board
        )
        by = e.by.username if e.by else (_("table") if e.by_table else "")
        rows.append(LogRow(e.created, "result", where, result.what, by, e.reason, e))
    teams = naming.teams_named(session) if naming.is_teams(session) else None
    for p in Penalty.objects.filter(session=session).select_related("by", "withdraws"):
        what = _("penalty withdrawn") if p.withdraws else _("penalty")
        where = (
            _("pair {pair}").format(pair=said.words_of().notation.pair(p.pair))
            if teams is None  # a team by its id and name, as the penalties page: B3 (Oros)
            else _("team {team}").format(team=naming.team_shown(p.pair, teams.get(p.pair, "")))
        )
        by = p.by.username if p.by else ""
        rows.append(LogRow(p.created, "penalty", where, what, by, p.reason, penalty=p))
    events = LogLine.objects.filter(session=session).select_related("by").order_by("-id")
    for line in events[:most]:
        kind = "call" if line.what in CALL_LINES else "event"
        by = line.by.username if line.by else line.address  # a phone: its address
        rows.append(LogRow(line.created, kind, "", line.text, by, line.reason))
    rows.sort(key=lambda row: row.when, reverse=True)
    return rows[:most]


@dataclass(frozen=True, slots=True)
class LoggedLine:
    """A line of the result log as the director reads it: the entry, and what it did,
    worked out from the entries before it at the same round, table and board (a table's
    result; a director's correction, with the result it replaced; an adjusted score; a
    board not played; an erasure)."""

    entry: Entry
    what: str


def shown(entry: Entry) -> str:
    """An entry's result as the log writes it: ``4S N =``, ``Pass``, ``A+/A-``, ``not
    played``."""
    if entry.kind == Entry.Kind.NOT_PLAYED:
        return _("not played")
    if entry.kind == Entry.Kind.ADJUSTED:
        return entry.adjusted
    return said.result_text(entry.contract, entry.declarer, entry.result, spaced=True)


def logged(log: Iterable[Entry], *, last: int | None = None) -> list[LoggedLine]:
    """The lines of ``log`` (entries in the log's order) in the director's words; ``last``:
    only the last so many (each still read against every entry before it, which is all a
    congress's thousands of earlier lines cost)."""
    standing: dict[tuple[int, int, int], Entry] = {}
    lines = []
    entries = list(log)
    first = 0 if last is None else max(0, len(entries) - last)
    for index, entry in enumerate(entries):
        key = (entry.round, entry.table, entry.board)
        before = standing.get(key)
        if index < first:  # not shown: only what it leaves standing counts
            if entry.kind == Entry.Kind.ERASED:
                standing.pop(key, None)
            else:
                standing[key] = entry
            continue
        was = _(" (was {result})").format(result=shown(before)) if before is not None else ""
        who = (
            _("the table")
            if entry.by_table
            else (entry.by.username if entry.by else _("the director"))
        )
        if entry.kind == Entry.Kind.ERASED:
            what = _("erased by {who}").format(who=who) + (
                f": {shown(before)}" if before is not None else ""
            )
            standing.pop(key, None)
        else:
            if entry.by_table:
                what = _("entered by {who}: {result}").format(who=who, result=shown(entry))
            elif entry.kind == Entry.Kind.ADJUSTED:
                what = _("adjusted score by {who}: {result}{was}").format(
                    who=who, result=shown(entry), was=was
                )
            elif entry.kind == Entry.Kind.NOT_PLAYED:
                what = _("not played, by {who}{was}").format(who=who, was=was)
            elif before is not None:
                what = _("corrected by {who}: {result}{was}").format(
                    who=who, result=shown(entry), was=was
                )
            else:
                what = _("entered by {who}: {result}").format(who=who, result=shown(entry))
            standing[key] = entry
        lines.append(LoggedLine(entry, what))
    return lines
