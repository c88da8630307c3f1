"""Matchpoint policies: one federation's (or program's) way of matchpointing a board,
registered by name with its sources.

A :class:`MatchpointPolicy` is one set of choices: scale, Neuberg variant, adjusted
percentages, rounding, which top a short board is scored to (:class:`BoardTop`) and how
a board some table did not play is shown (:class:`MissingResults`). The presets, with
their sources, are in :data:`MATCHPOINT_POLICY_REGISTRY` (:data:`MATCHPOINT_POLICIES` by
name) and ``docs/duplicate.md``; :func:`get_policy` looks one up by name or alias.
Scoring a board under a policy is :mod:`bridgescore.duplicate.board_scoring`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from typing import Final

from bridgescore.core._tokens import lookup
from bridgescore.core.registry import Registry
from bridgescore.duplicate.entries import AdjustedCode, AdjustedScoreError, Award, parse_award
from bridgescore.duplicate.imps import DuplicateError, UnknownMethodError
from bridgescore.duplicate.matchpoints import (
    HUNDRED,
    Halves,
    NeubergMethod,
    Scale,
    decimal_step,
    round_to,
)
from bridgescore.errors import marked as _

_FIFTY: Final = HUNDRED / 2
"""A board percentage's average: halves rounded toward it go toward 50 %."""


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
            text, _BOARD_TOPS, what=_("board top"), error=UnknownMethodError,
            shown=_("field (Neuberg to the expected results) or results (no scaling)"),
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
            text, _MISSING, what=_("missing-results rule"), error=UnknownMethodError,
            shown=_("neuberg or raw-traveller"),
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

    ``tie_break`` ranks pairs with equal totals on the other sum of their board scores:
    the sum of the rounded figures when the total is exact (Ruter), the exact sum when it
    is counted from rounded figures (Magic Contest).

    ``percent_of_shown`` takes a line's board percentage from its rounded matchpoints
    rather than the exact ones (KoPS: 31.476 MP is shown 31.48 and counted 75.0 %).

    ``plus_minus`` shows each board's matchpoints as the points above or below the
    board's average (Ruter's ± scale: on the european scale each result scores its wins
    minus its losses, +4 / 0 / −4 on a board of five results) and totals them the same
    way, so a pair's total may be negative. Only the shown figures and the totals move:
    the board is matchpointed, Neuberg-scaled, awarded (A+ 60 % is +0.2 per comparison
    the full board has) and rounded on the 0-to-top scale, then the average (top / 2, a
    whole number on the european scale) is taken off, and percentages are the usual ones.
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
    plus_minus: bool = False
    tie_break: bool = False
    percent_of_shown: bool = False
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
                raise AdjustedScoreError(
                    _("{name}={value!r}: give a percentage", name=name, value=value)
                )
            object.__setattr__(self, name, parse_award(value))
        for name in ("decimals", "percent_decimals", "total_decimals", "session_decimals"):
            value = getattr(self, name)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or value < 0
            ):
                raise DuplicateError(
                    _(
                        "{name}={value!r}: a number of decimals is 0 or more, or None",
                        name=name,
                        value=value,
                    )
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
            raise AdjustedScoreError(
                _("{session!r}: a session percentage is a number", session=session)
            )
        return max(fixed, own) if plus else min(fixed, own)

    def round_points(self, value: Fraction, top: Fraction) -> Fraction:
        """Round a board's matchpoints as the policy says (halves toward ``top / 2``
        under :attr:`Halves.TOWARD_AVERAGE`)."""
        if self.decimals is None:
            return value
        step = decimal_step(self.decimals)
        return round_to(value, step, self.halves, average=self._board_average(top))

    def round_percent(self, value: Fraction) -> Fraction:
        if self.percent_decimals is None:
            return value
        return round_to(value, decimal_step(self.percent_decimals), self.halves, average=_FIFTY)

    def count_points(self, value: Fraction, shown: Fraction, top: Fraction) -> Fraction:
        """The matchpoints a board adds to a pair's total: ``shown`` (the policy's rounded
        figure), or ``value`` rounded to :attr:`total_decimals` when that is set."""
        if self.total_decimals is None:
            return shown
        step = decimal_step(self.total_decimals)
        return round_to(value, step, self.halves, average=self._board_average(top))

    def _board_average(self, top: Fraction) -> Fraction | None:
        """The board's average, ``top / 2``, for rounding halves toward it; ``None`` (not
        worked out, once for every figure of every board) when halves go another way."""
        return top / 2 if self.halves is Halves.TOWARD_AVERAGE else None

    def shown(self, points: Fraction, top: Fraction) -> Fraction:
        """A board's (rounded) matchpoints as the policy shows them: as they are, or
        less the board's average under :attr:`plus_minus`."""
        return points - top / 2 if self.plus_minus else points

    def on_scale(self, *, plus_minus: bool) -> MatchpointPolicy:
        """This policy with its figures shown on the ± scale (``plus_minus=True``) or
        from 0 to the top."""
        return self if self.plus_minus is plus_minus else replace(self, plus_minus=plus_minus)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        shown = f"get_policy({self.name!r})"
        return f"{shown}.on_scale(plus_minus=True)" if self.plus_minus else shown


_LAW_12C2 = (
    "Law 12C2: average plus at least 60 %, average 50 %, average minus at most 40 % of the "
    "available matchpoints; a pair scoring more than 60 % (less than 40 %) on the other "
    "boards of the session gets that percentage (WBFLC minutes 1998-08-30 #1, quoted at "
    "https://groups.google.com/g/rec.games.bridge/c/FNgH69hlmH8)"
)

_POLICIES = (
    MatchpointPolicy(
        name="wbf",
        aliases=("international",),
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
        name="magic-contest",
        aliases=("magic", "magiccontest"),
        title="Magic Contest: wbf, equal totals ranked on the unrounded matchpoints",
        decimals=1,
        tie_break=True,
        sources=(
            _LAW_12C2,
            "Magic Contest, 'Number of decimals'"
            " (https://magicscoring.com/scoring/matchpoints/decimals/): WBF scoring, board"
            " scores rounded to one decimal",
            "issue 25: a Magic Contest file places 593.238 MP before 593.229 MP (both written"
            " 593.2): 31st and 32nd, not 31= twice",
        ),
        notes=(
            "The tie-break rests on one pair of places in one file (not in the test data);"
            " the Magic Contest France file in the test data has no equal totals.",
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
            "“Puntuación de puente” 'Puntuación de Matchpoint', Nota 1: one point per pair beaten,"
            " half per tie",
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
        tie_break=True,
        small_groups=True,
        sources=(
            _LAW_12C2,
            "Ruter 4.1.4 individual PBN (rkcb/pbnparser indi.pbn): players 8 and 13 both have"
            " 683.036 MP (683.0 and 50.08 % written for both) and are placed 23rd and 24th:"
            " the sums of their 0.1-MP board scores are 683.1 and 683.0",
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
    MatchpointPolicy(
        name="kops",
        aliases=("kops2",),
        title="KoPS: Neuberg to 0.01 MP, each line's percentage from its rounded matchpoints",
        decimals=2,
        percent_of_shown=True,
        sources=(
            _LAW_12C2,
            "issue 25: a KoPS (Polish) file writes 31.476 MP as 31.48 and that line's"
            " percentage as 75.0 % (31.48 of 42, to 0.1), where the exact figure gives 74.94 %",
        ),
        notes=(
            "One line of one file (not in the test data): how KoPS rounds totals and"
            " session percentages is UNVERIFIED; the self-check says when a file's figures"
            " disagree.",
        ),
    ),
)

MATCHPOINT_POLICY_REGISTRY: Final = Registry(
    _("matchpoint policy"), UnknownMethodError, _POLICIES, default="wbf"
)
"""Every matchpoint policy by name and alias."""

MATCHPOINT_POLICIES: Final[Mapping[str, MatchpointPolicy]] = MATCHPOINT_POLICY_REGISTRY.mapping()
"""Every matchpoint policy by name."""

DEFAULT_POLICY: Final = MATCHPOINT_POLICY_REGISTRY.default
"""The default: the Laws are the WBF's, the two texts use the european scale, and it
reproduces the EBU's and Magic Contest's published figures (19.9 of 20)."""


def policy_names() -> tuple[str, ...]:
    return MATCHPOINT_POLICY_REGISTRY.names()


def get_policy(name: str | MatchpointPolicy = DEFAULT_POLICY) -> MatchpointPolicy:
    """Look up a policy by name or alias (``'wbf'``, ``'ebu'``, ``'acbl'``, ``'exact'``...)."""
    if isinstance(name, MatchpointPolicy):
        return name
    return MATCHPOINT_POLICY_REGISTRY.get(name)
