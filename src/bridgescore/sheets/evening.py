"""An evening at home: every game the same players played that day, rubbers and Chicagos
together, and where each player stands after them.

A game here is one rubber or one Chicago (four deals): a :class:`RubberSession` holds the
evening's rubbers of one table, a :class:`ChicagoSheet` its Chicagos. A player's result in
a game is their side's lead over the other side (negative when behind), and their evening
is the sum of those over every game they sat in, whatever their seat in each.

>>> from bridgescore.sheets import ChicagoSheet, RubberSession
>>> rubber = RubberSession.from_deals(["3NT S =", "4S N ="])
>>> chicago = ChicagoSheet.from_deals(["1NT E 9", "Pass", "Pass", "Pass"])
>>> day = datetime.date(2026, 12, 3)
>>> night = evening([
...     EveningGame(rubber, {Seat.NORTH: "Nora", Seat.EAST: "Eino", Seat.SOUTH: "Sami",
...                          Seat.WEST: "Wilma"}, day),
...     EveningGame(chicago, {Seat.NORTH: "Sami", Seat.EAST: "Nora", Seat.SOUTH: "Eino",
...                           Seat.WEST: "Wilma"}, day),
... ])
>>> night.games, [(p.name, p.net) for p in night.players]
(2, [('Nora', 1070), ('Eino', -1070), ('Sami', 770), ('Wilma', -770)])
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from bridgescore.core.seats import Seat, Side
from bridgescore.errors import SheetError
from bridgescore.errors import marked as _
from bridgescore.sheets.chicago import ChicagoSheet
from bridgescore.sheets.entries import Tally
from bridgescore.sheets.rubber import RubberSession

Game = RubberSession | ChicagoSheet
"""One table's play of the evening: its rubbers, or its Chicagos."""


@dataclass(frozen=True, slots=True)
class EveningGame:
    """One table's rubbers or Chicagos, who sat where, and the day they were played."""

    sheet: Game
    players: Mapping[Seat, str]
    day: datetime.date

    def __post_init__(self) -> None:
        if not isinstance(self.sheet, RubberSession | ChicagoSheet):
            raise SheetError(
                _("{sheet!r}: give a RubberSession or a ChicagoSheet", sheet=self.sheet)
            )
        names = {Seat.parse(seat) if isinstance(seat, str) else seat: _name(name)
                 for seat, name in self.players.items()}  # fmt: skip
        missing = [seat.letter for seat in Seat if not names.get(seat)]
        if missing:
            raise SheetError(_("players: no name for {seats}", seats=", ".join(missing)))
        object.__setattr__(self, "players", MappingProxyType(names))

    @property
    def parts(self) -> tuple[Tally, ...]:
        """Each rubber's or Chicago's totals: the games this play counts as."""
        if isinstance(self.sheet, RubberSession):
            return tuple(r.totals for r in self.sheet.rubbers if r.deals)
        return tuple(r.totals for r in self.sheet.rounds)

    def side_of(self, name: str) -> Side | None:
        """The side the player sat on (``None``: not at this table)."""
        for seat, held in self.players.items():
            if _key(held) == _key(name):
                return seat.side
        return None


@dataclass(frozen=True, slots=True)
class PlayerEvening:
    """One player's evening: the games they played, and their lead summed over them."""

    name: str
    games: int
    net: int

    def as_dict(self) -> dict[str, object]:
        return {"name": self.name, "games": self.games, "net": self.net}


@dataclass(frozen=True, slots=True)
class Evening:
    """The evening's day, how many games (rubbers and Chicagos) were played, and each
    player's result, in the order they first sat down."""

    day: datetime.date | None
    games: int
    players: tuple[PlayerEvening, ...] = field(default=())

    def player(self, name: str) -> PlayerEvening:
        for found in self.players:
            if _key(found.name) == _key(name):
                return found
        raise SheetError(_("{name!r}: did not play this evening", name=name))

    def as_dict(self) -> dict[str, object]:
        return {
            "day": None if self.day is None else self.day.isoformat(),
            "games": self.games,
            "players": [p.as_dict() for p in self.players],
        }


def evening(games: Iterable[EveningGame]) -> Evening:
    """The evening of the latest day among ``games``: only that day's games count (the
    games of earlier days were other evenings). Each rubber and each Chicago is one game."""
    played = tuple(games)
    if not played:
        return Evening(None, 0)
    day = max(g.day for g in played)
    tonight = [g for g in played if g.day == day]
    names: dict[str, str] = {}
    counts: dict[str, int] = {}
    nets: dict[str, int] = {}
    total = 0
    for game in tonight:
        parts = game.parts
        total += len(parts)
        for seat in Seat:
            name = game.players[seat]
            key = _key(name)
            names.setdefault(key, name)
            counts[key] = counts.get(key, 0) + len(parts)
            side = seat.side
            lead = sum(part[side] - part[side.opponents] for part in parts)
            nets[key] = nets.get(key, 0) + lead
    players = tuple(PlayerEvening(names[k], counts[k], nets[k]) for k in names)
    return Evening(day, total, players)


def _name(name: object) -> str:
    return " ".join(str(name).split())


def _key(name: str) -> str:
    return _name(name).casefold()
