"""Teams sessions: a round robin or a Swiss drawn round by round from the standings,
each match at two tables (open and closed room), scored by the library in IMPs and VPs."""

from __future__ import annotations

import datetime
import functools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext, gettext_noop, ngettext, pgettext

from bridgescore.events.model import (
    Event,
)
from bridgescore.events.movements.model import (
    Movement,
    MovementError,
    MovementKind,
    Round,
    board_range,
)
from bridgescore.events.movements.sections import SectionedMovement
from bridgescore.events.movements.swiss import (
    Draw,
    DrawsAhead,
    Rematches,
    Standing,
    SwissRules,
    check_change_round,
    check_round_to_draw,
    draws_ahead,
    swiss_round,
)
from bridgescore.events.movements.teams import (
    Match,
    RobinRound,
    RoundRobin,
    robin_movement,
    round_robin,
    teams_round,
)
from bridgescore.events.penalties import apply_penalties
from bridgescore.events.ranking import places
from bridgescore.events.scoring import score_event
from bridgescore.events.team_sections import (
    MOST_SWISS_ROUNDS,
    SectionSchedule,
    TeamsInSections,
    check_teams,
    section_draws,
    section_standings,
    teams_in_sections,
)
from bridgescore.events.teams import (
    ByeAward,
    ByeRule,
    TeamsResult,
    TeamStanding,
    team_order,
    with_byes,
)
from bridgescore.report.view import Report, build_report, teams_pages
from bridgescore.web import said
from bridgescore.web.clubs import open_session
from bridgescore.web.hand_records import check_hands
from bridgescore.web.in_play import StandingEntries, event_of, not_yet_in, progress
from bridgescore.web.logbook import MOST_DETAIL, log
from bridgescore.web.models import (
    ROUND_ROBIN_SECTIONS_SPEC,
    ROUND_ROBIN_SPEC,
    SWISS_SECTIONS_SPEC,
    SWISS_SPEC,
    Club,
    LogLine,
    Session,
    SessionPair,
    SwissDraw,
    TableLink,
)
from bridgescore.web.naming import (
    NAME_AND_PLAYERS,
    name_free,
    table_label,
    team_name,
    team_shown,
    team_typed,
    teams_named,
)
from bridgescore.web.refusals import EntryError, Viewer, user_of
from bridgescore.web.said import problem, words_of
from bridgescore.web.session_movement import movement_of, table_numbers
from bridgescore.web.standings import penalties_of

# --- teams sessions: a round robin or a Swiss, two rooms a match ----------------------

TEAMS_SCORING = "imps"
"""A teams session is scored by IMPs, converted to VPs on the library's default scale."""

SWISS_RULES = SwissRules()
"""The Swiss draw's rules unless the director chooses others: the library's default (no
two teams meet twice)."""

MOST_BOARDS_A_MATCH = 64

MOST_DRAWS_READ = 256
"""Draws kept read (:func:`_draw_of`): a few sessions' rounds (9 rounds of 150 matches
take about 1 MB)."""

MOST_ROW_NAME = 200
"""A team's row name in sections (its name, then its players), as its column keeps it."""


@dataclass(frozen=True, slots=True)
class SwissPlan:
    """A Swiss teams session's plan: its teams (in their starting order), rounds, boards,
    and the rules of its draws (which rematches it allows)."""

    teams: tuple[str, ...]
    rounds: int
    boards_per_match: int
    rules: SwissRules = SWISS_RULES
    withdrawn: tuple[tuple[str, int], ...] = ()
    """Teams that left, each with the first round it is not drawn in."""
    joined: tuple[tuple[str, int], ...] = ()
    """Teams that came late, each with the first round it is drawn in."""

    def playing(self, round_no: int) -> tuple[str, ...]:
        """The teams drawn in round ``round_no``: those that have not left by then, nor
        come later."""
        gone = {team for team, first in self.withdrawn if first <= round_no}
        later = {team for team, first in self.joined if first > round_no}
        return tuple(t for t in self.teams if t not in gone and t not in later)

    def to_json(self) -> str:
        rules = self.rules
        return json.dumps(
            {
                "teams": list(self.teams),
                "rounds": self.rounds,
                "boards": self.boards_per_match,
                "rematches": rules.rematches.value,
                "late_after": rules.late_after,
                "if_stuck": rules.if_stuck,
                "withdrawn": [list(w) for w in self.withdrawn],
                "joined": [list(j) for j in self.joined],
            }
        )

    @classmethod
    def from_json(cls, text: str) -> SwissPlan:
        data = json.loads(text)
        rules = SwissRules(
            Rematches(data.get("rematches", Rematches.NEVER.value)),
            data.get("late_after"),
            if_stuck=bool(data.get("if_stuck", False)),
        )
        return cls(
            tuple(data["teams"]),
            int(data["rounds"]),
            int(data["boards"]),
            rules,
            tuple((str(t), int(r)) for t, r in data.get("withdrawn", [])),
            tuple((str(t), int(r)) for t, r in data.get("joined", [])),
        )


def swiss_plan(session: Session) -> SwissPlan:
    """A Swiss teams session's plan; a Swiss in sections keeps its own
    (:func:`sections_plan`), drawn section by section."""
    if '"sections"' in session.schedule_json:
        raise EntryError(
            gettext("this Swiss is drawn section by section: draw each section's round")
        )
    return SwissPlan.from_json(session.schedule_json)


def swiss_rules(
    rematches: str, late_after: int | None = None, if_stuck: bool = False
) -> SwissRules:
    """The Swiss rules as the director chose them, or an :class:`EntryError` saying why
    not (``late_after``: the rounds between two meetings, with ``late`` only)."""
    try:
        rule = Rematches(rematches or Rematches.NEVER.value)
    except ValueError:
        allowed = ", ".join(r.value for r in Rematches if r is not Rematches.SESSIONS)
        raise EntryError(
            gettext("{rematches!r}: rematches are {allowed}").format(
                rematches=rematches, allowed=allowed
            )
        ) from None
    if rule is Rematches.SESSIONS:
        raise EntryError(gettext("a session's Swiss has no earlier sessions: choose another rule"))
    try:
        return SwissRules(rule, late_after if rule is Rematches.LATE else None, if_stuck=if_stuck)
    except MovementError as error:
        raise EntryError(problem(error)) from None


