"""Every real PBN file re-scored from its contracts and results alone, and compared with
the figures its program wrote: result by result, participant by participant, match by
match; for the files that carry only scores, the written scores against ours.

The files are those of ``tests/io/data/pbn`` (sources in its ``SOURCES.md``). The counts
with the options naming each program's rules, and with our defaults, are in
``docs/real-events.md``; each remaining difference has a test below.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from bridgescore.duplicate.vp import get_scale
from bridgescore.events.compare import (
    Comparison,
    Figure,
    agrees,
    compare_event,
    compare_standings,
    standings_of,
)
from bridgescore.events.individual import score_individual
from bridgescore.events.model import Event, PublishedStanding
from bridgescore.events.pairs import PairsResult, score_pairs
from bridgescore.events.ranking import places
from bridgescore.events.teams import score_teams
from bridgescore.io import pbn

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "io" / "data" / "pbn"
DOC = ROOT / "docs" / "real-events.md"


@dataclass(frozen=True)
class Options:
    policy: str | None = None
    factor_totals: bool | str | None = None
    cross_imps: str = "average"
    incomplete: str = "raise"
    tie_marks: bool = True
    session: bool = False
    """Compare the session columns of the total table (a multi-session file's overall
    standings cover sessions this file does not hold)."""


@dataclass(frozen=True)
class Case:
    program: str
    options: Options
    counts: str
    default_counts: str = ""
    defaults: Options = field(default_factory=Options)
    """Our defaults for this file (a multi-session file is still compared session-wise)."""


CASES: dict[str, Case] = {
    "ruter_sm1.pbn": Case(
        "Ruter 4.9.1.3",
        Options(policy="ruter"),
        "ns_points 1188/1188, ew_points 1188/1188, ns_percent 1188/1188, ew_percent 1188/1188, "
        "total 36/36, percent 36/36, place 36/36",
        "ns_points 1188/1188, ew_points 1188/1188, ns_percent 1188/1188, ew_percent 1188/1188, "
        "total 36/36, percent 34/36, place 34/36",
    ),
    "ruter_sm2.pbn": Case(
        "Ruter 4.9.1.3",
        Options(policy="ruter", session=True),
        "ns_points 702/702, ew_points 702/702, ns_percent 702/702, ew_percent 702/702, "
        "total 36/36, percent 36/36, place 36/36",
        defaults=Options(session=True),
    ),
    "ruter_indi.pbn": Case(
        "Ruter 4.1.4",
        Options(policy="ruter"),
        "ns_points 744/744, ew_points 744/744, ns_percent 744/744, ew_percent 744/744, "
        "total 48/48, percent 48/48, place 48/48",
        "ns_points 744/744, ew_points 744/744, ns_percent 744/744, ew_percent 744/744, "
        "total 31/48, percent 33/48, place 48/48",
    ),
    "ruter_impcross.pbn": Case(
        "Ruter 4.3.2.2",
        Options(cross_imps="total"),
        "ns_points 1679/1680, ew_points 1679/1680, total 78/80, place 75/80",
        "ns_points 3/1680, ew_points 3/1680, total 0/80, place 67/80",
    ),
    "magic_contest_butler.pbn": Case(
        "Magic Contest 4.7",
        Options(factor_totals="boards"),
        "ns_points 84/84, ew_points 84/84, total 7/7, place 7/7",
        "ns_points 84/84, ew_points 84/84, total 0/7, place 7/7",
    ),
    "magic_contest_test_set.pbn": Case(
        "Magic Contest France 4.13.3.4",
        Options(policy="wbf", session=True),
        "ns_points 616/616, ew_points 616/616, ns_percent 616/616, ew_percent 616/616, "
        "total 44/44, percent 44/44, place 44/44",
        defaults=Options(session=True),
    ),
    "realbridge_example2.pbn": Case(
        "RealBridge",
        Options(incomplete="skip"),
        "ns_points 298/299, ew_points 298/299",
    ),
}


@functools.cache
def document(name: str) -> pbn.PBNDocument:
    return pbn.load(DATA / name)


@functools.cache
def event(name: str) -> Event:
    return pbn.to_event(document(name))


def _number(text: str | None) -> float | None:
    return None if text in (None, "-", "") else float(str(text))


@functools.cache
def session_standings(name: str) -> tuple[PublishedStanding, ...]:
    """The session columns of the total table (``SessionScoreMP``, ``SessionPercentage``,
    ``SessionRank`` with ``SessionRankTie``), read here from the document: the PBN reader
    maps only the overall columns to ``event.standings``."""
    for game in document(name).games:
        for tag in game.tags_named("TotalScoreTable"):
            table = tag.table()
            out = []
            for row in table.rows:
                rank, tie = row.get("SessionRank"), row.get("SessionRankTie")
                place = None if rank is None else rank + ("=" if tie not in (None, "-") else "")
                out.append(
                    PublishedStanding(
                        str(row["PairId"]),
                        _number(row.get("SessionScoreMP")),
                        _number(row.get("SessionPercentage")),
                        place,
                    )
                )
            return tuple(out)
    raise AssertionError(f"{name}: no TotalScoreTable")


def score(name: str, options: Options) -> object:
    found = event(name)
    if found.kind == "individual":
        return score_individual(found.results, policy=options.policy)
    if found.kind == "teams":
        return score_teams(found.results, incomplete=options.incomplete)
    return score_pairs(
        found.results,
        found.scoring,
        policy=options.policy,
        factor_totals=options.factor_totals,
        cross_imps=options.cross_imps,
    )


@functools.cache
def compared(name: str, default: bool = False) -> Comparison:
    case = CASES[name]
    options = case.defaults if default else case.options
    found = event(name)
    result = score(name, options)
    assert not isinstance(result, str)
    if options.session:
        found = replace(found, standings=session_standings(name))
    return compare_event(found, result, tie_marks=options.tie_marks)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(CASES))
def test_realdata_pbn_counts(name: str) -> None:
    assert event(name).program.startswith(CASES[name].program) or not event(name).program
    assert compared(name).summary() == CASES[name].counts


@pytest.mark.parametrize("name", sorted(n for n, c in CASES.items() if c.default_counts))
def test_realdata_pbn_counts_with_defaults(name: str) -> None:
    assert compared(name, default=True).summary() == CASES[name].default_counts
    assert compared(name).agree > compared(name, default=True).agree


def test_ruter_sm2_sessions_agree_under_wbf_too() -> None:
    """Session 2 of a two-session event: its session figures agree with wbf as with ruter
    (no two pairs are split by the exact percentage); the overall figures cover session 1
    too and cannot be compared."""
    assert compared("ruter_sm2.pbn", default=True).summary() == CASES["ruter_sm2.pbn"].counts
    # the event's standings are the session's (the overall 2084.4 covers session 1 too)
    read = event("ruter_sm2.pbn").standings
    assert [(s.id, s.total, s.percent) for s in read] == [
        (s.id, s.total, s.percent) for s in session_standings("ruter_sm2.pbn")
    ]
    assert session_standings("ruter_sm2.pbn")[0].total == 805.0


def test_magic_contest_is_wbf_not_ruter() -> None:
    """Magic Contest works out percentages from the 0.1-MP board scores ("rounded as early
    as possible"); Ruter's exact percentages miss two of them."""
    name = "magic_contest_test_set.pbn"
    result = score_pairs(event(name).results, policy="ruter")
    exact = compare_standings(session_standings(name), standings_of(result))
    assert exact.summary() == "total 44/44, percent 42/44, place 44/44"
    assert {f.subject for f in exact.differences} == {"37", "25"}
    read = event(name).standings[0]  # the session's, not the five sessions' 3383.0 / 55.94
    assert (read.total, read.percent) == (718.9, 61.13)


def test_ruter_individual_tie_broken() -> None:
    """Ruter places players 8 and 13 23rd and 24th though both have 683.036 MP (683.0 and
    50.08 % written for both): the sums of their 0.1-MP board scores differ (683.1 and
    683.0), and Ruter ranks equal totals on them (the ruter policy's ``tie_break``); with
    wbf, which adds those sums, the places agree too."""
    assert compared("ruter_indi.pbn").only("place").differences == ()
    ruter = {
        s.player: s
        for s in score_individual(event("ruter_indi.pbn").results, policy="ruter").standings
    }
    assert ruter["8"].total == ruter["13"].total == 683 + 2 / 55  # 683.036...
    assert (ruter["8"].place, ruter["13"].place) == ("23", "24")
    wbf = {s.player: s for s in score_individual(event("ruter_indi.pbn").results).standings}
    assert (wbf["8"].total, wbf["13"].total) == (683.1, 683.0)
    assert (wbf["8"].place, wbf["13"].place) == ("23", "24")


def test_ruter_individual_average_plus_is_the_players() -> None:
    """Board 35, 7-46 v 1-8 A+/A+: Ruter gives 13.2 (60 % of 22) to East-West; the
    partnership 1-8 scored 66 % on its other boards, the players 43.75 % and 50.08 %."""
    found = event("ruter_indi.pbn")
    result = score_individual(found.results, policy="ruter")
    line = next(
        line
        for traveller in result.travellers
        if traveller.board == 35
        for line in traveller.lines
        if line.row.ns == "7+46"
    )
    assert (line.ns_points, line.ew_points) == (13.2, 13.2)


def test_ruter_cross_imps_average_plus() -> None:
    """Ruter gives an A+ in cross-IMP totals 58.5 IMPs (1.5 per comparison with the 39
    real results); we give a butler A+ (3 IMPs). With that one line as written, every
    total and place agrees."""
    name = "ruter_impcross.pbn"
    lines = compared(name).only("ns_points", "ew_points").differences
    assert {(f.subject, f.ours, f.theirs) for f in lines} == {("board 15, 635 v 658", 3.0, 58.5)}
    result = score(name, CASES[name].options)
    assert isinstance(result, PairsResult)
    totals = {s.pair: s.total for s in result.standings}
    totals["635"] += 55.5
    totals["658"] += 55.5
    published = {s.id: s for s in event(name).standings}
    assert all(published[p].total == round(totals[p], 1) for p in published)
    assert places(totals) == {p: s.place for p, s in published.items()}


def test_magic_contest_butler_datum_and_byes() -> None:
    """Magic Contest writes each board's ButlerDatum (ours agrees on all 28 boards) and,
    on a sit-out's Bye row, the sitting pair's IMPs per board played over the session
    (pair 3: 4 IMPs over 24 boards -> 0.2): what it factors up to 28 boards."""
    result = score("magic_contest_butler.pbn", CASES["magic_contest_butler.pbn"].options)
    assert isinstance(result, PairsResult)
    plain = {
        s.pair: s
        for s in score_pairs(event("magic_contest_butler.pbn").results, "butler").standings
    }
    datums: dict[int, int] = {}
    byes: list[tuple[str, float]] = []
    for game in document("magic_contest_butler.pbn").games:
        table = game.table("ScoreTable")
        assert table is not None
        for row in table.rows:
            if row.get("ButlerDatum") not in (None, "-"):
                datums[int(game["Board"])] = int(str(row["ButlerDatum"]))
            if row.get("Score_NS") == "Bye":
                pair = row.get("PairId_NS") or row.get("PairId_EW")
                figure = _number(row.get("IMP_NS")) or _number(row.get("IMP_EW"))
                assert pair is not None
                assert figure is not None
                byes.append((pair, figure))
    assert {t.board: t.datum for t in result.travellers} == datums
    assert len(datums) == 28
    for pair, figure in byes:
        assert round(plain[pair].total / plain[pair].boards, 1) == figure, pair
    assert len(byes) == 28


def test_ruter_team_victory_points() -> None:
    """Ruter's team file has no boards, only its matches (IMPs and VPs): the WBF 2013
    continuous scale for 8 boards gives all 60 VPs, the teams' totals and places."""
    matches = pbn.team_matches(document("ruter_team.pbn"))
    scale = get_scale("wbf", 8)
    figures = []
    totals: dict[str, float] = defaultdict(float)
    for match in matches:
        assert match.home_imps is not None
        assert match.away_imps is not None
        home, away = scale.vp(int(match.home_imps - match.away_imps))
        totals[match.home] += home
        totals[match.away] += away
        subject = f"round {match.round}: {match.home} v {match.away}"
        for name, mine, theirs in (
            ("home_vp", home, match.home_vp),
            ("away_vp", away, match.away_vp),
        ):
            figures.append(Figure("match", subject, name, mine, theirs, agrees(mine, theirs, 2)))
    placed = places({team: round(vp, 2) for team, vp in totals.items()})
    ours = tuple(PublishedStanding(t, round(v, 2), None, placed[t]) for t, v in totals.items())
    comparison = Comparison(tuple(figures)) + compare_standings(
        event("ruter_team.pbn").standings, ours
    )
    assert comparison.summary() == "home_vp 30/30, away_vp 30/30, total 10/10, place 10/10"


def test_realbridge_unpaired_board() -> None:
    """RealBridge's file has 299 one-table records: board 20 of TURKEY v SWITZERLAND has
    one room only, so its ScoreIMP (-1) cannot be recomputed; the WALES v ITALY match has
    no scores at all (read as passed out: 0 IMPs, as the file says)."""
    differences = compared("realbridge_example2.pbn").differences
    assert {f.subject for f in differences} == {"board 20, TURKEY v SWITZERLAND"}
    with pytest.raises(ValueError, match="one table only"):
        score_teams(event("realbridge_example2.pbn").results)


# --- files with scores only: the written scores against ours --------------------------------

SCORES_ONLY = {
    "bridgecomposer_2025-12-23.pbn": (333, 333),
    "bridgecomposer_2025-12-30.pbn": (404, 404),
    "camrose24_ben_v_wbridge5.pbn": (320, 320),
    "jfr_wb130808.pbn": (0, 0),
    "bridgewebs_hands.pbn": (0, 0),
    "magic_contest_test_set.pbn": (616, 617),
    "realbridge_example2.pbn": (279, 279),
    "ruter_sm1.pbn": (1188, 1188),
}


def written_scores(name: str) -> tuple[int, int]:
    """(agreeing, written): every NS/EW score a file writes (a score-table row, or a
    one-table record's [Score]) against the score of its contract and result; the
    reader reports each that differs ('contradicts')."""
    written = 0
    for game in document(name).games:
        if game.get("ScoreTable") is not None:
            table = game.table("ScoreTable")
            assert table is not None
            written += sum(
                any(row.get(c) not in (None, "-") for c in ("Score_NS", "Score_EW"))
                for row in table.rows
            )
            if game.get("Score"):
                written += 1  # a table's game with its own record as well
        elif game.get("Score"):
            written += 1
    contradicted = sum("contradicts" in p.message for p in event(name).results.problems)
    return written - contradicted, written


@pytest.mark.parametrize("name", sorted(SCORES_ONLY))
def test_realdata_pbn_written_scores(name: str) -> None:
    assert written_scores(name) == SCORES_ONLY[name]


def test_magic_contest_hand_edited_score() -> None:
    """The one written score that differs: board 1's own [Score "EW 110"] for 4SX by N
    with 9 tricks (NS −100), hand-edited by the repository's author."""
    problems = [
        p
        for p in event("magic_contest_test_set.pbn").results.problems
        if "contradicts" in p.message
    ]
    assert len(problems) == 1
    assert "'EW 110'" in problems[0].message


# --- the docs table ---------------------------------------------------------------------------


def _doc_row(name: str) -> str:
    for line in DOC.read_text(encoding="utf-8").split("## As a user gets them")[0].splitlines():
        if line.startswith(f"| `{name}` |"):
            return line
    raise AssertionError(f"{name} is not in docs/real-events.md")


@pytest.mark.parametrize("name", sorted(CASES))
def test_realdata_pbn_docs_table(name: str) -> None:
    row = _doc_row(name)
    ours = compared(name)
    assert f"{ours.agree} / {ours.total}" in row, row
    if CASES[name].default_counts:
        default = compared(name, default=True)
        assert f"{default.agree} / {default.total}" in row, row


@pytest.mark.parametrize("name", sorted(set(SCORES_ONLY) - set(CASES)))
def test_realdata_pbn_docs_scores_only(name: str) -> None:
    agree, written = SCORES_ONLY[name]
    assert f"{agree} / {written}" in _doc_row(name)
