"""A session started from a Bridgemate ``.bws`` file on the new-session page: the real
session of 2025-12-23 (``tests/io/data/bridgemate/SOURCES.md``), section A (9 tables, 8
rounds, 3 boards a round: 216 results) or B (8 tables, 7 rounds: 168), its movement, its
players and every result it holds as the director's entries, ranked live as the library
ranks the same section; a damaged file, a text file named ``.bws``, a section left out
or a result that does not fit refuse the whole import with a message and keep nothing;
with no section chosen, both sections start one session in sections (issue 28)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

import bridgescore
from bridgescore.events.model import Participant
from bridgescore.events.pairs import PairsResult
from bridgescore.events.scoring import score_event
from bridgescore.io import bridgemate
from bridgescore.web import live, session_movement
from bridgescore.web.director import fields
from bridgescore.web.models import Club, Entry, LogLine, Session, SessionPair, TableLink

BWS = Path(__file__).parents[1] / "io" / "data" / "bridgemate" / "bridgemate_2025-12-23.bws"
"""The Palo Alto Bridge Center's session of 23 December 2025 (3.1 MB, two sections)."""

SECTIONS = {"A": (216, 9, 8), "B": (168, 8, 7)}
"""Each section's results, tables and rounds: every board the movement schedules
(9 × 8 × 3 and 8 × 7 × 3), as ``docs/bridgemate.md`` counts them in ``ReceivedData``."""


def _upload(data: bytes | None = None, name: str = BWS.name) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, BWS.read_bytes() if data is None else data)


def _form(club: Club, name: str, **fields: object) -> dict[str, object]:
    return {"club": str(club.pk), "name": name, "date": "2025-12-23", **fields}


def _library_ranking(section: str) -> list[tuple[str, str, str, float, float | None]]:
    """The library's ranking of one section of the file: its whole event (pairs named
    ``A1NS``), restricted to that section's results and pairs, named as one section's
    movement names them (``1NS``)."""
    whole = bridgescore.load_event(BWS)
    rows = tuple(
        replace(r, ns=r.ns.removeprefix(section), ew=r.ew.removeprefix(section))
        for r in whole.results.rows
        if r.ns.startswith(section)
    )
    players = tuple(
        Participant(p.id.removeprefix(section), p.names)
        for p in whole.participants
        if p.id.startswith(section)
    )
    results = replace(whole.results, rows=rows, problems=())
    return _ranking(score_event(replace(whole, results=results, participants=players)))


def _ranking(scored: object) -> list[tuple[str, str, str, float, float | None]]:
    assert isinstance(scored, PairsResult)
    return [(s.field, s.place, s.pair, s.total, s.percent) for s in scored.standings]


@pytest.mark.parametrize("section", ["A", "B"])
def test_a_section_of_the_real_file_starts_a_session_with_its_results(
    td: Client, club: Club, section: str
) -> None:
    results, tables, rounds = SECTIONS[section]
    form = _form(club, f"Alpine {section}", movement=_upload(), section=section.lower())
    answer = td.post("/director/new/", form)
    assert answer.status_code == 302
    session = Session.objects.get(name=f"Alpine {section}")
    movement = session_movement.movement_of(session)
    assert (len(movement.rounds), TableLink.objects.filter(session=session).count()) == (
        rounds,
        tables,
    )
    kept = Entry.objects.filter(session=session)
    assert kept.count() == results
    assert not kept.filter(by_table=True).exists()  # the director's entries, each with why
    assert set(kept.values_list("reason", flat=True)) == {
        f"imported from Bridgemate file {BWS.name}, section {section}"
    }
    assert set(kept.values_list("by__username", flat=True)) == {"td"}
    # the log says which program set the file up, and that it carries no scores to check
    created = LogLine.objects.get(session=session, what="session created").detail
    assert "set up by ACBLscore: scored as it scores (matchpoints (ACBL))" in created
    assert session.scoring == "acbl"  # 1 a beat, as ACBLscore matchpoints
    assert f"{results} results imported" in created
    # the real file's first row: section 1, table 8, round 1, board 13, 2 S by E, +1
    if section == "A":
        first = kept.get(round=1, table=8, board=13)
        assert (first.contract, first.declarer, first.result, first.ns_score) == (
            "2S",
            "E",
            "+1",
            -140,
        )
        names = dict(SessionPair.objects.filter(session=session).values_list("pair", "names"))
        assert names["1NS"] == "Colin Hemsley & Anne Dudman"  # PlayerNumbers, table 1, N and S
        assert names["1EW"] == "Marc Cervellino & Steve Carr"
    assert live.score(live.event(session)) == score_event(live.event(session))
    ranking = _ranking(live.score(live.event(session)))
    assert len(ranking) == 2 * tables  # a Mitchell: each table's NS and EW pairs
    assert ranking == _library_ranking(section)
    assert td.get(f"/r/{session.public_id}/").status_code == 200


