"""The one kernel that turns a result's fields, as text, into a result row or problems.

Every source of results — the CSV and JSON results files, the PBN and USEBIO readers,
and later the web forms — picks the fields out of its own layout with their places and
hands them here as a :class:`RawResult`. The rules for reading a result, and every
message about one, are written once, below; each message names the field as the
source names it (``score``, ``SCORE``, ``Score_NS``).

The rules:

- An adjusted score (in its own field, or written where the score or the contract
  goes: ``A5050``, ``A+/A-``, ``60%/40%``, ``NP``) is the row; a contract given with it is
  left aside with a warning.
- A contract needs its declarer (in the contract, ``4SXN``, or its own field) and its
  tricks (``10``, or ``=``, ``+1``, ``-2``), except a passed-out deal.
- A written score is checked against the contract. One that contradicts it is a
  warning, and the row is scored from the contract (the facts of the deal); a contract
  that cannot be read beside a score that can is a warning, and the row keeps the
  written score. Strict reading makes both errors, as it does every warning.
- A score alone is the row (whether some contract can produce it is checked with the
  other rows, in :func:`bridgescore.events.model.check_rows`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from bridgescore.core.contract import Contract, PassedOut, TableResult, parse_contract
from bridgescore.core.hands import Card
from bridgescore.core.notation import ENGLISH, Notation, notated
from bridgescore.core.seats import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.duplicate.adjusted import (
    NOT_PLAYED,
    Adjusted,
    Award,
    NotPlayed,
    parse_award,
    parse_entry,
)
from bridgescore.errors import BridgeError, BridgeInputError, Message, Unquoted, listed
from bridgescore.errors import marked as _
from bridgescore.events.model import Location, Problem, ResultRow, Severity, ns_score_of
from bridgescore.io._problems import MarkedText, as_message
from bridgescore.io.text import excerpt
from bridgescore.laws.lawsets import DEFAULT_LAW_SET

_SCORE_RE: Final = re.compile(r"^[+-]?\d+$")
_ADJUSTED_START: Final = re.compile(r"^\s*(A|NP\b|NOT\s*PLAYED|AV)", re.IGNORECASE)
_ADJUSTED_HELP: Final = _("A+/A-, A60/A40, A5050, 60%/40%, A (average), NP (not played)")
_DECLARER_HELP: Final = _(
    "give the declarer: {north}, {east}, {south} or {west}",
    **{seat.name.lower(): notated(seat) for seat in Seat},
)
"""The seats as the reader writes them: ``N, E, S u O`` in Spanish, ``P, I, E tai L`` in
Finnish."""
_TRICKS_HELP: Final = _("give the tricks taken, or =, +1, -2")


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a result as the source wrote it: its text, its name as the source
    calls it, and where it is."""

    name: str | Message
    """The field's name as the source calls it (a file's column or tag), or as the
    program's page does (a marked message, shown in the reader's language)."""
    text: str
    where: Location

    def quoted(self) -> str:
        return repr(excerpt(self.text))


@dataclass(frozen=True, slots=True)
class RawResult:
    """A result as a source gives it: who played the board, and its fields as text.

    ``contract`` may hold the declarer and the result too (``4SXN-2``), or ``Pass``, or
    an adjusted score; ``tricks`` is tricks taken (``10``) or the result (``=``, ``+1``,
    ``-2``); ``score`` is North-South's score.
    """

    board: int
    ns: str
    ew: str
    vulnerability: Vulnerability
    where: Location
    contract: Field | None = None
    declarer: Field | None = None
    tricks: Field | None = None
    score: Field | None = None
    adjusted: Field | None = None
    round: int | None = None
    table: str | None = None
    players: tuple[str, str, str, str] | None = None
    notation: Notation = ENGLISH
    """How the source writes contracts and seats (a results file's ``language``)."""
    lead: Field | None = None
    """The opening lead (``SK``, ``♠K``), when the source gives one."""


@dataclass(frozen=True, slots=True)
class Built:
    """The row (``None`` when the result cannot be read) and every problem found."""

    row: ResultRow | None
    problems: tuple[Problem, ...] = ()


FIELD_NAMES: Final[Mapping[str, Message]] = {
    "contract": _("contract"),
    "declarer": _("declarer"),
    "result": _("result"),
    "adjusted": _("adjusted score"),
}
"""A result's fields as a message names them when no file names them (a page's form),
shown in the reader's language."""


