"""Turning a file's bytes into text: the one decoder every reader shares.

Every case is a real byte string: a spreadsheet's Windows-1252 export, UTF-16 with and
without a byte-order mark, a UTF-8 byte-order mark, suit emoji typed on a phone, a NUL,
a 10 MB line.
"""

from __future__ import annotations

import codecs
import doctest
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgescore.io.text as text_module
from bridgescore.errors import BridgeError, BridgeInputError, LocatedError
from bridgescore.io.text import (
    DEFAULT_FALLBACK,
    EXCERPT_LIMIT,
    Sniffed,
    TextDecodeError,
    TextProblem,
    check_text,
    check_text_lenient,
    decode,
    decode_lenient,
    excerpt,
    normalise_suits,
    read_text,
    read_text_lenient,
    sniff,
)

# "Müller;3NT" as Excel on Windows saves it as "CSV": ü is the single byte 0xFC
CP1252_ROW = b"M\xfcller;3NT"
TEN_MB = 10 * 1024 * 1024


def fails(data: bytes, source: str = "scores.csv") -> TextDecodeError:
    with pytest.raises(TextDecodeError) as caught:
        decode(data, source=source)
    return caught.value


def test_the_module_doctests_pass() -> None:
    assert doctest.testmod(text_module).failed == 0


# --- good text ------------------------------------------------------------------------


def test_utf8_is_the_default() -> None:
    assert decode("Müller;3NT\n♠AKQ\n".encode(), source="s") == "Müller;3NT\n♠AKQ\n"


def test_empty_input_is_empty_text() -> None:
    assert decode(b"", source="s") == ""
    assert decode_lenient(b"", source="s") == ("", ())


def test_a_utf8_byte_order_mark_is_no_error_and_not_part_of_the_text() -> None:
    assert decode(b"\xef\xbb\xbfM\xc3\xbcller;3NT", source="s") == "Müller;3NT"
    assert sniff(b"\xef\xbb\xbfx") == Sniffed("utf-8", b"\xef\xbb\xbf")


@pytest.mark.parametrize(
    ("bom", "encoding"),
    [
        (b"\xff\xfe", "utf-16-le"),
        (b"\xfe\xff", "utf-16-be"),
        (b"\xff\xfe\x00\x00", "utf-32-le"),
        (b"\x00\x00\xfe\xff", "utf-32-be"),
    ],
)
def test_a_byte_order_mark_selects_the_encoding(bom: bytes, encoding: str) -> None:
    data = bom + "Müller;3NT\r\n4♠ by N\r\n".encode(encoding)
    assert sniff(data) == Sniffed(encoding, bom)
    assert decode(data, source="s") == "Müller;3NT\r\n4♠ by N\r\n"
    assert decode_lenient(data, source="s") == ("Müller;3NT\r\n4♠ by N\r\n", ())


def test_utf16_le_with_bom_as_written_by_notepad() -> None:
    # Python's "utf-16" codec writes the BOM in the machine's order; spell it out instead
    data = b"\xff\xfeM\x00\xfc\x00l\x00l\x00e\x00r\x00;\x003\x00N\x00T\x00"
    assert decode(data, source="s") == "Müller;3NT"


def test_utf16_be_with_bom() -> None:
    data = b"\xfe\xff\x00M\x00\xfc\x00l\x00l\x00e\x00r\x00;\x003\x00N\x00T"
    assert decode(data, source="s") == "Müller;3NT"


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_bom_is_recognised_by_its_nuls(encoding: str) -> None:
    data = "Board,NS,EW,Contract\n1,1,2,4♠ by N\n2,Müller,Ødegård,3NT\n".encode(encoding)
    assert sniff(data) == Sniffed(encoding)
    assert decode(data, source="s").startswith("Board,NS")


def test_a_few_non_ascii_characters_do_not_hide_utf16() -> None:
    # U+2600 ☀ has a NUL low byte: a NUL on the "wrong" side must not spoil the guess
    data = "ab\n3NT\n\u2600".encode("utf-16-le")
    assert sniff(data).encoding == "utf-16-le"


@pytest.mark.parametrize("data", [b"a\x00", b"ab\x00", b"abc\x00", b"3NT\n\x00\x00\x00\x00"])
def test_a_stray_nul_in_short_utf8_is_not_taken_for_utf16(data: bytes) -> None:
    assert sniff(data) == Sniffed("utf-8")


