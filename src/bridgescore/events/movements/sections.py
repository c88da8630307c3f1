"""A field in sections: each section (``A``, ``B`` ...) its own movement, tables and pairs.

A large field is split into sections, each running its own movement: two Mitchells of
8 tables, or a Mitchell and a Howell. :class:`SectionedMovement` holds them with their
letters and says whether the sections play the same deals (each section its own copy of
every board, so a board's results can be compared across the field) or deals of their
own (numbered from 1 in each section as well, so they are scored only within their
section). It is proved section by section (:meth:`SectionedMovement.problems`) and stored
as JSON; :meth:`SectionedMovement.flattened` is the one movement a session plays: the
tables numbered on across the sections (section B's table 1 is the table after section
A's last), the pairs named by section and number as the file formats write them (``A3NS``,
``B5``), and a board number in more than one section declared shared (each section
holds its own copy). See ``docs/sections.md``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Final

from bridgescore.errors import marked as _
from bridgescore.events.movements.model import (
    MOST_TABLES_IN_A_FIELD as MOST_TABLES_IN_A_FIELD,  # the one limit, said here too
)
from bridgescore.events.movements.model import (
    Movement,
    MovementError,
    MovementKind,
    Round,
    Table,
    json_data,
)
from bridgescore.events.movements.problems import OWN, Labels, Problem
from bridgescore.events.movements.spec import MovementSpec
from bridgescore.events.vocabulary import Field

KIND: Final = "sections"
"""The ``kind`` of the JSON form."""

LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The letters a section may have, in the order sections are lettered."""

SPEC_JOIN: Final = " + "
"""How the specs of the sections are written one after another: ``mitchell:8x3 +
mitchell:8x3``, as ``movement suggest`` lists a field split into sections."""


@dataclass(frozen=True, slots=True)
class Section:
    """One section: its letter and its movement, with its own pair ids and tables from 1;
    ``numbered``, the tables the field numbers for it in a block, when not its movement's
    highest (0): a late change left its last table empty, or gave it a table more (then
    numbered after the whole field's, :attr:`SectionedMovement.added`), and the sections
    after it keep their table numbers, and with them their links."""

    letter: str
    movement: Movement
    numbered: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.letter, str) or len(self.letter) != 1 or self.letter not in LETTERS:
            raise MovementError(
                _("a section's letter must be one of A to Z, got {letter!r}", letter=self.letter)
            )
        if not isinstance(self.movement, Movement):
            raise MovementError(
                _("section {letter}: expected a movement, got {movement!r}",
                  letter=self.letter, movement=self.movement)
            )  # fmt: skip
        if (
            not isinstance(self.numbered, int)
            or isinstance(self.numbered, bool)
            or (self.numbered < 0)
        ):
            raise MovementError(
                _("section {letter}, field 'tables': expected a whole number, got {tables!r}",
                  letter=self.letter, tables=self.numbered)
            )  # fmt: skip
        if self.numbered > MOST_TABLES_IN_A_FIELD:
            raise MovementError(
                _("section {letter}, field 'tables': at most {most} tables in a field in"
                  " sections, got {tables}",
                  letter=self.letter, most=MOST_TABLES_IN_A_FIELD, tables=self.numbered)
            )  # fmt: skip
        if self.highest > MOST_TABLES_IN_A_FIELD:
            raise MovementError(
                _("section {letter}: table {table} is beyond the {most} tables a field in"
                  " sections may have",
                  letter=self.letter, table=self.highest, most=MOST_TABLES_IN_A_FIELD)
            )  # fmt: skip

    @property
    def highest(self) -> int:
        """The movement's highest table number."""
        return max((t.table for rnd in self.movement.rounds for t in rnd.tables), default=0)

    @property
    def block(self) -> int:
        """The tables the field numbers one after another for the section."""
        return self.numbered or self.highest

    @property
    def tables(self) -> int:
        """The section's tables, its own numbers 1 to this: its block, or its highest
        table number if more."""
        return max(self.highest, self.block)

    def pair(self, pair: str) -> str:
        """A pair of this section as the whole field names it: ``3NS`` of section A is
        ``A3NS``."""
        return f"{self.letter}{pair}"

    def table_label(self, table: int) -> str:
        """A table of this section (its own number) as players call it: ``B3``."""
        return f"{self.letter}{table}"

    @property
    def labels(self) -> Labels:
        """The section's pairs and tables as the whole field names them (``A2EW``, table
        ``A3``), for its movement's problems."""
        return Labels(pair=self.pair, table=self.table_label)


