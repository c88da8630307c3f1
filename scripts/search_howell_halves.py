"""Search 2- and 3-table Howells whose twin tables exchange the halves of a set mid-round.

Run by hand (no extra package needed): ``.venv/bin/python scripts/search_howell_halves.py``;
it prints ``HALVED_HOWELLS`` for ``src/bridgescore/events/movements/howell_tables.py``.

Each round every table plays one set, both halves; two tables may play the same set, one
its first half then its second, the other the other way round, so no board is at two
tables at once. A depth-first search gives each table of each round a set and says who
sits North-South, so that every pair plays every set at most once, every set is played
equally often, and every two pairs are compared on as many sets (``target``); it stops at
the first such schedule.
"""

from __future__ import annotations


def rounds_of(pairs: int) -> list[list[tuple[int, int]]]:
    """The meetings of each round: the circle method (``pairs`` even: pair ``pairs - 1``
    stays; odd: pair ``r`` sits out in round ``r``)."""
    n = pairs if pairs % 2 else pairs - 1
    out = []
    for r in range(n):
        tables = [] if pairs % 2 else [(pairs - 1, r)]
        for d in range(1, (n + 1) // 2):
            tables.append(((r + d) % n, (r - d) % n))
        out.append(tables)
    return out


def search(pairs: int, target: int) -> list[list[tuple[int, int, int]]] | None:
    meetings = rounds_of(pairs)
    sets = len(meetings)
    tables = len(meetings[0])
    plays_each = len(meetings) * tables // sets
    cells = [(r, k) for r in range(len(meetings)) for k in range(tables)]
    played = [[False] * sets for _ in range(pairs)]
    count = [0] * sets
    seats: dict[int, list[tuple[int, int, int]]] = {s: [] for s in range(sets)}
    same = [[0] * pairs for _ in range(pairs)]
    chosen: list[tuple[int, int, int]] = []

    def place(i: int) -> bool:
        if i == len(cells):
            return all(same[a][b] == target for a in range(pairs) for b in range(a + 1, pairs))
        r, k = cells[i]
        a, b = meetings[r][k]
        for s in range(sets):
            if played[a][s] or played[b][s] or count[s] >= plays_each:
                continue
            if sum(1 for rr, _n, _e in seats[s] if rr == r) >= 2:
                continue
            for ns, ew in ((a, b), (b, a)):
                bumped = []
                ok = True
                for _rr, ons, oew in seats[s]:
                    for x, y in ((ns, ons), (ew, oew)):
                        same[x][y] += 1
                        same[y][x] += 1
                        bumped.append((x, y))
                        if same[x][y] > target:
                            ok = False
                if ok:
                    played[a][s] = played[b][s] = True
                    count[s] += 1
                    seats[s].append((r, ns, ew))
                    chosen.append((ns, ew, s))
                    if place(i + 1):
                        return True
                    chosen.pop()
                    seats[s].pop()
                    count[s] -= 1
                    played[a][s] = played[b][s] = False
                for x, y in bumped:
                    same[x][y] -= 1
                    same[y][x] -= 1
        return False

    if not place(0):
        return None
    return [chosen[r * tables : (r + 1) * tables] for r in range(len(meetings))]


def main() -> None:
    print("HALVED_HOWELLS = {")
    for pairs, target in ((4, 1), (5, 1), (6, 2)):
        found = search(pairs, target)
        print(f"    {pairs}: {found!r},")
    print("}")


if __name__ == "__main__":
    main()