def test_utf32_without_a_bom_is_not_taken_for_utf16() -> None:
    data = "3NT by North".encode("utf-32-le")
    assert sniff(data) == Sniffed("utf-8")
    error = fails(data)
    assert "NUL" in error.reason
    assert "UTF-32 without a byte-order mark" in error.reason


@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"])))
def test_any_utf8_text_without_nul_decodes_to_itself(text: str) -> None:
    text = text.replace("\x00", "").removeprefix("\ufeff")
    data = text.encode("utf-8")
    if sniff(data).encoding != "utf-8":  # mostly-NUL-pattern ASCII text can look like UTF-16
        return
    assert decode(data, source="s") == text
    assert decode_lenient(data, source="s") == (text, ())


@given(
    st.text(alphabet=st.characters(exclude_categories=["Cs"], exclude_characters="\x00")),
    st.sampled_from(["utf-8-sig", "utf-16", "utf-32"]),
)
def test_any_text_with_a_bom_decodes_to_itself(text: str, encoding: str) -> None:
    text = text.removeprefix("\ufeff")
    assert decode(text.encode(encoding), source="s") == text


# --- bytes that are not UTF-8 ---------------------------------------------------------


def test_windows_1252_is_a_located_error_that_names_the_likely_encoding() -> None:
    error = fails(b"Name;Contract\n" + CP1252_ROW + b"\n", source="club.csv")
    assert isinstance(error, LocatedError)
    assert isinstance(error, BridgeInputError)
    assert isinstance(error, BridgeError)
    assert isinstance(error, ValueError)
    assert (error.source, error.line, error.offset, error.encoding) == ("club.csv", 2, 1, "utf-8")
    message = str(error)
    assert message.startswith("club.csv, line 2: bytes that are not UTF-8 (b'\\xfc')")
    assert "at byte offset 1 of the line" in message
    assert "'M\\xfcller;3NT'" in message  # the line quoted, the bad byte shown as it is
    assert "looks like Windows-1252 (a spreadsheet's export)" in message


def test_the_offset_counts_bytes_within_the_line() -> None:
    # "4♠ " is 5 bytes: ♠ is three bytes in UTF-8
    error = fails("x\n4♠ ".encode() + b"\xe9t\xe9")
    assert (error.line, error.offset) == (2, 5)


def test_crlf_line_ends_count_once() -> None:
    error = fails(b"a\r\nb\r\n" + CP1252_ROW + b"\r\n")
    assert error.line == 3
    assert "'M\\xfcller;3NT'" in error.reason  # no \r in the quote


def test_bytes_no_single_byte_encoding_explains() -> None:
    # 0x81 is undefined in Windows-1252 too
    error = fails(b"3NT\x81")
    assert "neither UTF-8 nor Windows-1252" in error.reason


def test_a_file_cut_inside_a_character() -> None:
    error = fails("4♠".encode()[:-1])
    assert "ends inside a UTF-8 character" in error.reason
    assert "cut short" in error.reason


def test_an_encoded_surrogate_is_named() -> None:
    error = fails(b"ab\xed\xa0\x80cd")  # U+D800 as CESU-8 writes it
    assert (error.line, error.offset) == (1, 2)
    assert "encoded UTF-16 surrogate (b'\\xed\\xa0\\x80')" in error.reason


