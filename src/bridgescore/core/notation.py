"""How players of each language write a contract and its result: one notation per language.

A :class:`Notation` holds a language's seat letters, strain letters, doubling marks, the
word for a passed-out deal and the sides' abbreviations, and both reads and writes them:
``notation.result(r)`` is read back by ``notation.parse_result`` to the same result.

============  ==================  =====================  =======================
              English             Finnish                Spanish
============  ==================  =====================  =======================
seats         N E S W             P I E L                N E S O
sides         NS EW               PE IL                  NS EO
pairs         3NS 3EW A3EW        3PE 3IL A3IL           3NS 3EO A3EO
strains       C D H S NT          ♣ ♦ ♥ ♠ NT (C D H S)   ♣ ♦ ♥ ♠ ST (T D C P)
doubling      X XX                X XX                   X XX
passed out    Pass                Passi                  Paso
result        = +1 -2 or tricks   the same               the same
card's suit   C D H S, ♣ ♦ ♥ ♠    C D H S (P), ♣ ♦ ♥ ♠   T D C P, ♣ ♦ ♥ ♠
card's rank   A K Q J 10 (T)      A K Q J 10             A K Q J 10 (R D V)
============  ==================  =====================  =======================

What a player types is read in the language first. A token the language does not use is
read as another language writes it when that reading is the only one (``4H`` is hearts in
Spanish too, ``W`` is West in Finnish), so a player who writes the international letters
is understood. Where the language and English read one letter two ways (Spanish ``C`` is
corazones, hearts, and English ``C`` clubs; Finnish ``E`` is etelä, South, and English
``E`` East) the language wins and the reading says so (:attr:`Reading.crossed`), for the
contract to be shown back in words before it is kept. A token that stands for two things
in the language itself (Finnish ``R``: ruutu or risti) is refused, naming both: a
question, never a guess. Suit symbols are read in every language. See docs/laws.md,
"Writing a contract", and docs/glossary.md for the sources.

A card (an opening lead) is read the same way, the suit first or the rank first (``CA``,
``AC``, ``♥A``: in Spanish the ace of hearts, corazones; ``RP`` the king of spades, rey de
picas), and written suit first (:meth:`Notation.card`). Where English reads the same
letters as another card (``CA``, the ace of clubs) the reading says so
(:attr:`CardReading.english`), to be said back before it is kept.

>>> fi = notation_for("fi")
>>> fi.result(fi.parse_result("4♠X E -2")), fi.seat(Seat.SOUTH), fi.side(Side.EW)
('4♠XE-2', 'E', 'IL')
>>> es = notation_for("es")
>>> r = es.parse_result("4C O =")
>>> es.result(r), ENGLISH.result(r)
('4♥O=', '4HW=')
>>> read = es.read_card("CA")
>>> str(read.card), es.card(read.card), str(read.english), es.card(es.parse_card("rp"))
('HA', '♥A', 'CA', '♠K')

A pair's id names its direction as the movements and the files name a Mitchell's pairs,
the international way (``3EW``, ``A3NS``): what is kept, linked and written to files. A
reader reads it in their notation (:meth:`Notation.pair`: ``3IL`` in Finnish, ``A3EO`` in
Spanish) and may type it either way (:meth:`Notation.find_pair`: ``3IL`` and ``3EW`` are
the same pair to a Finnish director); a Howell's pairs (``3``, ``A3``) have no direction.

>>> fi.pair("3EW"), es.pair("A3EW"), fi.pair("A3"), fi.find_pair("3il", ["3NS", "3EW"])
('3IL', 'A3EO', 'A3', '3EW')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Final

from bridgescore.core._tokens import normalise, quote, small_int
from bridgescore.core.contract import (
    PASSED_OUT,
    TRICKS_PER_DEAL,
    Contract,
    PassedOut,
    TableResult,
)
from bridgescore.core.hands import Card, DealError, Rank
from bridgescore.core.seats import Seat, Side
from bridgescore.core.strains import Doubling, Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.errors import (
    BridgeError,
    BridgeInputError,
    ContractError,
    Message,
    Notated,
    PairError,
    ResultError,
    SeatError,
    StrainError,
    listed,
)
from bridgescore.errors import marked as _

SYMBOLS: Final[Mapping[str, Strain]] = MappingProxyType(
    {"♣": Strain.CLUBS, "♦": Strain.DIAMONDS, "♢": Strain.DIAMONDS, "♥": Strain.HEARTS,
     "♡": Strain.HEARTS, "♠": Strain.SPADES}
)  # fmt: skip
"""The suit symbols, read in every language."""

_SUIT_SYMBOL: Final = ("♣", "♦", "♥", "♠")

_STRAIN_NAMES: Final[Mapping[str, Strain]] = MappingProxyType(
    {
        # English
        "CLUB": Strain.CLUBS, "CLUBS": Strain.CLUBS, "DIAMOND": Strain.DIAMONDS,
        "DIAMONDS": Strain.DIAMONDS, "HEART": Strain.HEARTS, "HEARTS": Strain.HEARTS,
        "SPADE": Strain.SPADES, "SPADES": Strain.SPADES, "NOTRUMP": Strain.NOTRUMP,
        "NOTRUMPS": Strain.NOTRUMP,
        # Finnish, the name and the partitive after a number (3 sangia, 4 herttaa)
        "PATA": Strain.SPADES, "PATAA": Strain.SPADES, "HERTTA": Strain.HEARTS,
        "HERTTAA": Strain.HEARTS, "RUUTU": Strain.DIAMONDS, "RUUTUA": Strain.DIAMONDS,
        "RISTI": Strain.CLUBS, "RISTIÄ": Strain.CLUBS, "RISTIA": Strain.CLUBS,
        "SANGI": Strain.NOTRUMP, "SANGIA": Strain.NOTRUMP,
        # Spanish
        "PICA": Strain.SPADES, "PICAS": Strain.SPADES, "CORAZÓN": Strain.HEARTS,
        "CORAZON": Strain.HEARTS, "CORAZONES": Strain.HEARTS, "DIAMANTE": Strain.DIAMONDS,
        "DIAMANTES": Strain.DIAMONDS, "TRÉBOL": Strain.CLUBS, "TREBOL": Strain.CLUBS,
        "TRÉBOLES": Strain.CLUBS, "TREBOLES": Strain.CLUBS, "SIN TRIUNFO": Strain.NOTRUMP,
        "SIN TRIUNFOS": Strain.NOTRUMP,
    }
)  # fmt: skip
"""Every language's names of the strains: each names one strain only, so all are read
in every language."""

_SEAT_NAMES: Final[Mapping[str, Seat]] = MappingProxyType(
    {
        "NORTH": Seat.NORTH, "EAST": Seat.EAST, "SOUTH": Seat.SOUTH, "WEST": Seat.WEST,
        "POHJOINEN": Seat.NORTH, "ITÄ": Seat.EAST, "ITA": Seat.EAST, "ETELÄ": Seat.SOUTH,
        "ETELA": Seat.SOUTH, "LÄNSI": Seat.WEST, "LANSI": Seat.WEST,
        "NORTE": Seat.NORTH, "ESTE": Seat.EAST, "SUR": Seat.SOUTH, "OESTE": Seat.WEST,
    }
)  # fmt: skip
"""Every language's names of the seats (each names one seat only)."""

