"""A pairs event: every board compared, pairs totalled and ranked, travellers and score cards.

Scorings: ``mp`` (matchpoints, the european 2-1-0 scale of “Bridgen pistelasku”),
``acbl`` (1 and ½), ``butler`` (IMPs against a datum) and ``cross-imps``
(each result against every other, averaged per comparison). Pairs are ranked in
one field (a Howell: every pair sits both ways) or North-South and East-West
apart (a Mitchell); ``field="auto"`` tells them apart by whether any pair sits
both ways.

A field's totals, percentages and places are worked out by :func:`rank_field` from each
contestant's :class:`Tally`, as its :class:`Totalling` (the policy's choices) says; the
individual event (:mod:`bridgescore.events.individual`) ranks its players with it too.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import gcd
from typing import Any, Final

from bridgescore.core._tokens import quote
from bridgescore.core.words import Word
from bridgescore.duplicate.board_scoring import BoardResults, BoardScore, score_board
from bridgescore.duplicate.butler import ButlerPreset, butler_board, get_butler_preset
from bridgescore.duplicate.cross_imps import cross_imps_exact
from bridgescore.duplicate.entries import Adjusted, AdjustedCode, NotPlayed
from bridgescore.duplicate.imps import DuplicateError
from bridgescore.duplicate.matchpoint_policies import MatchpointPolicy, get_policy
from bridgescore.duplicate.matchpoints import Halves, round_to
from bridgescore.errors import BridgeInputError, Message
from bridgescore.errors import marked as _
from bridgescore.events.model import EventResults, ResultRow, group_by_board
from bridgescore.events.ranking import places
from bridgescore.events.vocabulary import EventKind, Field, Scoring

PAIRS_SCORINGS: Final = (Scoring.MATCHPOINTS, Scoring.ACBL, Scoring.BUTLER, Scoring.CROSS_IMPS)
"""How the results of a pairs board are compared (of the one vocabulary, :class:`Scoring`)."""


def pairs_scoring(text: str | Scoring) -> Scoring:
    """A pairs event's scoring, by any spelling :class:`Scoring` takes (IMPs in a pairs
    event are cross-IMPs); board-a-match or an unknown word is refused naming the four."""
    refused = _("{text}: not a pairs scoring; use mp, acbl, butler or cross-imps", text=quote(text))
    try:
        how = Scoring.parse(text).for_kind(EventKind.PAIRS)
    except BridgeInputError:
        raise DuplicateError(refused) from None
    if how not in PAIRS_SCORINGS:
        raise DuplicateError(refused)
    return how


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One table's line on a board's traveller, with each side's points.

    ``ns_counted``/``ew_counted`` are what the line adds to each pair's total when that
    is not the shown figure (an exact cross-IMP average; Compscore's 0.01 MP behind a
    0.1 MP traveller); ``ns_exact``/``ew_exact`` the exact matchpoints at the board's
    full top.
    """

    row: ResultRow
    ns_points: float | None
    ew_points: float | None
    ns_percent: float | None = None
    ew_percent: float | None = None
    ns_counted: Fraction | None = None
    ew_counted: Fraction | None = None
    ns_exact: Fraction | None = None
    ew_exact: Fraction | None = None

    def counted(self, side: str) -> Fraction | None:
        """What the line adds to the ``"NS"`` or ``"EW"`` pair's total."""
        if side == "NS":
            counted, shown = self.ns_counted, self.ns_points
        else:
            counted, shown = self.ew_counted, self.ew_points
        if counted is not None:
            return counted
        return None if shown is None else Fraction(str(shown))

    def exact(self, side: str) -> Fraction | None:
        """The exact points of the ``"NS"`` or ``"EW"`` pair (the counted ones if unknown)."""
        exact = self.ns_exact if side == "NS" else self.ew_exact
        return self.counted(side) if exact is None else exact


@dataclass(frozen=True, slots=True)
class Traveller:
    """A board's results side by side; ``top`` (matchpoints, as shown) or ``datum``
    (butler). ``full_top`` is the top the totals count when the traveller shows another
    (Compscore's raw traveller of a board some table did not play)."""

    board: int
    lines: tuple[TravellerLine, ...]
    top: float | None = None
    datum: int | None = None
    full_top: float | None = None
    section: str | None = None
    """The section whose results the traveller compares, when sections are scored apart
    (:attr:`Sections.APART`); ``None``: the whole field's."""

    @property
    def counted_top(self) -> float | None:
        return self.top if self.full_top is None else self.full_top


@dataclass(frozen=True, slots=True)
class CardLine:
    """One board on a pair's personal score card, from that pair's side."""

    board: int
    direction: str
    opponents: str
    result: str
    score: int | None
    points: float | None
    percent: float | None
    round: int | None
    section: str | None = None
    """The section whose traveller the line is on, when sections are scored apart (its
    board's page is that section's)."""


@dataclass(frozen=True, slots=True)
class Standing:
    """A pair's place, total and (matchpoints) percentage in its field."""

    place: str
    pair: str
    field: str
    total: float
    percent: float | None
    boards: int


