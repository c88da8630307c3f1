"""A deal's double-dummy table, its par, and the PBN forms other programs write them in.

Double dummy: the tricks each declarer takes in each strain when every player sees every
card (:class:`DoubleDummy`). Par: the result when both sides bid to the best score they
can get against each other's best (:class:`Par`): North-South's score and the par
contracts, sacrifices doubled (``EW 5♥X-1``), the side or the one seat that makes them.

PBN forms read and written here: ``DoubleDummyTricks`` (BridgeComposer's 20 hexadecimal
digits: declarers N, S, E, W, each with NT, S, H, D, C), the rows of an
``OptimumResultTable`` (PBN 2.1, 5.7: ``N NT 9``), ``OptimumScore`` (PBN 2.1, 4.2.7:
``NS 450``, ``EW -100``, and the signed ``NS +90``), ``ParContract`` (``EW 3N+2``,
``NS 4SX-1``, ``E 1N+1``, several joined by ``; ``) and Ruter's ``OptimumContract``
(``3DX S 8``: the contract, one declarer, the tricks taken).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from bridgescore.core._tokens import quote
from bridgescore.core.contract import BOOK, TRICKS_PER_DEAL, Contract
from bridgescore.core.hands import Hands, Rank
from bridgescore.core.notation import Notation
from bridgescore.core.seats import Seat, Side
from bridgescore.core.strains import Doubling, Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.errors import BridgeInputError, Message
from bridgescore.errors import marked as _
from bridgescore.scoring.deal import score


class AnalysisError(BridgeInputError):
    """A double-dummy table or a par that cannot be read (a file's tag, a solver's answer)."""


PBN_DECLARERS: Final = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
"""The declarers in the order ``DoubleDummyTricks`` and ``OptimumResultTable`` list them."""
PBN_STRAINS: Final = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
"""The strains in the order ``DoubleDummyTricks`` lists them for each declarer."""

_PBN_STRAIN: Final = {"N": Strain.NOTRUMP, "NT": Strain.NOTRUMP, "S": Strain.SPADES,
                      "H": Strain.HEARTS, "D": Strain.DIAMONDS, "C": Strain.CLUBS}  # fmt: skip
_HEX: Final = re.compile(r"[0-9a-dA-D]{20}")


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """The tricks each declarer takes double dummy in each strain.

    ``tricks[seat][strain]``: seats North, East, South, West; strains clubs, diamonds,
    hearts, spades, notrump (the library's orders, :class:`Seat` and :class:`Strain`).
    """

    tricks: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        rows = self.tricks
        if len(rows) != 4 or any(len(row) != 5 for row in rows):
            raise AnalysisError(_("a double-dummy table has 4 declarers by 5 strains"))
        for row in rows:
            for count in row:
                if isinstance(count, bool) or not isinstance(count, int):
                    raise AnalysisError(
                        _("{count!r}: double-dummy tricks are whole numbers", count=count)
                    )
                if not 0 <= count <= TRICKS_PER_DEAL:
                    raise AnalysisError(_("{count}: double-dummy tricks are 0 to 13", count=count))

    def of(self, declarer: Seat, strain: Strain) -> int:
        """The tricks ``declarer`` takes in ``strain``."""
        return self.tricks[declarer][strain]

    def level_made(self, declarer: Seat, strain: Strain) -> int:
        """The highest level ``declarer`` makes in ``strain`` (0: not even one)."""
        return max(0, self.of(declarer, strain) - BOOK)

    @classmethod
    def of_table(cls, table: Mapping[Seat, Mapping[Strain, int]]) -> DoubleDummy:
        return cls(tuple(tuple(table[seat][strain] for strain in Strain) for seat in Seat))

    # --- PBN ---------------------------------------------------------------------------

    @classmethod
    def from_pbn(cls, text: str) -> DoubleDummy:
        """BridgeComposer's ``DoubleDummyTricks``: 20 hexadecimal digits, declarers N, S,
        E, W, each with NT, S, H, D, C (``d`` is 13)."""
        stripped = text.strip()
        if not _HEX.fullmatch(stripped):
            raise AnalysisError(
                _(
                    "{text}: DoubleDummyTricks is 20 hexadecimal digits 0-d (declarers N, S,"
                    " E, W, each with NT, S, H, D, C)",
                    text=quote(text),
                )
            )
        table: dict[Seat, dict[Strain, int]] = {seat: {} for seat in Seat}
        digits = iter(stripped)
        for seat in PBN_DECLARERS:
            for strain in PBN_STRAINS:
                table[seat][strain] = int(next(digits), 16)
        return cls.of_table(table)

    def to_pbn(self) -> str:
        """The ``DoubleDummyTricks`` form (read back by :meth:`from_pbn`)."""
        return "".join(
            format(self.of(seat, strain), "x") for seat in PBN_DECLARERS for strain in PBN_STRAINS
        )

    @classmethod
    def from_rows(cls, rows: Iterable[tuple[str, str, str]]) -> DoubleDummy:
        """The rows of an ``OptimumResultTable`` (``Declarer;Denomination;Result``):
        each declarer in each strain exactly once."""
        table: dict[Seat, dict[Strain, int]] = {seat: {} for seat in Seat}
        for declarer, denomination, result in rows:
            seat = _pbn_seat(declarer)
            strain = _pbn_strain(denomination)
            if strain in table[seat]:
                raise AnalysisError(
                    _(
                        "OptimumResultTable gives {seat} {strain} twice",
                        seat=seat.letter,
                        strain=strain.letter,
                    )
                )
            if not result.strip().isdigit():
                raise AnalysisError(_("{text}: tricks are a number, 0 to 13", text=quote(result)))
            table[seat][strain] = int(result)
        missing = [
            f"{seat.letter} {strain.letter}"
            for seat in PBN_DECLARERS
            for strain in PBN_STRAINS
            if strain not in table[seat]
        ]
        if missing:
            raise AnalysisError(
                _("OptimumResultTable has no row for {missing}", missing=", ".join(missing))
            )
        return cls.of_table(table)

    def rows(self) -> list[tuple[str, str, int]]:
        """The ``OptimumResultTable`` rows (declarers N, S, E, W; strains NT, S, H, D, C)."""
        return [
            (seat.letter, strain.letter, self.of(seat, strain))
            for seat in PBN_DECLARERS
            for strain in PBN_STRAINS
        ]


def _pbn_seat(text: str) -> Seat:
    folded = text.strip().upper()
    if folded not in ("N", "E", "S", "W"):
        raise AnalysisError(_("{text}: a declarer is N, E, S or W", text=quote(text)))
    return Seat("NESW".index(folded))


def _pbn_strain(text: str) -> Strain:
    folded = text.strip().upper()
    found = _PBN_STRAIN.get(folded)
    if found is None:
        raise AnalysisError(_("{text}: a strain is NT, S, H, D or C", text=quote(text)))
    return found


_PAR_RE: Final = re.compile(
    r"^(?P<who>NS|EW|N|E|S|W)\s*(?P<level>[1-7])(?P<strain>NT|N|S|H|D|C)(?P<x>X*)"
    r"(?P<diff>=|[+-]\d{1,2})?$"
)
_RUTER_RE: Final = re.compile(
    r"^(?P<level>[1-7])(?P<strain>NT|N|S|H|D|C)(?P<x>X*)\s+(?P<who>[NESW])\s+(?P<tricks>\d{1,2})$"
)
_PASS_WORDS: Final = frozenset({"PASS", "P", "AP", "ALLPASS"})


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: level, strain, doubled or not (a sacrifice is doubled, a
    contract that makes is not), who declares it (both seats of a side, or the one seat
    that makes it), and the tricks taken double dummy."""

    level: int
    strain: Strain
    doubled: bool
    declarers: tuple[Seat, ...]
    tricks: int

    def __post_init__(self) -> None:
        Contract(self.level, self.strain)  # says what is wrong with the level or strain
        seats = self.declarers
        if not seats or len(seats) > 2 or len(set(seats)) != len(seats):
            raise AnalysisError(_("a par contract is declared by one seat or by a side"))
        if len(seats) == 2 and seats[0].side is not seats[1].side:
            raise AnalysisError(_("a par contract's two declarers are partners"))
        object.__setattr__(self, "declarers", tuple(sorted(seats)))
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int):
            raise AnalysisError(_("{tricks!r}: tricks are 0 to 13", tricks=self.tricks))
        if not 0 <= self.tricks <= TRICKS_PER_DEAL:
            raise AnalysisError(_("{tricks}: tricks are 0 to 13", tricks=self.tricks))

    @property
    def side(self) -> Side:
        return self.declarers[0].side

    @property
    def difference(self) -> int:
        """Over- (positive) or undertricks (negative) against the contract."""
        return self.tricks - (self.level + BOOK)

    def contract(self, declarer: Seat | None = None) -> Contract:
        doubling = Doubling.DOUBLED if self.doubled else Doubling.UNDOUBLED
        return Contract(self.level, self.strain, doubling, declarer)

    def ns_score(self, vulnerability: Vulnerability) -> int:
        """North-South's score for it on a board where ``vulnerability`` holds."""
        played = self.contract(self.declarers[0])
        return score(played, self.tricks, vulnerability=vulnerability).ns_score

    def _who(self, notation: Notation | None) -> str:
        if len(self.declarers) == 2:
            return notation.side(self.side) if notation is not None else self.side.value
        seat = self.declarers[0]
        return notation.seat(seat) if notation is not None else seat.letter

    def _diff(self) -> str:
        return "=" if self.difference == 0 else f"{self.difference:+d}"

    def text(self, notation: Notation) -> str:
        """As a player reads it in ``notation``'s language: ``EW 3NT+2``, ``E 4♠X-1``
        (Finnish: South), ``EO 5♥X-1`` (Spanish)."""
        return f"{self._who(notation)} {notation.contract(self.contract())}{self._diff()}"

    def to_pbn(self) -> str:
        """The ``ParContract`` form: ``NS 4SX-1``, ``E 1N+1``."""
        strain = "N" if self.strain is Strain.NOTRUMP else self.strain.letter
        return f"{self._who(None)} {self.level}{strain}{'X' if self.doubled else ''}{self._diff()}"

    def __str__(self) -> str:
        return self.to_pbn()

    @classmethod
    def from_pbn(cls, text: str) -> ParContract:
        """One contract of a ``ParContract`` tag (``EW 3N+2``, ``NS 4SX-1``, ``E 1N+1``)."""
        found = _PAR_RE.fullmatch(text.strip().upper())
        if found is None:
            raise AnalysisError(
                _(
                    "{text}: a par contract is who declares, the contract and the result,"
                    " like EW 3N+2, NS 4SX-1 or E 1N+1",
                    text=quote(text),
                )
            )
        level = int(found["level"])
        return cls(
            level,
            _pbn_strain(found["strain"]),
            _doubled(found["x"], text),
            _declarers(found["who"]),
            level + BOOK + (0 if found["diff"] in (None, "=") else int(found["diff"])),
        )

    @classmethod
    def from_ruter(cls, text: str) -> ParContract:
        """Ruter's ``OptimumContract``: ``4N E 10``, ``3DX S 8`` (contract, declarer, tricks)."""
        found = _RUTER_RE.fullmatch(text.strip().upper())
        if found is None:
            raise AnalysisError(
                _(
                    "{text}: an optimum contract is the contract, the declarer and the"
                    " tricks, like 3DX S 8",
                    text=quote(text),
                )
            )
        return cls(
            int(found["level"]),
            _pbn_strain(found["strain"]),
            _doubled(found["x"], text),
            _declarers(found["who"]),
            int(found["tricks"]),
        )

    def covers(self, other: ParContract) -> bool:
        """Whether ``other`` names this contract: a file may name one seat of a side, and
        Ruter names a contract that makes at the level of the tricks taken (``4N E 10``
        for ``E 3N+1``: the same tricks, the same score at any vulnerability)."""
        if (self.strain, self.doubled, self.tricks) != (other.strain, other.doubled, other.tricks):
            return False
        if not set(other.declarers) <= set(self.declarers):
            return False
        if self.level == other.level:
            return True
        return not self.doubled and all(
            self.ns_score(vulnerability) == other.ns_score(vulnerability)
            for vulnerability in Vulnerability
        )


