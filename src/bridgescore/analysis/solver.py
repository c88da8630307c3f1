"""Double-dummy tables and par from Bo Haglund's DDS, through endplay (the ``dd`` extra).

Deals go to DDS's batch call (``CalcAllTables``) at most :data:`CHUNK` at a time, on as
many threads as the machine has (or ``jobs``); par is DDS's "dealer par" from each
computed table with the board's dealer and vulnerability. A deal that is not a whole
deal, or one DDS refuses, is a problem naming its board; the others are still solved.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from bridgescore.analysis.model import Analysis, DoubleDummy, Par, ParContract
from bridgescore.core.hands import Hands
from bridgescore.core.seats import Seat, Side
from bridgescore.core.strains import Strain
from bridgescore.core.vulnerability import BoardInfo, Vulnerability
from bridgescore.errors import Message, MissingExtraError
from bridgescore.errors import marked as _

if TYPE_CHECKING:
    from types import ModuleType

CHUNK: Final = 32
"""Deals in one ``CalcAllTables`` call (DDS takes at most 32 five-strain tables a call)."""

_DDS_STRAINS: Final = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
"""The strains in the order of a DDS table's rows (``DDTable.to_list()``)."""
_DDS_DENOMS: Final = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
"""The strains as DDS numbers a par contract's ``denom``."""
_DDS_SEATS: Final = {0: (Seat.NORTH,), 1: (Seat.EAST,), 2: (Seat.SOUTH,), 3: (Seat.WEST,),
                     4: Side.NS.seats, 5: Side.EW.seats}  # fmt: skip
"""A DDS par contract's ``seats``: one seat, or 4 and 5 for either seat of a side."""

_LOCK: Final = threading.Lock()
"""DDS keeps its threads' memory between calls: one call at a time in a process."""
_threads: list[int | None] = [None]


@dataclass(frozen=True, slots=True)
class Solved:
    """What the solver found: each board's analysis, and a problem for each deal it
    could not analyse (naming the board)."""

    analyses: dict[int, Analysis]
    problems: tuple[Message, ...] = ()


def _endplay() -> tuple[ModuleType, ModuleType, ModuleType]:
    try:
        import endplay._dds as dds_lib
        import endplay.dds as dds
        import endplay.types as types
    except ImportError as error:
        missing = (error.name or "endplay").split(".")[0]  # the package to install
        raise MissingExtraError(_("Double-dummy analysis"), "dd", missing) from None
    return dds_lib, dds, types


def available() -> bool:
    """Whether the solver is installed (the ``dd`` extra)."""
    try:
        _endplay()
    except MissingExtraError:
        return False
    return True


def solve(boards: Iterable[tuple[BoardInfo, Hands]], *, jobs: int | None = None) -> Solved:
    """Every board's double-dummy table and par; ``jobs`` the solver's threads (``None``:
    as many as the machine has). Raises :class:`MissingExtraError` without the ``dd``
    extra."""
    dds_lib, dds, types = _endplay()
    problems: list[Message] = []
    ready: list[tuple[BoardInfo, Any]] = []
    for board, hands in boards:
        if not hands.is_complete:
            counts = ", ".join(f"{s.letter} {len(hands.hand(s) or ())}" for s in Seat)
            problems.append(
                _(
                    "board {board}: the deal is not 52 cards, 13 a hand ({counts});"
                    " it is not analysed",
                    board=board.number,
                    counts=counts,
                )
            )
            continue
        ready.append((board, types.Deal(hands.to_pbn())))
    analyses: dict[int, Analysis] = {}
    with _LOCK:
        threads = 0 if jobs is None else max(1, jobs)
        if _threads[0] != threads:
            dds_lib.SetMaxThreads(threads)
            _threads[0] = threads
        for start in range(0, len(ready), CHUNK):
            chunk = ready[start : start + CHUNK]
            for (board, _deal), table in zip(chunk, _tables(dds, chunk, problems), strict=True):
                if table is not None:
                    analyses[board.number] = _analysis(dds, types, board, table)
    return Solved(analyses, tuple(problems))


def _tables(dds: Any, chunk: Sequence[tuple[BoardInfo, Any]], problems: list[Message]) -> list[Any]:
    """The chunk's DDS tables in one call; if DDS refuses the chunk, each deal alone, so
    that the one it refuses is named and the others are kept."""
    try:
        return list(dds.calc_all_tables([deal for _board, deal in chunk]))
    except Exception:  # DDS refused the chunk: each deal alone names the one
        pass
    tables: list[Any] = []
    for board, deal in chunk:
        try:
            tables.append(dds.calc_dd_table(deal))
        except Exception as error:  # DDS refused it: named with its board
            problems.append(
                _(
                    "board {board}: the solver refused the deal ({error})",
                    board=board.number,
                    error=str(error) or type(error).__name__,
                )
            )
            tables.append(None)
    return tables


def _analysis(dds: Any, types: Any, board: BoardInfo, table: Any) -> Analysis:
    rows = table.to_list()  # rows: S, H, D, C, NT; columns: N, E, S, W
    tricks = DoubleDummy(
        tuple(tuple(rows[_DDS_STRAINS.index(strain)][seat] for strain in Strain) for seat in Seat)
    )
    found = dds.par(table, _VUL[board.vulnerability](types), types.Player(int(board.dealer)))
    data = found._data  # DDS's contracts keep a side together (seats 4 and 5)
    contracts = tuple(
        ParContract(
            level=c.level,
            strain=_DDS_DENOMS[c.denom],
            doubled=c.underTricks > 0,
            declarers=_DDS_SEATS[c.seats],
            tricks=c.level + 6 + c.overTricks - c.underTricks,
        )
        for c in data.contracts[: data.number]
        if c.level > 0
    )
    return Analysis(tricks, Par(int(data.score), contracts))


_VUL: Final = {
    Vulnerability.NONE: lambda t: t.Vul.none,
    Vulnerability.NS: lambda t: t.Vul.ns,
    Vulnerability.EW: lambda t: t.Vul.ew,
    Vulnerability.BOTH: lambda t: t.Vul.both,
}
