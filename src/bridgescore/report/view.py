"""What a results page shows, worked out once for both the HTML site and the PDF."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TypeVar

from bridgescore.core.hands import SUITS, Hands
from bridgescore.core.seats import Seat
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.events.conventions import Chosen
from bridgescore.events.figures import fixed, points, signed
from bridgescore.events.individual import IndividualResult
from bridgescore.events.model import Event
from bridgescore.events.pairs import CardLine, PairsResult, Traveller, TravellerLine
from bridgescore.events.scoring import score_event, score_with
from bridgescore.events.teams import TeamsResult, TeamStanding

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@lru_cache(maxsize=4096)
def slug(text: str) -> str:
    """A file-name-safe form of a pair or team id."""
    cleaned = re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-")
    return cleaned or "x"


@dataclass(frozen=True, slots=True)
class HandView:
    """One hand as four suit lines (symbol, cards high to low)."""

    seat: str
    suits: tuple[tuple[str, str], ...]


def hand_views(hands: Hands) -> dict[str, HandView | None]:
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
        out[seat.letter] = HandView(seat.name.title(), tuple(lines))
    return out


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


@dataclass(frozen=True, slots=True)
class Page:
    """One page of the site: its file, its title, and what is on it."""

    file: str
    title: str
    tables: tuple[Table, ...]
    board: BoardInfo | None = None
    hands: dict[str, HandView | None] | None = None
    crumbs: tuple[tuple[str, str], ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Report:
    title: str
    subtitle: str
    index: Page
    boards: tuple[Page, ...]
    cards: tuple[Page, ...]


def build_report(
    event: Event,
    scoring: str | None = None,
    policy: str | None = None,
    *,
    conventions: Chosen | None = None,
) -> Report:
    """Score the event (as its program would, unless ``conventions`` are chosen) and lay
    out every page. A file of hand records with no results gives the hand records."""
    if not event.results.rows and event.hands:
        return _hands_report(event)
    if conventions is None:
        result = score_event(event, scoring, policy=policy)
    else:
        result = score_with(event, conventions.options)
    title = event.name or "Results"
    subtitle = " · ".join(x for x in (event.site, event.date, scoring_name(result)) if x)
    if isinstance(result, TeamsResult):
        return _teams_report(event, result, title, subtitle)
    if isinstance(result, IndividualResult):
        report = _pairs_report(event, result.pairs, title, subtitle)
        return replace(report, index=_players_index(event, result, report.index))
    return _pairs_report(event, result, title, subtitle)


def pairs_pages(event: Event, result: PairsResult, memo: LayoutMemo | None = None) -> Report:
    """The pages of a pairs event already scored (as ``build_report`` lays them out);
    ``memo`` keeps what was laid out for the next time (:class:`LayoutMemo`)."""
    title = event.name or "Results"
    subtitle = " · ".join(x for x in (event.site, event.date, scoring_name(result)) if x)
    return _pairs_report(event, result, title, subtitle, memo)


def teams_pages(event: Event, result: TeamsResult) -> Report:
    """The pages of a teams event already scored: its byes and penalties as ``result``
    has them (:func:`~bridgescore.events.teams.with_byes`, ``with_penalties``)."""
    title = event.name or "Results"
    subtitle = " · ".join(x for x in (event.site, event.date, scoring_name(result)) if x)
    return _teams_report(event, result, title, subtitle)


def _players_index(event: Event, result: IndividualResult, pairs_index: Page) -> Page:
    """An individual's ranking is of players; the boards stay as the partnerships played them."""
    navigation = tuple(t for t in pairs_index.tables if t.navigation)
    return replace(pairs_index, tables=(_players_table(event, result), *navigation))


def _players_table(event: Event, result: IndividualResult) -> Table:
    names = {p.id: ", ".join(p.names) for p in event.participants}
    imps = result.pairs.scoring.uses_imps
    header = (
        "Place",
        "Player",
        "Name",
        "IMPs" if imps else "MP",
        *(() if imps else ("%",)),
        "Boards",
    )
    rows = tuple(
        Row((s.place, s.player, names.get(s.player, ""), points(s.total),
             *(() if imps else (fixed(s.percent),)), str(s.boards)))
        for s in result.standings
    )  # fmt: skip
    return Table("Players", header, rows, frozenset(range(3, len(header))))


