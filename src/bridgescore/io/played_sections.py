"""A pairs results file's field as a session plays it again: its sections (one or
several), each with the movement its results show, its pairs' names and its results in the
section's own numbers, and whether the file scored its sections apart.

A file read (PBN, USEBIO: :func:`bridgescore.io.events.load_event`) names each result's
pairs and, where its program wrote them, its round and table. Its sections are those the
file scored apart (``ResultRow.section``: :mod:`bridgescore.io._sections`), else those its
tables are lettered by (``A1``, ``B1``, ``M7``: a field in sections scored across), else it
is one field. In each section the pairs and tables are numbered as the section numbers them
(``A3NS`` is ``3NS``, table ``B1`` is ``1`` of section B), and its movement is the one its
results show (:func:`bridgescore.events.movements.played.movement_played`). A file whose
results name no round or table gives no movement, and is refused saying so.
"""

from __future__ import annotations

import io
import re
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Final

from bridgescore.core.hands import Hands
from bridgescore.errors import BridgeInputError, Message
from bridgescore.errors import marked as _
from bridgescore.events.model import Event, EventResults, ResultRow
from bridgescore.events.movements.model import Movement, MovementError, MovementKind
from bridgescore.events.movements.played import PlayedAt, movement_played
from bridgescore.events.vocabulary import EventKind, Field, Scoring
from bridgescore.io._sections import own
from bridgescore.io.events import format_of_content
from bridgescore.io.results import ResultsFileError

_LETTERED: Final = re.compile(r"([A-Z])-?([1-9][0-9]*)")
"""A table lettered by its section (``B1``; ``B-1``)."""


class PlayedSectionsError(BridgeInputError):
    """A results file that gives no field to play again: not pairs, no round or table for
    its results, tables that are not numbers, a pair in two sections, or a section whose
    results are not one movement's (said with the section)."""


@dataclass(frozen=True, slots=True)
class PlayedSection:
    """One section of the file (``letter`` ``''`` for a file of one field): the movement
    its results show, its pairs' names by their ids in the section (``3NS``: ``Ann & Bob``)
    and its results, pairs and tables numbered as the section numbers them (table ``1``)."""

    letter: str
    movement: Movement
    names: Mapping[str, str]
    rows: tuple[ResultRow, ...]


@dataclass(frozen=True, slots=True)
class PlayedField:
    """The file's field: its sections in letter order, whether the file scored them apart
    (each compared only within itself) or across the field, and how it scored."""

    sections: tuple[PlayedSection, ...]
    apart: bool
    scoring: Scoring
    date: str = ""
    """The event's date as the file gives it (``2025-12-23``), if it does."""
    program: str = ""
    """The program that wrote the file, where it says (``Ruter 4.9.1.3``)."""
    hands: Mapping[int, Hands] = field(default_factory=dict)
    """The deals the file carries (PBN ``[Deal]``, USEBIO ``HAND_RECORD``), by board."""


def played_sections(event: Event) -> PlayedField:
    """The field of a pairs event read from a results file, each section with the movement
    its results show; a :class:`PlayedSectionsError` when the file gives none."""
    if event.kind == EventKind.TEAMS:
        raise PlayedSectionsError(
            _("the file holds a teams event: only a pairs event's results start a pairs session")
        )
    if event.kind != EventKind.PAIRS:
        raise PlayedSectionsError(
            _(
                "the file holds an individual event: only a pairs event's results start a"
                " pairs session"
            )
        )
    rows = event.results.rows
    if not rows:
        raise PlayedSectionsError(_("the file holds no results"))
    placed = [r for r in rows if r.round is not None and r.table]
    if not placed:
        raise PlayedSectionsError(
            _(
                "its results name no round and table, so it gives no movement: start the"
                " session from a file whose results say where they were played (a PBN"
                " ScoreTable with Round and Table, a USEBIO traveller with ROUND_NUMBER and"
                " TABLE_NUMBER), or from the movement alone"
            )
        )
    if len(placed) < len(rows):
        unplaced = next(r for r in rows if r.round is None or not r.table)
        raise PlayedSectionsError(
            _(
                "{count} of its {total} results name no round or table (the first: board"
                " {board}, pairs {ns} and {ew}), so it gives no whole movement",
                count=len(rows) - len(placed),
                total=len(rows),
                board=unplaced.board,
                ns=unplaced.ns,
                ew=unplaced.ew,
            )
        )
    apart = all(r.section is not None for r in rows) and len({r.section for r in rows}) > 1
    by_letter: dict[str, list[ResultRow]] = defaultdict(list)
    pair_section: dict[str, tuple[str, str]] = {}
    for row in rows:
        letter, table = _section_table(row, apart)
        ns, ew = (_own_pair(pair, letter) for pair in (row.ns, row.ew))
        for pair, ours in ((row.ns, ns), (row.ew, ew)):
            first = pair_section.setdefault(pair, (letter, ours))
            if first[0] != letter:
                raise PlayedSectionsError(
                    _(
                        "pair {pair} plays in sections {first} and {second}: a session's"
                        " sections keep their own pairs",
                        pair=pair,
                        first=first[0],
                        second=letter,
                    )
                )
        by_letter[letter].append(replace(row, ns=ns, ew=ew, table=str(table)))
    names = {p.id: " & ".join(p.names) for p in event.participants if p.names}
    sections = tuple(
        _section(letter, tuple(by_letter[letter]), names, pair_section, event.field_kinds)
        for letter in sorted(by_letter)
    )
    return PlayedField(sections, apart, event.scoring, event.date, event.program, dict(event.hands))


