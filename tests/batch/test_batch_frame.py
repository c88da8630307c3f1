"""The Polars front: the same rows and the same problems as the scalar results reader."""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgescore.batch.frame as frame
from bridgescore.batch import BatchInputError
from bridgescore.batch import compare as batch
from bridgescore.duplicate import cross_imps as scalar_cross
from bridgescore.duplicate import matchpoints as scalar_mp
from bridgescore.events.model import Severity, check_rows
from bridgescore.io.results import read_csv

CONTRACTS = ["4S", "3NT", "4HX", "6NTXX", "1C", "7D", "2SX", "Pass", "8S", "4Q", "", "3N"]
DECLARERS = ["N", "E", "S", "W", "", "north"]
RESULTS = ["=", "+1", "-1", "-3", "10", "7", "+4", "-9", "13", "14", "", "x"]
VULS = ["", "", "", "None", "NS", "EW", "Both", "all", "Q"]
SCORES = ["", "", "", "", "+50", "-100", "420", "abc", "620"]


def _line(rng: random.Random) -> list[str]:
    board = rng.choice([str(rng.randint(1, 40)), str(rng.randint(1, 40)), "0", "x"])
    contract = rng.choice(CONTRACTS)
    declarer = rng.choice(DECLARERS)
    result = rng.choice(RESULTS)
    if rng.random() < 0.15:
        contract = contract + declarer + result
        declarer = result = ""
    return [
        board, str(rng.randint(1, 9)), str(rng.randint(10, 19)), contract, declarer, result,
        rng.choice(SCORES), rng.choice(VULS),
    ]  # fmt: skip


def _csv(lines: list[list[str]]) -> str:
    header = "board,ns,ew,contract,declarer,result,score,vulnerability"
    return "\n".join([header] + [",".join(line) for line in lines]) + "\n"


@settings(max_examples=40)
@given(st.integers(0, 10**9))
def test_same_scores_and_same_bad_rows_as_the_scalar_reader(seed: int) -> None:
    rng = random.Random(seed)
    text = _csv([_line(rng) for _ in range(60)])
    lenient = read_csv(text)
    want = {row.where.line: row.ns_score for row in lenient.rows}
    # the batch engine takes every problem the row kernel reports, warnings included (a
    # score that contradicts its contract, a bad contract beside a good score), for a bad
    # row: it has no place for warnings but the problem column
    bad_lines = {problem.where.line for problem in lenient.problems}
    warned = {p.where.line for p in lenient.problems if p.severity is Severity.WARNING}
    # the row kernel leaves aside a declarer written beside Pass (USEBIO files write
    # PLAYED_BY N with a passed-out deal); the batch engine refuses it: either is fair
    either = {
        number
        for number, fields in enumerate(csv.reader(io.StringIO(text)), start=1)
        if number > 1 and fields[3].upper().startswith("PASS") and (fields[4] or fields[3][4:])
    }
    # the event-wide check the batch engine also makes, per row: impossible given scores
    impossible = {
        problem.where.line: problem.detail()  # "board N: ...", as the batch column writes it
        for problem in check_rows(lenient.rows)
        if "no contract can produce" in problem.message
    }
    bad_lines |= set(impossible)
    scored = frame.score(pl.read_csv(text.encode(), infer_schema=False), on_invalid="null")
    got = scored["ns_score"].to_list()
    problems = scored["problem"].to_list()
    for index, (value, problem) in enumerate(zip(got, problems, strict=True)):
        line = index + 2
        if line in either:
            continue
        if line in bad_lines:
            assert value is None, (line, text.splitlines()[index + 1])
            assert problem, (line, text.splitlines()[index + 1])
            if line in impossible and line not in warned:
                assert problem == impossible[line]
        else:
            assert problem is None, (line, problem)
            assert value == want[line], (line, text.splitlines()[index + 1])


def test_the_first_bad_row_stops_a_raising_call() -> None:
    df = pl.DataFrame({"board": [1, 2, 3, 4], "contract": ["4SN=", "8SN=", "4SN+4", "3NTS="]})
    with pytest.raises(BatchInputError) as caught:
        frame.score(df)
    assert (caught.value.row, caught.value.count) == (1, 2)
    assert str(caught.value).startswith("row 1: '8SN=': a contract's level is 1 to 7 (2 bad rows")
    scored = frame.score(df, on_invalid="null")
    assert scored["ns_score"].to_list() == [420, None, None, 600]
    assert scored["problem"].to_list()[2] == "'4SN+4': 4S can make at most 13 tricks (at most +3)"


