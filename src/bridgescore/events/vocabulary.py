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
    """How pairs are ranked: in ``one`` field (a Howell, an arrow-switched Mitchell: one
    winner), North-South and East-West apart (``directions``, a Mitchell: two winners), or
    ``auto`` (one field when a pair sat both ways in the results so far). A file says it
    of each section with its movement (:class:`SectionMovement`; USEBIO with its number of
    winners, :class:`Winners`), read into
    :attr:`~bridgescore.events.model.Event.field_kinds`: a Howell section stopped after
    its first round, or an arrow-switched Mitchell before its first switched round, is
    still one field."""

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
    a ``Howell`` (every pair sits both ways, its pairs numbered without a direction: one
    ranking), a ``Mitchell`` (pairs numbered by direction, North-South and East-West
    ranked apart) or an ``Arrow-switched Mitchell`` (a Mitchell's pairs, turned round in
    some rounds so that it has one winner: one ranking). PBN's ``[Movement]`` and the
    CSV's and JSON's ``movement`` write these words; USEBIO says only the number of
    winners (:class:`Winners`). A file says nothing else (``auto``, ``one`` and
    ``directions`` are how the ``--field`` option asks, not what a file says).

    >>> SectionMovement.parse("howell").field, SectionMovement.parse("mitchell").field
    (<Field.ONE: 'one'>, <Field.DIRECTIONS: 'directions'>)
    >>> SectionMovement.parse("arrow-switched mitchell").field
    <Field.ONE: 'one'>
    >>> SectionMovement.of(Field.ONE, directed=True).value, SectionMovement.of(Field.ONE).value
    ('Arrow-switched Mitchell', 'Howell')
    >>> SectionMovement.parse("auto")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    bridgescore.errors.BridgeInputError: 'auto': not a movement; use Howell, Mitchell, ...
    """

    HOWELL = "Howell"
    MITCHELL = "Mitchell"
    ARROW_SWITCHED = "Arrow-switched Mitchell"

    @classmethod
    def what(cls) -> Message:
        return _("movement")

    @property
    def field(self) -> Field:
        """How the section's pairs are ranked: one field, or North-South and East-West."""
        return Field.DIRECTIONS if self is SectionMovement.MITCHELL else Field.ONE

    @classmethod
    def of(cls, field: Field, *, directed: bool = False) -> SectionMovement | None:
        """The movement a file says for a section ranked so, its pairs numbered by
        direction or not (``None`` for ``auto``): one field is an arrow-switched Mitchell
        when they are, else a Howell; North-South and East-West apart, a Mitchell."""
        if field is Field.DIRECTIONS:
            return cls.MITCHELL
        if field is Field.ONE:
            return cls.ARROW_SWITCHED if directed else cls.HOWELL
        return None


class Winners(Word):
    """USEBIO's ``WINNER_TYPE``: the number of winners, not a movement. ``1``, one
    winner, is a field ranked as one: a Howell, or a Mitchell arrow-switched (its pairs each
    with its ``DIRECTION``); ``2``, two winners, a
    Mitchell's North-South and East-West ranked apart.

    >>> Winners.parse("1").field, Winners.of(Field.DIRECTIONS)
    (<Field.ONE: 'one'>, <Winners.TWO: '2'>)
    >>> Winners.parse("3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    bridgescore.errors.BridgeInputError: '3': not a number of winners; use 1 (one winner), ...
    """

    ONE = "1"
    TWO = "2"

    @classmethod
    def what(cls) -> Message:
        return _("number of winners")

    @classmethod
    def parse(cls, text: object) -> Winners:
        """The number of winners ``text`` says, ``1`` or ``2``; an error lists both with
        what each is."""
        if isinstance(text, cls):
            return text
        table = {normalise(w.value): w for w in cls}
        shown = _("1 (one winner), 2 (two winners)")
        return lookup(text, table, what=cls.what(), error=cls.error(), shown=shown)

    @property
    def field(self) -> Field:
        """How a section with so many winners is ranked."""
        return Field.ONE if self is Winners.ONE else Field.DIRECTIONS

    @property
    def label(self) -> Message:
        """The number in words, as a message shows it after the number (``1 (one winner)``)."""
        return _("one winner") if self is Winners.ONE else _("two winners")

    @classmethod
    def of(cls, field: Field) -> Winners | None:
        """The number of winners of a section ranked so (``None`` for ``auto``)."""
        return next((w for w in cls if w.field is field), None) if field is not Field.AUTO else None


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
