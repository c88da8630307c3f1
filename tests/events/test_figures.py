"""How figures are shown: the exact strings, and every output (CLI, HTML, PDF) using them."""

from __future__ import annotations

import doctest
import math
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.cli.main import cli
from bridgescore.events import figures
from bridgescore.events.figures import fixed, points, signed
from bridgescore.events.model import Event
from bridgescore.events.pairs import PairsResult
from bridgescore.events.scoring import score_event
from bridgescore.events.teams import TeamsResult
from bridgescore.io.events import load_event
from bridgescore.io.results import load
from bridgescore.report.view import Table, build_report, result_text

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MITCHELL = EXAMPLES / "pairs-mitchell.csv"
TEAMS = EXAMPLES / "teams.json"


def test_the_module_doctests() -> None:
    assert doctest.testmod(figures, raise_on_error=False).failed == 0


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (None, ""),
        (0, "0"),
        (0.0, "0"),
        (-0.0, "0"),
        (-0.004, "0"),
        (0.004, "0"),
        (0.005, "0.01"),
        (3, "3"),
        (3.0, "3"),
        (47.8, "47.8"),
        (9.25, "9.25"),
        (40 / 3, "13.33"),
        (-67 / 3, "-22.33"),
        (-10.0, "-10"),
        (100.0, "100"),
        (120, "120"),
        (1.10, "1.1"),
        (2.675, "2.67"),  # the float is a little under 2.675
    ],
)
def test_points(value: float | None, shown: str) -> None:
    assert points(value) == shown


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (None, ""),
        (0, "0.00"),
        (-0.0, "0.00"),
        (-0.001, "0.00"),
        (59.75, "59.75"),
        (100.0, "100.00"),
        (15, "15.00"),
        (19.6875, "19.69"),
        (0.3125, "0.31"),
        (100 / 3, "33.33"),
        (-3.5, "-3.50"),
    ],
)
def test_fixed(value: float | None, shown: str) -> None:
    assert fixed(value) == shown


@pytest.mark.parametrize(
    ("value", "shown"),
    [(None, ""), (420, "+420"), (-50, "-50"), (0, "+0"), (7600, "+7600"), (-7600, "-7600")],
)
def test_signed(value: int | None, shown: str) -> None:
    assert signed(value) == shown


finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)


@given(finite)
def test_points_is_the_figure_at_two_decimals(value: float) -> None:
    text = points(value)
    assert float(text) == float(f"{value:.2f}")
    assert text != "-0"
    _, point, decimals = text.partition(".")
    assert len(decimals) <= figures.DECIMALS
    assert not point or not decimals.endswith("0")


@given(finite)
def test_fixed_has_two_decimals_and_no_negative_zero(value: float) -> None:
    text = fixed(value)
    assert len(text.partition(".")[2]) == figures.DECIMALS
    assert math.isclose(float(text), float(f"{value:.2f}"))
    assert text != "-0.00"


# --- every output shows its figures through the module -----------------------------------


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, [*args], terminal_width=200)
    assert result.exit_code == 0, result.output
    return result.stdout


def _cells(text: str) -> list[list[str]]:
    """The cells of every row of a rich table in the CLI's output."""
    return [
        [c.strip() for c in line.strip("│").split("│")] for line in text.splitlines() if "│" in line
    ]


def test_the_cli_shows_the_pairs_figures() -> None:
    result = score_event(load_event(MITCHELL))
    assert isinstance(result, PairsResult)
    rows = _cells(_run("pairs", str(MITCHELL)))
    for s in result.standings:
        assert [s.place, s.pair, points(s.total), fixed(s.percent), str(s.boards)] in rows
    traveller = result.traveller(1)
    rows = _cells(_run("pairs", str(MITCHELL), "--traveller", "1"))
    for line in traveller.lines:
        r = line.row
        shown = [signed(r.ns_score), points(line.ns_points), points(line.ew_points)]
        assert [r.ns, r.ew, result_text(r), *shown] in rows  # as the report writes it


def test_the_cli_shows_the_teams_figures() -> None:
    result = score_event(load_event(TEAMS))
    assert isinstance(result, TeamsResult)
    text = _run("teams", str(TEAMS))
    for m in result.matches:
        assert f"{points(m.first_points)}–{points(m.second_points)}" in text
        assert f"{fixed(m.first_vp)}–{fixed(m.second_vp)}" in text
    rows = _cells(text)
    for s in result.standings:
        shown = [fixed(s.vp), points(s.points_for), points(s.points_against), str(s.matches)]
        assert [s.place, s.team, *shown] in rows


def _report_cells(tables: tuple[Table, ...]) -> list[tuple[str, ...]]:
    return [row.cells for table in tables for row in table.rows]


def test_the_report_shows_the_same_figures() -> None:
    """The view model's cells are what both the HTML site and the PDF print."""
    event = Event(load(MITCHELL))
    result = score_event(event)
    assert isinstance(result, PairsResult)
    report = build_report(event)
    index = _report_cells(report.index.tables)
    for s in result.standings:
        assert (s.place, s.pair, "", points(s.total), fixed(s.percent), str(s.boards)) in index
    for traveller, page in zip(result.travellers, report.boards, strict=True):
        lines = _report_cells(page.tables)
        for line in traveller.lines:
            shown = (signed(line.row.ns_score), points(line.ns_points), points(line.ew_points))
            assert any(
                cells[3:] == shown for cells in lines if cells[:2] == (line.row.ns, line.row.ew)
            )


def test_the_report_shows_the_teams_figures() -> None:
    event = load_event(TEAMS)
    result = score_event(event)
    assert isinstance(result, TeamsResult)
    cells = _report_cells(build_report(event).index.tables)
    for s in result.standings:
        shown = (fixed(s.vp), points(s.points_for), points(s.points_against), str(s.matches))
        assert (s.place, s.team, *shown) in cells
    for m in result.matches:
        margin = f"{points(m.first_points)}–{points(m.second_points)}"
        assert (
            str(m.round),
            m.first,
            m.second,
            margin,
            f"{fixed(m.first_vp)}–{fixed(m.second_vp)}",
        ) in cells
