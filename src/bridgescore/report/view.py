"""What a results page shows, worked out once for both the HTML site and the PDF."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import compress
from operator import is_not
from typing import Final, TypeVar, cast, overload

from bridgescore import i18n
from bridgescore.analysis.model import PBN_DECLARERS, PBN_STRAINS, Analysis, Par, high_card_points
from bridgescore.core.contract import TableResult
from bridgescore.core.hands import SUITS, Hands
from bridgescore.core.seats import Seat, Side
from bridgescore.core.vulnerability import BoardInfo, Vulnerability
from bridgescore.events.conventions import Chosen
from bridgescore.events.figures import fixed, points, signed
from bridgescore.events.individual import IndividualResult
from bridgescore.events.model import Event, Participant, ResultRow
from bridgescore.events.pairs import (
    CardLine,
    PairsResult,
    Standing,
    Traveller,
    TravellerLine,
    field_section,
)
from bridgescore.events.scoring import EventResult, score_event, score_with
from bridgescore.events.section_files import ranked_by_section
from bridgescore.events.selfcheck import Checked
from bridgescore.events.team_sections import TeamField, section_standings
from bridgescore.events.teams import TeamsResult, TeamStanding
from bridgescore.i18n import ENGLISH, Language, Words, words

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@lru_cache(maxsize=4096)
def slug(text: str) -> str:
    """A file-name-safe form of a pair or team id (made once for each id: every line of
    every traveller and score card links to two pairs' pages)."""
    cleaned = _UNSAFE.sub("-", text).strip("-")
    return cleaned or "x"


_UNSAFE: Final = re.compile(r"[^A-Za-z0-9_-]+")


@dataclass(frozen=True, slots=True)
class HandView:
    """One hand as four suit lines (symbol, cards high to low)."""

    seat: str
    suits: tuple[tuple[str, str], ...]


def seat_name(seat: Seat, w: Words = ENGLISH) -> str:
    """A seat's name in ``w``'s language (``North``, ``Pohjoinen``, ``Norte``)."""
    return i18n.seat_name(seat, w.gettext)


def vulnerability_name(vulnerability: Vulnerability, w: Words = ENGLISH) -> str:
    """Who is vulnerable, as a board's header says it (``None``, ``NS``, ``EW``, ``Both``)."""
    return i18n.vulnerability_name(vulnerability, w.pgettext)


@lru_cache(maxsize=256)
def direction_name(direction: str, w: Words = ENGLISH) -> str:
    """A pair's direction, ``NS`` or ``EW``, as the language abbreviates it (``PE``/``IL``,
    ``NS``/``EO``: the notation's sides); anything else as given."""
    try:
        side = Side(direction)
    except ValueError:
        return direction
    return w.notation.side(side)


@lru_cache(maxsize=8192)
def pair_name(pair: str, w: Words = ENGLISH) -> str:
    """A pair's id as ``w``'s reader reads it, its direction in the language's letters
    (``3IL`` in Finnish, ``A3EO`` in Spanish: :meth:`~bridgescore.core.notation.Notation.pair`);
    a Howell's pair as it is. Pages link and files keep the international id."""
    return w.notation.pair(pair)


_ENGLISH: Final = Language.EN
"""English, the language whose results need no translating (looked up once, not on every
line of every traveller and score card)."""


def result_text(row: ResultRow, w: Words = ENGLISH) -> str:
    """A result as a traveller shows it (suit symbols), in ``w``'s words."""
    if w.language is _ENGLISH:
        return row.describe(symbols=True)
    if row.result is not None:
        return w.notation.result(row.result, symbols=True)
    if row.adjusted is not None:
        return str(row.adjusted)
    return f"{direction_name('NS', w)} {row.ns_score:+d}"


def hand_views(hands: Hands, w: Words = ENGLISH) -> dict[str, HandView | None]:
    out: dict[str, HandView | None] = {}
    for seat in Seat:
        cards = hands.hand(seat)
        if cards is None:
            out[seat.letter] = None
            continue
        lines = []
        for suit in SUITS:
            ranks = "".join(
                c.rank.letter for c in sorted(cards, reverse=True) if c.suit is suit
            ).replace("T", "10")
            lines.append((SUIT_SYMBOLS[suit.letter], ranks or "—"))
        out[seat.letter] = HandView(seat_name(seat, w), tuple(lines))
    return out


@dataclass(frozen=True, slots=True)
class AnalysisView:
    """A board's analysis as a results page shows it beside the diagram, in the reader's
    words: each hand's high-card points, the double-dummy grid (tricks for each declarer
    in each strain), and par."""

    hcp: dict[str, int | None]
    """High-card points by seat letter (``N``, ``E``, ``S``, ``W``); ``None``: not known."""
    strains: tuple[str, ...]
    """The grid's column heads: notrump, spades, hearts, diamonds, clubs, as the
    language writes them (``NT ♠ ♥ ♦ ♣``, ``ST ♠ ♥ ♦ ♣``)."""
    declarers: tuple[tuple[str, tuple[int, ...]], ...]
    """The grid's rows: each declarer (N, S, E, W, in the language's letters) and the
    tricks it takes in each strain; empty when the table is not known."""
    par_score: str
    """North-South's par score as the page writes it (``PE +200``); empty when not known."""
    par_contracts: str
    """The par contracts in the language's notation (``IL 5♥X-1; IL 5♣X-1``, ``Passi``)."""


def analysis_view(hands: Hands, analysis: Analysis | None, w: Words = ENGLISH) -> AnalysisView:
    """What a page shows of a deal's analysis (the high-card points always; the grid and
    par where known)."""
    notation = w.notation
    points = high_card_points(hands)
    tricks = analysis.tricks if analysis is not None else None
    par = analysis.par if analysis is not None else None
    return AnalysisView(
        hcp={seat.letter: points[seat] for seat in Seat},
        strains=tuple(notation.strain(strain, symbols=True) for strain in PBN_STRAINS),
        declarers=()
        if tricks is None
        else tuple(
            (notation.seat(seat), tuple(tricks.of(seat, strain) for strain in PBN_STRAINS))
            for seat in PBN_DECLARERS
        ),
        par_score="" if par is None else f"{notation.side(Side.NS)} {signed(par.score)}",
        par_contracts="" if par is None else par.text(replace(notation, symbols=True)),
    )


def against_par(score: int | None, par: Par | None, side: Side | str = Side.NS) -> str:
    """A score's difference from par, from ``side``'s point of view (``+30``, ``-20``):
    ``score`` is that side's, and par is North-South's, turned round for East-West. Empty
    where the score (an adjusted or not-played board) or par is not known.

    >>> par = Par(-120)  # East-West's 1NT+1 not vulnerable
    >>> against_par(50, par), against_par(-420, par), against_par(420, par, "EW")
    ('+170', '-300', '+300')
    """
    if score is None or par is None:
        return ""
    try:
        seen_by = Side(side)
    except ValueError:
        return ""
    return signed(score - (par.score if seen_by is Side.NS else -par.score))


@dataclass(frozen=True, slots=True)
class Row:
    """A table row: cells as text, and an optional link per cell."""

    cells: tuple[str, ...]
    links: tuple[str | None, ...] = ()


@dataclass(frozen=True, slots=True)
class Table:
    title: str
    header: tuple[str, ...]
    rows: tuple[Row, ...]
    numeric: frozenset[int] = frozenset()
    navigation: bool = False
    """A list of links: shown on the site, left out of the PDF."""
    whole: frozenset[int] = frozenset()
    """Columns whose cells are never broken across lines (a result: ``4♦XW-1``)."""


@dataclass(frozen=True, slots=True)
class Page:
    """One page of the site: its file, its title, and what is on it."""

    file: str
    title: str
    tables: tuple[Table, ...]
    board: BoardInfo | None = None
    hands: dict[str, HandView | None] | None = None
    analysis: AnalysisView | None = None
    """High-card points, double-dummy grid and par, for a board whose deal is known."""
    crumbs: tuple[tuple[str, str], ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Report:
    title: str
    subtitle: str
    index: Page
    boards: tuple[Page, ...]
    cards: Sequence[Page]
    """The score cards: a tuple, or :class:`Cards` laid out as they are asked for (the
    live ranking's)."""
    language: str = Language.EN.value
    """The language it is written in (``<html lang>``)."""
    booklet: bool = False
    """Hand records with no results: printed as a booklet of deals, several a page."""
    scored: str = ""
    """How another program's file was re-scored and how many of its own figures agree (the
    self-check's line, in the report's language); empty for the club's own sessions."""

    def page(self, file: str) -> Page | None:
        """The page written to ``file`` (``None`` if none is), without laying out any
        other score card."""
        if file == self.index.file:
            return self.index
        found = next((p for p in self.boards if p.file == file), None)
        if found is not None:
            return found
        if isinstance(self.cards, Cards):
            return self.cards.named(file)
        return next((p for p in self.cards if p.file == file), None)


class Cards(Sequence[Page]):
    """Score card pages laid out only when first asked for, each once: after one new
    result the live ranking lays out the ranking and the board's page, and a pair's card
    when someone opens it (or prints them all), not the field's every card. Equal to
    the tuple of its pages."""

    __slots__ = ("_files", "_lock", "_made", "_make")

    def __init__(self, files: Sequence[str], make: Callable[[int], Page]) -> None:
        self._files = tuple(files)
        self._make = make
        self._made: dict[int, Page] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._files)

    @overload
    def __getitem__(self, index: int) -> Page: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Page, ...]: ...

    def __getitem__(self, index: int | slice) -> Page | tuple[Page, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(len(self._files))[index])
        at = range(len(self._files))[index]  # an IndexError as a tuple's
        with self._lock:  # one page laid out once, whichever request asks first
            made = self._made.get(at)
            if made is None:
                made = self._made[at] = self._make(at)
        return made

    def named(self, file: str) -> Page | None:
        """The card written to ``file``, if one is."""
        try:
            return self[self._files.index(file)]
        except ValueError:
            return None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Cards, tuple)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Cards({len(self._files)} pages)"


