"""An opening lead typed on a table's phone, or the director's form, is read as the
phone's language writes a card (a Spanish ``CA`` is the ace of hearts, as de corazones;
``RP`` the king of spades, rey de picas), said back in words where English reads the same
letters as another card (as a contract is), kept in the international notation (``HA``)
and shown to each reader in theirs; a lead that is no card is refused naming the
language's suits and ranks, never notrump."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable

import pytest
from django.conf import settings
from django.test import Client

from bridgescore.web import entries, in_play, session_movement
from bridgescore.web.models import Club, Entry, PendingEntry, Session, TableLink
from web.posting import send_entry
from web.test_results_import import _exported, _form
from web.test_sections import _set_up

COOKIE = settings.LANGUAGE_COOKIE_NAME
Link = Callable[[int], TableLink]
Phone = Callable[[TableLink], Client]

PLAYED = {"round": 1, "board": 1, "level": "4", "strain": "S", "declarer": "N", "result": "="}
"""Four spades by North, made: the result every lead below goes with."""


def _device(phone: Phone, table: TableLink, language: str) -> Client:
    device = phone(table)
    device.cookies[COOKIE] = language
    return device


@pytest.mark.parametrize(
    ("language", "typed", "kept"),
    [
        ("es", "RP", "SK"),  # rey de picas
        ("es", "PR", "SK"),
        ("es", "CD", "HQ"),  # dama de corazones: D is no English rank, nothing to say back
        ("es", "♥10", "HT"),
        ("es", "TV", "CJ"),  # valet de tréboles
        ("fi", "PA", "SA"),  # pata-ässä
        ("fi", "HK", "HK"),
        ("fi", "CA", "CA"),
        ("en", "CA", "CA"),  # English unchanged: clubs
        ("en", "HT", "HT"),
    ],
)
def test_a_lead_is_read_as_the_phones_language_writes_a_card(
    session: Session, link: Link, phone: Phone, language: str, typed: str, kept: str
) -> None:
    table = link(1)
    device = _device(phone, table, language)
    sent = send_entry(device, table.token, **PLAYED, lead=typed, confirm="1")
    assert (sent["http"], sent["status"]) == (200, "accepted"), sent
    assert Entry.objects.get().lead == kept


def test_a_spanish_ca_is_said_back_as_the_ace_of_hearts_before_it_is_kept(
    session: Session, link: Link, phone: Phone
) -> None:
    """``CA`` is the ace of clubs to an English reader: the Spanish phone is told how it was
    read, and keeps it only when the same lead comes again, as a contract is."""
    table = link(1)
    device = _device(phone, table, "es")
    asked = send_entry(device, table.token, **PLAYED, lead="CA", confirm="1")
    assert (asked["http"], asked["error"]) == (
        422,
        "CA: se lee como el as de corazones; guarde de nuevo para conservarlo.",
    )
    assert not Entry.objects.exists()
    kept = send_entry(device, table.token, **PLAYED, lead="CA", lead_read_as="CA", confirm="1")
    assert (kept["http"], kept["status"]) == (200, "accepted"), kept
    assert Entry.objects.get().lead == "HA"  # the ace of hearts, international


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("es", "Salida 'ZZ': no es una carta; escriba el palo (T, D, C, P o ♣ ♦ ♥ ♠) y el"
               " valor (A, K/R, Q/D, J/V, 10, 2-9), como ♥A, CA"),
        ("fi", "Avauslähtö 'ZZ': ei kortti; kirjoita maa (C, D, H, S tai ♣ ♦ ♥ ♠) ja arvo"
               " (A, K, Q, J, 10, 2-9), esimerkiksi ♥A, HA"),
        ("en", "Opening lead 'ZZ': not a card; write its suit (C, D, H, S or ♣ ♦ ♥ ♠) and its"
               " rank (A, K, Q, J, 10/T, 2-9), like ♥A, HA"),
    ],
)  # fmt: skip
def test_a_lead_that_is_no_card_is_refused_naming_the_languages_suits_and_ranks(
    session: Session, link: Link, phone: Phone, language: str, said: str
) -> None:
    table = link(1)
    device = _device(phone, table, language)
    refused = send_entry(device, table.token, **PLAYED, lead="ZZ", confirm="1")
    assert (refused["http"], refused["error"]) == (422, said)
    assert "NT" not in str(refused["error"])


def test_a_finnish_r_is_a_question(session: Session, link: Link, phone: Phone) -> None:
    table = link(1)
    device = _device(phone, table, "fi")
    refused = send_entry(device, table.token, **PLAYED, lead="RA", confirm="1")
    assert refused["http"] == 422
    assert "ruutu (♦) tai risti (♣)" in str(refused["error"])


def test_the_page_without_its_script_says_the_lead_back_and_sends_it_again(
    session: Session, link: Link, phone: Phone
) -> None:
    """A Spanish phone without the script: ``CA`` is said back, the page keeps it in the
    field with the reading to confirm; the preview then sends it on as every notation
    reads it (``♥A``), so the opponents' Accept keeps the ace of hearts."""
    table = link(1)
    device = _device(phone, table, "es")
    fields = {**PLAYED, "lead": "CA"}
    asked = device.post(f"/t/{table.token}/entry/", fields).content.decode()
    assert "CA: se lee como el as de corazones" in asked
    assert 'name="lead" maxlength="3" placeholder="♠K, ♥7" autocomplete="off" value="CA"' in asked
    assert '<input type="hidden" name="lead_read_as" value="CA">' in asked
    preview = device.post(f"/t/{table.token}/entry/", {**fields, "lead_read_as": "CA"})
    page = preview.content.decode()
    assert '<input type="hidden" name="lead" value="♥A">' in page
    hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page))
    accepted = device.post(f"/t/{table.token}/entry/", {**hidden, "confirm": "1"})
    assert accepted.status_code == 200
    assert Entry.objects.get().lead == "HA"


