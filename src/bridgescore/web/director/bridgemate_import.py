"""A session started from a Bridgemate ``.bws`` file: the movement of the section chosen
(its ``RoundData``), its pairs' players, and the results already in its ``ReceivedData``
kept as the director's entries.

The file is read by the library (:mod:`bridgescore.io.bridgemate`) from a temporary copy
of the upload; each result that stands is typed into the director's result form
(:class:`~bridgescore.web.director.forms.DirectorResultForm`) as Bridgemate wrote it and
kept by :func:`entries.record_entry`, so it is checked exactly as a result the director
types. All of it happens in the caller's one transaction, and every result is checked
before the first is kept: one result that does not fit refuses the whole import, with
every such result named by its section, table, round and board.
"""

from __future__ import annotations

import datetime
import importlib.util
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _

from bridgescore.errors import BridgeError, MissingExtraError
from bridgescore.events.movements.fit import place_result
from bridgescore.events.movements.model import Movement
from bridgescore.events.movements.sections import SectionedMovement
from bridgescore.io import bridgemate
from bridgescore.io.bridgemate import BWSDocument, BWSError, ReceivedRow, SectionRow
from bridgescore.web import entries, in_play
from bridgescore.web.answers import problem
from bridgescore.web.director import imported
from bridgescore.web.models import Session
from bridgescore.web.refusals import EntryError, Viewer


def missing_extra() -> str | None:
    """The one line saying what to install, when the ``bridgemate`` extra is missing."""
    if importlib.util.find_spec("access_parser") is not None:
        return None
    return _(
        "Reading Bridgemate .bws files needs the bridgemate extra:"
        " pip install 'bridgescore[bridgemate]'"
    )


@dataclass(frozen=True, slots=True)
class BridgemateSection:
    """One section of a Bridgemate file, as a session starts from it: its movement, its
    pairs' players (``names``, by the movement's pair ids) and the results that stand."""

    source: str
    letter: str
    movement: Movement
    names: Mapping[str, str]
    results: tuple[ReceivedRow, ...]
    date: datetime.date | None = None
    """The session's date as the file gives it (``Session.Date``), if it does."""
    program: str = ""
    """The scoring program that set the file up, where the file shows it
    (:func:`bridgescore.io.bridgemate.scoring_program`), else ``''``."""

    @property
    def shown(self) -> str:
        """The file and section, as the log and the entries' reason name them."""
        return _("Bridgemate file {name}, section {letter}").format(
            name=self.source, letter=self.letter
        )


def read_sections(upload: UploadedFile, section: str) -> tuple[BridgemateSection, ...]:
    """The section ``section`` (a letter) of the uploaded Bridgemate file, or every section
    of it when none is chosen (a file of several sections starts one session in sections);
    a file that is not one, is damaged, or has no such section is an :class:`EntryError`
    in the director's words."""
    name = imported.shown_name(upload, "movement.bws")
    document = _load(upload, name)
    letters = [s.letter for s in document.sections]
    if not section:
        return tuple(_section(document, chosen, name, upload) for chosen in document.sections)
    chosen = next((s for s in document.sections if s.letter == section), None)
    if chosen is None:
        raise EntryError(
            _("Section: the file has no section {section} (it holds sections {sections})").format(
                section=section, sections=", ".join(letters)
            )
        )
    return (_section(document, chosen, name, upload),)


def _section(
    document: BWSDocument, chosen: SectionRow, name: str, upload: UploadedFile
) -> BridgemateSection:
    """One section of a file read: its movement, its players and its results."""
    only = replace(
        document,
        sections=(chosen,),
        rounds=tuple(r for r in document.rounds if r.section == chosen.id),
        received=tuple(r for r in document.received if r.section == chosen.id),
        players=tuple(p for p in document.players if p.section == chosen.id),
    )
    try:
        movement = bridgemate.movement(only)
    except BWSError as error:
        said = _("Movement file: {problem}").format(problem=problem(error))
        if len(document.sections) > 1:
            said = _("Section {section}: {field}").format(section=chosen.letter, field=said)
        raise EntryError(said) from None
    players = bridgemate.participants(only, {chosen.letter: movement}, qualify=False)
    return BridgemateSection(
        source=name,
        letter=chosen.letter,
        movement=movement,
        names={p.id: " & ".join(p.names) for p in players},
        results=only.standing(),
        date=_date(document.date),
        program=bridgemate.scoring_program(document, upload.name or name),
    )


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def _load(upload: UploadedFile, name: str) -> BWSDocument:
    """The upload read by the library from a temporary copy (access-parser reads a path)."""
    with tempfile.TemporaryDirectory(prefix="bridgescore-bws-") as folder:
        path = Path(folder) / "upload.bws"
        with path.open("wb") as copy:
            for chunk in upload.chunks():
                copy.write(chunk)
        with path.open("rb") as copied:
            head = copied.read(32)
        if not bridgemate.is_access(head):
            raise EntryError(
                _(
                    "Movement file {name}: not a Bridgemate file (a .bws file is a Microsoft"
                    " Access database, and this one is not)"
                ).format(name=name)
            )
        try:
            document = bridgemate.load(path)
        except MissingExtraError as error:
            raise EntryError(missing_extra() or problem(error)) from None
        except BWSError as error:
            said = BWSError(
                error.reason_message,
                source=name,
                table=error.table,
                row=error.row_message,
                field=error.field,
            )
            raise EntryError(
                _("Movement file {name}: the Bridgemate file cannot be read: {problem}").format(
                    name=name, problem=problem(said)
                )
            ) from None
    return replace(document, source=name)


