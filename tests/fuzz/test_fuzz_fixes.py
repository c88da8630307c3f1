"""Unit tests for the bugs the fuzz tests found (each once broke the bad-input rule)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore import BoardInfo, parse_result
from bridgescore.cli._common import one_line
from bridgescore.cli.main import cli
from bridgescore.core._tokens import quote, small_int
from bridgescore.errors import BoardError, ContractError, LocatedError, ResultError, SheetError
from bridgescore.io import deal_list
from bridgescore.io.text import TextDecodeError
from bridgescore.sheets.honours import Honours

HUGE = "9" * 5000


def test_quote_keeps_a_short_excerpt() -> None:
    assert quote("4SX") == "'4SX'"
    assert len(quote("x" * 10_000)) <= 64
    assert quote("x" * 10_000).endswith("…'")


def test_quote_holds_escapes_to_its_limit() -> None:
    """A line of NUL bytes (a UTF-16 file read as UTF-8) or of characters shown as escapes
    (up to ten characters each): what the quote shows is held to four times the limit,
    not only the characters it keeps."""
    shown = quote("\U0002ebe1" * 100)
    assert len(shown) <= 4 * 60 + 2
    assert shown.startswith("'\\U0002ebe1\\U0002ebe1")
    assert shown.endswith("…'")
    assert quote("\x00s" * 50, 10) == "'\\x00s\\x00s\\x00s\\x00s\\x00…'"
    assert quote("\U0002ebe1" * 20, 10) == "'" + "\\U0002ebe1" * 3 + "…'"


def test_a_header_of_nul_bytes_is_refused_in_one_short_line() -> None:
    from bridgescore.errors import BridgeError
    from bridgescore.io.deal_list import loads

    damaged = "\x00 \x00s\x00c\x00o\x00r\x00e\x00d\x00 \x00a\x00s" * 20 + ": x\n4S=N\n"
    with pytest.raises(BridgeError) as raised:
        loads(damaged)
    assert len(str(raised.value)) <= 400
    assert "\n" not in str(raised.value)


def test_small_int_caps_instead_of_raising() -> None:
    assert small_int("0013") == 13
    assert small_int(HUGE) == 10**6


@pytest.mark.parametrize(
    ("text", "error"),
    [(HUGE + "S=", ContractError), ("4S" + HUGE, ResultError), ("4S-" + HUGE, ResultError)],
)
def test_a_huge_number_in_a_result_is_a_short_error(text: str, error: type[Exception]) -> None:
    with pytest.raises(error) as found:
        parse_result(text)
    assert len(str(found.value)) < 300


def test_a_huge_board_number_is_a_board_error() -> None:
    with pytest.raises(BoardError, match="at most 18 digits"):
        BoardInfo.parse(HUGE)


@pytest.mark.parametrize("points", [HUGE, "1²"])
def test_honours_points_that_int_cannot_read(points: str) -> None:
    with pytest.raises(SheetError):
        Honours.parse(f"NS {points}")


def test_a_long_deal_line_is_quoted_short() -> None:
    with pytest.raises(LocatedError) as found:
        deal_list.loads("4S N =\n" + "x" * 200_000 + "\n", source="big.txt")
    message = str(found.value)
    assert message.startswith("big.txt, line 2: 'xxx")
    assert len(message) < 300


def test_a_deal_file_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_bytes(b"4S N =\n3NT S \xe9\n")
    with pytest.raises(TextDecodeError, match=r"deals\.txt, line 2: "):
        deal_list.load(path)
    found, problems = deal_list.load_lenient(path)
    assert [p.line for p in problems] == [2, 2]  # read as Windows-1252 (a warning), then bad
    assert len(found.deals) == 1


def test_a_deal_file_with_a_nul_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_bytes(b"4S N =\n4H\x00 S =\n")
    with pytest.raises(TextDecodeError, match="line 2"):
        deal_list.load(path)


@pytest.mark.parametrize(
    "args",
    [
        ["score", "--board", "x", "4S="],
        ["imps", "abc"],
        ["nope"],
        ["score", "--bogus"],
        ["pairs"],
        ["report", "examples/pairs-mitchell.csv"],
        ["score", "4S=", "--board", HUGE],
    ],
)
def test_usage_errors_are_one_line(args: list[str]) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("bridgescore: error: ")
    assert lines[0].endswith("--help')")
    assert len(lines[0]) <= 400


def test_one_line_leaves_a_message_that_fits() -> None:
    path = "/a/very/long/folder/name/that/goes/on/and/on/and/on/for/ever/and/ever/out.json"
    assert one_line(f"{path!r}: cannot write") == f"{path!r}: cannot write"
    long = one_line(f"{'x' * 100_000!r}: not a law set\nsecond line")
    assert long.startswith("'xxx")
    assert long.endswith("…': not a law set second line")
