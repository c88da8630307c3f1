"""One shape for every named set of rules: law sets, IMP tables, butler presets,
matchpoint policies, victory-point scales.

A :class:`Registry` holds items by name and alias with one lookup rule (case, spaces,
dashes and slashes ignored: ``Drop 1`` finds ``drop-1``), names its default, and gives
the CLI its choices and help, so help lists every registered item and nothing else.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Scale:
...     name: str
...     aliases: tuple[str, ...] = ()
>>> scales = Registry("scale", LookupError, [Scale("wbf", ("world",)), Scale("20")], default="wbf")
>>> scales.get("World").name, scales.names(), scales.default
('wbf', ('wbf', '20'), 'wbf')
>>> scales.get("25")
Traceback (most recent call last):
  ...
LookupError: '25': not a scale; use wbf, 20 (aliases: world)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Generic, Protocol, TypeVar

from bridgescore.core._tokens import normalise, quote
from bridgescore.errors import Message
from bridgescore.errors import marked as _


class Named(Protocol):
    @property
    def name(self) -> str: ...


T = TypeVar("T", bound=Named)


class Registry(Generic[T]):
    """Items by name and alias; the built-in ones can be neither replaced nor removed."""

    def __init__(
        self,
        what: str | Message,
        error: type[Exception],
        items: Iterable[T] = (),
        *,
        default: str,
    ) -> None:
        self.what = what
        self.error = error
        self._items: dict[str, T] = {}
        self._keys: dict[str, str] = {}
        self._builtin: set[str] = set()
        self._aliases: dict[str, tuple[str, ...]] = {}
        for item in items:
            self.add(item, *getattr(item, "aliases", ()), builtin=True)
        self.default = default
        if normalise(default) not in self._keys:
            raise ValueError(
                _("default {default!r} is not a registered {what}", default=default, what=what)
            )

    def add(self, item: T, *aliases: str, builtin: bool = False, replace: bool = False) -> T:
        """Register ``item`` under its name and ``aliases``; a name in use is refused
        unless ``replace=True``, and a built-in name always."""
        spelled = dict.fromkeys((item.name, *aliases))
        keys = {normalise(shown): shown for shown in reversed(spelled)}
        for key, shown in keys.items():
            if not key:
                raise self.error(
                    _("{name!r}: a {what} name cannot be empty", name=item.name, what=self.what)
                )
            owner = self._keys.get(key)
            if owner is None:
                continue
            if owner in self._builtin:
                raise self.error(
                    _(
                        "{name!r} is a built-in {what} name and cannot be replaced",
                        name=shown,
                        what=self.what,
                    )
                )
            if not replace:
                raise self.error(
                    _(
                        "{name!r} is already the {what} {owner!r}; pass replace=True",
                        name=shown,
                        what=self.what,
                        owner=owner,
                    )
                )
        if replace:
            for key in keys:
                if key in self._keys:
                    self.remove(self._keys[key])
        self._items[item.name] = item
        self._aliases[item.name] = tuple(a for a in spelled if a != item.name)
        for key in keys:
            self._keys[key] = item.name
        if builtin:
            self._builtin.add(item.name)
        return item

    def remove(self, name: str) -> None:
        """Remove an item added with :meth:`add` (not a built-in one), with its aliases."""
        found = self._keys.get(normalise(name))
        if found is None or found in self._builtin:
            raise self.error(
                _("{name!r} is not a {what} that can be removed", name=name, what=self.what)
            )
        del self._items[found]
        del self._aliases[found]
        for key in [k for k, v in self._keys.items() if v == found]:
            del self._keys[key]

    def find(self, text: str) -> T | None:
        """The item ``text`` names, or ``None``."""
        found = self._keys.get(normalise(text))
        return None if found is None else self._items[found]

    def get(self, text: object) -> T:
        """The item named ``text`` (any spelling of a name or alias), or raise ``error``
        naming every choice."""
        if not isinstance(text, str):
            raise self.error(
                _(
                    "{text}: a {what} is named by text; use {choices}",
                    text=quote(text),
                    what=self.what,
                    choices=self.choices_text(),
                )
            )
        found = self.find(text)
        if found is None:
            raise self.error(
                _(
                    "{text}: not a {what}; use {choices}",
                    text=quote(text),
                    what=self.what,
                    choices=self.choices_text(),
                )
            )
        return found

    def names(self) -> tuple[str, ...]:
        """The registered names, in the order they were added."""
        return tuple(self._items)

    def aliases(self) -> tuple[str, ...]:
        """Every alias (not a name), sorted, as written when registered."""
        return tuple(sorted(alias for aliases in self._aliases.values() for alias in aliases))

    def spellings(self) -> tuple[str, ...]:
        """Names then aliases: what a CLI option accepts."""
        return (*self.names(), *self.aliases())

    def choices_text(self) -> str | Message:
        """``wbf, ebu, acbl (aliases: english, ...)``: every choice, for messages."""
        aliases = self.aliases()
        listed = ", ".join(self.names())
        if not aliases:
            return listed
        return _("{names} (aliases: {aliases})", names=listed, aliases=", ".join(aliases))

    def help(self) -> str:
        """The choices for a CLI help line, the default marked."""
        return ", ".join(f"{n} (default)" if n == self.default else n for n in self.names())

    def mapping(self) -> Mapping[str, T]:
        """A read-only view: name -> item."""
        return MappingProxyType(self._items)

    def __iter__(self) -> Iterator[T]:
        return iter(tuple(self._items.values()))

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, text: object) -> bool:
        return isinstance(text, str) and normalise(text) in self._keys
