"""Closed vocabularies: a ``StrEnum`` whose one parser takes its values and its aliases.

Every closed set of words the program takes (a scoring, a field, how cross-IMPs are
totalled...) is a :class:`Word` subclass: its value is its word, ``parse`` accepts the
value or an alias (case, spaces, dashes and slashes ignored, as the registries do) and
refuses anything else with a message listing what is accepted.

>>> class Side(Word):
...     NS = "ns"
...     EW = "ew"
...     @classmethod
...     def aliases(cls) -> dict[str, Side]:
...         return {"north-south": cls.NS}
>>> Side.parse("North-South"), Side.parse(" EW ")
(<Side.NS: 'ns'>, <Side.EW: 'ew'>)
>>> Side.parse("both")
Traceback (most recent call last):
  ...
bridgescore.errors.BridgeInputError: 'both': not a side; use ns, ew
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum
from typing import Self

from bridgescore.core._tokens import normalise, quote
from bridgescore.errors import BridgeInputError, Message
from bridgescore.errors import marked as _


class Word(StrEnum):
    """A closed vocabulary (subclass it with members; override :meth:`aliases`)."""

    @classmethod
    def aliases(cls) -> Mapping[str, Self]:
        """Other spellings accepted for a member (none unless a subclass says)."""
        return {}

    @classmethod
    def what(cls) -> str | Message:
        """What one of these is called in a message: the class name in words (a subclass
        names itself with a marked message, so the name is translated too)."""
        return re.sub(r"(?<!^)(?=[A-Z])", " ", cls.__name__).lower()

    @classmethod
    def error(cls) -> type[BridgeInputError]:
        """The error a wrong word raises (a subclass may name a narrower one)."""
        return BridgeInputError

    @classmethod
    def parse(cls, text: object) -> Self:
        """The member ``text`` names (a member is returned as it is)."""
        if isinstance(text, cls):
            return text
        shown = ", ".join(member.value for member in cls)
        if not isinstance(text, str):
            raise cls.error()(
                _(
                    "{text}: a {what} is written as text ({shown})",
                    text=quote(text),
                    what=cls.what(),
                    shown=shown,
                )
            )
        key = normalise(text)
        for member in cls:
            if normalise(member.value) == key:
                return member
        for alias, member in cls.aliases().items():
            if normalise(alias) == key:
                return member
        raise cls.error()(
            _("{text}: not a {what}; use {shown}", text=quote(text), what=cls.what(), shown=shown)
        )