def raw_field(name: str | Message, text: object, where: Location) -> Field | None:
    """A field from a cell: ``None`` when the cell is empty."""
    shown = "" if text is None else str(text).strip()
    return Field(name, shown, where) if shown else None


def is_adjusted_text(text: str) -> bool:
    """Whether a cell reads as an adjusted score rather than a contract or a score: it
    starts as one does (``A``, ``NP``) or is a percentage award (``45.5%/54.5%``)."""
    if _SCORE_RE.match(text.strip()):
        return False
    if _ADJUSTED_START.match(text):
        return True
    if "%" not in text and "/" not in text:
        return False  # a contract (4S), a result: no need to try the adjusted forms
    try:
        parse_adjusted(text)
    except BridgeError:
        return False
    return True


def parse_adjusted(text: str) -> Adjusted | NotPlayed:
    """An adjusted score for both sides in one cell, in any spelling a program writes:
    ``A+/A-``, ``A+A-``, ``A60/A40``, ``A60A40``, ``A6040``, ``60%/40%``, ``A``, ``NP``
    (the library's spellings: :meth:`Adjusted.parse`)."""
    try:
        entry = parse_entry(text)
    except BridgeError:
        raise BridgeInputError(
            _(
                "{text!r} is not an adjusted score (write {help})",
                text=excerpt(text),
                help=_ADJUSTED_HELP,
            )
        ) from None
    if isinstance(entry, int):
        raise BridgeInputError(_("{text!r} is a score, not an adjusted score", text=text))
    return entry


def parse_lead(text: str, notation: Notation = ENGLISH) -> Card:
    """An opening lead as programs write it: the suit first (``SK``, ``♠K``, ``H10``), or
    the rank first (``KS``, ``10H``, as many USEBIO files have it), in ``notation`` (a
    Spanish results file's ``CA`` is the ace of hearts: :meth:`Notation.parse_card`)."""
    try:
        return notation.parse_card(text)
    except BridgeError:
        raise BridgeInputError(
            _(
                "{text!r} is not a card (write the suit and the rank: SK, H10, ♠K)",
                text=excerpt(text),
            )
        ) from None


def side_award(text: str) -> Award:
    """One side's award as programs write it: ``A+``, ``A-``, ``60``, ``60%`` or ``A60``
    (as one of two: :meth:`Adjusted.parse`)."""
    return parse_award(re.sub(r"^A(?=\d)", "", text.strip(), flags=re.IGNORECASE))


cached_ns_score = lru_cache(maxsize=4096)(ns_score_of)
"""North-South's score of a result, cached: a file repeats the same few results."""


@lru_cache(maxsize=4096)
def _contract(text: str, notation: Notation = ENGLISH) -> Contract | PassedOut:
    return notation.parse_contract(text)


