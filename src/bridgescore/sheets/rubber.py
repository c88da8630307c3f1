"""The rubber bridge score sheet, as "Puntuación de puente" draws it.

Only contract points go below the line; overtricks, slam and insult bonuses,
penalties (to the defenders) and honours go above it. 100 contract points below
the line, in one deal or several, make a game; a line is drawn under it and
both sides' partscores in that game are cut (they stay in the totals but no
longer count toward the next game). A side with a game is vulnerable. The first
side to win two games wins the rubber and 700 points (opponents without a game)
or 500 (opponents with one). If play stops before that, a side that alone has a
game scores 300 and a side that alone has a partscore in the unfinished game
scores 100 ("si solo un lado ha ganado un juego, anota 300 puntos, y si solo un
lado tiene una puntuación parcial, obtiene 100 puntos").

A sheet is a value: adding, correcting or deleting a deal returns a new sheet,
and every row after the change is worked out again from the deals.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from bridgescore.core.contract import TableResult
from bridgescore.core.seats import Side
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.errors import SheetError
from bridgescore.errors import marked as _
from bridgescore.laws.lawsets import DEFAULT_LAW_SET, LawSet, get_laws
from bridgescore.scoring.deal import ScoreBreakdown, score
from bridgescore.sheets.deal import Deal, sheet_index
from bridgescore.sheets.entries import Scored, ScoreItem, SheetEntry, Tally, breakdown_entries
from bridgescore.sheets.honours import Honours

GAMES_TO_WIN = 2

DealLike = Deal | TableResult | str


@dataclass(frozen=True, slots=True)
class RubberRow:
    """One deal on a rubber sheet: what each side wrote, and where the game stood.

    ``vulnerability`` is the one the deal was played at (from games won before
    it); ``game`` is the number of the game whose below-the-line part the deal
    wrote in; ``game_won_by`` is set when a line is drawn under this deal;
    ``games`` and ``toward_game`` are the state after the deal (``toward_game``
    holds the partscores still counting toward the next game, zero after a cut);
    ``cut`` holds the opponents' partscore that the game drawn under this deal cut
    (a sheet draws that line differently from the winner's game line).
    """

    number: int
    deal: Deal
    vulnerability: Vulnerability
    score: ScoreBreakdown
    entries: tuple[SheetEntry, ...]
    game: int
    game_won_by: Side | None
    games: Tally
    toward_game: Tally
    cut: Tally = field(default_factory=Tally)

    @property
    def above(self) -> Tally:
        """Points each side wrote above the line on this deal."""
        return Tally.of(e for e in self.entries if not e.below_the_line)

    @property
    def below(self) -> Tally:
        """Contract points each side wrote below the line on this deal."""
        return Tally.of(e for e in self.entries if e.below_the_line)

    @property
    def points(self) -> Tally:
        """Everything each side wrote on this deal."""
        return Tally.of(self.entries)

    @property
    def declarer_vulnerable(self) -> bool:
        side = self.deal.declarer_side
        return side is not None and self.vulnerability.is_vulnerable(side)

    def as_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "number": self.number,
            "deal": str(self.deal),
            "honours": None if self.deal.honours is None else str(self.deal.honours),
            "vulnerability": self.vulnerability.value,
            "declarer_vulnerable": self.declarer_vulnerable,
            "game": self.game,
            "game_won_by": None if self.game_won_by is None else self.game_won_by.value,
            "above": self.above.as_dict(),
            "below": self.below.as_dict(),
            "entries": [e.as_dict() for e in self.entries],
            "games": self.games.as_dict(),
            "toward_game": self.toward_game.as_dict(),
            "cut": self.cut.as_dict(),
        }


@dataclass(frozen=True, slots=True)
class RubberSheet(Scored):
    """One rubber: its deals in order, the law set, and whether play stopped early.

    Everything else (rows, games, vulnerability, bonuses, totals) is derived
    from the deals when the sheet is built, so it cannot drift out of step.

    >>> sheet = RubberSheet.from_deals(["2NT N 9", "4H W ="])
    >>> sheet.rows[1].game_won_by, sheet.vulnerability
    (Side.EW, Vulnerability.EW)
    >>> sheet.totals
    Tally(ns=100, ew=120)
    """

    deals: tuple[Deal, ...] = ()
    laws: str = DEFAULT_LAW_SET
    stopped: bool = False
    _rows: tuple[RubberRow, ...] = field(init=False, repr=False, compare=False)
    _ended_after: int | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        law = get_laws(self.laws)
        object.__setattr__(self, "laws", law.name)
        if not isinstance(self.deals, Iterable) or isinstance(self.deals, str):
            raise SheetError(
                _("{deals!r}: a sheet's deals are a sequence of deals", deals=self.deals)
            )
        deals = tuple(_as_deal(d) for d in self.deals)
        object.__setattr__(self, "deals", deals)
        if not isinstance(self.stopped, bool):
            raise SheetError(_("stopped={stopped!r}: say True or False", stopped=self.stopped))
        rows, ended_after = _play(deals, law)
        object.__setattr__(self, "_rows", rows)
        object.__setattr__(self, "_ended_after", ended_after)

    # --- building ---------------------------------------------------------------------------

    @classmethod
    def from_deals(
        cls, deals: Iterable[DealLike], *, laws: str | LawSet = DEFAULT_LAW_SET
    ) -> RubberSheet:
        """A sheet with these deals, given as :class:`Deal`, :class:`TableResult` or text."""
        return cls(tuple(_as_deal(d) for d in deals), get_laws(laws).name)

    def add(self, deal: DealLike, honours: Honours | str | None = None) -> RubberSheet:
        """This sheet with one more deal; an error once the rubber is over."""
        if self._ended_after is not None:
            raise SheetError(
                _(
                    "{deal!r}: the rubber is over after deal {number}; start a new rubber",
                    deal=str(deal),
                    number=self._ended_after,
                )
            )
        if self.stopped:
            raise SheetError(
                _(
                    "{deal!r}: the rubber was stopped after deal {number}; start a new rubber",
                    deal=str(deal),
                    number=len(self.deals),
                )
            )
        return replace(self, deals=(*self.deals, Deal.of(deal, honours)))

    def correct(
        self, number: int, deal: DealLike, honours: Honours | str | None = None
    ) -> RubberSheet:
        """This sheet with deal ``number`` (1-based) replaced; later rows are recomputed.

        If the corrected deal makes the rubber end before the last deal, that is
        an error: the deals after the new end would otherwise be lost silently.
        """
        index = self._index(number)
        new = Deal.of(deal, honours)
        deals = (*self.deals[:index], new, *self.deals[index + 1 :])
        try:
            return replace(self, deals=deals)
        except SheetError as error:
            raise SheetError(
                _(
                    "correcting deal {number} to {deal!r}: {error}",
                    number=number,
                    deal=str(new),
                    error=error,
                )
            ) from None

    def insert(
        self, number: int, deal: DealLike, honours: Honours | str | None = None
    ) -> RubberSheet:
        """This sheet with a forgotten deal put in as deal ``number`` (1 to one past the end)."""
        index = self._index(number, allow_end=True)
        new = Deal.of(deal, honours)
        deals = (*self.deals[:index], new, *self.deals[index:])
        try:
            return replace(self, deals=deals)
        except SheetError as error:
            raise SheetError(
                _(
                    "inserting {deal!r} as deal {number}: {error}",
                    deal=str(new),
                    number=number,
                    error=error,
                )
            ) from None

    def delete(self, number: int) -> RubberSheet:
        """This sheet without deal ``number`` (1-based); later rows are recomputed."""
        index = self._index(number)
        deals = (*self.deals[:index], *self.deals[index + 1 :])
        try:
            return replace(self, deals=deals)
        except SheetError as error:
            raise SheetError(
                _("deleting deal {number}: {error}", number=number, error=error)
            ) from None

    def undo(self) -> RubberSheet:
        """This sheet without its last deal (and no longer stopped)."""
        if not self.deals:
            raise SheetError(_("undo: the sheet has no deals"))
        return replace(self, deals=self.deals[:-1], stopped=False)

    def finish(self) -> RubberSheet:
        """The sheet with play stopped here: an unfinished rubber scores its bonuses.

        A rubber that is already over is returned unchanged.
        """
        if self.is_complete or self.stopped:
            return self
        return replace(self, stopped=True)

    def _index(self, number: int, *, allow_end: bool = False) -> int:
        return sheet_index(number, len(self.deals), allow_end=allow_end)

    # --- reading ----------------------------------------------------------------------------

    @property
    def law_set(self) -> LawSet:
        return get_laws(self.laws)

    @property
    def rows(self) -> tuple[RubberRow, ...]:
        """One row per deal, in order."""
        return self._rows

    @property
    def games(self) -> Tally:
        """Games won so far by each side."""
        return self._rows[-1].games if self._rows else Tally()

    @property
    def toward_game(self) -> Tally:
        """Below-the-line points still counting toward the next game."""
        return self._rows[-1].toward_game if self._rows else Tally()

    @property
    def vulnerability(self) -> Vulnerability:
        """The vulnerability for the next deal: a side with a game is vulnerable."""
        games = self.games
        return Vulnerability.of(ns=games.ns >= 1, ew=games.ew >= 1)

    @property
    def is_complete(self) -> bool:
        """A side has won two games: the rubber is over."""
        return self._ended_after is not None

    @property
    def is_finished(self) -> bool:
        """Over, either because a side won two games or because play stopped."""
        return self.is_complete or self.stopped

    @property
    def rubber_winner(self) -> Side | None:
        """The side that won two games, if one has."""
        games = self.games
        for side in Side:
            if games[side] >= GAMES_TO_WIN:
                return side
        return None

    @property
    def bonuses(self) -> tuple[SheetEntry, ...]:
        """The rubber bonus, or the unfinished-rubber bonuses once play has stopped."""
        law = self.law_set
        games = self.games
        winner = self.rubber_winner
        if winner is not None:
            two_nil = games[winner.opponents] == 0
            points = law.rubber_bonus_two_nil if two_nil else law.rubber_bonus_two_one
            return (SheetEntry(winner, points, ScoreItem.RUBBER_BONUS),)
        if not self.stopped:
            return ()
        entries: list[SheetEntry] = []
        game_leader = games.leader if min(games.ns, games.ew) == 0 else None
        if game_leader is not None:
            entries.append(SheetEntry(game_leader, law.unfinished_game, ScoreItem.UNFINISHED_GAME))
        part = self.toward_game
        part_holders = [side for side in Side if part[side] > 0]
        if len(part_holders) == 1:
            entries.append(
                SheetEntry(
                    part_holders[0], law.unfinished_partscore, ScoreItem.UNFINISHED_PARTSCORE
                )
            )
        return tuple(entries)

    @property
    def entries(self) -> tuple[SheetEntry, ...]:
        """Every entry on the sheet, deal by deal, then the bonuses."""
        return (*(e for row in self._rows for e in row.entries), *self.bonuses)

    @property
    def above(self) -> Tally:
        """Each side's points above the line, bonuses included."""
        return Tally.of(e for e in self.entries if not e.below_the_line)

    @property
    def below(self) -> Tally:
        """Each side's contract points below the line."""
        return Tally.of(e for e in self.entries if e.below_the_line)

    def __len__(self) -> int:
        return len(self.deals)

    def as_dict(self) -> dict[str, Any]:
        """Plain data for JSON: rows, bonuses, games, totals, winner."""
        winner = self.winner
        rubber_winner = self.rubber_winner
        return {
            "kind": "rubber",
            "laws": self.laws,
            "deals": [row.as_dict() for row in self._rows],
            "bonuses": [e.as_dict() for e in self.bonuses],
            "games": self.games.as_dict(),
            "vulnerability": self.vulnerability.value,
            "complete": self.is_complete,
            "stopped": self.stopped,
            "rubber_winner": None if rubber_winner is None else rubber_winner.value,
            "above": self.above.as_dict(),
            "below": self.below.as_dict(),
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


def _play(
    deals: tuple[Deal, ...], law: LawSet, *, stop_at_end: bool = False
) -> tuple[tuple[RubberRow, ...], int | None]:
    """Work out every row from the deals, and the deal that ends the rubber.

    Deals after the rubber's end are an error, or with ``stop_at_end`` left out.
    """
    rows: list[RubberRow] = []
    games = Tally()
    toward = Tally()
    game = 1
    ended_after: int | None = None
    for number, deal in enumerate(deals, 1):
        if ended_after is not None:
            if stop_at_end:
                break
            if number == len(deals):
                raise SheetError(
                    _(
                        "the rubber is over after deal {ended}, so deal {number} ({deal!r})"
                        " cannot be on it; start a new rubber",
                        ended=ended_after,
                        number=number,
                        deal=str(deal),
                    )
                )
            raise SheetError(
                _(
                    "the rubber is over after deal {ended}, so deals {number}-{last} ({deal!r},"
                    " ...) cannot be on it; start a new rubber",
                    ended=ended_after,
                    number=number,
                    last=len(deals),
                    deal=str(deal),
                )
            )
        vulnerability = Vulnerability.of(ns=games.ns >= 1, ew=games.ew >= 1)
        side = deal.declarer_side
        vulnerable = side is not None and vulnerability.is_vulnerable(side)
        breakdown = score(deal.result, vulnerable=vulnerable, laws=law)
        entries = breakdown_entries(breakdown, duplicate_bonuses=False)
        if deal.honours is not None:
            entries += (SheetEntry(deal.honours.side, deal.honours.value(law), ScoreItem.HONOURS),)
        won_by: Side | None = None
        cut = Tally()
        if side is not None and breakdown.contract_points:
            toward = toward.plus(side, breakdown.contract_points)
            if toward[side] >= law.game_threshold:
                won_by = side
                games = games.plus(side, 1)
                cut = Tally().plus(side.opponents, toward[side.opponents])
                toward = Tally()
        rows.append(
            RubberRow(
                number, deal, vulnerability, breakdown, entries, game, won_by, games, toward, cut
            )
        )
        if won_by is not None:
            game += 1
            if games[won_by] >= GAMES_TO_WIN:
                ended_after = number
    return tuple(rows), ended_after


@dataclass(frozen=True, slots=True)
class RubberSession:
    """Several rubbers in a row: a new rubber starts when one ends.

    The session keeps only the deals; the rubbers are cut from them, so a
    correction in one rubber can move where the next one starts.
    """

    deals: tuple[Deal, ...] = ()
    laws: str = DEFAULT_LAW_SET
    stopped: bool = False
    _rubbers: tuple[RubberSheet, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        law = get_laws(self.laws)
        object.__setattr__(self, "laws", law.name)
        deals = tuple(_as_deal(d) for d in self.deals)
        object.__setattr__(self, "deals", deals)
        rubbers: list[RubberSheet] = []
        start = 0
        while start < len(deals) or not rubbers:
            _, ended_after = _play(deals[start:], law, stop_at_end=True)
            end = len(deals) if ended_after is None else start + ended_after
            rubbers.append(RubberSheet(deals[start:end], law.name))
            start = end
        if self.stopped:
            rubbers[-1] = rubbers[-1].finish()
        object.__setattr__(self, "_rubbers", tuple(rubbers))

    @classmethod
    def from_deals(
        cls, deals: Iterable[DealLike], *, laws: str | LawSet = DEFAULT_LAW_SET
    ) -> RubberSession:
        return cls(tuple(_as_deal(d) for d in deals), get_laws(laws).name)

    @property
    def rubbers(self) -> tuple[RubberSheet, ...]:
        """The rubbers, in order; the last may be unfinished."""
        return self._rubbers

    @property
    def current(self) -> RubberSheet:
        """The rubber being played (the last one)."""
        return self._rubbers[-1]

    def add(self, deal: DealLike, honours: Honours | str | None = None) -> RubberSession:
        """The session with one more deal, in a new rubber if the last one is over."""
        if self.stopped:
            raise SheetError(
                _("{deal!r}: the session was stopped; start a new one", deal=str(deal))
            )
        return replace(self, deals=(*self.deals, Deal.of(deal, honours)))

    def correct(
        self, number: int, deal: DealLike, honours: Honours | str | None = None
    ) -> RubberSession:
        """The session with deal ``number`` (1-based, across rubbers) replaced."""
        index = _session_index(number, len(self.deals))
        new = Deal.of(deal, honours)
        return replace(self, deals=(*self.deals[:index], new, *self.deals[index + 1 :]))

    def insert(
        self, number: int, deal: DealLike, honours: Honours | str | None = None
    ) -> RubberSession:
        """The session with a forgotten deal put in as deal ``number`` (1 to one past the
        end, across rubbers); where each later rubber starts is worked out again."""
        index = _session_index(number, len(self.deals), allow_end=True)
        new = Deal.of(deal, honours)
        return replace(self, deals=(*self.deals[:index], new, *self.deals[index:]))

    def delete(self, number: int) -> RubberSession:
        """The session without deal ``number`` (1-based, across rubbers)."""
        index = _session_index(number, len(self.deals))
        return replace(self, deals=(*self.deals[:index], *self.deals[index + 1 :]))

    def undo(self) -> RubberSession:
        """The session without its last deal (and no longer stopped)."""
        if not self.deals:
            raise SheetError(_("undo: the sheet has no deals"))
        return replace(self, deals=self.deals[:-1], stopped=False)

    @property
    def starts(self) -> tuple[int, ...]:
        """The session's number of each rubber's first deal (1 for the first rubber)."""
        firsts: list[int] = []
        first = 1
        for rubber in self._rubbers:
            firsts.append(first)
            first += len(rubber.deals)
        return tuple(firsts)

    def __len__(self) -> int:
        return len(self.deals)

    def finish(self) -> RubberSession:
        """Stop play: an unfinished last rubber scores its bonuses."""
        return replace(self, stopped=True)

    @property
    def totals(self) -> Tally:
        """Each side's points over all rubbers."""
        total = Tally()
        for rubber in self._rubbers:
            total = total + rubber.totals
        return total

    @property
    def winner(self) -> Side | None:
        return self.totals.leader

    @property
    def margin(self) -> int:
        return self.totals.margin

    def as_dict(self) -> dict[str, Any]:
        winner = self.winner
        return {
            "kind": "rubber-session",
            "laws": self.laws,
            "rubbers": [r.as_dict() for r in self._rubbers],
            "totals": self.totals.as_dict(),
            "winner": None if winner is None else winner.value,
            "margin": self.margin,
        }


def _session_index(number: int, count: int, *, allow_end: bool = False) -> int:
    if (
        isinstance(number, bool)
        or not isinstance(number, int)
        or not 1 <= number <= count + allow_end
    ):
        if allow_end:
            raise SheetError(
                _(
                    "deal {number!r}: a deal can be put in as deal 1 to {last} of this session",
                    number=number,
                    last=count + 1,
                )
            )
        if count:
            raise SheetError(
                _(
                    "deal {number!r}: no such deal in this session (deals: 1 to {last})",
                    number=number,
                    last=count,
                )
            )
        raise SheetError(
            _("deal {number!r}: no such deal in this session (deals: none yet)", number=number)
        )
    return number - 1
