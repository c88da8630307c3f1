"""Teams in sections: each section (``A``, ``B`` ...) plays among its own teams, on its own
tables, and is ranked on its own.

A large teams field is split as a large pairs field is (``docs/sections.md``): the teams
are dealt into sections as evenly as possible, the earlier sections taking the odd team
over (23 teams in 3 sections: 8, 8 and 7). A team is named by its section and its number
in it, as a pair is (``A3`` as ``A3NS``). Each section runs its own round robin
(:func:`sectioned_robins`: a :class:`SectionedMovement` whose section ``A`` is the round
robin of its teams, two room tables a match, numbered from 1 in the section and on
across the field) or its own Swiss (:func:`section_draws`: each section drawn from its
own standings, nobody meets a team of another section). A Swiss takes late changes from a
round not yet drawn, section by section (:meth:`TeamsInSections.withdraw`: a team leaves
its section's later draws, its matches played standing; :meth:`TeamsInSections.join`: a
late team joins a section as its next team, ``A7``), the other sections untouched. A
match is scored as any match is (the two rooms of its boards); :func:`section_standings`
ranks each section apart.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from bridgescore.errors import marked as _
from bridgescore.events.movements.limits import MovementTooLargeError
from bridgescore.events.movements.model import (
    Movement,
    MovementError,
    MovementKind,
    board_range,
    json_data,
)
from bridgescore.events.movements.sections import (
    LETTERS,
    MOST_TABLES_IN_A_FIELD,
    Section,
    SectionedMovement,
)
from bridgescore.events.movements.swiss import (
    Draw,
    DrawsAhead,
    Rematches,
    Standing,
    SwissRules,
    check_change_round,
    draws_ahead,
    swiss_round,
)
from bridgescore.events.movements.teams import (
    Match,
    RoundRobin,
    robin_movement,
    round_robin,
    teams_round,
)
from bridgescore.events.ranking import places
from bridgescore.events.teams import TeamsResult, TeamStanding, team_order

FEWEST_TEAMS_IN_A_SECTION = 2
"""A section of teams needs two to play a match."""

NO_REMATCHES = SwissRules()
"""A Swiss's rules unless others are given: no two teams meet twice."""

MOST_SWISS_ROUNDS = 40
"""The most Swiss rounds a section plays when rematches are allowed (as one field's)."""

TABLES_A_MATCH = 2
"""A match is played at two tables, its open and closed rooms."""