_PASS_WORDS: Final = frozenset(
    {"PASS", "P", "AP", "ALLPASS", "PASSED", "PASSEDOUT", "PASSOUT", "PASSES", "PO"}
    | {"PASO", "TODOSPASAN"}  # Spanish: "paso", "todos pasan"
    | {"PASSI", "OHI", "PASSATTU"}  # Finnish: "passi", "ohi", "passattu"
)
"""A passed-out deal as players of the three languages write it, read in every one."""

_DOUBLING_MARKS: Final[Mapping[str, Doubling]] = MappingProxyType(
    {"X": Doubling.DOUBLED, "*": Doubling.DOUBLED, "XX": Doubling.REDOUBLED,
     "**": Doubling.REDOUBLED}
)  # fmt: skip

_LETTERS: Final = "A-ZÄÖÅÉÓÍÁÚÑ"


def _fold(text: str) -> str:
    return text.strip().upper().replace("-", "").replace(" ", "").replace("_", "")


@dataclass(frozen=True, slots=True)
class Crossed:
    """A token read in the language where English reads it otherwise: Spanish ``C``
    (corazones, not clubs), Finnish ``E`` (etelä, South, not East)."""

    token: str
    here: Strain | Seat
    english: Strain | Seat


@dataclass(frozen=True, slots=True)
class Reading:
    """What a typed result was read as, and which of its tokens the language read
    otherwise than English would (show the result back in words before keeping it)."""

    result: TableResult
    crossed: tuple[Crossed, ...] = ()


@dataclass(frozen=True, slots=True)
class CardReading:
    """What a typed card was read as, and what English reads the same letters as where
    that is another card (Spanish ``CA``: the ace of hearts here, of clubs in English):
    say the card back in words before keeping it."""

    card: Card
    english: Card | None = None

    @property
    def crossed(self) -> bool:
        """Whether English reads the same letters as another card."""
        return self.english is not None


