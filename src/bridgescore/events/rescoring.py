"""Scoring an event again after a new result, redoing only what the result changed.

A session under way is scored again and again (every phone after every board), and
between two calls at most a result or two is new. :class:`Rescorer` keeps, for one
event (for each of its sections, when they are scored apart):

- each board's traveller by the board's results: a board whose results did not change
  is not compared again;
- each pair's tally, card and figures: a board compared again takes its old lines off
  the tallies of the pairs who played it and adds its new ones, so only those pairs'
  cards are put together and their totals worked out again; the others' stand.

So one new result compares one board and moves the totals of the pairs who played that
board, however many results the session holds. Its figures are
:func:`~bridgescore.events.scoring.score_with`'s (``tests/events/test_rescoring.py`` holds
them equal, result after result, corrected and erased, across the field and within
sections); anything but a pairs event scored by matchpoints is scored in full, and so is a
board whose A+/A- takes a pair's session percentage (every board is compared again while
the session holds one).

The rows must be the same objects from call to call for a board to be kept (a caller
that reads results afresh each time gains nothing, but loses nothing either).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from bridgescore.duplicate.entries import Adjusted
from bridgescore.duplicate.matchpoint_policies import MatchpointPolicy
from bridgescore.events.model import Event, ResultRow, group_by_board
from bridgescore.events.options import Field, ScoringOptions
from bridgescore.events.pairs import (
    BoardShare,
    CardLine,
    FiguresMemo,
    PairsResult,
    Standing,
    Tally,
    Totalling,
    Traveller,
    field_kind,
    matchpoint_travellers,
    pairs_scoring,
    rank_field,
    section_field,
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
from bridgescore.events.vocabulary import EventKind, Scoring

_BoardKey = tuple[int, tuple[int, ...], int, MatchpointPolicy]
"""A board, the ``id`` of each of its rows (kept alive by the traveller), the count its
top is worked out from, the policy."""


class Rescorer:
    """One event's scoring, kept between calls (not thread-safe: one per event, used
    under the caller's lock)."""

    def __init__(self) -> None:
        self._fields: dict[str | None, _Kept] = {}

    def score(self, event: Event, options: ScoringOptions) -> EventResult:
        """``score_with(event, options)``, comparing only the boards whose results changed
        and totalling again only the pairs who played them."""
        check_has_results(event)
        how = options.scoring
        rows = event.results.rows
        if event.matches or kind_of(event) is not EventKind.PAIRS or how.uses_imps:
            return score_with(event, options)
        scoring = pairs_scoring(how)
        field = "two" if options.field is Field.DIRECTIONS else options.field.value
        totalling = Totalling.of(options.pairs_policy, options.factoring.legacy)
        entrants = entrants_of(event, options)
        if not sections_apart(rows, options.sections):
            kept = self._kept(None)
            kept.update(rows, field, options.pairs_policy)
            return kept.result(scoring, totalling, entrants)
        return self._apart(scoring, rows, field, options.pairs_policy, totalling, entrants)

    def _kept(self, section: str | None) -> _Kept:
        found = self._fields.get(section)
        if found is None:
            found = self._fields[section] = _Kept(section)
        return found

    def _apart(
        self,
        how: Scoring,
        rows: Sequence[ResultRow],
        field: str,
        policy: MatchpointPolicy,
        totalling: Totalling,
        entrants: Mapping[str, str | None] | None,
    ) -> PairsResult:
        """Each section scored as an event of its own, as ``score_pairs`` scores sections
        apart: its fields named ``A NS``, its travellers and card lines marked with it, a
        pair that played no board in the section its id starts with."""
        by_section: dict[str, list[ResultRow]] = defaultdict(list)
        for row in rows:
            by_section[row.section or ""].append(row)
        for gone in set(self._fields) - set(by_section):
            del self._fields[gone]
        for section, section_rows in by_section.items():
            self._kept(section).update(section_rows, field, policy)
        names = sorted(by_section, key=len, reverse=True)
        idle: dict[str, dict[str, str | None]] = defaultdict(dict)
        for pair, direction in (entrants or {}).items():
            if not any(pair in self._fields[section].lines for section in by_section):
                home = next((n for n in names if n and pair.startswith(n)), next(iter(by_section)))
                idle[home][pair] = direction
        fields: list[str] = []
        standings: list[Standing] = []
        travellers: list[Traveller] = []
        cards: dict[str, tuple[CardLine, ...]] = {}
        for section in by_section:
            scored = self._fields[section].result(how, totalling, idle.get(section) or None)
            fields.extend(scored.fields)
            standings.extend(scored.standings)
            travellers.extend(scored.travellers)
            cards.update(scored.cards)
        return PairsResult(
            how,
            tuple(fields),
            tuple(standings),
            tuple(travellers),
            dict(sorted(cards.items(), key=lambda kv: _pair_key(kv[0]))),
        )


