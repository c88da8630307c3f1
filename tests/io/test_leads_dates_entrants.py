"""Every results format carries the event's date and site, the opening leads, and every
participant (one that played no board too): written by ``write_event``, read back by
``load_event`` to the same rows and the same entrants."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bridgescore.core.hands import Card
from bridgescore.events.model import Event, Participant
from bridgescore.events.pairs import PairsResult
from bridgescore.events.scoring import score_event
from bridgescore.events.vocabulary import EventKind
from bridgescore.io.events import load_event, write_event
from bridgescore.io.results import loads_csv

ROWS = """board,round,table,ns,ew,contract,declarer,result
1,1,1,1NS,1EW,4S,N,10
1,1,2,2NS,2EW,4S,N,9
2,1,1,1NS,1EW,3NT,S,9
2,1,2,2NS,2EW,3NT,S,10
"""
LEADS = ("HK", "SA", "D2", "CT")
ENTRANTS = (
    Participant("1NS", ("Ann", "Bob")),
    Participant("2NS", ()),
    Participant("3NS", ()),  # has played no board
    Participant("1EW", ("Cy", "Di")),
    Participant("2EW", ()),
)


def _event() -> Event:
    results = loads_csv(ROWS)
    rows = tuple(
        replace(row, lead=Card.parse(lead)) for row, lead in zip(results.rows, LEADS, strict=True)
    )
    return Event(
        replace(results, rows=rows),
        name="Club night",
        date="2026-12-01",
        site="Käpylä BC",
        kind=EventKind.PAIRS,
        participants=ENTRANTS,
    )


@pytest.mark.parametrize("suffix", ["csv", "json", "pbn", "xml"])
def test_the_date_the_leads_and_every_pair_come_back(suffix: str, tmp_path: Path) -> None:
    event = _event()
    back = load_event(write_event(event, tmp_path / f"night.{suffix}"))
    assert back.date in ("2026-12-01", "2026.12.01", "01/12/2026")
    assert back.site == "Käpylä BC"
    assert [str(row.lead) for row in back.results.rows] == list(LEADS)
    assert {p.id for p in back.participants} >= {"1NS", "2NS", "3NS", "1EW", "2EW"}
    scored = score_event(back)
    assert isinstance(scored, PairsResult)
    ranked = {s.pair for s in scored.standings}
    assert ranked == {"1NS", "2NS", "3NS", "1EW", "2EW"}  # 3NS, with no board, is ranked too


def test_the_csv_says_the_date_and_site_and_writes_the_lead_last() -> None:
    from bridgescore.io.results import dumps_csv

    text = dumps_csv(_event().results, about={"date": "2026-12-01", "site": "Käpylä BC"})
    assert text.startswith("# date: 2026-12-01\n# site: Käpylä BC\n")
    assert "\n1,1,1,1NS,1EW,4S,N,10,,,None,HK\n" in text
    plain = dumps_csv(loads_csv(ROWS))
    assert ",lead" not in plain  # no lead in any row: no column
