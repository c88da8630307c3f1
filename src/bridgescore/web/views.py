"""The pages: the director's, the table's, and everyone's results.

Every view checks the viewer's rights on the server: a director sees only the sessions of
the clubs they direct; a table link reaches only its own table of its own session, and
only from the phone holding it; results pages show a board's traveller only to those who
may see it. Library input errors become a message here, in :func:`_problem`.
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass, replace
from typing import Any

from django.contrib.auth import authenticate, login, logout
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    JsonResponse,
)
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from bridgescore.errors import BridgeError
from bridgescore.events.figures import fixed, points
from bridgescore.events.model import Event, ResultRow
from bridgescore.events.movements.fit import table_in
from bridgescore.events.movements.spec import MovementSpec
from bridgescore.events.movements.suggest import suggest
from bridgescore.events.pairs import PairsScoring
from bridgescore.events.teams import ByeAward, ByeRule
from bridgescore.report.view import Report, Row, Table, slug
from bridgescore.web import changes, clubs, entries, live, matches, queries, standings
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
    TableLink,
)

DEVICE_COOKIE = "bridgescore_device"
LOGIN_ATTEMPTS = 5
"""Failed logins allowed from one address for one user name in :data:`LOGIN_WINDOW`."""
LOGIN_WINDOW = 300


def _address(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR", ""))


def _problem(error: Exception) -> str:
    """The one place a library or app error becomes the message a user reads."""
    return str(error)


# --- everyone ------------------------------------------------------------------------


def home(request: HttpRequest) -> HttpResponse:
    published = Session.objects.filter(state=Session.State.PUBLISHED).select_related("club")
    return render(request, "bridgescore/home.html", {"published": published[:50]})


@require_http_methods(["GET", "POST"])
def login_view(request: HttpRequest) -> HttpResponse:
    """Log in; more than :data:`LOGIN_ATTEMPTS` failures from one address for one name in
    five minutes are refused without checking the password (and logged)."""
    error = ""
    if request.method == "POST":
        name = request.POST.get("username", "")[:150]
        key = f"login:{_address(request)}:{name.lower()}"
        failures = int(cache.get(key, 0))
        if failures >= LOGIN_ATTEMPTS:
            clubs.log(
                None, "login refused", f"too many attempts for {name!r}", address=_address(request)
            )
            return render(
                request,
                "bridgescore/login.html",
                {"error": "Too many failed attempts: wait five minutes and try again."},
                status=429,
            )
        user = authenticate(request, username=name, password=request.POST.get("password", ""))
        if user is not None:
            cache.delete(key)
            login(request, user)
            return redirect("director")
        cache.set(key, failures + 1, LOGIN_WINDOW)
        error = "That user name and password do not match."
    return render(request, "bridgescore/login.html", {"error": error})


@require_POST
def logout_view(request: HttpRequest) -> HttpResponse:
    logout(request)
    return redirect("home")


def _viewer_table(request: HttpRequest, session: Session) -> int | None:
    """The table this phone holds in ``session``, if any."""
    held = request.session.get("tables", {})
    table = held.get(str(session.pk)) if isinstance(held, dict) else None
    return table if isinstance(table, int) else None


def _is_director(request: HttpRequest, session: Session) -> bool:
    user = request.user
    return bool(user.is_authenticated and session.club.directors.filter(user=user).exists())


def results_page(request: HttpRequest, public_id: str, page: str) -> HttpResponse:
    """The results pages, built on the static report's view model (``report/view.py``)
    and rendered by its own templates, so the two never disagree. Under way, a viewer
    sees the ranking, and travellers only of boards their table has finished."""
    session = Session.objects.filter(public_id=public_id).select_related("club").first()
    if session is None:
        raise Http404("no such session")
    from bridgescore.report.html import _environment

    env = _environment()
    if page == "style.css":
        return HttpResponse(env.get_template("style.css").render(), content_type="text/css")
    director = _is_director(request, session)
    visible = (
        set(clubs.movement_of(session).boards)
        if director
        else entries.visible_boards(session, _viewer_table(request, session))
    )
    asked = re.fullmatch(r"board-(\d+)\.html", page)
    if asked and int(asked[1]) not in visible:  # the same answer whether played or not
        if int(asked[1]) not in clubs.movement_of(session).boards:
            raise Http404("no such board")
        return render(request, "bridgescore/not_yet.html", {"session": session}, status=403)
    teams = session.kind == Session.Kind.TEAMS
    # pairs: kept between asks (one new result rescores one board); teams: scored afresh
    event = entries.event_of(session) if teams else live.event(session)
    if not event.results.rows:
        return render(request, "bridgescore/no_results.html", {"session": session})
    try:
        report = matches.teams_report(session, event) if teams else live.report(session)
    except BridgeError as error:
        return render(
            request, "bridgescore/no_results.html", {"session": session, "error": _problem(error)}
        )
    if not teams:
        report = _with_penalties(session, report)
    pages = {p.file: p for p in (report.index, *report.boards, *report.cards)}
    shown = pages.get(page)
    if shown is None:
        if asked and teams:  # a teams board is shown once both rooms have played it
            return render(request, "bridgescore/not_yet.html", {"session": session}, status=403)
        raise Http404("no such page")
    if shown.board is not None and shown.board.number not in visible:
        return render(request, "bridgescore/not_yet.html", {"session": session}, status=403)
    if (
        page != "index.html"
        and shown.board is None
        and not (director or session.state == Session.State.PUBLISHED)
        and not _card_visible(event, page, visible)
    ):
        return render(request, "bridgescore/not_yet.html", {"session": session}, status=403)
    html = env.get_template("page.html").render(report=report, page=shown)
    if session.state != Session.State.PUBLISHED:
        html = html.replace("<main>", '<main><p class="live">Live: results so far</p>', 1)
    return HttpResponse(html)


def _card_visible(event: Event, page: str, visible: set[int]) -> bool:
    """A pair's score card, under way, only to a viewer who may see every board on it (so
    a card never shows a board the viewer's table has still to play)."""
    from bridgescore.report.view import slug

    found = re.fullmatch(r"pair-(.+)\.html", page)
    if found is None:
        return False
    boards = {row.board for row in event.results.rows if found[1] in (slug(row.ns), slug(row.ew))}
    return bool(boards) and boards <= visible


