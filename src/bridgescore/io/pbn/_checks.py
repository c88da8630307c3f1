"""What a game's own tags say, checked: board, dealer, vulnerability, deal, result, score."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from bridgescore.core._tokens import quote
from bridgescore.core.contract import PASSED_OUT, Contract, PassedOut, TableResult, parse_contract
from bridgescore.core.hands import SUITS, Card, DealError, Hands, Rank
from bridgescore.core.notation import notated
from bridgescore.core.seats import Seat, Side
from bridgescore.core.vulnerability import BoardInfo, Vulnerability
from bridgescore.errors import BridgeError, BridgeInputError, Message
from bridgescore.errors import marked as _
from bridgescore.events.model import Severity
from bridgescore.io._problems import reason_of
from bridgescore.io.pbn._cells import MOVEMENT_TAG
from bridgescore.io.pbn._model import Game, PBNProblem, Tag, pbn_problem
from bridgescore.io.rows import cached_ns_score
from bridgescore.laws.lawsets import DEFAULT_LAW_SET

SPEC_TAGS: Final = frozenset(
    {
        # the mandatory tag set (3.4)
        "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
        "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
        # auction and play (3.5, 3.6)
        "Auction", "Play", "Note",
        # supplemental tags (4.1-4.7)
        "Competition", "DealId", "Description", "FrenchMP", "Generator", "Hidden", "Room",
        "Termination", "Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "ScoreRubber",
        "ScoreRubberHistory", "OptimumScore", "BidSystemEW", "BidSystemNS", "PairEW", "PairNS",
        "WestNA", "NorthNA", "EastNA", "SouthNA", "WestType", "NorthType", "EastType",
        "SouthType", "EventDate", "EventSponsor", "HomeTeam", "Round", "Section", "Stage",
        "Table", "VisitTeam", "Time", "UTCDate", "UTCTime", "TimeControl", "TimeCall",
        "TimeCard", "Annotator", "AnnotatorNA", "Application", "Mode",
        # supplemental sections (5.3-5.10)
        "ActionTable", "AuctionTimeTable", "InstantScoreTable", "OptimumPlayTable",
        "OptimumResultTable", "PlayTimeTable", "ScoreTable", "TotalScoreTable",
    }
)  # fmt: skip
"""Every tag PBN 2.1 defines."""

EXTENSION_TAGS: Final = frozenset(
    {
        "OptimumContract",  # Ruter, Magic Contest
        "DoubleDummyTricks",  # RealBridge, BridgeComposer, Bridgewebs
        "ParContract",  # BridgeComposer
        "OptimumOpeningLeadTable",  # BridgeComposer
        "BCFlags",  # BridgeComposer
        "BCConfirm",  # BridgeComposer
        "BCConfirmMod",  # BridgeComposer
        MOVEMENT_TAG,  # bridgescore's own: how a game's section is ranked (Howell, Mitchell)
    }
)
"""Tags outside PBN 2.1 that the programs of our real files write: not warned about."""

SECTION_TAGS: Final = frozenset(
    {
        "Auction", "Play",  # 3.5, 3.6
        "ActionTable", "AuctionTimeTable", "InstantScoreTable", "OptimumPlayTable",
        "OptimumResultTable", "PlayTimeTable", "ScoreTable", "TotalScoreTable",  # 5.3-5.10
        "OptimumOpeningLeadTable",  # BridgeComposer
    }
)  # fmt: skip
"""Tags whose section data follows them on the next lines; text after any other tag is
text outside any tag."""

NO_INHERITANCE: Final = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)
"""Tags that may not use ``#`` or ``##`` (PBN 4.8)."""

_UNKNOWN = ("", "?")
_NUMBER_RE = re.compile(r"^[+-]?\d+(?:\.\d+)?$")
_SIDED_RE = re.compile(r"^(NS|EW)\s+(\S+)(?:\s+(NS|EW)\s+(\S+))?$", re.IGNORECASE)