def _hands_report(event: Event) -> Report:
    """The deals alone: an index of the boards and a page with each board's diagram."""
    title = event.name or "Hand records"
    subtitle = " · ".join(x for x in (event.site, event.date, "hand records") if x)
    links = Table(
        "Boards",
        ("Board", "Dealer", "Vulnerable"),
        tuple(
            Row(
                (str(n), str(BoardInfo.of(n).dealer), str(BoardInfo.of(n).vulnerability)),
                (f"board-{n}.html", None, None),
            )
            for n in sorted(event.hands)
        ),
        navigation=True,
    )
    index = Page("index.html", title, (links,))
    boards = tuple(_board_page(event, n, ()) for n in sorted(event.hands))
    return Report(title, subtitle, index, with_board_steps(boards), ())


def scoring_name(result: PairsResult | TeamsResult | IndividualResult) -> str:
    if isinstance(result, IndividualResult):
        return f"individual, {scoring_name(result.pairs)}"
    if isinstance(result, TeamsResult):
        return "board-a-match" if str(result.scoring) == "bam" else f"IMPs, VPs ({result.scale})"
    return {
        "mp": "matchpoints",
        "acbl": "matchpoints (ACBL)",
        "butler": "butler IMPs",
        "cross-imps": "cross-IMPs",
    }[str(result.scoring)]


def by_score(lines: Sequence[TravellerLine]) -> list[TravellerLine]:
    """A traveller's lines as players read them: highest North-South score first, then the
    adjusted and not-played results (in their order)."""
    return sorted(lines, key=lambda line: (line.row.ns_score is None, -(line.row.ns_score or 0)))


def _board_page(event: Event, board: int, tables: tuple[Table, ...]) -> Page:
    hands = event.hands.get(board)
    return Page(
        f"board-{board}.html",
        f"Board {board}",
        tables,
        board=BoardInfo.of(board),
        hands=hand_views(hands) if hands is not None else None,
        crumbs=(("Results", "index.html"),),
    )


def with_board_steps(pages: Sequence[Page]) -> tuple[Page, ...]:
    """Board pages with links to the board before and after (board-to-board navigation)."""
    stepped = []
    for i, page in enumerate(pages):
        steps = list(page.crumbs)
        if i > 0:
            steps.append((f"← {pages[i - 1].title}", pages[i - 1].file))
        if i + 1 < len(pages):
            steps.append((f"{pages[i + 1].title} →", pages[i + 1].file))
        stepped.append(replace(page, crumbs=tuple(steps)))
    return tuple(stepped)


T = TypeVar("T")


class LayoutMemo:
    """Parts of a report laid out before, kept by the values they were laid out from, so
    that laying out a report again after one new result lays out only what changed.

    Kept by identity: a part is reused only for the very same (immutable) objects, as the
    live ranking (:mod:`bridgescore.web.live`) keeps a board's traveller and its card
    lines while its results stand. :meth:`sweep` drops what the last layout did not use."""

    def __init__(self) -> None:
        self._kept: dict[tuple[int, ...], tuple[tuple[object, ...], object]] = {}
        self._used: set[tuple[int, ...]] = set()

    def get(self, sources: tuple[object, ...], build: Callable[[], T]) -> T:
        key = tuple(map(id, sources))
        self._used.add(key)
        kept = self._kept.get(key)
        if kept is not None and all(a is b for a, b in zip(kept[0], sources, strict=True)):
            return kept[1]  # type: ignore[return-value]
        made = build()
        self._kept[key] = (sources, made)
        return made

    def sweep(self) -> None:
        for key in set(self._kept) - self._used:
            del self._kept[key]
        self._used = set()


def pairs_standings(event: Event, result: PairsResult) -> list[Table]:
    """Each field's ranking, its columns decided here once for every renderer: place,
    pair, names, the total in MP or IMPs, the percentage at matchpoints, boards, and the
    procedural penalty when any was given."""
    imps = result.scoring.uses_imps
    unit = "IMPs" if imps else "MP"
    field_names = {"all": "Ranking", "NS": "North-South", "EW": "East-West"}
    names = {p.id: ", ".join(p.names) for p in event.participants}
    fined = dict(result.penalties)
    standings: list[Table] = []
    for name in result.fields:
        ranking: list[Row] = []
        for s in result.standings:
            if s.field != name:
                continue
            cells = [s.place, s.pair, names.get(s.pair, ""), points(s.total)]
            if not imps:
                cells.append(fixed(s.percent))
            cells.append(str(s.boards))
            if fined:
                cells.append(points(-fined[s.pair]) if fined.get(s.pair) else "")
            links = [None, f"pair-{slug(s.pair)}.html", None, None, None, None, None]
            ranking.append(Row(tuple(cells), tuple(links[: len(cells)])))
        header = (
            "Place",
            "Pair",
            "Names",
            unit,
            *(() if imps else ("%",)),
            "Boards",
            *(("Penalty",) if fined else ()),
        )
        numeric = frozenset(range(3, len(header)))
        standings.append(Table(field_names[name], header, tuple(ranking), numeric))
    return standings


