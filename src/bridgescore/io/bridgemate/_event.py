"""A Bridgemate document as the library's :class:`~bridgescore.events.model.Event`.

The movement is ``RoundData``, read by the one RoundData reader
(:mod:`bridgescore.io.movement_files`); every result that stands is placed in it by its
round and table (:func:`~bridgescore.events.movements.fit.place_result`), which names
its pairs as the movement does (``1NS``/``1EW`` in a Mitchell), with the section's
letter in front when the file has more than one section (``A1NS``), as the PBN reader
names them, and each row and pair then says its section. The program that set the file
up is named where the file shows it (:mod:`._program`), so that its conventions apply.
Each result goes through the one row-building kernel (:mod:`bridgescore.io.rows`) with
the fields as Bridgemate names them.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from bridgescore.core.vulnerability import BoardInfo
from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.model import (
    Event,
    EventResults,
    Location,
    Participant,
    Problem,
    ResultRow,
    Severity,
    check_rows,
)
from bridgescore.events.movements import Movement, MovementError
from bridgescore.events.movements.fit import place_result
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.io._problems import MarkedText
from bridgescore.io.bridgemate._access import BWSError
from bridgescore.io.bridgemate._program import scoring_program
from bridgescore.io.bridgemate._tables import BWSDocument, ReceivedRow, RoundRow
from bridgescore.io.movement_files import MovementFileError, loads_movements
from bridgescore.io.results import ResultsFileError
from bridgescore.io.rows import Field, RawResult, build_result
from bridgescore.laws.lawsets import DEFAULT_LAW_SET

PROGRAM: Final = "Bridgemate"
"""The program an event read from a ``.bws`` file names when the file shows no habit of
the scoring program that set it up (:func:`~._program.scoring_program`): the file names
no scoring program, only Bridgemate Control Software writes to it."""

MATCHPOINTS: Final = 1
"""``Section.ScoringType`` of a matchpointed pairs section."""

NOT_PLAYED: Final = "Not played"
ARBITRAL: Final = "Arbitral score"
WRONG_DIRECTION: Final = "Wrong direction"

_CONTRACT: Final = re.compile(r"^([1-7])\s*(NT|[CDHS])\s*(X{0,2})$", re.IGNORECASE)
_PERCENTS: Final = re.compile(r"^(\d{1,3})\s*%\s*-\s*(\d{1,3})\s*%$")
_LEAD: Final = re.compile(r"^[SHDC](10|[2-9TJQKA])$", re.IGNORECASE)


def contract_text(written: str) -> str:
    """A contract as Bridgemate writes it (``3 NT``, ``4 S x``, ``PASS``) in the library's
    spelling (``3NT``, ``4SX``, ``Pass``); anything else unchanged, for the kernel to
    reject with the text quoted."""
    if written.upper() == "PASS":
        return "Pass"
    match = _CONTRACT.match(written)
    if match is None:
        return written
    level, strain, doubled = match.groups()
    return f"{level}{strain.upper()}{doubled.upper()}"


def movements(document: BWSDocument) -> dict[str, Movement]:
    """Each section's movement from ``RoundData``, by the section's letter; a table that
    is not a movement is a :class:`BWSError` naming its row."""
    if not document.rounds:
        raise BWSError(_("no rows: the file holds no movement"), source=document.source,
                       table="RoundData")  # fmt: skip
    try:
        found = loads_movements(
            _round_data_csv(document.rounds), format="bridgemate", source=document.source
        )
    except MovementFileError as error:
        raise BWSError(
            error.reason_message,
            source=document.source,
            table="RoundData",
            row=_round_row(document.rounds, error.line),
            field=error.field,
        ) from None
    except MovementError as error:
        raise BWSError(error.message, source=document.source, table="RoundData") from None
    return {_letter(document, int(key)): movement for key, movement in found.items()}


def _round_data_csv(rounds: Iterable[RoundRow]) -> str:
    """``RoundData`` in the layout ``mdb-export`` prints, which the RoundData reader reads."""
    lines = ["Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard,CustomBoards"]
    for r in rounds:
        boards = '"' + r.custom_boards.replace('"', '""') + '"'
        lines.append(
            f"{r.section},{r.table},{r.round},{r.ns_pair},{r.ew_pair},{r.low_board},"
            f"{r.high_board},{boards}"
        )
    return "\n".join(lines) + "\n"


def _round_row(rounds: tuple[RoundRow, ...], line: int | None) -> Message | None:
    """The row of ``RoundData`` a line of its CSV form stands for (line 1 is the header)."""
    if line is None or not 2 <= line <= len(rounds) + 1:
        return None
    r = rounds[line - 2]
    return _(
        "row {row} (section {section}, table {table}, round {round})",
        row=r.row, section=r.section, table=r.table, round=r.round,
    )  # fmt: skip


def _letter(document: BWSDocument, section: int) -> str:
    found = document.section(section)
    return str(section) if found is None else found.letter


def to_event(document: BWSDocument, *, laws: str = DEFAULT_LAW_SET, strict: bool = False) -> Event:
    """The event the document describes: the results that stand, placed in the movement,
    and the pairs' players. Errors (and, with ``strict``, warnings) raise
    :class:`~bridgescore.io.results.ResultsFileError` listing every one with its place."""
    moves = movements(document)
    qualify = len({row.section for row in document.rounds}) > 1
    rows: list[ResultRow] = []
    problems: list[Problem] = []
    for section in document.sections:
        if section.scoring_type not in (None, MATCHPOINTS):
            problems.append(
                Problem(
                    Location(document.source, tag="ScoringType", shown="Section field {}"),
                    MarkedText(
                        _(
                            "section {section} has ScoringType {type}, which bridgescore does"
                            " not know; it is scored at matchpoints",
                            section=section.letter,
                            type=section.scoring_type,
                        )
                    ),
                    Severity.WARNING,
                )
            )
    for received in document.standing():
        row = _row(document, moves, received, qualify, laws, problems)
        if row is not None:
            rows.append(row)
    problems.extend(check_rows(rows, laws))
    if not rows and not any(p.severity is Severity.ERROR for p in problems):
        problems.append(
            Problem(
                Location(document.source),
                MarkedText(_("no results to score: ReceivedData holds none")),
            )
        )
    program = scoring_program(document) or PROGRAM
    results = EventResults(
        tuple(rows),
        tuple(problems),
        name=document.name,
        source=document.source,
        about=(("kind", "pairs"), ("program", program), ("scoring", "mp")),
    )
    if not results.is_valid(strict=strict):
        raise ResultsFileError([p for p in problems if strict or p.severity is Severity.ERROR])
    return Event(
        results,
        name=document.name,
        date=document.date,
        kind=EventKind.PAIRS,
        scoring=Scoring.MATCHPOINTS,
        program=program,
        program_recognised=program != PROGRAM,
        participants=participants(document, moves, qualify=qualify),
        # each section ranked as its whole movement seats its pairs, however far it got
        field_kinds={
            (letter if qualify else ""): movement.field_kind for letter, movement in moves.items()
        },
    )


def _row(
    document: BWSDocument,
    moves: dict[str, Movement],
    received: ReceivedRow,
    qualify: bool,
    laws: str,
    problems: list[Problem],
) -> ResultRow | None:
    """One result that stands, placed in its section's movement and built by the kernel."""
    where = Location(f"{document.source}, {received.place}", shown="field {}")
    at = where.at(board=received.board)
    section = document.section(received.section)
    if section is None:
        problems.append(
            Problem(
                at,
                MarkedText(
                    _(
                        "section {section} is not in the Section table",
                        section=received.section,
                    )
                ),
            )
        )
        return None
    movement = moves.get(section.letter)
    placed = (
        None
        if movement is None
        else place_result(
            movement,
            received.board,
            round_no=received.round,
            table=received.table,
            ns=str(received.pair_ns),
            ew=str(received.pair_ew),
        )
    )
    if placed is None or placed.seating is None:
        reason = _("the section has no rows") if placed is None else placed.error
        problems.append(
            Problem(at, MarkedText(_("does not fit RoundData: {reason}", reason=reason)))
        )
        return None
    prefix = section.letter if qualify else ""

    def field(name: str, text: str) -> Field | None:
        return Field(name, text, where.at(tag=name)) if text else None

    contract = field("Contract", contract_text(received.contract))
    adjusted = _remarks(received, field, at, problems)
    if received.lead and not _LEAD.match(received.lead):
        problems.append(
            Problem(
                where.at(board=received.board, tag="LeadCard"),
                MarkedText(
                    _(
                        "LeadCard {lead!r} is not a card (Bridgemate writes SA, H10, C2)",
                        lead=received.lead,
                    )
                ),
                Severity.WARNING,
            )
        )
    if contract is not None and contract.text != "Pass" and adjusted is None:
        _check_declarer(received, where, problems)
    raw = RawResult(
        received.board,
        prefix + placed.seating.ns,
        prefix + placed.seating.ew,
        BoardInfo.of(received.board).vulnerability,
        where,
        contract=contract,
        declarer=field("NS/EW", received.direction),
        tricks=field("Result", received.result),
        adjusted=adjusted,
        round=received.round,
        table=f"{prefix}{received.table}",
    )
    built = build_result(raw, laws=laws)
    problems.extend(built.problems)
    if built.row is None or not qualify:
        return built.row
    return replace(built.row, section=section.letter)