def _doubled(marks: str, text: str) -> bool:
    if len(marks) > 1:
        raise AnalysisError(_("{text}: a par contract is never redoubled", text=quote(text)))
    return marks == "X"


def _declarers(who: str) -> tuple[Seat, ...]:
    if who in ("NS", "EW"):
        return Side(who).seats
    return (Seat("NESW".index(who)),)


_SCORE_RE: Final = re.compile(r"^(?P<side>NS|EW)\s*(?P<score>[+-]?\d{1,5})$")


@dataclass(frozen=True, slots=True)
class Par:
    """A deal's par: North-South's score and the par contracts (none when the deal is
    passed out; ``None`` when a file gives the score only)."""

    score: int
    contracts: tuple[ParContract, ...] | None = ()

    def __post_init__(self) -> None:
        if isinstance(self.score, bool) or not isinstance(self.score, int):
            raise AnalysisError(_("{score!r}: a par score is a whole number", score=self.score))

    @property
    def passed_out(self) -> bool:
        return self.contracts == ()

    @staticmethod
    def parse_score(text: str) -> int:
        """``OptimumScore`` as North-South's score: ``NS 450``, ``EW -100`` (East-West's
        score, so North-South's +100), ``NS +90``."""
        found = _SCORE_RE.fullmatch(text.strip().upper())
        if found is None:
            raise AnalysisError(
                _(
                    "{text}: an optimum score is a side and its score, like NS 450 or EW -100",
                    text=quote(text),
                )
            )
        points = int(found["score"])
        return points if found["side"] == "NS" else -points

    def score_to_pbn(self) -> str:
        """``OptimumScore`` as BridgeComposer writes it: the par contract's side and its
        score (``EW 460``, ``EW -100``), ``NS`` and North-South's when passed out."""
        if self.contracts:
            side = self.contracts[0].side
            return f"{side.value} {self.score if side is Side.NS else -self.score}"
        return f"NS {self.score}"

    @staticmethod
    def parse_contracts(text: str) -> tuple[ParContract, ...]:
        """``ParContract``: one or more contracts joined by ``;`` (``Pass``: none)."""
        stripped = text.strip()
        if stripped.upper().replace(" ", "") in _PASS_WORDS:
            return ()
        return tuple(
            ParContract.from_pbn(part.strip()) for part in stripped.split(";") if part.strip()
        )

    def contracts_to_pbn(self) -> str:
        if not self.contracts:
            return "Pass"
        return "; ".join(c.to_pbn() for c in self.contracts)

    def text(self, notation: Notation) -> str:
        """The par contracts as a player reads them (``EW 5♣X-1; EW 5♥X-1``, ``Pass``)."""
        if self.contracts is None:
            return ""
        if not self.contracts:
            return notation.passed
        return "; ".join(c.text(notation) for c in self.contracts)