@dataclass(frozen=True, eq=False)
class Notation:
    """One language's way of writing contracts and results (see the module's table).

    ``seats`` are the letters of North, East, South, West; ``strains`` the letters of
    clubs, diamonds, hearts, spades and notrump as typed (the last is also what a report
    writes for notrump); ``sides`` North-South's and East-West's abbreviations;
    ``symbols``: suits are written as ♣ ♦ ♥ ♠ unless a caller asks for letters.
    ``nobody`` and ``everybody`` are who is vulnerable on a board when neither side is or
    both are (``Nadie``/``Todos``; either side alone by ``sides``).
    ``also`` are further spellings of the language's own (``SA`` for sangi); ``honours``
    the word a score sheet's line writes before honours (``6♦E= honores EO 150``).
    ``ranks`` are how a card's ten, jack, queen, king and ace are written, ``also_ranks``
    further letters of the language's own (Spanish ``R`` rey, ``D`` dama, ``V`` valet).
    """

    code: str
    seats: tuple[str, str, str, str]
    strains: tuple[str, str, str, str, str]
    sides: tuple[str, str]
    passed: str
    symbols: bool
    nobody: str = "None"
    everybody: str = "Both"
    also_strains: Mapping[str, Strain] = field(default_factory=dict)
    honours: str = "honours"
    doubled: str = "X"
    redoubled: str = "XX"
    ranks: tuple[str, str, str, str, str] = ("10", "J", "Q", "K", "A")
    also_ranks: Mapping[str, Rank] = field(default_factory=dict)

    # --- writing ------------------------------------------------------------------------

    def seat(self, seat: Seat) -> str:
        """A seat's letter: ``E`` is East in English, South (etelä) in Finnish."""
        return self.seats[seat]

    def side(self, side: Side) -> str:
        """A side's abbreviation: ``NS``/``EW``, ``PE``/``IL``, ``NS``/``EO``."""
        return self.sides[0] if side is Side.NS else self.sides[1]

    def pair(self, pair: str) -> str:
        """A pair's id as the language writes its direction: ``3EW`` is ``3IL`` in
        Finnish, ``A3EW`` is ``A3EO`` in Spanish; a Howell's pair (``3``, ``A3``) and any
        id that names no direction as it is. For a person to read only: files, links and
        what is kept hold the international id."""
        found = _DIRECTED.fullmatch(pair) if isinstance(pair, str) else None
        if found is None:
            return pair
        return found["number"] + self.side(Side(found["side"]))

    def strain(self, strain: Strain, *, symbols: bool | None = None) -> str:
        """A strain: a suit's symbol (or the language's letter), notrump's letters."""
        use = self.symbols if symbols is None else symbols
        if use and strain is not Strain.NOTRUMP:
            return _SUIT_SYMBOL[strain]
        return self.strains[strain]

    def rank(self, rank: Rank) -> str:
        """A card's rank: ``A``, ``K``, ``Q``, ``J``, ``10``, ``9`` ... ``2``."""
        return self.ranks[rank - Rank.TEN] if rank >= Rank.TEN else str(int(rank))

    def card(self, card: Card, *, symbols: bool | None = None) -> str:
        """A card, its suit first: ``♥A``, or in letters ``CA`` (Spanish), ``HA``."""
        return f"{self.strain(card.suit, symbols=symbols)}{self.rank(card.rank)}"

    def vulnerability(self, vulnerability: Vulnerability) -> str:
        """Who is vulnerable: ``None``, ``NS``, ``EW``, ``Both``; ``Ei kukaan``, ``PE``,
        ``IL``, ``Kaikki``; ``Nadie``, ``NS``, ``EO``, ``Todos``."""
        if vulnerability is Vulnerability.NONE:
            return self.nobody
        if vulnerability is Vulnerability.BOTH:
            return self.everybody
        return self.side(Side.NS if vulnerability is Vulnerability.NS else Side.EW)

    def parse_vulnerability(self, text: str) -> Vulnerability:
        """Who is vulnerable as the language writes it, else as English does."""
        if isinstance(text, str):
            folded = normalise(text)
            if folded in (normalise(self.nobody), normalise(self.everybody)):
                return (
                    Vulnerability.NONE if folded == normalise(self.nobody) else Vulnerability.BOTH
                )
            side = self._side_words.get(folded)
            if side is not None:
                return Vulnerability.NS if side is Side.NS else Vulnerability.EW
        return Vulnerability.parse(text)

    def doubling(self, doubling: Doubling) -> str:
        """``''``, ``X`` or ``XX``."""
        return ("", self.doubled, self.redoubled)[doubling]

    def contract(
        self, contract: Contract | PassedOut, *, symbols: bool | None = None, declarer: bool = True
    ) -> str:
        """``4♠XE`` (Finnish, South declares), ``3STO`` (Spanish, letters, West)."""
        if isinstance(contract, PassedOut):
            return self.passed
        who = self.seat(contract.declarer) if declarer and contract.declarer is not None else ""
        strain = self.strain(contract.strain, symbols=symbols)
        return f"{contract.level}{strain}{self.doubling(contract.doubling)}{who}"

    def result(self, result: TableResult, *, symbols: bool | None = None) -> str:
        """``4♠XE-2``, ``3NTP=``, ``Paso``: read back by :meth:`parse_result`."""
        if isinstance(result.contract, PassedOut):
            return self.passed
        return self.contract(result.contract, symbols=symbols) + difference(result)

    def written(self, value: Notated) -> str:
        """A value a message names (:func:`notated`) as this notation writes it: ``7ST``
        in Spanish where the message was kept saying ``7NT``; a kept value that no longer
        reads, as it was written."""
        if value.kind == "pair":
            return self.pair(value.text)
        found = value.value if value.value is not None else _read(value.kind, value.text)
        symbols = _SUITS_WRITTEN[value.kind][1] if value.kind in _SUITS_WRITTEN else None
        if isinstance(found, Contract | PassedOut):
            return self.contract(found, symbols=symbols)
        if isinstance(found, TableResult):
            return self.result(found)
        if isinstance(found, Seat):
            return self.seat(found)
        if isinstance(found, Side):
            return self.side(found)
        if isinstance(found, Strain):
            return self.strain(found, symbols=symbols)
        if isinstance(found, Card):
            return self.card(found, symbols=symbols)
        if isinstance(found, Rank):
            return self._rank_typed(found) if value.kind == _RANK_TYPED else self.rank(found)
        return str(value)

    def as_dict(self) -> dict[str, object]:
        """The notation as data, for a page script to label its buttons with: ``strains``
        as a page shows them (the suits' symbols in every language), ``letters`` as typed."""
        return {
            "language": self.code,
            "seats": {seat.letter: self.seat(seat) for seat in Seat},
            "sides": {side.value: self.side(side) for side in Side},
            "strains": {strain.letter: self.strain(strain, symbols=True) for strain in Strain},
            "letters": {strain.letter: self.strain(strain, symbols=False) for strain in Strain},
            "ranks": {rank.letter: self.rank(rank) for rank in Rank},
            "doubled": self.doubled,
            "redoubled": self.redoubled,
            "passed": self.passed,
            "honours": self.honours,
        }

    # --- reading ------------------------------------------------------------------------

    def parse_seat(self, text: str) -> Seat:
        """A seat as the language writes it (``L``, ``länsi``), else as English does
        where that is the only reading (``W``)."""
        found = self._seat_words.get(normalise(text)) if isinstance(text, str) else None
        if found is None:
            raise SeatError(
                _("{text}: not a seat; use {shown}", text=quote(text), shown=self._seats_listed)
            )
        return found[0]

    def parse_side(self, text: str) -> Side:
        """A side as the language writes it (``IL``, ``E-O``), else as English does."""
        found = self._side_words.get(normalise(text)) if isinstance(text, str) else None
        if found is None:
            raise SeatError(
                _(
                    "{text}: not a side; use {ns} or {ew}",
                    text=quote(text),
                    ns=notated(Side.NS, self),
                    ew=notated(Side.EW, self),
                )
            )
        return found

    def parse_pair(self, text: str) -> str:
        """The international id of a pair's id a person typed, for a pair not yet named
        (a late pair's): its direction as the language writes it (Finnish ``5IL`` is
        ``5EW``) or as the international notation does (``5EW``), in any case and
        spacing; an id that names no direction (``9``, ``A9``) as typed. Letters that are
        one direction in the language and the other in the international notation are
        refused, naming both: a question, never a guess."""
        typed = text.strip()
        found = _TYPED_PAIR.fullmatch(_pair_folded(typed))
        if found is None:
            return typed
        number, letters = found["number"], found["side"]
        own = self._own_sides.get(letters)
        international = _INTERNATIONAL_SIDES.get(letters)
        if own is not None and international is not None and own is not international:
            raise PairError(
                _(
                    "{text}: {letters} is {side} as you write it and {other} in the"
                    " international notation; write {ns} for North-South or {ew} for"
                    " East-West",
                    text=quote(text),
                    letters=letters,
                    side=_SIDE_NAMES[own],
                    other=_SIDE_NAMES[international],
                    ns=self.sides[0],
                    ew=self.sides[1],
                )
            )
        side = own or international
        return typed if side is None else number + side.value

    def find_pair(self, text: str, pairs: Iterable[str]) -> str | None:
        """The pair of ``pairs`` (international ids, as kept) a typed id names, in any
        case and spacing: as the language writes its direction (Finnish ``3IL``) or as
        the international notation does (``3EW``); ``None`` when it names none. An id
        that names one pair as the language reads it and another as it is written is
        refused, naming both."""
        if not isinstance(text, str):
            return None
        typed = _pair_folded(text)
        found = _TYPED_PAIR.fullmatch(typed)
        own = None if found is None else self._own_sides.get(found["side"])
        named = {_pair_folded(pair): pair for pair in pairs}
        if found is None or own is None:
            return named.get(typed)
        read, written = named.get(found["number"] + own.value), named.get(typed)
        if read is not None and written is not None and read != written:
            raise PairError(
                _(
                    "{text}: two pairs go by it: {one}, where {letters} is {side} as you"
                    " write it, and {other}; type the one you mean as the session names it",
                    text=quote(text),
                    one=read,
                    letters=found["side"],
                    side=_SIDE_NAMES[own],
                    other=written,
                )
            )
        return read or written

    def parse_strain(self, text: str) -> Strain:
        """A strain as the language writes it, a symbol or any language's name."""
        if isinstance(text, str):
            self._refuse_ambiguous(text, text)
            found = self._strain_words.get(normalise(text))
            if found is not None:
                return found[0]
        raise StrainError(
            _(
                "{text}: not a strain; use {letters} or {symbols}",
                text=quote(text),
                letters=self._strain_letters,
                symbols=" ".join(_SUIT_SYMBOL),
            )
        )

    def parse_contract(self, text: str) -> Contract | PassedOut:
        """A contract (with or without its declarer) or a passed-out deal."""
        contract, rest, _crossed = self._split(text)
        if rest:
            raise ContractError(
                _(
                    "{text}: unexpected {rest} after the contract; {help}",
                    text=quote(text),
                    rest=quote(rest),
                    help=self._contract_help,
                )
            )
        return contract

    def crossed(self, text: str) -> tuple[Crossed, ...]:
        """The tokens of a contract (``4C O``) the language reads otherwise than English."""
        return self._split(text)[2]

    def parse_result(self, text: str) -> TableResult:
        """A result: ``4♠X E -2``, ``3NT P 10``, ``4C O =`` (Spanish), ``Passi``."""
        return self.read(text).result

    def read(self, text: str) -> Reading:
        """A result and the tokens read in the language where English reads otherwise."""
        contract, rest, crossed = self._split(text)
        if isinstance(contract, PassedOut):
            return Reading(TableResult(PASSED_OUT, None))
        compact = rest.strip()
        if not compact:
            raise ResultError(_("{text}: no result; {help}", text=quote(text), help=_result_help()))
        match = _RESULT_RE.match(compact)
        if match is None:
            raise ResultError(
                _(
                    "{text}: {rest} is not a result; {help}",
                    text=quote(text),
                    rest=quote(rest),
                    help=_result_help(),
                )
            )
        return Reading(TableResult(contract, _tricks(text, self, contract, match)), crossed)

    def parse_card(self, text: str) -> Card:
        """A card as the language writes it, the suit or the rank first (``CA``, ``AC``,
        ``♥A``, ``10♥``; Spanish ``RP``, rey de picas), else as English does where that
        is the only reading (``HA``)."""
        return self.read_card(text).card

    def read_card(self, text: str) -> CardReading:
        """A card, and the card English reads the same letters as where that differs."""
        card = self._card(text)
        if self is ENGLISH:
            return CardReading(card)
        try:
            english = ENGLISH._card(text)
        except BridgeError:
            return CardReading(card)
        return CardReading(card, None if english == card else english)

    # --- the tables, built once per notation ----------------------------------------------

    @cached_property
    def _strain_words(self) -> dict[str, tuple[Strain, Strain | None]]:
        """Each strain token: what it is here, and what English reads it as (if it differs)."""
        own = self._own_strains
        words: dict[str, tuple[Strain, Strain | None]] = {}
        for notation in _FALLBACK_ORDER:
            for letter, strain in notation._own_strains.items():
                words.setdefault(letter, (strain, None))
        english = {letter: Strain(i) for i, letter in enumerate(_ENGLISH_STRAINS)}
        for letter, strain in own.items():
            other = english.get(letter)
            words[letter] = (strain, other if other is not None and other is not strain else None)
        words |= {normalise(k): (v, None) for k, v in _STRAIN_NAMES.items()}
        words |= {k: (v, None) for k, v in SYMBOLS.items()}
        words["N"] = words.get("N", (Strain.NOTRUMP, None))  # 3N: the common shorthand
        return words

    @cached_property
    def _own_strains(self) -> dict[str, Strain]:
        """The language's own strain letters and spellings."""
        own = {letter: Strain(i) for i, letter in enumerate(self.strains)}
        return own | {normalise(k): v for k, v in self.also_strains.items()}

    @cached_property
    def _own_suits(self) -> dict[str, Strain]:
        """The language's own letters of a card's suit (``P`` pata in Finnish)."""
        own = self._own_strains.items()
        return {k: v for k, v in own if v is not Strain.NOTRUMP and len(k) == 1}

    @cached_property
    def _card_suits(self) -> dict[str, tuple[Strain, bool]]:
        """Each suit token of a card: its suit, and whether it is the language's own (a
        symbol is every language's); another language's letter where it is the only one."""
        words: dict[str, tuple[Strain, bool]] = {}
        for notation in _FALLBACK_ORDER:
            for letter, strain in notation._own_suits.items():
                words.setdefault(letter, (strain, False))
        words |= {letter: (strain, True) for letter, strain in self._own_suits.items()}
        return words | {symbol: (strain, True) for symbol, strain in SYMBOLS.items()}

    @cached_property
    def _own_ranks(self) -> dict[str, Rank]:
        ranks = {str(n): Rank(n) for n in range(2, 11)}
        ranks |= {letter: Rank(Rank.TEN + i) for i, letter in enumerate(self.ranks)}
        return ranks | {normalise(k): v for k, v in self.also_ranks.items()}

    @cached_property
    def _card_ranks(self) -> dict[str, tuple[Rank, bool]]:
        """Each rank token of a card, and whether it is the language's own; else the
        international one (``T`` for ten), never another language's: ``R`` is rey (a king)
        in Spanish, and would be rouva (a queen) to a Finnish player."""
        words = {letter: (rank, False) for letter, rank in ENGLISH._own_ranks.items()}
        return words | {letter: (rank, True) for letter, rank in self._own_ranks.items()}

    def _rank_typed(self, rank: Rank) -> str:
        """A rank as the language writes it and its other letters of its own: ``K/R`` in
        Spanish (rey), ``10/T`` in English."""
        others = [k for k, v in self._own_ranks.items() if v is rank and k != self.rank(rank)]
        return "/".join([self.rank(rank), *sorted(others)])

    @cached_property
    def _card_help(self) -> Message:
        """How a card is written, its suits' letters, its ranks and its examples named as
        values (:func:`_example`): a log keeps the help and each reader reads them in
        their own notation (``C, D, H, S``, ``K``, ``HA``; Spanish ``T, D, C, P``,
        ``K/R``, ``CA``), whoever was refused."""
        example = Card(Strain.HEARTS, Rank.ACE)
        return _(
            "write its suit ({letters} or {symbols}) and its rank ({ranks}), like {examples}",
            letters=self._suit_letters,
            symbols=" ".join(_SUIT_SYMBOL),
            ranks=self._ranks_typed,
            examples=listed(
                [_example(example, self, symbols=True), _example(example, self, symbols=False)],
                ", ",
            ),
        )

    @cached_property
    def _seat_words(self) -> dict[str, tuple[Seat, Seat | None]]:
        english = {letter: Seat(i) for i, letter in enumerate(_ENGLISH_SEATS)}
        words: dict[str, tuple[Seat, Seat | None]] = {
            letter: (seat, None) for letter, seat in english.items()
        }
        for i, letter in enumerate(self.seats):
            seat = Seat(i)
            other = english.get(letter)
            words[letter] = (seat, other if other is not None and other is not seat else None)
        words |= {k: (v, None) for k, v in _SEAT_NAMES.items()}
        return words

    @cached_property
    def _side_words(self) -> dict[str, Side]:
        words: dict[str, Side] = {}
        for notation in _FALLBACK_ORDER:
            ns, ew = notation.sides
            words.setdefault(ns, Side.NS)
            words.setdefault(ns[::-1], Side.NS)
            words.setdefault(ew, Side.EW)
            words.setdefault(ew[::-1], Side.EW)
        ns, ew = self.sides
        words |= {ns: Side.NS, ns[::-1]: Side.NS, ew: Side.EW, ew[::-1]: Side.EW}
        return words

    @cached_property
    def _own_sides(self) -> dict[str, Side]:
        """The language's own letters of a pair's direction (``PE``, ``IL``)."""
        return {self.sides[0]: Side.NS, self.sides[1]: Side.EW}

    @cached_property
    def _contract_re(self) -> re.Pattern[str]:
        strains = _alternatives([*self._strain_words, *_STRAIN_NAMES, *_AMBIGUOUS])
        seats = _alternatives(self._seat_words)
        return re.compile(
            rf"""^\s*
            (?P<level>\d+)\s*
            (?P<strain>{strains})\s*
            (?P<doubling>XX|X|\*\*|\*)?\s*
            (?P<declarer>(?:{seats})(?![{_LETTERS}]))?\s*
            (?P<rest>.*?)\s*$""",
            re.VERBOSE,
        )

    @cached_property
    def _seats_listed(self) -> Message:
        """The seats' letters a refusal names, as values (:func:`notated`): each reader
        reads their own (``N, E, S, W``; Finnish ``P, I, E, L``), whoever was refused."""
        return listed([notated(seat, self) for seat in Seat], ", ")

    @cached_property
    def _strain_letters(self) -> Message:
        """The strains' letters a refusal names (``C, D, H, S, NT``; Spanish ``T, D, C,
        P, ST``), as values each reader reads in their own letters."""
        return listed([_example(strain, self, symbols=False) for strain in Strain], ", ")

    @cached_property
    def _suit_letters(self) -> Message:
        """A card's suits' letters a refusal names (``C, D, H, S``; Spanish ``T, D, C,
        P``), as values each reader reads in their own letters."""
        suits = (strain for strain in Strain if strain is not Strain.NOTRUMP)
        return listed([_example(suit, self, symbols=False) for suit in suits], ", ")

    @cached_property
    def _ranks_typed(self) -> Message:
        """A card's ranks a refusal names with every letter of their own (``A, K, Q, J,
        10/T, 2-9``; Spanish ``A, K/R, Q/D, J/V, 10, 2-9``), as values each reader reads
        in their own letters."""
        high = sorted((rank for rank in Rank if rank >= Rank.TEN), reverse=True)
        typed = [Notated(_RANK_TYPED, ENGLISH.rank(r), self._rank_typed(r), r) for r in high]
        return listed([*typed, "2-9"], ", ")

    @cached_property
    def _contract_help(self) -> Message:
        """How a contract is written, its examples named as values (:func:`_example`): a
        log keeps the help and each reader reads them in their own notation (``4S, 4♠,
        3NT``; Spanish ``4P, 4♠, 3ST``), whoever was refused."""
        examples = [
            _example(Contract(4, Strain.SPADES), self, symbols=False),
            _example(Contract(4, Strain.SPADES), self, symbols=True),
            _example(Contract(3, Strain.NOTRUMP), self),
            _example(Contract(4, Strain.SPADES, Doubling.DOUBLED), self, symbols=False),
            _example(Contract(6, Strain.HEARTS, Doubling.REDOUBLED), self, symbols=False),
        ]
        declared = Contract(4, Strain.SPADES, Doubling.DOUBLED, Seat.NORTH)
        return _(
            "write it like {examples} or {passed}, optionally with a declarer ({declared})",
            examples=listed(examples, ", "),
            passed=notated(PASSED_OUT, self),
            declared=_example(declared, self, symbols=False),
        )

    def _refuse_ambiguous(self, token: str, text: str) -> None:
        clash = _AMBIGUOUS.get(normalise(token))
        if clash is not None and normalise(token) not in self._own_strains:
            raise StrainError(
                _(
                    "{text}: {token} is not a strain on its own; it may be {clash}: write the"
                    " suit's symbol or letter ({strains})",
                    text=quote(text),
                    token=quote(token),
                    clash=clash,
                    strains=listed([self._strain_letters, " ".join(_SUIT_SYMBOL)], ", "),
                )
            )

    def _card(self, text: str) -> Card:
        """A card read with the suit first and with the rank first: the reading with more
        of the language's own tokens (Spanish ``TD``: dama de tréboles, not the ten of
        diamonds); two cards as near are a question, never a guess."""
        if not isinstance(text, str):
            raise DealError(_("{text}: not a card; {help}", text=quote(text), help=self._card_help))
        folded = "".join(text.split()).upper()
        readings: dict[Card, int] = {}
        for suit_token, rank_token in ((folded[:1], folded[1:]), (folded[-1:], folded[:-1])):
            suit = self._card_suits.get(suit_token)
            rank = self._card_ranks.get(rank_token)
            if suit is not None and rank is not None:
                card = Card(suit[0], rank[0])
                readings[card] = max(readings.get(card, 0), suit[1] + rank[1])
        if not readings:
            raise self._card_refused(text, folded)
        best = max(readings.values())
        found = sorted(card for card, own in readings.items() if own == best)
        if len(found) > 1:
            raise DealError(
                _(
                    "{text}: {one} or {other}? Write the suit's symbol first ({example})",
                    text=quote(text),
                    one=notated(found[1], self),
                    other=notated(found[0], self),
                    example=self.card(found[1], symbols=True),
                )
            )
        return found[0]

    def _card_refused(self, text: str, folded: str) -> DealError:
        """Why ``text`` is no card: a suit letter that is two suits (Finnish ``R``, where
        it is no rank), else what a card is written with."""
        for suit, rank in ((folded[:1], folded[1:]), (folded[-1:], folded[:-1])):
            clash = _AMBIGUOUS.get(suit)
            if clash is not None and rank in self._card_ranks and suit not in self._card_ranks:
                return DealError(
                    _(
                        "{text}: {token} is not a suit on its own; it may be {clash}: write"
                        " the suit's symbol or letter ({suits})",
                        text=quote(text),
                        token=quote(suit),
                        clash=clash,
                        suits=listed([self._suit_letters, " ".join(_SUIT_SYMBOL)], ", "),
                    )
                )
        return DealError(_("{text}: not a card; {help}", text=quote(text), help=self._card_help))

    def _split(self, text: str) -> tuple[Contract | PassedOut, str, tuple[Crossed, ...]]:
        """The contract, whatever follows it (the result), and the crossed tokens."""
        if not isinstance(text, str):
            raise ContractError(
                _(
                    "{text}: a contract is written as text; {help}",
                    text=quote(text),
                    help=self._contract_help,
                )
            )
        if _fold(text) in _PASS_WORDS:
            return PASSED_OUT, "", ()
        match = self._contract_re.match(text.upper())
        if match is None:
            raise ContractError(
                _("{text}: not a contract; {help}", text=quote(text), help=self._contract_help)
            )
        level = small_int(match["level"])
        if not 1 <= level <= 7:
            raise ContractError(_("{text}: a contract's level is 1 to 7", text=quote(text)))
        token = match["strain"]
        found = self._strain_words.get(token)
        if found is None:  # a name with a space in it, or R
            try:
                self._refuse_ambiguous(token, text)
            except StrainError as error:
                raise ContractError(error.message) from None
            found = self._strain_words[normalise(token)]
        strain, strain_english = found
        crossed: list[Crossed] = []
        if strain_english is not None:
            crossed.append(Crossed(token, strain, strain_english))
        declarer: Seat | None = None
        if match["declarer"]:
            declarer, seat_english = self._seat_words[match["declarer"]]
            if seat_english is not None:
                crossed.append(Crossed(match["declarer"], declarer, seat_english))
        if match["rest"][:1] in ("X", "*"):
            raise ContractError(
                _(
                    "{text}: a contract is undoubled, doubled (X) or redoubled (XX)",
                    text=quote(text),
                )
            )
        doubling = _DOUBLING_MARKS.get(match["doubling"] or "", Doubling.UNDOUBLED)
        contract = Contract(level, strain, doubling, declarer)
        return contract, match["rest"], tuple(crossed)