@dataclass(frozen=True, slots=True)
class PairsResult:
    """The whole scored event."""

    scoring: Scoring
    fields: tuple[str, ...]
    standings: tuple[Standing, ...]
    travellers: tuple[Traveller, ...]
    cards: Mapping[str, tuple[CardLine, ...]]
    penalties: tuple[tuple[str, float], ...] = ()
    """Points taken off pairs' totals (procedural penalties), pair by pair."""

    def traveller(self, board: int, section: str | None = None) -> Traveller:
        """Board ``board``'s traveller (with sections scored apart, ``section``'s; the
        first section's when none is named)."""
        for traveller in self.travellers:
            if traveller.board == board and section in (None, traveller.section):
                return traveller
        raise DuplicateError(_("board {board!r} is not in this event", board=board))

    def travellers_of(self, board: int, section: str | None = None) -> tuple[Traveller, ...]:
        """Board ``board``'s travellers: one, or one per section when the sections were
        scored apart (``section``: that section's only). An error names the board (and
        the section) when there is none."""
        found = tuple(
            t for t in self.travellers if t.board == board and section in (None, t.section)
        )
        if found:
            return found
        if section is not None and any(t.board == board for t in self.travellers):
            raise DuplicateError(
                _(
                    "board {board!r} has no traveller in section {section!r}",
                    board=board,
                    section=section,
                )
            )
        raise DuplicateError(_("board {board!r} is not in this event", board=board))

    def card(self, pair: str) -> tuple[CardLine, ...]:
        found = self.cards.get(str(pair))
        if found is None:
            raise DuplicateError(_("pair {pair!r} is not in this event", pair=pair))
        return found


class Sections(Word):
    """How a pairs event with sections is scored: each section ``apart`` (a result
    compared only with those of its own section, the pairs ranked, and short totals
    factored, section by section, as ACBLscore scores a club game of two sections: 6
    results a board each, not 12), ``across`` the field (every result of a board compared
    with every other of the event, the pairs ranked across the sections), or ``auto``:
    apart when the rows name their sections (:attr:`ResultRow.section`: a Bridgemate file
    of two sections), across when they do not (every other file: one field, as before).
    The batch engine scores a board per event and section alike."""

    AUTO = "auto"
    ACROSS = "across"
    APART = "apart"

    @classmethod
    def aliases(cls) -> Mapping[str, Sections]:
        return {"together": cls.ACROSS, "field": cls.ACROSS, "separately": cls.APART,
                "each": cls.APART}  # fmt: skip

    @classmethod
    def what(cls) -> Message:
        return _("way of scoring sections (across or apart)")

    @classmethod
    def error(cls) -> type[DuplicateError]:
        return DuplicateError


def sections_apart(rows: Sequence[ResultRow], sections: str | Sections = Sections.AUTO) -> bool:
    """Whether ``rows`` are scored section by section: asked (``apart``) or by default
    (``auto``), and the rows name two sections or more."""
    if Sections.parse(sections) is Sections.ACROSS:
        return False
    return len({row.section for row in rows}) > 1


def section_field(section: str, field: str) -> str:
    """The name of one section's field when sections are scored apart: ``A`` (one field),
    ``A NS``, ``A EW``."""
    return section if field == "all" else f"{section} {field}"


def field_section(name: str) -> tuple[str | None, str]:
    """A field's section and its own name (``all``, ``NS`` or ``EW``): ``'A NS'`` is
    ``('A', 'NS')``, ``'NS'`` is ``(None, 'NS')``, ``'A'`` is ``('A', 'all')``."""
    if name in ("all", "NS", "EW"):
        return None, name
    section, _space, side = name.rpartition(" ")
    if section and side in ("NS", "EW"):
        return section, side
    return name, "all"


def field_kind(
    rows: Sequence[ResultRow],
    field: str,
    known: Mapping[str, Field] | None = None,
    section: str | None = None,
) -> str:
    """How the pairs are ranked: in one field (``one``, a Howell: some pair sat both ways)
    or two (``two``, a Mitchell's North-South and East-West); ``auto`` takes what the
    file says of the section (``known``: :attr:`~bridgescore.events.model.Event.field_kinds`,
    :func:`known_kind`), else tells from the rows."""
    if field not in ("auto", "one", "two"):
        raise DuplicateError(
            _("field={field!r}: say auto, one (Howell) or two (Mitchell)", field=field)
        )
    if field != "auto":
        return field
    said = known_kind(known, section)
    if said is not None:
        return said
    ns = {row.ns for row in rows}
    ew = {row.ew for row in rows}
    return "one" if ns & ew else "two"


def known_kind(known: Mapping[str, Field] | None, section: str | None) -> str | None:
    """What the file says of how a section is ranked (``one`` or ``two``), or ``None``:
    what it says of the section, else of the whole event (``''``); ``section`` ``None``
    is the whole field scored together, known when the file says it of the event or the
    same of every section."""
    if not known:
        return None
    said = known.get("" if section is None else section, known.get(""))
    if said is None and section is None and len(set(known.values())) == 1:
        said = next(iter(known.values()))
    if said is Field.ONE:
        return "one"
    if said is Field.DIRECTIONS:
        return "two"
    return None


