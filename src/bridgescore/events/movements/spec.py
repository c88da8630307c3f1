"""Movement spec strings: a short name for a generated movement, parsed and built.

A spec is ``kind:TABLESxBOARDS`` followed by options, each ``:name`` or
``:name=value``: ``howell:6x3`` (a complete 6-table Howell, 3 boards a round),
``howell:6x3:rounds=8``, ``howell:6x3:pairs=11``, ``mitchell:8x3:relay``,
``mitchell:7x4:missing=ew``, ``mitchell:9x3:switch``, ``appendix:11x3``,
``hesitation:7x3``, ``web:16x3:rounds=9``, ``scrambled-mitchell:9x3``,
``bump-mitchell:7x3`` (15 pairs), ``appendix-mitchell:9x3:base=7``,
``three-quarter-howell:6x3:rounds=9``, ``barometer-howell:5x3``,
``barometer-mitchell:8x3``, ``stagger-mitchell:8x3``.
``str(MovementSpec.parse(text))`` gives the text back in its one spelling
(options in name order), and :meth:`MovementSpec.build` makes the movement.

A spec beyond the size limits of :mod:`~bridgescore.events.movements.limits` (tables,
boards a round, rounds, boards in all) is refused when it is parsed, before anything is
built: each kind works out its rounds and boards from the spec's numbers (:attr:`Kind.size`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from bridgescore.errors import marked as _
from bridgescore.events.movements.barometer import (
    MOST_BAROMETER_TABLES,
    barometer_howell,
    barometer_mitchell,
)
from bridgescore.events.movements.howell import howell
from bridgescore.events.movements.individual import (
    IndividualMovement,
    rainbow_individual,
    whist_individual,
)
from bridgescore.events.movements.limits import (
    MOST_BOARDS,
    MOST_BOARDS_PER_ROUND,
    MOST_ROUNDS,
    MOST_TABLES_IN_A_HOWELL,
    MOST_TABLES_IN_A_MOVEMENT,
    Family,
    MovementTooLargeError,
    check_most,
)
from bridgescore.events.movements.mitchell import (
    MISSING_PAIRS,
    appendix_mitchell,
    arrow_switch_rounds,
    beynon_mitchell,
    bump_mitchell,
    hesitation_mitchell,
    mitchell,
    scrambled_mitchell,
    stagger_mitchell,
    web_mitchell,
)
from bridgescore.events.movements.model import Movement, MovementError
from bridgescore.events.movements.three_quarter import three_quarter_howell, three_quarter_sizes

OptionValue = int | str | bool
Builder = Callable[[int, int, Mapping[str, OptionValue]], Movement]
Size = Callable[[int, Mapping[str, OptionValue]], tuple[int, int | None]]
"""A kind's rounds and board sets at so many tables with these options, worked out without
building the movement (sets ``None`` where only building tells: a cut-short Howell merges
sets). Boards in all are the sets times the boards a round."""


@dataclass(frozen=True, slots=True)
class Option:
    """One option a kind takes: a whole number, a flag, or one of some words."""

    name: str
    help: str
    number: bool = False
    words: tuple[str, ...] = ()

    def read(self, text: str | None, spec: str) -> OptionValue:
        """The option's value from its text (``None`` when written bare, as a flag)."""
        if self.number:
            if text is None or not text.isdecimal() or len(text) > _DIGITS:
                raise MovementError(
                    _(
                        "movement {spec!r}: option {name!r} needs a whole number"
                        " ({name}=N), got {text!r}",
                        spec=spec,
                        name=self.name,
                        text=text,
                    )
                )
            return int(text)
        if self.words:
            if text is None or text.lower() not in self.words:
                raise MovementError(
                    _(
                        "movement {spec!r}: option {name!r} must be one of {words}, got {text!r}",
                        spec=spec,
                        name=self.name,
                        words=", ".join(self.words),
                        text=text,
                    )
                )
            return text.lower()
        if text is not None:
            raise MovementError(
                _(
                    "movement {spec!r}: option {name!r} is a flag and takes no value, got {text!r}",
                    spec=spec,
                    name=self.name,
                    text=text,
                )
            )
        return True