@dataclass(frozen=True, slots=True)
class SectionSpan:
    """Where one section lies in :meth:`SectionedMovement.flattened`: its letter, its tables
    as the flattened movement numbers them (B's table 1 after A's last), and how many
    rounds it plays (the field's first ``rounds``: a section's round ``r`` is the field's
    round ``r``). What a page showing one section at a time, the director's grid, needs."""

    letter: str
    tables: tuple[int, ...]
    rounds: int


@dataclass(frozen=True)
class SectionedMovement:
    """The sections of a field, in order, and whether they play the same boards (not
    slotted: the flattened movement and the numbering are worked out once and kept)."""

    sections: tuple[Section, ...]
    same_boards: bool = True
    added: tuple[tuple[str, int], ...] = ()
    """Tables a late change gave a section beyond its block, ``(letter, table)``, in the
    order given: numbered on after the field's last block, so no table is renumbered."""

    def __post_init__(self) -> None:
        if not isinstance(self.sections, tuple) or not self.sections:
            raise MovementError(_("a field in sections needs at least one section"))
        letters = [s.letter for s in self.sections]
        repeated = sorted({x for x in letters if letters.count(x) > 1})
        if repeated:
            raise MovementError(_("section {letter} is listed twice", letter=repeated[0]))
        if not isinstance(self.same_boards, bool):
            raise MovementError(
                _("field 'same_boards': expected true or false, got {flag!r}",
                  flag=self.same_boards)
            )  # fmt: skip
        blocks = {s.letter: s.block for s in self.sections}
        given = set(self.added)
        for letter, table in self.added:
            if (
                letter not in blocks
                or table <= blocks[letter]
                or table > MOST_TABLES_IN_A_FIELD
                or self.added.count((letter, table)) > 1
            ):
                raise MovementError(
                    _("field 'added': table {table} of section {letter} cannot be added",
                      letter=letter, table=table)
                )  # fmt: skip
        for section in self.sections:
            for rnd in section.movement.rounds:
                for t in rnd.tables:
                    block = blocks[section.letter]  # not the property: it walks every round
                    if t.table > block and (section.letter, t.table) not in given:
                        raise MovementError(
                            _("section {letter}: table {table} is beyond the section's "
                              "{block} tables and not added",
                              letter=section.letter, table=t.table, block=block)
                        )  # fmt: skip
        tables = sum(blocks.values()) + len(self.added)
        if tables > MOST_TABLES_IN_A_FIELD:  # checked before any table is numbered
            raise MovementError(
                _("at most {most} tables in a field in sections: {asked} asked",
                  most=MOST_TABLES_IN_A_FIELD, asked=tables)
            )  # fmt: skip

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(s.letter for s in self.sections)

    def section(self, letter: str) -> Section:
        """The section with this letter; another is a :class:`MovementError` naming the
        sections there are."""
        for section in self.sections:
            if section.letter == letter:
                return section
        raise MovementError(
            _("there is no section {letter!r} (the sections are {letters})",
              letter=letter, letters=", ".join(self.letters))
        )  # fmt: skip

    def only(self, letter: str) -> SectionedMovement:
        """The field narrowed to section ``letter`` (its tables, pairs and the tables a
        late change added to it, numbered as the section numbers them); a letter the field
        has not is a :class:`MovementError` naming the sections there are."""
        section = self.section(letter)
        return SectionedMovement(
            (section,),
            same_boards=self.same_boards,
            added=tuple(item for item in self.added if item[0] == letter),
        )

    @cached_property
    def _numbering(self) -> tuple[tuple[int, int], ...]:
        """Each section's first table less one, in the field's numbering, and its tables
        (worked out once: a result's section is looked up for every row)."""
        found, first = [], 0
        for section in self.sections:
            found.append((first, section.block))
            first += section.block
        return tuple(found)

    @cached_property
    def _by_table(self) -> dict[int, tuple[str, int]]:
        found = {
            first + own: (section.letter, own)
            for section, (first, count) in zip(self.sections, self._numbering, strict=True)
            for own in range(1, count + 1)
        }
        last = sum(count for _first, count in self._numbering)
        found.update((last + n, added) for n, added in enumerate(self.added, start=1))
        return found

    @cached_property
    def _numbers(self) -> dict[tuple[str, int], int]:
        return {found: table for table, found in self._by_table.items()}

    def table_of(self, table: int) -> tuple[str, int]:
        """The section and the section's own number of a table of :meth:`flattened`:
        ``(letter, table)``; a number no section has is a :class:`MovementError`."""
        found = self._by_table.get(table)
        if found is None:
            raise MovementError(
                _("there is no table {table} in these sections (tables 1-{most})",
                  table=table, most=len(self._by_table))
            )  # fmt: skip
        return found

    def field_table(self, letter: str, table: int) -> int:
        """The number :meth:`flattened` gives table ``table`` of section ``letter``."""
        section = self.section(letter)
        found = self._numbers.get((letter, table))
        if found is None:
            raise MovementError(
                _("section {letter} has no table {table} (tables 1-{most})",
                  letter=letter, table=table, most=section.tables)
            )  # fmt: skip
        return found

    def table_label(self, table: int) -> str:
        """A table of :meth:`flattened` as players call it: section and number, ``B3``."""
        letter, own = self.table_of(table)
        return self.section(letter).table_label(own)

    @cached_property
    def _spans(self) -> tuple[SectionSpan, ...]:
        numbers = self._numbers
        return tuple(
            SectionSpan(
                section.letter,
                tuple(
                    numbers[(section.letter, own)]
                    for own in range(1, section.tables + 1)
                    if (section.letter, own) in numbers
                ),  # its block, then any table a late change added (numbered after the field)
                len(section.movement.rounds),
            )
            for section in self.sections
        )

    def spans(self) -> tuple[SectionSpan, ...]:
        """Each section's place in :meth:`flattened`, in the sections' order: its tables
        there and its rounds (:class:`SectionSpan`; worked out once)."""
        return self._spans

    @cached_property
    def _pair_sections(self) -> dict[str, str]:
        return {s.pair(p): s.letter for s in self.sections for p in s.movement.pairs}

    def section_of_pair(self, pair: str) -> str:
        """The letter of the section a pair of :meth:`flattened` plays in (looked up in a
        table made once)."""
        found = self._pair_sections.get(pair)
        if found is None:
            raise MovementError(_("there is no pair {pair!r} in these sections", pair=pair))
        return found

    @cached_property
    def flattened_movement(self) -> Movement:
        return self._flatten()

    def flattened(self) -> Movement:
        """The one movement of the whole field (kept once built): round ``r`` holds round
        ``r`` of every section that has one, tables numbered on across the sections,
        pairs named ``A3NS``; a board number in more than one section is declared shared
        (each section has its own copy), and a relay holds the boards no table of the
        round plays. Its own :meth:`~Movement.problems` are the field's; a section's
        rules are proved by :meth:`problems`."""
        return self.flattened_movement

    def _flatten(self) -> Movement:
        most = max(len(s.movement.rounds) for s in self.sections)
        rounds: list[Round] = []
        for number in range(most):
            tables: list[Table] = []
            sit_outs: list[str] = []
            relay: set[int] = set()
            for section in self.sections:
                if number >= len(section.movement.rounds):
                    continue
                rnd = section.movement.rounds[number]
                tables.extend(
                    Table(
                        self._numbers[section.letter, t.table],
                        section.pair(t.ns),
                        section.pair(t.ew),
                        t.boards,
                    )
                    for t in rnd.tables
                )
                sit_outs.extend(section.pair(p) for p in rnd.sit_outs)
                relay.update(rnd.relay)
            at_tables = {b for t in tables for b in t.boards}
            tables.sort(key=lambda t: t.table)  # a table added to a section comes last
            rounds.append(Round(tuple(tables), tuple(sit_outs), tuple(sorted(relay - at_tables))))
        kinds = {s.movement.kind for s in self.sections}
        in_sections: dict[int, int] = {}
        for section in self.sections:
            for b in section.movement.boards:
                in_sections[b] = in_sections.get(b, 0) + 1
        shared = {b for b, count in in_sections.items() if count > 1}
        for section in self.sections:
            shared |= section.movement.shared
        return Movement(
            kind=kinds.pop() if len(kinds) == 1 else MovementKind.OTHER,
            rounds=tuple(rounds),
            shared=frozenset(shared),
            # sections playing different boards leave some boards played fewer times
            factored=any(s.movement.factored for s in self.sections)
            or len({s.movement.boards for s in self.sections}) > 1,
            revenge_rounds=frozenset(r for s in self.sections for r in s.movement.revenge_rounds),
            meet_once=all(s.movement.meet_once for s in self.sections),
        )

    def with_section(self, letter: str, movement: Movement) -> SectionedMovement:
        """The field with section ``letter`` playing ``movement`` (a late change to it),
        every other section as it was, and every table keeping its number (a table's
        number is its link): a section that loses its last tables keeps them numbered,
        and a table it gains beyond them is numbered after the field's last
        (:attr:`added`), unless it is the last section and none was added yet (its
        tables simply go on)."""
        old = self.section(letter)
        new = Section(letter, movement)
        if old is self.sections[-1] and not self.added:
            sections = tuple(new if s is old else s for s in self.sections)
            return SectionedMovement(sections, same_boards=self.same_boards)
        block = old.block
        if new.highest != block:
            new = Section(letter, movement, block)
        used = sorted({t.table for rnd in movement.rounds for t in rnd.tables})
        added = self.added + tuple(
            (letter, t) for t in used if t > block and (letter, t) not in self.added
        )
        sections = tuple(new if s is old else s for s in self.sections)
        return SectionedMovement(sections, same_boards=self.same_boards, added=added)

    def problems(self, *, played: bool = False, labelled: bool = False) -> list[Problem]:
        """Every broken rule of every section, each said with its section in front
        (``section B: round 2, table 3: ...``), the round and the table the section's own;
        ``played``: the sections as results already played show them, held only to the
        rules a played movement is (:meth:`Movement.problems`); ``labelled``: its pairs
        and tables named as the whole field names them, as a session's pages do
        (``section B: round 2, table B3: pair B2EW ...``: :attr:`Section.labels`)."""
        return [
            Problem(
                p.code,
                _("section {letter}: {problem}", letter=section.letter, problem=p.said),
            )
            for section in self.sections
            for p in section.movement.problems(
                played=played, labels=section.labels if labelled else OWN
            )
        ]

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form: ``{"kind": "sections", "same_boards": true, "sections":
        [{"letter": "A", "movement": {...}}, ...]}``, each movement in its own JSON form;
        a section's ``"tables"`` and the field's ``"added"`` (``[["A", 5]]``) only once a
        late change needed them."""
        found: dict[str, Any] = {
            "kind": KIND,
            "same_boards": self.same_boards,
            "sections": [_section_dict(s) for s in self.sections],
        }
        if self.added:
            found["added"] = [[letter, table] for letter, table in self.added]
        return found

    def to_json(self) -> str:
        """The sections as JSON text; :meth:`from_json` reads it back to an equal value."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> SectionedMovement:
        """Read the JSON form; bad input raises :class:`MovementError` naming the section,
        then the round, table and field."""
        return cls.from_dict(json_data(text))

    @classmethod
    def from_dict(cls, data: object) -> SectionedMovement:
        """Read the JSON-ready form (what :meth:`to_dict` gives)."""
        if not isinstance(data, Mapping) or data.get("kind") != KIND:
            raise MovementError(
                _("a field in sections must be a JSON object of kind 'sections', got {data!r}",
                  data=data)
            )  # fmt: skip
        items = data.get("sections")
        if not isinstance(items, list) or not items:
            raise MovementError(
                _("field 'sections': expected a list of sections, got {items!r}", items=items)
            )
        sections: list[Section] = []
        for number, item in enumerate(items, start=1):
            if not isinstance(item, Mapping):
                raise MovementError(
                    _("section {number}: expected an object, got {item!r}",
                      number=number, item=item)
                )  # fmt: skip
            letter = item.get("letter")
            if not isinstance(letter, str) or letter not in LETTERS or len(letter) != 1:
                raise MovementError(
                    _("section {number}, field 'letter': expected one of A to Z, got {letter!r}",
                      number=number, letter=letter)
                )  # fmt: skip
            try:
                movement = Movement.from_dict(item.get("movement"))
            except MovementError as error:
                raise MovementError(
                    _("section {letter}: {problem}", letter=letter, problem=error.message)
                ) from None
            numbered = item.get("tables", 0)
            if not isinstance(numbered, int) or isinstance(numbered, bool) or numbered < 0:
                raise MovementError(
                    _("section {letter}, field 'tables': expected a whole number, got {tables!r}",
                      letter=letter, tables=numbered)
                )  # fmt: skip
            sections.append(Section(letter, movement, numbered))
        same_boards = data.get("same_boards", True)
        if not isinstance(same_boards, bool):
            raise MovementError(
                _("field 'same_boards': expected true or false, got {flag!r}", flag=same_boards)
            )
        items = data.get("added", [])
        if not isinstance(items, list) or not all(
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], str)
            and isinstance(item[1], int)
            and not isinstance(item[1], bool)
            for item in items
        ):
            raise MovementError(
                _("field 'added': expected a list of [letter, table], got {items!r}",
                  items=items)
            )  # fmt: skip
        added = tuple((str(letter), int(table)) for letter, table in items)
        return cls(tuple(sections), same_boards=same_boards, added=added)


