"""Score any event the way its file says it was scored (or as asked)."""

from __future__ import annotations

from bridgescore.duplicate.imps import DuplicateError
from bridgescore.events.individual import IndividualResult, score_individual
from bridgescore.events.model import Event
from bridgescore.events.pairs import PairsResult, PairsScoring, score_pairs
from bridgescore.events.teams import TeamsResult, score_teams

_PAIRS = {
    "mp": "mp", "matchpoints": "mp", "acbl": "acbl", "butler": "butler",
    "cross-imps": "cross-imps", "imps": "cross-imps",
}  # fmt: skip


def score_event(
    event: Event,
    scoring: str | None = None,
    *,
    policy: str | None = None,
    butler: str | None = None,
    vp_scale: str = "wbf",
) -> PairsResult | TeamsResult | IndividualResult:
    """A pairs event ranked by its scoring (``event.scoring`` unless given), an
    individual event's players, or a teams event's matches and standings (IMPs and
    VPs, or board-a-match for ``bam``)."""
    how = (scoring or event.scoring or "mp").lower()
    if event.kind == "teams" or event.results.teams:
        return score_teams(
            event.results, scoring="bam" if how == "bam" else "imps", vp_scale=vp_scale
        )
    if how not in _PAIRS:
        raise DuplicateError(f"{how!r}: a pairs event is scored mp, acbl, butler or cross-imps")
    chosen = PairsScoring.parse(_PAIRS[how])
    if event.kind == "individual" or any(row.players for row in event.results.rows):
        return score_individual(event.results, chosen, policy=policy, butler=butler)
    return score_pairs(event.results, chosen, policy=policy, butler=butler)
