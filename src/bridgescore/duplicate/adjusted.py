"""A whole board's results — real scores, artificial adjusted scores, boards not
played — matchpointed under a federation's policy.

An entry of a board is one of:

- an ``int``: the North-South score at that table;
- an :class:`Adjusted` score: an award for each side, either a code
  (``A+`` average plus, ``A`` average, ``A-`` average minus) or a fixed
  percentage for that pair; the sides need not balance (``A+/A-``, ``A+/A+``);
- :data:`NOT_PLAYED`: the board was not played at that table and no score is
  given to either side (the board drops out of those pairs' totals and tops).

Adjusted and not-played rows take no part in the comparisons: the real results
are matchpointed among themselves and brought to the full top of the board by the
policy's Neuberg variant. The full top is that of :attr:`BoardResults.expected`
results (by default every entry, not-played ones included). An ``A+`` is 60 % of
that top, ``A`` 50 %, ``A-`` 40 % — or, under Law 12C2, the pair's percentage on
the other boards of the session when that is better for ``A+`` or worse for
``A-`` (pass it in ``sessions``).

A :class:`MatchpointPolicy` is one federation's (or program's) set of choices:
scale, Neuberg variant, adjusted percentages, rounding. Presets, with their
sources, are in :data:`MATCHPOINT_POLICIES` and ``docs/duplicate.md``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Final, TypeAlias

from bridgescore.core._tokens import lookup, normalise
from bridgescore.core.registry import Registry
from bridgescore.duplicate.imps import DuplicateError, UnknownMethodError
from bridgescore.duplicate.matchpoints import (
    HUNDRED,
    Halves,
    NeubergMethod,
    Scale,
    matchpoints_exact,
    neuberg_scale,
    percentage,
    round_to,
)


class AdjustedScoreError(DuplicateError):
    """An adjusted score that cannot be read: an unknown code, a bad percentage."""


class AdjustedCode(StrEnum):
    """The three artificial adjusted scores of Law 12C2."""

    AVERAGE_PLUS = "A+"
    AVERAGE = "A"
    AVERAGE_MINUS = "A-"

    @classmethod
    def parse(cls, text: str | AdjustedCode) -> AdjustedCode:
        """``A+``, ``A``, ``A-`` (also ``Av+``, ``Ave-``, ``Avg``, ``average plus``...)."""
        if isinstance(text, AdjustedCode):
            return text
        if not isinstance(text, str):
            raise AdjustedScoreError(f"{text!r}: an adjusted score is written as text; {_CODES}")
        found = _CODE_WORDS.get(_fold_code(text))
        if found is None:
            raise AdjustedScoreError(f"{text!r}: not an adjusted score; {_CODES}")
        return found

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"AdjustedCode.{self.name}"


_CODES = (
    "use A+ (average plus), A (average) or A- (average minus), or a percentage such as 45%; "
    "one for each side as A+/A- (also A+A- or A6040), or one for both"
)
_CODE_WORDS: Final = {
    "A+": AdjustedCode.AVERAGE_PLUS,
    "A": AdjustedCode.AVERAGE,
    "A-": AdjustedCode.AVERAGE_MINUS,
    "AVERAGEPLUS": AdjustedCode.AVERAGE_PLUS,
    "AVERAGE": AdjustedCode.AVERAGE,
    "AVERAGEMINUS": AdjustedCode.AVERAGE_MINUS,
}


def _fold_code(text: str) -> str:
    folded = text.strip().upper().replace("−", "-").replace("–", "-").replace(" ", "")
    return re.sub(r"^(AVERAGE|AVG|AVE|AV)(?=[+-]?$)", "A", folded)


Award: TypeAlias = AdjustedCode | Fraction
"""One side's adjusted score: a code, or a fixed percentage (0-100) for that pair."""

_PERCENT_RE = re.compile(r"^(\d+(?:\.\d+)?)%?$")


def parse_award(text: str | int | float | Decimal | Fraction | AdjustedCode) -> Award:
    """A code (``'A+'``) or a percentage (``45``, ``'45%'``, ``Fraction(91, 2)``)."""
    if isinstance(text, AdjustedCode):
        return text
    if isinstance(text, str):
        folded = _fold_code(text)
        if folded in _CODE_WORDS:
            return _CODE_WORDS[folded]
        match = _PERCENT_RE.match(folded)
        if match is None:
            raise AdjustedScoreError(f"{text!r}: not an adjusted score; {_CODES}")
        return _percent(Fraction(match[1]), text)
    if isinstance(text, bool) or not isinstance(text, int | float | Decimal | Fraction):
        raise AdjustedScoreError(f"{text!r}: not an adjusted score; {_CODES}")
    try:
        value = Fraction(str(text)) if isinstance(text, float) else Fraction(text)
    except (ValueError, ArithmeticError):
        raise AdjustedScoreError(f"{text!r}: an adjusted percentage is from 0 to 100") from None
    return _percent(value, text)


