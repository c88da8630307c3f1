"""How each scoring program scores an event, so that its file is re-scored as it was.

A results file names the program that wrote it (USEBIO ``PROGRAM_NAME`` and
``PROGRAM_VERSION``, PBN ``[Generator]`` or the ``% Ruter`` header). Programs differ
in small ways that change published figures: how matchpoints are rounded, whether
cross-IMPs are summed or averaged, whether a pair that sat out has its total scaled.
:data:`PROGRAMS` holds every program whose rules were worked out from its own files
(``docs/real-events.md`` gives the file and the count behind each), keyed by name and,
where a rule changed, by version.

:func:`choose_conventions` decides what an event is scored with — the program's
conventions, or bridgescore's defaults, with any option the user gave on top — and
says so in one line (:meth:`Chosen.describe`).

>>> program_conventions("Ruter 4.9.1.3").name
'Ruter'
>>> choose_conventions("Ruter 4.3.2.2", "cross-imps").describe()
'scored as Ruter 4.3.2.2 scores (the file names it): cross-IMPs summed over the comparisons'
>>> choose_conventions("", "mp").describe()
"scored with bridgescore's defaults (the file names no program): matchpoint policy wbf"
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Final

from bridgescore.duplicate.adjusted import get_policy
from bridgescore.duplicate.butler import get_butler_preset
from bridgescore.duplicate.imps import DuplicateError
from bridgescore.duplicate.matchpoints import Scale
from bridgescore.errors import Gettext, Message, listed
from bridgescore.errors import marked as _
from bridgescore.events.model import Event
from bridgescore.events.options import (
    DEFAULT_OPTIONS,
    CrossImps,
    Entrants,
    Factoring,
    Field,
    ImpTotals,
    Incomplete,
    MpScale,
    ScoringOptions,
)
from bridgescore.events.pairs import Sections
from bridgescore.events.vocabulary import EventKind, Scoring

NO_CONVENTIONS: Final = "none"
"""The ``policy`` value that turns a program's conventions off."""

_MATCHPOINTS: Final = (Scoring.MATCHPOINTS, Scoring.ACBL)
_PAIRS_IMPS: Final = (Scoring.BUTLER, Scoring.CROSS_IMPS)