Named = Contract | PassedOut | TableResult | Seat | Side | Strain | Card | Rank
"""What a message may name in the reader's notation (:func:`notated`)."""

_KINDS: Final[Mapping[type, str]] = MappingProxyType(
    {Contract: "contract", PassedOut: "contract", TableResult: "result", Seat: "seat",
     Side: "side", Strain: "strain", Card: "card", Rank: "rank"}
)  # fmt: skip


def notated(value: Named, written_in: Notation | None = None) -> Notated:
    """``value`` as a message names it: written in each reader's notation where the
    message is shown (:meth:`Notation.written`), else as ``written_in`` writes it (the
    notation the input was read in; the international one without).

    >>> from bridgescore.errors import Reader
    >>> said = Message("{name} can go at most 7 down", name=notated(Contract(1, Strain.NOTRUMP)))
    >>> str(said), said.render(Reader(str, SPANISH.written))
    ('1NT can go at most 7 down', '1ST can go at most 7 down')
    """
    text = ENGLISH.written(Notated("", "", value=value))
    shown = text if written_in is None else written_in.written(Notated("", "", value=value))
    return Notated(_KINDS[type(value)], text, shown, value)


_SUITS_WRITTEN: Final[Mapping[str, tuple[str, bool]]] = MappingProxyType(
    {f"{kind} in {way}": (kind, way == "symbols")
     for kind in ("contract", "strain", "card") for way in ("letters", "symbols")}
)  # fmt: skip
"""The kinds of a contract, a strain or a card named with its suit's letter or its
symbol whatever the reader's notation writes (an example of how to write one: ``4S`` and
``4♠``; the letters to use: ``C, D, H, S``): the kind each is read back as, and which; a
``contract`` is written as the reader's notation writes it."""