def _percent(value: Fraction, shown: object) -> Fraction:
    if not 0 <= value <= 100:
        raise AdjustedScoreError(f"{shown!r}: an adjusted percentage is from 0 to 100")
    return value


def _format_award(award: Award) -> str:
    if isinstance(award, AdjustedCode):
        return award.value
    text = (
        str(award)
        if award.denominator == 1
        else format(Decimal(award.numerator) / award.denominator, "f")
    )
    return f"{text}%"


@dataclass(frozen=True, slots=True)
class Adjusted:
    """An artificial adjusted score: one award for North-South and one for East-West.

    >>> Adjusted.parse("A+/A-")
    Adjusted(ns=AdjustedCode.AVERAGE_PLUS, ew=AdjustedCode.AVERAGE_MINUS)
    >>> str(Adjusted.parse("A6040")), str(Adjusted.parse("Ave"))
    ('60%/40%', 'A/A')
    """

    ns: Award
    ew: Award

    def __post_init__(self) -> None:
        object.__setattr__(self, "ns", parse_award(self.ns))
        object.__setattr__(self, "ew", parse_award(self.ew))

    @classmethod
    def parse(cls, text: str) -> Adjusted:
        """``A+/A-``, ``A+ A-``, ``A+A-``, ``A6040`` (USEBIO), ``60/40``, ``A+/45%``;
        a single award (``A``, ``A+``, ``55%``) is given to both sides."""
        if not isinstance(text, str):
            raise AdjustedScoreError(f"{text!r}: an adjusted score is written as text; {_CODES}")
        folded = text.strip().upper().replace("−", "-").replace("–", "-")
        usebio = re.fullmatch(r"A(\d\d)(\d\d)", folded)
        if usebio:
            return cls(Fraction(int(usebio[1])), Fraction(int(usebio[2])))
        parts = [p for p in re.split(r"[\s/,;]+", folded) if p]
        if len(parts) == 1:
            codes = re.fullmatch(
                r"((?:AVERAGE|AVG|AVE|AV|A)[+-]?)((?:AVERAGE|AVG|AVE|AV|A)[+-]?)", parts[0]
            )
            if codes:
                parts = [codes[1], codes[2]]
        try:
            if len(parts) == 1:
                award = parse_award(parts[0])
                return cls(award, award)
            if len(parts) == 2:
                return cls(parse_award(parts[0]), parse_award(parts[1]))
        except AdjustedScoreError:
            pass
        raise AdjustedScoreError(f"{text!r}: not an adjusted score; {_CODES}")

    def __str__(self) -> str:
        return f"{_format_award(self.ns)}/{_format_award(self.ew)}"


@dataclass(frozen=True, slots=True)
class NotPlayed:
    """The board was not played at this table: no score for either side."""

    def __str__(self) -> str:
        return "NP"

    def __repr__(self) -> str:
        return "NotPlayed()"


NOT_PLAYED: Final = NotPlayed()

Entry: TypeAlias = int | Adjusted | NotPlayed
"""One table's line on a board: a NS score, an adjusted score, or not played."""

_NOT_PLAYED_WORDS = frozenset({"NP", "NOTPLAYED", "NOPLAY", "UNPLAYED"})
_SCORE_RE = re.compile(r"^[+-]?\d+$")


def parse_entry(text: str) -> Entry:
    """A traveller line's score: ``'420'``, ``'-50'``, ``'A+/A-'``, ``'A6040'``, ``'NP'``.

    >>> parse_entry("+420"), parse_entry("A+A-"), parse_entry("not played")
    (420, Adjusted(ns=AdjustedCode.AVERAGE_PLUS, ew=AdjustedCode.AVERAGE_MINUS), NotPlayed())
    """
    if not isinstance(text, str):
        raise AdjustedScoreError(f"{text!r}: a board entry is written as text")
    folded = text.strip().replace("−", "-").replace("–", "-")
    if _SCORE_RE.match(folded):
        return int(folded)
    if normalise(folded) in _NOT_PLAYED_WORDS:
        return NOT_PLAYED
    try:
        return Adjusted.parse(folded)
    except AdjustedScoreError:
        raise AdjustedScoreError(
            f"{text!r}: not a board entry; write a NS score (420, -50), NP for not played, "
            f"or an adjusted score: {_CODES}"
        ) from None


