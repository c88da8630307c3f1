"""Chicago: rounds of four deals, each with a fixed vulnerability.

The Finnish text ("Chicago"): four deals while the deal rotates; on the first
nobody is vulnerable, on the second and third the dealer's opponents are
("toisessa ja kolmannessa jakajan vastustajat ovat vaaravyöhykkeessä"), on the
fourth everybody is. That is the duplicate schedule of boards 1-4. Many clubs
instead make the *dealer's* side vulnerable on deals 2 and 3; both rules are
here by name.

Two scorings, by name:

``"duplicate"`` (the text's, the default)
    each deal is scored on its own as at duplicate: game 300/500, partscore 50.
``"classic"``
    partscores add up toward game within the round and are cut when a game is
    made; a game earns 300 (not vulnerable) or 500 (vulnerable) at the
    vulnerability of the deal that completes it; there is no 50 partscore
    bonus; a partscore made on the fourth deal that does not complete a game
    earns 100.

Honours are counted when ``honours`` is true; by default they are counted in
the classic scoring and not in the duplicate one. Honours given while they are
not counted are kept on the deal and simply score nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, Final

from bridgescore.core._tokens import lookup
from bridgescore.core.contract import TableResult
from bridgescore.core.seats import Seat, Side
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.errors import SheetError
from bridgescore.errors import marked as _
from bridgescore.laws.lawsets import DEFAULT_LAW_SET, LawSet, get_laws
from bridgescore.scoring.deal import ScoreBreakdown, score
from bridgescore.sheets.deal import Deal, sheet_index
from bridgescore.sheets.entries import Scored, ScoreItem, SheetEntry, Tally, breakdown_entries
from bridgescore.sheets.honours import Honours

DEALS_PER_ROUND: Final = 4

DealLike = Deal | TableResult | str


class ChicagoVulnerability(Enum):
    """Who is vulnerable on the second and third deal of a round."""

    DEALER_OPPONENTS = "dealer-opponents"
    """The dealer's opponents ("Bridgen pistelasku"; the duplicate boards 1-4)."""
    DEALER = "dealer"
    """The dealer's side (a common club rule)."""

    @classmethod
    def parse(cls, text: str) -> ChicagoVulnerability:
        """``'dealer-opponents'`` or ``'dealer'`` (any case)."""
        return lookup(
            text,
            _VUL_RULES,
            what="Chicago vulnerability rule",
            error=SheetError,
            shown="dealer-opponents or dealer",
        )

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"ChicagoVulnerability.{self.name}"


class ChicagoScoring(Enum):
    """How the deals of a round are scored."""

    DUPLICATE = "duplicate"
    """Each deal on its own, as at duplicate ("Bridgen pistelasku")."""
    CLASSIC = "classic"
    """Partscores carry toward game within the round, as at rubber."""

    @classmethod
    def parse(cls, text: str) -> ChicagoScoring:
        """``'duplicate'`` or ``'classic'`` (any case)."""
        return lookup(
            text,
            _SCORINGS,
            what="Chicago scoring",
            error=SheetError,
            shown="duplicate or classic",
        )

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"ChicagoScoring.{self.name}"


_VUL_RULES = {
    "DEALEROPPONENTS": ChicagoVulnerability.DEALER_OPPONENTS,
    "OPPONENTS": ChicagoVulnerability.DEALER_OPPONENTS,
    "DEALER": ChicagoVulnerability.DEALER,
}
_SCORINGS = {"DUPLICATE": ChicagoScoring.DUPLICATE, "CLASSIC": ChicagoScoring.CLASSIC}


@dataclass(frozen=True, slots=True)
class ChicagoDealInfo:
    """What a deal's place in the session fixes: round, dealer, vulnerability."""

    number: int
    round: int
    deal_in_round: int
    dealer: Seat
    vulnerability: Vulnerability


