"""The same results as one PDF, laid out as clubs pin them up: the ranking, then the boards
several a page (each board's diagram with the hands' high-card points, its double-dummy
grid and par beside it, its traveller under it, kept together on one page), then the score
cards two columns a page. A file of deals with no results prints as a hand-record booklet:
the boards in two columns, the grid and par under each diagram.

A block (a board, a score card) goes where the last one ended when it fits in what is
left of the column, else at the top of the next column or page: its height is measured
first by drawing it on a scratch document (:class:`_Flow`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Final

from bridgescore.errors import MissingExtraError
from bridgescore.errors import marked as _

try:
    from fpdf import FPDF
    from fpdf.fonts import TTFFont
except ImportError as error:  # pragma: no cover - exercised in a subprocess by the tests
    raise MissingExtraError(_("PDF output"), "pdf", error.name) from None

from bridgescore.events.conventions import Chosen
from bridgescore.events.model import Event
from bridgescore.events.selfcheck import Checked
from bridgescore.i18n import Language, Words, words
from bridgescore.io.writing import write_bytes
from bridgescore.report.view import (
    AnalysisView,
    Page,
    Table,
    build_report,
    seat_name,
    vulnerability_name,
)

_FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
_LETTERS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", "—": "-", "–": "-", "·": "-"})

# Sizes in millimetres, on A4 portrait.
_BOTTOM: Final = 12.0
"""The bottom margin: a page ends here."""
_GAP: Final = 6.0
"""Between two columns of blocks (the booklet's boards, the score cards)."""
_BESIDE: Final = 4.0
"""Between the diagram, the grid and the traveller beside them."""
_SPACE: Final = 4.0
"""Between two blocks, one under the other."""
_LINE: Final = 3.5
"""A line of the diagram: a seat's name or one suit."""
_HAND: Final = 25.0
"""The width of a hand in the diagram (and of its corner with the board's number)."""
DIAGRAM_WIDTH: Final = 3 * _HAND
DIAGRAM_HEIGHT: Final = 13 * _LINE
"""North's five lines, West's and East's five beside North's last, South's five under."""
_GRID_ROW: Final = 3.6
_GRID_SEAT: Final = 5.0
_GRID_STRAIN: Final = 5.6
GRID_WIDTH: Final = _GRID_SEAT + 5 * _GRID_STRAIN
_RED: Final = (192, 0, 0)
_GREY: Final = (90, 90, 90)
_RED_SUITS: Final = frozenset("♥♦")
_SMALL: Final = 7.0
"""The font size of a traveller and a score card."""
_SMALL_LINE: Final = 3.6


class _Document(FPDF):
    def __init__(self, *, measuring: bool = False) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.measuring = measuring
        """A scratch document, where a block is drawn to measure it: a table only moves
        down by its height when that is known without drawing it."""
        self.unicode = (_FONT_DIR / "DejaVuSans.ttf").is_file()
        if self.unicode:
            self.add_font("body", "", str(_FONT_DIR / "DejaVuSans.ttf"))
            self.add_font("body", "B", str(_FONT_DIR / "DejaVuSans-Bold.ttf"))
        self.set_auto_page_break(auto=True, margin=_BOTTOM)

    def close_fonts(self) -> None:
        """Close the font files of a document never written (a scratch one)."""
        for font in self.fonts.values():
            if isinstance(font, TTFFont):
                font.close()

    def text_of(self, text: str) -> str:
        """Suit symbols need a Unicode font; without one, letters stand in."""
        if self.unicode:
            return text
        return text.translate(_LETTERS).encode("latin-1", "replace").decode("latin-1")

    def use(self, size: float, bold: bool = False) -> None:
        self.set_font("body" if self.unicode else "helvetica", "B" if bold else "", size)

    @contextmanager
    def column(self, left: float, width: float) -> Iterator[None]:
        """Draw within a column: the margins moved to its edges meanwhile (tables, wrapped
        text and new lines keep to it)."""
        kept = self.l_margin, self.r_margin
        self.set_left_margin(left)
        self.set_right_margin(self.w - left - width)
        try:
            yield
        finally:
            self.set_left_margin(kept[0])
            self.set_right_margin(kept[1])

    def suited(self, height: float, text: str) -> None:
        """``text`` written on from where the last ended, its hearts and diamonds red."""
        run = ""
        for char in text:
            if char in _RED_SUITS:
                self.write(height, self.text_of(run))
                self.set_text_color(*_RED)
                self.write(height, self.text_of(char))
                self.set_text_color(0, 0, 0)
                run = ""
            else:
                run += char
        self.write(height, self.text_of(run))


def _widths(
    pdf: _Document, table: Table, size: float, room: float | None = None
) -> tuple[float, ...]:
    """Each column's width as its longest text needs it, the header in bold on one line
    when the table fits in ``room`` so (``None``: the column's width), else on two (its
    longest word)."""
    pdf.use(size, bold=True)
    whole = [pdf.get_string_width(pdf.text_of(cell)) for cell in table.header]
    tight = [
        max((pdf.get_string_width(pdf.text_of(word)) for word in cell.split()), default=0.0)
        for cell in table.header
    ]
    pdf.use(size)
    cells = [0.0] * len(whole)
    for row in table.rows:
        for i, cell in enumerate(row.cells[: len(cells)]):
            cells[i] = max(cells[i], pdf.get_string_width(pdf.text_of(cell)))
    pad = 2 * pdf.c_margin + 0.4
    widths = tuple(max(head, cell) + pad for head, cell in zip(whole, cells, strict=True))
    if sum(widths) <= (pdf.epw if room is None else room):
        return widths
    return tuple(max(head, cell) + pad for head, cell in zip(tight, cells, strict=True))


def _table(
    pdf: _Document,
    table: Table,
    *,
    size: float = 8,
    line: float = 5,
    title: float | None = 11,
) -> None:
    """A table across the column, headed by its title (``None``: no title); each column as
    wide as its longest text needs, in proportion."""
    widths = _widths(pdf, table, size)
    if pdf.measuring:
        height = _height(pdf, table, widths, size=size, line=line, title=title)
        if height is not None:
            pdf.set_y(pdf.get_y() + height)
            return
    if title is not None:
        pdf.use(title, bold=True)
        pdf.cell(0, title * 0.55, pdf.text_of(table.title), new_x="LMARGIN", new_y="NEXT")
    align = tuple("RIGHT" if i in table.numeric else "LEFT" for i in range(len(table.header)))
    pdf.use(size)
    with pdf.table(
        text_align=align,
        line_height=line,
        first_row_as_headings=True,
        align="LEFT",
        col_widths=widths,
    ) as grid:
        head = grid.row()
        for cell in table.header:
            head.cell(pdf.text_of(cell))
        for row in table.rows:
            cells = grid.row()
            for cell in row.cells:
                cells.cell(pdf.text_of(cell))
    pdf.ln(line * 0.5)


def _height(
    pdf: _Document,
    table: Table,
    widths: tuple[float, ...],
    *,
    size: float,
    line: float,
    title: float | None,
) -> float | None:
    """How tall :func:`_table` draws ``table``, worked out without drawing it: a line for
    each row, and the header's lines; ``None`` when a row may wrap (the columns narrower
    than their text)."""
    scale = pdf.epw / sum(widths) if widths else 1.0
    if scale < 1:
        return None
    pdf.use(size, bold=True)
    header = max(
        (
            _lines(pdf, width * scale, cell)
            for width, cell in zip(widths, table.header, strict=True)
        ),
        default=1,
    )
    return (title * 0.55 if title is not None else 0) + line * (header + len(table.rows) + 0.5)


def _lines(pdf: _Document, width: float, text: str) -> int:
    """How many lines ``text`` takes in a cell ``width`` wide, in the font in use."""
    lines = pdf.multi_cell(width, 1, pdf.text_of(text), dry_run=True, output="LINES")
    assert isinstance(lines, list)
    return max(1, len(lines))


@contextmanager
def _small(pdf: _Document) -> Iterator[None]:
    """Narrow cell margins meanwhile, for a traveller or a score card."""
    kept = pdf.c_margin
    pdf.c_margin = 0.6
    try:
        yield
    finally:
        pdf.c_margin = kept


def _small_table(pdf: _Document, table: Table, *, titled: bool = True) -> None:
    """A traveller or a score card, small enough for several a page."""
    with _small(pdf):
        _table(pdf, table, size=_SMALL, line=_SMALL_LINE, title=8 if titled else None)


def _small_width(pdf: _Document, table: Table) -> float:
    """How wide a traveller or a score card needs to be (its headers on two lines if
    need be)."""
    with _small(pdf):
        widths = _widths(pdf, table, _SMALL, room=0)
        pdf.use(8, bold=True)
        return max(sum(widths), pdf.get_string_width(pdf.text_of(table.title)))


def _diagram(pdf: _Document, page: Page, w: Words, x: float, y: float) -> None:
    """The four hands, each with its seat's name and high-card points, and the board's
    number, dealer and vulnerability in the top left corner."""
    assert page.hands is not None
    pdf.set_xy(x, y)
    pdf.use(9, bold=True)
    pdf.cell(_HAND, 4, pdf.text_of(page.title), new_x="LEFT", new_y="NEXT")
    if page.board is not None:
        pdf.use(6.5)
        info = w.gettext("Dealer {dealer}, vulnerable: {vulnerable}").format(
            dealer=seat_name(page.board.dealer, w),
            vulnerable=vulnerability_name(page.board.vulnerability, w),
        )
        pdf.multi_cell(_HAND - 1, 2.8, pdf.text_of(info), align="L", new_x="LEFT", new_y="NEXT")
    hcp = page.analysis.hcp if page.analysis is not None else {}
    # North, South, West, East: no hand's last line and the next hand's name on one level,
    # so that a reader of the text (a screen reader, a search) never runs them together
    spots = {"N": (1, 0), "S": (1, 8), "W": (0, 4), "E": (2, 4)}
    for seat, (column, row) in spots.items():
        hand = page.hands.get(seat)
        if hand is None:
            continue
        left, top = x + column * _HAND, y + row * _LINE
        pdf.set_xy(left, top)
        pdf.use(8, bold=True)
        name = pdf.text_of(hand.seat)
        pdf.cell(pdf.get_string_width(name) + 1.5, _LINE, name)
        points = hcp.get(seat)
        if points is not None:
            pdf.use(8)
            pdf.set_text_color(*_GREY)
            pdf.cell(6, _LINE, str(points))
            pdf.set_text_color(0, 0, 0)
        for i, (symbol, cards) in enumerate(hand.suits, start=1):
            pdf.set_xy(left, top + i * _LINE)
            pdf.use(8)
            if symbol in _RED_SUITS:
                pdf.set_text_color(*_RED)
            pdf.cell(3.5, _LINE, pdf.text_of(symbol))
            pdf.set_text_color(0, 0, 0)
            pdf.cell(_HAND - 3.5, _LINE, pdf.text_of(cards))


def _grid(pdf: _Document, view: AnalysisView, x: float, y: float) -> float:
    """The double-dummy grid: a row for each declarer, a column for each strain, hearts
    and diamonds red; where it ends."""
    if not view.declarers:
        return y
    pdf.set_draw_color(150, 150, 150)
    pdf.set_line_width(0.15)
    pdf.set_xy(x, y)
    pdf.use(7.5, bold=True)
    pdf.cell(_GRID_SEAT, _GRID_ROW, "", border=1)
    for head in view.strains:
        if head in _RED_SUITS:
            pdf.set_text_color(*_RED)
        pdf.cell(_GRID_STRAIN, _GRID_ROW, pdf.text_of(head), border=1, align="C")
        pdf.set_text_color(0, 0, 0)
    for i, (declarer, tricks) in enumerate(view.declarers, start=1):
        pdf.set_xy(x, y + i * _GRID_ROW)
        pdf.use(7.5, bold=True)
        pdf.cell(_GRID_SEAT, _GRID_ROW, pdf.text_of(declarer), border=1, align="C")
        pdf.use(7.5)
        for count in tricks:
            pdf.cell(_GRID_STRAIN, _GRID_ROW, str(count), border=1, align="C")
    pdf.set_draw_color(0, 0, 0)
    return y + (len(view.declarers) + 1) * _GRID_ROW


def _par(pdf: _Document, view: AnalysisView, w: Words, x: float, y: float, width: float) -> float:
    """Par: North-South's score, and the par contracts under it; where it ends."""
    if not view.par_score and not view.par_contracts:
        return y
    height = 3.6
    with pdf.column(x, width):
        pdf.set_xy(x, y)
        pdf.use(8, bold=True)
        pdf.write(height, pdf.text_of(w.gettext("Par")) + " ")
        pdf.use(8)
        pdf.write(height, pdf.text_of(view.par_score))
        if view.par_contracts:
            pdf.ln(height)
            pdf.suited(height, view.par_contracts)
        pdf.ln(height)
    return pdf.get_y()


def _analysis(pdf: _Document, view: AnalysisView, w: Words, x: float, y: float) -> float:
    """The grid with par under it; where they end."""
    bottom = _grid(pdf, view, x, y)
    return _par(pdf, view, w, x, bottom + (1.5 if bottom > y else 0), GRID_WIDTH + _BESIDE)


def _booklet_analysis(pdf: _Document, view: AnalysisView, w: Words, x: float, y: float) -> float:
    """The grid with par beside it, under the diagram in a booklet's column; where they
    end."""
    bottom = _grid(pdf, view, x, y)
    beside = x + (GRID_WIDTH + 3 if bottom > y else 0)
    end = _par(pdf, view, w, beside, y, pdf.l_margin + pdf.epw - beside)
    return max(bottom, end)


def _board(pdf: _Document, page: Page, w: Words, *, booklet: bool = False) -> None:
    """One board: the diagram, the grid and par beside it and the traveller beside them
    where it fits (else under them); in the booklet's narrow column the grid and par go
    under the diagram."""
    x, y = pdf.l_margin, pdf.get_y()
    tables = page.tables
    if not page.hands:
        _heading(pdf, page, w)
    else:
        _diagram(pdf, page, w, x, y)
        bottom = y + DIAGRAM_HEIGHT
        right = x + DIAGRAM_WIDTH + _BESIDE
        if page.analysis is not None:
            if booklet:
                bottom = _booklet_analysis(pdf, page.analysis, w, x, bottom + 1)
            elif page.analysis.declarers or page.analysis.par_score:
                bottom = max(bottom, _analysis(pdf, page.analysis, w, right, y))
                right += GRID_WIDTH + _BESIDE
        width = pdf.l_margin + pdf.epw - right
        if len(tables) == 1 and _small_width(pdf, tables[0]) <= width:
            with pdf.column(right, width):
                pdf.set_xy(right, y)
                _small_table(pdf, tables[0])
                bottom = max(bottom, pdf.get_y())
            tables = ()
        pdf.set_xy(x, bottom + 1)
    for table in tables:
        _small_table(pdf, table)


def _heading(pdf: _Document, page: Page, w: Words) -> None:
    """A board's number, dealer and vulnerability, over its tables (no diagram)."""
    pdf.use(10, bold=True)
    pdf.cell(0, 5, pdf.text_of(page.title), new_x="LMARGIN", new_y="NEXT")
    if page.board is not None:
        pdf.use(8)
        info = w.gettext("Dealer {dealer}, vulnerable: {vulnerable}").format(
            dealer=seat_name(page.board.dealer, w),
            vulnerable=vulnerability_name(page.board.vulnerability, w),
        )
        pdf.cell(0, 4, pdf.text_of(info), new_x="LMARGIN", new_y="NEXT")


def _card(pdf: _Document, page: Page) -> None:
    """A score card (a pair's or a team's): its title, and its table (whose own title,
    ``Score card``, the card's says already)."""
    pdf.use(8.5, bold=True)
    pdf.multi_cell(0, 4.2, pdf.text_of(page.title), new_x="LMARGIN", new_y="NEXT")
    for table in page.tables:
        _small_table(pdf, table, titled=len(page.tables) > 1)


class _Flow:
    """Blocks laid down the page in ``columns`` columns, none split: a block that does not
    fit in what is left of its column goes to the top of the next column, or page (one
    taller than a page starts at the top and runs on)."""

    def __init__(self, pdf: _Document, columns: int = 1) -> None:
        self.pdf = pdf
        self.columns = columns
        self.width = (pdf.epw - _GAP * (columns - 1)) / columns
        self.column = 0
        self.top = pdf.get_y()
        self.lowest = self.top
        self.scratch: _Document | None = None

    def height(self, draw: Callable[[_Document], None]) -> float:
        """How tall ``draw`` is, drawn in a column on the scratch document."""
        if self.scratch is None:
            self.scratch = _Document(measuring=True)
            self.scratch.add_page()
        scratch = self.scratch
        with scratch.column(scratch.l_margin, self.width):
            scratch.set_xy(scratch.l_margin, scratch.t_margin)
            page = scratch.page
            draw(scratch)
            pages = scratch.page - page
        return pages * (scratch.page_break_trigger - scratch.t_margin) + (
            scratch.get_y() - scratch.t_margin
        )

    def add(self, draw: Callable[[_Document], None]) -> None:
        pdf = self.pdf
        height = self.height(draw)
        if pdf.get_y() + height > pdf.page_break_trigger and pdf.get_y() > self.top + 0.1:
            self._next()
        left = pdf.l_margin + self.column * (self.width + _GAP)
        page = pdf.page
        with pdf.column(left, self.width):
            pdf.set_xy(left, pdf.get_y())
            draw(pdf)
        if pdf.page != page:  # it ran on: the new page's columns start at its top
            self.top = pdf.t_margin
            self.lowest = pdf.get_y()
        self.lowest = max(self.lowest, pdf.get_y())
        pdf.set_xy(pdf.l_margin, pdf.get_y() + _SPACE)

    def _next(self) -> None:
        pdf = self.pdf
        if self.column + 1 < self.columns:
            self.column += 1
        else:
            pdf.add_page()
            self.column = 0
            self.top = self.lowest = pdf.get_y()
        pdf.set_y(self.top)

    def close(self) -> None:
        """Go on under the lowest column (and let the scratch document go)."""
        self.pdf.set_xy(self.pdf.l_margin, self.lowest + _SPACE)
        if self.scratch is not None:
            self.scratch.close_fonts()


def build_pdf(
    event: Event,
    out_path: str | Path,
    *,
    scoring: str | None = None,
    policy: str | None = None,
    conventions: Chosen | Checked | None = None,
    language: Words | Language | str = Language.EN,
) -> Path:
    """Write the whole report as one PDF at ``out_path``, in ``language``: several boards
    a page, or a hand-record booklet for a file of deals with no results."""
    w = words(language)
    report = build_report(event, scoring, policy, conventions=conventions, language=w)
    pdf = _Document()
    pdf.set_title(pdf.text_of(report.title))
    pdf.set_lang(w.language.value)
    pdf.add_page()
    pdf.use(16, bold=True)
    pdf.cell(0, 9, pdf.text_of(report.title), new_x="LMARGIN", new_y="NEXT")
    if report.subtitle:
        pdf.use(10)
        pdf.cell(0, 6, pdf.text_of(report.subtitle), new_x="LMARGIN", new_y="NEXT")
    if report.scored:
        pdf.use(8)
        pdf.multi_cell(0, 4, pdf.text_of(report.scored), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    for table in report.index.tables:
        if not table.navigation:
            _table(pdf, table)
    boards = _Flow(pdf, columns=2 if report.booklet else 1)
    for page in report.boards:
        boards.add(partial(_board, page=page, w=w, booklet=report.booklet))
    boards.close()
    cards = _Flow(pdf, columns=2)
    for page in report.cards:
        cards.add(partial(_card, page=page))
    cards.close()
    path = Path(out_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes(path, bytes(pdf.output()))
    return path
