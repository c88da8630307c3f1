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
>>> choose_conventions("Ruter 4.9.1.3", "cross-imps").describe()
'scored as Ruter 4.9.1.3 scores (the file names it): cross-IMPs summed over the comparisons'
>>> choose_conventions("", "mp").describe()
"scored with bridgescore's defaults (the file names no program): matchpoint policy wbf"
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from bridgescore.duplicate.adjusted import DEFAULT_POLICY, get_policy
from bridgescore.duplicate.butler import DEFAULT_BUTLER_PRESET, get_butler_preset
from bridgescore.duplicate.imps import DuplicateError

CROSS_IMPS: Final = ("average", "total")
"""How cross-IMPs are totalled: the IMPs per comparison, or their sum."""

DEFAULT_CROSS_IMPS: Final = "average"

FIELDS: Final = ("auto", "one", "directions")
"""How pairs are ranked: ``one`` field, North-South and East-West apart
(``directions``), or ``auto`` (one field when any pair sat both ways)."""

DEFAULT_FIELD: Final = "auto"

NO_CONVENTIONS: Final = "none"
"""The ``policy`` value that turns a program's conventions off."""


@dataclass(frozen=True, slots=True)
class Conventions:
    """The options a program's figures are reproduced with; ``None`` is bridgescore's default.

    ``policy`` applies to matchpoints (``mp``, ``acbl``); ``butler`` to butler datums
    (and to the IMPs of artificial scores in cross-IMPs); ``cross_imps`` and
    ``factor_totals`` to the IMP scorings of pairs events; ``incomplete`` to teams
    (``skip``: a board with one room's result is left out of its match); ``tie_marks``
    says whether the program writes a tied place with ``=`` (used when comparing).
    """

    policy: str | None = None
    butler: str | None = None
    cross_imps: str | None = None
    factor_totals: bool | str | None = None
    field: str | None = None
    incomplete: str | None = None
    tie_marks: bool = True

    def __post_init__(self) -> None:
        if self.policy is not None:
            get_policy(self.policy)
        if self.butler is not None:
            get_butler_preset(self.butler)
        if self.cross_imps is not None and self.cross_imps not in CROSS_IMPS:
            raise DuplicateError(f"cross_imps={self.cross_imps!r}: say {' or '.join(CROSS_IMPS)}")
        if self.field is not None and field_name(self.field) not in FIELDS:
            raise DuplicateError(f"field={self.field!r}: say {', '.join(FIELDS)}")
        if self.incomplete not in (None, "raise", "skip"):
            raise DuplicateError(f"incomplete={self.incomplete!r}: say raise or skip")

    def items(self, scoring: str) -> list[str]:
        """What these conventions change for ``scoring``, as a reader would say it."""
        said: list[str] = []
        if scoring in ("mp", "acbl") and self.policy is not None:
            said.append(f"matchpoint policy {self.policy}")
        if scoring == "butler" and self.butler is not None:
            said.append(f"butler datum {self.butler}")
        if scoring == "cross-imps" and self.cross_imps is not None:
            how = "summed over" if self.cross_imps == "total" else "averaged over"
            said.append(f"cross-IMPs {how} the comparisons")
        if scoring in ("butler", "cross-imps") and self.factor_totals not in (None, False):
            whole = "every board" if self.factor_totals == "boards" else "the most boards played"
            said.append(f"short totals scaled to {whole}")
        if scoring in ("mp", "acbl", "butler", "cross-imps") and self.field is not None:
            said.append(f"field {field_name(self.field)}")
        if scoring in ("imps", "bam") and self.incomplete == "skip":
            said.append("a board with one room's result left out of its match")
        return said


def field_name(text: str) -> str:
    """The field spelled as the CLI does: ``two`` (the library's older word) is ``directions``."""
    return "directions" if text == "two" else text


@dataclass(frozen=True, slots=True)
class ProgramConventions:
    """One program's conventions, for the versions they were seen in.

    ``pattern`` matches the start of the program text a file gives (case ignored);
    ``versions`` is the half-open range ``[since, before)`` of version numbers the
    entry covers (``None``: any); ``by_scoring`` overrides ``conventions`` for one
    scoring (``mp``, ``butler``, ``cross-imps``, ``imps``...).
    """

    name: str
    pattern: str
    conventions: Conventions = Conventions()
    by_scoring: tuple[tuple[str, Conventions], ...] = ()
    versions: tuple[tuple[int, ...] | None, tuple[int, ...] | None] = (None, None)
    sources: tuple[str, ...] = ()

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

    def for_scoring(self, scoring: str) -> Conventions:
        for name, conventions in self.by_scoring:
            if name == scoring:
                return conventions
        return self.conventions


def version_of(text: str) -> tuple[int, ...] | None:
    """The first version number in ``text``: ``' 4.9.1.3'`` is (4, 9, 1, 3)."""
    found = re.search(r"\d+(?:\.\d+)*", text)
    return None if found is None else tuple(int(part) for part in found.group().split("."))