def _with_penalties(session: Session, report: Report) -> Report:
    """The report with its ranking after the standing procedural penalties (the same
    report when there are none)."""
    if not standings.standing_penalties(session):
        return report
    lines = standings.ranking(session, result=live.score(live.event(session)))
    field_names = {"all": "Ranking", "NS": "North-South", "EW": "East-West"}
    imps = PairsScoring.parse(session.scoring).uses_imps
    rankings = []
    for name in dict.fromkeys(line.field for line in lines):
        rows = tuple(
            Row(
                (
                    r.place,
                    r.pair,
                    r.names.replace(" & ", ", "),
                    points(r.total),
                    *(() if imps else (fixed(r.percent),)),
                    str(r.boards),
                    points(-r.penalty) if r.penalty else "",
                ),
                (None, f"pair-{slug(r.pair)}.html"),
            )
            for r in lines
            if r.field == name
        )
        header = (
            "Place",
            "Pair",
            "Names",
            "IMPs" if imps else "MP",
            *(() if imps else ("%",)),
            "Boards",
            "Penalty",
        )
        rankings.append(Table(field_names.get(name, name), header, rows, frozenset({3, 4, 5, 6})))
    navigation = tuple(t for t in report.index.tables if t.navigation)
    return replace(report, index=replace(report.index, tables=(*rankings, *navigation)))


# --- the director ---------------------------------------------------------------------


def _directed(request: HttpRequest, session_id: int) -> Session:
    """The session, if the logged-in user directs its club (else 404: no probing ids)."""
    session = (
        Session.objects.filter(pk=session_id, club__in=clubs.clubs_for(request.user))
        .select_related("club")
        .first()
    )
    if session is None:
        raise Http404("no such session")
    return session


@login_required
def director_home(request: HttpRequest) -> HttpResponse:
    directed = clubs.clubs_for(request.user)
    sessions = clubs.sessions_for(request.user)
    return render(request, "bridgescore/director.html", {"clubs": directed, "sessions": sessions})


def _names(text: str) -> dict[str, str]:
    """``1: Ann Smith & Bob Jones`` lines, one pair a line."""
    names = {}
    for line in text.splitlines():
        pair, colon, who = line.partition(":")
        if colon and pair.strip() and who.strip():
            names[pair.strip()] = who.strip()
    return names


@login_required
@require_http_methods(["GET", "POST"])
def new_session(request: HttpRequest) -> HttpResponse:
    """Set up a session: the number of pairs and boards give the movements that fit; the
    director picks one (or types a spec) and names the pairs."""
    directed = clubs.clubs_for(request.user)
    if not directed:
        raise Http404("you direct no club")
    data = request.POST if request.method == "POST" else request.GET
    context: dict[str, Any] = {"clubs": directed, "data": data, "error": ""}
    pairs_text, boards_text = data.get("pairs", ""), data.get("boards", "")
    if pairs_text and boards_text:
        try:
            context["suggestions"] = suggest(int(pairs_text), int(boards_text))[:8]
        except (ValueError, BridgeError) as error:
            context["error"] = _problem(error)
    drawn = request.FILES.get("movement")
    if request.method == "POST" and (data.get("spec") or drawn):
        club = next((c for c in directed if str(c.pk) == data.get("club")), None)
        try:
            if club is None:
                raise clubs.EntryError("choose one of your clubs")
            name = data.get("name", "").strip()
            if not name:
                raise clubs.EntryError("the session needs a name")
            if drawn is not None:  # a movement entered by hand, or another program's file
                from bridgescore.io.movement_files import loads_movement

                movement = loads_movement(
                    _text_of(drawn.read(2_000_000)), source=drawn.name or "movement file"
                )
                spec_text = ""
            else:
                spec = MovementSpec.parse(data["spec"])
                movement, spec_text = spec.build(), str(spec)
            upload = request.FILES.get("hands")
            hands = _text_of(upload.read(2_000_000)) if upload else ""
            session = clubs.create_session(
                club,
                name,
                movement,
                spec=spec_text,
                names=_names(data.get("names", "")),
                hands_pbn=hands,
            )
        except BridgeError as error:
            context["error"] = _problem(error)
        else:
            shown = spec_text or f"movement file {drawn.name if drawn else ''}"
            clubs.log(session, "session created", f"{name}: {shown}", user=request.user)
            return redirect("control", session_id=session.pk)
    return render(request, "bridgescore/new_session.html", context)