def test_code_columns_and_their_problems() -> None:
    df = pl.DataFrame(
        {
            "Board": [1, 2, 3, 4, 5, 6],
            "level": [4, 3, 8, 4, None, 4],
            "strain": ["S", "NT", "S", "Q", "S", "4"],
            "doubling": [0, 1, 0, 0, 0, 0],
            "decl": ["N", 3, "E", "S", "N", "N"],
            "tricks": [10, 7, 9, 10, 10, 14],
            "vul": [None, "NS", "EW", "Both", "none", "none"],
        },
        strict=False,
    )
    scored = frame.BridgeFrame(df).score(on_invalid="null")
    assert scored["ns_score"].to_list() == [420, 300, None, None, None, None]
    assert scored["problem"].to_list() == [
        None,
        None,
        "level 8 is not 1-7",
        "strain 'Q' is not 0-4 (C D H S NT)",
        "level is missing",
        "tricks 14 is not 0-13",
    ]


def test_vulnerability_comes_from_the_board_number_by_default() -> None:
    df = pl.DataFrame({"board": list(range(1, 17)), "contract": ["4SN="] * 16})
    scored = frame.score(df)
    vulnerable = [2, 4, 5, 7, 10, 12, 13, 15]
    assert scored["ns_score"].to_list() == [620 if b in vulnerable else 420 for b in range(1, 17)]


def test_adjusted_scores_and_mixed_law_sets_are_problems() -> None:
    df = pl.DataFrame(
        {
            "board": [1, 1, 2, 2],
            "contract": ["4SN=", "", "4SN=", "4SN="],
            "adjusted": ["", "A+/A-", "", ""],
            "laws": ["2017", "2017", "2017", "1932"],
        }
    )
    scored = frame.score(df, on_invalid="null")
    assert scored["problem"].to_list() == [
        None,
        "adjusted score A+/A-: the batch engine compares played results only",
        "board 2 mixes law sets; score each board under one",
        "board 2 mixes law sets; score each board under one",
    ]


def test_law_sets_per_call_and_per_row() -> None:
    df = pl.DataFrame({"board": [1, 2], "contract": ["7SXXN-13", "7SXXN-13"]})
    assert frame.score(df, laws="1932")["ns_score"].to_list() == [-10400, -20800]
    per_row = df.with_columns(laws=pl.Series(["1935", "2017"]))
    assert frame.score(per_row)["ns_score"].to_list() == [-5000, -7600]


def test_compare_adds_every_method_as_the_scalar() -> None:
    rng = np.random.default_rng(2)
    n = 400
    df = pl.DataFrame(
        {
            "event": rng.integers(1, 3, n),
            "board": rng.integers(1, 9, n),
            "score": rng.choice([-200, -100, 100, 110, 140, 420, 450], n),
            "vulnerability": ["None"] * n,  # so that every score is a possible one
        }
    )
    scored = frame.process(df, methods=frame.METHODS, expected=60)
    keys = list(zip(df["event"], df["board"], strict=True))
    for key in set(keys):
        rows = [i for i, k in enumerate(keys) if k == key]
        ns = [int(df["score"][i]) for i in rows]
        assert [scored["ns_mp"][i] for i in rows] == scalar_mp.matchpoints(ns)
        assert [scored["ew_pct"][i] for i in rows] == scalar_mp.percentages([-x for x in ns])
        assert [scored["ns_neuberg"][i] for i in rows] == scalar_mp.neuberg(ns, 60)
        assert [scored["ew_neuberg"][i] for i in rows] == scalar_mp.neuberg([-x for x in ns], 60)
        assert [scored["ns_ximps"][i] for i in rows] == scalar_cross.cross_imps(ns)
        assert [scored["ew_ximps"][i] for i in rows] == [
            0.0 - x for x in scalar_cross.cross_imps(ns)
        ]


def test_rows_without_a_score_take_no_part() -> None:
    df = pl.DataFrame({"board": [1, 1, 1, 2], "contract": ["4SN=", "9SN=", "3NTS=", "Pass"]})
    scored = frame.process(df, on_invalid="null", methods=["mp", "butler"])
    assert scored["ns_mp"].to_list() == [2.0, None, 0.0, 0.0]
    assert scored["ns_butler"].to_list()[1] is None
    with pytest.raises(BatchInputError, match="score the frame first"):
        frame.compare(df)


