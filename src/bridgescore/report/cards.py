"""Guide cards for a movement, as players use them: a card per table, a card per pair, and
the board passing between rounds; printable as one HTML document or one PDF.

The cards are worked out once from the :class:`~bridgescore.events.movements.Movement`
(:func:`table_cards`, :func:`pair_cards`, :func:`board_passing`), laid out as the report's
:class:`~bridgescore.report.view.Page` values (:func:`card_pages`), and rendered with the
published results' stylesheet and PDF look (:func:`cards_html`, :func:`cards_pdf`). See
``docs/cards.md``.

Every word a player reads is in the language of the ``words`` passed (the shared
catalogue's, :func:`bridgescore.i18n.words`; English by default): ``cards_html(movement,
title, words=words("fi"))`` prints the Finnish cards.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import TypeAlias

import segno

from bridgescore.core.seats import Side
from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.movements.boards import board_text
from bridgescore.events.movements.model import Movement, MovementError, MovementKind
from bridgescore.events.movements.sections import SectionedMovement
from bridgescore.i18n import ENGLISH, Words, gettext_noop
from bridgescore.report.html import _environment
from bridgescore.report.view import Page, Row, Table, direction_name, pair_name, slug


class Stand(Enum):
    """Where boards are when no table plays them."""

    RELAY = "relay"
    """The relay or bye stand of the round."""
    ASIDE = "out of play"
    """Neither at a table nor on the relay (boards not yet or no longer in play)."""

    def __repr__(self) -> str:
        return f"Stand.{self.name}"

    def __str__(self) -> str:
        return self.value

    def text(self, words: Words = ENGLISH) -> str:
        """The stand as a card names it in ``words``' language."""
        if self is Stand.RELAY:
            return words.pgettext("stand", "relay")
        return words.pgettext("stand", "out of play")


Place: TypeAlias = int | Stand
"""A table number, or a stand."""


def _and(first: str, second: str, words: Words) -> str:
    return words.gettext("{first} and {second}").format(first=first, second=second)


def place_text(places: tuple[Place, ...], words: Words = ENGLISH) -> str:
    """``"table 3"``, ``"tables 1 and 2 (shared)"``, ``"relay"``, ``"out of play"`` (in
    ``words``' language: ``"pöytä 3"``, ``"mesa 3"``)."""
    tables = [p for p in places if isinstance(p, int)]
    stands = [p.text(words) for p in places if isinstance(p, Stand)]
    parts: list[str] = []
    if len(tables) == 1:
        parts.append(words.gettext("table {number}").format(number=tables[0]))
    elif tables:
        parts.append(
            words.gettext("tables {listed} and {last} (shared)").format(
                listed=", ".join(map(str, tables[:-1])), last=tables[-1]
            )
        )
    parts.extend(stands)
    shown = parts[0] if parts else ""
    for part in parts[1:]:
        shown = _and(shown, part, words)
    return shown


def stay_text(places: tuple[Place, ...], words: Words = ENGLISH) -> str:
    """Boards that do not move: ``"stay at table 2"``, ``"stay on the relay"``."""
    if places == (Stand.RELAY,):
        return words.gettext("stay on the relay")
    if places == (Stand.ASIDE,):
        return words.gettext("stay out of play")
    return words.gettext("stay at {place}").format(place=place_text(places, words))


@dataclass(frozen=True, slots=True)
class BoardMove:
    """Boards that go together from where they were in one round to where the next needs them.

    More than one table among ``sources`` (or ``destinations``) is a shared set: the boards
    go round those tables during the round.
    """

    boards: tuple[int, ...]
    sources: tuple[Place, ...]
    destinations: tuple[Place, ...]

    @property
    def stays(self) -> bool:
        """Whether the boards stay where they are."""
        return self.sources == self.destinations

    def __str__(self) -> str:
        return self.text()

    def text(self, words: Words = ENGLISH) -> str:
        """``"boards 1-3: table 1 to table 3"`` in ``words``' language."""
        if self.stays:
            where = stay_text(self.sources, words)
        else:
            where = words.gettext("{source} to {destination}").format(
                source=place_text(self.sources, words),
                destination=place_text(self.destinations, words),
            )
        return words.ngettext(
            "board {boards}: {where}", "boards {boards}: {where}", len(self.boards)
        ).format(boards=board_text(self.boards), where=where)