@dataclass(frozen=True, slots=True)
class Conventions:
    """What a program does differently from bridgescore's defaults (``None``: the same).

    Each field is a :class:`~bridgescore.events.options.ScoringOptions` field the program
    sets: ``policy`` applies to matchpoints, ``butler`` to butler datums (and to the IMPs
    of artificial scores in cross-IMPs), ``cross_imps`` and ``factoring`` to the IMP
    scorings of pairs events, ``incomplete`` to teams; ``tie_marks`` says whether the
    program writes a tied place with ``=`` (used when comparing, not when scoring;
    ``None``: as the file shows, :func:`~bridgescore.events.compare.writes_bare_ties`).
    """

    policy: str | None = None
    butler: str | None = None
    cross_imps: CrossImps | None = None
    imp_totals: ImpTotals | None = None
    mp_scale: MpScale | None = None
    entrants: Entrants | None = None
    factoring: Factoring | None = None
    field: Field | None = None
    incomplete: Incomplete | None = None
    sections: Sections | None = None
    tie_marks: bool | None = None

    def __post_init__(self) -> None:
        if self.policy is not None:
            get_policy(self.policy)  # an unknown name is refused; the spelling is kept
        if self.butler is not None:
            get_butler_preset(self.butler)
        for name, vocabulary in _WORDS.items():
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, vocabulary.parse(value))

    def apply(self, options: ScoringOptions) -> ScoringOptions:
        """``options`` with what these conventions set."""
        changes = {name: value for name in ASKABLE if (value := getattr(self, name)) is not None}
        return options.but(**changes) if changes else options

    def items(self, scoring: str) -> list[Message]:
        """What these conventions change for ``scoring``, as a reader would say it."""
        how = Scoring.parse(scoring)
        said: list[Message] = []
        if how in _MATCHPOINTS and self.policy is not None:
            said.append(_("matchpoint policy {policy}", policy=self.policy))
        if how in (*_MATCHPOINTS, *_PAIRS_IMPS) and self.entrants is Entrants.PLAYED:
            said.append(_("only the pairs that played listed"))
        if how in _MATCHPOINTS and self.mp_scale is MpScale.PLUS_MINUS:
            said.append(_("matchpoints ± the board's average (wins minus losses)"))
        if how is Scoring.BUTLER and self.butler is not None:
            said.append(_("butler datum {butler}", butler=self.butler))
        if how is Scoring.CROSS_IMPS and self.cross_imps is not None:
            if self.cross_imps is CrossImps.TOTAL:
                said.append(_("cross-IMPs summed over the comparisons"))
            else:
                said.append(_("cross-IMPs averaged over the comparisons"))
        if how in _PAIRS_IMPS and self.imp_totals is ImpTotals.PER_BOARD:
            if how is Scoring.CROSS_IMPS:
                said.append(_("totals in IMPs per board and comparison"))
            else:
                said.append(_("totals in IMPs per board"))
        if how in _PAIRS_IMPS and self.factoring is Factoring.BOARDS:
            said.append(_("short totals scaled to every board"))
        if how in _PAIRS_IMPS and self.factoring is Factoring.FIELD:
            said.append(_("short totals scaled to the most boards played"))
        if how in _MATCHPOINTS and self.factoring is Factoring.SESSION:
            said.append(_("short totals scaled to the session, the percentage from them"))
        if how in (*_MATCHPOINTS, *_PAIRS_IMPS) and self.sections is Sections.APART:
            said.append(_("each section scored apart"))
        if how in (*_MATCHPOINTS, *_PAIRS_IMPS) and self.sections is Sections.ACROSS:
            said.append(_("sections scored across the field"))
        if how in (*_MATCHPOINTS, *_PAIRS_IMPS) and self.field is not None:
            said.append(_("field {field}", field=self.field.value))
        if how in (Scoring.IMPS, Scoring.BOARD_A_MATCH) and self.incomplete is Incomplete.SKIP:
            said.append(_("a board with one room's result left out of its match"))
        return said


_WORDS: Final = {
    "cross_imps": CrossImps,
    "imp_totals": ImpTotals,
    "mp_scale": MpScale,
    "entrants": Entrants,
    "factoring": Factoring,
    "field": Field,
    "incomplete": Incomplete,
    "sections": Sections,
}


def field_name(text: str) -> str:
    """The field spelled as the CLI does: ``two`` (the library's older word) is ``directions``."""
    return Field.parse(text).value


@dataclass(frozen=True, slots=True)
class ProgramConventions:
    """One program's conventions, for the versions they were seen in.

    ``pattern`` matches the start of the program text a file gives (case ignored);
    ``versions`` is the half-open range ``[since, before)`` of version numbers the
    entry covers (``None``: any); ``by_scoring`` overrides ``conventions`` for one
    scoring (``mp``, ``butler``, ``cross-imps``, ``imps``...). ``scale_from_figures``:
    the program writes matchpoints on either scale as its user chose, and the file's
    own figures say which (:func:`published_mp_scale`).
    """

    name: str
    pattern: str
    conventions: Conventions = Conventions()
    by_scoring: tuple[tuple[Scoring, Conventions], ...] = ()
    versions: tuple[tuple[int, ...] | None, tuple[int, ...] | None] = (None, None)
    sources: tuple[str, ...] = ()
    scale_from_figures: bool = False

    def matches(self, program: str) -> bool:
        found = re.match(self.pattern, program.strip(), re.IGNORECASE)
        if found is None:
            return False
        since, before = self.versions
        if since is None and before is None:
            return True
        version = version_of(program[found.end() :])
        if version is None:
            return False
        return (since is None or version >= since) and (before is None or version < before)

    def for_scoring(self, scoring: Scoring) -> Conventions:
        for name, conventions in self.by_scoring:
            if name is scoring:
                return conventions
        return self.conventions


