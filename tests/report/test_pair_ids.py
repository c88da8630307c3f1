"""A pair's id as each reader reads it (issue 28): its direction in the language's letters
on the rankings, travellers, score cards and guide cards, printed or on the command line
(Finnish ``1PE``, ``A1IL``; Spanish ``1NS``, ``A1EO``), a Howell's pairs as they are, and
the files and links keeping the international id (``pair-A1EW.html``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli.main import cli
from bridgescore.io.events import load_event
from bridgescore.report import build_site
from bridgescore.report.view import build_report

ROWS = """board,ns,ew,contract,declarer,result
1,{1},{2},4S,N,10
1,{3},{4},4S,N,9
2,{1},{4},3NT,S,9
2,{3},{2},3NT,S,10
"""
"""Two boards, four pairs: the first and third sit North-South, the second and fourth
East-West; board 1 made by the first pair, board 2 by the third (the fourth wins East-West)."""

SHAPES = {  # the pairs' ids as kept (plain, in a section, a Howell's), then as each reads them
    "plain": (("1NS", "1EW", "2NS", "2EW"), {
        "en": ("1NS", "1EW", "2NS", "2EW"),
        "fi": ("1PE", "1IL", "2PE", "2IL"),
        "es": ("1NS", "1EO", "2NS", "2EO"),
    }),
    "section": (("A1NS", "A1EW", "A2NS", "A2EW"), {
        "en": ("A1NS", "A1EW", "A2NS", "A2EW"),
        "fi": ("A1PE", "A1IL", "A2PE", "A2IL"),
        "es": ("A1NS", "A1EO", "A2NS", "A2EO"),
    }),
    "howell": (("1", "2", "3", "4"), {
        "en": ("1", "2", "3", "4"), "fi": ("1", "2", "3", "4"), "es": ("1", "2", "3", "4"),
    }),
}  # fmt: skip
PAIR = {"en": "Pair {pair}", "fi": "Pari {pair}", "es": "Pareja {pair}"}


def _event(tmp_path: Path, ids: tuple[str, ...]) -> Path:
    path = tmp_path / "evening.csv"
    path.write_text(ROWS.format(None, *ids), encoding="utf-8")
    return path


@pytest.mark.parametrize("language", ["en", "fi", "es"])
@pytest.mark.parametrize("shape", list(SHAPES))
def test_every_pair_id_shape_in_every_language(tmp_path: Path, shape: str, language: str) -> None:
    kept, shown = SHAPES[shape][0], SHAPES[shape][1][language]
    one, two, three, four = shown
    report = build_report(load_event(_event(tmp_path, kept)), language=language)
    ranked = [row.cells[1] for table in report.index.tables[:-1] for row in table.rows]
    if shape == "howell":  # one field: 4 won board 2, 1 board 1
        assert sorted(ranked) == sorted(shown)
    else:  # North-South tied, then East-West: the fourth pair first
        assert ranked == [one, three, four, two]
    board = report.boards[0].tables[0]
    assert [row.cells[:2] for row in board.rows] == [(one, two), (three, four)]
    cards = {page.file: page for page in report.cards}
    card = cards[f"pair-{kept[1]}.html"]  # the file keeps the id as kept
    assert card.title == PAIR[language].format(pair=two)
    assert [row.cells[2] for row in card.tables[0].rows] == [one, three]  # its opponents
    assert [row.links[2] for row in card.tables[0].rows] == [
        f"pair-{kept[0]}.html", f"pair-{kept[2]}.html"
    ]  # fmt: skip


def test_the_finnish_site_reads_a_pair_in_finnish_and_links_it_as_kept(tmp_path: Path) -> None:
    build_site(load_event(_event(tmp_path, SHAPES["section"][0])), tmp_path / "site", language="fi")
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert '<a href="pair-A2EW.html">A2IL</a>' in index
    assert ">A2EW<" not in index
    assert sorted(p.name for p in (tmp_path / "site").glob("pair-*.html")) == [
        "pair-A1EW.html", "pair-A1NS.html", "pair-A2EW.html", "pair-A2NS.html"
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("language", "typed", "title", "opponents"),
    [
        ("fi", "a1il", "Pistekortti: pari A1IL", "A1PE"),
        ("fi", "A1EW", "Pistekortti: pari A1IL", "A1PE"),
        ("es", "A1EO", "Tarjeta de puntuación: pareja A1EO", "A1NS"),
        ("en", "A1EW", "Score card: pair A1EW", "A1NS"),
    ],
)
def test_the_command_lines_score_card_of_a_pair_typed_either_way(
    tmp_path: Path, language: str, typed: str, title: str, opponents: str
) -> None:
    file = str(_event(tmp_path, SHAPES["section"][0]))
    run = CliRunner().invoke(cli, ["--lang", language, "pairs", file, "--card", typed])
    assert run.exit_code == 0, run.output
    assert run.stdout.splitlines()[0] == title
    assert f"│ {opponents} " in run.stdout
    ranking = CliRunner().invoke(cli, ["--lang", language, "pairs", file]).stdout
    assert SHAPES["section"][1][language][3] in ranking
    assert "A2EW" not in ranking or language == "en"


@pytest.mark.parametrize(
    ("language", "first"),
    [
        ("en", "  table  1  1NS v 1EW  boards 1-2"),
        ("fi", "  pöytä  1  1PE – 1IL  brikat 1-2"),
        ("es", "  mesa  1  1NS contra 1EO  estuches 1-2"),
    ],
)
def test_the_command_lines_movement_names_pairs_as_the_reader_does(
    language: str, first: str
) -> None:
    run = CliRunner().invoke(cli, ["--lang", language, "movement", "show", "mitchell:3x2"])
    assert run.exit_code == 0, run.output
    assert run.stdout.splitlines()[2] == first
