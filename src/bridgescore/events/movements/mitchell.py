"""Mitchell movements: NS pairs stationary, EW pairs up one table, boards down one.

The forms (``docs/mitchell.md`` gives each one's published definition):

* :func:`mitchell` with an odd number of tables is the plain Mitchell. With an even
  number the EW pairs skip one table after half the rounds (E. T. Baker's skip
  Mitchell, ``even="skip"``, the default), or the boards pass a bye stand between
  tables T/2 and T/2 + 1 while tables 1 and T share a set (the relay-and-bye-stand
  Mitchell, ``even="relay"``). ``missing`` leaves out one pair of the last table
  (a half table: its opponents sit out), ``arrow_switch`` turns chosen rounds round
  so that the Mitchell has one winner (:func:`arrow_switch_rounds` picks them).
* :func:`appendix_mitchell`: a Mitchell on ``tables - 2`` tables with a whole table
  sharing table 1's boards and a half table where the EW pairs sit out in turn.
* :func:`hesitation_mitchell`: ``tables + 1`` rounds and sets; each EW pair plays
  one round NS at the last table.
* :func:`web_mitchell`: more tables than rounds; two groups of tables play two copies
  of the boards in opposite orders while the EW pairs move round the whole field.
* :func:`beynon_mitchell`: the appendix Mitchell in general, a prime base with up to as
  many appendix tables sharing its boards.
* :func:`scrambled_mitchell`: the arrow switches spread over rounds and tables.
* :func:`bump_mitchell`: one more NS pair, bumping the NS pairs in turn.
* :func:`stagger_mitchell`: two rows of tables sharing boards, EW down two tables, two
  stanzas of sets.

Played in full (``rounds == tables``), an even skip Mitchell ends in a revenge round
(EW meet the NS pair they started against); it is declared as such. By default an
even skip Mitchell of 4 or more tables plays ``tables - 1`` rounds, with no revenge.
Boards that a form puts at two tables in one round are declared ``shared``; sets that
a half table leaves played unequally often are declared ``factored``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

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
)

EVEN_FORMS: Final = ("skip", "relay")
"""The accepted values of ``mitchell(even=...)``: the skip, or the relay and bye stand."""

MISSING_PAIRS: Final = ("ns", "ew")
"""The accepted values of ``mitchell(missing=...)``: which pair of the last table is absent."""

_Seat = tuple[int, str, str, int]
"""One table in one round as planned: 0-based table, NS pair, EW pair, 0-based set."""


@dataclass(slots=True)
class _RoundPlan:
    """A round being planned: its seats, its sitting-out pairs, its sets on a relay."""

    seats: list[_Seat] = field(default_factory=list)
    sit_outs: list[str] = field(default_factory=list)
    relay: list[int] = field(default_factory=list)


def _choice(name: str, value: object, accepted: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in accepted:
        listed = ", ".join(repr(a) for a in accepted)
        raise MovementError(
            _(
                "{name} must be one of {listed}, got {value!r}",
                name=name,
                listed=listed,
                value=value,
            )
        )
    return value


def _check_switches(arrow_switch: object, rounds: int) -> frozenset[int]:
    if arrow_switch is None:
        return frozenset()
    if not isinstance(arrow_switch, tuple):
        raise MovementError(
            _(
                "arrow_switch must be a tuple of round numbers, got {arrow_switch!r}",
                arrow_switch=arrow_switch,
            )
        )
    seen: set[int] = set()
    for number in arrow_switch:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= rounds:
            raise MovementError(
                _(
                    "arrow_switch: round {number!r} is not in 1-{rounds}",
                    number=number,
                    rounds=rounds,
                )
            )
        if number in seen:
            raise MovementError(_("arrow_switch lists round {number} twice", number=number))
        seen.add(number)
    return frozenset(seen)


def _rounds_at_most(rounds: int | None, most: int, too_many: Message) -> int:
    """``rounds``, or ``most`` when it is None; ``too_many`` is raised when it is more."""
    if rounds is None:
        return most
    check_size("rounds", rounds, 1)
    if rounds > most:
        raise MovementError(too_many)
    return rounds


def _rounds_at_most_tables(rounds: int | None, tables: int) -> int:
    """``rounds``, or ``tables`` when it is None, refused when more than the tables."""
    return _rounds_at_most(
        rounds,
        tables,
        _(
            "rounds must be at most the {tables} tables, got {rounds!r}",
            tables=tables,
            rounds=rounds,
        ),
    )


def _moving_ew(table: int, r: int, tables: int, skip: int) -> str:
    """The EW pair at ``table`` (from 0) in round ``r`` (from 0) when the EW pairs go up one
    table a round round ``tables`` tables and skip one more after round ``skip``."""
    moved = r + (1 if r >= skip else 0)
    return f"{(table - moved) % tables + 1}EW"


def _planned(rounds: int, fill: Callable[[int, _RoundPlan], None]) -> list[_RoundPlan]:
    """Each round's plan, from 0 to ``rounds - 1``, as ``fill(r, plan)`` seats it."""
    plans = []
    for r in range(rounds):
        plan = _RoundPlan()
        fill(r, plan)
        plans.append(plan)
    return plans