def parse_sided(text: str) -> tuple[float | None, float | None, float | None]:
    """A ``[Score]``-style value: ``(ns, ew, declarer's)``; raises ``ValueError``.

    ``'NS 4 EW -4'`` is ``(4, -4, None)``; ``'420'`` is ``(None, None, 420)``.
    """
    stripped = text.strip()
    if _NUMBER_RE.match(stripped):
        return None, None, float(stripped)
    match = _SIDED_RE.match(stripped)
    if match is None:
        raise ValueError(text)
    found: dict[str, float] = {}
    for side, value in ((match[1], match[2]), (match[3], match[4])):
        if side is None:
            continue
        if not _NUMBER_RE.match(value) or side.upper() in found:
            raise ValueError(text)
        found[side.upper()] = float(value)
    return found.get("NS"), found.get("EW"), None


@dataclass(slots=True)
class Facts:
    """A game's own tags, read; problems as ``(tag, message, severity)``."""

    board: int | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    hands: Hands | None = None
    end_position: bool = False
    result: TableResult | None = None
    ns_score: int | None = None
    score_text: str | None = None
    problems: list[tuple[str, str | Message, Severity]] = field(default_factory=list)

    def error(self, tag: str, message: str | Message) -> None:
        self.problems.append((tag, message, Severity.ERROR))


def _given(values: Mapping[str, str], name: str) -> str | None:
    value = values.get(name)
    if value is None:
        return None
    value = value.strip()
    return None if value in _UNKNOWN else value


_HAND_RE = re.compile(r"[2-9TJQKA]*\.[2-9TJQKA]*\.[2-9TJQKA]*\.[2-9TJQKA]*")


def deal_ok(text: str) -> bool:
    """Whether :meth:`Hands.from_pbn` reads the deal without an error (a quick check)."""
    stripped = text.strip()
    if len(stripped) < 2 or stripped[1] != ":" or stripped[0] not in "NESWnesw":
        return False
    parts = stripped[2:].split()
    if len(parts) != 4:
        return False
    known = [part.upper() for part in parts if part != "-"]
    for hand in known:
        if len(hand) > 16 or not _HAND_RE.fullmatch(hand):
            return False
    if len(known) == 4 and any(len(hand) != 16 for hand in known):
        return False
    return _distinct(known)


def _distinct(hands: list[str]) -> bool:
    """Whether no card is in two hands (or twice in one); hands are upper-case and well formed."""
    split = [hand.split(".") for hand in hands]
    for suit in range(4):
        ranks = "".join(hand[suit] for hand in split)
        if len(set(ranks)) != len(ranks):
            return False
    return True


_deal_fine = lru_cache(maxsize=128)(deal_ok)
""":func:`deal_ok`, remembering the last boards' deals (a board's deal repeats at every table;
small, so that streaming stays in constant memory)."""

_CARDS: Final = {
    (suit, letter): Card(strain, Rank(rank))
    for suit, strain in enumerate(SUITS)
    for rank, letter in enumerate("23456789TJQKA", 2)
}


@lru_cache(maxsize=8192)
def _holding(suit: int, ranks: str) -> frozenset[Card]:
    """One suit of a hand (shared: a deal's hands are unions of these, without rehashing)."""
    return frozenset([_CARDS[suit, letter] for letter in ranks])


@lru_cache(maxsize=4096)
def read_hands(text: str) -> Hands:
    """The hands of a ``[Deal]`` (cached: a board's deal repeats at every table).

    Equal to :meth:`Hands.from_pbn`, and several times faster: a well-formed deal is built
    from shared cards and holdings (then checked by ``Hands`` itself); anything else, and
    any deal that fails a check, goes to ``from_pbn``, which says why.
    """
    stripped = text.strip()
    parts = stripped[2:].split()
    if len(parts) != 4 or stripped[1:2] != ":" or stripped[:1] not in _FIRST:
        return Hands.from_pbn(text)
    first = _FIRST.index(stripped[0]) % 4
    hands: list[frozenset[Card] | None] = [None] * 4
    for offset, part in enumerate(parts):
        if part == "-":
            continue
        upper = part.upper()
        if not _HAND_RE.fullmatch(upper):
            return Hands.from_pbn(text)
        spades, hearts, diamonds, clubs = upper.split(".")
        cards = _holding(0, spades).union(
            _holding(1, hearts), _holding(2, diamonds), _holding(3, clubs)
        )
        if len(cards) != len(upper) - 3:  # a card twice in the hand
            return Hands.from_pbn(text)
        hands[(first + offset) % 4] = cards
    try:
        return Hands(*hands)
    except DealError:
        return Hands.from_pbn(text)