def chicago_deal_info(
    number: int,
    *,
    first_dealer: Seat = Seat.NORTH,
    vulnerability: ChicagoVulnerability | str = ChicagoVulnerability.DEALER_OPPONENTS,
) -> ChicagoDealInfo:
    """Round, dealer and vulnerability of deal ``number`` (1, 2, 3, ...) of a session.

    The deal passes clockwise every deal; deal 1 of a round is nobody
    vulnerable, deal 4 everybody, deals 2 and 3 follow the rule.

    >>> chicago_deal_info(2).vulnerability
    Vulnerability.NS
    >>> chicago_deal_info(2, vulnerability="dealer").vulnerability
    Vulnerability.EW
    """
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise SheetError(_("deal {number!r}: Chicago deals are numbered 1, 2, 3...", number=number))
    if not isinstance(first_dealer, Seat):
        raise SheetError(
            _("first dealer {dealer!r}: give a Seat (N, E, S or W)", dealer=first_dealer)
        )
    rule = (
        vulnerability
        if isinstance(vulnerability, ChicagoVulnerability)
        else ChicagoVulnerability.parse(vulnerability)
    )
    round_number, position = divmod(number - 1, DEALS_PER_ROUND)
    dealer = Seat((first_dealer + number - 1) % 4)
    if position == 0:
        vul = Vulnerability.NONE
    elif position == DEALS_PER_ROUND - 1:
        vul = Vulnerability.BOTH
    else:
        side = dealer.side if rule is ChicagoVulnerability.DEALER else dealer.side.opponents
        vul = Vulnerability.of(ns=side is Side.NS, ew=side is Side.EW)
    return ChicagoDealInfo(number, round_number + 1, position + 1, dealer, vul)


@dataclass(frozen=True, slots=True)
class ChicagoRow:
    """One deal on a Chicago sheet: where it falls and what each side scored.

    ``game_won_by`` is the side that made (or, classic, completed) a game on
    this deal; ``toward_game`` is the classic scoring's partscores still
    counting toward game after the deal (always zero in the duplicate scoring).
    """

    info: ChicagoDealInfo
    deal: Deal
    score: ScoreBreakdown
    entries: tuple[SheetEntry, ...]
    game_won_by: Side | None
    toward_game: Tally
    honours_counted: bool

    @property
    def number(self) -> int:
        return self.info.number

    @property
    def points(self) -> Tally:
        """What each side scored on this deal."""
        return Tally.of(self.entries)

    def as_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        info = self.info
        return {
            "number": info.number,
            "round": info.round,
            "deal_in_round": info.deal_in_round,
            "dealer": info.dealer.letter,
            "vulnerability": info.vulnerability.value,
            "deal": str(self.deal),
            "honours": None if self.deal.honours is None else str(self.deal.honours),
            "honours_counted": self.honours_counted,
            "game_won_by": None if self.game_won_by is None else self.game_won_by.value,
            "entries": [e.as_dict() for e in self.entries],
            "points": self.points.as_dict(),
            "toward_game": self.toward_game.as_dict(),
        }


@dataclass(frozen=True, slots=True)
class ChicagoRound:
    """Four deals (fewer while the round is being played) and their totals."""

    number: int
    rows: tuple[ChicagoRow, ...]

    @property
    def is_complete(self) -> bool:
        return len(self.rows) == DEALS_PER_ROUND

    @property
    def totals(self) -> Tally:
        total = Tally()
        for row in self.rows:
            total = total + row.points
        return total

    def as_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "complete": self.is_complete,
            "totals": self.totals.as_dict(),
        }