def _movement(
    kind: MovementKind,
    plans: list[_RoundPlan],
    boards_per_round: int,
    *,
    revenge: frozenset[int] = frozenset(),
    switched: frozenset[int] = frozenset(),
) -> Movement:
    """The planned rounds as a :class:`Movement`, declaring what the plan shares and factors.

    Arrow-switched rounds (1-based) have every table's pairs the other way round.
    """
    rounds = []
    shared: set[int] = set()
    plays: Counter[int] = Counter()
    for number, plan in enumerate(plans, start=1):
        turned = number in switched
        tables = tuple(
            Table(
                table=table + 1,
                ns=ew if turned else ns,
                ew=ns if turned else ew,
                boards=board_range(board_set, boards_per_round),
            )
            for table, ns, ew, board_set in sorted(plan.seats)
        )
        sets_here = Counter(board_set for _table, _ns, _ew, board_set in plan.seats)
        plays.update(sets_here)
        for board_set, count in sets_here.items():
            if count > 1:
                shared.update(board_range(board_set, boards_per_round))
        relay = tuple(
            board
            for board_set in sorted(plan.relay)
            for board in board_range(board_set, boards_per_round)
        )
        rounds.append(Round(tables=tables, sit_outs=tuple(plan.sit_outs), relay=relay))
    return Movement(
        kind=kind,
        rounds=tuple(rounds),
        shared=frozenset(shared),
        factored=len(set(plays.values())) > 1,
        revenge_rounds=revenge,
    )


