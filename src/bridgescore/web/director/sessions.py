"""The director's home and a new session, pairs (a movement suggested for the field, or
typed as a spec) or teams (a round robin or a Swiss)."""

from __future__ import annotations

import contextlib
import datetime
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy, gettext_noop
from django.utils.translation import gettext as _

from bridgescore.errors import BridgeError
from bridgescore.events.conventions import session_scoring
from bridgescore.events.movements.model import Movement
from bridgescore.events.movements.sections import (
    SPEC_JOIN,
    Section,
    SectionedMovement,
    built_spec,
)
from bridgescore.events.movements.spec import KINDS, Option
from bridgescore.events.movements.suggest import (
    Suggestion,
    balance_said,
    is_usual,
    name_of,
    shortlist,
    suggest,
)
from bridgescore.events.teams import ByeAward, ByeRule
from bridgescore.events.vocabulary import Scoring
from bridgescore.web import (
    clubs,
    entries,
    failures,
    logbook,
    matches,
    refusals,
    said,
)
from bridgescore.web.answers import problem
from bridgescore.web.director import bridgemate_import, fields, imported, results_import
from bridgescore.web.director import forms as director_forms
from bridgescore.web.director.access import REFUSED
from bridgescore.web.models import (
    Club,
    Player,
    Session,
    spec_part,
)


@login_required
def director_home(request: HttpRequest) -> HttpResponse:
    directed = clubs.clubs_for(request.user)
    sessions = clubs.sessions_for(request.user)
    return render(request, "bridgescore/director.html", {"clubs": directed, "sessions": sessions})


SPEC_EXAMPLES = ("mitchell:7x3", "howell:5x4", "mitchell:7x3:relay", "howell:7x3:rounds=8")
"""Specs shown as examples beside the field where the director types one."""


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
        "section_scorings": Session.SectionScoring.choices[1:],
        "lead_rule": data.get("lead_rule") or Session.LeadRule.WARN,
        "date": data.get("date") or datetime.date.today().isoformat(),
        "examples": SPEC_EXAMPLES,
        "spec_kinds": _spec_kinds(),
        "most_pairs": fields.MOST_PAIRS,
        "most_boards": fields.MOST_BOARDS_ASKED,
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
            errors.extend(fields.problems(size))
    if posted:
        form = director_forms.NewSessionForm(data, request.FILES, clubs=directed)
        if form.is_valid():
            try:
                session, shown = _new_pairs_session(form.cleaned_data, directed, request.user)
            except imported.RefusedImportError as error:
                errors.extend(error.problems)
            except BridgeError as error:
                errors.append(problem(error))
            else:
                _log_created(session, said.part("{spec}", spec=shown), request)
                return redirect("control", session_id=session.pk)
        else:
            errors.extend(fields.problems(form))
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
        SPEC_JOIN.join(suggestion.sections),
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
    movement: Movement | SectionedMovement
    found: tuple[bridgemate_import.BridgemateSection, ...] = ()
    if upload is not None and fields.is_bridgemate(upload):
        found = bridgemate_import.read_sections(upload, data["section"])
        imported = found[0]
        movement, spec_text, shown = imported.movement, "", imported.shown
        if len(found) > 1:  # the file's every section, one session in sections
            movement = SectionedMovement(tuple(Section(f.letter, f.movement) for f in found))
            shown = _("Bridgemate file {name}, sections {letters}").format(
                name=imported.source, letters=", ".join(f.letter for f in found)
            )
    elif upload is not None and results_import.is_results_file(upload):
        return _from_results_file(club, data, results_import.read_file(upload), user)
    elif upload is not None:  # a movement entered by hand (of sections too), or another program's
        from bridgescore.io.movement_files import loads_field

        source = upload.name or "movement file"
        movement = loads_field(fields.text_of(upload), source=source)
        spec_text, shown = "", f"movement file {source}"
    else:
        spec_text, movement = built_spec(data["typed_spec"] or data["spec"])
        shown = spec_text
    names = _named_pairs(data["names"], movement)
    if imported is not None:  # the file's players, where the director typed no names
        prefix = len(found) > 1  # a session in sections names its pairs A1NS
        filed = {
            (f.letter if prefix else "") + pair: n for f in found for pair, n in f.names.items()
        }
        names = {**filed, **names}
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
            hands_pbn=fields.text_of(hands) if hands is not None else "",
            lead_rule=data["lead_rule"],
            scoring=scoring.value,
            # a file's sections are scored apart, as the library scores the file itself
            sections=Session.SectionScoring.APART
            if len(found) > 1
            else data["sections"] or Session.SectionScoring.ACROSS,
        )
        if imported is not None:
            field = movement if isinstance(movement, SectionedMovement) else None
            kept = sum(bridgemate_import.import_results(session, f, user, field) for f in found)
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


