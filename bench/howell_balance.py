"""Balance of our complete Howells beside published ones: prints the table in docs/howell.md.

Run by hand: ``.venv/bin/python bench/howell_balance.py``. Every movement is measured with
two boards a round (so that the 3-table Howells can play two half-sets a round).
"Compared" is the fewest and most boards on which two pairs play the same direction at
different tables (a balanced Howell compares every two pairs on ``T - 1`` sets,
``T - 2`` with ``2T - 1`` pairs); "Qf" is the pjms.nl quality factor (100 is perfect). See
docs/howell.md for both definitions.

The published movements are rebuilt here from the movement as printed at the source (the
facts of who sits where and which set each table plays), then measured by our own
:meth:`Movement.balance`. For an odd number of pairs a published even Howell is played with
one pair missing; the row gives the best pair to leave out.
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgescore.events.movements import MOST_TABLES, Movement, MovementKind, Round, Table, howell

BRIDGECENTRAL = "http://www.bridgecentral.com/MvtHTML/comparisonofpairs.htm"
BRIDGEWX = (
    "https://github.com/BusyHarry/BridgeWx/blob/628afefb12d30c0eb9df647c61f966de24c5d8d8"
    "/src/schemaData.cpp"
)
"""The BridgeWx scorer's table of Dutch club movements ("schema's"), each printed as the set
at every table in every round (a negative set: the boards of that table, shared) and the
table of every pair in every round (negative: East-West). Set ``s`` is boards ``2s - 1``
and ``2s`` here."""


def bridgecentral_four_tables() -> Movement:
    """The balanced 4-table Howell printed on bridgecentral.com's "Comparison of pairs".

    Round ``r``: 8 v ``r`` on set ``r``; then, counting pairs 1-7 and sets 1-7 round a
    circle, ``6+r-1`` v ``3+r-1`` on set ``4+r-1``, ``7+r-1`` v ``2+r-1`` on set
    ``6+r-1`` and ``4+r-1`` v ``5+r-1`` on set ``7+r-1`` (North-South first).
    """

    def up(x: int, r: int) -> int:
        return (x - 1 + r) % 7 + 1

    rounds = []
    for r in range(7):
        seats = [(8, r + 1, r + 1)] + [
            (up(ns, r), up(ew, r), up(s, r)) for ns, ew, s in ((6, 3, 4), (7, 2, 6), (4, 5, 7))
        ]
        tables = tuple(
            Table(k + 1, str(ns), str(ew), (2 * s - 1, 2 * s))
            for k, (ns, ew, s) in enumerate(seats)
        )
        rounds.append(Round(tables=tuple(tables)))
    return Movement(kind=MovementKind.HOWELL, rounds=tuple(rounds))


def _rows(text: str) -> list[list[int]]:
    return [[int(v) for v in line.split()] for line in text.strip().splitlines()]


def schema(sets_text: str, places_text: str, *, missing: int | None = None) -> Movement:
    """A movement printed in the BridgeWx form: a row of sets per table (one per round;
    ``-k``: table ``k``'s set, shared) and a row of tables per pair (``-t``: East-West at
    table ``t``). With ``missing``, that pair is absent and its opponent sits out."""
    sets, places = _rows(sets_text), _rows(places_text)
    schedule = []
    shared: set[int] = set()
    for r in range(len(sets[0])):
        at: dict[int, list[str]] = {}
        for pair, row in enumerate(places, start=1):
            table = row[r]
            at.setdefault(abs(table), ["", ""])[0 if table > 0 else 1] = str(pair)
        seats: list[Table] = []
        out: list[str] = []
        used: set[int] = set()
        for table in sorted(at):
            ns, ew = at[table]
            if missing is not None and str(missing) in (ns, ew):
                out.append(ew if ns == str(missing) else ns)
                continue
            board = sets[table - 1][r]
            if board < 0:
                board = sets[-board - 1][r]
            if board in used:
                shared.add(board)
            used.add(board)
            seats.append(Table(table, ns, ew, (2 * board - 1, 2 * board)))
        schedule.append(Round(tables=tuple(seats), sit_outs=tuple(out)))
    boards = frozenset(b for s in shared for b in (2 * s - 1, 2 * s))
    return Movement(kind=MovementKind.HOWELL, rounds=tuple(schedule), shared=boards)


# The movements as printed in BridgeWx's schemaData.cpp (names as there).
HOWEL06 = (
    """
    1 1 1 3 5
    2 4 4 4 -1
    3 3 2 2 -1""",
    """
    1 3 2 3 1
    -1 -2 3 -1 2
    2 -3 1 -2 -2
    -2 1 -2 1 3
    3 2 -1 -3 -3
    -3 -1 -3 2 -1""",
)
"""``5howel06.1-1``: 3 tables, 6 pairs, 5 rounds; table 3 takes table 2's set in round 5."""

HOWEL08 = (
    """
    1 6 7 2 5 3 4
    2 5 3 4 1 6 7
    3 4 1 6 7 2 5
    4 1 6 7 2 5 3""",
    """
    1 1 1 1 1 1 1
    -1 3 2 -4 4 -2 -3
    2 -4 4 -2 -3 -1 3
    -2 -3 -1 3 2 -4 4
    3 2 -4 4 -2 -3 -1
    -3 -1 3 2 -4 4 -2
    4 -2 -3 -1 3 2 -4
    -4 4 -2 -3 -1 3 2""",
)
"""``7howel08.1-1``: 4 tables, 8 pairs, 7 rounds."""