@dataclass(frozen=True, slots=True)
class RoundChange:
    """The board passing after round ``after`` (1-based), before round ``after + 1``."""

    after: int
    moves: tuple[BoardMove, ...]


@dataclass(frozen=True, slots=True)
class TableRound:
    """One row of a table card: who sits where and what they play; ``None`` and ``()`` when
    the table is not in play that round.

    ``arrivals`` brought the boards here for this round (empty in round 1), ``passes``
    takes them on to the next (empty after the last round); ``shared_with`` lists the
    other tables playing any of the same boards this round; ``sit_outs`` are the round's,
    noted on every table's card.
    """

    round: int
    ns: str | None
    ew: str | None
    boards: tuple[int, ...]
    arrivals: tuple[BoardMove, ...] = ()
    passes: tuple[BoardMove, ...] = ()
    shared_with: tuple[int, ...] = ()
    sit_outs: tuple[str, ...] = ()

    def boards_go_to(self, words: Words = ENGLISH) -> str:
        """Where the boards go after the round: ``"table 2"``, ``"relay"``, ``"stay"``."""
        texts = []
        for move in self.passes:
            where = (
                words.pgettext("boards", "stay")
                if move.stays
                else place_text(move.destinations, words)
            )
            texts.append(where if len(self.passes) == 1 else f"{board_text(move.boards)} {where}")
        return "; ".join(texts)

    def notes(self, words: Words = ENGLISH) -> str:
        """What else the players at the table should know this round."""
        _ = words.gettext
        notes = []
        if self.ns is None:
            notes.append(_("not in play"))
        if self.shared_with:
            notes.append(
                words.ngettext(
                    "boards shared with table {tables}",
                    "boards shared with tables {tables}",
                    len(self.shared_with),
                ).format(tables=", ".join(map(str, self.shared_with)))
            )
        sources = {p for move in self.arrivals if not move.stays for p in move.sources}
        if Stand.RELAY in sources:
            notes.append(_("boards from the relay"))
        if Stand.ASIDE in sources:
            notes.append(_("boards come into play"))
        notes.extend(
            _("{pair} sits out").format(pair=pair_name(pair, words)) for pair in self.sit_outs
        )
        return "; ".join(notes)


@dataclass(frozen=True, slots=True)
class TableCard:
    """The card left on one table: a row per round."""

    table: int
    rounds: tuple[TableRound, ...]


@dataclass(frozen=True, slots=True)
class PairRound:
    """One row of a pair's card: table, direction, opponents and boards, all ``None`` and
    ``()`` when the pair sits out."""

    round: int
    table: int | None
    direction: Side | None
    opponents: str | None
    boards: tuple[int, ...]

    @property
    def sits_out(self) -> bool:
        return self.table is None


@dataclass(frozen=True, slots=True)
class PairCard:
    """The card a pair carries: where it sits each round."""

    pair: str
    rounds: tuple[PairRound, ...]


def _check_seating(movement: Movement) -> None:
    """A card needs one row per table and one seat per pair in each round."""
    for number, rnd in enumerate(movement.rounds, start=1):
        tables: set[int] = set()
        seated: dict[str, Message] = {}
        for tbl in rnd.tables:
            if tbl.table in tables:
                raise MovementError(
                    _(
                        "round {round}: table {table} is listed twice",
                        round=number,
                        table=tbl.table,
                    )
                )
            tables.add(tbl.table)
            for pair, here in (
                (tbl.ns, _("NS at table {table}", table=tbl.table)),
                (tbl.ew, _("EW at table {table}", table=tbl.table)),
            ):
                if pair in seated:
                    raise MovementError(
                        _(
                            "round {round}: pair {pair!r} is {there} and {here}",
                            round=number,
                            pair=pair,
                            there=seated[pair],
                            here=here,
                        )
                    )
                seated[pair] = here
        for pair in rnd.sit_outs:
            if pair in seated:
                raise MovementError(
                    _(
                        "round {round}: pair {pair!r} is {there} and sitting out",
                        round=number,
                        pair=pair,
                        there=seated[pair],
                    )
                )
            seated[pair] = _("sitting out")


def _table_numbers(movement: Movement) -> tuple[int, ...]:
    return tuple(sorted({t.table for rnd in movement.rounds for t in rnd.tables}))


def _order(place: Place) -> tuple[int, int]:
    return (0, place) if isinstance(place, int) else (1, list(Stand).index(place))


