"""Files as users hand them over: recognised by content, never written over the input,
written whole or not at all, and never "done" on nothing."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore import load_event
from bridgescore.cli.main import cli
from bridgescore.errors import BridgeInputError
from bridgescore.events.scoring import NoResultsError, score_event
from bridgescore.io import writing
from bridgescore.io.events import EmptyFileError, detect_format, write_event
from bridgescore.io.results import ResultsFileError

ROOT = Path(__file__).resolve().parents[2]
MITCHELL = ROOT / "examples" / "pairs-mitchell.csv"
PBN = ROOT / "tests" / "io" / "data" / "pbn"
USEBIO = ROOT / "tests" / "io" / "data" / "usebio"


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args])


def error_line(result: Result) -> str:
    lines = result.stderr.splitlines()
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return lines[-1]


# --- recognised by content ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "renamed", "fmt"),
    [
        (PBN / "ruter_sm1.pbn", "results.txt", "pbn"),
        (USEBIO / "sample.xml", "results.txt", "usebio"),
        (USEBIO / "sample.xml", "results.pbn", "usebio"),
        (MITCHELL, "results.pbn", "csv"),
    ],
)
def test_a_file_is_recognised_by_its_content(
    tmp_path: Path, source: Path, renamed: str, fmt: str
) -> None:
    copy = tmp_path / renamed
    shutil.copyfile(source, copy)
    assert detect_format(copy) == fmt
    assert load_event(copy).results.rows == load_event(source).results.rows


def test_a_pbn_saved_as_txt_is_ranked_as_its_program_ranks_it(tmp_path: Path) -> None:
    copy = tmp_path / "sm1.txt"
    shutil.copyfile(PBN / "ruter_sm1.pbn", copy)
    result = run("event", copy, "--json", "--no-analysis")  # the ranking, not the deals
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["conventions"]["known_program"] == "Ruter"
    assert (data["participants"][0]["id"], data["participants"][0]["total"]) == ("23", 1337.0)


@pytest.mark.parametrize("content", [b"", b"\n\n  \r\n", b"\xef\xbb\xbf", b"\xef\xbb\xbf \n"])
def test_an_empty_file_is_an_error(tmp_path: Path, content: bytes) -> None:
    empty = tmp_path / "empty.pbn"
    empty.write_bytes(content)
    with pytest.raises(EmptyFileError, match="the file is empty"):
        load_event(empty)
    assert error_line(run("event", empty)) == (
        f"bridgescore: error: {empty}: the file is empty: no results to read"
    )


def test_a_header_only_csv_and_an_empty_json_are_errors(tmp_path: Path) -> None:
    header = tmp_path / "header.csv"
    header.write_text("board,ns,ew,contract,declarer,result\n", encoding="utf-8")
    with pytest.raises(ResultsFileError, match="no results to score"):
        load_event(header)
    assert error_line(run("event", header)) == (
        f"bridgescore: {header}: error: no results to score: the file holds no result rows"
    )
    empty = tmp_path / "empty.json"
    empty.write_text('{"event": {"name": "x"}, "results": []}', encoding="utf-8")
    assert "no results to score" in error_line(run("pairs", empty))


def _hand_record(tmp_path: Path) -> Path:
    """The deals of a real file, without its results: what a dealing program writes."""
    kept = []
    for line in (PBN / "bridgecomposer_2025-12-23.pbn").read_text(encoding="utf-8").splitlines():
        if re.match(r'^\[(Event|Site|Date|Board|Dealer|Vulnerable|Deal) "', line) or (
            line.startswith("%") or not line.strip()
        ):
            kept.append(line)
    path = tmp_path / "hands.pbn"
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return path


def test_a_hand_record_says_it_has_no_results_and_how_many_deals(tmp_path: Path) -> None:
    hands = _hand_record(tmp_path)
    event = load_event(hands)
    deals = len(event.hands)
    assert deals >= 20
    assert not event.results.rows
    with pytest.raises(NoResultsError, match=f"holds {deals} deals and no results"):
        score_event(event)
    line = error_line(run("event", hands))
    assert f"holds {deals} deals and no results" in line
    assert line.startswith(f"bridgescore: error: {hands}: no results to score")


def test_the_report_of_a_hand_record_prints_the_hands(tmp_path: Path) -> None:
    hands = _hand_record(tmp_path)
    site = tmp_path / "site"
    result = run("report", hands, "--html", site, "--no-analysis")  # the hands, not their play
    assert result.exit_code == 0, result.output
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "board-1.html" in index
    board = (site / "board-1.html").read_text(encoding="utf-8")
    deal = next(
        line for line in hands.read_text(encoding="utf-8").splitlines() if line.startswith("[Deal ")
    )
    dealt = "N:83.A985.J7432.T9 QT.QJ.AK65.AKJ74 AJ976.7642.T.852 K542.KT3.Q98.Q63"
    assert deal == f'[Deal "{dealt}"]'
    assert '<div class="seat">North</div><div class="suit black"><span class="sym">♠</span> 83' in (
        board
    )
    assert '<span class="sym">♣</span> AKJ74' in board  # East, as the file deals it
    assert "Traveller" not in board


# --- never over the input, whole or not at all ----------------------------------------------


def test_convert_and_report_refuse_to_write_over_their_input(tmp_path: Path) -> None:
    source = tmp_path / "club.csv"
    shutil.copyfile(MITCHELL, source)
    before = source.read_bytes()
    line = error_line(run("convert", source, source))
    assert "is the input file" in line
    assert "pass --force" in line
    link = tmp_path / "link.csv"
    link.symlink_to(source)
    assert "is the input file" in error_line(run("convert", source, link))
    assert "is the input file" in error_line(run("report", source, "--pdf", source))
    assert source.read_bytes() == before
    forced = run("convert", source, link, "--force")
    assert forced.exit_code == 0, forced.output
    assert load_event(source).results.rows == load_event(MITCHELL).results.rows


def test_a_failed_write_leaves_no_truncated_file_and_names_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.json"
    target.write_text("the club's old file\n", encoding="utf-8")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    line = error_line(run("convert", MITCHELL, target))
    assert line == f"bridgescore: error: {str(target)!r}: cannot write: No space left on device"
    assert target.read_text(encoding="utf-8") == "the club's old file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_a_write_keeps_the_mode_of_the_file_it_replaces(tmp_path: Path) -> None:
    target = tmp_path / "shared.csv"
    target.write_text("x\n", encoding="utf-8")
    target.chmod(0o640)
    writing.write_text(target, "y\n")
    assert target.read_text(encoding="utf-8") == "y\n"
    assert target.stat().st_mode & 0o777 == 0o640


def test_a_write_into_a_missing_folder_names_it(tmp_path: Path) -> None:
    with pytest.raises(BridgeInputError, match=r"nowhere/out\.csv'.*cannot write"):
        writing.write_text(tmp_path / "nowhere" / "out.csv", "x")


# --- encodings ------------------------------------------------------------------------------


def test_a_windows_1252_csv_is_read_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "spreadsheet.csv"
    text = MITCHELL.read_text(encoding="utf-8").replace("board,", "board,", 1)
    lines = text.splitlines()
    lines.insert(1, "# Müller's table")
    path.write_bytes("\n".join(lines).encode("cp1252") + b"\n")
    result = run("event", path)
    assert result.exit_code == 0, result.output
    assert f"bridgescore: {path}, line 2: warning:" in result.stderr
    assert "Windows-1252" in result.stderr
    strict = run("event", path, "--strict")
    assert "line 2" in error_line(strict)
    assert "Windows-1252" in error_line(strict)


def test_a_byte_order_mark_is_no_error(tmp_path: Path) -> None:
    path = tmp_path / "bom.csv"
    path.write_bytes(b"\xef\xbb\xbf" + MITCHELL.read_bytes())
    assert load_event(path, strict=True).results.rows == load_event(MITCHELL).results.rows
    utf16 = tmp_path / "utf16.csv"
    utf16.write_bytes(MITCHELL.read_text(encoding="utf-8").encode("utf-16"))
    assert load_event(utf16, strict=True).results.rows == load_event(MITCHELL).results.rows


def test_paths_may_be_text_or_path_objects(tmp_path: Path) -> None:
    assert load_event(str(MITCHELL)).results.rows == load_event(MITCHELL).results.rows
    event = load_event(MITCHELL)
    assert write_event(event, str(tmp_path / "a.json")) == tmp_path / "a.json"
    assert write_event(event, tmp_path / "b.json").read_text(encoding="utf-8") == (
        (tmp_path / "a.json").read_text(encoding="utf-8")
    )
