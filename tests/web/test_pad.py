"""The score pad's server side: ``POST /pad/sheet.json`` draws the library's sheet from the
deals the phone keeps, refuses bad input with a 4xx naming the deal and the field, and a
shared game is read-only to everyone but the phone holding its key.

The rubber is "Puntuación de puente"'s six-deal example ("Un ejemplo de goma",
``/work/shared/seeds/001_c3ab71ce81d502ab.txt``), South keeping score ("We" = NS). Each
deal's figures below are the text's: its table's "Oferta Total NS/EW" columns and the
narrative's above/below split, not the library's output.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from bridgescore.web.models import PadGame

pytestmark = pytest.mark.django_db

SPANISH_RUBBER: tuple[dict[str, str], ...] = (
    # 1 norte 2NT, hecho 3: 70 below, 30 above
    {"declarer": "N", "level": "2", "strain": "NT", "tricks": "9"},
    # 2 W 4♥ hecho 4: 120 below, EW's first game, NS's 70 cut
    {"declarer": "W", "level": "4", "strain": "H", "tricks": "10"},
    # 3 W 5♣ abajo 2, EW vulnerable: 200 to NS above
    {"declarer": "W", "level": "5", "strain": "C", "tricks": "9"},
    # 4 S 4♠X hecho 5, NS not vulnerable: 240 below, 100 + 50 above
    {"declarer": "S", "level": "4", "strain": "S", "doubled": "X", "tricks": "11"},
    # 5 norte 3♣ hecho 4: 60 below, 20 above
    {"declarer": "N", "level": "3", "strain": "C", "tricks": "10"},
    # 6 mi (E) 6♦ hecho 6, five honours: 120 below, 750 + 150 above, EW's second game
    {"declarer": "E", "level": "6", "strain": "D", "tricks": "12",
     "honours_side": "EW", "honours": "150"},
)  # fmt: skip

TEXT_PER_DEAL = [(100, 0), (0, 120), (200, 0), (390, 0), (80, 0), (0, 1020)]
"""The text's "Oferta Total NS" and "Oferta Total EW" for each deal."""
TEXT_BELOW = [(70, 0), (0, 120), (0, 0), (240, 0), (60, 0), (0, 120)]
TEXT_ABOVE = [(30, 0), (0, 0), (200, 0), (150, 0), (20, 0), (0, 900)]
TEXT_RUBBER_BONUS = ("EW", 500)
TEXT_TOTALS = {"NS": 770, "EW": 1640}


def totals_shown(page: str) -> tuple[int, int]:
    """The sheet's totals as drawn (the rubber being played, or the Chicagos)."""
    ns = re.search(r'id="total-ns" data-side="NS">(\d+)<', page)
    ew = re.search(r'id="total-ew" data-side="EW">(\d+)<', page)
    assert ns is not None, page
    assert ew is not None, page
    return int(ns.group(1)), int(ew.group(1))


def cells(page: str, selector_class: str) -> list[tuple[str, str, int]]:
    """Every cell of a class drawn: (side, deal, points)."""
    found = re.findall(
        rf'<td class="num {selector_class}[^"]*" data-side="(\w+)" data-deal="(\w+)"[^>]*>'
        r'(?:<small class="tag">[^<]*</small> <span class="pts">)?(\d+)',
        page,
    )
    return [(side, deal, int(points)) for side, deal, points in found]


def posted(deals: tuple[dict[str, str], ...] | list[dict[str, str]], **game: str) -> dict[str, str]:
    """The fields as the pad posts them."""
    data = {"kind": "rubber", "deal-TOTAL_FORMS": str(len(deals)), "deal-INITIAL_FORMS": "0"}
    data.update(game)
    for n, deal in enumerate(deals):
        data.update({f"deal-{n}-{name}": value for name, value in deal.items()})
    return data


def sheet(client: Client, deals: Any, status: int = 200, **game: str) -> dict[str, Any]:
    answer = client.post("/pad/sheet.json", posted(deals, **game))
    assert answer.status_code == status, answer.content
    assert answer["Content-Type"] == "application/json"
    found: dict[str, Any] = json.loads(answer.content)
    return found


