"""Scoring an event again after a new result, redoing only what the result changed.

A session under way is scored again and again (every phone after every board), and
between two calls at most a result or two is new. :class:`Rescorer` keeps, for one
event (for each of its sections, when they are scored apart):

- each board's rows and traveller: a board whose results did not change is not compared
  again;
- each pair's tally, card and figures: a board compared again takes its old lines off
  the tallies of the pairs who played it and adds its new ones, so only those pairs'
  cards are put together and their totals worked out again; the others' stand;
- each section's ranking, while none of its boards changed.

Told what changed since its last call (:class:`Changes`, as the web app's log knows it
entry by entry), it reads nothing else of the event: one new result compares one board
and moves the totals of the pairs who played that board, however many results the session
holds. Not told, it finds the changed boards by comparing every board's rows with the
last call's (the rows must be the same objects from call to call for a board to be kept;
a caller that reads results afresh each time gains nothing, but loses nothing either).

Its figures are :func:`~bridgescore.events.scoring.score_with`'s
(``tests/events/test_rescoring.py`` holds them equal, result after result, corrected and
erased, across the field and within sections, told and not told); anything but a pairs
event scored by matchpoints is scored in full, and so is a board whose A+/A- takes a pair's
session percentage (every board is compared again while the session holds one).
"""

from __future__ import annotations

import bisect
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from bridgescore.duplicate.entries import Adjusted
from bridgescore.duplicate.matchpoint_policies import MatchpointPolicy
from bridgescore.events.model import Event, ResultRow, group_by_board
from bridgescore.events.options import Field, ScoringOptions
from bridgescore.events.pairs import (
    CardLine,
    FiguresMemo,
    PairsResult,
    Sections,
    Standing,
    Tally,
    Totalling,
    Traveller,
    card_line,
    idle_by_section,
    known_kind,
    line_points,
    matchpoint_travellers,
    pairs_scoring,
    rank_standings,
    section_field,
    sections_apart,
    top_of,
)
from bridgescore.events.scoring import (
    EventResult,
    check_has_results,
    entrants_of,
    kind_of,
    score_with,
)
from bridgescore.events.vocabulary import EventKind, Scoring

POLICIES_KEPT = 4
"""Matchpoint policies whose boards a :class:`Rescorer` keeps at once (the one in force
and the last three others)."""

_BoardKey = tuple[int, tuple[int, ...], int, MatchpointPolicy]
"""A board, the ``id`` of each of its rows (kept alive by the traveller), the count its
top is worked out from, the policy."""


@dataclass(frozen=True, slots=True)
class Changes:
    """What an event gained and lost since a :class:`Rescorer`'s last call: the rows
    ``put`` in and the rows ``taken`` out (a corrected result is its old row taken and its
    new one put). Told, the rescorer takes the event's rows to be in the order of their
    round, then table (as a session lists its results): a row put goes there among its
    board's, and sections scored apart come in the order of their first rows."""

    put: Sequence[ResultRow] = ()
    taken: Sequence[ResultRow] = ()


@dataclass(eq=False)
class _Seen:
    """What the last call scored: its options, how many rows, the rows of each section,
    and whether the sections were scored apart."""

    options: ScoringOptions
    rows: int
    sections: Counter[str | None]
    apart: bool