@dataclass(frozen=True, slots=True)
class Analysis:
    """What is known of a deal's analysis: its double-dummy table and its par (either may
    be missing where a file gives only the other)."""

    tricks: DoubleDummy | None = None
    par: Par | None = None

    def differences(self, solved: Analysis) -> list[Message]:
        """What in this (a file's) analysis the solver's ``solved`` contradicts, each
        named: the tricks of a declarer in a strain, the par score, the par contracts."""
        out: list[Message] = []
        if self.tricks is not None and solved.tricks is not None and self.tricks != solved.tricks:
            wrong = ", ".join(
                f"{seat.letter} {strain.letter} {self.tricks.of(seat, strain)}"
                f"→{solved.tricks.of(seat, strain)}"
                for seat in PBN_DECLARERS
                for strain in PBN_STRAINS
                if self.tricks.of(seat, strain) != solved.tricks.of(seat, strain)
            )
            out.append(_("double-dummy tricks differ ({wrong})", wrong=wrong))
        if self.par is None or solved.par is None:
            return out
        if self.par.score != solved.par.score:
            out.append(
                _(
                    "par score NS {file:+d} in the file, NS {solver:+d} by the solver",
                    file=self.par.score,
                    solver=solved.par.score,
                )
            )
        kept, found = self.par.contracts, solved.par.contracts
        if kept is not None and found is not None and not _same_contracts(kept, found):
            out.append(
                _(
                    "par contract {file} in the file, {solver} by the solver",
                    file=Par(0, kept).contracts_to_pbn(),
                    solver=Par(0, found).contracts_to_pbn(),
                )
            )
        return out


