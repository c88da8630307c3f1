"""The deal-list file format: reading, writing, and where problems are."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bridgescore import LocatedError, Seat, Side
from bridgescore.io import (
    DealList,
    dump,
    dumps,
    iter_deals,
    load,
    load_lenient,
    loads,
    loads_lenient,
)
from bridgescore.sheets import ChicagoScoring, ChicagoVulnerability, Deal, Honours, Tally

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

SEED_TEXT = """\
# Spanish seed rubber (South keeps score)
2NT N 9
4H W =
5C W -2

4SX S +1   # doubled, one over
3C N +1
6D E = honours EW 150
"""


def test_loads_the_seed_rubber() -> None:
    found = loads(SEED_TEXT)
    assert [str(d) for d in found.deals] == [
        "2NT N +1",
        "4H W =",
        "5C W -2",
        "4SX S +1",
        "3C N +1",
        "6D E = honours EW 150",
    ]
    assert found.deals[5].honours == Honours(Side.EW, 150)
    assert found.lines == (2, 3, 4, 6, 7, 8)
    assert found.laws is None
    assert found.rubber().totals == Tally(770, 1640)


def test_headers() -> None:
    found = loads(
        "laws: 1935\nvulnerability: dealer\nscoring: classic\nhonours: no\ndealer: e\nPass\n"
    )
    assert found.laws == "1935"
    assert found.vulnerability is ChicagoVulnerability.DEALER
    assert found.scoring is ChicagoScoring.CLASSIC
    assert found.honours is False
    assert found.dealer is Seat.EAST
    sheet = found.chicago()
    assert sheet.laws == "1935"
    assert sheet.first_dealer is Seat.EAST
    assert sheet.honours is False


def test_law_alias_is_stored_by_name() -> None:
    assert loads("laws: current\n").laws == "2017"


def test_arguments_override_headers() -> None:
    found = loads("scoring: classic\nhonours: yes\nlaws: 1935\n4SX N -4\n")
    sheet = found.chicago(scoring="duplicate", honours=False, laws="2017", dealer="S")
    assert sheet.scoring is ChicagoScoring.DUPLICATE
    assert sheet.honours is False
    assert sheet.first_dealer is Seat.SOUTH
    assert sheet.totals == Tally(0, 800)
    assert found.rubber().totals == Tally(0, 700)
    assert found.rubber(laws="2017").totals == Tally(0, 800)


def test_round_trip_of_the_examples() -> None:
    for name in ("rubber.txt", "chicago.txt"):
        found = load(EXAMPLES / name)
        again = loads(dumps(found))
        assert again == found
        assert dumps(again) == dumps(found)


def test_dumps_writes_headers_and_deals() -> None:
    deal_list = DealList(
        (Deal.parse("2NT N 9"), Deal.parse("Pass"), Deal.parse("4S E = honours NS 100")),
        laws="1987",
        vulnerability=ChicagoVulnerability.DEALER,
        scoring=ChicagoScoring.CLASSIC,
        honours=True,
        dealer=Seat.WEST,
    )
    text = dumps(deal_list, comment="two lines\nof comment")
    assert text == (
        "# two lines\n# of comment\nlaws: 1987\nvulnerability: dealer\nscoring: classic\n"
        "honours: yes\ndealer: W\n2NT N +1\nPass\n4S E = honours NS 100\n"
    )
    assert loads(text) == deal_list


def test_dump_and_load_a_file(tmp_path: Path) -> None:
    deal_list = loads(SEED_TEXT)
    path = tmp_path / "rubber.txt"
    dump(deal_list, path)
    assert load(path) == deal_list
    assert load(str(path)).source == str(path)
    buffer = io.StringIO()
    dump(deal_list, buffer)
    assert buffer.getvalue() == path.read_text(encoding="utf-8")


def test_load_from_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("4H W =\n"))
    found = load("-")
    assert found.source == "<stdin>"
    assert len(found.deals) == 1


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("2NT N 9\n9S N =\n", 2, r"'9S N =': a contract's level is 1 to 7"),
        ("# c\n\n4S =\n", 3, r"'4S =': no declarer"),
        ("2NT N 9\n4S N = honours NS 120\n", 2, r"honours NS 120: honours are 100"),
        ("3NT S = honours EW 100\n", 1, r"at notrump only the four aces"),
        ("scorer: South\n", 1, r"'scorer' is not a header; use laws, vulnerability"),
        ("laws: 1066\n", 1, r"'1066': not a law set"),
        ("honours: maybe\n", 1, r"'maybe': say yes or no"),
        ("scoring: rubber\n", 1, r"'rubber': not a Chicago scoring"),
        ("dealer: Q\n", 1, r"'Q': not a seat"),
        ("laws: 2017\nlaws: 1935\n", 2, r"laws is given twice"),
        ("2NT N 9\nlaws: 1935\n", 2, r"header lines go before the first deal"),
    ],
)
def test_bad_lines_are_located(text: str, line: int, message: str) -> None:
    with pytest.raises(LocatedError, match=message) as caught:
        loads(text, source="game.txt")
    assert caught.value.source == "game.txt"
    assert caught.value.line == line
    assert str(caught.value).startswith(f"game.txt, line {line}: ")


def test_lenient_mode_collects_every_problem() -> None:
    text = "laws: 1066\n2NT N 9\n4S =\n4H W =\n3NT S = honours NS 100\nfoo bar\n"
    found, problems = loads_lenient(text, "x.txt")
    assert [p.line for p in problems] == [1, 3, 5, 6]
    assert [str(d) for d in found.deals] == ["2NT N +1", "4H W ="]
    assert found.lines == (2, 4)
    with pytest.raises(LocatedError, match=r"line 1: .*\(and 3 more problems\)") as caught:
        loads(text, "x.txt")
    assert caught.value.line == 1


def test_lenient_mode_on_a_good_file() -> None:
    found, problems = loads_lenient(SEED_TEXT)
    assert problems == ()
    assert found == loads(SEED_TEXT)


def test_load_lenient(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("4S N =\n4S =\n", encoding="utf-8")
    found, problems = load_lenient(path)
    assert len(found.deals) == 1
    assert problems[0].source == str(path)
    assert problems[0].line == 2


def test_one_more_problem_wording() -> None:
    with pytest.raises(LocatedError, match=r"\(and 1 more problem\)$"):
        loads("4S =\n5S =\n")


def test_iter_deals_streams() -> None:
    lines = iter(["laws: 2017", "2NT N 9", "# skip", "Pass"])
    assert [(n, str(d)) for n, d in iter_deals(lines)] == [(2, "2NT N +1"), (4, "Pass")]
    with pytest.raises(LocatedError, match="<stream>, line 2"):
        list(iter_deals(["Pass", "4S ="]))


def test_rubber_past_its_end_is_located() -> None:
    text = "4S N =\n# after the first game\n3NT S =\n1C N +1\n"
    with pytest.raises(LocatedError, match=r"^r.txt, line 4: '1C N \+1': the rubber is over"):
        loads(text, "r.txt").rubber()


def test_rubber_session_from_a_file() -> None:
    session = loads("4S N =\n3NT S =\n1C N +1\n").rubber_session()
    assert len(session.rubbers) == 2
    assert session.totals == Tally(920 + 40, 0)


def test_equality_ignores_where_the_deals_came_from() -> None:
    assert loads("Pass\n", "a.txt") == loads("\n\nPass\n", "b.txt")


def test_honours_go_with_a_scoring_given_over_the_header() -> None:
    # A save from duplicate scoring says 'honours: no'; resumed with classic scoring,
    # honours count as classic scoring counts them, unless honours are given too.
    saved = loads("scoring: duplicate\nhonours: no\n4S N = honours NS 100\n")
    assert saved.chicago().totals == Tally(420, 0)
    classic = saved.chicago(scoring="classic")
    assert classic.honours is True
    assert classic.totals == Tally(520, 0)  # 120 + 300 game (not vulnerable) + 100 honours
    assert saved.chicago(scoring="classic", honours=False).totals == Tally(420, 0)
    # The same scoring as the header keeps the header's honours.
    kept = loads("scoring: classic\nhonours: no\n4S N = honours NS 100\n")
    assert kept.chicago(scoring="classic").honours is False
