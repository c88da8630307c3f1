"""The one layer every table's request is read through: Django forms with each field's
type, range and length declared once, and a phone's JSON checked for shape (an object of
plain values, not too big, not too deep) before it reaches a form.

A request that does not fit is answered 4xx with a message a player understands, naming
the field; nothing of it is kept. The director's forms build on these
(``director_forms.py``).

A field's error is a message (:class:`FieldMessage`: which field, and what is wrong with
it), not the text Django renders: the phone reads it in its language, and the director's
log keeps it as the message and reads it in the director's (:func:`refusal`).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

from django import forms
from django.http import HttpRequest, QueryDict
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_noop

from bridgescore.core.contract import Contract, PassedOut
from bridgescore.core.hands import Card
from bridgescore.core.notation import ENGLISH, alike, notated
from bridgescore.errors import BridgeError, Gettext, Message, Unquoted
from bridgescore.io.rows import FIELD_NAMES
from bridgescore.io.text import excerpt
from bridgescore.web import in_play, said
from bridgescore.web.refusals import EntryError
from bridgescore.web.said import words_of

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


LEAD = gettext_noop("Opening lead")
"""The opening lead's field as a page names it (its errors start with it)."""


SENT_NAMES: Final[Mapping[str, Message]] = {
    **FIELD_NAMES,
    "board": said.part(gettext_noop("board")),
    "round": said.part(gettext_noop("round")),
    "level": said.part(gettext_noop("level")),
    "strain": said.part(gettext_noop("strain")),
    "doubled": said.part(gettext_noop("doubling")),
    "lead": said.part(gettext_noop("opening lead")),
    "entry_id": said.part(gettext_noop("entry id")),
}
"""A result's fields as a log line names them after its table (``table 2, round 1, board
5: level '8': ...``), as the library names a refused field of a row: in lower case, as
every reason after the table reads (``result '+1': 7NT can make at most 13 tricks``)."""


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
    big, 422 a field out of range) and the message for the players (kept as a message,
    :func:`refusal`, for a log that reads it in another language)."""

    def __init__(self, message: str | Message, status: int = 422) -> None:
        super().__init__(message)
        self.status = status


class FieldMessage(Promise):
    """A field's error message as a message (which field, what is wrong with it): Django
    shows it in the active language when it renders the error (as it does a lazy text),
    and :func:`refusal` keeps it as it is, for a log that reads it later in its reader's
    language. Its values are its own: Django's ``%(value)s`` parameters are not asked for."""

    def __init__(self, message: Message) -> None:
        self.message = message

    def __str__(self) -> str:
        return said.text(self.message)

    def __mod__(self, params: object, /) -> str:
        return str(self)

    def lazy(self) -> StrOrPromise:
        """This message where Django takes a lazy text (a field's ``error_messages``)."""
        return cast("StrOrPromise", self)


def field_error(message: Message) -> forms.ValidationError:
    """A field's error (raised in a form's ``clean_...``) kept as a message."""
    return forms.ValidationError(FieldMessage(message).lazy())


def messages_for(what: str, **extra: StrOrPromise | Message) -> dict[str, StrOrPromise]:
    """A field's messages (``what``: its name, marked), translated when shown (in the
    request's language), not here; kept as messages (:class:`FieldMessage`), as is one
    given as a :class:`Message` (its ``{what}``, the field's name, filled here)."""

    def named(template: str) -> StrOrPromise:
        return FieldMessage(said.part(template, what=said.part(what))).lazy()

    def given(message: Message) -> StrOrPromise:
        if "{what}" in message.template and "what" not in message.values:
            message = Message(message.template, what=said.part(what), **message.values)
        return FieldMessage(message).lazy()

    return {
        "required": named(gettext_noop("{what}: choose one")),
        "invalid": named(gettext_noop("{what}: not readable")),
        "invalid_choice": named(gettext_noop("{what}: not one of the choices")),
        # a null character in a text field (else Django's own message)
        "null_characters_not_allowed": named(gettext_noop("{what}: not readable")),
        **{k: given(v) if isinstance(v, Message) else v for k, v in extra.items()},
    }


class _Spoken(Message):
    """A contract or a card said back in words to the phone that typed it, in its language
    (``4 corazones por Oeste``, ``el as de corazones``); kept as the value itself, a
    notated value a log reads in its reader's notation (``4♥W``, ``4HW``; ``♥A``, ``HA``)."""

    __slots__ = ("value",)

    def __init__(self, value: Contract | PassedOut | Card) -> None:
        if isinstance(value, Card):
            super().__init__("{card}", card=notated(value))
        else:
            super().__init__("{contract}", contract=notated(value))
        self.value = value

    def render(self, gettext: Gettext | None = None) -> str:
        w = words_of(None if gettext else "en")
        value = self.value
        return w.card_spoken(value) if isinstance(value, Card) else w.contract_spoken(value)