def _named_pairs(names: dict[str, str], movement: Movement | SectionedMovement) -> dict[str, str]:
    """The names typed, by the movement's ids for the pairs (typed in any case and in the
    reader's notation too: ``a1ns`` names ``A1NS``, a Finnish ``A1IL`` ``A1EW``); a pair
    the movement does not have, or one named twice, refused (the pairs it might have
    meant: its section's, in a field in sections)."""
    played = movement.flattened() if isinstance(movement, SectionedMovement) else movement
    notation = said.words_of().notation
    found: dict[str, str] = {}
    for typed, who in names.items():
        pair = played.pair_typed(typed, notation)
        if pair is None:
            letter = typed.strip()[:1].upper()
            own = [p for p in played.pairs if p.startswith(letter)]
            near = own if isinstance(movement, SectionedMovement) and own else played.pairs
            raise refusals.EntryError(
                gettext(
                    "Pairs' names: there is no pair {unknown!r} in this movement (its pairs "
                    "are {join}{value})"
                ).format(
                    unknown=typed,
                    join=", ".join(map(notation.pair, near[:4])),
                    value=" …" if len(near) > 4 else "",
                )
            )
        if pair in found:
            raise refusals.EntryError(
                gettext("Pairs' names: pair {pair} named twice").format(pair=notation.pair(pair))
            )
        found[pair] = who
    return found


def _from_results_file(
    club: Club, data: dict[str, Any], found: results_import.ResultsFile, user: refusals.Viewer
) -> tuple[Session, str]:
    """The session a PBN or USEBIO results file starts: its sections, each playing the
    movement its results show, its pairs named as the file names them (names typed on the
    page win), scored as the file was (its sections apart or across the field, its
    scoring, its program's conventions), its deals the hand records (unless the director
    sent hand records), and its results the session's first entries, all in one
    transaction; then whether the session reproduces the file's own figures is kept for
    the control page (:func:`results_import.check_session`)."""
    names = _named_pairs(data["names"], found.movement)
    hands = data["hands"]
    with entries.writing(), transaction.atomic():  # no table's write comes in between
        session = clubs.create_session(
            club,
            data["name"],
            found.movement,
            date=data["date"] or found.date,
            names={**found.names, **names},
            hands_pbn=fields.text_of(hands) if hands is not None else found.hands_pbn,
            lead_rule=data["lead_rule"],
            scoring=found.scoring.value,
            sections=found.section_scoring,
            program=found.program,  # scored with the conventions of the file's program
            played=True,  # a pair that left stays under 70 % of the boards
        )
        kept = results_import.import_results(session, found, user)
        session.file_check = results_import.check_session(session, found)
        Session.objects.filter(pk=session.pk).update(file_check=session.file_check)
    shown = _("{file}, {count} results imported").format(file=found.shown, count=kept)
    return session, shown


def _teams_from(
    data: dict[str, Any], count: int, players: dict[str, Player]
) -> tuple[list[str], dict[str, str]]:
    """The teams' names (typed, else the roster player the team is named after) and, for
    a team named from the roster, that player as its member (from a valid form); or the
    names pasted one a line, in order."""
    pasted = data.get("names") or []
    if pasted:
        return list(pasted), {}
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
        "most_teams": fields.MOST_TEAMS,
        "errors": [],
    }
    errors: list[str] = context["errors"]
    count = 0
    if data.get("teams"):
        counted = director_forms.TeamCountForm(data)
        if counted.is_valid():
            count = counted.cleaned_data["teams"]
        else:
            errors.extend(fields.problems(counted))
    context["count"] = count
    context["rows"] = [
        {"number": n, "team": data.get(f"team-{n}", ""), "player": data.get(f"player-{n}", "")}
        for n in range(1, count + 1 if count <= director_forms.MOST_TEAM_ROWS else 1)
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
            errors.extend(fields.problems(form))
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
        hands_pbn=fields.text_of(hands) if hands is not None else "",
        bye=_bye_award(data),
        rules=rules,
        user=user,
        sections=data["sections"] or 1,
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