def _check_entry(entry: object) -> Entry:
    if isinstance(entry, Adjusted | NotPlayed):
        return entry
    if isinstance(entry, int) and not isinstance(entry, bool):
        return entry
    raise DuplicateError(
        f"{entry!r}: a board entry is a NS score (int), an Adjusted score or NOT_PLAYED"
    )


@dataclass(frozen=True, slots=True)
class BoardResults:
    """Every table's entry for one board, and how many results the board should have.

    ``expected`` (N for Neuberg) defaults to the number of entries; give it when the
    board was scheduled at more tables than it has entries (a sit-out, a late table).
    """

    entries: tuple[Entry, ...]
    expected: int | None = None

    def __post_init__(self) -> None:
        entries = self.entries
        if isinstance(entries, str | bytes) or not isinstance(entries, Sequence):
            raise DuplicateError(f"{entries!r}: a board's entries are a sequence")
        checked = tuple(_check_entry(e) for e in entries)
        object.__setattr__(self, "entries", checked)
        n = self.expected
        if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < len(checked)):
            raise DuplicateError(
                f"expected={n!r}: the expected number of results is a whole number "
                f"no smaller than the board's {len(checked)} entries"
            )

    @property
    def expected_results(self) -> int:
        """N: the results the board should have had (the top is that of N results)."""
        return len(self.entries) if self.expected is None else self.expected

    @property
    def scores(self) -> tuple[int, ...]:
        """The real NS scores, in order (adjusted and not-played rows left out)."""
        return tuple(e for e in self.entries if isinstance(e, int))


class BoardTop(StrEnum):
    """Which top a board is scored to."""

    FIELD = "field"
    """The top of the expected results: a board with fewer real results is brought
    there by the policy's Neuberg method (the Laws, and most programs)."""
    RESULTS = "results"
    """The top of the board's own real results: no scaling; an adjusted score is a
    percentage of that top (BriAn 213)."""

    @classmethod
    def parse(cls, text: str | BoardTop) -> BoardTop:
        if isinstance(text, BoardTop):
            return text
        return lookup(
            text, _BOARD_TOPS, what="board top", error=UnknownMethodError,
            shown="field (Neuberg to the expected results) or results (no scaling)",
        )  # fmt: skip

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"BoardTop.{self.name}"


_BOARD_TOPS: Final = {"FIELD": BoardTop.FIELD, "RESULTS": BoardTop.RESULTS}


class MissingResults(StrEnum):
    """How a board with fewer lines than expected (a table that did not play it, not an
    adjusted score) is shown on its traveller."""

    NEUBERG = "neuberg"
    """Like any other board: brought to the full top on the traveller too."""
    RAW_TRAVELLER = "raw-traveller"
    """The traveller shows the raw matchpoints at the board's own top; the totals count
    the Neuberg percentage, rounded to ``percent_decimals``, as matchpoints of the full
    top rounded to ``total_decimals`` (Compscore 3)."""

    @classmethod
    def parse(cls, text: str | MissingResults) -> MissingResults:
        if isinstance(text, MissingResults):
            return text
        return lookup(
            text, _MISSING, what="missing-results rule", error=UnknownMethodError,
            shown="neuberg or raw-traveller",
        )  # fmt: skip

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"MissingResults.{self.name}"


_MISSING: Final = {"NEUBERG": MissingResults.NEUBERG, "RAWTRAVELLER": MissingResults.RAW_TRAVELLER}


