"""The movement as a value: rounds x tables -> NS pair, EW pair, boards.

A movement is data. Generators (:mod:`.mitchell`, :mod:`.howell`) build one,
:meth:`Movement.problems` proves it, and :meth:`Movement.to_json` /
:meth:`Movement.from_json` store it in the JSON form described in
``docs/movements.md``. Round numbers are 1-based everywhere.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, TypeVar

from bridgescore.core.notation import ENGLISH, Notation
from bridgescore.errors import BridgeInputError, Message
from bridgescore.errors import marked as _
from bridgescore.events.movements.balance import Balance, find_balance
from bridgescore.events.movements.problems import OWN, Labels, Problem, find_problems
from bridgescore.events.vocabulary import Field

T = TypeVar("T")
"""A table of a movement's JSON form as its reader builds it (pairs' or players')."""


MOST_TABLES_IN_A_FIELD: Final = 300
"""Tables of one field (a regional congress: 300 tables in sections of up to 60, the most
of one movement): a table numbered beyond it is refused on reading a movement's JSON form,
of one field or of sections (:mod:`~bridgescore.events.movements.sections`, which checks
the field's sections against it before any table is numbered)."""


class MovementError(BridgeInputError):
    """A movement that cannot be built or read: says where (round, table, field)."""


def json_data(text: str) -> object:
    """JSON text read, or a :class:`MovementError` saying it is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise MovementError(_("not JSON: {error}", error=exc)) from None


class MovementKind(StrEnum):
    """What a movement promises about who meets whom."""

    MITCHELL = "mitchell"
    HOWELL = "howell"
    OTHER = "other"

    def __repr__(self) -> str:
        return f"MovementKind.{self.name}"

    @classmethod
    def parse(cls, text: str) -> MovementKind:
        """Read a kind by its exact name (any case); an unknown one lists the accepted names."""
        try:
            return cls(text.strip().lower())
        except ValueError:
            accepted = ", ".join(k.value for k in cls)
            raise MovementError(
                _(
                    "unknown movement kind {text!r}: use one of {accepted}",
                    text=text,
                    accepted=accepted,
                )
            ) from None


def field_at(round_no: int | None, table: int | None, name: str) -> Message:
    """Where a field of a movement's JSON form is: ``round 2, table 3, field 'ns'``."""
    if round_no is not None and table is not None:
        return _(
            "round {round}, table {table}, field {name!r}", round=round_no, table=table, name=name
        )
    if round_no is not None:
        return _("round {round}, field {name!r}", round=round_no, name=name)
    if table is not None:
        return _("table {table}, field {name!r}", table=table, name=name)
    return _("field {name!r}", name=name)


def check_board(board: object, where: Message) -> int:
    """``board`` if it is a board number (a whole number from 1), else the error at ``where``."""
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise MovementError(
            _(
                "{where}: board number must be a whole number from 1, got {board!r}",
                where=where,
                board=board,
            )
        )
    return board


def _check_pair(pair: object, where: Message) -> str:
    if not isinstance(pair, str) or not pair.strip():
        raise MovementError(
            _("{where}: pair id must be non-empty text, got {pair!r}", where=where, pair=pair)
        )
    return pair


def check_table_number(table: object) -> None:
    """Refuse a table number that is not a whole number from 1."""
    if isinstance(table, bool) or not isinstance(table, int) or table < 1:
        raise MovementError(
            _("table number must be a whole number from 1, got {table!r}", table=table)
        )


def check_table_boards(table: int, boards: object) -> None:
    """Refuse a table's boards unless they are a non-empty tuple of board numbers."""
    if not isinstance(boards, tuple) or not boards:
        raise MovementError(
            _(
                "{where}: expected a non-empty tuple of boards, got {boards!r}",
                where=field_at(None, table, "boards"),
                boards=boards,
            )
        )
    for board in boards:
        check_board(board, field_at(None, table, "boards"))