class Rescorer:
    """One event's scoring, kept between calls (not thread-safe: one per event, used
    under the caller's lock)."""

    def __init__(self) -> None:
        self._fields: dict[str | None, _Kept] = {}
        self._seen: _Seen | None = None
        self._policy: MatchpointPolicy | None = None
        self._others: OrderedDict[MatchpointPolicy, dict[str | None, _Kept]] = OrderedDict()
        """What is kept under the other policies scored lately (the self-check's search
        tries one choice after another, and comes back to the policy it had)."""
        self._entrants: tuple[object, object, Mapping[str, str | None] | None] | None = None
        """The event's entrants, by the very participants and the option they came from."""

    def forget(self) -> None:
        """Drop what is kept: the next call scores the event in full."""
        self._fields, self._seen, self._policy, self._others = {}, None, None, OrderedDict()
        self._entrants = None

    def score(
        self, event: Event, options: ScoringOptions, changed: Changes | None = None
    ) -> EventResult:
        """``score_with(event, options)``, comparing only the boards whose results changed
        and totalling again only the pairs who played them; ``changed``: what changed since
        the last call (else found by comparing every board's rows)."""
        check_has_results(event)
        try:
            if changed is not None and self._told(event, options, changed):
                return self._result(event, options)
        except Exception:
            self.forget()  # what is kept may be half changed
            raise
        if event.matches or kind_of(event) is not EventKind.PAIRS or options.scoring.uses_imps:
            self._seen = None
            return score_with(event, options)
        rows = event.results.rows
        apart = sections_apart(rows, options.sections)
        self._seen = _Seen(options, len(rows), Counter(row.section for row in rows), apart)
        policy = options.pairs_policy
        if policy != self._policy:
            if self._policy is not None:
                self._others[self._policy] = self._fields
                while len(self._others) >= POLICIES_KEPT:
                    self._others.popitem(last=False)
            self._fields, self._policy = self._others.pop(policy, {}), policy
        if not apart:
            self._fields = {None: self._fields.get(None) or _Kept(None)}
            self._fields[None].update(rows, policy)
        else:
            by_section: dict[str, list[ResultRow]] = defaultdict(list)
            for row in rows:
                by_section[row.section or ""].append(row)
            self._fields = {
                section: self._fields.get(section) or _Kept(section) for section in by_section
            }
            for section, section_rows in by_section.items():
                self._fields[section].update(section_rows, policy)
        return self._result(event, options)

    def _told(self, event: Event, options: ScoringOptions, changed: Changes) -> bool:
        """Apply ``changed`` to what is kept, when it can be: the last call had these
        options, the event has the rows it would then have, still of pairs, and the
        sections scored apart are the same sections (else ``False``: score it in full)."""
        seen = self._seen
        if seen is None or seen.options != options or event.matches or event.results.teams:
            return False
        if event.kind in (EventKind.TEAMS, EventKind.INDIVIDUAL):
            return False
        if seen.rows + len(changed.put) - len(changed.taken) != len(event.results.rows):
            return False
        if any(row.players for row in changed.put):
            return False
        sections = seen.sections.copy()
        sections.subtract(row.section for row in changed.taken)
        sections.update(row.section for row in changed.put)
        sections = +sections  # drop the sections left without a row
        apart = Sections.parse(options.sections) is not Sections.ACROSS and len(sections) > 1
        if apart != seen.apart or (apart and set(sections) != set(seen.sections)):
            return False
        by_section: dict[str | None, tuple[list[ResultRow], list[ResultRow]]] = defaultdict(
            lambda: ([], [])
        )
        for row in changed.taken:
            by_section[(row.section or "") if apart else None][0].append(row)
        for row in changed.put:
            by_section[(row.section or "") if apart else None][1].append(row)
        if not all(self._fields[s].has(taken) for s, (taken, _put) in by_section.items()):
            return False
        for section, (taken, put) in by_section.items():
            self._fields[section].change(taken, put, options.pairs_policy)
        if apart:  # the sections in the order their first rows come
            self._fields = dict(sorted(self._fields.items(), key=lambda kv: kv[1].first()))
        seen.rows = len(event.results.rows)
        seen.sections = sections
        return True

    def _result(self, event: Event, options: ScoringOptions) -> PairsResult:
        scoring = pairs_scoring(options.scoring)
        field = "two" if options.field is Field.DIRECTIONS else options.field.value
        totalling = Totalling.of(options.pairs_policy, options.factoring.legacy)
        kept = self._entrants
        if kept is None or kept[0] is not event.participants or kept[1] != options.entrants:
            kept = self._entrants = (
                event.participants, options.entrants, entrants_of(event, options)
            )  # fmt: skip
        entrants = kept[2]
        known = event.field_kinds if field == "auto" else None
        if None in self._fields:
            asked = known_kind(known, None) or field
            return self._fields[None].result(scoring, asked, totalling, entrants)
        return self._apart(scoring, field, totalling, entrants, known)

    def _apart(
        self,
        how: Scoring,
        field: str,
        totalling: Totalling,
        entrants: Mapping[str, str | None] | None,
        known: Mapping[str, Field] | None = None,
    ) -> PairsResult:
        """Each section scored as an event of its own, as ``score_pairs`` scores sections
        apart: its fields named ``A NS``, its travellers and card lines marked with it, a
        pair that played no board in the section its id starts with."""
        sections = tuple(self._fields)
        played = set().union(*(kept.played for kept in self._fields.values()))
        idle = idle_by_section(entrants, played, sections)  # type: ignore[arg-type]
        fields: list[str] = []
        standings: list[Standing] = []
        travellers: list[Traveller] = []
        cards: list[_KeptCards] = []
        for section, kept in self._fields.items():
            asked = known_kind(known, section or "") or field  # as the file says, if it does
            scored = kept.result(how, asked, totalling, idle.get(section or "") or None)
            fields.extend(scored.fields)
            standings.extend(scored.standings)
            travellers.extend(scored.travellers)
            assert isinstance(scored.cards, _KeptCards)
            cards.append(scored.cards)
        return PairsResult(
            how,
            tuple(fields),
            tuple(standings),
            tuple(travellers),
            cards[0].joined(cards[1:], _pair_key),
        )