def version_of(text: str) -> tuple[int, ...] | None:
    """The first version number in ``text``: ``' 4.9.1.3'`` is (4, 9, 1, 3)."""
    found = re.search(r"\d+(?:\.\d+)*", text)
    return None if found is None else tuple(int(part) for part in found.group().split("."))


_REAL_EVENTS = "docs/real-events.md, 'The rules, program by program'"
_PLUS_MINUS_SOURCE = (
    "Ruter's ± matchpoints (issue 16: wins minus losses, totals that may be negative) are"
    ' recognised by the file\'s own figures, never by [Scoring "MatchPoints;MP1"] (which'
    " ruter_sm1.pbn writes over 0-to-top figures); no real ± file was available: the test"
    " file is ruter_sm1.pbn with its MP columns rewritten"
)

PROGRAMS: Final[tuple[ProgramConventions, ...]] = (
    ProgramConventions(
        "EBUScore Pairs",
        r"ebu\s*score\s*pairs",
        Conventions(policy="ebu"),
        sources=(_REAL_EVENTS, "EBUScore Pairs 1.2.20 and 1.2.24 USEBIO files: 680/680, 468/468"),
    ),
    ProgramConventions(
        "PairsScorer",
        r"pairs\s*scorer",
        Conventions(policy="ebu"),
        sources=(_REAL_EVENTS, "PairsScorer 7.2.93 USEBIO files: 528/528, 732/734"),
    ),
    ProgramConventions(
        "RealBridge",
        r"realbridge",
        Conventions(policy="realbridge"),
        by_scoring=((Scoring.IMPS, Conventions(incomplete=Incomplete.SKIP)),),
        sources=(
            _REAL_EVENTS,
            "RealBridge 1.3.6 and 1.3.7 USEBIO pairs files (398/398, 368/368); RealBridge's"
            " PBN teams records keep a board whose other room was lost (596/598)",
        ),
    ),
    ProgramConventions(
        "ScoreBridge",
        r"score\s*bridge",
        Conventions(policy="wbf"),
        versions=(None, (10, 25)),
        sources=(
            "issue 25: a ScoreBridge 10.24 USEBIO file is Neuberg to 0.1 MP (board 1, 10 v 5:"
            " 13.9 = (12 + 1) x 8/7 - 1; every one of its 386 figures agrees so), places"
            " written 8=",
        ),
    ),
    ProgramConventions(
        "ScoreBridge",
        r"score\s*bridge",
        Conventions(policy="scorebridge"),
        sources=(_REAL_EVENTS, "ScoreBridge 10.25.02 USEBIO file: 204/204"),
    ),
    ProgramConventions(
        "KoPS",
        r"kops\b",
        Conventions(policy="kops"),
        sources=(
            "issue 25: KoPS (Polish) takes a line's percentage from its Neuberg matchpoints"
            " rounded to 0.01 (31.476 -> 31.48 -> 75.0 %)",
        ),
    ),
    ProgramConventions(
        "BriAn",
        r"brian\b",
        Conventions(policy="brian"),
        sources=(_REAL_EVENTS, "BriAn 213 USEBIO 1.0 file: 314/314"),
    ),
    ProgramConventions(
        "Compscore",
        r"compscore",
        Conventions(policy="compscore", tie_marks=False),
        sources=(
            _REAL_EVENTS,
            "Compscore3 USEBIO files (matchpoints, butler, cross-IMPs): 1138/1138, 358/358,"
            " 296/296, 234/234, ...; places written without '='",
        ),
    ),
    ProgramConventions(
        "Pianola",
        r"pianola",
        Conventions(factoring=Factoring.FIELD),
        sources=(_REAL_EVENTS, "Pianola 1.0 cross-IMP USEBIO file with byes: 416/418"),
    ),
    ProgramConventions(
        "Ruter",
        r"ruter",
        Conventions(policy="ruter", cross_imps=CrossImps.TOTAL, entrants=Entrants.ALL),
        by_scoring=(
            (Scoring.BUTLER, Conventions(imp_totals=ImpTotals.PER_BOARD, field=Field.ONE)),
            (
                Scoring.CROSS_IMPS,
                Conventions(
                    cross_imps=CrossImps.TOTAL, imp_totals=ImpTotals.PER_BOARD, field=Field.ONE
                ),
            ),
        ),
        versions=((4, 7), None),
        sources=(
            _REAL_EVENTS,
            "Ruter 4.7 'IMP;Cross2' PBN (tests/io/data/pbn/ruter_cross2.pbn, rkcb/pbnparser"
            " liigaButler1b.pbn): lines summed, totals per board and comparison (729 over 16"
            " boards of 11 comparisons is 4.14), every pair ranked in one list across"
            " directions and sections; butler totals per board and one list from issue 16's"
            " description (no real Ruter butler file seen)",
            _PLUS_MINUS_SOURCE,
        ),
        scale_from_figures=True,
    ),
    ProgramConventions(
        "Ruter",
        r"ruter",
        Conventions(policy="ruter", cross_imps=CrossImps.TOTAL, entrants=Entrants.ALL),
        by_scoring=(
            (Scoring.BUTLER, Conventions(imp_totals=ImpTotals.PER_BOARD, field=Field.ONE)),
        ),
        sources=(
            _REAL_EVENTS,
            "Ruter 4.1.4, 4.3.2.2 and 4.9.1.3 PBN files: matchpoints 2484/2484, cross-IMPs"
            " ('IMP;Cross', 4.3.2.2) written as the sum of the IMPs against every other"
            " result, totals summed (3511/3520)",
            _PLUS_MINUS_SOURCE,
        ),
        scale_from_figures=True,
    ),
    ProgramConventions(
        "Magic Contest",
        r"magic\s*contest",
        Conventions(policy="magic-contest"),
        by_scoring=((Scoring.BUTLER, Conventions(factoring=Factoring.BOARDS)),),
        sources=(
            _REAL_EVENTS,
            "Magic Contest 4.7 butler PBN with a sit-out each round (totals scaled to every"
            " board: 182/182); Magic Contest France 4.13.3.4 matchpoints (1364/1364)",
        ),
    ),
    ProgramConventions(
        "ACBLscore",
        r"acbl\s*score",
        Conventions(policy="acbl", factoring=Factoring.SESSION, sections=Sections.APART),
        sources=(
            "docs/bridgemate.md, 'ACBLscore': ACBL matchpoints, 1 a beat and 1/2 a tie (ACBL,"
            " 'How to keep score'), Neuberg on a board played fewer times (M = N·S/n +"
            " (N - n)/2n, ACBL Bulletin June 1991 pp. 15-16, quoted by ASE Computing); each"
            " section apart (the Bridgemate reader names the sections, which the pairs"
            " scorer then scores apart); issue 25: a pair's short total scaled to the whole"
            " session (110.5 over 24 of 27 boards written 124.31)",
        ),
    ),
    ProgramConventions(
        "BBO Extractor",
        r"bbo\s*extractor",
        Conventions(tie_marks=False),
        sources=(_REAL_EVENTS, "BBO Extractor 1.4.7 USEBIO file: 322/322, places without '='"),
    ),
)
"""Every program whose conventions are known, first match wins."""


