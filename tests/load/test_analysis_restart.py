"""The deals' analysis left "analysing" by a server that stopped mid-way (issue 24) is
started again by the next server, in the background, on SQLite and on PostgreSQL: the
first page asked says "Analysing…" and answers at once; the board page then shows the
grid, kept with one UPDATE that checks the hand records are still the same. Served by two
worker processes, only one of them takes it up (the claim is one UPDATE too)."""

from __future__ import annotations

import json
import re
import subprocess
import time
from pathlib import Path

import pytest

from bridgescore.analysis import solver
from load.load_harness import BIN, Phone, Server, environment

pytestmark = [
    pytest.mark.dd,
    pytest.mark.skipif(not solver.available(), reason="the dd extra (endplay) analyses the deals"),
]

HANDS = Path(__file__).parents[1] / "io" / "data" / "pbn" / "bridgecomposer_2025-12-23.pbn"
BOARDS = 6
"""The file's first boards, those the session's ``mitchell:3x2`` plays (the solver's time
is not what is tested)."""
ANALYSED_SECONDS = 90

_LEFT_ANALYSING = r"""
import json, sys
from bridgescore.web.serve import setup
setup(sys.argv[1])
from django.conf import settings
settings.BRIDGESCORE_ANALYSIS = "off"  # started, then the process stops: left "analysing"
from pathlib import Path
from bridgescore.events.movements.spec import build
from bridgescore.web import clubs, entries, in_play
from bridgescore.web.models import Club, Session
club = Club.objects.create(name="Restart club")
text = Path(sys.argv[2]).read_text(encoding="latin-1")
session = clubs.create_session(club, "Alpine", build("mitchell:3x2"), spec="mitchell:3x2",
                               hands_pbn=text)
entries.record_entry(session, in_play.EntryInput(1, 1, 1, "3NT", "E", "+2"), by_table=True)
entries.change_state(session, Session.State.PUBLISHED)
session.refresh_from_db()
print(json.dumps({"public_id": session.public_id, "state": session.analysis_state}))
"""


def _state(database: str, public_id: str) -> str:
    query = "SELECT analysis_state FROM bridgescore_session WHERE public_id = {}"
    if database.startswith("sqlite:///"):
        import sqlite3

        with sqlite3.connect(database.removeprefix("sqlite:///")) as db:
            row = db.execute(query.format("?"), (public_id,)).fetchone()
    else:
        import psycopg

        with psycopg.connect(database) as pg:
            row = pg.execute(query.format("%s"), (public_id,)).fetchone()
    assert row is not None
    return str(row[0])


def test_an_analysis_left_behind_is_finished_by_the_next_server(
    tmp_path: Path, database: str
) -> None:
    text = HANDS.read_text(encoding="latin-1")
    hands = tmp_path / "hands.pbn"
    hands.write_text(
        text[: text.rindex("\n\n", 0, text.index(f'[Board "{BOARDS + 1}"]'))] + "\n",
        encoding="latin-1",
    )
    made = subprocess.run(
        [str(BIN / "python"), "-c", _LEFT_ANALYSING, database, str(hands)],
        env=environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    left = json.loads(made.stdout.strip().splitlines()[-1])
    assert left["state"] == "analysing"
    public_id = left["public_id"]
    server = Server(tmp_path, database, threads=4, workers=2)
    server.start()
    reader = Phone(server.port, "")
    try:
        asked = time.monotonic()
        status, first = reader.get(f"/r/{public_id}/board-1.html")
        assert status == 200
        assert time.monotonic() - asked < 10  # answered at once, the solver not waited for
        page = first.decode()
        assert '<p class="analysing">Analysing…</p>' in page  # started again by this ask
        deadline = time.monotonic() + ANALYSED_SECONDS
        while '<table class="dd">' not in page and time.monotonic() < deadline:
            assert "Analysing…" in page
            time.sleep(0.5)
            status, body = reader.get(f"/r/{public_id}/board-1.html")
            assert status == 200
            page = body.decode()
        grid = re.search(r'<table class="dd">.*?</table>', page, re.S)
        assert grid is not None, f"not analysed in {ANALYSED_SECONDS} s:\n{server.output()}"
        north = re.search(r'<th scope="row">N</th>((?:<td>\d+</td>)+)', grid[0])
        assert north is not None
        # [DoubleDummyTricks "2563225632b87abb87ab"]: North takes 2 5 6 3 2 in NT S H D C
        assert re.findall(r"\d+", north[1]) == ["2", "5", "6", "3", "2"]
        assert _state(database, public_id) == "done"
    finally:
        reader.close()
        server.stop()
    assert "Traceback" not in server.output()
