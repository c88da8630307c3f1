"""Howell movements: every pair meets every other pair (or, cut short, at most once).

A complete Howell for ``T`` tables has ``2T`` pairs, ``2T - 1`` rounds and ``2T - 1``
board sets. Ours are cyclic ("circle") Howells: pair ``2T`` sits North-South at table 1
throughout, and from one round to the next every other pair and every set advances by
one, counting round a circle of ``2T - 1``. So one round, the *base round*, fixes the
whole movement: for each table its North-South pair, its East-West pair and its set.
Each pair plays each set exactly once when ``set - pair`` takes every value once over
the base round's seats. The base rounds in :mod:`.howell_tables` were found by
:func:`search_base_round`, which also picks who sits North-South so that every two
pairs are compared as evenly as a cyclic Howell allows (``docs/howell.md``).

Cut short (``rounds`` fewer than ``2T - 1``), the first rounds are kept. When they
would leave a pair short of 70 % of the boards in use, sets that no pair plays twice
are merged into one (and, with fewer rounds than 70 % of the tables, shared between
tables of a round) until every pair plays 70 % of the boards in use; then tables are
turned round (NS and EW swapped) while that evens out the comparisons.

With an odd number of pairs the complete Howell is a cyclic one of its own
(:data:`.howell_tables.ODD_BASE_ROUNDS`): no pair is stationary, each sits out once. Cut
short, the even Howell loses its stationary pair, whose opponent of the round sits out.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from typing import Final

from bridgescore.errors import marked as _
from bridgescore.events.movements.howell_tables import (
    BASE_ROUNDS,
    EVEN_FIELD_ROUNDS,
    FIELD_ROUNDS,
    HALVED_HOWELLS,
    ODD_BASE_ROUNDS,
    SMALL_HOWELLS,
)
from bridgescore.events.movements.model import (
    Movement,
    MovementError,
    MovementKind,
    Round,
    Table,
    board_range,
    check_size,
)
from bridgescore.events.movements.short_howell import short_howell

MOST_TABLES: Final = max(BASE_ROUNDS)
"""The largest Howell built (20: a stored base round for every size from 4 tables)."""

Seat = tuple[int, int, int]
"""One table of a round: North-South pair, East-West pair, set (all counted from 0)."""


def expand(tables: int, base: Sequence[Seat]) -> list[list[Seat]]:
    """Every round of the cyclic Howell whose first round is ``base``.

    Pairs and sets below ``2T - 1`` advance by one a round (modulo ``2T - 1``);
    pair ``2T - 1`` (the pair numbered ``2T``) stays where it is.
    """
    n = 2 * tables - 1

    def move(pair: int, r: int) -> int:
        return pair if pair == n else (pair + r) % n

    return [[(move(ns, r), move(ew, r), (s + r) % n) for ns, ew, s in base] for r in range(n)]


def expand_odd(tables: int, base: Sequence[Seat]) -> list[list[Seat]]:
    """Every round of the cyclic Howell for ``2T - 1`` pairs whose first round is ``base``.

    ``base`` has ``T - 1`` tables; every pair and set advances by one a round (modulo
    ``2T - 1``), so the pair missing from ``base`` and its successors sit out in turn.
    """
    n = 2 * tables - 1
    return [[((ns + r) % n, (ew + r) % n, (s + r) % n) for ns, ew, s in base] for r in range(n)]


def expand_field(tables: int, prime: int, base: Sequence[Seat]) -> list[list[Seat]]:
    """Every round of the Howell for ``2T - 1 = prime ** k`` pairs on the additive group of
    GF(``2T - 1``) whose first round is ``base``.

    Pairs and sets are the group's elements, written as whole numbers whose base-``prime``
    digits are added without carry; round ``g`` is ``base`` moved by element ``g``, so
    pair ``g`` sits out round ``g`` when pair 0 sits out the first. Pair ``2T - 1`` (of
    ``2T`` pairs) stays where it is.
    """
    n = 2 * tables - 1

    def move(x: int, g: int) -> int:
        if x == n:
            return x  # the stationary pair of 2T pairs
        total, place = 0, 1
        while place < n:
            total += ((x // place + g // place) % prime) * place
            place *= prime
        return total

    return [[(move(ns, g), move(ew, g), move(s, g)) for ns, ew, s in base] for g in range(n)]


def _deviation(tables: int, base: Sequence[Seat]) -> int:
    """Sum over pair distances of (comparisons - (T - 1)) squared; 0 for a balanced Howell."""
    n = 2 * tables - 1
    north = [False] * n
    for ns, _ew, s in base:
        if ns != n:
            north[(s - ns) % n] = True
    deviation = 0
    for d in range(1, n):
        same = sum(north[u] == north[(u - d) % n] for u in range(n))
        deviation += (same - (tables - 1)) ** 2
    return deviation


def search_base_round(tables: int, *, seed: int = 0, attempts: int = 20000) -> tuple[Seat, ...]:
    """Search for a cyclic Howell's base round with the best balance found.

    A starter pairs the residues 1 to ``2T - 2`` so that the differences 1 to ``T - 1``
    are each used once (then every two pairs meet once); the sets are chosen so that
    ``set - pair`` is different at every seat (then every pair plays every set once),
    sharing a set between two tables only when no other way exists (2 and 3 tables);
    last, who sits North-South is chosen table by table for the least deviation
    from perfect balance. Stops at a balanced round (even ``T``) or one whose pairs
    are compared ``T - 2`` or ``T`` times (odd ``T``, the best a cyclic Howell can do).
    """
    check_size("tables", tables, 2)
    rng = random.Random(seed)
    n = 2 * tables - 1
    good_enough = 0 if tables % 2 == 0 else n - 1
    best: tuple[int, int, tuple[Seat, ...]] | None = None
    for _attempt in range(attempts):
        starter = _starter(tables, rng)
        if starter is None:
            continue
        for sharing in range(tables):
            sets = _adder(tables, starter, sharing, rng)
            if sets is not None:
                break
        else:
            continue
        base = _orient(tables, starter, sets)
        key = (sharing, _deviation(tables, base))
        if best is None or key < best[:2]:
            best = (*key, base)
        if best[0] == (0 if tables > 3 else best[0]) and best[1] <= good_enough:
            break
    if best is None:
        raise MovementError(_("no base round found for {tables} tables", tables=tables))
    return best[2]


def _starter(tables: int, rng: random.Random) -> list[tuple[int, int]] | None:
    n = 2 * tables - 1
    used = [True] + [False] * (n - 1)
    chosen: list[tuple[int, int]] = []
    differences = list(range(1, tables))
    rng.shuffle(differences)

    def place(i: int) -> bool:
        if i == len(differences):
            return True
        d = differences[i]
        options = [a for a in range(n) if not used[a] and not used[(a + d) % n]]
        rng.shuffle(options)
        for a in options:
            b = (a + d) % n
            used[a] = used[b] = True
            chosen.append((a, b))
            if place(i + 1):
                return True
            used[a] = used[b] = False
            chosen.pop()
        return False

    return chosen if place(0) else None


def _adder(
    tables: int, starter: list[tuple[int, int]], sharing: int, rng: random.Random
) -> list[int] | None:
    """Sets for the starter's tables (table 1 has set 0), at most ``sharing`` repeats."""
    n = 2 * tables - 1
    offsets = [True] + [False] * (n - 1)
    count = [1] + [0] * (n - 1)
    chosen: list[int] = []
    budget = [2000]

    def add(k: int, spare: int) -> bool:
        if k == len(starter):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        a, b = starter[k]
        options = list(range(n))
        rng.shuffle(options)
        for s in options:
            repeat = count[s] > 0
            if repeat and not spare:
                continue
            pa, pb = (s - a) % n, (s - b) % n
            if offsets[pa] or offsets[pb]:
                continue
            offsets[pa] = offsets[pb] = True
            count[s] += 1
            chosen.append(s)
            if add(k + 1, spare - repeat):
                return True
            offsets[pa] = offsets[pb] = False
            count[s] -= 1
            chosen.pop()
        return False

    return chosen if add(0, sharing) else None


