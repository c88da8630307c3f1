"""Bad USEBIO input: every problem reported with its file, line and board; strict raises, lenient
keeps what it can; and a fuzzer that mutates a real file."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_usebio_files import board, line, raw, usebio_text

from bridgescore import load_event
from bridgescore.errors import BridgeError, LocatedError
from bridgescore.events.model import Severity
from bridgescore.io import usebio


def errors_of(text: str | bytes) -> list[tuple[int | None, str]]:
    found = usebio.to_event(usebio.loads(text, source="bad.xml"))
    return [(p.where.line, p.detail()) for p in found.results.errors]


def problems_of(text: str | bytes) -> list[tuple[int | None, str, str]]:
    found = usebio.to_event(usebio.loads(text, source="bad.xml"))
    return [(p.where.line, p.severity.value, p.detail()) for p in found.results.problems]


def test_usebio_error_is_a_located_value_error() -> None:
    assert issubclass(usebio.USEBIOError, LocatedError)
    assert issubclass(usebio.USEBIOError, ValueError)


def test_malformed_xml_lenient_keeps_what_came_before() -> None:
    text = usebio_text(board(1, line(score="420")), board(2, line(score="620")))
    cut = text[: text.index("<BOARD_NUMBER>2")] + "<BOARD_NUMBER>2</BOARD_NUM"
    doc = usebio.loads(cut, source="cut.xml")
    (problem,) = doc.problems
    assert problem in usebio.to_event(doc).results.errors
    assert problem.where.line == cut.count("\n") + 1
    assert problem.message.startswith("not well-formed XML: ")
    found = usebio.to_event(doc)
    assert [(r.board, r.ns_score) for r in found.results.rows] == [(1, 420)]
    # the tree read so far can still be written
    assert usebio.dumps(doc).startswith('<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO')


def test_malformed_xml_strict_raises_with_the_place() -> None:
    text = usebio_text(board(1, line(score="420"))).replace("</TRAVELLER_LINE>", "</TRAVELER>")
    with pytest.raises(usebio.USEBIOError) as caught:
        usebio.loads(text, source="bad.xml", strict=True)
    error = caught.value
    assert (error.source, error.line) == ("bad.xml", text.splitlines().index("</TRAVELER>") + 1)
    assert "mismatched tag" in str(error)
    assert str(error).startswith(f"bad.xml, line {error.line}: not well-formed XML")


@pytest.mark.parametrize(
    "data",
    [b"", b"   ", b"<USEBIO", b"\x00\x01garbage", "<USEBIO>\ud800</USEBIO>", b"<a></b>"],
)
def test_nothing_usable(data: str | bytes) -> None:
    doc = usebio.loads(data, source="junk.xml")
    assert doc.problems
    assert all(p.severity is Severity.ERROR for p in doc.problems)
    found = usebio.to_event(doc)
    assert found.results.rows == ()
    with pytest.raises(usebio.USEBIOError):
        usebio.loads(data, strict=True)


def test_entity_declarations_are_refused() -> None:
    laughs = (
        '<?xml version="1.0"?>\n<!DOCTYPE USEBIO [\n<!ENTITY lol "lol">\n'
        '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n'
        "<USEBIO>&lol2;</USEBIO>\n"
    )
    doc = usebio.loads(laughs, source="laughs.xml")
    assert doc.root is None
    assert [(p.where.line, p.message.split(";")[0]) for p in doc.problems] == [
        (3, "the DOCTYPE declares the entity 'lol'")
    ]
    with pytest.raises(usebio.USEBIOError, match="entity declarations are refused"):
        usebio.loads(laughs, strict=True)
    external = (
        '<?xml version="1.0"?>\n<!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
        "<USEBIO>&x;</USEBIO>"
    )
    assert "'x'" in usebio.loads(external).problems[0].message
    # a DOCTYPE naming an external DTD (as every real file does) is read, never fetched
    fine = '<?xml version="1.0"?>\n<!DOCTYPE USEBIO SYSTEM "http://127.0.0.1:9/usebio.dtd">\n'
    assert usebio.loads(usebio_text(prolog=fine), strict=True).problems == ()


def test_unknown_event_type() -> None:
    text = usebio_text(board(1, line(score="420")), event_type="NOTSUP")
    (error,) = errors_of(text)
    assert error[0] == text.splitlines().index('<EVENT EVENT_TYPE="NOTSUP">') + 1
    assert error[1].startswith("EVENT_TYPE 'NOTSUP' is not known; known: MP_PAIRS, BUTLER_PAIRS")
    # lenient: the rows are still read, as a pairs event
    found = usebio.to_event(usebio.loads(text))
    assert (found.kind, [r.ns_score for r in found.results.rows]) == ("pairs", [420])


def test_unknown_board_scoring_method() -> None:
    text = usebio_text(
        board(1, line(score="420")),
        event_type="PAIRS",
        head="<BOARD_SCORING_METHOD>HYBRID</BOARD_SCORING_METHOD>\n",
    )
    ((_, message),) = errors_of(text)
    assert message.startswith("BOARD_SCORING_METHOD 'HYBRID' is not known; known: MATCH_POINTS")


def test_contract_that_cannot_be_parsed_keeps_the_score() -> None:
    text = usebio_text(board(9, line(), line(ns="3", ew="4", contract="4Z", score="-620")))
    ((at, severity, message),) = problems_of(text)
    assert at == text.splitlines().index("<CONTRACT>4Z</CONTRACT>") + 1
    assert severity == "warning"
    assert message.startswith("board 9: CONTRACT '4Z': not a contract")
    assert message.endswith("; scored by its SCORE -620")
    rows = usebio.to_event(usebio.loads(text)).results.rows
    assert [(r.result is None, r.ns_score) for r in rows] == [(False, 420), (True, -620)]


def test_too_many_tricks() -> None:
    text = usebio_text(board(1, line(tricks="14", score=None)))
    ((at, message),) = errors_of(text)
    assert at == text.splitlines().index("<TRICKS>14</TRICKS>") + 1
    assert message == "board 1: TRICKS '14': a deal has 13 tricks; tricks taken is 0 to 13"


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        (
            {"by": None},
            "board 1: 4S has no declarer (give the declarer: N, E, S or W), so whose score it is"
            " is unknown",
        ),
        ({"by": "Q"}, "board 1: PLAYED_BY 'Q': not a seat"),
        ({"tricks": None}, "board 1: 4S has no result (give the tricks taken, or =, +1, -2)"),
        ({"tricks": "ten"}, "board 1: TRICKS 'ten': "),
        (
            {"contract": None, "score": None},
            "board 1: PLAYED_BY 'N', TRICKS '10' without a contract",
        ),
        (
            {"contract": None, "by": None, "tricks": None, "score": None},
            "board 1: no result: give a contract and its result",
        ),
        ({"ns": ""}, "board 1, traveller line 1: no NS_PAIR_NUMBER"),
        ({"score": "AXYZ"}, "board 1: SCORE 'AXYZ' is not an adjusted score (write A+/A-"),
    ],
)
def test_line_problems(kwargs: dict[str, str | None], expected: str) -> None:
    if "score" not in kwargs:
        kwargs = {**kwargs, "score": None}  # with a SCORE, the line is scored by it (a warning)
    ((_, message),) = errors_of(usebio_text(board(1, line(**kwargs))))  # type: ignore[arg-type]
    assert message.startswith(expected)


def test_a_line_with_a_score_is_scored_by_it_when_its_contract_is_incomplete() -> None:
    ((_, severity, message),) = problems_of(usebio_text(board(1, line(by=None, score="420"))))
    assert severity == "warning"
    assert message.endswith("so whose score it is is unknown; scored by its SCORE +420")


def test_score_that_contradicts_its_contract() -> None:
    text = usebio_text(board(2, line(score="420")))  # board 2: NS vulnerable, 4S= is +620
    ((at, severity, message),) = problems_of(text)
    assert at == text.splitlines().index("<SCORE>420</SCORE>") + 1
    assert severity == "warning"
    assert message == (
        "board 2: SCORE +420 contradicts 4SN= (NS +620 with NS vulnerable); scored from the"
        " contract"
    )
    (row,) = usebio.to_event(usebio.loads(text)).results.rows
    assert row.ns_score == 620


def test_a_pair_meeting_itself_and_a_line_given_twice() -> None:
    text = usebio_text(board(1, line(ns="3", ew="3"), line(), line()))
    second = text.splitlines().index("<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>")  # its line, less one
    assert [m for _, m in errors_of(text)] == [
        "board 1: '3' meets itself",
        f"board 1: '1' already has a result on this board (at bad.xml, line {second})",
        f"board 1: '2' already has a result on this board (at bad.xml, line {second})",
    ]


def test_a_board_and_table_twice() -> None:
    table = "\n<TABLE_NUMBER>4</TABLE_NUMBER>"
    text = usebio_text(board(1, line(extra=table), line(ns="5", ew="6", extra=table)))
    ((_, message),) = errors_of(text)
    assert message.startswith("board 1 at table 4 is given twice")


def test_unknown_adjusted_code() -> None:
    text = usebio_text(board(1, line(contract=None, by=None, tricks=None, score="A50X50")))
    ((_, message),) = errors_of(text)
    assert message.startswith("board 1: SCORE 'A50X50' is not an adjusted score")
    assert usebio.to_event(usebio.loads(text)).results.rows == ()


def test_strict_lists_every_error_and_the_first_board() -> None:
    text = usebio_text(board(1, line(tricks="14", score=None)), board(2, line(by="Q", score=None)))
    with pytest.raises(usebio.USEBIOError) as caught:
        usebio.to_event(usebio.loads(text, source="two.xml", strict=True))
    error = caught.value
    assert len(error.problems) == 2
    assert (error.source, error.board) == ("two.xml", 1)
    assert error.line == text.splitlines().index("<TRICKS>14</TRICKS>") + 1
    assert str(error).endswith("(and 1 more problem)")
    # strict can also be asked of to_event alone
    with pytest.raises(usebio.USEBIOError):
        usebio.to_event(usebio.loads(text), strict=True)


def test_a_real_file_with_a_garbled_contract_keeps_its_score(tmp_path: Path) -> None:
    """Pianola wrote CONTRACT 42 beside TRICKS 12 and SCORE 480: the line is scored by its
    SCORE, with a warning; strict reading refuses it."""
    found = usebio.to_event(usebio.loads(raw("payload_cross-imp-pairs.xml")))
    (warning,) = [p for p in found.results.warnings if "CONTRACT" in p.message]
    assert (warning.line, warning.board) == (341, "1")
    assert warning.message.startswith("CONTRACT '42': not a contract")
    assert warning.message.endswith("; scored by its SCORE +480")
    assert not found.results.errors
    copy = tmp_path / "pianola.xml"
    copy.write_bytes(raw("payload_cross-imp-pairs.xml"))
    with pytest.raises(BridgeError, match=r"pianola\.xml, line 341: board 1: CONTRACT '42'"):
        load_event(copy, strict=True)


def test_warnings_are_kept_leniently_and_raise_strictly() -> None:
    text = usebio_text(
        board(1, line(), line(ns="3", ew="4")),
        board(2, line(score="620")),
        participants="<PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR>",
    ).replace("05/03/2024", "March 5th")
    with pytest.raises(usebio.USEBIOError, match=r"DATE 'March 5th'.*\(and 4 more problems\)"):
        usebio.to_event(usebio.loads(text, strict=True))
    found = usebio.to_event(usebio.loads(text))
    assert [p.message for p in found.results.warnings] == [
        "DATE 'March 5th' is not DD/MM/YYYY; kept as written",
        "board 1: pair '2' is not among the PARTICIPANTS",
        "board 1: pair '3' is not among the PARTICIPANTS",
        "board 1: pair '4' is not among the PARTICIPANTS",
        "board 2 has 1 results where others have 2; its matchpoints are scaled with Neuberg's"
        " formula",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<?xml version='1.0'?><EVENTS/>", "the root element is <EVENTS>, not <USEBIO>"),
        ('<USEBIO Version="1.2"><CLUB/></USEBIO>', "no EVENT element: the file holds no results"),
    ],
)
def test_not_a_usebio_file(text: str, expected: str) -> None:
    assert expected in [m for _, m in errors_of(text)]


def test_other_bad_figures() -> None:
    text = usebio_text(
        board(0, line()),
        board(3, line(score="-140", extra="<NS_MATCH_POINTS>lots</NS_MATCH_POINTS>")),
        participants="<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PERCENTAGE>nan</PERCENTAGE></PAIR>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR><PAIR><PAIR_NUMBER>2</PAIR_NUMBER></PAIR>",
        head="<DUMMY/>",
    ).replace(
        "<CONTRACT>4S</CONTRACT>\n<PLAYED_BY>N</PLAYED_BY>\n<TRICKS>10</TRICKS>\n<SCORE>-140",
        "<SCORE>-140",
    )
    messages = [m for _, m in errors_of(text)]
    assert messages == [
        "pair 1: PERCENTAGE 'nan' is not a number",
        "pair '1' is listed twice in the PARTICIPANTS",
        "BOARD_NUMBER: '0': board numbers start at 1",
        "board 3, traveller line 1: NS_MATCH_POINTS 'lots' is not a number",
    ]


def test_hands_that_are_not_a_deal() -> None:
    hand = (
        "<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
        "<HAND><DIRECTION>North</DIRECTION><SPADES>AK</SPADES><HEARTS>-</HEARTS>"
        "<DIAMONDS></DIAMONDS><CLUBS>2</CLUBS></HAND>"
        "<HAND><DIRECTION>South</DIRECTION><SPADES>A</SPADES><HEARTS/><DIAMONDS/><CLUBS/></HAND>"
        "</BOARD><BOARD><BOARD_NUMBER>2</BOARD_NUMBER>"
        "<HAND><DIRECTION>West</DIRECTION><SPADES>AX</SPADES></HAND></BOARD></HANDSET>"
    )
    text = usebio_text(board(1, line())).replace("</USEBIO>", hand + "</USEBIO>")
    messages = [m for _, m in errors_of(text)]
    assert messages[0].startswith("board 1: the hands are not a deal: ")
    assert "SA in two hands" in messages[0]
    assert messages[1].startswith("board 2: West's SPADES 'AX' is not a holding")


# --- fuzzing --------------------------------------------------------------------------------

BASE = raw("sample.xml")
TEXTS = st.one_of(
    st.sampled_from(
        ["", " ", "0", "14", "-1", "99999999999999999999", "1e400", "nan", "12.5", "²", "٣",
         "4SX", "3NTxx", "PASS", "7NT", "N", "Q", "North", "A5050", "A6040", "AXYZ", "NP",
         "1NS", "3=", "&", "<", "]]>", "Both", "Nil"]
    ),
    st.text(max_size=6),
)  # fmt: skip
MUTATION = st.tuples(st.sampled_from(["delete", "duplicate", "text", "attribute"]), st.integers(0))


@st.composite
def mutated(draw: st.DrawFn) -> str | bytes:
    """A real file with elements deleted or duplicated, texts changed, then maybe truncated."""
    doc = usebio.loads(BASE)
    root = doc.root
    assert root is not None
    for kind, pick in draw(st.lists(MUTATION, min_size=1, max_size=6)):
        parents = [(parent, child) for parent in root.iter() for child in parent]
        if not parents:
            break
        parent, child = parents[pick % len(parents)]
        if kind == "delete":
            parent.remove(child)
        elif kind == "duplicate":
            parent.insert(list(parent).index(child), copy.deepcopy(child))
        elif kind == "text":
            child.text = draw(TEXTS)
        else:
            child.set(draw(st.sampled_from(["EVENT_TYPE", "Version", "X"])), draw(TEXTS))
    text = usebio.dumps(doc)
    if draw(st.booleans()):
        text = text[: draw(st.integers(0, len(text)))]
    if draw(st.booleans()):
        return text.encode(doc.encoding, errors="xmlcharrefreplace")
    return text


FUZZ = settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(mutated())
def test_fuzz_lenient_never_fails(data: str | bytes) -> None:
    doc = usebio.loads(data, source="fuzz.xml")
    found = usebio.to_event(doc)
    assert len(found.published) == len(found.results.rows)
    for problem in found.results.problems:
        assert problem.where.source == "fuzz.xml"
        assert problem.message
    if doc.root is not None:
        usebio.dumps(doc)


@FUZZ
@given(mutated())
def test_fuzz_strict_raises_only_bridge_errors(data: str | bytes) -> None:
    caught: usebio.USEBIOError | None = None
    try:
        found = usebio.to_event(usebio.loads(data, source="fuzz.xml", strict=True))
    except usebio.USEBIOError as error:
        caught = error
    if caught is None:
        assert found.results.errors == ()
    else:
        assert isinstance(caught, BridgeError)
        assert caught.problems
        assert caught.source == "fuzz.xml"


@FUZZ
@given(st.binary(max_size=300), st.integers(0, len(BASE)))
def test_fuzz_bytes_spliced_into_a_real_file(junk: bytes, at: int) -> None:
    data = BASE[:at] + junk + BASE[at:]
    found = usebio.to_event(usebio.loads(data))
    assert len(found.published) == len(found.results.rows)


def test_teams_lines_that_contradict_their_teams() -> None:
    teams = "".join(
        f'<TEAM TEAM_ID="{t}"><PAIR><PAIR_NUMBER>{t}-1-2</PAIR_NUMBER></PAIR>'
        f"<PAIR><PAIR_NUMBER>{t}-3-4</PAIR_NUMBER></PAIR></TEAM>"
        for t in "12"
    )

    def match_line(direction: str, ns: str, ew: str) -> str:
        return line(ns=ns, ew=ew, extra=f"<DIRECTION>{direction}</DIRECTION>" if direction else "")

    match = (
        "<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>"
        + board(
            1,
            match_line("NS", "2-1-2", "1-3-4"),  # team 1 said to sit NS, but 2-1-2 is team 2's
            match_line("", "2-1-2", "1-3-4"),  # no DIRECTION: the pairs' teams decide
            extra="<IMPS>0</IMPS>",
        )
        + board(2, match_line("", "5-1-2", "6-3-4"))
        + "</MATCH>"
    )
    text = usebio_text(match, event_type="TEAMS", participants=teams)
    found = usebio.to_event(usebio.loads(text))
    assert [(r.board, r.ns, r.ew) for r in found.results.rows] == [(1, "1", "2"), (1, "2", "1")]
    assert [p.message for p in found.results.problems] == [
        "board 1, traveller line 1: pair '2-1-2' plays for team '2', but the line's DIRECTION"
        " puts team '1' NS",
        "board 1, traveller line 1: pair '1-3-4' plays for team '1', but the line's DIRECTION"
        " puts team '2' EW",
        "board 2, traveller line 1: no DIRECTION, and neither pair is known to play for team '1'",
    ]