def _section_dict(section: Section) -> dict[str, Any]:
    """A section's JSON-ready form: its letter and movement, and its block of tables only
    when not its movement's highest."""
    found: dict[str, Any] = {"letter": section.letter, "movement": section.movement.to_dict()}
    if section.numbered and section.numbered != section.highest:
        found["tables"] = section.numbered
    return found


def sectioned(movements: Sequence[Movement], *, same_boards: bool = True) -> SectionedMovement:
    """The movements as sections lettered ``A``, ``B`` ... in the order given."""
    if len(movements) > len(LETTERS):
        raise MovementError(
            _("at most {most} sections, got {count}", most=len(LETTERS), count=len(movements))
        )
    return SectionedMovement(
        tuple(Section(letter, m) for letter, m in zip(LETTERS, movements, strict=False)),
        same_boards=same_boards,
    )


def field_kinds_of(
    movement: Movement | SectionedMovement, *, apart: bool = True
) -> dict[str, Field]:
    """How a session's pairs are ranked, as its movement seats them
    (:attr:`Movement.field_kind`), for its event
    (:attr:`~bridgescore.events.model.Event.field_kinds`): a field's by ``''``, each
    section's by its letter when its sections are scored ``apart``; across the field, the
    sections' one kind when they agree (else as the results show)."""
    if isinstance(movement, Movement):
        return {"": movement.field_kind}
    kinds = {s.letter: s.movement.field_kind for s in movement.sections}
    if apart:
        return kinds
    return {"": next(iter(kinds.values()))} if len(set(kinds.values())) == 1 else {}