class RemarkKind(StrEnum):
    """What a director's remark on a Bridgemate result means."""

    NONE = "none"
    NOT_PLAYED = "not played"
    ADJUSTED = "adjusted"
    WRONG_DIRECTION = "wrong direction"
    ARBITRAL = "arbitral"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Remark:
    """A remark read: its kind, and for percentages the adjusted score (``60%/40%``)."""

    kind: RemarkKind
    text: str = ""
    adjusted: str = ""


def read_remark(text: str) -> Remark:
    """What ``ReceivedData.Remarks`` says, as Bridgemate means it (``Not played``,
    ``60%-40%``, ``Wrong direction``, ``Arbitral score``; anything else unknown)."""
    remark = text.strip()
    if not remark:
        return Remark(RemarkKind.NONE)
    if remark.lower() == NOT_PLAYED.lower():
        return Remark(RemarkKind.NOT_PLAYED, remark)
    percents = _PERCENTS.match(remark)
    if percents is not None:
        return Remark(RemarkKind.ADJUSTED, remark, f"{percents[1]}%/{percents[2]}%")
    if remark.lower() == WRONG_DIRECTION.lower():
        return Remark(RemarkKind.WRONG_DIRECTION, remark)
    if remark.lower() == ARBITRAL.lower():
        return Remark(RemarkKind.ARBITRAL, remark)
    return Remark(RemarkKind.UNKNOWN, remark)