_FIRST: Final = "NESWnesw"


def _is_end_position(text: str) -> bool:
    """Whether a deal gives well-formed hands of fewer than 13 cards, all alike (PBN 3.10)."""
    parts = text.strip()[2:].split()
    hands = [p.upper() for p in parts if p != "-"]
    if len(parts) != 4 or not hands or not all(_HAND_RE.fullmatch(h) for h in hands):
        return False
    counts = {len(h) - 3 for h in hands}
    return len(counts) == 1 and counts.pop() < 13 and _distinct(hands)


def _tricks(text: str, declarer: Seat | None) -> int:
    """The ``[Result]`` value as declarer's tricks (``'9'``, ``'NS 9'``, ``'EW 4 NS 9'``)."""
    stripped = text.strip().lstrip("^").strip()
    if stripped.isdigit():
        tricks = int(stripped)
    else:
        try:
            ns, ew, _own = parse_sided(stripped)
        except ValueError:
            raise BridgeInputError(
                _(
                    "{text!r} is not a result; write declarer's tricks (9) or a side's (NS 9)",
                    text=text,
                )
            ) from None
        if ns is not None and ew is not None and ns + ew != 13:
            raise BridgeInputError(
                _("{text!r}: the two sides' tricks do not add up to 13", text=text)
            )
        if declarer is None:
            raise BridgeInputError(
                _("{text!r}: tricks for a side, but no declarer to tell whose", text=text)
            )
        own = ns if declarer.side is Side.NS else ew
        other = ew if declarer.side is Side.NS else ns
        if own is None and other is not None:
            own = 13 - other
        if own is None or own != int(own):
            raise BridgeInputError(_("{text!r}: not a number of tricks", text=text))
        tricks = int(own)
    if not 0 <= tricks <= 13:
        raise BridgeInputError(
            _("{text!r}: a deal has 13 tricks; declarer takes 0 to 13", text=text)
        )
    return tricks


def tag_values(game: Game) -> dict[str, str]:
    """Each tag's value in force (the first of a repeated tag; ``##`` defaults included)."""
    values: dict[str, str] = {}
    for item in game.items:
        if isinstance(item, Tag) and item.name not in values:
            values[item.name] = item.value
    for name, value in game.inherited:
        values.setdefault(name, value)
    return values


_vulnerability = lru_cache(maxsize=64)(Vulnerability.parse)
_contract = lru_cache(maxsize=1024)(parse_contract)
_sided = lru_cache(maxsize=1024)(parse_sided)
"""``ns_score_of``, cached (a result's score at a vulnerability)."""


@lru_cache(maxsize=1024)
def _board_number(text: str) -> int:
    return BoardInfo.parse(text).number


@lru_cache(maxsize=4096)
def _made(contract: Contract, declarer: Seat, tricks: int) -> TableResult:
    return TableResult(contract.by(declarer), tricks)


_SEATS: Final = {seat.letter: seat for seat in Seat} | {s.letter.lower(): s for s in Seat}


def _seat(text: str) -> Seat:
    found = _SEATS.get(text)
    return found if found is not None else Seat.parse(text)


