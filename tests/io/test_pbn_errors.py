"""Bad PBN input: every problem reported with file, line, board and tag; strict mode raises."""

from __future__ import annotations

import io

import pytest

from bridgescore.errors import BridgeInputError, LocatedError
from bridgescore.events.model import Severity
from bridgescore.io.pbn import PBNError, PBNProblem, dumps, iter_games, load, loads

DEAL = "N:AKQ2.JT9.876.543 JT98.AKQ.KQ.JT98 7654.876.AJ9.A76 3.5432.T5432.KQ2"


def game(**tags: str) -> str:
    """A game with a board, dealer, vulnerability and deal, plus the tags given."""
    base = {"Board": "7", "Dealer": "S", "Vulnerable": "None", "Deal": DEAL}
    base.update(tags)
    return "".join(f'[{name} "{value}"]\n' for name, value in base.items())


def only(text: str) -> PBNProblem:
    document = loads(text, source="bad.pbn")
    assert len(document.problems) == 1, document.problems
    return document.problems[0]


def test_a_clean_game_has_no_problem() -> None:
    assert not loads(game(Declarer="N", Contract="4S", Result="10", Score="NS 420")).problems


def test_an_unknown_tag_is_a_warning_kept_as_it_is() -> None:
    text = game(MyProgramFlag="yes")
    problem = only(text)
    assert problem.severity is Severity.WARNING
    assert (problem.source, problem.line, problem.board, problem.tag) == (
        "bad.pbn",
        5,
        "7",
        "MyProgramFlag",
    )
    assert str(problem) == (
        "bad.pbn, line 5, board 7, [MyProgramFlag]: warning: not a PBN 2.1 tag (kept as it is)"
    )
    document = loads(text)
    assert document.games[0]["MyProgramFlag"] == "yes"
    assert dumps(document) == text
    with pytest.raises(PBNError) as caught:
        loads(text, source="bad.pbn", strict=True)
    assert str(caught.value) == (
        "bad.pbn, line 5: board 7: [MyProgramFlag] not a PBN 2.1 tag (kept as it is)"
    )


def test_a_tag_pair_without_its_closing_bracket() -> None:
    text = '[Board "3"]\n[Event "Cup"\n[Site "Here"]\n'
    problem = only(text)
    assert (problem.line, problem.board, problem.tag) == (2, "3", "Event")
    assert "not closed by ']'" in problem.message
    document = loads(text)
    assert document.games[0]["Event"] == "Cup"
    assert document.games[0]["Site"] == "Here"
    assert dumps(document) == text


def test_a_game_cut_off_inside_a_tag_or_a_string() -> None:
    cut_tag = loads('[Board "3"]\n[Event "Cup"', source="cut.pbn")
    assert [(p.line, p.tag) for p in cut_tag.errors] == [(2, "Event")]
    assert "cut off at the end of the game" in cut_tag.errors[0].message
    cut_string = loads('[Board "3"]\n[Event "Cu', source="cut.pbn")
    assert [(p.line, p.tag) for p in cut_string.errors] == [(2, "Event")]
    assert "closing quote is missing" in cut_string.errors[0].message
    assert cut_string.games[0]["Event"] == "Cu"


def test_a_file_cut_off_inside_a_section_or_a_comment() -> None:
    text = '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract"]\n1 2 4S\n3 "Ann'
    from bridgescore.io.pbn import to_event

    event = to_event(loads(text, source="cut.pbn"))
    messages = [(p.where.line, p.detail()) for p in event.results.problems]
    assert (4, "board 1: [ScoreTable] a quoted cell is not closed") in messages
    assert any(line == 4 and "a row with 2 cells" in m for line, m in messages)
    comment = loads('[Board "1"]\n{never closed\n', source="cut.pbn")
    assert [(p.line, p.message) for p in comment.errors] == [
        (2, "a '{' comment is not closed before the end of the game")
    ]
    assert dumps(comment) == '[Board "1"]\n{never closed\n'


def test_a_bad_deal() -> None:
    twice = game(Deal="N:AKQ2.JT9.876.543 AKQ2.AKQ.KQ.JT98 7654.876.AJ9.A76 3.5432.T5432.KQ2")
    problem = only(twice)
    assert (problem.line, problem.board, problem.tag) == (4, "7", "Deal")
    assert "in two hands" in problem.message
    counts = only(
        game(Deal="N:AKQ2.JT9.876.5432 JT98.AKQ.KQ.JT98 7654.876.AJ9.A76 3.5432.T5432.KQ")
    )
    assert "13 cards a hand" in counts.message
    garbled = only(game(Deal="N:AKQ2.JT9.876 - - -"))
    assert "is not a hand" in garbled.message


def test_an_end_position_is_not_a_bad_deal() -> None:
    assert not loads(game(Deal="N:AK... Q2... JT... 98...", Contract="NT")).problems


@pytest.mark.parametrize(
    ("result", "message"),
    [
        ("14", "'14': a deal has 13 tricks"),
        ("NS 7 EW 7", "'NS 7 EW 7': the two sides' tricks do not add up to 13"),
        ("ten", "'ten' is not a result"),
    ],
)
def test_an_impossible_result(result: str, message: str) -> None:
    problem = only(game(Declarer="N", Contract="4S", Result=result))
    assert (problem.line, problem.tag) == (7, "Result")
    assert message in problem.message


def test_a_result_for_a_passed_out_deal() -> None:
    problem = only(game(Contract="Pass", Result="7"))
    assert problem.message == "'7': a passed-out deal has no result"


