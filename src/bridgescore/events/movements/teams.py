"""Team movements: round robins, and the two-room board passing of one match.

A round robin is built by the circle method: with an odd number of teams ``n``,
team ``r`` has the bye in round ``r`` and teams ``r + k`` and ``r - k`` (counted
round a circle of ``n``) meet, for ``k`` from 1 to ``(n - 1) / 2``. The home team of
a meeting is the one that is 1 to ``(n - 1) / 2`` places ahead of the other round the
circle, so every team is at home exactly ``(n - 1) / 2`` times. With an even number
the last team plays, in each round, the team that would have had the bye, at home
in the odd rounds; every team is then at home ``n / 2`` or ``n / 2 - 1`` times, the
best balance ``n - 1`` matches allow.

In a match the home team sits North-South in the open room and East-West in the
closed room (``docs/swiss.md`` gives the sources). Each stanza's boards are split:
the open room plays the first half while the closed room plays the second, then
the rooms exchange them; with duplicated boards both rooms play the whole stanza.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.movements.model import (
    Movement,
    MovementError,
    MovementKind,
    Round,
    Table,
    board_range,
    check_size,
    json_data,
)
from bridgescore.events.movements.problems import Problem, join_messages


def _field(name: str, where: Message | None = None) -> Message:
    if where is None:
        return _("field {name!r}", name=name)
    return _("{where}, field {name!r}", where=where, name=name)


def _check_team(team: object, where: str | Message) -> str:
    if not isinstance(team, str) or not team.strip():
        raise MovementError(
            _("{where}: team id must be non-empty text, got {team!r}", where=where, team=team)
        )
    return team


def _check_boards(boards: object, where: Message) -> tuple[int, ...]:
    if not isinstance(boards, tuple) or not boards:
        raise MovementError(
            _(
                "{where}: expected a non-empty tuple of boards, got {boards!r}",
                where=where,
                boards=boards,
            )
        )
    for board in boards:
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise MovementError(
                _(
                    "{where}: board number must be a whole number from 1, got {board!r}",
                    where=where,
                    board=board,
                )
            )
    repeated = sorted(b for b, n in Counter(boards).items() if n > 1)
    if repeated:
        raise MovementError(
            _("{where}: board {board} is listed twice", where=where, board=repeated[0])
        )
    return boards


@dataclass(frozen=True, slots=True)
class Match:
    """One match: the home team, the away team (ids as text), and the boards they play."""

    home: str
    away: str
    boards: tuple[int, ...]

    def __post_init__(self) -> None:
        _check_team(self.home, _field("home"))
        _check_team(self.away, _field("away"))
        if self.home == self.away:
            raise MovementError(_("team {team} cannot play itself", team=self.home))
        match = _("match {home} v {away}", home=self.home, away=self.away)
        _check_boards(self.boards, _field("boards", match))


@dataclass(frozen=True, slots=True)
class RobinRound:
    """One round of a round robin: its matches (table order) and the team with the bye."""

    matches: tuple[Match, ...]
    bye: str | None = None

    def __post_init__(self) -> None:
        if self.bye is not None:
            _check_team(self.bye, _field("bye"))


@dataclass(frozen=True, slots=True)
class RoundRobin:
    """Every team meets every other once; ``rounds`` are round 1 first."""

    teams: tuple[str, ...]
    rounds: tuple[RobinRound, ...]

    def __post_init__(self) -> None:
        for team in self.teams:
            _check_team(team, _field("teams"))
        repeated = sorted(t for t, n in Counter(self.teams).items() if n > 1)
        if repeated:
            raise MovementError(_("field 'teams': team {team} is listed twice", team=repeated[0]))

    def home_away(self) -> dict[str, tuple[int, int]]:
        """Each team's count of home and away matches."""
        home: Counter[str] = Counter()
        away: Counter[str] = Counter()
        for rnd in self.rounds:
            for match in rnd.matches:
                home[match.home] += 1
                away[match.away] += 1
        return {team: (home[team], away[team]) for team in self.teams}

    def problems(self) -> list[Problem]:
        """Every broken rule at once (empty when the round robin is sound).

        Codes: ``unknown-team``, ``team-twice`` (in two matches of a round, or playing
        while on the bye), ``team-missing`` (neither playing nor on the bye),
        ``board-twice``, ``meet-twice``, ``missing-meeting``, ``bye-twice`` and
        ``home-away`` (home and away counts more than one apart). The table of a
        problem is the match's place in its round, from 1.
        """
        found: list[Problem] = []
        known = set(self.teams)
        met: dict[frozenset[str], tuple[int, int]] = {}
        byes: dict[str, int] = {}
        played: dict[tuple[str, int], int] = {}
        for number, rnd in enumerate(self.rounds, start=1):
            where: dict[str, list[Message]] = defaultdict(list)
            tables: dict[str, int] = {}
            if rnd.bye is not None:
                where[rnd.bye].append(_("on the bye"))
                if rnd.bye in byes:
                    found.append(
                        Problem(
                            "bye-twice",
                            _(
                                "team {team} has the bye again (first in round {round})",
                                team=rnd.bye,
                                round=byes[rnd.bye],
                            ),
                            number,
                        )
                    )
                byes.setdefault(rnd.bye, number)
            for table, match in enumerate(rnd.matches, start=1):
                for team in (match.home, match.away):
                    where[team].append(_("match {table}", table=table))
                    tables[team] = table
                    if team not in known:
                        found.append(
                            Problem(
                                "unknown-team",
                                _("team {team} is not in the event", team=team),
                                number,
                                table,
                            )
                        )
                    repeats = sorted(b for b in match.boards if (team, b) in played)
                    if repeats:
                        found.append(
                            Problem(
                                "board-twice",
                                _(
                                    "team {team} plays board {board} again (first in round"
                                    " {round})",
                                    team=team,
                                    board=repeats[0],
                                    round=played[(team, repeats[0])],
                                ),
                                number,
                                table,
                            )
                        )
                    for board in match.boards:
                        played.setdefault((team, board), number)
                key = frozenset((match.home, match.away))
                if key in met:
                    first_round, first_table = met[key]
                    found.append(
                        Problem(
                            "meet-twice",
                            _(
                                "teams {home} and {away} meet again (first in round {round},"
                                " match {table})",
                                home=match.home,
                                away=match.away,
                                round=first_round,
                                table=first_table,
                            ),
                            number,
                            table,
                        )
                    )
                met.setdefault(key, (number, table))
            for team, places in where.items():
                if len(places) > 1:
                    found.append(
                        Problem(
                            "team-twice",
                            _(
                                "team {team} is in two places: {places}",
                                team=team,
                                places=join_messages(places),
                            ),
                            number,
                            tables.get(team),
                        )
                    )
            for team in self.teams:
                if team not in where:
                    found.append(
                        Problem(
                            "team-missing",
                            _("team {team} neither plays nor has the bye", team=team),
                            number,
                        )
                    )
        for i, first in enumerate(self.teams):
            for second in self.teams[i + 1 :]:
                if frozenset((first, second)) not in met:
                    found.append(
                        Problem(
                            "missing-meeting",
                            _("teams {first} and {second} never meet", first=first, second=second),
                        )
                    )
        for team, (home, away) in self.home_away().items():
            if abs(home - away) > 1:
                found.append(
                    Problem(
                        "home-away",
                        _(
                            "team {team} is at home {home} times and away {away} times",
                            team=team,
                            home=home,
                            away=away,
                        ),
                    )
                )
        return found

    def is_valid(self) -> bool:
        """Whether :meth:`problems` is empty."""
        return not self.problems()

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form (see ``docs/swiss.md``)."""
        return {
            "teams": list(self.teams),
            "rounds": [
                {
                    "matches": [
                        {"home": m.home, "away": m.away, "boards": list(m.boards)}
                        for m in rnd.matches
                    ],
                    "bye": rnd.bye,
                }
                for rnd in self.rounds
            ],
        }

    def to_json(self) -> str:
        """The round robin as JSON text; :meth:`from_json` reads it back to an equal value."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> RoundRobin:
        """Read the JSON form; bad input raises :class:`MovementError` naming round and field."""
        return cls.from_dict(json_data(text))

    @classmethod
    def from_dict(cls, data: object) -> RoundRobin:
        """Read the JSON-ready form (what :meth:`to_dict` gives)."""
        if not isinstance(data, Mapping):
            raise MovementError(_("a round robin must be a JSON object, got {data!r}", data=data))
        teams = data.get("teams")
        if not isinstance(teams, list):
            raise MovementError(
                _("field 'teams': expected a list of team ids, got {teams!r}", teams=teams)
            )
        rounds = data.get("rounds")
        if not isinstance(rounds, list):
            raise MovementError(
                _("field 'rounds': expected a list of rounds, got {rounds!r}", rounds=rounds)
            )
        return cls(
            teams=tuple(_check_team(t, _field("teams")) for t in teams),
            rounds=tuple(_read_round(n, r) for n, r in enumerate(rounds, start=1)),
        )


