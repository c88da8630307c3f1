"""The deals' double-dummy analysis in the web app: worked out once when the hand records
are saved (never on a request's path), kept with the session, shown on the results pages
once done ("Analysing…" until then), started again for new hand records or where a
stopped server left it; the "Print all" link only to whom may open it; a session of hand
records alone published as the hand-record booklet.

The hand records are BridgeComposer's (``bridgecomposer_2025-12-23.pbn``): each deal with
its own ``DoubleDummyTricks``, ``OptimumScore`` and ``ParContract``, the figures the pages
are held to."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from pytest_django import DjangoCaptureOnCommitCallbacks, Settings

from bridgescore.analysis import solver
from bridgescore.analysis.model import DoubleDummy
from bridgescore.core.seats import Seat
from bridgescore.core.strains import Strain
from bridgescore.errors import MissingExtraError
from bridgescore.errors import marked as _
from bridgescore.events.movements.spec import build
from bridgescore.web import analysing, clubs, entries, in_play, matches
from bridgescore.web.models import Club, LogLine, Session, TableLink

from .conftest import SPEC, play_all

PBN = Path(__file__).parents[1] / "io" / "data" / "pbn"
COMPOSER = PBN / "bridgecomposer_2025-12-23.pbn"
"""24 deals, each with BridgeComposer's own analysis."""
OTHER = PBN / "bridgewebs_hands.pbn"
"""Another club's 24 deals (Bridgewebs), none analysed in the file."""

SOLVER = pytest.mark.skipif(
    not solver.available(), reason="the dd extra (endplay) analyses the deals"
)
"""A test of the deals the solver analyses (the others hold without it)."""
pytestmark = pytest.mark.dd

Phone = Callable[[TableLink], Client]

BOARD_1 = {  # the file's [DoubleDummyTricks "2563225632b87abb87ab"]: N, S, E, W by NT S H D C
    "N": [2, 5, 6, 3, 2],
    "S": [2, 5, 6, 3, 2],
    "E": [11, 8, 7, 10, 11],
    "W": [11, 8, 7, 10, 11],
}
"""Board 1's grid as the file gives it: East-West make 3NT+2 ([OptimumScore "EW 460"])."""


def _text(path: Path) -> str:
    return path.read_text(encoding="latin-1")


def _session(club: Club, hands: Path, capture: DjangoCaptureOnCommitCallbacks) -> Session:
    """A pairs session set up with ``hands``, as a director's form sets it up: the analysis
    starts when the set-up's transaction commits (here at once, in the test's thread)."""
    with capture(execute=True):
        made = clubs.create_session(club, "Alpine", build(SPEC), spec=SPEC, hands_pbn=_text(hands))
    made.refresh_from_db()
    return made


def _grid(html: str) -> dict[str, list[int]]:
    """The double-dummy grid of a board page: each declarer's tricks in NT ♠ ♥ ♦ ♣."""
    table = re.search(r'<table class="dd">.*?</table>', html, re.S)
    assert table is not None, "no double-dummy grid on the page"
    rows = re.findall(r'<th scope="row">(\w+)</th>((?:<td>\d+</td>)+)', table[0])
    return {seat: [int(n) for n in re.findall(r"\d+", cells)] for seat, cells in rows}


def _page(client: Client, session: Session, page: str) -> str:
    response = client.get(f"/r/{session.public_id}/{page}")
    assert response.status_code == 200, response.content.decode()[:500]
    return response.content.decode()