def test_the_spanish_rubber_gives_the_texts_figures_deal_by_deal(client: Client) -> None:
    for upto in range(1, len(SPANISH_RUBBER) + 1):
        drawn = sheet(client, SPANISH_RUBBER[:upto])
        row = drawn["rows"][upto - 1]
        assert (row["points"]["NS"], row["points"]["EW"]) == TEXT_PER_DEAL[upto - 1]
        assert (row["below"]["NS"], row["below"]["EW"]) == TEXT_BELOW[upto - 1]
        assert (row["above"]["NS"], row["above"]["EW"]) == TEXT_ABOVE[upto - 1]
    assert drawn["totals"] == TEXT_TOTALS
    assert drawn["complete"]
    assert drawn["winner"] == "EW"
    assert drawn["ended"] == {"title": "Rubber over", "totals": TEXT_TOTALS, "winner": "EW",
                              "margin": 870, "result": "EW win by 870"}  # fmt: skip
    # the evening goes on with the same players: the next deal is the second rubber's first
    # (the evening's seventh: South deals, the deal passing to the left from rubber to rubber)
    assert drawn["next"] == {"number": 1, "rubber": 2, "label": "Rubber 2, deal 1", "dealer": "S",
                             "dealer_shown": "S", "vulnerability": "nobody vulnerable"}  # fmt: skip
    bonuses = [(side, e["points"]) for side in ("NS", "EW") for e in drawn["above"][side]
               if e["deal"] is None]  # fmt: skip
    assert bonuses == [TEXT_RUBBER_BONUS]


def test_the_sheet_is_drawn_as_players_draw_it(client: Client) -> None:
    drawn = sheet(client, SPANISH_RUBBER)
    games = drawn["games"]
    # the text: a line under deal 2 (EW's game, NS's 70 cut), deal 4 (NS), deal 6 (EW)
    assert [g["won_by"] for g in games] == ["EW", "NS", "EW"]
    assert games[0]["NS"] == [
        {"points": 70, "what": "contract points", "deal": 1, "side": "NS", "cut": True}
    ]
    assert [e["points"] for e in games[0]["EW"]] == [120]
    assert [(e["points"], e["cut"]) for e in games[2]["NS"]] == [(60, True)]
    # vulnerability as the text has it: EW from deal 3, both from deal 5
    assert [r["vulnerability"] for r in drawn["rows"]] == [
        "nobody vulnerable", "nobody vulnerable", "EW vulnerable", "EW vulnerable",
        "both vulnerable", "both vulnerable",
    ]  # fmt: skip
    # the deal passes to the left; after deal 2 the next is deal 3, South deals, EW vulnerable
    after_two = sheet(client, SPANISH_RUBBER[:2])
    assert after_two["next"] == {"number": 3, "rubber": 1, "label": "Deal 3", "dealer": "S",
                                 "dealer_shown": "S", "vulnerability": "EW vulnerable"}  # fmt: skip
    assert sheet(client, SPANISH_RUBBER[:2], dealer="E")["next"]["dealer"] == "W"


def test_a_correction_of_deal_two_recomputes_everything_after_it(client: Client) -> None:
    corrected = list(SPANISH_RUBBER[:3])
    corrected[1] = {"declarer": "W", "level": "3", "strain": "H", "tricks": "10"}  # 3♥ +1
    drawn = sheet(client, corrected)
    # no game for EW now: not vulnerable on deal 3, so two down costs them 100, not 200
    assert drawn["rows"][2]["above"] == {"NS": 100, "EW": 0}
    assert drawn["games_won"] == {"NS": 0, "EW": 0}
    assert drawn["next"]["vulnerability"] == "nobody vulnerable"


def test_an_unfinished_rubber_scores_the_librarys_bonuses(client: Client) -> None:
    # "si solo un lado ha ganado un juego, anota 300 puntos": EW alone have a game
    drawn = sheet(client, SPANISH_RUBBER[:3], stopped="1")
    bonuses = [(side, e["points"]) for side in ("NS", "EW") for e in drawn["above"][side]
               if e["deal"] is None]  # fmt: skip
    assert bonuses == [("EW", 300)]
    assert drawn["over"]
    assert drawn["next"] is None