def _places(movement: Movement, index: int) -> dict[int, tuple[Place, ...]]:
    """Where each board is in round ``index`` (0-based): its tables, or a stand."""
    found: dict[int, list[Place]] = {}
    rnd = movement.rounds[index]
    for tbl in sorted(rnd.tables, key=lambda t: t.table):
        for board in tbl.boards:
            found.setdefault(board, []).append(tbl.table)
    for board in rnd.relay:
        found.setdefault(board, []).append(Stand.RELAY)
    return {board: tuple(places) for board, places in found.items()}


def board_passing(movement: Movement) -> tuple[RoundChange, ...]:
    """For each change of round, where each table's boards (and the relay's) go next.

    Worked out board by board from where the next round plays them, so it holds for any
    movement: boards going to or from the relay, shared sets, boards coming into or going
    out of play. Boards that go the same way are one move.
    """
    _check_seating(movement)
    changes = []
    for index in range(len(movement.rounds) - 1):
        now, then = _places(movement, index), _places(movement, index + 1)
        grouped: dict[tuple[tuple[Place, ...], tuple[Place, ...]], list[int]] = {}
        for board in sorted(now.keys() | then.keys()):
            key = (now.get(board, (Stand.ASIDE,)), then.get(board, (Stand.ASIDE,)))
            grouped.setdefault(key, []).append(board)
        moves = sorted(
            (BoardMove(tuple(boards), sources, destinations)
             for (sources, destinations), boards in grouped.items()),
            key=lambda m: ([_order(p) for p in m.sources], m.boards),
        )  # fmt: skip
        changes.append(RoundChange(index + 1, tuple(moves)))
    return tuple(changes)


def table_cards(movement: Movement) -> tuple[TableCard, ...]:
    """One card per table, in table order: each round's pairs and boards, where the boards
    go next, and what to note: shared boards, boards from the relay, sit-outs."""
    _check_seating(movement)
    passing = board_passing(movement)
    cards = []
    for number in _table_numbers(movement):
        rows = []
        for index, rnd in enumerate(movement.rounds):
            here = [t for t in rnd.tables if t.table == number]
            if not here:
                rows.append(TableRound(index + 1, None, None, (), sit_outs=rnd.sit_outs))
                continue
            tbl = here[0]
            passes = () if index == len(passing) else tuple(
                m for m in passing[index].moves if number in m.sources
            )  # fmt: skip
            arrivals = () if index == 0 else tuple(
                m for m in passing[index - 1].moves if number in m.destinations
            )  # fmt: skip
            shared = tuple(
                sorted(
                    t.table
                    for t in rnd.tables
                    if t.table != number and set(t.boards) & set(tbl.boards)
                )
            )
            rows.append(
                TableRound(
                    round=index + 1,
                    ns=tbl.ns,
                    ew=tbl.ew,
                    boards=tbl.boards,
                    arrivals=arrivals,
                    passes=passes,
                    shared_with=shared,
                    sit_outs=rnd.sit_outs,
                )
            )
        cards.append(TableCard(number, tuple(rows)))
    return tuple(cards)


def pair_cards(movement: Movement) -> tuple[PairCard, ...]:
    """One card per pair, in the movement's order of pairs: each round's table, direction,
    opponents and boards, or that the pair sits out."""
    _check_seating(movement)
    cards = []
    for pair in movement.pairs:
        rows = []
        for index, rnd in enumerate(movement.rounds):
            row = PairRound(index + 1, None, None, None, ())
            for tbl in rnd.tables:
                if pair in (tbl.ns, tbl.ew):
                    side = Side.NS if pair == tbl.ns else Side.EW
                    other = tbl.ew if side is Side.NS else tbl.ns
                    row = PairRound(index + 1, tbl.table, side, other, tbl.boards)
            rows.append(row)
        cards.append(PairCard(pair, tuple(rows)))
    return tuple(cards)


def kind_name(kind: MovementKind, words: Words = ENGLISH) -> str:
    """A movement's kind as the cards head it: ``Mitchell``, ``Howell`` (international
    words, kept in every language), or ``Other``."""
    return {
        MovementKind.MITCHELL: words.pgettext("movement", "Mitchell"),
        MovementKind.HOWELL: words.pgettext("movement", "Howell"),
        MovementKind.OTHER: words.pgettext("movement", "Other"),
    }[kind]


