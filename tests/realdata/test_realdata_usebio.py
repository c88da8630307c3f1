"""Every real USEBIO file re-scored from its contracts and results alone, and compared
with the figures its program wrote: result by result (each side's points) and participant
by participant (total, percentage, place), and match by match for teams.

The files are those of ``tests/io/data/usebio`` (sources in its ``SOURCES.md``). For
each file the expected counts are asserted twice: with our defaults, and with the
options that name the program's rules (``docs/real-events.md`` gives both, and the
rule behind every remaining difference).
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from bridgescore.duplicate.adjusted import Adjusted
from bridgescore.duplicate.matchpoints import matchpoints
from bridgescore.duplicate.vp import TableScale
from bridgescore.events.compare import (
    Comparison,
    compare_event,
    compare_lines,
    compare_matches,
    compare_standings,
    standings_of,
    writes_bare_ties,
)
from bridgescore.events.individual import IndividualResult, score_individual
from bridgescore.events.model import Event, PublishedStanding, group_by_board
from bridgescore.events.pairs import PairsResult, score_pairs
from bridgescore.events.teams import TeamsResult, score_teams
from bridgescore.io import usebio

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "io" / "data" / "usebio"
DOC = ROOT / "docs" / "real-events.md"

# TeamsScorer 5.1.17's 20-0 scale for 3-board matches, as its 40 matches show it: margins
# 0, 1, 2, 3-4, 5-6, 7-8, 9-10, 11-13, 14-16 seen whole; 19 gives 19 and 21 gives 20, so
# the last two bands (17-19, 20+) are inferred (17, 18 and 20 never occur). Which
# published scale this is: UNVERIFIED (not the WBF 2013 continuous scale for 3 boards,
# which gives 10.71 for a 1-IMP win).
TEAMSSCORER_3_BOARDS = TableScale.from_rows(
    "teamsscorer-3-boards",
    [
        (0, 0, 10, 10), (1, 1, 11, 9), (2, 2, 12, 8), (3, 4, 13, 7), (5, 6, 14, 6),
        (7, 8, 15, 5), (9, 10, 16, 4), (11, 13, 17, 3), (14, 16, 18, 2), (17, 19, 19, 1),
        (20, None, 20, 0),
    ],
)  # fmt: skip


@dataclass(frozen=True)
class Options:
    """How a file is scored and compared."""

    policy: str | None = None
    factor_totals: bool | None = None
    tie_marks: bool = True
    vp_scale: str | TableScale = "wbf"


@dataclass(frozen=True)
class Case:
    program: str
    options: Options
    counts: dict[str, tuple[int, int]]
    """Per figure name, (agreeing, compared) with ``options``."""
    default_counts: dict[str, tuple[int, int]] = field(default_factory=dict)
    """The same with our defaults (``wbf``, ``drop-1``, ties marked ``=``), when they differ."""
    decimals: dict[str, int] = field(default_factory=dict)
    """The program's precision where the file alone does not show it (a file whose
    matchpoints all happen to be whole numbers); otherwise the most decimals written."""


# Compscore3 writes traveller matchpoints to 0.1 (12.6 in _adjusted_02), even in a file
# where every figure happens to be whole; ScoreBridge 10.24.09 writes 13.9 (the data
# curator's note): compare their lines at 0.1 so that 22.2 is not taken for 22.
TENTHS = {"ns_points": 1, "ew_points": 1}
# Whole VPs are compared to the hundredth: the WBF continuous 10.71 is not a whole-VP 11.
VPS = {"team_score": 2, "opponent_score": 2, "total": 2}


def _case(
    program: str, options: Options | None = None, decimals: dict[str, int] | None = None
) -> Case:
    """A file's case; its counts are filled in from COUNTS below."""
    return Case(program, options or Options(), {}, decimals=decimals or {})


