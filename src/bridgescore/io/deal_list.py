"""The deal-list format: one deal per line, for rubber and Chicago sheets.

::

    # "Puntuación de puente" rubber (South keeps score)
    laws: 2017
    2NT N 9
    4H W =
    6D E = honours EW 150
    Pass

* A deal line is a result as :meth:`TableResult.parse` reads it, with its
  declarer (``4SX S +1``, ``3NT S 10``, ``Pass``), optionally followed by
  ``honours <NS|EW> <100|150>``.
* ``#`` starts a comment (to the end of the line); blank lines are skipped.
* Header lines ``key: value`` come before the first deal, each at most once:
  ``laws`` (any law-set name), ``vulnerability`` (``dealer-opponents`` or
  ``dealer``), ``scoring`` (``duplicate`` or ``classic``), ``honours`` (``yes``
  or ``no``) and ``dealer`` (the first dealer, ``N``/``E``/``S``/``W``). The
  last four matter only to Chicago; a rubber sheet ignores them. ``language``
  (``en``, ``fi`` or ``es``) says whose notation the deals are written in:
  ``language: es`` reads ``4C O =`` as four hearts by West (corazones, oeste),
  ``language: fi`` reads ``4S E =`` as South's (etelä). Without it the deals are
  in the international notation, which is what bridgescore writes.
* A last line ``stop`` says play stopped there: an unfinished rubber scores its
  bonuses (300 for a game, 100 for a partscore). No deal may follow it.

:func:`loads` raises a :class:`LocatedError` naming the source and line of the
first problem; :func:`loads_lenient` keeps every good line and returns all the
problems.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final, TextIO, TypeVar

from bridgescore.core._tokens import quote
from bridgescore.core.notation import ENGLISH, notation_for
from bridgescore.core.seats import Seat
from bridgescore.errors import BridgeInputError, LocatedError
from bridgescore.errors import marked as _
from bridgescore.i18n import Language
from bridgescore.io.text import check_text, check_text_lenient, read_text, read_text_lenient
from bridgescore.laws.lawsets import DEFAULT_LAW_SET, get_laws
from bridgescore.sheets.chicago import ChicagoScoring, ChicagoSheet, ChicagoVulnerability
from bridgescore.sheets.deal import Deal
from bridgescore.sheets.rubber import RubberSession, RubberSheet

T = TypeVar("T")

HEADER_KEYS: Final = ("laws", "vulnerability", "scoring", "honours", "dealer", "language")
STOP: Final = "stop"
"""The line after the last deal that says play stopped there."""
_YES: Final = frozenset({"yes", "y", "true", "on", "1"})
_NO: Final = frozenset({"no", "n", "false", "off", "0"})


@dataclass(frozen=True, slots=True)
class DealList:
    """Deals in play order and the settings the file's header gives.

    A setting left out of the file is ``None`` (the sheet's default applies).
    ``lines`` holds the line number of each deal, and ``source`` the file
    name; neither takes part in equality.
    """

    deals: tuple[Deal, ...] = ()
    laws: str | None = None
    vulnerability: ChicagoVulnerability | None = None
    scoring: ChicagoScoring | None = None
    honours: bool | None = None
    dealer: Seat | None = None
    language: str | None = None
    stopped: bool = False
    lines: tuple[int, ...] = field(default=(), compare=False)
    source: str = field(default="<string>", compare=False)

    def _line(self, index: int) -> int | None:
        return self.lines[index] if index < len(self.lines) else None

    def _located(self, error: BridgeInputError, index: int | None) -> LocatedError:
        line = None if index is None else self._line(index)
        return LocatedError(error.message, source=self.source, line=line)

    def rubber(self, *, laws: str | None = None) -> RubberSheet:
        """The rubber sheet of these deals; ``laws`` overrides the header.

        A deal after the end of the rubber is a :class:`LocatedError` at its line; a
        ``stop`` line finishes it as an unfinished rubber.
        """
        sheet = RubberSheet(laws=laws or self.laws or DEFAULT_LAW_SET)
        for index, deal in enumerate(self.deals):
            try:
                sheet = sheet.add(deal)
            except BridgeInputError as error:
                raise self._located(error, index) from None
        return sheet.finish() if self.stopped else sheet

    def rubber_session(self, *, laws: str | None = None) -> RubberSession:
        """All the deals as rubbers in a row, a new one starting when one ends (the last
        finished as an unfinished rubber after a ``stop`` line)."""
        return RubberSession(self.deals, laws or self.laws or DEFAULT_LAW_SET, self.stopped)

    def chicago(
        self,
        *,
        scoring: ChicagoScoring | str | None = None,
        vulnerability: ChicagoVulnerability | str | None = None,
        honours: bool | None = None,
        dealer: Seat | str | None = None,
        laws: str | None = None,
    ) -> ChicagoSheet:
        """The Chicago sheet of these deals; each argument given wins over its header.

        Whether honours count goes with the scoring: a ``scoring`` given here that is
        not the header's brings its own default (counted in classic, not in duplicate)
        unless ``honours`` is given too, since the header's ``honours`` was written for
        the header's scoring (a save from ``duplicate`` says ``honours: no``).
        """
        chosen = self.scoring or ChicagoScoring.DUPLICATE
        if scoring is not None:
            chosen = (
                scoring if isinstance(scoring, ChicagoScoring) else ChicagoScoring.parse(scoring)
            )
        if honours is None and chosen is (self.scoring or ChicagoScoring.DUPLICATE):
            honours = self.honours
        return ChicagoSheet.from_deals(
            self.deals,
            scoring=chosen,
            vulnerability=vulnerability or self.vulnerability or "dealer-opponents",
            honours=honours,
            first_dealer=dealer or self.dealer or Seat.NORTH,
            laws=laws or self.laws or DEFAULT_LAW_SET,
        )


# --- reading ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Header:
    key: str
    value: object


@dataclass(frozen=True, slots=True)
class _Stop:
    """The ``stop`` line."""


def _strip(raw: str) -> str:
    return raw.split("#", 1)[0].strip()


def _parse_yes_no(text: str) -> bool:
    folded = text.strip().lower()
    if folded in _YES:
        return True
    if folded in _NO:
        return False
    raise BridgeInputError(_("honours: {text}: say yes or no", text=quote(text)))


def _parse_laws(text: str) -> str:
    return get_laws(text).name


_HEADER_PARSERS: Final[dict[str, Callable[[str], object]]] = {
    "laws": _parse_laws,
    "vulnerability": ChicagoVulnerability.parse,
    "scoring": ChicagoScoring.parse,
    "honours": _parse_yes_no,
    "dealer": Seat.parse,
    "language": lambda text: notation_for(Language.parse(text)).code,
}
_HEADER_ALIASES: Final = {"honors": "honours", "law": "laws", "vul": "vulnerability"}


def _parse_header(text: str) -> _Header:
    key, _colon, value = text.partition(":")
    name = key.strip().lower()
    name = _HEADER_ALIASES.get(name, name)
    parser = _HEADER_PARSERS.get(name)
    if parser is None:
        raise BridgeInputError(
            _(
                "{key} is not a header; use {keys}",
                key=quote(key.strip()),
                keys=", ".join(HEADER_KEYS),
            )
        )
    return _Header(name, parser(value.strip()))


def _scan(
    lines: Iterable[str], source: str
) -> Iterator[tuple[int, Deal | _Header | _Stop | LocatedError]]:
    """Every meaningful line: a deal, a header, the stop, or the problem with it."""
    seen: set[str] = set()
    dealt = False
    stopped = False
    notation = ENGLISH
    for number, raw in enumerate(lines, 1):
        text = _strip(raw)
        if not text:
            continue
        try:
            if stopped:
                raise BridgeInputError(
                    _(
                        "{text}: play stopped on the line before ({stop}); nothing may follow",
                        text=quote(text),
                        stop=STOP,
                    )
                )
            if text.lower() == STOP:
                stopped = True
                yield number, _Stop()
            elif ":" in text:
                header = _parse_header(text)
                if dealt:
                    raise BridgeInputError(
                        _("{text}: header lines go before the first deal", text=quote(text))
                    )
                if header.key in seen:
                    raise BridgeInputError(
                        _("{text}: {key} is given twice", text=quote(text), key=header.key)
                    )
                seen.add(header.key)
                if header.key == "language":
                    notation = notation_for(header.value)
                yield number, header
            else:
                dealt = True
                yield number, Deal.parse(text, notation)
        except BridgeInputError as error:
            yield number, LocatedError(error.message, source=source, line=number)


def iter_deals(lines: Iterable[str], source: str = "<stream>") -> Iterator[tuple[int, Deal]]:
    """Stream ``(line number, deal)`` pairs; headers are checked and skipped.

    Raises :class:`LocatedError` at the first bad line.
    """
    for number, item in _scan(lines, source):
        if isinstance(item, LocatedError):
            raise item
        if isinstance(item, Deal):
            yield number, item


def _build(lines: Iterable[str], source: str) -> tuple[DealList, tuple[LocatedError, ...]]:
    deals: list[Deal] = []
    numbers: list[int] = []
    settings: dict[str, object] = {}
    problems: list[LocatedError] = []
    stopped = False
    for number, item in _scan(lines, source):
        if isinstance(item, LocatedError):
            problems.append(item)
        elif isinstance(item, Deal):
            deals.append(item)
            numbers.append(number)
        elif isinstance(item, _Stop):
            stopped = True
        else:
            settings[item.key] = item.value
    found = DealList(
        tuple(deals),
        laws=_typed(settings.get("laws"), str),
        vulnerability=_typed(settings.get("vulnerability"), ChicagoVulnerability),
        scoring=_typed(settings.get("scoring"), ChicagoScoring),
        honours=_typed(settings.get("honours"), bool),
        dealer=_typed(settings.get("dealer"), Seat),
        language=_typed(settings.get("language"), str),
        stopped=stopped,
        lines=tuple(numbers),
        source=source,
    )
    return found, tuple(problems)


def _typed(value: object, kind: type[T]) -> T | None:
    return value if isinstance(value, kind) else None


def loads_lenient(text: str, source: str = "<string>") -> tuple[DealList, tuple[LocatedError, ...]]:
    """Read what can be read; return it with every problem found (maybe none)."""
    return _build(io.StringIO(text), source)


def loads(text: str, source: str = "<string>") -> DealList:
    """Read a deal list; a :class:`LocatedError` at the first bad line.

    The error's message also says how many more problems the text has.
    """
    found, problems = loads_lenient(text, source)
    if problems:
        first = problems[0]
        more = len(problems) - 1
        if not more:
            raise first
        if more == 1:
            reason = _("{problem} (and 1 more problem)", problem=first.reason_message)
        else:
            reason = _(
                "{problem} (and {count} more problems)", problem=first.reason_message, count=more
            )
        raise LocatedError(reason, source=source, line=first.line)
    return found


def _read(path: str | os.PathLike[str]) -> tuple[str, str]:
    """The text of a file (or stdin), as :mod:`bridgescore.io.text` reads it: bytes that are
    not UTF-8, a NUL or a lone surrogate are a :class:`TextDecodeError` naming the line."""
    name = os.fspath(path)
    if name == "-":
        return check_text(sys.stdin.read(), source="<stdin>"), "<stdin>"
    return read_text(name), name


def _read_lenient(path: str | os.PathLike[str]) -> tuple[str, str, tuple[LocatedError, ...]]:
    name = os.fspath(path)
    if name == "-":
        source = "<stdin>"
        text, found = check_text_lenient(sys.stdin.read(), source=source)
    else:
        source = name
        text, found = read_text_lenient(name)
    return text, source, tuple(LocatedError(p.reason, source=source, line=p.line) for p in found)


def load(path: str | os.PathLike[str]) -> DealList:
    """Read a deal-list file (``'-'`` is standard input)."""
    text, source = _read(path)
    return loads(text, source)


def load_lenient(path: str | os.PathLike[str]) -> tuple[DealList, tuple[LocatedError, ...]]:
    """Read a deal-list file leniently (``'-'`` is standard input); lines that are not
    UTF-8 are read as Windows-1252, and listed with the problems."""
    text, source, found = _read_lenient(path)
    deals, problems = loads_lenient(text, source)
    return deals, tuple(sorted((*found, *problems), key=lambda p: p.line or 0))


# --- writing ---------------------------------------------------------------------------------


def dumps(deal_list: DealList, *, comment: str | None = None) -> str:
    """The deal list as text that :func:`loads` reads back to an equal value."""
    out: list[str] = []
    if comment:
        out += [f"# {line}".rstrip() for line in comment.splitlines()]
    settings: list[tuple[str, object]] = [
        ("laws", deal_list.laws),
        ("vulnerability", deal_list.vulnerability),
        ("scoring", deal_list.scoring),
        ("honours", deal_list.honours),
        ("dealer", deal_list.dealer),
        ("language", deal_list.language),
    ]
    for key, value in settings:
        if value is None:
            continue
        if isinstance(value, bool):
            shown = "yes" if value else "no"
        elif isinstance(value, Seat):
            shown = value.letter
        else:
            shown = str(value)
        out.append(f"{key}: {shown}")
    notation = ENGLISH if deal_list.language is None else notation_for(deal_list.language)
    out += [deal.format(notation=notation, symbols=False) for deal in deal_list.deals]
    if deal_list.stopped:
        out.append(STOP)
    return "\n".join(out) + "\n"


def dump(
    deal_list: DealList, target: str | os.PathLike[str] | TextIO, *, comment: str | None = None
) -> None:
    """Write the deal list to a path or an open text file."""
    text = dumps(deal_list, comment=comment)
    if isinstance(target, str | os.PathLike):
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        target.write(text)