def _team_list(teams: Sequence[str]) -> tuple[str, ...]:
    """The teams' names, checked: at least two, each named, no name twice."""
    cleaned = tuple(" ".join(t.split()) for t in teams)
    if len(cleaned) < 2:
        raise EntryError(
            gettext("a teams session needs at least 2 teams, got {len}").format(len=len(cleaned))
        )
    seen: dict[str, int] = {}
    for number, team in enumerate(cleaned, start=1):
        if not team:
            raise EntryError(gettext("team {number} needs a name").format(number=number))
        if len(team) > 40:
            raise EntryError(
                gettext("{team!r}: a team's name is at most 40 characters").format(team=team)
            )
        if team.casefold() in seen:
            raise EntryError(
                gettext("{team!r} is named twice (teams {seen} and {number})").format(
                    team=team, seen=seen[team.casefold()], number=number
                )
            )
        seen[team.casefold()] = number
    return cleaned


def create_teams_session(
    club: Club,
    name: str,
    teams: Sequence[str],
    boards_per_match: int,
    *,
    schedule: str = Session.Schedule.ROBIN,
    rounds: int | None = None,
    date: datetime.date | None = None,
    members: Mapping[str, str] | None = None,
    hands_pbn: str = "",
    bye: ByeAward | None = None,
    rules: SwissRules = SWISS_RULES,
    user: Viewer = None,
    sections: int = 1,
) -> Session:
    """A teams session under way: a round robin (every team meets every other; an odd
    count has a bye each round) or a Swiss of ``rounds`` rounds (round 1 drawn now, from
    the teams in the order given), each match at two tables with a link each. With
    ``sections`` above 1, the teams are dealt into sections in the order given, named
    ``A1``, ``A2`` ... (each team's name kept as its players' are), and each section
    plays its own round robin, or its own Swiss, on its own tables."""
    ids = _team_list(teams)
    try:
        check_teams(len(ids), max(sections, 1), _section_schedule(schedule))
    except MovementError as error:
        raise EntryError(problem(error)) from None
    if not 1 <= boards_per_match <= MOST_BOARDS_A_MATCH:
        raise EntryError(
            gettext("a match has 1 to {MOST_BOARDS_A_MATCH} boards, not {boards_per_match}").format(
                MOST_BOARDS_A_MATCH=MOST_BOARDS_A_MATCH, boards_per_match=boards_per_match
            )
        )
    if hands_pbn.strip():
        check_hands(hands_pbn)
    first: Draw | None = None
    field: Movement | SectionedMovement | None = None
    names = dict(members or {})
    first_sections: dict[str, Draw] | None = None
    if sections != 1:
        kinds = {
            Session.Schedule.ROBIN: SectionSchedule.ROBIN,
            Session.Schedule.SWISS: SectionSchedule.SWISS,
        }
        if schedule not in kinds:
            raise EntryError(gettext("choose a round robin or a Swiss"))
        kind = kinds[Session.Schedule(schedule)]
        try:
            split = teams_in_sections(
                len(ids),
                sections,
                kind,
                boards_per_match,
                rounds if kind is SectionSchedule.SWISS else None,
                rules,
            )
            if kind is SectionSchedule.SWISS:
                first_sections = section_draws(
                    split.field,
                    {s.letter: [Standing(t, 0.0) for t in s.teams] for s in split.field.sections},
                    split.rules,
                    1,
                    unit=vp_unit(),
                )
        except MovementError as error:
            raise EntryError(problem(error)) from None
        if kind is SectionSchedule.ROBIN:
            for robin in split.robins():
                problems = robin.problems()
                if problems:
                    raise EntryError(
                        gettext("the round robin is not sound: {problems}").format(
                            problems=problems[0].translated(gettext)
                        )
                    )
            field = split.movement()
            shown = ROUND_ROBIN_SECTIONS_SPEC.format(
                count=len(ids), sections=sections, boards=boards_per_match
            )
        else:
            assert first_sections is not None
            field = split.movement([first_sections])
            shown = SWISS_SECTIONS_SPEC.format(
                count=len(ids), sections=sections, rounds=split.rounds, boards=boards_per_match
            )
        names = {
            code: _named(team, names.get(team, ""))
            for code, team in zip(split.field.teams, ids, strict=True)
        }
        ids = split.field.teams
        schedule_json = split.to_json()
    elif schedule == Session.Schedule.ROBIN:
        robin = round_robin(ids, boards_per_match)
        problems = robin.problems()
        if problems:
            raise EntryError(
                gettext("the round robin is not sound: {problems}").format(
                    problems=problems[0].translated(gettext)
                )
            )
        field = robin_movement(robin)
        schedule_json = robin.to_json()
        shown = ROUND_ROBIN_SPEC.format(count=len(ids), boards=boards_per_match)
    elif schedule == Session.Schedule.SWISS:
        never = rules.rematches is Rematches.NEVER
        most = (len(ids) if len(ids) % 2 else len(ids) - 1) if never else MOST_SWISS_ROUNDS
        if rounds is None or not 1 <= rounds <= most:
            raise EntryError(_swiss_rounds_refused(len(ids), most, rounds, never=never))
        plan = SwissPlan(ids, rounds, boards_per_match, rules)
        first = swiss_round([Standing(t, 0.0) for t in ids], rules, 1, unit=vp_unit())
        field = Movement(
            MovementKind.OTHER, (_draw_round(first, boards_per_match),), meet_once=False
        )
        schedule_json = plan.to_json()
        shown = SWISS_SPEC.format(count=len(ids), rounds=rounds, boards=boards_per_match)
    else:
        raise EntryError(gettext("choose a round robin or a Swiss"))
    assert field is not None
    with transaction.atomic():
        session = open_session(
            club,
            field,
            ids,
            names,
            name=name,
            date=date or datetime.date.today(),
            spec=shown,
            hands_pbn=hands_pbn,
            scoring=TEAMS_SCORING,
            kind=Session.Kind.TEAMS,
            schedule=schedule,
            schedule_json=schedule_json,
            bye_vp=(bye or ByeAward()).vp,
            bye_rule=str((bye or ByeAward()).rule),
        )
        if first is not None:
            SwissDraw.objects.create(
                session=session, round=1, draw_json=first.to_json(), by=user_of(user)
            )
        if first_sections is not None:
            SwissDraw.objects.create(
                session=session,
                round=1,
                draw_json=_section_draws_json(first_sections),
                by=user_of(user),
            )
    return session