_PROGRAMS: dict[str, Case] = {
    "00201600+002321.xml": _case("EBUScore Pairs 1.2.20", Options(policy="ebu")),
    "00210009+002061.xml": _case("EBUScore Pairs 1.2.24", Options(policy="ebu")),
    "00201789+001571.xml": _case("BBO Extractor 1.4.7", Options(tie_marks=False)),
    "00202217+001532.xml": _case("RealBridge 1.3.6", Options(policy="realbridge")),
    "payload_realbridge.xml": _case("RealBridge 1.3.7", Options(policy="realbridge")),
    "payload_mp-pairs.xml": _case("PairsScorer 7.2.93", Options(policy="ebu")),
    "multi-section-pairs.xml": _case("PairsScorer 7.2.93", Options(policy="ebu")),
    "sample.xml": _case("ScoreBridge 10.25.02", Options(policy="scorebridge"), TENTHS),
    "payload_usebio-and-pbn.xml": _case("BriAn 213", Options(policy="brian")),
    **{
        name: _case("Compscore3", Options(policy="compscore", tie_marks=False), TENTHS)
        for name in (
            "mp_pairs_mitchell.xml",
            "mp_pairs_howell.xml",
            "mp_pairs_mitchell_03.xml",
            "mp_pairs_mitchell_04.xml",
            "mp_pairs_mitchell_adjusted_02.xml",
            "mp_pairs_mitchell_02.xml",
        )
    },
    "butler_howell.xml": _case("Compscore3", Options(tie_marks=False)),
    "cross_imp_howell.xml": _case("Compscore3", Options(tie_marks=False)),
    "payload_cross-imp-pairs.xml": _case("Pianola 1.0", Options(factor_totals=True)),
    "payload_individual.xml": _case("(none given)"),
    "payload_multiple-teams.xml": _case(
        "TeamsScorer 5.1.17", Options(vp_scale=TEAMSSCORER_3_BOARDS), VPS
    ),
    "payload_point-a-board.xml": _case("EBUScoreTeams 1.1.3", decimals=VPS),
}