def import_results(
    session: Session, found: BridgemateSection, user: Viewer, field: SectionedMovement | None = None
) -> int:
    """Keep the section's results in ``session`` (just set up from ``found.movement``, or
    from ``field``, the file's sections, this one among them) as the director's entries,
    all in one write (:func:`entries.record_entries`, inside the caller's transaction and
    its hold of the writer); how many were kept. Every result is checked before the first
    is kept; any that does not fit is an
    :class:`~bridgescore.web.director.imported.RefusedImportError` naming each one."""
    reason = _("imported from {file}").format(file=found.shown)
    checked: list[tuple[str, in_play.EntryInput, str]] = []
    refused: list[str] = []
    for received in sorted(found.results, key=lambda r: (r.round, r.table, r.board)):
        where = _("section {section}, table {table}, round {round}, board {board}").format(
            section=found.letter, table=received.table, round=received.round, board=received.board
        )
        table = received.table if field is None else field.field_table(found.letter, received.table)
        try:
            checked.append((where, *_checked(session, found, received, reason, table)))
        except BridgeError as error:
            refused.append(f"{where}: {problem(error)}")
    if refused:
        imported.refuse(found.shown, refused)
    try:
        kept = entries.record_entries(session, [(inp, why) for _, inp, why in checked], user=user)
    except BridgeError as error:
        imported.refuse(found.shown, [problem(error)])
    return len(kept)


def _checked(
    session: Session, found: BridgemateSection, received: ReceivedRow, reason: str, table: int
) -> tuple[in_play.EntryInput, str]:
    """One result as the director would type it, checked as a typed one is (the form,
    then the log's checks), and its pairs the section's movement's at that table and round;
    kept at ``table``, the session's number of the section's table; with the reason the log
    gives it."""
    placed = place_result(
        found.movement,
        received.board,
        round_no=received.round,
        table=received.table,
        ns=str(received.pair_ns),
        ew=str(received.pair_ew),
    )
    if placed.error is not None:
        raise EntryError(placed.error)
    return imported.checked_entry(session, _typed(received, reason), received.round, table)


def _typed(received: ReceivedRow, reason: str) -> dict[str, str]:
    """A ``ReceivedData`` row as the director's result form takes it: the contract in the
    library's spelling (``3 NT`` is ``3NT``), ``Not played`` and percentages
    (``60%-40%``) as the adjusted score; any other remark kept in the entry's reason."""
    read = bridgemate.read_remark(received.remarks)
    remark = read.text
    fields = {"board": str(received.board), "reason": reason}
    if read.kind is bridgemate.RemarkKind.NOT_PLAYED:
        return {**fields, "not_played": "on"}
    if read.kind is bridgemate.RemarkKind.ADJUSTED:
        return {**fields, "adjusted": read.adjusted}
    if read.kind is bridgemate.RemarkKind.ARBITRAL:
        raise EntryError(
            _(
                "the remark {remark!r} gives an arbitral score that the file does not state:"
                " enter the session's results from another file, or set it up from the"
                " movement alone and enter that board's score on the control page"
            ).format(remark=remark)
        )
    if remark:
        fields["reason"] = _("{reason} (Bridgemate remark: {remark})").format(
            reason=reason, remark=remark
        )
    contract = bridgemate.contract_text(received.contract.strip())
    passed = contract == "Pass"
    return {
        **fields,
        "contract": contract,
        "declarer": "" if passed else received.direction,
        "result": "" if passed else received.result,
        "lead": received.lead,
    }
