"""Pairs and teams events: results files, rankings, travellers, score cards."""