_RANK_TYPED: Final = "rank as typed"
"""The kind of a rank named with every letter the reader types it with (``K/R`` to a
Spanish reader, ``K`` to an English one); a ``rank`` is its one letter."""


def _example(
    value: Contract | Strain | Card, written_in: Notation, *, symbols: bool | None = None
) -> Notated:
    """A contract, strain or card a help names as an example or as what to use
    (:func:`notated`), its suit written with its letter or its symbol (``symbols``;
    ``None``: as the reader's notation does): ``4S`` to an English reader, ``4P`` to a
    Spanish one."""
    if symbols is None:
        return notated(value, written_in)
    kind = f"{_KINDS[type(value)]} in {'symbols' if symbols else 'letters'}"
    text = notated(value).text
    return Notated(kind, text, written_in.written(Notated(kind, text, value=value)), value)


def notated_pair(pair: str) -> Notated:
    """A pair's id (international, as kept: ``3EW``) as a message names it: written in
    each reader's notation where the message is shown (``3IL`` to a Finnish reader), as
    kept without a reader.

    >>> from bridgescore.errors import Reader
    >>> said = Message("pair {pair} leaves", pair=notated_pair("A3EW"))
    >>> str(said), said.render(Reader(str, FINNISH.written))
    ('pair A3EW leaves', 'pair A3IL leaves')
    """
    return Notated("pair", pair)