def build_report(
    event: Event,
    scoring: str | None = None,
    policy: str | None = None,
    *,
    conventions: Chosen | Checked | None = None,
    language: Words | Language | str = Language.EN,
) -> Report:
    """Score the event (as its program would, unless ``conventions`` are chosen) and lay
    out every page in ``language`` (``en``, ``fi`` or ``es``: its words from the shared
    catalogue, its decimal comma, its dates). A file of hand records with no results gives
    the hand records. With the self-check's :class:`~bridgescore.events.selfcheck.Checked`
    the event is laid out as it was scored there, and the ranking page says how it was
    scored and how many of the file's own figures agree (:attr:`Report.scored`)."""
    w = words(language)
    if not event.results.rows and event.hands:
        return _hands_report(event, w)
    scored = ""
    if isinstance(conventions, Checked):
        result = conventions.result
        scored = conventions.describe(w.gettext, differences=False)  # no file paths published
    elif conventions is None:
        result = score_event(event, scoring, policy=policy)
    else:
        result = score_with(event, conventions.options)
    title, subtitle = _titles(event, result, w)
    if isinstance(result, TeamsResult):
        report = _teams_report(event, result, title, subtitle, w)
    elif isinstance(result, IndividualResult):
        report = _pairs_report(event, result.pairs, title, subtitle, w)
        report = replace(report, index=_players_index(event, result, report.index, w))
    else:
        report = _pairs_report(event, result, title, subtitle, w)
    return replace(report, scored=scored) if scored else report


