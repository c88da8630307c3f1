"""A session's deals analysed double dummy: worked out once when its hand records are
saved, off the request's path, and kept with the session.

- Saving hand records (a new session, a new teams match, hand records uploaded later)
  sets the session's analysis to "analysing", keyed to those hand records (their SHA-256,
  :func:`fields_for`), and starts it once the transaction commits (:func:`start_on_commit`),
  in a thread of its own: no request waits for the solver.
- The thread makes the library's one call (``events.deals.analysed``: the solver's tables
  and par, and where the file's own figures disagree, one line a board) and keeps what it
  found with one UPDATE that holds only while the session's hand records are those it
  solved: hand records uploaded meanwhile have their own analysis under way.
- :func:`shown` is what a page shows: the state, and the boards' analyses only when done
  for the hand records the session holds now. A server stopped mid-analysis leaves
  "analysing" behind: the first page that asks starts it again, when no thread of this
  process is on it and it began before this process started or more than :data:`STUCK`
  ago (claimed with one UPDATE, so two processes never both start it). A failure (the
  ``dd`` extra not installed: its one-line message) is tried again once by a process
  started after it.

How it runs is the setting ``BRIDGESCORE_ANALYSIS`` (:class:`Mode`): a thread (the
server's default), at once in the caller's thread (the tests), or not at all.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import logging
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Final

from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from bridgescore.analysis.model import Analysis, from_tags, to_tags
from bridgescore.errors import BridgeError, Message
from bridgescore.web import said
from bridgescore.web.models import Session

State = Session.Analysis
"""Where a session's analysis stands: none, analysing, done, failed."""

SETTING: Final = "BRIDGESCORE_ANALYSIS"
"""The setting that says how an analysis runs (a :class:`Mode`'s value)."""
STUCK: Final = datetime.timedelta(minutes=5)
"""An analysis still under way after this long, with no thread of this process on it, is
taken to have stopped with its process (a 128-board session takes well under a minute)."""

_PROCESS_STARTED: Final = timezone.now()
"""When this process started (near enough: when it first imported this module)."""
_log = logging.getLogger(__name__)


class Mode(StrEnum):
    """How an analysis runs once started."""

    BACKGROUND = "background"
    """In a thread of its own (the server)."""
    NOW = "now"
    """At once, in the caller's thread (the tests: no thread outlives a test)."""
    OFF = "off"
    """Not at all: the session stays "analysing" (the tests of what a page shows then)."""


def mode() -> Mode:
    """The :data:`SETTING`'s mode (a thread, unless the settings say otherwise)."""
    return Mode(getattr(settings, SETTING, Mode.BACKGROUND))


def digest_of(hands_pbn: str) -> str:
    """The key of a session's hand records: their SHA-256, in hex."""
    return hashlib.sha256(hands_pbn.encode("utf-8")).hexdigest()


def fields_for(hands_pbn: str) -> dict[str, object]:
    """The analysis columns of a session saved with ``hands_pbn``: analysing, keyed to
    them (none without hand records). Saved in the same write as the hand records."""
    known = bool(hands_pbn.strip())
    return {
        "analysis_state": State.ANALYSING if known else State.NONE,
        "analysis_of": digest_of(hands_pbn) if known else "",
        "analysis_json": "",
        "analysis_notes": "",
        "analysis_started": timezone.now() if known else None,
    }