def pair_order(pair: str) -> tuple[str, int, int, str]:
    """Where a pair's id comes in a list a person reads: by section, then by number, a
    table's North-South before its East-West (``A2NS``, ``A2EW``, ``A10NS``, ``B1``), not
    as text sorts them (``A10NS`` before ``A2NS``); an id of another form after, as text.

    >>> sorted(["B1", "A10NS", "A2EW", "A2NS", "3", "12"], key=pair_order)
    ['3', '12', 'A2NS', 'A2EW', 'A10NS', 'B1']
    """
    found = _ORDERED_PAIR.fullmatch(pair)
    if found is None:
        return ("\uffff", 0, 0, pair)
    side = found["side"] or ""
    return (found["section"], int(found["number"]), ("", "NS", "EW").index(side), "")


_ORDERED_PAIR: Final = re.compile(r"(?P<section>[A-Z]?)(?P<number>\d+)(?P<side>NS|EW)?")
"""A pair's id as the movements name it: a section's letter if any, its number, NS or EW
if it has a direction."""


def notated_pairs(pairs: Iterable[str]) -> Message:
    """Pairs' ids listed as a message names them (``1NS, 2EW``), each in the reader's
    notation where it is shown (``1PE, 2IL``)."""
    return listed([notated_pair(pair) for pair in pairs], ", ")


