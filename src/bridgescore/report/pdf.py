"""The same results as one PDF: the ranking, then each board, then each score card."""

from __future__ import annotations

from pathlib import Path

from bridgescore.errors import MissingExtraError
from bridgescore.errors import marked as _

try:
    from fpdf import FPDF
except ImportError as error:  # pragma: no cover - exercised in a subprocess by the tests
    raise MissingExtraError(_("PDF output"), "pdf", error.name) from None

from bridgescore.events.conventions import Chosen
from bridgescore.events.model import Event
from bridgescore.i18n import ENGLISH, Language, Words, words
from bridgescore.io.writing import write_bytes
from bridgescore.report.view import Page, Table, build_report, seat_name, vulnerability_name

_FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
_LETTERS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", "—": "-", "–": "-", "·": "-"})


class _Document(FPDF):
    def __init__(self) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.unicode = (_FONT_DIR / "DejaVuSans.ttf").is_file()
        if self.unicode:
            self.add_font("body", "", str(_FONT_DIR / "DejaVuSans.ttf"))
            self.add_font("body", "B", str(_FONT_DIR / "DejaVuSans-Bold.ttf"))
        self.set_auto_page_break(auto=True, margin=12)

    def text_of(self, text: str) -> str:
        """Suit symbols need a Unicode font; without one, letters stand in."""
        if self.unicode:
            return text
        return text.translate(_LETTERS).encode("latin-1", "replace").decode("latin-1")

    def use(self, size: float, bold: bool = False) -> None:
        self.set_font("body" if self.unicode else "helvetica", "B" if bold else "", size)


def _table(pdf: _Document, table: Table) -> None:
    pdf.use(11, bold=True)
    pdf.cell(0, 7, pdf.text_of(table.title), new_x="LMARGIN", new_y="NEXT")
    pdf.use(8)
    align = tuple("RIGHT" if i in table.numeric else "LEFT" for i in range(len(table.header)))
    with pdf.table(text_align=align, line_height=5, first_row_as_headings=True) as grid:
        head = grid.row()
        for cell in table.header:
            head.cell(pdf.text_of(cell))
        for row in table.rows:
            line = grid.row()
            for cell in row.cells:
                line.cell(pdf.text_of(cell))
    pdf.ln(3)


def _page(pdf: _Document, page: Page, w: Words = ENGLISH) -> None:
    pdf.add_page()
    pdf.use(14, bold=True)
    pdf.cell(0, 8, pdf.text_of(page.title), new_x="LMARGIN", new_y="NEXT")
    if page.board is not None:
        pdf.use(9)
        info = w.gettext("Dealer {dealer}, vulnerable: {vulnerable}").format(
            dealer=seat_name(page.board.dealer, w),
            vulnerable=vulnerability_name(page.board.vulnerability, w),
        )
        pdf.cell(0, 5, pdf.text_of(info), new_x="LMARGIN", new_y="NEXT")
    if page.hands:
        _diagram(pdf, page)
    for table in page.tables:
        _table(pdf, table)


def _diagram(pdf: _Document, page: Page) -> None:
    assert page.hands is not None
    x, y = pdf.get_x(), pdf.get_y() + 2
    spots = {"N": (45, 0), "W": (0, 24), "E": (90, 24), "S": (45, 48)}
    pdf.use(9)
    for seat, (dx, dy) in spots.items():
        hand = page.hands.get(seat)
        if hand is None:
            continue
        pdf.set_xy(x + dx, y + dy)
        pdf.use(9, bold=True)
        pdf.cell(40, 4.5, hand.seat, new_x="LEFT", new_y="NEXT")
        pdf.use(9)
        for symbol, cards in hand.suits:
            pdf.set_x(x + dx)
            red = symbol in "♥♦"
            pdf.set_text_color(192, 0, 0) if red else pdf.set_text_color(0, 0, 0)
            pdf.cell(40, 4.5, pdf.text_of(f"{symbol} {cards}"), new_x="LEFT", new_y="NEXT")
        pdf.set_text_color(0, 0, 0)
    pdf.set_xy(x, y + 74)


def build_pdf(
    event: Event,
    out_path: str | Path,
    *,
    scoring: str | None = None,
    policy: str | None = None,
    conventions: Chosen | None = None,
    language: Words | Language | str = Language.EN,
) -> Path:
    """Write the whole report as one PDF at ``out_path``, in ``language``."""
    w = words(language)
    report = build_report(event, scoring, policy, conventions=conventions, language=w)
    pdf = _Document()
    pdf.set_title(pdf.text_of(report.title))
    pdf.add_page()
    pdf.use(16, bold=True)
    pdf.cell(0, 9, pdf.text_of(report.title), new_x="LMARGIN", new_y="NEXT")
    if report.subtitle:
        pdf.use(10)
        pdf.cell(0, 6, pdf.text_of(report.subtitle), new_x="LMARGIN", new_y="NEXT")
    for table in report.index.tables:
        if not table.navigation:
            _table(pdf, table)
    for page in (*report.boards, *report.cards):
        _page(pdf, page, w)
    path = Path(out_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes(path, bytes(pdf.output()))
    return path
