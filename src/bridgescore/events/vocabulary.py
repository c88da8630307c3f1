"""One vocabulary for what an event is and how it is scored, whatever file it came from.

Each format has its own spelling table into these words (PBN's ``[Scoring "IMP;Cross"]``,
USEBIO's ``EVENT_TYPE`` and ``BOARD_SCORING_METHOD``, the CSV's ``# kind:`` and
``# scoring:`` lines); the event model, the conventions and the scorers speak only these.
Both are :class:`~bridgescore.core.words.Word` vocabularies (a ``StrEnum`` whose value is
its word, ``EventKind.TEAMS == "teams"``, with one parser for its words and aliases).

>>> EventKind.parse("Teams"), Scoring.parse("cross-IMPs")
(<EventKind.TEAMS: 'teams'>, <Scoring.CROSS_IMPS: 'cross-imps'>)
>>> Scoring.parse("imps").for_kind(EventKind.PAIRS)
<Scoring.CROSS_IMPS: 'cross-imps'>
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from bridgescore.core._tokens import lookup, normalise
from bridgescore.core.words import Word
from bridgescore.duplicate.imps import DuplicateError
from bridgescore.errors import Message
from bridgescore.errors import marked as _


class EventKind(Word):
    """Who competes: pairs, teams of four, or players in an individual."""

    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"

    @classmethod
    def what(cls) -> Message:
        return _("kind of event")


class Scoring(Word):
    """How boards are compared: matchpoints (european or ACBL), butler IMPs, cross-IMPs
    (pairs), IMPs or board-a-match (teams); victory points come on top of team IMPs."""

    MATCHPOINTS = "mp"
    ACBL = "acbl"
    BUTLER = "butler"
    CROSS_IMPS = "cross-imps"
    IMPS = "imps"
    BOARD_A_MATCH = "bam"

    @classmethod
    def aliases(cls) -> Mapping[str, Scoring]:
        return _SPELLINGS

    @classmethod
    def what(cls) -> Message:
        return _("scoring")

    @property
    def uses_imps(self) -> bool:
        return self in (Scoring.BUTLER, Scoring.CROSS_IMPS, Scoring.IMPS)

    def for_kind(self, kind: EventKind) -> Scoring:
        """The scoring as it applies to ``kind``: IMPs in a pairs event are cross-IMPs (no
        file in the test data says otherwise); matchpoints in a teams event are BAM's."""
        if kind is not EventKind.TEAMS and self is Scoring.IMPS:
            return Scoring.CROSS_IMPS
        if kind is EventKind.TEAMS:
            return Scoring.BOARD_A_MATCH if self is Scoring.BOARD_A_MATCH else Scoring.IMPS
        return self


class Field(Word):
    """How pairs are ranked: in ``one`` field (a Howell: every pair sits both ways),
    North-South and East-West apart (``directions``, a Mitchell), or ``auto`` (one field
    when a pair sat both ways in the results so far). A file says it of each section
    with its movement (:class:`SectionMovement`, read into
    :attr:`~bridgescore.events.model.Event.field_kinds`): a Howell section stopped after
    its first round is still one field."""

    AUTO = "auto"
    ONE = "one"
    DIRECTIONS = "directions"

    @classmethod
    def aliases(cls) -> Mapping[str, Field]:
        return {"two": cls.DIRECTIONS} | {m.value: m.field for m in SectionMovement}

    @classmethod
    def what(cls) -> Message:
        return _("field")

    @classmethod
    def error(cls) -> type[DuplicateError]:
        return DuplicateError


class SectionMovement(Word):
    """What a results file says of a section's movement, so of how its pairs are ranked:
    a ``Howell`` (every pair sits both ways: one ranking) or a ``Mitchell`` (North-South
    and East-West ranked apart). PBN's ``[Movement]`` and the CSV's and JSON's
    ``movement`` write these words; USEBIO's ``WINNER_TYPE`` says one winner or two
    (:data:`WINNER_TYPES`). A file says nothing else (``auto``, ``one`` and
    ``directions`` are how the ``--field`` option asks, not what a file says).

    >>> SectionMovement.parse("howell").field, SectionMovement.parse("2", WINNER_TYPES)
    (<Field.ONE: 'one'>, <SectionMovement.MITCHELL: 'Mitchell'>)
    >>> SectionMovement.parse("auto")
    Traceback (most recent call last):
      ...
    bridgescore.errors.BridgeInputError: 'auto': not a movement; use Howell, Mitchell
    >>> SectionMovement.parse("3", WINNER_TYPES)
    Traceback (most recent call last):
      ...
    bridgescore.errors.BridgeInputError: '3': not a movement; use 1 (Howell), 2 (Mitchell)
    """

    HOWELL = "Howell"
    MITCHELL = "Mitchell"

    @classmethod
    def what(cls) -> Message:
        return _("movement")

    @classmethod
    def parse(
        cls, text: object, words: Mapping[str, SectionMovement] | None = None
    ) -> SectionMovement:
        """The movement ``text`` names: ``Howell`` or ``Mitchell`` (any case), or, given a
        format's own ``words`` (:data:`WINNER_TYPES`), one of those only; an error lists
        the words accepted."""
        if words is None:
            return super().parse(text)
        shown = ", ".join(w if w == m.value else f"{w} ({m.value})" for w, m in words.items())
        table = {normalise(w): m for w, m in words.items()}
        return lookup(text, table, what=cls.what(), error=cls.error(), shown=shown)

    @property
    def field(self) -> Field:
        """How the section's pairs are ranked: one field, or North-South and East-West."""
        return Field.ONE if self is SectionMovement.HOWELL else Field.DIRECTIONS

    @classmethod
    def of(cls, field: Field) -> SectionMovement | None:
        """The movement a file says for a section ranked so (``None`` for ``auto``)."""
        return next((m for m in cls if m.field is field), None) if field is not Field.AUTO else None


WINNER_TYPES: Final[Mapping[str, SectionMovement]] = {
    "1": SectionMovement.HOWELL,
    "2": SectionMovement.MITCHELL,
}
"""USEBIO's ``WINNER_TYPE``: one winner (a Howell's one ranking) or two (a Mitchell's)."""


_SPELLINGS = {
    "matchpoints": Scoring.MATCHPOINTS,
    "european": Scoring.MATCHPOINTS,
    "cross-imp": Scoring.CROSS_IMPS,
    "crossimps": Scoring.CROSS_IMPS,
    "board-a-match": Scoring.BOARD_A_MATCH,
    "datum": Scoring.BUTLER,
    "ximps": Scoring.CROSS_IMPS,
    "calcutta": Scoring.CROSS_IMPS,
    # PBN's [Scoring] words (its fields, ';' between them: 'IMP;Cross', 'MatchPoints;MP1')
    "matchpoint": Scoring.MATCHPOINTS,
    "mp1": Scoring.MATCHPOINTS,
    "mp2": Scoring.MATCHPOINTS,
    "emp": Scoring.MATCHPOINTS,
    "imp": Scoring.IMPS,
    "imp_1948": Scoring.IMPS,
    "imp_1961": Scoring.IMPS,
    "cross": Scoring.CROSS_IMPS,
    "butler-2": Scoring.BUTLER,  # Magic Contest
    "teams": Scoring.IMPS,  # Ruter
}
