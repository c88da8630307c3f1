"""A table's refused result in the director's log: which table, round and board it sent,
what it sent that was refused (cut, and escaped where the log is shown), and why, the
field named in lower case as every reason after the table reads, in the reader's
language."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.utils import timezone, translation

from bridgescore.web.models import LogLine, Session, TableCall, TableLink
from bridgescore.web.table.entry import CALLS_AN_HOUR
from web.test_escaping import Phone

MARKUP = "<img src=x onerror=alert(1)>"
SENT = [
    {"round": 1, "board": 2, "level": "8", "strain": "NT", "declarer": "N", "result": "="},
    {"round": 1, "board": 2, "contract": "7NT", "declarer": "N", "result": "+1"},
    {"round": 1, "board": 1, "contract": "4S", "declarer": "N", "lead": "Z9", "result": "="},
    {"round": 1, "board": 1, "contract": "4S", "declarer": "Q", "result": "="},
    {"round": 1, "board": 0, "contract": "4S", "declarer": "N", "result": "="},
    {"board": 2, "contract": "4S", "declarer": "N", "result": "="},
    {"round": 1, "board": 2, "contract": "4S", "declarer": "N", "result": "=",
     "lead": MARKUP + "x" * 300},
]  # fmt: skip
"""What a Spanish phone at table 1 sends (the page never would): a level 8, 7NT+1, a lead
that is no card, a declarer Q, board 0, no round, a lead of markup 328 characters long."""

ANSWERED = [
    "Nivel: no es ninguna de las opciones",
    "resultado '+1': 7ST puede ganar como mucho 13 bazas; no puede hacer bazas de más",
    "Salida 'Z9': no es una carta; escriba el palo (T, D, C, P o ♣ ♦ ♥ ♠) y el valor (A, K/R,"
    " Q/D, J/V, 10, 2-9), como ♥A, CA",
    "Declarante: no es ninguna de las opciones",
    "Estuche: los estuches se numeran desde 1",
    "falta la ronda: recargue la página",
    "Salida: una carta, como ♠K o ♥7",
]
"""What the phone reads (it knows what it sent), as before; the lead's text quoted once."""

CUT = "'<img src=x onerror=alert(1)>xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"
"""The lead as the log quotes it: its first 59 characters and ``…``."""

LOGGED = {  # the lead's help in the reader's notation: a Spanish phone's C is hearts
    "en": [
        "entry refused: table 1, round 1, board 2: level '8': not one of the choices",
        "entry refused: table 1, round 1, board 2: result '+1': 7NT can make at most 13"
        " tricks; it cannot make an overtrick",
        "entry refused: table 1, round 1, board 1: opening lead 'Z9': not a card; write its"
        " suit (C, D, H, S or ♣ ♦ ♥ ♠) and its rank (A, K, Q, J, 10/T, 2-9), like ♥A, HA",
        "entry refused: table 1, round 1, board 1: declarer 'Q': not one of the choices",
        "entry refused: table 1, round 1: board '0': boards are numbered from 1",
        "entry refused: table 1, board 2: the round is missing: reload the page",
        f"entry refused: table 1, round 1, board 2: opening lead {CUT}: a card, like SK or H7",
    ],
    "fi": [
        "tulos torjuttu: pöytä 1, kierros 1, brikka 2: taso '8': ei mikään vaihtoehdoista",
        "tulos torjuttu: pöytä 1, kierros 1, brikka 2: tulos '+1': 7NT voi tehdä enintään 13"
        " tikkiä; ylitikkiä ei voi tulla",
        "tulos torjuttu: pöytä 1, kierros 1, brikka 1: avauslähtö 'Z9': ei kortti; kirjoita"
        " maa (C, D, H, S tai ♣ ♦ ♥ ♠) ja arvo (A, K, Q, J, 10, 2-9), esimerkiksi ♥A, HA",
        "tulos torjuttu: pöytä 1, kierros 1, brikka 1: pelinviejä 'Q': ei mikään vaihtoehdoista",
        "tulos torjuttu: pöytä 1, kierros 1: brikka '0': brikat numeroidaan 1:stä alkaen",
        "tulos torjuttu: pöytä 1, brikka 2: kierros puuttuu: lataa sivu uudelleen",
        f"tulos torjuttu: pöytä 1, kierros 1, brikka 2: avauslähtö {CUT}: kortti, esim. ♠K tai ♥7",
    ],
    "es": [
        "resultado rechazado: mesa 1, ronda 1, estuche 2: nivel '8': no es ninguna de las opciones",
        "resultado rechazado: mesa 1, ronda 1, estuche 2: resultado '+1': 7ST puede ganar como"
        " mucho 13 bazas; no puede hacer bazas de más",
        "resultado rechazado: mesa 1, ronda 1, estuche 1: salida 'Z9': no es una carta;"
        " escriba el palo (T, D, C, P o ♣ ♦ ♥ ♠) y el valor (A, K/R, Q/D, J/V, 10, 2-9), como"
        " ♥A, CA",
        "resultado rechazado: mesa 1, ronda 1, estuche 1: declarante 'Q': no es ninguna de las"
        " opciones",
        "resultado rechazado: mesa 1, ronda 1: estuche '0': los estuches se numeran desde 1",
        "resultado rechazado: mesa 1, estuche 2: falta la ronda: recargue la página",
        f"resultado rechazado: mesa 1, ronda 1, estuche 2: salida {CUT}: una carta, como ♠K o ♥7",
    ],
}


