"""Every director's request is read through a form: a wrong type, a huge number, an
over-long field is refused whole with a 4xx (422: the page again, every problem named by
its field; 400: a request no page sends) and nothing of it is kept, never cut to fit and
never a 500. The director's result entry takes the table's fields (the contract typed or
built from the buttons), an adjusted score, and a reason."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from bridgescore.web import changes, in_play, matches
from bridgescore.web.director import fields
from bridgescore.web.models import (
    Club,
    Entry,
    LogLine,
    MovementChange,
    Penalty,
    Player,
    Session,
    SessionPair,
    SwissDraw,
)

HUGE_REASON = "r" * 100_000
HUGE_NUMBER = "9" * 40


def _rows(session: Session) -> tuple[int, int, int, int, int]:
    """What a refused request must leave as it was: the session's log and changes."""
    return (
        Entry.objects.filter(session=session).count(),
        Penalty.objects.filter(session=session).count(),
        MovementChange.objects.filter(session=session).count(),
        LogLine.objects.filter(session=session).count(),
        SwissDraw.objects.filter(session=session).count(),
    )


def _refused(response: Any, *said: str, status: int = 422) -> str:
    text: str = response.content.decode()
    assert response.status_code == status, text[-600:]
    for words in said:
        assert words in text, words
    return text


# --- the result entry ----------------------------------------------------------------------


def test_a_huge_reason_is_refused_whole_and_nothing_is_kept(td: Client, played: Session) -> None:
    before = _rows(played)
    cell = f"/director/s/{played.pk}/cell/1/1/"
    page = td.post(cell, {"board": "1", "adjusted": "A+/A-", "reason": HUGE_REASON})
    _refused(page, "Reason: at most 300 characters (this has 100000)")
    erase = td.post(cell, {"board": "1", "erase": "1", "reason": HUGE_REASON})
    _refused(erase, "Reason: at most 300 characters (this has 100000)")
    assert _rows(played) == before
    assert in_play.current_entries(played)[(1, 1, 1)].contract == "4S"  # as the table gave it
    just = td.post(cell, {"board": "1", "adjusted": "A+/A-", "reason": "r" * 300})
    assert just.status_code == 302  # 300 characters are kept whole
    assert in_play.current_entries(played)[(1, 1, 1)].reason == "r" * 300


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"board": "abc"}, "Board: not readable"),
        ({"board": "1e400"}, "Board: not readable"),
        ({"board": HUGE_NUMBER}, "Board: there is no board above 999"),
        ({"board": "-3"}, "Board: boards are numbered from 1"),
        ({"contract": "4S" * 7}, "Contract: at most 12 characters"),
        ({"declarer": "Q"}, "Declarer: not one of the choices"),
        ({"result": "+1" * 3}, "Result: like =, +1 or -2"),
        ({"lead": "ZZ"}, "Opening lead &#x27;ZZ&#x27;: not a card"),
        ({"level": "8"}, "Level: not one of the choices"),
        ({"strain": "Z"}, "Strain: not one of the choices"),
        ({"adjusted": "A+/" + "A-" * 10}, "Adjusted score: at most 20 characters (this has 23)"),
        ({"entry_id": "not-an-id"}, "the entry&#x27;s id is not readable"),
    ],
)
def test_a_result_field_out_of_range_is_named(
    td: Client, played: Session, fields: dict[str, str], said: str
) -> None:
    before = _rows(played)
    base = {"board": "1", "contract": "3NT", "declarer": "S", "result": "=", "reason": "ruling"}
    page = td.post(f"/director/s/{played.pk}/cell/1/1/", {**base, **fields})
    _refused(page, said)
    assert _rows(played) == before


def test_every_problem_is_named_at_once(td: Client, played: Session) -> None:
    page = td.post(
        f"/director/s/{played.pk}/cell/1/1/",
        {"board": "x", "declarer": "Q", "reason": HUGE_REASON},
    )
    text = _refused(page)
    assert text.count("<li>") >= 3
    for said in ("Board: not readable", "Declarer: not one of", "Reason: at most 300"):
        assert said in text