def describe(movement: Movement, words: Words = ENGLISH) -> str:
    """A one-line summary for the cards: ``"Mitchell · 3 tables · 3 rounds · boards 1-9"``
    (``"Mitchell · 3 pöytää · 3 kierrosta · brikat 1-9"`` in Finnish)."""
    tables = len(_table_numbers(movement))
    rounds = len(movement.rounds)
    parts = [
        kind_name(movement.kind, words),
        words.ngettext("{count} table", "{count} tables", tables).format(count=tables),
        words.ngettext("{count} round", "{count} rounds", rounds).format(count=rounds),
    ]
    if movement.boards:
        parts.append(
            words.ngettext("board {boards}", "boards {boards}", len(movement.boards)).format(
                boards=board_text(movement.boards)
            )
        )
    return " · ".join(parts)


CODE_NOTE = gettext_noop(
    "For the opponents to confirm the scores on their own phone,"
    " and for a second phone to take the table over"
)
"""What a table's code is for, printed above it on the card (in English: the cards look it
up in the catalogue)."""


def code_table(code: str, words: Words = ENGLISH) -> Table:
    """A card's table code (the web app's), with what it is for."""
    return Table(words.gettext("Table code"), (words.gettext(CODE_NOTE),), (Row((code,)),))


def _table_page(
    card: TableCard, link: str | None, code: str | None = None, words: Words = ENGLISH
) -> Page:
    _ = words.gettext
    header = [
        _("Round"),
        direction_name("NS", words),
        direction_name("EW", words),
        _("Boards"),
        _("Boards go to"),
    ]
    notes = any(r.notes() for r in card.rounds)
    if notes:
        header.append(_("Notes"))
    rows = []
    for r in card.rounds:
        cells = [
            str(r.round),
            pair_name(r.ns, words) if r.ns else "",
            pair_name(r.ew, words) if r.ew else "",
            board_text(r.boards),
            r.boards_go_to(words),
        ]
        if notes:
            cells.append(r.notes(words))
        rows.append(Row(tuple(cells)))
    tables = [Table(_("Rounds"), tuple(header), tuple(rows), frozenset({0}))]
    if link is not None:
        tables.append(
            Table(_("Scores"), (_("Enter this table's scores at"),), (Row((link,), (link,)),))
        )
    if code is not None:
        tables.append(code_table(code, words))
    return Page(
        f"table-{card.table}.html", _("Table {number}").format(number=card.table), tuple(tables)
    )


def _pair_page(card: PairCard, words: Words = ENGLISH) -> Page:
    _ = words.gettext
    rows = []
    for r in card.rounds:
        if r.sits_out:
            cells = (str(r.round), "", "", _("sits out"), "")
        else:
            cells = (str(r.round), str(r.table), direction_name(str(r.direction), words),
                     pair_name(r.opponents, words) if r.opponents else "",
                     board_text(r.boards))  # fmt: skip
        rows.append(Row(cells))
    header = (_("Round"), _("Table"), _("Direction"), _("Opponents"), _("Boards"))
    return Page(
        f"pair-{slug(card.pair)}.html",
        _("Pair {pair}").format(pair=pair_name(card.pair, words)),
        (Table(_("Rounds"), header, tuple(rows), frozenset({0, 1})),),
    )


def _passing_page(changes: tuple[RoundChange, ...], words: Words = ENGLISH) -> Page:
    _ = words.gettext
    rows = tuple(
        Row((
            str(change.after),
            board_text(move.boards),
            place_text(move.sources, words),
            stay_text(move.sources, words) if move.stays
            else place_text(move.destinations, words),
        ))
        for change in changes
        for move in change.moves
    )  # fmt: skip
    header = (_("After round"), _("Boards"), _("From"), _("To"))
    return Page(
        "board-passing.html",
        _("Board passing"),
        (Table(_("Moves"), header, rows, frozenset({0})),),
    )


def card_pages(
    movement: Movement,
    *,
    table_links: Mapping[int, str] | None = None,
    table_codes: Mapping[int, str] | None = None,
    words: Words = ENGLISH,
) -> tuple[Page, ...]:
    """Every card as a report page: the table cards, the pair cards, then the board passing
    (left out when the movement has one round). ``table_links`` prints each table's link
    on its card, ``table_codes`` its code (the web app's: the opponents and a second phone
    need it); every word in ``words``' language."""
    links, codes = table_links or {}, table_codes or {}
    pages = [
        _table_page(card, links.get(card.table), codes.get(card.table), words)
        for card in table_cards(movement)
    ]
    pages.extend(_pair_page(card, words) for card in pair_cards(movement))
    changes = board_passing(movement)
    if changes:
        pages.append(_passing_page(changes, words))
    return tuple(pages)


