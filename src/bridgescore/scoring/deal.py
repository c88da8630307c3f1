"""The score of one deal, element by element.

The elements are "Puntuación de puente"'s ("Elementos de puntuación"): contract
points, overtrick points, slam bonus, the bonus for making a doubled or
redoubled contract ("insult"), penalty points for undertricks, and the duplicate
game or partscore bonus. Honours and the rubber bonus belong to the score sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from bridgescore.core.contract import Contract, PassedOut, TableResult, parse_contract
from bridgescore.core.seats import Seat, Side
from bridgescore.core.strains import Doubling, Strain
from bridgescore.core.vulnerability import BoardInfo, Vulnerability
from bridgescore.errors import BridgeInputError, ResultError, VulnerabilityError
from bridgescore.errors import marked as _
from bridgescore.laws.lawsets import DEFAULT_LAW_SET, LawSet, get_laws


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """A deal's score, by element, from the declaring side's point of view.

    All elements are non-negative; ``undertrick_penalty`` is what the defenders
    win, so :attr:`total` is negative when the contract is defeated.
    """

    result: TableResult
    vulnerable: bool
    laws: str
    contract_points: int = 0
    overtrick_points: int = 0
    slam_bonus: int = 0
    insult_bonus: int = 0
    game_bonus: int = 0
    partscore_bonus: int = 0
    undertrick_penalty: int = 0

    @property
    def total(self) -> int:
        """The declaring side's points (duplicate): negative when defeated."""
        return self.made_points - self.undertrick_penalty

    @property
    def made_points(self) -> int:
        return (
            self.contract_points
            + self.overtrick_points
            + self.slam_bonus
            + self.insult_bonus
            + self.game_bonus
            + self.partscore_bonus
        )

    @property
    def above_the_line(self) -> int:
        """What declarer's side writes above the line in rubber (no duplicate bonuses)."""
        return self.overtrick_points + self.slam_bonus + self.insult_bonus

    @property
    def declarer_side(self) -> Side | None:
        """The declaring side, when the contract names its declarer."""
        contract = self.result.contract
        return None if isinstance(contract, PassedOut) else contract.side

    def for_side(self, side: Side) -> int:
        """The total from ``side``'s point of view; needs a declarer unless passed out."""
        if self.result.passed_out:
            return 0
        declaring = self.declarer_side
        if declaring is None:
            raise BridgeInputError(
                _(
                    "{result}: no declarer, so whose score {total:+d} is is unknown",
                    result=self.result,
                    total=self.total,
                )
            )
        return self.total if side is declaring else -self.total

    @property
    def ns_score(self) -> int:
        """North-South's points (needs a declarer, unless passed out)."""
        return self.for_side(Side.NS)

    @property
    def ew_score(self) -> int:
        """East-West's points (needs a declarer, unless passed out): always ``-ns_score``."""
        return self.for_side(Side.EW)

    def elements(self) -> dict[str, int]:
        """The non-zero elements by name, in the order players add them up."""
        named = {
            "contract points": self.contract_points,
            "overtricks": self.overtrick_points,
            "slam bonus": self.slam_bonus,
            "insult bonus": self.insult_bonus,
            "game bonus": self.game_bonus,
            "partscore bonus": self.partscore_bonus,
            "undertricks": -self.undertrick_penalty,
        }
        return {k: v for k, v in named.items() if v}