def _remarks(
    received: ReceivedRow,
    field: Callable[[str, str], Field | None],
    at: Location,
    problems: list[Problem],
) -> Field | None:
    """The adjusted score a director's remark gives, if any (``Not played``, ``60%-40%``);
    a remark bridgescore cannot score is a problem."""
    remark = read_remark(received.remarks)
    said = remark.text
    if remark.kind is RemarkKind.NONE:
        return None
    if remark.kind is RemarkKind.NOT_PLAYED:
        return field("Remarks", said)
    if remark.kind is RemarkKind.ADJUSTED:
        return field("Remarks", remark.adjusted)
    if remark.kind is RemarkKind.WRONG_DIRECTION:
        problems.append(
            Problem(
                at,
                MarkedText(
                    _(
                        "Remarks {remark!r}: the table says the board was played the wrong way"
                        " round; scored as entered, a director must decide",
                        remark=said,
                    )
                ),
                Severity.WARNING,
            )
        )
        return None
    if remark.kind is RemarkKind.ARBITRAL:
        problems.append(
            Problem(
                at,
                MarkedText(
                    _(
                        "Remarks {remark!r}: the director gave an arbitral score that the file"
                        " does not state; enter it as an adjusted score (A+/A-, 60%/40%) and"
                        " read the results from that file",
                        remark=said,
                    )
                ),
            )
        )
        return None
    problems.append(
        Problem(
            at,
            MarkedText(
                _(
                    "Remarks {remark!r} is not a remark Bridgemate writes ({not_played!r},"
                    " {arbitral!r}, {wrong!r}, or percentages such as '60%-40%'); scored as"
                    " entered",
                    remark=said,
                    not_played=NOT_PLAYED,
                    arbitral=ARBITRAL,
                    wrong=WRONG_DIRECTION,
                )
            ),
            Severity.WARNING,
        )
    )
    return None


def _check_declarer(received: ReceivedRow, where: Location, problems: list[Problem]) -> None:
    """``Declarer`` (the declaring pair's number) must be the pair on ``NS/EW``'s side."""
    side = received.pair_ns if received.direction in ("N", "S") else received.pair_ew
    if received.direction in ("N", "E", "S", "W") and received.declarer not in (None, 0, side):
        problems.append(
            Problem(
                where.at(board=received.board, tag="Declarer"),
                MarkedText(
                    _(
                        "Declarer pair {declarer} is not the pair sitting {direction} ({pair});"
                        " scored with {direction} declaring",
                        declarer=received.declarer,
                        direction=received.direction,
                        pair=side,
                    )
                ),
                Severity.WARNING,
            )
        )


def participants(
    document: BWSDocument, moves: dict[str, Movement], *, qualify: bool
) -> tuple[Participant, ...]:
    """Each pair's two players, from ``PlayerNumbers``: the players in a pair's seats at
    the first table the movement puts it at (the latest entry for that table and those
    seats at or before that round; round 0 is the start). A player without a name is
    shown by member number."""
    by_seat: dict[tuple[int, int, str], list[tuple[int, str]]] = defaultdict(list)
    for player in document.players:
        shown = player.name or player.number
        if shown:
            by_seat[(player.section, player.table, player.direction)].append((player.round, shown))
    for entries in by_seat.values():
        entries.sort()

    def seated(section: int, table: int, direction: str, round_no: int) -> str:
        here = [name for first, name in by_seat.get((section, table, direction), ()) if
                first <= round_no]  # fmt: skip
        return here[-1] if here else ""

    found: dict[str, tuple[str, ...]] = {}
    sections: dict[str, str] = {}
    for section in document.sections:
        movement = moves.get(section.letter)
        if movement is None:
            continue
        prefix = section.letter if qualify else ""
        for round_no, rnd in enumerate(movement.rounds, start=1):
            for table in rnd.tables:
                for pair, seats in ((table.ns, "NS"), (table.ew, "EW")):
                    if prefix + pair in found:
                        continue
                    names = tuple(seated(section.id, table.table, d, round_no) for d in seats)
                    if all(names):
                        found[prefix + pair] = names
                        sections[prefix + pair] = section.letter
    return tuple(
        Participant(pair, names, section=sections[pair] if qualify else None)
        for pair, names in found.items()
    )
