"""A board's double-dummy analysis and par as other programs write them in PBN, read and
written: :func:`read_analysis`, :func:`analysis_tags`.

Read: ``DoubleDummyTricks`` (BridgeComposer's 20 hexadecimal digits), the
``OptimumResultTable`` section (PBN 2.1, 5.7), ``OptimumScore`` (PBN 2.1, 4.2.7),
``ParContract`` (BridgeComposer) and Ruter's ``OptimumContract``, each through the
parsers of :mod:`bridgescore.analysis.model`. Written: ``DoubleDummyTricks``,
``OptimumResultTable``, ``OptimumScore`` and ``ParContract``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, TypeAlias

from bridgescore.analysis.model import (
    PBN_DECLARERS,
    PBN_STRAINS,
    Analysis,
    DoubleDummy,
    Par,
    ParContract,
    to_tags,
)
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.errors import BridgeInputError, Message
from bridgescore.errors import marked as _
from bridgescore.io.pbn._cells import known
from bridgescore.io.pbn._model import Tag
from bridgescore.io.pbn._tables import Table

ANALYSIS_TAGS: Final = (
    "DoubleDummyTricks", "OptimumResultTable", "OptimumScore", "ParContract", "OptimumContract",
)  # fmt: skip
"""The tags a board's analysis is read from."""

_TABLE_COLUMNS: Final = ("Declarer", "Denomination", "Result")
_TABLE_SPEC: Final = ("Declarer", "Denomination\\2R", "Result\\2R")
"""The ``OptimumResultTable`` columns, as BridgeComposer, RealBridge and Ruter write them."""


@dataclass(frozen=True, slots=True)
class AnalysisRead:
    """A game's analysis (``None`` when it gives none that can be read) and what was
    wrong with its tags: ``(tag, line, message)``."""

    analysis: Analysis | None
    problems: tuple[tuple[str, int | None, Message], ...] = ()


AnalysisKey: TypeAlias = tuple[tuple[str, str, tuple[str, ...]], ...]
"""The analysis tags of a game as text: names, values and section lines."""


def analysis_key(first: Mapping[str, Tag]) -> AnalysisKey:
    """The analysis tags' text (values and section lines): a board repeated on every
    table's game gives the same key, and is read once."""
    return tuple(
        (name, tag.value, tag.section) for name in ANALYSIS_TAGS if (tag := first.get(name))
    )


def read_analysis(first: Mapping[str, Tag], vulnerability: Vulnerability) -> AnalysisRead:
    """The analysis a game's tags give (``first``: its first tag of each name), on a board
    where ``vulnerability`` holds. A tag that cannot be read is left out and named."""
    reading = _Reading(first)
    tricks = reading.tricks()
    par = reading.par(vulnerability)
    analysis = None if tricks is None and par is None else Analysis(tricks, par)
    return AnalysisRead(analysis, tuple(reading.problems))