@dataclass(frozen=True, slots=True)
class MatchpointPolicy:
    """One federation's (or program's) way of matchpointing a board.

    ``decimals`` rounds each board's matchpoints (``None``: exact); ``halves``
    settles values exactly halfway; ``percent_decimals`` does the same for the
    board percentages. ``small_groups`` applies the fixed ACBL percentages to a
    group of one or two results (60 %; 65 / 55 %) and to a group of three that is
    not the largest group on a fouled board (70 / 60 / 50 %).

    What a pairs event adds up: ``total_decimals`` (when set) is the precision of the
    board matchpoints counted in a pair's total, when it differs from the shown
    figures (Compscore shows 0.1 and counts 0.01); ``session_decimals`` rounds a pair's
    session percentage (and its total), halves as ``halves`` says (``None``: not
    rounded); ``exact_totals`` and ``exact_percentages`` compute a pair's total and
    session percentage from the exact matchpoints rather than the counted ones;
    ``factor_totals`` scales the total of a pair that played fewer boards than the most
    any pair of its field played up to that number of boards. ``top`` and
    ``missing_results`` say which top a short board is scored to and shown at.
    """

    name: str
    aliases: tuple[str, ...]
    title: str
    scale: Scale = Scale.EUROPEAN
    method: NeubergMethod = NeubergMethod.NEUBERG
    average_plus: Fraction = Fraction(60)
    average: Fraction = Fraction(50)
    average_minus: Fraction = Fraction(40)
    session_rule: bool = True
    decimals: int | None = None
    halves: Halves = Halves.AWAY_FROM_ZERO
    percent_decimals: int | None = 2
    small_groups: bool = False
    top: BoardTop = BoardTop.FIELD
    missing_results: MissingResults = MissingResults.NEUBERG
    total_decimals: int | None = None
    session_decimals: int | None = 2
    exact_totals: bool = False
    exact_percentages: bool = False
    factor_totals: bool = False
    sources: tuple[str, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "scale", Scale.parse(self.scale))
        object.__setattr__(self, "method", NeubergMethod.parse(self.method))
        object.__setattr__(self, "halves", Halves.parse(self.halves))
        object.__setattr__(self, "top", BoardTop.parse(self.top))
        object.__setattr__(self, "missing_results", MissingResults.parse(self.missing_results))
        for name in ("average_plus", "average", "average_minus"):
            value = getattr(self, name)
            if isinstance(value, AdjustedCode):
                raise AdjustedScoreError(f"{name}={value!r}: give a percentage")
            object.__setattr__(self, name, parse_award(value))
        for name in ("decimals", "percent_decimals", "total_decimals", "session_decimals"):
            value = getattr(self, name)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or value < 0
            ):
                raise DuplicateError(
                    f"{name}={value!r}: a number of decimals is 0 or more, or None"
                )

    def award_percent(self, award: Award, session: Fraction | None = None) -> Fraction:
        """The percentage an award is worth; ``session`` is the pair's percentage on
        the other boards of the session, used under Law 12C2 when it is better for
        ``A+`` (worse for ``A-``) and the policy's ``session_rule`` is on."""
        if not isinstance(award, AdjustedCode):
            return award
        if award is AdjustedCode.AVERAGE:
            return self.average
        plus = award is AdjustedCode.AVERAGE_PLUS
        fixed = self.average_plus if plus else self.average_minus
        if session is None or not self.session_rule:
            return fixed
        own = parse_award(session)
        if isinstance(own, AdjustedCode):
            raise AdjustedScoreError(f"{session!r}: a session percentage is a number")
        return max(fixed, own) if plus else min(fixed, own)

    def round_points(self, value: Fraction, top: Fraction) -> Fraction:
        """Round a board's matchpoints as the policy says (halves toward ``top / 2``
        under :attr:`Halves.TOWARD_AVERAGE`)."""
        if self.decimals is None:
            return value
        return round_to(value, Fraction(1, 10**self.decimals), self.halves, average=top / 2)

    def round_percent(self, value: Fraction) -> Fraction:
        if self.percent_decimals is None:
            return value
        step = Fraction(1, 10**self.percent_decimals)
        return round_to(value, step, self.halves, average=HUNDRED / 2)

    def count_points(self, value: Fraction, shown: Fraction, top: Fraction) -> Fraction:
        """The matchpoints a board adds to a pair's total: ``shown`` (the policy's rounded
        figure), or ``value`` rounded to :attr:`total_decimals` when that is set."""
        if self.total_decimals is None:
            return shown
        step = Fraction(1, 10**self.total_decimals)
        return round_to(value, step, self.halves, average=top / 2)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"get_policy({self.name!r})"


_LAW_12C2 = (
    "Law 12C2: average plus at least 60 %, average 50 %, average minus at most 40 % of the "
    "available matchpoints; a pair scoring more than 60 % (less than 40 %) on the other "
    "boards of the session gets that percentage (WBFLC minutes 1998-08-30 #1, quoted at "
    "https://groups.google.com/g/rec.games.bridge/c/FNgH69hlmH8)"
)