COUNTS: dict[str, tuple[str, str]] = {
    "00201600+002321.xml": (
        "ns_points 305/305, ew_points 305/305, percent 35/35, place 35/35",
        "ns_points 289/305, ew_points 289/305, percent 17/35, place 35/35",
    ),
    "00201789+001571.xml": (
        "ns_points 144/144, ew_points 144/144, percent 17/17, place 17/17",
        "ns_points 144/144, ew_points 144/144, percent 17/17, place 15/17",
    ),
    "00202217+001532.xml": (
        "ns_points 180/180, ew_points 180/180, percent 19/19, place 19/19",
        "ns_points 180/180, ew_points 180/180, percent 18/19, place 19/19",
    ),
    "00210009+002061.xml": (
        "ns_points 216/216, ew_points 216/216, percent 18/18, place 18/18",
        "ns_points 210/216, ew_points 210/216, percent 8/18, place 18/18",
    ),
    "butler_howell.xml": (
        "ns_points 140/140, ew_points 140/140, total 8/8, place 8/8",
        "",
    ),
    "cross_imp_howell.xml": (
        "ns_points 108/108, ew_points 108/108, total 9/9, place 9/9",
        "",
    ),
    "mp_pairs_howell.xml": (
        "ns_points 161/161, ew_points 161/161, total 12/12, percent 12/12, place 12/12",
        "ns_points 156/161, ew_points 156/161, total 10/12, percent 12/12, place 12/12",
    ),
    "mp_pairs_mitchell.xml": (
        "ns_points 512/512, ew_points 512/512, total 38/38, percent 38/38, place 38/38",
        "ns_points 494/512, ew_points 494/512, total 0/38, percent 30/38, place 34/38",
    ),
    "mp_pairs_mitchell_02.xml": (
        "ns_points 546/567, ew_points 546/567, total 20/42, percent 1/42, place 37/42",
        "ns_points 533/567, ew_points 541/567, total 19/42, percent 2/42, place 37/42",
    ),
    "mp_pairs_mitchell_03.xml": (
        "ns_points 126/126, ew_points 126/126, total 13/13, percent 13/13, place 13/13",
        "ns_points 126/126, ew_points 126/126, total 13/13, percent 13/13, place 11/13",
    ),
    "mp_pairs_mitchell_04.xml": (
        "ns_points 134/134, ew_points 134/134, total 16/16, percent 16/16, place 16/16",
        "ns_points 96/134, ew_points 96/134, total 13/16, percent 16/16, place 16/16",
    ),
    "mp_pairs_mitchell_adjusted_02.xml": (
        "ns_points 565/567, ew_points 565/567, total 39/42, percent 39/42, place 42/42",
        "ns_points 552/567, ew_points 560/567, total 3/42, percent 20/42, place 42/42",
    ),
    "multi-section-pairs.xml": (
        "ns_points 335/335, ew_points 335/335, percent 30/32, place 32/32",
        "ns_points 309/335, ew_points 309/335, percent 12/32, place 32/32",
    ),
    "payload_cross-imp-pairs.xml": (
        "ns_points 192/192, ew_points 192/192, total 15/17, place 17/17",
        "ns_points 192/192, ew_points 192/192, total 13/17, place 15/17",
    ),
    "payload_individual.xml": (
        "ns_points 0/132, ew_points 0/132, percent 2/12, place 0/12",
        "",
    ),
    "payload_mp-pairs.xml": (
        "ns_points 242/242, ew_points 242/242, percent 22/22, place 22/22",
        "",
    ),
    "payload_multiple-teams.xml": (
        "ns_points 240/240, ew_points 240/240, total 10/10, place 10/10, team_score 40/40, "
        "opponent_score 40/40",
        "ns_points 240/240, ew_points 240/240, total 0/10, place 6/10, team_score 4/40, "
        "opponent_score 4/40",
    ),
    "payload_point-a-board.xml": (
        "ns_points 336/336, ew_points 336/336, total 8/8, place 8/8, team_score 28/28, "
        "opponent_score 28/28",
        "",
    ),
    "payload_realbridge.xml": (
        "ns_points 168/168, ew_points 168/168, percent 16/16, place 16/16",
        "",
    ),
    "payload_usebio-and-pbn.xml": (
        "ns_points 144/144, ew_points 144/144, percent 13/13, place 13/13",
        "ns_points 139/144, ew_points 139/144, percent 0/13, place 11/13",
    ),
    "sample.xml": (
        "ns_points 94/94, ew_points 94/94, percent 8/8, place 8/8",
        "ns_points 57/94, ew_points 57/94, percent 0/8, place 3/8",
    ),
}
"""Per file: the counts with its options, and with our defaults ("" when the same), as
Comparison.summary() writes them."""


def _parse(summary: str) -> dict[str, tuple[int, int]]:
    out = {}
    for part in summary.split(","):
        name, ratio = part.split()
        agree, total = ratio.split("/")
        out[name] = (int(agree), int(total))
    return out


def _cases() -> dict[str, Case]:
    out = {}
    for name, case in _PROGRAMS.items():
        options, default = COUNTS[name]
        out[name] = replace(
            case, counts=_parse(options), default_counts=_parse(default) if default else {}
        )
    return out


CASES = _cases()


@functools.cache
def document(name: str) -> usebio.USEBIODocument:
    return usebio.loads((DATA / name).read_bytes(), source=name)


@functools.cache
def event(name: str) -> Event:
    return usebio.to_event(document(name))


Result = PairsResult | IndividualResult | TeamsResult


def score(name: str, options: Options) -> Result:
    found = event(name)
    if found.kind == "individual":
        return score_individual(
            found.results, policy=options.policy, factor_totals=options.factor_totals
        )
    if found.kind == "teams":
        scoring = "bam" if found.scoring == "bam" else "imps"
        return score_teams(found.results, scoring=scoring, vp_scale=options.vp_scale)
    return score_pairs(
        found.results, found.scoring, policy=options.policy, factor_totals=options.factor_totals
    )


