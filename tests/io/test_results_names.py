"""The CSV and JSON results files carry the players' names (``# names`` records, a
``participants`` list), written by ``write_event`` and read back by ``load_event``; a file
without them reads as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.events.model import Event, Participant
from bridgescore.events.vocabulary import EventKind
from bridgescore.io.events import load_event, write_event
from bridgescore.io.results import (
    dumps_csv,
    dumps_json,
    load_participants,
    loads_csv,
    participants_csv,
    participants_json,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pairs-mitchell.csv"

NAMES = (
    Participant("1", ("Ann Smith", "Bob Jones")),
    Participant("6", ("Smith, Pat", 'Lee "Lucky" Wu')),
    Participant("7", ("Zoë Ångström",)),
    Participant("8", ()),  # no names yet: listed all the same (an entrant, if only here)
)


def _named(event: Event) -> dict[str, tuple[str, ...]]:
    return {p.id: p.names for p in event.participants}


@pytest.mark.parametrize("suffix", ["csv", "json"])
def test_the_names_go_out_and_come_back(suffix: str, tmp_path: Path) -> None:
    event = load_event(EXAMPLE)
    assert event.participants == ()  # the example names no one
    named = Event(event.results, name="Club night", kind=EventKind.PAIRS, participants=NAMES)
    back = load_event(write_event(named, tmp_path / f"night.{suffix}"))
    assert _named(back) == {
        "1": ("Ann Smith", "Bob Jones"),
        "6": ("Smith, Pat", 'Lee "Lucky" Wu'),
        "7": ("Zoë Ångström",),
        "8": (),
    }
    assert {p.kind for p in back.participants} == {"pair"}
    assert back.results.rows == event.results.rows  # the rows as they were
    again = load_event(write_event(back, tmp_path / f"again.{suffix}"))
    assert again.participants == back.participants


def test_the_csv_names_come_before_the_header_as_csv_records() -> None:
    results = load_event(EXAMPLE).results
    text = dumps_csv(results, about={"event": "Club night"}, participants=NAMES)
    head = text.splitlines()[:5]
    assert head == [
        "# event: Club night",
        "# names,1,Ann Smith,Bob Jones",
        '# names,6,"Smith, Pat","Lee ""Lucky"" Wu"',
        "# names,7,Zoë Ångström",
        "# names,8",
    ]
    assert loads_csv(text).rows == results.rows  # the rows' reader passes them over
    assert participants_csv(text, kind="team") == (
        Participant("1", ("Ann Smith", "Bob Jones"), "team"),
        Participant("6", ("Smith, Pat", 'Lee "Lucky" Wu'), "team"),
        Participant("7", ("Zoë Ångström",), "team"),
        Participant("8", (), "team"),
    )


def test_the_json_names_are_a_participants_list() -> None:
    results = load_event(EXAMPLE).results
    text = dumps_json(results, name="Club night", participants=NAMES)
    assert '"participants": [' in text
    assert participants_json(text) == NAMES
    odd = '{"participants": [{"id": "1", "names": ["Ann"]}, {"names": ["no id"]}, 7,'
    odd += ' {"id": "1", "names": ["again"]}, {"id": 2, "names": "not a list"}], "results": []}'
    assert participants_json(odd) == (Participant("1", ("Ann",)),)  # the rest passed over
    assert participants_json("not json") == ()


def test_a_names_record_without_an_id_is_passed_over(tmp_path: Path) -> None:
    path = tmp_path / "hand.csv"
    path.write_text(
        "# names,,Nobody\n# names,3,Cy\n# names,3,Twice\n# other,4,Di\n"
        "board,ns,ew,score\n1,3,4,100\n# names,5,After the header\n",
        encoding="utf-8",
    )
    assert load_participants(path) == (Participant("3", ("Cy",)),)
    assert _named(load_event(path)) == {"3": ("Cy",)}
