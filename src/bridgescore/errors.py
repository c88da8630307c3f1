"""The exception tree: one root, input errors are also ``ValueError``; and the messages
they carry, marked for the catalogue.

Every message quotes the input it rejects and says what is allowed, so that the CLI and
the web app can show it to a player unchanged, in the player's language: a message is
written as a :class:`Message` (``_("{text!r}: not a seat", text=text)``, with
``from bridgescore.errors import marked as _``), a template that gettext's ``xgettext``
extracts into the catalogue and the values it names. ``str(error)`` is the English text;
``error.translated(gettext)`` the text in the language whose ``gettext`` is given (the
web's active language, the CLI's ``--lang``). The library itself never picks a language.

>>> error = SeatError(marked("{text!r}: not a seat; use N, E, S or W", text="Q"))
>>> str(error)
"'Q': not a seat; use N, E, S or W"
>>> error.translated({"{text!r}: not a seat; use N, E, S or W": "{text!r}: ei ilmansuunta"}.get)
"'Q': ei ilmansuunta"

A contract, result, seat, side or strain a message names is a :class:`Notated` value: its
text is the international notation's (``7NT``), and a :class:`Reader` (a language's
``gettext`` and its notation) writes it as that reader does (``7ST`` in Spanish) when the
message is shown, however long after it was kept.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

Gettext = Callable[[str], "str | None"]
"""A catalogue's lookup: ``gettext`` of a language (``None`` or the msgid when it has none)."""


@dataclass(frozen=True, slots=True)
class Notated:
    """A bridge value a message names: a ``contract`` (or a passed-out deal), a
    ``result``, a ``seat``, a ``side``, a ``strain``, a ``card`` or a ``pair``'s id (its
    ``kind``), written in each reader's notation where the message is shown to a
    :class:`Reader`, else as the writer wrote it (``shown``). ``text`` is the
    international notation's (``7NT``, ``4SXN-2``, ``W``, ``3EW``): what a kept message
    keeps, read back by the notation's one parser; ``value`` the library's value itself
    while there is one (not kept, not compared)."""

    kind: str
    text: str
    shown: str = ""
    value: object = field(default=None, compare=False)

    def __str__(self) -> str:
        return self.shown or self.text

    def written(self, gettext: Gettext | None) -> str:
        """As ``gettext``'s reader writes it (a :class:`Reader`), else as written."""
        if isinstance(gettext, Reader):
            return gettext.write(self)
        return str(self)

    def to_data(self) -> dict[str, str]:
        data = {"notated": self.kind, "text": self.text}
        return data if not self.shown or self.shown == self.text else data | {"shown": self.shown}

    @classmethod
    def from_data(cls, data: Mapping[str, object]) -> Notated:
        """The value :meth:`to_data` gave; anything else is a ``ValueError``."""
        kind, text, shown = data.get("notated"), data.get("text"), data.get("shown", "")
        if not (isinstance(kind, str) and isinstance(text, str) and isinstance(shown, str)):
            raise ValueError(_("not a stored message's value: {data!r:.80}", data=data))
        return cls(kind, text, shown)


class Reader:
    """Whoever a message is shown to: their catalogue's ``gettext`` (a reader is called as
    it is, so it goes wherever a ``gettext`` goes, into every message nested in another)
    and how they write a :class:`Notated` value (their notation's ``written``)."""

    __slots__ = ("gettext", "write")

    def __init__(self, gettext: Gettext, write: Callable[[Notated], str]) -> None:
        self.gettext: Final = gettext
        self.write: Final = write

    def __call__(self, message: str) -> str | None:
        return self.gettext(message)