def _orient(tables: int, starter: list[tuple[int, int]], sets: list[int]) -> tuple[Seat, ...]:
    """Who sits North-South at each table, for the least deviation from balance."""
    n = 2 * tables - 1
    best: tuple[int, tuple[Seat, ...]] | None = None
    for mask in range(1 << (tables - 1)):
        base: list[Seat] = [(n, 0, 0)]
        for k, ((a, b), s) in enumerate(zip(starter, sets, strict=True)):
            base.append((a, b, s) if mask >> k & 1 else (b, a, s))
        deviation = _deviation(tables, base)
        if best is None or deviation < best[0]:
            best = (deviation, tuple(base))
            if deviation == 0:
                break
    assert best is not None
    return best[1]


def _competition(grid: list[list[Seat]], pairs: int) -> dict[tuple[int, int], int]:
    """The pjms.nl two-pair scores of a schedule (see :mod:`.balance`)."""
    by_set: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for r, row in enumerate(grid):
        for k, (ns, ew, s) in enumerate(row):
            by_set[s].append((ns, 1, r * 1000 + k))
            by_set[s].append((ew, -1, r * 1000 + k))
    scores: dict[tuple[int, int], int] = defaultdict(int)
    for seats in by_set.values():
        half_top = len(seats) // 2 - 1
        for i, (p, dp, tp) in enumerate(seats):
            for q, dq, tq in seats[i + 1 :]:
                key = (min(p, q), max(p, q))
                scores[key] += half_top if tp == tq else dp * dq
    return scores


