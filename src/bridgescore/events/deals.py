"""An event's deals analysed: the one call the CLI, the reports and the web app make.

:func:`analysed` solves every deal the event knows (the ``dd`` extra), keeps the solver's
figures, and says in one line per board where a file's own figures disagree with them.
:func:`hand_records` lays each known deal out as data (the JSON ``"boards"``, the
terminal's hand records).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from bridgescore.analysis.model import Analysis, high_card_points
from bridgescore.core.hands import Hands
from bridgescore.core.seats import Seat
from bridgescore.core.strains import Strain
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.model import Event


@dataclass(frozen=True, slots=True)
class Analysed:
    """The event with every deal's analysis, what the file said otherwise (one line a
    board), and the deals that could not be analysed (one line a board)."""

    event: Event
    disagreements: tuple[Message, ...] = ()
    problems: tuple[Message, ...] = ()


def analysed(event: Event, *, jobs: int | None = None) -> Analysed:
    """``event`` with the solver's analysis of every known deal in place of the file's;
    ``jobs`` the solver's threads (``None``: every core). Raises
    :class:`~bridgescore.errors.MissingExtraError` without the ``dd`` extra."""
    from bridgescore.analysis.solver import solve

    boards = [(BoardInfo.of(n), hands) for n, hands in sorted(event.hands.items())]
    solved = solve(boards, jobs=jobs)
    disagreements = []
    for board, kept in sorted(event.analyses.items()):
        found = solved.analyses.get(board)
        if found is None:
            continue
        differences = kept.differences(found)
        if differences:
            disagreements.append(
                _(
                    "board {board}: the file's analysis is not the solver's: {what};"
                    " the solver's is shown",
                    board=board,
                    what=Message("; ".join(f"{{d{i}}}" for i in range(len(differences))),
                                 **{f"d{i}": d for i, d in enumerate(differences)}),
                )
            )  # fmt: skip
    analyses = {**event.analyses, **solved.analyses}
    return Analysed(replace(event, analyses=analyses), tuple(disagreements), solved.problems)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One board's deal as a hand record shows it: dealer, vulnerability, the hands, each
    hand's high-card points, and what is known of its analysis."""

    board: BoardInfo
    hands: Hands
    hcp: Mapping[Seat, int | None]
    analysis: Analysis

    def as_json(self) -> dict[str, object]:
        """``{"board", "dealer", "vulnerability", "deal", "hcp", "double_dummy", "par"}``:
        the deal in PBN notation, tricks by declarer and strain, North-South's par score
        and the par contracts in PBN's form (``None`` where not known)."""
        tricks = self.analysis.tricks
        par = self.analysis.par
        return {
            "board": self.board.number,
            "dealer": self.board.dealer.letter,
            "vulnerability": self.board.vulnerability.value,
            "deal": self.hands.to_pbn(),
            "hcp": {seat.letter: self.hcp[seat] for seat in Seat},
            "double_dummy": None
            if tricks is None
            else {
                seat.letter: {strain.letter: tricks.of(seat, strain) for strain in Strain}
                for seat in Seat
            },
            "par": None
            if par is None
            else {
                "score": par.score,
                "contracts": None if par.contracts is None else [c.to_pbn() for c in par.contracts],
            },
        }


def hand_records(event: Event) -> list[HandRecord]:
    """Every board whose deal is known, in board order, with what is known of its analysis."""
    return [
        HandRecord(
            BoardInfo.of(number),
            hands,
            high_card_points(hands),
            event.analyses.get(number, Analysis()),
        )
        for number, hands in sorted(event.hands.items())
    ]