MOST_TEAMS_IN_A_FIELD = 2 * (MOST_TABLES_IN_A_FIELD // TABLES_A_MATCH)
"""Teams in one teams event, one field or in sections (300): a field takes at most
:data:`~bridgescore.events.movements.sections.MOST_TABLES_IN_A_FIELD` (300) tables, and
each match fills two of them, so 150 matches of 300 teams. A Swiss of 300 teams is drawn
by the rules round after round in about a second (``tests/events/movements/
test_swiss_large.py``)."""

MOST_TEAMS_IN_A_ROBIN = 40
"""Teams of one round robin, a whole field's or a section's (40): ``n`` teams play
``n - 1`` rounds, or ``n`` with a bye when odd, and 40 teams' 39 rounds are the most that
stay within :data:`MOST_SWISS_ROUNDS` (41 teams would play 41). A larger field plays its
round robins in sections, or a Swiss."""


def check_teams(teams: int, sections: int, schedule: SectionSchedule) -> None:
    """Refuse a teams event beyond the limits, before anything is built: more than
    :data:`MOST_TEAMS_IN_A_FIELD` teams, or a round robin (the field's, or its largest
    section's) of more than :data:`MOST_TEAMS_IN_A_ROBIN` (a
    :class:`~bridgescore.events.movements.limits.MovementTooLargeError`, naming the
    limit). The sizes themselves are checked by :func:`section_sizes`."""
    if teams > MOST_TEAMS_IN_A_FIELD:
        raise MovementTooLargeError(
            _("at most {most} teams in a teams event: {asked} asked",
              most=MOST_TEAMS_IN_A_FIELD, asked=teams)
        )  # fmt: skip
    if schedule is not SectionSchedule.ROBIN or sections < 1:
        return
    largest = -(-teams // sections)
    if largest <= MOST_TEAMS_IN_A_ROBIN:
        return
    if sections == 1:
        raise MovementTooLargeError(
            _("a round robin has at most {most} teams: {asked} asked (play a Swiss, or"
              " round robins in sections)", most=MOST_TEAMS_IN_A_ROBIN, asked=teams)
        )  # fmt: skip
    raise MovementTooLargeError(
        _("a round robin has at most {most} teams: {teams} teams in {sections} sections"
          " make sections of {asked}", most=MOST_TEAMS_IN_A_ROBIN, teams=teams,
          sections=sections, asked=largest)
    )  # fmt: skip


def section_sizes(teams: int, sections: int) -> tuple[int, ...]:
    """``teams`` dealt into ``sections`` as evenly as possible, the earlier sections the
    larger (23 in 3: 8, 8, 7); a section needs two teams, and there are at most 26."""
    if isinstance(teams, bool) or not isinstance(teams, int):
        raise MovementError(_("teams must be a whole number, got {teams!r}", teams=teams))
    if isinstance(sections, bool) or not isinstance(sections, int):
        raise MovementError(
            _("sections must be a whole number, got {sections!r}", sections=sections)
        )
    if not 1 <= sections <= len(LETTERS):
        raise MovementError(
            _("a field has 1 to {most} sections, not {sections}", most=len(LETTERS),
              sections=sections)
        )  # fmt: skip
    if teams < FEWEST_TEAMS_IN_A_SECTION * sections:
        raise MovementError(
            _("{teams} teams cannot make {sections} sections: each needs at least 2 teams",
              teams=teams, sections=sections)
        )  # fmt: skip
    base, over = divmod(teams, sections)
    return tuple(base + (1 if k < over else 0) for k in range(sections))


@dataclass(frozen=True, slots=True)
class TeamSection:
    """One section of a teams field: its letter and its teams' ids (``A1``, ``A2`` ...)."""

    letter: str
    teams: tuple[str, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.letter, str) or len(self.letter) != 1 or self.letter not in LETTERS:
            raise MovementError(
                _("a section's letter must be one of A to Z, got {letter!r}", letter=self.letter)
            )
        if len(self.teams) < FEWEST_TEAMS_IN_A_SECTION:
            raise MovementError(
                _("section {letter} needs at least 2 teams, got {count}", letter=self.letter,
                  count=len(self.teams))
            )  # fmt: skip
        for team in self.teams:
            if not isinstance(team, str) or not team.startswith(self.letter):
                raise MovementError(
                    _("section {letter}: team {team!r} is not named by its section",
                      letter=self.letter, team=team)
                )  # fmt: skip

    def number(self, team: str) -> str:
        """The team's number in its section, as the section's own movement names it
        (``A3``: ``3``)."""
        return team[len(self.letter) :]


@dataclass(frozen=True, slots=True)
class TeamField:
    """A teams field in sections, in letter order; each team in exactly one."""

    sections: tuple[TeamSection, ...]

    def __post_init__(self) -> None:
        if not self.sections:
            raise MovementError(_("a field in sections needs at least one section"))
        letters = [s.letter for s in self.sections]
        if letters != list(LETTERS[: len(letters)]):
            raise MovementError(
                _("sections are lettered A, B ... in order, got {letters}",
                  letters=", ".join(letters))
            )  # fmt: skip
        seen: set[str] = set()
        for section in self.sections:
            for team in section.teams:
                if team in seen:
                    raise MovementError(_("team {team} is in two sections", team=team))
                seen.add(team)

    @classmethod
    def of_sizes(cls, sizes: Sequence[int]) -> TeamField:
        """Sections of these sizes, lettered ``A`` on, teams numbered from 1 in each."""
        if len(sizes) > len(LETTERS):
            raise MovementError(
                _("at most {most} sections, got {count}", most=len(LETTERS), count=len(sizes))
            )
        return cls(
            tuple(
                TeamSection(letter, tuple(f"{letter}{k}" for k in range(1, size + 1)))
                for letter, size in zip(LETTERS, sizes, strict=False)
            )
        )

    @property
    def teams(self) -> tuple[str, ...]:
        """Every team of the field, section A's first."""
        return tuple(t for s in self.sections for t in s.teams)

    def section(self, letter: str) -> TeamSection:
        for section in self.sections:
            if section.letter == letter:
                return section
        raise MovementError(_("there is no section {letter}", letter=letter))

    def section_of(self, team: str) -> str:
        """The letter of the team's section."""
        for section in self.sections:
            if team in section.teams:
                return section.letter
        raise MovementError(_("team {team} is in no section", team=team))

    def to_json(self) -> str:
        return json.dumps(
            {"sections": [{"letter": s.letter, "teams": list(s.teams)} for s in self.sections]}
        )

    @classmethod
    def from_json(cls, text: str) -> TeamField:
        """Read the JSON form; bad input raises :class:`MovementError` naming the field."""
        data = json_data(text)
        listed = data.get("sections") if isinstance(data, Mapping) else None
        if not isinstance(listed, list):
            raise MovementError(_("field 'sections' must be a list, got {value!r}", value=listed))
        found = []
        for number, item in enumerate(listed, start=1):
            teams = item.get("teams") if isinstance(item, Mapping) else None
            letter = item.get("letter") if isinstance(item, Mapping) else None
            if not isinstance(teams, list) or not all(isinstance(t, str) for t in teams):
                raise MovementError(
                    _("section {number}: field 'teams' must be a list of team ids",
                      number=number)
                )  # fmt: skip
            found.append(TeamSection(str(letter), tuple(teams)))
        return cls(tuple(found))


def match_numbers(played: Sequence[Match], field: TeamField | None = None) -> list[str]:
    """A round's matches as the players know them: ``1``, ``2`` ... in one field; in a
    ``field`` in sections each counted within its section (its home team's) and named by
    it, as a pairs table is (``A1``, ``A2``, ``B1``): its rooms are ``B1a`` and ``B1b``."""
    if field is None:
        return [str(n) for n in range(1, len(played) + 1)]
    counted: dict[str, int] = {}
    numbers = []
    for m in played:
        letter = field.section_of(m.home)
        counted[letter] = counted.get(letter, 0) + 1
        numbers.append(f"{letter}{counted[letter]}")
    return numbers


def section_robins(field: TeamField, boards_per_match: int) -> tuple[RoundRobin, ...]:
    """Each section's round robin among its own teams (field ids), section A's first."""
    return tuple(round_robin(s.teams, boards_per_match) for s in field.sections)


def sectioned_robins(field: TeamField, boards_per_match: int) -> SectionedMovement:
    """The field's movement: each section its round robin as room tables (match ``n`` of
    a round at the section's tables ``2n - 1`` and ``2n``), its teams named by their
    number in the section (the field names them ``A1``...). Every section plays the
    same board numbers round by round (each its own copy of the boards)."""
    sections = []
    for section in field.sections:
        robin = round_robin(len(section.teams), boards_per_match)
        sections.append(Section(section.letter, robin_movement(robin)))
    return SectionedMovement(tuple(sections), same_boards=True)


def section_draws(
    field: TeamField,
    standings: Mapping[str, Sequence[Standing]],
    rules: SwissRules | None = None,
    round_no: int | None = None,
    *,
    unit: str = "VP",
) -> dict[str, Draw]:
    """Each section's next Swiss round, drawn from its own standings (``standings[A]``:
    section A's teams, top first; every team of the section, none of another)."""
    draws: dict[str, Draw] = {}
    for section in field.sections:
        own = standings.get(section.letter)
        if own is None:
            raise MovementError(
                _("section {letter} has no standings to draw from", letter=section.letter)
            )
        strangers = sorted(s.entrant for s in own if s.entrant not in section.teams)
        if strangers:
            raise MovementError(
                _("section {letter}: {team} is not one of its teams", letter=section.letter,
                  team=strangers[0])
            )  # fmt: skip
        draws[section.letter] = swiss_round(own, rules, round_no, unit=unit)
    unknown = sorted(set(standings) - {s.letter for s in field.sections})
    if unknown:
        raise MovementError(_("there is no section {letter}", letter=unknown[0]))
    return draws


def with_section_draws(
    movement: SectionedMovement | None,
    field: TeamField,
    draws: Mapping[str, Draw],
    boards: tuple[int, ...],
) -> SectionedMovement:
    """The field's movement (``None`` before the first draw) with each section's drawn
    round added to its own movement: match ``n`` at the section's tables ``2n - 1`` and
    ``2n``, the higher-placed team at home; every section plays ``boards``."""
    rounds = {}
    for section in field.sections:
        draw = draws.get(section.letter)
        if draw is None:
            raise MovementError(_("section {letter} has no draw", letter=section.letter))
        matches = [
            Match(section.number(p.higher), section.number(p.lower), boards) for p in draw.pairings
        ]
        bye = None if draw.bye is None else section.number(draw.bye)
        rounds[section.letter] = teams_round(matches, bye)
    if movement is None:
        return SectionedMovement(
            tuple(
                Section(s.letter, Movement(MovementKind.OTHER, (rounds[s.letter],),
                                           meet_once=False))
                for s in field.sections
            ),
            same_boards=True,
        )  # fmt: skip
    after = movement
    for section in field.sections:
        played = after.section(section.letter).movement
        added = Movement(
            MovementKind.OTHER, (*played.rounds, rounds[section.letter]), meet_once=False
        )
        after = after.with_section(section.letter, added)
    return after


def section_standings(result: TeamsResult, field: TeamField) -> dict[str, tuple[TeamStanding, ...]]:
    """Each section's teams ranked among themselves, as the field's standings order them
    (VPs, then the IMP difference, then the id), placed within the section (equal VPs
    share a place, ``2=``); a team with no match nor bye yet is last with none."""
    by_team = {s.team: s for s in result.standings}
    ranked: dict[str, tuple[TeamStanding, ...]] = {}
    for section in field.sections:
        rows = [
            by_team.get(team, TeamStanding("", team, 0.0, 0.0, 0.0, 0)) for team in section.teams
        ]
        rows.sort(key=lambda s: team_order(s.vp, s.points_for - s.points_against, s.team))
        placed = places({s.team: s.vp for s in rows})
        ranked[section.letter] = tuple(
            TeamStanding(
                placed[s.team],
                s.team,
                s.vp,
                s.points_for,
                s.points_against,
                s.matches,
                s.byes,
                s.penalty,
            )
            for s in rows
        )
    return ranked


class SectionSchedule(StrEnum):
    """What each section plays: its own round robin, or its own Swiss drawn round by
    round. (One Swiss across a whole field is an ordinary Swiss of all its teams.)"""

    ROBIN = "robin"
    SWISS = "swiss"


@dataclass(frozen=True, slots=True)
class TeamsInSections:
    """A teams session in sections: the field, what each section plays, the boards of a
    match, the rounds (a round robin: its longest section's; a Swiss: as planned) and
    the Swiss's rules. Its JSON form is what a session keeps as its schedule."""

    field: TeamField
    schedule: SectionSchedule
    boards_per_match: int
    rounds: int
    rules: SwissRules = NO_REMATCHES
    withdrawn: tuple[tuple[str, int], ...] = ()
    """A Swiss's teams that left, each with the first round it is not drawn in (its
    matches played stand); see :meth:`withdraw`."""
    joined: tuple[tuple[str, int], ...] = ()
    """A Swiss's teams that came late, each with the first round it is drawn in (each
    is in its section of the field, numbered after its last team); see :meth:`join`."""

    def __post_init__(self) -> None:
        if not isinstance(self.schedule, SectionSchedule):
            raise MovementError(
                _("a section plays a round robin or a Swiss, got {schedule!r}",
                  schedule=self.schedule)
            )  # fmt: skip
        if (
            isinstance(self.boards_per_match, bool)
            or not isinstance(self.boards_per_match, int)
            or self.boards_per_match < 1
        ):
            raise MovementError(
                _("a match has at least 1 board, got {boards!r}", boards=self.boards_per_match)
            )
        most = self.most_rounds()
        if isinstance(self.rounds, bool) or not isinstance(self.rounds, int):
            raise MovementError(_("rounds must be a whole number, got {rounds!r}",
                                  rounds=self.rounds))  # fmt: skip
        if self.schedule is SectionSchedule.ROBIN and self.rounds != most:
            raise MovementError(
                _("the sections' round robins take {most} rounds, not {rounds}", most=most,
                  rounds=self.rounds)
            )  # fmt: skip
        if not 1 <= self.rounds <= most and self.rules.rematches is Rematches.NEVER:
            smallest = min(len(s.teams) for s in self.field.sections)
            raise MovementError(
                _("the smallest section, of {teams} teams, plays 1 to {most} Swiss rounds"
                  " without meeting twice, not {rounds}",
                  teams=smallest, most=most, rounds=self.rounds)
                if most > 1
                else _("the smallest section, of {teams} teams, can play only 1 Swiss round"
                       " without meeting twice, not {rounds}",
                       teams=smallest, rounds=self.rounds)
            )  # fmt: skip
        if not 1 <= self.rounds <= most:
            raise MovementError(
                _("the sections play 1 to {most} Swiss rounds, not {rounds}", most=most,
                  rounds=self.rounds)
            )  # fmt: skip
        self._check_changes()

    def _check_changes(self) -> None:
        """The late changes: a Swiss's only, each a team of the field and a round it
        plays, no team leaving twice nor before it came, nor coming twice."""
        changes = (*self.withdrawn, *self.joined)
        if changes and self.schedule is not SectionSchedule.SWISS:
            raise MovementError(
                _("a round robin's schedule is fixed: no team can leave or join it")
            )
        teams = set(self.field.teams)
        for name, listed in (("withdrawn", self.withdrawn), ("joined", self.joined)):
            seen: set[str] = set()
            for item in listed:
                team, first = item if isinstance(item, tuple) and len(item) == 2 else ("", 0)
                if (
                    not isinstance(team, str)
                    or team not in teams
                    or team in seen
                    or isinstance(first, bool)
                    or not isinstance(first, int)
                    or not 1 <= first <= self.rounds
                ):
                    raise MovementError(
                        _("field {name!r}: team {team!r} from round {round!r} is not a team"
                          " of the field and a round of 1 to {rounds}", name=name, team=team,
                          round=first, rounds=self.rounds)
                    )  # fmt: skip
                seen.add(team)
        came = dict(self.joined)
        for team, first in self.withdrawn:
            if first <= came.get(team, 0):
                raise MovementError(
                    _("{team} cannot leave from round {round}: it joins from round {joined}",
                      team=team, round=first, joined=came[team])
                )  # fmt: skip

    def playing(self, letter: str, round_no: int) -> tuple[str, ...]:
        """The teams of section ``letter`` drawn in round ``round_no``: those that have
        not left by then, nor come later."""
        gone = {team for team, first in self.withdrawn if first <= round_no}
        later = {team for team, first in self.joined if first > round_no}
        return tuple(t for t in self.field.section(letter).teams if t not in gone | later)

    def _check_change(self, from_round: int, drawn: int) -> None:
        """A change from round ``from_round`` with ``drawn`` rounds drawn: a Swiss's, and
        from a round not yet drawn."""
        if self.schedule is not SectionSchedule.SWISS:
            raise MovementError(
                _("a round robin's schedule is fixed: no team can leave or join it")
            )
        if isinstance(from_round, bool) or not isinstance(from_round, int):
            raise MovementError(
                _("rounds must be a whole number, got {rounds!r}", rounds=from_round)
            )
        check_change_round(from_round, drawn, self.rounds)

    def withdraw(self, team: str, from_round: int, drawn: int) -> TeamsInSections:
        """The Swiss with ``team`` leaving from round ``from_round`` (not yet drawn:
        ``drawn`` rounds are): its section's draws from then on leave it out (a bye
        where the section is left with an odd count), its matches played stand, the
        other sections are as they were. Its section must keep two teams to draw."""
        self._check_change(from_round, drawn)
        letter = next((s.letter for s in self.field.sections if team in s.teams), None)
        if letter is None or team not in self.playing(letter, from_round):
            raise MovementError(
                _("{team!r} is not a team drawn in round {round}", team=team, round=from_round)
            )
        after = replace(self, withdrawn=(*self.withdrawn, (team, from_round)))
        after._check_count(letter, from_round)
        return after

    def next_team(self, letter: str) -> str:
        """The id a late team of section ``letter`` gets: the one after its last
        (``A7`` after ``A6``)."""
        section = self.field.section(letter)
        numbers = [int(n) for n in map(section.number, section.teams) if n.isdigit()]
        return f"{letter}{max(numbers, default=0) + 1}"

    def join(self, letter: str, from_round: int, drawn: int) -> TeamsInSections:
        """The Swiss with a late team in section ``letter`` from round ``from_round``
        (not yet drawn: ``drawn`` rounds are): it gets the section's next id
        (:meth:`next_team`, the last of ``joined``) and is drawn in the section from
        that round, with no VPs for the rounds before it came."""
        self._check_change(from_round, drawn)
        letters = ", ".join(s.letter for s in self.field.sections)
        if not isinstance(letter, str) or letter not in {s.letter for s in self.field.sections}:
            raise MovementError(
                _("there is no section {letter!r} (the sections are {letters})",
                  letter=letter, letters=letters)
            )  # fmt: skip
        team = self.next_team(letter)
        field = TeamField(
            tuple(
                TeamSection(s.letter, (*s.teams, team)) if s.letter == letter else s
                for s in self.field.sections
            )
        )
        return replace(self, field=field, joined=(*self.joined, (team, from_round)))

    def _check_count(self, letter: str, from_round: int) -> None:
        """Refuse a change that leaves section ``letter`` fewer than two teams to draw
        in a round from ``from_round`` on."""
        for round_no in range(from_round, self.rounds + 1):
            count = len(self.playing(letter, round_no))
            if count < FEWEST_TEAMS_IN_A_SECTION:
                raise MovementError(
                    _("section {letter} would have {count} team in round {round}: a Swiss"
                      " needs two", letter=letter, count=count, round=round_no)
                )  # fmt: skip

    def next_draws(
        self, standings: Mapping[str, Sequence[Standing]], round_no: int, *, unit: str = "VP"
    ) -> dict[str, Draw]:
        """Each section's Swiss round ``round_no`` drawn from its own standings among
        its teams playing that round (:meth:`playing`): a team that has left, or comes
        later, is left out of the draw though its standing is given; a team playing
        with no standing is an error naming it."""
        if self.schedule is not SectionSchedule.SWISS:
            raise MovementError(_("the sections play a round robin, not a Swiss"))
        drawn_from: dict[str, list[Standing]] = {}
        for section in self.field.sections:
            playing = self.playing(section.letter, round_no)
            own = [s for s in standings.get(section.letter, ()) if s.entrant in playing]
            missing = sorted(set(playing) - {s.entrant for s in own})
            if missing:
                raise MovementError(
                    _("section {letter}: {team} has no standing to be drawn from",
                      letter=section.letter, team=missing[0])
                )  # fmt: skip
            drawn_from[section.letter] = own
        return section_draws(self.field, drawn_from, self.rules, round_no, unit=unit)

    def _check_draws(self, round_no: int, draws: Mapping[str, Draw]) -> None:
        """Each section's draw of round ``round_no`` is of the teams playing it: every
        one at a match or on the bye, none that has left or comes later."""
        for section in self.field.sections:
            draw = draws.get(section.letter)
            if draw is None:
                continue  # with_section_draws says so
            placed = [t for p in draw.pairings for t in (p.higher, p.lower)]
            if draw.bye is not None:
                placed.append(draw.bye)
            playing = self.playing(section.letter, round_no)
            strangers = sorted(set(placed) - set(playing))
            if strangers:
                raise MovementError(
                    _("round {round}, section {letter}: {team} is not drawn in it (it has"
                      " left, or comes later)", round=round_no, letter=section.letter,
                      team=strangers[0])
                )  # fmt: skip
            left_out = sorted(set(playing) - set(placed))
            if left_out:
                raise MovementError(
                    _("round {round}, section {letter}: {team} is playing but not drawn",
                      round=round_no, letter=section.letter, team=left_out[0])
                )  # fmt: skip

    def draws_ahead(self, draws: Sequence[Mapping[str, Draw]]) -> dict[str, DrawsAhead]:
        """Each section's Swiss rounds still to draw after ``draws`` (the rounds drawn so
        far, round 1 first, each section's draw), as its late changes leave them: how many
        teams each round draws (a bye where odd) and whether they can all be drawn without a
        rematch the rules forbid (:func:`~bridgescore.events.movements.swiss.draws_ahead`);
        what a director is warned of before a team leaves or joins."""
        if self.schedule is not SectionSchedule.SWISS:
            raise MovementError(_("the sections play a round robin, not a Swiss"))
        left = range(len(draws) + 1, self.rounds + 1)
        return {
            s.letter: draws_ahead(
                [d[s.letter] for d in draws if s.letter in d],
                [self.playing(s.letter, r) for r in left],
                self.rules,
            )
            for s in self.field.sections
        }

    def most_rounds(self) -> int:
        """A round robin: its longest section's rounds (``n - 1``, or ``n`` with a bye);
        a Swiss without rematches: what its smallest section can play without one
        (``n - 1``, or ``n`` with a bye); a Swiss that allows them: 40."""
        sizes = [len(s.teams) for s in self.field.sections]
        if self.schedule is SectionSchedule.ROBIN:
            return max(n if n % 2 else n - 1 for n in sizes)
        if self.rules.rematches is Rematches.NEVER:
            return min(n if n % 2 else n - 1 for n in sizes)
        return MOST_SWISS_ROUNDS

    def robins(self) -> tuple[RoundRobin, ...]:
        """Each section's round robin (a round robin schedule only), section A's first."""
        if self.schedule is not SectionSchedule.ROBIN:
            raise MovementError(_("the sections play a Swiss, not a round robin"))
        return section_robins(self.field, self.boards_per_match)

    def movement(self, draws: Sequence[Mapping[str, Draw]] = ()) -> SectionedMovement:
        """The field's movement: the round robins, or the Swiss rounds drawn so far
        (``draws``: round 1 first, each section's draw)."""
        if self.schedule is SectionSchedule.ROBIN:
            return sectioned_robins(self.field, self.boards_per_match)
        if not draws:
            raise MovementError(_("a Swiss in sections has no movement before its first draw"))
        played: SectionedMovement | None = None
        for number, drawn in enumerate(draws):
            self._check_draws(number + 1, drawn)
            boards = board_range(number, self.boards_per_match)
            played = with_section_draws(played, self.field, drawn, boards)
        assert played is not None
        return played

    def byes(self, draws: Sequence[Mapping[str, Draw]] = ()) -> dict[int, tuple[str, ...]]:
        """Each round's teams on the bye (one for each section with an odd count), as the
        round robins schedule them or the Swiss ``draws`` drew them."""
        found: dict[int, tuple[str, ...]] = {}
        if self.schedule is SectionSchedule.ROBIN:
            for robin in self.robins():
                for number, rnd in enumerate(robin.rounds, start=1):
                    if rnd.bye is not None:
                        found[number] = (*found.get(number, ()), rnd.bye)
            return found
        for number, drawn in enumerate(draws, start=1):
            teams = tuple(drawn[s.letter].bye for s in self.field.sections)
            if any(t is not None for t in teams):
                found[number] = tuple(t for t in teams if t is not None)
        return found

    def to_json(self) -> str:
        return json.dumps(
            {
                "sections": json.loads(self.field.to_json())["sections"],
                "schedule": self.schedule.value,
                "boards": self.boards_per_match,
                "rounds": self.rounds,
                "rematches": self.rules.rematches.value,
                "late_after": self.rules.late_after,
                "if_stuck": self.rules.if_stuck,
                **({"withdrawn": [list(w) for w in self.withdrawn]} if self.withdrawn else {}),
                **({"joined": [list(j) for j in self.joined]} if self.joined else {}),
            }
        )

    @classmethod
    def from_json(cls, text: str) -> TeamsInSections:
        """Read the JSON form; bad input raises :class:`MovementError` naming the field."""
        data = json_data(text)
        if not isinstance(data, Mapping):
            raise MovementError(_("a teams field in sections must be a JSON object"))
        try:
            schedule = SectionSchedule(str(data.get("schedule")))
            rules = SwissRules(
                Rematches(data.get("rematches", Rematches.NEVER.value)),
                data.get("late_after"),
                if_stuck=bool(data.get("if_stuck", False)),
            )
        except ValueError:
            raise MovementError(
                _("field 'schedule' or 'rematches' is not one the sections can play")
            ) from None
        return cls(
            TeamField.from_json(json.dumps({"sections": data.get("sections")})),
            schedule,
            data.get("boards"),  # type: ignore[arg-type]  # checked in __post_init__
            data.get("rounds"),  # type: ignore[arg-type]
            rules,
            _changes(data, "withdrawn"),
            _changes(data, "joined"),
        )


def _changes(data: Mapping[str, object], name: str) -> tuple[tuple[str, int], ...]:
    """Field ``name`` of the JSON form: a list of ``[team, round]`` (checked as a whole
    in :class:`TeamsInSections`)."""
    listed = data.get(name, [])
    if not isinstance(listed, list) or not all(
        isinstance(item, list) and len(item) == 2 for item in listed
    ):
        raise MovementError(
            _("field {name!r} must be a list of [team, round], got {value!r}", name=name,
              value=listed)
        )  # fmt: skip
    return tuple((item[0], item[1]) for item in listed)


def teams_in_sections(
    teams: int,
    sections: int,
    schedule: SectionSchedule,
    boards_per_match: int,
    rounds: int | None = None,
    rules: SwissRules | None = None,
) -> TeamsInSections:
    """``teams`` dealt into ``sections`` (:func:`section_sizes`), each playing
    ``schedule``: a round robin (``rounds``: its longest section's, worked out when not
    given) or a Swiss of ``rounds`` rounds under ``rules``."""
    field = TeamField.of_sizes(section_sizes(teams, sections))
    check_teams(teams, sections, schedule)
    rules = rules or SwissRules()
    if rounds is None:
        if schedule is not SectionSchedule.ROBIN:
            raise MovementError(_("say how many Swiss rounds the sections play"))
        sizes = [len(s.teams) for s in field.sections]
        rounds = max(n if n % 2 else n - 1 for n in sizes)
    return TeamsInSections(field, schedule, boards_per_match, rounds, rules)


__all__ = [
    "MOST_SWISS_ROUNDS",
    "MOST_TEAMS_IN_A_FIELD",
    "MOST_TEAMS_IN_A_ROBIN",
    "TABLES_A_MATCH",
    "SectionSchedule",
    "TeamField",
    "TeamSection",
    "TeamsInSections",
    "check_teams",
    "match_numbers",
    "section_draws",
    "section_robins",
    "section_sizes",
    "section_standings",
    "sectioned_robins",
    "teams_in_sections",
    "with_section_draws",
]
