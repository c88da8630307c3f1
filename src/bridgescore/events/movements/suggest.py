"""Which movements fit a field: ``suggest(pairs=17, boards=24)``, best first.

Every candidate is generated and proved (``problems()`` empty) before it is
offered. Best first means: on target (rounds x boards a round within an eighth
of the boards asked for) before off it; then rounds of two or more boards before
one-board rounds (a round change costs time); then the better balance (a
Howell's one-winner comparison beats a Mitchell's two winners); then the closer
to the boards asked for; then fewer rounds.

A field beyond the size limits (:mod:`~bridgescore.events.movements.limits`: more pairs
than two a table at the most tables, more boards than a movement holds) is refused before
any candidate is built, and candidates beyond them are not tried.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from bridgescore.events.movements.limits import (
    MOST_BOARDS,
    MOST_BOARDS_PER_ROUND,
    MOST_PAIRS,
    check_most,
)
from bridgescore.events.movements.model import Movement, MovementError, check_size
from bridgescore.events.movements.spec import KINDS, MovementSpec, OptionValue, spec_of

MINUTES_PER_BOARD: Final = Fraction(15, 2)
"""About 7½ minutes a board, the pace clubs plan by (24 boards in 3 hours)."""

NEAR: Final = Fraction(1, 4)
"""How far from the boards asked for a candidate may be (a quarter either way)."""

CLOSE: Final = Fraction(1, 8)
"""Within an eighth of the boards asked for (3 of 24), a candidate counts as on target
and is ranked by its balance before its closeness."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A movement that fits, with the figures a director chooses by."""

    spec: str
    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    boards_in_play: int
    boards_per_pair: int
    """The fewest boards any pair plays (a pair sitting out misses a round)."""
    sit_outs: int
    balance: float
    minutes: int
    movement: Movement

    def to_dict(self) -> dict[str, object]:
        """The JSON-ready form (``bridgescore movement suggest --json``)."""
        return {
            "spec": self.spec,
            "kind": self.kind,
            "tables": self.tables,
            "rounds": self.rounds,
            "boards_per_round": self.boards_per_round,
            "boards_in_play": self.boards_in_play,
            "boards_per_pair": self.boards_per_pair,
            "sit_outs": self.sit_outs,
            "balance": round(self.balance, 4),
            "minutes": self.minutes,
        }


def _variants(kind: str, pairs: int) -> list[dict[str, OptionValue]]:
    """The option sets worth trying for a kind and a field (each is proved later)."""
    odd = pairs % 2 == 1
    if kind == "mitchell":
        even_tables = (pairs + 1) // 2 % 2 == 0
        base: list[dict[str, OptionValue]] = [{}, {"relay": True}] if even_tables else [{}]
        base += [{**b, "switch": True} for b in base]
        return [{**b, "missing": m} for b in base for m in ("ew", "ns")] if odd else base
    if kind == "howell":
        return [{"pairs": pairs}] if odd else [{}]
    if kind == "appendix":
        return [{}] if odd else []
    return [] if odd else [{}]


def _candidates(pairs: int, boards: int) -> list[MovementSpec]:
    tables = (pairs + 1) // 2
    low, high = boards * (1 - NEAR), boards * (1 + NEAR)
    found: list[MovementSpec] = []
    for kind in KINDS.values():
        takes_rounds = any(o.name == "rounds" for o in kind.options)
        for variant in _variants(kind.name, pairs):
            full = _full_rounds(kind.name, tables, variant)
            if full is None:
                continue
            for per_round in range(1, min(boards, MOST_BOARDS_PER_ROUND) + 1):
                choices = {full}
                wanted = round(boards / per_round)
                if takes_rounds and 1 <= wanted < full:
                    choices.add(wanted)
                for rounds in sorted(choices):
                    if not low <= rounds * per_round <= high:
                        continue
                    options = dict(variant)
                    if rounds != full:
                        options["rounds"] = rounds
                    spec = spec_of(kind.name, tables, per_round, **options)
                    try:
                        spec.check_limits()
                    except MovementError:
                        continue
                    found.append(spec)
    return found


def _full_rounds(kind: str, tables: int, options: dict[str, OptionValue]) -> int | None:
    """The rounds a kind plays in full at ``tables`` tables (``None`` if it cannot)."""
    try:
        movement = KINDS[kind].build(tables, 1, options)
    except MovementError:
        return None
    return len(movement.rounds)


def suggest(pairs: int, boards: int) -> list[Suggestion]:
    """The sound movements for ``pairs`` pairs playing about ``boards`` boards, best first;
    at most :data:`~.limits.MOST_PAIRS` pairs and :data:`~.limits.MOST_BOARDS` boards (a
    :class:`~.limits.MovementTooLargeError` beyond them, before any work)."""
    check_size("pairs", pairs, 3)
    check_size("boards", boards, 1)
    check_most("pairs", pairs, MOST_PAIRS)
    check_most("boards", boards, MOST_BOARDS)
    seen: set[str] = set()
    built: set[Movement] = set()
    found: list[Suggestion] = []
    for spec in _candidates(pairs, boards):
        text = str(spec)
        if text in seen:
            continue
        seen.add(text)
        try:
            movement = spec.build()
        except MovementError:
            continue
        if movement in built or len(movement.pairs) != pairs or movement.problems():
            continue
        built.add(movement)
        found.append(_suggestion(text, spec, movement))
    close = Fraction(boards) * CLOSE

    def order(s: Suggestion) -> tuple[bool, bool, float, int, int, str]:
        off = abs(s.rounds * s.boards_per_round - boards)
        return (off > close, s.boards_per_round < 2, -round(s.balance, 3), off, s.rounds, s.spec)

    found.sort(key=order)
    return found


def _suggestion(text: str, spec: MovementSpec, movement: Movement) -> Suggestion:
    played: dict[str, int] = {}
    for rnd in movement.rounds:
        for table in rnd.tables:
            for pair in (table.ns, table.ew):
                played[pair] = played.get(pair, 0) + len(table.boards)
    rounds = len(movement.rounds)
    return Suggestion(
        spec=text,
        kind=movement.kind.value,
        tables=spec.tables,
        rounds=rounds,
        boards_per_round=spec.boards_per_round,
        boards_in_play=len(movement.boards),
        boards_per_pair=min(played.values()),
        sit_outs=max(len(r.sit_outs) for r in movement.rounds),
        balance=movement.balance().score,
        minutes=int(rounds * spec.boards_per_round * MINUTES_PER_BOARD),
        movement=movement,
    )


SHORTLIST: Final = 8
"""How many of the best suggestions a shortlist starts with."""


def shortlist(found: list[Suggestion], most: int = SHORTLIST) -> list[Suggestion]:
    """The first ``most`` of ``found`` (best first, as :func:`suggest` gives them), then the
    usual movement of each kind for the size when it is not among them: the best of the
    kind played in full and without an arrow switch (for 14 pairs, beside the Howells and
    switched Mitchells ranked first, the 7-table Mitchell with its two winners)."""
    chosen = found[:most]
    kinds = {s.kind for s in chosen if _usual(s)}
    for suggestion in found[most:]:
        if _usual(suggestion) and suggestion.kind not in kinds:
            kinds.add(suggestion.kind)
            chosen.append(suggestion)
    return chosen


def _usual(suggestion: Suggestion) -> bool:
    """Played in full (every round) and without an arrow switch."""
    options = dict(MovementSpec.parse(suggestion.spec).options)
    return "rounds" not in options and "switch" not in options


__all__ = ["MINUTES_PER_BOARD", "SHORTLIST", "Suggestion", "shortlist", "suggest"]
