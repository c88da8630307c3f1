"""Movement spec strings: a short name for a generated movement, parsed and built.

A spec is ``kind:TABLESxBOARDS`` followed by options, each ``:name`` or
``:name=value``: ``howell:6x3`` (a complete 6-table Howell, 3 boards a round),
``howell:6x3:rounds=8``, ``howell:6x3:pairs=11``, ``mitchell:8x3:relay``,
``mitchell:7x4:missing=ew``, ``mitchell:9x3:switch``, ``appendix:11x3``,
``hesitation:7x3``, ``web:16x3:rounds=9``.
``str(MovementSpec.parse(text))`` gives the text back in its one spelling
(options in name order), and :meth:`MovementSpec.build` makes the movement.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from bridgescore.events.movements.howell import howell
from bridgescore.events.movements.mitchell import (
    MISSING_PAIRS,
    appendix_mitchell,
    arrow_switch_rounds,
    hesitation_mitchell,
    mitchell,
    web_mitchell,
)
from bridgescore.events.movements.model import Movement, MovementError

OptionValue = int | str | bool
Builder = Callable[[int, int, Mapping[str, OptionValue]], Movement]


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
            if text is None or not text.isdigit():
                raise MovementError(
                    f"movement {spec!r}: option {self.name!r} needs a whole number"
                    f" ({self.name}=N), got {text!r}"
                )
            return int(text)
        if self.words:
            if text is None or text.lower() not in self.words:
                raise MovementError(
                    f"movement {spec!r}: option {self.name!r} must be one of"
                    f" {', '.join(self.words)}, got {text!r}"
                )
            return text.lower()
        if text is not None:
            raise MovementError(
                f"movement {spec!r}: option {self.name!r} is a flag and takes no value,"
                f" got {text!r}"
            )
        return True


@dataclass(frozen=True, slots=True)
class Kind:
    """A movement family a spec can name: its generator and the options it takes."""

    name: str
    summary: str
    build: Builder
    options: tuple[Option, ...] = ()

    def option(self, name: str, spec: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        accepted = ", ".join(o.name for o in self.options) or "none"
        raise MovementError(
            f"movement {spec!r}: {self.name} takes no option {name!r} (options: {accepted})"
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


_ROUNDS = Option("rounds", "play this many rounds (fewer than the full movement)", number=True)

KINDS: Final[dict[str, Kind]] = {
    kind.name: kind
    for kind in (
        Kind(
            "mitchell",
            "NS stationary, EW up one table, boards down one (a skip when tables are even)",
            _mitchell,
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
            (_ROUNDS, Option("pairs", "an odd number of pairs: one sits out", number=True)),
        ),
        Kind(
            "appendix",
            "a Mitchell with a half table played as an appendix (tables counts it)",
            _appendix,
            (_ROUNDS,),
        ),
        Kind("hesitation", "a Mitchell of T+1 rounds in which EW play one round NS", _hesitation),
        Kind(
            "web",
            "a Web Mitchell: more tables than rounds, two copies of each board",
            _web,
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
        """Read ``kind:TxB[:option[=value]]...``; a bad spec says what it expected."""
        spec = text.strip().lower()
        match = _SPEC.match(spec)
        if match is None:
            raise MovementError(
                f"movement {text!r}: expected kind:TABLESxBOARDS with options after colons,"
                f" e.g. howell:6x3 or mitchell:8x3:relay (kinds: {', '.join(KINDS)})"
            )
        kind = KINDS.get(match["kind"])
        if kind is None:
            raise MovementError(
                f"movement {text!r}: unknown kind {match['kind']!r}: use one of {', '.join(KINDS)}"
            )
        options: dict[str, OptionValue] = {}
        for item in match["options"].split(":")[1:]:
            name, equals, value = item.partition("=")
            if name in options:
                raise MovementError(f"movement {text!r}: option {name!r} given twice")
            options[name] = kind.option(name, text).read(value if equals else None, text)
        return cls(match["kind"], int(match["tables"]), int(match["boards"]), _sorted(options))

    def __str__(self) -> str:
        parts = [f"{self.kind}:{self.tables}x{self.boards_per_round}"]
        for name, value in self.options:
            parts.append(name if value is True else f"{name}={value}")
        return ":".join(parts)

    def build(self) -> Movement:
        """The movement this spec names (a :class:`MovementError` when it cannot exist).
        Movements are values, so each spec is built once and the value shared."""
        return _built(self)

    def _build(self) -> Movement:
        kind = KINDS.get(self.kind)
        if kind is None:
            accepted = ", ".join(KINDS)
            raise MovementError(f"unknown movement kind {self.kind!r}: use one of {accepted}")
        try:
            return kind.build(self.tables, self.boards_per_round, dict(self.options))
        except MovementError as error:
            raise MovementError(f"movement {str(self)!r}: {error}") from None


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


__all__ = ["KINDS", "Kind", "MovementSpec", "Option", "build", "spec_of"]