def test_names_typed_on_the_page_win_over_the_file(td: Client, club: Club) -> None:
    form = _form(club, "Named", movement=_upload(), section="A", names="1NS: Ann & Bob")
    assert td.post("/director/new/", form).status_code == 302
    names = dict(SessionPair.objects.filter(session__name="Named").values_list("pair", "names"))
    assert (names["1NS"], names["1EW"]) == ("Ann & Bob", "Marc Cervellino & Steve Carr")


def test_a_file_of_two_sections_starts_one_session_in_sections(td: Client, club: Club) -> None:
    answer = td.post("/director/new/", _form(club, "Both", movement=_upload()))
    assert answer.status_code == 302, answer.content.decode()
    session = Session.objects.get(name="Both")
    field = session_movement.sections_of(session)
    assert field is not None
    assert field.letters == ("A", "B")
    assert session.sections == "apart"  # as the library scores the file's two sections
    assert TableLink.objects.filter(session=session).count() == 9 + 8
    kept = Entry.objects.filter(session=session)
    assert kept.count() == 216 + 168
    # section B's table 1 is the session's table 10, its pairs named B1NS
    first_b = kept.filter(table=10).order_by("round", "board").first()
    assert first_b is not None
    assert first_b.reason == f"imported from Bridgemate file {BWS.name}, section B"
    names = dict(SessionPair.objects.filter(session=session).values_list("pair", "names"))
    assert names["A1NS"] == "Colin Hemsley & Anne Dudman"
    created = LogLine.objects.get(session=session, what="session created").detail
    assert f"Bridgemate file {BWS.name}, sections A, B, 384 results imported" in created
    # ranked section by section exactly as the library ranks the file itself
    whole = bridgescore.load_event(BWS)
    assert _ranking(live.score(live.event(session))) == _ranking(score_event(whole))
    assert td.get(f"/r/{session.public_id}/").status_code == 200


def test_a_section_the_file_lacks_is_a_form_error_listing_them(td: Client, club: Club) -> None:
    wrong = td.post("/director/new/", _form(club, "Which", movement=_upload(), section="C"))
    assert wrong.status_code == 422
    assert "the file has no section C (it holds sections A, B)" in wrong.content.decode()
    assert not Session.objects.filter(name="Which").exists()


@pytest.mark.parametrize(
    ("data", "name", "said"),
    [
        (
            BWS.read_bytes()[:4096],
            "cut.bws",
            "Movement file cut.bws: the Bridgemate file cannot be read: cut.bws: the Access"
            " database is damaged and cannot be opened",
        ),
        (
            b"Section,Table,Round\n1,1,1\n",
            "notes.bws",
            "Movement file notes.bws: not a Bridgemate file (a .bws file is a Microsoft"
            " Access database, and this one is not)",
        ),
    ],
    ids=["truncated to 4 KB", "text named .bws"],
)
def test_a_damaged_or_foreign_file_is_a_form_error_and_starts_nothing(
    td: Client, club: Club, data: bytes, name: str, said: str
) -> None:
    page = td.post(
        "/director/new/", _form(club, "Broken", movement=_upload(data, name), section="A")
    )
    assert page.status_code == 422
    text = page.content.decode()
    assert said in text
    assert "/tmp" not in text  # the director's file, by its name, not the copy read
    assert "upload.bws" not in text
    assert not Session.objects.filter(name="Broken").exists()
    assert not Entry.objects.exists()


def test_importing_twice_makes_two_whole_sessions(td: Client, club: Club) -> None:
    for _ in range(2):  # the same form posted again: a second session, never a half one
        form = _form(club, "Twice", movement=_upload(), section="B")
        assert td.post("/director/new/", form).status_code == 302
    twice = Session.objects.filter(name="Twice")
    assert twice.count() == 2
    assert [Entry.objects.filter(session=s).count() for s in twice] == [168, 168]