_DIRECTED: Final = re.compile(r"(?P<number>.*\d)(?P<side>NS|EW)")
"""A pair's id that names its direction, as the movements and the files name a
Mitchell's pairs: a number (after its section's letter, ``A3NS``), then NS or EW."""

_TYPED_PAIR: Final = re.compile(rf"(?P<number>.*\d)(?P<side>[{_LETTERS}]{{2}})")
"""A typed pair's id (folded by :func:`_pair_folded`) that may name a direction: a
number, then two letters."""

_INTERNATIONAL_SIDES: Final[Mapping[str, Side]] = MappingProxyType({s.value: s for s in Side})
"""The international letters of a pair's direction, ``NS`` and ``EW``."""

_SIDE_NAMES: Final[Mapping[Side, Message]] = MappingProxyType(
    {Side.NS: _("North-South"), Side.EW: _("East-West")}
)


def _pair_folded(text: str) -> str:
    """A pair's id as compared: its case and its spaces and dashes folded (``3 il``,
    ``3-IL``: ``3IL``)."""
    return normalise(text)


@lru_cache(maxsize=1024)
def _read(kind: str, text: str) -> Named | None:
    """A kept value's international text read back as its ``kind`` (``None``: it no
    longer reads)."""
    readers: dict[str, Callable[[str], Named]] = {
        "contract": ENGLISH.parse_contract,
        "result": ENGLISH.parse_result,
        "seat": ENGLISH.parse_seat,
        "side": ENGLISH.parse_side,
        "strain": ENGLISH.parse_strain,
        "card": ENGLISH.parse_card,
        "rank": Rank.parse,
        _RANK_TYPED: Rank.parse,
    }
    base = _SUITS_WRITTEN[kind][0] if kind in _SUITS_WRITTEN else kind
    reader = readers.get(base)
    try:
        return None if reader is None else reader(text)
    except BridgeError:
        return None


def _alternatives(words: Iterable[str]) -> str:
    """A regex alternation of ``words``, the longest first (``NT`` before ``N``); a space
    in a word matches any space or none (``SIN TRIUNFO``)."""
    ordered = sorted(set(words), key=lambda w: (-len(w), w))
    return "|".join(r"\s*".join(re.escape(part) for part in w.split()) for w in ordered)