_FROM_RE: Final = re.compile(r"^bridgescore\b[^(]*\(from (?P<origin>.+)\)\s*$", re.IGNORECASE)


def origin_program(program: str) -> str:
    """The program whose figures a file holds: a file bridgescore converted names the
    program it came from (``bridgescore 0.1.0 (from Ruter 4.9.1.3)``)."""
    found = _FROM_RE.match(program.strip())
    return found["origin"].strip() if found else program.strip()


def converted_by(version: str, program: str) -> str:
    """What bridgescore writes as the program of a file it converts from ``program``."""
    origin = origin_program(program)
    own = not origin or re.match(r"bridgescore\b", origin, re.IGNORECASE)
    return f"bridgescore {version}" + ("" if own else f" (from {origin})")


def program_conventions(program: str) -> ProgramConventions | None:
    """The entry for the program (and version) a file names, or ``None``; a file
    bridgescore converted is looked up by the program it came from."""
    origin = origin_program(program)
    if not origin:
        return None
    return next((entry for entry in PROGRAMS if entry.matches(origin)), None)


@dataclass(frozen=True, slots=True)
class Chosen:
    """What an event is scored with (:attr:`options`), and why."""

    options: ScoringOptions
    conventions: Conventions = Conventions()
    """What the program's conventions set, with what the user asked on top."""
    program: str = ""
    entry: ProgramConventions | None = None
    given: tuple[str, ...] = ()
    """The options the user set on top (``policy``, ``cross_imps``...)."""
    turned_off: bool = False
    found: tuple[str, ...] = ()
    """What the file's own figures changed from the program's conventions
    (:func:`bridgescore.events.selfcheck.checked`): ``policy ebu``..."""
    exact: bool = False
    """The options were given whole (``options=``): no program's conventions applied."""
    recognised: bool = False
    """The file does not name :attr:`program`; its habits show it (``Event.program_recognised``)."""

    @property
    def scoring(self) -> Scoring:
        return self.options.scoring

    @property
    def policy(self) -> str:
        """The matchpoint policy: the program's or the user's, else the scoring's own."""
        return self.options.matchpoint_policy

    @property
    def butler(self) -> str:
        return self.options.butler

    @property
    def cross_imps(self) -> CrossImps:
        return self.options.cross_imps

    @property
    def field(self) -> Field:
        return self.options.field

    def describe(self, gettext: Gettext | None = None) -> str:
        """One line: whose conventions, why, and what they change for this scoring (in
        ``gettext``'s language; English without one)."""
        return self.message().render(gettext)

    def message(self) -> Message:
        """:meth:`describe`'s line as a message, translated where it is shown."""
        said = self.conventions.items(self.scoring)
        origin = origin_program(self.program)
        if self.entry is not None:
            head = (
                _("scored as {program} scores (recognised by the file's habits)", program=origin)
                if self.recognised
                else _("scored as {program} scores (the file names it)", program=origin)
            )
            if not said:
                said = [_("the same as bridgescore's defaults")]
        elif self.exact:
            head = _("scored with the options given")
            if not said:
                said = self._own_items()
        else:
            if self.turned_off:
                why = _("--policy none")
            elif not origin:
                why = _("the file names no program")
            else:
                why = _("no conventions known for {program!r}", program=origin)
            head = _("scored with bridgescore's defaults ({why})", why=why)
            if not said:
                said = self._own_items()
        if self.given:
            said.append(_("as asked: {options}", options=", ".join(self.given)))
        if self.found:
            said.append(
                _("as the file's own figures show: {options}", options=", ".join(self.found))
            )
        if not said:
            return head
        return _("{head}: {said}", head=head, said=listed(said, ", "))

    def _own_items(self) -> list[Message]:
        """What the options say where no program's conventions do (the policy, the butler
        datum, the cross-IMP totals in force)."""
        own = Conventions(
            policy=self.policy,
            butler=self.options.butler,
            cross_imps=self.options.cross_imps,
        )
        return own.items(self.scoring)

    def as_dict(self) -> dict[str, object]:
        """The JSON form ``bridgescore event --json`` prints under ``conventions``."""
        return {
            "program": self.program,
            "known_program": None if self.entry is None else self.entry.name,
            **self.options.as_dict(),
            "given": list(self.given),
            "found": list(self.found),
            "description": self.describe(),
        }


