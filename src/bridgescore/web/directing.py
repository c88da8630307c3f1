"""The director's pages: sessions set up (pairs or teams), the live control grid,
corrections and rulings, the roster and pairs, penalties, late changes, the Swiss draw,
the guide cards and the exports. Every one checks that the director directs the club."""

from __future__ import annotations

import contextlib
import datetime
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext, gettext_lazy, gettext_noop
from django.utils.translation import gettext as _

from bridgescore.errors import BridgeError
from bridgescore.events.conventions import session_scoring
from bridgescore.events.movements.fit import Seating, table_in
from bridgescore.events.movements.spec import KINDS, MovementSpec, Option
from bridgescore.events.movements.suggest import (
    Suggestion,
    balance_said,
    is_usual,
    name_of,
    shortlist,
    suggest,
)
from bridgescore.events.movements.swiss import Draw
from bridgescore.events.play import Stage
from bridgescore.events.teams import ByeAward, ByeRule
from bridgescore.events.vocabulary import Scoring
from bridgescore.web import (
    alerts,
    analysing,
    bridgemate_import,
    changes,
    clubs,
    director_forms,
    entries,
    failures,
    hand_records,
    in_play,
    logbook,
    matches,
    naming,
    refusals,
    said,
    session_movement,
    standings,
)
from bridgescore.web.answers import problem
from bridgescore.web.models import (
    Club,
    Entry,
    LogLine,
    MovementChange,
    Penalty,
    PendingEntry,
    Player,
    Session,
    SessionPair,
    TableCall,
    TableLink,
    spec_part,
)


def _directed(request: HttpRequest, session_id: int) -> Session:
    """The session, if the logged-in user directs its club (else 404: no probing ids)."""
    session = (
        Session.objects.filter(pk=session_id, club__in=clubs.clubs_for(request.user))
        .select_related("club")
        .first()
    )
    if session is None:
        raise Http404(gettext("no such session"))
    return session


@login_required
def director_home(request: HttpRequest) -> HttpResponse:
    directed = clubs.clubs_for(request.user)
    sessions = clubs.sessions_for(request.user)
    return render(request, "bridgescore/director.html", {"clubs": directed, "sessions": sessions})


SPEC_EXAMPLES = ("mitchell:7x3", "howell:5x4", "mitchell:7x3:relay", "howell:7x3:rounds=8")
"""Specs shown as examples beside the field where the director types one."""

REFUSED = 422
"""A form the director can correct, refused by its form or by the library: the page again,
with every problem."""
STALE = 409
"""A confirmation of something no longer as it was shown: the page shows it again."""
UNREADABLE = 400
"""A request no page of ours sends (a session state that does not exist)."""


@login_required
@failures.only("GET", "POST")
def new_session(request: HttpRequest) -> HttpResponse:
    """Set up a session: the number of pairs and boards give the movements that fit; the
    director picks one, types a spec or sends a movement file, dates the session, sets the
    opening-lead rule and names the pairs."""
    directed = clubs.clubs_for(request.user)
    if not directed:
        raise Http404(gettext("you direct no club"))
    posted = request.method == "POST"
    data = request.POST if posted else request.GET
    context: dict[str, Any] = {
        "clubs": directed,
        "data": data,
        "errors": [],
        "lead_rules": Session.LeadRule.choices,
        "lead_rule": data.get("lead_rule") or Session.LeadRule.WARN,
        "date": data.get("date") or datetime.date.today().isoformat(),
        "examples": SPEC_EXAMPLES,
        "spec_kinds": _spec_kinds(),
        "most_pairs": director_forms.MOST_PAIRS,
        "most_boards": director_forms.MOST_BOARDS_ASKED,
        "bridgemate_missing": bridgemate_import.missing_extra(),
    }
    errors: list[str] = context["errors"]
    if data.get("pairs") or data.get("boards"):
        size = director_forms.SuggestForm(data)
        if size.is_valid():
            try:
                found = suggest(size.cleaned_data["pairs"], size.cleaned_data["boards"])
                context["suggestions"] = [_offered(s) for s in shortlist(found)]
            except BridgeError as error:
                errors.append(problem(error))
        elif not posted:  # the size typed; on a post it is the hidden copy
            errors.extend(director_forms.problems(size))
    if posted:
        form = director_forms.NewSessionForm(data, request.FILES, clubs=directed)
        if form.is_valid():
            try:
                session, shown = _new_pairs_session(form.cleaned_data, directed, request.user)
            except bridgemate_import.RefusedImportError as error:
                errors.extend(error.problems)
            except BridgeError as error:
                errors.append(problem(error))
            else:
                _log_created(session, said.part("{spec}", spec=shown), request)
                return redirect("control", session_id=session.pk)
        else:
            errors.extend(director_forms.problems(form))
    status = REFUSED if errors else 200
    return render(request, "bridgescore/new_session.html", context, status=status)


