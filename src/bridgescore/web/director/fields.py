"""The director's form fields, each with its type, bounds and messages declared once, and
the bounds they share with the models."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any, Final

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.db import models
from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from bridgescore.events import team_sections
from bridgescore.events.movements import limits
from bridgescore.io.bridgemate import is_access
from bridgescore.web.models import (
    Entry,
    Penalty,
    Player,
    Session,
    SessionPair,
)


def _length(model: type[models.Model], field: str) -> int:
    """The longest text the column keeps (so the form never takes more than is kept)."""
    column = model._meta.get_field(field)
    assert isinstance(column, models.CharField)
    assert column.max_length is not None
    return column.max_length


NAME_LENGTH: Final = _length(Session, "name")
"""A session's name (120)."""


SPEC_LENGTH: Final = _length(Session, "spec")
"""A movement's spec as typed (80)."""


REASON_LENGTH: Final = _length(Entry, "reason")
"""A director's reason, for the log (300: a ruling's, a penalty's, a late change's)."""


PLAYER_LENGTH: Final = _length(Player, "name")
"""A player's name on the roster (120)."""


NUMBER_LENGTH: Final = _length(Player, "number")
"""A player's membership number (30)."""


USERNAME_LENGTH: Final = 150
"""A director's user name (Django's ``User.username``)."""


PASSWORD_LENGTH: Final = 200
"""The longest password taken (a passphrase fits; a megabyte is not hashed)."""


TEAM_LENGTH: Final = _length(SessionPair, "pair")
"""A team's name (40)."""


MEMBERS_LENGTH: Final = _length(SessionPair, "names")
"""A pair's or team's players' names, joined by ``&`` (200)."""


PAIR_LENGTH: Final = 20
"""A pair's id in the movement (``12NS``, ``A12NS``), as a penalty or a late change
names it (20)."""


PENALTY_LENGTH: Final = _length(Penalty, "pair")
"""A team as a penalty names it: its id, or its name, typed (40, as a team's name)."""


ADJUSTED_LENGTH: Final = _length(Entry, "adjusted")
"""An adjusted score (``A+/A-``, ``60%/40%``) (20)."""


KEY_LENGTH: Final = 64
"""A confirmation key (what was shown, digested)."""


NAMES_LENGTH: Final = 20_000
"""The pairs' names typed on the new session page, all lines together."""


FILE_BYTES: Final = 2_000_000
"""The largest movement or hand-record file taken (a PBN of 100 deals is about 60 kB)."""


BRIDGEMATE_BYTES: Final = 20_000_000
"""The largest Bridgemate ``.bws`` file taken as the movement file: an Access database that
carries the club's whole member list, so far bigger than a text file (the real session of
2025-12-23 is 3.1 MB, 43,729 members)."""


SECTION_LENGTH: Final = 4
"""A Bridgemate section's letter (``A``; Bridgemate pads it to three characters)."""


MOST_PAIRS: Final = limits.MOST_PAIRS
"""The most pairs a session set up on the page may have (the movement library's limit)."""


MOST_BOARDS_ASKED: Final = limits.MOST_BOARDS
"""The most boards a session may be asked to play (the movement library's limit)."""


MOST_TEAMS: Final = team_sections.MOST_TEAMS_IN_A_FIELD
"""The most teams a session set up on the page may have (the library's limit of a teams
field, 300: a Swiss of them all, or sections; a round robin has its own lower limit)."""


MOST_TABLES: Final = limits.MOST_TABLES_IN_A_MOVEMENT
"""The highest table number a late change may name (the movement library's limit)."""


MOST_MOVEMENT_ROUNDS: Final = limits.MOST_ROUNDS
"""The highest round a late change may start from (the movement library's limit)."""


MOST_VP: Final = Decimal(30)
"""The most VPs a bye may score (the largest VP scale's top)."""


FIRST_YEAR: Final = 1900


LAST_YEAR: Final = 2100
"""A session's date is in these years."""


def field_messages(label: Any, **extra: Any) -> dict[str, Any]:
    """Django's messages for a field, each naming it."""
    return {
        "required": format_lazy(_("{label}: required"), label=label),
        "invalid": format_lazy(_("{label}: not readable"), label=label),
        "invalid_choice": format_lazy(_("{label}: not one of the choices"), label=label),
        "max_length": format_lazy(
            _("{label}: at most %(limit_value)d characters (this has %(show_value)d)"),
            label=label,
        ),
        "min_value": format_lazy(_("{label}: at least %(limit_value)s"), label=label),
        "max_value": format_lazy(_("{label}: at most %(limit_value)s"), label=label),
        **extra,
    }


