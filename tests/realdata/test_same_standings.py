"""One scoring path, every renderer: on every real file in the test data, the command
line (``bridgescore event FILE --json`` and its printed tables), the HTML site
(``bridgescore report FILE --html``) and the web app's path (the library's
``Rescorer`` and the report layout the results page uses) give the same standings.
The batch engine is held to the same ``--json`` in ``tests/batch/test_batch_events.py``.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgescore
from bridgescore.cli.main import cli
from bridgescore.events.pairs import PairsResult
from bridgescore.events.rescoring import Rescorer
from bridgescore.events.scoring import options_for, score_event
from bridgescore.events.teams import TeamsResult
from bridgescore.report.view import index_tables, pairs_pages, teams_pages

TESTS = Path(__file__).resolve().parents[1]
REAL_FILES = sorted(
    [
        *(TESTS / "io" / "data" / "usebio").glob("*.xml"),
        *(TESTS / "io" / "data" / "pbn").glob("*.pbn"),
        *(TESTS / "io" / "data" / "bridgemate").glob("*.bws"),
        *(p for p in (TESTS / "realdata" / "data").rglob("*.pbn") if p.is_file()),
    ]
)


class _Rankings(HTMLParser):
    """The rows of every table on a page whose header starts with ``Place``."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._row is not None and self._cell is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None and self.tables:
            self.tables[-1].append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def rankings(self) -> dict[str, list[str]]:
        """Each ranked contestant's row (by its id, the second cell), with the header."""
        found: dict[str, list[str]] = {}
        for table in self.tables:
            if not table or table[0][:1] != ["Place"]:
                continue
            header = table[0]
            for row in table[1:]:
                found[row[1]] = [*row, *header]
        return found


def _number(text: str) -> float:
    return float(text.replace("−", "-").replace("–", "-"))


def _shown(value: float, text: str) -> bool:
    """``text`` is ``value`` as written with the decimals it shows."""
    decimals = len(text.split(".")[1]) if "." in text else 0
    return bool(abs(_number(text) - value) <= 0.5 * 10**-decimals + 1e-9)


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_cli_the_html_site_and_the_web_path_rank_alike(path: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    # the deals' double-dummy analysis ranks nothing: left out (tests/cli/test_deals_cli.py)
    shown = runner.invoke(cli, ["event", str(path), "--json", "--no-analysis"])
    if shown.exit_code != 0:  # refused alike by every renderer, with the same message
        assert shown.exit_code == 2, shown.output
        site = runner.invoke(
            cli, ["report", str(path), "--html", str(tmp_path / "site"), "--no-analysis"]
        )
        assert site.exit_code == 2
        said = shown.stderr.strip().splitlines()[-1]
        assert said in site.stderr
        return
    participants = json.loads(shown.stdout)["participants"]
    assert participants, path
    # the HTML site: the same place and figures on the index page
    site = runner.invoke(
        cli, ["report", str(path), "--html", str(tmp_path / "site"), "--no-analysis"]
    )
    assert site.exit_code == 0, site.output
    page = _Rankings()
    page.feed((tmp_path / "site" / "index.html").read_text(encoding="utf-8"))
    rows = page.rankings()
    for p in participants:
        row = rows[p["id"]]
        assert row[0] == p["place"], (p["id"], row)
        width = len(row) // 2
        cells, header = row[:width], row[width:]
        total_at = next(i for i, h in enumerate(header) if h in ("MP", "IMPs", "VPs", "Points"))
        assert _shown(p["total"], cells[total_at]), (p["id"], cells, p["total"])
        if p.get("percent") is not None:
            assert _shown(p["percent"], cells[header.index("%")]), (p["id"], cells)
    # the printed tables: every contestant's place and id on one line
    printed = runner.invoke(cli, ["event", str(path), "--no-analysis"])
    assert printed.exit_code == 0
    for p in participants:
        line = rf"│ {re.escape(p['place'])}\s+│ {re.escape(p['id'])}\s+│"
        assert re.search(line, printed.stdout), (p["id"], p["place"])
    # the web app's path: the library's rescorer and the results page's layout
    event = bridgescore.load_event(path)
    options = options_for(event).options
    result = Rescorer().score(event, options)
    assert result == score_event(event)
    if isinstance(result, PairsResult):
        laid_out = pairs_pages(event, result).index.tables
    elif isinstance(result, TeamsResult):
        laid_out = teams_pages(event, result).index.tables
    else:
        return  # an individual's page is built by build_report alone
    wanted = index_tables(event, result)
    assert tuple(t for t in laid_out if not t.navigation)[: len(wanted)] == wanted