_POLICIES = (
    MatchpointPolicy(
        name="wbf",
        aliases=("international", "magic-contest"),
        title="WBF: european scale, Neuberg, 60/50/40 %, board scores rounded to 0.1 MP",
        decimals=1,
        sources=(
            _LAW_12C2,
            "Neuberg adopted by the WBF and ACBL in 1991 (I. McKinnon, 'On Neuberg', 2019, "
            "https://docslib.org/doc/6344901/on-neuberg-ian-mckinnon-september-2019)",
            "Magic Contest, 'Number of decimals' "
            "(https://magicscoring.com/scoring/matchpoints/decimals/): 'WBF scoring (always 1 "
            "decimal). All board scores are rounded as early as possible to one decimal place.'",
            "Magic Contest PBN (lucbellicaud/bridgetrainer Boards/Pbns/test_set.pbn, board with "
            "A-/A+ of 22 tables): 42.0, 39.9, 18.9 ... and A- 16.8 / A+ 25.2 MP",
        ),
        notes=(
            "Halves go up on each side independently: Magic Contest's rounding page "
            "(http://www.brenning.se/mcscrounding.asp) says NS + EW can exceed the top under "
            "WBF rules, which rounding halves toward the average would prevent. The WBF's own "
            "text of the rule was not found: UNVERIFIED.",
        ),
    ),
    MatchpointPolicy(
        name="ebu",
        aliases=("ebuscore", "english"),
        title="EBU: european scale, Neuberg, 60/50/40 %, board scores rounded to 0.01 MP",
        decimals=2,
        sources=(
            _LAW_12C2,
            "EBU forum, 'Programming Arbitrary Scores' "
            "(https://www.ebu.co.uk/forum/discussion/comment/7177/): Ave+ 60 %, Ave 50 %, "
            "Ave- 40 % of the board's full top; artificial scores are not in the Neuberg "
            "calculation; the other results are Neubergged",
            "M. Bavin, 'The Neuberg formula' (EBU Laws & Ethics, "
            "http://www.ebu.co.uk/lawsandethics/articles/neuberg/principle.htm)",
            "EBUScore Pairs 1.2.20 USEBIO (Watford and Bushey BC, 02/01/2025): 5.375 -> 5.38, "
            "26.625 -> 26.63, 22.375 -> 22.38, 9.625 -> 9.63 (NS + EW = 32.01, top 32); "
            "EBUScore Pairs 1.2.24 (Allestree BC, 02/01/2025) board 18: 13.86, 10.43, 4.71 ...",
        ),
        notes=(
            "Bavin's worked examples print one decimal (19.9); the EBU's own program writes "
            "two, rounding halves up on each side, which this preset follows. '.05 toward "
            "average' was not found in any source.",
        ),
    ),
    MatchpointPolicy(
        name="acbl",
        aliases=("acblscore", "american"),
        title="ACBL: 1 and ½ per comparison, Neuberg, 60/50/40 %, fixed % for tiny groups",
        scale=Scale.ACBL,
        decimals=2,
        small_groups=True,
        sources=(
            _LAW_12C2,
            "seed 001 'Puntuación de Matchpoint', Nota 1: one point per pair beaten, half per tie",
            "ASE Computing help, 'Average and adjusted scores' "
            "(http://asecomputing.com/HelpFiles/handleaveragescores.htm), citing the ACBL "
            "Bulletin of June 1991 pp. 15-16: M = N·S/n + (N − n)/2n (Neuberg) for groups of 4 "
            "or more, and for 3 if it is the largest group (else 70/60/50 %); a group of 2 "
            "gets 65 % and 55 %; a single score 60 %; equal scores share",
        ),
        notes=(
            "Two decimals and halves up are UNVERIFIED for ACBLscore (no source found); the "
            "small-group percentages come from a second-hand source (ASE Computing), "
            "UNVERIFIED against ACBLscore itself.",
        ),
    ),
    MatchpointPolicy(
        name="exact",
        aliases=(),
        title="European scale, Neuberg, 60/50/40 %, no rounding at all",
        sources=(_LAW_12C2,),
    ),
    MatchpointPolicy(
        name="manual",
        aliases=("scorebridge-manual", "scorebridge"),
        title="European scale, the obsolete manual method S_n + (N − n), 60/50/40 %",
        method=NeubergMethod.MANUAL,
        sources=(
            "pjms.nl, 'The manual method' (http://pjms.nl/NEUBERG/manualmethod.html)",
            "ScoreBridge 10.25.02 USEBIO sample "
            "(yewtc/App-BridgeWebs-XMLEditor t/data/sample.xml): "
            "94 of 94 lines (188 figures) and 8 of 8 percentages and places follow "
            "S_n + (N − n); whether it is a ScoreBridge option: UNVERIFIED",
        ),
        notes=(
            "The alias 'scorebridge' names the one ScoreBridge file we have (10.25.02); a "
            "ScoreBridge 10.24.09 file seen by the data curator followed Neuberg instead.",
        ),
    ),
    MatchpointPolicy(
        name="ruter",
        aliases=("ruter4",),
        title="Ruter: wbf boards (0.1 MP), totals and percentages from the exact matchpoints",
        decimals=1,
        exact_totals=True,
        exact_percentages=True,
        session_decimals=None,
        sources=(
            _LAW_12C2,
            "Ruter 4.9.1.3 PBN (rkcb/pbnparser sm1.pbn, sm2.pbn): every MP_NS/MP_EW is the "
            "wbf figure (0.1, halves up; A+ 60 %); TotalScoreMP is the exact total written "
            "to 0.1 and TotalPercentage the exact percentage to 0.01 (pair 30: 1126.63 MP "
            "-> 1126.6 and 50.21 %, where the 0.1-MP figures give 50.20 %), so two pairs "
            "with 1094.4 and 1094.3 rank 22nd and 23rd (48.77 %, 48.76 %)",
            "Ruter 4.1.4 individual PBN (rkcb/pbnparser indi.pbn): the same for each "
            "player; an A+ is 60 % for every player below 60 % on the session",
        ),
        notes=(
            "Totals and percentages are left unrounded here (session_decimals=None): "
            "Ruter writes 0.1 and 0.01 from the exact values, and rounding to 0.01 first "
            "would round 694.545 to 694.55 and then 694.6 instead of 694.5.",
        ),
    ),
    MatchpointPolicy(
        name="compscore",
        aliases=("compscore3",),
        title="Compscore 3: Neuberg, traveller to 0.1 (halves to even), totals of 0.01 MP, "
        "raw travellers for missing tables, totals factored",
        decimals=1,
        halves=Halves.EVEN,
        missing_results=MissingResults.RAW_TRAVELLER,
        total_decimals=2,
        exact_percentages=True,
        factor_totals=True,
        sources=(
            _LAW_12C2,
            "Compscore3 USEBIO files in abftech/cobalt results/tests/test_files "
            "(mp_pairs_mitchell.xml, _howell, _03, _04, _adjusted_02): on a board with "
            "adjusted scores the traveller shows Neuberg to one decimal, halves to the even "
            "tenth (12.65 -> 12.6, 18.95 -> 19.0, 6.35 -> 6.4); a board a table did not "
            "play shows raw matchpoints (top 34 of 36) while the totals count it "
            "Neuberg-scaled through its percentage to 0.01 % (99.8457 % -> 99.85 % -> "
            "35.95 of 36); TOTAL_SCORE has two decimals and is scaled up to the field's "
            "board count for a pair that missed boards (555 over 26 boards -> 576.35 over "
            "27); PERCENTAGE is the exact percentage",
        ),
        notes=(
            "The percentage-first rounding of a missing table's board rests on the six "
            "figures of one board (mp_pairs_mitchell.xml board 15); other files do not "
            "tell it apart from plain rounding.",
        ),
    ),
    MatchpointPolicy(
        name="realbridge",
        aliases=(),
        title="RealBridge: as ebu, but halves go to the even hundredth",
        decimals=2,
        halves=Halves.EVEN,
        sources=(
            _LAW_12C2,
            "RealBridge 1.3.6 USEBIO (jacquicollier/ukbridge-club-website "
            "public/usebio/00202217+001532.xml, Abbeygate BC 06/01/2025): pair 7's "
            "154/320 = 48.125 % is written 48.12 while 47.1875 is 47.19: halves to the even "
            "hundredth (banker's rounding); every other figure of that file and of the "
            "RealBridge 1.3.7 payload (168 lines) agrees with wbf and ebu alike",
        ),
        notes=(
            "Neither RealBridge file has an adjusted score or a board some table did not "
            "play, so the Neuberg and adjusted-score parts of this preset are the Laws', "
            "UNVERIFIED for RealBridge; the even halves rest on one percentage.",
        ),
    ),
    MatchpointPolicy(
        name="brian",
        aliases=("brian213",),
        title="BriAn 213: no Neuberg; each board at the top of its real results",
        decimals=2,
        top=BoardTop.RESULTS,
        session_decimals=None,
        sources=(
            "BriAn 213 USEBIO 1.0 (jacquicollier/ukbridge-club-website, payload "
            "usebio-and-pbn, Welwyn Garden City BC 09/04/2025): the board with an A5050 is "
            "matchpointed among its 5 real results (top 8, 8/6/4/2/0 MP), the A5050 is "
            "4/4; PERCENTAGE = MP / sum of the tops of the boards played (129/208 = "
            "62.01923 %), written as a single-precision float",
        ),
        notes=(
            "One file, one adjusted board: whether BriAn ever applies Neuberg (a board a "
            "table did not play) is UNVERIFIED. HANDICAP is 0.0 for every pair there.",
        ),
    ),
)

