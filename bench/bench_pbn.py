"""Reading a large PBN file: endplay's reader vs ours (whole, streamed, and to an event).

A generated file of 100,000 one-table records (the 15 mandatory tags and ``[Score]``, an
``[Auction]`` on a quarter of them) is read in the same process by endplay's
``endplay.parsers.pbn.load`` and by our ``load`` (lenient), ``iter_games`` (streaming)
and ``to_event``; first the two readers are checked to agree (the number of games, and
the contract, declarer, result and deal of a sample). Peak memory: each reader in a
fresh subprocess, with tracemalloc and with the growth of the peak resident set.

    .venv/bin/python bench/bench_pbn.py [--results 100000] [--tables 20] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

from _common import verdict, write_section
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Board as EpBoard
from endplay.types import Denom, Penalty, Player

from bridgescore import BoardInfo, Contract, Doubling, Seat, Strain, TableResult
from bridgescore.events.model import Event, ns_score_of
from bridgescore.io.pbn import PBNDocument, iter_games, load, to_event

RANKS = "AKQJT98765432"
STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
DOUBLINGS = (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)
EP_DENOM = {
    Strain.CLUBS: Denom.clubs,
    Strain.DIAMONDS: Denom.diamonds,
    Strain.HEARTS: Denom.hearts,
    Strain.SPADES: Denom.spades,
    Strain.NOTRUMP: Denom.nt,
}
EP_PENALTY = {
    Doubling.UNDOUBLED: Penalty.passed,
    Doubling.DOUBLED: Penalty.doubled,
    Doubling.REDOUBLED: Penalty.redoubled,
}
SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


def _deal(rng: random.Random, cards: list[str]) -> str:
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        hand = cards[seat * 13 : seat * 13 + 13]
        hands.append(
            ".".join(
                "".join(sorted((c[1] for c in hand if c[0] == suit), key=RANKS.index))
                for suit in "SHDC"
            )
        )
    return "N:" + " ".join(hands)


def _auction(dealer: Seat, contract: Contract | None, declarer: Seat | None) -> list[str]:
    """A legal auction: passes up to declarer, the contract, a double and redouble, all pass."""
    if contract is None or declarer is None:
        return ["AP"]
    calls = ["Pass"] * ((declarer - dealer) % 4)
    calls.append(f"{contract.level}{contract.strain.letter}")
    if contract.doubling is not Doubling.UNDOUBLED:
        calls.append("X")
    if contract.doubling is Doubling.REDOUBLED:
        calls.append("XX")
    calls.append("AP")
    return [" ".join(calls[i : i + 4]) for i in range(0, len(calls), 4)]


def generated_lines(results: int, tables: int, seed: int = 1) -> Iterator[str]:
    """``results`` one-table records, board by board (``tables`` a board), CRLF lines.

    Random deals (one a board), contracts (1 % passed out; 90 % undoubled, 8 % X, 2 % XX),
    declarers and tricks (level + 6 − 4 … +2); dealer and vulnerability from the board
    schedule; ``[Score]`` computed under the 2017 laws; ``[Event "#"]`` after the first
    game; an ``[Auction]`` on a quarter of the games.
    """
    rng = random.Random(seed)
    cards = [suit + rank for suit in "SHDC" for rank in RANKS]
    yield "% PBN 2.1\r\n"
    yield "% EXPORT\r\n"
    board = 0
    deal = ""
    for index in range(results):
        table = index % tables + 1
        if table == 1:
            board += 1
            deal = _deal(rng, cards)
        info = BoardInfo.of(board)
        contract: Contract | None = None
        declarer: Seat | None = None
        if rng.random() < 0.01:
            contract_text, declarer_text, result_text, score_text = "Pass", "", "", "0"
        else:
            level = rng.randint(1, 7)
            doubling = rng.choices(DOUBLINGS, (90, 8, 2))[0]
            contract = Contract(level, rng.choice(STRAINS), doubling)
            declarer = rng.choice(SEATS)
            tricks = max(0, min(13, level + 6 + rng.randint(-4, 2)))
            ns = ns_score_of(TableResult(contract.by(declarer), tricks), info.vulnerability, "2017")
            contract_text = contract.format(declarer=False)
            declarer_text, result_text = declarer.letter, str(tricks)
            score_text = f"NS {ns}" if ns >= 0 else f"EW {-ns}"
        vulnerable = "All" if info.vulnerability.name == "BOTH" else str(info.vulnerability)
        yield from (
            f'[Event "{"Generated" if index == 0 else "#"}"]\r\n',
            '[Site "Nowhere"]\r\n',
            '[Date "2024.01.01"]\r\n',
            f'[Board "{board}"]\r\n',
            f'[West "W{table}"]\r\n',
            f'[North "N{table}"]\r\n',
            f'[East "E{table}"]\r\n',
            f'[South "S{table}"]\r\n',
            f'[Dealer "{info.dealer.letter}"]\r\n',
            f'[Vulnerable "{vulnerable}"]\r\n',
            f'[Deal "{deal}"]\r\n',
            '[Scoring "MP"]\r\n',
            f'[Declarer "{declarer_text}"]\r\n',
            f'[Contract "{contract_text}"]\r\n',
            f'[Result "{result_text}"]\r\n',
            f'[Score "{score_text}"]\r\n',
        )
        if rng.random() < 0.25:
            yield f'[Auction "{info.dealer.letter}"]\r\n'
            for line in _auction(info.dealer, contract, declarer):
                yield line + "\r\n"
        yield "\r\n"


# --- the two readers side by side ------------------------------------------------------------


def endplay_load(path: Path) -> list[EpBoard]:
    with open(path, encoding="utf-8") as handle:
        boards: list[EpBoard] = endplay_pbn.load(handle)
    return boards


def stream(path: Path) -> int:
    count = 0
    for _game in iter_games(path):
        count += 1
    return count


def agreement(path: Path, boards: list[EpBoard], document: PBNDocument, event: Event) -> int:
    """Check that the readers agree; returns the number of games compared in detail."""
    rows = event.results.rows
    assert len(boards) == len(document.games) == len(rows), "the readers count other games"
    assert not document.problems, "our reader found problems in the file"
    assert not event.results.problems, "to_event found problems in the rows"
    step = max(1, len(boards) // 2000)
    compared = 0
    for index in range(0, len(boards), step):
        board, row = boards[index], rows[index]
        result, ep = row.result, board.contract
        assert result is not None
        assert ep is not None
        assert board.board_num == row.board
        if result.passed_out:
            assert ep.is_passout()
        else:
            contract = result.contract
            assert isinstance(contract, Contract)
            assert contract.declarer is not None
            assert (ep.level, ep.denom, ep.penalty) == (
                contract.level,
                EP_DENOM[contract.strain],
                EP_PENALTY[contract.doubling],
            )
            assert ep.declarer == Player(contract.declarer)
            assert ep.result == (result.tricks or 0) - contract.level - 6
        ours = event.hands[row.board].to_pbn(Seat.NORTH)[2:].split()
        theirs = [str(board.deal[Player(seat)]) for seat in SEATS]
        assert ours == theirs, (index, ours, theirs)
        compared += 1
    return compared


def timings(path: Path, repeat: int) -> tuple[dict[str, float], list[EpBoard], PBNDocument, Event]:
    """The best of ``repeat`` runs of each path, taken in turn, and the last run's output."""
    times: dict[str, list[float]] = {name: [] for name in _PATHS}
    boards: list[EpBoard] = []
    document = PBNDocument()
    event: Event | None = None
    for _ in range(repeat):
        start = time.perf_counter()
        boards = endplay_load(path)
        times["endplay"].append(time.perf_counter() - start)
        start = time.perf_counter()
        document = load(path)
        times["load"].append(time.perf_counter() - start)
        start = time.perf_counter()
        stream(path)
        times["iter_games"].append(time.perf_counter() - start)
        start = time.perf_counter()
        event = to_event(document)
        times["to_event"].append(time.perf_counter() - start)
    assert event is not None
    return {name: min(found) for name, found in times.items()}, boards, document, event