@dataclass(frozen=True, slots=True)
class Offered:
    """A movement as the new-session page offers it: its name in the director's words
    (the library's :func:`~bridgescore.events.movements.suggest.name_of`), its balance
    said as it applies, whether clubs usually play it for the size, its spec in parts
    (the page lets it wrap at a colon, never inside a word), and for a field split into
    sections each section's spec (a session each)."""

    suggestion: Suggestion
    name: str
    balance: str
    usual: bool
    parts: tuple[str, ...]
    sections: str = ""


def _offered(suggestion: Suggestion) -> Offered:
    return Offered(
        suggestion,
        name_of(suggestion).render(gettext),
        said.library(balance_said(suggestion).render(gettext)),
        is_usual(suggestion),
        tuple(suggestion.spec.split(":")),
        ", ".join(suggestion.sections),
    )


def _spec_kinds() -> list[tuple[str, str]]:
    """Each kind a spec may name, with its options as they are written (``rounds=N``)."""

    def written(option: Option) -> str:
        if option.number:
            return f"{option.name}=N"
        return f"{option.name}={'|'.join(option.words)}" if option.words else option.name

    return [(k.name, ", ".join(written(o) for o in k.options)) for k in KINDS.values()]


def _new_pairs_session(
    data: dict[str, Any], directed: list[Club], user: refusals.Viewer
) -> tuple[Session, str]:
    """The session a valid :class:`~director_forms.NewSessionForm` sets up, and its
    movement as the log shows it. From a Bridgemate file, the results in it are the
    session's first entries, kept with the session in one transaction (or none of it)."""
    club = next(c for c in directed if str(c.pk) == data["club"])
    upload = data["movement"]
    imported = None
    if upload is not None and director_forms.is_bridgemate(upload):
        imported = bridgemate_import.read_section(upload, data["section"])
        movement, spec_text, shown = imported.movement, "", imported.shown
    elif upload is not None:  # a movement entered by hand, or another program's file
        from bridgescore.io.movement_files import loads_movement

        source = upload.name or "movement file"
        movement = loads_movement(director_forms.text_of(upload), source=source)
        spec_text, shown = "", f"movement file {source}"
    else:
        spec = MovementSpec.parse(data["typed_spec"] or data["spec"])
        movement = spec.build()
        spec_text = shown = str(spec)
    names: dict[str, str] = data["names"]
    unknown = [pair for pair in names if pair not in movement.pairs]
    if unknown:
        raise refusals.EntryError(
            gettext(
                "Pairs' names: there is no pair {unknown!r} in this movement (its pairs "
                "are {join}{value})"
            ).format(
                unknown=unknown[0],
                join=", ".join(movement.pairs[:4]),
                value=" …" if len(movement.pairs) > 4 else "",
            )
        )
    if imported is not None:  # the file's players, where the director typed no names
        names = {**imported.names, **names}
    hands = data["hands"]
    # a session set up by a program that matchpoints 1 a beat (ACBLscore) is run so here
    scoring = session_scoring(imported.program if imported is not None else "")
    holding = entries.writing() if imported is not None else contextlib.nullcontext()
    with holding, transaction.atomic():  # an import: no table's write comes in between
        session = clubs.create_session(
            club,
            data["name"],
            movement,
            spec=spec_text,
            date=data["date"] or (imported.date if imported is not None else None),
            names=names,
            hands_pbn=director_forms.text_of(hands) if hands is not None else "",
            lead_rule=data["lead_rule"],
            scoring=scoring.value,
        )
        if imported is not None:
            kept = bridgemate_import.import_results(session, imported, user)
            shown = _("{file}, {count} results imported").format(file=shown, count=kept)
            if imported.program:  # a Bridgemate file holds no scores of that program's
                shown = _(
                    "{shown}; set up by {program}: scored as it scores ({scoring}); the file"
                    " carries no scores of its own to check against"
                ).format(
                    shown=shown,
                    program=imported.program,
                    scoring=_("matchpoints (ACBL)")
                    if scoring is Scoring.ACBL
                    else _("matchpoints"),
                )
    return session, shown


