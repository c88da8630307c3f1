"""A whole board's results — real scores, artificial adjusted scores, boards not
played — matchpointed under a federation's policy: the old import path of three
modules, one a job, whose public names it re-exports.

- :mod:`bridgescore.duplicate.entries`: the adjusted-score values — what one table's
  line on a board can be (:class:`AdjustedCode`, :data:`Award`, :func:`parse_award`,
  :class:`Adjusted`, :class:`NotPlayed`, :data:`NOT_PLAYED`, :data:`Entry`,
  :func:`parse_entry`, :class:`AdjustedScoreError`);
- :mod:`bridgescore.duplicate.matchpoint_policies`: the matchpoint policy registry
  with its sources (:class:`MatchpointPolicy`, :class:`BoardTop`,
  :class:`MissingResults`, :data:`MATCHPOINT_POLICY_REGISTRY`,
  :data:`MATCHPOINT_POLICIES`, :data:`DEFAULT_POLICY`, :func:`get_policy`,
  :func:`policy_names`);
- :mod:`bridgescore.duplicate.board_scoring`: scoring a board (:class:`BoardResults`,
  :class:`LineScore`, :class:`BoardScore`, :data:`Sessions`, :func:`score_board`,
  :func:`score_fouled_board`).

New code imports from those modules.
"""

from __future__ import annotations

from bridgescore.duplicate.board_scoring import (
    BoardResults,
    BoardScore,
    LineScore,
    Sessions,
    score_board,
    score_fouled_board,
)
from bridgescore.duplicate.entries import (
    NOT_PLAYED,
    Adjusted,
    AdjustedCode,
    AdjustedScoreError,
    Award,
    Entry,
    NotPlayed,
    parse_award,
    parse_entry,
)
from bridgescore.duplicate.matchpoint_policies import (
    DEFAULT_POLICY,
    MATCHPOINT_POLICIES,
    MATCHPOINT_POLICY_REGISTRY,
    BoardTop,
    MatchpointPolicy,
    MissingResults,
    get_policy,
    policy_names,
)

__all__ = [
    "DEFAULT_POLICY",
    "MATCHPOINT_POLICIES",
    "MATCHPOINT_POLICY_REGISTRY",
    "NOT_PLAYED",
    "Adjusted",
    "AdjustedCode",
    "AdjustedScoreError",
    "Award",
    "BoardResults",
    "BoardScore",
    "BoardTop",
    "Entry",
    "LineScore",
    "MatchpointPolicy",
    "MissingResults",
    "NotPlayed",
    "Sessions",
    "get_policy",
    "parse_award",
    "parse_entry",
    "policy_names",
    "score_board",
    "score_fouled_board",
]
