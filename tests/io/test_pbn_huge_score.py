"""A score too big for a float (found by the fuzz tests): a located error, not a crash."""

from __future__ import annotations

from bridgescore.io import pbn


def test_a_score_of_hundreds_of_digits_is_a_located_error() -> None:
    text = (
        '[Event ""]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Declarer "W"]\n'
        f'[Contract "2S"]\n[Result "9"]\n[Score "EW {"9" * 400}"]\n'
    )
    problems = [str(p) for p in pbn.loads(text).problems]
    assert problems == [
        "<string>, line 8, board 1, [Score]: error: 'EW 9999999999999999999999999999999999999'"
        " is not a whole number of points"
    ]