def score(
    contract: Contract | PassedOut | TableResult | str,
    tricks: int | None = None,
    *,
    vulnerable: bool | None = None,
    vulnerability: Vulnerability | str | None = None,
    board: int | None = None,
    laws: str | LawSet = DEFAULT_LAW_SET,
) -> ScoreBreakdown:
    """Score one deal: the declaring side's points under a law set.

    ``contract`` is a :class:`Contract` (with ``tricks``, 0-13), a text contract
    (``'4SX'`` with ``tricks``, or a whole result like ``'4SX='`` without), or a
    :class:`TableResult`. A passed-out deal scores 0.

    Say who is vulnerable in exactly one of three ways:

    * ``vulnerable=True`` / ``False``: whether the declaring side is;
    * ``vulnerability=Vulnerability.NS`` (or its text, ``'NS'``): which sides
      are, for a result that names its declarer;
    * ``board=7``: the vulnerability of that board in the 16-board schedule
      (:class:`~bridgescore.core.vulnerability.BoardInfo`), again for a result
      that names its declarer.

    A passed-out deal needs none of them.

    >>> score("4S", 10, vulnerable=True).total
    620
    >>> score("3NTX-2", vulnerable=False).total
    -300
    >>> score("3NT S 10", board=7).ns_score
    630
    >>> score("4SXE", 8, vulnerability=Vulnerability.NS).ew_score
    -300
    >>> score("Pass").total
    0

    Scores are immutable values of immutable inputs, so repeated calls are
    answered from a bounded cache (a club session repeats the same few hundred
    results; the inputs are validated on the first call).
    """
    cacheable = type(laws) is str and (tricks is None or type(tricks) is int)
    if vulnerability is None and board is None:
        if vulnerable is not True and vulnerable is not False and vulnerable is not None:
            raise BridgeInputError(_not_a_bool(vulnerable))
        if cacheable:
            try:
                return _score_cached(contract, tricks, vulnerable, laws)
            except TypeError:  # an unhashable input: let the plain path say what is wrong
                pass
        return _score(contract, tricks, vulnerable, laws)
    if vulnerable is not None or (vulnerability is not None and board is not None):
        raise BridgeInputError(_two_ways(vulnerable, vulnerability, board))
    if cacheable and (board is None or type(board) is int):  # True == 1 would share a key
        try:
            return _score_at_cached(contract, tricks, vulnerability, board, laws)
        except TypeError:  # an unhashable input: let the plain path say what is wrong
            pass
    return _score_at(contract, tricks, vulnerability, board, laws)


def _not_a_bool(vulnerable: object) -> str:
    hint = ""
    if isinstance(vulnerable, Vulnerability):
        hint = f"; for which sides are vulnerable, say vulnerability={vulnerable!r}"
    elif isinstance(vulnerable, int):
        hint = f"; for a board number, say board={vulnerable!r}"
    return f"vulnerable={vulnerable!r}: say True or False{hint}"


def _two_ways(
    vulnerable: bool | None, vulnerability: Vulnerability | str | None, board: int | None
) -> str:
    given = [
        f"{name}={value!r}"
        for name, value in (
            ("vulnerable", vulnerable),
            ("vulnerability", vulnerability),
            ("board", board),
        )
        if value is not None
    ]
    return (
        f"{' and '.join(given)}: say who is vulnerable one way only"
        " (vulnerable=, vulnerability= or board=)"
    )


@lru_cache(maxsize=1 << 16)
def _score_cached(
    contract: Contract | PassedOut | TableResult | str,
    tricks: int | None,
    vulnerable: bool | None,
    laws: str,
) -> ScoreBreakdown:
    return _score(contract, tricks, vulnerable, laws)


@lru_cache(maxsize=1 << 14)
def _score_at_cached(
    contract: Contract | PassedOut | TableResult | str,
    tricks: int | None,
    vulnerability: Vulnerability | str | None,
    board: int | None,
    laws: str,
) -> ScoreBreakdown:
    return _score_at(contract, tricks, vulnerability, board, laws)


def _score_at(
    contract: Contract | PassedOut | TableResult | str,
    tricks: int | None,
    vulnerability: Vulnerability | str | None,
    board: int | None,
    laws: str | LawSet,
) -> ScoreBreakdown:
    """Score at a vulnerability of the sides (given, or the board's): needs the declarer."""
    if board is not None:
        given = f"board={board!r}"
        sides = BoardInfo.of(board).vulnerability
    elif isinstance(vulnerability, Vulnerability):
        given = f"vulnerability={vulnerability!r}"
        sides = vulnerability
    elif isinstance(vulnerability, str):
        given = f"vulnerability={vulnerability!r}"
        sides = Vulnerability.parse(vulnerability)
    else:
        raise VulnerabilityError(
            _(
                "vulnerability={vulnerability!r}: give a Vulnerability"
                " (Vulnerability.NONE, .NS, .EW or .BOTH) or its text",
                vulnerability=vulnerability,
            )
        )
    result = _as_result(contract, tricks)
    played = result.contract
    if isinstance(played, PassedOut):
        return _score(result, None, False, laws)
    side = played.side
    if side is None:
        example = TableResult(played.by(Seat.SOUTH), result.tricks)
        raise BridgeInputError(
            _(
                "{result}: {given} says which sides are vulnerable, so a declarer is needed;"
                " name one (like {example!r}), or say vulnerable=True or False",
                result=result,
                given=given,
                example=str(example),
            )
        )
    return _score(result, None, sides.is_vulnerable(side), laws)