def score_pairs(
    event: EventResults,
    scoring: str | Scoring = Scoring.MATCHPOINTS,
    *,
    policy: str | MatchpointPolicy | None = None,
    butler: str | ButlerPreset | None = None,
    field: str = "auto",
    factor_totals: bool | str | None = None,
    cross_imps: str = "average",
    imp_totals: str = "sum",
    entrants: Mapping[str, str | None] | None = None,
    sections: str | Sections = Sections.AUTO,
    field_kinds: Mapping[str, Field] | None = None,
) -> PairsResult:
    """Compare every board, total each pair, rank the field(s).

    ``policy`` (matchpoints: rounding, Neuberg, adjusted percentages) defaults to
    ``wbf`` for ``mp`` and ``acbl`` for ``acbl``; ``butler`` (datum preset, and
    the IMPs of A+/A-, also used for cross-IMPs) defaults to ``drop-1``.
    ``factor_totals`` (default: the policy's; off for IMPs) scales the total of a
    pair that played fewer boards up to a full count: ``"field"`` (or ``True``) the most
    any pair of its field played, as Compscore and Pianola do; ``"boards"`` every board
    of the event, as Magic Contest does for pairs that sat out. Percentages do not
    change.
    ``cross_imps`` is ``average`` (the IMPs per comparison, as Compscore and Pianola
    write them) or ``total`` (their sum, as Ruter writes them).
    ``imp_totals`` is ``sum`` (a pair's IMPs added up) or ``per-board`` (IMPs per board
    played, as Ruter writes butler and ``IMP;Cross2`` totals; summed cross-IMPs are
    counted per comparison: 729 over 16 boards of 11 comparisons is 4.14).
    ``entrants`` names every pair the event file names, each with its direction (``NS``,
    ``EW`` or ``None``): one that played no board is listed last (:func:`assemble_pairs`).
    ``sections`` (:class:`Sections`): ``apart`` (and ``auto``, the default, when the rows
    name their sections) scores the rows of each section (:attr:`ResultRow.section`) as
    an event of its own, its fields named ``A NS``, ``A EW`` (or ``A``) and its travellers
    marked with the section (rows of one section only are one event, as they are).
    ``field_kinds`` (:attr:`~bridgescore.events.model.Event.field_kinds`): how the file
    says each section is ranked, taken where ``field`` is ``auto``.
    """
    if sections_apart(event.rows, sections):
        asked = {
            "policy": policy, "butler": butler, "field": field, "factor_totals": factor_totals,
            "cross_imps": cross_imps, "imp_totals": imp_totals, "known": field_kinds,
        }  # fmt: skip
        return _sections_apart(event, scoring, asked, entrants)
    return _score_field(
        event.rows, pairs_scoring(scoring), policy=policy, butler=butler, field=field,
        factor_totals=factor_totals, cross_imps=cross_imps, imp_totals=imp_totals,
        entrants=entrants, known=field_kinds,
    )  # fmt: skip


def _score_field(
    rows: Sequence[ResultRow],
    how: Scoring,
    *,
    policy: str | MatchpointPolicy | None,
    butler: str | ButlerPreset | None,
    field: str,
    factor_totals: bool | str | None,
    cross_imps: str,
    imp_totals: str,
    entrants: Mapping[str, str | None] | None,
    section: str | None = None,
    known: Mapping[str, Field] | None = None,
) -> PairsResult:
    """:func:`score_pairs` of rows scored together (one section, or the whole field);
    ``section`` marks the travellers, and so the card lines, of a section scored apart."""
    fields_kind = field_kind(rows, field, known, section)
    by_board = group_by_board(rows)
    expected = max((len(board_rows) for board_rows in by_board.values()), default=0)
    if how.uses_imps:
        preset = get_butler_preset("drop-1" if butler is None else butler)
        total = _cross_total(cross_imps)
        per_board = _per_board(imp_totals)
        travellers = [
            _imps_traveller(number, board_rows, how, preset, total=total, per_board=per_board)
            for number, board_rows in by_board.items()
        ]
        totalling = Totalling.of(None, factor_totals, per_board=per_board)
    else:
        chosen = matchpoint_policy(how, policy)
        travellers = matchpoint_travellers(by_board, expected, chosen)
        totalling = Totalling.of(chosen, factor_totals)
    if section is not None:
        travellers = [replace(traveller, section=section) for traveller in travellers]
    return assemble_pairs(how, fields_kind, travellers, totalling, entrants=entrants)


def _sections_apart(
    event: EventResults,
    scoring: str | Scoring,
    asked: Mapping[str, Any],
    entrants: Mapping[str, str | None] | None,
) -> PairsResult:
    """Each section scored as an event of its own (:attr:`Sections.APART`), the results
    put together: fields and travellers named by section, sections in the order their
    first rows come. A pair the file names that played no board goes to the section
    whose letter its id starts with (the readers write ``A1NS``), else the first."""
    by_section: dict[str, list[ResultRow]] = defaultdict(list)
    for row in event.rows:
        by_section[row.section or ""].append(row)
    played = {pair for row in event.rows for pair in (row.ns, row.ew)}
    idle = idle_by_section(entrants, played, tuple(by_section))
    fields: list[str] = []
    standings: list[Standing] = []
    travellers: list[Traveller] = []
    cards: dict[str, tuple[CardLine, ...]] = {}
    how = pairs_scoring(scoring)
    for section, rows in by_section.items():
        scored = _score_field(
            rows, how, entrants=idle.get(section) or None, section=section, **asked
        )
        fields.extend(section_field(section, name) for name in scored.fields)
        standings.extend(
            replace(s, field=section_field(section, s.field)) for s in scored.standings
        )
        travellers.extend(scored.travellers)
        cards.update(scored.cards)
    return PairsResult(
        how,
        tuple(fields),
        tuple(standings),
        tuple(travellers),
        dict(sorted(cards.items(), key=lambda kv: _key(kv[0]))),
    )