ASKABLE: Final = (
    "policy",
    "butler",
    "cross_imps",
    "imp_totals",
    "mp_scale",
    "entrants",
    "factoring",
    "field",
    "incomplete",
    "sections",
)
"""The options a user may set on top of a program's conventions."""


def published_mp_scale(event: Event) -> MpScale | None:
    """The matchpoint scale a file's own written figures show, or ``None`` when they show
    none (no figures, or IMPs).

    ± figures (:attr:`MpScale.PLUS_MINUS`) when any board figure or matchpoint total is
    negative, or when every real result's two figures add up to 0 (within the 0.1 of
    their rounding) and some are not 0; 0-to-top (:attr:`MpScale.TOP`) when the figures
    are all 0 or more and some line's two add up to more than 0.1. An artificial score's
    line (A+/A+ is +3.4 / +3.4 on the ± scale of 18 results) is not summed.
    """
    if event.scoring not in _MATCHPOINTS:
        return None
    sums: list[float] = []
    for row, published in zip(event.results.rows, event.published, strict=False):
        if published is None:
            continue
        figures = [f for f in (published.ns_points, published.ew_points) if f is not None]
        if any(figure < 0 for figure in figures):
            return MpScale.PLUS_MINUS
        if len(figures) == 2 and row.adjusted is None and row.ns_score is not None:
            sums.append(figures[0] + figures[1])
    if any(s.total is not None and s.total < 0 for s in event.standings):
        return MpScale.PLUS_MINUS
    if not sums:
        return None
    if all(abs(total) <= _ROUNDING for total in sums):
        return None if all(total == 0 for total in sums) else MpScale.PLUS_MINUS
    return MpScale.TOP