def _improve(grid: list[list[Seat]], pairs: int) -> list[list[Seat]]:
    """Turn tables round (swap NS and EW) while that lowers the pjms.nl sum of squares."""
    scores = _competition(grid, pairs)
    where: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for r, row in enumerate(grid):
        for k, (_ns, _ew, s) in enumerate(row):
            where[s].append((r, k))
    grid = [list(row) for row in grid]
    improved = True
    while improved:
        improved = False
        for r, row in enumerate(grid):
            for k, (ns, ew, s) in enumerate(row):
                changes: dict[tuple[int, int], int] = defaultdict(int)
                for r2, k2 in where[s]:
                    if (r2, k2) == (r, k):
                        continue
                    other_ns, other_ew, _set = grid[r2][k2]
                    # ns becomes EW: with other_ns from +1 to -1, with other_ew from -1 to +1.
                    for mover, sign in ((ns, -2), (ew, 2)):
                        changes[(min(mover, other_ns), max(mover, other_ns))] += sign
                        changes[(min(mover, other_ew), max(mover, other_ew))] -= sign
                delta = sum((scores[key] + c) ** 2 - scores[key] ** 2 for key, c in changes.items())
                if delta < 0:
                    for key, c in changes.items():
                        scores[key] += c
                    row[k] = (ew, ns, s)
                    improved = True
    return grid