@pytest.fixture
def altered(monkeypatch: pytest.MonkeyPatch) -> dict[int, dict[str, object]]:
    """The real file with some ``ReceivedData`` rows changed (by ID) as the test says."""
    changes: dict[int, dict[str, object]] = {}
    real = bridgemate.load

    def load(path: str | Path) -> bridgemate.BWSDocument:
        document = real(path)
        received = tuple(replace(r, **changes.get(r.id, {})) for r in document.received)  # type: ignore[arg-type]
        return replace(document, received=received)

    monkeypatch.setattr(bridgemate, "load", load)
    return changes


def test_one_result_that_does_not_fit_refuses_the_whole_import(
    td: Client, club: Club, altered: dict[int, dict[str, object]]
) -> None:
    altered[1] = {"result": "+7"}  # table 8, round 1, board 13: 2S+7 is 15 tricks
    altered[3] = {"contract": "8 NT"}  # table 1, round 1, board 1
    page = td.post("/director/new/", _form(club, "Bad row", movement=_upload(), section="A"))
    assert page.status_code == 422
    text = page.content.decode()
    assert f"Bridgemate file {BWS.name}, section A: nothing imported" in text
    assert (  # every row that does not fit, in the order of the movement
        "<li>section A, table 1, round 1, board 1: contract &#x27;8 NT&#x27;: a contract&#x27;s"
        " level is 1 to 7</li><li>section A, table 8, round 1, board 13: result &#x27;+7&#x27;:"
        " 2S can make at most 13 tricks (at most +5)</li>"
    ) in text
    assert not Session.objects.filter(name="Bad row").exists()
    assert not Entry.objects.exists()
    assert not SessionPair.objects.exists()


def test_rulings_in_the_file_are_the_directors_adjusted_scores(
    td: Client, club: Club, altered: dict[int, dict[str, object]]
) -> None:
    altered[1] = {"remarks": "60%-40%"}
    altered[3] = {"remarks": "Not played"}
    altered[4] = {"remarks": "Wrong direction"}
    rows = {r.id: r for r in bridgemate.load(BWS).received if r.id in (1, 3, 4)}
    form = _form(club, "Rulings", movement=_upload(), section="A")
    assert td.post("/director/new/", form).status_code == 302
    kept = Entry.objects.filter(session__name="Rulings")
    assert kept.count() == 216

    def entry(row_id: int) -> Entry:
        r = rows[row_id]
        return kept.get(round=r.round, table=r.table, board=r.board)

    assert (entry(1).kind, entry(1).adjusted) == (Entry.Kind.ADJUSTED, "60%/40%")
    assert entry(3).kind == Entry.Kind.NOT_PLAYED
    assert entry(4).kind == Entry.Kind.RESULT  # scored as entered, the remark in the log
    assert entry(4).reason.endswith("(Bridgemate remark: Wrong direction)")


def test_an_arbitral_score_refuses_the_import_saying_why(
    td: Client, club: Club, altered: dict[int, dict[str, object]]
) -> None:
    altered[1] = {"remarks": "Arbitral score"}
    page = td.post("/director/new/", _form(club, "Arbitral", movement=_upload(), section="A"))
    assert page.status_code == 422
    assert "section A, table 8, round 1, board 13: the remark" in page.content.decode()
    assert not Session.objects.filter(name="Arbitral").exists()


def test_without_the_extra_the_page_says_what_to_install(
    td: Client, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "access_parser", None)
    line = (
        "Reading Bridgemate .bws files needs the bridgemate extra:"
        " pip install &#x27;bridgescore[bridgemate]&#x27;"
    )
    assert line in td.get("/director/new/").content.decode()
    page = td.post("/director/new/", _form(club, "No extra", movement=_upload(), section="A"))
    assert page.status_code == 422
    assert line in page.content.decode()
    assert not Session.objects.filter(name="No extra").exists()


def test_only_a_bridgemate_file_may_be_bigger_than_a_text_file(td: Client, club: Club) -> None:
    assert BWS.stat().st_size > fields.FILE_BYTES  # the real file is 3.1 MB
    text = b"Section,Table,Round\n" + b" " * fields.FILE_BYTES
    page = td.post("/director/new/", _form(club, "Big", movement=_upload(text, "big.csv")))
    assert page.status_code == 422
    assert f"more than the {fields.FILE_BYTES:,} taken" in page.content.decode()
    huge = BWS.read_bytes()[:64] + b"\0" * fields.BRIDGEMATE_BYTES
    page = td.post("/director/new/", _form(club, "Big", movement=_upload(huge), section="A"))
    assert page.status_code == 422
    assert f"more than the {fields.BRIDGEMATE_BYTES:,} taken" in page.content.decode()