def _swiss_rounds_refused(teams: int, most: int, rounds: int | None, *, never: bool) -> str:
    """Why a Swiss of ``teams`` teams cannot play ``rounds`` rounds: it plays 1 to
    ``most`` (``never``: without two teams meeting twice), or only one round."""
    if never:
        text = ngettext(
            "{len} teams can play only {most} Swiss round without meeting twice, not {rounds}",
            "{len} teams play 1 to {most} Swiss rounds without meeting twice, not {rounds}",
            most,
        )
    else:
        text = ngettext(
            "{len} teams can play only {most} Swiss round, not {rounds}",
            "{len} teams play 1 to {most} Swiss rounds, not {rounds}",
            most,
        )
    return text.format(len=teams, most=most, rounds=rounds)


def _section_schedule(schedule: str) -> SectionSchedule:
    """A session's schedule as the library's limits know it (anything not a Swiss is
    held to a round robin's limit; an unknown one is refused after)."""
    return SectionSchedule.SWISS if schedule == Session.Schedule.SWISS else SectionSchedule.ROBIN


def _named(team: str, members: str) -> str:
    """A team in sections as its row names it: its name, then its players if given."""
    return f"{team}{NAME_AND_PLAYERS}{members}" if members.strip() else team


def sections_plan(session: Session) -> TeamsInSections | None:
    """A teams session in sections: its plan (sections, their teams, what they play);
    ``None`` for a teams session of one field (or a pairs session)."""
    if session.kind != Session.Kind.TEAMS or '"sections"' not in session.schedule_json:
        return None
    try:
        return TeamsInSections.from_json(session.schedule_json)
    except MovementError as error:
        raise EntryError(problem(error)) from None


def section_rankings(session: Session) -> dict[str, tuple[TeamStanding, ...]]:
    """A teams session in sections ranked section by section (the library's ranking of
    each section's teams among themselves); empty for one field or before any result."""
    plan = sections_plan(session)
    result = teams_result(session) if plan is not None else None
    if plan is None or result is None:
        return {}
    return section_standings(result, plan.field)


def team_names(session: Session) -> tuple[str, ...]:
    """A teams session's teams, in the order they were given."""
    plan = sections_plan(session)
    if plan is not None:
        return plan.field.teams
    if session.schedule == Session.Schedule.ROBIN:
        return RoundRobin.from_json(session.schedule_json).teams
    if session.schedule == Session.Schedule.SWISS:
        return SwissPlan.from_json(session.schedule_json).teams
    return movement_of(session).pairs


def round_robin_of(session: Session) -> RoundRobin:
    """The session's schedule as the library's round robin (a Swiss: its rounds so far;
    teams in sections: each round's matches of every section, section A's first, as
    their room tables are numbered, the byes in :func:`round_byes`)."""
    split = sections_plan(session)
    if split is not None and split.schedule is SectionSchedule.SWISS:
        drawn = []
        for number, draws in enumerate(section_draws_of(session)):
            boards = board_range(number, split.boards_per_match)
            found = tuple(
                Match(p.higher, p.lower, boards) for d in draws.values() for p in d.pairings
            )
            drawn.append(RobinRound(found, None))
        return RoundRobin(split.field.teams, tuple(drawn))
    if split is not None:
        robins = split.robins()
        merged = tuple(
            RobinRound(
                tuple(
                    m for robin in robins if n < len(robin.rounds) for m in robin.rounds[n].matches
                ),
                None,
            )
            for n in range(split.rounds)
        )
        return RoundRobin(split.field.teams, merged)
    if session.schedule == Session.Schedule.ROBIN:
        return RoundRobin.from_json(session.schedule_json)
    if session.schedule != Session.Schedule.SWISS:
        raise EntryError(gettext("this session is not a teams event"))
    plan = swiss_plan(session)
    rounds = []
    for draw in draws_of(session):
        boards = board_range(draw.round - 1, plan.boards_per_match)
        matches = tuple(Match(p.higher, p.lower, boards) for p in draw.pairings)
        rounds.append(RobinRound(matches, draw.bye))
    return RoundRobin(plan.teams, tuple(rounds))


def round_draws(session: Session) -> dict[int, tuple[Draw, ...]]:
    """Each Swiss round drawn so far (round: its draws, one a section in a Swiss in
    sections); a round robin has none."""
    if session.schedule != Session.Schedule.SWISS:
        return {}
    if sections_plan(session) is not None:
        return {n: tuple(d.values()) for n, d in enumerate(section_draws_of(session), start=1)}
    return {d.round: (d,) for d in draws_of(session)}


def draws_of(session: Session) -> list[Draw]:
    """The Swiss rounds drawn so far, round 1 first."""
    return [_draw_of(d.draw_json) for d in SwissDraw.objects.filter(session=session)]


@functools.lru_cache(maxsize=MOST_DRAWS_READ)
def _draw_of(text: str) -> Draw:
    """A kept draw read from its JSON, once for each text: a page of a Swiss reads the
    draws several times (its schedule, its byes, its standings), and at 150 matches a
    round reading each, every reason a message, took 0.2 s. A draw is immutable, and the
    same text is the same draw, so it is shared."""
    return Draw.from_json(text)