def lettered(movements: Mapping[str, Movement]) -> SectionedMovement | None:
    """The sections a movement file holds by letter (a Bridgemate file's ``A`` and ``B``,
    each its own movement) as one field in sections, in letter order, as the web app
    starts a session from such a file; ``None`` when the file holds one movement, or
    sections not lettered ``A`` to ``Z`` (a RoundData CSV's ``1`` and ``2``)."""
    if len(movements) < 2 or not all(len(s) == 1 and s in LETTERS for s in movements):
        return None
    return SectionedMovement(tuple(Section(s, movements[s]) for s in sorted(movements)))


def read_movement(data: object) -> Movement | SectionedMovement:
    """A movement's JSON-ready form, of one field (:class:`Movement`) or of sections
    (``"kind": "sections"``), read as what it is."""
    if isinstance(data, Mapping) and data.get("kind") == KIND:
        return SectionedMovement.from_dict(data)
    return Movement.from_dict(data)


def parse_sections(text: str) -> tuple[str, SectionedMovement]:
    """Specs joined by ``+`` (``mitchell:8x3 + mitchell:8x3``), each built as one section
    (lettered in order, playing the same boards), and the specs in their one spelling."""
    parts = [part.strip() for part in text.split("+")]
    if any(not part for part in parts):
        raise MovementError(
            _("movement {spec!r}: a section's spec is empty (write mitchell:8x3 + mitchell:8x3)",
              spec=text)
        )  # fmt: skip
    if len(parts) > len(LETTERS):
        raise MovementError(
            _("at most {most} sections, got {count}", most=len(LETTERS), count=len(parts))
        )
    specs = [MovementSpec.parse(part) for part in parts]
    tables = sum(spec.tables for spec in specs)
    if tables > MOST_TABLES_IN_A_FIELD:
        raise MovementError(
            _("at most {most} tables in a field in sections: {asked} asked",
              most=MOST_TABLES_IN_A_FIELD, asked=tables)
        )  # fmt: skip
    return SPEC_JOIN.join(map(str, specs)), sectioned([spec.build() for spec in specs])


def built_spec(text: str) -> tuple[str, Movement | SectionedMovement]:
    """A spec of one movement (``howell:6x3``) or of sections (``mitchell:8x3 +
    mitchell:8x3``), in its one spelling, and what it builds."""
    if "+" in text:
        return parse_sections(text)
    spec = MovementSpec.parse(text)
    return str(spec), spec.build()
