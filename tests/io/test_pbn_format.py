"""The PBN format itself: tags, escapes, inheritance, comments, layout, encodings, tables."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bridgescore.errors import BridgeInputError
from bridgescore.io.pbn import (
    Column,
    Comment,
    Escape,
    Game,
    PBNDocument,
    Table,
    Tag,
    Text,
    dump,
    dumps,
    iter_games,
    load,
    loads,
)

GAME = """\
[Event "Club night"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.JT9.876.543 JT98.AKQ.KQ.JT98 7654.876.AJ9.A76 3.5432.T5432.KQ2"]
[Declarer "S"]
[Contract "4S"]
[Result "10"]
"""


def test_a_game_reads_into_tags() -> None:
    document = loads(GAME)
    (game,) = document.games
    assert [t.name for t in game.tags] == [
        "Event", "Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result",
    ]  # fmt: skip
    assert game["Event"] == "Club night"
    assert game.get("Missing") is None
    assert "Board" in game
    assert game.board == "1"
    with pytest.raises(KeyError):
        game["Missing"]
    assert document.newline == "\n"
    assert not document.problems
    assert dumps(document) == GAME


def test_export_format_is_the_default_layout() -> None:
    document = PBNDocument(
        (
            Game((Tag("Event", "A"), Tag("Board", "1"))),
            Game((Tag("Event", "B"), Tag("Auction", "N", ("1S Pass 2S Pass", "Pass Pass")))),
        )
    )
    text = dumps(document)
    assert text == (
        '[Event "A"]\r\n[Board "1"]\r\n\r\n[Event "B"]\r\n[Auction "N"]\r\n'
        "1S Pass 2S Pass\r\nPass Pass\r\n"
    )
    assert loads(text) == document


def test_escapes_in_values() -> None:
    text = '[Event "The \\"big\\" one"]\n[Note "1:a\\\\b"]\n[Site "C:\\\\"]\n'
    game = loads(text).games[0]
    assert game["Event"] == 'The "big" one'
    assert game["Note"] == "1:a\\b"
    assert game["Site"] == "C:\\"
    assert dumps(loads(text)) == text
    # a constructed value is escaped so that it reads back
    written = dumps(PBNDocument((Game((Tag("Event", 'say "hi" \\'),)),), newline="\n"))
    assert written == '[Event "say \\"hi\\" \\\\"]\n'
    assert loads(written).games[0]["Event"] == 'say "hi" \\'


def test_a_lone_backslash_is_kept() -> None:
    # column specifications are written with one backslash by every program
    text = '[ScoreTable "PairId_NS\\2R;Contract\\4L"]\n 1 4S\n'
    game = loads(text).games[0]
    assert game["ScoreTable"] == "PairId_NS\\2R;Contract\\4L"
    assert dumps(loads(text)) == text


def test_inheritance_hash_copies_the_previous_value() -> None:
    text = '[Event "Cup"]\n[Board "1"]\n\n[Event "#"]\n[Board "2"]\n\n[Event "#"]\n[Board "3"]\n'
    document = loads(text)
    assert [g["Event"] for g in document.games] == ["Cup", "Cup", "Cup"]
    tag = document.games[2].tag("Event")
    assert tag is not None
    assert tag.written == "#"
    assert dumps(document) == text
    assert not document.problems


def test_inheritance_hash_without_a_previous_game_is_empty() -> None:
    assert loads('[Event "#"]\n').games[0]["Event"] == ""


def test_inheritance_double_hash_applies_to_later_games() -> None:
    text = (
        '[Date "##2024.01.01"]\n[Board "1"]\n\n[Board "2"]\n\n'
        '[Date "2024.01.02"]\n[Board "3"]\n\n[Board "4"]\n\n[Event "#"]\n[Date "#"]\n'
    )
    document = loads(text)
    dates = [g.get("Date") for g in document.games]
    assert dates == ["2024.01.01", "2024.01.01", "2024.01.02", "2024.01.02", "2024.01.02"]
    assert document.games[1].tag("Date") is None  # not in the game: inherited
    assert document.games[1].inherited == (("Date", "2024.01.01"),)
    assert document.games[4]["Event"] == ""
    assert dumps(document) == text


def test_a_changed_value_is_no_longer_written_as_inherited() -> None:
    document = loads('[Event "Cup"]\n\n[Event "#"]\n')
    second = document.games[1]
    event = second.tag("Event")
    assert event is not None
    changed = Tag("Event", "Plate", written=event.written)
    new = PBNDocument(
        (document.games[0], Game((changed,), gap=("",))), newline="\n", final_newline=True
    )
    assert dumps(new) == '[Event "Cup"]\n\n[Event "Plate"]\n'


def test_inheritance_on_a_deal_is_warned_about() -> None:
    document = loads('[Deal "N:AKQJT98765432... - - -"]\n\n[Deal "#"]\n')
    warnings = [p for p in document.warnings if p.tag == "Deal"]
    assert len(warnings) == 1
    assert warnings[0].line == 3
    assert "may not inherit" in warnings[0].message


def test_comments_brace_and_semicolon() -> None:
    text = (
        "{before the first tag}\n"
        '[Event "x"] ; after the tag\n'
        '[Board "1"]\n'
        "{a comment\n"
        "\n"
        "with a blank line inside}\n"
        '[Result "9"]\n'
    )
    document = loads(text)
    assert len(document.games) == 1  # the blank line inside the comment does not end the game
    game = document.games[0]
    kinds = [type(i).__name__ for i in game.items]
    assert kinds == ["Comment", "Tag", "Comment", "Tag", "Comment", "Tag"]
    comments = game.comments
    assert comments[0] == Comment("before the first tag")
    assert comments[1] == Comment(" after the tag", brace=False)
    assert comments[2].text == "a comment\n\nwith a blank line inside"
    assert dumps(document) == text


def test_comments_in_an_auction_belong_to_its_section() -> None:
    text = '[Auction "N"]\n1S {strong} Pass 2S Pass\n; end of bidding\nPass Pass\n[Note "1:x"]\n'
    game = loads(text).games[0]
    auction = game.tag("Auction")
    assert auction is not None
    assert auction.section == ("1S {strong} Pass 2S Pass", "; end of bidding", "Pass Pass")
    assert dumps(loads(text)) == text


def test_import_format_layouts_round_trip() -> None:
    text = (
        '  [Event "x"] [Site "y"]\n'
        '[ Board   "1" ]\n'
        '[Declarer "N"] [Contract\n'
        ' "4S"]\n'
        '[Auction "N"] 1S Pass 4S Pass\n'
        "Pass Pass\n"
        '[Result "10"]   \n'
    )
    document = loads(text)
    game = document.games[0]
    assert [(t.name, t.value) for t in game.tags] == [
        ("Event", "x"),
        ("Site", "y"),
        ("Board", "1"),
        ("Declarer", "N"),
        ("Contract", "4S"),
        ("Auction", "N"),
        ("Result", "10"),
    ]
    auction = game.tag("Auction")
    assert auction is not None
    assert auction.section == ("1S Pass 4S Pass", "Pass Pass")
    assert not document.problems
    assert dumps(document) == text
    # written again from scratch, the same game comes out in export layout
    fresh = PBNDocument((Game(tuple(Tag(t.name, t.value, t.section) for t in game.tags)),))
    assert loads(dumps(fresh)).games == document.games


def test_escape_lines_inside_and_between_games() -> None:
    text = '% PBN 2.1\n% EXPORT\n[Event "a"]\n%inside\n[Board "1"]\n\n% between\n[Event "b"]\n'
    document = loads(text)
    assert document.header == ("% PBN 2.1", "% EXPORT")
    assert document.games[0].items[1] == Escape("%inside")
    assert document.games[1].items[0] == Escape("% between")
    assert dumps(document) == text


def test_stray_text_is_kept_and_reported() -> None:
    text = 'stray words\n[Event "a"]\n'
    document = loads(text)
    assert document.games[0].items[0] == Text("stray words")
    (problem,) = document.problems
    assert problem.line == 1
    assert "text outside any tag" in problem.message
    assert dumps(document) == text


def test_a_long_line_of_stray_text_is_one_text_item_reported_once() -> None:
    # a damaged file's line of 20,000 stray words (read in one pass: the text is sliced
    # once the game is built, not again for every word)
    words = " ".join(f"w{n}" for n in range(20_000))
    text = f'{words}\n[Event "a"]\n'
    document = loads(text)
    assert document.games[0].items[0] == Text(words)
    (problem,) = document.problems
    assert problem.line == 1
    assert problem.message.endswith("text outside any tag: 'w0'")
    assert dumps(document) == text


@pytest.mark.parametrize(
    ("text", "newline"),
    [
        ('[Event "a"]\n[Board "1"]\n\n[Event "b"]\n', "\n"),
        ('[Event "a"]\r\n[Board "1"]\r\n\r\n[Event "b"]\r\n', "\r\n"),
        ('[Event "a"]\r[Board "1"]\r\r[Event "b"]\r', "\r"),
    ],
)
def test_line_endings_are_kept(text: str, newline: str) -> None:
    document = loads(text)
    assert len(document.games) == 2
    assert document.newline == newline
    assert document.endings is None
    assert dumps(document) == text


def test_mixed_line_endings_are_kept_line_by_line() -> None:
    text = '[Event "a"]\r\n[Board "1"]\r[Deal ""]\n\r\n[Event "b"]\r\n\r\n'
    document = loads(text)
    assert len(document.games) == 2
    assert document.newline == "\r\n"
    assert document.endings == ("\r\n", "\r", "\n", "\r\n", "\r\n", "\r\n")
    assert dumps(document) == text


def test_blank_lines_between_and_after_games_are_kept() -> None:
    text = '\n[Event "a"]\n\n  \n\n[Event "b"]\n\n\n'
    document = loads(text)
    assert len(document.games) == 2
    assert document.header == ("",)
    assert document.trailer == ("", "")
    assert dumps(document) == text


def test_no_final_newline() -> None:
    document = loads('[Event "a"]')
    assert document.final_newline is False
    assert dumps(document) == '[Event "a"]'
    assert dumps(loads("")) == ""


def test_encodings_detected(tmp_path: Path) -> None:
    latin1 = '[Site "Åbo"]\r\n'.encode("latin-1")
    utf8 = '[Site "Åbo"]\n'.encode()
    for data, encoding in ((latin1, "latin-1"), (utf8, "utf-8")):
        path = tmp_path / f"{encoding}.pbn"
        path.write_bytes(data)
        document = load(path)
        assert document.encoding == encoding
        assert document.games[0]["Site"] == "Åbo"
        out = tmp_path / f"out-{encoding}.pbn"
        dump(document, out)
        assert out.read_bytes() == data


def test_a_declared_charset_is_honoured() -> None:
    # Latin-1 bytes that happen to be valid UTF-8 ("Ã©"): the declaration decides
    data = b'%Content-type: text/x-pbn; charset=ISO-8859-1\n[Site "\xc3\xa9"]\n'
    document = load(io.BytesIO(data))
    assert document.encoding == "iso8859-1"
    assert document.games[0]["Site"] == "Ã©"
    assert not document.problems
    undeclared = load(io.BytesIO(b'[Site "\xc3\xa9"]\n'))
    assert undeclared.games[0]["Site"] == "é"


def test_a_bom_is_kept() -> None:
    data = b'\xef\xbb\xbf[Event "a"]\n'
    document = load(io.BytesIO(data))
    assert document.encoding == "utf-8-sig"
    assert document.games[0]["Event"] == "a"
    out = io.BytesIO()
    dump(document, out)
    assert out.getvalue() == data


def test_text_that_cannot_be_encoded_is_an_error(tmp_path: Path) -> None:
    from bridgescore.io.pbn import PBNError

    document = PBNDocument((Game((Tag("Event", "€uro"),)),), encoding="latin-1")
    with pytest.raises(PBNError, match="cannot be written in the document's encoding latin-1"):
        dump(document, tmp_path / "x.pbn")


def test_column_specifications() -> None:
    assert Column.parse("PairId_NS\\2R") == Column("PairId_NS", 2, "R")
    assert Column.parse("Names_NS\\19") == Column("Names_NS", 19)
    assert Column.parse("+Rank\\3L") == Column("Rank", 3, "L", "+")
    assert Column.parse("-Score") == Column("Score", order="-")
    assert Column.parse("Contract") == Column("Contract")
    for spec in ("PairId_NS\\2R", "Names_NS\\19", "+Rank\\3L", "-Score", "Odd\\name"):
        assert Column.parse(spec).spec == spec
    with pytest.raises(BridgeInputError):
        Column("A;B")
    with pytest.raises(BridgeInputError):
        Column("A", align="R")


def test_table_rows_cells_and_quoting() -> None:
    table = Table.parse(
        "Rank\\2R;Names\\12L;Score",
        [' 1 "Ann - Bob"   420', ' 2 -             "-"', "{a comment} 3 Cy ?"],
    )
    assert table.cells == (("1", "Ann - Bob", "420"), ("2", None, "-"), ("3", "Cy", "?"))
    assert table.rows[1] == {"Rank": "2", "Names": None, "Score": "-"}
    assert table.column("Rank") == ("1", "2", "3")
    assert table.row_lines == (0, 1, 2)
    assert not table.issues
    assert table.format_lines() == (
        ' 1 "Ann - Bob"  420',
        ' 2 -            "-"',
        " 3 Cy           ?",
    )
    again = Table.parse(table.spec, table.format_lines())
    assert again == table


def test_table_rows_may_wrap_in_import_format() -> None:
    table = Table.parse("A;B;C", ["1 2", "3", "4 5 6 7 8 9"])
    assert table.cells == (("1", "2", "3"), ("4", "5", "6"), ("7", "8", "9"))
    assert not table.issues


def test_an_incomplete_row_is_reported() -> None:
    table = Table.parse("A;B;C", ["1 2 3", "4 5", '6 "open'])
    assert table.cells[-1] == ("6", "open", None)
    assert [line for line, _ in table.issues] == [1, 2, 2]
    build = Table.build(["A", Column("B", 3, "R")], [("x", "y")])
    assert build.format_lines() == ("x   y",)
    with pytest.raises(BridgeInputError):
        Table.build(["A"], [("x", "y")])


def test_iter_games_takes_files_lines_and_paths(tmp_path: Path) -> None:
    text = GAME + "\n" + GAME.replace('"1"]', '"2"]', 1)
    games = list(iter_games(io.StringIO(text)))
    assert [g["Board"] for g in games] == ["1", "2"]
    assert [g.line for g in games] == [1, 10]
    assert [g["Board"] for g in iter_games(text.splitlines())] == ["1", "2"]
    assert [g["Board"] for g in iter_games(io.BytesIO(text.encode()))] == ["1", "2"]
    path = tmp_path / "games.pbn"
    path.write_bytes(text.replace("\n", "\r").encode())
    assert [g["Board"] for g in iter_games(path)] == ["1", "2"]
    with pytest.raises(TypeError):
        list(iter_games(text))


def test_iter_games_decodes_line_by_line() -> None:
    data = b'[Event "ascii"]\n\n[Site "\xc5bo"]\n\n[Site "\xc3\x85bo"]\n'
    sites = [g.get("Site") for g in iter_games(io.BytesIO(data))]
    # UTF-8 until a line is not; then Latin-1 to the end
    assert sites == [None, "Åbo", "Ã\x85bo"]


def test_values_of_constructed_items_are_checked() -> None:
    with pytest.raises(BridgeInputError):
        Tag("Bad name")
    with pytest.raises(BridgeInputError):
        Tag("Event", "two\nlines")
    with pytest.raises(BridgeInputError):
        Comment("a } inside")
    with pytest.raises(BridgeInputError):
        Comment("two\nlines", brace=False)
    with pytest.raises(BridgeInputError):
        Escape("no percent")


def test_documents_are_hashable_values() -> None:
    first, second = loads(GAME), loads(GAME.replace("\n", "\r\n"))
    assert first == second  # layout takes no part in equality
    assert hash(first) == hash(second)
    assert len({first, second}) == 1


def test_creator_lines() -> None:
    assert loads('% Ruter 5.0.1\n[Event "a"]\n').creator == "Ruter 5.0.1"
    assert loads('%BridgeComposer\n[Event "a"]\n').creator == "BridgeComposer"
    assert loads('%Creator: Someone\'s Scorer 2\n[Event "a"]\n').creator == "Someone's Scorer 2"
    assert loads('[Event "a"]\n').creator == ""


def test_load_reads_text_files_too() -> None:
    document = load(io.StringIO(GAME))
    assert document.encoding is None
    assert document.games[0]["Board"] == "1"


def test_problems_are_the_event_models() -> None:
    from bridgescore.events.model import Location, Problem, Severity

    (problem,) = loads('[Board "x"]\n', source="p.pbn").problems
    assert isinstance(problem, Problem)
    assert problem.where == Location("p.pbn", 1, board="x", tag="Board")
    assert problem.message == "board number 'x' is not a whole number from 1 up"
    assert problem.severity is Severity.ERROR
    assert problem.detail() == "board x: [Board] board number 'x' is not a whole number from 1 up"
    assert problem.place == "p.pbn, line 1, board x, [Board]"
    assert str(problem) == (
        "p.pbn, line 1, board x, [Board]: error: board number 'x' is not a whole number from 1 up"
    )