def arrow_switch_rounds(rounds: int, boards_per_round: int) -> tuple[int, ...]:
    """The last rounds to arrow-switch so that about one board in eight is played turned round.

    The number of rounds is the whole number nearest to one eighth of the ``rounds``
    rounds (halves rounded up), at least one: so the switched boards, that many rounds
    of ``boards_per_round``, come nearest to one eighth of the boards. 9 rounds switch
    the last one, 12 or 13 rounds the last two, as the EBU advises.
    """
    check_size("rounds", rounds, 1)
    check_size("boards_per_round", boards_per_round, 1)
    count = max(1, (rounds + 4) // 8)
    return tuple(range(rounds - count + 1, rounds + 1))


def mitchell(
    tables: int,
    boards_per_round: int,
    rounds: int | None = None,
    *,
    even: str = "skip",
    arrow_switch: tuple[int, ...] | None = None,
    missing: str | None = None,
    skip_after: int | None = None,
) -> Movement:
    """A Mitchell for ``tables`` tables; pairs are ``"1NS"``... and ``"1EW"``...

    ``even`` ("skip" or "relay") chooses the form for an even number of tables (an odd
    number needs neither). ``arrow_switch`` lists the 1-based rounds in which every
    table plays turned round (the EW pair sits NS). ``missing`` ("ns" or "ew") leaves
    out that pair of the last table; whoever would meet it sits out. ``skip_after`` is
    the round after which the EW pairs of an even skip Mitchell skip a table: from
    ``rounds - tables / 2`` (the earliest) to ``tables / 2`` (the default).
    """
    check_size("tables", tables, 2)
    check_size("boards_per_round", boards_per_round, 1)
    form = _choice("even", even, EVEN_FORMS)
    absent = None if missing is None else _choice("missing", missing, MISSING_PAIRS)
    is_even = tables % 2 == 0
    relay = is_even and form == "relay"
    if rounds is None:
        rounds = tables - 1 if is_even and not relay and tables >= 4 else tables
    rounds = _rounds_at_most_tables(rounds, tables)
    if relay and rounds != tables:
        raise MovementError(
            _(
                "rounds must be the {tables} tables in a relay Mitchell (curtail a skip"
                " Mitchell instead), got {rounds!r}",
                tables=tables,
                rounds=rounds,
            )
        )
    skip = _skip_round(tables, rounds, skip_after, is_even and not relay)
    switched = _check_switches(arrow_switch, rounds)
    half = tables // 2

    def fill(r: int, plan: _RoundPlan) -> None:
        for t in range(tables):
            if not relay:
                board_set = (t + r) % tables
            else:
                position = t if t < half else (t + 1) % tables  # table T shares with table 1
                board_set = (position + r) % tables
            ns, ew = f"{t + 1}NS", _moving_ew(t, r, tables, skip)
            absent_here = (absent == "ns" and t == tables - 1) or (
                absent == "ew" and ew == f"{tables}EW"
            )
            if absent_here:
                plan.sit_outs.append(ew if absent == "ns" else ns)
            else:
                plan.seats.append((t, ns, ew, board_set))
        if relay:
            plan.relay.append((half + r) % tables)

    plans = _planned(rounds, fill)
    revenge = frozenset({rounds}) if is_even and not relay and rounds == tables else frozenset()
    return _movement(
        MovementKind.MITCHELL, plans, boards_per_round, revenge=revenge, switched=switched
    )


def _skip_round(tables: int, rounds: int, skip_after: int | None, skips: bool) -> int:
    """The 0-based round from which EW pairs are one table further on (``rounds``: never)."""
    if not skips:
        if skip_after is not None:
            raise MovementError(
                _(
                    "skip_after applies only to a skip Mitchell of an even number of tables,"
                    " got skip_after={skip_after!r} with {tables} tables",
                    skip_after=skip_after,
                    tables=tables,
                )
            )
        return rounds
    half = tables // 2
    if skip_after is None:
        return half
    earliest = max(rounds - half, 0)
    latest = min(half, rounds)
    if (
        isinstance(skip_after, bool)
        or not isinstance(skip_after, int)
        or not earliest <= skip_after <= latest
    ):
        raise MovementError(
            _(
                "skip_after must be from {earliest} (rounds - tables / 2) to {latest}"
                " for {rounds} rounds at {tables} tables, got {skip_after!r}",
                earliest=earliest,
                latest=latest,
                rounds=rounds,
                tables=tables,
                skip_after=skip_after,
            )
        )
    return skip_after


def appendix_mitchell(tables: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """A 1½-table appendix Mitchell: ``2 * tables - 1`` pairs, ``tables - 2`` sets.

    The boards move round a Mitchell of the first ``tables - 2`` tables (a skip one,
    skipping after half its rounds, when that is even); table ``tables - 1`` shares
    table 1's boards; the last table is a half table whose NS pair is missing, so the
    EW pair that reaches it sits out. The pairs move as in a Mitchell of ``tables``
    tables. Pairs are ``"1NS"`` to ``"{tables - 1}NS"`` and ``"1EW"`` to
    ``"{tables}EW"``.
    """
    check_size("tables", tables, 4)
    check_size("boards_per_round", boards_per_round, 1)
    base = tables - 2
    rounds = _rounds_at_most(
        rounds,
        base,
        _(
            "rounds must be at most the {sets} sets of a {tables}-table appendix Mitchell,"
            " got {rounds!r}",
            sets=base,
            tables=tables,
            rounds=rounds,
        ),
    )
    skip = base // 2 if base % 2 == 0 else rounds

    def fill(r: int, plan: _RoundPlan) -> None:
        for t in range(tables):
            ew = _moving_ew(t, r, tables, skip)
            if t == tables - 1:
                plan.sit_outs.append(ew)
                continue
            board_set = ((0 if t == base else t) + r) % base
            plan.seats.append((t, f"{t + 1}NS", ew, board_set))

    return _movement(MovementKind.MITCHELL, _planned(rounds, fill), boards_per_round)


def hesitation_mitchell(tables: int, boards_per_round: int) -> Movement:
    """A hesitation Mitchell: ``tables + 1`` rounds and sets, every pair plays every set.

    NS pairs 1 to ``tables - 1`` are stationary; the ``tables + 1`` moving pairs
    ``"1EW"`` to ``"{tables + 1}EW"`` go up one table, and after playing EW at the last
    table play NS there for one round before going to table 1. With an odd number of
    tables one set is on a relay between tables (T - 1)/2 and (T + 1)/2; with an even
    number two sets are on a relay between tables T/2 and T/2 + 1 and the last table
    shares table 1's boards. Two moving pairs meet at the last table, so the movement
    is not a true Mitchell: its kind is :attr:`MovementKind.OTHER`.
    """
    check_size("tables", tables, 3)
    check_size("boards_per_round", boards_per_round, 1)
    sets = tables + 1
    if tables % 2:
        before = (tables - 1) // 2
        positions = [t if t < before else t + 1 for t in range(tables)]
        relays = [before]
    else:
        before = tables // 2
        positions = [t if t < before else t + 2 for t in range(tables - 1)] + [0]
        relays = [before, before + 1]

    def fill(r: int, plan: _RoundPlan) -> None:
        # The moving pairs' seats in order: EW at tables 1..T, then NS at table T.
        seated = {(m + r) % sets: f"{m + 1}EW" for m in range(sets)}
        for t in range(tables):
            ns = seated[tables] if t == tables - 1 else f"{t + 1}NS"
            plan.seats.append((t, ns, seated[t], (positions[t] + r) % sets))
        plan.relay.extend((p + r) % sets for p in relays)

    return _movement(MovementKind.OTHER, _planned(sets, fill), boards_per_round)


def web_mitchell(tables: int, boards_per_round: int, rounds: int) -> Movement:
    """A Web Mitchell: an even number of tables, ``rounds`` sets in two copies, fewer rounds.

    Tables 1 to T/2 play the sets in ascending order, the rest in descending order,
    both groups passing boards down one table and through a relay of the sets not at
    their tables; the EW pairs move up one table round the whole field, skipping one
    table after half the rounds when ``rounds`` is even. Every pair plays every set; each
    set is at two tables (one per group) in most rounds, so every board is declared shared.
    ``rounds`` must be from half the tables to one fewer than the tables.
    """
    check_size("tables", tables, 4)
    check_size("boards_per_round", boards_per_round, 1)
    if tables % 2:
        raise MovementError(
            _("tables must be even for a Web Mitchell, got {tables!r}", tables=tables)
        )
    half = tables // 2
    check_size("rounds", rounds, 1)
    if not half <= rounds < tables:
        raise MovementError(
            _(
                "rounds must be from {half} (half the tables) to {most} (fewer than the"
                " tables) for a Web Mitchell of {tables} tables, got {rounds!r}",
                half=half,
                most=tables - 1,
                tables=tables,
                rounds=rounds,
            )
        )
    skip = rounds // 2 if rounds % 2 == 0 else rounds

    def fill(r: int, plan: _RoundPlan) -> None:
        for t in range(tables):
            # The first group plays the sets upwards, the second downwards.
            board_set = (t + r if t < half else 2 * half - 2 - t - r) % rounds
            plan.seats.append((t, f"{t + 1}NS", _moving_ew(t, r, tables, skip), board_set))
        at_tables = {s for _table, _ns, _ew, s in plan.seats}
        plan.relay.extend(s for s in range(rounds) if s not in at_tables)

    return _movement(MovementKind.MITCHELL, _planned(rounds, fill), boards_per_round)


def beynon_mitchell(
    base: int, appendix: int, boards_per_round: int, rounds: int | None = None
) -> Movement:
    """An appendix Mitchell: ``base`` tables of moving pairs with ``appendix`` tables appended.

    The boards move down one table round the ``base`` tables and never leave them;
    appendix table ``base + j`` stands beside table ``j`` and shares its boards. At those
    ``appendix`` tables (the dual section) table ``j`` keeps a stationary NS pair and
    table ``base + j`` a stationary EW pair; everyone else moves, the NS pairs up one
    place, the EW pairs down two places round the ``base`` places, a moving NS pair
    taking the appendix table when it reaches the dual section and a moving EW pair
    the base table (D. Beynon's movement; see ``docs/mitchell.md``). Each pair starts
    at the table of its number (``"1NS"``... ``"{T}EW"``, ``T = base + appendix``) and
    plays every set once in the ``base`` rounds. Moving pairs meet at most once when
    ``base`` is odd and not a multiple of 3 (the published bases 5, 7, 11, 13...):
    they close on each other three places a round.
    """
    check_size("base", base, 5)
    check_size("appendix", appendix, 1)
    check_size("boards_per_round", boards_per_round, 1)
    if base % 2 == 0 or base % 3 == 0:
        raise MovementError(
            _(
                "base must be odd and not a multiple of 3 (5, 7, 11, 13, ...) for an appendix"
                " Mitchell, got {base!r}",
                base=base,
            )
        )
    if appendix > base:
        raise MovementError(
            _(
                "appendix must be at most the {base} base tables, got {appendix!r}",
                base=base,
                appendix=appendix,
            )
        )
    rounds = _rounds_at_most(
        rounds,
        base,
        _(
            "rounds must be at most the {base} base tables, got {rounds!r}",
            base=base,
            rounds=rounds,
        ),
    )

    def fill(r: int, plan: _RoundPlan) -> None:
        ns_at = {(m + r) % base: m for m in range(base)}  # place -> moving NS pair's start
        ew_at = {(m - 2 * r) % base: m for m in range(base)}
        for place in range(base):
            board_set = (place + r) % base
            ns_start, ew_start = ns_at[place], ew_at[place]
            ns = f"{ns_start + (base if ns_start < appendix else 0) + 1}NS"
            ew = f"{ew_start + 1}EW"
            if place < appendix:
                plan.seats.append((place, f"{place + 1}NS", ew, board_set))
                plan.seats.append((base + place, ns, f"{base + place + 1}EW", board_set))
            else:
                plan.seats.append((place, ns, ew, board_set))

    return _movement(MovementKind.MITCHELL, _planned(rounds, fill), boards_per_round)


# The stored switches of scrambled_mitchell at its default length: "round.table" cells
# (from 1) played turned round, found by scripts/search_scrambled.py (a hill climb on the
# balance quality from the spread pattern and from the last rounds switched).
SCRAMBLED: Final[dict[int, str]] = {
    # 3 tables: quality 59.21 (two-board rounds)
    3: "1.1 1.3 2.3 3.2",
    # 4 tables: quality 39.29 (two-board rounds)
    4: "1.1 1.3 2.2 2.3 3.1 3.2",
    # 5 tables: quality 73.05 (two-board rounds)
    5: "1.1 2.4 3.2 4.5",
    # 6 tables: quality 58.42 (two-board rounds)
    6: "1.4 1.5 3.2 4.6",
    # 7 tables: quality 91.00 (two-board rounds)
    7: "1.1 2.5 3.2 4.6 5.3 6.7 7.4",
    # 8 tables: quality 71.39 (two-board rounds)
    8: "7.1 7.2 7.3 7.4 7.5 7.6 7.7 7.8",
    # 9 tables: quality 93.29 (two-board rounds)
    9: "9.1 9.2 9.3 9.4 9.5 9.6 9.7 9.8 9.9",
    # 10 tables: quality 76.79 (two-board rounds)
    10: "1.3 1.5 1.6 4.1 4.3 4.9 4.10 6.4 6.7 6.9 7.1 8.5 8.7 9.4 9.6 9.8",
    # 11 tables: quality 91.93 (two-board rounds)
    11: "1.1 1.11 2.7 3.2 4.8 4.9 5.3 5.5 6.4 6.9 7.4 7.8 8.10 9.5 10.11 11.6",
    # 12 tables: quality 80.41 (two-board rounds)
    12: (
        "1.5 1.11 1.12 2.3 2.9 2.11 2.12 3.2 3.8 4.1 5.1 5.8 5.9 6.6 6.11 7.2 7.7 8.5 "
        "8.9 10.10 10.12 11.2 11.3"
    ),
    # 13 tables: quality 93.23 (two-board rounds)
    13: (
        "1.1 1.4 2.7 2.8 2.11 3.2 3.5 4.12 5.3 5.6 6.10 6.13 7.4 7.7 8.1 9.5 9.8 10.2 "
        "10.12 11.6 11.9 12.3 12.13 13.10"
    ),
    # 14 tables: quality 83.61 (two-board rounds)
    14: (
        "1.9 1.11 1.12 2.7 2.8 2.10 4.6 4.8 6.14 7.3 7.5 8.8 8.12 9.1 9.3 12.3 12.4 "
        "12.5 12.6 12.8 12.9 12.10 12.11 12.12 12.13 12.14 13.1 13.2 13.9 13.11 13.13"
    ),
    # 15 tables: quality 95.28 (two-board rounds)
    15: (
        "14.1 14.2 14.3 14.4 14.5 14.6 14.7 14.8 14.9 14.10 14.11 14.12 14.13 14.14 "
        "14.15 15.1 15.2 15.3 15.4 15.5 15.6 15.7 15.8 15.9 15.10 15.11 15.12 15.13 "
        "15.14 15.15"
    ),
    # 16 tables: quality 83.76 (two-board rounds)
    16: (
        "1.1 1.5 1.9 1.13 3.6 3.10 3.13 3.14 5.3 5.7 5.11 6.5 7.4 7.8 7.12 7.16 9.2 "
        "10.2 10.6 10.10 10.14 11.16 12.3 12.7 12.9 12.11 12.15 13.11 14.1 14.4 14.8 "
        "14.12 14.15 14.16"
    ),
    # 17 tables: quality 95.26 (two-board rounds)
    17: (
        "1.1 1.5 2.10 2.14 2.15 3.2 3.6 3.7 4.11 4.15 5.3 5.7 5.8 6.12 6.16 7.4 7.8 "
        "8.13 8.17 9.5 9.6 9.9 10.1 10.14 10.17 11.6 11.10 11.16 12.2 12.15 13.7 "
        "13.11 14.3 14.16 15.8 15.12 16.4 16.17 17.9 17.13"
    ),
    # 18 tables: quality 86.53 (two-board rounds)
    18: (
        "1.3 1.10 2.14 3.1 3.2 4.9 4.12 6.4 6.5 6.7 6.11 6.16 8.8 8.15 11.5 11.6 "
        "11.11 11.12 11.16 12.3 12.10 14.2 14.17 14.18 15.1 16.5 16.6 16.8 16.9 16.10 "
        "16.11 16.12 16.13 16.14 16.17 17.1 17.2 17.3 17.4 17.5 17.6 17.7 17.8 17.13 "
        "17.14 17.15 17.16 17.17 17.18"
    ),
    # 19 tables: quality 95.53 (two-board rounds)
    19: (
        "2.1 2.17 3.8 6.14 7.2 7.5 7.9 7.10 7.19 11.3 11.4 11.16 12.7 12.12 14.5 "
        "14.11 16.6 18.1 18.2 18.3 18.4 18.5 18.6 18.7 18.8 18.9 18.10 18.11 18.12 "
        "18.13 18.14 18.15 18.16 18.17 18.18 18.19 19.1 19.2 19.3 19.4 19.6 19.7 19.8 "
        "19.9 19.10 19.13 19.15 19.16 19.17 19.18 19.19"
    ),
    # 20 tables: quality 87.25 (two-board rounds)
    20: (
        "3.1 3.6 3.8 3.11 3.19 4.6 5.16 7.20 9.11 9.13 10.4 10.5 11.2 11.12 11.14 "
        "11.18 11.19 12.7 12.10 13.3 13.9 13.15 13.17 16.2 16.9 16.18 17.5 18.2 18.3 "
        "18.4 18.5 18.6 18.8 18.10 18.12 18.13 18.14 18.15 18.16 18.17 18.18 19.1 "
        "19.3 19.4 19.7 19.8 19.9 19.10 19.11 19.12 19.13 19.16 19.17 19.19 19.20"
    ),
}


def scrambled_mitchell(
    tables: int,
    boards_per_round: int,
    rounds: int | None = None,
    *,
    even: str = "skip",
    per_round: int | None = None,
) -> Movement:
    """A Mitchell with its arrow switches spread over the field, for one winner.

    Instead of every table switching in the last rounds, ``per_round`` tables switch in
    every round (default: as many as :func:`arrow_switch_rounds` would switch rounds):
    the table of NS pair ``t`` against EW pair ``q`` is turned round when ``t + q``
    (numbers counted from 0, round the ``tables``) is one of ``per_round`` values
    spaced evenly. With an odd number of tables every round then has ``per_round``
    tables turned, and every pair is turned in ``per_round`` rounds, as the last-rounds
    switch would turn it, on different boards at different tables; a switch forgotten
    at one table spoils one table's boards, not the field's. (With an even number the
    skip leaves some rounds without a switch.) The other arguments are
    :func:`mitchell`'s.

    At the default length and ``per_round`` (and the skip form), the switches are the
    ones stored in :data:`SCRAMBLED` where the search found better-balanced spread
    switches than this pattern.
    """
    stored = SCRAMBLED.get(tables) if rounds is None and per_round is None else None
    plain = mitchell(tables, boards_per_round, rounds, even=even)
    if stored is not None and even == "skip":
        pairs = [cell.partition(".") for cell in stored.split()]
        return _turned(plain, {(int(r) - 1, int(t)) for r, _dot, t in pairs})
    if per_round is None:
        per_round = len(arrow_switch_rounds(len(plain.rounds), boards_per_round))
    check_size("per_round", per_round, 1)
    if per_round > tables:
        raise MovementError(
            _(
                "per_round must be at most the {tables} tables, got {per_round!r}",
                tables=tables,
                per_round=per_round,
            )
        )
    values = {k * tables // per_round for k in range(per_round)}
    cells = {
        (number - 1, t.table)
        for number, rnd in enumerate(plain.rounds, start=1)
        for t in rnd.tables
        if (int(t.ns[:-2]) + int(t.ew[:-2]) - 2) % tables in values
    }
    return _turned(plain, cells)


def _turned(plain: Movement, cells: set[tuple[int, int]]) -> Movement:
    """``plain`` with the tables of ``cells`` (round from 0, table number) turned round."""
    rounds_out = []
    for number, rnd in enumerate(plain.rounds):
        turned = tuple(
            Table(table=t.table, ns=t.ew, ew=t.ns, boards=t.boards)
            if (number, t.table) in cells
            else t
            for t in rnd.tables
        )
        rounds_out.append(Round(tables=turned, sit_outs=rnd.sit_outs, relay=rnd.relay))
    return Movement(
        kind=plain.kind,
        rounds=tuple(rounds_out),
        shared=plain.shared,
        factored=plain.factored,
        revenge_rounds=plain.revenge_rounds,
    )


def bump_mitchell(tables: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """A bump (displacement) Mitchell: a Mitchell of ``tables`` tables and one more NS pair.

    The extra pair ``"{T+1}NS"`` sits out round 1, then takes the NS seat at table 1
    for the rest of the session, bumping pair ``1NS``, who sits out round 2 and then
    takes table 2's NS seat, bumping ``2NS``, and so on: each bumped pair sits out one
    round and goes to the next table up. EW pairs move as in :func:`mitchell` (a skip
    Mitchell with an even number of tables, skipping after round ``T/2``). At most
    ``tables - 1`` rounds (the default): in a last round the bumped pairs would meet
    boards they played. From 7 tables, where a pair that sits out still plays 70 % of
    the boards.
    """
    check_size("tables", tables, 7)
    check_size("boards_per_round", boards_per_round, 1)
    most = tables - 1
    rounds = _rounds_at_most(
        rounds,
        most,
        _(
            "rounds must be at most {most} (one fewer than the tables) for a bump"
            " Mitchell, got {rounds!r}",
            most=most,
            rounds=rounds,
        ),
    )
    skip = tables // 2 if tables % 2 == 0 else rounds

    def fill(r: int, plan: _RoundPlan) -> None:
        # Round r (from 0): tables 1 to r hold the pair bumped from the table below
        # (table 1 the extra pair); the pair of table r + 1 sits out (round 1: the extra).
        plan.sit_outs.append(f"{tables + 1}NS" if r == 0 else f"{r}NS")
        for t in range(tables):
            ns = f"{t + 1}NS"
            if t < r:
                ns = f"{tables + 1}NS" if t == 0 else f"{t}NS"
            board_set = (t + r) % tables
            plan.seats.append((t, ns, _moving_ew(t, r, tables, skip), board_set))

    return _movement(MovementKind.MITCHELL, _planned(rounds, fill), boards_per_round)


def stagger_mitchell(tables: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """A stagger Mitchell: an even number of tables in two rows sharing boards, two stanzas.

    Table ``j`` of the first row (tables 1 to T/2) and table ``j + T/2`` of the second
    share a set. NS pairs stay; the boards go down one table within their row; the EW
    pairs go down two tables a round round all the tables, so in the first stanza
    (T/2 rounds, sets 1 to T/2) each meets the NS pairs of every other table and plays
    each of those sets once. At the stanza break a new set goes on every pair of tables
    (sets T/2 + 1 to T) and the EW pairs go down one table instead of two, so in the
    second stanza they meet the other NS pairs. Played in full (``rounds == tables``, the
    default) every EW pair meets every NS pair once and plays every set once; the first
    stanza's boards can be scored at the break. The EBU's stagger movement for teams,
    with pairs (``docs/mitchell.md``). Pairs are ``"1NS"``... and ``"1EW"``..., EW pair
    ``e`` starting at table ``e``. Every set is shared by two tables.
    """
    check_size("tables", tables, 4)
    check_size("boards_per_round", boards_per_round, 1)
    if tables % 2:
        raise MovementError(
            _(
                "tables must be even for a stagger Mitchell (two rows), got {tables!r}",
                tables=tables,
            )
        )
    rounds = _rounds_at_most_tables(rounds, tables)
    half = tables // 2

    def fill(r: int, plan: _RoundPlan) -> None:
        stanza, step = divmod(r, half)
        for t in range(tables):
            ew = (t + 2 * step - stanza) % tables
            board_set = stanza * half + (t + step) % half
            plan.seats.append((t, f"{t + 1}NS", f"{ew + 1}EW", board_set))

    return _movement(MovementKind.MITCHELL, _planned(rounds, fill), boards_per_round)


__all__ = [
    "EVEN_FORMS",
    "MISSING_PAIRS",
    "SCRAMBLED",
    "appendix_mitchell",
    "arrow_switch_rounds",
    "beynon_mitchell",
    "bump_mitchell",
    "hesitation_mitchell",
    "mitchell",
    "scrambled_mitchell",
    "stagger_mitchell",
    "web_mitchell",
]
