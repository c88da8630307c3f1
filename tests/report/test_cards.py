"""Guide cards: every cell agrees with the movement, the board passing carries each set to the
table that plays it next, and the HTML and PDF hold every card."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.seats import Side
from bridgescore.events.movements import Movement, MovementError, Round, howell, mitchell
from bridgescore.report.cards import (
    BoardMove,
    Place,
    Stand,
    board_passing,
    board_text,
    card_pages,
    cards_html,
    cards_pdf,
    describe,
    pair_cards,
    place_text,
    table_cards,
)


def _with_a_sit_out() -> Movement:
    """A 4-table Mitchell whose table 4 is empty in round 2: its pairs sit out and its
    boards wait on the bye stand (the relay)."""
    base = mitchell(4, 2)
    second = base.rounds[1]
    gone = second.tables[3]
    emptied = Round(tables=second.tables[:3], sit_outs=(gone.ns, gone.ew), relay=gone.boards)
    return replace(base, rounds=(base.rounds[0], emptied, *base.rounds[2:]))


def _seats(*tables: tuple[str, str, list[int]]) -> list[dict[str, object]]:
    return [
        {"table": n, "ns": ns, "ew": ew, "boards": b} for n, (ns, ew, b) in enumerate(tables, 1)
    ]


# The 2-table Howell: three long rounds, pair 4 stationary NS at table 1, pair 3 NS against
# pair 2 at table 2 in round 1, both tables sharing the boards every round
# (http://www.bridgescoreplus.com/movements/recommended.html).
HOWELL_2 = Movement.from_dict(
    {
        "kind": "howell",
        "shared": list(range(1, 10)),
        "rounds": [
            _seats(("4", "1", [1, 2, 3]), ("3", "2", [1, 2, 3])),
            _seats(("4", "2", [4, 5, 6]), ("1", "3", [4, 5, 6])),
            _seats(("4", "3", [7, 8, 9]), ("2", "1", [7, 8, 9])),
        ],
    }
)

# A 3-table Howell with a relay, whose first round's set is shared by all three tables.
HOWELL_3 = Movement.from_dict(
    {
        "kind": "howell",
        "shared": [1, 2],
        "rounds": [
            [*_seats(("6", "1", [1, 2]), ("2", "5", [1, 2]), ("3", "4", [1, 2])),
             {"relay": [3, 4, 5, 6, 7, 8, 9, 10]}],
            [*_seats(("6", "2", [3, 4]), ("3", "1", [5, 6]), ("4", "5", [7, 8])),
             {"relay": [1, 2, 9, 10]}],
            [*_seats(("6", "3", [7, 8]), ("4", "2", [5, 6]), ("5", "1", [9, 10])),
             {"relay": [1, 2, 3, 4]}],
            [*_seats(("6", "4", [9, 10]), ("5", "3", [3, 4]), ("1", "2", [7, 8])),
             {"relay": [1, 2, 5, 6]}],
            [*_seats(("6", "5", [5, 6]), ("1", "4", [3, 4]), ("2", "3", [9, 10])),
             {"relay": [1, 2, 7, 8]}],
        ],
    }
)  # fmt: skip

MOVEMENTS: dict[str, Callable[[], Movement]] = {
    "mitchell-3": lambda: mitchell(3, 3),
    "mitchell-6": lambda: mitchell(6, 2),
    "mitchell-4-revenge": lambda: mitchell(4, 2, rounds=4),
    "mitchell-sit-out": _with_a_sit_out,
    "howell-2": lambda: HOWELL_2,
    "howell-3-relay": lambda: HOWELL_3,
    "howell-4": lambda: howell(4, 2),
    "howell-7": lambda: howell(7, 2),
}


@pytest.fixture(params=list(MOVEMENTS), name="movement")
def _movement(request: pytest.FixtureRequest) -> Movement:
    name: str = request.param
    return MOVEMENTS[name]()


def test_fixtures_are_sound() -> None:
    assert HOWELL_2.problems() == []
    assert HOWELL_3.problems() == []


def _where(movement: Movement, index: int) -> dict[int, tuple[Place, ...]]:
    """Where the movement has each board in round ``index`` (0-based): tables, then relay."""
    rnd = movement.rounds[index]
    found: dict[int, list[Place]] = {}
    for tbl in sorted(rnd.tables, key=lambda t: t.table):
        for board in tbl.boards:
            found.setdefault(board, []).append(tbl.table)
    for board in rnd.relay:
        found.setdefault(board, []).append(Stand.RELAY)
    return {b: tuple(p) for b, p in found.items()}


def test_board_text() -> None:
    assert board_text((1, 2, 3)) == "1-3"
    assert board_text((7, 1, 2, 3)) == "1-3, 7"
    assert board_text((5,)) == "5"
    assert board_text((7, 8, 10, 11)) == "7-8, 10-11"
    assert board_text(()) == ""


def test_place_text() -> None:
    assert place_text((3,)) == "table 3"
    assert place_text((1, 2, 3)) == "tables 1, 2 and 3 (shared)"
    assert place_text((Stand.RELAY,)) == "relay"
    assert str(BoardMove((1, 2), (2,), (Stand.RELAY,))) == "boards 1-2: table 2 to relay"
    assert str(BoardMove((9,), (Stand.RELAY,), (Stand.RELAY,))) == "board 9: stay on the relay"


def test_table_cards_agree_with_the_movement(movement: Movement) -> None:
    cards = table_cards(movement)
    numbers = sorted({t.table for rnd in movement.rounds for t in rnd.tables})
    assert [c.table for c in cards] == numbers
    for card in cards:
        assert [r.round for r in card.rounds] == list(range(1, len(movement.rounds) + 1))
        for row, rnd in zip(card.rounds, movement.rounds, strict=True):
            here = [t for t in rnd.tables if t.table == card.table]
            if here:
                assert (row.ns, row.ew, row.boards) == (here[0].ns, here[0].ew, here[0].boards)
            else:
                assert (row.ns, row.ew, row.boards) == (None, None, ())
                assert "not in play" in row.notes()
            assert row.sit_outs == rnd.sit_outs


def test_a_three_table_mitchell_card_as_printed() -> None:
    """NS stay, EW go up one table, boards go down one (table 1's go to table 3)."""
    card = table_cards(mitchell(3, 3))[0]
    printed = [(r.round, r.ns, r.ew, board_text(r.boards), r.boards_go_to()) for r in card.rounds]
    assert printed == [
        (1, "1NS", "1EW", "1-3", "table 3"),
        (2, "1NS", "3EW", "4-6", "table 3"),
        (3, "1NS", "2EW", "7-9", ""),
    ]
    rows = card_pages(mitchell(3, 3))[0].tables[0].rows
    assert [r.cells for r in rows][1] == ("2", "1NS", "3EW", "4-6", "table 3")


def test_pair_cards_invert_the_table_view(movement: Movement) -> None:
    cards = pair_cards(movement)
    assert [c.pair for c in cards] == list(movement.pairs)
    seen = 0
    for card in cards:
        for row, rnd in zip(card.rounds, movement.rounds, strict=True):
            if row.sits_out:
                assert (row.direction, row.opponents, row.boards) == (None, None, ())
                assert all(card.pair not in (t.ns, t.ew) for t in rnd.tables)
                continue
            seen += 1
            (tbl,) = [t for t in rnd.tables if t.table == row.table]
            assert row.boards == tbl.boards
            if row.direction is Side.NS:
                assert (tbl.ns, tbl.ew) == (card.pair, row.opponents)
            else:
                assert (tbl.ew, tbl.ns) == (card.pair, row.opponents)
    assert seen == 2 * sum(len(rnd.tables) for rnd in movement.rounds)


def test_sit_out_on_both_cards() -> None:
    movement = _with_a_sit_out()
    by_pair = {c.pair: c for c in pair_cards(movement)}
    assert by_pair["4NS"].rounds[1].sits_out
    assert by_pair["4NS"].rounds[0].table == 4
    pages = {p.title: p for p in card_pages(movement)}
    assert pages["Pair 4NS"].tables[0].rows[1].cells == ("2", "", "", "sits out", "")
    table4 = table_cards(movement)[3].rounds[1]
    assert table4.notes() == "not in play; 4NS sits out; 3EW sits out"
    assert table_cards(movement)[2].rounds[2].notes() == "boards from the relay"
    # the bye stand's boards go on down, to table 3 in round 3
    (back,) = [m for m in board_passing(movement)[1].moves if m.sources == (Stand.RELAY,)]
    assert (back.boards, back.destinations) == ((1, 2), (3,))


def test_board_passing_carries_each_set_to_where_it_is_played_next(movement: Movement) -> None:
    changes = board_passing(movement)
    assert [c.after for c in changes] == list(range(1, len(movement.rounds)))
    where = _where(movement, 0)
    for change in changes:
        following = _where(movement, change.after)
        moved: dict[int, tuple[Place, ...]] = {}
        for move in change.moves:
            for board in move.boards:
                assert board not in moved, f"board {board} moved twice after round {change.after}"
                assert where.get(board, (Stand.ASIDE,)) == move.sources
                moved[board] = move.destinations
        followed = {b: p for b, p in moved.items() if p != (Stand.ASIDE,)}
        assert followed == following, f"after round {change.after}"
        assert set(moved) == set(where) | set(following)
        where = followed


@given(tables=st.integers(2, 12), boards=st.integers(1, 4), data=st.data())
def test_mitchell_passing_follows_the_boards(tables: int, boards: int, data: st.DataObject) -> None:
    """Every Mitchell: each table's boards go to the table one down, and arrive there."""
    rounds = data.draw(st.integers(1, tables), label="rounds")
    movement = mitchell(tables, boards, rounds=rounds)
    for change in board_passing(movement):
        for move in change.moves:
            ((source,), (destination,)) = (move.sources, move.destinations)
            assert isinstance(source, int)
            assert destination == (source - 2) % tables + 1
    for card in table_cards(movement):
        for row in card.rounds[:-1]:
            assert row.boards_go_to() == f"table {(card.table - 2) % tables + 1}"
        assert all(r.notes() == "" for r in card.rounds)


def test_mitchell_boards_go_down_one_table() -> None:
    (first, second) = board_passing(mitchell(3, 3))
    assert [str(m) for m in first.moves] == [
        "boards 1-3: table 1 to table 3",
        "boards 4-6: table 2 to table 1",
        "boards 7-9: table 3 to table 2",
    ]
    assert [(m.sources, m.destinations) for m in second.moves] == [((1,), (3,)), ((2,), (1,)),
                                                                   ((3,), (2,))]  # fmt: skip


def test_howell_passing_uses_the_relay_and_shared_sets() -> None:
    movement = HOWELL_3
    first = board_passing(movement)[0]
    # in round 1 the three tables share boards 1-2, which then go to the relay
    assert BoardMove((1, 2), (1, 2, 3), (Stand.RELAY,)) in first.moves
    card = table_cards(movement)[0]
    assert card.rounds[0].notes() == "boards shared with tables 2, 3"
    assert [r.boards_go_to() for r in card.rounds] == ["relay", "relay", "table 3", "table 3", ""]
    assert card.rounds[1].notes() == "boards from the relay"
    for change in board_passing(howell(4, 2)):
        tables_out = [m for m in change.moves if any(isinstance(p, int) for p in m.sources)]
        assert sum(len(m.sources) for m in tables_out) == 4
        assert any(m.destinations == (Stand.RELAY,) for m in tables_out)
        assert any(m.sources == (Stand.RELAY,) and not m.stays for m in change.moves)


def test_two_table_howell_shares_every_set() -> None:
    first, second = board_passing(HOWELL_2)
    assert first.moves == (
        BoardMove((1, 2, 3), (1, 2), (Stand.ASIDE,)),
        BoardMove((4, 5, 6), (Stand.ASIDE,), (1, 2)),
    )
    assert [str(m) for m in second.moves] == [
        "boards 4-6: tables 1 and 2 (shared) to out of play",
        "boards 7-9: out of play to tables 1 and 2 (shared)",
    ]
    rows = table_cards(HOWELL_2)[1].rounds
    assert [(r.ns, r.ew, r.boards_go_to()) for r in rows] == [
        ("3", "2", "out of play"), ("1", "3", "out of play"), ("2", "1", "")
    ]  # fmt: skip
    assert rows[0].notes() == "boards shared with table 1"
    assert rows[1].notes() == "boards shared with table 1; boards come into play"


def test_table_card_says_where_its_boards_go() -> None:
    movement = howell(4, 2)
    changes = board_passing(movement)
    for card in table_cards(movement):
        for row in card.rounds[:-1]:
            (move,) = [m for m in changes[row.round - 1].moves if card.table in m.sources]
            assert row.passes == (move,)
            (came,) = [m for m in changes[row.round - 1].moves if card.table in m.destinations]
            assert card.rounds[row.round].arrivals == (came,)
            expected = "stay" if move.stays else place_text(move.destinations)
            assert row.boards_go_to() == expected
        assert card.rounds[-1].boards_go_to() == ""


def test_seating_errors_say_where() -> None:
    base = mitchell(3, 1)
    first = base.rounds[0]
    twice = replace(first.tables[1], ew=first.tables[0].ew)
    bad = replace(base, rounds=(Round(tables=(first.tables[0], twice, first.tables[2])),))
    with pytest.raises(
        MovementError, match=r"round 1: pair '1EW' is EW at table 1 and EW at table 2"
    ):
        table_cards(bad)


class _Document(HTMLParser):
    """Checks that every tag is closed in order; collects ids, links and text."""

    VOID = frozenset({"meta", "link", "br", "img", "hr", "input"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.ids: list[str] = []
        self.cards: int = 0
        self.links: list[str] = []
        self.text: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        values = dict(attrs)
        if tag not in self.VOID:
            self.open.append(tag)
        if values.get("id"):
            self.ids.append(str(values["id"]))
        if tag == "section" and values.get("class") == "page card":
            self.cards += 1
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))

    def handle_endtag(self, tag: str) -> None:
        assert self.open, f"</{tag}> closes nothing"
        assert self.open.pop() == tag, f"</{tag}> out of order"

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@pytest.mark.parametrize("name", ["mitchell-3", "howell-4"])
def test_html_holds_every_card(name: str) -> None:
    movement = MOVEMENTS[name]()
    links = {1: "https://club.example/t/1?key=a&b", 2: "https://club.example/t/2"}
    document = cards_html(movement, "Tuesday Pairs", table_links=links)
    parsed = _Document()
    parsed.feed(document)
    parsed.close()
    assert parsed.open == []
    tables, pairs = table_cards(movement), pair_cards(movement)
    assert parsed.cards == len(tables) + len(pairs) + 1
    expected_ids = [f"table-{c.table}" for c in tables] + [f"pair-{c.pair}" for c in pairs]
    assert parsed.ids == [*expected_ids, "board-passing"]
    assert [h for h in parsed.links if h.startswith("#")] == [f"#{i}" for i in parsed.ids]
    assert [h for h in parsed.links if not h.startswith("#")] == list(links.values())
    text = "".join(parsed.text)
    assert text.count("Tuesday Pairs · " + describe(movement)) == parsed.cards
    assert not {"link", "script", "img"} & set(parsed.tags)  # self-contained
    assert 'name="viewport"' in document
    assert "break-after: page" in document
    assert not set("♠♥♦♣") & set(document)


def test_card_text_is_plain() -> None:
    for make in MOVEMENTS.values():
        for page in card_pages(make()):
            for table in page.tables:
                for row in table.rows:
                    for cell in (*table.header, *row.cells):
                        cell.encode("latin-1")  # prints in the PDF's core font too
                        assert not set("♠♥♦♣") & set(cell)


def test_describe() -> None:
    assert describe(mitchell(3, 3)) == "Mitchell · 3 tables · 3 rounds · boards 1-9"
    assert describe(howell(4, 2)) == "Howell · 4 tables · 7 rounds · boards 1-14"


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


def test_pdf_one_page_per_card() -> None:
    pytest.importorskip("fpdf")
    for movement in (mitchell(3, 3), HOWELL_3, howell(4, 2)):
        data = cards_pdf(movement, "Tuesday Pairs", table_links={1: "https://club.example/t/1"})
        assert data.startswith(b"%PDF-")
        assert _pages(data) == len(table_cards(movement)) + len(pair_cards(movement)) + 1


def test_pdf_without_its_extra() -> None:
    code = (
        "import sys; sys.modules['fpdf'] = None\n"
        "from bridgescore.events.movements import mitchell\n"
        "from bridgescore.report.cards import cards_html, cards_pdf\n"
        "assert cards_html(mitchell(3, 1), 'x')\n"
        "try:\n"
        "    cards_pdf(mitchell(3, 1), 'x')\n"
        "except ImportError as error:\n"
        "    print(type(error).__name__, error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == (
        "MissingExtraError PDF output needs the pdf extra (fpdf is missing):"
        " pip install 'bridgescore[pdf]'"
    )


def test_cards_are_values() -> None:
    movement = HOWELL_3
    assert table_cards(movement) == table_cards(movement)
    assert len({table_cards(movement), pair_cards(movement), board_passing(movement)}) == 3


def test_each_table_card_carries_its_code() -> None:
    movement = mitchell(3, 2)
    links = {1: "http://192.168.1.20:8000/t/one/", 2: "http://192.168.1.20:8000/t/two/"}
    codes = {1: "123456", 2: "654321"}
    pages = {p.title: p for p in card_pages(movement, table_links=links, table_codes=codes)}
    first = pages["Table 1"].tables
    assert [t.title for t in first] == ["Rounds", "Scores", "Table code"]
    assert first[2].rows[0].cells == ("123456",)
    assert "opponents" in first[2].header[0]
    assert "second phone" in first[2].header[0]
    assert pages["Table 2"].tables[2].rows[0].cells == ("654321",)
    assert [t.title for t in pages["Table 3"].tables] == ["Rounds"]  # no link, no code
    assert not any(t.title == "Table code" for t in pages["Pair 1NS"].tables)
    document = cards_html(movement, "Tuesday", table_links=links, table_codes=codes)
    card = document.split('id="table-1"', 1)[1].split('id="table-2"', 1)[0]
    assert "<h2>Table code</h2>" in card
    assert "<td>123456</td>" in card
    assert "654321" not in card
    pytest.importorskip("fpdf")
    assert cards_pdf(movement, "Tuesday", table_links=links, table_codes=codes).startswith(b"%PDF")