def _draw_round(draw: Draw, boards_per_match: int) -> Round:
    """A drawn Swiss round as room tables: the higher-placed team at home; a new set of
    boards each round (round ``r`` plays ``(r - 1) * boards + 1`` onwards)."""
    boards = board_range(draw.round - 1, boards_per_match)
    return teams_round([Match(p.higher, p.lower, boards) for p in draw.pairings], draw.bye)


def teams_result(session: Session, event: Event | None = None) -> TeamsResult | None:
    """The teams session scored by the library (IMPs, VPs on its default scale), a board
    with one room's result so far left out of its match, each bye of a round under way
    or played scored by the session's bye award, and the standing VP penalties taken off;
    ``None`` before any result."""
    event = event if event is not None else event_of(session)
    if not event.results.rows:
        return None
    scored = score_event(event, incomplete="skip")
    if not isinstance(scored, TeamsResult):
        raise EntryError(gettext("this session is not a teams event"))
    reached = max(row.round or 0 for row in event.results.rows)
    byes = {n: teams for n, teams in round_byes(session).items() if n <= reached}
    scored = with_byes(scored, byes, bye_award(session))
    return apply_penalties(scored, penalties_of(session))


def bye_award(session: Session) -> ByeAward:
    """What a bye scores in this session (set when it was created)."""
    return ByeAward(float(session.bye_vp), ByeRule(session.bye_rule))


def round_byes(session: Session) -> dict[int, tuple[str, ...]]:
    """Each round's teams on the bye: one at most in one field, one for each section
    with an odd count in a field in sections."""
    plan = sections_plan(session)
    if plan is not None:
        swiss = plan.schedule is SectionSchedule.SWISS
        return plan.byes(section_draws_of(session) if swiss else ())
    return {n: (team,) for n, team in byes_of(session).items()}


def byes_of(session: Session) -> dict[int, str]:
    """Each round's team on the bye (round: team), as scheduled or drawn so far."""
    if session.schedule == Session.Schedule.SWISS:
        return {d.round: d.bye for d in draws_of(session) if d.bye is not None}
    robin = round_robin_of(session)
    return {n: r.bye for n, r in enumerate(robin.rounds, start=1) if r.bye is not None}


def teams_report(
    session: Session, event: Event | None = None, language: str | None = None
) -> Report:
    """The results pages of a teams session, by the report's view model, as
    :func:`teams_result` scores it (byes and penalties included), in ``language``
    (``None``: the request's); a session in sections ranked section by section."""
    w = words_of(language)
    event = event if event is not None else event_of(session)
    result = teams_result(session, event)
    if result is None:
        return build_report(event, language=w)
    plan = sections_plan(session)
    return teams_pages(event, result, w, None if plan is None else plan.field)


def swiss_standings(session: Session, done: StandingEntries | None = None) -> list[Standing]:
    """The standings the next Swiss round is drawn from: each team drawn in it (not one
    that has left, nor one coming later), its VPs as the library totals them, in the
    library's order (VPs, then IMP difference), its opponents round by round (``None`` on
    the bye, or before it came) and whether it has had the bye. A team with no match
    scored yet has 0 VPs. ``done``: the session's entries when the caller has read them."""
    plan = swiss_plan(session)
    draws = draws_of(session)
    drawing = len(draws) + 1
    return _standings_of(plan.teams, plan.playing(drawing), draws, _scored(session, done))


def _scored(session: Session, done: StandingEntries | None = None) -> dict[str, TeamStanding]:
    """Each team's standing as the library ranks the session so far (none yet: empty)."""
    result = teams_result(session, event_of(session, done))
    return {s.team: s for s in result.standings} if result is not None else {}


def _standings_of(
    teams: Sequence[str],
    playing: Sequence[str],
    draws: Sequence[Draw],
    scored: Mapping[str, TeamStanding],
) -> list[Standing]:
    """The draw's standings of ``playing`` (of ``teams``, met in ``draws``): VPs and the
    library's order, opponents round by round, the bye had."""
    opponents: dict[str, list[str | None]] = {t: [] for t in teams}
    byes: set[str] = set()
    for draw in draws:
        met: dict[str, str] = {}
        for p in draw.pairings:
            met[p.higher], met[p.lower] = p.lower, p.higher
        for team in teams:
            opponents[team].append(met.get(team))
        if draw.bye is not None:
            byes.add(draw.bye)

    def order(team: str) -> tuple[float, float, str]:
        s = scored.get(team)
        if s is None:
            return team_order(0.0, 0.0, team)
        return team_order(s.vp, s.points_for - s.points_against, team)

    ordered = sorted(playing, key=order)
    vps = {t: scored[t].vp if t in scored else 0.0 for t in ordered}
    placed = places(vps)
    return [
        Standing(
            team,
            vps[team],
            place=int(placed[team].rstrip("=")),
            opponents=tuple(opponents[team]),
            had_bye=team in byes,
        )
        for team in ordered
    ]


def section_draws_of(session: Session) -> list[dict[str, Draw]]:
    """A Swiss in sections: each round drawn so far, round 1 first, as each section's
    draw (section: draw)."""
    kept = SwissDraw.objects.filter(session=session)
    return [dict(_section_draws_read(k.draw_json)) for k in kept]


@functools.lru_cache(maxsize=MOST_DRAWS_READ)
def _section_draws_read(text: str) -> tuple[tuple[str, Draw], ...]:
    """A round's kept section draws read from their JSON once for each text (as
    :func:`_draw_of`)."""
    data = json.loads(text)["sections"]
    return tuple((letter, Draw.from_dict(draw)) for letter, draw in data.items())


def _section_draws_json(draws: Mapping[str, Draw]) -> str:
    return json.dumps({"sections": {letter: d.to_dict() for letter, d in draws.items()}})


