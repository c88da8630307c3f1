"""A session started from a PBN or USEBIO results file on the new-session page (issue 28):
its sections (one or several) the session's, each playing the movement its results show,
its pairs named as the file names them, its results the director's entries, scored as the
file was; a file that is not one, is damaged or names no round and table for its results
is refused with a message and nothing is kept."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from bridgescore.core.seats import Seat
from bridgescore.events.model import ResultRow
from bridgescore.events.movements.sections import SectionedMovement
from bridgescore.io.events import load_event
from bridgescore.web import changes, entries, hand_records, in_play, session_movement, standings
from bridgescore.web.models import Club, Entry, LogLine, Session, SessionPair, TableLink
from web.test_results_pages import HANDS
from web.test_sections import _set_up

RESULTS = {1: "+1", 2: "=", 3: "-1"}
"""4S by North at every table, made with an overtrick at a section's table 1, just made at
its table 2, one down at its table 3: North-South at table 1 (the same pair all session, in
a Mitchell) top every board of the section, at table 3 bottom."""


def _play_all(session: Session, *, unplayed: bool = True) -> None:
    """Every board of the session's movement entered by the director (:data:`RESULTS`),
    but (``unplayed``) board 6 at section B's table 3 in round 1 (the session's table 6),
    given A+/A- (USEBIO's ``A6040``), and board 5 at its table 1 in round 3 (table 4) not
    played."""
    movement = session_movement.movement_of(session)
    for number, rnd in enumerate(movement.rounds, start=1):
        for table in rnd.tables:
            for board in table.boards:
                result = RESULTS[(table.table - 1) % 3 + 1]
                inp = in_play.EntryInput(number, table.table, board, "4S", "N", result)
                if unplayed and (table.table, board) == (6, 6):
                    inp = in_play.EntryInput(number, table.table, board, adjusted="A+/A-")
                elif unplayed and (table.table, board) == (4, 5):
                    inp = in_play.EntryInput(number, table.table, board, not_played=True)
                entries.record_entry(session, inp, by_table=False, reason="slip")


def _exported(td: Client, session: Session, fmt: str) -> SimpleUploadedFile:
    response = td.get(f"/director/s/{session.pk}/export.{fmt}")
    assert response.status_code == 200
    return SimpleUploadedFile(f"session.{fmt}", response.content)


def _form(club: Club, name: str, **fields: object) -> dict[str, object]:
    return {"club": str(club.pk), "name": name, "date": "2026-12-05", **fields}


def _traveller(session: Session) -> list[ResultRow]:
    return sorted(
        in_play.event_of(session).results.rows, key=lambda r: (r.board, r.round or 0, r.table)
    )


def _ranking(session: Session) -> list[tuple[str, str, str, float, float | None]]:
    return [
        (s.field, s.place, s.pair, s.total, None if s.percent is None else round(s.percent, 2))
        for s in standings.ranking(session)
    ]


@pytest.mark.parametrize("fmt", ["pbn", "xml"])
@pytest.mark.parametrize("scored", ["apart", "across"])
def test_a_session_in_sections_exported_starts_the_same_session_again(
    td: Client, club: Club, fmt: str, scored: str
) -> None:
    first = _set_up(td, club, scored)
    _play_all(first)
    answer = td.post("/director/new/", _form(club, "Again", movement=_exported(td, first, fmt)))
    assert answer.status_code == 302, answer.content.decode()
    again = Session.objects.get(name="Again")
    assert again.sections == scored
    field = session_movement.sections_of(again)
    assert isinstance(field, SectionedMovement)
    assert field.letters == ("A", "B")
    assert session_movement.movement_of(again) == session_movement.movement_of(first)
    assert TableLink.objects.filter(session=again).count() == 6
    assert _traveller(again) == _traveller(first)
    assert _ranking(again) == _ranking(first)
    if scored == "apart":  # section A on its own: NS at table 1 top every board, 3 bottom
        percents = {pair: percent for _f, _p, pair, _t, percent in _ranking(again)}
        assert [percents[f"A{n}NS"] for n in (1, 2, 3)] == [100.0, 50.0, 0.0]
        assert [percents[f"A{n}EW"] for n in (1, 2, 3)] == [50.0, 50.0, 50.0]
    kept = Entry.objects.filter(session=again)
    assert kept.count() == 36  # 2 sections × 3 rounds × 3 tables × 2 boards
    assert not kept.filter(by_table=True).exists()
    name = "PBN" if fmt == "pbn" else "USEBIO"
    assert set(kept.values_list("reason", flat=True)) == {
        f"imported from {name} file session.{fmt}, section A",
        f"imported from {name} file session.{fmt}, section B",
    }
    names = dict(SessionPair.objects.filter(session=again).values_list("pair", "names"))
    assert (names["A1NS"], names["B1NS"]) == ("Ann & Bob", "Eve & Fay")
    created = LogLine.objects.get(session=again, what="session created").detail
    assert f"{name} file session.{fmt}, sections A, B, 36 results imported" in created


PBN = Path(__file__).parents[1] / "io" / "data" / "pbn"
"""Real files (``tests/io/data/pbn/SOURCES.md``) whose results name their round and table."""


def _real(name: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, (PBN / name).read_bytes())


def test_a_real_butler_howell_starts_its_session(td: Client, club: Club) -> None:
    """Magic Contest's butler pairs (7 pairs, 28 boards): a 4-table Howell of 7 rounds, 4
    boards a round, a pair sitting out each round (84 results, 4 boards × 3 tables × 7)."""
    form = {"club": str(club.pk), "name": "Butler", "movement": _real("magic_contest_butler.pbn")}
    answer = td.post("/director/new/", form)
    assert answer.status_code == 302, answer.content.decode()
    session = Session.objects.get(name="Butler")
    assert (session.scoring, session.date.isoformat()) == ("butler", "2013-08-20")
    movement = session_movement.movement_of(session)
    assert len(movement.rounds) == 7
    assert [len(r.tables) for r in movement.rounds] == [3] * 7
    assert all(len(r.sit_outs) == 1 for r in movement.rounds)
    assert Entry.objects.filter(session=session).count() == 84
    first = Entry.objects.get(session=session, round=1, board=1)
    # the file's first result: board 1, round 1, table 1: pair 8 NS v 1 EW, 2H by W, down 1
    assert (first.table, first.contract, first.declarer, first.result, first.ns_score) == (
        1, "2H", "W", "-1", 50
    )  # fmt: skip
    names = dict(SessionPair.objects.filter(session=session).values_list("pair", "names"))
    assert names["5"] == "Riku Mattila & Patrik Eriksson"
    # scored as Magic Contest scored it (a short total scaled to every board): the file's
    # TotalScoreTable, rank, pair and IMPs, figure for figure
    assert session.program == "Magic Contest 4.7"
    assert [(place, pair, round(total, 1)) for _f, place, pair, total, _p in _ranking(session)] == [
        ("1", "5", 42.0), ("2", "6", 24.5), ("3", "2", 22.2), ("4", "3", 4.7),
        ("5", "4", -21.0), ("6", "8", -29.2), ("7", "1", -43.2),
    ]  # fmt: skip
    # 7 pairs' totals and places, 84 results' IMPs for NS and EW: 182 figures
    assert _file_check(td, session) == (
        "The results file's figures: scored as Magic Contest 4.7 scores (the file names it):"
        " short totals scaled to every board; the session&#x27;s ranking matches the"
        " file&#x27;s: 7 pairs, 84 results (182 figures)"
    )
    assert session.hands_pbn == ""  # the file carries no deals: no hand records


def test_a_real_field_in_three_sections_scored_across_starts_a_session_in_sections(
    td: Client, club: Club
) -> None:
    """Ruter's cross-IMP pairs (``ruter_impcross.pbn``): sections M and N of 12 tables and
    O of 16 (its tables ``M1``... ``O16``), 21 rounds of 2 boards, 1680 results, ranked
    across the field in one list: a session in sections M, N and O scored across, in
    cross-IMPs, ranked as the library ranks the file."""
    form = _form(club, "Cross", movement=_real("ruter_impcross.pbn"))
    answer = td.post("/director/new/", form)
    assert answer.status_code == 302, answer.content.decode()
    session = Session.objects.get(name="Cross")
    assert (session.sections, session.scoring) == ("across", "cross-imps")
    field = session_movement.sections_of(session)
    assert isinstance(field, SectionedMovement)
    assert field.letters == ("M", "N", "O")
    assert [(s.letter, s.tables[-1] - s.tables[0] + 1, s.rounds) for s in field.spans()] == [
        ("M", 12, 21), ("N", 12, 21), ("O", 16, 21)
    ]  # fmt: skip
    assert Entry.objects.filter(session=session).count() == 1680
    # the file's first row: board 1, round 1, table N4: 524 NS v 557 EW, 6NT by E three
    # down, NS +150, lead the two of hearts
    first = Entry.objects.get(session=session, round=1, board=1, table=field.field_table("N", 4))
    assert (first.contract, first.declarer, first.result, first.ns_score, first.lead) == (
        "6NT", "E", "-3", 150, "H2"
    )  # fmt: skip
    seat = session_movement.movement_of(session).rounds[0].tables[12 + 3]
    assert (seat.table, seat.ns, seat.ew) == (16, "N524", "N557")
    names = dict(SessionPair.objects.filter(session=session).values_list("pair", "names"))
    assert names["N524"] == "Hans Mattsson & Mats Axdorph"
    pairs = SessionPair.objects.filter(session=session).values_list("pair", flat=True)
    ours = {pair[1:]: pair for pair in pairs}
    assert len(ours) == 80
    # scored as Ruter scored it (cross-IMPs summed over the comparisons): the file's
    # TotalScoreTable, its first five and last two, rank, pair and IMPs
    ranked = [(place, pair, total) for _f, place, pair, total, _p in _ranking(session)]
    assert ranked[:5] + ranked[-2:] == [
        ("1", "N523", 2261.0), ("2", "M430", 1896.0), ("3", "N524", 1865.0),
        ("4", "O651", 1735.0), ("5", "O647", 1647.0), ("79", "N557", -2692.0),
        ("80", "N526", -2921.0),
    ]  # fmt: skip
    # every pair but the two of board 15's line the file scores 58.5 each way (its own
    # slip: ours 3.0), as the library reads the file's table
    event = load_event(PBN / "ruter_impcross.pbn")
    published = {ours[s.id]: s.total for s in event.standings}
    totals = {pair: total for _place, pair, total in ranked}
    assert {p for p in published if published[p] != totals[p]} == {"O635", "O658"}
    assert (published["O658"], totals["O658"]) == (806.5, 751.0)
    page = _file_check(td, session)
    assert "scored as Ruter 4.3.2.2 scores (the file names it): cross-IMPs summed" in page
    # in the director's language, figures with its decimal comma
    assert (
        "istunnon luvuista 9/3520 eroaa tiedoston omista (80 paria, 1680 tulosta); ensimmäiset"
        " erot: brikka 15, 635 – 658 PE:n pisteet: meillä 3,0, tiedostossa 58,5"
        " (ruter_impcross.pbn, rivi 1350)"
    ) in _file_check(td, session, "fi")
    assert (
        "las cifras de la sesión difieren de las del archivo en 9 de 3520 (80 parejas, 1680"
        " resultados)"
    ) in _file_check(td, session, "es")
    assert (
        "the session&#x27;s figures differ from the file&#x27;s in 9 of 3520 (80 pairs, 1680"
        " results); the first that differ: board 15, 635 v 658 North-South&#x27;s points:"
        " ours 3.0, the file&#x27;s 58.5 (ruter_impcross.pbn, line 1350)"
    ) in page


def _file_check(td: Client, session: Session, language: str = "en") -> str:
    """The control page's line saying whether the session reproduces its file's figures."""
    page = td.get(f"/director/s/{session.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    found = re.search(r'<p class="file-check">(.*?)</p>', page, re.S)
    assert found is not None, page
    return found.group(1)


def _apart_file(td: Client, club: Club, fmt: str = "pbn") -> str:
    """A session in two sections scored apart, every board played, exported."""
    first = _set_up(td, club, "apart")
    _play_all(first)
    data: bytes = _exported(td, first, fmt).read()
    return data.decode("utf-8" if fmt == "pbn" else "iso-8859-1")


def _refused(td: Client, club: Club, upload: SimpleUploadedFile) -> str:
    """The page's answer to a file refused: 422, the message, no session and no entry
    kept beyond the ones the test set up before."""
    sessions, kept = Session.objects.count(), Entry.objects.count()
    answer = td.post("/director/new/", _form(club, "Refused", movement=upload))
    assert answer.status_code == 422
    assert not Session.objects.filter(name="Refused").exists()
    assert (Session.objects.count(), Entry.objects.count()) == (sessions, kept)
    return answer.content.decode()


def test_a_text_named_pbn_is_refused_as_no_results_file(td: Client, club: Club) -> None:
    page = _refused(td, club, SimpleUploadedFile("results.pbn", b"Board 1: 4S by N, +420\n"))
    assert (
        "Results file results.pbn: not a PBN or USEBIO results file (a PBN file starts with"
        " [ or %, a USEBIO file with &lt;)"
    ) in page


def test_a_damaged_pbn_is_refused_naming_its_line(td: Client, club: Club) -> None:
    # board 1 at table A3 in round 2 given to EW pair 1, who played it at table A1
    text = _apart_file(td, club).replace("A 3 2 3NS 2EW", "A 3 2 3NS 1EW", 1)
    page = _refused(td, club, SimpleUploadedFile("session.pbn", text.encode()))
    assert (
        "Results file session.pbn: session.pbn, line 24, board 1: error: &#x27;A1EW&#x27;"
        " already has a result on this board (at session.pbn, line 23)"
    ) in page


@pytest.mark.parametrize(
    ("folder", "name", "fmt"),
    [
        ("pbn", "bridgecomposer_2025-12-23.pbn", "PBN"),
        ("usebio", "multi-section-pairs.xml", "USEBIO"),
    ],
)
def test_a_real_file_without_rounds_and_tables_is_refused(
    td: Client, club: Club, folder: str, name: str, fmt: str
) -> None:
    """BridgeComposer's PBN of the Palo Alto session of 23 December 2025 (sections A and B)
    and PairsScorer's USEBIO of two sections name each result's pairs, never its round or
    table: no movement to play them in."""
    data = (PBN.parent / folder / name).read_bytes()
    page = _refused(td, club, SimpleUploadedFile(name, data))
    assert (
        f"Results file {name}: its results name no round and table, so it gives no movement"
    ) in page


def test_a_pair_at_two_tables_in_a_round_is_refused_naming_its_section(
    td: Client, club: Club
) -> None:
    # board 1 at table A3 said played in round 1, not 2: EW pair 2 then sits at tables A3
    # and A2 (its own table, boards 3 and 4) in round 1
    text = _apart_file(td, club).replace("A 3 2 3NS 2EW", "A 3 1 3NS 2EW", 1)
    page = _refused(td, club, SimpleUploadedFile("session.pbn", text.encode()))
    assert (
        "Results file session.pbn: section A: round 1: pair 2EW has results at tables 3 and 2"
    ) in page


def test_a_result_the_director_cannot_enter_refuses_the_whole_file(td: Client, club: Club) -> None:
    # board 1 at table B1 in round 1: its score only, no contract or result
    text = _apart_file(td, club).replace(
        'B 1 1 1NS 1EW 4S N 11 450  - "Eve;Fay"', 'B 1 1 1NS 1EW -  - -  450  - "Eve;Fay"', 1
    )
    page = _refused(td, club, SimpleUploadedFile("session.pbn", text.encode()))
    assert "PBN file session.pbn, sections A, B: nothing imported, these results do not fit" in page
    assert (
        "section B, table 1, round 1, board 1: the file gives its score (NS 450) and not its"
        " contract and result, which a director&#x27;s entry needs"
    ) in page


def test_the_page_says_a_results_file_starts_a_session(td: Client) -> None:
    page = td.get("/director/new/").content.decode()
    assert 'accept=".json,.yaml,.yml,.csv,.txt,.bws,.pbn,.xml"' in page
    assert "A PBN or USEBIO results file whose results name their round and table" in page


def test_names_typed_on_the_page_win_over_the_file_s(td: Client, club: Club) -> None:
    text = _apart_file(td, club, "xml")
    form = _form(
        club, "Named", movement=SimpleUploadedFile("session.xml", text.encode("iso-8859-1")),
        names="B1NS: Gus & Hal",
    )  # fmt: skip
    assert td.post("/director/new/", form).status_code == 302
    names = dict(SessionPair.objects.filter(session__name="Named").values_list("pair", "names"))
    assert (names["A1NS"], names["B1NS"]) == ("Ann & Bob", "Gus & Hal")


def test_a_pair_typed_that_the_file_does_not_have_is_refused(td: Client, club: Club) -> None:
    upload = SimpleUploadedFile("session.pbn", _apart_file(td, club).encode())
    page = _refused_form(td, _form(club, "Refused", movement=upload, names="C1NS: Ann & Bob"))
    assert "Pairs&#x27; names: there is no pair &#x27;C1NS&#x27; in this movement" in page


def _refused_form(td: Client, form: dict[str, object], language: str = "en") -> str:
    sessions, kept = Session.objects.count(), Entry.objects.count()
    answer = td.post("/director/new/", form, HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 422
    assert (Session.objects.count(), Entry.objects.count()) == (sessions, kept)
    return answer.content.decode()


def test_in_spanish_and_finnish(td: Client, club: Club) -> None:
    """The import and its refusals in the director's language: the entries' reason, a
    file that is not one, a real file without rounds and tables."""
    text = _apart_file(td, club).encode()
    form = _form(club, "Otra vez", movement=SimpleUploadedFile("session.pbn", text))
    assert td.post("/director/new/", form, HTTP_ACCEPT_LANGUAGE="es").status_code == 302
    assert set(Entry.objects.filter(session__name="Otra vez").values_list("reason", flat=True)) == {
        "importado de Fichero PBN session.pbn, sección A",
        "importado de Fichero PBN session.pbn, sección B",
    }
    upload = SimpleUploadedFile("tulokset.pbn", b"Board 1: 4S by N, +420\n")
    page = _refused_form(td, _form(club, "Ei", movement=upload), "fi")
    assert (
        "Tulostiedosto tulokset.pbn: ei PBN- eikä USEBIO-tulostiedosto (PBN-tiedosto alkaa"
        " merkillä [ tai %, USEBIO-tiedosto merkillä &lt;)"
    ) in page
    real = SimpleUploadedFile(
        "multi.xml", (PBN.parent / "usebio" / "multi-section-pairs.xml").read_bytes()
    )
    page = _refused_form(td, _form(club, "No", movement=real), "es")
    assert (
        "Fichero de resultados multi.xml: sus resultados no indican ronda ni mesa, así que no"
        " dan ningún movimiento"
    ) in page


def test_a_yaml_movement_starting_with_a_directive_is_still_a_movement(
    td: Client, club: Club
) -> None:
    """``%YAML`` starts a PBN's way (``%``): the name says a movement file, and it is read as
    one (BridgeScorer's form, ``docs/movements.md``), not refused as a damaged PBN."""
    yaml = b"%YAML 1.2\n---\nnot: a movement\n"
    page = _refused_form(td, _form(club, "Yaml", movement=SimpleUploadedFile("howell.yaml", yaml)))
    assert "<li>howell.yaml: cannot tell the movement format: expected our JSON form" in page


def test_a_real_matchpointed_file_is_scored_as_its_program_and_its_deals_shown(
    td: Client, club: Club
) -> None:
    """Magic Contest France's matchpoint pairs (``magic_contest_test_set.pbn``: 44 pairs,
    28 boards, 616 results): scored with Magic Contest's own matchpoint policy, the file's
    ranking reproduced figure for figure, and its deals the session's hand records, shown
    on the results pages."""
    upload = _real("magic_contest_test_set.pbn")
    answer = td.post("/director/new/", _form(club, "France", movement=upload))
    assert answer.status_code == 302, answer.content.decode()
    session = Session.objects.get(name="France")
    assert (session.scoring, session.program) == ("mp", "Magic Contest France 4.13.3.4")
    assert Entry.objects.filter(session=session).count() == 616
    # the file's TotalScoreTable, this session's columns (SessionRank, SessionScoreMP,
    # SessionPercentage) of its first four and last two
    ranked = [(p, pair, round(t, 1), pc) for _f, p, pair, t, pc in _ranking(session)]
    assert ranked[:4] + ranked[-2:] == [
        ("1", "44", 718.9, 61.13), ("2", "14", 710.9, 60.45), ("3", "15", 690.9, 58.75),
        ("4", "2", 682.1, 58.0), ("43", "4", 478.2, 40.66), ("44", "6", 454.1, 38.61),
    ]  # fmt: skip
    assert _file_check(td, session).endswith(
        "the session&#x27;s ranking matches the file&#x27;s: 44 pairs, 616 results (2596 figures)"
    )
    # board 3 of the file: [Deal "S:K654.AK86.A.8532 QJT9.J73.T982.KQ A8.T4.KJ74.T9764
    # 732.Q952.Q653.AJ"], dealer South, East-West vulnerable
    deals = hand_records.hands_of(session.hands_pbn)
    assert sorted(deals) == list(range(1, 29))
    assert deals[3].to_pbn(Seat.SOUTH) == (
        "S:K654.AK86.A.8532 QJT9.J73.T982.KQ A8.T4.KJ74.T9764 732.Q952.Q653.AJ"
    )
    page = td.get(f"/r/{session.public_id}/board-3.html").content.decode()
    assert 'aria-label="The four hands"' in page
    assert '<span class="sym">♠</span> A8<' in page  # North's spades
    assert '<span class="sym">♥</span> Q952<' in page  # East's hearts


def test_the_app_s_own_usebio_export_brings_its_deals_along(td: Client, club: Club) -> None:
    """A session in sections with a club's real hand records (Bridgewebs, 24 deals),
    exported as USEBIO (its ``HANDSET``) and started again: the deals come back as the new
    session's hand records."""
    first = _set_up(td, club, "apart")
    hand_records.set_hands(first, HANDS.read_text(encoding="utf-8"))
    _play_all(first)
    upload = _exported(td, first, "xml")
    answer = td.post("/director/new/", _form(club, "Again", movement=upload))
    assert answer.status_code == 302, answer.content.decode()
    again = Session.objects.get(name="Again")
    deals = hand_records.hands_of(again.hands_pbn)
    assert len(deals) == 24
    # board 1 of the hand records: North A98 in spades (bridgewebs_hands.pbn)
    assert str(deals[1].to_pbn(Seat.NORTH)).startswith("N:A98.")
    assert deals == hand_records.hands_of(first.hands_pbn)
    assert again.program == ""  # bridgescore's own file: bridgescore's own conventions
    assert _file_check(td, again).endswith(
        "the file carries no figures of its own to check the session&#x27;s against"
    )  # the app's export writes the results, not its figures


def test_hand_records_sent_with_the_file_win_over_its_deals(td: Client, club: Club) -> None:
    hands = SimpleUploadedFile("hands.pbn", HANDS.read_bytes())
    form = _form(club, "Own hands", movement=_real("ruter_cross2.pbn"), hands=hands)
    assert td.post("/director/new/", form).status_code == 302
    session = Session.objects.get(name="Own hands")
    assert len(hand_records.hands_of(session.hands_pbn)) == 24  # the Bridgewebs 24, not 16


BARE = """% PBN 2.1
[Event "Bare"]
[Date "2026.12.05"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[ScoreTable "Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
 1  1 1NS 1EW 4S  N 10  420    -
 2  1 2NS 2EW 4S  N  9    -   50

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[ScoreTable "Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
 1  2 1NS 2EW 3NT S  9  600    -
 2  2 2NS 1EW 3NT S 10  630    -
"""
"""Two tables, two rounds, a board a round: results with no figures, no program, no
deals."""


def test_a_file_without_figures_or_deals_of_its_own_says_so(td: Client, club: Club) -> None:
    upload = SimpleUploadedFile("bare.pbn", BARE.encode())
    answer = td.post("/director/new/", _form(club, "Bare", movement=upload))
    assert answer.status_code == 302, answer.content.decode()
    session = Session.objects.get(name="Bare")
    assert (session.program, session.hands_pbn) == ("", "")
    assert Entry.objects.filter(session=session).count() == 4
    assert _file_check(td, session) == (
        "The results file's figures: scored with bridgescore&#x27;s defaults (the file names no"
        " program): matchpoint policy wbf; the file carries no figures of its own to check"
        " the session&#x27;s against"
    )


def test_the_results_pages_rank_as_the_file_does(td: Client, club: Club) -> None:
    """The published ranking of Magic Contest's butler: pair 5 first with 42.0 IMPs, pair
    6 second with 24.5, as the file's TotalScoreTable has them (bridgescore's own defaults
    give 36 and 21)."""
    form = _form(club, "Butler", movement=_real("magic_contest_butler.pbn"))
    assert td.post("/director/new/", form).status_code == 302
    session = Session.objects.get(name="Butler")
    page = td.get(f"/r/{session.public_id}/").content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "1 5 Riku Mattila, Patrik Eriksson 42 24 2 6 Markku Kanerva, Lauri Kurki 24.5" in text


@pytest.mark.parametrize(
    ("column", "said"),
    [
        (
            3,
            "round 1000000000, table {table}: round out of range, a movement has at most 60 rounds",
        ),
        (2, "round {round}, table 1000000000: table out of range, a field has at most 300 tables"),
    ],
)
def test_a_round_or_table_out_of_range_is_a_short_refusal(
    td: Client, club: Club, column: int, said: str
) -> None:
    """One result's round of 10^9 was a MemoryError (an HTTP 500), one of 10^7 a page of
    89 MB listing every missing round; a table of 10^9 ran out of memory numbering the
    field's tables. Each is refused at that result, with its file and line."""
    text = _apart_file(td, club)
    lines = text.splitlines(keepends=True)
    number = next(n for n, line in enumerate(lines) if line.startswith("A "))
    fields = re.match(r"A +(\d+) +(\d+) ", lines[number])
    assert fields is not None
    table, round_no = fields.groups()
    parts = re.split(r"( +)", lines[number], maxsplit=2 * column)
    parts[2 * (column - 1)] = "1000000000"
    lines[number] = "".join(parts)
    page = _refused(td, club, SimpleUploadedFile("session.pbn", "".join(lines).encode()))
    assert (
        f"Results file session.pbn: section A: session.pbn, line {number + 1}: "
        + said.format(table=table, round=round_no)
    ) in page
    assert len(page) < 100_000


def _pair_leaves(td: Client, club: Club, typed_spec: str, pair: str) -> Session:
    """A session of ``typed_spec`` (scored apart when in sections) whose ``pair`` leaves
    from round 3, as the director's late change does, then played to its end
    (:data:`RESULTS`)."""
    form = _form(club, "Left", typed_spec=typed_spec, sections="apart")
    assert td.post("/director/new/", form).status_code == 302
    session = Session.objects.get(name="Left")
    change = changes.missing_pair(session, pair, 3)
    changes.apply_change(session, change, "went home", None)
    _play_all(session, unplayed=False)
    return session


def _seated(session: Session) -> list[list[tuple[int, str, str, tuple[int, ...]]]]:
    movement = session_movement.movement_of(session)
    return [[(t.table, t.ns, t.ew, t.boards) for t in rnd.tables] for rnd in movement.rounds]


@pytest.mark.parametrize("fmt", ["pbn", "xml"])
def test_a_session_a_pair_left_starts_again_from_its_export(
    td: Client, club: Club, fmt: str
) -> None:
    """Pair 2EW leaves a 3-table Mitchell after round 2: it, and 1NS whom it was to meet
    in round 3, play 4 of the 6 boards, under the 70 % a planned movement must give them,
    and its export starts the session again, as played (it was a 422: the movement is not
    sound)."""
    first = _pair_leaves(td, club, "mitchell:3x2", "2EW")
    answer = td.post("/director/new/", _form(club, "Again", movement=_exported(td, first, fmt)))
    assert answer.status_code == 302, answer.content.decode()
    again = Session.objects.get(name="Again")
    assert _seated(again) == [
        [(1, "1NS", "1EW", (1, 2)), (2, "2NS", "2EW", (3, 4)), (3, "3NS", "3EW", (5, 6))],
        [(1, "1NS", "3EW", (3, 4)), (2, "2NS", "1EW", (5, 6)), (3, "3NS", "2EW", (1, 2))],
        [(2, "2NS", "3EW", (1, 2)), (3, "3NS", "1EW", (3, 4))],  # 1NS sits out
    ]
    # boards 5-6 played twice, factored (Neuberg) to a top of 4 as the others: 2NS's
    # two tops on them 3.5 each, 3NS's two bottoms 0.5 each
    assert _ranking(again) == [
        ("NS", "1", "1NS", 16.0, 100.0),
        ("NS", "2", "2NS", 15.0, 62.5),
        ("NS", "3", "3NS", 1.0, 4.17),
        ("EW", "1", "2EW", 12.0, 75.0),
        ("EW", "2", "3EW", 11.0, 45.83),
        ("EW", "3", "1EW", 9.0, 37.5),
    ]
    assert Entry.objects.filter(session=again).count() == 16  # 3 + 3 + 2 tables × 2 boards


@pytest.mark.parametrize("fmt", ["pbn", "xml"])
def test_a_session_in_sections_a_pair_left_starts_again_from_its_export(
    td: Client, club: Club, fmt: str
) -> None:
    """The same in section B of a field in two sections scored apart."""
    first = _pair_leaves(td, club, "mitchell:3x2 + mitchell:3x2", "B2EW")
    answer = td.post("/director/new/", _form(club, "Again", movement=_exported(td, first, fmt)))
    assert answer.status_code == 302, answer.content.decode()
    again = Session.objects.get(name="Again")
    assert again.sections == "apart"
    field = session_movement.sections_of(again)
    assert isinstance(field, SectionedMovement)
    round_3 = field.section("B").movement.rounds[2]  # in section B's own numbers
    assert [(t.table, t.ns, t.ew) for t in round_3.tables] == [(2, "2NS", "3EW"), (3, "3NS", "1EW")]
    assert round_3.sit_outs == ("1NS", "2EW")
    assert _seated(again)[2] == [
        (1, "A1NS", "A2EW", (5, 6)),
        (2, "A2NS", "A3EW", (1, 2)),
        (3, "A3NS", "A1EW", (3, 4)),
        (5, "B2NS", "B3EW", (1, 2)),
        (6, "B3NS", "B1EW", (3, 4)),
    ]
    assert _ranking(again) == [
        ("A NS", "1", "A1NS", 24.0, 100.0),
        ("A NS", "2", "A2NS", 12.0, 50.0),
        ("A NS", "3", "A3NS", 0.0, 0.0),
        ("A EW", "1=", "A1EW", 12.0, 50.0),
        ("A EW", "1=", "A2EW", 12.0, 50.0),
        ("A EW", "1=", "A3EW", 12.0, 50.0),
        ("B NS", "1", "B1NS", 16.0, 100.0),
        ("B NS", "2", "B2NS", 15.0, 62.5),
        ("B NS", "3", "B3NS", 1.0, 4.17),
        ("B EW", "1", "B2EW", 12.0, 75.0),
        ("B EW", "2", "B3EW", 11.0, 45.83),
        ("B EW", "3", "B1EW", 9.0, 37.5),
    ]
