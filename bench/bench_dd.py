"""Double-dummy tables and par: bridgescore's solver call against endplay called directly
(issue 24), side by side in one run.

- ``--deals`` random deals (seeded) analysed by :func:`bridgescore.analysis.solver.solve`
  (hands to DDS, ``CalcAllTables`` in chunks of 32, dealer par, our value types back) and
  by endplay directly (``Deal`` from the PBN text, ``calc_all_tables`` in chunks of 32,
  ``par`` for each table), the two taking turns; the figures of both are compared, deal by
  deal, so the wrapper is shown to answer what the solver answers.
- A 36-board session (the first 36 of the same deals) on two threads and on one.

Target: ours within 5 % of endplay's own time (the wrapper costs nothing). Section ``dd``
of ``bench/RESULTS.md``.

    .venv/bin/python bench/bench_dd.py [--deals 1000] [--repeat 2]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _common import verdict, write_section  # noqa: E402
from endplay.dds import calc_all_tables, par  # noqa: E402
from endplay.types import Deal, Player, Vul  # noqa: E402

from bridgescore.analysis.solver import CHUNK, solve  # noqa: E402
from bridgescore.core.hands import Hands  # noqa: E402
from bridgescore.core.seats import Seat  # noqa: E402
from bridgescore.core.strains import Strain  # noqa: E402
from bridgescore.core.vulnerability import BoardInfo, Vulnerability  # noqa: E402

_VUL = {Vulnerability.NONE: Vul.none, Vulnerability.NS: Vul.ns, Vulnerability.EW: Vul.ew,
        Vulnerability.BOTH: Vul.both}  # fmt: skip
_ROWS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)


def random_deals(count: int, seed: int = 24) -> list[str]:
    """``count`` random deals in PBN notation (a seeded shuffle of the 52 cards)."""
    chance = random.Random(seed)
    cards = [(suit, rank) for suit in range(4) for rank in "AKQJT98765432"]
    deals = []
    for _ in range(count):
        chance.shuffle(cards)
        hands = []
        for seat in range(4):
            held = cards[seat * 13 : seat * 13 + 13]
            hands.append(
                ".".join(
                    "".join(r for r in "AKQJT98765432" if (suit, r) in held) for suit in range(4)
                )
            )
        deals.append("N:" + " ".join(hands))
    return deals


def ours(boards: list[tuple[BoardInfo, Hands]], jobs: int | None = None) -> dict[int, Any]:
    return solve(boards, jobs=jobs).analyses


def endplay_direct(texts: list[str], infos: list[BoardInfo]) -> list[tuple[Any, Any]]:
    """endplay as a caller of it would use it: deals from their text, tables 32 at a time,
    then par from each table."""
    out = []
    for start in range(0, len(texts), CHUNK):
        deals = [Deal(text) for text in texts[start : start + CHUNK]]
        tables = calc_all_tables(deals)
        for offset in range(len(deals)):
            info = infos[start + offset]
            found = par(tables[offset], _VUL[info.vulnerability], Player(int(info.dealer)))
            out.append((tables[offset].to_list(), found.score))
    return out


def _agree(mine: dict[int, Any], theirs: list[tuple[Any, Any]], infos: list[BoardInfo]) -> int:
    """How many deals the two answer alike (tables and par score)."""
    same = 0
    for info, (rows, score) in zip(infos, theirs, strict=True):
        analysis = mine[info.number]
        table = [[analysis.tricks.of(seat, strain) for seat in Seat] for strain in _ROWS]
        same += table == rows and analysis.par.score == score
    return same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    texts = random_deals(args.deals)
    infos = [BoardInfo.of(n) for n in range(1, args.deals + 1)]
    boards = [(info, Hands.from_pbn(text)) for info, text in zip(infos, texts, strict=True)]
    assert all(h.is_complete for _, h in boards)
    best = {"ours": float("inf"), "endplay": float("inf")}
    mine: dict[int, Any] = {}
    theirs: list[tuple[Any, Any]] = []
    ours(boards[:CHUNK])  # warm up: DDS sets up its threads' memory on the first call
    endplay_direct(texts[:CHUNK], infos[:CHUNK])
    for turn in range(args.repeat):  # taking turns, each first every other time
        for name in ("ours", "endplay") if turn % 2 == 0 else ("endplay", "ours"):
            start = time.perf_counter()
            if name == "ours":
                mine = ours(boards)
            else:
                theirs = endplay_direct(texts, infos)
            best[name] = min(best[name], time.perf_counter() - start)
        print({k: f"{v:.2f} s" for k, v in best.items()}, flush=True)
    agree = _agree(mine, theirs, infos)
    ratio = best["ours"] / best["endplay"]
    session = boards[:36]
    two = min(_timed(lambda: ours(session, jobs=2)) for _ in range(args.repeat))
    one = min(_timed(lambda: ours(session, jobs=1)) for _ in range(args.repeat))
    n = args.deals
    body = f"""Double-dummy tables (every declarer, every strain) and dealer par for {n} random
deals (seeded shuffle), through `bridgescore.analysis.solver.solve` and through endplay called
directly (`Deal` from the text, `calc_all_tables` 32 deals a call, `par` for each table), the
two taking turns (each first every other time, after a warm-up), best of {args.repeat};
both on every core. The two agree on {agree} of {n}
deals (tables and par score).

| Call | {n} deals | Per deal | Ratio to endplay |
|---|---:|---:|---:|
| endplay directly | {best["endplay"]:.2f} s | {best["endplay"] / n * 1000:.1f} ms | 1.000x |
| `solve` (ours) | {best["ours"]:.2f} s | {best["ours"] / n * 1000:.1f} ms | {ratio:.3f}x |

A 36-board session's analysis (the first 36 deals): {two:.2f} s on two threads (`jobs=2`),
{one:.2f} s on one ({one / two:.2f}x faster on two cores).

Target: ours within 5 % of endplay's own time (1.05x): {ratio:.3f}x ({verdict(ratio <= 1.05)}).
"""
    write_section("dd", "Double-dummy analysis and par (issue 24)", body)


def _timed(run: Any) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
