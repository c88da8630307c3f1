"""Movements for individual events: four players at a table, partners changing every round.

An :class:`IndividualMovement` is data, as a pairs :class:`~.model.Movement` is: rounds of
tables, each seating four players (North, East, South, West: North and South are partners,
East and West) with the boards they play, the players sitting out and the boards on the
relay. :meth:`IndividualMovement.problems` proves it, :meth:`IndividualMovement.balance`
measures it in an individual's terms (how often each two players are partners and
opponents), and :meth:`IndividualMovement.to_json` / :meth:`IndividualMovement.from_json`
store it (``docs/individual-movements.md``).

Generators:

* :func:`whist_individual`: every two players partners exactly once and opponents exactly
  twice (a *whist tournament*), for 4n players on n tables (4n - 1 rounds) and 4n + 1
  players with one sitting out (4n + 1 rounds);
* :func:`rainbow_individual`: the Rainbow (prime number) movement, four lines of players
  moving at different speeds past stationary boards, for 5, 7, 11, 13... tables.

:func:`seatings` lists where each board is played and by whom, so that an individual
event's results (``players`` North, East, South, West) can be checked against the movement
(:func:`seating_of`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.movements.balance import quality_factor
from bridgescore.events.movements.individual_tables import (
    WHIST_BASE_ROUNDS,
    WHIST_GROUPS,
    WHIST_SETS,
    WHIST_TABLE_SETS,
    WHIST_TURNS,
)
from bridgescore.events.movements.model import (
    Movement,
    MovementError,
    MovementKind,
    Round,
    Table,
    board_list,
    board_range,
    check_board,
    check_size,
    check_table_boards,
    check_table_number,
    field_at,
    json_data,
    read_round_items,
    read_table_boards,
    read_table_number,
)
from bridgescore.events.movements.problems import (
    SEVENTY_PERCENT,
    Problem,
    boards_said,
    in_two_places,
    misplaced_boards,
    unequal_sets,
)

SEATS: Final = ("N", "E", "S", "W")
"""The seats of a table in clockwise order: a player's left-hand opponent sits next."""

KIND: Final = "individual"
"""The ``kind`` of the JSON form."""


def _check_player(player: object, where: Message) -> str:
    if not isinstance(player, str) or not player.strip():
        raise MovementError(
            _(
                "{where}: player id must be non-empty text, got {player!r}",
                where=where,
                player=player,
            )
        )
    return player


@dataclass(frozen=True, slots=True)
class IndividualTable:
    """One table in one round: the four players (North and South partners, East and West)
    and the boards they play."""

    table: int
    north: str
    east: str
    south: str
    west: str
    boards: tuple[int, ...]

    def __post_init__(self) -> None:
        check_table_number(self.table)
        for name, player in zip(("north", "east", "south", "west"), self.players, strict=True):
            _check_player(player, field_at(None, self.table, name))
        check_table_boards(self.table, self.boards)

    @property
    def players(self) -> tuple[str, str, str, str]:
        """North, East, South, West: the order of an individual result's ``players``."""
        return (self.north, self.east, self.south, self.west)

    def partner(self, player: str) -> str:
        """The player across the table from ``player``."""
        at = self.players.index(player)
        return self.players[(at + 2) % 4]

    def opponents(self, player: str) -> tuple[str, str]:
        """``player``'s left-hand and right-hand opponents."""
        at = self.players.index(player)
        return (self.players[(at + 1) % 4], self.players[(at + 3) % 4])

    def seat(self, player: str) -> str:
        """``player``'s seat letter: ``N``, ``E``, ``S`` or ``W``."""
        return SEATS[self.players.index(player)]


@dataclass(frozen=True, slots=True)
class IndividualRound:
    """One round: its tables, the players sitting out, the boards on a relay or bye stand."""

    tables: tuple[IndividualTable, ...]
    sit_outs: tuple[str, ...] = ()
    relay: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        for player in self.sit_outs:
            _check_player(player, field_at(None, None, "sit_out"))
        for board in self.relay:
            check_board(board, field_at(None, None, "relay"))


