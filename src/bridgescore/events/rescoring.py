"""Scoring an event again after a new result, redoing only what the result changed.

A session under way is scored again and again (every phone after every board), and
between two calls at most a result or two is new. :class:`Rescorer` keeps, for one
event, each board's traveller by the board's results (a board whose results did not
change is not compared again) and each traveller's card lines and tallies, so one new
result rescores one board. Its figures are :func:`~bridgescore.events.scoring.score_with`'s
(``tests/events/test_rescoring.py`` holds them equal); anything but a pairs event scored
by matchpoints is scored in full.

The rows must be the same objects from call to call for a board to be kept (a caller
that reads results afresh each time gains nothing, but loses nothing either).
"""

from __future__ import annotations

from collections.abc import Mapping

from bridgescore.duplicate.entries import Adjusted
from bridgescore.duplicate.matchpoint_policies import MatchpointPolicy
from bridgescore.events.model import Event, ResultRow, group_by_board
from bridgescore.events.options import Field, ScoringOptions
from bridgescore.events.pairs import (
    BoardShare,
    Totalling,
    Traveller,
    assemble_pairs,
    field_kind,
    matchpoint_travellers,
    pairs_scoring,
    sections_apart,
    traveller_shares,
)
from bridgescore.events.scoring import (
    EventResult,
    check_has_results,
    entrants_of,
    kind_of,
    score_with,
)
from bridgescore.events.vocabulary import EventKind

_BoardKey = tuple[int, tuple[int, ...], int, MatchpointPolicy]
"""A board, the ``id`` of each of its rows (kept alive by the traveller), the count its
top is worked out from, the policy."""


class Rescorer:
    """One event's scoring, kept between calls (not thread-safe: one per event, used
    under the caller's lock)."""

    def __init__(self) -> None:
        self._boards: dict[_BoardKey, Traveller] = {}
        self._shares: dict[int, tuple[Traveller, tuple[BoardShare, ...]]] = {}

    def score(self, event: Event, options: ScoringOptions) -> EventResult:
        """``score_with(event, options)``, rescoring only the boards whose results changed."""
        check_has_results(event)
        how = options.scoring
        rows = event.results.rows
        if (
            event.matches
            or kind_of(event) is not EventKind.PAIRS
            or how.uses_imps
            or sections_apart(rows)  # a file's sections, each scored apart: scored whole
        ):
            return score_with(event, options)
        scoring = pairs_scoring(how)
        field = "two" if options.field is Field.DIRECTIONS else options.field.value
        by_board = group_by_board(rows)
        expected = max((len(board_rows) for board_rows in by_board.values()), default=0)
        policy = options.pairs_policy
        travellers = self._travellers(by_board, expected, policy)
        totalling = Totalling.of(policy, options.factoring.legacy)
        result = assemble_pairs(
            scoring,
            field_kind(rows, field),
            travellers,
            totalling,
            self._shares_of,
            entrants=entrants_of(event, options),
        )
        for gone in set(self._shares) - {id(t) for t in travellers}:
            del self._shares[gone]
        return result

    def _shares_of(self, traveller: Traveller) -> tuple[BoardShare, ...]:
        found = self._shares.get(id(traveller))
        if found is None or found[0] is not traveller:
            found = self._shares[id(traveller)] = (traveller, traveller_shares(traveller))
        return found[1]

    def _travellers(
        self,
        by_board: Mapping[int, list[ResultRow]],
        expected: int,
        policy: MatchpointPolicy,
    ) -> list[Traveller]:
        if any(isinstance(row.adjusted, Adjusted) for rows in by_board.values() for row in rows):
            return matchpoint_travellers(by_board, expected, policy)
        kept = self._boards
        found: list[Traveller] = []
        wanted = set()
        for number, rows in by_board.items():
            key = (number, tuple(map(id, rows)), expected, policy)
            wanted.add(key)
            traveller = kept.get(key)
            if traveller is None:
                traveller = matchpoint_travellers({number: rows}, expected, policy)[0]
                kept[key] = traveller
            found.append(traveller)
        for gone in set(kept) - wanted:
            del kept[gone]
        return found
