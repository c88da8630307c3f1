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
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Final, TypeAlias

from bridgescore.core._tokens import lookup, normalise
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


@dataclass(frozen=True, slots=True)
class MatchpointPolicy:
    """One federation's (or program's) way of matchpointing a board.

    ``decimals`` rounds each board's matchpoints (``None``: exact); ``halves``
    settles values exactly halfway; ``percent_decimals`` does the same for the
    board percentages. ``small_groups`` applies the fixed ACBL percentages to a
    group of one or two results (60 %; 65 / 55 %) and to a group of three that is
    not the largest group on a fouled board (70 / 60 / 50 %).
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
    sources: tuple[str, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "scale", Scale.parse(self.scale))
        object.__setattr__(self, "method", NeubergMethod.parse(self.method))
        object.__setattr__(self, "halves", Halves.parse(self.halves))
        for name in ("average_plus", "average", "average_minus"):
            value = getattr(self, name)
            if isinstance(value, AdjustedCode):
                raise AdjustedScoreError(f"{name}={value!r}: give a percentage")
            object.__setattr__(self, name, parse_award(value))
        for name in ("decimals", "percent_decimals"):
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
        aliases=("scorebridge-manual",),
        title="European scale, the obsolete manual method S_n + (N − n), 60/50/40 %",
        method=NeubergMethod.MANUAL,
        sources=(
            "pjms.nl, 'The manual method' (http://pjms.nl/NEUBERG/manualmethod.html)",
            "ScoreBridge 10.25.02 USEBIO sample "
            "(yewtc/App-BridgeWebs-XMLEditor t/data/sample.xml): "
            "94 of 94 lines follow S_n + (N − n); whether it is a ScoreBridge option: UNVERIFIED",
        ),
    ),
)

MATCHPOINT_POLICIES: Final[Mapping[str, MatchpointPolicy]] = MappingProxyType(
    {p.name: p for p in _POLICIES}
)
"""Every matchpoint policy by name."""

DEFAULT_POLICY: Final = "wbf"
"""The default: the Laws are the WBF's, the seeds use the european scale, and it
reproduces the EBU's and Magic Contest's published figures (19.9 of 20)."""

_POLICY_ALIASES: Final = MappingProxyType(
    {normalise(k): p for p in _POLICIES for k in (p.name, *p.aliases)}
)


def policy_names() -> tuple[str, ...]:
    return tuple(MATCHPOINT_POLICIES)


def get_policy(name: str | MatchpointPolicy = DEFAULT_POLICY) -> MatchpointPolicy:
    """Look up a policy by name or alias (``'wbf'``, ``'ebu'``, ``'acbl'``, ``'exact'``...)."""
    if isinstance(name, MatchpointPolicy):
        return name
    aliases = sorted(a for p in _POLICIES for a in p.aliases)
    shown = f"{', '.join(MATCHPOINT_POLICIES)} (aliases: {', '.join(aliases)})"
    return lookup(
        name, _POLICY_ALIASES, what="matchpoint policy", error=UnknownMethodError, shown=shown
    )


@dataclass(frozen=True, slots=True)
class LineScore:
    """One entry's matchpoints and percentages for each side, rounded per the policy.

    All four are ``None`` for a board not played. ``ns_exact``/``ew_exact`` are the
    matchpoints before rounding.
    """

    entry: Entry
    ns_mp: float | None
    ew_mp: float | None
    ns_percent: float | None
    ew_percent: float | None
    ns_exact: Fraction | None
    ew_exact: Fraction | None


@dataclass(frozen=True, slots=True)
class BoardScore:
    """A board scored under one policy: its top and one :class:`LineScore` per entry."""

    policy: MatchpointPolicy
    expected: int
    top: Fraction
    lines: tuple[LineScore, ...]

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
    expected = board.expected_results
    top = policy.scale.top(expected)
    scores = board.scores
    n = len(scores)

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
        lines.append(
            LineScore(
                entry,
                float(policy.round_points(ns, top)),
                float(policy.round_points(ew, top)),
                float(policy.round_percent(ns_pct)),
                float(policy.round_percent(ew_pct)),
                ns,
                ew,
            )
        )
    return BoardScore(policy, expected, top, tuple(lines))
