"""Damaged files: every one is a BridgeError naming the file, the line (or row) and what is
wrong, quoting at most a short excerpt; built from the project's real Mitchell file."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import polars as pl
import pytest

import bridgescore.batch.frame as frame
from bridgescore.batch import files
from bridgescore.batch.files import BatchFileError
from bridgescore.errors import BridgeError, BridgeInputError
from bridgescore.io.results import ResultsFileError

MITCHELL = Path(__file__).resolve().parents[2] / "examples" / "pairs-mitchell.csv"
LINES = MITCHELL.read_bytes().split(b"\n")
HEADER_LINE = 3  # two comment lines, then the header
assert LINES[HEADER_LINE - 1].startswith(b"board,round,table")


def mitchell(tmp_path: Path, name: str, change: Mapping[int, bytes | None]) -> Path:
    """The real file with some lines (1-based) replaced (``None``: dropped)."""
    lines = [change.get(number, line) for number, line in enumerate(LINES, start=1)]
    path = tmp_path / name
    path.write_bytes(b"\n".join(line for line in lines if line is not None))
    return path


def error_of(path: Path, **options: object) -> BatchFileError:
    with pytest.raises(BatchFileError) as caught:
        frame.score_file(path, path.with_name("out.csv"), **options)  # type: ignore[arg-type]
    error = caught.value
    assert isinstance(error, BridgeError)
    assert isinstance(error, BridgeInputError)
    assert isinstance(error, ValueError)
    assert not path.with_name("out.csv").exists()
    return error


def test_the_real_file_reads_with_each_row_at_its_line() -> None:
    table = files.read(MITCHELL)
    assert table.frame.height == 50
    assert table.header_line == HEADER_LINE
    assert table.lines is not None
    assert table.lines[:3].tolist() == [4, 5, 6]
    assert int(table.lines[-1]) == 53


def test_a_row_with_more_fields_than_the_header(tmp_path: Path) -> None:
    path = mitchell(tmp_path, "more.csv", {7: LINES[6] + b",late"})
    error = error_of(path)
    assert str(error) == (
        f"{path}, line 7: 11 fields where the header (line 3) has 10: '4,1,2,2,7,6S,N,13,,,late'"
    )
    assert (error.source, error.line) == (str(path), 7)


def test_a_row_with_fewer_fields_than_the_header(tmp_path: Path) -> None:
    path = mitchell(tmp_path, "fewer.csv", {9: b"6,1,3,3,8,2S,N"})
    assert str(error_of(path)) == (
        f"{path}, line 9: 7 fields where the header (line 3) has 10: '6,1,3,3,8,2S,N'"
    )


def test_ragged_rows_in_a_quoted_file_too(tmp_path: Path) -> None:
    quoted = {12: b'9,1,5,5,10,"4S",N,12,,', 20: b'7,2,1,1,7,"3NT",N'}
    path = mitchell(tmp_path, "quoted.csv", quoted)
    assert str(error_of(path)) == (
        f"{path}, line 20: 7 fields where the header (line 3) has 10: '7,2,1,1,7,\"3NT\",N'"
    )


def test_an_unterminated_quote_names_the_line_it_opens_on(tmp_path: Path) -> None:
    path = mitchell(tmp_path, "quote.csv", {10: b'7,1,4,4,9,"4S,W,9,,'})
    assert str(error_of(path)) == (
        f"{path}, line 10: a quoted field opened here is never closed ('7,1,4,4,9,\"4S,W,9,,');"
        " the file ends inside it"
    )


def test_text_after_a_closing_quote(tmp_path: Path) -> None:
    path = mitchell(tmp_path, "after.csv", {10: b'7,1,4,4,9,"4S"x,W,9,,'})
    error = error_of(path)
    assert error.line == 10
    assert "text after a closing quote ('7,1,4,4,9,\"4S\"x,W,9,,')" in str(error)


def test_windows_1252_bytes_name_the_line_and_the_encoding(tmp_path: Path) -> None:
    path = mitchell(tmp_path, "latin.csv", {2: "# boards move down; café".encode("cp1252")})
    assert str(error_of(path)) == (
        f"{path}, line 2: not UTF-8 (byte 0xE9 at column 24); it reads as Windows-1252:"
        " '# boards move down; café'; save the file as UTF-8 (e.g. iconv -f CP1252 -t UTF-8)"
    )


def test_non_utf8_in_a_quoted_file(tmp_path: Path) -> None:
    row = '9,1,5,5,10,"4S",N,12,,"Müller"'.encode("cp1252")
    path = mitchell(tmp_path, "latin-quoted.csv", {12: row})
    error = error_of(path)
    assert error.line == 12
    assert 'it reads as Windows-1252: \'9,1,5,5,10,"4S",N,12,,"Müller"\'' in str(error)


def test_a_utf16_file_is_named_as_such(tmp_path: Path) -> None:
    path = tmp_path / "utf16.csv"
    path.write_bytes(MITCHELL.read_text(encoding="utf-8").encode("utf-16"))
    assert str(error_of(path)) == (
        f"{path}, line 1: the file is UTF-16, not UTF-8; save it as UTF-8 (CSV UTF-8 in a"
        " spreadsheet)"
    )


def test_a_utf8_byte_order_mark_is_not_an_error(tmp_path: Path) -> None:
    path = tmp_path / "bom.csv"
    path.write_bytes(b"\xef\xbb\xbf" + MITCHELL.read_bytes())
    assert frame.read(path).equals(frame.read(MITCHELL))
    headed = tmp_path / "bom-header.csv"
    headed.write_bytes(b"\xef\xbb\xbf" + b"\n".join(LINES[2:]))
    assert frame.read(headed).columns[0] == "board"
    # the vectorised path leaves the adjusted board out (a bad row); the library scores it
    assert frame.score_file(headed, tmp_path / "out.csv", fast=True) == 1
    assert frame.score_file(headed, tmp_path / "out.csv") == 0


def test_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.csv"
    path.write_bytes(b"")
    assert str(error_of(path)) == f"{path}: empty file: no header and no results"
    path.write_bytes(b"\n".join(LINES[:2]) + b"\n\n")
    assert str(error_of(path)) == (
        f"{path}: no header and no results (only comments and blank lines)"
    )


def test_a_header_and_no_results_is_nothing_to_score(tmp_path: Path) -> None:
    path = tmp_path / "header.csv"
    path.write_bytes(b"\n".join(LINES[:3]) + b"\n\n\n")
    assert str(error_of(path)) == f"{path}: a header (line 3) and no results: nothing to score"
    parquet = tmp_path / "header.parquet"
    frame.read(MITCHELL).clear().write_parquet(parquet)
    assert str(error_of(parquet)) == f"{parquet}: a header and no results: nothing to score"


def test_a_truncated_parquet_file(tmp_path: Path) -> None:
    whole = io.BytesIO()
    frame.read(MITCHELL).write_parquet(whole)
    path = tmp_path / "cut.parquet"
    path.write_bytes(whole.getvalue()[: len(whole.getvalue()) // 2])
    size = path.stat().st_size
    assert str(error_of(path)) == (
        f"{path}: a truncated Parquet file ({size:,} bytes and no footer): it was cut short"
        " while being written or copied"
    )


def test_a_csv_file_named_parquet_and_the_other_way_round(tmp_path: Path) -> None:
    path = tmp_path / "results.parquet"
    path.write_bytes(b"\n".join(LINES[2:]))
    assert str(error_of(path)) == (
        f"{path}: not a Parquet file (it starts with"
        " 'board,round,table,ns,ew,contract,declarer,result,score,adjusted'); a CSV file is"
        " named .csv"
    )
    parquet = tmp_path / "results.csv"
    frame.read(MITCHELL).write_parquet(parquet)
    assert str(error_of(parquet)) == (
        f"{parquet}: this is a Parquet file; name it .parquet to read it as one"
    )


def test_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.csv"
    assert str(error_of(path)) == f"{path}: cannot read: No such file or directory"


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (
            b"board,round,table,ns,ew,contract,declarer,result,score,board",
            "the column 'board' appears twice",
        ),
        (
            b"board,round,table,ns,ew,contract,declarer,result,score,Board",
            "the columns 'board' and 'Board' are both the board column",
        ),
        (
            b"board,round,table,ns,ew,contract,declarer,result,score,ns_score",
            "the columns 'score' and 'ns_score' are both the score column"
            " ('ns_score' is an alias of 'score')",
        ),
        (
            b"bd,round,tbl,ns,ew,contract,by,result,ns_score,decl",
            "the columns 'by' and 'decl' are both the declarer column"
            " ('by', 'decl' are aliases of 'declarer')",
        ),
    ],
)
def test_a_duplicated_column_also_through_aliases(
    tmp_path: Path, header: bytes, message: str
) -> None:
    path = mitchell(tmp_path, "dup.csv", {3: header})
    assert str(error_of(path)) == f"{path}, line 3: {message}"


def test_a_duplicated_column_in_parquet_and_in_frames(tmp_path: Path) -> None:
    df = pl.DataFrame({"board": [1], "Bd": [1], "contract": ["4SN="]})
    path = tmp_path / "dup.parquet"
    df.write_parquet(path)
    assert str(error_of(path)) == (
        f"{path}: the columns 'board' and 'Bd' are both the board column"
        " ('bd' is an alias of 'board')"
    )
    with pytest.raises(BridgeInputError, match="'board' and 'Bd' are both the board column"):
        frame.score(df)


def test_a_ten_megabyte_line_is_quoted_in_short(tmp_path: Path) -> None:
    huge = b"x" * 10_000_000
    for name, line in (
        ("ragged.csv", b"7,1,4,4,9," + b",".join([huge[:100]] * 100_000)),
        ("quote.csv", b'7,1,4,4,9,"' + huge),
        ("latin.csv", b"7,1,4,4,9,\xe9" + huge),
    ):
        path = mitchell(tmp_path, name, {10: line})
        message = str(error_of(path))
        assert len(message) < 400, (name, message[:400])
        assert f"{path}, line 10: " in message
        assert "characters)" in message
    scored = tmp_path / "long.csv"
    mitchell(tmp_path, "long.csv", {10: b"7,1,4,4,9," + huge + b",W,9,,"})
    assert frame.score_file(scored, tmp_path / "out.parquet", fast=True) == 2
    problem = pl.read_parquet(tmp_path / "out.parquet")["problem"][6]
    assert problem == (
        f"{'x' * 40 + '…'!r} (10,000,004 characters) is too long to be a contract and result"
    )
    with pytest.raises(ResultsFileError) as caught:  # the library reads no such field
        frame.score_file(scored, tmp_path / "library.parquet")
    assert str(caught.value).startswith(f"{scored}, line 10: error: cannot be read as CSV")
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize("quoted", [False, True])
def test_blank_and_comment_lines_keep_the_line_numbers(tmp_path: Path, quoted: bool) -> None:
    # four lines more after line 5: a blank one, a comment, spaces, empty fields
    change = {5: LINES[4] + b"\n\n# a note\n   \n,,,", 9: b"6,1,3,3,8,2S,N,7,,x"}
    if quoted:
        change[4] = b'1,1,1,1,6,"3NT",E,9,,'
        change[5] = b'2,1,1,1,6,"3C",N,8,,\n\n# a "note\n   \n,,,'
    path = mitchell(tmp_path, "notes.csv", change)
    table = files.read(path)
    assert table.frame.height == 50
    assert table.lines is not None
    assert table.lines[:6].tolist() == [4, 5, 10, 11, 12, 13]
    error = error_of(path, on_invalid="raise", fast=True)
    assert str(error) == (
        f"{path}, line 12: adjusted score A+/A-: the batch engine compares played results only"
        " (2 bad rows)"
    )
    frame.score_file(path, tmp_path / "out.csv", fast=True)
    problems = pl.read_csv(tmp_path / "out.csv")["problem"].to_list()
    assert problems[5] == "adjusted score x: the batch engine compares played results only"
    # the library's figures (the default) refuse the event, naming the bad row's line
    with pytest.raises(ResultsFileError) as caught:
        frame.score_file(path, tmp_path / "library.csv")
    assert str(caught.value).startswith(
        f"{path}, line 13, board 6: error: adjusted 'x' is not an adjusted score"
    )
    assert not (tmp_path / "library.csv").exists()


def test_strict_errors_name_the_line_across_chunks(tmp_path: Path) -> None:
    path = mitchell(tmp_path, "bad.csv", {40: b"7,4,4,4,8,9S,W,9,,"})
    error = error_of(path, on_invalid="raise", chunk_rows=7, fast=True)
    assert str(error) == (
        f"{path}, line 8: adjusted score A+/A-: the batch engine compares played results only"
        " (2 bad rows)"
    )
    assert (error.row, error.count) == (4, 2)
    parquet = tmp_path / "bad.parquet"
    frame.read(path).write_parquet(parquet)
    error = error_of(parquet, on_invalid="raise", chunk_rows=7, fast=True)
    assert str(error).startswith(f"{parquet}, row 5: adjusted score A+/A-")
    # not fast, a table naming its pairs is an event, read by the library, whose error
    # names the row (result 37: the 37th row) and what is wrong
    with pytest.raises(ResultsFileError) as found:
        frame.run_file(parquet, tmp_path / "out.csv", on_invalid="raise")
    assert str(found.value) == (
        f"{parquet}, result 37, board 7: error: contract '9S': a contract's level is 1 to 7"
    )


def test_generated_frames_round_trip_and_keep_their_lines(tmp_path: Path) -> None:
    rng = np.random.default_rng(8)
    n = 5000
    df = pl.DataFrame(
        {
            "board": rng.integers(1, 33, n).astype(str),
            "contract": rng.choice(["4S", "3NT", "2HX", "Pass"], n),
            "declarer": rng.choice(["N", "E", "S", "W"], n),
            "result": rng.choice(["=", "+1", "-1"], n),
            "note": rng.choice(["", "late", "a, b"], n),  # "a, b" is quoted by the writer
        }
    )
    path = tmp_path / "generated.csv"
    df.write_csv(path)
    table = files.read(path)
    assert table.frame.equals(df)
    assert table.lines is not None
    assert table.lines.tolist() == list(range(2, n + 2))
    plain = tmp_path / "plain.csv"
    df.drop("note").write_csv(plain)
    assert files.read(plain).frame.equals(df.drop("note"))
    text = plain.read_text().splitlines()
    text[1234] += ",extra"
    plain.write_text("\n".join(text) + "\n")
    assert re.fullmatch(
        rf"{re.escape(str(plain))}, line 1235: 5 fields where the header \(line 1\) has 4: '.*'",
        str(error_of(plain)),
    )


def test_a_failed_write_leaves_no_truncated_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.parquet"
    target.write_bytes(b"the old output")

    real_fsync = os.fsync

    def disk_full(fd: int) -> None:  # the bytes went to the temporary file; the disk is full
        real_fsync(fd)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)  # bridgescore.io.writing's, the one writer
    with pytest.raises(BatchFileError) as caught:
        frame.score_file(MITCHELL, target)
    assert str(caught.value) == f"{target}: cannot write: No space left on device"
    assert target.read_bytes() == b"the old output"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.parquet"]


def test_writing_into_a_missing_directory_names_the_path(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "out.csv"
    with pytest.raises(BatchFileError) as caught:
        frame.score_file(MITCHELL, target)
    assert str(caught.value) == f"{target}: cannot write: No such file or directory"


def test_the_output_is_written_with_the_usual_permissions(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    frame.score_file(MITCHELL, target)
    mask = os.umask(0o022)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "out.xlsx",
            "'.xlsx' is not a format the batch engine writes; name the output .csv or .parquet",
        ),
        ("out", "no extension to tell the format by; name the output .csv or .parquet"),
    ],
)
def test_the_output_name_says_the_format_or_nothing_is_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, message: str
) -> None:
    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("read before the output name was checked")

    monkeypatch.setattr(files, "read", never)
    with pytest.raises(BatchFileError) as caught:
        frame.score_file(MITCHELL, tmp_path / name)
    assert str(caught.value) == f"{tmp_path / name}: {message}"
    assert list(tmp_path.iterdir()) == []


def test_the_output_is_not_the_input_unless_forced(tmp_path: Path) -> None:
    path = tmp_path / "results.csv"
    path.write_bytes(MITCHELL.read_bytes())
    for same in (path, tmp_path / "." / "results.csv"):
        with pytest.raises(BatchFileError) as caught:
            frame.score_file(path, same)
        assert str(caught.value).endswith(
            ": the output is the input file; name another output (or force it)"
        )
    assert path.read_bytes() == MITCHELL.read_bytes()
    assert frame.score_file(path, path, force=True) == 0
    assert "ns_points" in pl.read_csv(path).columns
