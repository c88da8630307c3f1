"""Which movements fit a field: ``suggest(pairs=17, boards=24)``, best first.

Every candidate is generated and proved (``problems()`` empty) before it is
offered. Best first is what a director would choose, one rule (:func:`rank`):

1. no shared boards and no factoring, before a movement with either;
2. rounds of two or more boards before one-board rounds (a round change costs time:
   a large field is better split into sections);
3. on target (rounds x boards a round within an eighth of the boards asked for)
   before off it;
4. the form clubs play for the size: up to :data:`USUAL_HOWELL_TABLES` tables a Howell
   (one winner, every pair meets every other), from one more a Mitchell with two
   winners (a Howell's rounds grow with the tables; the EBU's and ACBL's guides give
   Mitchells for larger fields); the other forms after it;
5. the better balance (for a one-winner movement; a two-winner Mitchell's 0 is what
   it is), and on equal balance the better pjms.nl quality;
6. the fewest boards out of play (boards in play that a pair does not play);
7. the closer to the boards asked for; then fewer sections; then fewer rounds.

A Howell of more than :data:`USUAL_HOWELL_TABLES` tables is not offered with one-board
rounds (a one-board round of so many tables costs more than any Mitchell's), nor one of
more than :data:`MOST_HOWELL_TABLES` tables.

From :data:`SECTIONS_FROM_TABLES` tables the field may also be split into two or three
sections, each its own movement (:attr:`Suggestion.sections`): what a club runs for a
large field rather than a Mitchell of one-board rounds or one that shares boards.

A field beyond the size limits (:mod:`~bridgescore.events.movements.limits`: more pairs
than two a table at the most tables, more boards than a movement holds) is refused before
any candidate is built, and candidates beyond them are not tried. Candidates are built,
proved and measured once each and kept, so a table of every club size is quick
(:func:`best` finds the first without measuring the rest).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache
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
from bridgescore.events.movements.spec import (
    KINDS,
    MovementSpec,
    OptionValue,
    appendix_base,
    spec_of,
    three_quarter_rounds,
)

MINUTES_PER_BOARD: Final = Fraction(15, 2)
"""About 7½ minutes a board, the pace clubs plan by (24 boards in 3 hours)."""

NEAR: Final = Fraction(1, 4)
"""How far from the boards asked for a candidate may be (a quarter either way)."""

CLOSE: Final = Fraction(1, 8)
"""Within an eighth of the boards asked for (3 of 24), a candidate counts as on target."""

USUAL_HOWELL_TABLES: Final = 6
"""Up to this many tables a club usually plays a Howell (one winner, every pair meets
every other); from one more, a Mitchell with two winners (the EBU's and ACBL's guides
give Mitchells for larger fields: a Howell's rounds grow with the tables)."""

MOST_HOWELL_TABLES: Final = 13
"""The most tables of a Howell offered (a Howell of more is built when asked for by its
spec): so many pairs play a Mitchell or sections, not 27 rounds or more cut short."""

SECTIONS_FROM_TABLES: Final = 16
"""From this many tables (31 pairs) the field may be split into sections, each a
movement of its own: two Mitchells of 8 tables rather than one of 16 with one-board or
cut-short rounds."""

MOST_SECTIONS: Final = 3
"""The most sections a field is split into."""

LEAST_SECTION_TABLES: Final = 7
"""The fewest tables of a section (a smaller one is a Howell's field, not a section's)."""

SUGGESTED_KINDS: Final = (
    "mitchell",
    "howell",
    "appendix",
    "hesitation",
    "web",
    "scrambled-mitchell",
    "bump-mitchell",
    "appendix-mitchell",
    "three-quarter-howell",
)
"""The kinds a club chooses among for a pairs session (the barometers, which need a
copy of each board for every table, are asked for by name)."""

TWO_WINNER_KINDS: Final = frozenset(
    {"mitchell", "appendix", "web", "bump-mitchell", "appendix-mitchell", "barometer-mitchell"}
)
"""The kinds that give two winners (North-South and East-West) unless arrow-switched."""

HOWELL_KINDS: Final = frozenset({"howell", "three-quarter-howell"})
"""The kinds of one field in which every pair meets every other (or most of them)."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A movement that fits, with the figures a director chooses by. Split into sections,
    the figures are the whole field's (tables, the most rounds, the fewest boards a pair
    plays, the least balance) and ``spec`` and ``movement`` are the first section's."""

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
    quality: float = 100.0
    """The pjms.nl BALANS quality, 0 to 100 (:class:`~.balance.Balance`): how equally
    every two pairs are in competition; it breaks a tie of :attr:`balance`."""
    shared: bool = False
    """Boards at two tables in one round (a shared set)."""
    factored: bool = False
    """Sets played unequally often: scores will be factored."""
    sections: tuple[str, ...] = ()
    """Each section's spec when the field is split into sections (else empty)."""

    @property
    def out_of_play(self) -> int:
        """Boards in play that some pair does not play."""
        return self.boards_in_play - self.boards_per_pair

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
            "quality": round(self.quality, 1),
            "minutes": self.minutes,
            "shared": self.shared,
            "factored": self.factored,
            "sections": list(self.sections),
        }