@dataclass(frozen=True, slots=True)
class ChicagoSheet(Scored):
    """A Chicago session: its deals, in rounds of four, and how they are scored.

    ``honours=None`` means the scoring's default (counted in ``classic``, not
    in ``duplicate``). Everything else is derived from the deals.

    >>> sheet = ChicagoSheet.from_deals(["1NT N 9", "4S E =", "3NTX S -1", "Pass"])
    >>> [row.points for row in sheet.rows]
    [Tally(ns=150, ew=0), Tally(ns=0, ew=420), Tally(ns=0, ew=100), Tally(ns=0, ew=0)]
    >>> sheet.totals, sheet.winner, sheet.margin
    (Tally(ns=150, ew=520), Side.EW, 370)
    """

    deals: tuple[Deal, ...] = ()
    scoring: ChicagoScoring = ChicagoScoring.DUPLICATE
    vulnerability: ChicagoVulnerability = ChicagoVulnerability.DEALER_OPPONENTS
    honours: bool | None = None
    first_dealer: Seat = Seat.NORTH
    laws: str = DEFAULT_LAW_SET
    _rows: tuple[ChicagoRow, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        law = get_laws(self.laws)
        object.__setattr__(self, "laws", law.name)
        if isinstance(self.scoring, str):
            object.__setattr__(self, "scoring", ChicagoScoring.parse(self.scoring))
        if isinstance(self.vulnerability, str):
            object.__setattr__(
                self, "vulnerability", ChicagoVulnerability.parse(self.vulnerability)
            )
        if isinstance(self.first_dealer, str):
            object.__setattr__(self, "first_dealer", Seat.parse(self.first_dealer))
        if not isinstance(self.scoring, ChicagoScoring):
            raise SheetError(
                _("scoring={scoring!r}: use duplicate or classic", scoring=self.scoring)
            )
        if not isinstance(self.vulnerability, ChicagoVulnerability):
            raise SheetError(
                _(
                    "vulnerability={rule!r}: use dealer-opponents or dealer",
                    rule=self.vulnerability,
                )
            )
        if not isinstance(self.first_dealer, Seat):
            raise SheetError(
                _(
                    "first_dealer={dealer!r}: give a Seat (N, E, S or W)",
                    dealer=self.first_dealer,
                )
            )
        if self.honours is None:
            object.__setattr__(self, "honours", self.scoring is ChicagoScoring.CLASSIC)
        elif not isinstance(self.honours, bool):
            raise SheetError(
                _("honours={honours!r}: say True, False or None", honours=self.honours)
            )
        deals = tuple(_as_deal(d) for d in self.deals)
        object.__setattr__(self, "deals", deals)
        object.__setattr__(self, "_rows", self._play(deals, law))

    @classmethod
    def from_deals(
        cls,
        deals: Iterable[DealLike],
        *,
        scoring: ChicagoScoring | str = ChicagoScoring.DUPLICATE,
        vulnerability: ChicagoVulnerability | str = ChicagoVulnerability.DEALER_OPPONENTS,
        honours: bool | None = None,
        first_dealer: Seat | str = Seat.NORTH,
        laws: str | LawSet = DEFAULT_LAW_SET,
    ) -> ChicagoSheet:
        """A sheet with these deals, and the variant named by text or value."""
        return cls(
            tuple(_as_deal(d) for d in deals),
            scoring if isinstance(scoring, ChicagoScoring) else ChicagoScoring.parse(scoring),
            (
                vulnerability
                if isinstance(vulnerability, ChicagoVulnerability)
                else ChicagoVulnerability.parse(vulnerability)
            ),
            honours,
            first_dealer if isinstance(first_dealer, Seat) else Seat.parse(first_dealer),
            get_laws(laws).name,
        )

    # --- building ---------------------------------------------------------------------------

    def add(self, deal: DealLike, honours: Honours | str | None = None) -> ChicagoSheet:
        """This sheet with one more deal (a new round starts after every fourth)."""
        return replace(self, deals=(*self.deals, Deal.of(deal, honours)))

    def correct(
        self, number: int, deal: DealLike, honours: Honours | str | None = None
    ) -> ChicagoSheet:
        """This sheet with deal ``number`` (1-based) replaced; later rows are recomputed."""
        index = self._index(number)
        new = Deal.of(deal, honours)
        return replace(self, deals=(*self.deals[:index], new, *self.deals[index + 1 :]))

    def insert(
        self, number: int, deal: DealLike, honours: Honours | str | None = None
    ) -> ChicagoSheet:
        """This sheet with a forgotten deal put in as deal ``number`` (1 to one past
        the end); the deals after it move down one place."""
        index = self._index(number, allow_end=True)
        new = Deal.of(deal, honours)
        return replace(self, deals=(*self.deals[:index], new, *self.deals[index:]))

    def delete(self, number: int) -> ChicagoSheet:
        """This sheet without deal ``number``; the deals after it move up one place
        (and so take that place's dealer and vulnerability)."""
        index = self._index(number)
        return replace(self, deals=(*self.deals[:index], *self.deals[index + 1 :]))

    def undo(self) -> ChicagoSheet:
        """This sheet without its last deal."""
        if not self.deals:
            raise SheetError(_("undo: the sheet has no deals"))
        return replace(self, deals=self.deals[:-1])

    def _index(self, number: int, *, allow_end: bool = False) -> int:
        return sheet_index(number, len(self.deals), allow_end=allow_end)

    # --- scoring ----------------------------------------------------------------------------

    def info(self, number: int) -> ChicagoDealInfo:
        """Round, dealer and vulnerability of deal ``number`` on this sheet."""
        return chicago_deal_info(
            number, first_dealer=self.first_dealer, vulnerability=self.vulnerability
        )

    def _play(self, deals: tuple[Deal, ...], law: LawSet) -> tuple[ChicagoRow, ...]:
        classic = self.scoring is ChicagoScoring.CLASSIC
        counted = bool(self.honours)
        rows: list[ChicagoRow] = []
        toward = Tally()
        for number, deal in enumerate(deals, 1):
            info = self.info(number)
            if info.deal_in_round == 1:
                toward = Tally()
            side = deal.declarer_side
            vulnerable = side is not None and info.vulnerability.is_vulnerable(side)
            breakdown = score(deal.result, vulnerable=vulnerable, laws=law)
            entries = breakdown_entries(breakdown, duplicate_bonuses=not classic)
            won_by: Side | None = None
            if classic:
                if side is not None and breakdown.contract_points:
                    toward = toward.plus(side, breakdown.contract_points)
                    if toward[side] >= law.game_threshold:
                        won_by = side
                        toward = Tally()
                        bonus = law.game_bonus[int(vulnerable)]
                        entries += (SheetEntry(side, bonus, ScoreItem.GAME_BONUS),)
                    elif info.deal_in_round == DEALS_PER_ROUND:
                        entries += (
                            SheetEntry(
                                side, law.unfinished_partscore, ScoreItem.FOURTH_DEAL_PARTSCORE
                            ),
                        )
            elif breakdown.game_bonus:
                won_by = side
            if counted and deal.honours is not None:
                entries += (
                    SheetEntry(deal.honours.side, deal.honours.value(law), ScoreItem.HONOURS),
                )
            rows.append(ChicagoRow(info, deal, breakdown, entries, won_by, toward, counted))
        return tuple(rows)

    # --- reading ----------------------------------------------------------------------------

    @property
    def law_set(self) -> LawSet:
        return get_laws(self.laws)

    @property
    def rows(self) -> tuple[ChicagoRow, ...]:
        """One row per deal, in order."""
        return self._rows

    def check_honours(self) -> None:
        """Raise :class:`SheetError` for the first deal that claims honours this sheet does
        not count (a pad that never asks for them takes such a claim as a mistake; a file
        keeps it, noted as not counted)."""
        for row in self._rows:
            if row.deal.honours is not None and not row.honours_counted:
                raise SheetError(
                    _(
                        "deal {number}, honours: this Chicago is scored without honours",
                        number=row.number,
                    )
                )

    @property
    def rounds(self) -> tuple[ChicagoRound, ...]:
        """The rounds so far; the last may be short."""
        return tuple(
            ChicagoRound(k // DEALS_PER_ROUND + 1, self._rows[k : k + DEALS_PER_ROUND])
            for k in range(0, len(self._rows), DEALS_PER_ROUND)
        )

    @property
    def next_deal(self) -> ChicagoDealInfo:
        """Round, dealer and vulnerability of the next deal to play."""
        return self.info(len(self.deals) + 1)

    @property
    def is_round_complete(self) -> bool:
        """Every round so far has its four deals (a good moment to stop)."""
        return len(self.deals) % DEALS_PER_ROUND == 0

    @property
    def toward_game(self) -> Tally:
        """Classic scoring: partscores counting toward game in the current round."""
        if not self._rows or self.is_round_complete:
            return Tally()
        return self._rows[-1].toward_game

    @property
    def entries(self) -> tuple[SheetEntry, ...]:
        return tuple(e for row in self._rows for e in row.entries)

    def __len__(self) -> int:
        return len(self.deals)

    def as_dict(self) -> dict[str, Any]:
        """Plain data for JSON: settings, rows, rounds, totals, winner."""
        winner = self.winner
        return {
            "kind": "chicago",
            "laws": self.laws,
            "scoring": self.scoring.value,
            "vulnerability": self.vulnerability.value,
            "honours": self.honours,
            "first_dealer": self.first_dealer.letter,
            "deals": [row.as_dict() for row in self._rows],
            "rounds": [r.as_dict() for r in self.rounds],
            "totals": self.totals.as_dict(),
            "winner": None if winner is None else winner.value,
            "margin": self.margin,
        }


def _as_deal(deal: object) -> Deal:
    if isinstance(deal, Deal | TableResult | str):
        return Deal.of(deal)
    raise SheetError(
        _("{deal!r}: not a deal; give a Deal, a TableResult or text like '4S N ='", deal=deal)
    )