def test_a_chicago_takes_the_variants(client: Client) -> None:
    # "Bridgen pistelasku": deal 2's dealer (East) has the opponents (NS) vulnerable
    deals = [{"declarer": "N", "level": "2", "strain": "H", "tricks": "8"},
             {"declarer": "S", "level": "2", "strain": "S", "tricks": "8"}]  # fmt: skip
    duplicate = sheet(client, deals, kind="chicago")
    assert [r["points"]["NS"] for r in duplicate["rows"]] == [110, 110]
    assert [r["vulnerability"] for r in duplicate["rows"]] == ["nobody vulnerable", "NS vulnerable"]
    classic = sheet(client, deals, kind="chicago", scoring="classic")
    # 60, then 60 + the game NS complete vulnerable: 500
    assert [r["points"]["NS"] for r in classic["rows"]] == [60, 560]
    dealer = sheet(client, deals, kind="chicago", vulnerability="dealer")
    assert dealer["rows"][1]["vulnerability"] == "EW vulnerable"
    assert duplicate["next"] == {"number": 3, "round": 1, "label": "Deal 3", "dealer": "S",
                                 "dealer_shown": "S", "vulnerability": "EW vulnerable"}  # fmt: skip


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"tricks": "14"}, "deal 3, tricks: a deal has 13 tricks, so at most 13"),
        ({"tricks": "-1"}, "deal 3, tricks: at least 0"),
        ({"strain": "NT", "honours_side": "NS", "honours": "100"},
         "deal 3, honours NS 100 at 5NT: at notrump only the four aces in one hand count, for 150"),
        ({"honours_side": "NS", "honours": "120"}, "deal 3, honours: not one of the choices"),
        ({"honours_side": "NS"}, "deal 3, honours: give the side that held them and 100 or 150"),
        ({"level": "8"}, "deal 3, level: not one of the choices"),
        ({"declarer": "X"}, "deal 3, declarer: not one of the choices"),
        ({"tricks": ""}, "deal 3, tricks: choose one"),
    ],
)  # fmt: skip
def test_bad_input_is_a_4xx_naming_the_deal_and_the_field(
    client: Client, change: dict[str, str], said: str
) -> None:
    deals = [dict(d) for d in SPANISH_RUBBER]
    deals[2].update(change)
    assert sheet(client, deals, status=422) == {"error": said}


def test_the_evenings_rubbers_are_one_session(client: Client) -> None:
    # after the text's rubber the same four play on: 1♥ by N one down (EW 50), then 3NT
    # by S made (NS 100 below: a game), 4♠ by N made (NS's second game: 700, two to none)
    evening = [*SPANISH_RUBBER, {"declarer": "N", "level": "1", "strain": "H", "tricks": "6"},
               {"declarer": "S", "level": "3", "strain": "NT", "tricks": "9"},
               {"declarer": "N", "level": "4", "strain": "S", "tricks": "10"}]  # fmt: skip
    drawn = sheet(client, evening[:7])
    assert drawn["rubber"] == 2
    # deals are numbered within their rubber: the evening's seventh is the second's first
    seventh = drawn["rows"][6]
    assert (seventh["number"], seventh["rubber"], seventh["in_rubber"]) == (7, 2, 1)
    assert seventh["label"] == "Rubber 2, deal 1"
    assert seventh["points"] == {"NS": 0, "EW": 50}
    assert drawn["totals"] == {"NS": 0, "EW": 50}  # the rubber being played
    assert drawn["evening"]["totals"] == {"NS": 770, "EW": 1640 + 50}
    assert drawn["above"]["EW"] == [{"points": 50, "what": "undertricks", "deal": 1, "side": "EW"}]
    assert drawn["next"]["label"] == "Rubber 2, deal 2"
    assert drawn["ended"] is None
    done = sheet(client, evening)
    # rubber 2: NS 100 + 120 below and 700 for the rubber (EW without a game)
    assert done["totals"] == {"NS": 100 + 120 + 700, "EW": 50}
    assert [r["totals"] for r in done["rubbers"]] == [TEXT_TOTALS, {"NS": 920, "EW": 50}]
    assert [r["result"] for r in done["rubbers"]] == ["EW win by 870", "NS win by 870"]
    assert done["evening"] == {"games": 2, "totals": {"NS": 770 + 920, "EW": 1640 + 50},
                               "net": {"NS": 0, "EW": 0}}  # fmt: skip
    # a correction in the first rubber works the second out again
    corrected = [dict(d) for d in evening]
    corrected[5] = {"declarer": "E", "level": "6", "strain": "D", "tricks": "12"}  # no honours
    assert sheet(client, corrected)["evening"]["totals"] == {"NS": 1690, "EW": 1690 - 150}
    # play stopped: no next deal
    stopped = sheet(client, evening[:7], stopped="1")
    assert stopped["over"]
    assert stopped["next"] is None


