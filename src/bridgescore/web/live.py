"""The live ranking, worked out again quickly after each new result.

The results page of a session under way is asked for again and again (every phone after
every board, the room's screen), and between two asks at most a result or two is new.
Since the log is append-only (an :class:`~bridgescore.web.models.Entry` is never changed
or deleted), what was worked out from the entries already seen stays true:

- each entry's row (the row kernel's work) is kept by the entry's id, and only entries
  with a higher id are read from the database; the rows are kept in the event's order as
  they come, and the ranking's event is not checked again row by row (each row was
  checked when it was entered; :func:`event` still gives every problem);
- the library's :class:`~bridgescore.events.rescoring.Rescorer` keeps each board's
  matchpoints by the board's results and each pair's totals, so one new result rescores
  one board and moves the totals of the pairs who played it (section by section when the
  sections are scored apart); the laid-out pages and rows are kept too
  (``report.view.LayoutMemo``), so one new result lays out one board and the score cards
  of the pairs who played it;
- the whole report is kept, in each language it was asked in (the reader's: a Finnish
  reader sees the ranking in Finnish), until a new entry, the pairs' names or the session
  change; the scoring is shared by the languages, the layout is each language's.

:func:`event`, :func:`score` and :func:`report` equal ``in_play.event_of``,
``events.scoring.score_event`` and ``report.view.build_report`` (``tests/web/test_live.py``
holds them equal); anything but a pairs event scored by matchpoints is scored in full.
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from bridgescore.events.model import (
    Event,
    EventResults,
    Participant,
    ResultRow,
)
from bridgescore.events.pairs import PairsResult
from bridgescore.events.penalties import apply_penalties
from bridgescore.events.rescoring import Changes, Rescorer
from bridgescore.events.scoring import EventResult, options_for, results_of
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.i18n import Language, Words
from bridgescore.report.view import LayoutMemo, Report, build_report, pairs_pages
from bridgescore.web import analysing, hand_records, in_play, session_movement, standings
from bridgescore.web.models import Entry, Session, SessionPair
from bridgescore.web.said import words_of

Key = tuple[int, int, int]
SESSIONS_KEPT = 16
"""Sessions whose work is kept at once (the oldest asked for is dropped first)."""


@dataclass
class _Kept:
    """What is known of one session from the entries up to ``last``."""

    movement_version: int
    last: int = 0
    current: dict[Key, Entry] = field(default_factory=dict)
    order: list[Key] = field(default_factory=list)
    """The keys of ``current`` whose entry makes a row, in order (round, table, board), as
    the event lists its rows; ``ordered``: those rows, in the same order."""
    ordered: list[ResultRow] = field(default_factory=list)
    rows: dict[int, ResultRow | None] = field(default_factory=dict)
    rescorer: Rescorer = field(default_factory=Rescorer)
    put: dict[int, ResultRow] = field(default_factory=dict)
    taken: list[ResultRow] = field(default_factory=list)
    """The rows the event gained (by ``id``: each is kept alive in ``rows``) and lost since
    the rescorer last scored it (what it is told:
    :class:`~bridgescore.events.rescoring.Changes`)."""
    layouts: dict[Language, LayoutMemo] = field(default_factory=dict)
    reports: dict[Language, tuple[object, Report]] = field(default_factory=dict)
    event: tuple[object, Event] | None = None
    """The event as of its stamp (:func:`_stamp`): asked again with nothing new, the same."""
    pages: dict[Hashable, str] = field(default_factory=dict)
    """Results pages as rendered for the stamp ``pages_stamp``, by what the page depends on
    besides (:func:`rendered`): a page asked again with nothing new is not drawn again."""
    pages_stamp: object = None
    lock: threading.Lock = field(default_factory=threading.Lock)


_kept: OrderedDict[str, _Kept] = OrderedDict()
_kept_lock = threading.Lock()


def _state(session: Session) -> _Kept:
    with _kept_lock:
        kept = _kept.get(session.public_id)
        if kept is None or kept.movement_version != session.movement_version:
            kept = _Kept(session.movement_version)  # a changed movement: start again
            _kept[session.public_id] = kept
        _kept.move_to_end(session.public_id)
        while len(_kept) > SESSIONS_KEPT:
            _kept.popitem(last=False)
        return kept


def _catch_up(session: Session, kept: _Kept) -> None:
    """Read the entries after the last one seen; the latest for a board stands. A teams
    session's pages are scored afresh when anything is new: of its log only the last
    entry's id is kept (what tells a page drawn before from one to draw again)."""
    if session.kind == Session.Kind.TEAMS:
        log = Entry.objects.filter(session=session).order_by("-id")
        kept.last = log.values_list("id", flat=True).first() or 0
        return
    for entry in Entry.objects.filter(session=session, id__gt=kept.last).order_by("id"):
        kept.last = entry.pk
        key = (entry.round, entry.table, entry.board)
        before = kept.current.pop(key, None)
        if before is not None and (row := kept.rows.get(before.pk)) is not None:
            at = bisect.bisect_left(kept.order, key)
            del kept.order[at], kept.ordered[at]
            _take(kept, row)
        if entry.kind == Entry.Kind.ERASED:
            continue
        kept.current[key] = entry
        row = kept.rows[entry.pk] = in_play.row_of(session, entry)
        if row is not None:
            at = bisect.bisect_left(kept.order, key)
            kept.order.insert(at, key)
            kept.ordered.insert(at, row)
            kept.put[id(row)] = row