def game_facts(
    values: Mapping[str, str], laws: str = DEFAULT_LAW_SET, *, full: bool = False
) -> Facts:
    """Read and check a game's board, dealer, vulnerability, deal, contract, result and score.

    ``values`` as from :func:`tag_values`. Checking alone skips what cannot fail once
    the parts are read; ``full=True`` also builds the :class:`Hands` and the result.
    """
    facts = Facts()
    board = _given(values, "Board")
    if board is not None:
        try:
            facts.board = _board_number(board)
        except BridgeError:
            facts.error(
                "Board",
                _("board number {board} is not a whole number from 1 up", board=quote(board)),
            )
    dealer = _given(values, "Dealer")
    if dealer is not None:
        try:
            facts.dealer = _seat(dealer)
        except BridgeError:
            facts.error("Dealer", _("{dealer!r} is not a dealer; use N, E, S or W", dealer=dealer))
    vul = values.get("Vulnerable")
    if vul is not None and vul.strip() != "?":
        try:
            facts.vulnerability = _vulnerability(vul)
        except BridgeError:
            facts.error(
                "Vulnerable",
                _("{vul!r} is not a vulnerability; use None, NS, EW or All", vul=vul),
            )
    deal = _given(values, "Deal")
    if deal is not None and (full or not _deal_fine(deal)):
        try:
            facts.hands = read_hands(deal)
        except DealError as error:
            if _is_end_position(deal):
                facts.end_position = True
            else:
                facts.error("Deal", error.message)
    _read_result(values, facts, laws, full)
    return facts


def _read_result(values: Mapping[str, str], facts: Facts, laws: str, full: bool) -> None:
    contract_text = _given(values, "Contract")
    declarer_text = _given(values, "Declarer")
    result_text = _given(values, "Result")
    score_text = _given(values, "Score")
    facts.score_text = score_text
    contract: Contract | PassedOut | None = None
    if contract_text is not None and not facts.end_position:
        try:
            contract = _contract(contract_text)
        except BridgeError as error:
            facts.error("Contract", error.message)
    declarer: Seat | None = None
    if declarer_text is not None:
        try:
            declarer = _seat(declarer_text.lstrip("^"))
        except BridgeError:
            facts.error(
                "Declarer",
                _("{declarer!r} is not a declarer; use N, E, S or W", declarer=declarer_text),
            )
    if isinstance(contract, Contract) and contract.declarer is not None:
        declarer = declarer or contract.declarer
    tricks: int | None = None
    if result_text is not None:
        try:
            tricks = _tricks(result_text, declarer)
        except ValueError as error:  # a BridgeInputError, or a digit int() does not read
            facts.error("Result", reason_of(error))
    if contract is PASSED_OUT or isinstance(contract, PassedOut):
        if tricks is not None:
            facts.error(
                "Result", _("{result!r}: a passed-out deal has no result", result=result_text)
            )
        facts.result = TableResult(PASSED_OUT, None)
    elif isinstance(contract, Contract) and tricks is not None:
        if not (full or score_text is not None) and declarer is not None:
            return  # nothing left to check: any contract can take 0 to 13 tricks
        if declarer is None and declarer_text is not None:
            return  # the declarer is wrong, and reported
        if declarer is None:
            facts.error(
                "Declarer",
                _(
                    "the contract {contract!r} has a result but no declarer",
                    contract=contract_text,
                ),
            )
        else:
            try:
                facts.result = _made(contract, declarer, tricks)
            except BridgeError as error:
                facts.error("Result", error.message)
    if score_text is None:
        return
    try:
        ns, ew, own = _sided(score_text)
    except ValueError:
        facts.error(
            "Score", _("{score!r} is not a score (write 'NS 420' or 'EW 50')", score=score_text)
        )
        return
    if ns is not None and ew is not None and ns != -ew:
        facts.error(
            "Score", _("{score!r}: the two sides' scores do not cancel out", score=score_text)
        )
        return
    value = ns if ns is not None else (-ew if ew is not None else None)
    if value is None and own is not None:
        if declarer is None:
            if own != 0:
                facts.error(
                    "Score", _("{score!r}: declarer's score, but no declarer", score=score_text)
                )
                return
            value = 0.0
        else:
            value = own if declarer.side is Side.NS else -own
    if value is None or not math.isfinite(value) or value != int(value):
        facts.error("Score", _("{score!r} is not a whole number of points", score=score_text[:40]))
        return
    facts.ns_score = int(value)
    vulnerability = facts.vulnerability
    if vulnerability is None and facts.board is not None:
        vulnerability = BoardInfo.of(facts.board).vulnerability
    if facts.result is None or vulnerability is None:
        return
    expected = cached_ns_score(facts.result, vulnerability, laws)
    if expected != facts.ns_score:
        # as the row kernel (bridgescore.io.rows) rules: the contract is the fact
        facts.problems.append(
            (
                "Score",
                _(
                    "{score} contradicts {result} (NS {expected:+d} with {vulnerability});"
                    " scored from the contract",
                    score=quote(score_text),
                    result=notated(facts.result),  # in each reader's notation
                    expected=expected,
                    vulnerability=vulnerability.phrase,
                ),
                Severity.WARNING,
            )
        )
        facts.ns_score = expected