def _titles(event: Event, result: EventResult | None, w: Words) -> tuple[str, str]:
    """The report's title and its subtitle: site, date, and how it was scored."""
    _ = w.gettext
    how = scoring_name(result, w) if result is not None else _("hand records")
    title = event.name or (_("Results") if result is not None else _("Hand records"))
    date = w.date(event.date) if event.date else ""
    return title, " · ".join(x for x in (event.site, date, how) if x)


def pairs_pages(
    event: Event, result: PairsResult, memo: LayoutMemo | None = None, w: Words = ENGLISH
) -> Report:
    """The pages of a pairs event already scored (as ``build_report`` lays them out);
    ``memo`` keeps what was laid out for the next time (:class:`LayoutMemo`)."""
    title, subtitle = _titles(event, result, w)
    return _pairs_report(event, result, title, subtitle, w, memo)


def teams_pages(
    event: Event, result: TeamsResult, w: Words = ENGLISH, sections: TeamField | None = None
) -> Report:
    """The pages of a teams event already scored: its byes and penalties as ``result``
    has them (:func:`~bridgescore.events.teams.with_byes`, ``with_penalties``); a field
    in ``sections`` is ranked section by section (:func:`teams_index_tables`)."""
    title, subtitle = _titles(event, result, w)
    return _teams_report(event, result, title, subtitle, w, sections)


def _players_index(
    event: Event, result: IndividualResult, pairs_index: Page, w: Words = ENGLISH
) -> Page:
    """An individual's ranking is of players; the boards stay as the partnerships played them."""
    navigation = tuple(t for t in pairs_index.tables if t.navigation)
    return replace(pairs_index, tables=(_players_table(event, result, w), *navigation))


def _players_table(event: Event, result: IndividualResult, w: Words = ENGLISH) -> Table:
    _ = w.gettext
    d = w.decimal
    names = {p.id: ", ".join(p.names) for p in event.participants}
    imps = result.pairs.scoring.uses_imps
    header = (
        _("Place"),
        _("Player"),
        _("Name"),
        _("IMPs") if imps else _("MP"),
        *(() if imps else ("%",)),
        _("Boards"),
    )
    rows = tuple(
        Row((s.place, s.player, names.get(s.player, ""), points(s.total, d),
             *(() if imps else (fixed(s.percent, d),)), str(s.boards)))
        for s in result.standings
    )  # fmt: skip
    return Table(_("Players"), header, rows, frozenset(range(3, len(header))))


def _hands_report(event: Event, w: Words = ENGLISH) -> Report:
    """The deals alone: an index of the boards and a page with each board's diagram."""
    _ = w.gettext
    title, subtitle = _titles(event, None, w)
    links = Table(
        _("Boards"),
        (_("Board"), _("Dealer"), _("Vulnerable")),
        tuple(
            Row(
                (
                    str(n),
                    str(BoardInfo.of(n).dealer)
                    if w.language is Language.EN
                    else seat_name(BoardInfo.of(n).dealer, w),
                    vulnerability_name(BoardInfo.of(n).vulnerability, w),
                ),
                (f"board-{n}.html", None, None),
            )
            for n in sorted(event.hands)
        ),
        navigation=True,
    )
    index = Page("index.html", title, (links,))
    boards = tuple(_board_page(event, n, (), w) for n in sorted(event.hands))
    return Report(
        title, subtitle, index, with_board_steps(boards), (), w.language.value, booklet=True
    )


def scoring_name(result: PairsResult | TeamsResult | IndividualResult, w: Words = ENGLISH) -> str:
    """How the event was scored, in a few words (``matchpoints``, ``IMPs, VPs (wbf)``)."""
    _ = w.gettext
    if isinstance(result, IndividualResult):
        return _("individual, {scoring}").format(scoring=scoring_name(result.pairs, w))
    if isinstance(result, TeamsResult):
        if str(result.scoring) == "bam":
            return _("board-a-match")
        return _("IMPs, VPs ({scale})").format(scale=result.scale)
    return {
        "mp": _("matchpoints"),
        "acbl": _("matchpoints (ACBL)"),
        "butler": _("butler IMPs"),
        "cross-imps": _("cross-IMPs"),
    }[str(result.scoring)]