def test_result_forms_of_the_standard() -> None:
    for result in ("10", "NS 10", "EW 3", "NS 10 EW 3", "EW 3 NS 10", "^10"):
        text = game(Declarer="N", Contract="4S", Result=result, Score="NS 420")
        assert not loads(text).problems, result


def test_a_score_that_contradicts_its_contract() -> None:
    problem = only(game(Declarer="N", Contract="4S", Result="9", Score="NS 420"))
    assert (problem.source, problem.line, problem.board, problem.tag) == (
        "bad.pbn",
        8,
        "7",
        "Score",
    )
    assert problem.message == (
        "'NS 420' contradicts 4SN-1 (NS -50 with nobody vulnerable); scored from the contract"
    )
    assert problem.severity is Severity.WARNING
    with pytest.raises(PBNError) as caught:
        loads(game(Declarer="N", Contract="4S", Result="9", Score="NS 420"), strict=True)
    assert caught.value.line == 8
    assert caught.value.board == "7"
    assert caught.value.tag == "Score"
    assert isinstance(caught.value, LocatedError)
    assert isinstance(caught.value, BridgeInputError)


def test_score_forms_of_the_standard() -> None:
    for score in ("NS 420", "EW -420", "420", "NS 420 EW -420", "EW -420 NS 420"):
        assert not loads(game(Declarer="N", Contract="4S", Result="10", Score=score)).problems
    assert not loads(game(Declarer="E", Contract="4S", Result="10", Score="420")).problems
    bad = only(game(Declarer="N", Contract="4S", Result="10", Score="NS 420 EW 420"))
    assert "do not cancel out" in bad.message


def test_a_board_number_that_is_not_a_number() -> None:
    problem = only(game(Board="seven"))
    assert (problem.line, problem.board, problem.tag) == (1, "seven", "Board")
    assert problem.message == "board number 'seven' is not a whole number from 1 up"


def test_bad_dealer_vulnerability_contract_declarer() -> None:
    assert only(game(Dealer="X")).tag == "Dealer"
    assert only(game(Vulnerable="Sometimes")).tag == "Vulnerable"
    assert only(game(Contract="8S", Declarer="N", Result="9")).tag == "Contract"
    assert only(game(Contract="4S", Declarer="Q", Result="9")).tag == "Declarer"
    missing = only(game(Contract="4S", Result="9"))
    assert missing.tag == "Declarer"
    assert missing.message == "the contract '4S' has a result but no declarer"


def test_a_repeated_tag_is_a_warning_and_the_first_counts() -> None:
    document = loads(game(Event="A") + '[Event "B"]\n')
    assert document.games[0]["Event"] == "A"
    (problem,) = document.problems
    assert problem.severity is Severity.WARNING
    assert problem.line == 6


def test_an_encoding_error() -> None:
    data = b'%Content-type: text/x-pbn; charset=UTF-8\n[Board "1"]\n[Site "\xe5bo"]\n'
    document = load(io.BytesIO(data), source="enc.pbn")
    (problem,) = document.problems
    assert (problem.source, problem.line) == ("enc.pbn", 3)
    assert problem.message == (
        "bytes e5 are valid neither in UTF-8 nor in the declared UTF-8; read as Latin-1"
    )
    assert document.encoding == "latin-1"
    assert document.games[0]["Site"] == "åbo"
    with pytest.raises(PBNError, match=r"enc\.pbn, line 3"):
        load(io.BytesIO(data), source="enc.pbn", strict=True)
    streamed = list(iter_games(io.BytesIO(data), source="enc.pbn"))
    assert [p.line for p in streamed[0].problems] == [3]
    with pytest.raises(PBNError):
        list(iter_games(io.BytesIO(data), strict=True))


def test_a_declaration_the_bytes_contradict_is_a_warning() -> None:
    data = '%Content-type: text/x-pbn; charset=ascii\n[Site "Åbo"]\n'.encode()
    document = load(io.BytesIO(data))
    assert document.encoding == "utf-8"
    assert [p.severity for p in document.problems] == [Severity.WARNING]
    unknown = load(io.BytesIO(b'% charset=klingon\n[Site "x"]\n'))
    assert "unknown encoding 'klingon'" in unknown.problems[0].message


def test_lenient_reading_keeps_every_game_and_lists_every_problem() -> None:
    text = "\n".join(
        [
            game(Board="x"),
            game(Board="2", Deal="N:AKQ2 - - -"),
            game(Board="3", Declarer="N", Contract="4S", Result="9", Score="NS 420"),
            game(Board="4"),
        ]
    )
    document = loads(text, source="many.pbn")
    assert len(document.games) == 4
    assert [(p.board, p.tag) for p in document.problems] == [
        ("x", "Board"),
        ("2", "Deal"),
        ("3", "Score"),
    ]
    assert [len(g.problems) for g in document.games] == [1, 1, 1, 0]
    with pytest.raises(PBNError) as caught:
        loads(text, source="many.pbn", strict=True)
    assert caught.value.board == "x"  # the first problem in the file


def test_strict_streaming_raises_at_the_first_bad_game() -> None:
    text = game(Board="1") + "\n" + game(Board="x") + "\n" + game(Board="3")
    games = iter_games(io.StringIO(text), source="s.pbn", strict=True)
    assert next(games)["Board"] == "1"
    with pytest.raises(PBNError) as caught:
        next(games)
    assert caught.value.line == 6
    assert caught.value.source == "s.pbn"


def test_loads_wants_text() -> None:
    with pytest.raises(TypeError, match="use load"):
        loads(b"[Event]")  # type: ignore[arg-type]
