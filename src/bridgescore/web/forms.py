"""The one layer every table's request is read through: Django forms with each field's
type, range and length declared once, and a phone's JSON checked for shape (an object of
plain values, not too big, not too deep) before it reaches a form.

A request that does not fit is answered 4xx with a message a player understands, naming
the field; nothing of it is kept. The director's forms build on these
(``director_forms.py``).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from django import forms
from django.http import HttpRequest, QueryDict
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from bridgescore.core.contract import Contract, PassedOut
from bridgescore.core.hands import Card
from bridgescore.core.notation import ENGLISH
from bridgescore.errors import BridgeError
from bridgescore.io.rows import FIELD_NAMES
from bridgescore.web import in_play
from bridgescore.web.refusals import EntryError
from bridgescore.web.said import problem, words_of

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


FormT = TypeVar("FormT", bound=forms.Form)


MOST_ROUNDS = 99
"""The highest round number a request may name."""


MOST_BOARDS = 999
"""The highest board number a request may name."""


MOST_JSON_BYTES = 4_096
"""A phone's JSON post is a few hundred bytes: anything over this is refused unread."""


NOTE_LENGTH = 300
"""The longest note or reason (a director's reason, a TD call's note)."""


LEVELS = [(str(n), str(n)) for n in range(1, 8)] + [("pass", "Pass")]


STRAINS = [(s, s) for s in ("C", "D", "H", "S", "NT")]


DOUBLINGS = [("", "undoubled"), ("X", "doubled"), ("XX", "redoubled")]


DECLARERS = [(s, s) for s in "NESW"]


class _SharedFields(dict[str, forms.Field]):
    """A form class's fields, handed to each of its forms as they are: Django deep-copies
    them for every form (so a view may change one form's fields), which is most of what a
    form costs (about 0.6 ms of the 0.8 on a table's result). These forms never change
    their fields, and a form's data, errors and bound fields are its own."""

    def __deepcopy__(self, memo: dict[int, object]) -> _SharedFields:
        return self


def shared_fields(form: type[FormT]) -> type[FormT]:
    """Give every form of this class its fields without copying them (see
    :class:`_SharedFields`): for the forms on a table's acknowledgement path."""
    form.base_fields = _SharedFields(form.base_fields)
    return form


class RequestError(EntryError):
    """A request that is not what the page sends: its status (400 unreadable, 413 too
    big, 422 a field out of range) and the message for the players."""

    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.status = status


def messages_for(what: str, **extra: StrOrPromise) -> dict[str, StrOrPromise]:
    """A field's messages, translated when shown (in the request's language), not here."""
    return {
        "required": format_lazy(gettext_lazy("{what}: choose one"), what=gettext_lazy(what)),
        "invalid": format_lazy(gettext_lazy("{what}: not readable"), what=gettext_lazy(what)),
        "invalid_choice": format_lazy(
            gettext_lazy("{what}: not one of the choices"), what=gettext_lazy(what)
        ),
        **extra,
    }