_REAL_EVENTS = "docs/real-events.md, 'The rules, program by program'"

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
        by_scoring=(("imps", Conventions(incomplete="skip")),),
        sources=(
            _REAL_EVENTS,
            "RealBridge 1.3.6 and 1.3.7 USEBIO pairs files (398/398, 368/368); RealBridge's"
            " PBN teams records keep a board whose other room was lost (596/598)",
        ),
    ),
    ProgramConventions(
        "ScoreBridge",
        r"score\s*bridge",
        Conventions(policy="scorebridge"),
        sources=(_REAL_EVENTS, "ScoreBridge 10.25.02 USEBIO file: 204/204"),
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
        Conventions(factor_totals="field"),
        sources=(_REAL_EVENTS, "Pianola 1.0 cross-IMP USEBIO file with byes: 416/418"),
    ),
    ProgramConventions(
        "Ruter",
        r"ruter",
        Conventions(policy="ruter", cross_imps="total"),
        sources=(
            _REAL_EVENTS,
            "Ruter 4.1.4, 4.3.2.2 and 4.9.1.3 PBN files: matchpoints 2484/2484, cross-IMPs"
            " written as the sum of the IMPs against every other result (3511/3520)",
        ),
    ),
    ProgramConventions(
        "Magic Contest",
        r"magic\s*contest",
        Conventions(policy="wbf"),
        by_scoring=(("butler", Conventions(factor_totals="boards")),),
        sources=(
            _REAL_EVENTS,
            "Magic Contest 4.7 butler PBN with a sit-out each round (totals scaled to every"
            " board: 182/182); Magic Contest France 4.13.3.4 matchpoints (1364/1364)",
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
    """What an event is scored with, and why."""

    conventions: Conventions
    scoring: str
    program: str = ""
    entry: ProgramConventions | None = None
    given: tuple[str, ...] = ()
    """The options the user set on top (``policy``, ``cross_imps``...)."""
    turned_off: bool = False

    @property
    def policy(self) -> str:
        """The matchpoint policy: the program's or the user's, else the scoring's own
        (``acbl`` for ACBL matchpoints, ``wbf`` otherwise)."""
        if self.conventions.policy is not None:
            return self.conventions.policy
        return "acbl" if self.scoring == "acbl" else DEFAULT_POLICY

    @property
    def butler(self) -> str:
        return self.conventions.butler or DEFAULT_BUTLER_PRESET

    @property
    def cross_imps(self) -> str:
        return self.conventions.cross_imps or DEFAULT_CROSS_IMPS

    @property
    def field(self) -> str:
        return self.conventions.field or DEFAULT_FIELD

    def describe(self) -> str:
        """One line: whose conventions, why, and what they change for this scoring."""
        said = self.conventions.items(self.scoring)
        if self.entry is not None:
            head = f"scored as {origin_program(self.program)} scores (the file names it)"
            if not said:
                said = ["the same as bridgescore's defaults"]
        else:
            if self.turned_off:
                why = "--policy none"
            elif not origin_program(self.program):
                why = "the file names no program"
            else:
                why = f"no conventions known for {origin_program(self.program)!r}"
            head = f"scored with bridgescore's defaults ({why})"
            if not said:
                defaults = Conventions(
                    policy=self.policy,
                    butler=DEFAULT_BUTLER_PRESET,
                    cross_imps=DEFAULT_CROSS_IMPS,
                )
                said = defaults.items(self.scoring)
        if self.given:
            said.append(f"as asked: {', '.join(self.given)}")
        return head + (": " + ", ".join(said) if said else "")

    def as_dict(self) -> dict[str, object]:
        """The JSON form ``bridgescore event --json`` prints under ``conventions``."""
        return {
            "program": self.program,
            "known_program": None if self.entry is None else self.entry.name,
            "scoring": self.scoring,
            "policy": self.policy,
            "butler": self.butler,
            "cross_imps": self.cross_imps,
            "factor_totals": self.conventions.factor_totals,
            "field": field_name(self.field),
            "incomplete": self.conventions.incomplete or "raise",
            "given": list(self.given),
            "description": self.describe(),
        }


def choose_conventions(
    program: str,
    scoring: str,
    *,
    policy: str | None = None,
    butler: str | None = None,
    cross_imps: str | None = None,
    factor_totals: bool | str | None = None,
    field: str | None = None,
    incomplete: str | None = None,
) -> Chosen:
    """The conventions of ``program`` for ``scoring``, with the user's options on top.

    ``policy="none"`` turns the program's conventions off: bridgescore's defaults,
    with the other options given.
    """
    turned_off = policy is not None and policy.strip().lower() == NO_CONVENTIONS
    entry = None if turned_off else program_conventions(program)
    base = Conventions() if entry is None else entry.for_scoring(scoring)
    asked: dict[str, object] = {}
    given: list[str] = []
    for name, value in (
        ("policy", None if turned_off else policy),
        ("butler", butler),
        ("cross_imps", cross_imps),
        ("factor_totals", factor_totals),
        ("field", field),
        ("incomplete", incomplete),
    ):
        if value is not None:
            asked[name] = value
            given.append(f"{name.replace('_', '-')} {value}")
    chosen = replace(base, **asked) if asked else base  # type: ignore[arg-type]
    return Chosen(chosen, scoring, program, entry, tuple(given), turned_off)


def program_names() -> Sequence[str]:
    """The programs whose conventions are known."""
    return tuple(entry.name for entry in PROGRAMS)