def test_expressions_agree_with_the_engine() -> None:
    rng = np.random.default_rng(4)
    df = pl.DataFrame(
        {"board": rng.integers(1, 30, 3000), "ns_score": rng.choice([-100, 50, 420, 450], 3000)}
    )
    # The namespaces are registered at run time; mypy cannot see them on Expr/DataFrame.
    ns_score: Any = pl.col("ns_score")
    by_expr = df.select(
        ns_score.bridge.matchpoints(over="board").alias("mp"),
        ns_score.bridge.matchpoints("acbl", over="board").alias("acbl"),
        ns_score.bridge.percentage(over="board").alias("pct"),
    )
    board, ns = df["board"].to_numpy(), df["ns_score"].to_numpy()
    assert by_expr["mp"].to_list() == batch.matchpoints(board, ns).tolist()
    assert by_expr["acbl"].to_list() == batch.matchpoints(board, ns, "acbl").tolist()
    assert by_expr["pct"].to_list() == batch.percentages(board, ns).tolist()
    codes = pl.DataFrame(
        {"level": [4, 3, 9], "strain": [3, 4, 0], "doubling": [0, 1, 0], "declarer": [0, 1, 2],
         "vulnerability": [3, 0, 0], "tricks": [10, 7, 7]}
    )  # fmt: skip
    fields: Any = pl.struct(pl.all())
    got = codes.select(fields.bridge.ns_score().alias("ns"))["ns"].to_list()
    assert got == [620, 300, None]


def test_frame_namespace() -> None:
    df: Any = pl.DataFrame({"bd": [1, 1], "contract": ["4SN=", "4SN+1"]})
    assert df.bridge.process()["ns_mp"].to_list() == [0.0, 2.0]
    assert df.bridge.score().bridge.compare(methods=["cross_imps"])["ns_ximps"].to_list() == [
        -1.0,
        1.0,
    ]


def test_score_file_writes_every_row_and_reports_progress(tmp_path: Path) -> None:
    source = tmp_path / "results.csv"
    source.write_text(
        "# a comment\nboard,ns,ew,contract,declarer,result\n"
        + "".join(f"{b},1,2,4S,N,{r}\n" for b in range(1, 6) for r in ("=", "+1", "-1"))
        + "6,1,2,8S,N,=\n"
    )
    calls: list[tuple[str, int, int]] = []
    out = tmp_path / "scored.parquet"
    bad = frame.score_file(
        source,
        out,
        progress=lambda phase, done, total: calls.append((phase, done, total)),
        chunk_rows=7,
        methods=["cross_imps", "mp"],
        fast=True,  # pairs named: the vectorised path, by name
    )
    assert bad == 1
    size = source.stat().st_size
    assert calls == [
        ("reading", size, size),
        ("reading", size, size),
        ("scoring", 0, 16),
        ("scoring", 7, 16),
        ("scoring", 14, 16),
        ("scoring", 16, 16),
        ("mp", 0, 1),
        ("mp", 1, 1),
        ("cross_imps", 0, 1),
        ("cross_imps", 1, 1),
        ("writing", 0, 1),
        ("writing", 1, 1),
    ]
    assert [phase for phase in frame.PHASES if phase in {c[0] for c in calls}] == list(
        dict.fromkeys(c[0] for c in calls)
    )
    written = pl.read_parquet(out)
    assert written.height == 16
    assert written["ns_score"].to_list()[:3] == [420, 450, -50]
    assert written["problem"].to_list()[-1] == "'8S N =': a contract's level is 1 to 7"
    again = tmp_path / "again.csv"
    # the Parquet table names its pairs: an event, as a CSV one is; the comparisons are
    # the fast path's
    with pytest.raises(BatchInputError, match="the comparisons butler are for the fast path"):
        frame.score_file(out, again, methods=["butler"])
    assert frame.score_file(out, again, methods=["butler"], fast=True) == 1
    assert pl.read_csv(again)["ns_butler"].to_list()[:3] == [0.0, 1.0, -10.0]


def test_parquet_lazily_in_and_out(tmp_path: Path) -> None:
    source = tmp_path / "in.parquet"
    pl.DataFrame({"board": [1, 1, 2], "contract": ["3NTS=", "3NTS+1", "Pass"]}).write_parquet(
        source
    )
    scored = frame.process(pl.scan_parquet(source).collect())
    scored.lazy().sink_parquet(tmp_path / "out.parquet")
    assert pl.read_parquet(tmp_path / "out.parquet")["ns_mp"].to_list() == [0.0, 2.0, 0.0]