def start_on_commit(session_id: int, hands_pbn: str) -> None:
    """Start analysing ``hands_pbn`` once the transaction that saves them commits (at once
    outside a transaction)."""
    if hands_pbn.strip():
        transaction.on_commit(lambda: start(session_id, hands_pbn))


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an analysis found: its state (done, or failed), each board's analysis, and the
    lines for the director (the file's figures the solver disagrees with, the deals it
    could not analyse, or why it failed)."""

    state: State
    analyses: Mapping[int, Analysis] = field(default_factory=dict)
    notes: tuple[Message, ...] = ()


def analyse(hands_pbn: str, *, jobs: int | None = None) -> Outcome:
    """The hand records analysed (the library's one call), or why they could not be: the
    ``dd`` extra missing is its one-line message, never an error."""
    from bridgescore.events.deals import analysed
    from bridgescore.io import pbn

    try:
        event = pbn.to_event(pbn.loads(hands_pbn, source="hand records"))
        found = analysed(event, jobs=jobs)
    except BridgeError as error:  # the extra missing; hand records the library refuses
        return Outcome(State.FAILED, notes=(error.message,))
    return Outcome(State.DONE, found.event.analyses, (*found.disagreements, *found.problems))


def keep(session_id: int, hands_pbn: str, outcome: Outcome) -> bool:
    """Keep ``outcome`` with the session, in one UPDATE that holds only while its hand
    records are still ``hands_pbn`` (else the outcome is of hand records replaced
    meanwhile, and dropped). Whether it was kept."""
    tags = {str(board): to_tags(a) for board, a in sorted(outcome.analyses.items())}
    kept = Session.objects.filter(pk=session_id, hands_pbn=hands_pbn).update(
        analysis_state=outcome.state,
        analysis_of=digest_of(hands_pbn),
        analysis_json=json.dumps(tags, separators=(",", ":")) if tags else "",
        analysis_notes=_dumps(outcome.notes),
    )
    return kept == 1


_workers: dict[int, tuple[str, threading.Thread]] = {}
"""The analyses under way in this process: by session, the hand records' key and its
thread."""
_workers_lock = threading.Lock()


def start(session_id: int, hands_pbn: str) -> None:
    """Analyse the session's ``hands_pbn`` and keep the outcome, as :func:`mode` says (a
    thread of its own, unless one of this process is on the same hand records already)."""
    chosen = mode()
    if chosen is Mode.OFF or not hands_pbn.strip():
        return
    if chosen is Mode.NOW:
        _work(session_id, hands_pbn)
        return
    digest = digest_of(hands_pbn)
    with _workers_lock:
        found = _workers.get(session_id)
        if found is not None and found[0] == digest and found[1].is_alive():
            return
        thread = threading.Thread(
            target=_in_thread,
            args=(session_id, hands_pbn, digest),
            name=f"bridgescore-analysis-{session_id}",
            daemon=True,  # a server stopping does not wait: the next one starts it again
        )
        _workers[session_id] = (digest, thread)
        thread.start()


def running(session_id: int) -> bool:
    """Whether a thread of this process is analysing the session's hand records."""
    with _workers_lock:
        found = _workers.get(session_id)
        return found is not None and found[1].is_alive()


def wait(session_id: int, timeout: float) -> bool:
    """Wait up to ``timeout`` seconds for this process's thread on the session, if any, to
    end (the tests; a page never waits). Whether none is left."""
    with _workers_lock:
        found = _workers.get(session_id)
    if found is not None:
        found[1].join(timeout)
    return not running(session_id)


def _in_thread(session_id: int, hands_pbn: str, digest: str) -> None:
    try:
        _work(session_id, hands_pbn)
    finally:
        connections.close_all()  # this thread's own connections
        with _workers_lock:
            found = _workers.get(session_id)
            if found is not None and found[1] is threading.current_thread():
                del _workers[session_id]


def _work(session_id: int, hands_pbn: str) -> None:
    """:func:`analyse` and :func:`keep`; anything unforeseen is the session's failure (its
    traceback in the server's log), never an error page."""
    try:
        outcome = analyse(hands_pbn)
    except Exception as error:  # a solver's crash: the session says so, the log has it all
        _log.exception("double-dummy analysis of session %s", session_id)
        why = said.part(gettext_noop("the solver stopped: {error}"),
                        error=str(error) or type(error).__name__)  # fmt: skip
        outcome = Outcome(State.FAILED, notes=(why,))
    try:
        keep(session_id, hands_pbn, outcome)
    except Exception:  # the database unreachable: left "analysing", started again later
        _log.exception("keeping the double-dummy analysis of session %s", session_id)