@functools.lru_cache(maxsize=1024)
def _qr(link: str) -> segno.QRCode:
    """A link's QR code, kept: a table's link stays the same for the whole session, and a
    congress's 300 codes take about a second to make (each code's mask chosen among
    eight)."""
    return segno.make(link, error="m")


@functools.lru_cache(maxsize=1024)
def _qr_svg(link: str, title: str) -> str:
    """A link's QR code as inline SVG with its title (kept as the code is)."""
    return _qr(link).svg_inline(scale=4, title=title)


def qr_codes(table_links: Mapping[int, str] | None, words: Words = ENGLISH) -> dict[str, str]:
    """Each table card's QR code of its link, as inline SVG, by the card's page name: a
    phone's camera opens the table's page from the printed card."""
    links = {f"table-{t}.html": link for t, link in (table_links or {}).items()}
    titles = {
        f"table-{t}.html": words.gettext("Table {number}").format(number=t)
        for t in table_links or {}
    }
    return page_qr_codes(links, titles, words)


def page_qr_codes(
    links: Mapping[str, str], titles: Mapping[str, str], words: Words = ENGLISH
) -> dict[str, str]:
    """The QR code of each card's link, as inline SVG, by the card's page name (``titles``:
    the cards' titles, for the code's own title)."""
    return {
        page: _qr_svg(link, words.gettext("{title}'s link").format(title=titles.get(page, page)))
        for page, link in links.items()
    }


def cards_html(
    movement: Movement,
    title: str,
    *,
    table_links: Mapping[int, str] | None = None,
    table_codes: Mapping[int, str] | None = None,
    words: Words = ENGLISH,
) -> str:
    """All the cards as one self-contained HTML document (the results' stylesheet inlined),
    a card to a printed page, readable on a phone; with ``table_links``, each table card
    carries its link as text and as a QR code; with ``table_codes``, its code; every word
    in ``words``' language (its ``<html lang>`` too)."""
    pages = card_pages(movement, table_links=table_links, table_codes=table_codes, words=words)
    links = {f"table-{t}.html": link for t, link in (table_links or {}).items()}
    return pages_html(pages, title, describe(movement, words), links, words=words)


def pages_html(
    pages: Sequence[Page],
    title: str,
    subtitle: str,
    links: Mapping[str, str],
    *,
    words: Words = ENGLISH,
) -> str:
    """Guide cards (pages) as one HTML document in ``words``' language; ``links``: a card's
    link by its page."""
    env = _environment(words)
    return env.get_template("cards.html").render(
        title=title,
        subtitle=subtitle,
        pages=pages,
        lang=words.language.value,
        qr=page_qr_codes(links, {page.file: page.title for page in pages}, words),
        style=env.get_template("style.css").render() + env.get_template("cards.css").render(),
    )


def section_card_pages(
    field: SectionedMovement,
    *,
    table_links: Mapping[int, str] | None = None,
    table_codes: Mapping[int, str] | None = None,
    words: Words = ENGLISH,
    letters: Collection[str] | None = None,
) -> tuple[tuple[Page, ...], dict[str, str]]:
    """The cards of a field in sections, section after section, each section's cards as
    its own movement's (its tables from 1, its pairs ``1NS``), titled with its section
    (``Section B: Table 1``); ``table_links`` and ``table_codes`` by the field's table
    numbers (:meth:`~SectionedMovement.flattened`). With each table card's link by page.
    ``letters``: those sections' cards only (a section's printed for its own director)."""
    links, codes = table_links or {}, table_codes or {}
    pages: list[Page] = []
    by_page: dict[str, str] = {}
    for section in field.sections:
        if letters is not None and section.letter not in letters:
            continue
        own = range(1, section.tables + 1)
        number = {t: field.field_table(section.letter, t) for t in own}
        own_links = {t: links[n] for t, n in number.items() if n in links}
        prefix = f"section-{section.letter}-"
        for page in card_pages(
            section.movement,
            table_links=own_links,
            table_codes={t: codes[n] for t, n in number.items() if n in codes},
            words=words,
        ):
            title = words.gettext("Section {section}: {field}").format(
                section=section.letter, field=page.title
            )
            pages.append(replace(page, file=prefix + page.file, title=title))
        by_page.update({f"{prefix}table-{t}.html": link for t, link in own_links.items()})
    return tuple(pages), by_page


