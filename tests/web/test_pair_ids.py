"""A pair's id in the reader's notation on the club's pages (issue 28): a Finnish director or
player reads North-South ``1PE`` and East-West ``1IL``, a Spanish one ``1NS`` and ``1EO``, on
the grid, a table's page, the phone, the pairs and penalties pages, the list of what is
missing, the log and the live ranking; a Howell's pairs as they are. What a page sends and
links (a form's value, a score card's page) and what is kept stay the international id, and
a director may type a pair either way (``1IL`` or ``1EW``)."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable

import pytest
from django.test import Client

from bridgescore.events.movements.spec import build
from bridgescore.web import changes, clubs
from bridgescore.web.models import Club, LogLine, Penalty, Session, SessionPair, TableLink
from web.conftest import play_all

SHOWN = {
    "en": {"1NS": "1NS", "1EW": "1EW", "2EW": "2EW", "3EW": "3EW"},
    "fi": {"1NS": "1PE", "1EW": "1IL", "2EW": "2IL", "3EW": "3IL"},
    "es": {"1NS": "1NS", "1EW": "1EO", "2EW": "2EO", "3EW": "3EO"},
}
"""Pairs of the 3-table Mitchell as each reader reads them."""
VERSUS = {"en": " v ", "fi": " – ", "es": " contra "}
ON_THE_GRID = {"en": " v ", "fi": " – ", "es": " – "}
SIDES = {"en": ("NS", "EW"), "fi": ("PE", "IL"), "es": ("NS", "EO")}
LANGUAGES = tuple(SHOWN)


def _page(client: Client, url: str, language: str) -> str:
    client.cookies["bridgescore_language"] = language
    response = client.get(url)
    assert response.status_code == 200, response.content.decode()[:500]
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_directors_pages_read_a_pair_in_the_directors_notation(
    td: Client, session: Session, language: str
) -> None:
    play_all(session, rounds=1)
    pair = SHOWN[language]
    one, one_ew, three_ew = pair["1NS"], pair["1EW"], pair["3EW"]
    grid = _page(td, f"/director/s/{session.pk}/grid/", language)
    assert f'/cell/1/1/">{one}{ON_THE_GRID[language]}{one_ew}<br>' in grid
    assert f'/cell/2/1/">{one}{ON_THE_GRID[language]}{three_ew}<br>' in grid  # round 2, table 1
    cell = _page(td, f"/director/s/{session.pk}/cell/1/1/", language)
    assert f": {one} – {one_ew}</h1>" in cell
    pairs = _page(td, f"/director/s/{session.pk}/pairs/", language)
    assert f"<tr><td>{one_ew}</td><td>Cy & Di</td>" in pairs
    assert 'name="1EW-a"' in pairs  # the form's field, by the id kept
    penalties = _page(td, f"/director/s/{session.pk}/penalties/", language)
    assert f'<option value="1EW">{one_ew}</option>' in penalties
    closing = td.post(f"/director/s/{session.pk}/state/", {"state": "closed"})
    assert closing.status_code == 200
    missing = html.unescape(closing.content.decode())
    assert f": {one}{VERSUS[language]}{three_ew}, " in missing  # round 2, table 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_phone_and_its_plan_read_the_tables_pairs_in_the_players_notation(
    session: Session, link: Callable[[int], TableLink], language: str
) -> None:
    device = Client()
    device.cookies["bridgescore_language"] = language
    token = link(1).token
    page = _page(device, f"/t/{token}/", language)
    ns, ew = SIDES[language]
    pair = SHOWN[language]
    seated = f'<p class="pairs"><b>{ns} {pair["1NS"]}</b> Ann & Bob <br><b>{ew} {pair["1EW"]}</b>'
    assert seated in page
    plan = json.loads(device.get(f"/t/{token}/plan.json").content)["plan"]
    assert [(r["ns"], r["ew"], r["ns_shown"], r["ew_shown"]) for r in plan] == [
        ("1NS", "1EW", pair["1NS"], pair["1EW"]),  # the ids kept, and as the phone shows them
        ("1NS", "3EW", pair["1NS"], pair["3EW"]),
        ("1NS", "2EW", pair["1NS"], pair["2EW"]),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_ranking_reads_a_pair_in_the_readers_notation_and_links_it_as_kept(
    td: Client, played: Session, language: str
) -> None:
    ranking = _page(Client(), f"/r/{played.public_id}/", language)
    assert f'<a href="pair-1EW.html">{SHOWN[language]["1EW"]}</a>' in ranking
    shown = td.post(f"/director/s/{played.pk}/state/", {"state": "published"}).context["shown"]
    published = {"state": "published", "key": shown.key}
    assert td.post(f"/director/s/{played.pk}/state/", published).status_code == 302
    card = _page(Client(), f"/r/{played.public_id}/pair-1EW.html", language)
    title = {"en": "Pair 1EW", "fi": "Pari 1IL", "es": "Pareja 1EO"}[language]
    assert f"<title>{title}: Cy, Di — Tuesday pairs</title>" in card
    traveller = _page(Client(), f"/r/{played.public_id}/board-1.html", language)
    pair = SHOWN[language]
    assert f'<a href="pair-1NS.html">{pair["1NS"]}</a>' in traveller
    assert f'<a href="pair-1EW.html">{pair["1EW"]}</a>' in traveller


@pytest.mark.parametrize(
    ("language", "typed", "kept"),
    [
        ("fi", "1IL", "1EW"), ("fi", "1il", "1EW"), ("fi", "1EW", "1EW"), ("fi", "2PE", "2NS"),
        ("es", "1EO", "1EW"), ("es", "1 eo", "1EW"), ("es", "1EW", "1EW"), ("es", "2NS", "2NS"),
        ("en", "1EW", "1EW"),
    ],
)  # fmt: skip
def test_a_penalty_names_a_pair_typed_in_either_notation(
    td: Client, session: Session, language: str, typed: str, kept: str
) -> None:
    td.cookies["bridgescore_language"] = language
    form = {"pair": typed, "amount": "1", "unit": "points", "reason": "slow"}
    response = td.post(f"/director/s/{session.pk}/penalties/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Penalty.objects.get(session=session).pair == kept
    log = _page(td, f"/director/s/{session.pk}/penalties/", language)
    assert f"<td>{SHOWN[language].get(kept, kept)}</td><td>1 " in log or kept == "2NS"


@pytest.mark.parametrize(("language", "typed"), [("en", "1IL"), ("en", "1EO"), ("fi", "1EO")])
def test_a_direction_the_reader_does_not_write_names_no_pair(
    td: Client, session: Session, language: str, typed: str
) -> None:
    td.cookies["bridgescore_language"] = language
    form = {"pair": typed, "amount": "1", "unit": "points", "reason": "slow"}
    response = td.post(f"/director/s/{session.pk}/penalties/", form)
    assert response.status_code == 422
    assert not Penalty.objects.filter(session=session).exists()


def test_a_finnish_directors_pair_that_leaves_is_typed_either_way_and_kept_as_its_id(
    td: Client, session: Session
) -> None:
    td.cookies["bridgescore_language"] = "fi"
    for typed in ("2IL", "2il", "2EW"):
        asked = f"/director/s/{session.pk}/change/?kind=missing&pair={typed}&round=2"
        assert "Vaikutus: pari 2IL lähtee kierroksesta 2" in _page(td, asked, "fi")
    fields = {"kind": "missing", "pair": "2IL", "round": "2"}
    key = td.get(f"/director/s/{session.pk}/change/", fields).context["change"].key
    applied = td.post(
        f"/director/s/{session.pk}/change/", {**fields, "key": key, "apply": "1", "reason": "ill"}
    )
    assert applied.status_code == 302
    line = LogLine.objects.get(session=session, what="movement changed")
    assert json.loads(line.detail)["values"]["pair"] == {"notated": "pair", "text": "2EW"}
    assert "2EW" not in [p for r in _rounds(session)[1:] for p in r]  # gone from round 2
    assert "kierto muutettu: pari 2IL lähtee kierroksesta 2" in _page(
        td, f"/director/s/{session.pk}/", "fi"
    )
    assert "movimiento cambiado: la pareja 2EO se retira desde la ronda 2" in _page(
        td, f"/director/s/{session.pk}/", "es"
    )


def _rounds(session: Session) -> list[list[str]]:
    from bridgescore.web.session_movement import movement_of

    session.refresh_from_db()
    return [[p for t in r.tables for p in (t.ns, t.ew)] for r in movement_of(session).rounds]


def test_a_late_pair_typed_in_finnish_is_kept_by_its_international_id(
    td: Client, session: Session
) -> None:
    """Pair 2EW leaves from round 2 and comes back in round 3: a Finnish director types it
    2IL, and it gets its seat back as 2EW."""
    changes.apply_change(session, changes.missing_pair(session, "2EW", 2), "ill", None)
    td.cookies["bridgescore_language"] = "fi"
    fields = {"kind": "late", "pair": "2IL", "round": "3"}
    page = _page(td, f"/director/s/{session.pk}/change/?kind=late&pair=2IL&round=3", "fi")
    assert "Vaikutus: pari 2IL tulee mukaan kierroksesta 3" in page
    key = td.get(f"/director/s/{session.pk}/change/", fields).context["change"].key
    applied = td.post(
        f"/director/s/{session.pk}/change/", {**fields, "key": key, "apply": "1", "reason": "back"}
    )
    assert applied.status_code == 302
    assert "2EW" in _rounds(session)[2]
    assert "2IL" not in {p for r in _rounds(session) for p in r}


@pytest.mark.parametrize(
    ("language", "names"),
    [("fi", "1IL: Eve & Fay\n2pe: Gus & Hal"), ("es", "1EO: Eve & Fay\n2NS: Gus & Hal"),
     ("en", "1EW: Eve & Fay\n2ns: Gus & Hal")],
)  # fmt: skip
def test_a_new_sessions_pairs_are_named_by_ids_typed_in_the_directors_notation(
    td: Client, club: Club, language: str, names: str
) -> None:
    td.cookies["bridgescore_language"] = language
    form = {"club": str(club.pk), "name": "Named", "typed_spec": "mitchell:3x2",
            "sections": "apart", "names": names}  # fmt: skip
    response = td.post("/director/new/", form)
    assert response.status_code == 302, response.content.decode()[:3000]
    named = dict(SessionPair.objects.filter(session__name="Named").values_list("pair", "names"))
    assert (named["1EW"], named["2NS"]) == ("Eve & Fay", "Gus & Hal")


def test_a_howells_pairs_read_as_they_are_in_every_language(td: Client, club: Club) -> None:
    session = clubs.create_session(club, "Howell", build("howell:3x2"), spec="howell:3x2")
    for language in LANGUAGES:
        grid = _page(td, f"/director/s/{session.pk}/grid/", language)
        pairs = _page(td, f"/director/s/{session.pk}/pairs/", language)
        assert "<tr><td>1</td>" in pairs
        assert re.search(r'/cell/1/1/">\d+(?: v | – )\d+<br>', grid)  # no direction to read
        penalties = _page(td, f"/director/s/{session.pk}/penalties/", language)
        assert '<option value="1">1</option>' in penalties