@pytest.mark.parametrize("language", ["en", "fi", "es"])
def test_a_refused_result_is_logged_with_its_round_board_and_what_was_sent(
    language: str,
    session: Session,
    link: Callable[[int], TableLink],
    phone: Phone,
    td: Client,
) -> None:
    """The log names the round and board a table sent, and what it sent that was refused
    (the level 8, the declarer Q, the lead Z9, board 0, a lead of markup cut), the field in
    lower case as the library's own reasons name theirs (result '+1'); the control page
    shows the markup as text."""
    table = link(1)
    device = phone(table)
    device.cookies["bridgescore_language"] = "es"
    answers = []
    for sent in SENT:
        posted = {"confirm": "1", **sent}
        answer = device.post(f"/t/{table.token}/entry/", posted, content_type="application/json")
        assert answer.status_code == 422
        answers.append(answer.json()["error"])
    assert answers == ANSWERED
    lines = LogLine.objects.filter(session=session, what="entry refused").order_by("id")
    with translation.override(language):
        assert [line.text for line in lines] == LOGGED[language]
    td.cookies["bridgescore_language"] = language
    page = td.get(f"/director/s/{session.pk}/").content.decode()
    assert MARKUP not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" + "x" * 31 + "…" in page
    assert "x" * 32 not in page


REFUSED_UNREAD = {
    "en": [
        "entry refused: table 1: the request is too big for one result",
        "entry refused: table 1: the request is not readable",
        "entry refused: table 1: 'board' should be text or a number",
        "entry refused: table 1, round 1, board 1: too many calls from this table: raise your hand",
    ],
    "fi": [
        "tulos torjuttu: pöytä 1: pyyntö on liian suuri yhdeksi tulokseksi",
        "tulos torjuttu: pöytä 1: pyyntöä ei voi lukea",
        "tulos torjuttu: pöytä 1: 'board' pitäisi olla tekstiä tai luku",
        "tulos torjuttu: pöytä 1, kierros 1, brikka 1: tästä pöydästä on kutsuttu liian monta"
        " kertaa: nosta käsi",
    ],
    "es": [
        "resultado rechazado: mesa 1: la petición es demasiado grande para un resultado",
        "resultado rechazado: mesa 1: la petición no se puede leer",
        "resultado rechazado: mesa 1: 'board' debería ser texto o un número",
        "resultado rechazado: mesa 1, ronda 1, estuche 1: demasiadas llamadas desde esta mesa:"
        " levante la mano",
    ],
}
"""A Finnish phone's refusals before its fields are read (too big, not readable, a field
that is a list) and past its calls an hour, as each reader of the log reads them."""


