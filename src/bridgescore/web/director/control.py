"""The director's pages: sessions set up (pairs or teams), the live control grid,
corrections and rulings, the roster and pairs, penalties, late changes, the Swiss draw,
the guide cards and the exports. Every one checks that the director directs the club."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_noop, pgettext
from django.utils.translation import gettext as _

from bridgescore.errors import BridgeError
from bridgescore.events.movements.swiss import Draw, Standing
from bridgescore.events.ranking import written_places
from bridgescore.events.team_sections import match_numbers
from bridgescore.report.view import pair_name
from bridgescore.web import (
    alerts,
    analysing,
    entries,
    failures,
    hand_records,
    in_play,
    logbook,
    matches,
    naming,
    said,
    session_movement,
)
from bridgescore.web.answers import problem
from bridgescore.web.director import fields
from bridgescore.web.director import forms as director_forms
from bridgescore.web.director.access import REFUSED, STALE, UNREADABLE, directed
from bridgescore.web.director.log import (
    logged,
    session_log,
)
from bridgescore.web.models import (
    Entry,
    PendingEntry,
    Session,
    SessionPair,
    TableCall,
    TableLink,
)


@login_required
@failures.only("GET", "POST")
def swiss_draw(request: HttpRequest, session_id: int) -> HttpResponse:
    """The next Swiss round drawn from the standings: each pairing with why, the bye and
    why; kept only when the director confirms the draw that was shown."""
    session = directed(request, session_id)
    if session.schedule != Session.Schedule.SWISS:
        raise Http404(gettext("this session is not a Swiss"))
    context: dict[str, Any] = {"session": session, "errors": []}
    status = 200
    form = director_forms.DrawForm(request.POST) if request.method == "POST" else None
    if form is not None and not form.is_valid():
        context["errors"], status = fields.problems(form), REFUSED
        form = None
    try:
        if matches.sections_plan(session) is not None:
            return _section_draws_page(request, session, form, context)
        done = in_play.current_entries(session)  # read once: the standings, the check
        standings = matches.swiss_standings(session, done)
        context["standings"] = _placed(standings, [d.bye for d in matches.draws_of(session)])
        draw = matches.next_draw(session, standings, done)
        context["draw"] = _shown_draw(draw)
        context["key"] = matches.draw_key(draw)
        if form is not None:
            if form.cleaned_data["key"] != context["key"]:
                context["errors"] = [_("the draw is not the one shown: look at it again")]
                status = STALE
            else:
                matches.confirm_draw(session, draw, request.user)
                return redirect("control", session_id=session.pk)
    except BridgeError as error:
        context["errors"] = [*context["errors"], problem(error)]
        status = REFUSED if request.method == "POST" else 200
    return render(request, "bridgescore/draw.html", context, status=status)


def _section_draws_page(
    request: HttpRequest,
    session: Session,
    form: director_forms.DrawForm | None,
    context: dict[str, Any],
) -> HttpResponse:
    """The next round of a Swiss in sections: each section's draw from its own standings,
    with why, kept only when the director confirms the draws that were shown."""
    status = REFUSED if context["errors"] else 200
    done = in_play.current_entries(session)  # read once: the standings, the check
    standings = matches.section_swiss_standings(session, done)
    earlier = matches.section_draws_of(session)  # the rounds drawn: each one's byes
    context["sections"] = [
        {"letter": k, "standings": _placed(v, [d[k].bye if k in d else None for d in earlier])}
        for k, v in standings.items()
    ]
    # each team's name beside the id its section gives it (A1: Aces)
    context["names"] = dict(
        SessionPair.objects.filter(session=session).values_list("pair", "names")
    )
    try:
        drawn = matches.next_section_draws(session, standings, done)
    except BridgeError as error:
        context["errors"] = [*context["errors"], problem(error)]
        status = REFUSED if request.method == "POST" else status
        return render(request, "bridgescore/draw.html", context, status=status)
    for shown in context["sections"]:
        shown["draw"] = _shown_draw(drawn[shown["letter"]])
    context["draw_round"] = next(iter(drawn.values())).round
    context["key"] = matches.section_draws_key(drawn)
    if form is not None:
        if form.cleaned_data["key"] != context["key"]:
            context["errors"] = [_("the draw is not the one shown: look at it again")]
            return render(request, "bridgescore/draw.html", context, status=STALE)
        matches.confirm_section_draws(session, drawn, request.user)
        return redirect("control", session_id=session.pk)
    return render(request, "bridgescore/draw.html", context, status=status)


def _placed(
    standings: Sequence[Standing], byes: Sequence[str | None] = ()
) -> list[tuple[str, Standing, tuple[str, ...]]]:
    """Each standing with its place as the rankings write it (``1=`` shared) and its
    opponents round by round as the page shows them: the team met, "bye" in the round
    it had the bye (``byes``: each round's), "—" in a round before it came."""
    shown = written_places([s.place or n for n, s in enumerate(standings, start=1)])
    return [(place, s, _met(s, byes)) for place, s in zip(shown, standings, strict=True)]


def _met(standing: Standing, byes: Sequence[str | None]) -> tuple[str, ...]:
    """A team's opponents round by round, as :func:`_placed` shows them."""
    return tuple(
        met
        if met is not None
        else gettext("bye")
        if number < len(byes) and byes[number] == standing.entrant
        else "—"
        for number, met in enumerate(standing.opponents)
    )


def _shown_draw(draw: Draw) -> Draw:
    """The draw as the director reads it: each reason in the request's language."""
    pairings = tuple(replace(p, why=said.library(p.why)) for p in draw.pairings)
    bye_why = said.library(draw.bye_why) if draw.bye_why else draw.bye_why
    return replace(draw, pairings=pairings, bye_why=bye_why)


@dataclass(frozen=True, slots=True)
class LinkRow:
    """A line of the control page's table links: the table as the players know it."""

    link: TableLink
    label: str
    room: str


def _link_rows(session: Session, tables: frozenset[int] | None = None) -> list[LinkRow]:
    """The table links, of ``tables`` only when given (a section shown alone)."""
    teams = session.kind == Session.Kind.TEAMS
    sections = session_movement.sections_of(session) if teams else None
    links = TableLink.objects.filter(session=session)
    if tables is not None:
        links = links.filter(table__in=tables)
    return [
        LinkRow(
            link,
            naming.table_label(session, link.table),
            naming.room_name(link.table, sections) if teams else "",
        )
        for link in links
    ]


@dataclass(frozen=True, slots=True)
class Shown:
    """What of a session in sections the control page shows: every section (``letter``
    empty), or one alone with its tables (the field's numbers); and the letters to choose
    from (none for one field)."""

    letter: str = ""
    tables: frozenset[int] | None = None
    letters: tuple[str, ...] = ()


def _shown(request: HttpRequest, session: Session) -> Shown:
    """The section asked for (``?section=B``, read through
    :class:`~bridgescore.web.director.forms.SectionShownForm`); a letter the session has not
    is a 404 saying which it has."""
    field = session_movement.sections_of(session)
    letters = field.letters if field is not None else ()
    letter = director_forms.SectionShownForm.asked(request, letters)
    if field is None or not letter:
        return Shown(letters=letters)
    span = next(span for span in field.spans() if span.letter == letter)
    return Shown(letter, frozenset(span.tables), letters)


def _teams_context(session: Session) -> dict[str, Any]:
    """A teams session's schedule for the control page: each round's matches (with the
    Swiss draw's reasons) and bye, and whether the next Swiss round can be drawn."""
    if session.kind != Session.Kind.TEAMS:
        return {}
    robin = matches.round_robin_of(session)
    draws = matches.round_draws(session)
    byes = matches.round_byes(session)
    plan = matches.sections_plan(session)
    rounds = []
    for number, rnd in enumerate(robin.rounds, start=1):
        labels = match_numbers(rnd.matches, None if plan is None else plan.field)
        drawn = draws.get(number, ())
        why = {(p.higher, p.lower): said.library(p.why) for d in drawn for p in d.pairings}
        bye_why = {d.bye: said.library(d.bye_why) for d in drawn if d.bye and d.bye_why}
        rounds.append(
            {
                "number": number,
                "matches": [
                    {
                        "number": label,
                        "home": m.home,
                        "away": m.away,
                        "boards": naming.boards_shown(m.boards),
                        "why": why.get((m.home, m.away), ""),
                    }
                    for label, m in zip(labels, rnd.matches, strict=True)
                ],
                "byes": [{"team": t, "why": bye_why.get(t, "")} for t in byes.get(number, ())],
            }
        )
    names = dict(SessionPair.objects.filter(session=session).values_list("pair", "names"))
    ranked = [
        (letter, [{"place": s.place, "team": s.team, "names": names.get(s.team, ""),
                   "vp": s.vp} for s in rows])
        for letter, rows in matches.section_rankings(session).items()
    ]  # fmt: skip
    context: dict[str, Any] = {"teams_rounds": rounds, "section_rankings": ranked}
    if session.schedule == Session.Schedule.SWISS:
        context["swiss_left"] = matches.planned_rounds(session) - len(draws)
    return context


def _grid_context(session: Session, shown: Shown) -> dict[str, Any]:
    """What the grid shows (``_grid.html``, which the control page reloads every few
    seconds): the grid, the alerts and Missing, from one reading of the log; of the
    section ``shown`` alone if one is (every section's alerts still: a call waits for no
    one's choice of section)."""
    found = in_play.progress(session)  # one reading for the grid, the alerts, Missing
    waiting = alerts.table_alerts(session, found.done)
    tables = shown.tables
    missing = [s for s in in_play.missing(session, found) if tables is None or s.table in tables]
    return {
        "session": session,
        "shown": shown,
        # one a section in a session in sections, its rows written out here
        "grids": [
            {"section": g.section, "rows": g.rows, "body": _grid_body(session, g)}
            for g in in_play.grids(session, found)
            if not shown.letter or g.section == shown.letter
        ],
        "alerts": waiting,
        "calling": alerts.calling(waiting),
        "missing": [
            {"seat": s, "where": said.text(naming.table_named(session, s.table))}
            for s in missing[:200]
        ],
    }


def _grid_body(session: Session, grid: in_play.Grid) -> SafeString:
    """A grid's rows as ``_grid.html`` showed them, written out in Python: the template
    put each of 7,200 cells at 240 tables together node by node (about 0.4 s of a 0.5 s
    grid, which an open control page asks for every 5 s). Every value is escaped as the
    template escaped it; the words are the catalogues' (the template's own msgids)."""
    versus = gettext("%(ns)s v %(ew)s")
    # 3IL to a Finnish director, 3EO to a Spanish one: each id once, not once a cell
    pair = partial(pair_name, w=said.words_of())
    stages = {
        "missing": pgettext("a round's boards on the grid", "missing"),
        "not_started": pgettext("a round's boards on the grid", "not started"),
    }
    stage = {state: f' <span class="stage">{escape(word)}</span>' for state, word in stages.items()}
    link = f"/director/s/{session.pk}/cell/"
    rows = []
    for number, row in enumerate(grid.rows, start=1):
        cells = [f"<tr><th>{number}</th>"]
        for cell in row:
            if cell.state == "idle":
                cells.append('<td class="idle">—</td>')
                continue
            flags = [escape(f) for f in cell.flags]
            shown = versus % {"ns": escape(pair(cell.ns)), "ew": escape(pair(cell.ew))}
            cells.append(
                f'<td class="{escape(cell.state)}{" flagged" if flags else ""}"'
                + (f' title="{"; ".join(flags)}"' if flags else "")
                + f'><a href="{link}{cell.round}/{cell.table}/">{shown}'
                + f"<br>{cell.entered}/{len(cell.boards)}{stage.get(cell.state, '')}</a>"
                + "".join(f'<br><span class="flag">{f}</span>' for f in flags)
                + "</td>"
            )
        cells.append("</tr>")
        rows.append("".join(cells))
    return mark_safe("".join(rows))  # every value above is escaped


def _control_context(request: HttpRequest, session: Session) -> dict[str, Any]:
    """The control page's: the grid's, and the schedule, hand records, links and pairs;
    of one section alone when asked for (:func:`_shown`)."""
    shown = _shown(request, session)
    analysis = analysing.shown(session)  # started again here if a stopped server left it
    return {
        **_teams_context(session),
        **_grid_context(session, shown),
        "analysis": analysis,
        "analysis_lines": analysis.lines(),
        "hand_boards": naming.boards_shown(hand_records.hands_of(session.hands_pbn)),
        # a session started from a results file: whether it reproduces the file's figures
        "file_check": said.shown(session.file_check) if session.file_check else "",
        "links": _link_rows(session, shown.tables),
        "pairs": SessionPair.objects.filter(session=session),
    }


@login_required
def control(request: HttpRequest, session_id: int) -> HttpResponse:
    """The live control grid: every table and round, done / playing / missing; the alerts
    that need the director; the hand records and their analysis; the log, one list in time
    order, the latest first."""
    session = directed(request, session_id)
    context = _control_context(request, session)
    context["log"] = session_log(session)
    return render(request, "bridgescore/control.html", context)


@login_required
@failures.only("POST")
def session_hands(request: HttpRequest, session_id: int) -> HttpResponse:
    """New hand records for the session (PBN), checked whole first: a file with any error,
    or with no deals, changes nothing (the control page again, saying why); else they are
    kept, the old analysis is no longer shown and a new one is started."""
    session = directed(request, session_id)
    form = director_forms.HandsForm(request.POST, request.FILES)
    errors: list[str] = []
    if form.is_valid():
        text = fields.text_of(form.cleaned_data["hands"])
        try:
            hand_records.set_hands(session, text, request.user)
        except BridgeError as error:
            errors.append(problem(error))
        else:
            return redirect("control", session_id=session.pk)
    else:
        errors.extend(fields.problems(form))
    context = _control_context(request, session)
    context["log"] = session_log(session)
    context["hands_errors"] = errors
    return render(request, "bridgescore/control.html", context, status=REFUSED)


@login_required
def control_grid(request: HttpRequest, session_id: int) -> HttpResponse:
    """The grid alone (the control page reloads it every few seconds), of the section
    the page shows alone if it does."""
    session = directed(request, session_id)
    return render(
        request, "bridgescore/_grid.html", _grid_context(session, _shown(request, session))
    )


@login_required
@failures.only("GET", "POST")
def director_cell(request: HttpRequest, session_id: int, round_no: int, table: int) -> HttpResponse:
    """Enter, correct or erase any result of one table in one round (with a reason)."""
    session = directed(request, session_id)
    seat = in_play.plan_of(session).seat(round_no, table)
    if seat is None:
        raise Http404(gettext("no such table in that round"))
    errors: list[str] = []
    if request.method == "POST":
        form = director_forms.DirectorResultForm(request.POST)
        if not form.is_valid():
            errors = fields.problems(form)
        else:
            data = form.cleaned_data
            try:
                if data["erase"]:
                    entries.erase_entry(
                        session, round_no, table, data["board"], request.user, data["reason"]
                    )
                else:
                    inp = form.director_input(round_no, table)
                    entries.record_entry(
                        session, inp, by_table=False, user=request.user, reason=data["reason"]
                    )
            except BridgeError as err:
                errors = [problem(err)]
            else:
                return redirect(
                    "director_cell", session_id=session.pk, round_no=round_no, table=table
                )
    current = in_play.current_entries(session)
    boards = [(b, current.get((round_no, table, b))) for b in seat.boards]
    history = Entry.objects.filter(session=session, round=round_no, table=table)
    asks = TableCall.objects.filter(
        session=session,
        round=round_no,
        table=table,
        kind=TableCall.Kind.NOT_PLAYED,
        answered=None,
    )
    context = {
        "session": session,
        "seat": seat,
        "label": naming.table_label(session, table),
        "round": round_no,
        "boards": boards,
        "history": logged(history.select_related("by").order_by("id")),
        "where": naming.table_shown(session, table) if naming.is_teams(session) else "",
        "calls": asks,
        "data": request.POST if request.method == "POST" else {"board": request.GET.get("board")},
        "errors": errors,
    }
    return render(request, "bridgescore/cell.html", context, status=REFUSED if errors else 200)


@dataclass(frozen=True, slots=True)
class Outstanding:
    """What a session closed or published now leaves out, as the director is shown it
    before confirming, each by its :class:`Stage` (the grid's own rule): results
    missing from rounds the tables have left, results of the rounds being played not yet
    in, the first round of tables that have entered nothing (not started), boards of
    rounds not yet reached (by round), and results waiting for the opponents'
    confirmation on their phone."""

    state: str
    missing: tuple[in_play.Seating, ...]
    playing: tuple[in_play.Seating, ...]
    later: tuple[tuple[int, int], ...]
    pending: tuple[PendingEntry, ...]
    not_started: tuple[in_play.Seating, ...] = ()
    asks: tuple[TableCall, ...] = ()
    """A table's asks to mark a board not played, still unanswered (the board is among
    those above: once closed, the ask leaves the grid)."""

    @property
    def key(self) -> str:
        """A short digest of what was shown, so that what is confirmed is what was shown."""
        import hashlib
        import json

        shown = {
            "state": self.state,
            "missing": [(s.round, s.table, s.board) for s in self.missing],
            "playing": [(s.round, s.table, s.board) for s in self.playing],
            "not_started": [(s.round, s.table, s.board) for s in self.not_started],
            "later": list(self.later),
            "pending": sorted(str(p.entry_id) for p in self.pending),
            "asks": [a.pk for a in self.asks],
        }
        return hashlib.sha256(json.dumps(shown).encode()).hexdigest()[:16]

    @property
    def nothing(self) -> bool:
        return not (self.missing or self.playing or self.not_started or self.later or self.pending)

    @property
    def without_result(self) -> int:
        """How many boards the close leaves without a result, whatever their stage."""
        later = sum(n for _, n in self.later)
        return len(self.missing) + len(self.playing) + len(self.not_started) + later


def outstanding(session: Session, state: str) -> Outstanding:
    """What closing or publishing ``session`` now would leave out (see :class:`Outstanding`),
    from :func:`in_play.progress`: the same stages the grid is coloured by."""
    found = in_play.progress(session)
    later: dict[int, int] = {}
    for s in found.at(in_play.Stage.WAITING):
        later[s.round] = later.get(s.round, 0) + 1
    pending = PendingEntry.objects.filter(session=session).order_by("id")
    asks = TableCall.objects.filter(
        session=session, kind=TableCall.Kind.NOT_PLAYED, answered=None
    ).exclude(board=None)
    return Outstanding(
        state,
        tuple(found.at(in_play.Stage.MISSING)),
        tuple(found.at(in_play.Stage.PLAYING)),
        tuple(sorted(later.items())),
        tuple(pending),
        tuple(found.at(in_play.Stage.NOT_STARTED)),
        tuple(a for a in asks.order_by("id") if (a.round, a.table, a.board) not in found.done),
    )


@login_required
@failures.only("POST")
def session_state(request: HttpRequest, session_id: int) -> HttpResponse:
    """Close the session (tables can no longer enter), publish it, or open it again. Closing
    or publishing first shows what is still missing and what waits for the opponents'
    confirmation, and is applied only when the director confirms what was shown (a
    changed situation is shown again)."""
    session = directed(request, session_id)
    form = director_forms.StateForm(request.POST)
    if not form.is_valid():
        return failures.refused(request, "; ".join(fields.problems(form)), UNREADABLE)
    wanted, key = form.cleaned_data["state"], form.cleaned_data["key"]
    if wanted == session.state:
        return redirect("control", session_id=session.pk)
    if wanted != Session.State.RUNNING:
        shown = outstanding(session, wanted)
        if key != shown.key:
            context = {
                "session": session,
                "wanted": wanted,
                "shown": shown,
                "missing": _seen_at(session, shown.missing),
                "playing": _seen_at(session, shown.playing),
                "not_started": _seen_at(session, shown.not_started),
                "pending": [(naming.table_label(session, p.table), p) for p in shown.pending],
                "asks": [(naming.table_label(session, a.table), a) for a in shown.asks],
                "errors": [_("what is missing has changed since: look again")] if key else [],
            }
            return render(request, "bridgescore/state.html", context, status=STALE if key else 200)
    entries.change_state(session, wanted)
    with translation.override(None):  # the state's English, translated where it is shown
        state = said.part(str(session.get_state_display()))
    left = _left_out(shown) if wanted != Session.State.RUNNING else []
    detail = (
        said.said(gettext_noop("session {state} ({left})"), state=state, left=left)
        if left
        else said.said(gettext_noop("session {state}"), state=state)
    )
    logbook.log(session, gettext_noop("state"), detail, user=request.user)
    return redirect("control", session_id=session.pk)


def _seen_at(session: Session, seated: Iterable[in_play.Seating]) -> list[dict[str, Any]]:
    """in_play.Seatings as the confirmation page lists them: with the table as the players know
    it (``1a`` in a teams session)."""
    return [{"seat": s, "table": naming.table_label(session, s.table)} for s in seated]


def _left_out(shown: Outstanding) -> list[said.Part]:
    """What a close or publish left out, for the log (nothing when nothing was)."""
    parts = []
    count = shown.without_result
    if count:
        parts.append(said.part(gettext_noop("results missing: {count}"), count=count))
    if shown.pending:
        waiting = len(shown.pending)
        parts.append(
            said.part(
                gettext_noop("waiting for the opponents' confirmation: {count}"), count=waiting
            )
        )
    return parts