@pytest.mark.parametrize(
    ("data", "hint"),
    [
        (b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00\xb5U", "spreadsheet or zip archive"),
        (b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xed", "gzip archive"),
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "PDF document"),
        (b"\x01\x02\x03\x04\x05\x06\x07\x08\xff\xfe\x80", "binary file"),
    ],
)
def test_files_that_are_not_text_are_told_apart(data: bytes, hint: str) -> None:
    assert hint in fails(data).reason
    _, problems = decode_lenient(data, source="s")
    assert hint in problems[0].message


def test_a_zip_file_is_named_before_its_nuls() -> None:
    error = fails(b"PK\x03\x04\x14\x00\x00\x00")  # no byte that is bad UTF-8
    assert (error.line, error.offset) == (1, 0)
    assert error.reason.startswith("looks like a spreadsheet or zip archive")


def test_a_10_mb_line_is_never_quoted_whole() -> None:
    data = b"x" * TEN_MB + b"\xfc" + b"y" * 1000 + b"\nnext line\n"
    error = fails(data)
    assert (error.line, error.offset) == (1, TEN_MB)
    assert len(str(error)) < 400
    # the quote is about the bad byte, with context on both sides and ellipses
    assert "'…xxxxx" in error.reason
    assert "\\xfcyyy" in error.reason
    assert "yyy…'" in error.reason


def test_a_10_mb_line_of_good_text_is_fine() -> None:
    data = ("♠" * (TEN_MB // 3)).encode() + b"\n"
    assert len(decode(data, source="s")) == TEN_MB // 3 + 1


# --- NUL bytes and lone surrogates ----------------------------------------------------


def test_a_nul_in_utf8_is_an_error_with_its_line() -> None:
    error = fails(b"Board;Contract\n1;3NT\n2;4S\x00\n")
    assert (error.line, error.offset) == (3, 4)
    assert "a NUL character (\\x00) at byte offset 4 of the line" in error.reason
    assert "'2;4S\\x00'" in error.reason


def test_a_nul_in_utf16_is_an_error_with_its_line_and_byte_offset() -> None:
    data = codecs.BOM_UTF16_LE + "ab\ncd\x00e".encode("utf-16-le")
    error = fails(data)
    assert (error.line, error.offset, error.encoding) == (2, 4, "utf-16-le")


def test_a_lone_surrogate_in_utf16_is_an_error() -> None:
    data = codecs.BOM_UTF16_LE + b"A\x00\n\x00B\x00\x00\xd8C\x00"
    error = fails(data)
    assert (error.line, error.offset) == (2, 2)
    assert "not UTF-16 LE" in error.reason
    assert "after 'B'" in error.reason


def test_a_utf16_file_cut_in_half_a_unit() -> None:
    error = fails(codecs.BOM_UTF16_BE + b"\x00A\x00")
    assert "ends inside a UTF-16 BE character" in error.reason


def test_text_as_str_is_checked_for_lone_surrogates_and_nuls() -> None:
    with pytest.raises(TextDecodeError) as caught:
        check_text("3NT\n4S\udc80=\n", source="<stdin>")
    error = caught.value
    assert (error.source, error.line, error.offset) == ("<stdin>", 2, None)
    assert "lone surrogate (U+DC80)" in error.reason
    with pytest.raises(TextDecodeError, match=r"line 1: a NUL character"):
        check_text("a\x00", source="<stdin>")
    assert check_text("\ufeff3NT\n", source="<stdin>") == "3NT\n"


def test_check_text_lenient_replaces_and_reports() -> None:
    text, problems = check_text_lenient("a\ud800b\nc\x00d\n", source="form")
    assert text == "a\ufffdb\ncd\n"
    assert [(p.source, p.line) for p in problems] == [("form", 1), ("form", 2)]
    assert "replaced by U+FFFD" in problems[0].message
    assert "removed" in problems[1].message


# --- lenient --------------------------------------------------------------------------


def test_lenient_reads_windows_1252_and_says_so() -> None:
    text, problems = decode_lenient(b"Name;Contract\n" + CP1252_ROW + b"\n", source="club.csv")
    assert text == "Name;Contract\nMüller;3NT\n"
    assert problems == (
        TextProblem(
            "club.csv",
            2,
            "bytes that are not UTF-8 (b'\\xfc') at byte offset 1 of the line: "
            "'M\\xfcller;3NT'; read as Windows-1252",
        ),
    )
    assert str(problems[0]).startswith("club.csv, line 2: bytes that are not UTF-8")


def test_lenient_falls_back_line_by_line_so_good_utf8_lines_stay_good() -> None:
    data = "Ødegård;4♠\n".encode() + CP1252_ROW + b"\n" + "Ødegård;4♥".encode()
    text, problems = decode_lenient(data, source="mixed.csv")
    assert text == "Ødegård;4♠\nMüller;3NT\nØdegård;4♥"
    assert len(problems) == 1
    assert problems[0].line == 2


def test_lenient_reports_many_bad_lines_once_with_a_count() -> None:
    data = b"".join(b"%d;" % n + CP1252_ROW + b"\n" for n in range(1, 1001))
    text, problems = decode_lenient(data, source="big.csv")
    assert text.count("Müller") == 1000
    assert len(problems) == 1
    assert problems[0].line == 1
    assert problems[0].message.endswith("(999 more lines read as Windows-1252 too)")


def test_lenient_with_another_fallback() -> None:
    text, problems = decode_lenient(b"caf\x8e", source="mac.txt", fallback="mac-roman")
    assert text == "café"
    assert problems[0].message.endswith("read as Mac Roman")


def test_lenient_byte_the_fallback_lacks_becomes_replacement() -> None:
    text, _ = decode_lenient(b"3NT\x81", source="s")
    assert text == "3NT\ufffd"


def test_lenient_rejects_an_unknown_fallback() -> None:
    with pytest.raises(BridgeInputError, match="no such fallback encoding: 'klingon'"):
        decode_lenient(b"x", source="s", fallback="klingon")


def test_lenient_removes_nuls_and_reports_them() -> None:
    text, problems = decode_lenient(b"1;3NT\x00\n2;4S\x00\x00\n3;5C\n", source="s")
    assert text == "1;3NT\n2;4S\n3;5C\n"
    assert len(problems) == 1
    assert problems[0].line == 1
    assert "NUL" in problems[0].message
    assert problems[0].message.endswith("removed (1 more line had NULs, removed too)")


def test_lenient_damaged_utf16_becomes_replacement() -> None:
    data = codecs.BOM_UTF16_LE + b"A\x00\n\x00\x00\xd8"
    text, problems = decode_lenient(data, source="s")
    assert text == "A\n\ufffd"
    assert [p.line for p in problems] == [2]
    assert problems[0].message.endswith("replaced by U+FFFD")


def test_lenient_problems_come_in_line_order() -> None:
    data = b"a\x00\n" + CP1252_ROW + b"\n"
    _, problems = decode_lenient(data, source="s")
    assert [p.line for p in problems] == [1, 2]


def test_lenient_is_fast_on_a_10_mb_line() -> None:
    data = b"x" * TEN_MB + b"\xfc\n"
    text, problems = decode_lenient(data, source="s")
    assert text.endswith("xü\n")
    assert len(problems[0].message) < 400


def test_a_strict_error_is_also_data() -> None:
    error = fails(CP1252_ROW, source="s")
    assert error.problem() == TextProblem("s", 1, error.reason)


def test_the_problem_is_a_frozen_value() -> None:
    problem = TextProblem("s", 3, "bad")
    assert problem == TextProblem("s", 3, "bad")
    assert hash(problem) == hash(TextProblem("s", 3, "bad"))
    assert problem != TextProblem("s", 4, "bad")
    with pytest.raises(AttributeError):
        problem.line = 4  # type: ignore[misc]
    assert str(TextProblem("s", None, "bad")) == "s: bad"


def test_default_fallback_is_windows_1252() -> None:
    assert codecs.lookup(DEFAULT_FALLBACK).name == "cp1252"


# --- files ----------------------------------------------------------------------------


def test_read_text_takes_a_str_or_a_path(tmp_path: Path) -> None:
    path = tmp_path / "scores.csv"
    path.write_bytes(b"\xef\xbb\xbfM\xc3\xbcller;3NT\n")
    assert read_text(path) == "Müller;3NT\n"
    assert read_text(str(path)) == "Müller;3NT\n"


def test_read_text_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "club.csv"
    path.write_bytes(CP1252_ROW)
    with pytest.raises(TextDecodeError) as caught:
        read_text(path)
    assert caught.value.source == str(path)
    assert str(caught.value).startswith(f"{path}, line 1: ")


def test_read_text_lenient(tmp_path: Path) -> None:
    path = tmp_path / "club.csv"
    path.write_bytes(CP1252_ROW)
    assert read_text_lenient(path) == (
        "Müller;3NT",
        (TextProblem(str(path), 1, decode_lenient(CP1252_ROW, source=str(path))[1][0].message),),
    )
    assert read_text_lenient(str(path), fallback="latin-1")[0] == "Müller;3NT"


def test_a_missing_file_is_the_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_text(tmp_path / "nope.csv")


# --- excerpt --------------------------------------------------------------------------


def test_a_short_line_is_quoted_whole() -> None:
    assert excerpt("3NT by North") == "3NT by North"
    assert excerpt("x" * EXCERPT_LIMIT) == "x" * EXCERPT_LIMIT


def test_a_long_line_is_cut_with_an_ellipsis() -> None:
    assert excerpt("x" * 61) == "x" * 59 + "…"
    assert excerpt("abcdef", 4) == "abc…"
    assert excerpt("abcdef", 1) == "…"


def test_an_excerpt_around_the_fault() -> None:
    line = "a" * 1000 + "!" + "b" * 1000
    quoted = excerpt(line, 20, at=1000)
    assert quoted == "…aaaaaa!bbbbbbbbbbb…"
    assert excerpt(line, 20, at=1998) == "…" + "b" * 19
    assert excerpt(line, 20, at=5) == "a" * 19 + "…"


def test_a_10_mb_line_is_quoted_short() -> None:
    line = "x" * TEN_MB
    assert len(excerpt(line)) == EXCERPT_LIMIT
    assert len(excerpt(line, at=TEN_MB // 2)) == EXCERPT_LIMIT


def test_an_excerpt_needs_room() -> None:
    with pytest.raises(BridgeInputError, match="at least 1 character, not 0"):
        excerpt("abc", 0)


@given(st.text(), st.integers(min_value=1, max_value=200), st.integers(-5, 500))
def test_an_excerpt_is_never_longer_than_its_limit(text: str, limit: int, at: int) -> None:
    quoted = excerpt(text, limit, at=at)
    assert len(quoted) <= limit
    if len(text) <= limit:
        assert quoted == text
    else:
        assert "…" in quoted
        if limit >= 3 and 0 <= at < len(text):
            assert text[at] in quoted  # the fault is in view
        assert quoted.strip("…") in text


# --- suits ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "plain"),
    [
        ("4\u2660\ufe0f", "4♠"),  # ♠️
        ("4\u2665\ufe0f", "4♥"),  # ♥️
        ("3\u2666\ufe0f", "3♦"),  # ♦️
        ("2\u2663\ufe0f", "2♣"),  # ♣️
        ("4\u2664", "4♠"),  # ♤
        ("4\u2661", "4♥"),  # ♡
        ("3\u2662", "3♦"),  # ♢
        ("2\u2667", "2♣"),  # ♧
        ("4\u2661\ufe0f", "4♥"),  # a white suit in emoji form
        ("4\u2660\ufe0e", "4♠"),  # the text-form selector
        ("4♠ 3♥ 2♦ 1♣", "4♠ 3♥ 2♦ 1♣"),  # plain symbols stay
    ],
)
def test_suit_symbols_typed_on_a_phone_become_plain(typed: str, plain: str) -> None:
    assert normalise_suits(typed) == plain


def test_normalising_suits_leaves_everything_else() -> None:
    assert normalise_suits("Müller ❤\ufe0f 3NT \ufe0f") == "Müller ❤\ufe0f 3NT \ufe0f"
    assert normalise_suits("") == ""


def test_emoji_suits_from_a_utf8_file() -> None:
    data = b"Board;Contract\n1;4\xe2\x99\xa0\xef\xb8\x8f=\n2;3\xe2\x99\xa1+1\n"
    assert normalise_suits(decode(data, source="s")) == "Board;Contract\n1;4♠=\n2;3♥+1\n"


@given(st.text())
def test_normalising_suits_is_idempotent_and_leaves_only_plain_suits(text: str) -> None:
    once = normalise_suits(text)
    assert normalise_suits(once) == once
    assert not any(char in once for char in "\u2661\u2662\u2664\u2667")
    for suit in "♠♥♦♣":
        assert f"{suit}\ufe0f" not in once


def test_markup_in_titles_is_not_shown_as_text() -> None:
    from bridgescore import load_event
    from bridgescore.io.text import plain_title

    assert plain_title("<u>Camrose 2024: BEN vs WBridge5</u>") == "Camrose 2024: BEN vs WBridge5"
    assert plain_title("<b>Club</b> <i>night</i> &amp; more") == "Club night & more"
    assert plain_title("3 < 4 and 5 > 2") == "3 < 4 and 5 > 2"
    event = load_event("tests/io/data/pbn/camrose24_ben_v_wbridge5.pbn")
    assert event.name == "Camrose 2024: BEN vs WBridge5"