def _same_contracts(kept: tuple[ParContract, ...], found: tuple[ParContract, ...]) -> bool:
    """Whether a file's par contracts name the solver's: every one the file names is the
    solver's (a file may name one seat of a side, or only one of several)."""
    if not kept:
        return not found
    return all(any(mine.covers(theirs) for mine in found) for theirs in kept)


_POINTS: Final = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


def high_card_points(hands: Hands) -> dict[Seat, int | None]:
    """Each hand's high-card points (ace 4, king 3, queen 2, jack 1); ``None`` where the
    hand is not known."""
    out: dict[Seat, int | None] = {}
    for seat in Seat:
        cards = hands.hand(seat)
        out[seat] = None if cards is None else sum(_POINTS.get(c.rank, 0) for c in cards)
    return out


def to_tags(analysis: Analysis) -> dict[str, str]:
    """The analysis as PBN tags (``DoubleDummyTricks``, ``OptimumScore``,
    ``ParContract``): what a PBN file writes and what the web app keeps."""
    tags: dict[str, str] = {}
    if analysis.tricks is not None:
        tags["DoubleDummyTricks"] = analysis.tricks.to_pbn()
    if analysis.par is not None:
        tags["OptimumScore"] = analysis.par.score_to_pbn()
        if analysis.par.contracts is not None:
            tags["ParContract"] = analysis.par.contracts_to_pbn()
    return tags


def from_tags(tags: Mapping[str, str]) -> Analysis:
    """An analysis read back from :func:`to_tags`' tags (any of them may be missing)."""
    tricks = tags.get("DoubleDummyTricks")
    score_text = tags.get("OptimumScore")
    contracts = tags.get("ParContract")
    par = None
    if score_text is not None:
        par = Par(
            Par.parse_score(score_text),
            None if contracts is None else Par.parse_contracts(contracts),
        )
    return Analysis(None if tricks is None else DoubleDummy.from_pbn(tricks), par)
