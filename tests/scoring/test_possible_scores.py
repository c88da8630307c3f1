"""Which North-South scores some contract can produce at a vulnerability."""

from __future__ import annotations

import pytest

from bridgescore import Vulnerability, score
from bridgescore.scoring import declarer_scores, possible_ns_score


@pytest.mark.parametrize(
    ("ns_score", "vulnerability", "possible"),
    [
        (430, Vulnerability.NS, False),  # 3NT+1 pays 430 only to a side not vulnerable
        (430, Vulnerability.EW, True),
        (630, Vulnerability.NS, True),
        (-430, Vulnerability.EW, False),  # EW would need to be non-vulnerable
        (-430, Vulnerability.NS, True),
        (0, Vulnerability.BOTH, True),  # passed out
        (-200, Vulnerability.NONE, True),  # 1 down doubled, or 4 down undoubled
        (-250, Vulnerability.BOTH, False),  # vulnerable undertricks come in hundreds
        (1440, Vulnerability.BOTH, True),
        (7600, Vulnerability.BOTH, True),  # 7NTXX 13 down vulnerable
        (7601, Vulnerability.BOTH, False),
    ],
)
def test_possible_ns_score(ns_score: int, vulnerability: Vulnerability, possible: bool) -> None:
    assert possible_ns_score(ns_score, vulnerability) is possible


def test_declarer_scores_are_every_cell() -> None:
    nonvul = declarer_scores(False)
    assert score("3NT", 10, vulnerable=False).total in nonvul
    assert min(nonvul) == -score("7NTXX", 0, vulnerable=False).undertrick_penalty
    # The most a side can score: 1NTXX with six redoubled overtricks, vulnerable.
    assert max(declarer_scores(True)) == score("1NTXX", 13, vulnerable=True).total == 3160


def test_law_set_changes_what_is_possible() -> None:
    # 4 down doubled not vulnerable: 700 under the 1935 laws (100 + 200 + 200 + 200); the
    # current laws have no way to lose exactly 700 not vulnerable (4 down doubled is 800).
    assert possible_ns_score(-700, Vulnerability.NONE, "1935")
    assert not possible_ns_score(-700, Vulnerability.NONE, "2017")