def _take(kept: _Kept, row: ResultRow) -> None:
    """A row the event no longer holds: not put after all, or taken."""
    if kept.put.pop(id(row), None) is None:
        kept.taken.append(row)


def _names(session: Session) -> dict[str, str]:
    """The pairs' names as the director typed them (read as plain values: a congress has
    hundreds of pairs, and every results page asks)."""
    return dict(SessionPair.objects.filter(session=session).values_list("pair", "names"))


def _event(
    session: Session, kept: _Kept, names: Mapping[str, str], *, checked: bool = True
) -> Event:
    """The session's event from what is kept; ``checked``: its rows' problems found again
    as ``in_play.event_of`` finds them (the ranking needs none: a row is checked when it is
    entered, and no page shows them)."""
    rows = kept.ordered
    participants = tuple(
        Participant(pair, in_play.row_names(names.get(pair, "")))
        for pair in session_movement.movement_of(session).pairs
    )
    if checked:
        results = results_of(rows, name=session.name, source=session.name)
    else:
        results = EventResults(tuple(rows), name=session.name, source=session.name)
    return Event(
        results,
        name=session.name,
        date=session.date.isoformat(),
        site=session.club.name,
        kind=EventKind.PAIRS,
        scoring=Scoring.parse(session.scoring),
        program=session.program or "bridgescore",  # a results file's conventions
        participants=participants,
        hands=hand_records.hands_of(session.hands_pbn),
        analyses=analysing.analyses_of(session),
        field_kinds=in_play.field_kinds(session),  # a Howell section: one ranking
    )


def _stamp(
    session: Session, kept: _Kept, names: Mapping[str, str], penalties: Sequence[object] = ()
) -> tuple[object, ...]:
    """Everything the event and its pages are worked out from besides the movement (a new
    movement, a Swiss round drawn among them, starts the session's state again): the
    entries seen, the pairs' (teams') names and penalties, the session's name, date, club,
    scoring, hand records and analysis, and a teams session's plan (its teams come and
    gone: ``schedule_json``) and what a bye scores."""
    return (
        kept.last,
        tuple(penalties),
        tuple(sorted(names.items())),
        session.name,
        session.date,
        session.club.name,
        session.scoring,
        session.hands_pbn,
        session.analysis_state,
        session.analysis_json,
        session.schedule_json,
        session.bye_vp,
        session.bye_rule,
    )


def _kept_event(session: Session, kept: _Kept, names: Mapping[str, str]) -> Event:
    """The event, built again only when its stamp changed (under ``kept.lock``)."""
    stamp = _stamp(session, kept, names)
    if kept.event is None or kept.event[0] != stamp:
        kept.event = (stamp, _event(session, kept, names))
    return kept.event[1]


