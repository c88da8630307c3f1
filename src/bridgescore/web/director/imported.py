"""What every import of another program's results file shares (a Bridgemate ``.bws``,
a PBN or USEBIO results file): the upload's name as the messages show it, each result
typed into the director's result form and checked as a typed one is, and the refusal
that names every result that does not fit, none of them kept."""

from __future__ import annotations

import os
from typing import Final, NoReturn

from django.core.files.uploadedfile import UploadedFile
from django.utils import translation
from django.utils.translation import gettext as _

from bridgescore.web import in_play
from bridgescore.web.director import fields
from bridgescore.web.director import forms as director_forms
from bridgescore.web.models import Session
from bridgescore.web.refusals import EntryError

NAME_SHOWN: Final = 80
"""The most of an upload's name shown in a message or a reason (the reason's column is
300 characters)."""
MOST_PROBLEMS_SHOWN: Final = 20
"""The results that do not fit named one by one (then how many more)."""


class RefusedImportError(EntryError):
    """Results of the file that the session would not take: each named by its section,
    table, round and board (``problems``), none of them kept."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


def shown_name(upload: UploadedFile, unnamed: str) -> str:
    """The upload's own name (``unnamed`` when it has none), short enough to show."""
    name = os.path.basename(str(upload.name or "")) or unnamed
    return name if len(name) <= NAME_SHOWN else name[: NAME_SHOWN - 1] + "…"


def refuse(file: str, refused: list[str]) -> NoReturn:
    """Refuse the whole import of ``file``, naming the first results that do not fit
    (then how many more)."""
    more = len(refused) - MOST_PROBLEMS_SHOWN
    shown = refused[:MOST_PROBLEMS_SHOWN]
    if more > 0:
        shown.append(_("and {count} more results that do not fit").format(count=more))
    heading = _("{file}: nothing imported, these results do not fit").format(file=file)
    raise RefusedImportError([heading, *shown])


def checked_entry(
    session: Session, typed: dict[str, str], round_no: int, table: int
) -> tuple[in_play.EntryInput, str]:
    """One result as the director would type it (``typed``: the result form's fields),
    checked as a typed one is (the form, then the log's checks: the board this table's in
    this round, the contract and result possible), kept at ``table``, the session's number
    of the section's table; with the reason the log gives it. The file's letters are the
    international ones (``4C``, lead ``CA``: clubs), read so whatever the director's language
    (a Spanish director's form reads ``C`` as corazones); what does not fit is said in it."""
    form = director_forms.DirectorResultForm(typed)
    with translation.override("en"):
        valid = form.is_valid()
    if not valid:
        raise EntryError("; ".join(fields.problems(form)))
    inp = form.director_input(round_no, table)
    in_play.check_entry(session, inp)
    return inp, str(form.cleaned_data["reason"])