def test_the_results_file_aliases_are_the_io_modules() -> None:
    from bridgescore.batch import columns
    from bridgescore.io import results

    for alias, name in results._ALIASES.items():
        assert frame.ALIASES[alias] == name
    assert set(frame.ALIASES) - set(results._ALIASES) == set(columns.BATCH_ALIASES)
    assert set(columns.COLUMNS) == set(results.COLUMNS) | set(columns.BATCH_COLUMNS)


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("Bd", "board"),
        ("board_no", "board"),
        ("decl", "declarer"),
        ("BY", "declarer"),
        ("tricks", "result"),
        ("ns_score", "score"),
        ("adj", "adjusted"),
        ("vul", "vulnerability"),
        ("rnd", "round"),
        ("tbl", "table"),
        ("law", "laws"),
    ],
)
def test_every_alias_reads_as_in_the_results_file(alias: str, canonical: str) -> None:
    base = {"board": ["1", "2"], "contract": ["4S", "4S"], "declarer": ["N", "N"]}
    base |= {"result": ["=", "+1"], "vulnerability": ["None", "None"]}
    base |= {"round": ["1", "1"], "table": ["1", "2"], "laws": ["2017", "2017"]}
    base |= {"score": ["420", "450"], "adjusted": ["", ""]}
    base[alias] = base.pop(canonical)
    scored = frame.score(pl.DataFrame(base))
    assert scored["ns_score"].to_list() == [420, 450]


def test_codes_take_the_tricks_from_the_result_column_or_its_alias() -> None:
    codes = {"board": [1], "level": [4], "strain": [3], "doubling": [0], "declarer": [0]}
    for name in ("tricks", "result", "Tricks"):
        assert frame.score(pl.DataFrame({**codes, name: [10]}))["ns_score"].to_list() == [420]
    with pytest.raises(BatchInputError, match="a level column but no tricks column"):
        frame.score(pl.DataFrame(codes))


def test_a_score_no_contract_can_produce_is_a_bad_row() -> None:
    df = pl.DataFrame(
        {
            "board": [1, 1, 2, 2, 3, 4],
            "score": ["425", "+420", "420", "620", "-50", "0"],
            "vulnerability": ["None", "None", "", "", "", "Both"],
            "laws": ["2017"] * 6,
        }
    )
    scored = frame.score(df, on_invalid="null")
    assert scored["ns_score"].to_list() == [None, 420, None, 620, -50, 0]
    assert scored["problem"].to_list() == [
        "board 1: NS +425 is a score no contract can produce with nobody vulnerable",
        None,
        "board 2: NS +420 is a score no contract can produce with NS vulnerable",
        None,
        None,
        None,
    ]
    with pytest.raises(BatchInputError) as caught:
        frame.score(df)
    assert str(caught.value) == (
        "row 0: board 1: NS +425 is a score no contract can produce with nobody vulnerable"
        " (2 bad rows; on_invalid='null' keeps the others)"
    )


def test_impossible_scores_follow_the_law_set() -> None:
    # NS -7600 is 7XX vulnerable down 13 under the 2017 laws; no 1932 score is that
    df = pl.DataFrame(
        {"board": [1, 2], "score": [-7600, -7600], "laws": ["2017", "1932"]},
    ).with_columns(vulnerability=pl.lit("Both"))
    scored = frame.score(df, on_invalid="null")
    assert scored["ns_score"].to_list() == [-7600, None]
    assert scored["problem"].to_list() == [
        None,
        "board 2: NS -7600 is a score no contract can produce with both vulnerable",
    ]
    assert frame.score(df.drop("laws"), laws="1932", on_invalid="null")["ns_score"].to_list() == [
        None,
        None,
    ]


def test_long_text_is_quoted_in_short() -> None:
    huge = "7" * 1_000_000
    df = pl.DataFrame(
        {
            "board": ["1", huge, "3", "4"],
            "contract": [huge, "4SN=", "4SN=", ""],
            "score": ["", "", "x" * 100, ""],
            "adjusted": ["", "", "", "A" * 500],
        }
    )
    problems = frame.score(df, on_invalid="null")["problem"].to_list()
    assert all(len(p) < 160 for p in problems), problems
    assert (
        problems[0]
        == f"{'7' * 40 + '…'!r} (1,000,000 characters) is too long to be a contract and result"
    )
    assert problems[1] == f"board {'7' * 40 + '…'!r} (1,000,000 characters) is not a board number"
    assert problems[2] == f"score {'x' * 60}… is not a whole number of points"
    assert problems[3].startswith(f"adjusted score {'A' * 40 + '…'!r} (500 characters): ")