def test_bad_settings_are_refused(client: Client) -> None:
    assert sheet(client, [], status=422, kind="whist") == {"error": "Game: not one of the choices"}
    assert sheet(client, [], status=422, laws="1066") == {"error": "Laws: not one of the choices"}
    missing = client.post("/pad/sheet.json", {"kind": "rubber"})
    assert missing.status_code == 422
    assert "the deals cannot be read" in json.loads(missing.content)["error"]
    assert client.get("/pad/sheet.json").status_code == 405


def test_a_shared_game_is_read_only_to_its_link(client: Client) -> None:
    names = {"north": "Ana", "east": "Eero", "south": "Sofía", "west": "Wilma"}
    answer = client.post("/pad/share/", {**posted(SPANISH_RUBBER[:5]), **names})
    assert answer.status_code == 200
    shared = json.loads(answer.content)
    link, key = shared["link"], shared["key"]
    page = client.get(link).content.decode()
    assert "Ana &amp; Sofía" in page
    assert "Eero &amp; Wilma" in page
    assert totals_shown(page) == (770, 120)  # 100 + 200 + 390 + 80
    qr = client.get(shared["qr"])
    assert qr["Content-Type"] == "image/svg+xml"
    # a standalone SVG document, which a browser draws as an image (an inline one it does not)
    assert b'xmlns="http://www.w3.org/2000/svg"' in qr.content
    assert qr.content.startswith(b"<?xml")
    # another phone (no key, or a wrong one) changes nothing
    six = {**posted(SPANISH_RUBBER), **names, "game": shared["game"]}
    assert client.post("/pad/share/", six).status_code == 403
    assert client.post("/pad/share/", {**six, "key": "guess"}).status_code == 403
    assert len(PadGame.objects.get().deals) == 5
    # the sharing phone, with its key, brings it up to date
    assert client.post("/pad/share/", {**six, "key": key}).status_code == 200
    page = client.get(link).content.decode()
    assert totals_shown(page) == (770, 1640)
    assert client.post(link).status_code == 405
    assert client.get("/pad/g/nosuchgame/").status_code == 404


def test_one_address_shares_so_many_new_games_an_hour(client: Client) -> None:
    from bridgescore.web.pad.views import SHARES_AN_HOUR

    game = posted(SPANISH_RUBBER[:2])
    for _ in range(SHARES_AN_HOUR):
        assert client.post("/pad/share/", game).status_code == 200
    refused = client.post("/pad/share/", game)
    assert refused.status_code == 429
    assert "too many games shared from here this hour" in refused.content.decode()
    assert PadGame.objects.count() == SHARES_AN_HOUR
    # a game already shared is still brought up to date by its phone
    first = PadGame.objects.order_by("pk").first()
    assert first is not None
    again = {**posted(SPANISH_RUBBER[:3]), "game": first.public_id, "key": first.key}
    assert client.post("/pad/share/", again).status_code == 200


def test_the_pad_and_its_app_files_are_served(client: Client) -> None:
    assert client.get("/pad/").status_code == 200
    worker = client.get("/pad/sw.js")
    assert worker.content.startswith(b"// bridgescore ")
    assert b'missing: "No connection, and the pad is not kept on this phone yet."' in worker.content
    finnish = client.get("/pad/sw.js", HTTP_ACCEPT_LANGUAGE="fi").content.decode()
    assert "No connection" not in finnish
    assert 'missing: "' in finnish
    manifest = json.loads(client.get("/pad/manifest.webmanifest").content)
    assert manifest["scope"] == "/pad/"
    assert client.get("/pad/jsi18n/").status_code == 200


