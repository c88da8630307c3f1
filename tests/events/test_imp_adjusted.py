"""Artificial adjusted scores written as percentages (USEBIO ``A5050``/``A6040``,
``50%``, ``60%/40%``) in butler and cross-IMP pairs events, scored as a user runs them.

The event (four tables, two boards, a Mitchell: NS pairs 1-4, EW pairs 11-14):

- board 1 (nobody vulnerable): +420, +450, A6040 (60 % to NS 3, 40 % to EW 13), -50;
- board 2 (NS vulnerable): +620, 50% (to both), +170, -100.

A percentage is valued on the line through A- 40 % = -3, A 50 % = 0, A+ 60 % = +3
(Law 12C2(b): ±3 IMPs at IMP play; ACBLscore: AVE 0, AVE+ 3): 60 % is +3, 40 % -3,
50 % 0, 55 % +1.5.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli.main import cli
from bridgescore.duplicate.adjusted import Adjusted, AdjustedCode, AdjustedScoreError
from bridgescore.duplicate.butler import (
    BUTLER_PRESETS,
    ButlerPreset,
    PercentRule,
    butler_board,
    get_butler_preset,
)
from bridgescore.duplicate.imps import DuplicateError
from bridgescore.events.pairs import PairsResult, score_pairs
from bridgescore.events.scoring import score_event
from bridgescore.io.events import load_event
from bridgescore.io.results import loads_csv

ROOT = Path(__file__).resolve().parents[2]
USEBIO = ROOT / "tests" / "io" / "data" / "usebio"

EVENT = """board,ns,ew,score,adjusted
1,1,11,420,
1,2,12,450,
1,3,13,,A6040
1,4,14,-50,
2,1,11,620,
2,2,12,,50%
2,3,13,170,
2,4,14,-100,
"""

# Butler (drop-1). Board 1: real 420, 450, -50; one top and one bottom left out: datum
# 420. 420 -> 0, 450 (+30) -> +1, -50 (-470) -> -10; A6040 -> +3 / -3.
# Board 2: real 620, 170, -100: datum 170. 620 (+450) -> +10, 170 -> 0,
# -100 (-270) -> -7; 50% -> 0 / 0.
BUTLER_LINES = {
    1: [(0.0, 0.0), (1.0, -1.0), (3.0, -3.0), (-10.0, 10.0)],
    2: [(10.0, -10.0), (0.0, 0.0), (0.0, 0.0), (-7.0, 7.0)],
}
# NS 1: 0 + 10; NS 2: 1 + 0; NS 3: 3 + 0; NS 4: -10 - 7. EW the other way round.
BUTLER_TOTALS = {"1": 10.0, "3": 3.0, "2": 1.0, "4": -17.0,
                 "14": 17.0, "12": -1.0, "13": -3.0, "11": -10.0}  # fmt: skip

# Cross-IMPs (averaged over the comparisons with the real results). Board 1:
# 420: -1 (v 450) +10 (v -50) = 9 / 2 = 4.5; 450: +1 +11 = 12 / 2 = 6;
# -50: -10 -11 = -21 / 2 = -10.5; A6040 +3 / -3.
# Board 2: 620: +10 (v 170) +12 (v -100) = 22 / 2 = 11; 170: -10 +7 = -3 / 2 = -1.5;
# -100: -12 -7 = -19 / 2 = -9.5; 50% 0 / 0.
CROSS_LINES = {
    1: [(4.5, -4.5), (6.0, -6.0), (3.0, -3.0), (-10.5, 10.5)],
    2: [(11.0, -11.0), (0.0, 0.0), (-1.5, 1.5), (-9.5, 9.5)],
}
# NS 1: 4.5 + 11 = 15.5; NS 2: 6 + 0; NS 3: 3 - 1.5 = 1.5; NS 4: -10.5 - 9.5 = -20.
CROSS_TOTALS = {"1": 15.5, "2": 6.0, "3": 1.5, "4": -20.0,
                "14": 20.0, "13": -1.5, "12": -6.0, "11": -15.5}  # fmt: skip


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def lines(result: PairsResult) -> dict[int, list[tuple[float | None, float | None]]]:
    return {t.board: [(x.ns_points, x.ew_points) for x in t.lines] for t in result.travellers}


@pytest.mark.parametrize(
    ("scoring", "expected_lines", "totals"),
    [("butler", BUTLER_LINES, BUTLER_TOTALS), ("cross-imps", CROSS_LINES, CROSS_TOTALS)],
)
def test_percentage_awards_score_in_imp_events(
    scoring: str,
    expected_lines: dict[int, list[tuple[float, float]]],
    totals: dict[str, float],
) -> None:
    result = score_pairs(loads_csv(EVENT, source="adj.csv"), scoring)
    assert lines(result) == expected_lines
    assert {s.pair: s.total for s in result.standings} == totals
    assert [s.pair for s in result.standings if s.field == "NS"] == sorted(
        (p for p in totals if len(p) == 1), key=lambda p: -totals[p]
    )


@pytest.mark.parametrize(
    ("scoring", "totals"), [("butler", BUTLER_TOTALS), ("cross-imps", CROSS_TOTALS)]
)
def test_cli_scores_the_usebio_file_with_a5050_and_a6040(
    tmp_path: Path, scoring: str, totals: dict[str, float]
) -> None:
    """The same event converted to USEBIO (which writes A6040 and A5050), then
    ``bridgescore event adj.xml --scoring ...`` as a user runs it."""
    source = tmp_path / "adj.csv"
    source.write_text(EVENT, encoding="utf-8")
    target = tmp_path / "adj.xml"
    assert run("convert", str(source), str(target)).exit_code == 0
    text = target.read_text(encoding="utf-8")
    assert "<SCORE>A6040</SCORE>" in text
    assert "<SCORE>A5050</SCORE>" in text
    shown = run("event", str(target), "--scoring", scoring, "--json")
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.stdout)
    assert {p["id"]: p["total"] for p in data["participants"]} == totals
    adjusted = [r for r in data["results"] if r["ns_score"] is None]
    assert [(r["board"], r["ns_points"], r["ew_points"]) for r in adjusted] == [
        (1, 3.0, -3.0),
        (2, 0.0, 0.0),
    ]
    printed = run("event", str(target), "--scoring", scoring)
    assert printed.exit_code == 0, printed.output
    assert "error" not in printed.stderr


def test_award_imps_is_the_line_through_the_codes() -> None:
    preset = get_butler_preset()
    values = {p: preset.award_imps(Fraction(p)) for p in (0, 40, 45, 50, 55, 60, 70, 100)}
    assert values == {0: -15, 40: -3, 45: Fraction(-3, 2), 50: 0, 55: Fraction(3, 2),
                      60: 3, 70: 6, 100: 15}  # fmt: skip
    # the same as the codes at 40, 50 and 60 %
    for percent, code in ((40, "A-"), (50, "A"), (60, "A+")):
        assert preset.award_imps(Fraction(percent)) == preset.award_imps(AdjustedCode(code))
    # a preset with its own codes bends the line: +2 at 60 %, -4 at 40 %
    own = ButlerPreset("own", (), "own", average_plus=2, average_minus=-4)
    assert own.award_imps(Fraction(55)) == 1
    assert own.award_imps(Fraction(45)) == -2
    for name in BUTLER_PRESETS:
        assert BUTLER_PRESETS[name].percentages is PercentRule.LINEAR
        assert any("Percentage awards" in s for s in BUTLER_PRESETS[name].sources)


def test_butler_board_with_a6060_and_a_half_percent() -> None:
    # real 420, 450, 400: datum 420; A6060 gives both sides +3; 52.5 % is +0.75
    scored = butler_board([420, 450, 400, Adjusted.parse("A6060"), Adjusted.parse("52.5%")])
    assert scored.datum == 420
    assert scored.ns_imps == [0, 1, -1, 3, Fraction(3, 4)]
    assert scored.ew_imps == [0, -1, 1, 3, Fraction(3, 4)]
    result = score_pairs(
        loads_csv("board,ns,ew,score,adjusted\n1,1,2,420,\n1,3,4,,52.5%\n1,5,6,400,\n"),
        "butler",
    )
    line = result.traveller(1).lines[1]
    assert (line.ns_points, line.ns_counted) == (0.75, Fraction(3, 4))


def test_refuse_rule_keeps_the_old_error_with_its_line() -> None:
    strict = ButlerPreset("strict", (), "no percentages", percentages="refuse")  # type: ignore[arg-type]
    assert strict.percentages is PercentRule.REFUSE
    with pytest.raises(AdjustedScoreError, match="strict preset gives a percentage award no"):
        strict.award_imps(Fraction(60))
    event = loads_csv(EVENT, source="adj.csv")
    for scoring in ("butler", "cross-imps"):
        with pytest.raises(DuplicateError, match=r"adj.csv, line 4: board 1: 60%"):
            score_pairs(event, scoring, butler=strict)
    with pytest.raises(DuplicateError, match="linear or refuse"):
        PercentRule.parse("halfway")


@pytest.mark.parametrize(
    ("name", "adjusted"),
    [
        # Compscore 3 matchpoint file: two A5050, an A6040 and an A6060
        ("mp_pairs_mitchell_adjusted_02.xml",
         {(1, "1NS"): (0.0, 0.0), (1, "2NS"): (3.0, -3.0), (2, "9NS"): (3.0, 3.0),
          (3, "1NS"): (0.0, 0.0)}),
        # EBUScore Pairs matchpoint file with one A5050
        ("00210009+002061.xml", None),
        ("mp_pairs_howell.xml", None),
        ("mp_pairs_mitchell_02.xml", None),
        ("multi-section-pairs.xml", None),
        ("payload_usebio-and-pbn.xml", None),
    ],
)  # fmt: skip
def test_real_files_with_percentage_awards_score_at_imps(
    name: str, adjusted: dict[tuple[int, str], tuple[float, float]] | None
) -> None:
    """No real butler or cross-IMP file at hand holds a percentage award (butler_howell,
    cross_imp_howell and payload_cross-imp-pairs have none); the matchpoint files that
    do are re-scored at IMPs, as ``bridgescore event FILE --scoring butler`` does."""
    event = load_event(USEBIO / name)
    written = [row for row in event.results.rows if isinstance(row.adjusted, Adjusted)]
    assert written  # A5050, A6040 or A6060 in the file: average, plus and minus
    for scoring in ("butler", "cross-imps"):
        result = score_event(event, scoring)
        assert isinstance(result, PairsResult)
        found = {
            (t.board, x.row.ns): (x.ns_points, x.ew_points)
            for t in result.travellers
            for x in t.lines
            if isinstance(x.row.adjusted, Adjusted)
        }
        assert found
        percent = [v for v in found.values() if v not in ((0.0, 0.0), (3.0, -3.0), (-3.0, 3.0))]
        assert all(v == (3.0, 3.0) for v in percent)
        if adjusted is not None:
            assert found == adjusted