class Message:
    """A message marked for the catalogue and the values it names: English by ``str()``,
    any language by :meth:`render`. A value that is itself a message or a bridgescore
    error is rendered in the same language (a file's name and line around a reason)."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, /, **values: object) -> None:
        self.template: Final = template
        self.values: Final[Mapping[str, object]] = values

    def render(self, gettext: Gettext | None = None) -> str:
        """The text in ``gettext``'s language (English without one), the bridge values it
        names in a :class:`Reader`'s notation. A translation that does not fit the values
        (a catalogue's slip) falls back to the English text."""
        text = (gettext(self.template) or self.template) if gettext else self.template
        if not self.values:
            return text
        shown = {name: _shown(value, gettext) for name, value in self.values.items()}
        for form in (text, self.template):
            try:
                return form.format(**shown)
            except (KeyError, IndexError, ValueError, AttributeError, TypeError):
                continue
        return self.template  # a stored template that fits no values: shown as written

    def __str__(self) -> str:
        return self.render()

    def to_data(self) -> dict[str, object]:
        """A JSON-ready form that keeps the message translatable once stored (a value
        that is neither a message nor a number, text, true/false or null is kept as its
        text)."""
        return {"message": self.template, "values": {k: _data(v) for k, v in self.values.items()}}

    @classmethod
    def from_data(cls, data: object) -> Message:
        """The message :meth:`to_data` gave; anything else is a ``ValueError``."""
        if not isinstance(data, Mapping) or not isinstance(data.get("message"), str):
            raise ValueError(_("not a stored message: {data!r:.80}", data=data))
        values = data.get("values", {})
        if not isinstance(values, Mapping):
            raise ValueError(_("not a stored message's values: {values!r:.80}", values=values))
        read = {str(k): _value(v) for k, v in values.items()}
        given, reason = data.get("unquoted"), read.get("error")
        if isinstance(given, str) and isinstance(reason, Message):
            return Unquoted(reason, given)
        return cls(data["message"], **read)

    def __repr__(self) -> str:
        return f"Message({self.template!r}, {dict(self.values)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.template, dict(self.values)) == (other.template, dict(other.values))

    def __hash__(self) -> int:
        return hash(self.template)


class Unquoted(Message):
    """An error's reason without the input it starts by quoting, in any language: a
    field's ``'+1'`` refused as ``result '+1': 7NT can make at most 13 tricks``, not
    ``result '+1': '7NTN +1': 7NT can make...``; kept so (:meth:`to_data`), read so later."""

    __slots__ = ("given",)

    def __init__(self, reason: BridgeError | Message, given: str) -> None:
        super().__init__("{error}", error=reason)
        self.given = given

    def render(self, gettext: Gettext | None = None) -> str:
        text = super().render(gettext)
        head, sep, rest = text.partition(": ")
        return rest if sep and self.given in head else text

    def to_data(self) -> dict[str, object]:
        return super().to_data() | {"unquoted": self.given}


def _data(value: object) -> object:
    if isinstance(value, Notated):
        return value.to_data()
    if isinstance(value, BridgeError):
        value = value.message
    if isinstance(value, MarkedText):
        value = value.message
    if isinstance(value, Message):
        return value.to_data()
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _value(data: object) -> object:
    if isinstance(data, Mapping) and "notated" in data:
        return Notated.from_data(data)
    if isinstance(data, Mapping):
        return Message.from_data(data)
    if data is None or isinstance(data, bool | int | float | str):
        return data
    raise ValueError(_("not a stored message's value: {data!r:.80}", data=data))


def _shown(value: object, gettext: Gettext | None) -> object:
    if isinstance(value, Notated):
        return value.written(gettext)
    if isinstance(value, Message):
        return value.render(gettext)
    if isinstance(value, BridgeError):
        return value.translated(gettext)
    return value


def marked(template: str, /, **values: object) -> Message:
    """A message for the catalogue (imported as ``_`` so ``xgettext`` extracts it): the
    English ``template`` with named brace fields, and their values."""
    return Message(template, **values)


_ = marked


class MarkedText(str):
    """A message's English text that keeps the marked message (``.message``): text to
    whoever reads it as text (a problem's ``message`` is compared and joined as text),
    translatable to whoever knows."""

    __slots__ = ("message",)
    message: Message

    def __new__(cls, message: Message | str) -> MarkedText:
        text = super().__new__(cls, str(message))
        text.message = message if isinstance(message, Message) else Message(str(message))
        return text


def as_message(text: str | Message) -> Message:
    """Text as a message: the one it was rendered from, or the text shown as it is."""
    if isinstance(text, Message):
        return text
    if isinstance(text, MarkedText):
        return text.message
    return Message(text)


def listed(parts: Iterable[str | Message | Notated], separator: str = "; ") -> Message:
    """Several messages (or values) shown as one (``'; '`` between them), each in the
    language (and notation) shown."""
    values = {f"part{n}": part for n, part in enumerate(parts)}
    return Message(separator.join(f"{{{name}}}" for name in values), **values)


class BridgeError(Exception):
    """Root of every error bridgescore raises on purpose. Its message is a
    :class:`Message` (a plain string is taken as it is: shown untranslated)."""

    def __init__(self, message: str | Message = "", *args: object) -> None:
        self.message: Message = message if isinstance(message, Message) else Message(message)
        super().__init__(str(self.message), *args)

    def translated(self, gettext: Gettext | None) -> str:
        """The message in ``gettext``'s language (English when ``None``)."""
        return self.message.render(gettext)


class BridgeInputError(BridgeError, ValueError):
    """Input that does not describe a possible bridge fact."""


class SeatError(BridgeInputError):
    """An unknown seat or side (``'Q'`` is not North, East, South or West)."""


class PairError(BridgeInputError):
    """A pair's id typed that names two pairs, or a direction two ways."""


class StrainError(BridgeInputError):
    """An unknown strain (suit or notrump)."""


class DoublingError(BridgeInputError):
    """An unknown doubling mark."""


class VulnerabilityError(BridgeInputError):
    """An unknown vulnerability."""


class BoardError(BridgeInputError):
    """A board number that is not a positive whole number."""


class ContractError(BridgeInputError):
    """A contract that cannot be bid (level outside 1-7, garbled text...)."""


class ResultError(BridgeInputError):
    """A result that cannot happen (more than 13 tricks, 3NT+5...)."""


class LawsError(BridgeInputError, LookupError):
    """An unknown law-set name."""


class SheetError(BridgeInputError):
    """A deal that cannot go on a rubber or Chicago score sheet."""


class MissingExtraError(BridgeError, ImportError):
    """A feature whose optional packages are not installed: says which extra to install."""

    def __init__(self, feature: str | Message, extra: str, missing: str | None) -> None:
        self.extra = extra
        command = f"pip install 'bridgescore[{extra}]'"
        if missing:
            message = _(
                "{feature} needs the {extra} extra ({missing} is missing): {command}",
                feature=feature,
                extra=extra,
                missing=missing,
                command=command,
            )
        else:
            message = _(
                "{feature} needs the {extra} extra: {command}",
                feature=feature,
                extra=extra,
                command=command,
            )
        BridgeError.__init__(self, message)
        self.name = missing


class LocatedError(BridgeInputError):
    """An input error found in a file or stream, with its place.

    ``source`` is the file name (or ``<stdin>``), ``line`` is 1-based.
    """

    def __init__(self, message: str | Message, *, source: str, line: int | None = None) -> None:
        self.source = source
        self.line = line
        self.reason = str(message)
        self.reason_message = message if isinstance(message, Message) else Message(message)
        if line is None:
            where = _("{source}: {reason}", source=source, reason=self.reason_message)
        else:
            where = _(
                "{source}, line {line}: {reason}",
                source=source,
                line=line,
                reason=self.reason_message,
            )
        super().__init__(where)