def _ranked_event(session: Session, kept: _Kept, names: Mapping[str, str]) -> Event:
    """The event the ranking is worked out from: :func:`_kept_event`'s when it is built
    already, else its rows unchecked (so one new result costs no check of every row)."""
    stamp = _stamp(session, kept, names)
    if kept.event is not None and kept.event[0] == stamp:
        return kept.event[1]
    return _event(session, kept, names, checked=False)


def event(session: Session) -> Event:
    """The session as the library's event (equal to ``in_play.event_of``)."""
    kept = _state(session)
    with kept.lock:
        _catch_up(session, kept)
        return _kept_event(session, kept, _names(session))


MOST_PAGES_KEPT = 512
"""Rendered pages kept a session (its pages times its viewers' kinds: a table, the
director, anyone), dropped whole when a new result comes."""


def rendered(session: Session, key: Hashable) -> tuple[object, str | None]:
    """The session's stamp now and the page rendered under ``key`` for it, if it was
    (``None``: draw it and :func:`keep_rendered` it with this stamp). ``key`` holds what
    the page depends on besides the stamp: the page, the language, who is looking."""
    kept = _state(session)
    with kept.lock:
        _catch_up(session, kept)
        stamp = _stamp(session, kept, _names(session), standings.penalties_of(session))
        if kept.pages_stamp != stamp:
            return stamp, None
        return stamp, kept.pages.get(key)


def keep_rendered(session: Session, key: Hashable, stamp: object, html: str) -> None:
    """Keep a page drawn for ``stamp`` (as :func:`rendered` gave it); a page of an older
    stamp than the one kept is not kept."""
    kept = _state(session)
    with kept.lock:
        if kept.pages_stamp != stamp:
            now = _stamp(session, kept, _names(session), standings.penalties_of(session))
            if stamp != now:
                return  # drawn before a newer result: not the page now
            kept.pages_stamp, kept.pages = stamp, {}
        if len(kept.pages) >= MOST_PAGES_KEPT:
            kept.pages.clear()
        kept.pages[key] = html


def score(
    event: Event, rescorer: Rescorer | None = None, changed: Changes | None = None
) -> EventResult:
    """The event scored as ``score_event(event)`` scores it, by ``rescorer`` (the
    library's :class:`~bridgescore.events.rescoring.Rescorer`, which redoes only the
    boards whose results changed since its last call: ``changed``, else found)."""
    options = options_for(event).options
    return (Rescorer() if rescorer is None else rescorer).score(event, options, changed)


def report(session: Session, language: str | None = None) -> Report:
    """The results pages of the session in ``language`` (``None``: the request's), equal
    to ``build_report(in_play.event_of(...), language=...)``, worked out again only as far
    as a new result, name or setting asks (the scoring once for every language)."""
    w = words_of(language)
    kept = _state(session)
    with kept.lock:
        _catch_up(session, kept)
        names = _names(session)
        penalties = standings.penalties_of(session)
        stamp = _stamp(session, kept, names, penalties)
        done = kept.reports.get(w.language)
        if done is not None and done[0] == stamp:
            return done[1]
        built = _ranked_event(session, kept, names)
        if not built.results.rows:
            made = build_report(built, language=w)
        else:
            told = Changes(tuple(kept.put.values()), tuple(kept.taken))
            scored = score(built, kept.rescorer, told)
            kept.put, kept.taken = {}, []
            if isinstance(scored, PairsResult):
                scored = apply_penalties(scored, penalties)
            memo = kept.layouts.setdefault(w.language, LayoutMemo())
            made = _layout(built, scored, memo, w)
        kept.reports[w.language] = (stamp, made)
        return made


def _layout(built: Event, result: EventResult, memo: LayoutMemo, w: Words) -> Report:
    """``build_report``'s layout of a scored pairs event (anything else laid out by it)."""
    if not isinstance(result, PairsResult):
        return build_report(built, language=w)
    return pairs_pages(built, result, memo, w)


def forget(sessions: Sequence[str] = ()) -> None:
    """Drop what is kept (of the sessions with these public ids; all without)."""
    with _kept_lock:
        for public_id in sessions or list(_kept):
            _kept.pop(public_id, None)