def idle_by_section(
    entrants: Mapping[str, str | None] | None,
    played: Container[str],
    sections: Sequence[str],
) -> dict[str, dict[str, str | None]]:
    """The entrants that played no board, by the section (of ``sections``, in the order
    their rows come) each is listed in when sections are scored apart: the one whose
    letter its id starts with (the readers write ``A1NS``), else the first."""
    names = sorted(sections, key=len, reverse=True)
    idle: dict[str, dict[str, str | None]] = defaultdict(dict)
    for pair, direction in (entrants or {}).items():
        if pair not in played:
            home = next((n for n in names if n and pair.startswith(n)), sections[0])
            idle[home][pair] = direction
    return idle


def matchpoint_policy(
    how: Scoring, policy: str | MatchpointPolicy | None = None
) -> MatchpointPolicy:
    """The policy a matchpointed event is scored under: ``policy``, else ``acbl`` for the
    ``acbl`` scoring and ``wbf`` for ``mp``."""
    return get_policy(policy or ("acbl" if how is Scoring.ACBL else "wbf"))


def matchpoint_travellers(
    by_board: Mapping[int, list[ResultRow]], expected: int, policy: MatchpointPolicy
) -> list[Traveller]:
    """Each board's traveller by matchpoints, in two passes: the second gives A+/A- pairs
    their own session percentage (Law 12C2). The web app's live ranking calls it one board
    at a time for the boards whose results changed."""
    first = {
        number: score_board(BoardResults(_entries(rows), max(expected, len(rows))), policy)
        for number, rows in by_board.items()
    }
    session: dict[str, Fraction] | None = None  # worked out once the first award is met
    travellers = []
    for number, rows in by_board.items():
        scored = first[number]
        if any(isinstance(row.adjusted, Adjusted) for row in rows):
            if session is None:
                session = _session_percent(by_board, first)
            sessions = {
                i: (session.get(row.ns), session.get(row.ew))
                for i, row in enumerate(rows)
                if isinstance(row.adjusted, Adjusted)
            }
            board = BoardResults(_entries(rows), max(expected, len(rows)))
            scored = score_board(board, policy, sessions=sessions)
        lines = tuple(
            TravellerLine(
                row, line.ns_mp, line.ew_mp, line.ns_percent, line.ew_percent,
                line.ns_counted, line.ew_counted, line.ns_exact, line.ew_exact,
            )
            for row, line in zip(rows, scored.lines, strict=True)
        )  # fmt: skip
        full = None if scored.traveller_top is None else float(scored.top)
        travellers.append(Traveller(number, lines, top=float(scored.shown_top), full_top=full))
    return travellers


def _session_percent(
    by_board: Mapping[int, list[ResultRow]], scored: Mapping[int, BoardScore]
) -> dict[str, Fraction]:
    """Each pair's percentage on the boards where it had a real result."""
    points: dict[str, ExactSum] = defaultdict(ExactSum)
    tops: dict[str, ExactSum] = defaultdict(ExactSum)
    for number, rows in by_board.items():
        board = scored[number]
        top = board.top
        for row, line in zip(rows, board.lines, strict=True):
            if row.ns_score is None or line.ns_exact is None or line.ew_exact is None:
                continue
            for pair, exact in ((row.ns, line.ns_exact), (row.ew, line.ew_exact)):
                points[pair].add(exact)
                tops[pair].add(top)
    return {
        pair: 100 * points[pair].value / tops[pair].value for pair in points if tops[pair].value
    }


def _entries(rows: Sequence[ResultRow]) -> tuple[int | Adjusted | NotPlayed, ...]:
    return tuple(row.entry for row in rows)


def _cross_total(how: str) -> bool:
    if how not in ("average", "total"):
        raise DuplicateError(
            _("cross_imps={how!r}: say average (IMPs per comparison) or total (their sum)", how=how)
        )
    return how == "total"


def _per_board(how: str) -> bool:
    if how not in ("sum", "per-board"):
        raise DuplicateError(
            _(
                "imp_totals={how!r}: say sum (the IMPs added up) or per-board"
                " (IMPs per board played)",
                how=how,
            )
        )
    return how == "per-board"


def _imps_traveller(
    number: int,
    rows: Sequence[ResultRow],
    how: Scoring,
    preset: ButlerPreset,
    *,
    total: bool = False,
    per_board: bool = False,
) -> Traveller:
    entries = _entries(rows)
    if how is Scoring.BUTLER:
        for row, entry in zip(rows, entries, strict=True):
            if isinstance(entry, Adjusted):  # a refused award is reported with its line
                _award(preset, entry.ns, row), _award(preset, entry.ew, row)
        scored = butler_board(BoardResults(entries), preset)
        lines = tuple(
            _imps_line(row, line.ns_imps, line.ew_imps)
            for row, line in zip(rows, scored.lines, strict=True)
        )
        return Traveller(number, lines, datum=scored.datum)
    real = [entry for entry in entries if isinstance(entry, int)]
    averaged = iter(cross_imps_exact(real, total=total) if real else [])
    # summed cross-IMPs totalled per board are counted per comparison
    per = Fraction(max(len(real) - 1, 1)) if total and per_board else Fraction(1)
    out = []
    for row, entry in zip(rows, entries, strict=True):
        if isinstance(entry, NotPlayed):
            out.append(TravellerLine(row, None, None))
        elif isinstance(entry, Adjusted):
            out.append(
                _imps_line(row, _award(preset, entry.ns, row), _award(preset, entry.ew, row))
            )
        else:
            won = next(averaged)
            out.append(
                TravellerLine(
                    row, round(float(won), 2), round(float(-won), 2),
                    ns_counted=won / per, ew_counted=-won / per, ns_exact=won, ew_exact=-won,
                )
            )  # fmt: skip
    return Traveller(number, tuple(out))