def test_a_lead_sent_to_the_opponents_is_read_the_same_on_their_phone(
    session: Session, link: Link, phone: Phone
) -> None:
    """Sent by a Spanish phone (``CA``, the ace of hearts), confirmed on an English one,
    where ``CA`` is the ace of clubs: kept as every notation reads it alike."""
    table = link(1)
    device = _device(phone, table, "es")
    entry_id = str(uuid.uuid4())
    sent = send_entry(device, table.token, **PLAYED, lead="CA", lead_read_as="CA",
                      entry_id=entry_id, pending="1")  # fmt: skip
    assert sent["http"] == 200, sent
    assert json.loads(PendingEntry.objects.get().fields)["lead"] == "♥A"
    ew = Client(HTTP_ACCEPT_LANGUAGE="en")
    ew.post(f"/t/{table.token}/confirm/", {"code": table.code})
    assert "lead ♥A" in ew.get(f"/t/{table.token}/confirm/").content.decode()
    done = ew.post(f"/t/{table.token}/confirm/", {"accept": entry_id}, follow=True)
    assert "Board 1 accepted" in done.content.decode()
    assert Entry.objects.get().lead == "HA"


def test_the_directors_form_reads_the_lead_in_the_directors_language(
    td: Client, session: Session
) -> None:
    td.cookies[COOKIE] = "es"
    form = {"board": "1", "contract": "4P", "declarer": "N", "result": "=", "lead": "CA",
            "reason": "ficha"}  # fmt: skip
    asked = td.post(f"/director/s/{session.pk}/cell/1/1/", form)
    page = asked.content.decode()
    assert "CA: se lee como el as de corazones" in page
    assert '<input type="hidden" name="lead_read_as" value="CA">' in page
    kept = td.post(f"/director/s/{session.pk}/cell/1/1/", {**form, "lead_read_as": "CA"})
    assert kept.status_code == 302
    assert Entry.objects.get().lead == "HA"


@pytest.mark.parametrize("language", ["en", "es", "fi"])
def test_a_files_results_are_imported_in_its_letters_whatever_the_directors_language(
    td: Client, club: Club, language: str
) -> None:
    """A PBN file's ``4C`` and lead ``CA`` are clubs: a Spanish director's import keeps
    them so (it refused every clubs contract, read back as 4 corazones)."""
    first = _set_up(td, club, "apart")
    for number, rnd in enumerate(session_movement.movement_of(first).rounds, start=1):
        for table in rnd.tables:
            for board in table.boards:
                inp = in_play.EntryInput(number, table.table, board, "4C", "N", "=", "CA")
                entries.record_entry(first, inp, by_table=False, reason="slip")
    upload = _exported(td, first, "pbn")
    td.cookies[COOKIE] = language
    answer = td.post("/director/new/", _form(club, "Again", movement=upload))
    assert answer.status_code == 302
    again = Session.objects.get(name="Again")
    assert set(Entry.objects.filter(session=again).values_list("contract", "lead")) == {
        ("4C", "CA")
    }