def _pairs_report(
    event: Event,
    result: PairsResult,
    title: str,
    subtitle: str,
    memo: LayoutMemo | None = None,
) -> Report:
    imps = result.scoring.uses_imps
    unit = "IMPs" if imps else "MP"
    names = {p.id: ", ".join(p.names) for p in event.participants}
    standings = pairs_standings(event, result)
    board_links = Table(
        "Boards",
        ("Board", "Results"),
        tuple(
            Row((str(t.board), str(len(t.lines))), (f"board-{t.board}.html", None))
            for t in result.travellers
        ),
        frozenset({1}),
        navigation=True,
    )
    index = Page("index.html", title, (*standings, board_links))

    def traveller_page(t: Traveller) -> Page:
        extra = f" — top {points(t.top)}" if t.top is not None else ""
        extra += f" — datum {signed(t.datum)}" if t.datum is not None else ""
        lines = tuple(
            Row(
                (
                    line.row.ns,
                    line.row.ew,
                    line.row.describe(symbols=True),
                    signed(line.row.ns_score),
                    points(line.ns_points),
                    points(line.ew_points),
                ),
                (f"pair-{slug(line.row.ns)}.html", f"pair-{slug(line.row.ew)}.html"),
            )
            for line in by_score(t.lines)
        )
        table = Table(
            f"Traveller{extra}",
            ("NS", "EW", "Result", "NS score", f"NS {unit}", f"EW {unit}"),
            lines,
            frozenset({3, 4, 5}),
        )
        return _board_page(event, t.board, (table,))

    def card_row(line: CardLine) -> Row:
        return Row(
            (
                str(line.board),
                line.direction,
                line.opponents,
                line.result,
                signed(line.score),
                points(line.points),
                *(() if imps else (fixed(line.percent),)),
            ),
            (f"board-{line.board}.html", None, f"pair-{slug(line.opponents)}.html"),
        )

    kept = memo if memo is not None else LayoutMemo()
    boards = [
        kept.get((t, event.hands, unit), lambda t=t: traveller_page(t))  # type: ignore[misc]
        for t in result.travellers
    ]
    cards = []
    for pair, card in result.cards.items():
        card_rows = tuple(
            kept.get((line, unit), lambda line=line: card_row(line))  # type: ignore[misc]
            for line in card
        )
        card_header = (
            "Board",
            "Dir",
            "Against",
            "Result",
            "Score",
            unit,
            *(() if imps else ("%",)),
        )
        who = f"Pair {pair}" + (f": {names[pair]}" if names.get(pair) else "")
        cards.append(
            Page(
                f"pair-{slug(pair)}.html",
                who,
                (Table("Score card", card_header, card_rows, frozenset({0, 4, 5, 6})),),
                crumbs=(("Results", "index.html"),),
            )
        )
    if memo is not None:
        memo.sweep()
    return Report(title, subtitle, index, with_board_steps(boards), tuple(cards))