@SOLVER
def test_the_analysis_is_kept_once_the_hand_records_are_saved_and_shown_when_published(
    club: Club, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    session = _session(club, COMPOSER, django_capture_on_commit_callbacks)
    assert session.analysis_state == Session.Analysis.DONE
    assert session.analysis_of == analysing.digest_of(session.hands_pbn)
    kept = analysing.analyses_of(session)
    assert sorted(kept) == list(range(1, 25))
    assert analysing.shown(session).lines() == []  # the file and the solver agree
    play_all(session)
    entries.change_state(session, Session.State.PUBLISHED)
    html = _page(Client(), session, "board-1.html")
    assert _grid(html) == BOARD_1
    par = re.search(r'<p class="par">.*?</p>', html, re.S)
    assert par is not None
    assert '<span class="score">NS -460</span>' in par[0]  # [OptimumScore "EW 460"]
    assert "EW 3NT+2" in par[0]  # [ParContract "EW 3N+2"]
    assert "Analysing…" not in html
    file_tricks = re.findall(r'\[DoubleDummyTricks "(\w+)"\]', _text(COMPOSER))
    for board in range(2, 7):  # every board of the session, held to the file's figures
        tricks = DoubleDummy.from_pbn(file_tricks[board - 1])
        expected = {
            seat.letter: [tricks.of(seat, strain) for strain in _PBN_STRAINS]
            for seat in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
        }
        assert _grid(_page(Client(), session, f"board-{board}.html")) == expected


_PBN_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


@SOLVER
def test_a_teams_match_s_hand_records_are_analysed_too(
    club: Club, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        made = matches.create_teams_session(
            club, "Cup", ["Ants", "Bees", "Cats", "Dogs"], 4, hands_pbn=_text(COMPOSER)
        )
    made.refresh_from_db()
    assert made.analysis_state == Session.Analysis.DONE
    assert analysing.analyses_of(made)[1].tricks == DoubleDummy.from_pbn("2563225632b87abb87ab")
    event = in_play.event_of(made)
    assert event.analyses[1].par is not None
    assert event.analyses[1].par.score == -460


@SOLVER
def test_analysing_is_said_until_done_and_the_hands_are_shown_meanwhile(
    club: Club,
    td: Client,
    settings: Settings,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    settings.BRIDGESCORE_ANALYSIS = "off"  # started, never finished
    session = _session(club, COMPOSER, django_capture_on_commit_callbacks)
    assert session.analysis_state == Session.Analysis.ANALYSING
    play_all(session)
    director_view = _page(td, session, "board-1.html")  # under way: the director's
    assert "Analysing…" in director_view
    entries.change_state(session, Session.State.PUBLISHED)
    html = _page(Client(), session, "board-1.html")
    assert '<p class="analysing">Analysing…</p>' in html
    assert "live.js" in html  # refreshed until the analysis is there
    assert 'class="diagram"' in html  # the hands meanwhile
    assert '<table class="dd">' not in html
    assert "Analysing…" not in _page(Client(), session, "index.html")  # a board's own line
    control = td.get(f"/director/s/{session.pk}/").content.decode()
    assert "Analysing…" in control
    finnish = Client(headers={"accept-language": "fi"})
    assert "Analysoidaan…" in _page(finnish, session, "board-1.html")
    spanish = Client(headers={"accept-language": "es"})
    assert "Analizando…" in _page(spanish, session, "board-1.html")
    settings.BRIDGESCORE_ANALYSIS = "now"
    analysing.start(session.pk, session.hands_pbn)  # the thread's work, here
    assert _grid(_page(Client(), session, "board-1.html")) == BOARD_1
    assert "Analysing…" not in _page(Client(), session, "board-1.html")


@SOLVER
def test_a_live_page_shows_the_analysis_once_it_is_done(
    club: Club,
    td: Client,
    settings: Settings,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    """The live report is kept between asks: a finished analysis is new to it."""
    settings.BRIDGESCORE_ANALYSIS = "off"
    session = _session(club, COMPOSER, django_capture_on_commit_callbacks)
    play_all(session)
    assert '<table class="dd">' not in _page(td, session, "board-1.html")
    settings.BRIDGESCORE_ANALYSIS = "now"
    analysing.start(session.pk, session.hands_pbn)
    assert _grid(_page(td, session, "board-1.html")) == BOARD_1


@SOLVER
def test_new_hand_records_put_the_old_analysis_away_and_start_their_own(
    club: Club,
    td: Client,
    settings: Settings,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    session = _session(club, COMPOSER, django_capture_on_commit_callbacks)
    old_text = session.hands_pbn
    play_all(session)
    entries.change_state(session, Session.State.PUBLISHED)
    assert _grid(_page(Client(), session, "board-1.html")) == BOARD_1
    settings.BRIDGESCORE_ANALYSIS = "off"
    with django_capture_on_commit_callbacks(execute=True):
        answer = td.post(f"/director/s/{session.pk}/hands/", {"hands": _upload(OTHER)}, follow=True)
    assert answer.status_code == 200
    session.refresh_from_db()
    assert session.hands_pbn.splitlines() == _text(OTHER).splitlines()
    assert session.analysis_state == Session.Analysis.ANALYSING
    assert analysing.analyses_of(session) == {}  # the old analysis is not shown
    html = _page(Client(), session, "board-1.html")
    assert "Analysing…" in html
    assert '<table class="dd">' not in html
    assert "hand records uploaded" in answer.content.decode()  # the log says so
    # the old hand records' analysis, finished late, is not kept over the new ones
    late = analysing.analyse(old_text)
    assert not analysing.keep(session.pk, old_text, late)
    session.refresh_from_db()
    assert session.analysis_state == Session.Analysis.ANALYSING
    settings.BRIDGESCORE_ANALYSIS = "now"
    with django_capture_on_commit_callbacks(execute=True):
        td.post(f"/director/s/{session.pk}/hands/", {"hands": _upload(OTHER)})
    session.refresh_from_db()
    assert session.analysis_state == Session.Analysis.DONE
    grid = _grid(_page(Client(), session, "board-1.html"))
    assert grid != BOARD_1  # the other club's board 1
    assert all(a + b == 13 for a, b in zip(grid["N"], grid["E"], strict=True))


def _upload(path: Path, content: bytes | None = None) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = path.read_bytes() if content is None else content
    return SimpleUploadedFile(path.name, data, content_type="text/plain")


BAD_DEAL = b"""[Event "Broken"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJT98..432.AKQ .AKQJT98.AKQ.432 765432..JT98765. A.765432..JT9876"]
"""
"""A deal with the ace of spades twice (North's and West's), and no five of clubs."""


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (BAD_DEAL, "hand records, line 5: board 1: [Deal]"),
        (b"no hand records here\n", "hand records, line 1: text outside any tag"),
        (b'[Event "No deals"]\n', "the hand records hold no deals"),
        (b"", "the file is empty"),
    ],
)
def test_bad_hand_records_change_nothing_and_say_why(
    club: Club,
    td: Client,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
    content: bytes,
    said: str,
) -> None:
    session = _session(club, COMPOSER, django_capture_on_commit_callbacks)
    before = Session.objects.values().get(pk=session.pk)
    logged = LogLine.objects.count()
    with django_capture_on_commit_callbacks(execute=True) as started:
        answer = td.post(f"/director/s/{session.pk}/hands/", {"hands": _upload(COMPOSER, content)})
    assert answer.status_code == 422
    assert escape(said) in answer.content.decode()
    assert started == []  # no analysis started
    assert Session.objects.values().get(pk=session.pk) == before
    assert LogLine.objects.count() == logged


def test_a_new_session_with_bad_hand_records_is_not_kept(td: Client, club: Club) -> None:
    answer = td.post(
        "/director/new/",
        {"club": str(club.pk), "name": "Broken", "spec": SPEC, "hands": _upload(OTHER, BAD_DEAL)},
    )
    assert answer.status_code == 422
    assert "hand records, line 5: board 1" in answer.content.decode()
    assert not Session.objects.filter(name="Broken").exists()


def test_without_the_solver_the_state_says_so_in_one_line(
    club: Club,
    td: Client,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    def missing() -> None:
        raise MissingExtraError(_("Double-dummy analysis"), "dd", "endplay")

    monkeypatch.setattr(solver, "_endplay", missing)
    session = _session(club, COMPOSER, django_capture_on_commit_callbacks)
    assert session.analysis_state == Session.Analysis.FAILED
    said = "Double-dummy analysis needs the dd extra (endplay is missing): pip install"
    assert analysing.shown(session).lines() == [f"{said} 'bridgescore[dd]'"]
    control = td.get(f"/director/s/{session.pk}/").content.decode()
    assert said in control
    play_all(session)
    entries.change_state(session, Session.State.PUBLISHED)
    html = _page(Client(), session, "board-1.html")
    assert 'class="diagram"' in html  # the hands, without their analysis
    assert '<table class="dd">' not in html
    assert "Analysing…" not in html


@SOLVER
def test_the_file_s_figures_the_solver_disagrees_with_are_said_to_the_director(
    club: Club, td: Client, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    wrong = _text(COMPOSER).replace(
        '[DoubleDummyTricks "2563225632b87abb87ab"]', '[DoubleDummyTricks "3563225632b87abb87ab"]'
    )
    with django_capture_on_commit_callbacks(execute=True):
        made = clubs.create_session(club, "Alpine", build(SPEC), spec=SPEC, hands_pbn=wrong)
    made.refresh_from_db()
    assert made.analysis_state == Session.Analysis.DONE
    lines = analysing.shown(made).lines()
    assert len(lines) == 1
    assert lines[0].startswith("board 1: the file's analysis is not the solver's")
    assert "N NT 3→2" in lines[0]
    control = td.get(f"/director/s/{made.pk}/").content.decode()
    assert "N NT 3→2" in control
    assert analysing.analyses_of(made)[1].tricks == DoubleDummy.from_pbn(
        "2563225632b87abb87ab"
    )  # the solver's is kept


@SOLVER
@pytest.mark.parametrize(
    "started",
    [
        pytest.param(lambda: timezone.now() - analysing.STUCK * 2, id="stuck"),
        pytest.param(
            lambda: analysing._PROCESS_STARTED - datetime.timedelta(seconds=1),
            id="before-this-process",
        ),
        pytest.param(lambda: None, id="never-started"),
    ],
)
def test_an_analysis_left_behind_by_a_stopped_server_is_started_again(
    club: Club,
    settings: Settings,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
    started: Callable[[], datetime.datetime | None],
) -> None:
    settings.BRIDGESCORE_ANALYSIS = "off"
    session = _session(club, COMPOSER, django_capture_on_commit_callbacks)
    Session.objects.filter(pk=session.pk).update(analysis_started=started())
    play_all(session)
    entries.change_state(session, Session.State.PUBLISHED)
    settings.BRIDGESCORE_ANALYSIS = "now"
    with django_capture_on_commit_callbacks(execute=True):
        first = _page(Client(), session, "board-1.html")  # started again here
    assert "Analysing…" in first  # this page was on its way before it was done
    session.refresh_from_db()
    assert session.analysis_state == Session.Analysis.DONE
    assert _grid(_page(Client(), session, "board-1.html")) == BOARD_1


def test_an_analysis_under_way_elsewhere_is_left_to_it(
    club: Club,
    settings: Settings,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    """Started a moment ago (by another process, or this one): not started twice."""
    settings.BRIDGESCORE_ANALYSIS = "off"
    session = _session(club, COMPOSER, django_capture_on_commit_callbacks)
    play_all(session)
    entries.change_state(session, Session.State.PUBLISHED)
    settings.BRIDGESCORE_ANALYSIS = "now"
    with django_capture_on_commit_callbacks(execute=True) as started:
        assert "Analysing…" in _page(Client(), session, "board-1.html")
    assert started == []
    session.refresh_from_db()
    assert session.analysis_state == Session.Analysis.ANALYSING


@SOLVER
def test_hand_records_saved_without_an_analysis_get_one(
    club: Club, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    """Hand records kept before the analysis was (the migration leaves them without one)."""
    session = _session(club, OTHER, django_capture_on_commit_callbacks)
    Session.objects.filter(pk=session.pk).update(hands_pbn=_text(COMPOSER))
    session.refresh_from_db()
    assert analysing.analyses_of(session) == {}  # not the other hand records' analysis
    with django_capture_on_commit_callbacks(execute=True):
        assert analysing.shown(session).analysing
    session.refresh_from_db()
    assert analysing.analyses_of(session)[1].tricks == DoubleDummy.from_pbn("2563225632b87abb87ab")


def _print_link(html: str) -> bool:
    return 'href="print.html"' in html


def test_print_all_is_offered_only_to_whom_may_open_it(
    club: Club,
    td: Client,
    phone: Phone,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    session = _session(club, COMPOSER, django_capture_on_commit_callbacks)
    table_1 = phone(TableLink.objects.get(session=session, table=1))
    play_all(session)
    for page in ("index.html", "board-1.html", "pair-1NS.html"):
        assert not _print_link(_page(table_1, session, page))
        assert _print_link(_page(td, session, page))
    assert table_1.get(f"/r/{session.public_id}/print.html").status_code == 403
    assert td.get(f"/r/{session.public_id}/print.html").status_code == 200
    for language, said in (("fi", "Tulosta kaikki"), ("es", "Imprimir todo")):
        index = td.get(f"/r/{session.public_id}/", HTTP_ACCEPT_LANGUAGE=language)
        assert f'<a href="print.html">{said}</a>' in index.content.decode()
    entries.change_state(session, Session.State.PUBLISHED)
    for viewer in (table_1, Client()):
        assert _print_link(_page(viewer, session, "board-1.html"))
        assert viewer.get(f"/r/{session.public_id}/print.html").status_code == 200


@SOLVER
def test_hand_records_alone_are_the_booklet_once_published_and_never_before(
    club: Club,
    td: Client,
    phone: Phone,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    session = _session(club, COMPOSER, django_capture_on_commit_callbacks)
    table_1 = phone(TableLink.objects.get(session=session, table=1))
    for viewer in (Client(), table_1):  # under way: no deal to anyone but the director
        assert "No results yet" in _page(viewer, session, "index.html")
        assert viewer.get(f"/r/{session.public_id}/board-1.html").status_code == 403
        assert viewer.get(f"/r/{session.public_id}/print.html").status_code == 403
    assert 'href="board-24.html"' in _page(td, session, "index.html")
    assert _grid(_page(td, session, "board-1.html")) == BOARD_1
    entries.change_state(session, Session.State.CLOSED)
    assert "No results yet" in _page(Client(), session, "index.html")
    entries.change_state(session, Session.State.PUBLISHED)
    index = _page(Client(), session, "index.html")
    assert "No results yet" not in index
    assert 'href="board-24.html"' in index  # every deal of the file, not only the movement's
    assert _grid(_page(Client(), session, "board-1.html")) == BOARD_1
    assert 'class="diagram"' in _page(Client(), session, "board-24.html")
    assert Client().get(f"/r/{session.public_id}/board-25.html").status_code == 404
    booklet = _page(Client(), session, "print.html")
    assert booklet.count('class="diagram"') == 24
    assert "booklet" in booklet


@SOLVER
@pytest.mark.django_db(transaction=True)
def test_the_analysis_runs_in_a_thread_of_its_own(settings: Settings) -> None:
    """The server's way: saving the hand records answers at once; a thread works the
    analysis out and keeps it."""
    settings.BRIDGESCORE_ANALYSIS = "background"
    club = Club.objects.create(name="Threaded BC")
    session = clubs.create_session(
        club, "Alpine", build(SPEC), spec=SPEC, hands_pbn=_text(COMPOSER)
    )
    try:
        assert analysing.wait(session.pk, timeout=120)
    finally:
        analysing.wait(session.pk, timeout=120)
    session.refresh_from_db()
    assert session.analysis_state == Session.Analysis.DONE
    assert analysing.analyses_of(session)[1].tricks == DoubleDummy.from_pbn("2563225632b87abb87ab")