Required = bool | str | Promise
"""Whether a field is required: ``True`` (with the message ``Label: required``), ``False``,
or the message to give when it is left out."""


def _needs(label: Any, required: Required, extra: dict[str, Any]) -> bool:
    """Whether the field is required; its own message for a field left out into ``extra``."""
    if isinstance(required, bool):
        return required
    extra["required"] = required
    return True


def text_field(
    label: Any, length: int, *, required: Required = False, **extra: Any
) -> forms.CharField:
    needed = _needs(label, required, extra)
    return forms.CharField(
        label=label,
        max_length=length,
        required=needed,
        error_messages=field_messages(label, **extra),
    )


def whole_field(
    label: Any, least: int, most: int, *, required: Required = True, **extra: Any
) -> forms.IntegerField:
    needed = _needs(label, required, extra)
    extra.setdefault("invalid", format_lazy(_("{label}: give a whole number"), label=label))
    return forms.IntegerField(
        label=label,
        min_value=least,
        max_value=most,
        required=needed,
        error_messages=field_messages(label, **extra),
    )


def choice_field(
    label: Any, choices: Iterable[tuple[str, Any]], *, required: Required = True, **extra: Any
) -> forms.ChoiceField:
    needed = _needs(label, required, extra)
    return forms.ChoiceField(
        label=label,
        choices=list(choices),
        required=needed,
        error_messages=field_messages(label, **extra),
    )


def problems(form: forms.Form) -> list[str]:
    """Every problem of a form, each naming its field (the messages above do)."""
    found: dict[str, None] = {}
    for errors in form.errors.values():
        found.update((str(error), None) for error in errors)
    return list(found)


def text_of(upload: UploadedFile) -> str:
    """An uploaded file's text: UTF-8, else Latin-1 (PBN's own charset, ISO-8859-1)."""
    data: bytes = upload.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def is_bridgemate(upload: UploadedFile) -> bool:
    """Whether an upload is meant as a Bridgemate file: an Access database by its first
    bytes (a renamed one too), or named ``.bws`` (so that a ``.bws`` that is not one is
    said to be no Bridgemate file, rather than read as text)."""
    upload.seek(0)
    head: bytes = upload.read(32)
    upload.seek(0)
    return is_access(head) or str(upload.name or "").lower().endswith(".bws")


def _too_big(label: Any, size: int, most: int) -> forms.ValidationError:
    return forms.ValidationError(
        format_lazy(
            _("{label}: the file is {size:,} bytes, more than the {most:,} taken"),
            label=label,
            size=size,
            most=most,
        )
    )


class _FileField(forms.FileField):
    """A file up to :data:`FILE_BYTES` (a Bridgemate file, when ``bridgemate`` is taken,
    up to :data:`BRIDGEMATE_BYTES`), refused whole above it (never read in part)."""

    def __init__(self, *args: Any, bridgemate: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.bridgemate = bridgemate

    def clean(self, data: Any, initial: Any = None) -> Any:
        upload = super().clean(data, initial)
        if upload and upload.size is not None and upload.size > FILE_BYTES:
            most = BRIDGEMATE_BYTES if self.bridgemate and is_bridgemate(upload) else FILE_BYTES
            if upload.size > most:
                raise _too_big(self.label, upload.size, most)
        return upload


def file_field(label: Any, *, bridgemate: bool = False) -> _FileField:
    return _FileField(
        bridgemate=bridgemate,
        label=label,
        required=False,
        error_messages=field_messages(
            label,
            empty=format_lazy(_("{label}: the file is empty"), label=label),
            max_length=format_lazy(_("{label}: the file's name is too long"), label=label),
        ),
    )


def date_field(label: Any) -> forms.DateField:
    return forms.DateField(
        label=label,
        required=False,
        error_messages=field_messages(
            label, invalid=format_lazy(_("{label}: a date, like 2025-03-18"), label=label)
        ),
    )


def check_year(label: Any, day: datetime.date | None) -> datetime.date | None:
    if day is not None and not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise forms.ValidationError(
            format_lazy(
                _("{label}: a date from {first} to {last}"),
                label=label,
                first=FIRST_YEAR,
                last=LAST_YEAR,
            )
        )
    return day


def club_choices(clubs: Sequence[Any]) -> list[tuple[str, str]]:
    return [(str(c.pk), c.name) for c in clubs]