@dataclass(frozen=True, slots=True)
class Shown:
    """A session's analysis as a page shows it: its state, each board's analysis (only
    when done, for the hand records the session holds), and the lines for the director."""

    state: State
    analyses: Mapping[int, Analysis] = field(default_factory=dict)
    notes: str = ""
    """The kept lines (:meth:`lines` reads them in the reader's language)."""

    @property
    def analysing(self) -> bool:
        return self.state == State.ANALYSING

    def lines(self) -> list[str]:
        """The lines for the director in the active language: the file's figures the
        solver disagrees with and the deals not analysed, or why it failed."""
        return [m.render(gettext) for m in _loads(self.notes)]


def analyses_of(session: Session) -> Mapping[int, Analysis]:
    """Each board's analysis, when done for the hand records the session holds now
    (else none: the pages show the deals without it)."""
    if session.analysis_state != State.DONE or not session.hands_pbn.strip():
        return {}
    if session.analysis_of != digest_of(session.hands_pbn):
        return {}
    return _parsed(session.analysis_json)


def shown(session: Session) -> Shown:
    """The session's analysis as its pages show it; an analysis left behind by a process
    that stopped (or hand records saved without one) is started again first."""
    _sweep_once()
    if not session.hands_pbn.strip():
        return Shown(State.NONE)
    digest = digest_of(session.hands_pbn)
    if _resume(session, digest):
        return Shown(State.ANALYSING)
    if session.analysis_of != digest:
        return Shown(State.ANALYSING)  # another process claimed it meanwhile
    state = State(session.analysis_state)
    if state == State.DONE:
        return Shown(state, _parsed(session.analysis_json), session.analysis_notes)
    return Shown(state, notes=session.analysis_notes if state == State.FAILED else "")


def _abandoned(started: datetime.datetime | None) -> bool:
    """Whether an analysis started then can have no thread on it any more: begun before
    this process started, or longer ago than :data:`STUCK`."""
    return started is None or started < _PROCESS_STARTED or timezone.now() - started > STUCK


def _resume(session: Session, digest: str) -> bool:
    """Start the session's analysis again where it needs it (see the module's doc): claimed
    by one UPDATE on the columns as read, so that of two processes only one starts it.
    Whether this call started it."""
    state = session.analysis_state
    started = session.analysis_started
    if session.analysis_of == digest:
        if state == State.DONE:
            return False
        if state == State.FAILED and not (started is None or started < _PROCESS_STARTED):
            return False
        if state == State.ANALYSING and (running(session.pk) or not _abandoned(started)):
            return False
    now = timezone.now()
    claimed = Session.objects.filter(
        pk=session.pk,
        analysis_state=state,
        analysis_of=session.analysis_of,
        analysis_started=started,
    ).update(analysis_state=State.ANALYSING, analysis_of=digest, analysis_json="",
             analysis_notes="", analysis_started=now)  # fmt: skip
    if claimed != 1:
        return False
    session.analysis_state, session.analysis_of, session.analysis_started = (
        State.ANALYSING,
        digest,
        now,
    )
    session.analysis_json = session.analysis_notes = ""
    start_on_commit(session.pk, session.hands_pbn)
    return True


_swept = threading.Event()


def _sweep_once() -> None:
    """Once a process: every analysis left "analysing" or "failed" by a process before
    this one is started again (the page that asks need not be the session's own)."""
    if _swept.is_set():
        return
    _swept.set()
    left = Session.objects.filter(
        analysis_state__in=(State.ANALYSING, State.FAILED),
        analysis_started__lt=_PROCESS_STARTED,
    ).exclude(hands_pbn="")
    for session in left:
        _resume(session, digest_of(session.hands_pbn))


@lru_cache(maxsize=32)
def _parsed(analysis_json: str) -> Mapping[int, Analysis]:
    """Each board's analysis from its kept tags (read once for each kept text)."""
    if not analysis_json:
        return {}
    tags = json.loads(analysis_json)
    return {int(board): from_tags(found) for board, found in tags.items()}


def _dumps(notes: tuple[Message, ...]) -> str:
    return json.dumps([m.to_data() for m in notes], ensure_ascii=False) if notes else ""


def _loads(kept: str) -> list[Message]:
    if not kept:
        return []
    return [Message.from_data(data) for data in json.loads(kept)]