def _read_round(number: int, data: object) -> RobinRound:
    if not isinstance(data, Mapping):
        raise MovementError(
            _("round {number}: expected an object, got {item!r}", number=number, item=data)
        )
    matches = data.get("matches")
    if not isinstance(matches, list):
        raise MovementError(
            _(
                "round {number}, field 'matches': expected a list, got {matches!r}",
                number=number,
                matches=matches,
            )
        )
    read = []
    for table, item in enumerate(matches, start=1):
        where = _("round {number}, match {table}", number=number, table=table)
        if not isinstance(item, Mapping):
            raise MovementError(
                _("{where}: expected an object, got {item!r}", where=where, item=item)
            )
        boards = item.get("boards")
        if not isinstance(boards, list):
            raise MovementError(
                _(
                    "{where}, field 'boards': expected a list, got {boards!r}",
                    where=where,
                    boards=boards,
                )
            )
        home = _check_team(item.get("home"), _field("home", where))
        away = _check_team(item.get("away"), _field("away", where))
        if home == away:
            raise MovementError(
                _("{where}: team {team} cannot play itself", where=where, team=home)
            )
        read.append(
            Match(
                home=home,
                away=away,
                boards=_check_boards(tuple(boards), _field("boards", where)),
            )
        )
    bye = data.get("bye")
    if bye is not None:
        _check_team(bye, _field("bye", _("round {number}", number=number)))
    return RobinRound(matches=tuple(read), bye=bye)


