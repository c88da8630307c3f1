"""docs/movements.md's suggestion table is what ``suggest`` puts first, figure for figure:
a change to the ranking or to a generator fails here until the table is written again
(``scripts/suggestion_table.py``)."""

from __future__ import annotations

import re
from pathlib import Path

from bridgescore.events.movements.suggest import TABLE_BOARDS, TABLE_PAIRS, table_rows

DOCS = Path(__file__).parents[3] / "docs" / "movements.md"


def _documented() -> dict[int, list[tuple[str, ...]]]:
    text = DOCS.read_text(encoding="utf-8")
    table = text.split("<!-- suggestion-table")[1].split("<!-- /suggestion-table -->")[0]
    found: dict[int, list[tuple[str, ...]]] = {}
    rows: list[tuple[str, ...]] = []
    for line in table.splitlines():
        heading = re.fullmatch(r"#### (\d+) boards", line)
        if heading:
            rows = found.setdefault(int(heading[1]), [])
        elif line.startswith("| ") and not line.startswith("| pairs"):
            rows.append(tuple(cell.strip() for cell in line.strip("|").split("|")))
    return found


def test_the_docs_table_is_what_suggest_puts_first() -> None:
    documented = _documented()
    assert list(documented) == list(TABLE_BOARDS)
    for boards, rows in documented.items():
        assert [row[0] for row in rows] == [str(p) for p in TABLE_PAIRS]
        assert rows == table_rows(boards), f"{boards} boards: run scripts/suggestion_table.py"