MATCHPOINT_POLICY_REGISTRY: Final = Registry(
    "matchpoint policy", UnknownMethodError, _POLICIES, default="wbf"
)
"""Every matchpoint policy by name and alias."""

MATCHPOINT_POLICIES: Final[Mapping[str, MatchpointPolicy]] = MATCHPOINT_POLICY_REGISTRY.mapping()
"""Every matchpoint policy by name."""

DEFAULT_POLICY: Final = MATCHPOINT_POLICY_REGISTRY.default
"""The default: the Laws are the WBF's, the seeds use the european scale, and it
reproduces the EBU's and Magic Contest's published figures (19.9 of 20)."""


def policy_names() -> tuple[str, ...]:
    return MATCHPOINT_POLICY_REGISTRY.names()


def get_policy(name: str | MatchpointPolicy = DEFAULT_POLICY) -> MatchpointPolicy:
    """Look up a policy by name or alias (``'wbf'``, ``'ebu'``, ``'acbl'``, ``'exact'``...)."""
    if isinstance(name, MatchpointPolicy):
        return name
    return MATCHPOINT_POLICY_REGISTRY.get(name)


@dataclass(frozen=True, slots=True)
class LineScore:
    """One entry's matchpoints and percentages for each side, rounded per the policy.

    All are ``None`` for a board not played. ``ns_exact``/``ew_exact`` are the
    matchpoints before rounding, at the board's full top; ``ns_counted``/``ew_counted``
    what the line adds to each pair's total (the shown matchpoints, or as the policy's
    ``total_decimals`` and ``missing_results`` say).
    """

    entry: Entry
    ns_mp: float | None
    ew_mp: float | None
    ns_percent: float | None
    ew_percent: float | None
    ns_exact: Fraction | None
    ew_exact: Fraction | None
    ns_counted: Fraction | None = None
    ew_counted: Fraction | None = None