class _Builder:
    def __init__(self, raw: RawResult, laws: str) -> None:
        self.raw = raw
        self.laws = laws
        self.problems: list[Problem] = []

    def report(
        self, at: Field | None, message: Message, severity: Severity = Severity.ERROR
    ) -> None:
        where = (self.raw.where if at is None else at.where).at(board=self.raw.board)
        self.problems.append(Problem(where, MarkedText(message), severity))

    def done(self, row: ResultRow | None) -> Built:
        return Built(row, tuple(self.problems))

    def row(
        self,
        *,
        result: TableResult | None = None,
        ns_score: int | None = None,
        adjusted: Adjusted | NotPlayed | None = None,
    ) -> ResultRow:
        """The row, built once (a hot path: every result of every file comes here)."""
        raw = self.raw
        return ResultRow(
            raw.board,
            raw.ns,
            raw.ew,
            raw.vulnerability,
            result=result,
            ns_score=ns_score,
            adjusted=adjusted,
            round=raw.round,
            table=raw.table,
            players=raw.players,
            where=raw.where,
            lead=self.lead(),
        )

    def lead(self) -> Card | None:
        """The opening lead, read once; one that is not a card is left out with a warning
        (the result stands without it)."""
        at = self.raw.lead
        if at is None:
            return None
        try:
            return parse_lead(at.text, self.raw.notation)
        except BridgeError as error:
            self.report(at, Message("{name} {error}", name=at.name, error=error), Severity.WARNING)
            return None

    def build(self) -> Built:
        raw = self.raw
        adjusted_field = raw.adjusted
        for candidate in (raw.score, raw.contract):
            if adjusted_field is None and candidate and is_adjusted_text(candidate.text):
                if candidate is raw.contract and _reads_as_contract(candidate.text):
                    continue
                adjusted_field = candidate
        if adjusted_field is not None:
            return self.adjusted(adjusted_field)
        given = self.given_score()
        if given is False:
            return self.done(None)
        if raw.contract is None and (raw.declarer or raw.tricks):
            loose = [f for f in (raw.declarer, raw.tricks) if f is not None]
            shown = listed(
                [Message("{name} {text}", name=f.name, text=f.quoted()) for f in loose], ", "
            )
            self.report(loose[0], _("{fields} without a contract", fields=shown))
            return self.done(None)
        if raw.contract is not None:
            return self.played(raw.contract, given)
        if given is not None:
            return self.done(self.row(ns_score=given))
        self.report(
            None, _("no result: give a contract and its result, a score, or an adjusted score")
        )
        return self.done(None)

    def adjusted(self, at: Field) -> Built:
        try:
            value = parse_adjusted(at.text)
        except BridgeError as error:
            self.report(at, Message("{name} {error}", name=at.name, error=error))
            return self.done(None)
        aside = [
            f
            for f in (self.raw.contract, self.raw.declarer, self.raw.tricks, self.raw.score)
            if f is not None and f is not at
        ]
        if aside:
            shown = listed(
                [Message("{name} {text}", name=f.name, text=f.quoted()) for f in aside], ", "
            )
            self.report(
                aside[0],
                _(
                    "{fields} left aside: {name} {text} is the adjusted score {value}",
                    fields=shown,
                    name=at.name,
                    text=at.quoted(),
                    value=value,
                ),
                Severity.WARNING,
            )
        return self.done(self.row(adjusted=value))

    def given_score(self) -> int | bool | None:
        """The written NS score: ``None`` when there is none, ``False`` when unreadable."""
        at = self.raw.score
        if at is None:
            return None
        text = at.text.replace("−", "-").replace("–", "-")
        if _SCORE_RE.match(text) and len(text) <= 8:
            return int(text)
        if _SCORE_RE.match(text):
            self.report(
                at,
                _(
                    "{name} {text} is not a bridge score (too many digits)",
                    name=at.name,
                    text=at.quoted(),
                ),
            )
        else:
            self.report(
                at,
                _(
                    "{name} {text} is neither a score (420, -50) nor an adjusted score ({help})",
                    name=at.name,
                    text=at.quoted(),
                    help=_ADJUSTED_HELP,
                ),
            )
        return False

    def played(self, at: Field, given: int | bool | None) -> Built:
        result = self.result(at)
        if result is None:
            if isinstance(given, int) and not isinstance(given, bool):
                failed = self.problems.pop()
                assert self.raw.score is not None
                self.problems.append(
                    Problem(
                        failed.where,
                        MarkedText(
                            _(
                                "{reason}; scored by its {name} {score:+d}",
                                reason=as_message(failed.message),
                                name=self.raw.score.name,
                                score=given,
                            )
                        ),
                        Severity.WARNING,
                    )
                )
                return self.done(self.row(ns_score=given))
            return self.done(None)
        ns_score = cached_ns_score(result, self.raw.vulnerability, self.laws)
        if isinstance(given, int) and not isinstance(given, bool) and given != ns_score:
            assert self.raw.score is not None
            self.report(
                self.raw.score,
                _(
                    "{name} {given:+d} contradicts {result} (NS {score:+d} with"
                    " {vulnerability}); scored from the contract",
                    name=self.raw.score.name,
                    given=given,
                    result=notated(result),  # in each reader's notation (4♠P= in Finnish)
                    score=ns_score,
                    vulnerability=self.raw.vulnerability.phrase,
                ),
                Severity.WARNING,
            )
        return self.done(self.row(result=result, ns_score=ns_score))

    def result(self, at: Field) -> TableResult | None:
        """The contract, its declarer and tricks, or ``None`` with the problem reported."""
        raw = self.raw
        try:
            contract = _contract(at.text, raw.notation)
        except BridgeError:
            return self.whole_result(at)
        if isinstance(contract, PassedOut):
            # a declarer beside Pass is ignored (ScoreBridge writes PLAYED_BY N, TRICKS 0)
            if raw.tricks is not None and raw.tricks.text not in ("0", "-"):
                self.report(
                    raw.tricks,
                    _(
                        "{name} {text}: a passed-out deal has no result",
                        name=raw.tricks.name,
                        text=raw.tricks.quoted(),
                    ),
                )
                return None
            return TableResult(contract, None)
        declarer = self.declarer(contract, at)
        if declarer is None:
            return None
        if raw.tricks is None:
            bare = notated(contract.by(None))
            self.report(
                at, _("{contract} has no result ({help})", contract=bare, help=_TRICKS_HELP)
            )
            return None
        return self.tricks(contract.by(declarer), raw.tricks)

    def whole_result(self, at: Field) -> TableResult | None:
        """A contract cell that holds the result too (``4SXN-2``, ``3NT S 10``)."""
        parts = [f.text for f in (at, self.raw.declarer, self.raw.tricks) if f is not None]
        notation = self.raw.notation
        try:
            result = notation.parse_result(" ".join(parts))
        except BridgeError:
            try:
                notation.parse_result(at.text)
            except BridgeError as error:
                self.report(at, Message("{name} {error}", name=at.name, error=error))
                return None
            self.report(
                at,
                _(
                    "{name} {text} holds a result, and so do the other fields",
                    name=at.name,
                    text=at.quoted(),
                ),
            )
            return None
        if result.declarer is None and not result.passed_out:
            self.report(
                at,
                _(
                    "{name} {text} has no declarer ({help}), so whose score it is is unknown",
                    name=at.name,
                    text=at.quoted(),
                    help=_DECLARER_HELP,
                ),
            )
            return None
        return result

    def declarer(self, contract: Contract, at: Field) -> Seat | None:
        given = self.raw.declarer
        if given is None:
            if contract.declarer is None:
                self.report(
                    at,
                    _(
                        "{contract} has no declarer ({help}), so whose score it is is unknown",
                        contract=notated(contract),
                        help=_DECLARER_HELP,
                    ),
                )
            return contract.declarer
        try:
            seat = self.raw.notation.parse_seat(given.text)
        except BridgeError as error:
            self.report(given, Message("{name} {error}", name=given.name, error=error))
            return None
        if contract.declarer is not None and contract.declarer is not seat:
            self.report(
                given,
                _(
                    "{name} {text} but the {field} {contract} names {declarer}",
                    name=given.name,
                    text=given.quoted(),
                    field=at.name,
                    contract=notated(contract),
                    declarer=notated(contract.declarer),
                ),
            )
            return None
        return seat

    def tricks(self, contract: Contract, at: Field) -> TableResult | None:
        text = at.text
        try:
            if re.fullmatch(r"[0-9]{1,3}", text):
                return TableResult(contract, int(text))
            return self.raw.notation.parse_result(f"{self.raw.notation.contract(contract)} {text}")
        except BridgeError as error:
            self.report(
                at,
                Message(
                    "{name} {text}: {reason}",
                    name=at.name,
                    text=at.quoted(),
                    reason=Unquoted(error, text),
                ),
            )
            return None


def _reads_as_contract(text: str) -> bool:
    try:
        parse_contract(text)
    except BridgeError:
        return False
    return True


def build_result(raw: RawResult, *, laws: str = DEFAULT_LAW_SET) -> Built:
    """The result row ``raw`` describes, and every problem found reading it."""
    return _Builder(raw, laws).build()


def raise_errors(built: Built) -> ResultRow:
    """The row, or the first error as a :class:`BridgeInputError` (for a single row)."""
    errors = [p for p in built.problems if p.severity is Severity.ERROR]
    if errors or built.row is None:
        first = errors[0] if errors else built.problems[0]
        raise BridgeInputError(as_message(first.message))
    return built.row


__all__ = [
    "NOT_PLAYED",
    "Built",
    "Field",
    "RawResult",
    "build_result",
    "is_adjusted_text",
    "parse_adjusted",
    "parse_lead",
    "raise_errors",
    "raw_field",
    "side_award",
]