def _teams_from(
    data: dict[str, Any], count: int, players: dict[str, Player]
) -> tuple[list[str], dict[str, str]]:
    """The teams' names (typed, else the roster player the team is named after) and, for
    a team named from the roster, that player as its member (from a valid form)."""
    names, members = [], {}
    for number in range(1, count + 1):
        typed = " ".join(str(data.get(f"team-{number}") or "").split())
        player = players.get(str(data.get(f"player-{number}") or ""))
        team = typed or (player.name if player else "")
        names.append(team)
        if player is not None and team:
            members[team] = player.name
    return names, members


def _bye_award(data: dict[str, Any]) -> ByeAward:
    """The bye award as a valid form gives it (VPs, and fixed, average or the higher)."""
    try:
        rule = ByeRule(data.get("bye_rule") or ByeRule.FIXED)
    except ValueError:
        raise refusals.EntryError(
            gettext("A bye scores: fixed VPs, the average, or the higher (fixed, average, higher)")
        ) from None
    vps = data.get("bye_vp")
    return ByeAward(float(vps) if vps is not None else 12.0, rule)


@login_required
@failures.only("GET", "POST")
def new_teams_session(request: HttpRequest) -> HttpResponse:
    """Set up a teams session: the number of teams and boards a match, a round robin or
    a Swiss (with its rounds), the date, the teams named from the roster or typed."""
    directed = clubs.clubs_for(request.user)
    if not directed:
        raise Http404(gettext("you direct no club"))
    data = request.POST if request.method == "POST" else request.GET
    club = next((c for c in directed if str(c.pk) == data.get("club")), directed[0])
    players = {str(p.pk): p for p in Player.objects.filter(club=club)}
    context: dict[str, Any] = {
        "clubs": directed,
        "club": club,
        "data": data,
        "date": data.get("date") or datetime.date.today().isoformat(),
        "players": players.values(),
        "schedules": [(v, label) for v, label in Session.Schedule.choices if v],
        "bye_rules": BYE_RULES,
        "rematch_rules": REMATCH_RULES,
        "most_teams": director_forms.MOST_TEAMS,
        "errors": [],
    }
    errors: list[str] = context["errors"]
    count = 0
    if data.get("teams"):
        counted = director_forms.TeamCountForm(data)
        if counted.is_valid():
            count = counted.cleaned_data["teams"]
        else:
            errors.extend(director_forms.problems(counted))
    context["rows"] = [
        {"number": n, "team": data.get(f"team-{n}", ""), "player": data.get(f"player-{n}", "")}
        for n in range(1, count + 1)
    ]
    if request.method == "POST" and count:
        form = director_forms.NewTeamsForm(
            data, request.FILES, clubs=directed, count=count, players=players.values()
        )
        if form.is_valid():
            try:
                session = _new_teams_session(form.cleaned_data, club, count, players, request.user)
            except BridgeError as error:
                errors.append(problem(error))
            else:
                _log_created(session, spec_part(session.spec), request)
                return redirect("control", session_id=session.pk)
        else:
            errors.extend(director_forms.problems(form))
    status = REFUSED if errors else 200
    return render(request, "bridgescore/new_teams.html", context, status=status)


