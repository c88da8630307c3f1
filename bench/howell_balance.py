"""Balance of our complete Howells beside published ones: prints the table in docs/howell.md.

Run by hand: ``.venv/bin/python bench/howell_balance.py``. "Compared" is the fewest and
most sets on which two pairs play the same direction at different tables (a balanced
Howell compares every two pairs ``T - 1`` times); "Qf" is the pjms.nl quality factor
(100 is perfect). See docs/howell.md for both definitions.
"""

from __future__ import annotations

from bridgescore.events.movements import MOST_TABLES, Movement, MovementKind, Round, Table, howell

BRIDGECENTRAL = "http://www.bridgecentral.com/MvtHTML/comparisonofpairs.htm"


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
        tables = tuple(Table(k + 1, str(ns), str(ew), (s,)) for k, (ns, ew, s) in enumerate(seats))
        rounds.append(Round(tables=tables))
    return Movement(kind=MovementKind.HOWELL, rounds=tuple(rounds))


def rows() -> list[tuple[int, int, str, str, str, str]]:
    """(tables, rounds, ours compared, ours Qf, published compared and Qf, source)."""
    published = {4: (bridgecentral_four_tables(), BRIDGECENTRAL)}
    out = []
    for tables in range(2, MOST_TABLES + 1):
        ours = howell(tables, 1).balance()
        theirs, source = published.get(tables, (None, ""))
        if theirs is None:
            figure = "not found"
        else:
            b = theirs.balance()
            figure = f"{b.least}-{b.most}, Qf {b.quality:.2f}"
        out.append(
            (
                tables,
                2 * tables - 1,
                f"{ours.least}-{ours.most}",
                f"{ours.quality:.2f}",
                figure,
                source or "-",
            )
        )
    return out


def main() -> None:
    print("| Tables | Rounds | Compared (ours) | Qf (ours) | Published (compared, Qf) | Source |")
    print("|---|---|---|---|---|---|")
    for tables, rounds, compared, quality, figure, source in rows():
        print(f"| {tables} | {rounds} | {compared} | {quality} | {figure} | {source} |")


if __name__ == "__main__":
    main()