@dataclass(frozen=True, slots=True)
class BoardScore:
    """A board scored under one policy: its top and one :class:`LineScore` per entry.

    ``top`` is the board's full top (what the totals count); ``traveller_top`` the top
    of the figures shown, when it differs (a raw traveller, Compscore).
    """

    policy: MatchpointPolicy
    expected: int
    top: Fraction
    lines: tuple[LineScore, ...]
    traveller_top: Fraction | None = None

    @property
    def shown_top(self) -> Fraction:
        return self.top if self.traveller_top is None else self.traveller_top

    @property
    def ns_mp(self) -> list[float | None]:
        return [line.ns_mp for line in self.lines]

    @property
    def ew_mp(self) -> list[float | None]:
        return [line.ew_mp for line in self.lines]

    @property
    def ns_percent(self) -> list[float | None]:
        return [line.ns_percent for line in self.lines]

    @property
    def ew_percent(self) -> list[float | None]:
        return [line.ew_percent for line in self.lines]


_SMALL_GROUPS: Final = {
    1: (Fraction(60),),
    2: (Fraction(65), Fraction(55)),
    3: (Fraction(70), Fraction(60), Fraction(50)),
}


def _small_group_percent(scores: Sequence[int]) -> list[Fraction]:
    """Fixed percentages by rank (best first); equal scores share their places' average."""
    table = _SMALL_GROUPS[len(scores)]
    ordered = sorted(scores, reverse=True)
    out = []
    for score in scores:
        places = [i for i, s in enumerate(ordered) if s == score]
        out.append(sum((table[i] for i in places), Fraction(0)) / len(places))
    return out


Sessions: TypeAlias = Mapping[int, tuple[Fraction | None, Fraction | None]]
"""Entry index → (NS pair's, EW pair's) percentage on the other boards of the session."""


def score_board(
    board: BoardResults | Sequence[Entry],
    policy: str | MatchpointPolicy = DEFAULT_POLICY,
    *,
    sessions: Sessions | None = None,
) -> BoardScore:
    """Matchpoint every entry of one board: NS and EW matchpoints and percentages.

    >>> board = BoardResults((430, 400, -50, Adjusted.parse("A+/A-")))
    >>> scored = score_board(board, "wbf")
    >>> scored.top, scored.ns_mp, scored.ew_mp
    (Fraction(6, 1), [5.7, 3.0, 0.3, 3.6], [0.3, 3.0, 5.7, 2.4])
    """
    return _score_group(board, get_policy(policy), sessions or {}, largest=True)