def by_score(lines: Sequence[TravellerLine]) -> list[TravellerLine]:
    """A traveller's lines as players read them: highest North-South score first, then the
    adjusted and not-played results (in their order)."""
    return sorted(lines, key=lambda line: (line.row.ns_score is None, -(line.row.ns_score or 0)))


def board_file(board: int, section: str | None = None) -> str:
    """A board's page: ``board-1.html``; a section's when sections are scored apart,
    ``board-A1.html``."""
    return f"board-{section or ''}{board}.html"


def _board_page(
    event: Event,
    board: int,
    tables: tuple[Table, ...],
    w: Words = ENGLISH,
    section: str | None = None,
) -> Page:
    _ = w.gettext
    hands = event.hands.get(board)
    return Page(
        board_file(board, section),
        _("Board {number}").format(number=board)
        if section is None
        else _("Board {number}, section {section}").format(number=board, section=section),
        tables,
        board=BoardInfo.of(board),
        hands=hand_views(hands, w) if hands is not None else None,
        analysis=analysis_view(hands, event.analyses.get(board), w) if hands is not None else None,
        crumbs=((_("Results"), "index.html"),),
    )


def with_board_steps(pages: Sequence[Page]) -> tuple[Page, ...]:
    """Board pages with links to the board before and after (board-to-board navigation)."""
    return tuple(
        _stepped(
            page, pages[i - 1] if i > 0 else None, pages[i + 1] if i + 1 < len(pages) else None
        )
        for i, page in enumerate(pages)
    )


def _stepped(page: Page, before: Page | None, after: Page | None) -> Page:
    steps = list(page.crumbs)
    if before is not None:
        steps.append((f"← {before.title}", before.file))
    if after is not None:
        steps.append((f"{after.title} →", after.file))
    return replace(page, crumbs=tuple(steps))


T = TypeVar("T")
S = TypeVar("S")