@dataclass(frozen=True, slots=True)
class Meeting:
    """How two players meet over a movement.

    ``partners`` and ``opponents`` count rounds at one table; ``on_left`` the rounds the
    second player is the first's left-hand opponent (``opponents - on_left`` on the right);
    ``same`` and ``opposite`` count boards both play at different tables, in the same
    direction (their scores are compared) or in opposite directions (they gain together).
    """

    partners: int = 0
    opponents: int = 0
    on_left: int = 0
    same: int = 0
    opposite: int = 0


@dataclass(frozen=True, slots=True)
class IndividualBalance:
    """How evenly an individual movement mixes the players (every two players, keyed by
    the ids in order of first appearance).

    A perfect individual has every two players partners at most once and opponents
    equally often (:attr:`perfect`); the best also has each opponent as often on the left
    as on the right (:attr:`sides_even`). ``least``/``most``, ``score`` and ``quality``
    are the pairs figures of :class:`~.balance.Balance` taken player by player: the fewest
    and most boards two players are compared on (same direction, other tables), 1 minus
    the sum of ``|same - opposite|`` over the sum of ``same + opposite``, and the pjms.nl
    Qf where partners on a board count as allies (``-(t - 1)``, ``t`` plays of the board)
    and opponents as opponents (``t - 1``).
    """

    players: tuple[tuple[str, str, Meeting], ...]
    partners_least: int
    partners_most: int
    opponents_least: int
    opponents_most: int
    sides_gap: int
    least: int
    most: int
    score: float
    quality: float

    def get(self, first: str, second: str) -> Meeting:
        """How two players meet, in either order (``on_left`` as seen by ``first``)."""
        for a, b, meeting in self.players:
            if (a, b) == (first, second):
                return meeting
            if (a, b) == (second, first):
                left = meeting.opponents - meeting.on_left
                return Meeting(
                    meeting.partners, meeting.opponents, left, meeting.same, meeting.opposite
                )
        return Meeting()

    @property
    def perfect(self) -> bool:
        """Every two players partners at most once, and opponents equally often."""
        return self.partners_most <= 1 and self.opponents_least == self.opponents_most

    @property
    def sides_even(self) -> bool:
        """Every opponent met as often on one's left as on one's right."""
        return self.sides_gap == 0