def _team_ids(teams: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(teams, int) and not isinstance(teams, bool):
        check_size("teams", teams, 2)
        return tuple(str(n) for n in range(1, teams + 1))
    if isinstance(teams, str) or not isinstance(teams, Sequence):
        raise MovementError(
            _("teams must be a count or a list of team ids, got {teams!r}", teams=teams)
        )
    ids = tuple(_check_team(t, "teams") for t in teams)
    if len(ids) < 2:
        raise MovementError(_("a round robin needs at least 2 teams, got {count}", count=len(ids)))
    repeated = [t for t, n in Counter(ids).items() if n > 1]
    if repeated:
        raise MovementError(_("teams: team {team} is listed twice", team=repeated[0]))
    return ids


def _circle(n: int) -> list[tuple[list[tuple[int, int]], int]]:
    """For an odd ``n``: each round's (home, away) meetings and the team with the bye."""
    half = (n - 1) // 2
    rounds = []
    for r in range(n):
        meetings = []
        for k in range(1, half + 1):
            first, second = (r + k) % n, (r - k) % n
            meetings.append((first, second) if 2 * k <= half else (second, first))
        rounds.append((meetings, r))
    return rounds


def round_robin(teams: int | Sequence[str], boards_per_match: int) -> RoundRobin:
    """Every team meets every other once: ``n - 1`` rounds (even ``n``) or ``n`` with a bye.

    ``teams`` is a count (ids ``"1"`` to ``"n"``) or the team ids in order. All matches
    of a round play the same boards (duplicated sets), a new set each round: round
    ``r`` plays boards ``(r - 1) * boards_per_match + 1`` onwards.
    """
    ids = _team_ids(teams)
    check_size("boards_per_match", boards_per_match, 1)
    n = len(ids)
    odd = n if n % 2 else n - 1
    schedule = []
    for r, (meetings, spare) in enumerate(_circle(odd)):
        boards = board_range(r, boards_per_match)
        matches = [Match(ids[h], ids[a], boards) for h, a in meetings]
        bye: str | None = ids[spare]
        if n % 2 == 0:
            last = (ids[n - 1], ids[spare]) if r % 2 == 0 else (ids[spare], ids[n - 1])
            matches.insert(0, Match(last[0], last[1], boards))
            bye = None
        schedule.append(RobinRound(matches=tuple(matches), bye=bye))
    return RoundRobin(teams=ids, rounds=tuple(schedule))


@dataclass(frozen=True, slots=True)
class Segment:
    """Part of a stanza between two passings: the boards in each room (1-based stanza, part)."""

    stanza: int
    part: int
    open_room: tuple[int, ...]
    closed_room: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TwoRoom:
    """Which boards each room of a match plays, stanza by stanza, and who sits where.

    The home team sits North-South in the open room and East-West in the closed
    room; the away team the other way round, so each board is played once each way.
    """

    match: Match
    segments: tuple[Segment, ...]
    duplicated: bool = False

    @property
    def open_ns(self) -> str:
        return self.match.home

    @property
    def open_ew(self) -> str:
        return self.match.away

    @property
    def closed_ns(self) -> str:
        return self.match.away

    @property
    def closed_ew(self) -> str:
        return self.match.home

    def passing(self) -> list[Message]:
        """The instructions, in order, as a director would read them out (each renders in
        the reader's language)."""
        lines: list[Message] = []
        for seg in self.segments:
            if self.duplicated:
                lines.append(
                    _("stanza {stanza}: both rooms play {boards} (a set of boards in each room)",
                      stanza=seg.stanza, boards=_text(seg.open_room))
                )  # fmt: skip
                continue
            lines.append(
                _("stanza {stanza}, part {part}: open room {open}, closed room {closed}",
                  stanza=seg.stanza, part=seg.part, open=_text(seg.open_room),
                  closed=_text(seg.closed_room))
            )  # fmt: skip
            if seg.part == 1:
                lines.append(
                    _("stanza {stanza}: the rooms exchange their boards", stanza=seg.stanza)
                )
        return lines

    def problems(self) -> list[Problem]:
        """Every broken rule: a board not played exactly once in each room (``room-boards``),
        or in both rooms at once without duplicated boards (``board-in-both-rooms``)."""
        found: list[Problem] = []
        for name, boards in (
            ("open", [b for s in self.segments for b in s.open_room]),
            ("closed", [b for s in self.segments for b in s.closed_room]),
        ):
            if sorted(boards) != sorted(self.match.boards):
                found.append(
                    Problem(
                        "room-boards",
                        (
                            _(
                                "the open room plays {boards}, not the match's {all} once each",
                                boards=_text(sorted(boards)),
                                all=_text(sorted(self.match.boards)),
                            )
                            if name == "open"
                            else _(
                                "the closed room plays {boards}, not the match's {all} once each",
                                boards=_text(sorted(boards)),
                                all=_text(sorted(self.match.boards)),
                            )
                        ),
                    )
                )
        if not self.duplicated:
            for seg in self.segments:
                both = sorted(set(seg.open_room) & set(seg.closed_room))
                if both:
                    found.append(
                        Problem(
                            "board-in-both-rooms",
                            _(
                                "stanza {stanza}, part {part}: {boards} in both rooms at once",
                                stanza=seg.stanza,
                                part=seg.part,
                                boards=_text(both),
                            ),
                        )
                    )
        return found


def _text(boards: Sequence[int]) -> Message:
    ordered = list(boards)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return _("boards {boards}", boards=f"{ordered[0]}-{ordered[-1]}")
    shown = ", ".join(map(str, ordered))
    return (
        _("board {boards}", boards=shown)
        if len(ordered) == 1
        else _("boards {boards}", boards=shown)
    )


def _split(items: tuple[int, ...], parts: int) -> list[tuple[int, ...]]:
    """``items`` in ``parts`` consecutive blocks, the longer blocks first."""
    size, extra = divmod(len(items), parts)
    blocks, start = [], 0
    for k in range(parts):
        end = start + size + (1 if k < extra else 0)
        blocks.append(items[start:end])
        start = end
    return blocks


def two_room(match: Match, stanzas: int = 1, *, duplicated: bool = False) -> TwoRoom:
    """The board passing of a match in ``stanzas`` stanzas (the match's boards in order).

    Without duplicated boards each stanza has two parts: the open room plays the
    first half of the stanza's boards while the closed room plays the second half,
    then the rooms exchange them. With ``duplicated`` both rooms play the whole
    stanza at once.
    """
    check_size("stanzas", stanzas, 1)
    per_stanza = 1 if duplicated else 2
    if stanzas * per_stanza > len(match.boards):
        raise MovementError(
            _(
                "stanzas: {boards} boards cannot fill {stanzas} stanzas",
                boards=len(match.boards),
                stanzas=stanzas,
            )
            if duplicated
            else _(
                "stanzas: {boards} boards cannot fill {stanzas} stanzas of at least 2 boards"
                " (one for each room)",
                boards=len(match.boards),
                stanzas=stanzas,
            )
        )
    segments = []
    for number, block in enumerate(_split(match.boards, stanzas), start=1):
        if duplicated:
            segments.append(Segment(number, 1, block, block))
            continue
        first, second = _split(block, 2)
        segments.append(Segment(number, 1, first, second))
        segments.append(Segment(number, 2, second, first))
    return TwoRoom(match=match, segments=tuple(segments), duplicated=duplicated)


@dataclass(frozen=True, slots=True)
class ThreeWay:
    """A three-way match (a threesome): three teams, each playing the other two.

    Each team's NS pair stays at its own table (team ``teams[i]`` at table ``i + 1``),
    whose boards are ``sets[i]``; the EW pairs move up one table for the first half
    and one more for the second, and the boards go down one table between the
    halves: a 3-table Mitchell of two rounds. Every set is played once each way
    between the same two teams, so each two teams have one match on one set, half the
    boards each team plays (:meth:`matches`). Each match is scored as a match of its
    own, in IMPs (then VPs on the scale for its number of boards).
    """

    teams: tuple[str, str, str]
    sets: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]

    def __post_init__(self) -> None:
        if not isinstance(self.teams, tuple) or len(self.teams) != 3:
            raise MovementError(
                _("field 'teams': expected three team ids, got {teams!r}", teams=self.teams)
            )
        for team in self.teams:
            _check_team(team, _field("teams"))
        if not isinstance(self.sets, tuple) or len(self.sets) != 3:
            raise MovementError(
                _("field 'sets': expected three sets of boards, got {sets!r}", sets=self.sets)
            )
        for number, boards in enumerate(self.sets, start=1):
            _check_boards(boards, _field("sets", _("table {table}", table=number)))

    def movement(self) -> Movement:
        """The two halves as a :class:`Movement`; pair ids ``"{team} NS"``, ``"{team} EW"``."""
        rounds = []
        for half in (1, 2):
            tables = tuple(
                Table(
                    table=t + 1,
                    ns=f"{self.teams[t]} NS",
                    ew=f"{self.teams[(t - half) % 3]} EW",
                    boards=self.sets[(t + half - 1) % 3],
                )
                for t in range(3)
            )
            rounds.append(Round(tables=tables))
        return Movement(kind=MovementKind.OTHER, rounds=tuple(rounds))

    def matches(self) -> tuple[Match, Match, Match]:
        """The three matches: home is the team whose NS pair plays the set in the first half."""
        found = []
        for t in range(3):
            found.append(Match(self.teams[t], self.teams[(t - 1) % 3], self.sets[t]))
        return (found[0], found[1], found[2])

    def problems(self) -> list[Problem]:
        """Every broken rule at once: a team listed twice (``team-twice``), a board in two
        sets (``board-twice``), and the seating's own problems (:meth:`Movement.problems`,
        but the pairs' 70 % rule: each team plays two of the three sets by design)."""
        found: list[Problem] = []
        repeated = sorted(t for t, n in Counter(self.teams).items() if n > 1)
        for team in repeated:
            found.append(
                Problem("team-twice", _("team {team} is listed twice", team=team)),
            )
        boards = Counter(b for boards in self.sets for b in boards)
        twice = sorted(b for b, n in boards.items() if n > 1)
        if twice:
            found.append(
                Problem(
                    "board-twice",
                    _("{boards} in more than one set", boards=_text(twice)),
                )
            )
        if not repeated:
            found.extend(p for p in self.movement().problems() if p.code != "under-70-percent")
        return found

    def is_valid(self) -> bool:
        """Whether :meth:`problems` is empty."""
        return not self.problems()

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form: ``{"teams": [...], "sets": [[...], [...], [...]]}``."""
        return {"teams": list(self.teams), "sets": [list(b) for b in self.sets]}

    def to_json(self) -> str:
        """The three-way match as JSON text; :meth:`from_json` reads it back to an equal value."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> ThreeWay:
        """Read the JSON form; bad input raises :class:`MovementError` naming the field."""
        return cls.from_dict(json_data(text))

    @classmethod
    def from_dict(cls, data: object) -> ThreeWay:
        """Read the JSON-ready form (what :meth:`to_dict` gives)."""
        if not isinstance(data, Mapping):
            raise MovementError(
                _("a three-way match must be a JSON object, got {data!r}", data=data)
            )
        teams, sets = data.get("teams"), data.get("sets")
        if not isinstance(teams, list) or len(teams) != 3:
            raise MovementError(
                _("field 'teams': expected three team ids, got {teams!r}", teams=teams)
            )
        if (
            not isinstance(sets, list)
            or len(sets) != 3
            or not all(isinstance(b, list) for b in sets)
        ):
            raise MovementError(
                _("field 'sets': expected three lists of boards, got {sets!r}", sets=sets)
            )
        return cls(
            teams=(teams[0], teams[1], teams[2]),
            sets=(tuple(sets[0]), tuple(sets[1]), tuple(sets[2])),
        )