MOST_TEAMS = 40
"""The most teams a session set up on the page may have."""


def _whole(data: Any, key: str, what: str) -> int:
    try:
        return int(str(data.get(key, "")).strip())
    except ValueError:
        raise clubs.EntryError(f"give {what} as a whole number") from None


def _teams_from(
    data: Any, count: int, players: dict[str, Player]
) -> tuple[list[str], dict[str, str]]:
    """The teams' names (typed, else the roster player the team is named after) and, for
    a team named from the roster, that player as its member."""
    names, members = [], {}
    for number in range(1, count + 1):
        typed = " ".join(str(data.get(f"team-{number}", "")).split())
        picked = str(data.get(f"player-{number}", ""))
        if picked and picked not in players:
            raise clubs.EntryError(f"team {number}: choose a player from the roster")
        player = players.get(picked)
        team = typed or (player.name if player else "")
        names.append(team)
        if player is not None and team:
            members[team] = player.name
    return names, members


def _bye_award(data: Any) -> ByeAward:
    """The bye award as the form gives it (VPs, and fixed, average or the higher)."""
    try:
        rule = ByeRule(data.get("bye_rule", "") or ByeRule.FIXED)
    except ValueError:
        raise clubs.EntryError("a bye scores fixed VPs, the average, or the higher") from None
    try:
        vps = float(data.get("bye_vp", "") or 12)
    except ValueError:
        raise clubs.EntryError("give a bye's VPs as a number, like 12") from None
    return ByeAward(vps, rule)


@login_required
@require_http_methods(["GET", "POST"])
def new_teams_session(request: HttpRequest) -> HttpResponse:
    """Set up a teams session: the number of teams and boards a match, a round robin or
    a Swiss (with its rounds), the teams named from the roster or typed."""
    directed = clubs.clubs_for(request.user)
    if not directed:
        raise Http404("you direct no club")
    data = request.POST if request.method == "POST" else request.GET
    club = next((c for c in directed if str(c.pk) == data.get("club")), directed[0])
    players = {str(p.pk): p for p in Player.objects.filter(club=club)}
    context: dict[str, Any] = {
        "clubs": directed,
        "club": club,
        "data": data,
        "players": players.values(),
        "schedules": [(v, label) for v, label in Session.Schedule.choices if v],
        "bye_rules": BYE_RULES,
        "rematch_rules": REMATCH_RULES,
        "error": "",
    }
    count = 0
    if data.get("teams"):
        try:
            count = _whole(data, "teams", "the number of teams")
            if not 2 <= count <= MOST_TEAMS:
                raise clubs.EntryError(f"a teams session has 2 to {MOST_TEAMS} teams")
        except BridgeError as error:
            context["error"] = _problem(error)
            count = 0
    context["rows"] = [
        {"number": n, "team": data.get(f"team-{n}", ""), "player": data.get(f"player-{n}", "")}
        for n in range(1, count + 1)
    ]
    if request.method == "POST" and count:
        try:
            name = data.get("name", "").strip()
            if not name:
                raise clubs.EntryError("the session needs a name")
            schedule = data.get("schedule", "")
            boards = _whole(data, "boards", "the boards a match")
            rounds = (
                _whole(data, "rounds", "the number of rounds")
                if schedule == Session.Schedule.SWISS
                else None
            )
            teams, members = _teams_from(data, count, players)
            upload = request.FILES.get("hands")
            bye = _bye_award(data)
            rules = matches.swiss_rules(
                data.get("rematches", ""),
                _whole(data, "late_after", "the rounds between two meetings")
                if data.get("rematches") == "late"
                else None,
                if_stuck=bool(data.get("if_stuck")),
            )
            session = matches.create_teams_session(
                club,
                name[:120],
                teams,
                boards,
                schedule=schedule,
                rounds=rounds,
                members=members,
                hands_pbn=_text_of(upload.read(2_000_000)) if upload else "",
                bye=bye,
                rules=rules,
                user=request.user,
            )
        except BridgeError as error:
            context["error"] = _problem(error)
        else:
            clubs.log(session, "session created", f"{name}: {session.spec}", user=request.user)
            return redirect("control", session_id=session.pk)
    return render(request, "bridgescore/new_teams.html", context)


BYE_RULES = (
    (ByeRule.FIXED, "these VPs"),
    (ByeRule.AVERAGE, "the team's average VPs of its matches"),
    (ByeRule.HIGHER, "the higher of the two"),
)
"""How a bye may be scored, as the form offers it."""

REMATCH_RULES = (
    ("never", "never: no two teams meet twice"),
    ("twice", "a second meeting allowed, never a third"),
    ("late", "again once this many rounds have passed"),
    ("danish", "Danish: 1st v 2nd, 3rd v 4th, whoever has met"),
)
"""The Swiss draw's rematch rules, as the form offers them (the library's, but for
``sessions``, which a single session has no use for)."""