FINNISH_CHICAGO: tuple[tuple[dict[str, str], int, int], ...] = (
    # "Bridgen pistelasku" (/work/shared/seeds/000_10e1ad72fd91f756.txt): its schedule
    # ("Jakojen vyöhykkeet ja jakajat": deal 1 North deals, nobody vulnerable; 2 East deals,
    # the dealer's opponents NS vulnerable; 3 South deals, EW vulnerable; 4 West, everybody)
    # with its worked examples ("Esimerkkejä") played where their vulnerability falls.
    # 1: '1 risti kotiin 7 tikillä ... = 70 pistettä'
    ({"declarer": "N", "level": "1", "strain": "C", "tricks": "7"}, 70, 0),
    # 2: '1 sangi kotiin 9 tikillä, vaaravyöhykkeessä ... = 150 pistettä'
    ({"declarer": "S", "level": "1", "strain": "NT", "tricks": "9"}, 150, 0),
    # 3: '3 sangia kotiin 9 tikillä, vaaravyöhykkeessä ... = 600 pistettä'
    ({"declarer": "E", "level": "3", "strain": "NT", "tricks": "9"}, 0, 600),
    # 4: '2 ristiä vastakahdennettuna kotiin 9 tikillä vaaravyöhykkeessä ... = 1160 pistettä'
    ({"declarer": "W", "level": "2", "strain": "C", "doubled": "XX", "tricks": "9"}, 0, 1160),
    # the second Chicago, the same four players
    # 5: '1 risti kotiin 7 tikillä' again, by East: 70
    ({"declarer": "E", "level": "1", "strain": "C", "tricks": "7"}, 0, 70),
    # 6: '1 sangi vastakahdennettuna kotiin 13 tikillä vaaravyöhykkeessä': the text says 3120,
    # a slip: 160 (40 x 4) + 100 + 500 + 2400 = 3160 (tests/scoring/test_seed_examples.py)
    ({"declarer": "N", "level": "1", "strain": "NT", "doubled": "XX", "tricks": "13"}, 3160, 0),
    # 7: '7 sangia vastakahdennettuna, 13 pietiä vaaravyöhykkeessä ... = 7600 pistettä'
    ({"declarer": "W", "level": "7", "strain": "NT", "doubled": "XX", "tricks": "0"}, 7600, 0),
    # 8: '6 pataa kotiin 13 tikillä, vaaravyöhykkeessä ... = 1460 pistettä'
    ({"declarer": "S", "level": "6", "strain": "S", "tricks": "13"}, 1460, 0),
)
FINNISH_SCHEDULE = [("N", "nobody vulnerable"), ("E", "NS vulnerable"), ("S", "EW vulnerable"),
                    ("W", "both vulnerable")] * 2  # fmt: skip


def test_the_finnish_chicago_gives_the_texts_figures_deal_by_deal(client: Client) -> None:
    deals = [deal for deal, _ns, _ew in FINNISH_CHICAGO]
    for upto in range(1, len(deals) + 1):
        drawn = sheet(client, deals[:upto], kind="chicago")
        row = drawn["rows"][upto - 1]
        _deal, ns, ew = FINNISH_CHICAGO[upto - 1]
        assert (row["points"]["NS"], row["points"]["EW"]) == (ns, ew), f"deal {upto}"
        assert (row["dealer"], row["vulnerability"]) == FINNISH_SCHEDULE[upto - 1]
        if upto % 4:
            assert drawn["ended"] is None
            assert drawn["status"] == f"Chicago {upto // 4 + 1}, deal {upto % 4 + 1} of 4"
        if upto == 4:
            # the end of the first Chicago: its final score and who won
            assert drawn["ended"] == {"title": "Chicago 1 over", "totals": {"NS": 220, "EW": 1760},
                                      "winner": "EW", "margin": 1540,
                                      "result": "EW win by 1540"}  # fmt: skip
            # a new Chicago with the same players: North deals again, nobody vulnerable,
            # the deals numbered from 1 again
            assert drawn["next"] == {
                "number": 1,
                "round": 2,
                "label": "Chicago 2, deal 1",
                "dealer": "N",
                "dealer_shown": "N",
                "vulnerability": "nobody vulnerable",
            }
    assert drawn["ended"]["title"] == "Chicago 2 over"
    assert drawn["ended"]["totals"] == {"NS": 3160 + 7600 + 1460, "EW": 70}
    assert [r["totals"] for r in drawn["rounds"]] == [{"NS": 220, "EW": 1760},
                                                      {"NS": 12220, "EW": 70}]  # fmt: skip
    # the evening, as the library adds it up
    assert drawn["evening"] == {"games": 2, "totals": {"NS": 12440, "EW": 1830},
                                "net": {"NS": 10610, "EW": -10610}}  # fmt: skip