def three_way(teams: Sequence[str], boards_per_match: int, first_board: int = 1) -> ThreeWay:
    """A three-way match of ``boards_per_match`` boards a match, boards from ``first_board``.

    Table ``i`` starts with the ``i``-th block of ``boards_per_match`` boards; each team
    plays ``2 * boards_per_match`` boards in all. For a "short" threesome (in the time of
    one match elsewhere) give half a match's boards; for a "long" one (two rounds) a
    whole match's.
    """
    ids = _team_ids(teams)
    if len(ids) != 3:
        raise MovementError(
            _("teams: a three-way match needs 3 teams, got {count}", count=len(ids))
        )
    check_size("boards_per_match", boards_per_match, 1)
    check_size("first_board", first_board, 1)
    offset = first_board - 1
    blocks = [tuple(b + offset for b in board_range(k, boards_per_match)) for k in range(3)]
    return ThreeWay(teams=(ids[0], ids[1], ids[2]), sets=(blocks[0], blocks[1], blocks[2]))


def room_tables(number: int, match: Match) -> tuple[Table, Table]:
    """Match ``number`` of its round as its two room tables: the home team North-South in
    the open room (table ``2n - 1``) and East-West in the closed room (table ``2n``), each
    room's boards in the order it plays them (:func:`two_room`: the rooms exchange halves)."""
    if len(match.boards) >= 2:
        passing = two_room(match)
        open_boards = tuple(b for seg in passing.segments for b in seg.open_room)
        closed_boards = tuple(b for seg in passing.segments for b in seg.closed_room)
    else:
        open_boards = closed_boards = match.boards
    return (
        Table(2 * number - 1, match.home, match.away, open_boards),
        Table(2 * number, match.away, match.home, closed_boards),
    )


def teams_round(matches: Sequence[Match], bye: str | None) -> Round:
    """A round of matches as room tables (match ``n`` at tables ``2n - 1`` and ``2n``);
    the team on the bye sits out."""
    tables = tuple(t for n, m in enumerate(matches, start=1) for t in room_tables(n, m))
    return Round(tables=tables, sit_outs=() if bye is None else (bye,))


def robin_movement(robin: RoundRobin) -> Movement:
    """The round robin as room tables, round by round (the bye sits out)."""
    rounds = tuple(teams_round(r.matches, r.bye) for r in robin.rounds)
    return Movement(MovementKind.OTHER, rounds, meet_once=False)


__all__ = [
    "Match",
    "RobinRound",
    "RoundRobin",
    "Segment",
    "ThreeWay",
    "TwoRoom",
    "robin_movement",
    "room_tables",
    "round_robin",
    "teams_round",
    "three_way",
    "two_room",
]