def test_the_director_enters_a_result_from_the_buttons_and_an_adjusted_score(
    td: Client, session: Session
) -> None:
    cell = f"/director/s/{session.pk}/cell/1/1/"
    buttons = {"board": "1", "level": "4", "strain": "S", "doubled": "X", "declarer": "N",
               "result": "-1", "lead": "hk", "reason": "the table's phone is flat"}  # fmt: skip
    assert td.post(cell, buttons).status_code == 302
    kept = in_play.current_entries(session)[(1, 1, 1)]
    # board 1, no one vulnerable: 4SX one down is 100 to East-West
    assert (kept.contract, kept.declarer, kept.result, kept.lead) == ("4SX", "N", "-1", "HK")
    assert (kept.ns_score, kept.by_table, kept.reason) == (-100, False, "the table's phone is flat")
    adjusted = {"board": "2", "adjusted": "A+/A-", "reason": "slow play, EW at fault"}
    assert td.post(cell, adjusted).status_code == 302
    ruling = in_play.current_entries(session)[(1, 1, 2)]
    assert (ruling.kind, ruling.adjusted, ruling.ns_score) == ("adjusted", "A+/A-", None)
    passed = {"board": "2", "level": "pass", "reason": "passed out, the TD saw it"}
    assert td.post(cell, passed).status_code == 302
    assert in_play.current_entries(session)[(1, 1, 2)].contract == "Pass"
    impossible = td.post(cell, {"board": "1", "contract": "3NT", "declarer": "S",
                                "result": "+5", "reason": "typo"})  # fmt: skip
    _refused(impossible, "3NT can make at most 13 tricks")
    elsewhere = td.post(cell, {"board": "5", "contract": "3NT", "declarer": "S",
                               "result": "=", "reason": "x"})  # fmt: skip
    _refused(elsewhere, "board 5 is not played at table 1 in round 1")


# --- the pages around the session -------------------------------------------------------------


def test_penalties_refuse_a_huge_reason_and_an_amount_out_of_range(
    td: Client, played: Session
) -> None:
    page = f"/director/s/{played.pk}/penalties/"
    before = _rows(played)
    base = {"pair": "2NS", "amount": "25", "unit": "top", "reason": "mobile phone rang"}
    _refused(td.post(page, {**base, "reason": HUGE_REASON}), "Reason: at most 300 characters")
    _refused(td.post(page, {**base, "amount": HUGE_NUMBER}), "Amount: less than 1000")
    _refused(td.post(page, {**base, "amount": "1e400"}), "Amount: less than 1000")
    _refused(td.post(page, {**base, "amount": "NaN"}), "Amount: a number, like 2 or 0.5")
    _refused(td.post(page, {**base, "amount": "0.001"}), "Amount: at most 2 decimals")
    _refused(td.post(page, {**base, "amount": "0"}), "Amount: more than 0")
    _refused(td.post(page, {**base, "unit": "goals"}), "In: not one of the choices")
    _refused(td.post(page, {**base, "pair": "N" * 21}), "Pair: at most 20 characters")
    _refused(td.post(page, {**base, "unit": "vp"}), "victory points are for teams sessions")
    _refused(td.post(page, {"withdraw": "abc", "reason": "x"}), "that penalty is not standing")
    _refused(td.post(page, {"withdraw": HUGE_NUMBER, "reason": "x"}), "Penalty: at most")
    assert _rows(played) == before
    assert td.post(page, base).status_code == 302
    assert Penalty.objects.get(session=played).amount == 25