class LayoutMemo:
    """Parts of a report laid out before, kept by the values they were laid out from, so
    that laying out a report again after one new result lays out only what changed.

    Kept by identity: a part is reused only for the very same (immutable) objects, as the
    live ranking (:mod:`bridgescore.web.live`) keeps a board's traveller and its card
    lines while its results stand (what else a part is laid out from, its context, may be
    equal rather than the same). :meth:`sweep` drops what the last layout did not use."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        """Held while a score card is laid out or the cards swept: a card of the live
        ranking is laid out when a request asks for it (:class:`Cards`)."""
        self._cards: dict[str, _CardPage] = {}
        self._cards_used: set[str] = set()
        self._lists: dict[str, _Laid] = {}
        self._lists_used: set[str] = set()

    def card_page(
        self,
        pair: str,
        card: tuple[CardLine, ...],
        context: tuple[object, ...],
        row: Callable[[CardLine], Row],
        page: Callable[[tuple[Row, ...]], Page],
    ) -> Page:
        """A pair's score card page: the one laid out before while its card (the very same
        lines, as the live ranking keeps the card of a pair whose boards did not change)
        and ``context`` (what else the page is laid out from, compared by value) stand;
        else laid out again, its lines laid out before reused, so one new result lays out
        the lines of its board."""
        with self._lock:  # a card is laid out in whichever request asks for it
            self._cards_used.add(pair)
            kept = self._cards.get(pair)
            if kept is None or kept.context != context:
                rows = tuple(map(row, card))
            elif kept.card is card:
                return kept.page
            elif len(kept.card) == len(card):  # a board's line changed: lay out only it
                laid = list(kept.rows)
                for at in compress(range(len(card)), map(is_not, kept.card, card)):
                    laid[at] = row(card[at])
                rows = tuple(laid)
            else:  # a line put or taken: the others found by the very line (all alive)
                before = {id(line): done for line, done in zip(kept.card, kept.rows, strict=True)}
                rows = tuple(
                    done if (done := before.get(id(line))) is not None else row(line)
                    for line in card
                )
            made = page(rows)
            self._cards[pair] = _CardPage(card, context, made, rows)
            return made

    def each(
        self,
        name: str,
        items: Sequence[S],
        context: tuple[object, ...],
        build: Callable[[S], T],
    ) -> list[T]:
        """``build`` of each of ``items``: what was built under ``name`` last time for the
        very same item, while ``context`` holds the very same objects, is reused; the items
        are told apart by place (one pass in C over a session's thousand travellers), or,
        when some were put or taken, by the very item."""
        self._lists_used.add(name)
        kept = self._lists.get(name)
        if kept is None or not all(map(_same, kept.context, context)):
            made = list(map(build, items))
        elif len(kept.items) == len(items):
            made = cast(list[T], list(kept.made))
            for at in compress(range(len(items)), map(is_not, kept.items, items)):
                made[at] = build(items[at])
        else:  # the items laid out before are alive (kept): found by their id
            before = cast(
                dict[int, T],
                {id(item): done for item, done in zip(kept.items, kept.made, strict=True)},
            )
            made = [before[id(item)] if id(item) in before else build(item) for item in items]
        self._lists[name] = _Laid(tuple(items), context, tuple(made))
        return made

    def kept(self, name: str, key: object, make: Callable[[], T]) -> T:
        """``make()``, kept under ``name`` while it is asked for with the very same ``key``
        (an immutable object the value is made from, such as the event's participants)."""
        self._lists_used.add(name)
        kept = self._lists.get(name)
        if kept is not None and kept.items and kept.items[0] is key:
            return cast(T, kept.made[0])
        made = make()
        self._lists[name] = _Laid((key,), (), (made,))
        return made

    def stepped(self, pages: Sequence[Page]) -> tuple[Page, ...]:
        """:func:`with_board_steps` of ``pages``, stepping again only the pages whose own
        page or a neighbour is not the very one stepped last time."""
        self._lists_used.add("steps")
        kept = self._lists.get("steps")
        if kept is None or len(kept.items) != len(pages):
            made = with_board_steps(pages)
        else:
            laid = cast(list[Page], list(kept.made))
            last = len(pages) - 1
            redo: set[int] = set()
            for at in compress(range(len(pages)), map(is_not, kept.items, pages)):
                redo.update((at - 1, at, at + 1))
            for at in sorted(redo):
                if 0 <= at <= last:
                    before = pages[at - 1] if at > 0 else None
                    after = pages[at + 1] if at < last else None
                    laid[at] = _stepped(pages[at], before, after)
            made = tuple(laid)
        self._lists["steps"] = _Laid(tuple(pages), (), made)
        return made

    def sweep(self, pairs: Collection[str] | None = None) -> None:
        """Drop what the last layout did not use; of the score cards, with ``pairs``
        (the pairs' whose cards are laid out when asked for), those of pairs not among
        them."""
        with self._lock:
            keep = self._cards_used if pairs is None else set(pairs)
            for pair in set(self._cards) - keep:
                del self._cards[pair]
            self._cards_used = set()
        for name in set(self._lists) - self._lists_used:
            del self._lists[name]
        self._lists_used = set()


def _same(a: object, b: object) -> bool:
    """The very same object, or an equal one (a mapping read afresh)."""
    return a is b or a == b


@dataclass(frozen=True, slots=True)
class _Laid:
    """What :meth:`LayoutMemo.each` built from what."""

    items: tuple[object, ...]
    context: tuple[object, ...]
    made: tuple[object, ...]


@dataclass(frozen=True, slots=True)
class _CardPage:
    """A pair's score card page as laid out, from what (:meth:`LayoutMemo.card_page`)."""

    card: tuple[CardLine, ...]
    context: tuple[object, ...]
    page: Page
    rows: tuple[Row, ...]
    """``card``'s lines laid out, in its order."""


def pairs_standings(
    event: Event, result: PairsResult, w: Words = ENGLISH, memo: LayoutMemo | None = None
) -> list[Table]:
    """Each field's ranking, its columns decided here once for every renderer: place,
    pair, names, the total in MP or IMPs, the percentage at matchpoints, boards, and the
    procedural penalty when any was given (in ``w``'s words and figures); ``memo`` keeps
    each standing's row (a section whose ranking stands is not laid out again)."""
    _ = w.gettext
    d = w.decimal
    imps = result.scoring.uses_imps
    unit = _("IMPs") if imps else _("MP")
    field_names = {"all": _("Ranking"), "NS": _("North-South"), "EW": _("East-West")}
    names = _names(event.participants, memo)
    fined = dict(result.penalties)
    width = 5 + (not imps) + bool(fined)

    def ranked(s: Standing) -> Row:  # every pair's row after a result across the field
        pair = s.pair
        cells: tuple[str, ...] = (
            s.place,
            pair_name(pair, w),
            names.get(pair, ""),
            points(s.total, d),
        )
        if not imps:
            cells += (fixed(s.percent, d),)
        cells += (str(s.boards),)
        if fined:
            cells += (points(-fined[pair], d) if fined.get(pair) else "",)
        return Row(cells, _standing_links(pair, width))

    context = (event.participants, result.penalties, imps, w)
    rows = (
        list(map(ranked, result.standings))
        if memo is None
        else memo.each("standings", result.standings, context, ranked)
    )
    by_field: dict[str, list[Row]] = {name: [] for name in result.fields}
    for s, row in zip(result.standings, rows, strict=True):
        by_field.setdefault(s.field, []).append(row)
    standings: list[Table] = []
    for name in result.fields:
        ranking = by_field[name]
        header = (
            _("Place"),
            _("Pair"),
            _("Names"),
            unit,
            *(() if imps else ("%",)),
            _("Boards"),
            *((_("Penalty"),) if fined else ()),
        )
        numeric = frozenset(range(3, len(header)))
        section, own = field_section(name)
        title = (
            field_names[own]
            if section is None
            else _("Section {section}: {field}").format(section=section, field=field_names[own])
        )
        standings.append(Table(title, header, tuple(ranking), numeric))
    return standings


def _names(participants: Sequence[Participant], memo: LayoutMemo | None) -> dict[str, str]:
    """Each contestant's names as a ranking shows them (kept by ``memo`` while the very
    same participants stand)."""

    def names() -> dict[str, str]:
        return {p.id: ", ".join(p.names) for p in participants}

    return names() if memo is None else memo.kept("names", participants, names)


@lru_cache(maxsize=4096)
def _standing_links(pair: str, width: int) -> tuple[str | None, ...]:
    """A ranking row's links: the pair's score card from its number."""
    return (None, _card_file(pair), *(None,) * (width - 2))


def traveller_table(
    t: Traveller, result: PairsResult, w: Words = ENGLISH, par: Par | None = None
) -> Table:
    """A board's traveller as every renderer shows it (the HTML and PDF board page, the
    command line): each line's pairs, result, North-South score, its difference from
    ``par`` where the board's par is known (North-South's score less par), and both
    sides' points, highest North-South score first; the top or the datum in its title."""
    _ = w.gettext
    d = w.decimal
    unit = _("IMPs") if result.scoring.uses_imps else _("MP")
    extra = " — " + _("top {points}").format(points=points(t.top, d)) if t.top is not None else ""
    if t.datum is not None:
        extra += " — " + _("datum {score}").format(score=signed(t.datum))
    lines = tuple(
        Row(
            (
                pair_name(line.row.ns, w),
                pair_name(line.row.ew, w),
                result_text(line.row, w),
                signed(line.row.ns_score),
                *(() if par is None else (against_par(line.row.ns_score, par),)),
                points(line.ns_points, d),
                points(line.ew_points, d),
            ),
            (_card_file(line.row.ns), _card_file(line.row.ew)),
        )
        for line in by_score(t.lines)
    )
    ns, ew = direction_name("NS", w), direction_name("EW", w)
    header = (ns, ew, _("Result"), _("{side} score").format(side=ns),
              *(() if par is None else (_("vs par"),)), f"{ns} {unit}", f"{ew} {unit}")  # fmt: skip
    numbers = frozenset(range(3, len(header)))
    return Table(_("Traveller") + extra, header, lines, numbers, whole=frozenset({2}))


def card_header(
    result: PairsResult, w: Words = ENGLISH, *, with_par: bool = False
) -> tuple[str, ...]:
    """A score card's columns: board, direction, opponents, result, score, its difference
    from par (``with_par``: the event knows the par of some board), points, and the
    percentage at matchpoints."""
    _ = w.gettext
    imps = result.scoring.uses_imps
    unit = _("IMPs") if imps else _("MP")
    return (_("Board"), _("Dir"), _("Against"), _("Result"), _("Score"),
            *((_("vs par"),) if with_par else ()), unit, *(() if imps else ("%",)))  # fmt: skip


_CARD_RESULT = frozenset({3})
"""A score card's result column."""


def _card_numbers(header: tuple[str, ...]) -> frozenset[int]:
    """A score card's figures: the board, and every column from the score on."""
    return frozenset({0, *range(4, len(header))})


def card_row(
    line: CardLine,
    imps: bool,
    w: Words = ENGLISH,
    par: Par | None = None,
    *,
    with_par: bool = False,
) -> Row:
    """One board of a pair's score card; ``with_par``: its score against the board's
    ``par``, from the pair's side (empty where par is not known)."""
    d = w.decimal
    return Row(
        (
            str(line.board),
            direction_name(line.direction, w),
            pair_name(line.opponents, w),
            line.result if w.language is _ENGLISH else _shown_result(line.result, w),
            signed(line.score),
            *((against_par(line.score, par, line.direction),) if with_par else ()),
            points(line.points, d),
            *(() if imps else (fixed(line.percent, d),)),
        ),
        (board_file(line.board, line.section), None, _card_file(line.opponents)),
    )


def pars_of(event: Event) -> dict[int, Par]:
    """Each board's par, where the event knows it."""
    return {n: a.par for n, a in event.analyses.items() if a.par is not None}


def card_table(
    result: PairsResult, pair: str, w: Words = ENGLISH, pars: Mapping[int, Par] | None = None
) -> Table:
    """A pair's score card as every renderer shows it; with the boards' ``pars``
    (:func:`pars_of`), each result against par."""
    imps = result.scoring.uses_imps
    pars = pars or {}
    with_par = bool(pars)
    rows = tuple(
        card_row(line, imps, w, pars.get(line.board), with_par=with_par)
        for line in result.card(pair)
    )
    header = card_header(result, w, with_par=with_par)
    return Table(w.gettext("Score card"), header, rows, _card_numbers(header), whole=_CARD_RESULT)


def _pairs_report(
    event: Event,
    result: PairsResult,
    title: str,
    subtitle: str,
    w: Words = ENGLISH,
    memo: LayoutMemo | None = None,
) -> Report:
    _ = w.gettext
    imps = result.scoring.uses_imps
    unit = _("IMPs") if imps else _("MP")
    names = _names(event.participants, memo)
    standings = pairs_standings(event, result, w, memo)
    board_links = Table(
        _("Boards"),
        (_("Board"), _("Results")),
        tuple(
            Row(
                (f"{t.section} {t.board}" if t.section else str(t.board), str(len(t.lines))),
                (board_file(t.board, t.section), None),
            )
            for t in result.travellers
        ),
        frozenset({1}),
        navigation=True,
    )
    index = Page("index.html", title, (*standings, board_links))

    pars = pars_of(event)
    with_par = bool(pars)
    header = card_header(result, w, with_par=with_par)

    def traveller_page(t: Traveller) -> Page:
        return _board_page(
            event, t.board, (traveller_table(t, result, w, pars.get(t.board)),), w, t.section
        )

    def card_line(line: CardLine) -> Row:
        return card_row(line, imps, w, pars.get(line.board), with_par=with_par)

    kept = memo if memo is not None else LayoutMemo()
    # a board's page is laid out from its traveller, the deals, their analyses and the
    # words (the par a traveller shows comes from the deal and its analysis)
    boards = kept.each(
        "boards", result.travellers, (event.hands, event.analyses, unit, w), traveller_page
    )

    def card_page(pair: str, who: str, card_rows: tuple[Row, ...]) -> Page:
        table = Table(_("Score card"), header, card_rows, _card_numbers(header), whole=_CARD_RESULT)
        crumbs = ((_("Results"), "index.html"),)
        return Page(_card_file(pair), who, (table,), crumbs=crumbs)

    # the analyses (the boards' par) a card is laid out with: one object while they stand
    analyses = event.analyses or None

    def laid_card(pair: str, card: tuple[CardLine, ...]) -> Page:
        who = _("Pair {pair}").format(pair=pair_name(pair, w))
        who += f": {names[pair]}" if names.get(pair) else ""
        return kept.card_page(
            pair,
            card,
            (who, header, unit, imps, with_par, w, analyses),
            card_line,
            lambda rows: card_page(pair, who, rows),
        )

    cards: Sequence[Page]
    if memo is None:
        cards = tuple(laid_card(pair, card) for pair, card in result.cards.items())
    else:  # the live ranking: a card laid out when it is asked for
        listed = tuple(result.cards)  # a card is put together when it is read
        cards = Cards(
            [_card_file(pair) for pair in listed],
            lambda at: laid_card(listed[at], result.cards[listed[at]]),
        )
    stepped = kept.stepped(boards)
    if memo is not None:
        memo.sweep(result.cards.keys())
    return Report(title, subtitle, index, stepped, cards, w.language.value)


@lru_cache(maxsize=8192)
def _card_file(pair: str) -> str:
    """The file a pair's score card is written to (named once a pair: a ranking and a
    traveller link every pair's card after every new result)."""
    return f"pair-{slug(pair)}.html"


@lru_cache(maxsize=8192)
def _shown_result(text: str, w: Words) -> str:
    """A score card's result (``3NTS+1``, as the library writes it) in ``w``'s notation
    (``3NTE+1`` in Finnish, ``3♠N=`` and not ``3SN=`` in Spanish, where S is also sur)."""
    try:
        return w.notation.result(TableResult.parse(text))
    except ValueError:
        return text


def teams_index_tables(
    event: Event, result: TeamsResult, w: Words = ENGLISH, sections: TeamField | None = None
) -> tuple[Table, ...]:
    """A teams event's standings (the teams' names or players when the file gives them,
    byes and penalties when any), its matches, its byes and the check of a published
    match table, columns decided here once (in ``w``'s words and figures). A field in
    ``sections`` has a ranking for each section instead (``Section A``: its teams placed
    1, 2 ... among themselves, :func:`~bridgescore.events.team_sections.section_standings`),
    section A's first; so has an event whose file says each team's section
    (:func:`~bridgescore.events.section_files.ranked_by_section`, the web app's export read
    back). The matches and byes stay one table each."""
    _ = w.gettext
    d = w.decimal
    bam = str(result.scoring) == "bam"
    names = {p.id: ", ".join(p.names) for p in event.participants if p.names}
    extra: list[tuple[str, Callable[[TeamStanding], str]]] = []
    if result.byes:
        extra.append((_("Byes"), lambda s: str(s.byes)))
    if result.penalties:
        extra.append((_("Penalty"), lambda s: f"−{fixed(s.penalty, d)}" if s.penalty else ""))
    named = any(s.team in names for s in result.standings)

    def ranking(title: str, rows: Sequence[TeamStanding]) -> Table:
        return Table(
            title,
            (_("Place"), _("Team"), *((_("Names"),) if named else ()),
             _("Points") if bam else _("VPs"), _("For"), _("Against"), _("Matches"),
             *(name for name, _cell in extra)),
            tuple(
                Row(
                    (
                        s.place, s.team, *((names.get(s.team, ""),) if named else ()),
                        fixed(s.vp, d), points(s.points_for, d), points(s.points_against, d),
                        str(s.matches), *(cell(s) for _name, cell in extra),
                    ),
                    (None, f"team-{slug(s.team)}.html"),
                )
                for s in rows
            ),
            frozenset(range(2 + named, 6 + named + len(extra))),
        )  # fmt: skip

    by_section = (
        ranked_by_section(event, result)
        if sections is None
        else section_standings(result, sections)
    )
    standings = (
        tuple(
            ranking(_("Section %(letter)s") % {"letter": letter}, rows)
            for letter, rows in by_section.items()
        )
        if by_section
        else (ranking(_("Standings"), result.standings),)
    )
    byes = (
        (
            Table(
                _("Byes"),
                (_("Round"), _("Team"), _("VPs")),
                tuple(
                    Row((str(b.round), b.team, fixed(b.vp, d)), (None, f"team-{slug(b.team)}.html"))
                    for b in result.byes
                ),
                frozenset({2}),
            ),
        )
        if result.byes
        else ()
    )
    matches = Table(
        _("Matches"),
        (
            _("Round"),
            _("Home"),
            _("Away"),
            _("BAM") if bam else _("IMPs"),
            _("Points") if bam else _("VPs"),
        ),
        tuple(
            Row(
                (
                    "" if m.round is None else str(m.round),
                    m.first,
                    m.second,
                    f"{points(m.first_points, d)}–{points(m.second_points, d)}",
                    f"{fixed(m.first_vp, d)}–{fixed(m.second_vp, d)}",
                ),
                (None, f"team-{slug(m.first)}.html", f"team-{slug(m.second)}.html"),
            )
            for m in result.matches
        ),
    )
    checked = () if result.check is None else (_check_table(result, w),)
    return (*standings, matches, *byes, *checked)


def index_tables(
    event: Event, result: PairsResult | TeamsResult | IndividualResult, w: Words = ENGLISH
) -> tuple[Table, ...]:
    """The rankings any renderer shows for ``result`` (the HTML and PDF index, the
    command line, the web page), without laying out the boards and cards."""
    if isinstance(result, TeamsResult):
        return teams_index_tables(event, result, w)
    if isinstance(result, IndividualResult):
        return (_players_table(event, result, w),)
    return tuple(pairs_standings(event, result, w))


def _teams_report(
    event: Event,
    result: TeamsResult,
    title: str,
    subtitle: str,
    w: Words = ENGLISH,
    sections: TeamField | None = None,
) -> Report:
    _ = w.gettext
    d = w.decimal
    lang = w.language.value
    index = Page("index.html", title, teams_index_tables(event, result, w, sections))
    if not any(m.boards for m in result.matches):
        return Report(title, subtitle, index, (), _match_cards(result, w), lang)
    by_board: dict[int, list[Row]] = {}
    per_team: dict[str, list[Row]] = {}
    pars = pars_of(event)
    for m in result.matches:
        for b in m.boards:
            par = pars.get(b.board)
            # an artificial adjusted score has no table score (its result says it)
            first = (
                signed(b.first_ns_score),
                *(() if par is None else (against_par(b.first_ns_score, par),)),
            )
            second = (
                signed(b.second_ns_score),
                *(() if par is None else (against_par(b.second_ns_score, par),)),
            )
            by_board.setdefault(b.board, []).append(
                Row(
                    (
                        m.first, m.second,
                        result_text(b.first_ns, w), *first, result_text(b.second_ns, w), *second,
                        points(b.swing, d),
                    )
                )
            )  # fmt: skip
            for team, swing, other in ((m.first, b.swing, m.second),
                                       (m.second, b.second_swing, m.first)):  # fmt: skip
                per_team.setdefault(team, []).append(
                    Row(
                        (
                            "" if m.round is None else str(m.round), other, str(b.board),
                            points(swing, d),
                        ),
                        (None, f"team-{slug(other)}.html", f"board-{b.board}.html"),
                    )
                )  # fmt: skip
    boards = tuple(
        _board_page(event, board, (_teams_board_table(rows, board in pars, w),), w)
        for board, rows in sorted(by_board.items())
    )
    cards = tuple(
        Page(
            f"team-{slug(team)}.html",
            _("Team {team}").format(team=team),
            (Table(_("Boards"), (_("Round"), _("Against"), _("Board"), _("Swing")), tuple(rows),
                   frozenset({3})),),
            crumbs=((_("Results"), "index.html"),),
        )
        for team, rows in sorted(per_team.items())
    )  # fmt: skip
    return Report(title, subtitle, index, with_board_steps(boards), cards, lang)


def _teams_board_table(rows: list[Row], with_par: bool, w: Words = ENGLISH) -> Table:
    """A teams board's results: each match's two rooms (the result and North-South's score
    in each, and against par where the board's par is known) and the swing."""
    _ = w.gettext
    score = (_("Score"), *((_("vs par"),) if with_par else ()))
    header = (_("Team 1"), _("Team 2"), _("Team 1 NS"), *score, _("Team 2 NS"), *score,
              _("Swing"))  # fmt: skip
    second = 3 + len(score)
    numbers = frozenset({*range(3, second), *range(second + 1, len(header))})
    return Table(_("Results"), header, tuple(rows), numbers, whole=frozenset({2, second}))


def _check_table(result: TeamsResult, w: Words = ENGLISH) -> Table:
    """The published VPs against the scale (a match table with no boards behind it)."""
    _ = w.gettext
    assert result.check is not None
    return Table(_("Victory points"), (_("Check"),), (Row((result.check.describe(w.gettext),)),))


def _match_cards(result: TeamsResult, w: Words = ENGLISH) -> tuple[Page, ...]:
    """A page per team of a match-table-only event: its matches, IMPs and VPs."""
    _ = w.gettext
    d = w.decimal
    per_team: dict[str, list[Row]] = {}
    for m in result.matches:
        for team, other, imps, vps in (
            (m.first, m.second, (m.first_points, m.second_points), m.first_vp),
            (m.second, m.first, (m.second_points, m.first_points), m.second_vp),
        ):
            per_team.setdefault(team, []).append(
                Row(
                    (
                        "" if m.round is None else str(m.round), other,
                        f"{points(imps[0], d)}–{points(imps[1], d)}", fixed(vps, d),
                    ),
                    (None, f"team-{slug(other)}.html"),
                )
            )  # fmt: skip
    return tuple(
        Page(
            f"team-{slug(team)}.html",
            _("Team {team}").format(team=team),
            (Table(_("Matches"), (_("Round"), _("Against"), _("IMPs"), _("VPs")), tuple(rows),
                   frozenset({3})),),
            crumbs=((_("Results"), "index.html"),),
        )
        for team, rows in sorted(per_team.items())
    )  # fmt: skip