@functools.cache
def compared(name: str, default: bool = False) -> Comparison:
    options = Options() if default else _PROGRAMS[name].options
    found = event(name)
    result = score(name, options)
    decimals = _PROGRAMS[name].decimals
    comparison = compare_event(found, result, tie_marks=options.tie_marks, decimals=decimals)
    if isinstance(result, TeamsResult):
        comparison = comparison + compare_matches(
            result,
            usebio.published_matches(document(name)),
            points=found.scoring == "bam",
            decimals=decimals,
        )
    return comparison


def test_every_file_is_compared() -> None:
    assert sorted(CASES) == sorted(p.name for p in DATA.glob("*.xml"))
    for name, case in CASES.items():
        if case.program == "(none given)":
            assert not event(name).program, name
        else:
            assert event(name).program.startswith(case.program), name


@pytest.mark.parametrize("name", sorted(CASES))
def test_realdata_usebio_counts(name: str) -> None:
    """With the options naming the program's rules: the counts of docs/real-events.md."""
    assert compared(name).counts() == CASES[name].counts


@pytest.mark.parametrize("name", sorted(n for n, c in CASES.items() if c.default_counts))
def test_realdata_usebio_counts_with_defaults(name: str) -> None:
    """With our defaults the same files agree less: the options are what make them agree."""
    counts = compared(name, default=True).counts()
    assert counts == CASES[name].default_counts
    assert compared(name).agree > compared(name, default=True).agree


# --- the differences that remain, one by one ------------------------------------------------


def _differing(name: str, *names: str) -> set[str]:
    return {f.subject for f in compared(name).only(*names).differences}


def test_multi_section_percentages_off_by_a_hundredth() -> None:
    """PairsScorer: 2 of 32 percentages are 0.01 above Σ(0.01-MP figures)/Σtops; the exact
    matchpoints miss 2 others the other way. Unexplained (see docs/real-events.md)."""
    differences = compared("multi-section-pairs.xml").only("percent").differences
    assert {(f.subject, f.ours, f.theirs) for f in differences} == {
        ("5", 66.9, 66.91),
        ("15", 54.32, 54.33),
    }
    exact = score_pairs(event("multi-section-pairs.xml").results, policy="exact")
    missed = compare_standings(
        event("multi-section-pairs.xml").standings, standings_of(exact), names=("percent",)
    )
    assert {f.subject for f in missed.differences} == {"2", "14"}


def test_compscore_adjusted_02_hand_edited_lines() -> None:
    """Two lines carry matchpoints no rule gives (a hand-edited test file): board 3's A5050
    shows 23/11 (sum 34, not the top 40) and board 4's 1NS v 21EW −650 shows 21/19 where
    every other −650 shows 19/21. The three pairs' totals and percentages that differ are
    exactly those lines taken as written."""
    name = "mp_pairs_mitchell_adjusted_02.xml"
    lines = compared(name).only("ns_points", "ew_points").differences
    assert {(f.subject, f.name, f.ours, f.theirs) for f in lines} == {
        ("board 3, 1NS v 1EW", "ns_points", 20.0, 23.0),
        ("board 3, 1NS v 1EW", "ew_points", 20.0, 11.0),
        ("board 4, 1NS v 21EW", "ns_points", 19.0, 21.0),
        ("board 4, 1NS v 21EW", "ew_points", 21.0, 19.0),
    }
    assert _differing(name, "total", "percent") == {"1NS", "1EW", "21EW"}
    ours = {s.pair: s for s in score_pairs(event(name).results, policy="compscore").standings}
    shift: dict[str, float] = defaultdict(float)
    for figure in lines:
        row_pairs = figure.subject.split(", ")[1].split(" v ")
        pair = row_pairs[0] if figure.name == "ns_points" else row_pairs[1]
        assert figure.ours is not None
        assert isinstance(figure.theirs, float)
        shift[pair] += figure.theirs - float(figure.ours)
    for published in event(name).standings:
        if published.id in shift:
            total = ours[published.id].total + shift[published.id]
            assert round(total, 2) == published.total
            assert round(100 * total / (27 * 40), 2) == published.percent