@pytest.mark.parametrize(
    ("language", "change", "said"),
    [
        ("fi", {"tricks": "14"}, "jako 3, tikit: jaossa on 13 tikkiä, joten enintään 13"),
        ("es", {"tricks": "14"}, "mano 3, bazas: una mano tiene 13 bazas, así que como mucho 13"),
        ("fi", {"strain": "NT", "honours_side": "NS", "honours": "100"},
         "jako 3, honöörit NS 100 sitoumuksessa 5NT: sangissa lasketaan vain neljä ässää"
         " samassa kädessä, 150 pistettä"),
        ("es", {"strain": "NT", "honours_side": "NS", "honours": "100"},
         "mano 3, honores NS 100 en 5NT: en sin triunfo solo cuentan los cuatro ases en una"
         " mano, 150 puntos"),
        ("es", {"level": "8"}, "mano 3, nivel: no es ninguna de las opciones"),
    ],
)  # fmt: skip
def test_bad_input_is_answered_in_the_players_language(
    client: Client, language: str, change: dict[str, str], said: str
) -> None:
    deals = [dict(d) for d in SPANISH_RUBBER]
    deals[2].update(change)
    answer = client.post("/pad/sheet.json", posted(deals), HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 422
    assert json.loads(answer.content) == {"error": said}


def test_a_sheet_is_drawn_in_the_players_language(client: Client) -> None:
    answer = client.post("/pad/sheet.json", posted(SPANISH_RUBBER[:2]), HTTP_ACCEPT_LANGUAGE="es")
    drawn = json.loads(answer.content)
    assert drawn["games"][0]["NS"][0]["what"] == "puntos de contrato"
    assert drawn["above"]["NS"][0]["what"] == "bazas de más"
    assert drawn["next"]["vulnerability"] == "EO vulnerables"


NEXT_RUBBER = (
    # after the text's rubber the same four play on: 1♥ by N one down (EW 50), 3NT by S
    # made (NS 100 below: a game), 4♠ by N made (NS's second game, EW none: 700)
    {"declarer": "N", "level": "1", "strain": "H", "tricks": "6"},
    {"declarer": "S", "level": "3", "strain": "NT", "tricks": "9"},
    {"declarer": "N", "level": "4", "strain": "S", "tricks": "10"},
)


def share(client: Client, deals: Any, **game: str) -> str:
    names = {"north": "Ana", "east": "Eero", "south": "Sofía", "west": "Wilma"}
    answer = client.post("/pad/share/", {**posted(deals, **game), **names})
    assert answer.status_code == 200, answer.content
    return str(client.get(json.loads(answer.content)["link"]).content.decode())


def test_the_shared_page_is_the_sheet_with_each_rubber_and_the_evenings_total(
    client: Client,
) -> None:
    page = share(client, [*SPANISH_RUBBER, *NEXT_RUBBER])
    # each rubber drawn, with its own result and its rubber bonus
    assert "<b>Rubber 1</b>: EW win by 870" in page
    assert '<h2 class="rubber-title" data-rubber="2">Rubber 2</h2>' in page
    bonuses = cells(page, "above bonus")
    assert [(side, points) for side, _deal, points in bonuses] == [("EW", 500), ("NS", 700)]
    assert "rubber bonus</small>" in page
    # above the line each entry says its deal, numbered within its rubber
    above = cells(page, "above")
    assert ("NS", "4", 100) in above  # rubber 1, deal 4: the overtrick doubled
    assert ("NS", "4", 50) in above  # and the insult
    assert ("EW", "1", 50) in above  # rubber 2, deal 1: one down
    assert '<small class="tag">deal 4</small> <span class="pts">100</span>' in page
    # the rubber being played, then the evening: the rubbers' totals and their sum
    assert totals_shown(page) == (100 + 120 + 700, 50)
    rubbers = re.findall(
        r'<tr data-rubber="(\d)"><td>Rubber \d</td><td class="num" data-side="NS">(\d+)</td>'
        r'<td class="num" data-side="EW">(\d+)</td>',
        page,
    )
    assert rubbers == [("1", "770", "1640"), ("2", "920", "50")]
    assert 'id="evening-ns" data-side="NS">1690<' in page  # 770 + 920
    assert 'id="evening-ew" data-side="EW">1690<' in page  # 1640 + 50
    assert ">2 rubbers<" in page
    assert '<meta http-equiv="refresh" content="30">' in page
    assert "Rubber 2, deal 1: 1♥N-1" in page


def test_a_shared_chicago_has_each_chicagos_subtotal_and_winner(client: Client) -> None:
    page = share(client, [deal for deal, _ns, _ew in FINNISH_CHICAGO], kind="chicago")
    subtotals = re.findall(
        r'<tr class="round-total" data-round="(\d)"><td colspan="2">([^<]*)</td>'
        r'<td class="num" data-side="NS">(\d+)</td><td class="num" data-side="EW">(\d+)</td>',
        page,
    )
    assert subtotals == [
        ("1", "Chicago 1: EW win by 1540", "220", "1760"),
        ("2", "Chicago 2: NS win by 12150", "12220", "70"),
    ]
    assert totals_shown(page) == (12440, 1830)
    assert "Chicago 2, deal 4: 6♠S+1" in page


def test_we_may_be_east_west(client: Client) -> None:
    drawn = sheet(client, SPANISH_RUBBER, we="EW")
    assert drawn["we"] == "EW"
    assert drawn["columns"] == ["EW", "NS"]
    assert drawn["total_columns"] == [["EW", 1640], ["NS", 770]]
    # the figures are the same; only the columns change places
    assert drawn["totals"] == TEXT_TOTALS
    first = re.search(r'<th class="num" id="total-(\w+)"', drawn["html"])
    assert first is not None
    assert first.group(1) == "ew"
    page = share(client, SPANISH_RUBBER, we="EW")
    assert "<b>We</b> Eero &amp; Wilma · <b>They</b> Ana &amp; Sofía" in page
    assert sheet(client, [], status=422, we="WE") == {"error": "We are: not one of the choices"}


def test_a_chicago_without_honours_refuses_a_claim(client: Client) -> None:
    claimed = [{"declarer": "N", "level": "4", "strain": "S", "tricks": "10",
                "honours_side": "NS", "honours": "100"}]  # fmt: skip
    # scored each deal on its own, as at duplicate: no honours unless the players say so
    assert sheet(client, claimed, status=422, kind="chicago") == {
        "error": "deal 1, honours: this Chicago is scored without honours"
    }
    assert sheet(client, claimed, status=422, kind="chicago", honours="no")["error"]
    assert sheet(client, [claimed[0]] * 2, status=422, kind="chicago", honours="no") == {
        "error": "deal 1, honours: this Chicago is scored without honours"
    }
    # the library says whether honours count: the pad asks only then
    assert sheet(client, [], kind="chicago")["honours"] is False
    assert sheet(client, [], kind="chicago", scoring="classic")["honours"] is True
    assert sheet(client, [], kind="rubber")["honours"] is True
    # counted: 4♠ made (420 not vulnerable) and 100 for the honours
    counted = sheet(client, claimed, kind="chicago", honours="yes")
    assert counted["rows"][0]["points"] == {"NS": 520, "EW": 0}
    answer = client.post("/pad/share/", posted(claimed, kind="chicago"))
    assert answer.status_code == 422
    assert PadGame.objects.count() == 0


def evening_posted(*games: tuple[list[dict[str, str]], dict[str, str]]) -> dict[str, str]:
    data = {"games": str(len(games))}
    for n, (deals, game) in enumerate(games):
        for name, value in posted(deals, **game).items():
            data[f"g{n}-{name}"] = value
    return data


def test_the_evenings_totals_count_every_rubber_and_chicago(client: Client) -> None:
    rubber = [*SPANISH_RUBBER, *NEXT_RUBBER]  # EW by 870, then NS by 870
    chicago = [deal for deal, _ns, _ew in FINNISH_CHICAGO][:4]  # EW by 1540
    tonight = {"day": "2026-12-03"}
    posted_games = evening_posted(
        (rubber, {**tonight, "north": "Nora", "east": "Eero", "south": "Sofía", "west": "Wilma"}),
        (chicago, {**tonight, "kind": "chicago", "north": "Sofía", "east": "Nora",
                   "south": "Eero", "west": "Wilma"}),
    )  # fmt: skip
    answer = client.post("/pad/evening.json", posted_games)
    assert answer.status_code == 200, answer.content
    night = json.loads(answer.content)
    assert night["title"] == "This evening: 3 games"
    assert [(p["name"], p["games"], p["net"], p["shown"]) for p in night["players"]] == [
        ("Nora", 3, -870 + 870 + 1540, "+1540"),
        ("Eero", 3, 870 - 870 - 1540, "-1540"),
        ("Sofía", 3, -870 + 870 - 1540, "-1540"),
        ("Wilma", 3, 870 - 870 + 1540, "+1540"),
    ]
    # yesterday's game is another evening
    posted_games["g0-day"] = "2026-12-02"
    night = json.loads(client.post("/pad/evening.json", posted_games).content)
    assert night["title"] == "This evening: 1 game"
    assert night["players"][1] == {"name": "Nora", "games": 1, "net": 1540, "shown": "+1540"}
    # a player without a name is named by seat, in the reader's language
    posted_games["g1-west"] = ""
    answer = client.post("/pad/evening.json", posted_games, HTTP_ACCEPT_LANGUAGE="es")
    assert json.loads(answer.content)["players"][3]["name"] == "Oeste"


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"games": "13"}, "games: at most 12"),
        ({"games": "-1"}, "games: at least 0"),
        ({"games": "x"}, "games: not readable"),
        ({"g0-day": "yesterday"}, "game 1, day: not readable"),
        ({"g0-deal-0-tricks": "14"}, "game 1, deal 1, tricks: a deal has 13 tricks, so at most 13"),
        ({"g0-north": "N" * 41}, "game 1, North: Ensure this value has at most 40 characters"),
    ],
)
def test_the_evening_refuses_bad_input_with_a_4xx(
    client: Client, change: dict[str, str], said: str
) -> None:
    data = evening_posted((list(SPANISH_RUBBER[:1]), {"day": "2026-12-03"}))
    data.update(change)
    answer = client.post("/pad/evening.json", data)
    assert answer.status_code == 422
    assert json.loads(answer.content)["error"].startswith(said)


