"""One deal's score and its breakdown."""

from bridgescore.scoring.deal import ScoreBreakdown, declarer_scores, possible_ns_score, score

__all__ = ["ScoreBreakdown", "declarer_scores", "possible_ns_score", "score"]