@pytest.mark.parametrize("language", ["en", "fi", "es"])
def test_a_request_refused_unread_is_logged_in_the_readers_language(
    language: str, session: Session, link: Callable[[int], TableLink], phone: Phone
) -> None:
    """A request too big (413), not readable (400) or past the table's calls an hour (429)
    is kept in the log as a message, as every other refusal is: a Finnish phone's refusal
    reads in English to an English director and in Spanish to a Spanish one."""
    table = link(1)
    device = phone(table)
    device.cookies["bridgescore_language"] = "fi"
    address = f"/t/{table.token}/entry/"
    sent = [
        ('{"board": "' + "x" * 5000 + '"}', 413, "pyyntö on liian suuri yhdeksi tulokseksi"),
        ("{not json", 400, "pyyntöä ei voi lukea"),
        ('{"board": [1]}', 400, "'board' pitäisi olla tekstiä tai luku"),
    ]
    for body, status, said in sent:
        answer = device.post(address, body, content_type="application/json")
        assert (answer.status_code, answer.json()["error"]) == (status, said)
    for _ in range(CALLS_AN_HOUR):
        TableCall.objects.create(session=session, table=1, round=1, answered=timezone.now())
    asked = {"round": 1, "board": 1, "not_played": "1", "confirm": "1"}
    answer = device.post(address, asked, content_type="application/json")
    assert answer.status_code == 429
    assert answer.json()["error"] == "tästä pöydästä on kutsuttu liian monta kertaa: nosta käsi"
    lines = LogLine.objects.filter(session=session, what="entry refused").order_by("id")
    with translation.override(language):
        assert [line.text for line in lines] == REFUSED_UNREAD[language]


CONTRACT_HELP = {
    "en": "contract '4Q': not a contract; write it like 4S, 4♠, 3NT, 4SX, 6HXX or Pass,"
    " optionally with a declarer (4SXN)",
    "fi": "sitoumus '4Q': ei ole sitoumus; kirjoita esim. 4S, 4♠, 3NT, 4SX, 6HXX tai Passi,"
    " halutessasi pelinviejän kanssa (4SXP)",
    "es": "contrato '4Q': no es un contrato; escríbalo como 4P, 4♠, 3ST, 4PX, 6CXX o Paso, si"
    " quiere con el declarante (4PXN)",
}
"""A contract refused, with how to write one, as each reader reads it: the examples in
the reader's notation (Spanish ``4P``, picas; ``6CXX``, corazones; ``3ST``)."""

REFUSED_AT = {
    "en": "entry refused: table {table}, round 1, board {board}: ",
    "fi": "tulos torjuttu: pöytä {table}, kierros 1, brikka {board}: ",
    "es": "resultado rechazado: mesa {table}, ronda 1, estuche {board}: ",
}


@pytest.mark.parametrize("language", ["en", "fi", "es"])
def test_a_refused_contracts_help_is_read_in_the_log_readers_notation(
    language: str, session: Session, link: Callable[[int], TableLink], phone: Phone
) -> None:
    """A contract refused is logged with the help the phone read (how a contract is
    written), its examples read in the log's reader's notation whichever phone was
    refused: a Spanish phone's 4P, 3ST and Paso are 4S, 3NT and Pass to an English
    director, and an English phone's 4S is 4P to a Spanish one."""
    for number, board, phone_language, answered in (
        (1, 2, "es", "contrato '4Q': no es un contrato; escríbalo como 4P, 4♠, 3ST, 4PX, 6CXX"
         " o Paso, si quiere con el declarante (4PXN)"),
        (2, 3, "en", CONTRACT_HELP["en"]),
    ):  # fmt: skip
        table = link(number)
        device = phone(table)
        device.cookies["bridgescore_language"] = phone_language
        sent = {"round": 1, "board": board, "contract": "4Q", "declarer": "N", "result": "=",
                "confirm": "1"}  # fmt: skip
        answer = device.post(f"/t/{table.token}/entry/", sent, content_type="application/json")
        assert (answer.status_code, answer.json()["error"]) == (422, answered)
    lines = LogLine.objects.filter(session=session, what="entry refused").order_by("id")
    with translation.override(language):
        assert [line.text for line in lines] == [
            REFUSED_AT[language].format(table=1, board=2) + CONTRACT_HELP[language],
            REFUSED_AT[language].format(table=2, board=3) + CONTRACT_HELP[language],
        ]