def _score(
    contract: Contract | PassedOut | TableResult | str,
    tricks: int | None,
    vulnerable: bool | None,
    laws: str | LawSet,
) -> ScoreBreakdown:
    law = get_laws(laws)
    result = _as_result(contract, tricks)
    played = result.contract
    if vulnerable is None:
        if not isinstance(played, PassedOut):
            raise BridgeInputError(
                _(
                    "{result}: say who is vulnerable: vulnerable=True or False,"
                    " vulnerability=Vulnerability.NS (with a declarer) or board=7",
                    result=result,
                )
            )
        vulnerable = False
    breakdown = ScoreBreakdown(result, vulnerable, law.name)
    if isinstance(played, PassedOut) or result.tricks is None:
        return breakdown
    if not result.made:
        penalty = law.penalty(result.undertricks, vulnerable=vulnerable, doubling=played.doubling)
        return ScoreBreakdown(result, vulnerable, law.name, undertrick_penalty=penalty)
    return _made(law, played, result, vulnerable)


def _made(law: LawSet, played: Contract, result: TableResult, vulnerable: bool) -> ScoreBreakdown:
    vul = int(vulnerable)
    points = law.contract_points(played.level, played.strain, played.doubling)
    over = result.overtricks
    if played.doubling is Doubling.UNDOUBLED:
        overtricks = sum(
            law.trick_value(played.strain, played.level + k) for k in range(1, over + 1)
        )
    else:
        overtricks = over * law.overtrick_doubled[(vulnerable, played.doubling)]
    slam = 0
    if played.is_small_slam:
        slam = law.small_slam[vul]
    elif played.is_grand_slam:
        slam = law.grand_slam[vul]
    game = points >= law.game_threshold
    return ScoreBreakdown(
        result,
        vulnerable,
        law.name,
        contract_points=points,
        overtrick_points=overtricks,
        slam_bonus=slam,
        insult_bonus=law.insult[played.doubling],
        game_bonus=law.game_bonus[vul] if game else 0,
        partscore_bonus=0 if game else law.partscore_bonus,
    )


def _as_result(
    contract: Contract | PassedOut | TableResult | str, tricks: int | None
) -> TableResult:
    if isinstance(contract, TableResult):
        if tricks is not None and tricks != contract.tricks:
            raise ResultError(
                _(
                    "{result}: tricks={tricks} contradicts the result",
                    result=contract,
                    tricks=tricks,
                )
            )
        return contract
    if isinstance(contract, str):
        if tricks is None:
            return TableResult.parse(contract)
        contract = parse_contract(contract)
    if isinstance(contract, PassedOut):
        if tricks is not None:
            raise ResultError(_("Pass {tricks}: a passed-out deal has no tricks", tricks=tricks))
        return TableResult(contract, None)
    if not isinstance(contract, Contract):
        raise BridgeInputError(
            _("{contract!r}: not a contract; give a Contract or text like '4S'", contract=contract)
        )
    if tricks is None:
        raise ResultError(
            _("{contract}: no result; give the tricks taken (0-13)", contract=contract)
        )
    return TableResult(contract, tricks)


def _all_contracts() -> list[Contract]:
    return [
        Contract(level, strain, doubling)
        for level in range(1, 8)
        for strain in Strain
        for doubling in Doubling
    ]


@cache
def declarer_scores(vulnerable: bool, laws: str = DEFAULT_LAW_SET) -> frozenset[int]:
    """Every total a declaring side can score at this vulnerability (made or defeated)."""
    return frozenset(
        score(contract, tricks, vulnerable=vulnerable, laws=laws).total
        for contract in _all_contracts()
        for tricks in range(14)
    )


def possible_ns_score(
    ns_score: int, vulnerability: Vulnerability, laws: str = DEFAULT_LAW_SET
) -> bool:
    """Whether some contract and result gives North-South ``ns_score`` at this vulnerability.

    A North-South score comes from NS declaring (at NS's vulnerability), EW
    declaring (its negation, at EW's), or a passed-out deal (0). NS +430 is
    impossible when NS are vulnerable: only +630 or +130 scale that way.
    """
    if ns_score == 0:
        return True
    ns_vul = vulnerability.is_vulnerable(Side.NS)
    ew_vul = vulnerability.is_vulnerable(Side.EW)
    return ns_score in declarer_scores(ns_vul, laws) or -ns_score in declarer_scores(ew_vul, laws)