@dataclass(frozen=True, slots=True)
class IndividualMovement:
    """A schedule of rounds for an individual event, with its declarations.

    ``shared`` lists boards that may be at two tables in one round (passed between the
    tables during the round); ``factored`` allows sets to be played unequally often;
    ``partner_once`` promises that no two players are partners twice.
    """

    rounds: tuple[IndividualRound, ...]
    shared: frozenset[int] = field(default_factory=frozenset)
    factored: bool = False
    partner_once: bool = True

    def __post_init__(self) -> None:
        for board in self.shared:
            check_board(board, field_at(None, None, "shared"))

    @property
    def players(self) -> tuple[str, ...]:
        """Every player id, in order of first appearance."""
        seen: dict[str, None] = {}
        for rnd in self.rounds:
            for tbl in rnd.tables:
                for player in tbl.players:
                    seen.setdefault(player)
            for player in rnd.sit_outs:
                seen.setdefault(player)
        return tuple(seen)

    @property
    def boards(self) -> tuple[int, ...]:
        """Every board in use (at a table in some round), in order."""
        return tuple(sorted({b for rnd in self.rounds for t in rnd.tables for b in t.boards}))

    @property
    def tables(self) -> tuple[int, ...]:
        """Every table number in use, in order."""
        return tuple(sorted({t.table for rnd in self.rounds for t in rnd.tables}))

    def problems(self) -> list[Problem]:
        """Every violation of the movement's rules at once (empty when it is sound)."""
        return find_problems(self)

    def is_valid(self) -> bool:
        """Whether :meth:`problems` is empty."""
        return not self.problems()

    def balance(self) -> IndividualBalance:
        """How often each two players are partners, opponents and compared."""
        return find_balance(self)

    def partnerships(self) -> Movement:
        """The movement as the pairs event that scores it sees it: each round's
        partnerships (``"1+3"``, North and South) as pairs, as an individual's result rows
        name them (``ns``/``ew``); used for the board passing of the cards."""
        return Movement(
            kind=MovementKind.OTHER,
            rounds=tuple(
                Round(
                    tables=tuple(
                        Table(t.table, f"{t.north}+{t.south}", f"{t.east}+{t.west}", t.boards)
                        for t in rnd.tables
                    ),
                    sit_outs=rnd.sit_outs,
                    relay=rnd.relay,
                )
                for rnd in self.rounds
            ),
            shared=self.shared,
            factored=self.factored,
            meet_once=False,
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form (see ``docs/individual-movements.md``)."""
        rounds: list[list[dict[str, Any]]] = []
        for rnd in self.rounds:
            items: list[dict[str, Any]] = [
                {
                    "table": t.table,
                    "north": t.north,
                    "east": t.east,
                    "south": t.south,
                    "west": t.west,
                    "boards": list(t.boards),
                }
                for t in rnd.tables
            ]
            items.extend({"sit_out": player} for player in rnd.sit_outs)
            if rnd.relay:
                items.append({"relay": list(rnd.relay)})
            rounds.append(items)
        return {
            "kind": KIND,
            "shared": sorted(self.shared),
            "factored": self.factored,
            "partner_once": self.partner_once,
            "rounds": rounds,
        }

    def to_json(self) -> str:
        """The movement as JSON text; :meth:`from_json` reads it back to an equal value."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> IndividualMovement:
        """Read the JSON form; bad input raises :class:`MovementError` naming round/table/field."""
        return cls.from_dict(json_data(text))

    @classmethod
    def from_dict(cls, data: object) -> IndividualMovement:
        """Read the JSON-ready form (what :meth:`to_dict` gives)."""
        if not isinstance(data, Mapping):
            raise MovementError(
                _("an individual movement must be a JSON object, got {data!r}", data=data)
            )
        kind = data.get("kind", KIND)
        if kind != KIND:
            raise MovementError(_("field 'kind': expected 'individual', got {kind!r}", kind=kind))
        rounds_data = data.get("rounds")
        if not isinstance(rounds_data, list):
            raise MovementError(
                _("field 'rounds': expected a list of rounds, got {rounds!r}", rounds=rounds_data)
            )
        rounds = tuple(_read_round(i, items) for i, items in enumerate(rounds_data, start=1))
        factored = data.get("factored", False)
        partner_once = data.get("partner_once", True)
        for name, flag in (("factored", factored), ("partner_once", partner_once)):
            if not isinstance(flag, bool):
                raise MovementError(
                    _("field {name!r}: expected true or false, got {flag!r}", name=name, flag=flag)
                )
        return cls(
            rounds=rounds,
            shared=frozenset(board_list(data.get("shared", []), field_at(None, None, "shared"))),
            factored=factored,
            partner_once=partner_once,
        )


def _read_round(number: int, items: object) -> IndividualRound:
    tables, sit_outs, relay = read_round_items(number, items, _read_table, _check_player)
    return IndividualRound(tables=tables, sit_outs=sit_outs, relay=relay)


def _read_table(number: int, item: Mapping[str, object]) -> IndividualTable:
    table = read_table_number(number, item)
    north, east, south, west = (
        _check_player(item.get(name), field_at(number, table, name))
        for name in ("north", "east", "south", "west")
    )
    return IndividualTable(table, north, east, south, west, read_table_boards(number, table, item))


def _seat_at(seat: str, table: int) -> Message:
    return {
        "N": _("North at table {table}", table=table),
        "E": _("East at table {table}", table=table),
        "S": _("South at table {table}", table=table),
        "W": _("West at table {table}", table=table),
    }[seat]


def find_problems(movement: IndividualMovement) -> list[Problem]:
    """Every broken rule of ``movement``, in round order, then rule order: a player in two
    places in a round, a table listed twice, a board at two tables (unless shared) or on
    the relay and at a table, a player playing a board twice, two players partners twice
    (when ``partner_once``), sets played unequally often (unless ``factored``), and a
    player scheduled for under 70 % of the boards in use (the EBU's rule)."""
    found: list[Problem] = []
    played_where: dict[tuple[str, int], tuple[int, int]] = {}
    partnered: dict[frozenset[str], tuple[int, int]] = {}
    plays: dict[int, int] = defaultdict(int)
    player_boards: dict[str, set[int]] = defaultdict(set)
    for number, rnd in enumerate(movement.rounds, start=1):
        places: dict[str, list[tuple[Message, int | None]]] = defaultdict(list)
        board_tables: dict[int, list[int]] = defaultdict(list)
        seen_tables: set[int] = set()
        for tbl in rnd.tables:
            if tbl.table in seen_tables:
                found.append(
                    Problem(
                        "table-twice",
                        _("table {table} is listed twice", table=tbl.table),
                        number,
                        tbl.table,
                    )
                )
            seen_tables.add(tbl.table)
            for seat, player in zip(SEATS, tbl.players, strict=True):
                places[player].append((_seat_at(seat, tbl.table), tbl.table))
            for board in tbl.boards:
                if tbl.table not in board_tables[board]:
                    board_tables[board].append(tbl.table)
        for player in rnd.sit_outs:
            places[player].append((_("sitting out"), None))
        for player, where in places.items():
            if len(where) > 1:
                labels, table = in_two_places(where)
                found.append(
                    Problem(
                        "player-twice",
                        _(
                            "player {player} is in two places: {places}",
                            player=player,
                            places=labels,
                        ),
                        number,
                        table,
                    )
                )
        found.extend(misplaced_boards(number, board_tables, rnd.relay, movement.shared))
        for tbl in rnd.tables:
            for board in tbl.boards:
                plays[board] += 1
            for player in tbl.players:
                player_boards[player].update(tbl.boards)
                repeats = [b for b in tbl.boards if (player, b) in played_where]
                if repeats:
                    first_round, first_table = played_where[(player, repeats[0])]
                    found.append(
                        Problem(
                            "board-twice",
                            _(
                                "player {player} plays {boards} again"
                                " (first in round {round} at table {table})",
                                player=player,
                                boards=boards_said(repeats),
                                round=first_round,
                                table=first_table,
                            ),
                            number,
                            tbl.table,
                        )
                    )
                for board in tbl.boards:
                    played_where.setdefault((player, board), (number, tbl.table))
            for first, second in ((tbl.north, tbl.south), (tbl.east, tbl.west)):
                key = frozenset((first, second))
                if key in partnered and movement.partner_once and first != second:
                    first_round, first_table = partnered[key]
                    found.append(
                        Problem(
                            "partners-twice",
                            _(
                                "players {first} and {second} are partners again"
                                " (first in round {round} at table {table})",
                                first=first,
                                second=second,
                                round=first_round,
                                table=first_table,
                            ),
                            number,
                            tbl.table,
                        )
                    )
                partnered.setdefault(key, (number, tbl.table))
    found.extend(unequal_sets(plays, factored=movement.factored))
    in_use = len(plays)
    least, out_of = SEVENTY_PERCENT
    for player in movement.players:
        scheduled = len(player_boards[player])
        if scheduled * out_of < in_use * least:
            found.append(
                Problem(
                    "under-70-percent",
                    _(
                        "player {player} is scheduled for {scheduled} of the {in_use} boards"
                        " in use, fewer than 70 %",
                        player=player,
                        scheduled=scheduled,
                        in_use=in_use,
                    ),
                )
            )
    return found


def find_balance(movement: IndividualMovement) -> IndividualBalance:
    """Count, for every two players, the rounds they are partners and opponents (and on
    which side), and the boards they play in the same and opposite directions elsewhere."""
    players = movement.players
    index = {p: i for i, p in enumerate(players)}
    count = len(players)
    partners = [[0] * count for _ in range(count)]
    opponents = [[0] * count for _ in range(count)]
    on_left = [[0] * count for _ in range(count)]
    same = [[0] * count for _ in range(count)]
    opposite = [[0] * count for _ in range(count)]
    competition = [[0] * count for _ in range(count)]
    plays: dict[int, int] = defaultdict(int)
    # board -> (player index, direction 0 NS / 1 EW, round, table), first play only
    on_board: dict[int, list[tuple[int, int, int, int]]] = defaultdict(list)
    played: set[tuple[int, int]] = set()
    for number, rnd in enumerate(movement.rounds, start=1):
        for tbl in rnd.tables:
            seated = [index[p] for p in tbl.players]
            for at, i in enumerate(seated):
                partners[i][seated[(at + 2) % 4]] += 1
                left = seated[(at + 1) % 4]
                on_left[i][left] += 1
                opponents[i][left] += 1
                opponents[i][seated[(at + 3) % 4]] += 1
            for board in tbl.boards:
                plays[board] += 1
                for at, i in enumerate(seated):
                    if (i, board) not in played:
                        played.add((i, board))
                        on_board[board].append((i, at % 2, number, tbl.table))
    for board, seats in on_board.items():
        t = plays[board]
        for at, (i, direction, number, table) in enumerate(seats):
            for j, other_direction, other_number, other_table in seats[at + 1 :]:
                a, b = min(i, j), max(i, j)
                if number == other_number and table == other_table:
                    competition[a][b] += (t - 1) if direction != other_direction else -(t - 1)
                elif direction == other_direction:
                    same[a][b] += 1
                    competition[a][b] += 1
                else:
                    opposite[a][b] += 1
                    competition[a][b] -= 1
    rows: list[tuple[str, str, Meeting]] = []
    scores: list[int] = []
    gap = total = 0
    for i in range(count):
        for j in range(i + 1, count):
            meeting = Meeting(
                partners[i][j], opponents[i][j], on_left[i][j], same[i][j], opposite[i][j]
            )
            rows.append((players[i], players[j], meeting))
            scores.append(competition[i][j])
            gap += abs(meeting.same - meeting.opposite)
            total += meeting.same + meeting.opposite
    met = [m for _a, _b, m in rows]
    return IndividualBalance(
        players=tuple(rows),
        partners_least=min((m.partners for m in met), default=0),
        partners_most=max((m.partners for m in met), default=0),
        opponents_least=min((m.opponents for m in met), default=0),
        opponents_most=max((m.opponents for m in met), default=0),
        sides_gap=max((abs(2 * m.on_left - m.opponents) for m in met), default=0),
        least=min((m.same for m in met), default=0),
        most=max((m.same for m in met), default=0),
        score=1.0 - gap / total if total else 1.0,
        quality=quality_factor(scores),
    )


@dataclass(frozen=True, slots=True)
class IndividualSeating:
    """Where an individual movement has a board played: round, table, the four players
    (North, East, South, West, as a result row's ``players`` lists them)."""

    round: int
    table: int
    players: tuple[str, str, str, str]
    board: int

    def __str__(self) -> str:
        north, east, south, west = self.players
        return (
            f"round {self.round}, table {self.table}: {north}+{south} v {east}+{west},"
            f" board {self.board}"
        )


def seatings(movement: IndividualMovement) -> tuple[IndividualSeating, ...]:
    """Every board the movement schedules, where and by whom, in round and table order."""
    return tuple(
        IndividualSeating(number, tbl.table, tbl.players, board)
        for number, rnd in enumerate(movement.rounds, start=1)
        for tbl in rnd.tables
        for board in tbl.boards
    )


def seating_of(
    movement: IndividualMovement, players: Sequence[str], board: int
) -> IndividualSeating | None:
    """Where the movement seats ``players`` (North, East, South, West) on ``board``, or
    ``None`` when it does not: a result row that does not fit its movement."""
    return _seating_index(movement).get((board, tuple(str(p) for p in players)))


def _seating_index(
    movement: IndividualMovement,
) -> dict[tuple[int, tuple[str, ...]], IndividualSeating]:
    return {(s.board, s.players): s for s in seatings(movement)}


def misfits(
    movement: IndividualMovement, rows: Iterable[tuple[Sequence[str], int]]
) -> list[tuple[int, Message]]:
    """The result rows (``players`` North, East, South, West, and the board) that the
    movement does not seat so, each with its position (0-based) and why."""
    index = _seating_index(movement)
    found: list[tuple[int, Message]] = []
    for at, (players, board) in enumerate(rows):
        if (board, tuple(str(p) for p in players)) not in index:
            found.append(
                (
                    at,
                    _(
                        "board {board}: the movement does not seat {players}"
                        " (North, East, South, West)",
                        board=board,
                        players=", ".join(map(str, players)),
                    ),
                )
            )
    return found


# ---- generators -------------------------------------------------------------------------


WHIST_SIZES: Final = tuple(sorted(WHIST_BASE_ROUNDS))
"""The numbers of players :func:`whist_individual` seats."""


def _player_ids(count: int) -> list[str]:
    return [str(n) for n in range(1, count + 1)]


def whist_individual(players: int, boards_per_round: int = 2) -> IndividualMovement:
    """Every two players partners exactly once and opponents exactly twice.

    For ``4n`` players: ``n`` tables and ``4n - 1`` rounds; for ``4n + 1``: ``n`` tables,
    ``4n + 1`` rounds, player ``r`` sitting out round ``r``. Built from a stored base round
    developed round a circle (a cyclic *whist tournament*, ``individual_tables.py``);
    ``players`` must be one of :data:`WHIST_SIZES`.
    """
    check_size("boards_per_round", boards_per_round, 1)
    return _whist(check_size("players", players, 4), boards_per_round)


@cache
def _whist(players: int, boards_per_round: int) -> IndividualMovement:
    base = WHIST_BASE_ROUNDS.get(players)
    if base is None:
        raise MovementError(
            _(
                "players: a whist individual is stored for {sizes} players, got {players}",
                sizes=", ".join(map(str, WHIST_SIZES)),
                players=players,
            )
        )
    odd = players % 4 == 1
    circle = players if odd else players - 1
    cycles = WHIST_GROUPS.get(players, (circle,))
    ids = _player_ids(players)
    first_sets = WHIST_SETS.get(players)
    table_sets = WHIST_TABLE_SETS.get(players)
    turns = WHIST_TURNS.get(players, frozenset())

    def who(x: int, r: int) -> str:
        # the circle's points 0..circle-1 are players 1..circle; infinity (x = circle) stays
        return ids[x if x == circle else _add(x, r, cycles)]

    rounds: list[IndividualRound] = []
    shared: set[int] = set()
    for r in range(circle):
        tables = []
        for j, (north, east, south, west) in enumerate(base):
            if table_sets is not None:
                boards = board_range(table_sets[r][j], boards_per_round)
            elif first_sets is None:
                # one set a round, at every table (passed round, or duplicated)
                boards = board_range(r, boards_per_round)
                if len(base) > 1:
                    shared.update(boards)
            else:
                boards = board_range((first_sets[j] + r) % circle, boards_per_round)
            if (r, j) in turns:  # everyone one seat clockwise
                north, east, south, west = west, north, east, south
            tables.append(
                IndividualTable(
                    j + 1, who(north, r), who(east, r), who(south, r), who(west, r), boards
                )
            )
        sit_outs = (ids[r],) if odd else ()
        rounds.append(IndividualRound(tuple(tables), sit_outs))
    return IndividualMovement(tuple(rounds), shared=frozenset(shared))


def _add(x: int, r: int, cycles: tuple[int, ...]) -> int:
    """``x + r`` on the circle made of ``cycles`` (points in mixed radix, digit by digit)."""
    total, scale = 0, 1
    for length in reversed(cycles):
        total += ((x // scale + r // scale) % length) * scale
        scale *= length
    return total


def rainbow_individual(
    tables: int, boards_per_round: int = 2, *, rotate: bool = False
) -> IndividualMovement:
    """The Rainbow (prime number) individual: ``4 x tables`` players in four lines, North
    moving up one table each round, East down one, South up two, West down two, past
    boards that stay at their tables, for as many rounds as tables.

    Every two players of different lines meet exactly once (North-South and East-West as
    partners, the others as opponents); two players of one line never meet. With
    ``rotate`` (``boards_per_round`` a multiple of 3) North stays in the seat while the
    other three move round one seat clockwise after each third of the round, so that the
    four players of a table are each other's partners once and opponents twice; each third
    is a round of the movement (3 x tables rounds).

    Needs a number of tables from 5 that 2 and 3 do not divide (5, 7, 11, 13, 17, 19,
    23, 25...). Players are numbered by line: North ``1..T``, East ``T+1..2T``, South,
    then West.
    """
    check_size("tables", tables, 5)
    check_size("boards_per_round", boards_per_round, 1)
    if tables % 2 == 0 or tables % 3 == 0:
        raise MovementError(
            _(
                "tables: a Rainbow individual needs a number of tables that 2 and 3 do not"
                " divide (5, 7, 11, 13...), got {tables}",
                tables=tables,
            )
        )
    if rotate and boards_per_round % 3:
        raise MovementError(
            _(
                "boards_per_round: a rotating Rainbow plays a third of the round in each"
                " partnership, so needs a multiple of 3, got {boards}",
                boards=boards_per_round,
            )
        )
    return _rainbow(tables, boards_per_round, rotate)


@cache
def _rainbow(tables: int, boards_per_round: int, rotate: bool) -> IndividualMovement:
    ids = _player_ids(4 * tables)
    rounds = []
    parts = 3 if rotate else 1
    part = boards_per_round // parts
    for r in range(tables):
        seated = [
            (
                ids[(t - r) % tables],
                ids[tables + (t + r) % tables],
                ids[2 * tables + (t - 2 * r) % tables],
                ids[3 * tables + (t + 2 * r) % tables],
            )
            for t in range(tables)
        ]
        for k in range(parts):
            rounds.append(
                IndividualRound(
                    tuple(
                        IndividualTable(
                            t + 1,
                            *_rotated(players, k),
                            board_range(t * parts + k, part),
                        )
                        for t, players in enumerate(seated)
                    )
                )
            )
    return IndividualMovement(tuple(rounds))


def _rotated(players: tuple[str, str, str, str], times: int) -> tuple[str, str, str, str]:
    """The table after East, South and West have each moved ``times`` seats clockwise
    round a North who stays (the third part of a rotating Rainbow's round)."""
    north, *others = players
    shift = times % 3
    moved = others[-shift:] + others[:-shift] if shift else others
    east, south, west = moved
    return (north, east, south, west)


__all__ = [
    "SEATS",
    "WHIST_SIZES",
    "IndividualBalance",
    "IndividualMovement",
    "IndividualRound",
    "IndividualSeating",
    "IndividualTable",
    "Meeting",
    "find_balance",
    "find_problems",
    "misfits",
    "rainbow_individual",
    "seating_of",
    "seatings",
    "whist_individual",
]