_Points = tuple[str, Fraction | None, Fraction]
"""What a traveller's line adds to one pair's tally: the pair, its counted points
(``None``: nothing counted) and its exact points."""

_Where = Mapping[str, tuple[int, str]]
"""A traveller's pairs: pair -> its line's index and the side it sat."""


class _KeptCards(Mapping[str, tuple[CardLine, ...]]):
    """The pairs' score cards as they stood at one call, each put together from the
    travellers when first read: after a new result the live ranking reads one card if a
    page asks for it, not the field's every card. Equal to the dict of its cards."""

    __slots__ = ("_made", "_pairs", "_sources")

    def __init__(
        self,
        pairs: Sequence[str],
        sources: Sequence[
            tuple[Mapping[str, Sequence[int]], Mapping[int, Traveller], Mapping[int, _Where]]
        ],
    ) -> None:
        """``pairs`` in the order listed; ``sources``: the boards each pair played, the
        travellers, and each traveller's pairs (one source a field scored), none changed
        afterwards (a pair in none of them has an empty card)."""
        self._pairs = {pair: None for pair in pairs}
        self._sources = tuple(sources)
        self._made: dict[str, tuple[CardLine, ...]] = {}

    def __getitem__(self, pair: str) -> tuple[CardLine, ...]:
        made = self._made.get(pair)
        if made is not None:
            return made
        if pair not in self._pairs:
            raise KeyError(pair)
        made = ()
        for played, travellers, where in self._sources:
            boards = played.get(pair)
            if boards:
                made = tuple(
                    card_line(travellers[board].lines[at], side, travellers[board].section)
                    for board in boards
                    for at, side in (where[board][pair],)
                )
                break
        self._made[pair] = made  # the same card whichever thread makes it
        return made

    def __iter__(self) -> Iterator[str]:
        return iter(self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)

    def __contains__(self, pair: object) -> bool:
        return pair in self._pairs

    def joined(
        self, others: Sequence[_KeptCards], order: Callable[[str], tuple[int, str]]
    ) -> _KeptCards:
        """These cards and ``others``' (sections scored apart), pairs listed by ``order``."""
        every = [self, *others]
        pairs = sorted((pair for cards in every for pair in cards._pairs), key=order)
        return _KeptCards(pairs, [source for cards in every for source in cards._sources])