def test_the_roster_refuses_long_names_numbers_and_logins(td: Client, club: Club) -> None:
    page = f"/director/club/{club.pk}/"
    _refused(td.post(page, {"name": "A" * 121}), "Name: at most 120 characters (this has 121)")
    _refused(td.post(page, {"name": "Ann", "number": "9" * 31}), "Membership number: at most 30")
    _refused(td.post(page, {"name": ""}), "Name: required")
    login = {"add": "director", "username": "u" * 151, "password": "seven clubs and a heart"}
    _refused(td.post(page, login), "User name: at most 150 characters (this has 151)")
    _refused(
        td.post(page, {**login, "username": "bo", "password": "p" * 201}),
        "Password: at most 200 characters",
    )
    _refused(td.post(page, {"add": "janitor", "name": "Ann"}), "Add: not one of the choices")
    assert not Player.objects.filter(club=club).exists()
    assert not User.objects.filter(username__startswith="u").exists()
    assert td.post(page, {"name": "A" * 120, "number": "9" * 30}).status_code == 302
    assert Player.objects.get(club=club).name == "A" * 120


def test_the_pairs_page_names_no_pair_when_a_choice_is_refused(
    td: Client, session: Session
) -> None:
    Player.objects.create(club=session.club, name="Ann Smith")
    page = td.post(
        f"/director/s/{session.pk}/pairs/",
        {"1EW-a": "Ann Smith", "2NS-a": "Ann Smith", "2NS-b": HUGE_NUMBER},
    )
    _refused(page, f"pair 2NS: {HUGE_NUMBER} is not on the roster (add them there first)")
    names = dict(SessionPair.objects.filter(session=session).values_list("pair", "names"))
    assert names["1EW"] == "Cy & Di"  # as it was: nothing of the refused post is kept
    assert names["2NS"] == ""


def test_a_late_change_refuses_a_huge_reason_and_a_round_out_of_range(
    td: Client, session: Session
) -> None:
    page = f"/director/s/{session.pk}/change/"
    before = session.movement_json
    fields = {"kind": "missing", "pair": "2EW", "round": "2"}
    key = changes.missing_pair(session, "2EW", 2).key
    applied = td.post(page, {**fields, "key": key, "apply": "1", "reason": HUGE_REASON})
    _refused(applied, "Reason: at most 300 characters (this has 100000)")
    _refused(td.post(page, {**fields, "key": key, "apply": "1"}), "needs a reason")
    _refused(td.get(page, {**fields, "round": HUGE_NUMBER}), "From round: at most 60")
    _refused(td.get(page, {**fields, "round": "two"}), "From round: give a whole number")
    _refused(td.get(page, {**fields, "kind": "swap"}), "Change: not one of the choices")
    _refused(td.get(page, {"kind": "move", "first": "x", "round": "2"}), "First table: give a")
    _refused(td.get(page, {**fields, "pair": "P" * 21}), "Pair: at most 20 characters")
    _refused(td.post(page, {**fields, "key": "k" * 65, "apply": "1", "reason": "x"}), "Key: at")
    session.refresh_from_db()
    assert session.movement_json == before
    assert not MovementChange.objects.filter(session=session).exists()


def test_the_swiss_draw_and_the_state_refuse_what_no_page_sends(
    td: Client, club: Club, session: Session
) -> None:
    swiss = matches.create_teams_session(
        club, "Swiss teams", ["Aces", "Kings", "Queens", "Jacks"], 2, schedule="swiss", rounds=2
    )
    draw = td.post(f"/director/s/{swiss.pk}/draw/", {"key": "k" * 100_000})
    _refused(draw, "Key: at most 64 characters (this has 100000)")
    assert SwissDraw.objects.filter(session=swiss).count() == 1
    state = td.post(f"/director/s/{session.pk}/state/", {"state": "frozen"})
    _refused(state, "State: not one of the choices", status=400)
    session.refresh_from_db()
    assert session.state == Session.State.RUNNING


# --- setting up a session ---------------------------------------------------------------------