def _variants(kind: str, pairs: int) -> list[dict[str, OptionValue]]:
    """The option sets worth trying for a kind and a field (each is proved later)."""
    odd = pairs % 2 == 1
    even_tables = (pairs + 1) // 2 % 2 == 0
    if kind == "mitchell":
        base: list[dict[str, OptionValue]] = [{}, {"relay": True}] if even_tables else [{}]
        base += [{**b, "switch": True} for b in base]
        return [{**b, "missing": m} for b in base for m in ("ew", "ns")] if odd else base
    if kind == "howell":
        return [{"pairs": pairs}] if odd else [{}]
    if kind == "scrambled-mitchell":
        return [] if odd else [{}, {"relay": True}] if even_tables else [{}]
    if kind in ("appendix", "bump-mitchell"):
        return [{}] if odd else []
    if kind == "three-quarter-howell":
        return [] if odd else [{"rounds": r} for r in three_quarter_rounds(pairs // 2)]
    return [] if odd else [{}]


def _tables(kind: str, pairs: int) -> int:
    """The tables of a kind for a field: one more NS pair than tables in a bump Mitchell,
    else two pairs a table (a half table for an odd number)."""
    return (pairs - 1) // 2 if kind == "bump-mitchell" else (pairs + 1) // 2


@lru_cache(maxsize=4096)
def _candidates(pairs: int, boards: int) -> tuple[MovementSpec, ...]:
    low, high = boards * (1 - NEAR), boards * (1 + NEAR)
    low_n, high_n = int(low) + (low.denominator > 1), int(high)  # whole boards within them
    found: dict[str, MovementSpec] = {}
    for name in SUGGESTED_KINDS:
        kind = KINDS[name]
        tables = _tables(name, pairs)
        if tables > kind.most_tables:
            continue
        takes_rounds = any(o.name == "rounds" for o in kind.options)
        for variant in _variants(name, pairs):
            full = kind.size(tables, variant)[0]
            if name in HOWELL_KINDS and tables > MOST_HOWELL_TABLES:
                continue
            fewest = 2 if name in HOWELL_KINDS and tables > USUAL_HOWELL_TABLES else 1
            for per_round in range(fewest, min(boards, MOST_BOARDS_PER_ROUND) + 1):
                choices = {full}
                wanted = round(boards / per_round)
                if takes_rounds and 1 <= wanted < full:
                    choices.add(wanted)
                for rounds in sorted(choices):
                    if not low_n <= rounds * per_round <= high_n:
                        continue
                    options = dict(variant)
                    if rounds != full:
                        options["rounds"] = rounds
                    spec = spec_of(name, tables, per_round, **options)
                    try:
                        spec.check_limits()
                    except MovementError:
                        continue
                    found.setdefault(str(spec), spec)
    return tuple(found.values())


def _check_field(pairs: int, boards: int) -> None:
    check_size("pairs", pairs, 3)
    check_size("boards", boards, 1)
    check_most("pairs", pairs, MOST_PAIRS)
    check_most("boards", boards, MOST_BOARDS)


def suggest(pairs: int, boards: int) -> list[Suggestion]:
    """The sound movements for ``pairs`` pairs playing about ``boards`` boards, best first
    (:func:`rank`); at most :data:`~.limits.MOST_PAIRS` pairs and :data:`~.limits.MOST_BOARDS`
    boards (a :class:`~.limits.MovementTooLargeError` beyond them, before any work)."""
    _check_field(pairs, boards)
    found = [s for s in map(_measured, _candidates(pairs, boards)) if s is not None]
    found = [s for s in found if len(s.movement.pairs) == pairs]
    found += _sectioned(pairs, boards)
    found.sort(key=lambda s: rank(s, boards))
    kept: list[Suggestion] = []
    seen: set[Movement] = set()
    for suggestion in found:  # one spelling of each movement: the best ranked
        if suggestion.sections or suggestion.movement not in seen:
            seen.add(suggestion.movement)
            kept.append(suggestion)
    return kept


def best(pairs: int, boards: int) -> Suggestion | None:
    """``suggest(pairs, boards)[0]`` (``None`` when nothing fits), found without building
    every candidate: each is first judged by its shape (:func:`_shape`), and the groups
    after the first that has a clean one are left unmeasured."""
    _check_field(pairs, boards)
    return _best(pairs, boards)


@lru_cache(maxsize=4096)
def _best(pairs: int, boards: int) -> Suggestion | None:
    """Best first by a bound: each candidate's key is bounded from its spec alone
    (:func:`_bound`), and candidates are measured in the order of their bounds until the
    best measured key is below the next bound."""
    queue = sorted((_bound(spec, boards), spec) for spec in _candidates(pairs, boards))
    splits = sorted((rank(s, boards), s) for s in _sectioned(pairs, boards))
    best_key = splits[0][0] if splits else None
    chosen: MovementSpec | None = None
    for bound, spec in queue:
        if best_key is not None and best_key <= bound:
            break
        facts = _facts(spec)
        if facts is None or facts.pairs != pairs:
            continue
        key = _key(spec, facts, boards)
        if (best_key is None or key < best_key) and _sound(_shape(spec)):
            best_key, chosen = key, spec
    if chosen is not None:
        return _measured(chosen)
    return splits[0][1] if splits else None


def _bound(spec: MovementSpec, boards: int) -> Rank:
    """A key no better than :func:`rank` gives the spec's movement, from the spec alone:
    neither shared nor factored, a perfect balance, and boards out of play no fewer than
    the sets beyond the rounds."""
    rounds, sets = KINDS[spec.kind].size(spec.tables, dict(spec.options))
    out = 0 if sets is None else max(0, sets - rounds) * spec.boards_per_round
    return _ranked(
        spec, boards, rounds=rounds, awkward=False, balance=lambda: (1.0, 100.0), out_of_play=out
    )


def _standing(spec: MovementSpec) -> int:
    """0 for the form clubs play for the size (a Howell up to :data:`USUAL_HOWELL_TABLES`
    tables, a two-winner Mitchell beyond), 1 for the others."""
    if spec.tables <= USUAL_HOWELL_TABLES:
        return 0 if spec.kind in HOWELL_KINDS else 1
    return 0 if _two_fields(spec) else 1


def _two_fields(spec: MovementSpec) -> bool:
    return spec.kind in TWO_WINNER_KINDS and not dict(spec.options).get("switch")


Rank = tuple[bool, bool, bool, int, tuple[float, float], int, int, int, int, str]


def rank(suggestion: Suggestion, boards: int) -> Rank:
    """The key :func:`suggest` orders by, for ``boards`` asked for (smaller is better):
    shared or factored, one-board rounds, off target, the form's standing for the size,
    the balance and quality (negated; 0 for a two-winner form), boards out of play, how far from
    the boards asked, sections, rounds, and the spec to break ties."""
    return _ranked(
        MovementSpec.parse(suggestion.spec),
        boards,
        rounds=suggestion.rounds,
        awkward=suggestion.shared or suggestion.factored,
        balance=lambda: (suggestion.balance, suggestion.quality),
        out_of_play=suggestion.out_of_play,
        sections=len(suggestion.sections),
    )


def _ranked(
    spec: MovementSpec,
    boards: int,
    *,
    rounds: int,
    awkward: bool,
    balance: Callable[[], tuple[float, float]],
    out_of_play: int,
    sections: int = 0,
) -> Rank:
    off = abs(rounds * spec.boards_per_round - boards)
    standing, two, text = _traits(spec)
    return (
        awkward,
        spec.boards_per_round < 2,
        off * CLOSE.denominator > boards * CLOSE.numerator,  # off > boards * CLOSE
        standing,
        (0.0, 0.0) if two else _negated(balance()),
        out_of_play,
        off,
        sections,
        rounds,
        text,
    )


@cache
def _traits(spec: MovementSpec) -> tuple[int, bool, str]:
    """What ranking reads of a spec alone: the form's standing for the size, whether it
    gives two winners, its text."""
    return _standing(spec), _two_fields(spec), str(spec)


def _key(spec: MovementSpec, facts: _Facts, boards: int) -> Rank:
    per_round = spec.boards_per_round
    return _ranked(
        spec,
        boards,
        rounds=facts.rounds,
        awkward=facts.shared or facts.factored,
        balance=lambda: _balance(_shape(spec)),
        out_of_play=(facts.sets - facts.fewest_rounds) * per_round,
    )


_SCALE_FREE: Final = frozenset(
    {
        "mitchell",
        "appendix",
        "hesitation",
        "web",
        "howell",
        "bump-mitchell",
        "appendix-mitchell",
        "three-quarter-howell",
    }
)
"""The kinds whose seating does not depend on the boards a round (a Howell from
:data:`_SCALE_FREE_HOWELL` tables, a Mitchell without an arrow switch, whose rounds are
chosen by the boards)."""

_SCALE_FREE_HOWELL: Final = 4
"""From this many tables a Howell's seating is the same for any boards a round (two and
three tables may split a round's boards between the tables)."""


def _shape(spec: MovementSpec) -> MovementSpec:
    """The spec with one board a round when its seating is the same for any (so one
    build judges every boards a round), else the spec itself."""
    options = dict(spec.options)
    if spec.kind not in _SCALE_FREE or options.get("switch"):
        return spec
    if spec.kind in HOWELL_KINDS and spec.tables < _SCALE_FREE_HOWELL:
        return spec
    return MovementSpec(spec.kind, spec.tables, 1, spec.options)


@dataclass(frozen=True, slots=True)
class _Facts:
    """What ranking needs of a sound movement, in rounds and sets (boards are these times
    the boards a round)."""

    pairs: int
    rounds: int
    sets: int
    fewest_rounds: int
    shared: bool
    factored: bool


def _facts(spec: MovementSpec) -> _Facts | None:
    """What ranking needs of the spec's movement (``None`` if it cannot be built), from
    its shape: not yet proved (:func:`_sound`)."""
    return _shape_facts(_shape(spec))


@cache
def _sound(shape: MovementSpec) -> bool:
    movement = _built(shape)
    return movement is not None and not movement.problems()


@cache
def _shape_facts(shape: MovementSpec) -> _Facts | None:
    movement = _built(shape)
    if movement is None:
        return None
    per_round = shape.boards_per_round
    played: dict[str, int] = {}
    for rnd in movement.rounds:
        for table in rnd.tables:
            for pair in (table.ns, table.ew):
                played[pair] = played.get(pair, 0) + len(table.boards)
    return _Facts(
        pairs=len(movement.pairs),
        rounds=len(movement.rounds),
        sets=len(movement.boards) // per_round,
        fewest_rounds=min(played.values()) // per_round,
        shared=bool(movement.shared),
        factored=movement.factored,
    )


@cache
def _balance(shape: MovementSpec) -> tuple[float, float]:
    """The balance score and quality of a shape's movement."""
    movement = _built(shape)
    if movement is None:
        return 0.0, 0.0
    found = movement.balance()
    return found.score, found.quality


def _negated(balance: tuple[float, float]) -> tuple[float, float]:
    """Higher balance first: the score to 3 places, then the quality to 1."""
    return -round(balance[0], 3), -round(balance[1], 1)


@cache
def _built(spec: MovementSpec) -> Movement | None:
    try:
        return spec.build()
    except MovementError:
        return None


@cache
def _measured(spec: MovementSpec) -> Suggestion | None:
    """The suggestion a spec makes, or ``None`` when it cannot be built or is unsound."""
    movement = _built(spec)
    if movement is None or not _sound(_shape(spec)) or not _sound(spec):
        return None
    played: dict[str, int] = {}
    for rnd in movement.rounds:
        for table in rnd.tables:
            for pair in (table.ns, table.ew):
                played[pair] = played.get(pair, 0) + len(table.boards)
    rounds = len(movement.rounds)
    return Suggestion(
        spec=str(spec),
        kind=movement.kind.value,
        tables=spec.tables,
        rounds=rounds,
        boards_per_round=spec.boards_per_round,
        boards_in_play=len(movement.boards),
        boards_per_pair=min(played.values()),
        sit_outs=max(len(r.sit_outs) for r in movement.rounds),
        balance=_balance(_shape(spec))[0],
        quality=_balance(_shape(spec))[1],
        minutes=int(rounds * spec.boards_per_round * MINUTES_PER_BOARD),
        movement=movement,
        shared=bool(movement.shared),
        factored=movement.factored,
    )


def section_sizes(pairs: int, sections: int) -> tuple[int, ...]:
    """The pairs of each section, as equal as can be, the larger first: 33 pairs in two
    sections are 17 and 16."""
    each, more = divmod(pairs, sections)
    return tuple(each + 1 if i < more else each for i in range(sections))


def _sectioned(pairs: int, boards: int) -> list[Suggestion]:
    """The field split into 2 to :data:`MOST_SECTIONS` sections, each playing its own best
    single movement (from :data:`SECTIONS_FROM_TABLES` tables)."""
    if (pairs + 1) // 2 < SECTIONS_FROM_TABLES:
        return []
    found: list[Suggestion] = []
    for count in range(2, MOST_SECTIONS + 1):
        sizes = section_sizes(pairs, count)
        if (sizes[-1] + 1) // 2 < LEAST_SECTION_TABLES:
            break
        parts = [_best_single(size, boards) for size in sizes]
        if all(p is not None for p in parts):
            found.append(_joined([p for p in parts if p is not None]))
    return found


def _best_single(pairs: int, boards: int) -> Suggestion | None:
    """The best movement of one section (a section is not split again)."""
    if (pairs + 1) // 2 >= SECTIONS_FROM_TABLES:
        return None
    return _best(pairs, boards)


def _joined(parts: Sequence[Suggestion]) -> Suggestion:
    first = parts[0]
    return replace(
        first,
        tables=sum(p.tables for p in parts),
        rounds=max(p.rounds for p in parts),
        boards_in_play=max(p.boards_in_play for p in parts),
        boards_per_pair=min(p.boards_per_pair for p in parts),
        sit_outs=sum(p.sit_outs for p in parts),
        balance=min(p.balance for p in parts),
        quality=min(p.quality for p in parts),
        minutes=max(p.minutes for p in parts),
        shared=any(p.shared for p in parts),
        factored=any(p.factored for p in parts),
        sections=tuple(p.spec for p in parts),
    )


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
    "scrambled-mitchell": _("Scrambled Mitchell"),
    "bump-mitchell": _("Bump Mitchell"),
    "stagger-mitchell": _("Stagger Mitchell"),
    "appendix-mitchell": _("Appendix Mitchell"),
    "three-quarter-howell": _("3/4 Howell"),
    "barometer-howell": _("Barometer Howell"),
    "barometer-mitchell": _("Barometer Mitchell"),
}
"""Each kind as club players name it."""


def name_of(suggestion: Suggestion) -> Message:
    """The movement as a director names it, the usual name first and then what sets it
    apart: ``Mitchell, two winners, 7 tables``, ``Mitchell with an arrow switch, one
    winner, 7 tables``, ``Howell, 7 tables, 10 rounds``; split into sections, ``2
    sections: ...`` and each section's name."""
    if suggestion.sections:
        named = [_spec_name(text, suggestion) for text in suggestion.sections]
        if len(set(suggestion.sections)) == 1:
            return _("{count} sections, each: {name}", count=len(named), name=named[0])
        return _("{count} sections: {names}", count=len(named), names=listed(named, "; "))
    return _spec_name(suggestion.spec, suggestion)


def _spec_name(text: str, suggestion: Suggestion) -> Message:
    spec = MovementSpec.parse(text)
    options = dict(spec.options)
    kind = _KIND_NAMES.get(spec.kind, Message(spec.kind))
    if "switch" in options:
        kind = _("{kind} with an arrow switch", kind=kind)
    parts: list[Message] = [kind]
    if spec.kind not in HOWELL_KINDS:
        parts.append(_("two winners") if two_winners(suggestion) else _("one winner"))
    parts.append(_("{tables} tables", tables=spec.tables))
    if "rounds" in options:
        parts.append(_("{rounds} rounds", rounds=options["rounds"]))
    if "relay" in options:
        parts.append(_("a relay and a bye stand"))
    missing = options.get("missing")
    if missing == "ns":
        parts.append(_("a half table: no North-South pair at the last table"))
    elif missing == "ew":
        parts.append(_("a half table: no East-West pair at the last table"))
    if "skip" in options:
        parts.append(_("East-West skip a table after round {round}", round=options["skip"]))
    if "pairs" in options or spec.kind == "bump-mitchell":
        parts.append(_("a pair sits out each round"))
    if spec.kind == "appendix-mitchell":
        base = appendix_base(spec.tables) if "base" not in options else options["base"]
        parts.append(_("{count} appendix tables sharing boards", count=spec.tables - int(base)))
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


def is_usual(suggestion: Suggestion) -> bool:
    """Whether the movement is the form clubs play for its size, played in full, in one
    section, sharing no boards and needing no factoring: a complete Howell up to
    :data:`USUAL_HOWELL_TABLES` tables, a full two-winner Mitchell beyond (the form
    :func:`rank` puts first among clean ones)."""
    spec = MovementSpec.parse(suggestion.spec)
    clean = not (suggestion.shared or suggestion.factored)
    return clean and _usual(suggestion) and _standing(spec) == 0


SHORTLIST: Final = 8
"""How many of the best suggestions a shortlist starts with."""


def shortlist(found: list[Suggestion], most: int = SHORTLIST) -> list[Suggestion]:
    """The first ``most`` of ``found`` (best first, as :func:`suggest` gives them), then the
    usual movement of each kind for the size when it is not among them: the best of the
    kind played in full and without an arrow switch (for 14 pairs, beside the Mitchell
    ranked first, the complete 7-table Howell)."""
    chosen = found[:most]
    kinds = {s.kind for s in chosen if _usual(s)}
    for suggestion in found[most:]:
        if _usual(suggestion) and suggestion.kind not in kinds:
            kinds.add(suggestion.kind)
            chosen.append(suggestion)
    return chosen


def _usual(suggestion: Suggestion) -> bool:
    """Played in full (every round), without an arrow switch, in one section."""
    options = dict(MovementSpec.parse(suggestion.spec).options)
    return "rounds" not in options and "switch" not in options and not suggestion.sections


TABLE_BOARDS: Final = (18, 20, 24, 26, 27, 28, 32)
"""The board counts of the suggestion table in ``docs/movements.md``."""

TABLE_PAIRS: Final = range(3, 61)
"""The fields of the suggestion table: every club size from 3 to 60 pairs."""


def table_rows(boards: int, fields: Iterable[int] = TABLE_PAIRS) -> list[tuple[str, ...]]:
    """The suggestion table's rows for ``boards`` boards (``docs/movements.md``): for each
    field, the first suggestion's spec (each section's, ``+`` between them), rounds x
    boards a round, boards a pair of boards in play, shared/factored and balance."""
    rows: list[tuple[str, ...]] = []
    for pairs in fields:
        first = best(pairs, boards)
        if first is None:
            rows.append((str(pairs), "none", "", "", "", ""))
            continue
        specs = " + ".join(f"`{s}`" for s in first.sections or (first.spec,))
        flags = [w for w, on in (("shared", first.shared), ("factored", first.factored)) if on]
        rows.append(
            (
                str(pairs),
                specs,
                f"{first.rounds} x {first.boards_per_round}",
                f"{first.boards_per_pair} of {first.boards_in_play}",
                ", ".join(flags) or "no",
                f"{first.balance:.2f}",
            )
        )
    return rows


__all__ = [
    "MINUTES_PER_BOARD",
    "SECTIONS_FROM_TABLES",
    "SHORTLIST",
    "TABLE_BOARDS",
    "TABLE_PAIRS",
    "USUAL_HOWELL_TABLES",
    "Suggestion",
    "balance_said",
    "best",
    "is_usual",
    "name_of",
    "rank",
    "section_sizes",
    "shortlist",
    "suggest",
    "table_rows",
    "two_winners",
]