@dataclass(frozen=True, eq=False)
class _Seated:
    """A field's pairs as ranked: each field's pairs in number order, the entrants that
    played nothing (each with a tally of its own), every pair in number order; kept while
    no pair comes, goes or changes side (``key``) and the entrants are the same."""

    key: tuple[int, str]
    entrants: Mapping[str, str | None] | None
    fields: tuple[tuple[str, tuple[str, ...]], ...]
    idle: Mapping[str, Tally]
    order: tuple[str, ...]

    @classmethod
    def of(
        cls,
        sides: Mapping[str, str],
        kind: str,
        entrants: Mapping[str, str | None] | None,
        key: tuple[int, str],
    ) -> _Seated:
        field_of = {pair: "all" if kind == "one" else side for pair, side in sides.items()}
        idle = [pair for pair in (entrants or {}) if pair not in field_of]
        for pair in idle:
            direction = (entrants or {})[pair]
            field_of[pair] = "all" if kind == "one" else ("EW" if direction == "EW" else "NS")
        order = tuple(sorted(field_of, key=_pair_key))
        names = sorted(set(field_of.values()), key=("all", "NS", "EW").index)
        fields = tuple((name, tuple(p for p in order if field_of[p] == name)) for name in names)
        return cls(key, entrants, fields, {pair: Tally() for pair in idle}, order)