def _new_teams_session(
    data: dict[str, Any], club: Club, count: int, players: dict[str, Player], user: refusals.Viewer
) -> Session:
    """The teams session a valid :class:`~director_forms.NewTeamsForm` sets up."""
    swiss = data["schedule"] == Session.Schedule.SWISS
    teams, members = _teams_from(data, count, players)
    rules = matches.swiss_rules(
        data["rematches"],
        data["late_after"] if data["rematches"] == "late" else None,
        if_stuck=data["if_stuck"],
    )
    hands = data["hands"]
    return matches.create_teams_session(
        club,
        data["name"],
        teams,
        data["boards"],
        schedule=data["schedule"],
        rounds=data["rounds"] if swiss else None,
        date=data["date"],
        members=members,
        hands_pbn=director_forms.text_of(hands) if hands is not None else "",
        bye=_bye_award(data),
        rules=rules,
        user=user,
    )


def _log_created(session: Session, spec: said.Part, request: HttpRequest) -> None:
    detail = said.said(
        gettext_noop("{name}: {spec}, {date}"),
        name=session.name,
        spec=spec,
        date=session.date.isoformat(),
    )
    logbook.log(session, gettext_noop("session created"), detail, user=request.user)


BYE_RULES = (
    (ByeRule.FIXED, gettext_lazy("these VPs")),
    (ByeRule.AVERAGE, gettext_lazy("the team's average VPs of its matches")),
    (ByeRule.HIGHER, gettext_lazy("the higher of the two")),
)
"""How a bye may be scored, as the form offers it."""

REMATCH_RULES = (
    ("never", gettext_lazy("never: no two teams meet twice")),
    ("twice", gettext_lazy("a second meeting allowed, never a third")),
    ("late", gettext_lazy("again once this many rounds have passed")),
    ("danish", gettext_lazy("Danish: 1st v 2nd, 3rd v 4th, whoever has met")),
)
"""The Swiss draw's rematch rules, as the form offers them (the library's, but for
``sessions``, which a single session has no use for)."""


@login_required
@failures.only("GET", "POST")
def swiss_draw(request: HttpRequest, session_id: int) -> HttpResponse:
    """The next Swiss round drawn from the standings: each pairing with why, the bye and
    why; kept only when the director confirms the draw that was shown."""
    session = _directed(request, session_id)
    if session.schedule != Session.Schedule.SWISS:
        raise Http404(gettext("this session is not a Swiss"))
    context: dict[str, Any] = {"session": session, "errors": []}
    status = 200
    form = director_forms.DrawForm(request.POST) if request.method == "POST" else None
    if form is not None and not form.is_valid():
        context["errors"], status = director_forms.problems(form), REFUSED
        form = None
    try:
        context["standings"] = matches.swiss_standings(session)
        draw = matches.next_draw(session)
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


def _link_rows(session: Session) -> list[LinkRow]:
    teams = session.kind == Session.Kind.TEAMS
    return [
        LinkRow(
            link,
            naming.table_label(session, link.table),
            naming.room_name(link.table) if teams else "",
        )
        for link in TableLink.objects.filter(session=session)
    ]


def _teams_context(session: Session) -> dict[str, Any]:
    """A teams session's schedule for the control page: each round's matches (with the
    Swiss draw's reasons) and bye, and whether the next Swiss round can be drawn."""
    if session.kind != Session.Kind.TEAMS:
        return {}
    robin = matches.round_robin_of(session)
    draws = {d.round: d for d in matches.draws_of(session)}
    rounds = []
    for number, rnd in enumerate(robin.rounds, start=1):
        draw = draws.get(number)
        why = {(p.higher, p.lower): said.library(p.why) for p in draw.pairings} if draw else {}
        rounds.append(
            {
                "number": number,
                "matches": [
                    {
                        "number": place,
                        "home": m.home,
                        "away": m.away,
                        "boards": naming.boards_shown(m.boards),
                        "why": why.get((m.home, m.away), ""),
                    }
                    for place, m in enumerate(rnd.matches, start=1)
                ],
                "bye": rnd.bye,
                "bye_why": said.library(draw.bye_why) if draw and draw.bye_why else "",
            }
        )
    context: dict[str, Any] = {"teams_rounds": rounds}
    if session.schedule == Session.Schedule.SWISS:
        plan = matches.SwissPlan.from_json(session.schedule_json)
        context["swiss_left"] = plan.rounds - len(draws)
    return context


