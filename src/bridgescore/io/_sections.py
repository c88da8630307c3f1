"""A pairs or teams event in sections as PBN and USEBIO write it, and how a file says its
sections were scored.

A field in sections names its pairs and tables with the section's letter in front
(``A3NS``, table ``B1``: :mod:`bridgescore.events.movements.sections`, the Bridgemate and
PBN readers), a team as the web app names it (``B2``, its rooms' tables ``B1a`` and ``B1b``:
:mod:`bridgescore.events.team_sections`). A file writes each section under its letter with
the section's own numbers (``3NS`` and table ``1`` of section ``A``; team ``2`` and table
``1a`` of section ``B``), as BridgeComposer, Ruter and the USEBIO programs write theirs;
reading puts the letter back in front.

Whether a file's sections were scored apart (each compared only within itself) or across
the field is not in the numbers: it is in how the file ranks its pairs (places that start
again at 1 in every section, :func:`ranked_apart`) or in how it lays out its results.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field

from bridgescore.errors import BridgeInputError, Message
from bridgescore.errors import marked as _
from bridgescore.events.model import Event, Location, Participant, Problem, ResultRow
from bridgescore.events.movements.sections import LETTERS
from bridgescore.events.vocabulary import Field, SectionMovement
from bridgescore.io._problems import MarkedText
from bridgescore.io.text import excerpt


@dataclass(frozen=True, slots=True)
class SectionLayout:
    """The sections of an event to be written: their letters in order, and the section
    of each participant."""

    letters: tuple[str, ...]
    of_participant: Mapping[str, str]

    def section_of(self, participant: str) -> str:
        """The participant's section: the file's, else the one whose letter its id starts
        with (``A3NS``), else the first."""
        found = self.of_participant.get(participant)
        if found is not None:
            return found
        named = [s for s in self.letters if participant.startswith(s)]
        return max(named, key=len) if named else self.letters[0]


def sections_of(event: Event) -> SectionLayout | None:
    """The event's sections when it is a pairs or teams event whose rows and participants
    name two sections or more (pairs: those scored apart,
    :class:`~bridgescore.events.pairs.Sections`; teams: each section's own matches, ranked
    on their own); ``None`` otherwise, and the event is written as one field, as before.

    A section is written from its participants too: a session in sections with results in
    one section so far is still written in sections, the others with their pairs or teams
    and no result yet (every row naming its section)."""
    rows = event.results.rows
    letters = sorted(
        {row.section for row in rows if row.section is not None}
        | {p.section for p in event.participants if p.section is not None}
    )
    if (
        event.kind not in ("pairs", "teams")
        or len(letters) < 2
        or any(row.section is None for row in rows)
    ):
        return None
    of_participant: dict[str, str] = {}
    for participant in event.participants:
        if participant.section is not None:
            of_participant[participant.id] = participant.section
    for row in rows:
        assert row.section is not None
        of_participant.setdefault(row.ns, row.section)
        of_participant.setdefault(row.ew, row.section)
    return SectionLayout(tuple(letters), of_participant)


def movements_text(movements: Mapping[str, SectionMovement]) -> str:
    """What a file written from an event says of its sections' movements
    (:func:`said_movements`), as the CSV's and JSON's ``movement`` says them:
    ``Howell`` (a field of one section), ``A Mitchell, B Arrow-switched Mitchell``
    (section by section); ``''`` when none is known."""
    said = {s: movement.value for s, movement in sorted(movements.items())}
    if set(said) == {""}:
        return said[""]
    return ", ".join(f"{s} {word}" for s, word in said.items() if s)


@dataclass(slots=True)
class MovementsSaid:
    """What a results file says of its sections' movements, line by line (the CSV's
    ``# movement`` lines, the JSON's ``event.movement``), as :func:`movements_text`
    writes them (``Howell`` is the whole event's, ``''``; ``A Mitchell, B Howell`` each
    section's, ``A Arrow-switched Mitchell`` too): each section's movement and where it
    was said, and what is wrong, each an error at its line: a word that is not a movement
    (:class:`~bridgescore.events.vocabulary.SectionMovement`), a section that is not a
    letter or, given the file's ``sections``, not one of them, a section (or the field)
    said to have two movements, a JSON value that is not text (shown as JSON); and a
    section (or the field) said again on a later line, whatever it says, naming the first
    (the first was taken, silently)."""

    sections: Collection[str] | None = None
    """The file's sections, when known: a line naming another is an error."""
    said: dict[str, tuple[SectionMovement, Location]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def read(self, said: object, where: Location) -> None:
        """Read one line (or field) that says movements, at ``where``."""
        if not isinstance(said, str):
            wrong = _(
                "{text}: a {what} is written as text ({shown})",
                text=json.dumps(said),
                what=SectionMovement.what(),
                shown=", ".join(SectionMovement),
            )
            self.problems.append(Problem(where, MarkedText(wrong)))
            return
        found: dict[str, SectionMovement] = {}
        contradicted: set[str] = set()
        for part in (p.strip() for p in said.split(",")):
            if not part:
                continue
            letter, word = _section_and_word(part)
            if letter and not is_section_letter(letter):
                self._wrong(where, section_letter_message(letter))
                continue
            if letter and self.sections is not None and letter not in self.sections:
                self._wrong(where, no_section_message(letter, self.sections))
                continue
            try:
                movement = SectionMovement.parse(word)
            except BridgeInputError as error:
                self._wrong(where, in_section(letter, error.message))
                continue
            earlier = found.setdefault(letter, movement)
            if earlier is not movement:
                self._wrong(where, _said_twice(letter, earlier, movement))
                contradicted.add(letter)
        for letter, movement in found.items():
            if letter in contradicted:  # neither is known: nothing is checked against it
                continue
            if letter in self.said:
                self._wrong(where, _said_again(letter, *self.said[letter]))
            else:
                self.said[letter] = (movement, where)

    def _wrong(self, where: Location, message: Message) -> None:
        self.problems.append(Problem(where, MarkedText(message)))

    @property
    def kinds(self) -> dict[str, Field]:
        """How each section (``''``: the field) is said to be ranked."""
        return {letter: movement.field for letter, (movement, _where) in self.said.items()}


def _section_and_word(part: str) -> tuple[str, str]:
    """A movement line's part as its section's letter (``''``: the field's) and its word:
    ``Howell`` and ``Arrow-switched Mitchell`` are the field's, ``B Howell`` and
    ``B Arrow-switched Mitchell`` section B's (the word may hold a space, the letter not)."""
    try:
        SectionMovement.parse(part)
    except BridgeInputError:
        letter, space, word = part.partition(" ")
        if space:
            return letter.strip(), word.strip()
    return "", part


def in_section(letter: str, problem: Message) -> Message:
    """``problem`` of section ``letter`` (``''``: the whole field, said as it is)."""
    if not letter:
        return problem
    return _("section {letter}: {problem}", letter=letter, problem=problem)


def no_section_message(letter: str, sections: Collection[str]) -> Message:
    """Why a file cannot say something of section ``letter``: it has no such section."""
    if not sections:
        return _("there is no section {letter}: the file is not in sections", letter=letter)
    return _(
        "there is no section {letter} in the file (its sections: {letters})",
        letter=letter,
        letters=", ".join(sorted(sections)),
    )


def _said_twice(letter: str, first: SectionMovement, second: SectionMovement) -> Message:
    if not letter:
        return _(
            "the field's movement is said to be both {first} and {second}: a field has one"
            " movement",
            first=first.value,
            second=second.value,
        )
    return _(
        "section {letter}'s movement is said to be both {first} and {second}: a section has"
        " one movement",
        letter=letter,
        first=first.value,
        second=second.value,
    )


def _said_again(letter: str, first: SectionMovement, where: Location) -> Message:
    """Why a line saying a section's (or the field's) movement is refused: an earlier line
    (``where``) said it already."""
    if not letter:
        return _(
            "the field's movement is said twice (line {line}: {first}): say it once",
            line=where.line,
            first=first.value,
        )
    return _(
        "section {letter}'s movement is said twice (line {line}: {first}): say it once",
        letter=letter,
        line=where.line,
        first=first.value,
    )


def howell_problems(
    rows: Iterable[ResultRow],
    field_kinds: Mapping[str, Field],
    participants: Iterable[Participant] = (),
    said: Mapping[str, tuple[SectionMovement, Location]] | None = None,
) -> list[Problem]:
    """What contradicts how a file says a section is ranked (``field_kinds``) or what its
    movement is (``said``: each section's, ``''`` the field's, and where; PBN's
    ``[Movement]``, the CSV's and JSON's ``movement``, whose words name a movement, as
    USEBIO's number of winners does not).

    A section ranked as one field whose pairs are numbered without a direction is a
    Howell (``B1``: it sits North-South and East-West in turn). So a row naming one of its
    pairs with a direction is an error at the row's file and line: ``B1NS`` against
    ``B1EW`` is pair B1 playing itself, and ``B1NS`` against ``B3`` names B1 as its
    movement never does. A section said to be a Howell whose pairs all carry a direction
    (``1NS``, ``2EW``: a Mitchell's) is no Howell at all, and one said to be an
    arrow-switched Mitchell with a pair numbered without one is no Mitchell: each one
    error, at the line that says it, naming its first such pair."""
    rows = list(rows)
    named = _pairs_named(rows, participants)
    plain = {section for section, ids in named.items() if any(not _directed(i) for i in ids)}
    words = said or {}
    problems: list[Problem] = []
    switched: set[str] = set()
    for section, ids in named.items():
        movement, where = words.get(section, words.get("", (None, None)))
        if movement is SectionMovement.ARROW_SWITCHED:
            switched.add(section)
            if section in plain and where is not None:
                first = next(i for i in ids if not _directed(i))
                problems.append(Problem(where, MarkedText(_no_mitchell(section, first))))
        elif movement is SectionMovement.HOWELL and section not in plain and where is not None:
            problems.append(Problem(where, MarkedText(_no_howell(section, ids[0]))))
    for row in rows:
        section = row.section or ""
        if section not in plain or section in switched:
            continue
        if field_kinds.get(section, field_kinds.get("")) is not Field.ONE:
            continue
        strays = {pair: pair[:-2] for pair in (row.ns, row.ew) if _directed(pair)}
        if not strays:
            continue
        if row.ns[:-2] == row.ew[:-2] and len(strays) == 2:
            message = _(
                "{ns} against {ew} is pair {pair} playing itself: a Howell's pairs are"
                " numbered without a direction ({pair}), each sitting North-South and"
                " East-West in turn",
                ns=row.ns,
                ew=row.ew,
                pair=strays[row.ns],
            )
        else:
            pair, base = next(iter(strays.items()))
            message = _(
                "{pair} names pair {plain} with a direction, as a Howell's movement never"
                " does: its pairs are numbered without one ({plain}), each sitting"
                " North-South and East-West in turn",
                pair=pair,
                plain=base,
            )
        problems.append(Problem(row.where.at(board=row.board), MarkedText(message)))
    return problems


def _pairs_named(
    rows: Iterable[ResultRow], participants: Iterable[Participant]
) -> dict[str, list[str]]:
    """Each section's (``''``: a field without sections) pairs, in the order the rows and
    then the participants first name them."""
    named: dict[str, dict[str, None]] = defaultdict(dict)
    for row in rows:
        named[row.section or ""].update(dict.fromkeys((row.ns, row.ew)))
    for participant in participants:
        named[participant.section or ""].setdefault(participant.id)
    return {section: list(ids) for section, ids in named.items() if ids}


def _no_howell(section: str, pair: str) -> Message:
    """Why a section (``''``: the field) said to be a Howell is refused: its pairs carry a
    direction, ``pair`` the first; an arrow-switched Mitchell is said in its own word."""
    if not section:
        return _(
            "the field is said to be a Howell, but its pairs are named with a direction"
            " ({pair} first), as a Howell's never are (they are numbered without one, each"
            " pair sitting North-South and East-West in turn); if it is an arrow-switched"
            " Mitchell (one winner), say {word}",
            pair=pair,
            word=SectionMovement.ARROW_SWITCHED.value,
        )
    return _(
        "section {letter} is said to be a Howell, but its pairs are named with a direction"
        " ({pair} first), as a Howell's never are (they are numbered without one, each pair"
        " sitting North-South and East-West in turn); if it is an arrow-switched Mitchell"
        " (one winner), say {word}",
        letter=section,
        pair=pair,
        word=SectionMovement.ARROW_SWITCHED.value,
    )


def _no_mitchell(section: str, pair: str) -> Message:
    """Why a section (``''``: the field) said to be an arrow-switched Mitchell is refused:
    ``pair`` is numbered without a direction, as a Howell's pairs are."""
    if not section:
        return _(
            "the field is said to be an arrow-switched Mitchell, but pair {pair} is numbered"
            " without a direction, as a Mitchell's pairs never are; if it is a Howell, say"
            " {word}",
            pair=pair,
            word=SectionMovement.HOWELL.value,
        )
    return _(
        "section {letter} is said to be an arrow-switched Mitchell, but pair {pair} is"
        " numbered without a direction, as a Mitchell's pairs never are; if it is a Howell,"
        " say {word}",
        letter=section,
        pair=pair,
        word=SectionMovement.HOWELL.value,
    )


def directed_sections(
    rows: Iterable[ResultRow], participants: Iterable[Participant] = ()
) -> set[str]:
    """The sections (``''``: a field without sections) whose every pair is named with a
    direction (``1NS``, ``2EW``), as a Mitchell's are and a Howell's never."""
    return {
        section
        for section, ids in _pairs_named(rows, participants).items()
        if all(_directed(i) for i in ids)
    }


def said_movements(event: Event) -> dict[str, SectionMovement]:
    """What a file written from ``event`` says of each section's movement (``''``: the
    field's), from how the event ranks it (:attr:`~bridgescore.events.model.Event.field_kinds`,
    which a reader takes back) and how its pairs are numbered: one field of pairs numbered
    by direction is an arrow-switched Mitchell, so read back as one field however few of
    its rounds were played, switched or not; one field of pairs numbered without a
    direction a Howell; North-South and East-West apart a Mitchell
    (:meth:`~bridgescore.events.vocabulary.SectionMovement.of`). The field's one word is
    said section by section where its sections' pairs differ."""
    directed = directed_sections(event.results.rows, event.participants)
    named = {row.section or "" for row in event.results.rows}
    named |= {p.section or "" for p in event.participants}
    said: dict[str, SectionMovement] = {}
    for section, kind in event.field_kinds.items():
        movement = SectionMovement.of(kind, directed=section in directed)
        if movement is not None:
            said[section] = movement
    whole = event.field_kinds.get("")
    others = sorted(named - set(event.field_kinds) - {""})
    if whole is not None and others:
        each = {s: SectionMovement.of(whole, directed=s in directed) for s in others}
        if len(set(each.values())) > 1:  # the field's word is not true of every section
            said.pop("", None)
            said |= {s: m for s, m in each.items() if m is not None}
        elif "" in said and (found := next(iter(each.values()))) is not None:
            said[""] = found
    return said


def _directed(pair: str) -> bool:
    """Whether a pair's id names its direction (``1NS``, ``B3EW``), as a Mitchell's do."""
    return len(pair) > 2 and pair[-2:] in ("NS", "EW")


def is_section_letter(text: str) -> bool:
    """Whether ``text`` is a section's letter as a results file writes it: one capital
    letter, ``A`` to ``Z`` (:data:`~bridgescore.events.movements.sections.LETTERS`)."""
    return len(text) == 1 and text in LETTERS


def section_letter_message(text: str) -> Message:
    """Why ``text`` is not a section's letter (:func:`is_section_letter`)."""
    return _("a section's letter must be one of A to Z, got {letter!r}", letter=excerpt(text))


def own(text: str, letter: str) -> str:
    """A pair id or table as its section writes it: ``A3NS`` of section ``A`` is ``3NS``;
    one that does not start with the letter is written whole."""
    rest = text[len(letter) :]
    return rest if text.startswith(letter) and rest else text


def ranked_apart(places: Iterable[tuple[str, str | None, str | None]]) -> bool:
    """Whether a file's places rank each section on its own: given each pair's section,
    direction (``NS``, ``EW`` or ``None``) and place, two sections or more, and every
    section (each direction of it, in a Mitchell) that places its pairs has a first
    (``1`` or ``1=``). A field ranked across the sections has one first in all (one a
    direction), as EBUScore, PairsScorer and Ruter rank theirs."""
    placed: dict[tuple[str, str | None], set[str]] = defaultdict(set)
    sections: set[str] = set()
    for section, direction, place in places:
        sections.add(section)
        if place:
            placed[(section, direction)].add(place.strip().rstrip("="))
    placed_sections = {section for section, _direction in placed}
    return (
        len(sections) > 1
        and placed_sections == sections
        and all("1" in found for found in placed.values())
    )