def teams_index_tables(event: Event, result: TeamsResult) -> tuple[Table, ...]:
    """A teams event's standings (the teams' names or players when the file gives them,
    byes and penalties when any), its matches, its byes and the check of a published
    match table, columns decided here once."""
    bam = str(result.scoring) == "bam"
    names = {p.id: ", ".join(p.names) for p in event.participants if p.names}
    extra: list[tuple[str, Callable[[TeamStanding], str]]] = []
    if result.byes:
        extra.append(("Byes", lambda s: str(s.byes)))
    if result.penalties:
        extra.append(("Penalty", lambda s: f"−{fixed(s.penalty)}" if s.penalty else ""))
    named = any(s.team in names for s in result.standings)
    standings = Table(
        "Standings",
        ("Place", "Team", *(("Names",) if named else ()), "Points" if bam else "VPs", "For",
         "Against", "Matches", *(name for name, _ in extra)),
        tuple(
            Row(
                (
                    s.place, s.team, *((names.get(s.team, ""),) if named else ()),
                    fixed(s.vp), points(s.points_for), points(s.points_against),
                    str(s.matches), *(cell(s) for _, cell in extra),
                ),
                (None, f"team-{slug(s.team)}.html"),
            )
            for s in result.standings
        ),
        frozenset(range(2 + named, 6 + named + len(extra))),
    )  # fmt: skip
    byes = (
        (
            Table(
                "Byes",
                ("Round", "Team", "VPs"),
                tuple(
                    Row((str(b.round), b.team, fixed(b.vp)), (None, f"team-{slug(b.team)}.html"))
                    for b in result.byes
                ),
                frozenset({2}),
            ),
        )
        if result.byes
        else ()
    )
    matches = Table(
        "Matches",
        ("Round", "Home", "Away", "BAM" if bam else "IMPs", "Points" if bam else "VPs"),
        tuple(
            Row(
                (
                    "" if m.round is None else str(m.round),
                    m.first,
                    m.second,
                    f"{points(m.first_points)}–{points(m.second_points)}",
                    f"{fixed(m.first_vp)}–{fixed(m.second_vp)}",
                ),
                (None, f"team-{slug(m.first)}.html", f"team-{slug(m.second)}.html"),
            )
            for m in result.matches
        ),
    )
    checked = () if result.check is None else (_check_table(result),)
    return (standings, matches, *byes, *checked)


def index_tables(
    event: Event, result: PairsResult | TeamsResult | IndividualResult
) -> tuple[Table, ...]:
    """The rankings any renderer shows for ``result`` (the HTML and PDF index, the
    command line, the web page), without laying out the boards and cards."""
    if isinstance(result, TeamsResult):
        return teams_index_tables(event, result)
    if isinstance(result, IndividualResult):
        return (_players_table(event, result),)
    return tuple(pairs_standings(event, result))


def _teams_report(event: Event, result: TeamsResult, title: str, subtitle: str) -> Report:
    index = Page("index.html", title, teams_index_tables(event, result))
    if not any(m.boards for m in result.matches):
        return Report(title, subtitle, index, (), _match_cards(result))
    by_board: dict[int, list[Row]] = {}
    per_team: dict[str, list[Row]] = {}
    for m in result.matches:
        for b in m.boards:
            by_board.setdefault(b.board, []).append(
                Row(
                    (
                        m.first, m.second,
                        b.first_ns.describe(symbols=True), signed(b.first_ns_score),
                        b.second_ns.describe(symbols=True), signed(b.second_ns_score),
                        points(b.swing),
                    )
                )
            )  # fmt: skip
            for team, swing, other in ((m.first, b.swing, m.second),
                                       (m.second, b.second_swing, m.first)):  # fmt: skip
                per_team.setdefault(team, []).append(
                    Row(
                        (
                            "" if m.round is None else str(m.round), other, str(b.board),
                            points(swing),
                        ),
                        (None, f"team-{slug(other)}.html", f"board-{b.board}.html"),
                    )
                )  # fmt: skip
    header = ("Team 1", "Team 2", "Team 1 NS", "Score", "Team 2 NS", "Score", "Swing")
    boards = tuple(
        _board_page(event, board, (Table("Results", header, tuple(rows), frozenset({3, 5, 6})),))
        for board, rows in sorted(by_board.items())
    )
    cards = tuple(
        Page(
            f"team-{slug(team)}.html",
            f"Team {team}",
            (Table("Boards", ("Round", "Against", "Board", "Swing"), tuple(rows), frozenset({3})),),
            crumbs=(("Results", "index.html"),),
        )
        for team, rows in sorted(per_team.items())
    )
    return Report(title, subtitle, index, with_board_steps(boards), cards)


def _check_table(result: TeamsResult) -> Table:
    """The published VPs against the scale (a match table with no boards behind it)."""
    assert result.check is not None
    return Table("Victory points", ("Check",), (Row((result.check.describe(),)),))


def _match_cards(result: TeamsResult) -> tuple[Page, ...]:
    """A page per team of a match-table-only event: its matches, IMPs and VPs."""
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
                        f"{points(imps[0])}–{points(imps[1])}", fixed(vps),
                    ),
                    (None, f"team-{slug(other)}.html"),
                )
            )  # fmt: skip
    return tuple(
        Page(
            f"team-{slug(team)}.html",
            f"Team {team}",
            (Table("Matches", ("Round", "Against", "IMPs", "VPs"), tuple(rows), frozenset({3})),),
            crumbs=(("Results", "index.html"),),
        )
        for team, rows in sorted(per_team.items())
    )
