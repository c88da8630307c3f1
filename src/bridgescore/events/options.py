"""The one request an event is scored with: :class:`ScoringOptions`.

Every choice that changes a figure is a field here, each a closed vocabulary (an enum
with one parser) or a registered name (law set, IMP table, victory-point scale,
matchpoint policy, butler preset), each with its default defined once, here. The CLI,
the web app, the reports and the batch engine build one of these (usually through
:func:`bridgescore.events.scoring.options_for`, which starts from the conventions of the
program that wrote the file) and make one call with it.

>>> options = ScoringOptions(scoring="butler", field="two")
>>> options.scoring, options.field, options.butler
(<Scoring.BUTLER: 'butler'>, <Field.DIRECTIONS: 'directions'>, 'drop-1')
>>> ScoringOptions(scoring="acbl").matchpoint_policy, ScoringOptions().matchpoint_policy
('acbl', 'wbf')
>>> ScoringOptions(kind="teams").scoring
<Scoring.IMPS: 'imps'>
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Self, TypedDict, Unpack

from bridgescore.core.words import Word
from bridgescore.duplicate.adjusted import DEFAULT_POLICY, MatchpointPolicy, get_policy
from bridgescore.duplicate.butler import DEFAULT_BUTLER_PRESET, get_butler_preset
from bridgescore.duplicate.imps import DEFAULT_IMP_TABLE, DuplicateError, get_imp_table
from bridgescore.duplicate.vp import DEFAULT_VP_SCALE, VP_SCALE_REGISTRY, VPScale, get_scale
from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.pairs import Sections
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.events.vocabulary import Field as Field  # said here too: one of the options
from bridgescore.laws.lawsets import DEFAULT_LAW_SET, get_laws


class CrossImps(Word):
    """How a pair's cross-IMPs on a board are written: the IMPs per comparison
    (``average``, as Compscore and Pianola do) or their sum (``total``, as Ruter does)."""

    AVERAGE = "average"
    TOTAL = "total"

    @classmethod
    def what(cls) -> Message:
        return _("way of totalling cross-IMPs")

    @classmethod
    def error(cls) -> type[DuplicateError]:
        return DuplicateError


class ImpTotals(Word):
    """How a pair's IMP total is written: the IMPs added up (``sum``), or IMPs per board
    played (``per-board``, as Ruter writes butler and ``IMP;Cross2`` totals: 41 IMPs over
    14 boards is 2.93; summed cross-IMPs are also counted per comparison, so 729 over 16
    boards of 11 comparisons is 4.14)."""

    SUM = "sum"
    PER_BOARD = "per-board"

    @classmethod
    def aliases(cls) -> Mapping[str, ImpTotals]:
        return {"total": cls.SUM, "mean": cls.PER_BOARD, "average": cls.PER_BOARD}

    @classmethod
    def what(cls) -> Message:
        return _("way of writing IMP totals")

    @classmethod
    def error(cls) -> type[DuplicateError]:
        return DuplicateError


class MpScale(Word):
    """How a board's matchpoints (and a pair's total) are shown: from 0 to the top
    (``top``, bridgescore's default and most programs'), or as the points above or below
    the board's average (``plus-minus``, Ruter's ± scale: wins minus losses, +4 / 0 / −4
    on a board of five results; a total may be negative). Percentages are the same."""

    TOP = "top"
    PLUS_MINUS = "plus-minus"

    @classmethod
    def aliases(cls) -> Mapping[str, MpScale]:
        return {"0-top": cls.TOP, "zero-to-top": cls.TOP, "±": cls.PLUS_MINUS, "pm": cls.PLUS_MINUS}

    @classmethod
    def what(cls) -> Message:
        return _("matchpoint scale (top or plus-minus)")

    @classmethod
    def error(cls) -> type[DuplicateError]:
        return DuplicateError


class Entrants(Word):
    """Who a pairs event's standings list: every pair the file names (``all``: one that
    played no board is listed last, with 0 boards and no percentage, as Ruter lists it and
    as a director expects of every pair on the entry sheet), or only the pairs that
    played (``played``)."""

    ALL = "all"
    PLAYED = "played"

    @classmethod
    def what(cls) -> Message:
        return _("choice of entrants listed (all or played)")

    @classmethod
    def error(cls) -> type[DuplicateError]:
        return DuplicateError


class Factoring(Word):
    """Whether a pair that played fewer boards has its total scaled up: as the
    matchpoint policy says (``policy``; never at IMPs), ``none``, to the most boards a
    pair of its ``field`` played (Compscore, Pianola), to every board of the event
    (``boards``, Magic Contest for pairs that sat out), percentages unchanged; or to every
    board of the session with the percentage from the scaled score as written
    (``session``, ACBLscore: 110.5 over 24 of 27 boards is 124.31 and 57.55 %)."""

    POLICY = "policy"
    NONE = "none"
    FIELD = "field"
    BOARDS = "boards"
    SESSION = "session"
    """Every board of the session (of the pair's section when sections are scored apart),
    the percentage then taken from the scaled score as written (ACBLscore)."""

    @classmethod
    def aliases(cls) -> Mapping[str, Factoring]:
        return {"true": cls.FIELD, "yes": cls.FIELD, "false": cls.NONE, "no": cls.NONE}

    @classmethod
    def what(cls) -> Message:
        return _("factoring of short totals")

    @classmethod
    def error(cls) -> type[DuplicateError]:
        return DuplicateError

    @classmethod
    def of(cls, value: bool | str | Factoring | None) -> Factoring:
        """The factoring a ``factor_totals`` value of the older API means
        (``None``: the policy's; ``True``: the field's; ``False``: none)."""
        if value is None:
            return cls.POLICY
        if isinstance(value, bool):
            return cls.FIELD if value else cls.NONE
        return cls.parse(value)

    @property
    def legacy(self) -> str | bool | None:
        """The value the scorers take (``None``: the policy's, ``False``: none)."""
        return {"policy": None, "none": False}.get(self.value, self.value)


class Incomplete(Word):
    """A teams board with one room's result: an error (``raise``), or left out of its
    match (``skip``, as RealBridge's records need)."""

    RAISE = "raise"
    SKIP = "skip"

    @classmethod
    def what(cls) -> Message:
        return _("rule for a board with one room's result")

    @classmethod
    def error(cls) -> type[DuplicateError]:
        return DuplicateError


@dataclass(frozen=True, slots=True)
class ScoringOptions:
    """Everything an event's figures depend on besides its results.

    ``policy`` is the matchpoint policy's registered name, ``None`` for the scoring's
    own (:attr:`matchpoint_policy`: ``acbl`` for ACBL matchpoints, else the default).
    Strings are parsed (``ScoringOptions(scoring="cross-IMPs")``); a registered name is
    kept as its canonical spelling; anything unknown is an error listing what is known.
    """

    kind: EventKind = EventKind.PAIRS
    scoring: Scoring = Scoring.MATCHPOINTS
    laws: str = DEFAULT_LAW_SET
    imp_table: str = DEFAULT_IMP_TABLE
    vp_scale: str | VPScale = DEFAULT_VP_SCALE
    policy: str | None = None
    butler: str = DEFAULT_BUTLER_PRESET
    cross_imps: CrossImps = CrossImps.AVERAGE
    imp_totals: ImpTotals = ImpTotals.SUM
    mp_scale: MpScale = MpScale.TOP
    entrants: Entrants = Entrants.ALL
    field: Field = Field.AUTO
    factoring: Factoring = Factoring.POLICY
    incomplete: Incomplete = Incomplete.RAISE
    sections: Sections = Sections.AUTO

    def __post_init__(self) -> None:
        kind = EventKind.parse(self.kind)
        scoring = Scoring.parse(self.scoring)
        if kind is not EventKind.TEAMS and scoring is Scoring.BOARD_A_MATCH:
            raise DuplicateError(
                _(
                    "{scoring!r}: a pairs event is scored mp, acbl, butler or cross-imps",
                    scoring=scoring.value,
                )
                if kind is EventKind.PAIRS
                else _(
                    "{scoring!r}: an individual event is scored mp, acbl, butler or cross-imps",
                    scoring=scoring.value,
                )
            )
        parsed: dict[str, object] = {
            "kind": kind,
            "scoring": scoring.for_kind(kind),
            "laws": get_laws(self.laws).name,
            "imp_table": get_imp_table(self.imp_table).name,
            "vp_scale": (
                self.vp_scale if isinstance(self.vp_scale, VPScale) else _scale_name(self.vp_scale)
            ),
            "policy": None if self.policy is None else get_policy(self.policy).name,
            "butler": get_butler_preset(self.butler).name,
            "cross_imps": CrossImps.parse(self.cross_imps),
            "imp_totals": ImpTotals.parse(self.imp_totals),
            "mp_scale": MpScale.parse(self.mp_scale),
            "entrants": Entrants.parse(self.entrants),
            "field": Field.parse(self.field),
            "factoring": Factoring.of(self.factoring),
            "incomplete": Incomplete.parse(self.incomplete),
            "sections": Sections.parse(self.sections),
        }
        for name, value in parsed.items():
            object.__setattr__(self, name, value)

    @property
    def matchpoint_policy(self) -> str:
        """The matchpoint policy in force: the one named, else the scoring's own."""
        if self.policy is not None:
            return self.policy
        return "acbl" if self.scoring is Scoring.ACBL else DEFAULT_POLICY

    @property
    def pairs_policy(self) -> MatchpointPolicy:
        """The matchpoint policy in force, on the scale asked (:attr:`mp_scale`)."""
        plus_minus = self.mp_scale is MpScale.PLUS_MINUS
        return get_policy(self.matchpoint_policy).on_scale(plus_minus=plus_minus)

    @property
    def vp_scale_name(self) -> str:
        return self.vp_scale if isinstance(self.vp_scale, str) else self.vp_scale.name

    def but(self, **changes: Unpack[OptionChanges]) -> Self:
        """These options with ``changes`` (each parsed as the constructor parses it); a
        misspelt name is a type error for ``mypy --strict`` and a
        :class:`~bridgescore.duplicate.imps.DuplicateError` at run time."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise DuplicateError(
                _("not a scoring option: {names}", names=", ".join(sorted(unknown)))
            )
        given: dict[str, Any] = dict(changes)
        return replace(self, **given)

    def as_dict(self) -> dict[str, object]:
        """Each option by name, as JSON writes it."""
        return {
            "kind": self.kind.value,
            "scoring": self.scoring.value,
            "laws": self.laws,
            "imp_table": self.imp_table,
            "vp_scale": self.vp_scale_name,
            "policy": self.matchpoint_policy,
            "butler": self.butler,
            "cross_imps": self.cross_imps.value,
            "imp_totals": self.imp_totals.value,
            "mp_scale": self.mp_scale.value,
            "entrants": self.entrants.value,
            "field": self.field.value,
            "factoring": self.factoring.value,
            "incomplete": self.incomplete.value,
            "sections": self.sections.value,
        }


class AskedOptions(TypedDict, total=False):
    """The options a caller may ask for one by one (every :class:`ScoringOptions` field but
    ``kind`` and ``scoring``), typed so that ``mypy --strict`` catches a misspelt name
    (``expeted=3``); ``None`` is "not asked". ``policy="none"`` turns a program's
    conventions off (:func:`bridgescore.events.scoring.options_for`)."""

    laws: str | None
    imp_table: str | None
    vp_scale: str | VPScale | None
    policy: str | None
    butler: str | None
    cross_imps: str | CrossImps | None
    imp_totals: str | ImpTotals | None
    mp_scale: str | MpScale | None
    entrants: str | Entrants | None
    field: str | Field | None
    factoring: bool | str | Factoring | None
    incomplete: str | Incomplete | None
    sections: str | Sections | None


class OptionChanges(TypedDict, total=False):
    """What :meth:`ScoringOptions.but` may change: every field, by its name."""

    kind: str | EventKind
    scoring: str | Scoring
    laws: str
    imp_table: str
    vp_scale: str | VPScale
    policy: str | None
    butler: str
    cross_imps: str | CrossImps
    imp_totals: str | ImpTotals
    mp_scale: str | MpScale
    entrants: str | Entrants
    field: str | Field
    factoring: bool | str | Factoring | None
    incomplete: str | Incomplete
    sections: str | Sections


def _scale_name(name: str) -> str:
    found = VP_SCALE_REGISTRY.find(name)
    if found is None:
        get_scale(name)  # raises, listing the scales
    return VP_SCALE_REGISTRY.get(name).name


DEFAULT_OPTIONS = ScoringOptions()
"""bridgescore's defaults, in one place."""