def _control_context(request: HttpRequest, session: Session) -> dict[str, Any]:
    found = in_play.progress(session)  # one reading for the grid, the alerts, Missing
    waiting = alerts.table_alerts(session, found.done)
    analysis = analysing.shown(session)  # started again here if a stopped server left it
    return {
        **_teams_context(session),
        "session": session,
        "analysis": analysis,
        "analysis_lines": analysis.lines(),
        "hand_boards": naming.boards_shown(hand_records.hands_of(session.hands_pbn)),
        "grid": in_play.grid(session, found),
        "alerts": waiting,
        "calling": alerts.calling(waiting),
        "links": _link_rows(session),
        "missing": [
            {"seat": s, "where": said.text(naming.table_named(session, s.table))}
            for s in in_play.missing(session, found)[:200]
        ],
        "pairs": SessionPair.objects.filter(session=session),
    }


@login_required
def control(request: HttpRequest, session_id: int) -> HttpResponse:
    """The live control grid: every table and round, done / playing / missing; the alerts
    that need the director; the hand records and their analysis; the log, one list in time
    order, the latest first."""
    session = _directed(request, session_id)
    context = _control_context(request, session)
    context["log"] = session_log(session)
    return render(request, "bridgescore/control.html", context)


@login_required
@failures.only("POST")
def session_hands(request: HttpRequest, session_id: int) -> HttpResponse:
    """New hand records for the session (PBN), checked whole first: a file with any error,
    or with no deals, changes nothing (the control page again, saying why); else they are
    kept, the old analysis is no longer shown and a new one is started."""
    session = _directed(request, session_id)
    form = director_forms.HandsForm(request.POST, request.FILES)
    errors: list[str] = []
    if form.is_valid():
        text = director_forms.text_of(form.cleaned_data["hands"])
        try:
            hand_records.set_hands(session, text, request.user)
        except BridgeError as error:
            errors.append(problem(error))
        else:
            return redirect("control", session_id=session.pk)
    else:
        errors.extend(director_forms.problems(form))
    context = _control_context(request, session)
    context["log"] = session_log(session)
    context["hands_errors"] = errors
    return render(request, "bridgescore/control.html", context, status=REFUSED)


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

    results = logged(Entry.objects.filter(session=session).select_related("by").order_by("id"))
    for result in results[-most:]:
        e = result.entry
        where = _("round {round}, {table}, board {board}").format(
            round=e.round, table=named(e.table), board=e.board
        )
        by = e.by.username if e.by else (_("table") if e.by_table else "")
        rows.append(LogRow(e.created, "result", where, result.what, by, e.reason, e))
    for p in Penalty.objects.filter(session=session).select_related("by", "withdraws"):
        what = _("penalty withdrawn") if p.withdraws else _("penalty")
        where = _("pair {pair}").format(pair=p.pair)
        by = p.by.username if p.by else ""
        rows.append(LogRow(p.created, "penalty", where, what, by, p.reason, penalty=p))
    events = LogLine.objects.filter(session=session).select_related("by").order_by("-id")
    for line in events[:most]:
        kind = "call" if line.what in CALL_LINES else "event"
        by = line.by.username if line.by else line.address  # a phone: its address
        rows.append(LogRow(line.created, kind, "", line.text, by, ""))
    rows.sort(key=lambda row: row.when, reverse=True)
    return rows[:most]


@login_required
def control_grid(request: HttpRequest, session_id: int) -> HttpResponse:
    """The grid alone (the control page reloads it every few seconds)."""
    session = _directed(request, session_id)
    return render(request, "bridgescore/_grid.html", _control_context(request, session))


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


def logged(log: Iterable[Entry]) -> list[LoggedLine]:
    """The lines of ``log`` (entries in the log's order) in the director's words."""
    standing: dict[tuple[int, int, int], Entry] = {}
    lines = []
    for entry in log:
        key = (entry.round, entry.table, entry.board)
        before = standing.get(key)
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


