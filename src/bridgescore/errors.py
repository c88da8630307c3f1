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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final

Gettext = Callable[[str], "str | None"]
"""A catalogue's lookup: ``gettext`` of a language (``None`` or the msgid when it has none)."""


class Message:
    """A message marked for the catalogue and the values it names: English by ``str()``,
    any language by :meth:`render`. A value that is itself a message or a bridgescore
    error is rendered in the same language (a file's name and line around a reason)."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, /, **values: object) -> None:
        self.template: Final = template
        self.values: Final[Mapping[str, object]] = values

    def render(self, gettext: Gettext | None = None) -> str:
        """The text in ``gettext``'s language (English without one). A translation that
        does not fit the values (a catalogue's slip) falls back to the English text."""
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
        return cls(data["message"], **{str(k): _value(v) for k, v in values.items()})

    def __repr__(self) -> str:
        return f"Message({self.template!r}, {dict(self.values)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.template, dict(self.values)) == (other.template, dict(other.values))

    def __hash__(self) -> int:
        return hash(self.template)


def _data(value: object) -> object:
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
    if isinstance(data, Mapping):
        return Message.from_data(data)
    if data is None or isinstance(data, bool | int | float | str):
        return data
    raise ValueError(_("not a stored message's value: {data!r:.80}", data=data))


def _shown(value: object, gettext: Gettext | None) -> object:
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


def listed(parts: Iterable[str | Message], separator: str = "; ") -> Message:
    """Several messages shown as one (``'; '`` between them), each in the language shown."""
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
