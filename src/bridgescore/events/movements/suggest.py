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

from bridgescore.errors import Message, listed
from bridgescore.errors import marked as _
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


TWO_WINNER_KINDS: Final = frozenset({"mitchell", "appendix", "web"})
"""The kinds that give two winners (North-South and East-West) unless arrow-switched."""


def two_winners(suggestion: Suggestion) -> bool:
    """Whether the movement ranks North-South and East-West apart: no pair ever plays a
    board in the direction of a pair of the other line (its balance is 0)."""
    return suggestion.balance == 0 and suggestion.kind != "howell"


_KIND_NAMES: Final = {
    "mitchell": _("Mitchell"),
    "howell": _("Howell"),
    "appendix": _("Mitchell with an appendix table"),
    "hesitation": _("Hesitation Mitchell"),
    "web": _("Web Mitchell"),
}
"""Each kind as club players name it."""


def name_of(suggestion: Suggestion) -> Message:
    """The movement as a director names it, the usual name first and then what sets it
    apart: ``Mitchell, two winners, 7 tables``, ``Mitchell with an arrow switch, one
    winner, 7 tables``, ``Howell, 7 tables, 10 rounds``."""
    spec = MovementSpec.parse(suggestion.spec)
    options = dict(spec.options)
    kind = _KIND_NAMES.get(spec.kind, Message(spec.kind))
    if "switch" in options:
        kind = _("{kind} with an arrow switch", kind=kind)
    parts: list[Message] = [kind]
    if spec.kind != "howell":
        parts.append(_("two winners") if two_winners(suggestion) else _("one winner"))
    parts.append(_("{tables} tables", tables=suggestion.tables))
    if "rounds" in options:
        parts.append(_("{rounds} rounds", rounds=suggestion.rounds))
    if "relay" in options:
        parts.append(_("a relay and a bye stand"))
    missing = options.get("missing")
    if missing == "ns":
        parts.append(_("a half table: no North-South pair at the last table"))
    elif missing == "ew":
        parts.append(_("a half table: no East-West pair at the last table"))
    if "skip" in options:
        parts.append(_("East-West skip a table after round {round}", round=options["skip"]))
    if "pairs" in options:
        parts.append(_("a pair sits out each round"))
    return listed(parts, ", ")


def balance_said(suggestion: Suggestion) -> Message:
    """The movement's balance (:attr:`Suggestion.balance`, from
    :meth:`~bridgescore.events.movements.model.Movement.balance`: from 0 to 1, how evenly
    every two pairs play the same boards in the same direction, so that their scores are
    compared) said as it applies to this movement: for a two-winner movement 0 is what it
    is (two fields, each line ranked apart), not a fault; for a one-winner movement higher
    is fairer, 1 a perfect Howell."""
    figure = f"{suggestion.balance:.2f}"
    if two_winners(suggestion):
        return _("balance {balance}: two fields, each line its own winner", balance=figure)
    if suggestion.balance >= 1:
        return _("balance {balance}: perfect, every two pairs compared alike", balance=figure)
    return _("balance {balance} of 1: one field, higher is fairer", balance=figure)


USUAL_HOWELL_TABLES: Final = 6
"""Up to this many tables a club usually plays a Howell (one winner, every pair meets
every other); from one more, a Mitchell with two winners (the EBU's and ACBL's guides
give Mitchells for larger fields: a Howell's rounds grow with the tables)."""


def is_usual(suggestion: Suggestion) -> bool:
    """Whether the movement is the one clubs usually play for its size: a complete Howell
    up to :data:`USUAL_HOWELL_TABLES` tables, a full two-winner Mitchell beyond."""
    options = dict(MovementSpec.parse(suggestion.spec).options)
    if "rounds" in options or "switch" in options:
        return False
    if suggestion.tables <= USUAL_HOWELL_TABLES:
        return suggestion.kind == "howell"
    return suggestion.kind == "mitchell" and two_winners(suggestion)


def usual_first(found: list[Suggestion]) -> list[Suggestion]:
    """``found`` with the usual movement for the size (:func:`is_usual`, the best of them
    as ``found`` orders them) moved to the front, the rest in their order."""
    usual = next((s for s in found if is_usual(s)), None)
    if usual is None:
        return list(found)
    return [usual, *(s for s in found if s is not usual)]


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


__all__ = [
    "MINUTES_PER_BOARD",
    "SHORTLIST",
    "USUAL_HOWELL_TABLES",
    "Suggestion",
    "balance_said",
    "is_usual",
    "name_of",
    "shortlist",
    "suggest",
    "two_winners",
    "usual_first",
]