@dataclass(frozen=True, slots=True)
class Table:
    """One table in one round: who sits NS and EW, and which boards they play."""

    table: int
    ns: str
    ew: str
    boards: tuple[int, ...]

    def __post_init__(self) -> None:
        check_table_number(self.table)
        _check_pair(self.ns, field_at(None, self.table, "ns"))
        _check_pair(self.ew, field_at(None, self.table, "ew"))
        check_table_boards(self.table, self.boards)


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its tables, the pairs sitting out, the boards on a relay or bye stand."""

    tables: tuple[Table, ...]
    sit_outs: tuple[str, ...] = ()
    relay: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        for pair in self.sit_outs:
            _check_pair(pair, field_at(None, None, "sit_out"))
        for board in self.relay:
            check_board(board, field_at(None, None, "relay"))


@dataclass(frozen=True, slots=True)
class Movement:
    """A schedule of rounds with its declarations.

    ``shared`` lists boards that may be at two tables in one round (a shared
    set); ``factored`` allows sets to be played unequally often (scores will be
    factored); ``revenge_rounds`` are 1-based rounds in which a repeat meeting is
    declared; ``meet_once`` promises that no two pairs meet twice otherwise.
    """

    kind: MovementKind
    rounds: tuple[Round, ...]
    shared: frozenset[int] = field(default_factory=frozenset)
    factored: bool = False
    revenge_rounds: frozenset[int] = field(default_factory=frozenset)
    meet_once: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.kind, MovementKind):
            raise MovementError(_("kind must be a MovementKind, got {kind!r}", kind=self.kind))
        for board in self.shared:
            check_board(board, field_at(None, None, "shared"))
        for number in self.revenge_rounds:
            if not 1 <= number <= len(self.rounds):
                raise MovementError(
                    _(
                        "field 'revenge_rounds': round {number!r} is not in 1-{rounds}",
                        number=number,
                        rounds=len(self.rounds),
                    )
                )

    @property
    def pairs(self) -> tuple[str, ...]:
        """Every pair id, in order of first appearance."""
        seen: dict[str, None] = {}
        for rnd in self.rounds:
            for tbl in rnd.tables:
                seen.setdefault(tbl.ns)
                seen.setdefault(tbl.ew)
            for pair in rnd.sit_outs:
                seen.setdefault(pair)
        return tuple(seen)

    @property
    def field_kind(self) -> Field:
        """How its pairs are ranked, from their seats over the whole movement: in one field
        (:attr:`Field.ONE`) when some pair sits both ways (a Howell, an arrow-switched
        Mitchell) or it is a Howell whose rounds so far keep each pair on its line (the
        first round of one, as a file stopped after it shows), else North-South and
        East-West apart (:attr:`Field.DIRECTIONS`, a Mitchell)."""
        ns = {t.ns for rnd in self.rounds for t in rnd.tables}
        ew = {t.ew for rnd in self.rounds for t in rnd.tables}
        both = bool(ns & ew) or self.kind is MovementKind.HOWELL
        return Field.ONE if both else Field.DIRECTIONS

    def pair_typed(self, text: str, notation: Notation = ENGLISH) -> str | None:
        """The pair a director's typed id names, in any case (``a1ns`` is ``A1NS``, ``b4``
        is ``B4``) and its direction as ``notation`` writes it too (Finnish ``a1il`` is
        ``A1EW``: :meth:`Notation.find_pair`); ``None`` when it names none."""
        return notation.find_pair(text, self.pairs)

    @property
    def boards(self) -> tuple[int, ...]:
        """Every board in use (at a table in some round), in order."""
        return tuple(sorted({b for rnd in self.rounds for t in rnd.tables for b in t.boards}))

    def problems(self, *, played: bool = False, labels: Labels = OWN) -> list[Problem]:
        """Every violation of the movement's rules at once (empty when it is sound);
        ``played``: the movement is the one results already played show (a pair that
        left plays fewer boards), so the rules for planning one do not apply
        (:data:`~.problems.PLANNING_ONLY`: the 70 % rule); ``labels``: how they name its
        pairs and tables (a section's as its field does: :attr:`.Section.labels`)."""
        return find_problems(self, played=played, labels=labels)

    def is_valid(self) -> bool:
        """Whether :meth:`problems` is empty."""
        return not self.problems()

    def balance(self) -> Balance:
        """How evenly each two pairs are compared; see :class:`Balance`."""
        return find_balance(self)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form (see ``docs/movements.md``)."""
        rounds: list[list[dict[str, Any]]] = []
        for rnd in self.rounds:
            items: list[dict[str, Any]] = [
                {"table": t.table, "ns": t.ns, "ew": t.ew, "boards": list(t.boards)}
                for t in rnd.tables
            ]
            items.extend({"sit_out": pair} for pair in rnd.sit_outs)
            if rnd.relay:
                items.append({"relay": list(rnd.relay)})
            rounds.append(items)
        return {
            "kind": self.kind.value,
            "shared": sorted(self.shared),
            "factored": self.factored,
            "revenge_rounds": sorted(self.revenge_rounds),
            "meet_once": self.meet_once,
            "rounds": rounds,
        }

    def to_json(self) -> str:
        """The movement as JSON text; :meth:`from_json` reads it back to an equal value."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Movement:
        """Read the JSON form; bad input raises :class:`MovementError` naming round/table/field."""
        return cls.from_dict(json_data(text))

    @classmethod
    def from_dict(cls, data: object) -> Movement:
        """Read the JSON-ready form (what :meth:`to_dict` gives)."""
        if not isinstance(data, Mapping):
            raise MovementError(_("a movement must be a JSON object, got {data!r}", data=data))
        kind_text = data.get("kind")
        if not isinstance(kind_text, str):
            raise MovementError(_("field 'kind': expected text, got {kind!r}", kind=kind_text))
        rounds_data = data.get("rounds")
        if not isinstance(rounds_data, list):
            raise MovementError(
                _("field 'rounds': expected a list of rounds, got {rounds!r}", rounds=rounds_data)
            )
        rounds = tuple(_read_round(i, items) for i, items in enumerate(rounds_data, start=1))
        factored = data.get("factored", False)
        meet_once = data.get("meet_once", True)
        for name, flag in (("factored", factored), ("meet_once", meet_once)):
            if not isinstance(flag, bool):
                raise MovementError(
                    _("field {name!r}: expected true or false, got {flag!r}", name=name, flag=flag)
                )
        return cls(
            kind=MovementKind.parse(kind_text),
            rounds=rounds,
            shared=frozenset(board_list(data.get("shared", []), field_at(None, None, "shared"))),
            factored=factored,
            revenge_rounds=frozenset(
                board_list(data.get("revenge_rounds", []), field_at(None, None, "revenge_rounds"))
            ),
            meet_once=meet_once,
        )


def board_list(value: object, where: Message) -> list[int]:
    """A JSON list of board numbers, each checked."""
    if not isinstance(value, list):
        raise MovementError(
            _("{where}: expected a list of numbers, got {value!r}", where=where, value=value)
        )
    return [check_board(v, where) for v in value]


def read_round_items(
    number: int,
    items: object,
    read_table: Callable[[int, Mapping[str, object]], T],
    check_sitter: Callable[[object, Message], str],
) -> tuple[tuple[T, ...], tuple[str, ...], tuple[int, ...]]:
    """Round ``number`` of a movement's JSON form: its tables (each read by
    ``read_table``), who sits out (each checked by ``check_sitter``) and its relay."""
    if not isinstance(items, list):
        raise MovementError(
            _(
                "round {number}: expected a list of tables, got {items!r}",
                number=number,
                items=items,
            )
        )
    tables: list[T] = []
    sit_outs: list[str] = []
    relay: list[int] = []
    for item in items:
        if not isinstance(item, Mapping):
            raise MovementError(
                _("round {number}: expected an object, got {item!r}", number=number, item=item)
            )
        if "sit_out" in item:
            sit_outs.append(check_sitter(item["sit_out"], field_at(number, None, "sit_out")))
        elif "relay" in item:
            relay.extend(board_list(item["relay"], field_at(number, None, "relay")))
        else:
            tables.append(read_table(number, item))
    return tuple(tables), tuple(sit_outs), tuple(relay)


def read_table_number(number: int, item: Mapping[str, object]) -> int:
    """The ``table`` of a table in round ``number`` of a movement's JSON form."""
    table = item.get("table")
    if isinstance(table, bool) or not isinstance(table, int) or table < 1:
        raise MovementError(
            _(
                "{where}: expected a table number from 1, got {table!r}",
                where=field_at(number, None, "table"),
                table=table,
            )
        )
    if table > MOST_TABLES_IN_A_FIELD:  # before a table of it is built
        raise MovementError(
            _(
                "{where}: table {table} is beyond the {most} tables a field may have",
                where=field_at(number, None, "table"),
                table=table,
                most=MOST_TABLES_IN_A_FIELD,
            )
        )
    return table


def read_table_boards(number: int, table: int, item: Mapping[str, object]) -> tuple[int, ...]:
    """The ``boards`` of ``table`` in round ``number`` of a movement's JSON form."""
    boards = item.get("boards")
    where = field_at(number, table, "boards")
    if not isinstance(boards, list) or not boards:
        raise MovementError(
            _(
                "{where}: expected a non-empty list of board numbers, got {boards!r}",
                where=where,
                boards=boards,
            )
        )
    return tuple(check_board(b, where) for b in boards)


def _read_round(number: int, items: object) -> Round:
    tables, sit_outs, relay = read_round_items(number, items, _read_table, _check_pair)
    return Round(tables=tables, sit_outs=sit_outs, relay=relay)


def _read_table(number: int, item: Mapping[str, object]) -> Table:
    table = read_table_number(number, item)
    ns = _check_pair(item.get("ns"), field_at(number, table, "ns"))
    ew = _check_pair(item.get("ew"), field_at(number, table, "ew"))
    return Table(table=table, ns=ns, ew=ew, boards=read_table_boards(number, table, item))


def board_range(first_set: int, boards_per_round: int) -> tuple[int, ...]:
    """The board numbers of set ``first_set`` (0-based) with ``boards_per_round`` boards."""
    start = first_set * boards_per_round + 1
    return tuple(range(start, start + boards_per_round))


def check_size(name: str, value: object, least: int) -> int:
    """A generator's whole-number argument, at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise MovementError(
            _(
                "{name} must be a whole number from {least}, got {value!r}",
                name=name,
                least=least,
                value=value,
            )
        )
    return value


__all__ = ["Movement", "MovementError", "MovementKind", "Round", "Table"]