@login_required
@failures.only("GET", "POST")
def director_cell(request: HttpRequest, session_id: int, round_no: int, table: int) -> HttpResponse:
    """Enter, correct or erase any result of one table in one round (with a reason)."""
    session = _directed(request, session_id)
    seat = table_in(session_movement.movement_of(session), round_no, table)
    if seat is None:
        raise Http404(gettext("no such table in that round"))
    errors: list[str] = []
    if request.method == "POST":
        form = director_forms.DirectorResultForm(request.POST)
        if not form.is_valid():
            errors = director_forms.problems(form)
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
    missing: tuple[Seating, ...]
    playing: tuple[Seating, ...]
    later: tuple[tuple[int, int], ...]
    pending: tuple[PendingEntry, ...]
    not_started: tuple[Seating, ...] = ()
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
    for s in found.at(Stage.WAITING):
        later[s.round] = later.get(s.round, 0) + 1
    pending = PendingEntry.objects.filter(session=session).order_by("id")
    asks = TableCall.objects.filter(
        session=session, kind=TableCall.Kind.NOT_PLAYED, answered=None
    ).exclude(board=None)
    return Outstanding(
        state,
        tuple(found.at(Stage.MISSING)),
        tuple(found.at(Stage.PLAYING)),
        tuple(sorted(later.items())),
        tuple(pending),
        tuple(found.at(Stage.NOT_STARTED)),
        tuple(a for a in asks.order_by("id") if (a.round, a.table, a.board) not in found.done),
    )


@login_required
@failures.only("POST")
def session_state(request: HttpRequest, session_id: int) -> HttpResponse:
    """Close the session (tables can no longer enter), publish it, or open it again. Closing
    or publishing first shows what is still missing and what waits for the opponents'
    confirmation, and is applied only when the director confirms what was shown (a
    changed situation is shown again)."""
    session = _directed(request, session_id)
    form = director_forms.StateForm(request.POST)
    if not form.is_valid():
        return failures.refused(request, "; ".join(director_forms.problems(form)), UNREADABLE)
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