HOWEL10 = (
    """
    1 2 5 3 4 6 7 8 9
    2 5 3 4 6 7 8 9 1
    3 4 6 7 8 9 1 2 5
    4 6 7 8 9 1 2 5 3
    5 3 4 6 7 8 9 1 2""",
    """
    1 -4 2 4 -1 -2 5 3 -3
    -1 -2 5 3 -3 1 -4 2 4
    2 4 -1 -2 5 3 -3 1 -4
    -2 5 3 -3 1 -4 2 4 -1
    3 -3 1 -4 2 4 -1 -2 5
    -3 1 -4 2 4 -1 -2 5 3
    4 -1 -2 5 3 -3 1 -4 2
    -4 2 4 -1 -2 5 3 -3 1
    5 3 -3 1 -4 2 4 -1 -2
    -5 -5 -5 -5 -5 -5 -5 -5 -5""",
)
"""``9howel10.1-1``: 5 tables, 10 pairs, 9 rounds."""

HOWEL12 = (
    """
    1 1 1 1 5 5 5 5 9 9 9
    2 2 2 2 6 6 6 6 10 10 10
    3 3 3 3 7 7 7 7 11 11 11
    4 4 4 4 8 8 8 8 -1 -1 -1
    -1 -1 -3 -3 -1 -3 -3 -1 -2 -2 -2
    -2 -2 -4 -4 -2 -2 -4 -4 -3 -3 -3""",
    """
    1 -3 2 6 2 3 1 4 1 2 3
    -1 -4 -3 2 5 6 -6 -3 4 -5 -6
    2 3 4 -1 -6 -1 -5 -6 5 1 6
    -2 4 1 -5 -3 -2 4 -1 -2 4 -3
    3 5 -6 -2 -1 2 3 -4 -5 6 1
    -3 -2 -1 4 -4 -6 5 5 -1 3 -2
    4 -6 5 1 1 -3 -4 2 -4 -3 5
    -4 -1 -2 3 4 1 -2 3 2 -6 4
    5 2 -4 -3 3 -4 -1 -2 -3 5 -1
    -5 6 6 5 6 5 6 -5 -6 -2 -4
    6 1 3 -4 -2 4 -3 1 6 -1 -5
    -6 -5 -5 -6 -5 -5 2 6 3 -4 2""",
)
"""``11howe12.3-1``: 6 tables, 12 pairs, 11 rounds; tables 5 and 6 share other tables' sets."""

PUBLISHED: dict[int, tuple[str, Sequence[str], str]] = {
    3: ("5howel06.1-1", HOWEL06, BRIDGEWX),
    4: ("7howel08.1-1", HOWEL08, BRIDGEWX),
    5: ("9howel10.1-1", HOWEL10, BRIDGEWX),
    6: ("11howe12.3-1", HOWEL12, BRIDGEWX),
}
"""The published complete Howell measured for each number of tables."""


def published(tables: int, pairs: int) -> tuple[Movement, str] | None:
    """The published Howell for the size (for ``2T - 1`` pairs, with the best pair missing)
    and how it is named, or ``None``."""
    if tables == 4 and pairs == 8:
        return bridgecentral_four_tables(), BRIDGECENTRAL
    if tables not in PUBLISHED:
        return None
    name, (sets_text, places_text), source = PUBLISHED[tables]
    if pairs == 2 * tables:
        return schema(sets_text, places_text), f"{source} ({name})"
    best: tuple[tuple[int, float], Movement, int] | None = None
    for missing in range(1, 2 * tables + 1):
        movement = schema(sets_text, places_text, missing=missing)
        balance = movement.balance()
        key = (balance.least - balance.most, balance.quality)
        if best is None or key > best[0]:
            best = (key, movement, missing)
    assert best is not None
    return best[1], f"{source} ({name}, pair {best[2]} missing)"


def rows() -> list[tuple[int, int, int, str, str, str, str]]:
    """(tables, pairs, rounds, ours compared, ours Qf, published compared and Qf, source)."""
    out = []
    for tables in range(2, MOST_TABLES + 1):
        for pairs in (2 * tables, 2 * tables - 1):
            if pairs == 3:
                continue
            ours = howell(tables, 2, pairs=pairs).balance()
            found = published(tables, pairs)
            if found is None:
                figure, source = "not found", "-"
            else:
                b = found[0].balance()
                figure, source = f"{b.least}-{b.most}, Qf {b.quality:.2f}", found[1]
            out.append(
                (
                    tables,
                    pairs,
                    2 * tables - 1,
                    f"{ours.least}-{ours.most}",
                    f"{ours.quality:.2f}",
                    figure,
                    source,
                )
            )
    return out


def main() -> None:
    print(
        "| Tables | Pairs | Rounds | Compared (ours) | Qf (ours) | Published (compared, Qf)"
        " | Source |"
    )
    print("|---|---|---|---|---|---|---|")
    for tables, pairs, rounds, compared, quality, figure, source in rows():
        print(f"| {tables} | {pairs} | {rounds} | {compared} | {quality} | {figure} | {source} |")


if __name__ == "__main__":
    main()
