"""The director's features: the roster, several directors a club, the pairs named from
the roster, corrections and rulings (split adjusted scores, assigned scores, not played,
erasures), procedural penalties, and the log that keeps every change."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from django.conf import global_settings
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from bridgescore.events.movements.fit import seatings
from bridgescore.events.movements.spec import build
from bridgescore.events.pairs import PairsResult
from bridgescore.events.scoring import score_event
from bridgescore.web import clubs, entries, in_play, session_movement, standings
from bridgescore.web.models import (
    Club,
    Director,
    Entry,
    Penalty,
    Player,
    Session,
    SessionPair,
    TableCall,
    TableLink,
)
from web.posting import send_entry

Link = Callable[[int], TableLink]
Phone = Callable[[TableLink], Client]


def _cell(
    td: Client, session: Session, rnd: int, table: int, status: int = 200, **fields: str
) -> str:
    response = td.post(f"/director/s/{session.pk}/cell/{rnd}/{table}/", fields, follow=True)
    assert response.status_code == status  # 422: refused, the page again with why
    return response.content.decode()


def _scored(session: Session) -> PairsResult:
    result = score_event(in_play.event_of(session))
    assert isinstance(result, PairsResult)
    return result


def _points(session: Session, board: int) -> list[tuple[str, float | None, float | None]]:
    return [
        (line.row.describe(), line.ns_points, line.ew_points)
        for line in _scored(session).traveller(board).lines
    ]


def _totals(session: Session) -> dict[str, tuple[str, float, float | None]]:
    return {r.pair: (r.place, r.total, r.percent) for r in standings.ranking(session)}


# --- the roster and the directors --------------------------------------------------------


def test_the_roster_lists_and_adds_the_clubs_players(
    td: Client, club: Club, other_club: Club
) -> None:
    Player.objects.create(club=other_club, name="Zed Quill")
    page = td.post(f"/director/club/{club.pk}/", {"name": "  Ann   Smith ", "number": "123"})
    assert page.status_code == 302
    again = td.post(f"/director/club/{club.pk}/", {"name": "ann smith"}).content.decode()
    assert "&#x27;ann smith&#x27; is already on the roster" in again
    assert list(Player.objects.filter(club=club).values_list("name", "number")) == [
        ("Ann Smith", "123")
    ]
    shown = td.get(f"/director/club/{club.pk}/").content.decode()
    assert "Ann Smith" in shown
    assert "Zed Quill" not in shown  # another club's roster


def test_the_app_hashes_passwords_slowly() -> None:
    # the tests hash with MD5 for speed (conftest.py); the app keeps Django's hashers,
    # PBKDF2 first, as Django sets them
    from bridgescore.web import settings as app_settings

    assert not hasattr(app_settings, "PASSWORD_HASHERS")
    assert global_settings.PASSWORD_HASHERS[0].endswith("PBKDF2PasswordHasher")


def test_a_second_director_gets_a_hashed_password_and_sees_the_club(
    td: Client, club: Club, session: Session
) -> None:
    weak = td.post(
        f"/director/club/{club.pk}/", {"add": "director", "username": "bo", "password": "abc"}
    ).content.decode()
    assert "too short" in weak
    assert not User.objects.filter(username="bo").exists()
    password = "seven clubs and a heart"
    made = td.post(
        f"/director/club/{club.pk}/", {"add": "director", "username": "bo", "password": password}
    )
    assert made.status_code == 302
    bo = User.objects.get(username="bo")
    assert bo.password != password
    assert bo.password.startswith(("pbkdf2_", "argon2", "bcrypt", "scrypt", "md5"))
    assert Director.objects.filter(club=club).count() == 2
    second = Client()
    logged = second.post("/login/", {"username": "bo", "password": password})
    assert logged.status_code == 302
    assert "Tuesday pairs" in second.get("/director/").content.decode()
    assert second.get(f"/director/s/{session.pk}/").status_code == 200
    taken = td.post(
        f"/director/club/{club.pk}/", {"add": "director", "username": "BO", "password": password}
    ).content.decode()
    assert "is taken" in taken


def test_pairs_are_named_from_the_roster(td: Client, session: Session, other_club: Club) -> None:
    """Each player typed as the roster names them, in any case and spacing; a name not on
    this club's roster (another club's player) refused, naming it, nothing saved, and the
    page shows what was typed to mend; the roster offered once for every field."""
    Player.objects.create(club=session.club, name="Ann Smith")
    Player.objects.create(club=session.club, name="Bob Jones")
    Player.objects.create(club=other_club, name="Zed Quill")
    refused = td.post(
        f"/director/s/{session.pk}/pairs/", {"2NS-a": "Ann Smith", "2NS-b": "Zed Quill"}
    )
    assert refused.status_code == 422
    said = html.unescape(refused.content.decode())
    assert "pair 2NS: Zed Quill is not on the roster (add them there first)" in said
    assert 'name="2NS-b" list="roster" value="Zed Quill"' in said  # as typed, to mend
    assert SessionPair.objects.get(session=session, pair="2NS").names == ""
    saved = td.post(
        f"/director/s/{session.pk}/pairs/", {"2NS-a": "  ann   SMITH ", "2NS-b": "bob jones"}
    )
    assert saved.status_code == 302
    assert SessionPair.objects.get(session=session, pair="2NS").names == "Ann Smith & Bob Jones"
    assert SessionPair.objects.get(session=session, pair="1NS").names == "Ann & Bob"  # untouched
    names = {p.id: p.names for p in in_play.event_of(session).participants}
    assert names["2NS"] == ("Ann Smith", "Bob Jones")
    page = td.get(f"/director/s/{session.pk}/pairs/").content.decode()
    assert 'name="2NS-a" list="roster" value="Ann Smith"' in page
    assert 'name="2NS-b" list="roster" value="Bob Jones"' in page
    roster = re.findall(r'<datalist id="roster">(.*?)</datalist>', page, flags=re.S)
    assert roster == ['<option value="Ann Smith"><option value="Bob Jones">']
    assert page.count("<option") == 2  # once for the page, not once a field
    assert page.count('maxlength="160"') == 2 * SessionPair.objects.filter(session=session).count()


def test_two_players_of_one_name_are_told_apart_by_their_numbers(
    td: Client, session: Session
) -> None:
    """Two roster players called John Smith (the roster page refuses a second of one
    name, but a roster kept before it, or filled otherwise, may hold two) are offered and
    read as ``John Smith (1234)`` and ``John Smith (5678)``; the name alone is neither,
    and is refused."""
    Player.objects.create(club=session.club, name="John Smith", number="1234")
    Player.objects.create(club=session.club, name="John Smith", number="5678")
    page = td.get(f"/director/s/{session.pk}/pairs/").content.decode()
    assert '<option value="John Smith (1234)"><option value="John Smith (5678)">' in page
    refused = html.unescape(
        td.post(f"/director/s/{session.pk}/pairs/", {"2NS-a": "John Smith"}).content.decode()
    )
    assert "pair 2NS: John Smith is not on the roster (add them there first)" in refused
    saved = td.post(f"/director/s/{session.pk}/pairs/", {"2NS-a": "john smith (5678)"})
    assert saved.status_code == 302
    assert SessionPair.objects.get(session=session, pair="2NS").names == "John Smith"
    page = td.get(f"/director/s/{session.pk}/pairs/").content.decode()
    assert 'name="2NS-a" list="roster" value=""' in page  # "John Smith" is either of them


# --- corrections and rulings ---------------------------------------------------------------


def test_split_adjusted_scores_score_as_the_library_says(td: Client, played: Session) -> None:
    assert _points(played, 1) == [("4SN=", 2.0, 2.0), ("4SN+1", 4.0, 0.0), ("2SN+2", 0.0, 4.0)]
    before = _totals(played)
    assert before["1NS"] == ("2", 12.0, 50.0)
    _cell(td, played, 1, 1, board="1", adjusted="A+/A-", reason="slow play, NS not at fault")
    # 60 % and 40 % of the top of 4; the other two tables are compared with each other and
    # scaled up (Neuberg): 2 of 2 becomes 3.5 of 4
    assert _points(played, 1) == [("A+/A-", 2.4, 1.6), ("4SN+1", 3.5, 0.5), ("2SN+2", 0.5, 3.5)]
    after = _totals(played)
    assert after["1NS"] == ("2", 12.4, 51.67)
    assert after["1EW"] == ("2", 12.6, 52.5)
    _cell(td, played, 1, 1, board="1", adjusted="A/A-", reason="both at fault, EW more")
    assert _points(played, 1)[0] == ("A/A-", 2.0, 1.6)
    _cell(td, played, 1, 1, board="1", adjusted="55%/35%", reason="weighted by the TD")
    assert _points(played, 1)[0] == ("55%/35%", 2.2, 1.4)
    history = Entry.objects.filter(session=played, round=1, table=1, board=1).order_by("id")
    assert [e.adjusted or e.contract for e in history] == ["4S", "A+/A-", "A/A-", "55%/35%"]


def test_an_assigned_score_not_played_and_an_erasure_keep_the_history(
    td: Client, played: Session
) -> None:
    no_reason = _cell(td, played, 2, 3, 422, board="1", contract="3NT", declarer="N", result="=")
    assert "a director&#x27;s change needs a reason" in no_reason
    page = _cell(td, played, 2, 3, board="1", contract="4SX", declarer="N", result="-1",
                 reason="Law 23: assigned after a misinformation")  # fmt: skip
    assert (  # the table had 4S N +1 on board 1: the director's result corrects it
        "corrected by td: 4SX N -1 (was 4S N +1), reason Law 23: assigned after a"
        " misinformation" in page
    )
    assert in_play.current_entries(played)[(2, 3, 1)].ns_score == -100
    assert _points(played, 1)[1] == ("4SXN-1", 0.0, 4.0)
    _cell(td, played, 2, 3, board="2", not_played="1", reason="board fouled")
    assert in_play.current_entries(played)[(2, 3, 2)].kind == Entry.Kind.NOT_PLAYED
    assert [line[0] for line in _points(played, 2)] == ["3NTS=", "NP", "3NTS+1"]
    _cell(td, played, 2, 3, board="2", erase="1", reason="entered at the wrong table")
    assert (2, 3, 2) not in in_play.current_entries(played)
    kinds = list(
        Entry.objects.filter(session=played, round=2, table=3)
        .order_by("id")
        .values_list("board", "kind", "reason")
    )
    assert kinds == [
        (1, "result", ""),
        (2, "result", ""),
        (1, "result", "Law 23: assigned after a misinformation"),
        (2, "not_played", "board fouled"),
        (2, "erased", "entered at the wrong table"),
    ]
    control = td.get(f"/director/s/{played.pk}/").content.decode()
    assert "entered at the wrong table" in control
    assert "<td>td</td>" in control
    grid = td.get(f"/director/s/{played.pk}/grid/").content.decode()
    assert grid.count('<td class="missing"') == 1  # red: the table has played round 3
    assert f'class="missing"><a href="/director/s/{played.pk}/cell/2/3/"' in grid


def test_a_procedural_penalty_comes_off_the_total_and_can_be_withdrawn(
    td: Client, played: Session
) -> None:
    assert _totals(played)["2NS"] == ("1", 13.0, 54.17)
    refused = td.post(
        f"/director/s/{played.pk}/penalties/",
        {"pair": "2NS", "amount": "25", "unit": "top", "reason": ""},
    ).content.decode()
    assert "a penalty needs a reason" in refused
    bad = td.post(
        f"/director/s/{played.pk}/penalties/",
        {"pair": "9NS", "amount": "25", "unit": "top", "reason": "x"},
    ).content.decode()
    assert "there is no pair &#x27;9NS&#x27;" in bad
    given = td.post(
        f"/director/s/{played.pk}/penalties/",
        {"pair": "2NS", "amount": "25", "unit": "top", "reason": "mobile phone rang"},
    )
    assert given.status_code == 302
    # 25 % of the top of 4 is 1 MP; 1 MP of the pair's 24 tops is 4.17 %
    totals = _totals(played)
    assert totals["2NS"] == ("1=", 12.0, 50.0)
    assert totals["1NS"] == ("1=", 12.0, 50.0)
    assert totals["3NS"] == ("3", 11.0, 45.83)
    td.post(
        f"/director/s/{played.pk}/penalties/",
        {"pair": "2NS", "amount": "0.5", "unit": "points", "reason": "late again"},
    )
    assert _totals(played)["2NS"] == ("2", 11.5, 47.92)
    page = Client().get(f"/r/{played.public_id}/").content.decode()
    assert ">Penalty</th>" in page
    assert "−1.5" in page or "-1.5" in page
    first = Penalty.objects.get(session=played, reason="mobile phone rang")
    td.post(
        f"/director/s/{played.pk}/penalties/",
        {"withdraw": str(first.pk), "reason": "it was the TD's phone"},
    )
    assert _totals(played)["2NS"] == ("1", 12.5, 52.08)
    assert Penalty.objects.filter(session=played).count() == 3  # nothing deleted
    log = td.get(f"/director/s/{played.pk}/penalties/").content.decode()
    assert "it was the TD&#x27;s phone" in log
    assert "withdrawn: 25 per cent of a top" in log
    again = td.post(
        f"/director/s/{played.pk}/penalties/",
        {"withdraw": str(first.pk), "reason": "twice"},
    ).content.decode()
    assert "that penalty is not standing" in again


# --- entry checks flagged to the director ---------------------------------------------------


def test_a_lead_not_in_the_leaders_hand_is_flagged_only_once_confirmed(
    td: Client, hands_session: Session, link: Link, phone: Phone
) -> None:
    table = TableLink.objects.get(session=hands_session, table=1)
    device = phone(table)
    # board 1: East (North's left) holds 532.86.K632.KJT7; the HK is South's
    fields = {"round": 1, "board": 1, "contract": "4S", "declarer": "N", "result": "=",
              "lead": "HK"}  # fmt: skip
    preview = send_entry(device, table.token, **fields)
    shown = {name: str(value) for name, value in fields.items()}  # echoed as the form read it
    shown["lead"] = "♥K"  # as every notation reads it alike, to be read again
    assert preview == {"http": 200, "preview": "4SN=: NS +420", "ns_score": 420, "board": 1,
                       "input": shown}  # fmt: skip
    kept = send_entry(device, table.token, **fields, confirm="1")
    assert (kept["status"], kept["flags"]) == ("accepted", "the lead HK is not in East's hand")
    fine = send_entry(device, table.token, round=1, board=2, contract="3NT", declarer="S",
                 result="=", lead="H8", confirm="1")  # fmt: skip
    assert fine["flags"] == ""  # West, South's left, holds the H8 on board 2
    grid = td.get(f"/director/s/{hands_session.pk}/grid/").content.decode()
    assert 'class="done flagged"' in grid
    assert "the lead HK is not in East&#x27;s hand" in grid


def test_unusual_results_are_flagged_on_the_grid_not_refused(td: Client, session: Session) -> None:
    entries.record_entry(session, in_play.EntryInput(1, 1, 1, "4S", "N", "="), by_table=True)
    for board in (5, 6):  # table 3's round 1, before it plays board 1 in round 2
        inp = in_play.EntryInput(1, 3, board, "1NT", "N", "=")
        entries.record_entry(session, inp, by_table=True)
    entry, created = entries.record_entry(
        session, in_play.EntryInput(2, 3, 1, "4S", "E", "+1"), by_table=True
    )
    assert created  # kept all the same
    assert entry.flags_shown == (
        "both sides declared S making 21 tricks between them (table 1 in round 1)"
    )
    grid = td.get(f"/director/s/{session.pk}/grid/").content.decode()
    assert "both sides declared S making 21 tricks" in grid
    assert grid.count("flagged") == 1


def test_a_result_far_from_the_others_is_flagged(club: Club) -> None:
    bigger = clubs.create_session(club, "Five tables", build("mitchell:5x2"))
    first = [s for s in seatings(session_movement.movement_of(bigger)) if s.board == 1]
    results = [("4S", "N", "="), ("4S", "N", "+1"), ("4S", "N", "="), ("7NTX", "S", "-6")]
    for seat, (contract, declarer, result) in zip(first, results, strict=False):
        inp = in_play.EntryInput(seat.round, seat.table, 1, contract, declarer, result)
        # the director's entry (a table enters only the round it is playing)
        entries.record_entry(bigger, inp, by_table=False, reason="from the travellers")
    flags = [e.flags_shown for e in in_play.current_entries(bigger).values()]
    assert flags == ["", "", "", "NS -1400 is far from the other tables (median +420)"]


FLAGGED = {
    "en": ("both sides declared S making 23 tricks between them (table 1 in round 1)",
           "NS -1510 is far from the other tables (median +420)"),
    "fi": ("molemmat puolet pelinviejinä maassa ♠, yhteensä 23 tikkiä (pöytä 1, kierros 1)",
           "PE -1510 on kaukana muiden pöytien tuloksista (mediaani +420)"),
    "es": ("ambos bandos declararon ♠ con 23 bazas entre los dos (mesa 1 en la ronda 1)",
           "NS -1510 está lejos de las demás mesas (mediana +420)"),
}  # fmt: skip
"""7♠ by East made against three 4♠ by North made, as a director reads its flags in each
language and notation."""


def test_a_results_flags_are_read_in_the_directors_notation(td: Client, club: Club) -> None:
    """The flags kept with a result name the strain and the side as values: a Finnish or
    Spanish director reads them in their own notation (``♠``, ``PE``), on the grid, in the
    log of the control page and on the entry, whoever entered the result."""
    bigger = clubs.create_session(club, "Five tables", build("mitchell:5x2"))
    first = [s for s in seatings(session_movement.movement_of(bigger)) if s.board == 1]
    results = [("4S", "N", "="), ("4S", "N", "="), ("4S", "N", "="), ("7S", "E", "=")]
    for seat, (contract, declarer, result) in zip(first, results, strict=False):
        inp = in_play.EntryInput(seat.round, seat.table, 1, contract, declarer, result)
        entries.record_entry(bigger, inp, by_table=False, reason="from the travellers")
    flagged = Entry.objects.get(session=bigger, contract="7S")
    for language, said in FLAGGED.items():
        with translation.override(language):
            assert flagged.flags_shown == "; ".join(said)
        grid = td.get(f"/director/s/{bigger.pk}/grid/", HTTP_ACCEPT_LANGUAGE=language)
        assert (
            f'<br><span class="flag">{said[0]}</span><br><span class="flag">{said[1]}</span>'
            in grid.content.decode()
        )
        control = td.get(f"/director/s/{bigger.pk}/", HTTP_ACCEPT_LANGUAGE=language)
        assert f'<span class="flag">{"; ".join(said)}</span>' in control.content.decode()


def test_the_table_cannot_leave_a_round_with_a_board_missing(
    td: Client, session: Session, link: Link, phone: Phone
) -> None:
    table = link(1)
    device = phone(table)
    assert "Still to enter" not in device.get(f"/t/{table.token}/").content.decode()
    send_entry(device, table.token, round=1, board=2, contract="2H", declarer="E", result="=",
          confirm="1")  # fmt: skip
    assert in_play.table_round(session, 1) == 1
    page = device.get(f"/t/{table.token}/").content.decode()
    assert "Table 1 · round 1 of 3" in page
    assert "Still to enter this round: board 1." in page
    send_entry(device, table.token, round=1, board=1, not_played="1", confirm="1")
    assert in_play.table_round(session, 1) == 1  # an ask: the board is not in yet
    ask = TableCall.objects.get(session=session, kind=TableCall.Kind.NOT_PLAYED)
    td.post(f"/director/s/{session.pk}/call/{ask.pk}/answer/", {"action": "accept"})
    assert in_play.table_round(session, 1) == 2
    moved = device.get(f"/t/{table.token}/").content.decode()
    assert "Table 1 · round 2 of 3" in moved
    assert "Still to enter" not in moved


def test_a_penalty_is_typed_with_the_directors_decimal_separator(
    td: Client, played: Session
) -> None:
    """0,5 as a Finnish or Spanish director writes it, 0.5 as an English one does."""
    for language, amount in (("fi", "0,5"), ("es", "0,25"), ("en", "0.25")):
        td.cookies["bridgescore_language"] = language
        given = td.post(
            f"/director/s/{played.pk}/penalties/",
            {"pair": "2NS", "amount": amount, "unit": "points", "reason": language},
        )
        assert given.status_code == 302, given.content.decode()[:500]
    kept = Penalty.objects.filter(session=played).order_by("pk")
    assert [(p.reason, float(p.amount)) for p in kept] == [("fi", 0.5), ("es", 0.25), ("en", 0.25)]
    td.cookies["bridgescore_language"] = "fi"
    page = td.get(f"/director/s/{played.pk}/penalties/").content.decode()
    assert 'placeholder="25 tai 0,5"' in page
