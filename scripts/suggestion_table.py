"""Write the suggestion table of docs/movements.md: for every club size from 3 to 60 pairs
and each board count of ``TABLE_BOARDS``, the movement ``bridgescore movement suggest`` puts
first (``suggest.table_rows``). tests/events/movements/test_suggest_table.py holds the
docs to the code figure for figure, so run this after a change to the ranking or to a
generator, and commit the docs with it:

    .venv/bin/python scripts/suggestion_table.py          # rewrite docs/movements.md
    .venv/bin/python scripts/suggestion_table.py --check  # exit 1 if the docs differ

Needs nothing beyond bridgescore itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bridgescore.events.movements.suggest import TABLE_BOARDS, table_rows

DOCS = Path(__file__).resolve().parents[1] / "docs" / "movements.md"
START = "<!-- suggestion-table: written by scripts/suggestion_table.py -->"
END = "<!-- /suggestion-table -->"
HEADER = (
    "| pairs | first suggestion | rounds x boards | boards a pair of in play"
    " | shared, factored | balance |"
)


def table() -> str:
    """The table's Markdown, one part for each board count."""
    lines = [START]
    for boards in TABLE_BOARDS:
        lines += ["", f"#### {boards} boards", "", HEADER, "|---:|---|---|---|---|---:|"]
        lines += ["| " + " | ".join(row) + " |" for row in table_rows(boards)]
    lines += ["", END]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    text = DOCS.read_text(encoding="utf-8")
    head, start, rest = text.partition(START)
    _, end, tail = rest.partition(END)
    if not start or not end:
        print(f"{DOCS}: no {START} ... {END} markers", file=sys.stderr)
        return 2
    written = head + table() + tail
    if "--check" in argv:
        return 0 if written == text else 1
    DOCS.write_text(written, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