def section_swiss_standings(
    session: Session, done: StandingEntries | None = None
) -> dict[str, list[Standing]]:
    """A Swiss in sections: each section's standings the next round is drawn from, its
    teams drawn in it only (not one that has left, nor one coming later), as
    :func:`swiss_standings` for one field."""
    plan = _section_swiss(session)
    draws = section_draws_of(session)
    drawing = len(draws) + 1
    scored = _scored(session, done)
    return {
        s.letter: _standings_of(
            s.teams, plan.playing(s.letter, drawing), [d[s.letter] for d in draws], scored
        )
        for s in plan.field.sections
    }


def _section_swiss(session: Session) -> TeamsInSections:
    plan = sections_plan(session)
    if plan is None or plan.schedule is not SectionSchedule.SWISS:
        raise EntryError(gettext("this session is not a Swiss in sections"))
    return plan


def next_section_draws(
    session: Session,
    standings: Mapping[str, Sequence[Standing]] | None = None,
    done: StandingEntries | None = None,
) -> dict[str, Draw]:
    """A Swiss in sections: each section's next round drawn from its own standings (not
    kept until confirmed), only once the last round drawn has every result in;
    ``standings``: its :func:`section_swiss_standings` when the caller has them, and
    ``done`` the session's entries they were made from (read once for both)."""
    plan = _section_swiss(session)
    drawn = SwissDraw.objects.filter(session=session).count()
    try:
        check_round_to_draw(drawn, plan.rounds)
    except MovementError as error:
        raise EntryError(problem(error)) from None
    _check_complete(session, drawn, done)
    if standings is None:
        standings = section_swiss_standings(session, done)
    try:
        return plan.next_draws(standings, drawn + 1, unit=vp_unit())
    except MovementError as error:
        raise EntryError(problem(error)) from None


def _check_complete(session: Session, drawn: int, done: StandingEntries | None = None) -> None:
    """Refuse to draw before round ``drawn`` has every result in (``done``: the session's
    entries, when read already)."""
    left = [s for s in not_yet_in(session, progress(session, done)) if s.round == drawn]
    if left:
        first = left[0]
        raise EntryError(
            gettext(
                "round {drawn} is not complete: {len} results still to come (first: "
                "table {room_label}, board {board})"
            ).format(
                drawn=drawn,
                len=len(left),
                room_label=table_label(session, first.table),
                board=first.board,
            )
        )


def section_draws_key(draws: Mapping[str, Draw]) -> str:
    """A short digest of the sections' draws, so that what is confirmed is what was shown."""
    import hashlib

    return hashlib.sha256(_section_draws_json(draws).encode()).hexdigest()[:16]


def confirm_section_draws(
    session: Session, draws: Mapping[str, Draw], user: Viewer = None
) -> SwissDraw:
    """Keep the sections' draws of a round the director has seen: each section's room
    tables added to its own movement (new tables get their links), the draws kept with
    their reasons."""
    plan = _section_swiss(session)
    with transaction.atomic():
        locked = Session.objects.select_for_update().get(pk=session.pk)
        earlier = section_draws_of(locked)
        number = len(earlier) + 1
        if number > plan.rounds or any(d.round != number for d in draws.values()):
            raise EntryError(
                gettext("round {round} is drawn already: look at the session again").format(
                    round=number - 1
                )
            )
        after = plan.movement([*earlier, dict(draws)])
        kept = _keep_draw(
            locked, after.to_json(), table_numbers(after.flattened()), number,
            _section_draws_json(draws), tuple(draws.values()), user,
        )  # fmt: skip
    session.movement_json = locked.movement_json
    session.movement_version = locked.movement_version
    return kept


def next_draw(
    session: Session,
    standings: Sequence[Standing] | None = None,
    done: StandingEntries | None = None,
) -> Draw:
    """The next Swiss round drawn from the standings (not kept until confirmed): only
    once the last round drawn has every result in. ``standings``: the session's
    :func:`swiss_standings` when the caller has them already (the draw page shows them;
    at 300 teams ranking the session again costs a second), and ``done`` the session's
    entries they were made from (read once for both)."""
    if session.schedule != Session.Schedule.SWISS:
        raise EntryError(gettext("this session is not a Swiss teams event"))
    plan = swiss_plan(session)
    drawn = SwissDraw.objects.filter(session=session).count()
    try:
        check_round_to_draw(drawn, plan.rounds)
    except MovementError as error:
        raise EntryError(problem(error)) from None
    _check_complete(session, drawn, done)
    if standings is None:
        standings = swiss_standings(session, done)
    return swiss_round(standings, plan.rules, drawn + 1, unit=vp_unit())


def vp_unit() -> str:
    """Victory points after a number, as the reader writes them (``VP``; Spanish ``PV``)."""
    return pgettext("victory points, after a number", "VP")


@dataclass(frozen=True, slots=True)
class TeamChange:
    """A late change to a Swiss teams session, worked out, not yet applied: a team that
    leaves or comes late from a round, and what that does to the draws to come."""

    what: str  # "withdraw" or "join"
    team: str
    from_round: int
    members: str
    effect: tuple[said.Part, ...]
    """What the change does, as messages: shown (:attr:`effect_shown`) and logged in
    each reader's language, whoever made the change."""
    section: str = ""
    """In a Swiss in sections: the team's section (``team`` is its id there, ``A7``)."""
    name: str = ""
    """In a Swiss in sections: the team's own name (its id is ``team``), a late team's or
    the leaving team's, named by both as every teams page names it (``A7 (Aces)``)."""
    warnings: tuple[said.Part, ...] = ()
    """What the change does to the draws to come that a director should weigh: a bye
    each round from now on (or none any more), or rounds left that can no longer all be
    drawn without a rematch the rules forbid (messages, as :attr:`effect`)."""

    @property
    def effect_shown(self) -> tuple[str, ...]:
        """The effect in the reader's language."""
        return tuple(said.text(line) for line in self.effect)

    @property
    def warnings_shown(self) -> tuple[str, ...]:
        """The warnings in the reader's language."""
        return tuple(said.text(line) for line in self.warnings)

    @property
    def detail(self) -> str:
        if self.section and self.what == "join":
            return gettext("{team} ({name}) joins section {section} from round {round}").format(
                team=self.team, name=self.name, section=self.section, round=self.from_round
            )
        phrase = (
            gettext("{team} withdraws from round {round}")
            if self.what == "withdraw"
            else gettext("{team} joins from round {round}")
        )
        return phrase.format(team=team_shown(self.team, self.name), round=self.from_round)

    @property
    def key(self) -> str:
        """A short digest of the change, so that what is applied is what was shown."""
        import hashlib

        shown: list[object] = [self.what, self.team, self.from_round, self.members]
        if self.section:
            shown += [self.section, self.name]
        return hashlib.sha256(json.dumps(shown).encode()).hexdigest()[:16]