@login_required
@require_http_methods(["GET", "POST"])
def swiss_draw(request: HttpRequest, session_id: int) -> HttpResponse:
    """The next Swiss round drawn from the standings: each pairing with why, the bye and
    why; kept only when the director confirms the draw that was shown."""
    session = _directed(request, session_id)
    if session.schedule != Session.Schedule.SWISS:
        raise Http404("this session is not a Swiss")
    context: dict[str, Any] = {"session": session, "error": ""}
    try:
        context["standings"] = matches.swiss_standings(session)
        draw = matches.next_draw(session)
        context["draw"] = draw
        context["key"] = matches.draw_key(draw)
        if request.method == "POST":
            if request.POST.get("key") != context["key"]:
                raise clubs.EntryError("the draw is not the one shown: look at it again")
            matches.confirm_draw(session, draw, request.user)
            return redirect("control", session_id=session.pk)
    except BridgeError as error:
        context["error"] = _problem(error)
    return render(request, "bridgescore/draw.html", context)


def _text_of(data: bytes) -> str:
    """An uploaded file's text: UTF-8, else Latin-1 (PBN's own charset, ISO-8859-1)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


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
            clubs.table_label(session, link.table),
            clubs.room_name(link.table) if teams else "",
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
        why = {(p.higher, p.lower): p.why for p in draw.pairings} if draw else {}
        rounds.append(
            {
                "number": number,
                "matches": [
                    {
                        "number": place,
                        "home": m.home,
                        "away": m.away,
                        "boards": clubs.boards_shown(m.boards),
                        "why": why.get((m.home, m.away), ""),
                    }
                    for place, m in enumerate(rnd.matches, start=1)
                ],
                "bye": rnd.bye,
                "bye_why": draw.bye_why if draw else "",
            }
        )
    context: dict[str, Any] = {"teams_rounds": rounds}
    if session.schedule == Session.Schedule.SWISS:
        plan = matches.SwissPlan.from_json(session.schedule_json)
        context["swiss_left"] = plan.rounds - len(draws)
    return context


def _control_context(request: HttpRequest, session: Session) -> dict[str, Any]:
    return {
        **_teams_context(session),
        "session": session,
        "grid": entries.grid(session),
        "links": _link_rows(session),
        "missing": entries.missing(session)[:200],
        "entries": Entry.objects.filter(session=session).order_by("-id")[:100],
        "log": LogLine.objects.filter(session=session).order_by("-id")[:50],
        "pairs": SessionPair.objects.filter(session=session),
        "penalties": Penalty.objects.filter(session=session).order_by("-id").select_related("by"),
    }


@login_required
def control(request: HttpRequest, session_id: int) -> HttpResponse:
    """The live control grid: every table and round, done / playing / missing."""
    session = _directed(request, session_id)
    return render(request, "bridgescore/control.html", _control_context(request, session))


@login_required
def control_grid(request: HttpRequest, session_id: int) -> HttpResponse:
    """The grid alone (the control page reloads it every few seconds)."""
    session = _directed(request, session_id)
    return render(request, "bridgescore/_grid.html", _control_context(request, session))


def _entry_input(data: Any, round_no: int, table: int) -> entries.EntryInput:
    try:
        board = int(data.get("board", ""))
    except ValueError:
        raise clubs.EntryError("choose the board") from None
    entry_id = data.get("entry_id") or None
    try:
        parsed_id = uuid.UUID(str(entry_id)) if entry_id else None
    except ValueError:
        raise clubs.EntryError("the entry's id is not readable") from None
    return entries.EntryInput(
        round=round_no,
        table=table,
        board=board,
        contract=_contract_text(data),
        declarer=str(data.get("declarer", ""))[:1],
        result=str(data.get("result", ""))[:4],
        lead=str(data.get("lead", ""))[:3],
        adjusted=str(data.get("adjusted", ""))[:20],
        not_played=str(data.get("not_played", "")) in {"1", "true", "on"},
        entry_id=parsed_id,
    )


def _contract_text(data: Any) -> str:
    """The contract typed (``4SX``) or built from the table's buttons (level, strain,
    doubled; ``pass`` for a passed-out board)."""
    typed = str(data.get("contract", "") or "").strip()
    level = str(data.get("level", "") or "").strip()
    if typed or not level:
        return typed[:12]
    if level.lower() == "pass":
        return "Pass"
    return f"{level}{data.get('strain', '')}{data.get('doubled', '')}"[:12]


RESULTS = ["=", *(f"+{n}" for n in range(1, 7)), *(f"-{n}" for n in range(1, 14))]
"""The result buttons: made exactly, overtricks, undertricks."""


@login_required
@require_http_methods(["GET", "POST"])
def director_cell(request: HttpRequest, session_id: int, round_no: int, table: int) -> HttpResponse:
    """Enter, correct or erase any result of one table in one round (with a reason)."""
    session = _directed(request, session_id)
    seat = table_in(clubs.movement_of(session), round_no, table)
    if seat is None:
        raise Http404("no such table in that round")
    error = ""
    if request.method == "POST":
        try:
            if request.POST.get("erase"):
                entries.erase_entry(
                    session,
                    round_no,
                    table,
                    int(request.POST.get("board", "0")),
                    request.user,
                    request.POST.get("reason", ""),
                )
            else:
                inp = _entry_input(request.POST, round_no, table)
                entries.record_entry(
                    session,
                    inp,
                    by_table=False,
                    user=request.user,
                    reason=request.POST.get("reason", ""),
                )
        except (BridgeError, ValueError) as err:
            error = _problem(err)
        else:
            return redirect("director_cell", session_id=session.pk, round_no=round_no, table=table)
    current = entries.current_entries(session)
    boards = [(b, current.get((round_no, table, b))) for b in seat.boards]
    history = Entry.objects.filter(session=session, round=round_no, table=table).order_by("id")
    return render(
        request,
        "bridgescore/cell.html",
        {
            "session": session,
            "seat": seat,
            "label": clubs.table_label(session, table),
            "round": round_no,
            "boards": boards,
            "history": history,
            "error": error,
        },
    )


@login_required
@require_POST
def session_state(request: HttpRequest, session_id: int) -> HttpResponse:
    """Close the session (tables can no longer enter), publish it, or open it again."""
    session = _directed(request, session_id)
    wanted = request.POST.get("state", "")
    if wanted not in Session.State.values:
        return HttpResponseBadRequest("unknown state")
    session.state = wanted
    session.save(update_fields=["state"])
    clubs.log(session, "state", f"session {session.get_state_display()}", user=request.user)
    return redirect("control", session_id=session.pk)


@login_required
def table_cards(request: HttpRequest, session_id: int) -> HttpResponse:
    """The guide cards, each table card with its own link."""
    session = _directed(request, session_id)
    from bridgescore.report.cards import cards_html

    links = {
        link.table: request.build_absolute_uri(f"/t/{link.token}/")
        for link in TableLink.objects.filter(session=session)
    }
    movement = clubs.movement_of(session)
    if session.kind == Session.Kind.TEAMS:
        return _room_cards(request, session, links)
    return HttpResponse(cards_html(movement, session.name, table_links=links))


def _room_cards(request: HttpRequest, session: Session, links: dict[int, str]) -> HttpResponse:
    """A teams session's cards: one a room table, with its link and code, and who sits
    there with which boards round by round (the library's guide cards are for pairs)."""
    movement = clubs.movement_of(session)
    codes = dict(TableLink.objects.filter(session=session).values_list("table", "code"))
    cards = []
    for table in clubs.table_numbers(movement):
        rounds = []
        for number in range(1, len(movement.rounds) + 1):
            seat = table_in(movement, number, table)
            if seat is not None:
                shown = clubs.boards_shown(seat.boards)
                rounds.append({"number": number, "seat": seat, "boards": shown})
        cards.append(
            {
                "label": clubs.table_label(session, table),
                "room": clubs.room_name(table),
                "link": links.get(table, ""),
                "code": codes.get(table, ""),
                "rounds": rounds,
            }
        )
    return render(request, "bridgescore/room_cards.html", {"session": session, "cards": cards})


@login_required
def export(request: HttpRequest, session_id: int, fmt: str) -> HttpResponse:
    """The session's results as CSV, JSON, PBN or USEBIO (read back by the library)."""
    session = _directed(request, session_id)
    from bridgescore.web.exports import export_event

    try:
        text, content_type = export_event(entries.event_of(session), fmt)
    except BridgeError as error:
        return HttpResponseBadRequest(_problem(error))
    response = HttpResponse(text, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="session-{session.pk}.{fmt}"'
    return response


# --- the table ------------------------------------------------------------------------


def _link(request: HttpRequest, token: str) -> TableLink:
    link = queries.link_by_token(token)
    if link is None:
        clubs.log(None, "bad link", f"unknown table link {token[:12]!r}", address=_address(request))
        raise Http404("this table link is not known: ask the director for the table card")
    return link


def _holds(request: HttpRequest, link: TableLink) -> bool:
    """Whether this phone holds the table (the first phone to open the link takes it)."""
    device = request.COOKIES.get(DEVICE_COOKIE, "")
    return bool(device) and device == link.device


def _take(request: HttpRequest, response: HttpResponse, link: TableLink) -> HttpResponse:
    device = request.COOKIES.get(DEVICE_COOKIE) or uuid.uuid4().hex
    link.device = device
    link.save(update_fields=["device"])
    held = request.session.get("tables", {})
    held = held if isinstance(held, dict) else {}
    held[str(link.session_id)] = link.table
    request.session["tables"] = held
    response.set_cookie(DEVICE_COOKIE, device, max_age=86400, httponly=True, samesite="Lax")
    return response


def table_view_context(link: TableLink) -> dict[str, Any]:
    session = link.session
    movement = clubs.movement_of(session)
    current = entries.current_entries(session)
    number = entries.table_round(session, link.table, current)
    seat = table_in(movement, number, link.table)
    names = {p.pair: p.names for p in SessionPair.objects.filter(session=session)}
    from bridgescore.core.vulnerability import BoardInfo

    pending = PendingEntry.objects.filter(session=session, table=link.table)
    waiting = {json.loads(p.fields).get("board") for p in pending}
    boards = []
    if seat is not None:
        for board in seat.boards:
            info = BoardInfo.of(board)
            entry = current.get((number, link.table, board))
            boards.append(
                {
                    "number": board,
                    "dealer": info.dealer.name.title(),
                    "vulnerability": str(info.vulnerability),
                    "entry": entry,
                    "pending": str(board) in waiting,
                }
            )
    teams = session.kind == Session.Kind.TEAMS
    return {
        "link": link,
        "table_label": clubs.table_label(session, link.table),
        "room": clubs.room_name(link.table) if teams else "",
        "session": session,
        "round": number,
        "rounds": len(movement.rounds),
        "seat": seat,
        "ns_names": names.get(seat.ns, "") if seat else "",
        "ew_names": names.get(seat.ew, "") if seat else "",
        "boards": boards,
        "results": RESULTS,
        "unfinished": _unfinished(boards),
        "pending": pending,
    }


def _unfinished(boards: list[dict[str, Any]]) -> list[int]:
    """The boards of the round still to enter, once the table has entered one of them
    (the round cannot be left while a board has neither a result nor "not played")."""
    left = [b["number"] for b in boards if b["entry"] is None]
    return left if len(left) < len(boards) else []


def table_home(request: HttpRequest, token: str) -> HttpResponse:
    """The table's phone: this round's pairs and boards, with the entry form."""
    link = _link(request, token)
    if link.device and not _holds(request, link):
        return render(request, "bridgescore/takeover.html", {"link": link}, status=409)
    response = render(request, "bridgescore/table.html", table_view_context(link))
    return _take(request, response, link) if not link.device else response


@require_POST
def table_takeover(request: HttpRequest, token: str) -> HttpResponse:
    """Take the table over from another phone with the table's code (logged)."""
    link = _link(request, token)
    if request.POST.get("code", "").strip() != link.code:
        clubs.log(
            link.session,
            "takeover refused",
            f"table {link.table}: wrong code",
            address=_address(request),
        )
        return render(
            request, "bridgescore/takeover.html", {"link": link, "error": "wrong code"}, status=403
        )
    clubs.log(
        link.session,
        "takeover",
        f"table {link.table} taken over by another phone",
        address=_address(request),
    )
    return _take(request, redirect("table", token=token), link)


PENDING_FIELDS = (
    "round",
    "board",
    "contract",
    "level",
    "strain",
    "doubled",
    "declarer",
    "result",
    "lead",
    "not_played",
    "entry_id",
)
"""What of a result is kept while it waits for the opponents' own phone."""


def _send_to_opponents(
    link: TableLink, inp: entries.EntryInput, data: Any, shown: str
) -> PendingEntry:
    """Keep a checked result for the opponents to confirm on their own phone (once per id)."""
    if inp.entry_id is None:  # a form post (no script on the phone): an id of its own
        inp = replace(inp, entry_id=uuid.uuid4())
    assert inp.entry_id is not None
    kept = {name: str(data.get(name, "")) for name in PENDING_FIELDS}
    kept["entry_id"] = str(inp.entry_id)
    pending, _ = PendingEntry.objects.get_or_create(
        entry_id=inp.entry_id,
        defaults={
            "session": link.session,
            "table": link.table,
            "fields": json.dumps(kept),
            "shown": f"board {inp.board}: {shown}"[:120],
        },
    )
    if pending.session_id != link.session_id or pending.table != link.table:
        raise clubs.EntryError("that id belongs to another table's result")
    return pending


def _confirming(request: HttpRequest, link: TableLink) -> bool:
    """Whether this phone has given the table's code to confirm the opponents' results."""
    held = request.session.get("confirming", {})
    return isinstance(held, dict) and held.get(str(link.session_id)) == link.table


@require_http_methods(["GET", "POST"])
def table_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The opponents' own phone: with the table's code, it lists the results the table's
    phone has sent to be confirmed, to accept (kept, as if accepted on the table's phone)
    or reject (deleted; the table enters it again). Every step is logged."""
    link = _link(request, token)
    error = ""
    if request.method == "POST" and "code" in request.POST:
        if request.POST.get("code", "").strip() != link.code:
            clubs.log(
                link.session,
                "confirm refused",
                f"table {link.table}: wrong code",
                address=_address(request),
            )
            return render(
                request,
                "bridgescore/confirm.html",
                {"link": link, "error": "That code is wrong."},
                status=403,
            )
        held = request.session.get("confirming", {})
        held = held if isinstance(held, dict) else {}
        held[str(link.session_id)] = link.table
        request.session["confirming"] = held
        return redirect("table_confirm", token=token)
    if not _confirming(request, link):
        return render(request, "bridgescore/confirm.html", {"link": link, "ask_code": True})
    if request.method == "POST":
        chosen = request.POST.get("accept") or request.POST.get("reject") or ""
        chosen_id = _uuid_or_none(chosen)
        pending = (
            None
            if chosen_id is None
            else PendingEntry.objects.filter(
                session=link.session, table=link.table, entry_id=chosen_id
            ).first()
        )
        if pending is None:
            error = "That result is no longer waiting (already confirmed or rejected)."
        elif request.POST.get("accept"):
            data = json.loads(pending.fields)
            try:
                inp = _entry_input(data, int(data["round"]), link.table)
                entries.record_entry(link.session, inp, by_table=True)
            except (BridgeError, ValueError) as err:
                error = _problem(err)
            else:
                clubs.log(
                    link.session,
                    "confirmed",
                    f"table {link.table}, {pending.shown}",
                    address=_address(request),
                )
                pending.delete()
        else:
            clubs.log(
                link.session,
                "rejected",
                f"table {link.table}, {pending.shown}",
                address=_address(request),
            )
            pending.delete()
    waiting = PendingEntry.objects.filter(session=link.session, table=link.table)
    return render(
        request, "bridgescore/confirm.html", {"link": link, "waiting": waiting, "error": error}
    )


def _uuid_or_none(text: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(text)
    except ValueError:
        return None


@require_POST
def table_entry(request: HttpRequest, token: str) -> HttpResponse:
    """One result from the table (a form post, or JSON from the phone's send queue).
    ``confirm`` absent: the score is worked out and shown for the opponents to accept,
    nothing kept. Present: kept (once, by its ``entry_id``) and acknowledged."""
    link = _link(request, token)
    wants_json = request.content_type == "application/json"
    if not _holds(request, link):
        clubs.log(
            link.session,
            "entry refused",
            f"table {link.table}: phone does not hold it",
            address=_address(request),
        )
        return _answer(
            wants_json, request, link, {"error": "this phone does not hold the table"}, 403
        )
    try:
        data: Any = json.loads(request.body) if wants_json else request.POST
    except (json.JSONDecodeError, UnicodeDecodeError):
        return _answer(wants_json, request, link, {"error": "the request is not readable"}, 400)
    if not isinstance(data, dict) and not hasattr(data, "get"):
        return _answer(wants_json, request, link, {"error": "the request is not readable"}, 400)
    try:
        round_no = int(data.get("round", ""))
        inp = _entry_input(data, round_no, link.table)
        if str(data.get("pending", "")) and not str(data.get("confirm", "")):
            row = entries.check_entry(link.session, inp)
            waiting = _send_to_opponents(link, inp, data, _score_text(row))
            body = {
                "status": "waiting for the opponents to confirm",
                "board": inp.board,
                "score": waiting.shown.partition(": ")[2],
                "entry_id": str(waiting.entry_id),
            }
            return _answer(wants_json, request, link, body, 200)
        if not str(data.get("confirm", "")):
            row = entries.check_entry(link.session, inp)
            return _answer(
                wants_json,
                request,
                link,
                {"preview": _score_text(row), "board": inp.board, "input": data},
                200,
            )
        entry, created = entries.record_entry(link.session, inp, by_table=True)
    except (BridgeError, ValueError) as error:
        message = _problem(error)
        clubs.log(
            link.session,
            "entry refused",
            f"table {link.table}: {message}",
            address=_address(request),
        )
        # a closed session's links have expired: 410, so a script knows not to retry
        status = 410 if isinstance(error, clubs.SessionClosedError) else 422
        return _answer(wants_json, request, link, {"error": message}, status)
    body = {
        "status": "accepted" if created else "already received",
        "entry_id": str(entry.entry_id),
        "board": entry.board,
        "score": _entry_text(entry),
        "flags": entry.flags,
    }
    return _answer(wants_json, request, link, body, 200)


def _score_text(row: ResultRow) -> str:
    if row.ns_score is not None:
        return f"{row.describe()}: NS {row.ns_score:+d}"
    return row.describe()


def _entry_text(entry: Entry) -> str:
    if entry.ns_score is not None:
        shown = f"{entry.contract}{entry.declarer}{entry.result}"
        return f"{shown}: NS {entry.ns_score:+d}"
    return entry.adjusted or entry.get_kind_display()


def _answer(
    wants_json: bool, request: HttpRequest, link: TableLink, body: dict[str, Any], status: int
) -> HttpResponse:
    if wants_json:
        return JsonResponse(body, status=status)
    context = table_view_context(link)
    context["answer"] = body
    return render(request, "bridgescore/table.html", context, status=status)


# --- the club's roster, the session's pairs, penalties, late changes -------------------


def _club(request: HttpRequest, club_id: int) -> Club:
    """The club, if the logged-in user directs it (else 404)."""
    club = next((c for c in clubs.clubs_for(request.user) if c.pk == club_id), None)
    if club is None:
        raise Http404("no such club")
    return club


@login_required
@require_http_methods(["GET", "POST"])
def roster(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's players (add one), and its directors (add a login)."""
    club = _club(request, club_id)
    error = ""
    if request.method == "POST":
        try:
            if request.POST.get("add") == "director":
                clubs.add_director(
                    club,
                    request.POST.get("username", "")[:150],
                    request.POST.get("password", ""),
                    request.user,
                )
            else:
                clubs.add_player(club, request.POST.get("name", ""), request.POST.get("number", ""))
        except BridgeError as err:
            error = _problem(err)
        else:
            return redirect("roster", club_id=club.pk)
    context = {
        "club": club,
        "players": Player.objects.filter(club=club),
        "directors": club.directors.select_related("user").order_by("user__username"),
        "error": error,
    }
    return render(request, "bridgescore/roster.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def session_pairs(request: HttpRequest, session_id: int) -> HttpResponse:
    """Name the session's pairs from the club's roster (two players a pair)."""
    session = _directed(request, session_id)
    players = {str(p.pk): p for p in Player.objects.filter(club=session.club)}
    error = ""
    if request.method == "POST":
        try:
            for row in SessionPair.objects.filter(session=session):
                chosen: list[Player | str] = []
                for slot in ("a", "b"):
                    picked = request.POST.get(f"{row.pair}-{slot}", "")
                    if picked and picked not in players:
                        raise clubs.EntryError(f"pair {row.pair}: choose from the roster")
                    if picked:
                        chosen.append(players[picked])
                if chosen:
                    clubs.set_pair_names(session, row.pair, chosen, request.user)
        except BridgeError as err:
            error = _problem(err)
        else:
            return redirect("session_pairs", session_id=session.pk)
    rows = []
    by_name = {p.name: str(p.pk) for p in players.values()}
    for row in SessionPair.objects.filter(session=session).order_by("id"):
        players_now = [n.strip() for n in row.names.split("&") if n.strip()]
        ids = [by_name.get(n, "") for n in players_now] + ["", ""]
        rows.append({"pair": row.pair, "names": row.names, "a": ids[0], "b": ids[1]})
    context = {"session": session, "rows": rows, "players": players.values(), "error": error}
    return render(request, "bridgescore/pairs.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def penalties(request: HttpRequest, session_id: int) -> HttpResponse:
    """Give or withdraw a procedural penalty (every line kept, with who and why)."""
    session = _directed(request, session_id)
    error = ""
    if request.method == "POST":
        try:
            reason = request.POST.get("reason", "")[:300]
            if request.POST.get("withdraw"):
                try:
                    which = int(request.POST["withdraw"])
                except ValueError:
                    raise clubs.EntryError("that penalty is not standing") from None
                standings.withdraw_penalty(session, which, reason, request.user)
            else:
                standings.add_penalty(
                    session,
                    request.POST.get("pair", ""),
                    request.POST.get("amount", "")[:12],
                    request.POST.get("unit", ""),
                    reason,
                    request.user,
                )
        except BridgeError as err:
            error = _problem(err)
        else:
            return redirect("penalties", session_id=session.pk)
    standing = {p.pk for p in standings.standing_penalties(session)}
    context = {
        "session": session,
        "lines": Penalty.objects.filter(session=session).select_related("by", "withdraws"),
        "standing": standing,
        "pairs": clubs.movement_of(session).pairs,
        "units": [
            (value, label)
            for value, label in Penalty.Unit.choices
            if (value == Penalty.Unit.VP) == (session.kind == Session.Kind.TEAMS)
        ],
        "error": error,
    }
    return render(request, "bridgescore/penalties.html", context)


CHANGES = {
    "late": "a late pair joins",
    "missing": "a pair leaves",
    "move": "two tables change places",
}
"""The late changes the director can make, by form value."""


def _worked_out(session: Session, data: Any) -> changes.Change:
    kind = data.get("kind", "")
    try:
        from_round = int(data.get("round", ""))
    except ValueError:
        raise clubs.EntryError("say from which round") from None
    if kind == "late":
        return changes.late_pair(session, str(data.get("pair", ""))[:20], from_round)
    if kind == "missing":
        return changes.missing_pair(session, str(data.get("pair", ""))[:20], from_round)
    if kind == "move":
        try:
            first, second = int(data.get("first", "")), int(data.get("second", ""))
        except ValueError:
            raise clubs.EntryError("give the two tables' numbers") from None
        return changes.move_table(session, first, second, from_round)
    raise clubs.EntryError(f"choose a change: {', '.join(CHANGES.values())}")


@login_required
@require_http_methods(["GET", "POST"])
def late_change(request: HttpRequest, session_id: int) -> HttpResponse:
    """A late pair, a pair gone, a table moved: worked out as a new movement, re-checked,
    and its effect shown; applied only when the director confirms what was shown."""
    session = _directed(request, session_id)
    data = request.POST if request.method == "POST" else request.GET
    context: dict[str, Any] = {
        "session": session,
        "data": data,
        "changes": CHANGES,
        "history": MovementChange.objects.filter(session=session).select_related("by"),
        "error": "",
    }
    if session.kind == Session.Kind.TEAMS:
        context["error"] = "late changes are for pairs sessions: a teams session has none yet"
    elif data.get("kind"):
        try:
            change = _worked_out(session, data)
            context["change"] = change
            if request.method == "POST" and data.get("apply"):
                if data.get("key") != change.key:
                    raise clubs.EntryError("the change is not the one shown: look again")
                changes.apply_change(session, change, data.get("reason", "")[:300], request.user)
                return redirect("control", session_id=session.pk)
        except BridgeError as err:
            context["error"] = _problem(err)
    return render(request, "bridgescore/change.html", context)


@login_required
def export_site(request: HttpRequest, session_id: int) -> HttpResponse:
    """The static results site (``bridgescore.report.build_site``) as a zip."""
    session = _directed(request, session_id)
    import io
    import tempfile
    import zipfile
    from pathlib import Path

    from bridgescore.report.html import build_site

    buffer = io.BytesIO()
    try:
        with tempfile.TemporaryDirectory(prefix="bridgescore-site-") as folder:
            written = build_site(entries.event_of(session), folder)
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
                for path in written:
                    archive.write(path, Path(path).relative_to(folder).as_posix())
    except BridgeError as error:
        return HttpResponseBadRequest(_problem(error))
    response = HttpResponse(buffer.getvalue(), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="session-{session.pk}-site.zip"'
    return response