@dataclass(eq=False)
class _Kept:
    """What is kept of one field (the event's, or one section's scored apart): the boards'
    travellers, the travellers counted in the totals, each pair's tally, lines and card,
    and the figures :func:`~bridgescore.events.pairs.rank_field` worked out."""

    section: str | None
    boards: dict[_BoardKey, Traveller] = field(default_factory=dict)
    counted: dict[int, tuple[Traveller, tuple[BoardShare, ...]]] = field(default_factory=dict)
    """Board number -> the traveller in the totals, and its shares."""
    tallies: dict[str, Tally] = field(default_factory=dict)
    lines: dict[str, dict[int, BoardShare]] = field(default_factory=dict)
    """Pair -> board number -> its share of that board."""
    cards: dict[str, tuple[CardLine, ...]] = field(default_factory=dict)
    sides: dict[str, str] = field(default_factory=dict)
    """Pair -> the side it sat on its first board (its field in a Mitchell)."""
    memo: FiguresMemo = field(default_factory=dict)
    travellers: tuple[Traveller, ...] = ()
    kind: str = "two"

    def update(self, rows: Sequence[ResultRow], field: str, policy: MatchpointPolicy) -> None:
        """Compare the boards whose results changed since the last call, and move the
        totals of the pairs who played them."""
        by_board = group_by_board(rows)
        expected = max((len(board_rows) for board_rows in by_board.values()), default=0)
        travellers = self._travellers(by_board, expected, policy)
        self._count(travellers)
        self.travellers = tuple(travellers)
        self.kind = field_kind(rows, field)

    def result(
        self, how: Scoring, totalling: Totalling, entrants: Mapping[str, str | None] | None
    ) -> PairsResult:
        """``assemble_pairs`` of this field as :meth:`update` left it, with ``entrants``
        that played no board listed last."""
        kind, travellers = self.kind, self.travellers
        field_of = {pair: "all" if kind == "one" else side for pair, side in self.sides.items()}
        tallies: dict[str, Tally] = dict(self.tallies)
        cards = self.cards
        idle = [pair for pair in (entrants or {}) if pair not in field_of]
        if idle:
            cards = dict(cards)
            for pair in idle:
                direction = (entrants or {})[pair]
                field_of[pair] = "all" if kind == "one" else ("EW" if direction == "EW" else "NS")
                tallies[pair] = Tally()
                cards[pair] = ()
        standings = []
        fields = tuple(sorted(set(field_of.values()), key=("all", "NS", "EW").index))
        for name in fields:
            members = {pair: tallies[pair] for pair in field_of if field_of[pair] == name}
            shown = name if self.section is None else section_field(self.section, name)
            for ranked in rank_field(
                members, totalling, event_boards=len(travellers), memo=self.memo
            ):
                standings.append(
                    Standing(
                        ranked.place, ranked.name, shown, ranked.total, ranked.percent,
                        ranked.boards,
                    )
                )  # fmt: skip
        return PairsResult(
            how,
            tuple(
                fields if self.section is None else (section_field(self.section, n) for n in fields)
            ),
            tuple(standings),
            tuple(travellers),
            dict(sorted(cards.items(), key=lambda kv: _pair_key(kv[0]))),
        )

    def _count(self, travellers: Sequence[Traveller]) -> None:
        """Take off the totals the lines of every traveller no longer counted, add those of
        every new one, and put together again the cards of the pairs they touch."""
        now = {t.board: t for t in travellers}
        gone = [b for b, (t, _) in self.counted.items() if now.get(b) is not t]
        if len(gone) * 2 > len(self.counted):  # most boards changed: start again
            self.counted, self.tallies, self.lines, self.cards, self.sides = {}, {}, {}, {}, {}
            gone = []
        touched: set[str] = set()
        for board in gone:
            _traveller, shares = self.counted.pop(board)
            for share in shares:
                if share.counted is not None:
                    self.tallies[share.pair].take(share.counted, share.exact, share.top)
                del self.lines[share.pair][board]
                touched.add(share.pair)
        for board, traveller in now.items():
            if board in self.counted:
                continue
            shares = traveller_shares(traveller)
            self.counted[board] = (traveller, shares)
            for share in shares:
                tally = self.tallies.get(share.pair)
                if tally is None:
                    tally = self.tallies[share.pair] = Tally()
                    self.lines[share.pair] = {}
                if share.counted is not None:
                    tally.add(share.counted, share.exact, share.top)
                self.lines[share.pair][board] = share
                touched.add(share.pair)
        for pair in touched:
            lines = self.lines[pair]
            if not lines:  # its only results erased: it has played nothing now
                del self.lines[pair], self.tallies[pair], self.cards[pair], self.sides[pair]
                continue
            boards = sorted(lines)
            self.cards[pair] = tuple(lines[board].line for board in boards)
            self.sides[pair] = lines[boards[0]].side

    def _travellers(
        self,
        by_board: Mapping[int, list[ResultRow]],
        expected: int,
        policy: MatchpointPolicy,
    ) -> list[Traveller]:
        kept = self.boards
        keys = [
            (number, tuple(map(id, rows)), expected, policy) for number, rows in by_board.items()
        ]
        if any(
            isinstance(row.adjusted, Adjusted)
            for key, rows in zip(keys, by_board.values(), strict=True)
            if key not in kept  # a board kept has no A+/A- (one with an A+/A- is never kept)
            for row in rows
        ):
            # an A+/A- takes its pair's session percentage: every board counts
            kept.clear()
            return [self._marked(t) for t in matchpoint_travellers(by_board, expected, policy)]
        found: list[Traveller] = []
        for key, (number, rows) in zip(keys, by_board.items(), strict=True):
            traveller = kept.get(key)
            if traveller is None:
                traveller = matchpoint_travellers({number: rows}, expected, policy)[0]
                traveller = kept[key] = self._marked(traveller)
            found.append(traveller)
        if len(kept) > len(keys):
            for gone in set(kept) - set(keys):
                del kept[gone]
        return found

    def _marked(self, traveller: Traveller) -> Traveller:
        return traveller if self.section is None else replace(traveller, section=self.section)


def _pair_key(pair: str) -> tuple[int, str]:
    """Pair ids sort as numbers when they are numbers (as ``score_pairs`` sorts cards)."""
    return (int(pair), "") if pair.isdigit() else (1 << 30, pair)