def team_change(
    session: Session, what: str, team: str, from_round: int, members: str = "", section: str = ""
) -> TeamChange:
    """A team leaving (``withdraw``) or coming late (``join``) from ``from_round`` of a
    Swiss, checked: only rounds not yet drawn change; its matches played stand. In a
    Swiss in sections a team leaves by its id (``A3``) and a late team joins ``section``
    (:func:`section_team_change`)."""
    if session.schedule != Session.Schedule.SWISS:
        raise EntryError(
            gettext(
                "a round robin's schedule is fixed before it starts: a team cannot leave "
                "or join it (a Swiss can take both)"
            )
        )
    split = sections_plan(session)
    if what == "join":  # a late team may not take the field beyond its tables
        try:
            check_teams(len(team_names(session)) + 1, 1, SectionSchedule.SWISS)
        except MovementError as error:
            raise EntryError(problem(error)) from None
    if split is not None:
        return section_team_change(session, split, what, team, from_round, members, section)
    if section.strip():
        raise EntryError(gettext("this session is not in sections: leave the section out"))
    plan = swiss_plan(session)
    drawn = len(draws_of(session))
    try:
        check_change_round(from_round, drawn, plan.rounds)
    except MovementError as error:
        raise EntryError(problem(error)) from None
    name = " ".join(team.split())
    if what == "withdraw":
        name = team_typed(session, name)  # in any case, as every page takes a team
        if name not in plan.playing(from_round):
            raise EntryError(
                gettext("{name!r} is not a team drawn in round {from_round}").format(
                    name=name, from_round=from_round
                )
            )
    elif what == "join":
        name_free(session, name)  # not another team's, naming it
        (name,) = _team_list([*plan.teams, name])[-1:]  # named, of 40 characters at most
    else:
        raise EntryError(gettext("say whether a team withdraws or joins"))
    after = replace(
        plan,
        teams=plan.teams if what == "withdraw" else (*plan.teams, name),
        withdrawn=(*plan.withdrawn, (name, from_round)) if what == "withdraw" else plan.withdrawn,
        joined=(*plan.joined, (name, from_round)) if what == "join" else plan.joined,
    )
    count = len(after.playing(from_round))
    if count < 2:
        raise EntryError(
            gettext("round {from_round} would have {count} team: a Swiss needs two").format(
                from_round=from_round, count=count
            )
        )
    phrase = (
        gettext_noop(
            "{team} leaves from round {round}: {count} teams are drawn from then on ({bye})"
        )
        if what == "withdraw"
        else gettext_noop(
            "{team} joins from round {round}: {count} teams are drawn from then on ({bye})"
        )
    )
    effect = (
        said.part(phrase, team=name, round=from_round, count=count, bye=_bye(count)),
        said.part(gettext_noop("its matches played stand, in the standings"))
        if what == "withdraw"
        else said.part(_STARTS),
    )
    ahead = draws_ahead(
        draws_of(session), [after.playing(r) for r in range(drawn + 1, after.rounds + 1)],
        after.rules,
    )  # fmt: skip
    warnings = _draw_warnings(ahead, len(plan.playing(from_round)), count, from_round, plan.rules)
    return TeamChange(
        what, name, from_round, " ".join(members.split())[:200], effect, warnings=warnings
    )


def _bye(count: int) -> said.Part:
    """Whether ``count`` teams drawn leave one with the bye each round."""
    return said.part(
        gettext_noop("one team has the bye each round") if count % 2 else gettext_noop("no bye")
    )


_STARTS = gettext_noop("it starts with 0 VPs; the rounds before it came count as none played")
"""A late team's start, in its change's effect."""


def _draw_warnings(
    ahead: DrawsAhead, before: int, after: int, from_round: int, rules: SwissRules
) -> tuple[said.Part, ...]:
    """The warnings a change's preview shows (:attr:`TeamChange.warnings`): ``before``
    and ``after`` teams drawn from ``from_round``, and what the library says of the
    rounds left (``ahead``)."""
    found = []
    if before % 2 != after % 2:
        found.append(
            said.part(
                gettext_noop(
                    "warning: from round {round} an odd number of teams is drawn: a team has"
                    " the bye each round"
                ),
                round=from_round,
            )
            if after % 2
            else said.part(
                gettext_noop(
                    "warning: from round {round} an even number of teams is drawn: no more byes"
                ),
                round=from_round,
            )
        )
    if ahead.rematch_forced:
        found.append(
            said.part(
                gettext_noop(
                    "warning: the rounds left (from round {round}) can no longer all be drawn"
                    " without a rematch the rules forbid: {teams} run out of opponents"
                ),
                round=ahead.first,
                teams=", ".join(ahead.short),
            )
            if ahead.short
            else said.part(
                gettext_noop(
                    "warning: the rounds left (from round {round}) can no longer all be drawn"
                    " without a rematch the rules forbid"
                ),
                round=ahead.first,
            )
        )
        found.append(
            said.part(gettext_noop("a draw that cannot avoid one pairs the fewest rematches"))
            if rules.if_stuck
            else said.part(
                gettext_noop(
                    "a draw that cannot avoid one is refused unless the rules allow rematches"
                )
            )
        )
    return tuple(found)