@dataclass(frozen=True, slots=True)
class Kind:
    """A movement family a spec can name: its generator, its size worked out from a spec's
    numbers, the options it takes, and the most tables it is built for."""

    name: str
    summary: str
    build: Builder
    size: Size
    options: tuple[Option, ...] = ()
    most_tables: int = MOST_TABLES_IN_A_MOVEMENT
    family: Family = "a movement"
    """How a refusal names it: ``at most 13 tables in a Howell``."""

    def option(self, name: str, spec: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        if not self.options:
            raise MovementError(
                _(
                    "movement {spec!r}: {kind} takes no option {name!r} (options: none)",
                    spec=spec,
                    kind=self.name,
                    name=name,
                )
            )
        raise MovementError(
            _(
                "movement {spec!r}: {kind} takes no option {name!r} (options: {accepted})",
                spec=spec,
                kind=self.name,
                name=name,
                accepted=", ".join(o.name for o in self.options),
            )
        )


def _int(options: Mapping[str, OptionValue], name: str) -> int | None:
    value = options.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _mitchell(tables: int, boards: int, options: Mapping[str, OptionValue]) -> Movement:
    rounds = _int(options, "rounds")
    switch = None
    if options.get("switch"):
        played = rounds if rounds is not None else len(mitchell(tables, boards).rounds)
        switch = arrow_switch_rounds(played, boards)
    missing = options.get("missing")
    return mitchell(
        tables,
        boards,
        rounds=rounds,
        even="relay" if options.get("relay") else "skip",
        arrow_switch=switch,
        missing=missing if isinstance(missing, str) else None,
        skip_after=_int(options, "skip"),
    )


def _howell(tables: int, boards: int, options: Mapping[str, OptionValue]) -> Movement:
    return howell(tables, boards, rounds=_int(options, "rounds"), pairs=_int(options, "pairs"))


def _appendix(tables: int, boards: int, options: Mapping[str, OptionValue]) -> Movement:
    return appendix_mitchell(tables, boards, rounds=_int(options, "rounds"))


def _hesitation(tables: int, boards: int, options: Mapping[str, OptionValue]) -> Movement:
    return hesitation_mitchell(tables, boards)


def _web(tables: int, boards: int, options: Mapping[str, OptionValue]) -> Movement:
    rounds = _int(options, "rounds")
    return web_mitchell(tables, boards, rounds if rounds is not None else tables - 1)


def _scrambled(tables: int, boards: int, options: Mapping[str, OptionValue]) -> Movement:
    return scrambled_mitchell(
        tables,
        boards,
        _int(options, "rounds"),
        even="relay" if options.get("relay") else "skip",
        per_round=_int(options, "per_round"),
    )


def _bump(tables: int, boards: int, options: Mapping[str, OptionValue]) -> Movement:
    return bump_mitchell(tables, boards, _int(options, "rounds"))


def _stagger(tables: int, boards: int, options: Mapping[str, OptionValue]) -> Movement:
    return stagger_mitchell(tables, boards, _int(options, "rounds"))


def appendix_base(tables: int) -> int:
    """The base tables of an appendix Mitchell of ``tables`` tables in all when the spec
    gives none: the most that is odd, not a multiple of 3 and fewer than the tables (so
    at least one appendix table), or 5 when there is none."""
    for base in range(tables - 1, 4, -1):
        if base % 2 == 1 and base % 3 != 0:
            return base
    return 5


def _beynon(tables: int, boards: int, options: Mapping[str, OptionValue]) -> Movement:
    base = _int(options, "base") or appendix_base(tables)
    if base >= tables:
        raise MovementError(
            _(
                "base must be fewer than the {tables} tables (the rest are appendix tables),"
                " got {base!r}",
                tables=tables,
                base=base,
            )
        )
    return beynon_mitchell(base, tables - base, boards, _int(options, "rounds"))


def _barometer_howell(tables: int, boards: int, options: Mapping[str, OptionValue]) -> Movement:
    return barometer_howell(tables, boards, _int(options, "rounds"), pairs=_int(options, "pairs"))


def _barometer_mitchell(tables: int, boards: int, options: Mapping[str, OptionValue]) -> Movement:
    return barometer_mitchell(tables, boards, _int(options, "rounds"))


def three_quarter_rounds(tables: int) -> tuple[int, ...]:
    """The rounds of every stored 3/4 Howell of ``tables`` tables (empty if none)."""
    return tuple(r for t, r in three_quarter_sizes() if t == tables)


def _three_quarter(tables: int, boards: int, options: Mapping[str, OptionValue]) -> Movement:
    return three_quarter_howell(tables, boards, _rounds_or(options, _most_rounds(tables)))


def _most_rounds(tables: int) -> int:
    """A 3/4 Howell's rounds when the spec gives none: the most stored for the tables (or,
    none being stored, a Howell's less one, which the generator refuses by listing them)."""
    return max(three_quarter_rounds(tables), default=max(1, 2 * tables - 2))


def _rounds_or(options: Mapping[str, OptionValue], full: int) -> int:
    rounds = _int(options, "rounds")
    return full if rounds is None else rounds


def _mitchell_size(tables: int, options: Mapping[str, OptionValue]) -> tuple[int, int | None]:
    skips = tables % 2 == 0 and tables >= 4 and not options.get("relay")
    rounds = _rounds_or(options, tables - 1 if skips else tables)
    # one round with a half table: the set at its table is never played
    return rounds, tables - 1 if options.get("missing") and rounds == 1 else tables


def _howell_size(tables: int, options: Mapping[str, OptionValue]) -> tuple[int, int | None]:
    full = 2 * tables - 1
    rounds = _rounds_or(options, full)
    return rounds, full if rounds >= full else None


def _appendix_size(tables: int, options: Mapping[str, OptionValue]) -> tuple[int, int | None]:
    return _rounds_or(options, tables - 2), tables - 2


def _hesitation_size(tables: int, options: Mapping[str, OptionValue]) -> tuple[int, int | None]:
    return tables + 1, tables + 1


def _web_size(tables: int, options: Mapping[str, OptionValue]) -> tuple[int, int | None]:
    rounds = _rounds_or(options, tables - 1)
    return rounds, rounds


def _bump_size(tables: int, options: Mapping[str, OptionValue]) -> tuple[int, int | None]:
    return _rounds_or(options, tables - 1), tables


def _stagger_size(tables: int, options: Mapping[str, OptionValue]) -> tuple[int, int | None]:
    rounds = _rounds_or(options, tables)
    return rounds, tables // 2 if rounds <= tables // 2 else tables


def _beynon_size(tables: int, options: Mapping[str, OptionValue]) -> tuple[int, int | None]:
    base = _int(options, "base") or appendix_base(tables)
    return _rounds_or(options, base), base


def _barometer_howell_size(
    tables: int, options: Mapping[str, OptionValue]
) -> tuple[int, int | None]:
    rounds = _rounds_or(options, 2 * tables - 1)
    return rounds, rounds


def _barometer_mitchell_size(
    tables: int, options: Mapping[str, OptionValue]
) -> tuple[int, int | None]:
    rounds = _rounds_or(options, tables)
    return rounds, rounds


def _three_quarter_size(tables: int, options: Mapping[str, OptionValue]) -> tuple[int, int | None]:
    rounds = _rounds_or(options, _most_rounds(tables))
    return rounds, rounds


_ROUNDS = Option("rounds", "play this many rounds (fewer than the full movement)", number=True)

KINDS: Final[dict[str, Kind]] = {
    kind.name: kind
    for kind in (
        Kind(
            "mitchell",
            "NS stationary, EW up one table, boards down one (a skip when tables are even)",
            _mitchell,
            _mitchell_size,
            (
                _ROUNDS,
                Option("relay", "even tables: a relay and bye stand instead of the skip"),
                Option(
                    "missing",
                    "a half table: the last table's NS or EW pair is missing",
                    words=MISSING_PAIRS,
                ),
                Option("switch", "arrow-switch the last rounds (about one board in eight)"),
                Option("skip", "even tables: EW skip a table after this round", number=True),
            ),
        ),
        Kind(
            "howell",
            "every pair meets every other pair once (or, cut short, at most once)",
            _howell,
            _howell_size,
            (_ROUNDS, Option("pairs", "an odd number of pairs: one sits out", number=True)),
            most_tables=MOST_TABLES_IN_A_HOWELL,
            family="a Howell",
        ),
        Kind(
            "appendix",
            "a Mitchell with a half table played as an appendix (tables counts it)",
            _appendix,
            _appendix_size,
            (_ROUNDS,),
        ),
        Kind(
            "hesitation",
            "a Mitchell of T+1 rounds in which EW play one round NS",
            _hesitation,
            _hesitation_size,
        ),
        Kind(
            "web",
            "a Web Mitchell: more tables than rounds, two copies of each board",
            _web,
            _web_size,
            (_ROUNDS,),
        ),
        Kind(
            "scrambled-mitchell",
            "a Mitchell with arrow switches spread over every round, for one winner",
            _scrambled,
            _mitchell_size,
            (
                _ROUNDS,
                Option("relay", "even tables: a relay and bye stand instead of the skip"),
                Option("per_round", "tables switched each round", number=True),
            ),
        ),
        Kind(
            "bump-mitchell",
            "a Mitchell with one more NS pair, who bumps a pair to sit out each round"
            " (2T+1 pairs, from 7 tables)",
            _bump,
            _bump_size,
            (_ROUNDS,),
        ),
        Kind(
            "stagger-mitchell",
            "a Mitchell of an even number of tables in two rows sharing boards, EW down two"
            " tables, a new set of boards for the second half",
            _stagger,
            _stagger_size,
            (_ROUNDS,),
        ),
        Kind(
            "appendix-mitchell",
            "an appendix Mitchell: base tables with appendix tables sharing their boards"
            " (tables counts both)",
            _beynon,
            _beynon_size,
            (_ROUNDS, Option("base", "the base tables (odd, not a multiple of 3)", number=True)),
        ),
        Kind(
            "three-quarter-howell",
            "a 3/4 Howell: fewer rounds than a Howell, as many sets on relays, every pair"
            " playing every set once (the stored sizes; default the most rounds)",
            _three_quarter,
            _three_quarter_size,
            (_ROUNDS,),
            most_tables=max(t for t, _ in three_quarter_sizes()),
            family="a Howell",
        ),
        Kind(
            "barometer-howell",
            "a Howell in which every table plays the same boards each round (live results)",
            _barometer_howell,
            _barometer_howell_size,
            (_ROUNDS, Option("pairs", "an odd number of pairs: one sits out", number=True)),
            most_tables=MOST_BAROMETER_TABLES,
        ),
        Kind(
            "barometer-mitchell",
            "a Mitchell in which every table plays the same boards each round",
            _barometer_mitchell,
            _barometer_mitchell_size,
            (_ROUNDS,),
        ),
    )
}
"""The kinds a spec can name, by name."""

_SPEC = re.compile(r"^(?P<kind>[a-z-]+):(?P<tables>\d+)x(?P<boards>\d+)(?P<options>(:[^:]+)*)$")


@dataclass(frozen=True, slots=True)
class MovementSpec:
    """A generated movement named by kind, tables, boards per round and options."""

    kind: str
    tables: int
    boards_per_round: int
    options: tuple[tuple[str, OptionValue], ...] = ()

    @classmethod
    def parse(cls, text: str) -> MovementSpec:
        """Read ``kind:TxB[:option[=value]]...``; a bad spec says what it expected, and one
        beyond the size limits which limit (:mod:`~bridgescore.events.movements.limits`)."""
        spec = text.strip().lower()
        match = _SPEC.match(spec)
        if match is None:
            raise MovementError(
                _(
                    "movement {text!r}: expected kind:TABLESxBOARDS with options after colons,"
                    " e.g. howell:6x3 or mitchell:8x3:relay (kinds: {kinds})",
                    text=text,
                    kinds=", ".join(KINDS),
                )
            )
        kind = KINDS.get(match["kind"])
        if match["kind"] in INDIVIDUAL_KINDS:
            raise MovementError(
                _(
                    "movement {text!r}: {kind} seats players, not pairs: a pairs session"
                    " cannot play it (build it with build_individual)",
                    text=text,
                    kind=match["kind"],
                )
            )
        if kind is None:
            raise MovementError(
                _(
                    "movement {text!r}: unknown kind {kind!r}: use one of {kinds}",
                    text=text,
                    kind=match["kind"],
                    kinds=", ".join(KINDS),
                )
            )
        options: dict[str, OptionValue] = {}
        for item in match["options"].split(":")[1:]:
            name, equals, value = item.partition("=")
            if name in options:
                raise MovementError(
                    _("movement {text!r}: option {name!r} given twice", text=text, name=name)
                )
            options[name] = kind.option(name, text).read(value if equals else None, text)
        tables, boards = _count(match["tables"], text), _count(match["boards"], text)
        parsed = cls(match["kind"], tables, boards, _sorted(options))
        try:
            parsed.check_limits()
        except MovementTooLargeError as error:
            raise MovementTooLargeError(
                _("movement {text!r}: {error}", text=text, error=error)
            ) from None
        return parsed

    def __str__(self) -> str:
        parts = [f"{self.kind}:{self.tables}x{self.boards_per_round}"]
        for name, value in self.options:
            parts.append(name if value is True else f"{name}={value}")
        return ":".join(parts)

    def check_limits(self) -> None:
        """Refuse, before building anything, a spec beyond the size limits: its tables (a
        Howell's own limit), boards a round, rounds and boards in all, each worked out from
        the spec's numbers (a :class:`~.limits.MovementTooLargeError` naming the limit)."""
        kind = _kind(self.kind)
        check_most("tables", self.tables, kind.most_tables, where=kind.family)
        check_most("boards a round", self.boards_per_round, MOST_BOARDS_PER_ROUND)
        rounds, sets = kind.size(self.tables, dict(self.options))
        check_most("rounds", rounds, MOST_ROUNDS)
        if sets is not None:
            check_most("boards", sets * self.boards_per_round, MOST_BOARDS)

    def build(self) -> Movement:
        """The movement this spec names (a :class:`MovementError` when it cannot exist, or
        is beyond the size limits). Movements are values, so each spec is built once and
        the value shared."""
        return _built(self)

    def _build(self) -> Movement:
        kind = _kind(self.kind)
        try:
            self.check_limits()
            movement = kind.build(self.tables, self.boards_per_round, dict(self.options))
            # what only building tells (a cut-short Howell's merged sets), checked as built
            check_most("rounds", len(movement.rounds), MOST_ROUNDS)
            check_most("boards", len(movement.boards), MOST_BOARDS)
        except MovementError as error:
            too_large = isinstance(error, MovementTooLargeError)
            kept = MovementTooLargeError if too_large else MovementError
            raise kept(_("movement {text!r}: {error}", text=str(self), error=error)) from None
        return movement


@dataclass(frozen=True, slots=True)
class IndividualKind:
    """A movement for an individual event a spec can name (``individual:13x2``: players,
    or ``rainbow-individual:7x3``: tables, then boards a round): built by
    :func:`build_individual`, not a pairs :class:`MovementSpec`."""

    name: str
    summary: str
    build: Callable[[int, int, Mapping[str, OptionValue]], IndividualMovement]
    options: tuple[Option, ...] = ()


INDIVIDUAL_KINDS: Final[dict[str, IndividualKind]] = {
    kind.name: kind
    for kind in (
        IndividualKind(
            "individual",
            "every two players partners once and opponents twice (PLAYERSxBOARDS)",
            lambda players, boards, options: whist_individual(players, boards),
        ),
        IndividualKind(
            "rainbow-individual",
            "four lines of players round stationary boards (TABLESxBOARDS)",
            lambda tables, boards, options: rainbow_individual(
                tables, boards, rotate=bool(options.get("rotate"))
            ),
            (Option("rotate", "three moves in a round so a table's four meet alike"),),
        ),
    )
}
"""The individual kinds a spec can name, by name."""


def build_individual(text: str) -> IndividualMovement:
    """The individual movement a spec names: ``individual:PLAYERSxBOARDS`` (a whist
    individual) or ``rainbow-individual:TABLESxBOARDS[:rotate]``; a bad spec says what
    it expected, as :meth:`MovementSpec.parse` does."""
    spec = text.strip().lower()
    match = _SPEC.match(spec)
    kind = INDIVIDUAL_KINDS.get(match["kind"]) if match else None
    if match is None or kind is None:
        raise MovementError(
            _(
                "individual movement {text!r}: expected kind:NUMBERxBOARDS, e.g."
                " individual:13x2 (kinds: {kinds})",
                text=text,
                kinds=", ".join(INDIVIDUAL_KINDS),
            )
        )
    options: dict[str, OptionValue] = {}
    for item in match["options"].split(":")[1:]:
        name, equals, value = item.partition("=")
        option = next((o for o in kind.options if o.name == name), None)
        if option is None:
            raise MovementError(
                _(
                    "movement {spec!r}: {kind} takes no option {name!r} (options: {accepted})",
                    spec=text,
                    kind=kind.name,
                    name=name,
                    accepted=", ".join(o.name for o in kind.options) or "-",
                )
            )
        options[name] = option.read(value if equals else None, text)
    number, boards = _count(match["tables"], text), _count(match["boards"], text)
    try:
        tables = number // 4 if kind.name == "individual" else number
        check_most("tables", tables, MOST_TABLES_IN_A_MOVEMENT)
        check_most("boards a round", boards, MOST_BOARDS_PER_ROUND)
        return kind.build(number, boards, options)
    except MovementError as error:
        raise MovementError(_("movement {text!r}: {error}", text=text, error=error)) from None


def _count(digits: str, text: str) -> int:
    """A spec's number; one of more digits than any limit is refused before it is read."""
    if len(digits) > _DIGITS:
        raise MovementTooLargeError(
            _(
                "movement {text!r}: {digits}... is beyond every size limit",
                text=text[:40],
                digits=digits[:_DIGITS],
            )
        )
    return int(digits)


_DIGITS: Final = 9
"""The most digits of a spec's number (Python refuses to read one of thousands)."""


def _kind(name: str) -> Kind:
    kind = KINDS.get(name)
    if kind is None:
        accepted = ", ".join(KINDS)
        raise MovementError(
            _("unknown movement kind {text!r}: use one of {accepted}", text=name, accepted=accepted)
        )
    return kind


@lru_cache(maxsize=512)
def _built(spec: MovementSpec) -> Movement:
    return spec._build()


def _sorted(options: Mapping[str, OptionValue]) -> tuple[tuple[str, OptionValue], ...]:
    return tuple(sorted(options.items()))


def spec_of(kind: str, tables: int, boards_per_round: int, **options: OptionValue) -> MovementSpec:
    """A spec from its parts (options equal to ``False`` or ``None`` left out)."""
    kept = {k: v for k, v in options.items() if v is not False and v is not None}
    return MovementSpec(kind, tables, boards_per_round, _sorted(kept))


def build(text: str) -> Movement:
    """The movement a spec string names."""
    return MovementSpec.parse(text).build()


__all__ = [
    "INDIVIDUAL_KINDS",
    "KINDS",
    "IndividualKind",
    "Kind",
    "MovementSpec",
    "Option",
    "Size",
    "appendix_base",
    "build",
    "build_individual",
    "spec_of",
    "three_quarter_rounds",
]