def load_played(data: bytes, *, source: str) -> tuple[str, PlayedField]:
    """A PBN or USEBIO file's bytes (``source``: its name, for the messages), as its
    format (``pbn`` or ``usebio``, by its content) and its field
    (:func:`played_sections`). A file that is neither, or is damaged (an error the lenient
    reader keeps), is a :class:`~bridgescore.errors.BridgeInputError` saying so."""
    fmt, event = load_results(data, source=source)
    return fmt, played_sections(event)


def load_results(data: bytes, *, source: str) -> tuple[str, Event]:
    """A PBN or USEBIO file's bytes as its format (``pbn`` or ``usebio``, by its content)
    and its event, with the figures its program published (for
    :func:`~bridgescore.events.selfcheck.checked`); refused as :func:`load_played` says."""
    fmt = format_of_content(data[:4096])
    if fmt == "pbn":
        from bridgescore.io import pbn

        event = pbn.to_event(pbn.load(io.BytesIO(data), source=source))
    elif fmt == "usebio":
        from bridgescore.io import usebio

        event = usebio.to_event(usebio.loads(data, source=source))
    else:
        raise PlayedSectionsError(
            _(
                "not a PBN or USEBIO results file (a PBN file starts with [ or %, a USEBIO"
                " file with <)"
            )
        )
    errors = event.results.errors
    if errors:
        raise ResultsFileError(list(errors))
    return fmt, event


def hand_records(played: PlayedField) -> str:
    """The file's deals as a PBN hand record (one game a board: its dealer, vulnerability
    and ``[Deal]``), as a session keeps its hand records; ``''`` when the file carries
    none."""
    if not played.hands:
        return ""
    from bridgescore.io import pbn

    deals = Event(EventResults(()), date=played.date, hands=played.hands)
    return pbn.dumps(pbn.from_event(deals, newline="\n"))


def _section_table(row: ResultRow, apart: bool) -> tuple[str, int]:
    """The row's section (``''``: the file is one field) and its table in the section."""
    text = str(row.table).strip()
    if apart:
        assert row.section is not None
        text = own(text, row.section)
        letter = row.section
    elif text.isdigit():
        letter = ""
    else:
        lettered = _LETTERED.fullmatch(text)
        if lettered is None:
            raise PlayedSectionsError(_table_said(row))
        letter, text = lettered.group(1), lettered.group(2)
    if not text.isdigit() or int(text) < 1:
        raise PlayedSectionsError(_table_said(row))
    return letter, int(text)


def _table_said(row: ResultRow) -> Message:
    return _(
        "board {board}, round {round}: table {table!r} is not a table number (like 3, or B3"
        " in section B)",
        board=row.board,
        round=row.round,
        table=row.table,
    )


def _where(row: ResultRow) -> Message | None:
    """The file and line (or result) a row was read from, when the reader said."""
    known = row.where.line is not None or row.where.entry is not None
    return row.where.phrase if known else None


def _own_pair(pair: str, letter: str) -> str:
    """A pair's id as its section numbers it: ``A3NS`` (and USEBIO's ``A-3``) of section
    ``A`` is ``3NS`` (``3``)."""
    if letter and pair.startswith(f"{letter}-") and len(pair) > len(letter) + 1:
        return pair[len(letter) + 1 :]
    return own(pair, letter) if letter else pair


def _section(
    letter: str,
    rows: tuple[ResultRow, ...],
    names: Mapping[str, str],
    pair_section: Mapping[str, tuple[str, str]],
    field_kinds: Mapping[str, Field] | None = None,
) -> PlayedSection:
    """One section: the movement its results show, its pairs' names, its results; a
    section the file says is a Howell (``field_kinds``) is one, ranked as one field,
    though the rounds it got to kept each pair on its line."""
    played = [
        PlayedAt(int(r.round or 0), int(str(r.table)), r.ns, r.ew, r.board, _where(r)) for r in rows
    ]
    try:
        movement = movement_played(played)
    except MovementError as error:
        if not letter:
            raise PlayedSectionsError(error.message) from None
        raise PlayedSectionsError(
            _("section {letter}: {problem}", letter=letter, problem=error.message)
        ) from None
    said = (field_kinds or {}).get(letter, (field_kinds or {}).get(""))
    if said is Field.ONE and movement.field_kind is not Field.ONE:
        movement = replace(movement, kind=MovementKind.HOWELL)
    ours = {
        pair: names[filed]
        for filed, (section, pair) in pair_section.items()
        if section == letter and filed in names
    }
    return PlayedSection(letter, movement, ours, rows)


__all__ = [
    "PlayedField",
    "PlayedSection",
    "PlayedSectionsError",
    "hand_records",
    "load_played",
    "load_results",
    "played_sections",
]