def _merge_sets(grid: list[list[Seat]], *, sharing: bool) -> list[list[Seat]]:
    """Fewer sets for a cut-short schedule: two sets become one when no pair plays both.

    Without ``sharing`` two sets of one round stay apart too; the merging is a greedy
    colouring of the sets (most constrained first, DSatur).
    """
    in_use = sorted({s for row in grid for _ns, _ew, s in row})
    clash: dict[int, set[int]] = {s: set() for s in in_use}
    by_pair: dict[int, list[int]] = defaultdict(list)
    for row in grid:
        for ns, ew, s in row:
            by_pair[ns].append(s)
            by_pair[ew].append(s)
    groups = list(by_pair.values())
    if not sharing:
        groups.extend([s for _ns, _ew, s in row] for row in grid)
    for group in groups:
        for s in group:
            clash[s].update(t for t in group if t != s)
    colour: dict[int, int] = {}

    def urgency(s: int) -> tuple[int, int, int]:
        return (len({colour[t] for t in clash[s] if t in colour}), len(clash[s]), -s)

    while len(colour) < len(in_use):
        s = max((t for t in in_use if t not in colour), key=urgency)
        taken = {colour[t] for t in clash[s] if t in colour}
        colour[s] = next(c for c in range(len(in_use)) if c not in taken)
    return [[(ns, ew, colour[s]) for ns, ew, s in row] for row in grid]