def test_a_new_session_refuses_sizes_and_lengths_out_of_range(td: Client, club: Club) -> None:
    _refused(td.get("/director/new/", {"pairs": HUGE_NUMBER, "boards": "24"}), "Pairs: at most 120")
    _refused(td.get("/director/new/", {"pairs": "2", "boards": "24"}), "Pairs: at least 3")
    _refused(
        td.get("/director/new/", {"pairs": "14", "boards": "lots"}),
        "About how many boards: give a whole number",
    )
    form = {"club": str(club.pk), "name": "Monday", "typed_spec": "mitchell:3x2"}
    _refused(td.post("/director/new/", {**form, "name": "N" * 121}), "Name: at most 120")
    _refused(td.post("/director/new/", {**form, "date": "31/02/2025"}), "Date: a date, like")
    _refused(td.post("/director/new/", {**form, "date": "0001-01-01"}), "Date: a date from 1900")
    _refused(td.post("/director/new/", {**form, "club": "99999"}), "Club: not one of the choices")
    _refused(td.post("/director/new/", {**form, "lead_rule": "maybe"}), "Opening lead: not one")
    _refused(
        td.post("/director/new/", {**form, "typed_spec": "mitchell:400x40"}),
        "at most 60 tables in a movement: 400 asked",
    )
    _refused(
        td.post("/director/new/", {**form, "names": "1NS: " + "A" * 201}),
        "Pairs&#x27; names, line 1: at most 200 characters of names (this has 201)",
    )
    _refused(
        td.post("/director/new/", {**form, "names": "1NS Ann & Bob"}),
        "Pairs&#x27; names, line 1: write the pair, a colon and the names",
    )
    _refused(
        td.post("/director/new/", {**form, "names": "9NS: Ann & Bob"}),
        "Pairs&#x27; names: there is no pair &#x27;9NS&#x27; in this movement",
    )
    big = SimpleUploadedFile("hands.pbn", b" " * (fields.FILE_BYTES + 1))
    _refused(
        td.post("/director/new/", {**form, "hands": big}),
        "Hand records: the file is 2,000,001 bytes, more than the 2,000,000 taken",
    )
    _refused(td.post("/director/new/", {"club": str(club.pk), "name": "x"}), "Movement: choose")
    assert not Session.objects.exists()


def test_a_new_teams_session_refuses_sizes_and_lengths_out_of_range(td: Client, club: Club) -> None:
    _refused(td.get("/director/new/teams/", {"teams": HUGE_NUMBER}), "Teams: at most 300")
    form = {"club": str(club.pk), "teams": "2", "name": "Teams", "schedule": "robin",
            "boards": "8", "team-1": "Aces", "team-2": "Kings"}  # fmt: skip
    said = {
        "team-1": ("T" * 41, "Team 1: at most 40 characters (this has 41)"),
        "boards": (HUGE_NUMBER, "Boards a match: at most 64"),
        "bye_vp": ("31", "A bye&#x27;s VPs: at most 30"),
        "schedule": ("knockout", "Schedule: not one of the choices"),
        "player-2": ("99999", "team 2: choose a player from the roster"),
        "rounds": ("1e400", "Swiss: rounds: give a whole number"),
        "name": ("N" * 121, "Name: at most 120 characters"),
    }
    for field, (value, message) in said.items():
        _refused(td.post("/director/new/teams/", {**form, field: value}), message)
    assert not Session.objects.exists()
    assert td.post("/director/new/teams/", form).status_code == 302