def _seen_at(session: Session, seated: Iterable[Seating]) -> list[dict[str, Any]]:
    """Seatings as the confirmation page lists them: with the table as the players know
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


@login_required
def table_cards(request: HttpRequest, session_id: int) -> HttpResponse:
    """The guide cards, each table's (a teams session: each room's) with its own link on the
    public address (never the request's Host header) and the table's code."""
    session = _directed(request, session_id)
    from bridgescore.report.cards import cards_html
    from bridgescore.web.address import link
    from bridgescore.web.said import published_language, words_of

    words = words_of(published_language(request, session) or None)

    tables = list(TableLink.objects.filter(session=session))
    links = {t.table: link(f"/t/{t.token}/") for t in tables}
    codes = {t.table: t.code for t in tables}
    if session.kind == Session.Kind.TEAMS:  # the rooms' cards and the teams' (library's)
        from bridgescore.report.team_cards import team_cards_html

        room = naming.room_label
        robin = matches.round_robin_of(session)
        page = team_cards_html(
            robin,
            session.name,
            room_links={room(table): url for table, url in links.items()},
            room_codes={room(table): code for table, code in codes.items()},
            swiss_rounds=matches.planned_rounds(session)
            if session.schedule == Session.Schedule.SWISS
            else None,
            words=words,
        )
        return HttpResponse(page)
    movement = session_movement.movement_of(session)
    return HttpResponse(
        cards_html(movement, session.name, table_links=links, table_codes=codes, words=words)
    )


@login_required
def export(request: HttpRequest, session_id: int, fmt: str) -> HttpResponse:
    """The session's results as CSV, JSON, PBN or USEBIO (read back by the library); CSV
    and JSON in the director's language's notation."""
    session = _directed(request, session_id)
    from bridgescore.web.exports import disposition, export_event

    try:
        text, content_type = export_event(
            in_play.event_of(session), fmt, translation.get_language()
        )
    except BridgeError as error:
        return failures.refused(request, problem(error))
    response = HttpResponse(text, content_type=content_type)
    response["Content-Disposition"] = disposition(
        session.club.name, session.date, session.name, fmt
    )
    return response


def _club(request: HttpRequest, club_id: int) -> Club:
    """The club, if the logged-in user directs it (else 404)."""
    club = next((c for c in clubs.clubs_for(request.user) if c.pk == club_id), None)
    if club is None:
        raise Http404(gettext("no such club"))
    return club


@login_required
@failures.only("GET", "POST")
def roster(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's players (add one), and its directors (add a login)."""
    club = _club(request, club_id)
    errors: list[str] = []
    if request.method == "POST":
        which = director_forms.RosterForm(request.POST)
        director = which.is_valid() and which.cleaned_data["add"] == "director"
        form: forms.Form = (
            director_forms.DirectorLoginForm(request.POST)
            if director
            else director_forms.PlayerForm(request.POST)
        )
        if not which.is_valid():
            errors = director_forms.problems(which)
        elif not form.is_valid():
            errors = director_forms.problems(form)
        else:
            data = form.cleaned_data
            try:
                if director:
                    clubs.add_director(club, data["username"], data["password"], request.user)
                else:
                    clubs.add_player(club, data["name"], data["number"])
            except BridgeError as err:
                errors = [problem(err)]
            else:
                return redirect("roster", club_id=club.pk)
    context = {
        "club": club,
        "players": Player.objects.filter(club=club),
        "directors": club.directors.select_related("user").order_by("user__username"),
        "data": request.POST,
        "errors": errors,
    }
    return render(request, "bridgescore/roster.html", context, status=REFUSED if errors else 200)


@login_required
@failures.only("GET", "POST")
def session_pairs(request: HttpRequest, session_id: int) -> HttpResponse:
    """Name the session's pairs from the club's roster (two players a pair): all the pairs
    named as chosen, or, if any choice is refused, none."""
    session = _directed(request, session_id)
    players = {str(p.pk): p for p in Player.objects.filter(club=session.club)}
    listed = list(SessionPair.objects.filter(session=session).order_by("id"))
    errors: list[str] = []
    if request.method == "POST":
        form = director_forms.PairsForm(
            request.POST, pairs=[row.pair for row in listed], players=players.values()
        )
        if not form.is_valid():
            errors = director_forms.problems(form)
        else:
            try:
                with transaction.atomic():
                    for row in listed:
                        chosen: list[Player | str] = [players[p] for p in form.chosen(row.pair)]
                        if chosen:
                            clubs.set_pair_names(session, row.pair, chosen, request.user)
            except BridgeError as err:
                errors = [problem(err)]
            else:
                return redirect("session_pairs", session_id=session.pk)
    rows = []
    by_name = {p.name: str(p.pk) for p in players.values()}
    for row in listed:
        players_now = [n.strip() for n in row.names.split("&") if n.strip()]
        ids = [by_name.get(n, "") for n in players_now] + ["", ""]
        rows.append({"pair": row.pair, "names": row.names, "a": ids[0], "b": ids[1]})
    context = {"session": session, "rows": rows, "players": players.values(), "errors": errors}
    return render(request, "bridgescore/pairs.html", context, status=REFUSED if errors else 200)


@login_required
@failures.only("GET", "POST")
def penalties(request: HttpRequest, session_id: int) -> HttpResponse:
    """Give or withdraw a procedural penalty (every line kept, with who and why)."""
    session = _directed(request, session_id)
    errors: list[str] = []
    if request.method == "POST":
        withdrawing = "withdraw" in request.POST
        form: forms.Form = (
            director_forms.WithdrawForm(request.POST)
            if withdrawing
            else director_forms.PenaltyForm(request.POST)
        )
        if not form.is_valid():
            errors = director_forms.problems(form)
        else:
            data = form.cleaned_data
            try:
                if withdrawing:
                    standings.withdraw_penalty(
                        session, data["withdraw"], data["reason"], request.user
                    )
                else:
                    standings.add_penalty(
                        session,
                        data["pair"],
                        str(data["amount"]),
                        data["unit"],
                        data["reason"],
                        request.user,
                    )
            except BridgeError as err:
                errors = [problem(err)]
            else:
                return redirect("penalties", session_id=session.pk)
    standing = {p.pk for p in standings.standing_penalties(session)}
    context = {
        "session": session,
        "lines": Penalty.objects.filter(session=session).select_related("by", "withdraws"),
        "standing": standing,
        "pairs": session_movement.movement_of(session).pairs,
        "units": [
            (value, label)
            for value, label in Penalty.Unit.choices
            if (value == Penalty.Unit.VP) == (session.kind == Session.Kind.TEAMS)
        ],
        "data": request.POST,
        "errors": errors,
    }
    return render(request, "bridgescore/penalties.html", context, status=REFUSED if errors else 200)


def _worked_out(session: Session, data: dict[str, Any]) -> changes.Change:
    """The change a valid :class:`~director_forms.PairChangeForm` asks for."""
    kind, from_round = data["kind"], data["round"]
    if kind == "late":
        return changes.late_pair(session, data["pair"], from_round)
    if kind == "missing":
        return changes.missing_pair(session, data["pair"], from_round)
    return changes.move_table(session, data["first"], data["second"], from_round)


@login_required
@failures.only("GET", "POST")
def late_change(request: HttpRequest, session_id: int) -> HttpResponse:
    """A late pair, a pair gone, a table moved (a pairs session), or a team leaving or
    joining a Swiss: worked out (a pairs movement re-checked), and its effect shown;
    applied only when the director confirms what was shown."""
    session = _directed(request, session_id)
    teams = session.kind == Session.Kind.TEAMS
    data = request.POST if request.method == "POST" else request.GET
    context: dict[str, Any] = {
        "session": session,
        "data": data,
        "teams": teams,
        "changes": director_forms.TEAM_CHANGES if teams else director_forms.PAIR_CHANGES,
        "history": MovementChange.objects.filter(session=session).select_related("by"),
        "errors": [],
    }
    status = 200
    if data.get("kind") or request.method == "POST":
        form_class = director_forms.TeamChangeForm if teams else director_forms.PairChangeForm
        form = form_class(data)
        if not form.is_valid():
            context["errors"], status = director_forms.problems(form), REFUSED
        else:
            try:
                status = _change(request, session, form.cleaned_data, context)
            except BridgeError as err:
                context["errors"], status = [problem(err)], REFUSED
            if status == 302:
                return redirect("control", session_id=session.pk)
    return render(request, "bridgescore/change.html", context, status=status)


def _change(
    request: HttpRequest, session: Session, data: dict[str, Any], context: dict[str, Any]
) -> int:
    """Work out the change a valid form asks for, into ``context``; apply it if asked and
    it is the one shown. The page's status: 302 once applied, 409 if it is not the one
    shown, else 200."""
    if context["teams"]:
        change: changes.Change | matches.TeamChange = matches.team_change(
            session, data["kind"], data["team"], data["round"], data["members"]
        )
    else:
        change = _worked_out(session, data)
    context["change"] = change
    if not (request.method == "POST" and data["apply"]):
        return 200
    if data["key"] != change.key:
        context["errors"] = [_("the change is not the one shown: look again")]
        return STALE
    if isinstance(change, changes.Change):
        changes.apply_change(session, change, data["reason"], request.user)
    else:
        matches.apply_team_change(session, change, data["reason"], request.user)
    return 302


@login_required
def export_site(request: HttpRequest, session_id: int) -> HttpResponse:
    """The static results site (``bridgescore.report.build_site``) as a zip."""
    session = _directed(request, session_id)
    import io
    import tempfile
    import zipfile
    from pathlib import Path

    from bridgescore.report.html import build_site
    from bridgescore.web.exports import disposition

    buffer = io.BytesIO()
    try:
        with tempfile.TemporaryDirectory(prefix="bridgescore-site-") as folder:
            written = build_site(in_play.event_of(session), folder)
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
                for path in written:
                    archive.write(path, Path(path).relative_to(folder).as_posix())
    except BridgeError as error:
        return failures.refused(request, problem(error))
    response = HttpResponse(buffer.getvalue(), content_type="application/zip")
    response["Content-Disposition"] = disposition(
        session.club.name, session.date, f"{session.name} site", "zip"
    )
    return response