_KNOWN: Final = SPEC_TAGS | EXTENSION_TAGS


def check_game(
    game: Game, source: str, laws: str = DEFAULT_LAW_SET, values: Mapping[str, str] | None = None
) -> list[PBNProblem]:
    """Every problem with a game's tags (syntax problems come from the reader).

    ``values``: the game's :func:`tag_values`, when the caller has them.
    """
    problems: list[PBNProblem] = []
    if values is None:
        values = tag_values(game)
    board = values.get("Board")
    tags = [item for item in game.items if type(item) is Tag]
    names = {tag.name for tag in tags}
    if (
        len(names) != len(tags)
        or not names <= _KNOWN
        or any(tag.written is not None and tag.name in NO_INHERITANCE for tag in tags)
    ):
        problems += _tag_problems(tags, source, board)
    facts = game_facts(values, laws)
    if facts.problems:
        lines: dict[str, int | None] = {}
        for tag in tags:
            lines.setdefault(tag.name, tag.line)
        for name, message, severity in facts.problems:
            problems.append(
                pbn_problem(source, lines.get(name, game.line), message, board, name, severity)
            )
    return problems


def _tag_problems(tags: list[Tag], source: str, board: str | None) -> list[PBNProblem]:
    """Repeated tags, tags PBN does not define, inherited values where PBN forbids them."""
    problems: list[PBNProblem] = []
    seen: set[str] = set()
    for tag in tags:
        name = tag.name
        if name in seen:
            if name != "Note":
                problems.append(
                    pbn_problem(
                        source,
                        tag.line,
                        _("given twice in one game; PBN reads the first and ignores this one"),
                        board,
                        name,
                        Severity.WARNING,
                    )
                )
            continue
        seen.add(name)
        if name not in _KNOWN:
            problems.append(
                pbn_problem(
                    source,
                    tag.line,
                    _("not a PBN 2.1 tag (kept as it is)"),
                    board,
                    name,
                    Severity.WARNING,
                )
            )
        if tag.written is not None and name in NO_INHERITANCE:
            problems.append(
                pbn_problem(
                    source,
                    tag.line,
                    _("may not inherit its value ({value!r}); PBN 4.8", value=tag.written),
                    board,
                    name,
                    Severity.WARNING,
                )
            )
    return problems


def stray_text(game: Game, source: str) -> list[PBNProblem]:
    """Text after a tag that has no section data (``[Site "x"]`` then a line ``oops``).

    The reader keeps it as that tag's section, so that the file is written back as it
    was; strict reading reports it, as it reports any other text outside a tag.
    """
    problems: list[PBNProblem] = []
    for item in game.items:
        if type(item) is not Tag or not item.section or item.name in SECTION_TAGS:
            continue
        offset, text = next(
            ((i, t.strip()) for i, t in enumerate(item.section) if _is_text(t)), (0, "")
        )
        line = None if item.section_line is None else item.section_line + offset
        problems.append(
            pbn_problem(
                source,
                line,
                _(
                    "text outside any tag: {text!r} (this tag has no section data)",
                    text=text[:40],
                ),
                game.board,
                item.name,
            )
        )
    return problems


def _is_text(line: str) -> bool:
    """Whether a line holds text, not only blanks or a comment (``; ...``, ``{...}``)."""
    bare = line.strip()
    return bool(bare) and not bare.startswith(";") and not re.fullmatch(r"\{[^}]*\}", bare)
