"""A session started from a PBN or USEBIO results file: its sections (one or several)
the session's, each playing the movement its results show, its pairs named as the file
names them, and its results kept as the director's entries.

The library reads the file and puts its field together
(:func:`bridgescore.io.played_sections.load_played`); each result is then typed into the
director's result form (:class:`~bridgescore.web.director.forms.DirectorResultForm`) as the
file gives it and kept by :func:`entries.record_entries`, so it is checked exactly as a
result the director types, exactly as a Bridgemate file's are
(:mod:`~bridgescore.web.director.bridgemate_import`). All of it happens in the caller's
one transaction, and every result is checked before the first is kept: one result that
does not fit refuses the whole import, every such result named by its section, table,
round and board.

The session is scored as the file's program scored it: the library's self-check
(:func:`bridgescore.events.selfcheck.checked`) finds the conventions that reproduce the
file's own figures, the session keeps the program (:attr:`Session.program`: its matchpoint
policy, rounding, cross-IMP totals) and the scoring, and once its results are kept the
file's figures are compared with the session's own (:func:`check_session`), the outcome
kept for the control page. The file's deals become the session's hand records.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from bridgescore.core.contract import PassedOut
from bridgescore.errors import BridgeError, Message, listed
from bridgescore.events.conventions import program_conventions, session_scoring
from bridgescore.events.model import Event, ResultRow
from bridgescore.events.movements.model import Movement
from bridgescore.events.movements.sections import Section, SectionedMovement
from bridgescore.events.scoring import options_for
from bridgescore.events.selfcheck import Checked, checked, replayed
from bridgescore.events.vocabulary import Scoring
from bridgescore.io import played_sections
from bridgescore.io.events import format_of, format_of_content
from bridgescore.web import entries, hand_records, in_play, said
from bridgescore.web.answers import problem
from bridgescore.web.director import imported
from bridgescore.web.models import Session
from bridgescore.web.refusals import EntryError, Viewer

PAIRS_SCORINGS: Final = frozenset(
    {Scoring.MATCHPOINTS, Scoring.ACBL, Scoring.BUTLER, Scoring.CROSS_IMPS}
)
"""How a session of pairs may be scored: as the file was, when it is one of these."""
FORMATS: Final = {"pbn": "PBN", "usebio": "USEBIO"}
"""The results files a session starts from, by the format :mod:`bridgescore.io.events`
names, as the director's pages name them."""
MOVEMENT_SUFFIXES: Final = (".json", ".yaml", ".yml")
"""Names that say a movement file of ours or BridgeScorer's, whatever its first bytes."""


@dataclass(frozen=True, slots=True)
class ResultsFile:
    """A results file read as a session starts from it: the file's name and format, its
    field (:class:`~bridgescore.io.played_sections.PlayedField`), the session's movement
    (of sections when the file has several), the pairs' names by the session's ids, the
    session's date and how it is scored."""

    source: str
    format: str
    field: played_sections.PlayedField
    movement: Movement | SectionedMovement
    names: Mapping[str, str]
    date: datetime.date | None
    scoring: Scoring
    event: Event
    """The file's event, with the figures its program published."""
    check: Checked | None = None
    """The library's self-check of the file (``None``: it could not be scored)."""
    hands_pbn: str = ""
    """The file's deals as the session's hand records (``''``: it carries none)."""

    @property
    def program(self) -> str:
        """The program whose conventions the session is scored with: the file's, when the
        library knows them (else bridgescore's own: ``''``)."""
        program = self.field.program
        return program if program_conventions(program) is not None else ""

    @property
    def sectioned(self) -> SectionedMovement | None:
        return self.movement if isinstance(self.movement, SectionedMovement) else None

    @property
    def section_scoring(self) -> str:
        """Scored as the file was: within each section when it scored them apart, else
        across the field."""
        if self.field.apart:
            return Session.SectionScoring.APART
        return Session.SectionScoring.ACROSS

    @property
    def shown(self) -> str:
        """The file (and its sections), as the log names it."""
        letters = [s.letter for s in self.field.sections if s.letter]
        if len(letters) > 1:
            return _("{format} file {name}, sections {letters}").format(
                format=self.format, name=self.source, letters=", ".join(letters)
            )
        return _("{format} file {name}").format(format=self.format, name=self.source)

    def shown_section(self, section: played_sections.PlayedSection) -> str:
        """The file and one of its sections, as an entry's reason names it."""
        if self.sectioned is None:
            return _("{format} file {name}").format(format=self.format, name=self.source)
        return _("{format} file {name}, section {letter}").format(
            format=self.format, name=self.source, letter=section.letter
        )


def is_results_file(upload: UploadedFile) -> bool:
    """Whether an upload is meant as a PBN or USEBIO results file: by its first bytes
    (``[`` or ``%``, ``<``), or by its name (``.pbn``, ``.xml``), so that a ``.pbn`` that
    is not one is said to be no PBN file, rather than read as a movement; never a file
    named as a movement (``.json``, ``.yaml``)."""
    name = str(upload.name or "")
    if name.lower().endswith(MOVEMENT_SUFFIXES):
        return False  # a movement's own file (a YAML one may start with %YAML)
    upload.seek(0)
    head: bytes = upload.read(4096)
    upload.seek(0)
    return format_of_content(head) in FORMATS or format_of(name) in FORMATS