def _changed_sections(
    plan: TeamsInSections, drawn: int, what: str, team: str, from_round: int, section: str
) -> TeamsInSections:
    """The Swiss in sections after the change (the library's rule), or why not."""
    try:
        if what == "withdraw":
            return plan.withdraw(team, from_round, drawn)
        return plan.join(section, from_round, drawn)
    except MovementError as error:
        raise EntryError(problem(error)) from None


def section_team_change(
    session: Session,
    plan: TeamsInSections,
    what: str,
    team: str,
    from_round: int,
    members: str = "",
    section: str = "",
) -> TeamChange:
    """A team of a Swiss in sections leaving its section (named by its id, ``A3``) or a
    late team (``team``: its name) joining ``section`` as its next team, from
    ``from_round``, checked by the library: only rounds not yet drawn change, its
    section's draws from then on leave it out or draw it, the other sections as they
    were."""
    drawn = SwissDraw.objects.filter(session=session).count()
    name = " ".join(team.split())
    letter = section.strip().upper()
    if what == "withdraw":  # by its id (a4 is A4), else by its name (jacks is A4)
        name = team_typed(session, name)
    elif what == "join":
        if not letter:
            raise EntryError(gettext("say which section the late team joins"))
        if _TEAM_ID.fullmatch(name):
            raise EntryError(
                gettext(
                    "{name} is how a team is numbered in its section: give the late team's"
                    " name (it is numbered when it joins)"
                ).format(name=name)
            )
        name_free(session, name)  # not another team's, naming it (A1 (Aces))
        shown = [n.split(NAME_AND_PLAYERS, 1)[0] for n in _names(session).values()]
        (name,) = _team_list([*shown, name])[-1:]  # named, of 40 characters at most
    else:
        raise EntryError(gettext("say whether a team withdraws or joins"))
    members = " ".join(members.split())
    if what == "join" and len(_named(name, members)) > MOST_ROW_NAME:
        raise EntryError(
            gettext("a team's name and its players are at most {most} characters together").format(
                most=MOST_ROW_NAME
            )
        )
    after = _changed_sections(plan, drawn, what, name, from_round, letter)
    if what == "withdraw":
        letter = after.field.section_of(name)
        changed, name = name, teams_named(session).get(name, "")
    else:
        changed = after.joined[-1][0]
    count = len(after.playing(letter, from_round))
    before = len(plan.playing(letter, from_round))
    ahead = after.draws_ahead(section_draws_of(session))[letter]
    warnings = _draw_warnings(ahead, before, count, from_round, plan.rules)
    phrase = (
        gettext_noop(
            "{team} leaves section {section} from round {round}: its {count} teams are drawn"
            " from then on ({bye}); the other sections are as they were"
        )
        if what == "withdraw"
        else gettext_noop(
            "{team} joins section {section} from round {round}: its {count} teams are drawn"
            " from then on ({bye}); the other sections are as they were"
        )
    )
    called = team_shown(changed, name)  # by its id and name, as every page names it: A2 (Aces)
    effect = (
        said.part(
            phrase, team=called, section=letter, round=from_round, count=count, bye=_bye(count)
        ),
        said.part(gettext_noop("its matches played stand, in its section's ranking"))
        if what == "withdraw"
        else said.part(_STARTS),
    )
    return TeamChange(
        what, changed, from_round, members if what == "join" else "", effect, letter, name,
        warnings,
    )  # fmt: skip


_TEAM_ID = re.compile(r"[A-Za-z][0-9]{1,3}")
"""A team's id in a session in sections, as a director may type it (``a4``)."""


def _names(session: Session) -> dict[str, str]:
    """Each team's row name (``A1``: ``Aces: Ann, Bob``)."""
    return dict(SessionPair.objects.filter(session=session).values_list("pair", "names"))


def apply_team_change(
    session: Session, change: TeamChange, reason: str, user: Viewer = None
) -> None:
    """Apply a team change the director has seen (logged with who and why)."""
    if not reason.strip():
        raise EntryError(gettext("a late change needs a reason (it goes in the log)"))
    with transaction.atomic():
        locked = Session.objects.select_for_update().get(pk=session.pk)
        asked = change.name if change.section and change.what == "join" else change.team
        again = team_change(
            locked, change.what, asked, change.from_round, change.members, change.section
        )
        if again.key != change.key:
            raise EntryError(gettext("the change is not the one shown: look again"))
        split = sections_plan(locked)
        if split is not None:
            _apply_section_change(locked, split, change)
            _log_change(locked, change, reason, user)
            session.schedule_json = locked.schedule_json
            return
        plan = swiss_plan(locked)
        if change.what == "withdraw":
            plan = replace(plan, withdrawn=(*plan.withdrawn, (change.team, change.from_round)))
        else:
            plan = replace(
                plan,
                teams=(*plan.teams, change.team),
                joined=(*plan.joined, (change.team, change.from_round)),
            )
            SessionPair.objects.create(session=locked, pair=change.team, names=change.members)
        locked.schedule_json = plan.to_json()
        locked.save(update_fields=["schedule_json"])
        _log_change(locked, change, reason, user)
    session.schedule_json = locked.schedule_json


def _log_change(locked: Session, change: TeamChange, reason: str, user: Viewer) -> None:
    """The change's line in the log, its one record (:func:`changes_made`): its effect
    and warnings (kept as messages, each read in the reader's language), and the
    director's reason (as typed, under Why)."""
    detail = said.said_all([*change.effect, *change.warnings], limit=MOST_DETAIL)
    what = TEAM_WITHDRAWN if change.what == "withdraw" else TEAM_JOINED
    log(locked, what, detail, user=user, reason=reason)


KEPT_BEFORE = gettext_noop("{effect} — {reason}")
"""A Swiss late change's log line as it was kept before its reason had its own column
(the effect, then the reason): marked, so such a line reads in its reader's language
still."""


