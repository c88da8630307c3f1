"""One deal's score and its breakdown."""

from bridgescore.scoring.deal import ScoreBreakdown, score

__all__ = ["ScoreBreakdown", "score"]