def _award(preset: ButlerPreset, award: AdjustedCode | Fraction, row: ResultRow) -> Fraction:
    """An adjusted score's IMPs under the preset (a percentage by its rule), located."""
    try:
        return Fraction(preset.award_imps(award))
    except DuplicateError as error:
        raise DuplicateError(
            _(
                "{where}: board {board}: {error}",
                where=row.where.phrase,
                board=row.board,
                error=error,
            )
        ) from None


def _imps_line(
    row: ResultRow, ns: int | Fraction | None, ew: int | Fraction | None
) -> TravellerLine:
    """A butler or adjusted line: the IMPs shown to 2 decimals, counted exactly."""
    if ns is None or ew is None:
        return TravellerLine(row, None, None)
    ns_exact, ew_exact = Fraction(ns), Fraction(ew)
    return TravellerLine(
        row, round(float(ns_exact), 2), round(float(ew_exact), 2),
        ns_counted=ns_exact, ew_counted=ew_exact, ns_exact=ns_exact, ew_exact=ew_exact,
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class BoardShare:
    """What one scored traveller gives a pair that played it: its card line, and what it
    adds to the pair's tally (the counted and exact points, the board's top)."""

    pair: str
    side: str
    line: CardLine
    counted: Fraction | None
    exact: Fraction
    top: Fraction | None


def traveller_shares(traveller: Traveller) -> tuple[BoardShare, ...]:
    """Each pair's share of one scored traveller, North-South then East-West, line by line."""
    top = top_of(traveller)
    section = traveller.section
    shares = []
    for line in traveller.lines:
        row = line.row
        for pair, side in ((row.ns, "NS"), (row.ew, "EW")):
            counted, exact = line_points(line, side)
            shares.append(
                BoardShare(pair, side, card_line(line, side, section), counted, exact, top)
            )
    return tuple(shares)


def card_line(line: TravellerLine, side: str, section: str | None = None) -> CardLine:
    """A traveller's line as it stands on the score card of the pair that sat ``side``
    (``"NS"`` or ``"EW"``): its opponents, its score from its side, its points."""
    row = line.row
    if side == "NS":
        return CardLine(
            row.board, "NS", row.ew, row.describe(), row.ns_score, line.ns_points,
            line.ns_percent, row.round, section,
        )  # fmt: skip
    score = row.ns_score
    return CardLine(
        row.board, "EW", row.ns, row.describe(), None if score is None else -score,
        line.ew_points, line.ew_percent, row.round, section,
    )  # fmt: skip


def line_points(line: TravellerLine, side: str) -> tuple[Fraction | None, Fraction]:
    """What a traveller's line adds to the tally of the pair that sat ``side``: its
    counted points (``None``: nothing counted) and its exact points (0 when unknown)."""
    return line.counted(side), line.exact(side) or _NOUGHT


_NOUGHT: Final = Fraction(0)


def assemble_pairs(
    how: Scoring,
    kind: str,
    travellers: Sequence[Traveller],
    totalling: Totalling,
    shares: Callable[[Traveller], Sequence[BoardShare]] = traveller_shares,
    *,
    entrants: Mapping[str, str | None] | None = None,
) -> PairsResult:
    """A pairs event's result from its scored travellers: each pair's card, and the totals,
    percentages and places of every field (``kind``: :func:`field_kind`; :func:`rank_field`).
    ``shares``: :func:`traveller_shares`, or a caller's that keeps them for travellers it
    has seen (the live ranking).

    ``entrants`` (pair → ``NS``, ``EW`` or ``None``) are the pairs the file names: one that
    played no board is listed in its field with 0 boards, no percentage and a total of 0,
    after every pair that played (tied with the others that did not). In a two-field
    (Mitchell) event it goes in the direction the file gives it, else in North-South (the
    first field listed: a choice, since nothing in such a file says where it would have
    sat)."""
    cards: dict[str, list[CardLine]] = defaultdict(list)
    field_of: dict[str, str] = {}
    tallies: dict[str, Tally] = {}
    for traveller in travellers:
        for share in shares(traveller):
            tally = tallies.get(share.pair)
            if tally is None:
                field_of[share.pair] = "all" if kind == "one" else share.side
                tally = tallies[share.pair] = Tally()
            cards[share.pair].append(share.line)
            if share.counted is not None:
                tally.add(share.counted, share.exact, share.top)
    for pair, direction in (entrants or {}).items():
        if pair not in field_of:
            field_of[pair] = "all" if kind == "one" else ("EW" if direction == "EW" else "NS")
            tallies[pair] = Tally()
            cards[pair] = []
    standings = []
    fields = tuple(sorted(set(field_of.values()), key=("all", "NS", "EW").index))
    for name in fields:
        members = {pair: tallies[pair] for pair in field_of if field_of[pair] == name}
        standings.extend(rank_standings(members, totalling, name, event_boards=len(travellers)))
    return PairsResult(
        how,
        fields,
        tuple(standings),
        tuple(travellers),
        {pair: tuple(lines) for pair, lines in sorted(cards.items(), key=lambda kv: _key(kv[0]))},
    )


def _plus(numerator: int, denominator: int, n: int, d: int) -> tuple[int, int]:
    """``numerator/denominator + n/d`` over the least common multiple of the two
    denominators, not reduced: a multiplication and an addition when ``d`` divides it."""
    if denominator % d:  # a new denominator: bring the sum to the common one
        wider = denominator * d // gcd(denominator, d)
        return numerator * (wider // denominator) + n * (wider // d), wider
    return numerator + n * (denominator // d), denominator


class ExactSum:
    """A sum of fractions kept exactly and cheaply: one whole numerator over the least
    common multiple of the denominators added so far (integer arithmetic), turned into
    a fraction only when read. Matchpoints have few denominators (whole, halves, a
    Neuberg factor's), so adding one is a multiplication and an addition, where adding
    :class:`~fractions.Fraction` objects reduces at every step."""

    __slots__ = ("_denominator", "_numerator")

    def __init__(self) -> None:
        self._numerator = 0
        self._denominator = 1

    def add(self, value: Fraction) -> None:
        self._numerator, self._denominator = _plus(
            self._numerator, self._denominator, value.numerator, value.denominator
        )

    def take(self, value: Fraction) -> None:
        """Take ``value`` off (as adding its negative, without making it)."""
        self._numerator, self._denominator = _plus(
            self._numerator, self._denominator, -value.numerator, value.denominator
        )

    @property
    def value(self) -> Fraction:
        return Fraction(self._numerator, self._denominator)

    def parts(self) -> tuple[int, int]:
        """The sum as a whole numerator over a positive whole denominator, not reduced
        (over the least common multiple of every denominator added)."""
        return self._numerator, self._denominator


class Tally:
    """What one contestant's (pair's, player's) lines add up to as they are counted: the
    counted and the exact points, the tops of those boards (each an exact sum, as
    :class:`ExactSum` keeps one), and how many boards."""

    __slots__ = ("_cd", "_cn", "_ed", "_en", "_td", "_tn", "boards", "version")

    def __init__(self) -> None:
        # the sums in whole numbers, each numerator over its denominator: held here, not
        # in three ExactSum objects, as a board's every pair is moved after every result
        self._cn, self._cd, self._en, self._ed, self._tn, self._td = 0, 1, 0, 1, 0, 1
        self.boards = 0
        self.version = 0
        """Raised by every line added or taken off: what was worked out from the tally at
        one version holds while it stands (:func:`rank_field`'s ``memo``)."""

    def add(self, counted: Fraction, exact: Fraction, top: Fraction | None) -> None:
        """One board's line: its counted and exact points, and the board's counted top
        (:func:`top_of`)."""
        self._cn, self._cd = _plus(self._cn, self._cd, counted.numerator, counted.denominator)
        self._en, self._ed = _plus(self._en, self._ed, exact.numerator, exact.denominator)
        self.boards += 1
        self.version += 1
        if top is not None:
            self._tn, self._td = _plus(self._tn, self._td, top.numerator, top.denominator)

    def take(self, counted: Fraction, exact: Fraction, top: Fraction | None) -> None:
        """A line :meth:`add` added, taken off again (its board's results changed)."""
        self._cn, self._cd = _plus(self._cn, self._cd, -counted.numerator, counted.denominator)
        self._en, self._ed = _plus(self._en, self._ed, -exact.numerator, exact.denominator)
        self.boards -= 1
        self.version += 1
        if top is not None:
            self._tn, self._td = _plus(self._tn, self._td, -top.numerator, top.denominator)

    def swap(
        self,
        counted_before: Fraction,
        exact_before: Fraction,
        counted: Fraction,
        exact: Fraction,
        top_before: Fraction | None = None,
        top: Fraction | None = None,
    ) -> None:
        """A board's line replaced by its new one (the board's results changed): as
        :meth:`take` of the one and :meth:`add` of the other, the tops moved only when
        given (the board's top changed), in one step (a board's every pair is moved after
        every new result)."""
        cn, cd = _plus(self._cn, self._cd, -counted_before.numerator, counted_before.denominator)
        self._cn, self._cd = _plus(cn, cd, counted.numerator, counted.denominator)
        en, ed = _plus(self._en, self._ed, -exact_before.numerator, exact_before.denominator)
        self._en, self._ed = _plus(en, ed, exact.numerator, exact.denominator)
        if top_before is not None:
            self._tn, self._td = _plus(
                self._tn, self._td, -top_before.numerator, top_before.denominator
            )
        if top is not None:
            self._tn, self._td = _plus(self._tn, self._td, top.numerator, top.denominator)
        self.version += 1

    @property
    def counted(self) -> Fraction:
        return Fraction(self._cn, self._cd)

    def parts(self, *, exact: bool = False) -> tuple[tuple[int, int], tuple[int, int]]:
        """The counted (``exact``: the exact) points and the tops, each as a numerator
        over a positive denominator, not reduced."""
        points = (self._en, self._ed) if exact else (self._cn, self._cd)
        return points, (self._tn, self._td)

    @property
    def exact(self) -> Fraction:
        return Fraction(self._en, self._ed)

    @property
    def top(self) -> Fraction:
        return Fraction(self._tn, self._td)


def top_of(traveller: Traveller) -> Fraction | None:
    """A traveller's counted top as an exact fraction (read once per board, not per line)."""
    top = traveller.counted_top
    return None if top is None else Fraction(str(top))


@dataclass(frozen=True, slots=True)
class Totalling:
    """How a field's totals and percentages are worked out from the contestants' tallies:
    ``percentages`` (off for IMPs), ``factor`` (:func:`factor_mode`), whether the total
    (``exact_totals``) and the percentage (``exact_percentages``) add the exact points
    instead of the counted ones, and how both are rounded (``decimals``, ``halves``)."""

    percentages: bool = True
    factor: str | None = None
    exact_totals: bool = False
    exact_percentages: bool = False
    halves: Halves = Halves.AWAY_FROM_ZERO
    decimals: int | None = 2
    per_board: bool = False
    """The total is the counted points per board played (Ruter's IMP totals)."""
    plus_minus: bool = False
    """The total is the points above the average of the boards played (the ± scale:
    the counted matchpoints less half the tops); percentages are the usual ones."""
    tie_break: bool = False
    """Equal totals are ranked on the other sum of the board scores (the counted ones
    when the total is exact, the exact ones when it is counted)."""

    @classmethod
    def of(
        cls,
        policy: MatchpointPolicy | None,
        factor_totals: bool | str | None = None,
        *,
        per_board: bool = False,
    ) -> Totalling:
        """A matchpoint policy's totalling (``None``: IMPs, no percentages); an explicit
        ``factor_totals`` overrides the policy's; ``per_board`` (IMPs) totals per board."""
        if policy is None:
            factor = None if per_board else factor_mode(factor_totals)
            return cls(percentages=False, factor=factor, per_board=per_board)
        return cls(
            percentages=True,
            factor=factor_mode(policy.factor_totals if factor_totals is None else factor_totals),
            exact_totals=policy.exact_totals,
            exact_percentages=policy.exact_percentages,
            halves=policy.halves,
            decimals=policy.session_decimals,
            plus_minus=policy.plus_minus,
            tie_break=policy.tie_break,
        )


@dataclass(frozen=True, slots=True)
class Ranked:
    """A contestant's place, total (rounded once) and percentage in its field."""

    place: str
    name: str
    total: float
    percent: float | None
    boards: int


Figures = tuple[float, float | None, float]
"""What a contestant is ranked on (its percentage, else its exact total), its percentage,
and its total as written (rounded once)."""

FiguresMemo = dict[str, tuple[Tally, int, int, Totalling, Figures]]
"""What :func:`rank_field` worked out for each contestant, by the tally, its version, the
field's most boards and the totalling it was worked out at."""


def rank_field(
    tallies: Mapping[str, Tally],
    totalling: Totalling,
    *,
    event_boards: int,
    memo: FiguresMemo | None = None,
    numbered: bool = False,
) -> list[Ranked]:
    """One field's totals (exact sums of the counted points, factored up when
    ``totalling.factor`` says, rounded once to ``decimals`` with ``halves``), percentages
    and places, best first; ``event_boards`` is the event's board count (``factor="boards"``).
    ``memo`` (kept by the caller between calls, as the live ranking does) keeps each
    contestant's figures while its tally and the field's board count stand: after one new
    result only the contestants who played that board are worked out again.
    ``numbered``: the tallies are listed by number already (tied pairs are listed so).
    """
    return [
        Ranked(*ranked)
        for ranked in _ranked(tallies, totalling, event_boards, memo, numbered=numbered)
    ]


def rank_standings(
    tallies: Mapping[str, Tally],
    totalling: Totalling,
    field: str,
    *,
    event_boards: int,
    memo: FiguresMemo | None = None,
    numbered: bool = False,
) -> list[Standing]:
    """:func:`rank_field` as the standings of ``field`` (made at once: the live ranking
    ranks a field's every pair after every result)."""
    return [
        Standing(place, name, field, total, percent, boards)
        for place, name, total, percent, boards in _ranked(
            tallies, totalling, event_boards, memo, numbered=numbered
        )
    ]


def _ranked(
    tallies: Mapping[str, Tally],
    totalling: Totalling,
    event_boards: int,
    memo: FiguresMemo | None,
    *,
    numbered: bool,
) -> list[tuple[str, str, float, float | None, int]]:
    """:func:`rank_field`'s figures, each contestant's (place, name, total, percentage,
    boards) best first."""
    most = max((tally.boards for tally in tallies.values()), default=0)
    if totalling.factor in ("boards", "session"):
        most = event_boards
    figures: dict[str, Figures] = {}
    for name, tally in tallies.items():
        kept = None if memo is None else memo.get(name)
        if (
            kept is not None
            and kept[0] is tally
            and kept[1] == tally.version
            and kept[2] == most
            and kept[3] == totalling
        ):
            figures[name] = kept[4]
            continue
        figures[name] = _figures(tally, totalling, most)
        if memo is not None:
            memo[name] = (tally, tally.version, most, totalling, figures[name])
    # a per-board total is ranked on its exact value (Ruter: 187 and 186 summed IMPs,
    # both written 1.06, are 8th and 9th)
    # listed by number, so that the places (a stable sort) list tied pairs by number
    by_number = list(tallies) if numbered else sorted(tallies, key=_key)
    played = [name for name in by_number if tallies[name].boards]
    then = None
    if totalling.tie_break:
        then = {
            name: float(tallies[name].counted if totalling.exact_totals else tallies[name].exact)
            for name in played
        }
    placed = places(
        {name: figures[name][0] for name in played},
        decimals=9 if totalling.per_board else 2,
        then=then,
    )
    placed.update(_idle_places(len(played), [n for n in by_number if not tallies[n].boards]))
    return [  # best first (as placed), then those that played nothing
        (place, name, figures[name][2], figures[name][1], tallies[name].boards)
        for name, place in placed.items()
    ]


def _figures(tally: Tally, totalling: Totalling, most: int) -> Figures:
    """One contestant's :data:`Figures` from its tally (``most``: the boards a short total
    is factored up to). Worked in whole numbers (numerator, denominator), a fraction made
    only to factor or to write a scaled total: this runs for every pair of a field after
    every new result."""
    decimals, halves = totalling.decimals, totalling.halves
    (pn, pd), (tn, td) = tally.parts(exact=totalling.exact_totals)
    total = (2 * pn * td - tn * pd, 2 * pd * td) if totalling.plus_minus else (pn, pd)
    if totalling.per_board and tally.boards:
        total = (total[0], total[1] * tally.boards)
    if totalling.factor and 0 < tally.boards < most:
        scaled = factored(Fraction(*total), tally.boards, most, decimals, halves)
        total = (scaled.numerator, scaled.denominator)
    if totalling.exact_percentages and not totalling.exact_totals:
        (pn, pd), _top = tally.parts(exact=True)
    if totalling.factor == "session" and tally.boards:
        # ACBLscore: the percentage of the score as written (scaled, rounded) over the
        # top of the whole session
        basis = _written(Fraction(*total), decimals, halves)
        pn, pd = basis.numerator, basis.denominator
        tn, td = tn * max(most, tally.boards), td * tally.boards
    percent = (
        None
        if not totalling.percentages or not tn
        else _round_ratio(100 * pn * td, pd * tn, decimals, halves)
    )
    # a total ranks on its exact value (int / int is correctly rounded, as float(Fraction))
    ranked_on = total[0] / total[1] if percent is None else percent
    return ranked_on, percent, _round_ratio(*total, decimals, halves)


def _idle_places(played: int, idle: Sequence[str]) -> dict[str, str]:
    """The place of each contestant that played no board: after every one that played,
    all tied (Ruter lists an entered pair with no board last, total 0)."""
    place = f"{played + 1}{'=' if len(idle) > 1 else ''}"
    return dict.fromkeys(idle, place)


FACTOR_MODES: Final = ("field", "boards", "session")
"""How a short total is scaled up: to the most boards a pair of its field played
(``field``: Compscore, Pianola), to every board of the event (``boards``: Magic Contest's
pairs that sat out), or to every board of the event, the percentage then taken from the
scaled score as written (``session``: ACBLscore, 110.5 MP over 24 of 27 boards written
124.31 and 57.55 % of 27 tops). With sections scored apart, "the event" is the section."""


def factor_mode(value: bool | str | None) -> str | None:
    """``None`` (no factoring) or one of :data:`FACTOR_MODES` for a ``factor_totals`` value."""
    if value is None or value is False:
        return None
    if value is True:
        return "field"
    if value in FACTOR_MODES:
        return value
    raise DuplicateError(
        _(
            "factor_totals={value!r}: say field (the most boards a pair of the field played),"
            " boards (every board of the event), session (every board, the percentage from"
            " the scaled score), True or False",
            value=value,
        )
    )


def factored(
    total: Fraction, played: int, most: int, decimals: int | None, halves: Halves
) -> Fraction:
    """A total scaled up from ``played`` boards to ``most``: the total as written
    (rounded to ``decimals``) times most/played, rounded again. Compscore (68.425 →
    68.42, halves even) and Pianola (−1.29 × 1.5 → −1.94, 5.71 × 1.5 → 8.57, halves
    up) both scale the written total, not the exact one.

    >>> float(factored(Fraction(-9, 7), 16, 24, 2, Halves.AWAY_FROM_ZERO))
    -1.94
    """
    if decimals is None:
        return total * most / played
    step = Fraction(1, 10**decimals)
    how = Halves.AWAY_FROM_ZERO if halves is Halves.TOWARD_AVERAGE else halves
    return round_to(round_to(total, step, how) * most / played, step, how)


def _written(value: Fraction, decimals: int | None, halves: Halves) -> Fraction:
    """A total as it is written (rounded to ``decimals``), kept exact."""
    if decimals is None:
        return value
    how = Halves.AWAY_FROM_ZERO if halves is Halves.TOWARD_AVERAGE else halves
    return round_to(value, Fraction(1, 10**decimals), how)


def _round(value: Fraction, decimals: int | None, halves: Halves) -> float:
    """A total or a session percentage, rounded once (``None``: not rounded)."""
    return _round_ratio(value.numerator, value.denominator, decimals, halves)


def _round_ratio(numerator: int, denominator: int, decimals: int | None, halves: Halves) -> float:
    """``numerator / denominator`` (whole numbers, the denominator not 0) rounded once to
    ``decimals`` as :func:`~bridgescore.duplicate.matchpoints.round_to` rounds, ties
    settled by ``halves`` (toward the average: away from zero, a total having no average
    to round toward), worked in whole numbers (``None``: not rounded)."""
    if denominator < 0:
        numerator, denominator = -numerator, -denominator
    if decimals is None:
        return numerator / denominator  # correctly rounded, as float(Fraction) is
    scale: int = 10**decimals
    steps, rest = divmod(numerator * scale, denominator)
    if 2 * rest > denominator or (
        2 * rest == denominator and (numerator > 0 if halves is not Halves.EVEN else steps % 2 == 1)
    ):
        steps += 1
    return steps / scale


def _key(pair: str) -> tuple[int, str]:
    """Pair (player) ids sort as numbers when they are numbers."""
    return (int(pair), "") if pair.isdigit() else (1 << 30, pair)