@dataclass(eq=False)
class _Kept:
    """What is kept of one field (the event's, or one section's scored apart): each
    board's rows and traveller, the travellers counted in the totals, each pair's tally,
    lines and card, the figures :func:`~bridgescore.events.pairs.rank_field` worked out,
    and the ranking while nothing in the field changed."""

    section: str | None
    rows: dict[int, list[ResultRow]] = field(default_factory=dict)
    """Board number -> its rows (in the event's order), boards in number order."""
    keys: dict[int, _BoardKey] = field(default_factory=dict)
    by_board: dict[int, Traveller] = field(default_factory=dict)
    expected: int = 0
    policy: MatchpointPolicy | None = None
    adjusted: int = 0
    """Rows with an A+/A- (:class:`~bridgescore.duplicate.entries.Adjusted`)."""
    seats: tuple[Counter[str], Counter[str]] = field(default_factory=lambda: (Counter(), Counter()))
    """How many rows each pair sat North-South, and East-West (one field or two)."""
    counted: dict[int, tuple[Traveller, tuple[_Points, ...], Fraction | None]] = field(
        default_factory=dict
    )
    """Board number -> the traveller in the totals, what each line adds to each pair's
    tally, and the board's top."""
    tallies: dict[str, Tally] = field(default_factory=dict)
    boards_of: dict[str, list[int]] = field(default_factory=dict)
    """Pair -> the boards it played, in number order, as they are put and taken."""
    played: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Pair -> the boards it played (a tuple made again only when they change: a card
    read later is put together from what stood when its result was made)."""
    where: dict[int, _Where] = field(default_factory=dict)
    """Board number -> each pair's line on its traveller (made again when it changes)."""
    sides: dict[str, str] = field(default_factory=dict)
    """Pair -> the side it sat on its first board (its field in a Mitchell)."""
    seating: int = 0
    """Raised whenever a pair comes, goes or changes side: the fields stand while it does."""
    seated: _Seated | None = None
    memo: FiguresMemo = field(default_factory=dict)
    travellers: tuple[Traveller, ...] = ()
    ranked: tuple[object, PairsResult] | None = None
    """The last :meth:`result`, by what it was asked with; dropped by any change."""
    first_place: tuple[int, int, str] | None = None

    def update(self, rows: Sequence[ResultRow], policy: MatchpointPolicy) -> None:
        """Take the field's rows afresh: compare the boards whose rows are not the last
        call's, and move the totals of the pairs who played them."""
        self.rows = group_by_board(rows)
        self.adjusted = sum(isinstance(row.adjusted, Adjusted) for row in rows)
        self.seats = (Counter(row.ns for row in rows), Counter(row.ew for row in rows))
        self._refresh(set(self.rows) | set(self.by_board), policy)

    def first(self) -> tuple[int, int, str]:
        """Where the field's first row stands (:func:`_place`; kept until a change)."""
        if self.first_place is None:
            self.first_place = min(_place(rows[0]) for rows in self.rows.values())
        return self.first_place

    def has(self, rows: Sequence[ResultRow]) -> bool:
        """Whether every one of ``rows`` is among the field's (the very object)."""
        return all(any(r is row for r in self.rows.get(row.board, ())) for row in rows)

    def change(
        self, taken: Sequence[ResultRow], put: Sequence[ResultRow], policy: MatchpointPolicy
    ) -> None:
        """Take ``taken`` out of their boards and put ``put`` in, then compare those boards
        and move the totals of the pairs who played them (:meth:`has` ``taken`` first)."""
        ns, ew = self.seats
        for row, step in [*((row, -1) for row in taken), *((row, 1) for row in put)]:
            ns[row.ns] += step
            ew[row.ew] += step
            self.adjusted += step * isinstance(row.adjusted, Adjusted)
        self.seats = (+ns, +ew)
        for row in taken:
            board = self.rows[row.board]
            del board[next(i for i, r in enumerate(board) if r is row)]
            if not board:
                del self.rows[row.board]
        new_board = False
        for row in put:
            if row.board not in self.rows:
                self.rows[row.board] = []
                new_board = True
            board = self.rows[row.board]
            board.insert(bisect.bisect_right(board, _place(row), key=_place), row)
        if new_board:
            self.rows = dict(sorted(self.rows.items()))
        self._refresh({row.board for row in (*taken, *put)}, policy)

    def _refresh(self, changed: set[int], policy: MatchpointPolicy) -> None:
        """Compare again the ``changed`` boards (every board when the count a top is worked
        out from, the policy, or an A+/A- asks), then move the totals."""
        expected = max(map(len, self.rows.values()), default=0)
        if expected != self.expected or policy != self.policy:
            changed = set(self.rows) | set(self.by_board)
        self.expected, self.policy = expected, policy
        if self.adjusted:
            # an A+/A- takes its pair's session percentage: every board counts, none is kept
            scored = matchpoint_travellers(self.rows, expected, policy)
            self.by_board = {t.board: self._marked(t) for t in scored}
            self.keys = {}
        else:
            for number in changed:
                rows = self.rows.get(number)
                if rows is None:
                    self.by_board.pop(number, None)
                    self.keys.pop(number, None)
                    continue
                key = (number, tuple(map(id, rows)), expected, policy)
                if self.keys.get(number) != key:
                    traveller = matchpoint_travellers({number: rows}, expected, policy)[0]
                    self.by_board[number] = self._marked(traveller)
                    self.keys[number] = key
        self.travellers = tuple(self.by_board[number] for number in self.rows)
        self._count(self.travellers)
        self.ranked = self.first_place = None

    def result(
        self,
        how: Scoring,
        field: str,
        totalling: Totalling,
        entrants: Mapping[str, str | None] | None,
    ) -> PairsResult:
        """``assemble_pairs`` of this field as it stands, with ``entrants`` that played no
        board listed last (kept while nothing changes)."""
        asked = (how, field, totalling, entrants)
        if self.ranked is not None and self.ranked[0] == asked:
            return self.ranked[1]
        ns, ew = self.seats
        kind = field if field != "auto" else field_kind_of(ns, ew)
        travellers = self.travellers
        seated = self.seated
        if seated is None or seated.key != (self.seating, kind) or seated.entrants is not entrants:
            seated = self.seated = _Seated.of(self.sides, kind, entrants, (self.seating, kind))
        tallies = self.tallies
        standings = []
        for name, pairs in seated.fields:
            members = {pair: tallies.get(pair) or seated.idle[pair] for pair in pairs}
            shown = name if self.section is None else section_field(self.section, name)
            standings.extend(
                rank_standings(
                    members, totalling, shown, event_boards=len(travellers), memo=self.memo,
                    numbered=True,
                )
            )  # fmt: skip
        fields = tuple(name for name, _pairs in seated.fields)
        made = PairsResult(
            how,
            tuple(
                fields if self.section is None else (section_field(self.section, n) for n in fields)
            ),
            tuple(standings),
            tuple(travellers),
            _KeptCards(
                seated.order,
                ((dict(self.played), dict(self.by_board), dict(self.where)),),
            ),
        )
        self.ranked = (asked, made)
        return made

    def _count(self, travellers: Sequence[Traveller]) -> None:
        """Take off the totals the lines of every traveller no longer counted, add those of
        every new one, and note the boards of the pairs who came or went."""
        now = {t.board: t for t in travellers}
        gone = [b for b, (t, _, _) in self.counted.items() if now.get(b) is not t]
        if len(gone) * 2 > len(self.counted):  # most boards changed: start again
            self.counted, self.tallies, self.boards_of, self.played = {}, {}, {}, {}
            self.where, self.sides = {}, {}
            self.seating += 1
            gone = []
        tallies, boards_of, where = self.tallies, self.boards_of, self.where
        left: dict[int, _Where] = {}
        before: dict[int, tuple[dict[str, tuple[Fraction, Fraction]], Fraction | None]] = {}
        for board in gone:  # its pairs' lines are swapped for the new ones below
            _traveller, taken, top = self.counted.pop(board)
            before[board] = ({p: (c, e) for p, c, e in taken if c is not None}, top)
            left[board] = where.pop(board)
        moved: set[str] = set()  # pairs whose boards changed
        touched: set[str] = set()
        for board, traveller in now.items():
            if board in self.counted:
                continue
            top = top_of(traveller)
            points: list[_Points] = []
            pairs: dict[str, tuple[int, str]] = {}
            old, old_top = before.pop(board, ({}, None))
            tops = (None, None) if old_top == top else (old_top, top)
            for at, line in enumerate(traveller.lines):
                row = line.row
                for pair, side in ((row.ns, "NS"), (row.ew, "EW")):
                    counted, exact = line_points(line, side)
                    points.append((pair, counted, exact))
                    pairs[pair] = (at, side)
                    tally = tallies.get(pair)
                    if tally is None:
                        tally = tallies[pair] = Tally()
                        boards_of[pair] = []
                    was = old.pop(pair, None)
                    if was is not None and counted is not None:
                        tally.swap(*was, counted, exact, *tops)
                        continue
                    if was is not None:
                        tally.take(*was, old_top)
                    if counted is not None:
                        tally.add(counted, exact, top)
            for pair, was in old.items():  # off the board now, or nothing counted
                tallies[pair].take(*was, old_top)
            self.counted[board] = (traveller, tuple(points), top)
            where[board] = pairs
            sat = left.pop(board, {})
            for pair in pairs.keys() - sat.keys():
                bisect.insort(boards_of[pair], board)
                moved.add(pair)
            for pair in sat.keys() - pairs.keys():
                boards_of[pair].remove(board)
                moved.add(pair)
            touched.update(pairs)
        for old, old_top in before.values():  # boards no longer in the field
            for pair, was in old.items():
                tallies[pair].take(*was, old_top)
        for board, sat in left.items():
            for pair in sat:
                boards_of[pair].remove(board)
                moved.add(pair)
        for pair in moved:
            if not boards_of[pair]:  # its only results erased: it has played nothing now
                del boards_of[pair], tallies[pair]
                self.played.pop(pair, None)
                self.sides.pop(pair, None)
                touched.discard(pair)
                continue
            self.played[pair] = tuple(boards_of[pair])
            touched.add(pair)
        turned = False
        for pair in touched:  # the side of its first board (a corrected row may swap)
            side = where[self.played[pair][0]][pair][1]
            if self.sides.get(pair) != side:
                self.sides[pair] = side
                turned = True
        if moved or turned:
            self.seating += 1

    def _marked(self, traveller: Traveller) -> Traveller:
        return traveller if self.section is None else replace(traveller, section=self.section)


def field_kind_of(ns: Mapping[str, int], ew: Mapping[str, int]) -> str:
    """:func:`~bridgescore.events.pairs.field_kind` ``auto`` from the pairs that sat each
    way: one field when some pair sat both ways (a Howell), else two."""
    return "one" if ns.keys() & ew.keys() else "two"


def _place(row: ResultRow) -> tuple[int, int, str]:
    """Where a row stands among its board's: by round, then table (a number as a number)."""
    table = row.table or ""
    return (row.round or 0, int(table) if table.isdigit() else 1 << 30, table)


def _pair_key(pair: str) -> tuple[int, str]:
    """Pair ids sort as numbers when they are numbers (as ``score_pairs`` sorts cards)."""
    return (int(pair), "") if pair.isdigit() else (1 << 30, pair)
