"""The rows every movement format becomes (a table in a round, a pair sitting out), the
movement built from them with the reader's own checks, and pair ids written back as the
numbers a file holds."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.movements import Movement, MovementError, MovementKind, Round, Table
from bridgescore.io.movement_files._errors import MovementFileError


@dataclass(frozen=True, slots=True)
class Seat:
    """One table in one round as the file numbers it; ``line`` and field names for errors."""

    line: int | None
    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]
    ns_field: str
    ew_field: str


@dataclass(frozen=True, slots=True)
class SitOut:
    """A pair sitting out a round; ``direction``: the column it came from (``NS`` or ``EW``)."""

    line: int | None
    round: int
    pair: int
    direction: str
    field: str


def places(
    seats: Iterable[Seat], sit_outs: Iterable[SitOut], two_lines: bool
) -> dict[tuple[int, str], list[tuple[int, str, int | None, Message]]]:
    """Where each pair key sits in each round: (round, key) -> [(table or 0, field, line, ...)]."""
    found: dict[tuple[int, str], list[tuple[int, str, int | None, Message]]] = defaultdict(list)
    for s in seats:
        for number, line_of, name in ((s.ns, "NS", s.ns_field), (s.ew, "EW", s.ew_field)):
            key = f"{number}{line_of}" if two_lines else str(number)
            at = _("at table {table}", table=s.table)
            found[(s.round, key)].append((s.table, name, s.line, at))
    for o in sit_outs:
        key = f"{o.pair}{o.direction}" if two_lines else str(o.pair)
        found[(o.round, key)].append((0, o.field, o.line, _("sitting out")))
    return found


def clash(
    places: dict[tuple[int, str], list[tuple[int, str, int | None, Message]]],
) -> tuple[int, str, list[tuple[int, str, int | None, Message]]] | None:
    """The pair in two places whose second place comes first in the file, if any."""
    clashes = [(k, where) for k, where in places.items() if len(where) > 1]
    if not clashes:
        return None
    (number, key), where = min(clashes, key=lambda c: (c[1][1][2] or 0, c[0][0]))
    return number, key, where


def _pair_namer(
    seats: list[Seat], sit_outs: list[SitOut], two_lines: bool
) -> tuple[Callable[[int, str], str], bool]:
    """How the file's numbers become pair ids, and whether every pair keeps one line.

    A Bridgemate section is taken as numbering NS and EW apart when a number sits NS
    and EW at one table, or sits twice in a round with one numbering but not with two.

    Two separate numberings (a Bridgemate section with two winners) give ``3NS``/``3EW``.
    One numbering where every pair keeps its line and every EW number is above every NS
    number gives ``1NS``... and ``1EW``... counted from the lowest EW number; otherwise
    the numbers themselves are the ids.
    """
    if two_lines:
        return (lambda number, direction: f"{number}{direction}"), True
    lines: dict[int, set[str]] = defaultdict(set)
    for s in seats:
        lines[s.ns].add("NS")
        lines[s.ew].add("EW")
    keeps_line = all(len(kept) == 1 for kept in lines.values())
    ns_numbers = [n for n, kept in lines.items() if kept == {"NS"}]
    ew_numbers = [n for n, kept in lines.items() if kept == {"EW"}]
    if keeps_line and ns_numbers and ew_numbers and min(ew_numbers) > max(ns_numbers):
        top = max(ns_numbers)
        return (lambda n, _d: f"{n}NS" if n <= top else f"{n - top}EW"), True
    return (lambda number, _direction: str(number)), keeps_line


def build_movement(
    seats: list[Seat],
    sit_outs: list[SitOut],
    *,
    source: str,
    two_lines: bool,
    section: str | None = None,
) -> Movement:
    """The movement of one file or, given its ``section``, of a section; the reader's own
    checks raise located errors."""
    if not seats:
        if section is None:
            raise MovementFileError(_("file has no table with two pairs"), source=source)
        raise MovementFileError(
            _("section {section} has no table with two pairs", section=section), source=source
        )
    first_at: dict[tuple[int, int], Seat] = {}
    for s in seats:
        earlier = first_at.setdefault((s.round, s.table), s)
        if earlier is not s:
            raise MovementFileError(
                _(
                    "round {round}, table {table} is listed twice (first at line {first})",
                    round=s.round,
                    table=s.table,
                    first=earlier.line,
                ),
                source=source,
                line=s.line,
                field="table",
            )
    twice = clash(places(seats, sit_outs, two_lines))
    if twice is not None:
        number, key, where = twice
        first, again = where[0], where[1]
        raise MovementFileError(
            _(
                "pair {pair} is in two places in round {round}: {first} (line {line}) and {again}",
                pair=key,
                round=number,
                first=first[3],
                line=first[2],
                again=again[3],
            ),
            source=source,
            line=again[2],
            field=again[1],
        )
    numbers = sorted({s.round for s in seats} | {o.round for o in sit_outs})
    missing = sorted(set(range(1, numbers[-1] + 1)) - set(numbers))
    if missing:
        raise MovementFileError(
            _no_rounds(section, ", ".join(map(str, missing)), len(missing), numbers[-1]),
            source=source,
        )
    name, keeps_line = _pair_namer(seats, sit_outs, two_lines)
    by_round: dict[int, list[Seat]] = defaultdict(list)
    for s in seats:
        by_round[s.round].append(s)
    out_by_round: dict[int, list[SitOut]] = defaultdict(list)
    for o in sit_outs:
        out_by_round[o.round].append(o)
    rounds: list[Round] = []
    shared: set[int] = set()
    for number in range(1, numbers[-1] + 1):
        here = sorted(by_round[number], key=lambda s: s.table)
        tables = tuple(
            Table(table=s.table, ns=name(s.ns, "NS"), ew=name(s.ew, "EW"), boards=s.boards)
            for s in here
        )
        seen: set[int] = set()
        for s in here:
            shared.update(b for b in s.boards if b in seen)
            seen.update(s.boards)
        outs = tuple(name(o.pair, o.direction) for o in sorted(out_by_round[number], key=_pair))
        rounds.append(Round(tables=tables, sit_outs=outs))
    kind = MovementKind.MITCHELL if keeps_line else MovementKind.HOWELL
    return Movement(kind=kind, rounds=tuple(rounds), shared=frozenset(shared))


def _no_rounds(section: str | None, listed: str, count: int, last: int) -> Message:
    """``file has no table in rounds 2, 3 (its rounds go up to 5)``."""
    if section is None and count == 1:
        return _(
            "file has no table in round {rounds} (its rounds go up to {last})",
            rounds=listed, last=last,
        )  # fmt: skip
    if section is None:
        return _(
            "file has no table in rounds {rounds} (its rounds go up to {last})",
            rounds=listed, last=last,
        )  # fmt: skip
    if count == 1:
        return _(
            "section {section} has no table in round {rounds} (its rounds go up to {last})",
            section=section, rounds=listed, last=last,
        )  # fmt: skip
    return _(
        "section {section} has no table in rounds {rounds} (its rounds go up to {last})",
        section=section, rounds=listed, last=last,
    )  # fmt: skip


def _pair(sit_out: SitOut) -> int:
    return sit_out.pair


_LINE_ID = re.compile(r"([1-9][0-9]*)(NS|EW)")


def pair_numbers(movement: Movement, *, split: bool) -> Callable[[str], tuple[int, str]]:
    """Pair id -> (file number, line). ``split``: NS and EW numbered apart (Bridgemate)."""
    pairs = movement.pairs
    if all(p.isdigit() and int(p) > 0 for p in pairs):
        return lambda p: (int(p), "")
    matches = {p: _LINE_ID.fullmatch(p) for p in pairs}
    odd = [p for p, m in matches.items() if m is None]
    if odd:
        raise MovementError(
            _(
                "pair id {pair!r} cannot be written as a number: use ids 1, 2... or 1NS... 1EW...",
                pair=odd[0],
            )
        )
    top = max((int(m[1]) for m in matches.values() if m and m[2] == "NS"), default=0)

    def number(pair: str) -> tuple[int, str]:
        found = matches[pair]
        assert found is not None
        k = int(found[1])
        return (k if split or found[2] == "NS" else top + k), found[2]

    return number