def read_file(upload: UploadedFile) -> ResultsFile:
    """The uploaded results file as a session starts from it; one that is not a PBN or
    USEBIO file, is damaged, or gives no movement is an :class:`EntryError` in the
    director's words."""
    name = imported.shown_name(upload, "results")
    upload.seek(0)
    data: bytes = upload.read()
    try:
        fmt, event = played_sections.load_results(data, source=name)
        field = played_sections.played_sections(event)
    except BridgeError as error:
        raise EntryError(
            _("Results file {name}: {problem}").format(name=name, problem=problem(error))
        ) from None
    if len(field.sections) > 1:
        movement: Movement | SectionedMovement = SectionedMovement(
            tuple(Section(s.letter, s.movement) for s in field.sections)
        )
        names = {s.letter + pair: n for s in field.sections for pair, n in s.names.items()}
    else:
        movement = field.sections[0].movement
        names = dict(field.sections[0].names)
    scoring = field.scoring if field.scoring in PAIRS_SCORINGS else Scoring.MATCHPOINTS
    scoring = session_scoring(field.program, scoring)  # ACBLscore's matchpoints: 1 a beat
    return ResultsFile(
        name,
        FORMATS[fmt],
        field,
        movement,
        names,
        _date(field.date),
        scoring,
        event,
        _checked(event),
        _hand_records(field),
    )


def _hand_records(field: played_sections.PlayedField) -> str:
    """The file's deals as the session's hand records, when they pass the check a
    director's hand records pass (:func:`hand_records.check_hands`); else none, so that
    deals the file carries never refuse an import of its results."""
    text = played_sections.hand_records(field)
    if not text:
        return ""
    try:
        hand_records.check_hands(text)
    except BridgeError:
        return ""
    return text


NOT_SCORED: Final = (BridgeError, ArithmeticError, ValueError)
"""What the self-check may raise on a file it cannot score: said, never an import refused."""


def _checked(event: Event) -> Checked | None:
    """The file scored as its program scored it, its own figures compared (the library's
    one self-check); ``None`` when the library cannot score it."""
    try:
        return checked(event)
    except NOT_SCORED:
        return None


def check_session(session: Session, found: ResultsFile) -> str:
    """Whether ``session``, its results just kept from ``found``, reproduces the file's
    own figures, as a kept message (:func:`said.said`): the file scored with exactly the
    options the session is scored with (``options_for(event_of(session))``), compared
    figure by figure (:func:`~bridgescore.events.selfcheck.replayed`), after how the
    file's program scored it. Never raises: a file the library cannot score says so."""
    try:
        options = options_for(in_play.event_of(session)).options
        first = found.check
        if first is not None and first.options == options:
            again = first  # the session is scored as the check scored the file
        else:
            again = checked(found.event, options=options)
        parts: list[Message] = [] if first is None else [first.chosen.message()]
        message = listed([*parts, replayed(again)], "; ")
    except NOT_SCORED as error:
        message = said.part(
            gettext_noop(
                "the session's figures could not be checked against the file's: {problem}"
            ),
            problem=error.message if isinstance(error, BridgeError) else str(error),
        )
    return said.said("{check}", check=message)


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def import_results(session: Session, found: ResultsFile, user: Viewer) -> int:
    """Keep the file's results in ``session`` (just set up from ``found.movement``) as the
    director's entries, all in one write (:func:`entries.record_entries`, inside the
    caller's transaction); how many were kept. Every result is checked before the first is
    kept; any that does not fit is an
    :class:`~bridgescore.web.director.imported.RefusedImportError` naming each one."""
    checked: list[tuple[in_play.EntryInput, str]] = []
    refused: list[str] = []
    field = found.sectioned
    for section in found.field.sections:
        reason = _("imported from {file}").format(file=found.shown_section(section))
        for row in sorted(section.rows, key=lambda r: (r.round or 0, int(str(r.table)), r.board)):
            table = int(str(row.table))
            round_no = int(row.round or 0)
            values = {"table": table, "round": round_no, "board": row.board}
            if field is None:
                where = _("table {table}, round {round}, board {board}").format(**values)
            else:
                where = _("section {section}, table {table}, round {round}, board {board}").format(
                    section=section.letter, **values
                )
            ours = table if field is None else field.field_table(section.letter, table)
            try:
                typed = _typed(row, reason)
                checked.append(imported.checked_entry(session, typed, round_no, ours))
            except BridgeError as error:
                refused.append(f"{where}: {problem(error)}")
    if refused:
        imported.refuse(found.shown, refused)
    try:
        kept = entries.record_entries(session, checked, user=user)
    except BridgeError as error:
        imported.refuse(found.shown, [problem(error)])
    return len(kept)


def _typed(row: ResultRow, reason: str) -> dict[str, str]:
    """A file's result as the director's result form takes it: the contract, declarer
    and result (``=``, ``+1``, ``-2``) and the opening lead, a passed-out board, an
    adjusted score (``A+/A-``, ``60%/40%``) or not played."""
    typed = {"board": str(row.board), "reason": reason}
    if row.not_played:
        return {**typed, "not_played": "on"}
    if row.adjusted is not None:
        return {**typed, "adjusted": str(row.adjusted)}
    result = row.result
    if result is None:
        raise EntryError(
            _(
                "the file gives its score (NS {score}) and not its contract and result,"
                " which a director's entry needs"
            ).format(score=row.ns_score)
        )
    contract = result.contract
    if isinstance(contract, PassedOut) or result.declarer is None:
        return {**typed, "contract": "Pass"}
    difference = result.difference
    return {
        **typed,
        "contract": contract.format(declarer=False),
        "declarer": str(result.declarer),
        "result": "=" if difference == 0 else f"{difference:+d}",
        "lead": str(row.lead) if row.lead is not None else "",
    }
