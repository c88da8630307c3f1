"""The director's pages: sessions set up (pairs or teams), the live control grid,
corrections and rulings, the roster and pairs, penalties, late changes, the Swiss draw,
the guide cards and the exports. Every one checks that the director directs the club."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
)
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from bridgescore.errors import BridgeError
from bridgescore.events.movements.fit import table_in
from bridgescore.events.movements.spec import MovementSpec
from bridgescore.events.movements.suggest import suggest
from bridgescore.events.teams import ByeAward, ByeRule
from bridgescore.web import changes, clubs, entries, matches, standings
from bridgescore.web.answers import entry_input, problem
from bridgescore.web.models import (
    Club,
    Entry,
    LogLine,
    MovementChange,
    Penalty,
    Player,
    Session,
    SessionPair,
    TableLink,
)


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
            context["error"] = problem(error)
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
            context["error"] = problem(error)
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
            context["error"] = problem(error)
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
            context["error"] = problem(error)
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
        context["error"] = problem(error)
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
                inp = entry_input(request.POST, round_no, table)
                entries.record_entry(
                    session,
                    inp,
                    by_table=False,
                    user=request.user,
                    reason=request.POST.get("reason", ""),
                )
        except (BridgeError, ValueError) as err:
            error = problem(err)
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
    """The guide cards, each table's (a teams session: each room's) with its own link on the
    public address (never the request's Host header) and the table's code."""
    session = _directed(request, session_id)
    from bridgescore.report.cards import cards_html
    from bridgescore.web.address import link

    tables = list(TableLink.objects.filter(session=session))
    links = {t.table: link(f"/t/{t.token}/") for t in tables}
    codes = {t.table: t.code for t in tables}
    if session.kind == Session.Kind.TEAMS:  # the rooms' cards and the teams' (library's)
        from bridgescore.report.team_cards import team_cards_html

        room = clubs.room_label
        robin = matches.round_robin_of(session)
        page = team_cards_html(
            robin,
            session.name,
            room_links={room(table): url for table, url in links.items()},
            room_codes={room(table): code for table, code in codes.items()},
        )
        return HttpResponse(page)
    movement = clubs.movement_of(session)
    return HttpResponse(cards_html(movement, session.name, table_links=links, table_codes=codes))


@login_required
def export(request: HttpRequest, session_id: int, fmt: str) -> HttpResponse:
    """The session's results as CSV, JSON, PBN or USEBIO (read back by the library)."""
    session = _directed(request, session_id)
    from bridgescore.web import failures
    from bridgescore.web.exports import export_event

    try:
        text, content_type = export_event(entries.event_of(session), fmt)
    except BridgeError as error:
        return failures.refused(request, problem(error))
    response = HttpResponse(text, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="session-{session.pk}.{fmt}"'
    return response


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
            error = problem(err)
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
            error = problem(err)
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
            error = problem(err)
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
        return _team_change(request, session, data, context)
    if data.get("kind"):
        try:
            change = _worked_out(session, data)
            context["change"] = change
            if request.method == "POST" and data.get("apply"):
                if data.get("key") != change.key:
                    raise clubs.EntryError("the change is not the one shown: look again")
                changes.apply_change(session, change, data.get("reason", "")[:300], request.user)
                return redirect("control", session_id=session.pk)
        except BridgeError as err:
            context["error"] = problem(err)
    return render(request, "bridgescore/change.html", context)


TEAM_CHANGES = {
    "withdraw": "a team withdraws",
    "join": "a late team joins",
}
"""The late changes to a Swiss teams session, by form value."""


def _team_change(
    request: HttpRequest, session: Session, data: Any, context: dict[str, Any]
) -> HttpResponse:
    """A team leaving or coming late to a Swiss: worked out and shown, then applied."""
    context["changes"] = TEAM_CHANGES
    context["teams"] = True
    if data.get("kind"):
        try:
            round_no = _whole(data, "round", "the round it is from")
            change = matches.team_change(
                session, data["kind"], data.get("team", "")[:40], round_no,
                data.get("members", ""),
            )  # fmt: skip
            context["change"] = change
            if request.method == "POST" and data.get("apply"):
                if data.get("key") != change.key:
                    raise clubs.EntryError("the change is not the one shown: look again")
                matches.apply_team_change(
                    session, change, data.get("reason", "")[:300], request.user
                )
                return redirect("control", session_id=session.pk)
        except BridgeError as err:
            context["error"] = problem(err)
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
    from bridgescore.web import failures

    buffer = io.BytesIO()
    try:
        with tempfile.TemporaryDirectory(prefix="bridgescore-site-") as folder:
            written = build_site(entries.event_of(session), folder)
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
                for path in written:
                    archive.write(path, Path(path).relative_to(folder).as_posix())
    except BridgeError as error:
        return failures.refused(request, problem(error))
    response = HttpResponse(buffer.getvalue(), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="session-{session.pk}-site.zip"'
    return response