class ResultForm(forms.Form):
    """A result as a table's phone (or the director) sends it: the board, then a contract
    typed (``4SX``) or built from the buttons (level, strain, doubled), the declarer, the
    result, the opening lead; or "not played"."""

    board = forms.IntegerField(
        min_value=1,
        max_value=MOST_BOARDS,
        error_messages=messages_for(
            gettext_noop("Board"),
            required=gettext_lazy("choose the board"),
            min_value=gettext_lazy("Board: boards are numbered from 1"),
            max_value=format_lazy(
                gettext_lazy("Board: there is no board above {most}"), most=MOST_BOARDS
            ),
        ),
    )
    contract = forms.CharField(
        required=False,
        max_length=12,
        error_messages=messages_for(
            gettext_noop("Contract"), max_length=gettext_lazy("Contract: at most 12 characters")
        ),
    )
    level = forms.ChoiceField(
        choices=LEVELS, required=False, error_messages=messages_for(gettext_noop("Level"))
    )
    strain = forms.ChoiceField(
        choices=STRAINS, required=False, error_messages=messages_for(gettext_noop("Strain"))
    )
    doubled = forms.ChoiceField(
        choices=DOUBLINGS, required=False, error_messages=messages_for(gettext_noop("Doubled"))
    )
    declarer = forms.ChoiceField(
        choices=DECLARERS, required=False, error_messages=messages_for(gettext_noop("Declarer"))
    )
    result = forms.CharField(
        required=False,
        max_length=4,
        error_messages=messages_for(
            gettext_noop("Result"), max_length=gettext_lazy("Result: like =, +1 or -2")
        ),
    )
    lead = forms.CharField(
        required=False,
        max_length=3,
        error_messages=messages_for(
            gettext_noop("Opening lead"),
            max_length=gettext_lazy("Opening lead: a card, like SK or H7"),
        ),
    )
    not_played = forms.BooleanField(required=False)
    entry_id = forms.UUIDField(
        required=False,
        error_messages=messages_for(
            gettext_noop("Entry id"), invalid=gettext_lazy("the entry's id is not readable")
        ),
    )

    def clean_contract(self) -> str:
        """A contract typed as the request's language writes it (``4C O`` is four hearts by
        West in Spanish), as the library's international text (``4HW``); a whole result
        typed in the field (``4CO=``) likewise. A letter the language reads otherwise than
        English (Spanish C, Finnish E) is said back in words and kept only when the same
        text comes again (``read_as``, which the page sends back). What no reading fits is
        refused as the library names a refused field (``contrato '4R': ...``), in the
        language's letters."""
        typed = str(self.cleaned_data.get("contract") or "").strip()
        w = words_of()
        notation = w.notation
        if not typed or notation is ENGLISH:
            return typed
        try:
            contract: Contract | PassedOut = notation.parse_contract(typed)
            crossed = notation.crossed(typed)
        except BridgeError as error:
            try:
                reading = notation.read(typed)
            except BridgeError:
                name = FIELD_NAMES["contract"].render(gettext)
                raise forms.ValidationError(f"{name} {problem(error)}") from None
            contract, crossed = reading.result.contract, reading.crossed
            shown = str(reading.result)
        else:
            shown = str(contract)
        if crossed and str(self.data.get("read_as") or "").strip() != typed:
            raise forms.ValidationError(
                gettext("{typed}: read as {words}; save again to keep it.").format(
                    typed=typed, words=w.contract_spoken(contract)
                )
            )
        return shown

    def clean_declarer(self) -> str:
        return str(self.cleaned_data.get("declarer") or "").upper()

    def clean_lead(self) -> str:
        """The opening lead as a card (``SK``), or empty: a real card, never ``ZZ``."""
        text = str(self.cleaned_data.get("lead") or "").strip()
        if not text:
            return ""
        try:
            return str(Card.parse(text))
        except BridgeError as error:
            raise forms.ValidationError(
                gettext("Opening lead {text!r}: not a card ({error})").format(
                    text=text, error=problem(error)
                )
            ) from None

    def contract_text(self) -> str:
        """The contract typed, or built from the buttons (``Pass`` for a passed-out board)."""
        data = self.cleaned_data
        typed = str(data.get("contract") or "").strip()
        level = str(data.get("level") or "")
        if typed or not level:
            return typed
        if level == "pass":
            return "Pass"
        return f"{level}{data.get('strain') or ''}{data.get('doubled') or ''}"

    def entry_input(self, round_no: int, table: int, adjusted: str = "") -> in_play.EntryInput:
        """The result for the log's checks (call once the form is valid)."""
        data = self.cleaned_data
        entry_id = data.get("entry_id")
        return in_play.EntryInput(
            round=round_no,
            table=table,
            board=int(data["board"]),
            contract=self.contract_text(),
            declarer=str(data.get("declarer") or ""),
            result=str(data.get("result") or "").strip(),
            lead=str(data.get("lead") or ""),
            adjusted=adjusted,
            not_played=bool(data.get("not_played")),
            entry_id=entry_id if isinstance(entry_id, uuid.UUID) else None,
        )


def form_problem(form: forms.Form) -> str:
    """The first thing wrong with a form, as the players read it (the messages above
    name their field)."""
    for field, errors in form.errors.items():
        for error in errors:
            text = str(error)
            if field == "__all__" or ":" in text or text[:1].islower():
                return text
            return f"{form.fields[field].label or field.replace('_', ' ').capitalize()}: {text}"
    return gettext("the request is not readable")


def checked(form: FormT) -> FormT:
    """The form, if valid; else a :class:`RequestError` with its first problem."""
    if not form.is_valid():
        raise RequestError(form_problem(form))
    return form


def read_json(request: HttpRequest) -> QueryDict | dict[str, Any]:
    """A phone's JSON post as a flat mapping for a form: an object of text, numbers and,
    in the yes-or-no fields only (:data:`YES_OR_NO`), true/false (``null`` is left out),
    at most :data:`MOST_JSON_BYTES`. Anything else — a list, nesting, ``1e400``, NaN, a
    huge body, ``true`` for a board — is a :class:`RequestError`."""
    body = request.body
    if len(body) > MOST_JSON_BYTES:
        raise RequestError(gettext("the request is too big for one result"), 413)
    try:
        data = json.loads(
            body,
            parse_float=_plain_float,
            parse_constant=_no_constant,
        )
    except (ValueError, RecursionError):
        raise RequestError(gettext("the request is not readable"), 400) from None
    if not isinstance(data, dict):
        raise RequestError(gettext("the request is not readable: a result is a set of fields"), 400)
    flat: dict[str, Any] = {}
    for key, value in data.items():
        shown = key if len(key) <= 30 else key[:30] + "…"
        if value is None:
            continue
        if isinstance(value, bool):
            if key not in YES_OR_NO:
                raise RequestError(
                    gettext("{shown!r} should be text or a number, not true or false").format(
                        shown=shown
                    ),
                    400,
                )
            flat[key] = "1" if value else ""
        elif isinstance(value, int | str):
            flat[key] = str(value)
        else:
            raise RequestError(
                gettext("{shown!r} should be text or a number").format(shown=shown), 400
            )
    return flat


YES_OR_NO = frozenset({"confirm", "pending", "not_played"})
"""The only fields a phone's JSON may send as ``true``/``false`` (each a yes-or-no field
of :class:`TableResultForm`): a ``true`` anywhere else is refused, never read as ``1``."""


def _plain_float(text: str) -> str:
    """A number with a point or exponent, kept as its text (a form reads it, and refuses
    ``1e400`` for a board as it would any word)."""
    return text


def _no_constant(text: str) -> object:
    raise ValueError(f"{text} is not a number")


def request_data(request: HttpRequest) -> tuple[bool, Mapping[str, Any]]:
    """Whether the request is a phone's JSON, and its fields (JSON or form) for a form."""
    wants_json = request.content_type == "application/json"
    return wants_json, (read_json(request) if wants_json else request.POST)