# --- peak memory, in a fresh process for each path -------------------------------------------


def _status(field: str) -> int:
    """A memory figure of this process from /proc/self/status, in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    raise LookupError(field)


def _reset_peak_rss() -> None:
    """Set the peak resident set (VmHWM) back to the current one (Linux 4.0+)."""
    Path("/proc/self/clear_refs").write_text("5")


def measure_memory(what: str, path: Path, small: Path) -> dict[str, float]:
    """In this (fresh) process: the growth of the peak resident set during one path on
    ``path``, after a warm-up on ``small``; for ``traced``, the peak of the traced
    allocations of ``iter_games`` on ``path``, cold (no warm-up: its caches fill as it goes)."""
    if what == "traced":
        tracemalloc.start()
        stream(path)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return {"traced": peak}
    runs: dict[str, Callable[[Path], object]] = {
        "endplay": endplay_load,
        "load": load,
        "iter_games": stream,
        "to_event": lambda file: to_event(load(file)),
    }
    runs[what](small)  # imports, caches and warm-up outside the measurement
    if what == "to_event":
        document = load(path)
        runs[what] = lambda _file: to_event(document)
    _reset_peak_rss()
    base = _status("VmRSS")
    runs[what](path)
    return {"rss": max(_status("VmHWM") - base, 0)}


def in_subprocess(what: str, path: Path, small: Path) -> dict[str, float]:
    found = subprocess.run(
        [sys.executable, __file__, "--memory", what, "--file", str(path), "--small", str(small)],
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(found.stdout.strip().splitlines()[-1])
    return figures


def write(path: Path, results: int, tables: int) -> tuple[int, int]:
    """Write the generated file; returns its size in bytes and its number of auctions."""
    auctions = 0
    with open(path, "w", encoding="utf-8", newline="") as handle:
        for line in generated_lines(results, tables):
            auctions += line.startswith("[Auction ")
            handle.write(line)
    return path.stat().st_size, auctions


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--memory", help=argparse.SUPPRESS)
    parser.add_argument("--file", help=argparse.SUPPRESS)
    parser.add_argument("--small", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory:
        print(json.dumps(measure_memory(args.memory, Path(args.file), Path(args.small))))
        return

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "generated.pbn"
        size, auctions = write(path, args.results, args.tables)
        small = Path(folder) / "small.pbn"
        write(small, args.tables * 10, args.tables)
        tenth = Path(folder) / "tenth.pbn"
        write(tenth, args.results // 10, args.tables)

        best, boards, document, event = timings(path, args.repeat)
        compared = agreement(path, boards, document, event)
        del boards, document, event
        memory = {what: in_subprocess(what, path, small) for what in _PATHS}
        traced = in_subprocess("traced", path, small)["traced"]
        traced_tenth = in_subprocess("traced", tenth, small)["traced"]

    endplay = best["endplay"]
    both = best["load"] + best["to_event"]
    labels = {
        "endplay": "endplay `endplay.parsers.pbn.load` (boards with contracts, deals, auctions)",
        "load": "ours, `load` (lenient: decode, split, resolve `#`, check every tag, deal,"
        " result and score; keep everything for a byte-exact `dump`)",
        "iter_games": "ours, `iter_games` over the file (streaming, the same checks)",
        "to_event": "ours, `to_event` on the loaded document (result rows, every deal's"
        " `Hands`, `check_rows`)",
    }
    lines = [
        f"| {labels[what]} | {best[what]:.2f} s | "
        + ("" if what == "to_event" else f"{endplay / best[what]:.2f}×")
        + f" | {memory[what]['rss'] / 1e6:,.0f} MB |"
        for what in _PATHS
    ]
    lines.append(
        "| ours, `load` then `to_event` (the nearest to what endplay's boards hold) |"
        f" {both:.2f} s | {endplay / both:.2f}× | |"
    )
    body = f"""