def test_compscore_02_is_an_earlier_hand_edit() -> None:
    """mp_pairs_mitchell_02.xml (superseded by _adjusted_02): board 1's matchpoints were
    worked out with its first line as the A5050 that _adjusted_02 has, although the line
    now reads 2S by S, 8 tricks (+110); with that line as A5050, only the two odd lines
    of _adjusted_02 differ. Its totals are whole numbers that follow no rule we found."""
    name = "mp_pairs_mitchell_02.xml"
    found = event(name)
    rows = list(found.results.rows)
    first = next(i for i, r in enumerate(rows) if r.board == 1 and r.ns == "1NS")
    assert rows[first].ns_score == 110
    rows[first] = replace(rows[first], result=None, ns_score=None, adjusted=Adjusted.parse("A5050"))
    edited = replace(found, results=replace(found.results, rows=tuple(rows)))
    result = score_pairs(edited.results, policy="compscore")
    lines = compare_lines(edited, result)
    assert lines.counts() == {"ns_points": (565, 567), "ew_points": (565, 567)}
    assert all(s.total == int(s.total) for s in found.standings if s.total is not None)


def test_pianola_totals_of_pairs_16_and_17() -> None:
    """Pianola: the bye pairs' totals are scaled to 24 boards from the written total (pairs
    2 and 4 agree only so); pairs 16 and 17, who met in the last match, carry totals that
    differ from the sum of their own published lines by +113/7 and −48/7 IMPs: no rule
    found (a manual adjustment outside the file?)."""
    name = "payload_cross-imp-pairs.xml"
    assert _differing(name, "total") == {"16", "17"}
    found = event(name)
    own: dict[str, float] = defaultdict(float)
    boards: dict[str, int] = defaultdict(int)
    for row, figures in zip(found.results.rows, found.published, strict=True):
        assert figures is not None
        assert figures.ns_points is not None
        assert figures.ew_points is not None
        own[row.ns] += figures.ns_points
        own[row.ew] += figures.ew_points
        boards[row.ns] += 1
        boards[row.ew] += 1
    published = {s.id: s.total for s in found.standings}
    assert (boards["16"], boards["17"]) == (16, 24)
    assert published["17"] is not None
    assert round(own["17"] - published["17"], 1) == round(48 / 7, 1)


def test_individual_payload_is_synthetic() -> None:
    """USEBIO 1.1 individual example: South and West are numbered N×10+1 and E×10+2 (not
    participants; 11 and 12 collide with real players), every score appears twice on a
    board and the matchpoints have a top of 4 with 6 results. Not reproducible, and not
    forced; the published percentages do follow the published lines for the 10 players
    whose numbers do not collide."""
    found = event("payload_individual.xml")
    assert {p.id for p in found.participants} == {str(n) for n in range(1, 13)}
    for rows in group_by_board(found.results.rows).values():
        scores = [row.ns_score for row in rows]
        assert len(scores) == 6
    twice = sum(
        all(scores.count(s) == 2 for s in scores)
        for scores in (
            [r.ns_score for r in rows] for rows in group_by_board(found.results.rows).values()
        )
    )
    assert twice == 20
    totals: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    for row, figures in zip(found.results.rows, found.published, strict=True):
        assert row.players is not None
        assert figures is not None
        north, east, south, west = row.players
        for player, points in (
            (north, figures.ns_points), (south, figures.ns_points),
            (east, figures.ew_points), (west, figures.ew_points),
        ):  # fmt: skip
            assert points is not None
            totals[player] += points
            played[player] += 1
    follow = {
        s.id
        for s in found.standings
        if s.percent is not None and round(100 * totals[s.id] / (4 * played[s.id]), 2) == s.percent
    }
    assert follow == {str(n) for n in range(1, 11)}
    # Matchpointing each board's distinct scores once (top 4) gives 244 of the 264 figures:
    # close to how the file was made, but it is no rule of any program.
    agree = 0
    for rows in group_by_board(found.results.rows).values():
        distinct = sorted({r.ns_score for r in rows if r.ns_score is not None})
        mp = dict(zip(distinct, matchpoints(distinct), strict=True))
        top = 2 * (len(distinct) - 1)
        for row in rows:
            figures = found.published[found.results.rows.index(row)]
            assert figures is not None
            assert row.ns_score is not None
            agree += (mp[row.ns_score] == figures.ns_points) + (
                top - mp[row.ns_score] == figures.ew_points
            )
    assert agree == 244