def changes_made(session: Session) -> QuerySet[LogLine]:
    """A Swiss's late changes, a team withdrawn or joined, in the order made, from their
    log lines (their one record; the Swiss plan keeps the schedule after them): each with
    its effect and warnings, who and why."""
    changed = LogLine.objects.filter(session=session, what__in=(TEAM_WITHDRAWN, TEAM_JOINED))
    return changed.select_related("by").order_by("id")


def _apply_section_change(locked: Session, plan: TeamsInSections, change: TeamChange) -> None:
    """Keep a Swiss in sections' change in ``locked`` (under the caller's lock): its plan
    after the change, and a late team's row (its name, then its players)."""
    drawn = SwissDraw.objects.filter(session=locked).count()
    after = _changed_sections(
        plan, drawn, change.what, change.team, change.from_round, change.section
    )
    if change.what == "join":
        SessionPair.objects.create(
            session=locked, pair=change.team, names=_named(change.name, change.members)
        )
    locked.schedule_json = after.to_json()
    locked.save(update_fields=["schedule_json"])


def draw_key(draw: Draw) -> str:
    """A short digest of a draw, so that what is confirmed is what was shown."""
    import hashlib

    return hashlib.sha256(draw.to_json().encode()).hexdigest()[:16]


def confirm_draw(session: Session, draw: Draw, user: Viewer = None) -> SwissDraw:
    """Keep a Swiss round the director has seen: its room tables added to the movement
    (new tables get their links) and the draw kept with its reasons."""
    from dataclasses import replace

    plan = swiss_plan(session)
    with transaction.atomic():
        locked = Session.objects.select_for_update().get(pk=session.pk)
        movement = movement_of(locked)
        if draw.round != len(movement.rounds) + 1 or draw.round > plan.rounds:
            raise EntryError(
                gettext("round {round} is drawn already: look at the session again").format(
                    round=draw.round
                )
            )
        after = replace(
            movement, rounds=(*movement.rounds, _draw_round(draw, plan.boards_per_match))
        )
        kept = _keep_draw(
            locked, after.to_json(), table_numbers(after), draw.round, draw.to_json(), (draw,),
            user,
        )  # fmt: skip
    session.movement_json = locked.movement_json
    session.movement_version = locked.movement_version
    return kept


def _keep_draw(
    locked: Session,
    movement_json: str,
    tables: Iterable[int],
    number: int,
    draw_json: str,
    draws: Sequence[Draw],
    user: Viewer,
) -> SwissDraw:
    """Keep a round drawn (one draw, or one a section) in ``locked`` (the session's row,
    under the caller's lock): its movement now, a link for each new table, the draw as
    confirmed, and its line in the log."""
    locked.movement_json = movement_json
    locked.movement_version += 1
    locked.save(update_fields=["movement_json", "movement_version"])
    have = set(TableLink.objects.filter(session=locked).values_list("table", flat=True))
    TableLink.objects.bulk_create(
        TableLink(session=locked, table=n) for n in tables if n not in have
    )
    kept = SwissDraw.objects.create(
        session=locked, round=number, draw_json=draw_json, by=user_of(user)
    )
    shown = "; ".join(f"{p.higher} v {p.lower}" for d in draws for p in d.pairings)
    byes = ", ".join(d.bye for d in draws if d.bye is not None)
    detail = (
        said.said(gettext_noop("round {round}: {draw}; {team} has the bye"),
                  round=number, draw=shown, team=byes)
        if byes
        else said.said(gettext_noop("round {round}: {draw}"), round=number, draw=shown)
    )  # fmt: skip
    log(locked, gettext_noop("round drawn"), detail, user=user)
    return kept


def planned_rounds(session: Session) -> int:
    """The rounds the session is to play: a Swiss's planned rounds (its movement holds
    only those drawn so far), else its movement's."""
    split = sections_plan(session)
    if split is not None:
        return split.rounds
    if session.schedule == Session.Schedule.SWISS:
        return swiss_plan(session).rounds
    return len(movement_of(session).rounds)


TEAM_WITHDRAWN = gettext_noop("team withdrawn")
TEAM_JOINED = gettext_noop("team joined")
"""The log's words for a team leaving or joining (translated where the log is shown)."""

TEAM_PLAYERS = gettext_noop("team's players named")
"""The log's words for a team's players named on the teams page."""


def set_team_players(session: Session, players: Mapping[str, str], user: Viewer = None) -> int:
    """Name the players of a teams session's teams (``players``: a team's id and its
    players as typed), each team keeping the name it was entered with: in sections its
    row is its name, then its players (``Aces: Ann, Bob``); in one field, where a team's
    id is its name, its players. All or none: a team that is not the session's, or a row
    too long, refuses every change. How many teams changed (each logged)."""
    rows = {row.pair: row for row in SessionPair.objects.filter(session=session)}
    in_sections = sections_plan(session) is not None
    changed: list[tuple[SessionPair, str, str]] = []
    for team, typed in players.items():
        row = rows.get(team)
        if row is None:
            raise EntryError(gettext("there is no team {pair!r} in this session").format(pair=team))
        named = " ".join(typed.split())
        kept = _named(team_name(session, team, row.names), named) if in_sections else named
        if len(kept) > MOST_ROW_NAME:
            raise EntryError(
                gettext(
                    "team {team}: its name and its players are at most {most} characters"
                    " together, not {count}"
                ).format(team=team, most=MOST_ROW_NAME, count=len(kept))
            )
        if kept != row.names:
            changed.append((row, kept, named))
    with transaction.atomic():
        for row, kept, named in changed:
            row.names = kept
            row.save(update_fields=["names"])
            team = team_shown(row.pair, team_name(session, row.pair, row.names))  # B3 (Oros)
            detail = (
                said.said(gettext_noop("team {team}: {players}"), team=team, players=named)
                if named
                else said.said(gettext_noop("team {team}: (no players)"), team=team)
            )
            log(session, TEAM_PLAYERS, detail, user=user)
    return len(changed)
