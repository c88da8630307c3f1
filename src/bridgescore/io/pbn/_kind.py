"""What kind of event a PBN file holds (pairs, teams, individual) and how it was scored.

The words come from the event's tags (``[Competition]``, ``[Scoring]``, the teams'
tags) or from Ruter's and Magic Contest's ``<META>`` header lines; the scoring words
are read by the library's one vocabulary
(:meth:`bridgescore.events.vocabulary.Scoring.parse`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from bridgescore.errors import BridgeInputError
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.io.pbn._model import PBNDocument
from bridgescore.io.pbn._tables import Table

_CONTEST_TYPES: Final = {"1": EventKind.INDIVIDUAL, "2": EventKind.PAIRS, "4": EventKind.TEAMS}
"""Ruter's ``ContestType`` header value."""

_REFINEMENTS: Final = (Scoring.BUTLER, Scoring.CROSS_IMPS)
"""Words that refine IMPs wherever they stand in ``[Scoring]`` (``IMP;Butler-2;Mean``)."""


def _word(text: str) -> Scoring | None:
    try:
        return Scoring.parse(text)
    except BridgeInputError:
        return None


def scoring_of(text: str) -> str:
    """The event model's scoring name for a PBN ``[Scoring]`` value (``'IMP;Butler-2'``...).

    ``;`` separates the words; butler or cross (IMPs) anywhere wins, else the first word
    read by :meth:`~bridgescore.events.vocabulary.Scoring.parse`. A first word it does not
    know (a score sheet's ``Chicago``, ``Rubber``...) is kept as it is, lower-cased, for
    the scorer to refuse by name; an empty value gives ``''``.
    """
    fields = [f.strip() for f in text.split(";") if f.strip()]
    if not fields:
        return ""
    words = [_word(f) for f in fields]
    for refinement in _REFINEMENTS:
        if refinement in words:
            return refinement.value
    first = words[0]
    return fields[0].lower() if first is None else first.value


def event_kind(document: PBNDocument, tables: Sequence[Table], first: Mapping[str, str]) -> str:
    """The event's kind (an :class:`~bridgescore.events.vocabulary.EventKind` value).

    ``first``: the first known value of each event tag. ``[Competition]`` first, then
    Ruter's ``ContestType``, then the teams' tags, then an individual's ``PlayerId_North``
    column; pairs when nothing says otherwise.
    """
    competition = (first.get("Competition") or "").lower()
    if competition.startswith("team"):
        return EventKind.TEAMS.value
    if competition.startswith("indiv"):
        return EventKind.INDIVIDUAL.value
    if competition.startswith("pair"):
        return EventKind.PAIRS.value
    contest = _CONTEST_TYPES.get(document.meta.get("ContestType", ""))
    if contest is not None:
        return contest.value
    if any(first.get(n) for n in ("HomeTeam", "VisitTeam", "Room")):
        return EventKind.TEAMS.value
    if any("PlayerId_North" in t.names for t in tables):
        return EventKind.INDIVIDUAL.value
    return EventKind.PAIRS.value


def event_scoring(document: PBNDocument, first: Mapping[str, str], kind: str) -> str:
    """The event's scoring: ``[Scoring]`` (or Ruter's ``ScoringType``), else IMPs for
    teams and matchpoints for the rest."""
    found = scoring_of(first.get("Scoring") or document.meta.get("ScoringType", ""))
    if found:
        return found
    return Scoring.IMPS.value if kind == EventKind.TEAMS else Scoring.MATCHPOINTS.value
