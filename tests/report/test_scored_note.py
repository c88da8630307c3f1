"""A report of another program's file says on its ranking page how it was re-scored and how
many of the file's own figures agree (the self-check's line, in the report's language)."""

from __future__ import annotations

from pathlib import Path

import bridgescore
from bridgescore.events.selfcheck import checked
from bridgescore.report import build_site
from bridgescore.report.view import build_report

EBUSCORE = Path(__file__).resolve().parents[1] / "io" / "data" / "usebio" / "00201600+002321.xml"


def test_the_ranking_page_says_how_the_file_was_scored(tmp_path: Path) -> None:
    event = bridgescore.load_event(EBUSCORE)
    found = checked(event)
    report = build_report(event, conventions=found, language="es")
    assert report.scored == (
        "puntuado como puntúa EBUScore Pairs 1.2.20 (el archivo lo nombra): criterio de puntos"
        " de match ebu; cifras del propio archivo: coinciden 680 de 680"
    )
    build_site(event, tmp_path, conventions=found, language="es")
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert f'<p class="scored">{report.scored}</p>' in index
    board = (tmp_path / "board-1.html").read_text(encoding="utf-8")
    assert 'class="scored"' not in board  # the ranking page only


def test_a_report_without_the_self_check_says_nothing_of_it() -> None:
    event = bridgescore.load_event(EBUSCORE)
    assert build_report(event).scored == ""


def test_a_published_page_names_no_differing_figure_nor_file_path() -> None:
    """Where figures differ, the page says how many agree; the figures that differ (with
    the file's path on this machine) are for the terminal and the JSON."""
    event = bridgescore.load_event(EBUSCORE.parent / "mp_pairs_mitchell_02.xml")
    found = checked(event)
    report = build_report(event, conventions=found)
    assert report.scored.endswith(
        f"the file's own figures: {found.comparison.agree} of {found.comparison.total} agree"
    )
    assert "xml" not in report.scored
    assert "mp_pairs_mitchell_02.xml, line" in found.describe()
