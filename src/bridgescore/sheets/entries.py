"""What goes on a score sheet: one entry per element, and a pair of per-side numbers.

A sheet is a list of :class:`SheetEntry` values: who wrote how many points for
what. Totals are sums of entries, never running state kept on the side.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Final

from bridgescore.core.seats import Side
from bridgescore.i18n import gettext_noop
from bridgescore.scoring.deal import ScoreBreakdown


class ScoreItem(Enum):
    """The kind of points an entry records; only contract points go below the line."""

    CONTRACT_POINTS = "contract points"
    OVERTRICKS = "overtricks"
    SLAM_BONUS = "slam bonus"
    INSULT_BONUS = "insult bonus"
    UNDERTRICKS = "undertricks"
    HONOURS = "honours"
    GAME_BONUS = "game bonus"
    PARTSCORE_BONUS = "partscore bonus"
    FOURTH_DEAL_PARTSCORE = "fourth-deal partscore"
    RUBBER_BONUS = "rubber bonus"
    UNFINISHED_GAME = "unfinished rubber: game"
    UNFINISHED_PARTSCORE = "unfinished rubber: partscore"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"ScoreItem.{self.name}"

    def shown(self, gettext: Callable[[str], str] | None = None) -> str:
        """What the entry is for, as a sheet writes it, in ``gettext``'s language (the web
        app's and the CLI's own gettext; English without one).

        >>> ScoreItem.RUBBER_BONUS.shown()
        'rubber bonus'
        """
        name = ITEM_NAMES[self]
        return gettext(name) if gettext else name


ITEM_NAMES: Final[Mapping[ScoreItem, str]] = MappingProxyType(
    {
        ScoreItem.CONTRACT_POINTS: gettext_noop("contract points"),
        ScoreItem.OVERTRICKS: gettext_noop("overtricks"),
        ScoreItem.SLAM_BONUS: gettext_noop("slam bonus"),
        ScoreItem.INSULT_BONUS: gettext_noop("insult bonus"),
        ScoreItem.UNDERTRICKS: gettext_noop("undertricks"),
        ScoreItem.HONOURS: gettext_noop("honours"),
        ScoreItem.GAME_BONUS: gettext_noop("game bonus"),
        ScoreItem.PARTSCORE_BONUS: gettext_noop("partscore bonus"),
        ScoreItem.FOURTH_DEAL_PARTSCORE: gettext_noop("fourth-deal partscore"),
        ScoreItem.RUBBER_BONUS: gettext_noop("rubber bonus"),
        ScoreItem.UNFINISHED_GAME: gettext_noop("unfinished rubber: game"),
        ScoreItem.UNFINISHED_PARTSCORE: gettext_noop("unfinished rubber: partscore"),
    }
)
"""Each kind of entry's name, as a sheet writes it: the one table the terminal's sheet and
the score pad translate (each through its own gettext)."""


@dataclass(frozen=True, slots=True)
class Tally:
    """One number for each side: North-South's and East-West's."""

    ns: int = 0
    ew: int = 0

    def __getitem__(self, side: Side) -> int:
        return self.ns if side is Side.NS else self.ew

    def plus(self, side: Side, points: int) -> Tally:
        """This tally with ``points`` more for ``side``."""
        if side is Side.NS:
            return Tally(self.ns + points, self.ew)
        return Tally(self.ns, self.ew + points)

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.ns + other.ns, self.ew + other.ew)

    @property
    def leader(self) -> Side | None:
        """The side with more, or ``None`` when level."""
        if self.ns == self.ew:
            return None
        return Side.NS if self.ns > self.ew else Side.EW

    @property
    def margin(self) -> int:
        """How far the leader is ahead (0 when level)."""
        return abs(self.ns - self.ew)

    def as_dict(self) -> dict[str, int]:
        return {"NS": self.ns, "EW": self.ew}

    @classmethod
    def of(cls, entries: Iterable[SheetEntry]) -> Tally:
        """The sum of ``entries`` for each side."""
        ns = ew = 0
        for entry in entries:
            if entry.side is Side.NS:
                ns += entry.points
            else:
                ew += entry.points
        return cls(ns, ew)


@dataclass(frozen=True, slots=True)
class SheetEntry:
    """Points one side writes on the sheet, and what they are for."""

    side: Side
    points: int
    item: ScoreItem

    @property
    def below_the_line(self) -> bool:
        """Contract points go below the line; everything else above it."""
        return self.item is ScoreItem.CONTRACT_POINTS

    def as_dict(self) -> dict[str, object]:
        return {
            "side": self.side.value,
            "points": self.points,
            "item": self.item.value,
            "below_the_line": self.below_the_line,
        }

    def __str__(self) -> str:
        return f"{self.side} {self.points} {self.item}"


def breakdown_entries(
    breakdown: ScoreBreakdown, *, duplicate_bonuses: bool
) -> tuple[SheetEntry, ...]:
    """The non-zero elements of one deal's score, each credited to its side.

    The declaring side gets its made points; the defenders get the penalty.
    ``duplicate_bonuses`` keeps the duplicate game and partscore bonuses, which a
    rubber sheet (and a classic Chicago sheet) replace with their own.
    """
    declaring = breakdown.declarer_side
    if declaring is None:
        return ()
    made = [
        (ScoreItem.CONTRACT_POINTS, breakdown.contract_points),
        (ScoreItem.OVERTRICKS, breakdown.overtrick_points),
        (ScoreItem.SLAM_BONUS, breakdown.slam_bonus),
        (ScoreItem.INSULT_BONUS, breakdown.insult_bonus),
    ]
    if duplicate_bonuses:
        made += [
            (ScoreItem.GAME_BONUS, breakdown.game_bonus),
            (ScoreItem.PARTSCORE_BONUS, breakdown.partscore_bonus),
        ]
    entries = [SheetEntry(declaring, points, item) for item, points in made if points]
    if breakdown.undertrick_penalty:
        entries.append(
            SheetEntry(declaring.opponents, breakdown.undertrick_penalty, ScoreItem.UNDERTRICKS)
        )
    return tuple(entries)


class Scored:
    """What every sheet derives from its entries: the totals, who leads, and by how much."""

    __slots__ = ()

    @property
    def entries(self) -> tuple[SheetEntry, ...]:
        raise NotImplementedError

    @property
    def totals(self) -> Tally:
        """Each side's total: the sum of every entry it wrote."""
        return Tally.of(self.entries)

    @property
    def winner(self) -> Side | None:
        """The side with more points (``None`` when level)."""
        return self.totals.leader

    @property
    def margin(self) -> int:
        """By how many points the leader is ahead."""
        return self.totals.margin
