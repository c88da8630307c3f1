"""The club's roster and a session's pairs, penalties and late changes."""

from __future__ import annotations

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
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from bridgescore.core.notation import pair_order
from bridgescore.errors import BridgeError
from bridgescore.web import (
    changes,
    clubs,
    failures,
    matches,
    naming,
    session_movement,
    standings,
)
from bridgescore.web.answers import problem
from bridgescore.web.director import fields
from bridgescore.web.director import forms as director_forms
from bridgescore.web.director.access import REFUSED, STALE, directed
from bridgescore.web.models import (
    Club,
    MovementChange,
    Penalty,
    Player,
    Session,
    SessionPair,
)


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
            errors = fields.problems(which)
        elif not form.is_valid():
            errors = fields.problems(form)
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
    named as chosen, or, if any choice is refused, none. A teams session's page names
    its teams' players instead, each team's name kept (:func:`_team_players`)."""
    session = directed(request, session_id)
    if session.kind == Session.Kind.TEAMS:
        return _team_players(request, session)
    labels = director_forms.roster_labels(Player.objects.filter(club=session.club))
    listed = sorted(SessionPair.objects.filter(session=session), key=lambda r: pair_order(r.pair))
    errors: list[str] = []
    if request.method == "POST":
        form = director_forms.PairsForm(
            request.POST, pairs=[row.pair for row in listed], roster=labels
        )
        if not form.is_valid():
            errors = fields.problems(form)
        else:
            try:
                with transaction.atomic():
                    for row in listed:
                        chosen: list[Player | str] = list(form.chosen(row.pair))
                        if chosen:
                            clubs.set_pair_names(session, row.pair, chosen, request.user)
            except BridgeError as err:
                errors = [problem(err)]
            else:
                return redirect("session_pairs", session_id=session.pk)
    sent = request.POST if errors else {}  # a refused post shows what was typed, to mend
    offered = {director_forms.roster_key(label): label for label in labels}
    rows = []
    for row in listed:
        # each player named now as the roster offers them (none for a name two share)
        now = [offered.get(director_forms.roster_key(n), "") for n in row.names.split("&")]
        now += ["", ""]
        a, b = (str(sent.get(f"{row.pair}-{s}", now[i])) for i, s in enumerate("ab"))
        rows.append({"pair": row.pair, "names": row.names, "a": a, "b": b})
    context = {
        "session": session,
        "rows": rows,
        "roster": list(labels),
        "most": director_forms.ROSTER_LABEL_LENGTH,
        "errors": errors,
    }
    return render(request, "bridgescore/pairs.html", context, status=REFUSED if errors else 200)


def _team_players(request: HttpRequest, session: Session) -> HttpResponse:
    """A teams session's teams, each with the name it was entered with (kept) and its
    players (typed): every team's players saved as sent, or, if any is refused, none."""
    rows = list(SessionPair.objects.filter(session=session).order_by("id"))
    errors: list[str] = []
    if request.method == "POST":
        form = director_forms.TeamPlayersForm(request.POST, teams=[row.pair for row in rows])
        if not form.is_valid():
            errors = fields.problems(form)
        else:
            try:
                matches.set_team_players(session, form.players(), request.user)
            except BridgeError as err:
                errors = [problem(err)]
            else:
                return redirect("session_pairs", session_id=session.pk)
    sent = request.POST if errors else {}
    shown = [
        {
            "team": row.pair,
            "name": naming.team_name(session, row.pair, row.names),
            "players": sent[f"{row.pair}-players"]
            if f"{row.pair}-players" in sent
            else naming.team_players(session, row.pair, row.names),
        }
        for row in rows
    ]
    context = {
        "session": session,
        "rows": shown,
        "sections": session_movement.sections_of(session) is not None,
        "most": fields.MEMBERS_LENGTH,
        "errors": errors,
    }
    return render(request, "bridgescore/teams.html", context, status=REFUSED if errors else 200)


@login_required
@failures.only("GET", "POST")
def penalties(request: HttpRequest, session_id: int) -> HttpResponse:
    """Give or withdraw a procedural penalty (every line kept, with who and why): a
    pair's in points or per cent of a top, a team's in VPs (named by its id or name)."""
    session = directed(request, session_id)
    teams = session.kind == Session.Kind.TEAMS
    errors: list[str] = []
    if request.method == "POST":
        withdrawing = "withdraw" in request.POST
        form: forms.Form = (
            director_forms.WithdrawForm(request.POST)
            if withdrawing
            else director_forms.PenaltyForm(request.POST, teams=teams)
        )
        if not form.is_valid():
            errors = fields.problems(form)
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
        "teams": teams,
        "named": naming.teams_named(session) if teams else {},
        "pairs": () if teams else session_movement.movement_of(session).pairs,
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
    session = directed(request, session_id)
    teams = session.kind == Session.Kind.TEAMS
    data = request.POST if request.method == "POST" else request.GET
    context: dict[str, Any] = {
        "session": session,
        "data": data,
        "teams": teams,
        "changes": director_forms.TEAM_CHANGES if teams else director_forms.PAIR_CHANGES,
        "history": matches.changes_made(session)  # a Swiss's, from its log lines
        if teams
        else MovementChange.objects.filter(session=session).select_related("by"),
        "errors": [],
    }
    status = 200
    if teams:  # a late team of a Swiss in sections joins the section the director names
        plan = matches.sections_plan(session)
        context["sections"] = [] if plan is None else [s.letter for s in plan.field.sections]
    if data.get("kind") or request.method == "POST":
        form: forms.Form = (
            director_forms.TeamChangeForm(data, sections=context["sections"])
            if teams
            else director_forms.PairChangeForm(data)
        )
        if not form.is_valid():
            context["errors"], status = fields.problems(form), REFUSED
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
            session, data["kind"], data["team"], data["round"], data["members"], data["section"]
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