LEAD_HELP = {
    "en": [
        "opening lead 'Z9': not a card; write its suit (C, D, H, S or ♣ ♦ ♥ ♠) and its rank"
        " (A, K, Q, J, 10/T, 2-9), like ♥A, HA",
        "opening lead 'RA': 'R' is not a suit on its own; it may be ruutu (♦) or risti (♣) in"
        " Finnish: write the suit's symbol or letter (C, D, H, S, ♣ ♦ ♥ ♠)",
    ],
    "fi": [
        "avauslähtö 'Z9': ei kortti; kirjoita maa (C, D, H, S tai ♣ ♦ ♥ ♠) ja arvo (A, K, Q,"
        " J, 10, 2-9), esimerkiksi ♥A, HA",
        "avauslähtö 'RA': 'R' ei yksinään kerro maata; se voi olla ruutu (♦) tai risti (♣):"
        " kirjoita maan merkki tai kirjain (C, D, H, S, ♣ ♦ ♥ ♠)",
    ],
    "es": [
        "salida 'Z9': no es una carta; escriba el palo (T, D, C, P o ♣ ♦ ♥ ♠) y el valor"
        " (A, K/R, Q/D, J/V, 10, 2-9), como ♥A, CA",
        "salida 'RA': 'R' no es un palo por sí sola; puede ser ruutu (♦) o risti (♣) en"
        " finés: escriba el símbolo o la letra del palo (T, D, C, P, ♣ ♦ ♥ ♠)",
    ],
}
"""An English phone's lead that is no card and a Finnish phone's lead whose R is two
suits, as each reader of the log reads them: the suits and ranks in the reader's
notation (Spanish T, D, C, P; K/R, rey)."""


@pytest.mark.parametrize("language", ["en", "fi", "es"])
def test_a_refused_leads_suits_and_ranks_are_read_in_the_log_readers_notation(
    language: str, session: Session, link: Callable[[int], TableLink], phone: Phone
) -> None:
    """An opening lead refused is logged with the help the phone read, its suits, ranks
    and example in the log's reader's notation whichever phone was refused: an English
    phone's C, D, H, S and HA are T, D, C, P and CA to a Spanish director (whose C is
    hearts), a Finnish phone's the same to him."""
    for number, board, phone_language, lead, answered in (
        (1, 2, "en", "Z9", "Opening lead 'Z9': not a card; write its suit (C, D, H, S or"
         " ♣ ♦ ♥ ♠) and its rank (A, K, Q, J, 10/T, 2-9), like ♥A, HA"),
        (2, 3, "fi", "RA", "Avauslähtö 'RA': 'R' ei yksinään kerro maata; se voi olla ruutu"
         " (♦) tai risti (♣): kirjoita maan merkki tai kirjain (C, D, H, S, ♣ ♦ ♥ ♠)"),
    ):  # fmt: skip
        table = link(number)
        device = phone(table)
        device.cookies["bridgescore_language"] = phone_language
        sent = {"round": 1, "board": board, "contract": "4S", "declarer": "N", "result": "=",
                "lead": lead, "confirm": "1"}  # fmt: skip
        answer = device.post(f"/t/{table.token}/entry/", sent, content_type="application/json")
        assert (answer.status_code, answer.json()["error"]) == (422, answered)
    lines = LogLine.objects.filter(session=session, what="entry refused").order_by("id")
    with translation.override(language):
        assert [line.text for line in lines] == [
            REFUSED_AT[language].format(table=1, board=2) + LEAD_HELP[language][0],
            REFUSED_AT[language].format(table=2, board=3) + LEAD_HELP[language][1],
        ]