def test_compscore_butler_datum() -> None:
    """Compscore3 writes each board's datum (BOARD_AVERAGE): ours (drop-1) is the same on
    all 35 boards."""
    root = document("butler_howell.xml").root
    assert root is not None
    theirs = {
        int(board.findtext("BOARD_NUMBER", "")): int(board.findtext("BOARD_AVERAGE", ""))
        for board in root.iter("BOARD")
        if board.find("BOARD_AVERAGE") is not None
    }
    result = score("butler_howell.xml", Options())
    assert isinstance(result, PairsResult)
    ours = {t.board: t.datum for t in result.travellers}
    assert len(theirs) == 35
    assert ours == theirs


def test_teams_vp_scale_is_not_wbf_continuous() -> None:
    """TeamsScorer writes whole VPs: the WBF 2013 continuous scale for 3 boards agrees only
    on the 4 matches drawn or lost by 26 IMPs or more; the inferred 20-0 scale on all 40."""
    default = compared("payload_multiple-teams.xml", default=True).only("team_score")
    assert default.agree == 4
    assert compared("payload_multiple-teams.xml").only("team_score").agree == 40


def test_places_without_tie_marks() -> None:
    """Compscore3 and BBO Extractor write a tied place without '=' (6, 6, 8): compared
    strictly the ties differ; by default the comparison sees the bare repeated places."""
    for name in ("mp_pairs_mitchell.xml", "mp_pairs_mitchell_03.xml", "00201789+001571.xml"):
        assert writes_bare_ties(s.place for s in event(name).standings), name
        ours = standings_of(score(name, CASES[name].options))
        assert not compare_standings(event(name).standings, ours, names=("place",)).differences
        marked = compare_standings(
            event(name).standings,
            ours,
            names=("place",),
            tie_marks=True,
        )
        assert marked.differences, name
        assert all(
            isinstance(f.ours, str) and f.ours.endswith("=") and f.ours[:-1] == f.theirs
            for f in marked.differences
        ), name


# --- the docs table -------------------------------------------------------------------------

ROW = re.compile(r"^\|\s*`(?P<file>[^`]+)`\s*\|(?P<rest>.*)$")


def _doc_rows() -> dict[str, str]:
    rows = {}
    for text in DOC.read_text(encoding="utf-8").split("## As a user gets them")[0].splitlines():
        found = ROW.match(text)
        if found:
            rows[found["file"]] = found["rest"]
    return rows


@pytest.mark.parametrize("name", sorted(CASES))
def test_realdata_usebio_docs_table(name: str) -> None:
    """docs/real-events.md shows the counts this test asserts, for every file."""
    row = _doc_rows()[name]
    ours = compared(name)
    assert f"{ours.agree} / {ours.total}" in row, row
    if CASES[name].default_counts:
        default = compared(name, default=True)
        assert f"{default.agree} / {default.total}" in row, row


def test_published_standing_shape() -> None:
    """standings_of turns our standings into the published shape, ids included."""
    result = score("sample.xml", CASES["sample.xml"].options)
    shaped = standings_of(result)
    assert isinstance(shaped[0], PublishedStanding)
    assert {s.id for s in shaped} == {s.id for s in event("sample.xml").standings}
