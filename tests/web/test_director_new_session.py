"""Setting up a session on the page: the usual movements for the size offered (14 pairs:
the 7-table Mitchell beside the Howell), any movement typed as a spec, the session's date
(shown on the control page and the results) and the opening-lead rule."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client

from bridgescore.events.movements.model import MovementKind
from bridgescore.events.movements.suggest import name_of, shortlist, suggest
from bridgescore.web import entries, in_play, refusals, session_movement
from bridgescore.web.models import Club, Session, SessionPair, TableLink


def test_fourteen_pairs_are_offered_the_seven_table_mitchell_beside_the_howell(
    td: Client,
) -> None:
    offered = {s.spec: s for s in shortlist(suggest(14, 24))}
    mitchell, howell = offered["mitchell:7x3"], offered["howell:7x2"]
    assert (mitchell.tables, mitchell.rounds, mitchell.boards_per_round) == (7, 7, 3)
    assert mitchell.movement.kind is MovementKind.MITCHELL  # NS and EW: two winners
    assert (howell.tables, howell.rounds, howell.boards_per_round) == (7, 13, 2)
    assert list(offered)[:8] == [s.spec for s in suggest(14, 24)[:8]]  # the best first
    page = td.get("/director/new/", {"pairs": "14", "boards": "24"}).content.decode()
    assert 'value="mitchell:7x3"' in page
    assert 'value="howell:7x2"' in page


def _offered(page: str) -> list[tuple[str, str, str]]:
    """Each movement offered: its name, its figures and its small print (tags dropped)."""
    found = re.findall(
        r'name="spec" value="[^"]*" ?(?:checked)?>\s*<span><b class="name">(.*?)</b>(.*?)<br>'
        r"(.*?)<br><small>(.*?)</small>",
        page,
    )
    return [(name, re.sub("<[^>]+>", "", figures), re.sub("<[^>]+>", "", small))
            for name, _usual, figures, small in found]  # fmt: skip


def test_the_usual_movement_comes_first_named_as_players_name_it(td: Client) -> None:
    page = td.get("/director/new/", {"pairs": "14", "boards": "24"}).content.decode()
    offered = _offered(page)
    assert offered[0] == (
        "Mitchell, two winners, 7 tables",
        "7 rounds × 3 boards; 21 boards a pair; about 157 minutes",
        "balance 0.00: two fields, each line its own winner · mitchell:7x3",
    )
    assert (
        "Howell, 7 tables",
        "13 rounds × 2 boards; 26 boards a pair; about 195 minutes",
        "balance 0.86 of 1: one field, higher is fairer · howell:7x2",
    ) in offered
    assert [name for name, _, _ in offered] == [
        str(name_of(s)) for s in shortlist(suggest(14, 24))
    ]  # the library's order, one ranking
    assert 'value="mitchell:7x3" checked>' in page  # the usual one chosen
    assert page.count("the usual choice for this size") == 1
    names = [name for name, _, _ in offered]
    assert "Mitchell, two winners, 7 tables, 6 rounds" in names
    assert "3/4 Howell, 7 tables, 9 rounds" in names
    assert "Hesitation Mitchell, one winner, 7 tables" in names
    assert "mitchell:<wbr>7x4:<wbr>rounds=6</code>" in page  # wraps at a colon only
    assert "A Mitchell with two winners has 0" in page
    small = td.get("/director/new/", {"pairs": "8", "boards": "24"}).content.decode()
    assert _offered(small)[0][0] == "Howell, 4 tables"  # up to 6 tables, a Howell
    assert "balance 1.00: perfect, every two pairs compared alike" in small


def test_a_large_field_is_offered_two_sections(td: Client) -> None:
    page = td.get("/director/new/", {"pairs": "32", "boards": "24"}).content.decode()
    assert _offered(page)[0][0] == "2 sections, each: Mitchell, two winners, 8 tables"
    assert "One session in sections: mitchell:8x3 + mitchell:8x3" in page


def test_the_names_and_balance_are_said_in_finnish_and_spanish(td: Client) -> None:
    for language, mitchell, balance in (
        ("fi", "Mitchell, kaksi voittajaa, 7 pöytää", "tasapaino 0,00"),
        ("es", "Mitchell, dos ganadores, 7 mesas", "equilibrio 0,00"),
    ):
        td.cookies["bridgescore_language"] = language
        page = td.get("/director/new/", {"pairs": "14", "boards": "24"}).content.decode()
        assert _offered(page)[0][0] == mitchell
        assert _offered(page)[0][2].startswith(balance)


def test_any_movement_can_be_typed_as_a_spec(td: Client, club: Club) -> None:
    page = td.get("/director/new/").content.decode()
    assert 'name="typed_spec"' in page  # no sizes asked first
    for example in ("mitchell:7x3", "howell:5x4", "mitchell:7x3:relay"):
        assert f"<code>{example}</code>" in page
    form = {"club": str(club.pk), "name": "Typed", "typed_spec": "  Howell:5x4 "}
    assert td.post("/director/new/", form).status_code == 302
    typed = Session.objects.get(name="Typed")
    assert typed.spec == "howell:5x4"
    assert TableLink.objects.filter(session=typed).count() == 5
    assert SessionPair.objects.filter(session=typed).count() == 10
    chosen = {**form, "name": "Over the choice", "spec": "howell:7x2",
              "typed_spec": "mitchell:7x3:relay"}  # fmt: skip
    assert td.post("/director/new/", chosen).status_code == 302
    relay = Session.objects.get(name="Over the choice")
    assert relay.spec == "mitchell:7x3:relay"  # the typed one, not the choice
    assert len(session_movement.movement_of(relay).rounds) == 7
    wrong = td.post("/director/new/", {**form, "typed_spec": "mitchel:7x3"})
    assert wrong.status_code == 422
    assert "unknown kind &#x27;mitchel&#x27;" in wrong.content.decode()


@pytest.mark.parametrize(
    ("typed", "tables", "pairs"),
    [
        ("bump-mitchell:7x3", 7, 15),
        ("scrambled-mitchell:9x3", 9, 18),
        ("appendix-mitchell:9x3", 9, 18),
        ("three-quarter-howell:6x3:rounds=9", 6, 12),
        ("barometer-howell:5x3", 5, 10),
    ],
)
def test_each_new_kind_can_be_typed(
    td: Client, club: Club, typed: str, tables: int, pairs: int
) -> None:
    form = {"club": str(club.pk), "name": typed, "typed_spec": typed}
    assert td.post("/director/new/", form).status_code == 302
    session = Session.objects.get(name=typed)
    assert session.spec == typed
    assert TableLink.objects.filter(session=session).count() == tables
    assert SessionPair.objects.filter(session=session).count() == pairs


def test_a_bad_spec_is_refused_in_the_directors_language(td: Client, club: Club) -> None:
    form = {"club": str(club.pk), "name": "Bad", "typed_spec": "appendix-mitchell:9x3:base=9"}
    for language, says in (
        (None, "base must be fewer than the 9 tables (the rest are appendix tables), got 9"),
        ("fi", "base-arvon on oltava pienempi kuin 9 pöytää (loput ovat lisäpöytiä), saatiin 9"),
        ("es", "base debe ser menor que las 9 mesas (las demás son mesas anexas), se recibió 9"),
    ):
        if language:
            td.cookies["bridgescore_language"] = language
        refused = td.post("/director/new/", form)
        assert refused.status_code == 422
        assert says in refused.content.decode()
    assert not Session.objects.filter(name="Bad").exists()


def test_the_date_and_the_lead_rule_are_kept_and_shown(td: Client, club: Club) -> None:
    form = {"club": str(club.pk), "name": "Club night", "typed_spec": "mitchell:3x2",
            "date": "2025-03-18", "lead_rule": "required",
            "names": "1NS: Ann Smith & Bob Jones\n\n2EW: Cy Young & Di Prince"}  # fmt: skip
    assert td.post("/director/new/", form).status_code == 302
    night = Session.objects.get(name="Club night")
    assert night.date == datetime.date(2025, 3, 18)
    assert night.lead_rule == Session.LeadRule.REQUIRED
    names = dict(SessionPair.objects.filter(session=night).values_list("pair", "names"))
    assert (names["1NS"], names["2EW"], names["3NS"]) == (
        "Ann Smith & Bob Jones",
        "Cy Young & Di Prince",
        "",
    )
    control = td.get(f"/director/s/{night.pk}/").content.decode()
    assert '<time datetime="2025-03-18">Tuesday 18 March 2025</time>' in control
    assert "opening lead: required, and in the leader&#x27;s hand" in control
    listed = td.get("/director/").content.decode()
    assert '<time datetime="2025-03-18">Tue 18 Mar 2025</time>' in listed
    with pytest.raises(refusals.EntryError, match="choose the opening lead"):  # it is required
        entries.record_entry(night, in_play.EntryInput(1, 1, 1, "4S", "N", "="), by_table=True)
    led = in_play.EntryInput(1, 1, 1, "4S", "N", "=", lead="HK")
    entries.record_entry(night, led, by_table=True)
    results = td.get(f"/r/{night.public_id}/").content.decode()
    assert "Riverside BC · 2025-03-18" in results
    assert in_play.event_of(night).date == "2025-03-18"
    plain = {**form, "name": "Default night", "date": "", "lead_rule": ""}
    assert td.post("/director/new/", plain).status_code == 302
    default = Session.objects.get(name="Default night")
    assert default.date == datetime.date.today()
    assert default.lead_rule == Session.LeadRule.WARN
    page = td.get("/director/new/").content.decode()
    assert f'name="date" type="date" value="{datetime.date.today().isoformat()}"' in page
    assert 'value="warn" checked' in page


def test_a_teams_session_is_dated_too(td: Client, club: Club) -> None:
    form = {"club": str(club.pk), "teams": "2", "name": "Cup", "schedule": "robin",
            "boards": "8", "team-1": "Aces", "team-2": "Kings",
            "date": "2024-11-05"}  # fmt: skip
    assert td.post("/director/new/teams/", form).status_code == 302
    cup = Session.objects.get(name="Cup")
    assert cup.date == datetime.date(2024, 11, 5)
    assert "Tuesday 5 November 2024" in td.get(f"/director/s/{cup.pk}/").content.decode()