def score_fouled_board(
    groups: Sequence[Sequence[Entry]],
    policy: str | MatchpointPolicy = DEFAULT_POLICY,
    *,
    expected: int | None = None,
    sessions: Sequence[Sessions] | None = None,
) -> list[BoardScore]:
    """A fouled board: each group of entries scored on its own, all to the top of
    ``expected`` results (by default every entry of every group)."""
    if isinstance(groups, str | bytes) or not isinstance(groups, Sequence):
        raise DuplicateError(f"{groups!r}: a fouled board is a sequence of groups of entries")
    boards = [BoardResults(tuple(group)) for group in groups]
    total = sum(len(b.entries) for b in boards) if expected is None else expected
    largest = max((len(b.scores) for b in boards), default=0)
    how = get_policy(policy)
    return [
        _score_group(
            BoardResults(b.entries, total),
            how,
            sessions[i] if sessions else {},
            largest=len(b.scores) == largest,
        )
        for i, b in enumerate(boards)
    ]


def _score_group(
    board: BoardResults | Sequence[Entry],
    policy: MatchpointPolicy,
    sessions: Sessions,
    *,
    largest: bool,
) -> BoardScore:
    if not isinstance(board, BoardResults):
        board = BoardResults(tuple(board))
    if (
        policy.missing_results is MissingResults.RAW_TRAVELLER
        and policy.top is BoardTop.FIELD
        and board.expected_results > len(board.entries)
        and board.scores
    ):
        return _raw_traveller(board, policy, sessions, largest=largest)
    scores = board.scores
    n = len(scores)
    expected = n if policy.top is BoardTop.RESULTS else board.expected_results
    top = policy.scale.top(expected)

    ns_real: list[Fraction] = []
    ew_real: list[Fraction] = []
    if n and policy.small_groups and n < expected and (n <= 2 or (n == 3 and not largest)):
        ns_real = [top * p / HUNDRED for p in _small_group_percent(scores)]
        ew_real = [top * p / HUNDRED for p in _small_group_percent([-s for s in scores])]
    elif n:
        raw = matchpoints_exact(scores, policy.scale)
        ns_real = [neuberg_scale(r, n, expected, policy.scale, policy.method) for r in raw]
        ew_real = [top - mp for mp in ns_real]

    lines = []
    real = iter(zip(ns_real, ew_real, strict=True))
    for index, entry in enumerate(board.entries):
        if isinstance(entry, NotPlayed):
            lines.append(LineScore(entry, None, None, None, None, None, None))
            continue
        if isinstance(entry, Adjusted):
            ns_session, ew_session = sessions.get(index, (None, None))
            ns_pct = policy.award_percent(entry.ns, ns_session)
            ew_pct = policy.award_percent(entry.ew, ew_session)
            ns, ew = top * ns_pct / HUNDRED, top * ew_pct / HUNDRED
        else:
            ns, ew = next(real)
            ns_pct, ew_pct = percentage(ns, top), percentage(ew, top)
        ns_shown, ew_shown = policy.round_points(ns, top), policy.round_points(ew, top)
        lines.append(
            LineScore(
                entry,
                float(ns_shown),
                float(ew_shown),
                float(policy.round_percent(ns_pct)),
                float(policy.round_percent(ew_pct)),
                ns,
                ew,
                policy.count_points(ns, ns_shown, top),
                policy.count_points(ew, ew_shown, top),
            )
        )
    return BoardScore(policy, board.expected_results, top, tuple(lines))


def _raw_traveller(
    board: BoardResults, policy: MatchpointPolicy, sessions: Sessions, *, largest: bool
) -> BoardScore:
    """A board some table did not play, as Compscore scores it: the traveller at the
    board's own top; the totals count the full-top percentage, rounded, as matchpoints."""
    shown = _score_group(BoardResults(board.entries), policy, sessions, largest=largest)
    scaled = _score_group(
        board, replace(policy, missing_results=MissingResults.NEUBERG), sessions, largest=largest
    )
    top = scaled.top
    lines = []
    for own, full in zip(shown.lines, scaled.lines, strict=True):
        if full.ns_exact is None or full.ew_exact is None:
            lines.append(own)
            continue
        ns_pct = policy.round_percent(percentage(full.ns_exact, top))
        ew_pct = policy.round_percent(percentage(full.ew_exact, top))
        lines.append(
            replace(
                own,
                ns_exact=full.ns_exact,
                ew_exact=full.ew_exact,
                ns_counted=policy.count_points(top * ns_pct / HUNDRED, full.ns_exact, top),
                ew_counted=policy.count_points(top * ew_pct / HUNDRED, full.ew_exact, top),
            )
        )
    return BoardScore(policy, board.expected_results, top, tuple(lines), traveller_top=shown.top)