def alike(card: Card) -> str:
    """``card`` as every notation reads it as the same card (its suit's symbol, its rank:
    ``♥10``, ``♣A``): how a page sends a card on to be read again, perhaps in another
    language (a result's preview, a result waiting for the opponents' phone)."""
    return f"{_SUIT_SYMBOL[card.suit]}{ENGLISH.rank(card.rank)}"


def difference(result: TableResult) -> str:
    """``=``, ``+1`` or ``-2``: the result against the contract, as every language writes it."""
    diff = result.difference
    return "=" if diff == 0 else f"{diff:+d}"


_RESULT_RE: Final = re.compile(
    r"^(?:(?P<made>=)|(?P<sign>[+\-−])\s*(?P<diff>\d+)|(?P<tricks>\d+))$"
)


def _result_help() -> Message:
    return _("add = for made exactly, +1 / -2 for over- or undertricks, or the tricks taken")


def _tricks(text: str, notation: Notation, contract: Contract, match: re.Match[str]) -> int:
    if match["made"]:
        return contract.tricks_needed
    if match["tricks"] is not None:
        tricks = small_int(match["tricks"])
        if tricks > TRICKS_PER_DEAL:
            raise ResultError(
                _("{text}: a deal has 13 tricks; tricks taken is 0 to 13", text=quote(text))
            )
        return tricks
    diff = small_int(match["diff"])
    if diff == 0:
        raise ResultError(_("{text}: write = for a contract made exactly", text=quote(text)))
    if match["sign"] == "+":
        most = TRICKS_PER_DEAL - contract.tricks_needed
        if diff > most:
            if most:
                raise ResultError(
                    _(
                        "{text}: {name} can make at most 13 tricks (at most +{most})",
                        text=quote(text),
                        name=notated(contract.by(None), notation),
                        most=most,
                    )
                )
            raise ResultError(
                _(
                    "{text}: {name} can make at most 13 tricks; it cannot make an overtrick",
                    text=quote(text),
                    name=notated(contract.by(None), notation),
                )
            )
        return contract.tricks_needed + diff
    if diff > contract.tricks_needed:
        raise ResultError(
            _(
                "{text}: {name} can go at most {most} down",
                text=quote(text),
                name=notated(contract.by(None), notation),
                most=contract.tricks_needed,
            )
        )
    return contract.tricks_needed - diff


_ENGLISH_SEATS: Final = ("N", "E", "S", "W")
_ENGLISH_STRAINS: Final = ("C", "D", "H", "S", "NT")

_AMBIGUOUS: Final[Mapping[str, Message]] = MappingProxyType(
    {"R": _("ruutu (♦) or risti (♣) in Finnish")}
)
"""Letters that stand for two suits in a language: refused in every notation, never guessed."""

ENGLISH: Final = Notation(
    code="en",
    seats=("N", "E", "S", "W"),
    strains=("C", "D", "H", "S", "NT"),
    sides=("NS", "EW"),
    passed="Pass",
    symbols=False,
    also_ranks={"T": Rank.TEN},
)
"""The international notation: what files hold and every report printed before
languages; it reads the other languages' letters where they are the only reading
(``4P`` picas, ``3ST``, ``2T``)."""

FINNISH: Final = Notation(
    code="fi",
    seats=("P", "I", "E", "L"),
    strains=("C", "D", "H", "S", "NT"),
    sides=("PE", "IL"),
    passed="Passi",
    symbols=True,
    nobody="Ei kukaan",
    everybody="Kaikki",
    also_strains={"SA": Strain.NOTRUMP, "P": Strain.SPADES},
    honours="honöörit",
)
"""Finnish: pohjoinen, itä, etelä, länsi; the suits as symbols (typed with the
international letters, as Finnish material writes 1NT, 2NT, 3C); ``SA`` (sangi) and
``P`` (pata) read too; a card's rank A K Q J 10, as Finnish course material writes it."""

SPANISH: Final = Notation(
    code="es",
    seats=("N", "E", "S", "O"),
    strains=("T", "D", "C", "P", "ST"),
    sides=("NS", "EO"),
    passed="Paso",
    symbols=True,
    nobody="Nadie",
    everybody="Todos",
    honours="honores",
    also_ranks={"R": Rank.KING, "D": Rank.QUEEN, "V": Rank.JACK},
)
"""Spanish: norte, este, sur, oeste; tréboles, diamantes, corazones, picas, sin triunfo
(``4C`` is four hearts); a card's rank as the AEB writes it, A K Q J 10, or by the words'
letters, rey, dama, valet (``CR``, ``CD``, ``CV``)."""

_FALLBACK_ORDER: Final = (ENGLISH, SPANISH, FINNISH)
"""Where a token is not the language's own, the first of these that reads it: English
first, so a Finnish ``T`` (no Finnish reading) is Spanish tréboles, and ``P`` in English
is picas or pata, spades either way."""

NOTATIONS: Final[Mapping[str, Notation]] = MappingProxyType(
    {"en": ENGLISH, "fi": FINNISH, "es": SPANISH}
)


def notation_for(language: object) -> Notation:
    """The notation of ``language``: a code (``'fi'``), or anything whose ``value`` or
    ``str()`` is one (the :class:`~bridgescore.i18n.Language` enum)."""
    code = getattr(language, "value", language)
    found = NOTATIONS.get(str(code).lower()[:2])
    if found is None:
        raise BridgeInputError(
            _("{language!r}: no notation for that language; use en, fi or es", language=language)
        )
    return found


__all__ = [
    "ENGLISH",
    "FINNISH",
    "NOTATIONS",
    "SPANISH",
    "SYMBOLS",
    "CardReading",
    "Crossed",
    "Named",
    "Notation",
    "Reading",
    "alike",
    "difference",
    "notated",
    "notated_pair",
    "notated_pairs",
    "notation_for",
    "pair_order",
]