_ROUNDING: Final = 0.1 + 1e-9
"""How far a line's two figures, each rounded to 0.1, may add up from 0 on the ± scale."""


def choose_conventions(
    program: str,
    options: ScoringOptions | str,
    asked: Mapping[str, object] | None = None,
    *,
    figures: MpScale | None = None,
) -> Chosen:
    """The conventions of ``program`` applied to ``options`` (or to the defaults for the
    scoring named), with what the user ``asked`` on top (``None`` values are not asked).
    ``figures`` is the matchpoint scale the file's own figures show
    (:func:`published_mp_scale`): a program that writes either scale
    (:attr:`ProgramConventions.scale_from_figures`, Ruter) is scored on that one.

    ``policy="none"`` turns the program's conventions off: bridgescore's defaults,
    with the other options given.
    """
    if isinstance(options, ScoringOptions):
        base = options
    else:
        how = Scoring.parse(options)
        teams = how in (Scoring.IMPS, Scoring.BOARD_A_MATCH)
        base = DEFAULT_OPTIONS.but(kind=EventKind.TEAMS if teams else EventKind.PAIRS, scoring=how)
    wanted: dict[str, Any] = {name: v for name, v in (asked or {}).items() if v is not None}
    unknown = set(wanted) - set(ASKABLE)
    if unknown:
        raise DuplicateError(
            _("not a convention option: {names}", names=", ".join(sorted(unknown)))
        )
    policy = wanted.get("policy")
    turned_off = isinstance(policy, str) and policy.strip().lower() == NO_CONVENTIONS
    if turned_off:
        del wanted["policy"]
    entry = None if turned_off else program_conventions(program)
    conventions = Conventions() if entry is None else entry.for_scoring(base.scoring)
    if entry is not None and entry.scale_from_figures and figures is not None:
        conventions = replace(conventions, mp_scale=figures)
    if wanted:
        conventions = replace(conventions, **wanted)
    chosen = conventions.apply(base)
    given = tuple(
        f"{name.replace('_', '-')} {_said(value)}"
        for name in ASKABLE
        if (value := (asked or {}).get(name)) is not None and not (name == "policy" and turned_off)
    )
    return Chosen(chosen, conventions, program, entry, given, turned_off)


def _said(value: object) -> str:
    return str(value.value) if isinstance(value, Enum) else str(value)


def session_scoring(program: str, scoring: Scoring = Scoring.MATCHPOINTS) -> Scoring:
    """How a session a program set up is matchpointed when it is run here (a Bridgemate
    file imported into the club web app): on the ACBL scale (1 a beat) where the program's
    matchpoint policy is (ACBLscore), else as ``scoring``."""
    entry = program_conventions(program)
    policy = None if entry is None else entry.for_scoring(scoring).policy
    if policy is not None and get_policy(policy).scale is Scale.ACBL:
        return Scoring.ACBL
    return scoring


def program_names() -> Sequence[str]:
    """The programs whose conventions are known, each once (a program with rules by version
    has several entries)."""
    return tuple(dict.fromkeys(entry.name for entry in PROGRAMS))
