"""Guide cards of a field in sections (issue 28): each section's cards as its own
movement's, titled with the section, each table card with the field's link of that table."""

from __future__ import annotations

from bridgescore.events.movements.sections import parse_sections
from bridgescore.i18n import words
from bridgescore.report.cards import section_card_pages, sections_cards_html


def test_each_section_has_its_own_cards_and_the_fields_links() -> None:
    _spec, field = parse_sections("howell:3x2 + mitchell:4x2")
    links = {t: f"https://club.example/t/{t}/" for t in range(1, 8)}
    pages, by_page = section_card_pages(field, table_links=links, table_codes={5: "4711"})
    titles = [p.title for p in pages]
    assert titles[:3] == ["Section A: Table 1", "Section A: Table 2", "Section A: Table 3"]
    assert "Section B: Table 4" in titles
    assert "Section B: Table 5" not in titles  # a 4-table Mitchell: tables 1 to 4
    assert "Section B: Pair 4EW" in titles
    assert by_page["section-A-table-3.html"] == links[3]
    assert by_page["section-B-table-1.html"] == links[4]  # the field's table 4
    assert by_page["section-B-table-4.html"] == links[7]
    b2 = next(p for p in pages if p.file == "section-B-table-2.html")
    assert any("4711" in row.cells for t in b2.tables for row in t.rows)  # field table 5
    html = sections_cards_html(field, "Congress", table_links=links, words=words("es"))
    assert ">Sección A: Mesa 1<" in html