A generated file of {args.results:,} one-table records ({args.results // args.tables:,} boards
× {args.tables} tables, board by board): the 15 mandatory tags and `[Score]` (its value
computed under the 2017 laws), `[Event "#"]` after the first game, an `[Auction]` on
{auctions:,} games; random deals, contracts (1 % passed out; 90 % undoubled, 8 % X, 2 % XX),
declarers and tricks; CRLF, {size / 1e6:.1f} MB (`generated_lines` in this script). Both readers
read it from the file; times are the best of {args.repeat} runs taken in turn, in one
process. "× endplay" is endplay's time over ours (above 1: faster than endplay). Peak memory:
the growth of the peak resident set (VmHWM, reset just before the call) in a fresh process
for each path.

The readers agree: both read {args.results:,} games, and the contract, declarer, result and
deal of {compared:,} games taken evenly through the file are the same; our lenient reading
finds no problem in the file, and `to_event` none in its rows.

| path | time | × endplay | peak memory |
|---|---|---|---|
{chr(10).join(lines)}

Streaming keeps one game at a time: the peak of `iter_games`' traced allocations, cold in a
fresh process, is {traced_tenth / 1e6:.1f} MB over the first {args.results // 10:,} games and
{traced / 1e6:.1f} MB over all {args.results:,}; what grows is bounded caches (the checks' and
`score()`'s, which fill as new contracts, results and vulnerabilities turn up, up to their
bounds), not the games. `load` keeps the whole file, {memory["load"]["rss"] / size:.0f} times
its size.

Target: our lenient `load` at least as fast as endplay's reader:
{verdict(best["load"] <= endplay)} ({endplay / best["load"]:.2f}×; `load` then `to_event`:
{endplay / both:.2f}×).
"""
    write_section("pbn", f"Reading a PBN file of {args.results:,} results", body)


_PATHS = ("endplay", "load", "iter_games", "to_event")


if __name__ == "__main__":
    main()