def sections_cards_html(
    field: SectionedMovement,
    title: str,
    *,
    table_links: Mapping[int, str] | None = None,
    table_codes: Mapping[int, str] | None = None,
    words: Words = ENGLISH,
    letters: Collection[str] | None = None,
) -> str:
    """The cards of a field in sections as one HTML document (:func:`section_card_pages`,
    of the sections ``letters`` only when given), as :func:`cards_html` prints one
    movement's."""
    pages, links = section_card_pages(
        field, table_links=table_links, table_codes=table_codes, words=words, letters=letters
    )
    described = describe_sections(field, words, letters)
    return pages_html(pages, title, described, links, words=words)


def sections_cards_pdf(
    field: SectionedMovement,
    title: str,
    *,
    table_links: Mapping[int, str] | None = None,
    table_codes: Mapping[int, str] | None = None,
    words: Words = ENGLISH,
) -> bytes:
    """The cards of a field in sections as one A4 PDF, as :func:`cards_pdf` prints one
    movement's (the ``pdf`` extra)."""
    pages, links = section_card_pages(
        field, table_links=table_links, table_codes=table_codes, words=words
    )
    heading = f"{title} · {describe_sections(field, words)}"
    return pages_pdf(pages, heading, title, links, words=words)


def describe_sections(
    field: SectionedMovement, words: Words = ENGLISH, letters: Collection[str] | None = None
) -> str:
    """Each section described in turn: ``Section A: Mitchell · ...; Section B: ...``
    (those of ``letters`` only when given)."""
    return "; ".join(
        words.gettext("Section {section}: {field}").format(
            section=s.letter, field=describe(s.movement, words)
        )
        for s in field.sections
        if letters is None or s.letter in letters
    )


def cards_pdf(
    movement: Movement,
    title: str,
    *,
    table_links: Mapping[int, str] | None = None,
    table_codes: Mapping[int, str] | None = None,
    words: Words = ENGLISH,
) -> bytes:
    """All the cards as one A4 PDF in the published results' look, a card to a page (a card
    too long for one page runs on), in ``words``' language. Needs the ``pdf`` extra:
    without fpdf2 this raises the same :class:`~bridgescore.errors.MissingExtraError` as the
    results PDF."""
    pages = card_pages(movement, table_links=table_links, table_codes=table_codes, words=words)
    links = {f"table-{t}.html": link for t, link in (table_links or {}).items()}
    return pages_pdf(pages, f"{title} · {describe(movement, words)}", title, links, words=words)


def pages_pdf(
    pages: Sequence[Page],
    heading: str,
    title: str,
    links: Mapping[str, str],
    *,
    words: Words = ENGLISH,
) -> bytes:
    """Guide cards (pages) as one A4 PDF, each headed ``heading``, a card's QR code under
    it when ``links`` has the card's page. The pages carry their own words (laid out in
    ``words``' language by :func:`card_pages`); ``words`` sets the document's language."""
    from bridgescore.report import pdf

    document = pdf._Document()
    document.set_title(document.text_of(title))
    document.set_lang(words.language.value)
    for page in pages:
        document.add_page()
        document.use(9)
        document.set_text_color(85, 85, 85)
        document.cell(0, 5, document.text_of(heading), new_x="LMARGIN", new_y="NEXT")
        document.set_text_color(0, 0, 0)
        document.use(14, bold=True)
        document.cell(0, 8, document.text_of(page.title), new_x="LMARGIN", new_y="NEXT")
        for table in page.tables:
            pdf._table(document, table)
        link = links.get(page.file)
        if link is not None:
            image = io.BytesIO()
            _qr(link).save(image, kind="png", scale=8, border=2)
            image.seek(0)
            document.image(image, w=40, h=40)
    return bytes(document.output())


__all__ = [
    "CODE_NOTE",
    "BoardMove",
    "PairCard",
    "PairRound",
    "Place",
    "RoundChange",
    "Stand",
    "TableCard",
    "TableRound",
    "board_passing",
    "board_text",
    "card_pages",
    "cards_html",
    "cards_pdf",
    "code_table",
    "describe",
    "kind_name",
    "page_qr_codes",
    "pages_html",
    "pages_pdf",
    "pair_cards",
    "place_text",
    "qr_codes",
    "stay_text",
    "table_cards",
]