class _Reading:
    """One game's analysis tags being read, and what was wrong with them."""

    def __init__(self, first: Mapping[str, Tag]) -> None:
        self.first = first
        self.problems: list[tuple[str, int | None, Message]] = []

    def given(self, name: str) -> tuple[Tag, str] | None:
        tag = self.first.get(name)
        if tag is None:
            return None
        text = known(tag.value)
        return None if text is None else (tag, text)

    def wrong(self, tag: Tag, error: BridgeInputError) -> None:
        self.problems.append((tag.name, tag.line, _("{error}; left out", error=error)))

    def tricks(self) -> DoubleDummy | None:
        hexadecimal = None
        found = self.given("DoubleDummyTricks")
        if found is not None:
            tag, text = found
            try:
                hexadecimal = DoubleDummy.from_pbn(text)
            except BridgeInputError as error:
                self.wrong(tag, error)
        rows = self.table()
        if hexadecimal is None or rows is None:
            return hexadecimal or rows
        if rows != hexadecimal:
            cells = ", ".join(
                f"{seat.letter} {strain.letter} {hexadecimal.of(seat, strain)}"
                f"→{rows.of(seat, strain)}"
                for seat in PBN_DECLARERS
                for strain in PBN_STRAINS
                if hexadecimal.of(seat, strain) != rows.of(seat, strain)
            )
            table = self.first["OptimumResultTable"]
            self.problems.append(
                (
                    "OptimumResultTable",
                    table.line,
                    _(
                        "DoubleDummyTricks and OptimumResultTable disagree ({cells}: each"
                        " DoubleDummyTricks→OptimumResultTable); DoubleDummyTricks is kept",
                        cells=cells,
                    ),
                )
            )
        return hexadecimal

    def table(self) -> DoubleDummy | None:
        tag = self.first.get("OptimumResultTable")
        if tag is None or not tag.section:
            return None
        table = Table.parse(tag.value, tag.section)
        if table.issues:
            offset, message = table.issues[0]
            start = tag.section_line or tag.line
            line = None if start is None else start + offset
            self.problems.append((tag.name, line, _("{error}; left out", error=message)))
            return None
        missing = [name for name in _TABLE_COLUMNS if name not in table.names]
        if missing:
            self.problems.append(
                (
                    tag.name,
                    tag.line,
                    _(
                        "no column {columns}: the table's columns are Declarer,"
                        " Denomination and Result; left out",
                        columns=", ".join(missing),
                    ),
                )
            )
            return None
        columns = [table.column(name) for name in _TABLE_COLUMNS]
        try:
            return DoubleDummy.from_rows(
                (declarer or "-", denomination or "-", result or "-")
                for declarer, denomination, result in zip(*columns, strict=True)
            )
        except BridgeInputError as error:
            self.wrong(tag, error)
            return None

    def par(self, vulnerability: Vulnerability) -> Par | None:
        contracts = self.contracts()
        found = self.given("OptimumScore")
        score: int | None = None
        if found is not None:
            tag, text = found
            try:
                score = Par.parse_score(text)
            except BridgeInputError as error:
                self.wrong(tag, error)
        if score is None:
            if not contracts:  # a par contract alone says its score
                return None if contracts is None else Par(0, ())
            return Par(contracts[0].ns_score(vulnerability), contracts)
        if contracts and found is not None:
            expected = contracts[0].ns_score(vulnerability)
            if expected != score:
                self.problems.append(
                    (
                        "OptimumScore",
                        found[0].line,
                        _(
                            "{score} is not what the par contract {contract} scores (NS"
                            " {expected:+d} with {vulnerability}); the par contract's score"
                            " is kept",
                            score=found[1],
                            contract=contracts[0].to_pbn(),
                            expected=expected,
                            vulnerability=vulnerability.phrase,
                        ),
                    )
                )
                score = expected
        return Par(score, contracts)

    def contracts(self) -> tuple[ParContract, ...] | None:
        found = self.given("ParContract")
        if found is not None:
            tag, text = found
            try:
                return Par.parse_contracts(text)
            except BridgeInputError as error:
                self.wrong(tag, error)
        found = self.given("OptimumContract")
        if found is not None:
            tag, text = found
            try:
                return (ParContract.from_ruter(text),)
            except BridgeInputError as error:
                self.wrong(tag, error)
        return None


def analysis_tags(analysis: Analysis) -> list[Tag]:
    """The analysis as PBN tags: ``DoubleDummyTricks``, ``OptimumScore``, ``ParContract``
    (:func:`~bridgescore.analysis.model.to_tags`) and an ``OptimumResultTable`` section
    of the same tricks, for programs that read only PBN 2.1's table."""
    tags = [Tag(name, value) for name, value in to_tags(analysis).items()]
    if analysis.tricks is not None:
        rows = [(seat, strain, str(tricks)) for seat, strain, tricks in analysis.tricks.rows()]
        table = Table.build(_TABLE_SPEC, rows)
        tags.append(Tag("OptimumResultTable", table.spec, table.format_lines()))
    return tags
