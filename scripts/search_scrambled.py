"""Search the arrow switches of the scrambled Mitchells stored in ``events/movements/mitchell.py``.

For each number of tables, the Mitchell of :func:`mitchell`'s default length; a cell is
one table in one round, played turned round. Starting from the spread pattern of
``scrambled_mitchell(..., per_round=...)`` (the diagonal ``t + q``, not the stored
ones) and from the last rounds switched (``arrow_switch_rounds``), a hill climb turns
single cells on or off while the balance quality (``docs/movements.md``) rises, in
random order (fixed ``random.Random(26)``), each start capped in seconds. The better
end is printed as the ``SCRAMBLED`` table to paste into the module. No extra package:

    nice -n 10 .venv/bin/python scripts/search_scrambled.py [first last seconds]
"""

from __future__ import annotations

import random
import sys
import time

from bridgescore.events.movements.mitchell import (
    arrow_switch_rounds,
    mitchell,
    scrambled_mitchell,
)
from bridgescore.events.movements.model import Movement, Round, Table

Cell = tuple[int, int]


def turned(plain: Movement, cells: set[Cell]) -> Movement:
    rounds = []
    for r, rnd in enumerate(plain.rounds):
        tables = tuple(
            Table(t.table, t.ew, t.ns, t.boards) if (r, t.table - 1) in cells else t
            for t in rnd.tables
        )
        rounds.append(Round(tables=tables, sit_outs=rnd.sit_outs, relay=rnd.relay))
    return Movement(
        kind=plain.kind,
        rounds=tuple(rounds),
        shared=plain.shared,
        factored=plain.factored,
        revenge_rounds=plain.revenge_rounds,
    )


def climb(plain: Movement, start: set[Cell], seconds: float) -> tuple[float, set[Cell]]:
    rng = random.Random(26)
    cells = set(start)
    best = turned(plain, cells).balance().quality
    every = [(r, t) for r in range(len(plain.rounds)) for t in range(len(plain.rounds[0].tables))]
    began = time.monotonic()
    improved = True
    while improved and time.monotonic() - began < seconds:
        improved = False
        rng.shuffle(every)
        for cell in every:
            cells ^= {cell}
            quality = turned(plain, cells).balance().quality
            if quality > best + 1e-9:
                best, improved = quality, True
            else:
                cells ^= {cell}
    return best, cells


def main() -> None:
    first, last, seconds = (int(a) for a in sys.argv[1:4]) if len(sys.argv) > 3 else (3, 20, 20)
    print("SCRAMBLED: Final[dict[int, str]] = {")
    for tables in range(first, last + 1):
        plain = mitchell(tables, 2)
        rounds = len(plain.rounds)
        per_round = len(arrow_switch_rounds(rounds, 2))
        spread = scrambled_mitchell(tables, 2, per_round=per_round)
        diagonal = {
            (r, t.table - 1)
            for r, rnd in enumerate(spread.rounds)
            for t in rnd.tables
            if t.ns.endswith("EW")
        }
        ends = {(r - 1, t) for r in arrow_switch_rounds(rounds, 2) for t in range(tables)}
        found = max(
            climb(plain, diagonal, seconds), climb(plain, ends, seconds), key=lambda x: x[0]
        )
        text = " ".join(f"{r + 1}.{t + 1}" for r, t in sorted(found[1]))
        print(f'    {tables}: "{text}",  # quality {found[0]:.2f}', flush=True)
    print("}")


if __name__ == "__main__":
    main()