def _place_sets(
    meetings: list[list[tuple[int, int]]], sets: int, rng: random.Random, budget: int
) -> list[list[Seat]] | None:
    """Sets for the meetings of each round: no pair plays a set twice, each set as often.

    Each round's tables get different sets when there are at least as many sets as
    tables, otherwise each set goes to at most ``ceil(tables / sets)`` tables (shared).
    """
    tables = len(meetings[0])
    cap = -(-tables // sets)
    most = -(-len(meetings) * tables // sets)
    played: dict[int, int] = defaultdict(int)
    count = [0] * sets
    cells = [(r, k) for r in range(len(meetings)) for k in range(tables)]
    chosen: dict[tuple[int, int], int] = {}
    at_round: list[list[int]] = [[0] * sets for _meeting in meetings]
    nodes = [budget]

    def search(index: int) -> bool:
        if index == len(cells):
            return True
        nodes[0] -= 1
        if nodes[0] < 0:
            return False
        r, k = cells[index]
        a, b = meetings[r][k]
        options = list(range(sets))
        rng.shuffle(options)
        options.sort(key=lambda s: count[s])
        for s in options:
            bit = 1 << s
            if played[a] & bit or played[b] & bit:
                continue
            if at_round[r][s] >= cap or count[s] >= most:
                continue
            played[a] |= bit
            played[b] |= bit
            count[s] += 1
            at_round[r][s] += 1
            chosen[(r, k)] = s
            if search(index + 1):
                return True
            played[a] ^= bit
            played[b] ^= bit
            count[s] -= 1
            at_round[r][s] -= 1
        return False

    if not search(0):
        return None
    return [
        [(a, b, chosen[(r, k)]) for k, (a, b) in enumerate(row)] for r, row in enumerate(meetings)
    ]


def _fewest_sets(rounds: int, tables: int, n: int) -> list[int]:
    """Set counts to try for a cut-short Howell, best first: all pairs play 70 % or more."""
    most = min(n, rounds * 10 // 7)
    return list(range(min(max(rounds, tables), most), most + 1)) or [most]


def complete_rounds(tables: int) -> list[list[Seat]]:
    """Every round of the stored complete Howell for ``tables`` tables."""
    if tables in SMALL_HOWELLS:
        return [list(row) for row in SMALL_HOWELLS[tables]]
    return expand(tables, BASE_ROUNDS[tables])


def _partial(tables: int, rounds: int, played: int) -> list[list[Seat]]:
    """The first ``rounds`` rounds, with sets merged until a pair playing ``played`` rounds
    plays 70 % of the boards in use."""
    kept = complete_rounds(tables)[:rounds]
    most = played * 10 // 7

    def in_use(grid: list[list[Seat]]) -> int:
        return len({s for row in grid for _ns, _ew, s in row})

    if in_use(kept) <= most:
        return kept
    if most < 1:
        raise MovementError(
            _("rounds: {rounds} round leaves a pair sitting out every board", rounds=rounds)
        )
    for sharing in (False, True):
        grid = _merge_sets(kept, sharing=sharing)
        if in_use(grid) <= most:
            return _improve(grid, 2 * tables)
    meetings = [[(ns, ew) for ns, ew, _set in row] for row in kept]
    rng = random.Random(rounds * 100 + tables)
    for sets in range(min(max(rounds, tables), most), most + 1):
        for _try in range(2):
            placed = _place_sets(meetings, sets, rng, 1500)
            if placed is not None:
                return _improve(placed, 2 * tables)
    raise MovementError(
        _(
            "rounds: no cut-short Howell of {rounds} rounds found for {tables} tables"
            " that gives every pair 70 % of the boards",
            rounds=rounds,
            tables=tables,
        )
    )


def howell_size(
    tables: int,
    boards_per_round: int,
    rounds: int | None,
    pairs: int | None,
    *,
    most: int,
    barometer: bool = False,
) -> tuple[int, int]:
    """A Howell's rounds and pairs, checked: at most ``most`` tables (from 2), rounds from 1
    to the complete ``2T - 1`` (its default), pairs ``2T`` (the default) or ``2T - 1``.
    ``barometer``: the errors name a barometer Howell."""
    check_size("tables", tables, 2)
    check_size("boards_per_round", boards_per_round, 1)
    if tables > most:
        raise MovementError(
            _("tables must be at most {most} for a barometer Howell, got {tables!r}",
              most=most, tables=tables)
            if barometer
            else _("tables must be at most {most} for a Howell, got {tables!r}",
                   most=most, tables=tables)
        )  # fmt: skip
    n = 2 * tables - 1
    if rounds is None:
        rounds = n
    check_size("rounds", rounds, 1)
    if rounds > n:
        raise MovementError(
            _("rounds must be at most {most} for a barometer Howell of {tables} tables,"
              " got {rounds!r}", most=n, tables=tables, rounds=rounds)
            if barometer
            else _("rounds must be at most {most} for a Howell of {tables} tables, got {rounds!r}",
                   most=n, tables=tables, rounds=rounds)
        )  # fmt: skip
    if pairs is None:
        pairs = 2 * tables
    if isinstance(pairs, bool) or not isinstance(pairs, int) or pairs not in (n + 1, n):
        raise MovementError(
            _(
                "pairs must be {full} or {short} for a Howell of {tables} tables, got {pairs!r}",
                full=n + 1,
                short=n,
                tables=tables,
                pairs=pairs,
            )
        )
    return rounds, pairs


def howell(
    tables: int,
    boards_per_round: int,
    rounds: int | None = None,
    *,
    pairs: int | None = None,
) -> Movement:
    """A Howell for ``tables`` tables; pair ids are ``"1"`` to ``"2T"`` (pair ``2T`` stationary).

    ``rounds`` defaults to the complete ``2T - 1``; fewer cut the Howell short
    (sets played unequally often are declared ``factored``). ``pairs`` defaults to
    ``2T``; with ``2T - 1`` pair ``r`` sits out in round ``r`` of a complete Howell (a
    cyclic one of its own), and cut short pair ``2T`` is left out: its opponent sits out.
    """
    rounds, pairs = howell_size(tables, boards_per_round, rounds, pairs, most=MOST_TABLES)
    n = 2 * tables - 1
    if rounds == n and boards_per_round % 2 == 0 and (tables, pairs) in HALVED_HOWELLS:
        return _halved(HALVED_HOWELLS[(tables, pairs)], boards_per_round // 2, pairs)
    if rounds == n and pairs == n + 1 and tables in EVEN_FIELD_ROUNDS:
        grid = expand_field(tables, *EVEN_FIELD_ROUNDS[tables])
    elif rounds == n and pairs == n and tables in FIELD_ROUNDS:
        grid = expand_field(tables, *FIELD_ROUNDS[tables])
    elif rounds == n and pairs == n and tables in ODD_BASE_ROUNDS:
        grid = expand_odd(tables, ODD_BASE_ROUNDS[tables])
    elif rounds == n:
        grid = complete_rounds(tables)
    else:
        found = short_howell(tables, boards_per_round, rounds, pairs=pairs)
        if found is not None:
            return found
        grid = _partial(tables, rounds, rounds - 1 if pairs == n else rounds)
    movement = _movement(grid, boards_per_round, sit_out=pairs == n)
    if pairs == n and (rounds < n or tables not in ODD_BASE_ROUNDS):  # 70 % of the boards
        short = [p for p in movement.problems() if p.code == "under-70-percent"]
        if short:
            raise MovementError(
                _(
                    "pairs: {pairs} pairs in {rounds} rounds leave a pair short of 70 % of the"
                    " boards ({problem})",
                    pairs=pairs,
                    rounds=rounds,
                    problem=short[0].message,
                )
            )
    return movement


def _halved(rows: Sequence[Sequence[tuple[int, int, int, int]]], half: int, pairs: int) -> Movement:
    """A Howell whose tables play two half-sets of ``half`` boards a round, one after the
    other (``(ns, ew, first, second)`` per table): no board at two tables in a round."""
    in_use = sorted({h for row in rows for _ns, _ew, *halves in row for h in halves})
    schedule: list[Round] = []
    for row in rows:
        seats = tuple(
            Table(k, str(ns + 1), str(ew + 1), board_range(first, half) + board_range(second, half))
            for k, (ns, ew, first, second) in enumerate(row, start=1)
        )
        seated = {p for ns, ew, _first, _second in row for p in (ns, ew)}
        at_tables = {h for _ns, _ew, *halves in row for h in halves}
        schedule.append(
            Round(
                tables=seats,
                sit_outs=tuple(str(p + 1) for p in range(pairs) if p not in seated),
                relay=tuple(b for h in in_use if h not in at_tables for b in board_range(h, half)),
            )
        )
    return Movement(kind=MovementKind.HOWELL, rounds=tuple(schedule))


def _movement(grid: list[list[Seat]], boards_per_round: int, *, sit_out: bool) -> Movement:
    """The movement of a schedule; with ``sit_out`` the pairs not at a table sit out.

    A schedule of ``2T`` pairs (a stationary pair ``2T - 1``) loses its stationary pair,
    whose opponent of the round sits out; one of ``2T - 1`` pairs (:func:`expand_odd`)
    seats all but one pair a round already.
    """
    everyone = sorted({p for row in grid for ns, ew, _s in row for p in (ns, ew)})
    missing = everyone[-1] if len(everyone) % 2 == 0 else -1
    in_use = sorted({s for row in grid for _ns, _ew, s in row})
    schedule: list[Round] = []
    plays: dict[int, int] = defaultdict(int)
    shared: set[int] = set()
    for row in grid:
        seats: list[Table] = []
        sitting_out: list[str] = []
        at_tables: list[int] = []
        seated = {p for ns, ew, _s in row for p in (ns, ew) if missing not in (ns, ew)}
        if sit_out:
            sitting_out = [str(p + 1) for p in everyone if p != missing and p not in seated]
        for ns, ew, s in row:
            if sit_out and missing in (ns, ew):
                continue
            if s in at_tables:
                shared.add(s)
            at_tables.append(s)
            plays[s] += 1
            seats.append(
                Table(len(seats) + 1, str(ns + 1), str(ew + 1), board_range(s, boards_per_round))
            )
        relay = tuple(
            b for s in in_use if s not in at_tables for b in board_range(s, boards_per_round)
        )
        schedule.append(Round(tables=tuple(seats), sit_outs=tuple(sitting_out), relay=relay))
    return Movement(
        kind=MovementKind.HOWELL,
        rounds=tuple(schedule),
        shared=frozenset(b for s in shared for b in board_range(s, boards_per_round)),
        factored=len(set(plays.values())) > 1,
    )
