"""A club evening to print: 7 tables, 14 pairs, 15 boards, the deals of a real file.

Clubs with a dealing machine put a copy of every board on every table: a Mitchell of 5
rounds of 3 boards in which each board is played 7 times (a traveller of 7 lines, the
longest a 7-table evening has) and each pair meets 5 opponents over 15 boards. The deals
are BridgeWebs' hand records (``bridgewebs_hands.pbn``, boards 1-15) analysed by the
solver; each table plays the board's par contract (its first declarer at odd tables, its
last at even ones) and takes the solver's tricks, one more or one fewer at some tables,
so that the travellers show results above, at and below par.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bridgescore.core.contract import PASSED_OUT, Contract, TableResult
from bridgescore.core.strains import Doubling
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.events.deals import analysed
from bridgescore.events.model import Event, EventResults, Participant, ResultRow, ns_score_of
from bridgescore.io.events import load_event

DATA = Path(__file__).parents[1] / "io" / "data"
DEALS = DATA / "pbn" / "bridgewebs_hands.pbn"
TABLES = 7
BOARDS = 15
BOARDS_PER_ROUND = 3

_NAMES = ["Ann Smith", "Bo Lee", "Carla Jiménez", "Dmitri Petrov", "Eeva Virtanen",
          "Frank O'Connor", "Greta Lindqvist", "Hiroshi Tanaka", "Inés Moreno", "Jussi Mäkinen",
          "Kate Williamson", "Lars Nilsson", "María Fernández", "Nils Andersson",
          "Olga Ivanova", "Pekka Korhonen", "Quentin Blake", "Rosa Martínez", "Sven Eriksson",
          "Tuula Heikkinen", "Ulla Salo", "Victor Hugo", "Wanda Kowalska", "Xavier Ruiz",
          "Yrjö Laine", "Zoe Adams", "Aino Lehtonen", "Bruno Costa"]  # fmt: skip


def _result(event: Event, board: int, table: int) -> TableResult:
    analysis = event.analyses[board]
    assert analysis.par is not None
    assert analysis.par.contracts is not None
    assert analysis.tricks is not None
    if not analysis.par.contracts:
        return TableResult(PASSED_OUT, None)
    par = analysis.par.contracts[0]
    declarer = par.declarers[0 if table % 2 else -1]
    doubling = Doubling.DOUBLED if par.doubled else Doubling.UNDOUBLED
    tricks = analysis.tricks.of(declarer, par.strain) + (0, 1, 0, -1)[(board + table) % 4]
    contract = Contract(par.level, par.strain, doubling, declarer)
    return TableResult(contract, max(0, min(13, tricks)))


def seven_tables() -> Event:
    """The evening, its deals analysed (the solver's tables and par)."""
    deals = load_event(DEALS)
    hands = {n: deals.hands[n] for n in range(1, BOARDS + 1)}
    event = analysed(Event(EventResults(()), hands=hands)).event
    rows = []
    for board in range(1, BOARDS + 1):
        round_ = (board - 1) // BOARDS_PER_ROUND
        vulnerability = BoardInfo.of(board).vulnerability
        for table in range(1, TABLES + 1):
            result = _result(event, board, table)
            rows.append(
                ResultRow(
                    board,
                    f"{table}NS",
                    f"{(table - 1 + round_) % TABLES + 1}EW",
                    vulnerability,
                    result=result,
                    ns_score=ns_score_of(result, vulnerability, "wbf2017"),
                    round=round_ + 1,
                    table=str(table),
                )
            )
    participants = tuple(
        Participant(f"{n}{side}", (_NAMES[2 * i], _NAMES[2 * i + 1]))
        for i, (n, side) in enumerate((n, side) for side in ("NS", "EW") for n in range(1, 8))
    )
    return replace(
        event,
        results=EventResults(tuple(rows)),
        name="Tuesday Pairs",
        date="2026-11-24",
        site="Helsinki Bridge Club",
        participants=participants,
    )