def test_junk_in_every_field_of_every_director_page_is_never_a_500(
    td: Client, played: Session, link: Callable[[int], object]
) -> None:
    s = f"/director/s/{played.pk}"
    posts = {
        f"{s}/cell/1/1/": ("board", "contract", "level", "strain", "doubled", "declarer",
                           "result", "lead", "not_played", "entry_id", "adjusted", "reason"),
        f"{s}/penalties/": ("pair", "amount", "unit", "reason", "withdraw"),
        f"{s}/change/": ("kind", "round", "pair", "first", "second", "key", "reason"),
        f"{s}/state/": ("state", "key"),
        f"{s}/pairs/": ("1NS-a", "3EW-b"),
        f"/director/club/{played.club_id}/": ("add", "name", "number", "username", "password"),
        "/director/new/": ("pairs", "boards", "club", "name", "date", "lead_rule", "spec",
                           "typed_spec", "names"),
        "/director/new/teams/": ("teams", "club", "name", "date", "schedule", "boards",
                                 "rounds", "rematches", "late_after", "bye_vp", "bye_rule",
                                 "team-1", "player-1"),
    }  # fmt: skip
    before = _rows(played)
    td.raise_request_exception = False
    for path, named in posts.items():
        for field in named:
            for junk in ("x" * 100_000, HUGE_NUMBER, "\x00", "-1e400", "<b>"):
                base = {"teams": "2", "apply": "1", "kind": "missing", "round": "2"}
                response = td.post(path, {**base, field: junk})
                assert response.status_code < 500, (path, field, junk[:10])
                if len(junk) > 300:  # longer than any field: refused, whatever the field
                    assert 400 <= response.status_code < 500, (path, field)
    assert _rows(played) == before
    assert Session.objects.count() == 1
    longest = max((len(p.name) for p in Player.objects.all()), default=0)
    assert longest <= 120  # a name taken is whole ("<b>", "-1e400"), never a cut 100,000


@pytest.mark.parametrize(
    ("language", "typed", "kept"),
    [("es", "3ST", "3NT"), ("es", "4♥", "4H"), ("fi", "4C", "4C"), ("en", "4C", "4C")],
)
def test_a_typed_contract_is_read_in_the_directors_language(
    td: Client, played: Session, language: str, typed: str, kept: str
) -> None:
    cell = f"/director/s/{played.pk}/cell/1/1/"
    fields = {"board": "1", "contract": typed, "declarer": "W", "result": "=", "reason": "r"}
    page = td.post(cell, fields, HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 302
    entry = in_play.current_entries(played)[(1, 1, 1)]
    assert (entry.contract, entry.declarer, entry.result) == (kept, "W", "=")


def test_a_letter_english_reads_otherwise_is_said_back_before_it_is_kept(
    td: Client, played: Session
) -> None:
    before = _rows(played)
    cell = f"/director/s/{played.pk}/cell/1/1/"
    fields = {"board": "1", "contract": "4C", "declarer": "W", "result": "=", "reason": "r"}
    page = td.post(cell, fields, HTTP_ACCEPT_LANGUAGE="es")
    text = _refused(page, "4C: se lee como 4 corazones; guarde de nuevo para conservarlo.")
    assert '<input type="hidden" name="read_as" value="4C">' in text  # the page sends it back
    assert _rows(played) == before
    # The West seat is offered as the Spanish letter, its value the library's.
    assert '<option value="W" selected>O</option>' in text
    again = td.post(cell, {**fields, "read_as": "4C"}, HTTP_ACCEPT_LANGUAGE="es")
    assert again.status_code == 302
    entry = in_play.current_entries(played)[(1, 1, 1)]
    assert (entry.contract, entry.declarer, entry.result) == ("4H", "W", "=")


def test_a_typed_contract_no_reading_fits_is_refused_in_the_language(
    td: Client, played: Session
) -> None:
    before = _rows(played)
    cell = f"/director/s/{played.pk}/cell/1/1/"
    fields = {"board": "1", "contract": "4R", "declarer": "W", "result": "=", "reason": "r"}
    page = td.post(cell, fields, HTTP_ACCEPT_LANGUAGE="es")
    text = _refused(page)
    # Named as the library names a refused field, and in the language's own letters.
    assert (
        "contrato &#x27;4R&#x27;: &#x27;R&#x27; no es una denominación por sí sola; puede ser"
        " ruutu (♦) o risti (♣) en finés: escriba el símbolo o la letra del palo"
        " (T, D, C, P, ST, ♣ ♦ ♥ ♠)" in text
    )
    assert _rows(played) == before