@pytest.mark.parametrize(
    ("language", "deal", "dealer", "honours"),
    [
        ("fi", "6♦I=", "I", "honöörit IL 150"),
        ("es", "6♦E=", "E", "honores EO 150"),
    ],
)
def test_the_sheet_is_written_in_the_readers_notation(
    client: Client, language: str, deal: str, dealer: str, honours: str
) -> None:
    answer = client.post("/pad/sheet.json", posted(SPANISH_RUBBER), HTTP_ACCEPT_LANGUAGE=language)
    drawn = json.loads(answer.content)
    assert drawn["rows"][5]["deal"] == deal
    assert drawn["rows"][5]["honours"] == honours
    assert drawn["next"]["dealer_shown"] == {"fi": "E", "es": "S"}[language]  # South deals
    three = client.post(
        "/pad/sheet.json", posted(SPANISH_RUBBER[:3]), HTTP_ACCEPT_LANGUAGE=language
    )
    west = {"fi": "5♣L-2", "es": "5♣O-2"}[language]
    assert json.loads(three.content)["rows"][2]["deal"] == west
    assert drawn["rows"][5]["deal"][2] == dealer
    page = client.get("/pad/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    found = re.search(r'id="pad-words"[^>]*>(.*?)</script>', page, re.S)
    assert found is not None
    words = json.loads(found.group(1))
    assert words["notation"]["seats"]["W"] == {"fi": "L", "es": "O"}[language]
    assert words["notation"]["strains"]["NT"] == {"fi": "NT", "es": "ST"}[language]
    assert words["notation"]["passed"] == {"fi": "Passi", "es": "Paso"}[language]
    # the law sets' names too (the web's marked titles: said.law_set_title)
    found = re.search(r'id="pad-choices"[^>]*>(.*?)</script>', page, re.S)
    assert found is not None
    laws = {law["value"]: law["label"] for law in json.loads(found.group(1))["laws"]}
    assert laws["1932"] == {"fi": "Bridgen lait 1932 (ennen vuotta 1935)",
                            "es": "Leyes del bridge de 1932 (antes de 1935)"}[language]  # fmt: skip