class ResultForm(forms.Form):
    """A result as a table's phone (or the director) sends it: the board, then a contract
    typed (``4SX``) or built from the buttons (level, strain, doubled), the declarer, the
    result, the opening lead; or "not played"."""

    board = forms.IntegerField(
        min_value=1,
        max_value=MOST_BOARDS,
        error_messages=messages_for(
            gettext_noop("Board"),
            required=said.part(gettext_noop("choose the board")),
            min_value=said.part(gettext_noop("{what}: boards are numbered from 1")),
            max_value=said.part(
                gettext_noop("{what}: there is no board above {most}"), most=MOST_BOARDS
            ),
        ),
    )
    contract = forms.CharField(
        required=False,
        max_length=12,
        error_messages=messages_for(
            gettext_noop("Contract"),
            max_length=said.part(gettext_noop("{what}: at most 12 characters")),
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
            gettext_noop("Result"), max_length=said.part(gettext_noop("{what}: like =, +1 or -2"))
        ),
    )
    lead = forms.CharField(
        required=False,
        max_length=3,
        error_messages=messages_for(
            LEAD, max_length=said.part(gettext_noop("{what}: a card, like SK or H7"))
        ),
    )
    not_played = forms.BooleanField(required=False)
    entry_id = forms.UUIDField(
        required=False,
        error_messages=messages_for(
            gettext_noop("Entry id"),
            invalid=said.part(gettext_noop("the entry's id is not readable")),
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
                refused = said.part("{name} {error}", name=FIELD_NAMES["contract"], error=error)
                raise field_error(refused) from None
            contract, crossed = reading.result.contract, reading.crossed
            shown = str(reading.result)
        else:
            shown = str(contract)
        if crossed and str(self.data.get("read_as") or "").strip() != typed:
            asked = said.part(
                gettext_noop("{typed}: read as {words}; save again to keep it."),
                typed=typed,
                words=_Spoken(contract),
            )
            raise field_error(asked)
        return shown

    def clean_declarer(self) -> str:
        return str(self.cleaned_data.get("declarer") or "").upper()

    lead_asked = ""
    """The lead typed whose reading was said back in words (:meth:`clean_lead`)."""

    def clean_lead(self) -> str:
        """The opening lead typed as the request's language writes a card (Spanish ``CA``
        is the ace of hearts, ``RP`` the king of spades), or empty, kept as the library's
        international text (``HA``), as a contract is. A card whose letters English reads
        as another (Spanish ``CA``) is said back in words and kept only when the same text
        comes again (``lead_read_as``), as a contract is. What is no card is refused as the
        library names a refused field, its text quoted once, with the language's suits and
        ranks (``Salida 'ZZ': no es una carta; escriba el palo (T, D, C, P o ♣ ♦ ♥ ♠)``)."""
        text = str(self.cleaned_data.get("lead") or "").strip()
        if not text:
            return ""
        try:
            reading = words_of().notation.read_card(text)
        except BridgeError as error:
            given = said.part("{name} {text!r}", name=said.part(LEAD), text=text)
            refused = said.part("{what}: {error}", what=given, error=Unquoted(error, text))
            raise field_error(refused) from None
        if reading.crossed and str(self.data.get("lead_read_as") or "").strip() != text:
            self.lead_asked = text
            asked = said.part(
                gettext_noop("{typed}: read as {words}; save again to keep it."),
                typed=text,
                words=_Spoken(reading.card),
            )
            raise field_error(asked)
        return str(reading.card)

    def lead_said_back(self) -> str:
        """The lead typed whose reading is the first thing the form says back (for a page
        to offer it again with ``lead_read_as``), else ``''``."""
        return self.lead_asked if next(iter(self.errors), None) == "lead" else ""

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


def lead_sent_on(lead: str) -> str:
    """A lead kept (``HT``) as a page sends it on to be read again, perhaps in another
    language (a preview's form, a result waiting for the opponents' phone): as every
    notation reads it alike (``♥10``: :func:`~bridgescore.core.notation.alike`)."""
    try:
        return alike(Card.parse(lead)) if lead else ""
    except BridgeError:
        return lead


def refusal(form: forms.Form, *, sent: bool = False) -> said.Part:
    """The first thing wrong with a form, as a message: which field, and what is wrong with
    it (the messages above name their field), read in each reader's language (the phone's
    now, the director's in the log). A text Django renders itself (its own message, a
    form's lazy text: none is left on a table's forms) is read now as Django renders it and
    kept in English (:class:`_Rendered`).

    ``sent``: as the director's log keeps it, the field named as :data:`SENT_NAMES` names
    it, with what was sent for it, cut (``level '8': not one of the choices``; the phone
    knows what it sent, and reads ``Level: not one of the choices``)."""
    for field, errors in form.errors.as_data().items():
        for error in errors:
            kept: object = error.message
            if isinstance(kept, FieldMessage):
                found = _as_sent(form, field, kept.message) if sent else kept.message
            else:
                found = _Rendered(error)
            english = str(found)
            if field == "__all__" or ":" in english or english[:1].islower():
                return found
            label = form.fields[field].label or field.replace("_", " ").capitalize()
            return said.part("{field}: {error}", field=_Rendered(label), error=found)
    return said.part(gettext_noop("the request is not readable"))


def _as_sent(form: forms.Form, field: str, message: Message) -> Message:
    """A field's ``message`` naming the field (its ``{what}``) as :data:`SENT_NAMES` does,
    with the text sent for it quoted and cut as the library quotes a refused field
    (:func:`~bridgescore.io.text.excerpt`); the log escapes it as it shows it."""
    name = SENT_NAMES.get(field)
    if name is None or "what" not in message.values:
        return message
    text = str(form.data.get(field) or "").strip()
    what = said.part("{name} {text!r}", name=name, text=excerpt(text)) if text else name
    return Message(message.template, **{**message.values, "what": what})


class _Rendered(Message):
    """A text Django renders itself (its own error message, a lazy text): read now as it
    renders it, in the active language; kept as its English text (its catalogue's source
    where it is one, which a reader's catalogue translates back), never in the language of
    the request that kept it."""

    __slots__ = ("text",)

    def __init__(self, text: StrOrPromise | forms.ValidationError) -> None:
        self.text = text
        with translation.override("en"):
            super().__init__(self._now())

    def _now(self) -> str:
        if isinstance(self.text, forms.ValidationError):
            return next(iter(self.text.messages), "")  # as Django renders it, values filled
        return str(self.text)

    def render(self, gettext: Gettext | None = None) -> str:
        return self.template if gettext is None else self._now()


def form_problem(form: forms.Form) -> str:
    """The first thing wrong with a form, as the players read it (:func:`refusal`)."""
    return said.text(refusal(form))


def checked(form: FormT) -> FormT:
    """The form, if valid; else a :class:`RequestError` with its first problem, kept as
    a message (:func:`refusal`)."""
    if not form.is_valid():
        raise RequestError(refusal(form))
    return form


def read_json(request: HttpRequest) -> QueryDict | dict[str, Any]:
    """A phone's JSON post as a flat mapping for a form: an object of text, numbers and,
    in the yes-or-no fields only (:data:`YES_OR_NO`), true/false (``null`` is left out),
    at most :data:`MOST_JSON_BYTES`. Anything else — a list, nesting, ``1e400``, NaN, a
    huge body, ``true`` for a board — is a :class:`RequestError`."""
    body = request.body
    if len(body) > MOST_JSON_BYTES:
        raise RequestError(said.part(gettext_noop("the request is too big for one result")), 413)
    try:
        data = json.loads(
            body,
            parse_float=_plain_float,
            parse_constant=_no_constant,
        )
    except (ValueError, RecursionError):
        raise RequestError(said.part(gettext_noop("the request is not readable")), 400) from None
    if not isinstance(data, dict):
        raise RequestError(
            said.part(gettext_noop("the request is not readable: a result is a set of fields")),
            400,
        )
    flat: dict[str, Any] = {}
    for key, value in data.items():
        shown = key if len(key) <= 30 else key[:30] + "…"
        if value is None:
            continue
        if isinstance(value, bool):
            if key not in YES_OR_NO:
                raise RequestError(
                    said.part(
                        gettext_noop("{shown!r} should be text or a number, not true or false"),
                        shown=shown,
                    ),
                    400,
                )
            flat[key] = "1" if value else ""
        elif isinstance(value, int | str):
            flat[key] = str(value)
        else:
            raise RequestError(
                said.part(gettext_noop("{shown!r} should be text or a number"), shown=shown), 400
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
