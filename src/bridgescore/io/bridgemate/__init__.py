"""Bridgemate scoring databases (``.bws``): the session's movement, results and players.

Clubs that enter results at the tables on Bridgemate terminals keep the session in a
``.bws`` file, a Microsoft Access database that Bridgemate Control Software fills as
results arrive. :func:`load` reads the tables bridgescore needs into typed rows
(:class:`BWSDocument`); :func:`to_event` makes them an
:class:`~bridgescore.events.model.Event` (the results that stand, placed in the
movement of ``RoundData``, with the players of ``PlayerNumbers``); :func:`movements`
gives each section's movement; :func:`scoring_program` names the program that set the
file up where the file shows it (ACBLscore), so that its conventions apply. Reading needs
the ``bridgemate`` extra (``pip install 'bridgescore[bridgemate]'``); a table that
``access-parser`` cannot read is read with Debian's ``mdbtools`` when it is installed.
Writing ``.bws`` is not supported. See ``docs/bridgemate.md``.
"""

from __future__ import annotations

import os
from dataclasses import replace

from bridgescore.errors import marked as _
from bridgescore.events.movements import Movement
from bridgescore.io.bridgemate._access import BWSError, Table, read_tables
from bridgescore.io.bridgemate._event import (
    ARBITRAL,
    MATCHPOINTS,
    NOT_PLAYED,
    PROGRAM,
    WRONG_DIRECTION,
    Remark,
    RemarkKind,
    contract_text,
    movements,
    participants,
    read_remark,
    to_event,
)
from bridgescore.io.bridgemate._program import ACBLSCORE, SIGNS, Sign, scoring_program
from bridgescore.io.bridgemate._tables import (
    OPTIONAL,
    REQUIRED,
    BWSDocument,
    PlayerRow,
    ReceivedRow,
    RoundRow,
    SectionRow,
    from_tables,
)
from bridgescore.io.text import ACCESS_MAGIC, is_access


def load(path: str | os.PathLike[str]) -> BWSDocument:
    """The Bridgemate file at ``path`` as typed rows; a file that is not one, or is
    damaged, is a :class:`BWSError` naming the file, table, row and field.

    Players' names come from ``PlayerNumbers``; the club's member list
    (``PlayerNames``, often tens of thousands of rows) is read only when a player there
    has a number and no name.
    """
    source = os.fspath(path)
    document = from_tables(read_tables(path, REQUIRED, OPTIONAL), source=source)
    if any(p.number and not p.name for p in document.players):
        document = _named(document, read_tables(path, (), ("PlayerNames",)).get("PlayerNames"))
    return document


def _named(document: BWSDocument, table: Table | None) -> BWSDocument:
    """The players without a name given their name from the member list, where it has them."""
    if table is None or "Name" not in table:
        return document
    names = table["Name"]
    keys = table.get("strID") or table.get("ID") or []
    known = {str(key).strip(): str(name).strip() for key, name in zip(keys, names, strict=False)
             if key is not None and name}  # fmt: skip
    players = tuple(
        replace(p, name=known.get(p.number, "")) if p.number and not p.name else p
        for p in document.players
    )
    return replace(document, players=players)


def movement(document: BWSDocument, section: str | None = None) -> Movement:
    """The movement of one section (by letter), or of the file's only section."""
    found = movements(document)
    if section is None:
        if len(found) > 1:
            raise BWSError(
                _(
                    "{count} sections ({sections}): name the section",
                    count=len(found),
                    sections=", ".join(found),
                ),
                source=document.source,
                table="RoundData",
            )
        return next(iter(found.values()))
    if section not in found:
        raise BWSError(
            _(
                "no section {section!r} (the sections: {sections})",
                section=section,
                sections=", ".join(found),
            ),
            source=document.source,
            table="RoundData",
        )
    return found[section]


__all__ = [
    "ACBLSCORE",
    "ACCESS_MAGIC",
    "ARBITRAL",
    "MATCHPOINTS",
    "NOT_PLAYED",
    "PROGRAM",
    "SIGNS",
    "WRONG_DIRECTION",
    "BWSDocument",
    "BWSError",
    "PlayerRow",
    "ReceivedRow",
    "Remark",
    "RemarkKind",
    "RoundRow",
    "SectionRow",
    "Sign",
    "contract_text",
    "from_tables",
    "is_access",
    "load",
    "movement",
    "movements",
    "participants",
    "read_remark",
    "scoring_program",
    "to_event",
]
